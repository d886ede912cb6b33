"""Benchmark (issue 11): LLM calls, tokens and cost per question type on the Gemini provider.

The whole graph runs in process on real data (NQ, SPY, SPX from shared/data in a fresh DuckDB)
with the Gemini provider pointed at the recording stub (tests/agent/llm/gemini_stub.py,
`realistic=True`): a local HTTP server speaking the Gemini REST protocol, never the real API.
- What the "model" answers: the offline provider's result for the same input, read back out of
  the request (question, intent, data payload), so plans and answers are realistic in shape and
  size and pass the validator like real ones would.
- Token counts are MEASURED on each exchange (prompt = system + contents + declarations, output =
  the answer) with cl100k_base as a stand-in tokenizer; thinking tokens are ASSUMED per requested
  level (tests/agent/llm/token_model.py: minimal 0, low 400, medium 1200, high/default 3000).
- Cost: the price table of agent/llm/usage.py for the model each call named, on two dates: now
  (2026-11-23, gemini-3.8-flash at its introductory price) and 2027-01-01 (its list price).

    python benchmarks/gemini_cost.py [--json benchmarks/results_gemini_cost.json] [--variants] [--breakdown]

`--variants` also runs every question with explicit cached content on (at the documented minimum,
and with the minimum lowered to 1,024 to show what it would save: issue 30), with no thinking
config (the models' default, which is how the provider called Gemini before issue 11) and with
the analyst and educator on gemini-3.5-flash-lite (the cheaper choice once gemini-3.8-flash leaves
its introductory price). `--breakdown` prints each call's prompt tokens by part (system
instruction / contents / declarations). Cached tokens bill at a tenth of the input price
(agent/llm/usage.py); a cache's storage per hour is not in these figures.
"""
from __future__ import annotations

import argparse
import json
import re
import sys
import tempfile
import uuid
from datetime import date
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from langgraph.checkpoint.memory import InMemorySaver  # noqa: E402

from agent.deps import build_deps  # noqa: E402
from agent.llm.offline.provider import OfflineProvider  # noqa: E402
from agent.llm.usage import call_cost, load_prices, price_for  # noqa: E402
from agent.market.duckdb_store import DuckDBStore  # noqa: E402
from agent.market.ingest import load_file  # noqa: E402
from agent.service import Session  # noqa: E402
from agent.settings import Settings  # noqa: E402
from agent.state import Intent  # noqa: E402
from query_builder.models import StepResult  # noqa: E402
from tests.agent.llm.gemini_stub import (GeminiStub, call, calling_config, dynamic,  # noqa: E402
                                         request_text, system_text, text)
from tests.agent.llm.token_model import prompt_parts  # noqa: E402

DATA = ROOT.parent / "shared" / "data"
SETS = [("nq_1min_firstrate/NQ_1min_sample.csv", "NQ"), ("spy_1min_2024/SPY_1min.csv", "SPY"),
        ("sp500_daily/chainins_GSPC.csv", "SPX")]
NOW = "2024-06-01"
PRICE_DATES = {"now": date(2026, 11, 23), "2027": date(2027, 1, 1)}
# (type, question, answers to interrupts in order)
QUESTIONS: list[tuple[str, str, list[str]]] = [
    ("simple", "What were NQ's high, low and close in November 2023?", []),
    ("simple", "Какой был максимум SPY в апреле 2024?", []),
    ("clarification + resume", "Show me the statistics", ["SPY, April 2024"]),
    ("events", "After SPX fell more than 4% in a day since 2000, what happened over the next 5 "
               "trading days?", []),
    ("compare", "Compara SPY en marzo y abril de 2024", []),
    ("concept", "What is a moving average?", []),
    ("mixed", "Что такое RSI и какой был RSI SPX на 2019-12-31?", []),
    ("one year", "SPX statistics for 2019", []),
    ("intraday", "How did SPY trade on 2024-03-15 between 10:00 and 12:00?", []),
    # the planner is offered the user's tools the question calls for (agent/tools/relevance.py)
    ("tool", "What is SPY trading at right now, and what was its high in April 2024?", []),
]
LANGS = {"English": "en", "Russian": "ru", "Spanish": "es"}


def tagged(body: str, tag: str, nth: int = 0) -> str | None:
    parts = re.findall(rf"<untrusted_{tag}>\n(.*?)\n</untrusted_{tag}>", body, re.S)
    return parts[nth] if len(parts) > nth else None


