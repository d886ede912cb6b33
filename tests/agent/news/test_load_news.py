"""load-news on the real files (CNBC, Guardian, crypto), both engines: counts, idempotent reloads,
symbol keying by aliases, and bad rows named by file and line with nothing stored."""
from __future__ import annotations

import csv
import json
import os

import pytest

from agent.market.errors import LoadError
from agent.market.instruments import default_instrument
from agent.news.loader import load_news
from agent.news.reader import parse_columns
from agent.news.store import symbol_counts
from tests.agent.news.conftest import CNBC, CRYPTO, GUARDIAN
from tests.agent.cli.test_main import in_process


def _count(db) -> int:
    return db.one("SELECT count(*) AS n FROM news_items")["n"]


def test_cnbc_blank_rows_and_reload(appdb):
    r = load_news(appdb, CNBC, symbols=["SPX"])
    assert (r.rows, r.blank, r.inserted, r.existing) == (2800, 280, 2800, 0)
    again = load_news(appdb, CNBC, symbols=["SPX"])
    assert (again.inserted, again.existing, again.new_symbol_keys) == (0, 2800, 0)
    assert _count(appdb) == 2800 and symbol_counts(appdb) == {"SPX": 2800}
    # an independent parse: the newest item is 7:51 PM EDT on 17 July 2020 = 23:51 UTC
    top = appdb.one("SELECT published_at, headline FROM news_items ORDER BY published_at DESC "
                    "LIMIT 1")
    assert top["published_at"] == "2020-07-17T23:51:00Z"
    assert top["headline"].startswith("Jim Cramer: A better way to invest")


def test_guardian_embedded_newlines_and_month_only_dates(appdb):
    with GUARDIAN.open(encoding="utf-8", newline="") as fh:
        rows = list(csv.DictReader(fh))
    month_only = sum(1 for r in rows if len(r["Time"]) == 6)          # "Jul-18"
    r = load_news(appdb, GUARDIAN, symbols=["UKX"])
    assert r.rows == len(rows) - month_only == 17760
    assert len(r.undated_lines) == month_only == 40
    assert r.inserted + r.existing <= r.rows and _count(appdb) == r.inserted
    stored = appdb.one("SELECT count(*) AS n FROM news_items WHERE headline LIKE %s",
                       ("%\n%",))["n"]
    assert stored == 0        # embedded line breaks are folded into single spaces


def test_crypto_semicolons_and_alias_keying(appdb):
    btc = default_instrument("BTCUSD")
    r = load_news(appdb, CRYPTO, instruments=[btc])
    assert r.rows == 7524
    with CRYPTO.open(encoding="utf-8", newline="") as fh:
        rows = list(csv.DictReader(fh, delimiter=";"))
    # independent count: rows naming bitcoin/btc in title or text (as whole words)
    import re
    pat = re.compile(r"(?<!\w)(bitcoin|btc|btcusd)(?!\w)", re.IGNORECASE)
    expected = {(r["title"], r["text"]) for r in rows if pat.search(r["title"] + " " + r["text"])}
    assert r.symbols["BTCUSD"] == pytest.approx(len(expected), abs=3)  # verbatim repeats collapse


def test_jsonl_with_column_mapping(appdb, tmp_path):
    f = tmp_path / "feed.jsonl"
    f.write_text("\n".join(json.dumps(x) for x in [
        {"when": "2020-03-02T21:30:00Z", "title": "Nasdaq composite jumps 4%", "tickers": ["IXIC"]},
        {"when": "2020-03-03T14:00:00Z", "title": "Fed cuts rates", "body": "An emergency cut"},
    ]) + "\n", encoding="utf-8")
    cols = parse_columns("published_at=when,headline=title,summary=body,symbols=tickers")
    r = load_news(appdb, f, columns=cols, symbols=None)
    assert (r.rows, r.inserted) == (2, 2)
    assert symbol_counts(appdb) == {"IXIC": 1}


@pytest.mark.parametrize("body,line,reason", [
    ("published_at,headline\n2020-03-02,Stocks rally\n2020-13-45,Bad date\n", 3, "unreadable"),
    ("published_at,headline\n2020-03-02,Stocks rally\n2020-03-03,\n", 3, "empty headline"),
    ("published_at,headline\n2020-03-02,Stocks rally\n2020-03-03,a,b\n", 3, "3 fields"),
])
def test_bad_row_named_and_nothing_stored(appdb, tmp_path, body, line, reason):
    f = tmp_path / "bad.csv"
    f.write_text(body, encoding="utf-8")
    with pytest.raises(LoadError) as err:
        load_news(appdb, f, symbols=["SPX"])
    assert str(err.value).startswith(f"{f}, line {line}: ") and reason in str(err.value)
    assert _count(appdb) == 0


