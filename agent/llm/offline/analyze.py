"""analyze(question, intent, results, lang) -> AnalystOutput: templated answers written with slots.

The templates write no figure: every value is a slot (`{s1.close}`, `{s1.e3.pct_change}`,
`{param.threshold}`; see agent/answer/slots.py) that code fills and formats in the user's language after
the validator passed the text, exactly as for the Gemini analyst. Only period names carry digits
(years, dates in words inside the period in scope). The claims are the slots shown.
"""
from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from agent.answer import format as fmt
from agent.answer.slots import SKIPPED_KEYS
from agent.lang import get as lang_get
from agent.lang import plural
from agent.llm.offline import backtest, kinds
from agent.llm.offline import templates as T
from agent.nlu import reading
from agent.nlu.period_math import make_period
from agent.nlu.texts import period_text
from agent.state import CLAIM_TYPES, AnalystOutput, Intent, Period
from query_builder import declare
from query_builder.models import StepResult

FULL_GROUPS = [["open", "close", "pct_change"], ["high", "low"],
               ["up_days", "down_days", "avg_daily_range", "volatility"],
               ["total_volume", "avg_daily_volume"]]
DAY_GROUPS = [["open", "close", "pct_change"], ["high", "low"], ["total_volume"]]
MAX_LISTED_EVENTS = 10


class Answer:
    """Sentences collected while rendering results; `n` is the step's slot prefix (s1, s2...)."""

    def __init__(self, lang: str, today: Any = None):
        self.lang = lang
        self.today = today
        self.lines: list[str] = []
        self.n = 1

    def slot(self, name: str) -> str:
        """The slot for one of the current step's values ("{s1.high}"); code fills it later."""
        return "{s%d.%s}" % (self.n, name)


def _part_of(intent: Intent, r: StepResult) -> Intent:
    """The intent as one part of a question with parts: the step's own period."""
    for part in intent.parts:
        if r.symbol in part.symbols and part.period and str(r.params.get("start_date")) == str(part.period.start):
            return reading.part_intent(intent, part)
    return intent


def _period_of(intent: Intent) -> Period | None:
    return intent.period


def _pname(ans: "Answer", p: Period | None) -> str:
    """The period's name; a period running up to today reads "since X"."""
    lang, today = ans.lang, ans.today
    if p is None:
        return T.ALL_DATA[lang]
    if today is not None and p.start != p.end and p.end >= today and not re.fullmatch(r"\d{4}(-\d{2})?", p.label):
        return T.SINCE[lang].format(d=fmt.day(p.start, lang))
    return period_text(p, lang)


_DATED_ITEMS = ("high", "low", "max_drawdown", "max_close", "min_close", "longest_up_streak", "longest_down_streak")


def _metric_items(ans: Answer, r: StepResult, keys: Sequence[str], prefix: str = "",
                  values: dict | None = None) -> list[str]:
    s = r.summary if values is None else values
    items = []
    for k in keys:
        v = (s or {}).get(k)
        if v is None or (k in ("total_volume", "avg_daily_volume") and not v):
            continue
        d = ans.slot(f"{prefix}{k}.date") if k in _DATED_ITEMS and (s or {}).get(f"{k}_date") else ""
        c = ans.slot(f"{prefix}{k}.peak_date") if k == "max_drawdown" \
            and (s or {}).get("max_drawdown_peak_date") else \
            ans.slot(f"{prefix}{k}.start") if (s or {}).get(f"{k}_start") else ""
        items.append(str(T.claim_template(ans.lang, k)).format(v=ans.slot(prefix + k), d=d, c=c))
    return items


def _stats(ans: Answer, r: StepResult, intent: Intent) -> None:
    s, lang, p = r.summary or {}, ans.lang, _period_of(intent)
    head = f"{r.symbol}, {_pname(ans, p)}"
    one_day = s.get("trading_days") == 1
    if s.get("trading_days") and not one_day:
        head += " (" + T.COVERAGE[lang].format(a=ans.slot("first_date"), b=ans.slot("last_date"),
                                               n=ans.slot("trading_days")) + ")"
    wanted = [m for m in intent.metrics if m in T.METRIC[lang] and m != "trading_days"]
    groups = [wanted] if wanted else (DAY_GROUPS if one_day else FULL_GROUPS)
    sentences = []
    for keys in groups:
        items = _metric_items(ans, r, keys)
        if items:
            sentences.append("; ".join(items))
    body = ". ".join(x[0].upper() + x[1:] for x in sentences)
    ans.lines.append(f"{head}: {body}." if body else f"{head}.")


