"""A toy game for kernel and command-line tests: Pig, a 2-3 player dice race.

On your turn the die is rolled (a chance node, outcome ``roll k``). Unless you rolled a
1 (which loses this turn's points and ends the turn when ``one_ends_turn``), you then
choose ``roll`` (roll again) or ``hold`` (bank this turn's points, next player). The
first to reach ``target`` points wins at once. With ``max_turns`` > 0 the game stops
after that many turns with no winner.

It implements every hook of the kernel contract (tokyo.core.State / Game), including
JSON data, clone, observation and render, so tests can check the kernel and the CLI
without any real game. Register it with :func:`register`.
"""

from __future__ import annotations

from tokyo.core import CHANCE, TERMINAL, Event, Game, GameInfo, Option, State, TensorWriter, register_game

GAME_ID = "toy-pig"
RULE = "Pig"

INFO = GameInfo(GAME_ID, "Pig (a toy dice race for tests)", 2, 3, 2, (
    Option("target", 20, "points needed to win", kind="int", minimum=5, maximum=100),
    Option("die", "d6", "the die rolled", choices=("d4", "d6")),
    Option("one_ends_turn", True, "a 1 loses the turn's points and ends the turn", kind="bool"),
    Option("max_turns", 0, "stop with no winner after this many turns (0: no limit)", kind="int",
           minimum=0, maximum=10_000),
))


class PigState(State):
    def __init__(self, game: "PigGame"):
        super().__init__(game)
        self.scores = [0] * game.num_players
        self.player = 0
        self.turn_total = 0
        self.awaiting_roll = True   # a chance node: the die is to be rolled
        self.over = False
        self.winner: int | None = None
        self.turn_count = 1

    # ----- kernel hooks ---------------------------------------------------------------
    def _current_player(self) -> int:
        if self.over:
            return TERMINAL
        return CHANCE if self.awaiting_roll else self.player

    def _legal_texts(self) -> list[str]:
        return ["roll", "hold"]

    def _chance_outcomes(self) -> list[tuple[str, float]]:
        faces = self.game.faces
        return [(f"roll {k}", 1.0 / faces) for k in range(1, faces + 1)]

    def canonical_text(self, text: str) -> str:
        return " ".join(text.lower().split())

    def _apply(self, text: str) -> None:
        opts = self.game.options
        if self.awaiting_roll:
            k = int(text.split()[1])
            self.awaiting_roll = False
            if k == 1 and opts["one_ends_turn"]:
                self.add_event(Event(f"Seat {self.player} rolls a 1 and loses {self.turn_total} points.",
                                      f"{RULE} / Roll / One"))
                self.turn_total = 0
                self._next_turn()
                return
            self.turn_total += k
            self.add_event(Event(f"Seat {self.player} rolls {k} (turn total {self.turn_total}).",
                                  f"{RULE} / Roll"))
            if self.scores[self.player] + self.turn_total >= opts["target"]:
                self.scores[self.player] += self.turn_total
                self.turn_total = 0
                self.over = True
                self.winner = self.player
                self.add_event(Event(f"Seat {self.player} reaches {self.scores[self.player]} and wins.",
                                      f"{RULE} / Victory"))
        elif text == "roll":
            self.awaiting_roll = True
            self.add_event(Event(f"Seat {self.player} rolls again.", f"{RULE} / Turn / Roll"))
        else:  # hold
            self.scores[self.player] += self.turn_total
            self.add_event(Event(f"Seat {self.player} holds {self.turn_total}; score {self.scores[self.player]}.",
                                  f"{RULE} / Turn / Hold"))
            self.turn_total = 0
            self._next_turn()

    def _next_turn(self) -> None:
        limit = self.game.options["max_turns"]
        if limit and self.turn_count >= limit:
            self.over = True
            self.add_event(Event(f"Turn limit {limit} reached: nobody wins.", f"{RULE} / Turn limit"))
            return
        self.player = (self.player + 1) % self.game.num_players
        self.turn_count += 1
        self.awaiting_roll = True

    def _returns(self) -> list[float]:
        return [1.0 if i == self.winner else 0.0 for i in range(self.game.num_players)]

    def observation(self, seat: int | None) -> dict:
        return {"scores": list(self.scores), "player": self.player, "turn_total": self.turn_total,
                "awaiting_roll": self.awaiting_roll, "over": self.over, "winner": self.winner,
                "turn": self.turn_count, "target": self.game.options["target"], "seat": seat}

    def render(self, seat: int | None) -> str:
        lines = [f"Pig to {self.game.options['target']} - turn {self.turn_count}"]
        for i, score in enumerate(self.scores):
            mark = ">" if i == self.player and not self.over else " "
            you = " (you)" if i == seat else ""
            lines.append(f"{mark} seat {i}{you}: {score}")
        lines.append(f"turn total: {self.turn_total}")
        return "\n".join(lines)

    def record_extra(self) -> dict:
        return {"win_by": "points"} if self.winner is not None else {}

    def _to_data(self) -> dict:
        return {"scores": list(self.scores), "player": self.player, "turn_total": self.turn_total,
                "awaiting_roll": self.awaiting_roll, "over": self.over, "winner": self.winner,
                "turn_count": self.turn_count}

    def _from_data(self, data: dict) -> None:
        if not isinstance(data, dict):
            raise TypeError("state data must be an object")
        scores = data["scores"]
        if not isinstance(scores, list) or len(scores) != self.game.num_players:
            raise ValueError("scores must have one entry per seat")
        self.scores = [int(s) for s in scores]
        self.player = int(data["player"])
        if not 0 <= self.player < self.game.num_players:
            raise ValueError(f"no seat {self.player}")
        self.turn_total = int(data["turn_total"])
        self.awaiting_roll = bool(data["awaiting_roll"])
        self.over = bool(data["over"])
        self.winner = None if data["winner"] is None else int(data["winner"])
        self.turn_count = int(data["turn_count"])
        self._legal_cache = None

    def clone(self) -> "PigState":
        other = type(self)(self.game)  # a subclass's clone is of its own class
        other.scores = list(self.scores)
        other.player = self.player
        other.turn_total = self.turn_total
        other.awaiting_roll = self.awaiting_roll
        other.over = self.over
        other.winner = self.winner
        other.turn_count = self.turn_count
        self._copy_base_into(other)
        return other


