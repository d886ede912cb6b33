"""Tool results as answers in the user's language (EN, RU, ES), rendered by code from the result.

Every number in the text is read from the executor's result (no model writes them), so the answer
says exactly what the tool computed; refusals (plan, rate limit, validation) are the executor's own
message, already in the user's language.
"""
from __future__ import annotations

from typing import Any

from agent import lang as packs
from agent.answer import format as fmt

# Every figure's sentence, the memory statements (what was remembered or forgotten, said back to
# the user) and the words they name: the packs' tool_words (agent/lang/_tools/).
T: dict[str, dict[str, str]] = packs.transposed("tool_words", "answers")
STYLE_WORDS: dict[str, dict[str, str]] = packs.transposed("tool_words", "style_words")
KIND_WORDS: dict[str, dict[str, str]] = packs.transposed("tool_words", "kind_words")
DIRECTION: dict[str, dict[str, str]] = packs.transposed("tool_words", "direction")


def _memory(name: str, d: dict, lang: str) -> str:
    if name == "remember":
        out = _t("mem_note", lang, note=d["remembered"])
        if d.get("usual_symbol"):
            out += _t("mem_symbol", lang, symbol=d["usual_symbol"])
        if d.get("trading_style"):
            out += _t("mem_style", lang, style=STYLE_WORDS.get(d["trading_style"], {}).get(lang, d["trading_style"]))
        return out + _prefs(d.get("preferences") or {}, lang)
    # "conversation/<thread id>": every thread's record is one "the conversations", never its id
    keys = ["short_term" if k.startswith("conversation/") else k.split("/")[-1] for k in d.get("deleted") or []]
    kinds = list(dict.fromkeys(KIND_WORDS.get(k, {}).get(lang, k) for k in keys))
    return _t("mem_forgot", lang, kinds=", ".join(kinds)) if kinds else _t("mem_nothing", lang)


def _prefs(prefs: dict, lang: str) -> str:
    """The typed preferences just stored, said in the user's language (the packs' chat_tools)."""
    if not prefs:
        return ""
    words = packs.get(lang, "chat_tools", "pref_words")
    said = [words["timezone"].format(tz=v) if k == "timezone" else words.get(str(v), f"{k} {v}")
            for k, v in prefs.items()]
    return str(packs.get(lang, "chat_tools", "mem_pref")).format(what=", ".join(said))


def _t(key: str, lang: str, **v: Any) -> str:
    table = T[key]
    return table.get(lang, table["en"]).format(**v)


def _n(x: float | None, lang: str, nd: int = 2) -> str:
    """A figure through the one formatter (agent/answer/format.py), trailing zeros kept off as
    before for amounts ("2.5" units), so tool answers and stats answers agree per language."""
    if x is None:
        return "-"
    text = fmt.number(x, lang, nd)
    point = fmt.number(0.5, lang, 1)[1]
    return text.rstrip("0").rstrip(point) if nd and point in text else text


def _pct(x: float | None, lang: str, signed: bool = False) -> str:
    return "-" if x is None else fmt.percent(x, lang, signed=signed)


def _px(x: float, symbol: str, lang: str) -> str:
    """A price at its instrument's precision (6E 1.1076 is not 1.11)."""
    return fmt.price(x, lang, symbol)


def _price(d: dict, lang: str) -> str:
    chg, sym = "", d["symbol"]
    if d.get("change_pct") is not None:
        chg = _t("chg", lang, pct=_pct(d["change_pct"], lang, signed=True), date=d["previous_date"],
                 prev=_px(d["previous_close"], sym, lang))
    kind = _t("kind_bar" if d["bar"] == "1min" else "kind_day", lang)
    as_of = d["as_of_local"]
    if d["bar"] == "1min" and d.get("as_of"):    # the last bar's time and age, as the answer is written
        from datetime import datetime

        from agent.live.freshness import as_of as fresh

        as_of = fresh(datetime.fromisoformat(d["as_of"].rstrip("Z")), d.get("timezone") or "UTC", lang)
    return _t("price", lang, symbol=sym, price=_px(d["price"], sym, lang), as_of=as_of, kind=kind, chg=chg)


def _ohlcv(d: dict, lang: str) -> str:
    c, sym = d["candles"], d["symbol"]
    if not c:
        return _t("no_candles", lang, tf=d["timeframe"], symbol=sym)
    return _t("ohlcv", lang, symbol=sym, tf=d["timeframe"], n=len(c), first=c[0]["ts"],
              last=c[-1]["ts"], high=_px(max(x["high"] for x in c), sym, lang),
              low=_px(min(x["low"] for x in c), sym, lang), close=_px(c[-1]["close"], sym, lang))


def _position(d: dict, p: dict, lang: str) -> str:
    return _t("position", lang, risk_pct=_pct(p["risk_percent"], lang), capital=_n(p["capital"], lang),
              risk=_n(d["risk_amount"], lang), dist=_n(d["stop_distance"], lang),
              size=_n(d["position_size"], lang, 4),
              whole=d["whole_units"], direction=DIRECTION[d["direction"]][lang])


def _watch(name: str, d: dict, lang: str) -> str:
    head = ""
    if name == "add_to_watchlist":
        head = _t("wl_added" if d["added"] else "wl_had", lang, symbol=d["symbol"])
    elif name == "remove_from_watchlist":
        head = _t("wl_removed" if d["removed"] else "wl_absent", lang, symbol=d["symbol"])
    body = _t("wl", lang, items=", ".join(d["symbols"])) if d["symbols"] else _t("wl_empty", lang)
    return head + body


def render(name: str, params: dict, result: dict, lang: str) -> str:
    if not result["success"]:
        return result["error"]["message"]
    d = result["data"]
    if name == "get_price":
        return _price(d, lang)
    if name == "get_ohlcv":
        return _ohlcv(d, lang)
    if name == "calculate_position_size":
        return _position(d, params, lang)
    if name == "calculate_risk_reward":
        return _t("rr", lang, risk=_n(d["risk"], lang), reward=_n(d["reward"], lang),
                  ratio=_n(d["ratio"], lang), direction=DIRECTION[d["direction"]][lang],
                  be=_pct(d["breakeven_win_rate_pct"], lang))
    if name in ("get_watchlist", "add_to_watchlist", "remove_from_watchlist"):
        return _watch(name, d, lang)
    if name in ("remember", "forget"):
        return _memory(name, d, lang)
    return str(d.get("text") or d)
