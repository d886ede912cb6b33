"""The slot table: every value an answer may state, computed by code, under the names the analyst uses.

Each step result contributes its values under `s{n}.{name}` (n = step number from 1); a name also
answers unqualified (`{close}`) when only one step has it, and under its symbol (`{NQ.close}`) when
that symbol has one step. Compared periods are `p{k}.{name}` (`{p2.volatility}`), listed events
`e{k}.pct_change` / `e{k}.date`, a value's date `{high.date}`. Numbers the user typed are
`{param.*}` (`{param.threshold}`, `{param.horizon_days}`, `{param.window}`, `{param.n1}`...): they
may be quoted, never stated as facts about the data (the validator checks that).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date
from typing import Any, Iterable

from agent import lang as packs
from agent.answer import claim_types
from agent.answer.format import Case, Kind, case_before, inflect, render, starts_sentence, tick_decimals
from agent.answer.relations import relation
from query_builder import declare

_NAME = r"[A-Za-z][A-Za-z0-9_]*(?:\.[A-Za-z0-9_]+)*"
# A value slot ({p2.close}) or a relation slot code renders from values ({dir:pct_change}; with the
# subject's gender or number where the language agrees: {dir.f:pct_change} "выросла", {dir.pl:...}
# {cmp:p2.close,p1.close}, {share:up_days,trading_days}).
SLOT = re.compile(r"\{((?:(?:dir(?:\.(?:m|f|n|pl))?|cmp|share):)?" + _NAME + r"(?:," + _NAME + r")?)\}")
RELATIONS = ("dir", "cmp", "share")
MAX_LISTED_ROWS = 20   # events / top moves named one by one (e1..e20); more is a chart's job

# Keys by unit: the claim types of that kind (views of their declarations, which kind_of reads
# first) and the keys of results that are no claim type.
_PCT = claim_types.of_kind("pct", {"best_return_after", "worst_return_after", "avg_value", "threshold",
                                   "return_pct", "event_pct_change", "gap_pct", "range_pct"})
_PCT_LEVEL = claim_types.of_kind("pct_level")
_VOLUME = claim_types.of_kind("volume", {"volume"})
_COUNT = claim_types.of_kind("count", {"events_with_window", "events_without_window", "horizon_days", "window",
                                       "top_n", "matching_days", "bar_count", "period_count", "periods_with_data",
                                       "warmup_bars", "bins"})
_PRICES = claim_types.of_kind("price", {"price", "previous_close", "price_low", "price_high", "poc_low", "poc_high",
                                        "bin_width", "middle", "upper", "lower", "range", "day_close",
                                        "day_high", "day_low"})
# Differences of two prices (declared `difference`, and a profile's bin width, a window's range).
DIFFERENCES = claim_types.Declared(lambda d: d.difference, {"bin_width", "range"})
SKIPPED_KEYS = _SKIP = {"prev_close", "clock_window", "granularity", "condition", "synthetic", "metric", "direction", "indicator",
         "labels", "best_label", "worst_label", "skip", "upper_date", "max_drawdown_peak_date",
         "longest_up_streak_start", "longest_down_streak_start"}
# Values that span days: the last day as the date, the first as the context (claim table), each
# its own date slot ("{max_drawdown.peak_date}", "{longest_up_streak.start}").
_SPANNED = {"max_drawdown": ("max_drawdown_peak_date", "peak_date"),
            "longest_up_streak": ("longest_up_streak_start", "start"),
            "longest_down_streak": ("longest_down_streak_start", "start")}


def period_name(label: str, span: tuple[str, str] | None, lang: str) -> str:
    """A period in the user's language ("November 2023", "ноябрь 2023", "noviembre de 2023")."""
    # the offline package imports this module (its templates write slots): import at call time
    from agent.nlu.period_math import make_period
    from agent.nlu.texts import period_text
    from agent.state import Period

    if not span:
        return label
    try:
        per = make_period(date.fromisoformat(span[0]), date.fromisoformat(span[1]))
        return period_text(Period(start=per.start, end=per.end, label=label or per.label), lang)
    except (ValueError, TypeError):
        return label


