"""User-facing sentences of the paper account in EN, RU and ES (notifications, confirmations).

Numbers here are the order's own parameters or recorded fills, formatted by code, never by a model.
"""
from __future__ import annotations

from datetime import datetime
from typing import Any

from agent import lang as packs
from agent.answer import format as fmt

LANGS = packs.codes()
Lang = str   # "en" | "ru" | "es"; anything else falls back to English

# Views of the packs' trading_words.texts section (agent/lang/_trading/)
_SIDE = packs.by_lang("trading_words", "texts", "side")
_TYPE = packs.by_lang("trading_words", "texts", "order_type")
_TEMPLATES = packs.transposed("trading_words", "texts", "actions")
_ASOF = packs.by_lang("trading_words", "texts", "asof")


def num(value: float | None, lang: str = "en") -> str:
    """A quantity or price as typed (up to 6 decimals, no trailing zeros), in the user's format
    through the one formatter (agent/answer/format.py)."""
    if value is None:
        return "-"
    text = fmt.number(value, lang, 6)
    point = fmt.number(0.5, lang, 1)[1]
    return text.rstrip("0").rstrip(point) if point in text else text


def ts_text(ts: Any, lang: str | None = None, tz: str | None = None) -> str:
    """A bar's time. Without a language: the stored UTC form (logs, the CLI's English records);
    with one: in the user's time zone and locale through Babel ("Nov 30, 2023, 16:00 (America/
    New_York)", "30 нояб. 2023 г., 16:00 (UTC)"), never an ISO string in a sentence."""
    if isinstance(ts, str):
        ts = datetime.fromisoformat(ts)
    if not isinstance(ts, datetime):
        return str(ts)
    if lang is None:
        return f"{ts:%Y-%m-%d %H:%M} UTC"
    return fmt.when(ts, _lang(lang), tz or "UTC")


def _lang(lang: str | None) -> str:
    return lang if lang in LANGS else "en"


def order_terms(params: dict[str, Any], lang: str = "en", shown: dict[str, str] | None = None) -> str:
    """The order in words; `shown` replaces a figure's text (quantity, limit_price, stop_price) with
    what the caller writes there (an answer's slot, so the figure is rendered and claimed)."""
    lang, shown = _lang(lang), shown or {}
    kind = _TYPE[lang][params["order_type"]].format(
        limit=shown.get("limit_price") or num(params.get("limit_price"), lang),
        stop=shown.get("stop_price") or num(params.get("stop_price"), lang))
    qty = shown.get("quantity") or num(params["quantity"], lang)
    return f"{_SIDE[lang][params['side']]} {qty} {params['symbol']} {kind}"


def describe_action(tool: str, params: dict[str, Any], lang: str = "en",
                    context: dict[str, Any] | None = None) -> str:
    """Exactly what executing `tool` with `params` will do, in the user's language."""
    lang, ctx = _lang(lang), context or {}
    if tool == "create_paper_order":
        asof = _ASOF[lang].format(ts=ts_text(ctx["last_bar_ts"], lang, ctx.get("tz"))) \
            if params["order_type"] == "market" and ctx.get("last_bar_ts") else ""
        kind = _TYPE[lang][params["order_type"]].format(limit=num(params.get("limit_price"), lang),
                                                        stop=num(params.get("stop_price"), lang))
        return _TEMPLATES[tool][lang].format(side=_SIDE[lang][params["side"]],
                                             qty=num(params["quantity"], lang), symbol=params["symbol"],
                                             type=kind, asof=asof)
    if tool == "cancel_paper_order":
        desc = f" ({order_terms(ctx['order'], lang)})" if ctx.get("order") else ""
        return _TEMPLATES[tool][lang].format(order_id=params["order_id"], desc=desc)
    if tool == "create_alert":
        msg = f" \u2014 \u00ab{params['message']}\u00bb" if params.get("message") else ""
        return _TEMPLATES[tool][lang].format(symbol=params["symbol"], condition=params["condition"],
                                             price=num(params["price"], lang), message=msg)
    if tool == "create_condition_alert":
        from agent.nlu.alert_conditions import AlertCondition, describe

        return describe(AlertCondition(**params), lang, ctx.get("timezone", "America/New_York")) + "."
    if tool == "delete_alert" and ctx.get("alert", {}).get("text"):      # a statistics alert
        return _TEMPLATES[tool][lang].format(alert_id=params["alert_id"], desc=f" ({ctx['alert']['text']})")
    if tool == "delete_alert":
        a = ctx.get("alert")
        desc = f" ({a['symbol']} {a['condition']} {num(a['price'], lang)})" if a else ""
        return _TEMPLATES[tool][lang].format(alert_id=params["alert_id"], desc=desc)
    raise ValueError(f"no confirmation text for tool {tool!r}")


def fill_text(f: dict[str, Any]) -> str:
    return (f"Filled: {f['side']} {num(f['quantity'])} {f['symbol']} @ {num(f['price'])} "
            f"({f.get('order_type', 'order')}) on the bar of {ts_text(f['bar_ts'])}")


def alert_text(a: dict[str, Any]) -> str:
    tail = f": {a['message']}" if a.get("message") else ""
    return (f"Alert: {a['symbol']} {a['condition']} {num(a['price'])} reached at "
            f"{num(a['fired_price'])} on the bar of {ts_text(a['bar_ts'])}{tail}")



def notification_texts(kind: str, payload: dict[str, Any], bar_ts: Any, tz: str | None) -> dict[str, str]:
    """A fill or fired alert in each language, its bar time in the user's time zone: the UI
    shows the one of its language (switching languages switches the toast too). A schedule's
    answer has none: it is in the language it was asked in (the UI shows question and response)."""
    out: dict[str, str] = {}
    if kind == "schedule":
        return out
    for lang in LANGS:
        when, symbol = ts_text(bar_ts, lang, tz), payload.get("symbol")
        words = packs.get(lang, "notify")
        if kind == "alert" and "condition_text" in payload:     # a statistics alert (agent/live/conditions.py)
            text = packs.get(lang, "alert_conditions", "fired").format(
                text=payload["condition_text"], ts=when, value=num(payload["value"], lang))
        elif kind == "fill":
            otype = payload.get("order_type") or "market"
            text = words["fill"].format(side=_SIDE[lang].get(payload["side"], payload["side"]),
                                        qty=num(payload["quantity"], lang), symbol=symbol,
                                        kind=words["order_kind"].get(otype, otype),
                                        price=fmt.price(payload["price"], lang, symbol), ts=when)
        else:
            tail = f" · \u00ab{payload['message']}\u00bb" if payload.get("message") else ""
            text = words["alert"].format(symbol=symbol, condition=payload["condition"],
                                         price=num(payload["price"], lang),
                                         fired=fmt.price(payload["fired_price"], lang, symbol),
                                         ts=when, tail=tail)
        out[lang] = text[:1].upper() + text[1:]
    return out
