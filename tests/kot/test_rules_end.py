"""Rulebook: 5. End of Turn, End of Game, and elimination (Smash: "cards, Wickedness tiles
and Energy Charges are discarded"); clarification: "you must survive your turn to win"."""

import pytest

from tokyo import IllegalActionError, TERMINAL
from rules_helpers import CITY, OUT, hearts, node_kind, position, roll, stars, take_turn, texts


def resolve_all(state, order=("numbers", "hearts", "energy", "smash")):
    while node_kind(state) == "resolve":
        legal = state.legal_texts()
        state.apply_action(next(f"resolve {c}" for c in order if f"resolve {c}" in legal))


# ----- End of Turn -------------------------------------------------------------------------------
@pytest.mark.rule("kot-dark 5.2", "kot-dark 7.4")
def test_dice_pass_clockwise_to_the_next_seat():
    state = position(4, [{}, {}, {}, {}], active=2, step="roll")
    take_turn(state, "1 2 3 e h h")
    assert state.active == 3 and state.turn_count == 2
    take_turn(state, "1 2 3 e h h")
    assert state.active == 0 and state.turn_count == 3
    assert "Turn 3: Alienoid." in texts(state)


@pytest.mark.rule("kot-dark 5.3")
def test_eliminated_monsters_are_skipped():
    state = position(4, [{}, {"alive": False}, {"alive": False}, {}], active=0, step="roll")
    take_turn(state, "1 2 3 e h h")
    assert state.active == 3


@pytest.mark.rule("kot-dark 5.1")
def test_end_of_turn_effects_happen_before_passing_the_dice():
    # Lunar Powered: at the end of your turn, gain 1 energy if you have none
    state = position(4, [{"cards": ["lunar-powered"]}, {"location": "city"}, {}, {}], active=0, step="roll")
    take_turn(state, "1 2 3 h h h")
    log = texts(state)
    assert state.monsters[0].energy == 1
    assert log.index("Alienoid gains 1 energy (1).") < log.index("Turn 2: The King.")


# ----- End of Game: 20 stars ---------------------------------------------------------------------
@pytest.mark.rule("kot-dark 6.1", "kot-dark 6.2")
def test_twenty_stars_wins_at_the_end_of_the_turn_not_at_once():
    state = position(4, [{"stars": 17, "energy": 2}, {"location": "city"}, {}, {}], active=0, step="roll")
    roll(state, "3 3 3 e h c")
    state.apply_action("stop")
    resolve_all(state)
    state.apply_action("stay", seat=1)
    assert state.monsters[0].stars == 20
    # the turn goes on: the Buy step is still played
    assert not state.is_terminal() and node_kind(state) == "buy"
    state.apply_action("end")
    assert state.is_terminal() and state.current_player() == TERMINAL
    assert state.winners == [0] and state.win_by == "stars"
    assert state.returns() == [1.0, 0.0, 0.0, 0.0]
    assert texts(state)[-1] == "Game over: Alienoid reached 20 stars."


@pytest.mark.rule("kot-dark 6.2")
def test_more_than_twenty_stars_also_wins():
    state = position(2, [{"stars": 19}, {"location": "city"}], active=0, step="resolve", dice="3 3 3 3 3 3")
    assert state.monsters[0].stars == 25
    assert state.winners == [0]


@pytest.mark.rule("kot-dark 6.2")
def test_twenty_stars_reached_on_another_monsters_turn_wins_at_the_end_of_that_turn():
    # Eater of the Dead: The King gains 3 stars when Meka Dragon drops to 0 on Alienoid's turn
    specs = [{"location": "city"}, {"stars": 17, "cards": ["eater-of-the-dead"]}, {}, {"hearts": 1}]
    state = position(4, specs, active=0, step="resolve", dice="c 1 2 3 e h")
    resolve_all(state)
    assert state.monsters[1].stars == 20
    assert state.winners == [1]
    assert state.returns() == [0.0, 1.0, 0.0, 0.0]


@pytest.mark.rule("kot-dark 6.4")
def test_game_not_over_below_twenty_stars():
    state = position(2, [{"stars": 16}, {"location": "city"}], active=0, step="resolve", dice="3 3 3 1 1 2")
    assert state.monsters[0].stars == 19
    assert not state.is_terminal() and state.active == 1


# ----- End of Game: last monster standing ----------------------------------------------------------
@pytest.mark.rule("kot-dark 6.3")
def test_last_monster_standing_wins_at_the_end_of_the_turn():
    state = position(2, [{"location": "city", "energy": 2}, {"hearts": 2}], active=0, step="resolve",
                     dice="c c 1 2 3 e")
    resolve_all(state)
    assert not state.monsters[1].alive
    assert node_kind(state) == "buy"  # the turn still ends normally
    state.apply_action("end")
    assert state.winners == [0] and state.win_by == "survival"
    assert state.returns() == [1.0, 0.0]
    assert texts(state)[-1] == "Game over: Alienoid is the last monster standing."


@pytest.mark.rule("kot-dark 6.3")
def test_last_monster_standing_wins_with_few_stars_among_three():
    specs = [{"location": "city"}, {"hearts": 2, "stars": 15}, {"hearts": 3, "stars": 12}]
    state = position(3, specs, active=0, step="resolve", dice="c c c 1 2 e")
    resolve_all(state)
    assert state.winners == [0] and state.monsters[0].stars == 0
    assert state.returns() == [1.0, 0.0, 0.0]


