"""Calculators (vs hand formulas), watchlists per user (both engines), glossary, fundamentals."""
from __future__ import annotations

import pytest

from agent.identity.models import User

ANA = User(user_id="ana", tenant_id="t1", name="ana", plan="free", language="es")
BOB = User(user_id="bob", tenant_id="t1", name="bob", plan="free")
ANA_OTHER_TENANT = User(user_id="ana", tenant_id="t2", name="ana", plan="free")


def ok(r):
    assert r["success"], r["error"]
    return r["data"]


@pytest.mark.parametrize("capital,entry,stop,risk,pv", [(50_000, 16_000, 15_900, 1, 1),
                                                        (50_000, 16_000, 15_900, 1, 20),
                                                        (10_000, 100, 104, 2.5, 1)])
def test_position_size(make_store, executor_for, capital, entry, stop, risk, pv):
    ex = executor_for(make_store("duckdb"))
    d = ok(ex.execute("calculate_position_size", {"capital": capital, "entry_price": entry,
                                                  "stop_loss_price": stop, "risk_percent": risk,
                                                  "point_value": pv}, BOB))
    risk_amount = capital * risk / 100
    size = risk_amount / (abs(entry - stop) * pv)
    assert d["risk_amount"] == pytest.approx(risk_amount)
    assert d["position_size"] == pytest.approx(size)
    assert d["whole_units"] == int(size // 1)
    assert d["direction"] == ("long" if stop < entry else "short")


@pytest.mark.parametrize("bad,needle", [({"stop_loss_price": 16_000}, "differ"),
                                        ({"risk_percent": 0}, "risk_percent"),
                                        ({"risk_percent": 101}, "risk_percent"),
                                        ({"capital": -5}, "capital")])
def test_position_size_refuses_bad_inputs(make_store, executor_for, bad, needle):
    params = {"capital": 50_000, "entry_price": 16_000, "stop_loss_price": 15_900,
              "risk_percent": 1, **bad}
    r = executor_for(make_store("duckdb")).execute("calculate_position_size", params, BOB)
    assert r["error"]["code"] == "VALIDATION_ERROR" and needle in r["error"]["message"]


@pytest.mark.parametrize("fraction", [0.02, 0.005, 0.05])
def test_risk_as_a_fraction_is_refused_with_one_line(make_store, executor_for, fraction):
    """The seed writes 0.02 for 2 %; read as a percent it is a 100x smaller position: refused."""
    params = {"capital": 50_000, "entry_price": 16_000, "stop_loss_price": 15_900,
              "risk_percent": fraction}
    r = executor_for(make_store("duckdb")).execute("calculate_position_size", params, BOB)
    msg = r["error"]["message"]
    assert r["error"]["code"] == "VALIDATION_ERROR" and "\n" not in msg
    assert f"send {fraction * 100:g}" in msg and "risk_percent" in msg
    two = executor_for(make_store("duckdb")).execute(
        "calculate_position_size", {**params, "risk_percent": fraction * 100}, BOB)
    assert two["data"]["risk_amount"] == pytest.approx(50_000 * fraction)


def test_risk_reward(make_store, executor_for):
    ex = executor_for(make_store("duckdb"))
    d = ok(ex.execute("calculate_risk_reward", {"entry_price": 100, "stop_loss_price": 95,
                                                "take_profit_price": 115}, BOB))
    assert (d["risk"], d["reward"], d["ratio"]) == (5, 15, 3)
    assert d["breakeven_win_rate_pct"] == pytest.approx(25)
    short = ok(ex.execute("calculate_risk_reward", {"entry_price": 100, "stop_loss_price": 104,
                                                    "take_profit_price": 90}, BOB))
    assert short["direction"] == "short" and short["ratio"] == pytest.approx(2.5)
    r = ex.execute("calculate_risk_reward", {"entry_price": 100, "stop_loss_price": 95,
                                             "take_profit_price": 90}, BOB)
    assert r["error"]["code"] == "VALIDATION_ERROR" and "opposite sides" in r["error"]["message"]


def test_watchlist_per_user_and_known_symbols_only(loaded_store, executor_for):
    ex = executor_for(loaded_store)
    assert ok(ex.execute("add_to_watchlist", {"symbol": "nq"}, ANA))["added"] is True
    assert ok(ex.execute("add_to_watchlist", {"symbol": "NQ"}, ANA))["added"] is False
    ok(ex.execute("add_to_watchlist", {"symbol": "SPY"}, ANA))
    r = ex.execute("add_to_watchlist", {"symbol": "ZZZ"}, ANA)
    assert r["error"]["code"] == "VALIDATION_ERROR" and "unknown symbol" in r["error"]["message"]
    assert ok(ex.execute("get_watchlist", {}, ANA))["symbols"] == ["NQ", "SPY"]
    assert ok(ex.execute("get_watchlist", {}, BOB))["symbols"] == []
    assert ok(ex.execute("get_watchlist", {}, ANA_OTHER_TENANT))["symbols"] == []
    assert ok(ex.execute("remove_from_watchlist", {"symbol": "NQ"}, BOB))["removed"] is False
    assert ok(ex.execute("get_watchlist", {}, ANA))["symbols"] == ["NQ", "SPY"]
    assert ok(ex.execute("remove_from_watchlist", {"symbol": "nq"}, ANA))["removed"] is True
    assert ok(ex.execute("get_watchlist", {}, ANA))["symbols"] == ["SPY"]


def test_glossary_in_the_users_language(make_store, executor_for):
    ex = executor_for(make_store("duckdb"))
    d = ok(ex.execute("explain_concept", {"term": "RSI"}, ANA))
    assert d["found"] and d["language"] == "es" and "Oscilador" in d["text"]
    d = ok(ex.execute("explain_concept", {"term": "просадка", "language": "ru"}, BOB))
    assert d["found"] and d["concept"] == "drawdown"
    d = ok(ex.execute("explain_concept", {"term": "quantum flux capacitor"}, BOB))
    assert d["found"] is False and d["closest"]


def test_fundamentals_loader(make_store, executor_for, tmp_path):
    from agent.market.errors import LoadError
    from agent.tools.fundamentals import load_fundamentals

    ex = executor_for(make_store("duckdb"))
    good = tmp_path / "f.csv"
    good.write_text("symbol,period_end,Revenue,EPS,PE\n"
                    "aapl,2023-09-30,383285000000,6.13,28.9\n"
                    "AAPL,2024-09-28,391035000000,6.08,\n")
    rep = load_fundamentals(ex.appdb, good)
    assert rep["values"] == 5 and rep["symbols"] == ["AAPL"]
    d = ok(ex.execute("get_fundamentals", {"symbol": "aapl"}, BOB))
    assert d["period_end"] == "2024-09-28" and d["fields"] == {"eps": 6.08, "revenue": 391035000000}
    assert d["periods_loaded"] == 2
    bad = tmp_path / "bad.csv"
    bad.write_text("symbol,period_end,eps\nMSFT,2024-06-30,11.8\nMSFT,2024-13-01,1\n")
    with pytest.raises(LoadError, match=r"bad.csv, line 3: period_end '2024-13-01'"):
        load_fundamentals(ex.appdb, bad)
    assert ok(ex.execute("get_fundamentals", {"symbol": "MSFT"}, BOB))["available"] is False
    bad.write_text("symbol,period_end,eps\nMSFT,2024-06-30,abc\n")
    with pytest.raises(LoadError, match="line 2: eps 'abc' is not a number"):
        load_fundamentals(ex.appdb, bad)


@pytest.mark.parametrize("engine", ["duckdb", "postgres"])
def test_portfolio_is_cached_until_a_fill(make_store, executor_for, engine, tmp_path):
    """Seed 000: get_portfolio cached 10 s; a fill of this user is part of the key, so a repeat
    read is served from the cache but an order's fill is seen at once."""
    from agent.market.ingest import load_file
    from agent.tools.spec import SEED_CACHE_TTL
    from tests.conftest import DATA

    store = make_store(engine)
    load_file(store, DATA / "nq_1min_firstrate" / "NQ_1min_sample.csv", "NQ")
    ex = executor_for(store)
    pro = User(user_id="pia", tenant_id="t1", name="pia", plan="pro")
    assert ex.registry.get("get_portfolio").cache_ttl_s == SEED_CACHE_TTL["portfolio"] == 10
    first = ex.execute("get_portfolio", {}, pro)
    again = ex.execute("get_portfolio", {}, pro)
    assert first["success"] and not first["metadata"]["cached"] and again["metadata"]["cached"]
    assert again["data"] == first["data"]
    order = ex.execute("create_paper_order", {"symbol": "NQ", "side": "buy", "quantity": 1,
                                              "order_type": "market"}, pro, idempotency_key="k1")
    assert order["success"], order["error"]
    after = ex.execute("get_portfolio", {}, pro)
    assert not after["metadata"]["cached"] and after["data"] != first["data"]
    assert any(p["symbol"] == "NQ" for p in after["data"]["positions"])
    other = ex.execute("get_portfolio", {}, User(user_id="ola", tenant_id="t1", name="ola", plan="pro"))
    assert not other["metadata"]["cached"] and not other["data"]["positions"]
