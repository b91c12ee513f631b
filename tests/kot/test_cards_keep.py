"""Every KEEP Power card of kot-dark: one test (or more) per card, named after its id.

Each test builds a position where the card bites (position.build_position), drives it
with actions and forced chance outcomes, and checks exact hearts, stars, energy,
locations and legal actions. Cards with a condition also get a test that the effect
does not apply when the condition fails.
"""

from __future__ import annotations

import pytest

from tokyo.core.errors import IllegalActionError
from tokyo.core.state import CHANCE
from tokyo.games.kingoftokyo.engine import CITY, OUT

from rules_helpers import energy, hearts, kind, play, pos, resolve, stars


# ----------------------------------------------------------------------------- helpers


def roll_all(state, faces):
    """Force every pending die of a roll (chance 'die' nodes) to ``faces`` in order."""
    for f in faces.split():
        assert kind(state) == "chance:die"
        state.apply_action(f"roll {f}")
    return state


# ============================================================================ Acid Attack
@pytest.mark.rule("kot-dark card:acid-attack")
def test_acid_attack_adds_a_smash_without_claws():
    s = pos([{"cards": ["acid-attack"]}, {"location": "city"}, {}, {}], step="resolve", dice="1 2 3 e e h")
    assert s.smash_total(s.monsters[0]) == 1
    resolve(s, "smash")
    assert hearts(s) == [10, 9, 10, 10]


@pytest.mark.rule("kot-dark card:acid-attack")
def test_acid_attack_adds_a_smash_to_claws():
    s = pos([{"cards": ["acid-attack"]}, {"location": "city"}, {}, {}], step="resolve", dice="c c 1 2 e h")
    resolve(s, "smash")
    assert hearts(s) == [10, 7, 10, 10]


# ============================================================================ Alien Origin
@pytest.mark.rule("kot-dark card:alien-origin")
def test_alien_origin_discount_one_energy():
    s = pos([{"cards": ["alien-origin"], "energy": 5}, {}, {}, {}], step="buy",
            market=["acid-attack", "tank", "corner-store"])
    assert "buy acid-attack" in s.legal_texts()          # costs 6, 5 with the discount
    play(s, "buy acid-attack")
    assert s.monsters[0].energy == 0
    assert s.monsters[0].cards == ["alien-origin", "acid-attack"]


@pytest.mark.rule("kot-dark card:alien-origin")
def test_alien_origin_absent_no_discount():
    s = pos([{"energy": 5}, {}, {}, {}], step="buy", market=["acid-attack", "tank", "corner-store"])
    assert "buy acid-attack" not in s.legal_texts()
    assert "buy tank" in s.legal_texts()


@pytest.mark.rule("kot-dark card:alien-origin")
def test_alien_origin_and_evil_lair_discounts_stack():
    s = pos([{"cards": ["alien-origin"], "tiles": ["evil-lair"], "energy": 4}, {}, {}, {}], step="buy",
            market=["acid-attack", "apartment-building", "corner-store"])
    legal = s.legal_texts()
    assert "buy acid-attack" in legal                     # 6 - 2 = 4
    play(s, "buy acid-attack")
    assert s.monsters[0].energy == 0


@pytest.mark.rule("kot-dark card:alien-origin")
def test_alien_origin_cost_never_below_zero():
    s = pos([{"cards": ["alien-origin"], "tiles": ["evil-lair"], "energy": 0}, {}, {}, {}], step="buy",
            market=["monster-pets", "acid-attack", "corner-store"])
    # Monster Pets costs 0: still 0 with 2 discount; Corner Store 3 -> 1 (not affordable)
    assert s.legal_texts() == ["buy monster-pets", "end"]


# ============================================================================ Alpha Monster
@pytest.mark.rule("kot-dark card:alpha-monster")
def test_alpha_monster_star_for_smashing():
    s = pos([{"cards": ["alpha-monster"]}, {"location": "city"}, {}, {}], step="resolve", dice="c 1 2 e h 3")
    resolve(s, "smash")
    assert stars(s) == [1, 0, 0, 0]
    assert hearts(s)[1] == 9


@pytest.mark.rule("kot-dark card:alpha-monster")
def test_alpha_monster_no_smash_no_star():
    s = pos([{"cards": ["alpha-monster"]}, {"location": "city"}, {}, {}], step="resolve", dice="1 2 e e h 3")
    assert "resolve smash" not in s.legal_texts()
    resolve(s, "energy", "hearts")
    assert s.monsters[0].stars == 0


# ============================================================================ Armor Plating
@pytest.mark.rule("kot-dark card:armor-plating", "kot-dark R33")
def test_armor_plating_ignores_loss_of_one():
    s = pos([{}, {"cards": ["armor-plating"], "location": "city"}, {}, {}], step="resolve", dice="c 1 2 3 e e")
    resolve(s, "smash")
    assert hearts(s) == [10, 10, 10, 10]


@pytest.mark.rule("kot-dark card:armor-plating")
def test_armor_plating_does_not_reduce_loss_of_two():
    s = pos([{}, {"cards": ["armor-plating"], "location": "city"}, {}, {}], step="resolve", dice="c c 2 3 e e")
    resolve(s, "smash")
    assert hearts(s) == [10, 8, 10, 10]


# ============================================================================ Background Dweller
@pytest.mark.rule("kot-dark card:background-dweller", "kot-dark R29")
def test_background_dweller_rerolls_threes_with_no_rolls_left():
    s = pos([{"cards": ["background-dweller"]}, {}, {}, {}], step="roll-decision", dice="3 3 1 e h c",
            rolls_used=3)
    assert s.legal_texts() == ["stop", "reroll 3", "reroll 3 3"]
    play(s, "reroll 3 3")
    assert s.current_player() == CHANCE
    roll_all(s, "3 e")
    assert sorted(s.dice) == sorted(["1", "e", "h", "c", "3", "e"])
    assert s.rolls_used == 3
    # a 3 again: it may be rerolled again (ruling R29)
    assert s.legal_texts() == ["stop", "reroll 3"]


@pytest.mark.rule("kot-dark card:background-dweller")
def test_background_dweller_no_threes_nothing_offered():
    s = pos([{"cards": ["background-dweller"]}, {}, {}, {}], step="roll-decision", dice="1 1 2 e h c",
            rolls_used=3)
    # only "stop": the roll decision is skipped and the monster resolves
    assert kind(s) != "decision:roll"


# ============================================================================ Burrowing
@pytest.mark.rule("kot-dark card:burrowing")
def test_burrowing_extra_smash_in_tokyo():
    s = pos([{"cards": ["burrowing"], "location": "city"}, {}, {}, {}], step="resolve", dice="c 1 2 3 e e")
    resolve(s, "smash")
    assert hearts(s) == [10, 8, 8, 8]


@pytest.mark.rule("kot-dark card:burrowing")
def test_burrowing_no_extra_smash_outside_tokyo():
    s = pos([{"cards": ["burrowing"]}, {"location": "city"}, {}, {}], step="resolve", dice="c 1 2 3 e e")
    resolve(s, "smash")
    assert hearts(s) == [10, 9, 10, 10]


@pytest.mark.rule("kot-dark card:burrowing", "kot-dark R18")
def test_burrowing_toll_on_the_monster_taking_the_place():
    s = pos([{}, {"cards": ["burrowing"], "location": "city"}, {}, {}], step="resolve", dice="c c 1 2 3 e")
    resolve(s, "smash")
    assert s.current_player() == 1 and s.legal_texts() == ["stay", "yield"]
    play(s, "yield")
    # Alienoid entered Tokyo City, got 1 star for it and lost 1 heart to Burrowing (R18)
    assert s.city == 0 and s.monsters[0].location == CITY and s.monsters[1].location == OUT
    assert hearts(s) == [9, 8, 10, 10]
    assert stars(s)[0] == 1