@pytest.mark.rule("kot-dark 9.0.1", "kot-dark R20")
def test_eliminated_at_zero_hearts_even_with_twenty_stars():
    # Jet Fighters: gain 5 stars and lose 4 hearts - 23 stars, but 0 hearts
    specs = [{"stars": 18, "hearts": 4, "energy": 5}, {"location": "city"}, {}]
    state = position(3, specs, active=0, step="buy", market=["jet-fighters", "energize", "frenzy"])
    state.apply_action("buy jet-fighters")
    state.apply_action("reveal tank")
    m = state.monsters[0]
    assert m.stars == 23 and m.hearts == 0 and not m.alive
    assert not state.is_terminal()
    assert state.active == 1  # the game goes on without Alienoid


@pytest.mark.rule("kot-dark 9.0.1")
def test_monster_with_twenty_stars_killed_on_another_turn_does_not_win():
    specs = [{"location": "city", "stars": 3}, {"stars": 20, "hearts": 2}, {}]
    state = position(3, specs, active=0, step="resolve", dice="c c 1 2 3 e")
    resolve_all(state)
    assert not state.monsters[1].alive
    assert not state.is_terminal() and state.active == 2


@pytest.mark.rule("kot-dark 9.0.2")
def test_all_monsters_eliminated_at_once_nobody_wins():
    # High Altitude Bombing: every monster, the buyer included, loses 3 hearts
    specs = [{"hearts": 3, "energy": 4, "stars": 19}, {"hearts": 3, "location": "city"}]
    state = position(2, specs, active=0, step="buy", market=["high-altitude-bombing", "energize", "frenzy"])
    state.apply_action("buy high-altitude-bombing")
    state.apply_action("reveal tank")
    assert hearts(state) == [0, 0]
    assert state.is_terminal()
    assert state.winners == [] and state.win_by == "none"
    assert state.returns() == [0.0, 0.0]
    assert texts(state)[-1] == "Game over: Every monster is eliminated: nobody wins."


def test_no_action_after_the_game_is_over():
    state = position(2, [{"stars": 19}, {"location": "city"}], active=0, step="resolve", dice="3 3 3 3 3 3")
    assert state.is_terminal()
    assert state.legal_texts() == []
    with pytest.raises(IllegalActionError):
        state.apply_action("roll 1")


def test_returns_are_zero_before_the_end():
    state = position(3, [{}, {}, {}], active=0, step="roll")
    assert state.returns() == [0.0, 0.0, 0.0]


# ----- Elimination ---------------------------------------------------------------------------------
@pytest.mark.rule("kot-dark 2.4.10")
def test_elimination_discards_cards_tiles_and_energy():
    victim = {"hearts": 2, "energy": 7, "cards": ["alien-origin", "regeneration"], "tiles": ["eternal"],
              "wickedness": 4, "poison": 2, "shrink": 1}
    state = position(3, [{"location": "city"}, victim, {}], active=0, step="resolve", dice="c c 1 2 3 e")
    resolve_all(state)
    m = state.monsters[1]
    assert not m.alive and m.hearts == 0
    assert m.cards == [] and m.tiles == [] and m.energy == 0
    assert m.poison == 0 and m.shrink == 0
    assert state.discard == ["alien-origin", "regeneration"]
    assert state.tiles_out == ["eternal"]
    assert state.supply == {"poison": 12, "shrink": 12, "smoke": 3}
    # a discarded tile never goes back to its stack
    assert "eternal" not in state.tile_stacks["3"]


@pytest.mark.rule("kot-dark 2.4.10")
def test_eliminated_monster_leaves_tokyo():
    state = position(3, [{}, {"location": "city", "hearts": 1}, {}], active=0, step="resolve", dice="c 1 2 3 e h")
    resolve_all(state)
    assert state.monsters[1].location == OUT and not state.monsters[1].alive
    assert state.city == 0 and state.monsters[0].location == CITY


@pytest.mark.rule("kot-dark 5.3")
def test_eliminated_monster_takes_no_more_turns_and_is_no_target():
    state = position(3, [{"location": "city"}, {"hearts": 1}, {}], active=0, step="resolve", dice="c 1 2 3 e h")
    resolve_all(state)
    assert state.active == 2
    take_turn(state, "c c 1 2 3 e", yields={0: "stay"})
    assert state.active == 0
    assert hearts(state) == [8, 0, 9]
    assert stars(state)[0] == 2


@pytest.mark.rule("kot-dark 9.2.1")
def test_tokens_stay_when_the_card_and_tile_that_gave_them_are_discarded():
    # The King (Shrink Ray, Poison Spit) is eliminated by Alienoid: its card and tile are
    # discarded, Alienoid's Shrink Ray and Poison tokens stay
    giver = {"location": "city", "hearts": 1, "cards": ["shrink-ray"], "tiles": ["poison-spit"]}
    state = position(3, [{"poison": 1, "shrink": 1, "hearts": 6}, giver, {}], active=0, step="resolve",
                     dice="c 1 2 3 e e")
    resolve_all(state)
    if node_kind(state) == "buy":
        state.apply_action("end")
    assert not state.monsters[1].alive
    assert "shrink-ray" in state.discard and "poison-spit" in state.tiles_out
    m = state.monsters[0]
    assert (m.poison, m.shrink) == (1, 1)
    assert m.hearts == 5          # the Poison token still costs 1 heart at the end of the turn
    take_turn(state, "1 2 3 h h h")
    assert state.active == 0 and len(state.dice) == 5   # the Shrink Ray token still takes a die
