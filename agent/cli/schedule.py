"""`askbar schedule add "QUESTION" --cron "0 17 * * 5" [--tz ZONE] [--thread ID] [--webhook URL]`,
`askbar schedule list`, `askbar schedule delete ID` (each with [--user U] [--json]): the user's
scheduled questions, the same objects as the LangGraph API's crons (agent/server/crons_api.py).

Schedules run inside `askbar serve` (every server ticks); beside a running server these commands go
through its /runs/crons routes (agent/cli/remote.py), otherwise they write the app database.
"""
from __future__ import annotations

import argparse
import json
from typing import Any

from agent.cli.main import BadInput, arg, command


def print_crons(crons: list[dict[str, Any]], as_json: bool) -> int:
    if as_json:
        print(json.dumps({"schedules": crons}, ensure_ascii=False, default=str))
        return 0
    if not crons:
        print('no schedules yet: askbar schedule add "QUESTION" --cron "0 17 * * 5"')
    for c in crons:
        q = " ".join(str((c.get("payload") or {}).get("input", {}).get("question") or "").split())
        print(f"{c['cron_id']}  {c['schedule']:<16} {c['timezone']:<20} next {c.get('next_run_date') or '-'}  {q[:60]}")
    return 0


def print_created(cron: dict[str, Any], as_json: bool) -> int:
    if as_json:
        print(json.dumps(cron, ensure_ascii=False, default=str))
    else:
        print(f"schedule {cron['cron_id']}: {cron['schedule']} ({cron['timezone']}), next run "
              f"{cron['next_run_date']}; answers arrive on your notifications while askbar serve runs")
    return 0


def add_body(args: argparse.Namespace) -> dict[str, Any]:
    """The cron body `add` sends (the LangGraph API's create)."""
    if not args.text or not args.text.strip():
        raise BadInput("schedule add: the question is empty")
    if not args.cron:
        raise BadInput('schedule add: --cron is required, e.g. --cron "0 17 * * 5"')
    body = {"assistant_id": "askbar", "schedule": args.cron, "input": {"question": args.text.strip()},
            "timezone": args.tz, "webhook": args.webhook, "on_run_completed": "keep"}
    return {k: v for k, v in body.items() if v is not None}


def _add(args: argparse.Namespace, user: Any) -> int:
    from agent.cli.main import world
    from agent.schedules.cron import CronError, check_schedule, check_timezone
    from agent.schedules.store import ScheduleStore, TooManySchedules
    from agent.schedules.webhook import WebhookRefused, check_webhook
    from agent.server.crons_api import cron_json

    settings, body = world(args).settings, add_body(args)
    try:
        cron, tz = check_schedule(args.cron), check_timezone(args.tz or user.timezone)
        webhook = check_webhook(args.webhook, settings.webhook_allowed_hosts) if args.webhook else None
    except (CronError, WebhookRefused) as exc:
        raise BadInput(f"schedule add: {exc}") from None
    if args.thread:
        from agent.identity.cli_user import check_thread_owner

        try:
            check_thread_owner(settings, user, args.thread, has_state=False)
        except LookupError as exc:
            raise BadInput(f"schedule add: {exc}") from None
        body.pop("on_run_completed")
    try:
        row = ScheduleStore(world(args).appdb).create(
            user, question=body["input"]["question"], payload=body, limit=settings.max_schedules_per_user,
            thread_id=args.thread, on_run_completed=None if args.thread else "keep", cron=cron, tz=tz,
            webhook=webhook)
    except TooManySchedules as exc:
        raise BadInput(f"schedule add: {exc}") from None
    return print_created(cron_json(row), args.json)


@command("schedule", "scheduled questions: add \"QUESTION\" --cron EXPR | list | delete ID",
         arg("action", choices=["add", "list", "delete"]),
         arg("text", nargs="?", help="add: the question; delete: the schedule id"),
         arg("--cron", help='add: a cron expression in your time zone, e.g. "0 17 * * 5" (Fridays 17:00)'),
         arg("--tz", help="add: an IANA time zone instead of yours, e.g. America/New_York"),
         arg("--thread", help="add: ask on this thread of yours (default: a new thread each time)"),
         arg("--webhook", help="add: also POST each answer to this URL (an allowed host)"),
         arg("--user", help="the user (default: the local user)"),
         arg("--json", action="store_true", help="one JSON object on one line"))
def cmd_schedule(args: argparse.Namespace) -> int:
    from agent.cli.main import world
    from agent.cli.memory import cli_user
    from agent.schedules.store import ScheduleStore
    from agent.server.crons_api import cron_json

    user = cli_user(args)
    if args.action == "add":
        return _add(args, user)
    store = ScheduleStore(world(args).appdb)
    if args.action == "list":
        return print_crons([cron_json(r) for r in store.search(user, limit=1000)], args.json)
    if not args.text:
        raise BadInput("schedule delete: give the schedule id (askbar schedule list)")
    if not store.delete(user, args.text):
        raise BadInput(f"schedule delete: no schedule {args.text} of yours (askbar schedule list)")
    print(json.dumps({"deleted": args.text}) if args.json else f"deleted schedule {args.text}")
    return 0
