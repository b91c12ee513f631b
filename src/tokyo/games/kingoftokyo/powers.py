"""Effects of the Dark Edition Power cards, registered by card id (see effects.py).

Each card's wording is in data/dark_power_cards.toml; this module is its behaviour.
Cards are grouped by the hook point they use. Orders of effects at one hook point are
the registration order unless ``order=`` says otherwise (docs/rulings.md, R10).
"""

from __future__ import annotations

from typing import Callable

from ...core.machine import Node, Step
from .effects import Effects
from .engine import CITY, FACES, OUT, Damage, KotState, MonsterState, face_sort, rolled_faces

POWERS = Effects("kot-dark-power")
on, gain, play, action, decision, step, chance = (POWERS.on, POWERS.gain, POWERS.play, POWERS.action,
                                                  POWERS.decision, POWERS.step, POWERS.chance)


def _name(state: KotState, cid: str) -> str:
    return state.game.card(cid).name


# =============================== helpers for paused damage ===============================
def ask_during_damage(state: KotState, seat: int, name: str, p: Damage, stage: int) -> bool:
    """Pause damage packet ``p`` at ``stage`` for a decision ``name`` of ``seat``."""
    p["stage"] = stage
    p.setdefault("asked", []).append(name)
    state.ask_card(seat, name, packet=p)
    return True


def resume_damage(state: KotState, node: Node) -> None:
    state._push(["damage", node[3]["packet"]])


# =============================== numbers of dice (stars) ===================================
@on("numbers", "complete-destruction")
def _complete_destruction(state: KotState, m: MonsterState, c: dict[str, int]) -> None:
    if all(c[f] for f in FACES):
        state.gain_stars(m, 9, "Complete Destruction", " for one of each face")


@on("numbers", "gourmet")
def _gourmet(state: KotState, m: MonsterState, c: dict[str, int]) -> None:
    if c["1"] >= 3:
        state.gain_stars(m, 2, "Gourmet", " for 1-1-1")


@on("numbers", "detritivore")
def _detritivore(state: KotState, m: MonsterState, c: dict[str, int]) -> None:
    if c["1"] and c["2"] and c["3"]:
        state.gain_stars(m, 2, "Detritivore", " for 1-2-3")


@on("numbers", "freeze-time")
def _freeze_time(state: KotState, m: MonsterState, c: dict[str, int]) -> None:
    if c["1"] >= 3:
        state.earn_extra_turn(m, ["card", "freeze-time-ask", m.seat])
        state.say(f"{state.name(m.seat)} may take another turn with one die fewer.", "Freeze Time")


@step("freeze-time-ask")
def _freeze_time_ask(state: KotState, seat: int) -> None:
    """Ruling R16: the owner chooses when the extra turn would start (after this turn's end)."""
    state.ask_card(seat, "freeze-time")


@decision("freeze-time", lambda state, node: ["freeze", "pass"])
def _freeze_time_do(state: KotState, node: Node, text: str) -> None:
    if text == "freeze":
        state._push(["extra-turn", node[1], 1])
        return
    state.say(f"{state.name(node[1])} does not take the extra turn.", "Freeze Time")
    state._push(["next-turn"])


# =============================== dice and rolls ============================================
@on("extra_dice", "extra-head")
def _extra_head(state: KotState, m: MonsterState) -> int:
    """1 die per Extra Head held (kot has two; ruling B15), or 1 for a copy of it."""
    held = 0
    for cid in m.cards:
        if cid == "extra-head":
            held += 1
    return held or 1



on("extra_dice", "natural-selection")(lambda state, m: 1)
on("extra_rolls", "giant-brain")(lambda state, m: 1)


@on("roll_extras", "background-dweller")
def _background_dweller(state: KotState, m: MonsterState) -> list[str]:
    threes = state.dice.count("3")
    return ["reroll " + " ".join(["3"] * k) for k in range(1, threes + 1)]


@on("roll_extras", "smoke-cloud")
def _smoke_offer(state: KotState, m: MonsterState) -> list[str]:
    return ["smoke"] if m.smoke > 0 else []


def _copies_smoke(m: MonsterState) -> bool:
    """Whether ``m``'s Smoke tokens are those of a Fluxling copy (its own, outside the
    box's 3; ruling R13) rather than the real card's."""
    return m.copy == "smoke-cloud" and "smoke-cloud" not in m.cards


