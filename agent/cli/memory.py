"""`askbar memory show|forget [--kind K] [--user U] [--json]`: see and delete what AskBar remembers."""
from __future__ import annotations

import argparse
import json
from typing import TYPE_CHECKING

from agent.cli.main import BadInput, arg, command

if TYPE_CHECKING:   # pydantic models: imported when a command runs, not for `askbar --help`
    from agent.identity.models import User


def cli_user(args: argparse.Namespace) -> User:
    """The user `--user` names: LOCAL_USER when absent; unknown names are bad input (exit 2)."""
    from agent.identity.models import LOCAL_USER

    name = args.user
    if name is None or name == LOCAL_USER.user_id:   # no app database needed
        return LOCAL_USER
    from agent.cli.main import world
    from agent.tools.users import resolve_user  # the CLI's one --user lookup (tools, mcp, memory)

    try:
        return resolve_user(world(args).appdb, name)   # this command's world: closed when it ends
    except ValueError as exc:
        raise BadInput(f"memory: {exc}") from None


def _show_text(data: dict) -> str:
    lt = data["long_term"]
    lines = [f"Memory of {data['user']} (tenant {data['tenant']})",
             f"  favourite symbols: {', '.join(lt['favorite_symbols']) or '-'}",
             f"  trading style:     {lt['trading_style'] or '-'}",
             f"  usual symbol:      {lt['preferences'].get('usual_symbol') or '-'}",
             f"  frequent questions: {len(lt['frequent_questions'])}",
             f"  recent strategies: {', '.join(s['name'] for s in lt['recent_strategies']) or '-'}",
             f"  notes:             {len(lt['notes'])}",
             f"  conversations:     {len(data['threads'])}",
             f"  short-term:        {'active' if data['short_term'] else '-'}"]
    lines += [f"    - {n}" for n in lt["notes"]]
    return "\n".join(lines)


@command("memory", "show or delete what AskBar remembers about a user",
         arg("action", choices=["show", "forget"]),
         arg("--kind", choices=["favorites", "style", "questions", "strategies", "notes", "preferences"],
             help="forget only this kind (default: everything)"),
         arg("--user", help="the user (default: the local user)"),
         arg("--json", action="store_true", help="print one JSON object"))
def cmd_memory(args: argparse.Namespace) -> int:
    from agent.cli.main import world

    user = cli_user(args)
    mem = world(args).memory
    if args.action == "show":
        if args.kind:
            raise BadInput("memory: --kind applies to forget only")
        return print_show(mem.export(user), args.json)
    return print_forget(mem.forget(user, (args.kind,) if args.kind else None), args.json)


def print_show(data: dict, as_json: bool) -> int:
    print(json.dumps(data, ensure_ascii=False, default=str) if as_json else _show_text(data))
    return 0


def print_forget(out: dict, as_json: bool) -> int:
    print(json.dumps(out, ensure_ascii=False) if as_json
          else f"forgot {len(out['deleted'])} item(s) for {out['user']}")
    return 0
