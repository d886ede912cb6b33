"""`askbar tools list|call`, `askbar mcp` and `askbar load-fundamentals`."""
from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from agent.cli.main import BadInput, arg, command


@contextmanager
def tool_runtime(args: argparse.Namespace) -> Iterator[tuple[Any, Any]]:
    """(executor, user) of this command's world (agent/cli/main.py `world`): the environment's
    settings, app DB and memory, and the market store, closed when the command ends."""
    from agent.cli.main import world
    from agent.market.factory import open_store
    from agent.tools.users import UnknownUser, resolve_user

    services = world(args)
    settings = services.settings
    try:
        user = resolve_user(services.appdb, args.user)
    except UnknownUser as exc:
        raise BadInput(str(exc)) from None
    store = open_store(settings)
    try:
        services.store = store
        yield services.executor, user
    finally:
        store.close()


def parse_args_json(text: str | None) -> dict[str, Any]:
    if text is None or not text.strip():
        return {}
    try:
        value = json.loads(text)
    except json.JSONDecodeError as exc:
        raise BadInput(f"--args is not valid JSON: {exc.msg} at column {exc.colno}") from None
    if not isinstance(value, dict):
        raise BadInput("--args must be a JSON object, e.g. '{\"symbol\": \"NQ\"}'")
    return value


def catalogue(plan: Any) -> list[dict[str, Any]]:
    """`tools list` rows: every declared tool, and whether `plan` may use it."""
    from agent.tools.exports import catalogue_entry
    from agent.tools.registry import get_registry

    return [catalogue_entry(s, plan) for s in get_registry().all()]


def print_list(rows: list[dict[str, Any]], as_json: bool) -> int:
    if as_json:
        print(json.dumps({"tools": rows}, ensure_ascii=False))
        return 0
    print(f"{'name':<24} {'category':<10} {'plan':<8} {'per min':>7}  available")
    for r in rows:
        print(f"{r['name']:<24} {r['category']:<10} {r['required_plan']:<8} "
              f"{r['rate_limit']['per_minute'] or '-':>7}  {'yes' if r['available'] else 'no'}")
    return 0


# A refusal (the caller asked for something the tool will not do) is bad input, exit 2; a tool that
# failed while running is an internal failure, exit 1 (DESIGN.md "Exit codes").
INTERNAL_CODES = frozenset({"EXECUTION_ERROR"})


def print_result(name: str, result: dict[str, Any], as_json: bool) -> int:
    """The executor's result object as `tools call` prints it; the exit code from its error code."""
    if as_json:
        print(json.dumps(result, ensure_ascii=False, default=str))
    elif result["success"]:
        data = result["data"]
        text = data.get("text") if isinstance(data, dict) else None
        print(text or json.dumps(data, ensure_ascii=False, indent=2, default=str))
    if result["success"]:
        return 0
    err = result.get("error") or {}
    code = str(err.get("code") or "ERROR")
    print(f"askbar: tools call {name}: {code}: {' '.join(str(err.get('message') or '').split())}",
          file=sys.stderr)
    return 1 if code in INTERNAL_CODES else 2


def need_name(args: argparse.Namespace) -> str:
    if not args.name:
        raise BadInput(f"tools {args.action} needs a tool name, e.g. askbar tools {args.action} get_price"
                       + (" --args '{\"symbol\": \"NQ\"}'" if args.action == "call" else ""))
    return args.name


def _list(args: argparse.Namespace) -> int:
    with tool_runtime(args) as (_executor, user):
        rows = catalogue(user.plan)
    return print_list(rows, args.json)


def _call(args: argparse.Namespace) -> int:
    name = need_name(args)
    params = parse_args_json(args.args)
    with tool_runtime(args) as (executor, user):
        result = executor.execute(name, params, user)
    return print_result(name, result, args.json)


def _show(args: argparse.Namespace) -> int:
    from agent.cli.tool_show import describe, render

    name = need_name(args)
    info = describe(name)
    if info is None:
        raise BadInput(f"tools show: no tool named {name!r} (see askbar tools list)")
    print(json.dumps(info, ensure_ascii=False, default=str) if args.json else render(info))
    return 0


def _export(args: argparse.Namespace) -> int:
    from agent.tools.exports import export_tools
    from agent.tools.registry import get_registry

    with tool_runtime(args) as (_executor, user):   # the tools the user's plan allows
        print(json.dumps(export_tools(get_registry(), user.plan, args.format), ensure_ascii=False))
    return 0


@command("tools", "list the tools, show one's parameters, call one through the executor "
                  "(plan, rate limit, cache, log), or export them for a client (OpenAI tools, "
                  "Gemini declarations, MCP tools)",
         arg("action", choices=["list", "show", "call", "export"],
             help="list | show NAME | call NAME | export --format F"),
         arg("name", nargs="?", help="tool name (show, call), e.g. get_price"),
         arg("--args", help="the tool's parameters as a JSON object"),
         arg("--user", help="run as this user (default: the local user)"),
         arg("--json", action="store_true", help="one JSON object on one line"),
         arg("--format", choices=["openai", "gemini", "mcp"], default="openai",
             help="export: the client's format (a JSON array on one line)"))
def cmd_tools(args: argparse.Namespace) -> int:
    return {"list": _list, "show": _show, "call": _call, "export": _export}[args.action](args)


@command("mcp", "serve the tools over MCP (stdio or streamable HTTP) as one user",
         arg("--user", help="the user the tools run as (default: the local user)"),
         arg("--transport", choices=["stdio", "http"], default="stdio"),
         arg("--host", default="127.0.0.1"), arg("--port", type=int, default=8765))
def cmd_mcp(args: argparse.Namespace) -> int:
    from agent.tools.mcp_server import serve

    with tool_runtime(args) as (executor, user):
        serve(executor, user, transport=args.transport, host=args.host, port=args.port)
    return 0


@command("load-fundamentals", "load a fundamentals CSV (symbol, period_end, revenue, eps, pe, ...)",
         arg("path", help="CSV file"))
def cmd_load_fundamentals(args: argparse.Namespace) -> int:
    from agent.cli.main import world
    from agent.tools.fundamentals import load_fundamentals

    report = load_fundamentals(world(args).appdb, args.path)
    print(f"fundamentals: {report['values']:,} values, {report['periods']:,} periods, "
          f"symbols {', '.join(report['symbols'])}", file=sys.stdout)
    return 0
