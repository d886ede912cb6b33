"""Trading through the real graph (offline provider, the LLM is the only fake) on DuckDB and
Postgres: requests in EN/RU/ES become a confirm_action interrupt showing the exact action; only a
yes executes it as the run's user; the answer's figures are the account's records (slots rendered
by code) and equal an independent pandas reading of the real files; no cancels with nothing stored;
reads need no confirmation; another user cannot see or cancel the first user's orders."""
from __future__ import annotations

import sqlite3
import uuid

import pytest
from langgraph.checkpoint.memory import InMemorySaver

from agent.deps import build_deps
from agent.identity.models import User
from agent.llm.offline.provider import OfflineProvider
from agent.market.ingest import load_file
from agent.answer.render import render
from agent.service import Session
from agent.settings import Settings
from agent.trading import service
from tests.agent.trading.helpers import NQ, SPY, split_file, utc_bars
from tests.conftest import ENGINES

NQ_MULT = 20


@pytest.fixture(scope="module", params=ENGINES)
def market(request, tmp_path_factory, pg_database_factory):
    """The first half of the real NQ file and the whole SPY file, in a store of each engine."""
    tmp = tmp_path_factory.mktemp("trade_graph")
    if request.param == "duckdb":
        from agent.market.duckdb_store import DuckDBStore

        store = DuckDBStore(tmp / "m.duckdb")
    else:
        from agent.market.postgres_store import PostgresStore

        store = PostgresStore(pg_database_factory())
    split = split_file(NQ, "NQ", tmp)
    load_file(store, split.first, "NQ")
    load_file(store, SPY, "SPY")
    yield store, split, tmp
    store.close()


def user(plan: str = "pro", lang: str = "en") -> User:
    uid = "u" + uuid.uuid4().hex[:10]
    return User(user_id=uid, tenant_id="trade", name=uid, plan=plan, language=lang)


class Chat:
    """One user's conversation through the graph (Deps.user = that user, as the server sets it)."""

    def __init__(self, store, tmp, who: User):
        settings = Settings(home=tmp, redis_url=None, tools_redis_prefix="t" + uuid.uuid4().hex[:10])
        deps = build_deps(settings, store=store, provider=OfflineProvider())
        deps.user = who
        self.user, self.store = who, store
        self.session = Session(deps, InMemorySaver())
        self.thread = ""

    def ask(self, question: str):
        self.thread = uuid.uuid4().hex
        return self.session.ask(question, thread_id=self.thread)

    def answer(self, text):
        return self.session.resume(self.thread, text)

    def orders(self, status=None):
        return service.list_orders(self.store, self.user, status)


def last_close(split) -> float:
    return float(split.bars[split.bars["ts"] == split.cut].iloc[0].close)


@pytest.mark.parametrize("question,yes,lang", [
    ("buy 2 NQ at market", "yes", "en"),
    ("please go long 2 NQ at market now", "Yes, please", "en"),
    ("купи 2 контракта NQ по рынку", "да", "ru"),
    ("хочу купить 2 NQ по рыночной цене", "Да, выполняй", "ru"),
    ("compra 2 NQ a mercado", "sí", "es"),
    ("quiero comprar 2 NQ a mercado, por favor", "Sí, adelante", "es")])
def test_market_buy_confirm_then_fill(market, question, yes, lang):
    store, split, tmp = market
    me = Chat(store, tmp, user())
    r = me.ask(question)
    assert r.status == "confirm_action" and r.interrupt["type"] == "confirm_action"
    assert r.interrupt["tool"] == "create_paper_order"
    assert r.interrupt["params"] == {"symbol": "NQ", "side": "buy", "quantity": 2, "order_type": "market"}
    assert r.intent["lang"] == lang and r.interrupt["texts"][lang] in r.response
    assert me.orders() == []                                   # nothing happens before the yes
    r = me.answer(yes)
    assert r.status == "answered", r.response
    (order,) = me.orders()
    assert (order.status, order.quantity, order.symbol, order.side) == ("filled", 2, "NQ", "buy")
    (fill,) = service.trade_history(store, me.user)
    close = last_close(split)                                  # independent: pandas on the file
    assert fill.price == pytest.approx(close) and fill.bar_ts == split.cut.to_pydatetime()
    assert render(close, "price", lang) in r.response and order.order_id in r.response


@pytest.mark.parametrize("question,yes", [
    ("limit buy 10 SPY at 500", "ok"),
    ("put a limit order to buy 10 SPY at 500", "go ahead"),
    ("выставь лимитную заявку: купить 10 SPY по 500", "подтверждаю"),
    ("coloca una orden límite de compra de 10 SPY a 500", "confirmo")])
def test_limit_order_is_placed_pending(market, question, yes):
    store, _, tmp = market
    me = Chat(store, tmp, user())
    r = me.ask(question)
    assert r.interrupt["params"] == {"symbol": "SPY", "side": "buy", "quantity": 10,
                                     "order_type": "limit", "limit_price": 500}
    r = me.answer(yes)
    (order,) = me.orders("pending")
    assert order.limit_price == 500 and order.quantity == 10 and order.order_id in r.response
    assert me.orders("filled") == [] and service.trade_history(store, me.user) == []


