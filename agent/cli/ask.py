"""CLI handlers for the question side: ask, resume, eval (registered in agent/cli/main.py)."""
from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from agent.cli.main import BadInput, arg, command

if TYPE_CHECKING:  # the graph stack costs ~1 s to import: only the commands that ask load it
    from agent.service import AskResult


def _print(result: AskResult, as_json: bool) -> int:
    from agent.cli.views import print_result

    return print_result(result.model_dump(mode="json"), as_json)


def suggestion(result_interrupt: dict | None, answer: str) -> str:
    """A bare number answers with that numbered suggestion, as the human output offers."""
    options = (result_interrupt or {}).get("suggestions") or []
    if answer.strip().isdigit() and 1 <= int(answer) <= len(options):
        return options[int(answer) - 1]
    return answer


USER_HELP = "act as this user (NAME or TENANT/NAME, see askbar users list); default: the local user"


def _deps_for(args: argparse.Namespace, verb: str):
    """Deps running as --user (its plan, language, ...)."""
    from agent.cli.main import world
    from agent.deps import build_deps
    from agent.identity.cli_user import resolve_user

    services = world(args)
    deps = build_deps(services.settings, services=services)
    try:
        if args.user:     # the local user needs no app database
            deps.user = resolve_user(services.appdb, args.user)
    except LookupError as exc:
        raise BadInput(f"{verb}: {exc}") from None
    return deps


def _check_owner(session, args: argparse.Namespace, verb: str) -> None:
    """--thread must be the user's: another user's thread is "not found", as over HTTP."""
    from agent.identity.cli_user import check_thread_owner

    if not args.thread:
        return
    has_state = bool(session.graph.get_state(session._config(args.thread)).values)
    try:
        check_thread_owner(session.deps.settings, session.deps.user, args.thread, has_state)
    except LookupError as exc:
        raise BadInput(f"{verb}: {exc}") from None


def _register(deps, thread_id: str) -> None:
    from agent.identity.cli_user import register_thread

    register_thread(deps.settings, deps.user, thread_id)


def check_text(verb: str, text: str) -> None:
    if not text.strip():
        raise BadInput(f"{verb}: the text is empty")
    if "\x00" in text or any(0xD800 <= ord(c) <= 0xDFFF for c in text):
        raise BadInput(f"{verb}: the text has a NUL character or an unpaired surrogate; send plain Unicode text")


@command("ask", "ask a question about the loaded data",
         arg("question"), arg("--thread", help="continue a conversation thread"),
         arg("--user", help=USER_HELP),
         arg("--json", action="store_true", help="print the result object as one JSON line"))
def cmd_ask(args: argparse.Namespace) -> int:
    check_text("ask", args.question)
    from agent.cli import traced
    from agent.service import open_session

    deps = _deps_for(args, "ask")
    with open_session(deps) as session:
        _check_owner(session, args, "ask")
        result = traced.ask(session, args.question, thread_id=args.thread)
    _register(deps, result.thread_id)
    return _print(result, args.json)


@command("resume", "answer a clarification / no-data / confirm-plan question",
         arg("answer", help="the answer, or the number of a suggestion"),
         arg("--thread", required=True), arg("--user", help=USER_HELP), arg("--json", action="store_true"))
def cmd_resume(args: argparse.Namespace) -> int:
    check_text("resume", args.answer)
    from agent.cli import traced
    from agent.service import open_session

    deps = _deps_for(args, "resume")
    with open_session(deps) as session:
        _check_owner(session, args, "resume")
        snapshot = session.graph.get_state(session._config(args.thread))
        if not snapshot.interrupts:
            if snapshot.next:
                raise BadInput(f"resume: thread {args.thread}'s last request was cut off before it finished; "
                               f"ask the question again: askbar ask --thread {args.thread} \"...\"")
            raise BadInput(f"resume: thread {args.thread} is not waiting for an answer")
        answer = suggestion(snapshot.interrupts[0].value, args.answer)
        return _print(traced.resume(session, args.thread, answer), args.json)


@command("eval", "run evaluation cases (JSONL) and print the pass rate and each failure",
         arg("file"), arg("--json", action="store_true"))
def cmd_eval(args: argparse.Namespace) -> int:
    from agent.cli.evaluation import EVAL_USER, load_cases, print_report, run_eval
    from agent.cli.main import world
    from agent.deps import build_deps
    from agent.service import open_session

    try:
        cases = load_cases(args.file)
    except (OSError, ValueError) as exc:
        raise BadInput(f"eval: {exc}") from None
    services = world(args)
    deps = build_deps(services.settings, services=services)
    deps.user = EVAL_USER                 # its own user: evaluation never teaches the local user's memory
    deps.services.memory.forget(EVAL_USER)      # and each run starts from a blank memory
    with open_session(deps) as session:
        report = run_eval(session, cases)
    return print_report(report, args.json)
