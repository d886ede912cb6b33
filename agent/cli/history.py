"""`askbar history [--limit N] [--user U] [--json]`: the user's latest requests (asked from the CLI,
the UI or the API), newest first, each with the request id `askbar replay` takes."""
from __future__ import annotations

import argparse
import json
from typing import Any

from agent.cli.main import BadInput, arg, command


def print_history(rows: list[dict[str, Any]], as_json: bool) -> int:
    if as_json:
        print(json.dumps({"requests": rows}, ensure_ascii=False, default=str))
        return 0
    if not rows:
        print("no requests yet: ask something with askbar ask \"...\"")
        return 0
    for r in rows:
        text = r.get("question") if r.get("kind") != "resume" else f"(answer) {r.get('user_response') or ''}"
        text = " ".join(str(text or "").split())
        print(f"{str(r['created_at'])[:19]:<19}  {r['request_id']:<36}  {r.get('status') or '-':<13} "
              f"{text[:70]}")
    return 0


@command("history", "list your latest requests with their ids (for askbar replay ID)",
         arg("--limit", type=int, default=20, help="how many (1 to 200, default 20)"),
         arg("--user", help="the user (default: the local user)"),
         arg("--json", action="store_true", help="one JSON object on one line"))
def cmd_history(args: argparse.Namespace) -> int:
    from agent.cli.memory import cli_user
    from agent.settings import get_settings
    from agent.storage.traces import TraceStore

    if not 1 <= args.limit <= 200:
        raise BadInput(f"history: --limit must be from 1 to 200, not {args.limit}")
    user = cli_user(args)
    traces = TraceStore(get_settings())
    try:
        rows = traces.recent(user.tenant_id, user.user_id, args.limit)
    finally:
        traces.close()
    return print_history(rows, args.json)
