"""Paper orders and alerts on market time, on both engines, with the real SPY and NQ files split in
two: load the first part, place orders and alerts, load the rest; fills, fire times and P&L must
equal an independent pandas computation, and a reload must fire nothing twice."""
from __future__ import annotations

import pandas as pd
import pytest

from agent.market.ingest import load_file
from agent.tools.catalog import alerts as alert_tools
from agent.tools.catalog import portfolio as portfolio_tools
from agent.tools.catalog import trading as trading_tools
from agent.trading import notify, service
from agent.market.tx import read
from tests.agent.trading.helpers import (
    ALICE,
    NQ,
    SPY,
    ctx,
    expected_alert,
    expected_fill,
    expected_totals,
    split_file,
)
from tests.conftest import DATA, ENGINES

CASES = [("NQ", NQ, 20.0, True), ("SPY", SPY, 1.0, False)]


def scenario(last: float) -> tuple[list[dict], list[dict]]:
    """Orders and alerts around the last close of the first part (as fractions of it)."""
    px = lambda f: round(last * (1 + f), 2)
    orders = [
        {"side": "sell", "quantity": 2, "order_type": "limit", "limit_price": px(0.003)},
        {"side": "buy", "quantity": 1, "order_type": "stop", "stop_price": px(0.006)},
        {"side": "sell", "quantity": 1, "order_type": "stop", "stop_price": px(-0.004)},
        {"side": "buy", "quantity": 1, "order_type": "stop_limit", "stop_price": px(0.002),
         "limit_price": px(0.0021)},
        {"side": "sell", "quantity": 1, "order_type": "stop_limit", "stop_price": px(-0.002),
         "limit_price": px(-0.0005)},
        {"side": "buy", "quantity": 1, "order_type": "limit", "limit_price": px(-0.5)},   # never
    ]
    alerts = [{"condition": ">=", "price": px(0.004)}, {"condition": "<=", "price": px(-0.003)},
              {"condition": "==", "price": px(0.001), "message": "touch"},
              {"condition": ">=", "price": px(1.0)}]                                        # never
    return orders, alerts


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("symbol,path,mult,margined", CASES)
def test_split_load_fills_alerts_and_pnl(make_store, tmp_path, engine, symbol, path, mult, margined):
    store = make_store(engine)
    sp = split_file(path, symbol, tmp_path)
    first = load_file(store, sp.first, symbol)
    assert (first.orders_filled, first.alerts_fired) == (0, 0)
    c = ctx(store, ALICE)
    last_row = sp.bars[sp.bars["ts"] == sp.cut].iloc[0]

    market = trading_tools.create_paper_order(c, {"symbol": symbol, "side": "buy", "quantity": 2,
                                                  "order_type": "market"})
    assert market["fill"]["price"] == pytest.approx(last_row.close)
    assert pd.Timestamp(market["as_of"]) == sp.cut
    orders, alerts = scenario(float(last_row.close))
    placed = [trading_tools.create_paper_order(c, {"symbol": symbol, **o})["order"] for o in orders]
    cancelled = trading_tools.create_paper_order(c, {"symbol": symbol, "side": "buy", "quantity": 1,
                                                     "order_type": "limit",
                                                     "limit_price": round(last_row.close * 0.999, 2)})
    trading_tools.cancel_paper_order(c, {"order_id": cancelled["order"]["order_id"]})
    made = [alert_tools.create_alert(c, {"symbol": symbol, **a})["alert"] for a in alerts]

    rest = load_file(store, sp.rest, symbol)

    want_fills = {p["order_id"]: expected_fill(sp.bars, sp.cut, o) for p, o in zip(placed, orders)}
    want_alerts = {m["alert_id"]: expected_alert(sp.bars, sp.cut, a) for m, a in zip(made, alerts)}
    assert sum(v is not None for v in want_fills.values()) >= 4, "scenario must exercise fills"
    assert sum(v is not None for v in want_alerts.values()) >= 3
    assert rest.orders_filled == sum(v is not None for v in want_fills.values())
    assert rest.alerts_fired == sum(v is not None for v in want_alerts.values())

    fills = {f.order_id: f for f in service.trade_history(store, ALICE, limit=500)}
    assert cancelled["order"]["order_id"] not in fills
    for oid, want in want_fills.items():
        if want is None:
            assert oid not in fills
            assert service.get_order(store, ALICE, oid).status == "pending"
        else:
            assert (pd.Timestamp(fills[oid].bar_ts), fills[oid].price) == (want[0], pytest.approx(want[1]))
            assert fills[oid].multiplier == mult
    got_alerts = {a.alert_id: a for a in service.list_alerts(store, ALICE)}
    for aid, want in want_alerts.items():
        a = got_alerts[aid]
        if want is None:
            assert (a.status, a.fired_bar_ts) == ("active", None)
        else:
            assert (a.status, pd.Timestamp(a.fired_bar_ts)) == ("fired", want[0])
            assert a.fired_price == pytest.approx(want[1])

    # P&L against the independent cash-flow computation, marked at the last bar of the file
    done = [("buy", 2.0, float(last_row.close))] + [
        (o["side"], float(o["quantity"]), want_fills[p["order_id"]][1])
        for p, o in zip(placed, orders) if want_fills[p["order_id"]] is not None]
    final = sp.bars.iloc[-1]
    want = expected_totals(done, mult, float(final.close), 100_000.0, margined)
    acct = portfolio_tools.get_portfolio(c, {})
    assert acct["realized_pnl"] + acct["unrealized_pnl"] == pytest.approx(want["total_pnl"])
    assert acct["equity"] == pytest.approx(want["equity"])
    if not margined:
        assert acct["cash"] == pytest.approx(want["cash"])
    else:   # futures: only realised P&L settles to cash
        assert acct["cash"] == pytest.approx(100_000.0 + acct["realized_pnl"])
    pos = {p["symbol"]: p for p in acct["positions"]}[symbol]
    assert pos["quantity"] == pytest.approx(want["quantity"])
    assert pd.Timestamp(acct["as_of"] or final.ts) == final.ts

    # notifications: one per fill and fired alert, in market-time order, ids increasing
    notes = notify.since(read(store), ALICE.tenant_id, ALICE.user_id)
    assert len(notes) == 1 + rest.orders_filled + rest.alerts_fired
    assert [n.id for n in notes] == sorted(n.id for n in notes)
    assert [n.bar_ts for n in notes] == sorted(n.bar_ts for n in notes)

    # reloading the rest, or the whole file, fires nothing twice
    for again in (sp.rest, path):
        r = load_file(store, again, symbol)
        assert (r.orders_filled, r.alerts_fired) == (0, 0)
    assert len(notify.since(read(store), ALICE.tenant_id, ALICE.user_id)) == len(notes)
    assert len(service.trade_history(store, ALICE, limit=500)) == len(fills)


