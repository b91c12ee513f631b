"""Rulings kot-dark R41 and kot-godzilla G53 are safe: a resolve order the engine does not
ask could not have changed anything. Shared by the two editions' property tests."""

from __future__ import annotations

import itertools
import json
import random

from tokyo.core import sample_chance


def settle_dice(state, order, last: bool, seed: int) -> str:
    """Resolve the dice in ``order``; every other question gets its first (or ``last``)
    answer and chance a generator seeded with ``seed``, until the Buy step, the next turn
    or the end. The position then, with the resolved categories sorted and no log."""
    rng, order, turn = random.Random(seed), list(order), state.turn_count
    while not state.is_terminal() and state.turn_count == turn and state.node[2] != "buy":
        legal = state.legal_texts()
        if state.is_chance_node():
            text = sample_chance(state, rng)
        elif state.node[2] == "resolve":
            text = next(f"resolve {c}" for c in order if f"resolve {c}" in legal)
            order.remove(text.split()[1])
        else:
            text = legal[-1] if last else legal[0]
        state.apply_action(text)
    data = state._to_data()
    data["resolved"] = sorted(data["resolved"])
    return json.dumps(data, sort_keys=True)


def check_skipped_orders(game, seed: int) -> int:
    """Play ``game`` (with ask_always=true) at random; at every resolve question ruling R41
    would not ask, every order must end in the same position. Returns the questions checked."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    checked = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
            continue
        if state.node[2] == "resolve":
            cats, legal = state.categories_left(), state.legal_texts()
            if len(legal) == len(cats) and not state.resolve_order_matters(state.monsters[state.active], cats):
                checked += 1
                for last in (False, True):
                    ends = {settle_dice(state.clone(), order, last, seed + state.turn_count)
                            for order in itertools.permutations(cats)}
                    assert len(ends) == 1, (seed, state.turn_count, cats, last)
        state.apply_action(rng.choice(state.legal_texts()))
    return checked
