"""Rulebook: Final Notes (The Text of the Cards, Negative Values, Heroic Threats) and the
Three Jade Rules (the card's text wins over the rule)."""

import pytest

from crisis_helpers import attack, defend, inst, kind, legal, play, position, texts, uid

COP = "retiring-in-two-days-cop"          # Hero: 2 fire
SOLDIER = "soldier-from-the-future"       # Hero: 1 fire, 1 tech


# ----- Negative Values ---------------------------------------------------------------------------
@pytest.mark.rule("crisis-tokyo 18.2.1", "crisis-tokyo 4.3.9", "crisis-tokyo C21")
def test_spheres_reduced_below_zero_count_as_zero():
    # Ammunition Shortage: -2 fire on the Soldier (1 fire): it has 0, and the side keeps the Cop's 2
    state = position(2, hands=[["master-of-the-eagles-claw", "ammunition-shortage"], []],
                     reserves=[[], [{"card": COP}, {"card": SOLDIER}]])
    attack(state, "harajuku", ["master-of-the-eagles-claw"], "martial")
    defend(state, 1, [COP, SOLDIER], "fire")
    assert state.side_total("def", "fire") == 3
    play(state, "pass", "play ammunition-shortage a", f"target {uid(state, SOLDIER)}")
    soldier = inst(state, SOLDIER)
    assert soldier["mods"] == {"fire": -1}  # reduced to zero, the excess is lost (ruling C21)
    assert state.spheres(soldier, "fire") == 0 and state.spheres(soldier, "tech") == 1
    assert state.side_total("def", "fire") == 2  # not 1
    assert state.combat_totals() == (5, 4)


@pytest.mark.rule("crisis-tokyo 18.2.1")
def test_a_reserve_hero_at_zero_spheres_shows_zero_not_negative():
    state = position(2, reserves=[[{"card": "kind-alien", "mods": {"tech": -3, "mystic": -1}}], []])
    alien = state.reserves[0][0]
    assert [state.spheres(alien, p) for p in ("tech", "mystic")] == [0, 0] and state.total_spheres(alien) == 0
    assert state.observation(1)["reserves"][0][0]["spheres"] == {}


# ----- Heroic Threats ---------------------------------------------------------------------------
@pytest.mark.rule("crisis-tokyo 18.4.1", "crisis-tokyo 13.4.2", "crisis-tokyo C14", "crisis-tokyo C19")
def test_a_threat_passing_to_a_reserve_is_destroyed():
    # the defender's Dimensional Portal brings a Threat half onto its side; when the defence
    # wins, the defending side returns to the Reserve and the Threat is destroyed at once
    state = position(2, hands=[["tengu-warlord"], ["dimensional-portal"]], reserves=[[], [{"card": COP}]])
    attack(state, "harajuku", ["tengu-warlord"], "martial")
    defend(state, 1, [COP], "fire")
    play(state, "play dimensional-portal a", "reveal mariachi-zombie", "half threat")
    zombie = inst(state, "mariachi-zombie")
    assert zombie["half"] == "threat" and zombie in state.conflict["def"]
    assert state.combat_totals() == (2, 6)  # the Zombie's 2 fire count for the defence
    play(state, "pass", "pass")
    assert [i["card"] for i in state.reserves[1]] == [COP]
    assert "Mariachi Zombie of the Eternal Fiesta is a Threat and is destroyed on entering a Reserve." in texts(state)
    assert state.discards["character"] == ["mariachi-zombie", "tengu-warlord"]


# ----- The Text of the Cards / Jade rule III ---------------------------------------------------------
@pytest.mark.rule("crisis-tokyo 18.1.1", "crisis-tokyo 18.6.3", "crisis-tokyo card:overtime-shift:b")
def test_card_beats_rule_attack_for_one_action():
    # Just Skip to the Fight Scene (overtime-shift b): attacking costs 1 action
    state = position(2, hands=[["master-of-the-eagles-claw", "disarmed"], []], plot=["overtime-shift", "b"],
                     actions_left=2)
    play(state, "draw event", "draw sumo-slap")
    assert state.actions_left == 1 and "attack harajuku" in legal(state)
    play(state, "attack harajuku", "send master-of-the-eagles-claw", "power martial")
    assert state.actions_left == 0


@pytest.mark.rule("crisis-tokyo 18.1.1", "crisis-tokyo 18.6.3", "crisis-tokyo card:studio-fire-drill:b")
def test_card_beats_rule_hand_limit():
    # Budget Cuts at the Studio (studio-fire-drill b): hand limit 5
    hand = ["disarmed", "sumo-slap", "kind-alien", "swamp-kappa", "grave-robbing"]
    state = position(2, hands=[hand, []], plot=["studio-fire-drill", "b"])
    assert state.hand_limit() == 5
    play(state, "draw event", "draw emergency-exorcism")
    assert kind(state) == "discard" and state.current_player() == 0


@pytest.mark.rule("crisis-tokyo 18.1.1", "crisis-tokyo 18.6.3", "crisis-tokyo card:stunt-double:b")
def test_card_beats_rule_reserve_limit():
    # Ensemble Cast (stunt-double b): four Heroes in a Reserve
    state = position(2, hands=[["kind-alien"], []], plot=["stunt-double", "b"],
                     reserves=[[{"card": COP}, {"card": SOLDIER}, {"card": "swamp-kappa"}], []])
    play(state, "recruit kind-alien")
    assert len(state.reserves[0]) == 4 and kind(state) == "action"


@pytest.mark.rule("crisis-tokyo 18.1.1", "crisis-tokyo 18.6.3", "crisis-tokyo 4.3.3",
                   "crisis-tokyo card:training-montage:b")
def test_card_beats_rule_superiority_bonus():
    # Kung-Fu Theatre Rules (training-montage b): Superiority adds 3
    state = position(2, hands=[["master-of-the-eagles-claw"], []], plot=["training-montage", "b"],
                     reserves=[[], [{"card": COP}]])
    attack(state, "harajuku", ["master-of-the-eagles-claw"], "martial")
    defend(state, 1, [COP], "fire")
    assert state.combat_totals() == (5, 5)
