"""King of Tokyo: Godzilla (``kot-godzilla``).

The edition adds to the shared turn machine (engine.py): Energy cards of three types
(POWER kept, ACTION resolved, EVENT: a reveal or an ongoing effect while face up, an Action
effect when bought), a Buy step that gives 1 Energy to a monster that bought nothing,
sweeps that leave Events in place, Dice tokens (12) spent for black dice before the first
roll, the flee decision (``stay``/``flee``), and the optional Evolution cards (the family's
mechanism, evolutions.py). Rules cite docs/rules/kot-godzilla.md; rulings are the G series
of docs/rulings.md.
"""

from __future__ import annotations

import random
from typing import Any, Callable, ClassVar

from ...core.machine import Node, Step
from ...core.options import GameInfo, Option
from . import cards as card_data
from .effects import Effects
from .engine import CATEGORIES, FACE_NAMES, Damage, KotGame, KotState, MonsterState, seat_monsters
from .evolutions import EvoContext, EvolutionMixin
from .godzilla_cards import ENERGY, EVOLUTIONS, share_effects
from .powers import POWERS
from .rulebook import GODZILLA_SECTIONS, citation

ENERGY_SET = "godzilla_energy_cards.toml"
EVOLUTION_SET = "godzilla_evolutions.toml"
MONSTER_SET = "godzilla_monsters.toml"
DICE_TOKENS = 12
MAX_BLACK = 2   # Dice tokens a monster may discard in one turn

_OWN_CITATIONS: dict[tuple[str, str], str] = {}  # (game id, statement key) -> citation


def _effects() -> Effects:
    cards = card_data.energy_cards(ENERGY_SET)
    dark = card_data.power_cards("dark_power_cards.toml")
    shares = {c.id: c.shares_effect for c in cards.values() if c.shares_effect}
    names = {new: (dark[old].name, cards[new].name) for new, old in shares.items() if old in dark}
    return share_effects(ENERGY.merged(EVOLUTIONS, "kot-godzilla"), POWERS, shares, names)


