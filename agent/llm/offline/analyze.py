"""analyze(question, intent, results, lang) -> AnalystOutput: templated answers with their claims.

Number format (what the validator reads back): prices and other price-unit values with 2
decimals, percents with 2 decimals and a sign for changes, volumes as whole numbers, counts as
integers, dates ISO (YYYY-MM-DD); '.' is the decimal separator in every language and digits are
never grouped. Every value written is a claim, except dates, counts from the data (trading days,
event counts, top N) and numbers the user wrote (threshold, horizon, indicator window).
"""
from __future__ import annotations

import re
from typing import Any

from agent.llm.offline import templates as T
from agent.llm.offline.periods import make_period
from agent.llm.offline.texts import fmt_count, fmt_pct, fmt_price, fmt_volume, period_text
from agent.state import CLAIM_TYPES, AnalystOutput, Claim, Intent, Period
from query_builder.models import StepResult

FULL_GROUPS = [["open", "close", "pct_change"], ["high", "low"],
               ["up_days", "down_days", "avg_daily_range", "volatility"],
               ["total_volume", "avg_daily_volume"]]
DAY_GROUPS = [["open", "close", "pct_change"], ["high", "low"], ["total_volume"]]
MAX_LISTED_EVENTS = 10


class Answer:
    """Sentences and claims collected while rendering results."""

    def __init__(self, lang: str, today: Any = None):
        self.lang = lang
        self.today = today
        self.lines: list[str] = []
        self.claims: list[Claim] = []

    def claim(self, ctype: str, value: Any, symbol: str, date: Any = None, period: str | None = None,
              context: str | None = None):
        self.claims.append(Claim(type=ctype, value=float(value), symbol=symbol,  # type: ignore[arg-type]
                                 date=str(date)[:10] if date else None, period=period, context=context))


def _fmt(ctype: str, v: float) -> str:
    if ctype in ("pct_change", "daily_pct_change", "avg_return_after", "median_return_after",
                 "return_prev_close", "max_drawdown"):
        return fmt_pct(v)
    if ctype in ("volatility", "win_rate_after"):
        return fmt_pct(v, signed=False)
    if ctype in ("total_volume", "avg_daily_volume"):
        return fmt_volume(v)
    if ctype in ("trading_days", "up_days", "down_days", "event_count"):
        return fmt_count(v)
    return fmt_price(v)


def _period_of(intent: Intent) -> Period | None:
    return intent.period


def _pname(ans: "Answer", p: Period | None) -> str:
    """The period's name; a period running up to today reads "since X"."""
    lang, today = ans.lang, ans.today
    if p is None:
        return T.ALL_DATA[lang]
    if today is not None and p.start != p.end and p.end >= today and not re.fullmatch(r"\d{4}(-\d{2})?", p.label):
        return T.SINCE[lang].format(d=p.start.isoformat())
    return period_text(p, lang)


def _metric_items(ans: Answer, r: StepResult, keys: list[str], label: str | None) -> list[str]:
    s = r.summary or {}
    items = []
    for k in keys:
        v = s.get(k)
        if v is None or (k in ("total_volume", "avg_daily_volume") and not v):
            continue
        d = s.get(f"{k}_date") if k in ("high", "low", "max_drawdown") else None
        c = s.get("max_drawdown_peak_date") if k == "max_drawdown" else None
        ans.claim(k, v, r.symbol, d, label, context=str(c)[:10] if c else None)
        items.append(T.METRIC[ans.lang][k].format(v=_fmt(k, v), d=str(d)[:10] if d else "",
                                                  c=str(c)[:10] if c else ""))
    return items


def _stats(ans: Answer, r: StepResult, intent: Intent) -> None:
    s, lang, p = r.summary or {}, ans.lang, _period_of(intent)
    label = p.label if p else None
    head = f"{r.symbol}, {_pname(ans, p)}"
    one_day = s.get("trading_days") == 1
    if s.get("trading_days") and not one_day:
        ans.claim("trading_days", s["trading_days"], r.symbol, None, label)
        head += " (" + T.COVERAGE[lang].format(a=s.get("first_date"), b=s.get("last_date"),
                                               n=fmt_count(s["trading_days"])) + ")"
    wanted = [m for m in intent.metrics if m in T.METRIC[lang] and m != "trading_days"]
    groups = [wanted] if wanted else (DAY_GROUPS if one_day else FULL_GROUPS)
    sentences = []
    for keys in groups:
        items = _metric_items(ans, r, keys, label)
        if items:
            sentences.append("; ".join(items))
    body = ". ".join(x[0].upper() + x[1:] for x in sentences)
    ans.lines.append(f"{head}: {body}." if body else f"{head}.")


