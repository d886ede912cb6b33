"""CLI: `askbar serve [--host 127.0.0.1] [--port 8000]` and `askbar replay REQUEST_ID [--json]`.

Registered with agent.cli's @command registry when this module is listed in COMMAND_MODULES;
`add_parsers(sub)` offers the same two subcommands to a plain argparse parser instead (use one or
the other). Also runnable alone: `python -m agent.cli_serve serve --port 8000`.
"""
from __future__ import annotations

import argparse
import json
import socket
import sys
from typing import Sequence

SERVE_HELP = "start the HTTP server: chat UI at /, SSE API, LangGraph-compatible API"
REPLAY_HELP = "re-run a traced request with its recorded LLM outputs and print what changed"


def busy_home_message(exc: BaseException) -> str | None:
    """One line for "another process (askbar serve) holds the DuckDB file", else None."""
    text = str(exc)
    if "Could not set lock on file" not in text and "Conflicting lock" not in text:
        return None
    pid = text.split("(PID ", 1)[1].split(")", 1)[0] if "(PID " in text else "?"
    return (f"the market store under ASKBAR_HOME is in use by another askbar process (PID {pid}, "
            "probably `askbar serve`); stop it, or ask through the server (POST /api/chat), or use "
            "Postgres (ASKBAR_DATABASE_URL) for several processes")


def _users_check(host: str) -> str | None:
    """Why serving on `host` is refused (no users off loopback), or None."""
    from agent.appdb import open_appdb
    from agent.server.auth import NoUsers, refuse_without_users
    from agent.settings import get_settings

    try:
        refuse_without_users(open_appdb(get_settings()), host)
    except NoUsers as exc:
        return str(exc)
    return None


def cmd_serve(args: argparse.Namespace) -> int:
    import os

    import uvicorn

    if reason := _users_check(args.host):
        print(f"askbar serve: {reason}", file=sys.stderr)
        return 2
    os.environ["ASKBAR_HOST"] = args.host  # ServerSettings.host: local mode only on loopback

    try:  # a clear one-line reason instead of a traceback when the port is taken
        with socket.socket() as s:
            s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            s.bind((args.host, args.port))
    except OSError as exc:
        print(f"askbar serve: cannot listen on {args.host}:{args.port}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    print(f"askbar: serving on http://{args.host}:{args.port}/", file=sys.stderr, flush=True)
    uvicorn.run("server:app", host=args.host, port=args.port, log_level="warning", lifespan="on",
                timeout_graceful_shutdown=30)
    return 0


def cmd_replay(args: argparse.Namespace) -> int:
    from agent.deps import build_deps
    from agent.replay import format_report, replay
    from agent.settings import get_settings
    from agent.traces import TraceStore

    settings = get_settings()
    traces = TraceStore(settings)
    try:
        report = replay(args.request_id, traces, build_deps(settings))
    except LookupError as exc:
        print(f"askbar replay: {exc}", file=sys.stderr)
        return 2
    finally:
        traces.close()
    if args.json:
        print(json.dumps({k: report[k] for k in ("request_id", "thread_id", "chain", "changed", "diffs",
                                                  "recorded_llm_outputs_used", "live_llm_calls")},
                         ensure_ascii=False, default=str))
    else:
        print(format_report(report))
    return 0


def _serve_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("--host", default="127.0.0.1")
    p.add_argument("--port", type=int, default=8000)


def _replay_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("request_id", help="a request id (from --json output, SSE run_start, or traces)")
    p.add_argument("--json", action="store_true", help="print the report as one JSON line")


def add_parsers(sub) -> None:
    """Adds serve and replay to an argparse subparsers object (handler = fn returning an exit code)."""
    _serve_args(p := sub.add_parser("serve", help=SERVE_HELP))
    p.set_defaults(handler=cmd_serve)
    _replay_args(p := sub.add_parser("replay", help=REPLAY_HELP))
    p.set_defaults(handler=cmd_replay)


def _register_with_cli() -> None:
    cli = sys.modules.get("agent.cli")
    if cli is None or not hasattr(cli, "command"):
        return
    cli.command("serve", SERVE_HELP, cli.arg("--host", default="127.0.0.1"),
                cli.arg("--port", type=int, default=8000))(cmd_serve)
    cli.command("replay", REPLAY_HELP, cli.arg("request_id", help="a traced request id"),
                cli.arg("--json", action="store_true"))(cmd_replay)


_register_with_cli()


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="askbar")
    add_parsers(parser.add_subparsers(dest="command", required=True))
    args = parser.parse_args(argv)
    return args.handler(args)


if __name__ == "__main__":
    raise SystemExit(main())
