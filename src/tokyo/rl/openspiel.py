"""The games as OpenSpiel games (docs/rl.md).

``load_game("kot-dark", players=4, **options)`` registers the game with
``pyspiel.register_game`` (once) and loads it; ``register(game_id)`` only registers it,
under the short name ``tokyo_<game id with _ for ->`` (``tokyo_kot_dark``), so that
``pyspiel.load_game("tokyo_kot_dark(players=3)")`` works too. Importing this module
registers the project's five games.

What OpenSpiel is told, per game (:func:`game_type`):

- sequential turns, explicit stochastic chance (chance nodes list their outcomes and
  probabilities), terminal rewards;
- imperfect information when the game's state redeals hidden parts in ``resample``
  (every project game), perfect information when it keeps the kernel's default (a clone);
- identical utility for a co-operative game whose seats are all players (the Crisis
  Format, ``opponent=auto``), general-sum otherwise; returns are 1.0 for each winner and
  0.0 for the others, so the utility range is 0 to 1;
- an observation tensor (the kernel's, in its named pieces) and an observation string (the
  seat's observation as JSON); no information state (use ``use_observation_string=True``
  in OpenSpiel's ISMCTSBot, with :func:`resampler`).

Parameters: ``players``, ``max_game_length`` (the cap: after that many decisions the game
ends with every return 0; default 10,000) and the game's options. In OpenSpiel's game
strings commas separate parameters, so a text option that lists items uses ``+`` between
them (``monsters=the-king+gigazaur``); it reaches the game with commas.

States are saved through the kernel: OpenSpiel's ``serialize`` pickles the Python state,
whose tokyo State pickles as its ``to_json`` text and is read back by
``state_from_json``.
"""

from __future__ import annotations

import json
import random
from typing import Any, Callable

import numpy as np
import pyspiel

from ..core import CHANCE, Game, IllegalActionError, State, game_info, list_games, observation_array
from ._common import DEFAULT_MAX_DECISIONS, load_encoded_game

__all__ = ["TokyoSpielGame", "TokyoSpielState", "register", "load_game", "game_params", "shimmy_env", "short_name", "game_type",
           "resampler", "COOPERATIVE", "PROJECT_GAMES", "DEFAULT_MAX_DECISIONS"]

PROJECT_GAMES = ("kot", "kot-dark", "crisis-tokyo", "kot-godzilla", "storyline", "crisis-format")
COOPERATIVE = frozenset({"crisis-format"})
"""Games whose players win or lose together (identical utility while every seat is a player)."""

_registered: dict[str, type] = {}


def short_name(game_id: str) -> str:
    return "tokyo_" + game_id.replace("-", "_")


def _param_value(value: Any) -> Any:
    """An option value as an OpenSpiel parameter: numbers and booleans as they are, a list
    as its items joined by ``+`` (a comma would end the parameter in the game's string,
    which serialization reads back)."""
    if isinstance(value, bool) or isinstance(value, int) or isinstance(value, float):
        return value
    if isinstance(value, (list, tuple)):
        return "+".join(str(v) for v in value)
    return str(value).replace(",", "+")


def _tokyo_options(game_id: str, params: dict[str, Any]) -> tuple[int, int, dict[str, Any]]:
    params = dict(params)
    players = int(params.pop("players"))
    cap = int(params.pop("max_game_length"))
    known = {o.name for o in game_info(game_id).options}
    options = {k: (v.replace("+", ",") if isinstance(v, str) else v) for k, v in params.items() if k in known}
    return players, cap, options


