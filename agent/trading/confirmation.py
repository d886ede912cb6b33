"""What the confirm_action interrupt shows and how an answer is read (any mutating tool).

The action to confirm is a PendingAction (tool name, exact parameters, preview context gathered by
the node that proposed it); its `action_id` is a hash of tool + canonical parameters + the nonce
drawn when it was proposed, so a button pressed for another action, or an answer that changes the
terms ("yes, but 3"), never executes. The same id is the idempotency key of the execution: it is
checkpointed with the action, so a second "yes" after a crash finds the order/alert the first one
stored instead of placing another, while asking "buy 2 NQ" again in a new turn is a new action.
Only an answer made of yes/execute words (EN, RU, ES) or the button value executes; a no/cancel
word cancels; anything else asks again.
"""
from __future__ import annotations

import hashlib
import json
import re
import unicodedata
import uuid
from typing import Any, Literal

from pydantic import BaseModel, Field

from agent import lang as packs
from agent.trading.texts import describe_action

Decision = Literal["execute", "cancel", "unclear"]
LANGS = packs.codes()

_YES = {w for words in packs.by_lang("trading_words", "confirm", "yes").values() for w in words}
_NO = {w for words in packs.by_lang("trading_words", "confirm", "no").values() for w in words}
_MESSAGE = packs.by_lang("trading_words", "confirm", "message")
_AGAIN = packs.by_lang("trading_words", "confirm", "again")
_TOKEN = re.compile(r"[\w']+", re.UNICODE)


class PendingAction(BaseModel):
    """Put in the state (key `pending_action`) by the node that wants to change something."""
    tool: str
    params: dict[str, Any]
    context: dict[str, Any] = Field(default_factory=dict, description="preview facts, e.g. last_bar_ts")
    asks: int = Field(0, description="times already asked without a readable answer (not hashed)")
    nonce: str = Field("", description="drawn once by code when proposed (new_action); hashed")

    @property
    def action_id(self) -> str:
        # Without a nonce (actions checkpointed before it existed) the id is what it was then.
        body: dict[str, Any] = {"tool": self.tool, "params": self.params}
        if self.nonce:
            body["nonce"] = self.nonce
        canon = json.dumps(body, sort_keys=True, default=str)
        return "act_" + hashlib.sha256(canon.encode()).hexdigest()[:16]


def new_action(tool: str, params: dict[str, Any], context: dict[str, Any] | None = None) -> PendingAction:
    """A freshly proposed action with its own nonce: two identical requests are two actions, while
    the checkpointed one keeps its id (and idempotency key) across every resume."""
    return PendingAction(tool=tool, params=params, context=context or {}, nonce=uuid.uuid4().hex)


class ConfirmAction(BaseModel):
    """The confirm_action interrupt payload: exactly what will happen, in the user's language."""
    type: Literal["confirm_action"] = "confirm_action"
    action_id: str
    tool: str
    params: dict[str, Any]
    message: str
    action_text: str
    texts: dict[str, str] = Field(description="the action in en, ru, es")
    suggestions: list[str] = Field(default_factory=lambda: ["execute", "cancel"])
    attempt: int = 1


def preview(action: PendingAction, lang: str) -> str:
    try:
        return describe_action(action.tool, action.params, lang, action.context)
    except (ValueError, KeyError):   # a tool without its own sentence: name and exact parameters
        return f"{action.tool}({json.dumps(action.params, ensure_ascii=False, sort_keys=True)})."


def payload(action: PendingAction, lang: str, attempt: int = 1) -> ConfirmAction:
    lang = lang if lang in LANGS else "en"
    texts = {lg: preview(action, lg) for lg in LANGS}
    message = _MESSAGE[lang].format(action=texts[lang])
    if attempt > 1:
        message = _AGAIN[lang] + message
    return ConfirmAction(action_id=action.action_id, tool=action.tool, params=action.params,
                         message=message, action_text=texts[lang], texts=texts, attempt=attempt)


def _words(text: str) -> list[str]:
    text = unicodedata.normalize("NFC", text.lower()).replace("\u2019", "'")
    return _TOKEN.findall(text)


def decide(answer: Any, action_id: str) -> Decision:
    """Read a resume value: a button ({"choice": "execute", "action_id": ...} or "execute") or
    free text in EN/RU/ES."""
    if isinstance(answer, dict):
        if answer.get("action_id") not in (None, action_id):
            return "unclear"                    # a button of another action
        answer = answer.get("choice") or answer.get("answer") or ""
    words = _words(str(answer or ""))
    if not words:
        return "unclear"
    if any(w in _NO for w in words):
        return "cancel"
    if all(w in _YES for w in words):
        return "execute"
    return "unclear"
