"""The chat UI's live price line (web/live.js, GET /api/quotes) in Debian's Chromium over the real
server app: an answer about SPY puts SPY in view; its last stored bar (a file's, long ago) is
marked quiet; bars pushed through POST /api/bars move the line (price, change against the previous
close, the bar's time) and clear the mark; when no bar comes within the quiet threshold, the mark
is back. Values checked against the bars sent and pandas' previous close."""
from __future__ import annotations

from datetime import datetime, timedelta, timezone

import httpx

from agent.live.append import append_bars
from agent.live.bars import LiveBar, to_ndjson
from tests.agent.live.helpers import SPY, live, real_bars
from tests.server.conftest import live_server
from tests.web.browser import ask, browser_page, shot

NDJSON = {"Content-Type": "application/x-ndjson"}


def _item(page):
    return page.locator("#live-line .live-item[data-symbol='SPY']")


def _wait_text(page, text: str, timeout: int = 15000) -> None:
    page.wait_for_function("(t) => { const n = document.querySelector(\"#live-line .live-item[data-symbol='SPY']\");"
                           " return n && n.textContent.includes(t); }", arg=text, timeout=timeout)


def test_price_line_follows_pushed_bars_and_marks_a_quiet_feed(make_store, make_app):
    store = make_store("duckdb")
    frame = real_bars(SPY, "SPY", "2024-03-04 14:30", "2024-03-05 21:00")
    append_bars(store, live(frame))
    daily = frame.assign(day=frame["ts"].dt.tz_localize("UTC").dt.tz_convert("America/New_York").dt.date)
    daily = daily[(daily["ts"].dt.tz_localize("UTC").dt.tz_convert("America/New_York").dt.strftime("%H:%M") >= "09:30")
                  & (daily["ts"].dt.tz_localize("UTC").dt.tz_convert("America/New_York").dt.strftime("%H:%M") < "16:00")]
    last_close = float(daily.groupby("day")["close"].last().iloc[-1])     # 5 March, pandas
    app, _ = make_app(store, live_poll_s=0.3, live_quiet_s=300.0)
    with live_server(app) as url, browser_page(url) as (page, errors):
        ask(page, "How did SPY do on March 5, 2024?")
        item = _item(page)
        item.wait_for(timeout=15000)
        page.wait_for_selector("#live-line .live-item[data-symbol='SPY'][data-quiet='1']", timeout=15000)
        assert "2024-03-05" in item.inner_text() and item.locator(".live-quiet").inner_text() == "feed quiet"
        # a feed starts: the bars of the two minutes that just ended
        ts = datetime.now(timezone.utc).replace(second=0, microsecond=0, tzinfo=None) - timedelta(minutes=2)
        for price in (last_close * 1.01, last_close * 0.98):
            bar = LiveBar(symbol="SPY", ts=ts, open=price, high=price + 0.05, low=price - 0.05, close=price, volume=100)
            r = httpx.post(url + "/api/bars", content=to_ndjson([bar]), headers=NDJSON)
            assert r.status_code == 200, r.text
            _wait_text(page, f"{price:,.2f}")
            pct = (price / last_close - 1) * 100
            assert item.locator(".live-change").inner_text().strip() == f"{pct:+.2f}%"
            assert item.get_attribute("data-quiet") == "0" and item.locator(".live-quiet").count() == 0
            ts += timedelta(minutes=1)
        assert " ET, " in item.locator(".live-asof").inner_text()
        shot(page, "live_line")
        # the feed goes quiet: no bar within the threshold (shortened here rather than waited for)
        app.state.runtime.settings.live_quiet_s = 0.5
        page.wait_for_selector("#live-line .live-item[data-symbol='SPY'][data-quiet='1']", timeout=15000)
        assert item.locator(".live-quiet").inner_text() == "feed quiet"
        assert not errors, errors
