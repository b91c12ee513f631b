"""Batch runner: play many games in this process, on a pool of processes or on Ray.

Game ``i`` of a batch with seed ``S`` is played by :func:`tokyo.play_game` with seed
``game_seed(S, i) = S * 1_000_003 + i``, with fresh agents built from their specs, so
each game depends only on (game, players, options, agents, S, i): the results are the
same for any backend and any number of workers, and always come back in game order.
Where the games run is :mod:`tokyo.sim.backends`.
"""

from __future__ import annotations

import os
from typing import Callable, Sequence

from ..agents import check_agent_for, make_agent
from ..core.errors import OptionError
from ..core.registry import load_game
from ..core.runner import GameRecord
from .backends import BACKENDS, check_backend, drive, make_backend
from .batch import (SEED_STRIDE, BackendError, Batch, SimulationInterrupted, expand_agents,
                    game_seed, module_root, play_one)

__all__ = ["BACKENDS", "SEED_STRIDE", "BackendError", "SimulationInterrupted", "expand_agents",
           "game_seed", "play_one", "run_games"]


SEED_LIMIT = 2**63 - 1   # game seeds are stored as 64-bit integers (Parquet records)


def check_seed(seed: int, games: int) -> None:
    """OptionError unless every game seed of the batch, ``game_seed(seed, i)`` for
    ``i < games``, fits in a signed 64-bit integer (records keep it as one)."""
    lowest, highest = game_seed(seed, 0), game_seed(seed, max(games, 1) - 1)
    if lowest < -SEED_LIMIT or highest > SEED_LIMIT:
        bound = (SEED_LIMIT - max(games, 1)) // SEED_STRIDE
        raise OptionError(f"seed {seed} is too large: with {games} games the batch seed must be "
                          f"between {-bound} and {bound} (game i uses seed*{SEED_STRIDE}+i)")


def run_games(game_id: str, players: int, games: int, seed: int, agents: Sequence[str],
              workers: int | None = None, options: dict | None = None,
              progress_callback: Callable[[int], None] | None = None, *,
              backend: str = "process", address: str | None = None) -> list[GameRecord]:
    """Play ``games`` games and return their records (a list of GameRecord) in game order.

    agents: one spec per seat, or fewer (cycled, see :func:`expand_agents`).
    backend: ``"inprocess"`` (this process), ``"process"`` (a local process pool, the
    default) or ``"ray"`` (Ray tasks; see :mod:`tokyo.sim.backends`).
    workers: parallel workers (default: the number of CPUs; for ``ray`` with an
    address, the cluster's CPUs); the process backend with 1 worker plays in this
    process; ignored by ``inprocess``.
    address: a Ray cluster to join (``"auto"``, ``"host:port"``, ``"ray://host:10001"``);
    only with ``backend="ray"``; None starts a local Ray for the run.
    progress_callback(n) is called in this process once with 0 when the workers are
    ready, then each time n more games finished.

    Raises OptionError for a bad game, player count, option, agent, backend name, or an
    address without the ray backend, before any game is played; BackendError when the
    backend cannot run (Ray missing or unreachable); SimulationInterrupted (carrying the
    finished records in game order) on Ctrl-C; RuntimeError naming the game number and
    seed of a game that failed.
    """
    check_backend(backend, address)
    check_seed(seed, games)
    options = dict(options or {})
    game = load_game(game_id, players, **options)  # validates; raises OptionError
    options = game.options_json()
    specs = expand_agents(agents, game.num_players)   # per seat (a game may add a seat to its players)
    for spec in dict.fromkeys(specs):
        check_agent_for(make_agent(spec, game_id), game)  # validates; raises OptionError
    if games <= 0:
        return []
    cls = type(game)
    batch = Batch(game_id, players, options, tuple(specs), seed, games,
                  f"{cls.__module__}:{cls.__qualname__}", module_root(cls))
    if backend == "process" and min(workers or os.cpu_count() or 1, games) <= 1:
        backend = "inprocess"  # a pool of one process would only add start-up time
    return drive(make_backend(backend, batch, workers, address), progress_callback)