def _listed(ans: Answer, r: StepResult) -> list[int]:
    """1-based numbers of the rows the slot table names (e1, e2...)."""
    return [k for k, row in enumerate(r.rows[:MAX_LISTED_EVENTS], 1)
            if row.get("pct_change") is not None and row.get("trading_date")]


def _top(ans: Answer, r: StepResult, intent: Intent) -> None:
    lang, p = ans.lang, _period_of(intent)
    direction = (r.summary or {}).get("direction") or r.params.get("direction") or "up"
    count = (r.summary or {}).get("event_count")
    count = count if isinstance(count, int) else len(r.rows)
    # the form by the count (Babel's plural rule of the language), its number still a slot
    cond = (r.summary or {}).get("condition") or r.params.get("condition") or {}
    ranged = isinstance(cond, dict) and cond.get("metric") == "range_pct"   # days ranked by range
    key = "range" if ranged else "down" if direction == "down" else "up"
    head = plural(lang, T.TOP[lang][key], count, n=ans.slot("event_count"), s=r.symbol, p=_pname(ans, p))
    value = "range_pct" if ranged else "pct_change"
    lines = [head] + [f"- {ans.slot(f'e{k}.date')}: {ans.slot(f'e{k}.{value}')}" for k in _listed(ans, r)]
    ans.lines.append("\n".join(lines))


def _volume_rank(ans: Answer, r: StepResult, intent: Intent) -> None:
    """rank_volume_days: the ranked days with their volume; "highest" only because code ranked them."""
    lang, s = ans.lang, r.summary or {}
    direction = "down" if s.get("direction") == "down" else "up"
    head = plural(lang, T.VOLUME_RANK[lang][direction], int(s.get("ranked_count") or len(r.rows)),
                  n=ans.slot("ranked_count"), s=r.symbol, p=_pname(ans, _period_of(intent)),
                  d=ans.slot("days_ranked"))
    items = [f"- {T.VOLUME_RANK_ITEM[lang].format(date=ans.slot(f'e{k}.date'), v=ans.slot(f'e{k}.volume'))}"
             for k, row in enumerate(r.rows[:MAX_LISTED_EVENTS], 1) if row.get("volume") is not None]
    ans.lines.append("\n".join([head, *items]))


def _cond_text(lang: str, cond: dict | None) -> tuple[str, str, str]:
    cond = cond or {}
    op = cond.get("op", "gt")
    metric = T.METRIC_NAME[lang].get(cond.get("metric", "daily_pct_change"), "")
    return metric, T.OPS[lang][op], "{param.threshold}"


def _event_count_line(ans: Answer, r: StepResult, intent: Intent) -> dict:
    """The "N days with a change above X" line; the step's summary."""
    lang, p, s = ans.lang, _period_of(intent), r.summary or {}
    cond = s.get("condition") or r.params.get("condition")
    m, op, t = _cond_text(lang, cond)
    if isinstance(cond, dict) and cond.get("threshold") is not None:
        t = ans.slot("threshold")      # the step's own threshold (a question may hold a rise and a fall)
    ans.lines.append(T.EVENTS[lang].format(s=r.symbol, p=_pname(ans, p), c=ans.slot("event_count"),
                                           m=m, op=op, t=t))
    return s


def _events(ans: Answer, r: StepResult, intent: Intent) -> None:
    _event_count_line(ans, r, intent)
    lang = ans.lang
    cond = (r.summary or {}).get("condition") or r.params.get("condition") or {}
    metric = cond.get("metric") if isinstance(cond, dict) else None
    # the value the day met: its gap, range, or the close, high or low a price level was compared with
    key = metric if metric in ("gap_pct", "range_pct") else str(metric)[:-len("_level")] \
        if str(metric).endswith("_level") else "pct_change"
    listed = [f"{ans.slot(f'e{k}.date')} ({ans.slot(f'e{k}.{key}')})" for k in _listed(ans, r)]
    if listed:
        more = " " + T.EVENT_MORE[lang] if len(r.rows) > len(listed) else ""
        ans.lines.append(f"{T.EVENT_LIST[lang]}: " + ", ".join(listed) + more + ".")


