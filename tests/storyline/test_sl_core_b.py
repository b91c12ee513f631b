"""Statements of sections 11 to 21 not covered elsewhere: reach, attacks and damage, flips,
units and Devices, awards, control, the glossary (§18, each term by what the engine does
with it), timing and the end of the game. Test cards unless a Crisis card is needed."""

from __future__ import annotations

import pytest

from tokyo.games.storyline.abilities import OPPONENT
from sl_helpers import attacks, entry, game, keys, pos, rule
from sl_crisis_helpers import cpos, opp_turn
from sl_crisis_helpers import run as crun


def run(s, ops, src=None, ctrl=0):
    """Resolve an ad-hoc ability of ``src`` (a uid; None: an Event of seat ``ctrl``)."""
    e = s.find(src) if src is not None else None
    ctx = s.context(e, None, ops, card="amber-supply", ctrl=ctrl)
    s.node = None
    s.stack = []
    s._push(["ability", ctx], ["state-check"], ["resolve-pending"], ["main"])
    s._run()


def gone(s, card):
    return not any(e["card"] == card for e in s.map)


# ----- 11 Range and Power ------------------------------------------------------------------
@rule("storyline 11.1.1", "storyline 18.4.1", "storyline 18.31.1", "storyline 18.20.1", "storyline 14.1.1",
      "storyline 14.1.2")
def test_bands_by_place_and_distance_between_bands():
    s = pos(2, map=[{"card": "amber-scout", "owner": 0, "place": "amber-home"},     # 3 on a Location
                    {"card": "amber-captain", "owner": 0},                          # 4 in the open
                    {"card": "amber-carrier", "owner": 0},                          # 5 Deep Space
                    {"card": "amber-captain", "owner": 0, "place": "amber-carrier"},  # 6 aboard
                    {"card": "amber-tank", "owner": 0, "ready": True},              # 7 in the open
                    {"card": "amber-fighter", "owner": 0},                          # 8 Orbit
                    {"card": "basalt-fighter", "owner": 1},                         # 9 Orbit
                    {"card": "basalt-carrier", "owner": 1}])                        # 10 Deep Space
    assert [s.band(s.find(u)) for u in range(1, 11)] == [1, 1, 1, 1, 3, 3, 1, 2, 2, 3]
    assert s.find(4)["place"] is None and s.find(7)["place"] is None
    # Range 1 from Surface: Orbit (distance 1) yes, Deep Space (distance 2) no
    assert s.reaches(1, 1, "high", s.find(10)) is False and s.reaches(2, 1, "high", s.find(10)) is True
    assert attacks(s) == {"attack 7 9"}


@rule("storyline 11.2.9", "storyline 18.30.1")
def test_the_power_check_applies_to_events_and_crisis_cards():
    s = pos(2, map=[{"card": "basalt-scout", "owner": 1}, {"card": "basalt-outpost", "owner": 1}])
    run(s, [{"op": "deal-damage", "amount": 1, "power": "low", "to": {"each": {"controller": "opponent"}}}])
    assert entry(s, "basalt-scout")["damage"] == 1 and entry(s, "basalt-outpost")["damage"] == 0
    assert s.find(2)["damage"] == 0     # the Homeworld is Shielded
    s = cpos(["crisis-grinding-front"], map=[{"card": "concord-line-trooper", "owner": 0},
                                             {"card": "concord-fortress-ridge", "owner": 0}])
    crun(s, [{"op": "deal-damage", "amount": 1, "power": "low",
              "to": {"each": {"controller": "each-player"}}}], src=3, ctrl=OPPONENT)
    assert entry(s, "concord-line-trooper")["damage"] == 1 and entry(s, "concord-fortress-ridge")["damage"] == 0


@rule("storyline 11.3.1", "storyline 18.36.1")
def test_a_legal_target_is_of_the_kind_asked_in_reach_and_never_an_epilogue():
    s = pos(2, map=[{"card": "amber-tank", "owner": 0},                             # 3 Surface, Range 1
                    {"card": "basalt-saga", "owner": 1, "face": "back", "band": 1},  # 4 an Epilogue
                    {"card": "basalt-scout", "owner": 1},                           # 5
                    {"card": "basalt-carrier", "owner": 1},                         # 6 Deep Space
                    {"card": "basalt-captain", "owner": 1, "place": "basalt-carrier"}])  # 7 aboard
    ctx = s.context(s.find(3), None, [])
    got = s.candidates("target", {"type": ["character", "epilogue"], "controller": "opponent"}, ctx, "low")
    assert [e["uid"] for e in got] == [5]
    got = s.candidates("target", {"type": ["ground-unit"], "controller": "any"}, ctx, "low")
    assert got == []   # the Tank itself is never its own target