@dataclass(frozen=True)
class SlotValue:
    name: str                  # canonical name, e.g. "s1.high"
    metric: str                # the value's own name, e.g. "high", "pct_change", "threshold"
    kind: Kind
    value: float | str
    symbol: str | None = None
    date: str | None = None
    period: str | None = None
    param: bool = False        # a number the user typed, not a fact about the data
    context: str | None = None  # e.g. a drawdown's peak date (DESIGN.md claim table)
    decimals: int | None = None  # a price's precision: its instrument's tick size
    span: tuple[str, str] | None = None  # the dates the value is about (its step's or period's)
    ranked: bool = False         # the result of a ranking code computed (top N, best hour, max...)
    tool: str | None = None      # the catalogue tool whose result holds it: a claim of its own name
    claim_as: str | None = None  # the claim type it is shown as ("bb_upper"); "" = none (a key
    # of a pattern's summary that shares a claim type's name, not its meaning)
    exact: bool = False          # shown as recorded (an order's 10 units, not 10.00), still a claim

    def text(self, lang: str, absolute: bool = False, case: Case = "nom") -> str:
        if self.kind == "period":
            return inflect(period_name(str(self.value), self.span, lang), lang, case)
        return render(self.value, self.kind, lang, absolute=absolute, exact=self.param or self.exact,
                      decimals=self.decimals if self.kind == "price" else None)

    @property
    def claim_type(self) -> str | None:
        if self.param or self.kind in ("date", "time", "text") or self.claim_as == "":
            return None
        if self.claim_as:
            return self.claim_as
        if self.metric in declare.names("claim"):
            return self.metric
        if self.tool:                  # a tool's number is a claim like a query's (tool.field)
            return f"{self.tool}.{self.metric}"
        return "rsi" if self.metric in ("rsi_min", "rsi_max") else None

    @property
    def signed(self) -> bool:
        return self.kind == "pct"

    def claim(self) -> dict[str, Any] | None:
        ctype = self.claim_type
        if ctype is None or isinstance(self.value, str):
            return None
        return {"type": ctype, "value": float(self.value), "symbol": self.symbol, "date": self.date,
                "period": self.period, "context": self.context}


def kind_of(key: str, value: Any) -> Kind:
    declared = declare.claims().get(key)  # a claim type renders as its declaration says
    if declared is not None:
        return declared.kind
    if key.endswith("date") or key.endswith("_ts") or key in ("label", "time"):
        return "date" if key.endswith("date") else "time" if key.endswith("_ts") else "text"
    if key in _PCT or key.endswith("_pct") or "pct" in key:
        return "pct"
    if key in _PCT_LEVEL or key.endswith("_rate"):
        return "pct_level"
    if key in _VOLUME or key.endswith("volume"):
        return "volume"
    if key in _COUNT or isinstance(value, int):
        return "count"
    return "price" if key in _PRICES else "number"


