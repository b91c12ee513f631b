"""Property tests of kot-dark over thousands of random games.

Random games (2-6 players, every Wickedness side choice, the 2-player variant and the
ruling options) are played with seeded generators; after every step the cheap
invariants of ``check_invariants`` hold, a wrong seat and a wrong text are refused
without changing the state, and in a smaller set of games the expensive contract
properties (clone, JSON round trip, replay, observations, resample) are checked at
sampled steps. A hypothesis test drives games by arbitrary lists of action indices.

Sizes: the biggest loop is ``test_random_games_keep_invariants`` (BIG_GAMES games in
chunks); set TOKYO_PROPERTY_GAMES to play more (or fewer). The whole file runs in
about a minute on one core.
"""

from __future__ import annotations

import json
import os
import random

import pytest

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import tokyo
from tokyo import CHANCE, IllegalActionError
from tokyo.core import sample_chance
from tokyo.games.kingoftokyo.engine import BAY, CITY, OUT
from contract import play_twins, replay_from_start
from resolve_order import check_skipped_orders

TOTAL_CARDS = 66
TOKENS = {"poison": 12, "shrink": 12, "smoke": 3}
SIDES = ("red", "green", "mixed")

# the biggest loop: BIG_GAMES random games with invariants after every step
BIG_GAMES = int(os.environ.get("TOKYO_PROPERTY_GAMES", "2000"))
CHUNKS = 14
DEEP_GAMES = 60          # games with the expensive checks at sampled steps
DEEP_EVERY = 25          # ... every DEEP_EVERY-th step
FULL_REFUSAL_EVERY = 40  # refusals compared with a full clone every 40th step


def random_game(rng: random.Random):
    """A kot-dark game with a random player count and random options."""
    players = rng.randint(2, 6)
    options = {
        "wickedness_side": rng.choice(SIDES),
        "two_player_variant": players == 2 and rng.random() < 0.5,  # a 2-player option
        "star_tie": rng.choice(("shared", "most-stars")),
        "wickedness_per_triple": rng.choice(("each-triple", "first-triple")),
        "death_from_above": rng.choice(("city", "stay")),
    }
    if rng.random() < 0.3:
        ids = list(tokyo.load_game("kot-dark", 2).MONSTER_IDS)
        rng.shuffle(ids)
        options["monsters"] = ",".join(ids[:players])
    options["ask_always"] = rng.random() < 0.15  # now and then every question, as before R41
    return tokyo.load_game("kot-dark", players, **options)


# ----------------------------------------------------------------------------------------
# invariants checked after every step
# ----------------------------------------------------------------------------------------
def check_invariants(state) -> None:
    """The cheap invariants, checked after every step (written to be fast)."""
    n = state.game.num_players
    monsters = state.monsters
    assert len(monsters) == n
    living = 0
    held = 0
    tokens = [0, 0, 0]
    city = bay = None
    held_tiles: list[str] = []
    for m in monsters:
        assert m.stars >= 0 and m.energy >= 0, (m.seat, m.stars, m.energy)
        assert 0 <= m.wickedness <= 10, (m.seat, m.wickedness)
        assert m.poison >= 0 and m.shrink >= 0 and m.smoke >= 0
        if m.alive:
            living += 1
            # the maximum is never below 10, so it only needs computing above 10
            assert 0 <= m.hearts <= 10 or m.hearts <= state.max_hearts(m) <= 12, \
                (m.seat, m.hearts, state.max_hearts(m))
        else:
            # an eliminated monster holds nothing and is out of Tokyo
            assert not m.cards and not m.tiles and m.copy is None, m.as_dict()
            assert m.energy == 0 and m.poison == 0 and m.shrink == 0 and m.smoke == 0, m.as_dict()
            assert m.location == OUT and m.hearts <= 0 and m.order_out > 0, m.as_dict()
        held += len(m.cards)
        tokens[0] += m.poison
        tokens[1] += m.shrink
        if m.copy == "smoke-cloud" and "smoke-cloud" not in m.cards:
            assert m.smoke <= 3  # a Fluxling copy's own tokens, not the box's (R13)
        else:
            tokens[2] += m.smoke
            assert m.smoke == 0 or "smoke-cloud" in m.cards, m.as_dict()  # box tokens sit on the card
        if m.tiles:
            held_tiles += m.tiles
        if m.levels:
            assert len(m.levels) == len(set(m.levels)) and set(m.levels) <= {3, 6, 10}, m.levels
        if m.location == CITY:
            assert city is None, "two monsters in Tokyo City"
            city = m.seat
        elif m.location == BAY:
            assert bay is None, "two monsters in Tokyo Bay"
            bay = m.seat
    # every card is somewhere, exactly once
    deck = state.deck.values()
    market = len(state.market) - state.market.count(None)
    total = sum(deck) + len(state.known_top) + market + len(state.discard) + held
    assert total == TOTAL_CARDS, (total, state.deck, state.known_top, state.market, state.discard)
    assert min(deck) >= 0
    assert market <= 3
    # tokens are conserved
    supply = state.supply
    assert supply["poison"] + tokens[0] == 12 and supply["shrink"] + tokens[1] == 12, (supply, tokens)
    assert supply["smoke"] + tokens[2] == 3, (supply, tokens)
    assert min(supply.values()) >= 0
    # Tokyo: at most one monster in City and one in Bay, agreeing with locations
    assert state.city == city and state.bay == bay, (state.city, state.bay, city, bay)
    if living <= 4:
        assert bay is None, "Tokyo Bay in use with 4 or fewer monsters"
    # tiles: each tile side is in a stack, held by a monster, or out of the game
    every = held_tiles + state.tiles_out
    for stack in state.tile_stacks.values():
        every += stack
    assert len(every) <= 10 and len(set(every)) == len(every), every
    # nodes
    if state.is_terminal():
        assert state.legal_texts() == [] and state.legal_actions() == []
        assert state.chance_outcomes() == []
    else:
        legal = state.legal_texts()
        assert legal, f"no legal action at {state!r}"
        if state.is_chance_node():
            total_p = 0.0
            for _, p in state._chance_outcomes():
                assert p > 0
                total_p += p
            assert abs(total_p - 1.0) < 1e-9
        else:
            assert 0 <= state.current_player() < n
            assert len(set(legal)) == len(legal), legal


