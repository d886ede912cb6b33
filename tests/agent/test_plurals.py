"""Issue 27 point 2: counted phrases take the form of the language's CLDR plural category (Babel's
rules): "The largest daily fall" for one, "1 trading day rebuilt", "21 строка / 22 строки /
25 строк"; every plural table of every pack lists exactly its language's categories."""
from __future__ import annotations

from typing import Any

import pytest
from babel import Locale

from agent import lang as packs
from agent.lang import categories, is_plural, plural


def _plural_tables(node: Any, path: str = "") -> dict[str, dict]:
    if is_plural(node):
        return {path: node}
    if isinstance(node, dict):
        return {p: t for k, v in node.items() for p, t in _plural_tables(v, f"{path}.{k}").items()}
    return {}


@pytest.mark.parametrize("code", packs.codes())
def test_every_plural_table_has_the_languages_categories(code):
    want = set(Locale.parse(code).plural_form.tags) | {"other"}
    assert categories(code) == want
    tables = _plural_tables(packs.pack(code))
    assert {".ui.plural.rows", ".counts.trading_days_rebuilt", ".offline_templates.TOP.down"} <= set(tables)
    wrong = {p: sorted(t) for p, t in tables.items() if {k for k in t if not k.startswith("=")} != want}
    assert wrong == {}


@pytest.mark.parametrize(("code", "n", "text"), [
    ("en", 1, "1 trading day rebuilt"), ("en", 2, "2 trading days rebuilt"), ("en", 0, "0 trading days rebuilt"),
    ("ru", 1, "пересчитан 1 торговый день"), ("ru", 3, "пересчитано 3 торговых дня"),
    ("ru", 5, "пересчитано 5 торговых дней"), ("ru", 21, "пересчитан 21 торговый день"),
    ("es", 1, "1 sesión recalculada"), ("es", 4, "4 sesiones recalculadas"),
])
def test_counts_in_three_languages(code, n, text):
    assert plural(code, packs.get(code, "counts", "trading_days_rebuilt"), n) == text


@pytest.mark.parametrize(("code", "n", "head"), [
    ("en", 1, "The largest daily fall of SPX (2020), top 1:"), ("en", 3, "The 3 largest daily falls of SPX (2020):"),
    ("ru", 1, "Крупнейшее дневное падение SPX (2020), топ 1:"), ("ru", 21, "Крупнейшие дневные падения SPX (2020), топ 21:"),
    ("es", 1, "La mayor caída diaria de SPX (2020), top 1:"), ("es", 3, "Las 3 mayores caídas diarias de SPX (2020):"),
])
def test_top_moves_heading(code, n, head):
    forms = packs.get(code, "offline_templates", "TOP", "down")
    assert plural(code, forms, n, s="SPX", p="2020") == head   # {n} stays: the validator checks it


def test_cli_load_line_counts():
    from agent.cli.views import count as _count

    assert _count("trading_days_rebuilt", 1) == "1 trading day rebuilt"
    assert _count("orders_filled", 1) == "1 order filled" and _count("alerts_fired", 2) == "2 alerts fired"
    assert _count("trading_days_rebuilt", 1234) == "1,234 trading days rebuilt"
