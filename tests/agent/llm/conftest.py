"""Fixtures for the Gemini provider tests: a running stub and providers pointed at it."""
from __future__ import annotations

from datetime import date

import pytest

from agent.llm.base import DataRange, ProviderContext
from agent.market.instruments import Instrument
from agent.settings import Settings
from tests.agent.llm.gemini_stub import GeminiStub

API_KEY = "test-key-123"


@pytest.fixture
def stub():
    with GeminiStub() as s:
        yield s


def gemini_settings(stub: GeminiStub, tmp_path, **overrides) -> Settings:
    base = dict(home=tmp_path, llm="gemini", gemini_base_url=stub.url, gemini_api_key=API_KEY,
                gemini_retry_backoff_s=0.01, gemini_timeout_s=2.0)
    return Settings(**{**base, **overrides})


@pytest.fixture
def provider_for(stub, tmp_path):
    from agent.llm.gemini import GeminiProvider

    return lambda **kw: GeminiProvider(gemini_settings(stub, tmp_path, **kw))


@pytest.fixture
def ctx() -> ProviderContext:
    return ProviderContext(
        instruments=[Instrument(symbol="NQ", name="E-mini Nasdaq-100 futures", asset_class="future",
                                timezone="America/New_York", session="cme", aliases=["nasdaq", "насдак"],
                                bar_seconds=60),
                     Instrument(symbol="SPX", name="S&P 500 index", asset_class="index",
                                session="daily", bar_seconds=None)],
        today=date(2024, 6, 1),
        ranges=[DataRange(symbol="NQ", first=date(2023, 11, 20), last=date(2023, 12, 4)),
                DataRange(symbol="SPX", first=date(1927, 12, 30), last=date(2020, 11, 30))])
