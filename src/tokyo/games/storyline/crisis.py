"""The Crisis Format (``crisis-format``, storyline §22) as a mode of the Storyline step machine.

``CrisisState`` is a ``StorylineState`` with 1-4 players and the opponent, a controller with
no seat of its own (``OPPONENT``, -1): it has no deck, hand, Treasury or Homeworld (22.2.2)
and owns and controls the Crisis cards (17.1.2, 22.2.4). Extra fields: ``paired`` (the
paired player of the current opponent turn, 10.1.2), ``pool`` (the players' shared Story
Points, 22.9.1), ``opp_story`` (the opponent's total, ruling S7) and ``crises`` (the Crisis
Storylines put into play at setup, 22.9.4: N is their number).

During an opponent turn ``active`` is ``OPPONENT`` (10.1.3). With ``opponent=seat`` the
opponent's choices, which are exactly the random choices of the abilities it controls
(22.2.6), are decisions of the last seat (``game.opp_seat``) instead of chance nodes
(22.2.7). Decisions of this engine that the rules leave open are marked "Proposed ruling".
"""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING, Any, ClassVar

from ...core.machine import Node

from .abilities import OPPONENT
from .cards import Ability, Entry
from .state import StorylineState
from .words import counters

if TYPE_CHECKING:
    from .game import StorylineGame


