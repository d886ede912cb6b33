"""The validator's logic (code, not an LLM): every claim recomputed, every written number backed."""
from __future__ import annotations

from typing import Any

from agent import claims as claim_check
from agent.numbers import PERCENT_CLAIMS, PERCENT_KEY, allowed_numbers, extract, unbacked
from agent.state import Validation


# Rows up to this many per step may back numbers written in prose (a close on a given day, an
# indicator value); beyond it a made-up number would too easily match some value by chance.
MAX_ROWS_BACKING = 400


def _numbers_in(value: Any, percent_only: bool = False, key: str = "") -> list[float]:
    """Every number inside a summary value (scalars, lists, nested dicts) computed by code;
    with percent_only, just those under a key that names a percent (pct_change, return, ...)."""
    if isinstance(value, bool) or value is None:
        return []
    if isinstance(value, (int, float)):
        return [float(value)] if not percent_only or PERCENT_KEY.search(key) else []
    if isinstance(value, dict):
        return [x for k, v in value.items() for x in _numbers_in(v, percent_only, str(k))]
    if isinstance(value, (list, tuple)):
        return [x for v in value for x in _numbers_in(v, percent_only, key)]
    return []


def _data_values(results: list[dict], percent_only: bool = False) -> list[float]:
    values: list[float] = []
    for res in results:
        values += _numbers_in(res.get("summary") or {}, percent_only)
        rows = res.get("rows") or []
        if len(rows) <= MAX_ROWS_BACKING:
            values += _numbers_in(rows, percent_only)
        threshold = (res.get("params") or {}).get("threshold")
        if percent_only and isinstance(threshold, (int, float)):
            values.append(float(threshold))
    return values


def _percent_values(claims: list[dict], results: list[dict], question: str) -> list[float]:
    values = [float(c["value"]) for c in claims if c.get("type") in PERCENT_CLAIMS]
    return values + _data_values(results, percent_only=True) + [v for _, v, _ in extract(question)]


def _data_dates_and_counts(results: list[dict]) -> tuple[list[str], list[float]]:
    dates: list[str] = []
    counts: list[float] = _data_values(results)
    for res in results:
        counts.append(float(res.get("row_count") or 0))
        dates += [str(v) for k, v in (res.get("summary") or {}).items() if k.endswith("date") and v]
        # Bind parameters of the step's SQL: dates, windows, thresholds, top N, horizons.
        for key, value in (res.get("params") or {}).items():
            if isinstance(value, (int, float)) and not isinstance(value, bool):
                counts.append(float(value))
            elif isinstance(value, str) and value[:4].isdigit():
                dates.append(value)
        for row in res.get("rows") or []:
            for key in ("trading_date", "event_date", "exit_date", "label", "start_date", "end_date"):
                if row.get(key):
                    dates.append(str(row[key]))
    return dates, counts


def validate(response: str, claims: list[dict[str, Any]], results: list[dict[str, Any]],
             question: str) -> Validation:
    """ok, or rewrite with one issue per wrong claim / unbacked number, or need_more_data when a
    claim is about a symbol the plan never fetched."""
    issues: list[str] = []
    fetched = {str(r.get("symbol", "")).upper() for r in results}
    missing = [c for c in claims if c.get("symbol") and str(c["symbol"]).upper() not in fetched]
    if missing:
        return Validation(status="need_more_data",
                          issues=[f"claim about {c['symbol']} but no data fetched for it" for c in missing],
                          feedback="Fetch data for: " + ", ".join(sorted({c["symbol"] for c in missing})))
    recomputed: dict[int, dict] = {}
    for claim in claims:
        issue = claim_check.check(claim, results, recomputed)
        if issue:
            issues.append(issue)
    dates, counts = _data_dates_and_counts(results)
    bad_numbers = unbacked(response, allowed_numbers(claims, dates, counts, question),
                           _percent_values(claims, results, question))
    issues += [f"number {n} in the text is not backed by a claim or the data" for n in bad_numbers]
    if issues:
        return Validation(status="rewrite", issues=issues,
                          feedback="Use only the values from the data; fix: " + "; ".join(issues))
    return Validation(status="ok")
