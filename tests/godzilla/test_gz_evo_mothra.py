"""Mothra's Evolutions (data/godzilla_evolutions.toml; effects in evolution_cards/mothra.py)."""

import pytest

from gz_helpers import card, finish, hearts, kind, locations, play, pos, stars

EVO = {"evolutions": True, "monsters": "mothra,godzilla,rodan,king-ghidorah"}  # Mothra is seat 0
R = "kot-godzilla "


def rule(*keys):
    return pytest.mark.rule(*(R + k for k in keys))


@card("silken-cocoon")
@rule("7.4.2", "7.3.1")
def test_silken_cocoon_four_hearts_up_to_the_maximum():
    s = pos([{"hearts": 5, "evolutions": ["silken-cocoon"]}], options=EVO, step="turn-start")
    assert kind(s) == "evolution" and s.node[1] == 0 and s.legal_texts() == ["evolve silken-cocoon", "pass"]
    play(s, "evolve silken-cocoon")
    assert s.monsters[0].hearts == 9 and s.evo_used[0] == ["silken-cocoon"]
    s = pos([{"hearts": 9, "evolutions": ["silken-cocoon"]}], options=EVO, step="turn-start")
    play(s, "evolve silken-cocoon")
    assert s.monsters[0].hearts == 10
    s = pos([{"evolutions": ["silken-cocoon"]}], options=EVO, step="turn-start")
    assert kind(s) == "die"  # full hearts: not asked


@card("poison-scales")
@rule("7.4.3")
def test_poison_scales_every_other_monster_loses_one_no_flee():
    s = pos([{"evolutions": ["poison-scales"]}, {"location": "city"}, {}, {"hearts": 1}], options=EVO,
            step="after-rolls", dice="1 1 2 2 3 e")
    assert kind(s) == "evolution" and s.node[3]["window"] == "after-roll"
    play(s, "evolve poison-scales")
    assert hearts(s) == [10, 9, 9, 0] and not s.monsters[3].alive
    assert locations(s)[1] == 1 and kind(s) == "die" and s.active == 1  # nobody was asked to flee


@card("take-wing")
@rule("7.4.4", "7.2.6", "G9", "G41")
def test_take_wing_no_loss_and_flee_at_once():
    s = pos([{"location": "city", "evolutions": ["take-wing"], "evolutions_in_play": ["wind-rider"]}],
            options=EVO, active=1, step="resolve", dice="c c c 1 2 3")
    assert kind(s) == "evolution" and s.node[1] == 0 and s.node[3]["window"] == "before-damage"
    play(s, "evolve take-wing")
    # no heart lost, fled (Wind Rider's 2 stars), no flee question: Godzilla took Tokyo and the turn went on
    assert hearts(s)[0] == 10 and locations(s)[0] == 0 and stars(s)[0] == 2
    assert s.city == 1 and s.evo_used[0] == ["take-wing"] and kind(s) == "die"


@card("take-wing")
def test_take_wing_only_for_a_smack_in_tokyo():
    s = pos([{"evolutions": ["take-wing"]}, {"location": "city"}], options=EVO, active=1, step="resolve",
            dice="c c c 1 2 3")
    assert kind(s) != "evolution" and hearts(s)[0] == 7
    # a loss that is not a Smack (Rodan's Sonic Boom): not asked
    s = pos([{"location": "city", "evolutions": ["take-wing"]}, {}, {"evolutions": ["sonic-boom"]}],
            options=EVO, active=1, step="end")
    assert kind(s) == "evolution" and s.node[1] == 2
    play(s, "evolve sonic-boom")
    assert hearts(s)[0] == 7 and s.evo_hand[0] == ["take-wing"] and locations(s)[0] == 1


