"""The interpreter of Crisis: Tokyo card effects.

Occurrences and Talents carry a list of ops (docs/crisis-tokyo-card-format.md); each op
runs as a step, and an op that needs a choice opens an ``effect`` decision node named
after it. Gifts attach to a host Character; Plots replace the Plot in play.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .cards import POWER_NAMES, POWERS, Card, CardSet

if TYPE_CHECKING:
    from ...core.machine import Node
    from .state import CrisisState, Instance

CONFLICT_OPS = {"side_bonus", "portal", "deploy_from_hand", "deploy_from_reserve", "change_power", "no_superiority"}


# ----- what can be played --------------------------------------------------------------
def talents_of(state: CrisisState, inst: Instance) -> list[Card]:
    """A Character's Talents: its own, then those its Gifts grant."""
    half = state.game.half
    out = list(half(inst["card"], inst["half"]).get("talents", ()))
    for g in inst["gifts"]:
        out += half(g["card"], g["half"]).get("talents", ())
    return out


def ops_text_facts(ops: list[Card]) -> tuple[bool, bool, bool]:
    """What the text of ops alone says of their use: (usable outside a Conflict, usable in
    one, only by the defender). Conflict ops (and ops choosing in the Conflict) only in a
    Conflict; extra actions only outside one; taking from the Reserve into the defence
    only by the defender."""
    names = {op["op"] for op in ops}
    outside = not (names & CONFLICT_OPS or any(op.get("where") == "conflict" for op in ops))
    return outside, "actions" not in names, "deploy_from_reserve" in names


def ops_facts_table(cards: CardSet) -> dict[int, tuple[bool, bool, bool]]:
    """``ops_text_facts`` of every list of ops in a card set (Event halves' effects and
    Talents'), by the list's id: the set lives as long as the game, so the ids stay its."""
    lists = []
    for e in cards["event"].values():
        for which in ("a", "b"):
            lists.append(e[which].get("effects"))
            lists += [t.get("effects") for t in e[which].get("talents", [])]
    for c in cards["character"].values():
        for which in ("threat", "hero"):
            lists += [t.get("effects") for t in c[which].get("talents", [])]
    return {id(ops): ops_text_facts(ops) for ops in lists if ops is not None}


def ops_possible(state: CrisisState, seat: int, ops: list[Card], in_conflict: bool) -> bool:
    """Whether ops may be used now: Conflict ops (and ops choosing in the Conflict) only
    in a Conflict by its attacker or defender; extra actions only outside one."""
    facts = state.game.ops_facts.get(id(ops)) or ops_text_facts(ops)
    if not facts[1 if in_conflict else 0]:
        return False
    if facts[2] and (state.conflict is None or state.conflict["defender"] != seat):
        return False
    if in_conflict and state.conflict is not None and seat not in (state.conflict["attacker"], state.conflict["defender"]):
        return False
    return True


def event_playable(state: CrisisState, seat: int, cid: str, which: str, in_conflict: bool) -> bool:
    h = state.game.half(cid, which)
    kind = h["kind"]
    if kind == "occurrence":
        if h.get("conflict_only") and not in_conflict:
            return False
        return ops_possible(state, seat, h.get("effects", []), in_conflict)
    if kind == "plot":
        return True
    return bool(gift_hosts(state, h))


def all_instances(state: CrisisState) -> list[Instance]:
    out = [i for r in state.reserves for i in r]
    if state.conflict:
        out += state.conflict["att"] + state.conflict["def"]
    return out


def gift_hosts(state: CrisisState, h: Card) -> list[Instance]:
    host = h.get("host", "any")
    return [i for i in all_instances(state) if host == "any" or i["half"] == host]


def user_side(state: CrisisState, user: int) -> str | None:
    c = state.conflict
    if c is None:
        return None
    if user == c["attacker"]:
        return "att"
    if user == c["defender"]:
        return "def"
    return None


def candidates(state: CrisisState, user: int, op: Card) -> list[Instance]:
    """Characters an op may choose: by side (own/enemy/any), place (conflict/play),
    kind (hero/threat/any) and at most ``max_spheres`` spheres; untargetable Threats of
    other players are left out."""
    side, where, kind = op.get("side", "any"), op.get("where", "play"), op.get("kind", "any")
    if where == "conflict":
        c = state.conflict
        if c is None:
            return []
        mine = user_side(state, user)
        pool = []
        for s in ("att", "def"):
            if side == "any" or (side == "own" and s == mine) or (side == "enemy" and mine is not None and s != mine):
                pool += c[s]
    else:
        pool = [i for i in all_instances(state)
                if side == "any" or (side == "own") == (i["owner"] == user)]
    out = []
    for i in pool:
        if kind != "any" and i["half"] != kind:
            continue
        if i["owner"] != user and state.card_half(i).get("passive", {}).get("untargetable"):
            continue
        if "max_spheres" in op and state.total_spheres(i) > op["max_spheres"]:
            continue
        out.append(i)
    return out


