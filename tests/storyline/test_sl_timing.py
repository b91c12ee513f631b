"""Choices, timing and the state check (storyline 7.8, 12.5.4, 19), with the test cards and
abilities added to them for the test (sl_helpers.with_abilities)."""

from __future__ import annotations

import copy
import re

import pytest

from tokyo.games.storyline.cards import CardDataError, _ability
from tokyo.games.storyline.game import StorylineGame
from tokyo.games.storyline.position import build_position
from sl_crisis_helpers import CLOCK, SIEGE, cpos
from sl_helpers import CARDS, entry, game, keys, rule, with_abilities

GAIN_2_MAY = {"kind": "triggered", "when": "enters", "may": True,
              "effect": [{"op": "gain-treasury", "who": "you", "amount": 2}]}


def tpos(cards, n: int = 2, **kw):
    """A position of the competitive game with the card set ``cards``."""
    return build_position(StorylineGame(n, {"decks": ",".join(list(cards["decks"])[:n])}, cards=cards), **kw)


def resolved(s) -> list[str]:
    """The labels of the abilities that resolved, in order."""
    return [m.group(1) for e in s.log if (m := re.match(r"The ability of (.*) resolves\.$", e.text))]


# ----- 7.8 "may" ------------------------------------------------------------------------------
@rule("storyline 7.8.1")
def test_may_is_a_decision_of_the_abilitys_controller_to_do_it_or_not():
    cards = with_abilities({"amber-outpost": [GAIN_2_MAY]})
    for answer, treasury in (("may yes", 5), ("may no", 3)):
        s = tpos(cards, hands=[["amber-outpost", "amber-scout"], []], treasury=[5, 3])
        s.apply_action("play amber-outpost")
        assert s.node[0] == "decision" and s.node[1] == 0 and s.node[2] == "may"
        assert s.legal_texts() == ["may yes", "may no"] and s.players[0]["treasury"] == 3
        s.apply_action(answer)
        assert s.players[0]["treasury"] == treasury and s.node[2] == "main"
        assert "7.8.1" in keys(s)
    with pytest.raises(CardDataError):   # only a triggered ability offers "may"
        _ability("x", {"kind": "static", "may": True, "effect": []})


@rule("storyline 7.8.1", "storyline 22.2.6", "storyline 22.2.7")
def test_a_may_of_an_ability_the_opponent_controls_is_at_random_or_the_seats():
    ops = [{"op": "add-counters", "type": "time", "n": 1, "on": "this"}]
    for options in ({}, {"opponent": "seat"}):
        s = cpos([CLOCK, SIEGE], cards=CARDS, options=options)
        clock = entry(s, CLOCK)
        ctx = s.context(clock, {"may": True}, ops)
        s.node, s.stack = None, []
        s._push(["ability", ctx], ["main"])
        s._run()
        if not options:
            assert s.is_chance_node() and s.node[2] == "may"
            assert [(a.text, p) for a, p in s.chance_outcomes()] == [("may yes", 0.5), ("may no", 0.5)]
        else:
            assert s.current_player() == 2 and s.legal_texts() == ["may yes", "may no"]
        s.apply_action("may yes")
        assert clock["counters"] == {"time": 1}


# ----- 19.1 decisions ---------------------------------------------------------------------------
@rule("storyline 19.1.2", "storyline 1.6.1")
def test_every_other_choice_is_a_decision_of_a_named_player_at_a_fixed_moment():
    # a mulligan: each player in turn order, after the opening hands
    s = game(2, first_player="1").new_initial_state()
    while s.is_chance_node():
        s.apply_action(s.legal_texts()[0])
    assert (s.node[1], s.node[2]) == (1, "mulligan") and len(s.players[0]["hand"]) == 6
    s.apply_action("keep")
    assert (s.node[1], s.node[2]) == (0, "mulligan")
    # a "may": the ability's controller (seat 1), in seat 0's turn, when the ability resolves
    cards = with_abilities({"basalt-outpost": [dict(GAIN_2_MAY, when="becomes-contested")]})
    s = tpos(cards, map=[{"card": "amber-artillery", "owner": 0, "ready": True},
                         {"card": "basalt-outpost", "owner": 1}])
    s.apply_action("attack 3 4")
    assert (s.node[1], s.node[2]) == (1, "may") and s.active == 0
    # a discard: the active player, at the End Phase's hand step
    s = tpos(CARDS, active=1, phase="end", hands=[[], ["basalt-scout"] * 3 + ["basalt-tank"] * 3
                                                  + ["basalt-fighter"] * 2])
    assert (s.node[1], s.node[2]) == (1, "discard")
    # a target: the controller of the effect, as it resolves
    s = tpos(CARDS, map=[{"card": "basalt-scout", "owner": 1}, {"card": "basalt-tank", "owner": 1}])
    s.node, s.stack = None, []
    s._push(["ability", s.context(None, None, [{"op": "deal-damage", "amount": 1, "power": "low",
                                                 "to": {"target": {"controller": "opponent"}}}],
                                  card="amber-supply", ctrl=0)], ["main"])
    s._run()
    assert (s.node[1], s.node[2]) == (0, "choose") and s.legal_texts() == ["choose 3", "choose 4"]