# ----- 12 Attacking and damage -------------------------------------------------------------
@rule("storyline 12.1.2")
def test_storyline_faces_epilogues_and_devices_never_attack():
    s = pos(2, map=[{"card": "amber-saga", "owner": 0, "ready": True},
                    {"card": "amber-legend", "owner": 0, "face": "back", "ready": True},
                    {"card": "amber-saga", "owner": 0, "face": "back", "band": 1, "ready": True},
                    {"card": "amber-plating", "owner": 0, "host": "amber-home", "ready": True},
                    {"card": "basalt-scout", "owner": 1}])
    assert attacks(s) == {"attack 4 7"}   # only the Hero (a Character back face)
    assert not s.can_attack(s.find(3)) and not s.can_attack(s.find(5)) and not s.can_attack(s.find(6))


@rule("storyline 12.3.2", "storyline 18.3.1")
def test_the_target_does_not_strike_back():
    s = pos(2, treasury=[3, 3], hands=[["amber-supply"], []],
          map=[{"card": "amber-scout", "owner": 0, "ready": True},
                                     {"card": "basalt-tank", "owner": 1, "ready": True}])
    s.apply_action("attack 3 4")
    a, t = s.find(3), s.find(4)
    assert a["damage"] == 0 and not a["ready"] and t["damage"] == 1 and t["ready"]
    assert [pl["treasury"] for pl in s.players] == [3, 3] and [pl["story"] for pl in s.players] == [0, 0]
    assert [len(pl["hand"]) for pl in s.players] == [1, 0] and s.active == 0


@rule("storyline 12.4.3", "storyline 12.4.4", "storyline 18.11.1")
def test_damage_skips_what_cannot_take_it_or_is_not_reached_and_zero_is_nothing():
    s = pos(2, map=[{"card": "basalt-plating", "owner": 1, "host": "basalt-home"},           # 3
                    {"card": "basalt-saga", "owner": 1, "face": "back", "band": 2},          # 4
                    {"card": "basalt-outpost", "owner": 1},                                   # 5
                    {"card": "basalt-scout", "owner": 1}])                                    # 6
    n = len(s.log)
    s.deal_damage(0, 1, "low", [s.find(u) for u in (3, 4, 5, 6)])
    assert [s.find(u)["damage"] for u in (3, 4, 5, 6)] == [0, 0, 0, 1]
    assert [e.text for e in s.log[n:]] == ["Basalt Scout (#6) takes 1 damage (Low Power)."]
    s.deal_damage(0, 2, "high", [s.find(u) for u in (3, 4, 5)])
    assert [s.find(u)["damage"] for u in (3, 4, 5)] == [0, 0, 2]
    n = len(s.log)
    s.deal_damage(0, 0, "high", [s.find(6)])
    assert s.find(6)["damage"] == 1 and len(s.log) == n


@rule("storyline 12.13.1", "storyline 18.32.1")
def test_attacking_and_moving_spend_and_the_admin_phase_readies():
    s = pos(2, map=[{"card": "amber-tank", "owner": 0, "ready": True},
                    {"card": "amber-scout", "owner": 0, "ready": True},
                    {"card": "basalt-scout", "owner": 1}])
    s.apply_action("attack 3 5")
    s.apply_action("move 4 to 1")
    assert not s.find(3)["ready"] and not s.find(4)["ready"]
    assert not [t for t in s.legal_texts() if t.split()[0] in ("attack", "move")]
    s = pos(2, active=0, phase="start", map=[{"card": "amber-tank", "owner": 0}, {"card": "basalt-tank", "owner": 1}])
    assert s.find(3)["ready"] and not s.find(4)["ready"]


