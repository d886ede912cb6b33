"""The paper account of one user: place and cancel orders, alerts, positions, history.

Every function takes the user (from the token / --user, never from input) and reads or changes
only that user's rows. Writes run in one market-store transaction that, on Postgres, holds the
symbol's ingest lock, so an order is never placed half-way through a load of its symbol.
Refusals are ToolError("VALIDATION_ERROR", one clear line); another user's id is "not found".
"""
from __future__ import annotations

import uuid
from typing import Any

from agent.identity.models import User
from agent.market.tx import read, transaction
from agent.tools.spec import ToolError
from agent.trading import sql as Q
from agent.trading.evaluate import fill_and_note, last_bar, write_fills
from agent.trading.idempotency import alert_record, keyed_id, order_replay
from agent.trading.ledger import build_account
from agent.trading.models import Account, Alert, Fill, Order
from agent.trading.multipliers import multiplier
from agent.trading.params import CreateAlert, CreateOrder

_REQUIRED = {"market": (), "limit": ("limit_price",), "stop": ("stop_price",),
             "stop_limit": ("stop_price", "limit_price")}


def owner(user: User) -> dict[str, str]:
    return {"tenant_id": user.tenant_id, "user_id": user.user_id}


def _bad(message: str) -> ToolError:
    return ToolError("VALIDATION_ERROR", message)


def _last_bar_or_refuse(tx, symbol: str):
    bar = last_bar(tx, symbol)
    if bar is None:
        raise _bad(f"no stored bars for {symbol}: load them first (askbar load FILE --symbol {symbol})")
    return bar


def check_order(tx, user: User, p: CreateOrder, starting_cash: float) -> dict[str, Any]:
    """The seed's validateOrder: prices the type needs (and no others), data for the symbol, and
    for share/crypto buys enough cash after the buys already pending. Returns the market context."""
    need = _REQUIRED[p.order_type]
    for name in ("limit_price", "stop_price"):
        given = getattr(p, name) is not None
        if name in need and not given:
            raise _bad(f"a {p.order_type} order needs {name}")
        if name not in need and given:
            raise _bad(f"a {p.order_type} order takes no {name}")
    bar = _last_bar_or_refuse(tx, p.symbol)
    mult = multiplier(tx, p.symbol)
    margined = {r["symbol"] for r in tx.rows(Q.MARGINED_SYMBOLS)}
    if (p.symbol in margined or mult != 1) and not float(p.quantity).is_integer():
        # a futures contract (or any instrument with a contract multiplier) is indivisible
        raise _bad(f"{p.symbol} trades in whole contracts: quantity {p.quantity:g} is not a whole "
                   "number")
    if p.side == "buy" and p.symbol not in margined:
        ref = p.limit_price or p.stop_price or bar.close
        acct = _account(tx, user, starting_cash)
        reserved = sum(o.quantity * (o.limit_price or o.stop_price or 0) * multiplier(tx, o.symbol)
                       for o in _orders(tx, user, "pending") if o.side == "buy"
                       and o.symbol not in margined)
        cost = p.quantity * ref * mult
        if cost > acct.cash - reserved + 1e-9:
            raise _bad(f"not enough cash: {p.quantity:g} {p.symbol} at {ref:,.2f} costs {cost:,.2f}, "
                       f"available {acct.cash - reserved:,.2f}")
    _check_exposure(tx, user, p, bar.close, mult, margined, starting_cash)
    return {"last_bar_ts": bar.ts, "last_close": bar.close, "multiplier": mult}


# Initial margin held per futures position, as a fraction of its notional (CME's NQ and ES run at
# about 5-6 %): a paper account carries what a real one of its equity could (where a
# market buy of 1e308 NQ was filled and the account's equity became -inf).
FUTURES_MARGIN_RATE = 0.05