@action("smoke")
def _smoke(state: KotState, m: MonsterState, words: list[str]) -> None:
    m.smoke -= 1
    if not _copies_smoke(m):
        state.supply["smoke"] += 1  # a copy's token is set aside, not put in the box (R13)
    state.rolls_allowed += 1
    state.say(f"{state.name(m.seat)} spends a Smoke token for an extra roll ({m.smoke} left).", "Smoke Cloud")
    if m.smoke == 0:
        copy = _copies_smoke(m)
        discard_own(state, m, "smoke-cloud")
        state.say("The Fluxling copy of Smoke Cloud has no tokens left and ends." if copy
                  else "Smoke Cloud has no tokens left and is discarded.", "Smoke Cloud")


@gain("smoke-cloud")
def _smoke_gain(state: KotState, m: MonsterState) -> list[Step]:
    """Gaining Smoke Cloud: 3 Smoke tokens. The real card takes them from the box (what is
    left of its 3); a Fluxling copy gets 3 of its own, as if newly put into play
    (rulebook clarification of Fluxling; rulings R13, R17)."""
    if _copies_smoke(m):
        m.smoke = 3
        return []
    k = min(3, state.supply["smoke"])
    m.smoke += k
    state.supply["smoke"] -= k
    return []


@on("card_lost", "smoke-cloud")
def _smoke_lost(state: KotState, m: MonsterState) -> None:
    """Smoke Cloud leaves ``m``: the real card's tokens go back to the box; a copy's own
    tokens are set aside (R13)."""
    if not _copies_smoke(m):
        state.supply["smoke"] += m.smoke
    m.smoke = 0


@on("roll_extras", "energy-drink")
def _drink_offer(state: KotState, m: MonsterState) -> list[str]:
    return ["drink"] if m.energy >= 1 else []


@action("drink")
def _drink(state: KotState, m: MonsterState, words: list[str]) -> None:
    m.energy -= 1
    state.rolls_allowed += 1
    state.say(f"{state.name(m.seat)} pays 1 energy for an extra roll.", "Energy Drink")


# --- changing dice before resolving --------------------------------------------------------
@on("adjust", "herd-culler")
def _cull_offer(state: KotState, m: MonsterState) -> list[str]:
    if m.culled_turn == state.turn_count:
        return []
    return [f"cull {f}" for f in face_sort(set(rolled_faces(state.dice))) if f != "1"]


@action("cull")
def _cull(state: KotState, m: MonsterState, words: list[str]) -> None:
    state.dice[state.dice.index(words[1])] = "1"
    m.culled_turn = state.turn_count
    state.say(f"{state.name(m.seat)} turns a die into a 1.", "Herd Culler")


def _changes(state: KotState) -> list[tuple[str, str]]:
    return [(f, t) for f in face_sort(set(rolled_faces(state.dice))) for t in FACES if t != f]


@on("adjust", "plot-twist")
def _twist_offer(state: KotState, m: MonsterState) -> list[str]:
    return [f"twist {f} {t}" for f, t in _changes(state)]


@action("twist")
def _twist(state: KotState, m: MonsterState, words: list[str]) -> None:
    state.dice[state.dice.index(words[1])] = words[2]
    state.say(f"{state.name(m.seat)} turns a die into {words[2]} and discards Plot Twist.", "Plot Twist")
    discard_own(state, m, "plot-twist")


@on("adjust", "stretchy")
def _stretch_offer(state: KotState, m: MonsterState) -> list[str]:
    return [f"stretch {f} {t}" for f, t in _changes(state)] if m.energy >= 2 else []


@action("stretch")
def _stretch(state: KotState, m: MonsterState, words: list[str]) -> None:
    m.energy -= 2
    state.dice[state.dice.index(words[1])] = words[2]
    state.say(f"{state.name(m.seat)} pays 2 energy to turn a die into {words[2]}.", "Stretchy")


# --- Psychic Probe: another monster's final roll ----------------------------------------------
@on("after_final_roll", "psychic-probe")
def _probe_offer(state: KotState, m: MonsterState, active: int) -> list[Step]:
    if m.seat == active:
        return []
    return [["card", "probe-ask", m.seat]]


@step("probe-ask")
def _probe_ask(state: KotState, seat: int) -> None:
    if state.monsters[seat].alive and state.has(state.monsters[seat], "psychic-probe"):
        state.ask_card(seat, "probe")


