"""Rulebook: Power Spheres, Other Spheres (grey, wildcard, white) and The Dragon."""

import itertools

import pytest

from crisis_helpers import POWERS, attack, defend, inst, kind, legal, play, position, seek

SPHERES = ("martial", "tech", "monster", "fire", "mystic")


def spheres(state, i):
    return [state.spheres(i, p) for p in SPHERES]


@pytest.mark.rule("crisis-tokyo 4.2.2")
def test_a_character_has_spheres_of_each_power_printed():
    state = position(3, reserves=[[{"card": "soldier-from-the-future"}, {"card": "mariachi-zombie"}], [], []])
    assert spheres(state, inst(state, "soldier-from-the-future")) == [0, 1, 0, 1, 0]
    assert spheres(state, inst(state, "mariachi-zombie")) == [0, 0, 0, 1, 2]  # Exorcist Padre
    assert state.total_spheres(inst(state, "mariachi-zombie")) == 3


@pytest.mark.rule("crisis-tokyo 12.0.2", "crisis-tokyo 13.7.1")
def test_the_combat_counts_only_the_declared_power():
    # Soldier from the Future (fire 1, tech 1) defends with tech: its fire sphere is not counted
    state = position(2, hands=[["colonel-bazookas-mercenaries"], []],
                     reserves=[[], [{"card": "soldier-from-the-future"}, {"card": "retiring-in-two-days-cop"}]])
    attack(state, "roppongi", ["colonel-bazookas-mercenaries"], "fire")
    defend(state, 1, ["soldier-from-the-future", "retiring-in-two-days-cop"], "tech")
    # attacker: 5 fire; defender: 1 tech (the Cop's 2 fire do not count); tech beats fire: +2
    assert state.combat_totals() == (5, 3)


@pytest.mark.rule("crisis-tokyo 12.1.1", "crisis-tokyo C7")
def test_grey_sphere_is_zero_of_every_power():
    # Nosy TV Reporter has the grey sphere
    state = position(3, reserves=[[{"card": "killer-virtual-pet-swarm"}], [], []])
    reporter = inst(state, "killer-virtual-pet-swarm")
    assert state.card_half(reporter)["spheres"] == {}
    assert spheres(state, reporter) == [0, 0, 0, 0, 0] and state.total_spheres(reporter) == 0


@pytest.mark.rule("crisis-tokyo 12.1.2", "crisis-tokyo 13.7.4")
def test_a_character_reduced_to_zero_has_the_grey_sphere():
    # the Kind Alien (tech 1, mystic 1) loses 2 mystic (Disarmed!) then 1 tech (Recoil Shot)
    state = position(2, hands=[["soul-brother-funky-fist", "disarmed", "recoil-shot"], []],
                     reserves=[[], [{"card": "kind-alien"}]])
    attack(state, "harajuku", ["soul-brother-funky-fist"], "martial")
    defend(state, 1, ["kind-alien"], "mystic")
    alien = inst(state, "kind-alien")
    assert state.combat_totals() == (4, 3)  # mystic beats martial: 1 + 2
    play(state, "pass", "play disarmed a", f"target {alien['uid']}", "power mystic")
    assert spheres(state, alien) == [0, 1, 0, 0, 0]
    play(state, "play recoil-shot a", f"target {alien['uid']}", "power tech", "draw event", "draw sumo-slap")
    assert spheres(state, alien) == [0, 0, 0, 0, 0] and state.total_spheres(alien) == 0
    assert state.combat_totals() == (4, 0)  # a side at zero gets no Superiority bonus


@pytest.mark.rule("crisis-tokyo 12.1.3", "crisis-tokyo C7")
def test_wildcard_spheres_take_the_power_chosen_when_the_card_enters_play():
    # Phantom Thief of a Thousand Faces: 3 wildcard spheres, sent as a Threat
    state = position(2, hands=[["mystery-solving-schoolgirl"], []])
    play(state, "attack harajuku", "send mystery-solving-schoolgirl")
    assert kind(state) == "wild" and state.current_player() == 0
    assert legal(state) == [f"power {p}" for p in POWERS]
    play(state, "power tech")
    thief = inst(state, "mystery-solving-schoolgirl")
    assert thief["wild"] == "tech" and spheres(state, thief) == [0, 3, 0, 0, 0]
    assert kind(state) == "attack-power"  # the attack power is declared separately
    play(state, "power martial")
    assert state.side_total("att", "martial") == 0 and state.side_total("att", "tech") == 3


