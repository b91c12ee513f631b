"""tokyo-engine: rules engine, simulator and play server for tabletop games.

Start with ``tokyo.load_game("kot-dark", players=4)``; see README.md.
"""

from .core import (CHANCE, TERMINAL, Action, Event, Game, GameRecord, IllegalActionError,
                   OptionError, State, StateFormatError, TokyoError, game_info, list_games,
                   load_game, play_game, register_game)

__version__ = "0.1.0"

__all__ = ["CHANCE", "TERMINAL", "Action", "Event", "Game", "GameRecord", "IllegalActionError",
           "OptionError", "State", "StateFormatError", "TokyoError", "game_info", "list_games",
           "load_game", "play_game", "register_game", "__version__"]
