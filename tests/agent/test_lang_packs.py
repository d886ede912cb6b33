"""Language packs (agent/lang/<code>.py): discovered, and every pack has exactly the English keys.

A fourth language is one new pack: the loader finds it by discovery (shown with a temporary pack
on the package path), and the parity check below names any key it lacks or adds.
"""
from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from agent import lang as packs
from agent.lang import is_plural
from agent.messages import MESSAGES
from agent.server import ui_texts

ROOT = Path(__file__).resolve().parents[2]
PLACEHOLDER = re.compile(r"\{(\w*)\}")


def _shape(node: Any, path: str = "") -> dict[str, str]:
    """Every key path of a pack with its leaf type; dict keys must match, leaves in kind. A plural
    table is one leaf: its keys are its language's CLDR categories (tests/agent/test_plurals.py)."""
    if is_plural(node):
        return {path: "plural"}
    if isinstance(node, dict):
        out: dict[str, str] = {}
        for k, v in node.items():
            out.update(_shape(v, f"{path}.{k}" if path else str(k)))
        return out
    return {path: type(node).__name__}


def _strings(node: Any, path: str = "") -> dict[str, str]:
    if is_plural(node):     # the placeholders of all its forms together
        return {path: " ".join(node.values())}
    if isinstance(node, dict):
        return {p: s for k, v in node.items() for p, s in _strings(v, f"{path}.{k}").items()}
    return {path: node} if isinstance(node, str) else {}


def test_packs_are_discovered_english_first():
    files = sorted(p.stem for p in (ROOT / "agent" / "lang").glob("*.py") if not p.stem.startswith("_"))
    assert set(packs.codes()) == set(files) and packs.codes()[0] == "en"
    assert {"en", "ru", "es"} <= set(packs.codes())


@pytest.mark.parametrize("code", [c for c in packs.codes() if c != "en"])
def test_every_pack_has_the_english_keys(code):
    en, other = _shape(packs.pack("en")), _shape(packs.pack(code))
    assert sorted(set(en) - set(other)) == [], f"{code} lacks these keys"
    assert sorted(set(other) - set(en)) == [], f"{code} has keys English has not"
    assert {k: v for k, v in other.items() if en[k] != v} == {}, "leaf types differ"


@pytest.mark.parametrize("code", [c for c in packs.codes() if c != "en"])
def test_templates_keep_their_placeholders(code):
    """A translated template fills the same fields (a lost {symbol} would raise or mislead)."""
    en, other = _strings(packs.pack("en")), _strings(packs.pack(code))
    differ = {k: (en[k], other[k]) for k in en
              if set(PLACEHOLDER.findall(en[k])) != set(PLACEHOLDER.findall(other[k]))}
    assert differ == {}


def test_a_fourth_language_is_one_new_pack(tmp_path, monkeypatch):
    """Copy the English pack as 'de' into a directory on the package path: it is discovered and
    every view of the packs (messages, offline templates, glossary, UI texts) has it."""
    shutil.copy(ROOT / "agent" / "lang" / "en.py", tmp_path / "de.py")
    text = (tmp_path / "de.py").read_text().replace('"name": "English"', '"name": "German"')
    (tmp_path / "de.py").write_text(text.replace('"clarify": "Could you clarify?"', '"clarify": "Bitte?"'))
    monkeypatch.setattr(packs, "__path__", [*packs.__path__, str(tmp_path)])
    packs._packs.cache_clear()
    try:
        assert "de" in packs.codes() and packs.name("de") == "German"
        assert packs.transposed("messages", "MESSAGES")["clarify"]["de"] == "Bitte?"
        assert packs.by_lang("offline_templates", "METRIC")["de"]["close"] == "close {v}"
        assert packs.get("de", "glossary", "entries", "rsi", "text")
        assert ui_texts.tables()["de"]["send"] == "Ask"   # the browser gets its UI texts too
    finally:
        packs._packs.cache_clear()
        monkeypatch.undo()
    assert "de" not in packs.codes()


def test_views_read_the_packs():
    assert MESSAGES["cancelled"] == {"en": "Cancelled.", "ru": "Отменено.", "es": "Cancelado."}


def _served_ui_tables() -> dict[str, Any]:
    """The I18N object of the script the server serves (agent/server/ui_texts.py), evaluated by
    node as the browser would run it."""
    src = ui_texts.script()
    out = subprocess.run(["node", "-e", f"{src}\nprocess.stdout.write(JSON.stringify(I18N))"],
                         capture_output=True, text=True, check=True, timeout=30)
    return json.loads(out.stdout)


@pytest.mark.skipif(shutil.which("node") is None, reason="node evaluates the served script")
def test_web_ui_texts_are_the_packs_ui_sections():
    """The browser's texts come from the packs (one table per pack, English first), and
    web/i18n.js holds no table of its own."""
    ui = _served_ui_tables()
    assert list(ui) == list(packs.codes())
    assert ui["ru"]["send"] == "Спросить" and ui["es"]["claim"]["high"] and ui["en"]["months"][0] == "January"
    assert ui == json.loads(json.dumps({c: packs.get(c, "ui") for c in packs.codes()}))
    assert "const I18N" not in (ROOT / "web" / "i18n.js").read_text()
