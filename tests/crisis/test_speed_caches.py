"""What the speed work of issue 13 keeps from one step to the next is always what a fresh
look at the position would find (seeded games, random and heuristic players, every option
that changes the limits or the plays in reach):

- the legal actions a decision node keeps (computed once, when it was asked) are those
  ``_legal_texts`` computes now, and a clone's are the same;
- when the limits are not due for a check (``_limits_due`` False: no hand or Reserve grew
  and the Plot did not change since the last check), every hand and Reserve is within its
  limit and no Threat is in a Reserve;
- a clone equals its original and shares no mutable data with it.
"""

from __future__ import annotations

import pytest

import tokyo
from tokyo.agents import make_agent

CASES = [(2, "random", {}, 12), (4, "random", {"resources": True}, 8),
         (3, "heuristic", {}, 12), (5, "heuristic", {"collateral_damage": True}, 8)]


def _within_limits(state) -> bool:
    return all(len(h) <= state.hand_limit() for h in state.hands) and all(
        len(r) <= state.reserve_limit() and all(i["half"] == "hero" for i in r) for r in state.reserves)


def _positions(players, agent, options, games):
    game = tokyo.load_game("crisis-tokyo", players, **options)
    for seed in range(games):
        record = tokyo.play_game(game, [make_agent(agent, "crisis-tokyo") for _ in range(players)], seed=seed,
                                 log=False)
        state = game.new_initial_state()
        for text in record.history:
            yield seed, state
            state.apply_action(text)


@pytest.mark.parametrize("players,agent,options,games", CASES)
def test_kept_legal_actions_and_limits_match_a_fresh_look(players, agent, options, games):
    nodes = limits_off = 0
    for seed, state in _positions(players, agent, options, games):
        if state.node[0] != "decision":
            continue
        nodes += 1
        fresh = state._legal_texts()
        assert state.legal_texts() == fresh, (seed, state.node)
        assert state.clone().legal_texts() == fresh, (seed, state.node)
        if not state._limits_due:
            limits_off += 1
            assert _within_limits(state), (seed, state.node)
    assert nodes > 100 and limits_off > 100  # the games did reach both cases


def test_a_clone_is_equal_and_independent():
    for seed, state in _positions(4, "random", {}, 3):
        if state.turn_count < 5 or state.conflict is None or not any(state.reserves):
            continue
        other = state.clone()
        assert other == state and other._to_data() == state._to_data()
        before = state._to_data()
        for hand in other.hands:
            hand.append("x")
        for res in other.reserves:
            for inst in res:
                inst["mods"]["fire"] = 99
                inst["gifts"].append({"card": "x", "half": "a"})
        other.conflict["bonus"][0] += 5
        other.stack.append(["x"])
        other.node[3]["x"] = 1
        assert state._to_data() == before
        return
    pytest.fail("no position with a Conflict and a Reserve")
