"""The agent interface and the ``random`` agent.

An agent has ``reset(seed, seat)`` (called once per game) and ``step(state)`` returning
one of ``state.legal_actions()`` (or its text). Agents only read the state through the
kernel contract; a search agent must use ``observation``/``resample`` for what its seat
cannot see.
"""

from __future__ import annotations

import math
import random

from ..core.errors import OptionError


class Agent:
    """Base class. ``spec`` is the text that builds this agent (for records).

    ``PARAMS`` names the parameters a subclass reads (spec ``name:key=value``); any other
    raises OptionError naming the allowed ones. ``None`` leaves the check to the subclass.
    """

    spec = "agent"
    PARAMS: tuple[str, ...] | None = None

    def __init__(self, **params):
        if self.PARAMS is not None:
            unknown = sorted(set(params) - set(self.PARAMS))
            if unknown:
                if self.PARAMS:
                    raise OptionError(f"unknown {self.spec} parameter {unknown[0]!r}; "
                                      f"parameters: {', '.join(self.PARAMS)}")
                raise OptionError(f"the {self.spec} agent takes no parameters (got {unknown[0]!r})")
        self.params = params
        self.rng = random.Random(0)
        self.seat = 0

    def param(self, name: str, default, kind=int, minimum: float | None = None):
        """The parameter ``name`` as ``kind`` (int or float), or ``default`` when absent;
        OptionError when its value is not such a number, or is below ``minimum``."""
        value = self.params.get(name)
        if value is None:
            return default
        try:
            if kind is int:
                if isinstance(value, bool) or (isinstance(value, float) and not value.is_integer()):
                    raise ValueError
                number = int(value.strip() if isinstance(value, str) else value)
            else:
                number = float(value)
                if not math.isfinite(number):
                    raise ValueError
        except (TypeError, ValueError):
            raise OptionError(f"{self.spec} parameter {name}={value!r} must be "
                              f"{'an integer' if kind is int else 'a number'}") from None
        if minimum is not None and number < minimum:
            raise OptionError(f"{self.spec} parameter {name}={value!r} must be at least {minimum:g}")
        return number

    def reset(self, seed: int | None, seat: int) -> None:
        self.rng = random.Random(seed)
        self.seat = seat

    def step(self, state):
        raise NotImplementedError


class RandomAgent(Agent):
    """Uniform over the legal actions (seeded)."""

    spec = "random"
    PARAMS = ()

    def step(self, state):
        legal = state.legal_texts()
        return legal[self.rng.randrange(len(legal))]