def _refused(state, text, seat=None) -> bool:
    try:
        state.apply_action(text, seat=seat)
    except IllegalActionError:
        return True
    return False


def check_refusals(state, rng: random.Random, full: bool) -> None:
    """A wrong seat, and a text that is not legal, raise and change nothing.

    With ``full`` the state is compared with a clone taken before; otherwise (to keep
    thousands of games fast) with its history, log length, node and legal texts.
    """
    n = state.game.num_players
    before = state.clone() if full else None
    log_len, hist_len = len(state.log), len(state._history)
    player = state.current_player()
    legal = list(state.legal_texts())
    seat = rng.choice([s for s in range(n) if s != player])
    assert _refused(state, rng.choice(legal), seat=seat), "a wrong seat was allowed to act"
    assert _refused(state, "fly to the moon"), "a nonsense text was accepted"
    if full:
        if player >= 0:
            assert _refused(state, "fly to the moon", seat=player)
        assert state == before
    assert state.current_player() == player
    assert len(state.log) == log_len and len(state._history) == hist_len
    assert state.legal_texts() == legal


# ----------------------------------------------------------------------------------------
# expensive properties checked at sampled steps
# ----------------------------------------------------------------------------------------
def _public_cards(state) -> set[str]:
    public = {c for c in state.market if c} | set(state.discard)
    for m in state.monsters:
        public.update(m.cards)
        if m.copy:
            public.add(m.copy)
    return public


def check_observations(state) -> None:
    """Observations are JSON, and name no top card the seat has not looked at."""
    public = _public_cards(state)
    n = state.game.num_players
    for seat in list(range(n)) + [None]:
        obs = state.observation(seat)
        text = json.dumps(obs)
        assert json.loads(text) == obs
        for cid, seats in state.known_top:
            if seat in seats:
                assert cid in obs["known_top"]
            elif cid not in public:
                assert f'"{cid}"' not in text, (seat, cid, state.known_top)
        for event in state.log_for(seat):
            assert event.seats is None or seat in event.seats


def check_resample(state, rng: random.Random) -> None:
    for seat in range(state.game.num_players):
        other = state.resample(seat, rng)
        assert other.observation(seat) == state.observation(seat)
        check_invariants(other)
        if not other.is_terminal():
            # the resampled state is playable
            other.apply_action(other.legal_texts()[0])
            check_invariants(other)
    check_observations(state)


def check_deep(state, game, rng: random.Random) -> None:
    # clone equals the state and is independent of it
    copy = state.clone()
    assert copy == state
    snapshot = state.to_json()
    if not copy.is_terminal():
        copy.apply_action(copy.legal_texts()[-1])
        assert state.to_json() == snapshot
        assert copy.history() != state.history()
    # JSON round trip, and the copy continues exactly as the original
    back = game.state_from_json(snapshot)
    assert back == state and back.to_json() == snapshot
    play_twins(state.clone(), back, rng, 8)
    # replaying the history from the initial state gives the same state
    replayed = replay_from_start(game, state)
    assert replayed == state
    assert [e.text for e in replayed.log] == [e.text for e in state.log]
    check_observations(state)
    check_resample(state, rng)


