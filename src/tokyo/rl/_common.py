"""What the three adapters share: loading a game that has an encoding, drawing chance
outcomes from a numpy generator, the arrays of an observation, and what to do with an
action index that is not legal."""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np

from ..core import CHANCE, TERMINAL, Game, IllegalActionError, State, load_game, observation_array

DEFAULT_MAX_DECISIONS = 10_000
"""The default cap: after this many decisions (chance outcomes not counted) an episode is
truncated (PettingZoo ``max_cycles``, Gymnasium ``max_decisions``, OpenSpiel
``max_game_length``)."""

ILLEGAL_ACTION_MODES = ("raise", "random")
"""What an environment does with an action index that is not legal now: ``raise``
(IllegalActionError, the default) or ``random`` (a legal action drawn from the
environment's generator instead; the step's info says ``illegal_action: True``). Learners
that use the action masks never send one; ``random`` is for samplers that do not, such as
the libraries' own checkers."""


class NoEncodingError(NotImplementedError):
    """The game has no action indices or observation tensor yet (docs/notation.md)."""


def load_encoded_game(game_id: str, players: int | None = None, **options: Any) -> Game:
    """``load_game`` that also checks the game has action indices and an observation
    tensor; raises :class:`NoEncodingError` naming the game when it has not."""
    game = load_game(game_id, players, **options)
    try:
        game.num_distinct_actions()
        game.max_chance_outcomes()
        game.observation_tensor_size()
    except NotImplementedError as exc:
        raise NoEncodingError(
            f"game {game_id!r} cannot be used for learning yet: {exc}. A game needs the action "
            "indices and observation tensor of docs/notation.md ('Action indices and observation "
            "tensors').") from None
    return game


def agent_name(seat: int) -> str:
    return f"player_{seat}"


def sample_chance(state: State, rng: np.random.Generator) -> None:
    """Apply one chance outcome of ``state`` drawn with ``rng`` (one uniform number)."""
    outcomes = state.chance_outcomes()
    r = float(rng.random())
    total = 0.0
    for action, p in outcomes:
        total += p
        if r < total:
            state.apply_action(action)
            return
    state.apply_action(outcomes[-1][0])


def play_chance(state: State, rng: np.random.Generator) -> None:
    """Draw chance outcomes until a seat is to act or the game is over."""
    while state.current_player() == CHANCE:
        sample_chance(state, rng)


def mask_array(state: State, seat: int, size: int) -> np.ndarray:
    """The int8 mask of ``seat``'s legal action indices (all zeros when it is not to act)."""
    mask = np.zeros(size, dtype=np.int8)
    if state.current_player() == seat:
        mask[state.legal_action_indices()] = 1
    return mask


def check_illegal_mode(mode: str) -> str:
    if mode not in ILLEGAL_ACTION_MODES:
        raise ValueError(f"illegal_action must be one of {', '.join(ILLEGAL_ACTION_MODES)}, not {mode!r}")
    return mode


def resolve_action(state: State, action: object, mode: str, rng: np.random.Generator) -> tuple[str, bool]:
    """The text of the legal action with index ``action`` (any integer type), and False;
    or, with mode ``random`` and an index no legal action has, a legal action drawn with
    ``rng`` and True. With mode ``raise`` such an index raises IllegalActionError."""
    if state.current_player() in (CHANCE, TERMINAL):
        raise IllegalActionError("no seat is to act", str(action), [], None)
    try:
        return state.index_to_action(action), False
    except IllegalActionError:
        if mode == "raise":
            raise
    legal = state.legal_texts()
    return legal[int(rng.integers(len(legal)))], True


def render_text(state: State | None, seat: int | None, mode: str | None) -> str | None:
    """What an environment's ``render()`` gives: the state's text picture as ``seat`` sees
    it, printed (``human``) or returned (``ansi``); a warning and None without a mode."""
    if mode is None:
        gymnasium.logger.warn("render() called without a render_mode (use 'human' or 'ansi')")
        return None
    text = state.render(seat) if state is not None else "(not reset)"
    if mode == "human":
        print(text)
        return None
    return text
