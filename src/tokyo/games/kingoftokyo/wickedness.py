"""Effects of the Dark Edition Wickedness tiles (both sides), registered by tile id.

Wording is in data/dark_wickedness_tiles.toml. The gauge itself (gaining Wickedness,
choosing tiles at 3, 6 and 10) is an edition rule in dark.py.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .effects import Effects
from .copycards import register_copy
from .engine import Damage, KotState, MonsterState

if TYPE_CHECKING:  # dark.py imports this module
    from .dark import DarkState

TILES = Effects("kot-dark-wickedness")
on, gain = TILES.on, TILES.gain


def _others(state: DarkState, m: MonsterState) -> list[int]:
    """The seats of the living monsters other than ``m``, clockwise from it."""
    return [s for s in state.clockwise_from(m.seat) if state.monsters[s].alive]


# ----- red sides ---------------------------------------------------------------------------
on("extra_rolls", "devious")(lambda state, m: 1)


@on("turn_start", "eternal")
def _eternal(state: DarkState, m: MonsterState) -> None:
    state.gain_hearts(m, 1, "Eternal")


@on("numbers", "skulking")
def _skulking(state: DarkState, m: MonsterState, c: dict[str, int]) -> None:
    if c["1"] >= 3:
        state.gain_stars(m, 1, "Skulking", " for 1-1-1")


@on("turn_start", "tireless")
def _tireless(state: DarkState, m: MonsterState) -> None:
    state.gain_energy(m, 1, "Tireless")


on("extra_dice", "cyberbrain")(lambda state, m: 1)
on("discount", "evil-lair")(lambda state, m: 1)
on("max_hearts", "full-regeneration")(lambda state, m: 2)


@gain("full-regeneration")
def _full_regeneration(state: DarkState, m: MonsterState) -> None:
    state.gain_hearts(m, state.max_hearts(m), "Full Regeneration")


@gain("widespread-panic")
def _widespread_panic(state: DarkState, m: MonsterState) -> None:
    for s in _others(state, m):
        state.lose_stars(state.monsters[s], 4, "Widespread Panic")
    state.discard_tile(m, "widespread-panic")


on("smash_total", "antimatter-beam", order=10)(lambda state, m, v, claws: v * 2)


@on("energy_dice", "skybeam")
def _skybeam_energy(state: DarkState, m: MonsterState, dice: int) -> int:
    return dice


@on("heart_dice", "skybeam")
def _skybeam_hearts(state: DarkState, m: MonsterState, hearts: int) -> None:
    state.gain_hearts(m, hearts, "Skybeam")


# ----- green sides -------------------------------------------------------------------------
on("smash_total", "barbs", order=5)(lambda state, m, v, claws: v + 1 if v >= 2 else v)


@on("save_from_zero", "final-roar", order=-10)
def _final_roar(state: DarkState, m: MonsterState) -> bool:
    if m.stars >= 16:
        state.say(f"{state.name(m.seat)} falls with {m.stars} stars and wins with a Final Roar!", "Final Roar")
        state.finish([m.seat], "final-roar", f"{state.name(m.seat)} wins by Final Roar.", "Final Roar")
        return True
    return False


@on("dealt_loss", "poison-spit")
def _poison_spit(state: KotState, m: MonsterState, t: MonsterState, amount: int, p: Damage) -> None:
    if p["kind"] == "smash" and state.supply["poison"] > 0 and t.alive:
        state.supply["poison"] -= 1
        t.poison += 1
        state.say(f"{state.name(t.seat)} gets a Poison token ({t.poison}).", "Poison Spit")


@on("dealt_loss", "underdog")
def _underdog(state: DarkState, m: MonsterState, t: MonsterState, amount: int, p: Damage) -> None:
    if p["kind"] == "smash" and t.stars > m.stars:
        t.stars -= 1
        m.stars += 1
        state.say(f"{state.name(m.seat)} takes 1 star from {state.name(t.seat)}.", "Underdog")


def _defend(state: DarkState, m: MonsterState) -> None:
    for s in _others(state, m):
        state.lose_stars(state.monsters[s], 1, "Defender of Tokyo")


@on("entered", "defender-of-tokyo")
def _defender_enter(state: DarkState, m: MonsterState, where: int) -> None:
    _defend(state, m)


@on("turn_start", "defender-of-tokyo")
def _defender_start(state: DarkState, m: MonsterState) -> None:
    if m.location != 0:
        _defend(state, m)


# Fluxling: a copy effect, shared with Mimic (kot) in copycards.py; moving it is free
register_copy(TILES, "fluxling", 0, "Fluxling")


@gain("have-it-all")
def _have_it_all(state: DarkState, m: MonsterState) -> None:
    state.gain_stars(m, len(m.cards), "Have It All!", " for its KEEP cards")


@on("bought", "have-it-all")
def _have_it_all_buy(state: DarkState, m: MonsterState, cid: str) -> None:
    state.gain_stars(m, 1, "Have It All!", " for buying a card")


@on("turn_start", "sonic-boomer")
def _sonic_boomer(state: DarkState, m: MonsterState) -> None:
    state.gain_stars(m, 1, "Sonic Boomer")


@gain("final-push")
def _final_push(state: DarkState, m: MonsterState) -> None:
    state.gain_hearts(m, 2, "Final Push")
    state.gain_energy(m, 2, "Final Push")
    state.earn_extra_turn(m)
    state.say(f"{state.name(m.seat)} will take another turn after this one.", "Final Push")
    state.discard_tile(m, "final-push")


@gain("starburst")
def _starburst(state: DarkState, m: MonsterState) -> None:
    state.gain_energy(m, 12, "Starburst")
    state.discard_tile(m, "starburst")
