"""Godzilla's Evolutions (data/godzilla_evolutions.toml; effects in evolution_cards/godzilla.py)."""

import pytest

from gz_helpers import card, energy, finish, hearts, kind, play, pos, stars

EVO = {"evolutions": True}   # seats: Godzilla, Mothra, Rodan, King Ghidorah
R = "kot-godzilla "


def rule(*keys):
    return pytest.mark.rule(*(R + k for k in keys))


@card("dorsal-charge")
@rule("7.4.2", "7.3.1", "1.3")
def test_dorsal_charge_two_tokens_spendable_at_once():
    s = pos([{"evolutions": ["dorsal-charge"]}], options=EVO, step="turn-start")
    assert kind(s) == "evolution" and s.node[1] == 0 and s.node[3]["window"] == "turn-start"
    assert s.legal_texts() == ["evolve dorsal-charge", "pass"]
    play(s, "evolve dorsal-charge")
    assert s.tokens[0] == 2 and s.supply["dice"] == 10 and s.evo_used[0] == ["dorsal-charge"]
    assert kind(s) == "dice-tokens" and s.legal_texts() == ["black 0", "black 1", "black 2"]
    assert "kot-godzilla card:dorsal-charge Dorsal Plates Charge" in [e.rule for e in s.log]


@card("dorsal-charge")
@rule("G4")
def test_dorsal_charge_limited_by_the_supply_of_12():
    s = pos([{"evolutions": ["dorsal-charge"]}, {"dice_tokens": 11}], options=EVO, step="turn-start")
    play(s, "evolve dorsal-charge")
    assert s.tokens[0] == 1 and s.supply["dice"] == 0
    s = pos([{"evolutions": ["dorsal-charge"]}, {"dice_tokens": 12}], options=EVO, step="turn-start")
    assert kind(s) == "die" and s.evo_hand[0] == ["dorsal-charge"]  # nothing to gain: not asked


@card("atomic-breath")
@rule("7.4.3")
def test_atomic_breath_smacks_hit_everyone():
    s = pos([{"evolutions": ["atomic-breath"]}, {"location": "city"}], options=EVO, step="after-rolls",
            dice="c c 1 1 2 3")
    assert kind(s) == "evolution" and s.node[1] == 0 and s.node[3]["window"] == "after-roll"
    play(s, "evolve atomic-breath")
    finish(s)
    assert hearts(s) == [10, 8, 8, 8]
    assert "turn-evo-atomic-breath" not in s.marks  # "this turn" only


@card("atomic-breath")
@rule("7.4.1", "G44")
def test_atomic_breath_not_asked_without_smack_or_nobody_to_add():
    s = pos([{"evolutions": ["atomic-breath"]}, {"location": "city"}], options=EVO, step="after-rolls",
            dice="1 1 2 2 3 e")
    assert kind(s) != "evolution"
    s = pos([{"evolutions": ["atomic-breath"]}, {"location": "city"}], players=2, options=EVO,
            step="after-rolls", dice="c c 1 1 2 3")
    assert kind(s) != "evolution"  # Mothra is already in reach


@card("spiral-ray")
@rule("7.4.3", "G44")
def test_spiral_ray_adds_one_smack_even_to_none():
    s = pos([{"evolutions": ["spiral-ray"]}, {"location": "city"}], options=EVO, step="after-rolls",
            dice="c 1 1 2 2 3")
    play(s, "evolve spiral-ray")
    finish(s)
    assert hearts(s) == [10, 8, 10, 10]
    s = pos([{"evolutions": ["spiral-ray"]}, {"location": "city"}], options=EVO, step="after-rolls",
            dice="e 1 1 2 2 3")
    play(s, "evolve spiral-ray")
    finish(s)
    assert hearts(s) == [10, 9, 10, 10] and "turn-evo-spiral-ray" not in s.marks


@card("spiral-ray")
@rule("7.4.1", "G44")
def test_spiral_ray_not_asked_when_nobody_is_in_reach():
    s = pos([{"evolutions": ["spiral-ray"]}], options=EVO, step="after-rolls", dice="c 1 1 2 2 3")
    assert kind(s) != "evolution"


@card("thick-hide")
@rule("7.4.4", "7.2.6")
def test_thick_hide_two_hearts_fewer_on_another_turn():
    s = pos([{"location": "city", "evolutions": ["thick-hide"]}], options=EVO, active=1, step="resolve",
            dice="c c c 1 2 3")
    assert kind(s) == "evolution" and s.node[1] == 0 and s.node[3]["window"] == "before-damage"
    play(s, "evolve thick-hide")
    assert s.monsters[0].hearts == 9 and kind(s) == "yield" and s.evo_used[0] == ["thick-hide"]


