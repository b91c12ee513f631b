"""Cost of copying and saving a state: ``clone()``, ``to_json()`` and ``state_from_json``.

Usage: PYTHONPATH=src python benchmarks/bench_state.py [--game ID[:opt=v,...]] [--players 2,4]
       [--states K] [--rounds R]

For each game and player count, plays K random games (seeds 0..K-1) in quiet mode (no log
sentences, so ``to_json()`` measures the state and its history, not the log) and keeps the
state half way through each. Prints, in wall microseconds, the median over those states of
the best of R timings of ``clone()``, ``to_json()`` and ``game.state_from_json(text)``, and
the median size of the saved text in bytes. The figures are those of the engine this Python
imports: a normal install may be compiled (``tokyo --version`` says which); ``PYTHONPATH=DIR``
runs a build unpacked in DIR, ``PYTHONPATH=src`` the working tree's pure sources. To compare
two engines on a shared machine, run their commands alternately a few times and compare
the medians of the runs (docs/performance.md).
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any, Callable

# the engine this Python imports, else the working tree's sources
if importlib.util.find_spec("tokyo") is None:
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

import tokyo  # noqa: E402
from tokyo.core import sample_chance  # noqa: E402
from tokyo.core.build import engine_kind  # noqa: E402

OPS = ("clone", "to_json", "from_json")
DEFAULT_GAMES = ("kot-dark", "kot-godzilla:evolutions=true", "crisis-tokyo", "storyline", "crisis-format")


def mid_game_states(game: Any, k: int = 20, quiet: bool = True) -> list[Any]:
    """The state half way through each of ``k`` random games (seeds 0..k-1)."""
    states = []
    for seed in range(k):
        r = random.Random(seed)
        s = game.new_initial_state()
        if quiet:
            s.set_quiet()
        seen = [s.clone()]
        while not s.is_terminal():
            s.apply_action(sample_chance(s, r) if s.is_chance_node() else r.choice(s.legal_texts()))
            seen.append(s.clone())
        states.append(seen[len(seen) // 2])
    return states


def micro(fn: Callable[[Any], object], states: list[Any], reps: int = 200, rounds: int = 1) -> float:
    """Median over ``states`` of the best of ``rounds`` timings of ``fn(state)`` (µs per call)."""
    times = []
    for s in states:
        best = float("inf")
        for _ in range(rounds):
            t = time.perf_counter()
            for _ in range(reps):
                fn(s)
            best = min(best, (time.perf_counter() - t) / reps)
        times.append(best * 1e6)
    return statistics.median(times)


def parse_game(spec: str) -> tuple[str, dict[str, str]]:
    gid, _, opts = spec.partition(":")
    options = dict(kv.split("=", 1) for kv in opts.split(",") if kv)
    return gid, options


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", action="append", metavar="ID[:opt=v,...]",
                    help=f"game id with options (repeatable; default: {', '.join(DEFAULT_GAMES)})")
    ap.add_argument("--players", default="2,4", help="player counts, comma-separated (default 2,4)")
    ap.add_argument("--states", type=int, default=20, help="mid-game states per row (default 20)")
    ap.add_argument("--rounds", type=int, default=5, help="timings per state, the best counts (default 5)")
    ap.add_argument("--op", action="append", choices=OPS,
                    help="measure only these operations (repeatable; default all). For instruction "
                         "counts, run under valgrind --tool=callgrind with --rounds 1 and --rounds 3: "
                         "the difference is 2 x 400/100/50 calls per state")
    args = ap.parse_args(argv)
    if args.states < 1 or args.rounds < 1:
        ap.error("--states and --rounds must be at least 1")
    counts = [int(p) for p in args.players.split(",") if p.strip()]
    print(f"engine: {engine_kind()}; wall µs, median over {args.states} mid-game states (quiet: no log) "
          f"of the best of {args.rounds} timings")
    print(f"{'game':32}{'players':>8}{'clone':>9}{'to_json':>9}{'from_json':>11}{'bytes':>8}")
    for spec in args.game or DEFAULT_GAMES:
        gid, options = parse_game(spec)
        for n in counts:
            try:
                game = tokyo.load_game(gid, n, **options)
            except tokyo.TokyoError as e:
                print(f"{spec:32}{n:>8}  skipped: {e}")
                continue
            states = mid_game_states(game, args.states)
            texts = {id(s): s.to_json() for s in states}
            size = statistics.median(len(t) for t in texts.values())
            ops = set(args.op or OPS)
            cells = [micro(lambda s: s.clone(), states, 400, args.rounds) if "clone" in ops else None,
                     micro(lambda s: s.to_json(), states, 100, args.rounds) if "to_json" in ops else None,
                     micro(lambda s: game.state_from_json(texts[id(s)]), states, 50, args.rounds)
                     if "from_json" in ops else None]
            shown = "".join(f"{'-' if v is None else f'{v:.1f}':>{w}}" for v, w in zip(cells, (9, 9, 11)))
            print(f"{spec:32}{n:>8}{shown}{size:>8.0f}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