@card("healing-dust")
@rule("7.4.5")
def test_healing_dust_two_hearts_after_a_smack():
    s = pos([{"location": "city", "evolutions": ["healing-dust"]}], options=EVO, active=1, step="resolve",
            dice="c c c 1 2 3")
    assert kind(s) == "evolution" and s.node[3]["window"] == "smacked" and hearts(s)[0] == 7
    play(s, "evolve healing-dust")
    assert hearts(s)[0] == 9 and kind(s) == "yield"
    s = pos([{"hearts": 3, "location": "city", "evolutions": ["healing-dust"]}], options=EVO, active=1,
            step="resolve", dice="c c c 1 2 3")
    assert not s.monsters[0].alive and kind(s) != "evolution"  # eliminated first (design ruling 11)


@card("serene-guardian")
@rule("7.4.7", "7.2.6")
def test_serene_guardian_three_stars_with_eight_hearts():
    s = pos([{"hearts": 8, "evolutions": ["serene-guardian"]}], options=EVO, active=2, step="end")
    assert kind(s) == "evolution" and s.node[1] == 0 and s.node[3]["window"] == "end-of-turn"
    play(s, "evolve serene-guardian")
    assert stars(s)[0] == 3
    s = pos([{"hearts": 7, "evolutions": ["serene-guardian"]}], options=EVO, active=2, step="end")
    assert kind(s) != "evolution" and stars(s)[0] == 0


@card("radiant-renewal")
@rule("7.4.6", "7.3.2", "2.4.3")
def test_radiant_renewal_heal_results_heal_in_tokyo():
    s = pos([{"evolutions": ["radiant-renewal"]}], options=EVO, step="buy")
    play(s, "evolve radiant-renewal")
    assert s.evo_play[0] == ["radiant-renewal"]
    s = pos([{"hearts": 5, "location": "city", "evolutions_in_play": ["radiant-renewal"]}], options=EVO,
            step="resolve", dice="h h 1 1 2 3")
    finish(s)
    assert hearts(s)[0] == 7
    s = pos([{"hearts": 5, "evolutions_in_play": ["radiant-renewal"]}], options=EVO, step="resolve",
            dice="h h 1 1 2 3")
    finish(s)
    assert hearts(s)[0] == 7  # outside Tokyo: as usual, not twice
    s = pos([{"hearts": 5, "location": "city"}], options=EVO, step="resolve", dice="h h 1 1 2 3")
    finish(s)
    assert hearts(s)[0] == 5


@card("wind-rider")
@rule("7.4.5", "7.3.2")
def test_wind_rider_two_stars_for_fleeing():
    s = pos([{"location": "city", "evolutions": ["wind-rider"]}], options=EVO, active=1, step="resolve",
            dice="c c 1 1 2 3")
    assert kind(s) == "evolution" and s.node[3]["window"] == "smacked"
    play(s, "evolve wind-rider")
    assert kind(s) == "yield" and stars(s)[0] == 0
    play(s, "flee")
    assert stars(s)[0] == 2 and locations(s)[0] == 0
    s = pos([{"location": "city", "evolutions_in_play": ["wind-rider"]}], options=EVO, active=1, step="resolve",
            dice="c c 1 1 2 3")
    play(s, "stay")
    assert stars(s)[0] == 0


@card("life-giver")
@rule("7.4.7", "7.3.2")
def test_life_giver_one_more_heart_per_gain():
    s = pos([{"hearts": 5, "evolutions": ["life-giver"]}], options=EVO, step="end")
    assert kind(s) == "evolution" and s.node[3]["window"] == "end-of-turn"
    play(s, "evolve life-giver")
    assert s.evo_play[0] == ["life-giver"]
    s = pos([{"hearts": 5, "evolutions_in_play": ["life-giver"]}], options=EVO, step="resolve",
            dice="h h 1 1 2 3")
    finish(s)
    assert hearts(s)[0] == 8
    s = pos([{"hearts": 9, "evolutions_in_play": ["life-giver"]}], options=EVO, step="resolve",
            dice="h 1 1 2 2 3")
    finish(s)
    assert hearts(s)[0] == 10  # never above the maximum
