"""Rulebook: 1. Roll Dice."""

import pytest

from tokyo import IllegalActionError
from rules_helpers import node_kind, position, roll


def start(players=2, **kw):
    return position(players, [{}, {"location": "city"}], active=0, step="roll", **kw)


@pytest.mark.rule("kot-dark 1.1", "kot-dark 1.6")
def test_roll_dice_up_to_three_times_then_resolve():
    state = start()
    roll(state, "1 2 3 e e h")
    assert node_kind(state) == "roll" and state.rolls_used == 1 and state.rolls_allowed == 3
    state.apply_action("reroll 1 2 3")
    roll(state, "1 2 3")
    assert node_kind(state) == "roll" and state.rolls_used == 2
    assert "reroll e" in state.legal_texts()
    state.apply_action("reroll 1 2 3")
    roll(state, "h h h")
    # the third roll is the last: no more reroll is offered, the dice go to resolution
    assert state.rolls_used == 3
    assert sorted(state.dice) == ["e", "e", "h", "h", "h", "h"]
    # resolved at once (their order cannot matter, R41): 4 hearts (already full) and 2 energy
    assert node_kind(state) == "buy" and state.monsters[0].energy == 2
    assert "Alienoid keeps: Energy Energy Heart Heart Heart Heart." in [e.text for e in state.log]


@pytest.mark.rule("kot-dark 1.2", "kot-dark 1.6")
def test_roll_dice_may_stop_after_the_first_roll():
    state = start()
    roll(state, "c c c 3 3 3")
    assert "stop" in state.legal_texts()
    state.apply_action("stop")
    assert state.rolls_used == 1
    # the dice are resolved at once (R41): 3 stars, a Smash of 3 on the monster in Tokyo
    assert node_kind(state) == "yield" and state.monsters[0].stars == 3 and state.monsters[1].hearts == 7


@pytest.mark.rule("kot-dark 1.2")
def test_roll_dice_may_stop_after_the_second_roll():
    state = start()
    roll(state, "c 1 1 1 1 1")
    state.apply_action("reroll 1 1 1 1 1")
    roll(state, "c c c c c")
    state.apply_action("stop")
    assert state.rolls_used == 2
    assert state.dice == ["c"] * 6
    # only Smash has something to do: it resolves without a question, City loses 6
    assert state.monsters[1].hearts == 4
    assert node_kind(state) == "yield"


@pytest.mark.rule("kot-dark 1.4", "kot-dark 7.1")
def test_reroll_only_the_chosen_dice_and_keep_the_others():
    state = start()
    roll(state, "3 3 1 2 h e")
    state.apply_action("reroll 1 2 h e")
    # four dice to roll again, the two 3s are set aside
    assert state.dice[:2] == ["3", "3"] and state.dice[2:] == [None] * 4
    roll(state, "2 2 2 c")
    assert sorted(state.dice) == ["2", "2", "2", "3", "3", "c"]


@pytest.mark.rule("kot-dark 1.5", "kot-dark 7.1")
def test_third_roll_may_reroll_dice_set_aside_before():
    state = start()
    roll(state, "3 3 1 2 h e")
    state.apply_action("reroll 1 2 h e")
    roll(state, "2 2 2 c")
    legal = state.legal_texts()
    # the 3s kept at the second roll may be rolled again at the third
    assert "reroll 3 3" in legal and "reroll 2 2 2 3 3 c" in legal
    state.apply_action("reroll 3 3 c")
    assert len([d for d in state.dice if d is None]) == 3


@pytest.mark.rule("kot-dark 1.4")
def test_reroll_choices_are_every_non_empty_set_of_showing_dice():
    state = start()
    roll(state, "1 1 2 3 h c")
    legal = state.legal_texts()
    # 3 choices for the two 1s (0, 1 or 2) times 2 for each of the other 4 faces, minus "none"
    assert len(legal) == 1 + (3 * 2 * 2 * 2 * 2 - 1)
    assert legal[0] == "stop"
    assert "reroll 1 1 2 3 h c" in legal and "reroll 1" in legal and "reroll 1 1" in legal
    with pytest.raises(IllegalActionError):
        state.apply_action("reroll e")  # no die shows an energy
    with pytest.raises(IllegalActionError):
        state.apply_action("reroll 2 2")  # only one die shows a 2


def test_reroll_text_order_does_not_matter():
    state = start()
    roll(state, "1 1 2 3 h c")
    state.apply_action("reroll c h 1")
    assert state.history()[-1] == "reroll 1 h c"
    assert sorted(d for d in state.dice if d is not None) == ["1", "2", "3"]


@pytest.mark.rule("kot-dark 1.7")
def test_only_the_active_monster_rolls():
    state = start()
    roll(state, "1 1 2 3 h c")
    with pytest.raises(IllegalActionError):
        state.apply_action("stop", seat=1)
    state.apply_action("stop", seat=0)
    assert state.rolls_used == 1
