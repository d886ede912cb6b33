"""Two session segments asked side by side answer both halves, each over its own window and stated
with it; a window across midnight is one span from the day's start clock to the next day's end
clock; every value over a window carries `context` = the window with its time zone (DESIGN "Stable
interfaces"). Values from pandas over the shared 1-minute files, both engines."""
from __future__ import annotations

from datetime import date, datetime, time, timedelta

import pandas as pd
import pytest

from tests.agents.conftest import conversation
from tests.agents.test_window_answers import nq_bars, spy_bars
from tests.conftest import DATA

NY = "America/New_York"


def btc_bars() -> pd.DataFrame:
    df = pd.read_csv(DATA / "btc_perp_1min/btc-perp-20211231-20220201_1m.csv")
    df["ts"] = pd.to_datetime(df["timestamp"])
    return df


def nq_session(day: str, a: time, b: time) -> pd.DataFrame:
    """NQ bars of the CME trading date `day` (18:00 the evening before to 17:00) in [a, b) local;
    a > b wraps midnight inside the trading date (the overnight session)."""
    df = nq_bars()
    d = date.fromisoformat(day)
    lo, hi = datetime.combine(d - timedelta(days=1), time(18)), datetime.combine(d, time(17))
    s = df[(df["ts"].dt.tz_localize(None) >= lo) & (df["ts"].dt.tz_localize(None) < hi)]
    t = s["ts"].dt.time
    return s[(t >= a) | (t < b)] if a > b else s[(t >= a) & (t < b)]


def spy_day(day: str, a: time, b: time) -> pd.DataFrame:
    df = spy_bars()
    s = df[df["ts"].dt.strftime("%Y-%m-%d") == day]
    t = s["ts"].dt.time
    return s[(t >= a) & (t < b)]


def by_context(claims: list[dict]) -> dict[str, dict[str, float]]:
    out: dict[str, dict[str, float]] = {}
    for c in claims:
        if c.get("context"):
            out.setdefault(c["context"], {})[c["type"]] = c["value"]
    return out


SEGMENTS = [
    # question, day, [(window context, pandas bars)], words each half's reading names
    ("NQ overnight vs regular hours range on Dec 1 2023", "2023-12-01", "nq",
     [("18:00-09:30", time(18), time(9, 30)), ("09:30-16:00", time(9, 30), time(16))],
     ["overnight session", "regular hours"]),
    ("ночная сессия против основной NQ 28 ноября 2023: максимум и минимум", "2023-11-28", "nq",
     [("18:00-09:30", time(18), time(9, 30)), ("09:30-16:00", time(9, 30), time(16))],
     ["ночная сессия", "основная сессия"]),
    ("máximo y mínimo de NQ en la sesión nocturna frente a la regular el 29 de noviembre de 2023", "2023-11-29",
     "nq", [("18:00-09:30", time(18), time(9, 30)), ("09:30-16:00", time(9, 30), time(16))],
     ["sesión nocturna", "horario regular"]),
    ("SPY pre-market vs regular session high and low on 2024-02-29", "2024-02-29", "spy",
     [("04:00-09:30", time(4), time(9, 30)), ("09:30-16:00", time(9, 30), time(16))],
     ["pre-market", "regular hours"]),
    ("SPY after hours vs the session, high and low, April 25 2024", "2024-04-25", "spy",
     [("16:00-20:00", time(16), time(20)), ("09:30-16:00", time(9, 30), time(16))],
     ["after hours", "regular hours"]),
    ("премаркет против основной сессии SPY 15 мая 2024, максимум и минимум", "2024-05-15", "spy",
     [("04:00-09:30", time(4), time(9, 30)), ("09:30-16:00", time(9, 30), time(16))],
     ["премаркет", "основная сессия"]),
]


@pytest.mark.parametrize("q,day,src,halves,names", SEGMENTS, ids=[s[0][:40] for s in SEGMENTS])
def test_both_segments_are_answered_each_over_its_window(session, q, day, src, halves, names):
    r = conversation(session, "seg", "2024-06-01")(q)
    assert r["status"] == "answered" and r["declined"] == [], (r["response"], r["declined"])
    assert r["response"].startswith(r["reading"]) and all(n in r["reading"] for n in names), r["reading"]
    got = by_context(r["claims"])
    for label, a, b in halves:
        exp = nq_session(day, a, b) if src == "nq" else spy_day(day, a, b)
        vals = got[f"{label} {NY}"]
        assert vals["high"] == pytest.approx(exp["high"].max()) and vals["low"] == pytest.approx(exp["low"].min())
        assert f"{label.replace('-', '–')} {NY}" in r["reading"]


def test_both_segments_volume_each_its_own(session):
    r = conversation(session, "seg", "2024-06-01")("SPY pre-market vs regular session volume on 2024-02-29")
    got = by_context(r["claims"])
    for label, a, b in (("04:00-09:30", time(4), time(9, 30)), ("09:30-16:00", time(9, 30), time(16))):
        assert got[f"{label} {NY}"]["total_volume"] == pytest.approx(spy_day("2024-02-29", a, b)["volume"].sum())


