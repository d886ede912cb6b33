"""The LangGraph Server API as the official SDKs (`langgraph-sdk`, `@langchain/langgraph-sdk`) and
LangChain's Agent Chat UI call it: /info, assistants (search, get, graph, schemas), threads
(agent/server/lg_threads.py) and runs (agent/server/lg_runs.py). The one assistant is `askbar`;
the README lists every call answered and what is left out.
"""
from __future__ import annotations

from typing import Any

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from agent.server import crons_api, lg_runs, lg_threads
from agent.server.http import HTTPError, JSONResponse
from agent.server.lg_body import ASSISTANT_ID
from agent.server.lg_params import search_params
from agent.server.lg_threads import body_of, rt_of

_EPOCH = "2024-01-01T00:00:00+00:00"


def assistant() -> dict[str, Any]:
    return {"assistant_id": ASSISTANT_ID, "graph_id": ASSISTANT_ID, "name": ASSISTANT_ID,
            "description": "AskBar: questions about market data, every number verified",
            "config": {}, "context": {}, "metadata": {"created_by": "system"}, "version": 1,
            "created_at": _EPOCH, "updated_at": _EPOCH}


def _check_assistant(value: Any) -> None:
    if value not in (None, ASSISTANT_ID):
        raise HTTPError(404, "unknown_assistant", f"assistant {value!r} not found; the only one is '{ASSISTANT_ID}'")


async def info(request: Request) -> Response:
    return JSONResponse({"version": "askbar-0.1", "flags": {"assistants": True, "crons": True,
                                                             "langsmith": False}})


async def assistants_search(request: Request) -> Response:
    data = await body_of(request)
    graph_id = data.get("graph_id")
    _, _, _, offset = search_params({k: v for k, v in data.items() if k in ("limit", "offset")})
    metadata = data.get("metadata") or {}
    matches = isinstance(metadata, dict) and all(assistant()["metadata"].get(k) == v for k, v in metadata.items())
    found = [assistant()] if graph_id in (None, ASSISTANT_ID) and offset == 0 and matches else []
    return JSONResponse(found)


async def assistant_get(request: Request) -> Response:
    _check_assistant(request.path_params["assistant_id"])
    return JSONResponse(assistant())


async def assistant_graph(request: Request) -> Response:
    _check_assistant(request.path_params["assistant_id"])
    return JSONResponse(rt_of(request).graph.get_graph().to_json())


def context_schema(graph: Any) -> dict[str, Any]:
    """The graph's context schema; AskBar's (Deps: store, provider, the token's user) is set by the
    server for every run, never by a client, so its schema is its fields, read-only."""
    try:
        return graph.get_context_jsonschema() or {}
    except Exception:  # noqa: BLE001 - Deps holds a store and a provider: no JSON schema of its own
        import dataclasses

        schema = graph.context_schema
        fields = dataclasses.fields(schema) if dataclasses.is_dataclass(schema) else []
        return {"title": getattr(schema, "__name__", "Context"), "type": "object", "readOnly": True,
                "description": "set by the server for each run (the token's user, the market store, the "
                               "LLM provider); a run's 'context' from a client is ignored",
                "properties": {f.name: {"readOnly": True} for f in fields if not f.name.startswith("_")}}


async def assistant_schemas(request: Request) -> Response:
    _check_assistant(request.path_params["assistant_id"])
    graph = rt_of(request).graph
    return JSONResponse({"graph_id": ASSISTANT_ID, "input_schema": graph.get_input_jsonschema(),
                         "output_schema": graph.get_output_jsonschema(),
                         "state_schema": graph.get_output_jsonschema(),
                         "config_schema": {"title": "Config", "type": "object", "properties": {}},
                         "context_schema": context_schema(graph)})


routes = [
    Route("/info", info, methods=["GET"]),
    Route("/ok", lambda r: JSONResponse({"ok": True}), methods=["GET"]),
    Route("/assistants/search", assistants_search, methods=["POST"]),
    Route("/assistants/{assistant_id}", assistant_get, methods=["GET"]),
    Route("/assistants/{assistant_id}/graph", assistant_graph, methods=["GET"]),
    Route("/assistants/{assistant_id}/schemas", assistant_schemas, methods=["GET"]),
    *lg_threads.routes,
    *crons_api.routes,
    *lg_runs.routes,
]
