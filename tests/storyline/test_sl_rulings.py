"""The rulings of docs/rulings.md (storyline S1-S44) that no other test names, one test per
ruling, with the test cards (the test kit's Crisis set for the Crisis Format)."""

from __future__ import annotations

import copy
import re

import pytest

from tokyo.games.storyline.abilities import OPPONENT
from tokyo.games.storyline.cards import CardDataError, _op
from tokyo.games.storyline.game import StorylineGame
from tokyo.games.storyline.position import build_position
from sl_crisis_helpers import CLOCK, LEECH, SIEGE, cgame, cpos, opp_lines, opp_turn
from sl_helpers import CARDS, entry, keys, pos, rule, with_abilities


def tpos(cards=CARDS, n: int = 2, **kw):
    """A position of the competitive game with the card set ``cards``."""
    return build_position(StorylineGame(n, {"decks": ",".join(list(cards["decks"])[:n])}, cards=cards), **kw)


def kpos(crises=(CLOCK, SIEGE), cards=CARDS, **kw):
    """A Crisis Format position with the test cards and the test kit's Crisis Storylines."""
    return cpos(list(crises), cards=cards, **kw)


def run(s, ops, src=None, ctrl=0, then=("state-check", "resolve-pending", "main")):
    """Resolve an ad-hoc ability of ``src`` (a uid; None: an Event of seat ``ctrl``)."""
    e = s.find(src) if src is not None else None
    ctx = s.context(e, None, [_op("test", op) for op in ops], card="amber-supply", ctrl=ctrl)
    s.node, s.stack = None, []
    s._push(["ability", ctx], *[[x] for x in then])
    s._run()


def close_main(s):
    """Pass, ending the Main Phase, if the action decision is open."""
    if s.node is not None and s.node[2] == "main":
        s.apply_action("pass")


def settle(s):
    while s.is_chance_node():
        s.apply_action(s.legal_texts()[0])


def resolved(s) -> list[str]:
    return [m.group(1) for e in s.log if (m := re.match(r"The ability of (.*) resolves\.$", e.text))]


def static(characteristic: str, by: int, to) -> dict:
    return {"kind": "static", "effect": [{"op": "modify", "characteristic": characteristic, "by": by, "to": to}]}


def each_phase(phase: str = "admin", n: int = 1) -> dict:
    return {"kind": "triggered", "when": {"phase": phase, "whose": "each"},
            "effect": [{"op": "gain-treasury", "who": "you", "amount": n}]}


@rule("storyline S33", "storyline 7.11.1")
def test_a_characters_own_fallen_check_counts_only_modifications_from_other_than_characters():
    cards = with_abilities({
        "amber-scout": [static("strike", 1, "this")],
        "amber-captain": [static("durability", 1, "this"), static("strike", 1, "this")],
        "amber-outpost": [static("durability", 1, {"each": {"controller": "you", "type": ["character"]}})]})
    # its own +1 Durability does not count for its own check: it is Fallen, so it has none
    s = tpos(cards, map=[{"card": "amber-scout", "owner": 0, "damage": 2},
                         {"card": "amber-captain", "owner": 0, "damage": 3}])
    scout, captain = entry(s, "amber-scout"), entry(s, "amber-captain")
    assert s.fallen(scout) and s.strike(scout) == 1     # Durability 2, damage 2: its text has no effect
    assert s.fallen(captain) and s.durability(captain) == 3 and s.strike(captain) == 2
    # a Location's +1 Durability does count: the Scout (Durability 3) is not Fallen, and its text works
    s = tpos(cards, map=[{"card": "amber-outpost", "owner": 0}, {"card": "amber-scout", "owner": 0, "damage": 2}])
    scout = entry(s, "amber-scout")
    assert s.durability(scout) == 3 and not s.fallen(scout)
    assert s.strike(scout) == 2


@rule("storyline S2", "storyline 11.2.8")
def test_range_is_never_checked_for_a_crisis_storyline_but_power_is():
    s = kpos(map=[{"card": "amber-scout", "owner": 0, "ready": True},         # 5: Surface, Range 1, Low
                  {"card": "amber-captain", "owner": 0, "ready": True},       # 6: Surface, Range 0, High
                  {"card": "amber-carrier", "owner": 0, "ready": True}])      # 7: Deep Space, Range 1, High
    legal = set(s.legal_texts())
    assert "attack 5 4" in legal and "attack 5 3" not in legal      # the Test Clock prints Shielded
    assert {"attack 6 3", "attack 6 4", "attack 7 3", "attack 7 4"} <= legal
    # as a source: a Low Power aim from the Clock reaches any Unshielded card, no Shielded one
    ctx = s.context(s.find(3), None, [])
    got = s.candidates("target", {"controller": "each-player"}, ctx, "low")
    assert [e["uid"] for e in got] == [5, 6]


