"""A rule-based King of Tokyo player (the base game and the Dark Edition): ``make_agent("heuristic", game_id="kot-dark")``.

It plays like a sensible beginner who knows the cards:

- Rolling: keeps number triples (and its best pair while rolls remain), Claws when
  they reach someone (always in Tokyo; outside only while healthy), Hearts while
  damaged and outside Tokyo, Energy always; stops when it wants to keep every die.
- Resolving: numbers, energy, hearts, smash (so Wickedness tiles and energy come
  before damage); die changes (Herd Culler, Plot Twist, Stretchy) only to complete a
  triple.
- Tokyo: yields at ``yield_at`` hearts or fewer (default 5), stays otherwise (and stays
  when starting the next turn in Tokyo would win).
- Buying: values each affordable card in stars (star cards by stars, attack cards by
  hearts taken from opponents, KEEP cards from a table, scaled down as the game nears its
  end) and buys while value exceeds ``energy_value`` stars per energy spent; sweeps
  rarely (lots of energy, nothing worth buying).
- Wickedness tiles: always takes the best one (never passes).
- Card decisions: Wings / Super Jump / Rapid Healing / Jets when it would lose many
  hearts or die; Psychic Probe to break a triple or a big Smash; Unstable DNA, Fluxling
  and Opportunist by card value; Metamorph never discards; Freeze Time's extra turn
  always, unless its Poison tokens would then eliminate it at the end of that turn.

It reads only what its seat may know: public attributes of the state (monsters, Tokyo,
market, dice, the pending node) and, of the deck's known top cards, only those its
seat has seen. Parameters (spec ``heuristic:key=value``): ``yield_at`` (int),
``energy_value`` (float, stars per energy), ``heal_at`` (int).

It also provides :meth:`KotHeuristicAgent.heuristic_value`, a rough estimate of each
seat's chance to win a position, which the ``ismcts`` agent uses to score rollouts it
cuts short (``ROLLOUT_HORIZON`` decisions by default).
"""

from __future__ import annotations

import math
from typing import Any, Callable, ClassVar, Generic, TypeVar

from mypy_extensions import mypyc_attr

from ..core.machine import Node
from ..games.kingoftokyo.engine import KotState, MonsterState, face_count
from .base import Agent

FACE_ORDER = ("1", "2", "3", "e", "h", "c")
RESOLVE_ORDER = ("resolve numbers", "resolve energy", "resolve hearts", "resolve smash")
OUT = 0

# KEEP cards: rough worth in stars early in the game (scaled down as the game ends).
KEEP_VALUE = {
    "acid-attack": 4.0, "alien-origin": 2.5, "alpha-monster": 3.0, "armor-plating": 2.0,
    "background-dweller": 1.5, "burrowing": 2.0, "camouflage": 2.0, "complete-destruction": 1.5,
    "media-friendly": 2.0, "eater-of-the-dead": 2.5, "energy-hoarder": 2.0, "even-bigger": 3.0,
    "extra-head": 4.5, "fire-breathing": 2.5, "freeze-time": 2.5, "friend-of-children": 2.0,
    "giant-brain": 3.5, "gourmet": 1.5, "herbivore": 2.0, "herd-culler": 2.0,
    "it-has-a-child": 3.0, "jets": 2.0, "made-in-a-lab": 1.0, "metamorph": 0.5,
    "nova-breath": 3.5, "detritivore": 2.0, "opportunist": 1.5, "parasitic-tentacles": 1.5,
    "plot-twist": 1.5, "poison-quills": 1.5, "psychic-probe": 1.5, "rapid-healing": 2.0,
    "regeneration": 2.0, "shrink-ray": 3.0, "smoke-cloud": 2.0, "lunar-powered": 1.0,
    "spiked-tail": 3.0, "stretchy": 1.5, "energy-drink": 1.5, "urbavore": 2.5,
    "were-only-making-it-stronger": 1.5, "wings": 2.5, "hibernation": -9.0, "nanobots": 1.5,
    "natural-selection": -9.0, "reflective-hide": 2.5, "super-jump": 2.0, "unstable-dna": 1.0,
    "zombify": 2.0,
    # the base game (kot): its own KEEP cards (Mimic: by the cards it could copy, card_value)
    "healing-ray": 1.0, "battery-monster": 2.5, "poison-spit": 3.0, "rooting-for-the-underdog": 1.5,
    "solar-powered": 1.0, "mimic": 0.5,
}
# kot (the base game): KEEP_VALUE with the changes measured on kot's own games
# (docs/balance/kot.md, tools/kot_card_probe.py). Wings at 2.5 stars for 6 energy was almost
# never bought (0.4 stars per energy is the bar), yet a bot buying it whenever it could won
# 21 points more of the games where it did: this bot plays Wings well (it pays only for big
# or fatal losses). kot-dark keeps its table (its report was made with it).
BASE_KEEP_VALUE = dict(KEEP_VALUE)
BASE_KEEP_VALUE["wings"] = 3.5
# DISCARD cards that only give stars
STAR_CARDS = {"corner-store": 1, "commuter-train": 2, "apartment-building": 3, "skyscraper": 4}
# Wickedness tiles, best first within a level (both sides)
TILE_VALUE = {
    "devious": 5, "eternal": 3, "skulking": 2, "tireless": 4,
    "barbs": 3, "final-roar": 2, "poison-spit": 4, "underdog": 3,
    "cyberbrain": 6, "evil-lair": 4, "full-regeneration": 5, "widespread-panic": 4,
    "defender-of-tokyo": 4, "fluxling": 3, "have-it-all": 4, "sonic-boomer": 6,
    "antimatter-beam": 6, "skybeam": 5, "final-push": 6, "starburst": 5,
}


