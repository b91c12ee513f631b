"""Rulebook: 2. Resolve Dice - Victory Points, Wickedness Points and tiles, Energy, Smash, Heal."""

import pytest

from tokyo import IllegalActionError
from rules_helpers import CITY, OUT, hearts, node_kind, position, roll, take_turn, texts

LEVEL3_RED = ["tile devious", "tile eternal", "tile skulking", "tile tireless", "pass"]
LEVEL6_RED = ["tile cyberbrain", "tile evil-lair", "tile full-regeneration", "tile widespread-panic", "pass"]


def resolve(dice, me=None, players=2, others=None, active=0):
    """Active seat 0 (outside Tokyo unless ``me`` says otherwise) at the resolve step."""
    specs = [dict(me or {})] + [dict(o) for o in (others or [{}] * (players - 1))]
    return position(players, specs, active=active, step="resolve", dice=dice)


def resolve_all(state, order=("numbers", "hearts", "energy", "smash")):
    while node_kind(state) == "resolve":
        legal = state.legal_texts()
        state.apply_action(next(f"resolve {c}" for c in order if f"resolve {c}" in legal))


# ----- Victory Points --------------------------------------------------------------------------
@pytest.mark.parametrize("dice,gain", [("1 1 1 e h c", 1), ("2 2 2 e h c", 2), ("3 3 3 e h c", 3)])
@pytest.mark.rule("kot-dark 2.1.1")
def test_three_of_a_kind_gains_its_number_in_stars(dice, gain):
    state = resolve(dice, others=[{"location": "city"}])
    resolve_all(state)
    if node_kind(state) == "tile":
        state.apply_action("pass")
    assert state.monsters[0].stars == gain


@pytest.mark.parametrize("dice,gain", [("3 3 3 3 e h", 4), ("3 3 3 3 3 h", 5), ("2 2 2 2 2 3", 4), ("3 3 3 3 3 3", 6)])
@pytest.mark.rule("kot-dark 2.1.2")
def test_each_additional_die_of_the_number_gains_one_more_star(dice, gain):
    state = resolve(dice, others=[{"location": "city"}])
    resolve_all(state)
    if node_kind(state) == "tile":
        state.apply_action("pass")
    assert state.monsters[0].stars == gain


@pytest.mark.rule("kot-dark 2.1.3")
def test_pairs_and_singles_of_numbers_gain_nothing():
    state = resolve("1 1 2 2 3 3")
    # nothing to resolve at all: the turn goes straight on (into Tokyo, the City is empty)
    assert state.monsters[0].stars == 1  # only the star for entering Tokyo
    assert state.monsters[0].wickedness == 0
    assert not any("for 1-1" in t or "for 3-3" in t for t in texts(state))


@pytest.mark.rule("kot-dark 2.1.4")
def test_two_different_triples_both_score():
    state = resolve("1 1 1 2 2 2", me={"wickedness": 0}, others=[{"location": "city"}])
    assert node_kind(state) == "tile"  # resolves alone: 3 stars and 3 Wickedness
    assert state.monsters[0].stars == 1 + 2
    assert state.monsters[0].wickedness == 2 + 1


# ----- Wickedness Points -----------------------------------------------------------------------
@pytest.mark.rule("kot-dark 2.2.1")
def test_triple_ones_give_two_wickedness_points():
    state = resolve("1 1 1 e h c", others=[{"location": "city"}])
    resolve_all(state)
    assert state.monsters[0].wickedness == 2


@pytest.mark.rule("kot-dark 2.2.2")
def test_triple_twos_give_one_wickedness_point():
    state = resolve("2 2 2 e h c", others=[{"location": "city"}])
    resolve_all(state)
    assert state.monsters[0].wickedness == 1


@pytest.mark.rule("kot-dark 2.2.3")
def test_triple_threes_give_no_wickedness():
    state = resolve("3 3 3 3 h c", others=[{"location": "city"}])
    resolve_all(state)
    assert state.monsters[0].wickedness == 0
    assert state.monsters[0].stars == 4


