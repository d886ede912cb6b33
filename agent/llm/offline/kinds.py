"""Prose for the answer kinds without a claim type of their own (volume profile, gaps, volume
spikes, hourly profile, support and resistance levels, intraday bars, multi-line indicators), in every pack's language: slots for
every value, the pack's words around them (agent/lang/_answer/<code>.py "TEMPLATES"), never a dump
of field names. analyze.py calls these; None when the result has nothing they describe."""
from __future__ import annotations

from typing import Any, Callable

from agent import lang as packs


def _t(lang: str, key: str) -> Any:
    return packs.get(lang, "answer", "TEMPLATES", key)


def volume_profile(lang: str, slot: Callable[[str], str], s: dict, head: dict) -> str | None:
    if s.get("poc_price") is None:
        return None
    return _t(lang, "volume_profile").format(
        **head, poc=slot("poc_price"), val=slot("value_area_low"), vah=slot("value_area_high"),
        lo=slot("price_low"), hi=slot("price_high"), vol=slot("total_volume"))


def gaps(lang: str, slot: Callable[[str], str], s: dict, head: dict) -> str | None:
    if s.get("gap_count") is None:
        return None
    if not s.get("gap_count"):      # none: no rows, so no fill rate, averages or sessions counted
        return str(_t(lang, "gaps_none").format(**head, t=slot("threshold"), n=slot("gap_count")))
    return _t(lang, "gaps").format(
        **head, n=slot("gap_count"), t=slot("threshold"), up=slot("gap_up_count"),
        down=slot("gap_down_count"), filled=slot("filled_count"), rate=slot("fill_rate_pct"),
        avg=slot("avg_gap_pct"), size=slot("avg_abs_gap_pct"), days=slot("days_checked"))


def volume_spikes(lang: str, slot: Callable[[str], str], s: dict, head: dict) -> str | None:
    if s.get("spike_count") is None:
        return None
    text = _t(lang, "volume_spikes").format(**head, n=slot("spike_count"), t=slot("threshold"),
                                             lb=slot("lookback_days"))
    if s.get("avg_ratio") is not None and s.get("max_ratio") is not None:
        text += " " + _t(lang, "spike_ratios").format(avg=slot("avg_ratio"), max=slot("max_ratio"))
    return text


def hourly_profile(lang: str, slot: Callable[[str], str], s: dict, head: dict) -> str | None:
    if s.get("busiest_hour") is None:
        return None
    return _t(lang, "hourly_profile").format(
        **head, bars=slot("total_bars"), busiest=slot("busiest_hour"),
        volatile=slot("most_volatile_hour"), best=slot("best_hour"), worst=slot("worst_hour"))


def intraday(lang: str, slot: Callable[[str], str], s: dict, head: dict) -> str | None:
    if s.get("open") is None:
        return None
    sized = (s.get("bar_minutes") or 1) != 1     # "5-minute bars": the size asked for, as a slot
    if s.get("truncated") and s.get("first_ts") and s.get("last_ts"):
        # capped rows: the answer names the range they cover and speaks only for it
        return _t(lang, "intraday_capped").format(
            **head, n=slot("bar_count"), first=slot("first_ts"), last=slot("last_ts"), open=slot("open"),
            close=slot("close"), pct=slot("pct_change"), vol=slot("total_volume"))
    text = _t(lang, "intraday_sized" if sized else "intraday").format(
        **head, n=slot("bar_count"), open=slot("open"), close=slot("close"), pct=slot("pct_change"),
        vol=slot("total_volume"), size=slot("bar_minutes") if sized else "")
    if s.get("high_ts") and s.get("low_ts"):
        text += " " + _t(lang, "intraday_extremes").format(
            high=slot("high"), high_ts=slot("high_ts"), low=slot("low"), low_ts=slot("low_ts"))
    return text


def indicator_parts(lang: str, name: str, slot: Callable[[str], str], s: dict) -> str | None:
    """"MACD line {macd}, signal {signal}, histogram {histogram}" for indicators with parts."""
    parts = _t(lang, "indicator_parts").get(name)
    if parts is None:
        return None
    keys = [k for k in ("macd", "signal", "histogram", "middle", "upper", "lower", "adx", "plus_di",
                        "minus_di") if "{" + k + "}" in parts]
    if any(s.get(k) is None for k in keys):
        return None
    return parts.format(**{k: slot(k) for k in keys})


MAX_LEVELS = 3   # nearest levels of each side the answer names; the chart draws them all


def _levels(lang: str, slot: Callable[[str], str], prefix: str, count: int) -> str:
    items = [_t(lang, "price_level_item").format(level=slot(f"{prefix}{k}.level"), touches=slot(f"{prefix}{k}.touches"),
                                                 date=slot(f"{prefix}{k}.date"))
             for k in range(1, min(count, MAX_LEVELS) + 1)]
    return "; ".join(items) or _t(lang, "price_levels_none")


def price_levels(lang: str, slot: Callable[[str], str], s: dict, head: dict) -> str | None:
    if s.get("close") is None:
        return None
    return _t(lang, "price_levels").format(
        **head, points=slot("swing_point_count"), days=slot("sessions"), w=slot("swing_sessions"),
        t=slot("threshold"), close=slot("close"), cd=slot("close_date"),
        res=_levels(lang, slot, "res", int(s.get("resistance_count") or 0)),
        sup=_levels(lang, slot, "sup", int(s.get("support_count") or 0)))


PATTERNS = {"gaps": gaps, "volume_spikes": volume_spikes, "hourly_profile": hourly_profile,
            "price_levels": price_levels}
