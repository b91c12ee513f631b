"""King Ghidorah's eight Evolutions (data/godzilla_evolutions.toml): each effect, its limits,
and that its play decision opens only for its holder while it can matter."""

import pytest

from gz_helpers import card, finish, hearts, kind, play, pos, roll, stars

KG = {"evolutions": True, "monsters": "king-ghidorah,godzilla,mothra,rodan"}


def kg(monsters, **kw):
    kw.setdefault("options", KG)
    return pos(monsters, **kw)


# ----- The Third Head Awakens ----------------------------------------------------------------
@card("third-head-awakens")
@pytest.mark.rule("kot-godzilla G11")
@pytest.mark.rule("kot-godzilla 7.4.2")
def test_third_head_awakens_two_extra_brown_dice_this_turn_only():
    s = kg([{"evolutions": ["third-head-awakens"], "dice_tokens": 2}], step="turn-start")
    assert kind(s) == "evolution" and s.node[1] == 0 and s.node[3]["window"] == "turn-start"
    assert s.legal_texts() == ["evolve third-head-awakens", "pass"]
    play(s, "evolve third-head-awakens")
    # 8 brown dice: no room for a black die, so the token question is not even asked
    assert kind(s) == "die" and len(s.dice) == 8 and s.tokens[0] == 2
    assert "kot-godzilla card:third-head-awakens The Third Head Awakens" in [e.rule for e in s.log]
    roll(s, "1 1 2 2 3 3 e e")
    play(s, "stop")
    finish(s)
    assert "turn-evo-third-head-awakens" not in s.marks
    assert s.active == 1 and len(s.dice) == 6 and s.dice_count(s.monsters[0]) == 6


@card("third-head-awakens")
def test_third_head_awakens_never_more_than_8_dice_and_brown_first():
    s = kg([{"evolutions": ["third-head-awakens"], "evolutions_in_play": ["three-headed"], "dice_tokens": 2}],
           step="turn-start")
    play(s, "evolve third-head-awakens")
    assert kind(s) == "die" and len(s.dice) == 8  # 6 + 1 + 2 brown = 9, capped at 8; no black die
    s = kg([{"evolutions": ["third-head-awakens"], "dice_tokens": 2}], step="turn-start")
    play(s, "pass")
    assert kind(s) == "dice-tokens" and s.legal_texts() == ["black 0", "black 1", "black 2"]


# ----- Gravity Beams ---------------------------------------------------------------------------
@card("gravity-beams")
@pytest.mark.rule("kot-godzilla 7.4.3")
def test_gravity_beams_one_more_smack_per_smack_result():
    s = kg([{"evolutions": ["gravity-beams"]}, {"location": "city"}], step="after-rolls", dice="c c 1 2 3 h")
    assert kind(s) == "evolution" and s.node[3]["window"] == "after-roll"
    play(s, "evolve gravity-beams")
    assert s.smash_total(s.monsters[0]) == 4
    finish(s)
    assert hearts(s)[1] == 6


@card("gravity-beams")
def test_gravity_beams_at_most_three_more_smacks():
    s = kg([{"evolutions": ["gravity-beams"]}, {"location": "city"}], step="after-rolls", dice="c c c c c 2")
    play(s, "evolve gravity-beams")
    assert s.smash_total(s.monsters[0]) == 8
    finish(s)
    assert hearts(s)[1] == 2


@card("gravity-beams")
@pytest.mark.rule("kot-godzilla G51")
def test_gravity_beams_not_offered_without_a_smack_result_or_anyone_in_reach():
    s = kg([{"evolutions": ["gravity-beams"]}, {"location": "city"}], step="after-rolls", dice="1 2 3 h h e")
    assert kind(s) != "evolution"
    assert s.evo_hand[0] == ["gravity-beams"]
    s = kg([{"evolutions": ["gravity-beams"]}], step="after-rolls", dice="c c 1 2 3 h")  # Tokyo is empty
    assert kind(s) != "evolution"
    # with Hydra Fury in play, Gravity Beams can still reach its star
    s = kg([{"evolutions": ["gravity-beams"], "evolutions_in_play": ["hydra-fury"]}], step="after-rolls",
           dice="c c 1 2 3 h")
    play(s, "evolve gravity-beams")
    finish(s)
    assert stars(s)[0] == 1 + 1  # Hydra Fury, then entering the empty Tokyo