def _top(ans: Answer, r: StepResult, intent: Intent) -> None:
    lang, p = ans.lang, _period_of(intent)
    direction = (r.summary or {}).get("direction") or r.params.get("direction") or "up"
    head = T.TOP[lang]["down" if direction == "down" else "up"].format(
        n=len(r.rows), s=r.symbol, p=_pname(ans, p))
    lines = [head]
    for row in r.rows:
        v, d = row.get("pct_change"), row.get("trading_date")
        if v is None:
            continue
        ans.claim("daily_pct_change", v, r.symbol, d, p.label if p else None)
        lines.append(f"- {str(d)[:10]}: {fmt_pct(v)}")
    ans.lines.append("\n".join(lines))


def _cond_text(lang: str, cond: dict | None) -> tuple[str, str, str]:
    cond = cond or {}
    op = cond.get("op", "gt")
    thr = float(cond.get("threshold", 0.0))
    metric = T.METRIC_NAME[lang].get(cond.get("metric", "daily_pct_change"), "")
    return metric, T.OPS[lang][op], f"{thr:+g}%" if thr else "0%"


def _event_count_line(ans: Answer, r: StepResult, intent: Intent) -> tuple[str, str | None, dict]:
    """The "N days with a change above X" line and its claim; (lang, period label, summary)."""
    lang, p, s = ans.lang, _period_of(intent), r.summary or {}
    label = p.label if p else None
    count = s.get("event_count", len(r.rows))
    ans.claim("event_count", count, r.symbol, None, label)
    m, op, t = _cond_text(lang, s.get("condition") or r.params.get("condition"))
    ans.lines.append(T.EVENTS[lang].format(s=r.symbol, p=_pname(ans, p), c=fmt_count(count), m=m, op=op, t=t))
    return lang, label, s


def _events(ans: Answer, r: StepResult, intent: Intent) -> None:
    lang, label, _ = _event_count_line(ans, r, intent)
    listed = []
    for row in r.rows[:MAX_LISTED_EVENTS]:
        v, d = row.get("pct_change"), row.get("trading_date")
        if v is not None and d:
            ans.claim("daily_pct_change", v, r.symbol, d, label)
            listed.append(f"{str(d)[:10]} ({fmt_pct(v)})")
    if listed:
        more = " " + T.EVENT_MORE[lang].format(k=len(listed)) if len(r.rows) > len(listed) else ""
        ans.lines.append(f"{T.EVENT_LIST[lang]}: " + ", ".join(listed) + more + ".")


def _after(ans: Answer, r: StepResult, intent: Intent) -> None:
    lang, label, s = _event_count_line(ans, r, intent)
    if s.get("avg_return_after") is None:
        ans.lines.append(T.NO_EVENTS_AFTER[lang])
        return
    for k in ("avg_return_after", "median_return_after", "win_rate_after"):
        ans.claim(k, s[k], r.symbol, None, label)
    h = s.get("horizon_days") or r.params.get("horizon_days") or intent.horizon_days
    ans.lines.append(T.AFTER[lang].format(
        h=fmt_count(h), w=fmt_count(s.get("events_with_window", s.get("event_count", len(r.rows)))),
        avg=_fmt("avg_return_after", s["avg_return_after"]),
        med=_fmt("median_return_after", s["median_return_after"]),
        win=_fmt("win_rate_after", s["win_rate_after"])))


def _compare(ans: Answer, r: StepResult, intent: Intent) -> None:
    lang = ans.lang
    best: tuple[float, str] | None = None
    for row in r.rows:
        label = str(row.get("label"))
        try:
            per = make_period(_d(row["start_date"]), _d(row["end_date"]))
            per = Period(start=per.start, end=per.end, label=label)
            name = period_text(per, lang)
        except (KeyError, ValueError, TypeError):
            name = label
        fake = StepResult(step=r.step, action=r.action, symbol=r.symbol, sql="", params={}, summary=row)
        wanted = [m for m in intent.metrics if m in T.METRIC[lang]]   # a comparison keeps the metric asked
        items = _metric_items(ans, fake, wanted or ["open", "close", "pct_change", "high", "low"], label)
        ans.lines.append(f"{r.symbol}, {name}: " + "; ".join(items) + ".")
        if row.get("pct_change") is not None and (best is None or row["pct_change"] > best[0]):
            best = (row["pct_change"], name)
    if best and len(r.rows) > 1:
        ans.lines.append(T.COMPARE_BEST[lang].format(p=best[1]))


def _d(v: Any):
    from datetime import date
    return v if isinstance(v, date) else date.fromisoformat(str(v)[:10])


def _zone(lang: str, v: float) -> str:
    low, mid, high = T.ZONES[lang]
    return high if v >= 70 else low if v <= 30 else mid


