"""One test (or a few) per ruling R1-R42 of docs/rulings.md, including both values of
the options star_tie (R1), wickedness_per_triple (R2), death_from_above (R5), ask_always (R41) and
resolve_done (R42)."""

import pytest

from rules_helpers import (BAY, CITY, OUT, energy, hearts, locations, node_kind, position, roll, stars,
                           take_turn, texts)


def card_node(state):
    """The name of a pending card decision (node kind "card"), else the node kind."""
    kind = node_kind(state)
    return state.node[3]["name"] if kind == "card" else kind


def resolve_all(state, order=("numbers", "hearts", "energy", "smash")):
    while node_kind(state) == "resolve":
        legal = state.legal_texts()
        state.apply_action(next(f"resolve {c}" for c in order if f"resolve {c}" in legal))


# ----- R1 star tie --------------------------------------------------------------------------------
def _tie(option, me_stars, other_stars):
    opts = {} if option is None else {"star_tie": option}
    specs = [{"stars": me_stars, "location": "city"}, {"stars": other_stars}, {}]
    return position(3, specs, options=opts, active=0, step="resolve", dice="3 3 3 1 1 2")


@pytest.mark.rule("kot-dark R1")
def test_r1_several_monsters_at_20_stars_share_the_win_by_default():
    state = _tie(None, 18, 20)
    assert stars(state) == [21, 20, 0]
    assert state.winners == [0, 1] and state.returns() == [1.0, 1.0, 0.0]


@pytest.mark.rule("kot-dark R1")
def test_r1_star_tie_most_stars_only_the_most_win():
    state = _tie("most-stars", 18, 20)
    assert state.winners == [0] and state.returns() == [1.0, 0.0, 0.0]


@pytest.mark.rule("kot-dark R1")
def test_r1_star_tie_most_stars_still_shared_on_equal_stars():
    state = _tie("most-stars", 17, 20)
    assert stars(state) == [20, 20, 0]
    assert state.winners == [0, 1]


# ----- R2 six 1s ------------------------------------------------------------------------------------
@pytest.mark.parametrize("option,dice,wick", [(None, "1 1 1 1 1 1", 4), ("each-triple", "1 1 1 1 1 1", 4),
                                             ("first-triple", "1 1 1 1 1 1", 2), (None, "2 2 2 2 2 2", 2),
                                             ("first-triple", "2 2 2 2 2 2", 1)])
@pytest.mark.rule("kot-dark R2")
def test_r2_wickedness_for_each_full_triple(option, dice, wick):
    opts = {} if option is None else {"wickedness_per_triple": option}
    state = position(2, [{}, {"location": "city"}], options=opts, active=0, step="resolve", dice=dice)
    m = state.monsters[0]
    assert m.wickedness == wick
    assert m.stars == (4 if dice[0] == "1" else 5)  # stars do not depend on the option


# ----- R3 gauge ceiling, several thresholds ---------------------------------------------------------
@pytest.mark.rule("kot-dark R3")
def test_r3_gauge_stops_at_10():
    state = position(2, [{"wickedness": 9, "tiles": ["devious", "cyberbrain"]}, {"location": "city"}],
                     active=0, step="resolve", dice="1 1 1 1 1 1")
    assert state.monsters[0].wickedness == 10
    assert state.node[2] == "tile" and state.node[3]["level"] == 10
    assert state.legal_texts() == ["tile antimatter-beam", "tile skybeam", "pass"]


@pytest.mark.rule("kot-dark R3")
def test_r3_one_gain_passing_two_levels_offers_a_tile_at_each():
    state = position(2, [{"wickedness": 2}, {"location": "city"}], active=0, step="resolve",
                     dice="1 1 1 1 1 1")
    assert state.monsters[0].wickedness == 6
    assert node_kind(state) == "tile" and state.node[3]["level"] == 3
    state.apply_action("tile eternal")
    assert node_kind(state) == "tile" and state.node[3]["level"] == 6
    state.apply_action("tile evil-lair")
    assert state.monsters[0].tiles == ["eternal", "evil-lair"]
    assert state.monsters[0].levels == [3, 6]


# ----- R4 five players, only the City monster yields ------------------------------------------------
@pytest.mark.rule("kot-dark R4")
def test_r4_attacker_enters_the_city_when_only_the_city_monster_yields():
    state = position(5, [{}, {"location": "city"}, {"location": "bay"}, {}, {}], active=0, step="resolve",
                     dice="c c 1 2 3 e")
    resolve_all(state)
    state.apply_action("yield", seat=1)
    state.apply_action("stay", seat=2)
    assert state.city == 0 and state.bay == 2
    assert locations(state) == [CITY, OUT, BAY, OUT, OUT]
    assert stars(state) == [1, 0, 0, 0, 0]


# ----- R5 Death From Above --------------------------------------------------------------------------
def _dfa(me, option=None, players=5):
    opts = {} if option is None else {"death_from_above": option}
    specs = [dict(me, energy=5)] + [{}] * (players - 1)
    if me.get("location") != "city":
        specs[1] = {"location": "city"}
    if me.get("location") != "bay" and players >= 5:
        specs[2] = {"location": "bay"}
    state = position(players, specs, options=opts, active=0, step="buy",
                     market=["death-from-above", "energize", "frenzy"])
    state.apply_action("buy death-from-above")
    return state


@pytest.mark.rule("kot-dark R5")
def test_r5_death_from_above_bought_in_bay_takes_the_city_and_everyone_else_leaves():
    state = _dfa({"location": "bay"})
    assert state.city == 0 and state.bay is None
    assert locations(state) == [CITY, OUT, OUT, OUT, OUT]
    assert state.monsters[0].stars == 2  # no entering star: it was already in Tokyo


@pytest.mark.rule("kot-dark R5")
def test_r5_death_from_above_bought_outside_enters_the_city_with_the_entering_star():
    state = _dfa({})
    assert state.city == 0 and state.bay is None
    assert locations(state) == [CITY, OUT, OUT, OUT, OUT]
    assert state.monsters[0].stars == 3


@pytest.mark.rule("kot-dark R5")
def test_r5_death_from_above_bought_in_the_city_only_gives_two_stars():
    state = _dfa({"location": "city"}, players=4)
    assert state.city == 0 and state.monsters[0].stars == 2


@pytest.mark.rule("kot-dark R5")
def test_r5_death_from_above_option_stay_buyer_in_bay_stays_and_nobody_moves():
    state = _dfa({"location": "bay"}, option="stay")
    assert state.city == 1 and state.bay == 0
    assert state.monsters[0].stars == 2


@pytest.mark.rule("kot-dark R5")
def test_r5_death_from_above_option_stay_still_takes_the_city_from_outside():
    state = _dfa({}, option="stay")
    assert state.city == 0 and state.monsters[0].stars == 3


# ----- R6 end of turn before an extra turn -----------------------------------------------------------
@pytest.mark.rule("kot-dark R6")
def test_r6_end_of_turn_effects_happen_before_the_extra_turn():
    specs = [{"location": "city", "energy": 13, "cards": ["energy-hoarder"]}, {}, {}]
    state = position(3, specs, active=0, step="buy", market=["frenzy", "energize", "extra-head"])
    state.apply_action("buy frenzy")
    state.apply_action("reveal tank")
    state.apply_action("end")
    log = texts(state)
    i_hoard = log.index("Alienoid gains 1 star for its energy (1).")
    i_extra = log.index("Alienoid takes another turn.")
    assert i_hoard < i_extra
    assert state.active == 0 and state.turn_count == 2
    assert state.monsters[0].stars == 3  # 1 from Energy Hoarder, then 2 for starting in Tokyo


