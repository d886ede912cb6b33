"""What the CLI prints, from plain dicts (the --json objects): the same text whether a command ran
in process or through a running server (agent/cli/remote.py). The server builds some of these dicts
with the *_summary helpers here, so both sides agree on the fields."""
from __future__ import annotations

import json
import sys
from typing import Any


def print_result(result: dict, as_json: bool) -> int:
    """An ask/resume result object (the --json one), as --json or as text."""
    if as_json:
        print(json.dumps(result, ensure_ascii=False, default=str))
        return 0
    print(result["response"])
    interrupt = result.get("interrupt")
    if interrupt:
        for i, s in enumerate(interrupt.get("suggestions") or [], 1):
            print(f"  {i}. {s}")
        print(f"\nanswer with: askbar resume --thread {result['thread_id']} \"...\"")
    elif result["status"] != "error":
        print_rejections(result.get("validation") or {})
        print(f"\n[thread {result['thread_id']}]", file=sys.stderr)
    return 1 if result["status"] == "error" else 0


def print_rejections(validation: dict) -> None:
    """After a rejection the reader sees why, not only the code summary's "ok" (stderr)."""
    for a in validation.get("attempts") or []:
        print(f"[draft {a.get('attempt')} rejected: " + "; ".join(a.get("issues") or []) + "]",
              file=sys.stderr)
    if validation.get("attempts") and validation.get("source") == "code_summary":
        print("[shown: the code summary]", file=sys.stderr)


DATA_KEYS = ("symbol", "first", "last", "bars_1min", "bars_1d", "timezone", "session", "synthetic")


def print_data(rows: list[dict[str, Any]], as_json: bool) -> int:
    """`askbar data` output from the summary rows (in process, or GET /api/data through a server)."""
    if as_json:
        print(json.dumps({"symbols": rows}))
        return 0
    if not rows:
        print("no data yet: run `askbar demo` or `askbar load FILE --symbol SYM`")
        return 0
    print(f"{'symbol':<10} {'first':<10} {'last':<10} {'bars_1min':>10} {'bars_1d':>8}  "
          f"{'timezone':<18} session")
    for r in rows:
        tag = "  (synthetic)" if r.get("synthetic") else ""
        print(f"{r['symbol']:<10} {r['first'] or '-':<10} {r['last'] or '-':<10} {r['bars_1min']:>10,} "
              f"{r['bars_1d']:>8,}  {r['timezone']:<18} {r['session']}{tag}")
    return 0


def load_summary(r: Any, engine: str) -> dict[str, Any]:
    """What `askbar load` prints, as JSON (POST /api/load answers it)."""
    span = f"{r.first:%Y-%m-%d %H:%M} to {r.last:%Y-%m-%d %H:%M} UTC" if r.kind == "intraday" \
        else f"{r.first} to {r.last}"
    return {"symbol": r.symbol, "rows": r.rows, "kind": r.kind, "span": span, "inserted": r.inserted,
            "updated": r.updated, "unchanged": r.unchanged, "daily_rebuilt": r.daily_rebuilt,
            "orders_filled": r.orders_filled, "alerts_fired": r.alerts_fired, "engine": engine}


def count(key: str, n: int, code: str = "en") -> str:
    """'1 trading day rebuilt', '2 trading days rebuilt': the pack's plural form for n (`counts`)."""
    from agent import lang

    return lang.plural(code, lang.get(code, "counts", key), n, n=f"{n:,}")


def print_load(s: dict[str, Any]) -> int:
    print(f"{s['symbol']}: loaded {s['rows']:,} {s['kind']} bars, {s['span']}: {s['inserted']:,} new, "
          f"{s['updated']:,} changed, {s['unchanged']:,} unchanged; {count('trading_days_rebuilt', s['daily_rebuilt'])}; "
          f"paper trading: {count('orders_filled', s['orders_filled'])}, {count('alerts_fired', s['alerts_fired'])} "
          f"({s['engine']})")
    return 0


def demo_summary(reports: list[Any]) -> dict[str, Any]:
    return {"symbols": [r.symbol for r in reports], "bars": sum(r.rows for r in reports),
            "new": sum(r.inserted for r in reports)}


def print_demo(s: dict[str, Any]) -> int:
    print(f"demo: {len(s['symbols'])} synthetic symbols ({', '.join(s['symbols'])}), "
          f"{s['bars']:,} bars, {s['new']:,} new")
    return 0


# ---- paper trading: orders, alerts, portfolio (GET /api/orders|alerts|portfolio answer the views) --