_DECIDERS: dict[tuple[type, str], Callable[..., str | None] | None] = {}
"""(agent class, decision kind) -> the method answering it, or None (``KotHeuristicAgent.step``)."""

KS = TypeVar("KS", bound="KotState[Any]")
"""The edition's state class a King of Tokyo heuristic plays (kot-godzilla: GodzillaState)."""


@mypyc_attr(allow_interpreted_subclasses=True)
class KotHeuristicAgent(Agent[KS], Generic[KS]):
    """Rule-based kot-dark player (spec ``heuristic``). See the module docstring.

    Generic in the edition's state class (``KotHeuristicAgent[GodzillaState]`` is the base
    of the kot-godzilla player); plain Python classes may subclass it."""

    spec = "heuristic"
    PARAMS = ("yield_at", "energy_value", "heal_at")

    ROLLOUT_HORIZON: ClassVar[int] = 20
    """Default ``horizon`` of the ismcts agent on kot-dark: rollout decisions (single-action
    ones included; about four turns) before the position is scored by
    :meth:`heuristic_value` (see docs/performance.md)."""

    EVAL_WEIGHTS: ClassVar[dict[str, float]] = {"stars": 1.0, "hearts": 0.6, "energy": 0.02, "card": 0.08, "sharpness": 4.0}
    """Weights of :meth:`heuristic_value`: per fraction of the 20 stars, per fraction of
    the monster's maximum hearts, per energy cube (up to 10), per KEEP card or Wickedness
    tile held, and the sharpness of the softmax that turns strengths into shares."""

    @classmethod
    def heuristic_value(cls, state: KS, seat: int) -> float:
        """Estimated share of the win of ``seat`` in ``state``, in [0, 1].

        Terminal states give ``state.returns()[seat]``. Otherwise each living monster gets
        a strength ``stars/20 + 0.6 * hearts/max_hearts + 0.02 * min(energy, 10) +
        0.08 * (KEEP cards + tiles)`` (``EVAL_WEIGHTS``; public information only) and the
        shares are a softmax of the strengths with sharpness 4: an eliminated monster gets
        0, and the shares of the living sum to 1. Hand-set weights, not fitted; the ismcts
        agent uses it to score rollouts cut at its ``horizon``.
        """
        if state.is_terminal():
            return state.returns()[seat]
        w = cls.EVAL_WEIGHTS
        target = state.monsters[seat]
        if not target.alive:
            return 0.0
        total = mine = 0.0
        for m in state.monsters:
            if not m.alive:
                continue
            strength = (w["stars"] * min(m.stars, 20) / 20.0
                        + w["hearts"] * m.hearts / max(1, state.max_hearts(m))
                        + w["energy"] * min(m.energy, 10)
                        + w["card"] * (len(m.cards) + len(m.tiles)))
            share = math.exp(w["sharpness"] * strength)
            total += share
            if m is target:
                mine = share
        return mine / total

    def __init__(self, **params: object) -> None:
        super().__init__(**params)
        self.yield_at = self.int_param("yield_at", 5)
        self.heal_at = self.int_param("heal_at", 7)
        self.energy_value = self.float_param("energy_value", 0.4)
        self._swept_turn = -1
        self._extra_roll_turn = -1

    def reset(self, seed: int | None, seat: int) -> None:
        super().reset(seed, seat)
        self._swept_turn = -1
        self._extra_roll_turn = -1

    # ----- entry point -------------------------------------------------------------------
    def step(self, state: KS) -> str:
        legal = state.legal_texts()
        if len(legal) == 1:
            return legal[0]
        node = self._node(state)
        kind: str = node[2]
        if kind == "card":
            kind = "card_" + node[3]["name"]
        # the method answering this kind of decision (``_roll``, ``_card_wings``...), found
        # once per class and kind
        key = (type(self), kind)
        if key in _DECIDERS:
            fn = _DECIDERS[key]
        else:
            fn = _DECIDERS[key] = getattr(type(self), "_" + kind.replace("-", "_"), None)
        choice = fn(self, state, legal) if fn is not None else None
        if choice is None or choice not in legal:
            choice = self._fallback(legal, state)
        return choice

    def _fallback(self, legal: list[str], state: KS | None = None) -> str:
        """A safe answer where no rule of this bot applies (``state``: for editions that
        look at the position)."""
        for text in ("pass", "stay", "done", "end", "stop"):
            if text in legal:
                return text
        for text in RESOLVE_ORDER:
            if text in legal:
                return text
        return legal[self.rng.randrange(len(legal))]

    # ----- helpers -------------------------------------------------------------------------
    @staticmethod
    def _node(state: KS) -> Node:
        """The pending node (asked at a decision only)."""
        node = state.node
        assert node is not None, "a decision is pending"
        return node

    def _me(self, state: KS, seat: int | None = None) -> MonsterState:
        return state.monsters[self.seat if seat is None else seat]

    @staticmethod
    def _has(state: KS, m: MonsterState, cid: str) -> bool:
        return cid in m.cards or cid in m.tiles or m.copy == cid

    @staticmethod
    def _counts(dice: list[str | None]) -> dict[str, int]:
        return {f: face_count(dice, f) for f in FACE_ORDER}

    @staticmethod
    def _opponents(state: KS, m: MonsterState) -> list[MonsterState]:
        return [o for o in state.monsters if o.alive and o is not m]

    @staticmethod
    def _keep_values(state: KS) -> dict[str, float]:
        """The KEEP card table of the edition played: BASE_KEEP_VALUE for kot, else KEEP_VALUE."""
        return BASE_KEEP_VALUE if state.game.game_id == "kot" else KEEP_VALUE

    def _stage(self, state: KS) -> float:
        """1.0 early in the game, towards 0.2 as someone nears 20 stars."""
        top = 0
        for o in state.monsters:
            if o.alive and o.stars > top:
                top = o.stars
        return max(0.2, 1.0 - top / 22.0)

    # ----- rolling -------------------------------------------------------------------------
    def _want_claws(self, state: KS, m: MonsterState) -> bool:
        if m.location != OUT:
            return True
        if "nova-breath" in m.cards:
            return True
        if state.city is None and state.bay is None:
            return False  # nobody to hit; we enter Tokyo anyway
        return m.hearts > self.yield_at

    def _reroll_set(self, state: KS, m: MonsterState, dice: list[str | None], rolls_left: int) -> list[str]:
        """Faces to reroll (sorted in notation order); empty to keep everything."""
        c = self._counts(dice)
        keep = {f: 0 for f in FACE_ORDER}
        # numbers: triples, and the best pair while rolls remain
        avoid3 = self._has(state, m, "natural-selection")
        pair: str | None = None
        for f in ("3", "2", "1"):
            k = c[f]
            if f == "3" and avoid3:
                continue
            if k >= 3:
                keep[f] = k
            elif k == 2 and rolls_left > 0 and pair is None:
                pair = f
        if pair is not None:
            keep[pair] = 2
        keep["e"] = c["e"]
        if m.location == OUT and not m.zombified:
            missing = state.max_hearts(m) - m.hearts
            if m.poison or m.shrink:
                missing += m.poison + m.shrink
            keep["h"] = min(c["h"], max(0, missing))
        elif self._has(state, m, "skybeam"):
            keep["h"] = c["h"]
        if self._want_claws(state, m):
            keep["c"] = c["c"]
        return [f for f in FACE_ORDER for _ in range(c[f] - keep[f])]

    def _roll(self, state: KS, legal: list[str]) -> str | None:
        m = self._me(state, state.active)
        dice = state.dice
        rolls_left = state.rolls_allowed - state.rolls_used
        if rolls_left > 0:
            faces = self._reroll_set(state, m, dice, rolls_left - 1)
            if not faces:
                return "stop"
            return "reroll " + " ".join(faces)
        # normal rolls used: extras (Background Dweller, Smoke Cloud, Energy Drink)
        faces = self._reroll_set(state, m, dice, 0)
        if not faces:
            return "stop"
        threes = faces.count("3")
        if threes:
            text = "reroll " + " ".join(["3"] * threes)
            if text in legal:
                return text
        if len(faces) >= 2 and self._extra_roll_turn != state.turn_count:
            if "smoke" in legal:
                self._extra_roll_turn = state.turn_count
                return "smoke"
            if "drink" in legal and m.energy >= 3:
                self._extra_roll_turn = state.turn_count
                return "drink"
        return "stop"

    # ----- resolving -----------------------------------------------------------------------
    def _resolve(self, state: KS, legal: list[str]) -> str | None:
        m = self._me(state, state.active)
        if len(legal) > 1 and not legal[0].startswith("resolve"):
            change = self._die_change(state, m, legal)
            if change:
                return change
            if "rapid-heal" in legal and m.hearts <= 3:
                return "rapid-heal"
            if "discard hibernation" in legal and m.hearts >= 9:
                return "discard hibernation"
        for text in RESOLVE_ORDER:
            if text in legal:
                return text
        return None

    def _die_change(self, state: KS, m: MonsterState, legal: list[str]) -> str | None:
        """Herd Culler / Plot Twist / Stretchy: complete a number triple."""
        c = self._counts(state.dice)
        for target in ("3", "2", "1"):
            if c[target] != 2:
                continue
            for junk in ("1", "2", "3", "h", "e", "c"):
                if junk == target or c[junk] == 0 or (junk in "123" and c[junk] >= 3):
                    continue
                if junk == "c" and m.location != OUT:
                    continue
                if junk == "e":
                    continue
                if junk == "h" and m.location == OUT and m.hearts < state.max_hearts(m):
                    continue
                for word in ("cull", "twist", "stretch"):
                    text = f"cull {junk}" if word == "cull" else f"{word} {junk} {target}"
                    if word == "cull" and target != "1":
                        continue
                    if word == "stretch" and m.energy < 5:
                        continue
                    if text in legal:
                        return text
        return None

    def _heart(self, state: KS, legal: list[str]) -> str | None:
        m = self._me(state, state.active)
        if "heart poison" in legal:
            return "heart poison"
        if "heart shrink" in legal and m.hearts >= 6:
            return "heart shrink"
        if "heart heal" in legal and (m.hearts < state.max_hearts(m) or len(legal) == 1):
            return "heart heal"
        return self._healing_ray(state, m, legal)

    def _healing_ray(self, state: KS, m: MonsterState, legal: list[str]) -> str | None:
        """kot, Healing Ray: heal the monster that pays the most (2 energy), unless it is near
        winning; otherwise leave the Heart unused."""
        best, best_pay = None, 0
        for text in legal:
            if text.startswith("heart ray "):
                o = state.monsters[int(text.split()[2])]
                pay = min(2, o.energy)
                if o.stars < 15 and pay > best_pay:
                    best, best_pay = text, pay
        if best is not None and best_pay >= 2:
            return best
        return "heart heal" if "heart heal" in legal else "heart none"

    # ----- Tokyo ---------------------------------------------------------------------------
    def _should_yield(self, state: KS, m: MonsterState, hearts_after: int) -> bool:
        if m.stars >= 18 and hearts_after > 2:
            return False  # two stars at the start of our turn win
        return hearts_after <= self.yield_at

    def _yield(self, state: KS, legal: list[str]) -> str | None:
        m = self._me(state, self._node(state)[1])
        return "yield" if self._should_yield(state, m, m.hearts) else "stay"

    def _card_jets(self, state: KS, legal: list[str]) -> str | None:
        m = self._me(state, self._node(state)[1])
        amount: int = self._packet(state)["amount"]
        return "yield" if self._should_yield(state, m, m.hearts - amount) else "stay"

    # ----- Wickedness tiles ----------------------------------------------------------------
    def _tile(self, state: KS, legal: list[str]) -> str | None:
        tiles = [t for t in legal if t.startswith("tile ")]
        if not tiles:
            return None
        return max(tiles, key=lambda t: (TILE_VALUE.get(t[5:], 0), -tiles.index(t)))

    # ----- buying --------------------------------------------------------------------------
    def card_value(self, state: KS, m: MonsterState, cid: str) -> float:
        """Worth of gaining card ``cid`` now, in stars (may be negative)."""
        card = state.game.card(cid)
        opps = self._opponents(state, m)
        if card.type == "keep":
            values = self._keep_values(state)
            v = values.get(cid, 1.0)
            if cid == "mimic":  # kot: worth the best card it could copy now
                v = max([values.get(c, 1.0) for o in opps for c in o.cards if c != "mimic"] + [v])
            if v > 0:
                v *= self._stage(state)
                if cid in m.cards:
                    v *= 0.3  # a second copy rarely adds much
            return v
        if cid in STAR_CARDS:
            return self._stars_value(m, STAR_CARDS[cid])
        if cid == "jet-fighters":
            return self._stars_value(m, 5) - self._self_damage(m, 4)
        if cid == "tank":
            return self._stars_value(m, 4) - self._self_damage(m, 3)
        if cid == "nuclear-power-plant":
            return self._stars_value(m, 2) + 0.5 * min(3, state.max_hearts(m) - m.hearts)
        if cid == "gas-refinery":
            return self._stars_value(m, 2) + self._damage_value(opps, 3)
        if cid == "flame-thrower":
            return self._damage_value(opps, 2)
        if cid == "high-altitude-bombing":
            return self._damage_value(opps, 3) - self._self_damage(m, 3)
        if cid == "evacuation-orders":
            return 0.45 * sum(min(5, o.stars) for o in opps)
        if cid == "monster-pets":
            return 0.45 * sum(min(3, o.stars) for o in opps) - min(3, m.stars)
        if cid == "energize":
            return 9 * self.energy_value
        if cid == "frenzy":
            return 3.0
        if cid == "heal":  # kot
            return 0.5 * min(2, state.max_hearts(m) - m.hearts)
        if cid == "national-guard":  # kot
            return self._stars_value(m, 2) - self._self_damage(m, 2)
        if cid == "death-from-above":
            v = self._stars_value(m, 2)
            if m.location == OUT:
                v += 1.5 if m.hearts >= 7 else -1.5
            return v
        if cid == "vast-storm":
            return self._stars_value(m, 2) + 0.15 * sum(o.energy // 2 for o in opps)
        return 0.5

    @staticmethod
    def _stars_value(m: MonsterState, n: int) -> float:
        return 100.0 if m.stars + n >= 20 else float(n)

    def _self_damage(self, m: MonsterState, n: int) -> float:
        if m.hearts <= n:
            return 200.0
        return 0.5 * n + (3.0 if m.hearts - n <= self.yield_at - 2 else 0.0)

    @staticmethod
    def _damage_value(opps: list[MonsterState], n: int) -> float:
        v = 0.0
        kills = 0
        for o in opps:
            v += 0.35 * min(n, o.hearts)
            if o.hearts <= n:
                kills += 1
                v += 2.0
        if opps and kills == len(opps):
            v += 100.0  # last monster standing
        return v

    def _buy(self, state: KS, legal: list[str]) -> str | None:
        m = self._me(state, state.active)
        best: str | None = None
        best_score = 0.0
        for text in legal:
            words = text.split()
            if words[0] == "buy" and len(words) == 2:
                cid = words[1]
            elif words[0] == "take" and len(words) == 3:
                cid = words[2]
            elif words[0] == "buy-top":
                top = self._known_top(state)
                if top is None:
                    continue
                cid = top
            else:
                continue
            cost = state.buy_cost(m, cid)
            score = self.card_value(state, m, cid) - self.energy_value * cost
            if words[0] == "take":
                score += 0.5 * self._keep_values(state).get(cid, 1.0) * self._stage(state)  # the owner loses it
            if score > best_score or (score == best_score and best is not None and self.rng.random() < 0.5):
                best, best_score = text, score
        if best is not None:
            return best
        if "rapid-heal" in legal and m.hearts <= 4 and m.location == OUT:
            return "rapid-heal"
        if "peek" in legal:
            return "peek"
        if "discard hibernation" in legal and m.hearts >= 9:
            return "discard hibernation"
        if ("sweep" in legal and m.energy >= 9 and self._swept_turn != state.turn_count):
            self._swept_turn = state.turn_count
            return "sweep"
        return "end"

    def _known_top(self, state: KS) -> str | None:
        """The top card of the deck if this seat has seen it (Made in a Lab), else None."""
        if state.known_top and self.seat in state.known_top[0][1]:
            top: str = state.known_top[0][0]
            return top
        return None

    # ----- card decisions ------------------------------------------------------------------
    def _packet(self, state: KS) -> dict[str, Any]:
        packet: dict[str, Any] = self._node(state)[3]["packet"]
        return packet

    def _card_wings(self, state: KS, legal: list[str]) -> str | None:
        m = self._me(state, self._node(state)[1])
        amount: int = self._packet(state)["amount"]
        if amount >= m.hearts or amount >= 3 or m.hearts - amount <= 3:
            return "wings"
        return "pass"

    def _card_super_jump(self, state: KS, legal: list[str]) -> str | None:
        m = self._me(state, self._node(state)[1])
        amount: int = self._packet(state)["amount"]
        if amount >= m.hearts or amount >= 2 or m.hearts - amount <= 6:
            return "jump"
        return "pass"

    def _card_rapid_healing(self, state: KS, legal: list[str]) -> str | None:
        return "rapid-heal"  # asked only when the loss would take every heart

    def _card_probe(self, state: KS, legal: list[str]) -> str | None:
        """Psychic Probe: make the active monster reroll its most dangerous die."""
        me = self._me(state, self._node(state)[1])
        active = state.monsters[state.active]
        c = self._counts(state.dice)
        for f in ("3", "2", "1"):
            if c[f] == 3:
                return f"probe {f}"
        hits_me = (active.location == OUT) != (me.location == OUT)
        if c["c"] >= 2 and hits_me:
            return "probe c"
        return "pass"

    def _card_metamorph(self, state: KS, legal: list[str]) -> str | None:
        return "done"

    def _card_unstable_dna(self, state: KS, legal: list[str]) -> str | None:
        best, best_v = "pass", KEEP_VALUE["unstable-dna"] + 0.5
        for text in legal:
            if text.startswith("swap "):
                v = KEEP_VALUE.get(text[5:], 1.0)
                if v > best_v:
                    best, best_v = text, v
        return best

    def _card_opportunist(self, state: KS, legal: list[str]) -> str | None:
        node = self._node(state)
        m = self._me(state, node[1])
        cid: str = node[3]["card"]
        score = self.card_value(state, m, cid) - self.energy_value * state.buy_cost(m, cid)
        return f"buy {cid}" if score > 0 else "pass"

    def _card_freeze_time(self, state: KS, legal: list[str]) -> str | None:
        """Freeze Time (R16): take the extra turn unless the Poison lost at its end would
        eliminate this monster (poison >= hearts)."""
        m = self._me(state, self._node(state)[1])
        return "pass" if m.poison >= m.hearts else "freeze"

    def _card_mimic(self, state: KS, legal: list[str]) -> str | None:
        """kot, Mimic: copy the best card; moving the token (1 energy) only for a card worth
        clearly more than the one copied now."""
        m = self._me(state, self._node(state)[1])
        choice = self._card_fluxling(state, legal)
        if choice is None or choice == "pass" or m.copy is None:
            return choice
        values = self._keep_values(state)
        return choice if values.get(choice[5:], 1.0) >= values.get(m.copy, 1.0) + 1.0 else "pass"

    def _card_fluxling(self, state: KS, legal: list[str]) -> str | None:
        best, best_v = "pass", 0.0
        values = self._keep_values(state)
        for text in legal:
            if text.startswith("copy "):
                v = values.get(text[5:], 1.0)
                if v > best_v:
                    best, best_v = text, v
        return best
