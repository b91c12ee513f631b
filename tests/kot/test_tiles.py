"""Every Wickedness tile side of kot-dark (10 red, 10 green): one test or more per side,
named after its id.

Tiles with an effect "when you take this tile" are taken through the gauge: a monster
near a threshold resolves 1-1-1 (2 Wickedness) and chooses the tile at the decision
node. Other tiles are placed with build_position's ``tiles``.
"""

from __future__ import annotations

import pytest

from rules_helpers import hearts, kind, play, pos, resolve, stars

RED = {"wickedness_side": "red"}
GREEN = {"wickedness_side": "green"}


# ----------------------------------------------------------------------------- helpers


def take_tile(monsters, wickedness, options, dice="1 1 1 2 3 e", **kw):
    """Seat 0 at ``wickedness`` resolves 1-1-1 (+2 Wickedness): stop at the tile choice."""
    monsters = [dict(monsters[0], wickedness=wickedness)] + list(monsters[1:])
    s = pos(monsters, options=options, step="resolve", dice=dice, **kw)
    resolve(s, "numbers")
    assert kind(s) == "decision:tile" and s.current_player() == 0
    return s


# ============================================================================ taking a tile
@pytest.mark.rule("kot-dark 2.2.5", "kot-dark 2.2.6")
def test_tile_choice_offers_the_level_stack_and_pass():
    s = take_tile([{}, {"location": "city"}, {}, {}], 4, RED)
    assert s.node[3]["level"] == 6
    assert s.legal_texts() == ["tile cyberbrain", "tile evil-lair", "tile full-regeneration",
                               "tile widespread-panic", "pass"]
    play(s, "pass")
    assert s.monsters[0].tiles == [] and s.monsters[0].wickedness == 6


@pytest.mark.rule("kot-dark 2.2.8")
def test_tile_taken_leaves_its_stack():
    s = take_tile([{}, {"location": "city"}, {}, {}], 1, RED)
    play(s, "tile devious")
    assert s.monsters[0].tiles == ["devious"] and s.monsters[0].levels == [3]
    assert "devious" not in s.tile_stacks["3"]


# ============================================================================ red, level 3
@pytest.mark.rule("kot-dark tile:devious")
def test_devious_one_extra_roll():
    s = pos([{"tiles": ["devious"]}, {}, {}, {}], step="roll")
    assert s.rolls_allowed == 4
    s = pos([{}, {}, {}, {}], step="roll")
    assert s.rolls_allowed == 3


@pytest.mark.rule("kot-dark tile:devious")
def test_devious_taken_gives_the_roll_at_once_next_turn():
    s = take_tile([{}, {"location": "city"}, {}, {}], 1, RED)
    play(s, "tile devious")
    assert s.hook_extra_rolls(s.monsters[0]) == 1


@pytest.mark.rule("kot-dark tile:eternal")
def test_eternal_heart_at_start_of_turn():
    s = pos([{"tiles": ["eternal"], "hearts": 6}, {}, {}, {}], step="turn-start")
    assert s.monsters[0].hearts == 7


@pytest.mark.rule("kot-dark tile:eternal", "kot-dark 2.5.4")
def test_eternal_heals_in_tokyo_too():
    s = pos([{"tiles": ["eternal"], "hearts": 6, "location": "city"}, {}, {}, {}], step="turn-start")
    assert s.monsters[0].hearts == 7 and s.monsters[0].stars == 2


@pytest.mark.rule("kot-dark tile:skulking")
def test_skulking_one_extra_star_for_triple_ones():
    s = pos([{"tiles": ["skulking"]}, {"location": "city"}, {}, {}], step="resolve", dice="1 1 1 2 h h")
    resolve(s, "numbers", "hearts")
    assert s.monsters[0].stars == 2


@pytest.mark.rule("kot-dark tile:skulking", "kot-dark R35")
def test_skulking_taken_with_the_triggering_triple_counts_at_once():
    # ruling R10: stars, then Wickedness and the tile choice, then number-triggered effects
    s = take_tile([{}, {"location": "city"}, {}, {}], 1, RED, dice="1 1 1 2 3 h")
    play(s, "tile skulking")
    assert s.monsters[0].stars == 2


