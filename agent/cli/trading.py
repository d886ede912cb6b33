"""`askbar orders list`, `askbar alerts list`, `askbar portfolio`: the paper account from the shell.

--user U selects whose records to show: a user of the identity store (agent/identity, `askbar
users add`), by NAME, TENANT/NAME (or --tenant T) or user id; an unknown user is a one-line error
(exit 2). Without it, the local user. The CLI runs where the database lives (an operator's tool),
so it reads any user's records; every API and graph path gets the user from the token instead.
"""
from __future__ import annotations

import argparse
import json

from agent.cli.main import BadInput, arg, command, open_market_store
from agent.identity.models import LOCAL_USER, User

_WHO = (arg("--user", help="user name, TENANT/NAME or user id (default: the local user)"),
        arg("--tenant", default=None, help="tenant of --user, when its name is in several"),
        arg("--json", action="store_true", help="one JSON object on one line"))


def _user(args: argparse.Namespace) -> User:
    """The identity store's user --user names (never a User made up from the raw text)."""
    if not args.user:
        if args.tenant:
            raise BadInput("--tenant needs --user")
        return LOCAL_USER
    ref, tenant = args.user.strip(), (args.tenant or "").strip()
    if not ref or len(ref) > 200 or (args.tenant is not None and not tenant):
        raise BadInput(f"invalid --user {args.user!r}")
    if ref == LOCAL_USER.user_id and not tenant:
        return LOCAL_USER
    from agent.identity.users import IdentityError, UserStore
    from agent.settings import get_settings
    from agent.storage.appdb import open_appdb

    users = UserStore(open_appdb(get_settings()))     # process-wide, cached: not closed here
    try:
        return users.find(f"{tenant}/{ref}" if tenant else ref)
    except IdentityError as exc:
        by_id = None if tenant or "/" in ref else users.get(ref)
        if by_id is None:
            raise BadInput(f"unknown user: {exc}") from None
        return by_id


def _num(v) -> str:
    return "-" if v is None else f"{v:,.6f}".rstrip("0").rstrip(".")


def _list_action(args: argparse.Namespace) -> None:
    if args.action != "list":
        raise BadInput(f"unknown action {args.action!r} (use: list)")


@command("orders", "list a user's paper orders with their fills",
         arg("action", help="list"), *_WHO)
def cmd_orders(args: argparse.Namespace) -> int:
    from agent.trading import service

    _list_action(args)
    user = _user(args)
    with open_market_store() as store:
        orders = service.list_orders(store, user)
        fills = {f.order_id: f for f in service.trade_history(store, user, limit=10**6)}
    rows = []
    for o in orders:
        f = fills.get(o.order_id)
        rows.append({**o.model_dump(mode="json"), "fill_price": f.price if f else None,
                     "fill_bar_ts": f.bar_ts.isoformat() if f else None})
    if args.json:
        print(json.dumps({"user": user.user_id, "tenant": user.tenant_id, "orders": rows}))
        return 0
    if not rows:
        print(f"no paper orders for {user.tenant_id}/{user.user_id}")
        return 0
    print(f"{'order':<20} {'symbol':<7} {'side':<4} {'type':<10} {'qty':>8} {'limit':>10} "
          f"{'stop':>10} {'status':<9} fill (bar time UTC)")
    for r in rows:
        fill = f"{_num(r['fill_price'])} at {r['fill_bar_ts']}" if r["fill_price"] is not None else ""
        print(f"{r['order_id']:<20} {r['symbol']:<7} {r['side']:<4} {r['order_type']:<10} "
              f"{_num(r['quantity']):>8} {_num(r['limit_price']):>10} {_num(r['stop_price']):>10} "
              f"{r['status']:<9} {fill}")
    return 0


@command("alerts", "list a user's price alerts (active and fired)", arg("action", help="list"), *_WHO)
def cmd_alerts(args: argparse.Namespace) -> int:
    from agent.trading import service

    _list_action(args)
    user = _user(args)
    with open_market_store() as store:
        alerts = [a.model_dump(mode="json") for a in service.list_alerts(store, user)]
    if args.json:
        print(json.dumps({"user": user.user_id, "tenant": user.tenant_id, "alerts": alerts}))
        return 0
    if not alerts:
        print(f"no alerts for {user.tenant_id}/{user.user_id}")
        return 0
    print(f"{'alert':<20} {'symbol':<7} {'cond':<4} {'price':>10} {'status':<7} fired (price at bar time UTC)")
    for a in alerts:
        fired = f"{_num(a['fired_price'])} at {a['fired_bar_ts']}" if a["fired_bar_ts"] else ""
        print(f"{a['alert_id']:<20} {a['symbol']:<7} {a['condition']:<4} {_num(a['price']):>10} "
              f"{a['status']:<7} {fired}")
    return 0


@command("portfolio", "a user's paper positions, cash and P&L (marked at the last stored bar)", *_WHO)
def cmd_portfolio(args: argparse.Namespace) -> int:
    from agent.settings import get_settings
    from agent.trading import service

    user = _user(args)
    with open_market_store() as store:
        acct = service.account(store, user, get_settings().trading_starting_cash)
    if args.json:
        print(json.dumps({"user": user.user_id, "tenant": user.tenant_id, **acct.model_dump(mode="json")}))
        return 0
    print(f"cash {_num(round(acct.cash, 2))}, equity {_num(round(acct.equity, 2))}, realised P&L "
          f"{_num(round(acct.realized_pnl, 2))}, unrealised P&L {_num(round(acct.unrealized_pnl, 2))}"
          + (f" (as of {acct.as_of:%Y-%m-%d %H:%M} UTC)" if acct.as_of else ""))
    for p in acct.positions:
        print(f"  {p.symbol:<7} {_num(p.quantity):>8} @ {_num(round(p.avg_price, 4))} x{_num(p.multiplier)}"
              f"  last {_num(p.last_price)}  unrealised {_num(None if p.unrealized_pnl is None else round(p.unrealized_pnl, 2))}"
              f"  realised {_num(round(p.realized_pnl, 2))}")
    return 0