@rule("storyline 12.13.2")
def test_a_permanent_keeps_its_ready_state_when_it_changes_controller():
    s = pos(2, hands=[[], []], map=[
        {"card": "basalt-outpost", "owner": 1, "damage": 3, "ready": True},
        {"card": "basalt-outpost", "owner": 1, "damage": 3, "ready": False},
        {"card": "amber-scout", "owner": 0, "place": 3},
        {"card": "amber-scout", "owner": 0, "place": 4}])
    # seat 0 passes: both Outposts are occupied; then seat 1's Admin Phase readies only its own
    assert s.find(3)["controller"] == 0 and s.find(3)["ready"] is True
    assert s.find(4)["controller"] == 0 and s.find(4)["ready"] is False


# ----- 13 Flipping ----------------------------------------------------------------------------
@rule("storyline 13.1.1", "storyline 13.4.1", "storyline 13.8.1")
def test_only_the_shown_face_exists_and_the_band_follows_it():
    s = pos(2, options={"decks": "dusk,amber"}, map=[{"card": "dusk-legend", "owner": 0}])
    e = s.find(3)
    assert s.band(e) == 1 and s.is_storyline_face(e) and s.strike(e) == 0 and s.shielded(e)
    assert s.durability(e) == 4 and not s.is_capital(e)
    s = pos(2, options={"decks": "dusk,amber"}, active=0, phase="start",
            map=[{"card": "dusk-legend", "owner": 0, "chapter": 2, "counters": {"story": 1}},
                 {"card": "dusk-tank", "owner": 0}])
    e = entry(s, "dusk-legend")
    assert e["face"] == "back" and s.band(e) == 3 and s.strike(e) == 1 and s.is_capital(e)
    assert e["chapter"] is None and s.durability(e) == 3
    # a permanent back face with no flip-back clause stays: more Story counters do nothing
    s = pos(2, active=0, phase="start", map=[{"card": "amber-legend", "owner": 0, "face": "back",
                                               "counters": {"story": 5}}])
    e = entry(s, "amber-legend")
    assert e["face"] == "back" and e["counters"] == {"story": 5} and s.ftype(e) == "character"


@rule("storyline 13.5.1", "storyline 13.5.2", "storyline 13.6.2", "storyline 18.10.1", "storyline 14.8.2")
def test_a_crisis_ship_flipping_back_drops_its_devices_and_its_passengers():
    DF = "crisis-drone-foundry"
    s = cpos([DF], fields={DF: {"face": "back", "counters": {"time": 3}}},
             map=[{"card": "concord-drop-marine", "owner": 0, "place": DF},
                  {"card": "concord-picket-frigate", "owner": 0, "place": DF},
                  {"card": "crisis-neural-parasite", "owner": OPPONENT, "host": DF}])
    c = entry(s, DF)
    assert not s.is_storyline_face(c) and s.is_capital(c) and s.band(c) == 3
    assert s.band(entry(s, "concord-drop-marine")) == 3 and s.band(entry(s, "concord-picket-frigate")) == 3
    crun(s, [{"op": "flip-back", "to": "this"}], src=3, ctrl=OPPONENT)
    assert s.is_storyline_face(c) and s.is_crisis(c) and c["chapter"] == 1 and s.band(c) is None
    assert gone(s, "crisis-neural-parasite")
    m, f = entry(s, "concord-drop-marine"), entry(s, "concord-picket-frigate")
    assert m["place"] is None and s.band(m) == 1 and f["place"] is None and s.band(f) == 2


@rule("storyline 13.2.2", "storyline 13.7.1")
def test_a_flip_fires_arrives_but_not_enters():
    import copy
    cards = copy.deepcopy(game().cards)
    back = cards["cards"]["amber-legend"]["faces"]["back"]
    back["abilities"] = [{"kind": "triggered", "when": "enters", "effect": [{"op": "gain-treasury", "who": "you", "amount": 10}]},
                         {"kind": "triggered", "when": "arrives", "effect": [{"op": "gain-treasury", "who": "you", "amount": 1}]}]
    from tokyo.games.storyline.game import StorylineGame
    from tokyo.games.storyline.position import build_position
    g = StorylineGame(2, {"decks": "amber,basalt"}, cards=cards)
    s = build_position(g, active=0, phase="start", treasury=[0, 0],
                       map=[{"card": "amber-legend", "owner": 0, "chapter": 2, "counters": {"story": 1}}])
    assert entry(s, "amber-legend")["face"] == "back"
    assert s.players[0]["treasury"] == 0 + 3 + 1   # income 2 + Homeworld 1, then the arrival: 1, never 10


