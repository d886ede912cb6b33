"""ML tools: a next-day direction signal with its walk-forward record, and feature importance.

Both train on demand (first call, or after new bars) and reuse the stored model otherwise. Too little
daily history is refused with VALIDATION_ERROR and the numbers behind the refusal.
"""
from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field

from agent.tools.spec import SEED_CACHE_TTL, RateLimit, StoredSymbol, ToolContext, ToolError, ToolSpec


class MLParams(BaseModel):
    symbol: StoredSymbol = Field(description="instrument symbol with stored daily bars, e.g. SPX")
    retrain: bool = Field(False, description="train a new version even if the bars did not change")


class MLFeaturesParams(MLParams):
    prediction_id: str | None = Field(None, description="id of a previous get_ml_signals prediction "
                                                        "to explain (optional; the model's latest if "
                                                        "omitted)")


def _run(fn_name: str, ctx: ToolContext, params: MLParams) -> dict[str, Any]:
    from agent.ml import service
    from agent.ml.walkforward import NotEnoughHistory

    try:
        return getattr(service, fn_name)(ctx.store, ctx.appdb, params.symbol, params.retrain)
    except NotEnoughHistory as exc:
        raise ToolError("VALIDATION_ERROR", f"{params.symbol}: not enough history for an honest "
                                            f"model: {exc}") from None


def get_ml_signals(ctx: ToolContext, params: MLParams) -> dict[str, Any]:
    return _run("signals", ctx, params)


def get_ml_features(ctx: ToolContext, params: MLFeaturesParams) -> dict[str, Any]:
    out = _run("features", ctx, params)
    asked = getattr(params, "prediction_id", None)
    if asked and asked != out["prediction_id"]:
        # the importance explains the current model only: an older or another symbol's
        # prediction is named, never explained with the wrong model
        raise ToolError("VALIDATION_ERROR", f"prediction_id {asked!r} is not the current prediction of "
                                            f"{params.symbol} ({out['prediction_id']})")
    return out


# The seed's table: get_ml_signals 30 a minute (pro), get_ml_features 20 a minute (premium), ML
# results cached 1 minute; kept. Added, with reason: 60 an hour per user. The seed's ML engine is a
# separate service; here a call may train a model in this process (2.6 s of CPU on the benchmark
# machine, benchmarks/RESULTS.md "ML signals"; `retrain: true` forces it), so the seed's minute
# limit alone would let one user take a core for most of each minute.
_ML_HOUR = 60

_SLOTS = ("accuracy", "baseline_accuracy", "test_days", "test_start", "test_end", "p_value",
          "edge", "training_days", "model_version")

TOOLS: list[ToolSpec] = [
    ToolSpec(
        id="ml.get_ml_signals", name="get_ml_signals", chart="ml_accuracy", category="ml",
        description=("Next-day direction (up/down) with probability from a model trained on the "
                     "symbol's stored daily bars, with its walk-forward accuracy against a naive "
                     "baseline on the same test days and whether it has a statistically significant "
                     "edge. A description of past data, never advice."),
        params=MLParams, handler=get_ml_signals, required_plan="pro",
        rate_limit=RateLimit(per_minute=30, per_hour=_ML_HOUR), cache_ttl_s=SEED_CACHE_TTL["ml"],
        claims=_SLOTS + ("prediction", "probability", "probability_up", "as_of")),
    ToolSpec(
        id="ml.get_ml_features", name="get_ml_features", chart="ml_features", category="ml",
        description=("Which features the symbol's ML signal model relies on: permutation "
                     "importance (accuracy lost when a feature is shuffled) on out-of-sample days."),
        params=MLFeaturesParams, handler=get_ml_features, required_plan="premium",
        rate_limit=RateLimit(per_minute=20, per_hour=_ML_HOUR), cache_ttl_s=SEED_CACHE_TTL["ml"],
        claims=_SLOTS + ("features", "top_feature", "useful_features")),
]
