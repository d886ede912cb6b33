"""Instrument metadata and the built-in defaults for well-known symbols.

`askbar load` creates the instrument row from these defaults unless --tz/--session override them.
Aliases feed the language parser (so "насдак" finds NQ): they live in the instruments table, the
lists here only seed it. Names are here; aliases are words of a language, in the packs
(agent/lang/_words/, "instruments").
"""
from __future__ import annotations

import re
from itertools import zip_longest
from typing import Literal

from pydantic import BaseModel, Field

from agent import lang as packs
from agent.market.sessions import SessionRule

AssetClass = Literal["future", "equity", "crypto", "index", "other"]

NY = "America/New_York"


class Instrument(BaseModel):
    symbol: str
    name: str | None = None
    asset_class: AssetClass = "other"
    timezone: str = "UTC"
    session: SessionRule = "24h"
    aliases: list[str] = Field(default_factory=list)
    synthetic: bool = False
    source: str | None = None
    bar_seconds: int | None = None   # interval of the intraday bars loaded; None = daily-only
    # Contract multiplier given at load (--multiplier); None = the stored or built-in one. Not an
    # instruments column: the load hook stores it (agent/trading/multipliers.py).
    multiplier: float | None = Field(default=None, gt=0)


def _aliases(symbol: str) -> list[str]:
    """The symbol's aliases in every language pack, taken in turns (each pack's first, then each
    one's second, ...): the prompts show only the first few, and each language's commonest must be
    among them."""
    lists = [packs.get(code, "words", "instruments", "ALIASES")[symbol] for code in packs.codes()]
    return [a for turn in zip_longest(*lists) for a in turn if a is not None]


def _named(names: dict[str, str]) -> dict[str, tuple[str, list[str]]]:
    """{symbol: (name, aliases)}: the names here, the aliases from the language packs."""
    return {symbol: (name, _aliases(symbol)) for symbol, name in names.items()}


_CME_FUTURES = _named({
    "NQ": "E-mini Nasdaq-100 futures", "ES": "E-mini S&P 500 futures", "YM": "E-mini Dow futures",
    "RTY": "E-mini Russell 2000 futures", "CL": "Crude oil futures", "GC": "Gold futures",
    "SI": "Silver futures", "6E": "Euro FX futures", "ZN": "10-year T-note futures",
    "MNQ": "Micro E-mini Nasdaq-100 futures", "MES": "Micro E-mini S&P 500 futures", "NG": "Natural gas futures",
    "BZ": "Brent crude futures", "HG": "Copper futures", "ZB": "30-year T-bond futures", "ZC": "Corn futures",
    "ZW": "Wheat futures", "ZS": "Soybean futures", "6J": "Japanese yen futures", "6B": "British pound futures"})
_EQUITIES = _named({
    "SPY": "SPDR S&P 500 ETF", "QQQ": "Invesco QQQ Trust", "IWM": "iShares Russell 2000 ETF",
    "DIA": "SPDR Dow Jones ETF", "AAPL": "Apple", "MSFT": "Microsoft", "TSLA": "Tesla", "NVDA": "Nvidia",
    "GOOGL": "Alphabet", "AMZN": "Amazon", "META": "Meta Platforms", "NFLX": "Netflix", "AMD": "AMD",
    "INTC": "Intel", "JPM": "JPMorgan Chase"})
_INDICES = _named({
    "SPX": "S&P 500 index", "IXIC": "Nasdaq Composite index", "DJI": "Dow Jones Industrial Average",
    "NDX": "Nasdaq-100 index"})
_CRYPTO_RE = re.compile(r"^(BTC|XBT|ETH|SOL|XRP|ADA|DOGE|LTC|BNB)")
_CRYPTO_ALIASES = {coin: _aliases(coin) for coin in ("BTC", "ETH", "SOL", "XRP", "DOGE", "LTC", "ADA")}

def default_instrument(symbol: str) -> Instrument:
    """Built-in metadata for a symbol: CME futures, US equities, crypto, daily indices, else 24h UTC."""
    sym = symbol.upper()
    if sym in _CME_FUTURES:
        name, aliases = _CME_FUTURES[sym]
        return Instrument(symbol=sym, name=name, asset_class="future", timezone=NY, session="cme",
                          aliases=aliases)
    if sym in _EQUITIES:
        name, aliases = _EQUITIES[sym]
        return Instrument(symbol=sym, name=name, asset_class="equity", timezone=NY, session="rth",
                          aliases=aliases)
    if sym in _INDICES:
        name, aliases = _INDICES[sym]
        return Instrument(symbol=sym, name=name, asset_class="index", timezone=NY, session="daily",
                          aliases=aliases)
    m = _CRYPTO_RE.match(sym)
    if m:
        base = "BTC" if m.group(1) == "XBT" else m.group(1)
        return Instrument(symbol=sym, name=f"{base} ({sym})", asset_class="crypto", timezone="UTC",
                          session="24h", aliases=list(_CRYPTO_ALIASES.get(base, [base.lower()])))
    return Instrument(symbol=sym, asset_class="other", timezone="UTC", session="24h")


def well_known() -> list[Instrument]:
    """The built-in instruments (CME futures, US equities, indices, coins): a question may name one
    by a word ("gold", "Tesla", "эфир") whether or not it is loaded, and is then answered about it."""
    symbols = [*_CME_FUTURES, *_EQUITIES, *_INDICES, *_CRYPTO_ALIASES]
    named = [Instrument(symbol=sym, name=name, aliases=aliases)
             for sym, (name, aliases) in [*_FX_PAIRS.items(), *_NAMED_ONLY.items()]]
    return [*(default_instrument(s) for s in symbols), *named]


# Indices and stocks of other exchanges: only named (their sessions and time zones are not built in)
_NAMED_ONLY = _named({
    "RUT": "Russell 2000 index", "VIX": "CBOE volatility index", "DXY": "US dollar index", "DAX": "DAX index",
    "FTSE": "FTSE 100 index", "N225": "Nikkei 225 index", "SX5E": "Euro Stoxx 50 index", "CAC": "CAC 40 index",
    "IBEX": "IBEX 35 index", "HSI": "Hang Seng index", "IMOEX": "Moscow Exchange index", "SBER": "Sberbank",
    "GAZP": "Gazprom"})


# Spot currency pairs, by the names a question gives them (only named: they have no built-in session)
_FX_PAIRS = _named({
    "EURUSD": "Euro / US dollar", "GBPUSD": "British pound / US dollar", "USDJPY": "US dollar / Japanese yen"})

