"""Godzilla's eight Evolutions (data/godzilla_evolutions.toml, monster = "godzilla")."""

from __future__ import annotations

from ..godzilla_cards import EVOLUTIONS, take_tokens  # noqa: F401


def _hearts(n: int) -> str:
    return f"{n} heart{'s' * (n != 1)}"


@EVOLUTIONS.evolution("thick-hide", playable=lambda state, m, ctx: ctx["packet"]["amount"] > 0)
def _thick_hide(state, m, ctx):
    p = ctx["packet"]
    before = p["amount"]
    p["amount"] = max(0, before - 2)
    state.say(f"{state.name(m.seat)} loses {_hearts(before - p['amount'])} fewer.", "Thick Hide")
    return []
