"""What the learning environments (tokyo.rl) cost on top of the engine: decisions per CPU second.

Usage: PYTHONPATH=src python benchmarks/bench_rl.py [--game ID[:opt=v,...]]... [--players N]
       [--episodes E] [--rounds R]

For each game, the same kind of play four ways, every decision drawn at random among the
legal ones, chance drawn from the game's probabilities, E episodes per way in each of R
interleaved rounds (so a busy machine weighs on every way alike):

- ``engine``: ``legal_texts`` and ``apply_action`` on the text: the engine alone;
- ``indices``: what any environment must add: the acting seat's ``legal_action_mask`` and
  observation tensor as an array (``tokyo.core.observation_array``) at each decision, then
  ``apply_index``;
- ``pettingzoo``: the AEC environment (``env.last()``, then ``env.step`` with a legal index);
- ``gymnasium``: the single-learner environment (seat 0 learns; the other seats are the
  project's ``random`` agent, so the opponents cost as little as possible) - its
  decisions per second count the learner's and the opponents' alike.

Prints decisions per CPU second and each way's ratio to ``engine``. The engine is the one
this Python imports (``tokyo --version`` says pure or compiled).
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import sys
import time
from pathlib import Path
from typing import Any, Callable

if importlib.util.find_spec("tokyo") is None:
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

import numpy as np  # noqa: E402

import tokyo  # noqa: E402
from tokyo.core import sample_chance  # noqa: E402
from tokyo.core.build import engine_kind  # noqa: E402

try:
    from tokyo.core import observation_array  # what the environments use
except ImportError:  # an engine from before it
    observation_array = None  # type: ignore[assignment]

DEFAULT_GAMES = ("kot-dark", "kot-godzilla:evolutions=true", "crisis-tokyo", "storyline", "crisis-format")
CAP = 3000
"""Decisions per episode at most (Crisis: Tokyo's random games run to thousands)."""


def parse_game(spec: str) -> tuple[str, dict[str, str]]:
    gid, _, opts = spec.partition(":")
    return gid, dict(kv.split("=", 1) for kv in opts.split(",") if kv)


def run_engine(game: Any, seed: int, indices: bool) -> int:
    rng = random.Random(seed)
    state = game.new_initial_state()
    state.set_quiet()
    decisions = 0
    while not state.is_terminal() and decisions < CAP:
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
            continue
        decisions += 1
        if indices:
            seat = state.current_player()
            np.asarray(state.legal_action_mask(), dtype=np.int8)
            if observation_array is not None:
                observation_array(state, seat)
            else:  # an engine from before tokyo.core.observation_array
                np.asarray(state.observation_tensor(seat), dtype=np.float32)
            state.apply_index(rng.choice(state.legal_action_indices()))
        else:
            state.apply_action(rng.choice(state.legal_texts()))
    return decisions


def run_pettingzoo(gid: str, players: int, options: dict[str, str], seed: int) -> int:
    from tokyo.rl.pettingzoo import TokyoAECEnv
    env = TokyoAECEnv(gid, players, max_cycles=CAP, **options)
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    decisions = 0
    for agent in env.agent_iter():
        obs, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        if len(legal) == 0:  # not this seat's decision (it never is in turn-by-turn mode)
            env.step(None)
            continue
        env.step(int(rng.choice(legal)))
        decisions += 1
    return decisions


def run_gym(gid: str, players: int, options: dict[str, str], seed: int) -> int:
    from tokyo.rl.gym import TokyoGymEnv
    env = TokyoGymEnv(gid, players, opponents="random", max_decisions=CAP, **options)
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    done = False
    while not done:
        mask = env.action_masks()
        _, _, terminated, truncated, _ = env.step(int(rng.choice(np.flatnonzero(mask))))
        done = terminated or truncated
    return env.decisions  # the learner's and the opponents' decisions


def measure(fn: Callable[[int], int], seeds: range) -> tuple[int, float]:
    cpu = time.process_time()
    decisions = sum(fn(s) for s in seeds)
    return decisions, time.process_time() - cpu


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", action="append", metavar="ID[:opt=v,...]",
                    help=f"game id with options (repeatable; default: {', '.join(DEFAULT_GAMES)})")
    ap.add_argument("--players", type=int, default=2, help="players (default 2)")
    ap.add_argument("--episodes", type=int, default=4, help="episodes per way and round (default 4)")
    ap.add_argument("--rounds", type=int, default=2, help="interleaved rounds (default 2)")
    args = ap.parse_args(argv)
    if args.episodes < 1 or args.rounds < 1:
        ap.error("--episodes and --rounds must be at least 1")
    try:  # imported here, before any timing (the libraries take a while to import)
        import tokyo.rl.gym  # noqa: F401
        import tokyo.rl.pettingzoo  # noqa: F401
    except ImportError as exc:
        ap.exit(2, f"bench_rl.py needs the rl extra (pip install -e '.[rl]'): {exc}\n")
    print(f"engine: {engine_kind()}; {args.players} players; random legal decisions; "
          f"{args.episodes} episodes x {args.rounds} rounds per way; decisions per CPU second")
    print(f"{'game':32}{'engine':>10}{'indices':>10}{'pettingzoo':>12}{'gymnasium':>11}"
          f"{'idx/eng':>9}{'pz/eng':>8}{'gym/eng':>9}")
    for spec in args.game or DEFAULT_GAMES:
        gid, options = parse_game(spec)
        game = tokyo.load_game(gid, args.players, **options)
        ways: dict[str, Callable[[int], int]] = {
            "engine": lambda s: run_engine(game, s, False),
            "indices": lambda s: run_engine(game, s, True),
            "pettingzoo": lambda s: run_pettingzoo(gid, args.players, options, s),
            "gymnasium": lambda s: run_gym(gid, args.players, options, s),
        }
        totals = {k: [0, 0.0] for k in ways}
        for r in range(args.rounds):
            seeds = range(r * args.episodes, (r + 1) * args.episodes)
            for name, fn in ways.items():
                d, cpu = measure(fn, seeds)
                totals[name][0] += d
                totals[name][1] += cpu
        rate = {k: d / cpu if cpu else float("nan") for k, (d, cpu) in totals.items()}
        print(f"{spec:32}{rate['engine']:>10.0f}{rate['indices']:>10.0f}{rate['pettingzoo']:>12.0f}"
              f"{rate['gymnasium']:>11.0f}{rate['indices'] / rate['engine']:>9.2f}"
              f"{rate['pettingzoo'] / rate['engine']:>8.2f}{rate['gymnasium'] / rate['engine']:>9.2f}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
