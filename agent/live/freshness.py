"""How fresh a "now" answer is: the last bar's time in the exchange's zone and its age, "14:31 ET,
12 s ago" (words in each pack's `live` section). The age runs from the bar's END (a 1-minute bar
stamped 14:31 holds prices up to 14:32), at the moment the answer is written, never cached."""
from __future__ import annotations

from datetime import datetime, timedelta, timezone
from zoneinfo import ZoneInfo

from agent.lang import get, plural

ZONE_LABELS = {"America/New_York": "ET", "America/Chicago": "CT", "UTC": "UTC", "Etc/UTC": "UTC"}


def as_of(bar_start_utc: datetime, zone: str, lang: str, bar_seconds: int = 60,
          now: datetime | None = None) -> str:
    """'14:31 ET, 12 s ago' (with the date when the bar is not from today in that zone)."""
    words = lambda key: get(lang, "live", key)   # noqa: E731
    start = bar_start_utc.replace(tzinfo=timezone.utc) if bar_start_utc.tzinfo is None else bar_start_utc
    now = now or datetime.now(timezone.utc)
    tz = ZoneInfo(zone)
    local, today = start.astimezone(tz), now.astimezone(tz).date()
    label = ZONE_LABELS.get(zone) or local.strftime("%Z")
    clock = f"{local:%H:%M} {label}" if local.date() == today else f"{local:%Y-%m-%d %H:%M} {label}"
    age = now - (start + timedelta(seconds=bar_seconds))
    return words("as_of").format(time=clock, age=_age(age, lang))


def _age(age: timedelta, lang: str) -> str:
    s = age.total_seconds()
    if s < 0:
        return get(lang, "live", "future")
    if s < 90:
        return get(lang, "live", "seconds").format(n=int(s))
    if s < 90 * 60:
        return get(lang, "live", "minutes").format(n=int(s // 60))
    if s < 48 * 3600:
        return get(lang, "live", "hours").format(n=int(s // 3600))
    return plural(lang, get(lang, "live", "days"), int(s // 86400))
