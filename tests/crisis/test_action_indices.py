"""Crisis: Tokyo's action indices, chance indices and observation tensor (issue 14;
docs/notation.md, Crisis: Tokyo, "Action indices"): random games through the index
interface at every player count (tests/indexcheck.py: round trips, masks, tensors the same
on states resampled for the seat), and hand-checked indices and tensor pieces."""

from __future__ import annotations

import pytest

from indexcheck import check_random_games
from tokyo import load_game
from tokyo.games.crisis.encoding import EncodingError
from tokyo.games.crisis.position import build_position

TOKYO = ["harajuku", "akihabara", "ginza", "asakusa", "roppongi"]


def piece(game, tensor: list[float], name: str) -> list[float]:
    """The part of ``tensor`` that is observation piece ``name``."""
    start = 0
    for pname, shape in game.observation_pieces():
        size = 1
        for d in shape:
            size *= d
        if pname == name:
            return tensor[start:start + size]
        start += size
    raise KeyError(name)


def rows(values: list[float], width: int) -> list[list[float]]:
    return [values[i:i + width] for i in range(0, len(values), width)]


@pytest.mark.parametrize("players,games,options", [
    (2, 70, {"turn_limit": 12}),
    (2, 25, {"turn_limit": 12, "resources": True, "ask_always": True, "collateral_damage": True}),
    (3, 55, {"turn_limit": 12}),
    (3, 20, {"turn_limit": 12, "resources": True, "defence_order": "left", "brute_force": True}),
    (4, 45, {"turn_limit": 12}),
    (4, 20, {"turn_limit": 12, "dragon": "B", "ask_always": True}),
    (5, 40, {"turn_limit": 12}),
    (5, 18, {"turn_limit": 12, "resources": True, "collateral_damage": True}),
    (3, 2, {"turn_limit": 150}),  # long games: bigger Reserves, Gifts piled on a Character
])
def test_random_games_through_indices(players, games, options):
    nodes = check_random_games("crisis-tokyo", players, games, seed=players, options=options,
                               tensors_every=6, resample_every=24)
    assert nodes > games * 40


def test_sizes_of_the_index_spaces_and_of_the_tensor():
    # 11 words, 5 powers, 20 hand uses, 10 discards, 5 places, 10 Reserve slots per seat and
    # 2 x 10 Conflict slots, 20 x 9 Talents, 80 cards to take; 104 cards and the seats
    for n, tensor in ((2, 9042), (3, 11046), (4, 13070), (5, 15114)):
        game = load_game("crisis-tokyo", n)
        assert game.num_distinct_actions() == 11 + 5 + 20 + 10 + 5 + (10 * n + 20) + 180 + 80
        assert game.max_chance_outcomes() == 24 + 40 + 40 + n
        assert game.observation_tensor_size() == tensor
        assert len(game.new_initial_state().observation_tensor(n - 1)) == tensor


def table(active: int = 0, **kwargs):
    game = load_game("crisis-tokyo", 3)
    return build_position(
        game, hands=[["kind-alien", "dimensional-portal", "master-of-the-eagles-claw"], ["sniper-rifle"],
                     ["recoil-shot"]],
        reserves=[[{"card": "mystery-solving-schoolgirl"}], [],
                  [{"card": "retiring-in-two-days-cop"}, {"card": "soldier-from-the-future"}]],
        tokyo=TOKYO, active=active, **kwargs)


def test_action_indices_by_hand_position_half_and_place():
    state = table()
    indices = {t: state.action_to_index(t) for t in state.legal_texts()}
    assert indices == {
        "draw character": 0, "draw event": 1, "end": 2,
        "recruit kind-alien": 16 + 2 * 0 + 1,                 # hand position 0, as a Hero
        "play dimensional-portal b": 16 + 2 * 1 + 1,          # hand position 1, half b
        "recruit master-of-the-eagles-claw": 16 + 2 * 2 + 1,  # hand position 2
        "attack harajuku": 46, "attack akihabara": 47, "attack ginza": 48, "attack asakusa": 49,
        "attack roppongi": 50,                                # places 0-4 of Tokyo
    }
    state.apply_index(19)
    assert state.history()[-1] == "play dimensional-portal b"
    # the Gift's host by position, from seat 0: its own Reserve (51 + j), then seat 2's,
    # two seats on (51 + 2 * 10 + j)
    assert {t: state.action_to_index(t) for t in state.legal_texts()} == {"host 1": 51, "host 2": 71, "host 3": 72}


def test_character_positions_are_counted_from_the_deciding_seat():
    state = table(active=1)
    state.apply_action("play sniper-rifle a")  # a Gift: seat 1 chooses its host
    assert state.node[1] == 1 and state.node[3]["name"] == "gift-host"
    # seat 2 is one seat on from seat 1, seat 0 two seats on
    assert {t: state.action_to_index(t) for t in state.legal_texts()} == {"host 1": 71, "host 2": 61, "host 3": 62}


