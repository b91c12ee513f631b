"""Property and contract tests of kot (the base game) over random games at 2-6 players.

The drivers of tests/kot/test_kot_properties.py (refusals, clone / JSON / replay /
observation / resample at sampled steps, the end of the game) are reused with this
game's own random options and its own invariants (no Wickedness; Mimic copies; energy on
Battery Monster). TOKYO_PROPERTY_GAMES sets the size of the big loop, as there.
"""

from __future__ import annotations

import os
import random

import pytest

import tokyo
from tokyo.games.kingoftokyo.engine import BAY, CITY, OUT
from mirror import _load_module

BIG_GAMES = int(os.environ.get("TOKYO_PROPERTY_GAMES", "2000")) // 2
CHUNKS = 6
DEEP_GAMES = 30
DEEP_EVERY = 25
BATTERY = "stored-battery-monster-"


def random_game(rng: random.Random):
    players = rng.randint(2, 6)
    options = {
        "two_player_variant": players == 2 and rng.random() < 0.5,
        "star_tie": rng.choice(("shared", "most-stars")),
        "death_from_above": rng.choice(("city", "stay")),
        "frenzy": rng.choice(("after-turn", "at-once")),
        "ask_always": rng.random() < 0.15,
    }
    if rng.random() < 0.3:
        ids = list(tokyo.load_game("kot", 2).MONSTER_IDS)
        rng.shuffle(ids)
        options["monsters"] = ",".join(ids[:players])
    return tokyo.load_game("kot", players, **options)


def check_invariants(state) -> None:
    n = state.game.num_players
    assert len(state.monsters) == n
    held = 0
    tokens = [0, 0, 0]
    city = bay = None
    living = 0
    for m in state.monsters:
        assert m.stars >= 0 and m.energy >= 0 and m.wickedness == 0 and not m.tiles and not m.levels
        assert m.poison >= 0 and m.shrink >= 0 and m.smoke >= 0
        if m.alive:
            living += 1
            assert 0 <= m.hearts <= state.max_hearts(m) <= 12, (m.seat, m.hearts)
            if m.copy is not None:  # a copy needs Mimic, and a card some other monster holds
                assert "mimic" in m.cards and m.copy not in m.cards, m.as_dict()
                assert any(o is not m and m.copy in o.cards for o in state.monsters), m.as_dict()
        else:
            assert not m.cards and m.copy is None and m.energy == 0 and m.location == OUT, m.as_dict()
            assert m.poison == m.shrink == m.smoke == 0
        held += len(m.cards)
        tokens[0] += m.poison
        tokens[1] += m.shrink
        if m.copy == "smoke-cloud" and "smoke-cloud" not in m.cards:
            assert m.smoke <= 3  # a copy's own tokens (R13, B6)
        else:
            tokens[2] += m.smoke
            assert m.smoke == 0 or "smoke-cloud" in m.cards
        if m.location == CITY:
            assert city is None
            city = m.seat
        elif m.location == BAY:
            assert bay is None
            bay = m.seat
        key = BATTERY + str(m.seat)
        if key in state.marks:  # energy on Battery Monster: only while the card or its copy is there
            assert "battery-monster" in m.cards or m.copy == "battery-monster", (m.as_dict(), state.marks)
            assert 0 < state.marks[key] <= 6
    assert all(not k.startswith("stored-") or k[len(BATTERY):].isdigit() for k in state.marks)
    total = sum(state.deck.values()) + len(state.known_top) + len([c for c in state.market if c]) \
        + len(state.discard) + held
    assert total == 66
    assert state.supply["poison"] + tokens[0] == 12 and state.supply["shrink"] + tokens[1] == 12
    assert state.supply["smoke"] + tokens[2] == 3 and min(state.supply.values()) >= 0
    assert (state.city, state.bay) == (city, bay)
    if living <= 4:
        assert bay is None


