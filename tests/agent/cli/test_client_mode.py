"""Issue 26, client mode: with `askbar serve` running on an ASKBAR_HOME (a real subprocess, embedded
default), every CLI command works beside it through its HTTP API, with the same output and exit code
as in process on a home of its own. Each command runs both ways and the two results are compared."""
from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.agent.cli.test_main import in_process
from tests.conftest import DATA
from tests.server.procs import serve

NQ = str(DATA / "nq_1min_firstrate" / "NQ_1min_sample.csv")
IDS = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d|\b[0-9a-f]{32}\b|\b(?:ord|alr|order|alert)[-_][0-9A-Za-z_-]+\b")


def _env(home: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("ASKBAR_", "GEMINI_", "GOOGLE_"))}
    env["ASKBAR_HOME"] = str(home)
    return env


class Both:
    """One home used in process, another beside a running server; `run` runs a command on both."""

    def __init__(self, embedded: dict[str, str], client: dict[str, str], server):
        self.embedded, self.client, self.server = embedded, client, server

    def run(self, *argv: str) -> tuple[subprocess.CompletedProcess, subprocess.CompletedProcess]:
        return in_process(list(argv), self.embedded), in_process(list(argv), self.client)


@pytest.fixture(scope="module")
def both(tmp_path_factory):
    embedded = _env(tmp_path_factory.mktemp("embedded"))
    client = _env(tmp_path_factory.mktemp("client"))
    log = tmp_path_factory.mktemp("log") / "serve.log"
    with serve(client, log) as server:
        address = Path(client["ASKBAR_HOME"]) / "server.json"
        deadline = time.time() + 30
        while not address.exists() and time.time() < deadline:
            time.sleep(0.1)
        info = json.loads(address.read_text())
        assert info["pid"] == server.proc.pid and info["url"] == server.url
        yield Both(embedded, client, server)
    assert not address.exists(), "askbar serve removes its address when it stops"


def _same(a: subprocess.CompletedProcess, b: subprocess.CompletedProcess, code: int = 0) -> None:
    assert (a.returncode, b.returncode) == (code, code), (a.stderr, b.stderr)
    assert IDS.sub("ID", a.stdout) == IDS.sub("ID", b.stdout)


def _json(p: subprocess.CompletedProcess) -> dict:
    assert p.stdout.count("\n") == 1, p.stdout
    return json.loads(p.stdout)


def _without(d: dict, *keys: str) -> dict:
    return {k: v for k, v in d.items() if k not in keys}


def test_load_and_data_through_the_server(both):
    a, b = both.run("load", NQ, "--symbol", "NQ")
    _same(a, b)
    assert a.stdout.startswith("NQ: loaded 14,714 intraday bars") and "through the server" in b.stderr
    _same(*both.run("data"))
    _same(*both.run("data", "--json"))
    a, b = both.run("load", "/nonexistent.csv", "--symbol", "NQ")
    assert a.returncode == b.returncode == 2 and "/nonexistent.csv" in b.stderr
    assert len(b.stderr.strip().splitlines()) == 2        # "loading ..." and the one-line reason
    a, b = both.run("load", NQ, "--symbol", "NQ", "--multiplier", "-1")
    assert a.returncode == b.returncode == 2


def test_ask_resume_history_replay(both):
    both.run("load", NQ, "--symbol", "NQ")
    a, b = both.run("ask", "--json", "NQ stats for November 2023")
    ra, rb = _json(a), _json(b)
    assert a.returncode == b.returncode == 0
    assert ra["status"] == rb["status"] == "answered"
    assert _without(ra, "thread_id", "request_id", "usage") == _without(rb, "thread_id", "request_id", "usage")
    assert any(c["type"] == "high" and c["value"] == 16208.5 for c in rb["claims"])

    a, b = both.run("ask", "Show me the stats")
    _same(a, b)
    assert "  1. " in b.stdout and "askbar resume --thread" in b.stdout
    ta, tb = (re.search(r"--thread (\S+)", p.stdout).group(1) for p in (a, b))
    a = in_process(["resume", "--thread", ta, "--json", "NQ за ноябрь 2023"], both.embedded)
    b = in_process(["resume", "--thread", tb, "--json", "NQ за ноябрь 2023"], both.client)
    assert _without(_json(a), "thread_id", "request_id", "usage") == \
        _without(_json(b), "thread_id", "request_id", "usage")

    a, b = both.run("resume", "--thread", "no-such-thread", "x")
    assert a.returncode == b.returncode == 2 and "not waiting" in a.stderr and "not waiting" in b.stderr
    a, b = both.run("ask", "  ")
    assert a.returncode == b.returncode == 2

    a, b = both.run("history", "--json")
    ha, hb = _json(a)["requests"], _json(b)["requests"]
    assert [(r["kind"], r["question"], r["status"]) for r in ha] == \
        [(r["kind"], r["question"], r["status"]) for r in hb]
    assert [r["kind"] for r in hb][:2] == ["resume", "ask"]    # newest first
    _same(*both.run("history"))

    for env, rows in ((both.embedded, ha), (both.client, hb)):     # CLI and server requests replay alike
        resumed = rows[0]["request_id"]
        p = in_process(["replay", "--json", resumed], env)
        assert p.returncode == 0, p.stderr
        report = _json(p)
        assert report["changed"] == [] and len(report["chain"]) == 2
    a, b = both.run("replay", "no-such-request")
    assert a.returncode == b.returncode == 2