# ----- 19.4 pending abilities -------------------------------------------------------------------
@rule("storyline 19.4.4", "storyline 7.8.1")
def test_a_pending_ability_makes_its_choices_when_it_resolves():
    cards = with_abilities({"amber-outpost": [
        {"kind": "triggered", "when": "enters",
         "effect": [{"op": "destroy", "to": {"each": {"controller": "opponent", "type": ["character"]}}}]},
        {"kind": "triggered", "when": "enters", "may": True,
         "effect": [{"op": "deal-damage", "amount": 1, "power": "low",
                     "to": {"target": {"controller": "opponent", "type": ["character", "ground-unit"]}}}]}]})
    s = tpos(cards, hands=[["amber-outpost", "amber-scout"], []], treasury=[5, 3],
             map=[{"card": "basalt-scout", "owner": 1}, {"card": "basalt-tank", "owner": 1}])
    s.apply_action("play amber-outpost")
    # both abilities triggered together; the "may" is asked only once the first has resolved
    assert s.node[2] == "may" and entry(s, "basalt-tank")["damage"] == 0
    assert not any(e["card"] == "basalt-scout" for e in s.map)
    s.apply_action("may yes")
    # its target too is chosen now: the Scout is gone, so the Tank is the only legal one (1.6.2)
    assert entry(s, "basalt-tank")["damage"] == 1 and s.node[2] == "main"


def check(s):
    """Run a state check and the pending abilities now, then go back to the action decision."""
    s.node, s.stack = None, []
    s._push(["state-check"], ["resolve-pending"], ["main"])
    s._run()


def gain(n: int = 1, when="destroyed") -> dict:
    return {"kind": "triggered", "when": when, "effect": [{"op": "gain-treasury", "who": "you", "amount": n}]}


def before(s, first: str, then: str) -> bool:
    """Whether a log line containing ``first`` comes before one containing ``then``."""
    texts = [e.text for e in s.log]
    a = [i for i, t in enumerate(texts) if first in t]
    b = [i for i, t in enumerate(texts) if then in t]
    return bool(a) and bool(b) and a[0] < b[-1]


# ----- 12.5.4 -------------------------------------------------------------------------------------
@rule("storyline 12.5.4", "storyline 7.3.4")
def test_becoming_contested_is_an_event_at_the_moment_the_card_enters_that_state():
    cards = with_abilities({"basalt-outpost": [gain(1, "becomes-contested")],
                            "basalt-tank": [gain(1, "becomes-contested")]})
    s = tpos(cards, treasury=[3, 3], hands=[["amber-scout"], []],
             map=[{"card": "amber-artillery", "owner": 0, "ready": True},   # 3
                  {"card": "amber-captain", "owner": 0, "ready": True},     # 4
                  {"card": "basalt-outpost", "owner": 1},                   # 5
                  {"card": "basalt-tank", "owner": 1}])                     # 6
    s.apply_action("attack 3 5")             # 3 damage: Durability 3, Contested now
    assert s.contested(s.find(5)) and s.players[1]["treasury"] == 4
    assert before(s, "Basalt Outpost (#5) is Contested.", "The ability of Basalt Outpost (#5) resolves.")
    s.apply_action("attack 4 5")             # 5 damage: it already was Contested, no new event
    assert s.players[1]["treasury"] == 4
    # 0 to 6 damage in one event: it becomes Contested (and is destroyed in the state check);
    # the ability still resolves, from the card as it last was (7.3.4)
    s.node, s.stack = None, []
    s._push(["ability", s.context(None, None, [{"op": "deal-damage", "amount": 6, "power": "high",
                                                 "to": {"each": {"type": ["ground-unit"]}}}],
                                  card="amber-supply", ctrl=0)], ["state-check"], ["resolve-pending"], ["main"])
    s._run()
    assert s.find(6) is None and s.players[1]["treasury"] == 5


