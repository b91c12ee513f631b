"""Every District of Crisis: Tokyo: its resistance and its special rule.

Every case is generated from the card data and checks the District's own numbers: it
is levelled by exactly its resistance of a power (white: of any power) and not by one
sphere less, never by a power it has no value for, and its special keys (min_threats,
reward, defender_bonus, no_superiority, defender_reward) change exactly what they say.
Test ids are ``<district id>`` or ``<district id>:<power>``.
"""

from __future__ import annotations

import pytest

from card_helpers import (CHARACTERS, DISTRICTS, POWERS, card_mark, conflict, draws, game, kind, legal, play, position,
                          superior, threat_total, threats_totalling)
from tokyo.games.crisis.position import build_position

# Threats whose passive "reward" would change the leveller's draws.
REWARD_THREATS = [c for c, v in CHARACTERS.items() if "reward" in v["threat"].get("passive", {})]


def resistance(did: str) -> dict[str, int]:
    d = DISTRICTS[did]
    if "white" in d:
        return {p: d["white"] for p in POWERS}
    return dict(d["resistance"])


def special(did: str) -> dict:
    return DISTRICTS[did].get("special", {})


def need(did: str) -> int:
    return special(did).get("min_threats", 1)


RESIST_CASES = [pytest.param(did, p, v, id=f"{did}:{p}", marks=card_mark(did))
                for did in DISTRICTS for p, v in resistance(did).items()]
MISSING_CASES = [pytest.param(did, p, id=f"{did}:{p}", marks=card_mark(did)) for did in DISTRICTS for p in POWERS
                 if p not in resistance(did)]
ALL = [pytest.param(did, id=did, marks=card_mark(did)) for did in DISTRICTS]


def undefended_attack(did: str, threats, power: str):
    state = conflict(threats, district=did, att_power=power, defender=None)
    assert kind(state) == "manoeuvre" and state.node[1] == 0
    return state


# ----- resistance ------------------------------------------------------------------------
@pytest.mark.parametrize("did, power, value", RESIST_CASES)
def test_district_levelled_by_exactly_its_resistance(did, power, value):
    threats = threats_totalling(power, value, size=need(did), exclude=REWARD_THREATS)
    state = undefended_attack(did, threats, power)
    assert state.side_total("att", power) == value
    play(state, "pass")
    assert state.districts[0] == [did]
    assert did not in state.tokyo


@pytest.mark.parametrize("did, power, value", RESIST_CASES)
def test_district_not_levelled_one_sphere_short(did, power, value):
    threats = threats_totalling(power, value - 1, size=need(did), exclude=REWARD_THREATS)
    state = undefended_attack(did, threats, power)
    assert state.side_total("att", power) == value - 1
    play(state, "pass")
    assert state.districts[0] == []
    assert state.tokyo[0] == did
    assert state.conflict is None


@pytest.mark.parametrize("did, power", MISSING_CASES)
def test_district_cannot_be_levelled_by_a_power_it_has_no_value_for(did, power):
    # the strongest pair of Threats in that power, at least as strong as every value printed
    top = max(range(0, 20), key=lambda v: v if threats_totalling(power, v, size=2, exclude=REWARD_THREATS) else -1)
    threats = threats_totalling(power, top, size=2, exclude=REWARD_THREATS)
    assert top >= max(resistance(did).values())
    state = undefended_attack(did, threats, power)
    assert state.side_total("att", power) == top
    play(state, "pass")
    assert state.districts[0] == []
    assert state.tokyo[0] == did


def test_white_districts_are_exactly_the_five_printed_white():
    white = {d: v["white"] for d, v in DISTRICTS.items() if "white" in v}
    assert white == {"shinjuku": 7, "shibuya": 6, "odaiba": 5, "marunouchi": 6, "shimokitazawa": 4}
    assert all("resistance" not in DISTRICTS[d] for d in white)


# ----- special: min_threats ----------------------------------------------------------------
def _first_threats(did: str) -> list[str]:
    return ["master-of-the-eagles-claw", "cyborg-sumo-champion"][:need(did)]


@pytest.mark.parametrize("did", ALL)
def test_district_min_threats_to_attack(did):
    one = position(district=did, hands=[["master-of-the-eagles-claw"], []])
    assert (f"attack {did}" in legal(one)) == (need(did) == 1)
    two = position(district=did, hands=[["master-of-the-eagles-claw", "cyborg-sumo-champion"], []])
    play(two, f"attack {did}", "send master-of-the-eagles-claw")
    expected = ["send cyborg-sumo-champion"] + (["done"] if need(did) == 1 else [])
    assert legal(two) == expected


@pytest.mark.rule("crisis-tokyo card:kabukicho")
def test_kabukicho_attack_sends_both_threats_and_fights_with_both():
    state = conflict(["master-of-the-eagles-claw", "cyborg-sumo-champion"], district="kabukicho",
                     att_power="martial", defender=None)
    assert [i["card"] for i in state.conflict["att"]] == ["master-of-the-eagles-claw", "cyborg-sumo-champion"]
    assert state.side_total("att", "martial") == 5 + 4
    play(state, "pass")
    assert state.districts[0] == ["kabukicho"]


# ----- special: reward ----------------------------------------------------------------------
@pytest.mark.parametrize("did", ALL)
def test_district_level_reward_draws(did):
    power, value = next(iter(resistance(did).items()))
    threats = threats_totalling(power, value, size=need(did), exclude=REWARD_THREATS)
    state = undefended_attack(did, threats, power)
    hand = len(state.hands[0])
    play(state, "pass")
    assert state.districts[0] == [did]
    got = draws(state, 0)
    assert len(got) == special(did).get("reward", 1)
    assert len(state.hands[0]) == hand + special(did).get("reward", 1)
    assert kind(state) == "district"      # then Tokyo is refilled at the same place
    assert state.node[3]["slot"] == 0


