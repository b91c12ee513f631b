"""The kernel contract (tokyo.core State/Game), checked against the toy game Pig."""

import json
import random

import pytest

import tokyo
from tokyo import CHANCE, TERMINAL, Action, IllegalActionError, StateFormatError
from tokyo.agents import RandomAgent
from tokyo.core import sample_chance


def to_decision(state, roll=3):
    """Apply the opening roll so seat 0 is to decide."""
    state.apply_action(f"roll {roll}")
    return state


def test_initial_state_is_a_chance_node(pig):
    state = pig.new_initial_state()
    assert state.current_player() == CHANCE
    assert state.is_chance_node() and not state.is_terminal()
    assert [a.text for a in state.legal_actions()] == [f"roll {k}" for k in range(1, 7)]
    assert all(a.player == CHANCE for a in state.legal_actions())


@pytest.mark.parametrize("die,faces", [("d4", 4), ("d6", 6)])
def test_chance_outcomes_sum_to_one(die, faces):
    state = tokyo.load_game("toy-pig", 2, die=die).new_initial_state()
    outcomes = state.chance_outcomes()
    assert len(outcomes) == faces
    assert sum(p for _, p in outcomes) == pytest.approx(1.0)
    assert all(isinstance(a, Action) and a.player == CHANCE for a, _ in outcomes)


def test_chance_outcomes_empty_at_a_decision(pig):
    state = to_decision(pig.new_initial_state())
    assert state.chance_outcomes() == []
    assert state.current_player() == 0


def test_illegal_action_raises_with_legal_list_and_leaves_state_unchanged(pig):
    state = to_decision(pig.new_initial_state())
    before, before_json, history = state.clone(), state.to_json(), state.history()
    with pytest.raises(IllegalActionError) as info:
        state.apply_action("jump")
    assert info.value.legal == ["roll", "hold"]
    assert info.value.action == "jump"
    assert "roll" in str(info.value) and "hold" in str(info.value)
    assert state == before
    assert state.to_json() == before_json
    assert state.history() == history


def test_illegal_chance_outcome_is_refused(pig):
    state = pig.new_initial_state()
    with pytest.raises(IllegalActionError) as info:
        state.apply_action("roll 7")
    assert "roll 6" in info.value.legal
    assert state.history() == []


def test_action_from_a_seat_not_to_act_is_refused(pig):
    state = to_decision(pig.new_initial_state())
    before = state.clone()
    with pytest.raises(IllegalActionError) as info:
        state.apply_action("roll", seat=1)
    assert info.value.seat == 1
    assert info.value.legal == ["roll", "hold"]
    with pytest.raises(IllegalActionError):
        state.apply_action(Action(1, "hold"))
    with pytest.raises(IllegalActionError):  # an Action sent on behalf of another seat
        state.apply_action(Action(0, "hold"), seat=1)
    assert state == before


def test_seat_cannot_act_at_a_chance_node(pig):
    state = pig.new_initial_state()
    with pytest.raises(IllegalActionError):
        state.apply_action("roll 3", seat=0)
    assert state.history() == []


def test_action_object_and_text_variants_are_accepted(pig):
    state = to_decision(pig.new_initial_state())
    state.apply_action(Action(0, "roll"))
    state.apply_action("  ROLL   4 ")  # canonical_text: spelling variants
    assert state.history() == ["roll 3", "roll", "roll 4"]
    state.apply_action("hold", seat=0)
    assert state.current_player() == CHANCE
    assert state.observation(None)["scores"] == [7, 0]


def test_not_an_action_type_is_refused(pig):
    state = to_decision(pig.new_initial_state())
    with pytest.raises(IllegalActionError):
        state.apply_action(3)


def finished_game(game, seed=1):
    agents = [RandomAgent() for _ in range(game.num_players)]
    record = tokyo.play_game(game, agents, seed=seed)
    return record, game.replay(record.history)


def test_terminal_state_refuses_actions_and_has_returns(pig):
    record, state = finished_game(pig)
    assert state.is_terminal() and state.current_player() == TERMINAL
    assert state.legal_actions() == [] and state.chance_outcomes() == []
    with pytest.raises(IllegalActionError):
        state.apply_action("roll")
    returns = state.returns()
    assert sorted(returns) == [0.0, 1.0]
    assert record.winners == [returns.index(1.0)]


