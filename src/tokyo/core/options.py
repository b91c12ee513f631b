"""Declared game options and their validation.

A game declares each option with a default and either a list of allowed values or a
type with bounds. ``validate_options`` turns user input into a complete option dict or
raises :class:`tokyo.OptionError` naming what is allowed.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .errors import OptionError

_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off"}


@dataclass(frozen=True)
class Option:
    """One game option.

    name: option name as given to ``load_game`` (snake_case).
    default: value used when the option is not given.
    help: one sentence for ``tokyo games``.
    choices: allowed values (strings) or None.
    kind: ``bool``, ``int``, ``str`` or ``list`` (a comma separated list of choices).
    minimum/maximum: bounds for ``int``.
    legacy: the value that plays the game as it was played before this option existed
    (None: the default does). A record whose options do not name the option was made
    before it existed, so it is replayed with this value (``recorded_options``,
    ``Game.replay``; docs/architecture.md, Skipped questions and old records).
    """

    name: str
    default: Any
    help: str
    choices: tuple[str, ...] | None = None
    kind: str = "str"
    minimum: int | None = None
    maximum: int | None = None
    legacy: Any = None

    def allowed(self) -> str:
        if self.kind == "bool":
            return "true or false"
        if self.kind == "int":
            return f"an integer from {self.minimum} to {self.maximum}"
        if self.kind == "list" and self.choices:
            return "a comma-separated list of: " + ", ".join(self.choices)
        if self.choices:
            return ", ".join(self.choices)
        return "any text"

    def coerce(self, value: Any) -> Any:
        bad = OptionError(f"option {self.name!r}: {value!r} is not allowed; allowed: {self.allowed()}")
        if self.kind == "bool":
            if isinstance(value, bool):
                return value
            if isinstance(value, str) and value.strip().lower() in _TRUE | _FALSE:
                return value.strip().lower() in _TRUE
            raise bad
        if self.kind == "int":
            if isinstance(value, bool):
                raise bad
            try:
                number = int(value)
            except (TypeError, ValueError):
                raise bad from None
            if str(number) != str(value).strip() and not isinstance(value, int):
                raise bad
            if (self.minimum is not None and number < self.minimum) or (
                    self.maximum is not None and number > self.maximum):
                raise bad
            return number
        if self.kind == "list":
            if isinstance(value, str):
                items = [v.strip() for v in value.split(",") if v.strip()]
            elif isinstance(value, (list, tuple)):
                items = [str(v).strip() for v in value]
            else:
                raise bad
            if self.choices:
                for item in items:
                    if item not in self.choices:
                        raise OptionError(f"option {self.name!r}: {item!r} is not allowed; "
                                          f"allowed: {self.allowed()}")
            return tuple(items)
        if not isinstance(value, str):
            raise bad
        if self.choices and value not in self.choices:
            raise bad
        return value


@dataclass(frozen=True)
class GameInfo:
    """What ``tokyo.list_games()`` reports for one game."""

    game_id: str
    title: str
    min_players: int
    max_players: int
    default_players: int
    options: tuple[Option, ...] = field(default_factory=tuple)
    # the rule system whose rules page (docs/rules/<rules>.md) and statement ids the game
    # uses, when it is not the game's own id: the Crisis Format plays on the Storyline rules
    rules: str = ""

    @property
    def rules_id(self) -> str:
        """The rule system of the game: ``rules`` or, when empty, the game id."""
        return self.rules or self.game_id

    def as_dict(self) -> dict[str, Any]:
        return {
            "id": self.game_id,
            "title": self.title,
            "rules": self.rules_id,
            "players": [self.min_players, self.max_players],
            "default_players": self.default_players,
            "options": [
                {"name": o.name, "default": list(o.default) if isinstance(o.default, tuple) else o.default,
                 "allowed": o.allowed(), "help": o.help}
                for o in self.options
            ],
        }


def validate_options(info: GameInfo, given: dict[str, Any]) -> dict[str, Any]:
    """Return the full option dict for ``info`` with ``given`` applied.

    Raises OptionError for an unknown name (listing the known ones) or a bad value.
    """
    known = {o.name: o for o in info.options}
    result = {o.name: o.default for o in info.options}
    for name, value in given.items():
        key = name.replace("-", "_")
        if key not in known:
            names = ", ".join(sorted(known)) or "none"
            raise OptionError(f"{info.game_id} has no option {name!r}; options: {names}")
        result[key] = known[key].coerce(value)
    return result


def recorded_options(info: GameInfo, recorded: dict[str, Any]) -> dict[str, Any]:
    """The options to load a recorded game with: those the record names, and for each
    declared option with a ``legacy`` value that the record does not name, that value
    (the record was made before the option existed). Records list every option the
    game had (``Game.options_json``), so a missing name can only mean that."""
    given = {name.replace("-", "_"): value for name, value in recorded.items()}
    for o in info.options:
        if o.legacy is not None and o.name not in given:
            given[o.name] = o.legacy
    return given
