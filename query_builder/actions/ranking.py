"""rank_volume_days: the trading days of a period ranked by their volume ("highest volume day",
"top 3 volume days", "lowest volume day").

A day's volume is its daily bar's (the session's minutes: SPY 09:30-16:00 New York, CME futures
18:00-17:00 with the closing date). The ranking is computed here, so an answer may call a day the
highest (or lowest) only from this step: every day of the period is ranked in SQL, the first N are
returned with their rank, and `days_ranked` says how many days the ranking covered.
"""
from __future__ import annotations

from psycopg import sql

from query_builder.base import Args, Context, Extra, Output, Rows
from query_builder.convert import fnum, jsonable_rows
from query_builder.fragments import iso_date
from query_builder.granularity import bounds
from query_builder.models import BuiltQuery

DEFAULT_TOP = 1
# ORDER BY keyword per direction: constants, never from the request.
_ORDER = {"up": sql.SQL("DESC"), "down": sql.SQL("ASC")}
_RANK = (
    "SELECT r.trading_date, r.volume, r.open, r.high, r.low, r.close, r.volume_rank, r.days_ranked FROM"
    " (SELECT {td} AS trading_date, d.volume, d.open, d.high, d.low, d.close,"
    " ROW_NUMBER() OVER (ORDER BY d.volume {order}, d.trading_date) AS volume_rank,"
    " COUNT(*) OVER () AS days_ranked FROM ohlcv_1d d WHERE d.symbol = {symbol}"
    " AND d.trading_date >= {start} AND d.trading_date <= {end} AND d.volume IS NOT NULL) r"
    " WHERE r.volume_rank <= {top_n} ORDER BY r.volume_rank"
)


def build_rank_volume(ctx: Context) -> BuiltQuery:
    start, end = bounds(ctx.params)
    direction = ctx.params.direction or "up"
    p = ctx.new_params()
    q = sql.SQL(_RANK).format(td=iso_date(p, "d"), order=_ORDER[direction], symbol=ctx.dialect.placeholder("symbol"),
                              start=p("start_date", start), end=p("end_date", end),
                              top_n=p("top_n", ctx.params.top_n or DEFAULT_TOP))
    return ctx.built(q, p, "rank_volume", post_args={"direction": direction}, granularity="daily")


def post_rank_volume(rows: Rows, args: Args, extra: Extra) -> Output:
    out = jsonable_rows(rows)
    for r in out:
        r["volume"] = fnum(r["volume"])
        r["volume_rank"], r["days_ranked"] = int(r["volume_rank"]), int(r["days_ranked"])
    summary = {"direction": args.get("direction", "up"), "ranked_count": len(out),
               "days_ranked": out[0]["days_ranked"] if out else 0}
    return Output(out, summary)
