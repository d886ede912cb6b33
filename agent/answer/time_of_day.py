"""Times of day ("right at the opening bell", "into the close", "в первые минуты", "hacia el
cierre"): the value the words are bound to (the value of their clause, else of their sentence) must
have a computed timestamp ({high_ts}: intraday answers) within the pack's minutes of its
instrument's session open or close (agent/market/sessions.py rules: US equities 09:30-16:00 New
York, CME 18:00-17:00, crypto the UTC day). Daily values carry no time: the words are sent back.
"""
from __future__ import annotations

from agent.answer import series_words as W
from agent.answer.sentences import Sentence, clause_of
from agent.answer.slots import SlotValue
from agent.answer.statements import Answer

# session rule -> (open, close) in minutes after local midnight
_SESSIONS = {"rth": (9 * 60 + 30, 16 * 60), "cme": (18 * 60, 17 * 60), "24h": (0, 24 * 60)}


def _session(symbol: str | None) -> tuple[int, int] | None:
    from agent.market.instruments import default_instrument

    if not symbol:
        return None
    return _SESSIONS.get(default_instrument(symbol).session)


def _timed(a: Answer, s: Sentence, lo: int, hi: int) -> list[tuple[SlotValue, str | None]]:
    """(value, its computed local timestamp or None) of the slots in tokens [lo, hi)."""
    out: list[tuple[SlotValue, str | None]] = []
    for i, name in s.slots():
        v = a.value(name)
        if not lo <= i < hi or v is None or v.param:
            continue
        if v.kind == "time":
            out.append((v, str(v.value)))
            continue
        if v.kind in ("date", "text", "period"):
            continue
        ts = a.table.values.get(v.name + "_ts")
        out.append((v, str(ts.value) if ts is not None else None))
    return out


def _minutes(ts: str) -> int | None:
    try:
        hh, mm = ts[11:16].split(":") if "T" in ts or " " in ts else ts[:5].split(":")
        return int(hh) * 60 + int(mm)
    except ValueError:
        return None


def times_of_day(a: Answer) -> list[str]:
    issues = []
    for s in a.sentences:
        for lo, hi, (anchor, minutes) in W.spans(s, a.lang, "TIMES_OF_DAY"):
            said = " ".join(t.text for t in s.tokens[lo:hi])
            c_lo, c_hi = clause_of(s, lo, a.conj)
            values = _timed(a, s, c_lo, c_hi) or _timed(a, s, 0, len(s.tokens))
            if not values or any(ts is None for _, ts in values):
                issues.append(f"'{said}' is a time of day code did not compute for the value beside it: "
                              f"state the time with its slot")
                continue
            for v, ts in values:
                session, at = _session(v.symbol), _minutes(str(ts))
                if session is None or at is None:
                    issues.append(f"'{said}': no session times are known for {{{v.name}}}")
                    continue
                gap = (at - session[0]) % 1440 if anchor == "open" else (session[1] - at) % 1440
                if not (gap < int(minutes) if anchor == "open" else 0 < gap <= int(minutes)):
                    issues.append(f"'{said}': {{{v.name}}} came at {str(ts)[11:16] or ts}, not within "
                                  f"{minutes} minutes of the {anchor}")
    return issues
