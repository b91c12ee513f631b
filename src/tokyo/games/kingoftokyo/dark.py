"""King of Tokyo: Dark Edition (``kot-dark``).

The edition adds to the shared turn machine (engine.py): the Wickedness gauge and its
tiles (Resolve Dice / Wickedness Points), the Dark Power card set, Poison, Shrink Ray
and Smoke tokens, and the two yellow dice (at most 8 dice in all). Rules cite the Dark
Edition rulebook by section; rulings are R1-R10 in docs/rulings.md.
"""

from __future__ import annotations

from typing import Any, ClassVar

from ...core.machine import Node, Step
from ...core.options import GameInfo, Option
from . import cards as card_data
from .cards import PowerCard, WickednessTile
from .engine import KotGame, KotState, MonsterState, seat_monsters
from .powers import POWERS
from .rulebook import DARK_SECTIONS
from .wickedness import TILES

POWER_SET = "dark_power_cards.toml"
TILE_SET = "dark_wickedness_tiles.toml"
MONSTER_SET = "dark_monsters.toml"
LEVELS = (3, 6, 10)
GAUGE_TOP = 10  # ruling R3


class DarkState(KotState["DarkEditionGame"]):
    """A Dark Edition position: the shared machine plus the Wickedness gauge."""

    effects = POWERS.merged(TILES, "kot-dark")
    RULEBOOK = DARK_SECTIONS
    # ruling R41: what may act back on the active monster during its own Smash (Reflective
    # Hide: 1 heart; Unstable DNA: a card swapped) or end the game there (Final Roar), and
    # what reads its own stars (Underdog)
    SMASH_FEEDBACK = frozenset({"reflective-hide", "unstable-dna", "final-roar"})
    READS_OWN_STARS = frozenset({"underdog"})

    def edition_init(self) -> None:
        # tile stacks by level: the side of each physical tile that is face up
        self.tile_stacks: dict[str, list[str]] = {str(lv): [] for lv in LEVELS}
        self.tiles_out: list[str] = []   # tiles discarded (out of the game)
        self.side_choice = self.game.options["wickedness_side"]
        if self.side_choice != "mixed":
            for tile in self.game.tile_pairs():
                self.tile_stacks[str(tile["level"])].append(tile[self.side_choice])

    def edition_setup(self) -> None:
        if self.side_choice == "mixed":
            for tile in self.game.tile_pairs()[::-1]:  # not reversed(): mypyc 2.4 fails on it here
                self._push(["tile-side", tile["number"]])

    def _step_tile_side(self, number: int) -> None:
        self._chance("tile-side", number=number)

    def edition_chance_outcomes(self, kind: str) -> list[tuple[str, float]]:
        if kind == "tile-side":
            return [("side red", 0.5), ("side green", 0.5)]
        return super().edition_chance_outcomes(kind)

    def _on_tile_side(self, node: Node, side: str) -> None:
        tile = next(t for t in self.game.tile_pairs() if t["number"] == node[3]["number"])
        self.tile_stacks[str(tile["level"])].append(tile[side])
        self.say(f"Wickedness tile {tile['number']} shows its {side} side: {self.game.tile(tile[side]).name}.",
                 self.rule("0.2.8"))

    # ----- Wickedness Points --------------------------------------------------------------
    def hook_numbers_resolved(self, m: MonsterState, c: dict[str, int]) -> None:
        gained = 0
        for face, points in (("1", 2), ("2", 1)):
            triples = c[face] // 3
            if triples and self.game.options["wickedness_per_triple"] == "first-triple":
                triples = 1
            gained += points * triples
        # ruling R10: the cards triggered by numbers run after the gauge moves and any tile
        # is taken, so they are collected by a step of their own (not here, before the tile)
        steps = self.gain_wickedness(m, gained) if gained else []
        self._push(*steps, ["numbers-cards", m.seat])

    def hook_numbers_ask(self, m: MonsterState) -> bool:
        """Ruling R41: the numbers would take ``m`` to a Wickedness level with a tile left to
        take there (a tile may change every other category: Skybeam, Antimatter Beam...)."""
        c = self.counts()
        gained = 0
        for face, points in (("1", 2), ("2", 1)):
            triples = c[face] // 3
            if triples and self.game.options["wickedness_per_triple"] == "first-triple":
                triples = 1
            gained += points * triples
        top = min(GAUGE_TOP, m.wickedness + gained)
        return any(m.wickedness < lv <= top and lv not in m.levels and self.tile_stacks[str(lv)]
                   for lv in LEVELS)

    def _step_numbers_cards(self, seat: int) -> None:
        m = self.monsters[seat]
        if m.alive:
            self._push(*self._collect("numbers", m, self.counts()))

    def gain_wickedness(self, m: MonsterState, n: int) -> list[Step]:
        """Move ``m`` up the gauge (capped at 10, ruling R3); return the tile choices due:
        one per level reached or passed, at most one tile per level."""
        old = m.wickedness
        m.wickedness = min(GAUGE_TOP, old + n)
        if m.wickedness == old:
            return []
        self.say(f"{self.name(m.seat)} gains {m.wickedness - old} Wickedness ({m.wickedness}).",
                 self.rule("2.2.4"))
        return [["tile-choice", m.seat, lv] for lv in LEVELS
                if old < lv <= m.wickedness and lv not in m.levels]

    def _step_tile_choice(self, seat: int, level: int) -> None:
        m = self.monsters[seat]
        if m.alive and level not in m.levels and self.tile_stacks[str(level)]:
            self._ask(seat, "tile", level=level)

    def _legal_tile(self, node: Node) -> list[str]:
        return [f"tile {t}" for t in self.tile_stacks[str(node[3]["level"])]] + ["pass"]

    def _do_tile(self, node: Node, text: str) -> None:
        m = self.monsters[node[1]]
        level = node[3]["level"]
        if text == "pass":
            self.say(f"{self.name(m.seat)} takes no Wickedness tile at level {level}.",
                     self.rule("2.2.6"))
            return
        tid = text.split()[1]
        self.tile_stacks[str(level)].remove(tid)
        m.levels.append(level)
        m.tiles.append(tid)
        self.say(f"{self.name(m.seat)} takes the Wickedness tile {self.game.tile(tid).name}.",
                 self.rule("2.2.5"))
        fn = self.effects.on_gain.get(tid)
        if fn:
            self._push(*(fn(self, m) or []))

    def hook_end_of_turn(self, m: MonsterState) -> list[Step]:
        """End of Turn: card effects (R6 order), then Poison tokens: 1 heart each."""
        return super().hook_end_of_turn(m) + self.poison_at_end(m)

    def discard_tile(self, m: MonsterState, tid: str) -> None:
        """A tile leaves play for good (tiles are never returned to the stacks)."""
        if tid in m.tiles:
            m.tiles.remove(tid)
            self.tiles_out.append(tid)
            if tid == "fluxling":
                self.end_copy(m)
            self.clip_hearts(m)

    def hook_discard_tiles(self, m: MonsterState) -> None:
        for tid in list(m.tiles):
            self.discard_tile(m, tid)

    # ----- data, clone, observation ----------------------------------------------------------
    def edition_data(self) -> dict[str, Any]:
        return {"tile_stacks": {k: list(v) for k, v in self.tile_stacks.items()},
                "tiles_out": list(self.tiles_out), "side_choice": self.side_choice}

    def edition_from_data(self, d: dict[str, Any]) -> None:
        self.tile_stacks = {k: list(v) for k, v in d["tile_stacks"].items()}
        self.tiles_out = list(d["tiles_out"])
        self.side_choice = d["side_choice"]

    def edition_clone_into(self, other: "DarkState") -> None:
        other.tile_stacks = {k: list(v) for k, v in self.tile_stacks.items()}
        other.tiles_out = list(self.tiles_out)
        other.side_choice = self.side_choice

    def edition_observation(self, seat: int | None) -> dict[str, Any]:
        return {"wickedness_tiles": {k: list(v) for k, v in self.tile_stacks.items()},
                "tiles_out": list(self.tiles_out)}