@pytest.mark.parametrize("engine", ENGINES)
def test_daily_only_symbol_acts_on_daily_bars(make_store, tmp_path, engine):
    """An index known only by daily bars (SPX): orders and alerts act on each new daily bar."""
    path = DATA / "sp500_daily/chainins_GSPC.csv"
    raw = pd.read_csv(path)
    n = len(raw) - 250                                    # the last year comes in the second load
    first, rest = tmp_path / "spx1.csv", tmp_path / "spx2.csv"
    raw.iloc[:n].to_csv(first, index=False)
    raw.iloc[n:].to_csv(rest, index=False)
    bars = pd.DataFrame({"ts": pd.to_datetime(raw["Date"], format="%m/%d/%Y"), "open": raw["Open"],
                         "high": raw["High"], "low": raw["Low"], "close": raw["Close"]})
    cut = bars["ts"].iloc[n - 1]
    store = make_store(engine)
    load_file(store, first, "SPX")
    c = ctx(store, ALICE)
    market = trading_tools.create_paper_order(c, {"symbol": "SPX", "side": "buy", "quantity": 1,
                                                  "order_type": "market"})
    assert (pd.Timestamp(market["as_of"]), market["fill"]["price"]) == (cut, bars["close"].iloc[n - 1])
    orders, alerts = scenario(float(bars["close"].iloc[n - 1]))
    placed = [trading_tools.create_paper_order(c, {"symbol": "SPX", **o})["order"] for o in orders]
    made = [alert_tools.create_alert(c, {"symbol": "SPX", **a})["alert"] for a in alerts]
    report = load_file(store, rest, "SPX")
    fills = {f.order_id: f for f in service.trade_history(store, ALICE, limit=500)}
    filled = 0
    for p, o in zip(placed, orders):
        want = expected_fill(bars, cut, o)
        got = fills.get(p["order_id"])
        assert (got is None) == (want is None)
        if want is not None:
            filled += 1
            assert (pd.Timestamp(got.bar_ts), got.price) == (want[0], pytest.approx(want[1]))
    got_alerts = {a.alert_id: a for a in service.list_alerts(store, ALICE)}
    for m, a in zip(made, alerts):
        want = expected_alert(bars, cut, a)
        fired = got_alerts[m["alert_id"]]
        assert (fired.fired_bar_ts is None) == (want is None)
        if want is not None:
            assert (pd.Timestamp(fired.fired_bar_ts), fired.fired_price) == (want[0], pytest.approx(want[1]))
    assert filled >= 4 and report.orders_filled == filled
    assert (load_file(store, path, "SPX").orders_filled, load_file(store, rest, "SPX").alerts_fired) == (0, 0)


