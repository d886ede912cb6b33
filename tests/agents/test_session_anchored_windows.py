"""Time-of-day windows with one end named as the session's open or close ("from the open until
11:00", "from 14:00 to the close", "с открытия до 11:00", "de las 14:00 al cierre"): read as a clock
window at the instrument's regular session (09:30-16:00 New York for SPY and NQ's regular hours, the
UTC day for crypto), stated in the reading, and the values are the window's minute bars', checked
against pandas over the 1-minute files on both engines. Before, the open or close was read as the
day's opening or closing price and the window dropped, silently or with "until"/"noon" declined."""
from __future__ import annotations

from datetime import time

import pandas as pd
import pytest

from tests.agents.conftest import conversation
from tests.agents.test_window_answers import nq_bars, spy_bars, window
from tests.conftest import DATA


def btc_bars() -> pd.DataFrame:
    df = pd.read_csv(DATA / "btc_perp_1min/btc-perp-20211231-20220201_1m.csv")
    df["ts"] = pd.to_datetime(df[df.columns[0]], utc=True)
    return df


NY = "America/New_York"
CASES = [
    # question, bars, day, window start, end (exchange clock), reading's window
    ("SPY from the open until 11:00 on April 10 2024", spy_bars, "2024-04-10", time(9, 30), time(11),
     f"09:30–11:00 {NY}"),
    ("SPY from 14:00 to the close on April 10 2024", spy_bars, "2024-04-10", time(14), time(16), f"14:00–16:00 {NY}"),
    ("how much did SPY move from the open to noon on 2024-04-10", spy_bars, "2024-04-10", time(9, 30), time(12),
     f"09:30–12:00 {NY}"),
    ("SPY high and low between the opening bell and 10:30 on April 11 2024", spy_bars, "2024-04-11",
     time(9, 30), time(10, 30), f"09:30–10:30 {NY}"),
    ("SPY from 3pm into the close on April 12 2024", spy_bars, "2024-04-12", time(15), time(16), f"15:00–16:00 {NY}"),
    ("NQ from the open till 10:15 on November 30, 2023", nq_bars, "2023-11-30", time(9, 30), time(10, 15),
     f"09:30–10:15 {NY}"),
    ("SPY с открытия до 11:00 10 апреля 2024", spy_bars, "2024-04-10", time(9, 30), time(11), f"09:30–11:00 {NY}"),
    ("максимум и минимум SPY от открытия до полудня 11 апреля 2024", spy_bars, "2024-04-11", time(9, 30),
     time(12), f"09:30–12:00 {NY}"),
    ("SPY с 14:00 до закрытия 12 апреля 2024", spy_bars, "2024-04-12", time(14), time(16), f"14:00–16:00 {NY}"),
    ("SPY desde la apertura hasta las 11:00 el 10 de abril de 2024", spy_bars, "2024-04-10", time(9, 30), time(11),
     f"09:30–11:00 {NY}"),
    ("máximo y mínimo de SPY de las 14:00 al cierre el 11 de abril de 2024", spy_bars, "2024-04-11", time(14),
     time(16), f"14:00–16:00 {NY}"),
    ("NQ entre la apertura y las 10:30 el 30 de noviembre de 2023", nq_bars, "2023-11-30", time(9, 30),
     time(10, 30), f"09:30–10:30 {NY}"),
    ("NQ между открытием и 10:30 30 ноября 2023", nq_bars, "2023-11-30", time(9, 30), time(10, 30), f"09:30–10:30 {NY}"),
    ("SPY desde las 15:00 hasta el cierre el 12 de abril de 2024", spy_bars, "2024-04-12", time(15), time(16),
     f"15:00–16:00 {NY}"),
    # crypto's session is the UTC day: it opens at midnight and closes at the next
    ("BTCUSD from the open to 11:00 on January 10 2022", btc_bars, "2022-01-10", time(0), time(11), "00:00–11:00 UTC"),
    ("BTCUSD from 14:00 to the close on January 10 2022", btc_bars, "2022-01-10", time(14), time(23, 59, 59),
     "14:00 January 10, 2022 – 00:00 January 11, 2022 UTC"),
]


@pytest.mark.parametrize("q,bars,day,a,b,said", CASES, ids=[c[0][:45] for c in CASES])
def test_a_window_from_the_open_or_to_the_close_is_read_applied_and_stated(session, q, bars, day, a, b, said):
    r = conversation(session, "anchored", "2024-06-01")(q)
    assert r["status"] == "answered" and r["declined"] == [], (r["response"], r["declined"])
    assert said in r["reading"] and r["response"].startswith(r["reading"]), r["reading"]
    exp = window(bars(), day, a, b)
    assert len(exp) > 0
    claims = {c["type"]: c["value"] for c in r["claims"]}
    first, last = exp["open"].iloc[0], exp["close"].iloc[-1]
    want = {"high": exp["high"].max(), "low": exp["low"].min(), "open": first, "close": last,
            "pct_change": (last / first - 1) * 100, "total_volume": exp["volume"].sum()}
    assert {"high", "low"} <= claims.keys()     # a window asked with no measure: its summary, all of them
    assert {k: claims[k] for k in want if k in claims} == pytest.approx({k: want[k] for k in want if k in claims})
    assert all(c["context"].startswith(said.split(" ")[0].replace("–", "-")) for c in r["claims"])