def _check_exposure(tx, user: User, p: CreateOrder, last: float, mult: float, margined: set[str],
                    starting_cash: float) -> None:
    """Refuse an order that grows a position past what the account's equity carries: futures at
    FUTURES_MARGIN_RATE of their notional (with the other futures positions' margin), a short sale
    of shares or coins at its full notional. Orders that reduce a position are never refused."""
    is_margined = p.symbol in margined
    if p.side == "buy" and not is_margined:
        return                      # cash buys: checked against the cash above
    acct = _account(tx, user, starting_cash)
    held = {pos.symbol: pos for pos in acct.positions}
    now = held[p.symbol].quantity if p.symbol in held else 0.0
    after = now + (p.quantity if p.side == "buy" else -p.quantity)
    if abs(after) <= abs(now):
        return
    ref = p.limit_price or p.stop_price or last
    rate = FUTURES_MARGIN_RATE if is_margined else 1.0
    need = abs(after) * ref * mult * rate
    others = sum(abs(pos.quantity) * (pos.last_price or pos.avg_price) * pos.multiplier
                 * FUTURES_MARGIN_RATE for pos in acct.positions
                 if pos.symbol in margined and pos.symbol != p.symbol)
    room = acct.equity - others
    if not need <= room + 1e-9:     # `not <=`: an overflow to inf or nan is refused too
        what = f"margin {rate:.0%} of" if is_margined else "short sale of"
        raise _bad(f"the account cannot carry this: {what} {abs(after):g} {p.symbol} at "
                   f"{ref:,.2f} needs {need:,.2f}, equity available {room:,.2f}")


