"""The closed world: the offline analyst's and the code summary's answers of every kind pass the
vocabulary check in every language (by construction: code's words are harmless or verified), show
their numbers, and list every value they show in `claims`."""
from __future__ import annotations

import uuid

import pytest
from langgraph.checkpoint.memory import InMemorySaver

from agent.deps import build_deps
from agent.llm.offline.provider import OfflineProvider
from agent.service import Session
from agent.settings import Settings

# One question per answer kind, in each language (our phrasings).
KINDS = {
    "stats": {"en": "NQ stats for November 2023", "ru": "Статистика SPY за март 2024",
              "es": "Estadísticas de SPX en 2019"},
    "compare": {"en": "Compare SPY in February and March 2024", "ru": "Сравни SPX 2018 и 2019 годов",
                "es": "Compara SPY en marzo y abril de 2024"},
    "events": {"en": "How many days did SPX fall more than 2% in 2018?",
               "ru": "Сколько дней SPX вырос больше чем на 3% в 2020 году?",
               "es": "¿Cuántos días cayó BTCUSD más de un 4% en enero de 2022?"},
    "after": {"en": "After SPX fell more than 4% in a day since 2000, what happened over the next 5 trading days?",
              "ru": "Что было с SPX через 5 торговых дней после роста больше чем на 3% за день, с 2000 года?",
              "es": "¿Qué pasó con SPX 10 días después de caer más de un 5% en un día desde 1990?"},
    "top": {"en": "What were the 3 largest daily gains of SPX in 2020?",
            "ru": "Три самых сильных дневных падения SPX в 2018 году",
            "es": "Las 3 mayores caídas diarias de BTCUSD en enero de 2022"},
    "rsi": {"en": "What was the 14-day RSI of SPX on 2020-06-30?", "ru": "RSI SPX на конец мая 2019",
            "es": "RSI de SPX el 2018-12-31"},
    "sma": {"en": "SPX 50-day SMA at the end of 2019", "ru": "SMA 20 для SPY в апреле 2024",
            "es": "SMA de 50 días del SPX a finales de 2019"},
    "ema": {"en": "EMA 20 of SPY in April 2024", "ru": "EMA 50 SPX на конец 2019 года",
            "es": "EMA de 20 días de SPY en abril de 2024"},
    "macd": {"en": "MACD of SPX at the end of 2019", "ru": "MACD SPY в апреле 2024",
             "es": "MACD de SPX a finales de 2019"},
    "bollinger": {"en": "Bollinger bands of SPY in April 2024", "ru": "Полосы Боллинджера SPX на конец 2019",
                  "es": "Bandas de Bollinger de SPY en abril de 2024"},
    "gaps": {"en": "Opening gaps of SPY in March 2024", "ru": "Гэпы на открытии SPY в марте 2024",
             "es": "Gaps de apertura de SPY en marzo de 2024"},
    "spikes": {"en": "Volume spikes of SPY in April 2024", "ru": "Всплески объёма SPY в марте 2024",
               "es": "Picos de volumen de SPY en abril de 2024"},
    "hourly": {"en": "Hourly profile of SPY in March 2024", "ru": "Профиль по часам SPY за март 2024",
               "es": "Perfil horario de SPY en marzo de 2024"},
    "volume_profile": {"en": "Volume profile of NQ in November 2023", "ru": "Профиль объёма NQ за ноябрь 2023",
                       "es": "Perfil de volumen de NQ en noviembre de 2023"},
    "intraday": {"en": "SPY on 2024-04-01 from 10:00 to 11:00", "ru": "NQ 28 ноября 2023 с 13:00 до 14:00",
                 "es": "SPY el 2024-03-15 de 10:00 a 12:00"},
    "premarket": {"en": "SPY premarket volume on 2024-04-01", "ru": "Объём SPY на премаркете 1 апреля 2024",
                  "es": "Volumen premarket de SPY el 2024-04-01"},
}
CASES = [(k, lang) for k in KINDS for lang in ("en", "ru", "es")]


@pytest.fixture(scope="module")
def asker(loaded_store, tmp_path_factory):
    deps = build_deps(Settings(home=tmp_path_factory.mktemp("vocab"), redis_url=None), store=loaded_store,
                      provider=OfflineProvider())
    session = Session(deps, InMemorySaver())
    return lambda q: session.ask(q, thread_id=uuid.uuid4().hex, now="2024-05-20")


