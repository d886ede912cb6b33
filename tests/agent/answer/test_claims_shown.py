"""Every number an answer shows is a claim: volume spikes, the hourly profile, Bollinger bands, the
MACD lines, ADX's directional lines, gaps and the volume profile, in EN/RU/ES on both engines. The
claims' values are checked against pandas (tests/query_builder/reference.py), and every number of
the answer's text is read back (in the language's own format) and found among the claims (or the
dates, periods and parameters the claims name)."""
from __future__ import annotations

import re
import uuid

import numpy as np
import pytest
from langgraph.checkpoint.memory import InMemorySaver

from agent.deps import build_deps
from agent.llm.offline.provider import OfflineProvider
from agent.service import Session
from agent.settings import Settings
from tests.query_builder import reference as ref

QUESTIONS = {
    "spikes": {"en": "Volume spikes of SPX in 2020", "ru": "Всплески объёма SPX в 2020 году",
               "es": "Picos de volumen de SPX en 2020"},
    "hourly": {"en": "Hourly profile of SPY in March 2024", "ru": "Профиль по часам SPY за март 2024",
               "es": "Perfil horario de SPY en marzo de 2024"},
    "bollinger": {"en": "Bollinger bands of SPY in April 2024", "ru": "Полосы Боллинджера SPY в апреле 2024",
                  "es": "Bandas de Bollinger de SPY en abril de 2024"},
    "macd": {"en": "MACD of SPX at the end of 2019", "ru": "MACD SPX на конец 2019 года",
             "es": "MACD de SPX a finales de 2019"},
    "adx": {"en": "ADX of SPX at the end of 2019", "ru": "ADX SPX на конец 2019 года",
            "es": "ADX de SPX a finales de 2019"},
    "gaps": {"en": "Opening gaps of SPY in March 2024", "ru": "Гэпы на открытии SPY в марте 2024",
             "es": "Gaps de apertura de SPY en marzo de 2024"},
    "volume_profile": {"en": "Volume profile of NQ in November 2023", "ru": "Профиль объёма NQ за ноябрь 2023",
                       "es": "Perfil de volumen de NQ en noviembre de 2023"},
}
CASES = [(kind, lang) for kind in QUESTIONS for lang in ("en", "ru", "es")]
TOL = 1e-6


@pytest.fixture(scope="module")
def asker(loaded_store, tmp_path_factory):
    deps = build_deps(Settings(home=tmp_path_factory.mktemp("claims"), redis_url=None), store=loaded_store,
                      provider=OfflineProvider())
    session = Session(deps, InMemorySaver())
    return lambda q: session.ask(q, thread_id=uuid.uuid4().hex, now="2024-05-20")


def _spikes() -> dict:
    d = ref.daily("SPX").copy()
    d["avg20"] = d["volume"].shift(1).rolling(20).mean()
    d = d.loc["2020-01-01":"2020-12-31"]
    hit = d[(d["avg20"] > 0) & (d["volume"] >= 2.0 * d["avg20"])]
    ratio = hit["volume"] / hit["avg20"]
    return {"spike_count": len(hit), "spike_avg_ratio": ratio.mean(), "spike_max_ratio": ratio.max()}


def _hourly() -> dict:
    h = ref.hourly("SPY").copy()
    h = h[(h["trading_date"] >= "2024-03-01") & (h["trading_date"] <= "2024-03-31")]
    h["hour"] = h["ts_local"].dt.hour
    h["range"] = h["high"] - h["low"]
    h["ret"] = (h["close"] / h["open"] - 1) * 100
    g = h.groupby("hour")
    return {"hourly_bars": len(h), "busiest_hour": int(g["volume"].mean().idxmax()),
            "most_volatile_hour": int(g["range"].mean().idxmax()), "best_hour": int(g["ret"].mean().idxmax()),
            "worst_hour": int(g["ret"].mean().idxmin())}


def _bollinger() -> dict:
    close = ref.daily("SPY")["close"]
    mid, sd = close.rolling(20).mean(), close.rolling(20).std(ddof=0)
    day = close.loc[:"2024-04-30"].index[-1]
    return {"bb_middle": mid[day], "bb_upper": mid[day] + 2 * sd[day], "bb_lower": mid[day] - 2 * sd[day]}


def _macd() -> dict:
    close = ref.daily("SPX")["close"]
    line = close.ewm(span=12, adjust=False).mean() - close.ewm(span=26, adjust=False).mean()
    signal = line.ewm(span=9, adjust=False).mean()
    day = "2019-12-31"
    return {"macd": line[day], "macd_signal": signal[day], "macd_histogram": line[day] - signal[day]}


