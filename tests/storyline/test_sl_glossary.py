"""The glossary (storyline 18): each term not checked elsewhere, by what the engine does with
it. Test cards, and the test kit for the Crisis Format."""

from __future__ import annotations

import copy

import pytest

from tokyo.games.storyline.abilities import OPPONENT
from tokyo.games.storyline.cards import _ability
from tokyo.games.storyline.game import StorylineGame
from tokyo.games.storyline.position import build_position
from sl_crisis_helpers import CLOCK, SIEGE, cpos, opp_lines, opp_turn
from sl_helpers import CARDS, entry, keys, pos, rule


def run(s, ops, src=None, ctrl=0):
    """Resolve an ad-hoc ability of ``src`` (a uid; None: an Event of seat ``ctrl``), then
    the state check and the pending abilities."""
    e = s.find(src) if src is not None else None
    ctx = s.context(e, None, ops, card="amber-supply", ctrl=ctrl)
    s.node, s.stack = None, []
    s._push(["ability", ctx], ["state-check"], ["resolve-pending"], ["main"])
    s._run()


def check(s):
    run(s, [])


def end_turn(s, turn: int):
    """Run the end of turn ``turn`` (its turn-end step) from the current position."""
    s.node, s.stack = None, []
    s.turn_count = turn
    s._push(["turn-end"])
    s._run()


EPILOGUE = {"card": "amber-saga", "owner": 0, "face": "back", "band": 2}


@rule("storyline 18.2.1", "storyline 8.11.2")
def test_an_act_is_act_rounds_rounds_and_clears_the_epilogues_when_it_ends():
    opts = {"act_rounds": 2}
    s = pos(2, active=1, turn=2, phase="end", options=opts, map=[EPILOGUE])   # round 1 of 2 ends
    assert s.act == 1 and entry(s, "amber-saga")["face"] == "back" and "8.12.1" not in keys(s)
    s = pos(2, active=1, turn=4, phase="end", options=opts, map=[EPILOGUE])   # round 2 of 2 ends
    assert s.act == 2 and "8.12.1" in keys(s)
    assert not any(e["card"] == "amber-saga" for e in s.map) and s.players[0]["discard"] == ["amber-saga"]


def chapter_cards():
    """amber-saga with an Admin Phase ability on each Chapter: +1 Treasury, then +5."""
    cards = copy.deepcopy(CARDS)
    chapters = cards["cards"]["amber-saga"]["faces"]["front"]["chapters"]
    for ch, n in zip(chapters, (1, 5)):
        ch["abilities"] = [_ability("amber-saga", {"kind": "triggered", "when": {"phase": "admin", "whose": "your"},
                                                   "effect": [{"op": "gain-treasury", "who": "you", "amount": n}]})]
    return cards


@rule("storyline 18.6.1", "storyline 8.3.1")
def test_a_chapter_is_a_numbered_part_with_an_end_condition_and_text_and_one_is_current():
    saga = CARDS["cards"]["amber-saga"]["faces"]["front"]
    assert [(c["number"], c["counter"], c["end"]) for c in saga["chapters"]] == [(1, "story", 2), (2, "story", 4)]
    assert all("text" in c for c in saga["chapters"])
    g = StorylineGame(2, {"decks": "amber,basalt"}, cards=chapter_cards())
    for chapter, gained in ((1, 1), (2, 5)):
        s = build_position(g, phase="start", treasury=[3, 3], map=[
            {"card": "amber-saga", "owner": 0, "chapter": chapter, "counters": {"story": 2 * chapter - 2}}])
        assert entry(s, "amber-saga")["chapter"] == chapter
        assert s.players[0]["treasury"] == 3 + 2 + 1 + gained   # base, Homeworld's Income, the current Chapter's


@rule("storyline 18.12.1", "storyline 12.6.2")
def test_a_destroyed_card_leaves_the_map_by_damage_a_destroy_effect_or_a_rule():
    s = pos(2, hands=[["amber-scout"], []], map=[
        {"card": "basalt-tank", "owner": 1, "damage": 6},        # 3: twice its Durability
        {"card": "basalt-saga", "owner": 1, "damage": 3},        # 4: a Storyline face at its Durability
        {"card": "basalt-outpost", "owner": 1, "damage": 5},     # 5: below twice its Durability
        {"card": "basalt-scout", "owner": 1}])                   # 6
    check(s)
    assert [e["uid"] for e in s.map] == [1, 2, 5, 6]
    run(s, [{"op": "destroy", "to": {"each": {"controller": "opponent", "type": ["character"]}}}])
    assert [e["uid"] for e in s.map] == [1, 2, 5]
    assert sorted(s.players[1]["discard"]) == ["basalt-saga", "basalt-scout", "basalt-tank"]
    # a rule: the recovery of §16.5 destroys every broken permanent of the player
    s = pos(2, hands=[[], []], map=[{"card": "amber-scout", "owner": 0, "damage": 2},
                                    {"card": "amber-scout", "owner": 0, "damage": 2},
                                    {"card": "amber-tank", "owner": 0, "damage": 3},
                                    {"card": "amber-outpost", "owner": 0, "damage": 3},
                                    {"card": "amber-fighter", "owner": 0, "damage": 2}])
    s.apply_action("pass")
    assert "16.5.2" in keys(s) and [e["card"] for e in s.map if e["owner"] == 0] == ["amber-home"]


