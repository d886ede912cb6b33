"""Memory through the whole graph over the real data (offline provider; a fake LLM only where a
model's judgement is needed): preferences across threads said in the answer, forgetting, isolation,
and a 40-turn conversation that stays within the token limits and still resolves turn 3."""
from __future__ import annotations

import re
from datetime import date
from functools import cache

import pandas as pd
import pytest
from langgraph.checkpoint.memory import InMemorySaver

from agent.deps import build_deps
from agent.llm import prompts as P
from agent.llm.offline.provider import OfflineProvider
from agent.memory import tokens
from agent.memory.system_prompt import build_system_prompt
from agent.service import Session
from agent.state import Intent, Period
from tests.agent.memory.conftest import ALICE, BOB
from tests.conftest import DATA, SHARED_SETS


@pytest.fixture(scope="module")
def store(tmp_path_factory):
    from agent.market.duckdb_store import DuckDBStore
    from agent.market.ingest import load_file

    s = DuckDBStore(tmp_path_factory.mktemp("mem_graph") / "market.duckdb")
    for rel, symbol in SHARED_SETS:
        load_file(s, DATA / rel, symbol)
    yield s
    s.close()


@cache
def nq_november_high() -> float:
    """Independent: NQ sessions 18:00-17:00 New York dated by the close, November 2023."""
    bars = pd.read_csv(DATA / "nq_1min_firstrate" / "NQ_1min_sample.csv", parse_dates=["timestamp"])
    bars["trading_date"] = (bars["timestamp"] + pd.Timedelta(hours=6)).dt.strftime("%Y-%m-%d")
    days = bars[(bars["trading_date"] >= "2023-11-01") & (bars["trading_date"] <= "2023-11-30")]
    return float(days["high"].max())


def session_for(store, settings, user=ALICE, provider=None) -> Session:
    deps = build_deps(settings, store=store, provider=provider)
    deps.user = user
    return Session(deps, InMemorySaver())


def claim(result, kind: str) -> float:
    return next(c["value"] for c in result.claims if c["type"] == kind)


NOTES = {"en": "Using NQ, your usual symbol.", "ru": "Использую NQ — ваш обычный инструмент.",
         "es": "Uso NQ, tu símbolo habitual."}


@pytest.mark.parametrize("lang,teach,ask", [
    ("en", "I usually trade NQ. What were the stats for November 2023?", "stats for last month"),
    ("ru", "Обычно торгую NQ. Какая статистика за ноябрь 2023?", "статистика за прошлый месяц"),
    ("es", "Normalmente opero NQ. ¿Estadísticas de noviembre de 2023?", "estadísticas del mes pasado"),
])
def test_preference_learned_in_one_thread_is_used_and_said_in_another(store, any_settings, lang, teach, ask):
    s = session_for(store, any_settings)
    before = s.ask(ask, thread_id="fresh")
    assert before.status == "clarification"                    # nothing remembered yet
    first = s.ask(teach, thread_id="thread-a")
    assert first.status == "answered"
    later = s.ask(ask, thread_id="thread-b")
    assert later.status == "answered", later.response
    assert NOTES[lang] in later.response
    assert later.intent["symbol"] == "NQ"
    assert claim(later, "high") == pytest.approx(nq_november_high())
    s.deps.services.memory.forget(ALICE)
    s.deps.services.close()


def test_forget_removes_it_everywhere(store, any_settings):
    s = session_for(store, any_settings)
    assert s.ask("I always trade NQ. NQ stats for November 2023", thread_id="a").status == "answered"
    mem = s.deps.services.memory             # the world's memory: the one the graph wrote to
    assert mem.export(ALICE)["threads"] and mem.stm.get(ALICE)
    mem.forget(ALICE)
    data = mem.export(ALICE)
    assert data["threads"] == {} and data["short_term"] == {}
    assert mem.profile(ALICE).is_empty()
    again = s.ask("stats for last month", thread_id="b")
    assert again.status == "clarification" and NOTES["en"] not in again.response
    s.deps.services.close()