@pytest.mark.rule("crisis-tokyo 12.1.4")
def test_wildcard_spheres_keep_their_power_while_in_play():
    state = position(3, reserves=[[{"card": "the-evil-twin", "wild": "fire"}], [], []])
    twin = inst(state, "the-evil-twin")
    assert spheres(state, twin) == [0, 0, 0, 2, 0]
    play(state, "end", "end", "end")
    assert spheres(state, twin) == [0, 0, 0, 2, 0]


@pytest.mark.rule("crisis-tokyo 12.1.5")
def test_white_spheres_resist_every_power():
    # Odaiba: 5 white spheres; Master of the Eagle's Claw: 5 martial
    for power, levelled in (("martial", True), ("fire", False)):
        state = position(2, hands=[["master-of-the-eagles-claw"], []])
        attack(state, "odaiba", ["master-of-the-eagles-claw"], power)
        seek(state, None)
        play(state, "pass")
        assert (state.districts[0] == ["odaiba"]) is levelled


@pytest.mark.rule("crisis-tokyo 12.1.5")
def test_white_spheres_with_any_power():
    # Shimokitazawa: 4 white; the Chrome Exterminator has 5 tech
    state = position(2, hands=[["soldier-from-the-future"], []], tokyo=["shimokitazawa"])
    attack(state, "shimokitazawa", ["soldier-from-the-future"], "tech")
    seek(state, None)
    play(state, "pass")
    assert state.districts[0] == ["shimokitazawa"]


DRAGON_A = {("martial", "tech"), ("martial", "monster"), ("tech", "monster"), ("tech", "fire"),
            ("monster", "fire"), ("monster", "mystic"), ("fire", "mystic"), ("fire", "martial"),
            ("mystic", "martial"), ("mystic", "tech")}


@pytest.mark.rule("crisis-tokyo 12.2.1", "crisis-tokyo C1")
def test_the_dragon_each_power_superior_to_the_next_two():
    state = position(2)
    assert {(a, b) for a, b in itertools.product(POWERS, POWERS) if state.superior(a, b)} == DRAGON_A


@pytest.mark.rule("crisis-tokyo 12.2.2", "crisis-tokyo 12.2.3", "crisis-tokyo 12.2.4")
def test_the_dragon_rulebook_examples():
    state = position(2)
    assert state.superior("martial", "tech") and state.superior("martial", "monster")
    assert state.superior("fire", "mystic") and state.superior("fire", "martial")
    assert not state.superior("tech", "martial") and not state.superior("martial", "fire")
    assert not state.superior("fire", "fire")


@pytest.mark.rule("crisis-tokyo 12.2.4", "crisis-tokyo 13.7.2", "crisis-tokyo 13.7.4")
@pytest.mark.parametrize("att_power,def_power,totals", [
    ("martial", "tech", (7, 1)),      # martial beats tech: attacker +2
    ("martial", "fire", (5, 5)),      # fire beats martial: defender 1 + 2 + 2
    ("monster", "monster", (0, 0)),   # the same power: no Superiority
    ("martial", "mystic", (5, 0)),    # mystic beats martial, but a side at 0 has no bonus
    ("tech", "monster", (0, 0)),      # tech beats monster, but the attack has no tech
    ("mystic", "tech", (0, 1)),       # mystic beats tech: no bonus at 0
])
def test_superiority_adds_two_spheres(att_power, def_power, totals):
    # Soldier from the Future: tech 1, fire 1 -- and the Cop: fire 2 -- defend
    state = position(2, hands=[["master-of-the-eagles-claw"], []],
                     reserves=[[], [{"card": "soldier-from-the-future"}, {"card": "retiring-in-two-days-cop"}]])
    attack(state, "harajuku", ["master-of-the-eagles-claw"], att_power)
    defend(state, 1, ["soldier-from-the-future", "retiring-in-two-days-cop"], def_power)
    assert state.combat_totals() == totals
