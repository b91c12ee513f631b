"""Storyline rules as a step machine (tokyo.core.machine.StepState), competitive mode.

Plain JSON-safe data only. Per seat (``players``): ``deck_id``, ``treasury``, ``hand``
(card ids), ``deck`` (unseen card id -> copies: a multiset, no order; every draw is a
chance node over it, storyline 1.7.2), ``discard``, ``homeworld`` (card id), ``story``
(Story Points) and ``empty_draw`` (the §16.4 mark, ruling S14). The Map (``map``) is a
list of entries in timestamp order; an entry's ``uid`` is its timestamp (storyline 4.13:
a card that leaves and returns is a new object with a new uid). An entry: ``uid``,
``card``, ``face`` (``front``/``back``), ``owner``, ``controller``, ``damage``, ``ready``,
``counters`` ({type: n}, only types present), ``place`` (uid of the Location or Capital
Spacecraft a unit is on or aboard, else None), ``host`` (a Device's host uid), ``chapter``
(a Storyline face's current Chapter), ``band`` (an Epilogue's Band, §4.6.4) and
``destroyer`` (the seat credited if the card is destroyed now, §12.7; None: nobody).

Abilities (static, triggered, activated, bargains; every operation and selector of
docs/storyline-card-format.md) are interpreted by abilities.AbilityMixin; the extra fields
are ``pending`` (batches of triggered abilities, 19.4), ``temps`` ("this turn" changes),
``used`` (activated abilities and bargains used this turn), ``chain`` (19.6.1) and
``limbo`` (Events resolving). The Crisis Format (§22) is crisis.CrisisState, a subclass. Engine decisions the rules leave open are marked "Proposed ruling" below.
"""

from __future__ import annotations

import json
import random
import sys
from typing import TYPE_CHECKING, Any, ClassVar, Sequence, TypedDict

from ...core.machine import Node, Step, StepState
from ...core.state import turn_order_labels
from .abilities import AbilityMixin, Context
from .cards import Card, Entry, Face, PrintedFace
from .rulebook import cite
from .words import LOSE_CONDITIONS, TYPE_NAMES, deck_name

if TYPE_CHECKING:
    from .game import StorylineGame


START_TREASURY = 3      # storyline 5.4.1, S15
OPENING_HAND = 6        # storyline 5.7.1
# storyline 5.6.2, ruling S47 (catch_up=treasury): by number of players, the Treasury gained by
# the second, third and fourth player in turn order
CATCH_UP_TREASURY: dict[int, tuple[int, ...]] = {2: (5,), 3: (3, 6), 4: (2, 4, 6)}
HAND_LIMIT = 7          # storyline 20.3.1
BASE_INCOME = 2         # storyline 10.3.2
WRECKAGE = 5            # storyline 16.5.1
BAND_NAMES = {1: "Surface", 2: "Orbit", 3: "Deep Space"}


class TreasuryAfter(TypedDict):
    """What :meth:`StorylineState.treasury_after` tells."""
    treasury: int
    lose_check: bool


class Player(TypedDict):
    """One seat's entry of ``players`` (see the module docstring)."""
    deck_id: str | None        # None until chosen
    treasury: int
    hand: list[str]            # card ids
    deck: dict[str, int]       # unseen card id -> copies
    discard: list[str]
    homeworld: str | None      # card id; None until the Homeworlds are put onto the Map
    story: int
    empty_draw: bool


def _deep(obj: Any) -> Any:
    """A copy of JSON-like data (lists and dicts copied all the way down)."""
    if isinstance(obj, list):
        return [_deep(x) for x in obj]
    if isinstance(obj, dict):
        return {k: _deep(v) for k, v in obj.items()}
    return obj