class SlotTable:
    """Values by name, with the aliases the analyst may use."""

    def __init__(self) -> None:
        self.values: dict[str, SlotValue] = {}
        self._aliases: dict[str, set[str]] = {}
        self.precision: dict[str, int] = {}   # symbol -> decimals of its prices (tick size)
        self.ranked_steps: set[str] = set()   # steps that ranked their rows (top N): "s2"
        self.labels: set[str] = set()         # words naming computed values and tools ("count", "news")
        # symbol -> its daily series in scope [(date, close-to-close % change or None)], for the
        # statements over sessions (streaks, the final sessions): a period's rows, one pass at build
        self.series: dict[str, list[tuple[str, float | None]]] = {}

    def add(self, canonical: str, metric: str, value: Any, *, aliases: Iterable[str] = (),
            kind: Kind | None = None, **meta: Any) -> None:
        if value is None or isinstance(value, (bool, dict, list)):
            return
        if isinstance(value, float) and value != value:   # NaN: nothing computed
            return
        kind = kind or kind_of(metric, value)
        if kind == "price" and meta.get("symbol") in self.precision and "decimals" not in meta:
            meta["decimals"] = self.precision[meta["symbol"]]
        slot = SlotValue(canonical, metric, kind, value, **meta)
        self.labels.update(metric.lower().split("_"))
        self.values[canonical] = slot
        for alias in {canonical, *aliases}:
            self._aliases.setdefault(alias, set()).add(canonical)

    def get(self, name: str) -> SlotValue | None:
        names = self._aliases.get(name) or set()
        return self.values[next(iter(names))] if len(names) == 1 else None

    def symbols(self) -> set[str]:
        return {v.symbol for v in self.values.values() if v.symbol}

    def ambiguous(self, name: str) -> bool:
        return len(self._aliases.get(name) or ()) > 1

    def names(self) -> list[str]:
        """Every name that resolves (for the analyst's prompt and the rewrite feedback)."""
        return sorted(n for n, c in self._aliases.items() if len(c) == 1)

    def describe(self, lang: str, limit: int = 200, symbols: bool = True) -> str:
        """One line per value: its shortest unambiguous name = the value as it will be shown (so
        the analyst can choose its words; it still writes only the slot). `symbols=False` leaves
        out whose value it is (an answer about one instrument: `{symbol}` says it once)."""
        best: dict[str, str] = {}
        for alias, canon in self._aliases.items():
            if len(canon) == 1:
                c = next(iter(canon))
                if c not in best or len(alias) < len(best[c]):
                    best[c] = alias
        lines = []
        for key, alias in list(best.items())[:limit]:
            v = self.values[key]
            where = ", ".join(x for x in (v.symbol if symbols else None, v.date,
                                          "from the question" if v.param else None) if x)
            lines.append(f"{{{alias}}} = {v.text(lang)}"
                         + (f" ({where})" if where else ""))
        return "\n".join(lines)


def _qualified(table: SlotTable, n: int, symbol: str, one_step: bool, local: str, metric: str,
               value: Any, **meta: Any) -> None:
    aliases = [local] + ([f"{symbol}.{local}"] if one_step else [])
    table.add(f"s{n}.{local}", metric, value, aliases=aliases, symbol=symbol, **meta)


# Results of a ranking: the declared `ranked` claim types, an indicator's max and min and the
# spikes summary's max_ratio (spike_max_ratio's key there).
RANKED = claim_types.Declared(lambda d: d.ranked, {"max", "min", "rsi_max", "rsi_min", "max_ratio"})
# Keys whose result holds their date beside them as "<key>_date" (declared `dated`, and an
# indicator's max and min).
DATED = claim_types.Declared(lambda d: d.dated, {"max", "min"})
# Kinds a pattern's own values take (a spike threshold is a multiple, a fill rate a level).
_PATTERN_KINDS: dict[tuple[str, str], Kind] = {
    ("volume_spikes", "threshold"): "number", ("gaps", "threshold"): "pct_level",
    ("gaps", "fill_rate_pct"): "pct_level", ("gaps", "avg_abs_gap_pct"): "pct_level",
    ("price_levels", "threshold"): "pct_level", ("price_levels", "nearest_support"): "price",
    ("price_levels", "nearest_resistance"): "price"}


# Values over a time-of-day window (DESIGN "Stable interfaces"): the ordinary claim types, with the
# window and its time zone as `context` and the trading date as `date`.
WINDOW_CLAIMS = claim_types.Declared(lambda d: d.windowed, {"range"})


def _window_meta(data: dict[str, Any], key: str) -> dict[str, Any]:
    window = data.get("clock_window")
    if not window or key not in WINDOW_CLAIMS:
        return {}
    first, last = data.get("first_date"), data.get("last_date")
    day = {"open": first, "close": last}.get(key, first if first and first == last else None)
    return {"context": window, **({"date": str(day)[:10]} if day else {})}


