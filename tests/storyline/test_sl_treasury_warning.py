"""What a Main Phase action pays and whether it empties the Treasury (storyline 6.2.2,
16.3.1): ``treasury_cost``, ``treasury_after`` and the observation's ``empties``, from which
the browser warns before a payment gives the opponents a Story Point at the Lose check."""

from __future__ import annotations

from sl_helpers import game, keys, pos, rule, with_abilities
from tokyo.games.storyline.position import build_position

GAIN_ON_ENTERING = {"kind": "triggered", "when": "enters", "effect": [{"op": "gain-treasury", "who": "you", "amount": 1}]}
PAID = {"kind": "activated", "cost": {"spend": True, "treasury": 2},
        "effect": [{"op": "add-counters", "type": "story", "n": 1, "on": "this"}]}


def cpos(cards, **kw):
    from tokyo.games.storyline.game import StorylineGame
    return build_position(StorylineGame(2, {"decks": "amber,basalt"}, cards=cards), **kw)


@rule("storyline 6.2.1", "storyline 6.2.2", "storyline 16.3.1", "storyline 10.6.7")
def test_a_card_paying_the_whole_treasury_is_listed_with_the_lose_check_when_the_phase_then_ends():
    s = pos(2, hands=[["amber-captain"], []], treasury=[3, 3])
    assert s.treasury_cost(0, "play amber-captain on 1") == 3 and s.treasury_cost(0, "pass") == 0
    before = s.to_json()
    obs = s.observation(0)
    # nothing else to do afterwards: the Main Phase ends and its Lose check sees 0
    assert obs["empties"] == {"play amber-captain on 1": {"treasury": 0, "lose_check": True}}
    assert s.to_json() == before   # played out on a copy
    assert s.observation(1)["empties"] == {} and s.observation(None)["empties"] == {}
    s.apply_action("play amber-captain on 1")
    assert s.players[1]["story"] == 1 and "16.3.1" in keys(s)


@rule("storyline 6.2.2", "storyline 16.3.1")
def test_with_more_to_do_the_treasury_is_zero_until_the_end_of_the_phase_and_a_gain_counts():
    # the Supply (cost 0, gain 2 Treasury) may still be played: the phase goes on
    s = pos(2, hands=[["amber-captain", "amber-supply"], []], treasury=[3, 3])
    assert s.observation(0)["empties"] == {"play amber-captain on 1": {"treasury": 0, "lose_check": False}}
    # a card that gains 1 as it enters, paid with the last 1: the Treasury is back to 1
    cards = with_abilities({"amber-scout": [GAIN_ON_ENTERING]})
    s = cpos(cards, hands=[["amber-scout"], []], treasury=[1, 3])
    assert s.observation(0)["empties"] == {"play amber-scout on 1": {"treasury": 1, "lose_check": True}}
    # a cheaper card than the Treasury is not listed
    s = pos(2, hands=[["amber-scout"], []], treasury=[2, 3])
    assert s.observation(0)["empties"] == {}


@rule("storyline 7.4.1", "storyline 12.12.1")
def test_abilities_and_repairs_pay_their_own_cost():
    cards = with_abilities({"amber-tank": [PAID]})
    s = cpos(cards, hands=[[], []], treasury=[2, 3],
             map=[{"card": "amber-tank", "owner": 0, "ready": True, "damage": 1}])
    assert s.treasury_cost(0, "use 3") == 2 and s.treasury_cost(0, "repair 3") == 2
    # spent by its ability, the Tank has nothing left to do; repaired, it may still move
    assert s.observation(0)["empties"] == {"use 3": {"treasury": 0, "lose_check": True},
                                           "repair 3": {"treasury": 0, "lose_check": False}}
    s = cpos(cards, hands=[[], []], treasury=[3, 3], map=[{"card": "amber-tank", "owner": 0, "ready": True}])
    assert s.observation(0)["empties"] == {}


@rule("storyline 7.5.1", "storyline 16.7.2")
def test_a_bargain_paying_the_whole_treasury_in_the_crisis_format():
    from sl_crisis_helpers import cpos as crisis_pos
    s = crisis_pos(("crisis-bleeding-exchequer",), n=1, treasury=[3], hands=[["concord-line-trooper"]])
    assert s.treasury_cost(0, "bargain 2") == 3
    # the Line Trooper (cost 1) can no longer be paid for: the Main Phase ends at once
    assert s.observation(0)["empties"] == {"bargain 2": {"treasury": 0, "lose_check": True}}
    assert s.observation(None)["empties"] == {}