@pytest.mark.rule("kot-dark tile:skulking")
def test_skulking_two_ones_nothing():
    s = pos([{"tiles": ["skulking"]}, {"location": "city"}, {}, {}], step="resolve", dice="1 1 2 2 2 h")
    resolve(s, "numbers", "hearts")
    assert s.monsters[0].stars == 2          # 2-2-2 only


@pytest.mark.rule("kot-dark tile:tireless")
def test_tireless_energy_at_start_of_turn():
    s = pos([{"tiles": ["tireless"], "energy": 2}, {}, {}, {}], step="turn-start")
    assert s.monsters[0].energy == 3


# ============================================================================ green, level 3
@pytest.mark.rule("kot-dark tile:barbs")
def test_barbs_extra_smash_from_two():
    s = pos([{"tiles": ["barbs"]}, {"location": "city"}, {}, {}], step="resolve", dice="c c 1 2 3 e")
    resolve(s, "smash")
    assert hearts(s) == [10, 7, 10, 10]


@pytest.mark.rule("kot-dark tile:barbs")
def test_barbs_counts_smashes_added_by_cards():
    s = pos([{"tiles": ["barbs"], "cards": ["acid-attack"]}, {"location": "city"}, {}, {}], step="resolve",
            dice="c 1 1 2 3 e")
    resolve(s, "smash")
    assert hearts(s) == [10, 7, 10, 10]      # 1 claw + 1 Acid Attack = 2, + 1 Barbs


@pytest.mark.rule("kot-dark tile:barbs")
def test_barbs_single_smash_nothing():
    s = pos([{"tiles": ["barbs"]}, {"location": "city"}, {}, {}], step="resolve", dice="c 1 1 2 3 e")
    resolve(s, "smash")
    assert hearts(s) == [10, 9, 10, 10]


@pytest.mark.rule("kot-dark tile:final-roar")
def test_final_roar_wins_when_eliminated_with_sixteen_stars():
    s = pos([{}, {"tiles": ["final-roar"], "location": "city", "hearts": 2, "stars": 16}, {"stars": 19}, {}],
            step="resolve", dice="c c c 1 2 e")
    resolve(s, "smash")
    assert s.is_terminal()
    assert s.winners == [1] and s.win_by == "final-roar"
    assert s.returns() == [0.0, 1.0, 0.0, 0.0]


@pytest.mark.rule("kot-dark tile:final-roar")
def test_final_roar_under_sixteen_stars_eliminated():
    s = pos([{}, {"tiles": ["final-roar"], "location": "city", "hearts": 2, "stars": 15}, {}, {}],
            step="resolve", dice="c c c 1 2 e")
    resolve(s, "smash")
    assert not s.is_terminal()
    assert not s.monsters[1].alive


@pytest.mark.rule("kot-dark tile:poison-spit")
def test_poison_spit_gives_poison_to_monsters_smashed():
    s = pos([{"tiles": ["poison-spit"]}, {"location": "city"}, {}, {}], step="resolve", dice="c c 1 2 3 e")
    resolve(s, "smash")
    assert s.monsters[1].poison == 1 and s.supply["poison"] == 11
    assert [m.poison for m in s.monsters] == [0, 1, 0, 0]


@pytest.mark.rule("kot-dark tile:poison-spit")
def test_poison_spit_tokens_cost_hearts_at_end_of_own_turn():
    s = pos([{"poison": 2, "hearts": 6}, {}, {}, {}], step="end")
    assert s.monsters[0].hearts == 4 and s.monsters[0].poison == 2


