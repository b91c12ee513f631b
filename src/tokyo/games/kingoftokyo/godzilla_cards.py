"""The effect registries of the King of Tokyo: Godzilla Energy cards and Evolutions (see
effects.py), with the helpers their effect modules share.

The wording of each card is in data/godzilla_energy_cards.toml and
data/godzilla_evolutions.toml; this module is its behaviour, registered by the same ids.
A card whose data names ``shares_effect`` (a kot-dark Power card id) reuses that card's
registered effect (``share_effects``), so it needs no code here.

Event cards: ``reveal(cid)`` is the effect applied once when the card is revealed face up;
an ongoing Event registers ordinary hooks (``on``), which apply to every monster while the
card is face up (GodzillaState.has); ``play(cid)`` is the Action effect when it is bought.

Evolutions: ``evolution(eid, playable)`` is what playing it does (temporary ones), and
permanent ones register ordinary hooks, which apply while they are in play.
"""

from __future__ import annotations

from .effects import Effects
from .engine import OUT

ENERGY = Effects("kot-godzilla-energy")
EVOLUTIONS = Effects("kot-godzilla-evolutions")


def share_effects(target: Effects, source: Effects, shares: dict[str, str]) -> Effects:
    """Register in ``target`` the effects of ``source`` card ids under new ids
    (``shares``: new id -> source id)."""
    for new, old in shares.items():
        for hook, entries in source.hooks.items():
            for cid, fn in list(entries):
                if cid == old:
                    target.on(hook, new, order=source._order.get((hook, cid, fn), 0))(fn)
        if old in source.on_gain:
            target.on_gain[new] = source.on_gain[old]
        if old in source.on_play:
            target.on_play[new] = source.on_play[old]
    return target


def take_tokens(state, m, n: int, rule: str) -> None:
    """``m`` takes up to ``n`` Dice tokens from the supply (ruling G4: none left, none taken)."""
    got = min(n, state.supply["dice"])
    if got > 0 and m.alive:
        state.supply["dice"] -= got
        state.tokens[m.seat] += got
        state.say(f"{state.name(m.seat)} takes {got} Dice token{'s' * (got != 1)} ({state.tokens[m.seat]}).", rule)


# The effects themselves, one module per kind of card (each registers into ENERGY or
# EVOLUTIONS above): godzilla_powers.py (POWER cards), godzilla_actions.py (ACTION and
# EVENT cards), evolution_cards/<monster>.py (each monster's Evolutions).
from . import godzilla_actions, godzilla_powers  # noqa: E402,F401
from .evolution_cards import (anguirus, godzilla, king_ghidorah, mechagodzilla, mothra,  # noqa: E402,F401
                              rodan)
