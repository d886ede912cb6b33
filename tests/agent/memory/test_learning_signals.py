"""Issue 30: a trading style is labelled from a statement about oneself or from two agreeing hints,
never from one data question ("NQ intraday data for March" made the user a day trader); the same
statement said again in other words is one line, not a pile (EN/RU/ES)."""
from __future__ import annotations

import pytest

from tests.agent.memory.conftest import ALICE

INTENT = {"type": "data", "symbol": "NQ", "symbols": ["NQ"], "period": {"label": "2024-03"}}


@pytest.mark.parametrize("question", ["NQ intraday data for March 2024",
                                      "Внутридневные данные NQ за март 2024",
                                      "Datos intradía de NQ en marzo de 2024"])
def test_one_data_question_does_not_label_a_style(mem, question):
    mem.learn_turn(ALICE, None, question, "ok", INTENT, [])
    assert mem.profile(ALICE).trading_style is None
    mem.learn_turn(ALICE, None, question, "ok", INTENT, [])     # a second hint agrees: labelled
    assert mem.profile(ALICE).trading_style == "day_trading"


@pytest.mark.parametrize("statement", ["I trade intraday", "Я торгую внутри дня, интрадей",
                                       "Soy trader, hago day trading"])
def test_a_statement_about_oneself_labels_at_once(mem, statement):
    mem.learn_turn(ALICE, None, statement, "ok", {"type": "statement"}, [])
    assert mem.profile(ALICE).trading_style == "day_trading"


def test_near_duplicate_statements_are_merged(mem):
    for text in ["I mostly trade NQ", "I mostly trade NQ.", "i mostly trade NQ!", "I usually look at SPY"]:
        mem.learn_turn(ALICE, None, text, "ok", INTENT, [])
    said = mem.profile(ALICE).preferences["statements"]
    assert said == ["I usually look at SPY", "i mostly trade NQ!"]
