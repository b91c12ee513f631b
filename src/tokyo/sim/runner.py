"""Batch runner: play many games, serially or on a pool of processes.

Game ``i`` of a batch with seed ``S`` is played by :func:`tokyo.play_game` with seed
``game_seed(S, i) = S * 1_000_003 + i``, with fresh agents built from their specs, so
each game depends only on (game, players, options, agents, S, i): the results are the
same for any number of workers, and always come back in game order.
"""

from __future__ import annotations

import os
import signal
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from itertools import cycle, islice
from typing import Any, Callable, Sequence

from ..agents import make_agent
from ..core.registry import load_game, register_game
from ..core.runner import GameRecord, play_game

SEED_STRIDE = 1_000_003


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` (0-based) in a batch started with ``seed``."""
    return seed * SEED_STRIDE + index


def expand_agents(specs: Sequence[str], players: int) -> list[str]:
    """One agent spec per seat: seat i gets specs[i], cycling when there are fewer specs."""
    specs = [s.strip() for s in specs if s.strip()]
    if not specs:
        raise ValueError("at least one agent spec is needed")
    return list(islice(cycle(specs), players))


class SimulationInterrupted(KeyboardInterrupt):
    """Raised by :func:`run_games` on Ctrl-C; ``records`` holds the finished games in
    game order (``indices`` their game numbers)."""

    def __init__(self, records: list[GameRecord], indices: list[int]):
        super().__init__(f"interrupted after {len(records)} games")
        self.records = records
        self.indices = indices


_GAME_CACHE: dict[tuple, Any] = {}


def _game(game_id: str, players: int, options: dict):
    key = (game_id, players, tuple(sorted((k, repr(v)) for k, v in options.items())))
    if key not in _GAME_CACHE:
        _GAME_CACHE[key] = load_game(game_id, players, **options)
    return _GAME_CACHE[key]


def play_one(game_id: str, players: int, options: dict, agents: Sequence[str], seed: int,
             index: int) -> GameRecord:
    """Play game ``index`` of the batch started with ``seed``."""
    game = _game(game_id, players, options)
    bots = [make_agent(spec, game_id) for spec in agents]
    try:
        return play_game(game, bots, seed=game_seed(seed, index))
    except Exception as exc:  # name the game so it can be reproduced
        raise RuntimeError(f"game {index} (seed {game_seed(seed, index)}) failed: {exc!r}") from exc


def _play_chunk(game_id, players, options, agents, seed, start, stop) -> list[GameRecord]:
    return [play_one(game_id, players, options, agents, seed, i) for i in range(start, stop)]


def _init_worker(game_id: str, target: str | None) -> None:
    # The parent handles Ctrl-C; workers finish their chunk and stop when told.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if target:  # games registered at run time (tests) must exist in spawned workers too
        register_game(game_id, target)


def run_games(game_id: str, players: int, games: int, seed: int, agents: Sequence[str],
              workers: int | None = None, options: dict | None = None,
              progress_callback: Callable[[int], None] | None = None) -> list[GameRecord]:
    """Play ``games`` games and return their records in game order.

    agents: one spec per seat, or fewer (cycled, see :func:`expand_agents`).
    workers: processes to use (default ``os.cpu_count()``); 1 plays in this process.
    progress_callback(n) is called in this process each time n more games finished.
    Raises OptionError for a bad game, player count, option or agent before any game
    is played, and SimulationInterrupted (carrying the finished records) on Ctrl-C.
    """
    options = dict(options or {})
    game = load_game(game_id, players, **options)  # validates; raises OptionError
    options = game.options_json()
    specs = expand_agents(agents, players)
    for spec in dict.fromkeys(specs):
        make_agent(spec, game_id)  # validates; raises OptionError
    if games <= 0:
        return []
    workers = max(1, min(workers or os.cpu_count() or 1, games))
    done: dict[int, list[GameRecord]] = {}

    def finished() -> SimulationInterrupted:
        starts = sorted(done)
        records = [r for s in starts for r in done[s]]
        indices = [s + k for s in starts for k in range(len(done[s]))]
        return SimulationInterrupted(records, indices)

    if workers == 1:
        try:
            for i in range(games):
                done[i] = [play_one(game_id, players, options, specs, seed, i)]
                if progress_callback:
                    progress_callback(1)
        except KeyboardInterrupt:
            raise finished() from None
        return [r for i in sorted(done) for r in done[i]]

    cls = type(game)
    target = f"{cls.__module__}:{cls.__qualname__}"
    chunk = max(1, min(25, games // (workers * 8)))
    starts = list(range(0, games, chunk))
    executor = ProcessPoolExecutor(max_workers=workers, initializer=_init_worker,
                                   initargs=(game_id, target))
    pending: dict[Future, int] = {}
    try:
        queue = iter(starts)
        # keep a bounded number of chunks in flight so Ctrl-C stops quickly
        for start in islice(queue, workers * 2):
            pending[executor.submit(_play_chunk, game_id, players, options, specs, seed,
                                    start, min(start + chunk, games))] = start
        while pending:
            ready, _ = wait(pending, return_when=FIRST_COMPLETED)
            for fut in ready:
                start = pending.pop(fut)
                done[start] = fut.result()
                if progress_callback:
                    progress_callback(len(done[start]))
                nxt = next(queue, None)
                if nxt is not None:
                    pending[executor.submit(_play_chunk, game_id, players, options, specs, seed,
                                            nxt, min(nxt + chunk, games))] = nxt
    except KeyboardInterrupt:
        executor.shutdown(wait=True, cancel_futures=True)
        for fut, start in pending.items():
            if fut.done() and not fut.cancelled() and fut.exception() is None:
                done[start] = fut.result()
                if progress_callback:
                    progress_callback(len(done[start]))
        raise finished() from None
    except BaseException:
        executor.shutdown(wait=False, cancel_futures=True)
        raise
    executor.shutdown(wait=True)
    return [r for s in starts for r in done[s]]
