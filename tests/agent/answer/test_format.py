"""The one formatter (issue 23 item 5, issue 32): every surface writes numbers the same way per
language, prices at the instrument's precision; a symbol with a digit (6E) is a name, not a number.
Expected texts are written here independently of agent/answer/format.py (tests/agent/answer/lies.fmt)."""
from __future__ import annotations

import re
import uuid

import pandas as pd
import pytest
from langgraph.checkpoint.memory import InMemorySaver

from agent.answer import format as F
from agent.deps import build_deps
from agent.identity.models import User
from agent.llm.offline.provider import OfflineProvider
from agent.market.ingest import load_file
from agent.messages import msg
from agent.service import Session
from agent.settings import Settings
from tests.agent.answer.lies import fmt, nq_november
from tests.agent.market.helpers import NQ_1MIN, NY
from tests.conftest import DATA, ENGINES

LANGS = ("en", "ru", "es")


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("value", [12746.75, 1234.5, 0.5, -98765.4321, 1.1076])
def test_numbers_read_as_each_language_writes_them(lang, value):
    assert F.number(value, lang) == ("-" if value < 0 else "") + fmt(abs(value), lang)
    assert F.number(value, lang, 4) == ("-" if value < 0 else "") + fmt(abs(value), lang, 4)


def test_percent_volume_and_dates():
    assert [F.percent(0.39, c) for c in LANGS] == ["+0.39%", "+0,39\u00a0%", "+0,39\u00a0%"]
    assert [F.percent(-4.16, c) for c in LANGS] == ["-4.16%", "-4,16\u00a0%", "-4,16\u00a0%"]
    assert [F.volume(4427746, c) for c in LANGS] == ["4.43 million", "4,43 млн", "4,43 millones"]
    assert [F.day("2023-11-29", c) for c in LANGS] == ["November 29, 2023", "29 ноября 2023 г.",
                                                       "29 de noviembre de 2023"]


def test_a_bars_time_is_its_wall_clock_and_its_day_in_words():
    # "High 524.38 at 2024-04-01T09:45:00" was written into answers: a *_ts slot renders as a time
    assert [F.render("2024-04-01T09:45:00", "time", c) for c in LANGS] == [
        "09:45 (April 1, 2024)", "09:45 (1 апреля 2024 г.)", "09:45 (1 de abril de 2024)"]


def test_prices_keep_the_instruments_precision():
    assert F.price(1.1076, "en", "6E") == "1.10760"          # the 6E tick is 0.00005: not "1.11"
    assert F.price(1.1076, "es", "6E") == "1,10760"
    assert F.price(15957.0, "ru", "NQ") == "15\u00a0957,00"
    assert F.tick_decimals("XYZ", [1.2345, 1.2346]) == 4    # an unknown symbol: its own prices say


def _user(lang: str) -> User:
    uid = uuid.uuid4().hex[:8]
    return User(user_id=uid, tenant_id="g", name=uid, plan="free", language=lang)


@pytest.fixture
def ask_as(loaded_store, tmp_path):
    def make(lang: str):
        deps = build_deps(Settings(home=tmp_path, redis_url=None), store=loaded_store, provider=OfflineProvider())
        deps.user = _user(lang)
        session = Session(deps, InMemorySaver())
        return lambda q: session.ask(q, thread_id=uuid.uuid4().hex, now="2024-05-20")
    return make


_PRICE = {"en": r"\d{1,3}(?:,\d{3})+\.\d{2}", "ru": r"\d{1,3}(?:\u00a0\d{3})+,\d{2}", "es": r"\d{1,3}(?:\.\d{3})+,\d{2}"}


@pytest.mark.parametrize("lang,price_q,stats_q", [
    ("es", "¿Precio de NQ?", "Estadísticas de NQ en noviembre de 2023"),
    ("ru", "Цена NQ?", "Статистика NQ за ноябрь 2023")])
def test_tool_and_stats_answers_format_numbers_the_same_way(ask_as, lang, price_q, stats_q):
    ask = ask_as(lang)
    last = float(pd.read_csv(DATA / "nq_1min_firstrate" / "NQ_1min_sample.csv").sort_values("timestamp")
                 ["close"].iloc[-1])
    price, stats = ask(price_q), ask(stats_q)
    assert price.plan["steps"][0]["tool"] == "get_price"
    assert fmt(last, lang) in price.response, price.response
    assert fmt(nq_november()["close"], lang) in stats.response, stats.response
    for text in (price.response, stats.response):
        grouped = re.findall(r"\d[\d \u00a0,.]*\d", text)
        big = [g for g in grouped if len(re.sub(r"\D", "", g)) >= 6 and not re.match(r"\d{4}-", g)]
        assert big and all(re.fullmatch(_PRICE[lang], g) for g in big), (big, text)


def _six_e_file(path) -> pd.DataFrame:
    """A CME-format 6E file: the NQ minutes as UTC bar-END stamps, prices on the 6E tick grid."""
    df = pd.read_csv(NQ_1MIN)
    start = pd.to_datetime(df["timestamp"]).dt.tz_localize(NY).dt.tz_convert("UTC")
    out = df.assign(timestamp=(start + pd.Timedelta(minutes=1)).dt.strftime("%Y-%m-%d %H:%M:%S"))
    for col in ("open", "high", "low", "close"):
        out[col] = ((df[col] / 14400 / 0.00005).round() * 0.00005).round(5)
    out.to_csv(path, index=False)
    local = start.dt.tz_convert(NY).dt.tz_localize(None)
    day = (local + pd.to_timedelta((local.dt.hour >= 18).astype(int), unit="D")).dt.normalize()
    return out.assign(trading_date=day)


@pytest.mark.parametrize("engine", ENGINES)
def test_six_e_answers_are_shown_at_tick_precision(make_store, engine, tmp_path):
    bars = _six_e_file(tmp_path / "6e_cme.csv")
    nov = bars[(bars["trading_date"] >= "2023-11-01") & (bars["trading_date"] <= "2023-11-30")]
    close, high = float(nov["close"].iloc[-1]), float(nov["high"].max())
    store = make_store(engine)
    load_file(store, tmp_path / "6e_cme.csv", "6E", tz="UTC", timestamp="end")
    session = Session(build_deps(Settings(home=tmp_path), store=store, provider=OfflineProvider()), InMemorySaver())
    for lang, q in (("en", "6E stats for November 2023"), ("ru", "Статистика 6E за ноябрь 2023"),
                    ("es", "Estadísticas de 6E en noviembre de 2023")):
        r = session.ask(q)
        assert r.validation["status"] == "ok" and msg("auto_summary", lang) not in r.response, r.validation
        assert fmt(close, lang, 5) in r.response and fmt(high, lang, 5) in r.response, r.response
