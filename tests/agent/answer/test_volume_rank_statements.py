"""Issue 24 through the real graph (both engines): "highest volume day" is a superlative only a
ranking of days by volume (rank_volume_days) makes true. A scripted analyst (the only fake: the
LLM) says it beside the period's figures: rejected twice, then the code summary; said beside the
computed ranking: shown as written, with the day and volume pandas gives."""
from __future__ import annotations

import pandas as pd
import pytest

from agent.answer import format as fmt
from agent.messages import msg
from tests.agent.answer.test_lies import ScriptedAnalyst
from tests.agents.conftest import session_with  # noqa: F401 (fixture)
from tests.conftest import DATA

STATS_Q = {"en": "SPY stats for March 2024", "ru": "Статистика SPY за март 2024",
           "es": "Estadísticas de SPY en marzo de 2024"}
RANK_Q = {"en": "highest volume day for SPY in March 2024", "ru": "день с максимальным объёмом SPY в марте 2024",
          "es": "el día de mayor volumen de SPY en marzo de 2024"}
# A ranking by volume claimed from a period's figures: the high's date is not the busiest day.
LIES = {"en": "The highest volume day was {high.date}, with total volume {total_volume}.",
        "ru": "День с максимальным объёмом был {high.date}, общий объём {total_volume}.",
        "es": "El día de mayor volumen fue {high.date}, con un volumen total de {total_volume}."}
TRUTHS = {"en": "The highest volume day was {e1.date}: volume {e1.volume}.",
          "ru": "День с максимальным объёмом: {e1.date}, объём {e1.volume}.",
          "es": "El día de mayor volumen fue {e1.date}: volumen {e1.volume}."}


def spy_busiest_day() -> tuple[str, float]:
    df = pd.read_csv(DATA / "spy_1min_2024/SPY_1min.csv")
    local = pd.to_datetime(df["datetime"], utc=True).dt.tz_convert("America/New_York").dt.tz_localize(None)
    hhmm = local.dt.strftime("%H:%M")
    rth = df[(hhmm >= "09:30") & (hhmm < "16:00") & (local.dt.strftime("%Y-%m") == "2024-03")]
    vol = rth.groupby(local[rth.index].dt.strftime("%Y-%m-%d"))["volume"].sum()
    return vol.idxmax(), float(vol.max())


@pytest.mark.parametrize("lang", ["en", "ru", "es"])
def test_volume_superlative_without_a_ranking_never_reaches_the_answer(session_with, lang):  # noqa: F811
    liar = ScriptedAnalyst(LIES[lang])
    r = session_with(liar).ask(STATS_Q[lang])
    assert r.status == "answered" and liar.calls == 3, r.validation
    assert msg("auto_summary", lang) in r.response
    assert any("ranking of days by volume" in i for a in r.validation["attempts"] for i in a["issues"]), r.validation


@pytest.mark.parametrize("lang", ["en", "ru", "es"])
def test_volume_superlative_beside_the_ranking_is_shown_as_written(session_with, lang):  # noqa: F811
    day, volume = spy_busiest_day()
    analyst = ScriptedAnalyst(TRUTHS[lang])
    r = session_with(analyst).ask(RANK_Q[lang])
    assert analyst.calls == 1 and r.validation["status"] == "ok", r.validation
    # The day is shown in words in the user's language (issue 32); claims keep ISO dates.
    assert fmt.day(day, lang) in r.response and TRUTHS[lang].split("{")[0] in r.response
    assert [(c["date"], c["value"]) for c in r.claims if c["type"] == "total_volume"] == [
        (day, pytest.approx(volume))]
