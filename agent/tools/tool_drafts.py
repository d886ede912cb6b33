"""The code summary of tool results, written with slots (EN, RU, ES).

Used when the analyst model is unavailable or its rewrites ran out (agents/analyst.code_draft):
like the offline templates for query steps, these name only slots of the tool's step result
(`{s2.price}`), so the validator checks them and code renders every figure.
"""
from __future__ import annotations

from typing import Any

from agent import lang as packs
from agent.answer.vocabulary import register_code_texts
from agent.tools import answers

_T: dict[str, dict[str, str]] = packs.transposed("tool_words", "drafts")


for _lang in packs.codes():      # code writes these: harmless by construction
    register_code_texts(_lang, [t.get(_lang, "") for table in (_T, answers.T) for t in table.values()
                                if isinstance(t, dict)])


def _t(key: str, lang: str, **v: str) -> str:
    if key not in _T and key not in answers.T:   # the reading tools' words: the packs' chat_tools
        return str(packs.get(lang, "chat_tools", "drafts", key)).format(**v)
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
    if tool in READING and "extra" in res:     # the tools node's own step (agent/tools/graph_step.py)
        return READING[tool](n, res, lang)
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


def _slot(n: int, key: str) -> str:
    return "{s%d.%s}" % (n, key)


def _period(res: dict[str, Any]) -> str:
    """The step's period slot when the question named one ({s1.period}), else nothing."""
    return "" if not (res.get("params") or {}).get("start_date") else ", {period}"


def _news(n: int, res: dict[str, Any], lang: str) -> str:
    s = res.get("summary") or {}
    if not s.get("count"):
        return _t("no_data", lang, message=str((res.get("extra") or {}).get("message") or ""))
    text = _t("news_period", lang, sym=res.get("symbol") or "", period=_period(res),
              count=_slot(n, "count"), pos=_slot(n, "positive"), neu=_slot(n, "neutral"),
              neg=_slot(n, "negative"), mean=_slot(n, "mean_score"))
    rows = res.get("rows") or []
    if rows:
        text += _t("news_items", lang, n=_slot(n, "returned"))
        text += "".join(_t("news_line", lang, date=_slot(n, f"news{k}.date"),
                           headline=_slot(n, f"news{k}.headline"),
                           label=_t(str(r.get("sentiment_label")), lang)
                           if r.get("sentiment_label") in ("positive", "neutral", "negative") else "-")
                        for k, r in enumerate(rows, 1))
    return text


def _sentiment(n: int, res: dict[str, Any], lang: str) -> str:
    s = res.get("summary") or {}
    if not s.get("count"):
        return _t("no_data", lang, message=str((res.get("extra") or {}).get("message") or ""))
    text = _t("sentiment", lang, sym=res.get("symbol") or "", period=_period(res),
              count=_slot(n, "count"), days=_slot(n, "dates_with_news"), pos=_slot(n, "positive"),
              neu=_slot(n, "neutral"), neg=_slot(n, "negative"), mean=_slot(n, "mean_score"))
    if s.get("score_return_correlation") is not None:
        text += _t("sentiment_corr", lang, corr=_slot(n, "score_return_correlation"))
    return text + "."


def _ml_signal(n: int, res: dict[str, Any], lang: str) -> str:
    extra = res.get("extra") or {}
    return _t("ml_signal", lang, sym=res.get("symbol") or "", as_of=_slot(n, "as_of"),
              dir=_t("ml_up" if extra.get("prediction") == "up" else "ml_down", lang),
              p=_slot(n, "probability"), acc=_slot(n, "accuracy"), base=_slot(n, "baseline_accuracy"),
              days=_slot(n, "test_days"), pv=_slot(n, "p_value"),
              edge=_t("ml_edge" if extra.get("edge") else "ml_no_edge", lang))


def _ml_features(n: int, res: dict[str, Any], lang: str) -> str:
    extra = res.get("extra") or {}
    return _t("ml_features", lang, sym=res.get("symbol") or "", ver=_slot(n, "model_version"),
              top=str(extra.get("top_feature") or "-"), useful=_slot(n, "useful_features"),
              days=_slot(n, "test_days"), pid=str(extra.get("prediction_id") or "-"))


def _fundamentals(n: int, res: dict[str, Any], lang: str) -> str:
    extra = res.get("extra") or {}
    if not extra.get("available"):
        return _t("no_data", lang, message=str((res.get("extra") or {}).get("message") or ""))
    items = ", ".join(f"{k} {_slot(n, 'f_' + k)}" for k in sorted(extra.get("fields") or {}))
    return _t("fund", lang, sym=res.get("symbol") or "", end=str(extra.get("period_end") or "-"),
              items=items)


READING = {"get_news": _news, "get_sentiment": _sentiment, "get_ml_signals": _ml_signal,
           "get_ml_features": _ml_features, "get_fundamentals": _fundamentals}


def with_tool_drafts(draft: str, results: list[dict[str, Any]], lang: str) -> str:
    """The query steps' draft followed by one line per tool result (n = its 1-based position)."""
    lines = [_draft(n, r, lang) for n, r in enumerate(results, 1) if r.get("action") == "tool"]
    return "\n".join(x for x in (draft.strip(), *lines) if x)