# ============================================================================ Camouflage
@pytest.mark.rule("kot-dark card:camouflage")
def test_camouflage_rolls_a_die_per_heart_lost():
    s = pos([{}, {"cards": ["camouflage"], "location": "city"}, {}, {}], step="resolve", dice="c c c 1 2 3")
    resolve(s, "smash")
    assert kind(s) == "card-die:camouflage" and s.current_player() == CHANCE
    play(s, "roll h", "roll 1")
    assert kind(s) == "card-die:camouflage"
    play(s, "roll h")
    assert hearts(s) == [10, 9, 10, 10]           # 3 lost, 2 cancelled


@pytest.mark.rule("kot-dark card:camouflage")
def test_camouflage_no_hearts_rolled_full_loss():
    s = pos([{}, {"cards": ["camouflage"], "location": "city"}, {}, {}], step="resolve", dice="c c 1 2 3 e")
    play(resolve(s, "smash"), "roll c", "roll e")
    assert hearts(s) == [10, 8, 10, 10]


# ============================================================================ Complete Destruction
@pytest.mark.rule("kot-dark card:complete-destruction")
def test_complete_destruction_nine_stars_for_all_faces():
    s = pos([{"cards": ["complete-destruction"]}, {}, {}, {}], step="resolve", dice="1 2 3 e h c")
    resolve(s, "numbers")
    assert s.monsters[0].stars == 9 + 1  # and 1 for entering the empty Tokyo City


@pytest.mark.rule("kot-dark card:complete-destruction")
def test_complete_destruction_missing_face_no_stars():
    s = pos([{"cards": ["complete-destruction"]}, {"location": "city"}, {}, {}], step="resolve", dice="1 2 3 e h h")
    resolve(s, "numbers")
    assert s.monsters[0].stars == 0


# ============================================================================ Media-Friendly
@pytest.mark.rule("kot-dark card:media-friendly")
def test_media_friendly_star_per_card_bought():
    s = pos([{"cards": ["media-friendly"], "energy": 10}, {}, {}, {}], step="buy",
            market=["corner-store", "energize", "tank"])
    play(s, "buy corner-store")                  # DISCARD: 1 star + Media-Friendly 1 star
    assert s.monsters[0].stars == 2
    play(s, "reveal acid-attack", "buy tank")    # Tank: 4 stars, lose 3 hearts, +1 star
    assert s.monsters[0].stars == 7
    assert s.monsters[0].energy == 3


# ============================================================================ Eater of the Dead
@pytest.mark.rule("kot-dark card:eater-of-the-dead")
def test_eater_of_the_dead_three_stars_when_a_monster_drops_to_zero():
    s = pos([{}, {"location": "city", "hearts": 2}, {"cards": ["eater-of-the-dead"]}, {}],
            step="resolve", dice="c c 1 2 3 e")
    resolve(s, "smash")
    assert not s.monsters[1].alive
    assert stars(s) == [1, 0, 3, 0]          # seat 0: 1 star for entering the emptied City


@pytest.mark.rule("kot-dark card:eater-of-the-dead")
def test_eater_of_the_dead_no_stars_when_nobody_drops():
    s = pos([{}, {"location": "city", "hearts": 3}, {"cards": ["eater-of-the-dead"]}, {}],
            step="resolve", dice="c c 1 2 3 e")
    play(resolve(s, "smash"), "stay")
    assert stars(s)[2] == 0


# ============================================================================ Energy Hoarder
@pytest.mark.rule("kot-dark card:energy-hoarder")
def test_energy_hoarder_star_per_six_energy_at_end_of_turn():
    s = pos([{"cards": ["energy-hoarder"], "energy": 13}, {}, {}, {}], step="end")
    assert s.monsters[0].stars == 2
    assert s.monsters[0].energy == 13
    assert s.active == 1


@pytest.mark.rule("kot-dark card:energy-hoarder")
def test_energy_hoarder_under_six_nothing():
    s = pos([{"cards": ["energy-hoarder"], "energy": 5}, {}, {}, {}], step="end")
    assert s.monsters[0].stars == 0


# ============================================================================ Even Bigger
@pytest.mark.rule("kot-dark card:even-bigger")
def test_even_bigger_bought_gains_two_hearts_max_twelve():
    s = pos([{"energy": 4}, {}, {}, {}], step="buy", market=["even-bigger", "tank", "corner-store"])
    play(s, "buy even-bigger")
    m = s.monsters[0]
    assert m.hearts == 12 and m.energy == 0 and "even-bigger" in m.cards
    assert s.max_hearts(m) == 12


@pytest.mark.rule("kot-dark card:even-bigger", "kot-dark 9.0.3")
def test_even_bigger_heals_up_to_twelve():
    s = pos([{"cards": ["even-bigger"], "hearts": 9}, {}, {}, {}], step="resolve", dice="h h h h 1 2")
    resolve(s, "hearts")
    assert s.monsters[0].hearts == 12


@pytest.mark.rule("kot-dark card:even-bigger", "kot-dark R7")
def test_even_bigger_lost_clips_hearts_to_ten():
    s = pos([{"cards": ["even-bigger", "metamorph"], "hearts": 12}, {}, {}, {}], step="end")
    assert kind(s) == "card:metamorph"
    play(s, "metamorph even-bigger")
    assert s.monsters[0].hearts == 10          # ruling R7
    assert s.monsters[0].energy == 4
    # the log says so (a player otherwise sees 2 hearts vanish)
    cut = [e for e in s.log if "cut back to its maximum of 10 hearts (loses 2)" in e.text]
    assert len(cut) == 1 and cut[0].rule.split()[1] in ("R7", "B1")  # kot: B1 (R7 holds there)


# ============================================================================ Extra Head
@pytest.mark.rule("kot-dark card:extra-head")
def test_extra_head_rolls_seven_dice():
    s = pos([{"cards": ["extra-head"]}, {}, {}, {}], step="roll")
    assert len(s.dice) == 7
    roll_all(s, "1 1 1 2 2 2 c")
    assert kind(s) == "decision:roll"
    assert len(s.dice) == 7


# ============================================================================ Fire Breathing
@pytest.mark.rule("kot-dark card:fire-breathing", "kot-dark 9.3.1", "kot-dark 9.3.2")
def test_fire_breathing_neighbours_lose_one_wherever_they_are():
    # Seat 0 out of Tokyo attacks seat 1 (City, a neighbour): 2 claws + 1; seat 3 (the
    # other neighbour, outside) loses 1; seat 2 (not a neighbour, outside) nothing.
    s = pos([{"cards": ["fire-breathing"]}, {"location": "city"}, {}, {}], step="resolve", dice="c c 1 2 3 e")
    resolve(s, "smash")
    assert hearts(s) == [10, 7, 10, 9]


@pytest.mark.rule("kot-dark card:fire-breathing", "kot-dark R11")
def test_fire_breathing_from_tokyo_neighbours_hit_by_the_smash_lose_one_more():
    s = pos([{"cards": ["fire-breathing"], "location": "city"}, {}, {}, {}], step="resolve", dice="c c 1 2 3 e")
    play(resolve(s, "smash"))
    assert hearts(s) == [10, 7, 8, 7]       # ruling R11