@rule("storyline S4", "storyline 22.8.1.4", "storyline 22.7.5")
def test_a_flip_back_keeps_damage_and_other_counters_and_may_destroy_the_crisis_storyline():
    cards = copy.deepcopy(CARDS)
    cards["cards"][CLOCK]["faces"]["front"]["durability"] = 4      # the Hulk is destroyed at 6, the Clock at 4
    for damage, destroyed in ((2, False), (5, True)):
        s = kpos(cards=cards, fields={CLOCK: {"face": "back", "damage": damage,
                                              "counters": {"time": 2, "story": 1, "liberation": 1}}})
        run(s, [{"op": "flip-back"}], src=3)
        if not destroyed:
            clock = s.find(3)
            assert clock["face"] == "front" and clock["chapter"] == 1 and clock["damage"] == 2
            assert clock["counters"] == {"story": 1} and s.pool == 0
        else:
            assert s.find(3) is None and s.pool == 2 and "22.7.3" in keys(s)


@rule("storyline S6", "storyline 7.5.2")
def test_a_bargain_is_used_once_per_player_per_turn_for_each_bargain_of_each_card():
    bargain = {"kind": "bargain", "cost": {"treasury": 1}, "limit": 2,
               "effect": [{"op": "remove-counters", "type": "time", "n": 1, "on": "this"}]}
    cards = with_abilities({SIEGE: [bargain]})
    s = kpos(cards=cards, treasury=[9, 9], fields={CLOCK: {"counters": {"time": 1}, "chapter": 2},
                                                    SIEGE: {"counters": {"time": 2}}})
    s.apply_action("bargain 3")
    assert "bargain 3" not in s.legal_texts()         # once this turn for seat 0
    assert "bargain 4" in s.legal_texts()             # another card's bargain is its own
    s.apply_action("bargain 4")
    s.apply_action("bargain 4")                       # this one says twice
    assert "bargain 4" not in s.legal_texts() and s.players[0]["treasury"] == 6
    s.apply_action("pass")
    settle(s)                                         # the opponent turn, then seat 1's draw
    assert s.active == 1 and "bargain 3" in s.legal_texts()   # seat 1 may use it in its turn


@rule("storyline S7", "storyline 22.9.5", "storyline 22.9.6")
def test_the_opponents_total_is_its_own_apart_from_the_players_pool():
    s = kpos(hands=[["amber-supply"], []], treasury=[0, 3])
    s.pool = 3
    close_main(s)                                     # seat 0's empty Treasury: 1 for the opponent
    assert s.opp_story == 1 and s.pool == 3 and s.winners is None   # 4 together, but neither side's number
    s = kpos(hands=[["amber-supply"], []], treasury=[0, 3])
    s.opp_story = 2
    close_main(s)
    assert s.opp_story == 3 and s.win_by == "opponent"          # N + 1 = 3


@rule("storyline S10", "storyline 14.11.4")
def test_a_fallen_character_neither_occupies_nor_prevents_occupation_nor_liberates():
    cases = [([{"card": "amber-scout", "owner": 0, "place": 3, "damage": 2}], 1),             # Fallen alone
             ([{"card": "amber-tank", "owner": 0, "place": 3},
               {"card": "basalt-scout", "owner": 1, "place": 3, "damage": 2}], 0)]           # Fallen defender
    for units, ctrl in cases:
        s = pos(2, hands=[[], []], treasury=[0, 3], map=[{"card": "basalt-outpost", "owner": 1, "damage": 3}] + units)
        close_main(s)
        assert s.find(3)["controller"] == ctrl
    s = pos(2, hands=[[], []], treasury=[0, 3], map=[
        {"card": "amber-outpost", "owner": 0, "controller": 1},
        {"card": "amber-scout", "owner": 0, "place": 3, "damage": 2}])
    close_main(s)
    assert s.find(3)["counters"] == {} and "14.12.1" not in keys(s)


@rule("storyline S11", "storyline 14.8.2", "storyline 14.5.1")
def test_units_of_a_holder_that_leaves_stay_in_their_band_and_may_go_to_anyones_place():
    s = pos(2, hands=[["amber-outpost"], []], map=[
        {"card": "basalt-carrier", "owner": 1},                                   # 3
        {"card": "amber-fighter", "owner": 0, "place": 3, "ready": True},         # 4
        {"card": "amber-scout", "owner": 0, "place": 3, "ready": True},           # 5
        {"card": "basalt-carrier", "owner": 1},                                   # 6
        {"card": "basalt-outpost", "owner": 1}])                                  # 7
    run(s, [{"op": "destroy", "to": {"each": {"controller": "opponent", "class": "capital",
                                              "type": ["spacecraft"]}}}])
    assert s.find(3) is None and s.find(6) is None
    f, c = s.find(4), s.find(5)
    assert f["place"] is None and s.band(f) == 2 and c["place"] is None and s.band(c) == 1
    s = pos(2, hands=[["amber-outpost"], []], map=[
        {"card": "basalt-carrier", "owner": 1},                                   # 3
        {"card": "amber-scout", "owner": 0, "ready": True},                       # 4
        {"card": "basalt-outpost", "owner": 1},                                   # 5
        {"card": "amber-fighter", "owner": 0, "ready": True}])                    # 6
    legal = set(s.legal_texts())
    assert {"move 4 to 3", "move 4 to 5", "move 4 to 2", "move 6 to 3"} <= legal


