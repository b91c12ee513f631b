"""Mechagodzilla's eight Evolutions (data/godzilla_evolutions.toml, monster = "mechagodzilla")."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ....core.machine import Step
from ..engine import Damage, MonsterState
from ..evolutions import EvoContext
from ..godzilla_cards import EVOLUTIONS, pick, take_tokens

if TYPE_CHECKING:
    from ..godzilla import GodzillaState

on, evolution = EVOLUTIONS.on, EVOLUTIONS.evolution


# ----- Self-Repair Protocol (temporary, turn-start): 2 hearts and 1 Energy -----
@evolution("self-repair")
def _self_repair(state: GodzillaState, m: MonsterState, ctx: EvoContext) -> list[Step]:
    state.gain_hearts(m, 2, "Self-Repair Protocol")
    state.gain_energy(m, 1, "Self-Repair Protocol")
    return []


# ----- Finger Missiles (temporary, after-roll): pay 1-3 Energy, +1 Smack each -----
# offered only with Energy to pay and a monster in reach (ruling G51)
@evolution("finger-missiles", playable=lambda state, m, ctx: m.energy >= 1 and bool(state.smash_targets(m)))
def _finger_missiles(state: GodzillaState, m: MonsterState, ctx: EvoContext) -> list[Step]:
    return [pick(m.seat, "pick-number", range(1, min(3, m.energy) + 1), "finger-missiles")]


@EVOLUTIONS.step("finger-missiles")
def _finger_missiles_pay(state: GodzillaState, seat: int, n: int) -> None:
    m = state.monsters[seat]
    m.energy -= n
    state.marks["turn-evo-finger-missiles"] = seat  # turn_mark
    state.marks["turn-finger-missiles-smacks"] = n
    state.say(f"{state.name(seat)} pays {n} Energy ({m.energy}) to add {n} Smack{'s' * (n != 1)} to its Roll.",
              "Finger Missiles")


@on("smash_total", "finger-missiles")
def _finger_missiles_total(state: GodzillaState, m: MonsterState, total: int, claws: int) -> int:
    smacks: int = state.marks.get("turn-finger-missiles-smacks", 0)
    return total + smacks


# ----- Hexagonal Barrier (temporary, before-damage): 3 hearts fewer from this loss -----
@evolution("hexagonal-barrier")
def _hexagonal_barrier(state: GodzillaState, m: MonsterState, ctx: EvoContext) -> list[Step]:
    p = ctx["packet"]
    before = p["amount"]
    p["amount"] = max(0, before - 3)
    state.say(f"{state.name(m.seat)} loses {before - p['amount']} heart{'s' * (before - p['amount'] != 1)} fewer "
              f"from this loss of {before}.", "Hexagonal Barrier")
    return []


# ----- Power Recharge (temporary, end-of-turn): 3 Energy -----
@evolution("power-recharge")
def _power_recharge(state: GodzillaState, m: MonsterState, ctx: EvoContext) -> list[Step]:
    state.gain_energy(m, 3, "Power Recharge")
    return []


# ----- Arsenal Reload (temporary, buy): 3 Dice tokens -----
@evolution("arsenal-reload", playable=lambda state, m, ctx: state.supply["dice"] > 0)
def _arsenal_reload(state: GodzillaState, m: MonsterState, ctx: EvoContext) -> list[Step]:
    take_tokens(state, m, 3, "Arsenal Reload")
    return []


# ----- Targeting System (permanent, turn-start): outside Tokyo, a Dice token while holding fewer than 2 -----
@on("turn_start", "targeting-system")
def _targeting_system(state: GodzillaState, m: MonsterState) -> list[Step]:
    if state.tokens[m.seat] < 2 and not state.in_tokyo(m):
        take_tokens(state, m, 1, "Targeting System")
    return []


# played in the turn-start window, after this turn's turn_start effects: it first gives its
# token at the start of Mechagodzilla's next turn (ruling G50)
evolution("targeting-system")(lambda state, m, ctx: [])


# ----- Space Titanium Armour (permanent, before-damage): -1 on each loss of 3 or more -----
def _armour(state: GodzillaState, t: MonsterState, p: Damage) -> None:
    if p["amount"] >= 3:
        p["amount"] -= 1
        state.say(f"{state.name(t.seat)}'s Space Titanium Armour takes 1 heart off the loss.",
                  "Space Titanium Armour")


@on("damage_stage_3", "titanium-armour", order=-1)
def _titanium_armour(state: GodzillaState, t: MonsterState, p: Damage) -> bool:
    _armour(state, t, p)  # first of the stage-3 reductions (design ruling 9)
    return False


@evolution("titanium-armour")
def _titanium_armour_play(state: GodzillaState, m: MonsterState, ctx: EvoContext) -> list[Step]:
    _armour(state, m, ctx["packet"])
    return []


# ----- Energy Converter (permanent, end-of-turn): 1 Energy at the end of each own turn -----
@on("end_turn", "energy-converter")
def _energy_converter(state: GodzillaState, m: MonsterState) -> list[Step]:
    state.gain_energy(m, 1, "Energy Converter")
    return []


# played in the end-of-turn window, after this turn's end_turn effects: it first gives its
# Energy at the end of Mechagodzilla's next turn (ruling G50)
evolution("energy-converter")(lambda state, m, ctx: [])
