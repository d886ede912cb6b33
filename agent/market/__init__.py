"""Market data: instruments and their sessions, the store (DuckDB or Postgres), file loading."""
