"""`askbar users add|list|plan|revoke|token`: tenants, users and their API tokens (DESIGN.md
"Identity, tenants and plans"). The API token is printed once, at `add`; only its hash is stored."""
from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from agent.cli.main import BadInput, arg, command

USAGE = ("users add NAME [--tenant T] [--plan P] [--admin] [--claim-local] | claim NAME | list | plan NAME PLAN | revoke NAME | "
         "jwt SUBJECT [--scopes read,write,trade,admin,registry]")


def _store(args: argparse.Namespace) -> Any:
    from agent.cli.main import world
    from agent.identity.users import UserStore

    return UserStore(world(args).appdb)


LOCAL_DATA_NOTE = ("note: this is the first user, so a server on loopback now asks every caller for a "
                   "token; the local user's paper orders, alerts, watchlist, memory and conversations "
                   "stay the local user's and no longer show in the UI (not deleted: `askbar users "
                   "claim {name}` hands them to {name}, or revoke every user to get the local mode back)")
KEPT = "stays the local user's (askbar users claim NAME hands it over)"


def _claim_guard(name: str) -> None:
    """--claim-local moves rows in the market store, which a server on the embedded engine holds."""
    import os

    from agent.cli.server_file import live_server

    url, _ = live_server()
    if url and not os.environ.get("ASKBAR_DATABASE_URL"):
        raise BadInput(f"users: claiming the local user's data needs the market store, which the server at "
                       f"{url} holds; stop `askbar serve`, then run `askbar users claim {name}`")


def _claim(target, dry_run: bool = False) -> dict:
    from agent.cli.claim import ClaimRefused, claim_local
    from agent.settings import get_settings

    try:
        return claim_local(get_settings(), target, dry_run=dry_run)
    except ClaimRefused as exc:
        raise BadInput(f"users: {exc}") from None


def _report(user, moved: dict | None) -> dict:
    from agent.cli.claim import summary

    if moved is None:
        return {"claimed": False, "local_data": KEPT}
    print(f"moved the local user's data to {user.tenant_id}/{user.name}: {summary(moved)}", file=sys.stderr)
    return {"claimed": True, "moved": moved}


def _add(args: argparse.Namespace) -> int:
    import uuid

    from agent.identity.models import User

    store = _store(args)
    tenant = args.tenant or "default"
    if args.claim_local:   # refuse before the user exists: nothing half done
        _claim_guard(args.name)
        _claim(User(user_id=f"new-{uuid.uuid4().hex}", tenant_id=tenant, name=args.name), dry_run=True)
    user, token = store.add(args.name, tenant=tenant, plan=args.plan or "free",
                            admin=bool(args.admin),
                            **{k: v for k, v in (("language", args.language), ("timezone", args.timezone),
                                                 ("risk_profile", args.risk), ("experience", args.experience))
                               if v})
    first = store.count_active() == 1
    if not args.json:
        print(token)
        print(f"user {user.tenant_id}/{user.name} ({user.plan}) created; the token above is shown only once",
              file=sys.stderr)
    local = _report(user, _claim(user) if args.claim_local else None)
    if first and not args.claim_local and not args.json:
        print(LOCAL_DATA_NOTE.format(name=user.name), file=sys.stderr)
    if args.json:
        print(json.dumps({"user": user.name, "tenant": user.tenant_id, "plan": user.plan, "token": token,
                          "user_id": user.user_id, "local_data": local}))
    return 0


def _claim_cmd(args: argparse.Namespace) -> int:
    _claim_guard(args.name)
    user = _store(args).find(args.name)
    local = _report(user, _claim(user))
    if args.json:
        print(json.dumps({"user": user.name, "tenant": user.tenant_id, "local_data": local}))
    return 0


def _list(args: argparse.Namespace) -> int:
    rows = _store(args).list()
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
    user = _store(args).set_plan(args.name, args.value)
    print(json.dumps({"user": user.name, "tenant": user.tenant_id, "plan": user.plan}) if args.json
          else f"{user.tenant_id}/{user.name}: plan {user.plan}")
    return 0


def _revoke(args: argparse.Namespace) -> int:
    user = _store(args).revoke(args.name)
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


ACTIONS = {"add": _add, "claim": _claim_cmd, "list": _list, "plan": _plan, "revoke": _revoke, "jwt": _jwt}


@command("users", "manage users and API tokens: add, claim, list, plan, revoke, jwt (service token)",
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
         arg("--claim-local", action="store_true",
             help="users add: hand the local user's data (paper orders, fills, alerts, notifications, "
                  "watchlist, tool log, registered tools, memory, conversations and traces) to the new "
                  "user; without it they stay the local user's and no longer show once users exist. "
                  "`users claim NAME` does the same for an existing user without data of its own"),
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