def game_type(game: Game) -> pyspiel.GameType:
    """The GameType OpenSpiel is given for ``game`` (see the module docstring)."""
    info = game.info
    state = game.new_initial_state()
    hidden = type(state).resample is not State.resample
    identical = game.game_id in COOPERATIVE and all(r == "player" for r in game.seat_roles())
    spec: dict[str, Any] = {"players": info.default_players, "max_game_length": DEFAULT_MAX_DECISIONS}
    for option in info.options:
        spec[option.name] = _param_value(option.default)
    return pyspiel.GameType(
        short_name=short_name(game.game_id),
        long_name=f"{info.title} (tokyo-engine)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=(pyspiel.GameType.Information.IMPERFECT_INFORMATION if hidden
                     else pyspiel.GameType.Information.PERFECT_INFORMATION),
        utility=pyspiel.GameType.Utility.IDENTICAL if identical else pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=info.max_players + (1 if any(o.name == "opponent" for o in info.options) else 0),
        min_num_players=info.min_players,
        provides_information_state_string=False,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=spec,
        default_loadable=True,
        provides_factored_observation_string=False)


class TokyoSpielGame(pyspiel.Game):
    """A tokyo game as an OpenSpiel game (built by OpenSpiel from its parameters). Each
    registered game has its subclass, whose ``GAME_ID`` names the tokyo game (OpenSpiel is
    given the class: a function given instead crashes the interpreter at exit)."""

    GAME_ID = ""

    def __init__(self, params: dict[str, Any] | None = None):
        game_id = self.GAME_ID
        players, cap, options = _tokyo_options(game_id, dict(params or {}))
        if cap < 1:
            raise ValueError("max_game_length must be at least 1")
        self.tokyo_game = load_encoded_game(game_id, players, **options)
        self.cap = cap
        game = self.tokyo_game
        info = pyspiel.GameInfo(
            num_distinct_actions=game.num_distinct_actions(),
            max_chance_outcomes=game.max_chance_outcomes(),
            num_players=game.num_players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=None,
            max_game_length=cap)
        super().__init__(game_type(game), info, params)

    def new_initial_state(self) -> "TokyoSpielState":
        return TokyoSpielState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> "_Observer":
        if params:
            raise ValueError(f"observation parameters are not supported (got {params})")
        if iig_obs_type is not None and iig_obs_type.perfect_recall:
            raise ValueError(f"{self.tokyo_game.game_id}: no information state (perfect recall) is provided; "
                             "use the observation (observation_tensor, observation_string)")
        return _Observer(self.tokyo_game)


class TokyoSpielState(pyspiel.State):
    """An OpenSpiel state holding a tokyo State (``tokyo_state``), in quiet mode."""

    def __init__(self, game: TokyoSpielGame):
        super().__init__(game)
        # made on first use: OpenSpiel's clone and deserialization start from a new state
        # and then set these attributes
        self._tstate: State | None = None
        self.decisions = 0
        self.cap = game.cap

    @property
    def tokyo_state(self) -> State:
        if self._tstate is None:
            state = self.get_game().tokyo_game.new_initial_state()
            state.set_quiet()
            self._tstate = state
        return self._tstate

    def current_player(self) -> int:
        if self.is_terminal():
            return pyspiel.PlayerId.TERMINAL
        player = self.tokyo_state.current_player()
        return pyspiel.PlayerId.CHANCE if player == CHANCE else player

    def is_terminal(self) -> bool:
        return self.decisions >= self.cap or self.tokyo_state.is_terminal()

    def _legal_actions(self, player: int) -> list[int]:
        return self.tokyo_state.legal_action_indices()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        state = self.tokyo_state
        return sorted((state.action_to_index(a), p) for a, p in state.chance_outcomes())

    def _apply_action(self, action: int) -> None:
        state = self.tokyo_state
        if self.decisions >= self.cap:
            raise IllegalActionError(f"the game was cut off after max_game_length={self.cap} decisions: "
                                     "no action can be applied", str(action), [], None)
        if not state.is_chance_node():
            self.decisions += 1
        state.apply_index(action)

    def _action_to_string(self, player: int, action: int) -> str:
        state = self.tokyo_state
        if state.current_player() == player:
            try:
                return state.index_to_action(action)
            except Exception:  # not legal here: the index alone
                pass
        return f"#{int(action)}"

    def returns(self) -> list[float]:
        return [float(r) for r in self.tokyo_state.returns()]

    def __str__(self) -> str:
        return self.tokyo_state.to_json()


