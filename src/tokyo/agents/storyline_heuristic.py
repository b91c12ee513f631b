"""Rule-based players of Storyline: ``make_agent("heuristic", game_id="storyline")`` and
``make_agent("heuristic", game_id="crisis-format")``.

One agent serves both games and every seat. It scores each legal action with a rough worth
in Story Points ("SP") and takes the best one, passing when nothing is worth doing. The
same rules of thumb run in every seat, and they depend only on what all the players see,
so in the Crisis Format every player picks the same focus without any talk.

Players (both games):

- Treasury: before anything that costs Treasury it works out how much will drain away
  before its next Income (the Treasury-draining texts on the Map: Crisis Chapters,
  completions due in that time, and other players' cards) and keeps one more than that,
  so that no phase ends with an empty Treasury (§16.3). When that cannot be helped it
  keeps 1, so the condition is met at most once.
- Attacks: each legal attack is scored by what its damage buys. Crisis Format: a Crisis
  Storyline is worth 2 when destroyed (§22.7), and a share of that per point of damage,
  the share growing as its remaining Durability shrinks (so every attacker, in every
  seat, pours damage into the Crisis nearest to destruction); the opponent's Characters
  (a fall is a Story Point), Locations and Capital Spacecraft (destroyed: a Story Point)
  and the threats it has on the Map (Drones, a Ground Unit back face) when the attack
  destroys them. Competitive game: the opponents' Storylines, Characters, Locations and
  Capital Spacecraft for the points §15 gives, the leader first, and breaking permanents
  towards a §16.5 wreckage count of 5.
- Time: a bargain that removes a Time counter is used when the Crisis Storyline would
  complete a Chapter in the very next opponent turn, most of all its final Chapter (the
  flip loses the 2 points of its destruction), unless the Crisis can be destroyed now.
- Building: Storylines while enough turns remain to complete them (each is a Story Point),
  units by Strike and reach (High Power reaches the Shielded Crises), Locations for Income
  early on, Devices on the unit they help most, Events for their damage, Treasury or cards.
  Characters and Ground Units enter on its own Location with the fewest of its units,
  the Homeworld first (a unit there stops Occupation, §14.11).
- Defence: it repairs and rallies when it has 3 or more broken permanents (5 is a Lose
  condition, §16.5) or its Homeworld is broken, moves a unit onto its Homeworld when the
  Homeworld is broken or under a Crisis that takes Homeworlds, pays the bargain that
  destroys a Neural Parasite on a good unit, and moves units onto a Contested card the
  opponent holds alone to occupy it.
- Choices inside effects (``choose``): damage to the best target as for an attack, damage
  removed from its most damaged permanent, Story counters to its Storyline nearest to
  completion. Hand limit: it discards the cards it values least. Mulligan: it keeps a hand
  with at least two cards it can pay for in its first two turns.

The opponent's seat (``crisis-format`` with ``-o opponent=seat``): each ``pick`` or
``player`` decision is one of the opponent's random choices (§22.2.7); the agent picks what
hurts the players most: damage where it breaks a permanent of the player nearest to 5
broken (a Homeworld first), Neural Parasites on the strongest Character, attacks on the
units that deal the most damage to the Crises or on a player's Storyline, Drones moved
onto a Location they can occupy.

It reads only what its seat may know: the Map, Treasuries, counts and discard piles of
``state.observation(seat)``, its own hand, the printed cards (``state.game.cards``), the
legal texts, and the text of the ability that is asking (which every player sees resolve);
the characteristics it uses (Strike, Durability, reach) are computed by the state's own
functions from the public Map. Never another hand or a deck's order. Deterministic.

Parameters (spec ``heuristic:key=value``): ``reserve`` (int, default 0: Treasury kept on
top of the expected drain and the 1 that avoids §16.3), ``bargain`` (number, default 0.6: weight of Time bargains;
0 never bargains for time).

``heuristic_value(state, seat)`` estimates a seat's share of the win from the public state
(Story Points, the Crisis Storylines' remaining Durability and clocks) for the ``ismcts``
agent's cut rollouts (``ROLLOUT_HORIZON`` decisions).
"""

from __future__ import annotations

import math
from typing import Any, Callable, ClassVar

from ..games.storyline.abilities import Context, Selecting
from ..games.storyline.cards import Ability, Card, Entry, Face, Op, PrintedFace
from ..games.storyline.crisis import CrisisState
from ..games.storyline.game import StorylineGame
from ..games.storyline.state import Player, StorylineState
from .base import Agent

OPP = -1                 # the Crisis Format's opponent as a controller
UNITS = ("character", "ground-unit", "spacecraft")
DRAIN_OPS = ("lose-treasury",)

Score = Callable[[Entry], float]
"""What a choice among cards on the Map is worth, per card."""


def _node_data(state: StorylineState) -> tuple[str, dict[str, Any]]:
    """The kind and data of the pending node (asked at a decision only)."""
    node = state.node
    assert node is not None, "a decision is pending"
    return node[2], node[3]


def _uid(text: str) -> int:
    """The card number of a ``choose <uid>`` / ``pick <uid>`` text."""
    return int(text.split()[1])