def _add_mapping(table: SlotTable, n: int, sym: str, one: bool, prefix: str, data: dict[str, Any],
                 period: str | None, span: tuple[str, str] | None = None, tool: str | None = None) -> None:
    pattern = str(data.get("pattern") or "")
    for key, value in data.items():
        extra: dict[str, Any] = {"span": span, **({"tool": tool} if tool else {})}
        windowed = _window_meta(data, key)
        if key in RANKED:
            extra["ranked"] = True
        if (pattern, key) in _PATTERN_KINDS:
            extra["kind"] = _PATTERN_KINDS[(pattern, key)]
        if key in _SKIP or key.endswith("_date") and key[:-5] in DATED:
            continue
        local = f"{prefix}{key}"
        date = data.get(f"{key}_date") if key in DATED else None
        if key in _SPANNED:   # e.g. a drawdown's trough as the date, its peak as the context
            first_key, first_name = _SPANNED[key]
            peak = data.get(first_key)
            _qualified(table, n, sym, one, local, key, value, period=period,
                       date=str(date)[:10] if date else None, context=str(peak)[:10] if peak else None,
                       **extra)
            for name, day in (("date", date), (first_name, peak)):
                if day:
                    _qualified(table, n, sym, one, f"{local}.{name}", "date", str(day)[:10],
                               kind="date", period=period)
            continue
        if key in ("max", "min") and data.get("indicator") == "rsi":
            _qualified(table, n, sym, one, f"{prefix}rsi_{key}", f"rsi_{key}", value, period=period,
                       date=str(date)[:10] if date else None, **extra)
            if date:
                _qualified(table, n, sym, one, f"{prefix}rsi_{key}.date", "date", str(date)[:10],
                           kind="date", period=period)
            continue
        if key == "date" and data.get("indicator"):
            local = f"{prefix}{data['indicator']}.date"
        shown_as = claim_types.claim_as(data, key)
        if shown_as:
            extra.update(claim_as=shown_as, context=data.get("clock_window") or claim_types.context_of(data))
        elif claim_types.not_a_claim(data, key):
            extra["claim_as"] = ""
        if windowed.get("context") and not shown_as:
            extra["context"] = windowed["context"]
        at_date = key in ("rsi", "value") or bool(shown_as and data.get("indicator"))
        day = date or (data.get("date") if at_date else None) or windowed.get("date")
        _qualified(table, n, sym, one, local, key, value, period=period,
                   date=str(day)[:10] if day else None, **extra)
        if date:
            _qualified(table, n, sym, one, f"{local}.date", "date", str(date)[:10], kind="date",
                       period=period)