def test_bad_json_line_and_missing_column(appdb, tmp_path):
    f = tmp_path / "bad.jsonl"
    f.write_text('{"date": "2020-03-02", "title": "ok"}\n{not json\n', encoding="utf-8")
    with pytest.raises(LoadError, match=r"bad.jsonl, line 2: not valid JSON"):
        load_news(appdb, f, symbols=["SPX"])
    g = tmp_path / "nohead.csv"
    g.write_text("when,what\n2020-03-02,x\n", encoding="utf-8")
    with pytest.raises(LoadError, match=r"line 1: no published_at column"):
        load_news(appdb, g, symbols=["SPX"])
    assert _count(appdb) == 0


def test_cli_load_news_and_errors(tmp_path):
    env = {**os.environ, "ASKBAR_HOME": str(tmp_path)}
    env.pop("ASKBAR_DATABASE_URL", None)
    ok = in_process(["load-news", str(CNBC), "--symbols", "SPX", "--json"], env)
    assert ok.returncode == 0, ok.stderr
    assert json.loads(ok.stdout)["inserted"] == 2800
    bad = in_process(["load-news", str(CNBC), "--columns", "headline=Nope"], env)
    assert bad.returncode == 2 and "Nope" in bad.stderr and len(bad.stderr.strip().splitlines()) == 1
    tz = in_process(["load-news", str(CNBC), "--tz", "Mars/Base"], env)
    assert tz.returncode == 2 and "Mars/Base" in tz.stderr


def test_cli_load_news_postgres_keys_by_alias(tmp_path, pg_database_factory):
    """On Postgres (app DB and market store), with no --symbols: SPX headlines found by alias."""
    from tests.agent.news.conftest import SPX_DAILY

    env = {**os.environ, "ASKBAR_HOME": str(tmp_path), "ASKBAR_DATABASE_URL": pg_database_factory()}
    assert in_process(["load", str(SPX_DAILY), "--symbol", "SPX"], env).returncode == 0
    out = in_process(["load-news", str(CNBC), "--json"], env)
    assert out.returncode == 0, out.stderr
    report = json.loads(out.stdout)
    with CNBC.open(encoding="utf-8", newline="") as fh:
        rows = [r for r in csv.DictReader(fh) if r["Headlines"]]
    import re
    alias = re.compile(r"(?<!\w)(s&p 500|s&p500|sp500|s&p|snp|\^gspc|gspc)(?!\w)", re.IGNORECASE)
    spx = re.compile(r"(?<![\w$^])\$?SPX(?!\w)")
    expected = sum(1 for r in rows if alias.search(f"{r['Headlines']} {r['Description']}")
                   or spx.search(f"{r['Headlines']} {r['Description']}"))
    assert report["symbols"] == {"SPX": expected} and report["inserted"] == 2800


def test_cli_load_summary_adds_up(tmp_path):
    """The text summary's parts add up to the file's rows: new + already stored + repeated in
    the file + skipped (each with its reason); counted independently with pandas."""
    import re

    import pandas as pd

    env = {**os.environ, "ASKBAR_HOME": str(tmp_path)}
    env.pop("ASKBAR_DATABASE_URL", None)
    raw = pd.read_csv(CRYPTO, sep=";", dtype=str, keep_default_na=False)
    rows = len(raw)
    repeated = int(raw.duplicated(subset=["date", "title", "text"]).sum())
    assert repeated >= 1        # the file repeats an item verbatim: the old summary lost it

    def parts(stdout: str) -> tuple[int, dict[str, int]]:
        head = stdout.splitlines()[0]
        m = re.search(r": ([\d,]+) rows = (.*?); symbols", head)
        assert m, head
        total = int(m.group(1).replace(",", ""))
        got = {}
        for part in m.group(2).split(" + "):
            n, _, what = part.partition(" ")
            got[what] = int(n.replace(",", ""))
        assert sum(got.values()) == total, head
        return total, got

    first = in_process(["load-news", str(CRYPTO), "--symbols", "BTCUSD"], env)
    assert first.returncode == 0, first.stderr
    total, got = parts(first.stdout)
    assert total == rows
    assert got["new"] == rows - repeated and got["already stored"] == 0
    assert got["repeated in the file (stored once)"] == repeated
    again = in_process(["load-news", str(CRYPTO), "--symbols", "BTCUSD"], env)
    total, got = parts(again.stdout)
    assert total == rows and got["new"] == 0 and got["already stored"] == rows - repeated
