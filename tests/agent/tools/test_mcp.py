"""`askbar mcp` through the official MCP client: stdio (a real subprocess) and streamable HTTP."""
from __future__ import annotations

import json
import os
import sys

import anyio
import pytest
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client
from mcp.client.streamable_http import streamable_http_client

from agent.storage.appdb import AppDB
from agent.identity.models import User
from agent.settings import Settings
from agent.tools.executor import ToolExecutor
from agent.tools.mcp_server import http_app
from agent.tools.registry import discover
from tests.agent.tools.test_executor import PRO_TOOL
from tests.conftest import DATA
from tests.server.conftest import live_server

ASKBAR = [sys.executable, "-c", "import sys; from agent.cli.main import main; sys.exit(main())"]


@pytest.fixture(scope="module")
def home(tmp_path_factory):
    from agent.market.duckdb_store import DuckDBStore
    from agent.market.ingest import load_file

    home = tmp_path_factory.mktemp("mcp")
    store = DuckDBStore(home / "market.duckdb")
    load_file(store, DATA / "btc_perp_1min/btc-perp-20211231-20220201_1m.csv", "BTCUSD")
    store.close()
    return home


async def _exercise(session: ClientSession) -> tuple[list[str], dict, dict]:
    await session.initialize()
    listed = await session.list_tools()
    price = await session.call_tool("get_price", {"symbol": "BTCUSD"})
    bad = await session.call_tool("calculate_risk_reward", {"entry_price": 1})
    assert price.is_error is False and bad.is_error is True
    return ([t.name for t in listed.tools], json.loads(price.content[0].text),
            json.loads(bad.content[0].text))


def test_stdio_list_and_call(home):
    env = {**os.environ, "ASKBAR_HOME": str(home)}
    env.pop("ASKBAR_DATABASE_URL", None)
    env.pop("ASKBAR_REDIS_URL", None)
    params = StdioServerParameters(command=ASKBAR[0], args=[*ASKBAR[1:], "mcp"], env=env)

    async def main():
        async with stdio_client(params) as (r, w), ClientSession(r, w) as s:
            return await _exercise(s)

    names, price, bad = anyio.run(main)
    assert set(names) == {s.name for s in discover().available_for("premium")}
    listed = {t: 1 for t in names}
    assert "get_price" in listed and "add_to_watchlist" in listed
    assert price["success"] and price["data"]["price"] == 38544.0
    assert price["metadata"]["tool_id"] == "market.get_price"
    assert bad["error"]["code"] == "VALIDATION_ERROR"


def test_streamable_http_runs_as_the_started_user(home, tmp_path):
    from agent.market.duckdb_store import DuckDBStore

    settings = Settings(home=tmp_path)
    store = DuckDBStore(home / "market.duckdb", read_only=True)
    free = User(user_id="m1", tenant_id="mt", name="m1", plan="free", language="es")
    reg = discover()
    reg.register(PRO_TOOL)
    executor = ToolExecutor(settings, store, AppDB(path=tmp_path / "app.sqlite"), registry=reg,
                            redis_url="")

    async def main(url: str):
        async with streamable_http_client(url + "/mcp") as (r, w, *_), ClientSession(r, w) as s:
            got = await _exercise(s)
            pro = await s.call_tool("pro_echo", {"x": 1})
            return (*got, json.loads(pro.content[0].text))

    try:
        with live_server(http_app(executor, free)) as url:
            names, price, _bad, pro = anyio.run(main, url)
    finally:
        store.close()
    assert set(names) == {s.name for s in reg.available_for("free")} and "pro_echo" not in names
    assert pro["error"]["code"] == "PLAN_REQUIRED" and pro["error"]["message"].startswith(
        "Esta función requiere el plan Pro")
    assert price["data"]["symbol"] == "BTCUSD"
    executor.flush_log()
    logged = executor.appdb.execute("SELECT user_id, tool_id FROM tool_executions")
    assert {(r["user_id"], r["tool_id"]) for r in logged} >= {("m1", "market.get_price")}


def test_annotations_and_confirmation_by_elicitation(home, tmp_path):
    """Every tool carries its hints; a tool that changes something asks the client first (MCP
    elicitation): declined -> nothing done; accepted -> done. Read-only tools ask nothing."""
    import mcp_types as types

    from agent.market.duckdb_store import DuckDBStore

    store = DuckDBStore(home / "market.duckdb", read_only=True)
    user = User(user_id="e1", tenant_id="et", name="e1", plan="pro")
    executor = ToolExecutor(Settings(home=tmp_path), store, AppDB(path=tmp_path / "app.sqlite"),
                            redis_url="")
    answers = iter(["decline", "accept"])
    asked: list[str] = []

    async def confirm(ctx, params):
        asked.append(params.message)
        action = next(answers)
        return types.ElicitResult(action=action, content={"confirm": True} if action == "accept" else None)

    async def main(url: str):
        async with streamable_http_client(url + "/mcp") as (r, w, *_), \
                ClientSession(r, w, elicitation_callback=confirm) as s:
            await s.initialize()
            tools = {t.name: t for t in (await s.list_tools()).tools}
            declined = await s.call_tool("add_to_watchlist", {"symbol": "BTCUSD"})
            after_decline = await s.call_tool("get_watchlist", {})
            accepted = await s.call_tool("add_to_watchlist", {"symbol": "BTCUSD"})
            after_accept = await s.call_tool("get_watchlist", {})
            return tools, declined, after_decline, accepted, after_accept

    try:
        with live_server(http_app(executor, user)) as url:
            tools, declined, after_decline, accepted, after_accept = anyio.run(main, url)
    finally:
        store.close()
    assert all(t.annotations is not None and t.annotations.read_only_hint is not None
               for t in tools.values())
    order = tools["create_paper_order"].annotations
    assert order.read_only_hint is False and order.destructive_hint is True
    assert tools["get_price"].annotations.read_only_hint is True
    assert declined.is_error and json.loads(declined.content[0].text)["error"]["code"] == "NOT_CONFIRMED"
    assert json.loads(after_decline.content[0].text)["data"]["symbols"] == []
    assert accepted.is_error is False
    assert json.loads(after_accept.content[0].text)["data"]["symbols"] == ["BTCUSD"]
    assert len(asked) == 2 and all("add_to_watchlist" in m for m in asked)   # get_watchlist: none
