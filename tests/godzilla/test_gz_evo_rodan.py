"""Rodan's Evolutions (data/godzilla_evolutions.toml; effects in evolution_cards/rodan.py)."""

import pytest

from gz_helpers import card, energy, finish, hearts, kind, play, pos, roll, stars

EVO = {"evolutions": True, "monsters": "rodan,godzilla,mothra,king-ghidorah"}  # Rodan is seat 0
R = "kot-godzilla "


def rule(*keys):
    return pytest.mark.rule(*(R + k for k in keys))


@card("tailwind")
@rule("7.4.2", "7.3.1")
def test_tailwind_two_extra_rolls_this_turn():
    s = pos([{"evolutions": ["tailwind"]}], options=EVO, step="turn-start")
    assert kind(s) == "evolution" and s.node[1] == 0 and s.legal_texts() == ["evolve tailwind", "pass"]
    play(s, "evolve tailwind")
    assert s.rolls_allowed == 5 and s.evo_used[0] == ["tailwind"]
    s = pos([{"evolutions": ["tailwind"], "evolutions_in_play": ["hypersonic-wings"]}], options=EVO,
            step="turn-start")
    play(s, "evolve tailwind")
    assert s.rolls_allowed == 6
    assert s.hook_extra_rolls(s.monsters[0]) == 3 and "turn-evo-tailwind" in s.marks


@card("second-pass")
@rule("7.4.3", "G40")
def test_second_pass_one_more_roll_then_final_again():
    s = pos([{"evolutions": ["second-pass"]}, {"location": "city"}], options=EVO, step="after-rolls",
            dice="c 1 1 2 2 3", rolls_used=3)
    assert kind(s) == "evolution" and s.node[3]["window"] == "after-roll"
    play(s, "evolve second-pass")
    assert kind(s) == "roll" and "reroll 1 1" in s.legal_texts()
    play(s, "reroll 1 1")
    roll(s, "3 3")
    # one roll only: the Roll is final again; resolved once (at once: the order cannot matter, G53)
    assert kind(s) == "yield" and sorted(s.dice) == ["2", "2", "3", "3", "3", "c"]
    finish(s)
    assert stars(s)[0] == 3 and hearts(s)[1] == 9 and s.evo_used[0] == ["second-pass"]


@card("supersonic-dodge")
@rule("7.4.4", "7.2.6")
def test_supersonic_dodge_no_loss_of_three_or_fewer():
    s = pos([{"location": "city", "evolutions": ["supersonic-dodge"]}], options=EVO, active=1, step="resolve",
            dice="c c 1 1 2 3")
    assert kind(s) == "evolution" and s.node[1] == 0 and s.node[3]["window"] == "before-damage"
    play(s, "evolve supersonic-dodge")
    assert hearts(s)[0] == 10 and kind(s) != "yield"
    s = pos([{"location": "city", "evolutions": ["supersonic-dodge"]}], options=EVO, active=1, step="resolve",
            dice="c c c 1 2 3")
    assert kind(s) == "evolution" and s.node[3]["window"] == "before-damage"
    play(s, "evolve supersonic-dodge")
    assert hearts(s)[0] == 10 and kind(s) != "yield"  # a loss of 3: none
    s = pos([{"location": "city", "evolutions": ["supersonic-dodge"]}], options=EVO, active=1, step="resolve",
            dice="c c c c 2 3")
    assert kind(s) == "yield" and hearts(s)[0] == 6  # a loss of 4: not asked


@card("sonic-boom")
@rule("7.4.7", "7.2.6")
def test_sonic_boom_others_in_tokyo_lose_three_no_flee():
    s = pos([{"evolutions": ["sonic-boom"]}, {}, {"location": "city"}], options=EVO, active=1, step="end")
    assert kind(s) == "evolution" and s.node[1] == 0 and s.node[3]["window"] == "end-of-turn"
    play(s, "evolve sonic-boom")
    assert hearts(s) == [10, 10, 7, 10] and kind(s) == "die" and s.active == 2
    s = pos([{"location": "city", "evolutions": ["sonic-boom"]}], options=EVO, active=1, step="end")
    assert kind(s) == "die" and s.evo_hand[0] == ["sonic-boom"]  # nobody else in Tokyo: not asked