@pytest.mark.rule("kot-dark card:fire-breathing")
def test_fire_breathing_no_smash_no_effect():
    s = pos([{"cards": ["fire-breathing"]}, {"location": "city"}, {}, {}], step="resolve", dice="1 2 3 e h h")
    resolve(s, "energy", "hearts")
    assert hearts(s) == [10, 10, 10, 10]


@pytest.mark.rule("kot-dark card:fire-breathing", "kot-dark 9.3.3", "kot-dark R11")
def test_fire_breathing_two_players_opponent_loses_only_one():
    s = pos([{"cards": ["fire-breathing"]}, {"location": "city"}], players=2, step="resolve",
            dice="c c 1 2 3 e")
    resolve(s, "smash")
    assert hearts(s) == [10, 7]


# ============================================================================ Freeze Time
@pytest.mark.rule("kot-dark card:freeze-time", "kot-dark R16")
def test_freeze_time_extra_turn_with_one_die_fewer():
    s = pos([{"cards": ["freeze-time"]}, {}, {}, {}], step="resolve", dice="1 1 1 2 3 e")
    resolve(s, "numbers")          # 1 star, 2 Wickedness; then energy auto-resolves
    # Buy step has nothing (1 energy): the turn ends, and seat 0 may play again (R16)
    play(s, "freeze")
    assert s.active == 0 and s.turn_count == 2
    assert len(s.dice) == 5
    roll_all(s, "1 2 3 e h")
    assert kind(s) == "decision:roll" and len(s.dice) == 5


@pytest.mark.rule("kot-dark card:freeze-time", "kot-dark R16")
def test_freeze_time_owner_may_decline_the_extra_turn_once_its_turn_has_ended():
    s = pos([{"cards": ["freeze-time", "energy-hoarder"], "energy": 5}, {}, {}, {}], step="resolve",
            dice="1 1 1 2 3 e")
    play(resolve(s, "numbers"), "end")
    # asked after the End of Turn effects (Energy Hoarder's star at 6 energy), only then
    assert kind(s) == "card:freeze-time" and s.current_player() == 0
    assert s.legal_texts() == ["freeze", "pass"] and s.monsters[0].stars == 3   # 1-1-1, entering, Hoarder
    play(s, "pass")
    assert s.active == 1 and s.turn_count == 2 and len(s.dice) == 6


@pytest.mark.rule("kot-dark card:freeze-time")
def test_freeze_time_not_triggered_by_two_ones():
    s = pos([{"cards": ["freeze-time"]}, {}, {}, {}], step="resolve", dice="1 1 2 2 3 e")
    resolve(s, "numbers", "energy")
    assert s.active == 1 and s.turn_count == 2
    assert len(s.dice) == 6


# ============================================================================ Friend of Children
@pytest.mark.rule("kot-dark card:friend-of-children")
def test_friend_of_children_one_more_energy():
    s = pos([{"cards": ["friend-of-children"]}, {}, {}, {}], step="resolve", dice="e e 1 2 3 h")
    resolve(s, "energy")
    assert s.monsters[0].energy == 3


# ============================================================================ Giant Brain
@pytest.mark.rule("kot-dark card:giant-brain")
def test_giant_brain_four_rolls():
    s = pos([{"cards": ["giant-brain"]}, {}, {}, {}], step="roll")
    assert s.rolls_allowed == 4
    roll_all(s, "1 1 2 2 3 3")
    for _ in range(2):
        play(s, "reroll 1")
        roll_all(s, "1")
    assert s.rolls_used == 3
    assert kind(s) == "decision:roll" and "reroll 1" in s.legal_texts()   # a fourth roll
    play(s, "reroll 1")
    roll_all(s, "1")
    assert kind(s) != "decision:roll"         # no fifth roll: the dice are kept


@pytest.mark.rule("kot-dark card:giant-brain")
def test_giant_brain_absent_three_rolls():
    s = pos([{}, {}, {}, {}], step="roll")
    assert s.rolls_allowed == 3


# ============================================================================ Gourmet
@pytest.mark.rule("kot-dark card:gourmet")
def test_gourmet_two_extra_stars_for_triple_ones():
    s = pos([{"cards": ["gourmet"]}, {"location": "city"}, {}, {}], step="resolve", dice="1 1 1 2 h h")
    resolve(s, "numbers")
    assert s.monsters[0].stars == 3            # 1 for 1-1-1, 2 for Gourmet
    assert s.monsters[0].wickedness == 2


@pytest.mark.rule("kot-dark card:gourmet")
def test_gourmet_two_ones_nothing():
    s = pos([{"cards": ["gourmet"]}, {"location": "city"}, {}, {}], step="resolve", dice="1 1 2 2 2 h")
    resolve(s, "numbers")
    assert s.monsters[0].stars == 2            # 2-2-2 only


# ============================================================================ Herbivore
@pytest.mark.rule("kot-dark card:herbivore")
def test_herbivore_star_when_nobody_hurt():
    s = pos([{"cards": ["herbivore"]}, {"location": "city"}, {}, {}], step="resolve", dice="1 2 3 e h h")
    resolve(s, "energy", "hearts")
    assert s.active == 1
    assert s.monsters[0].stars == 1


@pytest.mark.rule("kot-dark card:herbivore")
def test_herbivore_no_star_after_hurting():
    s = pos([{"cards": ["herbivore"]}, {"location": "city"}, {}, {}], step="resolve", dice="c 2 3 1 2 3")
    play(resolve(s, "smash"), "stay")
    assert s.active == 1 and s.monsters[1].hearts == 9
    assert s.monsters[0].stars == 0


# ============================================================================ Herd Culler
@pytest.mark.rule("kot-dark card:herd-culler")
def test_herd_culler_turns_a_die_into_one_once_per_turn():
    # Reflective Hide in Tokyo keeps the resolve order a question (R41) after the cull
    s = pos([{"cards": ["herd-culler"]}, {"location": "city", "cards": ["reflective-hide"]}, {}, {}],
            step="resolve", dice="1 1 c e h 2")
    legal = s.legal_texts()
    assert [t for t in legal if t.startswith("cull")] == ["cull 2", "cull e", "cull h", "cull c"]
    play(s, "cull 2")
    assert sorted(s.dice) == sorted(["1", "1", "1", "e", "h", "c"])
    assert not any(t.startswith("cull") for t in s.legal_texts())
    resolve(s, "numbers")
    assert s.monsters[0].stars == 1 and s.monsters[0].wickedness == 2


# ============================================================================ It Has a Child!
@pytest.mark.rule("kot-dark card:it-has-a-child")
def test_it_has_a_child_back_with_ten_hearts_and_nothing_else():
    s = pos([{}, {"cards": ["it-has-a-child", "acid-attack"], "location": "city", "hearts": 2, "stars": 7,
                  "wickedness": 4, "tiles": ["devious"], "energy": 3}, {}, {}],
            step="resolve", dice="c c c 1 2 3")
    resolve(s, "smash")
    m = s.monsters[1]
    assert m.alive and m.hearts == 10 and m.stars == 0 and m.energy == 3
    assert m.cards == [] and m.tiles == [] and m.wickedness == 0 and m.levels == []
    assert m.location == OUT
    assert "it-has-a-child" in s.discard and "acid-attack" in s.discard
    # the attacker takes the empty City
    assert s.city == 0
    # the log tells what was lost before the child takes over
    texts = [e.text for e in s.log]
    lost = next(i for i, t in enumerate(texts) if "discards It Has a Child!, Acid Attack and loses its 7 stars" in t)
    assert any("child takes over with 10 hearts" in t for t in texts[lost + 1:])


