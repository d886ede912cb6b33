"""The paper account's English refusals read in the chat's language (RU/ES), figures in its format."""
from __future__ import annotations

import pytest

from agent.trading.refusals import localise

CASH = "not enough cash: 300 SPY at 512.40 costs 153,720.00, available 100,000.00"
CARRY = ("the account cannot carry this: margin 5% of 120 NQ at 16,004.75 needs 1,920,570.00, "
         "equity available 100,000.00")


@pytest.mark.parametrize("message,lang,expected", [
    (CASH, "ru", "Недостаточно денег: 300 SPY по 512,4 стоят 153\u00a0720, доступно 100\u00a0000."),
    (CASH, "es", "No hay efectivo suficiente: 300 SPY a 512,4 cuestan 153.720, disponible 100.000."),
    (CARRY, "ru", "Счёт не выдержит такую позицию: 120 NQ по 16\u00a0004,75 требуют 1\u00a0920\u00a0570, доступный капитал 100\u00a0000."),
    (CARRY, "es", "La cuenta no puede sostener esta posición: 120 NQ a 16.004,75 requieren 1.920.570, "
                  "capital disponible 100.000."),
    (CASH, "en", CASH),
    ("order ord_123456 not found", "ru", "order ord_123456 not found"),
])
def test_refusals_in_the_requests_language(message, lang, expected):
    assert localise(message, lang) == expected
