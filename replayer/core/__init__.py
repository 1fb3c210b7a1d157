"""The game-independent core: logs, registry, replay driver, violations, ledger, simulation."""
from .errors import IllegalMove, LogError, LudologError, Violation
from .game import CHANCE, TERMINAL, Game
from .ledger import Ledger, ScoreEvent
from .log import GameLog, Player, parse_log, read_log
from .registry import all_games, game_names, get_game, register
from .replay import ReplayResult, replay
from .rules import CORE_RULES, Rule, RuleBook
from .simulate import simulate_log

__all__ = ["CHANCE", "CORE_RULES", "Game", "GameLog", "IllegalMove", "Ledger", "LogError", "LudologError",
           "Player", "ReplayResult", "Rule", "RuleBook", "ScoreEvent", "TERMINAL", "Violation", "all_games",
           "game_names", "get_game", "parse_log", "read_log", "register", "replay", "simulate_log"]