@pytest.mark.rule("kot-dark card:it-has-a-child")
def test_it_has_a_child_not_used_above_zero():
    s = pos([{}, {"cards": ["it-has-a-child"], "location": "city", "hearts": 5, "stars": 7}, {}, {}],
            step="resolve", dice="c c c 1 2 3")
    resolve(s, "smash")
    assert kind(s) == "decision:yield"
    m = s.monsters[1]
    assert m.hearts == 2 and m.stars == 7 and m.cards == ["it-has-a-child"]


# ============================================================================ Jets
@pytest.mark.rule("kot-dark card:jets", "kot-dark R19")
def test_jets_yield_loses_no_hearts():
    s = pos([{}, {"cards": ["jets"], "location": "city", "hearts": 5}, {}, {}], step="resolve",
            dice="c c c 1 2 3")
    resolve(s, "smash")
    assert kind(s) == "card:jets" and s.current_player() == 1
    assert s.legal_texts() == ["stay", "yield"]
    play(s, "yield")
    assert hearts(s) == [10, 5, 10, 10]
    assert s.city == 0 and s.monsters[1].location == OUT


@pytest.mark.rule("kot-dark card:jets", "kot-dark R19")
def test_jets_stay_loses_hearts_and_is_not_asked_again():
    s = pos([{}, {"cards": ["jets"], "location": "city", "hearts": 5}, {}, {}], step="resolve",
            dice="c c c 1 2 3")
    play(resolve(s, "smash"), "stay")
    assert hearts(s) == [10, 2, 10, 10]
    assert s.city == 1
    assert kind(s) != "decision:yield"


# ============================================================================ Made in a Lab
@pytest.mark.rule("kot-dark card:made-in-a-lab")
def test_made_in_a_lab_peek_and_buy_top_card():
    s = pos([{"cards": ["made-in-a-lab"], "energy": 5}, {}, {}, {}], step="buy",
            market=["acid-attack", "giant-brain", "wings"])
    assert "peek" in s.legal_texts()
    play(s, "peek")
    assert s.current_player() == CHANCE and kind(s) == "chance:peek"
    play(s, "reveal tank")
    legal = s.legal_texts()
    assert "buy-top" in legal and "peek" not in legal
    play(s, "buy-top")
    assert s.monsters[0].stars == 4 and s.monsters[0].hearts == 7 and s.monsters[0].energy == 1
    assert "tank" in s.discard and s.market == ["acid-attack", "giant-brain", "wings"]


@pytest.mark.rule("kot-dark card:made-in-a-lab", "kot-dark R23")
def test_made_in_a_lab_unbought_card_stays_on_top():
    s = pos([{"cards": ["made-in-a-lab"], "energy": 2}, {}, {}, {}], step="buy",
            market=["acid-attack", "giant-brain", "wings"])
    play(s, "peek", "reveal energize")
    assert "buy-top" not in s.legal_texts()         # costs 8
    assert [c for c, _ in s.known_top] == ["energize"]
    play(s, "sweep")
    # the first card revealed after the sweep is the known top card, without chance
    assert s.market[0] == "energize"


# ============================================================================ Metamorph
@pytest.mark.rule("kot-dark card:metamorph", "kot-dark 9.4.1")
def test_metamorph_discard_keep_cards_for_printed_cost():
    s = pos([{"cards": ["metamorph", "acid-attack", "alien-origin"]}, {}, {}, {}], step="end")
    assert kind(s) == "card:metamorph" and s.current_player() == 0
    assert s.legal_texts() == ["metamorph metamorph", "metamorph acid-attack", "metamorph alien-origin", "done"]
    play(s, "metamorph acid-attack")
    assert s.monsters[0].energy == 6
    play(s, "metamorph alien-origin")
    assert s.monsters[0].energy == 9
    play(s, "done")
    assert s.monsters[0].cards == ["metamorph"]
    assert s.discard == ["acid-attack", "alien-origin"]
    assert s.active == 1


# ============================================================================ Nova Breath
@pytest.mark.rule("kot-dark card:nova-breath")
def test_nova_breath_hits_everyone():
    s = pos([{"cards": ["nova-breath"]}, {"location": "city"}, {}, {}], step="resolve", dice="c c 1 2 3 e")
    resolve(s, "smash")
    assert hearts(s) == [10, 8, 8, 8]


@pytest.mark.rule("kot-dark card:nova-breath")
def test_nova_breath_absent_only_tokyo_hit():
    s = pos([{}, {"location": "city"}, {}, {}], step="resolve", dice="c c 1 2 3 e")
    resolve(s, "smash")
    assert hearts(s) == [10, 8, 10, 10]


# ============================================================================ Detritivore
@pytest.mark.rule("kot-dark card:detritivore")
def test_detritivore_two_stars_for_one_two_three():
    s = pos([{"cards": ["detritivore"]}, {"location": "city"}, {}, {}], step="resolve", dice="1 2 3 h h h")
    resolve(s, "numbers")
    assert s.monsters[0].stars == 2


@pytest.mark.rule("kot-dark card:detritivore")
def test_detritivore_missing_three_nothing():
    s = pos([{"cards": ["detritivore"]}, {"location": "city"}, {}, {}], step="resolve", dice="1 2 2 h h h")
    resolve(s, "numbers")
    assert s.monsters[0].stars == 0


# ============================================================================ Opportunist
@pytest.mark.rule("kot-dark card:opportunist", "kot-dark 9.1.1")
def test_opportunist_two_owners_asked_clockwise_from_the_active_monster():
    # seat 1 copies Opportunist with Fluxling, seat 2 holds it: seat 1 is asked first
    s = pos([{"energy": 5}, {"tiles": ["fluxling"], "copy": "opportunist", "energy": 6},
             {"cards": ["opportunist"], "energy": 6}, {}], options={"wickedness_side": "green"}, step="buy",
            market=["corner-store", "acid-attack", "wings"])
    play(s, "buy corner-store", "reveal tank")
    assert kind(s) == "card:opportunist" and s.current_player() == 1
    play(s, "pass")
    assert kind(s) == "card:opportunist" and s.current_player() == 2
    play(s, "buy tank")
    assert stars(s) == [1, 0, 4, 0] and energy(s) == [2, 6, 2, 0]


@pytest.mark.rule("kot-dark card:opportunist")
def test_opportunist_buys_a_revealed_card_on_another_turn():
    s = pos([{"energy": 5}, {}, {"cards": ["opportunist"], "energy": 5}, {}], step="buy",
            market=["corner-store", "acid-attack", "wings"])
    play(s, "buy corner-store", "reveal tank")
    assert kind(s) == "card:opportunist" and s.current_player() == 2
    assert s.legal_texts() == ["buy tank", "pass"]
    play(s, "buy tank")
    assert s.monsters[2].stars == 4 and s.monsters[2].hearts == 7 and s.monsters[2].energy == 1
    # the slot is filled again, then the active monster continues its Buy step
    play(s, "reveal skyscraper")
    assert kind(s) == "decision:buy" and s.current_player() == 0
    assert s.market == ["skyscraper", "acid-attack", "wings"]
    assert s.monsters[0].energy == 2 and s.monsters[0].stars == 1


@pytest.mark.rule("kot-dark card:opportunist")
def test_opportunist_not_offered_unaffordable():
    s = pos([{"energy": 3}, {}, {"cards": ["opportunist"], "energy": 2}, {}], step="buy",
            market=["corner-store", "acid-attack", "wings"])
    play(s, "buy corner-store", "reveal tank")
    assert s.current_player() != 2


