"""The King of Tokyo turn machine, shared by every edition.

The state is plain data: monsters, Tokyo (City and Bay), the market, the unseen deck
(a multiset: no order until a card is revealed), the dice, and a stack of pending
steps. ``_run`` pops steps until one needs a decision (``self.node`` names who must
choose and what) or a chance outcome (a die or a card reveal). Every step is a list of
JSON-safe values, so a state clones and round-trips through JSON exactly.

The turn follows the rulebook's five steps, each a section below: Roll Dice, Resolve
Dice, Enter Tokyo, Buy Power Cards, End of Turn. Power card and tile effects live in
``powers.py`` and ``wickedness.py`` and are called from the named hook points of
:class:`KotState` (``hook_*`` methods and the ``has`` test); an edition subclasses
KotState and overrides hook points, it does not copy the machine.

Dice faces (notation): ``1 2 3`` numbers, ``e`` energy, ``h`` heart, ``c`` claw.
"""

from __future__ import annotations

import itertools
import json
import random
from typing import TYPE_CHECKING, Any, ClassVar, Iterable, NotRequired, Self, Sequence, TypedDict, cast

from typing_extensions import TypeVar

from ...core.machine import Node, Step, StepState
from ...core.state import CHANCE, Event, Game, State, turn_order_labels
from ...core.tensor import TensorWriter
from .cards import EnergyCard, PowerCard
from .effects import Effects, HookFn
from .rulebook import citation

if TYPE_CHECKING:
    from .encoding import KotEncoding

FACES = ("1", "2", "3", "e", "h", "c")
FACE_NAMES = {"1": "1", "2": "2", "3": "3", "e": "Energy", "h": "Heart", "c": "Claw"}
DIE_OUTCOMES = [(f"roll {f}", 1.0 / 6.0) for f in FACES]
CATEGORIES = ("numbers", "hearts", "energy", "smash")
OUT, CITY, BAY = 0, 1, 2
LOCATION_NAMES = {OUT: "outside Tokyo", CITY: "Tokyo City", BAY: "Tokyo Bay"}
WIN_STARS = 20
_CITATIONS: dict[tuple[type, str, str], str] = {}  # (state class, game id, statement key) -> log citation (KotState.rule)
HEART_CAP = 12  # the cards that raise the maximum set it to 12 (Even Bigger, Full Regeneration, Zombify): never more

# binomial(6, 1/6) for the Claw roll-off: one chance outcome per monster rolling
_ROLLOFF: list[tuple[str, float]] = []
for _k in range(7):
    from math import comb as _comb
    _ROLLOFF.append((f"claws {_k}", _comb(6, _k) * (1 / 6) ** _k * (5 / 6) ** (6 - _k)))


def seat_monsters(monster_ids: Sequence[str], num_players: int, options: dict[str, Any],
                  names: dict[str, str] | None = None) -> list[str]:
    """The monster of each seat from a King of Tokyo edition's options: ``monsters``
    (one different monster per seat) or the board order; OptionError for a wrong list or
    ``two_player_variant`` with more than 2 players. ``names`` (monster id -> name) words
    the error with the monsters' names."""
    from ...core.errors import OptionError
    if options.get("two_player_variant") and num_players != 2:
        raise OptionError(f"option 'two_player_variant' is for 2 players, not {num_players}; "
                          "allowed: false, or players=2")
    chosen: list[str] = list(options.get("monsters") or ())
    if not chosen:
        return list(monster_ids[:num_players])

    def name(mid: str) -> str:
        return (names or {}).get(mid, mid)

    allowed = "allowed: " + ", ".join(f"{name(m)} ({m})" if name(m) != m else m for m in monster_ids)
    if len(chosen) != num_players:
        raise OptionError(f"option 'monsters' names {len(chosen)} monster{'s' if len(chosen) != 1 else ''} "
                          f"for {num_players} seats: one per seat, each a different monster; {allowed}")
    twice = next((m for i, m in enumerate(chosen) if m in chosen[:i]), None)
    if twice is not None:
        seats = [str(i + 1) for i, m in enumerate(chosen) if m == twice]
        raise OptionError(f"option 'monsters': {name(twice)} is chosen for seats {', '.join(seats[:-1])} and "
                          f"{seats[-1]}; each monster can play one seat only; {allowed}")
    return chosen


_MONSTER_FIELDS = ("seat", "monster", "hearts", "stars", "energy", "wickedness", "levels", "cards",
                   "tiles", "poison", "shrink", "smoke", "alive", "location", "copy", "zombified",
                   "wings_turn", "jump_turn", "culled_turn", "caused_loss", "order_out")


class MonsterState:
    """One monster's public state. Units: hearts, stars, energy, Wickedness points.

    Built with only ``seat`` and ``monster`` for a new game; the other arguments (every
    field, in ``FIELDS`` order) let a copy or a saved state be built in one call."""

    __slots__ = _MONSTER_FIELDS

    FIELDS: ClassVar[tuple[str, ...]] = _MONSTER_FIELDS

    def __init__(self, seat: int, monster: str, hearts: int = 10, stars: int = 0, energy: int = 0,
                 wickedness: int = 0, levels: list[int] | None = None, cards: list[str] | None = None,
                 tiles: list[str] | None = None, poison: int = 0, shrink: int = 0, smoke: int = 0,
                 alive: bool = True, location: int = OUT, copy: str | None = None, zombified: bool = False,
                 wings_turn: int = -1, jump_turn: int = -1, culled_turn: int = -1, caused_loss: bool = False,
                 order_out: int = 0):
        self.seat = seat
        self.monster = monster
        self.hearts = hearts
        self.stars = stars
        self.energy = energy
        self.wickedness = wickedness
        self.levels: list[int] = [] if levels is None else levels   # Wickedness levels at which a tile was taken
        self.cards: list[str] = [] if cards is None else cards      # KEEP cards held, in the order acquired
        self.tiles: list[str] = [] if tiles is None else tiles      # Wickedness tile sides held
        self.poison = poison
        self.shrink = shrink
        self.smoke = smoke
        self.alive = alive
        self.location = location
        self.copy = copy                # card id copied by Fluxling
        self.zombified = zombified
        self.wings_turn = wings_turn    # turn number when Wings was paid for
        self.jump_turn = jump_turn      # turn number when Super Jump was last used
        self.culled_turn = culled_turn  # turn number when Herd Culler was used
        self.caused_loss = caused_loss  # made a monster lose hearts this turn (Herbivore)
        self.order_out = order_out      # elimination order (0 = alive)

    def copy_state(self) -> "MonsterState":
        return MonsterState(self.seat, self.monster, self.hearts, self.stars, self.energy, self.wickedness,
                            list(self.levels), list(self.cards), list(self.tiles), self.poison, self.shrink,
                            self.smoke, self.alive, self.location, self.copy, self.zombified, self.wings_turn,
                            self.jump_turn, self.culled_turn, self.caused_loss, self.order_out)

    def as_dict(self) -> dict[str, Any]:
        return {f: (list(v) if isinstance(v := getattr(self, f), list) else v) for f in _MONSTER_FIELDS}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> "MonsterState":
        """From ``as_dict``'s data; KeyError if a field is missing."""
        m = cls(**{f: d[f] for f in _MONSTER_FIELDS})
        m.levels, m.cards, m.tiles = list(m.levels), list(m.cards), list(m.tiles)
        return m


_J = TypeVar("_J")
_V = TypeVar("_V")


def _deep(obj: _J) -> _J:
    """A copy of JSON-like data: its lists and dicts copied, at every depth (same type)."""
    if isinstance(obj, list):
        return cast(_J, [_deep(x) for x in obj])
    if isinstance(obj, dict):
        return cast(_J, {k: _deep(v) for k, v in obj.items()})
    return obj


_REROLL_CACHE: dict[str, list[str]] = {}
_DAMAGE_STAGE_HOOKS = tuple(f"damage_stage_{stage}" for stage in range(5))  # hook names by stage

Card = PowerCard | EnergyCard
"""A card of an edition's deck (Dark: Power cards; Godzilla: Energy cards)."""


class KotGame(Game):
    """Base of the King of Tokyo editions' games: the facts the turn machine reads."""

    MONSTER_IDS: ClassVar[tuple[str, ...]]
    """Every monster of the edition, in the board order."""
    max_dice: ClassVar[int]
    """The most dice a monster may roll (Dark: six and two yellow)."""
    _encoding: "KotEncoding | None" = None
    """The action indices and observation tensor of this game (encoding.py), built when first asked."""
    citations: dict[str, str]
    """Log citation of each card (tile, Evolution) effect, by the name the effect cites."""

    def monster_ids(self) -> list[str]:
        """The monster of each seat."""
        raise NotImplementedError

    def monster_name(self, mid: str) -> str:
        raise NotImplementedError

    def card(self, cid: str) -> Card:
        raise NotImplementedError

    def deck_counts(self) -> dict[str, int]:
        """Copies of each card in the deck, by card id, in the game's card order."""
        raise NotImplementedError

    def supply_sizes(self) -> dict[str, int]:
        """The tokens of the supply at set-up, by kind (Dark: Poison, Shrink Ray, Smoke)."""
        return {"poison": 12, "shrink": 12, "smoke": 3}

    def tile_ids(self) -> list[str]:
        """Every Wickedness tile id (each side), in the edition's tile order; none by default."""
        return []

    def evolution_ids(self) -> list[str]:
        """Every Evolution id in play with these options, in the edition's order; none by default."""
        return []

    def most_black_dice(self) -> int:
        """The most Dice tokens a monster may discard for black dice in a turn; 0: no Dice tokens."""
        return 0

    def new_initial_state(self) -> "KotState":
        raise NotImplementedError

    def _new_blank_state(self) -> "KotState":
        raise NotImplementedError

    # ----- action indices and observation tensor (encoding.py; docs/notation.md) ----------
    def encoding(self) -> "KotEncoding":
        """The tables of this game's action indices and observation tensor (built once)."""
        enc = self._encoding
        if enc is None:
            from .encoding import KotEncoding
            enc = self._encoding = KotEncoding(self)
        return enc

    def num_distinct_actions(self) -> int:
        return self.encoding().num_actions

    def max_chance_outcomes(self) -> int:
        return self.encoding().num_outcomes

    def action_index(self, state: State, text: str) -> int:
        assert isinstance(state, KotState)
        return self.encoding().action_index(state, text)

    def chance_index(self, state: State, text: str) -> int:
        return self.encoding().chance_index(text)

    def observation_pieces(self) -> list[tuple[str, tuple[int, ...]]]:
        return list(self.encoding().pieces)

    def write_observation_tensor(self, observation: dict[str, Any], seat: int, writer: TensorWriter) -> None:
        self.encoding().write_tensor(observation, seat, writer)


