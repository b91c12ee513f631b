"""The agent interface and the ``random`` agent.

An agent has ``reset(seed, seat)`` (called once per game) and ``step(state)`` returning
one of ``state.legal_actions()`` (or its text). Agents only read the state through the
kernel contract; a search agent must use ``observation``/``resample`` for what its seat
cannot see.

``Agent`` is generic in the state class it plays (``KotHeuristicAgent`` is an
``Agent[KotState]``), so the compiled engine reads a heuristic's state attributes
directly. Plain Python classes may subclass it (an agent of one's own).
"""

from __future__ import annotations

import math
import random
from typing import Any, ClassVar, Generic, SupportsFloat, SupportsInt, TypeVar, cast

from mypy_extensions import mypyc_attr

from ..core.errors import OptionError
from ..core.state import State

S = TypeVar("S", bound="State[Any]")
"""The state class an agent plays."""


@mypyc_attr(allow_interpreted_subclasses=True)
class Agent(Generic[S]):
    """Base class. ``spec`` is the text that builds this agent (for records).

    ``PARAMS`` names the parameters a subclass reads (spec ``name:key=value``); any other
    raises OptionError naming the allowed ones. ``None`` leaves the check to the subclass.
    """

    spec: str = "agent"
    PARAMS: ClassVar[tuple[str, ...] | None] = None

    def __init__(self, **params: object) -> None:
        if self.PARAMS is not None:
            unknown = sorted(set(params) - set(self.PARAMS))
            if unknown:
                if self.PARAMS:
                    raise OptionError(f"unknown {self.spec} parameter {unknown[0]!r}; "
                                      f"parameters: {', '.join(self.PARAMS)}")
                raise OptionError(f"the {self.spec} agent takes no parameters (got {unknown[0]!r})")
        self.params: dict[str, object] = params
        self.rng = random.Random(0)
        self.seat = 0

    def int_param(self, name: str, default: int, minimum: float | None = None) -> int:
        """The parameter ``name`` as an int, or ``default`` when absent; OptionError when its
        value is not an integer, or is below ``minimum``."""
        value = self.params.get(name)
        if value is None:
            return default
        try:
            if isinstance(value, bool) or (isinstance(value, float) and not value.is_integer()):
                raise ValueError
            # any other object: int() refuses the wrong ones with TypeError or ValueError
            number = int(value.strip() if isinstance(value, str) else cast(SupportsInt, value))
        except (TypeError, ValueError):
            raise OptionError(f"{self.spec} parameter {name}={value!r} must be an integer") from None
        self._check_minimum(name, value, number, minimum)
        return number

    def float_param(self, name: str, default: float, minimum: float | None = None) -> float:
        """The parameter ``name`` as a float, or ``default`` when absent; OptionError when its
        value is not a finite number, or is below ``minimum``."""
        value = self.params.get(name)
        if value is None:
            return default
        try:
            number = float(cast("str | SupportsFloat", value))  # or TypeError, ValueError
            if not math.isfinite(number):
                raise ValueError
        except (TypeError, ValueError):
            raise OptionError(f"{self.spec} parameter {name}={value!r} must be a number") from None
        self._check_minimum(name, value, number, minimum)
        return number

    def _check_minimum(self, name: str, value: object, number: float, minimum: float | None) -> None:
        if minimum is not None and number < minimum:
            raise OptionError(f"{self.spec} parameter {name}={value!r} must be at least {minimum:g}")

    def reset(self, seed: int | None, seat: int) -> None:
        self.rng = random.Random(seed)
        self.seat = seat

    def step(self, state: S) -> str:
        raise NotImplementedError


class RandomAgent(Agent["State[Any]"]):
    """Uniform over the legal actions (seeded)."""

    spec = "random"
    PARAMS = ()

    def step(self, state: State[Any]) -> str:
        legal = state.legal_texts()
        return legal[self.rng.randrange(len(legal))]
