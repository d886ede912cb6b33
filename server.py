"""Starlette app: SSE chat, resume, LangGraph-compatible API, traces, UI (issue 5). Not built yet."""
