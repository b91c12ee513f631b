"""The 26 POWER Energy cards of kot-godzilla (godzilla_powers.py, and the Dark effects their data
shares), at least one test each; rulings G20-G22."""

import pytest

from tokyo.games.kingoftokyo.engine import BAY, CITY, OUT
from gz_helpers import card, energy, finish, hearts, kind, locations, play, pos, roll, stars, texts

# a market none of these tests buys from by accident (the cheapest costs 5), no Event
MARKET = ["mutant-growth", "berserk-rage", "landfall"]


def rule(*keys):
    return pytest.mark.rule(*("kot-godzilla " + k for k in keys))


def resolve_all(s, order=("numbers", "hearts", "energy", "smash")):
    """Resolve every category in ``order``; stop at the first other node."""
    while kind(s) == "resolve":
        legal = s.legal_texts()
        s.apply_action(next(f"resolve {c}" for c in order if f"resolve {c}" in legal))
    return s


# =============================== Smack ======================================================
@card("atomic-surge")
def test_atomic_surge_adds_a_smack_only_to_a_roll_with_a_smack():
    s = finish(pos([{"cards": ["atomic-surge"]}, {"location": "city"}], step="resolve", dice="c c 1 2 3 h",
                   market=MARKET))
    assert hearts(s)[1] == 7
    s = finish(pos([{"cards": ["atomic-surge"]}, {"location": "city"}], step="resolve", dice="1 1 2 3 h e",
                   market=MARKET))
    assert hearts(s)[1] == 10


@card("maser-battery")
def test_maser_battery_adds_a_smack_only_outside_tokyo():
    s = finish(pos([{"cards": ["maser-battery"]}, {"location": "city"}], step="resolve", dice="c 1 2 3 h e"))
    assert hearts(s)[1] == 8
    s = finish(pos([{"cards": ["maser-battery"], "location": "city"}, {}, {}], players=3, step="resolve",
                   dice="c 1 2 3 h e"))
    assert hearts(s)[1:] == [9, 9]
    s = finish(pos([{"cards": ["maser-battery"]}, {"location": "city"}], step="resolve", dice="1 1 2 3 h e"))
    assert hearts(s)[1] == 10


@card("heavy-ordnance")
def test_heavy_ordnance_black_smacks_count_double():
    s = pos([{"cards": ["heavy-ordnance"], "dice_tokens": 2}, {"location": "city"}], step="turn-start")
    play(s, "black 2")
    roll(s, "c 1 1 2 2 3 c c")       # the last two dice are the black ones
    assert s.black_faces() == ["c", "c"] and s.brown_faces() == ["c", "1", "1", "2", "2", "3"]
    play(s, "stop")
    finish(s)
    assert hearts(s)[1] == 5          # 1 brown Smack + 2 black Smacks counted twice


@card("heavy-ordnance")
def test_heavy_ordnance_brown_smacks_count_once():
    s = finish(pos([{"cards": ["heavy-ordnance"]}, {"location": "city"}], step="resolve", dice="c c 1 2 h e 1 2",
                   black=2))
    assert hearts(s)[1] == 8          # black dice show 1 and 2: nothing extra
    s = finish(pos([{"cards": ["heavy-ordnance"]}, {"location": "city"}], step="resolve", dice="c c 1 2 3 h"))
    assert hearts(s)[1] == 8          # no black dice


@card("heavy-ordnance")
@rule("G20")
def test_g20_a_reroll_keeps_black_smacks_and_rerolls_black_non_smacks():
    s = pos([{"cards": ["heavy-ordnance"]}, {"location": "city"}], step="roll-decision",
            dice="c 1 2 3 h e c 1", black=2)
    play(s, "reroll c 1")               # the brown Smack and the black 1 are rerolled
    assert s.dice == ["1", "2", "3", "h", "e", None, "c", None]
    roll(s, "2 c")
    assert s.black_faces() == ["c", "c"] and s.brown_faces() == ["1", "2", "3", "h", "e", "2"]
    play(s, "stop")
    finish(s)
    assert hearts(s)[1] == 6          # two black Smacks: 4
    # 'keep' sets aside the named faces: a kept Smack is the black one when a black die shows it
    s = pos([{"cards": ["heavy-ordnance"]}, {"location": "city"}], step="roll-decision",
            dice="c 1 2 3 h e c 1", black=2)
    play(s, "keep c")
    assert s.dice == [None] * 6 + ["c", None]