def _probe_legal(state: KotState, node: Node) -> list[str]:
    return [f"probe {f}" for f in face_sort(set(rolled_faces(state.dice)))] + ["pass"]


@decision("probe", _probe_legal)
def _probe_do(state: KotState, node: Node, text: str) -> None:
    if text == "pass":
        return
    index = state.dice.index(text.split()[1])
    state.say(f"{state.name(node[1])} makes {state.name(state.active)} reroll a {text.split()[1]}.", "Psychic Probe")
    state.roll_card_die("probe", seat=node[1], index=index)


@chance("probe")
def _probe_roll(state: KotState, node: Node, face: str) -> None:
    d = node[3]
    state.dice[d["index"]] = face
    state.say(f"The rerolled die shows {face}.", "Psychic Probe")
    if face == "h":
        m = state.monsters[d["seat"]]
        discard_own(state, m, "psychic-probe")
        state.say(f"{state.name(m.seat)} discards Psychic Probe.", "Psychic Probe")


# =============================== hearts and energy =========================================
on("energy_gain", "friend-of-children")(lambda state, m: 1)
on("heal_gain", "regeneration")(lambda state, m: 1)
on("max_hearts", "even-bigger")(lambda state, m: 2)


@gain("even-bigger")
def _even_bigger(state: KotState, m: MonsterState) -> None:
    state.gain_hearts(m, 2, "Even Bigger")


@gain("natural-selection")
def _natural_selection(state: KotState, m: MonsterState) -> None:
    state.gain_energy(m, 4, "Natural Selection")
    state.gain_hearts(m, 4, "Natural Selection")


@on("any_time", "rapid-healing")
def _rapid_offer(state: KotState, m: MonsterState) -> list[str]:
    return ["rapid-heal"] if m.energy >= 2 and m.hearts < state.max_hearts(m) else []


@action("rapid-heal")
def _rapid_heal(state: KotState, m: MonsterState, words: list[str]) -> None:
    m.energy -= 2
    state.say(f"{state.name(m.seat)} pays 2 energy to heal.", "Rapid Healing")
    state.gain_hearts(m, 1, "Rapid Healing")


# =============================== smash ======================================================
on("smash_total", "acid-attack")(lambda state, m, v, claws: v + 1)
on("smash_total", "burrowing")(lambda state, m, v, claws: v + (1 if m.location != OUT else 0))
on("smash_total", "poison-quills")(lambda state, m, v, claws: v + (2 if state.count("2") >= 3 else 0))
on("smash_total", "spiked-tail")(lambda state, m, v, claws: v + (1 if claws >= 1 else 0))
on("smash_total", "urbavore")(lambda state, m, v, claws: v + (1 if claws >= 1 and m.location != OUT else 0))
on("smash_everyone", "nova-breath")(lambda state, m: True)


@on("smash_started", "alpha-monster")
def _alpha(state: KotState, m: MonsterState, n: int, targets: list[int]) -> None:
    state.gain_stars(m, 1, "Alpha Monster", " for Smashing")


@on("smash_extra_for", "fire-breathing")
def _fire_extra(state: KotState, m: MonsterState, target: int) -> int:
    return 1 if target in state.neighbours(m.seat) else 0


@on("smash_side_effects", "fire-breathing")
def _fire_side(state: KotState, m: MonsterState, n: int, targets: list[int]) -> list[Step]:
    return [state.damage(s, 1, "card", m.seat, "Fire Breathing")
            for s in state.neighbours(m.seat) if s not in targets]


@on("dealt_loss", "shrink-ray")
def _shrink_ray(state: KotState, m: MonsterState, t: MonsterState, amount: int, p: Damage) -> None:
    if p["kind"] == "smash" and state.supply["shrink"] > 0 and t.alive:
        state.supply["shrink"] -= 1
        t.shrink += 1
        state.say(f"{state.name(t.seat)} gets a Shrink Ray token ({t.shrink}).", "Shrink Ray")


@on("turn_start", "urbavore")
def _urbavore_start(state: KotState, m: MonsterState) -> None:
    if m.location != OUT:
        state.gain_stars(m, 1, "Urbavore", " for starting in Tokyo")


@on("turn_start", "nanobots")
def _nanobots(state: KotState, m: MonsterState) -> None:
    if m.hearts < 3:
        state.gain_hearts(m, 2, "Nanobots")


