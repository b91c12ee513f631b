"""The kernel's action indices and observation tensors (docs/notation.md, "Action
indices"), on the toy game Pig; each game's own encoding is checked by its package's tests
with the same checker (tests/indexcheck.py)."""

from __future__ import annotations

import numpy as np
import pytest

import toygame
from indexcheck import check_random_games
from tokyo import IllegalActionError, load_game

toygame.register()


def test_pig_random_games_through_indices():
    assert check_random_games("toy-pig", 2, games=30) > 300
    assert check_random_games("toy-pig", 3, games=10, options={"die": "d4"}) > 100


def test_indices_and_mask_at_a_decision_and_a_chance_node():
    game = load_game("toy-pig", 2)
    state = game.new_initial_state()
    assert state.is_chance_node()
    assert state.legal_action_indices() == [0, 1, 2, 3, 4, 5]
    assert state.legal_action_mask() == [1] * 6
    state.apply_index(3)                       # chance: index 3 is "roll 4"
    assert state.history() == ["roll 4"]
    assert state.legal_action_indices() == [0, 1]
    assert state.legal_action_mask() == [1, 1]
    assert state.action_to_index("HOLD") == 1  # any accepted spelling
    state.apply_index(np.int64(1), seat=0)    # numpy integers are indices too
    assert state.history() == ["roll 4", "hold"]
    assert state.current_player() == -1


def test_bad_indices_are_refused_and_change_nothing():
    game = load_game("toy-pig", 2)
    state = game.new_initial_state()
    state.apply_action("roll 5")
    before = state.to_json()
    for bad in (2, -1, 7, "0", 1.0, True, None):
        with pytest.raises(IllegalActionError, match="Legal indices: 0, 1"):
            state.apply_index(bad)
    with pytest.raises(IllegalActionError, match="not to act"):
        state.apply_index(0, seat=1)
    with pytest.raises(IllegalActionError, match="not legal"):
        state.action_to_index("roll 5")
    assert state.to_json() == before


def test_terminal_state_has_no_indices():
    game = load_game("toy-pig", 2, target=5)
    state = game.new_initial_state()
    for text in ["roll 6"]:
        state.apply_action(text)
    assert state.is_terminal()
    assert state.legal_action_indices() == []
    with pytest.raises(IllegalActionError, match="the game is over: no action has an index"):
        state.index_to_action(0)


def test_observation_tensor_is_built_from_the_observation():
    game = load_game("toy-pig", 2)
    assert game.observation_pieces()[0] == ("scores", (2,))
    assert game.observation_tensor_size() == 2 + 1 + 2 + 1 + 2
    state = game.new_initial_state()
    for text in ["roll 4", "hold", "roll 3"]:
        state.apply_action(text)
    t0, t1 = state.observation_tensor(0), state.observation_tensor(1)
    assert t0[:3] == [4 / 20, 0.0, 3 / 20]            # scores, then the turn total
    assert t0[3:5] == [0.0, 1.0]                      # seat 1 to act
    assert t0[6:] == [1.0, 0.0] and t1[6:] == [0.0, 1.0]  # whose tensor it is
    assert state.observation_tensor(np.int64(1)) == t1  # any integer type
    for bad in (2, -1, None, True, 1.0, "1"):
        with pytest.raises(ValueError, match="seat must be one of 0..1"):
            state.observation_tensor(bad)


def test_a_game_without_an_encoding_says_so():
    from tokyo.core import Game

    class Bare(Game):
        info = toygame.INFO

    bare = Bare(2, {})
    with pytest.raises(NotImplementedError, match="toy-pig has no action index space"):
        bare.num_distinct_actions()
    with pytest.raises(NotImplementedError, match="no observation tensor"):
        bare.observation_pieces()


def test_two_legal_actions_sharing_an_index_is_reported_as_a_defect():
    class Broken(toygame.PigGame):
        def action_index(self, state, text):
            return 0

    state = Broken(2, dict(load_game("toy-pig", 2).options)).new_initial_state()
    state.apply_action("roll 2")
    with pytest.raises(RuntimeError, match="share index 0"):
        state.legal_action_indices()
