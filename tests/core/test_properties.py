"""Property tests over many random toy games: the kernel invariants hold at every step."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

import tokyo
from tokyo import CHANCE, IllegalActionError
from tokyo.core import sample_chance


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 3),
       die=st.sampled_from(["d4", "d6"]), target=st.integers(5, 40))
def test_random_games_keep_the_contract(seed, players, die, target):
    game = tokyo.load_game("toy-pig", players, die=die, target=target)
    state = game.new_initial_state()
    rng = random.Random(seed)
    scores = [0] * players
    steps = 0
    while not state.is_terminal():
        player = state.current_player()
        legal = state.legal_texts()
        assert legal
        # only the player to act may act
        for seat in range(players):
            if seat != player:
                try:
                    state.apply_action(legal[0], seat=seat)
                except IllegalActionError:
                    pass
                else:
                    raise AssertionError(f"seat {seat} acted for {player}")
        if player == CHANCE:
            assert abs(sum(p for _, p in state.chance_outcomes()) - 1.0) < 1e-9
            text = sample_chance(state, rng)
        else:
            text = rng.choice(legal)
        copy = state.clone()
        assert copy == state
        assert game.state_from_json(state.to_json()) == state
        state.apply_action(text)
        assert copy != state  # the clone did not follow the original
        new_scores = state.observation(None)["scores"]
        assert all(b >= a for a, b in zip(scores, new_scores))  # banked points never drop
        scores = new_scores
        steps += 1
    assert game.replay(state.history()) == state
    returns = state.returns()
    assert sorted(returns) == [0.0] * (players - 1) + [1.0]
    assert scores[returns.index(1.0)] >= target
