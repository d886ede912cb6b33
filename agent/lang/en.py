"""English: every string of the language (see agent/lang/__init__.py). Generated once from
the tables it replaces; edit it by hand from now on."""

from __future__ import annotations

from typing import Any

from agent.lang._agents.en import AGENTS
from agent.lang._answer.en import ANSWER
from agent.lang._backtest.en import BACKTEST
from agent.lang._nlu.en import NLU
from agent.lang._reading.en import READING
from agent.lang._tools.en import TOOLS
from agent.lang._trading.en import TRADING
from agent.lang._windows.en import WINDOWS
from agent.lang._words.en import WORDS

# Month names, used by the offline parser/templates and by the UI's date texts.
_MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December")

PACK: dict[str, Any] = {
    "name": "English",
    "messages": {
        "MESSAGES": {
            "clarify": "Could you clarify?",
            "not_understood": 'I could not work out which instrument and period you mean. Try e.g. "{example}".',
            "no_data": "There is no {symbol} data for {period}.",
            "no_data_range": " Stored data covers {first} to {last}.",
            "unknown_symbol": "There is no data for {symbol}. Available: {symbols}.",
            "store_empty": "No market data is loaded yet. Run `askbar demo` for a synthetic "
            "sample, or `askbar load FILE --symbol SYM` for your own bars.",
            "confirm_plan": "This is a multi-step analysis ({n} steps). Run it?",
            "cancelled": "Cancelled.",
            "timeout_partial": "The analysis did not finish in time; this is a partial result.",
            "timeout_nothing": "The service is answering slowly and could not finish. Please try again.",
            "auto_summary": "Automatic summary (the detailed analysis was unavailable or failed verification).",
            "unverified": "I could not verify the numbers for this answer against the data, so I am not showing them.",
            "validator_skipped": "Note: automatic verification was unavailable for this answer.",
            "synthetic": "Note: {symbols} is synthetic demo data, not real market data.",
            "execution_failed": "I could not fetch the data for this question. Please try a shorter period.",
            "internal_error": "Something went wrong on our side (request {request_id}). Please try again.",
        },
        "NO_DATA_SUGGESTIONS": ["Show the available data", "Try another instrument"],
    },
    "capabilities": {
        "_TEXT": {
            "title": "What I can compute",
            "actions": "Analyses",
            "indicators": "Indicators",
            "patterns": "Patterns",
            "granularity": "Bar size",
            "missing": "Not available",
            "unavailable": "{what} is not available in AskBar: it works with historical price and volume bars only.",
            "closest": "The closest I can do: {alt}.",
            "needs_intraday": "{what} needs intraday (1-min) bars, and this symbol has daily bars only.",
            "bars_need_intraday": "{symbol} has daily bars only, so {n}-minute bars cannot be built from it.",
            "unknown": "That is not something I can compute from price and volume bars.",
        },
        "_ALTERNATIVE_TEXT": {
            "get_period_stats": "price and volume statistics for the period "
            "(open, close, high, low, change, volatility)",
            "find_events": "the days with the largest moves, to match them with the news yourself",
            "get_intraday_data": "the latest stored bars",
            "get_periods_after": "what historically happened N days after similar moves",
            "compare_periods": "each period's statistics side by side",
            "aggregate_patterns": "gaps, volume spikes and the hourly profile",
            "get_volume_profile": "the volume profile by price (point of control, value area)",
            "sma": "a moving average of closes (SMA)",
        },
        "_THIS_SYMBOL": "this symbol",
    },
    "offline_templates": {
        "METRIC": {
            "open": "open {v}",
            "close": "close {v}",
            "pct_change": "change {v}",
            "high": "high {v} on {d}",
            "low": "low {v} on {d}",
            "trading_days": "trading days {v}",
            "up_days": "up days {v}",
            "down_days": "down days {v}",
            "avg_daily_range": "average daily range {v}",
            "volatility": "volatility (std of daily returns) {v}",
            "total_volume": "total volume {v}",
            "avg_daily_volume": "average daily volume {v}",
            "change_points": "change in points {v} (close minus open)",
            "return_prev_close": "return vs the previous close {v}",
            "max_drawdown": "max drawdown of closes {v} (peak {c}, trough {d})",
            "max_close": "highest close {v} on {d}",
            "min_close": "lowest close {v} on {d}",
            "longest_up_streak": "longest run of up closes {v} ({c} – {d})",
            "longest_down_streak": "longest run of down closes {v} ({c} – {d})",
        },
        "COVERAGE": "data {a} – {b}, {n} trading days",
        "ALL_DATA": "all available data",
        "SINCE": "since {d}",
        "IN_PERIOD": "in {p}",
        "TOP": {
            "up": {"one": "The largest daily gain of {s} ({p}), top {n}:", "other": "The {n} largest daily gains of {s} ({p}):"},
            "down": {"one": "The largest daily fall of {s} ({p}), top {n}:", "other": "The {n} largest daily falls of {s} ({p}):"},
            # days ranked by their range (high - low over the previous close)
            "range": {"one": "The largest daily range of {s} ({p}), top {n}, as a share of the previous close:",
                      "other": "The {n} largest daily ranges of {s} ({p}), as a share of the previous close:"},
        },
        "OPS": {"gt": "above", "gte": "of at least", "lt": "below", "lte": "of at most"},
        "METRIC_NAME": {"daily_pct_change": "a daily change", "gap_pct": "an opening gap", "range_pct": "a daily range",
                        "close_level": "a close", "high_level": "a high", "low_level": "a low"},
        "EVENTS": "{s}, {p}: {c} days with {m} {op} {t}.",
        "EVENT_LIST": "Days",
        "EVENT_MORE": "(the first ones; more in the data)",
        "AFTER": "Over the next {h} trading days ({w} events with a full window): average "
        "return {avg}, median {med}, positive in {win} of cases.",
        "NO_EVENTS_AFTER": "No event to measure what followed.",
        "COMPARE_BEST": "Stronger period: {p}.",
        "COMPARE_WORST": "Lowest return: {p}.",
        "COMPARE_HIGHEST": "Highest {m}: {p}.",
        "COMPARE_NONE": "not computed for this period",
        "RSI": "RSI({w}) of {s} on {d}: {v} ({zone}).",
        "RSI_RANGE": "Over {p}: lowest {lo} on {lod}, highest {hi} on {hid}.",
        "ZONES": ("oversold zone", "neutral zone", "overbought zone"),
        "INDICATOR": "{name} of {s} on {d}: {v}.",
        "INDICATOR_NA": "{name} of {s} cannot be computed for this period: there are not enough daily bars before it.",
        "NO_DATA": "No data for {s} {p}.",
        "SYNTHETIC": "Note: {s} is synthetic demo data, not real market prices.",
        "GENERIC": "{s}, {p} ({a}):",
        "ACTIONS": {
            "aggregate_patterns": "patterns",
            "get_volume_profile": "volume profile",
            "get_intraday_data": "intraday bars",
            "get_price_extremes": "extremes",
        },
    },
    "offline_texts": {
        "_ORD": ["first", "second", "third", "fourth"],
        "_HALF": ["first", "second"],
        "month_year": "{name} {y}",
        "quarter": "the {o} quarter of {y}",
        "half": "the {o} half of {y}",
        "for_month": "for {p}",
        "for_year": "for {y}",
        "on_day": "on {d}",
        "from_to": "from {a} to {b}",
    },
    # Words of the offline parser's date expressions (period_patterns.py): regex alternatives.
    "offline_periods": {
        # Unit of a relative period by the start of its word (relative.py; "tday": trading days).
        "UNIT_NAMES": {
            "tday": ["trading", "session"],
            "day": ["day"],
            "week": ["week"],
            "month": ["month", "mtd"],
            "quarter": ["quarter"],
            "year": ["year", "ytd"],
        },
        "QUARTER_WORDS": [
            "(?<!\\w)q[1-4](?!\\w)",
            "(?<!\\w)[1-4]q(?!\\w)",
            "(?:first|second|third|fourth|1st|2nd|3rd|4th|last)\\s+quarter",
        ],
        "HALF_WORDS": [
            "(?<!\\w)h[12](?!\\w)",
            "(?<!\\w)[12]h(?=\\s*(?:of\\s+)?(?:1[89]\\d\\d|20\\d\\d|'\\d\\d))",
            "(?:first|second|1st|2nd)\\s+half",
        ],
        "ISO_WEEK_WORDS": ["week", "wk"],
        "ISO_WEEK_NUMBER": ["#", "no\\.?"],
        "ORDINAL_SUFFIXES": ["th", "st", "nd", "rd"],
        # Relative periods: [kind, pattern] (kinds: see period_patterns.RELATIVE_KINDS); {COUNT}, {NOT_OF} are code fragments.
        "RELATIVE": [
            ["trail", "(?:(?:over|in|for|during)\\s+)?(?:the\\s+)?(?:last|past|previous|prior)\\s+(?P<n>{COUNT})\\s+(?P<u>trading\\s+days?|days?|sessions?|weeks?|months?|quarters?|years?)"],
            ["trail1", "(?:(?:over|in|for|during)\\s+the\\s+(?:last|past)|the\\s+past|past|the\\s+last)\\s+(?P<u>week|month|quarter|year){NOT_OF}"],
            ["prev", "(?:last|previous|prior)\\s+(?P<u>week|month|quarter|year){NOT_OF}"],
            ["this", "this\\s+(?P<u>week|month|quarter|year)"],
            ["this", "(?P<u>year|month)[\\s-]to[\\s-]date|(?<!\\w)(?P<u2>ytd|mtd)(?!\\w)"],
            ["day2", "day\\s+before\\s+yesterday"],
            ["day1", "(?<!\\w)yesterday(?!\\w)"],
            ["day0", "(?<!\\w)today(?!\\w)"],
        ],
        # Date patterns, one per language; {DAYDATE}, {DATE}, {COUNT} are period_patterns.py fragments.
        "AFTER_DATE": "(?:(?:the|a|one)\\s+)?(?:(?P<n>{COUNT})\\s+)?(?P<u>trading\\s+days?|days?|sessions?|weeks?|months?)\\s+(?:right\\s+|immediately\\s+|just\\s+)?(?:after|following)\\s+(?:the\\s+)?(?P<a>{DAYDATE})",
        "WEEK": "(?:the\\s+)?week\\s+(?:of|starting|beginning|from)\\s+(?:the\\s+)?(?P<a>{DAYDATE})",
        "WEEK_END": "(?:the\\s+)?week\\s+(?:ending|ended|that\\s+ended|to)\\s+(?:on\\s+)?(?:the\\s+)?(?P<a>{DAYDATE})",
        "END_OF": "(?:(?:at|as\\s+of|by|on)\\s+)?(?:the\\s+)?(?:end|close)\\s+of\\s+(?:the\\s+)?(?P<a>{DATE})",
        "START_OF": "(?:(?:at|on)\\s+)?(?:the\\s+)?(?:beginning|start)\\s+of\\s+(?:the\\s+)?(?P<a>{DATE})",
        "NTH_WEEK_ORDINALS": ["first", "second", "third", "fourth", "last", "1st", "2nd", "3rd", "4th"],
        "WEEK_WORDS": ["week"],
        "FROM": ["from", "starting"],
        "TO": ["to", "till", "until", "through", "thru"],
        "TO_BARE": ["to", "till", "until", "through", "thru"],
        # A range's ends written as a period's edge: "from the start of 2024 to the end of April"
        "RANGE_START_EDGE": ["(?:the\\s+)?(?:beginning|start)\\s+of\\s+(?:the\\s+)?"],
        "RANGE_END_EDGE": ["(?:the\\s+)?end\\s+of\\s+(?:the\\s+)?"],
        "BETWEEN": ["between"],
        "AND": ["and"],
        "UNTIL": ["to", "until", "till", "through"],
        "NOW": ["today", "now", "the\\s+present", "present", "date"],
        "SINCE": ["since", "starting(?:\\s+(?:from|in))?", "from", "beginning\\s+(?:in|from)"],
    },
    # Typo-tolerant vocabulary (fuzzy.py): words a misspelling is read as, words kept as written,
    # grammatical endings that are not typos.
    "fuzzy": {
        "MONTHS": "january february march april june july august september october november december",
        "METRICS": (
            "maximum minimum highest lowest volatility volume average statistics performance drawdown "
            "change percent opening closing quarter trading sessions stats"
        ),
        "KEEP": (
            "average averages chance change changes charge closed maximal minimal opened traded "
            "tradeoff trader trades value values volumes"
        ),
        "ENDINGS": ["es", "s"],
    },
    # What the user reads when a model call fails (agent/llm/errors.py): the reason and what was done instead.
    "llm_errors": {
        "USER_MESSAGES": {
            "timeout": "The service is responding slowly.",
            "unavailable": "The service is unavailable.",
            "rate_limited": "The service is busy right now. Please try again in a moment.",
            "config": "The language model is not configured correctly.",
            "invalid_output": "The model's answer could not be used.",
        },
        "FALLBACKS": {
            "understander": "The question was read by the built-in parser.",
            "planner": "A simple built-in plan was used.",
            "analyst": "This is an automatic summary.",
            "educator": "The explanation comes from the built-in glossary.",
        },
    },
    "offline_lang": {
        # Month words per month (regex alternatives on normalised text: full and abbreviated forms, case endings).
        "MONTH_PATTERNS": [
            "january|jan", "february|feb", "march|mar", "april|apr", "may", "june|jun", "july|jul", "august|aug",
            "september|sept|sep", "october|oct", "november|nov", "december|dec",
        ],
        # Month words that say nothing about the language (shared with another language: 'mar', 'may').
        "MONTH_NOT_EVIDENCE": ["mar", "may"],
        # Month abbreviations not read as months in free text (another language's word: 'ago').
        "MONTH_AMBIGUOUS": [],
        # Function words that show the language (lang.language_evidence; Russian shows by its letters).
        "DETECTION_WORDS": [
            "a", "after", "an", "and", "average", "between", "biggest", "by", "compare", "daily", "day", "days",
            "did", "do", "does", "drop", "explain", "fell", "for", "from", "gain", "happened", "high", "how", "in",
            "is", "it", "its", "largest", "last", "low", "many", "me", "month", "next", "of", "on", "performance",
            "price", "rose", "show", "since", "statistics", "stats", "the", "to", "trading", "volume", "was",
            "week", "were", "what", "when", "which", "with", "year",
        ],
        "MONTH_NAMES": list(_MONTHS)
    },
    "glossary": {
        "_UNKNOWN": 'I don\'t have "{term}" in my glossary. Closest concepts I can explain: {near}.',
        "_SEE_ALSO": "Related: {rel}.",
        "entries": {
            "rsi": {
                "name": "RSI (Relative Strength Index)",
                "aliases": "rsi;relative strength index;relative strength",
                "text": "A momentum oscillator from 0 to 100 that compares the size of "
                "recent gains with recent losses, usually over 14 bars with Wilder "
                "smoothing. Readings above 70 are read as overbought, below 30 as "
                "oversold; divergences between RSI and price can warn of a "
                "weakening trend.",
            },
            "macd": {
                "name": "MACD (Moving Average Convergence Divergence)",
                "aliases": "macd;moving average convergence divergence",
                "text": "The difference between a fast and a slow exponential moving "
                "average of price (usually 12 and 26), with a signal line that is "
                "the 9-period EMA of that difference. Crossings of the signal "
                "line and of zero are used as momentum and trend signals; the "
                "histogram shows the gap between MACD and its signal.",
            },
            "bollinger": {
                "name": "Bollinger Bands",
                "aliases": "bollinger bands;bollinger;bollinger band",
                "text": "A moving average (usually 20 bars) with bands two standard "
                "deviations above and below it. The bands widen when "
                "volatility rises and narrow when it falls; price near a "
                "band shows a stretched move relative to recent volatility, "
                "and a squeeze often precedes a breakout.",
            },
            "sma": {
                "name": "Simple moving average (SMA)",
                "aliases": "sma;simple moving average;moving average;moving averages",
                "text": "The plain average of the last N closes (for example 20, 50 or 200 "
                "days), recomputed every bar. It smooths noise and shows the "
                "trend: price above a rising average is an uptrend sign; crossings "
                "of a fast and a slow average are classic trend signals.",
            },
            "ema": {
                "name": "Exponential moving average (EMA)",
                "aliases": "ema;exponential moving average",
                "text": "A moving average that weights recent closes more heavily "
                "(smoothing factor 2/(N+1)), so it reacts faster to new prices "
                "than a simple average of the same length. It is the building "
                "block of MACD.",
            },
            "atr": {
                "name": "Average True Range (ATR)",
                "aliases": "atr;average true range;true range",
                "text": "The average of the true range over N bars (usually 14): the "
                "largest of high minus low, high minus the previous close, and the "
                "previous close minus low. It measures volatility in price units "
                "and is often used to size stops and positions.",
            },
            "vwap": {
                "name": "VWAP (Volume-Weighted Average Price)",
                "aliases": "vwap;volume weighted average price;volume-weighted average price",
                "text": "The average price of the session weighted by the volume traded "
                "at each price, reset every day. Institutions use it as an "
                "execution benchmark; price above VWAP means buyers have paid up "
                "on average during the day.",
            },
            "obv": {
                "name": "On-Balance Volume (OBV)",
                "aliases": "obv;on balance volume;on-balance volume",
                "text": "A running total of volume: the day's volume is added when the "
                "close is up and subtracted when it is down. Rising OBV with flat "
                "price suggests accumulation; divergences between OBV and price "
                "hint that a move lacks volume support.",
            },
            "adx": {
                "name": "Average Directional Index (ADX)",
                "aliases": "adx;average directional index;directional movement",
                "text": "A 0-100 measure of trend strength (not direction), usually over "
                "14 bars, built from the +DI and -DI directional lines. Values "
                "above about 25 are read as a trending market, below 20 as a "
                "range.",
            },
            "volatility": {
                "name": "Volatility",
                "aliases": "volatility;volatile;standard deviation of returns",
                "text": "How much prices fluctuate. Here it is the sample standard "
                "deviation of daily close-to-close percent returns within "
                "the period; annualised volatility multiplies it by the "
                "square root of 252. Higher volatility means larger typical "
                "daily moves and more risk.",
            },
            "drawdown": {
                "name": "Drawdown",
                "aliases": "drawdown;max drawdown;maximum drawdown",
                "text": "The decline from a running peak to a later trough, in "
                "percent. The maximum drawdown over a period is the worst "
                "such decline and is a standard measure of the pain an "
                "investor would have endured.",
            },
            "gap": {
                "name": "Gap",
                "aliases": "gap;gaps;gap up;gap down",
                "text": "A jump between the previous close and the next open, leaving a "
                "price area with no trading. Gap up: open above the prior close; "
                "gap down: below. Gaps often follow overnight news; traders watch "
                "whether they fill (price returns to the prior close).",
            },
            "support_resistance": {
                "name": "Support and resistance",
                "aliases": "support;resistance;support and resistance;support level;resistance level",
                "text": "Price areas where buying (support) or selling "
                "(resistance) has repeatedly stopped a move, such "
                "as prior highs and lows, round numbers or heavily "
                "traded prices. A clean break through a level often "
                "turns old resistance into support and vice versa.",
            },
            "futures_session": {
                "name": "Futures trading session",
                "aliases": "futures session;trading session;session;globex;electronic session;rth;eth",
                "text": "CME equity index futures (NQ, ES...) trade almost 24 "
                "hours: from 18:00 to 17:00 New York time, Sunday to "
                "Friday, with a daily one-hour break. The trading date "
                "is the day the session closes, so Sunday evening "
                "trading belongs to Monday. Regular trading hours "
                "(RTH) for US stocks are 09:30-16:00 New York.",
            },
            "rollover": {
                "name": "Rollover (contract roll)",
                "aliases": "rollover;roll over;contract roll;roll",
                "text": "Futures expire, so traders move positions from the expiring "
                "contract to the next one, usually about a week before expiry "
                "(for quarterly equity index futures: March, June, September, "
                "December). Continuous charts join contracts at the roll, "
                "which can create an artificial price jump unless "
                "back-adjusted.",
            },
            "contango": {
                "name": "Contango and backwardation",
                "aliases": "contango;backwardation",
                "text": "Contango: later futures contracts are priced above the spot "
                "or nearer contracts (carry costs, storage, interest). "
                "Backwardation: the reverse, typical when the commodity is "
                "scarce now. The shape matters for rollover returns: rolling "
                "in contango costs money, in backwardation it earns.",
            },
            "open_interest": {
                "name": "Open interest",
                "aliases": "open interest;oi",
                "text": "The number of futures or options contracts outstanding "
                "(opened and not yet closed). Rising open interest with "
                "rising price suggests new money joining the trend; "
                "falling open interest suggests positions being closed.",
            },
            "volume_profile": {
                "name": "Volume profile",
                "aliases": "volume profile;point of control;poc;value area",
                "text": "A histogram of traded volume by price level over a "
                "period, rather than by time. The price with the most "
                "volume is the point of control (POC); the value area "
                "holds about 70% of volume. High-volume prices often "
                "act as support or resistance.",
            },
            "liquidity": {
                "name": "Liquidity",
                "aliases": "liquidity;liquid;illiquid",
                "text": "How easily size can be traded without moving the price: "
                "deep order books, tight spreads and high volume mean high "
                "liquidity. Illiquid markets have wider spreads, more "
                "slippage and sharper moves on small orders.",
            },
            "spread": {
                "name": "Bid-ask spread",
                "aliases": "spread;bid ask spread;bid-ask spread;bid/ask",
                "text": "The difference between the best bid (highest buy order) and "
                "the best ask (lowest sell order). It is a cost paid on every "
                "round trip with market orders; liquid futures like NQ usually "
                "trade one tick wide.",
            },
            "stop_loss": {
                "name": "Stop loss",
                "aliases": "stop loss;stop-loss;stop order;stop",
                "text": "An order that closes a position once price reaches a set "
                "level, capping the loss on a trade. It becomes a market "
                "order when triggered, so in fast markets or gaps the fill "
                "can be worse than the stop price.",
            },
            "take_profit": {
                "name": "Take profit",
                "aliases": "take profit;take-profit;profit target",
                "text": "A limit order that closes a winning position at a target "
                "price, locking in the gain. Together with the stop loss "
                "it defines a trade's reward-to-risk ratio.",
            },
            "leverage": {
                "name": "Leverage",
                "aliases": "leverage;leveraged",
                "text": "Controlling a position larger than the cash put up. Futures "
                "are leveraged by design: one NQ contract is worth 20 times "
                "the index while the margin is a fraction of that. Leverage "
                "multiplies gains and losses alike.",
            },
            "margin": {
                "name": "Margin",
                "aliases": "margin;initial margin;maintenance margin;margin call",
                "text": "The collateral a broker or exchange requires to hold a "
                "leveraged position. Initial margin opens it, maintenance "
                "margin keeps it; if losses push equity below maintenance, a "
                "margin call demands more funds or the position is closed.",
            },
            "short_selling": {
                "name": "Short selling",
                "aliases": "short selling;short sell;shorting;going short;short position;short",
                "text": "Selling first and buying back later to profit from a "
                "fall. With stocks the shares are borrowed; with futures "
                "a short is simply a sold contract. Losses on a short "
                "are unlimited in theory because price can keep rising.",
            },
            "candlestick": {
                "name": "Candlestick (OHLC bar)",
                "aliases": "candlestick;candlesticks;candle;candles;ohlc;ohlc bar;bar",
                "text": "One bar of price data: open, high, low and close over an "
                "interval (a minute, an hour, a day). The body spans open "
                "to close, the wicks reach the high and low; a close above "
                "the open is a rising (green) candle.",
            },
            "trend": {
                "name": "Trend",
                "aliases": "trend;uptrend;downtrend;trending",
                "text": "The prevailing direction of price: higher highs and higher lows "
                "in an uptrend, lower highs and lower lows in a downtrend. "
                "Moving averages and ADX are common ways to measure it; a market "
                "without a trend is ranging.",
            },
            "volume": {
                "name": "Volume",
                "aliases": "volume;trading volume",
                "text": "The number of contracts or shares traded in a bar or period. "
                "Moves on high volume are considered more convincing; here "
                "total volume sums the period's bars and average daily volume "
                "divides that by the number of trading dates.",
            },
            "breakout": {
                "name": "Breakout",
                "aliases": "breakout;break out;breakdown",
                "text": "Price moving decisively through a support or resistance "
                "level or out of a range, ideally on rising volume. False "
                "breakouts that quickly reverse are common, so traders often "
                "wait for a close beyond the level.",
            },
            "slippage": {
                "name": "Slippage",
                "aliases": "slippage",
                "text": "The difference between the expected price of an order and "
                "the price actually filled, caused by fast markets or thin "
                "liquidity. It mostly affects market and stop orders.",
            },
            "limit_order": {
                "name": "Limit and market orders",
                "aliases": "limit order;market order;limit orders;market orders",
                "text": "A market order executes immediately at the best available "
                "price; a limit order executes only at the given price or "
                "better and may not fill. Limit orders add liquidity and "
                "avoid slippage; market orders take liquidity and "
                "guarantee the fill, not the price.",
            },
            "tick": {
                "name": "Tick size and tick value",
                "aliases": "tick;tick size;tick value",
                "text": "The smallest price increment of a contract and what it is worth. "
                "NQ moves in 0.25-point ticks worth 5 dollars (20 dollars per "
                "point); ES in 0.25-point ticks worth 12.50 dollars.",
            },
            "pct_change": {
                "name": "Percent change (return)",
                "aliases": "percent change;percentage change;return;returns;daily return",
                "text": "How much price moved relative to where it started: (end / "
                "start - 1) x 100. For a period it is measured from the "
                "first bar's open to the last bar's close; a daily change "
                "is close-to-close against the previous trading day.",
            },
            "overbought_oversold": {
                "name": "Overbought and oversold",
                "aliases": "overbought;oversold",
                "text": "States where an oscillator such as RSI or "
                "stochastic is at an extreme (RSI above 70 or "
                "below 30), meaning the recent move has been "
                "unusually one-sided. In strong trends markets can "
                "stay overbought or oversold for a long time, so "
                "it is a warning, not a signal by itself.",
            },
            "divergence": {
                "name": "Divergence",
                "aliases": "divergence;bearish divergence;bullish divergence",
                "text": "When price and an indicator (RSI, MACD, OBV) disagree: for "
                "example price makes a higher high while RSI makes a lower "
                "high. It suggests weakening momentum and a possible "
                "reversal.",
            },
            "stochastic": {
                "name": "Stochastic oscillator",
                "aliases": "stochastic;stochastic oscillator;stoch",
                "text": "Shows where the close sits within the high-low range of "
                "the last N bars (usually 14), from 0 to 100, with a "
                "smoothed signal line. Like RSI it is used for overbought "
                "and oversold readings and crossovers.",
            },
            "fibonacci": {
                "name": "Fibonacci retracements",
                "aliases": "fibonacci;fibonacci retracement;fib levels;fibs",
                "text": "Horizontal levels at 23.6%, 38.2%, 50%, 61.8% and 78.6% of "
                "a prior swing, where traders look for a pullback to stall. "
                "They are a convention rather than a law; their value comes "
                "from many traders watching them.",
            },
        },
    },
    "answer": ANSWER,  # the answer side: agent/lang/_answer/
    "windows": WINDOWS,  # the offline parser's window words: agent/lang/_windows/
    "reading": READING,  # the stated reading and declines: agent/lang/_reading/
    "trading_words": TRADING,  # agent/lang/_trading/
    "tool_words": TOOLS,  # agent/lang/_tools/
    "words": WORDS,  # agent/lang/_words/
    "nlu_words": NLU,  # agent/lang/_nlu/
    "agent_words": AGENTS,  # agent/lang/_agents/
    "wording": {
        "METRIC_STEMS": {
            "close": ("close", "closes", "closed", "closing", "settle"),
            "open": ("open", "opens", "opened", "opening"),
            "high": ("high", "highs", "highest", "peak", "maximum", "max", "top"),
            "low": ("low", "lows", "lowest", "minimum", "min", "bottom"),
            "volume": ("volume",),
            "volatility": ("volatility",),
        },
        "METRIC_EXACT": ("close", "high", "highs", "low", "lows", "max", "min", "open", "peak", "top"),
        "UP_STEMS": ("up", "rose", "rise", "rising", "rall", "gain", "climb", "increas", "advanc", "jump", "higher", "surg", "grew", "grow"),
        "DOWN_STEMS": ("down", "fell", "fall", "drop", "declin", "lost", "loss", "lower", "slid", "slip", "sank", "decreas", "plung", "tumbl", "shed"),
        "DIRECTION_EXACT": ("down", "up"),
        "COMPARE_ABOVE": ("above", "over", "exceed", "more than", "higher than", "at least", "or more"),
        "COMPARE_BELOW": ("below", "under", "less than", "lower than", "at most", "or less"),
        "COMPARE_NEUTRAL": ("threshold", "vs", "versus", "than", "compar"),
        "ONE": ("one",),
        "ONE_UNITS": ("percent", "per", "point", "hundred", "thousand", "million"),
        "NUMBER_WORDS": (
            "two",
            "three",
            "four",
            "five",
            "six",
            "seven",
            "eight",
            "nine",
            "ten",
            "eleven",
            "twelve",
            "thirteen",
            "fourteen",
            "fifteen",
            "sixteen",
            "seventeen",
            "eighteen",
            "nineteen",
            "twenty",
            "thirty",
            "forty",
            "fifty",
            "sixty",
            "seventy",
            "eighty",
            "ninety",
            "hundred",
            "thousand",
            "million",
            "millions",
            "billion",
            "billions",
            "dozen",
            "zero",
        )
    },
    "executor": {"_RANGE_SUGGESTION": "{s} from {a} to {b}",
                 "_PARTIAL": "The data covers only part of the period asked: {s} has bars from {a} to {b} of {start} to {end}.",
                 "_PARTIAL_HOUR": "Hour {h} covers only {span} (a partial hour: {m} minutes of bars)."},
    "offline_parser": {
        # Cue words deciding the kind of question (cues.py, metrics.py): regex alternatives.
        "cues": {
            "WINDOW_UNITS": ["day", "period", "bar", "d\\b"],
            "WINDOW_WORDS": ["period", "window"],
            "WINDOW_OF": ["of"],
            "CONCEPT": [
                "what\\s+is",
                "what's",
                "what\\s+are",
                "what\\s+does",
                "meaning\\s+of",
                "(?<!\\w)define",
                "definition",
                "explain",
                "tell\\s+me\\s+about",
                "how\\s+does\\s+.{1,30}\\s+work",
                "how\\s+is\\s+.{1,30}\\s+calculated",
            ],
            "EXPLAIN": [
                "explain",
                "what\\s+(?:does\\s+it|it)\\s+means?",
                "what\\s+that\\s+means",
                "what\\s+does\\s+\\S+(?:\\s+\\S+)?\\s+(?:mean|stand\\s+for)",
                "(?<!\\w)define",
            ],
            "STATS": ["stat\\w*", "summary", "overview", "how\\s+did", "how\\s+was", "performance"],
            "FOLLOWUP": ["and", "what\\s+about", "how\\s+about", "same\\s+for", "now"],
            "ALL_HISTORY": [
                "all\\s+(?:the\\s+)?(?:available\\s+)?(?:data|history)",
                "(?:the\\s+)?(?:whole|entire|full)\\s+(?:data\\s*set|history|range)",
                "all[\\s-]time",
            ],
            "BEST_WORDS": ["best", "worst", "strongest", "weakest"],
            "PERIOD_UNITS": ["months?", "weeks?", "quarters?", "years?"],
            "VOLUME_PROFILE": ["volume\\s+profile", "(?<!\\w)poc(?!\\w)"],
            "INTRADAY": ["intraday", "within\\s+the\\s+day", "minute\\s+bars", "hourly\\s+bars"],
            "COMPARE": ["compar\\w*", "(?<!\\w)vs\\.?(?!\\w)", "versus", "against", "relative\\s+to"],
            "AFTER": ["after", "following", "afterwards", "then"],
            "COUNT_Q": ["how\\s+many", "number\\s+of", "how\\s+often"],
            "VAGUE_MOVE": [
                "big\\s+(?:move|drop|rally|gain|fall|jump)",
                "large\\s+move",
                "huge",
                "sharp\\s+(?:move|drop|rise)",
            ],
        },
        # Claim types named in a question ("a+b": both), specific phrases first: see metrics.py.
        "metrics": {
            "max_drawdown": [
                "(?:max(?:imum)?\\s+|biggest\\s+|largest\\s+|worst\\s+)?draw[\\s-]?downs?(?:\\s+maxim[oa])?",
                "peak[\\s-]to[\\s-]trough",
            ],
            "return_prev_close": [
                "(?:vs\\.?|versus|from|over|against|relative\\s+to|compared\\s+(?:to|with))\\s+(?:the\\s+)?(?:previous|prior|last|preceding)\\s+(?:(?:day|session|week|month|quarter|year)'?s\\s+)?close",
                "close[\\s-]to[\\s-]close\\s+(?:return|change)",
            ],
            "change_points": [
                "(?:change|move|moved|gain\\w*|fell|rose|drop\\w*)\\s+(?:\\w+\\s+){0,2}in\\s+points",
                "in\\s+points",
                "how\\s+many\\s+points",
                "points?\\s+(?:change|move|gain|loss)",
            ],
            "avg_daily_volume": [
                "(?:average|avg|mean|typical)\\s+(?:\\S+\\s+)?(?:daily\\s+)?volume",
                "volume\\s+per\\s+day",
            ],
            "total_volume": ["total\\s+(?:\\S+\\s+)?volume", "overall\\s+volume", "volume\\s+total"],
            "avg_daily_range": [
                "(?:average|avg|mean|typical)\\s+(?:daily\\s+)?(?:range|trading\\s+range)",
                "daily\\s+range",
                "(?<!\\w)range(?!\\w)",
            ],
            "volatility": [
                "\\(?(?:std|standard\\s+deviation)\\s+of\\s+(?:daily\\s+)?(?:returns|changes)\\)?",
                "volatil\\w*",
                "std",
                "standard\\s+deviation",
            ],
            "up_days+down_days": [
                "up\\s+(?:and|or|vs|/)\\s+down\\s+days",
                "(?:green|positive)\\s+(?:and|or|vs|/)\\s+(?:red|negative)\\s+days",
            ],
            "up_days": [
                "up\\s+days",
                "green\\s+days",
                "positive\\s+days",
                "days\\s+(?:it|that)\\s+(?:rose|closed\\s+up)",
            ],
            "down_days": ["down\\s+days", "red\\s+days", "negative\\s+days"],
            "trading_days": ["how\\s+many\\s+trading\\s+days", "number\\s+of\\s+trading\\s+days"],
            "pct_change": [
                "%\\s*change",
                "percent(?:age)?\\s+change",
                "(?<!\\w)change",
                "(?<!\\w)returns?(?!\\w)",
                "how\\s+much\\s+did",
            ],
            "high+low": ["high\\s+and\\s+low", "highs?\\s+(?:and|&|/)\\s+lows?", "range\\s+of\\s+prices"],
            "high": [
                "(?<!\\w)high(?:est)?(?!\\w)",
                "(?<!\\w)max(?:imum)?(?!\\w)",
                "peak",
                "top\\s+price",
                "all[\\s-]time\\s+high",
            ],
            "low": ["(?<!\\w)low(?:est)?(?!\\w)", "(?<!\\w)min(?:imum)?(?!\\w)", "bottom"],
            "open": ["(?<!\\w)open(?:ed|ing)?(?:\\s+price)?(?!\\w)"],
            "close": ["(?<!\\w)clos(?:e|ed|ing)(?:\\s+price)?(?!\\w)"],
            "total_volume+avg_daily_volume": ["(?<!\\w)volume"],
        },
        "indicators": {
            "rsi": ["(?<!\\w)rsi(?!\\w)", "relative\\s+strength"],
            "macd": ["(?<!\\w)macd(?!\\w)"],
            "bollinger": ["bollinger"],
            "ema": ["(?<!\\w)ema(?!\\w)", "exponential\\s+moving\\s+average"],
            "sma": ["(?<!\\w)sma(?!\\w)", "(?<!\\w)ma(?=\\s*\\(?\\d)", "moving\\s+average"],
            "atr": ["(?<!\\w)atr(?!\\w)", "average\\s+true\\s+range"],
            "vwap": ["(?<!\\w)vwap(?!\\w)"],
            "obv": ["(?<!\\w)obv(?!\\w)", "on[\\s-]balance\\s+volume"],
            "adx": ["(?<!\\w)adx(?!\\w)", "average\\s+directional"],
        },
        "patterns": {
            "gaps": ["(?<!\\w)gaps?(?!\\w)", "(?<!\\w)gaps?\\s+(?:up|down)"],
            "volume_spikes": ["volume\\s+spikes?", "spikes?\\s+in\\s+volume", "unusual\\s+volume"],
            "hourly_profile": ["by\\s+hour", "hourly\\s+profile", "hour\\s+of\\s+(?:the\\s+)?day"],
            "price_levels": ["support\\s+(?:and|&|/)\\s+resistance", "resistance\\s+(?:and|&|/)\\s+support",
                             "(?:support|resistance)\\s+(?:levels?|zones?)", "levels?\\s+of\\s+(?:support|resistance)"],
        },
        "unsupported": {
            "forecast": ["forecast", "predict\\w*", "will\\s+\\w+\\s+(?:rise|fall|go)"],
            "backtest": ["backtest\\w*"],
            "advice": ["should\\s+i\\s+(?:buy|sell)"],
            "order_book": ["order\\s+book", "level\\s+2"],
            "news": ["(?<!\\w)news"],
            "options": ["(?<!\\w)options?\\s+(?:chain|price|greeks)"],
        },
    },
    "capability_aliases": {
        "fundamentals": [
            "earnings",
            "p/e",
            "pe ratio",
            "revenue",
            "eps",
            "dividend",
            "balance sheet",
            "market cap",
            "fundamental",
        ],
        "options": ["option", "implied volatility", "iv", "greeks", "open interest", "put option", "call option"],
        "news": ["headline", "sentiment"],
        "realtime": ["real-time", "realtime", "live price", "right now", "current price", "quote"],
        "forecast": ["predict", "prediction", "will it", "forecast"],
        "backtest": ["backtest", "strategy"],
        "advice": ["should i buy", "should i sell", "investment advice"],
        "correlation": ["correlat", "beta"],
        "candlestick_patterns": [
            "candlestick",
            "doji",
            "hammer",
            "engulfing",
            "head and shoulders",
        ],
        "order_book": ["order book", "level 2", "market depth", "bid/ask", "bid-ask"],
        "intraday_for_daily_only": ["vwap", "hourly", "intraday", "minute"],
    },
    # The web UI's texts (web/i18n.js reads them from /i18n/tables.js, built from the packs).
    # --- Counted phrases outside the chat: plural tables, agent/lang plural() ---
    "counts": {
        "trading_days_rebuilt": {"one": "{n} trading day rebuilt", "other": "{n} trading days rebuilt"},
        "orders_filled": {"one": "{n} order filled", "other": "{n} orders filled"},
        "alerts_fired": {"one": "{n} alert fired", "other": "{n} alerts fired"},
    },
    "ui": {
        "tagline": "numbers verified against the bars",
        "new_chat": "New chat",
        "send": "Ask",
        "hello": "Ask about your market data",
        "hint": "Every number in the answer is checked against the data before you see it.",
        "placeholder": "Ask about a symbol and a period",
        "placeholder_short": "A symbol and a period",
        "thinking": "Working…",
        "steps": "Steps",
        "plan": "Plan",
        "sql": "SQL",
        "claims": "Verified numbers",
        "chart": "Chart",
        "type": "Measure",
        "value": "Value",
        "date": "Date",
        "symbol": "Symbol",
        "period": "Period",
        "basis": "Measured",
        "clarification": "I need a detail",
        "no_data": "No data for that",
        "confirm_plan": "Confirm the plan",
        "confirm_action": "Confirm the action",
        "action_execute": "Yes, do it",
        "action_cancel": "No, cancel",
        "answer_here": "or type your answer below",
        "error": "Something went wrong",
        "rows": "rows",
        "validation_ok": "verified",
        "validation_rewrite": "rewriting",
        "validation_need_more_data": "fetching more data",
        "validation_skipped": "not checked",
        "reconnecting": "Connection lost, reconnecting…",
        "live_title": "Live prices of the symbols in view", "live_quiet": "feed quiet",
        "data_none": "no data loaded",
        "coverage": "Data loaded",
        "bars_daily": "daily bars",
        "bars_1min": "1-min bars",
        "to": "to",
        "plan_execute": "Run it",
        "plan_simplify": "Simplify",
        "plan_cancel": "Cancel",
        "agents": {
            "understander": "Understanding the question",
            "planner": "Planning",
            "executor": "Running queries",
            "analyst": "Writing the answer",
            "validator": "Checking every number",
            "educator": "Explaining",
            "summary_fallback": "Summarising",
            "confirm_action": "Waiting for your confirmation",
            "execute_action": "Executing the confirmed action",
            "new_turn": "New question",
            "clarify": "Asking for a detail",
            "confirm_plan": "Waiting for the plan's confirmation",
            "no_data": "No data for that",
            "remember": "Remembering what matters",
            "tools": "Using your account tools",
            "trading": "Preparing the trade",
        },
        "months": _MONTHS,
        "ex_stats": "{s} stats for {m} {y}",
        "ex_rsi": "RSI of {s} in {m} {y}",
        "ex_profile": "Volume profile of {s} in {m} {y}",
        "ex_concept": "What is RSI?",
        "claim": {
            "open": "Open",
            "close": "Close",
            "high": "High",
            "low": "Low",
            "pct_change": "Change",
            "total_volume": "Total volume",
            "avg_daily_volume": "Average daily volume",
            "trading_days": "Trading days",
            "avg_daily_range": "Average daily range",
            "up_days": "Up days",
            "down_days": "Down days",
            "volatility": "Volatility (daily returns)",
            "daily_pct_change": "Daily change",
            "event_count": "Matching days",
            "avg_return_after": "Average return after",
            "median_return_after": "Median return after",
            "win_rate_after": "Share positive after",
            "rsi": "RSI (14)",
            "change_points": "Change in points",
            "return_prev_close": "Return",
            "max_drawdown": "Maximum drawdown",
        },
        "basis_first_open": "from the first open",
        "basis_prev_close": "from the previous close",
        "basis_day_prev_close": "from the day before's close",
        "basis_event_close": "from the event day's close",
        "basis_peak": "peak to trough",
        "axis": {
            "date": "Trading date",
            "day_n": "Trading day of the period",
            "price": "Price",
            "pct_from_start": "% from the start",
            "rsi": "RSI (14)",
            "volume": "Volume",
            "value": "Value",
            "pct_from_event": "% from the event day's close",
            "days_after": "Trading days after the event",
            "hour": "Hour of day",
            "avg_volume": "Average volume",
            "avg_return": "Average return",
            "macd": "MACD",
            "atr": "ATR",
            "obv": "OBV",
            "adx": "ADX",
            "headlines": "Headlines",
            "session": "Trading session",
            "mean_score": "Mean sentiment score (−1..1)",
            "pct_change": "Change of the day, %",
            "accuracy_pct": "Share of test days right, %",
            "method": "Predictor",
            "importance_pts": "Accuracy lost when shuffled, points",
            "feature": "Feature",
            "market_value": "Market value",
            "unrealized_pnl": "Unrealized P&L",
            "symbol": "Symbol",
        },
        "chart_kind": {
            "compare": "change from the start",
            "rsi": "RSI (14)",
            "volume_profile": "volume profile",
            "events": "event days",
            "price": "price",
            "candles": "price",
            "extremes": "high and low",
            "intraday": "intraday",
            "drawdown": "maximum drawdown",
            "after_events": "after the events",
            "gaps": "opening gaps",
            "volume_spikes": "volume spikes",
            "hourly_profile": "hourly profile",
            "price_levels": "support and resistance",
            "indicator": "indicator",
            "tool_candles": "candles",
            "tool_price": "last stored price",
            "tool_indicators": "indicators",
            "news": "headlines by sentiment",
            "sentiment": "news sentiment per session",
            "ml_accuracy": "model vs baseline",
            "ml_features": "feature importance",
            "portfolio": "open positions",
        },
        "poc": "point of control",
        "value_area": "value area",
        "events": "event days",
        "panels": "Account",
        "watchlist": "Watchlist",
        "orders": "Pending orders",
        "portfolio": "Paper portfolio",
        "alerts": "Alerts",
        "memory": "What I remember about you",
        "forget": "Forget everything",
        "forgotten": "Forgotten.",
        "nothing": "nothing yet",
        "add": "Add",
        "remove": "Remove",
        "symbol_ph": "symbol",
        "cash": "Cash",
        "equity": "Equity",
        "pnl": "P&L",
        "favorites": "Favourite symbols",
        "style": "Trading style",
        "questions": "Frequent questions",
        "notes": "Notes",
        "preferences": "Preferences",
        "strategies": "Strategies",
        "token_title": "This server needs an API token",
        "token_hint": "`askbar users add NAME` prints one.",
        "token_bad": "That token was not accepted.",
        "token_save": "Use token",
        "token_label": "API token",
        "notif_fill": "Order filled",
        "notif_alert": "Alert",
        "notif_schedule": "Scheduled answer",
        "export": "Export",
        "buy": "buy",
        "sell": "sell",
        "at": "at",
        "bar": "bar",
        "reached": "reached at",
        "dismiss": "Dismiss",
        "close_panel": "Close",
        # --- Charts, plurals, step labels and memory in words ---
        "legend": {
            "high": "Period high", "low": "Period low", "event": "Event days", "gap": "Opening gaps",
            "volume_spike": "Volume spikes (× the 20-day mean)", "volume": "Volume",
            "avg_volume": "Average volume", "avg_return": "Average return", "mean": "Mean of the events",
            "drawdown": "Peak to trough", "close": "Close", "rsi": "RSI", "macd": "MACD", "signal": "Signal",
            "histogram": "Histogram", "middle": "Middle band", "upper": "Upper band", "lower": "Lower band",
            "sma": "SMA", "ema": "EMA", "atr": "ATR", "vwap": "VWAP", "obv": "OBV", "adx": "ADX",
            "plus_di": "+DI", "minus_di": "−DI",
            "support": "Support", "resistance": "Resistance", "last_close": "Last close",
            "positive": "Positive",
            "neutral": "Neutral",
            "negative": "Negative",
            "mean_score": "Mean score",
            "pct_change": "Change of the day",
            "accuracy": "Accuracy",
            "model": "Model",
            "baseline": "Baseline (majority direction)",
            "importance": "Importance",
            "market_value": "Market value",
            "unrealized_pnl": "Unrealized P&L",
            "last_price": "Last stored price",
        },
        "bar_size": {
            "1min": "1-minute candles", "hourly": "hourly candles", "daily": "daily candles",
            "weekly": "weekly candles", "monthly": "monthly candles",
        },
        "no_chart": "No chart",
        "chart_none": {
            "tool": "this answer is an account action, there are no prices to draw",
            "explanation": "this answer explains a concept, there is no data to draw",
            "no_rows": "there are no bars to draw for this period",
            "no_events": "no event has a full window after it",
            "figures": "fundamentals are a table of figures, nothing over time to draw",
            "trades": "a list of your trades, shown as text",
            "orders": "a list of your pending orders, shown as text",
            "alerts": "a list of your alerts, shown as text",
            "calculation": "this answer is a calculation from your numbers, there is no market data to draw",
            "watchlist": "your watchlist is a list of symbols, there is nothing to draw",
            "memory": "this answer is about what I remember, there is no data to draw",
            "no_news": "no headlines are stored for this symbol and period",
            "no_positions": "you have no open positions",
            "tool_failed": "the tool returned no data",
        },
        # CLDR plural categories of the language (Babel's, tests/agent/test_ui_plurals.py checks them)
        "plural": {
            "rows": {"one": "{n} row", "other": "{n} rows"},
            "bars_1min": {"one": "{n} 1-min bar", "other": "{n} 1-min bars"},
            "bars_daily": {"one": "{n} daily bar", "other": "{n} daily bars"},
            "questions_asked": {"one": "asked once", "other": "asked {n} times"},
        },
        "mem_symbol": "a symbol",
        "mem_number": "a number",
        "mem_usual_symbol": "Usual symbol",
        "mem_said": "You told me",
        "mem_asked_about": "You asked about",
        "styles": {"scalping": "scalping", "day_trading": "day trading", "swing": "swing trading",
                   "long_term": "long-term investing"},
        "analysis": {
            "stats": "statistics", "extremes": "highs and lows", "volume": "volume", "events": "event days",
            "after_events": "what followed events", "top_moves": "largest moves", "compare": "comparisons",
            "indicator": "indicators", "pattern": "patterns", "intraday": "intraday bars",
            "volume_profile": "volume profile",
        },
        "order_types": {"market": "market", "limit": "limit", "stop": "stop"},
        "conditions": {"above": "above", "below": "below"},
        "alert_status": {"active": "active", "triggered": "triggered", "cancelled": "cancelled"},
    },
}


