"""Kernel-contract properties of random Storyline games with random agents: legal actions
only from the acting seat, card conservation, clone and JSON round trip, replay,
observations free of other hands, and resample consistent with an observation."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from tokyo import CHANCE, IllegalActionError
from tokyo.core import sample_chance
from contract import play_twins, replay_from_start
from tokyo.games.storyline.cards import default_card_set
from tokyo.games.storyline.game import StorylineGame
from sl_helpers import CARDS, game, rule

GAMES = 24
REAL_GAMES = 12


def owned_cards(s, p) -> Counter:
    pl = s.players[p]
    c = Counter(pl["hand"]) + Counter(pl["discard"]) + Counter(pl["deck"])
    c += Counter(e["card"] for e in s.map if e["owner"] == p and not e.get("token"))
    c += Counter(cid for seat, cid in s.limbo if seat == p)
    return c


def full_deck(s, p) -> Counter:
    d = s.game.cards["decks"][s.players[p]["deck_id"]]
    return Counter(d["cards"]) + Counter({d["homeworld"]: 1})


def play(seed: int, check, real: bool = False):
    r = random.Random(seed)
    n = 2 + seed % 3
    opts = dict(decks="", act_rounds=1 + seed % 3, acts=2 + seed % 4, target=4 + seed % 4)
    g = StorylineGame(n, opts) if real else game(n, **opts)
    s = g.new_initial_state()
    steps = 0
    while not s.is_terminal():
        check(s, r, steps)
        t = sample_chance(s, r) if s.is_chance_node() else r.choice(s.legal_texts())
        s.apply_action(t)
        steps += 1
        assert steps < 20000
    check(s, r, steps)
    return s


def contract(seed, real=False):
    def check(s, r, step):
        if all(p["deck_id"] for p in s.players) and s.phase != "setup" or s.map:
            for p in range(s.game.num_players):
                assert owned_cards(s, p) == full_deck(s, p)
        for e in s.map:
            assert e["damage"] >= 0 and all(v > 0 for v in e["counters"].values())
        if s.is_terminal():
            assert s.legal_texts() == [] and sum(s.returns()) >= 1
            return
        player = s.current_player()
        if player == CHANCE:
            assert abs(sum(p for _, p in s.chance_outcomes()) - 1) < 1e-9
        else:
            wrong = (player + 1) % s.game.num_players
            with pytest.raises(IllegalActionError):
                s.apply_action(s.legal_texts()[0], seat=wrong)
        if step % 25 == 0:
            c = s.clone()
            assert c == s
            j = s.game.state_from_json(s.to_json())
            assert j == s and j.legal_texts() == s.legal_texts()
            assert json.loads(json.dumps(s.observation(None))) == s.observation(None)
            for seat in range(s.game.num_players):
                obs = s.observation(seat)
                assert obs["hand"] == s.players[seat]["hand"]
                assert "deck" not in json.dumps(obs["players"]).replace("deck_id", "").replace("deck_name", "").replace("deck_size", "")
                rs = s.resample(seat, random.Random(r.random()))
                assert rs.observation(seat) == obs
                for p in range(s.game.num_players):
                    assert owned_cards(rs, p) == owned_cards(s, p)
                    assert len(rs.players[p]["hand"]) == len(s.players[p]["hand"])
        if step % 200 == 100:
            play_twins(s.clone(), s.game.state_from_json(s.to_json()), random.Random(step), 30)

    s = play(seed, check, real)
    assert replay_from_start(s.game, s) == s
    return s


@rule("storyline 1.7.1", "storyline 1.7.2", "storyline 1.6.1", "storyline 19.1.1", "storyline 5.1.1",
      "storyline 17.1.3")
@pytest.mark.parametrize("seed", range(GAMES))
def test_random_games_keep_the_contract(seed):
    contract(seed)


@rule("storyline 1.1.1", "storyline 5.1.2", "storyline 5.1.3")
@pytest.mark.parametrize("seed", range(REAL_GAMES))
def test_random_games_with_the_shipped_decks_keep_the_contract(seed):
    s = contract(1000 + seed, real=True)
    assert s.game.cards is default_card_set()
    assert {p["deck_id"] for p in s.players} <= {"concord", "verdant", "syndicate", "pilgrims"}


def test_an_observation_does_not_show_other_hands():
    s = game(2, first_player="0").new_initial_state()
    while s.is_chance_node():
        s.apply_action(s.legal_texts()[0])
    obs = s.observation(1)
    assert obs["hand"] == s.players[1]["hand"] and obs["players"][0]["hand_size"] == 6
    assert "hand" not in obs["players"][0]
    assert s.observation(None)["hand"] is None
