"""The ``storyline`` Game (competitive, 2-4 players) and the ``crisis-format`` Game (1-4
players and the opponent, storyline §22), both registered in tokyo.core.registry
(``load_game("crisis-format", 2)``). Tests may build them with their own cards:
``StorylineGame(2, {}, cards=load_card_set(dir))``. Both play by one rules page,
docs/rules/storyline.md (``GameInfo.rules``)."""

from __future__ import annotations

import sys

from ...core.errors import OptionError
from ...core.options import GameInfo, Option, validate_options
from ...core.state import Game, State
from ...core.tensor import TensorWriter
from typing import TYPE_CHECKING, Any

from .cards import Ability, Card, CardSet, Face, PrintedFace, default_card_set
from .encoding import Encoding
from .state import StorylineState

if TYPE_CHECKING:
    from .crisis import CrisisState


def _shipped_ids(kind: str) -> str:
    """The shipped deck or Crisis Storyline ids, for the options' help (tokyo games, the lobby)."""
    cards = default_card_set()
    return ", ".join(sorted(cards["decks"]) if kind == "decks" else sorted(cards["crises"]))


# storyline 5.6.2, ruling S47: what the later players in turn order get for not playing first
# (the last, round, is about the competitive target: not a choice of the Crisis Format)
CATCH_UP_CHOICES = ("none", "skip_draw", "treasury", "card", "round")
CATCH_UP_DEFAULT = "treasury"
CATCH_UP_HELP = ("what makes up for playing later in turn order (storyline 5.6.2, ruling S47): none; "
                 "treasury: the later players gain Treasury at setup (2 players: 5; 3: 3 and 6; 4: 2, 4 "
                 "and 6); card: 1 more card per place, drawn after the mulligans; skip_draw: the first "
                 "player skips their first Draw step; round: the round is played out when a total "
                 "reaches the target (competitive game only); records made before the option replay "
                 "with none")