# ---- understanding v2 vocabulary (kept apart from the blocks above to ease merges) ----
_V2_METRICS = PACK["offline_parser"]["metrics"]
_V2_METRICS["up_days"] += ["bull(?:ish)?\\s+(?:days|sessions)", "up\\s+sessions"]
_V2_METRICS["down_days"] += ["bear(?:ish)?\\s+(?:days|sessions)", "down\\s+sessions"]
_V2_METRICS["pct_change"] += ["percent(?:age)?\\s+move", "%\\s*move", "how\\s+much\\s+did\\s+\\S+\\s+move"]


# ---- N-minute bars and the volume ranking (kept apart to ease merges) ----
PACK["offline_templates"]["VOLUME_RANK"] = {
    "up": {"one": "The highest-volume day of {s} ({p}), top {n} (sessions ranked: {d}):",
           "other": "The {n} highest-volume days of {s} ({p}) (sessions ranked: {d}):"},
    "down": {"one": "The lowest-volume day of {s} ({p}), top {n} (sessions ranked: {d}):",
             "other": "The {n} lowest-volume days of {s} ({p}) (sessions ranked: {d}):"},
}
PACK["offline_templates"]["VOLUME_RANK_ITEM"] = "{date}: volume {v}"
PACK["answer"]["TEMPLATES"]["intraday_sized"] = ("{s}, {p}, {size}-minute bars ({n}): open {open}, close {close}, "
                                                 "change {pct}; volume {vol}.")