@pytest.mark.rule("kot-dark R6")
def test_r6_end_of_game_check_before_the_extra_turn():
    specs = [{"location": "city", "energy": 13, "stars": 19, "cards": ["energy-hoarder"]}, {}, {}]
    state = position(3, specs, active=0, step="buy", market=["frenzy", "energize", "extra-head"])
    state.apply_action("buy frenzy")
    state.apply_action("reveal tank")
    state.apply_action("end")
    assert state.winners == [0] and state.monsters[0].stars == 20
    assert "Alienoid takes another turn." not in texts(state)


# ----- R7 losing Even Bigger ------------------------------------------------------------------------
@pytest.mark.parametrize("before,after", [(12, 10), (11, 10), (7, 7)])
@pytest.mark.rule("kot-dark R7")
def test_r7_losing_even_bigger_clips_hearts_to_the_new_maximum_only(before, after):
    specs = [{"hearts": before, "cards": ["metamorph", "even-bigger"]}, {"location": "city"}]
    state = position(2, specs, active=0, step="end")
    assert card_node(state) == "metamorph"
    state.apply_action("metamorph even-bigger")
    assert state.monsters[0].hearts == after
    assert state.monsters[0].energy == 4


# ----- R8 Natural Selection ----------------------------------------------------------------------------
@pytest.mark.rule("kot-dark R8")
def test_r8_natural_selection_loss_is_not_reduced():
    specs = [{"hearts": 1, "energy": 5, "cards": ["natural-selection", "armor-plating", "super-jump",
                                                  "rapid-healing"]}, {"location": "city"}, {}]
    state = position(3, specs, active=0, step="end", dice="3 1 2 e e h h")
    # no Armor Plating (a loss of 1), no Super Jump or Rapid Healing question
    assert not state.monsters[0].alive and state.monsters[0].hearts == 0
    assert state.active == 1


@pytest.mark.rule("kot-dark R8")
def test_r8_natural_selection_loss_not_stopped_by_wings_paid_this_turn():
    specs = [{"hearts": 6, "energy": 2, "cards": ["natural-selection", "wings"]}, {"location": "city"}, {}]
    state = position(3, specs, active=0, step="buy", dice="3 1 2 e e h h")
    state.monsters[0].wings_turn = state.turn_count  # Wings paid earlier this turn
    state.apply_action("end")
    assert not state.monsters[0].alive


@pytest.mark.rule("kot-dark R8")
def test_r8_natural_selection_zero_hearts_effects_still_apply():
    specs = [{"hearts": 6, "stars": 5, "cards": ["natural-selection", "zombify"]}, {"location": "city"}, {}]
    state = position(3, specs, active=0, step="end", dice="3 1 2 e e h h")
    m = state.monsters[0]
    assert m.alive and m.zombified and m.hearts == 12
    assert m.cards == [] and m.stars == 0


# ----- R9 order at 0 hearts ------------------------------------------------------------------------
@pytest.mark.rule("kot-dark R9")
def test_r9_rapid_healing_offered_before_a_loss_that_would_reach_zero():
    specs = [{"location": "city"}, {"hearts": 2, "energy": 2, "cards": ["rapid-healing"]}, {}]
    state = position(3, specs, active=0, step="resolve", dice="c c 1 2 3 e")
    resolve_all(state)
    assert card_node(state) == "rapid-healing" and state.node[1] == 1
    assert state.legal_texts() == ["rapid-heal", "pass"]
    assert state.monsters[1].hearts == 2  # asked before the loss
    state.apply_action("rapid-heal", seat=1)
    assert state.monsters[1].hearts == 1 and state.monsters[1].alive
    assert state.monsters[1].energy == 0


@pytest.mark.rule("kot-dark R9")
def test_r9_eater_of_the_dead_then_final_roar_before_zombify():
    specs = [{"location": "city"},
             {"hearts": 2, "stars": 16, "tiles": ["final-roar"], "cards": ["zombify"]},
             {"stars": 17, "cards": ["eater-of-the-dead"]}]
    state = position(3, specs, options={"wickedness_side": "green"}, active=0, step="resolve",
                     dice="c c 1 2 3 e")
    resolve_all(state)
    log = texts(state)
    assert log.index("Gigazaur gains 3 stars as The King drops to 0 hearts (20).") < log.index(
        "The King falls with 16 stars and wins with a Final Roar!")
    # Final Roar wins at once and alone (R24), even with another monster at 20 stars
    assert state.is_terminal() and state.winners == [1] and state.win_by == "final-roar"
    assert not state.monsters[1].zombified


@pytest.mark.rule("kot-dark R9")
def test_r9_final_roar_below_16_stars_lets_zombify_save():
    specs = [{"location": "city"}, {"hearts": 2, "stars": 15, "tiles": ["final-roar"], "cards": ["zombify"]}, {}]
    state = position(3, specs, options={"wickedness_side": "green"}, active=0, step="resolve",
                     dice="c c 1 2 3 e")
    resolve_all(state)
    m = state.monsters[1]
    assert not state.is_terminal()
    assert m.alive and m.zombified and m.hearts == 12 and m.tiles == []


@pytest.mark.rule("kot-dark R9")
def test_r9_zombify_before_it_has_a_child_and_only_one_applies():
    specs = [{"location": "city"}, {"hearts": 2, "stars": 8, "cards": ["it-has-a-child", "zombify"]}, {}]
    state = position(3, specs, active=0, step="resolve", dice="c c 1 2 3 e")
    resolve_all(state)
    m = state.monsters[1]
    assert m.alive and m.zombified and m.hearts == 12
    assert m.cards == [] and m.stars == 0
    assert "it-has-a-child" in state.discard and "zombify" in state.discard


# ----- R10 resolve order ------------------------------------------------------------------------------
@pytest.mark.rule("kot-dark R10")
def test_r10_die_changing_cards_only_before_the_first_category():
    # Reflective Hide in Tokyo keeps the order a question after the change (R41)
    specs = [{"energy": 4, "cards": ["stretchy"]}, {"location": "city", "cards": ["reflective-hide"]}]
    state = position(2, specs, active=0, step="resolve", dice="3 3 1 e h c")
    legal = state.legal_texts()
    assert "stretch 1 3" in legal and "resolve numbers" not in legal
    state.apply_action("stretch 1 3")
    assert sorted(state.dice) == ["3", "3", "3", "c", "e", "h"]
    state.apply_action("resolve numbers")
    assert state.monsters[0].stars == 3
    assert not any(t.startswith("stretch") for t in state.legal_texts())
    assert state.legal_texts() == ["resolve hearts", "resolve energy", "resolve smash"]


@pytest.mark.rule("kot-dark R10")
def test_r10_numbers_stars_then_wickedness_and_tile_then_number_cards():
    specs = [{"wickedness": 1, "cards": ["gourmet"]}, {"location": "city"}]
    state = position(2, specs, active=0, step="resolve", dice="1 1 1 e h c")
    state.apply_action("resolve numbers")
    # dice stars and Wickedness are in; the tile is chosen before Gourmet scores
    assert node_kind(state) == "tile"
    assert state.monsters[0].stars == 1 and state.monsters[0].wickedness == 3
    state.apply_action("tile skulking")
    # Skulking is gained mid-resolve: it is a card triggered by numbers, and applies
    assert state.monsters[0].stars == 1 + 2 + 1
    log = texts(state)
    assert (log.index("Alienoid gains 1 star for 1-1-1 (1).") < log.index("Alienoid gains 2 Wickedness (3).")
            < log.index("Alienoid takes the Wickedness tile Skulking.")
            < log.index("Alienoid gains 2 stars for 1-1-1 (3)."))


