"""Property tests of crisis-tokyo over a thousand and more random games.

Random games (2-5 players, both Dragons, both defence orders, the optional rules, a
low ``turn_limit`` so that games stay short) are played with seeded generators. After
every step the cheap invariants of ``check_invariants`` hold (the 104 cards are each in
exactly one place, limits, no Threat in a Reserve, chance probabilities), and a wrong
seat or a text that is not legal is refused without changing the state. In a smaller
set of games the expensive contract properties (clone, JSON round trip and continuation,
replay, observations and hidden information, resample) are checked at sampled steps. A
hypothesis test drives games by arbitrary lists of action indices.

Sizes: the biggest loop is ``test_random_games_keep_invariants`` (BIG_GAMES games in
chunks); set TOKYO_PROPERTY_GAMES to play more (or fewer).
"""

from __future__ import annotations

import json
import os
import random
from collections import Counter
from pathlib import Path

import pytest

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import tokyo
from tokyo import CHANCE, IllegalActionError
from tokyo.core import sample_chance
from tokyo.games.crisis.cards import POWERS, card_set
from contract import play_twins, replay_from_start

CARDS = card_set()
CHARACTERS = CARDS["character"]
EVENTS = CARDS["event"]
DISTRICTS = CARDS["district"]
ALL_IDS = Counter({cid: 1 for kind in CARDS.values() for cid in kind})
CHARACTER_SET, EVENT_SET, DISTRICT_SET = set(CHARACTERS), set(EVENTS), set(DISTRICTS)
TOTAL_CARDS = 104

# the biggest loop: BIG_GAMES random games with invariants after every step
BIG_GAMES = int(os.environ.get("TOKYO_PROPERTY_GAMES", "1000"))
CHUNKS = 10
DEEP_GAMES = 30          # games with the expensive checks at sampled steps
DEEP_EVERY = 90          # ... every DEEP_EVERY-th step
FULL_REFUSAL_EVERY = 50  # refusals compared with a full clone every 50th step


def random_options(rng: random.Random) -> dict:
    return {
        "dragon": rng.choice(("A", "B")),
        "defence_order": rng.choice(("right", "left")),
        "resources": rng.random() < 0.5,
        "collateral_damage": rng.random() < 0.5,
        "brute_force": rng.random() < 0.5,
        "districts_to_win": rng.choice((2, 3, 4, 4, 4, 5)),
        "turn_limit": rng.randint(20, 150),
        "ask_always": rng.random() < 0.2,  # now and then every question, as before C25
    }


def random_game(rng: random.Random):
    """A crisis-tokyo game with a random player count and random options."""
    return tokyo.load_game("crisis-tokyo", rng.randint(2, 5), **random_options(rng))


def _title_names(cid: str) -> tuple[str, str]:
    c = CHARACTERS.get(cid)
    if c is not None:
        return c["threat"]["name"], c["hero"]["name"]
    e = EVENTS[cid]
    return e["a"]["name"], e["b"]["name"]


# ----------------------------------------------------------------------------------------
# where every card is
# ----------------------------------------------------------------------------------------
def _instances(state) -> list[tuple[str, dict]]:
    out = [(f"reserve {p}", i) for p, res in enumerate(state.reserves) for i in res]
    c = state.conflict
    if c is not None:
        out += [("att", i) for i in c["att"]] + [("def", i) for i in c["def"]]
    return out


def card_places(state) -> list[tuple[str, str]]:
    """(card id, place) for every card on the table, in hands, decks and piles.

    A card in no zone but held by the pending decision is counted there: an Event
    played as a Gift waits for its host (``gift-host``), and a Character revealed by the
    Dimensional Portal waits for its half to be chosen (``portal-half``).
    """
    out = []
    for kind, deck in state.decks.items():
        for cid, k in deck.items():
            assert k >= 0, (kind, cid, k)
            out += [(cid, f"{kind} deck")] * k
    for kind, pile in state.discards.items():
        out += [(cid, f"{kind} discard") for cid in pile]
    for p, hand in enumerate(state.hands):
        out += [(cid, f"hand {p}") for cid in hand]
    for where, inst in _instances(state):
        out.append((inst["card"], where))
        out += [(g["card"], f"gift on {inst['uid']}") for g in inst["gifts"]]
    for p, ds in enumerate(state.districts):
        out += [(d, f"levelled {p}") for d in ds]
    out += [(d, "tokyo") for d in state.tokyo if d]
    if state.plot is not None:
        out.append((state.plot["card"], "plot"))
    out += [(e["card"], "end of turn") for e in state.end_of_turn]
    out += [(cid, "resolving") for cid in state.resolving]
    node = state.node
    if node is not None and node[2] == "effect" and node[3].get("name") in ("gift-host", "portal-half"):
        out.append((node[3]["card"], node[3]["name"]))
    return out