@pytest.mark.rule("kot-dark card:opportunist", "kot-dark R21")
def test_opportunist_not_offered_on_own_turn():
    s = pos([{"cards": ["opportunist"], "energy": 10}, {}, {}, {}], step="buy",
            market=["corner-store", "acid-attack", "wings"])
    play(s, "buy corner-store", "reveal tank")
    assert kind(s) == "decision:buy" and s.current_player() == 0   # ruling R21


# ============================================================================ Parasitic Tentacles
@pytest.mark.rule("kot-dark card:parasitic-tentacles")
def test_parasitic_tentacles_buy_another_monsters_card():
    s = pos([{"cards": ["parasitic-tentacles"], "energy": 6}, {"cards": ["acid-attack", "wings"]}, {}, {}],
            step="buy", market=["energize", "frenzy", "skyscraper"])
    legal = s.legal_texts()
    assert "take 1 acid-attack" in legal and "take 1 wings" in legal
    play(s, "take 1 acid-attack")
    assert s.monsters[0].cards == ["parasitic-tentacles", "acid-attack"]
    assert s.monsters[1].cards == ["wings"]
    assert energy(s)[:2] == [0, 6]


@pytest.mark.rule("kot-dark card:parasitic-tentacles")
def test_parasitic_tentacles_cannot_take_hibernation_in_tokyo():
    s = pos([{"cards": ["parasitic-tentacles"], "energy": 6, "location": "city"}, {"cards": ["hibernation"]}, {}, {}],
            step="buy", market=["energize", "frenzy", "skyscraper"])
    assert not any(t.startswith("take") for t in s.legal_texts())
    s = pos([{"cards": ["parasitic-tentacles"], "energy": 6}, {"cards": ["hibernation"]}, {}, {}],
            step="buy", market=["energize", "frenzy", "skyscraper"])
    assert "take 1 hibernation" in s.legal_texts()


@pytest.mark.rule("kot-dark card:parasitic-tentacles")
def test_parasitic_tentacles_counts_as_buying_for_media_friendly_and_discounts():
    s = pos([{"cards": ["parasitic-tentacles", "media-friendly", "alien-origin"], "energy": 5},
             {"cards": ["acid-attack"]}, {}, {}], step="buy", market=["energize", "frenzy", "skyscraper"])
    play(s, "take 1 acid-attack")
    assert energy(s)[:2] == [0, 5] and s.monsters[0].stars == 1


# ============================================================================ Plot Twist
@pytest.mark.rule("kot-dark card:plot-twist")
def test_plot_twist_sets_a_die_then_discards():
    s = pos([{"cards": ["plot-twist"]}, {"location": "city", "cards": ["reflective-hide"]}, {}, {}],
            step="resolve", dice="1 1 2 e h c")
    assert "twist 2 1" in s.legal_texts()
    play(s, "twist 2 1")
    assert sorted(s.dice) == sorted(["1", "1", "1", "e", "h", "c"])
    assert s.monsters[0].cards == [] and s.discard == ["plot-twist"]
    assert not any(t.startswith("twist") for t in s.legal_texts())  # Reflective Hide: still asked (R41)
    resolve(s, "numbers")
    assert s.monsters[0].stars == 1


# ============================================================================ Poison Quills
@pytest.mark.rule("kot-dark card:poison-quills")
def test_poison_quills_two_smashes_for_triple_twos():
    s = pos([{"cards": ["poison-quills"]}, {"location": "city"}, {}, {}], step="resolve", dice="2 2 2 c e h")
    resolve(s, "smash")
    assert hearts(s) == [10, 7, 10, 10]


@pytest.mark.rule("kot-dark card:poison-quills")
def test_poison_quills_two_twos_nothing_extra():
    s = pos([{"cards": ["poison-quills"]}, {"location": "city"}, {}, {}], step="resolve", dice="2 2 1 c e h")
    resolve(s, "smash")
    assert hearts(s) == [10, 9, 10, 10]


# ============================================================================ Psychic Probe
@pytest.mark.rule("kot-dark card:psychic-probe")
def test_psychic_probe_rerolls_another_monsters_die():
    s = pos([{}, {"location": "city"}, {"cards": ["psychic-probe"]}, {}], active=0, step="after-rolls",
            dice="c c c 1 2 3")
    assert kind(s) == "card:probe" and s.current_player() == 2
    assert s.legal_texts() == ["probe 1", "probe 2", "probe 3", "probe c", "pass"]
    play(s, "probe c")
    assert s.current_player() == CHANCE
    play(s, "roll 1")
    assert sorted(s.dice) == sorted(["c", "c", "1", "1", "2", "3"])
    assert s.monsters[1].hearts == 8           # the Smash is for 2, not 3
    assert s.monsters[2].cards == ["psychic-probe"]


@pytest.mark.rule("kot-dark card:psychic-probe")
def test_psychic_probe_discarded_on_heart():
    s = pos([{}, {}, {"cards": ["psychic-probe"]}, {}], active=0, step="after-rolls", dice="c c c 1 2 3")
    play(s, "probe c", "roll h")
    assert s.monsters[2].cards == [] and "psychic-probe" in s.discard


@pytest.mark.rule("kot-dark card:psychic-probe", "kot-dark R22")
def test_psychic_probe_not_on_own_turn():
    s = pos([{"cards": ["psychic-probe"]}, {}, {}, {}], active=0, step="after-rolls", dice="c c c 1 2 3")
    assert kind(s) != "card:probe"


# ============================================================================ Rapid Healing
@pytest.mark.rule("kot-dark card:rapid-healing")
def test_rapid_healing_any_time_in_resolve():
    s = pos([{"cards": ["rapid-healing"], "energy": 5, "hearts": 6}, {}, {}, {}], step="resolve",
            dice="1 2 3 e h c")
    assert "rapid-heal" in s.legal_texts()
    play(s, "rapid-heal")
    assert s.monsters[0].hearts == 7 and s.monsters[0].energy == 3


@pytest.mark.rule("kot-dark card:rapid-healing", "kot-dark R15")
def test_rapid_healing_offered_before_reaching_zero():
    s = pos([{}, {"cards": ["rapid-healing"], "energy": 4, "hearts": 2, "location": "city"}, {}, {}],
            step="resolve", dice="c c 1 2 3 e")
    resolve(s, "smash")
    assert kind(s) == "card:rapid-healing" and s.current_player() == 1
    assert s.legal_texts() == ["rapid-heal", "pass"]
    play(s, "rapid-heal")
    # healed to 3 before the loss of 2: survives with 1
    assert s.monsters[1].alive and s.monsters[1].hearts == 1 and s.monsters[1].energy == 2


@pytest.mark.rule("kot-dark card:rapid-healing")
def test_rapid_healing_pass_and_reach_zero():
    s = pos([{}, {"cards": ["rapid-healing"], "energy": 4, "hearts": 2, "location": "city"}, {}, {}],
            step="resolve", dice="c c 1 2 3 e")
    play(resolve(s, "smash"), "pass")
    assert not s.monsters[1].alive and s.monsters[1].hearts == 0


@pytest.mark.rule("kot-dark card:rapid-healing")
def test_rapid_healing_not_offered_without_energy():
    s = pos([{"cards": ["rapid-healing"], "energy": 1, "hearts": 6}, {}, {}, {}], step="resolve",
            dice="1 2 3 e h c", options={"ask_always": True})
    assert "rapid-heal" not in s.legal_texts()


# ============================================================================ Regeneration
@pytest.mark.rule("kot-dark card:regeneration")
def test_regeneration_one_more_heart():
    s = pos([{"cards": ["regeneration"], "hearts": 5}, {}, {}, {}], step="resolve", dice="h h 1 2 3 e")
    resolve(s, "hearts")
    assert s.monsters[0].hearts == 8