# ----- R11 Fire Breathing ------------------------------------------------------------------------------
@pytest.mark.rule("kot-dark R11")
def test_r11_fire_breathing_adds_to_the_smash_of_a_neighbour_hit_and_hurts_a_neighbour_not_hit():
    specs = [{"cards": ["fire-breathing"]}, {"location": "city"}, {}, {}]
    state = position(4, specs, active=0, step="resolve", dice="c c 1 2 3 e")
    resolve_all(state)
    # The King (left, in the City) loses 2+1 in one Smash; Meka Dragon (right, outside) loses 1
    assert hearts(state) == [10, 7, 10, 9]
    assert node_kind(state) == "yield" and state.node[1] == 1


@pytest.mark.rule("kot-dark R11")
def test_r11_fire_breathing_in_a_two_player_game_only_one_extra():
    specs = [{"location": "city", "cards": ["fire-breathing"]}, {}]
    state = position(2, specs, active=0, step="resolve", dice="c c 1 2 3 e")
    resolve_all(state)
    assert hearts(state) == [10, 7]


# ----- R12 number of dice ---------------------------------------------------------------------------
@pytest.mark.rule("kot-dark R12", "kot-dark 0.1.3")
def test_r12_at_most_eight_dice():
    specs = [{"cards": ["extra-head", "natural-selection"], "tiles": ["cyberbrain"]}, {"location": "city"}]
    state = position(2, specs, active=0, step="roll", market=["energize", "frenzy", "tank"])
    assert len(state.dice) == 8


@pytest.mark.rule("kot-dark R12")
def test_r12_at_least_one_die_whatever_the_shrink_tokens():
    state = position(2, [{"shrink": 7}, {"location": "city"}], active=0, step="roll")
    assert len(state.dice) == 1


# ----- R13 tokens ------------------------------------------------------------------------------------
@pytest.mark.rule("kot-dark R13")
def test_r13_no_shrink_token_when_the_supply_is_empty():
    specs = [{"location": "city", "cards": ["shrink-ray"]}, {}, {"shrink": 12}]
    state = position(3, specs, active=0, step="resolve", dice="c 1 2 3 e h")
    resolve_all(state)
    assert state.monsters[1].hearts == 9 and state.monsters[1].shrink == 0
    assert state.supply["shrink"] == 0


@pytest.mark.rule("kot-dark R13")
def test_r13_shrink_token_given_while_the_supply_lasts():
    specs = [{"location": "city", "cards": ["shrink-ray"]}, {}, {"shrink": 11}]
    state = position(3, specs, active=0, step="resolve", dice="c 1 2 3 e h")
    resolve_all(state)
    assert [m.shrink for m in state.monsters] == [0, 1, 11]
    assert state.supply["shrink"] == 0


@pytest.mark.rule("kot-dark R13")
def test_r13_smoke_cloud_takes_only_the_smoke_tokens_left():
    state = position(2, [{"energy": 4}, {"location": "city"}], active=0, step="buy",
                     market=["smoke-cloud", "energize", "frenzy"])
    state.supply["smoke"] = 1
    state.apply_action("buy smoke-cloud")
    assert state.monsters[0].smoke == 1 and state.supply["smoke"] == 0


@pytest.mark.rule("kot-dark R13", "kot-dark 9.5.2")
def test_r13_a_fluxling_copy_of_smoke_cloud_has_three_tokens_outside_the_box():
    """The copy's 3 tokens are its own (Fluxling clarification); the box's 3 stay with the
    real card and the supply: after the copy is taken and spent, the box count is unchanged."""
    state = position(3, [{"tiles": ["fluxling"]}, {"cards": ["smoke-cloud"], "smoke": 3}, {}],
                     options={"wickedness_side": "green"}, active=0, step="turn-start")
    state.apply_action("copy smoke-cloud")
    assert state.monsters[0].smoke == 3 and state.monsters[1].smoke == 3 and state.supply["smoke"] == 0
    box = lambda: state.supply["smoke"] + sum(m.smoke for m in state.monsters if "smoke-cloud" in m.cards)
    assert box() == 3
    while state.monsters[0].smoke:
        while "smoke" not in state.legal_texts():
            state.apply_action("roll 1" if node_kind(state) == "die" else state.legal_texts()[-1])  # reroll all
        state.apply_action("smoke")
        assert box() == 3
    assert state.monsters[0].copy is None


# ----- R14 Reflective Hide ----------------------------------------------------------------------------
@pytest.mark.rule("kot-dark R14")
def test_r14_reflective_hide_losses_are_not_reflected_again():
    # only one Reflective Hide exists: give the second by hand (the order is asked: R41)
    state = position(2, [{"location": "city"}, {"cards": ["reflective-hide"]}], active=0, step="resolve",
                     dice="c c 1 2 3 e")
    state.monsters[0].cards.append("reflective-hide")
    resolve_all(state)
    assert hearts(state) == [9, 8]


# ----- R15 Rapid Healing ----------------------------------------------------------------------------
@pytest.mark.rule("kot-dark R15")
def test_r15_rapid_healing_at_own_resolve_and_buy_decisions():
    specs = [{"hearts": 5, "energy": 4, "cards": ["rapid-healing"]}, {"location": "city"}]
    state = position(2, specs, active=0, step="roll")
    roll(state, "1 2 3 e h c")
    assert "rapid-heal" not in state.legal_texts()  # not while rolling
    state.apply_action("stop")
    assert "rapid-heal" in state.legal_texts()
    state.apply_action("rapid-heal")
    assert (state.monsters[0].hearts, state.monsters[0].energy) == (6, 2)
    state.apply_action("resolve smash")
    state.apply_action("stay", seat=1)
    # hearts and energy are left: their order cannot matter (R41), they resolve: 6 + 1
    assert node_kind(state) == "buy" and "rapid-heal" in state.legal_texts()
    state.apply_action("rapid-heal")
    assert (state.monsters[0].hearts, state.monsters[0].energy) == (8, 1)


@pytest.mark.rule("kot-dark R15")
def test_r15_rapid_healing_not_offered_at_full_hearts_or_without_2_energy():
    state = position(2, [{"energy": 4, "cards": ["rapid-healing"]}, {"location": "city"}], active=0,
                     step="resolve", dice="1 2 3 e h c")
    assert "rapid-heal" not in state.legal_texts()
    state = position(2, [{"hearts": 4, "energy": 1, "cards": ["rapid-healing"]}, {"location": "city"}],
                     active=0, step="resolve", dice="1 2 3 e h c")
    assert "rapid-heal" not in state.legal_texts()


# ----- R16 Freeze Time ------------------------------------------------------------------------------
@pytest.mark.rule("kot-dark R16", "kot-dark card:freeze-time")
def test_r16_freeze_time_owner_chooses_the_extra_turn_with_one_die_fewer():
    specs = [{"cards": ["freeze-time"]}, {"location": "city"}]
    state = position(2, specs, active=0, step="resolve", dice="1 1 1 2 3 e")
    resolve_all(state)
    assert card_node(state) == "freeze-time" and state.legal_texts() == ["freeze", "pass"]
    state.apply_action("freeze")
    assert state.active == 0 and state.turn_count == 2
    assert len(state.dice) == 5
    take_turn(state, "2 2 3 3 e")
    assert state.active == 1  # the one extra turn is over


