"""Reading news files (CSV with any delimiter, or JSON Lines) into checked records.

Columns are found by name (published_at/date/time, headline/title, summary/description/text,
source, url, symbols) or mapped with `--columns published_at=Time,headline=Headlines`. Everything is
read and checked before anything is stored: the first bad row raises a LoadError naming the file,
the 1-based line (header = line 1) and why. Empty rows are skipped and counted; rows whose date has
no day ("Jul-18") are skipped and reported, since no session can be assigned to them.
"""
from __future__ import annotations

import csv
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from agent.market.errors import LoadError
from agent.news.timeparse import NoDayError, Published, TimeParseError, parse_published

FIELDS = ("published_at", "headline", "summary", "source", "url", "symbols")
CANDIDATES: dict[str, tuple[str, ...]] = {
    "published_at": ("published_at", "published", "datetime", "timestamp", "date", "time",
                     "pubdate", "created_at"),
    "headline": ("headline", "headlines", "title"),
    "summary": ("summary", "description", "text", "body", "content", "lead"),
    "source": ("source", "publisher"),
    "url": ("url", "link"),
    "symbols": ("symbols", "symbol", "tickers", "ticker"),
}
DELIMITERS = ",;\t|"
MAX_HEADLINE = 2000


@dataclass
class NewsRecord:
    line: int
    published: Published
    headline: str
    summary: str | None
    source: str | None
    url: str | None
    symbols: list[str] = field(default_factory=list)


@dataclass
class ReadResult:
    records: list[NewsRecord]
    blank: int = 0
    undated_lines: list[int] = field(default_factory=list)


def parse_columns(spec: str | None) -> dict[str, str]:
    """'published_at=Time,headline=Headlines' -> {field: file column}; unknown fields are bad input."""
    if not spec:
        return {}
    mapping = {}
    for part in spec.split(","):
        key, sep, value = part.partition("=")
        key = key.strip()
        if not sep or key not in FIELDS or not value.strip():
            raise LoadError(None, f"--columns: expected field=column with field one of "
                                  f"{', '.join(FIELDS)}, got {part.strip()!r}")
        mapping[key] = value.strip()
    return mapping


def _clean(value) -> str:
    text = "" if value is None else str(value)
    return " ".join(text.replace("\\xa0", " ").split())   # scraper left literal "\xa0" escapes


def _resolve(path: Path, header: list[str], mapping: dict[str, str], line: int = 1,
             strict: bool = True) -> dict[str, str]:
    """Field -> column. JSON objects may leave out optional keys (strict=False)."""
    lower = {h.strip().lower(): h for h in header}
    out = {}
    for f in FIELDS:
        if f in mapping:
            if strict and mapping[f] not in header:
                raise LoadError(path, f"--columns names {mapping[f]!r}, which is not a column "
                                      f"(columns: {', '.join(header)})", line=1)
            out[f] = mapping[f]
            continue
        found = next((lower[c] for c in CANDIDATES[f] if c in lower), None)
        if found is not None and found not in out.values():
            out[f] = found
    for need in ("published_at", "headline"):
        if need not in out:
            raise LoadError(path, f"no {need} column (columns: {', '.join(header)}); "
                                  f"name it with --columns {need}=COLUMN", line=line)
    return out


def _record(path: Path, line: int, row: dict, cols: dict[str, str], tz: str,
            result: ReadResult) -> None:
    values: dict[str, Any] = {f: _clean(row.get(c)) if f != "symbols" else row.get(c)
                              for f, c in cols.items()}
    if not any(v for f, v in values.items() if f != "symbols"):
        result.blank += 1
        return
    if not values.get("headline"):
        if not values.get("summary"):
            raise LoadError(path, "empty headline and summary", line=line)
        # 28 cryptonews rows have a lead paragraph but no title: the lead stands in for it
        values["headline"], values["summary"] = values["summary"], None
    if len(values["headline"]) > MAX_HEADLINE:
        raise LoadError(path, f"headline longer than {MAX_HEADLINE} characters", line=line)
    try:
        published = parse_published(values.get("published_at") or "", tz)
    except NoDayError:
        result.undated_lines.append(line)
        return
    except TimeParseError as exc:
        raise LoadError(path, f"{cols['published_at']}: {exc}", line=line) from None
    raw = values.get("symbols")
    symbols = raw if isinstance(raw, list) else str(raw or "").replace(";", ",").split(",")
    result.records.append(NewsRecord(
        line, published, values["headline"], values.get("summary") or None,
        values.get("source") or None, values.get("url") or None,
        [str(s).strip().upper() for s in symbols if str(s).strip()]))


def _read_csv(path: Path, mapping: dict[str, str], tz: str, result: ReadResult) -> None:
    with path.open(encoding="utf-8-sig", newline="") as fh:
        first = fh.readline()
        delimiter = max(DELIMITERS, key=first.count)   # the header's most frequent candidate
        fh.seek(0)
        reader = csv.reader(fh, delimiter=delimiter)
        header = next(reader, None)
        if not header:
            raise LoadError(path, "empty file (a header row is expected)")
        cols = _resolve(path, header, mapping)
        line = reader.line_num
        for values in reader:
            start, line = line + 1, reader.line_num
            if len(values) > len(header):
                raise LoadError(path, f"{len(values)} fields, the header has {len(header)}",
                                line=start)
            _record(path, start, dict(zip(header, values)), cols, tz, result)


def _read_jsonl(path: Path, mapping: dict[str, str], tz: str, result: ReadResult) -> None:
    with path.open(encoding="utf-8-sig") as fh:
        for n, text in enumerate(fh, start=1):
            if not text.strip():
                continue
            try:
                row = json.loads(text)
            except json.JSONDecodeError as exc:
                raise LoadError(path, f"not valid JSON ({exc.msg})", line=n) from None
            if not isinstance(row, dict):
                raise LoadError(path, "each line must be a JSON object", line=n)
            cols = _resolve(path, list(row), mapping, line=n, strict=False)   # keys vary by line
            _record(path, n, row, cols, tz, result)


def read_news(path: str | Path, columns: dict[str, str] | None = None,
              tz: str = "UTC") -> ReadResult:
    """Every record of a news file, checked; LoadError on the first bad row."""
    path = Path(path)
    if not path.is_file():
        raise LoadError(path, "no such file")
    result = ReadResult([])
    try:
        if path.suffix.lower() in (".jsonl", ".ndjson", ".json"):
            _read_jsonl(path, columns or {}, tz, result)
        else:
            _read_csv(path, columns or {}, tz, result)
    except UnicodeDecodeError as exc:
        raise LoadError(path, f"not UTF-8 text (byte {exc.start}); re-save the file as UTF-8") \
            from None
    except csv.Error as exc:
        raise LoadError(path, f"unreadable CSV ({exc})") from None
    return result
