"""Effects of the base game's Power cards (``kot``), registered by card id (see effects.py).

The wording of each card is in data/base_power_cards.toml. A card the base game shares
with the Dark Edition, with the same behaviour, uses the Dark card's effect from
powers.py (``POWERS``), registered here under the base card's id (Solar Powered is the
Dark Lunar Powered, renamed in the log); Poison Spit is the Dark Wickedness tile's effect
as a card. A card whose behaviour differs does so by a parameter (It Has a Child! resets
an empty Wickedness gauge; Frenzy's timing is the game option ``frenzy``, ruling B9).
Only the cards new to this edition have code here: Healing Ray, Mimic, Battery Monster,
Rooting for the Underdog, Heal and National Guard.
"""

from __future__ import annotations

from ...core.machine import Step
from .copycards import register_copy
from .effects import Effects, renamed_effect
from .engine import KotState, MonsterState
from .powers import POWERS, discard_own, stored_key
from .wickedness import TILES

SHARED = frozenset({
    "acid-attack", "alien-origin", "alpha-monster", "armor-plating", "background-dweller", "burrowing",
    "camouflage", "complete-destruction", "media-friendly", "eater-of-the-dead", "energy-hoarder", "even-bigger",
    "extra-head", "fire-breathing", "freeze-time", "friend-of-children", "giant-brain", "gourmet", "herbivore",
    "herd-culler", "it-has-a-child", "jets", "made-in-a-lab", "metamorph", "nova-breath", "detritivore",
    "opportunist", "parasitic-tentacles", "plot-twist", "poison-quills", "psychic-probe", "rapid-healing",
    "regeneration", "shrink-ray", "smoke-cloud", "spiked-tail", "stretchy", "energy-drink", "urbavore",
    "were-only-making-it-stronger", "wings", "apartment-building", "commuter-train", "corner-store",
    "death-from-above", "energize", "evacuation-orders", "flame-thrower", "frenzy", "gas-refinery",
    "high-altitude-bombing", "jet-fighters", "nuclear-power-plant", "skyscraper", "tank", "vast-storm",
})
"""Base cards with a Dark Edition card of the same id and behaviour (costs may differ: data)."""

RENAMED = {"solar-powered": ("lunar-powered", "Lunar Powered", "Solar Powered")}
"""Base id -> (Dark id, Dark name, base name): the same effect under another name."""

DARK_ONLY_WORDS = frozenset({"discard"})                      # Hibernation's action
DARK_ONLY_DECISIONS = frozenset({"unstable-dna", "super-jump"})
DARK_ONLY_STEPS = frozenset({"unstable-ask"})


def _shared_from_dark() -> Effects:
    """The Dark effects of the shared cards, in the Dark registry's order (so effects at one
    hook point run in the same order in both editions, R6, R10), renamed cards in place."""
    out = Effects("kot-power")
    back = {old: (new, (dark_name, name)) for new, (old, dark_name, name) in RENAMED.items()}
    for hook, entries in POWERS.hooks.items():
        for cid, fn in entries:
            order = POWERS._order.get((hook, cid, fn), 0)
            if cid in SHARED:
                out.on(hook, cid, order=order)(fn)
            elif cid in back:
                new, names = back[cid]
                out.on(hook, new, order=order)(renamed_effect(fn, names))
    for cid in SHARED:
        if cid in POWERS.on_gain:
            out.on_gain[cid] = POWERS.on_gain[cid]
        if cid in POWERS.on_play:
            out.on_play[cid] = POWERS.on_play[cid]
        if cid in POWERS.buy_checks:
            out.buy_checks[cid] = POWERS.buy_checks[cid]
    out.actions.update((w, fn) for w, fn in POWERS.actions.items() if w not in DARK_ONLY_WORDS)
    out.decisions.update((w, fn) for w, fn in POWERS.decisions.items() if w not in DARK_ONLY_DECISIONS)
    out.steps.update((w, fn) for w, fn in POWERS.steps.items() if w not in DARK_ONLY_STEPS)
    out.chances.update(POWERS.chances)
    return out


