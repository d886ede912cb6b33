"""The offline answer of a backtest (run_backtest, run_backtest_intraday), written with slots.

It states the rule as tested (every number a slot of the step: the threshold, window, sessions,
stop, target, times), the span, the figures (backtest_* claims), buy-and-hold over the same span,
whether the rule did better or worse (a comparison the validator verifies between the two slots),
a small sample when fewer than SMALL_SAMPLE_TRADES trades, and the costs applied. Words are the
packs' (agent/lang/_backtest/); the choice between sentences is code's, from the computed values.
"""
from __future__ import annotations

from typing import Any, Callable

from agent import lang as packs
from query_builder.backtest_rule import BacktestRule

Slot = Callable[[str], str]


def _entry(words: dict[str, Any], rule: BacktestRule, symbol: str, slot: Slot) -> str:
    e = rule.entry
    table = words["ENTRY"]
    if e.kind == "move":
        return table[f"move_{e.direction}"].format(s=symbol, v=slot("move_pct"))
    if e.kind == "streak":
        return table[f"streak_{e.direction}"].format(s=symbol, v=slot("streak_days"))
    if e.kind == "cross":
        v = slot("level_price") if e.of == "level" else slot("ma_window")
        return table[f"cross_{e.direction}_{e.of}"].format(s=symbol, v=v)
    if e.kind == "time_of_day":
        return table["time_of_day"].format(s=symbol, v=slot("entry_time"))
    return table["weekday"].format(s=symbol, days=words["WEEKDAYS_EVERY"][e.weekday or 0])


def _exits(words: dict[str, Any], rule: BacktestRule, slot: Slot) -> list[str]:
    ex, table, days = rule.exit, words["EXIT"], words["WEEKDAYS"]
    timed_fill = " " + words["EXIT_FILL"][ex.fill] if ex.fill == "open" else ""
    out = []
    if ex.sessions:
        out.append(table["sessions"].format(v=slot("hold_sessions")) + timed_fill)
    if ex.opposite:
        out.append(table["opposite"])
    if ex.weekday is not None:
        out.append(table["weekday"].format(day=days[ex.weekday]) + timed_fill)
    if ex.at is not None:
        out.append(table["time"].format(v=slot("exit_time")))
    elif rule.intraday:
        out.append(table["session_close"])
    if ex.stop_pct:
        out.append(table["stop"].format(v=slot("stop_rate")))
    if ex.target_pct:
        out.append(table["target"].format(v=slot("target_rate")))
    return out


def _verdict(words: dict[str, Any], s: dict[str, Any], slot: Slot) -> str:
    tr, bh = s["backtest_total_return"], s["buy_hold_return"]
    key = "BEAT" if tr > bh else "NOT_BEAT" if tr < bh else "EQUAL"
    return words[key].format(tr=slot("backtest_total_return"), bh=slot("buy_hold_return"))


def answer(lang: str, symbol: str, period_name: str, s: dict[str, Any], slot: Slot) -> list[str]:
    """The answer's lines for one backtest step's summary `s`."""
    words = packs.get(lang, "backtest", "answer")
    rule = BacktestRule.model_validate(s["rule"])
    fill = "" if rule.intraday else " " + words["FILL"][rule.fill]     # a time of day says its own fill
    rule_text = f"{_entry(words, rule, symbol, slot)}{fill}, " + ", ".join(_exits(words, rule, slot))
    sizing = words["SIZING_QTY"].format(v=slot("quantity")) if rule.quantity else words["SIZING_ALL"]
    lines = [words["RULE"].format(s=symbol, p=period_name, a=slot("first_date"), b=slot("last_date"),
                                  rule=rule_text, sizing=sizing)]
    if s.get("backtest_trades"):
        lines.append(words["RESULT"].format(n=slot("backtest_trades"), tr=slot("backtest_total_return"),
                                            wr=slot("backtest_win_rate"), avg=slot("backtest_avg_trade"),
                                            dd=slot("backtest_max_drawdown")))
    else:
        lines.append(words["NO_TRADES"].format(n=slot("backtest_trades"), tr=slot("backtest_total_return")))
    lines.append(words["HOLD"].format(bh=slot("buy_hold_return")))
    lines.append(_verdict(words, s, slot))
    if s.get("small_sample"):
        lines.append(words["SMALL"].format(n=slot("backtest_trades"), k=slot("small_sample_trades")))
    costs = rule.costs
    if costs.stated and not costs.commission_pct and not costs.slippage_pct:
        lines.append(words["NO_COSTS"])
    else:
        lines.append(words["COSTS"].format(c=slot("commission_rate"), sl=slot("slippage_rate")))
    return lines