@pytest.mark.parametrize("engine", ENGINES)
def test_stop_limit_triggered_in_one_load_fills_in_the_next(make_store, tmp_path, engine):
    """The trigger is remembered across loads: a stop-limit whose stop is reached in load 2 but
    whose limit is only touched in load 3 fills in load 3, at the price the pandas model says."""
    raw = pd.read_csv(NQ)
    n1, n2 = len(raw) // 3, 2 * len(raw) // 3
    parts = [tmp_path / f"nq{i}.csv" for i in range(3)]
    for p, (a, b) in zip(parts, ((0, n1), (n1, n2), (n2, len(raw)))):
        raw.iloc[a:b].to_csv(p, index=False)
    sp = split_file(NQ, "NQ", tmp_path)           # for the independent UTC bars
    bars = sp.bars
    cut1, cut2 = bars["ts"].iloc[n1 - 1], bars["ts"].iloc[n2 - 1]
    stop = round(float(bars["close"].iloc[n1 - 1]) * 1.001, 2)
    part2 = bars[(bars["ts"] > cut1) & (bars["ts"] <= cut2)]
    hit = part2[part2["high"] >= stop]
    assert not hit.empty, "the stop must be reached in the second part"
    after_trigger = part2[part2["ts"] > hit["ts"].iloc[0]]
    limit = float(after_trigger["low"].min()) - 0.25    # never touched in part 2 after the trigger
    order = {"side": "buy", "quantity": 1, "order_type": "stop_limit", "stop_price": stop,
             "limit_price": limit}
    want = expected_fill(bars, cut1, order)
    assert want is not None and want[0] > cut2, "the limit must only be touched in the third part"

    store = make_store(engine)
    load_file(store, parts[0], "NQ")
    placed = trading_tools.create_paper_order(ctx(store, ALICE), {"symbol": "NQ", **order})["order"]
    r2 = load_file(store, parts[1], "NQ")
    o = service.get_order(store, ALICE, placed["order_id"])
    assert (r2.orders_filled, o.status, pd.Timestamp(o.triggered_bar_ts)) == (0, "pending", hit["ts"].iloc[0])
    r3 = load_file(store, parts[2], "NQ")
    (fill,) = service.trade_history(store, ALICE)
    assert r3.orders_filled == 1
    assert (pd.Timestamp(fill.bar_ts), fill.price) == (want[0], pytest.approx(want[1]))