_dark = _load_module("test_kot_properties")
_dark.check_invariants = check_invariants     # this module's copy of the drivers checks kot's invariants
_dark.random_game = random_game


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_games_keep_invariants(chunk):
    stats: dict = {}
    seeds = range(chunk, BIG_GAMES, CHUNKS)
    for seed in seeds:
        _dark.play_checked(seed, stats=stats)
    if len(seeds) >= 100:
        assert stats["players"] == {2, 3, 4, 5, 6}
        assert stats["win_by"].get("stars") and stats["win_by"].get("survival")


@pytest.mark.parametrize("seed", range(300_000, 300_000 + DEEP_GAMES))
def test_contract_at_sampled_steps(seed):
    _dark.play_checked(seed, deep_every=DEEP_EVERY)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_contract_at_every_player_count(players):
    rng = random.Random(players)
    game = tokyo.load_game("kot", players)
    _dark.random_game = lambda r: game
    try:
        for seed in range(3):
            state = _dark.play_checked(400_000 + 10 * players + seed, deep_every=40)
            assert state.game.num_players == players
    finally:
        _dark.random_game = random_game
    assert rng  # seeds are fixed per player count


def test_new_cards_are_played_in_random_games():
    """Random games reach the base game's own cards: Healing Ray used, energy on Battery
    Monster (random play seldom saves the 8 energy Mimic costs: its copies are played by
    test_contract_with_mimic_in_play)."""
    seen = set()
    for seed in range(120):
        rng = random.Random(seed)
        state = random_game(rng).new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(tokyo.core.sample_chance(state, rng))
                continue
            legal = state.legal_texts()
            for t in legal:
                if t.startswith("heart ray") or t.startswith("copy "):
                    seen.add(t.split()[0] + " " + t.split()[1] if t.startswith("heart") else "copy")
            state.apply_action(rng.choice(legal))
            if any(k.startswith(BATTERY) for k in state.marks):
                seen.add("battery")
    assert {"heart ray", "battery"} <= seen


@pytest.mark.parametrize("seed", range(6))
def test_contract_with_mimic_in_play(seed):
    """Random play from a position where Mimic and cards to copy are in play: invariants at
    every step, the contract at sampled steps."""
    from tokyo.games.kingoftokyo.position import build_position
    rng = random.Random(seed)
    players = 2 + seed % 5
    game = tokyo.load_game("kot", players)
    pool = ["smoke-cloud", "battery-monster", "extra-head", "plot-twist", "even-bigger", "opportunist", "giant-brain",
            "psychic-probe", "wings", "metamorph", "parasitic-tentacles", "healing-ray"]
    rng.shuffle(pool)
    specs = [{"cards": ["mimic"], "energy": 3}] + [{"cards": [pool.pop(), pool.pop()], "energy": 4}
                                                    for _ in range(players - 1)]
    state = build_position(game, specs, step="turn-start", market=["heal", "tank", "corner-store"])
    for m in state.monsters:  # a Battery Monster placed by the position holds its energy
        if "battery-monster" in m.cards:
            state.marks[BATTERY + str(m.seat)] = 6
    steps = 0
    copies = 0
    while not state.is_terminal() and steps < 3000:
        if state.is_chance_node():
            text = tokyo.core.sample_chance(state, rng)
        else:
            legal = state.legal_texts()
            picks = [t for t in legal if t.startswith("copy ")]
            text = rng.choice(picks) if picks and rng.random() < 0.7 else rng.choice(legal)
        state.apply_action(text)
        copies += text.startswith("copy ")
        steps += 1
        check_invariants(state)
        if steps % 40 == 0:
            copy = state.clone()
            assert copy == state and game.state_from_json(state.to_json()) == state
            for s in range(players):
                other = state.resample(s, rng)
                assert other.observation(s) == state.observation(s)
    assert copies >= 1


@pytest.mark.rule("kot B11")
@pytest.mark.parametrize("seed", range(8))
def test_b11_a_resolve_order_not_asked_changes_nothing(seed):
    """Ruling B11 (as R41) is safe: played with ask_always=true, every order of a resolve
    question the engine would not ask ends in the same position (tests/resolve_order.py)."""
    from resolve_order import check_skipped_orders
    players = random.Random(seed).randint(2, 6)
    game = tokyo.load_game("kot", players, ask_always=True)
    assert check_skipped_orders(game, seed) > 0
