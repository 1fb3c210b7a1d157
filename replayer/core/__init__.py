"""The game-independent core: logs, registry, replay driver, violations, ledger, simulation, and the
types games are built from (hidden pools, simultaneous windows, pending decisions, effect kinds,
state cloning, bot seats)."""
from .bots import BOT_PREFIX, BotSeat, result_line
from .cloning import SHARED, clone_fields, snapshot
from .components import UNKNOWN, HiddenPool
from .decisions import DecisionStack, EffectRegistry
from .errors import IllegalMove, LogError, LudologError, Violation
from .game import CHANCE, SIMULTANEOUS, TERMINAL, Game
from .ledger import Ledger, ScoreEvent
from .log import GameLog, Player
from .migrate import CURRENT_FORMAT, FORMATS, Migrated, MigrationError, migrate_log, migrate_traced
from .reading import parse_log, read_log
from .registry import all_games, find_game, game_names, get_game, register
from .replay import ReplayResult, replay
from .rules import CORE_RULES, Rule, RuleBook
from .simulate import simulate_log
from .simultaneous import SimultaneousWindow, check_simultaneous

__all__ = ["BOT_PREFIX", "BotSeat", "CHANCE", "CORE_RULES", "CURRENT_FORMAT", "DecisionStack", "EffectRegistry",
           "FORMATS", "Game", "GameLog", "HiddenPool", "IllegalMove", "Ledger", "LogError", "LudologError",
           "MigrationError", "Player", "ReplayResult", "Rule", "RuleBook", "SHARED", "SIMULTANEOUS",
           "ScoreEvent", "SimultaneousWindow", "TERMINAL", "UNKNOWN", "Violation", "all_games", "check_simultaneous",
           "clone_fields", "find_game", "game_names", "get_game", "migrate_log", "migrate_traced", "Migrated", "parse_log", "read_log",
           "register", "replay", "result_line", "simulate_log", "snapshot"]
