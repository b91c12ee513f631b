"""Rulings B1-B15 of docs/rulings.md (the base game, ``kot``): one test or more each,
named ``test_b<N>_...``. B1 is also held by the kot-dark ruling tests run on kot
(test_mirror_all.py)."""

from __future__ import annotations

import pytest

from base_helpers import energy, game, hearts, kind, play, pos, resolve, stars, texts
from tokyo import OptionError


@pytest.mark.rule("kot B1")
def test_b1_options_of_the_adopted_rulings():
    names = {o.name for o in game(2).info.options}
    assert {"star_tie", "death_from_above", "resolve_done", "ask_always", "frenzy"} <= names
    assert not names & {"wickedness_side", "wickedness_per_triple"}
    # R5 with death_from_above=stay: a buyer in the Bay stays
    s = pos([{"location": "bay", "energy": 5}, {"location": "city"}, {}, {}, {}], players=5, step="buy",
            market=["death-from-above", "frenzy", "energize"], options={"death_from_above": "stay"})
    play(s, "buy death-from-above")
    assert (s.city, s.bay) == (1, 0)


@pytest.mark.rule("kot B2")
def test_b2_the_six_monsters_of_the_second_edition():
    g = game(6)
    assert [g.monster_name(m) for m in g.monster_ids()] == ["Alienoid", "The King", "Gigazaur", "Meka Dragon",
                                                           "Cyber Kitty", "Space Penguin"]
    assert game(2, monsters="space-penguin,cyber-kitty").monster_ids() == ["space-penguin", "cyber-kitty"]
    with pytest.raises(OptionError):
        game(2, monsters="kraken,cyber-bunny")


@pytest.mark.rule("kot B3", "kot 9.0.1")
def test_b3_twenty_stars_and_zero_hearts_is_no_win():
    # Jet Fighters: +5 stars to 20, -4 hearts to 0
    s = pos([{"stars": 15, "hearts": 4, "energy": 5}, {"stars": 3}], players=2, step="buy",
            market=["jet-fighters", "frenzy", "energize"])
    play(s, "buy jet-fighters", "reveal heal")
    assert s.is_terminal() and s.returns() == [0.0, 1.0] and s.win_by == "survival"


@pytest.mark.rule("kot B3", "kot 9.0.2")
def test_b3_everybody_eliminated_at_once_nobody_wins():
    s = pos([{"hearts": 3, "energy": 4}, {"hearts": 3}], players=2, step="buy",
            market=["high-altitude-bombing", "frenzy", "energize"])
    play(s, "buy high-altitude-bombing", "reveal heal")
    assert s.is_terminal() and s.returns() == [0.0, 0.0] and s.win_by == "none"


@pytest.mark.rule("kot B4", "kot 9.0.3")
def test_b4_cards_heal_up_to_the_maximum_only():
    s = pos([{"hearts": 9, "energy": 6}, {}], players=2, step="buy", market=["nuclear-power-plant", "heal", "energize"])
    play(s, "buy nuclear-power-plant")
    assert hearts(s)[0] == 10
    s = pos([{"hearts": 9, "energy": 6, "cards": ["even-bigger"]}, {}], players=2, step="buy",
            market=["nuclear-power-plant", "heal", "energize"])
    play(s, "buy nuclear-power-plant")
    assert hearts(s)[0] == 12
    s = pos([{"cards": ["healing-ray"]}, {"hearts": 9, "energy": 4}], players=2, step="resolve", dice="h h 1 2 3 e")
    play(s, "heart ray 1")
    assert hearts(s)[1] == 10 and "heart ray 1" not in s.legal_texts()


@pytest.mark.rule("kot B5")
def test_b5_healing_ray_payment_is_all_that_is_left():
    s = pos([{"cards": ["healing-ray"]}, {"hearts": 5, "energy": 3}], players=2, step="resolve", dice="h h 1 2 3 e")
    play(s, "heart ray 1", "heart ray 1")
    assert hearts(s)[1] == 7 and energy(s)[1] == 0 and energy(s)[0] == 3 + 1


