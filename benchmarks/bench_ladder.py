"""Strength ladder: heuristic vs random and ismcts vs heuristic, per game, 2 players.

Usage: PYTHONPATH=src python benchmarks/bench_ladder.py [--games N] [--sims S] [--game ID]
       [--rungs heuristic,ismcts] [--start K] [--option key=value ...]

For each game (default: kot-dark and crisis-tokyo, at their default options unless
``--option`` is given) it plays two matches of N games each (seeds K..K+N-1, default
N = 40, K = 0), the stronger agent in seat ``seed % 2`` (tokyo.agents.match.play_match):
``heuristic`` against ``random``, then ``ismcts:sims=S`` (default 100, other parameters at
their defaults) against ``heuristic``. It prints a progress line per game on stderr and a
table per game on stdout: match, games, win share of the stronger agent (a shared win
counts as a share), its 95% Wilson interval, wall-clock and CPU seconds per game on one
core (CPU well below wall clock means a busy machine), and mean turns per game.
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

from tokyo.agents.match import play_match  # noqa: E402


def parse_option(text: str) -> tuple[str, object]:
    key, eq, value = text.partition("=")
    if not eq:
        raise argparse.ArgumentTypeError(f"--option {text!r} must look like key=value")
    try:
        return key.strip(), int(value)
    except ValueError:
        return key.strip(), value.strip()


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=40, help="games per match (default 40)")
    ap.add_argument("--sims", type=int, default=100, help="ismcts simulations per decision (default 100)")
    ap.add_argument("--game", default="kot-dark,crisis-tokyo", help="game ids, comma-separated")
    ap.add_argument("--rungs", default="heuristic,ismcts",
                    help="which matches: heuristic (vs random), ismcts (vs heuristic)")
    ap.add_argument("--start", type=int, default=0, help="first seed (default 0)")
    ap.add_argument("--option", type=parse_option, action="append", default=[],
                    help="game option key=value (repeatable), for every game")
    args = ap.parse_args(argv)
    options = dict(args.option)
    rungs = {"heuristic": ("heuristic", "random"), "ismcts": (f"ismcts:sims={args.sims}", "heuristic")}
    chosen = [r.strip() for r in args.rungs.split(",") if r.strip()]
    for r in chosen:
        if r not in rungs:
            ap.error(f"unknown rung {r!r}; rungs: {', '.join(rungs)}")

    print(f"strength ladder, 2 players, seeds {args.start}..{args.start + args.games - 1}, seats alternating, "
          f"one core, Python {platform.python_version()}, options {options or 'default'}")
    for game_id in (g.strip() for g in args.game.split(",") if g.strip()):
        rows = []
        for rung in chosen:
            first, second = rungs[rung]

            def progress(done, res, first=first, second=second):
                print(f"  {game_id}: {first} vs {second}: {done}/{args.games} games, "
                      f"share {res.share:g}, {res.seconds:.0f} s ({res.cpu_seconds:.0f} s CPU)",
                      file=sys.stderr, flush=True)

            rows.append(play_match(game_id, first, second, args.games, start=args.start,
                                   options=options, progress=progress))
        print(f"\n{game_id}")
        print(f"{'match':36}{'games':>6}{'share':>8}{'95% Wilson':>17}{'s/game':>8}{'cpu s/game':>11}"
              f"{'turns':>7}")
        for res in rows:
            lo, hi = res.interval
            print(f"{res.first + ' vs ' + res.second:36}{res.games:>6}{res.rate:>8.1%}"
                  f"{lo:>9.1%} -{hi:>6.1%}{res.seconds / max(1, res.games):>8.2f}"
                  f"{res.cpu_seconds / max(1, res.games):>11.2f}"
                  f"{sum(res.turns) / max(1, len(res.turns)):>7.1f}", flush=True)
    print(f"\nfinished {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
