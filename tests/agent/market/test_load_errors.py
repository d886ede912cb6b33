"""Bad input: LoadError naming file, 1-based line (header included) and reason; store untouched."""
from __future__ import annotations

import re
from datetime import datetime, timedelta

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from agent.market.errors import LoadError
from agent.market.ingest import load_file
from tests.agent.market.helpers import NQ_1DAY, NQ_5MIN, fingerprint, write_csv

HEADER = "timestamp,open,high,low,close,volume"
T0 = datetime(2030, 1, 2, 9, 30)


def rows(n: int, step: int = 60, start: datetime = T0) -> list[str]:
    return [f"{start + timedelta(seconds=i * step):%Y-%m-%d %H:%M:%S},10,11,9,10.5,{100 + i}"
            for i in range(n)]


def with_row(i: int, text: str, n: int = 8, header: str = HEADER) -> str:
    body = rows(n)
    body[i] = text
    return "\n".join([header, *body]) + "\n"


def ts(i: int) -> str:
    return f"{T0 + timedelta(minutes=i):%Y-%m-%d %H:%M:%S}"


# (id, file text, expected line or None, reason pattern)
CASES = [
    ("unknown-column", "\n".join([HEADER + ",foo", *(r + ",1" for r in rows(3))]), 1,
     r"unknown column 7: expected"),
    ("missing-column", "timestamp,open,high,close,volume\n" + "2030-01-02 09:30:00,1,2,1.5,3\n", 1,
     r"missing column low"),
    ("bad-number", with_row(2, f"{ts(2)},abc,11,9,10.5,100"), 4, r"unparsable open$"),
    ("bad-timestamp", with_row(4, "2030-01-02 25:00:00,10,11,9,10.5,1"), 6,
     r"unparsable timestamp$"),
    ("high-below-low", with_row(1, f"{ts(1)},10,9,11,10,1"), 3, r"high 9 is below low 11"),
    ("open-outside", with_row(3, f"{ts(3)},12,11,9,10,1"), 5, r"open 12 is outside \[low 9, high 11\]"),
    ("close-outside", with_row(3, f"{ts(3)},10,11,9,8.5,1"), 5, r"close 8.5 is outside"),
    ("negative-volume", with_row(5, f"{ts(5)},10,11,9,10,-5"), 7, r"negative volume -5"),
    ("nan-price", with_row(2, f"{ts(2)},10,11,9,nan,5"), 4, r"close is not a finite number"),
    # issue 25 M2: a 1e308 or negative price made every P&L on the bar inf
    ("huge-price", with_row(2, f"{ts(2)},1e308,1e308,1e308,1e308,5"), 4,
     r"low 1e\+308 is not a price \(must be > 0 and at most 1e\+09\)"),
    ("negative-price", with_row(3, f"{ts(3)},-2,-1,-3,-2,5"), 5, r"low -3 is not a price"),
    ("zero-price", with_row(1, f"{ts(1)},0,0,0,0,5"), 3, r"low 0 is not a price"),
    ("inf-price", with_row(2, f"{ts(2)},10,inf,9,10,5"), 4, r"high is not a finite number"),
    ("huge-volume", with_row(2, f"{ts(2)},10,11,9,10,1e300"), 4, r"volume 1e\+300 is above"),
    ("missing-value", with_row(6, f"{ts(6)},10,,9,10,5"), 8, r"missing high"),
    ("duplicate-different", with_row(5, f"{ts(1)},10,11,9,10.75,1"), 7,
     r"duplicate timestamp 2030-01-02T09:31:00 with values different from line 3"),
    ("wrong-field-count", with_row(3, f"{ts(3)},10,11,9,10"), 5, r"expected 6 fields, got 5"),
    ("blank-lines-counted", f"{HEADER}\n\n{rows(2)[0]}\n{rows(2)[1]}\n\n{ts(2)},1,0,2,1,1\n", 6,
     r"high 0 is below low 2"),
    ("empty-file", "", None, r"file is empty"),
    ("header-only", HEADER + "\n", None, r"no bars in file"),
    ("headerless-4-columns", "2030-01-02 09:30:00,1,2,0.5\n", 1, r"no header line and 4 columns"),
    ("unknown-timestamp-format", with_row(0, "Jan 2 2030 9:30,10,11,9,10,1"), 2,
     r"unrecognised timestamp format$"),
    ("offset-then-naive", "\n".join([HEADER, "2030-01-02 09:30:00-05:00,10,11,9,10,1",
                                      "2030-01-02 09:31:00,10,11,9,10,1"]) + "\n", 3,
     r"unparsable timestamp$"),
    ("bad-interval", "\n".join([HEADER, *rows(5, step=420)]) + "\n", None,
     r"unsupported bar interval of 420 s"),
]


@pytest.mark.parametrize("case", CASES, ids=[c[0] for c in CASES])
def test_bad_csv_names_line_and_reason_and_leaves_store_untouched(seeded_store, tmp_path, case):
    _, text, line, reason = case
    path = write_csv(tmp_path / "bad.csv", text)
    before = fingerprint(seeded_store)
    with pytest.raises(LoadError) as err:
        load_file(seeded_store, path, "NQ")
    message = str(err.value)
    assert "\n" not in message
    assert message.startswith(str(path))
    assert err.value.line == line
    if line is not None:
        assert f", line {line}: " in message
    assert re.search(reason, message), message
    assert fingerprint(seeded_store) == before
    quoted = {v for row in text.splitlines()[1:] for v in row.split(",")} - set("0123456789")
    assert not [v for v in quoted if len(v) > 3 and v in message and v not in str(path)
                and not re.fullmatch(r"[\d.e+-]+|nan|inf", v)], message   # no file text echoed