@pytest.mark.rule("kot-dark R16", "kot-dark card:freeze-time")
def test_r16_freeze_time_extra_turn_may_be_declined_when_it_would_be_fatal():
    """Poisoned in Tokyo with 2 hearts: the forced extra turn ended in elimination."""
    specs = [{"hearts": 2, "poison": 1, "location": "city", "cards": ["freeze-time"]}, {}, {}]
    state = position(3, specs, active=0, step="resolve", dice="1 1 1 e e e")
    resolve_all(state)
    state.apply_action("end")                     # buy nothing
    assert state.monsters[0].hearts == 1          # the Poison token at the end of the turn
    assert card_node(state) == "freeze-time" and state.node[1] == 0
    state.apply_action("pass")
    assert state.active == 1 and state.turn_count == 2 and state.monsters[0].alive
    assert len(state.dice) == 6


# ----- R17 Fluxling -------------------------------------------------------------------------------
def _fluxling_state():
    specs = [{"wickedness": 4, "hearts": 8}, {"location": "city", "cards": ["even-bigger"]},
             {"cards": ["alien-origin"]}]
    state = position(3, specs, options={"wickedness_side": "green"}, active=0, step="resolve",
                     dice="2 2 2 2 2 2")
    assert node_kind(state) == "tile" and state.node[3]["level"] == 6
    state.apply_action("tile fluxling")
    return state


@pytest.mark.rule("kot-dark R17")
def test_r17_fluxling_copies_another_monsters_keep_card_with_its_gain_effect():
    state = _fluxling_state()
    assert card_node(state) == "fluxling"
    assert state.legal_texts() == ["copy even-bigger", "copy alien-origin", "pass"]
    state.apply_action("copy even-bigger")
    m = state.monsters[0]
    assert m.copy == "even-bigger"
    assert m.hearts == 10 and state.max_hearts(m) == 12


@pytest.mark.rule("kot-dark R17")
def test_r17_fluxling_may_switch_at_the_start_of_each_own_turn():
    state = _fluxling_state()
    state.apply_action("copy alien-origin")
    state.apply_action("stay", seat=1) if node_kind(state) == "yield" else None
    while state.active != 0 or node_kind(state) != "card":
        kind = node_kind(state)
        if kind == "die":
            state.apply_action("roll 1")
        elif kind == "roll":
            state.apply_action("stop")
        else:
            state.apply_action(state.legal_texts()[-1])
    assert card_node(state) == "fluxling" and state.node[3]["why"] == "turn"
    assert state.legal_texts() == ["copy even-bigger", "pass"]
    state.apply_action("copy even-bigger")
    assert state.monsters[0].copy == "even-bigger"


@pytest.mark.rule("kot-dark R17")
def test_r17_fluxling_copy_of_a_card_nobody_holds_has_no_effect():
    state = _fluxling_state()
    state.apply_action("copy alien-origin")
    m = state.monsters[0]
    assert state.buy_cost(m, "energize") == 7
    state.monsters[2].cards.remove("alien-origin")
    state.discard.append("alien-origin")
    assert state.buy_cost(m, "energize") == 8
    assert not state.has(m, "alien-origin")


@pytest.mark.rule("kot-dark R17", "kot-dark 9.5.3")
def test_r17_fluxling_copy_ends_when_its_card_is_discarded():
    state = _fluxling_state()
    state.apply_action("copy even-bigger")
    m = state.monsters[0]
    assert m.copy == "even-bigger" and state.max_hearts(m) == 12
    state.discard_card(state.monsters[1], "even-bigger")
    assert m.copy is None and state.max_hearts(m) == 10


# ----- R18 Burrowing --------------------------------------------------------------------------------
@pytest.mark.rule("kot-dark R18")
def test_r18_burrowing_toll_on_the_monster_taking_the_yielded_place():
    specs = [{}, {"location": "city", "cards": ["burrowing"]}, {}]
    state = position(3, specs, active=0, step="resolve", dice="c c 1 2 3 e")
    resolve_all(state)
    state.apply_action("yield", seat=1)
    assert state.city == 0
    assert hearts(state) == [9, 8, 10]
    assert state.monsters[0].stars == 1


# ----- R19 Jets ---------------------------------------------------------------------------------------
@pytest.mark.rule("kot-dark R19")
def test_r19_jets_decides_before_losing_hearts_and_yielding_loses_none():
    specs = [{}, {"location": "city", "cards": ["jets"]}, {}]
    state = position(3, specs, active=0, step="resolve", dice="c c c 1 2 e")
    resolve_all(state)
    assert card_node(state) == "jets" and state.node[1] == 1
    assert state.monsters[1].hearts == 10
    state.apply_action("yield", seat=1)
    assert state.monsters[1].hearts == 10 and state.monsters[1].location == OUT
    assert state.city == 0


@pytest.mark.rule("kot-dark R19")
def test_r19_jets_staying_loses_the_hearts_and_is_not_asked_again():
    specs = [{}, {"location": "city", "cards": ["jets"]}, {}]
    state = position(3, specs, active=0, step="resolve", dice="c c c 1 2 e")
    resolve_all(state)
    state.apply_action("stay", seat=1)
    assert state.monsters[1].hearts == 7 and state.city == 1
    assert node_kind(state) != "yield" and state.active == 1


# ----- R20 active monster eliminated during its turn ------------------------------------------------
@pytest.mark.rule("kot-dark R20")
def test_r20_active_monster_eliminated_stops_its_turn():
    specs = [{"hearts": 1, "energy": 10}, {"location": "city", "cards": ["reflective-hide"]}, {}]
    state = position(3, specs, active=0, step="resolve", dice="c h h e 1 2")
    state.apply_action("resolve smash")
    assert not state.monsters[0].alive
    # The King was wounded by Claws: it may still yield
    state.apply_action("yield", seat=1)
    # no hearts, energy, entering or buying for the eliminated monster
    assert state.city is None and state.monsters[0].location == OUT
    assert state.monsters[0].energy == 0
    assert state.active == 1 and node_kind(state) == "die"


# ----- R21 Opportunist ------------------------------------------------------------------------------
@pytest.mark.rule("kot-dark R21")
def test_r21_opportunist_not_offered_on_its_owners_turn():
    specs = [{"energy": 8, "cards": ["opportunist"]}, {"location": "city"}, {}]
    state = position(3, specs, active=0, step="buy", market=["corner-store", "energize", "frenzy"])
    state.apply_action("buy corner-store")
    state.apply_action("reveal tank")
    assert node_kind(state) == "buy" and "buy tank" in state.legal_texts()


@pytest.mark.rule("kot-dark R21")
def test_r21_opportunist_offered_to_other_owners():
    specs = [{"energy": 8}, {"location": "city"}, {"energy": 5, "cards": ["opportunist"]}]
    state = position(3, specs, active=0, step="buy", market=["corner-store", "energize", "frenzy"])
    state.apply_action("buy corner-store")
    state.apply_action("reveal tank")
    assert card_node(state) == "opportunist" and state.node[1] == 2
    assert state.legal_texts() == ["buy tank", "pass"]


