"""Issue 24: answers that read another question than the one asked, with no word about it, on the
real data (both engines), in EN, RU and ES; every expected value from an independent pandas
computation over ../shared/data.

- VWAP over a time-of-day window is the window's minutes', not the whole session's;
- "weekly returns" is every week's close-to-close return, not one monthly change;
- the highest / lowest close of a period (and its date) is computed, not "not computed here";
- "closed above its open" counts those sessions (up days), it is not the open price.
"""
from __future__ import annotations

import re
import uuid

import pandas as pd
import pytest

from tests.agent.llm.test_understanding_v2_answers import claim, claims, nq_minutes, spx, spy_daily, spy_rth
from tests.agents.conftest import make_session

NOW = "2025-06-02"


# ---- independent reference computations (pandas only) ----------------------------------------

def typical_vwap(bars: pd.DataFrame) -> float:
    typical = (bars["high"] + bars["low"] + bars["close"]) / 3
    return float((typical * bars["volume"]).sum() / bars["volume"].sum())


def clock(df: pd.DataFrame, day: str, start: str, end: str) -> pd.DataFrame:
    t = df.index.time
    on_day = df.index.date == pd.Timestamp(day).date()
    return df[on_day & (t >= pd.Timestamp(start).time()) & (t < pd.Timestamp(end).time())]


def nq_sessions() -> pd.DataFrame:
    """CME sessions: a bar from 18:00 ET belongs to the next trading date."""
    m = nq_minutes()
    g = m.groupby((m.index + pd.Timedelta(hours=6)).normalize())
    return pd.DataFrame({"open": g["open"].first(), "close": g["close"].last()})


def spy_sessions() -> pd.DataFrame:
    r = spy_rth()
    g = r.groupby(r.index.date)
    out = pd.DataFrame({"open": g["open"].first(), "close": g["close"].last()})
    out.index = pd.to_datetime(out.index)
    return out


@pytest.fixture(scope="module")
def ask(loaded_store, tmp_path_factory):
    session = make_session(loaded_store, tmp_path_factory.mktemp("silent"))

    def run(question: str) -> dict:
        return session.ask(question, thread_id=f"t-{uuid.uuid4().hex[:8]}", now=NOW).model_dump()
    return run


# ---- 1. VWAP of a time-of-day window -------------------------------------------------------------

def _vwap_value(out: dict) -> float:
    """The VWAP the answer states (VWAP has no claim type of its own): the figure ending its line,
    read in the answer's language's number format; the planned step carries the window."""
    steps = [s for s in out["plan"]["steps"] if s["params"].get("indicator") == "vwap"]
    assert steps and steps[0]["params"]["start_time"], f"no windowed VWAP step: {out['response'][:300]}"
    line = next((x for x in out["response"].splitlines() if x.startswith("VWAP")), "")
    m = re.search(r":\s*([\d\s\u00a0\u202f.,]*\d)\.?\s*$", line)
    assert m, out["response"]
    raw = re.sub(r"[\s\u00a0\u202f]", "", m.group(1))
    raw = raw.replace(".", "").replace(",", ".") if out["intent"]["lang"] in ("ru", "es") else raw.replace(",", "")
    return float(raw)


@pytest.mark.parametrize("question", [
    "SPY's VWAP between 10:00 and 11:00 on 2024-04-01",
    "VWAP SPY с 10:00 до 11:00 1 апреля 2024",
    "VWAP de SPY entre las 10:00 y las 11:00 del 1 de abril de 2024",
])
def test_vwap_of_a_clock_window_is_the_windows(ask, question):
    r = spy_rth()
    window = typical_vwap(clock(r, "2024-04-01", "10:00", "11:00"))
    session = typical_vwap(clock(r, "2024-04-01", "09:30", "16:00"))
    assert abs(window - session) > 0.5                        # the two readings differ on this day
    out = ask(question)
    assert _vwap_value(out) == pytest.approx(window, abs=0.01)


@pytest.mark.parametrize("question", [
    "NQ VWAP in the first hour on 2023-11-28",
    "VWAP NQ в первый час торгов 28.11.2023",
    "VWAP de NQ en la primera hora del 28/11/2023",
])
def test_vwap_of_the_first_hour(ask, question):
    window = typical_vwap(clock(nq_minutes(), "2023-11-28", "09:30", "10:30"))
    assert _vwap_value(ask(question)) == pytest.approx(window, abs=0.01)


