"""A rule-based King of Tokyo: Godzilla player: ``make_agent("heuristic", game_id="kot-godzilla")``.

It is the kot-dark heuristic (kot_heuristic.py: rolling, resolving, Tokyo, the buying
loop) with what the Godzilla edition adds, written from the card data
(data/godzilla_*.toml) and the rules, not from observed effects:

- Dice tokens (``black N``): spends as many as it may (up to 2, under 8 dice). Black dice
  have the six faces of brown dice and every die may be rerolled, so an extra die never
  hurts and unspent tokens wait while at most 2 are spent a turn. One exception: holding
  War Footing (1 star per turn with tokens spent) and no card that rewards each black die,
  with fewer than 4 tokens it spends 1 a turn to earn the star on more turns.
- Flee or stay: as the kot-dark bot yields (``yield_at`` hearts or fewer after the loss),
  a heart more willing to flee with Subway Tunnels, a heart less with Hold the Line, Iron
  Will or Landmark Lair. Answers ``flee``, the edition's word.
- Buying: values each affordable Energy card in stars (``card_value``): POWER cards from
  a table scaled down as the game nears its end (cards that reward black dice also by the
  Dice tokens it can expect), ACTION cards and the Action effect of Events by what their
  text gives (stars, hearts taken from opponents, hearts healed, Energy, Dice tokens),
  less what buying an ongoing Event ends for it. It buys the best card whose value
  exceeds ``energy_value`` stars per Energy spent plus, for the first card of the step,
  what buying nothing would give (1 Energy, and Emergency Reserves, Munitions Factory,
  Evacuation Shelters, Wartime Rationing); sweeps rarely (10+ Energy, nothing worth
  buying, not within its last three turns).
- Evolutions: keeps the better of two by a value per card (``EVO_VALUE``, more for a
  defensive or healing card when hurt); plays permanent ones at once and temporary ones
  when they help at their window (a big or fatal loss for the damage shields, Smacks that
  reach someone for the Smack boosts, missing hearts for the heals, ...). Buy-window
  Evolutions are played before buying (they may bring Energy).
- Rolling with Evolutions on: keeps Heal results towards three (three Heal results draw
  two Evolutions), also in Tokyo.
- Card decisions that carry a loss (``packet``), a target (``target <seat>``) or an amount
  (``pay <n>``) get generic answers: it avoids big losses, hits the best target (one it
  can eliminate, else the leader) and pays the most it can.

Parameters: those of the kot-dark heuristic (``yield_at``, ``energy_value``, ``heal_at``).
:meth:`heuristic_value` (used by ismcts) also counts Dice tokens and Evolutions in play.
"""

from __future__ import annotations

import math
from typing import Any, ClassVar

from ..games.kingoftokyo.engine import MonsterState
from ..games.kingoftokyo.godzilla import GodzillaState
from .kot_heuristic import OUT, KotHeuristicAgent

# POWER cards: rough worth in stars early in the game (scaled down as the game ends).
POWER_VALUE = {
    "atomic-surge": 3.5, "maser-battery": 2.0, "heavy-ordnance": 1.0, "reactor-core": 1.0,
    "war-footing": 1.0, "ammo-depot": 2.5, "munitions-factory": 1.5, "emergency-reserves": 1.5,
    "evacuation-shelters": 1.5, "defence-budget": 2.5, "landmark-lair": 2.5, "kaiju-fan-club": 1.5,
    "subway-tunnels": 1.5, "hold-the-line": 1.5, "regenerative-cells": 2.0, "repair-drones": 1.5,
    "tidal-rest": 2.0, "scale-armour": 2.0, "energy-shield": 2.0, "high-voltage-feeder": 2.0,
    "afterburners": 1.5, "supercomputer": 3.5, "celebrity-kaiju": 1.5, "radiation-aura": 2.0,
    "mutant-growth": 4.5, "disaster-forecaster": 1.0,
}
# extra worth of a POWER card per Dice token a turn it can expect (cards that reward black dice)
BLACK_DICE_BONUS = {"heavy-ordnance": 1.5, "reactor-core": 2.0, "war-footing": 2.5}
# cards and Evolutions that bring Dice tokens regularly
TOKEN_SOURCES = ("ammo-depot", "munitions-factory", "open-arsenal", "targeting-system")
# what buying nothing in step 4 adds to the 1 Energy (in stars)
SKIP_BONUS = {"emergency-reserves": "energy", "wartime-rationing": "energy", "munitions-factory": "token",
              "evacuation-shelters": "heart"}

