"""Rulebook: End of the Game (four Districts in the Reserve win at once; another number
may be agreed) and the project's turn limit (ruling C10)."""

import pytest

from crisis_helpers import TERMINAL, attack, kind, legal, play, position, seek, texts

CEO = "corporate-ninja-ceo"  # 3 martial: levels Harajuku (3 martial)


def _level_harajuku(districts, **options):
    state = position(3, options=options, hands=[[CEO, "disarmed"], [], []], districts=[districts, [], []])
    attack(state, "harajuku", [CEO], "martial")
    seek(state, None)
    play(state, "pass")
    return state


@pytest.mark.rule("crisis-tokyo 15.1")
def test_the_fourth_district_wins_at_once():
    state = _level_harajuku(["ginza", "akihabara", "asakusa"])
    assert state.districts[0] == ["ginza", "akihabara", "asakusa", "harajuku"]
    assert state.current_player() == TERMINAL
    assert state.winners == [0] and state.returns() == [1.0, 0.0, 0.0]
    assert state.win_by == "districts"
    assert legal(state) == []
    # "immediately": no reward draw, no new District, the Conflict is not even cleaned up
    assert state.hands[0] == ["disarmed"] and state.tokyo[0] is None
    assert texts(state)[-1] == "Game over (Seat 0 holds 4 Districts): Seat 0 wins."


@pytest.mark.rule("crisis-tokyo 15.1")
def test_three_districts_do_not_win():
    state = _level_harajuku(["ginza", "akihabara"])
    assert len(state.districts[0]) == 3 and state.winners is None
    assert kind(state) == "choose-deck"


@pytest.mark.rule("crisis-tokyo 15.2")
def test_another_number_of_districts_may_be_agreed():
    state = _level_harajuku(["ginza"], districts_to_win=2)
    assert state.winners == [0]
    state = _level_harajuku(["ginza", "akihabara", "asakusa"], districts_to_win=5)
    assert state.winners is None and len(state.districts[0]) == 4


@pytest.mark.rule("crisis-tokyo C10")
def test_the_turn_limit_ends_the_game_after_that_many_turns_most_districts_win():
    # ruling C10: turn 10 of 10 is played in full, then the game ends
    state = position(2, options={"turn_limit": 10}, turn=9, actions_left=1, districts=[["ginza"], []])
    play(state, "end")
    assert state.turn_count == 10 and state.active == 1 and kind(state) == "action"
    play(state, "draw event", "draw disarmed", "end")
    assert state.current_player() == TERMINAL and state.turn_count == 10
    assert state.winners == [0] and state.win_by == "most-districts"
    assert texts(state)[-1] == "Game over (the turn limit (10) is reached): Seat 0 wins."
