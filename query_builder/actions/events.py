"""find_events and get_periods_after: days matching a condition, and what followed them.

Both read ohlcv_1d only. The previous close comes from the series read from the trading date before
the period (equivalent to a LAG over the whole history, filtered afterwards), so the first day of
the period has a change. Exits (LEAD by N trading days) may fall after the period's end.
"""
from __future__ import annotations

from typing import Any

import numpy as np
from psycopg import sql

from query_builder.base import Args, Context, Extra, Output, Rows
from query_builder.convert import column, fnum
from query_builder.errors import MissingParameter
from query_builder.fragments import PCT_CHANGE, daily_series, iso_date, metric, op
from query_builder.granularity import bounds, horizon_bound
from query_builder.models import BuiltQuery, EventCondition

_RISING = ("gt", "gte")

_EVENTS = (
    "SELECT {td} AS trading_date, e.open, e.high, e.low, e.close, e.volume, e.prev_close,"
    " e.pct_change{value_col}, count(*) OVER () AS matching FROM (SELECT *, {pct} AS pct_change,"
    " {value} AS value FROM ({series}) s WHERE s.trading_date >= {start}) e WHERE {where}"
    " ORDER BY {order}{limit}"
)


def _condition(ctx: Context) -> EventCondition | None:
    return ctx.params.condition


def build_find_events(ctx: Context) -> BuiltQuery:
    cond, top_n = _condition(ctx), ctx.params.top_n
    if cond is None and top_n is None:
        raise MissingParameter("find_events needs a condition (metric, op, threshold) or top_n")
    start, end = bounds(ctx.params)
    p = ctx.new_params()
    metric_name = cond.metric if cond else "daily_pct_change"
    rising = cond.op in _RISING if cond else ctx.params.direction != "down"
    where = (sql.SQL("e.value {} {}").format(op(cond.op), p("threshold", cond.threshold)) if cond
             else sql.SQL("e.value IS NOT NULL"))
    order: sql.Composable
    limit: sql.Composable
    if top_n:
        order = sql.SQL("e.value DESC, e.trading_date" if rising else "e.value ASC, e.trading_date")
        limit = sql.SQL(" LIMIT {}").format(p("top_n", top_n))
    else:
        order, limit = sql.SQL("e.trading_date"), sql.SQL("")
    value_col = sql.SQL("") if metric_name == "daily_pct_change" else sql.SQL(", e.value")
    q = sql.SQL(_EVENTS).format(td=iso_date(p, "e"), value_col=value_col, pct=sql.SQL(PCT_CHANGE),
                                value=metric(metric_name), series=daily_series(p, start, end),
                                start=ctx.dialect.placeholder("start_date"), where=where,
                                order=order, limit=limit)
    args = {"metric": metric_name, "top_n": top_n, "direction": "up" if rising else "down",
            "condition": cond.model_dump() if cond else None}
    return ctx.built(q, p, "find_events", post_args=args, granularity="daily")


def post_find_events(rows: Rows, args: Args, extra: Extra) -> Output:
    matching = int(rows[0]["matching"]) if rows else 0
    out = [{k: v for k, v in r.items() if k != "matching"} for r in rows]
    if args["metric"] != "daily_pct_change":
        for r in out:
            r[args["metric"]] = r.pop("value")
    summary: dict[str, Any] = {"event_count": len(out), "metric": args["metric"],
                               "condition": args["condition"]}
    if args["top_n"]:
        summary.update(top_n=args["top_n"], direction=args["direction"], matching_days=matching)
    values = column(out, args["metric"] if args["metric"] != "daily_pct_change" else "pct_change")
    if len(values):
        summary.update(avg_value=fnum(np.nanmean(values)), first_date=min(r["trading_date"] for r in out),
                       last_date=max(r["trading_date"] for r in out))
    return Output(out, summary)


# --- get_periods_after --------------------------------------------------------------------------

_AFTER = (
    "SELECT {td} AS event_date, e.close AS event_close, e.pct_change AS event_pct_change,"
    " {exit_td} AS exit_date, e.exit_close, (e.exit_close / NULLIF(e.close, 0) - 1) * 100 AS return_pct"
    " FROM (SELECT *, {pct} AS pct_change, {value} AS value FROM ({series}) s"
    " WHERE s.trading_date >= {start} AND s.trading_date <= {end}) e"
    " WHERE e.value {op} {threshold} ORDER BY e.trading_date"
)
_LEADS = "LEAD(close, {n}) OVER w AS exit_close, LEAD(trading_date, {n}) OVER w AS exit_date"


def build_periods_after(ctx: Context) -> BuiltQuery:
    cond, n = _condition(ctx), ctx.params.horizon_days
    if cond is None or n is None:
        raise MissingParameter("get_periods_after needs a condition and horizon_days")
    start, end = bounds(ctx.params)
    p = ctx.new_params()
    leads = sql.SQL(_LEADS).format(n=p("horizon_days", n))
    series = daily_series(p, start, horizon_bound(end, n), extra=leads, upper_name="upper_date")
    q = sql.SQL(_AFTER).format(td=iso_date(p, "e"), exit_td=iso_date(p, "e", "exit_date"),
                               pct=sql.SQL(PCT_CHANGE), value=metric(cond.metric), series=series,
                               start=ctx.dialect.placeholder("start_date"), end=p("end_date", end),
                               op=op(cond.op), threshold=p("threshold", cond.threshold))
    return ctx.built(q, p, "periods_after", granularity="daily",
                     post_args={"horizon_days": n, "condition": cond.model_dump()})


def post_periods_after(rows: Rows, args: Args, extra: Extra) -> Output:
    out = rows
    returns = column(out, "return_pct")
    returns = returns[np.isfinite(returns)]
    n = len(returns)
    summary = {
        "event_count": len(out), "events_with_window": n, "events_without_window": len(out) - n,
        "horizon_days": args["horizon_days"], "condition": args["condition"],
        "avg_return_after": fnum(returns.mean()) if n else None,
        "median_return_after": fnum(np.median(returns)) if n else None,
        "win_rate_after": fnum(np.count_nonzero(returns > 0) / n * 100) if n else None,
        "best_return_after": fnum(returns.max()) if n else None,
        "worst_return_after": fnum(returns.min()) if n else None,
    }
    return Output(out, summary)
