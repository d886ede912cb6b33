"""The server fixtures (real app over the loaded DuckDB data) for the browser tests."""
from tests.server.conftest import duck_store, make_app  # noqa: F401  (fixtures)