# ----- 14 Units and Devices ----------------------------------------------------------------
@rule("storyline 14.1.4", "storyline 14.3.2", "storyline 14.5.2")
def test_units_are_only_on_locations_or_aboard_capital_ships_and_a_move_is_one_place():
    s = pos(2, map=[{"card": "amber-scout", "owner": 0, "ready": True},          # 3
                    {"card": "amber-tank", "owner": 0},                          # 4
                    {"card": "basalt-carrier", "owner": 1}]                      # 5
            + [{"card": "amber-fighter", "owner": 0, "place": 5} for _ in range(3)]
            + [{"card": "amber-captain", "owner": 0, "place": 5} for _ in range(3)])
    assert {t for t in s.legal_texts() if t.startswith("move 3")} == {"move 3 to 1", "move 3 to 2", "move 3 to 5"}
    s.apply_action("move 3 to 5")
    assert s.find(3)["place"] == 5 and sum(1 for u in s.map if u["place"] == 5) == 7
    assert not [t for t in s.legal_texts() if t.startswith("move 3")]


@rule("storyline 14.9.1", "storyline 14.9.3", "storyline 19.3.3", "storyline 18.13.1")
def test_a_device_stays_on_its_host_and_leaves_with_it():
    s = pos(2, map=[{"card": "amber-artillery", "owner": 0, "ready": True},
                    {"card": "basalt-outpost", "owner": 1, "damage": 3},
                    {"card": "basalt-plating", "owner": 1, "host": 4}])
    d = s.find(5)
    assert d["host"] == 4 and d["controller"] == 1 and s.band(d) == 1
    s.apply_action("attack 3 4")
    assert gone(s, "basalt-outpost") and gone(s, "basalt-plating")
    assert s.players[1]["discard"] == ["basalt-outpost", "basalt-plating"] and "14.9.3" in keys(s)


# ----- 15 Awards ---------------------------------------------------------------------------
@rule("storyline 15.3.1", "storyline 15.3.3", "storyline 15.4.1")
def test_the_award_looks_at_the_controller_just_before_the_destruction():
    s = pos(2, hands=[["amber-supply"], []], map=[{"card": "amber-artillery", "owner": 0, "ready": True},
                    {"card": "basalt-outpost", "owner": 1, "controller": 0, "damage": 6}])
    s.find(4)["destroyer"] = 0
    s.state_check()
    assert gone(s, "basalt-outpost") and [pl["story"] for pl in s.players] == [0, 0]
    s = pos(2, active=1, map=[{"card": "basalt-artillery", "owner": 1, "ready": True},
                              {"card": "basalt-outpost", "owner": 1, "controller": 0, "damage": 3}])
    s.apply_action("attack 3 4")
    assert gone(s, "basalt-outpost") and [pl["story"] for pl in s.players] == [0, 1]


@rule("storyline 15.3.2")
def test_a_destruction_with_nobody_credited_gives_nothing():
    s = pos(2, map=[{"card": "basalt-outpost", "owner": 1, "damage": 6}, {"card": "basalt-captain", "owner": 1}])
    s.state_check()
    s.destroy_cards([s.find(4)], None)
    assert gone(s, "basalt-outpost") and gone(s, "basalt-captain") and [pl["story"] for pl in s.players] == [0, 0]


@rule("storyline 15.5.1", "storyline 19.5.2")
def test_awards_of_one_state_check_in_timestamp_order_with_a_win_check_after_each():
    s = pos(2, story=[4, 0], hands=[["amber-supply"], []], map=[{"card": "basalt-outpost", "owner": 1, "damage": 6},
                                  {"card": "basalt-carrier", "owner": 1, "damage": 8}])
    s.find(3)["destroyer"] = 0
    s.find(4)["destroyer"] = 0
    s.state_check()
    assert gone(s, "basalt-outpost") and gone(s, "basalt-carrier")   # both left at once
    assert s.players[0]["story"] == 5 and s.winners == [0]
    assert [e.text for e in s.log if e.rule.split(" ")[1] == "15.2.3"] == [
        "Seat 0 gains 1 Story Point for destroying Basalt Outpost."]


