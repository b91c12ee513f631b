"""Property and contract tests of kot-godzilla over random games (2, 4, 6 players, with and
without Evolutions), in the style of tests/kot/test_kot_properties.py.

Sizes: ``test_random_games_keep_invariants`` plays BIG_GAMES games (default 2,400, an equal
number at each of 2, 4 and 6 players, half with Evolutions) with the cheap invariants after
every step; set TOKYO_PROPERTY_GAMES to play more or fewer. The expensive contract checks
(clone, JSON, replay, observation, resample) run in ``test_random_games_keep_the_contract``
at sampled steps of fewer games.
"""

from __future__ import annotations

import json
import os
import random

import pytest

import tokyo
from tokyo import IllegalActionError
from tokyo.core import sample_chance
from tokyo.games.kingoftokyo.engine import BAY, CITY, OUT
from contract import play_twins, replay_from_start

TOKENS = 12
BIG_GAMES = int(os.environ.get("TOKYO_PROPERTY_GAMES", "2400"))
CHUNKS = 12


_GAME_FACTS: dict = {}


def _facts(game):
    """The card total and the Evolution decks of ``game`` (read once per game object)."""
    facts = _GAME_FACTS.get(id(game))
    if facts is None or facts[0] is not game:
        facts = _GAME_FACTS[id(game)] = (game, sum(game.deck_counts().values()),
                                         {k: sorted(v) for k, v in game.evolution_decks().items()})
    return facts[1], facts[2]


def check_invariants(state) -> None:
    """The cheap invariants (also of resampled states: a seat asked in an open play window
    keeps a playable card in every redeal)."""
    game = state.game
    total, decks = _facts(game)
    held = sum(len(m.cards) for m in state.monsters)
    market = [c for c in state.market if c]
    assert sum(state.deck.values()) + len(market) + len(state.discard) + held == total
    assert len(market) <= 3 and min(state.deck.values()) >= 0
    assert state.supply["dice"] + sum(state.tokens) == TOKENS and min(state.tokens) >= 0
    assert state.supply["dice"] >= 0
    assert len(state.dice) <= 8 and 0 <= state.black <= 2
    for m in state.monsters:
        s = m.seat
        piles = (state.evo_deck[s] + state.evo_hand[s] + state.evo_drawn[s] + state.evo_discard[s]
                 + state.evo_used[s] + state.evo_play[s])
        expected = decks.get(m.monster, []) if state.evo_on else []
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
        elif state.node[2] == "evolution":
            # a play window is a decision only for a living seat holding a card playable now
            seat = state.node[1]
            evolve = [t for t in legal if t.startswith("evolve ")]
            assert state.evo_on and state.monsters[seat].alive and evolve and legal[-1] == "pass", legal
            assert all(t[7:] in state.evo_hand[seat] for t in evolve)
        elif state.node[2] == "evo-keep":
            assert len(state.evo_drawn[state.node[1]]) == 2


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


CASES = [(p, evo, seed) for p in (2, 4, 6) for evo in (False, True) for seed in range(10)]  # 60 games, as kot-dark


@pytest.mark.parametrize("players,evo,seed", CASES)
def test_random_games_keep_the_contract(players, evo, seed):
    rng = random.Random(1000 * players + 10 * seed + evo)
    ids = list(tokyo.load_game("kot-godzilla", 2).MONSTER_IDS)
    rng.shuffle(ids)
    if evo:  # Godzilla (whose Evolutions the no-peek test of ismcts uses) always plays
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


def check_end(state) -> None:
    assert state.is_terminal() and state.legal_texts() == [] and state.chance_outcomes() == []
    returns = state.returns()
    assert len(returns) == state.game.num_players and set(returns) <= {0.0, 1.0}
    assert [i for i, r in enumerate(returns) if r == 1.0] == state.winners
    if state.win_by == "stars":
        assert state.winners and all(state.monsters[w].alive and state.monsters[w].stars >= 20
                                     for w in state.winners)
    elif state.win_by == "survival":
        assert [m.seat for m in state.monsters if m.alive] == state.winners
    else:
        assert state.win_by == "none" and state.winners == [] and not state.alive()
    with pytest.raises(IllegalActionError):
        state.apply_action("end")


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_games_keep_invariants(chunk):
    """The big loop: BIG_GAMES random games at 2, 4 and 6 players, with and without
    Evolutions, random monsters; the invariants after every step, refusals now and then."""
    seen: dict = {}
    seeds = range(chunk, BIG_GAMES, CHUNKS)
    for seed in seeds:
        rng = random.Random(500_000 + seed)
        k = seed // CHUNKS  # every chunk plays every configuration in turn
        players, evo = (2, 4, 6)[k % 3], k // 3 % 2 == 1
        ids = list(tokyo.load_game("kot-godzilla", 2).MONSTER_IDS)
        rng.shuffle(ids)
        game = tokyo.load_game("kot-godzilla", players, evolutions=evo, monsters=",".join(ids[:players]),
                               two_player_variant=players == 2 and rng.random() < 0.3)
        state = game.new_initial_state()
        check_invariants(state)
        steps = 0
        while not state.is_terminal():
            if steps % 50 == 0:
                check_refusal(state, rng)
            if not state.is_chance_node():
                seen[state.node[2]] = seen.get(state.node[2], 0) + 1
            state.apply_action(sample_chance(state, rng) if state.is_chance_node() else rng.choice(state.legal_texts()))
            steps += 1
            check_invariants(state)
            assert steps < 20_000
        check_end(state)
        seen[(players, evo, state.win_by)] = seen.get((players, evo, state.win_by), 0) + 1
    if len(seeds) >= 120:  # the default size: every configuration and the Evolution nodes came up
        assert {"dice-tokens", "yield", "buy", "evo-keep", "evolution", "resolve", "roll"} <= set(seen)
        for players in (2, 4, 6):
            for evo in (False, True):
                assert seen.get((players, evo, "stars")), (players, evo)


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