# =============================== yielding ===================================================
@on("yielded", "burrowing")
def _burrowing_yield(state: KotState, m: MonsterState, attacker: int, where: int) -> None:
    state.marks[f"turn-burrow-toll-{where}"] = m.seat


@on("yielded", "unstable-dna")
def _unstable_offer(state: KotState, m: MonsterState, attacker: int, where: int) -> list[Step]:
    if state.monsters[attacker].cards and "unstable-dna" in m.cards:
        return [["card", "unstable-ask", m.seat, attacker]]
    return []


@step("unstable-ask")
def _unstable_ask(state: KotState, seat: int, attacker: int) -> None:
    if state.monsters[seat].alive and state.monsters[attacker].cards and "unstable-dna" in state.monsters[seat].cards:
        state.ask_card(seat, "unstable-dna", attacker=attacker)


def _unstable_legal(state: KotState, node: Node) -> list[str]:
    return [f"swap {cid}" for cid in state.monsters[node[3]["attacker"]].cards] + ["pass"]


@decision("unstable-dna", _unstable_legal)
def _unstable_do(state: KotState, node: Node, text: str) -> None:
    if text == "pass":
        return
    m, a = state.monsters[node[1]], state.monsters[node[3]["attacker"]]
    cid = text.split()[1]
    move_card(state, a, m, cid)
    move_card(state, m, a, "unstable-dna")
    state.say(f"{state.name(m.seat)} swaps Unstable DNA for {state.name(a.seat)}'s {_name(state, cid)}.", "Unstable DNA")


def discard_own(state: KotState, m: MonsterState, cid: str) -> None:
    """A card discards itself: the card if ``m`` holds it, else ``m``'s Fluxling copy ends
    (ruling R17: the copy works like the card, and ends where the card would go)."""
    if cid in m.cards:
        state.discard_card(m, cid)
    elif m.copy == cid:
        state.end_copy(m)


def stored_key(cid: str, seat: int) -> str:
    """The ``KotState.marks`` key of the energy stored on card ``cid`` (or on its copy) of
    ``seat`` (kot: Battery Monster)."""
    return f"stored-{cid}-{seat}"


# tokens that sit on a card: they go with it when it changes hands (R37)
_TOKENS_ON_CARD = {"smoke-cloud": "smoke"}


def move_card(state: KotState, giver: MonsterState, taker: MonsterState, cid: str) -> None:
    """A KEEP card changes hands (Unstable DNA, Parasitic Tentacles): it leaves ``giver``
    (its losses apply) and is gained by ``taker`` (its gains apply). A card carrying tokens
    (Smoke Cloud) keeps the tokens left on it; it is not put into play afresh (R37)."""
    token = _TOKENS_ON_CARD.get(cid)
    carried = 0
    stored = state.marks.pop(stored_key(cid, giver.seat), None)  # energy on the card (kot: Battery Monster)
    giver.cards.remove(cid)
    if token:
        carried = getattr(giver, token)
        setattr(giver, token, 0)
    state.hook_card_lost(giver, cid)
    state.clip_hearts(giver)
    if taker.copy == cid:
        state.end_copy(taker)  # a monster does not copy a card it holds (R17)
    taker.cards.append(cid)
    if stored is not None:
        state.marks[stored_key(cid, taker.seat)] = stored
        return
    if token:
        setattr(taker, token, getattr(taker, token) + carried)
        return
    state._push(*state.hook_card_gained(taker, cid))


# =============================== damage stages ==============================================
@on("damage_stage_0", "hibernation")
def _hibernation_shield(state: KotState, t: MonsterState, p: Damage) -> bool:
    if p["amount"] > 0:
        p["amount"] = 0
        state.say(f"{state.name(t.seat)} is hibernating and loses no hearts.", "Hibernation")
    return False


@on("damage_stage_0", "jets")
def _jets(state: KotState, t: MonsterState, p: Damage) -> bool:
    if t.wings_turn == state.turn_count or p["amount"] <= 0:
        return False  # no heart would be lost: nothing for Jets to do
    if p["kind"] == "smash" and t.location != OUT and "jets" not in p.get("asked", []):
        state.smash_flags[f"decided{t.seat}"] = True
        return ask_during_damage(state, t.seat, "jets", p, 0)
    return False


def _jets_legal(state: KotState, node: Node) -> list[str]:
    return ["stay", "yield"]


