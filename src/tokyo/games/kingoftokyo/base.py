"""King of Tokyo, the base game (2nd edition, 2016) (``kot``).

The base game is the Dark Edition's turn and Tokyo rules without Wickedness (no gauge, no
tiles), with its own Power card set (data/base_power_cards.toml, effects in
base_powers.py: most shared with the Dark Edition), Poison, Shrink Ray and Smoke tokens,
the Mimic token, and six monsters of its own. Rule statements: docs/rules/kot.md
(numbered as kot-dark's where the rules are the same); rulings B1-B15 in docs/rulings.md.
"""

from __future__ import annotations

from typing import Any, ClassVar

from ...core.machine import Step
from ...core.options import GameInfo, Option
from . import cards as card_data
from .base_powers import BASE
from .cards import PowerCard
from .engine import KotGame, KotState, MonsterState, seat_monsters
from .powers import stored_key
from .rulebook import BASE_SECTIONS

POWER_SET = "base_power_cards.toml"
MONSTER_SET = "base_monsters.toml"


class BaseState(KotState["BaseGame"]):
    """A base game position: the shared machine, Poison at the end of a turn, and Frenzy's
    timing (option ``frenzy``, ruling B9)."""

    effects = BASE
    RULEBOOK = BASE_SECTIONS
    RULE_KEYS = {"R41": "B11", "R7": "B1"}
    # ruling B11 (as kot-dark R41): no card of the base game acts back on the active monster
    # during its own Smash, and none reads its own stars then
    SMASH_FEEDBACK = frozenset()
    READS_OWN_STARS = frozenset()
    HEARTS_REACH_OTHERS = frozenset({"healing-ray"})

    def hook_end_of_turn(self, m: MonsterState) -> list[Step]:
        """End of Turn: card effects (R6 order), then Poison tokens (1 heart each); none of
        it after a Frenzy bought this turn with ``frenzy=at-once`` (ruling B9)."""
        if self.marks.get("turn-frenzy-at-once"):
            self.say(f"{self.name(m.seat)}'s extra turn starts at once: no End of Turn effects.", "Frenzy")
            return []
        return super().hook_end_of_turn(m) + self.poison_at_end(m)

    def edition_observation(self, seat: int | None) -> dict[str, Any]:
        """``stored_energy``: per seat, the energy on its Battery Monster (or its copy; 0: none)."""
        return {"stored_energy": [int(self.marks.get(stored_key("battery-monster", m.seat), 0))
                                  for m in self.monsters]}


class BaseGame(KotGame):
    """``kot``: King of Tokyo (2nd edition) for 2-6 monsters.

    Options (``tokyo games`` lists them): monsters, two_player_variant, star_tie (B1: as
    R1), death_from_above (B1: as R5), frenzy (B9), ask_always (B11), resolve_done (B1: as R42).
    """

    MONSTER_IDS: ClassVar[tuple[str, ...]] = ("alienoid", "the-king", "gigazaur", "meka-dragon", "cyber-kitty",
                                              "space-penguin")
    info = GameInfo(
        game_id="kot", title="King of Tokyo", min_players=2, max_players=6, default_players=4,
        options=(
            Option("monsters", (), "monsters by seat, comma separated (default: the board order)",
                   choices=MONSTER_IDS, kind="list"),
            Option("two_player_variant", False,
                   "2 players: entering or starting in Tokyo gives 1 energy instead of stars", kind="bool"),
            Option("star_tie", "shared", "several monsters at 20 stars at the end of a turn (ruling B1, as R1)",
                   choices=("shared", "most-stars")),
            Option("death_from_above", "city", "Death From Above bought in Tokyo Bay (ruling B1, as R5)",
                   choices=("city", "stay")),
            Option("frenzy", "after-turn", "Frenzy's extra turn: after this turn's End of Turn, or at once without "
                   "it (ruling B9)", choices=("after-turn", "at-once")),
            Option("ask_always", False, "ask also the questions whose answer cannot change anything "
                   "(ruling B11: the resolve order)", kind="bool"),
            Option("resolve_done", True, "with no dice left to resolve, offer done (go on) beside die-changing and "
                   "any-time cards, so none is ever forced (ruling B1, as R42)", kind="bool"),
        ),
    )
    max_dice = 8  # six black and two green dice

    def __init__(self, num_players: int, options: dict[str, Any]):
        super().__init__(num_players, options)
        self._names = {k: v.name for k, v in card_data.monsters(MONSTER_SET).items()}
        self._monsters = seat_monsters(self.MONSTER_IDS, num_players, options, self._names)
        self._cards = card_data.power_cards(POWER_SET)
        gid = self.game_id
        self.citations = {c.name: f"{gid} card:{c.id} {c.name}" for c in self._cards.values()}

    def monster_ids(self) -> list[str]:
        return list(self._monsters)

    def monster_name(self, mid: str) -> str:
        return self._names[mid]

    def card(self, cid: str) -> PowerCard:
        return self._cards[cid]

    def deck_counts(self) -> dict[str, int]:
        return {cid: c.copies for cid, c in self._cards.items()}

    def new_initial_state(self) -> BaseState:
        state = BaseState(self)
        state.start()
        return state

    def _new_blank_state(self) -> BaseState:
        return BaseState(self)

    @classmethod
    def catalogue(cls) -> list[dict[str, Any]]:
        return card_data.power_catalogue(POWER_SET) + card_data.monster_catalogue(MONSTER_SET)
