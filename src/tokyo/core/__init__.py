"""tokyo.core: the kernel. It knows no game."""

from .errors import IllegalActionError, OptionError, StateFormatError, TokyoError
from .options import GameInfo, Option, recorded_options, validate_options
from .registry import game_catalogue, game_info, list_games, load_game, load_recorded_game, register_game
from .runner import GameRecord, play_game, sample_chance
from .state import CHANCE, TERMINAL, Action, Event, Game, State
from .tensor import TensorSizeError, TensorWriter, observation_array

__all__ = ["CHANCE", "TERMINAL", "Action", "Event", "Game", "GameInfo", "GameRecord",
           "IllegalActionError", "Option", "OptionError", "State", "StateFormatError",
           "TensorSizeError", "TensorWriter", "TokyoError", "game_catalogue", "game_info", "list_games", "load_game", "load_recorded_game", "observation_array", "play_game",
           "recorded_options", "register_game", "sample_chance", "validate_options"]
