"""The ability interpreter of Storyline (storyline 7, 19; docs/storyline-card-format.md).

A mixin of StorylineState. An ability being resolved is a JSON-safe *context*: ``src``
(the source's uid, None for an Event), ``card``, ``face``, ``ctrl`` (the controller of the
effect, storyline 7.10.1), ``owner``, ``band`` and ``range`` (the source as it last was on
the Map, 7.3.4), ``crisis``, ``power`` (the ability's printed Power, if any), ``ops``,
``label`` and ``may`` (present while a "may" is still to be decided, 7.8.1). Steps: ``["ability", ctx]`` pushes one ``["op", ctx, i, chosen]`` per operation;
an operation that needs a choice opens a decision (``choose <uid>``) or a chance node
(``pick <uid>``, ``player <seat>``), and runs again with the answer in ``chosen``.

Triggered abilities wait in ``pending``, a list of batches (19.4.1); ``resolve-pending``
resolves them one at a time, each followed by the state check (19.2.1).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal, NotRequired, TypedDict

from ...core.machine import Node, StepState
from .cards import PERMANENT_TYPES, UNIT_TYPES, Ability, Card, Entry, Face, Op, PrintedFace
from .words import COUNTER_NAMES, counters

if TYPE_CHECKING:
    from .game import StorylineGame
    from .state import Player

OPPONENT = -1   # the Crisis Format's opponent as a controller (storyline 22.2); no seat

# docs/storyline-card-format.md
Selector = dict[str, Any]   # a selector (``type``, ``controller``, ``band``, ...)
Recipient = Literal["this", "host"] | dict[str, Selector]   # or {how: selector}: each, target, choice, random
Chosen = dict[str, int]     # the answers an operation has had so far: slot -> uid
Trigger = tuple[Entry, int, Ability]   # a triggered ability: its card, its index (abilities_of), the ability


class Selecting(TypedDict):
    """What a selector reads of the ability it is part of (``matches``)."""
    src: int | None
    ctrl: int
    rp: NotRequired[int]


class Context(Selecting):
    """An ability being resolved (see the module docstring)."""
    card: str
    face: str
    owner: int
    band: int | None
    range: int
    crisis: bool
    power: str | None
    ops: list[Op]
    label: str
    may: NotRequired[bool]
    trig: NotRequired[bool]


class Choice(TypedDict):
    """The data of a node that chooses a card for an operation (``choose``, ``pick``):
    the answer goes in ``chosen[slot]`` and the operation (or ``step``) runs again."""
    ctx: Context
    i: int
    slot: str
    chosen: Chosen
    opts: list[int]
    step: NotRequired[str]
    uid: NotRequired[int]


class AbilityMixin(StepState):
    """The ability interpreter, a base of StorylineState: what it needs of the State is
    declared here and defined in state.py."""

    sgame: StorylineGame
    map: list[Entry]
    players: list[Player]
    active: int
    pending: list[list[Context]]
    temps: list[list[Any]]
    used: dict[str, int]
    chain: int

    # ===================== defined by StorylineState (state.py) ===========================
    def rule(self, key: str) -> str:
        raise NotImplementedError

    def pname(self, seat: int) -> str:
        raise NotImplementedError

    def card(self, cid: str) -> Card:
        raise NotImplementedError

    def printed(self, e: Entry) -> PrintedFace:
        raise NotImplementedError

    def face(self, e: Entry) -> Face:
        raise NotImplementedError

    def name(self, e: Entry) -> str:
        raise NotImplementedError

    def ftype(self, e: Entry) -> str:
        raise NotImplementedError

    def find(self, uid: int | None) -> Entry | None:
        raise NotImplementedError

    def is_permanent(self, e: Entry) -> bool:
        raise NotImplementedError

    def is_unit(self, e: Entry) -> bool:
        raise NotImplementedError

    def is_capital(self, e: Entry) -> bool:
        raise NotImplementedError

    def is_crisis(self, e: Entry) -> bool:
        raise NotImplementedError

    def band(self, e: Entry) -> int | None:
        raise NotImplementedError

    def shielded(self, e: Entry) -> bool:
        raise NotImplementedError

    def durability(self, e: Entry) -> int:
        raise NotImplementedError

    def range_of(self, e: Entry) -> int:
        raise NotImplementedError

    def fallen(self, e: Entry) -> bool:
        raise NotImplementedError

    def contested(self, e: Entry) -> bool:
        raise NotImplementedError

    def reaches(self, src_band: int | None, src_range: int, power: str, target: Entry,
                aimed: bool = True) -> bool:
        raise NotImplementedError

    def turn_order(self, start: int) -> list[int]:
        raise NotImplementedError

    def enter(self, cid: str, owner: int, controller: int, place: int | None = None, host: int | None = None,
              ready: bool = False, token: bool = False, crisis: bool = False) -> Entry:
        raise NotImplementedError

    def add_counters(self, e: Entry, kind: str, n: int) -> None:
        raise NotImplementedError

    def deal_damage(self, source_controller: int | None, amount: int, power: str, targets: list[Entry]) -> None:
        raise NotImplementedError

    def finish(self, winners: list[int], how: str, key: str) -> None:
        raise NotImplementedError

    def destroy_cards(self, doomed: list[Entry], destroyer: int | None, by_damage: bool = False) -> None:
        raise NotImplementedError

    def arrive(self, e: Entry) -> None:
        raise NotImplementedError

    def flip_back(self, e: Entry) -> None:
        raise NotImplementedError

    def can_attack(self, e: Entry) -> bool:
        raise NotImplementedError

    def attack_targets(self, e: Entry) -> list[Entry]:
        raise NotImplementedError

    def moves(self, e: Entry) -> list[str]:
        raise NotImplementedError

    def attack(self, a: Entry, t: Entry) -> None:
        raise NotImplementedError

    # ===================== what a card's text is now ======================================
    def abilities_of(self, e: Entry, look_back: bool = False) -> list[tuple[int, Ability]]:
        """storyline 7.1.2, 8.4.1, 7.11.1, 1.3.3: the face's abilities and the current
        Chapter's, as ``(index, ability)`` (index: printed order, Chapter abilities after);
        none for a Fallen Character, unless ``look_back``: the card as it was just before
        it fell (its "when this falls" abilities, storyline 7.11.1, 12.5.4)."""
        if not look_back and self.fallen(e):
            return []
        f = self.printed(e)
        out = list(enumerate(f.abilities))
        if f.type == "storyline" and e.get("chapter"):
            ch = f.data["chapters"][e["chapter"] - 1]
            out += [(100 * e["chapter"] + i, a) for i, a in enumerate(ch["abilities"])]
        return out

    def context(self, e: Entry | None, ability: Ability | None, ops: list[Op], card: str | None = None,
                ctrl: int | None = None, label: str = "") -> Context:
        ctx: Context
        if e is None:   # an Event: no Band, no Range (storyline 11.2.7)
            assert card is not None and ctrl is not None   # an Event's context names its card and controller
            f = self.card(card)["faces"]["front"]
            ctx = {"src": None, "card": card, "face": "front", "ctrl": ctrl, "owner": ctrl, "band": None,
                   "range": 0, "crisis": False, "power": (ability or {}).get("power"), "ops": ops,
                   "label": label or f["name"]}
        else:
            rng = (ability or {}).get("range")
            ctx = {"src": e["uid"], "card": e["card"], "face": e["face"], "ctrl": e["controller"],
                   "owner": e["owner"], "band": self.band(e),
                   "range": self.range_of(e) if rng is None else rng,   # storyline 11.2.2
                   "crisis": self.is_crisis(e), "power": (ability or {}).get("power"), "ops": ops,
                   "label": label or self.name(e)}
        if (ability or {}).get("may"):
            ctx["may"] = True   # storyline 7.8.1: asked when it resolves (19.4.4)
        return ctx

    # ===================== characteristics (storyline 2.14, 7.2) ===========================
    def _static_mod(self, e: Entry, name: str, characters: bool = True) -> int:
        """The static and "this turn" changes to ``e``'s characteristic ``name``.
        ``characters=False``: without the static abilities of Characters, which is what a
        Character's own Fallen check counts (ruling S33)."""
        total = 0
        changing = self.sgame.static_ids
        for src in self.map:
            if src["card"] not in changing:
                continue
            f = self.printed(src)
            changes = f.changes.get(name)
            if changes is None:
                continue
            if f.type == "character":
                if not characters:
                    continue
                if src["damage"] > 0 and src["damage"] >= max(1, f.durability + self._static_mod(src, "durability",
                                                                                                  False)):
                    continue   # storyline 7.11.1: a Fallen Character's text has no effect
            ctx: Selecting = {"src": src["uid"], "ctrl": src["controller"]}   # what a selector reads (matches)
            for change in changes:
                if change.to == "this":
                    hit = src is e
                elif change.to == "host":
                    hit = src.get("host") == e["uid"]
                else:
                    assert change.sel is not None, "a change to the cards a selector names"
                    hit = self.matches(change.sel, e, ctx)
                if hit:
                    total += change.by
        if self.temps:
            for uid, char, by in self.temps:
                if uid == e["uid"] and char == name:
                    total += by
        return total

    def abilities_of_static(self, e: Entry) -> list[tuple[int, Ability]]:
        return self.printed(e).statics

    # ===================== selectors and recipients ========================================
    def on_map(self, e: Entry) -> bool:
        """Whether ``e`` is on the Map: ``e in self.map``, the entry itself looked for first
        (comparing dicts for equality, as ``in`` does, only if it is not there)."""
        for x in self.map:
            if x is e:
                return True
        return e in self.map

    def is_player(self, c: int | None) -> bool:
        return c is not None and c >= 0

    def sides_differ(self, a: int | None, b: int | None) -> bool:
        """storyline 1.4: in the competitive game each player is a side."""
        if a == b:
            return False
        return a is not None and b is not None

    def paired_player(self) -> int | None:
        """storyline 10.1.2: only in an opponent turn (none in the competitive game)."""
        return None

    def matches(self, sel: Selector, e: Entry, ctx: Selecting) -> bool:
        """docs/storyline-card-format.md, Selectors: on the Map, not an Epilogue (3.10.2)."""
        t = self.ftype(e)
        if t == "epilogue" or not self.on_map(e):
            return False
        types = sel.get("type")
        if types is None:
            ok = t in PERMANENT_TYPES   # no type: permanents only
        else:
            ok = False
            for x in types:
                if x == t or (x == "unit" and t in UNIT_TYPES) or (x == "permanent" and t in PERMANENT_TYPES):
                    ok = True
        if not ok:
            return False
        c = sel.get("controller")
        if c is not None and c != "any":
            ec = e["controller"]
            if c == "you" and ec != ctx["ctrl"]:
                return False
            if c == "opponent" and not self.sides_differ(ec, ctx["ctrl"]):
                return False
            if c == "paired-player" and (self.paired_player() is None or ec != self.paired_player()):
                return False
            if c == "each-player" and not self.is_player(ec):
                return False
            if c == "random-player" and ec != ctx.get("rp"):
                return False
        if "class" in sel and not (t == "spacecraft" and self.printed(e).cls == sel["class"]):
            return False
        if "band" in sel and self.band(e) != sel["band"]:
            return False
        if "shield" in sel and self.shielded(e) != (sel["shield"] == "shielded"):
            return False
        st = sel.get("state")
        if st == "contested" and not self.contested(e) or st == "fallen" and not self.fallen(e) \
                or st == "damaged" and e["damage"] < 1:
            return False
        pos = sel.get("position")
        if pos is not None:
            holder = self.find(e["place"]) if e.get("place") is not None else None
            where = "in-the-open" if holder is None and t in ("character", "ground-unit") else \
                "aboard" if holder is not None and self.is_capital(holder) else \
                "on-location" if holder is not None else None
            if where != pos:
                return False
        if "homeworld" in sel and self.printed(e).homeworld != sel["homeworld"]:
            return False
        if "drone" in sel and self.printed(e).drone != sel["drone"]:
            return False
        if sel.get("other") and e["uid"] == ctx["src"]:
            return False
        return True

    def candidates(self, how: str, sel: Selector, ctx: Context, power: str | None) -> list[Entry]:
        """The cards a ``target`` (storyline 11.3: in reach, never the source itself,
        11.3.3), ``random`` (the Power check only, for damage: the format's decision) or
        ``each`` recipient may be, in timestamp order."""
        out = []
        for e in self.map:
            if not self.matches(sel, e, ctx):
                continue
            if how == "target":
                if e["uid"] == ctx["src"]:
                    continue
                if not self.reaches(ctx["band"], ctx["range"], power or "high", e):
                    continue
            elif how == "random" and power is not None and not self.reaches(None, 0, power, e):
                continue
            out.append(e)
        return out

    def op_power(self, op: Op, ctx: Context) -> str | None:
        """storyline 11.2.4: a damaging operation's Power tag, else the ability's, else none."""
        return op.get("power") or ctx.get("power")

    def recipients(self, ctx: Context, i: int, slot: str, rec: Recipient, chosen: Chosen) -> list[Entry] | None:
        """The cards ``rec`` names; None when a node was opened to choose (the op runs
        again with the answer in ``chosen[slot]``)."""
        if rec == "this":
            e = self.find(ctx["src"]) if ctx["src"] is not None else None
            return [e] if e is not None and e["card"] == ctx["card"] else []
        if rec == "host":
            me = self.find(ctx["src"]) if ctx["src"] is not None else None
            h = self.find(me["host"]) if me is not None and me.get("host") is not None else None
            return [h] if h is not None else []
        (how, sel), = rec.items()
        if how == "each":
            return self.candidates("each", sel, ctx, None)
        if slot in chosen:
            e = self.find(chosen[slot])
            if e is None:
                return []   # storyline 7.6.2: gone
            if how == "target":   # storyline 7.6.2: still a legal target (11.3), or left alone
                op = ctx["ops"][i]
                if e not in self.candidates(how, sel, ctx, self.op_power(op, ctx)):
                    return []
            return [e]
        if sel.get("controller") == "random-player" and "rp" not in ctx:
            if self._pick_player(ctx, i, chosen):
                return None
        op = ctx["ops"][i]
        opts = self.candidates(how, sel, ctx, self.op_power(op, ctx) if op["op"] == "deal-damage" or how == "target"
                               else None)
        if not opts:
            return []   # storyline 1.6.4, 7.9.1: nothing to choose, nothing done
        if len(opts) == 1:
            return opts   # storyline 1.6.2
        if op["op"] == "remove-counters" and not self.asks_always() and not any(
                self.counters_of(e, op["type"]) for e in opts):
            # ruling S44: whichever card is chosen, nothing is removed: nothing is chosen
            self.say(f"{ctx.get('label') or 'An ability'}: no card it may choose has a {COUNTER_NAMES.get(op['type'], op['type'])} counter "
                     "to remove; nothing is chosen.", self.rule("S44"))
            return []
        data: Choice = {"ctx": ctx, "i": i, "slot": slot, "chosen": chosen, "opts": [e["uid"] for e in opts]}
        if how == "random" or ctx["ctrl"] == OPPONENT or not self.is_player(ctx["ctrl"]):
            self._chance("pick", **data)   # storyline 1.6.3, 7.8.3, 22.2.6
        else:
            self._ask(ctx["ctrl"], "choose", [f"choose {u}" for u in data["opts"]], **data)   # storyline 7.8.2
        return None

    def _pick_player(self, ctx: Context, i: int, chosen: Chosen) -> bool:
        players = list(range(self.sgame.n_players))
        if len(players) == 1:
            ctx["rp"] = players[0]
            return False
        self._chance("player", ctx=ctx, i=i, chosen=chosen, opts=players)
        return True

    def _legal_choose(self, node: Node) -> list[str]:
        return [f"choose {u}" for u in node[3]["opts"]]

    def _do_choose(self, node: Node, text: str) -> None:
        self._answer(node[3], int(text.split()[1]))

    def _on_pick(self, node: Node, value: str, chooser: str | None = None) -> None:
        """A choice made at random (a chance outcome) or, with ``chooser``, by the seat that
        makes the opponent's choices (storyline 22.2.7): said in the log as it happens."""
        d: Choice = node[3]
        e = self.find(int(value))
        what = self.name(e) if e is not None else f"#{value}"
        label = d["ctx"].get("label") or "An ability"
        if chooser:
            self.say(f"{label}: {chooser} chooses {what}.", self.rule("22.2.7"))
        else:
            self.say(f"{label}: {what} is chosen at random.", self.rule("1.6.3"))
        self._answer(d, int(value))

    def _answer(self, d: Choice, uid: int) -> None:
        chosen = dict(d["chosen"])
        chosen[d["slot"]] = uid
        kind = d.get("step", "op")
        if kind == "op":
            self._push(["op", d["ctx"], d["i"], chosen])
        else:
            self._push([kind, d["ctx"], d["i"], d["uid"], chosen])

    def _on_player(self, node: Node, value: str) -> None:
        d = node[3]
        ctx = dict(d["ctx"])
        ctx["rp"] = int(value)
        self.say(f"Seat {value} is the player chosen at random.", self.rule("1.6.3"))
        self._push(["op", ctx, d["i"], d["chosen"]])

    def players_named(self, who: str, ctx: Context) -> list[int] | None:
        """docs/storyline-card-format.md, Players: the seats ``who`` names (None: a chance
        node was opened for ``random-player``)."""
        c = ctx["ctrl"]
        if who == "you":
            return [c] if self.is_player(c) else []   # the opponent has no Treasury (22.2.2)
        if who == "paired-player":
            p = self.paired_player()
            return [] if p is None else [p]
        if who == "each-player":
            return self.turn_order(self.active if self.is_player(self.active) else 0)
        if who == "each-opponent":
            return [p for p in self.turn_order(self.active if self.is_player(self.active) else 0)
                    if self.sides_differ(p, c)]
        return [ctx["rp"]] if "rp" in ctx else None

    # ===================== resolving ======================================================
    def _step_ability(self, ctx: Context) -> None:
        if self.winners is not None:
            return
        if ctx.get("may"):
            # storyline 7.8.1, 19.4.4: "may" is a decision of the ability's controller, made as
            # it resolves; for the opponent a chance node of its own (22.2.6), or the seated
            # person's decision (22.2.7)
            data = {"ctx": ctx, "opts": ["yes", "no"]}
            if self.is_player(ctx["ctrl"]):
                self._ask(ctx["ctrl"], "may", ["may yes", "may no"], **data)
            else:
                self._chance("may", **data)
            return
        self.say(self.resolves_words(ctx), self.rule("7.3.3" if ctx.get("trig") else "7.1.1"))
        self._push(*[["op", ctx, i, {}] for i in range(len(ctx["ops"]))])

    def resolves_words(self, ctx: Context) -> str:
        """Which card's ability resolves, for the log: ``The ability of The Grinding Front
        (#2) resolves.``, ``The Chapter 2 completion of The Long Con (#5) resolves.``, or an
        Event's text: ``Artillery Barrage resolves.``"""
        label = ctx["label"]
        if ctx["src"] is None:
            return f"{label} resolves."
        name, sep, part = label.rpartition(", ")
        if sep and part.startswith("Chapter ") and part.endswith(" completion"):
            return f"The {part} of {name} resolves."
        return f"The ability of {label} resolves."

    def _legal_may(self, node: Node) -> list[str]:
        return [f"may {x}" for x in node[3]["opts"]]

    def _do_may(self, node: Node, text: str) -> None:
        self._on_may(node, text.split()[1])

    def _on_may(self, node: Node, value: str) -> None:
        ctx = dict(node[3]["ctx"])
        del ctx["may"]
        who = self.pname(ctx["ctrl"])
        if value == "yes":
            self.say(f"{ctx['label']}: {who} does what it may do.", self.rule("7.8.1"))
            self._push(["ability", ctx])
        else:
            self.say(f"{ctx['label']}: {who} does not do what it may do.", self.rule("7.8.1"))

    def _step_op(self, ctx: Context, i: int, chosen: Chosen) -> None:
        if self.winners is not None:
            return
        op = ctx["ops"][i]
        name = op["op"]
        if "who" in op:
            seats = self.players_named(op["who"], ctx)
            if seats is None:
                self._pick_player(ctx, i, chosen)
                return
        # seats: the players ``who`` names, for the operations that have it (cards.OPS: the
        # Treasury and hand operations), else None
        getattr(self, "_op_" + name.replace("-", "_"))(ctx, i, op, chosen, seats if "who" in op else None)

    def _op_deal_damage(self, ctx: Context, i: int, op: Op, chosen: Chosen, seats: list[int] | None) -> None:
        got = self.recipients(ctx, i, "to", op["to"], chosen)
        if got is None:
            return
        # storyline 12.4.2, 11.2.6: one event; Low Power skips Shielded cards, aimed or not
        self.deal_damage(ctx["ctrl"], op["amount"], op["power"], got)

    def _op_destroy(self, ctx: Context, i: int, op: Op, chosen: Chosen, seats: list[int] | None) -> None:
        got = self.recipients(ctx, i, "to", op["to"], chosen)
        if got is None:
            return
        self.destroy_cards([e for e in got if e in self.map], ctx["ctrl"])

    def _op_gain_treasury(self, ctx: Context, i: int, op: Op, chosen: Chosen, seats: list[int]) -> None:
        for p in seats:   # storyline 20.6.1, 20.6.3
            self.players[p]["treasury"] += op["amount"]
            self.say(f"{self.pname(p)} gains {op['amount']} Treasury.", self.rule("20.6.1"))

    def _op_lose_treasury(self, ctx: Context, i: int, op: Op, chosen: Chosen, seats: list[int]) -> None:
        for p in seats:   # storyline 1.5.2, 7.9.1, 20.6.2
            pl = self.players[p]
            lost = min(pl["treasury"], op["amount"])
            pl["treasury"] -= lost
            if lost:
                self.say(f"{self.pname(p)} loses {lost} Treasury.", self.rule("20.6.1"))
            else:   # an empty Treasury loses nothing (7.9.1: an effect does what it can)
                self.say(f"{self.pname(p)} has no Treasury to lose.", self.rule("20.6.1"))

    def _op_draw(self, ctx: Context, i: int, op: Op, chosen: Chosen, seats: list[int]) -> None:
        self._push(*[["draw", p, "20.1.1"] for p in seats for _ in range(op["n"])])

    def _op_discard(self, ctx: Context, i: int, op: Op, chosen: Chosen, seats: list[int]) -> None:
        self._push(*[["effect-discard", p, bool(op.get("random"))] for p in seats for _ in range(op["n"])])

    def _step_effect_discard(self, p: int, at_random: bool) -> None:
        hand = self.players[p]["hand"]
        if not hand:
            return
        opts = sorted(set(hand))
        if len(opts) == 1:
            self._effect_discard(p, opts[0])
        elif at_random:
            self._chance("discard-random", seat=p)   # storyline 20.4.1
        else:
            self._ask(p, "discard-effect", [f"discard {c}" for c in opts])

    def _legal_discard_effect(self, node: Node) -> list[str]:
        return [f"discard {c}" for c in sorted(set(self.players[node[1]]["hand"]))]

    def _do_discard_effect(self, node: Node, text: str) -> None:
        self._effect_discard(node[1], text.split()[1])

    def _on_discard_random(self, node: Node, cid: str) -> None:
        self._effect_discard(node[3]["seat"], cid)

    def _effect_discard(self, p: int, cid: str) -> None:
        self.players[p]["hand"].remove(cid)
        self.players[p]["discard"].append(cid)
        self.say(f"{self.pname(p)} discards {self.card(cid)['faces']['front']['name']}.", self.rule("20.4.1"))

    def _op_add_counters(self, ctx: Context, i: int, op: Op, chosen: Chosen, seats: list[int] | None) -> None:
        got = self.recipients(ctx, i, "on", op["on"], chosen)
        if got is None:
            return
        for e in got:
            if self.ftype(e) == "epilogue":
                continue   # storyline 3.10.2, 9.2.1
            self.add_counters(e, op["type"], op["n"])
            self.say(f"{self.name(e)} takes {counters(op['n'], op['type'])}.", self.rule("9.3.1"))

    def _op_remove_counters(self, ctx: Context, i: int, op: Op, chosen: Chosen, seats: list[int] | None) -> None:
        got = self.recipients(ctx, i, "on", op["on"], chosen)
        if got is None:
            return
        for e in got:
            k = op["type"]
            if k == "damage":
                n = min(e["damage"], op["n"])
                if not n:
                    continue
                e["damage"] -= n
                if e["damage"] < 2 * self.durability(e):
                    e["destroyer"] = None
            else:
                n = min(e["counters"].get(k, 0), op["n"])   # storyline 9.3.1
                if not n:
                    continue
                e["counters"][k] -= n
                if not e["counters"][k]:
                    del e["counters"][k]
            self.say(f"{counters(n, k)} {'is' if n == 1 else 'are'} removed from {self.name(e)}.", self.rule("9.3.1"))

    def counters_of(self, e: Entry, kind: str) -> int:
        """The counters of ``kind`` on card ``e`` (damage counters are its ``damage``)."""
        n: int = e["damage"] if kind == "damage" else e["counters"].get(kind, 0)
        return n

    def _op_create_drone(self, ctx: Context, i: int, op: Op, chosen: Chosen, seats: list[int] | None) -> None:
        f = self.card(op["drone"])["faces"]["front"]
        where = op["where"]
        place = None
        if isinstance(where, dict) or where == "this":
            if where == "this":
                holder = self.find(ctx["src"]) if ctx["src"] is not None else None
            else:
                got = self.recipients(ctx, i, "where", where, chosen)
                if got is None:
                    return
                holder = got[0] if got else None
            if holder is not None and self._can_hold(holder, f):
                place = holder["uid"]
            else:
                where = "default"
        elif (where == "open" and f["type"] not in ("character", "ground-unit")) or \
                (where == "orbit" and not (f["type"] == "spacecraft" and f["class"] == "non-capital")):
            where = "default"
        if where == "default" and f["type"] in ("character", "ground-unit") and self.is_player(ctx["ctrl"]):
            # Decision of the format: a place that cannot hold the Drone: it enters as 6.3
            # says, on a Location its controller controls, chosen by that player.
            locs = {"controller": "you", "type": ["location"]}
            got = self.recipients(ctx, i, "default", {"choice": locs}, chosen)
            if got is None:
                return
            place = got[0]["uid"] if got else None
        for _ in range(op["n"]):   # storyline 14.10.1-14.10.3: spent, a token
            e = self.enter(op["drone"], ctx["owner"], ctx["ctrl"], place=place, token=True, crisis=ctx["crisis"])
            self.say(f"{self.name(e)} is created{self._where_text(e)}.", self.rule("14.10.3"))
            self.arrive(e)
            self.fire("enters", [e])

    def _can_hold(self, holder: Entry, f: Face) -> bool:
        t: str = f["type"]
        if self.ftype(holder) == "location":
            return t in ("character", "ground-unit")
        if self.is_capital(holder):
            return t == "character" or (t == "spacecraft" and f["class"] == "non-capital")
        return False

    def _where_text(self, e: Entry) -> str:
        h = self.find(e["place"]) if e.get("place") is not None else None
        if h is not None:
            return f" {'aboard' if self.is_capital(h) else 'on'} {self.name(h)}"
        where: dict[int | None, str] = {1: " in the open", 2: " in Orbit", 3: " in Deep Space"}
        return where.get(self.band(e), "")

    def _op_attach_device(self, ctx: Context, i: int, op: Op, chosen: Chosen, seats: list[int] | None) -> None:
        f = self.card(op["device"])["faces"]["front"]
        rec = op["to"]
        got = self.recipients(ctx, i, "to", rec, chosen)
        if got is None:
            return
        got = [h for h in got if self.is_permanent(h) and self.ftype(h) in f["attach"]["types"]]
        if not got:
            return   # storyline 1.6.4: no legal host, nothing happens
        h = got[0]
        # storyline 14.9.2, 17.4.1: its controller is its host's controller
        e = self.enter(op["device"], ctx["owner"], h["controller"], host=h["uid"], token=True, crisis=ctx["crisis"])
        self.say(f"{self.name(e)} is attached to {self.name(h)}.", self.rule("14.9.5"))
        self.fire("enters", [e])

    def _op_modify(self, ctx: Context, i: int, op: Op, chosen: Chosen, seats: list[int] | None) -> None:
        got = self.recipients(ctx, i, "to", op["to"], chosen)
        if got is None:
            return
        for e in got:   # storyline 2.14.2: "this turn", ended by the cleanup step
            self.temps.append([e["uid"], op["characteristic"], op["by"]])
            self.say(f"{self.name(e)} has {op['by']:+d} {op['characteristic'].capitalize()} this turn.", self.rule("2.14.2"))

    def _op_flip_back(self, ctx: Context, i: int, op: Op, chosen: Chosen, seats: list[int] | None) -> None:
        e = self.find(ctx["src"]) if ctx["src"] is not None else None
        if e is None or e["face"] != "back":
            return
        self.flip_back(e)

    def _op_attack(self, ctx: Context, i: int, op: Op, chosen: Chosen, seats: list[int] | None) -> None:
        got: list[Entry] | None
        if op["by"] == "this":
            me = self.find(ctx["src"]) if ctx["src"] is not None else None
            got = [me] if me is not None else []
        else:
            got = self.recipients(ctx, i, "by", op["by"], chosen)
            if got is None:
                return   # a node was opened: the operation runs again with the answer
        self._push(*[["attack-one", ctx, i, e["uid"], {}] for e in got])

    def _step_attack_one(self, ctx: Context, i: int, uid: int, chosen: Chosen) -> None:
        """docs/storyline-card-format.md, attack: an instructed attack follows §12."""
        a = self.find(uid)
        if a is None or self.winners is not None or not self.can_attack(a):
            return
        to = ctx["ops"][i].get("to")
        opts = [t for t in self.attack_targets(a) if to is None or self.matches(to, t, ctx)]
        if "target" in chosen:
            t = self.find(chosen["target"])
        elif not opts:
            return   # storyline 12.1.4: it cannot attack, nothing happens
        elif len(opts) == 1:
            t = opts[0]
        else:
            data: Choice = {"ctx": ctx, "i": i, "slot": "target", "chosen": chosen, "opts": [t["uid"] for t in opts],
                            "step": "attack-one", "uid": uid}
            if a["controller"] == OPPONENT:
                self._chance("pick", **data)   # storyline 12.1.4, ruling S22
            else:
                self._ask(a["controller"], "choose", [f"choose {u}" for u in data["opts"]], **data)
            return
        if t is None:
            return
        self.attack(a, t)
        self._push(["state-check"], ["resolve-pending"])   # storyline 19.2.1

    def _op_move(self, ctx: Context, i: int, op: Op, chosen: Chosen, seats: list[int] | None) -> None:
        got: list[Entry] | None
        if op["unit"] == "this":
            me = self.find(ctx["src"]) if ctx["src"] is not None else None
            got = [me] if me is not None else []
        else:
            got = self.recipients(ctx, i, "unit", op["unit"], chosen)
            if got is None:
                return   # a node was opened: the operation runs again with the answer
        self._push(*[["move-one", ctx, i, e["uid"], {}] for e in got])

    def _step_move_one(self, ctx: Context, i: int, uid: int, chosen: Chosen) -> None:
        u = self.find(uid)
        if u is None or self.winners is not None or not (self.is_unit(u) and u["ready"] and not self.fallen(u)):
            return
        got = self.recipients(ctx, i, "dest", ctx["ops"][i]["to"], chosen)
        if got is None:
            # re-route the answer to this step
            assert self.node is not None   # the node recipients opened
            self.node[3].update(step="move-one", uid=uid, slot="dest")
            return
        if not got:
            return
        dest = got[0]
        legal = {int(m.split()[1]) for m in self.moves(u) if m.startswith("to ")}
        if dest["uid"] not in legal:
            return   # decision of the format: an impossible move does nothing, the unit stays ready
        u["ready"] = False
        u["place"] = dest["uid"]
        self.say(f"{self.name(u)} {'boards' if self.is_capital(dest) else 'moves onto'} {self.name(dest)}.",
                 self.rule("14.5.1" if self.is_capital(dest) else "14.4.1"))

    # ===================== triggers and the pending list (storyline 19.4) ===================
    def fire(self, event: str, cards: list[Entry], lki: dict[int, Entry] | None = None) -> None:
        """The abilities of ``cards`` that trigger on ``event`` (about "this") form one
        batch. ``lki``: uid -> the entry as it last was on the Map (7.3.4)."""
        items = []
        for e in cards:
            for idx, a in self.abilities_of(e):
                if a["kind"] == "triggered" and a["when"] == event:
                    items.append((e, idx, a))
        self._batch(items)

    def _batch(self, items: list[Trigger]) -> None:
        if not items:
            return
        order = self.turn_order(self.active if self.is_player(self.active) else 0)

        def key(item: Trigger) -> tuple[int, int, int]:
            e, idx, _ = item
            c = e["controller"]
            return (order.index(c) if self.is_player(c) else len(order), e["uid"], idx)

        batch = []
        for e, idx, a in sorted(items, key=key):   # storyline 19.4.2, ruling S17
            ctx = self.context(e, a, a["effect"])
            ctx["trig"] = True
            batch.append(ctx)
        self.pending.append(batch)   # storyline 19.4.1, 19.4.3: after every waiting batch

    def _step_ability_step(self, phase: str) -> None:
        """storyline 7.3.2, 10.8.1: the phase abilities of every card trigger as one batch."""
        items = []
        for e in self.map:
            if not self.printed(e).phase_triggers:
                continue
            for idx, a in self.abilities_of(e):
                w = a.get("when") if a["kind"] == "triggered" else None
                if not isinstance(w, dict) or w["phase"] != phase:
                    continue
                if self._whose_now(w["whose"], e["controller"]):
                    items.append((e, idx, a))
        self._batch(items)
        self._push(["resolve-pending"])

    def _whose_now(self, whose: str, ctrl: int | None) -> bool:
        if whose == "each":
            return True
        if whose == "your":
            return ctrl == self.active
        # each-opponent, decision of the format: in the competitive game, that phase of each
        # turn of the controller's opponents
        return self.sides_differ(ctrl, self.active)

    def _step_resolve_pending(self) -> None:
        if self.winners is not None:
            return
        while self.pending and not self.pending[0]:
            self.pending.pop(0)
        if not self.pending:
            return
        ctx = self.pending[0].pop(0)
        self.chain += 1
        if self.chain > 1000:   # storyline 19.6.1, ruling S9
            self.finish([], "loop", "19.6.1")
            return
        self._push(["ability", ctx], ["state-check"], ["resolve-pending"])

    # ===================== activated abilities and bargains (storyline 7.4, 7.5) ============
    def activations(self, p: int) -> list[str]:
        """``use <uid>`` (``use <uid>:<k>`` for a card's k-th activated ability, k > 0) and
        ``bargain <uid>`` (``bargain <uid>:<k>``) that seat ``p`` may take now."""
        out = []
        tr = self.players[p]["treasury"]
        for e in self.map:
            if not self.printed(e).activates or self.fallen(e):
                continue   # storyline 7.11.1
            acts = [a for _, a in self.abilities_of(e) if a["kind"] in ("activated", "bargain")]
            k_act = k_bar = 0
            for a in acts:
                if a["kind"] == "activated":
                    k, k_act = k_act, k_act + 1
                    if e["controller"] != p:
                        continue
                    key = f"{e['uid']}:{k}"
                    verb = "use"
                else:
                    k, k_bar = k_bar, k_bar + 1
                    if not self.is_crisis(e):
                        continue
                    key = f"{p}:{e['uid']}:b{k}"   # storyline 7.5.2, ruling S6: per player
                    verb = "bargain"
                cost = a["cost"]
                if self.used.get(key, 0) >= a["limit"] or cost["treasury"] > tr:   # storyline 7.4.3, 7.9.2
                    continue
                if cost["spend"] and not e["ready"]:
                    continue   # storyline 7.4.2
                if not self._targets_exist(self.context(e, a, a["effect"])):
                    continue
                out.append(f"{verb} {e['uid']}" + (f":{k}" if k else ""))
        return out

    def _targets_exist(self, ctx: Context) -> bool:
        """Proposed ruling (as storyline 6.6.2 for Events): an activated ability or an Event
        whose text says "target" is offered only when each target has a legal choice."""
        for op in ctx["ops"]:
            for key in ("to", "on", "unit"):
                rec = op.get(key)
                if isinstance(rec, dict) and "target" in rec:
                    power = self.op_power(op, ctx)
                    if not self.candidates("target", rec["target"], ctx, power):
                        return False
        return True

    def activate(self, p: int, text: str) -> None:
        verb, ref = text.split()
        uid, _, which = ref.partition(":")
        e = self.find(int(uid))
        assert e is not None   # a legal action names a card on the Map (activations)
        k = int(which or 0)
        kind = "activated" if verb == "use" else "bargain"
        a = [a for _, a in self.abilities_of(e) if a["kind"] == kind][k]
        key = f"{e['uid']}:{k}" if kind == "activated" else f"{p}:{e['uid']}:b{k}"
        self.used[key] = self.used.get(key, 0) + 1
        cost = a["cost"]
        self.players[p]["treasury"] -= cost["treasury"]
        if cost["spend"]:
            e["ready"] = False
        paid = ", ".join(x for x in (f"{cost['treasury']} Treasury" if cost["treasury"] else "",
                                    "spending it" if cost["spend"] else "") if x) or "nothing"
        self.say(f"{self.pname(p)} {'bargains with' if kind == 'bargain' else 'uses'} {self.name(e)}, paying {paid}.",
                 self.rule("7.5.1" if kind == "bargain" else "7.4.1"))
        ctx = self.context(e, a, a["effect"])
        if kind == "bargain":
            ctx["ctrl"] = p   # storyline 7.5.1: the player using it pays and resolves it
        self._push(["ability", ctx])