@pytest.mark.rule("kot-dark tile:poison-spit", "kot-dark 9.2.2", "kot-dark 9.2.3")
def test_poison_spit_heart_discards_a_token_outside_tokyo_only():
    s = pos([{"poison": 1, "hearts": 6}, {"location": "city"}, {}, {}], step="resolve", dice="h h 1 2 3 e")
    resolve(s, "hearts")
    assert kind(s) == "decision:heart" and s.legal_texts() == ["heart heal", "heart poison"]
    play(s, "heart poison")       # no token left: the second heart heals without a question
    assert s.monsters[0].poison == 0 and s.monsters[0].hearts == 7 and s.supply["poison"] == 12
    s = pos([{"poison": 1, "hearts": 6, "location": "city"}, {}, {}, {}], step="resolve", dice="h h 1 2 3 e")
    resolve(s, "hearts")
    assert kind(s) != "decision:heart"
    # no heal in Tokyo, the token stays, and costs 1 heart at the end of the turn
    assert s.monsters[0].poison == 1 and s.monsters[0].hearts == 5 and s.active == 1


@pytest.mark.rule("kot-dark tile:underdog")
def test_underdog_takes_a_star_from_a_richer_monster_smashed():
    s = pos([{"tiles": ["underdog"], "stars": 2}, {"location": "city", "stars": 5}, {}, {}], step="resolve",
            dice="c 1 1 2 3 e")
    resolve(s, "smash")
    assert stars(s) == [3, 4, 0, 0]


@pytest.mark.rule("kot-dark tile:underdog")
def test_underdog_not_from_a_poorer_monster():
    s = pos([{"tiles": ["underdog"], "stars": 5}, {"location": "city", "stars": 5}, {}, {}], step="resolve",
            dice="c 1 1 2 3 e")
    resolve(s, "smash")
    assert stars(s) == [5, 5, 0, 0]


# ============================================================================ red, level 6
@pytest.mark.rule("kot-dark tile:cyberbrain")
def test_cyberbrain_one_more_die():
    s = pos([{"tiles": ["cyberbrain"]}, {}, {}, {}], step="roll")
    assert len(s.dice) == 7


@pytest.mark.rule("kot-dark tile:evil-lair")
def test_evil_lair_discount_one_energy():
    s = pos([{"tiles": ["evil-lair"], "energy": 5}, {}, {}, {}], step="buy",
            market=["acid-attack", "wings", "tank"])
    play(s, "buy acid-attack")
    assert s.monsters[0].energy == 0 and s.monsters[0].cards == ["acid-attack"]


@pytest.mark.rule("kot-dark tile:evil-lair")
def test_evil_lair_stacks_with_alien_origin():
    s = pos([{"tiles": ["evil-lair"], "cards": ["alien-origin"], "energy": 4}, {}, {}, {}], step="buy",
            market=["acid-attack", "wings", "tank"])
    assert s.legal_texts()[:3] == ["buy acid-attack", "buy wings", "buy tank"]
    play(s, "buy wings")
    assert s.monsters[0].energy == 0


@pytest.mark.rule("kot-dark tile:full-regeneration")
def test_full_regeneration_taken_heals_to_twelve():
    s = take_tile([{"hearts": 5}, {"location": "city"}, {}, {}], 4, RED)
    play(s, "tile full-regeneration")
    m = s.monsters[0]
    assert m.hearts == 12 and s.max_hearts(m) == 12 and m.tiles == ["full-regeneration"]


@pytest.mark.rule("kot-dark tile:full-regeneration")
def test_full_regeneration_maximum_twelve():
    s = pos([{"tiles": ["full-regeneration"], "hearts": 9}, {"location": "city"}, {}, {}], step="resolve",
            dice="h h h h 1 2")
    resolve(s, "hearts")
    assert s.monsters[0].hearts == 12


@pytest.mark.rule("kot-dark tile:widespread-panic")
def test_widespread_panic_taken_others_lose_four_stars_then_discarded():
    s = take_tile([{"stars": 2, "energy": 1}, {"location": "city", "stars": 6}, {"stars": 3}, {}], 4, RED)
    play(s, "tile widespread-panic")
    assert stars(s) == [3, 2, 0, 0]          # seat 0: 2 + 1 for 1-1-1
    assert s.monsters[0].tiles == [] and "widespread-panic" in s.tiles_out
    assert "widespread-panic" not in s.tile_stacks["6"]
    assert s.monsters[0].levels == [6]