# =============================== Energy =====================================================
@card("reactor-core")
@rule("G24")
def test_reactor_core_one_energy_per_black_die_whatever_it_shows():
    s = resolve_all(pos([{"cards": ["reactor-core"]}], step="resolve", dice="1 2 3 h c c", black=2))
    assert kind(s) == "buy" and energy(s)[0] == 2     # no Energy result, two black dice
    s = resolve_all(pos([{"cards": ["reactor-core"]}], step="resolve", dice="1 2 e h e c", black=1))
    assert energy(s)[0] == 3                           # 2 Energy results + 1 black die
    s = resolve_all(pos([{"cards": ["reactor-core"]}], step="resolve", dice="1 2 e h e c"))
    assert energy(s)[0] == 2                           # no black dice


@card("high-voltage-feeder")
def test_high_voltage_feeder_one_more_energy_for_a_roll_with_energy():
    s = resolve_all(pos([{"cards": ["high-voltage-feeder"]}], step="resolve", dice="e e 1 2 3 h"))
    assert kind(s) == "buy" and energy(s)[0] == 3
    s = resolve_all(pos([{"cards": ["high-voltage-feeder"]}], step="resolve", dice="e 1 1 2 3 h"))
    assert energy(s)[0] == 2
    s = finish(pos([{"cards": ["high-voltage-feeder"]}, {"location": "city"}], step="resolve",
                   dice="1 1 2 3 h c"))
    assert energy(s)[0] == 1                           # only the Buy step's 1 Energy


# =============================== Dice tokens ================================================
@card("war-footing")
@rule("1.3")
def test_war_footing_a_star_in_a_turn_with_black_dice():
    s = pos([{"cards": ["war-footing"], "dice_tokens": 3}], step="turn-start")
    play(s, "black 2")
    assert stars(s)[0] == 1 and s.tokens[0] == 1 and len(s.dice) == 8
    assert s.log[-1].rule == "kot-godzilla card:war-footing War Footing"
    s = pos([{"cards": ["war-footing"], "dice_tokens": 3}], step="turn-start")
    play(s, "black 1")
    assert stars(s)[0] == 1
    s = pos([{"cards": ["war-footing"], "dice_tokens": 3}], step="turn-start")
    play(s, "black 0")
    assert stars(s)[0] == 0 and len(s.dice) == 6


@card("ammo-depot")
def test_ammunition_depot_a_token_at_turn_start_when_none_spendable_at_once():
    s = pos([{"cards": ["ammo-depot"]}], step="turn-start")
    assert s.tokens[0] == 1 and s.supply["dice"] == 11
    assert kind(s) == "dice-tokens" and s.legal_texts() == ["black 0", "black 1"]
    play(s, "black 1")
    assert len(s.dice) == 7 and s.tokens[0] == 0
    s = pos([{"cards": ["ammo-depot"], "dice_tokens": 1}], step="turn-start")
    assert s.tokens[0] == 1                            # had one: none gained


@card("ammo-depot")
@rule("G4")
def test_ammunition_depot_nothing_from_an_empty_supply():
    s = pos([{"cards": ["ammo-depot"]}, {"dice_tokens": 12}], step="turn-start")
    assert s.tokens[0] == 0 and s.supply["dice"] == 0 and kind(s) == "die"


# =============================== Step 4: no card bought =====================================
@card("munitions-factory")
@rule("4.2.1", "4.2.2")
def test_munitions_factory_a_token_with_the_step_4_energy_sweeping_is_not_buying():
    s = pos([{"cards": ["munitions-factory"]}], step="buy")
    assert energy(s)[0] == 1 and s.tokens[0] == 1 and s.supply["dice"] == 11
    s = pos([{"cards": ["munitions-factory"], "energy": 2}], step="buy")
    play(s, "sweep", "reveal tidal-rest", "reveal scale-armour", "reveal afterburners")
    assert energy(s)[0] == 1 and s.tokens[0] == 1


@card("munitions-factory")
@rule("4.2.3")
def test_munitions_factory_nothing_after_buying():
    s = pos([{"cards": ["munitions-factory"], "energy": 3}], step="buy",
            market=["tidal-rest", "supercomputer", "radiation-aura"])
    play(s, "buy tidal-rest", "reveal maser-battery")
    assert energy(s)[0] == 0 and s.tokens[0] == 0 and kind(s) == "die"


