"""Trading requests in plain EN / RU / ES -> the tool call they ask for (offline, deterministic).

"buy 2 NQ at market", "put a limit order to buy 10 SPY at 500", "alert me when SPY is above 520",
"cancel my alert", "what are my positions and P&L?" (and their Russian and Spanish forms) become a
TradingCommand: the tool name, its parameters, and what is still missing (an id to cancel, a
quantity...). For the understander/planner to turn into a plan step; tools that change something
then go through confirm_action. Vocabulary is per concept (verbs, order types, comparison words),
never per sentence, each language's in its pack (agent/lang/_trading/); numbers come only from the
text, symbols only from the known list.
"""
from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from pydantic import BaseModel, Field

from agent import lang as packs

ToolName = str


class TradingCommand(BaseModel):
    tool: ToolName
    params: dict[str, Any] = Field(default_factory=dict)
    missing: list[str] = Field(default_factory=list, description="parameters still to ask for")
    mutates: bool = False


def _any(*words: str) -> re.Pattern[str]:
    return re.compile(r"(?<![\w])(?:" + "|".join(words) + r")(?![\w])", re.IGNORECASE | re.UNICODE)


def _alternatives(key: str) -> str:
    """One concept's regular-expression alternatives in every language (agent/lang/_trading/)."""
    return packs.alternation("trading_words", "commands", key)


def _words(key: str) -> re.Pattern[str]:
    return _any(_alternatives(key))


_BUY = _words("buy")
_SELL = _words("sell")
_ORDER = _words("order")
_ORDERS = _words("orders")
_ALERT_NOUN = _words("alert_noun")
_ALERT = _words("alert")
_CANCEL = _words("cancel")
_MARKET = _words("market")
_STOP = _words("stop")
_LIMIT = _words("limit")
_ABOVE = _words("above")
_BELOW = _words("below")
_TOUCH = _words("touch")
_PORTFOLIO = _words("portfolio")
_SIZING = _words("sizing")
_HISTORY = _words("history")
_TRADE = _words("trade")
_ID = re.compile(r"\b(ord_[0-9a-f]{6,32}|alr_[0-9a-f]{6,32})\b")
_NUMBER = r"(\d+(?:[.,]\d+)?)"
_QTY = re.compile(_NUMBER + r"(?!\s*%)")


def _num(text: str) -> float:
    return float(text.replace(",", "."))


def _symbol(text: str, symbols: Iterable[str]) -> str | None:
    known = sorted({s.upper() for s in symbols}, key=len, reverse=True)
    for sym in known:
        if re.search(r"(?<![\w])" + re.escape(sym) + r"(?![\w])", text, re.IGNORECASE):
            return sym
    return None


# A ticker written in capitals right after the quantity ("buy 3 ES at 5300", "продай 2 GC"), for a
# symbol not loaded: still an order, so the user hears "no data for ES" in their language instead
# of being asked for a period. Capitals only: "buy 3 of them" names no symbol.
_UNITS = r"(?:" + _alternatives("units") + r")"
_TICKER_AFTER_QTY = re.compile(r"(?<![\w$.,])\d+(?:[.,]\d+)?\s+(?:" + _UNITS + r"\s+(?:of|de|del)?\s*)?"
                               r"(\d?[A-Z][A-Z0-9]{0,5})(?![\w])")


def _order_symbol(text: str, symbols: Iterable[str]) -> str | None:
    """A loaded symbol named anywhere, else a capitalised ticker right after the quantity ("long 200
    SMA" names an indicator, not a ticker)."""
    from agent.nlu.symbols import NOT_TICKERS

    m = _TICKER_AFTER_QTY.search(text)
    return _symbol(text, symbols) or (m.group(1) if m and m.group(1) not in NOT_TICKERS else None)


def _without(text: str, symbol: str | None) -> str:
    """The text without the symbol and ids, so "6E" or "ord_12" never read as numbers."""
    text = _ID.sub(" ", text)
    return re.sub(re.escape(symbol), " ", text, flags=re.IGNORECASE) if symbol else text


def _prices_after(pattern: re.Pattern[str], text: str) -> float | None:
    """The price written right after the type word, at any of its mentions ("stop-limit buy 1 NQ
    stop 16000 limit 16010": the first "stop" and "limit" name the type, the later ones the prices)."""
    for m in pattern.finditer(text):
        n = re.match(r"\s*(?:(?:@|:|" + _PRICE_LEAD + "|" + _PRICE_WORDS + r")\s*){0,3}\$?" + _NUMBER,
                     text[m.end():], re.IGNORECASE)
        if n:
            return _num(n.group(1))
    return None