# "highest volume" is a ranking: allowed only beside a ranked value (agent/answer/word_checks.py)
PACK["answer"]["SUPERLATIVES"] = [*PACK["answer"]["SUPERLATIVES"],
                                  r"(?:highest|lowest|heaviest|lightest|largest|smallest)[- ](?:trading )?volume (?:days?|sessions?)",
                                  r"(?:days?|sessions?) (?:with|of) the (?:highest|lowest|most|least) (?:trading )?volume"]
PACK["ui"]["chart_kind"]["volume_rank"] = "days ranked by volume"
PACK["ui"]["legend"]["volume_day"] = "Ranked volume days"
PACK["ui"]["analysis"]["volume_rank"] = "days ranked by volume"
PACK["ui"]["bar_size"].update({"2min": "2-minute candles", "3min": "3-minute candles", "5min": "5-minute candles",
                               "10min": "10-minute candles", "15min": "15-minute candles",
                               "20min": "20-minute candles", "30min": "30-minute candles",
                               "2h": "2-hour candles", "4h": "4-hour candles"})

# ---- words the fresh probes found (tests/agent/llm/test_understanding_v2_probes.py) ----
# A return against a reference close ("vs the previous year's close", "relative to the 2018 close"):
# the reference is part of the measure, never a period of its own (understand blanks it first).
_V2_METRICS["return_prev_close"] += [
    "(?:vs\\.?|versus|from|over|against|relative\\s+to|compared\\s+(?:to|with)|since)\\s+(?:the\\s+)?"
    "(?:(?:previous|prior|last|preceding)\\s+year'?s?|(?:1[89]|20)\\d\\d(?:'s)?|year[\\s-]end)\\s+(?:close|closing(?:\\s+price)?)",
    "(?:vs\\.?|versus|from|over|against|relative\\s+to|compared\\s+(?:to|with))\\s+(?:the\\s+)?(?:close|closing\\s+price)"
    "\\s+of\\s+(?:the\\s+)?(?:previous|prior|last|preceding)\\s+year",
]
# "days SPX closed up", "sessions that finished in the green"
_V2_METRICS["up_days"] += ["(?:closed|closes|finished|ended)\\s+(?:up|higher|green|in\\s+the\\s+green|positive)(?!\\w)"]
_V2_METRICS["down_days"] += ["(?:closed|closes|finished|ended)\\s+(?:down|lower|red|in\\s+the\\s+red|negative)(?!\\w)"]
_V2_METRICS["pct_change"] += ["how\\s+much\\s+(?:did\\s+)?\\S+\\s+(?:move|change|gain|lose|drop|fall|rise)(?!\\w)"]
# Function words the coverage check may skip: politeness, fillers, units every answer honours.
PACK["offline_parser"]["function_words"] = (
    "pls plz thx thanks thank kindly hey hi hello okay ok dear quick quickly exactly actually "
    "count counts counting indicator indicators percent percentage percentages reading readings level levels "
    "tell telling let's lets know wondering wonder curious "
).split()
# Days of the period already in the conversation ("and only the 1st to the 5th?", "the first 10
# days"): read against that period by offline/ref_days.py. {D} a day number, {COUNT} a count.
PACK["offline_periods"]["REF_DAY_RANGE"] = [
    "(?:from|between|days?|only)\\s+(?:the\\s+)?(?P<a>{D})\\s*(?:-|to|and|through|thru|till|until)\\s*(?:the\\s+)?(?P<b>{D})",
]
PACK["offline_periods"]["REF_FIRST"] = [
    "(?:the\\s+)?first\\s+(?P<n>{COUNT})\\s+(?P<u>trading\\s+days|sessions|days)",
]
# A price level after a comparison ("closed above 3,000", "below $450"): no event counts days
# against a price (only against a % move), so the parser asks (offline/price_levels.py).
PACK["offline_parser"]["cues"]["PRICE_LEVEL"] = [
    "(?:above|below|over|under|beneath|exceed\\w*|higher\\s+than|lower\\s+than|more\\s+than|less\\s+than)\\s+(?:the\\s+)?(?:\\$\\s*)?{LEVEL}",
]
# ...but only in a count or filter of days ("how many days", "sessions that"): "did NQ close above
# 16,500 in November?" asks about the period's close, which the period's figures answer.
PACK["offline_parser"]["cues"]["DAY_COUNT"] = ["how\\s+(?:many|often)", "days?", "sessions?", "times", "count"]
_V2_PERIODS = PACK["offline_periods"]
_V2_PERIODS["WEEK"] = _V2_PERIODS["WEEK"].replace("(?:of|starting|beginning|from)",
                                                  "(?:of|starting|beginning|commencing|from|w/c)(?:\\s+on)?")
