"""Kernel-contract checks shared by the games' property tests (tests/*/test_*_properties.py)."""

from __future__ import annotations

import random

from tokyo.core import sample_chance


def play_twins(a, b, rng: random.Random, steps: int) -> None:
    """Play ``a`` and ``b`` (two equal states) on for up to ``steps`` steps with twin random
    generators seeded from ``rng``: both must choose the same actions and stay equal,
    and end with the same log."""
    r1 = random.Random(rng.random())
    r2 = random.Random()
    r2.setstate(r1.getstate())
    for _ in range(steps):
        if a.is_terminal():
            break
        ta = sample_chance(a, r1) if a.is_chance_node() else r1.choice(a.legal_texts())
        tb = sample_chance(b, r2) if b.is_chance_node() else r2.choice(b.legal_texts())
        assert ta == tb
        a.apply_action(ta)
        b.apply_action(tb)
        assert a == b
    assert [e.as_dict() for e in a.log] == [e.as_dict() for e in b.log]


def replay_from_start(game, state):
    """A new state of ``game`` with every action of ``state``'s history applied in turn."""
    replayed = game.new_initial_state()
    for text in state.history():
        replayed.apply_action(text)
    return replayed