class StorylineGame(Game):
    """Storyline for 2-4 players (storyline 1.1.1). Options (storyline 1.8, ruling S15):
    target, act_rounds, acts, first_player (``random`` or a seat), catch_up (storyline 5.6.2,
    ruling S47), decks (comma-separated shipped deck ids, one per seat; empty: each chosen at
    random, storyline 5.1.3)."""

    info = GameInfo(
        game_id="storyline", title="Storyline", min_players=2, max_players=4, default_players=2,
        options=(
            Option("target", 5, "Story Points that win (storyline 15.7.1)", kind="int", minimum=1, maximum=100),
            Option("act_rounds", 4, "rounds in an Act (storyline 8.11.2)", kind="int", minimum=1, maximum=100),
            Option("acts", 5, "Acts after which the game ends (storyline 21.3.1)", kind="int", minimum=1,
                   maximum=100),
            Option("first_player", "random", "random, or the seat (0, 1, ...) taking the first turn (storyline 5.6.1)"),
            Option("catch_up", CATCH_UP_DEFAULT, CATCH_UP_HELP, choices=CATCH_UP_CHOICES, legacy="none"),
            Option("decks", "", "deck id per seat, comma-separated, from: " + _shipped_ids("decks")
                   + "; empty: at random (storyline 5.1)"),
            Option("ask_always", False, "ask also a choice among cards that would all be left as they are "
                   "(ruling S44); records made before the option replay with true", kind="bool", legacy=True),
        ),
    )

    def __init__(self, num_players: int, options: dict[str, Any] | None = None,
                 cards: CardSet | None = None) -> None:
        info = self.info
        if not info.min_players <= num_players <= info.max_players:
            raise OptionError(f"{info.game_id} is played by {info.min_players} to {info.max_players} players, "
                              f"not {num_players} (storyline {'1.1.2' if info.min_players == 1 else '1.1.1'})")
        opts = validate_options(info, options or {})
        super().__init__(num_players, opts)
        self.n_players = num_players   # players (in the Crisis Format, without the opponent's seat)
        self.cards = cards if cards is not None else default_card_set()
        # indexes of the card set, built once per game (the engine asks for faces and for
        # static abilities on every characteristic it reads, storyline 2.14.1)
        self.faces: dict[tuple[str, str], Face] = {
            (cid, fname): f for cid, c in self.cards["cards"].items() for fname, f in c["faces"].items()}
        self.statics: dict[tuple[str, str], list[tuple[int, Ability]]] = {}
        for key, f in self.faces.items():
            st = [(i, a) for i, a in enumerate(f["abilities"]) if a["kind"] == "static"]
            if st:
                self.statics[key] = st
        # the same faces as typed records, by card id (front and back): what the engine
        # reads on every step (StorylineState.printed)
        # (ids interned, as the Map's are: StorylineState.enter)
        self.fronts: dict[str, PrintedFace] = {}
        self.backs: dict[str, PrintedFace] = {}
        for cid, c in self.cards["cards"].items():
            self.fronts[sys.intern(cid)] = PrintedFace(c, c["faces"]["front"])
            if "back" in c["faces"]:
                self.backs[sys.intern(cid)] = PrintedFace(c, c["faces"]["back"])
        # the cards with a face whose static abilities change a characteristic (storyline 7.2)
        self.static_ids: set[str] = {cid for cid, f in [*self.fronts.items(), *self.backs.items()] if f.changes}
        # the Crisis Format's (CrisisFormatGame): the opponent's seat and the Crisis
        # Storylines named by option; none in the competitive game
        self.opp_seat: int | None = None
        self.crisis_ids: list[str] = []
        fp = opts["first_player"]
        if fp != "random" and not (fp.isdigit() and int(fp) < num_players):
            raise OptionError(f"option 'first_player': {fp!r} is not allowed; allowed: random or a seat "
                              f"from 0 to {num_players - 1}")
        self.seat_decks: list[str] = [d.strip() for d in opts["decks"].split(",") if d.strip()]
        if self.seat_decks:
            known = list(self.cards["decks"])
            if (len(self.seat_decks) != num_players or len(set(self.seat_decks)) != num_players
                    or any(d not in known for d in self.seat_decks)):
                raise OptionError(f"option 'decks': {opts['decks']!r} is not allowed; allowed: {num_players} "
                                  f"different deck ids among {', '.join(known)}")
        if len(self.cards["decks"]) < num_players:
            raise OptionError(f"{num_players} players need {num_players} shipped decks (storyline 5.1.3)")
        self._encoding: Encoding | None = None   # built when first asked (encoding.py)

    def new_initial_state(self) -> StorylineState:
        state = StorylineState(self)
        state.start()
        return state

    def _new_blank_state(self) -> StorylineState:
        return StorylineState(self)

    # ----- action indices and observation tensors (encoding.py; docs/notation.md) ------------
    def encoding(self) -> Encoding:
        """The numbering and tensor layout of this game (the same for both game ids at one
        number of players), built when first asked."""
        enc = self._encoding
        if enc is None:
            enc = self._encoding = Encoding(self)
        return enc

    def num_distinct_actions(self) -> int:
        return self.encoding().num_actions

    def max_chance_outcomes(self) -> int:
        return self.encoding().num_chance

    def action_index(self, state: State, text: str) -> int:
        assert isinstance(state, StorylineState), "a state of this game"
        return self.encoding().action_index(state, text)

    def chance_index(self, state: State, text: str) -> int:
        assert isinstance(state, StorylineState), "a state of this game"
        return self.encoding().chance_index(state, text)

    def observation_pieces(self) -> list[tuple[str, tuple[int, ...]]]:
        return list(self.encoding().pieces)

    def observation_tensor_size(self) -> int:
        return self.encoding().size

    TENSOR_IN_SEQUENCE = False  # the encoding writes at the pieces' offsets

    def write_observation_tensor(self, observation: dict[str, Any], seat: int, writer: TensorWriter) -> None:
        self.encoding().write_tensor(observation, seat, writer)

    @classmethod
    def catalogue(cls) -> list[dict[str, Any]]:
        """The four faction decks (each Homeworld, then its deck) and the Drones."""
        return catalogue_entries(crisis=False)


