"""The notebook export (nbformat v4): it runs the request's plan again through the HTTP API
(POST /api/plans/run, as the token's user), puts each step's rows in a pandas DataFrame and
recomputes the answer's claims from them with agent/exports/recompute.py (its text is a cell).

The server's address and the token come from the environment of whoever runs it (ASKBAR_URL,
ASKBAR_TOKEN): a notebook never holds a secret.
"""
from __future__ import annotations

import json
from pathlib import Path

from agent.exports.request import ExportData

RECOMPUTE = Path(__file__).with_name("recompute.py")

_SETUP = '''import json
import os
import urllib.request

import pandas as pd

ASKBAR_URL = os.environ.get("ASKBAR_URL", {url!r})
ASKBAR_TOKEN = os.environ.get("ASKBAR_TOKEN")   # an API token of the request's owner
PLAN = json.loads({plan!r})
CLAIMS = json.loads({claims!r})'''

_RUN = '''def run_plan(steps):
    """POST /api/plans/run: each step's rows, computed now by the server's query builder."""
    headers = {"Content-Type": "application/json"}
    if ASKBAR_TOKEN:
        headers["Authorization"] = "Bearer " + ASKBAR_TOKEN
    req = urllib.request.Request(ASKBAR_URL.rstrip("/") + "/api/plans/run", method="POST", headers=headers,
                                 data=json.dumps({"steps": steps}).encode("utf-8"))
    with urllib.request.urlopen(req, timeout=600) as resp:
        return json.load(resp)["results"]


results = run_plan(PLAN["steps"]) if PLAN.get("steps") else []   # an answer without query steps
frames = [pd.DataFrame(r["rows"]) for r in results]
for r, frame in zip(results, frames):
    print(f"step {r['step'] + 1}: {r['action']} {r['symbol']}: {len(frame)} rows")
frames[0].head() if frames else None'''

_CHECK = '''check = recompute(CLAIMS, PLAN["steps"], frames)
check'''

_SUMMARY = '''summary = {"claims": len(check), "recomputed": int(check["recomputed"].notna().sum()),
           "matching": int((check["match"] == True).sum())}  # noqa: E712
done = check[check["recomputed"].notna()]
print(json.dumps({"summary": summary, "recomputed": dict(zip(done["type"], done["recomputed"]))}))'''


def to_ipynb(data: ExportData, url: str) -> bytes:
    import nbformat
    from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

    intro = (f"# AskBar: {data.question}\n\n**Answer** (request `{data.request_id}`, asked {data.created_at}):"
             f"\n\n> {data.response.strip().replace(chr(10), chr(10) + '> ')}\n\n"
             "This notebook runs the request's plan again through the AskBar HTTP API and recomputes "
             "every claim with pandas from the rows. Set `ASKBAR_URL` and `ASKBAR_TOKEN` (an API token "
             "of the request's owner) in the environment before running it.")
    # the steps the query builder runs (a tool's step, such as an order, is never run again)
    plan = {**data.plan, "steps": [data.plan["steps"][s.index] for s in data.steps if s.runnable]}
    setup = _SETUP.format(url=url, plan=json.dumps(plan, ensure_ascii=False, default=str),
                          claims=json.dumps(data.claims, ensure_ascii=False, default=str))
    nb = new_notebook(cells=[
        new_markdown_cell(intro), new_code_cell(setup), new_markdown_cell("## The plan's rows, computed again"),
        new_code_cell(_RUN), new_markdown_cell("## Claims recomputed with pandas"),
        new_code_cell(RECOMPUTE.read_text(encoding="utf-8")), new_code_cell(_CHECK), new_code_cell(_SUMMARY)])
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nbformat.validate(nb)
    return nbformat.writes(nb).encode("utf-8")
