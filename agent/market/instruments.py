"""Instrument metadata and the built-in defaults for well-known symbols.

`askbar load` creates the instrument row from these defaults unless --tz/--session override them.
Aliases feed the language parser (so "насдак" finds NQ): they live in the instruments table, the
lists here only seed it.
"""
from __future__ import annotations

import re
from typing import Literal

from pydantic import BaseModel, Field

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


_CME_FUTURES: dict[str, tuple[str, list[str]]] = {
    "NQ": ("E-mini Nasdaq-100 futures", ["nasdaq futures", "nasdaq 100 futures", "nasdaq", "nasdaq-100",
                                          "насдак", "наск", "нас100", "nas100", "e-mini nasdaq",
                                          "futuros del nasdaq", "фьючерс на насдак"]),
    "ES": ("E-mini S&P 500 futures", ["s&p futures", "s&p 500 futures", "spoo", "эс", "фьючерс s&p"]),
    "YM": ("E-mini Dow futures", ["dow futures", "dow jones futures", "доу"]),
    "RTY": ("E-mini Russell 2000 futures", ["russell futures", "russell 2000 futures", "рассел"]),
    "CL": ("Crude oil futures", ["crude", "crude oil", "oil", "wti", "нефть", "petróleo"]),
    "GC": ("Gold futures", ["gold", "золото", "oro"]),
    "SI": ("Silver futures", ["silver", "серебро", "plata"]),
    "6E": ("Euro FX futures", ["euro futures", "euro fx"]),
    "ZN": ("10-year T-note futures", ["10-year note", "ten year note"]),
    "MNQ": ("Micro E-mini Nasdaq-100 futures", ["micro nasdaq"]),
    "MES": ("Micro E-mini S&P 500 futures", ["micro s&p"]),
    "NG": ("Natural gas futures", ["natural gas", "nat gas", "природный газ", "газ", "gas natural"]),
    "BZ": ("Brent crude futures", ["brent", "brent crude", "брент", "нефть брент", "petróleo brent"]),
    "HG": ("Copper futures", ["copper", "медь", "cobre"]),
    "ZB": ("30-year T-bond futures", ["30-year bond", "t-bond", "treasury bond futures"]),
    "ZC": ("Corn futures", ["corn", "кукуруза", "maíz"]),
    "ZW": ("Wheat futures", ["wheat", "пшеница", "trigo"]),
    "ZS": ("Soybean futures", ["soybeans", "soybean", "соя", "soja"]),
    "6J": ("Japanese yen futures", ["yen futures", "japanese yen", "иена", "йена", "yen japonés"]),
    "6B": ("British pound futures", ["pound futures", "british pound"]),
}
_EQUITIES: dict[str, tuple[str, list[str]]] = {
    "SPY": ("SPDR S&P 500 ETF", ["spdr", "s&p 500 etf", "spy etf", "спай", "спайдер", "spider"]),
    "QQQ": ("Invesco QQQ Trust", ["nasdaq etf", "qqq etf", "кукуку", "трипл кью"]),
    "IWM": ("iShares Russell 2000 ETF", []),
    "DIA": ("SPDR Dow Jones ETF", []),
    "AAPL": ("Apple", ["apple", "эппл"]),
    "MSFT": ("Microsoft", ["microsoft"]),
    "TSLA": ("Tesla", ["tesla", "тесла"]),
    "NVDA": ("Nvidia", ["nvidia"]),
    "GOOGL": ("Alphabet", ["google", "alphabet", "гугл"]),
    "AMZN": ("Amazon", ["amazon", "амазон"]),
    "META": ("Meta Platforms", ["meta platforms", "facebook", "фейсбук"]),
    "NFLX": ("Netflix", ["netflix", "нетфликс"]),
    "AMD": ("AMD", []),
    "INTC": ("Intel", ["intel", "интел"]),
    "JPM": ("JPMorgan Chase", ["jpmorgan", "jp morgan"]),
}
_INDICES: dict[str, tuple[str, list[str]]] = {
    "SPX": ("S&P 500 index", ["s&p 500", "s&p500", "sp500", "s&p", "snp", "^gspc", "gspc",
                              "эс энд пи", "с&п 500", "индекс s&p", "сп500", "сипи", "эсэндпи",
                              "standard & poor's", "standard and poor's"]),
    "IXIC": ("Nasdaq Composite index", ["nasdaq composite", "^ixic"]),
    "DJI": ("Dow Jones Industrial Average", ["dow jones", "dow", "^dji", "доу-джонс"]),
    "NDX": ("Nasdaq-100 index", ["nasdaq 100 index", "^ndx"]),
}
_CRYPTO_RE = re.compile(r"^(BTC|XBT|ETH|SOL|XRP|ADA|DOGE|LTC|BNB)")
_CRYPTO_ALIASES = {
    "BTC": ["bitcoin", "btc", "биткоин", "биткойн", "битка", "биток", "бтц", "bitcoin perp", "btc perp"],
    "ETH": ["ethereum", "eth", "эфир", "эфириум"],
    "SOL": ["solana", "солана"], "XRP": ["ripple", "рипл"], "DOGE": ["dogecoin", "доги", "догикоин"],
    "LTC": ["litecoin", "лайткоин"], "ADA": ["cardano", "кардано"],
}


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
_NAMED_ONLY: dict[str, tuple[str, list[str]]] = {
    "RUT": ("Russell 2000 index", ["russell 2000", "russell 2000 index", "рассел 2000"]),
    "VIX": ("CBOE volatility index", ["vix", "викс", "volatility index"]),
    "DXY": ("US dollar index", ["dollar index", "us dollar index", "индекс доллара", "índice dólar", "indice del dolar"]),
    "DAX": ("DAX index", ["dax", "дакс"]),
    "FTSE": ("FTSE 100 index", ["ftse 100", "ftse", "футси"]),
    "N225": ("Nikkei 225 index", ["nikkei", "nikkei 225", "никкей"]),
    "SX5E": ("Euro Stoxx 50 index", ["euro stoxx 50", "eurostoxx", "euro stoxx"]),
    "CAC": ("CAC 40 index", ["cac 40", "cac40"]),
    "IBEX": ("IBEX 35 index", ["ibex 35", "ibex"]),
    "HSI": ("Hang Seng index", ["hang seng", "ханг сенг"]),
    "IMOEX": ("Moscow Exchange index", ["индекс мосбиржи", "индекс московской биржи", "moex index", "imoex"]),
    "SBER": ("Sberbank", ["сбербанк", "сбер", "sberbank"]),
    "GAZP": ("Gazprom", ["газпром", "gazprom"]),
}


# Spot currency pairs, by the names a question gives them (only named: they have no built-in session)
_FX_PAIRS: dict[str, tuple[str, list[str]]] = {
    "EURUSD": ("Euro / US dollar", ["eur/usd", "eur-usd", "euro dollar", "euro/dollar", "евро доллар", "евро/доллар",
                                    "евродоллар", "euro dolar", "euro/dolar"]),
    "GBPUSD": ("British pound / US dollar", ["gbp/usd", "gbp-usd", "pound dollar", "фунт доллар", "libra dolar"]),
    "USDJPY": ("US dollar / Japanese yen", ["usd/jpy", "usd-jpy", "dollar yen", "доллар иена", "dolar yen"]),
}