@pytest.mark.rule("kot-dark 2.2.12")
def test_extra_ones_beyond_a_triple_give_no_more_wickedness():
    # rulebook example: 1-1-1-1 = 2 stars + 2 Wickedness
    state = resolve("1 1 1 1 e h", me={"hearts": 10}, others=[{"location": "city"}])
    resolve_all(state)
    assert state.monsters[0].stars == 2
    assert state.monsters[0].wickedness == 2


@pytest.mark.rule("kot-dark 2.2.4", "kot-dark 2.2.5")
def test_wickedness_tile_offered_on_reaching_level_3():
    state = resolve("2 2 2 e h c", me={"wickedness": 2}, others=[{"location": "city"}])
    state.apply_action("resolve numbers")
    assert node_kind(state) == "tile" and state.node[1] == 0 and state.node[3]["level"] == 3
    assert state.legal_texts() == LEVEL3_RED


@pytest.mark.rule("kot-dark 2.2.4", "kot-dark 2.2.5")
def test_wickedness_tile_offered_when_moving_beyond_the_level_space():
    state = resolve("1 1 1 e h c", me={"wickedness": 2}, others=[{"location": "city"}])
    state.apply_action("resolve numbers")
    assert state.monsters[0].wickedness == 4
    assert node_kind(state) == "tile" and state.node[3]["level"] == 3


@pytest.mark.rule("kot-dark 2.2.11")
def test_no_tile_offered_below_a_level():
    state = resolve("1 1 1 e h c", me={"wickedness": 0}, others=[{"location": "city"}])
    # no tile to take: the order is not even asked (R41), and no tile choice comes
    assert state.monsters[0].wickedness == 2
    assert node_kind(state) == "yield"
    assert state.monsters[0].tiles == [] and state.monsters[0].levels == []


@pytest.mark.rule("kot-dark 2.2.7", "kot-dark 2.2.8", "kot-dark 0.1.8")
def test_taken_tile_leaves_its_stack_and_its_power_is_active():
    state = resolve("2 2 2 e e c", me={"wickedness": 2}, others=[{"location": "city"}])
    state.apply_action("resolve numbers")
    state.apply_action("tile devious")
    m = state.monsters[0]
    assert m.tiles == ["devious"] and m.levels == [3]
    assert state.tile_stacks["3"] == ["eternal", "skulking", "tireless"]
    # Devious: one extra roll, from this monster's next turn on (energy and Smash resolve
    # by themselves: their order cannot matter, R41)
    state.apply_action("stay", seat=1)
    state.apply_action("end")  # 2 energy: the Buy step offers a sweep
    assert state.active == 1
    take_turn(state, "1 2 3 e h h")
    assert state.active == 0
    roll(state, "1 2 3 e h h")
    assert state.rolls_allowed == 4


@pytest.mark.rule("kot-dark 2.2.7")
def test_taken_tile_acts_at_once():
    state = resolve("2 2 2 2 2 2", me={"wickedness": 4, "hearts": 5}, others=[{"location": "city"}])
    assert state.legal_texts() == LEVEL6_RED
    state.apply_action("tile full-regeneration")
    # Full Regeneration: maximum 12 hearts, and heal to the maximum when taken
    assert state.monsters[0].hearts == 12
    assert state.max_hearts(state.monsters[0]) == 12


@pytest.mark.rule("kot-dark 2.2.6")
def test_wickedness_tile_may_be_declined():
    state = resolve("2 2 2 e h c", me={"wickedness": 2}, others=[{"location": "city"}])
    state.apply_action("resolve numbers")
    state.apply_action("pass")
    assert state.monsters[0].tiles == [] and state.monsters[0].levels == []
    assert len(state.tile_stacks["3"]) == 4