class DarkEditionGame(KotGame):
    """``kot-dark``: King of Tokyo Dark Edition for 2-6 monsters.

    Options (``tokyo games`` lists them): monsters, wickedness_side, two_player_variant,
    star_tie (R1), wickedness_per_triple (R2), death_from_above (R5), ask_always (R41),
    resolve_done (R42).
    """

    MONSTER_IDS: ClassVar[tuple[str, ...]] = ("alienoid", "the-king", "gigazaur", "meka-dragon", "cyber-bunny", "kraken")
    info = GameInfo(
        game_id="kot-dark", title="King of Tokyo: Dark Edition", min_players=2, max_players=6,
        default_players=4,
        options=(
            Option("monsters", (), "monsters by seat, comma separated (default: the board order)",
                   choices=MONSTER_IDS, kind="list"),
            Option("wickedness_side", "red", "which side of the Wickedness tiles is used (mixed: each tile at random)",
                   choices=("red", "green", "mixed")),
            Option("two_player_variant", False,
                   "2 players: entering or starting in Tokyo gives 1 energy instead of stars", kind="bool"),
            Option("star_tie", "shared", "several monsters at 20 stars at the end of a turn (ruling R1)",
                   choices=("shared", "most-stars")),
            Option("wickedness_per_triple", "each-triple",
                   "six 1s or 2s: Wickedness for each full triple, or for the first only (ruling R2)",
                   choices=("each-triple", "first-triple")),
            Option("death_from_above", "city", "Death From Above bought in Tokyo Bay (ruling R5)",
                   choices=("city", "stay")),
            Option("ask_always", False, "ask also the questions whose answer cannot change anything "
                   "(ruling R41: the resolve order); records made before the option replay with true",
                   kind="bool", legacy=True),
            Option("resolve_done", True, "with no dice left to resolve, offer done (go on) beside die-changing and "
                   "any-time cards, so none is ever forced (ruling R42); records made before the option replay "
                   "with false", kind="bool", legacy=False),
        ),
    )
    max_dice = 8  # six gray and two yellow dice

    def __init__(self, num_players: int, options: dict[str, Any]):
        super().__init__(num_players, options)
        self._names = {k: v.name for k, v in card_data.monsters(MONSTER_SET).items()}
        self._monsters = seat_monsters(self.MONSTER_IDS, num_players, options, self._names)
        self._cards = card_data.power_cards(POWER_SET)
        self._tiles = card_data.wickedness_tiles(TILE_SET)
        # log citations of card and tile effects, by the name the effects cite (KotState.say)
        gid = self.game_id
        self.citations = {c.name: f"{gid} card:{c.id} {c.name}" for c in self._cards.values()}
        self.citations.update({t.name: f"{gid} tile:{t.id} {t.name}" for t in self._tiles.values()})

    # ----- facts used by the engine --------------------------------------------------------
    def monster_ids(self) -> list[str]:
        return list(self._monsters)

    def monster_name(self, mid: str) -> str:
        return self._names[mid]

    def card(self, cid: str) -> PowerCard:
        return self._cards[cid]

    def tile(self, tid: str) -> WickednessTile:
        return self._tiles[tid]

    def tile_ids(self) -> list[str]:
        return list(self._tiles)

    def deck_counts(self) -> dict[str, int]:
        return {cid: c.copies for cid, c in self._cards.items()}

    def tile_pairs(self) -> list[dict[str, Any]]:
        """Each physical tile, by number: {"number": n, "level": 3, 6 or 10, "red": id, "green": id}."""
        pairs: dict[int, dict[str, Any]] = {}
        for t in self._tiles.values():
            pairs.setdefault(t.number, {"number": t.number, "level": t.level})[t.side] = t.id
        return [pairs[k] for k in sorted(pairs)]

    # ----- kernel ----------------------------------------------------------------------------
    def new_initial_state(self) -> DarkState:
        state = DarkState(self)
        state.start()
        return state

    def _new_blank_state(self) -> DarkState:
        return DarkState(self)

    @classmethod
    def catalogue(cls) -> list[dict[str, Any]]:
        out = card_data.power_catalogue(POWER_SET)
        title = card_data.set_title(TILE_SET)
        for t in sorted(card_data.wickedness_tiles(TILE_SET).values(), key=lambda t: (t.number, t.side != "red")):
            out.append({"set": title, "id": t.id, "name": t.name, "cost": None,
                        "type": f"WICKEDNESS {t.level} ({t.side})", "tile": t.number, "text": t.text,
                        "source": t.source, "rule_id": f"{cls.info.game_id} tile:{t.id}"})
        return out + card_data.monster_catalogue(MONSTER_SET)
