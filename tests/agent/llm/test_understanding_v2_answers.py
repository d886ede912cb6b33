"""Issue 24 end to end on the real data (both engines): every example the issue quotes, in EN, RU
and ES, with each expected value from an independent pandas computation over ../shared/data (never
the query builder's own numbers)."""
from __future__ import annotations

import uuid

import pandas as pd
import pytest

from tests.agents.conftest import make_session
from tests.conftest import DATA

NOW = "2025-06-02"


# ---- independent reference computations (pandas only) ----------------------------------------

def nq_minutes() -> pd.DataFrame:
    df = pd.read_csv(DATA / "nq_1min_firstrate/NQ_1min_sample.csv", parse_dates=["timestamp"])
    return df.set_index("timestamp").sort_index()      # US/Eastern wall clock, bar start


def nq_window_high(day: str, start: str, end: str) -> float:
    m = nq_minutes()
    t = m.index
    inside = (t.normalize() == pd.Timestamp(day)) & (t.time >= pd.Timestamp(start).time()) \
        & (t.time < pd.Timestamp(end).time())
    return float(m.loc[inside, "high"].max())


def nq_session_close(day: str) -> float:
    """CME: a session closes at 17:00 ET on its trading date; its last bar starts before 17:00."""
    m = nq_minutes()
    return float(m.loc[m.index < pd.Timestamp(day) + pd.Timedelta(hours=17), "close"].iloc[-1])


def spy_rth() -> pd.DataFrame:
    df = pd.read_csv(DATA / "spy_1min_2024/SPY_1min.csv")
    ts = pd.to_datetime(df["datetime"], utc=True).dt.tz_convert("America/New_York")
    df.index = ts
    t = df.index.time
    return df[(t >= pd.Timestamp("09:30").time()) & (t < pd.Timestamp("16:00").time())]


def spy_daily() -> pd.DataFrame:
    r = spy_rth()
    g = r.groupby(r.index.date)
    out = pd.DataFrame({"Open": g["open"].first(), "Close": g["close"].last(), "Volume": g["volume"].sum()})
    out.index = pd.to_datetime(out.index)
    return out


def spx() -> pd.DataFrame:
    df = pd.read_csv(DATA / "sp500_daily/chainins_GSPC.csv")
    df["date"] = pd.to_datetime(df["Date"], format="%m/%d/%Y")
    return df.set_index("date").sort_index()


# ---- running the graph --------------------------------------------------------------------------

@pytest.fixture(scope="module")
def ask(loaded_store, tmp_path_factory):
    session = make_session(loaded_store, tmp_path_factory.mktemp("v2"))

    def run(question: str, *resume: str, history: tuple[str, ...] = (), now: str = NOW) -> dict:
        thread = f"t-{uuid.uuid4().hex[:8]}"
        for h in history:
            session.ask(h, thread_id=thread, now=now)
        result = session.ask(question, thread_id=thread, now=now)
        for answer in resume:
            result = session.resume(thread, answer)
        return result.model_dump()
    return run


def claims(out: dict, ctype: str, **where) -> list[dict]:
    return [c for c in out["claims"] if c["type"] == ctype
            and all(str(c.get(k) or "")[:10] == str(v)[:10] for k, v in where.items())]


def claim(out: dict, ctype: str, **where) -> dict:
    found = claims(out, ctype, **where)
    assert found, f"no {ctype} claim {where} in {out['claims']} ({out['status']}: {out['response'][:300]})"
    return found[0]


# ---- time-of-day windows reach the SQL ----------------------------------------------------------

@pytest.mark.parametrize("question", [
    "NQ's high between 9:30 and 10:00 on 2023-11-28",
    "Максимум NQ с 9:30 до 10:00 28.11.2023",
    "Máximo de NQ entre las 9:30 y las 10:00 el 28/11/2023",
])
def test_window_high_is_the_windows_not_the_sessions(ask, question):
    out = ask(question)
    window = nq_window_high("2023-11-28", "09:30", "10:00")
    assert window == pytest.approx(16007.50)                     # the figure, by pandas
    assert claim(out, "high")["value"] == pytest.approx(window, abs=0.01)
    assert not claims(out, "high") or all(c["value"] != pytest.approx(16071.50) for c in claims(out, "high"))


def test_first_hour_window(ask):
    out = ask("SPY high in the first hour on 2024-04-01")
    r = spy_rth()
    day = r[(r.index.date == pd.Timestamp("2024-04-01").date()) & (r.index.time < pd.Timestamp("10:30").time())]
    assert claim(out, "high")["value"] == pytest.approx(day["high"].max(), abs=0.01)


# ---- several symbols, each with its own period ----------------------------------------------------

@pytest.mark.parametrize("question", [
    "NQ stats for November 2023 and SPY stats for April 2024",
    "Статистика NQ за ноябрь 2023 и SPY за апрель 2024",
    "Estadísticas de NQ en noviembre de 2023 y de SPY en abril de 2024",
])
def test_each_symbol_with_its_own_period(ask, question):
    assert_nq_november_and_spy_april(ask(question))


def assert_nq_november_and_spy_april(out: dict) -> None:
    """NQ's figures for November 2023 and SPY's for April 2024, each from pandas."""
    assert out["status"] == "answered", out["response"]
    assert claim(out, "close", symbol="NQ")["value"] == pytest.approx(nq_session_close("2023-11-30"), abs=0.01)
    spy = spy_daily().loc["2024-04"]
    assert claim(out, "close", symbol="SPY")["value"] == pytest.approx(spy["Close"].iloc[-1], abs=0.01)
    assert claim(out, "trading_days", symbol="SPY")["value"] == len(spy)


# ---- windows after a date, top-N counts, coordinated halves --------------------------------------