@pytest.mark.rule("kot-dark 2.2.10")
def test_only_one_tile_per_level():
    # already holds a level-3 tile; from 4 to 6 only level 6 is offered
    state = resolve("2 2 2 2 2 2", me={"wickedness": 4, "tiles": ["devious"]}, others=[{"location": "city"}])
    assert state.monsters[0].wickedness == 6
    assert node_kind(state) == "tile" and state.node[3]["level"] == 6
    assert state.legal_texts() == LEVEL6_RED
    state.apply_action("tile evil-lair")
    assert node_kind(state) != "tile"
    assert state.monsters[0].levels == [3, 6]


@pytest.mark.rule("kot-dark 2.2.9")
def test_tile_offered_once_per_threshold_even_if_declined():
    # declined at 3; moving from 3 to 5 crosses no new threshold
    state = resolve("2 2 2 2 2 2", me={"wickedness": 3}, others=[{"location": "city"}])
    assert state.monsters[0].wickedness == 5
    assert node_kind(state) != "tile"
    assert state.monsters[0].stars == 5


# ----- Energy ----------------------------------------------------------------------------------
@pytest.mark.rule("kot-dark 2.3.1")
def test_one_energy_per_lightning():
    state = resolve("e e e 1 2 h", me={"energy": 2})
    resolve_all(state)
    assert state.monsters[0].energy == 5


# ----- Smash -----------------------------------------------------------------------------------
@pytest.mark.rule("kot-dark 2.4.3")
def test_smash_from_outside_wounds_only_monsters_in_tokyo():
    state = resolve("c c 1 2 3 e", players=4, others=[{"location": "city"}, {}, {}])
    resolve_all(state)
    assert hearts(state) == [10, 8, 10, 10]


@pytest.mark.rule("kot-dark 2.4.2")
def test_smash_from_tokyo_wounds_every_monster_outside():
    state = resolve("c c c 1 2 e", me={"location": "city"}, players=4, others=[{"hearts": 7}, {}, {}])
    resolve_all(state)
    assert hearts(state) == [10, 4, 7, 7]
    assert node_kind(state) != "yield"


@pytest.mark.rule("kot-dark 2.4.3", "kot-dark 0.1.10")
def test_smash_from_outside_wounds_both_tokyo_city_and_tokyo_bay():
    state = resolve("c c 1 2 3 e", players=5, others=[{"location": "city"}, {"location": "bay"}, {}, {}])
    resolve_all(state)
    assert hearts(state) == [10, 8, 8, 10, 10]


@pytest.mark.rule("kot-dark 2.4.4", "kot-dark 0.1.10")
def test_monsters_in_tokyo_do_not_wound_each_other():
    state = resolve("c c 1 2 3 e", me={"location": "bay"}, players=5,
                    others=[{"location": "city"}, {}, {}, {}])
    resolve_all(state)
    assert hearts(state) == [10, 10, 8, 8, 8]


@pytest.mark.rule("kot-dark 2.4.1")
def test_each_claw_costs_one_heart_per_target_not_shared():
    state = resolve("c c c c 1 2", me={"location": "city"}, players=3)
    resolve_all(state)
    assert hearts(state) == [10, 6, 6]


@pytest.mark.rule("kot-dark 2.4.11", "kot-dark 3.0.3")
def test_first_player_claws_wound_nobody_when_tokyo_is_empty():
    state = resolve("c c c c c c", players=4)
    assert hearts(state) == [10, 10, 10, 10]
    assert "Alienoid Smashes for 6: nobody is in reach." in texts(state)
    assert state.monsters[0].location == CITY  # and enters Tokyo anyway


@pytest.mark.rule("kot-dark 2.4.9")
def test_monster_losing_its_last_heart_is_eliminated():
    state = resolve("c c c 1 2 e", players=3, others=[{"location": "city", "hearts": 2}, {}])
    resolve_all(state)
    m = state.monsters[1]
    assert m.hearts == 0 and not m.alive and m.location == OUT
    assert "The King has no hearts left and is eliminated." in texts(state)
    assert node_kind(state) != "yield"  # an eliminated monster is not asked to yield


