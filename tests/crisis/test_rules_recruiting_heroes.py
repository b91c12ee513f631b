"""Rulebook: Recruiting Heroes (a Hero from the hand into the Reserve, one action)."""

import pytest

from crisis_helpers import IllegalActionError, kind, legal, play, position


@pytest.mark.rule("crisis-tokyo 8.1", "crisis-tokyo 4.0.2", "crisis-tokyo 4.2.1", "crisis-tokyo 7.0.4")
def test_recruiting_puts_the_hero_half_into_the_reserve():
    state = position(3, hands=[["retiring-in-two-days-cop", "disarmed"], [], []])
    play(state, "recruit retiring-in-two-days-cop")
    assert state.hands[0] == ["disarmed"]
    [cop] = state.reserves[0]
    assert cop["card"] == "retiring-in-two-days-cop" and cop["half"] == "hero" and cop["owner"] == 0
    assert state.card_half(cop)["name"] == "Retiring-in-Two-Days Cop"
    assert state.spheres(cop, "fire") == 2 and state.spheres(cop, "tech") == 0  # not the Mecha's spheres
    assert state.actions_left == 1


@pytest.mark.rule("crisis-tokyo 8.1")
def test_only_character_cards_can_be_recruited():
    state = position(3, hands=[["retiring-in-two-days-cop", "disarmed"], [], []])
    assert [t for t in legal(state) if t.startswith("recruit")] == ["recruit retiring-in-two-days-cop"]
    with pytest.raises(IllegalActionError):
        play(state, "recruit disarmed")


@pytest.mark.rule("crisis-tokyo 12.1.3")
def test_a_hero_with_wildcard_spheres_takes_a_power_when_recruited():
    # The Good Twin (No Goatee): 2 wildcard spheres
    state = position(3, hands=[["the-evil-twin"], [], []])
    play(state, "recruit the-evil-twin")
    assert kind(state) == "wild" and state.current_player() == 0
    assert legal(state) == ["power martial", "power tech", "power monster", "power fire", "power mystic"]
    play(state, "power mystic")
    [twin] = state.reserves[0]
    assert [state.spheres(twin, p) for p in ("martial", "tech", "monster", "fire", "mystic")] == [0, 0, 0, 0, 2]
    assert kind(state) == "action" and state.actions_left == 1


@pytest.mark.rule("crisis-tokyo C3")
def test_recruiting_twice_in_a_turn():
    state = position(3, hands=[["retiring-in-two-days-cop", "kind-alien"], [], []])
    play(state, "recruit retiring-in-two-days-cop", "recruit kind-alien")
    assert [i["card"] for i in state.reserves[0]] == ["retiring-in-two-days-cop", "kind-alien"]
    assert state.active == 1


@pytest.mark.rule("crisis-tokyo 8.2", "crisis-tokyo 8.3")
def test_a_fourth_hero_must_be_destroyed_down_to_three():
    state = position(3, hands=[["kind-alien", "disarmed"], [], []],
                     reserves=[[{"card": "retiring-in-two-days-cop"}, {"card": "swamp-kappa"},
                                {"card": "tengu-warlord"}], [], []])
    play(state, "recruit kind-alien")
    assert kind(state) == "reserve-limit" and state.current_player() == 0
    uids = [i["uid"] for i in state.reserves[0]]
    assert legal(state) == [f"destroy {u}" for u in uids]  # any Hero of the player's choice
    play(state, f"destroy {uids[1]}")
    assert [i["card"] for i in state.reserves[0]] == ["retiring-in-two-days-cop", "tengu-warlord", "kind-alien"]
    assert state.discards["character"] == ["swamp-kappa"]
    assert kind(state) == "action" and state.actions_left == 1


@pytest.mark.rule("crisis-tokyo 4.3.8", "crisis-tokyo C8")
def test_a_hero_destroyed_at_the_reserve_limit_loses_its_gifts():
    state = position(3, hands=[["kind-alien"], [], []],
                     reserves=[[{"card": "retiring-in-two-days-cop", "gifts": [["sniper-rifle", "a"]]},
                                {"card": "swamp-kappa"}, {"card": "tengu-warlord"}], [], []])
    play(state, "recruit kind-alien")
    play(state, f"destroy {state.reserves[0][0]['uid']}")
    assert state.discards == {"character": ["retiring-in-two-days-cop"], "event": ["sniper-rifle"], "district": []}


@pytest.mark.rule("crisis-tokyo 8.4")
def test_nothing_else_happens_before_the_reserve_limit_is_met():
    state = position(3, hands=[["kind-alien"], [], []], actions_left=2,
                     reserves=[[{"card": "retiring-in-two-days-cop"}, {"card": "swamp-kappa"},
                                {"card": "tengu-warlord"}], [], []])
    play(state, "recruit kind-alien")
    with pytest.raises(IllegalActionError):
        play(state, "draw character")
    assert len(state.reserves[0]) == 4
