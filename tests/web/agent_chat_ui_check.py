"""LangChain's Agent Chat UI (built from npm by tests/web/agent_chat_ui.sh; not collected by a plain
`pytest` run: the script runs this file when the build is present) against AskBar's LangGraph API
in Debian's Chromium: a clarification is answered from its "Accept" button and a trade
confirmation from its "Accept" button, each resuming the SAME thread (read back with the Python
SDK), the order placed in the real paper account. Real server and data; offline provider."""
from __future__ import annotations

import functools
import http.server
import os
import threading
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import parse_qs, urlparse

import pytest
from langgraph_sdk import get_sync_client

from agent.identity.models import LOCAL_USER
from agent.market.ingest import load_file
from agent.server.runtime import ServerSettings
from agent.trading import service
from tests.agent.answer.lies import nq_november
from tests.conftest import DATA
from tests.server.conftest import free_port, live_server
from tests.web.browser import ARTIFACTS, _chromium, close_chromium

DIST = Path(os.environ.get("ASKBAR_AGENT_CHAT_UI", Path.home() / ".cache/askbar/agent-chat-ui")) / "dist"


class _Spa(http.server.SimpleHTTPRequestHandler):
    def send_head(self):      # a single-page app: every unknown path is index.html
        if not Path(self.translate_path(self.path)).exists():
            self.path = "/index.html"
        return super().send_head()

    def log_message(self, *args):
        pass


@contextmanager
def site():
    if not (DIST / "index.html").exists():
        pytest.fail(f"Agent Chat UI is not built at {DIST}: run bash tests/web/agent_chat_ui.sh", pytrace=False)
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", free_port()), functools.partial(_Spa, directory=str(DIST)))
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}"
    finally:
        httpd.shutdown()
        httpd.server_close()


@pytest.fixture
def nq(make_store, tmp_path):
    store = make_store("duckdb")
    load_file(store, DATA / "nq_1min_firstrate/NQ_1min_sample.csv", "NQ")
    return store


@pytest.fixture(autouse=True)
def _browser():
    ARTIFACTS.mkdir(exist_ok=True)
    yield
    close_chromium()


def _ask_and_accept(page, url: str, question: str) -> str:
    """Ask in Agent Chat UI, click the interrupt's Accept button; the thread id from the URL."""
    page.goto(url)
    page.locator("textarea").first.fill(question)
    page.locator("textarea").first.press("Enter")
    accept = page.get_by_role("button", name="Accept", exact=True)
    accept.wait_for(timeout=60000)
    thread = parse_qs(urlparse(page.url).query)["threadId"][0]
    accept.click()
    return thread


def _wait_answered(client, thread: str):
    import time

    deadline = time.time() + 60
    while time.time() < deadline:
        state = client.threads.get_state(thread)
        if not state["next"] and state["values"].get("response") and not state["interrupts"]:
            return state
        time.sleep(0.5)
    raise AssertionError(f"thread {thread} not answered: {client.threads.get_state(thread)}")


def test_clarification_and_trade_answered_from_the_buttons(make_app, nq):
    with site() as ui:
        app, _ = make_app(nq, server=ServerSettings(cors_origins=ui))
        with live_server(app) as api:
            ctx = _chromium().new_context(viewport={"width": 1200, "height": 900})
            errors: list[str] = []
            try:
                page = ctx.new_page()
                page.on("pageerror", lambda e: errors.append(str(e)))
                url = f"{ui}/?apiUrl={api}&assistantId=askbar"
                asked = _ask_and_accept(page, url, "Show me the stats")
                page.wait_for_function("document.body.innerText.includes('16,208.50')", timeout=60000)
                page.screenshot(path=str(ARTIFACTS / "agent_chat_ui_clarification.png"), full_page=True)
                traded = _ask_and_accept(page, url, "buy 2 NQ at market")
                page.wait_for_function("document.body.innerText.includes('ord_')", timeout=60000)
                page.screenshot(path=str(ARTIFACTS / "agent_chat_ui_trade.png"), full_page=True)
            finally:
                ctx.close()
            client = get_sync_client(url=api, api_key=None)
            answered, filled = _wait_answered(client, asked), _wait_answered(client, traded)
    assert not errors, errors
    values = answered["values"]               # the same thread: question, then the resumed answer
    assert [m["type"] for m in values["messages"]] == ["human", "ai"]
    assert next(c["value"] for c in values["claims"] if c["type"] == "high") == pytest.approx(nq_november()["high"])
    (order,) = service.list_orders(nq, LOCAL_USER)
    assert order.quantity == 2 and order.side == "buy" and order.status == "filled"
    assert order.order_id in filled["values"]["response"]
