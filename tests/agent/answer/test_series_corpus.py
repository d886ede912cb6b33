"""The series statements' corpora both ways (tests/agent/answer/series_corpus.py), on both engines:
through the validator over the real results (a streak over NQ's November 2023 sessions, ranks over
SPX's twelve months of 2019, times of day from SPY's minute bars, descriptions over NQ and SPY, the
earlier and later of SPY's two April weeks), and through the real graph with a scripted analyst for
the ones the offline planner fetches (NQ's month): lies never shown, truths shown as written."""
from __future__ import annotations

from datetime import date

import pytest

from agent.answer import slots
from agent.answer.numbers import scope_of
from agent.answer.validation import validate
from query_builder import run_step
from query_builder.models import Step, StepParams
from tests.agent.answer import series_corpus as C
from tests.agent.answer.lies import QUESTIONS
from tests.agent.answer.test_lies import ScriptedAnalyst
from tests.agents.conftest import make_session


def _stats(symbol: str, start: str, end: str) -> Step:
    return Step(action="get_period_stats", params=StepParams(
        symbol=symbol, start_date=date.fromisoformat(start), end_date=date.fromisoformat(end)))


def _steps(group: str, day: str = "") -> list[Step]:
    if group in ("streak", "final"):
        return [_stats("NQ", "2023-11-01", "2023-11-30")]
    if group == "rank":
        return [Step(action="compare_periods", params=StepParams(symbol="SPX", periods=C.MONTH_STEPS))]
    if group == "time":
        return [Step(action="get_intraday_data", params=StepParams(
            symbol="SPY", start_date=date.fromisoformat(day), end_date=date.fromisoformat(day)))]
    if group == "description":
        return [_stats("NQ", "2023-11-01", "2023-11-30"), _stats("SPY", "2024-04-01", "2024-04-30")]
    return [Step(action="compare_periods", params=StepParams(symbol="SPY", periods=C.WEEKS))]


_SCOPES = {"streak": ("2023-11-01", "2023-11-30"), "final": ("2023-11-01", "2023-11-30"),
           "rank": ("2019-01-01", "2019-12-31"), "description": ("2023-11-01", "2024-04-30"),
           "part": ("2024-04-01", "2024-04-12")}
CASES = [(g, "", lang, text, ok) for g, fn in (("streak", C.streak_sentences), ("final", C.final_sentences),
                                                ("rank", C.rank_sentences), ("description", C.description_sentences),
                                                ("part", C.part_sentences)) for lang, text, ok in fn()] \
    + [("time", day, lang, text, ok) for day in C.TOD_DAYS for lang, text, ok in C.time_sentences(day)]
LIES = [c for c in CASES if not c[4]]
TRUTHS = [c for c in CASES if c[4]]


def test_corpora_hold_every_kind_both_ways_in_three_languages():
    for corpus in (LIES, TRUTHS):
        assert {(g, lang) for g, _, lang, _, _ in corpus} >= {(g, lang) for g in ("streak", "rank", "time", "description", "part")
                                                               for lang in C.LANGS}
    assert len(LIES) >= 60 and len(TRUTHS) >= 40, (len(LIES), len(TRUTHS))


@pytest.fixture(scope="module")
def results(loaded_store):
    cache: dict[tuple[str, str], list[dict]] = {}

    def get(group: str, day: str) -> list[dict]:
        if (group, day) not in cache:
            cache[(group, day)] = [run_step(loaded_store, s).model_dump(mode="json") for s in _steps(group, day)]
        return cache[(group, day)]
    return get


def _validate(results, group: str, day: str, lang: str, text: str):
    res = results(group, day)
    start, end = (day, day) if group == "time" else _SCOPES[group]
    symbols = sorted({r["symbol"] for r in res})
    intent = {"type": "data", "lang": lang, "symbol": symbols[0], "symbols": symbols,
              "period": {"start": start, "end": end, "label": "p"}}
    table = slots.build(res, intent, "q")
    return validate(text, table, lang, scope_of(intent, res), set(symbols), "q", date(2024, 5, 20))


@pytest.mark.parametrize("group,day,lang,text,ok", LIES)
def test_series_lie_is_rejected(results, group, day, lang, text, ok):
    v = _validate(results, group, day, lang, text)
    assert v.status == "rewrite" and v.issues, (text, v)


@pytest.mark.parametrize("group,day,lang,text,ok", TRUTHS)
def test_series_truth_is_shown(results, group, day, lang, text, ok):
    v = _validate(results, group, day, lang, text)
    assert v.status == "ok", (text, v.issues)


GRAPH = [c for c in CASES if c[0] in ("streak", "final")]


@pytest.mark.parametrize("group,day,lang,text,ok", GRAPH[::2])
def test_graph_shows_series_truths_and_never_the_lies(loaded_store, tmp_path, group, day, lang, text, ok):
    liar = ScriptedAnalyst(text)
    r = make_session(loaded_store, tmp_path, liar).ask(QUESTIONS[lang], now="2023-11-30")
    table = slots.build([_nq_result(loaded_store)], {"lang": lang}, QUESTIONS[lang])
    shown, _ = slots.fill(text, table, lang)
    if ok:
        assert liar.calls == 1 and r.validation["status"] == "ok" and r.response.endswith(shown), r.validation
    else:
        assert liar.calls == 3 and r.validation["source"] == "code_summary" and shown not in r.response, r.response


def _nq_result(store) -> dict:
    return run_step(store, _stats("NQ", "2023-11-01", "2023-11-30")).model_dump(mode="json")


def test_the_dow_is_bound_to_its_owner():
    """A name of the pack ("Dow", "the blue-chip index") binds the value after it to DJI."""
    table = slots.SlotTable()
    for k, (sym, pct) in enumerate((("DJI", 1.2), ("NQ", -0.8)), 1):
        table.add(f"s{k}.pct_change", "pct_change", pct, aliases=[f"{sym}.pct_change"], symbol=sym,
                  span=("2023-11-01", "2023-11-30"))
    scope = [(date(2023, 11, 1), date(2023, 11, 30))]
    for lang, text, ok in (("en", "The Dow rose {s1.pct_change}.", True), ("en", "The Dow fell {s2.pct_change}.", False),
                           ("en", "The blue-chip index rose {s1.pct_change}.", True),
                           ("en", "The tech-heavy index fell {s2.pct_change}, the Dow rose {s1.pct_change}.", True),
                           ("en", "The tech-heavy index fell {s1.pct_change}.", False),
                           ("es", "El índice industrial subió un {s1.pct_change}.", True),
                           ("ru", "Индекс голубых фишек вырос на {s1.pct_change}.", True),
                           ("ru", "Индекс голубых фишек вырос на {s2.pct_change}.", False)):
        v = validate(text, table, lang, scope, {"DJI", "NQ"}, "q", date(2023, 11, 30))
        assert (v.status == "ok") == ok, (text, v.issues)
