"""Head-to-head matches between two agents, seats alternating: the strength ladder.

``play_match("kot-dark", "heuristic", "random", games=20)`` plays 2-player games with
seeds ``start .. start+games-1``; in the game with seed ``s`` the first agent sits in seat
``s % 2`` and the second in the other seat, so the advantage of sitting first cancels
over an even number of games. A shared win counts as a share (1/number of winners) for
the first agent. Used by tests/agents/test_ladder.py and benchmarks/bench_ladder.py.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Callable

from ..core.registry import load_game
from ..core.runner import play_game
from ..sim.stats import wilson
from . import make_agent


@dataclass
class MatchResult:
    """Outcome of :func:`play_match`, from the first agent's side.

    share: its summed win shares (a game won alone counts 1, a shared win 1/winners);
    games: games played; seconds: wall-clock seconds for all of them; cpu_seconds: CPU
    seconds of this process for them (below ``seconds`` on a busy machine); turns: turns
    per game, in seed order.
    """

    game_id: str
    first: str
    second: str
    games: int
    share: float
    seconds: float
    turns: list
    cpu_seconds: float = 0.0

    @property
    def rate(self) -> float:
        """Win share of the first agent per game, in [0, 1] (0.0 with no games)."""
        return self.share / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        """95% Wilson score interval of :attr:`rate` (tokyo.sim.stats.wilson)."""
        return wilson(self.share, self.games)


def play_match(game_id: str, first: str, second: str, games: int, start: int = 0,
               options: dict | None = None,
               progress: Callable[[int, MatchResult], None] | None = None) -> MatchResult:
    """Play ``games`` 2-player games of ``first`` against ``second`` (agent specs).

    Seeds are ``start .. start + games - 1``; ``first`` sits in seat ``seed % 2``. Fresh
    agents are built for every game. ``options`` are game options (``load_game``).
    ``progress(done, result_so_far)`` is called after each game. Raises OptionError for a
    bad game, option or agent spec before any game is played.
    """
    game = load_game(game_id, 2, **dict(options or {}))
    make_agent(first, game_id), make_agent(second, game_id)  # validate the specs
    result = MatchResult(game_id, first, second, 0, 0.0, 0.0, [])
    began, cpu = time.perf_counter(), time.process_time()
    for seed in range(start, start + games):
        seat = seed % 2
        agents = [make_agent(first if s == seat else second, game_id) for s in (0, 1)]
        record = play_game(game, agents, seed=seed, log=False)  # a match keeps records, not logs
        if seat in record.winners:
            result.share += 1 / len(record.winners)
        result.games += 1
        result.turns.append(record.turns)
        result.seconds = time.perf_counter() - began
        result.cpu_seconds = time.process_time() - cpu
        if progress is not None:
            progress(result.games, result)
    return result
