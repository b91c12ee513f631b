"""The registry of games: ``load_game`` and ``list_games``."""

from __future__ import annotations

import importlib
from typing import Any

from .errors import OptionError
from .options import GameInfo, recorded_options, validate_options
from .state import Game

# game id -> "module:attribute" of the Game subclass; imported on first use so that
# loading one game never imports the others.
_GAMES: dict[str, str] = {
    "kot": "tokyo.games.kingoftokyo.base:BaseGame",
    "kot-dark": "tokyo.games.kingoftokyo.dark:DarkEditionGame",
    "kot-godzilla": "tokyo.games.kingoftokyo.godzilla:GodzillaGame",
    "crisis-tokyo": "tokyo.games.crisis.game:CrisisTokyoGame",
    "storyline": "tokyo.games.storyline.game:StorylineGame",
    "crisis-format": "tokyo.games.storyline.game:CrisisFormatGame",
}
_LOADED: dict[str, type[Game]] = {}


def register_game(game_id: str, target: str | type[Game]) -> None:
    """Register a game class (or ``"module:Class"``) under ``game_id``."""
    if isinstance(target, str):
        _GAMES[game_id] = target
    else:
        _LOADED[game_id] = target
        # getattr: mypyc reads ``Class.__module__`` as an instance attribute and refuses it
        _GAMES[game_id] = f"{getattr(target, '__module__')}:{target.__qualname__}"


def _game_class(game_id: object) -> type[Game]:
    if not isinstance(game_id, str) or game_id not in _GAMES:
        raise OptionError(f"unknown game {game_id!r}; games: {', '.join(sorted(_GAMES))}")
    if game_id not in _LOADED:
        module, _, attr = _GAMES[game_id].partition(":")
        cls = getattr(importlib.import_module(module), attr)
        if not (isinstance(cls, type) and issubclass(cls, Game)):
            raise TypeError(f"{_GAMES[game_id]} (game {game_id!r}) is not a Game class")
        _LOADED[game_id] = cls
    return _LOADED[game_id]


def game_info(game_id: object) -> GameInfo:
    """The GameInfo (players, options) of ``game_id``; OptionError if unknown."""
    return _game_class(game_id).info


def load_game(game_id: object, players: int | str | object = None, **options: Any) -> Game:
    """Return the Game ``game_id`` for ``players`` seats (a number or its text, "4"; None:
    the game's default) with ``options`` applied.

    Raises OptionError for an unknown game, an unknown option, a bad value, a player count
    that is not a whole number (anything else given is refused so too), or one outside the
    game's range; the message lists what is allowed.
    """
    cls = _game_class(game_id)
    info: GameInfo = cls.info
    count: int
    if players is None:
        count = info.default_players
    elif isinstance(players, int) and not isinstance(players, bool):
        count = players
    elif not isinstance(players, (bool, float)) and str(players).strip().isdigit():
        count = int(str(players).strip())  # text, or an integer of another type (numpy's)
    else:
        raise OptionError(f"players must be a number from {info.min_players} to {info.max_players}")
    if not info.min_players <= count <= info.max_players:
        raise OptionError(f"{game_id} is for {info.min_players} to {info.max_players} players, not {count}")
    full = validate_options(info, options)
    return cls(count, full)


def _unpickle_game(game_id: str, players: int, options: dict[str, Any]) -> Game:
    """``pickle``/``copy`` of a Game (``Game.__reduce__``): the same game, loaded again."""
    return load_game(game_id, players, **options)


def load_recorded_game(game_id: str, players: int | str | object, options: dict[str, Any]) -> Game:
    """``load_game`` for a game record's fields: an option the record does not name but
    the game declares with a ``legacy`` value gets that value (``recorded_options``), so
    a record made before the option existed is rebuilt by the engine it was played on."""
    return load_game(game_id, players, **recorded_options(game_info(game_id), options))


def game_catalogue(game_id: str) -> list[dict[str, Any]]:
    """Every card, tile and monster of ``game_id`` as dicts with at least set, id, name,
    cost, type, text and ``rule_id`` (``tokyo cards``). ``rule_id`` is the statement id of
    the entry's effect in the rules index (docs/rules/README.md): the game's own, or
    ``"<game> card:<id>"``; None for an entry with no effect to test. OptionError if the
    game is unknown."""
    entries = _game_class(game_id).catalogue()
    for e in entries:
        e.setdefault("rule_id", f"{game_id} card:{e['id']}")
    return entries


def list_games() -> list[dict[str, Any]]:
    """Every registered game: id, title, player range and options with defaults."""
    return [game_info(g).as_dict() for g in sorted(_GAMES)]
