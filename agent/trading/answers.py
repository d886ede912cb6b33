"""Trading answers with slots: every figure (fill price, quantity, cash, P&L) is a slot whose value
is read back from the account's records (the store), not from the tool's result or a model, and
code renders it in the user's language (agent/answer/slots.py, agent/answer/render.py).

`answer(store, user, tool, params, result, lang, starting_cash)` -> (text, slot values shown).
Before rendering, the tool's result is checked against the records it claims to have written (the
order, its fill, the account); a difference raises Mismatch and the caller says so instead.
"""
from __future__ import annotations

from typing import Any

from agent import lang as packs
from agent.answer.slots import SlotTable, fill
from agent.identity.models import User
from agent.market.tx import read
from agent.trading import service
from agent.trading.idempotency import ALREADY, alert_record
from agent.trading.texts import order_terms, ts_text

TOL = 1e-6
# Views of the packs' trading_words.answers section (agent/lang/_trading/)
_SIDE = packs.by_lang("trading_words", "answers", "side")
_T: dict[str, dict[str, str]] = packs.transposed("trading_words", "answers", "templates")


class Mismatch(Exception):
    """The tool's result disagrees with the account's records."""


def _t(key: str, lang: str) -> str:
    return _T[key].get(lang, _T[key]["en"])


def _same(a: Any, b: Any) -> bool:
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        return abs(float(a) - float(b)) <= TOL * max(1.0, abs(float(b)))
    return a == b


def _check(what: str, claimed: Any, recorded: Any) -> None:
    if not _same(claimed, recorded):
        raise Mismatch(f"{what}: the tool said {claimed!r}, the records say {recorded!r}")


def _order_slots(t: SlotTable, store, user: User, order_id: str, lang: str, claimed: dict) -> Any:
    o = service.get_order(store, user, order_id)
    for key in ("symbol", "side", "order_type", "quantity", "limit_price", "stop_price", "status"):
        _check(f"order.{key}", claimed.get(key), getattr(o, key))
    t.add("order.id", "label", o.order_id, kind="text")
    t.add("order.symbol", "label", o.symbol, kind="text")
    t.add("order.side", "label", _SIDE.get(lang, _SIDE["en"])[o.side], kind="text")
    t.add("order.quantity", "quantity", o.quantity, kind="number", param=True)
    t.add("order.terms", "label", order_terms(o.model_dump(), lang), kind="text")
    return o


def _fill_slots(t: SlotTable, store, user: User, order_id: str, claimed: dict) -> None:
    fills = [f for f in service.trade_history(store, user, limit=10**6) if f.order_id == order_id]
    if len(fills) != 1:
        raise Mismatch(f"order {order_id}: {len(fills)} fills recorded, expected 1")
    f = fills[0]
    _check("fill.price", claimed.get("price"), f.price)
    _check("fill.quantity", claimed.get("quantity"), f.quantity)
    t.add("fill.price", "fill_price", f.price, kind="price", symbol=f.symbol)
    t.add("fill.time", "label", ts_text(f.bar_ts), kind="text")


def _alert_slots(t: SlotTable, a: dict[str, Any]) -> None:
    t.add("alert.id", "label", a["alert_id"], kind="text")
    t.add("alert.symbol", "label", a["symbol"], kind="text")
    t.add("alert.condition", "label", a["condition"], kind="text")
    t.add("alert.price", "price", float(a["price"]), kind="price", param=True)


# Read answers (account, orders, alerts, fills) state the records' figures: each is a claim of the
# tool's own field ("get_portfolio.cash", "get_pending_orders.orders.limit_price"), shown as recorded.
def _account_text(t: SlotTable, store, user: User, data: dict, lang: str, cash0: float) -> str:
    acct = service.account(store, user, cash0)
    for key in ("cash", "equity", "realized_pnl", "unrealized_pnl"):
        _check(key, data.get(key), getattr(acct, key))
        t.add(key, key, getattr(acct, key), kind="number", tool="get_portfolio")
    as_of = ""
    if acct.as_of:
        t.add("as_of", "label", ts_text(acct.as_of), kind="text")
        as_of = _t("as_of", lang)
    text = _t("account", lang).replace("{as_of}", as_of)
    for k, p in enumerate(acct.positions, 1):
        t.add(f"p{k}.symbol", "symbol", p.symbol, kind="text")
        for key in ("quantity", "avg_price", "last_price", "unrealized_pnl"):
            t.add(f"p{k}.{key}", f"positions.{key}", getattr(p, key), kind="number", symbol=p.symbol,
                  tool="get_portfolio", exact=key == "quantity")
        text += _t("position", lang).replace("{p.", "{p%d." % k)
    return text if acct.positions else text + _t("no_positions", lang)


