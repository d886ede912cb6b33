"""Exports over HTTP (DESIGN.md "Exports and schedules"): GET /api/requests/{id}/export as CSV and
XLSX (read back with the csv module and openpyxl, each compared with pandas on the raw data), and
the notebook, EXECUTED (nbclient, a Python kernel) against this running server: it runs the plan
again through POST /api/plans/run and recomputes every claim with pandas. Only the owner exports:
another user of the same tenant gets 404, a token without `read` 403."""
from __future__ import annotations

import csv
import io
import json
import os

import httpx
import openpyxl
import pandas as pd
import pytest

from agent.identity.service_tokens import issue
from agent.server.runtime import ServerSettings
from tests.agent.exports.reference import nq_claims, nq_days, spx_falls
from tests.server.conftest import DUCKDB_ONLY, add_user, bearer, live_server, stream

pytestmark = DUCKDB_ONLY
SECRET = "e" * 40


def sections(body: bytes) -> dict[str, pd.DataFrame]:
    """The CSV export's sections (title line `section,<title>`, then the table) as DataFrames.

    Sections are separated by a blank line outside quoted fields: a field may itself hold blank
    lines (the answer, its reading line first), so the file is read as CSV before it is split."""
    blocks: list[list[list[str]]] = [[]]
    for row in csv.reader(io.StringIO(body.decode("utf-8"), newline="")):
        if row:
            blocks[-1].append(row)
        else:
            blocks.append([])
    out = {}
    for rows in blocks:
        assert rows and rows[0][0] == "section", rows[:1]
        table = io.StringIO()
        csv.writer(table, lineterminator="\n").writerows(rows[1:])
        out[rows[0][1]] = pd.read_csv(io.StringIO(table.getvalue()))
    return out


@pytest.fixture(scope="module")
def srv(loaded_store, tmp_path_factory):
    from tests.server.conftest import app_for

    app, settings = app_for(loaded_store, tmp_path_factory.mktemp("home"), server=ServerSettings(jwt_secret=SECRET))
    alice, token = add_user(settings, "alice", tenant="acme", plan="premium")
    _, other = add_user(settings, "bob", tenant="acme", plan="premium")
    with live_server(app) as url, httpx.Client(base_url=url, timeout=120) as c:
        yield c, url, token, other


def ask(c: httpx.Client, token: str, question: str) -> dict:
    r, events = stream(c, "POST", "/api/chat", json={"question": question}, headers=bearer(token))
    assert r.status_code == 200, r.text
    return events[-1]["data"]


def export(c, token, rid, fmt):
    return c.get(f"/api/requests/{rid}/export", params={"format": fmt}, headers=bearer(token))


def test_csv_and_xlsx_hold_the_claims_and_the_rows(srv):
    c, _, token, _ = srv
    done = ask(c, token, "NQ stats for November 2023")
    assert done["status"] == "answered"
    r = export(c, token, done["request_id"], "csv")
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/csv")
    assert f'askbar-{done["request_id"]}.csv' in r.headers["content-disposition"]
    got = sections(r.content)
    claims = got["claims"].set_index("type")["value"]
    ref = nq_claims()
    for kind, value in ref.items():
        assert claims[kind] == pytest.approx(value), kind
    assert sorted(claims.index) == sorted(c["type"] for c in done["claims"])
    rows = got["step 1: get_period_stats NQ 2023-11-01..2023-11-30"]
    days = nq_days()
    assert list(rows["trading_date"]) == list(days.index)
    for col in ("open", "high", "low", "close", "volume"):
        assert rows[col].tolist() == pytest.approx(days[col].tolist()), col
    chart = next(v for k, v in got.items() if k.startswith("chart"))
    candles = chart[chart["kind"] == "candles"]
    assert candles["high"].max() == pytest.approx(ref["high"]) and candles["low"].min() == pytest.approx(ref["low"])

    x = export(c, token, done["request_id"], "xlsx")
    assert x.status_code == 200
    book = openpyxl.load_workbook(io.BytesIO(x.content), read_only=True)
    assert book.sheetnames == ["request", "claims", "step1_get_period_stats", "chart"]
    sheet = list(book["claims"].iter_rows(values_only=True))
    xclaims = pd.DataFrame(sheet[1:], columns=sheet[0]).set_index("type")["value"]
    assert xclaims.to_dict() == pytest.approx(claims.to_dict())
    steps = list(book["step1_get_period_stats"].iter_rows(values_only=True))
    xrows = pd.DataFrame(steps[1:], columns=steps[0])
    assert xrows["high"].max() == pytest.approx(days["high"].max()) and len(xrows) == len(days)
    meta = dict(book["request"].iter_rows(min_row=2, values_only=True))
    assert meta["question"] == "NQ stats for November 2023" and meta["request_id"] == done["request_id"]