class CrisisState(StorylineState):
    _FIELDS: ClassVar[tuple[str, ...]] = StorylineState._FIELDS + ("paired", "pool", "opp_story", "crises")
    QUIET_OK = False  # record_extra() reads the Crises' flips, Chapters and Lose conditions from the log

    def __init__(self, game: StorylineGame) -> None:
        super().__init__(game)
        self.paired: int | None = None
        self.pool = 0
        self.opp_story = 0
        self.crises: list[str] = sorted(game.crisis_ids)   # start() sets them when chosen at random

    def start(self) -> None:
        n = self.sgame.n_players
        # storyline 5.2.1: the Crisis Storylines after the Homeworlds
        self._push(*[["choose-deck", p] for p in range(n)], ["homeworlds"], ["crises"], ["first-player"])
        self._run()

    # ===================== sides (storyline 1.4.2, 22.9.3) ================================
    def pname(self, seat: int) -> str:
        return "The opponent" if seat == OPPONENT else f"Seat {seat}"

    def sides_differ(self, a: int | None, b: int | None) -> bool:
        """storyline 1.4.2: the players are one side, the opponent the other."""
        if a is None or b is None:
            return False
        return (a == OPPONENT) != (b == OPPONENT)

    def opponents(self, seat: int) -> list[int]:
        """storyline 1.4.2, 16.7.2: a player's only opponent is the opponent."""
        return [OPPONENT] if self.is_player(seat) else list(range(self.sgame.n_players))

    def turn_order(self, start: int) -> list[int]:
        """storyline 16.2.2: in an opponent turn, from its paired player."""
        if not self.is_player(start):
            start = self.paired if self.paired is not None else (self.first or 0)
        return super().turn_order(start)

    def paired_player(self) -> int | None:
        """storyline 10.1.2: the paired player exists only in an opponent turn."""
        return self.paired if self.active == OPPONENT else None

    def _whose_now(self, whose: str, ctrl: int | None) -> bool:
        # storyline 10.2.4, 22.3.5: "each opponent [X] Phase" is that phase of each opponent
        # turn. Proposed ruling: this holds whoever controls the card, so a Crisis card a
        # player took (the Foundry Ark) still acts in the opponent turns, for that player.
        if whose == "each-opponent":
            return self.active == OPPONENT
        return super()._whose_now(whose, ctrl)

    def _batch(self, items: list[tuple[Entry, int, Ability]]) -> None:
        """Ruling S17: the active side first (the opponent, in an opponent turn), then the
        players in turn order, then the opponent; by timestamp inside each."""
        if not items:
            return
        order = self.turn_order(self.active)
        opp_turn = self.active == OPPONENT

        def key(item: tuple[Entry, int, Ability]) -> tuple[int, int, int]:
            e, idx, _ = item
            c = e["controller"]
            if self.is_player(c):
                rank = order.index(c) + (1 if opp_turn else 0)
            else:
                rank = 0 if opp_turn else len(order)
            return (rank, e["uid"], idx)

        batch = []
        for e, idx, a in sorted(items, key=key):
            ctx = self.context(e, a, a["effect"])
            ctx["trig"] = True
            batch.append(ctx)
        self.pending.append(batch)

    def attack_targets(self, e: Entry) -> list[Entry]:
        """storyline 11.3.1 with 1.4.2: only a card of the other side (S2: no range check
        for a Crisis Storyline, the Power check still applies)."""
        return [t for t in super().attack_targets(e) if self.sides_differ(e["controller"], t["controller"])]

    # ===================== setup (storyline 22.1, ruling S1) ==============================
    def _step_crises(self) -> None:
        named = self.sgame.crisis_ids
        if named:
            self._put_crises(named, "option crises")
            return
        self._chance("crises")

    def crisis_sets(self) -> list[tuple[str, ...]]:
        return list(combinations(self.sgame.cards["crises"], self.sgame.n_players))

    def _chance_outcomes(self) -> list[tuple[str, float]]:
        node = self.node
        assert node is not None, "asked at a chance node"
        if node[2] == "crises":   # ruling S1: the sets of N, equally likely
            sets = self.crisis_sets()
            return [("crises " + ",".join(s), 1.0 / len(sets)) for s in sets]
        return super()._chance_outcomes()

    def _on_crises(self, node: Node, value: str) -> None:
        self._put_crises(value.split(","), "at random")

    def _put_crises(self, ids: list[str], how: str) -> None:
        self.crises = sorted(ids)   # ruling S1: timestamps in the order listed by id
        for cid in self.crises:
            e = self.enter(cid, OPPONENT, OPPONENT, crisis=True)   # Chapter 1, no counters (22.1.2)
            self.say(f"The Crisis Storyline {self.name(e)} is put into play on Chapter 1 ({how}).",
                     self.rule("22.1.1"))

    # ===================== the opponent's choices (storyline 22.2.6, 22.2.7) ===============
    def _chance(self, kind: str, **data: Any) -> None:
        opp = self.sgame.opp_seat
        if opp is not None and kind in ("pick", "player", "may") and data["ctx"]["ctrl"] == OPPONENT:
            legal = [f"{kind} {x}" for x in data["opts"]]
            self._ask(opp, kind, legal, **data)   # storyline 22.2.7: the same options
            return
        super()._chance(kind, **data)

    def _legal_pick(self, node: Node) -> list[str]:
        return [f"pick {u}" for u in node[3]["opts"]]

    def _do_pick(self, node: Node, text: str) -> None:
        self._on_pick(node, text.split()[1], chooser=f"the opponent (Seat {self.sgame.opp_seat})")

    def _legal_player(self, node: Node) -> list[str]:
        return [f"player {p}" for p in node[3]["opts"]]

    def _do_player(self, node: Node, text: str) -> None:
        self._on_player(node, text.split()[1])

    # ===================== Story Points (storyline 22.7, 22.9) ============================
    def gain_story(self, seats: list[int], n: int, key: str, why: str) -> None:
        """storyline 22.9.1: an award to a player goes into the pool; ruling S7: the
        opponent's total is its own. Proposed ruling: an award to several players at once
        is one award to the pool (never happens: only §16 awards reach several seats, and
        in this format they go to the opponent)."""
        if OPPONENT in seats:
            self.opp_story += n
            self.say(f"The opponent gains {n} Story Point{'s' if n != 1 else ''} {why} "
                     f"(total {self.opp_story}).", self.rule(key))
        elif seats:
            self.pool += n
            self.say(f"The players gain {n} Story Point{'s' if n != 1 else ''} {why} (pool {self.pool}).",
                     self.rule(key))
        self.win_check()

    def win_check(self) -> None:
        """storyline 22.9.5-22.9.7: the opponent at N + 1, the players at N + 2, at once."""
        n = len(self.crises)
        if self.opp_story >= n + 1:
            self.finish([self.sgame.opp_seat] if self.sgame.opp_seat is not None else [], "opponent", "22.9.5")
        elif self.pool >= n + 2:
            self.finish(list(range(self.sgame.n_players)), "players", "22.9.6")

    def finish(self, winners: list[int], how: str, key: str) -> None:
        if how == "opponent":
            self.winners = winners
            self.win_by = how
            self.stack = []
            self.node = None
            self.phase = "over"
            self.say("The game is over: the opponent wins; the players lose together.", self.rule(key))
            return
        if how == "players":
            self.winners = winners
            self.win_by = how
            self.stack = []
            self.node = None
            self.phase = "over"
            self.say("The game is over: the players win together.", self.rule(key))
            return
        super().finish(winners, how, key)

    def _destroy_award(self, e: Entry, controller: int, destroyer: int | None) -> None:
        """storyline 22.7.3, 22.7.5 (ruling S3): a destroyed Crisis Storyline face gives the
        players 2, however it was destroyed; a back face is not one (22.8.0.6)."""
        if self.is_crisis(e) and self.is_storyline_face(e):
            self.gain_story(list(range(self.sgame.n_players)), 2, "22.7.3",
                            f"for the destruction of the Crisis Storyline {self.face(e)['name']}")
            return
        super()._destroy_award(e, controller, destroyer)

    # ===================== the turn (storyline 22.3, 10) ===================================
    def _step_turn_end(self) -> None:
        """storyline 22.3.1: an opponent turn after each player's turn; 8.11.1: a round is
        each player's turn and its opponent turn, so an Act is 2N x act_rounds turns."""
        n = self.sgame.n_players
        if self.active != OPPONENT:
            self._push(["opp-turn-start", self.active])
            return
        per_act = 2 * n * self.game.options["act_rounds"]
        if self.turn_count % per_act == 0:   # storyline 8.12.1
            self.say(f"Act {self.act} ends.", self.rule("8.12.1"))
            for e in [e for e in self.map if self.ftype(e) == "epilogue"]:
                self.say(f"{self.name(e)} is cleared.", self.rule("8.12.2"))
                self.leave_map(e)
            self.fire("end-of-act", list(self.map))   # storyline 8.12.3
            self._push(["resolve-pending"], ["state-check"], ["act-after"])
            return
        assert self.paired is not None, "an opponent turn has a paired player"
        self._push(["turn-start", (self.paired + 1) % n])   # storyline 10.1.1

    def _step_act_after(self) -> None:
        if self.act >= self.game.options["acts"]:
            self.finish([], "last-act", "21.3.2")   # ruling S8: a draw
            return
        self.act += 1
        assert self.paired is not None, "an Act ends with an opponent turn"
        self._push(["turn-start", (self.paired + 1) % self.sgame.n_players])

    def _step_opp_turn_start(self, paired: int) -> None:
        self.active = OPPONENT
        self.paired = paired
        self.turn_count += 1
        self.phase = "admin"
        self.used = {}
        self.say(f"Turn {self.turn_count}: the opponent's turn, paired with {self.pname(paired)} (Act {self.act}).",
                 self.rule("22.3.1"))
        # storyline 22.3.2: the same phases in the same order, each ending with the Lose check
        self._push(["opp-admin"], ["ability-step", "admin"], ["lose-check"], ["opp-draw"],
                   ["ability-step", "draw"], ["lose-check"], ["opp-main"])

    def _step_opp_admin(self) -> None:
        for e in self.map:
            if e["controller"] == OPPONENT and self.is_permanent(e):
                e["ready"] = True
        self.say("The opponent readies its permanents.", self.rule("10.3.1"))
        self.say("The opponent has no Treasury: the Income step does nothing.", self.rule("10.3.5"))
        for e in self.map:
            if self.is_storyline_face(e) and self.is_crisis(e):
                self.add_counters(e, "time", 1)   # storyline 22.4.1, 22.4.5
                self.say(f"{self.name(e)} takes a Time counter (it has {counters(e['counters']['time'], 'time')}).", self.rule("22.4.1"))
        self.state_check()   # storyline 10.3.3, 22.4.2: Chapters complete here

    def _step_opp_draw(self) -> None:
        self.phase = "draw"
        self.say("The opponent has no deck: nothing is drawn.", self.rule("10.4.1"))

    def _step_opp_main(self) -> None:
        self.phase = "main"
        self._push(["ability-step", "main"], ["opp-main-over"])

    def _step_opp_main_over(self) -> None:
        # storyline 10.5.3, 22.3.4: the action step is empty; ruling S5: Occupation and
        # Liberation apply for the opponent
        self.say("The opponent's action step is empty.", self.rule("10.5.3"))
        self._push(["occupation"], ["liberation"], ["lose-check"], ["end-phase"])

    def _step_hand_step(self) -> None:
        if self.active == OPPONENT:
            return   # storyline 22.2.2: no hand
        super()._step_hand_step()

    # ===================== kernel: observation and resample =================================
    def _observe(self, seat: int | None, full: bool) -> dict[str, Any]:
        """The observation (StorylineState.observation): as for the competitive game; the
        opponent's seat sees what every player sees publicly (no hand). Adds the pool, the
        opponent's total and the paired player."""
        opp = self.sgame.opp_seat
        if seat is not None and seat == opp:
            obs = super()._observe(None, full)
            obs["seat"] = seat
        else:
            if seat is not None and not 0 <= seat < self.sgame.n_players:
                raise ValueError(f"seat must be from 0 to {self.game.num_players - 1} (or None), not {seat}")
            obs = super()._observe(seat, full)
        obs.update(format="crisis-format", opponent_seat=opp, pool=self.pool, opponent_story=self.opp_story,
                   paired=self.paired_player(), crises=list(self.crises))
        if full:   # the Crisis Storylines by name, also once destroyed (out of the game, 4.12)
            obs["card_info"].update({cid: self.card_facts(cid) for cid in self.crises})
        return obs

    LOSE_KEYS: ClassVar[dict[str, str]] = {"16.3.1": "treasury", "16.4.1": "deck", "16.5.1": "wreckage", "16.6.1": "homeworld"}

    def record_extra(self) -> dict[str, Any]:
        """The generic keys (docs/architecture.md, Game records) with one entry per seat,
        the opponent's seat included (``opponent=seat``: cards None, label ``opponent``):
        ``labels`` ``{"faction": [deck id per seat]}`` and ``card_groups`` ``{"crises":
        {"verb": "faced", "cards": [the Crisis Storylines of the game, then None per other
        seat]}}``: the players face them together and win or lose together, so a game
        counts once in the players' win share with and without each Crisis Storyline.
        Own keys: ``pool``, ``opponent_story``, ``crises`` (ids), ``crisis_outcomes``
        ({id: ``destroyed`` (its Storyline face destroyed, 22.7), ``flipped`` (its final
        Chapter completed, 22.8, and never destroyed) or ``standing``}),
        ``crisis_chapters`` ({id: the highest Chapter it reached; one more than its last
        once it flipped}) and ``lose`` ({condition: times a player met it}: every one gave
        the opponent a Story Point, 22.9.11), read from the log."""
        out = super().record_extra()
        # the players win or lose together: their turn order tells nothing of who won
        out["labels"].pop("turn order", None)
        extra_seats = self.game.num_players - self.sgame.n_players
        # the Crises are faced by the players together, who win or lose together: one entry
        # (seat 0's) per game, so a game counts once and not once per player
        out["card_groups"] = {"crises": {"verb": "faced", "cards": [sorted(self.crises)]
                                         + [None] * (self.sgame.n_players - 1 + extra_seats)}}
        by_name = {self.card(c)["faces"]["front"]["name"]: c for c in self.crises}
        lose = {k: 0 for k in self.LOSE_KEYS.values()}
        destroyed, flipped = set(), set()
        chapters = {c: 1 for c in self.crises}
        for ev in self.log:
            words = ev.rule.split(" ")
            key = words[1] if len(words) > 1 and words[0] == "storyline" else ""
            if key in self.LOSE_KEYS:
                lose[self.LOSE_KEYS[key]] += 1
            elif key == "22.7.3":
                for name, cid in by_name.items():
                    if f"the Crisis Storyline {name} (pool " in ev.text:
                        destroyed.add(cid)
            elif key == "8.9.1":
                name = ev.text.split(" flips to ")[0]
                if name in by_name:
                    flipped.add(by_name[name])
                    last = len(self.card(by_name[name])["faces"]["front"]["chapters"])
                    chapters[by_name[name]] = last + 1
            elif key == "8.5.3":
                name, _, rest = ev.text.partition(" (#")
                if name in by_name:
                    k = int(rest.rsplit("Chapter ", 1)[1].rstrip("."))
                    cid = by_name[name]
                    chapters[cid] = max(chapters[cid], k + 1)
        outcomes = {c: "destroyed" if c in destroyed else "flipped" if c in flipped else "standing"
                    for c in self.crises}
        out.update(pool=self.pool, opponent_story=self.opp_story, crises=list(self.crises),
                   crisis_outcomes=outcomes, crisis_chapters=chapters, lose=lose,
                   cooperative=True)   # the players are one side (storyline 22.9.3)
        return out
