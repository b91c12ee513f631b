"""The registry that ties card and tile ids to the engine's hook points.

An effect is a function registered under a hook point name and the id of the card or
tile that carries it. The engine calls, at each hook point, every registered function
whose card the monster benefits from (``KotState.has``: held, or copied by Fluxling),
in registration order. That order is the documented order of effects (docs/rulings.md).

Registration kinds:
- ``on(hook, cid)``: a function ``fn(state, monster, *args)``; what it returns depends
  on the hook (a number to add, a bool, a list of actions or of steps).
- ``gain(cid)`` / ``play(cid)``: when a KEEP card (or tile) is gained / a DISCARD card
  is bought; returns steps.
- ``action(word)``: handler of an action whose text starts with ``word``.
- ``decision(name)``: a named decision node: ``legal(state, node)`` and ``do(state, node, text)``.
- ``step(name)``: a named step ``fn(state, *args)``.
- ``chance(name)``: handler of a die rolled for a card, ``fn(state, node, face)``.
- ``reveal(cid)``: the reveal effect of an Event card (Godzilla), ``fn(state)``; returns steps.
- ``evolution(eid, playable=...)``: what playing Evolution ``eid`` does, ``fn(state,
  monster, ctx)`` returning steps, and ``playable(state, monster, ctx)``: whether it can be
  played now, in its window (evolutions.py); permanent Evolutions also use ``on``.
"""

from __future__ import annotations

from collections import defaultdict
from typing import TYPE_CHECKING, Any, Callable, TypeVar

from ...core.machine import Step

if TYPE_CHECKING:
    from .engine import KotState

# The first argument of every effect function is the state of the edition that registers it
# (a KotState subclass: DarkState, GodzillaState), so the registries type only the results.

HookFn = Callable[..., Any]
"""An ``on(hook, ...)`` effect: ``fn(state, monster, *args)``; its result depends on the hook."""
StepsFn = Callable[..., list[Step] | None]
"""An effect that returns the steps it pushes (or None: none): gain, play, reveal, evolution."""
HandlerFn = Callable[..., object]
"""A handler whose result is not read: action, decision ``do``, step, chance."""
LegalFn = Callable[..., list[str]]
"""A decision's legal texts: ``legal(state, node)``."""
CheckFn = Callable[..., bool]
"""A yes/no test: buy check ``fn(state, monster)``, Evolution ``playable(state, monster, ctx)``."""

_Hook = TypeVar("_Hook", bound=HookFn)
_Steps = TypeVar("_Steps", bound=StepsFn)
_Handler = TypeVar("_Handler", bound=HandlerFn)
_Check = TypeVar("_Check", bound=CheckFn)


class Effects:
    def __init__(self, name: str):
        self.name = name
        self.hooks: defaultdict[str, list[tuple[str, HookFn]]] = defaultdict(list)
        self.on_gain: dict[str, StepsFn] = {}
        self.on_play: dict[str, StepsFn] = {}
        self.actions: dict[str, HandlerFn] = {}
        self.decisions: dict[str, tuple[LegalFn, HandlerFn]] = {}
        self.steps: dict[str, HandlerFn] = {}
        self.chances: dict[str, HandlerFn] = {}
        self.buy_checks: dict[str, CheckFn] = {}
        self.reveals: dict[str, StepsFn] = {}
        self.evolutions: dict[str, tuple[CheckFn | None, StepsFn | None]] = {}
        self._order: dict[tuple[str, str, HookFn], int] = {}  # (hook, cid, fn) -> order (``on``)

    def on(self, hook: str, *cids: str, order: int = 0) -> Callable[[_Hook], _Hook]:
        """Register ``fn`` at ``hook`` for ``cids``; a lower ``order`` runs earlier
        (equal orders run in registration order)."""
        def deco(fn: _Hook) -> _Hook:
            for cid in cids:
                self.hooks[hook].append((cid, fn))
                self._order[(hook, cid, fn)] = order
            return fn
        return deco

    def gain(self, cid: str) -> Callable[[_Steps], _Steps]:
        def deco(fn: _Steps) -> _Steps:
            self.on_gain[cid] = fn
            return fn
        return deco

    def play(self, cid: str) -> Callable[[_Steps], _Steps]:
        def deco(fn: _Steps) -> _Steps:
            self.on_play[cid] = fn
            return fn
        return deco

    def action(self, word: str) -> Callable[[_Handler], _Handler]:
        def deco(fn: _Handler) -> _Handler:
            self.actions[word] = fn
            return fn
        return deco

    def decision(self, name: str, legal: LegalFn) -> Callable[[_Handler], _Handler]:
        def deco(fn: _Handler) -> _Handler:
            self.decisions[name] = (legal, fn)
            return fn
        return deco

    def step(self, name: str) -> Callable[[_Handler], _Handler]:
        def deco(fn: _Handler) -> _Handler:
            self.steps[name] = fn
            return fn
        return deco

    def chance(self, name: str) -> Callable[[_Handler], _Handler]:
        def deco(fn: _Handler) -> _Handler:
            self.chances[name] = fn
            return fn
        return deco

    def buy_check(self, cid: str) -> Callable[[_Check], _Check]:
        def deco(fn: _Check) -> _Check:
            self.buy_checks[cid] = fn
            return fn
        return deco

    def reveal(self, cid: str) -> Callable[[_Steps], _Steps]:
        def deco(fn: _Steps) -> _Steps:
            self.reveals[cid] = fn
            return fn
        return deco

    def evolution(self, eid: str, playable: CheckFn | None = None) -> Callable[[_Steps], _Steps]:
        """Register what playing Evolution ``eid`` does; ``playable`` (default: always, in its
        window) says whether it may be played now."""
        def deco(fn: _Steps) -> _Steps:
            self.evolutions[eid] = (playable, fn)
            return fn
        return deco

    def ids(self) -> set[str]:
        """Every card or tile id that has at least one registered effect."""
        out = set(self.on_gain) | set(self.on_play) | set(self.buy_checks) | set(self.reveals) | set(self.evolutions)
        for entries in self.hooks.values():
            out.update(cid for cid, _ in entries)
        return out

    def merged(self, other: "Effects", name: str) -> "Effects":
        """A registry holding this one's effects, then ``other``'s."""
        out = Effects(name)
        for src in (self, other):
            for hook, entries in src.hooks.items():
                out.hooks[hook].extend(entries)
            out.on_gain.update(src.on_gain)
            out.on_play.update(src.on_play)
            out.actions.update(src.actions)
            out.decisions.update(src.decisions)
            out.steps.update(src.steps)
            out.chances.update(src.chances)
            out.buy_checks.update(src.buy_checks)
            out.reveals.update(src.reveals)
            out.evolutions.update(src.evolutions)
            out._order.update(src._order)
        for hook, entries in out.hooks.items():
            entries.sort(key=lambda e: out._order.get((hook, e[0], e[1]), 0))
        return out


def renamed_effect(fn: Callable[..., Any], names: tuple[str, str] | None) -> Callable[..., Any]:
    """``fn`` run with the log speaking of the new name wherever the shared effect names
    the old one (``names``: (old, new); KotState.say): a card of one edition that reuses
    another edition's effect (a Godzilla card, the base game's Solar Powered) is cited and
    named as itself. ``fn`` itself without ``names``. The state is typed ``KotState``: any
    edition's state may run it, and the compiled engine checks the type."""
    if names is None:
        return fn

    def wrapped(state: KotState, *args: Any) -> Any:
        prev = state.renamed
        state.renamed = names
        try:
            return fn(state, *args)
        finally:
            state.renamed = prev
    return wrapped
