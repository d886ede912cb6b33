"""The server fixtures (real app over the loaded DuckDB data) for the browser tests."""
import pytest

from tests.server.conftest import duck_store, make_app  # noqa: F401  (fixtures)


@pytest.fixture(scope="module", autouse=True)
def _shared_chromium():
    """Closes the module's shared Chromium (tests/web/browser.py) when its tests are done."""
    from tests.web.browser import close_chromium

    yield
    close_chromium()
