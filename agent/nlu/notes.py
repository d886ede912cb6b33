"""Sentences the parser adds to an answer: parts of a question declined for want of data."""
from __future__ import annotations

from datetime import date

from agent.llm.base import ProviderContext
from agent.nlu.texts import period_text
from agent.state import Period
from query_builder.granularity import BAR_MINUTES

_NO_DATA = {
    "en": "Not answered for {what}: no stored data there ({ranges}).",
    "ru": "Без ответа для {what}: данных нет ({ranges}).",
    "es": "Sin respuesta para {what}: no hay datos guardados ({ranges}).",
}
_RANGE = {"en": "{s} has {a} to {b}", "ru": "по {s} есть с {a} по {b}", "es": "{s} tiene del {a} al {b}"}
_IN = {"en": "{s} in {p}", "ru": "{s} за {p}", "es": "{s} en {p}"}


def _range(ctx: ProviderContext, sym: str, lang: str) -> str:
    rng = ctx.range_for(sym)
    return _RANGE[lang].format(s=sym, a=rng.first, b=rng.last) if rng else sym


def no_data_parts(symbols: list[str], period: Period | None, ctx: ProviderContext, lang: str) -> str:
    lang = lang if lang in _NO_DATA else "en"
    what = ", ".join(_IN[lang].format(s=s, p=period_text(period, lang)) if period else s for s in symbols)
    return _NO_DATA[lang].format(what=what, ranges="; ".join(_range(ctx, s, lang) for s in symbols))


def no_data_periods(symbol: str, periods: list[Period], ctx: ProviderContext, lang: str) -> str:
    lang = lang if lang in _NO_DATA else "en"
    what = ", ".join(_IN[lang].format(s=symbol, p=period_text(p, lang)) for p in periods)
    return _NO_DATA[lang].format(what=what, ranges=_range(ctx, symbol, lang))


_ONLY_LAST = {"en": "Only the last {n} periods are compared (from {d}).",
              "ru": "Сравниваются только последние {n} периодов (с {d}).",
              "es": "Solo se comparan los últimos {n} periodos (desde el {d})."}


def only_last(n: int, start: date, lang: str) -> str:
    return _ONLY_LAST.get(lang, _ONLY_LAST["en"]).format(n=n, d=start.isoformat())


# a bar size that bars are not built at (7 minutes) is said, with the size used instead.
_BAR_SIZE = {"en": "Bars of {n} minutes are not built; {m}-minute bars are used.",
             "ru": "Бары по {n} минут не строятся; использованы {m}-минутные бары.",
             "es": "No se construyen barras de {n} minutos; se usan barras de {m} minutos."}


def bar_size(n: int, used: str, lang: str) -> str:
    return _BAR_SIZE.get(lang, _BAR_SIZE["en"]).format(n=n, m=BAR_MINUTES[used])


_DAILY_WINDOW = {"en": "{names} is computed from daily bars: the time-of-day window is not applied to it.",
                 "ru": "{names} считается по дневным барам: окно времени суток к нему не применяется.",
                 "es": "{names} se calcula con barras diarias: la ventana horaria no se le aplica."}


def daily_indicator_window(names: list[str], lang: str) -> str:
    """An indicator of daily bars asked over a time-of-day window ("RSI between 10:00 and 11:00"):
    said, never dropped in silence (only VWAP is computed over a window's minutes)."""
    return _DAILY_WINDOW.get(lang, _DAILY_WINDOW["en"]).format(names=", ".join(n.upper() for n in names))
