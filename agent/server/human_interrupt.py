"""AskBar's interrupts in LangGraph's HumanInterrupt form, and HumanResponse resumes.

LangChain's Agent Chat UI (and Agent Inbox) show an interrupt as buttons when its value has
`action_request {action, args}`, `config {allow_ignore, allow_respond, allow_edit, allow_accept}` and
`description`, and they resume with a HumanResponse: `[{"type": "accept" | "ignore" | "response" |
"edit", "args": ...}]` (a list of one, or the object alone). The LangGraph API adds those fields to
every interrupt value it serves (AskBar's own fields stay: its UI and the CLI read them), and maps a
HumanResponse resume to the answer AskBar's nodes read:

| interrupt | accept | ignore | response (text) | edit |
|---|---|---|---|---|
| clarification, no_data | the answer in args (the first suggestion as offered) | - | the text | args' answer |
| confirm_plan | execute | cancel | the text ("simplify") | - |
| confirm_action | execute (this action's id) | cancel | the text ("yes", "нет") | - |

An edit of a trade or a plan is refused: what the user confirms is exactly what runs.
"""
from __future__ import annotations

from typing import Any

RESPONSE_TYPES = ("accept", "ignore", "response", "edit")


class BadResponse(ValueError):
    """A HumanResponse this interrupt does not allow (a one-line reason)."""


def _lines(value: dict[str, Any]) -> str:
    """The description (markdown): the message, its questions, the numbered suggestions."""
    out = [str(value.get("message") or "")]
    out += [f"- {q}" for q in value.get("questions") or []]
    out += list(value.get("plan_summary") or [])
    suggestions = value.get("suggestions") or []
    if suggestions and value.get("type") in ("clarification", "no_data"):
        out += ["", *[f"{i}. {s}" for i, s in enumerate(suggestions, 1)]]
    return "\n".join(x for x in out if x is not None).strip()


def human_interrupt(value: Any) -> Any:
    """`value` (an AskBar interrupt payload) with the HumanInterrupt fields added."""
    if not isinstance(value, dict) or "type" not in value or "action_request" in value:
        return value
    kind = value["type"]
    if kind == "confirm_action":
        request = {"action": str(value.get("tool") or "confirm_action"), "args": dict(value.get("params") or {})}
        config = {"allow_accept": True, "allow_ignore": True, "allow_respond": True, "allow_edit": False}
        description = str(value.get("message") or value.get("action_text") or "")
    elif kind == "confirm_plan":
        request = {"action": "confirm_plan", "args": {"plan": list(value.get("plan_summary") or [])}}
        config = {"allow_accept": True, "allow_ignore": True, "allow_respond": True, "allow_edit": False}
        description = _lines(value)
    else:   # clarification, no_data: an answer, the first suggestion offered as it
        first = (value.get("suggestions") or [""])[0]
        request = {"action": kind, "args": {"answer": first}}
        config = {"allow_accept": bool(first), "allow_ignore": False, "allow_respond": True,
                  "allow_edit": True}
        description = _lines(value)
    return {**value, "action_request": request, "config": config, "description": description}


def is_human_response(answer: Any) -> bool:
    item = answer[0] if isinstance(answer, list) and len(answer) == 1 else answer
    return isinstance(item, dict) and item.get("type") in RESPONSE_TYPES and set(item) <= {"type", "args"}


def _answer_of(args: Any) -> str | None:
    """The answer an accept/edit carries: args as the ActionRequest ({action, args: {answer}}) or
    its args alone ({answer})."""
    if isinstance(args, dict) and isinstance(args.get("args"), dict):
        args = args["args"]
    if isinstance(args, dict) and isinstance(args.get("answer"), str) and args["answer"].strip():
        return args["answer"]
    return None


def resume_value(interrupt: dict[str, Any] | None, answer: Any) -> Any:
    """The AskBar answer for a HumanResponse to `interrupt`; any other answer unchanged."""
    if not is_human_response(answer):
        return answer
    item = answer[0] if isinstance(answer, list) else answer
    kind, rtype, args = (interrupt or {}).get("type"), item["type"], item.get("args")
    if rtype == "response":
        if not isinstance(args, str) or not args.strip():
            raise BadResponse("a 'response' HumanResponse needs its text in 'args'")
        return args
    if kind in ("confirm_action", "confirm_plan"):
        if rtype == "edit":
            raise BadResponse(f"{kind}: an edit is not allowed (what is confirmed is exactly what runs); "
                              "accept, ignore or respond")
        choice = "execute" if rtype == "accept" else "cancel"
        if kind == "confirm_action":
            return {"choice": choice, "action_id": (interrupt or {}).get("action_id")}
        return choice
    if rtype == "ignore":
        raise BadResponse(f"{kind or 'this interrupt'}: it cannot be ignored; respond with an answer")
    picked = _answer_of(args)
    if picked is None and rtype == "accept":
        picked = ((interrupt or {}).get("suggestions") or [None])[0]
    if not picked:
        raise BadResponse(f"an '{rtype}' HumanResponse needs args.answer (text)")
    return picked