BASE = _shared_from_dark()
on, gain, play, action = BASE.on, BASE.gain, BASE.play, BASE.action

# Poison Spit: the Dark Edition's tile effect, as a KEEP card (token at the end of the target's turn: BaseState)
on("dealt_loss", "poison-spit")(dict(TILES.hooks["dealt_loss"])["poison-spit"])


# =============================== Mimic (copy effect, shared with Fluxling) ===================
register_copy(BASE, "mimic", 1, "Mimic")


@on("card_lost", "mimic")
def _mimic_lost(state: KotState, m: MonsterState) -> None:
    """Mimic leaves its owner (Metamorph, Parasitic Tentacles, It Has a Child!): the token
    comes off the copied card and the copy ends (ruling B6)."""
    state.end_copy(m)


# =============================== Battery Monster ============================================
BATTERY = 6
BATTERY_TAKE = 2


@gain("battery-monster")
def _battery_gain(state: KotState, m: MonsterState) -> None:
    """6 energy from the bank go on the card (a Mimic copy gets its own 6, ruling B6)."""
    state.marks[stored_key("battery-monster", m.seat)] = BATTERY
    state.say(f"{state.name(m.seat)} puts {BATTERY} energy on Battery Monster.", "Battery Monster")


@on("turn_start", "battery-monster")
def _battery_turn(state: KotState, m: MonsterState) -> None:
    key = stored_key("battery-monster", m.seat)
    left = int(state.marks.get(key, 0))
    take = min(BATTERY_TAKE, left)
    state.marks[key] = left - take
    state.say(f"{state.name(m.seat)} takes {take} energy from Battery Monster ({left - take} left).",
              "Battery Monster")
    state.gain_energy(m, take, "Battery Monster")  # a gain: Friend of Children adds 1 (ruling B8)
    if left - take <= 0:
        discard_own(state, m, "battery-monster")
        state.say("Battery Monster is empty and is discarded.", "Battery Monster")


@on("card_lost", "battery-monster")
def _battery_lost(state: KotState, m: MonsterState) -> None:
    """The energy still on the card goes back to the bank."""
    state.marks.pop(stored_key("battery-monster", m.seat), None)


# =============================== Healing Ray ================================================
@on("heart_uses", "healing-ray")
def _ray_offer(state: KotState, m: MonsterState) -> list[str]:
    return [f"heart ray {o.seat}" for o in state.monsters
            if o is not m and o.alive and o.hearts < state.max_hearts(o)]


@action("heart-ray")
def _ray(state: KotState, m: MonsterState, words: list[str]) -> None:
    """One heart die heals 1 heart of another monster, which pays 2 energy for it, or all it
    has if less (ruling B5)."""
    t = state.monsters[int(words[2])]
    pay = min(2, t.energy)
    t.energy -= pay
    m.energy += pay
    state.say(f"{state.name(m.seat)} heals {state.name(t.seat)} with a Heart, for {pay} energy.", "Healing Ray")
    state.gain_hearts(t, 1, "Healing Ray")


# =============================== Rooting for the Underdog ===================================
@on("end_turn", "rooting-for-the-underdog")
def _underdog(state: KotState, m: MonsterState) -> None:
    """Ruling B10: at the end of its owner's own turn, if it alone has the fewest stars."""
    if all(o.stars > m.stars for o in state.monsters if o is not m and o.alive):
        state.gain_stars(m, 1, "Rooting for the Underdog", " for having the fewest stars")


# =============================== DISCARD cards new to the base game ==========================
@play("heal")
def _heal(state: KotState, m: MonsterState) -> None:
    state.gain_hearts(m, 2, "Heal")


@play("national-guard")
def _national_guard(state: KotState, m: MonsterState) -> list[Step]:
    state.gain_stars(m, 2, "National Guard")
    return [state.damage(m.seat, 2, "card", m.seat, "National Guard")]
