"""``play_game``: drive a game with agents, sampling chance from a seeded generator."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Sequence

from .state import CHANCE, Game, State


@dataclass
class GameRecord:
    """The outcome of one game: what ``tokyo simulate --records`` writes, one per game.

    players: the player count given to ``load_game`` (the seats are ``agents``, one per
    seat: one more than players where a game adds a seat, the Crisis Format's opponent).
    history: every action and chance outcome (canonical text), enough to replay.
    returns: one float per seat. winners: seats with return 1.0. turns: turns played.
    extra: the final state's ``record_extra()``; generic keys (any game may give them):
    ``win_by`` (how the game was won), ``labels`` ({kind: [label per seat]}, e.g.
    ``{"monster": [...]}``), ``cards`` (list per seat of the sorted, unique ids of the
    cards that seat used) and ``cards_verb`` (what "used" means: "bought" or "played").
    """

    game_id: str
    players: int
    options: dict[str, Any]
    seed: int | None
    agents: list[str]
    history: list[str]
    returns: list[float]
    winners: list[int]
    turns: int
    extra: dict[str, Any] = field(default_factory=dict)

    def as_dict(self) -> dict[str, Any]:
        return {"game": self.game_id, "players": self.players, "options": self.options,
                "seed": self.seed, "agents": self.agents, "history": self.history,
                "returns": self.returns, "winners": self.winners, "turns": self.turns,
                **({"extra": self.extra} if self.extra else {})}


def sample_chance(state: State, rng: random.Random) -> str:
    """Pick one chance outcome text of ``state`` with its probability, using ``rng``."""
    outcomes = state._chance_outcomes()
    r = rng.random()
    acc = 0.0
    for text, p in outcomes:
        acc += p
        if r < acc:
            return text
    return outcomes[-1][0]


def play_game(game: Game, agents: Sequence[Any], seed: int | None = None,
              max_steps: int = 1_000_000, state: State | None = None, log: bool = True) -> GameRecord:
    """Play one game to the end and return its GameRecord.

    agents: one per seat, each with ``step(state) -> Action | str`` (see tokyo.agents).
    seed: seeds the chance generator and each agent (agent i gets seed*1009+i+1), so the
    same seed and agents give the same game. Raises RuntimeError past ``max_steps``.
    log: False plays in quiet mode (``State.set_quiet``) where the game allows it
    (``State.QUIET_OK``): the same game and record, faster, with no log sentences kept.
    """
    if len(agents) != game.num_players:
        raise ValueError(f"{game.num_players} agents needed, {len(agents)} given")
    rng = random.Random(seed)
    for i, agent in enumerate(agents):
        if hasattr(agent, "reset"):
            agent.reset(None if seed is None else seed * 1009 + i + 1, i)
    state = game.new_initial_state() if state is None else state
    if not log and state.QUIET_OK:
        state.set_quiet()
    steps = 0
    while True:
        player = state._current_player()
        if player < 0:
            if player != CHANCE:
                break
            state._apply_legal(sample_chance(state, rng))
        else:
            choice = agents[player].step(state)
            text = choice.text if hasattr(choice, "text") else str(choice)
            if text in state.legal_texts():
                state._apply_legal(text)
            else:
                state.apply_action(text, seat=player)  # raises with the legal list
        steps += 1
        if steps > max_steps:
            raise RuntimeError(f"game did not end within {max_steps} steps")
    returns = state.returns()
    turns = state.turn_count
    extra = state.record_extra()
    return GameRecord(game.game_id, game.players, game.options_json(), seed,
                      [getattr(a, "spec", type(a).__name__) for a in agents], state.history(),
                      returns, [i for i, r in enumerate(returns) if r > 0], turns, extra)