def check_cards(state) -> None:
    """The 104 cards: each in exactly one place, each place holding its kind of card.
    Written for speed (it runs after every step); ``card_places`` explains a failure."""
    decks = state.decks
    for kind, deck in decks.items():
        if deck:  # a card is a single copy: 0 or 1 in its deck
            assert min(deck.values()) >= 0 and max(deck.values()) <= 1, (kind, deck)
    chars = [c for c, k in decks["character"].items() if k] + state.discards["character"]
    events = [c for c, k in decks["event"].items() if k] + state.discards["event"]
    districts = [c for c, k in decks["district"].items() if k] + state.discards["district"]
    hands = [cid for hand in state.hands for cid in hand]
    for _, inst in _instances(state):
        chars.append(inst["card"])
        events += [g["card"] for g in inst["gifts"]]
    for ds in state.districts:
        districts += ds
    districts += [d for d in state.tokyo if d]
    if state.plot is not None:
        events.append(state.plot["card"])
    events += [e["card"] for e in state.end_of_turn]
    events += state.resolving
    node = state.node
    if node is not None and node[2] == "effect":
        name = node[3].get("name")
        if name == "gift-host":
            events.append(node[3]["card"])
        elif name == "portal-half":
            chars.append(node[3]["card"])
    everything = chars + events + districts + hands
    if len(everything) != TOTAL_CARDS or len(set(everything)) != TOTAL_CARDS \
            or not CHARACTER_SET.issuperset(chars) or not EVENT_SET.issuperset(events) \
            or not DISTRICT_SET.issuperset(districts) or DISTRICT_SET.intersection(hands):
        places = card_places(state)
        counts = Counter(cid for cid, _ in places)
        twice = {cid: [p for c, p in places if c == cid] for cid, k in counts.items() if k > 1}
        raise AssertionError(f"{len(places)} cards; twice: {twice}; missing: {sorted(set(ALL_IDS) - set(counts))}; "
                             f"places: {sorted(places, key=lambda x: x[1])}")