@card("radioactive-absorption")
@rule("7.4.5")
def test_radioactive_absorption_energy_for_the_hearts_lost():
    s = pos([{"location": "city", "evolutions": ["radioactive-absorption"]}], options=EVO, active=1,
            step="resolve", dice="c c c 1 2 3")
    assert kind(s) == "evolution" and s.node[3]["window"] == "smacked" and s.monsters[0].hearts == 7
    play(s, "evolve radioactive-absorption")
    assert energy(s)[0] == 3 and kind(s) == "yield"


@card("radioactive-absorption")
@rule("G42")
def test_radioactive_absorption_counts_the_hearts_lost_not_the_smacks():
    s = pos([{"location": "city", "evolutions": ["radioactive-absorption", "thick-hide"]}], options=EVO,
            active=1, step="resolve", dice="c c c 1 2 3")
    play(s, "evolve thick-hide", "evolve radioactive-absorption")
    assert s.monsters[0].hearts == 9 and energy(s)[0] == 1
    # a Smack reduced to nothing: no loss, no smacked window
    s = pos([{"location": "city", "evolutions": ["radioactive-absorption", "thick-hide"]}], options=EVO,
            active=1, step="resolve", dice="c c 1 1 2 3")
    play(s, "evolve thick-hide")
    assert kind(s) != "evolution" and s.evo_hand[0] == ["radioactive-absorption"]


@card("king-of-the-monsters")
@rule("7.4.2", "7.3.2", "G43")
def test_king_of_the_monsters_two_hearts_and_twelve_max():
    s = pos([{"evolutions": ["king-of-the-monsters"]}], options=EVO, step="turn-start")
    assert kind(s) == "evolution" and s.node[1] == 0
    play(s, "evolve king-of-the-monsters")
    assert s.monsters[0].hearts == 12 and s.max_hearts(s.monsters[0]) == 12
    assert s.evo_play[0] == ["king-of-the-monsters"]
    s = pos([{"hearts": 11, "evolutions_in_play": ["king-of-the-monsters"]}], options=EVO, step="resolve",
            dice="h h 1 1 2 3")
    assert s.monsters[0].hearts == 12


@card("g-cell-regeneration")
@rule("7.4.7", "7.3.2", "G43")
def test_g_cell_regeneration_one_heart_at_the_end_of_own_turns_in_tokyo_too():
    s = pos([{"hearts": 5, "location": "city", "evolutions_in_play": ["g-cell-regeneration"]}], options=EVO,
            step="end")
    assert s.monsters[0].hearts == 6
    s = pos([{"hearts": 5, "location": "city", "evolutions_in_play": ["g-cell-regeneration"]}], options=EVO,
            active=1, step="end")
    assert s.monsters[0].hearts == 5
    s = pos([{"hearts": 7, "location": "city", "evolutions_in_play": ["g-cell-regeneration"]}], options=EVO,
            step="end")
    assert s.monsters[0].hearts == 7  # only with 6 hearts or fewer
    s = pos([{"hearts": 5, "evolutions": ["g-cell-regeneration"]}], options=EVO, active=2, step="end")
    assert kind(s) == "evolution" and s.node[1] == 0 and s.node[3]["window"] == "end-of-turn"
    play(s, "evolve g-cell-regeneration")
    assert s.evo_play[0] == ["g-cell-regeneration"] and s.monsters[0].hearts == 5


@card("rulers-roar")
@rule("7.4.6")
def test_rulers_roar_played_in_the_buy_step():
    s = pos([{"evolutions": ["rulers-roar"]}], options=EVO, step="buy")
    assert kind(s) == "buy" and "evolve rulers-roar" in s.legal_texts()
    play(s, "evolve rulers-roar")
    assert s.evo_play[0] == ["rulers-roar"] and kind(s) == "die"  # nothing else to do: the Buy step ends
    assert energy(s)[0] == 1  # playing an Evolution is not buying (design ruling 5)


@card("rulers-roar")
def test_rulers_roar_every_other_monster_loses_a_star_when_entering():
    s = pos([{"stars": 3, "evolutions_in_play": ["rulers-roar"]}, {"stars": 2}, {}, {"stars": 1}],
            options=EVO, step="resolve", dice="1 1 2 2 3 e")
    finish(s)
    assert s.city == 0 and stars(s) == [4, 1, 0, 0]
    assert any("card:rulers-roar" in e.rule for e in s.log)
