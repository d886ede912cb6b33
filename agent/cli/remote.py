"""Each CLI command as a client of the running `askbar serve` (agent/cli/server_file.py finds it):
the same arguments, the same output (agent/cli/views.py prints both ways) and the same exit codes as
in process, through the server's HTTP API as the local user, ASKBAR_TOKEN's user or --user's.

agent/cli/main.py calls `run(args, url)` for the commands in REMOTE; anything else runs in process.
"""
from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from agent.cli import views
from agent.cli.client import Client, ServerError, segment, token_for
from agent.cli.main import BadInput


def _user_ref(args: argparse.Namespace) -> str | None:
    user, tenant = getattr(args, "user", None), getattr(args, "tenant", None)
    if tenant and not user:
        raise BadInput("--tenant needs --user")
    return f"{tenant}/{user}" if tenant and user else user


def _ask(c: Client, args: argparse.Namespace) -> int:
    from agent.cli.ask import check_text

    check_text("ask", args.question)
    body: dict[str, Any] = {"question": args.question}
    if args.thread:   # a thread the user names (as in process): made the caller's if it is new
        c.call("POST", "/threads", {"thread_id": args.thread, "if_exists": "do_nothing"})
        body["thread_id"] = args.thread
    if now := os.environ.get("ASKBAR_NOW"):
        body["now"] = now
    return views.print_result(c.run("/api/chat", body), args.json)


def _resume(c: Client, args: argparse.Namespace) -> int:
    from agent.cli.ask import check_text

    check_text("resume", args.answer)
    try:
        result = c.run(f"/api/chat/{segment(args.thread)}/resume", {"answer": args.answer})
    except ServerError as exc:
        if exc.code in ("not_waiting", "not_found", "unknown_thread"):
            raise BadInput(f"resume: thread {args.thread} is not waiting for an answer") from None
        raise
    return views.print_result(result, args.json)


def _data(c: Client, args: argparse.Namespace) -> int:
    return views.print_data(c.call("GET", "/api/data")["symbols"], args.json)


def _load(c: Client, args: argparse.Namespace) -> int:
    from agent.cli.main import _columns

    if args.multiplier is not None and not 0 < args.multiplier < float("inf"):
        raise BadInput(f"--multiplier must be a positive number, not {args.multiplier:g}")
    body = {"path": str(Path(args.path).expanduser().resolve()), "symbol": args.symbol, "tz": args.tz,
            "session": args.session, "timestamp": args.timestamp, "columns": _columns(args.columns),
            "multiplier": args.multiplier}
    print(f"askbar: loading {args.path} through the server at {c.url}", file=sys.stderr, flush=True)
    summary = c.call("POST", "/api/load", {k: v for k, v in body.items() if v is not None})
    return views.print_load(summary)


def _demo(c: Client, args: argparse.Namespace) -> int:
    return views.print_demo(c.call("POST", "/api/demo", {}))


def _tools(c: Client, args: argparse.Namespace) -> int:
    from agent.cli import tools

    # list and show read the server's catalogue: building the registry here (every handler's
    # imports) took seconds, the HTTP round trip takes milliseconds
    if args.action == "show":
        return _show_remote(c, args)
    if args.action == "list":
        return tools.print_list(c.call("GET", "/api/tools", query={"all": "1"})["tools"], args.json)
    if args.action == "export":            # the server's GET /api/tools?format=, for the caller's plan
        exported = c.call("GET", "/api/tools", query={"format": args.format})["tools"]
        print(tools.json.dumps(exported, ensure_ascii=False))
        return 0
    name = tools.need_name(args)
    params = tools.parse_args_json(args.args)
    result = c.call("POST", f"/api/tools/{segment(name)}", params, ok=(200, 429))
    if not isinstance(result, dict) or "success" not in result:
        raise ServerError(500, "bad_answer", f"unexpected answer from POST /api/tools/{name}")
    return tools.print_result(name, result, args.json)


def _show_remote(c: Client, args: argparse.Namespace) -> int:
    from agent.cli import tools
    from agent.cli.tool_show import render

    name = tools.need_name(args)
    try:
        info = c.call("GET", f"/api/tools/{segment(name)}")
    except ServerError as exc:
        if exc.status == 404:
            raise BadInput(f"tools show: no tool named {name!r} (see askbar tools list)") from None
        raise
    print(tools.json.dumps(info, ensure_ascii=False, default=str) if args.json else render(info))
    return 0