# ----- 16 and 17 -----------------------------------------------------------------------------
@rule("storyline 16.8.1", "storyline 19.5.5")
def test_recovery_follows_the_award_unless_the_game_ended():
    s = pos(2, active=1, phase="end", treasury=[0, 0], story=[0, 0])
    k = keys(s)
    assert k.index("16.3.1") < k.index("16.7.1") < k.index("16.3.2")
    assert [x for x in k if x in ("16.3.1", "16.3.2")] == ["16.3.1", "16.3.2", "16.3.1", "16.3.2"]
    s = pos(2, active=1, phase="end", treasury=[0, 0], story=[0, 4])
    # Seat 1 (active) first: its recovery; then Seat 0's award brings Seat 1 to 5: no recovery
    assert s.winners == [1] and s.players[0]["treasury"] == 0 and keys(s).count("16.3.2") == 1


@rule("storyline 17.1.1", "storyline 17.2.1", "storyline 18.27.1", "storyline 18.19.1")
def test_owners_and_controllers_on_entering():
    s = game(2, first_player="0").new_initial_state()
    while s.is_chance_node():
        s.apply_action(s.legal_texts()[0])
    assert [(e["card"], e["owner"], e["controller"]) for e in s.map] == [("amber-home", 0, 0), ("basalt-home", 1, 1)]
    s = pos(2, hands=[["amber-scout"], []], map=[{"card": "basalt-outpost", "owner": 1, "controller": 0}])
    s.apply_action("play amber-scout on 3")
    e = entry(s, "amber-scout")
    assert e["owner"] == 0 and e["controller"] == 0 and e["place"] == 3
    s = cpos(["crisis-grinding-front"])
    c = entry(s, "crisis-grinding-front")
    assert c["owner"] == OPPONENT == c["controller"]


@rule("storyline 17.2.2", "storyline 18.8.1")
def test_a_cards_abilities_are_its_controllers():
    s = pos(2, map=[{"card": "basalt-artillery", "owner": 1, "controller": 0, "ready": True},
                    {"card": "basalt-captain", "owner": 1, "damage": 2}])
    assert "attack 3 4" in s.legal_texts() and s.node[1] == 0
    run(s, [{"op": "deal-damage", "amount": 1, "power": "high", "to": {"each": {"type": ["character"]}}}], src=3)
    assert s.fallen(s.find(4)) and [pl["story"] for pl in s.players] == [1, 0]


# ----- 18 Glossary ---------------------------------------------------------------------------
@rule("storyline 18.29.1", "storyline 18.39.1", "storyline 18.33.1", "storyline 18.40.1")
def test_permanents_units_and_shields_by_type():
    s = pos(2, map=[{"card": "amber-scout", "owner": 0}, {"card": "amber-tank", "owner": 0},
                    {"card": "amber-fighter", "owner": 0}, {"card": "amber-carrier", "owner": 0},
                    {"card": "amber-outpost", "owner": 0}, {"card": "amber-plating", "owner": 0, "host": 7},
                    {"card": "amber-saga", "owner": 0}, {"card": "amber-legend", "owner": 0, "face": "back"}])
    es = [s.find(u) for u in range(3, 11)]
    assert [s.is_permanent(e) for e in es] == [True, True, True, True, True, True, False, True]
    assert [s.is_unit(e) for e in es] == [True, True, True, True, False, False, False, True]
    assert [s.shielded(e) for e in es] == [False, False, False, True, True, False, False, False]


@rule("storyline 18.7.1", "storyline 18.18.1", "storyline 18.15.1")
def test_broken_at_durability_destroyed_at_twice():
    s = pos(2, hands=[["amber-supply"], []], map=[
        {"card": "basalt-outpost", "owner": 1, "damage": 2}, {"card": "basalt-outpost", "owner": 1, "damage": 3},
        {"card": "basalt-captain", "owner": 1, "damage": 2}, {"card": "basalt-captain", "owner": 1, "damage": 5},
        {"card": "basalt-carrier", "owner": 1, "damage": 7}])
    assert [s.contested(s.find(u)) for u in (3, 4, 7)] == [False, True, True]
    assert [s.fallen(s.find(u)) for u in (5, 6)] == [False, True]
    s.state_check()
    assert all(s.find(u) for u in (3, 4, 5, 6, 7))
    s.find(4)["damage"] = 6
    s.find(6)["damage"] = 6
    s.state_check()
    assert s.find(4) is None and s.find(6) is None and s.find(7) is not None