class StorylineHeuristicAgent(Agent[StorylineState]):
    """Rule-based Storyline / Crisis Format player and opponent (spec ``heuristic``)."""

    spec = "heuristic"
    PARAMS = ("reserve", "bargain")
    ROLLOUT_HORIZON: ClassVar[int] = 40
    """Default ``horizon`` of the ismcts agent: rollout decisions (about two player turns)
    before the position is scored by :meth:`heuristic_value`."""

    def __init__(self, **params: object) -> None:
        super().__init__(**params)
        self.reserve = self.int_param("reserve", 0, minimum=0)
        self.bargain_weight = self.float_param("bargain", 0.6, minimum=0)

    # ===================== entry point =================================================
    def step(self, state: StorylineState) -> str:
        legal = state.legal_texts()
        if len(legal) == 1:
            return legal[0]
        seat = state.current_player()
        kind, _ = _node_data(state)
        choice: str | None
        if kind in ("pick", "player") and state.sgame.opp_seat == seat:
            choice = self._opponent_choice(state, legal)
        elif kind == "main":
            choice = self._main(state, seat, legal)
        elif kind == "choose":
            choice = self._choose(state, seat, legal)
        elif kind in ("discard", "discard-effect"):
            choice = self._discard(state, seat, legal)
        elif kind == "mulligan":
            choice = self._mulligan(state, seat, legal)
        else:
            choice = None
        if choice is None or choice not in legal:
            choice = "pass" if "pass" in legal else legal[0]
        return choice

    # ===================== the public picture ==========================================
    def _view(self, state: StorylineState, seat: int) -> _View:
        return _View(state, seat, self.reserve)

    # ===================== mulligan, discards ===========================================
    def _mulligan(self, state: StorylineState, seat: int, legal: list[str]) -> str:
        hand: list[str] = state.observation(seat)["hand"]
        fronts = state.sgame.fronts
        cheap = 0
        units = 0
        for c in hand:
            if fronts[c].cost <= 4:
                cheap += 1
            if fronts[c].type in UNITS:
                units += 1
        return "keep" if cheap >= 2 and units >= 1 else "mulligan"

    def _discard(self, state: StorylineState, seat: int, legal: list[str]) -> str:
        v = self._view(state, seat)
        return min(legal, key=lambda t: (v.card_worth(t.split()[1]), t))

    # ===================== the action step =============================================
    def _main(self, state: StorylineState, seat: int, legal: list[str]) -> str:
        v = self._view(state, seat)
        best, best_score = "pass", 0.0
        for text in legal:
            if text == "pass":
                continue
            score = v.score(text, self.bargain_weight)
            if score > best_score + 1e-9:
                best, best_score = text, score
        return best

    # ===================== choices inside effects ======================================
    def _choose(self, state: StorylineState, seat: int, legal: list[str]) -> str:
        v = self._view(state, seat)
        _, d = _node_data(state)
        ctx: Context = d["ctx"]
        op = ctx["ops"][d["i"]]
        slot = d.get("slot")
        opts = [state.find(_uid(t)) for t in legal]

        def pick(fn: Score) -> str:
            scored = [(fn(e), -e["uid"], t) for e, t in zip(opts, legal) if e is not None]
            return max(scored)[2] if scored else legal[0]

        name = op["op"]
        if d.get("step") == "attack-one" or (name == "attack" and slot == "target"):
            src = state.find(d.get("uid")) if d.get("uid") is not None else None
            amount = state.strike(src) if src is not None else 1
            power = state.printed(src).power if src is not None else "low"
            return pick(lambda e: v.damage_value(e, amount, power))
        if name == "deal-damage":
            return pick(lambda e: v.damage_value(e, op["amount"], op["power"]))
        if name == "destroy":
            return pick(lambda e: v.destroy_value(e))
        if name == "remove-counters":
            if op["type"] == "damage":
                return pick(lambda e: v.repair_value(e) + 0.01 * e["damage"])
            return pick(lambda e: 1.0 if v.foe(e["controller"]) else -1.0)
        if name == "add-counters":
            if op["type"] == "story":
                return pick(lambda e: (e["counters"].get("story", 0) if e["controller"] == seat else -9))
            return pick(lambda e: -1.0 if not v.foe(e["controller"]) else 1.0)
        if name == "modify":
            sign = 1 if op["by"] > 0 else -1
            return pick(lambda e: sign * (1 if e["controller"] == seat else -1) * (state.strike(e) + 1))
        if slot in ("dest", "where", "default") or name in ("move", "create-drone"):
            home = v.home
            return pick(lambda e: (2 if home is not None and e["uid"] == home["uid"] else 0)
                        + (1 if state.broken(e) else 0) - v.units_on(e))
        # anything else: hurt foes, help friends
        return pick(lambda e: (1 if v.foe(e["controller"]) else -1) * (state.strike(e) + state.durability(e)))

    # ===================== the opponent's seat =========================================
    def _opponent_choice(self, state: StorylineState, legal: list[str]) -> str:
        kind, d = _node_data(state)
        ctx: Context = d["ctx"]
        v = _View(state, None, 0)
        if kind == "player":
            # the player with the least Treasury, then the most broken permanents
            def harm(p: int) -> tuple[int, int]:
                pl = state.players[p]
                return (-pl["treasury"], v.broken_count(p))
            return max(legal, key=lambda t: (harm(int(t.split()[1])), t))
        op = ctx["ops"][d["i"]]
        opts = [(state.find(_uid(t)), t) for t in legal]
        name = op["op"]
        slot = d.get("slot")
        score: Callable[[Entry | None], float]
        if d.get("step") == "attack-one" or name == "attack":
            src = state.find(d.get("uid")) if d.get("uid") is not None else None
            amount = state.strike(src) if src is not None else 1
            power = state.printed(src).power if src is not None else "low"
            score = lambda e: v.harm_damage(e, amount, power)   # noqa: E731
        elif name == "deal-damage":
            score = lambda e: v.harm_damage(e, op["amount"], op["power"])   # noqa: E731
        elif name == "attach-device":
            # on the unit that hurts the Crises most (its Strike falls); a fall it causes
            # counts towards the wreckage of its player
            score = lambda e: (v.unit_threat_to_crises(e) + 0.2 * v.broken_count(e["controller"])  # noqa: E731
                               if e is not None else -1)
        elif name == "move" or slot == "dest":
            score = lambda e: v.harm_occupy(e)   # noqa: E731
        elif name == "destroy":
            score = lambda e: v.unit_threat(e) + (2 if v.is_home(e) else 0)   # noqa: E731
        else:
            score = lambda e: (v.is_home(e) * 2 + v.broken_count(e["controller"]) if e is not None else 0)  # noqa: E731

        def rank(et: tuple[Entry | None, str]) -> tuple[float, int]:
            return (score(et[0]) if et[0] is not None else -99, -_uid(et[1]))
        best = max(opts, key=rank)
        return best[1]

    # ===================== evaluation for ismcts =======================================
    @classmethod
    def heuristic_value(cls, state: StorylineState, seat: int) -> float:
        """Estimated share of the win of ``seat`` in ``state``, in [0, 1], from public facts.

        Terminal: ``returns()[seat]``. Crisis Format: the players' chance is a logistic
        function of (pool + 2 x the destroyed share of each Crisis Storyline's Durability
        still standing) / (N + 2) against the opponent's total / (N + 1); the opponent's
        seat gets one minus it. Competitive: a softmax over the seats of Story Points plus
        the progress of each seat's Storylines, relative to ``target``. Hand-set, not fitted.
        """
        if state.is_terminal():
            return state.returns()[seat]
        game = state.sgame
        if isinstance(state, CrisisState):
            n = len(state.crises) or game.n_players
            prog = 0.0
            for e in state.map:
                if e["controller"] == OPP and state.is_storyline_face(e) and state.is_crisis(e):
                    prog += 2.0 * min(1.0, e["damage"] / state.durability(e)) * 0.6
            ours = (state.pool + prog) / (n + 2)
            theirs = state.opp_story / (n + 1)
            x = 4.0 * (ours - theirs) - 0.6
            p = 1.0 / (1.0 + math.exp(-x))
            if game.opp_seat is not None and seat == game.opp_seat:
                return 1.0 - p
            return p
        target: int = game.options["target"]
        strengths: list[float] = []
        for q in range(game.n_players):
            s = float(state.players[q]["story"])
            for e in state.map:
                if e["controller"] == q and state.is_storyline_face(e):
                    f = state.face(e)
                    last: int = f["chapters"][-1]["end"]
                    s += 0.6 * f.get("award", 0) * e["counters"].get("story", 0) / max(1, last)
            strengths.append(s / target)
        m = max(strengths)
        ex = [math.exp(5.0 * (x - m)) for x in strengths]
        return ex[seat] / sum(ex)


