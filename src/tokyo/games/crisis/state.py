"""Crisis: Tokyo rules as a step machine (the same pattern as the King of Tokyo engine).

Plain data only: decks are multisets of unseen card ids (a draw is a chance node over
them, so nothing about the future is in the state), hands are lists of card ids,
Characters and Events in play are instances (dicts) with a ``uid``. ``stack`` holds the
pending steps; ``node`` the decision or chance node waiting. Sections follow the
rulebook: Setting Up, Turn Sequence (Drawing, Recruiting, Events, Talents), Conflicts
(its six steps), Leveling Districts, End of the Game. Rulings: docs/rulings.md (C1-...).
"""

from __future__ import annotations

import itertools
import json
import marshal
import random
from typing import TYPE_CHECKING, Any, ClassVar

from ...core.machine import Node, Step, StepState
from ...core.state import Event, turn_order_labels
from . import effects
from .cards import POWER_NAMES, POWERS, Card
from .rulebook import card_cite, cite, source_cite

if TYPE_CHECKING:
    from .game import CrisisTokyoGame

Instance = dict[str, Any]
"""A Character in play: uid, card, half ("threat" or "hero"), owner, wild (the power of its
wildcard spheres or None), mods ({power: n}), gifts ([{"card", "half"}]), talent_turn."""


def _deep(obj: Any) -> Any:
    if isinstance(obj, list):
        return [_deep(x) for x in obj]
    if isinstance(obj, dict):
        return {k: _deep(v) for k, v in obj.items()}
    return obj


