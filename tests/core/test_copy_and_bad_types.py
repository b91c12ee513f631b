"""Copy, deepcopy and pickle of states and games (they go through clone() and the saved
form, so they work alike on the pure and the compiled engine), and arguments of the
wrong type refused with the documented errors on both (issue 13: the compiled engine
checks types, so the kernel's entry points validate what they are given first)."""

from __future__ import annotations

import copy
import pickle
import random

import pytest

import tokyo
from tokyo.core import sample_chance

GAMES = ["kot", "kot-dark", "kot-godzilla", "crisis-tokyo", "storyline", "crisis-format", "toy-pig"]


def _midgame(game_id: str, steps: int = 60):
    game = tokyo.load_game(game_id, 2)
    state, rng = game.new_initial_state(), random.Random(7)
    for _ in range(steps):
        if state.is_terminal():
            break
        state._apply_legal(sample_chance(state, rng) if state.is_chance_node() else rng.choice(state.legal_texts()))
    return game, state


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("how", ["copy", "deepcopy", "pickle"])
def test_a_copied_state_is_equal_independent_and_plays_on_alike(game_id, how):
    game, state = _midgame(game_id)
    state.set_quiet(game_id == "kot-dark")
    other = {"copy": copy.copy, "deepcopy": copy.deepcopy,
             "pickle": lambda s: pickle.loads(pickle.dumps(s))}[how](state)
    assert other is not state and other == state and other.history() == state.history()
    assert other.log == state.log and other.quiet == state.quiet
    if not state.is_terminal():
        rng_a, rng_b = random.Random(3), random.Random(3)
        for s, rng in ((state, rng_a), (other, rng_b)):
            for _ in range(20):
                if s.is_terminal():
                    break
                s._apply_legal(sample_chance(s, rng) if s.is_chance_node() else rng.choice(s.legal_texts()))
        assert other == state  # the copy played on exactly as the original did


@pytest.mark.parametrize("game_id", GAMES)
def test_a_pickled_game_is_the_same_game(game_id):
    game = tokyo.load_game(game_id, 2)
    assert pickle.loads(pickle.dumps(game)) == game and copy.deepcopy(game) == game


@pytest.mark.parametrize("bad", [None, 123, b"kot-dark", ["kot-dark"]])
def test_a_game_id_that_is_not_text_is_an_option_error(bad):
    with pytest.raises(tokyo.OptionError, match="unknown game"):
        tokyo.load_game(bad)


@pytest.mark.parametrize("bad", [None, {}, 5, ["x"]])
def test_a_saved_state_that_is_not_text_is_a_state_format_error(bad):
    with pytest.raises(tokyo.StateFormatError, match="a JSON text is needed"):
        tokyo.load_game("kot-dark", 2).state_from_json(bad)


def test_a_saved_state_may_be_given_as_utf8_bytes():
    game, state = _midgame("crisis-tokyo")
    assert game.state_from_json(state.to_json().encode("utf-8")) == state


def test_an_action_whose_text_is_not_a_string_is_refused():
    game, state = _midgame("kot-dark")
    before = state.to_json()
    try:
        action = tokyo.Action(state.current_player(), 5)  # type: ignore[arg-type]
    except TypeError as exc:  # the compiled engine refuses it already here
        assert "str" in str(exc)
    else:
        with pytest.raises(tokyo.IllegalActionError, match="must be a string"):
            state.apply_action(action)
    assert state.to_json() == before
