"""The ``storyline`` Game (competitive, 2-4 players) and the ``crisis-format`` Game (1-4
players and the opponent, storyline §22), both registered in tokyo.core.registry
(``load_game("crisis-format", 2)``). Tests may build them with their own cards:
``StorylineGame(2, {}, cards=load_card_set(dir))``. Both play by one rules page,
docs/rules/storyline.md (``GameInfo.rules``)."""

from __future__ import annotations

from ...core.errors import OptionError
from ...core.options import GameInfo, Option, validate_options
from ...core.state import Game
from .cards import default_card_set
from .state import StorylineState


class StorylineGame(Game):
    """Storyline for 2-4 players (storyline 1.1.1). Options (storyline 1.8, ruling S15):
    target, act_rounds, acts, first_player (``random`` or a seat), decks (comma-separated
    shipped deck ids, one per seat; empty: each chosen at random, storyline 5.1.3)."""

    info = GameInfo(
        game_id="storyline", title="Storyline", min_players=2, max_players=4, default_players=2,
        options=(
            Option("target", 5, "Story Points that win (storyline 15.7.1)", kind="int", minimum=1, maximum=100),
            Option("act_rounds", 4, "rounds in an Act (storyline 8.11.2)", kind="int", minimum=1, maximum=100),
            Option("acts", 5, "Acts after which the game ends (storyline 21.3.1)", kind="int", minimum=1,
                   maximum=100),
            Option("first_player", "random", "seat taking the first turn, or random (storyline 5.6.1)"),
            Option("decks", "", "shipped deck id per seat, comma-separated; empty: at random (storyline 5.1)"),
        ),
    )

    def __init__(self, num_players: int, options: dict | None = None, cards: dict | None = None):
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
        self.faces: dict[tuple[str, str], dict] = {
            (cid, fname): f for cid, c in self.cards["cards"].items() for fname, f in c["faces"].items()}
        self.statics: dict[tuple[str, str], list] = {}
        for key, f in self.faces.items():
            st = [(i, a) for i, a in enumerate(f["abilities"]) if a["kind"] == "static"]
            if st:
                self.statics[key] = st
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

    def new_initial_state(self) -> StorylineState:
        state = StorylineState(self)
        state.start()
        return state

    def _new_blank_state(self) -> StorylineState:
        return StorylineState(self)


class CrisisFormatGame(StorylineGame):
    """The Crisis Format (storyline 1.1.2, 22): 1-4 players and the opponent. ``num_players``
    is the number of players; with ``opponent=seat`` the game has one more seat, the last
    (``opp_seat``), whose decisions are the opponent's random choices (storyline 22.2.7).
    Options (storyline 1.8): act_rounds, acts, first_player, decks, opponent (auto or
    seat), crises (comma-separated Crisis Storyline ids, one per player; empty: at random,
    ruling S1). ``target`` is not used (storyline 1.8.1)."""

    info = GameInfo(
        game_id="crisis-format", title="Storyline: the Crisis Format", min_players=1, max_players=4,
        default_players=2, rules="storyline",   # storyline 22: the format is a section of the Storyline rules
        options=(
            Option("act_rounds", 4, "rounds in an Act (storyline 8.11.2)", kind="int", minimum=1, maximum=100),
            Option("acts", 5, "Acts after which the game ends in a draw (storyline 21.3.2)", kind="int", minimum=1,
                   maximum=100),
            Option("first_player", "random", "seat taking the first turn, or random (storyline 5.6.1)"),
            Option("decks", "", "shipped deck id per player, comma-separated; empty: at random (storyline 5.1)"),
            Option("opponent", "auto", "auto: the opponent's choices at random; seat: a person makes them "
                   "(storyline 22.2.5)", choices=("auto", "seat")),
            Option("crises", "", "Crisis Storyline ids, one per player; empty: at random (ruling S1)"),
        ),
    )

    def __init__(self, num_players: int, options: dict | None = None, cards: dict | None = None):
        super().__init__(num_players, options, cards)
        if self.options["opponent"] == "seat":
            self.num_players = num_players + 1   # the opponent's seat, last (storyline 22.2.5)
            self.opp_seat: int | None = num_players
        else:
            self.opp_seat = None
        known = self.cards["crises"]
        self.crisis_ids: list[str] = [c.strip() for c in self.options["crises"].split(",") if c.strip()]
        if self.crisis_ids and (len(self.crisis_ids) != num_players or len(set(self.crisis_ids)) != num_players
                                or any(c not in known for c in self.crisis_ids)):
            raise OptionError(f"option 'crises': {self.options['crises']!r} is not allowed; allowed: {num_players} "
                              f"different Crisis Storyline ids among {', '.join(known)}")
        if len(known) < num_players:
            raise OptionError(f"{num_players} players need {num_players} Crisis Storylines (storyline 22.1.1)")

    def new_initial_state(self):
        from .crisis import CrisisState
        state = CrisisState(self)
        state.start()
        return state

    def _new_blank_state(self):
        from .crisis import CrisisState
        return CrisisState(self)