# ----- special: defender_bonus and no_superiority ---------------------------------------------
@pytest.mark.parametrize("did", ALL)
def test_district_defender_bonus(did):
    # same power on both sides: no Superiority either way
    threats = _first_threats(did)
    state = conflict(threats, ["retiring-in-two-days-cop"], att_power="fire", def_power="fire", district=did)
    att = threat_total(threats, "fire")
    assert state.combat_totals() == (att, 2 + special(did).get("defender_bonus", 0))


@pytest.mark.parametrize("did", ALL)
def test_district_superiority_or_not(did):
    # Martial arts (attack) is superior to Technological weapons (defence)
    assert superior("martial", "tech")
    threats = _first_threats(did)
    state = conflict(threats, ["giant-mutant-salaryman"], att_power="martial",
                     def_power="tech", district=did)
    att = threat_total(threats, "martial")
    bonus = 0 if special(did).get("no_superiority") else 2
    assert state.combat_totals() == (att + bonus, 3 + special(did).get("defender_bonus", 0))


@pytest.mark.rule("crisis-tokyo card:ryogoku")
def test_ryogoku_no_superiority_even_with_a_plot_raising_it():
    state = conflict(["master-of-the-eagles-claw"], ["giant-mutant-salaryman"], att_power="martial",
                     def_power="tech", district="ryogoku", plot=["training-montage", "b"])
    assert state.combat_totals() == (5, 3)


# ----- special: defender_reward -----------------------------------------------------------------
@pytest.mark.parametrize("did", ALL)
def test_district_defender_reward(did):
    # Threats with no Technological weapons sphere attack with it: 0, the defence wins
    threats = ["swamp-kappa", "tengu-warlord"][:need(did)]
    assert threat_total(threats, "tech") == 0
    state = conflict(threats, ["retiring-in-two-days-cop"], att_power="tech", def_power="fire", district=did)
    play(state, "pass", "pass")
    got = draws(state, 1)
    assert len(got) == len(threats) + special(did).get("defender_reward", 0)
    assert state.districts == [[], []]
    assert [i["card"] for i in state.reserves[1]] == ["retiring-in-two-days-cop"]


# ----- the special keys, one by one -----------------------------------------------------------
def test_district_special_keys_are_the_format_vocabulary():
    allowed = {"min_threats", "reward", "defender_bonus", "no_superiority", "defender_reward"}
    used = {k for d in DISTRICTS.values() for k in d.get("special", {})}
    assert used == allowed
    assert {d for d, v in DISTRICTS.items() if v.get("special")} == {
        "akihabara", "ginza", "asakusa", "ryogoku", "kabukicho", "ichigaya", "shinjuku", "shibuya", "marunouchi"}


@pytest.mark.rule("crisis-tokyo card:akihabara")
def test_akihabara_reward_two_cards_with_a_reward_threat_three():
    # Giant Mutant Salaryman (monster 4, reward 1) + 2 monster from an Occurrence levels
    # Akihabara (monster 6, reward 2)
    state = conflict(["giant-mutant-salaryman"], district="akihabara", att_power="monster", defender=None,
                     att_hand=["sudden-radioactive-mutation"])
    play(state, "play sudden-radioactive-mutation a", f"target {state.conflict['att'][0]['uid']}")
    assert state.side_total("att", "monster") == 4 + 2
    assert state.districts[0] == ["akihabara"]
    assert len(draws(state, 0)) == 2 + 1


@pytest.mark.rule("crisis-tokyo card:asakusa")
def test_asakusa_defender_bonus_breaks_a_tie():
    # Firepower on both sides (no Superiority): the Cop's 2 + 1 for Asakusa
    state = conflict(["tengu-warlord"], ["retiring-in-two-days-cop"], att_power="fire", def_power="fire",
                     district="asakusa")
    assert state.combat_totals() == (0, 3)
    state = conflict(["drunken-yakuza-karaoke-squad"], ["retiring-in-two-days-cop"], att_power="fire",
                     def_power="fire", district="asakusa")
    assert state.combat_totals() == (3, 3)
    play(state, "pass", "pass")
    assert "Tie: both sides are destroyed." in [e.text for e in state.log]
    assert state.reserves[1] == []


@pytest.mark.rule("crisis-tokyo card:shinjuku")
def test_shinjuku_white_seven_with_two_threats_any_power():
    state = conflict(["mystery-solving-schoolgirl", "killer-virtual-pet-swarm"],
                     district="shinjuku", att_power="fire", defender=None)
    # 3 wildcard + 2 wildcard + 1 (Swarm: per other Threat) = 6 < 7
    assert state.side_total("att", "fire") == 6
    play(state, "pass")
    assert state.districts[0] == []


def test_brute_force_option_levels_a_missing_power_with_eight():
    threats = threats_totalling("fire", 8, size=2, exclude=REWARD_THREATS)
    state = conflict(list(threats), district="harajuku", att_power="fire", defender=None,
                     options={"brute_force": True})
    play(state, "pass")
    assert state.districts[0] == ["harajuku"]


def test_game_has_24_districts_in_the_deck():
    g = game()
    assert len(g.cards["district"]) == 24
    state = build_position(g, tokyo=["harajuku"])
    assert sum(state.decks["district"].values()) == 23