@pytest.mark.rule("kot B6")
def test_b6_mimic_cannot_copy_its_own_cards_or_mimic():
    s = pos([{"cards": ["mimic", "extra-head"]}, {"cards": ["extra-head", "wings"]}], players=2, step="turn-start",
            market=["heal"])
    assert s.legal_texts() == ["copy wings", "pass"]


@pytest.mark.rule("kot B6")
def test_b6_a_copy_that_discards_itself_ends_and_mimic_stays():
    s = pos([{"cards": ["mimic"], "copy": "plot-twist", "poison": 1}, {"cards": ["plot-twist"], "location": "city"}],
            players=2, step="resolve", dice="3 3 1 e h c")
    play(s, "twist 1 3")
    assert s.monsters[0].copy is None and s.monsters[0].cards == ["mimic"] and s.monsters[1].cards == ["plot-twist"]


@pytest.mark.rule("kot B6")
def test_b6_placing_the_token_when_it_is_on_no_card_is_free():
    s = pos([{"cards": ["mimic"]}, {"cards": ["giant-brain"]}], players=2, step="turn-start")
    play(s, "copy giant-brain")
    assert energy(s)[0] == 0 and s.monsters[0].copy == "giant-brain"


@pytest.mark.rule("kot B7", "kot 9.2.3")
def test_b7_a_heart_outside_tokyo_may_discard_a_token():
    s = pos([{"poison": 2, "shrink": 1, "hearts": 5}, {}], players=2, step="resolve", dice="h h 1 2 3 e")
    assert s.legal_texts() == ["heart heal", "heart poison", "heart shrink"]
    play(s, "heart poison", "heart shrink")
    assert (s.monsters[0].poison, s.monsters[0].shrink, s.supply["poison"], s.supply["shrink"]) == (1, 0, 11, 12)


@pytest.mark.rule("kot B8")
def test_b8_friend_of_children_on_battery_and_metamorph_not_on_payments():
    s = pos([{"cards": ["friend-of-children", "metamorph", "giant-brain"]}, {}], players=2, step="end")
    play(s, "metamorph giant-brain", "done")
    assert energy(s)[0] == 5 + 1
    s = pos([{"cards": ["friend-of-children", "battery-monster"], "energy": 2}, {}], players=2, step="buy")
    s.marks["stored-battery-monster-0"] = 6
    play(s, "end")
    while s.active != 0:
        play(s, *(["roll 1"] * 6), "stop") if kind(s) == "chance:die" else play(s, "end" if kind(s) == "decision:buy"
                                                                               else s.legal_texts()[-1])
    assert energy(s)[0] == 2 + 3 and s.marks["stored-battery-monster-0"] == 4
    s = pos([{"cards": ["healing-ray", "friend-of-children"]}, {"hearts": 5, "energy": 2}], players=2,
            step="resolve", dice="h 1 2 3 1 2")
    play(s, "heart ray 1")
    assert energy(s) == [2, 0]


@pytest.mark.rule("kot B9")
def test_b9_frenzy_after_the_turn_by_default():
    s = pos([{"energy": 7, "cards": ["solar-powered"], "poison": 1}, {}], players=2, step="buy",
            market=["frenzy", "heal", "energize"])
    play(s, "buy frenzy", "reveal tank")  # nothing else to buy: the turn ends
    assert s.active == 0 and hearts(s)[0] == 9 and kind(s) == "chance:die"


@pytest.mark.rule("kot B9")
def test_b9_frenzy_at_once_skips_the_end_of_turn():
    s = pos([{"energy": 7, "cards": ["solar-powered"], "poison": 1}, {}], players=2, step="buy",
            market=["frenzy", "heal", "energize"], options={"frenzy": "at-once"})
    play(s, "buy frenzy", "reveal tank")
    assert s.active == 0 and hearts(s)[0] == 10 and energy(s)[0] == 0 and kind(s) == "chance:die"
    assert any("no End of Turn effects" in t for t in texts(s))
    # bought on another monster's turn with Opportunist: after that turn, as R38
    s = pos([{"energy": 5}, {"cards": ["opportunist"], "energy": 7, "poison": 1}], players=2, step="buy",
            market=["corner-store", "heal", "energize"], options={"frenzy": "at-once"})
    play(s, "buy corner-store", "reveal frenzy", "buy frenzy", "reveal tank", "end")
    assert s.active == 1 and s.turn_count == 2 and not s.marks


