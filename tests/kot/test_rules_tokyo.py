"""Rulebook: 3. Enter Tokyo, Effects of Tokyo, and Yield (Smash)."""

import pytest

from tokyo import IllegalActionError
from rules_helpers import (BAY, CITY, OUT, hearts, locations, node_kind, position, roll, stars, take_turn,
                           texts)


def at_resolve(players, specs, dice, active=0):
    return position(players, specs, active=active, step="resolve", dice=dice)


def resolve_all(state, order=("numbers", "hearts", "energy", "smash")):
    while node_kind(state) == "resolve":
        legal = state.legal_texts()
        state.apply_action(next(f"resolve {c}" for c in order if f"resolve {c}" in legal))


# ----- Enter Tokyo -------------------------------------------------------------------------------
@pytest.mark.rule("kot-dark 3.0.1")
def test_must_enter_empty_tokyo_city_without_a_choice():
    state = at_resolve(4, [{}, {}, {}, {}], "1 2 3 e h h")
    resolve_all(state)
    assert state.city == 0 and state.monsters[0].location == CITY
    assert state.monsters[0].stars == 1
    # no decision was ever offered about entering
    assert not any(a.startswith(("enter", "stay")) for a in state.history())


@pytest.mark.rule("kot-dark 3.0.2")
def test_enter_tokyo_comes_after_resolving_all_dice():
    state = at_resolve(4, [{"hearts": 6}, {}, {}, {}], "c c h h e 3")
    assert state.monsters[0].hearts == 8  # healed outside Tokyo, before entering
    assert state.monsters[0].location == CITY
    log = texts(state)
    for line in ("Alienoid gains 2 hearts (8).", "Alienoid gains 1 energy (1).",
                 "Alienoid Smashes for 2: nobody is in reach."):
        assert log.index(line) < log.index("Alienoid enters Tokyo City.")


@pytest.mark.parametrize("players", [2, 3])
@pytest.mark.rule("kot-dark 3.0.6", "kot-dark 0.2.9")
def test_no_entry_when_tokyo_city_is_occupied_with_four_or_fewer_players(players):
    state = at_resolve(players, [{}, {"location": "city"}] + [{}] * (players - 2), "1 2 3 e h h")
    resolve_all(state)
    assert locations(state) == [OUT, CITY] + [OUT] * (players - 2)
    assert state.bay is None and state.monsters[0].stars == 0


@pytest.mark.rule("kot-dark 0.2.9")
def test_tokyo_bay_not_used_with_four_players():
    state = at_resolve(4, [{}, {"location": "city"}, {}, {}], "1 2 3 e h h")
    assert not state.bay_in_use()
    resolve_all(state)
    assert state.bay is None and state.monsters[0].location == OUT


@pytest.mark.parametrize("players", [5, 6])
@pytest.mark.rule("kot-dark 3.1.1", "kot-dark 0.2.10")
def test_must_enter_tokyo_bay_when_city_occupied_and_bay_empty_with_5_or_6_players(players):
    specs = [{}, {"location": "city"}] + [{}] * (players - 2)
    state = at_resolve(players, specs, "1 2 3 e h h")
    assert state.bay_in_use()
    resolve_all(state)
    assert state.bay == 0 and state.monsters[0].location == BAY
    assert state.monsters[0].stars == 1
    assert "Alienoid enters Tokyo Bay." in texts(state)


@pytest.mark.rule("kot-dark 3.1.2")
def test_tokyo_city_filled_before_tokyo_bay():
    state = at_resolve(5, [{}, {}, {}, {}, {}], "1 2 3 e h h")
    resolve_all(state)
    assert state.city == 0 and state.bay is None


@pytest.mark.rule("kot-dark 3.0.6")
def test_no_entry_when_city_and_bay_both_occupied():
    state = at_resolve(5, [{}, {"location": "city"}, {"location": "bay"}, {}, {}], "1 2 3 e h h")
    resolve_all(state)
    assert state.monsters[0].location == OUT and state.monsters[0].stars == 0


@pytest.mark.rule("kot-dark R39")
def test_monster_in_tokyo_bay_does_not_move_to_empty_city_on_its_turn():
    state = at_resolve(5, [{"location": "bay"}, {}, {}, {}, {}], "1 2 3 e h h")
    resolve_all(state)
    assert state.bay == 0 and state.city is None
    assert state.monsters[0].stars == 0


