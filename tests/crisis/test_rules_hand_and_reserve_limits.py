"""Rulebook: Maximum hand size (7) and Maximum Reserve size (3): over the limit, the player
discards (destroys) at once, whoever's turn it is, and nothing else happens meanwhile."""

import pytest

from crisis_helpers import IllegalActionError, attack, defend, kind, legal, play, position, uid

SEVEN = ["disarmed", "sumo-slap", "kind-alien", "swamp-kappa", "grave-robbing", "tengu-warlord", "product-placement"]
COP = "retiring-in-two-days-cop"


@pytest.mark.rule("crisis-tokyo 7.1.5", "crisis-tokyo 7.1.6", "crisis-tokyo 6.2")
def test_an_eighth_card_must_be_discarded_at_once():
    state = position(3, hands=[SEVEN, [], []])
    assert len(state.hands[0]) == 7 and kind(state) == "action"
    play(state, "draw event", "draw emergency-exorcism")
    assert kind(state) == "discard" and state.current_player() == 0
    assert legal(state) == [f"discard {c}" for c in SEVEN + ["emergency-exorcism"]]
    play(state, "discard kind-alien")
    assert len(state.hands[0]) == 7 and "kind-alien" not in state.hands[0]
    assert state.discards["character"] == ["kind-alien"] and state.discards["event"] == []
    assert kind(state) == "action" and state.actions_left == 1


@pytest.mark.rule("crisis-tokyo 7.1.7")
def test_nothing_else_happens_before_the_discard():
    state = position(3, hands=[SEVEN, [], []])
    play(state, "draw event", "draw emergency-exorcism")
    with pytest.raises(IllegalActionError):
        play(state, "draw character")
    play(state, "discard disarmed")
    assert state.discards["event"] == ["disarmed"]


@pytest.mark.rule("crisis-tokyo 7.1.5")
def test_seven_cards_are_allowed():
    state = position(3, hands=[SEVEN[:6], [], []])
    play(state, "draw event", "draw emergency-exorcism")
    assert len(state.hands[0]) == 7 and kind(state) == "action"


@pytest.mark.rule("crisis-tokyo 7.1.6", "crisis-tokyo C14")
def test_the_hand_limit_applies_on_another_players_turn():
    # seat 1 holds 7 cards and wins a defence during seat 0's turn: its reward is an eighth card
    state = position(2, hands=[["tengu-warlord"], [c for c in SEVEN if c != "tengu-warlord"] + ["mariachi-zombie"]],
                     reserves=[[], [{"card": COP}]])
    attack(state, "harajuku", ["tengu-warlord"], "martial")
    defend(state, 1, [COP], "fire")
    play(state, "pass", "pass", "draw event", "draw emergency-exorcism")
    assert state.active == 0 and state.conflict is None
    assert kind(state) == "discard" and state.current_player() == 1
    play(state, "discard emergency-exorcism")
    assert len(state.hands[1]) == 7
    assert state.active == 1  # seat 0's turn could only end after the discard


@pytest.mark.rule("crisis-tokyo 8.3", "crisis-tokyo C14", "crisis-tokyo C19")
def test_the_reserve_limit_applies_on_another_players_turn():
    # the defender's fourth Hero comes from its hand mid-combat (Stunt Double); back in the
    # Reserve after a winning defence, one of the four must go
    state = position(2, hands=[["tengu-warlord"], ["stunt-double", "swamp-kappa"]],
                     reserves=[[], [{"card": COP}, {"card": "kind-alien"}, {"card": "general-tank"}]])
    attack(state, "harajuku", ["tengu-warlord"], "martial")
    defend(state, 1, [COP, "kind-alien", "general-tank"], "fire")
    play(state, "play stunt-double a", "deploy swamp-kappa", "pass", "pass")
    assert state.active == 0 and len(state.reserves[1]) == 4
    assert kind(state) == "reserve-limit" and state.current_player() == 1
    play(state, f"destroy {uid(state, 'kind-alien')}")
    assert [i["card"] for i in state.reserves[1]] == [COP, "general-tank", "swamp-kappa"]
    assert state.discards["character"] == ["kind-alien", "tengu-warlord"]  # the limit first, then the Conflict ends
    assert kind(state) == "choose-deck" and state.current_player() == 1  # then the reward draw
