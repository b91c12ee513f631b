"""The observation tensor as its non-zero entries (tokyo.core.tensor), and the index map
kept for one legal list (a mask and the next apply_index share it)."""

from __future__ import annotations

import random

import numpy as np
import pytest

import toygame
from tokyo.core import (Game, TensorSizeError, TensorWriter, load_game, observation_array, sample_chance)

toygame.register()


def test_writer_in_sequence_keeps_only_non_zero_entries():
    w = TensorWriter(10)
    w.one_hot(3, 1)          # 0..2
    w.one_hot(2, -1)         # 3..4: nothing (outside the width)
    w.one_hot(2, 2)          # 5..6: nothing (outside the width)
    w.value(0.0)             # 7
    w.values([0.5, 0.0])     # 8..9
    assert w.pos == 10
    assert w.entries == {1: 1.0, 8: 0.5}
    assert w.dense() == [0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.5, 0.0]
    w.check("toy")


def test_writer_at_offsets_sets_and_adds():
    w = TensorWriter(4)
    w.add(2, 1 / 3)
    w.add(2, 1 / 3)
    w.set(0, 2.0)
    w.set(0, 0.0)            # a zero written removes the entry
    w.add(3, 1.0)
    w.add(3, -1.0)           # back to zero: removed
    w.skip(4)
    assert w.entries == {2: 2 / 3}
    assert w.dense() == [0.0, 0.0, 2 / 3, 0.0]


def test_writer_check_names_the_defect():
    short = TensorWriter(5)
    short.values([1.0, 1.0])
    with pytest.raises(TensorSizeError, match="wrote 2 entries, its pieces add up to 5"):
        short.check("toy")
    short.check("toy", sequential=False)   # an encoding at offsets needs no cursor
    out = TensorWriter(3)
    out.set(3, 1.0)
    with pytest.raises(TensorSizeError, match="entry 3, outside its 3"):
        out.check("toy", sequential=False)


def test_a_game_whose_encoding_miscounts_raises_instead_of_a_wrong_tensor():
    class Short(toygame.PigGame):
        def write_observation_tensor(self, obs: dict, seat: int, writer: TensorWriter) -> None:
            writer.values([1.0])

    state = Short(2, dict(load_game("toy-pig", 2).options)).new_initial_state()
    with pytest.raises(TensorSizeError, match="toy-pig: the observation tensor encoding wrote 1 entries"):
        state.observation_tensor(0)


@pytest.mark.parametrize("game_id, players, options", [
    ("kot-dark", 4, {}), ("kot", 5, {}), ("kot-godzilla", 3, {"evolutions": True}), ("crisis-tokyo", 3, {}),
    ("storyline", 2, {}), ("crisis-format", 2, {}), ("toy-pig", 2, {})])
def test_entries_and_arrays_are_the_tensor(game_id, players, options):
    game: Game = load_game(game_id, players, **options)
    rng = random.Random(5)
    state = game.new_initial_state()
    buffer = np.full(game.observation_tensor_size(), 7.0, dtype=np.float32)
    checked = 0
    while not state.is_terminal() and checked < 60:
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
            continue
        for seat in range(game.num_players):
            dense = state.observation_tensor(seat)
            entries = state.observation_entries(seat)
            assert entries == {i: v for i, v in enumerate(dense) if v}
            array = observation_array(state, seat)
            assert array.dtype == np.float32 and array.shape == (len(dense),)
            assert array.tolist() == pytest.approx(dense)
            same = observation_array(state, seat, out=buffer)   # filled in place, old values gone
            assert same is buffer and buffer.tolist() == pytest.approx(dense)
        state.apply_action(rng.choice(state.legal_texts()))
        checked += 1
    assert checked > 10


def test_the_index_map_is_built_once_per_node_and_never_outlives_it():
    calls = []

    class Counting(toygame.PigGame):
        def action_index(self, state, text):
            calls.append(text)
            return super().action_index(state, text)

    game = Counting(2, dict(load_game("toy-pig", 2).options))
    state = game.new_initial_state()
    rng = random.Random(3)
    steps = 0
    while steps < 100:
        if state.is_terminal():
            state = game.new_initial_state()
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
            continue
        calls.clear()
        mask = state.legal_action_mask()
        indices = state.legal_action_indices()
        assert len(calls) == len(state.legal_texts())   # one map for the mask and the indices
        assert [i for i, m in enumerate(mask) if m] == indices
        choice = rng.choice(indices)
        clone = state.clone()
        clone.apply_index(choice)                       # a clone builds its own map
        state.apply_index(choice)
        assert clone.history() == state.history() and state.history()[-1] == Counting.ACTIONS[choice]
        steps += 1


@pytest.mark.parametrize("game_id", ["kot-dark", "crisis-tokyo", "storyline"])
def test_indices_stay_right_from_node_to_node(game_id):
    """The map kept for a node is never used at the next one: at every node each legal
    index leads to the action it names there (the index of a card moves with the hand)."""
    game = load_game(game_id, 2)
    rng = random.Random(11)
    state = game.new_initial_state()
    steps = 0
    while not state.is_terminal() and steps < 150:
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
            continue
        indices = state.legal_action_indices()
        assert sorted(state.action_to_index(t) for t in state.legal_texts()) == indices
        for i in indices:
            assert state.action_to_index(state.index_to_action(i)) == i
        state.apply_index(rng.choice(indices))
        steps += 1
    assert steps > 30


def test_numpy_seats_and_odd_actions_are_taken_alike_by_both_engines():
    """Compiled functions check their argument types: a numpy seat must still be a seat,
    and an action that is not text an IllegalActionError, not a TypeError."""
    from tokyo.core import IllegalActionError
    state = load_game("kot-dark", 2).new_initial_state()
    assert observation_array(state, np.int64(1)).tolist() == pytest.approx(state.observation_tensor(1))
    for odd in (5, None, 1.5):
        with pytest.raises(IllegalActionError, match="an action must be an Action or its text"):
            state.action_to_index(odd)