@pytest.mark.rule("kot-dark 3.1.4")
def test_tokyo_bay_vacated_when_four_or_fewer_monsters_remain():
    # Alienoid in the City smashes; Meka Dragon (outside, 2 hearts) is eliminated: the Bay empties
    specs = [{"location": "city"}, {"location": "bay"}, {}, {"hearts": 2}, {}]
    state = at_resolve(5, specs, "c c c 1 2 e")
    resolve_all(state)
    assert not state.monsters[3].alive
    assert state.bay is None and state.monsters[1].location == OUT
    assert state.city == 0
    assert "Only 4 monsters remain: The King must leave Tokyo Bay." in texts(state)
    assert state.monsters[1].stars == 0 and state.monsters[1].hearts == 10


@pytest.mark.rule("kot-dark 3.1.4", "kot-dark 3.1.5", "kot-dark R34")
def test_tokyo_bay_monster_moves_to_empty_city_when_four_remain_even_on_another_monsters_turn():
    # Alienoid (outside) buys Gas Refinery: The King in the City is eliminated
    specs = [{"energy": 6}, {"location": "city", "hearts": 3}, {"location": "bay"}, {}, {}]
    state = position(5, specs, active=0, step="buy", market=["gas-refinery", "frenzy", "energize"])
    state.apply_action("buy gas-refinery")
    assert not state.monsters[1].alive
    assert state.city == 2 and state.bay is None and state.monsters[2].location == CITY
    assert "Only 4 monsters remain: Gigazaur moves from Tokyo Bay to Tokyo City." in texts(state)
    # moving inside Tokyo is not entering it: no star
    assert state.monsters[2].stars == 0
    assert hearts(state) == [10, 0, 7, 7, 7]


@pytest.mark.rule("kot-dark 3.1.6")
def test_tokyo_bay_still_used_with_five_of_six_remaining():
    specs = [{"location": "city"}, {"location": "bay"}, {}, {"hearts": 2}, {}, {}]
    state = at_resolve(6, specs, "c c c 1 2 e")
    resolve_all(state)
    assert not state.monsters[3].alive
    assert state.bay_in_use() and state.bay == 1


@pytest.mark.rule("kot-dark 3.0.1", "kot-dark 2.4.10")
def test_attacker_enters_tokyo_when_the_tokyo_monster_is_eliminated():
    state = at_resolve(3, [{}, {"location": "city", "hearts": 2}, {}], "c c 1 2 3 e")
    resolve_all(state)
    assert state.city == 0 and state.monsters[0].stars == 1
    assert node_kind(state) != "yield"


# ----- Effects of Tokyo ----------------------------------------------------------------------------
@pytest.mark.rule("kot-dark 3.2.1")
def test_gain_one_star_when_entering_tokyo():
    state = at_resolve(4, [{"stars": 5}, {}, {}, {}], "1 2 3 e h h")
    resolve_all(state)
    assert state.monsters[0].stars == 6
    assert "Alienoid gains 1 star for entering Tokyo (6)." in texts(state)


@pytest.mark.rule("kot-dark 3.2.2")
def test_gain_two_stars_when_starting_turn_in_tokyo_city():
    state = position(4, [{"stars": 5, "location": "city"}, {}, {}, {}], active=0, step="turn-start")
    assert state.monsters[0].stars == 7
    assert node_kind(state) == "die"


@pytest.mark.rule("kot-dark 3.2.2", "kot-dark 3.1.3")
def test_gain_two_stars_when_starting_turn_in_tokyo_bay():
    state = position(5, [{"location": "bay"}, {"location": "city"}, {}, {}, {}], active=0, step="turn-start")
    assert stars(state) == [2, 0, 0, 0, 0]


@pytest.mark.rule("kot-dark 3.2.2")
def test_no_start_bonus_when_starting_turn_outside_tokyo():
    state = position(4, [{"stars": 5}, {"location": "city"}, {}, {}], active=0, step="turn-start")
    assert stars(state) == [5, 0, 0, 0]


@pytest.mark.rule("kot-dark 3.2.1", "kot-dark 3.2.2")
def test_entering_gives_one_star_and_the_next_turn_starts_with_two():
    state = position(2, [{}, {}], active=0, step="roll")
    take_turn(state, "1 2 3 e h h")
    assert stars(state) == [1, 0]
    take_turn(state, "1 2 3 e h h")  # The King: no claws, Alienoid stays
    assert state.active == 0
    assert stars(state) == [3, 0]


