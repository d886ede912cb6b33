"""The plan step: what the planner (LLM or offline) asks for. Code turns it into SQL.

These models are also the function-calling schemas for the LLM, so every field is described.
Dates are TRADING dates (see agent/market/sessions.py) and both ends are inclusive.
"""
from __future__ import annotations

from datetime import date, time
from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import BaseModel, Field, field_serializer, model_validator

from query_builder.backtest_rule import BacktestRule
from query_builder.declare import Declared, names

# The declared names (query_builder/declarations.py), checked and listed in the JSON schema from
# the registry; a type checker sees plain strings.
if TYPE_CHECKING:
    Action = str
    Indicator = str
    Pattern = str
else:
    Action = Annotated[str, Declared("action")]
    Indicator = Annotated[str, Declared("indicator")]
    Pattern = Annotated[str, Declared("pattern")]


def __getattr__(name: str) -> Any:
    """ACTIONS: the declared action names at the time asked."""
    if name == "ACTIONS":
        return names("action")
    raise AttributeError(name)


# N-minute sizes ("5min", "4h") are aggregated from 1-minute bars in SQL, aligned to local midnight
# (query_builder/actions/intraday.py); "1min" and "hourly" are stored tables.
Granularity = Literal["1min", "2min", "3min", "5min", "10min", "15min", "20min", "30min", "hourly", "2h", "4h",
                      "daily", "weekly", "monthly"]
EventMetric = Literal["daily_pct_change", "gap_pct", "range_pct", "close_level", "high_level", "low_level"]
# the level metrics compare a day's close, high or low with a price ("closed above 520")
LEVEL_METRICS = ("close_level", "high_level", "low_level")
Op = Literal["gt", "gte", "lt", "lte"]


class EventCondition(BaseModel):
    """Days where `metric` `op` `threshold` (percent, 2.5 = 2.5 %). daily_pct_change: close vs the
    previous close; gap_pct: open vs the previous close; range_pct: (high - low) / previous close;
    *_level: the day's close, high or low vs a price (threshold = the price)."""
    metric: EventMetric = "daily_pct_change"
    op: Op = Field(description="gt/gte for rises (threshold > 0), lt/lte for falls (threshold < 0)")
    threshold: float = Field(description="percent, e.g. 3 for +3 %, -4 for -4 %")


class PeriodRange(BaseModel):
    start_date: date
    end_date: date
    label: str | None = Field(None, description="e.g. 2024-03, 2008, Q1 2020")


class StepParams(BaseModel):
    symbol: str = Field(description="as stored, e.g. NQ, SPY, SPX")
    start_date: date | None = Field(None, description="first trading date, inclusive")
    end_date: date | None = Field(None, description="last trading date, inclusive")
    granularity: Granularity | None = Field(
        None, description="bars returned; empty = by period length (>1y weekly, 1-12 months daily, "
                          "1-7 days hourly, 1 day 1min); 2min-30min, 2h, 4h: built from 1-min bars")
    start_time: time | None = Field(None, description="intraday only: local wall-clock start")
    end_time: time | None = Field(None, description="intraday only: local wall-clock end (exclusive)")
    condition: EventCondition | None = None
    horizon_days: int | None = Field(None, ge=1, le=260, description="trading days after each event")
    top_n: int | None = Field(None, ge=1, le=100, description="find_events: only the N largest moves; "
                                                              "rank_volume_days: the N days ranked first")
    periods: list[PeriodRange] | None = Field(None, description="compare_periods: 2+ periods")
    indicator: Indicator | None = None
    window: int | None = Field(None, ge=2, le=400, description="indicator window (RSI 14, SMA 20...)")
    pattern: Pattern | None = None
    threshold: float | None = Field(None, description="pattern threshold: gap %, volume multiple")
    bins: int | None = Field(None, ge=2, le=200, description="get_volume_profile price bins")
    direction: Literal["up", "down"] | None = Field(
        None, description="top_n without condition: up = largest gains, down = largest falls; "
                          "rank_volume_days: up = highest volume, down = lowest")
    max_trading_days: int | None = Field(
        None, ge=1, le=260, description="only the first N trading dates from start_date ('the week after')")
    last_trading_days: int | None = Field(
        None, ge=1, le=260, description="only the last N trading dates up to end_date")
    extended_hours: bool = Field(False, description="include bars outside the session (pre/post market)")
    rule: BacktestRule | None = Field(None, description="run_backtest: the rule tested (entry, exit, "
                                                        "sizing, costs, fills)")

    @model_validator(mode="after")
    def _dates_ordered(self) -> "StepParams":
        if self.start_date and self.end_date and self.start_date > self.end_date:
            raise ValueError(f"start_date {self.start_date} is after end_date {self.end_date}")
        return self


class Step(BaseModel):
    action: Action
    params: StepParams
    description: str | None = None


class SubQuery(BaseModel):
    """A further statement of a step (e.g. the hourly bars next to a period's daily bars)."""
    name: str
    sql: str
    params: dict[str, Any]


class BuiltQuery(BaseModel):
    """SQL for one engine with its bound parameters, plus the named post-processor to apply."""
    engine: Literal["duckdb", "postgres"]
    sql: str
    params: dict[str, Any]
    post: str | None = None
    post_args: dict[str, Any] = Field(default_factory=dict)
    granularity: Granularity | None = None
    extra: list[SubQuery] = Field(
        default_factory=list, description="further statements of the same step, run in order; "
                                          "their rows reach the post-processor by name")
    notes: list[str] = Field(default_factory=list, description="e.g. a granularity that was degraded")
    numeric: dict[str, str] | None = Field(
        None, description="the result's columns as numpy dtypes when every value is a non-null "
                          "number: a store may fetch them straight into arrays (query_numeric)")


class StepResult(BaseModel):
    """What the executor returns for one step (also what the analyst and validator read)."""
    step: int
    action: Action | Literal["tool"]   # "tool": a tool call's result (agent/tools/tool_results.py)
    symbol: str
    sql: str
    params: dict[str, Any]
    rows: list[dict[str, Any]] = Field(default_factory=list)
    summary: dict[str, Any] | None = None
    granularity: Granularity | None = None
    row_count: int = 0
    duration_ms: float = 0.0
    bars: list[dict[str, Any]] = Field(
        default_factory=list, description="bars at `granularity` when it is not daily "
                                          "(get_period_stats: weekly/monthly/hourly/1min)")
    extra_sql: list[dict[str, Any]] = Field(
        default_factory=list, description="further statements run for this step: name, sql, params")
    notes: list[str] = Field(default_factory=list, description="e.g. a granularity that was degraded")

    @field_serializer("rows", "bars", mode="wrap")
    def _built_rows(self, rows: Any, handler: Any) -> Any:
        """Rows or bars a step left unbuilt (convert.LazyRows) dump as the real list."""
        from query_builder.convert import as_list

        return handler(as_list(rows))
