"""Mechagodzilla's eight Evolutions (data/godzilla_evolutions.toml): each effect, its limits,
and that its play decision opens only for its holder while it can matter."""

import pytest

from gz_helpers import card, energy, finish, hearts, kind, play, pos

MG = {"evolutions": True, "monsters": "mechagodzilla,godzilla,mothra,rodan"}


def mg(monsters, **kw):
    kw.setdefault("options", MG)
    return pos(monsters, **kw)


# ----- Self-Repair Protocol --------------------------------------------------------------------
@card("self-repair")
def test_self_repair_two_hearts_and_one_energy():
    s = mg([{"evolutions": ["self-repair"], "hearts": 5}], step="turn-start")
    assert kind(s) == "evolution" and s.node[1] == 0 and s.legal_texts() == ["evolve self-repair", "pass"]
    play(s, "evolve self-repair")
    assert hearts(s)[0] == 7 and energy(s)[0] == 1 and s.evo_used[0] == ["self-repair"]
    assert any(e.rule == "kot-godzilla card:self-repair Self-Repair Protocol" for e in s.log)


@card("self-repair")
def test_self_repair_never_above_the_maximum_hearts():
    s = mg([{"evolutions": ["self-repair"], "hearts": 9}], step="turn-start")
    play(s, "evolve self-repair")
    assert hearts(s)[0] == 10 and energy(s)[0] == 1


# ----- Finger Missiles ---------------------------------------------------------------------------
@card("finger-missiles")
def test_finger_missiles_pay_one_to_three_energy_one_smack_each():
    s = mg([{"evolutions": ["finger-missiles"], "energy": 5}, {"location": "city"}], step="after-rolls",
           dice="c 1 2 3 h e")
    assert kind(s) == "evolution" and s.node[3]["window"] == "after-roll"
    play(s, "evolve finger-missiles")
    assert kind(s) == "card" and s.node[1] == 0 and s.node[3]["name"] == "pick-number"
    assert s.legal_texts() == ["pay 1", "pay 2", "pay 3"]
    play(s, "pay 3")
    assert "Mechagodzilla pays 3 Energy (2) to add 3 Smacks to its Roll." in [e.text for e in s.log]
    assert s.smash_total(s.monsters[0]) == 4
    finish(s, order=("smash", "energy", "numbers", "hearts"))
    assert hearts(s)[1] == 6 and energy(s)[0] == 2 + 1 + 1  # 1 Energy die, and 1 Energy for not buying


@card("finger-missiles")
@pytest.mark.rule("kot-godzilla G51")
def test_finger_missiles_no_more_than_the_energy_held_and_smacks_without_smack_results():
    s = mg([{"evolutions": ["finger-missiles"], "energy": 2}, {"location": "city"}], step="after-rolls",
           dice="1 2 3 h h 1")
    play(s, "evolve finger-missiles")
    assert s.legal_texts() == ["pay 1", "pay 2"]
    play(s, "pay 1")
    finish(s)
    assert hearts(s)[1] == 9 and energy(s)[0] == 1 + 1
    assert s.active == 1 and s.smash_total(s.monsters[1]) == 0  # the Smack was for that turn only


@card("finger-missiles")
@pytest.mark.rule("kot-godzilla G51")
def test_finger_missiles_not_offered_without_energy_or_without_a_monster_in_reach():
    s = mg([{"evolutions": ["finger-missiles"], "energy": 0}, {"location": "city"}], step="after-rolls",
           dice="c 1 2 3 h e")
    assert kind(s) != "evolution" and s.evo_hand[0] == ["finger-missiles"]
    s = mg([{"evolutions": ["finger-missiles"], "energy": 3}], step="after-rolls", dice="c 1 2 3 h e")
    assert kind(s) != "evolution" and s.evo_hand[0] == ["finger-missiles"]  # Tokyo is empty


# ----- Hexagonal Barrier ----------------------------------------------------------------------------
@card("hexagonal-barrier")
@pytest.mark.rule("kot-godzilla G9")
@pytest.mark.rule("kot-godzilla 7.4.4")
def test_hexagonal_barrier_three_hearts_fewer():
    s = mg([{"location": "city", "evolutions": ["hexagonal-barrier"]}, {}], active=1, step="resolve",
           dice="c c c c c 1")
    assert kind(s) == "evolution" and s.node[1] == 0 and s.node[3]["window"] == "before-damage"
    assert s.node[3]["ctx"]["packet"]["amount"] == 5
    play(s, "evolve hexagonal-barrier")
    assert hearts(s)[:2] == [8, 10] and kind(s) == "yield" and s.evo_used[0] == ["hexagonal-barrier"]
    s = mg([{"location": "city", "evolutions": ["hexagonal-barrier"]}, {}], active=1, step="resolve",
           dice="c c c 1 1 2")
    play(s, "evolve hexagonal-barrier")
    assert hearts(s)[:2] == [10, 10] and kind(s) == "die" and s.active == 2  # no loss: no flee question
    assert s.monsters[0].location != 0 and s.evo_used[0] == ["hexagonal-barrier"]


@card("hexagonal-barrier")
def test_hexagonal_barrier_only_for_the_holder_losing_hearts():
    s = mg([{"evolutions": ["hexagonal-barrier"]}, {"location": "city"}], step="resolve", dice="c c 1 2 3 3")
    finish(s)
    assert hearts(s)[1] == 8 and s.evo_hand[0] == ["hexagonal-barrier"]


