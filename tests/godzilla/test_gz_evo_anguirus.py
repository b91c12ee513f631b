"""Anguirus's eight Evolutions (data/godzilla_evolutions.toml): each effect, its limits,
and that its play decision opens only for its holder while it can matter."""

import pytest

from gz_helpers import card, energy, finish, hearts, kind, play, pos, stars

AN = {"evolutions": True, "monsters": "anguirus,godzilla,mothra,rodan"}
CITY = 1


def an(monsters, **kw):
    kw.setdefault("options", AN)
    return pos(monsters, **kw)


# ----- Dig In -----------------------------------------------------------------------------------
@card("dig-in")
def test_dig_in_one_heart_and_two_energy():
    s = an([{"evolutions": ["dig-in"], "hearts": 6}], step="turn-start")
    assert kind(s) == "evolution" and s.node[1] == 0 and s.legal_texts() == ["evolve dig-in", "pass"]
    play(s, "evolve dig-in")
    assert hearts(s)[0] == 7 and energy(s)[0] == 2 and s.evo_used[0] == ["dig-in"]
    s = an([{"evolutions": ["dig-in"], "hearts": 10}], step="turn-start")
    play(s, "evolve dig-in")
    assert hearts(s)[0] == 10 and energy(s)[0] == 2  # never above the maximum


# ----- Spike Ball Charge ------------------------------------------------------------------------
@card("spike-ball-charge")
def test_spike_ball_charge_each_monster_hit_loses_one_extra_heart():
    s = an([{"location": "city", "evolutions": ["spike-ball-charge"]}], step="after-rolls", dice="c c 1 2 3 h")
    assert kind(s) == "evolution" and s.node[3]["window"] == "after-roll"
    play(s, "evolve spike-ball-charge")
    finish(s)
    assert hearts(s) == [10, 7, 7, 7]
    assert "turn-evo-spike-ball-charge" not in s.marks  # this turn only


@card("spike-ball-charge")
def test_spike_ball_charge_needs_a_smack_and_someone_in_reach():
    s = an([{"location": "city", "evolutions": ["spike-ball-charge"]}], step="after-rolls", dice="1 2 3 h h e")
    assert kind(s) != "evolution"
    s = an([{"evolutions": ["spike-ball-charge"]}], step="after-rolls", dice="c c 1 2 3 h")  # Tokyo is empty
    assert kind(s) != "evolution" and s.evo_hand[0] == ["spike-ball-charge"]


# ----- Never Give Up -------------------------------------------------------------------------------
@card("never-give-up")
def test_never_give_up_a_lethal_loss_leaves_one_heart():
    s = an([{"location": "city", "hearts": 3, "evolutions": ["never-give-up"]}, {}], active=1, step="resolve",
           dice="c c c c c 1")
    assert kind(s) == "evolution" and s.node[1] == 0 and s.node[3]["window"] == "before-damage"
    play(s, "evolve never-give-up")
    assert hearts(s)[0] == 1 and s.monsters[0].alive
    assert kind(s) == "yield" and s.node[1] == 0  # it lost 2 hearts to the Smack: it may flee


@card("never-give-up")
def test_never_give_up_only_when_the_loss_would_leave_zero_hearts():
    s = an([{"location": "city", "hearts": 6, "evolutions": ["never-give-up"]}, {}], active=1, step="resolve",
           dice="c c c c c 1")
    assert kind(s) == "yield" and hearts(s)[0] == 1 and s.evo_hand[0] == ["never-give-up"]
    s = an([{"location": "city", "hearts": 5, "evolutions": ["never-give-up"]}, {}], active=1, step="resolve",
           dice="c c c c c 1")
    assert kind(s) == "evolution"


@card("never-give-up")
def test_never_give_up_at_one_heart_loses_nothing():
    s = an([{"location": "city", "hearts": 1, "evolutions": ["never-give-up"]}, {}], active=1, step="resolve",
           dice="c c 1 2 3 3")
    play(s, "evolve never-give-up")
    assert hearts(s)[0] == 1 and kind(s) != "yield" and s.monsters[0].location == CITY


# ----- Stand Firm ----------------------------------------------------------------------------------
@card("stand-firm")
@pytest.mark.rule("kot-godzilla G52")
def test_stand_firm_stays_without_the_flee_question_and_gains_three_stars():
    s = an([{"location": "city", "evolutions": ["stand-firm"]}, {}], active=1, step="resolve", dice="c c 1 2 3 3")
    assert kind(s) == "evolution" and s.node[1] == 0 and s.node[3]["window"] == "smacked"
    play(s, "evolve stand-firm")
    assert stars(s)[0] == 3 and hearts(s)[0] == 8 and s.monsters[0].location == CITY
    assert kind(s) == "die" and s.active == 2  # no flee question


@card("stand-firm")
def test_stand_firm_only_in_tokyo():
    s = an([{"evolutions": ["stand-firm"]}, {"location": "city"}], active=1, step="resolve", dice="c c 1 2 3 3")
    finish(s)
    assert hearts(s)[0] == 8 and s.evo_hand[0] == ["stand-firm"] and stars(s)[0] == 0


