"""Storyline's action indices, chance outcome indices and observation tensor (encoding.py;
docs/notation.md, Storyline, "Action indices"): random games through the index interface
at every player count of both game ids (and ``opponent=seat``), and hand-checked cases."""

from __future__ import annotations

import os
import random
import sys

import pytest

from tokyo import load_game
from tokyo.games.storyline.abilities import OPPONENT
from tokyo.games.storyline.encoding import MAP_SLOTS, EncodingError
from tokyo.games.storyline.game import StorylineGame
from tokyo.games.storyline.position import build_position
from sl_crisis_helpers import cpos, opp_turn
from sl_helpers import CARDS, pos, with_abilities

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from indexcheck import check_random_games  # noqa: E402  (tests/indexcheck.py)


# ----- random games ------------------------------------------------------------------------------
@pytest.mark.parametrize("game_id, players, options, games", [
    ("storyline", 2, {}, 40), ("storyline", 3, {}, 30), ("storyline", 4, {}, 25),
    ("crisis-format", 1, {}, 30), ("crisis-format", 2, {}, 30), ("crisis-format", 3, {}, 20),
    ("crisis-format", 4, {}, 20),
    ("crisis-format", 1, {"opponent": "seat"}, 25), ("crisis-format", 2, {"opponent": "seat"}, 20),
    ("crisis-format", 3, {"opponent": "seat"}, 15), ("crisis-format", 4, {"opponent": "seat"}, 15),
])
def test_random_games_through_indices(game_id, players, options, games):
    assert check_random_games(game_id, players, games=games, seed=players, options=options,
                              tensors_every=4, resample_every=20) > 20 * games


def test_sizes_depend_only_on_the_number_of_players():
    sizes = {}
    for game_id, n, opts in [("storyline", 2, {}), ("crisis-format", 2, {}), ("crisis-format", 2, {"opponent": "seat"}),
                             ("storyline", 4, {}), ("crisis-format", 4, {"opponent": "seat"})]:
        g = load_game(game_id, n, **opts)
        sizes.setdefault(n, set()).add((g.num_distinct_actions(), g.max_chance_outcomes(), g.observation_tensor_size()))
    assert all(len(v) == 1 for v in sizes.values()), sizes
    (a2, c2, t2), = sizes[2]
    (a4, c4, t4), = sizes[4]
    assert a4 == a2 + 2 and c2 == c4 == MAP_SLOTS   # one "player <seat>" index more per player
    g = load_game("storyline", 2)
    assert sum(_size(shape) for _, shape in g.observation_pieces()) == t2


def _size(shape: tuple[int, ...]) -> int:
    out = 1
    for d in shape:
        out *= d
    return out


def _run_ability(s, ops, ctrl=0):
    """Resolve an ad-hoc ability of an Event of seat ``ctrl`` (as test_sl_core_c's ``run``)."""
    ctx = s.context(None, None, ops, card="amber-supply", ctrl=ctrl)
    s.node, s.stack = None, []
    s._push(["ability", ctx], ["state-check"], ["resolve-pending"], ["main"])
    s._run()


# ----- hand-checked decisions ------------------------------------------------------------------
def _main_position():
    # uids: 1 amber-home, 2 basalt-home, 3 amber-outpost, 4 amber-tank (on 3), 5 basalt-tank
    return pos(2, map=[{"card": "amber-outpost", "owner": 0, "ready": True},
                       {"card": "amber-tank", "owner": 0, "place": "amber-outpost", "ready": True, "damage": 1},
                       {"card": "basalt-tank", "owner": 1, "damage": 2}],
               hands=[["amber-scout", "amber-scout", "amber-tank"], ["basalt-scout"]], treasury=[5, 3])