class Rolloff(TypedDict):
    """The roll for first player (statements 0.3): seats still rolling, each one's Claws by
    seat (a string, as in JSON), and, once decided, the first player."""

    contenders: list[int]
    claws: dict[str, int]
    first: NotRequired[int]


class Damage(TypedDict):
    """A loss of hearts on its way through the damage stages (``KotState.damage``)."""

    target: int
    amount: int
    kind: str                      # "smash", "card", "poison", "reflect" or "all"
    source: int | None             # the seat that causes it (None: no monster)
    rule: str
    stage: int                     # the next stage to run (``_step_damage``)
    asked: NotRequired[list[str]]  # effects already offered on the way (Rapid Healing)
    camo: NotRequired[list[int]]   # Camouflage: [dice left to roll, hearts rolled]
    evo: NotRequired[bool]         # Godzilla: the before-damage Evolution window was opened


def face_sort(faces: Iterable[str]) -> list[str]:
    return sorted(faces, key=FACES.index)


def face_count(dice: list[str | None], face: str) -> int:
    """How many of ``dice`` show ``face`` (a loop: ``list.count`` is a slow call compiled)."""
    n = 0
    for d in dice:
        if d is not None and d == face:
            n += 1
    return n


def rolled_faces(dice: list[str | None]) -> list[str]:
    """The faces of ``dice`` as a list of faces, for dice that are all rolled (``KotState.dice``
    holds None for a die waiting for its roll): ``face_sort(rolled_faces(state.dice))``."""
    return [d for d in dice if d is not None]


KotGameT = TypeVar("KotGameT", bound="KotGame", default="KotGame", covariant=True)
"""The edition's Game class of a KotState class (``DarkState`` is a ``KotState[DarkEditionGame]``)."""


