"""Effects of the King of Tokyo: Godzilla POWER cards (kept face up), registered into
``godzilla_cards.ENERGY`` by card id; their wording is in data/godzilla_energy_cards.toml.
A card whose data names ``shares_effect`` reuses a Dark card's effect and has no code here:
atomic-surge (Spiked Tail), defence-budget (Alien Origin), regenerative-cells (Regeneration),
repair-drones (Nanobots), scale-armour (Armor Plating), afterburners (Energy Drink),
supercomputer (Giant Brain), mutant-growth (Extra Head).

Cards are grouped by the hook point they use (docs/architecture.md, and the Godzilla hook
points of docs/kot-godzilla-card-design.md: ``tokens_spent``, ``skipped_buy``, ``stayed``,
``discount_card``, ``state.black_faces()``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.machine import Node, Step
from .engine import OUT, Damage, MonsterState
from .godzilla_cards import ENERGY, take_tokens
from .powers import POWERS, ask_during_damage, resume_damage

if TYPE_CHECKING:
    from .godzilla import GodzillaState

on, decision = ENERGY.on, ENERGY.decision

# Afterburners shares Energy Drink's ``roll_extras`` offer; the action word it offers is
# not carried over by ``shares_effect`` (which copies hooks only), so it is registered here.
ENERGY.action("drink")(POWERS.actions["drink"])


# =============================== Smack ======================================================
on("smash_total", "maser-battery")(lambda state, m, v, claws: v + (1 if claws >= 1 and m.location == OUT else 0))
# each black Smack counts 2 instead of 1: one more per black die showing Smack
on("smash_total", "heavy-ordnance")(lambda state, m, v, claws: v + state.black_faces().count("c"))


# =============================== Energy =====================================================
on("energy_dice", "high-voltage-feeder")(lambda state, m, dice: 1 if dice >= 1 else 0)
# whatever the black dice show (ruling G24: GodzillaState.categories_left resolves Energy for it)
on("energy_dice", "reactor-core")(lambda state, m, dice: len(state.black_faces()))


# =============================== Dice tokens ================================================
@on("tokens_spent", "war-footing")
def _war_footing(state: GodzillaState, m: MonsterState, n: int) -> None:
    state.gain_stars(m, 1, "War Footing", " for rolling black dice")


@on("turn_start", "ammo-depot")
def _ammo_depot(state: GodzillaState, m: MonsterState) -> None:
    if state.tokens[m.seat] == 0:
        take_tokens(state, m, 1, "Ammunition Depot")


# =============================== Step 4: no card bought =====================================
@on("skipped_buy", "munitions-factory")
def _munitions_factory(state: GodzillaState, m: MonsterState) -> None:
    take_tokens(state, m, 1, "Munitions Factory")


@on("skipped_buy", "emergency-reserves")
def _emergency_reserves(state: GodzillaState, m: MonsterState) -> None:
    state.gain_energy(m, 1, "Emergency Reserves")


@on("skipped_buy", "evacuation-shelters")
def _evacuation_shelters(state: GodzillaState, m: MonsterState) -> None:
    state.gain_hearts(m, 1, "Evacuation Shelters")


# =============================== Tokyo ======================================================
@on("turn_start", "landmark-lair")
def _landmark_lair(state: GodzillaState, m: MonsterState) -> None:
    if m.location != OUT:
        state.gain_stars(m, 1, "Landmark Lair", " for starting in Tokyo")


@on("entered", "kaiju-fan-club")
def _kaiju_fan_club(state: GodzillaState, m: MonsterState, where: int) -> None:
    state.gain_energy(m, 2, "Kaiju Fan Club")


@on("yielded", "subway-tunnels")
def _subway_tunnels(state: GodzillaState, m: MonsterState, attacker: int, where: int) -> None:
    state.gain_hearts(m, 2, "Subway Tunnels")


@on("stayed", "hold-the-line")
def _hold_the_line(state: GodzillaState, m: MonsterState, attacker: int) -> None:
    state.gain_energy(m, 1, "Hold the Line")


# =============================== turn end ===================================================
@on("end_turn", "tidal-rest")
def _tidal_rest(state: GodzillaState, m: MonsterState) -> None:
    if m.location == OUT:
        state.gain_hearts(m, 1, "Tidal Rest")


@on("end_turn", "radiation-aura")
def _radiation_aura(state: GodzillaState, m: MonsterState) -> list[Step]:
    if m.location == OUT:
        return []
    hit = [s for s in state.clockwise_from(m.seat)
           if state.monsters[s].alive and state.monsters[s].location == OUT]
    if hit:
        state.say(f"{state.name(m.seat)}'s Radiation Aura reaches every monster outside Tokyo.", "Radiation Aura")
    return [state.damage(s, 1, "card", m.seat, "Radiation Aura") for s in hit]


# =============================== stars ======================================================
@on("numbers", "celebrity-kaiju")
def _celebrity_kaiju(state: GodzillaState, m: MonsterState, c: dict[str, int]) -> None:
    # "once per turn": the numbers are resolved once per turn, and two triples give 1 star
    if any(c[f] >= 3 for f in "123"):
        state.gain_stars(m, 1, "Celebrity Kaiju", " for scoring a triple")


# =============================== losing hearts ==============================================
@on("damage_stage_2", "energy-shield")
def _energy_shield(state: GodzillaState, t: MonsterState, p: Damage) -> bool:
    """Once during each monster's turn, before a loss (after Camouflage-like stages, before the
    fixed reductions of stage 3): pay 2 Energy to lose 2 hearts fewer (ruling G23)."""
    if (p["amount"] > 0 and t.energy >= 2 and not state.marks.get(f"turn-shield-{t.seat}")
            and "energy-shield" not in p.get("asked", [])):
        return ask_during_damage(state, t.seat, "energy-shield", p, 2)
    return False


@decision("energy-shield", lambda state, node: ["shield", "pass"])
def _energy_shield_do(state: GodzillaState, node: Node, text: str) -> None:
    if text == "shield":
        m, p = state.monsters[node[1]], node[3]["packet"]
        m.energy -= 2
        state.marks[f"turn-shield-{m.seat}"] = True
        p["amount"] = max(0, p["amount"] - 2)
        state.say(f"{state.name(m.seat)} pays 2 Energy to lose 2 hearts fewer ({m.energy} Energy left).", "Energy Shield")
    resume_damage(state, node)


# =============================== cards and the market =======================================
@on("card_revealed", "disaster-forecaster")
def _forecaster_reveal(state: GodzillaState, m: MonsterState, cid: str) -> list[Step]:
    if state.game.card(cid).type == "event":
        state.gain_energy(m, 2, "Disaster Forecaster")
    return []


on("discount_card", "disaster-forecaster")(
    lambda state, m, cid: 1 if state.game.card(cid).type == "event" else 0)
