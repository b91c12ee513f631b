"""A rule-based Crisis: Tokyo player: ``make_agent("heuristic", game_id="crisis-tokyo")``.

It plays like a sensible beginner who knows the cards:

- Attacking: for every District in Tokyo, every one or two Threats of its hand and every
  power, it checks whether the Threats level the District (printed spheres, wildcards
  taken as that power, "+1 per other Threat"), and how the attack fares against the best
  defence each possible defender's Reserve could put up (the defender picks its power
  after the attack power, so Superiority is counted for the defender's best answer). It
  attacks with the plan that levels and leaves the best worst-case margin (fewer Threats
  and weaker ones when equal); a plan that needs one of its conflict Events to level
  counts too, ranked lower. It attacks unless some defender could beat the plan by more
  than ``risk`` spheres (default 2).
- Otherwise it builds: extra-action Events when they make an attack possible, card-draw
  Events, recruiting Heroes (it keeps its two best Threats in hand, recruits the others
  while its Reserve has room), Gifts on its own Heroes, removing enemy Heroes, a few Plots
  (attacks for one action, more cards for levelling); else it draws, a Character while it
  holds fewer than ``want_characters`` (default 3), else an Event.
- Defending: it defends when its Reserve beats the attacking side for some defence power,
  Superiority included, by at least ``defend_margin`` (default 1), or when a conflict Event
  in its hand would make up the difference and the attack would level the District; it
  deploys the Heroes with spheres of the power it will defend with and declares the power
  that maximizes its total against the attack.
- Combat: it passes when winning (attacker: winning and levelling; defender: winning).
  Otherwise it looks one manoeuvre ahead: for each Event and Talent it may use, a copy of
  the state plays it (its own follow-up choices made by these same rules, stopping at any
  draw or reveal, so nothing hidden is looked at) and the outcome is scored; it plays the
  best one when its cards could plausibly turn the combat, else passes.
- Choices inside effects: boosts on its own side in the declared power, reductions and
  destruction on the strongest enemy Character, deployments that add spheres, wildcards as
  the attack power (or where its Reserve is strongest), discards of the least useful card.

It reads only what its seat may know: its own hand, Reserves, Tokyo, the Plot, the
Conflict and discard piles (never another hand or a deck's contents). Deterministic (no
randomness at all). Parameters (spec ``heuristic:key=value``): ``risk`` (int),
``defend_margin`` (int), ``want_characters`` (int).
"""

from __future__ import annotations

from itertools import combinations
from typing import Callable, cast

from ..core.machine import Node
from ..games.crisis.cards import Card
from ..games.crisis.state import CrisisState, Instance
from .base import Agent

POWERS = ("martial", "tech", "monster", "fire", "mystic")
CONFLICT_OPS = {"side_bonus", "portal", "deploy_from_hand", "deploy_from_reserve", "change_power", "no_superiority"}
AUTO_KINDS = ("effect", "wild", "choose-deck", "discard", "reserve-limit", "resources")

ThreatFacts = tuple[dict[str, int], int, int, float]
"""What a Threat half prints: ({power: spheres}, +spheres per other Threat, reward, value)."""
Plan = tuple[float, str, list[str], str, int]
"""An attack that levels a District: (score, district, card ids, power, margin)."""
Defenders = tuple[list[dict[str, int]], dict[tuple[str, str], bool]]
"""Reserve totals per power of every seat that may defend, and the Superiority table."""


def _node(state: CrisisState) -> Node:
    """The pending node (asked at a decision only)."""
    node = state.node
    assert node is not None, "a decision is pending"
    return node


