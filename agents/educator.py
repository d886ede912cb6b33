"""Educator node: concept answers from the glossary (no data), the explanation half of mixed
questions, and honest answers for capabilities the system lacks (seed "graceful degradation")."""
from __future__ import annotations

from typing import Any

from langchain_core.runnables import RunnableConfig
from langgraph.runtime import Runtime

from agent.budget import OutOfTime, run_budgeted
from agent.deps import Deps
from agent.state import Intent, Lang
from agents.common import fallback_disclaimers, log_error, plain, visited, with_usage
from agents.node_state import EducatorIn, EducatorOut


def _explain(state: EducatorIn, deps: Deps, concept: str, lang: Lang, usage: list[dict[str, Any]],
             failures: list[BaseException], config: RunnableConfig | None = None) -> str:
    from agent.memory.hooks import with_memory

    try:
        ctx = with_memory(deps.context(state.get("now")), plain(state), deps, config)
        text: str = run_budgeted("educator", plain(state), deps.provider.explain, concept, lang, usage=usage, ctx=ctx)
        return text
    except OutOfTime:
        return str(deps.fallback.explain(concept, lang))
    except Exception as exc:  # the glossary is code and always answers
        log_error(state, "educator", exc, "warning")
        failures.append(exc)
        return str(deps.fallback.explain(concept, lang))


def _known(concept: str | None) -> bool:
    """The glossary explains the concept (its fallback is then a whole explanation)."""
    from agent.llm import glossary

    return concept is None or glossary.lookup(concept) is not None


def educator(state: EducatorIn, config: RunnableConfig, runtime: Runtime[Deps]) -> EducatorOut:
    deps = runtime.context
    intent = Intent.model_validate(state["intent"])
    parts: list[str] = []
    usage: list[dict[str, Any]] = []
    failures: list[BaseException] = []
    if intent.type == "mixed" and state.get("response"):
        parts.append(state["response"])
    if intent.unsupported:
        import capabilities

        parts.append(capabilities.degrade(intent.unsupported, intent.lang))
    if intent.concept:
        parts.append(_explain(state, deps, intent.concept, intent.lang, usage, failures, config))
    claims = state.get("claims") if intent.type == "mixed" else []
    return {**visited(state, "educator"), **with_usage(state, usage),
            **fallback_disclaimers(state, "educator", failures, intent.lang, complete=_known(intent.concept)),
            "response": "\n\n".join(p for p in parts if p),
            "claims": claims or []}