MIDNIGHT = [
    ("BTCUSD high and low from 22:00 to 02:00 UTC on 2022-01-10", "2022-01-10", time(22), time(2),
     "22:00 January 10, 2022 – 02:00 January 11, 2022 UTC, one span across midnight"),
    ("BTC с 23:00 до 01:00 по UTC 5 января 2022, максимум и минимум", "2022-01-05", time(23), time(1),
     "23:00 5 января 2022 г. – 01:00 6 января 2022 г. UTC, один отрезок через полночь"),
    ("máximo y mínimo de BTC de 21:30 a 00:30 UTC el 18 de enero de 2022", "2022-01-18", time(21, 30), time(0, 30),
     "21:30 del 18 de enero de 2022 – 00:30 del 19 de enero de 2022 UTC, un solo tramo que cruza la medianoche"),
]


@pytest.mark.parametrize("q,day,a,b,said", MIDNIGHT, ids=[m[0][:40] for m in MIDNIGHT])
def test_a_window_across_midnight_is_one_span(session, q, day, a, b, said):
    r = conversation(session, "mid", "2024-06-01")(q)
    assert r["status"] == "answered" and r["declined"] == [], r["response"]
    assert said in r["reading"], r["reading"]
    df = btc_bars()
    start = datetime.combine(date.fromisoformat(day), a)
    end = datetime.combine(date.fromisoformat(day) + timedelta(days=1), b)
    exp = df[(df["ts"] >= start) & (df["ts"] < end)]
    assert len(exp) > 100
    ctx = f"{a:%H:%M}-{b:%H:%M} UTC"
    got = by_context(r["claims"])[ctx]
    assert got["high"] == pytest.approx(exp["high"].max()) and got["low"] == pytest.approx(exp["low"].min())
    assert all(c["date"] == day for c in r["claims"] if c.get("context") == ctx)


def test_across_midnight_open_close_and_volume(session):
    r = conversation(session, "mid", "2024-06-01")("BTCUSD open, close and volume from 22:00 to 02:00 UTC on 2022-01-10")
    df = btc_bars()
    exp = df[(df["ts"] >= datetime(2022, 1, 10, 22)) & (df["ts"] < datetime(2022, 1, 11, 2))]
    got = by_context(r["claims"])["22:00-02:00 UTC"]
    assert got["open"] == pytest.approx(exp["open"].iloc[0]) and got["close"] == pytest.approx(exp["close"].iloc[-1])
    assert got["total_volume"] == pytest.approx(exp["volume"].sum())


CONTEXTS = [
    # every window kind: question, claim context, pandas bars of the window (day, start, end)
    ("SPY high and low between 10:15 and 11:45 on March 5, 2024", "10:15-11:45", ("2024-03-05", time(10, 15), time(11, 45))),
    ("SPY high and low in the first 30 minutes on April 2 2024", "09:30-10:00", ("2024-04-02", time(9, 30), time(10))),
    ("SPY high and low in the last hour on 2024-04-19", "15:00-16:00", ("2024-04-19", time(15), time(16))),
    ("SPY opening range high and low on April 5 2024", "09:30-10:00", ("2024-04-05", time(9, 30), time(10))),
    ("SPY closing range high and low on April 5 2024", "15:30-16:00", ("2024-04-05", time(15, 30), time(16))),
    ("SPY 5-minute candle at 10:05 on 2024-03-21", "10:05-10:10", ("2024-03-21", time(10, 5), time(10, 10))),
    ("SPY pre-market high and low on March 8 2024", "04:00-09:30", ("2024-03-08", time(4), time(9, 30))),
    ("SPY high and low from 15:00 to 16:00 CET on 2024-03-14", "10:00-11:00", ("2024-03-14", time(10), time(11))),
    ("SPY high and low from noon to 1 p.m. on april 9 2024", "12:00-13:00", ("2024-04-09", time(12), time(13))),
    ("максимум и минимум SPY с 10 до 11 утра по Нью-Йорку 12 марта 2024", "10:00-11:00", ("2024-03-12", time(10), time(11))),
]


@pytest.mark.parametrize("q,label,win", CONTEXTS, ids=[c[0][:40] for c in CONTEXTS])
def test_every_window_claim_names_its_window(session, q, label, win):
    r = conversation(session, "ctx", "2024-06-01")(q)
    assert r["status"] == "answered" and r["declined"] == [], r["response"]
    windowed = [c for c in r["claims"] if c["type"] in ("open", "close", "high", "low", "total_volume", "pct_change")]
    assert windowed and all(c["context"] == f"{label} {NY}" and c["date"] == win[0] for c in windowed), windowed
    exp = spy_day(*win)
    got = by_context(r["claims"])[f"{label} {NY}"]
    assert got["high"] == pytest.approx(exp["high"].max()) and got["low"] == pytest.approx(exp["low"].min())


def test_a_window_vwap_claim_names_its_window(session):
    r = conversation(session, "ctx", "2024-06-01")("SPY vwap from 10:00 to 11:00 on 2024-04-05")
    (c,) = [c for c in r["claims"] if c["type"] == "vwap"]
    exp = spy_day("2024-04-05", time(10), time(11))
    assert c["context"] == f"10:00-11:00 {NY}" and c["date"] == "2024-04-05"
    assert c["value"] == pytest.approx((exp["vwap"] * exp["volume"]).sum() / exp["volume"].sum(), rel=1e-4)
