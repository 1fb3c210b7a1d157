import pytest

from ludolog.replayer.core import registry

from . import chromium, toygame


@pytest.fixture
def toy():
    """The toy dice race, registered for the duration of a test."""
    registry.register(toygame.GAME)
    yield toygame.GAME
    registry.unregister("toy")


@pytest.fixture
def browser():
    """A headless Chromium page over DevTools (tests/chromium.py); skips, loudly, without Chromium."""
    if chromium.CHROMIUM is None:
        pytest.skip(chromium.SKIP_REASON)
    with chromium.chromium() as session:
        yield session


def pytest_terminal_summary(terminalreporter):
    """A run whose browser tests skipped says so in its last lines, not only among the skip reasons."""
    skipped = [r for r in terminalreporter.stats.get("skipped", [])
               if chromium.SKIP_REASON in str(getattr(r, "longrepr", ""))]
    if skipped:
        terminalreporter.write_sep("!", f"{len(skipped)} BROWSER TESTS DID NOT RUN: Chromium is not "
                                        "installed; the pages were not checked in a browser", red=True)