SET_NAMES = {"drones": "Drones", "crisis": "The Crisis set"}   # the [set] names of drones.toml, crisis_storylines.toml


def catalogue_entries(crisis: bool) -> list[dict[str, Any]]:
    """``tokyo cards`` for ``storyline`` (``crisis=False``) and ``crisis-format`` (the same and
    the Crisis set). One entry per face: a double-faced card (a Storyline) gives its front,
    id ``<card id>``, and its back, id ``<card id>:back``. ``set`` is the data file's set
    (the deck id for a faction), ``copies`` the copies in the deck (1 for a Homeworld, a
    Drone or a Crisis card), ``rule_id`` the statement ``storyline card:<id>`` for both game
    ids: the two play by one rules page, docs/rules/storyline.md."""
    from .render import face_text, type_words
    cs = default_card_set()
    by_set: dict[str, list[Card]] = {}
    for c in cs["cards"].values():
        by_set.setdefault(c["set"], []).append(c)
    order = [d["set"] for d in cs["decks"].values()] + ["drones"] + (["crisis"] if crisis else [])
    names = {d["set"]: d["name"] for d in cs["decks"].values()} | SET_NAMES
    out: list[dict[str, Any]] = []
    for set_id in order:
        cards = sorted(by_set.get(set_id, []), key=lambda c: not c["homeworld"])   # the Homeworld first
        for c in cards:
            for which, f in c["faces"].items():
                eid = c["id"] if which == "front" else f"{c['id']}:back"
                printed = f["type"] not in ("storyline", "epilogue") or (f["type"] == "storyline" and c["set"] != "crisis")
                out.append({"set": set_id, "set_name": names.get(set_id, set_id), "id": eid, "name": f["name"], "cost": f["cost"] if printed else None,
                            "type": type_words(c, which), "text": face_text(c, which),
                            "copies": c["copies"] or 1, "face": which, "deck": c["deck"],
                            "source": "original design", "rule_id": f"storyline card:{eid}"})
    return out