@rule("storyline S12", "storyline 13.7.2")
def test_arrives_contested_puts_damage_from_no_source_up_to_the_durability():
    s = pos(2, options={"decks": "dusk,basalt"}, hands=[["dusk-scout"], []],
            map=[{"card": "dusk-legend", "owner": 0, "chapter": 2, "counters": {"story": 2}, "damage": 1}])
    run(s, [])
    derelict = s.find(3)
    assert s.face(derelict)["name"] == "Dusk Derelict" and derelict["damage"] == 3 and s.contested(derelict)
    assert derelict["destroyer"] is None and [p["story"] for p in s.players] == [1, 0]   # the award only
    cards = copy.deepcopy(CARDS)
    cards["cards"]["test-drone-ground"]["faces"]["front"]["arrives_contested"] = True
    cards["cards"]["test-drone-ground"]["faces"]["front"]["durability"] = 2
    s = tpos(cards, hands=[["amber-scout"], []])
    run(s, [{"op": "create-drone", "drone": "test-drone-ground", "where": "open"}])
    d = entry(s, "test-drone-ground")
    assert d["damage"] == 2 and s.contested(d) and "13.7.2" in keys(s)


@rule("storyline S13", "storyline 16.2.3")
def test_the_lose_conditions_are_checked_treasury_deck_wreckage_homeworld():
    s = pos(2, options={"target": 9}, hands=[["amber-supply"], []], treasury=[0, 3], map=[
        {"card": "amber-scout", "owner": 0, "damage": 2}, {"card": "amber-scout", "owner": 0, "damage": 2},
        {"card": "amber-tank", "owner": 0, "damage": 3}, {"card": "amber-outpost", "owner": 0, "damage": 3}])
    s.find(1)["damage"] = 5
    s.players[0]["empty_draw"] = True
    close_main(s)
    met = [k for k in keys(s) if k in ("16.3.1", "16.4.1", "16.5.1", "16.6.1")]
    assert met == ["16.3.1", "16.4.1", "16.5.1", "16.6.1"] and s.players[1]["story"] == 4


@rule("storyline S14", "storyline 20.2.1")
def test_draws_from_an_empty_deck_are_lost_and_meet_the_condition_once_at_the_phases_end():
    s = pos(2, decks=[{}, None], hands=[["amber-scout"], []])
    run(s, [{"op": "draw", "who": "you", "n": 3}])
    assert s.players[0]["hand"] == ["amber-scout"] and s.players[0]["empty_draw"]
    assert "16.4.1" not in keys(s) and s.node[2] == "main"      # not before the phase ends
    s.apply_action("pass")
    assert keys(s).count("16.4.1") == 1 and s.players[1]["story"] == 1


@rule("storyline S15", "storyline 1.8.1", "storyline 1.8.2", "storyline 1.8.3")
def test_the_numbers_the_brief_leaves_open():
    # catch_up=none: the later player's setup Treasury (storyline 5.6.2) is tested in test_sl_catch_up.py
    g = StorylineGame(2, {"decks": "amber,basalt", "first_player": "0", "catch_up": "none"}, cards=CARDS)
    assert (g.options["target"], g.options["act_rounds"], g.options["acts"]) == (5, 4, 5)
    s = g.new_initial_state()
    settle(s)
    assert [p["treasury"] for p in s.players] == [3, 3] and [len(p["hand"]) for p in s.players] == [6, 6]
    assert s.node[2] == "mulligan"
    s.apply_action("mulligan")
    settle(s)
    assert len(s.players[0]["hand"]) == 6 and (s.node[1], s.node[2]) == (1, "mulligan")   # one each, once
    s.apply_action("keep")
    settle(s)
    assert s.node[2] == "main" and s.players[0]["treasury"] == 3 + 2 + 1    # 2 plus the Homeworld's Income
    hand = ["amber-scout"] * 3 + ["amber-tank"] * 3 + ["amber-fighter"] * 2
    s = pos(2, phase="end", hands=[hand, []])
    assert s.legal_texts()[0].startswith("discard ")
    s.apply_action("discard amber-fighter")
    assert len(s.players[0]["hand"]) == 7 and s.node[2] != "discard"      # the limit is 7