# ----- Vengeful Heads --------------------------------------------------------------------------
@card("vengeful-heads")
@pytest.mark.rule("kot-godzilla 7.2.6", "kot-godzilla 7.3.1", "kot-godzilla 7.4.5")
def test_vengeful_heads_the_attacker_loses_2_hearts_not_a_smack():
    s = kg([{"location": "city", "evolutions": ["vengeful-heads"]}, {}], active=1, step="resolve",
           dice="c c 1 2 3 h")
    play(s, "resolve smash")
    assert kind(s) == "evolution" and s.node[1] == 0 and s.node[3]["window"] == "smacked"
    assert hearts(s)[:2] == [8, 10]
    play(s, "evolve vengeful-heads")
    assert hearts(s)[:2] == [8, 8]
    assert kind(s) == "yield" and s.node[1] == 0  # still asked to flee: its own loss was the Smack
    assert s.evo_used[0] == ["vengeful-heads"]


@card("vengeful-heads")
def test_vengeful_heads_not_offered_for_a_loss_that_is_no_smack():
    # King Ghidorah's Smack hurts Anguirus, whose Spiked Carapace costs King Ghidorah 1 heart
    # (not a Smack): no smacked window for King Ghidorah
    s = kg([{"location": "city", "evolutions": ["vengeful-heads"]}, {"evolutions_in_play": ["spiked-carapace"]}],
           step="resolve", dice="c 1 2 3 h e", options=dict(KG, monsters="king-ghidorah,anguirus,mothra,rodan"))
    finish(s)
    assert hearts(s) == [9, 9, 9, 9]
    assert kind(s) == "die" and s.active == 1 and s.evo_hand[0] == ["vengeful-heads"]


# ----- Gravity Lightning -------------------------------------------------------------------------
@card("gravity-lightning")
def test_gravity_lightning_another_monster_of_your_choice_loses_2_hearts():
    s = kg([{"evolutions": ["gravity-lightning"]}, {}, {}, {"alive": False}], active=1, step="end")
    # another monster's turn ends: the holder is asked (end-of-turn window, any turn)
    assert kind(s) == "evolution" and s.node[1] == 0 and s.node[3]["window"] == "end-of-turn"
    play(s, "evolve gravity-lightning")
    assert kind(s) == "card" and s.node[3]["name"] == "pick-monster" and s.node[1] == 0
    assert s.legal_texts() == ["target 1", "target 2"]  # not itself, not the eliminated one
    play(s, "target 2")
    assert hearts(s)[:3] == [10, 10, 8]
    assert any(e.rule == "kot-godzilla card:gravity-lightning Gravity Lightning" for e in s.log)


@card("gravity-lightning")
def test_gravity_lightning_can_win_the_game_by_elimination():
    s = kg([{"evolutions": ["gravity-lightning"]}, {"hearts": 2}], players=2, step="end",
           options=dict(KG, monsters="king-ghidorah,godzilla"))
    play(s, "evolve gravity-lightning")  # the only other monster: not asked (G54)
    assert not s.monsters[1].alive and s.winners == [0]


# ----- Destroyer of Worlds -------------------------------------------------------------------------
@card("destroyer-of-worlds")
@pytest.mark.rule("kot-godzilla 4.2.1", "kot-godzilla 7.4.6")
def test_destroyer_of_worlds_two_stars_in_the_buy_step_and_still_the_energy():
    s = kg([{"evolutions": ["destroyer-of-worlds"], "stars": 5, "energy": 2}], step="buy")
    assert kind(s) == "buy" and s.legal_texts() == ["sweep", "evolve destroyer-of-worlds", "end"]
    play(s, "evolve destroyer-of-worlds")
    assert stars(s)[0] == 7 and s.legal_texts() == ["sweep", "end"]
    play(s, "end")
    assert s.monsters[0].energy == 3  # playing an Evolution is not buying a card (design ruling 5)