# ----- R22 Psychic Probe ----------------------------------------------------------------------------
@pytest.mark.rule("kot-dark R22")
def test_r22_psychic_probe_after_the_final_roll_before_resolving():
    specs = [{}, {"location": "city"}, {"cards": ["psychic-probe"]}]
    state = position(3, specs, active=0, step="roll")
    roll(state, "c c c 1 2 e")
    state.apply_action("stop")
    assert card_node(state) == "probe" and state.node[1] == 2
    assert state.legal_texts() == ["probe 1", "probe 2", "probe e", "probe c", "pass"]
    state.apply_action("probe c", seat=2)
    assert card_node(state) == "card-die"
    state.apply_action("roll 3")
    assert sorted(state.dice) == ["1", "2", "3", "c", "c", "e"]
    log = [e.text for e in state.log]  # then the dice resolve (at once: R41)
    assert log.index("The rerolled die shows 3.") < log.index("Alienoid Smashes for 2: The King.")
    assert "psychic-probe" in state.monsters[2].cards


@pytest.mark.rule("kot-dark R22")
def test_r22_psychic_probe_not_offered_on_its_owners_turn():
    state = position(3, [{"cards": ["psychic-probe"]}, {"location": "city"}, {}], active=0, step="roll")
    roll(state, "c c c 1 2 e")
    state.apply_action("stop")
    assert node_kind(state) == "yield"  # the dice resolved, nobody was asked to probe
    assert not any("Psychic Probe" in e.rule for e in state.log)


# ----- R23 Made in a Lab ----------------------------------------------------------------------------
@pytest.mark.rule("kot-dark R23")
def test_r23_made_in_a_lab_only_the_owner_learns_the_card_and_it_stays_on_top():
    specs = [{"energy": 3, "cards": ["made-in-a-lab"]}, {"location": "city", "energy": 9}, {}]
    state = position(3, specs, active=0, step="buy", market=["corner-store", "energize", "frenzy"])
    assert "peek" in state.legal_texts()
    state.apply_action("peek")
    assert node_kind(state) == "peek"
    state.apply_action("reveal tank")
    event = state.log[-1]
    assert event.text == "The top card is Tank." and event.seats == (0,)
    assert state.observation(0)["known_top"] == ["tank"]
    assert state.observation(1)["known_top"] == []
    assert "peek" not in state.legal_texts()  # once per turn
    assert "buy-top" not in state.legal_texts()  # Tank costs 4, 3 energy
    state.apply_action("buy corner-store")
    # the card put back is the next card revealed: no chance node
    assert state.market == ["tank", "energize", "frenzy"]


# ----- R24 Final Roar --------------------------------------------------------------------------------
@pytest.mark.rule("kot-dark R24")
def test_r24_final_roar_ends_the_game_at_once_and_wins_alone():
    specs = [{"stars": 20}, {"location": "city", "hearts": 2, "stars": 16, "tiles": ["final-roar"]}, {}]
    state = position(3, specs, options={"wickedness_side": "green"}, active=0, step="resolve",
                     dice="c c h e 1 2")
    state.apply_action("resolve smash")  # Final Roar in reach: the order is asked (R41)
    assert state.is_terminal()
    assert state.winners == [1] and state.returns() == [0.0, 1.0, 0.0]
    assert state.monsters[0].energy == 0  # the rest of the turn never happened


# ----- R25 Wickedness after It Has a Child! -----------------------------------------------------------
@pytest.mark.rule("kot-dark R25")
def test_r25_it_has_a_child_resets_wickedness_and_tiles_may_be_earned_again():
    specs = [{"location": "city"},
             {"hearts": 1, "stars": 7, "wickedness": 4, "tiles": ["devious"], "cards": ["it-has-a-child"]}]
    state = position(2, specs, active=0, step="resolve", dice="c 1 2 3 e h")
    resolve_all(state)
    m = state.monsters[1]
    assert m.alive and m.hearts == 10 and m.stars == 0
    assert (m.wickedness, m.levels, m.tiles) == (0, [], [])
    assert "devious" in state.tiles_out
    assert state.active == 1
    roll(state, "1 1 1 2 2 2")
    state.apply_action("stop")
    assert m.wickedness == 3
    assert node_kind(state) == "tile" and state.node[3]["level"] == 3
    assert state.legal_texts() == ["tile eternal", "tile skulking", "tile tireless", "pass"]


# ----- R26 Hibernation -------------------------------------------------------------------------------
@pytest.mark.rule("kot-dark R26")
def test_r26_hibernation_no_numbers_no_smash_no_entering():
    state = position(3, [{"cards": ["hibernation"]}, {}, {}], active=0, step="resolve", dice="3 3 3 c c e")
    assert "discard hibernation" in state.legal_texts()
    resolve_all(state)
    assert stars(state) == [0, 0, 0] and state.city is None
    assert state.monsters[0].energy == 1
    assert hearts(state) == [10, 10, 10]


@pytest.mark.rule("kot-dark R26")
def test_r26_hibernation_no_buying_and_no_heart_loss():
    specs = [{"location": "city"}, {"cards": ["hibernation"], "energy": 9}, {}]
    state = position(3, specs, active=0, step="resolve", dice="c c c 1 2 e")
    resolve_all(state)
    assert hearts(state) == [10, 10, 7]
    assert state.active == 1
    roll(state, "1 2 3 e h h")
    state.apply_action("stop")
    while node_kind(state) == "resolve":
        state.apply_action(next(t for t in state.legal_texts() if t.startswith("resolve")))
    # its Buy step: 10 energy and Energize (cost 8) face up, yet nothing to buy
    assert node_kind(state) == "buy" and state.monsters[1].energy == 10 and "energize" in state.market
    assert state.legal_texts() == ["discard hibernation", "end"]


@pytest.mark.rule("kot-dark R26")
def test_r26_hibernation_buy_step_offers_only_discarding_it():
    specs = [{"cards": ["hibernation"], "energy": 9}, {"location": "city"}, {}]
    state = position(3, specs, active=0, step="buy", market=["corner-store", "energize", "frenzy"])
    assert state.legal_texts() == ["discard hibernation", "end"]
    state.apply_action("discard hibernation")
    assert state.legal_texts() == ["buy corner-store", "buy energize", "buy frenzy", "sweep", "end"]


@pytest.mark.rule("kot-dark R26")
def test_r26_hibernation_cannot_be_bought_in_tokyo():
    state = position(3, [{"location": "city", "energy": 9}, {}, {}], active=0, step="buy",
                     market=["hibernation", "energize", "frenzy"])
    assert "buy hibernation" not in state.legal_texts()


# ----- R27 Skybeam --------------------------------------------------------------------------------------
@pytest.mark.rule("kot-dark R27")
def test_r27_skybeam_extra_hearts_apply_even_in_tokyo():
    state = position(2, [{"location": "city", "hearts": 5, "tiles": ["skybeam"]}, {}], active=0,
                     step="resolve", dice="h h 1 2 3 1")
    assert state.monsters[0].hearts == 7


@pytest.mark.rule("kot-dark R27")
def test_r27_skybeam_outside_tokyo_adds_to_the_dice():
    state = position(2, [{"hearts": 3, "tiles": ["skybeam"]}, {"location": "city"}], active=0,
                     step="resolve", dice="h h 1 2 3 1")
    assert state.monsters[0].hearts == 7


# ----- R28 Smoke Cloud and Energy Drink ---------------------------------------------------------------
@pytest.mark.parametrize("card,word,me", [("smoke-cloud", "smoke", {"smoke": 3}),
                                            ("energy-drink", "drink", {"energy": 1})])
