"""The CLI's caller: `--user NAME` resolves to a User (its plan, language, timezone, ...); without
it the CLI is the local single user. Threads the CLI makes are registered to that user so the
server shows them to the same user only, and --thread refuses another user's thread."""
from __future__ import annotations

from typing import TYPE_CHECKING

from agent.identity.models import LOCAL_USER, User
from agent.settings import Settings

if TYPE_CHECKING:
    from agent.storage.appdb import AppDB


def resolve_user(appdb: AppDB, ref: str | None) -> User:
    if not ref:
        return LOCAL_USER
    from agent.identity.users import IdentityError, UserStore

    try:
        return UserStore(appdb).find(ref)
    except IdentityError as exc:
        raise LookupError(str(exc)) from None


def _traces(settings: Settings):
    from agent.storage.traces import TraceStore

    return TraceStore(settings)


def check_thread_owner(settings: Settings, user: User, thread_id: str, has_state: bool) -> None:
    """LookupError unless `user` may use the thread: its registered owner, or for an unregistered
    thread with state (made before identity, or by the CLI without --user) the local user."""
    traces = _traces(settings)
    try:
        row = traces.thread(thread_id)
    finally:
        traces.close()
    if row is not None:
        owner = (row.get("tenant_id") or "local", row.get("user_id") or "local")
    else:
        owner = ("local", "local") if has_state else (user.tenant_id, user.user_id)
    if owner != (user.tenant_id, user.user_id):
        raise LookupError(f"thread {thread_id} not found for user {user.tenant_id}/{user.name}")


def register_thread(settings: Settings, user: User, thread_id: str) -> None:
    if user == LOCAL_USER:
        return
    traces = _traces(settings)
    try:
        traces.upsert_thread(thread_id, {}, user.tenant_id, user.user_id)
    finally:
        traces.close()
