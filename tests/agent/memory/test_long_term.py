"""Long-term memory on LangGraph's store (SQLite embedded, Postgres production): caps, merging,
persistence across processes, isolation by tenant and user, forgetting."""
from __future__ import annotations

import psycopg
import pytest

from agent.memory.learn import apply, lesson
from agent.memory.long_term import MAX_FAVORITES, MAX_QUESTIONS, MAX_STRATEGIES
from agent.memory.service import Memory
from tests.agent.memory.conftest import ALICE, ALICE_OTHER_TENANT, BOB


def test_favourites_ranked_by_use_and_capped(mem):
    for i in range(25):
        mem.ltm.add_symbols(ALICE, [f"S{i:02d}"])
    for _ in range(3):
        mem.ltm.add_symbols(ALICE, ["NQ"])
    fav = mem.ltm.profile(ALICE).favorite_symbols
    assert fav[0] == "NQ" and len(fav) == MAX_FAVORITES


def test_near_duplicate_questions_merge(mem):
    for q in ["What were the stats for [SYMBOL] in March [N]?", "what were the stats for [SYMBOL] in march [N]",
              "What were the stats for [SYMBOL] in March [N] ?"]:
        mem.ltm.add_question(ALICE, q)
    mem.ltm.add_question(ALICE, "Что было через неделю после падения на [N]%?")
    qs = mem.ltm.profile(ALICE).frequent_questions
    assert len(qs) == 2 and qs[0].startswith("What were the stats")
    for i in range(30):
        mem.ltm.add_question(ALICE, f"distinct question {i} " + "x" * i * 3 + f" {chr(65 + i % 26) * 5}")
    assert len(mem.ltm.profile(ALICE).frequent_questions) <= MAX_QUESTIONS


@pytest.mark.parametrize("asked", [
    [("NQ stats for November 2023", "NQ"), ("ES stats for March 2024", "ES")],
    [("статистика NQ за ноябрь 2023", "NQ"), ("статистика SPY за март 2024", "SPY")],
    [("estadísticas de NQ de noviembre de 2023", "NQ"), ("estadísticas de SPY de marzo de 2024", "SPY")]])
def test_questions_kept_verbatim_and_merged_by_template(mem, asked):
    for text, sym in asked:
        apply(mem.ltm, ALICE, lesson(text, {"type": "data", "symbol": sym, "symbols": [sym]}))
    assert mem.ltm.profile(ALICE).frequent_questions == [asked[-1][0]]   # one question, the newest words


def test_strategies_newest_first_capped(mem):
    for i in range(12):
        mem.ltm.add_strategy(ALICE, f"after_events NQ {i}")
    strategies = mem.ltm.profile(ALICE).recent_strategies
    assert len(strategies) == MAX_STRATEGIES and strategies[0].name == "after_events NQ 11"


def test_users_and_tenants_are_isolated(mem):
    apply(mem.ltm, ALICE, lesson("I usually trade NQ, swing style. NQ stats for March 2024",
                                 {"type": "data", "symbol": "NQ", "symbols": ["NQ"]}))
    mem.ltm.add_note(ALICE, "my broker is X")
    assert mem.ltm.profile(ALICE).preferences["usual_symbol"] == "NQ"
    for other in (BOB, ALICE_OTHER_TENANT):
        assert mem.ltm.profile(other).is_empty()
        assert mem.export(other)["long_term"]["notes"] == []
    mem.forget(BOB)                      # forgetting someone else leaves Alice's memory alone
    assert mem.ltm.profile(ALICE).trading_style == "swing"


def test_forget_one_kind_or_everything(mem):
    mem.ltm.add_note(ALICE, "note 1")
    mem.ltm.add_symbols(ALICE, ["SPY"])
    mem.conversations.append_turn(ALICE, "th1", "SPY stats?", "…", [], {"symbol": "SPY"})
    mem.stm.touch_turn(ALICE, "th1", ["SPY"])
    assert mem.forget(ALICE, ("notes",))["deleted"] == ["memory/notes"]
    assert mem.ltm.profile(ALICE).favorite_symbols == ["SPY"] and mem.ltm.profile(ALICE).notes == []
    mem.forget(ALICE)
    data = mem.export(ALICE)
    assert data["long_term"]["favorite_symbols"] == [] and data["threads"] == {} and data["short_term"] == {}


def test_memory_persists_across_processes(any_settings):
    first = Memory(any_settings)
    first.ltm.add_note(ALICE, "persisted")
    second = Memory(any_settings)           # a new store connection, as another process opens it
    try:
        assert second.ltm.profile(ALICE).notes == ["persisted"]
    finally:
        second.forget(ALICE)


def test_postgres_store_holds_it_in_the_database(production_settings):
    m = Memory(production_settings)
    m.ltm.add_note(ALICE, "in postgres")
    with psycopg.connect(production_settings.database_url) as conn:
        rows = conn.execute("SELECT prefix, key FROM store WHERE prefix LIKE 'memory.%%'").fetchall()
    assert ("memory.t1.alice", "notes") in rows
