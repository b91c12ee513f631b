"""Mothra's eight Evolutions (data/godzilla_evolutions.toml, monster = "mothra")."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ....core.machine import Step
from ..engine import MonsterState
from ..evolutions import EvoContext
from ..godzilla_cards import EVOLUTIONS

if TYPE_CHECKING:
    from ..godzilla import GodzillaState


def _hurt(state: GodzillaState, m: MonsterState, ctx: EvoContext) -> bool:
    return m.hearts < state.max_hearts(m)


# ----- Silken Cocoon (temporary, turn-start) -------------------------------------------------
@EVOLUTIONS.evolution("silken-cocoon", playable=_hurt)
def _silken_cocoon(state: GodzillaState, m: MonsterState, ctx: EvoContext) -> list[Step]:
    state.gain_hearts(m, 4, "Silken Cocoon")
    return []


# ----- Poison Scales (temporary, after-roll) -------------------------------------------------
@EVOLUTIONS.evolution("poison-scales")
def _poison_scales(state: GodzillaState, m: MonsterState, ctx: EvoContext) -> list[Step]:
    return [state.damage(s, 1, "card", m.seat, "Poison Scales")
            for s in state.clockwise_from(m.seat) if state.monsters[s].alive]


# ----- Take Wing (temporary, before-damage) --------------------------------------------------
@EVOLUTIONS.evolution("take-wing", playable=lambda state, m, ctx: ctx["packet"]["kind"] == "smash"
                      and state.in_tokyo(m) and ctx["packet"]["amount"] > 0)
def _take_wing(state: GodzillaState, m: MonsterState, ctx: EvoContext) -> list[Step]:
    p = ctx["packet"]
    p["amount"] = 0
    state.say(f"{state.name(m.seat)} loses no hearts from this Smack.", "Take Wing")
    attacker = p["source"]
    assert attacker is not None  # playable for a Smack only, always some monster's
    where = m.location
    state.leave_tokyo(m, "Take Wing", yielded=True)
    return state.hook_yielded(m, attacker, where)  # a flight counts as fleeing (Wind Rider...)


# ----- Healing Dust (temporary, smacked) -----------------------------------------------------
@EVOLUTIONS.evolution("healing-dust", playable=_hurt)
def _healing_dust(state: GodzillaState, m: MonsterState, ctx: EvoContext) -> list[Step]:
    state.gain_hearts(m, 2, "Healing Dust")
    return []


# ----- Serene Guardian (temporary, end-of-turn) ----------------------------------------------
@EVOLUTIONS.evolution("serene-guardian", playable=lambda state, m, ctx: m.hearts >= 8)
def _serene_guardian(state: GodzillaState, m: MonsterState, ctx: EvoContext) -> list[Step]:
    state.gain_stars(m, 3, "Serene Guardian")
    return []


# ----- Radiant Renewal (permanent, buy) ------------------------------------------------------
EVOLUTIONS.evolution("radiant-renewal")(lambda state, m, ctx: [])


@EVOLUTIONS.on("heart_dice", "radiant-renewal")
def _radiant_renewal(state: GodzillaState, m: MonsterState, hearts: int) -> list[Step]:
    # outside Tokyo the Heal results heal as usual; in Tokyo this card heals instead of them
    if hearts > 0 and state.in_tokyo(m) and state.hook_can_use_heart_dice(m):
        state.gain_hearts(m, hearts, "Radiant Renewal")
    return []


# ----- Wind Rider (permanent, smacked) -------------------------------------------------------
EVOLUTIONS.evolution("wind-rider")(lambda state, m, ctx: [])


@EVOLUTIONS.on("yielded", "wind-rider")
def _wind_rider(state: GodzillaState, m: MonsterState, attacker: int, where: int) -> list[Step]:
    state.gain_stars(m, 2, "Wind Rider", " for fleeing Tokyo")
    return []


# ----- Life-Giver (permanent, end-of-turn) ---------------------------------------------------
EVOLUTIONS.evolution("life-giver")(lambda state, m, ctx: [])
EVOLUTIONS.on("heal_gain", "life-giver")(lambda state, m: 1)
