"""Speed of the King of Tokyo engines (kot, kot-dark, kot-godzilla) on one core.

Usage: PYTHONPATH=src python benchmarks/bench_kot.py [--games N] [--players P] [--heuristic-games M]
           [--game GAME[:option=value,...]]... [--rounds R]

With several --game (default: kot-dark alone), the games are measured side by side in one
run: R rounds, each playing a 1/R share of every game's batch in turn, so a busy machine
slows them alike; the last lines give each game's speed relative to the first.

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
import importlib.util
import os
import sys
import time
from pathlib import Path

# the engine this Python imports (a normal install: maybe compiled; PYTHONPATH=DIR for
# a compiled build unpacked there), else the working tree's sources
if importlib.util.find_spec("tokyo") is None:
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

import tokyo  # noqa: E402
from tokyo.agents import RandomAgent, make_agent  # noqa: E402

GOAL = 50.0


def run(game, make, n: int, first: int = 0) -> dict:
    steps = turns = 0
    start, cpu = time.perf_counter(), time.process_time()
    for seed in range(first, first + n):
        record = tokyo.play_game(game, [make() for _ in range(game.num_players)], seed=seed)
        steps += len(record.history)
        turns += record.turns
    elapsed = time.perf_counter() - start
    cpu = time.process_time() - cpu
    return {"games": n, "seconds": elapsed, "cpu_seconds": cpu, "games_per_s": n / elapsed,
            "games_per_cpu_s": n / cpu, "steps_per_s": steps / elapsed,
            "mean_steps": steps / n, "mean_turns": turns / n}


def _spec(text: str):
    """``kot-godzilla:evolutions=true`` -> ("kot-godzilla", {"evolutions": "true"})."""
    gid, _, opts = text.partition(":")
    return gid, dict(o.split("=", 1) for o in opts.split(",") if o)


def _merge(a: dict | None, b: dict) -> dict:
    if a is None:
        return b
    out = {k: a[k] + b[k] for k in ("games", "seconds", "cpu_seconds")}
    steps = a["steps_per_s"] * a["seconds"] + b["steps_per_s"] * b["seconds"]
    out.update(games_per_s=out["games"] / out["seconds"], games_per_cpu_s=out["games"] / out["cpu_seconds"],
               steps_per_s=steps / out["seconds"],
               mean_steps=(a["mean_steps"] * a["games"] + b["mean_steps"] * b["games"]) / out["games"],
               mean_turns=(a["mean_turns"] * a["games"] + b["mean_turns"] * b["games"]) / out["games"])
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200, help="random games (seeds 0..N-1), default 200")
    ap.add_argument("--heuristic-games", type=int, default=None, help="heuristic games (default: same as --games)")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--game", action="append", default=None,
                    help="game id with options, e.g. kot-godzilla:evolutions=true (repeatable; default kot-dark)")
    ap.add_argument("--rounds", type=int, default=1, help="interleave the games' batches in R rounds (default 1)")
    args = ap.parse_args(argv)
    specs = [_spec(g) for g in (args.game or ["kot-dark"])]
    games = [tokyo.load_game(gid, players=args.players, **opts) for gid, opts in specs]
    n_heur = args.games if args.heuristic_games is None else args.heuristic_games
    results: list[list] = [[None, None] for _ in games]
    for game in games:
        tokyo.play_game(game, [RandomAgent() for _ in range(args.players)], seed=10**6)  # warm caches
    for r in range(args.rounds):
        for i, game in enumerate(games):
            lo, hi = args.games * r // args.rounds, args.games * (r + 1) // args.rounds
            results[i][0] = _merge(results[i][0], run(game, RandomAgent, hi - lo, first=lo))
            lo, hi = n_heur * r // args.rounds, n_heur * (r + 1) // args.rounds
            if hi > lo:
                results[i][1] = _merge(results[i][1], run(game, lambda g=game: make_agent("heuristic", game_id=g.game_id),
                                                          hi - lo, first=lo))
    for (gid, opts), (rnd, heur) in zip(specs, results):
        label = gid + "".join(f" {k}={v}" for k, v in opts.items())
        print(f"{label}, {args.players} players, one core, Python {platform.python_version()}")
        cols = [rnd] + ([heur] if heur else [])

        def row(name, key, fmt):
            print(f"{name:28}" + "".join(format(c[key], fmt) for c in cols))

        print(f"{'':28}{'random':>12}" + (f"{'heuristic':>12}" if heur else ""))
        row("games", "games", ">12d")
        row("seconds", "seconds", ">12.2f")
        row("cpu seconds (process)", "cpu_seconds", ">12.2f")
        row("(a,d) games per second", "games_per_s", ">12.1f")
        row("    per cpu second", "games_per_cpu_s", ">12.1f")
        row("(b) engine steps per second", "steps_per_s", ">12.0f")
        row("(c) mean steps per game", "mean_steps", ">12.1f")
        row("(c) mean turns per game", "mean_turns", ">12.1f")
        if rnd["cpu_seconds"] < 0.9 * rnd["seconds"]:
            print("note: cpu time well below wall time: the machine is busy, wall-clock figures are low")
        if gid == "kot-dark":
            met = "met" if rnd["games_per_s"] >= GOAL else "NOT met"
            print(f"goal: >= {GOAL:.0f} random {args.players}-player games per second per core: {met}")
        print()
    if len(games) > 1:
        base = results[0]
        for (gid, opts), (rnd, heur) in list(zip(specs, results))[1:]:
            line = f"{gid}{''.join(f' {k}={v}' for k, v in opts.items())} / {specs[0][0]}: games per cpu second " \
                   f"x{rnd['games_per_cpu_s'] / base[0]['games_per_cpu_s']:.2f} random"
            if heur and base[1]:
                line += f", x{heur['games_per_cpu_s'] / base[1]['games_per_cpu_s']:.2f} heuristic"
            print(line + f"; turns per cpu second x{rnd['games_per_cpu_s'] * rnd['mean_turns'] / (base[0]['games_per_cpu_s'] * base[0]['mean_turns']):.2f} random")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
