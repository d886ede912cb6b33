"""`askbar export` and `askbar schedule` from the shell, in process on one home and beside a running
`askbar serve` (a real subprocess) on another: the same files, output and exit codes both ways."""
from __future__ import annotations

import io
import json

import openpyxl
import pytest

from tests.agent.cli.test_client_mode import NQ, both  # noqa: F401 - the module's fixture
from tests.agent.cli.test_main import in_process
from tests.agent.exports.reference import nq_claims
from tests.server.test_exports_api import sections

QUESTION = "NQ stats for November 2023"


def test_export_both_ways(both, tmp_path):  # noqa: F811
    both.run("load", NQ, "--symbol", "NQ")
    for env in (both.embedded, both.client):
        assert in_process(["ask", QUESTION], env).returncode == 0
    files = {}
    for name, env in (("embedded", both.embedded), ("client", both.client)):
        for fmt in ("csv", "xlsx", "ipynb"):
            out = tmp_path / f"{name}.{fmt}"
            p = in_process(["export", "last", "--format", fmt, "-o", str(out)], env)
            assert p.returncode == 0 and p.stdout.startswith(f"wrote {out}"), p.stderr
            files[name, fmt] = out.read_bytes()
    a, b = (sections(files[k, "csv"]) for k in ("embedded", "client"))
    assert set(a) == set(b)
    for title in a:
        if title != "request":                            # ids and times differ; the numbers do not
            assert a[title].equals(b[title]), title
    claims = a["claims"].set_index("type")["value"]
    for kind, value in nq_claims().items():
        assert claims[kind] == pytest.approx(value), kind
    book = openpyxl.load_workbook(io.BytesIO(files["client", "xlsx"]), read_only=True)
    assert book.sheetnames[:3] == ["request", "claims", "step1_get_period_stats"]
    for k in ("embedded", "client"):
        nb = json.loads(files[k, "ipynb"])
        assert nb["nbformat"] == 4 and any("/api/plans/run" in "".join(c["source"]) for c in nb["cells"])
    a, b = both.run("export", "no-such-request", "--format", "csv")
    assert a.returncode == b.returncode == 2 and "no request no-such-request" in b.stderr
    a, b = both.run("export", "last", "--format", "pdf")
    assert a.returncode == b.returncode == 2


def test_schedule_both_ways(both):  # noqa: F811
    made = []
    for env in (both.embedded, both.client):
        p = in_process(["schedule", "add", QUESTION, "--cron", "0 17 * * 5", "--tz", "America/New_York",
                        "--json"], env)
        assert p.returncode == 0, p.stderr
        made.append(json.loads(p.stdout))
    for m in made:
        assert m["schedule"] == "0 17 * * 5" and m["timezone"] == "America/New_York"
        assert m["next_run_date"].endswith(("21:00:00+00:00", "22:00:00+00:00"))
    a, b = both.run("schedule", "list", "--json")
    la, lb = json.loads(a.stdout)["schedules"], json.loads(b.stdout)["schedules"]
    assert [x["cron_id"] for x in la] == [made[0]["cron_id"]] and [x["cron_id"] for x in lb] == [made[1]["cron_id"]]
    a, b = both.run("schedule", "list")
    assert QUESTION in a.stdout and QUESTION in b.stdout
    a, b = both.run("schedule", "add", QUESTION, "--cron", "0 17 * *")
    assert a.returncode == b.returncode == 2 and "five fields" in a.stderr and "five fields" in b.stderr
    for m, env in zip(made, (both.embedded, both.client)):
        p = in_process(["schedule", "delete", m["cron_id"]], env)
        assert p.returncode == 0 and m["cron_id"] in p.stdout
        p = in_process(["schedule", "delete", m["cron_id"]], env)
        assert p.returncode == 2
    a, b = both.run("schedule", "list", "--json")
    assert json.loads(a.stdout)["schedules"] == json.loads(b.stdout)["schedules"] == []