# Evolutions: worth in hand, in stars
EVO_VALUE = {
    # Godzilla
    "dorsal-charge": 1.5, "atomic-breath": 2.5, "spiral-ray": 2.5, "thick-hide": 2.0,
    "radioactive-absorption": 1.5, "king-of-the-monsters": 3.5, "g-cell-regeneration": 3.5,
    "rulers-roar": 2.0,
    # Mothra
    "silken-cocoon": 2.0, "poison-scales": 2.0, "take-wing": 2.0, "healing-dust": 1.5,
    "serene-guardian": 3.0, "radiant-renewal": 2.0, "wind-rider": 2.0, "life-giver": 2.5,
    # Rodan
    "tailwind": 1.5, "second-pass": 2.0, "supersonic-dodge": 2.0, "sonic-boom": 1.5, "updraft": 1.5,
    "hypersonic-wings": 2.5, "razor-wind": 3.0, "faster-than-sound": 2.0,
    # King Ghidorah
    "third-head-awakens": 1.5, "gravity-beams": 3.0, "vengeful-heads": 1.5, "gravity-lightning": 2.0,
    "destroyer-of-worlds": 2.0, "three-headed": 4.0, "hydra-fury": 2.5, "gravity-lash": 2.5,
    # Mechagodzilla
    "self-repair": 1.5, "finger-missiles": 2.0, "hexagonal-barrier": 2.5, "power-recharge": 1.5,
    "arsenal-reload": 1.5, "targeting-system": 3.0, "titanium-armour": 3.0, "energy-converter": 3.0,
    # Anguirus
    "dig-in": 1.5, "spike-ball-charge": 2.0, "never-give-up": 1.5, "stand-firm": 2.0,
    "ancient-instinct": 1.5, "burrowing-claws": 2.5, "iron-will": 2.5, "spiked-carapace": 2.5,
}
# Evolutions worth more while hurt (they heal or shield)
EVO_DEFENSIVE = {"thick-hide", "take-wing", "supersonic-dodge", "hexagonal-barrier", "never-give-up",
                 "titanium-armour", "silken-cocoon", "healing-dust", "self-repair", "g-cell-regeneration",
                 "king-of-the-monsters", "life-giver", "radiant-renewal", "dig-in"}
# temporary Evolutions played only when they heal enough: id -> hearts gained
EVO_HEALS = {"silken-cocoon": 4, "self-repair": 2, "healing-dust": 2}
# temporary after-roll Evolutions that add Smacks: id -> "boost" kind
EVO_SMACK = {"spiral-ray", "gravity-beams", "spike-ball-charge", "atomic-breath", "finger-missiles"}


