"""Judges a blind probe (probes_blind.py) against the offline understanding and plan: the reading
binds what the probe names, or declines that part by name; never another question silently."""
from __future__ import annotations

from datetime import date, datetime, time, timedelta
from zoneinfo import ZoneInfo

from agent.llm.offline import OfflineProvider
from agent.market.instruments import Instrument
from agent.nlu import declines, stated
from agent.nlu.understand import understand
from tests.agent.llm.offline_helpers import make_ctx

SEGMENTS = {"premarket": ("04:00", "09:30"), "afterhours": ("16:00", "20:00"),
            "regular": ("09:30", "16:00"), "overnight": ("18:00", "09:30")}
ZONES = {"CET": "Europe/Berlin"}


def ctx():
    c = make_ctx("2024-06-01")
    c.instruments = [i.model_copy(update={"bar_seconds": None if i.symbol == "SPX" else 60})
                     if isinstance(i, Instrument) else i for i in c.instruments]
    return c


def _exchange_clock(win: str, tz: str, day: str, inst_tz: str) -> tuple[str, str]:
    a, b = win.split("-")
    d = date.fromisoformat(day)

    def move(t: str) -> str:
        src = ZoneInfo(ZONES.get(tz, tz))
        return datetime.combine(d, time.fromisoformat(t), src).astimezone(ZoneInfo(inst_tz)).strftime("%H:%M")
    return move(a), move(b)


def read(q: str, history=None, c=None):
    c = c or ctx()
    it = understand(q, history, c)
    plan = OfflineProvider().plan(it, c) if it.type != "concept" and not it.needs_clarification else None
    return it, plan, c


def problems(p: dict, it, plan, c) -> list[str]:
    """What the reading got wrong for probe `p` (empty: right)."""
    if plan is None or not plan.steps:
        return [f"no plan ({it.type}, clarification={it.needs_clarification})"]
    found = declines.check(it, plan, c) + list(it.declined)
    declined = " ".join(d.part for d in found)
    steps = [s for s in plan.steps if s.params.symbol]
    out = []
    if p.get("sym") and p["sym"] not in {s.params.symbol for s in steps}:
        out.append(f"symbol {[s.params.symbol for s in steps]}")
    if p.get("start"):
        end = p.get("end", p["start"])
        # an indicator at a date is computed over days before it: the date is the step's last day
        spans = {(str(s.params.end_date if s.params.indicator else s.params.start_date), str(s.params.end_date))
                 for s in steps}
        ok = (p["start"], end) in spans or any(a == p["start"] and b == str(date.fromisoformat(end) + timedelta(days=1))
                                               for a, b in spans if p.get("win", "").split("-")[0] > p.get("win", "-").split("-")[-1])
        if not ok:
            out.append(f"dates {sorted(spans)}")
    clocks = {(f"{s.params.start_time:%H:%M}", f"{s.params.end_time:%H:%M}") for s in steps if s.params.start_time and s.params.end_time}
    inst = c.instrument(p.get("sym"))
    if p.get("win"):
        want = _exchange_clock(p["win"], p["tz"], p["start"], inst.timezone)
        if want not in clocks:
            out.append(f"window {sorted(clocks)} != {want}")
    if p.get("win_from") and not any(a == p["win_from"] for a, _b in clocks):
        out.append(f"window {sorted(clocks)} not from {p['win_from']}")
    for seg in [p["seg"]] if p.get("seg") else p.get("segs", []):
        if SEGMENTS[seg] not in clocks:
            out.append(f"segment {seg}: {sorted(clocks)}")
    if p.get("bars"):
        grans = {s.params.granularity for s in steps}
        if p["bars"] == "daily" and any(s.action != "get_intraday_data" and s.params.granularity is None
                                        and s.params.start_time is None for s in steps):
            grans.add("daily")      # period figures are computed from daily bars
        if p["bars"] not in grans and not (p.get("decline") and p["decline"] in declined):
            out.append(f"bars {grans}")
    for name, w in (p.get("measures") or {}).items():
        got = sorted(s.params.window or 0 for s in steps if s.params.indicator == name)
        if sorted(w if isinstance(w, list) else [w]) != got:
            out.append(f"{name} {got}")
    return out


def judge(p: dict) -> tuple[list[str], str | None]:
    it, plan, c = read(p["q"])
    line = stated.reading_line(it, plan, c) if plan else None
    return problems(p, it, plan, c), line