# ----- Power Recharge -----------------------------------------------------------------------------
@card("power-recharge")
@pytest.mark.rule("kot-godzilla 7.2.6", "kot-godzilla 7.4.7")
def test_power_recharge_three_energy_at_the_end_of_any_turn():
    s = mg([{"evolutions": ["power-recharge"], "energy": 1}], active=2, step="end")
    assert kind(s) == "evolution" and s.node[1] == 0 and s.node[3]["window"] == "end-of-turn"
    play(s, "evolve power-recharge")
    assert energy(s)[0] == 4 and s.active == 3


# ----- Arsenal Reload ----------------------------------------------------------------------------------
@card("arsenal-reload")
@pytest.mark.rule("kot-godzilla G4")
def test_arsenal_reload_three_dice_tokens_from_the_supply_of_12():
    s = mg([{"evolutions": ["arsenal-reload"], "energy": 2}], step="buy")
    play(s, "evolve arsenal-reload")
    assert s.tokens[0] == 3 and s.supply["dice"] == 9
    s = mg([{"evolutions": ["arsenal-reload"], "energy": 2}, {"dice_tokens": 11}], step="buy")
    play(s, "evolve arsenal-reload")
    assert s.tokens[:2] == [1, 11] and s.supply["dice"] == 0


@card("arsenal-reload")
def test_arsenal_reload_not_offered_when_the_supply_is_empty():
    s = mg([{"evolutions": ["arsenal-reload"], "energy": 2}, {"dice_tokens": 12}], step="buy")
    assert kind(s) == "buy" and s.legal_texts() == ["sweep", "end"]


# ----- Targeting System -----------------------------------------------------------------------------------
@card("targeting-system")
@pytest.mark.rule("kot-godzilla G50")
def test_targeting_system_first_works_at_the_next_turn_start():
    s = mg([{"evolutions": ["targeting-system"]}], step="turn-start")
    assert kind(s) == "evolution" and s.node[3]["window"] == "turn-start"
    play(s, "evolve targeting-system")
    # this turn's turn_start effects are over: no token yet, so no token question
    assert s.tokens[0] == 0 and s.evo_play[0] == ["targeting-system"] and kind(s) == "die"
    s = mg([{"evolutions_in_play": ["targeting-system"]}], step="turn-start")
    assert s.tokens[0] == 1 and s.supply["dice"] == 11
    assert kind(s) == "dice-tokens" and s.legal_texts() == ["black 0", "black 1"]  # it may be spent at once
    play(s, "black 1")
    assert len(s.dice) == 7 and s.tokens[0] == 0


@card("targeting-system")
def test_targeting_system_each_turn_only_below_two_tokens():
    s = mg([{"evolutions_in_play": ["targeting-system"], "dice_tokens": 1}], step="turn-start")
    assert s.tokens[0] == 2 and kind(s) == "dice-tokens"
    s = mg([{"evolutions_in_play": ["targeting-system"], "dice_tokens": 2}], step="turn-start")
    assert s.tokens[0] == 2
    s = mg([{"evolutions_in_play": ["targeting-system"]}, {"dice_tokens": 12}], step="turn-start")
    assert s.tokens[0] == 0 and kind(s) == "die"  # the supply is empty
    s = mg([{"evolutions_in_play": ["targeting-system"]}], active=1, step="turn-start")
    assert s.tokens[0] == 0  # not on another monster's turn
    s = mg([{"evolutions_in_play": ["targeting-system"], "location": "city"}], step="turn-start")
    assert s.tokens[0] == 0 and s.supply["dice"] == 12  # not in Tokyo


# ----- Space Titanium Armour -------------------------------------------------------------------------------
@card("titanium-armour")
def test_titanium_armour_this_loss_included_when_played_now():
    s = mg([{"location": "city", "evolutions": ["titanium-armour"]}, {}], active=1, step="resolve",
           dice="c c c 1 2 2")
    assert kind(s) == "evolution" and s.node[3]["window"] == "before-damage"
    play(s, "evolve titanium-armour")
    assert hearts(s)[0] == 8 and s.evo_play[0] == ["titanium-armour"]


@card("titanium-armour")
def test_titanium_armour_only_losses_of_three_or_more():
    for dice, left in (("c c c c 1 2", 7), ("c c c 1 2 2", 8), ("c c 1 2 2 3", 8), ("c 1 2 2 3 3", 9)):
        s = mg([{"location": "city", "evolutions_in_play": ["titanium-armour"]}, {}], active=1, step="resolve",
               dice=dice)
        finish(s)
        assert hearts(s)[0] == left, dice


# ----- Energy Converter ------------------------------------------------------------------------------------
@card("energy-converter")
@pytest.mark.rule("kot-godzilla G50")
def test_energy_converter_one_energy_at_the_end_of_each_own_turn():
    s = mg([{"evolutions": ["energy-converter"]}], step="end")
    assert kind(s) == "evolution" and s.node[3]["window"] == "end-of-turn"
    play(s, "evolve energy-converter")
    assert energy(s)[0] == 0 and s.evo_play[0] == ["energy-converter"]  # from its next turn on
    s = mg([{"evolutions_in_play": ["energy-converter"]}], step="end")
    assert energy(s)[0] == 1 and s.active == 1
    s = mg([{"evolutions_in_play": ["energy-converter"]}], active=1, step="end")
    assert energy(s)[0] == 0


@card("energy-converter")
def test_energy_converter_played_on_another_turn_waits_for_its_own():
    s = mg([{"evolutions": ["energy-converter"]}], active=3, step="end")
    play(s, "evolve energy-converter")
    assert energy(s)[0] == 0 and s.active == 0