@pytest.mark.parametrize("kwargs,reason", [
    ({"path": "/nonexistent/bars.csv"}, r"^/nonexistent/bars.csv: file not found$"),
    ({"tz": "Mars/Olympus"}, r"unknown time zone 'Mars/Olympus'"),
    ({"session": "daily"}, r"--session daily is for daily bar files"),
    ({"columns": ["timestamp", "open", "high", "low", "close"]},
     r"--columns names 5 columns but the file has 6"),
    ({"columns": ["timestamp", "open", "high", "low", "close", "bogus"]},
     r"unknown column 'bogus'"),
    ({"symbol": "NQ D"}, r"invalid symbol"),
], ids=["missing-file", "bad-tz", "daily-session-intraday", "columns-count", "columns-unknown",
        "bad-symbol"])
def test_bad_flags(seeded_store, tmp_path, kwargs, reason):
    path = write_csv(tmp_path / "ok.csv", "\n".join([HEADER, *rows(5)]) + "\n")
    args = {"path": path, "symbol": "NEW", **kwargs}
    before = fingerprint(seeded_store)
    with pytest.raises(LoadError, match=reason):
        load_file(seeded_store, args.pop("path"), args.pop("symbol"), **args)
    assert fingerprint(seeded_store) == before


def test_daily_file_into_intraday_symbol_suggests_another(seeded_store):
    before = fingerprint(seeded_store)
    with pytest.raises(LoadError, match=r"NQ already holds 1-minute bars.*--symbol NQD"):
        load_file(seeded_store, NQ_1DAY, "NQ")
    assert fingerprint(seeded_store) == before


def test_other_interval_into_symbol_suggests_another(seeded_store):
    before = fingerprint(seeded_store)
    with pytest.raises(LoadError, match=r"NQ holds 1-minute bars but this file has 5-minute bars.*"
                                        r"--symbol NQ5"):
        load_file(seeded_store, NQ_5MIN, "NQ")
    assert fingerprint(seeded_store) == before


def test_intraday_into_daily_only_symbol(seeded_store, tmp_path):
    path = write_csv(tmp_path / "m.csv", "\n".join([HEADER, *rows(5)]) + "\n")
    before = fingerprint(seeded_store)
    with pytest.raises(LoadError, match=r"NQD holds daily bars only"):
        load_file(seeded_store, path, "NQD")
    assert fingerprint(seeded_store) == before


def test_parquet_bad_row_names_row(seeded_store, tmp_path):
    table = pa.table({"timestamp": [T0 + timedelta(minutes=i) for i in range(4)],
                      "open": [10.0] * 4, "high": [11.0, 11.0, 8.0, 11.0], "low": [9.0] * 4,
                      "close": [10.0] * 4, "volume": [1.0] * 4})
    pq.write_table(table, tmp_path / "bad.parquet")
    before = fingerprint(seeded_store)
    with pytest.raises(LoadError, match=r"bad.parquet, row 3: high 8 is below low 9"):
        load_file(seeded_store, tmp_path / "bad.parquet", "NQ")
    assert fingerprint(seeded_store) == before


def test_error_line_in_a_large_file_spanning_batches(seeded_store, tmp_path):
    body = rows(300_000, start=datetime(2031, 1, 1))
    body[249_999] = body[249_999].replace(",10,11,9,", ",10,11,12,")
    path = write_csv(tmp_path / "big.csv", "\n".join([HEADER, *body]) + "\n")
    before = fingerprint(seeded_store)
    with pytest.raises(LoadError, match=r"big.csv, line 250001: high 11 is below low 12"):
        load_file(seeded_store, path, "NQ")
    assert fingerprint(seeded_store) == before


def test_the_files_first_error_is_named_when_batches_are_converted_ahead(seeded_store, tmp_path):
    """Batches are converted on threads while later ones are read (issue 31): a bad value in an
    early batch is still reported before an unreadable line in a later one."""
    body = rows(400_000, start=datetime(2031, 1, 1))
    body[20_000] = body[20_000].replace(",10,11,9,", ",10,11,12,")
    body[390_000] = body[390_000].rsplit(",", 1)[0]     # 5 fields instead of 6, two batches later
    path = write_csv(tmp_path / "two.csv", "\n".join([HEADER, *body]) + "\n")
    before = fingerprint(seeded_store)
    with pytest.raises(LoadError, match=r"two.csv, line 20002: high 11 is below low 12"):
        load_file(seeded_store, path, "NQ")
    body[20_000] = rows(1, start=datetime(2031, 1, 1) + timedelta(minutes=20_000))[0]
    path = write_csv(tmp_path / "two.csv", "\n".join([HEADER, *body]) + "\n")
    with pytest.raises(LoadError, match=r"two.csv, line 390002: expected 6 fields, got 5"):
        load_file(seeded_store, path, "NQ")
    assert fingerprint(seeded_store) == before
