"""The `askbar` command line.

Each subcommand is one small function registered with @command (name, help, its arguments); main()
builds argparse from the registry. Subcommands defined in other modules register the same way and
are listed in COMMAND_MODULES so they are imported before parsing.

Exit codes (DESIGN.md): 0 ok, 2 bad input (one-line reason on stderr), 1 internal failure.
"""
from __future__ import annotations

import argparse
import importlib
import os
import sys
import traceback
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, Callable, Iterator, Sequence

from agent.market.errors import LoadError

# Modules that register more subcommands with @command (ask, resume, serve, replay, eval, ...).
COMMAND_MODULES: tuple[str, ...] = ("agent.cli.ask", "agent.cli.serve", "agent.cli.users",
                                   "agent.cli.news", "agent.cli.trading", "agent.cli.tools",
                                   "agent.cli.memory", "agent.cli.registry", "agent.cli.history",
                                   "agent.cli.export", "agent.cli.schedule", "agent.cli.feed")

REMOTE_MODULE = "agent.cli.remote"
# Commands that run through a running `askbar serve` on the same ASKBAR_HOME (agent/cli/remote.py).
REMOTE: frozenset[str] = frozenset({"ask", "resume", "data", "load", "demo", "tools", "memory", "orders",
                                    "alerts", "portfolio", "history", "replay", "mcp", "eval",
                                    "export", "schedule"})


class BadInput(Exception):
    """A user error outside file loading (bad flag value, unknown id): exit code 2."""


@dataclass
class Command:
    name: str
    help: str
    run: Callable[[argparse.Namespace], int]
    arguments: list[tuple[tuple, dict]] = field(default_factory=list)


COMMANDS: dict[str, Command] = {}


def arg(*flags: str, **kwargs: Any) -> tuple[tuple, dict]:
    """One argparse argument of a subcommand: arg("--symbol", required=True)."""
    return flags, kwargs


def command(name: str, help: str, *arguments: tuple[tuple, dict]):
    """Register `fn(args) -> exit code` as subcommand `name`."""
    def register(fn: Callable[[argparse.Namespace], int]):
        COMMANDS[name] = Command(name, help, fn, list(arguments))
        return fn
    return register


class _Parser(argparse.ArgumentParser):
    def error(self, message: str):  # one line, exit code 2 (argparse prints usage + message)
        print(f"askbar: error: {message} (see askbar {self.prog.split()[-1]} --help)"
              if " " in self.prog else f"askbar: error: {message}", file=sys.stderr)
        raise SystemExit(2)


def build_parser() -> argparse.ArgumentParser:
    for module in COMMAND_MODULES:
        importlib.import_module(module)
    parser = _Parser(prog="askbar", description="Plain-language questions over market data.")
    subs = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    for cmd in COMMANDS.values():
        sub = subs.add_parser(cmd.name, help=cmd.help, description=cmd.help)
        for flags, kwargs in cmd.arguments:
            sub.add_argument(*flags, **kwargs)
    return parser


# httpx's package __init__ imports its own console script (httpx._main) whenever click, rich and
# pygments are installed (they are: langgraph-cli needs them), and langgraph imports httpx through
# langgraph_sdk: ~0.10 s CPU of every in-process command (`ask`: 0.89 -> 0.77 s for `import
# langgraph.graph` alone, farm-bench median of 7). Nothing here runs `httpx` as a command; a None
# entry in sys.modules makes that one import fail, which httpx catches (it then defines a stub).
_NOT_IMPORTED = ("httpx._main",)