class GodzillaState(EvolutionMixin):
    """A Godzilla position: the shared machine (KotState), Dice tokens, Events and Evolutions."""

    tokens: list[int]       # Dice tokens per seat
    black: int              # black dice added this turn

    effects = _effects()
    RULEBOOK = GODZILLA_SECTIONS
    # the shared machine cites kot-dark's numbering; this page numbers those rules so
    RULE_KEYS = {"0.2.4": "0.2.4", "0.3.1": "0.3.1", "0.3.2": "0.3.2", "7.4": "0.4.1", "1.1": "1.1",
                 "1.6": "1.9", "2.1.1": "2.1.1", "2.3.1": "2.2.1", "2.4.1": "2.3.1", "2.4.11": "2.3.10",
                 "2.4.5": "2.3.5", "2.4.9": "2.3.8", "2.4.10": "2.3.9", "2.5.1": "2.4.1", "2.5.3": "2.4.3",
                 "3.0.1": "3.0.1", "3.1.1": "3.1.1", "3.1.4": "3.1.4", "3.1.5": "3.1.5", "3.2.1": "3.2.1",
                 "3.2.2": "3.2.2", "3.3.1": "3.3.1", "3.3.2": "3.3.2", "4.2": "4.1.2", "4.6": "4.1.3",
                 "4.8": "4.1.5", "6.2": "6.2", "6.3": "6.3", "9.0.2": "G13", "R41": "G53", "R7": "G43"}
    KEEP_TYPES = ("power",)
    CATEGORY_WORDS = {"numbers": "its numbers", "hearts": "its Heal results", "energy": "its Energy",
                      "smash": "its Smacks"}
    # ruling G53: what may act back on the active monster during its own Smack (Spiked
    # Carapace in play; Vengeful Heads, which may be in a hidden hand: hook_smash_feedback)
    SMASH_FEEDBACK = frozenset({"spiked-carapace", "vengeful-heads"})
    FACE_WORDS = dict(FACE_NAMES, h="Heal", c="Smack")
    SMASH_VERB = "Smacks"
    YIELD_VERB = "flees"
    PLAY_NOTES = ("Dice faces: 1 2 3, e = Energy, h = Heal, c = Smack. At a roll, 'keep 1 1 c' sets "
                  "those dice aside and rerolls the rest; 'stop' (or 'keep') keeps them all. "
                  "'black 2' discards 2 Dice tokens for 2 black dice; 'flee' leaves Tokyo after a Smack.")

    def own(self, key: str) -> str:
        """The citation of this page's own statement ``key`` (no RULE_KEYS translation)."""
        k = (self.game.game_id, key)
        cite = _OWN_CITATIONS.get(k)
        if cite is None:
            cite = _OWN_CITATIONS[k] = citation(self.game.game_id, self.RULEBOOK, key)
        return cite

    # ----- fields ------------------------------------------------------------------------------
    def edition_init(self) -> None:
        self.supply = dict(self.game.supply_sizes())
        self.tokens = [0] * self.game.num_players   # Dice tokens per seat
        self.black = 0                              # black dice added this turn
        self.evo_init()

    def edition_setup(self) -> None:
        for m in self.monsters:
            self._push(*self.evo_draw_steps(m.seat, "setup"))

    def edition_chance_outcomes(self, kind: str) -> list[tuple[str, float]]:
        out = self.evo_chance_outcomes(kind)
        if out is None:
            return super().edition_chance_outcomes(kind)
        return out

    def edition_data(self) -> dict[str, Any]:
        d: dict[str, Any] = {"tokens": list(self.tokens), "black": self.black}
        d.update(self.evo_data())
        return d

    def edition_from_data(self, d: dict[str, Any]) -> None:
        self.tokens, self.black = list(d["tokens"]), d["black"]
        self.evo_from_data(d)

    def edition_clone_into(self, other: KotState) -> None:
        assert isinstance(other, GodzillaState)
        other.tokens, other.black = list(self.tokens), self.black
        self.evo_clone_into(other)

    def edition_observation(self, seat: int | None) -> dict[str, Any]:
        obs: dict[str, Any] = {"dice_tokens": list(self.tokens), "black_dice": self.black,
               "events_in_force": [c for c in self.market if c and self.ongoing_event(c)],
               "bought_this_turn": bool(self.marks.get("turn-bought"))}
        obs.update(self.evo_observation(seat))
        node = self.node
        if node and node[0] == "decision" and node[2] == "evolution":
            # public facts of the open window: which one, and the loss at stake
            ctx = node[3].get("ctx") or {}
            packet = ctx.get("packet") or {}
            obs["evolution_window"] = {"window": node[3]["window"],
                                       "amount": packet.get("amount", ctx.get("amount"))}
        return obs

    def resample(self, seat: int, rng: random.Random) -> GodzillaState:
        other = super().resample(seat, rng)
        assert isinstance(other, GodzillaState)
        self.evo_resample(other, seat, rng)
        return other

    # ----- who benefits from what --------------------------------------------------------------
    def ongoing_event(self, cid: str) -> bool:
        card = self.game.card(cid)
        return card.type == "event" and card.event == "ongoing"

    def has(self, m: MonsterState, cid: str) -> bool:
        """Held Power cards, permanent Evolutions in play, temporary Evolutions played this
        turn (``marks["turn-evo-<id>"] == seat``, cleared at turn-over), and ongoing Events
        face up (for every monster)."""
        if cid in m.cards or (self.evo_on and cid in self.evo_play[m.seat]):
            return True
        if self.marks.get(f"turn-evo-{cid}") == m.seat:
            return True  # turn_mark: a temporary Evolution's "this turn" effect
        return cid in self.market and self.game.is_card(cid) and self.ongoing_event(cid)

    def _fns(self, hook: str, m: MonsterState) -> list[Callable[..., Any]]:
        return [fn for cid, fn in self.effects.hooks.get(hook, ()) if self.has(m, cid)]

    # ----- turn start: Evolutions, then Dice tokens --------------------------------------------
    def hook_turn_start(self, m: MonsterState) -> None:
        self.black = 0
        self._push(*self._collect("turn_start", m), *self.evo_window("turn-start", [m.seat]),
                   ["dice-tokens", m.seat])

    def _step_dice_tokens(self, seat: int) -> None:
        m = self.monsters[seat]
        if m.alive and len(self._legal_dice_tokens(None)) > 1:
            self._ask(seat, "dice-tokens")

    def _legal_dice_tokens(self, node: Node | None) -> list[str]:
        """``black 0`` .. ``black N``: N at most 2, the tokens held, and the room left
        under 8 dice (ruling G11)."""
        m = self.monsters[self.active]
        room = self.game.max_dice - (6 + super().hook_extra_dice(m) - m.shrink)
        top = max(0, min(MAX_BLACK, self.tokens[m.seat], room))
        return [f"black {k}" for k in range(top + 1)]

    def _do_dice_tokens(self, node: Node, text: str) -> None:
        k = int(text.split()[1])
        if k:
            m = self.monsters[node[1]]
            self.tokens[m.seat] -= k
            self.supply["dice"] += k
            self.black = k
            self.say(f"{self.name(m.seat)} discards {k} Dice token{'s' * (k != 1)} to roll "
                     f"{k} black di{'ce' if k != 1 else 'e'} this turn.", self.own("1.3"))
            self._push(*self.hook_tokens_spent(m, k))

    def hook_tokens_spent(self, m: MonsterState, n: int) -> list[Step]:
        """Hook point: ``m`` has just discarded ``n`` >= 1 Dice tokens for black dice (War
        Footing); the effects ``tokens_spent`` ``fn(state, m, n)`` return steps."""
        return self._collect("tokens_spent", m, n)

    def hook_extra_dice(self, m: MonsterState) -> int:
        return super().hook_extra_dice(m) + (self.black if m.seat == self.active else 0)

    # ----- black dice: the last ``black`` entries of ``dice`` ------------------------------------
    def brown_faces(self) -> list[str]:
        """The faces of the brown dice of the active monster's Roll (unrolled dice left out)."""
        return [f for f in self.dice[:len(self.dice) - self.black] if f is not None]

    def black_faces(self) -> list[str]:
        """The faces of the black dice of the active monster's Roll: the last ``black``
        entries of ``dice`` (unrolled dice left out). Read by ``smash_total`` and
        ``energy_dice`` effects (Heavy Ordnance, Reactor Core)."""
        if not self.black:
            return []
        return [f for f in self.dice[len(self.dice) - self.black:] if f is not None]

    def _reroll(self, faces: list[str]) -> None:
        """Rerolling keeps brown dice first and black dice last. A reroll names faces, not
        dice (ruling G20): a face shown by a brown and a black die rerolls the black one
        first, except a Smack, which rerolls the brown one first (black Smacks stay)."""
        if not self.black:
            super()._reroll(faces)
            return
        cut = len(self.dice) - self.black
        brown, black = self.dice[:cut], self.dice[cut:]
        for f in faces:
            first, second = (brown, black) if f == "c" else (black, brown)
            pile = first if f in first else second
            pile[pile.index(f)] = None

        def settle(dice: list[str | None]) -> list[str | None]:
            kept = [d for d in dice if d is not None]
            return kept + [None] * (len(dice) - len(kept))
        self.dice = settle(brown) + settle(black)

    # ----- after the final roll, resolving ---------------------------------------------------------
    def hook_after_final_roll(self) -> list[Step]:
        return super().hook_after_final_roll() + self.evo_window("after-roll", [self.active])

    def categories_left(self) -> list[str]:
        """As the shared machine, and Energy also has something to do without Energy results
        when an ``energy_dice`` effect gives Energy for the Roll anyway (Reactor Core: each
        black die); such effects must be pure (``fn(state, m, 0)`` is asked here)."""
        out = super().categories_left()
        if "energy" not in out and "energy" not in self.resolved:
            m = self.monsters[self.active]
            if self.count("e") == 0 and self.hook_energy_dice_bonus(m, 0) > 0:
                out.append("energy")
                out.sort(key=CATEGORIES.index)
        return out

    def hook_smash_feedback(self, o: MonsterState) -> bool:
        """Ruling G53: as the shared machine, and a hidden Evolution hand counts as holding a
        ``SMASH_FEEDBACK`` Evolution of its monster's deck that nobody has seen played and still
        face up: whether the order is asked must not tell anyone what that hand holds."""
        if super().hook_smash_feedback(o):
            return True
        if not self.evo_on or not self.evo_hand[o.seat]:
            return False
        shown = set(self.evo_used[o.seat]) | set(self.evo_play[o.seat])
        return any(eid in self.SMASH_FEEDBACK and eid not in shown
                   for eid in self.game.evolution_decks().get(o.monster, ()))

    def hook_smash_total(self, m: MonsterState, claws: int) -> int:
        total = super().hook_smash_total(m, claws)
        if m.seat == self.active:
            total += self.marks.get("turn-smack-bonus", 0)
        return total

    def hook_dice_resolved(self, m: MonsterState) -> list[Step]:
        """Three Heal results or more draw two Evolutions, keep one (once: ruling G3)."""
        if self.evo_on and m.alive and self.count("h") >= 3:
            self.say(f"{self.name(m.seat)} obtained three Heal results: it draws two Evolution cards.",
                     self.own("7.2.1"))
            return self.evo_draw_steps(m.seat, "heal")
        return []

    # ----- losing hearts: before-damage and smacked windows --------------------------------------
    def hook_damage_stage(self, t: MonsterState, p: Damage, stage: int) -> bool:
        if super().hook_damage_stage(t, p, stage):
            return True
        if stage == 4 and not p.get("evo") and p["amount"] > 0:
            p["evo"] = True
            window = self.evo_window("before-damage", [t.seat], {"packet": p})
            if window and self.evo_playable(t.seat, "before-damage", {"packet": p}):
                self._push(*window)
                return True
        return False

    def evo_window_closed(self, window: str, ctx: EvoContext) -> None:
        if window == "before-damage":
            self._push(["damage", ctx["packet"]])

    def hook_lost_hearts(self, t: MonsterState, amount: int, p: Damage,
                        held: list[str] | None = None) -> list[Step]:
        steps = super().hook_lost_hearts(t, amount, p, held)
        attacker = p["source"]
        if p["kind"] == "smash" and amount > 0 and t.alive:
            assert attacker is not None  # a Smack is always some monster's
            steps += self.evo_window("smacked", [t.seat], {"attacker": attacker, "amount": amount})
        return steps

    def _legal_yield(self, node: Node) -> list[str]:
        return ["stay", "flee"]

    def _do_yield(self, node: Node, text: str) -> None:
        super()._do_yield(node, text)
        if text == "stay":
            self._push(*self.hook_stayed(self.monsters[node[1]], node[3]["attacker"]))

    def hook_stayed(self, m: MonsterState, attacker: int) -> list[Step]:
        """Hook point ``stayed``: ``m`` stays in Tokyo after losing hearts to ``attacker``'s
        Smack (the flee question answered "stay"; Stand Firm calls it too); returns steps."""
        return self._collect("stayed", m, attacker)

    # ----- cards: events, buying, sweeping -----------------------------------------------------
    def hook_card_revealed(self, cid: str) -> None:
        card = self.game.card(cid)
        if card.type == "event":
            if card.event == "reveal":
                self.say(f"Event {card.name}: {card.event_text}", self.own("4.3.1"))
                self._push(*(self.effects.reveals[cid](self) or []))
            else:
                self.say(f"Event {card.name} is in force while face up: {card.event_text}", self.own("4.3.2"))
        super().hook_card_revealed(cid)

    def hook_sweep_keeps(self, cid: str) -> bool:
        return self.game.card(cid).type == "event"

    def _legal_buy(self, node: Node | None) -> list[str]:
        out = super()._legal_buy(node)
        if "sweep" in out and all(self.hook_sweep_keeps(c) for c in self.market if c):
            out.remove("sweep")  # ruling G6: nothing a sweep could discard
        return out

    def buy_cost(self, m: MonsterState, cid: str) -> int:
        """The card's cost less the discounts on every card (``discount``) and those on this
        card only: effects ``discount_card`` ``fn(state, m, cid)`` return Energy off (Disaster
        Forecaster: Events)."""
        return max(0, self.game.card(cid).cost - self.hook_discount(m) - self._sum("discount_card", m, cid))

    def hook_bought(self, m: MonsterState, cid: str) -> list[Step]:
        self.marks["turn-bought"] = True
        return super().hook_bought(m, cid)

    def hook_buy_extras(self, m: MonsterState) -> list[str]:
        return super().hook_buy_extras(m) + [f"evolve {e}" for e in self.evo_playable(m.seat, "buy")]

    def hook_do_buy_extra(self, m: MonsterState, words: list[str]) -> None:
        if words[0] == "evolve":
            self._push(*self.evo_play_card(m.seat, words[1], {}))
            return
        super().hook_do_buy_extra(m, words)

    def hook_buy_done(self, m: MonsterState) -> None:
        """Step 4's other half: a monster that bought no card gains 1 Energy (G12)."""
        if not self.marks.get("turn-bought"):
            self.gain_energy(m, 1, self.own("4.2.1"))
            self._push(*self.hook_skipped_buy(m))

    def hook_skipped_buy(self, m: MonsterState) -> list[Step]:
        """Hook point: ``m`` ends its Buy step without having bought an Energy card, after the
        rulebook's 1 Energy (Munitions Factory, Wartime Rationing); the effects
        ``skipped_buy`` ``fn(state, m)`` return steps."""
        return self._collect("skipped_buy", m)

    # ----- end of turn, elimination ----------------------------------------------------------------
    def hook_end_of_turn(self, m: MonsterState) -> list[Step]:
        seats = self.clockwise_from(self.active, include=True)
        return super().hook_end_of_turn(m) + self.evo_window("end-of-turn", seats)

    def eliminate(self, m: MonsterState) -> None:
        if self.tokens[m.seat]:
            self.supply["dice"] += self.tokens[m.seat]
            self.tokens[m.seat] = 0
        self.evo_eliminated(m.seat)
        super().eliminate(m)

    def discard_everything(self, m: MonsterState, tokens: bool = True) -> None:
        """An eliminated monster's Power cards are discarded (no Poison, Shrink Ray or Smoke
        tokens in this edition; its Dice tokens: ``eliminate``)."""
        for cid in list(m.cards):
            self.discard_card(m, cid)

    def record_extra(self) -> dict[str, Any]:
        """KotState's keys (``cards``: the Energy cards bought), ``labels["species"]`` (species
        per seat) and, with the Evolution extension, ``card_groups["evolutions"]``: per seat,
        the sorted unique ids of the Evolutions it played (temporary or permanent, in the
        Buy decision or in a play window), verb "played".

        The Evolutions played are read from the history, not from the piles: ``evo_used``
        is shuffled back into the deck when a deck runs out and ``evo_play`` is discarded
        when a monster is eliminated. Each ``evolve <id>`` action belongs to the seat whose
        monster owns that Evolution (every monster has its own deck; monsters differ)."""
        out = super().record_extra()
        out["labels"]["species"] = [self.game.species(m.monster) for m in self.monsters]
        if self.evo_on:
            seat_of = {m.monster: m.seat for m in self.monsters}
            played: list[set[str]] = [set() for _ in self.monsters]
            for text in self._history:
                if text.startswith("evolve "):
                    eid = text[7:]
                    played[seat_of[self.game.evolution(eid).monster]].add(eid)
            out["card_groups"] = {"evolutions": {"verb": "played", "cards": [sorted(p) for p in played]}}
        return out


