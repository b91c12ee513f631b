"""Rulebook: Using Talents (an action; a Character that used a Talent uses no other that
turn; Talents of different Characters in one turn)."""

import pytest

from crisis_helpers import IllegalActionError, kind, legal, play, position, uid

BENTO = "dark-magical-girl-ruby-despair"   # Pretty Guardian Sailor Bento: Talent "draw a card"
REPORTER = "killer-virtual-pet-swarm"      # Nosy TV Reporter: Talent "draw a card"


def talents(state):
    return [t for t in legal(state) if t.startswith("talent")]


@pytest.mark.rule("crisis-tokyo 10.1", "crisis-tokyo 7.0.4")
def test_a_talent_costs_one_action():
    state = position(3, reserves=[[{"card": BENTO}], [], []])
    b = uid(state, BENTO)
    play(state, f"talent {b} 0")
    assert state.actions_left == 1
    assert kind(state) == "choose-deck"
    play(state, "draw event", "draw disarmed")
    assert state.hands[0] == ["disarmed"] and state.actions_left == 1 and state.active == 0


@pytest.mark.rule("crisis-tokyo 4.2.4")
def test_a_character_uses_no_talent_again_that_turn():
    state = position(3, reserves=[[{"card": BENTO}], [], []])
    b = uid(state, BENTO)
    play(state, f"talent {b} 0", "draw event", "draw disarmed")
    assert talents(state) == []
    with pytest.raises(IllegalActionError):
        play(state, f"talent {b} 0")


@pytest.mark.rule("crisis-tokyo 4.2.3", "crisis-tokyo 4.2.4")
def test_a_character_with_two_talents_uses_only_one_per_turn():
    # the Backpack Gift (dimensional-portal b) gives Sailor Bento a second Talent
    state = position(3, reserves=[[{"card": BENTO, "gifts": [["dimensional-portal", "b"]]}], [], []])
    b = uid(state, BENTO)
    assert talents(state) == [f"talent {b} 0", f"talent {b} 1"]
    play(state, f"talent {b} 1", "draw disarmed")
    assert talents(state) == []


@pytest.mark.rule("crisis-tokyo 10.2")
def test_talents_of_different_characters_in_one_turn():
    state = position(3, reserves=[[{"card": BENTO}, {"card": REPORTER}], [], []])
    b, r = uid(state, BENTO), uid(state, REPORTER)
    play(state, f"talent {b} 0", "draw event", "draw disarmed")
    assert talents(state) == [f"talent {r} 0"]
    play(state, f"talent {r} 0", "draw event", "draw sumo-slap")
    assert state.hands[0] == ["disarmed", "sumo-slap"] and state.active == 1


@pytest.mark.rule("crisis-tokyo 4.2.4")
def test_the_talent_is_usable_again_on_the_owners_next_turn():
    state = position(3, reserves=[[{"card": BENTO}], [], []], actions_left=1)
    b = uid(state, BENTO)
    play(state, f"talent {b} 0", "draw event", "draw disarmed")
    play(state, "end", "end")
    assert state.active == 0 and talents(state) == [f"talent {b} 0"]


@pytest.mark.rule("crisis-tokyo 10.1")
def test_only_talents_of_ones_own_reserve():
    state = position(3, reserves=[[], [{"card": BENTO}], []])
    assert talents(state) == []


@pytest.mark.rule("crisis-tokyo card:corporate-ninja-ceo:hero")
def test_a_talent_can_destroy_its_own_character():
    # Overworked Intern: Unpaid Overtime, 2 more actions, then the Intern is destroyed
    state = position(3, reserves=[[{"card": "corporate-ninja-ceo"}], [], []])
    play(state, f"talent {uid(state, 'corporate-ninja-ceo')} 0")
    assert state.actions_left == 3
    assert state.reserves[0] == [] and state.discards["character"] == ["corporate-ninja-ceo"]


def test_a_character_without_a_talent_offers_none():
    state = position(3, reserves=[[{"card": "retiring-in-two-days-cop"}], [], []])
    assert talents(state) == []
