"""The code summary of tool results, written with slots (EN, RU, ES).

Used when the analyst model is unavailable or its rewrites ran out (agents/analyst.code_draft):
like the offline templates for query steps, these name only slots of the tool's step result
(`{s2.price}`), so the validator checks them and code renders every figure.
"""
from __future__ import annotations

from typing import Any

from agent.answer.vocabulary import register_code_texts
from agent.tools import answers

_T: dict[str, dict[str, str]] = {
    "price": {"en": "{sym}: {price} as of {as_of}", "ru": "{sym}: {price} на {as_of}",
              "es": "{sym}: {price} a {as_of}"},
    "chg": {"en": ", {pct} against the {date} close ({prev})",
            "ru": ", {pct} к закрытию {date} ({prev})",
            "es": ", {pct} frente al cierre del {date} ({prev})"},
    "position": {"en": "Position size: {size} ({whole} whole units); amount at risk {risk}.",
                 "ru": "Размер позиции: {size} (целых единиц: {whole}); сумма риска {risk}.",
                 "es": "Tamaño de la posición: {size} (unidades enteras: {whole}); importe en "
                       "riesgo {risk}."},
    "rr": {"en": "Risk {risk}, reward {reward}: a reward/risk ratio of {ratio}.",
           "ru": "Риск {risk}, прибыль {reward}: отношение прибыли к риску {ratio}.",
           "es": "Riesgo {risk}, beneficio {reward}: una relación beneficio/riesgo de {ratio}."},
    "news": {"en": "{sym} news: {count} headlines ({pos} positive, {neg} negative)",
             "ru": "Новости {sym}: заголовков {count} (позитивных {pos}, негативных {neg})",
             "es": "Noticias de {sym}: {count} titulares ({pos} positivos, {neg} negativos)"},
    "news_item": {"en": "; among them, {date}: “{headline}”", "ru": "; среди них, {date}: «{headline}»",
                  "es": "; entre ellos, {date}: «{headline}»"},
    "generic": {"en": "Result of {tool}: ", "ru": "Результат инструмента {tool}: ", "es": "Resultado de {tool}: "},
}


for _lang in ("en", "ru", "es"):      # code writes these: harmless by construction
    register_code_texts(_lang, [t.get(_lang, "") for table in (_T, answers.T) for t in table.values()
                                if isinstance(t, dict)])


def _t(key: str, lang: str, **v: str) -> str:
    table = _T if key in _T else answers.T       # the watchlist lines are the tool answers' own
    return table[key].get(lang, table[key]["en"]).format(**v)


def _draft(n: int, res: dict[str, Any], lang: str) -> str:
    s = res.get("summary") or {}
    tool = str((res.get("params") or {}).get("tool") or "tool")

    def slot(key: str) -> str:
        return "{s%d.%s}" % (n, key)
    if tool == "get_price" and "price" in s:
        text = _t("price", lang, sym=res.get("symbol") or "", price=slot("price"),
                  as_of=slot("as_of_local" if "as_of_local" in s else "trading_date"))
        if "change_pct" in s and "previous_close" in s:
            text += _t("chg", lang, pct=slot("change_pct"), date=slot("previous_date"),
                       prev=slot("previous_close"))
        return text + "."
    if tool == "calculate_position_size" and "position_size" in s:
        return _t("position", lang, size=slot("position_size"), whole=slot("whole_units"),
                  risk=slot("risk_amount"))
    if tool == "calculate_risk_reward" and "ratio" in s:
        return _t("rr", lang, risk=slot("risk"), reward=slot("reward"), ratio=slot("ratio"))
    if tool == "get_news" and "count" in s:
        text = _t("news", lang, sym=res.get("symbol") or "", count=slot("count"), pos=slot("positive"),
                  neg=slot("negative"))
        if res.get("rows"):          # the first item, cited by its slots (agent/answer/slots.py)
            text += _t("news_item", lang, date=slot("news1.date"), headline=slot("news1.headline"))
        return text + "."
    if tool == "get_watchlist":
        return _t("wl", lang, items=slot("symbols")) if "symbols" in s else _t("wl_empty", lang)
    # Field names are the tool's (English); in other languages they are shown as upper-case
    # labels so the sentence around them is read as the user's language.
    def label(key: str) -> str:
        text = key.replace("_", " ")
        return text if lang == "en" else text.upper()
    items = [f"{label(k)} {slot(k)}" for k, v in s.items()
             if isinstance(v, (int, float)) and not isinstance(v, bool)]
    return _t("generic", lang, tool=label(tool)) + "; ".join(items[:12]) + "."


def with_tool_drafts(draft: str, results: list[dict[str, Any]], lang: str) -> str:
    """The query steps' draft followed by one line per tool result (n = its 1-based position)."""
    lines = [_draft(n, r, lang) for n, r in enumerate(results, 1) if r.get("action") == "tool"]
    return "\n".join(x for x in (draft.strip(), *lines) if x)