@card("destroyer-of-worlds")
def test_destroyer_of_worlds_reaching_20_stars_wins():
    s = kg([{"evolutions": ["destroyer-of-worlds"], "stars": 18}], step="buy")
    play(s, "evolve destroyer-of-worlds")  # nothing else to do: the Buy step ends
    assert s.winners == [0] and stars(s)[0] == 20


# ----- Three-Headed Terror ---------------------------------------------------------------------------
@card("three-headed")
@pytest.mark.rule("kot-godzilla 7.3.2")
def test_three_headed_terror_one_more_brown_die_every_turn():
    s = kg([{"evolutions": ["three-headed"], "dice_tokens": 2}], step="turn-start")
    assert s.legal_texts() == ["evolve three-headed", "pass"]
    play(s, "evolve three-headed")
    assert s.evo_play[0] == ["three-headed"]
    assert kind(s) == "dice-tokens" and s.legal_texts() == ["black 0", "black 1"]  # 7 brown + 1 black = 8
    play(s, "black 1")
    assert len(s.dice) == 8 and s.tokens[0] == 1
    s = kg([{"evolutions_in_play": ["three-headed"]}], step="turn-start", turn=5)
    assert kind(s) == "die" and len(s.dice) == 7


# ----- Hydra Fury --------------------------------------------------------------------------------------
@card("hydra-fury")
def test_hydra_fury_a_star_for_three_smacks_or_more():
    s = kg([{"evolutions_in_play": ["hydra-fury"]}, {"location": "city"}], step="resolve", dice="c c c 1 2 h")
    finish(s)
    assert stars(s)[0] == 1 and hearts(s)[1] == 7  # the city monster stays: no star for entering


@card("hydra-fury")
def test_hydra_fury_counts_smacks_added_by_evolutions_not_two():
    s = kg([{"evolutions": ["hydra-fury", "gravity-beams"]}, {"location": "city"}], step="after-rolls",
           dice="c 1 1 2 3 h")
    assert sorted(s.legal_texts()) == ["evolve gravity-beams", "evolve hydra-fury", "pass"]
    play(s, "evolve hydra-fury")
    assert kind(s) == "evolution"  # asked again: Gravity Beams is still playable
    play(s, "pass")
    finish(s)
    assert stars(s)[0] == 0  # 1 Smack: no star
    s = kg([{"evolutions": ["gravity-beams"], "evolutions_in_play": ["hydra-fury"]}, {"location": "city"}],
           step="after-rolls", dice="c c 1 2 3 h")
    play(s, "evolve gravity-beams")
    finish(s)
    assert stars(s)[0] == 1 and any(e.rule.endswith("card:hydra-fury Hydra Fury") for e in s.log)


# ----- Gravity Lash ----------------------------------------------------------------------------------
@card("gravity-lash")
def test_gravity_lash_one_extra_heart_to_each_monster_in_tokyo_hit():
    s = kg([{"evolutions": ["gravity-lash"]}, {"location": "city"}, {"location": "bay"}, {}, {}],
           players=5, step="buy", options=dict(KG, monsters="king-ghidorah,godzilla,mothra,rodan,anguirus"))
    play(s, "evolve gravity-lash")
    assert s.evo_play[0] == ["gravity-lash"]
    s = kg([{"evolutions_in_play": ["gravity-lash"]}, {"location": "city"}, {"location": "bay"}, {}, {}],
           players=5, step="resolve", dice="c c 1 2 3 h",
           options=dict(KG, monsters="king-ghidorah,godzilla,mothra,rodan,anguirus"))
    finish(s)
    assert hearts(s) == [10, 7, 7, 10, 10]


@card("gravity-lash")
def test_gravity_lash_nothing_extra_for_monsters_outside_tokyo():
    s = kg([{"location": "city", "evolutions_in_play": ["gravity-lash"]}], step="resolve", dice="c 1 2 3 h e")
    finish(s)
    assert hearts(s) == [10, 9, 9, 9]
