"""Issue 24 at the parser level (no database): the typed reading's parts, windows, bar sizes and
indicator lists, honest coverage notes, memory statements and order phrasings read by grammar,
the route node, and a new question escaping a card; each in EN, RU and ES. Today is 2024-05-20."""
from __future__ import annotations

from datetime import time

import pytest

from agent.nlu import abbreviations
from agent.nlu.escape import asks_anew
from agent.llm.offline.plan import plan
from agent.nlu.tool_intents import detect_tool_call
from agent.nlu.understand import understand
from agent.market.instruments import Instrument
from agent.trading.commands import parse_trading_command
from tests.agent.llm.offline_helpers import make_ctx


def it(q: str, history: tuple[str, ...] = (), ctx=None):
    hist = [x for h in history for x in ({"role": "user", "content": h}, {"role": "assistant", "content": "ok"})]
    return understand(q, hist or None, ctx or make_ctx())


# ---- parts: each symbol with its own period --------------------------------------------------------

@pytest.mark.parametrize("q", [
    "NQ stats for November 2023 and SPY stats for April 2024",
    "Статистика NQ за ноябрь 2023 и SPY за апрель 2024",
    "Estadísticas de NQ en noviembre de 2023 y de SPY en abril de 2024",
])
def test_two_symbols_two_periods_are_two_parts(q):
    got = it(q)
    assert [(p.symbols, p.period.label) for p in got.parts] == [(["NQ"], "2023-11"), (["SPY"], "2024-04")]
    steps = plan(got, make_ctx()).steps
    assert [(s.params.symbol, str(s.params.start_date)) for s in steps] == [("NQ", "2023-11-01"),
                                                                            ("SPY", "2024-04-01")]
    assert not got.notes                                       # nothing declined: both have data


def test_one_period_for_two_symbols_is_one_part():
    got = it("SPY and Zeta Robotics in March 2024")
    assert not got.parts and got.symbols == ["SPY", "ZETA"] and got.period.label == "2024-03"


def test_two_periods_of_one_symbol_is_a_comparison():
    got = it("Compare SPY in March and April 2024")
    assert not got.parts and got.analysis == "compare" and len(got.compare_periods) == 2


# ---- time-of-day windows and bar sizes ----------------------------------------------------------------

@pytest.mark.parametrize("q,start,end", [
    ("NQ's high between 9:30 and 10:00 on 2023-11-28", time(9, 30), time(10, 0)),
    ("Максимум NQ с 9:30 до 10:00 28.11.2023", time(9, 30), time(10, 0)),
    ("Máximo de NQ entre las 9:30 y las 10:00 el 28/11/2023", time(9, 30), time(10, 0)),
    ("SPY high in the first hour on 2024-04-01", time(9, 30), time(10, 30)),
    ("Максимум SPY в первый час 01.04.2024", time(9, 30), time(10, 30)),
    ("SPY low in the last 30 minutes on 2024-04-01", time(15, 30), time(16, 0)),
    ("Mínimo de SPY en los últimos 30 minutos el 01/04/2024", time(15, 30), time(16, 0)),
    ("SPY RTH high on 2024-04-01", time(9, 30), time(16, 0)),
    ("NQ overnight high on 2023-11-28", time(18, 0), time(9, 30)),
])
def test_windows_reach_the_plan(q, start, end):
    got = it(q)
    assert (got.time_window.start, got.time_window.end) == (start, end)
    step = plan(got, make_ctx()).steps[0]
    assert step.action == "get_price_extremes"
    assert (step.params.start_time, step.params.end_time) == (start, end)
    assert not any("between" in n or "час" in n for n in got.notes)      # the window's words were used


@pytest.mark.parametrize("q,minutes,gran", [("SPY 5-minute bars on 2024-04-01", 5, "5min"),
                                            ("5-минутные бары SPY 01.04.2024", 5, "5min"),
                                            ("30 минутные свечи SPY 01.04.2024", 30, "30min"),
                                            ("velas de 15 minutos de SPY el 01/04/2024", 15, "15min"),
                                            ("NQ 15-min candles on 2023-11-28", 15, "15min"),
                                            ("SPY hourly bars on 2024-04-01", 60, "hourly")])
def test_bar_sizes_reach_the_plan(q, minutes, gran):
    got = it(q)
    assert got.bar_minutes == minutes and got.analysis == "intraday"
    assert not any(str(minutes) in n for n in got.notes)           # built as asked: nothing to say
    steps = [s for s in plan(got, make_ctx()).steps if s.action == "get_intraday_data"]
    assert steps and steps[0].params.granularity == gran


@pytest.mark.parametrize("q,lang", [("SPY 7-minute bars on 2024-04-01", "en"),
                                    ("7-минутные бары SPY 01.04.2024", "ru"),
                                    ("velas de 7 minutos de SPY el 01/04/2024", "es")])
def test_a_size_bars_are_not_built_at_is_said(q, lang):
    got = it(q)
    assert got.bar_minutes == 7
    assert any("7" in n and "5" in n for n in got.notes), got.notes     # 7 asked, 5 used, both named
    steps = [s for s in plan(got, make_ctx()).steps if s.action == "get_intraday_data"]
    assert steps[0].params.granularity == "5min"


