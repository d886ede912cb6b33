"""The HTTP server: Starlette app, SSE chat, LangGraph-compatible API, registry routes, UI."""