_V2_PERIODS["RELATIVE"] = [[k, p.replace("(?:last|previous|prior)", "(?:last|previous|prev\\.?|prior)")]
                           for k, p in _V2_PERIODS["RELATIVE"]]
PACK["offline_parser"]["cues"]["STATS"] += ["(?<!\\w)fared?(?!\\w)", "how\\s+did\\s+\\S+\\s+(?:do|trade)"]
_V2_METRICS["pct_change"] += ["what\\s+(?:%|percent(?:age)?)", "how\\s+many\\s+percent", "by\\s+how\\s+much"]
# "OHLC": the four prices of the day (or period) by name
_V2_METRICS["open+high+low+close"] = ["(?<!\\w)ohlcv?(?!\\w)"]
PACK["offline_parser"]["function_words"] += "trade traded trading fare fared shares contracts units".split()
_V2_METRICS["up_days"] += ["(?:close|finish|end)\\s+(?:up|higher|green|in\\s+the\\s+green|positive)(?!\\w)"]
_V2_METRICS["down_days"] += ["(?:close|finish|end)\\s+(?:down|lower|red|in\\s+the\\s+red|negative)(?!\\w)"]
_V2_METRICS["return_prev_close"] += ["(?<!\\w)yoy(?!\\w)", "year[\\s-]over[\\s-]year"]
PACK["offline_parser"]["function_words"] += "sessions session".split()
# A single day's "move" is its close-to-close change (to_intent.py, with one single-day period).
PACK["offline_parser"]["cues"]["DAY_MOVE"] = ["(?<!\\w)mov(?:e|es|ed)(?!\\w)", "(?<!\\w)swing(?!\\w)"]
# "the first half of the month" in a follow-up: the half of the period before (offline/ref_days.py)
PACK["offline_periods"]["REF_DAY_RANGE"] += [
    "the\\s+(?P<a>{D})\\s*(?:-|to|through|thru|till|until)\\s*(?:the\\s+)?(?P<b>{D})"]