# ----- playing -------------------------------------------------------------------------
def play_event(state: CrisisState, seat: int, cid: str, which: str) -> None:
    """``seat`` plays the ``which`` half of Event ``cid`` from its hand."""
    h = state.game.half(cid, which)
    state.take_from_hand(seat, cid)
    state.note_played(seat, cid)
    state.say(f"{state.pname(seat)} plays {h['name']} ({h['kind']}).",
              state.manoeuvre_rule() if state.conflict else state.rule("9.1"))
    if h["kind"] == "occurrence":
        if h.get("timing") == "end_of_turn":
            state.end_of_turn.append({"card": cid, "half": which, "user": seat})
            state.say(f"{h['name']} will resolve at the end of the turn.", state.rule("4.3.2"))
        else:
            state.resolving.append(cid)
            state._push(["resolve-occurrence", cid, which, seat, False])
    elif h["kind"] == "plot":
        if state.plot is not None:
            old = state.game.half(state.plot["card"], state.plot["half"])
            state.to_discard("event", state.plot["card"])
            state.say(f"The Plot {old['name']} is destroyed.", state.rule("4.3.4"))
        state.set_plot(cid, which)
    else:
        state._ask(seat, "effect", name="gift-host", card=cid, half=which)


def resolve_occurrence(state: CrisisState, cid: str, which: str, user: int, deferred: bool) -> None:
    h = state.game.half(cid, which)
    if deferred:
        state.say(f"{h['name']} resolves at the end of the turn.", state.rule("4.3.2"))
    steps = [["op", user, op, h["name"]] for op in h.get("effects", [])]
    state._push(*steps, ["discard-event", cid])


def use_talent(state: CrisisState, seat: int, uid: int, k: int) -> None:
    inst = state.instance(uid)
    talent = talents_of(state, inst)[k]
    inst["talent_turn"] = state.turn_count
    state.say(f"{state.pname(seat)} uses the Talent {talent['name']} of {state.card_half(inst)['name']}.",
              state.manoeuvre_rule() if state.conflict else state.rule("10.1"))
    steps = [["op", seat, op, talent["name"]] for op in talent.get("effects", [])]
    if talent.get("destroy_self"):
        steps.append(["destroy-self", uid])
    state._push(*steps)


# ----- ops -------------------------------------------------------------------------------
def run_op(state: CrisisState, user: int, op: Card, source: str) -> None:
    name = op["op"]
    c = state.conflict
    if name == "draw":
        state._push(*[["draw", user, op.get("deck", "any"), source]] * op.get("n", 1))
    elif name in ("spheres", "destroy", "to_hand"):
        if not candidates(state, user, op):
            state.say(f"{source}: there is no Character to choose.", state.effect_rule(source))
            return
        state._ask(user, "effect", name=name, op=op, source=source)
    elif name == "side_bonus":
        side = user_side(state, user)
        if side:
            state.live_conflict()["bonus"][0 if side == "att" else 1] += op["n"]
            state.say(f"{source}: {state.pname(user)}'s side gets {op['n']:+d}.", state.effect_rule(source))
    elif name == "portal":
        state._push(["portal", user, source])
    elif name == "from_discard":
        if state.discards[op["deck"]]:
            state._ask(user, "effect", name="from-discard", deck=op["deck"], source=source)
    elif name == "deploy_from_hand":
        if user_side(state, user) and any(x in state.game.cards["character"] for x in state.hands[user]):
            state._ask(user, "effect", name="deploy-hand", source=source)
    elif name == "deploy_from_reserve":
        if c and c["defender"] == user and state.reserves[user]:
            state._ask(user, "effect", name="deploy-reserve", source=source)
    elif name == "change_power":
        if c and user_side(state, user):
            state._ask(user, "effect", name="change-power", side=op.get("side", "own"), source=source)
    elif name == "no_superiority":
        if c:
            c["no_superiority"] = True
            state.say(f"{source}: no Superiority in this Conflict.", state.effect_rule(source))
    elif name == "actions":
        state.actions_left += op["n"]
        state.say(f"{source}: {state.pname(user)} gets {op['n']} more action(s).", state.effect_rule(source))
    elif name == "discard_random":
        n = state.game.num_players
        steps = []
        for k in range(1, n):
            steps += [["random-discard", (user + k) % n, source]] * op.get("n", 1)
        state._push(*steps)
    elif name == "each_discards":
        n = state.game.num_players
        for k in reversed(range(n)):
            p = (user + k) % n
            state._push(["each-discard", p, op.get("n", 1), source])
    elif name == "recruit":
        if any(x in state.game.cards["character"] for x in state.hands[user]):
            state._ask(user, "effect", name="recruit", source=source)
    else:
        raise ValueError(f"unknown op {name!r}")