class OfflineModel:
    """Answers the stub's requests the way the offline provider answers the same input.

    The analyst's stand-in reads the intent and step results the provider's `analyze` was given
    (the ones its prompt was built from), not the request: the prompt carries each figure once, in the slot
    list, rendered for reading, which the offline templates cannot parse back (issue 30)."""

    def __init__(self, deps: Any):
        self.offline, self.deps = OfflineProvider(), deps
        self.results: list[StepResult] = []
        self.intent: Intent | None = None
        provider, analyze = deps.provider, deps.provider.analyze

        def recording(question, intent, results, lang, *args, **kwargs):
            self.intent, self.results = intent, list(results)
            return analyze(question, intent, results, lang, *args, **kwargs)
        provider.analyze = recording

    def __call__(self, req: dict[str, Any]):
        names = calling_config(req).get("allowedFunctionNames") or []
        body, ctx = request_text(req), self.deps.context(NOW)
        if "parse_intent" in names:
            return call("parse_intent", self._intent(body, ctx).model_dump(mode="json", exclude_none=True))
        if "submit_plan" in names:
            intent = Intent.model_validate_json(tagged(body, "data"))
            return call("submit_plan", self.offline.plan(intent, ctx).model_dump(mode="json", exclude_none=True))
        if "submit_answer" in names:
            return call("submit_answer", self._answer(body, ctx).model_dump(mode="json", exclude_none=True))
        if "Educator" in system_text(req):
            lang = next((c for n, c in LANGS.items() if f"Explain this concept in {n}" in body), "en")
            return text(self.offline.explain(tagged(body, "user_question"), lang))
        return text("Summary of the conversation.")

    def _intent(self, body: str, ctx: Any) -> Intent:
        history = [{"role": ln.split(": ", 1)[0], "content": ln.split(": ", 1)[-1]}
                   for ln in (tagged(body, "history") or "").splitlines() if ": " in ln]
        answer = tagged(body, "user_answer")
        if answer is not None:
            original = tagged(body, "user_question")
            try:
                original = Intent.model_validate_json(original)
            except ValueError:
                pass
            return self.offline.understand_with_answer(original, answer, history, ctx)
        return self.offline.understand(tagged(body, "user_question"), history, ctx)

    def _answer(self, body: str, ctx: Any):
        intent = self.intent
        return self.offline.analyze(tagged(body, "user_question"), intent, self.results, intent.lang,
                                    ctx=ctx)


def cost(records: list[dict[str, Any]], on: date) -> float | None:
    prices, total = load_prices(), 0.0
    for r in records:
        price = price_for(r["model"], prices, on)
        if price is None:
            return None
        total += call_cost(price, r["input"], r["output"] + r["thinking"], r["cached"])
    return round(total, 6)


def static_sizes() -> dict[str, int]:
    """Tokens of each agent's static part (system instruction + its declaration): what an explicit
    cache would hold, against the model's minimum (agent/llm/gemini_cache.py). The understander's
    and planner's declarations as a simple question is offered them (no backtest rule; the
    statistics action: agent/llm/request_decls.py); other questions carry other parts."""
    from agent.llm import prompts as P
    from agent.llm.gemini_cache import static_tokens
    from agent.llm.request_decls import intent_declaration, plan_declaration
    from agent.llm.schemas import SUBMIT_ANSWER, declarations

    stats = plan_declaration({"get_period_stats"})
    return {"understander": static_tokens(P.UNDERSTANDER_SYSTEM.format(safety=P.SAFETY), [intent_declaration(False)]),
            "planner": static_tokens(P.PLANNER_SYSTEM.format(safety=P.SAFETY), [stats]),
            "analyst": static_tokens(P.ANALYST_SYSTEM.format(safety=P.SAFETY), [declarations()[SUBMIT_ANSWER]]),
            "educator": static_tokens(P.EDUCATOR_SYSTEM.format(safety=P.SAFETY), None)}


