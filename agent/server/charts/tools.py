"""Tool answers: each tool declares its chart (`ToolSpec.chart`): candles for get_ohlcv, a builder
of agent/server/charts/tool_answers.py (price, indicators, news, sentiment, ML accuracy and
features, portfolio), or "none:<why>" (a watchlist, an order, an alert, a calculation, a memory
statement), and the spec then says why there is no chart in the user's language."""
from __future__ import annotations

from typing import Any

from agent.server.charts.common import candles, none, spec
from agent.server.charts.tool_answers import EMPTY, TOOL_BUILDERS, ToolAnswer, tool_answers

OHLC = ("open", "high", "low", "close")
NONE = "none:"


def declared_tool_chart(tool: str) -> str:
    """What the tool declares: a builder name or "none:<why>" ("none:tool" for a tool of a tenant's
    registry or one the catalogue does not know: an account action of someone else's making)."""
    from agent.tools.registry import get_registry

    spec_ = get_registry().by_name(tool)
    return (spec_.chart if spec_ is not None else "") or NONE + "tool"


def candles_chart(a: ToolAnswer, title: str, store: Any = None) -> dict[str, Any] | None:
    rows = [b for b in a.rows if all(k in b for k in OHLC)]
    if not rows:
        return None
    symbol = str(a.data.get("symbol") or "")
    label = f"{symbol} {a.data.get('timeframe') or a.params.get('timeframe') or ''}".strip()
    return spec("tool_candles", title or label, [candles(rows, "1min", symbol)], "price",
                tz=a.data.get("timezone") or "UTC", tool=a.tool)


def _one(a: ToolAnswer, title: str, store: Any) -> dict[str, Any]:
    declared = declared_tool_chart(a.tool)
    if declared.startswith(NONE):
        return none(declared[len(NONE):], title)
    if not a.success:
        return none("tool_failed", title)
    builder = candles_chart if declared == "tool_candles" else TOOL_BUILDERS.get(declared)
    out = builder(a, title, store) if builder else None
    return out if out and out.get("series") else none(EMPTY.get(declared, "no_rows"), title)


def tool_chart(values: dict[str, Any], title: str, store: Any = None) -> dict[str, Any] | None:
    """The chart of the turn's tool answers (the first that draws, else the first one's reason),
    None when the turn called no tool."""
    answers = tool_answers(values)
    if not answers:
        return None
    charts = [_one(a, title, store) for a in answers]
    return next((c for c in charts if c.get("series")), charts[0])
