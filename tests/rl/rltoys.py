"""Toy games for the adapter tests (tests/rl), built on Pig (tests/toygame.py).

- ``toy-hidden-pig``: Pig where a seat sees only its own score and turn total, so it has
  hidden information: ``resample`` redraws the other seats' scores (and the turn total of
  the seat to act, when that is another seat). It exercises the imperfect-information
  paths (OpenSpiel's ISMCTSBot with our resampler).
- ``toy-plain-pig``: Pig without action indices or observation tensor (the kernel's
  defaults, which raise NotImplementedError), to check the adapters refuse it clearly.
"""

from __future__ import annotations

import random
from dataclasses import replace

from tokyo.core import Game, TensorWriter, register_game

import toygame

HIDDEN_ID = "toy-hidden-pig"
PLAIN_ID = "toy-plain-pig"


class HiddenPigState(toygame.PigState):
    def observation(self, seat: int | None) -> dict:
        mine = seat is not None and seat == self.player
        return {"my_score": None if seat is None else self.scores[seat], "player": self.player,
                "my_turn_total": self.turn_total if mine else 0, "awaiting_roll": self.awaiting_roll,
                "over": self.over, "winner": self.winner, "target": self.game.options["target"], "seat": seat}

    def resample(self, seat: int, rng: random.Random) -> "HiddenPigState":
        other = self.clone()
        if self.over:
            return other
        target = self.game.options["target"]
        for s in range(self.game.num_players):
            if s != seat:
                other.scores[s] = rng.randrange(target)
        if self.player != seat:
            other.turn_total = rng.randrange(target - other.scores[self.player])
        return other


class HiddenPigGame(toygame.PigGame):
    info = replace(toygame.INFO, game_id=HIDDEN_ID, title="Pig with hidden scores (a toy for tests)")

    def new_initial_state(self) -> HiddenPigState:
        return HiddenPigState(self)

    def _new_blank_state(self) -> HiddenPigState:
        return HiddenPigState(self)

    def observation_pieces(self) -> list[tuple[str, tuple[int, ...]]]:
        n = self.num_players
        return [("my_score", (1,)), ("my_turn_total", (1,)), ("player", (n,)), ("awaiting_roll", (1,)),
                ("seat", (n,))]

    def write_observation_tensor(self, obs: dict, seat: int, writer: TensorWriter) -> None:
        n, target = self.num_players, float(obs["target"])
        out = [obs["my_score"] / target, obs["my_turn_total"] / target]
        out += [1.0 if i == obs["player"] else 0.0 for i in range(n)]
        out += [1.0 if obs["awaiting_roll"] else 0.0]
        out += [1.0 if i == seat else 0.0 for i in range(n)]
        writer.values(out)


class PlainPigGame(toygame.PigGame):
    info = replace(toygame.INFO, game_id=PLAIN_ID, title="Pig without an encoding (a toy for tests)")
    num_distinct_actions = Game.num_distinct_actions
    max_chance_outcomes = Game.max_chance_outcomes
    action_index = Game.action_index
    chance_index = Game.chance_index
    observation_pieces = Game.observation_pieces
    write_observation_tensor = Game.write_observation_tensor


def register() -> None:
    toygame.register()
    register_game(HIDDEN_ID, HiddenPigGame)
    register_game(PLAIN_ID, PlainPigGame)