@rule("storyline 12.5.4", "storyline 7.11.1")
def test_a_character_falling_is_an_event_its_own_when_this_falls_ability_sees():
    # the fall triggers "when this falls", read from the Character as it was just before
    # (7.11.1); its other abilities are off once it is Fallen
    cards = with_abilities({"basalt-scout": [gain(2, "falls"), gain(5, "becomes-contested")]})
    s = tpos(cards, treasury=[3, 3],
             map=[{"card": "amber-artillery", "owner": 0, "ready": True},   # 3
                  {"card": "basalt-scout", "owner": 1}])                    # 4
    s.apply_action("attack 3 4")
    assert s.fallen(s.find(4))
    assert before(s, "Basalt Scout (#4) falls.", "The ability of Basalt Scout (#4) resolves.")
    gains = [e.text for e in s.log if e.text.startswith("Seat 1 gains") and "Treasury" in e.text]
    assert gains[0] == "Seat 1 gains 2 Treasury."   # the fall; "becomes Contested" is not a Character's
    assert "Seat 1 gains 5 Treasury." not in gains
    assert s.abilities_of(s.find(4)) == []   # now Fallen: no text


# ----- 19.1.3 --------------------------------------------------------------------------------------
@rule("storyline 19.1.3")
def test_each_action_and_ability_is_finished_before_anything_else_happens():
    cards = with_abilities({"amber-tank": [gain(1, "attacks")]})
    s = tpos(cards, treasury=[3, 3], map=[{"card": "amber-tank", "owner": 0, "ready": True},          # 3
                                          {"card": "basalt-scout", "owner": 1}])                     # 4
    s.apply_action("attack 3 4")
    # the attack triggers the Tank's ability, which waits until the attack (its damage) is done
    assert before(s, "Basalt Scout (#4) takes 2 damage", "The ability of Amber Tank (#3) resolves.")
    assert s.players[0]["treasury"] == 4
    # an ability's operations all happen before the state check: the Scout, at twice its
    # Durability after the first, is still there for the second
    s = tpos(CARDS, map=[{"card": "basalt-scout", "owner": 1}, {"card": "basalt-tank", "owner": 1}])
    s.node, s.stack = None, []
    ops = [{"op": "deal-damage", "amount": 4, "power": "high", "to": {"each": {"type": ["character"]}}},
           {"op": "deal-damage", "amount": 1, "power": "low", "to": {"each": {"state": "damaged"}}}]
    s._push(["ability", s.context(None, None, ops, card="amber-supply", ctrl=0)], ["state-check"], ["main"])
    s._run()
    assert [e.text for e in s.log if e.text.startswith("Basalt Scout (#3)")] == [
        "Basalt Scout (#3) takes 4 damage (High Power).", "Basalt Scout (#3) falls.",
        "Basalt Scout (#3) takes 1 damage (Low Power).", "Basalt Scout (#3) is destroyed."]


# ----- 19.3 the state check -------------------------------------------------------------------------
@rule("storyline 19.3.1", "storyline 8.7.4")
def test_the_state_check_runs_a_b_c_in_order_and_starts_again_after_a_change():
    # (a) before (c): a Storyline at its Durability that also meets its Chapter is destroyed
    # and completes nothing
    s = tpos(CARDS, map=[{"card": "basalt-saga", "owner": 1, "damage": 3, "counters": {"story": 4}}])
    check(s)
    assert s.players[1]["discard"] == ["basalt-saga"] and s.players[1]["story"] == 0 and "8.5.3" not in keys(s)
    # (c) then (a) again: the final Chapter completes, the card flips to a Character whose
    # damage is twice its Durability, and the same state check destroys it
    cards = copy.deepcopy(CARDS)
    cards["cards"]["amber-legend"]["faces"]["front"]["durability"] = 8
    s = tpos(cards, map=[{"card": "amber-legend", "owner": 0, "damage": 6, "counters": {"story": 2}}])
    check(s)
    assert s.players[0]["story"] == 1 and s.players[0]["discard"] == ["amber-legend"]
    k = keys(s)
    assert k.count("8.5.3") == 2 and k.index("8.10.1") < k.index("8.9.1") < k.index("12.6.1")