# ----- Heal ------------------------------------------------------------------------------------
@pytest.mark.rule("kot-dark 2.5.1")
def test_heal_only_outside_tokyo():
    state = resolve("h h h 1 2 e", me={"hearts": 4}, others=[{"location": "city"}])
    resolve_all(state)
    assert state.monsters[0].hearts == 7


@pytest.mark.rule("kot-dark 2.5.2", "kot-dark 2.5.5")
def test_heal_never_above_maximum():
    state = resolve("h h h h 1 2", me={"hearts": 8}, others=[{"location": "city"}])
    resolve_all(state)
    assert state.monsters[0].hearts == 10
    assert "Alienoid gains 2 hearts (10)." in texts(state)


@pytest.mark.rule("kot-dark 2.5.3")
def test_no_heart_healing_in_tokyo_city():
    state = resolve("h h h 1 2 e", me={"hearts": 4, "location": "city"})
    resolve_all(state)
    assert state.monsters[0].hearts == 4
    assert "Alienoid is in Tokyo: Heart dice do not heal." in texts(state)


@pytest.mark.rule("kot-dark 2.5.3", "kot-dark 3.1.3")
def test_no_heart_healing_in_tokyo_bay():
    state = resolve("h h h 1 2 e", me={"hearts": 4, "location": "bay"}, players=5,
                    others=[{"location": "city"}, {}, {}, {}])
    resolve_all(state)
    assert state.monsters[0].hearts == 4


# ----- order and completeness --------------------------------------------------------------------
@pytest.mark.rule("kot-dark 2.0.1")
def test_resolve_categories_in_any_order_but_all_of_them():
    # 2-2-2 takes the gauge to level 3 with tiles left: the order can matter, so it is asked (R41)
    state = resolve("2 2 2 e h c", me={"hearts": 5, "wickedness": 2}, others=[{"location": "city"}])
    assert state.legal_texts() == ["resolve numbers", "resolve hearts", "resolve energy", "resolve smash"]
    state.apply_action("resolve smash")
    state.apply_action("stay", seat=1)
    assert state.legal_texts() == ["resolve numbers", "resolve hearts", "resolve energy"]
    state.apply_action("resolve energy")
    state.apply_action("resolve numbers")
    state.apply_action("pass")  # no tile
    # the last category resolves without a question
    assert (state.monsters[0].stars, state.monsters[0].energy, state.monsters[0].hearts) == (2, 1, 6)
    assert state.monsters[1].hearts == 9
    with pytest.raises(IllegalActionError):
        state.apply_action("resolve numbers")


@pytest.mark.rule("kot-dark 2.0.2")
def test_only_the_faces_of_the_last_roll_are_resolved():
    # the first roll showed 3 Claws and 3 Hearts; rerolled into numbers, they count as numbers
    state = position(2, [{"hearts": 5}, {"location": "city"}], active=0, step="roll")
    roll(state, "c c c h h h")
    state.apply_action("reroll c c c h h h")
    roll(state, "2 2 2 1 1 e")
    state.apply_action("stop")
    resolve_all(state)
    if node_kind(state) == "tile":
        state.apply_action("pass")
    assert hearts(state) == [5, 10]
    assert (state.monsters[0].stars, state.monsters[0].energy, state.monsters[0].wickedness) == (2, 1, 1)


@pytest.mark.rule("kot-dark 2.3.2")
def test_energy_is_kept_from_turn_to_turn():
    # Alienoid ends its turn with 5 energy, buys nothing; on its next turn it still has them
    state = position(2, [{"energy": 4}, {"location": "city"}], active=0, step="roll")
    take_turn(state, "e 1 2 3 h h")
    assert state.active == 1 and state.monsters[0].energy == 5
    take_turn(state, "1 2 3 h h h")
    assert state.active == 0 and state.monsters[0].energy == 5
    take_turn(state, "e e 1 2 3 h")
    assert state.monsters[0].energy == 7