# ============================================================================ green, level 6
@pytest.mark.rule("kot-dark tile:defender-of-tokyo")
def test_defender_of_tokyo_on_entering():
    s = pos([{"tiles": ["defender-of-tokyo"]}, {"stars": 3}, {"stars": 0}, {"stars": 1}], step="resolve",
            dice="1 2 3 e h h")
    resolve(s, "energy", "hearts")
    assert s.city == 0
    assert stars(s) == [1, 2, 0, 0]


@pytest.mark.rule("kot-dark tile:defender-of-tokyo")
def test_defender_of_tokyo_at_start_of_turn_in_tokyo():
    s = pos([{"tiles": ["defender-of-tokyo"], "location": "city"}, {"stars": 3}, {"stars": 0}, {"stars": 1}],
            step="turn-start")
    assert stars(s) == [2, 2, 0, 0]


@pytest.mark.rule("kot-dark tile:defender-of-tokyo")
def test_defender_of_tokyo_nothing_outside_tokyo():
    s = pos([{"tiles": ["defender-of-tokyo"]}, {"stars": 3, "location": "city"}, {}, {"stars": 1}],
            step="turn-start")
    assert stars(s) == [0, 3, 0, 1]


@pytest.mark.rule("kot-dark tile:fluxling", "kot-dark 9.5.1", "kot-dark R17")
def test_fluxling_taken_copies_a_keep_card():
    s = take_tile([{}, {"location": "city", "cards": ["acid-attack", "even-bigger"]}, {"cards": ["wings"]}, {}],
                  4, GREEN, dice="1 1 1 2 3 h")
    play(s, "tile fluxling")
    assert kind(s) == "card:fluxling" and s.current_player() == 0
    assert s.legal_texts() == ["copy acid-attack", "copy even-bigger", "copy wings", "pass"]
    play(s, "copy even-bigger")
    m = s.monsters[0]
    # Even Bigger's on-gain effect applies to the copy (R17): +2 hearts, maximum 12
    assert m.copy == "even-bigger" and m.hearts == 12 and s.max_hearts(m) == 12


@pytest.mark.rule("kot-dark tile:fluxling", "kot-dark R17")
def test_fluxling_copy_works_as_the_card():
    s = pos([{"tiles": ["fluxling"], "copy": "acid-attack"}, {"location": "city", "cards": ["acid-attack"]}, {}, {}],
            options=GREEN, step="resolve", dice="1 2 3 e h h")
    resolve(s, "smash")
    assert hearts(s)[1] == 9


@pytest.mark.rule("kot-dark tile:fluxling", "kot-dark 9.5.3", "kot-dark R17")
def test_fluxling_copy_of_a_card_nobody_holds_does_nothing():
    s = pos([{"tiles": ["fluxling"], "copy": "acid-attack"}, {"location": "city"}, {}, {}],
            options=GREEN, step="resolve", dice="1 2 3 e h h")
    assert "resolve smash" not in s.legal_texts()


@pytest.mark.rule("kot-dark tile:fluxling", "kot-dark 9.5.4", "kot-dark R17")
def test_fluxling_may_switch_at_start_of_turn():
    s = pos([{"tiles": ["fluxling"], "copy": "acid-attack"}, {"cards": ["acid-attack", "giant-brain"]}, {}, {}],
            options=GREEN, step="turn-start")
    assert kind(s) == "card:fluxling" and s.current_player() == 0
    assert s.legal_texts() == ["copy giant-brain", "pass"]
    play(s, "copy giant-brain")
    assert s.monsters[0].copy == "giant-brain"
    assert s.rolls_allowed == 4                 # switched before rolling