# ----------------------------------------------------------------------------------------
# the game driver
# ----------------------------------------------------------------------------------------
def check_end(state) -> None:
    assert state.is_terminal()
    returns = state.returns()
    assert len(returns) == state.game.num_players
    assert set(returns) <= {0.0, 1.0}
    winners = [i for i, r in enumerate(returns) if r == 1.0]
    assert winners == state.winners
    assert sum(returns) == float(len(state.winners))
    how = state.win_by
    if how == "stars":
        assert winners and all(state.monsters[w].stars >= 20 and state.monsters[w].alive for w in winners)
    elif how == "survival":
        assert len(winners) == 1 and [m.seat for m in state.monsters if m.alive] == winners
    elif how == "final-roar":
        assert len(winners) == 1
    elif how == "none":
        assert winners == [] and not any(m.alive for m in state.monsters)
    else:
        raise AssertionError(f"unknown win_by {how!r}")
    assert state.legal_texts() == [] and state.chance_outcomes() == []
    with pytest.raises(IllegalActionError):
        state.apply_action("end")
    with pytest.raises(IllegalActionError):
        state.apply_action("roll 1")


def play_checked(seed: int, deep_every: int | None = None, stats: dict | None = None):
    """Play one random game, checking invariants after every step; return the final state."""
    rng = random.Random(seed)
    game = random_game(rng)
    state = game.new_initial_state()
    check_invariants(state)
    steps = peeked_checks = 0
    while not state.is_terminal():
        check_refusals(state, rng, full=steps % FULL_REFUSAL_EVERY == 0)
        if state.is_chance_node():
            text = sample_chance(state, rng)
        else:
            text = rng.choice(state.legal_texts())
        state.apply_action(text)
        steps += 1
        check_invariants(state)
        if stats is not None:
            if state.known_top:
                stats["known_top"] = stats.get("known_top", 0) + 1
            stats["steps"] = stats.get("steps", 0) + 1
        if deep_every and (steps % deep_every == 0 or (state.known_top and peeked_checks < 3)):
            peeked_checks += bool(state.known_top)
            check_deep(state, game, rng)
        assert steps < 20_000, "game too long"
    check_end(state)
    if deep_every:
        check_deep(state, game, rng)
    if stats is not None:
        stats.setdefault("win_by", {}).setdefault(state.win_by, 0)
        stats["win_by"][state.win_by] += 1
        stats.setdefault("players", set()).add(game.num_players)
    return state


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_games_keep_invariants(chunk):
    """The biggest loop: BIG_GAMES random games, invariants after every step."""
    stats: dict = {}
    seeds = range(chunk, BIG_GAMES, CHUNKS)
    for seed in seeds:
        play_checked(seed, stats=stats)
    if len(seeds) >= 100:
        assert stats["players"] == {2, 3, 4, 5, 6}
        assert stats["win_by"].get("stars") and stats["win_by"].get("survival")


@pytest.mark.parametrize("seed", range(100_000, 100_000 + DEEP_GAMES))
def test_contract_at_sampled_steps(seed):
    """Clone, JSON, replay, observation and resample, every DEEP_EVERY steps."""
    play_checked(seed, deep_every=DEEP_EVERY)


def test_made_in_a_lab_keeps_the_top_card_private():
    """Seek out games where a monster peeks, so the hidden-information checks bite."""
    peeks = 0
    for seed in range(200_000, 200_400):
        rng = random.Random(seed)
        game = random_game(rng)
        state = game.new_initial_state()
        while not state.is_terminal():
            legal = state.legal_texts()
            if state.is_chance_node():
                text = sample_chance(state, rng)
            elif "peek" in legal:
                text = "peek"
            else:
                text = rng.choice(legal)
            state.apply_action(text)
            check_invariants(state)
            if state.known_top and state.history()[-1].startswith("reveal"):
                peeks += 1  # just peeked: the card is known to one seat only
                check_deep(state, game, rng)
        check_end(state)
        if peeks >= 30:
            break
    assert peeks >= 30


# ----------------------------------------------------------------------------------------
# hypothesis: arbitrary index sequences drive a game
# ----------------------------------------------------------------------------------------
@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(2, 6), side=st.sampled_from(SIDES), variant=st.booleans(),
       choices=st.lists(st.integers(min_value=0, max_value=10_000), max_size=400))