@card("updraft")
@rule("7.4.6", "G4")
def test_updraft_two_tokens_and_two_energy_not_a_purchase():
    s = pos([{"evolutions": ["updraft"]}], options=EVO, step="buy")
    assert kind(s) == "buy" and "evolve updraft" in s.legal_texts()
    play(s, "evolve updraft")
    assert s.tokens[0] == 2 and s.supply["dice"] == 10 and energy(s)[0] == 2 and kind(s) == "buy"
    play(s, "end")
    assert energy(s)[0] == 3  # +2, then the Step 4 Energy: playing it is not a purchase
    s = pos([{"evolutions": ["updraft"]}, {"dice_tokens": 11}], options=EVO, step="buy")
    play(s, "evolve updraft")
    assert s.tokens[0] == 1 and s.supply["dice"] == 0


@card("hypersonic-wings")
@rule("7.4.2", "7.3.2")
def test_hypersonic_wings_one_extra_roll_each_turn():
    s = pos([{"evolutions": ["hypersonic-wings"]}], options=EVO, step="turn-start")
    play(s, "evolve hypersonic-wings")
    assert s.rolls_allowed == 4 and s.evo_play[0] == ["hypersonic-wings"]
    s = pos([{"evolutions_in_play": ["hypersonic-wings"]}], options=EVO, step="turn-start")
    assert s.rolls_allowed == 4


@card("razor-wind")
@rule("7.4.3", "7.3.2")
def test_razor_wind_neighbours_lose_one_more():
    s = pos([{"evolutions": ["razor-wind"]}], options=EVO, step="after-rolls", dice="c 1 1 2 2 3")
    play(s, "evolve razor-wind")
    finish(s)
    assert hearts(s) == [10, 9, 10, 9]  # nobody in Tokyo: only the neighbours
    s = pos([{"location": "city", "evolutions_in_play": ["razor-wind"]}], options=EVO, step="resolve",
            dice="c 1 1 2 2 3")
    finish(s)
    assert hearts(s) == [10, 8, 9, 8]  # on top of the Smack
    s = pos([{"evolutions_in_play": ["razor-wind"]}, {"location": "city"}], players=2, options=dict(EVO, monsters="rodan,godzilla"),
            step="resolve", dice="c 1 1 2 2 3")
    finish(s)
    assert hearts(s) == [10, 8]  # 2 monsters: 1 heart only
    s = pos([{"evolutions_in_play": ["razor-wind"]}], options=EVO, step="resolve", dice="e 1 1 2 2 3")
    finish(s)
    assert hearts(s) == [10, 10, 10, 10]  # no Smack result


@card("faster-than-sound")
@rule("7.4.7", "7.3.2")
def test_faster_than_sound_two_extra_stars_for_taking_tokyo():
    s = pos([{"evolutions_in_play": ["faster-than-sound"]}], options=EVO, step="resolve", dice="1 1 2 2 3 e")
    finish(s)
    assert s.city == 0 and stars(s)[0] == 3
    s = pos([{"evolutions": ["faster-than-sound"]}], options=EVO, active=3, step="end")
    assert kind(s) == "evolution" and s.node[1] == 0
    play(s, "evolve faster-than-sound")
    assert s.evo_play[0] == ["faster-than-sound"]


@card("razor-wind")
@rule("G44")
def test_razor_wind_counts_red_spiral_ray_smacks():
    # Rodan (seat 0) with Razor Wind; Godzilla's Spiral Ray belongs to Godzilla, so the case is
    # built with the Smacks of a turn mark: 2 Smacks added to a Roll without a Smack die
    s = pos([{"evolutions_in_play": ["razor-wind"]}], options=EVO, step="roll-decision", dice="e 1 1 2 2 3")
    s.marks["turn-evo-spiral-ray"] = 0
    play(s, "stop")
    finish(s)
    assert hearts(s) == [10, 9, 10, 9]
