"""Rodan's eight Evolutions (data/godzilla_evolutions.toml, monster = "rodan")."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ....core.machine import Step
from ..engine import MonsterState
from ..evolutions import EvoContext
from ..godzilla_cards import EVOLUTIONS, take_tokens
from .godzilla import turn_mark

if TYPE_CHECKING:
    from ..godzilla import GodzillaState


# ----- Tailwind (temporary, turn-start) ------------------------------------------------------
@EVOLUTIONS.evolution("tailwind")
def _tailwind(state: GodzillaState, m: MonsterState, ctx: EvoContext) -> list[Step]:
    turn_mark(state, m, "tailwind")  # read when the rolls are counted, right after turn start
    state.say(f"{state.name(m.seat)} gets 2 extra rolls this turn.", "Tailwind")
    return []


EVOLUTIONS.on("extra_rolls", "tailwind")(lambda state, m: 2)


# ----- Second Pass (temporary, after-roll) ---------------------------------------------------
@EVOLUTIONS.evolution("second-pass")
def _second_pass(state: GodzillaState, m: MonsterState, ctx: EvoContext) -> list[Step]:
    """One more roll: the pending resolution is replaced by a roll decision with one roll
    left; stopping after it makes the Roll final again (the after-roll window reopens)."""
    state.rolls_allowed = state.rolls_used + 1
    for i in range(len(state.stack) - 1, -1, -1):
        if state.stack[i] == ["resolve-choice"]:
            state.stack[i] = ["roll-decision"]
            break
    state.say(f"{state.name(m.seat)} takes one more roll.", "Second Pass")
    return []


# ----- Supersonic Dodge (temporary, before-damage) -------------------------------------------
@EVOLUTIONS.evolution("supersonic-dodge", playable=lambda state, m, ctx: 0 < ctx["packet"]["amount"] <= 3)
def _supersonic_dodge(state: GodzillaState, m: MonsterState, ctx: EvoContext) -> list[Step]:
    ctx["packet"]["amount"] = 0
    state.say(f"{state.name(m.seat)} loses no hearts from this loss.", "Supersonic Dodge")
    return []


# ----- Sonic Boom (temporary, end-of-turn) ---------------------------------------------------
def _others_in_tokyo(state: GodzillaState, m: MonsterState) -> list[int]:
    return [s for s in state.clockwise_from(m.seat)
            if state.monsters[s].alive and state.in_tokyo(state.monsters[s])]


@EVOLUTIONS.evolution("sonic-boom", playable=lambda state, m, ctx: bool(_others_in_tokyo(state, m)))
def _sonic_boom(state: GodzillaState, m: MonsterState, ctx: EvoContext) -> list[Step]:
    return [state.damage(s, 3, "card", m.seat, "Sonic Boom") for s in _others_in_tokyo(state, m)]


# ----- Updraft (temporary, buy) --------------------------------------------------------------
@EVOLUTIONS.evolution("updraft")
def _updraft(state: GodzillaState, m: MonsterState, ctx: EvoContext) -> list[Step]:
    take_tokens(state, m, 2, "Updraft")
    state.gain_energy(m, 2, "Updraft")
    return []


# ----- Hypersonic Wings (permanent, turn-start) ----------------------------------------------
EVOLUTIONS.evolution("hypersonic-wings")(lambda state, m, ctx: [])
EVOLUTIONS.on("extra_rolls", "hypersonic-wings")(lambda state, m: 1)


# ----- Razor Wind (permanent, after-roll) ----------------------------------------------------
EVOLUTIONS.evolution("razor-wind")(lambda state, m, ctx: [])


@EVOLUTIONS.on("smash_extra_for", "razor-wind")
def _razor_wind_extra(state: GodzillaState, m: MonsterState, target: int) -> int:
    return 1 if target in state.neighbours(m.seat) else 0


@EVOLUTIONS.on("smash_side_effects", "razor-wind")
def _razor_wind_side(state: GodzillaState, m: MonsterState, n: int, targets: list[int]) -> list[Step]:
    return [state.damage(s, 1, "card", m.seat, "Razor Wind")
            for s in state.neighbours(m.seat) if s not in targets]


# ----- Faster Than Sound (permanent, end-of-turn) --------------------------------------------
EVOLUTIONS.evolution("faster-than-sound")(lambda state, m, ctx: [])


@EVOLUTIONS.on("entered", "faster-than-sound")
def _faster_than_sound(state: GodzillaState, m: MonsterState, where: int) -> list[Step]:
    state.gain_stars(m, 2, "Faster Than Sound", " for taking control of Tokyo")
    return []
