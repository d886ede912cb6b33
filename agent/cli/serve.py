"""CLI: `askbar serve [--host 127.0.0.1] [--port 8000]` and `askbar replay REQUEST_ID [--json]`,
registered with agent.cli.main's @command registry like every subcommand. `python -m agent.cli.serve
serve --port 8000` (tests, benchmarks) runs the same `askbar` command line.
"""
from __future__ import annotations

import argparse
import socket
import sys

from agent.cli import server_file
from agent.cli.main import arg, command

SERVE_HELP = "start the HTTP server: chat UI at /, SSE API, LangGraph-compatible API"
REPLAY_HELP = "re-run a traced request with its recorded LLM outputs and print what changed"


def _users_check(host: str) -> str | None:
    """Why serving on `host` is refused (no users off loopback), or None."""
    from agent.server.auth import NoUsers, refuse_without_users
    from agent.settings import get_settings
    from agent.storage.appdb import AppDB

    appdb = AppDB(get_settings())        # closed before the server opens its own world
    try:
        refuse_without_users(appdb, host)
    except NoUsers as exc:
        return str(exc)
    finally:
        appdb.close()
    return None


def _saver_check() -> str | None:
    """Why the checkpoint saver cannot serve (agent/storage/saver_adapter.py), as one line, or None. The
    server checks again at start-up; here it is said without uvicorn's traceback."""
    import asyncio

    from agent.server.runtime import async_checkpointer
    from agent.settings import get_settings
    from agent.storage.saver_adapter import SaverMismatch, check_saver

    async def check() -> None:
        async with async_checkpointer(get_settings(), 4) as saver:  # 4: the pool's minimum size
            await check_saver(saver)

    try:
        asyncio.run(check())
    except SaverMismatch as exc:
        return str(exc)
    return None


@command("serve", SERVE_HELP, arg("--host", default="127.0.0.1"), arg("--port", type=int, default=8000))
def cmd_serve(args: argparse.Namespace) -> int:
    import os

    import uvicorn

    if reason := _users_check(args.host) or _saver_check():
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
    config = uvicorn.Config("server:app", host=args.host, port=args.port, log_level="warning",
                            lifespan="on", timeout_graceful_shutdown=30)
    try:
        recorded_server(config).run()
    finally:
        server_file.remove()
    return 0


def recorded_server(config):
    """A uvicorn Server that leaves its address in ASKBAR_HOME once it accepts requests, so the CLI
    becomes its client (uvicorn is imported only by `serve`, hence the class is made here)."""
    import uvicorn

    class RecordedServer(uvicorn.Server):
        async def startup(self, sockets=None) -> None:
            await super().startup(sockets)
            if self.started:
                server_file.record(self.config.host, self.config.port)

        async def shutdown(self, sockets=None) -> None:
            server_file.remove()  # first: uvicorn re-raises SIGTERM after shutdown, ending the process
            await super().shutdown(sockets)
    return RecordedServer(config)


@command("replay", REPLAY_HELP,
         arg("request_id", help="a request id (from askbar history, --json output or SSE run_start), "
                                "or 'last' for your latest request"),
         arg("--json", action="store_true", help="print the report as one JSON line"))
def cmd_replay(args: argparse.Namespace) -> int:
    from agent.cli.main import world
    from agent.cli.replay import print_report, replay
    from agent.deps import build_deps
    from agent.settings import get_settings
    from agent.storage.traces import TraceStore

    settings = get_settings()
    traces = TraceStore(settings)
    try:
        if args.request_id == "last":   # the local user's latest request (askbar history)
            latest = traces.recent("local", "local", 1)
            args.request_id = latest[0]["request_id"] if latest else "last"
        report = replay(args.request_id, traces, build_deps(settings, services=world(args)))
    except LookupError as exc:
        print(f"askbar replay: {exc}", file=sys.stderr)
        return 2
    finally:
        traces.close()
    return print_report(report, args.json)

if __name__ == "__main__":
    from agent.cli.main import main

    raise SystemExit(main())