@decision("jets", _jets_legal)
def _jets_do(state: KotState, node: Node, text: str) -> None:
    p = node[3]["packet"]
    m = state.monsters[node[1]]
    if text == "yield":
        p["amount"] = 0
        where = m.location
        state.leave_tokyo(m, "Jets", yielded=True)
        state.say(f"{state.name(m.seat)} yields with Jets and loses no hearts from this Smash.", "Jets")
        state._push(["damage", p], *state.hook_yielded(m, p["source"], where))
        return
    state.say(f"{state.name(m.seat)} stays in Tokyo.", state.rule("2.4.5"))
    resume_damage(state, node)


@on("damage_stage_0", "wings")
def _wings(state: KotState, t: MonsterState, p: Damage) -> bool:
    if t.wings_turn == state.turn_count:
        p["amount"] = 0
        state.say(f"{state.name(t.seat)} flies away on its Wings and loses no hearts.", "Wings")
        return False
    if t.energy >= 2 and "wings" not in p.get("asked", []) and p["amount"] > 0:
        return ask_during_damage(state, t.seat, "wings", p, 0)
    return False


def _pay_or_pass(word: str) -> Callable[[KotState, Node], list[str]]:
    return lambda state, node: [word, "pass"]


@decision("wings", _pay_or_pass("wings"))
def _wings_do(state: KotState, node: Node, text: str) -> None:
    if text == "wings":
        m = state.monsters[node[1]]
        m.energy -= 2
        m.wings_turn = state.turn_count
        state.say(f"{state.name(m.seat)} pays 2 energy: no heart loss for the rest of this turn.", "Wings")
    resume_damage(state, node)


@on("damage_stage_1", "camouflage")
def _camouflage(state: KotState, t: MonsterState, p: Damage) -> bool:
    if p["amount"] > 0:
        p["stage"] = 1
        p["camo"] = [p["amount"], 0]   # dice left to roll, hearts rolled
        state.roll_card_die("camouflage", packet=p)
        return True
    return False


@chance("camouflage")
def _camouflage_die(state: KotState, node: Node, face: str) -> None:
    p = node[3]["packet"]
    left, hearts = p["camo"]
    left, hearts = left - 1, hearts + (face == "h")
    if left > 0:
        p["camo"] = [left, hearts]
        state.roll_card_die("camouflage", packet=p)
        return
    t = state.monsters[p["target"]]
    before = p["amount"]
    p["amount"] = max(0, before - hearts)
    if not state.quiet:
        fewer = before - p["amount"]
        state.say(f"{state.name(t.seat)}'s Camouflage dice show {hearts} heart{'s' * (hearts != 1)}: "
                  f"{fewer} heart{'s' * (fewer != 1)} fewer to lose ({p['amount']} left).", "Camouflage")
    p["stage"] = 2
    del p["camo"]
    state._push(["damage", p])


@on("damage_stage_2", "super-jump")
def _super_jump(state: KotState, t: MonsterState, p: Damage) -> bool:
    if t.energy >= 1 and t.jump_turn != state.turn_count and p["amount"] > 0:
        return ask_during_damage(state, t.seat, "super-jump", p, 3)
    return False


@decision("super-jump", _pay_or_pass("jump"))
def _super_jump_do(state: KotState, node: Node, text: str) -> None:
    if text == "jump":
        m = state.monsters[node[1]]
        m.energy -= 1
        m.jump_turn = state.turn_count
        node[3]["packet"]["amount"] -= 1
        state.say(f"{state.name(m.seat)} pays 1 energy to lose 1 heart less.", "Super Jump")
    resume_damage(state, node)


@on("damage_stage_3", "armor-plating")
def _armor(state: KotState, t: MonsterState, p: Damage) -> bool:
    if p["amount"] == 1:
        p["amount"] = 0
        state.say(f"{state.name(t.seat)}'s Armor Plating ignores the loss of 1 heart.", "Armor Plating")
    return False


@on("damage_stage_4", "rapid-healing")
def _rapid_window(state: KotState, t: MonsterState, p: Damage) -> bool:
    if (p["amount"] >= t.hearts and t.energy >= 2 and t.hearts < state.max_hearts(t)
            and "rapid-last" not in p.get("asked", [])):
        return ask_during_damage(state, t.seat, "rapid-healing", p, 4)
    return False