def test_any_sequence_of_legal_choices_keeps_invariants(players, side, variant, choices):
    game = tokyo.load_game("kot-dark", players, wickedness_side=side, two_player_variant=variant and players == 2)
    state = game.new_initial_state()
    check_invariants(state)
    for index in choices:
        if state.is_terminal():
            check_end(state)
            break
        legal = state.legal_texts()
        state.apply_action(legal[index % len(legal)])
        check_invariants(state)
    assert game.replay(state.history()) == state
    check_observations(state)


# ----------------------------------------------------------------------------------------
# regressions found by the random games
# ----------------------------------------------------------------------------------------
@pytest.mark.rule("kot-dark 9.5.3", "kot-dark R7", "kot-dark R17", "kot-dark tile:fluxling")
def test_fluxling_copy_of_a_discarded_card_clips_hearts():
    """Seed 1921: Fluxling copied Even Bigger (12 hearts); the holder was eliminated, so
    the copy has no effect any more (R17) and the hearts are clipped to 10 (R7)."""
    from tokyo.games.kingoftokyo.position import build_position
    # ask_always: stop at the resolve order (R41 would resolve it at once) to see the copy first
    game = tokyo.load_game("kot-dark", players=3, ask_always=True)
    state = build_position(game, [{}, {"hearts": 1, "location": "city", "cards": ["even-bigger"]},
                                  {"hearts": 12, "tiles": ["fluxling"], "copy": "even-bigger"}],
                           active=0, step="resolve", dice="c 1 2 3 e e",
                           market=["energize", "frenzy", "extra-head"])
    assert state.max_hearts(state.monsters[2]) == 12
    while state.node[2] == "resolve":
        state.apply_action("resolve smash" if "resolve smash" in state.legal_texts() else state.legal_texts()[0])
    assert not state.monsters[1].alive
    assert state.max_hearts(state.monsters[2]) == 10
    assert state.monsters[2].hearts == 10
    check_invariants(state)


def test_a_state_loaded_from_json_lists_chance_outcomes_in_the_same_order():
    """Saved JSON sorts the deck's keys; the loaded state must still list the reveal
    outcomes in the original order, or a seeded continuation would differ."""
    game = tokyo.load_game("kot-dark", players=4)
    state = game.new_initial_state()
    loaded = game.state_from_json(state.to_json())
    assert state.node[2] == "reveal"
    assert loaded.legal_texts() == state.legal_texts()
    assert [p for _, p in loaded.chance_outcomes()] == [p for _, p in state.chance_outcomes()]
    r1, r2 = random.Random(5), random.Random(5)
    for _ in range(300):
        if state.is_terminal():
            break
        t1 = sample_chance(state, r1) if state.is_chance_node() else r1.choice(state.legal_texts())
        t2 = sample_chance(loaded, r2) if loaded.is_chance_node() else r2.choice(loaded.legal_texts())
        assert t1 == t2
        state.apply_action(t1)
        loaded.apply_action(t2)
    assert state == loaded


def test_every_action_word_seen_in_random_games_is_documented():
    """docs/notation.md names the first word of every text random games produce."""
    from pathlib import Path
    doc = (Path(__file__).resolve().parents[2] / "docs" / "notation.md").read_text(encoding="utf-8")
    doc = doc[doc.index("## King of Tokyo (`kot-dark`)"):]
    words: set[str] = set()
    for seed in range(300_000, 300_040):
        rng = random.Random(seed)
        game = random_game(rng)
        state = game.new_initial_state()
        while not state.is_terminal():
            legal = state.legal_texts()
            words.update(t.split()[0] for t in legal)
            state.apply_action(sample_chance(state, rng) if state.is_chance_node() else rng.choice(legal))
    assert {"roll", "reveal", "claws", "reroll", "stop", "resolve", "buy", "end", "tile", "pass"} <= words
    for word in words:
        assert f"`{word}" in doc, f"{word!r} is not in the kot-dark section of docs/notation.md"


# ----------------------------------------------------------------------------------------
# R41: a resolve order that is not asked could not have changed anything
# ----------------------------------------------------------------------------------------
@pytest.mark.rule("kot-dark R41")
@pytest.mark.parametrize("seed", range(400_000, 400_008))
def test_a_resolve_order_not_asked_could_not_change_anything(seed):
    """Ruling R41 is safe: in random games (played as before it, ask_always=true), wherever
    it would resolve the dice without asking, every order of the categories, with the other
    questions answered alike, ends in exactly the same position."""
    game = random_game(random.Random(seed))
    game = tokyo.load_game("kot-dark", game.players, **dict(game.options_json(), ask_always=True))
    assert check_skipped_orders(game, seed) > 0
