"""The graph's trading step: a trading request in EN/RU/ES (agent/trading/commands.py) becomes
either a finished read-only answer (positions and P&L, orders, alerts, fills) or a PendingAction
for the confirm_action interrupt (orders, alerts, cancellations), never an executed change.

Hooked into the understander with one call (`trading_turn`), before the catalogue tools, so "alert
me when SPY price is above 520" is an alert and not a price quote. The user is always Deps.user.
Before asking, the request is checked as the executor would (plan, parameters, the tool's
validator), so the user is never asked to confirm something that will be refused.
"""
from __future__ import annotations

import logging
import re
from typing import Any

from agent import lang as packs
from agent.nlu.lang import language_evidence
from agent.state import Intent
from agent.trading.commands import TradingCommand, parse_trading_command
from agent.trading.confirmation import new_action

log = logging.getLogger("askbar.trading")

# Trading vocabulary per language: the generic detector counts "a" as English ("compra 2 NQ a
# mercado"), so the request's own trading words decide first.
def _cues(code: str) -> re.Pattern[str]:
    return re.compile(r"(?<![\w])(?:" + "|".join(packs.get(code, "trading_words", "language_cues")) + r")(?![\w])",
                      re.I)


_ES = _cues("es")
_EN = _cues("en")
_ASK: dict[str, dict[str, str]] = packs.transposed("trading_words", "ask")


def text_lang(text: str, default: str = "en") -> str:
    lang, strong = language_evidence(text)
    if lang == "ru":
        return lang
    es, en = len(_ES.findall(text)), len(_EN.findall(text))
    if es != en:
        return "es" if es > en else "en"
    return lang if strong else default


def _say(key: str, lang: str, **values: Any) -> str:
    return _ASK[key].get(lang, _ASK[key]["en"]).format(**values)


def _target(cmd: TradingCommand, deps, lang: str) -> tuple[TradingCommand, str | None]:
    """"cancel my alert" without an id: the only active alert / pending order, else ask which."""
    from agent.trading import service

    if cmd.tool == "delete_alert":
        from agent.live import condition_alerts

        key, ids = "alert_id", [a.alert_id for a in service.list_alerts(deps.store, deps.user)
                                if a.status == "active"]
        ids += [a.alert_id for a in condition_alerts.list_for(deps.store, deps.user) if a.status == "active"]
    else:
        key, ids = "order_id", [o.order_id for o in service.list_orders(deps.store, deps.user, "pending")]
    if len(ids) == 1:
        return TradingCommand(tool=cmd.tool, params={key: ids[0]}, mutates=True), None
    if not ids:
        return cmd, _say("none_alert" if key == "alert_id" else "none_order", lang)
    return cmd, _say("which", lang, ids=", ".join(ids))


def _refusal(cmd: TradingCommand, deps, lang: str) -> str | None:
    """The executor's own refusal (plan, parameters, validator) before the user is asked."""
    from pydantic import ValidationError

    from agent.identity.models import plan_allows
    from agent.tools import messages
    from agent.tools.executor import _validation_detail
    from agent.tools.graph_step import executor_for_deps
    from agent.tools.registry import get_registry
    from agent.tools.spec import ToolError

    spec = get_registry().get(cmd.tool)
    if spec is None:
        return messages.text("not_found", lang, name=cmd.tool)
    if not plan_allows(deps.user.plan, spec.required_plan):
        return messages.upgrade_message(deps.user.plan, spec.required_plan, lang)
    try:
        model = spec.params.model_validate(cmd.params)
    except ValidationError as exc:
        return messages.text("validation", lang, name=spec.name, detail=_validation_detail(exc))
    try:
        if spec.validator:
            # the executor's own context for this user, as execute() will build it
            spec.validator(executor_for_deps(deps)._context(deps.user, {}), model)
    except ToolError as exc:
        from agent.trading.refusals import localise
        return localise(exc.message, lang)
    return None