def test_events_export_rows_are_the_event_days(srv):
    c, _, token, _ = srv
    done = ask(c, token, "how many days did SPX fall more than 3% in 2008")
    got = sections(export(c, token, done["request_id"], "csv").content)
    rows = next(v for k, v in got.items() if k.startswith("step 1: find_events SPX"))
    falls = spx_falls("2008", 3.0)
    assert list(rows["trading_date"]) == list(falls["d"])
    assert rows["pct_change"].tolist() == pytest.approx(falls["ret"].tolist())
    assert got["claims"].set_index("type").loc["event_count", "value"] == len(falls)


def test_the_notebook_recomputes_every_claim_against_this_server(srv):
    import nbformat
    from nbclient import NotebookClient

    c, url, token, _ = srv
    done = ask(c, token, "NQ stats for November 2023")
    r = export(c, token, done["request_id"], "ipynb")
    assert r.status_code == 200
    nb = nbformat.reads(r.text, as_version=4)
    assert token not in r.text        # the token comes from the environment, never the file
    env = {"ASKBAR_URL": url, "ASKBAR_TOKEN": token}
    old = {k: os.environ.get(k) for k in env}
    os.environ.update(env)            # the kernel inherits this process's environment
    try:
        NotebookClient(nb, timeout=300, kernel_name="python3").execute()
    finally:
        for k, v in old.items():
            os.environ.pop(k) if v is None else os.environ.__setitem__(k, v)
    out = json.loads(nb.cells[-1].outputs[0]["text"])
    claimed = {c["type"]: c["value"] for c in done["claims"]}
    assert out["summary"] == {"claims": len(claimed), "recomputed": len(claimed), "matching": len(claimed)}
    assert out["recomputed"] == pytest.approx(claimed)
    for kind, value in nq_claims().items():      # and pandas on the raw file agrees with both
        assert out["recomputed"][kind] == pytest.approx(value), kind


def test_only_the_owner_exports(srv):
    c, _, token, other = srv
    done = ask(c, token, "NQ stats for November 2023")
    rid = done["request_id"]
    assert export(c, other, rid, "csv").status_code == 404              # same tenant, another user
    assert export(c, other, "no-such-request", "csv").status_code == 404
    no_read = bearer(issue(SECRET, "alice", "acme", ["write"]))
    r = c.get(f"/api/requests/{rid}/export", params={"format": "csv"}, headers=no_read)
    assert r.status_code == 403 and r.json()["error"]["code"] == "forbidden"
    assert c.post("/api/plans/run", json={"steps": []}, headers=no_read).status_code == 403
    bad = export(c, token, rid, "pdf")
    assert bad.status_code == 400 and "csv, xlsx, ipynb" in bad.json()["error"]["message"]
    asked = ask(c, token, "Show me the stats")                     # a clarification: nothing to export
    assert asked["status"] == "clarification"
    r = export(c, token, asked["request_id"], "csv")
    assert r.status_code == 409 and "not answered" in r.json()["error"]["message"]


def test_plans_run_checks_the_plan(srv):
    c, _, token, _ = srv
    r = c.post("/api/plans/run", json={"steps": [{"action": "drop_table", "params": {"symbol": "NQ"}}]},
               headers=bearer(token))
    assert r.status_code == 422 and "steps.0.action" in r.json()["error"]["message"]
    r = c.post("/api/plans/run", json={"steps": [{"action": "get_period_stats", "params": {"symbol": "NQ"}}] * 21},
               headers=bearer(token))
    assert r.status_code == 400 and "at most 20" in r.json()["error"]["message"]
    step = {"action": "get_period_stats", "params": {"symbol": "NQ", "start_date": "2023-11-01",
                                                     "end_date": "2023-11-30"}}
    got = c.post("/api/plans/run", json={"steps": [step]}, headers=bearer(token)).json()["results"][0]
    assert max(r["high"] for r in got["rows"]) == pytest.approx(nq_claims()["high"])


def test_a_confirmed_order_exports_without_running_its_tool_again(srv):
    c, _, token, _ = srv
    asked = ask(c, token, "buy 1 NQ at market")
    assert asked["status"] == "confirm_action"
    r, events = stream(c, "POST", f"/api/chat/{asked['thread_id']}/resume", json={"answer": "yes"},
                       headers=bearer(token))
    done = events[-1]["data"]
    assert done["status"] == "answered" and done["response"].startswith("Done: bought 1 NQ")
    orders = c.get("/api/orders", headers=bearer(token)).json()
    got = sections(export(c, token, done["request_id"], "csv").content)
    meta = got["request"].set_index("field")["value"]
    assert meta["question"] == "buy 1 NQ at market"           # the ask this resume answered
    step = next(v for k, v in got.items() if k.startswith("step 1: tool"))
    assert "not run again" in step["note"][0]
    assert c.get("/api/orders", headers=bearer(token)).json() == orders    # nothing placed twice
    nb = export(c, token, done["request_id"], "ipynb")
    assert nb.status_code == 200 and '"steps": []' in nb.text.replace('\\"', '"')
