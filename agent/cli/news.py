"""`askbar news score -` and `askbar load-news PATH`: the news area's subcommands."""
from __future__ import annotations

import argparse
import json
import sys

from agent.cli.main import BadInput, arg, command


@command("news", "news tools: `news score -` labels one text per line of stdin (or a file)",
         arg("action", choices=["score"], help="score: print one sentiment label per input line"),
         arg("input", help="'-' for stdin, or a UTF-8 text file with one text per line"),
         arg("--json", action="store_true", help="one JSON object per line with the scores"))
def cmd_news(args: argparse.Namespace) -> int:
    if args.input == "-":
        _score_lines(sys.stdin, args.json)
        return 0
    try:
        with open(args.input, encoding="utf-8") as fh:
            _score_lines(fh, args.json)
    except OSError as exc:
        raise BadInput(f"{args.input}: cannot read ({exc.strerror})") from None
    except UnicodeDecodeError as exc:
        raise BadInput(f"{args.input}: not UTF-8 text (byte {exc.start})") from None
    return 0


def _score_lines(lines, as_json: bool) -> None:
    from agent.news.sentiment import default_scorer

    scorer = default_scorer()
    for line in lines:
        text = line.rstrip("\r\n")
        result = scorer.score(text)
        if as_json:
            print(json.dumps({"text": text, **result.as_dict()}, ensure_ascii=False))
        else:
            print(result.label)


@command("load-news", "load a news file (CSV with any delimiter, or JSON Lines) into the app database",
         arg("path", help="CSV/TSV/semicolon file with a header row, or .jsonl"),
         arg("--columns", help="map fields to the file's columns: "
                               "published_at=Time,headline=Headlines,summary=Description"),
         arg("--symbols", help="key every row to these symbols (comma-separated); default: find "
                               "instruments of the market store named in each headline"),
         arg("--tz", default="UTC", help="time zone of naive timestamps (default UTC)"),
         arg("--json", action="store_true", help="print the load report as one JSON object"))
def cmd_load_news(args: argparse.Namespace) -> int:
    from dataclasses import asdict

    from agent.cli.main import open_market_store, world
    from agent.news.loader import load_news, parse_symbols
    from agent.news.reader import parse_columns

    symbols, columns = parse_symbols(args.symbols), parse_columns(args.columns)
    instruments = []
    if not symbols:
        with open_market_store() as store:
            instruments = store.instruments()
    report = load_news(world(args).appdb, args.path, instruments=instruments,
                       symbols=symbols, columns=columns, tz=args.tz)
    if args.json:
        print(json.dumps(asdict(report)))
        return 0
    keyed = ", ".join(f"{s} {n:,}" for s, n in report.symbols.items()) or "none"
    # the parts add up to the rows read: new + already stored + repeated + skipped (with reasons)
    parts = [f"{report.inserted:,} new", f"{report.existing:,} already stored"]
    if report.repeated:
        parts.append(f"{report.repeated:,} repeated in the file (stored once)")
    if report.blank:
        parts.append(f"{report.blank:,} skipped: empty")
    if report.undated_lines:
        lines = ", ".join(map(str, report.undated_lines[:5]))
        parts.append(f"{len(report.undated_lines):,} skipped: date without a day (lines {lines}"
                     f"{', ...' if len(report.undated_lines) > 5 else ''})")
    print(f"{report.path}: {report.total_rows:,} rows = {' + '.join(parts)}; symbols: {keyed}; "
          f"{report.unmatched:,} matched no symbol")
    return 0