def test_main_phase_texts_get_their_blocks_slots_and_deck_numbers():
    s = _main_position()
    enc = s.game.encoding()
    # the test set: 12 card ids per deck (amber-scout is the 10th, number 9), one activated
    # ability and one bargain at most per card; 64 Map slots
    assert (enc.k, enc.n_use, enc.n_bargain, enc.slots) == (12, 1, 1, 64)
    play_on, attack, move = 5 + 12, 5 + 12 + 12 * 64, 5 + 12 + 12 * 64 + 64 * 64
    repair = move + 64 * 64 + 64 + 64 + 64
    want = {"pass": 0,
            "play amber-scout on 1": play_on + 9 * 64 + 0, "play amber-scout on 3": play_on + 9 * 64 + 2,
            "play amber-tank on 3": play_on + 11 * 64 + 2,
            "attack 4 5": attack + 3 * 64 + 4, "move 4 to 1": move + 3 * 64 + 0, "repair 4": repair + 3}
    assert set(want) <= set(s.legal_texts())
    for text, i in want.items():
        assert s.action_to_index(text) == i, text
        assert s.index_to_action(i) == text
    assert enc.action_text(attack + 3 * 64 + 4) == "attack slot 3 slot 4"
    mask = s.legal_action_mask()
    assert len(mask) == s.game.num_distinct_actions() and sum(mask) == len(s.legal_texts())


def test_slots_follow_the_map_when_a_card_leaves():
    # the slot is the position in the Map (timestamp order): once #3 leaves, #4 is slot 2
    s = _main_position()
    enc = s.game.encoding()
    s.map.remove(s.find(3))
    s.find(4)["place"] = None
    assert enc.action_index(s, "attack 4 5") == enc.ATTACK + 2 * 64 + 3


def test_mulligan_discard_and_the_hand_step_use_the_deciding_seats_deck_numbers():
    g = StorylineGame(2, {"decks": "amber,basalt", "first_player": "1"}, cards=CARDS)
    s = g.new_initial_state()
    while s.is_chance_node():
        s.apply_index(s.legal_action_indices()[0])   # each draw: the lowest deck number left
    assert s.current_player() == 1 and s.legal_texts() == ["keep", "mulligan"]
    assert s.legal_action_indices() == [1, 2]
    hand = ["amber-tank"] * 3 + ["amber-scout"] * 3 + ["amber-artillery"] * 2   # 8 cards: one to discard
    s = pos(2, hands=[hand, []], phase="end")
    enc = s.game.encoding()
    assert s.node[2] == "discard"
    assert s.action_to_index("discard amber-tank") == enc.DISCARD + 11
    assert s.action_to_index("discard amber-artillery") == enc.DISCARD + 0
    # a discard effect asks the seat it names, by that seat's deck numbers (basalt here)
    s = pos(2, hands=[["amber-scout"], ["basalt-tank", "basalt-scout"]])
    _run_ability(s, [{"op": "discard", "who": "each-opponent", "n": 1}])
    assert s.node[2] == "discard-effect" and s.current_player() == 1
    assert s.legal_texts() == ["discard basalt-scout", "discard basalt-tank"]
    assert s.legal_action_indices() == [enc.DISCARD + 9, enc.DISCARD + 11]


def test_may_several_activated_abilities_and_errors():
    two = {"kind": "activated", "cost": {"treasury": 0},
           "effect": [{"op": "gain-treasury", "who": "you", "amount": 1}]}
    may = {"kind": "triggered", "when": "enters", "may": True, "effect": [{"op": "gain-treasury", "who": "you", "amount": 2}]}
    cards = with_abilities({"amber-outpost": [two, two, may]})
    g = StorylineGame(2, {"decks": "amber,basalt"}, cards=cards)
    enc = g.encoding()
    assert enc.n_use == 2
    s = build_position(g, map=[{"card": "amber-outpost", "owner": 0, "ready": True}], hands=[["amber-outpost"], []],
                       treasury=[5, 3])
    assert {"use 3", "use 3:1"} <= set(s.legal_texts())
    assert s.action_to_index("use 3") == enc.USE + 2 * 2 and s.action_to_index("use 3:1") == enc.USE + 2 * 2 + 1
    s.apply_action("play amber-outpost")
    assert s.legal_texts() == ["may yes", "may no"] and s.legal_action_indices() == [3, 4]
    for bad in ("dance 3", "attack 3", "attack 3 99", "play amber-outpost on x", "use 3:7", "player 9",
                "play basalt-tank"):
        with pytest.raises(EncodingError):
            g.action_index(s, bad)


