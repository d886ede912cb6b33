"""The real `askbar` console script: load, data --json, demo, exit codes and one-line errors."""
from __future__ import annotations

import importlib
import io
import json
import os
import subprocess
import sys
import time
from contextlib import contextmanager, redirect_stderr, redirect_stdout
from pathlib import Path

import pytest

from agent.cli import main as cli
from tests.conftest import DATA

ASKBAR = str(Path(sys.executable).with_name("askbar"))
NQ = str(DATA / "nq_1min_firstrate/NQ_1min_sample.csv")
SPX = str(DATA / "sp500_daily/chainins_GSPC.csv")
KEYS = {"symbol", "first", "last", "bars_1min", "bars_1d", "timezone", "session"}


def askbar(*args: str, home: Path, url: str | None = None,
           spawn: bool = False) -> subprocess.CompletedProcess:
    """`askbar ARGS` with only ASKBAR_HOME (and ASKBAR_DATABASE_URL) set. In process by default:
    the console script's own entry point, stdout/stderr captured (a spawn costs about 2 s of
    imports); spawn=True runs the installed console script, for what only a process shows."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("ASKBAR_")}
    env["ASKBAR_HOME"] = str(home)
    if url:
        env["ASKBAR_DATABASE_URL"] = url
    if spawn:
        return subprocess.run([ASKBAR, *args], env=env, capture_output=True, text=True, timeout=300)
    return in_process(list(args), env)


@contextmanager
def _closed_as_by_exit():
    """Close what a finished askbar process would have released: the market stores of the Deps it
    built (their DuckDB files would otherwise stay open in this test process; each command closes
    its own services, agent/cli/main.py `world`)."""
    import agent.deps
    import agent.service

    built: list = []
    real = agent.deps.build_deps

    def recording(*args, **kwargs):
        built.append(real(*args, **kwargs))
        return built[-1]

    agent.deps.build_deps = agent.service.build_deps = recording
    try:
        yield
    finally:
        agent.deps.build_deps = agent.service.build_deps = real
        for deps in built:
            deps.store.close()
            assert deps.services.opened == dict.fromkeys(deps.services.opened, False)  # closed


def in_process(argv: list[str], env: dict[str, str] | None = None,
               stdin: str = "") -> subprocess.CompletedProcess:
    """cli.main(argv) with exactly `env` as the environment (default: this one) and `stdin` as
    standard input; returns what a finished process would (code, stdout, stderr)."""
    saved, saved_stdin = dict(os.environ), sys.stdin
    out, err = io.StringIO(), io.StringIO()
    try:
        if env is not None:
            os.environ.clear()
            os.environ.update(env)
        sys.stdin = io.StringIO(stdin)
        with redirect_stdout(out), redirect_stderr(err), _closed_as_by_exit():
            code = cli.main(argv)
    finally:
        sys.stdin = saved_stdin
        os.environ.clear()
        os.environ.update(saved)
    return subprocess.CompletedProcess(["askbar", *argv], code, out.getvalue(), err.getvalue())


def one_line_error(p: subprocess.CompletedProcess) -> str:
    assert p.stdout == "" and "Traceback" not in p.stderr
    lines = p.stderr.strip().splitlines()
    assert len(lines) == 1, p.stderr
    return lines[0]


def test_load_then_data_json(tmp_path):
    p = askbar("load", NQ, "--symbol", "nq", home=tmp_path, spawn=True)   # the installed script
    assert p.returncode == 0, p.stderr
    assert p.stdout.count("\n") == 1
    assert p.stdout.startswith("NQ: loaded 14,714 intraday bars") and "14,714 new" in p.stdout
    assert askbar("load", SPX, "--symbol", "SPX", home=tmp_path).returncode == 0
    p = askbar("data", "--json", home=tmp_path)
    assert p.returncode == 0 and p.stdout.count("\n") == 1
    data = json.loads(p.stdout)
    assert list(data) == ["symbols"]
    for row in data["symbols"]:
        assert KEYS <= set(row) and set(row) - KEYS <= {"synthetic"}
    by = {r["symbol"]: r for r in data["symbols"]}
    assert by["NQ"] == {"symbol": "NQ", "first": "2023-11-20", "last": "2023-12-04", "bars_1min": 14714,
                        "bars_1d": 11, "timezone": "America/New_York", "session": "cme",
                        "synthetic": False}
    assert (by["SPX"]["bars_1min"], by["SPX"]["bars_1d"], by["SPX"]["session"]) == (0, 23340, "daily")
    text = askbar("data", home=tmp_path)
    assert text.returncode == 0 and "NQ" in text.stdout and "23,340" in text.stdout


def test_demo_seeds_the_synthetic_set_quickly(tmp_path):
    started = time.monotonic()
    p = askbar("demo", home=tmp_path)
    assert p.returncode == 0, p.stderr
    assert time.monotonic() - started < 45
    assert p.stdout.startswith("demo: 4 synthetic symbols")
    data = json.loads(askbar("data", "--json", home=tmp_path).stdout)
    assert {r["symbol"] for r in data["symbols"]} == {"DEMO_NQ", "DEMO_SPY", "DEMO_BTC", "DEMO_SPX"}
    assert all(r["synthetic"] for r in data["symbols"])


def test_empty_store_and_help(tmp_path):
    assert json.loads(askbar("data", "--json", home=tmp_path).stdout) == {"symbols": []}
    assert "askbar demo" in askbar("data", home=tmp_path).stdout
    p = askbar("--help", home=tmp_path, spawn=True)
    assert p.returncode == 0 and "load" in p.stdout and "demo" in p.stdout


@pytest.mark.parametrize("args,pattern", [
    (("load", "/no/such.csv", "--symbol", "X"), "askbar: /no/such.csv: file not found"),
    (("load", NQ, "--symbol", "X", "--session", "weekly"), "invalid choice: 'weekly'"),
    (("load", NQ), "the following arguments are required: --symbol"),
    (("load", NQ, "--symbol", "X", "--tz", "Nowhere/City"), "unknown time zone 'Nowhere/City'"),
    (("frobnicate",), "invalid choice: 'frobnicate'"),
    ((), "the following arguments are required: command"),
], ids=["missing-file", "bad-session", "no-symbol", "bad-tz", "unknown-command", "no-command"])
def test_bad_input_exits_2_with_one_line(tmp_path, args, pattern):
    p = askbar(*args, home=tmp_path)
    assert p.returncode == 2
    assert pattern in one_line_error(p)


def test_bad_row_exits_2_names_file_and_line_and_store_unchanged(tmp_path):
    assert askbar("load", NQ, "--symbol", "NQ", home=tmp_path).returncode == 0
    before = askbar("data", "--json", home=tmp_path).stdout
    bad = tmp_path / "bad.csv"
    lines = Path(NQ).read_text().splitlines()
    lines[100] = lines[100].split(",")[0] + ",1,1,2,1,1"
    bad.write_text("\n".join(lines) + "\n")
    p = askbar("load", str(bad), "--symbol", "NQ", home=tmp_path)
    assert p.returncode == 2
    assert one_line_error(p) == f"askbar: {bad}, line 101: high 1 is below low 2"
    p = askbar("load", str(DATA / "nq_1min_firstrate/NQ_1day_sample.csv"), "--symbol", "NQ",
               home=tmp_path)
    assert p.returncode == 2 and "--symbol NQD" in p.stderr
    assert askbar("data", "--json", home=tmp_path).stdout == before


def test_internal_failure_exits_1_with_one_line(tmp_path):
    p = askbar("data", home=tmp_path, url="postgresql://postgres@127.0.0.1:1/nothing")
    assert p.returncode == 1
    assert one_line_error(p).startswith("askbar: internal error: OperationalError")


def test_postgres_engine_from_the_environment(tmp_path, pg_database_factory):
    url = pg_database_factory()
    p = askbar("load", NQ, "--symbol", "NQ", home=tmp_path, url=url)
    assert p.returncode == 0 and p.stdout.rstrip().endswith("(postgres)")
    data = json.loads(askbar("data", "--json", home=tmp_path, url=url).stdout)
    assert [(r["symbol"], r["bars_1min"], r["bars_1d"]) for r in data["symbols"]] == [("NQ", 14714, 11)]
    assert not (tmp_path / "market.duckdb").exists()


def test_subcommands_register_through_the_registry(monkeypatch, capsys):
    # the command modules register into the real registry first: imported for the first time under
    # the copy, their commands would vanish with it for every later test in this process
    for module in cli.COMMAND_MODULES:
        importlib.import_module(module)
    monkeypatch.setattr(cli, "COMMANDS", dict(cli.COMMANDS))   # registered only for this test

    @cli.command("echo", "print the argument back", cli.arg("word"))
    def echo(args):
        print(args.word)
        return 0

    assert cli.main(["echo", "hello"]) == 0
    assert capsys.readouterr().out == "hello\n"