def test_returns_are_zero_before_the_end(pig):
    state = to_decision(pig.new_initial_state(), roll=6)
    assert state.returns() == [0.0, 0.0]


def test_nobody_wins_gives_all_zero_returns():
    game = tokyo.load_game("toy-pig", 3, max_turns=1)
    state = game.new_initial_state()
    state.apply_action("roll 1")
    assert state.is_terminal()
    assert state.returns() == [0.0, 0.0, 0.0]


def test_clone_is_equal_and_independent(pig):
    state = to_decision(pig.new_initial_state())
    copy = state.clone()
    assert copy == state and copy is not state
    copy.apply_action("hold")
    assert copy != state
    assert state.history() == ["roll 3"]
    assert state.current_player() == 0


@pytest.mark.parametrize("steps", [0, 1, 2, 5])
def test_json_round_trip(pig, steps):
    state = pig.new_initial_state()
    for text in ["roll 3", "roll", "roll 5", "hold", "roll 2"][:steps]:
        state.apply_action(text)
    text = state.to_json()
    json.loads(text)  # valid JSON
    again = pig.state_from_json(text)
    assert again == state
    assert again.history() == state.history()
    assert [e.as_dict() for e in again.log] == [e.as_dict() for e in state.log]
    assert again.legal_texts() == state.legal_texts()
    assert again.to_json() == text


@pytest.mark.parametrize("text", [
    "not json at all",
    "[1, 2, 3]",
    '{"game": "toy-pig", "players": 2}',
    '{"game": "kot-dark", "players": 2, "state": {}}',
    '{"game": "toy-pig", "players": 3, "state": {}}',
    '{"game": "toy-pig", "players": 2, "state": {}}',
    '{"game": "toy-pig", "players": 2, "state": []}',
    '{"game": "toy-pig", "players": 2, "state": {"scores": [0], "player": 0, "turn_total": 0,'
    ' "awaiting_roll": true, "over": false, "winner": null, "turn_count": 1}}',
])
def test_corrupt_json_raises_state_format_error(pig, text):
    with pytest.raises(StateFormatError):
        pig.state_from_json(text)


def test_log_events_have_a_sentence_and_a_rule(pig):
    _, state = finished_game(pig, seed=4)
    assert state.log
    for event in state.log:
        assert event.text and event.rule
        assert event.visible_to(0) and event.visible_to(None)
    assert state.log_for(1) == state.log


def test_observation_is_json_safe(pig):
    state = to_decision(pig.new_initial_state())
    for seat in (None, 0, 1):
        obs = state.observation(seat)
        assert json.loads(json.dumps(obs)) == obs


def test_play_game_same_seed_same_history(pig):
    a = tokyo.play_game(pig, [RandomAgent(), RandomAgent()], seed=42)
    b = tokyo.play_game(pig, [RandomAgent(), RandomAgent()], seed=42)
    assert a.history == b.history and a.as_dict() == b.as_dict()
    others = {tuple(tokyo.play_game(pig, [RandomAgent(), RandomAgent()], seed=s).history) for s in range(10)}
    assert len(others) > 1


def test_play_game_record(pig):
    record = tokyo.play_game(pig, [RandomAgent(), RandomAgent()], seed=7)
    data = record.as_dict()
    assert data["game"] == "toy-pig" and data["players"] == 2 and data["seed"] == 7
    assert data["agents"] == ["random", "random"]
    assert data["options"] == {"target": 20, "die": "d6", "one_ends_turn": True, "max_turns": 0}
    assert data["turns"] >= 1 and data["extra"] == {"win_by": "points"}
    json.dumps(data)
    final = pig.replay(record.history)
    assert final.returns() == record.returns


def test_play_game_needs_one_agent_per_seat(pig):
    with pytest.raises(ValueError):
        tokyo.play_game(pig, [RandomAgent()], seed=1)


def test_sample_chance_follows_the_probabilities(pig):
    state = pig.new_initial_state()
    rng = random.Random(0)
    counts = {}
    for _ in range(6000):
        text = sample_chance(state, rng)
        counts[text] = counts.get(text, 0) + 1
    assert set(counts) == {f"roll {k}" for k in range(1, 7)}
    assert all(800 < n < 1200 for n in counts.values())