def ask(session: Session, stub: GeminiStub, question: str, answers: list[str]) -> dict[str, Any]:
    first = len(stub.requests)
    thread = f"bench-{uuid.uuid4().hex[:8]}"
    result = session.ask(question, thread_id=thread, now=NOW)
    for answer in answers:
        result = session.resume(thread, answer)
    reqs = [r for r in stub.requests[first:] if r["method"] == "generateContent"]
    records = [{"model": r["model"], "input": (r.get("usage") or {}).get("promptTokenCount", 0),
                "cached": (r.get("usage") or {}).get("cachedContentTokenCount", 0),
                "parts": prompt_parts(r["body"]),
                "output": (r.get("usage") or {}).get("candidatesTokenCount", 0),
                "thinking": (r.get("usage") or {}).get("thoughtsTokenCount", 0),
                "function": (calling_config(r).get("allowedFunctionNames") or ["(text)"])[-1]}
               for r in reqs]
    return {"status": result.status, "validation": (result.validation or {}).get("status"),
            "calls": len(records), "functions": [r["function"] for r in records],
            "input_tokens": sum(r["input"] for r in records),
            "cached_tokens": sum(r["cached"] for r in records),
            "per_call": [{"function": r["function"], "input": r["input"], "cached": r["cached"],
                          **r["parts"]} for r in records],
            "output_tokens": sum(r["output"] for r in records),
            "thinking_tokens": sum(r["thinking"] for r in records),
            **{f"cost_{k}": cost(records, d) for k, d in PRICE_DATES.items()}}


AGENTS = ("understander", "planner", "analyst", "educator", "summarizer")
VARIANTS: dict[str, dict[str, Any]] = {
    "explicit cache on, documented minimum (4,096 for Gemini 3.x)": {"gemini_explicit_cache": True},
    "explicit cache on, minimum lowered to 1,024 (what it would save)": {
        "gemini_explicit_cache": True, "gemini_cache_min_tokens": 1024},
    "default thinking (no thinking config)": {f"gemini_thinking_{a}": "" for a in AGENTS},
    "analyst + educator on gemini-3.5-flash-lite": {"gemini_model_analyst": "gemini-3.5-flash-lite",
                                                   "gemini_model_educator": "gemini-3.5-flash-lite"},
}


def run(home: Path, store: DuckDBStore, extra: dict[str, Any]) -> list[dict[str, Any]]:
    stub = GeminiStub(realistic=True).start()
    try:
        settings = Settings(home=home, llm="gemini", gemini_api_key="bench", gemini_base_url=stub.url,
                            gemini_timeout_s=10.0, **extra)
        deps = build_deps(settings, store=store)
        model = OfflineModel(deps)
        stub.add(*[dynamic(model) for _ in range(400)])
        session = Session(deps, InMemorySaver())
        rows = []
        for kind, question, answers in QUESTIONS:
            rows.append({"type": kind, "question": question, **ask(session, stub, question, answers)})
        return rows
    finally:
        if "deps" in locals():
            deps.provider.cache.close()        # explicit caches are billed per hour: delete them
        stub.stop()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--json", type=Path, default=None, help="also write the figures here")
    ap.add_argument("--variants", action="store_true",
                    help="also run the variants (default thinking; a cheaper analyst model)")
    ap.add_argument("--breakdown", action="store_true",
                    help="also print each call's prompt tokens by part (system / contents / declarations)")
    args = ap.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        home = Path(tmp)
        store = DuckDBStore(home / "market.duckdb")
        for rel, sym in SETS:
            load_file(store, DATA / rel, sym)
        out = {"configured (settings defaults)": run(home, store, {})}
        for name, extra in VARIANTS.items() if args.variants else ():
            out[name] = run(home, store, extra)
        store.close()
    for name, rows in out.items():
        print(f"\n{name}")
        print("| type | question | status | calls | input | of it cached | output | thinking | $ now | $ 2027 |")
        print("|---|---|---|---|---|---|---|---|---|---|")
        for r in rows:
            print(f"| {r['type']} | {r['question'][:48]} | {r['status']}/{r['validation']} | {r['calls']} "
                  f"| {r['input_tokens']:,} | {r['cached_tokens']:,} | {r['output_tokens']:,} "
                  f"| {r['thinking_tokens']:,} | {r['cost_now']:.4f} | {r['cost_2027']:.4f} |")
    print("\nstatic part per agent (system instruction + declaration), tokens:", static_sizes())
    if args.breakdown:
        for r in out["configured (settings defaults)"]:
            print(f"\n{r['type']}: {r['question'][:60]}")
            for c in r["per_call"]:
                print(f"  {c['function']:>14}: system {c['system']:,} / contents {c['contents']:,} / "
                      f"declarations {c['declarations']:,} = {c['input']:,} (cached {c['cached']:,})")
    if args.json:
        args.json.write_text(json.dumps(out, indent=1, ensure_ascii=False), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
