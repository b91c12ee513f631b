"""The ``crisis-tokyo`` Game: players 2-5 and the rulebook's options."""

from __future__ import annotations

import random
from typing import Any

from ...core.options import GameInfo, Option
from ...core.state import Game, State
from ...core.tensor import TensorWriter
from .cards import POWER_NAMES, Card, CardSet, card_set
from .effects import ops_facts_table
from .encoding import CrisisEncoding
from .state import CrisisState

DRAGONS = {
    # each power is superior to the next two (read tail to head); see docs/rulings.md C1
    "A": ("martial", "tech", "monster", "fire", "mystic"),
    "B": ("martial", "monster", "tech", "fire", "mystic"),
}


class CrisisTokyoGame(Game):
    """Crisis: Tokyo for 2-5 players. Options: districts_to_win, dragon, resources,
    collateral_damage, brute_force, turn_limit, ask_always (C25)."""

    info = GameInfo(
        game_id="crisis-tokyo", title="Crisis: Tokyo", min_players=2, max_players=5, default_players=4,
        options=(
            Option("districts_to_win", 4, "Districts a player needs to win", kind="int", minimum=1, maximum=10),
            Option("dragon", "A", "order of the Dragon (ruling C1): A = the rulebook's listing order",
                   choices=("A", "B")),
            Option("defence_order", "right",
                   "who is offered the defence first (ruling C2): right = from the attacker's right, "
                   "against the turn order, as the rules say; left = in turn order, as the example plays",
                   choices=("right", "left")),
            Option("resources", False, "optional rule: draw a card at the start of your turn", kind="bool"),
            Option("collateral_damage", False, "optional rule: any power may level the District", kind="bool"),
            Option("brute_force", False, "optional rule: 8+ spheres level any District", kind="bool"),
            Option("turn_limit", 500, "after this many turns the game ends: most Districts wins (ruling C10)",
                   kind="int", minimum=10, maximum=100000),
            Option("ask_always", False, "ask also the questions with a single possible answer (ruling C25); "
                   "records made before the option replay with true", kind="bool", legacy=True),
        ),
    )

    cards: CardSet
    dragon: tuple[str, ...]
    beats: dict[str, tuple[str, str]]
    halves: dict[tuple[str, str], Card]
    outcome_texts: dict[str, dict[str, str]]
    ops_facts: dict[int, tuple[bool, bool, bool]]
    encoding: CrisisEncoding

    def __init__(self, num_players: int, options: dict[str, Any]):
        super().__init__(num_players, options)
        self.cards = card_set()
        self.dragon = DRAGONS[options["dragon"]]
        # each power -> the two powers it is tactically superior to (the next two in the Dragon)
        self.beats = {p: (self.dragon[(i + 1) % 5], self.dragon[(i + 2) % 5]) for i, p in enumerate(self.dragon)}
        # every card half by (card id, half): threat and hero of Characters, a and b of Events
        self.halves = {(cid, which): card[which] for kind, whichs in (("character", ("threat", "hero")),
                                                                      ("event", ("a", "b")))
                       for cid, card in self.cards[kind].items() for which in whichs}
        # the texts of the chance outcomes that draw or reveal a card: {"draw"|"reveal": {id: text}}
        ids = [cid for kind in ("character", "event", "district") for cid in self.cards[kind]]
        self.outcome_texts = {prefix: {cid: f"{prefix} {cid}" for cid in ids} for prefix in ("draw", "reveal")}
        # what the text of each card's ops says of their use (effects.ops_possible asks)
        self.ops_facts = ops_facts_table(self.cards)
        # action and chance indices, observation tensor (docs/notation.md, "Action indices")
        self.encoding = CrisisEncoding(num_players, self.cards, self.options)

    def half(self, cid: str, which: str) -> Card:
        """Half ``which`` (threat, hero, a, b) of Character or Event card ``cid``."""
        return self.halves[cid, which]

    def new_initial_state(self) -> CrisisState:
        state = CrisisState(self)
        state.start()
        return state

    def _new_blank_state(self) -> CrisisState:
        return CrisisState(self)

    # ----- action indices and observation tensors (encoding.py) -------------------------
    def num_distinct_actions(self) -> int:
        return self.encoding.total

    def max_chance_outcomes(self) -> int:
        return self.encoding.max_chance_outcomes()

    def action_index(self, state: State, text: str) -> int:
        assert isinstance(state, CrisisState)
        return self.encoding.action_index(state, text)

    def chance_index(self, state: State, text: str) -> int:
        return self.encoding.chance_index(text)

    def observation_pieces(self) -> list[tuple[str, tuple[int, ...]]]:
        return list(self.encoding.pieces)

    def write_observation_tensor(self, observation: dict[str, Any], seat: int, writer: TensorWriter) -> None:
        self.encoding.write_tensor(observation, seat, writer)

    @classmethod
    def catalogue(cls) -> list[dict[str, Any]]:
        cs = card_set()
        out: list[dict[str, Any]] = []

        def sph(d: dict[str, int]) -> str:
            if not d:
                return "grey"
            return ", ".join(f"{v} {'wildcard' if k == 'wild' else POWER_NAMES[k]}" for k, v in d.items())

        for d in cs["district"].values():
            res = f"{d['white']} white" if "white" in d else sph(d.get("resistance", {}))
            out.append({"set": "Districts", "id": d["id"], "name": d["name"], "cost": None, "type": "DISTRICT",
                        "text": f"Resistance: {res}. {d.get('text', '')}".strip(), "source": d.get("source", "")})
        for c in cs["character"].values():
            for which in ("threat", "hero"):
                h = c[which]
                out.append({"set": "Characters", "id": f"{c['id']}:{which}", "name": h["name"], "cost": None,
                            "type": which.upper(), "text": f"[{sph(h.get('spheres', {}))}] {h.get('text', '')}",
                            "source": c.get("source", h.get("source", ""))})
        for e in cs["event"].values():
            for which in ("a", "b"):
                h = e[which]
                entry = {"set": "Events", "id": f"{e['id']}:{which}", "name": h["name"], "cost": None,
                         "type": h["kind"].upper(), "text": h.get("text", ""),
                         "source": e.get("source", h.get("source", ""))}
                if h["kind"] == "gift":
                    # what the Gift gives, as data, for clients to say it in words: the spheres
                    # its host gains, the kind of Character it goes on, the Talents it grants
                    entry["gift"] = {"spheres": dict(h.get("spheres", {})), "host": h.get("host", "any"),
                                     "talents": [t["name"] for t in h.get("talents", [])]}
                out.append(entry)
        return out


def favor_of_the_gods(players: int, rng: random.Random) -> int:
    """The rulebook's random arbiter (Final Notes / The Favor of the Gods): spin the card,
    get a seat from 0 to ``players - 1``, each equally likely. The engine uses the same
    device, as the chance node ``first <seat>``, to choose the first player; a table may
    use this function to settle a question the rules leave open (``rng``: random.Random)."""
    if players < 1:
        raise ValueError("the Favor of the Gods needs at least one player")
    return rng.randrange(players)