def test_talents_and_cards_taken_from_a_discard_pile():
    game = load_game("crisis-tokyo", 3)
    state = build_position(game, hands=[["dimensional-portal"], [], []],
                           reserves=[[{"card": "retiring-in-two-days-cop"}, {"card": "kind-alien"}], [], []],
                           discards={"character": ["general-tank", "soldier-from-the-future"]}, tokyo=TOKYO)
    uid = state.reserves[0][1]["uid"]
    # Talent 0 of the Hero in Reserve slot 1: 101 + 1 * 9 + 0
    assert state.action_to_index(f"talent {uid} 0") == 110
    state.apply_index(110)
    assert state.node[3]["name"] == "from-discard"
    chars = list(game.cards["character"])
    assert {t: state.action_to_index(t) for t in state.legal_texts()} == {
        "take general-tank": 281 + chars.index("general-tank"),
        "take soldier-from-the-future": 281 + chars.index("soldier-from-the-future")}


def test_chance_indices_are_card_ids_then_seats():
    game = load_game("crisis-tokyo", 3)
    state = game.new_initial_state()
    assert state.node[2] == "district"
    assert state.action_to_index("reveal harajuku") == 0       # the first District of the card list
    assert state.legal_action_indices() == list(range(24))
    chars, events = list(game.cards["character"]), list(game.cards["event"])
    for _ in range(5):
        state.apply_index(state.legal_action_indices()[0])
    assert state.node[2] == "draw"
    assert state.action_to_index("draw kind-alien") == 24 + chars.index("kind-alien")
    assert state.legal_action_indices() == list(range(24, 64))
    for _ in range(3):
        state.apply_index(state.legal_action_indices()[0])
    assert state.action_to_index("draw dimensional-portal") == 64 + events.index("dimensional-portal")
    while state.node[2] != "favor":
        state.apply_index(state.legal_action_indices()[-1])
    assert {t: state.action_to_index(t) for t in state.legal_texts()} == {"first 0": 104, "first 1": 105,
                                                                          "first 2": 106}


def test_a_text_with_no_index_is_refused_clearly():
    state = table()
    game = state.game
    with pytest.raises(EncodingError, match="no action index for 'fly away'"):
        game.action_index(state, "fly away")
    with pytest.raises(EncodingError, match="not in seat 0's hand"):
        game.action_index(state, "recruit general-tank")
    with pytest.raises(EncodingError, match="no chance index"):
        game.chance_index(state, "draw nobody")


def test_tensor_pieces_read_back():
    state = table(active=1)
    game = state.game
    chars, events = list(game.cards["character"]), list(game.cards["event"])
    hand_cards = chars + events
    mine = state.observation_tensor(1)
    assert piece(game, mine, "observer") == [0.0, 1.0, 0.0]
    assert piece(game, mine, "active") == [1.0, 0.0, 0.0]      # the seat itself comes first
    assert piece(game, mine, "current_player") == [1.0, 0.0, 0.0, 0.0]
    kinds = piece(game, mine, "node_kind")
    assert kinds.index(1.0) == 0 and sum(kinds) == 1.0        # "action"
    hand = rows(piece(game, mine, "hand"), len(hand_cards))
    assert hand[0][hand_cards.index("sniper-rifle")] == 1.0 and sum(hand[0]) == 1.0
    assert all(sum(r) == 0.0 for r in hand[1:])
    assert piece(game, mine, "hand_sizes") == [1 / 8, 1 / 8, 3 / 8]  # seats 1, 2, 0
    width = game.encoding.char_features
    reserves = rows(piece(game, mine, "reserves"), width)        # 3 seats x 10 slots
    assert [r[0] for r in reserves] == [0.0] * 10 + [1.0, 1.0] + [0.0] * 8 + [1.0] + [0.0] * 9
    assert reserves[10][1 + chars.index("retiring-in-two-days-cop")] == 1.0   # seat 2, slot 0
    assert reserves[20][1 + chars.index("mystery-solving-schoolgirl")] == 1.0  # seat 0, slot 0
    tokyo = rows(piece(game, mine, "tokyo"), 25)
    districts = list(game.cards["district"])
    assert [r.index(1.0) for r in tokyo] == [districts.index(d) for d in TOKYO]
    # seat 0's tensor holds its own hand, not seat 1's
    theirs = rows(piece(game, state.observation_tensor(0), "hand"), len(hand_cards))
    assert [r.index(1.0) for r in theirs[:3]] == [hand_cards.index(c) for c in
                                                  ("kind-alien", "dimensional-portal", "master-of-the-eagles-claw")]
    assert all(r[hand_cards.index("sniper-rifle")] == 0.0 for r in theirs)