def _step_each_discard(state: CrisisState, p: int, n: int, source: str) -> None:
    k = min(n, len(state.hands[p]))
    if k:
        state._ask(p, "discard", reason="card effect", left=k, source=source)


def portal_revealed(state: CrisisState, node: Node, cid: str) -> None:
    user, source = node[3]["user"], node[3]["source"]
    state.say(f"{state.pname(user)} reveals {state._card_title(cid)} from the Character deck.",
              state.effect_rule(source))
    state._ask(user, "effect", name="portal-half", card=cid, source=source)


# ----- effect decisions ----------------------------------------------------------------
def effect_legal(state: CrisisState, node: Node) -> list[str]:
    d = node[3]
    name, user = d["name"], node[1]
    if name == "gift-host":
        return [f"host {i['uid']}" for i in gift_hosts(state, state.game.half(d["card"], d["half"]))]
    if name in ("spheres", "destroy", "to_hand"):
        return [f"target {i['uid']}" for i in candidates(state, user, d["op"])]
    if name == "spheres-power":
        return [f"power {p}" for p in POWERS]
    if name == "from-discard":
        return [f"take {x}" for x in dict.fromkeys(state.discards[d["deck"]])]
    if name == "portal-half":
        return ["half threat", "half hero"]
    if name == "deploy-hand":
        return [f"deploy {x}" for x in dict.fromkeys(state.hands[user]) if x in state.game.cards["character"]] + ["none"]
    if name == "deploy-reserve":
        return [f"deploy {i['uid']}" for i in state.reserves[user]] + ["none"]
    if name == "change-power":
        return [f"power {p}" for p in POWERS]
    if name == "recruit":
        return [f"recruit {x}" for x in dict.fromkeys(state.hands[user]) if x in state.game.cards["character"]] + ["none"]
    raise ValueError(name)


def effect_do(state: CrisisState, node: Node, text: str) -> None:
    d = node[3]
    name, user = d["name"], node[1]
    words = text.split()
    if name == "gift-host":
        inst = state.instance(int(words[1]))
        inst["gifts"].append({"card": d["card"], "half": d["half"]})
        state.say(f"{state.game.half(d['card'], d['half'])['name']} is given to {state.card_half(inst)['name']}.",
                  state.rule("4.3.5"))
        return
    if name in ("spheres", "destroy", "to_hand"):
        found = state.find(int(words[1]))
        assert found is not None  # a legal target is in play
        where, owner, inst = found
        op = d["op"]
        if name == "spheres":
            if op["power"] == "chosen":
                state._ask(user, "effect", name="spheres-power", uid=inst["uid"], n=op["n"], source=d["source"])
                return
            _add_spheres(state, inst, op["power"], op["n"], d["source"])
        elif name == "destroy":
            state._remove_instance(inst)
            state.say(f"{d['source']}: {state.card_half(inst)['name']} is destroyed.", state.effect_rule(d["source"]))
            state.destroy_instance(inst)
        else:
            state._remove_instance(inst)
            for g in inst["gifts"]:
                state.to_discard("event", g["card"])
            state.put_in_hand_openly(owner, inst["card"])
            state.say(f"{d['source']}: {state.card_half(inst)['name']} returns to its owner's hand.",
                      state.effect_rule(d["source"]))
        return
    if name == "spheres-power":
        found = state.find(d["uid"])
        if found:
            _add_spheres(state, found[2], words[1], d["n"], d["source"])
        return
    if name == "from-discard":
        state.discards[d["deck"]].remove(words[1])
        state.put_in_hand_openly(user, words[1])
        state.say(f"{d['source']}: {state.pname(user)} takes {state._card_title(words[1])} from the discard pile.",
                  state.effect_rule(d["source"]))
        return
    if name == "portal-half":
        c = state.live_conflict()
        side = "att" if user == c["attacker"] else "def"
        which = words[1]
        inst = state.new_instance(d["card"], which, user)
        c[side].append(inst)
        state.say(f"{state.card_half(inst)['name']} joins {state.pname(user)}'s side.", state.effect_rule(d["source"]))
        state._push(*state._wild_steps(inst))
        return
    if name == "deploy-hand":
        c = state.live_conflict()
        if words[0] == "none":
            return
        side = "att" if user == c["attacker"] else "def"
        state.take_from_hand(user, words[1])
        state.note_played(user, words[1])
        inst = state.new_instance(words[1], "threat" if side == "att" else "hero", user)
        c[side].append(inst)
        state.say(f"{state.card_half(inst)['name']} joins {state.pname(user)}'s side from the hand.",
                  state.effect_rule(d["source"]))
        state._push(*state._wild_steps(inst))
        return
    if name == "deploy-reserve":
        c = state.live_conflict()
        if words[0] == "none":
            return
        inst = next(i for i in state.reserves[user] if i["uid"] == int(words[1]))
        state.reserves[user].remove(inst)
        c["def"].append(inst)
        state.say(f"{state.card_half(inst)['name']} joins the defence from the Reserve.",
                  state.effect_rule(d["source"]))
        return
    if name == "change-power":
        c = state.live_conflict()
        own = user_side(state, user)
        assert own is not None  # asked only of the attacker or the defender (run_op)
        side = own if d["side"] == "own" else ("def" if own == "att" else "att")
        c["att_power" if side == "att" else "def_power"] = words[1]
        state.say(f"{d['source']}: the {'attacking' if side == 'att' else 'defending'} side now fights with "
                  f"{POWER_NAMES[words[1]]}.", state.effect_rule(d["source"]))
        return
    if name == "recruit":
        if words[0] != "none":
            state.recruit(user, words[1])
        return
    raise ValueError(name)


