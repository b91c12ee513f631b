"""Godzilla's eight Evolutions (data/godzilla_evolutions.toml, monster = "godzilla")."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ....core.machine import Step
from ..engine import MonsterState
from ..evolutions import EvoContext
from ..godzilla_cards import EVOLUTIONS, take_tokens

if TYPE_CHECKING:
    from ..godzilla import GodzillaState


def _hearts(n: int) -> str:
    return f"{n} heart{'s' * (n != 1)}"


def turn_mark(state: GodzillaState, m: MonsterState, eid: str) -> None:
    """A temporary Evolution's "this turn" effect: ``m`` counts as holding ``eid`` until
    turn-over (GodzillaState.has)."""
    state.marks[f"turn-evo-{eid}"] = m.seat


# ----- Dorsal Plates Charge (temporary, turn-start) ------------------------------------------
@EVOLUTIONS.evolution("dorsal-charge", playable=lambda state, m, ctx: state.supply["dice"] > 0)
def _dorsal_charge(state: GodzillaState, m: MonsterState, ctx: EvoContext) -> list[Step]:
    take_tokens(state, m, 2, "Dorsal Plates Charge")
    return []


# ----- Atomic Breath (temporary, after-roll) -------------------------------------------------
def _breath_adds_someone(state: GodzillaState, m: MonsterState, ctx: EvoContext) -> bool:
    """Only with a Smack to deal and a living monster it would not reach otherwise."""
    if state.smash_total(m) <= 0:
        return False
    reached = set(state.smash_targets(m))
    return any(o.alive and o is not m and o.seat not in reached for o in state.monsters)


@EVOLUTIONS.evolution("atomic-breath", playable=_breath_adds_someone)
def _atomic_breath(state: GodzillaState, m: MonsterState, ctx: EvoContext) -> list[Step]:
    turn_mark(state, m, "atomic-breath")
    state.say(f"{state.name(m.seat)}'s Smacks hit every other monster this turn.", "Atomic Breath")
    return []


EVOLUTIONS.on("smash_everyone", "atomic-breath")(lambda state, m: True)


# ----- Red Spiral Ray (temporary, after-roll) ------------------------------------------------
@EVOLUTIONS.evolution("spiral-ray", playable=lambda state, m, ctx: bool(state.smash_targets(m)))
def _spiral_ray(state: GodzillaState, m: MonsterState, ctx: EvoContext) -> list[Step]:
    turn_mark(state, m, "spiral-ray")
    state.say(f"{state.name(m.seat)} adds 1 Smack to its Roll.", "Red Spiral Ray")
    return []


EVOLUTIONS.on("smash_total", "spiral-ray")(lambda state, m, total, claws: total + 1)


# ----- Thick Hide (temporary, before-damage) -------------------------------------------------
@EVOLUTIONS.evolution("thick-hide", playable=lambda state, m, ctx: ctx["packet"]["amount"] > 0)
def _thick_hide(state: GodzillaState, m: MonsterState, ctx: EvoContext) -> list[Step]:
    p = ctx["packet"]
    before = p["amount"]
    p["amount"] = max(0, before - 2)
    state.say(f"{state.name(m.seat)} loses {_hearts(before - p['amount'])} fewer.", "Thick Hide")
    return []


# ----- Radioactive Absorption (temporary, smacked) -------------------------------------------
@EVOLUTIONS.evolution("radioactive-absorption", playable=lambda state, m, ctx: ctx.get("amount", 0) > 0)
def _radioactive_absorption(state: GodzillaState, m: MonsterState, ctx: EvoContext) -> list[Step]:
    state.gain_energy(m, ctx["amount"], "Radioactive Absorption")
    return []


# ----- King of the Monsters (permanent, turn-start) ------------------------------------------
@EVOLUTIONS.evolution("king-of-the-monsters")
def _king_of_the_monsters(state: GodzillaState, m: MonsterState, ctx: EvoContext) -> list[Step]:
    state.gain_hearts(m, 2, "King of the Monsters")  # already in play: the maximum is 12
    return []


EVOLUTIONS.on("max_hearts", "king-of-the-monsters")(lambda state, m: 2)


# ----- G-Cell Regeneration (permanent, end-of-turn) ------------------------------------------
EVOLUTIONS.evolution("g-cell-regeneration")(lambda state, m, ctx: [])


@EVOLUTIONS.on("end_turn", "g-cell-regeneration")
def _g_cell_regeneration(state: GodzillaState, m: MonsterState) -> list[Step]:
    if m.seat == state.active and m.hearts <= 6:
        state.gain_hearts(m, 1, "G-Cell Regeneration")
    return []


# ----- Ruler's Roar (permanent, buy) ---------------------------------------------------------
EVOLUTIONS.evolution("rulers-roar")(lambda state, m, ctx: [])


@EVOLUTIONS.on("entered", "rulers-roar")
def _rulers_roar(state: GodzillaState, m: MonsterState, where: int) -> list[Step]:
    for s in state.clockwise_from(m.seat):
        o = state.monsters[s]
        if o.alive:
            state.lose_stars(o, 1, "Ruler's Roar")
    return []