def _quantity(text: str, symbol: str | None) -> tuple[float | None, str]:
    """The quantity by grammar: the number written right before the symbol ("10 SPY", "10 shares of
    SPY", "10 acciones de SPY") or right after it with a unit ("SPY 10 shares"); then the text with
    that number blanked, so a price word before it ("límite 10 SPY a 500") never takes it."""
    if symbol is None:
        return None, text
    at = re.search(r"(?<![\w])" + re.escape(symbol) + r"(?![\w])", text, re.IGNORECASE)
    if at is None:
        return None, text
    m = re.search(_NUMBER + r"\s*(?:" + _UNITS + r"\s*(?:of|de|del)?\s*)?$", text[:at.start()], re.IGNORECASE)
    if m and not re.search(r"[$@]\s*$", text[:m.start(1)]):
        return _num(m.group(1)), text[:m.start(1)] + " " * len(m.group(1)) + text[m.end(1):]
    m = re.match(r"\s*" + _NUMBER + r"\s*" + _UNITS, text[at.end():], re.IGNORECASE)
    if m:
        a, b = at.end() + m.start(1), at.end() + m.end(1)
        return _num(m.group(1)), text[:a] + " " * (b - a) + text[b:]
    return None, text


# Words between a type word or "at" and its price: "limit price 500", "по цене 16 000", "a precio de 500".
_PRICE_WORDS = _alternatives("price_words")
# The word before an order's price ("at 500", "по 500"), and the words between an order-type word
# and its price ("stop at 16000", "стоп на 15 800").
_PRICE_AT = _alternatives("price_at")
_PRICE_LEAD = _alternatives("price_lead")


def _only_number(rest: str) -> re.Match[str] | None:
    """The one number left once the quantity is blanked, when there is exactly one."""
    found = list(re.finditer(r"(?<![\w.,])" + _NUMBER + r"(?![\w%])", rest))
    return found[0] if len(found) == 1 else None


def _typed_price(rest: str, stop: float | None, limit: float | None,
                 at: re.Match[str] | None) -> tuple[float | None, float | None]:
    """An order-type word with its price written elsewhere ("a stop sell of 3 NQ at 15,800", "стоп на
    продажу 2 NQ по 15 800", "stop de venta 1 BTCUSD en 45.000"): the price the text gives belongs
    to the type named, never read as a limit (or a market order) by default."""
    if at is None:
        return stop, limit
    price = _num(at.group(1))
    if stop is None and _STOP.search(rest) and price != limit and (limit is not None or not _LIMIT.search(rest)):
        return price, limit
    if limit is None and _LIMIT.search(rest) and price != stop:
        return stop, price
    return stop, limit


def _order(text: str, symbols: Iterable[str]) -> TradingCommand:
    side = "buy" if _BUY.search(text) and not _SELL.search(text) else "sell"
    symbol = _order_symbol(text, symbols)
    quantity, text = _quantity(text, symbol)
    rest = _without(text, symbol)
    stop, limit = _prices_after(_STOP, rest), _prices_after(_LIMIT, rest)
    at = re.search(r"(?<![\w])(?:@|" + _PRICE_AT + r")\s*(?:(?:" + _PRICE_WORDS + r")\s*){0,2}\$?" + _NUMBER,
                   rest, re.IGNORECASE)
    if at is None and (_STOP.search(rest) or _LIMIT.search(rest)):
        at = _only_number(rest)          # "купи 3 NQ лимитным ордером, цена 16 000"
    stop, limit = _typed_price(rest, stop, limit, at)
    if stop is not None and limit is not None:
        params: dict[str, Any] = {"order_type": "stop_limit", "stop_price": stop, "limit_price": limit}
    elif stop is not None:
        params = {"order_type": "stop", "stop_price": stop}
    elif limit is not None:
        params = {"order_type": "limit", "limit_price": limit}
    elif at is not None and not _MARKET.search(rest):      # "buy 10 SPY at 500": a limit at 500
        params = {"order_type": "limit", "limit_price": _num(at.group(1))}
    else:
        params = {"order_type": "market"}
    used = {params.get("stop_price"), params.get("limit_price")}
    qty = quantity if quantity is not None else next(
        (_num(q) for q in _QTY.findall(rest) if _num(q) not in used and _num(q) > 0), None)
    params = {"symbol": symbol, "side": side, "quantity": qty, **params}
    missing = [k for k in ("symbol", "quantity") if params[k] is None]
    if params["order_type"] == "market" and not _MARKET.search(rest) and (_LIMIT.search(rest) or _STOP.search(rest)):
        kind = "limit" if _LIMIT.search(rest) else "stop"     # "buy 10 SPY limit": the price is asked,
        params["order_type"] = kind                           # never a market order in its place
        missing.append(f"{kind}_price")
    return TradingCommand(tool="create_paper_order", params={k: v for k, v in params.items()
                                                             if v is not None},
                          missing=missing, mutates=True)


