"""askbar memory show|forget [--kind] [--user] [--json]: exit codes and output."""
from __future__ import annotations

import json

import pytest

from agent.cli.main import main
from agent.identity.models import LOCAL_USER
from agent.memory.service import Memory
from agent.settings import get_settings


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("ASKBAR_HOME", str(tmp_path))
    monkeypatch.delenv("ASKBAR_DATABASE_URL", raising=False)
    monkeypatch.delenv("ASKBAR_REDIS_URL", raising=False)
    mem = Memory(get_settings())      # the test's own; each command opens the home's memory itself
    mem.ltm.add_note(LOCAL_USER, "trade the open")
    mem.ltm.set_style(LOCAL_USER, "day_trading")
    yield mem
    mem.close()


def test_show_json_and_text(home, capsys):
    assert main(["memory", "show", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["user"] == "local" and data["long_term"]["notes"] == ["trade the open"]
    assert main(["memory", "show"]) == 0
    out = capsys.readouterr().out
    assert "day_trading" in out and "trade the open" in out


def test_forget_kind_then_all(home, capsys):
    assert main(["memory", "forget", "--kind", "notes", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == {"user": "local", "tenant": "local",
                                                    "deleted": ["memory/notes"]}
    assert home.ltm.profile(LOCAL_USER).trading_style == "day_trading"
    assert main(["memory", "forget"]) == 0
    assert home.ltm.profile(LOCAL_USER).is_empty()


def test_bad_input_exits_2_with_one_line(home, capsys):
    assert main(["memory", "show", "--user", "nobody-such"]) == 2
    err = capsys.readouterr().err.strip()
    assert "nobody-such" in err and "\n" not in err
    assert main(["memory", "drop"]) == 2
    assert main(["memory", "show", "--kind", "notes"]) == 2
    assert home.ltm.profile(LOCAL_USER).notes == ["trade the open"]
