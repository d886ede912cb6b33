"""`askbar tools list|call` and `askbar load-fundamentals` through the real CLI entry point."""
from __future__ import annotations

import json

import pytest

from agent.cli.main import main
from tests.conftest import DATA


@pytest.fixture
def home(tmp_path, monkeypatch):
    # tests/agent/cli/test_main.py swaps cli.COMMANDS for a copy while agent.cli.tools may be imported
    # for the first time, leaving our commands in the discarded copy: register them again.
    import importlib

    import agent.cli.main as cli
    import agent.cli.tools

    if "tools" not in cli.COMMANDS:
        importlib.reload(agent.cli.tools)
    monkeypatch.setenv("ASKBAR_HOME", str(tmp_path))
    monkeypatch.delenv("ASKBAR_DATABASE_URL", raising=False)
    monkeypatch.delenv("ASKBAR_REDIS_URL", raising=False)
    return tmp_path


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def test_tools_list_json(home, capsys):
    code, out, _ = run(capsys, "tools", "list", "--json")
    assert code == 0 and len(out.strip().splitlines()) == 1
    tools = {t["name"]: t for t in json.loads(out)["tools"]}
    t = tools["get_price"]
    assert set(t) >= {"id", "name", "category", "required_plan", "rate_limit", "available"}
    assert t["id"] == "market.get_price" and t["rate_limit"] == {"per_minute": 60, "per_hour": None,
                                                                  "per_day": None}
    assert t["available"] is True and t["required_plan"] == "free"


def test_tools_call(home, capsys):
    assert run(capsys, "load", str(DATA / "btc_perp_1min/btc-perp-20211231-20220201_1m.csv"),
               "--symbol", "BTCUSD")[0] == 0
    code, out, _ = run(capsys, "tools", "call", "get_price", "--args", '{"symbol": "BTCUSD"}', "--json")
    r = json.loads(out)
    assert code == 0 and r["success"] and r["data"]["price"] == 38544.0
    assert r["data"]["as_of"] == "2022-02-01T05:31Z"
    code, out, _ = run(capsys, "tools", "call", "get_price", "--args", '{"symbol": "BTCUSD"}')
    assert code == 0 and out.startswith("BTCUSD 38,544.00 as of 2022-02-01T05:31")
    # a refusal is bad input (issue 26): exit 2, the result object still printed with --json, and
    # one line on stderr with the error code
    code, out, err = run(capsys, "tools", "call", "get_price", "--args", '{"symbol": "NOPE"}', "--json")
    assert code == 2 and json.loads(out)["error"]["code"] == "VALIDATION_ERROR"
    assert err.strip().count("\n") == 0 and "VALIDATION_ERROR" in err
    code, out, err = run(capsys, "tools", "call", "no_such_tool")
    assert code == 2 and out == "" and "TOOL_NOT_FOUND" in err
    # extreme calculator inputs are a refusal too (issue 25 M2)
    code, out, err = run(capsys, "tools", "call", "calculate_position_size", "--args",
                         '{"capital": 1e300, "entry_price": 1, "stop_loss_price": 2, "risk_percent": 1}')
    assert code == 2 and out == "" and "capital" in err and len(err.strip().splitlines()) == 1
    # closed sets accept any case
    code, out, _ = run(capsys, "tools", "call", "get_indicators", "--args",
                       '{"symbol": "BTCUSD", "indicators": ["rsi"], "timeframe": "1D"}', "--json")
    assert code == 0 and json.loads(out)["success"]


def test_tools_show_prints_the_declared_parameters(home, capsys):
    code, out, _ = run(capsys, "tools", "show", "get_indicators")
    assert code == 0
    lines = {line.split()[0]: line for line in out.splitlines()[3:] if line[:3].strip() and line.startswith("  ")}
    assert "required" in lines["symbol"]
    assert "one of RSI, MACD, BB, SMA, EMA, ATR, VWAP, OBV, ADX (any case)" in lines["indicators"]
    assert "default '1d'" in lines["timeframe"] and "one of 1h, 4h, 1d" in lines["timeframe"]
    code, out, _ = run(capsys, "tools", "show", "create_paper_order", "--json")
    params = {p["name"]: p for p in json.loads(out)["parameters"]}
    assert params["side"]["allowed"] == ["buy", "sell"] and params["quantity"]["bounds"] == ["> 0", "<= 1000000000.0"]
    assert params["limit_price"]["default"] is None and not params["limit_price"]["required"]
    code, _, err = run(capsys, "tools", "show", "nope")
    assert code == 2 and "nope" in err


@pytest.mark.parametrize("args", ['{"symbol": ', '["NQ"]', "not json"])
def test_unparsable_args_exit_2(home, capsys, args):
    code, out, err = run(capsys, "tools", "call", "get_price", "--args", args)
    assert code == 2 and out == "" and "--args" in err and len(err.strip().splitlines()) == 1


def test_unknown_user_exit_2(home, capsys):
    code, _, err = run(capsys, "tools", "list", "--user", "nobody-here")
    assert code == 2 and "no active user 'nobody-here'" in err
    assert run(capsys, "tools", "list", "--user", "local", "--json")[0] == 0


def test_load_fundamentals(home, capsys, tmp_path):
    csv = tmp_path / "fund.csv"
    csv.write_text("symbol,period_end,revenue,eps\nMSFT,2024-06-30,245122000000,11.80\n")
    code, out, _ = run(capsys, "load-fundamentals", str(csv))
    assert code == 0 and "2 values" in out
    code, out, _ = run(capsys, "tools", "call", "get_fundamentals", "--args", '{"symbol":"msft"}', "--json")
    assert json.loads(out)["data"]["fields"] == {"eps": 11.8, "revenue": 245122000000.0}
    csv.write_text("symbol,eps\nMSFT,1\n")
    code, _, err = run(capsys, "load-fundamentals", str(csv))
    assert code == 2 and "missing column 'period_end'" in err


@pytest.mark.parametrize("fmt, key", [("openai", "function"), ("gemini", "parameters"),
                                      ("mcp", "annotations")])
def test_tools_export(home, capsys, fmt, key):
    from agent.tools.registry import get_registry

    code, out, _ = run(capsys, "tools", "export", "--format", fmt)
    tools = json.loads(out)
    assert code == 0 and len(out.strip().splitlines()) == 1
    # the local user is premium: every tool, in the client's shape
    assert len(tools) == len(get_registry().available_for("premium"))
    assert any(key in t for t in tools)
