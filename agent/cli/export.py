"""`askbar export REQUEST_ID|last --format csv|xlsx|ipynb [-o FILE] [--user U]`: an answered request
of the user as a file (agent/exports/). In process it reads the trace and runs the plan again on the
store; beside a running server it downloads GET /api/requests/{id}/export (agent/cli/remote.py)."""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

from agent.cli.main import BadInput, arg, command

DEFAULT_URL = "http://127.0.0.1:8000"   # the notebook's server when exported without one running


def latest_answered(rows: list[dict]) -> str:
    """`last`: the newest answered request of a history page."""
    rid = next((r["request_id"] for r in rows if r.get("status") == "answered"), None)
    if rid is None:
        raise BadInput("export: you have no answered request yet; ask something first")
    return rid


def write(body: bytes, request_id: str, fmt: str, out: str | None) -> int:
    from agent.exports.render import file_name

    if out == "-":
        sys.stdout.buffer.write(body)
        return 0
    path = Path(out or file_name(request_id, fmt))   # type: ignore[arg-type]
    try:
        path.write_bytes(body)
    except OSError as exc:
        raise BadInput(f"export: cannot write {path}: {exc.strerror or exc}") from None
    print(f"wrote {path} ({len(body)} bytes, {fmt}) for request {request_id}")
    return 0


@command("export", "export an answered request: claims and rows (csv, xlsx) or a notebook (ipynb)",
         arg("request_id", help="a request id (askbar history), or last"),
         arg("--format", required=True, choices=["csv", "xlsx", "ipynb"], help="the file's format"),
         arg("-o", "--output", help="the file to write (default askbar-ID.FORMAT; - for stdout)"),
         arg("--user", help="the user (default: the local user)"))
def cmd_export(args: argparse.Namespace) -> int:
    from agent.cli.main import open_market_store
    from agent.cli.memory import cli_user
    from agent.exports import render, request
    from agent.server.charts import chart_payload
    from agent.server.owners import owns
    from agent.settings import get_settings
    from agent.storage.traces import TraceStore

    user = cli_user(args)
    traces = TraceStore(get_settings())
    try:
        rid = args.request_id
        if rid == "last":
            rid = latest_answered(traces.recent(user.tenant_id, user.user_id, 200))
        record = traces.get(rid)
        if record is None or not owns(user, record):
            raise BadInput(f"export: no request {rid} of yours (see askbar history)")
        with open_market_store() as store:
            try:
                data = request.build(traces, store, record, chart_payload)
            except request.NotExportable as exc:
                raise BadInput(f"export: {exc}") from None
            body = render.render(data, render.check_format(args.format), DEFAULT_URL)
    finally:
        traces.close()
    return write(body, rid, args.format, args.output)
