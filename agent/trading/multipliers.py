"""Contract multipliers: currency per 1.0 of price per contract (NQ 20 USD per index point).

Built-ins cover the usual CME contracts; stocks, ETFs and crypto trade 1 unit per share/coin.
`askbar load --multiplier X` stores an override per symbol (table contract_multipliers), written
in the load's transaction; an override wins over the built-in.
"""
from __future__ import annotations

CME_MULTIPLIERS: dict[str, float] = {
    "NQ": 20, "ES": 50, "YM": 5, "RTY": 50, "CL": 1000, "GC": 100, "6E": 125_000,
    "SI": 5000, "ZN": 1000, "MNQ": 2, "MES": 5,
}

SELECT_OVERRIDE = "SELECT multiplier FROM contract_multipliers WHERE symbol = %(symbol)s"
UPSERT_OVERRIDE = """
INSERT INTO contract_multipliers (symbol, multiplier, updated_at)
VALUES (%(symbol)s, %(multiplier)s, current_timestamp)
ON CONFLICT (symbol) DO UPDATE SET multiplier = excluded.multiplier, updated_at = excluded.updated_at
"""


def builtin_multiplier(symbol: str) -> float:
    return float(CME_MULTIPLIERS.get(symbol.upper(), 1))


def multiplier(tx, symbol: str) -> float:
    """The symbol's multiplier: the stored override, else the built-in."""
    row = tx.one(SELECT_OVERRIDE, {"symbol": symbol})
    return float(row["multiplier"]) if row else builtin_multiplier(symbol)


def set_override(tx, symbol: str, value: float) -> None:
    if not 0 < value < float("inf"):
        raise ValueError(f"contract multiplier must be a positive number, not {value}")
    tx.execute(UPSERT_OVERRIDE, {"symbol": symbol, "multiplier": float(value)})