@pytest.mark.rule("kot-dark 3.2.3", "kot-dark 7.4")
def test_start_of_turn_bonus_also_on_an_extra_turn():
    # Alienoid in the City buys Frenzy: its extra turn starts in Tokyo, +2 stars again
    state = position(4, [{"location": "city", "energy": 7, "stars": 2}, {}, {}, {}], active=0, step="buy",
                     market=["frenzy", "energize", "extra-head"])
    state.apply_action("buy frenzy")
    state.apply_action("reveal corner-store")  # no energy left: the Buy step ends by itself
    assert state.active == 0 and state.turn_count == 2
    assert state.monsters[0].stars == 4
    assert "Alienoid gains 2 stars for starting in Tokyo (4)." in texts(state)


@pytest.mark.rule("kot-dark 2.5.4")
def test_cards_may_heal_in_tokyo():
    state = position(4, [{"location": "city", "energy": 6, "hearts": 4}, {}, {}, {}], active=0, step="buy",
                     market=["nuclear-power-plant", "energize", "extra-head"])
    state.apply_action("buy nuclear-power-plant")
    assert state.monsters[0].hearts == 7 and state.monsters[0].stars == 2


# ----- Yield -------------------------------------------------------------------------------------
@pytest.mark.rule("kot-dark 2.4.5")
def test_yield_only_after_losing_hearts_to_claws():
    state = at_resolve(4, [{}, {"location": "city"}, {}, {}], "c c 1 2 3 e")
    resolve_all(state)
    assert node_kind(state) == "yield" and state.node[1] == 1
    assert state.legal_texts() == ["stay", "yield"]
    assert state.monsters[1].hearts == 8  # the hearts are lost before the question


@pytest.mark.rule("kot-dark 2.4.6")
def test_yielding_monster_still_loses_hearts():
    state = at_resolve(4, [{}, {"location": "city"}, {}, {}], "c c c 1 2 e")
    resolve_all(state)
    state.apply_action("yield", seat=1)
    assert state.monsters[1].hearts == 7 and state.monsters[1].location == OUT


@pytest.mark.rule("kot-dark 3.0.4")
def test_attacker_takes_tokyo_after_a_yield():
    state = at_resolve(4, [{}, {"location": "city"}, {}, {}], "c c 1 2 3 e")
    resolve_all(state)
    state.apply_action("yield", seat=1)
    assert state.city == 0 and locations(state) == [CITY, OUT, OUT, OUT]
    assert stars(state) == [1, 0, 0, 0]


@pytest.mark.rule("kot-dark 3.0.5")
def test_staying_keeps_tokyo_and_the_attacker_stays_outside():
    state = at_resolve(4, [{}, {"location": "city"}, {}, {}], "c c 1 2 3 e")
    resolve_all(state)
    state.apply_action("stay", seat=1)
    assert state.city == 1 and locations(state) == [OUT, CITY, OUT, OUT]
    # Alienoid gained no star; The King's next turn starts in Tokyo (+2)
    assert state.active == 1 and stars(state) == [0, 2, 0, 0]


@pytest.mark.rule("kot-dark 2.4.7")
def test_yield_decision_belongs_to_the_wounded_monster():
    state = at_resolve(4, [{}, {"location": "city"}, {}, {}], "c c 1 2 3 e")
    resolve_all(state)
    with pytest.raises(IllegalActionError):
        state.apply_action("yield", seat=0)
    state.apply_action("stay", seat=1)
    assert state.city == 1


@pytest.mark.rule("kot-dark 3.0.7", "kot-dark 7.2")
def test_no_yield_without_claws():
    state = at_resolve(4, [{}, {"location": "city"}, {}, {}], "1 2 3 e h h")
    resolve_all(state)
    assert node_kind(state) != "yield"
    assert state.city == 1 and "yield" not in state.history()


@pytest.mark.rule("kot-dark 2.4.8", "kot-dark 7.2", "kot-dark 7.3")
def test_no_yield_from_power_card_damage():
    state = position(4, [{"energy": 6}, {"location": "city"}, {}, {}], active=0, step="buy",
                     market=["gas-refinery", "frenzy", "energize"])
    state.apply_action("buy gas-refinery")
    assert hearts(state) == [10, 7, 7, 7]
    assert node_kind(state) == "reveal"  # straight on to refill the market: no yield question
    state.apply_action("reveal corner-store")
    assert node_kind(state) != "yield"
    assert state.city == 1