def _memory(c: Client, args: argparse.Namespace) -> int:
    from agent.cli.memory import print_forget, print_show

    if args.action == "show":
        if args.kind:
            raise BadInput("memory: --kind applies to forget only")
        return print_show(c.call("GET", "/api/memory"), args.json)
    return print_forget(c.call("DELETE", "/api/memory", query={"kind": args.kind}), args.json)


def _trading(path: str, printer: Callable[[dict, bool], int]) -> Callable[[Client, argparse.Namespace], int]:
    def run(c: Client, args: argparse.Namespace) -> int:
        if getattr(args, "action", "list") != "list":
            raise BadInput(f"unknown action {args.action!r} (use: list)")
        return printer(c.call("GET", path), args.json)
    return run


def _history(c: Client, args: argparse.Namespace) -> int:
    from agent.cli.history import print_history

    return print_history(c.call("GET", "/api/history", query={"limit": args.limit})["requests"], args.json)


def _replay(c: Client, args: argparse.Namespace) -> int:
    from agent.cli.replay import print_report

    if args.request_id == "last":
        latest = c.call("GET", "/api/history", query={"limit": 1})["requests"]
        args.request_id = latest[0]["request_id"] if latest else "last"
    try:
        report = c.call("POST", f"/api/traces/{segment(args.request_id)}/replay", {})
    except ServerError as exc:
        if exc.status == 404:
            print(f"askbar replay: {exc.message}", file=sys.stderr)
            return 2
        raise
    return print_report(report, args.json)


def _export(c: Client, args: argparse.Namespace) -> int:
    from agent.cli.export import latest_answered, write

    rid = args.request_id
    if rid == "last":
        rid = latest_answered(c.call("GET", "/api/history", query={"limit": 200})["requests"])
    body = c.download(f"/api/requests/{segment(rid)}/export", {"format": args.format})
    return write(body, rid, args.format, args.output)


def _schedule(c: Client, args: argparse.Namespace) -> int:
    from agent.cli.schedule import add_body, print_created, print_crons

    if args.action == "add":
        body = add_body(args)
        if args.thread:
            body.pop("on_run_completed")
            return print_created(c.call("POST", f"/threads/{segment(args.thread)}/runs/crons", body), args.json)
        return print_created(c.call("POST", "/runs/crons", body), args.json)
    if args.action == "list":
        return print_crons(c.call("POST", "/runs/crons/search", {"limit": 1000}), args.json)
    if not args.text:
        raise BadInput("schedule delete: give the schedule id (askbar schedule list)")
    c.call("DELETE", f"/runs/crons/{segment(args.text)}", ok=(204,))
    print(views.json.dumps({"deleted": args.text}) if args.json else f"deleted schedule {args.text}")
    return 0


def _mcp(c: Client, args: argparse.Namespace) -> int:
    from agent.cli.remote_mcp import serve_remote

    serve_remote(c, args)
    return 0


def _eval(c: Client, args: argparse.Namespace) -> int:
    from agent.cli.evaluation import print_report

    path = Path(args.file).expanduser().resolve()
    return print_report(c.call("POST", "/api/eval", {"path": str(path)}), args.json)


HANDLERS: dict[str, Callable[[Client, argparse.Namespace], int]] = {
    "ask": _ask, "resume": _resume, "data": _data, "load": _load, "demo": _demo, "tools": _tools,
    "memory": _memory, "orders": _trading("/api/orders", views.print_orders),
    "alerts": _trading("/api/alerts", views.print_alerts),
    "portfolio": _trading("/api/portfolio", views.print_portfolio),
    "history": _history, "replay": _replay, "mcp": _mcp, "eval": _eval, "export": _export,
    "schedule": _schedule,
}


def run(args: argparse.Namespace, url: str) -> int:
    """Run the parsed command through the server at `url`; server refusals become exit 2."""
    client = Client(url, token_for(_user_ref(args)))
    try:
        return HANDLERS[args.command](client, args)
    except ServerError as exc:
        if exc.status == 401:
            raise BadInput(f"the server at {url} requires a login: {exc.message} (set ASKBAR_TOKEN, or "
                           "--user NAME with ASKBAR_JWT_SECRET)") from None
        if 400 <= exc.status < 500:
            raise BadInput(exc.message) from None
        raise RuntimeError(f"through the server at {url}: {exc.message}") from None

