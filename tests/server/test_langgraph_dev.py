"""`langgraph dev --no-reload` (langgraph-cli[inmem], the platform's own in-memory server) serves
AskBar's graph from langgraph.json, as the README says: a run answers, the chat form works, an
interrupt is resumed with Command. It used to stop on BlockingError (os.mkdir on the event loop in
make_graph -> build_deps -> open_store) and then on Deps.__init__ (the platform building the
context schema from a run's context)."""
from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest
from langgraph_sdk import get_client

from tests.agent.answer.lies import nq_november
from tests.conftest import DATA, ROOT
from tests.server.conftest import free_port


@pytest.fixture
def dev_server(tmp_path):
    from agent.market.duckdb_store import DuckDBStore
    from agent.market.ingest import load_file

    home = tmp_path / "home"
    home.mkdir()
    store = DuckDBStore(home / "market.duckdb")
    load_file(store, DATA / "nq_1min_firstrate" / "NQ_1min_sample.csv", "NQ")
    store.close()
    port = free_port()
    log = open(tmp_path / "dev.log", "wb")
    cli = Path(sys.executable).parent / "langgraph"
    env = {**os.environ, "ASKBAR_HOME": str(home), "ASKBAR_LLM": "offline", "LANGSMITH_TRACING": "false"}
    proc = subprocess.Popen([str(cli), "dev", "--no-reload", "--no-browser", "--port", str(port)], cwd=ROOT,
                            env=env, stdout=log, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.time() + 120
        while True:
            assert proc.poll() is None, (tmp_path / "dev.log").read_text()[-3000:]
            assert time.time() < deadline, "langgraph dev did not start: " + (tmp_path / "dev.log").read_text()[-3000:]
            try:
                if httpx.get(url + "/ok", timeout=2).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            time.sleep(0.5)
        yield url, tmp_path / "dev.log"
    finally:
        proc.terminate()
        try:
            proc.wait(30)
        except subprocess.TimeoutExpired:
            proc.kill()
        log.close()


def test_langgraph_dev_runs_the_graph_and_resumes_an_interrupt(dev_server):
    url, log = dev_server

    async def main():
        client = get_client(url=url, api_key=None)
        assert [a["graph_id"] for a in await client.assistants.search(graph_id="askbar")] == ["askbar"]
        tid = (await client.threads.create())["thread_id"]
        values = await client.runs.wait(tid, "askbar", input={"question": "NQ stats for November 2023"})
        assert "__error__" not in values, values
        high = next(c["value"] for c in values["claims"] if c["type"] == "high")
        assert high == pytest.approx(nq_november()["high"])
        assert [m["type"] for m in values["messages"]] == ["human", "ai"]
        tid = (await client.threads.create())["thread_id"]
        values = await client.runs.wait(tid, "askbar", input={"messages": [{"role": "user", "content": "Покажи статистику"}]})
        assert values["__interrupt__"][0]["value"]["type"] == "clarification", values
        parts = [p async for p in client.runs.stream(tid, "askbar", command={"resume": "NQ за ноябрь 2023"},
                                                     stream_mode="values")]
        final = parts[-1].data
        assert next(c["value"] for c in final["claims"] if c["type"] == "high") == pytest.approx(nq_november()["high"])
        assert [m["type"] for m in final["messages"]] == ["human", "ai"]
        assert final["messages"][-1]["content"] == final["response"]

    asyncio.run(main())
    assert "BlockingError" not in log.read_text(errors="replace")