@decision("rapid-healing", _pay_or_pass("rapid-heal"))
def _rapid_do(state: KotState, node: Node, text: str) -> None:
    p = node[3]["packet"]
    p["asked"].remove("rapid-healing")
    if text == "rapid-heal":
        _rapid_heal(state, state.monsters[node[1]], ["rapid-heal"])
    else:
        p["asked"].append("rapid-last")
    resume_damage(state, node)


# =============================== after losing hearts ========================================
@on("lost_hearts", "were-only-making-it-stronger")
def _stronger(state: KotState, t: MonsterState, amount: int, p: Damage) -> None:
    if amount >= 2:
        state.gain_energy(t, 1, "We're Only Making It Stronger!")


@on("lost_hearts", "reflective-hide")
def _reflective(state: KotState, t: MonsterState, amount: int, p: Damage) -> list[Step]:
    src = p["source"]
    if p["kind"] != "reflect" and src is not None and src != t.seat and amount > 0:
        return [state.damage(src, 1, "reflect", t.seat, "Reflective Hide")]
    return []


@on("other_reached_zero", "eater-of-the-dead")
def _eater(state: KotState, m: MonsterState, dead: MonsterState) -> None:
    state.gain_stars(m, 3, "Eater of the Dead", f" as {state.name(dead.seat)} drops to 0 hearts")


def _rise_again(state: KotState, m: MonsterState, hearts: int, rule: str) -> None:
    if not state.quiet:
        lost = [_name(state, cid) for cid in m.cards]
        what = (["discards " + ", ".join(lost)] if lost else []) + ([f"loses its {m.stars} stars"] if m.stars else [])
        if what:
            state.say(f"{state.name(m.seat)} {' and '.join(what)}.", rule)
    state.discard_everything(m, tokens=False)
    state.reset_wickedness(m)
    m.stars = 0
    state.leave_tokyo(m, rule)
    m.hearts = hearts
    state.check_bay()


@on("save_from_zero", "zombify", order=1)
def _zombify(state: KotState, m: MonsterState) -> bool:
    m.zombified = True
    _rise_again(state, m, 12, "Zombify")
    state.say(f"{state.name(m.seat)} rises again as a zombie with 12 hearts.", "Zombify")
    return True


@on("save_from_zero", "it-has-a-child", order=2)
def _child(state: KotState, m: MonsterState) -> bool:
    _rise_again(state, m, 10, "It Has a Child!")
    state.say(f"{state.name(m.seat)}'s child takes over with 10 hearts.", "It Has a Child!")
    return True


# =============================== turn end ===================================================
@on("end_turn", "metamorph")
def _metamorph_offer(state: KotState, m: MonsterState) -> list[Step]:
    return [["card", "metamorph-ask", m.seat]]


@step("metamorph-ask")
def _metamorph_ask(state: KotState, seat: int) -> None:
    m = state.monsters[seat]
    if m.alive and m.cards and state.has(m, "metamorph"):
        state.ask_card(seat, "metamorph")


def _metamorph_legal(state: KotState, node: Node) -> list[str]:
    return [f"metamorph {cid}" for cid in dict.fromkeys(state.monsters[node[1]].cards)] + ["done"]


@decision("metamorph", _metamorph_legal)
def _metamorph_do(state: KotState, node: Node, text: str) -> None:
    if text == "done":
        return
    m = state.monsters[node[1]]
    cid = text.split()[1]
    state.discard_card(m, cid)
    state.say(f"{state.name(m.seat)} discards {_name(state, cid)}.", "Metamorph")
    state.gain_energy(m, state.game.card(cid).cost, "Metamorph")
    state._push(["card", "metamorph-ask", m.seat])


@on("end_turn", "lunar-powered")
def _lunar(state: KotState, m: MonsterState) -> None:
    if m.energy == 0:
        state.gain_energy(m, 1, "Lunar Powered")