@rule("storyline S16", "storyline 6.4.1", "storyline 12.13.1")
def test_permanents_enter_spent_a_unit_attacks_or_moves_and_repair_does_not_spend():
    s = pos(2, hands=[["amber-scout", "amber-scout"], []], treasury=[9, 3], map=[
        {"card": "amber-tank", "owner": 0, "ready": True, "damage": 1},      # 3
        {"card": "amber-tank", "owner": 0, "ready": True},                   # 4
        {"card": "basalt-scout", "owner": 1},                                # 5
        {"card": "amber-outpost", "owner": 0}])                              # 6
    s.apply_action("play amber-scout on 1")
    assert not s.find(7)["ready"]
    s.apply_action("repair 3")                      # needs damage; does not spend
    assert s.find(3)["ready"] and s.find(3)["damage"] == 0 and "repair 3" not in s.legal_texts()
    s.apply_action("attack 3 5")
    assert not s.find(3)["ready"] and not any(t.startswith(("move 3", "attack 3")) for t in s.legal_texts())
    s.apply_action("move 4 to 6")
    assert not s.find(4)["ready"] and not any(t.startswith(("move 4", "attack 4")) for t in s.legal_texts())


@rule("storyline S17", "storyline 19.4.2")
def test_a_batch_goes_active_side_then_the_other_players_in_turn_order_then_the_opponent():
    cards = with_abilities({c: [each_phase()] for c in ("amber-outpost", "basalt-outpost", "cobalt-outpost")})
    s = tpos(cards, n=3, active=1, phase="start", map=[
        {"card": "amber-outpost", "owner": 0},       # 4
        {"card": "cobalt-outpost", "owner": 2},      # 5
        {"card": "basalt-outpost", "owner": 1},      # 6
        {"card": "basalt-outpost", "owner": 1}])     # 7
    assert resolved(s) == ["Basalt Outpost (#6)", "Basalt Outpost (#7)", "Cobalt Outpost (#5)",
                           "Amber Outpost (#4)"]
    cards = with_abilities({c: [each_phase()] for c in ("amber-outpost", "basalt-outpost", SIEGE)})
    s = kpos(cards=cards, active=1, phase="start", map=[{"card": "amber-outpost", "owner": 0},    # 5
                                                        {"card": "basalt-outpost", "owner": 1}])  # 6
    assert resolved(s) == ["Basalt Outpost (#6)", "Amber Outpost (#5)", "The Test Siege (#4)"]


@rule("storyline S19", "storyline 16.7.2")
def test_in_the_crisis_format_a_lose_condition_gives_exactly_one_story_point_to_the_opponent():
    s = kpos(hands=[[], []], treasury=[0, 3])
    close_main(s)
    assert s.opp_story == 1 and s.pool == 0 and "16.3.1" in keys(s)


@rule("storyline S20", "storyline 3.1.2")
def test_a_storyline_face_is_no_permanent_and_a_permanent_back_face_is_one():
    s = pos(2, hands=[["amber-scout"], []], treasury=[9, 3], map=[
        {"card": "amber-saga", "owner": 0, "damage": 2},                                       # 3
        {"card": "amber-outpost", "owner": 0, "damage": 2},                                    # 4
        {"card": "amber-legend", "owner": 0, "face": "back"}])                                # 5: Amber Hero
    assert not s.is_permanent(s.find(3)) and s.is_permanent(s.find(5))
    assert "repair 3" not in s.legal_texts() and "repair 4" in s.legal_texts()
    run(s, [{"op": "deal-damage", "amount": 1, "power": "high",
             "to": {"each": {"controller": "you", "type": ["permanent"]}}}])
    assert s.find(3)["damage"] == 2 and s.find(5)["damage"] == 1   # "each permanent you control"


@rule("storyline S21", "storyline 12.7.1", "storyline 12.7.3", "storyline 12.7.4")
def test_credit_goes_to_the_source_of_the_crossing_damage_the_destroy_effect_or_nobody():
    s = pos(3, options={"target": 9}, hands=[["amber-scout"], [], []], map=[
        {"card": "basalt-scout", "owner": 1, "damage": 1},      # 4
        {"card": "basalt-outpost", "owner": 1},                 # 5
        {"card": "basalt-scout", "owner": 1, "damage": 1}])     # 6
    run(s, [{"op": "deal-damage", "amount": 1, "power": "low", "to": {"each": {"type": ["character"]}}}], ctrl=2)
    assert [p["story"] for p in s.players] == [0, 0, 2]     # seat 2's damage crossed the Durability of both
    run(s, [{"op": "destroy", "to": {"each": {"type": ["location"], "homeworld": False}}}], ctrl=0)
    assert s.find(5) is None and [p["story"] for p in s.players] == [1, 0, 2]
    s = pos(2, hands=[["amber-scout"], []], map=[{"card": "basalt-scout", "owner": 1, "damage": 1}])
    run(s, [{"op": "modify", "characteristic": "durability", "by": -1, "duration": "this-turn",
             "to": {"each": {"type": ["character"]}}}])
    assert s.fallen(s.find(3)) and [p["story"] for p in s.players] == [0, 0]   # a rule: nobody