@pytest.mark.rule("kot-dark R28")
def test_r28_extra_roll_cards_offered_once_the_normal_rolls_are_used(card, word, me):
    state = position(2, [dict(me, cards=[card]), {"location": "city"}], active=0, step="roll")
    roll(state, "1 2 3 e h c")
    assert word not in state.legal_texts()
    state.apply_action("reroll 1")
    roll(state, "1")
    assert word not in state.legal_texts()
    state.apply_action("reroll 1")
    roll(state, "2")
    assert state.legal_texts() == ["stop", word]
    state.apply_action(word)
    assert state.rolls_allowed == 4
    assert "reroll 2 2" in state.legal_texts()


# ----- R29 Background Dweller ------------------------------------------------------------------------
@pytest.mark.rule("kot-dark R29")
def test_r29_background_dweller_rerolls_3s_again_and_again():
    state = position(2, [{"cards": ["background-dweller"]}, {"location": "city"}], active=0, step="roll-decision",
                     dice="3 3 1 e h c", rolls_used=3)
    assert state.legal_texts() == ["stop", "reroll 3", "reroll 3 3"]
    state.apply_action("reroll 3 3")
    roll(state, "3 2")
    assert state.legal_texts() == ["stop", "reroll 3"]
    state.apply_action("reroll 3")
    roll(state, "1")
    # no 3 left: rolling is over
    assert node_kind(state) != "roll"
    assert sorted(state.dice) == ["1", "1", "2", "c", "e", "h"]


# ----- R30 Eater of the Dead and rescued monsters -------------------------------------------------------
@pytest.mark.rule("kot-dark R30")
def test_r30_eater_of_the_dead_scores_when_a_zombified_monster_reached_0():
    specs = [{"location": "city"}, {"hearts": 2, "cards": ["zombify"]}, {"cards": ["eater-of-the-dead"]}]
    state = position(3, specs, active=0, step="resolve", dice="c c 1 2 3 e")
    resolve_all(state)
    assert state.monsters[1].alive and state.monsters[1].zombified
    assert state.monsters[2].stars == 3


# ----- R31 "at least one Smash" -----------------------------------------------------------------------
@pytest.mark.rule("kot-dark R31")
def test_r31_alpha_monster_and_fire_breathing_count_a_smash_added_by_a_card():
    specs = [{"cards": ["acid-attack", "alpha-monster", "fire-breathing"]}, {"location": "city"}, {}, {}]
    state = position(4, specs, active=0, step="resolve", dice="1 2 3 e h h")
    resolve_all(state)
    assert state.monsters[0].stars == 1          # Alpha Monster: Acid Attack's Smash is enough
    # Acid Attack's Smash on The King (+1 from Fire Breathing: a neighbour), and Fire Breathing's
    # heart on Meka Dragon, the other neighbour
    assert hearts(state) == [10, 8, 10, 9]


@pytest.mark.rule("kot-dark R31")
@pytest.mark.parametrize("card,me", [("spiked-tail", {}), ("urbavore", {"location": "city"})])
def test_r31_spiked_tail_and_urbavore_need_a_claw_die(card, me):
    others = [{"location": "city"}, {}, {}] if not me else [{}, {}, {}]
    state = position(4, [dict(me, cards=["acid-attack", card])] + others, active=0, step="resolve",
                     dice="1 2 3 e h h")
    resolve_all(state)
    hit = [s for s in range(1, 4) if state.monsters[s].hearts < 10]
    assert hit and all(state.monsters[s].hearts == 9 for s in hit)   # Acid Attack's 1, nothing more


@pytest.mark.rule("kot-dark R31")
def test_r31_poison_quills_needs_2_2_2_on_the_dice():
    specs = [{"cards": ["poison-quills"]}, {"location": "city"}, {}, {}]
    state = position(4, specs, active=0, step="resolve", dice="2 2 1 1 e c")
    resolve_all(state)
    assert hearts(state)[1] == 9
    state = position(4, specs, active=0, step="resolve", dice="2 2 2 1 e c")
    resolve_all(state)
    if node_kind(state) == "tile":
        state.apply_action("pass")
    assert hearts(state)[1] == 7


# ----- R36 a monster at 0 hearts is dealt with before the other effects of that loss ----------------
@pytest.mark.rule("kot-dark R36", "kot-dark R9")
def test_r36_a_monster_losing_its_last_heart_is_eliminated_before_the_effects_of_that_loss():
    """The King (1 heart, 13 stars, Final Roar, Eater of the Dead, Reflective Hide) is
    Smashed: it is eliminated at once with 13 stars. Its Reflective Hide, triggered by the
    loss, still costs Alienoid its last heart, but the discarded Eater of the Dead does not
    score for it, so there is no Final Roar at 16 stars."""
    specs = [{"hearts": 1, "location": "city"},
             {"hearts": 1, "stars": 13, "cards": ["reflective-hide", "eater-of-the-dead"], "tiles": ["final-roar"]},
             {}]
    state = position(3, specs, options={"wickedness_side": "green"}, active=0, step="resolve",
                     dice="c 2 2 e 3 3")
    resolve_all(state)
    log = texts(state)
    assert log.index("The King has no hearts left and is eliminated.") < log.index("Alienoid loses 1 heart (0).")
    assert state.monsters[1].stars == 13 and "eater-of-the-dead" in state.discard
    assert not any("Final Roar" in t or "drops to 0" in t for t in log)
    assert not state.monsters[0].alive and not state.monsters[1].alive
    assert state.winners == [2] and state.win_by == "survival"


@pytest.mark.rule("kot-dark R36", "kot-dark card:reflective-hide")
def test_r36_reflective_hide_still_reflects_when_its_holder_is_rescued_at_0_hearts():
    specs = [{"location": "city"}, {"hearts": 2, "stars": 4, "cards": ["reflective-hide", "zombify"]}, {}]
    state = position(3, specs, active=0, step="resolve", dice="c c 1 2 3 e")
    resolve_all(state)
    log = texts(state)
    assert log.index("The King rises again as a zombie with 12 hearts.") < log.index("Alienoid loses 1 heart (9).")
    assert state.monsters[1].zombified and state.monsters[1].cards == []
    assert hearts(state) == [9, 12, 8]


@pytest.mark.rule("kot-dark R36", "kot-dark tile:poison-spit")
def test_r36_an_eliminated_monster_gets_no_poison_token_from_the_smash_that_eliminated_it():
    specs = [{"location": "city", "tiles": ["poison-spit"]}, {"hearts": 2}, {}]
    state = position(3, specs, options={"wickedness_side": "green"}, active=0, step="resolve",
                     dice="c c 1 2 3 e")
    resolve_all(state)
    assert not state.monsters[1].alive and state.monsters[1].poison == 0
    assert state.monsters[2].poison == 1 and state.supply["poison"] == 11


@pytest.mark.rule("kot-dark R36", "kot-dark tile:final-roar", "kot-dark tile:underdog")
def test_r36_final_roar_counts_the_stars_held_when_eliminated_before_underdog_takes_one():
    specs = [{"location": "city", "tiles": ["underdog"]}, {"hearts": 2, "stars": 16, "tiles": ["final-roar"]}, {}]
    state = position(3, specs, options={"wickedness_side": "green"}, active=0, step="resolve",
                     dice="c c 1 2 3 e")
    resolve_all(state)
    assert state.winners == [1] and state.win_by == "final-roar"
    assert state.monsters[1].stars == 16 and state.monsters[0].stars == 0