@card("emergency-reserves")
@rule("4.2.1", "4.2.3")
def test_emergency_reserves_one_more_energy_when_nothing_bought():
    s = pos([{"cards": ["emergency-reserves"]}], step="buy")
    assert energy(s)[0] == 2
    s = pos([{"cards": ["emergency-reserves"], "energy": 3}], step="buy",
            market=["tidal-rest", "supercomputer", "radiation-aura"])
    play(s, "buy tidal-rest", "reveal maser-battery")
    assert energy(s)[0] == 0


@card("evacuation-shelters")
@rule("4.2.1", "2.4.4", "2.4.2")
def test_evacuation_shelters_a_heart_with_the_step_4_energy_in_tokyo_too():
    s = pos([{"cards": ["evacuation-shelters"], "hearts": 6, "location": "city"}], step="buy")
    assert hearts(s)[0] == 7 and energy(s)[0] == 1
    s = pos([{"cards": ["evacuation-shelters"], "hearts": 10}], step="buy")
    assert hearts(s)[0] == 10
    s = pos([{"cards": ["evacuation-shelters"], "hearts": 6, "energy": 4}], step="buy",
            market=["maser-battery", "supercomputer", "radiation-aura"])
    play(s, "buy maser-battery", "reveal high-voltage-feeder")
    assert hearts(s)[0] == 6


@card("defence-budget")
@rule("4.1.2")
def test_defence_budget_every_energy_card_costs_one_less():
    s = pos([{"cards": ["defence-budget"], "energy": 4}], step="buy",
            market=["atomic-surge", "typhoon", "radiation-aura"])
    legal = s.legal_texts()
    assert "buy atomic-surge" in legal and "buy typhoon" in legal and "buy radiation-aura" not in legal
    play(s, "buy atomic-surge")
    assert energy(s)[0] == 0 and s.monsters[0].cards == ["defence-budget", "atomic-surge"]


# =============================== Tokyo ======================================================
@card("landmark-lair")
@rule("3.2.2")
def test_landmark_lair_three_stars_for_starting_in_tokyo():
    s = pos([{"cards": ["landmark-lair"], "location": "city"}], step="turn-start")
    assert stars(s)[0] == 3
    s = pos([{"cards": ["landmark-lair"], "location": "bay"}, {}, {}, {}, {}], players=5, step="turn-start")
    assert stars(s)[0] == 3
    s = pos([{"cards": ["landmark-lair"]}], step="turn-start")
    assert stars(s)[0] == 0


@card("landmark-lair")
@rule("3.3.2", "G22")
def test_g22_landmark_lair_with_the_two_player_variant_still_gives_its_star():
    s = pos([{"cards": ["landmark-lair"], "location": "city"}, {}], players=2,
            options={"two_player_variant": True}, step="turn-start")
    assert stars(s)[0] == 1 and energy(s)[0] == 1


@card("kaiju-fan-club")
@rule("3.2.1")
def test_kaiju_fan_club_two_energy_for_taking_control_of_tokyo():
    s = resolve_all(pos([{"cards": ["kaiju-fan-club"]}], step="resolve", dice="1 1 2 2 3 3"))
    assert kind(s) == "buy" and s.city == 0 and stars(s)[0] == 1 and energy(s)[0] == 2
    s = resolve_all(pos([{"cards": ["kaiju-fan-club"]}, {"location": "city"}, {}, {}, {}], players=5,
                        step="resolve", dice="1 1 2 2 3 3"))
    assert s.bay == 0 and energy(s)[0] == 2


@card("kaiju-fan-club")
@rule("G21")
def test_g21_kaiju_fan_club_nothing_for_moving_from_the_bay_to_the_city():
    s = pos([{"cards": ["kaiju-fan-club"], "location": "bay"}, {"location": "city", "hearts": 1}, {}, {}, {}],
            players=5, active=2, step="resolve", dice="c 1 2 3 h h")
    finish(s)
    assert s.city == 0 and s.bay is None and energy(s)[0] == 0


