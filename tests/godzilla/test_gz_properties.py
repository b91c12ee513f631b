"""Property and contract tests of kot-godzilla over random games (2, 4, 6 players, with and
without Evolutions), in the style of tests/kot/test_kot_properties.py."""

from __future__ import annotations

import json
import random

import pytest

import tokyo
from tokyo import IllegalActionError
from tokyo.core import sample_chance
from tokyo.games.kingoftokyo.engine import BAY, CITY, OUT
from contract import play_twins, replay_from_start

TOKENS = 12


def check_invariants(state) -> None:
    game = state.game
    total = sum(game.deck_counts().values())
    held = sum(len(m.cards) for m in state.monsters)
    market = [c for c in state.market if c]
    assert sum(state.deck.values()) + len(market) + len(state.discard) + held == total
    assert len(market) <= 3 and min(state.deck.values()) >= 0
    assert state.supply["dice"] + sum(state.tokens) == TOKENS and min(state.tokens) >= 0
    assert state.supply["dice"] >= 0
    assert len(state.dice) <= 8 and 0 <= state.black <= 2
    decks = game.evolution_decks()
    for m in state.monsters:
        s = m.seat
        piles = (state.evo_deck[s] + state.evo_hand[s] + state.evo_drawn[s] + state.evo_discard[s]
                 + state.evo_used[s] + state.evo_play[s])
        expected = sorted(decks.get(m.monster, ())) if state.evo_on else []
        assert sorted(piles) == expected, (s, piles)
        assert 0 <= m.hearts <= state.max_hearts(m) if m.alive else m.hearts <= 0
        if not m.alive:
            assert not m.cards and m.energy == 0 and state.tokens[s] == 0 and m.location == OUT
            assert not state.evo_hand[s] and not state.evo_play[s]
    city = [m.seat for m in state.monsters if m.location == CITY]
    bay = [m.seat for m in state.monsters if m.location == BAY]
    assert city == ([state.city] if state.city is not None else [])
    assert bay == ([state.bay] if state.bay is not None else [])
    if len(state.alive()) <= 4:
        assert state.bay is None
    if not state.is_terminal():
        legal = state.legal_texts()
        assert legal and len(set(legal)) == len(legal)
        if state.is_chance_node():
            assert abs(sum(p for _, p in state._chance_outcomes()) - 1) < 1e-9


def check_observation(state) -> None:
    n = state.game.num_players
    for seat in list(range(n)) + [None]:
        obs = state.observation(seat)
        assert json.loads(json.dumps(obs)) == obs
        for o in range(n):
            entry = obs["evolutions"][o]
            if o != seat:
                assert "hand" not in entry and "drawn" not in entry and "discard" not in entry
        for event in state.log_for(seat):
            assert event.seats is None or seat in event.seats


def check_deep(state, game, rng) -> None:
    copy = state.clone()
    assert copy == state
    snap = state.to_json()
    if not copy.is_terminal():
        copy.apply_action(copy.legal_texts()[-1])
        assert state.to_json() == snap
    back = game.state_from_json(snap)
    assert back == state and back.to_json() == snap
    play_twins(state.clone(), back, rng, 6)
    assert replay_from_start(game, state) == state
    check_observation(state)
    for seat in range(game.num_players):
        other = state.resample(seat, rng)
        assert other.observation(seat) == state.observation(seat)
        check_invariants(other)
        if not other.is_terminal():
            other.apply_action(other.legal_texts()[0])
            check_invariants(other)


def check_refusal(state, rng) -> None:
    player = state.current_player()
    n = state.game.num_players
    before = state.to_json()
    wrong = rng.choice([s for s in range(n) if s != player])
    with pytest.raises(IllegalActionError):
        state.apply_action(state.legal_texts()[0], seat=wrong)
    with pytest.raises(IllegalActionError):
        state.apply_action("fly to the moon")
    assert state.to_json() == before


CASES = [(p, evo, seed) for p in (2, 4, 6) for evo in (False, True) for seed in range(4)]


@pytest.mark.parametrize("players,evo,seed", CASES)
def test_random_games_keep_the_contract(players, evo, seed):
    rng = random.Random(1000 * players + 10 * seed + evo)
    ids = list(tokyo.load_game("kot-godzilla", 2).MONSTER_IDS)
    rng.shuffle(ids)
    if evo:  # Godzilla (the only monster with Evolutions in the subset) always plays
        ids.remove("godzilla")
        ids.insert(rng.randrange(players), "godzilla")
    game = tokyo.load_game("kot-godzilla", players, evolutions=evo, monsters=",".join(ids[:players]))
    state = game.new_initial_state()
    steps = 0
    seen = set()
    while not state.is_terminal():
        check_refusal(state, rng) if steps % 10 == 0 else None
        if state.is_chance_node():
            text = sample_chance(state, rng)
        else:
            legal = state.legal_texts()
            seen.add(state.node[2])
            # the acting seat is the only one with legal actions: texts come from its node
            text = rng.choice(legal)
        state.apply_action(text)
        steps += 1
        check_invariants(state)
        if steps % 40 == 0:
            check_deep(state, game, rng)
        assert steps < 20_000
    check_deep(state, game, rng)
    assert state.win_by in ("stars", "survival", "none")
    assert sum(state.returns()) == len(state.winners)


def test_evolution_windows_and_hidden_hands_are_exercised():
    """Over random games with Evolutions, cards are drawn, kept, played in windows."""
    kinds = set()
    for seed in range(30):
        rng = random.Random(seed)
        game = tokyo.load_game("kot-godzilla", 4, evolutions=True)
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(sample_chance(state, rng))
                continue
            kinds.add(state.node[2])
            legal = state.legal_texts()
            evolve = [t for t in legal if t.startswith("evolve")]
            state.apply_action(evolve[0] if evolve else rng.choice(legal))
    assert {"evo-keep", "evolution", "dice-tokens", "yield", "buy"} <= kinds


@pytest.mark.rule("kot-godzilla G53")
@pytest.mark.parametrize("players,seed", [(4, 0), (4, 1), (5, 2), (6, 3), (2, 4), (3, 5)])
def test_a_resolve_order_not_asked_could_not_change_anything(players, seed):
    """Ruling G53 is safe: in random games with Evolutions (played as before it,
    ask_always=true), wherever it would resolve the dice without asking, every order of the
    categories, with the other questions answered alike, ends in exactly the same position."""
    from resolve_order import check_skipped_orders
    rng = random.Random(700 + seed)
    ids = list(tokyo.load_game("kot-godzilla", 2).MONSTER_IDS)
    rng.shuffle(ids)
    for keep in ("anguirus", "king-ghidorah"):  # Spiked Carapace, Vengeful Heads
        if keep not in ids[:players]:
            ids.remove(keep)
            ids.insert(rng.randrange(players), keep)
    game = tokyo.load_game("kot-godzilla", players, evolutions=True, monsters=",".join(ids[:players]),
                           ask_always=True)
    assert check_skipped_orders(game, 700 + seed) > 0