def _template(t: SlotTable, store, user: User, tool: str, result: dict, lang: str, cash0: float) -> str:
    data = result["data"]
    again = bool(data.get(ALREADY))
    if tool == "create_paper_order":
        _order_slots(t, store, user, data["order"]["order_id"], lang, data["order"])
        if data.get("fill"):
            _fill_slots(t, store, user, data["order"]["order_id"], data["fill"])
            return _t("again_filled" if again else "filled", lang)
        return _t("again_placed" if again else "placed", lang)
    if tool == "cancel_paper_order":
        _order_slots(t, store, user, data["order"]["order_id"], lang, data["order"])
        return _t("again_cancelled" if again else "cancelled", lang)
    if tool == "create_alert":
        alert = (alert_record(read(store), user, data["alert"]["alert_id"]) if again   # any status
                 else service.get_alert(store, user, data["alert"]["alert_id"]))
        for key in ("symbol", "condition", "price", "status"):
            _check(f"alert.{key}", data["alert"][key], getattr(alert, key))
        _alert_slots(t, alert.model_dump())
        return _t("again_alert" if again else "alert", lang)
    if tool in ("create_condition_alert", "delete_alert") and str(data["alert"]["alert_id"]).startswith("cnd_"):
        return _condition_alert(store, user, tool, data, lang, again)
    if tool == "delete_alert":
        if any(a.alert_id == data["alert"]["alert_id"] for a in service.list_alerts(store, user)):
            raise Mismatch(f"alert {data['alert']['alert_id']} is still recorded")
        _alert_slots(t, data["alert"])     # the record as it was, before the deletion
        return _t("again_deleted" if again else "deleted", lang)
    if tool == "get_portfolio":
        return _account_text(t, store, user, data, lang, cash0)
    return _lists(t, store, user, tool, data, lang)


def _condition_alert(store, user: User, tool: str, data: dict, lang: str, again: bool) -> str:
    """A statistics alert created or deleted, as its record says (agent/live/condition_alerts.py)."""
    from agent.live import condition_alerts

    alert = condition_alerts.get(store, user, data["alert"]["alert_id"])
    if tool == "delete_alert" and alert.status == "active":
        raise Mismatch(f"alert {alert.alert_id} is still active")
    key = "condition_deleted" if tool == "delete_alert" else "again_condition_alert" if again else "condition_alert"
    return _t(key, lang).replace("{id}", alert.alert_id) + alert.text.replace("{", "(").replace("}", ")") + "."


def _lists(t: SlotTable, store, user: User, tool: str, data: dict, lang: str) -> str:
    parts: list[str] = []
    if tool == "get_pending_orders":
        orders = service.list_orders(store, user, "pending")
        head, count = "orders", len(orders)
        for k, o in enumerate(orders, 1):
            shown = {}
            for key in ("quantity", "limit_price", "stop_price"):
                t.add(f"o{k}.{key}", f"orders.{key}", getattr(o, key), kind="number", symbol=o.symbol,
                      tool=tool, exact=True)
                shown[key] = "{o%d.%s}" % (k, key)
            parts.append(f" {o.order_id}: {order_terms(o.model_dump(), lang, shown)}.")
    elif tool == "list_alerts":
        alerts = service.list_alerts(store, user)
        head, count = "alerts", len(alerts)
        for k, a in enumerate(alerts, 1):
            t.add(f"a{k}.price", "alerts.price", a.price, kind="price", symbol=a.symbol, tool=tool, exact=True)
            parts.append(f" {a.alert_id}: {a.symbol} {a.condition} {{a{k}.price}} ({a.status}).")
        from agent.live import condition_alerts

        stats = condition_alerts.list_for(store, user)
        count += len(stats)
        parts += [f" {a.alert_id}: {a.text} ({a.status})." for a in stats]
    else:                                   # get_trade_history: newest first, as the tool lists them
        fills = service.trade_history(store, user, limit=10**6)[:data["count"]]
        head, count = "trades", len(fills)
        for k, f in enumerate(fills, 1):
            t.add(f"f{k}.price", "trades.price", f.price, kind="price", symbol=f.symbol, tool=tool)
            t.add(f"f{k}.quantity", "trades.quantity", f.quantity, kind="number", symbol=f.symbol, tool=tool,
                  exact=True)
            parts.append(f" {f.side} {{f{k}.quantity}} {f.symbol} @ {{f{k}.price}} ({ts_text(f.bar_ts)}).")
    _check("count", data["count"], count)
    t.add("count", "count", count, kind="count", tool=tool)
    return _t(head, lang) + "".join(parts)


def answer_with_claims(store, user: User, tool: str, result: dict, lang: str,
                       starting_cash: float) -> tuple[str, dict[str, Any], list[dict[str, Any]]]:
    """(the answer text, {slot name: value} of the figures it states, the claims among them: a
    read's figures, never the parameters the user typed). Raises Mismatch."""
    table = SlotTable()
    text = _template(table, store, user, tool, result, lang, starting_cash)
    rendered, claims = fill(text, table, lang)
    return rendered, {name: v.value for name, v in table.values.items()}, claims


def answer(store, user: User, tool: str, result: dict, lang: str,
           starting_cash: float) -> tuple[str, dict[str, Any]]:
    """(the answer text, {slot name: value} of the figures it states). Raises Mismatch."""
    text, values, _claims = answer_with_claims(store, user, tool, result, lang, starting_cash)
    return text, values