def _add_rows(table: SlotTable, n: int, sym: str, one: bool, res: dict[str, Any], period: str | None,
              span: tuple[str, str] | None) -> None:
    action, rows = res.get("action"), res.get("rows") or []
    if action == "compare_periods":
        for k, row in enumerate(rows, 1):
            label = str(row.get("label") or "")
            _add_mapping(table, n, sym, one, f"p{k}.", row, label or period, _span(row, row) or span)
            table.add(f"s{n}.p{k}.label", "label", label, aliases=[f"p{k}.label"], kind="text")
            table.add(f"s{n}.p{k}.period", "period", label, aliases=[f"p{k}.period"], kind="period",
                      symbol=sym, span=_span(row, row) or span)
    elif action == "find_events":
        ranked = bool((res.get("params") or {}).get("top_n"))
        if ranked:
            table.ranked_steps.add(f"s{n}")
        for k, row in enumerate(rows[:MAX_LISTED_ROWS], 1):
            d = str(row.get("trading_date") or "")[:10] or None
            _qualified(table, n, sym, one, f"e{k}.pct_change", "daily_pct_change",
                       row.get("pct_change"), date=d, period=period, ranked=ranked, span=span)
            _qualified(table, n, sym, one, f"e{k}.close", "day_close", row.get("close"), date=d,
                       period=period, kind="price", ranked=ranked, span=span)
            for key in ("high", "low"):          # the price a "traded above (below)" level was met by
                if row.get(f"{key}_level") is not None:
                    _qualified(table, n, sym, one, f"e{k}.{key}", f"day_{key}", row.get(key), date=d,
                               period=period, kind="price", ranked=ranked, span=span)
            for key, claim in (("gap_pct", "day_gap_pct"), ("range_pct", "day_range_pct")):
                if row.get(key) is not None:     # the value a gap or range condition was met by
                    _qualified(table, n, sym, one, f"e{k}.{key}", claim, row[key], date=d, period=period,
                               kind="pct_level" if key == "range_pct" else "pct", ranked=ranked, span=span)
            _qualified(table, n, sym, one, f"e{k}.date", "date", d, kind="date", period=period)
    elif action == "get_periods_after":   # each event: its date, its day's move, the return after
        for k, row in enumerate(rows[:MAX_LISTED_ROWS], 1):
            d = str(row.get("event_date") or "")[:10] or None
            _qualified(table, n, sym, one, f"e{k}.pct_change", "daily_pct_change",
                       row.get("event_pct_change"), date=d, period=period, span=span)
            _qualified(table, n, sym, one, f"e{k}.return_after", "return_after", row.get("return_pct"),
                       date=d, period=period, kind="pct", span=span)
            _qualified(table, n, sym, one, f"e{k}.date", "date", d, kind="date", period=period)
    elif action == "aggregate_patterns" and (res.get("summary") or {}).get("pattern") == "price_levels":
        _add_levels(table, n, sym, one, rows, period, span)
    elif action == "rank_volume_days":   # days ranked by volume: each day's volume, dated
        table.ranked_steps.add(f"s{n}")
        for k, row in enumerate(rows[:MAX_LISTED_ROWS], 1):
            d = str(row.get("trading_date") or "")[:10] or None
            _qualified(table, n, sym, one, f"e{k}.volume", "total_volume", row.get("volume"), date=d,
                       period=period, ranked=True, span=(d, d) if d else span)
            _qualified(table, n, sym, one, f"e{k}.date", "date", d, kind="date", period=period)


def _add_levels(table: SlotTable, n: int, sym: str, one: bool, rows: list[dict[str, Any]], period: str | None,
                span: tuple[str, str] | None) -> None:
    """Support and resistance levels, nearest to the last close first: {res1.level} (a
    resistance_level claim dated by its last touch), {res1.touches}, {res1.date}; {sup1...} likewise.
    The step ranks: its levels group the highest highs and lowest lows of their sessions, and its
    answer says so."""
    table.ranked_steps.add(f"s{n}")
    sides = {"res": sorted((r for r in rows if r.get("side") == "resistance"), key=lambda r: r["level"]),
             "sup": sorted((r for r in rows if r.get("side") == "support"), key=lambda r: -r["level"])}
    for prefix, side in sides.items():
        for k, row in enumerate(side[:MAX_LISTED_ROWS], 1):
            d = str(row.get("last_date") or "")[:10] or None
            metric = "resistance_level" if prefix == "res" else "support_level"
            _qualified(table, n, sym, one, f"{prefix}{k}.level", metric, row.get("level"), date=d,
                       period=period, kind="price", span=span)
            _qualified(table, n, sym, one, f"{prefix}{k}.touches", "touches", row.get("touches"),
                       period=period, kind="count", span=span)
            _qualified(table, n, sym, one, f"{prefix}{k}.date", "date", d, kind="date", period=period)


def _add_series(table: SlotTable, sym: str, res: dict[str, Any], summary: dict[str, Any]) -> None:
    """A period's daily rows as the symbol's series (not capped rows: they are not the period)."""
    if res.get("action") != "get_period_stats" or summary.get("truncated") \
            or summary.get("granularity", "daily") != "daily" or sym in table.series:
        return
    rows = [r for r in res.get("rows") or [] if r.get("trading_date")]
    table.series[sym] = [(str(r["trading_date"])[:10], r.get("pct_change") if isinstance(r.get("pct_change"), (int, float))
                          else None) for r in rows]