@pytest.mark.rule("kot-dark card:regeneration")
def test_regeneration_no_gain_in_tokyo():
    s = pos([{"cards": ["regeneration"], "hearts": 5, "location": "city"}, {}, {}, {}], step="resolve",
            dice="h h 1 2 3 e")
    resolve(s, "hearts")
    assert s.monsters[0].hearts == 5


# ============================================================================ Shrink Ray
@pytest.mark.rule("kot-dark card:shrink-ray")
def test_shrink_ray_gives_shrink_token_and_fewer_dice():
    s = pos([{"cards": ["shrink-ray"]}, {"location": "city"}, {}, {}], step="resolve", dice="c 1 2 3 e e")
    resolve(s, "smash")
    assert s.monsters[1].shrink == 1 and s.supply["shrink"] == 11
    play(s, "stay")
    resolve(s, "energy")
    play(s, "end")
    # seat 1's turn: 5 dice
    assert s.active == 1 and len(s.dice) == 5


@pytest.mark.rule("kot-dark card:shrink-ray", "kot-dark 9.2.3")
def test_shrink_ray_heart_discards_token_outside_tokyo():
    s = pos([{"shrink": 2}, {}, {}, {}], step="resolve", dice="h h 1 2 3 e")
    resolve(s, "hearts")
    assert kind(s) == "decision:heart"
    assert s.legal_texts() == ["heart heal", "heart shrink"]
    play(s, "heart shrink", "heart heal")
    assert s.monsters[0].shrink == 1 and s.supply["shrink"] == 11


# ============================================================================ Smoke Cloud
@pytest.mark.rule("kot-dark card:smoke-cloud")
def test_smoke_cloud_three_tokens_extra_rolls_then_discarded():
    s = pos([{"energy": 4}, {}, {}, {}], step="buy", market=["smoke-cloud", "acid-attack", "wings"])
    play(s, "buy smoke-cloud")
    assert s.monsters[0].smoke == 3 and s.supply["smoke"] == 0
    s = pos([{"cards": ["smoke-cloud"], "smoke": 1}, {}, {}, {}], step="roll-decision", dice="1 2 3 e h c",
            rolls_used=3)
    assert s.legal_texts() == ["stop", "smoke"]
    play(s, "smoke")
    assert s.rolls_allowed == 4 and s.monsters[0].smoke == 0
    assert s.monsters[0].cards == [] and "smoke-cloud" in s.discard
    assert "reroll 1" in s.legal_texts()


@pytest.mark.rule("kot-dark card:smoke-cloud", "kot-dark card:parasitic-tentacles", "kot-dark R37")
def test_smoke_cloud_taken_by_parasitic_tentacles_keeps_the_tokens_left_on_it():
    s = pos([{"energy": 10, "cards": ["parasitic-tentacles"]}, {"cards": ["smoke-cloud"], "smoke": 1}, {}],
            players=3, step="buy", market=["energize", "frenzy", "extra-head"])
    play(s, "take 1 smoke-cloud")
    assert s.monsters[0].cards == ["parasitic-tentacles", "smoke-cloud"]
    assert [m.smoke for m in s.monsters] == [1, 0, 0] and s.supply["smoke"] == 2


@pytest.mark.rule("kot-dark card:smoke-cloud", "kot-dark card:unstable-dna", "kot-dark R37")
def test_smoke_cloud_swapped_by_unstable_dna_keeps_the_tokens_left_on_it():
    s = pos([{"cards": ["smoke-cloud"], "smoke": 2}, {"cards": ["unstable-dna"], "location": "city"}, {}, {}],
            step="resolve", dice="c 1 2 3 e h")
    resolve(s, "smash")
    play(s, "yield", "swap smoke-cloud")
    assert s.monsters[1].cards == ["smoke-cloud"] and s.monsters[0].cards == ["unstable-dna"]
    assert [m.smoke for m in s.monsters] == [0, 2, 0, 0] and s.supply["smoke"] == 1


@pytest.mark.rule("kot-dark card:smoke-cloud", "kot-dark R37", "kot-dark R17")
def test_smoke_cloud_taken_by_a_monster_copying_it_replaces_the_copys_tokens_with_the_cards():
    s = pos([{"energy": 10, "cards": ["parasitic-tentacles"], "tiles": ["fluxling"], "copy": "smoke-cloud",
              "smoke": 3}, {"cards": ["smoke-cloud"], "smoke": 1}, {}], players=3,
            options={"wickedness_side": "green"}, step="buy", market=["energize", "frenzy", "extra-head"])
    assert s.supply["smoke"] == 2
    play(s, "take 1 smoke-cloud")
    m = s.monsters[0]
    assert m.copy is None and "smoke-cloud" in m.cards
    assert m.smoke == 1 and s.monsters[1].smoke == 0 and s.supply["smoke"] == 2


@pytest.mark.rule("kot-dark card:smoke-cloud", "kot-dark R28")
def test_smoke_cloud_not_offered_while_rolls_are_left():
    s = pos([{"cards": ["smoke-cloud"], "smoke": 3}, {}, {}, {}], step="roll-decision", dice="1 2 3 e h c",
            rolls_used=1)
    assert "smoke" not in s.legal_texts()


# ============================================================================ Lunar Powered
@pytest.mark.rule("kot-dark card:lunar-powered")
def test_lunar_powered_energy_when_none():
    s = pos([{"cards": ["lunar-powered"], "energy": 0}, {}, {}, {}], step="end")
    assert s.monsters[0].energy == 1


@pytest.mark.rule("kot-dark card:lunar-powered")
def test_lunar_powered_nothing_with_energy():
    s = pos([{"cards": ["lunar-powered"], "energy": 1}, {}, {}, {}], step="end")
    assert s.monsters[0].energy == 1


# ============================================================================ Spiked Tail
@pytest.mark.rule("kot-dark card:spiked-tail")
def test_spiked_tail_one_more_smash():
    s = pos([{"cards": ["spiked-tail"]}, {"location": "city"}, {}, {}], step="resolve", dice="c 1 2 3 e e")
    resolve(s, "smash")
    assert hearts(s) == [10, 8, 10, 10]


@pytest.mark.rule("kot-dark card:spiked-tail")
def test_spiked_tail_no_claw_no_smash():
    s = pos([{"cards": ["spiked-tail"]}, {"location": "city"}, {}, {}], step="resolve", dice="h 1 2 3 e e")
    assert "resolve smash" not in s.legal_texts()


# ============================================================================ Stretchy
@pytest.mark.rule("kot-dark card:stretchy")
def test_stretchy_pay_two_to_set_a_die():
    s = pos([{"cards": ["stretchy"], "energy": 3}, {"location": "city", "cards": ["reflective-hide"]}, {}, {}],
            step="resolve", dice="1 1 2 e h c")
    assert "stretch 2 1" in s.legal_texts()
    play(s, "stretch 2 1")
    assert s.monsters[0].energy == 1
    assert sorted(s.dice) == sorted(["1", "1", "1", "e", "h", "c"])
    assert s.monsters[0].cards == ["stretchy"]
    assert not any(t.startswith("stretch") for t in s.legal_texts())   # 1 energy left


@pytest.mark.rule("kot-dark card:stretchy")
def test_stretchy_needs_two_energy():
    s = pos([{"cards": ["stretchy"], "energy": 1}, {}, {}, {}], step="resolve", dice="1 1 2 e h c")
    assert not any(t.startswith("stretch") for t in s.legal_texts())


