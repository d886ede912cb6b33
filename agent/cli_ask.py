"""CLI handlers for the question side: ask, resume, eval (registered in agent/cli.py)."""
from __future__ import annotations

import argparse
import json
import sys

from typing import TYPE_CHECKING

from agent.cli import BadInput, arg, command

if TYPE_CHECKING:  # the graph stack costs ~1 s to import: only the commands that ask load it
    from agent.service import AskResult


def _print(result: AskResult, as_json: bool) -> int:
    if as_json:
        print(json.dumps(result.model_dump(mode="json"), ensure_ascii=False, default=str))
        return 0
    print(result.response)
    if result.interrupt:
        for i, s in enumerate(result.interrupt.get("suggestions") or [], 1):
            print(f"  {i}. {s}")
        print(f"\nanswer with: askbar resume --thread {result.thread_id} \"...\"")
    elif result.status != "error":
        print(f"\n[thread {result.thread_id}]", file=sys.stderr)
    return 1 if result.status == "error" else 0


def _suggestion(result_interrupt: dict | None, answer: str) -> str:
    """A bare number answers with that numbered suggestion, as the human output offers."""
    options = (result_interrupt or {}).get("suggestions") or []
    if answer.strip().isdigit() and 1 <= int(answer) <= len(options):
        return options[int(answer) - 1]
    return answer


@command("ask", "ask a question about the loaded data",
         arg("question"), arg("--thread", help="continue a conversation thread"),
         arg("--json", action="store_true", help="print the result object as one JSON line"))
def cmd_ask(args: argparse.Namespace) -> int:
    if not args.question.strip():
        raise BadInput("ask: the question is empty")
    from agent.service import open_session

    with open_session() as session:
        return _print(session.ask(args.question, thread_id=args.thread), args.json)


@command("resume", "answer a clarification / no-data / confirm-plan question",
         arg("answer", help="the answer, or the number of a suggestion"),
         arg("--thread", required=True), arg("--json", action="store_true"))
def cmd_resume(args: argparse.Namespace) -> int:
    from agent.service import open_session

    with open_session() as session:
        snapshot = session.graph.get_state(session._config(args.thread))
        if not snapshot.interrupts:
            raise BadInput(f"resume: thread {args.thread} is not waiting for an answer")
        answer = _suggestion(snapshot.interrupts[0].value, args.answer)
        return _print(session.resume(args.thread, answer), args.json)


@command("eval", "run evaluation cases (JSONL) and print the pass rate and each failure",
         arg("file"), arg("--json", action="store_true"))
def cmd_eval(args: argparse.Namespace) -> int:
    from agent.evaluation import load_cases, run_eval
    from agent.service import open_session

    try:
        cases = load_cases(args.file)
    except (OSError, ValueError) as exc:
        raise BadInput(f"eval: {exc}") from None
    with open_session() as session:
        report = run_eval(session, cases)
    if args.json:
        print(json.dumps(report, ensure_ascii=False, default=str))
        return 0
    print(f"passed {report['passed']}/{report['total']} ({report['pass_rate']} %)")
    for f in report["failures"]:
        print(f"FAIL {f['id']} [{f['status']}]: " + "; ".join(f["problems"]))
    return 0
