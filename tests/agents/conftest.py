"""Graph fixtures: a session over the loaded store (both engines) with the offline provider."""
from __future__ import annotations

import uuid
from collections.abc import Callable

import pytest
from langgraph.checkpoint.memory import InMemorySaver

from agent.deps import build_deps
from agent.service import Session
from agent.settings import Settings


def make_session(store, tmp_path, provider=None) -> Session:
    deps = build_deps(Settings(home=tmp_path), store=store, provider=provider)
    return Session(deps, InMemorySaver())


def conversation(session: Session, prefix: str, now: str) -> Callable[..., dict]:
    """run(*turns) -> the last turn's result (a dict): every turn asked on one new thread."""
    def run(*turns: str) -> dict:
        thread = f"{prefix}-{uuid.uuid4().hex[:8]}"
        out = None
        for t in turns:
            out = session.ask(t, thread_id=thread, now=now)
        return out.model_dump()
    return run


@pytest.fixture
def session(loaded_store, tmp_path):
    return make_session(loaded_store, tmp_path)


@pytest.fixture
def session_with(loaded_store, tmp_path):
    """session_with(provider) -> a Session whose nodes use that (fake) provider."""
    return lambda provider: make_session(loaded_store, tmp_path, provider)
