"""The agent interface and the ``random`` agent.

An agent has ``reset(seed, seat)`` (called once per game) and ``step(state)`` returning
one of ``state.legal_actions()`` (or its text). Agents only read the state through the
kernel contract; a search agent must use ``observation``/``resample`` for what its seat
cannot see.
"""

from __future__ import annotations

import random


class Agent:
    """Base class. ``spec`` is the text that builds this agent (for records)."""

    spec = "agent"

    def __init__(self, **params):
        self.params = params
        self.rng = random.Random(0)
        self.seat = 0

    def reset(self, seed: int | None, seat: int) -> None:
        self.rng = random.Random(seed)
        self.seat = seat

    def step(self, state):
        raise NotImplementedError


class RandomAgent(Agent):
    """Uniform over the legal actions (seeded)."""

    spec = "random"

    def step(self, state):
        legal = state.legal_texts()
        return legal[self.rng.randrange(len(legal))]