@pytest.mark.parametrize("question,said", [
    ("RSI of SPY between 10:00 and 11:00 on 2024-04-01", "daily bars"),
    ("RSI и VWAP SPY с 10:00 до 11:00 1 апреля 2024", "дневным барам"),
    ("RSI de SPY entre las 10:00 y las 11:00 del 1 de abril de 2024", "barras diarias"),
])
def test_a_daily_indicator_over_a_window_says_the_window_is_not_applied(ask, question, said):
    out = ask(question)
    assert said in out["response"], out["response"]
    assert "VWAP" not in out["response"].split(said)[0].rsplit(".", 2)[-1]   # the note names RSI only
    if "VWAP" in question:                                    # VWAP still takes the window
        window = typical_vwap(clock(spy_rth(), "2024-04-01", "10:00", "11:00"))
        assert _vwap_value(out) == pytest.approx(window, abs=0.01)


def test_the_answer_names_the_window(ask):
    assert "10:00–11:00" in ask("SPY's VWAP between 10:00 and 11:00 on 2024-04-01")["response"]


# ---- 2. per-week (per-month) returns -------------------------------------------------------------

def _weekly_returns(daily: pd.Series, month: str) -> dict[str, float]:
    """Close-to-close return of each Monday-Friday week inside the month (clipped to it): its last
    close vs the last close before it."""
    out = {}
    days = daily.loc[month]
    for _week, part in days.groupby(days.index.to_period("W-SUN")):
        before = daily.loc[:part.index[0] - pd.Timedelta(days=1)]
        out[part.index[0].strftime("%Y-%m-%d")] = (part.iloc[-1] / before.iloc[-1] - 1) * 100
    return out


@pytest.mark.parametrize("question", [
    "weekly returns of SPY in April 2024",
    "Недельная доходность SPY за апрель 2024",
    "Rendimientos semanales de SPY en abril de 2024",
    "SPY return for each week of April 2024",
    "доходность SPY по неделям в апреле 2024",
])
def test_weekly_returns_are_each_weeks(ask, question):
    expected = _weekly_returns(spy_daily()["Close"], "2024-04")
    out = ask(question)
    got = {str(c.get("period"))[:10]: c["value"] for c in claims(out, "return_prev_close")}
    assert len(expected) == 5
    assert set(got) == set(expected), out["response"][:400]
    for start, value in expected.items():
        assert got[start] == pytest.approx(value, abs=0.01)
    assert not claims(out, "pct_change")                      # never the one monthly change


@pytest.mark.parametrize("question", [
    "SPX monthly returns in 2020",
    "Помесячная доходность SPX за 2020 год",
    "Rendimientos mensuales del SPX en 2020",
])
def test_monthly_returns_are_each_months(ask, question):
    close = spx()["Close"]
    out = ask(question)
    got = [c["value"] for c in claims(out, "return_prev_close")]
    months = close.loc["2020"].groupby(close.loc["2020"].index.to_period("M")).last()
    expected = months / pd.concat([close.loc[:"2019"].iloc[-1:], months.iloc[:-1]]).to_numpy() * 100 - 100
    assert got == pytest.approx(list(expected), abs=0.01)


# ---- 3. highest / lowest close -------------------------------------------------------------------

@pytest.mark.parametrize("question", [
    "the highest close of SPY in April 2024",
    "Максимальное закрытие SPY в апреле 2024",
    "¿Cuál fue el cierre más alto de SPY en abril de 2024?",
])
def test_highest_close(ask, question):
    closes = spy_daily().loc["2024-04", "Close"]
    out = ask(question)
    c = claim(out, "max_close")
    assert c["value"] == pytest.approx(closes.max(), abs=0.01)
    assert c["date"][:10] == closes.idxmax().strftime("%Y-%m-%d")
    assert "Not computed" not in out["response"] and "не считается" not in out["response"] \
        and "No se calcula" not in out["response"]
    assert not claims(out, "high") and not claims(out, "close")     # not the high nor the last close


@pytest.mark.parametrize("question", [
    "SPX lowest close in 2008",
    "самая низкая цена закрытия SPX в 2008 году",
    "el mínimo precio de cierre del SPX en 2008",
])
def test_lowest_close(ask, question):
    closes = spx().loc["2008", "Close"]
    c = claim(ask(question), "min_close")
    assert c["value"] == pytest.approx(closes.min(), abs=0.01)
    assert c["date"][:10] == closes.idxmin().strftime("%Y-%m-%d")


