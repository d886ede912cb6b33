"""`askbar feed replay FILE --symbol S [--speed N]` and `askbar feed alpaca --symbols SPY,QQQ
[--url URL]`: live bars into the store through the one live ingest path (agent/live/).

Beside a running `askbar serve` on the same ASKBAR_HOME (or with --server URL) the feed is its
client: bars go to POST /api/bars (as the local user, or ASKBAR_TOKEN: a service JWT with the
admin scope), so the server's notification streams wake at once; otherwise the feed writes to the
store in process. A feed runs until Ctrl-C (replay: until the file ends).
"""
from __future__ import annotations

import argparse
import logging
import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime
from typing import Any

from agent.cli.main import BadInput, arg, command


@contextmanager
def _sink(args: argparse.Namespace) -> Iterator[Any]:
    from agent.live.sink import HttpSink, StoreSink

    url = args.server
    if not url:
        from agent.cli.server_file import live_server

        url, why = live_server()
        if why:
            print(f"askbar: {why}", file=sys.stderr)
    if url:
        print(f"askbar: feeding the server at {url}", file=sys.stderr, flush=True)
        yield HttpSink(url, os.environ.get("ASKBAR_TOKEN") or None)
        return
    from agent.cli.main import open_market_store
    from agent.settings import get_settings

    with open_market_store() as store:
        yield StoreSink(store, get_settings().redis_url)


def _when(value: str | None, flag: str) -> datetime | None:
    if not value:
        return None
    try:
        ts = datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        raise BadInput(f"{flag} must be an ISO date or date-time (UTC), not {value!r}") from None
    if ts.tzinfo is not None:
        from datetime import timezone

        ts = ts.astimezone(timezone.utc).replace(tzinfo=None)
    return ts


def _logging() -> None:
    logging.basicConfig(level=logging.INFO, format="askbar feed: %(message)s", stream=sys.stderr)
    for noisy in ("alpaca", "websockets", "urllib3"):
        logging.getLogger(noisy).setLevel(logging.WARNING)


@command("feed", "live bars: replay a stored file as live, or stream Alpaca's market data",
         arg("source", choices=["replay", "alpaca"], help="replay FILE, or alpaca"),
         arg("file", nargs="?", help="replay: the CSV or Parquet file"),
         arg("--symbol", help="replay: the symbol to store the bars under"),
         arg("--speed", type=float, default=1.0, help="replay: times real time (0: as fast as possible)"),
         arg("--tz", help="replay: time zone of naive timestamps (default: the instrument's)"),
         arg("--start", help="replay: first bar time (UTC, ISO)"),
         arg("--end", help="replay: bars before this time (UTC, ISO)"),
         arg("--symbols", help="alpaca: comma-separated symbols (SPY,QQQ or BTC/USD)"),
         arg("--url", help="alpaca: the market-data stream endpoint (default: Alpaca's)"),
         arg("--rest-url", help="alpaca: the historical data API used to fill gaps (default: Alpaca's)"),
         arg("--feed-name", default="iex", choices=["iex", "sip"], help="alpaca: stock feed (default iex)"),
         arg("--server", help="the server to feed (default: the one running on ASKBAR_HOME, else in process)"))
def cmd_feed(args: argparse.Namespace) -> int:
    _logging()
    if args.source == "replay":
        return _replay(args)
    return _alpaca(args)


def _replay(args: argparse.Namespace) -> int:
    from agent.live.replay import file_bars, replay

    if not args.file or not args.symbol:
        raise BadInput("feed replay needs FILE and --symbol")
    if not 0 <= args.speed < float("inf"):
        raise BadInput(f"--speed must be 0 or more, not {args.speed:g}")
    bars = file_bars(args.file, args.symbol.strip().upper(), args.tz, _when(args.start, "--start"),
                     _when(args.end, "--end"))
    print(f"askbar: replaying {len(bars):,} bars of {args.symbol.upper()}", file=sys.stderr, flush=True)
    with _sink(args) as sink:
        r = replay(bars, sink, args.speed)
    print(f"replayed {r.bars} bars of {args.symbol.upper()} ({r.inserted} new), "
          f"{r.orders_filled} orders filled, {r.alerts_fired} alerts fired")
    return 0


def _alpaca(args: argparse.Namespace) -> int:
    from agent.live.alpaca_feed import AlpacaFeed, store_symbol

    symbols = [s.strip().upper() for s in (args.symbols or "").split(",") if s.strip()]
    if not symbols:
        raise BadInput("feed alpaca needs --symbols, e.g. --symbols SPY,QQQ")
    key, secret = os.environ.get("ALPACA_API_KEY"), os.environ.get("ALPACA_SECRET_KEY")
    if not key or not secret:
        raise BadInput("feed alpaca needs ALPACA_API_KEY and ALPACA_SECRET_KEY in the environment")
    with _sink(args) as sink:
        last = sink.last([store_symbol(s) for s in symbols])
        try:
            feed = AlpacaFeed(symbols, sink, key, secret, url=args.url, rest_url=args.rest_url,
                              feed=args.feed_name, min_backoff_s=float(os.environ.get("ASKBAR_FEED_MIN_BACKOFF_S", 1.0)),
                              last_stored=last)
        except ValueError as exc:
            raise BadInput(str(exc)) from None
        feed.run()
    return 0
