"""`askbar news score -` and `askbar load-news PATH`: the news area's subcommands."""
from __future__ import annotations

import argparse
import json
import sys

from agent.cli import BadInput, arg, command


@command("news", "news tools: `news score -` labels one text per line of stdin (or a file)",
         arg("action", choices=["score"], help="score: print one sentiment label per input line"),
         arg("input", help="'-' for stdin, or a UTF-8 text file with one text per line"),
         arg("--json", action="store_true", help="one JSON object per line with the scores"))
def cmd_news(args: argparse.Namespace) -> int:
    from agent.news.sentiment import default_scorer

    scorer = default_scorer()
    if args.input == "-":
        lines = sys.stdin
    else:
        try:
            lines = open(args.input, encoding="utf-8")
        except OSError as exc:
            raise BadInput(f"{args.input}: cannot read ({exc.strerror})") from None
    with lines:
        for line in lines:
            text = line.rstrip("\r\n")
            result = scorer.score(text)
            if args.json:
                print(json.dumps({"text": text, **result.as_dict()}, ensure_ascii=False))
            else:
                print(result.label)
    return 0