@pytest.mark.parametrize("question", [
    "NQ highest and lowest close in November 2023",
    "максимальная и минимальная цена закрытия NQ в ноябре 2023",
    "el cierre más alto y el más bajo de NQ en noviembre de 2023",
])
def test_highest_and_lowest_close(ask, question):
    closes = nq_sessions().loc["2023-11", "close"]
    out = ask(question)
    assert claim(out, "max_close")["value"] == pytest.approx(closes.max(), abs=0.01)
    assert claim(out, "min_close")["value"] == pytest.approx(closes.min(), abs=0.01)
    assert claim(out, "min_close")["date"][:10] == closes.idxmin().strftime("%Y-%m-%d")


# ---- 4. sessions closing above / below their open ------------------------------------------------

@pytest.mark.parametrize("question", [
    "How many times did NQ close above its open in November 2023",
    "Сколько раз NQ закрылся выше открытия в ноябре 2023",
    "¿Cuántas veces cerró NQ por encima de su apertura en noviembre de 2023?",
])
def test_closes_above_the_open_are_up_days(ask, question):
    d = nq_sessions().loc["2023-11"]
    out = ask(question)
    assert claim(out, "up_days")["value"] == int((d["close"] > d["open"]).sum())
    assert not claims(out, "open")                                  # not the open price


@pytest.mark.parametrize("question", [
    "how many sessions did SPY finish lower than it opened in April 2024",
    "сколько дней SPY закрывался ниже цены открытия в апреле 2024",
    "¿Cuántos días cerró SPY por debajo de la apertura en abril de 2024?",
])
def test_closes_below_the_open_are_down_days(ask, question):
    d = spy_sessions().loc["2024-04"]
    out = ask(question)
    assert claim(out, "down_days")["value"] == int((d["close"] < d["open"]).sum())
    assert not claims(out, "open")


# ---- 5. named days ---------------------------------------------------------------------------------

def _thanksgiving(year: int) -> pd.Timestamp:
    """The fourth Thursday of November."""
    first = pd.Timestamp(year, 11, 1)
    return first + pd.Timedelta(days=(3 - first.weekday()) % 7 + 21)


@pytest.mark.parametrize("question", [
    "How did SPX do on Black Monday 1987?",
    "Что было с SPX в чёрный понедельник 1987 года?",
    "¿Qué pasó con el SPX el lunes negro de 1987?",
    "SPX on black monday",
])
def test_black_monday_is_one_day(ask, question):
    df = spx()
    out = ask(question)
    assert out["intent"]["period"]["start"] == out["intent"]["period"]["end"] == "1987-10-19"
    assert claim(out, "close")["value"] == pytest.approx(df.loc["1987-10-19", "Close"], abs=0.01)
    assert not claims(out, "trading_days") or claim(out, "trading_days")["value"] == 1


@pytest.mark.parametrize("question", [
    "SPX on Good Friday 2020",
    "SPX в Страстную пятницу 2020 года",
    "SPX el Viernes Santo de 2020",
])
def test_good_friday_is_that_day_never_the_year(ask, question):
    from dateutil.easter import easter
    day = (pd.Timestamp(easter(2020)) - pd.Timedelta(days=2)).strftime("%Y-%m-%d")
    assert day not in spx().index.strftime("%Y-%m-%d")      # the exchange was closed
    out = ask(question)
    assert out["intent"]["period"]["start"] == out["intent"]["period"]["end"] == day
    assert not claims(out, "trading_days")                   # never the year's statistics
    assert out["status"] == "no_data", out["response"][:300]


@pytest.mark.parametrize("question", [
    "SPX the day after Thanksgiving 2019",
    "SPX в чёрную пятницу 2019",
    "SPX el viernes negro de 2019",
])
def test_day_after_thanksgiving(ask, question):
    day = _thanksgiving(2019) + pd.Timedelta(days=1)
    out = ask(question)
    assert out["intent"]["period"]["start"] == day.strftime("%Y-%m-%d")
    assert claim(out, "close")["value"] == pytest.approx(spx().loc[day, "Close"], abs=0.01)


def test_holiday_rules_over_the_years():
    """The named days' dates against independent rules (Easter, the fourth Thursday), 1990-2030."""
    from datetime import date

    from dateutil.easter import easter

    from agent.nlu import named_days
    from agent.nlu.period_math import make_period
    for year in range(1990, 2031):
        found = named_days.find(f"good friday {year} and thanksgiving {year}", date(2031, 1, 1), make_period)
        assert [p.start for _a, _b, p in found] == [easter(year) - pd.Timedelta(days=2),
                                                    _thanksgiving(year).date()]
