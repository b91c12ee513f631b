"""Speed of the kot-dark engine on one core.

Usage: PYTHONPATH=src python benchmarks/bench_kot.py [--games N] [--players P] [--heuristic-games M]

Prints a table:
  (a) complete random games per second (seeds 0..N-1, random agents, tokyo.play_game);
  (b) engine steps per second (every apply, decisions and chance outcomes alike);
  (c) mean steps and turns per game;
  (d) games per second with four heuristic agents.
Wall-clock (time.perf_counter) figures are the ones that count; process CPU time is shown
too, to tell a slow engine from a busy machine.
The goal is >= 50 complete random 4-player games per second per core (docs/performance.md).
"""

from __future__ import annotations

import argparse
import platform
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

import tokyo  # noqa: E402
from tokyo.agents import RandomAgent, make_agent  # noqa: E402

GOAL = 50.0


def run(game, make, n: int) -> dict:
    steps = turns = 0
    start, cpu = time.perf_counter(), time.process_time()
    for seed in range(n):
        record = tokyo.play_game(game, [make() for _ in range(game.num_players)], seed=seed)
        steps += len(record.history)
        turns += record.turns
    elapsed = time.perf_counter() - start
    cpu = time.process_time() - cpu
    return {"games": n, "seconds": elapsed, "cpu_seconds": cpu, "games_per_s": n / elapsed,
            "games_per_cpu_s": n / cpu, "steps_per_s": steps / elapsed,
            "mean_steps": steps / n, "mean_turns": turns / n}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200, help="random games (seeds 0..N-1), default 200")
    ap.add_argument("--heuristic-games", type=int, default=None, help="heuristic games (default: same as --games)")
    ap.add_argument("--players", type=int, default=4)
    args = ap.parse_args(argv)

    game = tokyo.load_game("kot-dark", players=args.players)
    tokyo.play_game(game, [RandomAgent() for _ in range(args.players)], seed=10**6)  # warm caches
    rnd = run(game, RandomAgent, args.games)
    n_heur = args.games if args.heuristic_games is None else args.heuristic_games
    heur = run(game, lambda: make_agent("heuristic", game_id="kot-dark"), n_heur) if n_heur > 0 else None

    print(f"kot-dark, {args.players} players, one core, Python {platform.python_version()}")
    cols = [rnd] + ([heur] if heur else [])

    def row(label, key, fmt):
        print(f"{label:28}" + "".join(format(c[key], fmt) for c in cols))

    print(f"{'':28}{'random':>12}" + (f"{'heuristic':>12}" if heur else ""))
    row("games", "games", ">12d")
    row("seconds", "seconds", ">12.2f")
    row("cpu seconds (process)", "cpu_seconds", ">12.2f")
    row("(a,d) games per second", "games_per_s", ">12.1f")
    row("    per cpu second", "games_per_cpu_s", ">12.1f")
    row("(b) engine steps per second", "steps_per_s", ">12.0f")
    row("(c) mean steps per game", "mean_steps", ">12.1f")
    row("(c) mean turns per game", "mean_turns", ">12.1f")
    met = "met" if rnd["games_per_s"] >= GOAL else "NOT met"
    if rnd["cpu_seconds"] < 0.9 * rnd["seconds"]:
        print("note: cpu time well below wall time: the machine is busy, wall-clock figures are low")
    print(f"goal: >= {GOAL:.0f} random {args.players}-player games per second per core: {met}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