@pytest.mark.rule("kot-dark 2.4.5")
def test_monster_outside_tokyo_is_never_asked_to_yield():
    state = at_resolve(4, [{"location": "city"}, {}, {}, {}], "c c 1 2 3 e")
    resolve_all(state)
    assert hearts(state) == [10, 8, 8, 8]
    assert node_kind(state) != "yield"


@pytest.mark.rule("kot-dark 2.4.4", "kot-dark 3.0.7")
def test_monster_in_tokyo_is_not_wounded_and_not_asked_when_attacker_also_in_tokyo():
    state = at_resolve(5, [{"location": "bay"}, {"location": "city"}, {}, {}, {}], "c 1 2 3 e h")
    resolve_all(state)
    assert hearts(state) == [10, 10, 9, 9, 9]
    assert node_kind(state) != "yield"


@pytest.mark.rule("kot-dark 2.4.3", "kot-dark 2.4.5", "kot-dark 3.0.4")
def test_both_tokyo_monsters_wounded_before_either_decides_to_yield():
    state = at_resolve(5, [{}, {"location": "city"}, {"location": "bay"}, {}, {}], "c c 1 2 3 e")
    resolve_all(state)
    assert hearts(state) == [10, 8, 8, 10, 10]
    assert node_kind(state) == "yield" and state.node[1] == 1
    state.apply_action("stay", seat=1)
    assert node_kind(state) == "yield" and state.node[1] == 2
    state.apply_action("yield", seat=2)
    # only the Bay is free: the attacker takes it
    assert state.bay == 0 and state.city == 1 and state.monsters[0].stars == 1


@pytest.mark.rule("kot-dark 3.0.2", "kot-dark 2.0.1")
def test_a_yield_comes_during_smash_and_other_dice_still_resolve():
    # Reflective Hide keeps the order a question (R41); it costs the attacker 1 heart
    state = at_resolve(4, [{"hearts": 5}, {"location": "city", "cards": ["reflective-hide"]}, {}, {}],
                       "c h h e 1 2")
    state.apply_action("resolve smash")
    state.apply_action("yield", seat=1)
    # hearts and energy are left and resolve at once; entering waits for the end of Resolve
    # Dice, so the hearts were resolved outside Tokyo: they heal
    log = texts(state)
    assert log.index("The King yields Tokyo City.") < log.index("Alienoid gains 2 hearts (6).") \
        < log.index("Alienoid enters Tokyo City.")
    assert state.monsters[0].hearts == 5 - 1 + 2
    assert state.monsters[0].energy == 1
    assert state.monsters[0].location == CITY


@pytest.mark.rule("kot-dark 2.4.5")
def test_yield_is_asked_each_time_the_tokyo_monster_is_wounded():
    state = position(2, [{}, {"location": "city"}], active=0, step="roll")
    take_turn(state, "c 1 2 3 e h", yields={1: "stay"})
    assert state.active == 1
    take_turn(state, "1 2 3 e h h")
    assert state.active == 0
    roll(state, "c c 1 2 3 e")
    state.apply_action("stop")  # energy and Smash resolve at once (R41)
    assert node_kind(state) == "yield"
    assert state.monsters[1].hearts == 7


@pytest.mark.rule("kot-dark 9.0.3")
def test_cards_do_not_heal_above_ten_hearts():
    state = position(4, [{"location": "city", "energy": 6, "hearts": 9}, {}, {}, {}], active=0, step="buy",
                     market=["nuclear-power-plant", "energize", "extra-head"])
    state.apply_action("buy nuclear-power-plant")
    assert state.monsters[0].hearts == 10


@pytest.mark.rule("kot-dark 3.0.7", "kot-dark 7.2", "kot-dark R33")
def test_no_yield_when_the_claws_cost_no_hearts():
    # Armor Plating ignores a loss of exactly 1 heart: The King was not wounded, so it may not yield
    state = at_resolve(4, [{}, {"location": "city", "cards": ["armor-plating"]}, {}, {}], "c 1 2 3 e h")
    resolve_all(state)
    assert state.monsters[1].hearts == 10
    assert node_kind(state) != "yield" and "yield" not in state.history()
    assert state.city == 1 and state.monsters[0].location == OUT
