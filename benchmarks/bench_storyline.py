"""Speed of the Storyline engine (``storyline`` and ``crisis-format``) on one core.

Usage: PYTHONPATH=src python benchmarks/bench_storyline.py [--games N] [--rounds R]
       [--players 2,4] [--agents random,heuristic]

For each game id, player count and agent kind, plays N complete games (seeds 0..N-1,
every seat the same agent, tokyo.play_game), interleaved in R rounds so that the load of
a shared machine falls on every batch alike, and prints per CPU second: games, turns and
engine steps (every applied action, decisions and chance outcomes alike), with the mean
turns and steps per game and how the games ended. Then the cost of ``clone()`` and of
``to_json()`` on mid-game states (microseconds, median of many). Process CPU time is the
figure that counts on a busy machine; wall time is printed beside it.
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
from tokyo.agents import HEURISTICS, make_agent  # noqa: E402
from bench_state import mid_game_states, micro  # noqa: E402  (the same script folder)

GAMES = ("storyline", "crisis-format")


def batch(game, agent: str, seeds) -> dict:
    out = {"games": 0, "steps": 0, "turns": 0, "cpu": 0.0, "wall": 0.0, "ends": Counter()}
    wall, cpu = time.perf_counter(), time.process_time()
    for seed in seeds:
        rec = tokyo.play_game(game, [make_agent(agent, game_id=game.game_id) for _ in range(game.num_players)],
                              seed=seed)
        out["games"] += 1
        out["steps"] += len(rec.history)
        out["turns"] += rec.turns
        out["ends"][rec.extra.get("win_by")] += 1
    out["cpu"] += time.process_time() - cpu
    out["wall"] += time.perf_counter() - wall
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=100, help="games per game id, player count and agent (default 100)")
    ap.add_argument("--rounds", type=int, default=4, help="interleaved rounds (default 4)")
    ap.add_argument("--players", default="2,4", help="player counts, comma-separated (default 2,4)")
    ap.add_argument("--agents", default="random,heuristic", help="agent kinds (default random,heuristic)")
    args = ap.parse_args(argv)
    counts = [int(p) for p in args.players.split(",")]
    agents = [a.strip() for a in args.agents.split(",") if a.strip()]
    cells = [(g, n, a) for g in GAMES for n in counts for a in agents
             if (a != "heuristic" or g in HEURISTICS) and not (g == "storyline" and n < 2)]
    games = {(g, n): tokyo.load_game(g, n) for g, n, _ in cells}
    results = {c: {"games": 0, "steps": 0, "turns": 0, "cpu": 0.0, "wall": 0.0, "ends": Counter()} for c in cells}
    for r in range(args.rounds):
        seeds = range(r, args.games, args.rounds)
        for c in cells:
            got = batch(games[c[:2]], c[2], seeds)
            acc = results[c]
            for k in ("games", "steps", "turns", "cpu", "wall"):
                acc[k] += got[k]
            acc["ends"] += got["ends"]
    print(f"Storyline engine, one core, Python {platform.python_version()}, {args.games} games per row, "
          f"{args.rounds} interleaved rounds")
    print(f"{'game':15}{'players':>8}{'agents':>11}{'games/cpu-s':>13}{'turns/cpu-s':>13}{'steps/cpu-s':>13}"
          f"{'turns':>7}{'steps':>7}{'cpu/wall':>9}  ends")
    for (g, n, a), v in results.items():
        ends = ", ".join(f"{k} {100 * c / v['games']:.0f}%" for k, c in v["ends"].most_common())
        print(f"{g:15}{n:>8}{a:>11}{v['games'] / v['cpu']:>13.1f}{v['turns'] / v['cpu']:>13.0f}"
              f"{v['steps'] / v['cpu']:>13.0f}{v['turns'] / v['games']:>7.1f}{v['steps'] / v['games']:>7.1f}"
              f"{v['cpu'] / v['wall']:>9.2f}  {ends}")
    print()
    print(f"{'game':15}{'players':>8}{'clone µs':>10}{'to_json µs':>12}  (median over 20 states, each half way through a random game)")
    for g, n in games:
        states = mid_game_states(games[(g, n)], quiet=False)
        print(f"{g:15}{n:>8}{micro(lambda s: s.clone(), states):>10.1f}"
              f"{micro(lambda s: s.to_json(), states, 50):>12.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
