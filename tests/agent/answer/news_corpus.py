"""Issue 32, causes and events: the plan fetched news (get_news over the CNBC headlines keyed to
SPX, shared/data/news) beside SPX's largest falls of March 2020. Which item counts for which
session, and what it says, is computed here with pandas (New York time, an item at or after
16:00 counts for the next trading day, newest first as the tool lists them), never hard-coded.
"""
from __future__ import annotations

from functools import lru_cache

import numpy as np
import pandas as pd

from tests.agent.answer.statement_corpus import LANGS, spx
from tests.conftest import DATA

CNBC = DATA / "news" / "financial_news_headlines" / "cnbc_headlines.csv"
QUESTIONS = {"en": "Top 3 SPX down days in March 2020", "ru": "3 худших дня SPX в марте 2020",
             "es": "Los 3 peores días de SPX en marzo de 2020"}
# Questions that name the news (the Gemini planner is offered get_news only when asked about it).
NEWS_QUESTIONS = {"en": "Top 3 SPX down days in March 2020 and the news", "ru": "3 худших дня SPX в марте 2020 и новости",
                  "es": "Los 3 peores días de SPX en marzo de 2020 y las noticias"}
_FED = r"\b(?:fed|fomc|federal reserve|powell)\b"
_VIRUS = r"coronavirus|covid|virus|pandemic"


@lru_cache(maxsize=None)
def worst_day() -> str:
    d = spx().loc["2020-03"]
    return str(d["chg"].idxmin().date())


@lru_cache(maxsize=None)
def items() -> pd.DataFrame:
    """The items get_news returns for the worst day (published that UTC date), newest first, with
    the session each counts for."""
    raw = pd.read_csv(CNBC).dropna(how="all").drop_duplicates(subset=["Headlines", "Time", "Description"])
    t = (raw["Time"].str.split().str.join(" ").str.replace("Sept", "Sep", regex=False)
         .str.replace(r" ET \w{3},", "", regex=True))
    local = pd.to_datetime(t, format="mixed").dt.tz_localize("America/New_York")
    raw = raw.assign(local=local, utc=local.dt.tz_convert("UTC"))
    day = local.dt.tz_localize(None).dt.normalize() + pd.to_timedelta((local.dt.hour >= 16).astype(int), unit="D")
    trading = np.sort(spx().index.normalize().unique())
    raw["session"] = [str(pd.Timestamp(x).date()) for x in trading[np.searchsorted(trading, day.to_numpy())]]
    sel = raw[raw["utc"].dt.strftime("%Y-%m-%d") == worst_day()].sort_values("utc", ascending=False)
    text = (sel["Headlines"].str.split().str.join(" ") + " " + sel["Description"].fillna("")).str.lower()
    return sel.assign(k=range(1, len(sel) + 1), text=text).reset_index(drop=True)


def _k(mask) -> int:
    hit = items()[mask]
    assert len(hit), "the news data has no such item"
    return int(hit["k"].iloc[0])


def same_day() -> int:
    """An item counting for the worst day's session."""
    return _k(items()["session"] == worst_day())


def other_day() -> int:
    """An item published that day but counting for another session (after the close)."""
    return _k(items()["session"] != worst_day())


def no_fed() -> int:
    """An item of the worst day's session whose text does not name the Fed."""
    it = items()
    return _k((it["session"] == worst_day()) & ~it["text"].str.contains(_FED, regex=True))


def virus() -> int:
    """An item whose text names the coronavirus (any session)."""
    return _k(items()["text"].str.contains(_VIRUS, regex=True))


def news_true() -> dict[str, dict[str, str]]:
    """True answers citing items by slot: time links verified against the sessions (pandas)."""
    s, v = same_day(), virus()
    return {
        "day_of": {"en": f"SPX fell {{e1.pct_change}} on {{e1.date}}, the day of {{news{s}.headline}}.",
                   "ru": f"В день новости {{news{s}.headline}} SPX упал на {{e1.pct_change}} ({{e1.date}}).",
                   "es": f"El {{e1.date}}, el día de {{news{s}.headline}}, SPX cayó un {{e1.pct_change}}."},
        "amid": {"en": f"SPX fell {{e1.pct_change}} on {{e1.date}} amid {{news{s}.headline}} ({{news{s}.date}}).",
                 "ru": f"SPX упал на {{e1.pct_change}} {{e1.date}} на фоне новости {{news{s}.headline}}.",
                 "es": f"SPX cayó un {{e1.pct_change}} el {{e1.date}} en medio de {{news{s}.headline}}."},
        "event_in_item": {"en": f"The coronavirus was in the news on {{news{v}.date}}: {{news{v}.headline}}. "
                                f"SPX fell {{e1.pct_change}} on {{e1.date}}.",
                          "ru": f"{{news{v}.date}} в новостях был коронавирус: {{news{v}.headline}}. "
                                f"SPX упал на {{e1.pct_change}} {{e1.date}}.",
                          "es": f"El {{news{v}.date}} el coronavirus estaba en las noticias: {{news{v}.headline}}. "
                                f"SPX cayó un {{e1.pct_change}} el {{e1.date}}."},
    }


def news_lies() -> dict[str, dict[str, str]]:
    """Causes and events the news cannot support (the news WAS fetched)."""
    s, o, nf = same_day(), other_day(), no_fed()
    return {
        "cause_without_item": {"en": "SPX fell {e1.pct_change} on {e1.date} because of coronavirus fears.",
                               "ru": "SPX упал на {e1.pct_change} {e1.date} из-за страха перед коронавирусом.",
                               "es": "SPX cayó un {e1.pct_change} el {e1.date} debido al miedo al coronavirus."},
        "caused_by_item": {"en": f"SPX fell {{e1.pct_change}} on {{e1.date}} because of {{news{s}.headline}}.",
                           "ru": f"SPX упал на {{e1.pct_change}} {{e1.date}} из-за новости {{news{s}.headline}}.",
                           "es": f"SPX cayó un {{e1.pct_change}} el {{e1.date}} debido a {{news{s}.headline}}."},
        "wrong_session": {"en": f"SPX fell {{e1.pct_change}} on {{e1.date}}, the day of {{news{o}.headline}}.",
                          "ru": f"В день новости {{news{o}.headline}} SPX упал на {{e1.pct_change}} ({{e1.date}}).",
                          "es": f"El {{e1.date}}, el día de {{news{o}.headline}}, SPX cayó un {{e1.pct_change}}."},
        "event_not_in_item": {"en": f"The Fed cut rates on {{e1.date}} ({{news{nf}.headline}}); SPX fell {{e1.pct_change}}.",
                              "ru": f"ФРС снизила ставку {{e1.date}} ({{news{nf}.headline}}); SPX упал на {{e1.pct_change}}.",
                              "es": f"La Fed recortó los tipos el {{e1.date}} ({{news{nf}.headline}}); SPX cayó un {{e1.pct_change}}."},
    }


__all__ = ["LANGS"]