# ----------------------------------------------------------------------------------------
# invariants checked after every step
# ----------------------------------------------------------------------------------------
def check_invariants(state) -> None:
    n = state.game.num_players
    check_cards(state)
    # Drawing Cards: the moment a deck runs out, its discard pile is the new deck (C9)
    for deck in ("character", "event"):
        assert any(state.decks[deck].values()) or not state.discards[deck], (deck, state.discards[deck])
    # Characters in play: unique ids, the right half, the right owner, valid Gifts
    uids = set()
    for where, inst in _instances(state):
        assert inst["uid"] not in uids and 0 < inst["uid"] < state.next_uid, inst
        uids.add(inst["uid"])
        assert inst["half"] in ("threat", "hero"), inst
        assert inst["wild"] is None or inst["wild"] in POWERS, inst
        if where.startswith("reserve"):
            # no Threat in a Reserve, and a Reserve holds its owner's Heroes
            assert inst["half"] == "hero", f"a Threat in a Reserve: {inst}"
            assert where == f"reserve {inst['owner']}", (where, inst)
        elif where == "att":
            assert inst["owner"] == state.conflict["attacker"], inst
        else:
            assert inst["owner"] == state.conflict["defender"], inst
        for g in inst["gifts"]:
            half = state.game.half(g["card"], g["half"])
            assert half["kind"] == "gift", g
            host = half.get("host", "any")
            assert host == "any" or host == inst["half"], (g, inst)
    if state.plot is not None:
        assert state.game.half(state.plot["card"], state.plot["half"])["kind"] == "plot"
    for e in state.end_of_turn:
        half = state.game.half(e["card"], e["half"])
        assert half["kind"] == "occurrence" and half.get("timing") == "end_of_turn", e
    assert len(state.tokyo) <= 5
    assert len(set(state.defended)) == len(state.defended) and set(state.defended) <= set(range(n))
    assert state.actions_left >= 0, state.actions_left
    assert 0 <= state.active < n
    c = state.conflict
    if c is not None:
        assert c["attacker"] == state.active and c["defender"] != c["attacker"]
        # the District attacked is in its place, or already levelled by the attacker
        assert state.tokyo[c["slot"]] == c["district"] or (
            state.tokyo[c["slot"]] is None and c["district"] in state.districts[c["attacker"]]), c

    if state.is_terminal():
        assert state.legal_texts() == [] and state.legal_actions() == []
        assert state.chance_outcomes() == []
        return
    legal = state.legal_texts()
    assert legal, f"no legal action at {state!r}"
    assert len(set(legal)) == len(legal), legal
    node = state.node
    if state.is_chance_node():
        total_p = 0.0
        for _, p in state._chance_outcomes():
            assert p > 0
            total_p += p
        assert abs(total_p - 1.0) < 1e-9, total_p
        if node[2] == "draw":
            # a draw is over the unseen cards of that deck, nothing else
            deck = state.decks[node[3]["deck"]]
            assert sorted(t.split()[1] for t in legal) == sorted(c for c, k in deck.items() if k)
        return
    seat = state.current_player()
    assert 0 <= seat < n
    kind = node[2]
    hand_limit, reserve_limit = state.hand_limit(), state.reserve_limit()
    if kind == "discard" and node[3].get("reason") == "hand limit":
        assert len(state.hands[seat]) > hand_limit, "a hand-limit discard under the limit"
    elif kind == "reserve-limit":
        assert len(state.reserves[seat]) > reserve_limit, "a Reserve-limit destruction under the limit"
    else:
        # a decision that is not about the limits: every hand and Reserve is within them
        for p in range(n):
            assert len(state.hands[p]) <= hand_limit, (p, len(state.hands[p]), hand_limit, kind)
            assert len(state.reserves[p]) <= reserve_limit, (p, len(state.reserves[p]), reserve_limit, kind)
    if kind == "action":
        assert seat == state.active and state.conflict is None


def _refused(state, text, seat=None) -> bool:
    try:
        state.apply_action(text, seat=seat)
    except IllegalActionError:
        return True
    return False


def check_refusals(state, rng: random.Random, full: bool) -> None:
    """A legal text sent by a wrong seat, and a text that is not legal, raise and
    change nothing. With ``full`` the state is compared with a clone taken before;
    otherwise with its history, log length, node and legal texts."""
    n = state.game.num_players
    before = state.clone() if full else None
    log_len, hist_len = len(state.log), len(state._history)
    player = state.current_player()
    legal = list(state.legal_texts())
    node = state.node
    wrong = [s for s in range(n) if s != player]
    assert _refused(state, rng.choice(legal), seat=rng.choice(wrong)), "a wrong seat was allowed to act"
    if player == CHANCE:
        assert _refused(state, legal[0], seat=rng.randrange(n)), "a seat chose a chance outcome"
    assert _refused(state, "fly to the moon"), "a nonsense text was accepted"
    if full:
        for s in wrong:
            for text in rng.sample(legal, min(4, len(legal))):
                assert _refused(state, text, seat=s)
        if player >= 0:
            assert _refused(state, "attack nowhere", seat=player)
        assert state == before and state.log == before.log
    assert state.current_player() == player and state.node is node
    assert len(state.log) == log_len and len(state._history) == hist_len
    assert state.legal_texts() == legal


def check_draw_is_private(state, before_log: int, text: str) -> None:
    """After a ``draw <card>`` outcome, no public sentence names the card drawn; the
    sentence that does is visible to the drawer only."""
    cid = text.split()[1]
    names = _title_names(cid)
    private = 0
    for event in state.log[before_log:]:
        named = any(name in event.text for name in names) or cid in event.text
        if event.seats is None:
            assert not named, f"public log names a drawn card: {event.text!r}"
        else:
            assert len(event.seats) == 1, event
            private += named
    assert private == 1, [e.as_dict() for e in state.log[before_log:]]