class _Memo:
    """The state, with the characteristics a decision reads many times remembered per card
    (the state does not change while the agent decides): Strike, Durability, broken,
    Fallen, Contested and attack targets. Everything else goes to the state itself."""

    def __init__(self, state: StorylineState) -> None:
        self.state = state
        self.sgame: StorylineGame = state.sgame
        self.players: list[Player] = state.players
        self._durability: dict[int, int] = {}
        self._strike: dict[int, int] = {}
        self._broken: dict[int, bool] = {}
        self._fallen: dict[int, bool] = {}
        self._contested: dict[int, bool] = {}
        self._attack_targets: dict[int, list[Entry]] = {}
        self._can_attack: dict[int, bool] = {}

    # ----- remembered per card ------------------------------------------------------------
    def durability(self, e: Entry) -> int:
        got = self._durability.get(e["uid"])
        if got is None:
            got = self._durability[e["uid"]] = self.state.durability(e)
        return got

    def strike(self, e: Entry) -> int:
        got = self._strike.get(e["uid"])
        if got is None:
            got = self._strike[e["uid"]] = self.state.strike(e)
        return got

    def broken(self, e: Entry) -> bool:
        got = self._broken.get(e["uid"])
        if got is None:
            got = self._broken[e["uid"]] = self.state.broken(e)
        return got

    def fallen(self, e: Entry) -> bool:
        got = self._fallen.get(e["uid"])
        if got is None:
            got = self._fallen[e["uid"]] = self.state.fallen(e)
        return got

    def contested(self, e: Entry) -> bool:
        got = self._contested.get(e["uid"])
        if got is None:
            got = self._contested[e["uid"]] = self.state.contested(e)
        return got

    def attack_targets(self, e: Entry) -> list[Entry]:
        got = self._attack_targets.get(e["uid"])
        if got is None:
            got = self._attack_targets[e["uid"]] = self.state.attack_targets(e)
        return got

    def can_attack(self, e: Entry) -> bool:
        got = self._can_attack.get(e["uid"])
        if got is None:
            got = self._can_attack[e["uid"]] = self.state.can_attack(e)
        return got

    # ----- the state's own --------------------------------------------------------------
    def abilities_of(self, e: Entry) -> list[tuple[int, Ability]]:
        return self.state.abilities_of(e)

    def can_take_damage(self, e: Entry) -> bool:
        return self.state.can_take_damage(e)

    def card(self, cid: str) -> Card:
        return self.state.card(cid)

    def context(self, e: Entry, ability: Ability, ops: list[Op]) -> Context:
        return self.state.context(e, ability, ops)

    def cost(self, e: Entry) -> int:
        return self.state.cost(e)

    def face(self, e: Entry) -> Face:
        return self.state.face(e)

    def power(self, e: Entry) -> str:
        """The printed Power of the face ``e`` shows."""
        return self.state.printed(e).power

    def find(self, uid: int | None) -> Entry | None:
        return self.state.find(uid)

    def entry(self, uid: int | None) -> Entry:
        return self.state.entry(uid)

    def ftype(self, e: Entry) -> str:
        return self.state.ftype(e)

    def is_capital(self, e: Entry) -> bool:
        return self.state.is_capital(e)

    def is_crisis(self, e: Entry) -> bool:
        return self.state.is_crisis(e)

    def is_permanent(self, e: Entry) -> bool:
        return self.state.is_permanent(e)

    def is_storyline_face(self, e: Entry) -> bool:
        return self.state.is_storyline_face(e)

    def is_unit(self, e: Entry) -> bool:
        return self.state.is_unit(e)

    def matches(self, sel: dict[str, Any], e: Entry, ctx: Selecting) -> bool:
        return self.state.matches(sel, e, ctx)

    def shielded(self, e: Entry) -> bool:
        return self.state.shielded(e)

    def turn_order(self, start: int) -> list[int]:
        return self.state.turn_order(start)