# ============================================================================ Energy Drink
@pytest.mark.rule("kot-dark card:energy-drink")
def test_energy_drink_pay_one_for_extra_roll():
    s = pos([{"cards": ["energy-drink"], "energy": 2}, {}, {}, {}], step="roll-decision", dice="1 2 3 e h c",
            rolls_used=3)
    assert s.legal_texts() == ["stop", "drink"]
    play(s, "drink")
    assert s.monsters[0].energy == 1 and s.rolls_allowed == 4
    play(s, "reroll 1", "roll c")
    assert s.rolls_used == 4
    assert s.legal_texts() == ["stop", "drink"]


@pytest.mark.rule("kot-dark card:energy-drink")
def test_energy_drink_not_offered_without_energy():
    s = pos([{"cards": ["energy-drink"], "energy": 0}, {}, {}, {}], step="roll-decision", dice="1 2 3 e h c",
            rolls_used=3)
    assert kind(s) != "decision:roll"


# ============================================================================ Urbavore
@pytest.mark.rule("kot-dark card:urbavore")
def test_urbavore_star_at_start_in_tokyo():
    s = pos([{"cards": ["urbavore"], "location": "city"}, {}, {}, {}], step="turn-start")
    assert s.monsters[0].stars == 3           # 2 for starting in Tokyo, 1 for Urbavore


@pytest.mark.rule("kot-dark card:urbavore")
def test_urbavore_extra_smash_in_tokyo():
    s = pos([{"cards": ["urbavore"], "location": "city"}, {}, {}, {}], step="resolve", dice="c 1 2 3 e e")
    resolve(s, "smash")
    assert hearts(s) == [10, 8, 8, 8]


@pytest.mark.rule("kot-dark card:urbavore")
def test_urbavore_nothing_outside_tokyo():
    s = pos([{"cards": ["urbavore"]}, {"location": "city"}, {}, {}], step="turn-start")
    assert s.monsters[0].stars == 0
    s = pos([{"cards": ["urbavore"]}, {"location": "city"}, {}, {}], step="resolve", dice="c 1 2 3 e e")
    resolve(s, "smash")
    assert hearts(s) == [10, 9, 10, 10]


# ============================================================================ We're Only Making It Stronger!
@pytest.mark.rule("kot-dark card:were-only-making-it-stronger")
def test_were_only_making_it_stronger_energy_for_a_loss_of_two():
    s = pos([{}, {"cards": ["were-only-making-it-stronger"], "location": "city"}, {}, {}], step="resolve",
            dice="c c 1 2 3 h")
    resolve(s, "smash")
    assert s.monsters[1].energy == 1 and s.monsters[1].hearts == 8


@pytest.mark.rule("kot-dark card:were-only-making-it-stronger")
def test_were_only_making_it_stronger_nothing_for_a_loss_of_one():
    s = pos([{}, {"cards": ["were-only-making-it-stronger"], "location": "city"}, {}, {}], step="resolve",
            dice="c 1 1 2 3 h")
    resolve(s, "smash")
    assert s.monsters[1].energy == 0 and s.monsters[1].hearts == 9


# ============================================================================ Wings
@pytest.mark.rule("kot-dark card:wings")
def test_wings_pay_two_no_loss_for_the_turn():
    s = pos([{}, {"cards": ["wings"], "energy": 3, "location": "city"}, {}, {}], step="resolve",
            dice="c c 1 2 3 h")
    resolve(s, "smash")
    assert kind(s) == "card:wings" and s.current_player() == 1
    assert s.legal_texts() == ["wings", "pass"]
    play(s, "wings")
    assert s.monsters[1].hearts == 10 and s.monsters[1].energy == 1
    assert s.monsters[1].wings_turn == 1


@pytest.mark.rule("kot-dark card:wings")
def test_wings_decision_belongs_to_the_owner_only():
    s = pos([{}, {"cards": ["wings"], "energy": 3, "location": "city"}, {}, {}], step="resolve",
            dice="c c 1 2 3 h")
    resolve(s, "smash")
    with pytest.raises(IllegalActionError):
        s.apply_action("wings", seat=0)
    assert s.monsters[1].energy == 3
    s.apply_action("wings", seat=1)
    assert s.monsters[1].energy == 1


@pytest.mark.rule("kot-dark card:wings")
def test_wings_pass_loses_hearts():
    s = pos([{}, {"cards": ["wings"], "energy": 3, "location": "city"}, {}, {}], step="resolve", dice="c c 1 2 3 h")
    play(resolve(s, "smash"), "pass")
    assert s.monsters[1].hearts == 8 and s.monsters[1].energy == 3


@pytest.mark.rule("kot-dark card:wings")
def test_wings_covers_a_later_loss_in_the_same_turn():
    # Wings paid for against the Smash; the attacker then buys Gas Refinery: no question, no loss
    s = pos([{"energy": 6}, {"cards": ["wings"], "energy": 3, "location": "city"}, {}, {}], step="resolve",
            dice="c c 1 2 3 h", market=["gas-refinery", "acid-attack", "tank"])
    play(resolve(s, "smash"), "wings")
    assert kind(s) == "decision:buy" and s.current_player() == 0     # not wounded: no yield
    play(s, "buy gas-refinery")
    assert hearts(s) == [10, 10, 7, 7]
    assert stars(s)[0] == 2


@pytest.mark.rule("kot-dark card:wings")
def test_wings_not_offered_without_energy():
    s = pos([{}, {"cards": ["wings"], "energy": 1, "location": "city"}, {}, {}], step="resolve", dice="c c 1 2 3 h")
    resolve(s, "smash")
    assert kind(s) == "decision:yield"
    assert s.monsters[1].hearts == 8


# ============================================================================ Hibernation
@pytest.mark.rule("kot-dark card:hibernation")
def test_hibernation_no_loss_no_numbers_no_smash_no_buy():
    s = pos([{"cards": ["hibernation"], "energy": 10}, {"location": "city", "cards": ["nova-breath"]}, {}, {}],
            active=1, step="resolve", dice="c c c 1 2 3")
    resolve(s, "smash")
    assert s.monsters[0].hearts == 10


@pytest.mark.rule("kot-dark card:hibernation")
def test_hibernation_own_turn_only_hearts_and_energy_count():
    s = pos([{"cards": ["hibernation"], "energy": 10, "hearts": 5}, {}, {}, {}], step="resolve",
            dice="1 1 1 c h e")
    legal = s.legal_texts()
    assert "resolve smash" not in legal
    resolve(s, "numbers")
    assert s.monsters[0].stars == 0 and s.monsters[0].wickedness == 0
    resolve(s, "hearts", "energy")
    m = s.monsters[0]
    assert m.hearts == 6 and m.energy == 11
    # Tokyo is empty but it may not enter; may not buy, only discard Hibernation
    assert s.city is None and m.location == OUT
    assert kind(s) == "decision:buy"
    assert s.legal_texts() == ["discard hibernation", "end"]


@pytest.mark.rule("kot-dark card:hibernation")
def test_hibernation_discard_ends_the_effects():
    s = pos([{"cards": ["hibernation"], "energy": 10}, {}, {}, {}], step="buy",
            market=["acid-attack", "wings", "tank"])
    play(s, "discard hibernation")
    assert s.monsters[0].cards == [] and "hibernation" in s.discard
    assert "buy acid-attack" in s.legal_texts()


@pytest.mark.rule("kot-dark card:hibernation", "kot-dark R26")
def test_hibernation_cannot_be_bought_in_tokyo():
    s = pos([{"energy": 10, "location": "city"}, {}, {}, {}], step="buy",
            market=["hibernation", "wings", "tank"])
    assert "buy hibernation" not in s.legal_texts()
    s = pos([{"energy": 10}, {}, {}, {}], step="buy", market=["hibernation", "wings", "tank"])
    assert "buy hibernation" in s.legal_texts()


