"""Rulebook: Optional Rules (Resources, Collateral Damage, Brute Force), each off by default."""

import pytest

from crisis_helpers import attack, kind, legal, play, position, seek, uid

HORROR = "tentacled-horror-of-tokyo-bay"   # Threat: 7 monster
CHROME = "soldier-from-the-future"          # Threat: Chrome Exterminator from 2099, 5 tech


def _solo(threats, district, power, options, manoeuvre=(), extra=()):
    state = position(2, options=options, hands=[list(threats) + list(extra), []])
    attack(state, district, threats, power)
    seek(state, None)
    if manoeuvre:
        play(state, *manoeuvre(state))
    else:
        play(state, "pass")
    return state


# ----- Resources -------------------------------------------------------------------------------
@pytest.mark.rule("crisis-tokyo 17.1.1")
def test_resources_a_free_draw_at_the_start_of_the_turn():
    state = position(2, options={"resources": True}, actions_left=1)
    play(state, "end")
    assert kind(state) == "resources" and state.current_player() == 1
    assert legal(state) == ["draw character", "draw event", "skip"]
    play(state, "draw event", "draw disarmed")
    assert state.hands[1] == ["disarmed"]
    assert kind(state) == "action" and state.actions_left == 2  # no action spent


@pytest.mark.rule("crisis-tokyo 17.1.2")
def test_resources_may_be_skipped():
    state = position(2, options={"resources": True}, actions_left=1)
    play(state, "end", "skip")
    assert state.hands[1] == [] and kind(state) == "action" and state.actions_left == 2


@pytest.mark.rule("crisis-tokyo 17.0.1")
def test_resources_off_by_default():
    state = position(2, actions_left=1)
    play(state, "end")
    assert kind(state) == "action" and state.active == 1 and state.hands[1] == []


# ----- Collateral Damage ------------------------------------------------------------------------
@pytest.mark.rule("crisis-tokyo 17.2.1", "crisis-tokyo 17.0.1")
@pytest.mark.parametrize("collateral,levelled", [(False, False), (True, True)])
def test_collateral_damage_any_power_against_any_resistance(collateral, levelled):
    # 5 tech attacking Roppongi (monster 5, fire 4) with martial: 5 tech >= its fire value 4
    state = _solo([CHROME], "roppongi", "martial", {"collateral_damage": collateral})
    assert (state.districts[0] == ["roppongi"]) is levelled


@pytest.mark.rule("crisis-tokyo 17.2.2")
def test_collateral_damage_still_needs_a_power_reaching_a_value():
    # Tengu Warlord (3 mystic, 2 martial) against Roppongi (monster 5, fire 4): nothing reaches 4
    state = _solo(["tengu-warlord"], "roppongi", "martial", {"collateral_damage": True})
    assert state.districts[0] == []


@pytest.mark.rule("crisis-tokyo 17.2.1")
@pytest.mark.parametrize("collateral,levelled", [(False, False), (True, True)])
def test_collateral_damage_against_white_spheres(collateral, levelled):
    # Odaiba (5 white) attacked with fire by the Master's 5 martial
    state = _solo(["master-of-the-eagles-claw"], "odaiba", "fire", {"collateral_damage": collateral})
    assert (state.districts[0] == ["odaiba"]) is levelled


# ----- Brute Force -------------------------------------------------------------------------------
def _monkey(state):
    # Trained Attack Monkey (pickpocket-monkey b): a Gift of +1 monster on the Horror
    return ["play pickpocket-monkey b", f"host {uid(state, HORROR)}"]


@pytest.mark.rule("crisis-tokyo 17.3.1", "crisis-tokyo 17.0.1")
@pytest.mark.parametrize("brute,levelled", [(False, False), (True, True)])
def test_brute_force_eight_spheres_level_without_resistance(brute, levelled):
    # Harajuku resists martial 3 and mystic 5 only; the Horror has 7 monster, +1 with the Monkey
    state = _solo([HORROR], "harajuku", "monster", {"brute_force": brute}, manoeuvre=_monkey,
                  extra=["pickpocket-monkey"])
    assert (state.districts[0] == ["harajuku"]) is levelled


@pytest.mark.rule("crisis-tokyo 17.3.1")
def test_brute_force_needs_eight():
    state = _solo([HORROR], "harajuku", "monster", {"brute_force": True})
    assert state.districts[0] == []


@pytest.mark.rule("crisis-tokyo 17.3.1")
def test_brute_force_counts_the_attack_power_only():
    # 8 monster spheres, but the attack is declared with martial (0 spheres): no Brute Force
    state = _solo([HORROR], "harajuku", "martial", {"brute_force": True}, manoeuvre=_monkey,
                  extra=["pickpocket-monkey"])
    assert state.districts[0] == []
