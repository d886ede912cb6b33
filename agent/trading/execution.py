"""Run one trading tool for the graph through the ToolExecutor, as Deps.user (from the token, never
from the model or the question), and answer from the account's records (agent/trading/answers.py).

Used by the read-only path (positions, orders, alerts, fills: no confirmation) and by the
execute_action node after confirm_action (the exact confirmed tool and parameters).
"""
from __future__ import annotations

import logging
from typing import Any

from agent import lang as packs

log = logging.getLogger("askbar.trading")
_MISMATCH = packs.by_lang("trading_words", "answers", "mismatch")


def run_tool(state: dict[str, Any], deps, tool: str, params: dict[str, Any], lang: str,
             agent: str, key: str | None = None) -> dict[str, Any]:
    """The final state update: the answer (figures as validated slots), the tool's result in
    data.tool_results and the slot values shown in data.slots. `key`: the confirmed action's id,
    its idempotency key (agent/trading/idempotency.py)."""
    from agent.state import final
    from agent.tools.graph_step import executor_for_deps
    from agent.trading.answers import Mismatch, answer_with_claims

    result = executor_for_deps(deps).execute(tool, params, deps.user, lang=lang, idempotency_key=key)
    slots: dict[str, Any] = {}
    claims: list[dict[str, Any]] = []
    if not result["success"]:
        text = result["error"]["message"]
    else:
        cash0 = float(getattr(deps.settings, "trading_starting_cash", 100_000.0))
        try:
            text, slots, claims = answer_with_claims(deps.store, deps.user, tool, result, lang, cash0)
        except Mismatch as exc:
            log.error("trading answer not confirmed by the records: %s", exc,
                      extra={"request_id": state.get("request_id")})
            text = _MISMATCH.get(lang, _MISMATCH["en"])
    out = final(state, agent, text, claims=claims)
    out["data"] = {"results": [], "tool_results": [{"tool": tool, "params": params, **result}],
                   "slots": slots, "total_rows": 0}
    return out