@card("subway-tunnels")
@rule("2.3.6")
def test_subway_tunnels_two_hearts_after_fleeing():
    s = finish(pos([{}, {"cards": ["subway-tunnels"], "hearts": 6, "location": "city"}], step="resolve",
                   dice="c c c 1 2 3"), answers={1: "flee"})
    assert hearts(s)[1] == 5 and locations(s)[:2] == [CITY, OUT]
    s = finish(pos([{}, {"cards": ["subway-tunnels"], "hearts": 6, "location": "city"}], step="resolve",
                   dice="c c c 1 2 3"), answers={1: "stay"})
    assert hearts(s)[1] == 3


@card("hold-the-line")
@rule("2.3.5")
def test_hold_the_line_one_energy_for_staying():
    s = finish(pos([{}, {"cards": ["hold-the-line"], "location": "city"}], step="resolve", dice="c c 1 2 3 h"),
               answers={1: "stay"})
    assert hearts(s)[1] == 8 and energy(s)[1] == 1 and s.city == 1
    s = finish(pos([{}, {"cards": ["hold-the-line"], "location": "city"}], step="resolve", dice="c c 1 2 3 h"),
               answers={1: "flee"})
    assert energy(s)[1] == 0 and s.city == 0


# =============================== hearts =====================================================
@card("regenerative-cells")
@rule("2.4.1", "2.4.2")
def test_regenerative_cells_one_more_heart_per_gain_up_to_ten():
    s = resolve_all(pos([{"cards": ["regenerative-cells"], "hearts": 5}], step="resolve", dice="h h 1 2 3 e"))
    assert hearts(s)[0] == 8
    s = resolve_all(pos([{"cards": ["regenerative-cells"], "hearts": 9}], step="resolve", dice="h 1 1 2 3 e"))
    assert hearts(s)[0] == 10


@card("repair-drones")
def test_repair_drones_two_hearts_at_turn_start_below_three():
    s = pos([{"cards": ["repair-drones"], "hearts": 2}], step="turn-start")
    assert hearts(s)[0] == 4
    s = pos([{"cards": ["repair-drones"], "hearts": 3}], step="turn-start")
    assert hearts(s)[0] == 3


@card("tidal-rest")
@rule("5.0.1")
def test_tidal_rest_a_heart_at_the_end_of_a_turn_outside_tokyo():
    s = pos([{"cards": ["tidal-rest"], "hearts": 5}], step="end")
    assert hearts(s)[0] == 6 and s.active == 1
    s = pos([{"cards": ["tidal-rest"], "hearts": 5, "location": "city"}], step="end")
    assert hearts(s)[0] == 5
    s = pos([{}, {"cards": ["tidal-rest"], "hearts": 5}], step="end")
    assert hearts(s)[1] == 5                            # only at the end of its own turn


@card("scale-armour")
def test_scale_armour_ignores_a_loss_of_exactly_one():
    s = finish(pos([{}, {"cards": ["scale-armour"], "location": "city"}], step="resolve", dice="c 1 2 3 h e"))
    assert hearts(s)[1] == 10 and not any("flee" in t or "stays" in t for t in texts(s))
    s = finish(pos([{}, {"cards": ["scale-armour"], "location": "city"}], step="resolve", dice="c c 1 2 3 h"))
    assert hearts(s)[1] == 8


@card("energy-shield")
def test_energy_shield_pay_two_energy_to_lose_two_fewer():
    s = pos([{}, {"cards": ["energy-shield"], "location": "city", "energy": 5}], step="resolve", dice="c c c 1 2 3")
    assert kind(s) == "card" and s.node[1] == 1 and s.legal_texts() == ["shield", "pass"]
    play(s, "shield")
    assert hearts(s)[1] == 9 and energy(s)[1] == 3 and kind(s) == "yield"
    s = pos([{}, {"cards": ["energy-shield"], "location": "city", "energy": 5}], step="resolve", dice="c c c 1 2 3")
    play(s, "pass")
    assert hearts(s)[1] == 7 and energy(s)[1] == 5
    # a loss of 2 or less becomes no loss: no flee question
    s = resolve_all(pos([{}, {"cards": ["energy-shield"], "location": "city", "energy": 2}], step="resolve",
                        dice="c c 1 2 3 h"), order=("smash", "hearts"))
    play(s, "shield")
    assert hearts(s)[1] == 10 and energy(s)[1] == 0 and kind(s) != "yield"
    # not offered without 2 Energy
    s = resolve_all(pos([{}, {"cards": ["energy-shield"], "location": "city", "energy": 1}], step="resolve",
                        dice="c c 1 2 3 h"), order=("smash", "hearts"))
    assert kind(s) == "yield" and hearts(s)[1] == 8