# when an Evolution may be played (its window, docs/kot-card-format.md), in words
WINDOW_WORDS = {"turn-start": "at the start of your turn, before your first roll",
                "after-roll": "after your final roll, before resolving",
                "before-damage": "when you are about to lose hearts",
                "smacked": "just after losing hearts to a Smack",
                "buy": "during your Buy step",
                "end-of-turn": "at the end of any monster's turn"}


class GodzillaGame(KotGame):
    """``kot-godzilla``: King of Tokyo: Godzilla for 2-6 monsters.

    Options: monsters, evolutions (the Evolution extension, off by default),
    two_player_variant (energy instead of stars for Tokyo, 2 players), ask_always (G53, G54).
    """

    MONSTER_IDS: ClassVar[tuple[str, ...]] = tuple(card_data.species_monsters(MONSTER_SET))
    info = GameInfo(
        game_id="kot-godzilla", title="King of Tokyo: Godzilla", min_players=2, max_players=6,
        default_players=4,
        options=(
            Option("monsters", (), "monsters by seat, comma separated (default: the board order)",
                   choices=MONSTER_IDS, kind="list"),
            Option("evolutions", False, "play with the Evolution cards (extension)", kind="bool"),
            Option("two_player_variant", False,
                   "2 players: entering or starting in Tokyo gives 1 energy instead of stars", kind="bool"),
            Option("ask_always", False, "ask also the questions whose answer cannot change anything "
                   "(rulings G53, G54); records made before the option replay with true",
                   kind="bool", legacy=True),
        ),
    )
    max_dice = 8  # six brown and two black dice

    def __init__(self, num_players: int, options: dict[str, Any]):
        super().__init__(num_players, options)
        self._monster_data = card_data.species_monsters(MONSTER_SET)
        self._monsters = seat_monsters(self.MONSTER_IDS, num_players, options,
                                       {k: v.name for k, v in self._monster_data.items()})
        self._cards = card_data.energy_cards(ENERGY_SET)
        self._evolutions = card_data.evolutions(EVOLUTION_SET)
        gid = self.game_id
        self.citations = {c.name: f"{gid} card:{c.id} {c.name}" for c in self._cards.values()}
        self.citations.update({e.name: f"{gid} card:{e.id} {e.name}" for e in self._evolutions.values()})
        # a card reusing a kot-dark effect may log under the kot-dark card's name
        dark = card_data.power_cards("dark_power_cards.toml")
        for c in self._cards.values():
            if c.shares_effect in dark:
                self.citations[dark[c.shares_effect].name] = self.citations[c.name]

    # ----- facts used by the engine --------------------------------------------------------------
    def monster_ids(self) -> list[str]:
        return list(self._monsters)

    def monster_name(self, mid: str) -> str:
        return self._monster_data[mid].name

    def species(self, mid: str) -> str:
        return self._monster_data[mid].species

    def card(self, cid: str) -> card_data.EnergyCard:
        return self._cards[cid]

    def is_card(self, cid: str) -> bool:
        return cid in self._cards

    def evolution(self, eid: str) -> card_data.Evolution:
        return self._evolutions[eid]

    def evolution_decks(self) -> dict[str, list[str]]:
        """Monster id -> the ids of its Evolution cards (its deck)."""
        out: dict[str, list[str]] = {}
        for e in self._evolutions.values():
            out.setdefault(e.monster, []).append(e.id)
        return out

    def deck_counts(self) -> dict[str, int]:
        return {cid: c.copies for cid, c in self._cards.items()}

    def supply_sizes(self) -> dict[str, int]:
        return {"dice": DICE_TOKENS}

    def evolution_ids(self) -> list[str]:
        return list(self._evolutions) if self.options.get("evolutions") else []

    def most_black_dice(self) -> int:
        return MAX_BLACK

    # ----- kernel ------------------------------------------------------------------------------------
    def new_initial_state(self) -> GodzillaState:
        state = GodzillaState(self)
        state.start()
        return state

    def _new_blank_state(self) -> GodzillaState:
        return GodzillaState(self)

    @classmethod
    def catalogue(cls) -> list[dict[str, Any]]:
        out: list[dict[str, Any]] = []
        title = card_data.set_title(ENERGY_SET)
        for c in card_data.energy_cards(ENERGY_SET).values():
            kind = c.type.upper() + (f" ({c.event})" if c.event else "")
            when = "When revealed" if c.event == "reveal" else "While face up"
            text = (f"{when}: {c.event_text} If bought: {c.text}" if c.event else c.text)
            entry: dict[str, Any] = {"set": title, "id": c.id, "name": c.name, "cost": c.cost, "type": kind,
                     "copies": c.copies, "text": text, "source": c.source}
            if c.event:  # the two halves of an Event apart, for the browser view
                entry.update(event=c.event, event_text=c.event_text, bought_text=c.text)
            out.append(entry)
        monsters = card_data.species_monsters(MONSTER_SET)
        evo_title = card_data.set_title(EVOLUTION_SET)
        by_monster: dict[str, list[card_data.Evolution]] = {}
        for e in card_data.evolutions(EVOLUTION_SET).values():
            by_monster.setdefault(e.monster, []).append(e)
        for mid, evos in by_monster.items():
            name = monsters[mid].name if mid in monsters else mid
            for e in evos:
                out.append({"set": f"{evo_title}: {name}", "id": e.id, "name": e.name, "cost": None,
                            "type": f"EVOLUTION {e.kind.upper()}", "monster": e.monster,
                            "species": e.species, "window": e.window,
                            "text": f"Play {WINDOW_WORDS.get(e.window, e.window)}. {e.text}", "effect": e.text,
                            "source": e.source})
        title = card_data.set_title(MONSTER_SET)
        for mo in monsters.values():
            article = "An" if mo.species[0] in "aeiou" else "A"
            unnamed = "" if mo.named_by_rulebook else " Not named by the rulebook: the project's sixth monster."
            out.append({"set": title, "id": mo.id, "name": mo.name, "cost": None, "type": "MONSTER",
                        "species": mo.species,
                        "text": f"{article} {mo.species}; starts with 10 hearts and 0 stars; "
                                f"no power of its own.{unnamed}",
                        "source": mo.source, "rule_id": None})
        return out