@pytest.mark.parametrize("question,no,lang", [
    ("buy 2 NQ at market", "no", "en"), ("sell 3 SPY at market", "cancel", "en"),
    ("продай 1 NQ по рынку", "нет", "ru"), ("vende 1 NQ a mercado", "no, cancelar", "es")])
def test_decline_stores_nothing(market, question, no, lang):
    store, _, tmp = market
    me = Chat(store, tmp, user())
    assert me.ask(question).status == "confirm_action"
    r = me.answer(no)
    assert r.status == "answered" and r.response.startswith(
        {"en": "Cancelled", "ru": "Отменено", "es": "Cancelado"}[lang])
    assert me.orders() == [] and service.trade_history(store, me.user) == []


@pytest.mark.parametrize("create,cancel,yes", [
    ("alert me when SPY above 520", "cancel my alert", "yes"),
    ("notify me if SPY goes above 520", "remove my alert", "execute"),
    ("уведоми меня, когда SPY поднимется выше 520", "удали мой алерт", "да"),
    ("avísame cuando SPY supere 520", "elimina mi alerta", "sí")])
def test_alert_create_then_cancel(market, create, cancel, yes):
    store, _, tmp = market
    me = Chat(store, tmp, user())
    r = me.ask(create)
    assert r.interrupt["tool"] == "create_alert"
    assert r.interrupt["params"] == {"symbol": "SPY", "condition": ">=", "price": 520}
    assert service.list_alerts(store, me.user) == []
    r = me.answer(yes)
    (alert,) = service.list_alerts(store, me.user)
    assert (alert.condition, alert.price, alert.status) == (">=", 520, "active")
    assert alert.alert_id in r.response
    r = me.ask(cancel)                      # no id said: the only active alert, shown to confirm
    assert r.interrupt["tool"] == "delete_alert" and r.interrupt["params"] == {"alert_id": alert.alert_id}
    assert service.list_alerts(store, me.user)[0].status == "active"
    r = me.answer(yes)
    assert service.list_alerts(store, me.user) == [] and alert.alert_id in r.response


def test_reads_need_no_confirmation(market):
    store, _, tmp = market
    me = Chat(store, tmp, user())
    me.ask("limit buy 10 SPY at 500")
    me.answer("yes")
    (order,) = me.orders("pending")
    for q in ("show my pending orders", "мои ордера", "mis órdenes pendientes"):
        r = me.ask(q)
        assert r.status == "answered" and r.interrupt is None and order.order_id in r.response
    for q in ("list my alerts", "мои алерты", "mis alertas"):
        r = me.ask(q)
        assert r.status == "answered" and r.plan["steps"][0]["tool"] == "list_alerts"


def test_positions_and_pnl_after_the_rest_loads(make_store, tmp_path):
    """P&L numbers in the answer = an independent pandas computation on the real file (each engine
    is covered by the other tests; this one needs its own store because it loads more bars)."""
    for engine in ("duckdb", "postgres"):
        store = make_store(engine)
        (tmp_path / engine).mkdir()
        split = split_file(NQ, "NQ", tmp_path / engine)
        load_file(store, split.first, "NQ")
        me = Chat(store, tmp_path, user())
        me.ask("buy 2 NQ at market")
        me.answer("yes")
        load_file(store, split.rest, "NQ")
        bars = utc_bars(NQ)
        entry, last = last_close(split), float(bars.iloc[-1].close)
        unrealised = 2 * (last - entry) * NQ_MULT
        for q, lang in (("what are my positions and P&L?", "en"), ("покажи мои позиции и P&L", "ru"),
                        ("¿cuáles son mis posiciones y mi P&L?", "es")):
            r = me.ask(q)
            assert r.status == "answered" and r.interrupt is None, r.response
            assert render(unrealised, "number", lang) in r.response, (engine, r.response)
            assert render(entry, "number", lang) in r.response
            assert render(last, "number", lang) in r.response


def test_another_user_cannot_see_or_cancel(market):
    store, _, tmp = market
    alice, bob = Chat(store, tmp, user()), Chat(store, tmp, user())
    alice.ask("limit buy 10 SPY at 500")
    alice.answer("yes")
    (order,) = alice.orders("pending")
    r = bob.ask(f"cancel order {order.order_id}")
    assert r.status == "answered" and r.interrupt is None and "not found" in r.response
    r = bob.ask("cancel my order")
    assert r.status == "answered" and r.response == "You have no pending orders."
    r = bob.ask("show my pending orders")
    assert order.order_id not in r.response and "Pending orders: 0." in r.response
    assert alice.orders("pending") == [order]
    r = alice.ask(f"cancel order {order.order_id}")       # the owner can, after confirming
    assert r.interrupt["params"] == {"order_id": order.order_id}
    alice.answer("yes")
    assert alice.orders("pending") == [] and alice.orders("cancelled")[0].order_id == order.order_id


def test_free_user_is_refused_before_any_question(market):
    store, _, tmp = market
    fred = Chat(store, tmp, user(plan="free"))
    r = fred.ask("buy 2 NQ at market")
    assert r.status == "answered" and r.interrupt is None
    assert "Pro" in r.response and fred.orders() == []