MAX_NEWS_ITEMS = 20   # news items an answer may cite by slot ({news1.headline} .. {news20.date})


def _add_news(table: SlotTable, n: int, sym: str, one: bool, res: dict[str, Any]) -> None:
    """A get_news result's items as citable slots: {newsK.headline}, {newsK.date} (the trading
    session the item counts for, rendered in words), {newsK.source}. Causes and events may be
    written only beside them (agent/answer/news_checks.py)."""
    params = res.get("params") or {}
    if res.get("action") == "tool":
        table.labels.update(str(params.get("tool") or "").lower().split("_"))
    if res.get("action") != "tool" or params.get("tool") != "get_news":
        return
    for k, item in enumerate((res.get("rows") or [])[:MAX_NEWS_ITEMS], 1):
        day = str(item.get("session_date") or item.get("published_at") or "")[:10] or None
        meta = {"date": day, "context": str(item.get("summary") or "")}   # _qualified adds the symbol
        _qualified(table, n, sym, one, f"news{k}.headline", "headline", item.get("headline"),
                   kind="text", **meta)
        _qualified(table, n, sym, one, f"news{k}.date", "news_date", day, kind="date", **meta)
        _qualified(table, n, sym, one, f"news{k}.source", "news_source", item.get("source"),
                   kind="text", **meta)


def threshold_kind(cond: dict[str, Any]) -> Kind:
    """A condition's threshold: a price for a level ("closed above 520"), an unsigned percent for a
    range ("above 1%", never "+1%"), else a signed percent."""
    metric = str(cond.get("metric") or "")
    return "price" if metric.endswith("_level") else "pct_level" if metric == "range_pct" else "pct"


def _add_params(table: SlotTable, intent: dict[str, Any], results: list[dict[str, Any]], question: str) -> None:
    cond = intent.get("condition") or {}
    params: dict[str, Any] = {"threshold": cond.get("threshold"), "horizon_days": intent.get("horizon_days"),
                              "top_n": intent.get("top_n"), "window": intent.get("indicator_window")}
    for res in results:
        p = res.get("params") or {}
        for key in ("threshold", "horizon_days", "top_n", "window"):
            if params.get(key) is None and p.get(key) is not None:
                params[key] = p[key]
    for key, value in params.items():
        kind: Kind = threshold_kind(cond) if key == "threshold" else "count"
        table.add(f"param.{key}", key, value, kind=kind, param=True)
    from agent.answer.numbers import question_numbers

    for k, value in enumerate(question_numbers(question), 1):
        table.add(f"param.n{k}", "number", value, kind="number", param=True)


_PRICE_KEYS = ("open", "close", "high", "low")


def _span(params: dict[str, Any], summary: dict[str, Any]) -> tuple[str, str] | None:
    a = params.get("start_date") or summary.get("first_date")
    b = params.get("upper_date") or params.get("end_date") or summary.get("last_date")
    return (str(a)[:10], str(b)[:10]) if a and b else None


def _precision(results: list[dict[str, Any]]) -> dict[str, int]:
    """Each symbol's price decimals: its tick size, else what its own prices carry (a few rows are
    enough: the table never scans result rows)."""
    samples: dict[str, list[float]] = {}
    for res in results:
        sym = str(res.get("symbol") or "")
        got = samples.setdefault(sym, [])
        for row in [res.get("summary") or {}, *(res.get("rows") or [])[:5]]:
            got += [float(row[k]) for k in _PRICE_KEYS if isinstance(row.get(k), (int, float))
                    and not isinstance(row.get(k), bool)]
    return {sym: tick_decimals(sym, got) for sym, got in samples.items()}


