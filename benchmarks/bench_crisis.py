"""Speed of the crisis-tokyo engine on one core.

Usage: PYTHONPATH=src python benchmarks/bench_crisis.py [--games N] [--players P] [--heuristic-games M]

Prints a table:
  (a) complete random games per second (seeds 0..N-1, random agents, tokyo.play_game);
  (b) engine steps per second (every apply, decisions and chance outcomes alike);
  (c) mean steps and turns per game;
  (d) the same for games of heuristic agents only.
Random players almost never level four Districts, so most random games run to the
turn limit (option turn_limit, default 500; ruling C10); ``--turn-limit`` changes it.
Wall-clock (time.perf_counter) figures are the ones that count; process CPU time is shown
too, to tell a slow engine from a busy machine.
"""

from __future__ import annotations

import argparse
import platform
import importlib.util
import os
import sys
import time
from collections import Counter
from pathlib import Path

# the engine this Python imports (a normal install: maybe compiled; PYTHONPATH=DIR for
# a compiled build unpacked there), else the working tree's sources
if importlib.util.find_spec("tokyo") is None:
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

import tokyo  # noqa: E402
from tokyo.agents import RandomAgent, make_agent  # noqa: E402

GAME = "crisis-tokyo"


def run(game, make, n: int) -> dict:
    steps = turns = 0
    ends = Counter()
    start, cpu = time.perf_counter(), time.process_time()
    for seed in range(n):
        record = tokyo.play_game(game, [make() for _ in range(game.num_players)], seed=seed)
        steps += len(record.history)
        turns += record.turns
        ends[record.extra.get("win_by")] += 1
    elapsed = time.perf_counter() - start
    cpu = time.process_time() - cpu
    return {"games": n, "seconds": elapsed, "cpu_seconds": cpu, "games_per_s": n / elapsed,
            "games_per_cpu_s": n / cpu, "steps_per_s": steps / elapsed,
            "mean_steps": steps / n, "mean_turns": turns / n,
            "by_districts": 100.0 * ends["districts"] / n}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=100, help="random games (seeds 0..N-1), default 100")
    ap.add_argument("--heuristic-games", type=int, default=None, help="heuristic games (default: same as --games)")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--turn-limit", type=int, default=None, help="game option turn_limit (default: the game's, 500)")
    args = ap.parse_args(argv)

    options = {} if args.turn_limit is None else {"turn_limit": args.turn_limit}
    game = tokyo.load_game(GAME, players=args.players, **options)
    tokyo.play_game(game, [RandomAgent() for _ in range(args.players)], seed=10**6)  # warm caches
    rnd = run(game, RandomAgent, args.games)
    n_heur = args.games if args.heuristic_games is None else args.heuristic_games
    heur = run(game, lambda: make_agent("heuristic", game_id=GAME), n_heur) if n_heur > 0 else None

    print(f"{GAME}, {args.players} players, turn_limit {game.options['turn_limit']}, one core, "
          f"Python {platform.python_version()}")
    cols = [rnd] + ([heur] if heur else [])

    def row(label, key, fmt):
        print(f"{label:32}" + "".join(format(c[key], fmt) for c in cols))

    print(f"{'':32}{'random':>12}" + (f"{'heuristic':>12}" if heur else ""))
    row("games", "games", ">12d")
    row("seconds", "seconds", ">12.2f")
    row("cpu seconds (process)", "cpu_seconds", ">12.2f")
    row("(a,d) games per second", "games_per_s", ">12.1f")
    row("    per cpu second", "games_per_cpu_s", ">12.1f")
    row("(b) engine steps per second", "steps_per_s", ">12.0f")
    row("(c) mean steps per game", "mean_steps", ">12.1f")
    row("(c) mean turns per game", "mean_turns", ">12.1f")
    row("games won by 4 Districts (%)", "by_districts", ">12.1f")
    if rnd["cpu_seconds"] < 0.9 * rnd["seconds"]:
        print("note: cpu time well below wall time: the machine is busy, wall-clock figures are low")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