class KotState(StepState[KotGameT]):
    """A King of Tokyo position. See the module docstring; editions subclass it.

    Public attributes (read them, build positions with ``tokyo.games.kingoftokyo.position``):
    ``monsters`` (list of MonsterState by seat), ``city``/``bay`` (seat or None),
    ``market`` (card ids), ``deck`` (unseen card id -> count), ``discard`` (card ids),
    ``dice`` (faces, None while waiting for a roll), ``active`` (seat whose turn it is),
    ``turn_count`` (turns started), ``node`` (the pending decision or chance node),
    ``bought`` (per seat, the Power card ids that seat bought, in order, repeats kept).
    """

    effects: ClassVar[Effects] = Effects("none")
    """The edition's card and tile effects (see effects.py)."""

    # ----- construction -------------------------------------------------------------
    renamed: tuple[str, str] | None = None
    """While a shared effect speaks for another edition's card: (that card's name in the
    edition it comes from, its name here); ``say`` renames it (effects.renamed_effect)."""

    def __init__(self, game: KotGameT, blank: bool = False):
        """A new game's state for ``game`` (call ``start()``), or with ``blank`` only the
        kernel's part, for ``clone`` to fill."""
        super().__init__(game)
        if blank:
            return
        n = game.num_players
        names = game.monster_ids()
        self.monsters = [MonsterState(i, names[i]) for i in range(n)]
        self.city: int | None = None
        self.bay: int | None = None
        self.market: list[str | None] = []  # None: a slot waiting for its reveal
        self.deck: dict[str, int] = dict(game.deck_counts())
        self.known_top: list[list[Any]] = []  # [card id, [seats that know it]], top first
        self.discard: list[str] = []
        self.supply: dict[str, int] = dict(game.supply_sizes())
        self.dice: list[str | None] = []
        self.rolls_used = 0
        self.rolls_allowed = 3
        self.resolved: list[str] = []       # categories already resolved this turn
        self.active = 0
        self.turn_count = 0
        self.extra_turns: list[list[Any]] = []  # extra turns earned, in order: [seat, step that starts it]
        self.order_seat = 0                 # seat of the last turn in clockwise order (not an extra turn)
        self.fewer_dice = 0                 # Freeze Time: dice fewer on the extra turn
        self.peeked = False                 # Made in a Lab used this turn
        self.rolloff: Rolloff = {"contenders": list(range(n)), "claws": {}}
        self.stack: list[Step] = []
        self.node: Node | None = None
        self.winners: list[int] | None = None
        self.win_by = ""
        self.eliminations = 0
        self.smash_flags: dict[str, bool] = {}
        self.marks: dict[str, Any] = {}     # bookkeeping of card effects (JSON-safe values)
        self.bought: list[list[str]] = [[] for _ in range(n)]  # card ids each seat bought
        # per seat: hook functions found for its cards (_fns): (cards, tiles, {hook: functions})
        self._fx: dict[int, tuple[list[str], list[str], dict[str, list[HookFn]]]] = {}
        self.edition_init()

    def start(self) -> None:
        """Push the set-up steps and run to the first node."""
        self._push(["setup"], ["rolloff"])
        self._run()

    def edition_init(self) -> None:
        """Hook point: an edition adds its own fields here."""

    # ----- kernel hooks ---------------------------------------------------------------
    def _chance_outcomes(self) -> list[tuple[str, float]]:
        assert self.node is not None  # asked at a chance node only
        kind = self.node[2]
        if kind in ("die", "card-die"):
            return DIE_OUTCOMES
        if kind == "claws":
            return _ROLLOFF
        if kind in ("reveal", "peek"):
            total = sum(self.deck.values())
            return [(f"reveal {cid}", c / total) for cid, c in self.deck.items() if c]
        return self.edition_chance_outcomes(kind)

    def edition_chance_outcomes(self, kind: str) -> list[tuple[str, float]]:
        raise ValueError(f"unknown chance node {kind}")

    def canonical_text(self, text: str) -> str:
        """Accepts the notation with faces in any order, and ``keep <faces>`` (set those
        dice aside, reroll the others) for the matching ``reroll``/``stop``."""
        words = text.strip().lower().split()
        if words == ["keep"]:
            words = ["stop"]  # keep every die
        if words and words[0] == "keep" and self.node is not None and self.node[2] == "roll":
            rest = [d for d in self.dice if d is not None]
            for f in words[1:]:
                if f not in rest:
                    return text
                rest.remove(f)
            words = ["reroll"] + rest if rest else ["stop"]
        if len(words) > 1 and words[0] == "reroll":
            words = ["reroll"] + face_sort(w for w in words[1:] if w in FACES) + [w for w in words[1:] if w not in FACES]
        return " ".join(words)

    def _apply(self, text: str) -> None:
        node = self.node
        assert node is not None  # an action answers the pending node
        self.node = None
        if node[2] == "die":
            # fast path: the next die of the same roll is the next chance node
            dice = self.dice
            dice[node[3]["index"]] = text[5:]
            if None in dice:
                self.node = ["chance", CHANCE, "die", {"index": dice.index(None)}]
                return
            self._run()
            return
        self.node = node
        super()._apply(text)

    def record_extra(self) -> dict[str, Any]:
        """win_by, monsters (monster id per seat, kept for old readers), labels
        ({"monster": [...], "turn order": ["1st", ...]}, the second once the first player is
        known) and cards (per seat, the sorted unique ids of the Power cards
        it bought: at the market, by Made in a Lab, Opportunist or Parasitic Tentacles;
        not cards given to it) with cards_verb "bought"."""
        monsters = [m.monster for m in self.monsters]
        labels = {"monster": list(monsters)}
        if self.rolloff.get("first") is not None:  # the seat that won the roll for first player
            labels["turn order"] = turn_order_labels(self.rolloff["first"], self.game.num_players)
        return {"win_by": self.win_by, "monsters": monsters, "labels": labels,
                "cards": [sorted(set(ids)) for ids in self.bought], "cards_verb": "bought"}

    # ----- the step machine (tokyo.core.machine.StepState) -------------------------------
    PLAY_NOTES: ClassVar[str] = ("Dice faces: 1 2 3, e = Energy, h = Heart, c = Claw. At a roll, 'keep 1 1 c' sets "
                  "those dice aside and rerolls the rest; 'stop' (or 'keep') keeps them all.")

    RULEBOOK: ClassVar[dict[str, str]] = {}
    """The section titles of the edition's rule statement page (rulebook.py); an edition sets it."""

    RULE_KEYS: ClassVar[dict[str, str]] = {}
    """Where an edition numbers a shared rule differently: the shared machine's statement key
    (the kot-dark numbering it cites) -> the edition's own key (kot-godzilla: "2.4.1" -> "2.3.1")."""

    KEEP_TYPES: ClassVar[tuple[str, ...]] = ("keep",)
    """Card types that stay in front of the buyer (Dark: KEEP; Godzilla: POWER); any other type
    resolves when bought and goes to the discard pile."""

    FACE_WORDS: ClassVar[dict[str, str]] = FACE_NAMES
    """The words the log uses for the faces (Godzilla: Smack and Heal)."""
    SMASH_VERB: ClassVar[str] = "Smashes"
    """The log's verb for resolving Claws (Godzilla: "Smacks")."""
    YIELD_VERB: ClassVar[str] = "yields"
    """The log's verb for leaving Tokyo after losing hearts to Claws (Godzilla: "flees")."""

    def rule(self, key: str) -> str:
        """The log citation of rule statement ``key`` of docs/rules/<game>.md, e.g.
        ``rule("2.4.1")`` -> "kot-dark 2.4.1 Resolve Dice / Smash" (``R<n>``: a ruling)."""
        k = (type(self), self.game.game_id, key)
        cite = _CITATIONS.get(k)
        if cite is None:
            cite = _CITATIONS[k] = citation(self.game.game_id, self.RULEBOOK, self.RULE_KEYS.get(key, key))
        return cite

    def say(self, text: str, rule: str = "", seats: tuple[int, ...] | None = None) -> None:
        """Log a sentence. A card or tile effect cites the card or tile by its name; that
        name becomes its statement id here, "kot-dark card:smoke-cloud Smoke Cloud"
        (``Game.citations``: built once per game)."""
        if self.quiet:
            return
        renamed = self.renamed
        if renamed:  # a shared effect speaking for another edition's card (effects.renamed_effect)
            text = text.replace(renamed[0], renamed[1])
            rule = renamed[1] if rule == renamed[0] else rule
        self.add_event(Event(text, self.game.citations.get(rule, rule), seats))

    def name(self, seat: int) -> str:
        return self.game.monster_name(self.monsters[seat].monster)

    # ----- queries and hook points ------------------------------------------------------
    def has(self, m: MonsterState, cid: str) -> bool:
        """Whether monster ``m`` benefits from card or tile ``cid`` (held, or copied)."""
        if cid in m.cards or cid in m.tiles:
            return True
        if m.copy == cid and ("fluxling" in m.tiles or "mimic" in m.cards):  # a copy (Fluxling; kot: Mimic)
            return any(o is not m and cid in o.cards for o in self.monsters)
        return False

    def _fns(self, hook: str, m: MonsterState) -> Sequence[HookFn]:
        """The effect functions of ``hook`` that monster ``m`` benefits from, in order.

        Without a Fluxling copy they depend only on ``m``'s cards and tiles, so they are
        kept per monster (``_fx``) and looked up again only when its cards or tiles differ
        from the ones they were found for; a copy depends on every monster's cards and is
        looked up each time."""
        cards, tiles = m.cards, m.tiles
        if not cards and not tiles:
            return ()
        if m.copy is not None:
            return [fn for cid, fn in self.effects.hooks.get(hook, ()) if self.has(m, cid)]
        fx = self._fx.get(m.seat)
        if fx is None or fx[0] != cards or fx[1] != tiles:
            fx = self._fx[m.seat] = (list(cards), list(tiles), {})
        found = fx[2].get(hook)
        if found is None:
            found = fx[2][hook] = [fn for cid, fn in self.effects.hooks.get(hook, ())
                                   if cid in cards or cid in tiles]
        return found

    def _sum(self, hook: str, m: MonsterState, *args: object) -> int:
        total = 0
        for fn in self._fns(hook, m):  # a loop, not sum(generator): faster compiled
            total += fn(self, m, *args)
        return total

    def _any(self, hook: str, m: MonsterState, *args: object) -> bool:
        for fn in self._fns(hook, m):
            if fn(self, m, *args):
                return True
        return False

    def _collect(self, hook: str, m: MonsterState, *args: object) -> list[Any]:
        """The items (actions or steps, by hook) every effect of ``hook`` returns, in order."""
        out: list[Any] = []
        for fn in self._fns(hook, m):
            out.extend(fn(self, m, *args) or ())
        return out

    def _fold(self, hook: str, m: MonsterState, value: _V, *args: object) -> _V:
        for fn in self._fns(hook, m):
            value = fn(self, m, value, *args)
        return value

    def _collect_each(self, hook: str, *args: object, start: int | None = None) -> list[Any]:
        """``_collect`` for every living monster, clockwise from ``start`` (default: active)."""
        first = self.active if start is None else start
        out: list[Any] = []
        for s in self.clockwise_from(first, include=True):
            m = self.monsters[s]
            if m.alive:  # _collect, written out (a call forwarding *args is slow compiled)
                for fn in self._fns(hook, m):
                    out.extend(fn(self, m, *args) or ())
        return out

    def alive(self) -> list[MonsterState]:
        return [m for m in self.monsters if m.alive]

    def bay_in_use(self) -> bool:
        """Tokyo Bay is used while 5 or more monsters are in the game."""
        return len(self.alive()) >= 5

    def in_tokyo(self, m: MonsterState) -> bool:
        return m.location != OUT

    def max_hearts(self, m: MonsterState) -> int:
        if m.zombified:
            return 12
        return min(HEART_CAP, 10 + self.hook_max_hearts_bonus(m))

    def hook_max_hearts_bonus(self, m: MonsterState) -> int:
        return self._sum("max_hearts", m)

    def clockwise_from(self, seat: int, include: bool = False) -> list[int]:
        n = self.game.num_players
        order = [(seat + k) % n for k in range(0 if include else 1, n + (1 if include else 0))]
        return [s for s in order if s != seat or include][: n if include else n - 1]

    def neighbours(self, seat: int) -> list[int]:
        """Living monsters seated directly left and right of ``seat`` (one if only two)."""
        living = [m.seat for m in self.monsters if m.alive or m.seat == seat]
        if len(living) <= 1:
            return []
        i = living.index(seat)
        left, right = living[(i + 1) % len(living)], living[(i - 1) % len(living)]
        out = [left] if left != seat else []
        if right != seat and right not in out:
            out.append(right)
        return out

    def buy_cost(self, m: MonsterState, cid: str) -> int:
        return max(0, self.game.card(cid).cost - self.hook_discount(m))

    def hook_discount(self, m: MonsterState) -> int:
        return self._sum("discount", m)

    # ----- gains and losses --------------------------------------------------------------
    def gain_stars(self, m: MonsterState, n: int, rule: str, why: str = "") -> None:
        if n <= 0 or not m.alive:
            return
        m.stars += n
        if not self.quiet:
            self.say(f"{self.name(m.seat)} gains {n} star{'s' * (n != 1)}{why} ({m.stars}).", rule)

    def lose_stars(self, m: MonsterState, n: int, rule: str) -> int:
        lost = min(m.stars, max(0, n))
        if lost:
            m.stars -= lost
            self.say(f"{self.name(m.seat)} loses {lost} star{'s' * (lost != 1)} ({m.stars}).", rule)
        return lost

    def gain_energy(self, m: MonsterState, n: int, rule: str) -> None:
        if n <= 0 or not m.alive:
            return
        n += self.hook_energy_bonus(m)
        m.energy += n
        if not self.quiet:
            self.say(f"{self.name(m.seat)} gains {n} energy ({m.energy}).", rule)

    def hook_energy_bonus(self, m: MonsterState) -> int:
        return self._sum("energy_gain", m)

    def lose_energy(self, m: MonsterState, n: int, rule: str) -> None:
        lost = min(m.energy, max(0, n))
        if lost:
            m.energy -= lost
            self.say(f"{self.name(m.seat)} loses {lost} energy ({m.energy}).", rule)

    def gain_hearts(self, m: MonsterState, n: int, rule: str) -> None:
        """Heal ``n`` hearts (plus bonuses such as Regeneration), never above the maximum."""
        if n <= 0 or not m.alive:
            return
        n += self.hook_heal_bonus(m)
        top = self.max_hearts(m)
        new = min(top, m.hearts + n)
        if new > m.hearts:
            self.say(f"{self.name(m.seat)} gains {new - m.hearts} heart{'s' * (new - m.hearts != 1)} ({new}).", rule)
            m.hearts = new

    def hook_heal_bonus(self, m: MonsterState) -> int:
        return self._sum("heal_gain", m)

    def clip_hearts(self, m: MonsterState) -> None:
        """Ruling R7: when the maximum drops, hearts are clipped to it, nothing more."""
        top = self.max_hearts(m)
        if m.hearts > top:
            if not self.quiet:
                self.say(f"{self.name(m.seat)} is cut back to its maximum of {top} hearts "
                         f"(loses {m.hearts - top}).", self.rule("R7"))
            m.hearts = top

    def damage(self, target: int, amount: int, kind: str, source: int | None, rule: str) -> Step:
        """A step that makes ``target`` lose ``amount`` hearts.

        kind: "smash" (from Claws: may lead to Yield), "card" (an effect), "poison",
        "reflect" (Reflective Hide; never reflected again) or "all" (lose every heart:
        no effect reduces it, ruling R8).
        """
        packet: Damage = {"target": target, "amount": amount, "kind": kind, "source": source,
                          "rule": rule, "stage": 0}
        return ["damage", packet]

    # ----- card-defined steps, decisions and dice ------------------------------------------
    def _step_card(self, name: str, *args: object) -> None:
        self.effects.steps[name](self, *args)

    def _legal_card(self, node: Node) -> list[str]:
        return self.effects.decisions[node[3]["name"]][0](self, node)

    def _do_card(self, node: Node, text: str) -> None:
        self.effects.decisions[node[3]["name"]][1](self, node, text)

    def _on_card_die(self, node: Node, face: str) -> None:
        self.effects.chances[node[3]["name"]](self, node, face)

    def ask_card(self, seat: int, name: str, **data: object) -> None:
        """Open a decision node defined by an effect (``Effects.decision``)."""
        self._ask(seat, "card", None, name=name, **data)

    def roll_card_die(self, name: str, **data: object) -> None:
        """Open a chance node for one die rolled by an effect (``Effects.chance``)."""
        self._chance("card-die", name=name, **data)

    # ============================ Setup ================================================
    def _step_setup(self) -> None:
        self.edition_setup()
        self._push(["reveal", 0], ["reveal", 1], ["reveal", 2])

    def edition_setup(self) -> None:
        """Hook point: extra set-up steps of an edition (e.g. Wickedness tile sides)."""

    def _step_rolloff(self) -> None:
        ro = self.rolloff
        waiting = [s for s in ro["contenders"] if str(s) not in ro["claws"]]
        if waiting:
            self._push(["rolloff"])
            self._chance("claws", seat=waiting[0])
            return
        best = max(ro["claws"].values())
        tied = [s for s in ro["contenders"] if ro["claws"][str(s)] == best]
        if len(tied) > 1:
            self.say(f"Tie for most {self.FACE_WORDS['c']}s between " + ", ".join(self.name(s) for s in tied) + "; they roll again.",
                     self.rule("0.3.2"))
            self.rolloff = {"contenders": tied, "claws": {}}
            self._push(["rolloff"])
            return
        self.say(f"{self.name(tied[0])} rolled the most {self.FACE_WORDS['c']}s ({best}) and plays first.",
                 self.rule("0.3.1"))
        self.rolloff = {"contenders": [], "claws": {}, "first": tied[0]}
        self._push(["turn-start", tied[0]])

    def _on_claws(self, node: Node, value: str) -> None:
        seat = node[3]["seat"]
        self.rolloff["claws"][str(seat)] = int(value)
        self.say(f"{self.name(seat)} rolls {value} {self.FACE_WORDS['c']}{'s' * (value != '1')} for first player.",
                 self.rule("0.3.1"))

    # ============================ Market reveals ========================================
    def _step_reveal(self, slot: int) -> None:
        if self.known_top:
            cid, _seats = self.known_top.pop(0)
            self._place_revealed(slot, cid)
            return
        if sum(self.deck.values()) == 0:
            if slot < len(self.market) and self.market[slot] is None:
                self.market.pop(slot)
            self.say("The deck is empty; the market stays short.", self.rule("4.6"))
            return
        self._chance("reveal", slot=slot)

    def _on_reveal(self, node: Node, cid: str) -> None:
        self.deck[cid] -= 1
        self._place_revealed(node[3]["slot"], cid)

    def _on_peek(self, node: Node, cid: str) -> None:
        """Made in a Lab: the top card is drawn by chance and known to one seat only."""
        self.deck[cid] -= 1
        seat = node[3]["seat"]
        self.known_top.insert(0, [cid, [seat]])
        self.say(f"The top card is {self.game.card(cid).name}.", "Made in a Lab", seats=(seat,))

    def _place_revealed(self, slot: int, cid: str) -> None:
        if slot < len(self.market) and self.market[slot] is None:
            self.market[slot] = cid
        else:
            self.market.insert(min(slot, len(self.market)), cid)
        if not self.quiet:
            self.say(f"{self.game.card(cid).name} is revealed in the market.",
                     self.rule("4.6" if self.turn_count else "0.2.4"))
        self.hook_card_revealed(cid)

    def hook_card_revealed(self, cid: str) -> None:
        """Hook point: Opportunist (powers.py) offers the new card to its owners."""
        self._push(*self._collect_each("card_revealed", cid))

    # ============================ Turn start ============================================
    def _step_turn_start(self, seat: int, extra: bool = False) -> None:
        if self.winners is not None:
            return
        self.active = seat
        if not extra:
            self.order_seat = seat
        self.turn_count += 1
        m = self.monsters[seat]
        for o in self.monsters:
            o.caused_loss = False
        self.resolved = []
        self.peeked = False
        self.dice, self.rolls_used = [], 0  # the last turn's dice are not this monster's roll
        if not self.quiet:
            self.say(f"Turn {self.turn_count}: {self.name(seat)}.", self.rule("7.4"))
        if self.in_tokyo(m):
            if self.game.options.get("two_player_variant") and self.game.num_players == 2:
                self.gain_energy(m, 1, self.rule("3.3.2"))
            else:
                self.gain_stars(m, 2, self.rule("3.2.2"), " for starting in Tokyo")
        self._push(["turn-start-effects", seat], ["roll-setup"])

    def _step_turn_start_effects(self, seat: int) -> None:
        self.hook_turn_start(self.monsters[seat])

    def hook_turn_start(self, m: MonsterState) -> None:
        """Hook point: start-of-turn effects (may push decision steps)."""
        self._push(*self._collect("turn_start", m))

    # ============================ 1. Roll Dice ==========================================
    def dice_count(self, m: MonsterState) -> int:
        n = 6 + self.hook_extra_dice(m) - self.fewer_dice - m.shrink
        return max(1, min(self.game.max_dice, n))

    def hook_extra_dice(self, m: MonsterState) -> int:
        return self._sum("extra_dice", m)

    def hook_extra_rolls(self, m: MonsterState) -> int:
        return self._sum("extra_rolls", m)

    def _step_roll_setup(self) -> None:
        m = self.monsters[self.active]
        if not m.alive:
            self._push(["end-turn"])
            return
        self.dice = [None] * self.dice_count(m)
        self.fewer_dice = 0
        self.rolls_used = 0
        self.rolls_allowed = 3 + self.hook_extra_rolls(m)
        self._push(["roll"])

    def _step_roll(self) -> None:
        if None in self.dice:
            self._push(["roll"])
            self._chance("die", index=self.dice.index(None))
            return
        self.rolls_used += 1
        if not self.quiet:  # the sentence is not even built in quiet mode (a hot path)
            faces = face_sort(rolled_faces(self.dice))
            self.say(f"{self.name(self.active)} rolls: " + " ".join(self.FACE_WORDS[f] for f in faces) + ".",
                     self.rule("1.1"))
        self._push(["roll-decision"])

    def _on_die(self, node: Node, face: str) -> None:
        self.dice[node[3]["index"]] = face

    def _reroll_choices(self, dice: list[str | None]) -> list[str]:
        """Every non-empty multiset of the showing faces, as "reroll ..." texts (cached;
        the list is shared: copy it before changing it)."""
        key = "".join([f * face_count(dice, f) for f in FACES])  # the faces in notation order
        out = _REROLL_CACHE.get(key)
        if out is None:
            # per face shown, how many of its dice to reroll, as text: "", " f", " f f"...;
            # the subsets in the order of the product (the last face counting fastest)
            options = [[(" " + f) * k for k in range(key.count(f) + 1)] for f in FACES if f in key]
            out = _REROLL_CACHE[key] = ["reroll" + "".join(parts) for parts in itertools.product(*options)][1:]
        return out

    def _step_roll_decision(self) -> None:
        m = self.monsters[self.active]
        if not m.alive:
            self._push(["end-turn"])
            return
        legal = self._legal_roll(None)
        if legal == ["stop"]:
            self._push(["after-rolls"])
            return
        self._ask(self.active, "roll", legal)

    def _legal_roll(self, node: Node | None) -> list[str]:
        m = self.monsters[self.active]
        if self.rolls_used < self.rolls_allowed:
            return ["stop", *self._reroll_choices(self.dice)]
        return ["stop", *self.hook_roll_extras(m)]

    def hook_roll_extras(self, m: MonsterState) -> list[str]:
        """Hook point: actions once the normal rolls are used (Smoke Cloud, Energy Drink,
        Background Dweller)."""
        return self._collect("roll_extras", m)

    def _do_roll(self, node: Node, text: str) -> None:
        if text == "stop":
            self._push(["after-rolls"])
            return
        if text.startswith("reroll "):
            if self.rolls_used >= self.rolls_allowed:
                self.rolls_used -= 1  # a free reroll (Background Dweller) does not use a roll
            self._reroll(text.split()[1:])
            self._push(["roll"])
            return
        self._push(["roll-decision"])
        self.hook_do_roll_extra(self.monsters[self.active], text)

    def hook_do_roll_extra(self, m: MonsterState, text: str) -> None:
        self.effects.actions[text.split()[0]](self, m, text.split())

    def _reroll(self, faces: list[str]) -> None:
        for f in faces:
            i = self.dice.index(f)
            self.dice[i] = None
        # rerolled dice go last so that kept dice keep their places
        kept = [d for d in self.dice if d is not None]
        self.dice = kept + [None] * (len(self.dice) - len(kept))

    def _step_after_rolls(self) -> None:
        if not self.quiet:
            faces = face_sort(rolled_faces(self.dice))
            self.say(f"{self.name(self.active)} keeps: " + " ".join(self.FACE_WORDS[f] for f in faces) + ".",
                     self.rule("1.6"))
        self._push(*self.hook_after_final_roll(), ["resolve-choice"])

    def hook_after_final_roll(self) -> list[Step]:
        """Hook point: steps after the final roll, before resolving (Psychic Probe)."""
        return self._collect_each("after_final_roll", self.active)

    # ============================ 2. Resolve Dice =======================================
    def counts(self) -> dict[str, int]:
        """Dice showing each face, by face in notation order (``count`` for one face)."""
        dice = self.dice
        return {f: face_count(dice, f) for f in FACES}

    def count(self, face: str) -> int:
        """Dice showing ``face``."""
        return face_count(self.dice, face)

    def categories_left(self) -> list[str]:
        m = self.monsters[self.active]
        dice, resolved = self.dice, self.resolved
        out: list[str] = []
        # a category with nothing to do is skipped (no pointless order choices)
        if "numbers" not in resolved:
            ones, twos, threes = face_count(dice, "1"), face_count(dice, "2"), face_count(dice, "3")
            if ones + twos + threes > 0 and (max(ones, twos, threes) >= 3 or bool(self._fns("numbers", m))):
                out.append("numbers")
        if "hearts" not in resolved and "h" in dice:
            out.append("hearts")
        if "energy" not in resolved and "e" in dice:
            out.append("energy")
        if "smash" not in resolved and self.smash_total(m) > 0:
            out.append("smash")
        return out

    def _step_resolve_choice(self) -> None:
        m = self.monsters[self.active]
        if not m.alive:
            self._push(["end-turn"])
            return
        cats = self.categories_left()
        legal = self._resolve_texts(m, cats)
        if not legal:
            self._push(*self.hook_dice_resolved(m), ["enter-tokyo"])
            return
        if len(legal) == 1:
            # a single category resolves by itself; a single card action only without
            # resolve_done (R42: records made before it), since otherwise ``done`` is offered
            self._do_resolve(None, legal[0])
            return
        if (len(legal) == len(cats) and not self.asks_always()
                and not self.resolve_order_matters(m, cats)):
            # ruling R41: no order could change anything, so it is not asked: the categories
            # resolve in the rulebook's order (numbers, hearts, energy, Smash); the log gives
            # the reason the first time only (then it is routine, and the line cites R41)
            names = [self.CATEGORY_WORDS[k] for k in cats]
            cite = self.rule("R41")
            reason = "" if self.quiet or any(e.rule == cite for e in self.log) else ": the order cannot change anything"
            self.say(f"{self.name(m.seat)} resolves {', '.join(names[:-1])} and {names[-1]}{reason}.", cite)
            self.resolved.extend(cats)
            self._push(*[["resolve-" + k] for k in cats], ["resolve-choice"])
            return
        self._ask(self.active, "resolve", legal)

    CATEGORY_WORDS: ClassVar[dict[str, str]] = {"numbers": "its numbers", "hearts": "its hearts", "energy": "its energy",
                      "smash": "its Smash"}
    """How the log names each category of dice (Godzilla: Heal and Smack)."""

    SMASH_FEEDBACK: ClassVar[frozenset[str]] = frozenset()
    """Cards, tiles and Evolutions that, held by a monster the active monster's Smash may hurt,
    can change the active monster while that Smash resolves (its hearts, its cards) or end the
    game there (Final Roar): with one of them in reach the resolve order is asked (ruling
    R41). The edition fills it."""

    READS_OWN_STARS: ClassVar[frozenset[str]] = frozenset()
    """The active monster's own cards and tiles whose effect during its Smash depends on its
    stars (Underdog): with one, numbers then Smash and Smash then numbers may differ (R41)."""

    def resolve_order_matters(self, m: MonsterState, cats: list[str]) -> bool:
        """Ruling R41: whether the order of resolving ``cats`` (two or more categories, no
        die change offered) can change anything. Conservative: True whenever in doubt.

        Numbers, hearts and energy read and change only the active monster's own stars,
        Wickedness, hearts and energy, and none reads what another changes; so the order
        matters only when a category can ask a question whose answer changes the others
        (``hook_numbers_ask``: a Wickedness tile) or with a Smash that may act back on the
        active monster, or end the game, before the categories after it: a monster it may hurt
        holds a card of ``SMASH_FEEDBACK`` (or, unseen, may hold one: ``hook_smash_feedback``); the active monster
        is in Tokyo Bay (an elimination closes the Bay and moves it: hearts then heal or
        not), copies a card with Fluxling or Mimic (its holder's elimination ends the copy), has
        Poison or Shrink Ray tokens or Healing Ray (its Heart decision would be taken knowing,
        or not, how the Smash went; kot ruling B11) or, with numbers to resolve, an effect of ``READS_OWN_STARS``."""
        if "numbers" in cats and self.hook_numbers_ask(m):
            return True
        if "smash" not in cats:
            return False
        if m.location == BAY or m.copy is not None:
            return True
        if "hearts" in cats and (m.poison or m.shrink or self.hearts_reach_others(m)):
            return True
        if "numbers" in cats and any(self.has(m, cid) for cid in self.READS_OWN_STARS):
            return True
        reach = set(self.smash_targets(m))
        if self._fns("smash_side_effects", m):
            reach.update(self.neighbours(m.seat))
        return any(self.monsters[s].alive and self.hook_smash_feedback(self.monsters[s]) for s in reach)

    HEARTS_REACH_OTHERS: ClassVar[frozenset[str]] = frozenset()
    """Cards whose holder's Heart dice may change other monsters (kot: Healing Ray): with one,
    hearts then Smash and Smash then hearts may differ, whoever is below its maximum now
    (a Smash may put a monster there; kot ruling B11)."""

    def hearts_reach_others(self, m: MonsterState) -> bool:
        for cid in self.HEARTS_REACH_OTHERS:
            if self.has(m, cid):
                return True
        return False

    def hook_numbers_ask(self, m: MonsterState) -> bool:
        """Hook point (R41): whether resolving the active monster's numbers may ask it a
        question whose answer changes its other categories (Dark: a Wickedness tile)."""
        return False

    def hook_smash_feedback(self, o: MonsterState) -> bool:
        """Hook point (R41): whether ``o``, hurt by the active monster's Smash, may change the
        active monster or end the game as that Smash resolves, as far as everyone can tell
        (``SMASH_FEEDBACK``)."""
        return any(self.has(o, cid) for cid in self.SMASH_FEEDBACK)

    def _legal_resolve(self, node: Node | None) -> list[str]:
        return self._resolve_texts(self.monsters[self.active], self.categories_left())

    def _resolve_texts(self, m: MonsterState, cats: list[str]) -> list[str]:
        """The resolve decision's actions, ``cats`` being ``categories_left()``."""
        out = []
        if not self.resolved:
            out += self.hook_adjust_actions(m)
        out += ["resolve " + k for k in cats]
        if out and not cats and self.offers_done():
            # ruling R42: no dice left to resolve, only cards on offer (a die change, Rapid
            # Healing, Hibernation): each says "may", so going on without them is an answer
            out.append("done")
        return out

    def offers_done(self) -> bool:
        """Ruling R42: whether the resolve decision offers ``done`` when no category is left
        and cards are on offer (option ``resolve_done``, true unless a record made before the
        option is replayed: then a lone card action was taken by itself). An edition without
        the option offers it."""
        return self.game.options.get("resolve_done") is not False

    def hook_dice_resolved(self, m: MonsterState) -> list[Step]:
        """Hook point: steps once every die is resolved, before Enter Tokyo (Godzilla: three
        Heal results draw Evolutions). Default: none."""
        return []

    def hook_adjust_actions(self, m: MonsterState) -> list[str]:
        """Hook point: die changes allowed before resolving (Herd Culler, Plot Twist, Stretchy)."""
        return self._collect("adjust", m) + self._collect("any_time", m)

    def _do_resolve(self, node: Node | None, text: str) -> None:
        words = text.split()
        if words[0] == "done":  # R42: nothing left to resolve, no card used (more)
            self._push(*self.hook_dice_resolved(self.monsters[self.active]), ["enter-tokyo"])
            return
        if words[0] == "resolve":
            self.resolved.append(words[1])
            self._push(["resolve-" + words[1]], ["resolve-choice"])
            return
        self._push(["resolve-choice"])
        self.hook_do_adjust(self.monsters[self.active], words)

    def hook_do_adjust(self, m: MonsterState, words: list[str]) -> None:
        self.effects.actions[words[0]](self, m, words)

    # --- Victory Points (1/2/3) --------------------------------------------------------
    def _step_resolve_numbers(self) -> None:
        m = self.monsters[self.active]
        if not m.alive:
            return
        c = self.counts()
        if self.hook_numbers_blocked(m):
            self.say(f"{self.name(m.seat)}'s number dice do not count.", "Hibernation")
            return
        for n in (1, 2, 3):
            k = c[str(n)]
            if k >= 3:
                self.gain_stars(m, n + k - 3, self.rule("2.1.1"),
                                f" for {'-'.join([str(n)] * k)}")
        self.hook_numbers_resolved(m, c)

    def hook_numbers_blocked(self, m: MonsterState) -> bool:
        return self._any("numbers_blocked", m)

    def hook_numbers_resolved(self, m: MonsterState, c: dict[str, int]) -> None:
        """Hook point: Wickedness (Dark Edition) and number-triggered cards."""
        self._push(*self._collect("numbers", m, c))

    # --- Heal --------------------------------------------------------------------------
    def _step_resolve_hearts(self) -> None:
        m = self.monsters[self.active]
        if not m.alive:
            return
        hearts = self.count("h")
        self.hook_heart_dice(m, hearts)
        if self.in_tokyo(m):
            self.say(f"{self.name(m.seat)} is in Tokyo: Heart dice do not heal.", self.rule("2.5.3"))
            if self.hook_heart_uses(m):  # kot: Healing Ray still heals others
                self._push(["hearts", hearts])
            return
        if not self.hook_can_use_heart_dice(m):
            return
        self._push(["hearts", hearts])

    def hook_heart_dice(self, m: MonsterState, hearts: int) -> None:
        """Hook point: effects of heart dice that apply even in Tokyo (Skybeam)."""
        self._push(*self._collect("heart_dice", m, hearts))

    def hook_can_use_heart_dice(self, m: MonsterState) -> bool:
        return not m.zombified and not self._any("no_heart_dice", m)

    def hook_heart_uses(self, m: MonsterState) -> list[str]:
        """Hook point: other uses of a Heart die besides healing its roller and discarding
        its tokens, as ``heart ...`` texts (kot: Healing Ray, ``heart ray <seat>``). Default: none."""
        return self._collect("heart_uses", m) if m.cards else []

    def _step_hearts(self, left: int) -> None:
        m = self.monsters[self.active]
        if left <= 0 or not m.alive:
            return
        if m.poison or m.shrink or self.hook_heart_uses(m):
            self._ask(m.seat, "heart", left=left)
            return
        self.gain_hearts(m, left, self.rule("2.5.1"))

    def _legal_heart(self, node: Node) -> list[str]:
        m = self.monsters[self.active]
        if self.in_tokyo(m) or not self.hook_can_use_heart_dice(m):
            return self.hook_heart_uses(m) + ["heart none"]  # only Healing Ray (kot) brings this here
        out = ["heart heal"]
        if m.poison:
            out.append("heart poison")
        if m.shrink:
            out.append("heart shrink")
        return out + self.hook_heart_uses(m)

    def _do_heart(self, node: Node, text: str) -> None:
        m = self.monsters[self.active]
        words = text.split()
        use = words[1]
        left = node[3]["left"] - 1
        if use not in ("heal", "poison", "shrink"):
            if use != "none":  # a card's use of the die (kot: Healing Ray); "none": the rest go unused
                self.effects.actions["heart-" + use](self, m, words)
                self._push(["hearts", left])
            return
        if use == "heal":
            self.gain_hearts(m, 1, self.rule("2.5.1"))
        else:
            setattr(m, use, getattr(m, use) - 1)
            self.supply[use] += 1
            self.say(f"{self.name(m.seat)} uses a Heart to discard a {use.title()} token.",
                     self.rule("9.2.3"))
        self._push(["hearts", left])

    # --- Energy ------------------------------------------------------------------------
    def _step_resolve_energy(self) -> None:
        m = self.monsters[self.active]
        if not m.alive:
            return
        dice = self.count("e")
        n = dice + self.hook_energy_dice_bonus(m, dice)
        self.gain_energy(m, n, self.rule("2.3.1"))

    def hook_energy_dice_bonus(self, m: MonsterState, dice: int) -> int:
        return self._sum("energy_dice", m, dice)

    # --- Smash -------------------------------------------------------------------------
    def smash_total(self, m: MonsterState) -> int:
        """Smashes the active monster's roll counts: Claw dice plus card and tile bonuses."""
        claws = self.count("c")
        return self.hook_smash_total(m, claws)

    def hook_smash_total(self, m: MonsterState, claws: int) -> int:
        return self._fold("smash_total", m, claws, claws)

    def smash_targets(self, m: MonsterState) -> list[int]:
        """In Tokyo: every monster outside; outside: every monster in Tokyo."""
        inside = self.in_tokyo(m)
        return [o.seat for o in self.monsters
                if o.alive and o is not m and self.hook_smash_reaches(m, o, inside)]

    def hook_smash_reaches(self, m: MonsterState, o: MonsterState, attacker_in_tokyo: bool) -> bool:
        return self.in_tokyo(o) != attacker_in_tokyo or self._any("smash_everyone", m)

    def _step_resolve_smash(self) -> None:
        m = self.monsters[self.active]
        if not m.alive:
            return
        n = self.smash_total(m)
        if n <= 0:
            return
        order = [s for s in self.clockwise_from(m.seat) if s in set(self.smash_targets(m))]
        if not self.quiet:
            self.say_smash_changes(m)
        self.say(f"{self.name(m.seat)} {self.SMASH_VERB} for {n}: "
                 + (", ".join(self.name(s) for s in order) if order else "nobody is in reach") + ".",
                 self.rule("2.4.1" if order else "2.4.11"))
        if not self.quiet:
            self.say_smash_extras(m, order)
        steps = self.hook_smash_started(m, n, order)
        steps += [self.damage(s, n + self.hook_smash_extra_for(m, s), "smash", m.seat,
                              self.rule("2.4.1")) for s in order]
        steps += self.hook_smash_side_effects(m, n, order)
        steps.append(["yield-check", m.seat, order])
        self._push(*steps)

    def effect_name(self, cid: str) -> str:
        """The name of card, tile or Evolution ``cid`` as the log cites it."""
        g = self.game
        for table in ("_cards", "_tiles", "_evolutions"):
            found = getattr(g, table, {}).get(cid)  # the tables an edition has (cards, tiles, Evolutions)
            if found is not None:
                name: str = found.name
                return name
        return cid

    def _fn_name(self, hook: str, m: MonsterState, fn: HookFn) -> str:
        """The name of the card or tile whose effect ``fn`` (of ``hook``) ``m`` benefits from."""
        for cid, f in self.effects.hooks.get(hook, ()):
            if f is fn and self.has(m, cid):
                return self.effect_name(cid)
        return ""

    def say_smash_changes(self, m: MonsterState) -> None:
        """The log's account of the cards and tiles that change the number of Smashes, before
        the Smash line (called only when not quiet; the effects are pure functions of the
        position, run again here), e.g. "Acid Attack: +1 Smash (3 in all)"."""
        claws = self.count("c")
        noun = self.FACE_WORDS["c"] if self.FACE_WORDS["c"] != "Claw" else "Smash"
        value = claws
        for fn in self._fns("smash_total", m):
            new = fn(self, m, value, claws)
            if new != value:
                name = self._fn_name("smash_total", m, fn)
                d = new - value
                many = f"{noun}es" if noun.endswith("sh") else f"{noun}s"
                self.say(f"{name}: {d:+d} {noun if abs(d) == 1 else many} ({new} in all).", name)
            value = new

    def say_smash_extras(self, m: MonsterState, order: list[int]) -> None:
        """After the Smash line (only when not quiet), each card that adds damage for one
        target, e.g. "Fire Breathing: +1 damage to Gigazaur"."""
        for s in order:
            for fn in self._fns("smash_extra_for", m):
                d = fn(self, m, s)
                if d:
                    name = self._fn_name("smash_extra_for", m, fn)
                    self.say(f"{name}: {d:+d} damage to {self.name(s)}.", name)

    def hook_smash_started(self, m: MonsterState, n: int, targets: list[int]) -> list[Step]:
        """Hook point: effects when a Smash begins (Alpha Monster); returns steps."""
        return self._collect("smash_started", m, n, targets)

    def hook_smash_extra_for(self, m: MonsterState, target: int) -> int:
        return self._sum("smash_extra_for", m, target)

    def hook_smash_side_effects(self, m: MonsterState, n: int, targets: list[int]) -> list[Step]:
        """Hook point: extra losses a Smash causes beyond its targets (Fire Breathing)."""
        return self._collect("smash_side_effects", m, n, targets)

    # --- Yield -------------------------------------------------------------------------
    def _step_yield_check(self, attacker: int, order: list[int]) -> None:
        for s in order:
            o = self.monsters[s]
            key = f"wounded{s}"
            if o.alive and self.in_tokyo(o) and self.smash_flags.get(key) and not self.smash_flags.get(f"decided{s}"):
                self.smash_flags[f"decided{s}"] = True
                self._push(["yield-ask", s, attacker], ["yield-check", attacker, order])
                return
        self.smash_flags = {}

    def _step_yield_ask(self, seat: int, attacker: int) -> None:
        if self.monsters[seat].alive and self.in_tokyo(self.monsters[seat]):
            self._ask(seat, "yield", attacker=attacker)

    def _legal_yield(self, node: Node) -> list[str]:
        return ["stay", "yield"]

    def _do_yield(self, node: Node, text: str) -> None:
        seat, attacker = node[1], node[3]["attacker"]
        m = self.monsters[seat]
        if text == "stay":
            self.say(f"{self.name(seat)} stays in {LOCATION_NAMES[m.location]}.", self.rule("2.4.5"))
            return
        where = m.location
        self.leave_tokyo(m, self.rule("2.4.5"), yielded=True)
        self._push(*self.hook_yielded(m, attacker, where))

    def hook_yielded(self, m: MonsterState, attacker: int, where: int) -> list[Step]:
        """Hook point: effects of yielding (Burrowing, Unstable DNA); returns steps."""
        return self._collect("yielded", m, attacker, where)

    def leave_tokyo(self, m: MonsterState, rule: str, yielded: bool = False) -> None:
        where = m.location
        if where == OUT:
            return
        if where == CITY:
            self.city = None
        else:
            self.bay = None
        m.location = OUT
        self.say(f"{self.name(m.seat)} {self.YIELD_VERB if yielded else 'leaves'} {LOCATION_NAMES[where]}.", rule)

    def enter(self, m: MonsterState, where: int, rule: str) -> None:
        if where == CITY:
            self.city = m.seat
        else:
            self.bay = m.seat
        m.location = where
        self.say(f"{self.name(m.seat)} enters {LOCATION_NAMES[where]}.", rule)
        if self.game.options.get("two_player_variant") and self.game.num_players == 2:
            self.gain_energy(m, 1, self.rule("3.3.1"))
        else:
            self.gain_stars(m, 1, self.rule("3.2.1"), " for entering Tokyo")
        self.hook_entered(m, where)

    def hook_entered(self, m: MonsterState, where: int) -> None:
        """Hook point: effects of entering Tokyo (Defender of Tokyo, Burrowing's toll)."""
        toll = self.marks.pop(f"turn-burrow-toll-{where}", None)
        if toll is not None:
            self._push(self.damage(m.seat, 1, "card", toll, "Burrowing"))
        self._push(*self._collect("entered", m, where))

    # --- Damage pipeline -----------------------------------------------------------------
    def _step_damage(self, p: Damage) -> None:
        """Losing hearts, stage by stage, each stage a hook point that may ask a question:
        0 prevention (Wings, Hibernation), 1 Camouflage dice, 2 Super Jump, 3 Armor
        Plating, 4 Rapid Healing before reaching 0, 5 the loss itself."""
        t = self.monsters[p["target"]]
        if not t.alive or p["amount"] <= 0:
            return
        while p["stage"] < 5:
            stage = p["stage"]
            p["stage"] += 1
            if p["kind"] == "all":
                continue
            if self.hook_damage_stage(t, p, stage):
                return  # the hook pushed a decision or chance step that continues ``p``
            if p["amount"] <= 0:
                if p["kind"] == "smash":
                    self.smash_flags[f"hit{t.seat}"] = True
                return
        self._apply_loss(t, p)

    def hook_damage_stage(self, t: MonsterState, p: Damage, stage: int) -> bool:
        """Hook point: reduce ``p['amount']`` or ask a question. Return True after pushing
        a step that resumes this packet."""
        for fn in self._fns(_DAMAGE_STAGE_HOOKS[stage], t):
            if fn(self, t, p):
                return True
        return False

    def _apply_loss(self, t: MonsterState, p: Damage) -> None:
        amount = t.hearts if p["kind"] == "all" else min(p["amount"], t.hearts)
        t.hearts -= amount
        self.say(f"{self.name(t.seat)} loses {amount} heart{'s' * (amount != 1)} ({t.hearts}).", p["rule"])
        src = p["source"]
        if amount > 0 and src is not None and src != t.seat:
            self.monsters[src].caused_loss = True
        if p["kind"] == "smash":
            self.smash_flags[f"hit{t.seat}"] = True
            if amount > 0:
                self.smash_flags[f"wounded{t.seat}"] = True
        if t.hearts <= 0:
            # ruling R36: reaching 0 hearts is dealt with first (R9's effects, else elimination
            # at once); the loss's other effects follow, those of t's own cards as triggered now
            held = [cid for cid, _ in self.effects.hooks.get("lost_hearts", ()) if self.has(t, cid)]
            self._push(["zero-hearts", t.seat], ["loss-effects", t.seat, amount, p, held])
            return
        self._push(*self.hook_lost_hearts(t, amount, p))

    def _step_loss_effects(self, seat: int, amount: int, p: Damage, held: list[str]) -> None:
        self._push(*self.hook_lost_hearts(self.monsters[seat], amount, p, held))

    def hook_lost_hearts(self, t: MonsterState, amount: int, p: Damage,
                         held: list[str] | None = None) -> list[Step]:
        """Hook point: effects of losing hearts (tokens, Reflective Hide, ...); returns steps.
        ``held``: the ids of ``t``'s cards and tiles whose effects the loss triggered, when
        ``t`` may have lost them since (eliminated or rescued at 0 hearts, R36)."""
        if held is None:
            steps = self._collect("lost_hearts", t, amount, p)
        else:
            steps = []
            for cid, fn in self.effects.hooks.get("lost_hearts", ()):
                if cid in held:
                    steps.extend(fn(self, t, amount, p) or ())
        src = p["source"]
        if src is not None and src != t.seat and amount > 0:
            steps += self._collect("dealt_loss", self.monsters[src], t, amount, p)
        return steps

    # --- Elimination -------------------------------------------------------------------
    def _step_zero_hearts(self, seat: int) -> None:
        m = self.monsters[seat]
        if not m.alive or m.hearts > 0:
            return
        self.hook_reached_zero(m)
        if self.winners is not None or m.hearts > 0:
            return
        self.eliminate(m)

    def hook_reached_zero(self, m: MonsterState) -> None:
        """Hook point: Eater of the Dead, then saving effects in ruling R9's order."""
        for s in self.clockwise_from(self.active, include=True):
            o = self.monsters[s]
            if o.alive and o is not m:
                self._collect("other_reached_zero", o, m)
        for fn in self._fns("save_from_zero", m):
            if fn(self, m) or self.winners is not None or m.hearts > 0:
                return

    def eliminate(self, m: MonsterState) -> None:
        """Eliminate ``m``: cards, tiles, energy and tokens are discarded, Tokyo left."""
        m.alive = False
        self.eliminations += 1
        m.order_out = self.eliminations
        self.say(f"{self.name(m.seat)} has no hearts left and is eliminated.", self.rule("2.4.9"))
        self.leave_tokyo(m, self.rule("2.4.10"))
        self.discard_everything(m)
        m.energy = 0
        self.check_bay()

    def discard_everything(self, m: MonsterState, tokens: bool = True) -> None:
        """Discard every card and tile of ``m``; with ``tokens``, its tokens go back too
        (on elimination; Poison and Shrink Ray tokens otherwise stay on a monster)."""
        for cid in list(m.cards):
            self.discard_card(m, cid)
        self.end_copy(m)
        self.hook_discard_tiles(m)
        for token in ("poison", "shrink", "smoke") if tokens else ("smoke",):
            self.supply[token] += getattr(m, token)
            setattr(m, token, 0)

    def hook_discard_tiles(self, m: MonsterState) -> None:
        pass

    def reset_wickedness(self, m: MonsterState) -> None:
        """Take the counter off the gauge (It Has a Child!, Zombify): levels may be earned
        again. An edition without Wickedness (kot) has nothing there to take off."""
        m.wickedness = 0
        m.levels = []

    def poison_at_end(self, m: MonsterState) -> list[Step]:
        """End of Turn: Poison tokens make their holder lose 1 heart each (kot-dark, kot)."""
        if m.poison:
            return [self.damage(m.seat, m.poison, "poison", None, "Poison Spit")]
        return []

    def discard_card(self, m: MonsterState, cid: str) -> None:
        m.cards.remove(cid)
        self.discard.append(cid)
        self.hook_card_lost(m, cid)
        self.clip_hearts(m)
        if not any(cid in o.cards for o in self.monsters):
            for o in self.monsters:
                if o.copy == cid and o.alive:
                    self.end_copy(o)  # a copy (Fluxling) of a card nobody holds ends (R7, R17)

    def end_copy(self, m: MonsterState) -> None:
        """``m``'s Fluxling copy ends (its card discarded, a switch, Fluxling or ``m`` gone):
        the card's losses apply to the copy (a copy's own Smoke tokens go, R13) and hearts
        are clipped to the new maximum (R7)."""
        if m.copy is not None:
            self.hook_card_lost(m, m.copy)
            m.copy = None
            self.clip_hearts(m)

    def hook_card_lost(self, m: MonsterState, cid: str) -> None:
        """Hook point: a KEEP card leaves a monster (Smoke Cloud returns its tokens)."""
        for hcid, fn in self.effects.hooks.get("card_lost", ()):
            if hcid == cid:
                fn(self, m)

    def check_bay(self) -> None:
        """With 4 or fewer monsters left, Tokyo Bay empties at once (to the City if it is empty)."""
        if self.bay is None or self.bay_in_use():
            return
        m = self.monsters[self.bay]
        self.bay = None
        if self.city is None:
            self.city = m.seat
            m.location = CITY
            self.say(f"Only {len(self.alive())} monsters remain: {self.name(m.seat)} moves from Tokyo Bay to Tokyo City.",
                     self.rule("3.1.5"))
        else:
            m.location = OUT
            self.say(f"Only {len(self.alive())} monsters remain: {self.name(m.seat)} must leave Tokyo Bay.",
                     self.rule("3.1.4"))

    # ============================ 3. Enter Tokyo ========================================
    def _step_enter_tokyo(self) -> None:
        m = self.monsters[self.active]
        if not m.alive:
            self._push(["end-turn"])
            return
        # Buy goes under the steps of entering (Burrowing's toll), which run first
        self._push(["buy"])
        if not self.in_tokyo(m) and self.hook_may_enter(m):
            if self.city is None:
                self.enter(m, CITY, self.rule("3.0.1"))
            elif self.bay_in_use() and self.bay is None:
                self.enter(m, BAY, self.rule("3.1.1"))

    def hook_may_enter(self, m: MonsterState) -> bool:
        return not self._any("no_enter", m)

    # ============================ 4. Buy Power Cards ====================================
    def _step_buy(self) -> None:
        m = self.monsters[self.active]
        if not m.alive:
            self._push(["end-turn"])
            return
        legal = self._legal_buy(None)
        if legal == ["end"]:
            self._push(["end-turn"])
            self.hook_buy_done(m)
            return
        self._ask(m.seat, "buy", legal)

    def _legal_buy(self, node: Node | None) -> list[str]:
        m = self.monsters[self.active]
        out = []
        if self.hook_may_buy(m):
            offered: list[str] = []  # each card id once (the market may show two copies)
            for cid in self.market:
                if cid and cid not in offered:
                    offered.append(cid)
                    if self.buy_cost(m, cid) <= m.energy and self.hook_may_buy_card(m, cid):
                        out.append(f"buy {cid}")
            if m.energy >= 2 and self.market:
                out.append("sweep")
            out += self.hook_buy_extras(m)
        out += self.hook_any_time_actions(m)
        out.append("end")
        return out

    def hook_may_buy(self, m: MonsterState) -> bool:
        return not self._any("no_buy", m)

    def hook_may_buy_card(self, m: MonsterState, cid: str) -> bool:
        check = self.effects.buy_checks.get(cid)
        return check is None or check(self, m)

    def hook_buy_extras(self, m: MonsterState) -> list[str]:
        return self._collect("buy_extras", m)

    def hook_any_time_actions(self, m: MonsterState) -> list[str]:
        return self._collect("any_time", m)

    def _do_buy(self, node: Node, text: str) -> None:
        m = self.monsters[self.active]
        words = text.split()
        if words[0] == "end":
            self._push(["end-turn"])
            self.hook_buy_done(m)
            return
        if words[0] == "buy" and len(words) == 2:
            slot = self.market.index(words[1])
            self.market[slot] = None
            self._push(["reveal", slot], ["buy"])
            self.pay_and_take(m, words[1], self.rule("4.2"))
            return
        if words[0] == "sweep":
            m.energy -= 2
            self.say(f"{self.name(m.seat)} pays 2 energy to sweep the market.", self.rule("4.8"))
            kept: list[str | None] = [c for c in self.market if c and self.hook_sweep_keeps(c)]
            self.discard.extend(c for c in self.market if c and c not in kept)
            self.market = kept
            self._push(*[["reveal", slot] for slot in range(len(kept), 3)], ["buy"])
            return
        self._push(["buy"])
        self.hook_do_buy_extra(m, words)

    def hook_sweep_keeps(self, cid: str) -> bool:
        """Hook point: a face-up card a sweep leaves in place (Godzilla: Event cards). Default: none."""
        return False

    def hook_buy_done(self, m: MonsterState) -> None:
        """Hook point: the active monster ends its Buy step (Godzilla: 1 energy if it bought
        nothing). Runs before End of Turn; may push steps. Default: nothing."""

    def hook_do_buy_extra(self, m: MonsterState, words: list[str]) -> None:
        self.effects.actions[words[0]](self, m, words)

    def pay_and_take(self, m: MonsterState, cid: str, rule: str, cost: int | None = None) -> None:
        """``m`` pays for ``cid`` and gains it: a KEEP card is held, a DISCARD card resolves."""
        cost = self.buy_cost(m, cid) if cost is None else cost
        m.energy -= cost
        self.note_bought(m, cid)
        card = self.game.card(cid)
        self.say(f"{self.name(m.seat)} buys {card.name} for {cost} energy.", rule)
        if card.type in self.KEEP_TYPES:
            m.cards.append(cid)
            self._push(*self.hook_card_gained(m, cid))
        else:
            self.discard.append(cid)
            self._push(*self.hook_discard_card_played(m, cid))
        self._push(*self.hook_bought(m, cid))

    def note_bought(self, m: MonsterState, cid: str) -> None:
        """Remember that ``m`` bought card ``cid`` (for the game record; no rule reads it).
        Every way of buying calls it: :meth:`pay_and_take` and card effects that buy."""
        self.bought[m.seat].append(cid)

    def hook_card_gained(self, m: MonsterState, cid: str) -> list[Step]:
        fn = self.effects.on_gain.get(cid)
        return list(fn(self, m) or []) if fn else []

    def hook_discard_card_played(self, m: MonsterState, cid: str) -> list[Step]:
        fn = self.effects.on_play.get(cid)
        return list(fn(self, m) or []) if fn else []

    def hook_bought(self, m: MonsterState, cid: str) -> list[Step]:
        return self._collect("bought", m, cid)

    # ============================ 5. End of Turn ========================================
    def _step_end_turn(self) -> None:
        m = self.monsters[self.active]
        steps = self.hook_end_of_turn(m) if m.alive else []
        self._push(*steps, ["turn-over"])

    def hook_end_of_turn(self, m: MonsterState) -> list[Step]:
        """Hook point: end-of-turn effects, in the order of ruling R6's list."""
        return self._collect("end_turn", m)

    def _step_turn_over(self) -> None:
        for key in [k for k in self.marks if k.startswith("turn-")]:
            del self.marks[key]
        living = self.alive()
        at20 = [x.seat for x in living if x.stars >= WIN_STARS]
        if not living:
            self.finish([], "none", "Every monster is eliminated: nobody wins.")
            return
        if at20:
            if len(at20) > 1 and self.game.options.get("star_tie") == "most-stars":
                best = max(self.monsters[s].stars for s in at20)
                at20 = [s for s in at20 if self.monsters[s].stars == best]
            self.finish(at20, "stars", " and ".join(self.name(s) for s in at20) + " reached 20 stars.")
            return
        if len(living) == 1:
            self.finish([living[0].seat], "survival", f"{self.name(living[0].seat)} is the last monster standing.")
            return
        self._push(["next-turn"])

    def earn_extra_turn(self, m: MonsterState, start: Step | None = None) -> None:
        """``m`` will take an extra turn after the current turn, after those earned before
        (ruling R38: the monster that earned it, on its own turn or not). ``start`` is the
        step that starts it (default: it starts; Freeze Time asks first, R16)."""
        self.extra_turns.append([m.seat, start or ["extra-turn", m.seat]])

    def _step_next_turn(self) -> None:
        """The extra turns earned (R6, R38), each by a living monster, then the next living
        monster clockwise from the last turn that was not an extra turn."""
        while self.extra_turns:
            seat, start = self.extra_turns.pop(0)
            if self.monsters[seat].alive:
                self._push(start)
                return
        self.fewer_dice = 0
        nxt = next(s for s in self.clockwise_from(self.order_seat) if self.monsters[s].alive)
        self._push(["turn-start", nxt])

    def _step_extra_turn(self, seat: int, fewer_dice: int = 0) -> None:
        m = self.monsters[seat]
        self.fewer_dice = fewer_dice
        self.say(f"{self.name(m.seat)} takes another turn.", self.rule("7.4"))
        self._push(["turn-start", m.seat, True])

    GAME_OVER_RULES: ClassVar[dict[str, str]] = {"stars": "6.2", "survival": "6.3", "none": "9.0.2"}
    """The statement key each way of ending the game cites (``finish``)."""

    def finish(self, winners: list[int], how: str, sentence: str, rule: str | None = None) -> None:
        self.winners = sorted(winners)
        self.win_by = how
        self.node = None
        self.stack = []
        self.say("Game over: " + sentence, rule or self.rule(self.GAME_OVER_RULES[how]))

    # ============================ kernel: data, clone, observation =====================
    _SCALARS: ClassVar[tuple[str, ...]] = ("city", "bay", "rolls_used", "rolls_allowed", "active", "turn_count", "order_seat",
                "fewer_dice", "peeked", "winners", "win_by", "eliminations")

    def _to_data(self) -> dict[str, Any]:
        d = {k: getattr(self, k) for k in self._SCALARS}
        d.update(monsters=[m.as_dict() for m in self.monsters], market=list(self.market),
                 deck=dict(self.deck), known_top=_deep(self.known_top), discard=list(self.discard),
                 supply=dict(self.supply), dice=list(self.dice), resolved=list(self.resolved),
                 rolloff=_deep(self.rolloff), stack=_deep(self.stack), node=_deep(self.node),
                 smash_flags=dict(self.smash_flags), marks=_deep(self.marks), bought=_deep(self.bought),
                 extra_turns=_deep(self.extra_turns))
        d.update(self.edition_data())
        return d

    def edition_data(self) -> dict[str, Any]:
        return {}

    def _from_data(self, d: dict[str, Any]) -> None:
        # states saved before extra turns were per seat: a count of the active monster's
        if isinstance(d.get("extra_turns", 0), int):
            d = dict(d, extra_turns=[[d["active"], ["extra-turn", d["active"]]] for _ in range(d.get("extra_turns", 0))])
            d.setdefault("order_seat", d["active"])
        for k in self._SCALARS:
            setattr(self, k, d[k])
        self.extra_turns = _deep(d["extra_turns"])
        self.monsters = [MonsterState.from_dict(x) for x in d["monsters"]]
        self.market, self.known_top = list(d["market"]), _deep(d["known_top"])
        # the deck keeps the game's card order (saved JSON sorts keys), so the reveal
        # outcomes are listed in the same order and a loaded state samples identically
        saved = d["deck"]
        self.deck = {cid: saved[cid] for cid in self.game.deck_counts() if cid in saved}
        self.deck.update((cid, n) for cid, n in saved.items() if cid not in self.deck)
        self.discard, self.supply, self.dice = list(d["discard"]), dict(d["supply"]), list(d["dice"])
        self.resolved, self.rolloff = list(d["resolved"]), _deep(d["rolloff"])
        self.stack, self.node, self.smash_flags = _deep(d["stack"]), _deep(d["node"]), dict(d["smash_flags"])
        self.marks = _deep(d["marks"])
        # states saved before purchases were tracked have no "bought": nothing bought yet
        self.bought = _deep(d.get("bought") or [[] for _ in self.monsters])
        if len(self.bought) != len(self.monsters):
            raise ValueError(f"bought must have one list per seat ({len(self.monsters)}), not {len(self.bought)}")
        self.edition_from_data(d)

    def edition_from_data(self, d: dict[str, Any]) -> None:
        pass

    def clone(self) -> Self:
        other = type(self)(self.game, blank=True)
        self._copy_base_into(other)
        other._fx = {}
        other.city, other.bay, other.rolls_used, other.rolls_allowed = self.city, self.bay, self.rolls_used, self.rolls_allowed
        other.active, other.turn_count, other.order_seat = self.active, self.turn_count, self.order_seat
        other.fewer_dice, other.peeked, other.win_by = self.fewer_dice, self.peeked, self.win_by
        other.eliminations = self.eliminations
        other.winners = None if self.winners is None else list(self.winners)
        other.monsters = [m.copy_state() for m in self.monsters]
        other.market, other.deck, other.known_top = list(self.market), dict(self.deck), _deep(self.known_top)
        other.discard, other.supply, other.dice = list(self.discard), dict(self.supply), list(self.dice)
        other.resolved, other.rolloff = list(self.resolved), _deep(self.rolloff)
        other.stack, other.node, other.smash_flags = _deep(self.stack), _deep(self.node), dict(self.smash_flags)
        other.marks = _deep(self.marks)
        other.bought = _deep(self.bought)
        other.extra_turns = _deep(self.extra_turns)
        self.edition_clone_into(other)
        return other

    def edition_clone_into(self, other: Self) -> None:
        pass

    def observation(self, seat: int | None) -> dict[str, Any]:
        """Everything public, plus for ``seat`` the deck's top cards it has looked at.

        Keys: game, seat, active, turn, current_player, node (kind, seat to decide, and the
        name of a card-defined node, else None),
        monsters (list of dicts), tokyo_city, tokyo_bay, market, deck_size, discard, dice,
        rolls_used, rolls_allowed, supply, known_top (only cards this seat saw), winners,
        plus edition keys. JSON-safe.
        """
        if seat is not None and not 0 <= seat < self.game.num_players:
            raise ValueError(f"seat must be from 0 to {self.game.num_players - 1} (or None), not {seat}")
        node = self.node
        obs = {
            "game": self.game.game_id, "seat": seat, "active": self.active, "turn": self.turn_count,
            "current_player": self._current_player(),
            "node": None if node is None else {"kind": node[2], "seat": node[1] if node[0] == "decision" else None,
                                               "name": node[3].get("name"),
                                               # at a Heart die: the Hearts still to use, this one included
                                               **({"left": node[3]["left"]} if node[2] == "heart" else {})},
            "monsters": [dict(m.as_dict(), name=self.name(m.seat), max_hearts=self.max_hearts(m))
                         for m in self.monsters],
            "tokyo_city": self.city, "tokyo_bay": self.bay, "bay_in_use": self.bay_in_use(),
            "market": [c for c in self.market if c], "deck_size": sum(self.deck.values()) + len(self.known_top),
            "discard": list(self.discard), "dice": list(self.dice), "rolls_used": self.rolls_used,
            "rolls_allowed": self.rolls_allowed, "supply": dict(self.supply),
            "known_top": [c for c, s in self.known_top if seat in s],
            "winners": self.winners, "win_by": self.win_by,
        }
        obs.update(self.edition_observation(seat))
        return obs

    def edition_observation(self, seat: int | None) -> dict[str, Any]:
        return {}

    def resample(self, seat: int, rng: random.Random) -> Self:
        """A state consistent with ``seat``'s view: top cards it has not seen are put
        back into the unseen deck (they will be revealed by chance again)."""
        other = self.clone()
        keep = []
        for i, (cid, seats) in enumerate(other.known_top):
            if seat not in seats:
                # from the first card this seat has not seen, the rest is unknown to it
                for c2, _ in other.known_top[i:]:
                    other.deck[c2] = other.deck.get(c2, 0) + 1
                break
            keep.append([cid, list(seats)])
        other.known_top = keep
        return other

    def render(self, seat: int | None = None) -> str:
        from .render import render_text
        return render_text(self, seat)

    def __repr__(self) -> str:
        return f"<{type(self).__name__} turn={self.turn_count} node={json.dumps(self.node)}>"