PACK["offline_periods"]["REF_HALF"] = ["(?P<h>first|second|1st|2nd)\\s+half\\s+of\\s+(?:the|that|this)\\s+month"]
PACK["offline_parser"]["cues"]["POINTS_MOVE"] = [
    "(?:more|less|over|under|above|below|at\\s+least)\\s+(?:than\\s+)?{N}\\s*(?:points?|pts?)(?!\\w)"]
PACK["offline_periods"]["REF_NTH_WEEK"] = [
    "(?:the\\s+)?(?P<o>first|second|third|fourth|1st|2nd|3rd|4th)\\s+week(?!\\s+(?:of|in)\\s+(?!the\\s+month|that\\s+month))"
    "(?:\\s+of\\s+(?:the|that)\\s+month)?",
    "(?:the\\s+)?(?P<o>last)\\s+week\\s+of\\s+(?:the|that)\\s+month"]
# Period and measure words the typo reader (fuzzy.py) may restore ("prevous quarter").
PACK["fuzzy"]["METRICS"] += " previous prior closed higher lower"
PACK["offline_parser"]["cues"]["DAY_MOVE"] += ["%", "(?<!\\w)chg(?!\\w)", "(?<!\\w)(?:gain|loss)(?!\\w)"]
_V2_METRICS["pct_change"] += ["%\\s*chg(?!\\w)", "(?<!\\w)pct\\s+(?:chg|change)(?!\\w)"]
_V2_METRICS["up_days+down_days"] += ["up\\s*/\\s*down\\s+(?:days|sessions)"]
# Measures named in a question that nothing computes: said by name (understand.with_notes).
PACK["offline_parser"]["cues"]["NOT_COMPUTED"] = [
    "(?:highest|lowest|max(?:imum)?|min(?:imum)?|average|avg|mean|median)\\s+(?:daily\\s+)?(?:close|closing\\s+price|open|opening\\s+price)"]