def _num(v) -> str:
    return "-" if v is None else f"{v:,.6f}".rstrip("0").rstrip(".")


def orders_view(store: Any, user: Any) -> dict[str, Any]:
    from agent.trading import service

    orders = service.list_orders(store, user)
    fills = {f.order_id: f for f in service.trade_history(store, user, limit=10**6)}
    rows = []
    for o in orders:
        f = fills.get(o.order_id)
        rows.append({**o.model_dump(mode="json"), "fill_price": f.price if f else None,
                     "fill_bar_ts": f.bar_ts.isoformat() if f else None})
    return {"user": user.user_id, "tenant": user.tenant_id, "orders": rows}


def print_orders(view: dict[str, Any], as_json: bool) -> int:
    rows = view["orders"]
    if as_json:
        print(json.dumps(view))
        return 0
    if not rows:
        print(f"no paper orders for {view['tenant']}/{view['user']}")
        return 0
    print(f"{'order':<20} {'symbol':<7} {'side':<4} {'type':<10} {'qty':>8} {'limit':>10} "
          f"{'stop':>10} {'status':<9} fill (bar time UTC)")
    for r in rows:
        fill = f"{_num(r['fill_price'])} at {r['fill_bar_ts']}" if r["fill_price"] is not None else ""
        print(f"{r['order_id']:<20} {r['symbol']:<7} {r['side']:<4} {r['order_type']:<10} "
              f"{_num(r['quantity']):>8} {_num(r['limit_price']):>10} {_num(r['stop_price']):>10} "
              f"{r['status']:<9} {fill}")
    return 0


def alerts_view(store: Any, user: Any) -> dict[str, Any]:
    from agent.live import condition_alerts
    from agent.trading import service

    return {"user": user.user_id, "tenant": user.tenant_id,
            "alerts": [a.model_dump(mode="json") for a in service.list_alerts(store, user)],
            "condition_alerts": [a.model_dump(mode="json") for a in condition_alerts.list_for(store, user)]}


def print_alerts(view: dict[str, Any], as_json: bool) -> int:
    alerts, stats = view["alerts"], view.get("condition_alerts") or []
    if as_json:
        print(json.dumps(view))
        return 0
    if not alerts and not stats:
        print(f"no alerts for {view['tenant']}/{view['user']}")
        return 0
    for a in stats:          # statistics alerts (agent/live/condition_alerts.py): their words
        fired = f" fired at {a['fired_bar_ts']} (value {_num(a['fired_value'])})" if a["fired_bar_ts"] else ""
        print(f"{a['alert_id']:<20} {a['status']:<7} {a['text']}{fired}")
    if not alerts:
        return 0
    print(f"{'alert':<20} {'symbol':<7} {'cond':<4} {'price':>10} {'status':<7} fired (price at bar time UTC)")
    for a in alerts:
        fired = f"{_num(a['fired_price'])} at {a['fired_bar_ts']}" if a["fired_bar_ts"] else ""
        print(f"{a['alert_id']:<20} {a['symbol']:<7} {a['condition']:<4} {_num(a['price']):>10} "
              f"{a['status']:<7} {fired}")
    return 0


def portfolio_view(store: Any, user: Any, starting_cash: float) -> dict[str, Any]:
    from agent.trading import service

    acct = service.account(store, user, starting_cash)
    return {"user": user.user_id, "tenant": user.tenant_id, **acct.model_dump(mode="json")}


def _r(v: float | None, digits: int = 2) -> float | None:
    return None if v is None else round(v, digits)


def print_portfolio(view: dict[str, Any], as_json: bool) -> int:
    if as_json:
        print(json.dumps(view))
        return 0
    as_of = view.get("as_of")
    print(f"cash {_num(_r(view['cash']))}, equity {_num(_r(view['equity']))}, realised P&L "
          f"{_num(_r(view['realized_pnl']))}, unrealised P&L {_num(_r(view['unrealized_pnl']))}"
          + (f" (as of {as_of[:10]} {as_of[11:16]} UTC)" if as_of else ""))
    for p in view["positions"]:
        print(f"  {p['symbol']:<7} {_num(p['quantity']):>8} @ {_num(_r(p['avg_price'], 4))} x{_num(p['multiplier'])}"
              f"  last {_num(p['last_price'])}  unrealised {_num(_r(p['unrealized_pnl']))}"
              f"  realised {_num(_r(p['realized_pnl']))}")
    return 0
