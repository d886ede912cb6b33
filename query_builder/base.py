"""What every action builder and post-processor shares: the build context and the post output."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Callable

from psycopg import sql

from agent.market.instruments import Instrument
from query_builder.dialects import Dialect, Params
from query_builder.errors import MissingParameter
from query_builder.models import BuiltQuery, Granularity, StepParams, SubQuery


@dataclass
class Context:
    """One step being built: engine dialect, instrument (when known), normalised symbol."""
    dialect: Dialect
    params: StepParams
    instrument: Instrument | None = None

    @property
    def symbol(self) -> str:
        return self.params.symbol.strip().upper()

    @property
    def timezone(self) -> str:
        return self.instrument.timezone if self.instrument else "UTC"

    def new_params(self) -> Params:
        """A fresh collector with the symbol already bound (every statement filters on it)."""
        p = Params(self.dialect)
        p("symbol", self.symbol)
        return p

    def require(self, *names: str) -> None:
        missing = [n for n in names if getattr(self.params, n) is None]
        if missing:
            raise MissingParameter(f"missing parameter(s): {', '.join(missing)}")

    def built(self, query: sql.Composable, p: Params, post: str, *,
              post_args: dict[str, Any] | None = None, granularity: Granularity | None = None,
              extra: list[tuple[str, sql.Composable, Params]] | None = None,
              notes: list[str] | None = None, numeric: dict[str, str] | None = None) -> BuiltQuery:
        return BuiltQuery(
            engine=self.dialect.name, sql=self.dialect.render(query), params=p.values, post=post,
            post_args=post_args or {}, granularity=granularity,
            extra=[SubQuery(name=n, sql=self.dialect.render(q), params=pp.values)
                   for n, q, pp in (extra or [])], notes=notes or [], numeric=numeric)


@dataclass
class Output:
    """What a post-processor returns: result rows, the summary, and optional extra bars (a list,
    or convert.LazyRows: fetched columns whose dicts are built when read)."""
    rows: Sequence[dict[str, Any]]
    summary: dict[str, Any] | None = None
    bars: Sequence[dict[str, Any]] = field(default_factory=list)


# post(rows, post_args, extra_rows_by_name) -> Output. Rows may be lazy (convert.LazyRows).
Rows = Sequence[dict[str, Any]]
Args = dict[str, Any]
Extra = Mapping[str, Sequence[dict[str, Any]]]
PostProcessor = Callable[[Rows, Args, Extra], Output]
# a pattern's query: (statement, its parameters, the granularity of its rows)
PatternQuery = tuple[sql.Composable, Params, Granularity]
Builder = Callable[[Context], BuiltQuery]
