"""Issue 24, the second blind probe's classes end to end on the real data (both engines), in EN, RU
and ES; every expected value from an independent pandas computation over ../shared/data (never the
query builder's numbers). Readings alone: test_understanding_v2_probe_q.py."""
from __future__ import annotations

import pandas as pd
import pytest

from tests.agent.llm.test_understanding_v2_answers import ask, claim, claims, spx, spy_daily, spy_rth  # noqa: F401
from tests.conftest import DATA


def spy_window(day: str, start: str, end: str) -> pd.DataFrame:
    """SPY minute bars of one day from `start` (inclusive) to `end` (exclusive), New York time."""
    r = spy_rth()
    t = r.index
    inside = (t.date == pd.Timestamp(day).date()) & (t.time >= pd.Timestamp(start).time()) \
        & (t.time < pd.Timestamp(end).time())
    return r[inside]


def btc_daily_close() -> pd.Series:
    df = pd.read_csv(DATA / "btc_perp_1min/btc-perp-20211231-20220201_1m.csv", parse_dates=["timestamp"])
    return df.set_index("timestamp")["close"].groupby(lambda t: t.date()).last()


@pytest.mark.parametrize("question", ["SPY range in the first 15 minutes on 2024-04-02",
                                      "диапазон SPY за первые 15 минут 2 апреля 2024",
                                      "rango de SPY en los primeros 15 minutos del 2 de abril de 2024"])
def test_a_windows_range_is_its_own_high_and_low(ask, question):
    w = spy_window("2024-04-02", "09:30", "09:45")
    out = ask(question)
    assert out["status"] == "answered"
    assert claim(out, "high")["value"] == pytest.approx(w["high"].max(), abs=0.01)
    assert claim(out, "low")["value"] == pytest.approx(w["low"].min(), abs=0.01)


@pytest.mark.parametrize("question", ["SPY high 11:00-11:30 on 2024-04-02", "макс SPY 11:00-11:30 2 апреля 2024",
                                      "máximo de SPY 11:00 a 11:30 el 2 de abril de 2024"])
def test_a_bare_clock_range_is_the_window(ask, question):
    w = spy_window("2024-04-02", "11:00", "11:30")
    out = ask(question)
    assert claim(out, "high")["value"] == pytest.approx(w["high"].max(), abs=0.01)


@pytest.mark.parametrize("question", ["SPY volume over the last hour on 2024-04-02",
                                      "объём SPY за последний час 2 апреля 2024",
                                      "volumen de SPY en la última hora del 2 de abril de 2024"])
def test_a_windows_volume(ask, question):
    w = spy_window("2024-04-02", "15:00", "16:00")
    out = ask(question)
    assert claim(out, "total_volume")["value"] == pytest.approx(w["volume"].sum(), rel=1e-6)
    assert "could not be used" not in out["response"] and "не удалось" not in out["response"]


@pytest.mark.parametrize("question", ["SPY: green or red sessions in April 2024?",
                                      "растущие или падающие сессии SPY в апреле 2024",
                                      "sesiones positivas y negativas de SPY en abril de 2024"])
def test_joined_direction_adjectives_give_both_counts(ask, question):
    s = spy_daily().loc["2024-04"]
    out = ask(question)
    assert claim(out, "up_days")["value"] == int((s["Close"] > s["Open"]).sum())
    assert claim(out, "down_days")["value"] == int((s["Close"] < s["Open"]).sum())


@pytest.mark.parametrize("question", ["SPY 2nd half of April 2024", "SPY во второй половине апреля 2024",
                                      "SPY en la segunda quincena de abril de 2024"])
def test_second_half_of_a_month(ask, question):
    s = spy_daily().loc["2024-04-16":"2024-04-30"]
    out = ask(question)
    assert claim(out, "trading_days")["value"] == len(s)
    assert claim(out, "close")["value"] == pytest.approx(s["Close"].iloc[-1], abs=0.01)


@pytest.mark.parametrize("question", ["SPY Apr 3 2024 % move", "SPY 3 апреля 2024 % изменение",
                                      "SPY el 3 de abril de 2024 % de cambio"])
