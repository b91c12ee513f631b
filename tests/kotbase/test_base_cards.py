"""The base game's Power cards that are new to it (Healing Ray, Mimic, Battery Monster,
Poison Spit as a card, Rooting for the Underdog, Solar Powered, Heal, National Guard), the
cards whose cost differs from the Dark Edition's, and the shared cards whose kot-dark tests
need a Dark-only card (Herd Culler, Plot Twist). The other shared cards are checked by
their kot-dark tests run on kot (test_mirror_all.py)."""

from __future__ import annotations

import pytest

from base_helpers import energy, game, hearts, kind, play, pos, resolve, stars, texts


# ----- data ------------------------------------------------------------------------------
@pytest.mark.rule("kot card:freeze-time", "kot card:gourmet", "kot card:herd-culler")
def test_costs_that_differ_from_the_dark_edition():
    g, dark = game(2), __import__("tokyo").load_game("kot-dark", 2)
    assert [g.card(c).cost for c in ("freeze-time", "gourmet", "herd-culler")] == [5, 4, 3]
    assert [dark.card(c).cost for c in ("freeze-time", "gourmet", "herd-culler")] == [6, 6, 5]
    assert (g.card("solar-powered").cost, dark.card("lunar-powered").cost) == (2, 3)


@pytest.mark.rule("kot card:gourmet")
def test_gourmet_two_stars_for_1_1_1():
    s = pos([{"cards": ["gourmet"]}, {"location": "city"}], players=2, step="resolve", dice="1 1 1 2 h h")
    resolve(s, "numbers")
    assert s.monsters[0].stars == 3


# ----- Herd Culler, Plot Twist ------------------------------------------------------------
@pytest.mark.rule("kot card:herd-culler")
def test_herd_culler_once_per_turn():
    # Poison with hearts and a Smash: the order stays a question after the change (B11)
    s = pos([{"cards": ["herd-culler"], "poison": 1}, {"location": "city"}], players=2, step="resolve",
            dice="1 1 c e h 2")
    assert "cull c" in s.legal_texts() and "cull 1" not in s.legal_texts()
    play(s, "cull 2")
    assert sorted(s.dice) == ["1", "1", "1", "c", "e", "h"]
    assert s.legal_texts() == ["resolve numbers", "resolve hearts", "resolve energy", "resolve smash"]


@pytest.mark.rule("kot card:plot-twist")
def test_plot_twist_sets_a_die_and_is_discarded():
    s = pos([{"cards": ["plot-twist"], "poison": 1}, {"location": "city"}], players=2, step="resolve",
            dice="3 3 1 e h c")
    play(s, "twist 1 3")
    assert sorted(s.dice) == ["3", "3", "3", "c", "e", "h"]
    assert s.monsters[0].cards == [] and "plot-twist" in s.discard


# ----- Solar Powered ----------------------------------------------------------------------
@pytest.mark.rule("kot card:solar-powered")
def test_solar_powered_one_energy_at_the_end_of_a_turn_with_none():
    s = pos([{"cards": ["solar-powered"]}, {"cards": []}], players=2, step="end")
    assert energy(s)[0] == 1
    assert any(e.rule == "kot card:solar-powered Solar Powered" for e in s.log)
    assert not any("Lunar" in t for t in texts(s))
    s = pos([{"cards": ["solar-powered"], "energy": 2}, {}], players=2, step="end")
    assert energy(s)[0] == 2


# ----- Heal, National Guard ----------------------------------------------------------------
@pytest.mark.rule("kot card:heal")
def test_heal_two_hearts_never_above_the_maximum():
    s = pos([{"hearts": 5, "energy": 3}, {}], players=2, step="buy", market=["heal", "frenzy", "energize"])
    play(s, "buy heal")
    assert hearts(s)[0] == 7 and energy(s)[0] == 0 and "heal" in s.discard
    s = pos([{"hearts": 9, "energy": 3}, {}], players=2, step="buy", market=["heal", "frenzy", "energize"])
    play(s, "buy heal")
    assert hearts(s)[0] == 10


@pytest.mark.rule("kot card:national-guard")
def test_national_guard_two_stars_two_hearts():
    s = pos([{"hearts": 5, "energy": 3}, {}], players=2, step="buy", market=["national-guard", "frenzy", "energize"])
    play(s, "buy national-guard")
    assert (stars(s)[0], hearts(s)[0]) == (2, 3)


