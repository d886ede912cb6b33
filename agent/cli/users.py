"""`askbar users add|list|plan|revoke|token`: tenants, users and their API tokens (DESIGN.md
"Identity, tenants and plans"). The API token is printed once, at `add`; only its hash is stored."""
from __future__ import annotations

import argparse
import json
import sys

from agent.cli.main import BadInput, arg, command

USAGE = ("users add NAME [--tenant T] [--plan P] [--admin] | list | plan NAME PLAN | revoke NAME | "
         "jwt SUBJECT [--scopes read,write,trade,admin,registry]")


def _store():
    from agent.identity.users import UserStore
    from agent.settings import get_settings
    from agent.storage.appdb import open_appdb

    return UserStore(open_appdb(get_settings()))


LOCAL_DATA_NOTE = ("note: this is the first user, so a server on loopback now asks every caller for a "
                   "token; the local user's paper orders, alerts, watchlist, memory and conversations "
                   "stay the local user's and no longer show in the UI (they are not deleted: revoke "
                   "every user to get the local mode back)")


def _add(args: argparse.Namespace) -> int:
    store = _store()
    user, token = store.add(args.name, tenant=args.tenant or "default", plan=args.plan or "free",
                            admin=bool(args.admin),
                               **{k: v for k, v in (("language", args.language), ("timezone", args.timezone),
                                                    ("risk_profile", args.risk), ("experience", args.experience))
                                  if v})
    if args.json:
        print(json.dumps({"user": user.name, "tenant": user.tenant_id, "plan": user.plan, "token": token,
                          "user_id": user.user_id}))
        return 0
    print(token)
    print(f"user {user.tenant_id}/{user.name} ({user.plan}) created; the token above is shown only once",
          file=sys.stderr)
    if store.count_active() == 1:
        print(LOCAL_DATA_NOTE, file=sys.stderr)
    return 0


def _list(args: argparse.Namespace) -> int:
    rows = _store().list()
    if args.json:
        print(json.dumps({"users": rows}, default=str))
        return 0
    if not rows:
        print("no users: the server runs as the local user on loopback (askbar users add NAME)")
    for r in rows:
        print(f"{r['tenant_id']}/{r['name']:<20} {r['plan']:<8} {r['language']} {r['timezone']:<16} "
              f"{'active' if r['active'] else 'revoked'}")
    return 0


def _plan(args: argparse.Namespace) -> int:
    if not args.value:
        raise BadInput("users plan: say the plan: askbar users plan NAME free|pro|premium")
    user = _store().set_plan(args.name, args.value)
    print(json.dumps({"user": user.name, "tenant": user.tenant_id, "plan": user.plan}) if args.json
          else f"{user.tenant_id}/{user.name}: plan {user.plan}")
    return 0


def _revoke(args: argparse.Namespace) -> int:
    user = _store().revoke(args.name)
    print(json.dumps({"user": user.name, "tenant": user.tenant_id, "revoked": True}) if args.json
          else f"{user.tenant_id}/{user.name}: revoked (its tokens no longer work)")
    return 0


def _jwt(args: argparse.Namespace) -> int:
    from agent.identity.scopes import HELP, bad_scopes
    from agent.identity.service_tokens import ServiceTokenError, issue
    from agent.server.runtime import ServerSettings

    scopes = [s.strip() for s in (args.scopes or "").split(",") if s.strip()]
    if bad_scopes(scopes):
        raise BadInput(f"users jwt: unknown scope {bad_scopes(scopes)[0]!r}; scopes are {HELP}")
    try:
        token = issue(ServerSettings().jwt_secret or "", args.name, args.tenant or "default", scopes,
                      ttl_s=args.ttl, plan=args.plan)
    except ServiceTokenError as exc:
        raise BadInput(f"users jwt: {exc}") from None
    print(json.dumps({"token": token, "subject": args.name, "tenant": args.tenant or "default",
                      "scopes": scopes}) if args.json else token)
    return 0


ACTIONS = {"add": _add, "list": _list, "plan": _plan, "revoke": _revoke, "jwt": _jwt}


@command("users", "manage users and API tokens: add, list, plan, revoke, jwt (service token)",
         arg("action", choices=sorted(ACTIONS)),
         arg("name", nargs="?", help="user name, or TENANT/NAME when the name exists in several tenants"),
         arg("value", nargs="?", help="the new plan (users plan NAME PLAN)"),
         arg("--tenant", help="tenant of a new user (default: default)"),
         arg("--plan", choices=["free", "pro", "premium"], help="plan of a new user (default: free)"),
         arg("--language", choices=["en", "ru", "es"]), arg("--timezone"),
         arg("--risk", choices=["conservative", "moderate", "aggressive"]),
         arg("--experience", choices=["beginner", "intermediate", "advanced"]),
         arg("--scopes", help="comma-separated scopes of a service JWT: read (GET and chat), write "
                              "(memory, watchlist, alerts, registered tools), trade (paper orders), "
                              "admin (users, tenant tools), registry (the orchestrator: registry "
                              "callbacks and events); a request outside them is a 403"),
         arg("--admin", action="store_true",
             help="users add: a tenant admin (its tokens carry the admin scope: tenant tools)"),
         arg("--ttl", type=int, default=3600, help="service JWT lifetime in seconds"),
         arg("--json", action="store_true", help="one JSON object on one line"))
def cmd_users(args: argparse.Namespace) -> int:
    from agent.identity.users import IdentityError

    if args.action != "list" and not args.name:
        raise BadInput(f"users {args.action}: a name is required ({USAGE})")
    if args.action == "plan" and args.plan and not args.value:
        args.value = args.plan
    try:
        return ACTIONS[args.action](args)
    except IdentityError as exc:
        raise BadInput(f"users {args.action}: {exc}") from None