@pytest.mark.rule("kot B10")
def test_b10_rooting_for_the_underdog_counts_living_monsters_only():
    s = pos([{"cards": ["rooting-for-the-underdog"], "stars": 3}, {"alive": False}, {"stars": 4}], players=3,
            step="end")
    assert stars(s)[0] == 4


@pytest.mark.rule("kot B11")
def test_b11_the_order_is_not_asked_when_it_cannot_matter():
    s = pos([{}, {"location": "city"}], players=2, step="resolve", dice="1 1 1 e h c")
    assert kind(s) != "decision:resolve" and stars(s)[0] == 1
    assert any(e.rule == "kot B11 Rulings" for e in s.log)
    # a Mimic copy makes it a question (its holder may be eliminated by the Smash)
    s = pos([{"cards": ["mimic"], "copy": "acid-attack"}, {"location": "city", "cards": ["acid-attack"]}],
            players=2, step="resolve", dice="1 1 1 e h c")
    assert kind(s) == "decision:resolve"
    s = pos([{}, {"location": "city"}], players=2, step="resolve", dice="1 1 1 e h c", options={"ask_always": True})
    assert kind(s) == "decision:resolve"
    # Healing Ray with hearts and a Smash, everybody at full hearts: the Smash may make a
    # monster one to heal, so the order is asked
    s = pos([{"cards": ["healing-ray"]}, {"location": "city"}], players=2, step="resolve", dice="1 1 1 e h c")
    assert kind(s) == "decision:resolve"
    play(s, "resolve smash", "stay", )
    assert kind(s) == "decision:heart" and s.legal_texts() == ["heart heal", "heart ray 1"]


@pytest.mark.rule("kot B12", "kot card:it-has-a-child")
def test_b12_it_has_a_child_leaves_tokyo_and_keeps_its_tokens():
    s = pos([{"location": "city", "hearts": 2, "stars": 8, "poison": 2, "cards": ["it-has-a-child", "mimic"],
              "copy": "wings"}, {"cards": ["wings"]}], players=2, active=1, step="resolve", dice="c c 1 2 3 e")
    assert s.monsters[0].alive and hearts(s)[0] == 10 and stars(s)[0] == 0 and s.monsters[0].cards == []
    assert s.monsters[0].location == 0 and s.monsters[0].poison == 2 and s.monsters[0].copy is None
    assert s.city == 1  # the attacker enters the empty City


@pytest.mark.rule("kot B13")
def test_b13_battery_discarded_by_metamorph_gives_back_its_cost():
    s = pos([{"cards": ["battery-monster", "metamorph"]}, {}], players=2, step="buy")
    s.marks["stored-battery-monster-0"] = 4
    assert kind(s) == "card:metamorph"  # nothing to buy: End of Turn
    play(s, "metamorph battery-monster", "done")
    assert energy(s)[0] == 3 and "stored-battery-monster-0" not in s.marks


@pytest.mark.rule("kot B14", "kot 0.1.9")
def test_b14_the_token_supply():
    s = game(4).new_initial_state()
    assert s.supply == {"poison": 12, "shrink": 12, "smoke": 3}
    s = pos([{"cards": ["poison-spit"]}, {"location": "city", "poison": 12}], players=2, step="resolve",
            dice="c 1 2 3 e e")
    assert s.monsters[1].poison == 12 and s.supply["poison"] == 0


@pytest.mark.rule("kot B15")
def test_b15_two_extra_heads_roll_eight_dice():
    s = pos([{"cards": ["extra-head", "extra-head"]}, {}], players=2, step="roll", market=["heal"])
    assert len(s.dice) == 8
    s = pos([{"cards": ["mimic"], "copy": "extra-head"}, {"cards": ["extra-head", "extra-head"]}], players=2,
            step="roll", market=["heal"])
    assert len(s.dice) == 7