def _add_spheres(state: CrisisState, inst: Instance, power: str, n: int, source: str) -> None:
    if n < 0:  # a value reduced below zero becomes zero (ruling C21): the excess is lost
        n = max(n, -state.spheres(inst, power))
        if n == 0:
            state.say(f"{source}: {state.card_half(inst)['name']} has no {POWER_NAMES[power]} sphere to lose.",
                      state.effect_rule(source))
            return
    inst["mods"][power] = inst["mods"].get(power, 0) + n
    state.say(f"{source}: {state.card_half(inst)['name']} {'gains' if n > 0 else 'loses'} {abs(n)} "
              f"{POWER_NAMES[power]} sphere{'s' * (abs(n) != 1)}.", state.effect_rule(source))


# ----- what a play would change now (for the table: the plays stay legal, ruling C16) ------
def op_idle(state: CrisisState, seat: int, op: Card) -> str | None:
    """Why ``op`` would change nothing if it ran now (words), or None when it may change
    something. Descriptive only: a card that changes nothing may still be played (C16)."""
    name = op["op"]
    c = state.conflict
    chars = [x for x in state.hands[seat] if x in state.game.cards["character"]]
    if name in ("spheres", "destroy", "to_hand"):
        cands = candidates(state, seat, op)
        if not cands:
            return "there is no Character it can choose"
        if name == "spheres" and op.get("n", 0) < 0:
            power = op.get("power")
            if power in POWERS and not any(state.spheres(i, power) for i in cands):
                return f"no Character it can choose has a {POWER_NAMES[power]} sphere to lose"
            if power == "chosen" and not any(state.total_spheres(i) for i in cands):
                return "no Character it can choose has a sphere to lose"
        return None
    if name == "from_discard":
        return None if state.discards[op["deck"]] else f"the {'Event' if op['deck'] == 'event' else 'Character'} discard pile is empty"
    if name in ("deploy_from_hand", "recruit"):
        return None if chars else "you have no Character card in your hand"
    if name == "deploy_from_reserve":
        return None if state.reserves[seat] else "your Reserve is empty"
    if name == "no_superiority":
        if c and (c["no_superiority"] or state.game.cards["district"][c["district"]].get("special", {}).get("no_superiority")):
            return "there is no Superiority in this Conflict already"
        return None
    if name == "portal":
        return None if state._deck_size("character") else "the Character deck is empty"
    if name == "discard_random":
        n = state.game.num_players
        return None if any(state.hands[(seat + k) % n] for k in range(1, n)) else "the other players have no cards in hand"
    return None


def idle_reason(state: CrisisState, seat: int, text: str) -> str | None:
    """For a legal ``play <card> <half>`` of an Occurrence resolving now or a ``talent <uid>
    <k>``: why it would change nothing now (every op of it changes nothing; the reasons in
    words, joined), else None."""
    words = text.split()
    if words[0] == "play":
        h = state.game.half(words[1], words[2])
        if h["kind"] != "occurrence" or h.get("timing") == "end_of_turn":
            return None
        ops = h.get("effects", [])
    elif words[0] == "talent":
        found = state.find(int(words[1]))
        if not found:
            return None
        ops = talents_of(state, found[2])[int(words[2])].get("effects", [])
    else:
        return None
    if not ops:
        return None
    reasons = [op_idle(state, seat, op) for op in ops]
    words_why = [r for r in reasons if r is not None]
    if len(words_why) < len(reasons):
        return None
    return "; ".join(dict.fromkeys(words_why))