@rule("storyline S22", "storyline 12.1.4")
def test_the_opponents_permanents_act_only_when_told_and_an_instructed_attack_is_random():
    s = kpos(treasury=[5, 5], fields={SIEGE: {"face": "back"}},        # 4: the Test Siege Engine
             map=[{"card": "test-drone-ground", "owner": OPPONENT, "ready": True},       # 5
                  {"card": "amber-scout", "owner": 0}])                                  # 6
    opp_turn(s, 0)
    while s.is_chance_node() and s.node[2] != "pick":
        s.apply_action(s.legal_texts()[0])
    assert s.node[2] == "pick"
    outs = s.chance_outcomes()
    assert [a.text for a, _ in outs] == ["pick 1", "pick 2", "pick 6"] and {p for _, p in outs} == {1 / 3}
    s.apply_action("pick 6")
    settle(s)
    assert s.find(6)["damage"] == 2                           # the Engine's Strike
    assert s.find(5)["ready"] and not any("with Test Ground Drone" in t for t in opp_lines(s))


@rule("storyline S23", "storyline 14.9.2", "storyline 15.2.2")
def test_a_crisis_devices_damage_is_its_hosts_controllers():
    # competitive game: seat 0's effect attaches the Leech to seat 1's Scout; its damage is
    # seat 1's, so the Scout's fall gives seat 0 nothing
    s = pos(2, hands=[["amber-scout"], []], map=[{"card": "basalt-scout", "owner": 1, "damage": 1}])   # 3
    run(s, [{"op": "attach-device", "device": LEECH, "to": {"each": {"controller": "opponent",
                                                                       "type": ["character"]}}}])
    leech = entry(s, LEECH)
    assert leech["controller"] == 1 and leech["owner"] == 0
    a = s.face(leech)["abilities"][0]
    s.node, s.stack = None, []
    s._push(["ability", s.context(leech, a, a["effect"])], ["state-check"], ["main"])
    s._run()
    assert s.fallen(s.find(3)) and [p["story"] for p in s.players] == [0, 0]
    # Crisis Format: the opponent's Clock attaches it to seat 0's Scout; in the opponent turn
    # it fells the Scout and nobody gains a Story Point
    s = kpos(treasury=[5, 5], map=[{"card": "amber-scout", "owner": 0}])              # 5
    run(s, [{"op": "attach-device", "device": LEECH, "to": {"random": {"controller": "each-player",
                                                                         "type": ["character"]}}}], src=3)
    assert entry(s, LEECH)["controller"] == 0
    opp_turn(s, 0, settle=True)
    assert s.fallen(s.find(5)) and s.pool == 0 and s.opp_story == 0


@rule("storyline S25", "storyline 16.4.2", "storyline 3.5.2")
def test_a_homeworld_in_the_discard_pile_stays_out_of_the_new_deck():
    s = pos(2, hands=[[], []], decks=[{}, None], discards=[["amber-home", "amber-scout"], []])
    s.map.remove(s.find(1))
    s.players[0]["empty_draw"] = True
    s.node, s.stack = None, []
    s._push(["lose-check"], ["main"])
    s._run()
    assert s.players[0]["deck"] == {"amber-scout": 1}
    assert "into a new deck of 1 cards" in [e.text for e in s.log if e.rule.split(" ")[1] == "16.4.2"][0]
    assert entry(s, "amber-home")["owner"] == 0 and "16.6.3" in keys(s)   # §16.6 brings it back


@rule("storyline S26", "storyline 14.3.2")
def test_moving_into_the_open_is_not_a_move():
    s = pos(2, hands=[["amber-scout"], []], map=[{"card": "amber-scout", "owner": 0, "place": 1, "ready": True},
                                                 {"card": "amber-tank", "owner": 0, "place": 1, "ready": True}])
    moves = [t for t in s.legal_texts() if t.startswith("move ")]
    assert moves == ["move 3 to 2", "move 4 to 2"]       # onto a Location only: no way into the open
    with pytest.raises(CardDataError):
        _op("x", {"op": "move", "unit": "this", "to": "open"})


@rule("storyline S27", "storyline 15.5.1")
def test_fall_awards_come_straight_after_the_damage_and_destruction_awards_in_the_state_check():
    s = pos(2, options={"target": 9}, hands=[["amber-scout"], []], map=[
        {"card": "basalt-scout", "owner": 1},                        # 3
        {"card": "basalt-outpost", "owner": 1, "damage": 2},         # 4
        {"card": "basalt-scout", "owner": 1}])                       # 5
    run(s, [{"op": "deal-damage", "amount": 4, "power": "high",
             "to": {"each": {"controller": "opponent", "homeworld": False}}}])
    texts = [e.text for e in s.log if e.rule.split(" ")[1] in ("15.2.2", "15.2.3", "12.6.1")]
    assert texts == ["Seat 0 gains 1 Story Point for the fall of Basalt Scout (#3).",
                     "Seat 0 gains 1 Story Point for the fall of Basalt Scout (#5).",
                     "Basalt Scout (#3) is destroyed.", "Basalt Outpost (#4) is destroyed.",
                     "Basalt Scout (#5) is destroyed.", "Seat 0 gains 1 Story Point for destroying Basalt Outpost."]