@rule("storyline 18.14.1", "storyline 3.7.1", "storyline 14.10.4")
def test_a_drone_is_a_token_permanent_an_effect_creates():
    s = pos(2, hands=[["amber-scout"], []])
    run(s, [{"op": "create-drone", "drone": "test-drone-wasp", "where": "orbit", "n": 1}])
    d = entry(s, "test-drone-wasp")
    assert s.is_permanent(d) and s.is_unit(d) and d["token"] and d["owner"] == d["controller"] == 0
    run(s, [{"op": "destroy", "to": {"each": {"drone": True}}}])
    assert s.find(d["uid"]) is None and s.players[0]["discard"] == []   # it ceases to exist
    with pytest.raises(ValueError):
        pos(2, hands=[["test-drone-wasp"], []])                       # never in a hand or deck
    bad = copy.deepcopy(CARDS["cards"]["test-drone-wasp"])
    assert bad["token"] and bad["deck"] is None


@rule("storyline 18.16.1", "storyline 8.5.7")
def test_an_end_condition_is_a_number_of_counters_of_the_stated_type():
    s = pos(2, hands=[["amber-scout"], []], map=[{"card": "amber-saga", "owner": 0,
                                                  "counters": {"story": 1, "time": 5}}])
    check(s)
    assert entry(s, "amber-saga")["chapter"] == 1          # 1 Story counter of 2; Time counters do not count
    entry(s, "amber-saga")["counters"]["story"] = 2
    check(s)
    assert entry(s, "amber-saga")["chapter"] == 2 and "8.5.3" in keys(s)


@rule("storyline 18.17.1", "storyline 8.9.3", "storyline 8.12.2")
def test_an_epilogue_is_the_back_of_a_completed_storyline_cleared_when_the_act_ends():
    s = pos(2, hands=[["amber-scout"], []], options={"act_rounds": 1},
            map=[{"card": "amber-saga", "owner": 0, "chapter": 2, "counters": {"story": 4}}])   # 3
    check(s)
    saga = s.find(3)
    assert saga["face"] == "back" and s.ftype(saga) == "epilogue" and s.band(saga) == 2
    assert s.players[0]["story"] == 2
    end_turn(s, 1)                           # not the last turn of the round: it stays
    assert s.find(3) is not None
    end_turn(s, 2)                           # the Act ends
    assert s.find(3) is None and s.players[0]["discard"] == ["amber-saga"]


@rule("storyline 18.22.1", "storyline 14.12.2")
def test_two_liberation_counters_give_a_card_back_to_its_owner():
    for before, after, ctrl in (({}, {"liberation": 1}, 1), ({"liberation": 1}, {}, 0)):
        s = pos(2, hands=[[], []], map=[
            {"card": "amber-outpost", "owner": 0, "controller": 1, "counters": dict(before)},   # 3
            {"card": "amber-scout", "owner": 0, "place": 3}])
        # only pass: the Main Phase closes, with its Liberation step
        assert s.find(3)["controller"] == ctrl and s.find(3)["counters"] == after


@rule("storyline 18.23.1", "storyline 16.1.1")
def test_meeting_a_lose_condition_gives_each_opponent_a_story_point():
    s = pos(3, hands=[[], [], []], treasury=[0, 3, 3])
    assert [p["story"] for p in s.players] == [0, 1, 1]          # an empty Treasury
    s = pos(3, hands=[[], [], []], treasury=[3, 3, 3])
    s.players[0]["empty_draw"] = True
    s.node, s.stack = None, []
    s._push(["lose-check"], ["main"])
    s._run()
    assert [p["story"] for p in s.players] == [0, 1, 1] and "16.4.1" in keys(s)   # an empty deck