@pytest.mark.parametrize("kind,lang", CASES)
def test_every_answer_kind_passes_the_closed_vocabulary(asker, kind, lang):
    r = asker(KINDS[kind][lang])
    if r.status != "answered":
        pytest.fail(f"{kind}/{lang}: {r.status} {r.response}")
    v = r.validation or {}
    assert v.get("status") == "ok" and not v.get("attempts"), (KINDS[kind][lang], v, r.response)
    assert r.claims, (kind, lang, r.response)


def _spy_minutes():
    import pandas as pd

    from tests.conftest import DATA

    df = pd.read_csv(DATA / "spy_1min_2024" / "SPY_1min.csv")
    df["ts"] = pd.to_datetime(df["datetime"].astype(str).str[:19])
    return df


@pytest.mark.parametrize("lang", ["en", "ru", "es"])
def test_premarket_volume_is_answered_with_its_value(asker, lang):
    df = _spy_minutes()
    day = df[(df["ts"] >= "2024-04-01 04:00") & (df["ts"] < "2024-04-01 09:30")]
    r = asker(KINDS["premarket"][lang])
    volumes = [c["value"] for c in r.claims if c["type"] == "total_volume"]
    assert r.validation["status"] == "ok" and volumes == [pytest.approx(float(day["volume"].sum()))], r.response


def test_capped_minute_bars_never_speak_for_the_whole_period(asker):
    """BTCUSD's January 2022 has more minute bars than the cap: the capped step's claims carry
    the dates its rows cover, every claim for "2022-01" is the whole month's, and the answer says so."""
    import pandas as pd

    from tests.conftest import DATA

    df = pd.read_csv(DATA / "btc_perp_1min" / "btc-perp-20211231-20220201_1m.csv")
    df["ts"] = pd.to_datetime(df["timestamp"])
    jan = df[(df["ts"] >= "2022-01-01") & (df["ts"] < "2022-02-01")].sort_values("ts")
    month_close = float(jan["close"].iloc[-1])
    r = asker("BTCUSD 1-minute bars for January 2022")
    closes = {c["period"]: c["value"] for c in r.claims if c["type"] == "close"}
    assert closes.get("2022-01") == pytest.approx(month_close), r.claims
    assert [p for p in closes if p != "2022-01"] and all(".." in p for p in closes if p != "2022-01"), closes
    assert "20,000" in r.response and "row cap" in r.response, r.response


def _claim_cases():
    from agent.llm.offline import templates as T
    from query_builder import declare

    return [(name, lang, sign) for name in declare.claims() for lang in ("en", "ru", "es")
            if T.claim_template(lang, name) for sign in (1.0, -1.0, 0.0)
            if not (name in ("max_drawdown", "backtest_max_drawdown") and sign > 0)]   # a drawdown is never positive


@pytest.mark.parametrize("name,lang,sign", _claim_cases())
def test_every_claim_template_passes_by_construction(name, lang, sign):
    """Every claim declaration's template, in every language, with a positive, a negative and a
    zero value: code's own words pass the closed vocabulary and the statement checks."""
    from datetime import date

    from agent.answer import slots
    from agent.answer.validation import validate
    from agent.llm.offline import templates as T

    table = slots.SlotTable()
    table.add("s1.period", "period", "2023-11", aliases=["period"], kind="period", symbol="NQ",
              span=("2023-11-01", "2023-11-30"))
    table.add(f"s1.{name}", name, 12.5 * sign, aliases=[name], symbol="NQ", date="2023-11-20",
              period="2023-11", span=("2023-11-01", "2023-11-30"), context="2023-11-10")
    for key, day in (("date", "2023-11-20"), ("peak_date", "2023-11-10")):
        table.add(f"s1.{name}.{key}", "date", day, aliases=[f"{name}.{key}"], kind="date", symbol="NQ")
    body = T.claim_template(lang, name).format(v="{" + name + "}", d="{" + name + ".date}",
                                               c="{" + name + ".peak_date}")
    draft = "NQ, {period}: " + body + "."
    scope = [(date(2023, 11, 1), date(2023, 11, 30))]
    v = validate(draft, table, lang, scope, {"NQ"}, "q", date(2023, 11, 30))
    assert v.status == "ok", (draft, v.issues)