@rule("storyline S28", "storyline 12.12.1")
def test_repair_and_rally_have_no_limit_per_turn_but_need_damage_and_the_full_cost():
    s = pos(2, hands=[["amber-scout"], []], treasury=[6, 3], map=[{"card": "amber-tank", "owner": 0, "damage": 1},
                                                                 {"card": "amber-scout", "owner": 0, "damage": 2}])
    s.apply_action("repair 3")               # cost 2
    s.apply_action("rally 4")                # cost 1
    run(s, [{"op": "deal-damage", "amount": 1, "power": "low", "to": {"each": {"controller": "you"}}}])
    assert s.players[0]["treasury"] == 3 and "repair 3" in s.legal_texts()      # again, the same turn
    s.apply_action("repair 3")
    assert s.players[0]["treasury"] == 1 and "rally 4" in s.legal_texts()
    s = pos(2, hands=[["amber-scout"], []], treasury=[1, 3], map=[{"card": "amber-tank", "owner": 0, "damage": 1}])
    assert "repair 3" not in s.legal_texts()     # cost 2, Treasury 1: the full cost or nothing


@rule("storyline S29", "storyline 1.6.2")
def test_a_choice_with_a_single_option_is_not_asked():
    s = pos(2, hands=[["amber-scout", "amber-scout"], []], map=[{"card": "basalt-scout", "owner": 1}])
    run(s, [{"op": "discard", "who": "you", "n": 1}])           # one distinct card: no decision
    assert s.players[0]["discard"] == ["amber-scout"] and s.node[2] == "main"
    run(s, [{"op": "deal-damage", "amount": 1, "power": "low", "to": {"target": {"controller": "opponent"}}}])
    assert s.find(3)["damage"] == 1 and s.node[2] == "main"     # one legal target: not asked
    s = pos(2, hands=[[], []])                                  # only pass: taken at once
    assert s.active == 1 and s.is_chance_node()


@rule("storyline S30", "storyline 14.9.3")
def test_a_device_whose_host_leaves_stays_until_the_next_state_check():
    s = pos(2, hands=[["amber-scout"], []], map=[{"card": "basalt-outpost", "owner": 1},          # 3
                                                 {"card": "basalt-plating", "owner": 1, "host": 3}])   # 4
    run(s, [{"op": "destroy", "to": {"each": {"type": ["location"], "homeworld": False}}},
            {"op": "add-counters", "type": "story", "n": 1, "on": {"each": {"type": ["device"]}}}])
    k = keys(s)
    assert "9.3.1" in k and k.index("9.3.1") < k.index("14.9.3")    # still there for the second operation
    assert s.find(4) is None and s.players[1]["discard"] == ["basalt-outpost", "basalt-plating"]


@rule("storyline S31", "storyline 7.6.1")
def test_an_activated_ability_with_a_target_needs_one_and_chooses_it_after_the_cost():
    ping = {"kind": "activated", "cost": {"spend": True, "treasury": 1},
            "effect": [{"op": "deal-damage", "amount": 1, "power": "low",
                        "to": {"target": {"controller": "opponent", "type": ["character"]}}}]}
    cards = with_abilities({"amber-tank": [ping]})
    s = tpos(cards, hands=[["amber-scout"], []], map=[{"card": "amber-tank", "owner": 0, "ready": True}])
    assert "use 3" not in s.legal_texts()                         # no legal target
    s = tpos(cards, hands=[["amber-scout"], []], map=[{"card": "amber-tank", "owner": 0, "ready": True},
                                                      {"card": "basalt-scout", "owner": 1},
                                                      {"card": "basalt-scout", "owner": 1}])
    s.apply_action("use 3")
    assert s.players[0]["treasury"] == 2 and not s.find(3)["ready"]    # the cost is paid first
    assert (s.node[1], s.node[2]) == (0, "choose") and s.legal_texts() == ["choose 4", "choose 5"]
    s.apply_action("choose 5")
    assert s.find(5)["damage"] == 1 and s.find(4)["damage"] == 0


@rule("storyline S32", "storyline 1.5.2", "storyline 1.5.4")
def test_the_limits_of_1_5_apply_to_the_final_sum():
    s = pos(2, hands=[["amber-scout"], []], map=[{"card": "amber-scout", "owner": 0}])   # Range 1, Strike 1
    run(s, [{"op": "modify", "characteristic": c, "by": by, "duration": "this-turn", "to": "this"}
            for c, by in (("range", 3), ("range", -3), ("strike", -2), ("strike", 2))], src=3)
    assert s.range_of(s.find(3)) == 1 and s.strike(s.find(3)) == 1


