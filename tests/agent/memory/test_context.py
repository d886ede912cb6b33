"""The context builder: every part, the user's plan's tools, market status for the symbols in
play at ASKBAR_NOW, and a failing part left out (recorded) without failing the others."""
from __future__ import annotations

from datetime import UTC, datetime

from agent.memory.context import now_for, tools_for_plan
from agent.memory.service import Memory
from agent.memory.system_prompt import build_system_prompt
from agent.memory.tokens import estimate
from tests.agent.memory.conftest import ALICE, BOB

BLACK_FRIDAY_NOON_NY = datetime(2023, 11, 24, 17, 0, tzinfo=UTC)


def test_all_parts(embedded_settings):
    mem = Memory(embedded_settings)
    mem.learn_turn(ALICE, "t1", "I usually trade NQ, swing. NQ stats for November 2023", "answer",
                   {"type": "data", "symbol": "NQ", "symbols": ["NQ"], "analysis": "stats",
                    "period": {"label": "2023-11"}}, [{"type": "high", "value": 16208.5}])
    ctx = mem.context(ALICE, "t1", symbols=["SPY"], now=BLACK_FRIDAY_NOON_NY)
    assert ctx.errors == {}
    assert ctx.user.plan == "pro" and ctx.user.language == "en" and ctx.user.preferences["usual_symbol"] == "NQ"
    assert [i.symbol for i in ctx.market.instruments] == ["SPY", "NQ"]
    assert all(i.status == "open" and i.early_close for i in ctx.market.instruments)
    assert ctx.conversation.mentioned_symbols == ["NQ"] and ctx.conversation.recent_topics == ["stats NQ 2023-11"]
    assert ctx.memory.trading_style == "swing"
    assert ctx.system.current_date == "2023-11-24"
    assert {"remember", "recall", "forget"} <= set(ctx.system.available_tools)
    prompt = build_system_prompt(ctx)
    for section in ("## User", "## Market", "## What I know about the user", "## Conversation",
                    "## Instructions"):
        assert section in prompt
    assert "<untrusted_memory>" in prompt and estimate(ctx).total > 0


def test_tools_follow_the_plan():
    assert set(tools_for_plan("free")) <= set(tools_for_plan("premium"))
    assert "recall" in tools_for_plan("free")


def test_askbar_now_fixes_the_date(embedded_settings):
    assert now_for(embedded_settings).date().isoformat() == "2023-12-15"
    assert now_for(embedded_settings, BLACK_FRIDAY_NOON_NY) == BLACK_FRIDAY_NOON_NY


def test_a_failing_part_is_left_out(embedded_settings, monkeypatch):
    mem = Memory(embedded_settings)

    def down(user):
        raise ConnectionError("store down")

    monkeypatch.setattr(mem.ltm, "profile", down)
    ctx = mem.context(BOB, "none", symbols=["BTCUSD"], now=BLACK_FRIDAY_NOON_NY)
    assert ctx.memory is None and "ConnectionError" in ctx.errors["memory"]
    assert ctx.market.instruments[0].status == "open" and ctx.user.user_id == "bob"
    assert build_system_prompt(ctx)


def test_memory_prompt_for_a_run(embedded_settings):
    from types import SimpleNamespace

    from agent.memory.hooks import memory_prompt
    from agent.memory.tokens import MAX_TOKENS, count
    from agent.services import Services

    services = Services(embedded_settings)
    mem = services.memory
    mem.learn_turn(ALICE, "run-thread", "I prefer swing trading NQ. NQ stats for November 2023",
                   "answer", {"type": "data", "symbol": "NQ", "symbols": ["NQ"]}, [])
    deps = SimpleNamespace(settings=embedded_settings, user=ALICE, provider=None, services=services)
    text, strategies = memory_prompt({"session_id": "run-thread"}, None, deps, ["NQ"])
    assert "Usual symbol: NQ" in text and "Trading style: swing" in text and "NQ (CMES)" in text
    assert strategies == [] and count(text) <= MAX_TOKENS
    other, _ = memory_prompt({"session_id": "run-thread"}, None,
                             SimpleNamespace(settings=embedded_settings, user=BOB, provider=None,
                                             services=services))
    assert "NQ" not in other                       # Bob's prompt carries nothing of Alice's
    mem.forget(ALICE)
    services.close()


def test_market_context_gives_each_symbol_its_price_snapshot(embedded_settings, loaded_store):
    """Seed 002: besides status and next open/close, each relevant symbol has its last price,
    change against the previous session's close and as-of time; BTCUSD from pandas over the CSV
    (24/7, UTC dates), SPY and SPX as get_price answers them (the tool, called directly)."""
    import pandas as pd

    from agent.identity.models import LOCAL_USER
    from agent.tools.catalog import market as market_tools
    from agent.tools.spec import ToolContext
    from tests.conftest import DATA

    mem = Memory(embedded_settings)
    ctx = mem.context(ALICE, "t9", symbols=["BTCUSD", "SPY", "SPX"], now=BLACK_FRIDAY_NOON_NY,
                      market_store=loaded_store)
    got = {i.symbol: i for i in ctx.market.instruments}
    btc = pd.read_csv(DATA / "btc_perp_1min" / "btc-perp-20211231-20220201_1m.csv")
    ts = pd.to_datetime(btc.iloc[:, 0])
    close = btc["close"] if "close" in btc else btc.iloc[:, 4]
    last = close.iloc[ts.argmax()]
    days = pd.Series(close.to_numpy(), index=ts).sort_index().groupby(lambda t: t.date()).last()
    prev = days.iloc[-2]
    b = got["BTCUSD"]
    assert b.last_price == float(last) and b.previous_close == float(prev)
    assert b.change_pct == round((last / prev - 1) * 100, 4)
    assert b.as_of == ts.max().strftime("%Y-%m-%dT%H:%M") + "Z"
    tool_ctx = ToolContext(user=LOCAL_USER, settings=embedded_settings, store=loaded_store, appdb=None)
    for sym in ("SPY", "SPX"):
        direct = market_tools.get_price(tool_ctx, market_tools.SymbolParams(symbol=sym))
        assert got[sym].last_price == direct["price"] and got[sym].as_of == direct["as_of"]
        assert got[sym].change_pct == direct["change_pct"]
        assert got[sym].status and got[sym].next_open        # the status stays
    prompt = build_system_prompt(ctx)
    assert f"BTCUSD (24/7): open, last {float(last):g}" in prompt and f"as of {b.as_of}" in prompt
    without = mem.context(ALICE, "t9", symbols=["SPY"], now=BLACK_FRIDAY_NOON_NY)
    assert without.market.instruments[0].last_price is None       # no store: statuses only