class _Observer:
    """OpenSpiel's Python observer: the kernel's tensor in its named pieces, and the
    observation as JSON text."""

    def __init__(self, game: Game):
        self.game = game
        self.tensor = np.zeros(game.observation_tensor_size(), np.float32)
        self.dict: dict[str, np.ndarray] = {}
        start = 0
        for name, shape in game.observation_pieces():
            size = int(np.prod(shape))
            self.dict[name] = self.tensor[start:start + size].reshape(shape)
            start += size

    def set_from(self, state: TokyoSpielState, player: int) -> None:
        observation_array(state.tokyo_state, player, out=self.tensor)

    def string_from(self, state: TokyoSpielState, player: int) -> str:
        return json.dumps(state.tokyo_state.observation(player), sort_keys=True, separators=(",", ":"))


def register(game_id: str) -> str:
    """Register ``game_id`` with OpenSpiel (once); returns its short name. The game is
    loaded with its default players to describe it; its encoding is needed only to load it."""
    name = short_name(game_id)
    if game_id in _registered:
        return name
    from ..core import load_game as tokyo_load
    gtype = game_type(tokyo_load(game_id))
    cls = type(f"TokyoSpielGame_{name}", (TokyoSpielGame,), {"GAME_ID": game_id})
    pyspiel.register_game(gtype, cls)
    _registered[game_id] = cls
    return name


def game_params(game_id: str, players: int | None = None, max_game_length: int = DEFAULT_MAX_DECISIONS,
                **options: Any) -> dict[str, Any]:
    """The OpenSpiel parameters of ``game_id`` with these players, cap and options."""
    params: dict[str, Any] = {"max_game_length": int(max_game_length)}
    if players is not None:
        params["players"] = int(players)
    declared = {o.name: o for o in game_info(game_id).options}
    for key, value in options.items():
        option = declared.get(key)
        if option is not None and option.kind in ("bool", "int"):
            value = option.coerce(value)  # "true" -> True: OpenSpiel checks the parameter's type
        params[key] = _param_value(value)
    return params


def load_game(game_id: str, players: int | None = None, max_game_length: int = DEFAULT_MAX_DECISIONS,
              **options: Any) -> pyspiel.Game:
    """Register ``game_id`` if needed and load it in OpenSpiel with these parameters."""
    register(game_id)
    return pyspiel.load_game(short_name(game_id), game_params(game_id, players, max_game_length, **options))


def shimmy_env(game_id: str, players: int | None = None, max_game_length: int = DEFAULT_MAX_DECISIONS,
               render_mode: str | None = None, **options: Any) -> Any:
    """The registered game through shimmy's ``OpenSpielCompatibilityV0`` (a PettingZoo AEC
    environment). It is given the game's name and parameters, not a loaded game: the
    wrapper loads the game again by name at every reset, so a game given to it would lose
    its parameters (players, options) at the first reset."""
    from shimmy import OpenSpielCompatibilityV0
    register(game_id)
    return OpenSpielCompatibilityV0(game_name=short_name(game_id), render_mode=render_mode,
                                    config=game_params(game_id, players, max_game_length, **options))


def resampler(seed: int | None = None) -> Callable[[TokyoSpielState, int], TokyoSpielState]:
    """A resampler for OpenSpiel's Python ISMCTSBot (``bot.set_resampler(resampler(0))``):
    a copy of the state whose hidden parts are redealt by the game's ``resample`` for the
    seat, drawn with its own generator."""
    rng = random.Random(seed)

    def resample(state: TokyoSpielState, player: int) -> TokyoSpielState:
        other = state.clone()
        other._tstate = state.tokyo_state.resample(player, random.Random(rng.random()))
        other._tstate.set_quiet()
        return other

    return resample


def _register_project_games() -> None:
    known = {g["id"] for g in list_games()}
    for game_id in PROJECT_GAMES:
        if game_id in known:
            register(game_id)


_register_project_games()