# ----------------------------------------------------------------------------------------
# expensive properties checked at sampled steps
# ----------------------------------------------------------------------------------------
def hidden_cards(state, seat: int | None) -> set[str]:
    """Cards ``seat`` must not see named: those in the other hands and in the decks
    (each card is in one place only, so none of these is public anywhere)."""
    out = {cid for kind, deck in state.decks.items() for cid, k in deck.items() if k}
    for p, hand in enumerate(state.hands):
        if p != seat:
            out.update(c for c in hand if c not in state.known_cards[p])  # known_cards are public
    return out


def check_observations(state) -> None:
    """Observations are JSON, show a seat its own hand, and never name a card in another
    hand or in a deck; nor does the rendered table."""
    n = state.game.num_players
    for seat in list(range(n)) + [None]:
        obs = state.observation(seat)
        text = json.dumps(obs)
        assert json.loads(text) == obs
        assert obs["hand_sizes"] == [len(h) for h in state.hands]
        if seat is not None:
            assert obs["hand"] == state.hands[seat]
        picture = state.render(seat)
        for cid in hidden_cards(state, seat):
            assert f'"{cid}"' not in text, (seat, cid)
            if cid not in DISTRICTS:
                assert cid not in picture and not any(name in picture for name in _title_names(cid)), (seat, cid)
        for event in state.log_for(seat):
            assert event.seats is None or seat in event.seats


def _kind_counts(hand) -> tuple[int, int]:
    chars = sum(cid in CHARACTERS for cid in hand)
    return chars, len(hand) - chars


def play_to_end(state, rng: random.Random, check=check_invariants) -> None:
    steps = 0
    while not state.is_terminal():
        state.apply_action(sample_chance(state, rng) if state.is_chance_node() else rng.choice(state.legal_texts()))
        check(state)
        steps += 1
        assert steps < 20_000, "game too long"
    check_end(state)


def _unseen(state, seat: int, kind: str) -> Counter:
    """The ``kind`` cards ``seat`` has not seen: that deck plus the other hands' cards."""
    out = Counter({c: k for c, k in state.decks[kind].items() if k})
    out.update(c for p, hand in enumerate(state.hands) if p != seat for c in hand if c in CARDS[kind])
    return out


def check_resample(state, rng: random.Random) -> None:
    n = state.game.num_players
    for seat in range(n):
        other = state.resample(seat, rng)
        assert other.observation(seat) == state.observation(seat)
        assert other.hands[seat] == state.hands[seat]
        for p in range(n):
            assert len(other.hands[p]) == len(state.hands[p])
            assert _kind_counts(other.hands[p]) == _kind_counts(state.hands[p]), p
            # cards everyone saw go into a hand stay there
            assert set(state.known_cards[p]) <= set(other.hands[p]), p
        # the cards redealt are exactly those the seat has not seen
        for kind in ("character", "event"):
            assert _unseen(other, seat, kind) == _unseen(state, seat, kind), (seat, kind)
        assert other.history() == state.history()
        check_invariants(other)
    # one of them (a random seat) is played on to the end
    other = state.resample(rng.randrange(n), rng)
    play_to_end(other, rng)


def check_end(state) -> None:
    assert state.is_terminal()
    returns = state.returns()
    assert len(returns) == state.game.num_players
    assert set(returns) <= {0.0, 1.0}
    winners = [i for i, r in enumerate(returns) if r == 1.0]
    assert winners == state.winners
    counts = [len(d) for d in state.districts]
    if state.win_by == "districts":
        assert len(winners) == 1 and counts[winners[0]] >= state.game.options["districts_to_win"]
    elif state.win_by == "most-districts":
        assert state.turn_count >= state.game.options["turn_limit"]
        best = max(counts)
        assert winners == ([p for p, k in enumerate(counts) if k == best] if best else [])
    else:
        raise AssertionError(f"unknown win_by {state.win_by!r}")
    assert max(counts) <= state.game.options["districts_to_win"]
    assert state.legal_texts() == [] and state.chance_outcomes() == []
    with pytest.raises(IllegalActionError):
        state.apply_action("end")
    with pytest.raises(IllegalActionError):
        state.apply_action("end", seat=0)