# "52-week high", "3-month low": the trailing N units (offline_periods.RELATIVE kind "trail")
_V2_PERIODS["RELATIVE"].append(
    ["trail", "(?P<n>\\d{1,3})[\\s-](?P<u>weeks?|months?|days?)\\s+(?=high|low|range|max|min)"])
_V2_METRICS["return_prev_close"] += [
    "(?:vs\\.?|versus|from|relative\\s+to|compared\\s+(?:to|with)|since)\\s+(?:the\\s+)?(?:end|close)\\s+of\\s+(?:the\\s+)?"
    "(?:(?:previous|prior|last|preceding)\\s+year|(?:1[89]|20)\\d\\d)"]
_V2_METRICS["up_days+down_days"] += ["bull(?:ish)?\\s+(?:vs\\.?|and|or|/)\\s+bear(?:ish)?\\s+(?:days|sessions)"]
_V2_METRICS["pct_change"] += ["(?<!\\w)pct\\s+move(?!\\w)"]
PACK["offline_parser"]["function_words"] += "better worse stronger weaker".split()
# "the last trading day of April 2024", "the first session of March": the end / start of that period
_V2_PERIODS["END_OF"] = _V2_PERIODS["END_OF"].replace("(?:end|close)\\s+of", "(?:end|close|last\\s+(?:trading\\s+)?(?:day|session))\\s+of")
# "the highest close of Q1 2024": a measure over the period, never the period's end
assert "(?:end|close|" in _V2_PERIODS["END_OF"]
_V2_PERIODS["END_OF"] = _V2_PERIODS["END_OF"].replace("(?:end|close|", "(?:end|" + "".join(
    f"(?<!{w} )" for w in ("highest", "lowest", "maximum", "minimum", "max", "min", "top", "record", "average",
                           "avg", "mean", "median", "daily", "weekly", "monthly", "best", "worst")) + "close|", 1)
_V2_PERIODS["START_OF"] = _V2_PERIODS["START_OF"].replace("(?:beginning|start)\\s+of",
                                                          "(?:beginning|start|first\\s+(?:trading\\s+)?(?:day|session))\\s+of")
# "fell 5% in a single session": the move's span (offline/conditions.py), no slot of its own
PACK["offline_parser"]["function_words"] += ["single", "once", "came", "come", "comes"]
# "green candles" / "red bars": sessions that closed above / below their open (up_days / down_days),
# not a close-to-close event
_V2_METRICS["up_days"] += ["green\\s+(?:daily\\s+)?(?:candle(?:stick)?s?|bars?)(?!\\w)"]
_V2_METRICS["down_days"] += ["red\\s+(?:daily\\s+)?(?:candle(?:stick)?s?|bars?)(?!\\w)"]
_V2_METRICS["up_days+down_days"] += ["green\\s+(?:vs\\.?|versus|and|or|/)\\s+red\\s+(?:candle(?:stick)?s?|bars?)(?!\\w)"]
PACK["offline_parser"]["function_words"] += "print printed prints".split()
# Verbs of fetching and reaching that add nothing to the reading ("pull RSI for ES", "when did it
# hit its low", "measured from the close", "how'd it do"): not named as unused
PACK["offline_parser"]["function_words"] += "pull pulled fetch fetched hit hits measured how'd what'd".split()
# Direction adjectives of a day count and the connectives joining two of them: "up vs down days"
# names both counts (offline/metrics.py)
PACK["offline_parser"]["cues"]["DAY_UP_WORDS"] = ["up", "rising", "bull(?:ish)?", "green", "positive", "gaining",
                                                  "advancing", "higher"]