def _after(ans: Answer, r: StepResult, intent: Intent) -> None:
    lang = ans.lang
    s = _event_count_line(ans, r, intent)
    if s.get("avg_return_after") is None:
        ans.lines.append(T.NO_EVENTS_AFTER[lang])
        return
    h = ans.slot("horizon_days") if s.get("horizon_days") is not None else "{param.horizon_days}"
    w = ans.slot("events_with_window" if s.get("events_with_window") is not None else "event_count")
    ans.lines.append(T.AFTER[lang].format(h=h, w=w, avg=ans.slot("avg_return_after"),
                                          med=ans.slot("median_return_after"),
                                          win=ans.slot("win_rate_after")))
    # each event's date and move, then the return after it (an event study lists its events)
    listed = [f"{ans.slot(f'e{k}.date')} ({ans.slot(f'e{k}.pct_change')}; {ans.slot(f'e{k}.return_after')})"
              if row.get("return_pct") is not None else f"{ans.slot(f'e{k}.date')} ({ans.slot(f'e{k}.pct_change')})"
              for k, row in enumerate(r.rows[:MAX_LISTED_EVENTS], 1)
              if row.get("event_pct_change") is not None and row.get("event_date")]
    if listed:
        more = " " + T.EVENT_MORE[lang] if len(r.rows) > len(listed) else ""
        ans.lines.append(f"{T.EVENT_LIST[lang]}: " + ", ".join(listed) + more + ".")


def _compare(ans: Answer, r: StepResult, intent: Intent) -> None:
    lang = ans.lang
    best: tuple[float, str] | None = None
    wanted = [m for m in intent.metrics if m in T.METRIC[lang]]   # a comparison keeps the metric asked
    key = _verdict_key(wanted)
    worst = intent.direction == "down" and key in RETURNS      # "the worst week": the weakest named
    for k, row in enumerate(r.rows, 1):
        label = str(row.get("label"))
        try:
            per = make_period(_d(row["start_date"]), _d(row["end_date"]))
            per = Period(start=per.start, end=per.end, label=label)
            name = period_text(per, lang)
        except (KeyError, ValueError, TypeError):
            name = label
        items = _metric_items(ans, r, wanted or ["open", "close", "pct_change", "high", "low"],
                              f"p{k}.", row)
        # a period whose measure could not be computed (one session has no volatility) says so
        ans.lines.append(f"{r.symbol}, {name}: " + ("; ".join(items) or T.COMPARE_NONE[lang]) + ".")
        if key and row.get(key) is not None and (best is None or (row[key] < best[0] if worst else row[key] > best[0])):
            best = (row[key], ans.slot(f"p{k}.period"))
    if best and sum(1 for row in r.rows if key and row.get(key) is not None) > 1:   # a verdict needs two values
        line = (T.COMPARE_WORST[lang] if worst else T.COMPARE_BEST[lang]) if key in RETURNS else T.COMPARE_HIGHEST[lang]
        ans.lines.append(line.format(p=best[1], m=_measure_name(str(key), lang)))


RETURNS = ("pct_change", "return_prev_close")


def _measure_name(key: str, lang: str) -> str:
    """The measure's name as the UI labels its claims, in running text ("average daily volume")."""
    name = str(lang_get(lang, "ui", "claim").get(key, key))
    return name[:1].lower() + name[1:]


def _verdict_key(wanted: list[str]) -> str | None:
    """The measure a comparison's verdict ranks by: the return unless one other measure was asked
    (a volume comparison names the period with the higher volume, never the "stronger" one)."""
    if not wanted or set(wanted) & set(RETURNS):
        return "return_prev_close" if wanted == ["return_prev_close"] else "pct_change"
    return wanted[0] if len(wanted) == 1 else None


def _d(v: Any):
    from datetime import date
    return v if isinstance(v, date) else date.fromisoformat(str(v)[:10])


def _zone(lang: str, v: float) -> str:
    low, mid, high = T.ZONES[lang]
    return high if v >= 70 else low if v <= 30 else mid


def _indicator(ans: Answer, r: StepResult, intent: Intent) -> None:
    lang, s = ans.lang, r.summary or {}
    name = s.get("indicator") or intent.indicator or "indicator"
    rsi = s.get("rsi", s.get("value"))
    if name != "rsi" or rsi is None:
        _generic_indicator(ans, r, name)
        return
    window = ans.slot("window") if s.get("window") else "{param.window}"
    ans.lines.append(T.RSI[lang].format(w=window, s=r.symbol, d=ans.slot("rsi.date"),
                                        v=ans.slot("rsi"), zone=_zone(lang, rsi)))
    ranged = sum(1 for row in r.rows if row.get("rsi") is not None) > 2
    if not intent.indicator_date and ranged and intent.period and s.get("min") is not None:
        ans.lines.append(T.RSI_RANGE[lang].format(
            p=period_text(intent.period, lang), lo=ans.slot("rsi_min"), lod=ans.slot("rsi_min.date"),
            hi=ans.slot("rsi_max"), hid=ans.slot("rsi_max.date")))


