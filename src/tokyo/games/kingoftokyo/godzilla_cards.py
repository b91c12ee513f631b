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

from typing import TYPE_CHECKING, Any, Callable, Iterable

from ...core.machine import Node, Step
from .effects import Effects, renamed_effect
from .engine import OUT, MonsterState

if TYPE_CHECKING:
    from .godzilla import GodzillaState

ENERGY = Effects("kot-godzilla-energy")
EVOLUTIONS = Effects("kot-godzilla-evolutions")


def share_effects(target: Effects, source: Effects, shares: dict[str, str],
                  names: dict[str, tuple[str, str]] | None = None) -> Effects:
    """Register in ``target`` the effects of ``source`` card ids under new ids
    (``shares``: new id -> source id; ``names``: new id -> (source card's name, new card's
    name), so that the log names the new card)."""
    names = names or {}
    for new, old in shares.items():
        pair = names.get(new)
        for hook, entries in source.hooks.items():
            for cid, fn in list(entries):
                if cid == old:
                    target.on(hook, new, order=source._order.get((hook, cid, fn), 0))(renamed_effect(fn, pair))
        if old in source.on_gain:
            target.on_gain[new] = renamed_effect(source.on_gain[old], pair)
        if old in source.on_play:
            target.on_play[new] = renamed_effect(source.on_play[old], pair)
    return target


def take_tokens(state: GodzillaState, m: MonsterState, n: int, rule: str) -> None:
    """``m`` takes up to ``n`` Dice tokens from the supply (ruling G4: none left, none taken)."""
    got = min(n, state.supply["dice"])
    if got > 0 and m.alive:
        state.supply["dice"] -= got
        state.tokens[m.seat] += got
        state.say(f"{state.name(m.seat)} takes {got} Dice token{'s' * (got != 1)} ({state.tokens[m.seat]}).", rule)


# ----- the card decisions "pick-monster" (texts ``target <seat>``) and "pick-number" (``pay <n>``) -----
_PICK_WORDS = {"pick-monster": "target", "pick-number": "pay"}


def pick(seat: int, name: str, choices: Iterable[int], then: str) -> Step:
    """The step that asks ``seat`` decision ``name`` ("pick-monster": ``target <seat>`` for
    each seat in ``choices``; "pick-number": ``pay <n>`` for each n in ``choices``); the answer
    then runs the step ``then`` (``Effects.step(then)``: ``fn(state, seat, value)``, value an
    int). No node opens when ``choices`` is empty."""
    return ["card", "pick", seat, name, [int(c) for c in choices], then]


@ENERGY.step("pick")
def _pick_ask(state: GodzillaState, seat: int, name: str, choices: list[int], then: str) -> None:
    if choices and state.monsters[seat].alive and state.winners is None:
        if len(choices) == 1 and not state.asks_always():
            # ruling G54: a single monster or number to pick is not a choice: it is taken
            state._push(["card", then, seat, int(choices[0])])
            return
        state.ask_card(seat, name, choices=choices, then=then)


def _pick_legal(state: GodzillaState, node: Node) -> list[str]:
    word = _PICK_WORDS[node[3]["name"]]
    return [f"{word} {c}" for c in node[3]["choices"]]


def _pick_do(state: GodzillaState, node: Node, text: str) -> None:
    state._push(["card", node[3]["then"], node[1], int(text.split()[1])])


for _name in _PICK_WORDS:
    ENERGY.decision(_name, _pick_legal)(_pick_do)


# The effects themselves, one module per kind of card (each registers into ENERGY or
# EVOLUTIONS above): godzilla_powers.py (POWER cards), godzilla_actions.py (ACTION and
# EVENT cards), evolution_cards/<monster>.py (each monster's Evolutions).
from . import godzilla_actions, godzilla_powers  # noqa: E402,F401
from .evolution_cards import (anguirus, godzilla, king_ghidorah, mechagodzilla, mothra,  # noqa: E402,F401
                              rodan)