PACK["offline_parser"]["cues"]["DAY_DOWN_WORDS"] = ["down", "falling", "bear(?:ish)?", "red", "negative", "losing",
                                                    "declining", "lower"]
PACK["offline_parser"]["cues"]["JOIN_WORDS"] = ["vs\\.?", "versus", "and", "or", "/", "against"]
PACK["offline_parser"]["cues"]["DAY_NOUNS"] = ["days?", "sessions?", "candles?", "bars?", "closes"]
# The typed reading's grammar (agent/nlu/grammar.py): words between a symbol and a period
# that close a part ("NQ in November and SPY in April", "compared with"), and "respectively".
PACK["grammar"] = {
    "COORDINATORS": ["and", "vs", "versus", "against", "plus", "compared", "with", "while", "whereas",
                     "then", "also", ",", ";", "&", "/"],
    "RESPECTIVELY": ["respectively", "resp"],
}

# ---- silent readings: per-unit returns, highest/lowest close, named days ----
# "weekly returns", "week-by-week performance", "the return of each week": every week of the period
# with its own close-to-close return (offline/per_unit.py), never one change for the whole period
_RET = "(?:returns?|performance|changes?|gains?|moves?|%\\s*changes?|percent(?:age)?\\s+changes?)"
PACK["offline_parser"]["cues"]["PER_WEEK"] = [
    f"(?<!\\w)(?:weekly|week[\\s-]by[\\s-]week|week[\\s-]over[\\s-]week|wow)\\s+{_RET}",
    f"{_RET}\\s+(?:for\\s+|of\\s+|in\\s+)?(?:each|every)\\s+week", f"{_RET}\\s+(?:by|per)\\s+week",
    f"(?:each|every)\\s+week'?s\\s+{_RET}"]
PACK["offline_parser"]["cues"]["PER_MONTH"] = [
    f"(?<!\\w)(?:monthly|month[\\s-]by[\\s-]month|month[\\s-]over[\\s-]month|mom)\\s+{_RET}",
    f"{_RET}\\s+(?:for\\s+|of\\s+|in\\s+)?(?:each|every)\\s+month", f"{_RET}\\s+(?:by|per)\\s+month",
    f"(?:each|every)\\s+month'?s\\s+{_RET}"]
PACK["offline_parser"]["cues"]["PER_QUARTER"] = [
    f"(?<!\\w)(?:quarterly|quarter[\\s-]by[\\s-]quarter)\\s+{_RET}",
    f"{_RET}\\s+(?:for\\s+|of\\s+|in\\s+)?(?:each|every)\\s+quarter", f"{_RET}\\s+(?:by|per)\\s+quarter"]
PACK["offline_parser"]["cues"]["PER_YEAR"] = [
    f"(?<!\\w)(?:yearly|annual|year[\\s-]by[\\s-]year)\\s+{_RET}",
    f"{_RET}\\s+(?:for\\s+|of\\s+|in\\s+)?(?:each|every)\\s+year", f"{_RET}\\s+(?:by|per)\\s+year"]
# "the highest close", "closing low": the highest / lowest daily close and its date (claims max_close,
# min_close), read before "high" and "close" (the metrics table is read in this order, specific first)
PACK["offline_parser"]["metrics"] = {
    "max_close": ["(?:highest|max(?:imum)?|top|peak|record)\\s+(?:daily\\s+)?clos(?:e|es|ing)(?:\\s+(?:price|level|value)s?)?(?!\\w)",
                  "(?<!\\w)closing\\s+high(?!\\w)", "(?<!\\w)clos(?:ed|e)\\s+(?:the\\s+)?highest(?!\\w)"],
    "min_close": ["(?:lowest|min(?:imum)?|bottom)\\s+(?:daily\\s+)?clos(?:e|es|ing)(?:\\s+(?:price|level|value)s?)?(?!\\w)",
                  "(?<!\\w)closing\\s+low(?!\\w)", "(?<!\\w)clos(?:ed|e)\\s+(?:the\\s+)?lowest(?!\\w)"],
    **PACK["offline_parser"]["metrics"]}
PACK["offline_parser"]["cues"]["NOT_COMPUTED"] = [
    "(?:highest|lowest|max(?:imum)?|min(?:imum)?)\\s+(?:daily\\s+)?(?:open|opening\\s+price)",
    "(?:average|avg|mean|median)\\s+(?:daily\\s+)?(?:close|closing\\s+price|open|opening\\s+price)"]
PACK["offline_parser"]["metrics"] = {
    "max_close+min_close": [
        "(?:highest|max(?:imum)?)\\s+(?:and|&|/|or)\\s+(?:the\\s+)?(?:lowest|min(?:imum)?)\\s+(?:daily\\s+)?clos(?:e|es|ing)"
        "(?:\\s+(?:price|level|value)s?)?(?!\\w)",
        "(?<!\\w)closing\\s+highs?\\s+(?:and|&|/|or)\\s+(?:the\\s+)?(?:closing\\s+)?lows?(?!\\w)"],
    **PACK["offline_parser"]["metrics"]}
# "closed above its open", "finished higher than it opened": sessions closing above (below) their own
# open, the up (down) days count, not the open price
_V2_METRICS = PACK["offline_parser"]["metrics"]
_OPEN_REF = "(?:(?:its|their|the|that\\s+day'?s|the\\s+day'?s|the\\s+session'?s)\\s+)?open(?:ing)?(?:\\s+(?:price|level))?"
_V2_METRICS["up_days"] = [
    f"clos(?:e|ed|es|ing)\\s+(?:\\w+\\s+)?(?:above|over|higher\\s+than|>)\\s+{_OPEN_REF}(?!\\w)",
    "(?:close|finish|end)(?:ed|s)?\\s+(?:\\w+\\s+)?higher\\s+than\\s+(?:it|they)\\s+opened",
    "close\\s*>\\s*open"] + _V2_METRICS["up_days"]
_V2_METRICS["down_days"] = [
    f"clos(?:e|ed|es|ing)\\s+(?:\\w+\\s+)?(?:below|under|lower\\s+than|<)\\s+{_OPEN_REF}(?!\\w)",
    "(?:close|finish|end)(?:ed|s)?\\s+(?:\\w+\\s+)?lower\\s+than\\s+(?:it|they)\\s+opened",
    "close\\s*<\\s*open"] + _V2_METRICS["down_days"]
# Named days (offline/named_days.py): one date each, never the year beside them
PACK["offline_periods"]["NAMED_HOLIDAYS"] = {
    "good_friday": ["good\\s+friday"], "thanksgiving": ["thanksgiving(?:\\s+day)?"],
    "black_friday": ["black\\s+friday", "(?:the\\s+)?day\\s+after\\s+thanksgiving"],
    "memorial_day": ["memorial\\s+day"], "labor_day": ["labou?r\\s+day"],
    "mlk_day": ["(?:martin\\s+luther\\s+king|mlk)(?:\\s+jr\\.?)?(?:'s)?\\s+day"],
    "presidents_day": ["presidents'?\\s+day", "washington'?s\\s+birthday"],
    "christmas_eve": ["christmas\\s+eve"], "christmas": ["christmas(?:\\s+day)?(?!\\s+eve)", "xmas"],
    "new_years_eve": ["new\\s+year'?s\\s+eve"], "new_years_day": ["new\\s+year'?s(?:\\s+day)?(?!\\s+eve)"],
    "independence_day": ["independence\\s+day", "(?:the\\s+)?(?:fourth|4th)\\s+of\\s+july"],
    "juneteenth": ["juneteenth"],
}
PACK["offline_periods"]["NAMED_MARKET_DAYS"] = {
    "black_monday": ["black\\s+monday"], "black_tuesday": ["black\\s+tuesday"],
    "black_thursday": ["black\\s+thursday"], "flash_crash": ["(?:the\\s+)?flash\\s+crash"],
}
# Backtests (agent/lang/_backtest/): the rule's words, the answer's sentences, the chart's labels
PACK["backtest"] = BACKTEST
for _key in ("chart_kind", "legend", "axis"):
    PACK["ui"][_key].update(BACKTEST["ui"][_key])

# The chat's reading tools and stated preferences: cue words (regex alternatives on normalised
# text: agent/nlu/tool_intents.py, agent/nlu/preferences.py) and the answers' words
# (agent/tools/tool_drafts.py, agent/tools/answers.py, agent/memory/preferences_use.py).
PACK["chat_tools"] = {
    "cues": {
        "NEWS": ["news", "headlines?"], "SENTIMENT": ["sentiment\\w*", "mood", "tone"],
        "ML_MODEL": ["ml", "machine\\s+learning", "model\\w*"],
        "ML_SIGNAL": ["signal\\w*", "predict\\w*", "forecast\\w*"],
        "ML_FEATURES": ["features?", "feature\\s+importance"],
        "FUNDAMENTALS": ["fundamental\\w*", "p\\s*/\\s*e", "pe\\s+ratio", "eps", "revenue", "earnings", "market\\s+cap\\w*"],
        "PREFER": ["prefer\\w*", "i\\s+like", "i\\s+want", "use", "show\\s+me", "always"],
        "STRONG_PREFER": ["prefer\\w*"],
        "CHART": ["charts?", "graphs?", "candles?", "bars?", "timeframe"],
        "HOURLY": ["hourly", "1h", "1-hour"], "DAILY": ["daily", "1d"], "WEEKLY": ["weekly", "1w"],
        "ANSWER": ["answer", "reply", "respond", "speak", "write", "talk"],
        "IN_RU": ["in\\s+russian"], "IN_EN": ["in\\s+english"], "IN_ES": ["in\\s+spanish"],
        "TIME_ZONE": ["time\\s*zone", "timezone", "tz"], "RISK": ["risk"],
        "CONSERVATIVE": ["conservative", "low"], "MODERATE": ["moderate", "medium"], "AGGRESSIVE": ["aggressive", "high"],
    },
    # [name as written, IANA zone] (a list: each language names its own cities)
    "cities": [["new york", "America/New_York"], ["chicago", "America/Chicago"], ["london", "Europe/London"], ["moscow", "Europe/Moscow"], ["madrid", "Europe/Madrid"], ["berlin", "Europe/Berlin"], ["tokyo", "Asia/Tokyo"], ["mexico", "America/Mexico_City"], ["buenos aires", "America/Argentina/Buenos_Aires"], ["utc", "UTC"]],
    "drafts": {
        "news_period": "{sym} news{period}: {count} headlines ({pos} positive, {neu} neutral, {neg} negative), "
                       "mean sentiment score {mean}",
        "news_items": ". The latest {n}:", "news_line": "\n- {date}: “{headline}” ({label})",
        "sentiment": "{sym} news sentiment{period}: {count} headlines on {days} sessions ({pos} positive, "
                     "{neu} neutral, {neg} negative); mean score {mean} (from minus one to one)",
        "sentiment_corr": "; correlation of the daily score with the day's change {corr}",
        "ml_signal": "{sym} ML signal from the bars up to {as_of}: next session {dir}, probability {p}. "
                     "Walk-forward accuracy {acc} against a baseline of {base} over {days} test days "
                     "(p-value {pv}): {edge}. A description of past data, not advice.",
        "ml_up": "up", "ml_down": "down", "ml_edge": "better than the baseline beyond chance",
        "ml_no_edge": "no edge over the baseline beyond chance",
        "ml_features": "{sym} ML model (version {ver}): the feature it relies on most is {top}; {useful} features "
                       "matter beyond noise (permutation importance over {days} test days). Prediction {pid}.",
        "fund": "{sym} fundamentals for the period ending {end}: {items}.",
        "positive": "positive", "neutral": "neutral", "negative": "negative",
    },
    "mem_pref": " Saved as your preference: {what}; I will use it.",
    "pref_words": {"hourly": "hourly charts", "daily": "daily charts", "weekly": "weekly charts",
                   "en": "answers in English", "ru": "answers in Russian", "es": "answers in Spanish",
                   "conservative": "conservative risk", "moderate": "moderate risk", "aggressive": "aggressive risk",
                   "timezone": "time zone {tz}"},
    "granularity_note": "{what} bars, as you prefer.",
    "granularity_words": {"hourly": "Hourly", "daily": "Daily", "weekly": "Weekly"},
}

