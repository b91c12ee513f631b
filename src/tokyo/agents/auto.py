"""Automatic decisions a person sets in advance for their own seat (the browser table's
"Automatic decisions"): the most used conveniences of online tables, as plain rules that
answer one kind of decision when its condition holds and leave every other decision to
the person.

King of Tokyo (``kot``, ``kot-dark``, ``kot-godzilla``):

- ``yield_at`` (0-12, or None): asked whether to leave Tokyo, leave when your hearts are
  at or below this number (``yield``; Godzilla's ``flee``).
- ``stay_above`` (0-12, or None): asked whether to leave Tokyo, stay when your hearts are
  above this number (``stay``). When both hold (a person who set stay_above below
  yield_at), leaving wins: it is the cautious answer.
- ``skip_unaffordable`` (bool): at the Buy step, end it when no card can be bought (no
  ``buy`` action is legal), even if a sweep is.

A game without settings here has none (the table shows no panel). The rules read only
the seat's own observation and its legal actions, so they know nothing the person does
not.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from ..core import OptionError, State


@dataclass(frozen=True)
class AutoSetting:
    """One setting: ``name``, ``kind`` (``"int"`` with ``low``..``high``, None meaning off;
    or ``"bool"``), a short ``label`` and the ``help`` sentence shown next to it."""

    name: str
    kind: str
    label: str
    help: str
    low: int = 0
    high: int = 0


KOT_SETTINGS = (
    AutoSetting("yield_at", "int", "Leave Tokyo at or below", "hearts: when asked, leave Tokyo if your hearts "
                "are at or below this (empty: ask me)", 0, 12),
    AutoSetting("stay_above", "int", "Stay in Tokyo above", "hearts: when asked, stay in Tokyo if your hearts are "
                "above this (empty: ask me)", 0, 12),
    AutoSetting("skip_unaffordable", "bool", "Skip buying when I cannot afford a card",
                "end the Buy step at once when no card can be bought (a sweep is not offered then)"),
)

SETTINGS: dict[str, tuple[AutoSetting, ...]] = {"kot": KOT_SETTINGS, "kot-dark": KOT_SETTINGS, "kot-godzilla": KOT_SETTINGS}
LEAVE = ("yield", "flee")   # Dark Edition's and Godzilla's word for leaving Tokyo


def auto_settings(game_id: str) -> list[dict]:
    """The settings a person may set for ``game_id`` (empty for a game without any), as
    dicts: name, kind, label, help, low, high."""
    return [asdict(s) for s in SETTINGS.get(game_id, ())]


def check_auto(game_id: str, values: Any) -> dict:
    """``values`` checked and completed: {name: value} with every setting of the game
    (None or False when off). Raises OptionError naming what is wrong and what is allowed:
    not an object, an unknown name, a value of the wrong type or out of range."""
    specs = {s.name: s for s in SETTINGS.get(game_id, ())}
    if not isinstance(values, dict):
        raise OptionError("automatic decisions should be an object {name: value}")
    unknown = sorted(set(values) - set(specs))
    if unknown:
        allowed = ", ".join(specs) or "none (this game has no automatic decisions)"
        raise OptionError(f"no automatic decision {', '.join(map(repr, unknown))} in {game_id}; allowed: {allowed}")
    out: dict = {}
    for name, spec in specs.items():
        value = values.get(name)
        if spec.kind == "bool":
            if value is not None and not isinstance(value, bool):
                raise OptionError(f"{name} should be true or false, not {value!r}")
            out[name] = bool(value)
        else:
            if value is not None and (isinstance(value, bool) or not isinstance(value, int)
                                      or not spec.low <= value <= spec.high):
                raise OptionError(f"{name} should be a whole number from {spec.low} to {spec.high}, or null "
                                  f"(off), not {value!r}")
            out[name] = value
    return out


def auto_action(game_id: str, state: State, seat: int, values: dict | None) -> str | None:
    """The action the settings ``values`` take for ``seat`` now, or None (the person
    decides). Only at a decision of ``seat``; reads ``state.observation(seat)`` and the
    legal actions only."""
    if not values or game_id not in SETTINGS or state.current_player() != seat:
        return None
    legal = state.legal_texts()
    obs = state.observation(seat)
    kind = (obs.get("node") or {}).get("kind")
    if kind == "yield":
        hearts = obs["monsters"][seat]["hearts"]
        leave = next((t for t in legal if t in LEAVE), None)
        if values.get("yield_at") is not None and hearts <= values["yield_at"] and leave:
            return leave
        if values.get("stay_above") is not None and hearts > values["stay_above"] and "stay" in legal:
            return "stay"
    elif kind == "buy" and values.get("skip_unaffordable"):
        if "end" in legal and not any(t.startswith("buy ") for t in legal):
            return "end"
    return None
