"""English: see __init__."""
from typing import Any

TOOLS: dict[str, Any] = {
    # agent/tools/relevance.py: the words that name what a catalogue tool does, matched at word
    # starts (plain text, not patterns); a question naming one is offered the tool
    "cues": {
        "get_price": ["price", "quote", "how much is", "right now", "current", "trading at", "last trade"],
        "get_ohlcv": ["ohlc", "candle", "candlestick", "raw bars"],
        "get_indicators": ["indicator"],
        "get_fundamentals": ["fundamental", "p/e", "pe ratio", "eps", "revenue", "earnings", "valuation"],
        "get_news": ["news", "headline"],
        "get_sentiment": ["sentiment", "mood"],
        "get_ml_signals": ["signal", "predict", "forecast", "machine learning", "ml model"],
        "get_ml_features": ["feature"],
        "get_portfolio": ["portfolio", "position", "p&l", "pnl", "equity", "my account"],
        "get_trade_history": ["trade history", "my trades", "fills", "history of trades"],
        "get_pending_orders": ["order"],
        "list_alerts": ["alert"],
        "get_watchlist": ["watchlist", "watch list"],
        "calculate_position_size": ["position size", "how many contracts", "how many shares", "sizing"],
        "calculate_risk_reward": ["risk reward", "risk/reward", "risk-reward", "r:r", "reward"],
        "explain_concept": ["what is", "what are", "explain", "meaning of"],
        "recall": ["remember", "do you know"],
    },
    # agent/tools/answers.py: a tool result said by code (every figure read from the result);
    # the mem_ entries say back what was remembered or forgotten
    "answers": {
        "price": "{symbol}: {price} as of {as_of} ({kind}){chg}.",
        "kind_bar": "last stored bar",
        "kind_day": "last daily close",
        "chg": ", {pct} vs the {date} close ({prev})",
        "ohlcv": "{symbol} {tf} candles, {n} from {first} to {last} (UTC): high {high}, low {low}, last close "
            "{close}.",
        "no_candles": "No {tf} candles are stored for {symbol}.",
        "position": "Risking {risk_pct} of {capital} = {risk}; the stop is {dist} away, so the position is {size} "
            "units ({whole} whole units, {direction}).",
        "rr": "Risk {risk}, reward {reward}: risk/reward 1:{ratio} ({direction}); break-even win rate {be}.",
        "wl": "Your watchlist: {items}.",
        "wl_empty": "Your watchlist is empty.",
        "wl_added": "Added {symbol} to your watchlist. ",
        "wl_had": "{symbol} was already on your watchlist. ",
        "wl_removed": "Removed {symbol} from your watchlist. ",
        "wl_absent": "{symbol} was not on your watchlist. ",
        "mem_note": "Noted: “{note}”.",
        "mem_symbol": " Your usual symbol is now {symbol}.",
        "mem_style": " Trading style: {style}.",
        "mem_forgot": "Forgotten: {kinds}.",
        "mem_nothing": "There was nothing to forget.",
    },
    # agent/tools/answers.py: a trading style and a memory kind as the answer names them
    "style_words": {
        "scalping": "scalping",
        "day_trading": "day trading",
        "swing": "swing trading",
        "long_term": "long-term investing",
    },
    "kind_words": {
        "preferences": "your preferences (usual symbol)",
        "style": "your trading style",
        "notes": "your notes",
        "favorites": "your favourite symbols",
        "questions": "your frequent questions",
        "strategies": "your recent strategies",
        "short_term": "the conversations",
    },
    "direction": {
        "long": "long",
        "short": "short",
    },
    # agent/tools/tool_drafts.py: the code draft of a tool result, written with slots
    "drafts": {
        "price": "{sym}: {price} as of {as_of}",
        "chg": ", {pct} against the {date} close ({prev})",
        "position": "Position size: {size} ({whole} whole units); amount at risk {risk}.",
        "rr": "Risk {risk}, reward {reward}: a reward/risk ratio of {ratio}.",
        "news": "{sym} news: {count} headlines ({pos} positive, {neg} negative)",
        "news_item": "; among them, {date}: “{headline}”",
        "no_data": "{message}",
        "generic": "Result of {tool}: ",
    },
    # agent/tools/messages.py: the executor's refusals (upgrade texts: seed 000's getUpgradeMessage)
    "upgrade": {
        "free_to_pro": "This feature requires the Pro plan. Upgrade to get ML signals, paper trading and more.",
        "premium": "This feature requires the Premium plan. Upgrade for full access to every feature.",
        "other": "This feature requires the {plan} plan.",
    },
    "executor": {
        "not_found": "Tool {name} not found.",
        "rate_limit": "Rate limit exceeded for {name} ({limit}); try again in {retry} s.",
        "validation": "Invalid parameters for {name}: {detail}",
        "execution": "{name} failed: {detail}",
    },
    "periods": {
        "minute": "per minute",
        "hour": "per hour",
        "day": "per day",
    },
    # agent/tools/tool_results.py: a tool call still running when the answer is written
    "pending": "{name} is still running (task {task}); its result will be delivered when it finishes.",
}