def place_order(store, user: User, p: CreateOrder, starting_cash: float, key: str | None = None
                ) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Place the order; a market order fills now at the last stored bar's close ("as of" it).
    Returns the result and the notifications to publish once committed. With an idempotency
    `key` this user already placed an order with, nothing is placed: the result is that order's
    (agent/trading/idempotency.py), before any check that its own fill would now fail (cash)."""
    notes: list[dict[str, Any]] = []
    with transaction(store) as tx:
        tx.lock("askbar.ingest." + p.symbol)            # the store's per-symbol ingest lock
        done = keyed_id(tx, user, "order", key)
        if done:
            return order_replay(tx, user, done), []
        ctx = check_order(tx, user, p, starting_cash)
        tx.execute(Q.OPEN_ACCOUNT, {**owner(user), "starting_cash": starting_cash})
        row = {**owner(user), **p.model_dump(), "order_id": "ord_" + uuid.uuid4().hex[:16],
               "bar_ts": ctx["last_bar_ts"], "status": "pending", "closed_at": None,
               "client_key": key}
        if p.order_type == "market":
            row["status"] = "filled"
        if not tx.rows(Q.INSERT_ORDER, _order_params(row)):   # the key's order committed meanwhile
            return order_replay(tx, user, str(keyed_id(tx, user, "order", key))), []
        if p.order_type == "market":
            tx.execute(Q.MARK_FILLED, {"order_id": row["order_id"], "bar_ts": ctx["last_bar_ts"],
                                       "triggered": None})
            fill, note = fill_and_note(row, ctx["last_bar_ts"], ctx["last_close"], ctx["multiplier"])
            notes = write_fills(tx, [fill], [note])
        order = _order(tx, user, row["order_id"])
    result = {"order": order.model_dump(mode="json"), "as_of": ctx["last_bar_ts"].isoformat(),
              "multiplier": ctx["multiplier"]}
    if p.order_type == "market":
        result["fill"] = {"price": ctx["last_close"], "bar_ts": ctx["last_bar_ts"].isoformat(),
                          "quantity": p.quantity}
    return result, notes


def _order_params(row: dict[str, Any]) -> dict[str, Any]:
    keys = ("order_id", "tenant_id", "user_id", "symbol", "side", "order_type", "quantity",
            "limit_price", "stop_price", "status", "bar_ts", "closed_at", "client_key")
    return {k: row[k] for k in keys}


def _order(tx, user: User, order_id: str) -> Order:
    row = tx.one(Q.USER_ORDER, {**owner(user), "order_id": order_id})
    if row is None:
        raise _bad(f"order {order_id} not found")
    return Order(**row)


def _orders(tx, user: User, status: str | None = None) -> list[Order]:
    return [Order(**r) for r in tx.rows(Q.USER_ORDERS, {**owner(user), "status": status})]


def cancel_order(store, user: User, order_id: str) -> Order:
    with transaction(store) as tx:
        order = _order(tx, user, order_id)
        tx.lock("askbar.ingest." + order.symbol)
        order = _order(tx, user, order_id)              # re-read under the lock
        if order.status != "pending":
            raise _bad(f"order {order_id} is {order.status}, only a pending order can be cancelled")
        tx.execute(Q.CANCEL_ORDER, {**owner(user), "order_id": order_id})
        return _order(tx, user, order_id)


def get_order(store, user: User, order_id: str) -> Order:
    return _order(read(store), user, order_id)


def list_orders(store, user: User, status: str | None = None) -> list[Order]:
    return _orders(read(store), user, status)


def trade_history(store, user: User, limit: int = 20, symbol: str | None = None) -> list[Fill]:
    fills = [Fill(**r) for r in read(store).rows(Q.USER_FILLS, owner(user))]
    fills = [f for f in fills if symbol is None or f.symbol == symbol]
    return fills[-limit:][::-1]            # newest first


def _account(tx, user: User, starting_cash: float) -> Account:
    row = tx.one(Q.SELECT_ACCOUNT, owner(user))
    cash0 = float(row["starting_cash"]) if row else float(starting_cash)
    fills = tx.rows(Q.USER_FILLS, owner(user))
    marks = {}
    for sym in sorted({f["symbol"] for f in fills}):
        bar = last_bar(tx, sym)
        if bar is not None:
            marks[sym] = (bar.close, bar.ts)
    margined = {r["symbol"] for r in tx.rows(Q.MARGINED_SYMBOLS)}
    return build_account(cash0, fills, marks, margined)


def account(store, user: User, starting_cash: float) -> Account:
    return _account(read(store), user, starting_cash)


def create_alert(store, user: User, p: CreateAlert, cap: int = 0) -> Alert:
    return create_alert_once(store, user, p, None, cap)[0]


def create_alert_once(store, user: User, p: CreateAlert, key: str | None,
                      cap: int = 0) -> tuple[Alert, bool]:
    """(the new alert, False); with an idempotency `key` this user already used, (the alert it
    created, True) and nothing is written. `cap`: the user's active alerts allowed (0: any)."""
    with transaction(store) as tx:
        tx.lock("askbar.ingest." + p.symbol)
        done = keyed_id(tx, user, "alert", key)
        if done:
            return alert_record(tx, user, done), True
        if cap:
            row = tx.one(Q.COUNT_ACTIVE_ALERTS, owner(user))
            if row and int(row["n"]) >= cap:
                raise ToolError("LIMIT_REACHED", f"limit reached: at most {cap} active alerts per "
                                "user; delete one first")
        bar = _last_bar_or_refuse(tx, p.symbol)
        alert_id = "alr_" + uuid.uuid4().hex[:16]
        if not tx.rows(Q.INSERT_ALERT, {**owner(user), "alert_id": alert_id, "symbol": p.symbol,
                                        "condition": p.condition, "price": p.price,
                                        "message": p.message, "bar_ts": bar.ts, "client_key": key}):
            return alert_record(tx, user, str(keyed_id(tx, user, "alert", key))), True
        return _alert(tx, user, alert_id), False


def _alert(tx, user: User, alert_id: str) -> Alert:
    row = tx.one(Q.USER_ALERT, {**owner(user), "alert_id": alert_id})
    if row is None:
        raise _bad(f"alert {alert_id} not found")
    return Alert(**row)


def get_alert(store, user: User, alert_id: str) -> Alert:
    return _alert(read(store), user, alert_id)


def list_alerts(store, user: User, symbol: str | None = None) -> list[Alert]:
    return [Alert(**r) for r in read(store).rows(Q.USER_ALERTS, {**owner(user), "symbol": symbol})]


def delete_alert(store, user: User, alert_id: str) -> Alert:
    with transaction(store) as tx:
        alert = _alert(tx, user, alert_id)
        tx.execute(Q.DELETE_ALERT, {**owner(user), "alert_id": alert_id})
        return alert.model_copy(update={"status": "deleted"})