class KotGodzillaHeuristicAgent(KotHeuristicAgent[GodzillaState]):
    """Rule-based kot-godzilla player (spec ``heuristic``). See the module docstring."""

    EVAL_WEIGHTS: ClassVar[dict[str, float]] = dict(KotHeuristicAgent.EVAL_WEIGHTS, tokens=0.02, evolution=0.08)
    """kot-dark's weights, plus per Dice token held (up to 4) and per Evolution in play or in hand."""

    TOKEN_VALUE: ClassVar[float] = 0.5
    """Worth of one Dice token in stars (one extra die some turn), before black-dice cards."""

    @classmethod
    def heuristic_value(cls, state: GodzillaState, seat: int) -> float:
        """Estimated share of the win of ``seat`` (see KotHeuristicAgent.heuristic_value),
        each strength also counting ``0.02`` per Dice token held (up to 4) and ``0.08`` per
        Evolution in play or in hand (hand sizes are public)."""
        if state.is_terminal():
            return state.returns()[seat]
        w = cls.EVAL_WEIGHTS
        target = state.monsters[seat]
        if not target.alive:
            return 0.0
        evo_on = state.evo_on
        total = mine = 0.0
        for m in state.monsters:
            if not m.alive:
                continue
            strength = (w["stars"] * min(m.stars, 20) / 20.0
                        + w["hearts"] * m.hearts / max(1, state.max_hearts(m))
                        + w["energy"] * min(m.energy, 10)
                        + w["card"] * len(m.cards)
                        + w["tokens"] * min(state.tokens[m.seat], 4))
            if evo_on:
                strength += w["evolution"] * (len(state.evo_play[m.seat]) + len(state.evo_hand[m.seat]))
            share = math.exp(w["sharpness"] * strength)
            total += share
            if m is target:
                mine = share
        return mine / total

    # ----- helpers -------------------------------------------------------------------------
    @staticmethod
    def _has(state: GodzillaState, m: MonsterState, cid: str) -> bool:
        """Held POWER cards, permanent Evolutions in play, ongoing Events face up."""
        return state.has(m, cid)

    def _missing(self, state: GodzillaState, m: MonsterState) -> int:
        return max(0, state.max_hearts(m) - m.hearts)

    def _heal_value(self, state: GodzillaState, m: MonsterState, n: int) -> float:
        """Worth of gaining up to ``n`` hearts now, in stars."""
        gain = min(n, self._missing(state, m))
        per = 0.8 if m.hearts <= self.yield_at else 0.45
        return per * gain

    def _token_income(self, state: GodzillaState, m: MonsterState) -> float:
        """Dice tokens a turn it can expect, roughly: from 0 to 2."""
        income = sum(1 for cid in TOKEN_SOURCES if self._has(state, m, cid))
        return min(2.0, 0.5 * income + 0.25 * state.tokens[m.seat])

    def _tokens_value(self, state: GodzillaState, m: MonsterState, n: int) -> float:
        """Worth of gaining ``n`` Dice tokens (as many as the supply holds)."""
        n = min(n, state.supply["dice"])
        per = self.TOKEN_VALUE + sum(0.4 for cid in BLACK_DICE_BONUS if self._has(state, m, cid))
        held = state.tokens[m.seat]
        v = 0.0
        for i in range(n):
            v += per if held + i < 6 else 0.3 * per  # at most 2 are spent a turn
        return v

    def _energy_worth(self, n: int) -> float:
        return self.energy_value * n

    # ----- Dice tokens ---------------------------------------------------------------------
    def _dice_tokens(self, state: GodzillaState, legal: list[str]) -> str | None:
        m = self._me(state, state.active)
        top = max(int(t.split()[1]) for t in legal)
        held = state.tokens[m.seat]
        if (top >= 2 and self._has(state, m, "war-footing") and held < 4
                and not any(self._has(state, m, c) for c in ("heavy-ordnance", "reactor-core"))):
            return "black 1"  # one star a turn: spread the tokens over more turns
        return f"black {top}"

    # ----- rolling -------------------------------------------------------------------------
    def _want_claws(self, state: GodzillaState, m: MonsterState) -> bool:
        if state.evo_on and m.seat == state.active and "atomic-breath" in state.evo_hand[m.seat]:
            return True
        return super()._want_claws(state, m)

    def _reroll_set(self, state: GodzillaState, m: MonsterState, dice: list[str | None],
                    rolls_left: int) -> list[str]:
        faces = super()._reroll_set(state, m, dice, rolls_left)
        c = self._counts(dice)
        heal_count = c["h"] - faces.count("h")  # Heal results kept
        want = heal_count
        if m.location != OUT and self._has(state, m, "radiant-renewal"):
            want = max(want, min(c["h"], self._missing(state, m)))
        if state.evo_on and state.evo_deck[m.seat] and (c["h"] >= 3 or (c["h"] == 2 and rolls_left > 0)):
            want = max(want, min(3, c["h"]))  # three Heal results draw two Evolutions
        for _ in range(want - heal_count):
            faces.remove("h")
        return faces

    # ----- Tokyo ---------------------------------------------------------------------------
    def _should_yield(self, state: GodzillaState, m: MonsterState, hearts_after: int) -> bool:
        if m.stars >= 18 and hearts_after > 2:
            return False
        threshold = self.yield_at
        if self._has(state, m, "subway-tunnels"):
            threshold += 1
        if any(self._has(state, m, c) for c in ("hold-the-line", "iron-will", "landmark-lair")):
            threshold -= 1
        return hearts_after <= threshold

    def _yield(self, state: GodzillaState, legal: list[str]) -> str | None:
        m = self._me(state, self._node(state)[1])
        return "flee" if self._should_yield(state, m, m.hearts) else "stay"

    # ----- Evolutions: keeping -----------------------------------------------------------------
    def evolution_value(self, state: GodzillaState, m: MonsterState, eid: str) -> float:
        v = EVO_VALUE.get(eid)
        if v is None:
            evo = state.game.evolution(eid)
            v = 2.5 if evo.kind == "permanent" else 1.5
        if eid in EVO_DEFENSIVE and m.hearts <= self.yield_at + 1:
            v += 1.0
        if state.game.evolution(eid).kind == "permanent":
            v *= 0.5 + 0.5 * self._stage(state)
        return v

    def _evo_keep(self, state: GodzillaState, legal: list[str]) -> str | None:
        m = self._me(state, self._node(state)[1])
        return max(legal, key=lambda t: (self.evolution_value(state, m, t.split()[1]), -legal.index(t)))

    # ----- Evolutions: playing -----------------------------------------------------------------
    def _evolution(self, state: GodzillaState, legal: list[str]) -> str | None:
        node = self._node(state)
        m = self._me(state, node[1])
        d: dict[str, Any] = node[3]
        best: str | None = None
        for text in legal:
            if not text.startswith("evolve "):
                continue
            eid = text.split()[1]
            if self.should_play(state, m, eid, d["window"], d.get("ctx") or {}):
                if best is None or self.evolution_value(state, m, eid) > self.evolution_value(state, m, best[7:]):
                    best = text
        return best or "pass"

    def _targets(self, state: GodzillaState, m: MonsterState) -> list[MonsterState]:
        """Opponents its Smacks reach now."""
        opps = self._opponents(state, m)
        if m.location == OUT:
            return [o for o in opps if o.location != OUT]
        return [o for o in opps if o.location == OUT]

    def should_play(self, state: GodzillaState, m: MonsterState, eid: str, window: str,
                    ctx: dict[str, Any]) -> bool:
        """Whether to play Evolution ``eid`` (playable now, in ``window``)."""
        evo = state.game.evolution(eid)
        if evo.kind == "permanent":
            return True
        missing = self._missing(state, m)
        if eid in EVO_HEALS:
            return missing >= EVO_HEALS[eid] or m.hearts <= self.yield_at
        if window == "before-damage":
            amount: int = (ctx.get("packet") or {}).get("amount", 0)
            if amount >= m.hearts:
                return True  # it would be eliminated
            if eid == "take-wing":
                return amount >= 2 or m.hearts - amount <= self.yield_at
            return amount >= 3 or (amount >= 2 and m.hearts - amount <= self.yield_at)
        if window == "after-roll":
            c = self._counts(state.dice)
            if eid == "second-pass":
                return len(self._reroll_set(state, m, state.dice, 0)) >= 2
            if eid == "poison-scales":
                return True
            if eid in EVO_SMACK:
                targets = self._targets(state, m)
                if eid == "atomic-breath":
                    return c["c"] >= 2 or (c["c"] >= 1 and any(o.hearts <= c["c"] for o in self._opponents(state, m)))
                if not targets:
                    return False
                if m.location == OUT and m.hearts <= self.yield_at and not any(o.hearts <= c["c"] + 2 for o in targets):
                    return False  # it would rather not drive the monster in Tokyo out
                if eid == "spiral-ray":
                    return True
                if eid == "finger-missiles":
                    return m.energy >= 2 and c["c"] >= 1
                return c["c"] >= (1 if eid == "spike-ball-charge" and len(targets) >= 2 else 2)
            return True
        if window == "smacked":
            if eid == "stand-firm":
                return not self._should_yield(state, m, m.hearts) or m.stars + 2 >= 20
            return True
        if window == "turn-start":
            if eid == "third-head-awakens":
                return True
            if eid == "dorsal-charge":
                return state.supply["dice"] > 0
            return True
        return True  # end-of-turn and buy windows: stars, Energy, tokens, damage to others

    # ----- buying --------------------------------------------------------------------------
    def _ongoing_loss(self, state: GodzillaState, m: MonsterState, cid: str) -> float:
        """What buying an ongoing Event face up ends, for this monster (in stars)."""
        if cid == "evacuated-city":
            return 1.0 if m.location != OUT else -0.5
        if cid == "wartime-rationing":
            return 0.3
        if cid == "open-arsenal":
            return 0.3 + 0.3 * sum(1 for c in BLACK_DICE_BONUS if self._has(state, m, c))
        if cid == "typhoon":
            return -0.3
        return 0.0

    def card_value(self, state: GodzillaState, m: MonsterState, cid: str) -> float:
        """Worth of gaining Energy card ``cid`` now, in stars (may be negative)."""
        card = state.game.card(cid)
        if card.type == "power":
            v = POWER_VALUE.get(cid, 1.5)
            if cid in BLACK_DICE_BONUS:
                v += BLACK_DICE_BONUS[cid] * self._token_income(state, m)
            if cid == "radiation-aura":
                v += 0.5 * len(self._opponents(state, m))
            if cid == "disaster-forecaster":
                v += 0.5 * sum(1 for c in state.market if c and state.game.card(c).type == "event")
            v *= self._stage(state)
            if cid in m.cards:
                v *= 0.3
            return v
        v = self.action_value(state, m, cid)
        if card.type == "event" and card.event == "ongoing" and cid in state.market:
            v -= self._ongoing_loss(state, m, cid)
        return v

    def action_value(self, state: GodzillaState, m: MonsterState, cid: str) -> float:
        """Worth of the Action effect of ACTION or EVENT card ``cid``, in stars."""
        opps = self._opponents(state, m)
        stars = self._stars_value
        in_tokyo = m.location != OUT
        if cid == "supply-drop":
            return self._tokens_value(state, m, 3)
        if cid == "derail-bullet-train":
            return stars(m, 3) + self._tokens_value(state, m, 1)
        if cid == "topple-the-tower":
            return stars(m, 3)
        if cid == "rampage-downtown":
            return stars(m, 2 if in_tokyo else 1)
        if cid == "crush-tank-column":
            return stars(m, 4) - self._self_damage(m, 3)
        if cid == "oxygen-destroyer":
            return self._damage_value(opps, 3) - self._self_damage(m, 3)
        if cid == "missile-barrage":
            return self._damage_value(opps, 2)
        if cid == "field-hospital":
            return self._heal_value(state, m, 3)
        if cid == "landfall":
            v = stars(m, 2)
            if m.location == OUT:
                v += 1.0 + (1.5 if m.hearts >= 7 else -1.5)
            return v
        if cid == "rolling-blackout":
            return stars(m, 1) + 0.2 * sum(min(2, o.energy) for o in opps)
        if cid == "storm-surge":
            return stars(m, 1) + self._damage_value([o for o in opps if o.location != OUT], 2)
        if cid == "air-strike":
            return max((self._damage_value([o], 3) for o in opps), default=0.0) + (0.5 if len(opps) > 1 else 0.0)
        if cid == "berserk-rage":
            return 3.0
        if cid == "great-earthquake":
            return stars(m, 2) + self._damage_value(opps, 1)
        if cid == "military-airlift":
            return self._tokens_value(state, m, 2) + self._energy_worth(1)
        if cid == "breaking-news":
            return stars(m, 3 if in_tokyo else 2)
        if cid == "solar-storm":
            return stars(m, 2) + self._energy_worth(2)
        if cid == "mutagenic-rain":
            return stars(m, 1) + self._heal_value(state, m, 3)
        if cid == "typhoon":
            return stars(m, 1) + self._tokens_value(state, m, 2)
        if cid == "wartime-rationing":
            return stars(m, 1) + self._heal_value(state, m, 2)
        if cid == "evacuated-city":
            return stars(m, 3)
        if cid == "open-arsenal":
            return stars(m, 1) + self._tokens_value(state, m, 2)
        if cid == "kaiju-rampage":
            return stars(m, 2) + self._heal_value(state, m, 2)
        return 1.0

    def skip_value(self, state: GodzillaState, m: MonsterState) -> float:
        """What ending the Buy step without buying would still give (in stars), or 0 once a
        card was bought this step."""
        if state.marks.get("turn-bought"):
            return 0.0
        v = self._energy_worth(1)
        for cid, what in SKIP_BONUS.items():
            if self._has(state, m, cid):
                v += {"energy": self._energy_worth(1), "token": self._tokens_value(state, m, 1),
                      "heart": self._heal_value(state, m, 1)}[what]
        return v

    def _buy(self, state: GodzillaState, legal: list[str]) -> str | None:
        m = self._me(state, state.active)
        for text in legal:  # buy-window Evolutions first: they may bring Energy
            if text.startswith("evolve ") and self.should_play(state, m, text.split()[1], "buy", {}):
                return text
        best: str | None = None
        best_score = self.skip_value(state, m)
        for text in legal:
            words = text.split()
            if words[0] != "buy" or len(words) != 2:
                continue
            cid = words[1]
            score = self.card_value(state, m, cid) - self.energy_value * state.buy_cost(m, cid)
            if score > best_score or (score == best_score and best is not None and self.rng.random() < 0.5):
                best, best_score = text, score
        if best is not None:
            return best
        if "sweep" in legal and self._sweep_now(state, m):
            self._swept_turn = state.turn_count
            return "sweep"
        return "end"

    def _sweep_now(self, state: GodzillaState, m: MonsterState) -> bool:
        """Rarely: with 10 Energy or more (8 left to buy with), nothing worth buying, and no
        sweep of its own in its last three turns."""
        if m.energy < 10:
            return False
        alive = sum(1 for o in state.monsters if o.alive)
        return self._swept_turn < 0 or state.turn_count - self._swept_turn >= 3 * alive

    # ----- card decisions without a handler of their own -------------------------------------
    def _fallback(self, legal: list[str], state: GodzillaState | None = None) -> str:
        if state is not None:
            choice = self._generic(state, legal)
            if choice is not None and choice in legal:
                return choice
        return super()._fallback(legal)



    def _generic(self, state: GodzillaState, legal: list[str]) -> str | None:
        """Answers by the shape of the texts: a target, an amount, a loss to avoid."""
        node = self._node(state)
        me = self._me(state, node[1])
        targets = [t for t in legal if t.startswith("target ")]
        if targets:
            def score(text: str) -> tuple[int, int, int]:
                try:
                    o = state.monsters[int(text.split()[1])]
                except (ValueError, IndexError):
                    return (-1, 0, 0)
                if o is me:
                    return (-1, 0, 0)
                return (1 if o.hearts <= 3 else 0, o.stars, -o.hearts)
            return max(targets, key=score)
        pays = [t for t in legal if t.startswith("pay ")]
        if pays:
            def paid(text: str) -> int:
                try:
                    return int(text.split()[1])
                except (ValueError, IndexError):
                    return -1
            return max(pays, key=paid)
        data: dict[str, Any] = node[3] if isinstance(node[3], dict) else {}
        packet: dict[str, Any] | None = data.get("packet")
        others = [t for t in legal if t not in ("pass", "done", "end", "stop", "stay")]
        if packet and len(others) == 1:
            amount: int = packet.get("amount", 0)
            if amount >= me.hearts or amount >= 2:
                return others[0]
        return None
