"""What the news tools compute: headlines with scores, and sentiment per trading session.

Results are flat, named numbers (counts, means, per-date rows) so an answer can state each one as a
slot. Date ranges are inclusive calendar dates; for get_news they are publication dates (UTC, or
the source's date when it gives no time), for get_sentiment they are session (trading) dates.
"""
from __future__ import annotations

from collections import defaultdict
from datetime import date, timedelta
from statistics import fmean
from typing import TYPE_CHECKING, Any

from agent.market.instruments import Instrument, default_instrument
from agent.ml.bars import daily_bars
from agent.news.sessions import session_close, session_date
from agent.news.store import items_for_symbol, symbol_range

if TYPE_CHECKING:
    from agent.market.store import MarketStore
    from agent.storage.appdb import AppDB

DEFAULT_SENTIMENT_DAYS = 30
LOOKBACK_DAYS = 7        # headlines up to a week before `start` can count for its first session
NO_NEWS = "no stored news for {symbol}; load headlines with `askbar load-news FILE --symbols {symbol}`"


def _instrument(store: MarketStore, symbol: str) -> Instrument:
    return store.get_instrument(symbol) or default_instrument(symbol)


def _counts(labels: list[str], scores: list[float]) -> dict[str, Any]:
    return {"count": len(labels), "positive": labels.count("positive"),
            "neutral": labels.count("neutral"), "negative": labels.count("negative"),
            "mean_score": round(fmean(scores), 4) if scores else None}


def _range(db: AppDB, symbol: str, start: date | None, end: date | None,
           default_days: int | None) -> tuple[date, date] | None:
    if start and end:
        return start, end
    span = symbol_range(db, symbol)
    if not span or not span["n"]:
        return None
    last = date.fromisoformat(span["last"][:10])
    first = date.fromisoformat(span["first"][:10])
    end = end or last
    if start is None:
        start = max(first, end - timedelta(days=default_days - 1)) if default_days else first
    return start, end


def get_news(store: MarketStore, db: AppDB, symbol: str, limit: int = 20,
             start: date | None = None, end: date | None = None) -> dict[str, Any]:
    symbol = symbol.upper()
    span = _range(db, symbol, start, end, None)
    if span is None:
        return {"symbol": symbol, "count": 0, "returned": 0, "items": [],
                "message": NO_NEWS.format(symbol=symbol)}
    start, end = span
    rows = items_for_symbol(db, symbol, start.isoformat(), (end + timedelta(days=1)).isoformat())
    inst = _instrument(store, symbol)
    bars = daily_bars(store, symbol, start - timedelta(days=1), end + timedelta(days=10))
    dates = [d.date() for d in bars["trading_date"]]
    items = [{"published_at": r["published_at"], "headline": r["headline"], "summary": r["summary"],
              "source": r["source"], "url": r["url"], "sentiment_label": r["sentiment_label"],
              "sentiment_score": round(r["sentiment_score"], 4),
              "session_date": session_date(r["published_at"], r["has_time"], inst, dates).isoformat()}
             for r in rows[:limit]]
    return {"symbol": symbol, "start": start.isoformat(), "end": end.isoformat(),
            **_counts([r["sentiment_label"] for r in rows], [r["sentiment_score"] for r in rows]),
            "returned": len(items), "items": items}


def _day_rows(rows: list[dict], inst: Instrument, dates: list[date], start: date,
              end: date) -> dict[date, list[dict]]:
    by_day: dict[date, list[dict]] = defaultdict(list)
    for r in rows:
        d = session_date(r["published_at"], r["has_time"], inst, dates)
        if start <= d <= end:
            by_day[d].append(r)
    return by_day


def _pearson(xs: list[float], ys: list[float]) -> float | None:
    if len(xs) < 3:
        return None
    mx, my = fmean(xs), fmean(ys)
    sxy = sum((x - mx) * (y - my) for x, y in zip(xs, ys))
    sxx, syy = sum((x - mx) ** 2 for x in xs), sum((y - my) ** 2 for y in ys)
    return round(sxy / (sxx * syy) ** 0.5, 4) if sxx and syy else None


def get_sentiment(store: MarketStore, db: AppDB, symbol: str, start: date | None = None,
                  end: date | None = None) -> dict[str, Any]:
    symbol = symbol.upper()
    span = _range(db, symbol, start, end, DEFAULT_SENTIMENT_DAYS)
    if span is None:
        return {"symbol": symbol, "count": 0, "days": [], "message": NO_NEWS.format(symbol=symbol)}
    start, end = span
    inst = _instrument(store, symbol)
    rows = items_for_symbol(db, symbol, (start - timedelta(days=LOOKBACK_DAYS)).isoformat(),
                            (end + timedelta(days=1)).isoformat())
    bars = daily_bars(store, symbol, start - timedelta(days=LOOKBACK_DAYS), end + timedelta(days=10))
    dates = [d.date() for d in bars["trading_date"]]
    closes = dict(zip(dates, bars["close"].tolist()))
    by_day = _day_rows(rows, inst, dates, start, end)
    days = []
    for d in sorted(by_day):
        labels = [r["sentiment_label"] for r in by_day[d]]
        row = {"date": d.isoformat(), **_counts(labels, [r["sentiment_score"] for r in by_day[d]])}
        i = bisect_index(dates, d)
        if i is not None:
            row["close"] = closes[d]
            row["pct_change"] = (round((closes[d] / closes[dates[i - 1]] - 1) * 100, 4)
                                 if i > 0 else None)
        days.append(row)
    all_rows = [r for d in by_day for r in by_day[d]]
    paired = [(x["mean_score"], x["pct_change"]) for x in days if x.get("pct_change") is not None]
    half = len(days) // 2
    close = session_close(inst)
    return {"symbol": symbol, "start": start.isoformat(), "end": end.isoformat(),
            "timezone": inst.timezone,
            "session_close": close.strftime("%H:%M") if close else "24:00",
            **_counts([r["sentiment_label"] for r in all_rows],
                      [r["sentiment_score"] for r in all_rows]),
            "dates_with_news": len(days),
            "first_half_mean_score": _mean_of_days(days[:half]),
            "second_half_mean_score": _mean_of_days(days[half:]) if half else None,
            "score_return_correlation": _pearson(*map(list, zip(*paired))) if paired else None,
            "correlation_days": len(paired), "days": days}


def _mean_of_days(days: list[dict]) -> float | None:
    scores = [d["mean_score"] for d in days if d["mean_score"] is not None]
    return round(fmean(scores), 4) if scores else None


def bisect_index(dates: list[date], d: date) -> int | None:
    import bisect

    i = bisect.bisect_left(dates, d)
    return i if i < len(dates) and dates[i] == d else None
