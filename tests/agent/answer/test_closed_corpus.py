"""The closed world's corpora both ways (tests/agent/answer/closed_corpus.py): through the validator
on the real NQ November 2023 result, and through the real graph with a scripted analyst that
submits the sentence (both engines): lies never reach the response, truths are shown as written."""
from __future__ import annotations

from datetime import date

import pytest

from agent.answer import slots
from agent.answer.numbers import scope_of
from agent.answer.validation import validate
from query_builder import run_step
from query_builder.models import Step, StepParams
from tests.agent.answer.closed_corpus import NOW, lies, truths
from tests.agent.answer.lies import QUESTIONS
from tests.agent.answer.test_lies import INTENT, ScriptedAnalyst
from tests.agents.conftest import make_session
from tests.server.conftest import make_app  # noqa: F401 (fixture)

LIES, TRUTHS = lies(), truths()


@pytest.fixture(scope="module")
def nq_result(loaded_store):
    step = Step(action="get_period_stats", params=StepParams(
        symbol="NQ", start_date=date(2023, 11, 1), end_date=date(2023, 11, 30)))
    return run_step(loaded_store, step).model_dump(mode="json")


def _check(text: str, result: dict, lang: str):
    intent = {**INTENT, "lang": lang}
    table = slots.build([result], intent, QUESTIONS[lang])
    v = validate(text, table, lang, scope_of(intent, [result]), {"NQ"}, QUESTIONS[lang],
                 date.fromisoformat(NOW))
    return v, table


def test_corpora_are_large_enough():
    for corpus in (LIES, TRUTHS):
        assert len(corpus) >= 150 and {lang for lang, _ in corpus} == {"en", "ru", "es"}


@pytest.mark.parametrize("lang,text", LIES)
def test_validator_rejects_the_lie(nq_result, lang, text):
    v, _ = _check(text, nq_result, lang)
    assert v.status == "rewrite" and v.issues, (text, v)


@pytest.mark.parametrize("lang,text", TRUTHS)
def test_validator_shows_the_truth(nq_result, lang, text):
    v, _ = _check(text, nq_result, lang)
    assert v.status == "ok", (text, v.issues)


def _graph(loaded_store, tmp_path, lang: str, text: str):
    liar = ScriptedAnalyst(text)
    session = make_session(loaded_store, tmp_path, liar)
    return liar, session.ask(QUESTIONS[lang], now=NOW)


@pytest.mark.parametrize("lang,text", LIES[::3])
def test_graph_never_shows_the_lie(loaded_store, tmp_path, nq_result, lang, text):
    liar, r = _graph(loaded_store, tmp_path, lang, text)
    _, table = _check(text, nq_result, lang)
    shown, _ = slots.fill(text, table, lang)
    assert liar.calls == 3 and r.validation["source"] == "code_summary", r.validation
    assert shown not in r.response and r.claims, r.response


@pytest.mark.parametrize("lang,text", TRUTHS[::3])
def test_graph_shows_the_truth_as_written(loaded_store, tmp_path, nq_result, lang, text):
    liar, r = _graph(loaded_store, tmp_path, lang, text)
    _, table = _check(text, nq_result, lang)
    shown, claims = slots.fill(text, table, lang)
    assert liar.calls == 1 and r.validation["status"] == "ok", r.validation
    assert r.response.endswith(shown) and r.claims == claims, r.response


# True answers once hidden: a year after a verb, months named before a colon list, a comparison
# whose values follow it; the same comparison reversed is a lie. Truth decided with pandas.
def _spx_2008(loaded_store) -> dict:
    step = Step(action="get_period_stats", params=StepParams(
        symbol="SPX", start_date=date(2008, 1, 1), end_date=date(2008, 12, 31)))
    return run_step(loaded_store, step).model_dump(mode="json")


def _spy_mar_apr(loaded_store) -> dict:
    step = Step(action="compare_periods", params=StepParams(symbol="SPY", periods=[
        {"start_date": "2024-03-01", "end_date": "2024-03-31", "label": "2024-03"},
        {"start_date": "2024-04-01", "end_date": "2024-04-30", "label": "2024-04"}]))
    return run_step(loaded_store, step).model_dump(mode="json")