def _adx() -> dict:
    """Wilder's +DI, -DI and ADX(14), the textbook loop (reference.wilder_loop)."""
    d = ref.daily("SPX")
    high, low, close = d["high"].to_numpy(), d["low"].to_numpy(), d["close"].to_numpy()
    up, down = np.diff(high, prepend=np.nan), -np.diff(low, prepend=np.nan)
    plus = np.where((up > down) & (up > 0), up, 0.0)
    minus = np.where((down > up) & (down > 0), down, 0.0)
    prev = np.roll(close, 1)
    tr = np.maximum(high - low, np.maximum(abs(high - prev), abs(low - prev)))
    plus[0] = minus[0] = tr[0] = np.nan
    atr = ref.wilder_loop(tr, 14)
    pdi, mdi = 100 * ref.wilder_loop(plus, 14) / atr, 100 * ref.wilder_loop(minus, 14) / atr
    adx = ref.wilder_loop(100 * abs(pdi - mdi) / (pdi + mdi), 14)
    i = int(np.flatnonzero(d.index == "2019-12-31")[0])
    return {"adx": adx[i], "adx_plus_di": pdi[i], "adx_minus_di": mdi[i]}


def _gaps() -> dict:
    d = ref.with_changes(ref.daily("SPY")).loc["2024-03-01":"2024-03-31"].dropna(subset=["prev_close"])
    d["gap"] = (d["open"] / d["prev_close"] - 1) * 100
    g = d[d["gap"].abs() >= 0.5]
    filled = np.where(g["gap"] > 0, g["low"] <= g["prev_close"], g["high"] >= g["prev_close"])
    return {"gap_count": len(g), "gap_up_count": int((g["gap"] > 0).sum()),
            "gap_down_count": int((g["gap"] < 0).sum()), "gap_filled_count": int(filled.sum()),
            "gap_fill_rate": filled.mean() * 100, "avg_gap_pct": g["gap"].mean(),
            "avg_abs_gap_pct": g["gap"].abs().mean(), "days_checked": len(d)}


def _profile() -> dict:
    """The volume profile's range: the lowest low and highest high of NQ's November 2023 bars."""
    m = ref.minutes("NQ")
    m = m[(m["trading_date"] >= "2023-11-01") & (m["trading_date"] <= "2023-11-30")]
    return {"profile_low": m["low"].min(), "profile_high": m["high"].max(), "total_volume": m["volume"].sum()}


EXPECTED = {"spikes": _spikes, "hourly": _hourly, "bollinger": _bollinger, "macd": _macd, "adx": _adx,
            "gaps": _gaps, "volume_profile": _profile}
_NUMBER = {"en": r"\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?",
           "ru": r"\d{1,3}(?:[ \u00a0\u202f]\d{3})+(?:,\d+)?|\d+(?:,\d+)?",
           "es": r"\d{1,3}(?:\.\d{3})+(?:,\d+)?|\d+(?:,\d+)?"}


# Dates written in words ("March 1, 2024", "1 марта 2024 г.", "1 de marzo de 2024"): a date, not a figure.
_DATE = {"en": r"[A-Z][a-z]+ \d{1,2}, \d{4}", "ru": r"\d{1,2} [а-я]+ \d{4}(?: г\.)?",
         "es": r"\d{1,2} de [a-z]+ de \d{4}"}


def _numbers(text: str, lang: str) -> list[tuple[float, int]]:
    """(value, decimals shown) of every number written in the text, read in the language's format."""
    out = []
    text = re.sub(_DATE[lang], " ", text)
    for m in re.finditer(r"(?<![\w.,])(?:" + _NUMBER[lang] + r")", text):
        s = m.group(0)
        if lang == "en":
            s = s.replace(",", "")
        elif lang == "ru":
            s = re.sub(r"[ \u00a0\u202f]", "", s).replace(",", ".")
        else:
            s = s.replace(".", "").replace(",", ".")
        out.append((float(s), len(s.split(".")[1]) if "." in s else 0))
    return out


def _allowed(claims: list[dict]) -> tuple[list[float], set[float]]:
    """(claim values at every scale a text shows them, the exact numbers of dates, periods and
    the parameters the claims name)."""
    values, exact = [], set()
    for c in claims:
        v = abs(c["value"])
        values += [v, v / 1e3, v / 1e6, v / 1e9]
        for text in (c.get("date"), c.get("period"), c.get("context")):
            exact |= {float(x) for x in re.findall(r"\d+(?:\.\d+)?", str(text or ""))}
    return values, exact


def _is_shown_claim(x: float, decimals: int, values: list[float], exact: set[float]) -> bool:
    half = 0.5 * 10 ** -decimals + 1e-9
    return x in exact or any(abs(x - v) <= half for v in values)


@pytest.mark.parametrize("kind,lang", CASES)
def test_every_number_shown_is_a_claim_with_the_pandas_value(asker, kind, lang):
    r = asker(QUESTIONS[kind][lang])
    assert r.status == "answered" and r.validation["status"] == "ok", (r.response, r.validation)
    body = r.response.split("\n\n")[1]          # the answer (the reading above, notes below)
    claimed = {}
    for c in r.claims:
        claimed.setdefault(c["type"], c["value"])
    for ctype, expected in EXPECTED[kind]().items():
        assert claimed.get(ctype) == pytest.approx(expected, rel=TOL, abs=TOL), (ctype, r.claims)
    values, exact = _allowed(r.claims)
    shown = _numbers(body, lang)
    assert shown, body
    for x, decimals in shown:
        assert _is_shown_claim(x, decimals, values, exact), (x, body, r.claims)
