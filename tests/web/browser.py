"""Shared helpers for the browser tests: Debian's Chromium (never a downloaded one) driven by
Playwright, a page per language and viewport, screenshots in tests/.artifacts/."""
from __future__ import annotations

import os
from contextlib import contextmanager
from pathlib import Path

import pytest

CHROMIUM = os.environ.get("ASKBAR_TEST_CHROMIUM", "/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
        "--disable-component-update", "--disable-sync"]
ARTIFACTS = Path(__file__).resolve().parents[1] / ".artifacts"
LANGS = ["en", "ru", "es"]


# One Playwright driver and Chromium per test module (started on first use, closed by the autouse
# fixture in conftest.py): starting them costs about 3 s; each page still gets a fresh browser
# context (its own storage, cookies, viewport), as a new browser would give it.
_SHARED: dict = {}


def _chromium():
    browser = _SHARED.get("browser")
    if browser is not None and browser.is_connected():
        return browser
    close_chromium()
    from playwright.sync_api import sync_playwright

    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: apt-get install -y -q chromium", pytrace=False)
    _SHARED["pw"] = sync_playwright().start()
    _SHARED["browser"] = _SHARED["pw"].chromium.launch(executable_path=CHROMIUM, args=ARGS,
                                                       headless=True)
    return _SHARED["browser"]


def close_chromium() -> None:
    browser, pw = _SHARED.pop("browser", None), _SHARED.pop("pw", None)
    try:
        if browser is not None and browser.is_connected():
            browser.close()
    finally:
        if pw is not None:
            pw.stop()


@contextmanager
def browser_page(url: str, lang: str = "en", width: int = 1280, height: int = 900):
    """(page, errors): errors collects uncaught page errors and console errors."""
    ARTIFACTS.mkdir(exist_ok=True)
    ctx = _chromium().new_context(viewport={"width": width, "height": height}, locale="en-US")
    try:
        ctx.add_init_script(f"localStorage.setItem('askbar.lang', '{lang}')")
        page = ctx.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(f"pageerror: {e}"))
        page.on("console", lambda m: errors.append(f"console: {m.text}") if m.type == "error" else None)
        page.goto(url + "/")
        page.wait_for_selector("body[data-coverage='1']")
        yield page, errors
    finally:
        ctx.close()


def ask(page, text: str, n: int | None = None):
    """Ask and wait until the answer (the n-th complete bot message) is complete; returns it."""
    n = n or page.locator(".msg.bot[data-complete='1']").count() + 1
    page.fill("#question", text)
    page.click("#send")
    page.wait_for_function(f"document.querySelectorAll(\".msg.bot[data-complete='1']\").length >= {n}",
                           timeout=60000)
    return page.locator(".msg.bot").last


UNROLL = "body { height: auto !important; } .log { overflow: visible !important; }"


def shot(page, name: str):
    """The whole conversation: the chat log scrolls inside the window, so it is unrolled first."""
    page.add_style_tag(content=UNROLL)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


def fmt(value: float, lang: str, decimals: int = 2) -> str:
    """The locale format the UI must show (written independently of the JS): en 15,895.00,
    ru 15\u00a0895,00 (CLDR's no-break space), es 15.895,00."""
    text = f"{abs(value):,.{decimals}f}"
    group, point = {"en": (",", "."), "ru": ("\u00a0", ","), "es": (".", ",")}[lang]
    text = text.replace(",", "\0").replace(".", point).replace("\0", group)
    return ("-" if value < 0 else "") + text
