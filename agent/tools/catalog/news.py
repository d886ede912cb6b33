"""News tools: stored headlines with a finance sentiment score, and sentiment per trading session."""
from __future__ import annotations

from datetime import date
from typing import Any

from pydantic import BaseModel, Field

from agent.tools.spec import SEED_CACHE_TTL, RateLimit, StoredSymbol, ToolContext, ToolError, ToolSpec


class _SymbolRange(BaseModel):
    symbol: StoredSymbol = Field(description="instrument symbol, e.g. SPX, NQ, BTCUSD")
    start: date | None = Field(None, description="first date, inclusive (YYYY-MM-DD)")
    end: date | None = Field(None, description="last date, inclusive (YYYY-MM-DD)")


class GetNewsParams(_SymbolRange):
    limit: int = Field(5, ge=1, le=200, description="most recent headlines to return (seed: 5)")


class GetSentimentParams(_SymbolRange):
    pass


# Headlines are stamped in the stores' range: dates outside it (0001-01-01, 9999-12-31) overflowed
# into an execution error when the day's session bounds were computed.
DATE_RANGE = (date(1900, 1, 1), date(2200, 12, 31))


def _check_range(ctx: ToolContext, params: _SymbolRange) -> None:
    for name in ("start", "end"):
        day = getattr(params, name)
        if day is not None and not DATE_RANGE[0] <= day <= DATE_RANGE[1]:
            raise ToolError("VALIDATION_ERROR", f"{name} {day} is outside {DATE_RANGE[0]}..{DATE_RANGE[1]}")
    if params.start and params.end and params.start > params.end:
        raise ToolError("VALIDATION_ERROR",
                        f"start {params.start} is after end {params.end}")


def get_news(ctx: ToolContext, params: GetNewsParams) -> dict[str, Any]:
    from agent.news.service import get_news as run

    return run(ctx.store, ctx.appdb, params.symbol, params.limit, params.start, params.end)


def get_sentiment(ctx: ToolContext, params: GetSentimentParams) -> dict[str, Any]:
    from agent.news.service import get_sentiment as run

    return run(ctx.store, ctx.appdb, params.symbol, params.start, params.end)


TOOLS: list[ToolSpec] = [
    ToolSpec(
        id="news.get_news", name="get_news", chart="news", category="news",
        description=("Stored news headlines about a symbol, newest first, each with a finance "
                     "sentiment label and score (-1..1) and the trading session it counts for; "
                     "plus counts of positive/neutral/negative headlines in the date range."),
        params=GetNewsParams, handler=get_news, validator=_check_range, required_plan="free",
        # The seed's table: 10 a minute, news results cached 5 minutes (the cache key carries the
        # news load's version, so a load is never hidden behind the TTL).
        rate_limit=RateLimit(per_minute=10), cache_ttl_s=SEED_CACHE_TTL["news"],
        claims=("count", "positive", "neutral", "negative", "mean_score", "returned")),
    ToolSpec(
        id="news.get_sentiment", name="get_sentiment", chart="sentiment", category="news",
        description=("News sentiment of a symbol per trading date: headline counts by label and "
                     "mean score per session (a headline after the session close counts for the "
                     "next session), the day's close and % change, and totals over the range."),
        params=GetSentimentParams, handler=get_sentiment, validator=_check_range,
        required_plan="pro", rate_limit=RateLimit(per_minute=20), cache_ttl_s=SEED_CACHE_TTL["news"],
        claims=("count", "positive", "neutral", "negative", "mean_score", "dates_with_news",
                "first_half_mean_score", "second_half_mean_score", "score_return_correlation",
                "days")),
]
