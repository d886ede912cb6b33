"""The chat UI's Export buttons (web/export.js): under an answered turn, live and after a reload;
a click downloads the request's CSV through the API (real server, headless Chromium), whose claims
pandas on the raw file agrees with."""
from __future__ import annotations

from pathlib import Path

import pytest

from tests.agent.exports.reference import nq_claims
from tests.server.conftest import DUCKDB_ONLY, live_server
from tests.server.test_exports_api import sections
from tests.web.browser import ask, browser_page

pytestmark = DUCKDB_ONLY


def test_export_buttons_download_the_answer(make_app, duck_store, tmp_path):
    app, _ = make_app(duck_store)
    with live_server(app) as url, browser_page(url) as (page, errors):
        turn = ask(page, "NQ stats for November 2023")
        buttons = turn.locator(".export button")
        assert buttons.all_inner_texts() == ["CSV", "XLSX", "IPYNB"]
        with page.expect_download() as got:
            turn.locator(".export-csv").click()
        path = Path(got.value.path())
        assert got.value.suggested_filename.startswith("askbar-") and got.value.suggested_filename.endswith(".csv")
        claims = sections(path.read_bytes())["claims"].set_index("type")["value"]
        for kind, value in nq_claims().items():
            assert claims[kind] == pytest.approx(value), kind
        ask(page, "NQ stats for March 1990")                # no data: nothing to export
        assert page.locator(".msg.bot").last.locator(".export").count() == 0
        page.reload()
        page.wait_for_selector(".msg.bot[data-restored], .msg.bot[data-complete='1']")
        page.wait_for_selector(".export button.export-xlsx")
        assert page.locator(".export").count() == 1
        with page.expect_download() as again:
            page.locator(".export-xlsx").click()
        assert Path(again.value.path()).read_bytes()[:2] == b"PK"     # an XLSX (zip) file
    assert not errors, errors