@pytest.mark.parametrize("question", [
    "SPX 10 trading days after October 15, 2008",
    "SPX за 10 торговых дней после 15 октября 2008",
    "SPX en los 10 días hábiles después del 15 de octubre de 2008",
])
def test_ten_trading_days_after_a_date(ask, question):
    df = spx()
    after = df.loc[df.index > pd.Timestamp("2008-10-15")].iloc[:10]
    out = ask(question)
    assert claim(out, "trading_days")["value"] == 10
    assert claim(out, "close")["value"] == pytest.approx(after["Close"].iloc[-1], abs=0.01)
    assert out["intent"]["period"]["end"] == after.index[-1].strftime("%Y-%m-%d")    # spans 10, not 14


@pytest.mark.parametrize("question", [
    "Los 5 días de mayor caída de SPX en 2020",
    "The 5 days of the biggest fall of SPX in 2020",
    "5 дней с самым сильным падением SPX в 2020",
])
def test_five_biggest_falls(ask, question):
    df = spx()
    chg = (df["Close"].pct_change() * 100).loc["2020"]
    ref = chg.nsmallest(5)
    out = ask(question)
    got = sorted(c["value"] for c in claims(out, "daily_pct_change"))
    assert got == pytest.approx(sorted(ref.values), abs=0.01)


@pytest.mark.parametrize("question", [
    "Compare SPY in the first and second half of March 2024",
    "Сравни SPY в первой и второй половине марта 2024",
    "Compara SPY en la primera y la segunda mitad de marzo de 2024",
])
def test_both_halves_are_answered(ask, question):
    d = spy_daily()
    first, second = d.loc["2024-03-01":"2024-03-15"], d.loc["2024-03-16":"2024-03-31"]
    out = ask(question)
    closes = {round(c["value"], 2) for c in claims(out, "close")}
    assert round(first["Close"].iloc[-1], 2) in closes and round(second["Close"].iloc[-1], 2) in closes


# ---- "highest volume day" is a ranking of days by volume, never the best and worst day -------------

@pytest.mark.parametrize("question", [
    "highest volume day for SPY in March 2024",
    "день с наибольшим объёмом SPY в марте 2024",
    "el día de mayor volumen de SPY en marzo de 2024",
])
def test_highest_volume_day_is_not_best_and_worst_day(ask, question):
    out = ask(question)
    assert not claims(out, "daily_pct_change")
    vol = spy_daily().loc["2024-03", "Volume"]
    ranked = claims(out, "total_volume")
    assert [(c["date"], c["value"]) for c in ranked] == [(vol.idxmax().strftime("%Y-%m-%d"),
                                                          pytest.approx(vol.max(), rel=1e-9))]
    assert out["validation"]["status"] == "ok", out["response"]


# ---- nothing recognisable; memory statements; orders; 6E ---------------------------------------

def test_gibberish_after_an_rsi_question_is_a_clarification(ask):
    out = ask("asdf qwerty zzz", history=("RSI of SPX in March 2020",))
    assert out["status"] == "clarification" and not out["claims"]


@pytest.mark.parametrize("statement,expect", [
    ("Remember that I mostly trade NQ", "NQ"),
    ("Запомни, что я в основном торгую NQ", "NQ"),
    ("Recuerda que opero sobre todo NQ", "NQ"),
])
def test_memory_statement_is_remembered_and_confirmed(ask, statement, expect):
    out = ask(statement)
    assert out["status"] == "answered" and expect in out["response"]
    assert out["plan"]["steps"][0]["tool"] == "remember"


@pytest.mark.parametrize("statement,tool", [
    ("I trade intraday", "remember"), ("Я торгую внутри дня", "remember"), ("Opero intradía", "remember"),
    ("forget my usual symbol", "forget"), ("Забудь мой обычный символ", "forget"),
    ("Olvida mi símbolo habitual", "forget"),
])
def test_style_and_forget_statements_call_the_tools(ask, statement, tool):
    out = ask(statement)
    assert out["status"] == "answered" and out["plan"]["steps"][0]["tool"] == tool


@pytest.mark.parametrize("question", [
    "compra límite 10 SPY a 500", "buy limit 10 SPY at 500", "купи лимит 10 SPY по 500"])
def test_limit_order_binds_quantity_and_price(ask, question):
    out = ask(question)
    assert out["status"] == "confirm_action", out["response"]
    params = out["interrupt"]["action"]["params"] if "action" in (out["interrupt"] or {}) else \
        out["plan"]["steps"][0]["params"]
    assert params["quantity"] == 10 and params["limit_price"] == 500
    assert "10" in out["response"] and "500" in out["response"]


def test_6e_is_a_symbol_not_the_number_six(ask):
    out = ask("6E stats for January 2024")
    assert out["intent"]["symbol"] == "6E"
    assert out["status"] in ("no_data", "answered") and "6E" in out["response"]


# ---- cards: a new question escapes; a month without a year has data -----------------------------

def test_new_question_escapes_a_clarification_card(ask):
    out = ask("NQ stats", "SPY stats for April 2024")
    assert out["status"] == "answered", out["response"]
    assert claim(out, "close", symbol="SPY")["value"] == pytest.approx(spy_daily().loc["2024-04", "Close"].iloc[-1],
                                                                        abs=0.01)
    assert not claims(out, "close", symbol="NQ")


def test_month_without_year_after_a_no_data_card(ask):
    out = ask("SPY stats for May 2025", "how did it do in march?")
    assert out["status"] == "answered", out["response"]
    assert claim(out, "close", symbol="SPY")["value"] == pytest.approx(spy_daily().loc["2024-03", "Close"].iloc[-1],
                                                                        abs=0.01)