class StorylineState(AbilityMixin, StepState):
    """A Storyline position (see the module docstring for the fields)."""

    _FIELDS: ClassVar[tuple[str, ...]] = (
        "players", "map", "next_uid", "active", "first", "phase", "turn_count", "act", "stack", "node",
        "winners", "win_by", "played", "pending", "temps", "used", "chain", "limbo")

    def __init__(self, game: StorylineGame) -> None:
        super().__init__(game)
        # the game as a StorylineGame (``game`` is the kernel's Game; a compiled subclass
        # may not narrow the type of an attribute it inherits)
        self.sgame: StorylineGame = game
        n = game.n_players
        self.players: list[Player] = [{"deck_id": None, "treasury": 0, "hand": [], "deck": {}, "discard": [],
                                     "homeworld": None, "story": 0, "empty_draw": False} for _ in range(n)]
        self.map: list[Entry] = []
        self.next_uid = 1
        self.active = 0
        self.first: int | None = None
        self.phase = "setup"
        self.turn_count = 0
        self.act = 1
        self.stack: list[Step] = []
        self.node: Node | None = None
        self.winners: list[int] | None = None
        self.win_by = ""
        self.played: list[list[str]] = [[] for _ in range(n)]
        self.pending: list[list[Context]] = []   # batches of triggered abilities (storyline 19.4)
        self.temps: list[list[Any]] = []           # "this turn" changes: [uid, characteristic, by] (2.14.2)
        self.used: dict[str, int] = {}        # activated abilities and bargains used this turn (7.4.3, 7.5.2)
        self.chain = 0                        # abilities resolved since the last decision (19.6.1)
        self.limbo: list[list[Any]] = []           # Events resolving: [seat, card id] (6.6.1)

    def start(self) -> None:
        n = self.sgame.n_players
        self._push(*[["choose-deck", p] for p in range(n)], ["homeworlds"], ["first-player"])
        self._run()

    # ----- citations ---------------------------------------------------------------------
    def rule(self, key: str) -> str:
        """``storyline 11.2.3 Range and Power / Reach: Range and Power`` (or a ruling)."""
        return cite(key)

    def pname(self, seat: int) -> str:
        return f"Seat {seat}"

    # ----- card facts ----------------------------------------------------------------------
    def card(self, cid: str) -> Card:
        return self.sgame.cards["cards"][cid]

    def printed(self, e: Entry) -> PrintedFace:
        """The face ``e`` shows, as the typed record the rules read (cards.PrintedFace)."""
        which: str = e["face"]
        return self.sgame.fronts[e["card"]] if which == "front" else self.sgame.backs[e["card"]]

    def face(self, e: Entry) -> Face:
        """The face ``e`` shows, as the card data has it (its text, Chapters...)."""
        return self.printed(e).data

    def name(self, e: Entry) -> str:
        return f"{self.printed(e).name} (#{e['uid']})"

    def ftype(self, e: Entry) -> str:
        return self.printed(e).type

    def find(self, uid: int | None) -> Entry | None:
        for e in self.map:
            if e["uid"] == uid:
                return e
        return None

    def entry(self, uid: int | None) -> Entry:
        """The card numbered ``uid`` on the Map, which must be there (a legal action's, a
        step's); KeyError if it is not."""
        e = self.find(uid)
        if e is None:
            raise KeyError(f"no card #{uid} on the Map")
        return e

    def card_at(self, number: int) -> str | None:
        """The catalogue id of the face the card numbered ``number`` (#5) shows on the Map
        (``tokyo play``'s ``card #5``): ``"<card id>"`` or ``"<card id>:back"``; None if
        no card on the Map has that number. Everything on the Map is public."""
        e = self.find(number)
        if e is None:
            return None
        return e["card"] if e["face"] == "front" else f"{e['card']}:{e['face']}"

    def is_permanent(self, e: Entry) -> bool:
        """storyline 3.1.1, ruling S20: a Storyline face or an Epilogue is not one."""
        return self.printed(e).permanent

    def is_unit(self, e: Entry) -> bool:
        return self.printed(e).unit

    def is_capital(self, e: Entry) -> bool:
        return self.printed(e).capital

    def is_storyline_face(self, e: Entry) -> bool:
        return self.printed(e).type == "storyline"

    def is_crisis(self, e: Entry) -> bool:
        """storyline 18.9.1: a card of the Crisis set, or a token a Crisis card created."""
        return bool(e.get("crisis")) or self.printed(e).crisis_set

    def band(self, e: Entry) -> int | None:
        """storyline 4.6-4.10 and 11.1.1: the Band of a card on the Map (None: no Band)."""
        f = self.printed(e)
        t = f.type
        if t in ("character", "ground-unit", "location"):
            if t == "character" and e["place"] is not None:
                holder = self.find(e["place"])
                if holder is not None and self.is_capital(holder):
                    return 3  # storyline 4.9.1: aboard, in Deep Space
            return 1
        if t == "spacecraft":
            if f.capital or e["place"] is not None:
                return 3
            return 2
        if t == "device":
            host = self.find(e["host"])
            return self.band(host) if host is not None else None
        if t == "storyline":
            return f.band  # a Crisis Storyline face prints none (storyline 4.7.1)
        if t == "epilogue":
            return e.get("band")
        return None

    def _band_of(self, e: Entry) -> int:
        """The Band of a card that has one (a unit, a Location, a Storyline face printing one)."""
        b = self.band(e)
        if b is None:
            raise ValueError(f"{self.name(e)} has no Band")
        return b

    def shielded(self, e: Entry) -> bool:
        """storyline 3.12: Locations and Capital Spacecraft; a Storyline face prints it."""
        f = self.printed(e)
        if f.type == "storyline":
            return f.shield == "shielded"
        return f.type == "location" or f.capital

    # storyline 2.14.1, 7.2.1: the printed number plus the static and "this turn" changes,
    # within the limits of 1.5 (applied to the result: no shipped change is ever clipped
    # halfway, so the order of 2.14.1 cannot matter yet)
    def durability(self, e: Entry) -> int:
        return max(1, self.printed(e).durability + self._static_mod(e, "durability"))  # storyline 1.5.3

    def strike(self, e: Entry) -> int:
        return max(0, self.printed(e).strike + self._static_mod(e, "strike"))

    def range_of(self, e: Entry) -> int:
        return min(2, max(0, self.printed(e).range + self._static_mod(e, "range")))  # storyline 1.5.2, 1.5.4

    def income(self, e: Entry) -> int:
        return max(0, self.printed(e).income + self._static_mod(e, "income"))

    def cost(self, e: Entry) -> int:
        return max(0, self.printed(e).cost + self._static_mod(e, "cost"))

    def broken(self, e: Entry) -> bool:
        """storyline 12.5.3: Fallen or Contested while damage >= Durability."""
        damage: int = e["damage"]   # (Durability is at least 1: an undamaged card is not broken)
        return damage > 0 and self.is_permanent(e) and self.ftype(e) != "device" and damage >= self.durability(e)

    def fallen(self, e: Entry) -> bool:
        return self.ftype(e) == "character" and self.broken(e)       # storyline 12.5.1

    def contested(self, e: Entry) -> bool:
        return self.ftype(e) != "character" and self.broken(e)       # storyline 12.5.2

    def can_take_damage(self, e: Entry) -> bool:
        """storyline 3.6.2, 3.10.2, 12.4.3: Devices and Epilogues take none."""
        return self.ftype(e) not in ("device", "epilogue", "event")

    def reaches(self, src_band: int | None, src_range: int, power: str, target: Entry,
                aimed: bool = True) -> bool:
        """storyline 11.2: range (when aimed, and only between cards with a Band,
        11.2.5, 11.2.8) and Power (always: Low reaches only Unshielded cards, 11.2.3, 11.2.6)."""
        if power == "low" and self.shielded(target):
            return False
        if not aimed:
            return True
        tb = self.band(target)
        if src_band is None or tb is None:
            return True
        return abs(src_band - tb) <= src_range

    def opponents(self, seat: int) -> list[int]:
        """storyline 1.4.1: in the competitive game every other player."""
        return [p for p in range(self.sgame.n_players) if p != seat]

    def turn_order(self, start: int) -> list[int]:
        n = self.sgame.n_players
        return [(start + k) % n for k in range(n)]

    # ===================== Setup (storyline 5) ===========================================
    def _step_choose_deck(self, seat: int) -> None:
        chosen = self.sgame.seat_decks
        if chosen:
            self.players[seat]["deck_id"] = chosen[seat]
            self.say(f"{self.pname(seat)} plays the {deck_name(self.sgame.cards, chosen[seat])} deck (option decks).",
                 self.rule("1.8.5"))
            return
        self._chance("deck", seat=seat)

    def _free_decks(self) -> list[str]:
        used = {p["deck_id"] for p in self.players}
        return [d for d in self.sgame.cards["decks"] if d not in used]  # storyline 5.1.3

    def _on_deck(self, node: Node, deck_id: str) -> None:
        seat = node[3]["seat"]
        self.players[seat]["deck_id"] = deck_id
        self.say(f"{self.pname(seat)} plays the {deck_name(self.sgame.cards, deck_id)} deck, chosen at random.",
                 self.rule("1.8.5"))

    def _step_homeworlds(self) -> None:
        for p, pl in enumerate(self.players):
            deck_id = pl["deck_id"]
            assert deck_id is not None, "every deck is chosen before the Homeworlds"
            deck = self.sgame.cards["decks"][deck_id]
            pl["deck"] = dict(sorted(deck["cards"].items()))
            pl["homeworld"] = deck["homeworld"]
            self.enter(deck["homeworld"], p, p, ready=True)  # storyline 5.3.1 (no counters)
            self.say(f"{self.pname(p)} puts their Homeworld {self.card(deck['homeworld'])['faces']['front']['name']} "
                     "onto the Map, in Surface.", self.rule("5.3.1"))
        for p, pl in enumerate(self.players):
            pl["treasury"] = START_TREASURY
        self.say(f"Every Treasury starts at {START_TREASURY}.", self.rule("5.4.1"))
        # storyline 5.5.1: a deck is a multiset and every draw a chance node over it, which
        # is a shuffle followed by draws from the top (Proposed ruling: the shuffle is not a
        # node of its own; nothing observable depends on an order before it is drawn).
        self.say("Every deck is shuffled.", self.rule("5.5.1"))

    def _step_first_player(self) -> None:
        fp = self.game.options["first_player"]
        if fp != "random":
            self._set_first(int(fp), "option first_player")
            return
        self._chance("first")

    def _on_first(self, node: Node, seat: str) -> None:
        self._set_first(int(seat), "at random")

    def _set_first(self, seat: int, how: str) -> None:
        self.first = self.active = seat
        self.say(f"{self.pname(seat)} takes the first turn ({how}).", self.rule("5.6.1"))
        order = self.turn_order(seat)
        catch_up = self.game.options.get("catch_up", "none")
        if catch_up == "treasury":   # storyline 5.6.2
            gains = CATCH_UP_TREASURY.get(len(order), ())   # 1 player (Crisis Format): none
            for place, p in enumerate(order):
                if place:
                    self.players[p]["treasury"] += gains[place - 1]
                    self.say(f"{self.pname(p)} plays in place {place + 1} of the turn order and gains "
                             f"{gains[place - 1]} Treasury.",
                             self.rule("5.6.2"))
        steps = [["draw", p, "5.7.1"] for p in order for _ in range(OPENING_HAND)]
        steps += [["mulligan", p] for p in order]
        if catch_up == "card":   # storyline 5.6.2: after the mulligans
            steps += [["draw", p, "5.6.2"] for place, p in enumerate(order) for _ in range(place)]
        steps.append(["turn-start", seat])
        self._push(*steps)

    def _step_mulligan(self, seat: int) -> None:
        self._ask(seat, "mulligan", ["keep", "mulligan"])

    def _legal_mulligan(self, node: Node) -> list[str]:
        return ["keep", "mulligan"]

    def _do_mulligan(self, node: Node, text: str) -> None:
        seat = node[1]
        if text == "keep":
            self.say(f"{self.pname(seat)} keeps their hand.", self.rule("5.8.1"))
            return
        pl = self.players[seat]
        for cid in pl["hand"]:
            pl["deck"][cid] = pl["deck"].get(cid, 0) + 1
        pl["hand"] = []
        self.say(f"{self.pname(seat)} shuffles their hand into their deck and draws {OPENING_HAND} new cards.",
                 self.rule("5.8.1"))
        self._push(*[["draw", seat, "5.8.1"]] * OPENING_HAND)

    # ===================== Drawing (storyline 20) ========================================
    def _step_draw(self, seat: int, key: str) -> None:
        if not any(self.players[seat]["deck"].values()):
            # storyline 20.2.1, ruling S14: nothing drawn, the player is marked for §16.4
            self.players[seat]["empty_draw"] = True
            self.say(f"{self.pname(seat)} has to draw from an empty deck and draws nothing.", self.rule("20.2.1"))
            return
        self._chance("draw", seat=seat, key=key)

    def _on_draw(self, node: Node, cid: str) -> None:
        seat, key = node[3]["seat"], node[3]["key"]
        pl = self.players[seat]
        pl["deck"][cid] -= 1
        if not pl["deck"][cid]:
            del pl["deck"][cid]
        pl["hand"].append(cid)
        self.say(f"{self.pname(seat)} draws a card.", self.rule(key))
        self.say(f"You draw {self.card(cid)['faces']['front']['name']}.", self.rule(key), seats=(seat,))

    def _chance_outcomes(self) -> list[tuple[str, float]]:
        node = self.node
        assert node is not None, "asked at a chance node"
        kind, data = node[2], node[3]
        if kind == "draw":
            deck = self.players[data["seat"]]["deck"]
            total = sum(deck.values())
            return [(f"draw {c}", deck[c] / total) for c in sorted(deck) if deck[c]]
        if kind == "deck":
            free = self._free_decks()
            return [(f"deck {d}", 1.0 / len(free)) for d in free]
        if kind == "first":
            n = self.sgame.n_players
            return [(f"first {p}", 1.0 / n) for p in range(n)]
        if kind == "pick":   # storyline 1.6.3: equally likely, in timestamp order
            return [(f"pick {u}", 1.0 / len(data["opts"])) for u in data["opts"]]
        if kind == "player":
            return [(f"player {p}", 1.0 / len(data["opts"])) for p in data["opts"]]
        if kind == "may":   # storyline 7.8.1 for the opponent: equally likely (22.2.6)
            return [(f"may {x}", 1.0 / len(data["opts"])) for x in data["opts"]]
        if kind == "discard-random":   # storyline 20.4.1
            hand = self.players[data["seat"]]["hand"]
            return [(f"discard-random {c}", hand.count(c) / len(hand)) for c in sorted(set(hand))]
        raise ValueError(kind)

    # ===================== The Map ========================================================
    def enter(self, cid: str, owner: int, controller: int, place: int | None = None, host: int | None = None,
              ready: bool = False, token: bool = False, crisis: bool = False) -> Entry:
        """A card enters the Map showing its front face, with a new timestamp (4.13.1).
        ``token``: a Drone or a token Device an effect created (14.10); ``crisis``: a
        token a Crisis card created is a Crisis card (18.9.1)."""
        # (the card id interned: the engine looks its faces up by it on nearly every step)
        e: Entry = {"uid": self.next_uid, "card": sys.intern(cid), "face": "front", "owner": owner, "controller": controller,
             "damage": 0, "ready": ready, "counters": {}, "place": place, "host": host, "chapter": None,
             "band": None, "destroyer": None, "token": token, "crisis": crisis}
        self.next_uid += 1
        if self.is_storyline_face(e):
            e["chapter"] = 1  # storyline 6.7.1, 8.3.2
        self.map.append(e)
        return e

    def leave_map(self, e: Entry) -> None:
        """storyline 4.11: the card goes to its owner's discard pile (a Crisis card out of
        the game); the units on or aboard it stay where they are in their Band (14.8,
        ruling S11); its Devices leave in the state check (14.9.3)."""
        self.map.remove(e)
        for u in self.map:
            if u["place"] == e["uid"]:
                u["place"] = None
        if e.get("token"):
            return   # storyline 4.11.2: a Drone ceases to exist
        if not self.is_crisis(e):
            self.players[e["owner"]]["discard"].append(e["card"])

    def set_controller(self, e: Entry, seat: int) -> None:
        """storyline 17.5.1, 17.4.1: Liberation counters go; the Devices follow."""
        e["controller"] = seat
        e["counters"].pop("liberation", None)
        for d in self.map:
            if d["host"] == e["uid"] and self.ftype(d) == "device":
                d["controller"] = seat

    def add_counters(self, e: Entry, kind: str, n: int) -> None:
        e["counters"][kind] = e["counters"].get(kind, 0) + n

    # ===================== Damage (storyline 12) =========================================
    def deal_damage(self, source_controller: int | None, amount: int, power: str, targets: list[Entry]) -> None:
        """One damage event (12.4.2): counters on every recipient the Power reaches at the
        same time; then the falls and Contested states it caused, in timestamp order, with
        the fall award (15.2.2). A destroying number crossed records the destroyer (12.7.2)."""
        if amount <= 0:
            return  # storyline 12.4.4
        hit = [t for t in targets if self.can_take_damage(t) and not (power == "low" and self.shielded(t))]
        falls, contested = [], []
        for t in hit:
            before = t["damage"]
            t["damage"] += amount
            self.say(f"{self.name(t)} takes {amount} damage ({power.capitalize()} Power).", self.rule("12.4.1"))
            dur = self.durability(t)
            if self.is_permanent(t):
                if before < dur <= t["damage"]:
                    if self.ftype(t) == "character":
                        falls.append(t)
                    else:
                        self.say(f"{self.name(t)} is Contested.", self.rule("12.5.2"))
                        contested.append(t)
                if before < 2 * dur <= t["damage"]:
                    t["destroyer"] = source_controller
            elif self.is_storyline_face(t) and before < dur <= t["damage"]:
                t["destroyer"] = source_controller
        for t in sorted(falls, key=lambda x: x["uid"]):
            self.say(f"{self.name(t)} falls.", self.rule("12.5.1"))
            x = source_controller
            if x is not None and self.is_player(x) and self.sides_differ(x, t["controller"]):  # 15.2.2, 15.3.3
                self.gain_story([x], 1, "15.2.2", f"for the fall of {self.name(t)}")
                if self.winners is not None:
                    return
        # storyline 12.5.4, 19.5.1: the falls and Contested events trigger as one batch;
        # a Character's "when this falls" abilities look back at it as it was just before
        # (7.11.1); no other ability of a Fallen Character triggers
        items = [(t, i, a) for t in sorted(falls + contested, key=lambda x: x["uid"])
                 for i, a in self.abilities_of(t, look_back=t in falls) if a["kind"] == "triggered"
                 and a["when"] == ("falls" if t in falls else "becomes-contested")]
        self._batch(items)

    # ===================== Story Points and winning (storyline 15, 21) ===================
    def gain_story(self, seats: list[int], n: int, key: str, why: str) -> None:
        """Seats gain ``n`` Story Points at the same time; the win check follows (15.6.1)."""
        for p in seats:
            self.players[p]["story"] += n
        names = ", ".join(self.pname(p) for p in seats)
        self.say(f"{names} gain{'s' if len(seats) == 1 else ''} {n} Story Point{'s' if n != 1 else ''} {why}.",
                 self.rule(key))
        self.win_check()

    def win_check(self) -> None:
        """storyline 21.1.1, 21.2.1 (ruling S18): at ``target`` the highest total wins."""
        target = self.game.options["target"]
        totals = [pl["story"] for pl in self.players]
        if max(totals) >= target and self.game.options.get("catch_up", "none") == "round":
            return   # storyline 5.6.2: the round is played out first (``_round_end_check``)
        if max(totals) >= target:
            best = max(totals)
            self.finish([p for p, t in enumerate(totals) if t == best], "target",
                        "21.2.1" if totals.count(best) > 1 or sum(t >= target for t in totals) > 1 else "21.1.1")

    def game_over(self) -> bool:
        """Whether the game has ended (``winners`` is set). A check after a call that may
        end the game uses this rather than reading ``winners`` again: mypy would take
        ``winners`` to be still None from an earlier check, and the compiled engine
        (mypyc) would check that at run time."""
        return self.winners is not None

    def finish(self, winners: list[int], how: str, key: str) -> None:
        self.winners = winners
        self.win_by = how
        self.stack = []
        self.node = None
        self.phase = "over"
        names = ", ".join(self.pname(p) for p in winners)
        if not winners:
            self.say("The game is over: a draw, nobody wins.", self.rule(key))
            return
        self.say(f"The game is over: {names} win{'s' if len(winners) == 1 else ''}.", self.rule(key))

    # ===================== The state check (storyline 19.3) ==============================
    def state_check(self) -> None:
        while self.winners is None:
            # (a) destruction, all at once; the awards in timestamp order (15.5.1)
            doomed = [e for e in self.map if e["damage"] > 0 and (
                (self.is_permanent(e) and self.ftype(e) != "device" and e["damage"] >= 2 * self.durability(e))
                or (self.is_storyline_face(e) and e["damage"] >= self.durability(e)))]
            if doomed:
                for e in doomed:
                    self.say(f"{self.name(e)} is destroyed.",
                             self.rule("12.6.1" if self.is_permanent(e) else "8.7.2"))
                self.destroy_cards(doomed, None, by_damage=True)
                if self.game_over():
                    return
                continue
            # (b) Devices without a host
            orphans = [d for d in self.map if self.ftype(d) == "device"
                       and ((h := self.find(d["host"])) is None or not self.is_permanent(h))]
            if orphans:
                for d in orphans:
                    self.say(f"{self.name(d)} has no host and leaves the Map.", self.rule("14.9.3"))
                    self.leave_map(d)
                continue
            # (c) the earliest Storyline whose count meets its current Chapter
            ready = [e for e in self.map if self.is_storyline_face(e) and not e.get("completing")
                     and self._chapter_met(e)]
            if ready:
                e = ready[0]
                ops = self.face(e)["chapters"][e["chapter"] - 1]["on_complete"]
                if ops:
                    # storyline 8.5.4: the completion text resolves first (it may ask for
                    # choices), then the next Chapter, or the award and flip (8.9.1); the
                    # state check goes on after it
                    self.say(f"{self.name(e)} completes Chapter {e['chapter']}.", self.rule("8.5.3"))
                    e["completing"] = True
                    ctx = self.context(e, None, ops, label=f"{self.name(e)}, Chapter {e['chapter']} completion")
                    self._push(["ability", ctx], ["chapter-done", e["uid"]], ["state-check"])
                    return
                self._complete_chapter(e)
                continue
            break

    def _step_chapter_done(self, uid: int) -> None:
        e = self.find(uid)
        if e is None or self.winners is not None:
            return   # storyline 8.7.4: a destroyed Storyline completes no more Chapters
        e.pop("completing", None)
        self._complete_chapter(e, logged=True)

    def destroy_cards(self, doomed: list[Entry], destroyer: int | None, by_damage: bool = False) -> None:
        """Cards leave the Map at the same time (19.5.2); the awards follow in timestamp
        order (15.5.1); what triggers on their destruction is one batch, using the cards as
        they last were (7.3.4). ``by_damage``: each card's recorded destroyer (12.7.2);
        else ``destroyer``, a destroy effect's controller (12.7.3)."""
        awards = []
        items = []
        for e in sorted(doomed, key=lambda x: x["uid"]):
            awards.append((e, e["controller"], e["destroyer"] if by_damage else destroyer))
            items += [(e, i, a) for i, a in self.abilities_of(e) if a["kind"] == "triggered"
                      and a["when"] == "destroyed"]
            if not by_damage:
                self.say(f"{self.name(e)} is destroyed.", self.rule("12.8.1"))
        batch_ctx = [(e, i, a) for e, i, a in items]
        self._batch(batch_ctx)
        for e in doomed:
            self.leave_map(e)
        for e, controller, who in awards:
            self._destroy_award(e, controller, who)
            if self.winners is not None:
                return

    def _destroy_award(self, e: Entry, controller: int, destroyer: int | None) -> None:
        """storyline 15.2.3-15.2.5, 15.3: 1 for a Location, a Capital Spacecraft or an ordinary
        Storyline face an opponent controlled just before."""
        f = self.face(e)
        kind = f["type"]
        if destroyer is None or not self.is_player(destroyer) or not self.sides_differ(destroyer, controller):
            return  # storyline 15.3.2, 15.3.3
        if kind == "location" or self.is_capital(e) or (kind == "storyline" and not self.is_crisis(e)):
            self.gain_story([destroyer], 1, "15.2.3", f"for destroying {f['name']}")

    def _chapter_met(self, e: Entry) -> bool:
        f = self.face(e)
        ch = f["chapters"][e["chapter"] - 1]
        met: bool = e["counters"].get(ch["counter"], 0) >= ch["end"]  # storyline 8.5.3, 8.5.7
        return met

    def _complete_chapter(self, e: Entry, logged: bool = False) -> None:
        f = self.face(e)
        k = e["chapter"]
        if not logged:
            self.say(f"{self.name(e)} completes Chapter {k}.", self.rule("8.5.3"))
        if k < len(f["chapters"]):
            e["chapter"] = k + 1  # storyline 8.5.4
            return
        if not self.is_crisis(e) and f.get("award"):
            self.gain_story([e["controller"]], f["award"], "8.10.1", f"for completing {f['name']}")
            if self.winners is not None:
                return
        self.flip(e)

    def flip(self, e: Entry) -> None:
        """storyline 8.9, 13: the card turns to its back face, same uid, owner and controller."""
        front_band = self.band(e)
        e["face"] = "back"
        e["counters"].pop("liberation", None)   # storyline 13.3.1
        e["chapter"] = None
        f = self.face(e)
        t: str = f["type"]
        kind = TYPE_NAMES.get(t, t)
        self.say(f"{self.face_name(e, 'front')} flips to {f['name']} ({'an' if kind[0] in 'AEIOU' else 'a'} {kind}).",
                 self.rule("8.9.1"))
        if f["type"] == "epilogue":
            e["band"] = front_band  # storyline 4.6.4
            return
        e["band"] = None
        e["place"] = None    # storyline 13.4.2: in the open / in Orbit
        e["ready"] = False   # storyline 13.6.1
        self.arrive(e)

    def face_name(self, e: Entry, which: str) -> str:
        name: str = self.card(e["card"])["faces"][which]["name"]
        return name

    def arrive(self, e: Entry) -> None:
        """storyline 13.7.2 (ruling S12): Arrives Contested, damage from no source."""
        f = self.face(e)
        if f.get("arrives_contested") and e["damage"] < self.durability(e):
            e["damage"] = self.durability(e)
            self.say(f"{self.name(e)} arrives Contested.", self.rule("13.7.2"))
        self.fire("arrives", [e])   # storyline 13.7.1

    def flip_back(self, e: Entry) -> None:
        """storyline 22.8.1 (§22.8a): back to the Crisis Storyline face, on Chapter 1, its
        Time and Liberation counters removed, its other counters and damage kept (S4)."""
        e["face"] = "front"
        e["chapter"] = 1
        e["counters"].pop("time", None)
        e["counters"].pop("liberation", None)
        e["place"] = None
        e["band"] = None
        for u in self.map:   # storyline 13.5.2, 14.8.2: a Storyline face holds no units
            if u["place"] == e["uid"]:
                u["place"] = None
        self.say(f"{self.face_name(e, 'back')} flips back to {self.face(e)['name']}, on Chapter 1.",
                 self.rule("22.8.1.2"))

    # ===================== The turn (storyline 10) =======================================
    def _step_turn_start(self, seat: int) -> None:
        self.active = seat
        self.turn_count += 1
        self.phase = "admin"
        self.say(f"Turn {self.turn_count}: {self.pname(seat)}'s turn (Act {self.act}).", self.rule("10.1.1"))
        self.used = {}
        self._push(["admin"], ["ability-step", "admin"], ["lose-check"], ["draw-phase"], ["ability-step", "draw"],
                   ["lose-check"], ["main-phase"])

    def _step_admin(self) -> None:
        p = self.active
        for e in self.map:
            if e["controller"] == p and self.is_permanent(e):
                e["ready"] = True
        self.say(f"{self.pname(p)} readies their permanents.", self.rule("10.3.1"))
        income = BASE_INCOME + sum(self.income(e) for e in self.map
                                   if e["controller"] == p and self.ftype(e) == "location")
        self.players[p]["treasury"] += income
        self.say(f"{self.pname(p)} gains {income} Treasury.", self.rule("10.3.2"))
        for e in self.map:
            if e["controller"] == p and self.is_storyline_face(e) and not self.is_crisis(e):
                self.add_counters(e, "story", 1)
                self.say(f"{self.name(e)} takes a Story counter.", self.rule("10.3.3"))
        self.state_check()   # storyline 10.3.3; then the ability step (10.3.4)

    def _step_draw_phase(self) -> None:
        self.phase = "draw"
        if (self.game.options.get("catch_up", "none") == "skip_draw" and self.turn_count == 1
                and self.active == self.first):   # storyline 5.6.2
            self.say(f"{self.pname(self.active)} plays first and skips the Draw step of their first turn.",
                     self.rule("5.6.2"))
            return
        self._push(["draw", self.active, "10.4.1"])

    def _step_main_phase(self) -> None:
        self.phase = "main"
        self._push(["ability-step", "main"], ["main"])   # storyline 10.5.1

    def _step_main(self) -> None:
        legal = self._legal_main(None)
        if legal == ["pass"]:
            self._main_over("has nothing to do and passes")  # storyline 1.6.2
            return
        self._ask(self.active, "main", legal)

    def _main_over(self, why: str) -> None:
        self.say(f"{self.pname(self.active)} {why}.", self.rule("10.6.7"))
        self._push(["occupation"], ["liberation"], ["lose-check"], ["end-phase"])

    # ----- the actions (storyline 10.6) -----------------------------------------------------
    def _legal_main(self, node: Node | None) -> list[str]:
        p = self.active
        pl = self.players[p]
        out: list[str] = []
        mine = [e for e in self.map if e["controller"] == p]
        my_locations = [e for e in mine if self.ftype(e) == "location"]
        for cid in sorted(set(pl["hand"])):
            f = self.sgame.fronts[cid]
            if f.cost > pl["treasury"]:
                continue  # storyline 6.2.1
            t = f.type
            if t in ("character", "ground-unit"):
                if my_locations:
                    out += [f"play {cid} on {e['uid']}" for e in my_locations]   # storyline 6.3.2
                else:
                    out.append(f"play {cid}")
            elif t == "device":
                out += [f"play {cid} on {e['uid']}" for e in mine                # storyline 6.5.1
                        if self.is_permanent(e) and self.ftype(e) in f.data["attach"]["types"] and self.ftype(e) != "device"]
            elif t == "event":
                # storyline 6.6.2: each target of its text needs a legal choice
                if all(self._targets_exist(self.context(None, a, a["effect"], card=cid, ctrl=p))
                       for a in f.abilities):
                    out.append(f"play {cid}")
            else:
                out.append(f"play {cid}")
        for e in mine:
            if self.ready_to_attack(e):   # (can_attack, its targets listed once)
                out += [f"attack {e['uid']} {t['uid']}" for t in self.attack_targets(e)]
        for e in mine:
            out += [f"move {e['uid']} {dest}" for dest in self.moves(e)]
        out += self.activations(p)
        for e in mine:
            if self.is_permanent(e) and e["damage"] > 0 and self.cost(e) <= pl["treasury"]:
                out.append(f"{'rally' if self.ftype(e) == 'character' else 'repair'} {e['uid']}")
        out.append("pass")
        return out

    # ----- what an action pays (clients warn before a Treasury is emptied, storyline 16.3) ----
    def treasury_cost(self, p: int, text: str) -> int:
        """The Treasury seat ``p`` pays for the Main Phase action ``text``: a card's cost
        (storyline 6.2.1), an activated ability's or a bargain's Treasury cost (7.4.1, 7.5.1),
        a repair's or a rally's (12.12.1); 0 for the other actions."""
        words = text.split()
        if words[0] == "play":
            printed: int = self.card(words[1])["faces"]["front"]["cost"]
            return printed
        if words[0] in ("use", "bargain"):
            uid, _, k = words[1].partition(":")
            kind = "activated" if words[0] == "use" else "bargain"
            paid: int = [a for _, a in self.abilities_of(self.entry(int(uid)))
                         if a["kind"] == kind][int(k or 0)]["cost"]["treasury"]
            return paid
        if words[0] in ("rally", "repair"):
            return self.cost(self.entry(int(words[1])))
        return 0

    def treasury_after(self, text: str) -> TreasuryAfter | None:
        """The active player's Treasury once the legal Main Phase action ``text`` has
        resolved as far as it goes before anything else is asked, drawn or checked, played
        out on a copy: ``{"treasury": n, "lose_check": the Lose check comes next (nothing is
        left to do, so the Main Phase ends, 10.6.7): it sees that Treasury}``; its own gains
        count (a card that gains Treasury as it enters). None if it ends the game."""
        sim = self.clone()
        node, sim.node = sim.node, None
        assert node is not None, "at a Main Phase decision"
        sim._do_main(node, text)
        check = sim._run_to_lose_check()
        if sim.winners is not None:
            return None
        return {"treasury": sim.players[self.active]["treasury"], "lose_check": check}

    def _run_to_lose_check(self) -> bool:
        """Run steps (on treasury_after's copy) until a node opens, the game ends or the
        Lose check is next: True in the last case. (A method of its own: in treasury_after
        mypy would take ``node`` to stay None, and the compiled engine would check that.)"""
        while self.node is None and self.winners is None:
            if self.stack[-1][0] == "lose-check":
                return True
            step = self.stack.pop()
            getattr(self, "_step_" + step[0].replace("-", "_"))(*step[1:])
        return False

    def emptying_actions(self, seat: int | None) -> dict[str, TreasuryAfter]:
        """At ``seat``'s own Main Phase decision: each legal action that pays its whole
        Treasury (storyline 6.2.2) -> :meth:`treasury_after` (an Event may gain it back);
        empty elsewhere. What the browser warns about: a Treasury of 0 at the Lose check
        gives each opponent 1 Story Point (16.3.1, 16.7.1)."""
        node = self.node
        if (seat is None or self.winners is not None or node is None or node[0] != "decision"
                or node[1] != seat or node[2] != "main"):
            return {}
        have = self.players[seat]["treasury"]
        out: dict[str, TreasuryAfter] = {}
        # the legal actions of the state as it is (a position edited by hand has no stale ones)
        for text in self._legal_main(node):
            if text.split()[0] in ("play", "use", "bargain", "rally", "repair") and have > 0 \
                    and self.treasury_cost(seat, text) >= have:
                after = self.treasury_after(text)
                if after is not None:
                    out[text] = after
        return out

    def action_parts(self, seat: int | None) -> dict[str, dict[str, str | None]]:
        """At ``seat``'s own Main Phase decision: for each legal ``use``, ``bargain``,
        ``repair`` and ``rally``, what it costs and does in words (the browser's buttons;
        ``tokyo play`` says the same, render.action_words): ``{"card", "cost", "does",
        "idle"}`` (words.ability_words; for a repair or rally ``does`` is removing its damage
        counters, storyline 12.12, and ``idle`` None). Empty elsewhere."""
        from .words import ability_words, card_ref, counters
        node = self.node
        if (seat is None or self.winners is not None or node is None or node[0] != "decision"
                or node[1] != seat or node[2] != "main"):
            return {}
        out: dict[str, dict[str, str | None]] = {}
        for text in self._legal_main(node):
            verb, _, ref = text.partition(" ")
            if verb in ("use", "bargain"):
                out[text] = ability_words(self, text)
            elif verb in ("repair", "rally"):
                e = self.entry(int(ref))
                out[text] = {"card": card_ref(self, e), "cost": f"pay {self.cost(e)} Treasury",
                             "does": f"remove its {counters(e['damage'], 'damage')}", "idle": None}
        return out

    def can_attack(self, e: Entry) -> bool:
        """storyline 12.1.1-12.1.3."""
        return self.ready_to_attack(e) and bool(self.attack_targets(e))

    def ready_to_attack(self, e: Entry) -> bool:
        """storyline 12.1.1-12.1.3 but for the targets (can_attack): a ready permanent, not a
        Device, with a Strike of 1 or more, not Fallen."""
        f = self.printed(e)
        return (f.permanent and f.type != "device" and e["ready"] and self.strike(e) >= 1
                and not self.fallen(e))

    def attack_targets(self, e: Entry) -> list[Entry]:
        """storyline 11.3.1-11.3.3, 11.2.4: an opponent's permanent (not a Device) or Storyline
        face that the attacker's range and Power reach."""
        src_band, rng, power = self.band(e), self.range_of(e), self.printed(e).power
        return [t for t in self.map if t["controller"] != e["controller"] and t is not e
                and self.printed(t).attackable and self.reaches(src_band, rng, power, t)]

    def moves(self, e: Entry) -> list[str]:
        """storyline 14.3-14.7: destinations of a ready, non-Fallen unit (``to <uid>`` a
        Location or a Capital Spacecraft to board; ``orbit`` back from aboard)."""
        if not (self.is_unit(e) and e["ready"] and not self.fallen(e)):
            return []
        t = self.ftype(e)
        out = []
        if t in ("character", "ground-unit"):
            out += [f"to {l['uid']}" for l in self.map if self.ftype(l) == "location" and l["uid"] != e["place"]]
        if t == "character" or (t == "spacecraft" and not self.is_capital(e)):
            out += [f"to {c['uid']}" for c in self.map if self.is_capital(c) and c["uid"] != e["place"]]
        if t == "spacecraft" and not self.is_capital(e) and e["place"] is not None:
            out.append("orbit")
        return out

    def _do_main(self, node: Node, text: str) -> None:
        p = self.active
        pl = self.players[p]
        words = text.split()
        verb = words[0]
        if verb == "pass":
            self._main_over("passes")
            return
        # storyline 10.6.8: after the action (and the draws it pushes), the state check,
        # then the next action
        self._push(["state-check"], ["resolve-pending"], ["main"])
        if verb == "play":
            self.play(p, words[1], int(words[3]) if len(words) == 4 else None)
        elif verb in ("use", "bargain"):
            self.activate(p, text)   # storyline 10.6.5, 10.6.6
        elif verb == "attack":
            self.attack(self.entry(int(words[1])), self.entry(int(words[2])))
        elif verb == "move":
            u = self.entry(int(words[1]))
            u["ready"] = False   # storyline 14.3.1
            if words[2] == "orbit":
                u["place"] = None
                self.say(f"{self.name(u)} moves back to Orbit.", self.rule("14.6.1"))
            else:
                dest = self.entry(int(words[3]))
                u["place"] = dest["uid"]
                self.say(f"{self.name(u)} {'boards' if self.is_capital(dest) else 'moves onto'} {self.name(dest)}.",
                         self.rule("14.5.1" if self.is_capital(dest) else "14.4.1"))
        elif verb in ("repair", "rally"):
            e = self.entry(int(words[1]))
            paid = self.cost(e)
            pl["treasury"] -= paid
            e["damage"] = 0
            e["destroyer"] = None
            self.say(f"{self.pname(p)} pays {paid} Treasury to {verb} {self.name(e)}.", self.rule("12.12.1"))

    def attack(self, a: Entry, t: Entry) -> None:
        """storyline 12.2, 12.3: the attacker is spent and deals its Strike with its Power."""
        a["ready"] = False   # storyline 12.2.2
        who = self.pname(a["controller"]) if self.is_player(a["controller"]) else "The opponent"
        self.say(f"{who} attacks {self.name(t)} with {self.name(a)}.", self.rule("12.2.1"))
        self.fire("attacks", [a])
        self.deal_damage(a["controller"], self.strike(a), self.face(a)["power"], [t])   # storyline 12.3.1

    def _step_state_check(self) -> None:
        self.state_check()

    def _apply(self, text: str) -> None:
        if self.node is not None and self.node[0] == "decision":
            self.chain = 0   # storyline 19.6.1: the count of abilities with no decision between
        super()._apply(text)

    def _step_event_done(self, p: int, cid: str) -> None:
        self.limbo.remove([p, cid])
        self.players[p]["discard"].append(cid)   # storyline 6.6.1

    def play(self, p: int, cid: str, where: int | None) -> None:
        pl = self.players[p]
        f = self.card(cid)["faces"]["front"]
        pl["hand"].remove(cid)
        pl["treasury"] -= f["cost"]   # storyline 6.2.1
        self.played[p].append(cid)
        t = f["type"]
        if t == "event":
            # storyline 6.6.1: its text resolves as it is played (its "played" abilities,
            # choices made now, 7.6.1), then it goes to the discard pile
            self.say(f"{self.pname(p)} plays {f['name']}.", self.rule("6.6.1"))
            steps = [["ability", self.context(None, a, a["effect"], card=cid, ctrl=p)]
                     for a in f["abilities"] if a["kind"] == "triggered" and a["when"] == "played"]
            self.limbo.append([p, cid])
            self._push(*steps, ["event-done", p, cid])
            return
        if t == "device":
            e = self.enter(cid, p, p, host=where)
            self.say(f"{self.pname(p)} plays {f['name']}, attached to {self.name(self.entry(where))}.",
                     self.rule("6.5.1"))
            self.fire("enters", [e])
            return
        e = self.enter(cid, p, p, place=where)   # spent: storyline 6.4.1
        if t == "storyline":
            self.say(f"{self.pname(p)} plays the Storyline {self.name(e)} in {BAND_NAMES[self._band_of(e)]}, "
                     "on Chapter 1.", self.rule("6.7.1"))
            self.fire("enters", [e])
            return
        at = f" on {self.name(self.entry(where))}" if where is not None else ""
        self.say(f"{self.pname(p)} plays {self.name(e)}{at}, spent, in {BAND_NAMES[self._band_of(e)]}.",
                 self.rule("6.3.2" if t in ("character", "ground-unit") else "6.3.1"))
        self.arrive(e)
        self.fire("enters", [e])

    # ----- closing steps of the Main Phase (storyline 14.11, 14.12) ---------------------------
    def _step_occupation(self) -> None:
        a = self.active
        taken = []
        for e in self.map:
            if not (self.ftype(e) == "location" or self.is_capital(e)):
                continue
            if not self.contested(e) or e["controller"] == a:
                continue   # storyline 14.11.2
            units = [u for u in self.map if u["place"] == e["uid"] and self.is_unit(u) and not self.fallen(u)]
            if units and all(u["controller"] == a for u in units):   # storyline 14.11.3, 14.11.4 (S10)
                taken.append(e)
        for e in taken:   # storyline 14.11.6: all at once
            self.set_controller(e, a)
            self.say(f"{self.pname(a)} occupies {self.name(e)}; it stays Contested.", self.rule("14.11.3"))

    def _step_liberation(self) -> None:
        a = self.active
        for e in self.map:
            if e["owner"] != a or e["controller"] == a:
                continue
            if any(u["place"] == e["uid"] and u["controller"] == a and self.is_unit(u) and not self.fallen(u)
                   for u in self.map):
                self.add_counters(e, "liberation", 1)
                self.say(f"{self.name(e)} takes a Liberation counter.", self.rule("14.12.1"))
                if e["counters"]["liberation"] >= 2:
                    self.set_controller(e, a)
                    self.say(f"Control of {self.name(e)} returns to {self.pname(a)}.", self.rule("14.12.2"))
        self.state_check()

    # ----- End Phase (storyline 10.7) ---------------------------------------------------
    def _step_end_phase(self) -> None:
        self.phase = "end"
        self._push(["ability-step", "end"], ["hand-step"], ["cleanup"], ["lose-check"], ["turn-end"])

    def _step_hand_step(self) -> None:
        hand = self.players[self.active]["hand"]
        if len(hand) <= HAND_LIMIT:
            return
        legal = [f"discard {c}" for c in sorted(set(hand))]
        if len(legal) == 1:   # storyline 1.6.2
            self._discard(self.active, hand[0])
            self._push(["hand-step"])
            return
        self._ask(self.active, "discard", legal)

    def _legal_discard(self, node: Node) -> list[str]:
        return [f"discard {c}" for c in sorted(set(self.players[node[1]]["hand"]))]

    def _do_discard(self, node: Node, text: str) -> None:
        self._discard(node[1], text.split()[1])
        self._push(["hand-step"])

    def _discard(self, seat: int, cid: str) -> None:
        pl = self.players[seat]
        pl["hand"].remove(cid)
        pl["discard"].append(cid)
        self.say(f"{self.pname(seat)} discards {self.card(cid)['faces']['front']['name']} down to the hand limit.",
                 self.rule("20.3.1"))

    def _step_cleanup(self) -> None:
        if self.temps:
            self.say("Every change that lasts this turn ends.", self.rule("10.7.3"))
        self.temps = []   # storyline 10.7.3, 2.14.2

    def _round_end_check(self) -> None:
        """storyline 5.6.2, option ``catch_up=round``: once a total has reached ``target``
        (Story Points are never lost, so that is the sign of the last round), the game ends
        at the end of the turn of the last player in turn order; the highest total wins."""
        target = self.game.options["target"]
        totals = [pl["story"] for pl in self.players]
        if max(totals) < target or (self.active + 1) % self.sgame.n_players != self.first:
            return
        best = max(totals)
        self.finish([p for p, t in enumerate(totals) if t == best], "target", "5.6.2")

    def _step_turn_end(self) -> None:
        n = self.sgame.n_players
        if self.game.options.get("catch_up", "none") == "round":
            self._round_end_check()
            if self.winners is not None:
                return
        per_act = n * self.game.options["act_rounds"]
        if self.turn_count % per_act == 0:   # storyline 8.12.1, 10.7.4
            self.say(f"Act {self.act} ends.", self.rule("8.12.1"))
            for e in [e for e in self.map if self.ftype(e) == "epilogue"]:
                self.say(f"{self.name(e)} is cleared.", self.rule("8.12.2"))
                self.leave_map(e)
            # storyline 8.12.3: "at the end of the Act" abilities, then the state check
            self.fire("end-of-act", list(self.map))
            self._push(["resolve-pending"], ["state-check"], ["act-after"])
            return
        self._push(["turn-start", (self.active + 1) % n])   # storyline 10.1.1

    def _step_act_after(self) -> None:
        if self.act >= self.game.options["acts"]:
            totals = [pl["story"] for pl in self.players]
            best = max(totals)
            self.finish([p for p, t in enumerate(totals) if t == best], "last-act", "21.3.1")
            return
        self.act += 1
        self._push(["turn-start", (self.active + 1) % self.sgame.n_players])   # storyline 10.1.1

    # ===================== Lose conditions (storyline 16) ================================
    def _step_lose_check(self) -> None:
        """storyline 16.2 (ruling S13): players in turn order from the active player, each
        condition in the order 16.3-16.6, award then recovery, state check after each."""
        for p in self.turn_order(self.active):
            pl = self.players[p]
            for cond in ("treasury", "deck", "wreckage", "homeworld"):
                if self.winners is not None:
                    return
                if not self._lose_met(p, cond):
                    continue
                key = {"treasury": "16.3.1", "deck": "16.4.1", "wreckage": "16.5.1", "homeworld": "16.6.1"}[cond]
                self.say(f"{self.pname(p)} meets a Lose condition: {LOSE_CONDITIONS[cond]}.", self.rule(key))
                self.gain_story(self.opponents(p), 1, "16.7.1", f"as {self.pname(p)} met a Lose condition")
                if self.game_over():
                    return   # storyline 16.8.1, 21.4.1
                self._recover(p, cond)
                self.state_check()

    def _lose_met(self, p: int, cond: str) -> bool:
        pl = self.players[p]
        if cond == "treasury":
            return pl["treasury"] == 0
        if cond == "deck":
            return pl["empty_draw"]
        if cond == "wreckage":
            return sum(1 for e in self.map if e["controller"] == p and self.broken(e)) >= WRECKAGE
        home = self.homeworld_entry(p)
        return home is None or home["controller"] != p

    def homeworld_entry(self, p: int) -> Entry | None:
        hid = self.players[p]["homeworld"]
        for e in self.map:
            if e["card"] == hid and e["owner"] == p:
                return e
        return None

    def _recover(self, p: int, cond: str) -> None:
        pl = self.players[p]
        if cond == "treasury":
            pl["treasury"] = START_TREASURY
            self.say(f"{self.pname(p)}'s Treasury is set to {START_TREASURY}.", self.rule("16.3.2"))
        elif cond == "deck":
            pl["empty_draw"] = False
            # Proposed ruling: a Homeworld in the discard pile stays there (storyline 3.5.2:
            # a Homeworld is never in a deck); §16.6 brings it back.
            moved = [c for c in pl["discard"] if c != pl["homeworld"]]
            pl["discard"] = [c for c in pl["discard"] if c == pl["homeworld"]]
            for c in moved:
                pl["deck"][c] = pl["deck"].get(c, 0) + 1
            self.say(f"{self.pname(p)}'s discard pile is shuffled into a new deck of {len(moved)} cards.",
                     self.rule("16.4.2"))
        elif cond == "wreckage":
            doomed = [e for e in self.map if e["controller"] == p and self.broken(e)]
            for e in doomed:   # storyline 16.5.2, 16.8.2: all at once, no destroyer, no award
                self.say(f"{self.name(e)} is destroyed.", self.rule("16.5.2"))
                self.leave_map(e)
        else:
            home = self.homeworld_entry(p)
            if home is not None:
                self.set_controller(home, p)
                home["damage"] = 0
                home["destroyer"] = None
                self.say(f"{self.name(home)} returns to {self.pname(p)}, repaired.", self.rule("16.6.2"))
            else:
                if pl["homeworld"] in pl["discard"]:
                    pl["discard"].remove(pl["homeworld"])
                assert pl["homeworld"] is not None, "set up"
                e = self.enter(pl["homeworld"], p, p)   # spent, no counters, new timestamp
                self.say(f"{self.name(e)} returns to the Map under {self.pname(p)}'s control.", self.rule("16.6.3"))

    # ===================== kernel: data, clone, observation, resample ====================
    def _to_data(self) -> dict[str, Any]:
        return {k: _deep(getattr(self, k)) for k in self._FIELDS}

    def _from_data(self, d: dict[str, Any]) -> None:
        for k in self._FIELDS:
            setattr(self, k, _deep(d[k]))
        if len(self.players) != self.sgame.n_players:
            raise ValueError(f"players must have one entry per player ({self.sgame.n_players})")

    def clone(self) -> "StorylineState":
        # a new state of the same class, its fields then replaced (a compiled class cannot
        # be made with __new__ alone: mypyc runs __init__)
        other = type(self)(self.sgame)
        self._copy_base_into(other)
        for k in self._FIELDS:
            setattr(other, k, _deep(getattr(self, k)))
        return other

    def public_entry(self, e: Entry) -> dict[str, Any]:
        f = self.face(e)
        out = {k: (dict(v) if isinstance(v, dict) else v) for k, v in e.items()}
        out.update(name=f["name"], type=f["type"], band=self.band(e), shielded=self.shielded(e),
                   fallen=self.fallen(e), contested=self.contested(e))
        # what a client draws: the card's text and its characteristics as they are now
        # (static changes included, 2.14.1); a Storyline face's Chapters
        out.update(text=f["text"], power=f.get("power", "low"), strike=self.strike(e), range=self.range_of(e),
                   durability=self.durability(e), income=self.income(e), cost=self.cost(e))
        if f.get("class"):
            out["class"] = f["class"]
        if f["type"] == "storyline":
            out["chapters"] = [{"counter": ch["counter"], "end": ch["end"], "text": ch["text"]} for ch in f["chapters"]]
        return out

    def card_facts(self, cid: str) -> dict[str, Any]:
        """A card's printed front face for a client (name, type, cost, text, the
        characteristics of its type) and its back face's name and type."""
        faces = self.card(cid)["faces"]
        f = faces["front"]
        out = {k: f[k] for k in ("name", "type", "cost", "text", "power", "strike", "range", "income") if k in f}
        for k in ("durability", "class"):
            if k in f:
                out[k] = f[k]
        if f["type"] == "storyline":
            out["chapters"] = [{"counter": ch["counter"], "end": ch["end"], "text": ch["text"]} for ch in f["chapters"]]
            out["award"] = f.get("award", 0)
        if "back" in faces:
            out["back"] = {"name": faces["back"]["name"], "type": faces["back"]["type"]}
        return out

    def observation(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may know (storyline 1.7): its own hand; every hand's and deck's size;
        the Map, discard piles, Treasuries, counters and Story Points; at its own Main Phase
        decision, ``empties``: the legal actions that would empty its Treasury
        (:meth:`emptying_actions`; ``{}`` elsewhere). JSON-safe."""
        return self._observe(seat, True)

    def _tensor_observation(self, seat: int) -> dict[str, Any]:
        """The observation without the parts made for clients (``empties``, ``actions``,
        ``card_info``, left empty), which the tensor does not read: the same floats, in
        about half the time."""
        return self._observe(seat, False)

    def _observe(self, seat: int | None, full: bool) -> dict[str, Any]:
        """:meth:`observation`; without ``full``, ``empties``, ``actions`` and ``card_info``
        are left empty (:meth:`observation_tensor`)."""
        if seat is not None and not 0 <= seat < self.game.num_players:
            raise ValueError(f"seat must be from 0 to {self.game.num_players - 1} (or None), not {seat}")
        node = self.node
        return {
            "game": self.game.game_id, "seat": seat, "active": self.active, "phase": self.phase,
            "turn": self.turn_count, "act": self.act, "current_player": self._current_player(),
            "node": None if node is None else {"kind": node[2], "seat": node[1] if node[0] == "decision" else None,
                                               # the ability asking (public: it is resolving)
                                               "about": (node[3].get("ctx") or {}).get("label")},
            "hand": list(self.players[seat]["hand"]) if seat is not None else None,
            "players": [{"deck_id": pl["deck_id"], "deck_name": deck_name(self.sgame.cards, pl["deck_id"])
                         if pl["deck_id"] else None, "treasury": pl["treasury"], "story": pl["story"],
                         "hand_size": len(pl["hand"]), "deck_size": sum(pl["deck"].values()),
                         "discard": list(pl["discard"]), "homeworld": pl["homeworld"],
                         "empty_draw": pl["empty_draw"]} for pl in self.players],
            "map": [self.public_entry(e) for e in self.map],
            "resolving": [list(x) for x in self.limbo],
            # this seat's Main Phase actions that pay its whole Treasury (emptying_actions)
            "empties": self.emptying_actions(seat) if full else {},
            # what this seat's abilities, bargains, repairs and rallies cost and do (action_parts)
            "actions": self.action_parts(seat) if full else {},
            "winners": self.winners,
            # the printed cards a client names: this seat's hand, the discard piles, the
            # Events resolving (all of them known to this seat)
            "card_info": {cid: self.card_facts(cid) for cid in sorted(
                set(self.players[seat]["hand"] if seat is not None else [])
                | {c for pl in self.players for c in pl["discard"]} | {c for _, c in self.limbo})} if full else {},
        }

    def resample(self, seat: int, rng: random.Random) -> "StorylineState":
        """A state consistent with ``seat``'s observation: every other player's hand is
        redealt from that player's hand and deck together (what ``seat`` has not seen),
        keeping its size; ``seat``'s own hand and deck stay."""
        other = self.clone()
        for p, pl in enumerate(other.players):
            if p == seat:
                continue
            pool = sorted(pl["hand"] + [c for c, k in pl["deck"].items() for _ in range(k)])
            rng.shuffle(pool)
            size = len(pl["hand"])
            pl["hand"] = pool[:size]
            deck: dict[str, int] = {}
            for c in pool[size:]:
                deck[c] = deck.get(c, 0) + 1
            pl["deck"] = dict(sorted(deck.items()))
        return other

    def record_extra(self) -> dict[str, Any]:
        """Generic keys (docs/architecture.md, Game records), one entry per seat: ``cards``
        played from the hand and ``labels`` ``{"faction": deck id, "turn order": "1st",
        ...}`` (the turn order once the first player is known; turns go up the seats from
        them, storyline 10.1.1); a seat that is not a player (the Crisis Format's opponent
        seat) has None for cards (it has no hand to play from, so card statistics leave it
        out) and the label "opponent"."""
        extra_seats = self.game.num_players - len(self.players)
        cards = [sorted(set(ids)) for ids in self.played] + [None] * extra_seats
        factions: list[str | None] = [p["deck_id"] for p in self.players]
        factions += ["opponent"] * extra_seats
        labels: dict[str, Sequence[str | None]] = {"faction": factions}
        if self.first is not None:
            labels["turn order"] = turn_order_labels(self.first, len(self.players)) + ["opponent"] * extra_seats
        return {"win_by": self.win_by, "cards": cards, "cards_verb": "played", "labels": labels}

    PLAY_NOTES: ClassVar[str] = ("Cards on the Map are numbered (#5); actions name them by that number: 'attack 5 3' "
                  "(#5 attacks #3), 'move 5 to 1', 'use 1', 'bargain 3', 'repair 5', 'play <card id> on 1'. "
                  "'card NAME' shows a card's full text.")

    def render(self, seat: int | None = None) -> str:
        """The position in words as ``seat`` sees it (render.render_text; the terminal client)."""
        from .render import render_text
        return render_text(self, seat)

    def result_text(self) -> str:
        """How the game ended, in words (render.result_words), for ``tokyo play``: in the Crisis
        Format the opponent may win with no seat of its own."""
        from .render import result_words
        return result_words(self)

    def describe_action(self, text: str) -> str:
        """A legal action text in words (render.action_words), shown next to it by ``tokyo play``."""
        from .render import action_words
        return action_words(self, text)

    def __repr__(self) -> str:
        return f"<StorylineState turn={self.turn_count} phase={self.phase} node={json.dumps(self.node)}>"