# ----- R38 extra turns belong to the monster that earned them ------------------------------------
@pytest.mark.rule("kot-dark R38", "kot-dark card:freeze-time", "kot-dark card:frenzy")
def test_r38_extra_turns_earned_by_two_monsters_follow_this_turn_in_the_order_earned():
    specs = [{"energy": 2, "cards": ["freeze-time"]}, {}, {"energy": 7, "cards": ["opportunist"]}]
    state = position(3, specs, active=0, step="resolve", dice="1 1 1 2 3 c",
                     market=["energize", "extra-head", "giant-brain"])
    resolve_all(state)                  # Freeze Time: seat 0 has earned an extra turn
    state.apply_action("sweep")
    state.apply_action("reveal frenzy")
    state.apply_action("buy frenzy", seat=2)    # Opportunist: seat 2 earns one too
    for cid in ("acid-attack", "alien-origin", "alpha-monster"):
        state.apply_action(f"reveal {cid}")
    state.apply_action("freeze")
    assert state.active == 0 and state.turn_count == 2 and len(state.dice) == 5
    take_turn(state, "2 2 3 3 e")
    assert state.active == 2 and state.turn_count == 3 and len(state.dice) == 6
    take_turn(state, "2 2 3 3 e e")
    assert state.active == 1 and state.turn_count == 4


# ----- R41 the resolve order is asked only when it can matter ---------------------------------------
R41_LINE = "Alienoid resolves its numbers, its hearts, its energy and its Smash: the order cannot change anything."


def _settled(state, order):
    """Resolve in ``order`` (answering any other question with its first answer) until the
    Buy step; the position then, with the resolved categories sorted and no log."""
    order = list(order)
    while node_kind(state) != "buy":
        legal = state.legal_texts()
        if node_kind(state) == "resolve":
            text = next(f"resolve {c}" for c in order if f"resolve {c}" in legal)
            order.remove(text.split()[1])
            state.apply_action(text)
        else:
            state.apply_action(legal[0], seat=state.current_player())
    data = state._to_data()
    data["resolved"] = sorted(data["resolved"])
    return data


@pytest.mark.rule("kot-dark R41")
def test_r41_the_order_is_not_asked_when_no_order_can_change_anything():
    specs = [{"hearts": 6}, {"location": "city"}, {}, {}]
    state = position(4, specs, active=0, step="resolve", dice="3 3 3 h e c")
    # all four categories resolve at once, in the rulebook's order; the log says so
    assert node_kind(state) == "yield" and state.node[1] == 1
    assert [e.rule for e in state.log if e.text == R41_LINE] == ["kot-dark R41 Rulings"]
    assert not any(t.startswith("resolve") for t in state.history())
    assert (stars(state)[0], hearts(state)[:2], energy(state)[0]) == (3, [7, 9], 1)
    # safe: each of the 24 orders, asked as before the ruling, ends in the same position
    import itertools
    auto = _settled(state, ())
    for order in itertools.permutations(("numbers", "hearts", "energy", "smash")):
        asked = position(4, specs, options={"ask_always": True}, active=0, step="resolve", dice="3 3 3 h e c")
        assert node_kind(asked) == "resolve"
        assert _settled(asked, order) == auto, order


@pytest.mark.rule("kot-dark R41")
def test_r41_the_log_gives_the_reason_once_then_says_only_what_resolves():
    import random

    from tokyo.core import sample_chance
    state = position(4, [{"hearts": 6}, {"location": "city"}, {}, {}], active=0, step="resolve", dice="3 3 3 h e c")
    rng = random.Random(4)
    lines = lambda: [e for e in state.log if e.rule == "kot-dark R41 Rulings"]  # noqa: E731
    while len(lines()) < 4 and not state.is_terminal():
        state.apply_action(sample_chance(state, rng) if state.is_chance_node() else rng.choice(state.legal_texts()))
    first, *later = lines()
    assert first.text == R41_LINE
    assert later and all(e.text.endswith(("its Smash.", "its energy.", "its hearts.", "its numbers.")) for e in later), \
        [e.text for e in later]
    assert not any("cannot change anything" in e.text for e in later)


@pytest.mark.rule("kot-dark R41")
def test_r41_without_a_smash_no_card_around_makes_the_order_a_question():
    specs = [{"hearts": 6}, {"location": "city", "cards": ["reflective-hide", "unstable-dna"]}, {}, {}]
    state = position(4, specs, active=0, step="resolve", dice="3 3 3 h e 1")
    line = "Alienoid resolves its numbers, its hearts and its energy: the order cannot change anything."
    assert line in texts(state) and state.active == 1  # nothing to buy with 1 energy: the turn is over
    assert (stars(state)[0], hearts(state)[0], energy(state)[0]) == (3, 7, 1)


@pytest.mark.rule("kot-dark R41")
@pytest.mark.parametrize("players,specs,dice", [
    # a Wickedness tile may be taken: 2-2-2 reaches level 3
    (4, [{"wickedness": 2}, {"location": "city"}, {}, {}], "2 2 2 h e 1"),
    # the monster the Smash hurts may hit back (Reflective Hide, Unstable DNA) or win at once
    (4, [{}, {"location": "city", "cards": ["reflective-hide"]}, {}, {}], "1 2 3 h e c"),
    (4, [{}, {"location": "city", "cards": ["unstable-dna"]}, {}, {}], "1 2 3 h e c"),
    (4, [{}, {"location": "city", "tiles": ["final-roar"]}, {}, {}], "1 2 3 h e c"),
    # Fire Breathing hurts a neighbour outside Tokyo too, and that one has Reflective Hide
    (4, [{"cards": ["fire-breathing"]}, {}, {"location": "city"}, {"cards": ["reflective-hide"]}], "1 2 3 h e c"),
    # in Tokyo Bay: an elimination may close the Bay and move the active monster
    (5, [{"location": "bay"}, {"location": "city"}, {}, {}, {}], "1 2 3 h e c"),
    # a Fluxling copy ends if the holder of the copied card is eliminated by the Smash
    (4, [{"tiles": ["fluxling"], "copy": "acid-attack"}, {"location": "city", "cards": ["acid-attack"]}, {}, {}],
     "1 2 3 h e c"),
    # Poison tokens: the Heart decision would come before or after the Smash
    (4, [{"poison": 1, "hearts": 6}, {"location": "city"}, {}, {}], "1 2 3 h e c"),
    # Underdog reads its owner's stars, which the numbers change
    (4, [{"tiles": ["underdog"]}, {"location": "city", "stars": 2}, {}, {}], "3 3 3 h e c"),
])
def test_r41_the_order_is_still_asked_when_it_can_matter(players, specs, dice):
    state = position(players, specs, options={"wickedness_side": "green"}, active=0, step="resolve", dice=dice)
    assert node_kind(state) == "resolve" and all(t.startswith("resolve ") for t in state.legal_texts())
    assert not any("the order cannot change anything" in e.text for e in state.log)


@pytest.mark.rule("kot-dark R41")
def test_r41_the_cases_above_ask_only_with_what_makes_them_matter():
    # the same positions without the Smash, or with the card out of the Smash's reach
    for players, specs, dice in [
            (4, [{}, {"location": "city", "cards": ["reflective-hide"]}, {}, {}], "1 2 3 h e 1"),
            (4, [{}, {"location": "city"}, {}, {"cards": ["reflective-hide"]}], "1 2 3 h e c"),
            (4, [{"poison": 1, "hearts": 6}, {"location": "city"}, {}, {}], "1 2 3 h e 2"),
            (4, [{"tiles": ["underdog"]}, {"location": "city"}, {}, {}], "1 2 3 h e c")]:
        state = position(players, specs, options={"wickedness_side": "green"}, active=0, step="resolve",
                         dice=dice)
        assert node_kind(state) != "resolve", specs