def build(results: list[dict[str, Any]], intent: dict[str, Any] | None = None, question: str = "") -> SlotTable:
    """The slot table of one answer: step results (StepResult dicts) + the question's parameters."""
    intent = intent or {}
    table = SlotTable()
    label = (intent.get("period") or {}).get("label")
    counts: dict[str, int] = {}
    for res in results:
        counts[str(res.get("symbol"))] = counts.get(str(res.get("symbol")), 0) + 1
    table.precision = _precision(results)
    for i, res in enumerate(results, 1):
        sym = str(res.get("symbol") or "")
        one = counts[sym] == 1
        summary = dict(res.get("summary") or {})
        if res.get("action") == "compare_periods":
            summary = {k: v for k, v in summary.items() if k in ("period_count", "periods_with_data")}
        if summary.get("indicator") == "rsi" and summary.get("rsi") is None:
            summary["rsi"] = summary.get("value")     # older post-processors name it value only
        span = _span(res.get("params") or {}, summary)
        tool = str((res.get("params") or {}).get("tool") or "") if res.get("action") == "tool" else None
        step_label = label
        if summary.get("truncated") and summary.get("first_date") and summary.get("last_date"):
            # capped rows: their values speak for the dates the rows cover, never the whole period
            span = (str(summary["first_date"])[:10], str(summary["last_date"])[:10])
            step_label = f"{span[0]}..{span[1]}"
        _add_mapping(table, i, sym, one, "", summary, step_label, span, tool or None)
        cond = summary.get("condition") or (res.get("params") or {}).get("condition") or {}
        if isinstance(cond, dict) and cond.get("threshold") is not None:   # each step its own ("up 1% and down 1%": two steps)
            table.add(f"s{i}.threshold", "threshold", cond["threshold"], param=True, kind=threshold_kind(cond))
        _add_rows(table, i, sym, one, res, label, span)
        _add_series(table, sym, res, summary)
        _add_news(table, i, sym, one, res)
        table.add(f"s{i}.symbol", "symbol", sym, aliases=["symbol"] + ([f"{sym}.symbol"] if one else []),
                  kind="text", symbol=sym)
        if label:
            table.add(f"s{i}.period", "period", label, aliases=["period"], kind="period", symbol=sym,
                      span=span)
    _add_params(table, intent, results, question)
    return table


# A value right after a direction relation slot ("{dir:pct_change} {pct_change}", "{dir.f:x} на
# {x}"): the word says the sign, the value is shown without it.
_AFTER_DIR = re.compile(r"\{dir[^{}]*\}\s*(?:(?:" + packs.alternation("answer", "AFTER_DIR") + r")\s+)?$")


def _direction_before(text: str, start: int) -> str | None:
    from agent.answer.wording import direction_before

    return direction_before(text, start)


def fill(text: str, table: SlotTable, lang: str) -> tuple[str, list[dict[str, Any]]]:
    """(the text with every slot rendered, the claims of the slots shown, in order, deduplicated).

    A signed value after a direction word ("fell {pct_change}") is rendered without its sign."""
    claims: list[dict[str, Any]] = []
    seen: set[tuple[Any, ...]] = set()
    out, last = [], 0
    for m in SLOT.finditer(text):
        if ":" in m.group(1):
            out += [text[last:m.start()], relation(m.group(1), table, lang)]
            last = m.end()
            continue
        slot = table.get(m.group(1))
        if slot is None:
            raise KeyError(m.group(1))
        absolute = slot.signed and (_direction_before(text, m.start()) is not None
                                    or _AFTER_DIR.search(text[max(0, m.start() - 40):m.start()]) is not None)
        shown = slot.text(lang, absolute, case_before(text[:m.start()], lang))
        if slot.kind in ("period", "date") and starts_sentence(text[:m.start()]):
            shown = shown[:1].upper() + shown[1:]
        if shown.endswith(".") and text[m.end():m.end() + 1] == ".":
            shown = shown[:-1]           # "29 ноября 2023 г." ending a sentence: one period
        out += [text[last:m.start()], shown]
        last = m.end()
        claim = slot.claim()
        if claim is None and slot.metric == "date":
            continue
        if claim is not None:
            key = (claim["type"], claim["value"], claim["symbol"], claim["date"])
            if key not in seen:
                seen.add(key)
                claims.append(claim)
    out.append(text[last:])
    return "".join(out), claims