def scaled_chapter_ends(cards: CardSet, players: int) -> CardSet:
    """Ruling S45, option ``chapter_ends=scaled``: the card set with each Crisis Storyline's
    Chapter ends (tuned for 2 players) multiplied by ``players`` / 2 and rounded up, each at
    least one more than the Chapter before. A Crisis takes one Time counter in each
    opponent turn, N per round (storyline 22.4.1), so this keeps its clock at the same
    number of rounds whatever N. A copy: the shipped set (and every other card) is left
    as it is."""
    out = cards.copy()
    out["cards"] = dict(cards["cards"])
    for cid in cards["crises"]:
        card = dict(cards["cards"][cid])
        faces = dict(card["faces"])
        front = dict(faces["front"])
        chapters, last = [], 0
        for ch in front["chapters"]:
            end = max(-(-int(ch["end"]) * players // 2), last + 1)
            chapters.append(dict(ch, end=end))
            last = end
        front["chapters"] = chapters
        faces["front"] = front
        card["faces"] = faces
        out["cards"][cid] = card
    return out


class CrisisFormatGame(StorylineGame):
    """The Crisis Format (storyline 1.1.2, 22): 1-4 players and the opponent. ``num_players``
    is the number of players; with ``opponent=seat`` the game has one more seat, the last
    (``opp_seat``), whose decisions are the opponent's random choices (storyline 22.2.7).
    Options (storyline 1.8): act_rounds, acts, first_player, decks, opponent (auto or
    seat), crises (comma-separated Crisis Storyline ids, one per player; empty: at random,
    ruling S1), chapter_ends (scaled or printed, ruling S45: :func:`scaled_chapter_ends`). ``target`` is not used (storyline 1.8.1)."""

    info = GameInfo(
        game_id="crisis-format", title="Storyline: the Crisis Format", min_players=1, max_players=4,
        default_players=2, rules="storyline",   # storyline 22: the format is a section of the Storyline rules
        options=(
            Option("act_rounds", 4, "rounds in an Act (storyline 8.11.2)", kind="int", minimum=1, maximum=100),
            Option("acts", 5, "Acts after which the game ends in a draw (storyline 21.3.2)", kind="int", minimum=1,
                   maximum=100),
            Option("first_player", "random", "random, or the seat (0, 1, ...) taking the first turn (storyline 5.6.1)"),
            Option("catch_up", "none", CATCH_UP_HELP.replace(
                "; round: the round is played out when a total reaches the target (competitive game only)", ""),
                choices=CATCH_UP_CHOICES[:-1], legacy="none"),
            Option("decks", "", "deck id per player, comma-separated, from: " + _shipped_ids("decks")
                   + "; empty: at random (storyline 5.1)"),
            Option("opponent", "auto", "auto: the opponent's choices at random; seat: a person makes them "
                   "(storyline 22.2.5)", choices=("auto", "seat")),
            Option("crises", "", "Crisis Storyline ids, one per player, comma-separated, from: "
                   + _shipped_ids("crises") + "; empty: at random (ruling S1)"),
            Option("ask_always", False, "ask (or pick at random) also a choice among cards that would all be "
                   "left as they are (ruling S44); records made before the option replay with true",
                   kind="bool", legacy=True),
            Option("chapter_ends", "printed", "printed: the Crisis Storylines' Chapter ends as printed at every "
                   "player count; scaled: times N/2 rounded up, so that a Crisis flips after as many rounds as at "
                   "2 players (ruling S45)", choices=("printed", "scaled")),
        ),
    )

    def __init__(self, num_players: int, options: dict[str, Any] | None = None,
                 cards: CardSet | None = None) -> None:
        # ruling S45 (the option's value is checked by StorylineGame.__init__ below)
        if (options or {}).get("chapter_ends") == "scaled" and num_players != 2:
            cards = scaled_chapter_ends(cards if cards is not None else default_card_set(), num_players)
        super().__init__(num_players, options, cards)
        if self.options["opponent"] == "seat":
            self.num_players = num_players + 1   # the opponent's seat, last (storyline 22.2.5)
            self.opp_seat = num_players
        else:
            self.opp_seat = None
        known = self.cards["crises"]
        self.crisis_ids = [c.strip() for c in self.options["crises"].split(",") if c.strip()]
        if self.crisis_ids and (len(self.crisis_ids) != num_players or len(set(self.crisis_ids)) != num_players
                                or any(c not in known for c in self.crisis_ids)):
            want = "one Crisis Storyline id" if num_players == 1 else f"{num_players} different Crisis Storyline ids"
            raise OptionError(f"option 'crises': {self.options['crises']!r} is not allowed; allowed: {want} "
                              f"(one per player) among {', '.join(known)}")
        if len(known) < num_players:
            raise OptionError(f"{num_players} players need {num_players} Crisis Storylines (storyline 22.1.1)")

    def seat_roles(self) -> list[str]:
        """storyline 22.2.5: with ``opponent=seat`` the last seat makes the opponent's choices."""
        return ["player"] * self.n_players + (["opponent"] if self.opp_seat is not None else [])

    def new_initial_state(self) -> CrisisState:
        from .crisis import CrisisState
        state = CrisisState(self)
        state.start()
        return state

    def _new_blank_state(self) -> CrisisState:
        from .crisis import CrisisState
        return CrisisState(self)

    @classmethod
    def catalogue(cls) -> list[dict[str, Any]]:
        """The competitive game's cards, then the Crisis set: the six Crisis Storylines (both
        faces each) and the Neural Parasite."""
        return catalogue_entries(crisis=True)