@rule("storyline 19.3.5", "storyline 19.2.1")
def test_abilities_that_trigger_during_the_state_check_wait_for_its_end():
    cards = with_abilities({"amber-tank": [gain(1, "destroyed")]})
    s = tpos(cards, treasury=[3, 3], map=[{"card": "amber-tank", "owner": 0, "damage": 6},          # 3
                                          {"card": "amber-saga", "owner": 0, "counters": {"story": 2}}])
    check(s)
    assert s.players[0]["treasury"] == 4 and entry(s, "amber-saga")["chapter"] == 2
    assert before(s, "Amber Tank (#3) is destroyed.", "Amber Saga (#4) completes Chapter 1.")
    assert before(s, "Amber Saga (#4) completes Chapter 1.", "The ability of Amber Tank (#3) resolves.")


# ----- 19.4.3 ---------------------------------------------------------------------------------------
@rule("storyline 19.4.3", "storyline 19.4.1")
def test_an_ability_triggered_while_a_batch_resolves_forms_a_batch_after_every_waiting_one():
    cards = with_abilities({
        "amber-artillery": [{"kind": "triggered", "when": "attacks", "effect": [
            {"op": "deal-damage", "amount": 5, "power": "high",
             "to": {"each": {"controller": "opponent", "homeworld": True}}}]}],
        "basalt-outpost": [gain(1, "becomes-contested")],
        "basalt-home": [gain(1, "becomes-contested")]})
    s = tpos(cards, hands=[["amber-scout"], []], map=[{"card": "amber-artillery", "owner": 0, "ready": True},  # 3
                                                      {"card": "basalt-outpost", "owner": 1}])                 # 4
    s.apply_action("attack 3 4")
    # the attack forms [Artillery], its damage [Outpost]; the Artillery's ability makes the
    # Homeworld Contested while the first batch resolves: [Prime] comes after [Outpost]
    assert resolved(s) == ["Amber Artillery (#3)", "Basalt Outpost (#4)", "Basalt Prime (#2)"]
    assert s.players[1]["treasury"] == 5


# ----- 19.5 simultaneous events ---------------------------------------------------------------------
@rule("storyline 19.5.3", "storyline 10.3.3")
def test_the_counter_step_puts_every_counter_on_before_the_state_check():
    s = tpos(CARDS, phase="start", story=[3, 0], map=[
        {"card": "amber-saga", "owner": 0, "chapter": 2, "counters": {"story": 3}},     # 3
        {"card": "amber-saga", "owner": 0, "chapter": 2, "counters": {"story": 3}}])    # 4
    # the first completes its final Chapter (2 Story Points: 5, the target) and the game ends;
    # the second took its counter before that
    assert s.winners == [0]
    assert s.find(4)["counters"] == {"story": 4}
    k = keys(s)
    assert [x for x in k if x in ("10.3.3", "8.5.3")][:3] == ["10.3.3", "10.3.3", "8.5.3"]


@rule("storyline 19.5.4", "storyline 14.11.6", "storyline 14.12.1")
def test_occupation_takes_every_qualifying_card_at_once_before_liberation():
    s = tpos(CARDS, hands=[[], []], map=[
        {"card": "basalt-outpost", "owner": 1, "damage": 3},                          # 3: seat 1's
        {"card": "amber-tank", "owner": 0, "place": 3},
        {"card": "amber-outpost", "owner": 0, "controller": 1, "damage": 3},          # 5: seat 0's, held
        {"card": "amber-scout", "owner": 0, "place": 5}])
    # only pass: the Main Phase closes at once
    assert s.find(3)["controller"] == 0 and s.find(5)["controller"] == 0
    occupied = [i for i, k in enumerate(keys(s)) if k == "14.11.3"]
    assert len(occupied) == 2 and occupied[1] == occupied[0] + 1
    # Occupation came first and gave seat 0's Outpost back: Liberation had nothing to do
    assert "14.12.1" not in keys(s) and s.find(5)["counters"] == {}
