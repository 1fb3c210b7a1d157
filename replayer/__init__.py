"""Rules engines: the game-independent core and one package per game."""
from .core import *  # noqa: F401,F403
from .core import __all__  # noqa: F401