def _validate(result: dict, symbol: str, lang: str, text: str, start: str, end: str):
    intent = {"type": "data", "lang": lang, "symbol": symbol, "symbols": [symbol],
              "period": {"start": start, "end": end, "label": "p"}}
    table = slots.build([result], intent, "q")
    return validate(text, table, lang, scope_of(intent, [result]), {symbol}, "q", date(2024, 5, 20))


@pytest.mark.parametrize("lang,text", [("en", "SPX closed 2008 at {close}."), ("es", "El SPX cerró 2008 en {close}."),
                                       ("ru", "SPX закрыл 2008 год на {close}.")])
def test_a_year_after_a_verb_is_the_period(loaded_store, lang, text):
    v = _validate(_spx_2008(loaded_store), "SPX", lang, text, "2008-01-01", "2008-12-31")
    assert v.status == "ok", v.issues


_MONTHS_CMP = {"en": "SPY was {w} in April than in March: {p2.close} vs {p1.close}.",
               "ru": "В апреле закрытие SPY было {w}, чем в марте: {p2.close} против {p1.close}.",
               "es": "En abril SPY cerró más {w} que en marzo: {p2.close} frente a {p1.close}."}
_WORDS = {"en": ("higher", "lower"), "ru": ("выше", "ниже"), "es": ("alto", "bajo")}


@pytest.mark.parametrize("lang", ["en", "ru", "es"])
def test_months_before_a_colon_list_and_the_comparison_are_verified(loaded_store, lang):
    from tests.agent.answer.statement_corpus import spy_months

    m = spy_months()
    up = m["apr_close"] > m["mar_close"]
    true_word, false_word = _WORDS[lang] if up else _WORDS[lang][::-1]
    result = _spy_mar_apr(loaded_store)
    ok = _validate(result, "SPY", lang, _MONTHS_CMP[lang].replace("{w}", true_word), "2024-03-01", "2024-04-30")
    lie = _validate(result, "SPY", lang, _MONTHS_CMP[lang].replace("{w}", false_word), "2024-03-01", "2024-04-30")
    assert ok.status == "ok", ok.issues
    assert lie.status == "rewrite", lie


def test_sse_never_carries_a_corpus_lie_and_shows_the_truths(make_app, loaded_store, nq_result):
    """The real server's SSE stream: a lie never reaches text_delta or done; a truth is shown as
    written (the value sentences: relative time needs the request's date, which SSE takes as today)."""
    import re

    import httpx

    from tests.server.conftest import live_server, stream

    liar = ScriptedAnalyst("")
    app, _ = make_app(loaded_store, provider=liar)
    truths = [(lang, t) for lang, t in TRUTHS if "{pct_change}" not in t and "{volatility}" not in t][::15]
    with live_server(app) as url, httpx.Client(base_url=url, timeout=60) as client:
        def ask(lang: str, text: str) -> tuple[str, dict]:
            liar.answers, liar.calls = [text], 0
            resp, events = stream(client, "POST", "/api/chat", json={"question": QUESTIONS[lang]})
            assert resp.status_code == 200, (resp.status_code, resp.text, text)
            shown = "".join(e["data"]["content"] for e in events if e.get("event") == "text_delta")
            return shown, next(e["data"] for e in events if e.get("event") == "done")
        for lang, lie in LIES[::13]:  # under the 30 chats a minute per user
            longest = max(re.split(r"\{[^}]*\}", lie), key=len).strip()
            shown, done = ask(lang, lie)
            assert liar.calls == 3 and longest not in shown and longest not in done["response"], (lie, shown)
        for lang, truth in truths:
            shown, done = ask(lang, truth)
            _, table = _check(truth, nq_result, lang)
            written, _ = slots.fill(truth, table, lang)
            assert liar.calls == 1 and written in shown and written in done["response"], (truth, shown)