class CrisisState(StepState["CrisisTokyoGame"]):
    """A Crisis: Tokyo position. Public attributes: ``hands`` (card ids per seat),
    ``reserves`` (Hero instances per seat), ``districts`` (levelled District ids per
    seat), ``tokyo`` (District ids in play), ``plot``, ``conflict``, ``active``,
    ``actions_left``, ``turn_count``, ``node``, ``played`` (per seat, the ids of the cards
    it played from its hand, either half, in order, repeats kept)."""

    conflict: dict[str, Any] | None
    """The Conflict in progress: attacker, district, slot, att and def (Instances), att_power,
    defender, def_power, asked, passed, bonus, no_superiority, turn and, once over, result."""

    def __init__(self, game: CrisisTokyoGame, blank: bool = False):
        """A new game's state for ``game``, or with ``blank`` only the kernel's part (for
        ``clone`` and ``_shallow_copy`` to fill)."""
        super().__init__(game)
        if blank:
            return
        n = game.num_players
        cs = game.cards
        # {deck: {card id: copies}} (unordered multisets of unseen cards)
        self.decks: dict[str, dict[str, int]] = {kind: dict.fromkeys(cs[kind], 1)
                                                 for kind in ("character", "event", "district")}
        self.discards: dict[str, list[str]] = {"character": [], "event": [], "district": []}
        self.hands: list[list[str]] = [[] for _ in range(n)]
        self.known_cards: list[list[str]] = [[] for _ in range(n)]  # cards every seat knows are in that hand
        self.reserves: list[list[Instance]] = [[] for _ in range(n)]
        self.districts: list[list[str]] = [[] for _ in range(n)]
        self.tokyo: list[str | None] = []
        self.plot: dict[str, str] | None = None
        self.conflict = None
        self.active = 0
        self.turn_count = 0
        self.actions_left = 0
        self.had_turn = [False] * n
        self.defended: list[int] = []
        self.end_of_turn: list[dict[str, Any]] = []    # Occurrences waiting for the end of the turn
        self.resolving: list[str] = []       # Occurrences being resolved (off the table)
        self.next_uid = 1
        self.stack: list[Step] = []
        self.node: Node | None = None
        self.winners: list[int] | None = None
        self.win_by = ""
        self.played: list[list[str]] = [[] for _ in range(n)]  # card ids each seat played
        self.first_player: int | None = None  # the seat the Favor of the Gods chose
        # whether the limits may be broken: set when a hand or Reserve grows or the Plot
        # changes, cleared by ``_check_limits`` once all are within them (not game data)
        self._limits_due = True

    def start(self) -> None:
        steps = [["reveal-district", i] for i in range(5)]
        for p in range(self.game.num_players):
            steps += [["draw", p, "character"]] * 3 + [["draw", p, "event"]] * 3
        steps.append(["favor"])
        self._push(*steps)
        self._run()

    # ----- machine (tokyo.core.machine.StepState) ---------------------------------------
    def _interrupt(self) -> bool:
        return self._limits_due and self._check_limits()

    ALWAYS_ASKED: ClassVar[tuple[str, ...]] = ("action",)
    """Decisions asked even with a single answer: the turn's action depends on the hidden hand."""

    def _ask(self, seat: int, kind: str, legal: list[str] | None = None, **data: Any) -> None:
        """Open a decision node; ruling C25: a decision with a single answer is answered at
        once instead, unless ``ask_always``, its kind is in ``ALWAYS_ASKED``, or it is a
        manoeuvre (which depends on the Events in the hand) and the hand holds an Event card
        the other seats have not seen: then the pass would tell them none can be played."""
        super()._ask(seat, kind, legal, **data)
        if kind in self.ALWAYS_ASKED or self.asks_always():
            return
        if kind == "manoeuvre" and self.unseen_events(seat):
            return
        texts = self._legal_texts() if legal is None else legal
        if len(texts) == 1:
            node, self.node, self._legal_next = self.node, None, None
            getattr(self, "_do_" + kind.replace("-", "_"))(node, texts[0])
        else:
            self._legal_next = texts  # asked: the legal texts of this node, computed once

    def unseen_events(self, seat: int) -> int:
        """The Event cards in ``seat``'s hand the other seats have not seen go into it (their
        number is known to all: draws say which deck, ``known_cards`` the cards seen)."""
        known = list(self.known_cards[seat])
        n = 0
        for cid in self.hands[seat]:
            if cid in known:
                known.remove(cid)
            elif cid in self.game.cards["event"]:
                n += 1
        return n

    def say(self, text: str, rule: str = "", seats: tuple[int, ...] | None = None) -> None:
        """Log ``text`` citing ``rule`` (from ``rule(key)`` or a card citation); in quiet
        mode nothing is kept (the hottest sentences are not even built: ``if not self.quiet``)."""
        if not self.quiet:
            self.add_event(Event(text, rule, seats))

    def rule(self, key: str) -> str:
        """The log citation of statement ``key`` of docs/rules/crisis-tokyo.md (``13.5.2``)
        or of a ruling (``C9``): ``crisis-tokyo 13.5.2 Conflicts / Combat``."""
        return cite(key)

    def effect_rule(self, source: str) -> str:
        """The log citation of the card (half) whose effect ``source`` (an Event half's or
        a Talent's name) is applying."""
        return source_cite(source)

    def manoeuvre_rule(self) -> str:
        """What allows a play in the Conflict: a combat manoeuvre, or the attacker's single
        manoeuvre when nobody defends."""
        return self.rule("13.5.3" if self.live_conflict()["defender"] is not None else "13.6.1")

    def record_extra(self) -> dict[str, Any]:
        """win_by, districts (Districts levelled per seat) and cards (per seat, the sorted
        unique ids of the cards it played from its hand: an Event by either half, a
        Character recruited as a Hero, sent or deployed) with cards_verb "played", and
        labels {"turn order": ["1st", ...]} once the first player is known."""
        extra: dict[str, Any] = {"win_by": self.win_by, "districts": [len(d) for d in self.districts],
                 "cards": [sorted(set(ids)) for ids in self.played], "cards_verb": "played"}
        if self.first_player is not None:
            extra["labels"] = {"turn order": turn_order_labels(self.first_player, self.game.num_players)}
        return extra

    def note_played(self, seat: int, cid: str) -> None:
        """Remember that ``seat`` played card ``cid`` (for the game record; no rule reads it)."""
        self.played[seat].append(cid)

    # ----- facts ------------------------------------------------------------------------
    def option(self, key: str) -> Any:
        return self.game.options[key]

    def rules(self) -> dict[str, Any]:
        """The rules of the Plot in play (empty without a Plot)."""
        if self.plot is None:
            return {}
        rules: dict[str, Any] = self.game.half(self.plot["card"], self.plot["half"]).get("rules", {})
        return rules

    def hand_limit(self) -> int:
        return int(self.rules().get("hand_limit", 7))

    def reserve_limit(self) -> int:
        return int(self.rules().get("reserve_limit", 3))

    def attack_cost(self) -> int:
        return int(self.rules().get("attack_actions", 2))

    def superior(self, a: str, b: str) -> bool:
        """Whether power ``a`` is tactically superior to ``b`` (the Dragon)."""
        if self.plot is not None and self.rules().get("reverse_dragon"):
            a, b = b, a
        return b in self.game.beats[a]

    def card_half(self, inst: Instance) -> Card:
        return self.game.half(inst["card"], inst["half"])

    def spheres(self, inst: Instance, power: str) -> int:
        """Spheres of ``power`` on a Character instance: printed (wildcards as the chosen
        power), plus Gifts and modifiers; below zero counts as zero (Negative Values)."""
        half = self.game.half
        printed = half(inst["card"], inst["half"]).get("spheres", {})
        n = printed.get(power, 0)
        if inst.get("wild") == power:
            n += printed.get("wild", 0)
        for g in inst["gifts"]:
            n += half(g["card"], g["half"]).get("spheres", {}).get(power, 0)
        n += inst["mods"].get(power, 0)
        return n if n > 0 else 0

    def sphere_counts(self, inst: Instance) -> dict[str, int]:
        """``spheres`` of every power at once: {power: spheres}, in the order of POWERS."""
        half = self.game.half
        printed = half(inst["card"], inst["half"]).get("spheres", {})
        counts = {p: printed.get(p, 0) for p in POWERS}
        wild = inst.get("wild")
        if wild in counts:
            counts[wild] += printed.get("wild", 0)
        for g in inst["gifts"]:
            for p, n in half(g["card"], g["half"]).get("spheres", {}).items():
                if p in counts:
                    counts[p] += n
        for p, n in inst["mods"].items():
            if p in counts:
                counts[p] += n
        return {p: n if n > 0 else 0 for p, n in counts.items()}

    def total_spheres(self, inst: Instance) -> int:
        return sum(self.sphere_counts(inst).values())

    def find(self, uid: int) -> tuple[str, int, Instance] | None:
        """Where instance ``uid`` is: ("reserve", seat, inst) or ("att"/"def", seat, inst)."""
        for p, res in enumerate(self.reserves):
            for inst in res:
                if inst["uid"] == uid:
                    return "reserve", p, inst
        c = self.conflict
        if c:
            for side in ("att", "def"):
                for inst in c[side]:
                    if inst["uid"] == uid:
                        return side, inst["owner"], inst
        return None

    def instance(self, uid: int) -> Instance:
        """The Character in play ``uid`` (``find``); an error if it is not in play."""
        found = self.find(uid)
        if found is None:
            raise ValueError(f"no Character {uid} in play")
        return found[2]

    def live_conflict(self) -> dict[str, Any]:
        """The Conflict in progress, for the steps, decisions and totals that exist only
        during one (an error outside one)."""
        if self.conflict is None:
            raise RuntimeError("no Conflict in progress")
        return self.conflict

    def new_instance(self, card: str, which: str, owner: int) -> Instance:
        inst = {"uid": self.next_uid, "card": card, "half": which, "owner": owner, "wild": None, "mods": {},
                "gifts": [], "talent_turn": -1}
        self.next_uid += 1
        return inst

    def cname(self, card: str, which: str) -> str:
        return str(self.game.half(card, which)["name"])

    def pname(self, seat: int) -> str:
        return f"Seat {seat}"

    # ===================== Setting Up the Game =========================================
    def _step_reveal_district(self, slot: int) -> None:
        if sum(self.decks["district"].values()) == 0:
            self.say("The District deck is empty: this place in Tokyo stays empty.", self.rule("C9"))
            if slot < len(self.tokyo):
                self.tokyo[slot] = None
            return
        self._chance("district", slot=slot)

    def _on_district(self, node: Node, did: str) -> None:
        self.decks["district"][did] -= 1
        slot = node[3]["slot"]
        while len(self.tokyo) <= slot:
            self.tokyo.append(None)
        self.tokyo[slot] = did
        self.say(f"{self.game.cards['district'][did]['name']} is revealed in Tokyo.",
                 self.rule("5.2" if self.turn_count == 0 else "14.10"))

    def _step_favor(self) -> None:
        self._chance("favor")

    def _on_favor(self, node: Node, seat: str) -> None:
        first = self.first_player = int(seat)
        self.say(f"The Favor of the Gods points to {self.pname(first)}, who plays first.",
                 self.rule("5.4"))
        self._push(["turn-start", first])

    # ===================== Drawing Cards ==================================================
    def _step_draw(self, seat: int, deck: str, why: str = "", count: dict[str, Any] | None = None) -> None:
        """``seat`` draws from ``deck`` (``any``: it chooses). A deck is never empty while
        its discard pile holds cards (``to_discard``, ``_on_draw``: ruling C9); with both
        empty, nothing is drawn. ``count``: for one of several reward draws, which one and
        why so many, {"n": 1.., "of": all, "parts": [[name, cards, what], ...]} (``reward_draws``),
        given with the choice of deck."""
        if deck == "any":
            options = [d for d in ("character", "event") if self._can_draw(d)]
            if not options:
                return
            self._ask(seat, "choose-deck", why=why, **(count or {}))
            return
        if not any(self.decks[deck].values()):  # (its discard pile is empty too: C9)
            self.say(f"The {deck} deck and its discard pile are empty: nothing to draw.", self.rule("C9"))
            return
        self._chance("draw", seat=seat, deck=deck)

    def reward_draws(self, seat: int, why: str, parts: list[list[Any]]) -> list[Step]:
        """The draw steps of a reward of several parts, ``[name, cards, what]`` each (``what``:
        "district", "threat", "plot"; the cards of a part with 0 are left out): each draw
        knows which it is of how many and why (for the prompt). With more than one card,
        the log says where each part comes from."""
        parts = [p for p in parts if p[1] > 0]
        total = sum(p[1] for p in parts)
        if total > 1 or len(parts) > 1:
            word = {"level": "levelling", "reward": "holding"}[why]
            district = self.game.cards["district"][self.live_conflict()["district"]]["name"]
            lines = ", ".join(self._reward_part_words(p, why) for p in parts)
            self.say(f"{self.pname(seat)} draws {total} card{'s' * (total != 1)} for {word} {district}: {lines}.",
                     self.rule("14.7" if why == "level" else "13.9.4"))
        return [["draw", seat, "any", why, {"n": k + 1, "of": total, "parts": _deep(parts)}] for k in range(total)]

    @staticmethod
    def _reward_part_words(part: list[Any], why: str) -> str:
        """One part of a reward in words: "2 for Shibuya's reward", "1 more from The Evil Twin"."""
        name, n, what = part
        if what == "district":
            return f"{n} for {name}'s reward" if why == "level" else f"{n} more from {name}"
        if what == "plot":
            return f"{n} more from the Plot {name}"
        return f"{n} for the Threat {name}" if why == "reward" else f"{n} more from the Threat {name}"

    def _deck_size(self, deck: str) -> int:
        return sum(self.decks[deck].values())

    def _can_draw(self, deck: str) -> bool:
        """Whether a card can be drawn from ``deck``: it or its discard pile holds cards."""
        return any(self.decks[deck].values()) or bool(self.discards[deck])

    def to_discard(self, deck: str, cid: str) -> None:
        """``cid`` goes to the discard pile of ``deck`` (``character`` or ``event``). If
        that deck is empty, the pile becomes the new deck at once (ruling C9)."""
        self.discards[deck].append(cid)
        if not any(self.decks[deck].values()):
            self.reform_deck(deck)

    def reform_deck(self, deck: str) -> None:
        """Rulebook, Drawing Cards: when a deck's last card is taken, its discard pile becomes
        the new deck (an unordered multiset: each later draw is a chance node). Called
        when a card leaves a deck or reaches the pile of an empty one; nothing happens while
        the pile is empty (ruling C9)."""
        if not self.discards[deck] or any(self.decks[deck].values()):
            return
        pile = self.decks[deck]
        for cid in self.discards[deck]:
            pile[cid] = pile.get(cid, 0) + 1
        self.discards[deck] = []
        self.say(f"The {deck} deck is empty: its discard pile is reshuffled into a new deck.",
                 self.rule("7.1.4"))

    def _legal_choose_deck(self, node: Node) -> list[str]:
        return [f"draw {d}" for d in ("character", "event") if self._can_draw(d)]

    def _do_choose_deck(self, node: Node, text: str) -> None:
        self._push(["draw", node[1], text.split()[1]])

    def _on_draw(self, node: Node, cid: str) -> None:
        seat, deck = node[3]["seat"], node[3]["deck"]
        self.decks[deck][cid] -= 1
        self.reform_deck(deck)
        self.add_to_hand(seat, cid)
        if not self.quiet:
            self.say(f"{self.pname(seat)} draws {'an' if deck == 'event' else 'a'} {deck} card.", self.rule("7.1.1"))
            self.say(f"You draw {self._card_title(cid)}.", self.rule("7.1.1"), seats=(seat,))

    def take_from_hand(self, seat: int, cid: str) -> None:
        """A card leaves ``seat``'s hand (played, sent, recruited or discarded)."""
        self.hands[seat].remove(cid)
        if cid in self.known_cards[seat]:
            self.known_cards[seat].remove(cid)

    def put_in_hand_openly(self, seat: int, cid: str) -> None:
        """A card goes to ``seat``'s hand in view of everyone (from a discard pile, back
        from play): every seat knows it is there until it leaves (resample keeps it)."""
        self.add_to_hand(seat, cid)
        self.known_cards[seat].append(cid)

    # The limits can be broken only when a hand or a Reserve grows or the Plot (which may
    # set them) changes: these are the only ways in, and each has the limits checked
    # before the next step (``_check_limits``); a card leaving changes nothing.
    def add_to_hand(self, seat: int, cid: str) -> None:
        """Card ``cid`` enters ``seat``'s hand."""
        self.hands[seat].append(cid)
        self._limits_due = True

    def add_to_reserve(self, seat: int, inst: Instance) -> None:
        """Character instance ``inst`` enters ``seat``'s Reserve (a Threat is destroyed there)."""
        self.reserves[seat].append(inst)
        self._limits_due = True

    def set_plot(self, card: str, which: str) -> None:
        """Half ``which`` of Event ``card`` becomes the Plot in play."""
        self.plot = {"card": card, "half": which}
        self._limits_due = True

    def _card_title(self, cid: str) -> str:
        cs = self.game.cards
        if cid in cs["character"]:
            c = cs["character"][cid]
            return f"{c['threat']['name']} / {c['hero']['name']}"
        c = cs["event"][cid]
        return f"{c['a']['name']} / {c['b']['name']}"

    def _check_limits(self) -> bool:
        """Hand limit and Reserve limit apply at once, whoever's turn it is: checked before
        the next step once a hand or Reserve grew or the Plot changed (``_limits_due``),
        until every hand and Reserve is within its limit again."""
        n = self.game.num_players
        rules = self.rules() if self.plot is not None else {}
        hand_limit, reserve_limit = rules.get("hand_limit", 7), rules.get("reserve_limit", 3)
        # the usual answer (every hand and Reserve within its limit, only Heroes in
        # Reserves) is found with plain loops, no generators
        for h in self.hands:
            if len(h) > hand_limit:
                break
        else:
            for r in self.reserves:
                if len(r) > reserve_limit:
                    break
                for i in r:
                    if i["half"] != "hero":
                        break
                else:
                    continue
                break
            else:
                self._limits_due = False
                return False
        for k in range(n):
            p = (self.active + k) % n
            if len(self.hands[p]) > hand_limit:
                self._ask(p, "discard", reason="hand limit")
                return self.node is not None  # answered at once (C25): check the limits again
        for k in range(n):
            p = (self.active + k) % n
            threats = [i for i in self.reserves[p] if i["half"] == "threat"]
            for inst in threats:
                self.say(f"{self.card_half(inst)['name']} is a Threat and is destroyed on entering a Reserve.",
                         self.rule("18.4.1"))
                self.reserves[p].remove(inst)
                self.destroy_instance(inst)
            if len(self.reserves[p]) > reserve_limit:
                self._ask(p, "reserve-limit")
                return self.node is not None
        self._limits_due = False  # every hand and Reserve is within its limit
        return False

    def _legal_discard(self, node: Node) -> list[str]:
        return [f"discard {c}" for c in dict.fromkeys(self.hands[node[1]])]

    def _do_discard(self, node: Node, text: str) -> None:
        cid = text.split()[1]
        self.take_from_hand(node[1], cid)
        deck = "character" if cid in self.game.cards["character"] else "event"
        self.to_discard(deck, cid)
        self.say(f"{self.pname(node[1])} discards {self._card_title(cid)}.",
                 self.rule("7.1.6") if node[3].get("reason") == "hand limit"
                 else self.effect_rule(node[3]["source"]))
        left = node[3].get("left", 0) - 1
        if left > 0:
            self._ask(node[1], "discard", reason=node[3].get("reason", ""), left=left)

    def _legal_reserve_limit(self, node: Node) -> list[str]:
        return [f"destroy {i['uid']}" for i in self.reserves[node[1]]]

    def _do_reserve_limit(self, node: Node, text: str) -> None:
        uid = int(text.split()[1])
        inst = next(i for i in self.reserves[node[1]] if i["uid"] == uid)
        self.reserves[node[1]].remove(inst)
        self.say(f"{self.pname(node[1])} destroys {self.card_half(inst)['name']} (Reserve limit).",
                 self.rule("8.3"))
        self.destroy_instance(inst)

    def destroy_instance(self, inst: Instance) -> None:
        """A Character leaves play: to the Character discard pile, its Gifts to the Event pile."""
        self.to_discard("character", inst["card"])
        for g in inst["gifts"]:
            self.to_discard("event", g["card"])
        inst["gifts"] = []

    # ===================== Turn Sequence ================================================
    def _step_turn_start(self, seat: int) -> None:
        if self.turn_count >= self.option("turn_limit"):  # ruling C10: after turn_limit turns
            self._finish_by_count(f"the turn limit ({self.option('turn_limit')}) is reached")
            return
        self.active = seat
        self.turn_count += 1
        if seat in self.defended:
            self.defended.remove(seat)
        first = not self.had_turn[seat]
        self.had_turn[seat] = True
        self.actions_left = 1 if first else 2
        if not self.quiet:
            self.say(f"Turn {self.turn_count}: {self.pname(seat)} ({self.actions_left} action"
                     f"{'s' * (self.actions_left != 1)}).", self.rule("7.0.7" if first else "7.0.2"))
        steps = [["draw", seat, "any", "plot"]] * self.rules().get("start_draw", 0)
        if self.option("resources"):
            steps.append(["resources", seat])
        self._push(*steps, ["action"])

    def _step_resources(self, seat: int) -> None:
        self._ask(seat, "resources")

    def _legal_resources(self, node: Node) -> list[str]:
        return self._legal_choose_deck(node) + ["skip"]

    def _do_resources(self, node: Node, text: str) -> None:
        if text != "skip":
            self._push(["draw", node[1], text.split()[1]])

    def _step_action(self) -> None:
        if self.turn_count > self.option("turn_limit"):
            self._finish_by_count(f"the turn limit ({self.option('turn_limit')}) is reached")
            return
        if self.actions_left <= 0:
            self._push(["end-turn"])
            return
        self._ask(self.active, "action")

    def _legal_action(self, node: Node) -> list[str]:
        p = self.active
        out = [f"draw {d}" for d in ("character", "event") if self._can_draw(d)]
        hand = self.hands[p]
        characters = self.game.cards["character"]
        for cid in dict.fromkeys(hand):
            if cid in characters:
                out.append(f"recruit {cid}")
        out += self._event_plays(p, in_conflict=False)
        out += self._talent_uses(p, in_conflict=False)
        if self.actions_left >= self.attack_cost():
            threats = sum(c in characters for c in hand)
            if threats:
                districts = self.game.cards["district"]
                for did in self.tokyo:
                    if did and districts[did].get("special", {}).get("min_threats", 1) <= threats:
                        out.append(f"attack {did}")
        out.append("end")
        return out

    def _threats_needed(self, did: str) -> int:
        return int(self.game.cards["district"][did].get("special", {}).get("min_threats", 1))

    def _do_action(self, node: Node, text: str) -> None:
        words = text.split()
        p = self.active
        if words[0] == "end":
            self.say(f"{self.pname(p)} ends its turn.", self.rule("C13"))
            self.actions_left = 0
            self._push(["end-turn"])
            return
        if words[0] == "attack":
            self.actions_left -= self.attack_cost()
            self._push(["attack", words[1]], ["action"])
            return
        self.actions_left -= 1
        self._push(["action"])
        if words[0] == "draw":
            self._push(["draw", p, words[1]])
        elif words[0] == "recruit":
            self.recruit(p, words[1])
        elif words[0] == "play":
            self.play_event(p, words[1], words[2])
        elif words[0] == "talent":
            self.use_talent(p, int(words[1]), int(words[2]))

    def recruit(self, seat: int, cid: str) -> None:
        self.take_from_hand(seat, cid)
        self.note_played(seat, cid)
        inst = self.new_instance(cid, "hero", seat)
        self.add_to_reserve(seat, inst)
        self.say(f"{self.pname(seat)} recruits {self.card_half(inst)['name']}.", self.rule("8.1"))
        self._push(*self._wild_steps(inst))

    def _wild_steps(self, inst: Instance) -> list[Step]:
        if self.card_half(inst).get("spheres", {}).get("wild"):
            return [["wild", inst["uid"]]]
        return []

    def _step_wild(self, uid: int) -> None:
        found = self.find(uid)
        if found and found[2]["wild"] is None:
            self._ask(found[1], "wild", uid=uid)

    def _legal_wild(self, node: Node) -> list[str]:
        return [f"power {p}" for p in POWERS]

    def _do_wild(self, node: Node, text: str) -> None:
        inst = self.instance(node[3]["uid"])
        inst["wild"] = text.split()[1]
        self.say(f"The wildcard spheres of {self.card_half(inst)['name']} are {POWER_NAMES[inst['wild']]}.",
                 self.rule("12.1.3"))

    def _step_end_turn(self) -> None:
        pending, self.end_of_turn = self.end_of_turn, []
        steps = []
        for e in pending:
            self.resolving.append(e["card"])
            steps.append(["resolve-occurrence", e["card"], e["half"], e["user"], True])
        n = self.game.num_players
        self._push(*steps, ["turn-start", (self.active + 1) % n])

    def _finish_by_count(self, why: str) -> None:
        best = max(len(d) for d in self.districts)
        winners = [p for p, d in enumerate(self.districts) if len(d) == best] if best > 0 else []
        self.finish(winners, "most-districts", why)

    def finish(self, winners: list[int], how: str, why: str) -> None:
        self.winners = sorted(winners)
        self.win_by = how
        self.node = None
        self.stack = []
        who = ", ".join(self.pname(p) for p in self.winners) or "nobody"
        self.say(f"Game over ({why}): {who} wins.", self.rule("15.1" if how == "districts" else "C10"))

    # ----- Events and Talents (effects.py interprets their ops) -----------------------------
    def _event_plays(self, seat: int, in_conflict: bool) -> list[str]:
        out = []
        events = self.game.cards["event"]
        for cid in dict.fromkeys(self.hands[seat]):
            if cid in events:
                for which in ("a", "b"):
                    if effects.event_playable(self, seat, cid, which, in_conflict):
                        out.append(f"play {cid} {which}")
        return out

    def _talent_uses(self, seat: int, in_conflict: bool) -> list[str]:
        if self.plot is not None and self.rules().get("no_talents"):
            return []
        insts = self.reserves[seat]
        if in_conflict and self.conflict:
            c = self.conflict
            side = "att" if seat == c["attacker"] else "def"
            insts = insts + [i for i in c[side] if i["owner"] == seat]
        out = []
        turn = self.turn_count
        for inst in insts:
            if inst["talent_turn"] == turn:
                continue
            for k, t in enumerate(effects.talents_of(self, inst)):
                if effects.ops_possible(self, seat, t["effects"], in_conflict):
                    out.append(f"talent {inst['uid']} {k}")
        return out

    def play_event(self, seat: int, cid: str, which: str) -> None:
        effects.play_event(self, seat, cid, which)

    def use_talent(self, seat: int, uid: int, k: int) -> None:
        effects.use_talent(self, seat, uid, k)

    def _step_resolve_occurrence(self, cid: str, which: str, user: int, deferred: bool = False) -> None:
        effects.resolve_occurrence(self, cid, which, user, deferred)

    def _step_op(self, user: int, op: Card, source: str) -> None:
        effects.run_op(self, user, op, source)

    def _step_discard_event(self, cid: str) -> None:
        self.resolving.remove(cid)
        self.to_discard("event", cid)

    def _step_destroy_self(self, uid: int) -> None:
        found = self.find(uid)
        if found:
            where, p, inst = found
            self._remove_instance(inst)
            self.say(f"{self.card_half(inst)['name']} is destroyed by its own Talent.",
                     card_cite(inst["card"], inst["half"], self.card_half(inst)["name"]))
            self.destroy_instance(inst)

    def _remove_instance(self, inst: Instance) -> None:
        for res in self.reserves:
            if inst in res:
                res.remove(inst)
                return
        c = self.conflict
        if c:
            for side in ("att", "def"):
                if inst in c[side]:
                    c[side].remove(inst)
                    return

    # Generic nodes used by effects (legal/do functions live in effects.py)
    def _legal_effect(self, node: Node) -> list[str]:
        return effects.effect_legal(self, node)

    def _do_effect(self, node: Node, text: str) -> None:
        effects.effect_do(self, node, text)

    def _on_portal(self, node: Node, cid: str) -> None:
        self.decks["character"][cid] -= 1
        self.reform_deck("character")
        effects.portal_revealed(self, node, cid)

    def _on_random_discard(self, node: Node, cid: str) -> None:
        seat = node[3]["seat"]
        self.take_from_hand(seat, cid)
        deck = "character" if cid in self.game.cards["character"] else "event"
        self.to_discard(deck, cid)
        self.say(f"{self.pname(seat)} discards {self._card_title(cid)} at random.", self.effect_rule(node[3]["source"]))

    def _step_each_discard(self, seat: int, n: int, source: str) -> None:
        effects._step_each_discard(self, seat, n, source)

    def _step_random_discard(self, seat: int, source: str) -> None:
        if self.hands[seat]:
            self._chance("random-discard", seat=seat, source=source)

    def _step_portal(self, user: int, source: str) -> None:
        if self._deck_size("character") and self.conflict:
            self._chance("portal", user=user, source=source)

    def _chance_outcomes(self) -> list[tuple[str, float]]:
        assert self.node is not None  # asked at a chance node only
        kind, data = self.node[2], self.node[3]
        if kind in ("draw", "portal"):
            deck = self.decks["character" if kind == "portal" else data["deck"]]
            total = sum(deck.values())
            texts = self.game.outcome_texts["draw" if kind == "draw" else "reveal"]
            return [(texts[c], k / total) for c, k in deck.items() if k]
        if kind == "district":
            deck = self.decks["district"]
            total = sum(deck.values())
            texts = self.game.outcome_texts["reveal"]
            return [(texts[c], k / total) for c, k in deck.items() if k]
        if kind == "favor":
            n = self.game.num_players
            return [(f"first {p}", 1.0 / n) for p in range(n)]
        if kind == "random-discard":
            hand = self.hands[data["seat"]]
            return [(f"discard {c}", 1.0 / len(hand)) for c in hand]
        raise ValueError(kind)

    # ===================== Conflicts =====================================================
    def _step_attack(self, did: str) -> None:
        p = self.active
        slot = self.tokyo.index(did)
        self.conflict = {"attacker": p, "district": did, "slot": slot, "att": [], "att_power": None,
                         "defender": None, "def": [], "def_power": None, "asked": [], "passed": [False, False],
                         "bonus": [0, 0], "no_superiority": False, "turn": None}
        self.say(f"{self.pname(p)} attacks {self.game.cards['district'][did]['name']}.",
                 self.rule("13.1.1"))
        self._push(["send-threat"])

    def _step_send_threat(self) -> None:
        c = self.live_conflict()
        need = self._threats_needed(c["district"])
        hand_chars = [x for x in self.hands[c["attacker"]] if x in self.game.cards["character"]]
        if len(c["att"]) >= 2 or not hand_chars:
            self._push(["attack-power"])
            return
        self._ask(c["attacker"], "send", need=need)

    def _legal_send(self, node: Node) -> list[str]:
        c = self.live_conflict()
        out = [f"send {x}" for x in dict.fromkeys(self.hands[c["attacker"]]) if x in self.game.cards["character"]]
        if len(c["att"]) >= node[3]["need"]:
            out.append("done")
        return out

    def _do_send(self, node: Node, text: str) -> None:
        c = self.live_conflict()
        if text == "done":
            self._push(["attack-power"])
            return
        cid = text.split()[1]
        self.take_from_hand(c["attacker"], cid)
        self.note_played(c["attacker"], cid)
        inst = self.new_instance(cid, "threat", c["attacker"])
        c["att"].append(inst)
        self.say(f"{self.pname(c['attacker'])} sends {self.card_half(inst)['name']}.",
                 self.rule("13.1.2"))
        self._push(*self._wild_steps(inst), ["send-threat"])

    def _step_attack_power(self) -> None:
        self._ask(self.live_conflict()["attacker"], "attack-power")

    def _legal_attack_power(self, node: Node) -> list[str]:
        return [f"power {p}" for p in POWERS]

    def _do_attack_power(self, node: Node, text: str) -> None:
        c = self.live_conflict()
        c["att_power"] = text.split()[1]
        self.say(f"{self.pname(c['attacker'])} attacks with {POWER_NAMES[c['att_power']]}.",
                 self.rule("13.1.3"))
        self._push(["seek-defender"])

    def defence_order(self) -> list[int]:
        """Seats offered the defence in order: from the attacker's right, against the turn
        order (the seat to the right is seat - 1); option ``defence_order=left``: in turn order."""
        a, n = self.live_conflict()["attacker"], self.game.num_players
        step = 1 if self.option("defence_order") == "left" else -1
        return [(a + step * k) % n for k in range(1, n)]

    def _step_seek_defender(self) -> None:
        c = self.live_conflict()
        for p in self.defence_order():
            if p in c["asked"]:
                continue
            c["asked"].append(p)
            if p in self.defended:
                self.say(f"{self.pname(p)} has defended since its last turn and cannot defend.",
                         self.rule("13.2.4"))
                continue
            self._push(["seek-defender"])
            self._ask(p, "defend")
            return
        self.say("Nobody defends: the attacker has a single manoeuvre.", self.rule("13.6.1"))
        c["turn"] = c["attacker"]
        self._push(["solo-manoeuvre"])

    def _legal_defend(self, node: Node) -> list[str]:
        return ["defend", "decline"]

    def _do_defend(self, node: Node, text: str) -> None:
        c = self.live_conflict()
        p = node[1]
        if text == "decline":
            self.say(f"{self.pname(p)} does not defend.", self.rule("13.2.1"))
            return
        self.stack.pop()  # no more candidates: drop the pending seek-defender
        c["defender"] = p
        self.defended.append(p)
        self.say(f"{self.pname(p)} defends.", self.rule("13.2.2"))
        self._push(["deploy"])

    def _step_deploy(self) -> None:
        c = self.live_conflict()
        if self.reserves[c["defender"]]:
            self._ask(c["defender"], "deploy")
        else:
            self._push(["defend-power"])

    def _legal_deploy(self, node: Node) -> list[str]:
        return [f"deploy {i['uid']}" for i in self.reserves[node[1]]] + ["done"]

    def _do_deploy(self, node: Node, text: str) -> None:
        c = self.live_conflict()
        if text == "done":
            self._push(["defend-power"])
            return
        uid = int(text.split()[1])
        inst = next(i for i in self.reserves[node[1]] if i["uid"] == uid)
        self.reserves[node[1]].remove(inst)
        c["def"].append(inst)
        self.say(f"{self.pname(node[1])} deploys {self.card_half(inst)['name']}.",
                 self.rule("13.3.1"))
        self._push(["deploy"])

    def _step_defend_power(self) -> None:
        self._ask(self.live_conflict()["defender"], "defend-power")

    def _legal_defend_power(self, node: Node) -> list[str]:
        # a def, not an alias in the class body: the compiled engine (mypyc) cannot alias methods
        return self._legal_attack_power(node)

    def _do_defend_power(self, node: Node, text: str) -> None:
        c = self.live_conflict()
        c["def_power"] = text.split()[1]
        self.say(f"{self.pname(c['defender'])} defends with {POWER_NAMES[c['def_power']]}.",
                 self.rule("13.3.2"))
        c["turn"] = c["defender"]
        self._push(["combat"])

    def _step_combat(self) -> None:
        c = self.conflict
        if c is None:
            return
        if all(c["passed"]):
            self._push(["resolve-combat"])
            return
        idx = 0 if c["turn"] == c["attacker"] else 1
        if c["passed"][idx]:
            c["turn"] = c["defender"] if idx == 0 else c["attacker"]
        self._ask(c["turn"], "manoeuvre")

    def _legal_manoeuvre(self, node: Node) -> list[str]:
        p = node[1]
        return self._event_plays(p, in_conflict=True) + self._talent_uses(p, in_conflict=True) + ["pass"]

    def _do_manoeuvre(self, node: Node, text: str) -> None:
        c = self.live_conflict()
        p = node[1]
        words = text.split()
        solo = c["defender"] is None
        if words[0] == "pass":
            self.say(f"{self.pname(p)} passes.", self.rule("13.5.4") if not solo else self.rule("13.6.1"))
            if solo:
                self._push(["level"])
                return
            c["passed"][0 if p == c["attacker"] else 1] = True
        if solo and words[0] != "pass":
            self._push(["level"])
        elif not solo:
            c["turn"] = c["defender"] if p == c["attacker"] else c["attacker"]
            self._push(["combat"])
        if words[0] == "play":
            self.play_event(p, words[1], words[2])
        elif words[0] == "talent":
            self.use_talent(p, int(words[1]), int(words[2]))

    def _step_solo_manoeuvre(self) -> None:
        self._ask(self.live_conflict()["attacker"], "manoeuvre")

    def side_total(self, side: str, power: str) -> int:
        """Spheres of ``power`` on a side, with Threat passives, effect bonuses and the
        District's defender bonus (Superiority not included)."""
        total = threats = per_other = 0
        for i in self.live_conflict()[side]:
            total += self.spheres(i, power)
            if i["half"] == "threat":  # a Threat's passive works on whichever side it fights (ruling C20)
                threats += 1
                per_other += self.card_half(i).get("passive", {}).get("bonus_per_other_threat", 0)
        return total + per_other * (threats - 1)

    def combat_totals(self) -> tuple[int, int]:
        """(attacker, defender) totals: spheres of the declared powers, effect bonuses,
        District bonus, and +2 (or the Plot's bonus) for Superiority unless the total is 0."""
        c = self.live_conflict()
        att_sup, def_sup = self.superiority_bonuses()
        att = self.side_total("att", c["att_power"]) + c["bonus"][0] + att_sup
        dfn = self.side_total("def", c["def_power"]) + c["bonus"][1] + def_sup
        dfn += self.game.cards["district"][c["district"]].get("special", {}).get("defender_bonus", 0)
        return att, dfn

    def superiority_bonuses(self) -> tuple[int, int]:
        """(attacker, defender): the Superiority bonus each side's total includes, +2 (or
        the Plot's bonus) for the superior power, 0 otherwise."""
        c = self.live_conflict()
        bonus = self.rules().get("superiority_bonus", 2)
        no_sup = c["no_superiority"] or self.game.cards["district"][c["district"]].get("special", {}).get("no_superiority")
        if no_sup:
            return 0, 0
        # a side with zero spheres gets no Superiority, whatever its bonuses (C7)
        att = bonus if self.side_total("att", c["att_power"]) > 0 and self.superior(c["att_power"], c["def_power"]) else 0
        dfn = bonus if self.side_total("def", c["def_power"]) > 0 and self.superior(c["def_power"], c["att_power"]) else 0
        return att, dfn

    def superiority_withheld(self) -> tuple[str | None, str | None]:
        """(attacker, defender): why a side whose power is superior to the other's (the
        Dragon) gets no Superiority bonus, or None (not superior, or it gets the bonus):
        ``"district"`` (the District's special rule), ``"card"`` (a card took Superiority
        away in this Conflict), ``"no-spheres"`` (no spheres of its power: 13.7.4)."""
        c = self.live_conflict()
        sup = self.superiority_bonuses()
        out: list[str | None] = []
        for i, side in enumerate(("att", "def")):
            mine, other = (c["att_power"], c["def_power"]) if side == "att" else (c["def_power"], c["att_power"])
            if sup[i] or not self.superior(mine, other):
                out.append(None)
            elif self.game.cards["district"][c["district"]].get("special", {}).get("no_superiority"):
                out.append("district")
            elif c["no_superiority"]:
                out.append("card")
            else:
                out.append("no-spheres")
        return out[0], out[1]

    def total_parts(self, side: str) -> dict[str, Any]:
        """The parts of a side's combat total (both powers declared), for the table to show
        every one: ``spheres`` (its Characters' spheres of its power), ``abilities`` (Threat
        passives), ``cards`` (effect bonuses), ``superiority`` and ``district`` (the
        District's defender bonus). They add up to that side's total of ``combat_totals``."""
        c = self.live_conflict()
        i = 0 if side == "att" else 1
        power = c["att_power" if side == "att" else "def_power"]
        raw = sum(self.spheres(inst, power) for inst in c[side])
        district = self.game.cards["district"][c["district"]].get("special", {}).get("defender_bonus", 0)
        return {"spheres": raw, "abilities": self.side_total(side, power) - raw, "cards": c["bonus"][i],
                "superiority": self.superiority_bonuses()[i], "district": district if side == "def" else 0}

    def totals_with(self, side: str, power: str) -> list[int]:
        """The (attacker, defender) totals if ``side`` fought with ``power`` instead (the other
        side's power declared): what a power choice would make of the combat. Reads a copy;
        the state is not changed."""
        return list(self._with_power(side, power).combat_totals())

    def withheld_with(self, side: str, power: str) -> list[str | None]:
        """``superiority_withheld`` if ``side`` fought with ``power`` instead (a copy is read)."""
        return list(self._with_power(side, power).superiority_withheld())

    def _with_power(self, side: str, power: str) -> "CrisisState":
        """A shallow copy whose Conflict has ``side`` fighting with ``power`` (for reading only)."""
        other = self._shallow_copy()
        other.conflict = dict(self.live_conflict(), **{"att_power" if side == "att" else "def_power": power})
        return other

    def _step_resolve_combat(self) -> None:
        c = self.live_conflict()
        att, dfn = self.combat_totals()
        self.say(f"Combat: attacker {att}, defender {dfn}.", self.rule("13.7.5"))
        # the totals the combat was resolved with, for the table (the sides change next)
        c["result"] = {"outcome": None, "totals": [att, dfn]}
        if att > dfn:
            self.say("The attacking side wins: the defending side is destroyed.", self.rule("13.8.1"))
            for inst in c["def"]:
                self.destroy_instance(inst)
            c["def"] = []
            self._push(["level"])
            return
        if dfn > att or (dfn == att and self.rules().get("ties_to_defender")):
            self.say("The defending side wins.", self.rule("13.9.1"))
            c["result"]["outcome"] = "held"
            district = self.game.cards["district"][c["district"]]
            parts = [[self.card_half(i)["name"], self.card_half(i).get("passive", {}).get("counts_as", 1), "threat"]
                     for i in c["att"] if i["half"] == "threat"]
            parts.append([district["name"], district.get("special", {}).get("defender_reward", 0), "district"])
            if self.plot is not None:
                parts.append([self.card_half(self.plot)["name"], self.rules().get("defender_reward", 0), "plot"])
            for inst in c["def"]:
                self.add_to_reserve(inst["owner"], inst)
            c["def"] = []
            d = c["defender"]
            self._push(["end-conflict", "13.9.3"], *self.reward_draws(d, "reward", parts))
            return
        self.say("Tie: both sides are destroyed.", self.rule("13.10.1"))
        c["result"]["outcome"] = "tie"
        for inst in c["def"]:
            self.destroy_instance(inst)
        c["def"] = []
        self._push(["end-conflict", "13.10.2"])

    # ===================== Leveling Districts ==============================================
    def level_strength(self) -> bool:
        """Whether the attacking side levels the District (see ``level_rule``)."""
        return self.level_rule() is not None

    def level_rule(self) -> str | None:
        """The statement key by which the attacking side levels the District (14.3 its
        resistance to the attack power, 12.1.5 white spheres, 17.3.1 Brute Force, 17.2.1
        Collateral Damage), or None when it does not."""
        c = self.live_conflict()
        d = self.game.cards["district"][c["district"]]
        power = c["att_power"]
        total = self.side_total("att", power)
        white = d.get("white")
        resist = d.get("resistance", {})
        if white is not None:
            if total >= white:
                return "12.1.5"
        elif power in resist and total >= resist[power]:
            return "14.3"
        if self.option("brute_force") and total >= 8:
            return "17.3.1"
        if self.option("collateral_damage"):
            values = [white] if white is not None else list(resist.values())
            for p in POWERS:
                # passives add spheres of the attack power only
                t = total if p == power else sum(self.spheres(i, p) for i in self.live_conflict()["att"])
                if t > 0 and any(t >= v for v in values):
                    return "17.2.1"
        return None

    def hand_can_level(self, seat: int) -> dict[str, bool]:
        """For each District in Tokyo, whether ``seat`` could level it with the Threats of its
        hand as they are now: some one or two of them (at least as many as the District
        asks), sent with some power, wildcard spheres taken as that power, reach what levels
        it (``level_rule``: resistance, white spheres, the optional rules). Cards played
        during a Conflict may change the spheres; this reads only the hand (nothing is
        changed). An attack on a District it cannot level stays legal (13.1.4, 14.4, 14.5)."""
        chars = [cid for cid in self.hands[seat] if cid in self.game.cards["character"]]
        groups = {tuple(sorted(g)) for k in (1, 2) for g in itertools.combinations(chars, k)}
        probe = self._shallow_copy()
        out = {}
        for did in self.tokyo:
            if not did:
                continue
            need = self._threats_needed(did)
            out[did] = False
            for group in groups:
                if len(group) < need:
                    continue
                for power in POWERS:
                    att = [{"uid": -k - 1, "card": cid, "half": "threat", "owner": seat, "wild": power, "mods": {},
                            "gifts": [], "talent_turn": -1} for k, cid in enumerate(group)]
                    probe.conflict = {"district": did, "att": att, "att_power": power}
                    if probe.level_rule() is not None:
                        out[did] = True
                        break
                if out[did]:
                    break
        return out

    def _step_level(self) -> None:
        c = self.live_conflict()
        d = self.game.cards["district"][c["district"]]
        how = self.level_rule()
        result = c.setdefault("result", {"outcome": None, "totals": None})  # no totals without a combat
        result["outcome"] = "levelled" if how is not None else "standing"
        if how is not None:
            a = c["attacker"]
            self.tokyo[c["slot"]] = None
            self.districts[a].append(c["district"])
            self.say(f"{self.pname(a)} levels {d['name']}!", self.rule(how))
            if len(self.districts[a]) >= self.option("districts_to_win"):
                self.finish([a], "districts", f"{self.pname(a)} holds {len(self.districts[a])} Districts")
                return
            parts = [[d["name"], d.get("special", {}).get("reward", 1), "district"]]
            if self.plot is not None:
                parts.append([self.card_half(self.plot)["name"], self.rules().get("level_reward", 0), "plot"])
            parts += [[self.card_half(i)["name"], self.card_half(i).get("passive", {}).get("reward", 0), "threat"]
                      for i in c["att"]]
            self._push(*self.reward_draws(a, "level", parts), ["end-conflict"], ["reveal-district", c["slot"]])
            return
        no_value = d.get("white") is None and c["att_power"] not in d.get("resistance", {})
        self.say(f"The attack fails to level {d['name']}.", self.rule("14.5" if no_value else "14.4"))
        self._push(["end-conflict"])

    def _step_end_conflict(self, key: str = "14.9") -> None:
        c = self.live_conflict()
        for inst in c["att"]:
            self.destroy_instance(inst)
        for inst in c["def"]:
            self.add_to_reserve(inst["owner"], inst)
        self.conflict = None
        self.say("The Conflict ends; the attacking side is destroyed.", self.rule(key))

    # ===================== kernel: data, clone, observation ===========================
    _FIELDS: ClassVar[tuple[str, ...]] = ("decks", "discards", "hands", "known_cards", "reserves", "districts", "tokyo", "plot", "conflict", "active",
               "turn_count", "actions_left", "had_turn", "defended", "end_of_turn", "resolving", "next_uid", "stack",
               "node",
               "winners", "win_by", "played", "first_player")

    def _to_data(self) -> dict[str, Any]:
        return {k: _deep(getattr(self, k)) for k in self._FIELDS}

    def _from_data(self, d: dict[str, Any]) -> None:
        d = dict(d)
        # states saved before plays were tracked have no "played": nothing played yet
        d.setdefault("played", [[] for _ in range(self.game.num_players)])
        d.setdefault("first_player", None)  # likewise for the first player
        for k in self._FIELDS:
            setattr(self, k, _deep(d[k]))
        if len(self.played) != self.game.num_players:
            raise ValueError(f"played must have one list per seat ({self.game.num_players}), not {len(self.played)}")
        for deck in self.decks:
            order = self.game.cards[deck]
            self.decks[deck] = {c: self.decks[deck][c] for c in order if c in self.decks[deck]}

    def clone(self) -> "CrisisState":
        """An independent copy. The fields are plain data (lists, dicts, strings, numbers),
        which marshal copies in C, several times faster than ``_deep``; an object the state
        holds in two places stays one object in the copy, as in the original."""
        other = type(self)(self.game, blank=True)
        self._copy_base_into(other)
        fields = self._FIELDS
        for k, v in zip(fields, marshal.loads(marshal.dumps([getattr(self, k) for k in fields]))):
            setattr(other, k, v)
        other._limits_due = self._limits_due
        return other

    def _shallow_copy(self) -> "CrisisState":
        """A copy sharing every field's value with this state (for reading what a change
        of one field would make of the position; never played on)."""
        other = type(self)(self.game, blank=True)
        self._copy_base_into(other)
        for k in self._FIELDS:
            setattr(other, k, getattr(self, k))
        other._limits_due = self._limits_due
        return other

    def public_instance(self, inst: Instance) -> dict[str, Any]:
        """A Character in play as every seat sees it; ``talents``: the names of its Talents
        in the order of ``talent <uid> <k>`` (its own, then its Gifts')."""
        h = self.card_half(inst)
        return {"uid": inst["uid"], "card": inst["card"], "half": inst["half"], "name": h["name"],
                "owner": inst["owner"], "wild": inst["wild"], "mods": dict(inst["mods"]),
                "spheres": {p: n for p, n in self.sphere_counts(inst).items() if n},
                "gifts": [dict(g) for g in inst["gifts"]], "talent_used": inst["talent_turn"] == self.turn_count,
                "talents": [t["name"] for t in effects.talents_of(self, inst)],
                # printed wildcard spheres whose power is not chosen yet (0 once it is)
                "wild_open": 0 if inst["wild"] else h.get("spheres", {}).get("wild", 0)}

    def observation(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may know: its own hand; others' hand sizes and the cards all saw
        go into them (``known_cards``); the public table (Tokyo, Reserves, levelled
        Districts, Plot, Conflict with both totals, the superior side, the Superiority
        bonus in each total and why a superior side gets none (``withheld``), every part of
        each total and each side's spheres; at a choice of power, the totals each power would
        give; at a Conflict Character's wildcard choice, each power's spheres (``wild_if``); at
        the offer of the defence, what a defence with no Heroes would do (``defend_alone``);
        once over, how it ended (``result``)), deck sizes and discard piles; the
        Dragon and the limits as they stand (``beats``, ``limits``); the pending decision
        with its data (``node``: kind, seat, data: the card effect asking, its source); at
        its own action, which Districts the Threats of its hand could level (``can_level``);
        at its own action or manoeuvre, the plays that would change nothing now (``idle``).
        Characters in play tell their unchosen wildcard spheres (``wild_open``). JSON-safe."""
        return self._observe(seat, True)

    def _tensor_observation(self, seat: int) -> dict[str, Any]:
        """The observation without the parts made for clients, which the tensor does not
        read (``parts``, ``what_if``, ``wild_if`` left out; ``idle`` empty)."""
        return self._observe(seat, False)

    def _observe(self, seat: int | None, full: bool) -> dict[str, Any]:
        """:meth:`observation`; without ``full``, the parts for clients are left out."""
        if seat is not None and not 0 <= seat < self.game.num_players:
            raise ValueError(f"seat must be from 0 to {self.game.num_players - 1} (or None), not {seat}")
        node = self.node
        c = self.conflict
        conflict = None
        if c:
            conflict = {k: c[k] for k in ("attacker", "district", "att_power", "defender", "def_power", "passed",
                                          "bonus", "no_superiority")}
            # why no Superiority counts in this Conflict at all, whatever the powers: the
            # District's special rule ("district"), a card ("card"), or None
            conflict["superiority_off"] = (
                "district" if self.game.cards["district"][c["district"]].get("special", {}).get("no_superiority")
                else "card" if c["no_superiority"] else None)
            conflict["att"] = [self.public_instance(i) for i in c["att"]]
            conflict["def"] = [self.public_instance(i) for i in c["def"]]
            if c["att_power"] and c["def_power"]:
                conflict["totals"] = list(self.combat_totals())
                # which side's power is tactically superior (the Dragon), before the
                # bonus is withheld (no_superiority, zero spheres): for clients to show
                conflict["superior"] = ("att" if self.superior(c["att_power"], c["def_power"]) else
                                        "def" if self.superior(c["def_power"], c["att_power"]) else None)
                conflict["superiority"] = list(self.superiority_bonuses())  # the bonus in each total
                # every part of each total, for clients to show them all (they add up to it)
                if full:
                    conflict["parts"] = [self.total_parts("att"), self.total_parts("def")]
                # why a superior side gets no Superiority bonus (13.7.4 and the rest), per side
                conflict["withheld"] = list(self.superiority_withheld())
            # each side's spheres of its power (Threat passives included): what levels the District
            conflict["spheres"] = [self.side_total("att", c["att_power"]) if c["att_power"] else None,
                                   self.side_total("def", c["def_power"]) if c["def_power"] else None]
            # at a choice of power for one side (the other side's declared): the totals each
            # power would give, {"side": "att"|"def", "totals": {power: [attacker, defender]}}
            chooser = self._power_choice_side()
            if full and chooser and c["att_power" if chooser == "def" else "def_power"]:
                conflict["what_if"] = {"side": chooser,
                                       "totals": {p: self.totals_with(chooser, p) for p in POWERS},
                                       "withheld": {p: self.withheld_with(chooser, p) for p in POWERS}}
            # at the choice of a Conflict Character's wildcard power: what each choice gives,
            # {"uid", "side", "spheres": {power: that side's spheres of it}, "totals":
            # {power: [attacker, defender]} once both powers are declared, else None}
            # at the offer of the defence: the best a defence with no Heroes would do (the
            # defender's power chosen to keep the attacker's Superiority away), [attacker,
            # defender] totals, and the parts of the defender's ({"district", "cards"})
            if node is not None and node[0] == "decision" and node[2] == "defend" and c["att_power"]:
                alone = min((self._with_power("def", p).combat_totals() for p in POWERS),
                            key=lambda t: (t[0] - t[1], t[0]))
                conflict["defend_alone"] = {
                    "totals": list(alone),
                    "parts": {"district": self.game.cards["district"][c["district"]].get("special", {})
                              .get("defender_bonus", 0), "cards": c["bonus"][1]}}
            wild_if = self._wild_if() if full else None
            if wild_if:
                conflict["wild_if"] = wild_if
            # how the Conflict ended, once it has (it stays on the table until its last step):
            # {"outcome": "levelled" | "standing" | "held" | "tie", "totals": [attacker, defender]
            # the combat was resolved with, or None without a combat}
            result = c.get("result")
            conflict["result"] = dict(result, totals=result["totals"] and list(result["totals"])) \
                if result and result["outcome"] else None
        return {
            "game": self.game.game_id, "seat": seat, "active": self.active, "turn": self.turn_count,
            "actions_left": self.actions_left, "current_player": self._current_player(),
            "node": None if node is None else {"kind": node[2], "seat": node[1] if node[0] == "decision" else None,
                                               # what the decision is about (the card effect, its source):
                                               # public, like the log lines that led to it
                                               **({"data": _deep(node[3])} if node[0] == "decision" else {})},
            # the Dragon as it stands (a Plot may reverse it): power -> the powers it is superior to
            "beats": {p: [q for q in POWERS if q != p and self.superior(p, q)] for p in POWERS},
            # the limits as they stand (a Plot may change them)
            "limits": {"hand": self.hand_limit(), "reserve": self.reserve_limit(), "attack_actions": self.attack_cost()},
            "hand": list(self.hands[seat]) if seat is not None else None,
            "hand_sizes": [len(h) for h in self.hands],
            "known_cards": [list(k) for k in self.known_cards],
            "reserves": [[self.public_instance(i) for i in r] for r in self.reserves],
            "districts": [list(d) for d in self.districts], "tokyo": list(self.tokyo),
            "plot": dict(self.plot) if self.plot else None, "conflict": conflict,
            "deck_sizes": {k: self._deck_size(k) for k in self.decks},
            "discards": {k: list(v) for k, v in self.discards.items()},
            "defended": list(self.defended), "winners": self.winners,
            # at its own action: for each District in Tokyo, whether the Threats of its hand
            # could level it now (an attack that cannot is legal all the same); else None
            "can_level": self.hand_can_level(seat) if seat is not None and node is not None
            and node[0] == "decision" and node[2] == "action" and node[1] == seat else None,
            # at its own action or manoeuvre: the plays of an Occurrence or a Talent that would
            # change nothing now, with why in words (they stay legal: ruling C16)
            "idle": self._idle_plays(seat) if full else {},
        }

    def _idle_plays(self, seat: int | None) -> dict[str, str]:
        """{legal play or talent text: why it would change nothing now} at ``seat``'s own
        action or manoeuvre (``effects.idle_reason``); {} otherwise."""
        node = self.node
        if seat is None or node is None or node[0] != "decision" or node[1] != seat \
                or node[2] not in ("action", "manoeuvre"):
            return {}
        out = {}
        for text in self._legal_texts():
            if text.startswith(("play ", "talent ")):
                why = effects.idle_reason(self, seat, text)
                if why:
                    out[text] = why
        return out

    def _wild_if(self) -> dict[str, Any] | None:
        """At a ``wild`` decision for a Character in the Conflict: the spheres of each power
        its side would have with the wildcard spheres taken as that power, and the combat
        totals once both powers are declared (read only: the choice is put back)."""
        node = self.node
        if node is None or node[0] != "decision" or node[2] != "wild":
            return None
        found = self.find(node[3]["uid"])
        if not found or found[0] not in ("att", "def"):
            return None
        side, inst = found[0], found[2]
        c = self.live_conflict()
        spheres, totals = {}, {}
        try:
            for p in POWERS:
                inst["wild"] = p
                spheres[p] = self.side_total(side, p)
                if c["att_power"] and c["def_power"]:
                    totals[p] = list(self.combat_totals())
        finally:
            inst["wild"] = None
        return {"uid": inst["uid"], "side": side, "spheres": spheres, "totals": totals or None}

    def _power_choice_side(self) -> str | None:
        """The side ("att" or "def") whose power the pending decision chooses: the defender's
        power, or a card's new power for a side in the Conflict (change-power); else None."""
        node = self.node
        if node is None or node[0] != "decision" or self.conflict is None:
            return None
        if node[2] == "defend-power":
            return "def"
        if node[2] == "effect" and node[3].get("name") == "change-power":
            own = effects.user_side(self, node[1])
            if own is None:
                return None
            return own if node[3].get("side") == "own" else ("def" if own == "att" else "att")
        return None

    def resample(self, seat: int, rng: random.Random) -> "CrisisState":
        """A state consistent with ``seat``'s observation: every other hand is redealt
        from the cards ``seat`` has not seen (the unseen deck plus those hands), keeping
        each hand's number of Character and Event cards and the cards everyone saw go
        into it (``known_cards``)."""
        other = self.clone()
        for deck in ("character", "event"):
            pool = [c for c, k in other.decks[deck].items() for _ in range(k)]
            sizes = {}
            for p, hand in enumerate(other.hands):
                if p == seat:
                    continue
                known = other.known_cards[p]
                mine = [c for c in hand if c in self.game.cards[deck] and c not in known]
                sizes[p] = len(mine)
                pool += mine
                other.hands[p] = [c for c in hand if c not in mine]
            pool.sort()  # a canonical order: the redeal depends only on what ``seat`` knows
            rng.shuffle(pool)
            for p, k in sizes.items():
                other.hands[p] += pool[:k]
                pool = pool[k:]
            other.decks[deck] = {c: 0 for c in self.game.cards[deck] if c in other.decks[deck]}
            for c in pool:
                other.decks[deck][c] = other.decks[deck].get(c, 0) + 1
            other.decks[deck] = {c: k for c, k in other.decks[deck].items() if k}
        return other

    def render(self, seat: int | None = None) -> str:
        from .render import render_text
        return render_text(self, seat)

    def __repr__(self) -> str:
        return f"<CrisisState turn={self.turn_count} node={json.dumps(self.node)}>"
