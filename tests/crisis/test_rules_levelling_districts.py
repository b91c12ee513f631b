"""Rulebook: Leveling Districts (spheres of the attack power against the District's
resistance, white resistance, the reward draw, the attacking side destroyed, a new
District revealed in the place of one leaving Tokyo)."""

import pytest

from crisis_helpers import (CHANCE, attack, deck_size, defend, kind, outcomes, play, position, seek, texts, uid)

MASTER = "master-of-the-eagles-claw"   # 5 martial
CEO = "corporate-ninja-ceo"            # Corporate Ninja CEO: 3 martial, 2 tech
TENGU = "tengu-warlord"                # Tengu Warlord: 3 mystic, 2 martial


def _solo(threats, district, power, hands_extra=(), **kw):
    """The attacker (seat 0 of 2) attacks; nobody defends; the attacker passes its manoeuvre."""
    state = position(2, hands=[list(threats) + list(hands_extra), []], **kw)
    attack(state, district, threats, power)
    seek(state, None)
    play(state, "pass")
    return state


@pytest.mark.rule("crisis-tokyo 14.3", "crisis-tokyo 4.1.1")
def test_equal_to_the_resistance_levels():
    state = _solo([CEO], "harajuku", "martial")  # 3 martial against Harajuku's 3
    assert state.districts[0] == ["harajuku"]
    assert "Seat 0 levels Harajuku!" in texts(state)


@pytest.mark.rule("crisis-tokyo 14.4")
def test_below_the_resistance_fails():
    state = _solo([TENGU], "harajuku", "martial")  # 2 martial against 3
    assert state.districts[0] == [] and state.tokyo[0] == "harajuku"
    assert "The attack fails to level Harajuku." in texts(state)


@pytest.mark.rule("crisis-tokyo 14.5")
def test_no_resistance_for_the_power_fails():
    # Roppongi resists monster 5 and fire 4 only: 5 martial cannot level it
    state = _solo([MASTER], "roppongi", "martial")
    assert state.districts[0] == [] and state.tokyo[1] == "roppongi"


@pytest.mark.rule("crisis-tokyo 14.2", "crisis-tokyo 12.0.2")
def test_only_spheres_of_the_attack_power_count():
    # the CEO has 3 martial and 2 tech; attacking Harajuku with tech, its martial does not count
    state = _solo([CEO], "harajuku", "tech")
    assert state.districts[0] == []


@pytest.mark.rule("crisis-tokyo 14.6", "crisis-tokyo 14.7")
def test_a_levelled_district_goes_to_the_attackers_reserve_with_a_reward_draw():
    state = _solo([CEO], "harajuku", "martial")
    assert state.districts[0] == ["harajuku"] and state.tokyo[0] is None
    assert kind(state) == "choose-deck" and state.current_player() == 0
    play(state, "draw character", "draw kind-alien")
    assert state.hands[0] == ["kind-alien"]


@pytest.mark.rule("crisis-tokyo 14.9")
def test_the_attacking_side_is_destroyed_after_levelling():
    state = _solo([CEO, TENGU], "harajuku", "martial")
    play(state, "draw event", "draw disarmed")
    assert sorted(state.discards["character"]) == sorted([CEO, TENGU])
    assert state.conflict is None


@pytest.mark.rule("crisis-tokyo 14.10")
def test_a_new_district_is_revealed_in_the_place_of_the_levelled_one():
    state = _solo([CEO], "harajuku", "martial")
    play(state, "draw event", "draw disarmed")
    assert state.current_player() == CHANCE and state.node[2] == "district" and state.node[3]["slot"] == 0
    outs = outcomes(state)
    assert len(outs) == 19 and "reveal harajuku" not in outs and "reveal akihabara" in outs
    play(state, "reveal shibuya")
    assert state.tokyo == ["shibuya", "roppongi", "ueno", "odaiba", "tsukiji"]
    assert deck_size(state, "district") == 18
    assert state.active == 1  # the attack used both actions


@pytest.mark.rule("crisis-tokyo 14.8", "crisis-tokyo 14.9")
def test_a_failed_attempt_leaves_the_district_and_destroys_the_attackers():
    state = _solo([TENGU], "harajuku", "martial", hands_extra=["disarmed"])
    assert state.tokyo == ["harajuku", "roppongi", "ueno", "odaiba", "tsukiji"]
    assert state.discards["character"] == [TENGU]
    assert state.hands[0] == ["disarmed"]  # no reward
    assert state.active == 1 and deck_size(state, "district") == 19


@pytest.mark.rule("crisis-tokyo 14.1", "crisis-tokyo 13.8.1", "crisis-tokyo 13.8.2")
def test_levelling_after_winning_a_combat():
    state = position(2, hands=[[MASTER], []], reserves=[[], [{"card": "kind-alien"}]])
    attack(state, "harajuku", [MASTER], "martial")
    defend(state, 1, ["kind-alien"], "tech")  # 1 tech against 5 martial (+2)
    play(state, "pass", "pass")
    assert state.districts[0] == ["harajuku"] and state.reserves[1] == []
    assert state.discards["character"] == ["kind-alien"]


@pytest.mark.rule("crisis-tokyo 4.3.9", "crisis-tokyo 13.4.1", "crisis-tokyo card:earth-shaking-kiai:a")
def test_levelling_counts_spheres_added_during_the_conflict():
    # Earth-Shaking Kiai: +2 martial on the Tengu Warlord (2 + 2 >= 3)
    state = position(2, hands=[[TENGU, "earth-shaking-kiai"], []])
    attack(state, "harajuku", [TENGU], "martial")
    seek(state, None)
    play(state, "play earth-shaking-kiai a", f"target {uid(state, TENGU)}")
    assert state.districts[0] == ["harajuku"]


@pytest.mark.rule("crisis-tokyo 14.2", "crisis-tokyo 13.4.1")
def test_two_threats_add_their_spheres():
    # the CEO (2 tech) and Mad Doctor Kurohige (brooding-scientist: 3 tech) add up to 5 tech
    state = _solo([CEO, "brooding-scientist"], "nakano", "tech", tokyo=["nakano"])
    assert state.districts[0] == ["nakano"]  # Nakano resists 4 tech
    state = _solo([CEO, "brooding-scientist"], "ikebukuro", "tech", tokyo=["ikebukuro"])
    assert state.districts[0] == []  # Ikebukuro resists 6 tech


@pytest.mark.rule("crisis-tokyo 4.1.2", "crisis-tokyo card:akihabara")
def test_a_district_reward_of_two_cards():
    # Akihabara: the leveller draws 2 cards; Chrome Exterminator: 5 tech against 4
    state = _solo(["soldier-from-the-future"], "akihabara", "tech", tokyo=["akihabara"])
    assert state.districts[0] == ["akihabara"]
    play(state, "draw event", "draw disarmed")
    assert kind(state) == "choose-deck"
    play(state, "draw event", "draw sumo-slap")
    assert state.hands[0] == ["disarmed", "sumo-slap"] and state.node[2] == "district"