# Paper-trading notifications (fills, fired alerts: agent/trading/texts.py) and the note of a
# follow-up that continues the thread's instrument (agent/memory/defaults.py)
PACK["notify"] = {"fill": "{side} {qty} {symbol} ({kind}) filled at {price} · bar of {ts}", "alert": "{symbol} {condition} {price} reached at {fired} · bar of {ts}{tail}", "order_kind": {"market": "market", "limit": "limit", "stop": "stop", "stop_limit": "stop limit"}}
PACK["memory_notes"] = {"thread_symbol": "Using {symbol}, as in this conversation."}

# Alerts on statistics (agent/nlu/alert_conditions.py): cue words and the condition in words
PACK["alert_conditions"] = {
    "alert": ["alert\\s+me", "notify\\s+me", "let\\s+me\\s+know", "tell\\s+me", "ping\\s+me", "alert", "notify"],
    "when": ["when(?!\\s+(?:did|was|were|has|had|is|does|do)\\b)", "whenever", "once", "if"],
    "range": ["range"], "average": ["average", "avg", "mean"], "times": ["x", "×", "times"],
    "day": ["days?", "sessions?"],
    "close": ["clos\\w*", "finish\\w*", "end\\w*"], "in_row": ["in\\s+a\\s+row", "straight", "consecutive\\w*"],
    "lower": ["lower", "down", "below", "red"], "higher": ["higher", "up", "above", "green"],
    "move": ["mov\\w*", "swing\\w*", "chang\\w*"], "rise": ["ris\\w*", "rall\\w*", "gain\\w*", "jump\\w*"],
    "fall": ["fall\\w*", "drop\\w*", "declin\\w*", "sink\\w*"],
    "percent": ["%", "percent", "pct"], "hour": ["(?:an|one|1)\\s+hour", "hour"],
    "minutes": ["min(?:ute)?s?"],
    "cross": ["cross\\w*", "break\\w*", "go(?:es)?", "mov\\w*", "ris\\w*", "fall\\w*", "drop\\w*"],
    "rsi": ["rsi"], "sma": ["sma", "simple\\s+moving\\s+average", "moving\\s+average", "ma"],
    "ema": ["ema", "exponential\\s+moving\\s+average"],
    "texts": {
        "window_range": "{symbol}: alert when the {window} range ({tz} time) is {op} {ratio}x its average over {days} "
                        "(checked when the window ends)",
        "closes_in_row": "{symbol}: alert when it closes {dir} {count} in a row (each daily close {dir} "
                         "than the one before)",
        "move_within": "{symbol}: alert when it moves {dir}{pct}% within {span} (a close against the close {span} "
                       "earlier)",
        "indicator_level": "{symbol}: alert when the daily {ind} crosses {op} {level}",
        "indicator_price": "{symbol}: alert when the daily close crosses {op} its {ind}",
    },
    "op": {"above": "above", "below": "below"}, "dir": {"above": "higher", "below": "lower"},
    "move_dir": {"any": "", "up": "up ", "down": "down "},
    "span": {"one": "{n} minute", "other": "{n} minutes", "=60": "an hour"},
    "window": "{start}-{end}",
    "sessions": {"one": "{n} session", "other": "{n} sessions"},
    "fired": "Alert: {text} — fired on the bar of {ts} (value {value})",
}
# Freshness of "now" answers (agent/live/freshness.py): "as of 14:31 ET, 12 s ago"
PACK["live"] = {
    "as_of": "{time}, {age}", "seconds": "{n} s ago", "minutes": "{n} min ago", "hours": "{n} h ago",
    "days": {"one": "{n} day ago", "other": "{n} days ago"}, "future": "ahead of this machine's clock",
}
# "the longest winning streak", "most up days in a row": the longest run of closes above (below) the
# close before, its length and days (claims longest_up_streak, longest_down_streak)
_STREAK_RUN = "(?:streak|run|string)"
PACK["offline_parser"]["metrics"] = {
    "longest_up_streak": [
        f"(?:longest|biggest|max(?:imum)?|most)\\s+(?:consecutive\\s+)?(?:winning|up|green|positive|rising)\\s+{_STREAK_RUN}s?",
        f"(?:longest|max(?:imum)?)\\s+{_STREAK_RUN}\\s+of\\s+(?:up|green|positive|winning|higher|rising)\\s+(?:days|sessions|closes)",
        "most\\s+(?:consecutive\\s+|straight\\s+)?(?:up|green|positive|higher)\\s+(?:days|sessions|closes)(?:\\s+in\\s+a\\s+row)?",
        "(?:up|green)\\s+(?:days|sessions)\\s+in\\s+a\\s+row"],
    "longest_down_streak": [
        f"(?:longest|biggest|max(?:imum)?|most)\\s+(?:consecutive\\s+)?(?:losing|down|red|negative|falling)\\s+{_STREAK_RUN}s?",
        f"(?:longest|max(?:imum)?)\\s+{_STREAK_RUN}\\s+of\\s+(?:down|red|negative|losing|lower|falling)\\s+(?:days|sessions|closes)",
        "most\\s+(?:consecutive\\s+|straight\\s+)?(?:down|red|negative|lower)\\s+(?:days|sessions|closes)(?:\\s+in\\s+a\\s+row)?",
        "(?:down|red)\\s+(?:days|sessions)\\s+in\\s+a\\s+row"],
    **PACK["offline_parser"]["metrics"]}
# "how many up weeks", "down months of 2008": every week's (month's) own return, not up days
_SIGNED_UNIT = "(?:up|down|positive|negative|green|red|winning|losing)\\s+"
for _unit, _word in (("WEEK", "weeks"), ("MONTH", "months"), ("QUARTER", "quarters"), ("YEAR", "years")):
    PACK["offline_parser"]["cues"][f"PER_{_unit}"] = [*PACK["offline_parser"]["cues"][f"PER_{_unit}"],
                                                      f"(?<!\\w){_SIGNED_UNIT}{_word}(?!\\w)"]
# "weekly closes", "the close of every month": every week's (month's) last close (agent/nlu/per_unit.py)
_CLOSES = "clos(?:es|ing\\s+(?:prices?|levels?))"
for _unit, _adj in (("WEEK", "weekly"), ("MONTH", "monthly"), ("QUARTER", "quarterly"), ("YEAR", "(?:yearly|annual)")):
    _u = _unit.lower()
    PACK["offline_parser"]["cues"][f"CLOSES_{_unit}"] = [
        f"(?<!\\w){_adj}\\s+{_CLOSES}", f"{_CLOSES}\\s+(?:for\\s+|of\\s+|at\\s+the\\s+end\\s+of\\s+)?(?:each|every)\\s+{_u}",
        f"(?:each|every)\\s+{_u}'?s\\s+clos(?:e|ing\\s+price)", f"{_u}[\\s-]end\\s+{_CLOSES}"]
# "the biggest weekly drop", "largest monthly gain": the weakest (strongest) week or month, every one
# compared (agent/nlu/shaping.py best_period); never the largest daily move
PACK["offline_parser"]["cues"]["UNIT_MOVE"] = [
    "(?:biggest|largest|worst|sharpest|steepest|best|strongest|greatest)\\s+(?P<u>weekly|monthly)\\s+"
    "(?P<mv>drops?|falls?|declines?|loss(?:es)?|sell-?offs?|gains?|rises?|rall(?:y|ies)|advances?|moves?)"]
PACK["offline_parser"]["cues"]["UNIT_MOVE_DOWN"] = ["drop", "fall", "declin", "loss", "sell"]
# "which day of the week was best": a weekday breakdown is not computed; said by name, never the
# period's figures alone
PACK["offline_parser"]["cues"]["NOT_COMPUTED"] = [*PACK["offline_parser"]["cues"]["NOT_COMPUTED"],
                                                  "day[\\s-]of[\\s-](?:the[\\s-])?week", "weekday\\s+(?:effect|pattern|returns?)"]
# "what percentage of days was SPY up": the up (down) days and the trading days, never the change
_SHARE_OF_DAYS = "(?:percentage|percent|share|proportion|fraction|%)\\s+of\\s+(?:the\\s+)?(?:trading\\s+)?(?:days|sessions)"
PACK["offline_parser"]["metrics"] = {
    "up_days+trading_days": [f"{_SHARE_OF_DAYS}\\s+(?:\\S+\\s+){{0,3}}?(?:up|higher|green|positive|ros[ea]|gain\\w*|advanc\\w*)(?!\\w)"],
    "down_days+trading_days": [f"{_SHARE_OF_DAYS}\\s+(?:\\S+\\s+){{0,3}}?(?:down|lower|red|negative|fell|declin\\w*|los[st]\\w*)(?!\\w)"],
    **PACK["offline_parser"]["metrics"]}
