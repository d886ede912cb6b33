"""Time-of-day windows in every notation answered on both engines, values checked against pandas
over the shared 1-minute files (a window in another zone is cut in that zone)."""
from __future__ import annotations

from datetime import time

import pandas as pd
import pytest

from tests.agents.conftest import conversation
from tests.conftest import DATA


def spy_bars() -> pd.DataFrame:
    df = pd.read_csv(DATA / "spy_1min_2024/SPY_1min.csv")
    df["ts"] = pd.to_datetime(df["datetime"], utc=True).dt.tz_convert("America/New_York")
    return df


def nq_bars() -> pd.DataFrame:
    df = pd.read_csv(DATA / "nq_1min_firstrate/NQ_1min_sample.csv")
    df["ts"] = pd.to_datetime(df["timestamp"]).dt.tz_localize("America/New_York")
    return df


def window(df: pd.DataFrame, day: str, a: time, b: time) -> pd.DataFrame:
    local = df[df["ts"].dt.strftime("%Y-%m-%d") == day]
    t = local["ts"].dt.time
    return local[(t >= a) & (t < b)]


CASES = [
    # question, bars, day, window start, end (New York), reading's window
    ("NQ hi & lo 2 to 3 p.m. Eastern on November 30, 2023", nq_bars, "2023-11-30", time(14), time(15),
     "14:00–15:00 America/New_York"),
    ("SPY high and low 1-2pm ET on April 5 2024", spy_bars, "2024-04-05", time(13), time(14),
     "13:00–14:00 America/New_York"),
    ("SPY high and low from 14:00 to 15:00 UTC on April 5 2024", spy_bars, "2024-04-05", time(10), time(11),
     "10:00–11:00 America/New_York (14:00-15:00 UTC)"),
    ("максимум и минимум SPY с 14 до 15 по UTC 5 апреля 2024", spy_bars, "2024-04-05", time(10), time(11),
     "10:00–11:00 America/New_York (14:00-15:00 UTC)"),
    ("máximo y mínimo de SPY de 15:00 a 16:00 hora de Nueva York el 5 de abril de 2024", spy_bars, "2024-04-05",
     time(15), time(16), "15:00–16:00 America/New_York"),
    ("SPY high and low in the last half hour on April 5 2024", spy_bars, "2024-04-05", time(15, 30), time(16),
     "15:30–16:00 America/New_York"),
    ("максимум и минимум SPY за последние полчаса 5 апреля 2024", spy_bars, "2024-04-05", time(15, 30), time(16),
     "15:30–16:00 America/New_York"),
    ("SPY opening range high and low on April 5 2024", spy_bars, "2024-04-05", time(9, 30), time(10),
     "09:30–10:00 America/New_York"),
    # an opening or closing range of a stated length is that length, never the default half hour
    ("SPY 5-minute opening range on April 5 2024", spy_bars, "2024-04-05", time(9, 30), time(9, 35),
     "09:30–09:35 America/New_York"),
    ("SPY opening range of 15 minutes on April 5 2024", spy_bars, "2024-04-05", time(9, 30), time(9, 45),
     "09:30–09:45 America/New_York"),
    ("SPY 1 hour opening range on April 5 2024", spy_bars, "2024-04-05", time(9, 30), time(10, 30),
     "09:30–10:30 America/New_York"),
    ("SPY 10 min closing range on April 5 2024", spy_bars, "2024-04-05", time(15, 50), time(16),
     "15:50–16:00 America/New_York"),
    ("5-минутный диапазон открытия SPY 5 апреля 2024", spy_bars, "2024-04-05", time(9, 30), time(9, 35),
     "09:30–09:35 America/New_York"),
    ("rango de apertura de 15 minutos de SPY el 5 de abril de 2024", spy_bars, "2024-04-05", time(9, 30),
     time(9, 45), "09:30–09:45 America/New_York"),
    ("SPY the 15:00 hourly candle on April 5 2024", spy_bars, "2024-04-05", time(15), time(16),
     "15:00–16:00 America/New_York"),
    ("la vela horaria de las 15:00 de SPY el 5 de abril de 2024", spy_bars, "2024-04-05", time(15), time(16),
     "15:00–16:00 America/New_York"),
]


@pytest.mark.parametrize("q,bars,day,a,b,said", CASES, ids=[c[0][:40] for c in CASES])
def test_a_window_is_read_applied_and_stated(session, q, bars, day, a, b, said):
    r = conversation(session, "win", "2024-06-01")(q)
    assert r["status"] == "answered" and r["declined"] == [], (r["response"], r["declined"])
    assert said in r["reading"] and r["response"].startswith(r["reading"])
    exp = window(bars(), day, a, b)
    claims = {c["type"]: c["value"] for c in r["claims"]}
    assert claims["high"] == pytest.approx(exp["high"].max())
    assert claims["low"] == pytest.approx(exp["low"].min())


@pytest.mark.parametrize("q", ["how much did SPY move between 10:00 and 11:00 on April 10 2024",
                               "на сколько изменился SPY с 10 до 11 утра 10 апреля 2024",
                               "cuánto se movió SPY entre las 10:00 y las 11:00 el 10 de abril de 2024"])
def test_the_move_within_a_window_is_the_windows_own(session, q):
    """"How much did it move" in a window is the window's change: it was read as the day's return
    vs the previous close, which no window step computes, so the plan failed its check and a
    fallback plan answered under "the model's answer could not be used"."""
    r = conversation(session, "move", "2024-06-01")(q)
    assert r["status"] == "answered" and r["declined"] == [], (r["response"], r["declined"])
    assert not any("could not be used" in d or "не удалось использовать" in d or "no se pudo" in d
                   for d in r["response"].splitlines()), r["response"]
    exp = window(spy_bars(), "2024-04-10", time(10), time(11))
    change = (exp["close"].iloc[-1] / exp["open"].iloc[0] - 1) * 100
    assert any(c["type"] == "pct_change" and c["value"] == pytest.approx(change) for c in r["claims"]), r["claims"]