def test_tools_list_show_call(both):
    both.run("load", NQ, "--symbol", "NQ")
    _same(*both.run("tools", "list"))
    _same(*both.run("tools", "list", "--json"))
    _same(*both.run("tools", "show", "get_indicators"))
    _same(*both.run("tools", "show", "get_indicators", "--json"))
    a, b = both.run("tools", "show", "no_such_tool")          # beside a server: GET /api/tools/{name}
    assert a.returncode == b.returncode == 2 and a.stderr == b.stderr and "no tool named" in b.stderr
    a, b = both.run("tools", "call", "get_price", "--args", '{"symbol": "NQ"}', "--json")
    assert _without(_json(a), "metadata") == _without(_json(b), "metadata")
    a, b = both.run("tools", "call", "get_indicators", "--args",
                    '{"symbol": "NQ", "indicators": ["rsi", "Sma"]}', "--json")
    assert _json(a)["success"] and _without(_json(a), "metadata") == _without(_json(b), "metadata")
    rsi = _json(b)["data"]["indicators"]["RSI"]          # 11 daily bars: null, and why
    assert rsi["rsi"] is None and rsi["reason"] == "needs 15 1d bars, 11 available"
    a, b = both.run("tools", "call", "get_price", "--args", '{"symbol": "SPY"}')
    assert a.returncode == b.returncode == 2
    assert a.stderr == b.stderr and "VALIDATION_ERROR" in b.stderr
    a, b = both.run("tools", "call", "no_such_tool")
    assert a.returncode == b.returncode == 2 and "TOOL_NOT_FOUND" in b.stderr


def test_paper_trading_and_memory(both):
    both.run("load", NQ, "--symbol", "NQ")
    args = '{"symbol": "NQ", "side": "BUY", "quantity": 2, "order_type": "Market"}'
    a, b = both.run("tools", "call", "create_paper_order", "--args", args, "--json")
    assert a.returncode == b.returncode == 0 and _json(b)["data"]["order"]["status"] == "filled"
    a, b = both.run("orders", "list")
    _same(a, b)
    assert " NQ      buy  market " in b.stdout
    _same(*both.run("alerts", "list"))
    _same(*both.run("portfolio"))
    a, b = both.run("portfolio", "--json")
    assert _json(a) == _json(b)
    a, b = both.run("memory", "show", "--json")
    assert a.returncode == b.returncode == 0 and set(_json(a)) == set(_json(b))
    _same(*both.run("memory", "forget", "--kind", "notes", "--json"))
    a, b = both.run("orders", "list", "--user", "nobody")
    assert a.returncode == b.returncode == 2


def test_a_second_server_and_a_stale_address(both, tmp_path):
    p = in_process(["serve", "--port", "1"], both.client)
    assert p.returncode == 2 and "already runs" in p.stderr
    # a server killed with SIGKILL leaves its file: a dead PID is noticed and the file removed
    env = _env(tmp_path / "home")
    (tmp_path / "home").mkdir()
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True,
                          text=True).stdout.strip()
    address = tmp_path / "home" / "server.json"
    address.write_text(json.dumps({"url": "http://127.0.0.1:9", "pid": int(dead), "host": "127.0.0.1",
                                   "port": 9}))
    p = in_process(["data", "--json"], env)
    assert p.returncode == 0 and _json(p) == {"symbols": []} and not address.exists()
    # a live PID that does not answer (here: this test process) is left alone, and said once
    address.write_text(json.dumps({"url": "http://127.0.0.1:9", "pid": os.getpid(), "host": "127.0.0.1",
                                   "port": 9}))
    p = in_process(["data", "--json"], env)
    assert p.returncode == 0 and "does not answer" in p.stderr and address.exists()


def test_mcp_beside_the_server(both):
    """`askbar mcp` over stdio while the server holds the store: tools go through the server."""
    import anyio
    from mcp import ClientSession, StdioServerParameters
    from mcp.client.stdio import stdio_client

    in_process(["load", NQ, "--symbol", "NQ"], both.client)
    params = StdioServerParameters(command=sys.executable, args=["-m", "agent.cli.serve", "mcp"],
                                   env=both.client)

    async def main():
        async with stdio_client(params) as (r, w), ClientSession(r, w) as s:
            await s.initialize()
            names = [t.name for t in (await s.list_tools()).tools]
            price = await s.call_tool("get_price", {"symbol": "NQ"})
            bad = await s.call_tool("get_price", {"symbol": "SPY"})
            return names, price, bad

    names, price, bad = anyio.run(main)
    assert "get_price" in names and "create_paper_order" in names
    data = json.loads(price.content[0].text)
    assert price.is_error is False and data["success"] and data["data"]["price"] == 15857.5
    assert bad.is_error is True and json.loads(bad.content[0].text)["error"]["code"] == "VALIDATION_ERROR"


def test_eval_both_ways_teaches_no_memory(both, tmp_path):
    from tests.conftest import EVAL

    both.run("load", NQ, "--symbol", "NQ")
    cases = [line for line in (EVAL / "public.jsonl").read_text().splitlines() if '"NQ"' in line][:3]
    path = tmp_path / "cases.jsonl"
    path.write_text("\n".join(cases))
    before = [_json(p)["long_term"] for p in both.run("memory", "show", "--json")]
    a, b = both.run("eval", "--json", str(path))
    assert a.returncode == b.returncode == 0
    assert _json(a) == _json(b) and _json(b)["pass_rate"] == 100.0 and _json(b)["total"] == 3
    after = [_json(p)["long_term"] for p in both.run("memory", "show", "--json")]
    assert after == before
    a, b = both.run("eval", str(tmp_path / "missing.jsonl"))
    assert a.returncode == b.returncode == 2 and "missing.jsonl" in b.stderr