def test_one_users_memory_is_not_anothers(store, any_settings):
    alice = session_for(store, any_settings, ALICE)
    assert alice.ask("I usually trade NQ. NQ stats for November 2023", thread_id="shared-id").status == "answered"
    bob = session_for(store, any_settings, BOB)
    out = bob.ask("stats for last month", thread_id="shared-id")   # same thread id, other user
    assert out.status == "clarification"
    mem = alice.deps.services.memory
    assert mem.export(BOB)["threads"] == {} and mem.profile(BOB).is_empty()
    assert mem.profile(ALICE).preferences["usual_symbol"] == "NQ"
    mem.forget(ALICE)
    alice.deps.services.close()
    bob.deps.services.close()


# ---- 40 turns ----------------------------------------------------------------------------------

QUESTIONS = (["SPY stats for March 2024", "BTCUSD high in January 2022", "NQ stats for November 2023"]
             + [q for year in range(1990, 2002) for q in (
                 f"SPX stats for {year}", f"¿Cuál fue el máximo del SPX en {year}?",
                 f"SPY low in {['March', 'April', 'May'][year % 3]} 2024")]
             + ["BTCUSD stats for January 2022"])[:40]
FOLLOW_UP = "Back to the instrument and month of my third question: what was its high?"
TOPIC = re.compile(r"-> \w+ (?P<symbol>[A-Z0-9]+) (?P<label>\d{4}-\d{2})\b")


class RecordingLLM(OfflineProvider):
    """Fake LLM: records every understander prompt as the Gemini provider formats it; for the
    follow-up it reads the third summarised turn from its own prompt (what a model would do)."""
    name = "fake-llm"

    def __init__(self):
        self.prompts: list[str] = []

    def understand(self, question, history, ctx):
        system = P.UNDERSTANDER_SYSTEM.format(safety=P.SAFETY)
        context = P.UNDERSTANDER_CONTEXT.format(today=ctx.today.isoformat(), instruments=P.instruments_text(ctx))
        text = P.UNDERSTANDER_USER.format(context=context, history=P.history_block(history),
                                          question=P.wrap("user_question", question))
        self.prompts.append(system + "\n\n" + text)
        if "third question" not in question:
            return super().understand(question, history, ctx)
        summary = next((m["content"] for m in history or [] if m["role"] == "system"), "")
        turns = [ln for ln in summary.splitlines() if ln.startswith("- «")]
        m = TOPIC.search(turns[2]) if len(turns) >= 3 else None
        if not m:
            return Intent(type="data", needs_clarification=True, missing=["symbol", "period"])
        y, mo = map(int, m["label"].split("-"))
        end = (pd.Timestamp(y, mo, 1) + pd.offsets.MonthEnd(0)).date()
        return Intent(type="data", symbol=m["symbol"], symbols=[m["symbol"]], analysis="stats",
                      metrics=["high"], period=Period(start=date(y, mo, 1), end=end, label=m["label"]))


def test_forty_turns_stay_within_the_limits_and_resolve_turn_three(store, embedded_settings):
    llm = RecordingLLM()
    s = session_for(store, embedded_settings, provider=llm)
    mem = s.deps.services.memory
    assert len(QUESTIONS) == 40
    for i, q in enumerate(QUESTIONS, 1):
        r = s.ask(q, thread_id="long")
        assert r.status == "answered", (i, q, r.response)
        ctx = mem.context(ALICE, "long", symbols=[r.intent.get("symbol")])
        packed = mem.compressed(ctx, llm)
        assert packed.compressed_tokens <= tokens.MAX_TOKENS
        assert tokens.count(build_system_prompt(packed.context)) + tokens.count_messages(
            packed.context.conversation.recent_messages) <= tokens.MAX_TOKENS
    mem.flush(ALICE)                               # the remember node's write is queued
    record = mem.conversations.get(ALICE, "long")
    assert record["message_count"] == 80 and len(record["recent"]) == tokens.KEEP_MESSAGES
    assert "NQ 2023-11" in record["summary"]
    r = s.ask(FOLLOW_UP, thread_id="long")
    assert r.status == "answered", r.response
    assert r.intent["symbol"] == "NQ" and r.intent["period"]["label"] == "2023-11"
    assert claim(r, "high") == pytest.approx(nq_november_high())
    assert len(llm.prompts) == 41
    counts = [tokens.count(p) for p in llm.prompts]
    assert max(counts) <= tokens.MAX_TOKENS, counts
    assert "NQ 2023-11" in llm.prompts[-1]         # turn 3 reached the prompt through the summary
    mem.forget(ALICE)
