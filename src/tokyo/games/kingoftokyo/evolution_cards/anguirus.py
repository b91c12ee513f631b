"""Anguirus's eight Evolutions (data/godzilla_evolutions.toml, monster = "anguirus")."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ....core.machine import Step
from ..engine import LOCATION_NAMES, Damage, MonsterState
from ..evolutions import EvoContext
from ..godzilla_cards import EVOLUTIONS, take_tokens

if TYPE_CHECKING:
    from ..godzilla import GodzillaState

on, evolution = EVOLUTIONS.on, EVOLUTIONS.evolution


# ----- Dig In (temporary, turn-start): 1 heart and 2 Energy -----
@evolution("dig-in")
def _dig_in(state: GodzillaState, m: MonsterState, ctx: EvoContext) -> list[Step]:
    state.gain_hearts(m, 1, "Dig In")
    state.gain_energy(m, 2, "Dig In")
    return []


# ----- Spike Ball Charge (temporary, after-roll): +1 heart to each monster the Smack hits -----
def _smack_hits_someone(state: GodzillaState, m: MonsterState, ctx: EvoContext) -> bool:
    return state.smash_total(m) > 0 and bool(state.smash_targets(m))


@evolution("spike-ball-charge", playable=_smack_hits_someone)
def _spike_ball_charge(state: GodzillaState, m: MonsterState, ctx: EvoContext) -> list[Step]:
    state.marks["turn-evo-spike-ball-charge"] = m.seat  # turn_mark
    state.say(f"{state.name(m.seat)}'s Smack costs each monster it hits 1 extra heart this turn.",
              "Spike Ball Charge")
    return []


on("smash_extra_for", "spike-ball-charge")(lambda state, m, target: 1)


# ----- Never Give Up (temporary, before-damage): a lethal loss leaves 1 heart -----
@evolution("never-give-up", playable=lambda state, m, ctx: ctx["packet"]["amount"] >= m.hearts)
def _never_give_up(state: GodzillaState, m: MonsterState, ctx: EvoContext) -> list[Step]:
    p = ctx["packet"]
    p["amount"] = m.hearts - 1
    state.say(f"{state.name(m.seat)} will be left at 1 heart.", "Never Give Up")
    return []


# ----- Stand Firm (temporary, smacked): stay in Tokyo unasked, 3 stars -----
@evolution("stand-firm", playable=lambda state, m, ctx: state.in_tokyo(m))
def _stand_firm(state: GodzillaState, m: MonsterState, ctx: EvoContext) -> list[Step]:
    state.smash_flags[f"decided{m.seat}"] = True  # the flee question is skipped (design ruling 10)
    state.say(f"{state.name(m.seat)} stays in {LOCATION_NAMES[m.location]}.", "Stand Firm")
    state.gain_stars(m, 3, "Stand Firm")
    return state.hook_stayed(m, ctx["attacker"])


# ----- Ancient Instinct (temporary, buy): 1 Dice token and 1 star -----
@evolution("ancient-instinct")
def _ancient_instinct(state: GodzillaState, m: MonsterState, ctx: EvoContext) -> list[Step]:
    take_tokens(state, m, 1, "Ancient Instinct")
    state.gain_stars(m, 1, "Ancient Instinct")
    return []


# ----- Burrowing Claws (permanent, turn-start): 1 heart and 2 Energy on taking Tokyo -----
@on("entered", "burrowing-claws")
def _burrowing_claws(state: GodzillaState, m: MonsterState, where: int) -> list[Step]:
    state.gain_hearts(m, 1, "Burrowing Claws")
    state.gain_energy(m, 2, "Burrowing Claws")
    return []


evolution("burrowing-claws")(lambda state, m, ctx: [])


# ----- Iron Will (permanent, buy): a star for staying in Tokyo after a Smack -----
@on("stayed", "iron-will")
def _iron_will(state: GodzillaState, m: MonsterState, attacker: int) -> list[Step]:
    state.gain_stars(m, 1, "Iron Will", " for staying in Tokyo")
    return []


evolution("iron-will")(lambda state, m, ctx: [])


# ----- Spiked Carapace (permanent, end-of-turn): a Smack that hurts you costs its maker 1 heart -----
@on("lost_hearts", "spiked-carapace")
def _spiked_carapace(state: GodzillaState, t: MonsterState, amount: int, p: Damage) -> list[Step]:
    src = p["source"]
    if p["kind"] == "smash" and amount > 0 and src is not None and src != t.seat:
        return [state.damage(src, 1, "card", t.seat, "Spiked Carapace")]
    return []


evolution("spiked-carapace")(lambda state, m, ctx: [])
