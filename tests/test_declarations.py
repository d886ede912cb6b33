"""One declaration reaches every place that lists capabilities (issue 8, CONTRIBUTING.md).

A temporary action with a new claim type is registered by a fixture (no product file changes); the
generated planner and understander prompts, the Gemini function schema, the capabilities catalogue,
the plan models and the builder tables must all include it, a step using it must run on real
data through the query builder, with the declared post-processor, and the offline answer must word
the claim with the templates its declaration carries (no language pack edited).
"""
from __future__ import annotations

import pytest
from psycopg import sql

import capabilities as cap
import query_builder.actions
import query_builder.post
from agent.answer import slots
from agent.llm import prompts as P
from agent.llm import schemas
from agent.llm.offline import OfflineProvider
from agent.llm.offline import templates as T
from agent.answer.numbers import scope_of
from agent.answer.render import render
from agent.state import Claim, Intent
from agent.answer.validation import validate
from query_builder import build, declare, run_step
from query_builder.base import Context, Output
from query_builder.convert import jsonable_rows
from query_builder.fragments import iso_date
from query_builder.granularity import bounds
from query_builder.models import Step
from tests.query_builder import reference as ref

_SQL = ("SELECT {td} AS trading_date, d.close FROM ohlcv_1d d WHERE d.symbol = {symbol}"
        " AND d.trading_date >= {start} AND d.trading_date <= {end} ORDER BY d.trading_date")


def build_close_range(ctx: Context):
    start, end = bounds(ctx.params)
    p = ctx.new_params()
    q = sql.SQL(_SQL).format(td=iso_date(p, "d"), symbol=ctx.dialect.placeholder("symbol"),
                             start=p("start_date", start), end=p("end_date", end))
    return ctx.built(q, p, "close_range", granularity="daily")


def post_close_range(rows, args, extra) -> Output:
    closes = [float(r["close"]) for r in rows]
    return Output(jsonable_rows(rows), {"close_range": max(closes) - min(closes) if closes else None})


ACTION = declare.ActionDecl(
    "get_close_range", "difference between the highest and the lowest daily close of a period",
    ("symbol", "start_date", "end_date"), build_close_range, {"close_range": post_close_range},
    claims=("close_range",))
CLAIM = declare.ClaimDecl("close_range", "get_close_range", "summary.close_range",
                          "highest minus lowest daily close over the period",
                          templates={"en": "range of closes {v}", "ru": "размах цен закрытия {v}",
                                     "es": "rango de cierres {v}"})


@pytest.fixture
def temporary_action():
    declare.register(ACTION, CLAIM)
    schemas.declarations.cache_clear()
    yield ACTION
    declare.unregister("action", ACTION.name)
    declare.unregister("claim", CLAIM.name)
    schemas.declarations.cache_clear()


def _plan_action_enum() -> list[str]:
    decl = schemas.declarations()[schemas.SUBMIT_PLAN].model_dump(mode="json", exclude_none=True)
    return decl["parameters"]["properties"]["steps"]["items"]["properties"]["action"]["enum"]


def test_not_there_without_the_declaration():
    assert "get_close_range" not in P.PLANNER_SYSTEM and "get_close_range" not in _plan_action_enum()
    assert "get_close_range" not in cap.ACTIONS


def test_declaration_reaches_prompts_schema_and_catalogue(temporary_action):
    assert "- get_close_range(symbol, start_date, end_date): difference between" in P.planner_catalogue()
    # the understander reads what it may ask for from its declaration's enums (issue 30: not a
    # second list in its prompt): the new claim type is one of the metrics it may name
    intent = schemas.declarations()[schemas.PARSE_INTENT].model_dump(mode="json", exclude_none=True)
    assert "close_range" in intent["parameters"]["properties"]["metrics"]["items"]["enum"]
    assert "close_range:" in P.CLAIM_TYPES
    assert "get_close_range" in _plan_action_enum()
    assert schemas.declaration_problems(
        schemas.declarations()[schemas.SUBMIT_PLAN].model_dump(mode="json", exclude_none=True)) == []
    assert cap.ACTIONS["get_close_range"]["params"] == ["symbol", "start_date", "end_date"]
    assert cap.CLAIM_TYPES["close_range"] == ("get_close_range", "summary.close_range")
    assert "get_close_range" in cap.describe("ru") and cap.check_capability("get_close_range")
    assert query_builder.actions.BUILDERS["get_close_range"] is build_close_range  # read now
    assert query_builder.post.POST_PROCESSORS["close_range"] is post_close_range
    assert Claim(type="close_range", value=1.0).type == "close_range"


def test_declared_action_runs_on_real_data(temporary_action, loaded_store):
    step = Step(action="get_close_range",
                params={"symbol": "SPX", "start_date": "2008-01-01", "end_date": "2008-12-31"})
    assert build(step, loaded_store.engine).post == "close_range"
    res = run_step(loaded_store, step)
    year = ref.daily("SPX").loc["2008-01-01":"2008-12-31"]
    assert res.summary["close_range"] == pytest.approx(year["close"].max() - year["close"].min())
    assert res.row_count == len(year)


def _offline_answer(res, lang: str) -> tuple[str, list[dict]]:
    """The offline analyst's answer for one step, checked by the validator and filled by code."""
    intent = Intent(type="data", lang=lang, symbol=res.symbol)
    draft = OfflineProvider().analyze("q", intent, [res], lang).response
    dumped = [res.model_dump(mode="json")]
    table = slots.build(dumped, intent.model_dump(mode="json"), "q")
    v = validate(draft, table, lang, scope_of(intent.model_dump(mode="json"), dumped), {res.symbol})
    assert v.status == "ok", (draft, v.issues)
    return slots.fill(draft, table, lang)


@pytest.mark.parametrize("lang,words", [("ru", "размах цен закрытия"), ("es", "rango de cierres")])
def test_offline_answer_words_the_claim_with_its_inline_templates(temporary_action, loaded_store, lang, words):
    step = Step(action="get_close_range",
                params={"symbol": "SPX", "start_date": "2008-01-01", "end_date": "2008-12-31"})
    res = run_step(loaded_store, step)
    assert T.claim_template(lang, "close_range") == CLAIM.templates[lang]  # no pack has the key
    text, claims = _offline_answer(res, lang)
    year = ref.daily("SPX").loc["2008-01-01":"2008-12-31"]
    expected = year["close"].max() - year["close"].min()
    assert [c["value"] for c in claims if c["type"] == "close_range"] == [pytest.approx(expected)]
    assert f"{words} {render(expected, 'number', lang)}" in text, text


def test_every_claim_has_a_template_in_every_language(temporary_action):
    """A declared claim is worded in every pack language, by the pack or inline; a declaration
    lacking one is named."""
    assert T.missing_claim_templates() == []
    partial = declare.ClaimDecl("close_span", "get_close_range", "summary.close_span", "span",
                                templates={"en": "span {v}", "ru": "диапазон {v}"})
    declare.register(partial)
    try:
        assert T.missing_claim_templates() == [("close_span", "es")]
    finally:
        declare.unregister("claim", partial.name)