class _View:
    """What one seat sees, with the scoring rules (see the module docstring)."""

    def __init__(self, state: StorylineState, seat: int | None, reserve: int) -> None:
        st = _Memo(state)
        self.st = st
        self.seat = seat
        g = state.sgame
        self.crisis = g.game_id == "crisis-format"
        self.n = g.n_players
        self.cards = g.cards["cards"]
        self.fronts = g.fronts
        self.map = state.map
        self.home = state.homeworld_entry(seat) if seat is not None and seat >= 0 else None
        self.pl: Player | None = None
        self.treasury = 0
        self.hand: list[str] = []
        if seat is not None and 0 <= seat < self.n:
            self.pl = state.players[seat]
            self.treasury = self.pl["treasury"]
            self.hand = list(self.pl["hand"])    # own hand only
        # turns left for this seat (its own turns)
        per_round = (2 if self.crisis else 1) * self.n
        total: int = g.options["acts"] * g.options["act_rounds"] * per_round
        self.own_turns_left = max(0, math.ceil((total - state.turn_count) / per_round))
        self._drain: list[int] | None = None
        self._instructed: tuple[set[int], set[int]] | None = None
        self._ihd: float | None = None
        self._mfs: int | None = None
        self._reserve_extra = reserve
        self._crises: list[Entry] | None = None

    # ----- sides ----------------------------------------------------------------------
    def foe(self, ctrl: int | None) -> bool:
        if ctrl is None:
            return False
        if self.crisis:
            return ctrl == OPP
        return ctrl != self.seat

    def is_home(self, e: Entry | None) -> bool:
        if e is None:
            return False
        f = self.st.state.printed(e)
        return f.homeworld and f.type == "location"

    def units_on(self, e: Entry) -> int:
        n = 0
        for u in self.map:
            if u["place"] == e["uid"] and u["controller"] == self.seat and self.st.is_unit(u) and not self.st.fallen(u):
                n += 1
        return n

    def broken_count(self, ctrl: int | None) -> int:
        n = 0
        for e in self.map:
            if e["controller"] == ctrl and self.st.broken(e):
                n += 1
        return n

    def crises(self) -> list[Entry]:
        if self._crises is None:
            st = self.st
            self._crises = [e for e in self.map if e["controller"] == OPP and st.is_storyline_face(e)
                            and st.is_crisis(e)]
        return self._crises

    # ----- Treasury ---------------------------------------------------------------------
    def drains(self) -> list[int]:
        """Treasury this seat will lose in each turn of the others before its next Income
        (Crisis Format: the N opponent turns, the first paired with this seat; competitive:
        the other players' turns), from the texts on the Map."""
        if self._drain is not None:
            return self._drain
        st = self.st
        out: list[int]
        if self.crisis:
            out = [0] * self.n
            for e in self.map:
                if st.is_storyline_face(e) and st.is_crisis(e) and e["controller"] == OPP:
                    for j, d in enumerate(self._crisis_drain(e)):
                        out[j] += d
                    continue
                for _, a in st.abilities_of(e):
                    w = a.get("when") if a["kind"] == "triggered" else None
                    if not isinstance(w, dict):
                        continue
                    opp_turns = (w["whose"] == "each-opponent") or (w["whose"] in ("your", "each")
                                                                    and e["controller"] == OPP)
                    if not opp_turns:
                        continue
                    for op in a["effect"]:
                        if op["op"] == "lose-treasury":
                            if op["who"] == "paired-player":
                                out[0] += op["amount"]
                            elif op["who"] == "each-player":
                                out = [x + op["amount"] for x in out]
        else:
            assert self.seat is not None, "a player's view"
            others = [p for p in st.turn_order(self.seat) if p != self.seat]
            out = [0] * len(others)
            for e in self.map:
                c = e["controller"]
                if c == self.seat or c not in others:
                    continue
                for _, a in st.abilities_of(e):
                    w = a.get("when") if a["kind"] == "triggered" else None
                    if not isinstance(w, dict) or w["whose"] != "your":
                        continue
                    for op in a["effect"]:
                        if op["op"] == "lose-treasury" and op["who"] in ("each-opponent", "each-player"):
                            out[others.index(c)] += op["amount"]
            # a Treasury-draining Event may be in an opponent's hand (Hostile Audit)
            for j, p in enumerate(others):
                if self._deck_has_drain(p):
                    out[j] += 1
        self._drain = out
        return out

    def drain(self) -> int:
        return sum(self.drains())

    def _deck_has_drain(self, p: int) -> bool:
        deck = self.st.sgame.cards["decks"].get(self.st.players[p]["deck_id"] or "")
        if deck is None:
            return False
        for cid in deck["cards"]:
            f = self.fronts[cid]
            if f.type != "event":
                continue
            for a in f.abilities:
                for op in a["effect"]:
                    if op["op"] == "lose-treasury" and op["who"] != "you":
                        return True
        return False

    def _crisis_drain(self, e: Entry, fewer: int = 0) -> list[int]:
        """What one Crisis Storyline drains from this seat in each of the next N opponent
        turns (the first paired with this seat), its Chapters completing on the way;
        ``fewer``: with that many Time counters removed first."""
        st = self.st
        f = st.face(e)
        chapters: list[dict[str, Any]] = f["chapters"]
        t: int = max(0, e["counters"].get("time", 0) - fewer)
        k: int | None = e["chapter"]
        out = [0] * self.n
        for j in range(self.n):
            t += 1
            while k is not None and t >= chapters[k - 1]["end"]:
                for op in chapters[k - 1]["on_complete"]:
                    if op["op"] == "lose-treasury" and (op["who"] == "each-player"
                                                        or (op["who"] == "paired-player" and j == 0)):
                        out[j] += op["amount"]
                k = k + 1 if k < len(chapters) else None
            if k is None:
                break
            for a in chapters[k - 1]["abilities"]:
                w = a.get("when")
                if a["kind"] != "triggered" or not isinstance(w, dict):
                    continue
                for op in a["effect"]:
                    if op["op"] == "lose-treasury" and (op["who"] == "each-player"
                                                        or (op["who"] == "paired-player" and j == 0)):
                        out[j] += op["amount"]
        return out

    LATER: ClassVar[float] = 0.7
    """Weight of a Lose condition forecast after the first of the others' turns (they may
    still destroy the Crisis or buy time before then)."""

    def lose_risk(self, treasury: int, drains: list[int]) -> float:
        """Lose conditions (§16.3) expected from an empty Treasury before the next Income
        when this phase ends with ``treasury``: at the end of this phase if it is 0, then
        after each drain that empties it (each followed by the recovery to 3)."""
        events = 0.0
        t = treasury
        if t <= 0:
            events += 1.0
            t = 3
        for j, d in enumerate(drains):
            t -= d
            if t - self._reserve_extra <= 0:
                events += 1.0 if j == 0 else self.LATER
                t = 3
        return events

    def lose_weight(self) -> float:
        """What one Lose condition costs, in the players' Story Points: the opponent needs
        N + 1 where the pool needs N + 2 (§22.9), so a bit more than 1.5; in the
        competitive game every opponent gains 1."""
        if self.crisis:
            return 1.5 * (self.n + 2) / (self.n + 1)
        return 1.2

    def spend_penalty(self, cost: int, drains_after: list[int] | None = None) -> float:
        """A Lose condition's worth (:meth:`lose_weight`) for each one that paying ``cost``
        adds to those already coming (``drains_after``: the drains once the action is done)."""
        if cost <= 0 and drains_after is None:
            return 0.0
        d0 = self.drains()
        d1 = d0 if drains_after is None else drains_after
        extra = self.lose_risk(self.treasury - cost, d1) - self.lose_risk(self.treasury, d0)
        return self.lose_weight() * extra

    # ----- what damage is worth -------------------------------------------------------
    def damage_value(self, t: Entry | None, amount: int, power: str) -> float:
        """Worth, to this seat, of ``amount`` damage with ``power`` dealt to ``t``."""
        st = self.st
        if t is None or amount <= 0 or not st.can_take_damage(t):
            return 0.0
        if power == "low" and st.shielded(t):
            return 0.0
        if not self.foe(t["controller"]):
            return -0.5 * amount
        dur = st.durability(t)
        d0: int = t["damage"]
        d1 = d0 + amount
        ftype = st.ftype(t)
        if st.is_storyline_face(t):
            rem = max(1, dur - d0)
            if self.crisis and st.is_crisis(t):
                urgency = (1.0 + 0.15 * ((t["chapter"] or 1) - 1) + 0.08 * self.crisis_danger(t)) \
                    * self.killable(t)
                if d1 >= dur:
                    return 3.0 * urgency
                return 2.0 * urgency * min(amount, rem) / (rem + 2)
            # an ordinary Storyline of an opponent: 1 for its destruction, and the award denied
            f = st.face(t)
            last: int = f["chapters"][-1]["end"]
            award: int = f.get("award", 0)
            story: int = t["counters"].get("story", 0)
            worth = 1.0 + award * (0.3 + 0.7 * story / max(1, last))
            worth *= self._lead(t["controller"])
            if d1 >= dur:
                return worth
            return 0.6 * worth * amount / (rem + 1)
        if not st.is_permanent(t):
            return 0.0
        threat = self.unit_threat(t)
        if self.crisis and self._flips_back(t):
            # a back face that turns back into a Crisis Storyline keeps its damage (§22.8a,
            # ruling S4): damage that reaches the Storyline face's Durability destroys it
            # then, for 2; destroying the back face now throws that away
            if d1 >= 2 * dur:
                return -0.5
            front: int = st.card(t["card"])["faces"]["front"].get("durability", 99)
            if d0 >= front:
                return 0.0
            return 2.0 * min(amount, front - d0) / (front - d0 + 2) + (0.8 if d1 >= front else 0.0)
        if ftype == "character":
            if d0 >= dur:   # Fallen already: damage only destroys it
                return 0.1 if d1 >= 2 * dur else 0.0
            worth = (1.0 + 0.5 * threat) * self._lead(t["controller"])
            if d1 >= dur:
                return worth + self._wreck_bonus(t)
            return 0.5 * worth * amount / (dur - d0 + 1)
        sp = ftype == "location" or st.is_capital(t)
        gone = d1 >= 2 * dur
        breaks = d0 < dur <= d1
        v = 0.0
        if sp:
            worth = 1.0 * self._lead(t["controller"])
            if gone:
                v += worth + 0.5 * threat
            else:
                v += 0.45 * worth * amount / (2 * dur - d0 + 1)
        else:
            if gone:
                v += 0.15 + 0.6 * threat
                if self.home is not None and t["place"] == self.home["uid"] and (
                        st.broken(self.home) or self.home["damage"] + self.incoming_home_damage()
                        >= st.durability(self.home)):
                    v += 0.8   # it could take the Homeworld (§14.11, §16.6)
            else:
                v += 0.25 * threat * amount / (2 * dur - d0 + 1)
        if breaks:
            v += self._wreck_bonus(t)
            if not self.crisis and self.is_home(t):
                v += 0.4
        return v

    def _flips_back(self, e: Entry) -> bool:
        if e["face"] != "back":
            return False
        for _, a in self.st.abilities_of(e):
            for op in a.get("effect", []):
                if op["op"] == "flip-back":
                    return True
        return False

    def max_foe_strike(self) -> int:
        if self._mfs is None:
            st = self.st
            self._mfs = max([st.strike(e) for e in self.map if self.foe(e["controller"]) and st.is_unit(e)
                             and not st.fallen(e)], default=0)
        return self._mfs

    def killable(self, e: Entry) -> float:
        """1.3 when the players' units can destroy this Crisis Storyline before its final
        Chapter completes (one Time counter per opponent turn, N per round), else 0.75."""
        st = self.st
        f = st.face(e)
        left: int = f["chapters"][-1]["end"] - e["counters"].get("time", 0)
        rounds = left / self.n
        cap = max(1, self.team_damage(e))
        rem = st.durability(e) - e["damage"]
        return 1.3 if rem <= cap * (rounds + 0.5) else 0.75

    def crisis_danger(self, e: Entry) -> float:
        """A rough count of the harm a Crisis Storyline does now and in its next Chapter."""
        f = self.st.face(e)
        chapters: list[dict[str, Any]] = f["chapters"]
        k: int = e["chapter"] or 1
        total = 0.0
        for j, w in ((k, 1.0), (k + 1, 0.5)):
            if j > len(chapters):
                continue
            ch = chapters[j - 1]
            ops: list[Op] = [op for a in ch["abilities"] for op in a["effect"]] + list(ch["on_complete"])
            for op in ops:
                o = op["op"]
                if o == "lose-treasury":
                    total += w * op["amount"] * (self.n if op["who"] == "each-player" else 1)
                elif o == "deal-damage":
                    total += w * 0.6 * op["amount"] * (2 if "each" in op["to"] else 1)
                elif o in ("attach-device", "create-drone"):
                    total += w * 0.8 * op.get("n", 1)
                elif o in ("attack", "move"):
                    total += w * 0.4
        return total

    def _lead(self, ctrl: int | None) -> float:
        if self.crisis or ctrl is None or ctrl < 0:
            return 1.0
        assert self.seat is not None, "a player's view"
        pts = [p["story"] for p in self.st.players]
        mine = pts[self.seat]
        return 1.0 + 0.15 * max(0, pts[ctrl] - mine) + (0.2 if pts[ctrl] == max(pts) and pts[ctrl] > 0 else 0)

    def _wreck_bonus(self, t: Entry) -> float:
        """Breaking a permanent of a player towards 5 broken (a §16.5 Lose condition)."""
        c: int | None = t["controller"]
        if self.crisis or c is None or c < 0:
            return 0.0
        k = self.broken_count(c) + 1
        return 1.0 if k >= 5 else 0.05 * k

    def instructed(self) -> tuple[set[int], set[int]]:
        """Uids of the foes' permanents some card tells to attack, and to move, each turn
        (in the Crisis Format the opponent's units act only so, §22.3, ruling S22)."""
        if self._instructed is not None:
            return self._instructed
        st = self.st
        attackers: set[int] = set()
        movers: set[int] = set()
        for e in self.map:
            if not self.foe(e["controller"]):
                continue
            for _, a in st.abilities_of(e):
                if a["kind"] != "triggered":
                    continue
                for op in a["effect"]:
                    if op["op"] not in ("attack", "move"):
                        continue
                    who = op["by"] if op["op"] == "attack" else op["unit"]
                    into = attackers if op["op"] == "attack" else movers
                    if who == "this":
                        into.add(e["uid"])
                    elif isinstance(who, dict):
                        sel = next(iter(who.values()))
                        ctx = st.context(e, a, [])
                        into.update(x["uid"] for x in self.map if st.matches(sel, x, ctx))
        self._instructed = (attackers, movers)
        return attackers, movers

    def unit_threat(self, e: Entry | None) -> float:
        """How much a permanent hurts the other side each round (0 to about 2)."""
        st = self.st
        if e is None or not st.is_permanent(e) or st.fallen(e):
            return 0.0
        power = 1.3 if st.power(e) == "high" else 1.0
        if self.crisis and e["controller"] == OPP:
            attackers, movers = self.instructed()
            v = 0.0
            if e["uid"] in attackers:
                v += 0.12 * self.n * st.strike(e) * power + 0.1
            if e["uid"] in movers:
                v += 0.4
        else:
            v = 0.25 * st.strike(e) * power
        for _, a in st.abilities_of(e):
            if a["kind"] == "triggered":
                for op in a["effect"]:
                    if op["op"] in ("deal-damage", "lose-treasury", "attach-device", "create-drone"):
                        v += 0.35
                    elif op["op"] == "attack" and not self.crisis:
                        v += 0.1
        return v

    def destroy_value(self, t: Entry | None) -> float:
        st = self.st
        if t is None or not self.foe(t["controller"]):
            return -1.0
        dur = st.durability(t) if st.can_take_damage(t) else 1
        return self.damage_value(t, 2 * dur + 10, "high")

    def repair_value(self, e: Entry | None) -> float:
        """Worth of removing the damage of this seat's own permanent ``e``."""
        st = self.st
        if e is None or e["controller"] != self.seat or e["damage"] <= 0:
            return -1.0
        dur = st.durability(e)
        v = 0.0
        broken = e["damage"] >= dur
        mine_broken = self.broken_count(self.seat)
        if broken:
            v += 0.15 + (0.9 if mine_broken >= 3 else 0.3 * mine_broken / 3)
            if st.ftype(e) == "character":
                v += 0.8 * self.unit_threat(e) + 0.25 * st.strike(e)
                if not self.crisis and self.max_foe_strike() >= dur:
                    v -= 0.7   # a rallied Character that falls again is another point for them
            else:
                v += 0.3 * st.strike(e)
            if self.is_home(e):
                v += 1.5
        else:
            if self.is_home(e) and e["damage"] + self.incoming_home_damage() >= dur:
                # it will be Contested before this seat's next turn: Occupation, §16.6
                v += 1.4 if self.foes_near_home() else 0.6
            elif self.is_home(e) and e["damage"] >= dur - 2 and self._homeworld_pressure():
                v += 0.8
            if e["damage"] >= 2 * dur - 2:
                v += 0.3
        if e["damage"] >= 2 * dur - 1:   # about to be destroyed
            v += 0.1 + 0.05 * st.cost(e)
        return v

    def incoming_home_damage(self) -> float:
        """Damage this seat's Homeworld is likely to take before its next turn from the texts
        on the Map (a named Homeworld in full, a random Location or Capital at half)."""
        if self._ihd is not None:
            return self._ihd
        st = self.st
        total = 0.0
        for e in self.map:
            if not self.foe(e["controller"]):
                continue
            for _, a in st.abilities_of(e):
                w = a.get("when") if a["kind"] == "triggered" else None
                if not isinstance(w, dict):
                    continue
                for op in a["effect"]:
                    if op["op"] != "deal-damage" or op["power"] != "high" or not isinstance(op["to"], dict):
                        continue
                    (how, sel), = op["to"].items()
                    ctrl: str | None = sel.get("controller")
                    times = 1 if ctrl == "paired-player" else self.n if ctrl == "each-player" else 0
                    if not self.crisis:
                        times = 1 if ctrl in ("opponent", "each-player", None) else 0
                    if sel.get("homeworld"):
                        total += times * op["amount"]
                    elif "location" in (sel.get("type") or []) and how == "random":
                        total += 0.5 * times * op["amount"]
        self._ihd = total
        return total

    def foes_near_home(self) -> bool:
        """Units of the other side on this seat's Homeworld, or told to move onto it."""
        home = self.home
        if home is None:
            return False
        if self.crisis and self.instructed()[1]:
            return True
        for u in self.map:
            if u["place"] == home["uid"] and self.foe(u["controller"]) and self.st.is_unit(u) \
                    and not self.st.fallen(u):
                return True
        return False

    def _homeworld_pressure(self) -> bool:
        """A card on the Map deals damage to Homeworlds or puts units onto them."""
        st = self.st
        for e in self.map:
            if not self.foe(e["controller"]):
                continue
            for _, a in st.abilities_of(e):
                for op in a.get("effect", []):
                    for key in ("to", "where"):
                        rec = op.get(key)
                        if isinstance(rec, dict):
                            for sel in rec.values():
                                if isinstance(sel, dict) and sel.get("homeworld"):
                                    return True
        return False

    # ----- harm, for the opponent's seat ----------------------------------------------
    def harm_damage(self, e: Entry | None, amount: int, power: str) -> float:
        """Worth, to the opponent, of ``amount`` damage with ``power`` dealt to ``e``: Story
        Points denied (a player's Storyline destroyed), Lose conditions brought nearer (a
        Homeworld broken or its last defenders removed, §14.11 and §16.6; a fifth broken
        permanent, §16.5) and the players' damage against the Crises taken away."""
        st = self.st
        if e is None or not st.can_take_damage(e):
            return -1.0
        if power == "low" and st.shielded(e):
            return -1.0
        if e["controller"] == OPP:
            return -2.0
        dur = st.durability(e)
        d0: int = e["damage"]
        d1 = d0 + amount
        if st.is_storyline_face(e):   # a player's Storyline: destroying it denies a Story Point
            f = st.face(e)
            last: int = f["chapters"][-1]["end"]
            story: int = e["counters"].get("story", 0)
            prog = story / max(1, last)
            full = 1.4 + prog
            return full if d1 >= dur else 0.8 * full * amount / (dur - d0)
        if not st.is_permanent(e):
            return -1.0
        c: int | None = e["controller"]
        broken_now = self.broken_count(c)
        v = 0.02 * amount
        if d0 < dur <= d1:   # breaks
            v += 0.5 + 0.2 * broken_now + (2.5 if broken_now + 1 >= 5 else 0.0)
            if self.is_home(e):
                v += 1.5 + (1.0 if self.occupiers_on(e) else 0.0)
        elif self.is_home(e) and d0 < dur:
            v += 0.8 * amount / (dur - d0)   # towards a Contested Homeworld
        if d0 < 2 * dur <= d1:   # destroyed
            v += 0.4 + 0.05 * st.cost(e)
        if st.is_unit(e) and not st.fallen(e) and (d1 >= dur if st.ftype(e) == "character" else d1 >= 2 * dur):
            # it stops fighting: less damage on the Crises, and no longer a defender
            v += 0.12 * self.unit_threat_to_crises(e)
            holder = st.find(e["place"]) if e["place"] is not None else None
            if holder is not None and self.is_home(holder) and self.defenders(holder) == 1 and (
                    st.broken(holder) or self.occupiers_on(holder)):
                v += 1.5   # the last defender of a Homeworld the opponent can take
        else:
            v += 0.05 * self.unit_threat_to_crises(e) * min(1.0, amount / max(1, dur - d0))
        return v

    def defenders(self, holder: Entry) -> int:
        st = self.st
        n = 0
        for u in self.map:
            if u["place"] == holder["uid"] and u["controller"] == holder["controller"] and st.is_unit(u) \
                    and not st.fallen(u):
                n += 1
        return n

    def occupiers_on(self, holder: Entry) -> int:
        st = self.st
        n = 0
        for u in self.map:
            if u["place"] == holder["uid"] and u["controller"] == OPP and st.is_unit(u) and not st.fallen(u):
                n += 1
        return n

    def unit_threat_to_crises(self, e: Entry | None) -> float:
        st = self.st
        if e is None or not st.is_unit(e) or st.fallen(e):
            return 0.0
        return st.strike(e) * (1.5 if st.power(e) == "high" else 1.0)

    def harm_occupy(self, e: Entry | None) -> float:
        """Worth, to the opponent, of moving a unit onto ``e``: a Contested card without
        defenders is taken at the end of this Main Phase (§14.11), a Homeworld most of all."""
        st = self.st
        if e is None:
            return -1.0
        damage: int = e["damage"]
        v = 0.1 * damage / max(1, st.durability(e))
        home = self.is_home(e)
        if st.contested(e):
            v += 1.0 + (2.0 if self.defenders(e) == 0 else 0.0) + (1.5 if home else 0.0)
        elif home:
            v += 0.5
        return v

    # ----- scoring legal actions ------------------------------------------------------
    def score(self, text: str, bargain_weight: float) -> float:
        words = text.split()
        verb = words[0]
        st = self.st
        if verb == "attack":
            a, t = st.entry(int(words[1])), st.find(int(words[2]))
            return self.damage_value(t, st.strike(a), st.power(a)) - 0.02
        if verb == "play":
            return self.play_value(words[1], int(words[3]) if len(words) == 4 else None)
        if verb == "bargain":
            return self.bargain_value(words[1], bargain_weight)
        if verb == "use":
            return self.use_value(words[1])
        if verb in ("repair", "rally"):
            e = st.entry(int(words[1]))
            return self.repair_value(e) - 0.08 * st.cost(e) - self.spend_penalty(st.cost(e))
        if verb == "move":
            return self.move_value(st.entry(int(words[1])), words[2:])
        return -1.0

    # what a card in hand is worth (discarding, playing)
    def card_worth(self, cid: str) -> float:
        f = self.fronts[cid]
        t = f.type
        if t == "storyline":
            return 1.2 if self.own_turns_left >= 6 else 0.3
        if t in UNITS:
            return 0.3 + 0.3 * f.strike * (1.3 if f.power == "high" else 1) + 0.05 * f.durability
        if t == "location":
            return 0.3 + 0.3 * f.income * min(1.0, self.own_turns_left / 8)
        if t == "event":
            return 0.6 - 0.05 * f.cost
        return 0.4

    def play_value(self, cid: str, where: int | None) -> float:
        st = self.st
        f = self.fronts[cid]
        t = f.type
        cost = f.cost
        pen = self.spend_penalty(cost)
        turns = self.own_turns_left
        if t == "storyline":
            last: int = f.data["chapters"][-1]["end"]
            if turns < last:
                return 0.1 - pen   # too late to complete it; a body for its back face at most
            return 2.0 - pen
        if t in UNITS:
            reach = self._reach_factor(f)
            v = 0.35 * f.strike * reach + 0.06 * f.durability + self._ability_bonus(f)
            if t == "character" and not self.crisis and self.max_foe_strike() >= f.durability:
                v -= 0.25   # a Character an opponent can fell at once is a point offered
            v *= min(1.0, turns / 4)
            v -= 0.05 * cost
            v += self._place_bonus(t, where)
            return v - pen
        if t == "location":
            v = (0.35 * f.income + 0.1) * min(1.0, turns / 6) - 0.05 * cost + self._ability_bonus(f)
            return v - pen
        if t == "device":
            return self.device_value(f, st.find(where)) - 0.05 * cost - pen
        if t == "event":
            return self.event_value(f) - 0.05 * cost - pen
        return -1.0

    def _reach_factor(self, f: PrintedFace) -> float:
        if f.strike <= 0:
            return 0.0
        if not self.crisis:
            return 1.1 if f.power == "high" else 1.0
        cr = self.crises()
        if not cr:
            return 1.0 if f.power == "high" else 0.8
        hit = 0
        for e in cr:
            if f.power == "high" or not self.st.shielded(e):
                hit += 1
        return 0.5 + 0.6 * hit / len(cr)

    def _ability_bonus(self, f: PrintedFace) -> float:
        v = 0.0
        for a in f.abilities:
            for op in a["effect"]:
                o = op["op"]
                if o == "gain-treasury":
                    v += 0.3 * op["amount"]
                elif o == "draw":
                    v += 0.2 * op["n"]
                elif o == "create-drone":
                    v += 0.25 * op.get("n", 1)
                elif o == "remove-counters" and op["type"] == "damage":
                    v += 0.15
                elif o == "add-counters" and op["type"] == "story":
                    v += 0.3 if self._own_storyline() else 0.1
                elif o == "modify" and op["characteristic"] == "strike" and op["to"] != "host":
                    units = 0
                    for e in self.map:
                        if e["controller"] == self.seat and self.st.is_unit(e):
                            units += 1
                    v += 0.15 * op["by"] * units
                elif o == "lose-treasury" and op["who"] != "you" and not self.crisis:
                    v += 0.25 * op["amount"]
        return v

    def _own_storyline(self) -> bool:
        """This seat has a Storyline face on the Map."""
        for e in self.map:
            if self.st.is_storyline_face(e) and e["controller"] == self.seat:
                return True
        return False

    def _place_bonus(self, t: str, where: int | None) -> float:
        if where is None or t not in ("character", "ground-unit"):
            return 0.0
        e = self.st.entry(where)
        v = -0.01 * self.units_on(e)
        if self.is_home(e):
            v += 0.03 + (0.2 if self._homeworld_pressure() and self.units_on(e) == 0 else 0)
        if self.st.broken(e) and self.units_on(e) == 0:
            v += 0.3
        return v

    def device_value(self, f: PrintedFace, host: Entry | None) -> float:
        st = self.st
        if host is None:
            return -1.0
        v = 0.0
        for a in f.abilities:
            if a["kind"] != "static":
                continue
            for op in a["effect"]:
                if op["characteristic"] == "strike" and st.strike(host) > 0:
                    v += 0.3 * op["by"] * (1.3 if st.power(host) == "high" else 1.0)
                elif op["characteristic"] == "strike":
                    v += 0.15 * op["by"]
                elif op["characteristic"] == "durability":
                    v += 0.1 * op["by"] + (0.3 if st.broken(host) else 0)
                elif op["characteristic"] == "range":
                    v += 0.05
        if st.fallen(host):
            v -= 0.5
        return v * min(1.0, self.own_turns_left / 4)

    def event_value(self, f: PrintedFace) -> float:
        st = self.st
        assert self.seat is not None, "a player's view"
        me: Selecting = {"ctrl": self.seat, "src": None}   # what a selector of its own Event reads
        v = 0.0
        for a in f.abilities:
            for op in a["effect"]:
                o = op["op"]
                if o == "deal-damage":
                    rec = op["to"]
                    (how, sel), = rec.items() if isinstance(rec, dict) else (("x", {}),)
                    cands = [e for e in self.map if st.matches(sel, e, me)]
                    vals = [self.damage_value(e, op["amount"], op["power"]) for e in cands]
                    if how == "each":
                        v += sum(x for x in vals if x > 0)
                    elif vals:
                        v += max(vals)
                elif o == "gain-treasury":
                    v += 0.25 * op["amount"] + (0.6 if self.treasury < self.drain() + 2 else 0)
                elif o == "draw":
                    deck = sum(self.pl["deck"].values()) if self.pl is not None else 0
                    v += (0.25 * op["n"]) if deck > 3 else -0.3
                elif o == "lose-treasury" and op["who"] != "you":
                    if not self.crisis:
                        v += 0.15 * op["amount"] + sum(
                            0.9 for p in range(self.n) if p != self.seat
                            and 0 < st.players[p]["treasury"] <= op["amount"])
                elif o == "remove-counters" and op["type"] == "damage":
                    rec = op["on"]
                    sel = next(iter(rec.values())) if isinstance(rec, dict) else {}
                    fixed = [e for e in self.map if e["controller"] == self.seat and e["damage"] > 0
                             and st.matches(sel, e, me)]
                    v += sum(max(0.0, self.repair_value(e)) * min(1.0, op["n"] / e["damage"]) for e in fixed)
                    v += 0.03 * sum(min(op["n"], e["damage"]) for e in fixed)
                elif o == "create-drone":
                    v += 0.2 * op.get("n", 1)
                elif o == "add-counters" and op["type"] == "story":
                    v += 0.3
        return v

    def bargain_value(self, ref: str, weight: float) -> float:
        st = self.st
        uid, _, which = ref.partition(":")
        e = st.entry(int(uid))
        k = int(which[1:]) if which.startswith("b") else int(which or 0)
        bars = [a for _, a in st.abilities_of(e) if a["kind"] == "bargain"]
        if k >= len(bars):
            return -1.0
        a = bars[k]
        cost: int = a["cost"]["treasury"]
        drains_after: list[int] | None = None
        if any(op["op"] == "remove-counters" and op["type"] == "time" for op in a["effect"]) and self.crisis:
            before, after = self._crisis_drain(e), self._crisis_drain(e, fewer=1)
            drains_after = [x - b + c for x, b, c in zip(self.drains(), before, after)]
        pen = self.spend_penalty(cost, drains_after)
        v = 0.0
        for op in a["effect"]:
            if op["op"] == "remove-counters" and op["type"] == "time":
                v += weight * self.time_value(e)
            elif op["op"] == "destroy" and op["to"] == "this":
                host = st.find(e["host"]) if e.get("host") is not None else None
                if host is not None and host["controller"] == self.seat:
                    v += 0.15 + 0.5 * self.unit_threat(host) + (0.4 if host["damage"] + 1 >= st.durability(host)
                                                                 else 0.0)
            elif op["op"] == "remove-counters" and op["type"] == "damage":
                v += 0.2
        return v - 0.04 * cost - pen

    def time_value(self, e: Entry) -> float:
        """Worth of one Time counter fewer on Crisis Storyline ``e``: only when a Chapter
        would complete in the next opponent turn."""
        st = self.st
        if not (st.is_storyline_face(e) and st.is_crisis(e)):
            return 0.0
        f = st.face(e)
        chapter: int = e["chapter"]
        ch = f["chapters"][chapter - 1]
        t: int = e["counters"].get("time", 0)
        if t + 1 < ch["end"]:
            return 0.0
        final = chapter == len(f["chapters"])
        damage: int = e["damage"]
        rem = st.durability(e) - damage
        # can this seat destroy it now? then the counter does not matter
        if self._damage_now(e) >= rem:
            return 0.0
        cap = self.team_damage(e)
        if final:
            # one opponent turn more: worth much when the players can destroy it soon
            return 2.0 if rem <= 2 * cap else (1.0 if rem <= 4 * cap else 0.5)
        return 0.35 + 0.2 * chapter

    def team_damage(self, target: Entry) -> int:
        """Strike the players' units could put on ``target`` in a round (public Map)."""
        st = self.st
        total = 0
        for a in self.map:
            if a["controller"] is not None and a["controller"] >= 0 and not self.foe(a["controller"]) \
                    and st.is_unit(a) and not st.fallen(a) and st.strike(a) > 0:
                if st.power(a) == "high" or not st.shielded(target):
                    total += st.strike(a)
        return total

    def _damage_now(self, target: Entry) -> int:
        """Damage this seat's ready units could deal to ``target`` this turn by attacks."""
        st = self.st
        total = 0
        for a in self.map:
            if a["controller"] == self.seat and st.can_attack(a):
                if target in st.attack_targets(a):
                    total += st.strike(a)
        return total

    def use_value(self, ref: str) -> float:
        st = self.st
        uid, _, k = ref.partition(":")
        e = st.entry(int(uid))
        acts = [a for _, a in st.abilities_of(e) if a["kind"] == "activated"]
        a = acts[int(k or 0)]
        cost: int = a["cost"]["treasury"]
        pen = self.spend_penalty(cost)
        v = 0.0
        for op in a["effect"]:
            o = op["op"]
            if o == "remove-counters" and op["type"] == "damage":
                rec = op["on"]
                sel = next(iter(rec.values())) if isinstance(rec, dict) else {}
                ctx = st.context(e, a, a["effect"])
                fixed = [x for x in self.map if x["controller"] == self.seat and x["damage"] > 0
                         and st.matches(sel, x, ctx)]
                v += max([max(0.0, self.repair_value(x)) * min(1.0, op["n"] / x["damage"])
                          + 0.05 * min(op["n"], x["damage"]) for x in fixed], default=0.0)
                if not fixed:
                    v -= 1.0
            elif o == "add-counters" and op["type"] == "story":
                mine = [x for x in self.map if x["controller"] == self.seat and st.is_storyline_face(x)]
                v += 0.5 if mine else -1.0
            elif o == "create-drone":
                v += 0.3 * op.get("n", 1) * min(1.0, self.own_turns_left / 3)
            elif o == "gain-treasury":
                v += 0.25 * op["amount"]
            elif o == "draw":
                v += 0.2 * op["n"]
            elif o == "deal-damage":
                v += 0.5
            else:
                v += 0.05
        if a["cost"]["spend"] and st.is_unit(e) and st.strike(e) > 0:
            # spending a unit costs its attack
            best = max([self.damage_value(t, st.strike(e), st.power(e)) for t in st.attack_targets(e)],
                       default=0.0)
            v -= max(0.0, best)
        return v - 0.04 * cost - pen

    def move_value(self, u: Entry, rest: list[str]) -> float:
        st = self.st
        if rest[0] == "orbit":
            return -0.5
        dest = st.entry(int(rest[1]))
        # what attacking would have been worth instead
        att = max([self.damage_value(t, st.strike(u), st.power(u)) for t in st.attack_targets(u)],
                  default=0.0) if st.strike(u) > 0 else 0.0
        v = -0.05
        here = st.find(u["place"]) if u["place"] is not None else None
        if here is not None and here["controller"] == self.seat and self.units_on(here) <= 1 and \
                (st.broken(here) or (self.is_home(here) and self._homeworld_pressure())):
            return -1.0   # it guards where it is
        if dest["controller"] == self.seat:
            if self.units_on(dest) == 0 and (st.broken(dest) or (self.is_home(dest) and (
                    self._homeworld_pressure() or dest["damage"] >= st.durability(dest) - 2))):
                foes_on = any(x["place"] == dest["uid"] and x["controller"] != self.seat and st.is_unit(x)
                              for x in self.map)
                v += 1.2 if (st.broken(dest) or foes_on) else 0.5
                if self.is_home(dest):
                    v += 0.5
        elif self.foe(dest["controller"]) and st.contested(dest) and st.is_permanent(dest):
            foes_on = any(x["place"] == dest["uid"] and self.foe(x["controller"]) and st.is_unit(x)
                          and not st.fallen(x) for x in self.map)
            if not foes_on:
                # Occupation at the end of this Main Phase
                v += 0.6 if self.crisis else (1.0 + (1.0 if self.is_home(dest) else 0.0))
                if self.broken_count(self.seat) >= 3:
                    v -= 0.8   # it would count towards this seat's wreckage
        return v - att