class PigGame(Game):
    info = INFO

    @property
    def faces(self) -> int:
        return int(self.options["die"][1:])

    def new_initial_state(self) -> PigState:
        return PigState(self)

    def _new_blank_state(self) -> PigState:
        return PigState(self)

    # action indices: 0 roll, 1 hold; chance: face k is index k - 1
    ACTIONS = ("roll", "hold")

    def num_distinct_actions(self) -> int:
        return 2

    def max_chance_outcomes(self) -> int:
        return self.faces

    def action_index(self, state: State, text: str) -> int:
        return self.ACTIONS.index(text)

    def chance_index(self, state: State, text: str) -> int:
        return int(text.split()[1]) - 1

    def observation_pieces(self) -> list[tuple[str, tuple[int, ...]]]:
        n = self.num_players
        return [("scores", (n,)), ("turn_total", (1,)), ("player", (n,)), ("awaiting_roll", (1,)),
                ("seat", (n,))]

    def write_observation_tensor(self, obs: dict, seat: int, writer: TensorWriter) -> None:
        n, target = self.num_players, float(obs["target"])
        out = [s / target for s in obs["scores"]] + [obs["turn_total"] / target]
        out += [1.0 if i == obs["player"] else 0.0 for i in range(n)]
        out += [1.0 if obs["awaiting_roll"] else 0.0]
        out += [1.0 if i == seat else 0.0 for i in range(n)]
        writer.values(out)

    @classmethod
    def catalogue(cls) -> list[dict]:
        return [
            {"set": "pig-dice", "id": "d6", "name": "Six-sided die", "cost": 0, "type": "die",
             "text": "Faces 1 to 6; a 1 ends your turn."},
            {"set": "pig-dice", "id": "d4", "name": "Four-sided die", "cost": 0, "type": "die",
             "text": "Faces 1 to 4; a 1 ends your turn."},
            {"set": "pig-extras", "id": "lucky-pig", "name": "Lucky Pig", "cost": 3, "type": "keep",
             "text": "Decorative [only]: it has no effect."},
        ]


def register() -> None:
    """Register Pig as ``toy-pig`` (idempotent)."""
    register_game(GAME_ID, PigGame)