# ----- Ancient Instinct -------------------------------------------------------------------------------
@card("ancient-instinct")
@pytest.mark.rule("kot-godzilla G4")
def test_ancient_instinct_one_dice_token_and_one_star():
    s = an([{"evolutions": ["ancient-instinct"], "energy": 2}], step="buy")
    assert "evolve ancient-instinct" in s.legal_texts()
    play(s, "evolve ancient-instinct")
    assert s.tokens[0] == 1 and s.supply["dice"] == 11 and stars(s)[0] == 1
    s = an([{"evolutions": ["ancient-instinct"], "energy": 2}, {"dice_tokens": 12}], step="buy")
    play(s, "evolve ancient-instinct")
    assert s.tokens[0] == 0 and stars(s)[0] == 1  # no token left in the supply: the star still comes


# ----- Burrowing Claws ------------------------------------------------------------------------------
@card("burrowing-claws")
def test_burrowing_claws_one_heart_and_two_energy_on_taking_tokyo():
    s = an([{"evolutions": ["burrowing-claws"]}], step="turn-start")
    play(s, "evolve burrowing-claws")
    assert s.evo_play[0] == ["burrowing-claws"]
    s = an([{"hearts": 7, "evolutions_in_play": ["burrowing-claws"]}], step="resolve", dice="1 1 2 2 3 3")
    finish(s)
    assert s.monsters[0].location == CITY and hearts(s)[0] == 8 and stars(s)[0] == 1
    assert energy(s)[0] == 2 + 1  # Burrowing Claws, and 1 Energy for not buying


@card("burrowing-claws")
def test_burrowing_claws_not_for_staying_in_tokyo():
    s = an([{"hearts": 7, "location": "city", "evolutions_in_play": ["burrowing-claws"]}], step="resolve",
           dice="1 1 2 2 3 3")
    finish(s)
    assert hearts(s)[0] == 7 and energy(s)[0] == 1


# ----- Iron Will ----------------------------------------------------------------------------------------
@card("iron-will")
def test_iron_will_a_star_for_staying_after_losing_hearts():
    s = an([{"evolutions": ["iron-will"]}], step="buy")
    play(s, "evolve iron-will")
    assert s.evo_play[0] == ["iron-will"]
    s = an([{"location": "city", "evolutions_in_play": ["iron-will"]}, {}], active=1, step="resolve",
           dice="c 1 2 3 3 h")
    finish(s, answers={0: "stay"})
    assert stars(s)[0] == 1 and hearts(s)[0] == 9
    s = an([{"location": "city", "evolutions_in_play": ["iron-will"]}, {}], active=1, step="resolve",
           dice="c 1 2 3 3 h")
    finish(s, answers={0: "flee"})
    assert stars(s)[0] == 0 and s.monsters[1].location == CITY


@card("iron-will")
@pytest.mark.rule("kot-godzilla G52")
def test_iron_will_with_stand_firm():
    s = an([{"location": "city", "evolutions": ["stand-firm"], "evolutions_in_play": ["iron-will"]}, {}],
           active=1, step="resolve", dice="c 1 2 3 3 2")
    play(s, "evolve stand-firm")
    assert stars(s)[0] == 3 + 1 and kind(s) == "die" and s.active == 2


# ----- Spiked Carapace ------------------------------------------------------------------------------------
@card("spiked-carapace")
def test_spiked_carapace_the_smacking_monster_loses_one_heart():
    s = an([{"evolutions": ["spiked-carapace"]}], active=2, step="end")
    assert kind(s) == "evolution" and s.node[3]["window"] == "end-of-turn"
    play(s, "evolve spiked-carapace")
    assert s.evo_play[0] == ["spiked-carapace"]
    s = an([{"location": "city", "evolutions_in_play": ["spiked-carapace"]}, {}], active=1, step="resolve",
           dice="c c c 1 2 3")
    finish(s)
    assert hearts(s)[:2] == [7, 9]


@card("spiked-carapace")
def test_spiked_carapace_not_for_losses_that_are_no_smack():
    # King Ghidorah's Gravity Lightning is not a Smack: it costs King Ghidorah nothing back
    g = dict(AN, monsters="anguirus,king-ghidorah,mothra,rodan")
    s = an([{"evolutions_in_play": ["spiked-carapace"]}, {"evolutions": ["gravity-lightning"]}], active=1,
           step="end", options=g)
    play(s, "evolve gravity-lightning", "target 0")
    assert hearts(s)[:2] == [8, 10]


@card("spiked-carapace")
def test_spiked_carapace_works_even_when_the_smack_eliminates_anguirus():
    s = an([{"location": "city", "hearts": 2, "evolutions_in_play": ["spiked-carapace"]}, {}], active=1,
           step="resolve", dice="c c c 1 2 3")
    finish(s)
    assert not s.monsters[0].alive and hearts(s)[1] == 9