def _alert(text: str, symbols: Iterable[str]) -> TradingCommand:
    symbol = _symbol(text, symbols)
    rest = _without(text, symbol)
    cond = ">=" if _ABOVE.search(rest) else "<=" if _BELOW.search(rest) else "==" if _TOUCH.search(rest) else None
    price = re.findall(_NUMBER, rest)
    params = {"symbol": symbol, "condition": cond, "price": _num(price[-1]) if price else None}
    return TradingCommand(tool="create_alert", params={k: v for k, v in params.items() if v is not None},
                          missing=[k for k, v in params.items() if v is None], mutates=True)


# A number written with thousands separators: "16,000", "1.000.000", "2.350,5", "16 000".
_GROUPED = re.compile(r"(?<![\w.,])\d{1,3}(?:(?:,\d{3})+|(?:\.\d{3})+|(?:[ \u00a0\u202f]\d{3})+)(?:[.,]\d+)?(?![\w]|[.,]\d)")
# A text in a language whose decimal mark is a comma (Russian, Spanish).
_COMMA_DECIMAL = re.compile(_alternatives("comma_decimal"), re.IGNORECASE)


def _plain_numbers(text: str) -> str:
    """Grouped numbers as plain digits with a "." decimal, so "buy 2 NQ at 16,000" is at 16000 and
    "vende 5 GC a 2.350,5" at 2350.5. A lone separator before exactly three digits groups
    thousands when it is not the language's decimal mark ("," in RU/ES text, "." in English)."""
    decimal = "," if _COMMA_DECIMAL.search(text) else "."

    def plain(m: re.Match[str]) -> str:
        tok = re.sub(r"[ \u00a0\u202f]", "", m.group(0))
        seps = [c for c in tok if c in ",."]
        if len(set(seps)) == 2:                      # both: the last one is the decimal mark
            last = seps[-1]
            return tok.replace("," if last == "." else ".", "").replace(",", ".")
        if len(seps) == 1 and seps[0] == decimal:    # "80,5" in Spanish, "1.085" in English
            return tok.replace(",", ".")
        return tok.replace(",", "").replace(".", "")
    return _GROUPED.sub(plain, text)


def parse_trading_command(text: str, symbols: Iterable[str]) -> TradingCommand | None:
    """The trading tool a request asks for, or None when it is not a trading request."""
    symbols = list(symbols)
    text = _plain_numbers(text)
    ids = _ID.findall(text)
    if _CANCEL.search(text) and (_ALERT.search(text) or _ORDER.search(text) or ids):
        is_alert = any(i.startswith("alr_") for i in ids) or (_ALERT.search(text) and not
                                                              any(i.startswith("ord_") for i in ids))
        key, tool = ("alert_id", "delete_alert") if is_alert else ("order_id", "cancel_paper_order")
        found = [i for i in ids if i.startswith("alr_" if is_alert else "ord_")]
        return TradingCommand(tool=tool, params={key: found[0]} if found else {},
                              missing=[] if found else [key], mutates=True)
    from agent.nlu.alert_conditions import parse_alert_condition

    stat = parse_alert_condition(text, symbols)       # "when NQ's first-hour range is above 1.5x ..."
    if stat is not None:
        return TradingCommand(tool="create_condition_alert", params=stat.model_dump(exclude_none=True), mutates=True)
    if _ALERT.search(text) and (_ABOVE.search(text) or _BELOW.search(text) or _TOUCH.search(text)):
        return _alert(text, symbols)
    if (_BUY.search(text) or _SELL.search(text)) and (_order_symbol(text, symbols) or _ORDER.search(text)):
        return _order(text, symbols)
    if _ALERT_NOUN.search(text):
        return TradingCommand(tool="list_alerts")
    if _HISTORY.search(text) and (_ORDER.search(text) or _TRADE.search(text)):
        return TradingCommand(tool="get_trade_history")
    if _ORDERS.search(text):      # "my orders", "pending orders", "покажи ордера"
        return TradingCommand(tool="get_pending_orders")
    if _PORTFOLIO.search(text) and not _SIZING.search(text):
        return TradingCommand(tool="get_portfolio")
    return None
