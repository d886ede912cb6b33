"""A browser chat client of the LangGraph Server API (tests/web/lg_chat/index.html: the calls and
the messages form LangChain's Agent Chat UI uses, from another origin, with a user's token as its
API key) drives a thread in Debian's Chromium: the answer is rendered from the thread's `messages`,
an interrupt (shown with its suggestions) is answered, and a reload shows the thread from its state."""
from __future__ import annotations

import functools
import http.server
import threading
from contextlib import contextmanager
from pathlib import Path

import pytest
from langgraph_sdk import get_sync_client

from agent.server.runtime import ServerSettings
from tests.agent.answer.lies import nq_november
from tests.server.conftest import DUCKDB_ONLY, add_user, free_port, live_server
from tests.web.browser import ARTIFACTS, _chromium, fmt

pytestmark = DUCKDB_ONLY
PAGE_DIR = Path(__file__).parent / "lg_chat"


@contextmanager
def static_site():
    """The chat page on its own origin (as Agent Chat UI would be)."""
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(PAGE_DIR))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", free_port()), handler)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}"
    finally:
        httpd.shutdown()
        httpd.server_close()


def _send(page, text: str, n_ai: int) -> None:
    page.fill("#text", text)
    page.click("#send")
    page.wait_for_function(f"document.querySelectorAll('.msg.ai').length >= {n_ai} "
                           "&& document.body.dataset.busy === '0'", timeout=60000)


def test_chat_client_renders_the_thread_from_messages(make_app, duck_store):
    with static_site() as site:
        app, settings = make_app(duck_store, server=ServerSettings(cors_origins=site))
        _, token = add_user(settings, "chat-ui")
        with live_server(app) as api:
            ctx = _chromium().new_context(viewport={"width": 1000, "height": 800})
            errors: list[str] = []
            try:
                page = ctx.new_page()
                page.on("pageerror", lambda e: errors.append(str(e)))
                page.goto(f"{site}/index.html?api={api}&key={token}")
                page.wait_for_selector("body[data-ready='1']")
                page.fill("#text", "Покажи статистику")           # a new thread: the period is unclear
                page.click("#send")
                card = page.locator(".interrupt[data-type='clarification']")
                card.wait_for(timeout=60000)
                assert card.locator("button.suggestion").count() >= 1
                _send(page, "NQ за ноябрь 2023", 1)    # the answer, sent as Command(resume=...)
                assert fmt(nq_november()["high"], "ru") in page.locator(".msg.ai").last.inner_text()
                thread = page.locator("body").get_attribute("data-thread")
                _send(page, "NQ stats for November 2023", 2)
                assert fmt(nq_november()["high"], "en") in page.locator(".msg.ai").last.inner_text()
                shown = [(d.get_attribute("class"), d.inner_text()) for d in page.locator(".msg").all()]
                page.screenshot(path=str(ARTIFACTS / "lg_chat.png"), full_page=True)

                page.goto(f"{site}/index.html?api={api}&key={token}&thread={thread}")   # a reload
                page.wait_for_selector("body[data-loaded='1']")
                reloaded = [(d.get_attribute("class"), d.inner_text()) for d in page.locator(".msg").all()]
            finally:
                ctx.close()
            # the sync client: Playwright's sync API keeps an event loop running in this thread
            values = get_sync_client(url=api, api_key=token).threads.get_state(thread)["values"]
    assert not errors, errors
    want = [(f"msg {m['type']}", m["content"]) for m in values["messages"]]
    assert [c for c, _ in want] == ["msg human", "msg ai", "msg human", "msg ai"]
    assert shown == reloaded == want and want[-1][1] == values["response"]


@pytest.fixture(autouse=True)
def _artifacts():
    ARTIFACTS.mkdir(exist_ok=True)
