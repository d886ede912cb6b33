"""`askbar orders list`, `askbar alerts list`, `askbar portfolio`: the paper account from the shell.

--user U selects whose records to show: a user of the identity store (agent/identity, `askbar
users add`), by NAME, TENANT/NAME (or --tenant T) or user id; an unknown user is a one-line error
(exit 2). Without it, the local user. The CLI runs where the database lives (an operator's tool),
so it reads any user's records; every API and graph path gets the user from the token instead.
"""
from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from agent.cli.main import BadInput, arg, command, open_market_store

if TYPE_CHECKING:   # pydantic models: imported when a command runs, not for `askbar --help`
    from agent.identity.models import User

_WHO = (arg("--user", help="user name, TENANT/NAME or user id (default: the local user)"),
        arg("--tenant", default=None, help="tenant of --user, when its name is in several"),
        arg("--json", action="store_true", help="one JSON object on one line"))


def _user(args: argparse.Namespace) -> User:
    """The identity store's user --user names (never a User made up from the raw text)."""
    from agent.identity.models import LOCAL_USER

    if not args.user:
        if args.tenant:
            raise BadInput("--tenant needs --user")
        return LOCAL_USER
    ref, tenant = args.user.strip(), (args.tenant or "").strip()
    if not ref or len(ref) > 200 or (args.tenant is not None and not tenant):
        raise BadInput(f"invalid --user {args.user!r}")
    if ref == LOCAL_USER.user_id and not tenant:
        return LOCAL_USER
    from agent.cli.main import world
    from agent.identity.users import IdentityError, UserStore

    users = UserStore(world(args).appdb)      # this command's world: closed when it ends
    try:
        return users.find(f"{tenant}/{ref}" if tenant else ref)
    except IdentityError as exc:
        by_id = None if tenant or "/" in ref else users.get(ref)
        if by_id is None:
            raise BadInput(f"unknown user: {exc}") from None
        return by_id


def _list_action(args: argparse.Namespace) -> None:
    if args.action != "list":
        raise BadInput(f"unknown action {args.action!r} (use: list)")


@command("orders", "list a user's paper orders with their fills",
         arg("action", help="list"), *_WHO)
def cmd_orders(args: argparse.Namespace) -> int:
    from agent.cli import views

    _list_action(args)
    user = _user(args)
    with open_market_store() as store:
        return views.print_orders(views.orders_view(store, user), args.json)


@command("alerts", "list a user's price alerts (active and fired)", arg("action", help="list"), *_WHO)
def cmd_alerts(args: argparse.Namespace) -> int:
    from agent.cli import views

    _list_action(args)
    user = _user(args)
    with open_market_store() as store:
        return views.print_alerts(views.alerts_view(store, user), args.json)


@command("portfolio", "a user's paper positions, cash and P&L (marked at the last stored bar)", *_WHO)
def cmd_portfolio(args: argparse.Namespace) -> int:
    from agent.cli import views
    from agent.settings import get_settings

    user = _user(args)
    with open_market_store() as store:
        view = views.portfolio_view(store, user, get_settings().trading_starting_cash)
    return views.print_portfolio(view, args.json)