@pytest.mark.rule("kot-dark tile:fluxling", "kot-dark 9.5.2", "kot-dark card:smoke-cloud", "kot-dark R13")
@pytest.mark.parametrize("holder_tokens", [3, 2, 1])
def test_fluxling_copy_of_smoke_cloud_gets_three_smoke_tokens_of_its_own(holder_tokens):
    """Rulebook, Fluxling clarification: the copy works as if the card had just been
    played, tokens included; a fresh or a used Smoke Cloud alike (rulings R13, R17)."""
    s = pos([{"tiles": ["fluxling"]}, {"cards": ["smoke-cloud"], "smoke": holder_tokens}, {}, {}], options=GREEN,
            step="turn-start")
    box = s.supply["smoke"]
    assert box == 3 - holder_tokens
    play(s, "copy smoke-cloud")
    assert s.monsters[0].smoke == 3
    assert s.monsters[1].smoke == holder_tokens and s.supply["smoke"] == box  # the box is not touched


def _smoke_copier(tokens=3, holder_tokens=1):
    """Seat 0 copies Smoke Cloud (seat 1 holds it) and has used its three rolls."""
    return pos([{"tiles": ["fluxling"], "copy": "smoke-cloud", "smoke": tokens},
                {"cards": ["smoke-cloud"], "smoke": holder_tokens}, {}, {}],
               options=GREEN, step="roll-decision", dice="1 2 3 e h c", rolls_used=3)


@pytest.mark.rule("kot-dark tile:fluxling", "kot-dark 9.5.2", "kot-dark R13", "kot-dark R17")
def test_fluxling_copy_spends_its_own_smoke_tokens_and_ends_when_they_run_out():
    s = _smoke_copier(tokens=1)
    box = s.supply["smoke"]
    assert s.legal_texts() == ["stop", "smoke"]
    play(s, "smoke")
    assert s.rolls_allowed == 4 and s.monsters[0].smoke == 0
    assert s.supply["smoke"] == box                     # a copy's token does not go into the box
    assert s.monsters[0].copy is None                   # the copy ends, like the card would be discarded
    assert s.monsters[1].cards == ["smoke-cloud"] and s.monsters[1].smoke == 1  # the real card stays


@pytest.mark.rule("kot-dark tile:fluxling", "kot-dark 9.5.4", "kot-dark R13")
def test_fluxling_switching_away_from_smoke_cloud_sets_its_tokens_aside():
    s = pos([{"tiles": ["fluxling"], "copy": "smoke-cloud", "smoke": 2},
             {"cards": ["smoke-cloud", "giant-brain"], "smoke": 3}, {}, {}], options=GREEN, step="turn-start")
    assert s.supply["smoke"] == 0
    play(s, "copy giant-brain")
    assert s.monsters[0].smoke == 0 and s.supply["smoke"] == 0 and s.monsters[1].smoke == 3


@pytest.mark.rule("kot-dark tile:fluxling", "kot-dark 9.5.3", "kot-dark R13", "kot-dark R17")
def test_fluxling_copy_of_smoke_cloud_ends_with_its_tokens_when_the_card_is_discarded():
    s = _smoke_copier(tokens=2, holder_tokens=1)
    s.active = 1
    s.monsters[1].cards = ["smoke-cloud"]
    from tokyo.games.kingoftokyo.powers import discard_own
    discard_own(s, s.monsters[1], "smoke-cloud")
    assert s.monsters[0].copy is None and s.monsters[0].smoke == 0
    assert s.supply["smoke"] == 3                        # the box has its 3 tokens again, no more


@pytest.mark.rule("kot-dark tile:fluxling", "kot-dark R13")
def test_fluxling_copier_eliminated_returns_no_copy_tokens_to_the_box():
    s = _smoke_copier(tokens=3, holder_tokens=3)
    assert s.supply["smoke"] == 0
    s.discard_everything(s.monsters[0])
    assert s.monsters[0].smoke == 0 and s.supply["smoke"] == 0


@pytest.mark.rule("kot-dark tile:have-it-all")
def test_have_it_all_taken_star_per_keep_card():
    s = take_tile([{"cards": ["wings", "acid-attack", "giant-brain"]}, {"location": "city"}, {}, {}], 4, GREEN)
    play(s, "tile have-it-all")
    assert s.monsters[0].stars == 1 + 3