@on("end_turn", "energy-hoarder")
def _hoarder(state: KotState, m: MonsterState) -> None:
    state.gain_stars(m, m.energy // 6, "Energy Hoarder", " for its energy")


@on("end_turn", "herbivore")
def _herbivore(state: KotState, m: MonsterState) -> None:
    if not m.caused_loss:
        state.gain_stars(m, 1, "Herbivore", " for hurting nobody")


@on("end_turn", "natural-selection")
def _natural_end(state: KotState, m: MonsterState) -> list[Step]:
    if "3" in state.dice:
        state.say(f"{state.name(m.seat)} ends its turn with a 3 showing.", "Natural Selection")
        return [state.damage(m.seat, m.hearts, "all", None, "Natural Selection")]
    return []


# =============================== buying =====================================================
on("discount", "alien-origin")(lambda state, m: 1)


@on("bought", "media-friendly")
def _media(state: KotState, m: MonsterState, cid: str) -> None:
    state.gain_stars(m, 1, "Media-Friendly", " for buying a card")


@on("card_revealed", "opportunist")
def _opportunist(state: KotState, m: MonsterState, cid: str) -> list[Step]:
    if m.seat == state.active:
        return []
    return [["card", "opportunist-ask", m.seat, cid]]


@step("opportunist-ask")
def _opportunist_ask(state: KotState, seat: int, cid: str) -> None:
    m = state.monsters[seat]
    if (m.alive and cid in state.market and state.has(m, "opportunist") and state.hook_may_buy(m)
            and state.buy_cost(m, cid) <= m.energy and state.hook_may_buy_card(m, cid)):
        state.ask_card(seat, "opportunist", card=cid)


@decision("opportunist", lambda state, node: [f"buy {node[3]['card']}", "pass"])
def _opportunist_do(state: KotState, node: Node, text: str) -> None:
    if text == "pass":
        return
    m, cid = state.monsters[node[1]], node[3]["card"]
    slot = state.market.index(cid)
    state.market[slot] = None
    state._push(["reveal", slot])   # under the card's own steps: a DISCARD card resolves first
    state.pay_and_take(m, cid, "Opportunist")


@on("buy_extras", "made-in-a-lab")
def _lab_offer(state: KotState, m: MonsterState) -> list[str]:
    out = []
    unseen: int = sum(state.deck.values())
    if not state.peeked and (unseen or state.known_top):
        out.append("peek")
    if state.known_top and m.seat in state.known_top[0][1]:
        cid = state.known_top[0][0]
        if state.buy_cost(m, cid) <= m.energy and state.hook_may_buy_card(m, cid):
            out.append("buy-top")
    return out


@action("peek")
def _peek(state: KotState, m: MonsterState, words: list[str]) -> None:
    state.peeked = True
    state.say(f"{state.name(m.seat)} looks at the top card of the deck.", "Made in a Lab")
    if state.known_top:
        state.known_top[0][1].append(m.seat)
        _peek_seen(state, m)
        return
    state._chance("peek", seat=m.seat)


def _peek_seen(state: KotState, m: MonsterState) -> None:
    cid = state.known_top[0][0]
    state.say(f"The top card is {_name(state, cid)}.", "Made in a Lab", seats=(m.seat,))


@action("buy-top")
def _buy_top(state: KotState, m: MonsterState, words: list[str]) -> None:
    cid, _ = state.known_top.pop(0)
    state.pay_and_take(m, cid, "Made in a Lab")


@on("buy_extras", "parasitic-tentacles")
def _tentacles_offer(state: KotState, m: MonsterState) -> list[str]:
    out = []
    for o in state.monsters:
        if o is not m and o.alive:
            for cid in dict.fromkeys(o.cards):
                if state.buy_cost(m, cid) <= m.energy and state.hook_may_buy_card(m, cid):
                    out.append(f"take {o.seat} {cid}")
    return out


@action("take")
def _tentacles(state: KotState, m: MonsterState, words: list[str]) -> None:
    owner, cid = state.monsters[int(words[1])], words[2]
    cost = state.buy_cost(m, cid)
    m.energy -= cost
    owner.energy += cost
    state.note_bought(m, cid)
    state.say(f"{state.name(m.seat)} pays {state.name(owner.seat)} {cost} energy for its {_name(state, cid)}.",
              "Parasitic Tentacles")
    move_card(state, owner, m, cid)
    state._push(*state.hook_bought(m, cid))


# =============================== Hibernation ===============================================
POWERS.buy_check("hibernation")(lambda state, m: m.location == OUT)
on("no_enter", "hibernation")(lambda state, m: True)
on("no_buy", "hibernation")(lambda state, m: True)
on("numbers_blocked", "hibernation")(lambda state, m: True)
on("smash_total", "hibernation", order=20)(lambda state, m, v, claws: 0)


@on("any_time", "hibernation")
def _hibernation_offer(state: KotState, m: MonsterState) -> list[str]:
    return ["discard hibernation"]


@action("discard")
def _discard_keep(state: KotState, m: MonsterState, words: list[str]) -> None:
    discard_own(state, m, words[1])
    state.say(f"{state.name(m.seat)} discards {_name(state, words[1])}.", _name(state, words[1]))


# =============================== DISCARD cards ==============================================
def _stars_card(cid: str, n: int) -> Callable[[KotState, MonsterState], None]:
    @play(cid)
    def _fn(state: KotState, m: MonsterState) -> None:
        state.gain_stars(m, n, _name(state, cid))
    return _fn


for _cid, _n in (("apartment-building", 3), ("commuter-train", 2), ("corner-store", 1), ("skyscraper", 4)):
    _stars_card(_cid, _n)


def _others(state: KotState, m: MonsterState) -> list[int]:
    return [s for s in state.clockwise_from(m.seat) if state.monsters[s].alive]


@play("death-from-above")
def _death_from_above(state: KotState, m: MonsterState) -> list[Step]:
    state.gain_stars(m, 2, "Death From Above")
    if m.location == CITY or not state.hook_may_enter(m):
        return []
    if m.location != OUT and state.game.options.get("death_from_above") == "stay":
        return []
    for s in _others(state, m):
        state.leave_tokyo(state.monsters[s], "Death From Above")
    if m.location != OUT:
        state.leave_tokyo(m, "Death From Above")
        state.city, m.location = m.seat, CITY
        state.say(f"{state.name(m.seat)} moves to Tokyo City.", "Death From Above")
        return []
    state.enter(m, CITY, "Death From Above")
    return []


@play("energize")
def _energize(state: KotState, m: MonsterState) -> None:
    state.gain_energy(m, 9, "Energize")


@play("evacuation-orders")
def _evacuation(state: KotState, m: MonsterState) -> None:
    for s in _others(state, m):
        state.lose_stars(state.monsters[s], 5, "Evacuation Orders")


@play("flame-thrower")
def _flame_thrower(state: KotState, m: MonsterState) -> list[Step]:
    return [state.damage(s, 2, "card", m.seat, "Flame Thrower") for s in _others(state, m)]


@play("frenzy")
def _frenzy(state: KotState, m: MonsterState) -> None:
    state.earn_extra_turn(m)  # the buyer's, even bought out of turn with Opportunist (R38)
    state.say(f"{state.name(m.seat)} will take another turn after this one.", "Frenzy")
    if state.game.options.get("frenzy") == "at-once" and m.seat == state.active:
        # kot option (ruling B9): this turn's End of Turn is skipped, the extra turn comes at once
        state.marks["turn-frenzy-at-once"] = True


@play("gas-refinery")
def _gas_refinery(state: KotState, m: MonsterState) -> list[Step]:
    state.gain_stars(m, 2, "Gas Refinery")
    return [state.damage(s, 3, "card", m.seat, "Gas Refinery") for s in _others(state, m)]


@play("high-altitude-bombing")
def _bombing(state: KotState, m: MonsterState) -> list[Step]:
    return [state.damage(s, 3, "card", m.seat, "High Altitude Bombing") for s in [m.seat] + _others(state, m)]


@play("jet-fighters")
def _jet_fighters(state: KotState, m: MonsterState) -> list[Step]:
    state.gain_stars(m, 5, "Jet Fighters")
    return [state.damage(m.seat, 4, "card", m.seat, "Jet Fighters")]


@play("nuclear-power-plant")
def _nuclear(state: KotState, m: MonsterState) -> None:
    state.gain_stars(m, 2, "Nuclear Power Plant")
    state.gain_hearts(m, 3, "Nuclear Power Plant")


@play("tank")
def _tank(state: KotState, m: MonsterState) -> list[Step]:
    state.gain_stars(m, 4, "Tank")
    return [state.damage(m.seat, 3, "card", m.seat, "Tank")]


@play("vast-storm")
def _vast_storm(state: KotState, m: MonsterState) -> None:
    state.gain_stars(m, 2, "Vast Storm")
    for s in _others(state, m):
        o = state.monsters[s]
        state.lose_energy(o, o.energy // 2, "Vast Storm")


@play("monster-pets")
def _monster_pets(state: KotState, m: MonsterState) -> None:
    for s in [m.seat] + _others(state, m):
        state.lose_stars(state.monsters[s], 3, "Monster Pets")
