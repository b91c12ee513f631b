"""The biggest loops of the Storyline property tests: thousands of random games of both
registered ids, built as a user builds them (``load_game`` with default options), with the
cheap invariants checked after every step and the end of each game checked in full. The
deeper checks (observation, resample, JSON, twin play) run at sampled steps in
test_sl_properties.py and test_sl_crisis_properties.py.

``TOKYO_PROPERTY_GAMES`` scales the number of games (default 1000 per id)."""

from __future__ import annotations

import os
import random
from collections import Counter

import pytest

from tokyo import CHANCE
from tokyo.core import load_game, sample_chance
from tokyo.games.storyline.abilities import OPPONENT
from sl_helpers import rule
from test_sl_crisis_properties import check_step, full_deck, owned_cards

GAMES = int(os.environ.get("TOKYO_PROPERTY_GAMES", "1000"))
CHUNKS = 4


def play_checked(game_id: str, seed: int, stats: Counter):
    r = random.Random(seed)
    k = seed // CHUNKS   # each chunk plays every player count
    if game_id == "crisis-format":
        n = 1 + k % 4
        g = load_game(game_id, n, opponent="seat" if k % 8 >= 6 else "auto")
    else:
        n = 2 + k % 3
        g = load_game(game_id, n)
    s = g.new_initial_state()
    steps = 0
    while not s.is_terminal():
        player = s.current_player()
        assert player == CHANCE or 0 <= player < g.num_players
        prev = s.clone() if game_id == "crisis-format" else None
        t = sample_chance(s, r) if player == CHANCE else r.choice(s.legal_texts())
        s.apply_action(t)
        steps += 1
        if prev is not None:
            check_step(prev, s)   # the pool and the opponent's total grow only by named awards
        if s.map:
            for p in range(n):
                assert owned_cards(s, p) == full_deck(s, p)   # no card made or lost
        for e in s.map:
            assert e["damage"] >= 0 and all(v > 0 for v in e["counters"].values())
            if game_id == "crisis-format" and e["card"] in s.crises:
                assert e["owner"] == OPPONENT
        assert steps < 20_000, "game too long"
    rets = s.returns()
    assert len(rets) == g.num_players and set(rets) <= {0.0, 1.0}
    assert [i for i, v in enumerate(rets) if v] == s.winners
    if game_id == "crisis-format":
        N = len(s.crises)
        assert N == n   # storyline 22.1.1: one Crisis Storyline per player
        players_won = s.win_by == "players"
        assert players_won == (s.pool >= N + 2 and s.opp_story < N + 1)
        assert all(v == rets[0] for v in rets[:n])   # one side: every player shares one result
    else:
        assert sum(rets) >= 1
    stats[(game_id, n, s.win_by)] += 1
    return s


@rule("storyline 1.1.1", "storyline 1.1.2", "storyline 22.1.1", "storyline 22.9.1", "storyline 15.1.2")
@pytest.mark.parametrize("game_id", ["crisis-format", "storyline"])
@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_games_keep_invariants(game_id, chunk):
    stats: Counter = Counter()
    seeds = range(chunk, GAMES, CHUNKS)
    for seed in seeds:
        s = play_checked(game_id, seed, stats)
        if seed % 50 == chunk:
            assert s.game.replay(s.history()) == s   # the history alone rebuilds the game
    if len(seeds) >= 100:
        # the games reached every ending the invariants are about, at every player count
        counts = {k[1] for k in stats}
        assert counts == ({1, 2, 3, 4} if game_id == "crisis-format" else {2, 3, 4})
        ways = {k[2] for k in stats}
        assert (ways >= {"players", "opponent"}) if game_id == "crisis-format" else ("target" in ways), stats
