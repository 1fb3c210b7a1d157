import pytest

from ludolog.replayer.core import registry

from . import toygame


@pytest.fixture
def toy():
    """The toy dice race, registered for the duration of a test."""
    registry.register(toygame.GAME)
    yield toygame.GAME
    registry.unregister("toy")