@pytest.mark.rule("kot-dark R41", "kot-dark R10")
def test_r41_a_die_change_on_offer_keeps_the_question_and_ask_always_restores_it():
    state = position(4, [{"cards": ["herd-culler"]}, {"location": "city"}, {}, {}], active=0,
                     step="resolve", dice="1 1 2 h e c")
    assert node_kind(state) == "resolve" and "cull 2" in state.legal_texts()
    state.apply_action("resolve hearts")  # the cull is no longer offered: the rest is resolved at once
    assert node_kind(state) == "yield"
    state = position(4, [{}, {"location": "city"}, {}, {}], options={"ask_always": True}, active=0,
                     step="resolve", dice="3 3 3 h e c")
    assert state.legal_texts() == ["resolve numbers", "resolve hearts", "resolve energy", "resolve smash"]


# ----- R42 a card offered with no dice left to resolve is never forced ------------------------------
@pytest.mark.rule("kot-dark R42", "kot-dark R15", "kot-dark card:rapid-healing")
def test_r42_rapid_healing_with_no_dice_left_to_resolve_may_be_declined():
    # 1-1-2-2-3-3: no category has anything to do, Rapid Healing is the only card on offer
    specs = [{"hearts": 5, "energy": 6, "cards": ["rapid-healing"]}, {"location": "city"}, {}, {}]
    state = position(4, specs, active=0, step="resolve", dice="1 1 2 2 3 3")
    assert node_kind(state) == "resolve" and state.legal_texts() == ["rapid-heal", "done"]
    state.apply_action("done")
    assert (hearts(state)[0], energy(state)[0]) == (5, 6)
    assert node_kind(state) == "buy" and "rapid-heal" in state.legal_texts()  # still offered there (R15)
    # healing is asked again after each use, until the monster goes on
    state = position(4, specs, active=0, step="resolve", dice="1 1 2 2 3 3")
    state.apply_action("rapid-heal")
    assert node_kind(state) == "resolve" and state.legal_texts() == ["rapid-heal", "done"]
    state.apply_action("done")
    assert (hearts(state)[0], energy(state)[0]) == (6, 4) and node_kind(state) == "buy"


@pytest.mark.rule("kot-dark R42", "kot-dark R26", "kot-dark card:hibernation")
def test_r42_hibernation_is_kept_when_the_dice_do_nothing():
    # with Hibernation only hearts and energy count: 1-1-2-2-Claw-Claw leaves nothing to resolve
    specs = [{"cards": ["hibernation"]}, {"location": "city"}, {}, {}]
    state = position(4, specs, active=0, step="resolve", dice="1 1 2 2 c c")
    assert node_kind(state) == "resolve" and state.legal_texts() == ["discard hibernation", "done"]
    state.apply_action("done")
    m = state.monsters[0]
    assert m.cards == ["hibernation"] and m.location == OUT and hearts(state)[1] == 10
    # discarding it is still a choice: then the Claws count and the monster may enter Tokyo
    state = position(4, specs, active=0, step="resolve", dice="1 1 2 2 c c")
    state.apply_action("discard hibernation")
    assert state.monsters[0].cards == [] and hearts(state)[1] == 8


@pytest.mark.rule("kot-dark R42", "kot-dark R10")
@pytest.mark.parametrize("card,energy_,offered", [
    ("herd-culler", 0, ["cull 2", "cull 3"]),
    ("plot-twist", 0, ["twist 1 2", "twist 1 3"]),
    ("stretchy", 2, ["stretch 1 2", "stretch 1 3"]),
])
def test_r42_a_die_change_with_no_dice_left_to_resolve_may_be_declined(card, energy_, offered):
    specs = [{"cards": [card], "energy": energy_}, {"location": "city"}, {}, {}]
    state = position(4, specs, active=0, step="resolve", dice="1 1 2 2 3 3")
    legal = state.legal_texts()
    assert node_kind(state) == "resolve" and legal[-1] == "done" and set(offered) <= set(legal)
    assert not any(t.startswith("resolve ") for t in legal)
    state.apply_action("done")
    m = state.monsters[0]
    assert m.cards == [card] and m.energy == energy_ and m.stars == 0 and m.wickedness == 0
    assert not any("turns a die" in t for t in texts(state))


@pytest.mark.rule("kot-dark R42")
def test_r42_done_is_offered_only_when_no_category_is_left():
    # a category left to resolve is the way on: no done beside it
    specs = [{"hearts": 5, "energy": 6, "cards": ["rapid-healing"]}, {"location": "city"}, {}, {}]
    state = position(4, specs, active=0, step="resolve", dice="1 1 2 2 3 h")
    assert state.legal_texts() == ["rapid-heal", "resolve hearts"]
    # no card on offer and nothing to resolve: no question at all
    state = position(4, [{"hearts": 5}, {"location": "city"}, {}, {}], active=0, step="resolve",
                     dice="1 1 2 2 3 3")
    assert node_kind(state) != "resolve"


@pytest.mark.rule("kot-dark R42")
def test_r42_resolve_done_false_takes_a_lone_card_action_by_itself_as_before():
    specs = [{"hearts": 5, "energy": 6, "cards": ["rapid-healing"]}, {"location": "city"}, {}, {}]
    state = position(4, specs, options={"resolve_done": False}, active=0, step="resolve", dice="1 1 2 2 3 3")
    # the game before this ruling: healed until the energy ran out, nobody asked
    assert (hearts(state)[0], energy(state)[0]) == (8, 0) and node_kind(state) != "resolve"
    state = position(4, [{"cards": ["hibernation"]}, {"location": "city"}, {}, {}],
                     options={"resolve_done": False}, active=0, step="resolve", dice="1 1 2 2 c c")
    assert state.monsters[0].cards == []


class _Sleeper:
    """Buys Hibernation when it can (sweeping for it while nobody holds it), stops rolling at
    once and yields: a game in which dice that do nothing come soon after it is bought."""

    def reset(self, seed, seat):
        import random
        self.rng = random.Random(seed)

    def step(self, state):
        legal = state.legal_texts()
        if "buy hibernation" in legal:
            return "buy hibernation"
        if state.node[2] == "buy":
            held = any("hibernation" in m.cards for m in state.monsters)
            return "sweep" if "sweep" in legal and not held else "end"
        for text in ("stop", "yield"):
            if text in legal:
                return text
        return self.rng.choice(legal)


@pytest.mark.rule("kot-dark R42")
def test_r42_a_record_made_before_the_option_replays_as_it_was_played():
    import tokyo
    from tokyo import IllegalActionError
    from tokyo.sim import replay_record
    # seed 14: the record discards Hibernation by itself on dice that do nothing
    rec = tokyo.play_game(tokyo.load_game("kot-dark", 2, resolve_done=False), [_Sleeper(), _Sleeper()],
                          seed=14).as_dict()
    del rec["options"]["resolve_done"]  # as the engine wrote records before the option existed
    assert rec["options"]["ask_always"] is False
    today = tokyo.load_game("kot-dark", 2, **rec["options"])
    with pytest.raises(IllegalActionError, match="Legal: discard hibernation, done"):
        today._replay(rec["history"])
    result = replay_record(rec)
    assert result.ok, result.differences
    assert result.state.game.options["resolve_done"] is False and result.state.history() == rec["history"]
    # Game.replay finds the game it was played on: resolve_done=false, ask_always as named
    state = today.replay(rec["history"])
    assert state.game.options["resolve_done"] is False and state.game.options["ask_always"] is False
    assert state.returns() == rec["returns"] and state.history() == rec["history"]