def _context(cmd: TradingCommand, deps) -> dict[str, Any]:
    """Preview facts for the confirmation text: the bar a market order fills at, the record a
    cancellation removes (read as the user, so another user's id is simply not found)."""
    from agent.market.tx import read
    from agent.trading import service
    from agent.trading.evaluate import last_bar

    p = cmd.params
    if cmd.tool == "create_paper_order" and p.get("order_type") == "market":
        bar = last_bar(read(deps.store), p["symbol"])
        # the user's time zone: the card says the bar's time as the user reads clocks
        return {"last_bar_ts": bar.ts.isoformat(), "tz": deps.user.timezone} if bar else {}
    if cmd.tool == "cancel_paper_order":
        return {"order": service.get_order(deps.store, deps.user, p["order_id"]).model_dump(mode="json")}
    if cmd.tool == "delete_alert" and str(p["alert_id"]).startswith("cnd_"):
        from agent.live import condition_alerts

        return {"alert": condition_alerts.get(deps.store, deps.user, p["alert_id"]).model_dump(mode="json")}
    if cmd.tool == "delete_alert":
        return {"alert": service.get_alert(deps.store, deps.user, p["alert_id"]).model_dump(mode="json")}
    if cmd.tool == "create_condition_alert":
        inst = deps.store.get_instrument(p["symbol"])
        return {"timezone": inst.timezone} if inst else {}
    return {}


def trading_turn(state: dict[str, Any], deps, ctx) -> dict[str, Any] | None:
    """The state update for a trading request, or None (not one: the normal path continues)."""
    from agent.state import final, visited
    from agent.tools.spec import ToolError

    question = state["question"]
    cmd = parse_trading_command(question, [i.symbol for i in ctx.instruments])
    if cmd is None:
        return None
    lang = text_lang(question, deps.user.language)
    symbol = cmd.params.get("symbol")
    intent = Intent(type="data", lang=lang, symbol=symbol, symbols=[symbol] if symbol else [])
    base = {"intent": intent.model_dump(mode="json"),
            "plan": {"steps": [{"action": "tool", "tool": cmd.tool, "params": cmd.params}]}}
    if not cmd.mutates:
        from agent.trading.execution import run_tool

        return {**base, **run_tool({**state, **base}, deps, cmd.tool, cmd.params, lang, "trading")}
    note = None
    if cmd.missing and cmd.tool in ("delete_alert", "cancel_paper_order"):
        cmd, note = _target(cmd, deps, lang)
    elif cmd.missing:
        first = {"price": "condition", "limit_price": "price", "stop_price": "price"}.get(cmd.missing[0], cmd.missing[0])
        note = _say(first, lang, symbol=symbol or "NQ",
                    known=", ".join(i.symbol for i in ctx.instruments) or "-")
    elif symbol and symbol not in {i.symbol for i in ctx.instruments}:   # "buy 3 ES" with no ES loaded
        note = _say("no_data", lang, symbol=symbol, known=", ".join(i.symbol for i in ctx.instruments) or "-")
    note = note or _refusal(cmd, deps, lang)
    if note:
        return {**final({**state, **base}, "trading", note), **base}
    try:
        context = _context(cmd, deps)
    except ToolError as exc:            # another user's id: "not found", nothing asked
        return {**final({**state, **base}, "trading", exc.message), **base}
    action = new_action(cmd.tool, cmd.params, context)
    _remember_pending(deps, state, {**action.model_dump(mode="json"), "action_id": action.action_id})
    return {**visited(state, "trading"), **base, "pending_action": action.model_dump(mode="json")}


def _remember_pending(deps, state: dict[str, Any], action: dict[str, Any]) -> None:
    """Short-term memory records the action awaiting a yes (best effort: never blocks the card)."""
    try:
        deps.services.memory.action_proposed(deps.user, state.get("session_id"), action)
    except Exception as exc:  # noqa: BLE001 - memory never breaks a turn
        log.warning("pending action not remembered: %s: %s", type(exc).__name__, exc)