def check_deep(state, game, rng: random.Random) -> None:
    # clone equals the state and is independent of it
    copy = state.clone()
    assert copy == state and copy.to_json() == state.to_json()
    snapshot = state.to_json()
    if not copy.is_terminal():
        copy.apply_action(copy.legal_texts()[-1])
        assert state.to_json() == snapshot
        assert copy.history() != state.history()
        # mutating the copy's nested data leaves the original alone
        copy.hands[0].append("x")
        for res in copy.reserves:
            for inst in res:
                inst["mods"]["fire"] = 99
        copy.decks["event"]["y"] = 1
        assert state.to_json() == snapshot
    # JSON round trip, and the copy continues exactly as the original
    back = game.state_from_json(snapshot)
    assert back == state and back.to_json() == snapshot
    assert back.legal_texts() == state.legal_texts()
    assert [p for _, p in back.chance_outcomes()] == [p for _, p in state.chance_outcomes()]
    play_twins(state.clone(), back, rng, 30)
    # replaying the history from the initial state gives the same state and log
    replayed = replay_from_start(game, state)
    assert replayed == state
    assert [e.as_dict() for e in replayed.log] == [e.as_dict() for e in state.log]
    assert game.replay(state.history()) == state
    check_observations(state)
    check_resample(state, rng)


# ----------------------------------------------------------------------------------------
# the game driver
# ----------------------------------------------------------------------------------------
def play_checked(seed: int, deep_every: int | None = None, stats: dict | None = None):
    """Play one random game, checking invariants after every step; return the final state."""
    rng = random.Random(seed)
    game = random_game(rng)
    state = game.new_initial_state()
    check_invariants(state)
    steps = 0
    while not state.is_terminal():
        check_refusals(state, rng, full=steps % FULL_REFUSAL_EVERY == 0)
        if state.is_chance_node():
            text = sample_chance(state, rng)
        else:
            text = rng.choice(state.legal_texts())
        if stats is not None:
            kind = state.node[2] if state.node[2] != "effect" else "effect " + state.node[3]["name"]
            stats.setdefault("nodes", set()).add(kind)
        log_len, drawn = len(state.log), state.is_chance_node() and state.node[2] == "draw"
        state.apply_action(text)
        steps += 1
        check_invariants(state)
        if drawn:
            check_draw_is_private(state, log_len, text)
        if deep_every and steps % deep_every == 0:
            check_deep(state, game, rng)
        assert steps < 20_000, "game too long"
    check_end(state)
    if deep_every:
        check_deep(state, game, rng)
    if stats is not None:
        stats.setdefault("win_by", Counter())[state.win_by] += 1
        stats.setdefault("players", set()).add(game.num_players)
    return state


@pytest.mark.rule("crisis-tokyo 7.1.5", "crisis-tokyo 8.2", "crisis-tokyo 18.4.1")
@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_games_keep_invariants(chunk):
    """The biggest loop: BIG_GAMES random games, invariants after every step."""
    stats: dict = {}
    seeds = range(chunk, BIG_GAMES, CHUNKS)
    for seed in seeds:
        play_checked(seed, stats=stats)
    if len(seeds) >= 100:
        # the games did reach the rules the invariants are about
        assert stats["players"] == {2, 3, 4, 5}
        assert stats["win_by"]["districts"] and stats["win_by"]["most-districts"]
        assert {"discard", "reserve-limit", "defend", "deploy", "manoeuvre", "effect gift-host",
                "effect portal-half", "portal", "random-discard"} <= stats["nodes"], stats["nodes"]


@pytest.mark.parametrize("seed", range(100_000, 100_000 + DEEP_GAMES))
def test_contract_at_sampled_steps(seed):
    """Clone, JSON, replay, observation and resample, every DEEP_EVERY steps."""
    play_checked(seed, deep_every=DEEP_EVERY)


def test_contract_in_a_conflict_and_at_pending_effects():
    """The deep checks where the state is most involved: in a Conflict with Characters on
    both sides, and at a pending Gift host or Portal half."""
    seen = Counter()
    for seed in range(200_000, 200_200):
        rng = random.Random(seed)
        game = random_game(rng)
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(sample_chance(state, rng) if state.is_chance_node() else rng.choice(state.legal_texts()))
            node, c = state.node, state.conflict
            key = None
            if node is not None and node[2] == "effect" and node[3]["name"] in ("gift-host", "portal-half"):
                key = node[3]["name"]
            elif c is not None and c["att"] and c["def"] and node is not None and node[2] == "manoeuvre":
                key = "conflict"
            if key and seen[key] < 4 and rng.random() < 0.2:
                seen[key] += 1
                check_invariants(state)
                check_deep(state, game, rng)
        if min(seen[k] for k in ("gift-host", "portal-half", "conflict")) >= 4:
            break
    assert min(seen[k] for k in ("gift-host", "portal-half", "conflict")) >= 4, seen


