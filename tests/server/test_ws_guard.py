"""The WebSocket applies the Host and Origin rules HTTP applies (issue 25 M6): in local mode (no
login) a page on another origin could listen to the local user's tool events; a rebinding host
name likewise. Same-origin and no-Origin clients still connect."""
from __future__ import annotations

import pytest
from starlette.websockets import WebSocketDisconnect

from tests.server.conftest import DUCKDB_ONLY, inproc

pytestmark = DUCKDB_ONLY


@pytest.mark.parametrize("headers", [{"origin": "https://evil.example"},
                                     {"host": "evil.example"},
                                     {"host": "evil.example", "origin": "http://evil.example"}])
def test_cross_origin_or_foreign_host_websocket_is_refused(make_app, duck_store, headers):
    app, _ = make_app(duck_store)
    with inproc(app) as c:
        with pytest.raises(WebSocketDisconnect) as refused:
            with c.websocket_connect("/api/v1/ws", headers=headers):
                pass
        assert refused.value.code == 4403
        r = c.get("/api/v1/tools", headers={**headers, "X-Tenant-ID": "local"})
        assert r.status_code in (400, 403)          # the same rule over HTTP


@pytest.mark.parametrize("headers", [{}, {"origin": "http://127.0.0.1"}])
def test_same_origin_websocket_connects(make_app, duck_store, headers):
    app, _ = make_app(duck_store)
    with inproc(app) as c, c.websocket_connect("/api/v1/ws", headers={"host": "127.0.0.1",
                                                                     **headers}) as ws:
        ws.close()
