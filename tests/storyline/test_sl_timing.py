"""Choices, timing and the state check (storyline 7.8, 12.5.4, 19), with the test cards and
abilities added to them for the test (sl_helpers.with_abilities)."""

from __future__ import annotations

import pytest

from tokyo.games.storyline.abilities import OPPONENT
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
    return [e.text.split(":")[0] for e in s.log if e.text.endswith("an ability resolves.")]


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
