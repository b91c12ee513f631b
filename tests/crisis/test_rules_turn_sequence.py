"""Rulebook: Turn Sequence (two actions, five kinds of action, turns pass to the left,
one action on a player's first turn, attacking costs two actions) and the Three Jade Rules."""

from crisis_helpers import IllegalActionError, kind, legal, play, position, uid

import pytest


@pytest.mark.rule("crisis-tokyo 7.0.2", "crisis-tokyo 7.0.6", "crisis-tokyo C3")
def test_two_actions_per_turn_then_the_turn_passes():
    state = position(4, active=1, actions_left=2, turn=10)
    play(state, "draw character", "draw kind-alien")
    assert state.active == 1 and state.actions_left == 1
    play(state, "draw event", "draw disarmed")
    assert state.active == 2 and state.actions_left == 2 and state.turn_count == 11
    assert state.hands[1] == ["kind-alien", "disarmed"]


@pytest.mark.rule("crisis-tokyo 7.0.6")
def test_the_turn_passes_to_the_player_on_the_left_and_round_the_table():
    state = position(3, active=2, actions_left=1)
    play(state, "end")
    assert state.active == 0
    play(state, "end")
    assert state.active == 1


@pytest.mark.rule("crisis-tokyo 7.0.3")
def test_the_five_kinds_of_action_are_offered():
    state = position(3, hands=[["mariachi-zombie", "product-placement"], [], []],
                     reserves=[[{"card": "dark-magical-girl-ruby-despair"}], [], []])
    assert legal(state) == [
        "draw character", "draw event",                       # draw a card
        "recruit mariachi-zombie",                            # recruit a Hero
        "play product-placement a", "play product-placement b",  # play an Event
        f"talent {uid(state, 'dark-magical-girl-ruby-despair')} 0",  # use a Talent
        "attack harajuku", "attack roppongi", "attack ueno", "attack odaiba", "attack tsukiji",  # attack Tokyo
        "end",
    ]


@pytest.mark.rule("crisis-tokyo 7.0.4")
def test_each_action_other_than_attacking_costs_one():
    state = position(3, hands=[["mariachi-zombie", "product-placement", "sniper-rifle"], [], []],
                     reserves=[[{"card": "dark-magical-girl-ruby-despair"}], [], []], actions_left=4)
    play(state, "recruit mariachi-zombie")
    assert state.actions_left == 3
    play(state, "play sniper-rifle a", f"host {uid(state, 'mariachi-zombie')}")
    assert state.actions_left == 2
    play(state, f"talent {uid(state, 'dark-magical-girl-ruby-despair')} 0", "draw event", "draw disarmed")
    assert state.actions_left == 1
    play(state, "draw character", "draw kind-alien")
    assert state.active == 1


@pytest.mark.rule("crisis-tokyo 7.0.8", "crisis-tokyo 18.6.1")
def test_first_turn_has_one_action_so_no_attack():
    state = position(3, hands=[["master-of-the-eagles-claw"], [], []], actions_left=1,
                     first_turn_done=[False, True, True])
    assert not [t for t in legal(state) if t.startswith("attack")]
    with pytest.raises(IllegalActionError):
        play(state, "attack harajuku")
    play(state, "draw character", "draw kind-alien")
    assert state.active == 1  # the single action was the whole turn


@pytest.mark.rule("crisis-tokyo 7.0.7", "crisis-tokyo 18.6.1")
def test_first_turn_from_turn_start_gives_one_action_second_gives_two():
    state = position(3, active=2, actions_left=1, first_turn_done=[False, True, True])
    play(state, "end")
    assert state.active == 0 and state.actions_left == 1 and state.had_turn[0]
    play(state, "end", "end", "end")
    assert state.active == 0 and state.actions_left == 2


@pytest.mark.rule("crisis-tokyo 7.0.5", "crisis-tokyo 18.6.2")
def test_attacking_tokyo_costs_two_actions():
    state = position(3, hands=[["master-of-the-eagles-claw", "gigametal-the-mecha-kaiju"], [], []])
    play(state, "attack harajuku", "send master-of-the-eagles-claw", "done", "power martial")
    assert state.actions_left == 0
    play(state, "decline", "decline", "pass", "draw event", "draw disarmed", "reveal shibuya")
    assert state.active == 1  # nothing left of the turn after the attack


@pytest.mark.rule("crisis-tokyo 7.0.5", "crisis-tokyo 18.6.2")
def test_no_attack_with_one_action_left():
    state = position(3, hands=[["master-of-the-eagles-claw", "gigametal-the-mecha-kaiju"], [], []])
    assert "attack harajuku" in legal(state)
    play(state, "draw event", "draw disarmed")
    assert state.actions_left == 1
    assert not [t for t in legal(state) if t.startswith("attack")]


@pytest.mark.rule("crisis-tokyo 13.1.2")
def test_no_attack_without_a_character_in_hand():
    state = position(3, hands=[["disarmed"], [], []])
    assert not [t for t in legal(state) if t.startswith("attack")]


@pytest.mark.rule("crisis-tokyo 7.0.1")
def test_only_the_player_whose_turn_it_is_acts():
    state = position(3, active=0)
    assert state.current_player() == 0 and kind(state) == "action"
    with pytest.raises(IllegalActionError):
        state.apply_action("draw character", seat=1)