# ---- every indicator of a list --------------------------------------------------------------------

@pytest.mark.parametrize("q", ["RSI, MACD, ATR and ADX of SPX in March 2020",
                               "RSI, MACD, ATR и ADX для SPX в марте 2020",
                               "RSI, MACD, ATR y ADX del SPX en marzo de 2020"])
def test_every_indicator_is_planned_by_name(q):
    got = it(q)
    assert got.indicators == ["rsi", "macd", "atr", "adx"]
    assert [s.params.indicator for s in plan(got, make_ctx()).steps] == ["rsi", "macd", "atr", "adx"]


@pytest.mark.parametrize("q,window", [("rsi14 of SPX in March 2020", 14), ("sma200 SPX 2019", 200),
                                      ("рси SPX в марте 2020", 14), ("рси21 SPX в марте 2020", 21)])
def test_glued_and_transliterated_indicators(q, window):
    got = it(q)
    assert got.analysis == "indicator" and got.indicator_window == window


# ---- horizons, counts, 6E ----------------------------------------------------------------------

@pytest.mark.parametrize("q", ["the week after SPX fell more than 5 %",
                               "неделя после того, как SPX упал более чем на 5 %",
                               "la semana después de que SPX cayera más de un 5 %"])
def test_week_after_a_fall_is_five_days(q):
    got = it(q)
    assert got.analysis == "after_events" and got.horizon_days == 5 and got.condition.threshold == -5


@pytest.mark.parametrize("q", ["Los 5 días de mayor caída de SPX en 2020",
                               "The 5 days of the biggest fall of SPX in 2020",
                               "5 дней с самым сильным падением SPX в 2020"])
def test_count_before_the_noun(q):
    got = it(q)
    assert (got.analysis, got.top_n, got.direction) == ("top_moves", 5, "down")


@pytest.mark.parametrize("q", ["top 3 days of 6E in January 2024", "3 лучших дня 6E в январе 2024",
                               "los 3 mejores días de 6E en enero de 2024"])
def test_6e_is_a_symbol_and_never_a_number(q):
    got = it(q)
    assert got.symbol == "6E" and got.top_n == 3


def test_ten_trading_days_after_a_date_end_on_the_tenth_session():
    got = it("SPX 10 trading days after October 15, 2008")
    assert (str(got.period.start), str(got.period.end)) == ("2008-10-16", "2008-10-29")


@pytest.mark.parametrize("q", ["How much did SPX move on March 16, 2020?", "SPX percent move on 2020-03-16",
                               "¿Cuánto se movió SPX el 16 de marzo de 2020? movimiento porcentual"])
def test_one_days_move_is_close_to_close(q):
    assert "return_prev_close" in it(q).metrics


# ---- coverage: nothing read silently, no used word named ------------------------------------------

def test_note_never_names_a_used_symbol():
    ctx = make_ctx()
    ctx.instruments.append(Instrument(symbol="DJI", name="Dow Jones Industrial Average", asset_class="index",
                                      aliases=["dow jones"]))
    got = it("Dow Jones (DJI) stats for 2019", ctx=ctx)
    assert got.symbol == "DJI" and not any("DJI" in n for n in got.notes)


@pytest.mark.parametrize("q", ["¿Cuánta volatilidad tuvo SPX en 2020?", "How much volatility did SPX have in 2020?",
                               "Какая волатильность была у SPX в 2020?"])
def test_function_words_are_never_named(q):
    assert not it(q).notes


@pytest.mark.parametrize("q", ["asdf qwerty zzz", "qwerty uiop", "zzz xxx"])
def test_nothing_recognisable_is_a_clarification_even_after_a_question(q):
    got = it(q, history=("RSI of SPX in March 2020",))
    assert got.needs_clarification and got.indicator is None and got.symbol is None


# ---- follow-ups that change only the days or only the symbol --------------------------------------

@pytest.mark.parametrize("q,label", [("and March 9-13?", "2020-03-09..2020-03-13"),
                                     ("а со 2 по 6 марта?", "2020-03-02..2020-03-06"),
                                     ("¿y del 2 al 6 de marzo?", "2020-03-02..2020-03-06")])
def test_followup_changes_only_the_days(q, label):
    got = it(q, history=("SPX close in March 2020",))
    assert (got.symbol, got.period.label, got.metrics) == ("SPX", label, ["close"])


@pytest.mark.parametrize("q", ["and for NQ?", "а для NQ?", "¿y para NQ?"])
def test_followup_changes_only_the_symbol(q):
    got = it(q, history=("Volatility of SPY in April 2024",))
    assert (got.symbol, got.period.label, got.metrics) == ("NQ", "2024-04", ["volatility"])


# ---- periods the held-back sets found ------------------------------------------------------------