@rule("storyline 18.24.1", "storyline 4.5.1")
def test_the_map_is_shared_with_three_bands_and_the_crisis_storylines_in_none():
    s = cpos([CLOCK, SIEGE], cards=CARDS, map=[{"card": "amber-scout", "owner": 0},
                                               {"card": "amber-fighter", "owner": 0},
                                               {"card": "basalt-carrier", "owner": 1}])
    views = [s.observation(seat)["map"] for seat in (0, 1, None)]
    assert views[0] == views[1] == views[2]
    bands = {e["card"]: e["band"] for e in views[0]}
    assert bands == {"amber-home": 1, "basalt-home": 1, CLOCK: None, SIEGE: None, "amber-scout": 1,
                     "amber-fighter": 2, "basalt-carrier": 3}
    assert all(e["band"] in (1, 2, 3) or (s.is_crisis(s.find(e["uid"])) and e["type"] == "storyline")
               for e in views[0])


@rule("storyline 18.25.1")
def test_occupation_takes_a_contested_card_whose_units_are_all_the_active_sides():
    spots = {"contested, ours alone": (3, ["amber-scout"], 0), "not Contested": (2, ["amber-scout"], 1),
             "contested, both": (3, ["amber-scout", "basalt-scout"], 1), "contested, nobody": (3, [], 1)}
    for why, (damage, units, ctrl) in spots.items():
        s = pos(2, hands=[[], []], map=[{"card": "basalt-outpost", "owner": 1, "damage": damage}]
                + [{"card": u, "owner": 0 if u.startswith("amber") else 1, "place": 3} for u in units])
        assert s.find(3)["controller"] == ctrl, why


@rule("storyline 18.26.1", "storyline 1.4.2")
def test_an_opponent_is_a_player_of_another_side_and_the_opponent_is_the_crisis_adversary():
    s = pos(3, hands=[["amber-scout"], [], []])
    assert s.opponents(1) == [0, 2]
    c = cpos([CLOCK, SIEGE], cards=CARDS, map=[{"card": "basalt-scout", "owner": 1},
                                               {"card": "test-drone-ground", "owner": OPPONENT}])
    assert c.opponents(0) == [OPPONENT] and c.opponents(OPPONENT) == [0, 1]
    ctx = c.context(None, None, [], card="amber-supply", ctrl=0)
    got = c.candidates("each", {"controller": "opponent", "type": ["unit"]}, ctx, None)
    assert [e["card"] for e in got] == ["test-drone-ground"]      # not seat 1's Scout


@rule("storyline 18.28.1", "storyline 10.1.2")
def test_the_paired_player_is_the_player_whose_turn_the_opponent_turn_follows():
    s = cpos([CLOCK, SIEGE], cards=CARDS, treasury=[5, 5])
    assert s.paired_player() is None                     # in a player's turn there is none
    opp_turn(s, 1)
    assert s.paired == 1
    # The Test Clock's Chapter 2 (current after this Admin Phase's Time counter): the paired
    # player loses 2 Treasury
    assert s.players[1]["treasury"] == 3
    assert [t for t in opp_lines(s, "20.6.1") if "loses" in t] == ["Seat 1 loses 2 Treasury."]


@rule("storyline 18.34.1", "storyline 8.6.1")
def test_a_story_counter_goes_on_each_ordinary_storyline_in_its_controllers_admin_phase():
    s = pos(2, phase="start", map=[{"card": "amber-saga", "owner": 0},                          # 3
                                   {"card": "basalt-saga", "owner": 1},                         # 4
                                   {"card": "basalt-saga", "owner": 1, "controller": 0,
                                    "counters": {"story": 1}}])                                 # 5
    assert s.find(3)["counters"] == {"story": 1} and s.find(4)["counters"] == {}
    assert s.find(5)["counters"] == {"story": 2} and s.find(5)["chapter"] == 2   # it counted: Chapter 1 done


@rule("storyline 18.35.1", "storyline 9.5.1")
def test_a_story_point_is_score_from_awards_not_a_counter():
    s = pos(2, story=[4, 0], hands=[["amber-scout"], []], options={"target": 9},
            map=[{"card": "amber-captain", "owner": 0, "ready": True, "place": 1},
                 {"card": "amber-saga", "owner": 0, "counters": {"story": 1}},          # 4
                 {"card": "basalt-scout", "owner": 1}])
    s.apply_action("attack 3 5")                 # the Scout falls: an award
    assert s.players[0]["story"] == 5 and s.find(4)["counters"] == {"story": 1}
    assert s.find(4)["chapter"] == 1             # 5 Story Points do not complete a Chapter of 2 Story counters
    assert all("story-point" not in e["counters"] for e in s.map)


@rule("storyline 18.38.1", "storyline 6.2.1")
def test_a_treasury_is_a_number_from_which_costs_are_paid():
    s = pos(2, hands=[["amber-captain", "amber-scout"], []], treasury=[2, 3])
    assert "play amber-scout on 1" in s.legal_texts() and not any("amber-captain" in t for t in s.legal_texts())
    s.apply_action("play amber-scout on 1")
    assert s.players[0]["treasury"] == 1 and isinstance(s.players[0]["treasury"], int)
