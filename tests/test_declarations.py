"""One declaration reaches every place that lists capabilities (issue 8, CONTRIBUTING.md).

A temporary action with a new claim type is registered by a fixture (no product file changes); the
generated planner and understander prompts, the Gemini function schema, the capabilities catalogue,
the plan models and the builder tables must all include it, and a step using it must run on real
data through the query builder, with the declared post-processor.
"""
from __future__ import annotations

import pytest
from psycopg import sql

import capabilities as cap
import query_builder.actions
import query_builder.post
from agent.llm import prompts as P
from agent.llm import schemas
from agent.state import Claim
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
                          "highest minus lowest daily close over the period")


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
    assert "- get_close_range(symbol, start_date, end_date): difference between" in P.PLANNER_SYSTEM
    assert "get_close_range" in P.UNDERSTANDER_SYSTEM and "close_range:" in P.CLAIM_TYPES
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