def test_a_map_fuller_than_the_slots_is_refused_clearly():
    specs = []
    for p, deck in enumerate(["amber", "basalt", "cobalt", "dusk"]):
        for cid, copies in sorted(CARDS["decks"][deck]["cards"].items()):
            if CARDS["cards"][cid]["faces"]["front"]["type"] in ("character", "ground-unit", "spacecraft"):
                specs += [{"card": cid, "owner": p}] * copies
    g = StorylineGame(4, {"decks": "amber,basalt,cobalt,dusk"}, cards=CARDS)
    s = build_position(g, map=specs)
    assert len(s.map) > MAP_SLOTS
    with pytest.raises(EncodingError, match="64 slots"):
        s.observation_tensor(0)
    with pytest.raises(EncodingError, match="slot"):
        g.action_index(s, f"attack {s.map[-1]['uid']} 1")


# ----- chance outcomes -------------------------------------------------------------------------
def test_chance_outcomes_setup_draws_and_random_discards():
    g = load_game("storyline", 3)
    s = g.new_initial_state()
    assert s.node[2] == "deck"
    assert [s.action_to_index(t) for t in s.legal_texts()] == [0, 1, 2, 3]   # the decks in card-set order
    s.apply_action("deck verdant")
    s.apply_action("deck concord")
    s.apply_action("deck syndicate")
    assert s.node[2] == "first" and s.legal_action_indices() == [0, 1, 2]
    s.apply_index(2)
    assert s.history()[-1] == "first 2" and s.node[2] == "draw" and s.node[3]["seat"] == 2
    ids = sorted(g.cards["decks"]["syndicate"]["cards"])   # seat 2 plays syndicate
    assert [s.action_to_index(t) for t in s.legal_texts()] == list(range(len(ids)))
    s.apply_index(4)
    assert s.players[2]["hand"] == [ids[4]]
    s = pos(2, hands=[["amber-scout", "amber-scout", "amber-tank"], []])
    _run_ability(s, [{"op": "discard", "who": "you", "n": 1, "random": True}])
    assert s.node[2] == "discard-random" and s.legal_action_indices() == [9, 11]


def test_crisis_chance_outcomes_and_the_opponents_seat():
    g = load_game("crisis-format", 2)
    s = g.new_initial_state()
    for _ in range(2):
        s.apply_index(s.legal_action_indices()[0])   # the decks
    assert s.node[2] == "crises" and s.legal_action_indices() == list(range(15))   # 6 choose 2
    s.apply_index(14)
    assert s.history()[-1] == "crises " + ",".join(g.cards["crises"][-2:])
    # the same choice: a chance outcome (pick <slot>) or, with a seat, the seat's decision
    gf = "crisis-grinding-front"
    spec = [{"card": "concord-drop-marine", "owner": 0}, {"card": "concord-line-trooper", "owner": 0}]
    s = cpos([gf], map=spec)
    opp_turn(s)
    assert s.is_chance_node() and s.legal_texts() == ["pick 4", "pick 5"] and s.legal_action_indices() == [3, 4]
    s = cpos([gf], options={"opponent": "seat"}, map=spec)
    opp_turn(s)
    enc = s.game.encoding()
    assert s.current_player() == 2 and s.legal_action_indices() == [enc.PICK + 3, enc.PICK + 4]
    # the opponent's seat: its own seat column, no hand, the players unrotated; a Crisis
    # card's controller in the opponent's column
    t = s.observation_tensor(2)
    off = enc.offsets
    assert t[off["seat"]:off["seat"] + 3] == [0.0, 0.0, 1.0]
    assert t[off["current_player"]:off["current_player"] + 4] == [0.0, 0.0, 1.0, 0.0]
    assert t[off["active"]:off["active"] + 3] == [0.0, 0.0, 1.0]   # an opponent turn
    assert t[off["paired"]:off["paired"] + 2] == [1.0, 0.0]
    assert not any(t[off["hand"]:off["hand"] + len(enc.card_list)])
    crisis_row = off["map"] + 2 * enc.row   # slot 2: the Grinding Front, after the two Homeworlds
    ctrl = crisis_row + 1 + len(enc.face_list)
    assert t[crisis_row] == 1.0 and t[ctrl:ctrl + 3] == [0.0, 0.0, 1.0]
    assert t[crisis_row + 1 + enc.face_pos[(gf, "front")]] == 1.0
    assert t[off["crisis"]] == 1.0