def test_a_named_days_percent_with_the_year_before_the_sign(ask, question):
    c = spy_daily()["Close"]
    pct = (c.loc["2024-04-03"] / c.loc[:"2024-04-02"].iloc[-1] - 1) * 100
    out = ask(question)
    assert claim(out, "return_prev_close")["value"] == pytest.approx(pct, abs=0.01)


@pytest.mark.parametrize("question", ["SPY 4/1 to 4/5/24", "SPY с 01.04 по 05.04.2024", "SPY del 1/4 al 5/4/2024"])
def test_numeric_day_month_range(ask, question):
    s = spy_daily().loc["2024-04-01":"2024-04-05"]
    out = ask(question)
    assert claim(out, "trading_days")["value"] == len(s) == 5
    assert claim(out, "open")["value"] == pytest.approx(s["Open"].iloc[0], abs=0.01)


@pytest.mark.parametrize("question", ["SPX 5 sessions after a 4% drop in 2009",
                                      "SPX через 5 сессий после падения на 4% в 2009",
                                      "SPX 5 sesiones tras una caída del 4% en 2009"])
def test_after_a_drop_of_at_most(ask, question):
    """EN words the bound "of at most -4%": a bound, never a "most sessions" quantifier that hid
    the answer."""
    close = spx()["Close"]
    pct = (close / close.shift(1) - 1) * 100
    fwd = (close.shift(-5) / close - 1) * 100
    days = pct.loc["2009"][pct.loc["2009"] <= -4].index
    out = ask(question)
    assert claim(out, "event_count")["value"] == len(days)
    assert claim(out, "avg_return_after")["value"] == pytest.approx(fwd.loc[days].mean(), abs=0.01)


@pytest.mark.parametrize("question", ["How did ETH and BTC trade in January 2022?",
                                      "BTCUSD и ETH за январь 2022", "ETH contra BTCUSD en enero de 2022"])
def test_eth_beside_a_coin_is_named_and_btc_answered(ask, question):
    out = ask(question)
    assert "ETH" in out["response"]
    close = [c for c in claims(out, "close") if c.get("symbol") == "BTCUSD"]
    assert close and close[0]["value"] == pytest.approx(btc_daily_close().loc[pd.Timestamp("2022-01-31").date()],
                                                        abs=0.01)
    assert not claims(out, "close", symbol="ETH")


@pytest.mark.parametrize("question,symbol", [("crude oil stats for June 2023", "CL"),
                                             ("серебро за 2021 год", "SI"), ("Nvidia en marzo de 2024", "NVDA")])
def test_a_named_instrument_without_data_is_declined_by_name(ask, question, symbol):
    out = ask(question)
    assert out["status"] == "no_data"
    assert symbol in out["response"]
    assert not out["claims"]


@pytest.mark.parametrize("question", ["SPX 2016 ytd", "SPX year-to-date 2016", "SPX ytd 2016 return"])
def test_ytd_of_a_named_year(ask, question):
    close = spx()["Close"]
    out = ask(question)
    assert "2026" not in out["response"] and "2025" not in out["response"]
    got = claims(out, "close") or claims(out, "pct_change")
    assert got
    if claims(out, "close"):
        assert claim(out, "close")["value"] == pytest.approx(close.loc["2016"].iloc[-1], abs=0.01)


@pytest.mark.parametrize("question", ["how often did SPX rise over 1.5% and drop over 1.5% in 2015",
                                      "SPX: дни роста больше 1,5% и падения больше 1,5% в 2015",
                                      "SPX en 2015: días que subió más de 1,5% y días que cayó más de 1,5%"])
def test_rise_and_fall_thresholds_each_counted_and_worded(ask, question):
    close = spx()["Close"]
    pct = ((close / close.shift(1) - 1) * 100).loc["2015"]
    out = ask(question)
    counts = [c["value"] for c in claims(out, "event_count")]
    assert counts == [int((pct > 1.5).sum()), int((pct < -1.5).sum())]
    assert "-1.5" in out["response"].replace(",", ".") and "+1.5" in out["response"].replace(",", ".")