# ----- Poison Spit ---------------------------------------------------------------------------
@pytest.mark.rule("kot card:poison-spit", "kot 9.2.1")
def test_poison_spit_tokens_and_their_loss_at_the_end_of_the_poisoned_turn():
    s = pos([{"cards": ["poison-spit"]}, {"location": "city"}], players=2, step="resolve", dice="c c 1 2 3 e")
    resolve(s, "smash")
    play(s, "stay")
    assert s.monsters[1].poison == 1 and s.supply["poison"] == 11 and hearts(s) == [10, 8]
    # the card leaves play: the token stays
    s.discard_card(s.monsters[0], "poison-spit")
    assert s.monsters[1].poison == 1
    # seat 0 ends its turn: nothing; seat 1's turn ends: 1 heart
    while s.active == 0 or kind(s) != "chance:die":
        play(s, "end" if kind(s) == "decision:buy" else s.legal_texts()[0])
    assert hearts(s)[1] == 8
    for f in "1 2 3 1 2 e".split():
        play(s, "roll " + f)
    play(s, "stop")
    while s.active == 1:
        play(s, "end" if kind(s) == "decision:buy" else s.legal_texts()[0])
    assert hearts(s)[1] == 7 and any(e.rule == "kot card:poison-spit Poison Spit" for e in s.log)


@pytest.mark.rule("kot 9.2.2", "kot card:poison-spit")
def test_in_tokyo_hearts_remove_no_token():
    s = pos([{"poison": 1, "location": "city", "hearts": 5}, {}], players=2, step="resolve", dice="h h 1 2 3 e")
    # no Heart decision was asked: the token stays, and costs its heart at the end of the turn
    assert s.monsters[0].poison == 1 and hearts(s)[0] == 4 and s.active == 1


# ----- Rooting for the Underdog ----------------------------------------------------------------
@pytest.mark.rule("kot card:rooting-for-the-underdog", "kot B10")
def test_rooting_for_the_underdog_alone_with_the_fewest_stars():
    s = pos([{"cards": ["rooting-for-the-underdog"], "stars": 2}, {"stars": 3}, {"stars": 5}], players=3, step="end")
    assert stars(s)[0] == 3
    s = pos([{"cards": ["rooting-for-the-underdog"], "stars": 2}, {"stars": 2}, {"stars": 5}], players=3, step="end")
    assert stars(s)[0] == 2  # a tie for the fewest is not the fewest
    # at the end of another monster's turn: nothing
    s = pos([{"stars": 5}, {"cards": ["rooting-for-the-underdog"]}, {"stars": 5}], players=3, step="end")
    assert stars(s)[1] == 0


# ----- Battery Monster ---------------------------------------------------------------------------
def _pass_turn(s):
    """The active monster rolls 1 2 3 1 2 3 (nothing to resolve) and buys nothing."""
    seat = s.active
    for f in "1 2 3 1 2 3".split():
        play(s, "roll " + f)
    play(s, "stop")
    while s.active == seat and not s.is_terminal():
        play(s, "end" if kind(s) == "decision:buy" else s.legal_texts()[-1])


@pytest.mark.rule("kot card:battery-monster", "kot B13")
def test_battery_monster_six_energy_two_a_turn_then_discarded():
    s = pos([{"energy": 3}, {}], players=2, step="buy", market=["battery-monster", "frenzy", "energize"])
    play(s, "buy battery-monster", "reveal heal")  # nothing else to buy: the turn ends
    assert s.marks["stored-battery-monster-0"] == 6 and energy(s) == [0, 0]
    taken = []
    for _ in range(3):
        _pass_turn(s)      # seat 1: the battery gives nothing
        taken.append((energy(s)[0], s.marks.get("stored-battery-monster-0")))
        _pass_turn(s)
    assert taken == [(2, 4), (4, 2), (6, None)]
    assert "battery-monster" not in s.monsters[0].cards and "battery-monster" in s.discard


@pytest.mark.rule("kot card:battery-monster", "kot B13")
def test_battery_monster_taken_by_parasitic_tentacles_keeps_its_energy():
    s = pos([{"cards": ["parasitic-tentacles"], "energy": 5}, {"cards": ["battery-monster"]}], players=2,
            step="buy")
    s.marks["stored-battery-monster-1"] = 4
    play(s, "take 1 battery-monster")
    assert s.monsters[0].cards == ["parasitic-tentacles", "battery-monster"] and energy(s) == [2, 3]
    assert s.marks == {"stored-battery-monster-0": 4}


# ----- Healing Ray ----------------------------------------------------------------------------------
@pytest.mark.rule("kot card:healing-ray", "kot B5")
def test_healing_ray_heals_others_for_energy():
    s = pos([{"cards": ["healing-ray"], "hearts": 6}, {"hearts": 5, "energy": 3}, {"hearts": 4, "energy": 1},
             {"hearts": 10}], step="resolve", dice="h h h 1 2 3")
    assert kind(s) == "decision:heart"
    assert s.legal_texts() == ["heart heal", "heart ray 1", "heart ray 2"]  # seat 3 is at its maximum
    play(s, "heart ray 1", "heart ray 2", "heart heal")
    assert hearts(s) == [7, 6, 5, 10] and energy(s) == [3, 1, 0, 0]


