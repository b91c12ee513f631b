"""Evolution cards: per-monster decks, hidden hands and play windows (the family's mechanism).

Any King of Tokyo edition with Evolutions derives its state class from
:class:`EvolutionMixin` (a :class:`~tokyo.games.kingoftokyo.engine.KotState`), calls
``evo_init`` from ``edition_init`` (and the other ``evo_*`` helpers from its ``edition_*``
methods), defines ``own`` (the citation of its rulebook's statements), and gives its Game
``evolution(eid)`` and ``evolution_decks()`` (monster id -> Evolution ids).

The pieces, all plain JSON-safe data on the state, one list per seat:

- ``evo_deck``: the Evolutions not yet drawn, an unordered multiset (a sorted list). A draw
  is a chance node ``evo-draw`` whose outcomes (``evolution <id>``) are the unseen cards
  of that deck, each as likely; an empty deck is first refilled from the discard pile.
- ``evo_drawn``: cards drawn and not yet chosen (draw two, keep one: decision
  ``evo-keep``, texts ``keep <id>``).
- ``evo_hand``: kept, hidden from the other seats until played.
- ``evo_discard``: cards not chosen, face down (only the owner knows them; ruling G7).
- ``evo_used``: temporary Evolutions played (public), discarded after use.
- ``evo_play``: permanent Evolutions played, face up; their effects work through the
  ordinary hook points (``has`` counts them, like Power cards).

Play windows (``cards.WINDOWS``): each Evolution names the one moment it may be played.
At each such moment the step ``["evo-window", window, seats, ctx]`` opens a decision
``evolution`` (texts ``evolve <id>`` and ``pass``) for each seat in ``seats`` that holds a
card playable now (its window, and its ``playable`` test in the edition's Effects), in
order, and for nobody else; after a card is played the same seat is asked again while it
still holds a playable card. ``turn-start``, ``after-roll`` and ``buy`` are the owner's own
turn (``buy``: ``evolve <id>`` is offered inside the Buy decision), ``before-damage`` and
``smacked`` the owner's losses on any turn, ``end-of-turn`` every monster at the end of
any turn, clockwise from the active monster.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, ClassVar, TypedDict

from ...core.machine import Node, Step
from .cards import WINDOWS
from .engine import Damage, KotState

RESAMPLE_TRIES = 64
"""Deals tried for a seat asked in a play window before its real hand is kept (evo_resample)."""

if TYPE_CHECKING:
    from .godzilla import GodzillaGame


class EvoContext(TypedDict, total=False):
    """What a play window knows (``evo_window``'s ``ctx``; empty in the other windows)."""

    packet: Damage  # before-damage: the damage packet about to be applied
    attacker: int   # smacked: the seat whose Smack it was
    amount: int     # smacked: the hearts just lost


class EvolutionMixin(KotState["GodzillaGame"]):
    """The Evolution mechanism of a KotState subclass (see the module docstring)."""

    evo_on: bool
    # one pile of Evolution ids per seat (the module docstring)
    evo_deck: list[list[str]]
    evo_hand: list[list[str]]
    evo_drawn: list[list[str]]
    evo_discard: list[list[str]]
    evo_used: list[list[str]]
    evo_play: list[list[str]]

    EVO_RULES: ClassVar[dict[str, str]] = {"setup": "7.1.2", "heal": "7.2.1", "reshuffle": "7.2.4", "play": "7.2.6",
                 "temporary": "7.3.1", "permanent": "7.3.2", "eliminated": "G8"}
    """Statement keys the mechanism cites; an edition maps them to its own page (``own``)."""

    # ----- fields ----------------------------------------------------------------------------
    def evo_init(self) -> None:
        n = self.game.num_players
        self.evo_on = bool(self.game.options.get("evolutions"))
        decks = self.game.evolution_decks() if self.evo_on else {}
        self.evo_deck = [sorted(decks.get(m.monster, ())) for m in self.monsters]
        self.evo_hand = [[] for _ in range(n)]
        self.evo_drawn = [[] for _ in range(n)]
        self.evo_discard = [[] for _ in range(n)]
        self.evo_used = [[] for _ in range(n)]
        self.evo_play = [[] for _ in range(n)]

    _EVO_FIELDS: ClassVar[tuple[str, ...]] = ("evo_deck", "evo_hand", "evo_drawn", "evo_discard", "evo_used", "evo_play")

    def _evo_piles(self) -> tuple[list[list[str]], ...]:
        """The piles in the order of ``_EVO_FIELDS``."""
        return self.evo_deck, self.evo_hand, self.evo_drawn, self.evo_discard, self.evo_used, self.evo_play

    def evo_data(self) -> dict[str, Any]:
        d: dict[str, Any] = {f: [list(x) for x in pile] for f, pile in zip(self._EVO_FIELDS, self._evo_piles())}
        d["evo_on"] = self.evo_on
        return d

    def evo_from_data(self, d: dict[str, Any]) -> None:
        self.evo_on = d["evo_on"]
        (self.evo_deck, self.evo_hand, self.evo_drawn, self.evo_discard, self.evo_used,
         self.evo_play) = ([list(x) for x in d[f]] for f in self._EVO_FIELDS)

    def evo_clone_into(self, other: EvolutionMixin) -> None:
        other.evo_on = self.evo_on
        (other.evo_deck, other.evo_hand, other.evo_drawn, other.evo_discard, other.evo_used,
         other.evo_play) = ([list(x) for x in pile] for pile in self._evo_piles())

    def evo_observation(self, seat: int | None) -> dict[str, Any]:
        """Per seat: the public piles (used, in play) and the sizes of the hidden ones; for
        ``seat`` itself also its hand, its drawn cards, its discard and its unseen deck."""
        out = []
        for s in range(self.game.num_players):
            entry: dict[str, Any] = {"hand_count": len(self.evo_hand[s]), "deck_count": len(self.evo_deck[s]),
                     "drawn_count": len(self.evo_drawn[s]), "discard_count": len(self.evo_discard[s]),
                     "used": list(self.evo_used[s]), "in_play": list(self.evo_play[s])}
            if s == seat:
                entry.update(hand=sorted(self.evo_hand[s]), drawn=sorted(self.evo_drawn[s]),
                             discard=sorted(self.evo_discard[s]), deck=sorted(self.evo_deck[s]))
            out.append(entry)
        return {"evolutions_on": self.evo_on, "evolutions": out}

    def evo_resample(self, other: EvolutionMixin, seat: int, rng: random.Random) -> None:
        """Redeal every other seat's hidden Evolutions (hand, drawn, face-down discard,
        deck) from the cards that seat could hold, keeping each pile's size.

        A seat being asked in a play window now is known to hold a card playable in it
        (windows ask no one else), so its hand is dealt again until it does: up to
        ``RESAMPLE_TRIES`` deals, then its real hand is kept (a position where few deals fit,
        where keeping it is the likeliest hand anyway)."""
        node = other.node
        asked = node[1] if node is not None and node[0] == "decision" and node[2] == "evolution" else None
        for s in range(self.game.num_players):
            if s == seat:
                continue
            pool = other.evo_deck[s] + other.evo_hand[s] + other.evo_drawn[s] + other.evo_discard[s]
            pool.sort()
            real = (list(other.evo_hand[s]), list(other.evo_drawn[s]), list(other.evo_discard[s]),
                    list(other.evo_deck[s]))
            for _ in range(RESAMPLE_TRIES if s == asked else 1):
                self._evo_deal(other, s, pool, rng)
                if s != asked or self._evo_window_fits(other, s):
                    break
            else:
                other.evo_hand[s], other.evo_drawn[s], other.evo_discard[s], other.evo_deck[s] = real

    @staticmethod
    def _evo_deal(other: EvolutionMixin, s: int, pool: list[str], rng: random.Random) -> None:
        rng.shuffle(pool)
        sizes = [len(other.evo_hand[s]), len(other.evo_drawn[s]), len(other.evo_discard[s])]
        other.evo_hand[s] = pool[:sizes[0]]
        other.evo_drawn[s] = pool[sizes[0]:sizes[0] + sizes[1]]
        other.evo_discard[s] = pool[sizes[0] + sizes[1]:sum(sizes)]
        other.evo_deck[s] = sorted(pool[sum(sizes):])

    @staticmethod
    def _evo_window_fits(other: EvolutionMixin, s: int) -> bool:
        node = other.node
        assert node is not None
        d = node[3]
        return bool(other.evo_playable(s, d["window"], d["ctx"]))

    def own(self, key: str) -> str:
        """The citation of the edition's own rulebook statement ``key`` (the edition defines it)."""
        raise NotImplementedError

    def evo_cite(self, key: str) -> str:
        return self.own(self.EVO_RULES.get(key, key))

    # ----- drawing ---------------------------------------------------------------------------
    def evo_draw_steps(self, seat: int, why: str) -> list[Step]:
        """The steps of "draw two, keep one" (``why``: "setup" shuffles the other back,
        "heal" discards it)."""
        return [["evo-draw", seat, 2, why]] if self.evo_on else []

    def _step_evo_draw(self, seat: int, n: int, why: str) -> None:
        m = self.monsters[seat]
        if not m.alive:
            return
        drawn = self.evo_drawn[seat]
        if len(drawn) < n:
            if not self.evo_deck[seat] and (self.evo_discard[seat] or self.evo_used[seat]):
                self.evo_deck[seat] = sorted(self.evo_deck[seat] + self.evo_discard[seat] + self.evo_used[seat])
                self.evo_discard[seat], self.evo_used[seat] = [], []
                self.say(f"{self.name(seat)}'s Evolution deck is empty: its discard pile is shuffled "
                         "into a new deck.", self.evo_cite("reshuffle"))
            if self.evo_deck[seat]:
                self._push(["evo-draw", seat, n, why])
                self._chance("evo-draw", seat=seat, why=why)
                return
        if not drawn:
            self.say(f"{self.name(seat)} has no Evolution left to draw.", self.evo_cite(why))
            return
        if len(drawn) == 1:
            self._evo_keep(seat, drawn[0], why)
            return
        self._ask(seat, "evo-keep", why=why)

    def evo_chance_outcomes(self, kind: str) -> list[tuple[str, float]] | None:
        if kind != "evo-draw":
            return None
        assert self.node is not None
        deck = self.evo_deck[self.node[3]["seat"]]
        return [(f"evolution {eid}", 1.0 / len(deck)) for eid in deck]

    def _on_evo_draw(self, node: Node, eid: str) -> None:
        seat = node[3]["seat"]
        self.evo_deck[seat].remove(eid)
        self.evo_drawn[seat].append(eid)
        self.say(f"{self.name(seat)} draws an Evolution card.", self.evo_cite(node[3]["why"]))
        self.say(f"{self.name(seat)} draws {self.game.evolution(eid).name}.", self.evo_cite(node[3]["why"]), seats=(seat,))

    def _legal_evo_keep(self, node: Node) -> list[str]:
        return [f"keep {e}" for e in self.evo_drawn[node[1]]]

    def _do_evo_keep(self, node: Node, text: str) -> None:
        self._evo_keep(node[1], text.split()[1], node[3]["why"])

    def _evo_keep(self, seat: int, eid: str, why: str) -> None:
        drawn = self.evo_drawn[seat]
        drawn.remove(eid)
        self.evo_hand[seat].append(eid)
        self.say(f"{self.name(seat)} keeps an Evolution card"
                 + (" and shuffles the other back into its deck." if why == "setup" and drawn else
                    " and discards the other face down." if drawn else "."), self.evo_cite(why))
        self.say(f"{self.name(seat)} keeps {self.game.evolution(eid).name}.", self.evo_cite(why), seats=(seat,))
        if why == "setup":
            self.evo_deck[seat] = sorted(self.evo_deck[seat] + drawn)
        else:
            self.evo_discard[seat].extend(drawn)
        self.evo_drawn[seat] = []

    # ----- play windows ------------------------------------------------------------------------
    def evo_playable(self, seat: int, window: str, ctx: EvoContext | None = None) -> list[str]:
        """The Evolutions ``seat`` may play now, in ``window`` (hand order)."""
        if not self.evo_on or not self.evo_hand[seat]:
            return []
        m = self.monsters[seat]
        if not m.alive or self.winners is not None:
            return []
        out: list[str] = []
        for eid in self.evo_hand[seat]:
            if self.game.evolution(eid).window != window or eid in out:
                continue
            playable = self.effects.evolutions.get(eid, (None, None))[0]
            if playable is None or playable(self, m, ctx or {}):
                out.append(eid)
        return out

    def evo_window(self, window: str, seats: list[int], ctx: EvoContext | None = None) -> list[Step]:
        """The step opening ``window`` for ``seats`` (in order); [] when nobody could play."""
        assert window in WINDOWS, window
        if not self.evo_on or not any(self.evo_hand[s] for s in seats):
            return []
        return [["evo-window", window, list(seats), dict(ctx or {})]]

    def _step_evo_window(self, window: str, seats: list[int], ctx: EvoContext) -> None:
        for i, s in enumerate(seats):
            if self.evo_playable(s, window, ctx):
                self._ask(s, "evolution", window=window, rest=seats[i + 1:], ctx=ctx)
                return
        self.evo_window_closed(window, ctx)

    def evo_window_closed(self, window: str, ctx: EvoContext) -> None:
        """Hook: the window is over for everyone (before-damage resumes its loss here)."""

    def _legal_evolution(self, node: Node) -> list[str]:
        d = node[3]
        return [f"evolve {e}" for e in self.evo_playable(node[1], d["window"], d["ctx"])] + ["pass"]

    def _do_evolution(self, node: Node, text: str) -> None:
        seat, d = node[1], node[3]
        if text == "pass":
            self._push(["evo-window", d["window"], d["rest"], d["ctx"]])
            return
        steps = self.evo_play_card(seat, text.split()[1], d["ctx"])
        self._push(*steps, ["evo-window", d["window"], [seat] + d["rest"], d["ctx"]])

    def evo_play_card(self, seat: int, eid: str, ctx: EvoContext) -> list[Step]:
        """``seat`` plays ``eid`` from its hand: a temporary one is discarded after use (to
        the public ``evo_used``), a permanent one stays in play. Returns its effect's steps."""
        m = self.monsters[seat]
        evo = self.game.evolution(eid)
        self.evo_hand[seat].remove(eid)
        if evo.kind == "permanent":
            self.evo_play[seat].append(eid)
            self.say(f"{self.name(seat)} plays the permanent Evolution {evo.name}.", evo.name)
        else:
            self.evo_used[seat].append(eid)
            self.say(f"{self.name(seat)} plays the Evolution {evo.name}.", evo.name)
        fn = self.effects.evolutions.get(eid, (None, None))[1]
        return list(fn(self, m, ctx) or []) if fn else []

    def evo_eliminated(self, seat: int) -> None:
        """An eliminated monster's Evolutions (hand, drawn, in play) are discarded face down
        (ruling G8): it plays and draws no more."""
        if not self.evo_on:
            return
        lost = self.evo_hand[seat] + self.evo_drawn[seat] + self.evo_play[seat]
        if lost:
            self.evo_discard[seat].extend(lost)
            self.evo_hand[seat], self.evo_drawn[seat], self.evo_play[seat] = [], [], []
            self.say(f"{self.name(seat)}'s Evolutions are discarded.", self.evo_cite("eliminated"))
