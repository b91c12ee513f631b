"""Observation tensors written as their non-zero entries (docs/notation.md, "Observation
tensors").

A game's tensor is long (800 to 11,000 floats) and mostly zeros: one-hot card identities,
empty slots. A :class:`TensorWriter` keeps only the entries that are not zero, so an
encoding costs what the observation holds, not what the tensor could hold, and a learning
environment fills a zeroed numpy array with them (a Python list of 9,000 floats costs more
to turn into an array than the engine step that made it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterable

if TYPE_CHECKING:
    from .state import State

__all__ = ["TensorWriter", "TensorSizeError", "observation_array"]


class TensorSizeError(Exception):
    """An encoding wrote past the end of its tensor, or did not reach it (a defect of the
    game's encoding, never of the caller's input)."""


class TensorWriter:
    """A flat float tensor of ``size`` entries, all 0.0 until written.

    Two ways to write, which mix freely:

    - in sequence, from a cursor ``pos`` that starts at 0: :meth:`one_hot`, :meth:`value`,
      :meth:`values` and :meth:`skip` write the next entries and move the cursor past them;
    - at an absolute index: :meth:`set` and :meth:`add` (the cursor does not move).

    ``entries`` maps an index to its value; a 0.0 written is not kept.
    """

    __slots__ = ("size", "pos", "entries")

    def __init__(self, size: int) -> None:
        self.size = size
        self.pos = 0
        self.entries: dict[int, float] = {}

    # ----- in sequence ---------------------------------------------------------------------
    def one_hot(self, width: int, i: int) -> None:
        """The next ``width`` entries: 1.0 at ``i``, 0.0 elsewhere (all 0.0 if ``i`` is
        outside ``range(width)``)."""
        if 0 <= i < width:
            self.entries[self.pos + i] = 1.0
        self.pos += width

    def value(self, v: float) -> None:
        """The next entry."""
        if v:
            self.entries[self.pos] = float(v)
        self.pos += 1

    def values(self, vs: Iterable[float]) -> None:
        """The next entries, one per value."""
        pos = self.pos
        entries = self.entries
        for v in vs:
            if v:
                entries[pos] = float(v)
            pos += 1
        self.pos = pos

    def skip(self, n: int) -> None:
        """Leave the next ``n`` entries as they are."""
        self.pos += n

    # ----- at an absolute index ------------------------------------------------------------
    def set(self, at: int, v: float) -> None:
        """Entry ``at`` becomes ``v``."""
        if v:
            self.entries[at] = float(v)
        else:
            self.entries.pop(at, None)

    def add(self, at: int, v: float) -> None:
        """Entry ``at`` grows by ``v``."""
        total = self.entries.get(at, 0.0) + v
        if total:
            self.entries[at] = total
        else:
            self.entries.pop(at, None)

    # ----- the result ----------------------------------------------------------------------
    def check(self, game_id: str, sequential: bool = True) -> None:
        """Raise :class:`TensorSizeError` if an entry lies outside the tensor or, for an
        encoding written in sequence, the cursor did not end exactly at ``size``."""
        if sequential and self.pos != self.size:
            raise TensorSizeError(f"{game_id}: the observation tensor encoding wrote {self.pos} entries, "
                                  f"its pieces add up to {self.size}")
        if self.entries and (min(self.entries) < 0 or max(self.entries) >= self.size):
            bad = [k for k in self.entries if not 0 <= k < self.size]
            raise TensorSizeError(f"{game_id}: the observation tensor encoding wrote entry {bad[0]}, "
                                  f"outside its {self.size}")

    def dense(self) -> list[float]:
        """The whole tensor: a list of ``size`` floats."""
        out = [0.0] * self.size
        for k, v in self.entries.items():
            out[k] = v
        return out


def observation_array(state: State[Any], seat: int | object, out: Any = None) -> Any:
    """``seat``'s observation tensor as a numpy float32 array of
    ``game.observation_tensor_size()``, filled from its non-zero entries (for a tensor of
    thousands of floats, several times cheaper than ``np.asarray(state.observation_tensor(seat))``).

    ``out``, a float32 array of that size, is filled in place and returned instead of a new
    array. Raises what ``state.observation_entries`` raises."""
    import numpy as np
    entries = state.observation_entries(seat)
    if out is None:
        out = np.zeros(state.game.observation_tensor_size(), dtype=np.float32)
    else:
        out.fill(0.0)
    n = len(entries)
    if n:
        out[np.fromiter(entries.keys(), dtype=np.intp, count=n)] = np.fromiter(entries.values(), dtype=np.float32,
                                                                                 count=n)
    return out