@rule("storyline S34")
def test_a_drone_created_where_it_cannot_be_enters_on_a_location_its_controller_chooses():
    s = pos(2, hands=[["amber-scout"], []], map=[{"card": "amber-carrier", "owner": 0},     # 3
                                                 {"card": "amber-outpost", "owner": 0}])    # 4
    run(s, [{"op": "create-drone", "drone": "test-drone-ground", "where": "this"}], src=3)   # not aboard
    assert (s.node[1], s.node[2]) == (0, "choose") and s.legal_texts() == ["choose 1", "choose 4"]
    s.apply_action("choose 4")
    assert entry(s, "test-drone-ground")["place"] == 4


@rule("storyline S35", "storyline 8.5.4")
def test_completion_text_resolves_first_its_draws_before_the_next_chapter_or_the_award():
    cards = copy.deepcopy(CARDS)
    for ch in cards["cards"]["amber-saga"]["faces"]["front"]["chapters"]:
        ch["on_complete"] = [_op("amber-saga", {"op": "draw", "who": "you", "n": 1})]
    for chapter, story in ((1, 2), (2, 4)):
        s = tpos(cards, hands=[["amber-scout"], []], map=[{"card": "amber-saga", "owner": 0, "chapter": chapter,
                                                           "counters": {"story": story}}])
        run(s, [])
        saga = s.find(3)
        assert s.node[2] == "draw" and saga["chapter"] == chapter and saga["face"] == "front"
        assert s.players[0]["story"] == 0
        s.apply_action(s.legal_texts()[0])
        assert len(s.players[0]["hand"]) == 2
        if chapter == 1:
            assert saga["chapter"] == 2
        else:
            assert saga["face"] == "back" and s.players[0]["story"] == 2


@rule("storyline S36", "storyline 22.2.5")
def test_a_crisis_game_has_a_seat_per_player_and_one_more_for_a_seated_opponent():
    for n in (1, 2, 3, 4):
        assert cgame(n, cards=None).num_players == n and cgame(n).opp_seat is None
        g = cgame(n, opponent="seat")
        assert g.num_players == n + 1 and g.opp_seat == n and g.n_players == n


@rule("storyline S37", "storyline 22.3.5")
def test_each_opponent_phase_text_on_a_taken_crisis_card_works_for_its_new_controller():
    s = kpos(treasury=[5, 5], fields={CLOCK: {"face": "back", "controller": 0}})    # the Hulk, seat 0's
    opp_turn(s, 0)
    drones = [e for e in s.map if e["card"] == "test-drone-ground"]
    assert len(drones) == 1 and drones[0]["controller"] == 0 and drones[0]["place"] is None
    s = kpos(treasury=[5, 5], phase="start", fields={CLOCK: {"face": "back", "controller": 0}})
    assert not any(e["card"] == "test-drone-ground" for e in s.map)   # seat 0's own Admin Phase: no


@rule("storyline S38", "storyline 19.4.2")
def test_in_an_opponent_turn_the_opponents_abilities_come_first_then_from_the_paired_player():
    cards = with_abilities({c: [each_phase()] for c in ("amber-outpost", "basalt-outpost", SIEGE)})
    s = kpos(cards=cards, treasury=[5, 5], map=[{"card": "amber-outpost", "owner": 0},     # 5
                                                {"card": "basalt-outpost", "owner": 1}])   # 6
    opp_turn(s, 1)
    # the opponent's (the Clock's Chapter text, the Siege's), then seat 1's, then seat 0's
    assert resolved(s)[:4] == ["The Test Clock (#3)", "The Test Siege (#4)", "Basalt Outpost (#6)",
                               "Amber Outpost (#5)"]


@rule("storyline S39", "storyline 10.3.4")
def test_a_final_chapter_completed_in_the_counter_step_gives_way_to_the_back_faces_admin_text():
    s = kpos(treasury=[5, 5], fields={CLOCK: {"chapter": 2, "counters": {"time": 1}}})
    opp_turn(s, 0)
    clock = s.find(3)
    assert clock["face"] == "back" and s.contested(clock)            # the Hulk
    assert not any("loses" in t for t in opp_lines(s))               # Chapter 2's text did not apply
    assert [e["controller"] for e in s.map if e["card"] == "test-drone-ground"] == [OPPONENT]   # the Hulk's did


@rule("storyline S40", "storyline 22.8.0.4", "storyline 18.37.4")
def test_time_counters_stay_on_the_back_face_and_do_nothing():
    s = kpos(treasury=[9, 9], fields={CLOCK: {"chapter": 2, "counters": {"time": 1}}})
    opp_turn(s, 0)
    assert s.find(3)["face"] == "back" and s.find(3)["counters"] == {"time": 2}
    opp_turn(s, 1)
    assert s.find(3)["face"] == "back" and s.find(3)["counters"] == {"time": 2}   # no more, no Chapter
    run(s, [{"op": "flip-back"}], src=3)
    assert s.find(3)["face"] == "front" and s.find(3)["counters"] == {}