@card("energy-shield")
def test_energy_shield_once_during_each_monsters_turn():
    # Smack (2) then Radiation Aura (1) in the same turn: the Shield works on the first only
    s = resolve_all(pos([{"cards": ["radiation-aura"], "location": "city"}, {"cards": ["energy-shield"], "energy": 5}],
                        step="resolve", dice="c c 1 2 3 h", market=MARKET), order=("smash", "hearts"))
    play(s, "shield")                                  # the Smack of 2: no loss
    # the Aura's loss at the end of the turn is not offered to the Shield: on to the next turn
    assert kind(s) == "die" and s.active == 1 and hearts(s)[1] == 9 and energy(s)[1] == 3
    # a new turn: offered again
    s2 = resolve_all(pos([{"location": "city", "cards": ["atomic-surge"]}, {"cards": ["energy-shield"], "energy": 3}],
                         step="resolve", dice="c c 1 2 3 h", market=MARKET), order=("smash", "hearts"))
    assert kind(s2) == "card"


@card("energy-shield")
@rule("G23")
def test_g23_energy_shield_declined_is_not_used_and_cites_the_card():
    s = resolve_all(pos([{"cards": ["radiation-aura"], "location": "city"}, {"cards": ["energy-shield"], "energy": 5}],
                        step="resolve", dice="c c 1 2 3 h", market=MARKET), order=("smash", "hearts"))
    play(s, "pass")
    assert hearts(s)[1] == 8 and energy(s)[1] == 5
    assert kind(s) == "card" and s.node[1] == 1        # the Aura's loss, same turn: offered again
    play(s, "shield")
    assert hearts(s)[1] == 8 and energy(s)[1] == 3 and s.active == 1
    assert any(e.rule == "kot-godzilla card:energy-shield Energy Shield" for e in s.log)


# =============================== rolls and dice =============================================
@card("afterburners")
@rule("1.1")
def test_afterburners_one_energy_per_extra_roll_as_long_as_it_can_pay():
    s = pos([{"cards": ["afterburners"], "energy": 2}], step="roll-decision", dice="1 1 1 2 2 2", rolls_used=3)
    assert s.legal_texts() == ["stop", "drink"]
    play(s, "drink")
    assert energy(s)[0] == 1 and s.rolls_allowed == 4 and "reroll 1" in s.legal_texts()
    play(s, "reroll 1")
    roll(s, "3")
    play(s, "drink")
    assert energy(s)[0] == 0 and s.rolls_allowed == 5
    play(s, "reroll 3")
    roll(s, "1")
    # no Energy left: the fifth roll was the last; 1-1-1 and 2-2-2 score, the monster enters Tokyo
    assert s.turn_count == 2 and stars(s)[0] == 4


@card("supercomputer")
@rule("1.1")
def test_supercomputer_four_rolls():
    s = pos([{"cards": ["supercomputer"]}], step="roll", market=MARKET)
    assert s.rolls_allowed == 4
    roll(s, "1 1 1 2 2 2")
    for face in ("3", "e", "h"):
        play(s, "reroll 2")
        roll(s, face)
    # the fourth roll was the last: the dice are kept and resolved (at once, G53)
    assert sum(" rolls: " in t for t in texts(s)) == 4 and kind(s) != "roll"
    assert "Godzilla keeps: 1 1 1 3 Energy Heal." in texts(s)


@card("mutant-growth")
@rule("1.6", "G11")
def test_mutant_growth_seven_brown_dice_and_one_black_at_most():
    s = pos([{"cards": ["mutant-growth"]}], step="roll", market=["atomic-surge", "berserk-rage", "landfall"])
    assert len(s.dice) == 7
    s = pos([{"cards": ["mutant-growth"], "dice_tokens": 3}], step="turn-start",
            market=["atomic-surge", "berserk-rage", "landfall"])
    assert s.legal_texts() == ["black 0", "black 1"]
    play(s, "black 1")
    assert len(s.dice) == 8 and s.tokens[0] == 2