@pytest.mark.parametrize("written,read", [("3rd qtr 2019", "3rd quarter 2019"), ("wk of 2020-03-09", "week of 2020-03-09"),
                                          ("1Q20", "Q1 2020"), ("Q1'20", "Q1 2020"), ("Mar-20", "Mar 2020"),
                                          ("Nov 87", "Nov 1987"), ("on Mar 20", "on Mar 20"),
                                          ("Mar 20", "Mar 2020"), ("March 20", "March 20"),
                                          ("in March 24", "in March 2024"), ("в марте 24", "в марте 2024"),
                                          ("enero 22", "enero 2022"), ("24 марта", "24 марта"),
                                          ("March 4th, 2024", "March 4th, 2024"),
                                          ("March 2 to 6, 2020", "March 2-6, 2020")])
def test_shorthands(written, read):
    assert abbreviations.expand(written) == read


@pytest.mark.parametrize("q,label", [
    ("Compare SPX the week of March 9, 2020 and the week of March 16, 2020", ["2020-03-09..2020-03-13",
                                                                              "2020-03-16..2020-03-20"]),
    ("Сравни SPX за неделю 9 марта 2020 и неделю 16 марта 2020", ["2020-03-09..2020-03-13",
                                                                  "2020-03-16..2020-03-20"]),
    ("Сравни 6E в первой и второй половине января 2024", ["2024-01-01..2024-01-15", "2024-01-16..2024-01-31"]),
])
def test_two_periods_compared(q, label):
    assert [p.label for p in it(q).compare_periods] == label


@pytest.mark.parametrize("q,metric", [("SPX bull days in 2019", "up_days"), ("медвежьи дни SPX в 2019", "down_days"),
                                      ("sesiones alcistas de SPX en 2019", "up_days"),
                                      ("доходность SPX за 2019", "pct_change"),
                                      ("SPX return vs the previous year's close in 2019", "return_prev_close")])
def test_measures(q, metric):
    assert metric in it(q).metrics


# ---- memory statements and orders are readings too --------------------------------------------------

@pytest.mark.parametrize("q,tool,params", [
    ("Remember that I mostly trade NQ", "remember", {"symbol": "NQ"}),
    ("Запомни, что я в основном торгую NQ", "remember", {"symbol": "NQ"}),
    ("Recuerda que opero sobre todo NQ", "remember", {"symbol": "NQ"}),
    ("I trade intraday", "remember", {"trading_style": "day_trading"}),
    ("Я торгую внутри дня", "remember", {"trading_style": "day_trading"}),
    ("Opero intradía", "remember", {"trading_style": "day_trading"}),
    ("forget my usual symbol", "forget", {"kind": "preferences"}),
    ("Забудь мой обычный символ", "forget", {"kind": "preferences"}),
    ("Olvida mi símbolo habitual", "forget", {"kind": "preferences"}),
])
def test_memory_statements(q, tool, params):
    call = detect_tool_call(q, make_ctx())
    assert call.name == tool and params.items() <= call.params.items()


@pytest.mark.parametrize("q", ["what did I trade?", "I always trade NQ. NQ stats for November 2023",
                               "NQ stats for November 2023"])
def test_questions_are_not_statements(q):
    call = detect_tool_call(q, make_ctx())
    assert call is None or call.name not in ("remember", "forget")


@pytest.mark.parametrize("q,qty,price", [
    ("compra límite 10 SPY a 500", 10, 500), ("buy limit 10 SPY at 500", 10, 500),
    ("купи лимит 10 SPY по 500", 10, 500), ("compra 10 acciones de SPY a 500", 10, 500),
    ("buy SPY 10 shares limit 500", 10, 500), ("put a limit order to buy 10 SPY at 500", 10, 500),
])
def test_order_quantity_and_price_by_grammar(q, qty, price):
    cmd = parse_trading_command(q, ["SPY", "NQ"])
    assert (cmd.params["quantity"], cmd.params["limit_price"]) == (qty, price)


# ---- the route is a node; a new question escapes a card --------------------------------------------

def test_route_is_a_node_with_named_edges():
    from graph import build_graph

    g = build_graph().get_graph()
    edges = {(e.source, e.target) for e in g.edges}
    assert {("route", "trading"), ("route", "tools"), ("route", "understander"),
            ("trading", "confirm_action"), ("tools", "reply")} <= edges


@pytest.mark.parametrize("answer,new", [("November 2023", False), ("за ноябрь 2023", False),
                                        ("SPY stats for April 2024", True), ("RSI de SPX en marzo de 2020", True),
                                        ("SPY", False), ("yes", False)])
def test_new_question_escapes_a_period_card(answer, new):
    card = {"missing": ["period"], "symbol": "NQ"}
    assert asks_anew(answer, card, make_ctx()) is new       # a lone word is always the card's answer


def test_month_without_year_is_the_latest_with_data():
    got = it("how did it do in march?", history=("SPY stats for May 2025",))
    assert got.period.label == "2024-03"


def test_a_note_of_an_earlier_reading_never_rides_on_a_new_one():
    from agent.state import Intent
    from agents.understander import _disclaimers

    state = {"disclaimers": ["Using NQ, your usual symbol."]}      # left by the first reading
    out = _disclaimers(state, Intent(type="data", symbol="BTCUSD", notes=[]), None, {})
    assert "Using NQ, your usual symbol." not in out
