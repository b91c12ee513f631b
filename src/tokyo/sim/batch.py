"""A batch of games and how one game of it is played, wherever that happens.

Game ``i`` of a batch with seed ``S`` is played by :func:`tokyo.play_game` with seed
``game_seed(S, i) = S * 1_000_003 + i``, with fresh agents built from their specs, so
each game depends only on (game, players, options, agents, S, i): never on the
backend, the number of workers or how the batch is cut into chunks.
"""

from __future__ import annotations

import importlib
import os
import socket
import sys
from dataclasses import dataclass
from itertools import cycle, islice
from pathlib import Path
from typing import Any, Sequence

from ..agents import make_agent
from ..core.errors import TokyoError
from ..core.registry import load_game, register_game
from ..core.runner import GameRecord, play_game

SEED_STRIDE = 1_000_003


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` (0-based) in a batch started with ``seed``."""
    return seed * SEED_STRIDE + index


def expand_agents(specs: Sequence[str], players: int) -> list[str]:
    """One agent spec per seat: seat i gets specs[i], cycling when there are fewer specs.

    Raises ValueError when ``specs`` holds no spec at all."""
    specs = [s.strip() for s in specs if s.strip()]
    if not specs:
        raise ValueError("at least one agent spec is needed")
    return list(islice(cycle(specs), players))


class SimulationInterrupted(KeyboardInterrupt):
    """Raised by :func:`tokyo.sim.run_games` on Ctrl-C, and on SIGTERM in the main thread
    (``kill PID``, a batch system's time limit); ``records`` holds the finished games in
    game order (``indices`` their game numbers, ascending); ``exit_code`` is what a
    command should exit with: 130 after Ctrl-C, 143 after SIGTERM."""

    def __init__(self, records: list[GameRecord], indices: list[int], exit_code: int = 130):
        super().__init__(f"{'terminated' if exit_code == 143 else 'interrupted'} after {len(records)} games")
        self.records = records
        self.indices = indices
        self.exit_code = exit_code

    @property
    def how(self) -> str:
        """'terminated (SIGTERM)' or 'interrupted', for messages."""
        return "terminated (SIGTERM)" if self.exit_code == 143 else "interrupted"


class BackendError(TokyoError, RuntimeError):
    """A simulation backend that cannot run here: Ray is not installed, a Ray cluster
    cannot be started or joined, or a worker cannot import the game."""


_GAME_CACHE: dict[tuple, Any] = {}


def _game(game_id: str, players: int, options: dict):
    key = (game_id, players, tuple(sorted((k, repr(v)) for k, v in options.items())))
    if key not in _GAME_CACHE:
        _GAME_CACHE[key] = load_game(game_id, players, **options)
    return _GAME_CACHE[key]


def play_one(game_id: str, players: int, options: dict, agents: Sequence[str], seed: int,
             index: int) -> GameRecord:
    """Play game ``index`` of the batch started with ``seed`` (agents: one spec per seat).

    Raises RuntimeError naming the game number and its seed if the game fails."""
    game = _game(game_id, players, options)
    bots = [make_agent(spec, game_id) for spec in agents]
    try:
        return play_game(game, bots, seed=game_seed(seed, index), log=False)  # records need no log
    except Exception as exc:  # name the game so it can be reproduced
        raise RuntimeError(f"game {index} (seed {game_seed(seed, index)}) failed: {exc!r}") from exc


def module_root(cls: type) -> str | None:
    """The folder to put on ``sys.path`` to import the module of ``cls``, or None when
    it is part of tokyo-engine (installed wherever tokyo is)."""
    name = cls.__module__
    if name.split(".")[0] == __name__.split(".")[0]:
        return None
    file = getattr(sys.modules.get(name), "__file__", None)
    if not file:
        return None
    root = Path(file).resolve().parent
    for _ in range(name.count(".") + (Path(file).name == "__init__.py")):
        root = root.parent
    return str(root)


@dataclass(frozen=True)
class Batch:
    """Everything a worker needs to play any game of a batch.

    game_id, players, options (validated, JSON-safe), agents (one spec per seat),
    seed (the batch seed S), games (how many, numbered 0..games-1), target
    (``"module:Class"`` of the game, registered again in each worker so games
    registered at run time work there too), path (a folder to add to a worker's
    ``sys.path`` if the game's module is not importable there, or None).
    """

    game_id: str
    players: int
    options: dict
    agents: tuple[str, ...]
    seed: int
    games: int
    target: str
    path: str | None = None

    def chunks(self, size: int) -> list[tuple[int, int]]:
        """The batch cut into ``(start, stop)`` ranges of at most ``size`` games, in order."""
        size = max(1, size)
        return [(start, min(start + size, self.games)) for start in range(0, self.games, size)]

    def prepare_worker(self) -> None:
        """Make the game known in this process (a worker). Raises BackendError when its
        module cannot be imported here."""
        module = self.target.partition(":")[0]
        if module not in sys.modules:
            if self.path and os.path.isdir(self.path) and self.path not in sys.path:
                sys.path.append(self.path)
            try:
                importlib.import_module(module)
            except ImportError as exc:
                raise BackendError(
                    f"a worker on {socket.gethostname()} cannot import {module!r} for game "
                    f"{self.game_id!r} ({exc}); install it on every machine that runs games") from exc
        register_game(self.game_id, self.target)

    def play(self, start: int, stop: int) -> list[GameRecord]:
        """Play games ``start..stop-1`` here; their records in game order."""
        return [play_one(self.game_id, self.players, self.options, self.agents, self.seed, i)
                for i in range(start, stop)]