@pytest.mark.rule("kot card:healing-ray", "kot B5")
def test_healing_ray_in_tokyo_heals_others_only():
    s = pos([{"cards": ["healing-ray"], "hearts": 6, "location": "city"}, {"hearts": 5, "energy": 0}], players=2,
            step="resolve", dice="h h 1 2 3 e")
    resolve(s, "hearts")
    assert kind(s) == "decision:heart" and s.legal_texts() == ["heart ray 1", "heart none"]
    play(s, "heart ray 1")  # nothing to pay: healed for free
    assert hearts(s) == [6, 6] and energy(s)[0] == 0
    play(s, "heart none")
    assert hearts(s) == [6, 6]


@pytest.mark.rule("kot card:healing-ray", "kot B5")
def test_healing_ray_and_regeneration_of_the_healed():
    s = pos([{"cards": ["healing-ray"]}, {"hearts": 5, "energy": 4, "cards": ["regeneration"]}], players=2,
            step="resolve", dice="h 1 2 3 e 1")
    play(s, "heart ray 1")
    assert hearts(s)[1] == 7 and energy(s)[1] == 2


# ----- Mimic ----------------------------------------------------------------------------------------
@pytest.mark.rule("kot card:mimic", "kot 9.5.1", "kot B6")
def test_mimic_copies_a_card_as_if_just_bought():
    s = pos([{"energy": 8, "hearts": 7}, {"cards": ["even-bigger", "acid-attack"]}], players=2, step="buy",
            market=["mimic", "frenzy", "energize"])
    play(s, "buy mimic")
    assert kind(s) == "card:mimic" and s.legal_texts() == ["copy even-bigger", "copy acid-attack", "pass"]
    play(s, "copy even-bigger")
    assert s.monsters[0].copy == "even-bigger" and hearts(s)[0] == 9 and s.max_hearts(s.monsters[0]) == 12


@pytest.mark.rule("kot card:mimic", "kot 9.5.2", "kot B6")
def test_mimic_copy_of_smoke_cloud_and_of_battery_monster_bring_their_own_tokens():
    s = pos([{"cards": ["mimic"], "energy": 1}, {"cards": ["smoke-cloud", "battery-monster"], "smoke": 1}],
            players=2, step="turn-start")
    assert kind(s) == "card:mimic"
    play(s, "copy smoke-cloud")
    assert s.monsters[0].smoke == 3 and s.supply["smoke"] == 2  # its own 3, not the box's (R13)
    s = pos([{"cards": ["mimic"]}, {"cards": ["battery-monster"]}], players=2, step="turn-start")
    play(s, "copy battery-monster")
    assert s.marks["stored-battery-monster-0"] == 6


@pytest.mark.rule("kot card:mimic", "kot 9.5.3", "kot B6")
def test_mimic_copy_ends_when_the_copied_card_is_discarded():
    s = pos([{"cards": ["mimic"], "copy": "extra-head"}, {"cards": ["extra-head", "metamorph"]}], players=2,
            active=1, step="end")
    assert s.dice_count(s.monsters[0]) == 7
    play(s, "metamorph extra-head", "done")
    assert s.monsters[0].copy is None and s.dice_count(s.monsters[0]) == 6


@pytest.mark.rule("kot card:mimic", "kot 9.5.4", "kot B6")
def test_mimic_token_moves_at_turn_start_for_one_energy():
    s = pos([{"cards": ["mimic"], "copy": "acid-attack", "energy": 1}, {"cards": ["acid-attack", "giant-brain"]}],
            players=2, step="turn-start")
    assert kind(s) == "card:mimic" and s.legal_texts() == ["copy giant-brain", "pass"]
    play(s, "copy giant-brain")
    assert s.monsters[0].copy == "giant-brain" and energy(s)[0] == 0 and s.rolls_allowed == 4
    # without the energy to move it, nothing is asked
    s = pos([{"cards": ["mimic"], "copy": "acid-attack"}, {"cards": ["acid-attack", "giant-brain"]}],
            players=2, step="turn-start")
    assert kind(s) == "chance:die"


@pytest.mark.rule("kot card:mimic", "kot B6")
def test_mimic_leaving_its_owner_ends_the_copy():
    s = pos([{"cards": ["mimic", "metamorph"], "copy": "giant-brain"}, {"cards": ["giant-brain"]}], players=2,
            step="end")
    play(s, "metamorph mimic", "done")
    assert s.monsters[0].copy is None and energy(s)[0] == 8


@pytest.mark.rule("kot 9.1.1", "kot card:mimic")
def test_two_opportunists_one_by_mimic_clockwise_from_the_active_monster():
    s = pos([{"energy": 5}, {"cards": ["mimic"], "copy": "opportunist", "energy": 6},
             {"cards": ["opportunist"], "energy": 6}, {}], step="buy", market=["corner-store", "acid-attack", "wings"])
    play(s, "buy corner-store", "reveal tank")
    assert kind(s) == "card:opportunist" and s.current_player() == 1
    play(s, "pass")
    assert kind(s) == "card:opportunist" and s.current_player() == 2
    play(s, "buy tank")
    assert stars(s) == [1, 0, 4, 0]