# ============================================================================ Nanobots
@pytest.mark.rule("kot-dark card:nanobots")
def test_nanobots_two_hearts_under_three():
    s = pos([{"cards": ["nanobots"], "hearts": 2}, {}, {}, {}], step="turn-start")
    assert s.monsters[0].hearts == 4


@pytest.mark.rule("kot-dark card:nanobots")
def test_nanobots_nothing_at_three():
    s = pos([{"cards": ["nanobots"], "hearts": 3}, {}, {}, {}], step="turn-start")
    assert s.monsters[0].hearts == 3


# ============================================================================ Natural Selection
@pytest.mark.rule("kot-dark card:natural-selection")
def test_natural_selection_bought_gains_energy_hearts_and_a_die():
    s = pos([{"energy": 2, "hearts": 5}, {}, {}, {}], step="buy", market=["natural-selection", "wings", "tank"])
    play(s, "buy natural-selection")
    m = s.monsters[0]
    assert m.energy == 4 and m.hearts == 9 and m.cards == ["natural-selection"]
    assert s.dice_count(m) == 7


@pytest.mark.rule("kot-dark card:natural-selection")
def test_natural_selection_three_at_end_loses_all_hearts():
    s = pos([{"cards": ["natural-selection", "armor-plating"], "hearts": 8}, {}, {}, {}], step="resolve",
            dice="3 1 2 e h h h")
    resolve(s, "energy", "hearts")
    assert not s.monsters[0].alive and s.monsters[0].hearts == 0


@pytest.mark.rule("kot-dark card:natural-selection")
def test_natural_selection_no_three_safe():
    s = pos([{"cards": ["natural-selection"], "hearts": 8}, {}, {}, {}], step="resolve",
            dice="1 1 2 e h h h")
    resolve(s, "energy", "hearts")
    assert s.monsters[0].alive and s.monsters[0].hearts == 10


# ============================================================================ Reflective Hide
@pytest.mark.rule("kot-dark card:reflective-hide")
def test_reflective_hide_attacker_loses_one():
    s = pos([{}, {"cards": ["reflective-hide"], "location": "city"}, {}, {}], step="resolve", dice="c c 1 2 3 e")
    resolve(s, "smash")
    assert hearts(s) == [9, 8, 10, 10]


@pytest.mark.rule("kot-dark card:reflective-hide", "kot-dark R14")
def test_reflective_hide_not_reflected_back():
    # the attacker holds a copy of Reflective Hide through Fluxling (the deck has one)
    s = pos([{"tiles": ["fluxling"], "copy": "reflective-hide"}, {"cards": ["reflective-hide"], "location": "city"},
             {}, {}], step="resolve", dice="c c 1 2 3 e")
    resolve(s, "smash")
    assert hearts(s) == [9, 8, 10, 10]        # ruling R14


# ============================================================================ Super Jump
@pytest.mark.rule("kot-dark card:super-jump")
def test_super_jump_pay_one_lose_one_less_once_per_turn():
    s = pos([{}, {"cards": ["super-jump"], "energy": 3, "location": "city"}, {}, {}], step="resolve",
            dice="c c c 1 2 3")
    resolve(s, "smash")
    assert kind(s) == "card:super-jump" and s.current_player() == 1
    assert s.legal_texts() == ["jump", "pass"]
    play(s, "jump")
    assert s.monsters[1].hearts == 8 and s.monsters[1].energy == 2
    assert s.monsters[1].jump_turn == s.turn_count


@pytest.mark.rule("kot-dark card:super-jump")
def test_super_jump_pass_full_loss():
    s = pos([{}, {"cards": ["super-jump"], "energy": 3, "location": "city"}, {}, {}], step="resolve",
            dice="c c c 1 2 3")
    play(resolve(s, "smash"), "pass")
    assert s.monsters[1].hearts == 7 and s.monsters[1].energy == 3


# ============================================================================ Unstable DNA
@pytest.mark.rule("kot-dark card:unstable-dna")
def test_unstable_dna_swap_with_the_attacker_on_yield():
    s = pos([{"cards": ["acid-attack", "wings"]}, {"cards": ["unstable-dna"], "location": "city"}, {}, {}],
            step="resolve", dice="c 1 2 3 e h")
    resolve(s, "smash")             # 2 Smashes with Acid Attack
    play(s, "yield")
    assert kind(s) == "card:unstable-dna" and s.current_player() == 1
    assert s.legal_texts() == ["swap acid-attack", "swap wings", "pass"]
    play(s, "swap wings")
    assert s.monsters[1].cards == ["wings"]
    assert s.monsters[0].cards == ["acid-attack", "unstable-dna"]


@pytest.mark.rule("kot-dark card:unstable-dna")
def test_unstable_dna_not_offered_when_staying():
    s = pos([{"cards": ["acid-attack"]}, {"cards": ["unstable-dna"], "location": "city"}, {}, {}],
            step="resolve", dice="c 1 2 3 e h")
    play(resolve(s, "smash"), "stay")
    assert kind(s) != "card:unstable-dna"
    assert s.monsters[1].cards == ["unstable-dna"]


# ============================================================================ Zombify
@pytest.mark.rule("kot-dark card:zombify")
def test_zombify_rises_with_twelve_hearts():
    s = pos([{}, {"cards": ["zombify", "wings"], "location": "city", "hearts": 2, "stars": 6, "wickedness": 3,
                  "tiles": ["devious"]}, {}, {}], step="resolve", dice="c c 1 2 3 e")
    resolve(s, "smash")
    m = s.monsters[1]
    assert m.alive and m.zombified and m.hearts == 12
    assert m.cards == [] and m.tiles == [] and m.stars == 0 and m.wickedness == 0
    assert m.location == OUT and s.max_hearts(m) == 12


@pytest.mark.rule("kot-dark card:zombify")
def test_zombify_heart_dice_do_nothing():
    s = pos([{"zombified": True, "hearts": 5}, {}, {}, {}], step="resolve", dice="h h h 1 2 e")
    resolve(s, "hearts")
    assert s.monsters[0].hearts == 5


# ============================================================================ buying KEEP cards
@pytest.mark.rule("kot-dark 4.5", "kot-dark 4.6")
def test_keep_card_bought_goes_to_the_buyer_and_market_refills():
    s = pos([{"energy": 7}, {}, {}, {}], step="buy", market=["acid-attack", "wings", "tank"])
    play(s, "buy acid-attack")
    assert s.monsters[0].cards == ["acid-attack"] and s.monsters[0].energy == 1
    assert "acid-attack" not in s.discard
    assert s.current_player() == CHANCE and kind(s) == "chance:reveal"
    play(s, "reveal giant-brain")
    assert s.market == ["giant-brain", "wings", "tank"]


@pytest.mark.rule("kot-dark card:metamorph", "kot-dark 9.4.2")
def test_metamorph_refunds_the_printed_cost_even_after_a_discount():
    s = pos([{"energy": 5, "cards": ["metamorph", "alien-origin"]}, {}, {}, {}], step="buy",
            market=["acid-attack", "wings", "tank"])
    play(s, "buy acid-attack")                  # costs 6, paid 5 with Alien Origin
    assert s.monsters[0].energy == 0
    play(s, "reveal giant-brain")             # no energy left: the Buy step ends
    assert kind(s) == "card:metamorph"
    play(s, "metamorph acid-attack", "done")
    assert s.monsters[0].energy == 6