def test_random_player_is_a_chance_outcome_by_seat():
    s = pos(3, hands=[["amber-scout"], [], []])
    _run_ability(s, [{"op": "gain-treasury", "who": "random-player", "amount": 1}])
    assert s.node[2] == "player" and s.legal_action_indices() == [0, 1, 2]


# ----- the tensor ------------------------------------------------------------------------------
def test_tensor_pieces_read_back_and_rotate_to_the_observer():
    s = _main_position()
    enc = s.game.encoding()
    off = enc.offsets
    t0, t1 = s.observation_tensor(0), s.observation_tensor(1)
    assert len(t0) == len(t1) == s.game.observation_tensor_size()
    # own hand: 2 amber-scout, 1 amber-tank, by card list and by deck number
    assert t0[off["hand"] + enc.card_pos["amber-scout"]] == pytest.approx(2 / 3)
    assert t0[off["hand_by_deck_number"] + 9] == pytest.approx(2 / 3)
    assert t0[off["hand_by_deck_number"] + 11] == pytest.approx(1 / 3)
    assert t1[off["hand"] + enc.card_pos["basalt-scout"]] == pytest.approx(1 / 3)
    assert not any(t1[off["hand"] + enc.card_pos[c]] for c in ("amber-scout", "amber-tank"))
    # the players' rows, the observer first: Treasury / 10
    assert t0[off["players"]] == 0.5 and t0[off["players"] + 5] == pytest.approx(0.3)
    assert t1[off["players"]] == pytest.approx(0.3) and t1[off["players"] + 5] == 0.5
    assert t0[off["decks"] + enc.deck_pos["amber"]] == 1.0 and t1[off["decks"] + enc.deck_pos["basalt"]] == 1.0
    # seat 0 acts in its Main Phase
    assert t0[off["current_player"]:off["current_player"] + 4] == [1.0, 0.0, 0.0, 0.0]
    assert t1[off["current_player"]:off["current_player"] + 4] == [0.0, 1.0, 0.0, 0.0]
    assert t0[off["node"] + 1] == 1.0 and t0[off["phase"] + 3] == 1.0
    # Map slot 3 (#4, seat 0's Tank, 1 damage, on the Outpost in slot 2)
    row = off["map"] + 3 * enc.row
    assert t0[row] == 1.0 and t0[row + 1 + enc.face_pos[("amber-tank", "front")]] == 1.0
    ctrl = row + 1 + len(enc.face_list)
    assert t0[ctrl:ctrl + 3] == [1.0, 0.0, 0.0] and t1[ctrl:ctrl + 3] == [0.0, 1.0, 0.0]
    stats = ctrl + 3 * 3 + 3 + 3 + 4
    assert t0[stats] == pytest.approx(0.1)   # damage / 10
    assert t0[off["map_holder"] + 3 * 64 + 2] == 1.0 and sum(t0[off["map_holder"]:]) == 1.0
    assert t0[off["map"] + 5 * enc.row] == 0.0   # slot 5 is empty


@pytest.mark.parametrize("game_id, players, options", [
    ("storyline", 3, {}), ("crisis-format", 2, {}), ("crisis-format", 2, {"opponent": "seat"})])
def test_the_tensor_is_the_one_of_the_full_observation(game_id, players, options):
    # StorylineState.observation_tensor skips the observation's parts for clients (empties,
    # actions, card_info): the same floats as from observation(seat)
    game = load_game(game_id, players, **options)
    rng = random.Random(7)
    checked = 0
    for _ in range(4):
        s = game.new_initial_state()
        s.set_quiet()
        while not s.is_terminal():
            if not s.is_chance_node():
                for seat in range(game.num_players):
                    assert s.observation_tensor(seat) == game.observation_tensor_from(s.observation(seat), seat)
                    checked += 1
            outs = s.chance_outcomes() if s.is_chance_node() else None
            s.apply_action(rng.choices([a.text for a, _ in outs], [p for _, p in outs])[0] if outs
                           else rng.choice(s.legal_texts()))
    assert checked > 100
    with pytest.raises(ValueError, match="seat must be one of"):
        s.observation_tensor(game.num_players)
