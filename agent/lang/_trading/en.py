"""English: see __init__."""
from typing import Any

TRADING: dict[str, Any] = {
    # agent/trading/commands.py: regular-expression alternatives per concept, never per sentence.
    # "sell-offs", "long-term", "short-term" are nouns and adjectives of a question, not an order's side.
    "commands": {
        "buy": [r"buy", r"long(?!-)", r"go long"],
        "sell": [r"sell(?!\s*-?\s*offs?(?!\w))", r"short(?!-)"],
        "order": [r"orders?"],
        # listing needs the plural or a possessive/status word: "in order", "ORDER BY" are not requests
        "orders": [r"orders", r"(?:my|pending|open|working) orders?"],
        "alert_noun": [r"alerts?"],
        "alert": [r"alerts?", r"notify", r"alert me"],
        "cancel": [r"cancel\w*", r"delete", r"remove"],
        "market": [r"at market", r"market"],
        "stop": [r"stop"],
        "limit": [r"limit"],
        "above": [r"above", r"over", r"higher than", r"rises? to", r"goes? above"],
        "below": [r"below", r"under", r"lower than", r"falls? to", r"drops? to"],
        "touch": [r"reach\w*", r"touch\w*", r"hits?", r"cross\w*"],
        "portfolio": [r"positions?", r"portfolio", r"p&l", r"pnl", r"my profits?", r"p/l"],
        # "position size": the sizing calculator, not the account
        "sizing": [r"siz\w*", r"how many"],
        "history": [r"history", r"trades", r"fills"],
        "trade": [r"trade\w*"],
        # the unit after a quantity ("10 shares of SPY")
        "units": [r"shares?", r"contracts?", r"units?", r"lots?"],
        # words between a type word or "at" and its price: "limit price 500"
        "price_words": [r"price", r"prices?", r"of", r"order"],
        # the word before an order's price ("buy 10 SPY at 500")
        "price_at": [r"at", r"for"],
        # the words between an order-type word and its price ("stop at 16000")
        "price_lead": [r"at", r"of"],
        # a text in a language whose decimal mark is a comma ("2.350,5"): English has none
        "comma_decimal": [],
    },
    # agent/trading/graph_turn.py: the request's own trading words decide its language first
    "language_cues": [r"buy", r"sell", r"short", r"long", r"orders?", r"alerts?", r"notify", r"market",
                      r"limit", r"stop", r"positions?", r"portfolio", r"my", r"cancel", r"delete", r"remove",
                      r"show", r"when", r"above", r"below", r"pending", r"please"],
    "ask": {
        "symbol": "Which instrument? Loaded: {known}.",
        "quantity": "How many? Say, e.g., \"buy 2 {symbol} at market\".",
        "price": "At what price?",
        "condition": "Above or below which price?",
        "none_alert": "You have no active alerts.",
        "none_order": "You have no pending orders.",
        "no_data": "There is no data for {symbol}, so no order or alert can be placed on it. Loaded: {known}.",
        "which": "Which one? Name its id: {ids}.",
    },
    # agent/trading/confirmation.py: an answer made only of yes words executes; any no word cancels
    "confirm": {
        "yes": ["yes", "y", "yeah", "yep", "yup", "sure", "ok", "okay", "confirm", "confirmed", "execute", "do",
                "it", "go", "ahead", "proceed", "place", "please", "yes please", "absolutely", "correct"],
        "no": ["no", "nope", "nah", "cancel", "stop", "abort", "dont", "don't", "never", "not"],
        "message": "Please confirm: {action} Reply \"yes\" to execute or \"no\" to cancel.",
        "again": "I did not understand. ",
    },
    # agent/trading/texts.py: the confirmation card's sentence of each action
    "texts": {
        "side": {"buy": "buy", "sell": "sell"},
        "order_type": {"market": "at market", "limit": "limit {limit}", "stop": "stop {stop}",
                       "stop_limit": "stop {stop}, limit {limit}"},
        "actions": {
            "create_paper_order": "Place a paper order: {side} {qty} {symbol} {type}{asof}.",
            "cancel_paper_order": "Cancel paper order {order_id}{desc}.",
            "create_alert": "Create an alert: {symbol} {condition} {price}{message}.",
            "delete_alert": "Delete alert {alert_id}{desc}.",
        },
        "asof": " (fills at the close of the last stored bar, {ts})",
    },
    # agent/trading/answers.py: the answer after a tool ran, its figures as slots
    "answers": {
        "side": {"buy": "bought", "sell": "sold"},
        "templates": {
            "filled": "Done: {order.side} {order.quantity} {order.symbol} at {fill.price}, the close of the "
                      "last stored bar ({fill.time}). Order {order.id}.",
            "placed": "Order {order.id} placed: {order.terms}; it is pending and is checked against each "
                      "bar loaded later.",
            "again_filled": "Already done: this order was placed before, nothing new was placed. "
                            "{order.side} {order.quantity} {order.symbol} at {fill.price}, the close of "
                            "the bar of {fill.time}. Order {order.id}.",
            "again_placed": "Order {order.id} was already placed before ({order.terms}); nothing new was "
                            "placed.",
            "again_alert": "Alert {alert.id} was already created before ({alert.symbol} {alert.condition} "
                           "{alert.price}); nothing new was created.",
            "again_cancelled": "Order {order.id} was already cancelled ({order.terms}); nothing else "
                               "changed.",
            "again_deleted": "Alert {alert.id} was already deleted ({alert.symbol} {alert.condition} "
                             "{alert.price}); nothing else changed.",
            "cancelled": "Order {order.id} cancelled ({order.terms}).",
            "alert": "Alert {alert.id} set: {alert.symbol} {alert.condition} {alert.price}, checked on "
                     "each bar loaded later.",
            "deleted": "Alert {alert.id} deleted ({alert.symbol} {alert.condition} {alert.price}).",
            "account": "Cash {cash}, equity {equity}; realised P&L {realized_pnl}, unrealised P&L "
                       "{unrealized_pnl}{as_of}.",
            "as_of": " (as of {as_of})",
            "position": " {p.symbol}: {p.quantity} at {p.avg_price}, last {p.last_price}, unrealised "
                        "{p.unrealized_pnl}.",
            "no_positions": " No open positions.",
            "orders": "Pending orders: {count}.",
            "alerts": "Alerts: {count}.",
            "condition_alert": "Alert created ({id}): ",
            "again_condition_alert": "Already done: alert {id}: ",
            "condition_deleted": "Alert {id} deleted: ",
            "trades": "Fills: {count}.",
        },
        "mismatch": "The result could not be confirmed against your account's records; please check "
                    "your orders and positions.",
    },
    # agent/trading/refusals.py: English keeps the service's own message as written (these
    # sentences say what the other languages translate)
    "refusals": {
        "whole": "{s} trades in whole contracts: quantity {q} is not a whole number.",
        "cash": "Not enough cash: {q} {s} at {a} costs {b}, available {c}.",
        "carry": "The account cannot carry this: {q} {s} at {a} needs {b}, equity available {c}.",
    },
    # agent/memory/learn.py: trading styles and the cues of a sentence about oneself
    "styles": {
        "scalping": [r"\bscalp\w*", r"\bscalping\b"],
        "day_trading": [r"\bday[\s-]?trad\w*"],
        "swing": [r"\bswing\w*"],
        "long_term": [r"\blong[\s-]?term\b"],
    },
    "preference_cues": [r"\bI (?:prefer|usually|always|mostly|mainly|like|normally)\b",
                        r"\bmy (?:usual|favou?rite)\b"],
    "self_cues": [r"\bI(?:'m| am)? (?:a |an )?(?:trade|trader|invest|investor|scalp)\w*", r"\bI do\b"],
    # agent/memory/defaults.py
    "usual_symbol_note": "Using {symbol}, your usual symbol.",
    # agent/llm/prompts.py: the language's examples quoted in the (English) system prompts
    "prompt_examples": {
        "aliases": ["nasdaq futures"],
        "gender": [],
        "advice": ["a good entry point", "is set to recover"],
        "streaks": ["the third-weakest", "a fourth straight gain"],
        "units": ["basis points", "annualised", "\u20ac"],
        "labels": ["flat", "sharp", "calm"],
        "relative_time": ["this month"],
        "answer": ["{symbol} {dir:pct_change} {pct_change} in {period} and closed at {close}; the high {high} came "
                   "on {high.date}."],
        "follow_up": ["and April?"],
    },
    # query_builder/declarations.py: the offline answer's wording of a claim
    "claim_templates": {
        "max_close": "highest close {v} on {d}",
        "min_close": "lowest close {v} on {d}",
        "longest_up_streak": "longest run of up closes {v} ({c} – {d})",
        "longest_down_streak": "longest run of down closes {v} ({c} – {d})",
        "backtest_trades": "trades {v}",
        "backtest_total_return": "total return {v}",
        "backtest_win_rate": "winning trades {v}",
        "backtest_avg_trade": "average trade {v}",
        "backtest_max_drawdown": "max drawdown of the equity {v}",
        "buy_hold_return": "buy and hold {v}",
    },
}
