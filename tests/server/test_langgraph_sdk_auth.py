"""Auth through the LangGraph SDK: `get_client(api_key=...)` (sent as x-api-key) and
`Authorization: Bearer` take the same tokens; another user's thread or run, in the same tenant or
another, is a 404 on every call, exactly as if it did not exist; no token or a bad one is a 401."""
from __future__ import annotations

import asyncio

import httpx
import pytest
from langgraph_sdk import get_client
from langgraph_sdk.errors import AuthenticationError, NotFoundError

from tests.server.conftest import DUCKDB_ONLY, add_user, live_server

pytestmark = DUCKDB_ONLY
QUESTION = "NQ stats for November 2023"


def test_api_key_and_bearer_and_ownership(make_app, duck_store):
    app, settings = make_app(duck_store)
    _, alice = add_user(settings, "alice")
    _, bob = add_user(settings, "bob")                    # same tenant as alice
    _, carol = add_user(settings, "carol", tenant="other")

    async def main(url):
        by_key = get_client(url=url, api_key=alice)
        by_bearer = get_client(url=url, api_key=None, headers={"Authorization": f"Bearer {alice}"})
        tid = (await by_key.threads.create(metadata={"owner": "alice"}))["thread_id"]
        run = await by_key.runs.create(tid, "askbar", input={"question": QUESTION})
        values = await by_bearer.runs.join(tid, run["run_id"])
        assert values["response"] and (await by_bearer.threads.get(tid))["metadata"]["owner"] == "alice"
        assert [t["thread_id"] for t in await by_bearer.threads.search(metadata={"owner": "alice"})] == [tid]
        for token in (bob, carol):
            other = get_client(url=url, api_key=token)
            calls = [other.threads.get(tid), other.threads.get_state(tid), other.threads.get_history(tid),
                     other.threads.update(tid, metadata={"x": 1}), other.threads.delete(tid),
                     other.runs.get(tid, run["run_id"]), other.runs.list(tid),
                     other.runs.cancel(tid, run["run_id"]), other.runs.create(tid, "askbar", input={"question": "x"}),
                     other.threads.create(thread_id=tid)]
            for call in calls:
                with pytest.raises(NotFoundError):
                    await call
            with pytest.raises(NotFoundError):
                [p async for p in other.runs.stream(tid, "askbar", input={"question": QUESTION})]
            with pytest.raises(NotFoundError):
                [p async for p in other.runs.join_stream(tid, run["run_id"])]
            with pytest.raises(httpx.HTTPStatusError) as err:     # runs.join raises httpx's error
                await other.runs.join(tid, run["run_id"])
            assert err.value.response.status_code == 404
            assert await other.threads.search(metadata={"owner": "alice"}) == []
        assert (await by_key.threads.get_state(tid))["values"]["response"] == values["response"]
        for anonymous in (get_client(url=url, api_key=None), get_client(url=url, api_key="not-a-token")):
            with pytest.raises(AuthenticationError):
                await anonymous.threads.search()
            with pytest.raises(AuthenticationError):
                await anonymous.assistants.search()

    with live_server(app) as url:
        asyncio.run(main(url))
