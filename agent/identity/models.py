"""Who is asking: the user a request runs as, taken from the token (never from a body or model output).

Shared contract for every feature that needs the caller (tools, memory, trading, registry): nodes
get it from the run's dependencies (`Deps.user`), HTTP handlers from the authenticated request,
the CLI from `--user`.
"""
from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

Plan = Literal["free", "pro", "premium"]
PLANS: tuple[Plan, ...] = ("free", "pro", "premium")
RiskProfile = Literal["conservative", "moderate", "aggressive"]
Experience = Literal["beginner", "intermediate", "advanced"]
UserLang = Literal["en", "ru", "es"]


class User(BaseModel):
    """A user of a tenant, with the seed-002 UserContext fields."""
    user_id: str = Field(description="stable id, unique within the deployment")
    tenant_id: str
    name: str
    plan: Plan = "free"
    language: UserLang = "en"
    timezone: str = "UTC"
    risk_profile: RiskProfile = "moderate"
    experience: Experience = "intermediate"
    admin: bool = Field(False, description="a tenant admin: its API tokens carry the admin scope")
    # The scopes of the token this user acts with (agent/identity/scopes.py), set by the server
    # from the token; None: unrestricted (the local user, the CLI).
    scopes: list[str] | None = None


def plan_allows(user_plan: Plan, required: Plan) -> bool:
    """True when `user_plan` is at least `required` (free < pro < premium)."""
    return PLANS.index(user_plan) >= PLANS.index(required)


# `askbar serve` on loopback with no users configured, and the CLI without --user, run as this user.
LOCAL_USER = User(user_id="local", tenant_id="local", name="local", plan="premium")
