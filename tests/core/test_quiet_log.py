"""Quiet mode and the shared log of clones (kernel, issue 13)."""

from __future__ import annotations

import random

import pytest

import tokyo
from tokyo.agents import RandomAgent
from tokyo.core import sample_chance


def advance(state, rng, steps):
    for _ in range(steps):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
        else:
            state.apply_action(rng.choice(state.legal_texts()))


@pytest.mark.parametrize("game_id", ["kot", "kot-dark", "kot-godzilla", "crisis-tokyo", "storyline", "crisis-format"])
def test_a_clone_and_its_original_keep_their_own_logs(game_id):
    rng = random.Random(3)
    state = tokyo.load_game(game_id, 2).new_initial_state()
    advance(state, rng, 8)
    assert not state.is_terminal()
    before = [e.text for e in state.log]
    other = state.clone()
    assert [e.text for e in other.log] == before
    advance(other, random.Random(4), 60)
    assert len(other.log) > len(before)
    assert [e.text for e in state.log] == before  # the clone's sentences stay in the clone
    advance(state, random.Random(5), 60)
    assert [e.text for e in other.log][:len(before)] == before
    third = other.clone()
    advance(state, random.Random(6), 30)
    assert [e.text for e in third.log] == [e.text for e in other.log]


@pytest.mark.parametrize("game_id", ["kot-dark", "crisis-tokyo", "storyline"])
def test_a_quiet_state_keeps_no_sentences_and_plays_the_same(game_id):
    game = tokyo.load_game(game_id, 2)
    loud, quiet = game.new_initial_state(), game.new_initial_state()
    quiet.set_quiet()
    start = len(quiet.log)
    rng_a, rng_b = random.Random(9), random.Random(9)
    advance(loud, rng_a, 200)
    advance(quiet, rng_b, 200)
    assert loud.history() == quiet.history() and loud.to_json() != quiet.to_json()
    assert len(quiet.log) == start < len(loud.log)
    assert quiet.clone().quiet and not loud.clone().quiet
    assert game.replay(quiet.history()).log == loud.log  # the log comes back by replaying


def test_play_game_without_log_keeps_the_log_where_record_extras_need_it():
    game = tokyo.load_game("crisis-format", 2)
    loud = tokyo.play_game(game, [RandomAgent() for _ in range(game.num_players)], seed=5)
    quiet = tokyo.play_game(game, [RandomAgent() for _ in range(game.num_players)], seed=5, log=False)
    assert loud.extra == quiet.extra and loud.extra.get("crisis_chapters")
    state = game.new_initial_state()
    assert not state.QUIET_OK
