"""Effects of the King of Tokyo: Godzilla Energy cards and Evolutions (see effects.py).

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


# =============================== Energy cards: POWER ======================================
@ENERGY.on("damage_stage_3", "armored-hide")
def _armored_hide(state, t, p):
    if p["amount"] >= 2:
        p["amount"] -= 1
        state.say(f"{state.name(t.seat)}'s Armored Hide takes 1 heart off the loss.", "Armored Hide")
    return False


@ENERGY.on("energy_dice", "energy-core")
def _energy_core(state, m, dice):
    return 1 if dice > 0 else 0


@ENERGY.gain("dice-cache")
def _dice_cache_gain(state, m):
    take_tokens(state, m, 2, "Dice Cache")
    return []


@ENERGY.on("turn_start", "dice-cache")
def _dice_cache_turn(state, m):
    if state.tokens[m.seat] == 0:
        take_tokens(state, m, 1, "Dice Cache")
    return []


@ENERGY.on("smash_total", "high-ground")
def _high_ground(state, m, total, claws):
    return total + 1 if claws > 0 and state.in_tokyo(m) else total


# =============================== Energy cards: ACTION =====================================
@ENERGY.play("tactical-reserve")
def _tactical_reserve(state, m):
    take_tokens(state, m, 3, "Tactical Reserve")
    return []


@ENERGY.play("tail-sweep")
def _tail_sweep(state, m):
    return [state.damage(s, 2, "card", m.seat, "Tail Sweep")
            for s in state.clockwise_from(m.seat) if state.monsters[s].alive]


# =============================== Energy cards: EVENT ======================================
@ENERGY.reveal("military-mobilization")
def _mobilization_reveal(state):
    return [state.damage(s, 1, "card", None, "Military Mobilization")
            for s in state.clockwise_from(state.active, include=True)
            if state.monsters[s].alive and state.monsters[s].location != OUT]


@ENERGY.play("military-mobilization")
def _mobilization_play(state, m):
    state.gain_stars(m, 2, "Military Mobilization")
    return []


@ENERGY.reveal("energy-surge")
def _surge_reveal(state):
    for s in state.clockwise_from(state.active, include=True):
        state.gain_energy(state.monsters[s], 1, "Energy Surge")
    return []


@ENERGY.play("energy-surge")
def _surge_play(state, m):
    take_tokens(state, m, 2, "Energy Surge")
    return []


@ENERGY.on("smash_total", "crimson-sky")
def _crimson_sky(state, m, total, claws):
    return total + 1 if claws > 0 else total


@ENERGY.play("crimson-sky")
def _crimson_sky_play(state, m):
    state.gain_stars(m, 1, "Crimson Sky")
    state.gain_hearts(m, 1, "Crimson Sky")
    return []


@ENERGY.on("energy_dice", "power-outage")
def _power_outage(state, m, dice):
    return -1 if dice > 0 else 0


@ENERGY.play("power-outage")
def _power_outage_play(state, m):
    state.gain_stars(m, 2, "Power Outage")
    return []


# =============================== Evolutions (Godzilla) ====================================
@EVOLUTIONS.evolution("atomic-breath")
def _atomic_breath(state, m, ctx):
    state.marks["turn-smack-bonus"] = state.marks.get("turn-smack-bonus", 0) + 2
    return []


@EVOLUTIONS.evolution("radioactive-regeneration",
                      playable=lambda state, m, ctx: m.hearts < state.max_hearts(m))
def _radioactive_regeneration(state, m, ctx):
    state.gain_hearts(m, 2, "Radioactive Regeneration")
    return []


@EVOLUTIONS.evolution("dorsal-plates", playable=lambda state, m, ctx: ctx["packet"]["amount"] > 0)
def _dorsal_plates(state, m, ctx):
    p = ctx["packet"]
    before = p["amount"]
    p["amount"] = max(0, before - 2)
    state.say(f"{state.name(m.seat)} loses {before - p['amount']} heart{'s' * (before - p['amount'] != 1)} "
              "fewer.", "Dorsal Plates")
    return []


@EVOLUTIONS.on("turn_start", "king-of-the-monsters")
def _king_of_the_monsters(state, m):
    if state.in_tokyo(m):
        state.gain_stars(m, 1, "King of the Monsters", " for starting in Tokyo")
    return []


EVOLUTIONS.evolution("king-of-the-monsters")(lambda state, m, ctx: [])


def _attacker_alive(state, m, ctx):
    a = ctx.get("attacker")
    return a is not None and a != m.seat and state.monsters[a].alive


@EVOLUTIONS.evolution("nuclear-pulse", playable=_attacker_alive)
def _nuclear_pulse(state, m, ctx):
    return [state.damage(ctx["attacker"], 2, "card", m.seat, "Nuclear Pulse")]


@EVOLUTIONS.evolution("g-energy")
def _g_energy(state, m, ctx):
    state.gain_energy(m, 3, "G-Energy")
    return []


@EVOLUTIONS.evolution("burning-rage")
def _burning_rage(state, m, ctx):
    state.gain_stars(m, 1, "Burning Rage")
    take_tokens(state, m, 1, "Burning Rage")
    return []


EVOLUTIONS.on("discount", "hardened-scales")(lambda state, m: 1)
EVOLUTIONS.evolution("hardened-scales")(lambda state, m, ctx: [])