# =============================== stars ======================================================
@card("celebrity-kaiju")
@rule("2.1.1", "2.1.2")
def test_celebrity_kaiju_one_more_star_for_a_triple_once_per_turn():
    s = resolve_all(pos([{"cards": ["celebrity-kaiju"]}, {"location": "city"}], step="resolve",
                        dice="3 3 3 3 h e"))
    assert stars(s)[0] == 5
    s = resolve_all(pos([{"cards": ["celebrity-kaiju"]}, {"location": "city"}], step="resolve",
                        dice="1 1 1 2 2 2"))
    assert stars(s)[0] == 4                            # 1 + 2 for the triples, 1 for the card (once)
    s = resolve_all(pos([{"cards": ["celebrity-kaiju"]}, {"location": "city"}], step="resolve",
                        dice="1 1 2 2 3 3"))
    assert stars(s)[0] == 0


# =============================== damage to others ===========================================
@card("radiation-aura")
@rule("2.3.7")
def test_radiation_aura_every_monster_outside_tokyo_loses_one():
    s = pos([{"cards": ["radiation-aura"], "location": "city"}, {}, {"hearts": 1}, {}], step="end", market=MARKET)
    assert hearts(s) == [10, 9, 0, 9] and not s.monsters[2].alive and s.active == 1
    s = pos([{"location": "city"}, {"cards": ["radiation-aura"], "location": "bay"}, {}, {}, {}], players=5,
            active=1, step="end", market=MARKET)
    assert hearts(s) == [10, 10, 9, 9, 9] and locations(s)[:2] == [CITY, BAY]
    s = pos([{"cards": ["radiation-aura"]}, {"location": "city"}], step="end", market=MARKET)
    assert hearts(s) == [10] * 4


# =============================== cards and the market =======================================
@card("disaster-forecaster")
@rule("4.3.2")
def test_disaster_forecaster_two_energy_when_an_event_is_revealed():
    s = pos([{"cards": ["disaster-forecaster"], "energy": 3}, {"cards": []}], step="buy",
            market=["tidal-rest", "supercomputer", "radiation-aura"])
    play(s, "buy tidal-rest", "reveal typhoon")
    assert energy(s)[0] == 2
    s = pos([{"energy": 3}, {"cards": ["disaster-forecaster"]}], step="buy",
            market=["tidal-rest", "supercomputer", "radiation-aura"])
    play(s, "buy tidal-rest", "reveal typhoon")
    assert energy(s)[1] == 2                           # on another monster's turn too
    s = pos([{"cards": ["disaster-forecaster"], "energy": 3}], step="buy",
            market=["tidal-rest", "supercomputer", "radiation-aura"])
    play(s, "buy tidal-rest", "reveal maser-battery")
    assert energy(s)[0] == 0                           # not an Event


@card("disaster-forecaster")
@rule("4.1.2")
def test_disaster_forecaster_events_cost_one_less():
    s = pos([{"cards": ["disaster-forecaster"], "energy": 3}], step="buy",
            market=["typhoon", "maser-battery", "radiation-aura"])
    assert s.buy_cost(s.monsters[0], "typhoon") == 3 and s.buy_cost(s.monsters[0], "radiation-aura") == 6
    assert "buy typhoon" in s.legal_texts() and "buy radiation-aura" not in s.legal_texts()
    s = pos([{"cards": ["disaster-forecaster", "defence-budget"]}], step="roll",
            market=["typhoon", "maser-battery", "radiation-aura"])
    assert s.buy_cost(s.monsters[0], "typhoon") == 2 and s.buy_cost(s.monsters[0], "radiation-aura") == 5


@card("scale-armour")
def test_scale_armour_is_logged_under_its_own_name_not_the_dark_card_it_shares():
    """Scale Armour reuses Armor Plating's effect (shares_effect); the log names and cites
    the Godzilla card (a newcomer saw "Armor Plating" in Godzilla games)."""
    s = pos([{"location": "city", "cards": ["scale-armour"]}, {}], players=2, step="resolve",
            dice="c 1 2 3 e e", active=1)
    finish(s)
    lines = [(e.text, e.rule) for e in s.log if "ignores the loss" in e.text]
    assert lines == [("Godzilla's Scale Armour ignores the loss of 1 heart.",
                      "kot-godzilla card:scale-armour Scale Armour")]
    assert not any("Armor Plating" in e.text or "Armor Plating" in e.rule for e in s.log)