# ----------------------------------------------------------------------------------------
# hypothesis: arbitrary index sequences drive a game
# ----------------------------------------------------------------------------------------
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(players=st.integers(2, 5), seed=st.integers(0, 2**32 - 1),
       choices=st.lists(st.integers(min_value=0, max_value=10_000), min_size=60, max_size=800))
def test_any_sequence_of_legal_choices_keeps_invariants(players, seed, choices):
    """Every legal action and chance outcome, whatever the index chooses, keeps the
    invariants; the history replays to the same state."""
    options = random_options(random.Random(seed))
    game = tokyo.load_game("crisis-tokyo", players, **options)
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
# docs/notation.md covers what the games produce
# ----------------------------------------------------------------------------------------
def test_every_action_word_seen_in_random_games_is_documented():
    """docs/notation.md names the first word of every text random games produce, and
    every node kind (effect decisions by name) they reach."""
    doc = (Path(__file__).resolve().parents[2] / "docs" / "notation.md").read_text(encoding="utf-8")
    doc = doc[doc.index("## Crisis: Tokyo (`crisis-tokyo`)"):]
    words: set[str] = set()
    kinds: set[str] = set()
    for seed in range(300_000, 300_060):
        rng = random.Random(seed)
        game = random_game(rng)
        state = game.new_initial_state()
        while not state.is_terminal():
            legal = state.legal_texts()
            words.update(t.split()[0] for t in legal)
            kinds.add(state.node[3]["name"] if state.node[2] == "effect" else state.node[2])
            state.apply_action(sample_chance(state, rng) if state.is_chance_node() else rng.choice(legal))
    assert {"draw", "recruit", "play", "talent", "attack", "end", "send", "power", "defend", "decline",
            "deploy", "pass", "host", "target", "take", "first", "reveal", "discard", "destroy"} <= words
    for word in words:
        assert f"`{word}" in doc, f"{word!r} is not in the crisis-tokyo section of docs/notation.md"
    for kind in kinds:
        assert f"`{kind}`" in doc, f"node kind {kind!r} is not in the crisis-tokyo section of docs/notation.md"


# ----------------------------------------------------------------------------------------
# C25: the questions with a single answer, taken at once, are taken as asking would have
# ----------------------------------------------------------------------------------------
def _taken_at_once(state) -> bool:
    """Whether ruling C25 takes the pending decision of ``state`` (a game that asks every
    question) at once: a single answer, not the turn's action, not a manoeuvre while the
    hand holds an Event the others have not seen."""
    if state.is_terminal() or state.is_chance_node() or len(state.legal_texts()) != 1:
        return False
    kind, seat = state.node[2], state.node[1]
    return kind not in state.ALWAYS_ASKED and not (kind == "manoeuvre" and state.unseen_events(seat))


@pytest.mark.rule("crisis-tokyo C25")
@pytest.mark.parametrize("seed", range(500_000, 500_012))
def test_questions_with_one_answer_are_answered_as_asking_would(seed):
    """A random game played asking every question (ask_always=true), and the same game by
    default, fed the same answers except those C25 takes itself, are in the same position
    whenever the first waits for a question C25 asks, and end alike."""
    rng = random.Random(seed)
    options = dict(random_options(rng), ask_always=True)
    players = rng.randint(2, 5)
    asked = tokyo.load_game("crisis-tokyo", players, **options).new_initial_state()
    quiet = tokyo.load_game("crisis-tokyo", players, **dict(options, ask_always=False)).new_initial_state()
    taken = 0
    while not asked.is_terminal():
        if _taken_at_once(asked):
            taken += 1
            asked.apply_action(asked.legal_texts()[0])
            continue
        assert asked._to_data() == quiet._to_data()
        text = sample_chance(asked, rng) if asked.is_chance_node() else rng.choice(asked.legal_texts())
        asked.apply_action(text)
        quiet.apply_action(text)
    assert quiet.is_terminal() and asked._to_data() == quiet._to_data() and asked.log == quiet.log
    assert quiet.returns() == asked.returns() and len(quiet.history()) == len(asked.history()) - taken
    assert taken > 0