class CrisisHeuristicAgent(Agent[CrisisState]):
    """Rule-based Crisis: Tokyo player (spec ``heuristic``). See the module docstring."""

    spec = "heuristic"
    PARAMS = ("risk", "defend_margin", "want_characters")

    def __init__(self, **params: object) -> None:
        super().__init__(**params)
        self.risk = self.int_param("risk", 2)
        self.defend_margin = self.int_param("defend_margin", 1)
        self.want_characters = self.int_param("want_characters", 3)
        # (turn, district, [card ids], power) of the attack in progress
        self._plan: tuple[int, str, list[str], str] | None = None
        # card id -> _threat_facts (printed card facts, kept per game)
        self._threats: dict[str, ThreatFacts] = {}

    def reset(self, seed: int | None, seat: int) -> None:
        super().reset(seed, seat)
        self._plan = None
        self._threats = {}

    # ----- entry point -------------------------------------------------------------------
    def step(self, state: CrisisState) -> str:
        legal = state.legal_texts()
        if len(legal) == 1:
            return legal[0]
        choice = self._choose(state, legal, lookahead=True)
        if choice not in legal:
            choice = self._fallback(legal)
        return choice

    def _choose(self, state: CrisisState, legal: list[str], lookahead: bool) -> str:
        node = _node(state)
        kind: str = node[2]
        fn: Callable[..., str] | None
        if kind == "effect":
            fn = cast("Callable[..., str] | None", getattr(self, "_effect_" + node[3]["name"].replace("-", "_"), None))
        else:
            fn = cast("Callable[..., str] | None", getattr(self, "_" + kind.replace("-", "_"), None))
        if fn is None:
            return self._fallback(legal)
        if kind == "manoeuvre":
            return fn(state, legal, lookahead)
        return fn(state, legal)

    @staticmethod
    def _fallback(legal: list[str]) -> str:
        for text in ("pass", "done", "none", "decline", "end", "skip"):
            if text in legal:
                return text
        return legal[0]

    # ----- card facts (public) -------------------------------------------------------------
    @staticmethod
    def _is_char(state: CrisisState, cid: str) -> bool:
        return cid in state.game.cards["character"]

    @staticmethod
    def _printed(h: Card, power: str) -> int:
        """Printed spheres of a half in ``power``, wildcards counted as that power."""
        sp: dict[str, int] = h.get("spheres", {})
        return sp.get(power, 0) + sp.get("wild", 0)

    def _threat_facts(self, state: CrisisState, cid: str) -> ThreatFacts:
        """What Character ``cid``'s Threat half prints: ({power: spheres, wildcards counted
        as that power}, +spheres per other Threat, extra reward, ``_threat_value``)."""
        facts = self._threats.get(cid)
        if facts is None:
            h = state.game.cards["character"][cid]["threat"]
            printed = {p: self._printed(h, p) for p in POWERS}
            pas = h.get("passive", {})
            per_other, reward = pas.get("bonus_per_other_threat", 0), pas.get("reward", 0)
            value = max(printed.values()) + 0.6 * per_other + 0.3 * reward
            facts = self._threats[cid] = (printed, per_other, reward, value)
        return facts

    def _threat_value(self, state: CrisisState, cid: str) -> float:
        return self._threat_facts(state, cid)[3]

    def _hero_value(self, state: CrisisState, cid: str) -> float:
        h = state.game.cards["character"][cid]["hero"]
        sp: dict[str, int] = h.get("spheres", {})
        return max((self._printed(h, p) for p in POWERS), default=0) + 0.3 * sum(sp.values()) \
            + 1.0 * len(h.get("talents", []))

    def _inst_value(self, state: CrisisState, inst: Instance) -> float:
        sp = [state.spheres(inst, p) for p in POWERS]
        from ..games.crisis.effects import talents_of
        return max(sp) + 0.3 * sum(sp) + 1.0 * len(talents_of(state, inst))

    def _half_value(self, h: Card) -> float:
        """Rough worth of an Event half, in cards."""
        kind = h["kind"]
        if kind == "gift":
            spheres: dict[str, int] = h.get("spheres", {})
            return 0.9 + 0.4 * sum(spheres.values()) + 0.5 * len(h.get("talents", []))
        if kind == "plot":
            r = h.get("rules", {})
            if r.get("attack_actions") == 1:
                return 1.5
            if r.get("level_reward") or r.get("start_draw"):
                return 1.2
            return 0.4
        v = 0.0
        for op in h.get("effects", []):
            name = op["op"]
            if name == "draw":
                v += 0.9 * op.get("n", 1)
            elif name == "spheres":
                v += 0.7 * abs(op["n"]) if op.get("where") == "conflict" else 0.6
            elif name == "side_bonus":
                v += 0.8 * op["n"]
            elif name in ("portal", "deploy_from_hand"):
                v += 1.4
            elif name in ("change_power", "deploy_from_reserve", "no_superiority"):
                v += 0.9
            elif name == "actions":
                v += 0.9 * op["n"]
            elif name == "recruit":
                v += 0.8
            elif name == "destroy":
                v += 1.2
            elif name == "from_discard":
                v += 1.0
            elif name == "discard_random":
                v += 0.6
            elif name == "each_discards":
                v -= 0.3
            elif name == "to_hand":
                v += 0.3
        return v

    def _card_value(self, state: CrisisState, cid: str) -> float:
        """How much a card in hand is worth keeping."""
        cs = state.game.cards
        if cid in cs["character"]:
            return 0.6 + max(0.5 * self._threat_value(state, cid), 0.35 * self._hero_value(state, cid))
        e = cs["event"][cid]
        return max(self._half_value(e["a"]), self._half_value(e["b"]))

    # ----- attack planning -------------------------------------------------------------------
    def _sup_bonus(self, state: CrisisState) -> int:
        bonus: int = state.rules().get("superiority_bonus", 2)
        return bonus

    def _levels(self, state: CrisisState, did: str, power: str, totals: dict[str, int]) -> bool:
        """Whether an attacking side with ``totals`` (power -> spheres) levels ``did``
        attacking with ``power`` (Leveling Districts, with the optional rules in use)."""
        d = state.game.cards["district"][did]
        t = totals.get(power, 0)
        white = d.get("white")
        resist = d.get("resistance", {})
        if white is not None:
            if t >= white:
                return True
        elif power in resist and t >= resist[power]:
            return True
        if state.option("brute_force") and t >= 8:
            return True
        if state.option("collateral_damage"):
            values = [white] if white is not None else list(resist.values())
            if any(v > 0 and any(v >= x for x in values) for v in totals.values()):
                return True
        return False

    def _shortfall(self, state: CrisisState, did: str, power: str, total: int) -> int | None:
        d = state.game.cards["district"][did]
        white: int | None = d.get("white")
        if white is not None:
            return max(0, white - total)
        resist: dict[str, int] = d.get("resistance", {})
        if power not in resist:
            return None
        return max(0, resist[power] - total)

    def _boosts(self, state: CrisisState, me: int) -> dict[str, int]:
        """power -> best spheres one manoeuvre could add to the attacking side's level total
        (conflict Events of the hand, Gifts for Threats, own Talents)."""
        from ..games.crisis.effects import talents_of
        out = dict.fromkeys(POWERS, 0)
        cs = state.game.cards
        no_talents = state.rules().get("no_talents")

        def ops_boost(ops: list[Card]) -> None:
            for op in ops:
                if op["op"] == "spheres" and op.get("side") in ("own", "any") and op["n"] > 0:
                    for p in (POWERS if op["power"] == "chosen" else (op["power"],)):
                        out[p] = max(out[p], op["n"])
                if op["op"] == "deploy_from_hand":
                    for x in state.hands[me]:
                        if x in cs["character"]:
                            h = cs["character"][x]["threat"]
                            for p in POWERS:
                                out[p] = max(out[p], self._printed(h, p))

        for cid in state.hands[me]:
            if cid in cs["event"]:
                for which in ("a", "b"):
                    h = cs["event"][cid][which]
                    if h["kind"] == "occurrence" and h.get("timing") != "end_of_turn":
                        ops_boost(h.get("effects", []))
                    elif h["kind"] == "gift" and h.get("host", "any") in ("threat", "any"):
                        for p, n in h.get("spheres", {}).items():
                            out[p] = max(out[p], n)
        if not no_talents:
            for inst in state.reserves[me]:
                if inst["talent_turn"] == state.turn_count:
                    continue
                for t in talents_of(state, inst):
                    ops_boost(t.get("effects", []))
        return out

    def _defenders(self, state: CrisisState, me: int) -> Defenders:
        """(Reserve totals per power of every seat that may defend, Superiority table)."""
        tables = []
        for seat in range(state.game.num_players):
            if seat != me and seat not in state.defended:
                table = dict.fromkeys(POWERS, 0)
                for h in state.reserves[seat]:
                    for q, n in state.sphere_counts(h).items():
                        table[q] += n
                tables.append(table)
        sup = {(a, b): state.superior(a, b) for a in POWERS for b in POWERS if a != b}
        return tables, sup

    def _defence_worst(self, state: CrisisState, me: int, did: str, power: str, att_total: int,
                       defenders: Defenders | None = None) -> int | None:
        """The largest (defence - attack) any possible defender's whole Reserve could reach
        against this attack, choosing its best defence power; None when nobody can defend."""
        tables, sup = defenders or self._defenders(state, me)
        special = state.game.cards["district"][did].get("special", {})
        no_sup = special.get("no_superiority")
        dbonus = special.get("defender_bonus", 0)
        bonus = self._sup_bonus(state)
        worst = None
        for table in tables:
            for q in POWERS:
                dfn = table[q] + dbonus
                att = att_total
                if not no_sup and q != power:
                    if att > 0 and sup[power, q]:
                        att += bonus
                    if dfn > 0 and sup[q, power]:
                        dfn += bonus
                if worst is None or dfn - att > worst:
                    worst = dfn - att
        return worst

    def _attack_plans(self, state: CrisisState, me: int) -> list[Plan]:
        """Every attack that levels a District: (score, district, cards, power, margin)."""
        cs = state.game.cards
        chars = [c for c in dict.fromkeys(state.hands[me]) if c in cs["character"]]
        if not chars:
            return []
        boosts = self._boosts(state, me)
        groups = []
        for k in (1, 2):
            for combo in combinations(chars, k):
                facts = [self._threat_facts(state, c) for c in combo]
                per_other = sum(f[1] for f in facts) * (k - 1)
                totals = {p: sum(f[0][p] for f in facts) + per_other for p in POWERS}
                cost = sum(f[3] for f in facts)
                reward = sum(f[2] for f in facts)
                groups.append((combo, totals, cost, reward))
        plans = []
        defenders = self._defenders(state, me)
        worsts = {}  # (district, power, attack total) -> _defence_worst: many plans share one
        optional = state.option("brute_force") or state.option("collateral_damage")
        for did in state.tokyo:
            if not did:
                continue
            d = cs["district"][did]
            need = d.get("special", {}).get("min_threats", 1)
            white = d.get("white")
            resist = d.get("resistance", {})
            # spheres of each power that level it (None: that power cannot)
            needed = {p: white if white is not None else resist.get(p) for p in POWERS}
            for combo, totals, cost, reward in groups:
                if len(combo) < need:
                    continue
                for p in POWERS:
                    t = totals[p]
                    if (optional and self._levels(state, did, p, totals)) or (needed[p] is not None and t >= needed[p]):
                        boosted = False
                    else:
                        if needed[p] is None or needed[p] - t > min(2, boosts[p]):
                            continue
                        boosted = True
                    key = (did, p, t)
                    if key not in worsts:
                        worsts[key] = self._defence_worst(state, me, did, p, t, defenders)
                    worst = worsts[key]
                    margin = 6 if worst is None else min(6, -worst)
                    score = (10.0 if not boosted else 7.0) + min(margin, 4)
                    score -= 1.0 * (len(combo) - 1) + 0.08 * cost
                    score += 0.6 * (d.get("special", {}).get("reward", 1) - 1 + reward)
                    plans.append((score, did, list(combo), p, margin))
        plans.sort(key=lambda x: -x[0])
        return plans

    def _best_plan(self, state: CrisisState, me: int) -> Plan | None:
        plans = [pl for pl in self._attack_plans(state, me) if pl[4] >= -self.risk]
        return plans[0] if plans else None

    # ----- main action ---------------------------------------------------------------------
    def _action(self, state: CrisisState, legal: list[str]) -> str:
        me = self.seat
        cs = state.game.cards
        hand = state.hands[me]
        plan = None
        if any(t.startswith("attack ") for t in legal):
            plan = self._best_plan(state, me)
            if plan is not None and f"attack {plan[1]}" in legal:
                self._plan = (state.turn_count, plan[1], plan[2], plan[3])
                return f"attack {plan[1]}"
        cost = state.attack_cost()
        # could an attack follow if we had the actions?
        future_plan = None
        if state.actions_left < cost:
            future_plan = self._best_plan(state, me)

        n_chars = sum(1 for c in hand if c in cs["character"])
        scores = {}
        for text in legal:
            w = text.split()
            if w[0] == "draw":
                if w[1] == "character":
                    s = 1.0 + (0.3 if n_chars < self.want_characters else -0.2)
                else:
                    s = 1.0 + (0.2 if n_chars >= self.want_characters else -0.1)
                scores[text] = s
            elif w[0] == "recruit":
                scores[text] = self._recruit_score(state, me, w[1])
            elif w[0] == "play":
                scores[text] = self._play_score(state, me, w[1], w[2], future_plan)
            elif w[0] == "talent":
                scores[text] = self._talent_score(state, me, int(w[1]), int(w[2]), future_plan)
            elif w[0] == "end":
                scores[text] = 0.0
        best = max(scores, key=lambda t: scores[t], default=None)
        return best if best is not None else self._fallback(legal)

    def _keep_threats(self, state: CrisisState, me: int) -> list[str]:
        chars = [c for c in state.hands[me] if self._is_char(state, c)]
        chars.sort(key=lambda c: -self._threat_value(state, c))
        return chars[:2]

    def _recruit_score(self, state: CrisisState, me: int, cid: str) -> float:
        room = state.reserve_limit() - len(state.reserves[me])
        if room <= 0:
            return -1.0
        hv = self._hero_value(state, cid)
        tv = self._threat_value(state, cid)
        keep = self._keep_threats(state, me)
        s = 0.7 + 0.2 * hv - (0.12 * tv if cid in keep else 0.0)
        if cid in keep and tv >= 4:
            s -= 1.0
        if not state.reserves[me]:
            s += 0.4
        return s

    def _own_hosts(self, state: CrisisState, me: int, h: Card) -> list[Instance]:
        host = h.get("host", "any")
        return [i for i in state.reserves[me] if host in ("any", i["half"])]

    def _enemy_heroes(self, state: CrisisState, me: int, op: Card) -> list[Instance]:
        from ..games.crisis.effects import candidates
        return candidates(state, me, op)

    def _ops_score(self, state: CrisisState, me: int, ops: list[Card], future_plan: Plan | None) -> float:
        s = 0.0
        cs = state.game.cards
        for op in ops:
            name = op["op"]
            if name == "draw":
                s += 0.9 * op.get("n", 1)
            elif name == "actions":
                if future_plan is not None and state.actions_left - 1 + op["n"] >= state.attack_cost():
                    s += 40.0
                else:
                    s += 0.8 * (op["n"] - 1) + 0.2
            elif name == "recruit":
                room = state.reserve_limit() - len(state.reserves[me])
                chars = [c for c in state.hands[me] if c in cs["character"]
                         and c not in self._keep_threats(state, me)]
                s += 1.0 if room > 0 and chars else -0.3
            elif name == "destroy":
                cands = self._enemy_heroes(state, me, op)
                cands = [i for i in cands if i["owner"] != me]
                s += (1.0 + 0.3 * max(state.total_spheres(i) for i in cands)) if cands else -0.5
            elif name == "discard_random":
                s += 0.6
            elif name == "each_discards":
                s -= 0.4
            elif name == "spheres":
                cands = self._enemy_heroes(state, me, op)
                if op["n"] > 0:
                    s += 0.8 if any(i["owner"] == me for i in cands) else -0.5
                else:
                    s += 0.5 if any(i["owner"] != me for i in cands) else -0.5
            elif name == "from_discard":
                pile = state.discards[op["deck"]]
                best = max((self._card_value(state, c) for c in pile), default=0.0)
                s += min(2.0, best) - 0.2
            elif name == "to_hand":
                s -= 0.8
            else:
                s -= 0.5
        return s

    def _play_score(self, state: CrisisState, me: int, cid: str, which: str, future_plan: Plan | None) -> float:
        e = state.game.cards["event"][cid]
        h = e[which]
        other = e["b" if which == "a" else "a"]
        keep = 0.35 * self._half_value(other)
        if h["kind"] == "gift":
            if not self._own_hosts(state, me, h):
                return -1.0
            spheres: dict[str, int] = h.get("spheres", {})
            return 0.8 + 0.35 * sum(spheres.values()) + 0.4 * len(h.get("talents", [])) - keep
        if h["kind"] == "plot":
            r = h.get("rules", {})
            n_chars = sum(1 for c in state.hands[me] if self._is_char(state, c))
            if r.get("attack_actions") == 1:
                return (1.6 if n_chars >= 2 else 0.4) - keep
            if r.get("level_reward") or r.get("start_draw"):
                return 1.05 - keep
            return -0.5
        return self._ops_score(state, me, h.get("effects", []), future_plan) - keep

    def _talent_score(self, state: CrisisState, me: int, uid: int, k: int, future_plan: Plan | None) -> float:
        from ..games.crisis.effects import talents_of
        found = state.find(uid)
        if found is None:
            return -1.0
        t = talents_of(state, found[2])[k]
        s = self._ops_score(state, me, t.get("effects", []), future_plan)
        if t.get("destroy_self") and s < 10:
            s -= 0.6 + 0.3 * self._inst_value(state, found[2])
        return s

    # ----- drawing, discarding, limits --------------------------------------------------------
    def _draw_choice(self, state: CrisisState, legal: list[str]) -> str:
        me = self.seat
        n_chars = sum(1 for c in state.hands[me] if self._is_char(state, c))
        want = "draw character" if n_chars < self.want_characters else "draw event"
        if want in legal:
            return want
        for t in legal:
            if t.startswith("draw "):
                return t
        return self._fallback(legal)

    def _choose_deck(self, state: CrisisState, legal: list[str]) -> str:
        return self._draw_choice(state, legal)

    def _resources(self, state: CrisisState, legal: list[str]) -> str:
        return self._draw_choice(state, legal)

    def _discard(self, state: CrisisState, legal: list[str]) -> str:
        return min(legal, key=lambda t: (self._card_value(state, t.split()[1]), t))

    def _reserve_limit(self, state: CrisisState, legal: list[str]) -> str:
        def val(t: str) -> float:
            found = state.find(int(t.split()[1]))
            return self._inst_value(state, found[2]) if found else 0.0
        return min(legal, key=val)

    def _wild(self, state: CrisisState, legal: list[str]) -> str:
        uid: int = _node(state)[3]["uid"]
        found = state.find(uid)
        if found is None:
            return legal[0]
        where, owner, inst = found
        if where == "att":
            c = state.live_conflict()
            if c["att_power"]:
                return f"power {c['att_power']}"
            if self._plan and self._plan[1] == c["district"]:
                return f"power {self._plan[3]}"
            return f"power {self._best_attack_power(state)}"
        if where == "def":
            c = state.live_conflict()
            if c["def_power"]:
                return f"power {c['def_power']}"
        # a Reserve: where the Reserve is strongest
        res = [i for i in state.reserves[owner] if i is not inst]
        wild = state.card_half(inst).get("spheres", {}).get("wild", 0)
        best = max(POWERS, key=lambda p: sum(state.spheres(i, p) for i in res)
                   + state.card_half(inst).get("spheres", {}).get(p, 0) + wild)
        return f"power {best}"

    # ----- sending Threats and declaring the attack power --------------------------------------
    def _send(self, state: CrisisState, legal: list[str]) -> str:
        c = state.live_conflict()
        me = self.seat
        plan = self._plan
        if plan is None or plan[0] != state.turn_count or plan[1] != c["district"]:
            plans = [pl for pl in self._attack_plans(state, me) if pl[1] == c["district"]]
            plan = (state.turn_count, c["district"], plans[0][2], plans[0][3]) if plans else None
            self._plan = plan
        sent = {i["card"] for i in c["att"]}
        if plan is not None:
            for cid in plan[2]:
                if cid not in sent and f"send {cid}" in legal:
                    return f"send {cid}"
        if "done" in legal:
            return "done"
        sends = [t for t in legal if t.startswith("send ")]
        return max(sends, key=lambda t: (self._threat_value(state, t.split()[1]), t))

    def _att_totals(self, state: CrisisState) -> dict[str, int]:
        return {p: state.side_total("att", p) for p in POWERS}

    def _best_attack_power(self, state: CrisisState) -> str:
        c = state.live_conflict()
        me = self.seat
        totals = self._att_totals(state)
        boosts = self._boosts(state, me)
        defenders = self._defenders(state, me)

        def key(p: str) -> tuple[bool, bool, int, int, int]:
            lv = self._levels(state, c["district"], p, totals)
            short = self._shortfall(state, c["district"], p, totals[p])
            near = short is not None and short <= boosts[p]
            worst = self._defence_worst(state, me, c["district"], p, totals[p], defenders)
            margin = 6 if worst is None else min(6, -worst)
            return (lv, near, margin, totals[p], -POWERS.index(p))
        return max(POWERS, key=key)

    def _attack_power(self, state: CrisisState, legal: list[str]) -> str:
        return f"power {self._best_attack_power(state)}"

    # ----- defending -----------------------------------------------------------------------
    def _combat_totals(self, state: CrisisState, att_power: str, def_power: str, att_extra: int = 0,
                       def_extra: int = 0) -> tuple[int, int]:
        """(attacker, defender) totals of the Conflict with these powers (as the engine's
        combat_totals), plus extra spheres on either side."""
        c = state.live_conflict()
        att = state.side_total("att", att_power) + c["bonus"][0] + att_extra
        dfn = state.side_total("def", def_power) + c["bonus"][1] + def_extra
        special = state.game.cards["district"][c["district"]].get("special", {})
        dfn += special.get("defender_bonus", 0)
        bonus = self._sup_bonus(state)
        if not (c["no_superiority"] or special.get("no_superiority")):
            if att > 0 and state.superior(att_power, def_power):
                att += bonus
            if dfn > 0 and state.superior(def_power, att_power):
                dfn += bonus
        return att, dfn

    def _reserve_margins(self, state: CrisisState, me: int) -> dict[str, int]:
        """{defence power q: defence margin (defence - attack)} with the Reserve's Heroes
        that have spheres of ``q`` deployed (plus those already in the Conflict)."""
        adds = dict.fromkeys(POWERS, 0)
        for h in state.reserves[me]:
            for q, n in state.sphere_counts(h).items():
                adds[q] += n
        margins = {}
        for q in POWERS:
            att, dfn = self._combat_totals(state, state.live_conflict()["att_power"], q, def_extra=adds[q])
            margins[q] = dfn - att
        return margins

    def _hand_defence_boost(self, state: CrisisState, me: int) -> int:
        """Spheres one conflict Event of the hand could swing in a defence (rough)."""
        cs = state.game.cards
        best = 0
        for cid in state.hands[me]:
            if cid not in cs["event"]:
                continue
            for which in ("a", "b"):
                h = cs["event"][cid][which]
                if h["kind"] != "occurrence" or h.get("timing") == "end_of_turn":
                    continue
                v = 0
                for op in h.get("effects", []):
                    if op["op"] == "side_bonus":
                        v += op["n"]
                    elif op["op"] == "spheres" and op.get("where") == "conflict":
                        v += abs(op["n"])
                best = max(best, v)
        return best

    def _defend(self, state: CrisisState, legal: list[str]) -> str:
        me = self.seat
        margin = max(self._reserve_margins(state, me).values())
        if margin >= self.defend_margin:
            return "defend"
        if state.reserves[me] and state.level_strength():
            boost = self._hand_defence_boost(state, me)
            if margin + boost >= self.defend_margin + 1:
                return "defend"
            # this attack would win the game: a tie (both sides destroyed) is enough
            c = state.live_conflict()
            if len(state.districts[c["attacker"]]) + 1 >= state.option("districts_to_win") and margin + boost >= 0:
                return "defend"
        return "decline"

    def _best_defence_power(self, state: CrisisState, me: int) -> str:
        margins = self._reserve_margins(state, me)

        def key(q: str) -> tuple[int, int, int]:
            return (margins[q], sum(state.spheres(h, q) for h in state.reserves[me]), -POWERS.index(q))
        return max(POWERS, key=key)

    def _deploy(self, state: CrisisState, legal: list[str]) -> str:
        me = self.seat
        q = self._best_defence_power(state, me)
        best = None
        for t in legal:
            if t.startswith("deploy "):
                inst = state.instance(int(t.split()[1]))
                n = state.spheres(inst, q)
                if n > 0 and (best is None or n > best[0]):
                    best = (n, t)
        return best[1] if best else "done"

    def _defend_power(self, state: CrisisState, legal: list[str]) -> str:
        def key(q: str) -> tuple[int, int, int]:
            att, dfn = self._combat_totals(state, state.live_conflict()["att_power"], q)
            return (dfn - att, state.side_total("def", q), -POWERS.index(q))
        return f"power {max(POWERS, key=key)}"

    # ----- combat -------------------------------------------------------------------------
    def _outcome(self, state: CrisisState, me: int, before: tuple[int, int]) -> tuple[int, int]:
        """(class, margin) of the Conflict for ``me``: higher is better. ``before`` holds the
        attacker's District count when the Conflict started (for a Conflict already over)."""
        attacker, n_before = before
        c = state.conflict
        if c is None or state.winners is not None:
            levelled = (state.winners is not None and attacker in state.winners) or \
                len(state.districts[attacker]) > n_before
            if me == attacker:
                return (3, 0) if levelled else (0, 0)
            return (0, 0) if levelled else (1, 0)
        lv = state.level_strength()
        if c["defender"] is None:
            t = state.side_total("att", c["att_power"])
            short = self._shortfall(state, c["district"], c["att_power"], t)
            return (3, 0) if lv else (0, -(short if short is not None else 9))
        att, dfn = state.combat_totals()
        tie_def = state.rules().get("ties_to_defender")
        if me == c["attacker"]:
            if att > dfn:
                cls = 3 if lv else 2
            elif att == dfn and not tie_def:
                cls = 1
            else:
                cls = 0
            return (cls, att - dfn)
        if dfn > att or (dfn == att and tie_def):
            cls = 3
        elif dfn == att:
            cls = 1
        else:
            cls = 0 if lv else 1
        return (cls, dfn - att)

    def _manoeuvre(self, state: CrisisState, legal: list[str], lookahead: bool = True) -> str:
        me = self.seat
        c = state.live_conflict()
        before = (c["attacker"], len(state.districts[c["attacker"]]))
        base = self._outcome(state, me, before)
        if base[0] == 3 or not lookahead:
            return "pass"
        results = []
        for text in legal:
            if text == "pass":
                continue
            sim = state.clone()
            sim.apply_action(text)
            self._autoplay(sim, me)
            out = self._outcome(sim, me, before)
            cost = self._move_cost(state, text)
            results.append((out, -cost, text))
        if not results:
            return "pass"
        results.sort(key=lambda r: (r[0], r[1], r[2]), reverse=True)
        best_out, neg_cost, text = results[0]
        if best_out[0] > base[0]:
            return text
        if best_out[0] < base[0] or best_out[1] <= base[1]:
            return "pass"
        # the same outcome class, a better margin: worth it if the cards could turn it
        gains = sum(max(0, r[0][1] - base[1]) for r in results if r[0][0] == base[0])
        needed = -base[1] + 1 if base[1] <= 0 else 1
        if c["defender"] is not None and gains >= needed:
            return text
        return "pass"

    def _move_cost(self, state: CrisisState, text: str) -> float:
        w = text.split()
        if w[0] == "play":
            return self._card_value(state, w[1])
        if w[0] == "talent":
            from ..games.crisis.effects import talents_of
            found = state.find(int(w[1]))
            if found:
                t = talents_of(state, found[2])[int(w[2])]
                return 0.3 + (self._inst_value(state, found[2]) if t.get("destroy_self") else 0.0)
        return 0.5

    def _autoplay(self, sim: CrisisState, me: int, limit: int = 30) -> None:
        """Make ``me``'s own follow-up choices in a lookahead copy by these rules (no
        lookahead), stopping at chance nodes, other seats' decisions and combat moves."""
        for _ in range(limit):
            node = sim.node
            if sim.winners is not None or node is None:
                return
            if node[0] != "decision" or node[1] != me or node[2] not in AUTO_KINDS:
                return
            legal = sim.legal_texts()
            choice = self._choose(sim, legal, lookahead=False)
            if choice not in legal:
                choice = self._fallback(legal)
            sim.apply_action(choice)

    # ----- effect choices ---------------------------------------------------------------------
    def _side_of(self, state: CrisisState, inst: Instance) -> str | None:
        c = state.conflict
        if c:
            if any(i is inst for i in c["att"]):
                return "att"
            if any(i is inst for i in c["def"]):
                return "def"
        return None

    def _relevant_power(self, state: CrisisState, inst: Instance) -> str:
        """The power that matters for a Character: its side's declared power in the
        Conflict, else the power it has most spheres of."""
        side = self._side_of(state, inst)
        c = state.conflict
        if side == "att" and c is not None and c["att_power"]:
            power: str = c["att_power"]
            return power
        if side == "def" and c is not None and c["def_power"]:
            power = c["def_power"]
            return power
        return max(POWERS, key=lambda p: (state.spheres(inst, p), -POWERS.index(p)))

    def _mine(self, state: CrisisState, inst: Instance) -> bool:
        me = self.seat
        c = state.conflict
        side = self._side_of(state, inst)
        if side and c:
            return (side == "att") == (c["attacker"] == me) and me in (c["attacker"], c["defender"])
        owner: int = inst["owner"]
        return owner == me

    def _effect_gift_host(self, state: CrisisState, legal: list[str]) -> str:
        d = _node(state)[3]
        h = state.game.half(d["card"], d["half"])
        gs: dict[str, int] = h.get("spheres", {})

        def score(t: str) -> float:
            inst = state.instance(int(t.split()[1]))
            rel = self._relevant_power(state, inst)
            in_conf = self._side_of(state, inst) is not None
            v = 2.0 * gs.get(rel, 0) + (0.2 if in_conf else 0.5) * sum(gs.values()) \
                + 0.5 * len(h.get("talents", [])) + 0.05 * state.total_spheres(inst)
            return v if self._mine(state, inst) else -v - 1.0
        return max(legal, key=lambda t: (score(t), t))

    def _effect_spheres(self, state: CrisisState, legal: list[str]) -> str:
        op: Card = _node(state)[3]["op"]
        n: int = op["n"]

        def score(t: str) -> float:
            inst = state.instance(int(t.split()[1]))
            rel = self._relevant_power(state, inst)
            pw: str = rel if op["power"] == "chosen" else op["power"]
            eff: float
            if n < 0:
                eff = float(min(-n, state.spheres(inst, pw)))
            else:
                eff = float(n)
            if pw != rel:
                eff *= 0.2
            good = (n > 0) == self._mine(state, inst)
            return eff if good else -eff - 0.1
        return max(legal, key=lambda t: (score(t), t))

    def _effect_spheres_power(self, state: CrisisState, legal: list[str]) -> str:
        d = _node(state)[3]
        found = state.find(d["uid"])
        if found is None:
            return legal[0]
        inst = found[2]
        rel = self._relevant_power(state, inst)
        mine = self._mine(state, inst)
        n = d["n"]
        if (n > 0) == mine:  # a helpful change: where it counts
            if n < 0:
                return f"power {max(POWERS, key=lambda p: (p == rel, state.spheres(inst, p)))}"
            if self._side_of(state, inst) is None and inst["owner"] == self.seat:
                res = state.reserves[self.seat]
                return f"power {max(POWERS, key=lambda p: (sum(state.spheres(i, p) for i in res), -POWERS.index(p)))}"
            return f"power {rel}"
        # a harmful change forced on us: where it matters least
        if n < 0:
            return f"power {min(POWERS, key=lambda p: (p == rel, state.spheres(inst, p), POWERS.index(p)))}"
        return f"power {min(POWERS, key=lambda p: (p == rel, -state.spheres(inst, p), POWERS.index(p)))}"

    def _effect_destroy(self, state: CrisisState, legal: list[str]) -> str:
        def score(t: str) -> float:
            inst = state.instance(int(t.split()[1]))
            v = state.spheres(inst, self._relevant_power(state, inst)) + 0.1 * state.total_spheres(inst)
            return -v if self._mine(state, inst) else v
        return max(legal, key=lambda t: (score(t), t))

    def _effect_to_hand(self, state: CrisisState, legal: list[str]) -> str:
        def score(t: str) -> int:
            inst = state.instance(int(t.split()[1]))
            return state.total_spheres(inst) if self._mine(state, inst) else -state.total_spheres(inst)
        return max(legal, key=lambda t: (score(t), t))

    def _effect_from_discard(self, state: CrisisState, legal: list[str]) -> str:
        return max(legal, key=lambda t: (self._card_value(state, t.split()[1]), t))

    def _side_power(self, state: CrisisState) -> tuple[str | None, str | None]:
        c = state.conflict
        if c is None:
            return None, None
        if c["attacker"] == self.seat:
            return "att", c["att_power"]
        return "def", c["def_power"]

    def _effect_portal_half(self, state: CrisisState, legal: list[str]) -> str:
        cid = _node(state)[3]["card"]
        side, power = self._side_power(state)
        ch = state.game.cards["character"][cid]
        default = "threat" if side == "att" else "hero"
        if power is None:
            return f"half {default}"
        t, h = self._printed(ch["threat"], power), self._printed(ch["hero"], power)
        if t == h:
            return f"half {default}"
        return "half threat" if t > h else "half hero"

    def _effect_deploy_hand(self, state: CrisisState, legal: list[str]) -> str:
        side, power = self._side_power(state)
        half = "threat" if side == "att" else "hero"
        best = None
        for t in legal:
            if t.startswith("deploy "):
                h = state.game.cards["character"][t.split()[1]][half]
                n = self._printed(h, power) if power else max(self._printed(h, p) for p in POWERS)
                if n > 0 and (best is None or n > best[0]):
                    best = (n, t)
        return best[1] if best else "none"

    def _effect_deploy_reserve(self, state: CrisisState, legal: list[str]) -> str:
        _, power = self._side_power(state)
        best = None
        for t in legal:
            if t.startswith("deploy "):
                inst = state.instance(int(t.split()[1]))
                n = state.spheres(inst, power) if power else 0
                if n > 0 and (best is None or n > best[0]):
                    best = (n, t)
        return best[1] if best else "none"

    def _effect_change_power(self, state: CrisisState, legal: list[str]) -> str:
        c = state.live_conflict()
        me = self.seat
        own_side = "att" if c["attacker"] == me else "def"
        changes = own_side if _node(state)[3]["side"] == "own" else ("def" if own_side == "att" else "att")

        totals = self._att_totals(state)

        def key(p: str) -> tuple[int, int, int]:
            ap = p if changes == "att" else c["att_power"]
            dp = p if changes == "def" else c["def_power"]
            lv = int(self._levels(state, c["district"], ap, totals)) if ap else 0
            if own_side == "att" and (c["defender"] is None or dp is None):
                return (lv, totals.get(ap, 0), -POWERS.index(p))
            if ap is None or dp is None:
                return (0, 0, -POWERS.index(p))
            att, dfn = self._combat_totals(state, ap, dp)
            if own_side == "att":
                return ((att > dfn) + lv, att - dfn, -POWERS.index(p))
            return (dfn > att, dfn - att - lv, -POWERS.index(p))
        return f"power {max(POWERS, key=key)}"

    def _effect_recruit(self, state: CrisisState, legal: list[str]) -> str:
        me = self.seat
        best = max((t for t in legal if t != "none"),
                   key=lambda t: (self._recruit_score(state, me, t.split()[1]), t), default=None)
        if best is None or self._recruit_score(state, me, best.split()[1]) < 0.3:
            return "none"
        return best