def main(argv: Sequence[str] | None = None) -> int:
    for name in _NOT_IMPORTED:
        sys.modules.setdefault(name, None)  # type: ignore[arg-type]
    try:
        args = build_parser().parse_args(argv)
    except SystemExit as exc:   # --help (0) or a bad flag (2)
        return int(exc.code or 0)
    try:
        return _dispatch(args)
    except (LoadError, BadInput) as exc:
        print(f"askbar: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("askbar: interrupted", file=sys.stderr)
        return 130
    except Exception as exc:   # internal failure: one line, full traceback only on request
        if getattr(exc, "is_config_error", False):   # a setting the operator must change (exit 2)
            print(f"askbar: {exc}", file=sys.stderr)
            return 2
        if busy := busy_home_message(exc):
            print(f"askbar: {busy}", file=sys.stderr)
            return 2
        if os.environ.get("ASKBAR_DEBUG"):
            traceback.print_exc()
        reason = " ".join(str(exc).split()) or type(exc).__name__
        print(f"askbar: internal error: {type(exc).__name__}: {reason[:500]}", file=sys.stderr)
        return 1


def _dispatch(args: argparse.Namespace) -> int:
    """Through the running server when there is one (its address in ASKBAR_HOME), else in process."""
    if args.command in REMOTE or args.command == "serve":
        from agent.cli.server_file import live_server

        url, why = live_server()
        if why:
            print(f"askbar: {why}", file=sys.stderr)
        if url and args.command == "serve":
            if not os.environ.get("ASKBAR_DATABASE_URL"):   # DuckDB admits one process per file
                raise BadInput(f"a server already runs on this ASKBAR_HOME at {url}; stop it first, or "
                               "use another ASKBAR_HOME")
            return COMMANDS[args.command].run(args)   # Postgres: several servers share a deployment
        if url:   # imported by name, like COMMAND_MODULES: the client modules import this one
            return importlib.import_module(REMOTE_MODULE).run(args, url)
    args.services = None
    try:
        return COMMANDS[args.command].run(args)
    finally:
        if args.services is not None:    # what the command opened of its world (world(args))
            args.services.close()


def world(args: argparse.Namespace) -> Any:
    """This command's services (agent/services.py: app database, memory, tools), opened on first
    use and closed when the command ends; a command that needs none opens nothing."""
    if getattr(args, "services", None) is None:
        from agent.services import Services
        from agent.settings import get_settings

        args.services = Services(get_settings())
    return args.services


@contextmanager
def open_market_store() -> Iterator[Any]:
    """The store the environment selects (ASKBAR_DATABASE_URL -> Postgres, else DuckDB)."""
    import agent.live  # noqa: F401 - and the statistics alerts' hook, after it
    import agent.trading  # noqa: F401 - registers its after-ingest hook (orders, alerts) with the stores
    from agent.market.factory import open_store
    from agent.settings import get_settings

    store = open_store(get_settings())
    try:
        yield store
    finally:
        store.close()


def _progress(message: str) -> None:
    print(f"askbar: {message}", file=sys.stderr, flush=True)


def _columns(value: str | None) -> list[str] | None:
    return [c.strip() for c in value.split(",")] if value else None


def busy_home_message(exc: BaseException) -> str | None:
    """One line for "another process (askbar serve) holds the DuckDB file", else None."""
    text = str(exc)
    if "Could not set lock on file" not in text and "Conflicting lock" not in text:
        return None
    pid = text.split("(PID ", 1)[1].split(")", 1)[0] if "(PID " in text else "?"
    return (f"the market store under ASKBAR_HOME is in use by another askbar process (PID {pid}, "
            "probably `askbar serve`); stop it, or ask through the server (POST /api/chat), or use "
            "Postgres (ASKBAR_DATABASE_URL) for several processes")


# ---- subcommands --------------------------------------------------------------------------------

@command("load", "load a bar file (CSV or Parquet) into the market store",
         arg("path", help="CSV (.csv, .csv.gz) or Parquet file"),
         arg("--symbol", required=True, help="symbol to store the bars under, e.g. NQ"),
         arg("--tz", help="time zone of naive timestamps (default: the instrument's)"),
         arg("--session", choices=["cme", "rth", "24h", "daily"], help="session rule override"),
         arg("--timestamp", choices=["start", "end"], default="start",
             help="whether timestamps mark the bar's start (default) or end"),
         arg("--columns", help="comma-separated column names for a header-less file, or to "
                               "rename a header's columns ('-' skips a column)"),
         arg("--multiplier", type=float, help="contract multiplier (currency per point per "
                                              "contract) for paper P&L; default: built-in (NQ 20)"))
def cmd_load(args: argparse.Namespace) -> int:
    from agent.market.ingest import load_file
    from agent.settings import get_settings
    from agent.trading.notify import publish

    if args.multiplier is not None and not 0 < args.multiplier < float("inf"):
        raise BadInput(f"--multiplier must be a positive number, not {args.multiplier:g}")
    with open_market_store() as store:
        r = load_file(store, args.path, args.symbol, tz=args.tz, session=args.session,
                      timestamp=args.timestamp, columns=_columns(args.columns), progress=_progress,
                      multiplier=args.multiplier)
        engine = store.engine
    publish(get_settings().redis_url, r.notifications)   # committed fills and alerts -> Redis
    from agent.cli.views import load_summary, print_load

    return print_load(load_summary(r, engine))


@command("data", "list the symbols in the market store: ranges and bar counts",
         arg("--json", action="store_true", help="one JSON object on one line"))
def cmd_data(args: argparse.Namespace) -> int:
    with open_market_store() as store:
        rows = store.summary()
    from agent.cli.views import DATA_KEYS, print_data

    return print_data([{k: getattr(r, k) for k in DATA_KEYS} for r in rows], args.json)


@command("demo", "seed the synthetic demo data set (deterministic, flagged synthetic)")
def cmd_demo(args: argparse.Namespace) -> int:
    from agent.market.demo import seed_demo

    with open_market_store() as store:
        reports = seed_demo(store, progress=_progress)
    from agent.cli.views import demo_summary, print_demo

    return print_demo(demo_summary(reports))


if __name__ == "__main__":
    sys.exit(main())