@rule("storyline S41", "storyline 22.2.7")
def test_the_opponents_seat_makes_only_the_random_choices_of_the_opponents_abilities():
    g = cgame(2, cards=CARDS, opponent="seat", first_player="0")
    s = g.new_initial_state()
    assert s.is_chance_node() and s.node[2] == "crises"          # the setup draw of the Crisis Storylines
    s.apply_action(s.legal_texts()[0])
    assert s.is_chance_node() and s.node[2] == "draw"            # deck draws
    ops = [{"op": "deal-damage", "amount": 1, "power": "low",
            "to": {"random": {"controller": "opponent", "type": ["ground-unit"]}}}]
    s = kpos(options={"opponent": "seat"}, map=[{"card": "test-drone-ground", "owner": OPPONENT},
                                                 {"card": "test-drone-ground", "owner": OPPONENT}])
    run(s, ops, ctrl=0)                                          # a player's random choice: chance
    assert s.is_chance_node() and s.node[2] == "pick"
    s = kpos(options={"opponent": "seat"}, map=[{"card": "amber-tank", "owner": 0},
                                                 {"card": "basalt-tank", "owner": 1}])
    run(s, ops, src=3)                                           # the opponent's: the seat decides
    assert not s.is_chance_node() and s.current_player() == 2 and s.legal_texts() == ["pick 5", "pick 6"]


@rule("storyline S42", "storyline 22.9.1")
def test_one_award_to_several_players_enters_the_pool_once():
    s = kpos()
    s.gain_story([0, 1], 1, "15.2.3", "for a test")
    assert s.pool == 1 and s.opp_story == 0


@rule("storyline S43", "storyline 22.2.8")
def test_an_automated_opponents_win_gives_every_player_zero_and_win_by_tells_the_endings_apart():
    ends = {}
    for how, opts in (("opponent", {}), ("players", {}), ("seated", {"opponent": "seat"})):
        s = kpos(options=opts)
        if how == "players":
            s.pool = 3
            s.gain_story([0], 1, "15.2.3", "for a test")
        else:
            s.opp_story = 2
            s.gain_story([OPPONENT], 1, "16.7.2", "for a test")
        ends[how] = (s.win_by, s.returns())
    assert ends == {"opponent": ("opponent", [0.0, 0.0]), "players": ("players", [1.0, 1.0]),
                    "seated": ("opponent", [0.0, 0.0, 1.0])}


# ----- S44 a choice among cards that would all be left as they are ---------------------------------
def _engineer(**options):
    """Shipped Concord cards: Field Engineer (#3) may remove a damage counter from a
    permanent its controller controls in reach: the Homeworld (#1) or the Drop Marine (#4)."""
    game = StorylineGame(2, dict({"decks": "concord,verdant"}, **options))
    return build_position(game, map=[{"card": "concord-field-engineer", "owner": 0, "ready": True},
                                     {"card": "concord-drop-marine", "owner": 0}])


@rule("storyline S44", "storyline 1.6.2")
def test_s44_no_choice_when_no_card_it_may_choose_has_the_counter():
    s = _engineer()
    s.apply_action("use 3")
    assert s.node[2] != "choose" and not any(t.startswith("choose") for t in s.history())
    line = "Field Engineer (#3): no card it may choose has a damage counter to remove; nothing is chosen."
    assert [e.rule.split(" ")[1] for e in s.log if e.text == line] == ["S44"]
    # with a damage counter on one of them, the choice is asked (either card may be chosen)
    s = _engineer()
    s.find(4)["damage"] = 1
    s.apply_action("use 3")
    assert s.node[2] == "choose" and s.legal_texts() == ["choose 1", "choose 4"]
    # ask_always: asked as before, though nothing would change
    s = _engineer(ask_always=True)
    s.apply_action("use 3")
    assert s.node[2] == "choose" and s.legal_texts() == ["choose 1", "choose 4"]
    s.apply_action("choose 4")
    assert s.find(4)["damage"] == 0 and s.find(1)["damage"] == 0


@rule("storyline S44", "storyline 1.6.3")
def test_s44_no_random_pick_when_no_card_has_the_counter():
    op = {"op": "remove-counters", "type": "damage", "n": 1, "on": {"random": {"type": ["permanent"]}}}
    scouts = [{"card": "amber-scout", "owner": 0}, {"card": "amber-scout", "owner": 0}]
    s = pos(map=scouts)
    run(s, [op], ctrl=0)
    assert s.node[2] != "pick" and any(e.rule.split(" ")[1] == "S44" for e in s.log)
    s = pos(map=scouts)
    s.map[-1]["damage"] = 1
    run(s, [op], ctrl=0)
    assert s.is_chance_node() and s.node[2] == "pick"