def test_unclear_answer_asks_again_and_what_is_shown_is_what_runs(market):
    store, split, tmp = market
    me = Chat(store, tmp, user())
    first = me.ask("buy 2 NQ at market").interrupt
    r = me.answer("yes, but 3 contracts")
    assert r.status == "confirm_action" and r.interrupt["action_id"] == first["action_id"]
    r = me.answer({"choice": "execute", "action_id": first["action_id"]})
    (order,) = me.orders()
    assert order.quantity == 2 and r.status == "answered"


# ---- issue 14: a confirmed action runs once, even when the process dies before the run ends -----

def _saver(conn):
    from langgraph.checkpoint.sqlite import SqliteSaver

    saver = SqliteSaver(conn)
    saver.setup()
    return saver


@pytest.mark.parametrize("question,yes,lang,head", [
    ("buy 2 NQ at market", "yes", "en", "Already done"),
    ("купи 2 контракта NQ по рынку", "да", "ru", "Уже выполнено"),
    ("compra 2 NQ a mercado", "sí", "es", "Ya hecho")])
def test_second_yes_after_a_crash_places_nothing_new(market, tmp_path, question, yes, lang, head):
    """The graph checkpoints only when a run stops: a process killed after the order was stored
    leaves the thread at the confirmation as checkpointed before the yes. Resuming that checkpoint
    (a copy of the SQLite file taken at the interrupt) says yes again: the same order, no second
    one, and the answer says it was already placed with the first fill's numbers."""
    store, split, tmp = market
    me = Chat(store, tmp, user())
    deps = me.session.deps
    conn = sqlite3.connect(tmp_path / "live.sqlite", check_same_thread=False)
    me.session = Session(deps, _saver(conn))
    first = me.ask(question)
    assert first.status == "confirm_action"
    dead = sqlite3.connect(tmp_path / "dead.sqlite", check_same_thread=False)
    conn.backup(dead)                      # the checkpoint a process dying mid-execution leaves
    r1 = me.answer(yes)
    (order,) = me.orders()
    (fill,) = service.trade_history(store, me.user)
    assert fill.price == pytest.approx(last_close(split)) and order.order_id in r1.response
    me.session = Session(deps, _saver(dead))   # the restarted process
    again = me.session.graph.get_state({"configurable": {"thread_id": me.thread}})
    assert again.interrupts and again.interrupts[0].value["action_id"] == first.interrupt["action_id"]
    r2 = me.answer(yes)
    assert r2.status == "answered", r2.response
    assert me.orders() == [order] and service.trade_history(store, me.user) == [fill]
    assert r2.response.startswith(head) and order.order_id in r2.response
    assert render(fill.price, "price", lang) in r2.response
    values = me.session.graph.get_state({"configurable": {"thread_id": me.thread}}).values
    assert values["data"]["slots"]["fill.price"] == pytest.approx(fill.price)
    assert values["data"]["tool_results"][0]["data"]["already_done"] is True
    conn.close()
    dead.close()


def test_the_same_request_asked_again_is_a_new_order(market):
    """The key is the proposed action's own id, not its content: asking twice places two orders."""
    store, _, tmp = market
    me = Chat(store, tmp, user())
    ids = []
    for _ in range(2):
        ids.append(me.ask("limit buy 10 SPY at 500").interrupt["action_id"])
        assert "already" not in me.answer("yes").response
    assert ids[0] != ids[1] and len(me.orders("pending")) == 2


def test_short_term_memory_records_the_pending_action_until_it_runs(market):
    # short-term memory never recorded a pending action (seed 002's pendingActions)
    store, split, tmp = market
    me = Chat(store, tmp, user())
    r = me.ask("buy 2 NQ at market")
    assert r.status == "confirm_action"
    stm = me.session.deps.services.memory.stm
    [pending] = stm.get(me.user).get("pending_actions")
    assert pending["action_id"] == r.interrupt["action_id"] and pending["tool"] == "create_paper_order"
    assert pending["params"] == {"symbol": "NQ", "side": "buy", "quantity": 2, "order_type": "market"}
    assert pending["thread_id"] == me.thread      # the conversation it waits in (was always None)
    r = me.answer("yes")
    assert r.status == "answered", r.response
    assert stm.get(me.user).get("pending_actions") == []


@pytest.mark.parametrize("question,lang,says", [
    ("buy 3 CL at 78", "en", "no data for cl"),
    ("продай 2 ZN по 110", "ru", "по zn нет данных"),
    ("compra 4 IWM a 200", "es", "no hay datos de iwm"),
])
def test_order_on_a_symbol_without_data_is_refused_in_the_users_language(market, question, lang, says):
    """Read as an order (not a data question asking for a period), then refused before any
    confirmation in the language of the request, naming what is loaded; nothing is stored."""
    store, _, tmp = market
    me = Chat(store, tmp, user(lang="en"))
    r = me.ask(question)
    assert r.status == "answered" and r.interrupt is None
    assert says in r.response.lower() and "NQ" in r.response, r.response
    assert me.orders() == []
