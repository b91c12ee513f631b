"""The heuristic agent on the base game (``kot``): registered for it, legal at 2-6 players,
stronger than random players, and sensible with the base game's own cards."""

from __future__ import annotations

import pytest

import tokyo
from tokyo.agents import RandomAgent, make_agent
from tokyo.agents.kot_heuristic import KotHeuristicAgent
from tokyo.games.kingoftokyo.position import build_position
from tokyo.sim.stats import wilson

GAME = "kot"


def agent(seat=0):
    a = make_agent("heuristic", GAME)
    a.reset(1, seat)
    return a


def pos(monsters, players=2, **kw):
    kw.setdefault("market", ["energize", "frenzy", "extra-head"])
    return build_position(tokyo.load_game(GAME, players), monsters, **kw)


def test_registered_for_kot():
    assert isinstance(make_agent("heuristic", GAME), KotHeuristicAgent)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_heuristic_games_end_at_every_player_count(players):
    g = tokyo.load_game(GAME, players)
    for seed in range(4):
        record = tokyo.play_game(g, [make_agent("heuristic", GAME) for _ in range(players)], seed=seed)
        assert record.winners is not None and record.turns > 0


def test_beats_three_random_players():
    g = tokyo.load_game(GAME, 4)
    games, share = 120, 0.0
    for seed in range(games):
        seat = seed % 4
        agents = [RandomAgent() for _ in range(4)]
        agents[seat] = make_agent("heuristic", GAME)
        record = tokyo.play_game(g, agents, seed=seed)
        if seat in record.winners:
            share += 1 / len(record.winners)
    low, _ = wilson(share, games)
    assert low > 0.25, (share, games)


def test_healing_ray_heals_the_paying_monster_when_its_own_hearts_are_full():
    s = pos([{"cards": ["healing-ray"]}, {"hearts": 5, "energy": 4}], step="resolve", dice="h 1 2 3 1 2")
    assert s.legal_texts() == ["heart heal", "heart ray 1"]
    assert agent().step(s) == "heart ray 1"
    s = pos([{"cards": ["healing-ray"], "hearts": 6}, {"hearts": 5, "energy": 4}], step="resolve", dice="h 1 2 3 1 2")
    assert agent().step(s) == "heart heal"
    # a monster that cannot pay, or is close to winning, is not healed
    s = pos([{"cards": ["healing-ray"], "location": "city"}, {"hearts": 5, "energy": 4, "stars": 17}],
            step="resolve", dice="h 1 2 3 1 2")
    assert s.legal_texts() == ["heart ray 1", "heart none"] and agent().step(s) == "heart none"


def test_mimic_copies_the_best_card_and_moves_only_for_much_better():
    s = pos([{"cards": ["mimic"]}, {"cards": ["made-in-a-lab", "extra-head"]}], step="turn-start",
            market=["energize", "frenzy", "heal"])
    assert agent().step(s) == "copy extra-head"
    s = pos([{"cards": ["mimic"], "copy": "acid-attack", "energy": 3}, {"cards": ["acid-attack", "extra-head"]}],
            step="turn-start", market=["energize", "frenzy", "heal"])
    assert agent().step(s) == "pass"   # Extra Head (4.5) is not 1 better than Acid Attack (4.0)
    s = pos([{"cards": ["mimic"], "copy": "made-in-a-lab", "energy": 3}, {"cards": ["made-in-a-lab", "extra-head"]}],
            step="turn-start", market=["energize", "frenzy", "heal"])
    assert agent().step(s) == "copy extra-head"


def test_values_the_new_cards():
    a = agent()
    s = pos([{"energy": 8, "hearts": 10}, {"cards": ["extra-head"]}], step="buy",
            market=["mimic", "heal", "national-guard"])
    m = s.monsters[0]
    assert a.card_value(s, m, "mimic") > a.card_value(s, m, "heal") == 0.0
    assert a.card_value(s, m, "national-guard") == pytest.approx(2 - 1.0)
    assert a.card_value(s, m, "battery-monster") > 0


def test_buys_wings_in_kot_where_it_pays_but_keeps_the_dark_table():
    """Wings (6 energy) is valued 3.5 stars in kot (BASE_KEEP_VALUE; measured in
    docs/balance/kot.md: bought whenever affordable it won 21 points more of the games where it
    was bought), 2.5 in kot-dark: early in the game kot's bot buys it, Dark's does not."""
    monsters = [{"energy": 6}, {"stars": 2}]
    market = ["wings", "jets", "herbivore"]
    base = build_position(tokyo.load_game("kot", 2), monsters, step="buy", market=market)
    assert agent().step(base) == "buy wings"
    dark = build_position(tokyo.load_game("kot-dark", 2), monsters, step="buy", market=market)
    bot = make_agent("heuristic", "kot-dark")
    bot.reset(1, 0)
    assert bot.step(dark) == "end"
    assert KotHeuristicAgent._keep_values(base)["wings"] > KotHeuristicAgent._keep_values(dark)["wings"]
