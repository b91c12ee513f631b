"""King Ghidorah's eight Evolutions (data/godzilla_evolutions.toml, monster = "king-ghidorah")."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ....core.machine import Step
from ..engine import MonsterState
from ..evolutions import EvoContext
from ..godzilla_cards import EVOLUTIONS, pick, take_tokens  # noqa: F401

if TYPE_CHECKING:
    from ..godzilla import GodzillaState

on, evolution = EVOLUTIONS.on, EVOLUTIONS.evolution


def _mark(state: GodzillaState, m: MonsterState, eid: str) -> None:
    """turn_mark: ``m`` benefits from ``eid``'s hooks until the turn is over."""
    state.marks[f"turn-evo-{eid}"] = m.seat


def _brown_dice(state: GodzillaState, m: MonsterState) -> int:
    """Brown dice ``m`` would roll now: 6 plus extra dice (black dice excluded)."""
    return 6 + state._sum("extra_dice", m) - m.shrink


def _other_living(state: GodzillaState, m: MonsterState, ctx: EvoContext) -> bool:
    return any(o.alive and o is not m for o in state.monsters)


# ----- The Third Head Awakens (temporary, turn-start): 2 extra brown dice this turn -----
@evolution("third-head-awakens", playable=lambda state, m, ctx: _brown_dice(state, m) < state.game.max_dice)
def _third_head(state: GodzillaState, m: MonsterState, ctx: EvoContext) -> list[Step]:
    _mark(state, m, "third-head-awakens")
    state.say(f"{state.name(m.seat)} rolls 2 extra brown dice this turn (at most 8 dice).", "The Third Head Awakens")
    return []


on("extra_dice", "third-head-awakens")(lambda state, m: 2)


# ----- Gravity Beams (temporary, after-roll): +1 Smack per Smack result, up to +3 -----
# offered with a Smack result and a monster in reach, or Hydra Fury's star to reach (ruling G51)
def _beams_matter(state: GodzillaState, m: MonsterState, ctx: EvoContext) -> bool:
    return state.count("c") > 0 and (bool(state.smash_targets(m)) or state.has(m, "hydra-fury"))


@evolution("gravity-beams", playable=_beams_matter)
def _gravity_beams(state: GodzillaState, m: MonsterState, ctx: EvoContext) -> list[Step]:
    _mark(state, m, "gravity-beams")
    n = min(3, state.count("c"))
    state.say(f"{state.name(m.seat)} adds {n} Smack{'s' * (n != 1)} to its Roll.", "Gravity Beams")
    return []


@on("smash_total", "gravity-beams")
def _gravity_beams_total(state: GodzillaState, m: MonsterState, total: int, claws: int) -> int:
    return total + min(3, claws)


# ----- Vengeful Heads (temporary, smacked): the attacker loses 2 hearts -----
def _attacker_alive(state: GodzillaState, m: MonsterState, ctx: EvoContext) -> bool:
    a = ctx.get("attacker")
    return a is not None and a != m.seat and state.monsters[a].alive


@evolution("vengeful-heads", playable=_attacker_alive)
def _vengeful_heads(state: GodzillaState, m: MonsterState, ctx: EvoContext) -> list[Step]:
    return [state.damage(ctx["attacker"], 2, "card", m.seat, "Vengeful Heads")]


# ----- Gravity Lightning (temporary, end-of-turn): another monster loses 2 hearts -----
@evolution("gravity-lightning", playable=_other_living)
def _gravity_lightning(state: GodzillaState, m: MonsterState, ctx: EvoContext) -> list[Step]:
    targets = [s for s in state.clockwise_from(m.seat) if state.monsters[s].alive]
    return [pick(m.seat, "pick-monster", targets, "gravity-lightning")]


@EVOLUTIONS.step("gravity-lightning")
def _gravity_lightning_hit(state: GodzillaState, seat: int, target: int) -> None:
    state._push(state.damage(target, 2, "card", seat, "Gravity Lightning"))


# ----- Destroyer of Worlds (temporary, buy): 2 stars -----
@evolution("destroyer-of-worlds")
def _destroyer(state: GodzillaState, m: MonsterState, ctx: EvoContext) -> list[Step]:
    state.gain_stars(m, 2, "Destroyer of Worlds")
    return []


# ----- Three-Headed Terror (permanent, turn-start): 1 extra brown die each turn -----
# shares_effect "extra-head" (kot-dark Extra Head): the same one-line effect, registered here
on("extra_dice", "three-headed")(lambda state, m: 1)
evolution("three-headed")(lambda state, m, ctx: [])


# ----- Hydra Fury (permanent, after-roll): a star when the Roll counts 3+ Smacks -----
@on("smash_started", "hydra-fury")
def _hydra_fury(state: GodzillaState, m: MonsterState, n: int, targets: list[int]) -> list[Step]:
    if n >= 3:
        state.gain_stars(m, 1, "Hydra Fury", f" for {n} Smacks")
    return []


evolution("hydra-fury")(lambda state, m, ctx: [])


# ----- Gravity Lash (permanent, buy): +1 heart to each monster in Tokyo your Smack hits -----
@on("smash_extra_for", "gravity-lash")
def _gravity_lash(state: GodzillaState, m: MonsterState, target: int) -> int:
    return 1 if state.in_tokyo(state.monsters[target]) else 0


evolution("gravity-lash")(lambda state, m, ctx: [])