def _generic_indicator(ans: Answer, r: StepResult, name: str) -> None:
    """Indicators without a claim type: the value as computed by the query builder's post-processor."""
    s = r.summary or {}
    if s.get("value") is None:   # too few bars for the window: say so rather than say nothing
        ans.lines.append(T.INDICATOR_NA[ans.lang].format(name=name.upper(), s=r.symbol))
        return
    title = name.upper() + (f"({ans.slot('window')})" if s.get("window") else "") + _clock(r)
    date = ans.slot(f"{name}.date") if s.get("date") else ""
    line = T.INDICATOR[ans.lang].format(name=title, s=r.symbol, d=date, v=ans.slot("value"))
    parts = kinds.indicator_parts(ans.lang, name, ans.slot, s)
    ans.lines.append(line[:-1] + f" ({parts})." if parts and line.endswith(".") else line)


def _clock(r: StepResult) -> str:
    """The time-of-day window a value was computed over (" 10:00–11:00"), so the answer names it."""
    t0, t1 = r.params.get("start_time"), r.params.get("end_time")
    if not t0 and not t1:
        return ""
    return " " + "–".join(str(t)[:5] for t in (t0, t1) if t)


def _kind_text(ans: Answer, r: StepResult, intent: Intent) -> str | None:
    """The prose of a volume profile, a pattern or intraday bars (agent/llm/offline/kinds.py)."""
    s = r.summary or {}
    head = {"s": r.symbol, "p": _pname(ans, intent.period)}
    if r.action == "get_volume_profile":
        return kinds.volume_profile(ans.lang, ans.slot, s, head)
    if r.action == "aggregate_patterns" and s.get("pattern") in kinds.PATTERNS:
        return kinds.PATTERNS[s["pattern"]](ans.lang, ans.slot, s, head)
    if r.action == "get_intraday_data":
        return kinds.intraday(ans.lang, ans.slot, s, head)
    return None


def _generic(ans: Answer, r: StepResult, intent: Intent) -> None:
    """Patterns, volume profile, intraday bars: prose per kind, else the summary's values."""
    s = r.summary or {}
    text = _kind_text(ans, r, intent)
    if text is not None:
        ans.lines.append(text)
        return
    head = T.GENERIC[ans.lang].format(s=r.symbol, p=_pname(ans, intent.period),
                                      a=T.ACTIONS[ans.lang].get(r.action, r.action.replace("_", " ")))
    decl = declare.actions().get(r.action)   # the action's declared claims in their own words
    own = [k for k in (decl.claims if decl else ()) if s.get(k) is not None and T.claim_template(ans.lang, k)]
    items = [str(T.claim_template(ans.lang, k)).format(v=ans.slot(k), d="", c="") for k in own]
    for k, v in s.items():
        if k in own or isinstance(v, bool) or v is None or isinstance(v, (dict, list)) or k in CLAIM_TYPES \
                or k in SKIPPED_KEYS or any(c.isdigit() for c in k) or k.endswith("_ts") \
                or k.endswith("_date") and k[:-5] in ("max", "min", *_DATED_ITEMS) \
                or k.endswith("_date") and r.action == "get_intraday_data":
            continue            # values with a claim type are stated (and checked) by their own step
        items.append(f"{k.replace('_', ' ')} {ans.slot(k)}")
    ans.lines.append(head + " " + "; ".join(items[:12]) + ("." if items else ""))


def _backtest(ans: Answer, r: StepResult, intent: Intent) -> None:
    ans.lines += backtest.answer(ans.lang, r.symbol, _pname(ans, intent.period), r.summary or {}, ans.slot)


_RENDER = {"run_backtest": _backtest, "run_backtest_intraday": _backtest, "get_period_stats": _stats, "get_periods_after": _after, "compare_periods": _compare,
           "get_indicator": _indicator, "rank_volume_days": _volume_rank}


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
    if r.action in ("run_backtest", "run_backtest_intraday"):
        return bool(r.summary)      # a rule that made no trade still has its figures
    if r.action in ("find_events", "get_periods_after") and (r.summary or {}).get("event_count") is not None:
        return True   # the days were scanned and none matched: "no such days", not "no data"
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
    """The answer text in `lang`, written with slots. `feedback` is not needed: templates only
    name values the slot table holds."""
    lang = lang if lang in T.METRIC else (intent.lang if intent.lang in T.METRIC else "en")
    ans = Answer(lang, getattr(ctx, "today", None))
    for n, r in enumerate(results, 1):
        ans.n = n
        if not _has_data(r):
            ans.lines.append(T.NO_DATA[lang].format(s=r.symbol, p=T.IN_PERIOD[lang].format(
                p=_pname(ans, intent.period))))
            continue
        _render(ans, r, _part_of(intent, r))
    synthetic = _synthetic(results)   # the graph's analyst adds its own note from the store
    if synthetic:
        ans.lines.append(T.SYNTHETIC[lang].format(s=", ".join(synthetic)))
    return AnalystOutput(response="\n".join(ans.lines))