def _indicator(ans: Answer, r: StepResult, intent: Intent) -> None:
    lang, s = ans.lang, r.summary or {}
    name = s.get("indicator") or intent.indicator or "indicator"
    window = s.get("window") or intent.indicator_window
    rows = [row for row in r.rows if row.get(name) is not None] if name == "rsi" else r.rows
    if name != "rsi" or not rows:
        _generic_indicator(ans, r, name, window)
        return
    last = rows[-1]
    label = intent.period.label if intent.period else None
    ans.claim("rsi", last["rsi"], r.symbol, last["trading_date"], label)
    ans.lines.append(T.RSI[lang].format(w=fmt_count(window or 14), s=r.symbol, d=str(last["trading_date"])[:10],
                                         v=fmt_price(last["rsi"]), zone=_zone(lang, last["rsi"])))
    if not intent.indicator_date and len(rows) > 2 and intent.period:
        lo = min(rows, key=lambda x: x["rsi"])
        hi = max(rows, key=lambda x: x["rsi"])
        ans.claim("rsi", lo["rsi"], r.symbol, lo["trading_date"], label)
        ans.claim("rsi", hi["rsi"], r.symbol, hi["trading_date"], label)
        ans.lines.append(T.RSI_RANGE[lang].format(
            p=period_text(intent.period, lang), lo=fmt_price(lo["rsi"]), lod=str(lo["trading_date"])[:10],
            hi=fmt_price(hi["rsi"]), hid=str(hi["trading_date"])[:10]))


def _generic_indicator(ans: Answer, r: StepResult, name: str, window: Any) -> None:
    """Indicators without a claim type: the value as computed by the query builder's post-processor."""
    s = r.summary or {}
    if s.get("value") is None:   # too few bars for the window: say so rather than say nothing
        ans.lines.append(T.INDICATOR_NA[ans.lang].format(name=name.upper(), s=r.symbol))
        return
    title = name.upper() + (f"({fmt_count(window)})" if window else "")
    ans.lines.append(T.INDICATOR[ans.lang].format(name=title, s=r.symbol, d=str(s.get("date"))[:10],
                                                  v=fmt_price(float(s["value"]))))


def _generic(ans: Answer, r: StepResult, intent: Intent) -> None:
    """Patterns, volume profile, intraday bars: the summary's scalar values as computed."""
    s = r.summary or {}
    head = T.GENERIC[ans.lang].format(s=r.symbol, p=_pname(ans, intent.period),
                                      a=T.ACTIONS[ans.lang].get(r.action, r.action.replace("_", " ")))
    items = []
    for k, v in s.items():
        if isinstance(v, bool) or v is None or isinstance(v, (dict, list)) or k in CLAIM_TYPES \
                or k.endswith("_ts") or k.endswith("_date") and r.action == "get_intraday_data":
            continue            # values with a claim type are stated (and checked) by their own step
        shown = fmt_price(v) if isinstance(v, float) else str(v)
        items.append(f"{k.replace('_', ' ')} {shown}")
    ans.lines.append(head + " " + "; ".join(items[:12]) + ("." if items else ""))


_RENDER = {"get_period_stats": _stats, "get_periods_after": _after, "compare_periods": _compare,
           "get_indicator": _indicator}


def _render(ans: Answer, r: StepResult, intent: Intent) -> None:
    if r.action == "find_events":
        (_top if r.params.get("top_n") else _events)(ans, r, intent)
    elif r.action == "get_price_extremes":
        _stats(ans, r, intent.model_copy(update={"metrics": ["high", "low"]}))
    else:
        _RENDER.get(r.action, _generic)(ans, r, intent)


def _has_data(r: StepResult) -> bool:
    if r.rows or r.row_count:
        return True
    summary_only = ("get_price_extremes", "aggregate_patterns", "get_volume_profile")
    return r.action in summary_only and any(v not in (None, 0, [], {}) for v in (r.summary or {}).values())


def _synthetic(results: list[StepResult]) -> list[str]:
    out = []
    for r in results:
        flag = (r.summary or {}).get("synthetic") or r.params.get("synthetic")
        if flag and r.symbol not in out:
            out.append(r.symbol)
    return out


def analyze(question: str, intent: Intent, results: list[StepResult], lang: str | None = None,
            ctx: Any = None, feedback: str | None = None) -> AnalystOutput:
    """The answer text in `lang` and the claims it states. `feedback` is not needed: templates
    only write values taken from the results."""
    lang = lang if lang in T.METRIC else (intent.lang if intent.lang in T.METRIC else "en")
    ans = Answer(lang, getattr(ctx, "today", None))
    for r in results:
        if not _has_data(r):
            ans.lines.append(T.NO_DATA[lang].format(s=r.symbol, p=T.IN_PERIOD[lang].format(
                p=_pname(ans, intent.period))))
            continue
        _render(ans, r, intent)
    synthetic = _synthetic(results)   # the graph's analyst adds its own note from the store
    if synthetic:
        ans.lines.append(T.SYNTHETIC[lang].format(s=", ".join(synthetic)))
    return AnalystOutput(response="\n".join(ans.lines), claims=ans.claims)