@pytest.mark.rule("kot-dark tile:have-it-all")
def test_have_it_all_star_per_card_bought():
    s = pos([{"tiles": ["have-it-all"], "energy": 6}, {}, {}, {}], options=GREEN, step="buy",
            market=["acid-attack", "wings", "tank"])
    play(s, "buy acid-attack")
    assert s.monsters[0].stars == 1


@pytest.mark.rule("kot-dark tile:sonic-boomer")
def test_sonic_boomer_star_at_start_of_turn():
    s = pos([{"tiles": ["sonic-boomer"]}, {}, {}, {}], options=GREEN, step="turn-start")
    assert s.monsters[0].stars == 1


# ============================================================================ red, level 10
@pytest.mark.rule("kot-dark tile:antimatter-beam")
def test_antimatter_beam_doubles_smashes():
    s = pos([{"tiles": ["antimatter-beam"]}, {"location": "city"}, {}, {}], step="resolve", dice="c c 1 2 3 e")
    resolve(s, "smash")
    assert hearts(s) == [10, 6, 10, 10]


@pytest.mark.rule("kot-dark tile:antimatter-beam")
def test_antimatter_beam_doubles_smashes_added_by_cards():
    s = pos([{"tiles": ["antimatter-beam"], "cards": ["spiked-tail"]}, {"location": "city"}, {}, {}],
            step="resolve", dice="c 1 1 2 3 e")
    resolve(s, "smash")
    assert hearts(s) == [10, 6, 10, 10]      # (1 + 1) * 2


@pytest.mark.rule("kot-dark tile:antimatter-beam")
def test_antimatter_beam_after_barbs():
    s = pos([{"tiles": ["antimatter-beam", "barbs"]}, {"location": "city"}, {}, {}], step="resolve",
            dice="c c 1 2 3 e")
    resolve(s, "smash")
    assert hearts(s) == [10, 4, 10, 10]      # (2 + 1) * 2


@pytest.mark.rule("kot-dark tile:skybeam")
def test_skybeam_extra_energy_and_hearts_per_die():
    s = pos([{"tiles": ["skybeam"], "hearts": 4}, {"location": "city"}, {}, {}], step="resolve",
            dice="e e h h 1 2")
    resolve(s, "energy", "hearts")
    assert s.monsters[0].energy == 4 and s.monsters[0].hearts == 8


@pytest.mark.rule("kot-dark tile:skybeam", "kot-dark R27", "kot-dark 2.5.4")
def test_skybeam_extra_hearts_even_in_tokyo():
    s = pos([{"tiles": ["skybeam"], "hearts": 4, "location": "city"}, {}, {}, {}], step="resolve",
            dice="e e h h 1 2")
    resolve(s, "energy", "hearts")
    assert s.monsters[0].energy == 4 and s.monsters[0].hearts == 6   # ruling R27


# ============================================================================ green, level 10
@pytest.mark.rule("kot-dark tile:final-push")
def test_final_push_taken_hearts_energy_extra_turn_then_discarded():
    s = take_tile([{"hearts": 5, "tiles": ["barbs", "cyberbrain"]}, {"location": "city"}, {}, {}], 8, GREEN,
                  dice="1 1 1 2 3 2")
    assert s.node[3]["level"] == 10
    assert s.legal_texts() == ["tile final-push", "tile starburst", "pass"]
    play(s, "tile final-push")
    m = s.monsters[0]
    assert m.hearts == 7 and m.energy == 2 and [seat for seat, _ in s.extra_turns] == [0]
    assert "final-push" not in m.tiles and "final-push" in s.tiles_out
    play(s, "end")
    assert s.active == 0 and s.turn_count == 2


@pytest.mark.rule("kot-dark tile:starburst")
def test_starburst_taken_twelve_energy_then_discarded():
    s = take_tile([{"tiles": ["barbs", "cyberbrain"]}, {"location": "city"}, {}, {}], 9, GREEN,
                  dice="1 1 1 2 3 2")
    play(s, "tile starburst")
    m = s.monsters[0]
    assert m.energy == 12 and m.tiles == ["barbs", "cyberbrain"] and "starburst" in s.tiles_out
    assert m.levels == [3, 6, 10]
