"""``StepState``: a State run as a stack of pending steps and one pending node.

The pattern both game packages use: the state holds ``stack`` (steps still to run, each
a JSON-safe list ``[name, *args]``), ``node`` (the decision ``["decision", seat, kind,
data]`` or chance node ``["chance", CHANCE, kind, data]`` waiting for an answer) and
``winners`` (None until the game is over). Applying an action calls ``_do_<kind>(node,
text)`` (a chance outcome: ``_on_<kind>(node, value)``, the text after its first word),
then runs steps (``_step_<name>(*args)``) until one opens a node or the game ends.
Because everything is plain data, a state clones and round-trips through JSON exactly.
"""

from __future__ import annotations

from typing import Any, ClassVar

from mypy_extensions import mypyc_attr

from .state import CHANCE, TERMINAL, Event, GameT, State

Step = list[Any]
"""A pending step: ``[name, *args]``, JSON-safe."""
Node = list[Any]
"""A pending node: ``["decision", seat, kind, data]`` or ``["chance", CHANCE, kind, data]``."""

_METHODS: dict[tuple[str, str], str] = {}


def _method(prefix: str, name: str) -> str:
    key = (prefix, name)
    found = _METHODS.get(key)
    if found is None:
        found = _METHODS[key] = prefix + name.replace("-", "_")
    return found


@mypyc_attr(allow_interpreted_subclasses=True)
class StepState(State[GameT]):
    """Base of step-machine states. Subclasses set ``stack``, ``node`` and ``winners``
    and define the ``_step_*``, ``_legal_*``, ``_do_*`` and ``_on_*`` methods; they may
    override ``_interrupt`` (checked before every step, e.g. hand limits)."""

    stack: list[Step]
    node: Node | None
    winners: list[int] | None
    _step_table: ClassVar[dict[str, Any]] = {}
    _do_table: ClassVar[dict[str, Any]] = {}
    _on_table: ClassVar[dict[str, Any]] = {}
    _interrupts: ClassVar[bool] = False

    def __init_subclass__(cls, **kwargs: Any) -> None:
        # per class, for the hot loop of ``_run`` (one pass per internal step): its step
        # functions by step name, filled as steps are met, and whether it has an interrupt
        super().__init_subclass__(**kwargs)
        cls._step_table = {}
        cls._do_table = {}  # and its ``_do_*`` and ``_on_*`` functions, by node kind (``_apply``)
        cls._on_table = {}
        cls._interrupts = cls._interrupt is not StepState._interrupt

    def _push(self, *steps: Step) -> None:
        """Schedule steps to run next, in the order given."""
        if len(steps) == 1:  # the usual case, without building a reversed copy
            self.stack.append(steps[0])
        else:
            self.stack.extend(steps[::-1])

    def _ask(self, seat: int, kind: str, legal: list[str] | None = None, **data: Any) -> None:
        """Open a decision node; ``legal`` may pass the legal texts already computed."""
        self.node = ["decision", seat, kind, data]
        self._legal_next = legal

    def _chance(self, kind: str, **data: Any) -> None:
        self.node = ["chance", CHANCE, kind, data]
        self._legal_next = None

    def asks_always(self) -> bool:
        """Option ``ask_always`` (games that declare it): ask also the questions whose answer
        cannot change anything, as the game did before it skipped them (records made then;
        analysis). False by default: such a question is answered at once, not asked."""
        return bool(self.game.options.get("ask_always"))

    def _interrupt(self) -> bool:
        """Hook run before each step; return True after opening a node to answer first."""
        return False

    def _run(self) -> None:
        stack = self.stack
        cls = type(self)
        table = cls._step_table
        interrupt = self._interrupt if cls._interrupts else None
        while self.node is None and self.winners is None:
            if interrupt is not None and interrupt():
                break
            if not stack:
                raise RuntimeError(f"{self.game.game_id}: the step stack ran empty")
            step = stack.pop()
            fn = table.get(step[0])
            if fn is None:
                fn = table[step[0]] = getattr(cls, _method("_step_", step[0]))
            if len(step) == 1:  # most steps have no arguments: no tuple built for them
                fn(self)
            else:
                fn(self, *step[1:])
        if self.winners is not None:
            self._legal_next = None
        self._legal_cache = self._legal_next

    def _current_player(self) -> int:
        if self.winners is not None:
            return TERMINAL
        node = self.node
        assert node is not None, "a game that is not over has a node"
        seat: int = CHANCE if node[0] == "chance" else node[1]
        return seat

    def _returns(self) -> list[float]:
        winners = self.winners or []
        return [1.0 if i in winners else 0.0 for i in range(self.game.num_players)]

    def _legal_texts(self) -> list[str]:
        node = self.node
        assert node is not None
        texts: list[str] = getattr(self, _method("_legal_", node[2]))(node)
        return texts

    def _apply(self, text: str) -> None:
        node = self.node
        assert node is not None
        self.node = None
        kind: str = node[2]
        cls = type(self)
        if node[0] == "chance":
            table = cls._on_table
            fn = table.get(kind)
            if fn is None:
                fn = table[kind] = getattr(cls, _method("_on_", kind))
            fn(self, node, text.split(" ", 1)[1])
        else:
            table = cls._do_table
            fn = table.get(kind)
            if fn is None:
                fn = table[kind] = getattr(cls, _method("_do_", kind))
            fn(self, node, text)
        self._run()

    def say(self, text: str, rule: str = "", seats: tuple[int, ...] | None = None) -> None:
        """Log a sentence with the rule it applied (``seats``: who may see it; None: all)."""
        self.add_event(Event(text, rule, seats))
