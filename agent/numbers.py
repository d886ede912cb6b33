"""Find the numbers written in an answer and decide whether the data backs each one.

A number in the text is backed when it equals (at the precision written) a claim value, a part of
a date from the data, a count from the data, or a number the user wrote in the question
(thresholds, windows). Anything else is a number the model made up.
"""
from __future__ import annotations

import re
from typing import Iterable

# ISO dates, and times like 09:30, are checked as dates, not as loose numbers.
_ISO_DATE = re.compile(r"\b(\d{4})-(\d{2})-(\d{2})\b")
_TIME = re.compile(r"\b\d{1,2}:\d{2}(?::\d{2})?\b")
# 16,208.50 | 16 208,50 | -4.16 | 0.39 | 62.2M ; a comma or thin space groups thousands.
_NUMBER = re.compile(
    r"(?<![\w.])([-+−]?\d{1,3}(?:[,\u202f\u00a0 ]\d{3})+(?:[.,]\d+)?|[-+−]?\d+(?:[.,]\d+)?)"
    r"\s?(k|K|M|B|bn|млн|млрд|тыс)?(?![\w])")
_SCALE = {"k": 1e3, "K": 1e3, "тыс": 1e3, "M": 1e6, "млн": 1e6, "B": 1e9, "bn": 1e9, "млрд": 1e9}
_PERCENT_AFTER = re.compile(r"\s?(%|процент|percent|por ciento|п\.\s?п\.)")
# Claim types and data keys measured in percent: a number written with "%" must be one of these.
PERCENT_CLAIMS = {"pct_change", "daily_pct_change", "volatility", "avg_return_after",
                  "median_return_after", "win_rate_after", "return_prev_close", "max_drawdown"}
PERCENT_KEY = re.compile(r"pct|percent|return|rate|volatility|change|threshold|drawdown")


def extract(text: str) -> list[tuple[str, float, float]]:
    """(as written, value, half of the last written digit) for each number outside dates/times."""
    return [(raw, value, half) for raw, value, half, _ in extract_with_units(text)]


def extract_with_units(text: str) -> list[tuple[str, float, float, bool]]:
    """Like extract(), plus whether the number is written as a percent."""
    text = _TIME.sub(" ", _ISO_DATE.sub(" ", text))
    out = []
    for m in _NUMBER.finditer(text):
        raw, suffix = m.group(1), m.group(2)
        num = raw.replace("−", "-").replace("\u202f", "").replace("\u00a0", "")
        num = re.sub(r"(?<=\d)[ ,](?=\d{3}\b)", "", num)
        if num.count(",") == 1 and "." not in num:
            num = num.replace(",", ".")  # decimal comma (ru/es)
        try:
            value = float(num)
        except ValueError:
            continue
        decimals = len(num.split(".")[1]) if "." in num else 0
        scale = _SCALE.get(suffix or "", 1.0)
        is_pct = bool(_PERCENT_AFTER.match(text, m.end()))
        out.append((m.group(0).strip(), value * scale, 0.5 * 10 ** -decimals * scale, is_pct))
    return out


def allowed_numbers(claims: Iterable[dict], dates: Iterable[str], counts: Iterable[float],
                    question: str) -> list[float]:
    values: list[float] = []
    for c in claims:
        values.append(float(c["value"]))
        for key in ("date", "period"):
            values += [float(x) for x in re.findall(r"\d+", str(c.get(key) or ""))]
    for d in dates:
        values += [float(x) for x in re.findall(r"\d+", str(d))]
    values += [float(x) for x in counts]
    values += [v for _, v, _ in extract(question)]
    values += [float(x) for x in re.findall(r"\d+", question)]
    return values


def unbacked(text: str, allowed: list[float], percents: list[float] | None = None) -> list[str]:
    """Numbers in `text` that match no allowed value at the precision they were written with.

    With `percents` given, a number written as a percent must match one of those instead (so a
    made-up "3.9 %" cannot hide behind an unrelated price of 3.92)."""
    bad = []
    for raw, value, half_ulp, is_pct in extract_with_units(text):
        pool = percents if (is_pct and percents is not None) else allowed
        tol = max(half_ulp * 1.0001, 1e-9)
        if not any(abs(abs(value) - abs(a)) <= tol for a in pool):
            bad.append(raw)
    return bad
