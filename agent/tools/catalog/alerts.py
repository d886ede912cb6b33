"""Alert tools (seed 000): price alerts checked against each bar `askbar load` adds (pro)."""
from __future__ import annotations

from typing import Any

from agent.live import condition_alerts
from agent.market.tx import read
from agent.nlu.alert_conditions import AlertCondition
from agent.tools.spec import RateLimit, ToolContext, ToolSpec
from agent.trading import service
from agent.trading.idempotency import ALREADY, already_closed, key_of
from agent.trading.params import CreateAlert, DeleteAlert, ListAlerts
from agent.trading.tooling import as_params


def create_alert(ctx: ToolContext, params: Any) -> dict[str, Any]:
    p = as_params(CreateAlert, params)
    alert, again = service.create_alert_once(ctx.store, ctx.user, p, key_of(ctx),
                                             ctx.settings.max_alerts_per_user)
    return {"alert": alert.model_dump(mode="json"), **({ALREADY: True} if again else {})}


def create_condition_alert(ctx: ToolContext, params: Any) -> dict[str, Any]:
    p = as_params(AlertCondition, params)
    alert, again = condition_alerts.create(ctx.store, ctx.user, p, key_of(ctx))
    return {"alert": alert.model_dump(mode="json"), **({ALREADY: True} if again else {})}


def list_alerts(ctx: ToolContext, params: Any) -> dict[str, Any]:
    p = as_params(ListAlerts, params)
    alerts = service.list_alerts(ctx.store, ctx.user, p.symbol)
    stats = [a for a in condition_alerts.list_for(ctx.store, ctx.user) if p.symbol in (None, a.symbol)]
    return {"alerts": [a.model_dump(mode="json") for a in alerts],
            "condition_alerts": [a.model_dump(mode="json") for a in stats], "count": len(alerts) + len(stats)}


def delete_alert(ctx: ToolContext, params: Any) -> dict[str, Any]:
    p = as_params(DeleteAlert, params)
    done = already_closed(read(ctx.store), ctx.user, "alert", p.alert_id) if key_of(ctx) else None
    if done:                       # a confirmed deletion run again: say so, change nothing
        return done
    if p.alert_id.startswith("cnd_"):   # a statistics alert (agent/live/condition_alerts.py)
        gone = condition_alerts.delete(ctx.store, ctx.user, p.alert_id)
        return {"alert": gone.model_dump(mode="json"), "deleted": True}
    alert = service.delete_alert(ctx.store, ctx.user, p.alert_id)
    return {"alert": alert.model_dump(mode="json"), "deleted": True}


TOOLS: list[ToolSpec] = [
    ToolSpec(id="alerts.create", name="create_alert", chart="none:tool",
             description="Create a price alert (>=, <=, == crossed within a bar) checked on each "
                         "bar loaded later; it fires once and records the bar, time and price",
             category="alerts", params=CreateAlert, handler=create_alert, required_plan="pro",
             rate_limit=RateLimit(per_minute=20), mutates=True),   # additive, a new alert each call
    ToolSpec(id="alerts.create_condition", name="create_condition_alert", chart="none:tool",
             description="Create an alert on a statistic (a window's range against its N-day average, N "
                         "closes in a row, a move within a window, a daily RSI/SMA/EMA crossing a level); "
                         "checked on every new bar, it fires once and records the bar and the value",
             category="alerts", params=AlertCondition, handler=create_condition_alert, required_plan="pro",
             rate_limit=RateLimit(per_minute=20), mutates=True),
    ToolSpec(id="alerts.list", name="list_alerts", chart="none:alerts",
             description="The user's alerts (active and fired), optionally one symbol",
             category="alerts", params=ListAlerts, handler=list_alerts, required_plan="pro",
             rate_limit=RateLimit(per_minute=30), claims=("count",)),
    ToolSpec(id="alerts.delete", name="delete_alert", chart="none:tool", description="Delete one of the user's alerts",
             category="alerts", params=DeleteAlert, handler=delete_alert, required_plan="pro",
             rate_limit=RateLimit(per_minute=20), mutates=True, destructive=True,
             idempotent=True),
]
