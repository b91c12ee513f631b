"""Speed of the engine in the working tree against the engine of a base commit, side by side.

Usage: PYTHONPATH=src python benchmarks/bench_compare.py [--base COMMIT] [--rounds R]
           [--case GAME:PLAYERS:AGENT:GAMES[:option=value,...]]...

The base commit's ``src/`` is exported (``git archive``) to a temporary folder. Then, R
rounds: in each, for each case, both engines play the same seeded games in separate
processes, one after the other, the order alternating from round to round (ABBA), so that
a busy machine slows both alike. Each process measures its own CPU time for the games only
(imports excluded). Printed per case: turns per CPU second of each side (median of the
rounds), the ratio working tree / base (median, with the lowest and highest round), and
whether both sides played the very same games (a digest of every record: history,
returns, turns and extras). Games are played as ``tokyo simulate`` plays them: in quiet
mode (no log sentences) where the engine has one. The ratio is the figure to quote; the absolute rates depend on
the machine and its load.

With ``--instructions`` the engines are not timed: valgrind (cachegrind) counts the
instructions each executes for the games (its start-up, measured with no game, taken
off), once per side, which gives the same ratio on a busy machine as on a quiet one. The
ratio is per turn: where both sides play the same games it is that of the totals, and
where they do not (a game whose cards changed since the base) it still compares like
with like.

With ``--compiled`` the working tree's side is its compiled engine: the wheel a normal
install builds (mypyc; see build_support/tokyo_build.py) is built and unpacked into a
temporary folder first (a few minutes), so the ratio is that of the compiled engine over
the base commit's pure-Python one.

Default cases: kot-dark random and heuristic at 2 and 4 players, crisis-tokyo random and
heuristic at 4 players, kot-godzilla random at 4 players (with Evolutions), storyline
and crisis-format random at 2 players.
"""

from __future__ import annotations

import argparse
import hashlib
import inspect
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

DEFAULT_CASES = [
    "kot-dark:2:random:150", "kot-dark:4:random:100",
    "kot-dark:2:heuristic:150", "kot-dark:4:heuristic:100",
    "crisis-tokyo:4:random:6", "crisis-tokyo:4:heuristic:30",
    "kot-godzilla:4:random:60:evolutions=true",
    "storyline:2:random:30", "crisis-format:2:random:40",
]


def parse_case(text: str) -> tuple[str, int, str, int, dict]:
    """``kot-dark:4:random:100[:opt=v,...]`` -> (game, players, agent, games, options)."""
    parts = text.split(":", 4)
    if len(parts) < 4:
        raise SystemExit(f"bad --case {text!r}: GAME:PLAYERS:AGENT:GAMES[:option=value,...] "
                         f"(for example kot-dark:4:random:100)")
    game, players, agent, games = parts[:4]
    options = dict(o.split("=", 1) for o in parts[4].split(",") if o) if len(parts) == 5 else {}
    return game, int(players), agent, int(games), options


def worker(case: str) -> None:
    """Play a case with the engine first on sys.path; print one JSON line."""
    import tokyo
    from tokyo.agents import make_agent
    game_id, players, agent, games, options = parse_case(case)
    game = tokyo.load_game(game_id, players, **options)
    make_agent(agent, game_id)  # its module imported in the 0-game run too (taken off with start-up)
    agents = [[make_agent(agent, game_id) for _ in range(game.num_players)] for _ in range(games)]
    digest = hashlib.sha256()
    turns = steps = 0
    cpu = time.process_time()
    # as tokyo simulate plays: quiet where the engine has a quiet mode (log=False)
    quiet = {"log": False} if "log" in inspect.signature(tokyo.play_game).parameters else {}
    records = [tokyo.play_game(game, agents[seed], seed=seed, **quiet) for seed in range(games)]
    cpu = time.process_time() - cpu
    for r in records:
        d = r.as_dict()
        digest.update(json.dumps({k: d.get(k) for k in ("history", "returns", "turns", "extra")},
                                 sort_keys=True).encode())
        turns += r.turns
        steps += len(r.history)
    print(json.dumps({"cpu": cpu, "turns": turns, "steps": steps, "games": games,
                      "digest": digest.hexdigest()[:16]}))


def run_side(src: Path, case: str) -> dict:
    env = dict(os.environ, PYTHONPATH=str(src), PYTHONHASHSEED="0")
    out = subprocess.run([sys.executable, str(Path(__file__).resolve()), "--worker", case],
                         env=env, capture_output=True, text=True, check=False)
    if out.returncode != 0:
        raise SystemExit(f"{case} failed with the engine in {src}:\n{out.stderr[-2000:]}")
    return json.loads(out.stdout.strip().splitlines()[-1])


def instructions(src: Path, case: str) -> tuple[int, dict]:
    """Instructions the engine in ``src`` executes to play ``case`` (valgrind's cachegrind
    counts them: the same on a busy machine as on a quiet one), the cost of starting the
    worker with no game subtracted; and the worker's JSON line."""
    python = os.path.realpath(sys.executable)  # the interpreter itself, not a shim
    env = dict(os.environ, PYTHONPATH=str(src), PYTHONHASHSEED="0")
    counts, info = [], {}
    for this in (case, ":".join(case.split(":")[:3] + ["0"] + case.split(":")[4:])):
        out = subprocess.run(["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null",
                              python, str(Path(__file__).resolve()), "--worker", this],
                             env=env, capture_output=True, text=True, check=False)
        if out.returncode != 0:
            raise SystemExit(f"{this} failed under valgrind with the engine in {src}:\n{out.stderr[-2000:]}")
        refs = [line for line in out.stderr.splitlines() if "I   refs:" in line or "I refs:" in line]
        if not refs:
            raise SystemExit("valgrind printed no instruction count (is valgrind installed?)")
        counts.append(int(refs[-1].split(":")[1].replace(",", "").strip()))
        info = info or json.loads(out.stdout.strip().splitlines()[-1])
    return counts[0] - counts[1], info


def export(commit: str, into: Path) -> str:
    sha = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", commit], capture_output=True,
                         text=True, check=True).stdout.strip()
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", sha, "src"], capture_output=True, check=True)
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive.stdout, check=True)
    return sha


def compiled_site(into: Path) -> Path:
    """Build the working tree's wheel (compiled with mypyc) and unpack it into ``into``."""
    wheel_dir, site = into / "wheel", into / "site"
    print("building the compiled engine (pip wheel; a few minutes)...", file=sys.stderr)
    built = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-v", "-w", str(wheel_dir), str(ROOT)],
                           capture_output=True, text=True)
    wheels = list(wheel_dir.glob("tokyo_engine-*.whl"))
    if built.returncode != 0 or not wheels or "none-any" in wheels[0].name:
        raise SystemExit("the working tree's engine did not compile:\n"
                         + "\n".join(line for line in built.stdout.splitlines() if "tokyo-engine:" in line or
                                     "error:" in line)[-3000:])
    subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--target", str(site), str(wheels[0])],
                   check=True, capture_output=True)
    return site


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     epilog="Example: PYTHONPATH=src python benchmarks/bench_compare.py "
                                            "--base main --rounds 4 --case kot-dark:4:random:100")
    parser.add_argument("--base", default="HEAD", help="the commit to compare with (default HEAD)")
    parser.add_argument("--rounds", type=int, default=4, help="rounds of paired runs (default 4)")
    parser.add_argument("--case", action="append", metavar="GAME:PLAYERS:AGENT:GAMES[:opts]",
                        help="a batch to play (repeatable; default: " + ", ".join(DEFAULT_CASES) + ")")
    parser.add_argument("--instructions", action="store_true",
                        help="count the instructions each engine executes (valgrind cachegrind, about 50 "
                             "times slower) instead of timing it: one run per side, the same figure on a "
                             "busy machine as on a quiet one")
    parser.add_argument("--compiled", action="store_true",
                        help="compare the working tree's compiled engine (mypyc, as a normal install builds it) "
                             "with the base commit's pure-Python engine")
    parser.add_argument("--compiled-site", metavar="DIR", type=Path,
                        help="with --compiled: a folder where that wheel is already unpacked "
                             "(pip install --no-deps --target DIR WHEEL), instead of building it again")
    parser.add_argument("--worker", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:
        worker(args.worker)
        return 0
    cases = args.case or DEFAULT_CASES
    for c in cases:
        parse_case(c)
    with tempfile.TemporaryDirectory() as tmp:
        sha = export(args.base, Path(tmp))
        sides = {"base": Path(tmp) / "src",
                 "work": ROOT / "src"}
        if args.compiled:
            sides["work"] = args.compiled_site or compiled_site(Path(tmp) / "compiled")
            kind = subprocess.run([sys.executable, "-c", "from tokyo.core.build import engine_kind; "
                                   "print(engine_kind())"], capture_output=True, text=True,
                                  env={**os.environ, "PYTHONPATH": str(sides["work"])}).stdout.strip()
            if not kind.startswith("compiled"):
                raise SystemExit(f"--compiled: the engine in {sides['work']} is {kind or 'not importable'}, "
                                 "not compiled (did its build fall back to pure Python? pip wheel -v says why)")
        dirty = subprocess.run(["git", "-C", str(ROOT), "status", "--porcelain", "src"], capture_output=True,
                               text=True).stdout.strip()
        head = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"], capture_output=True,
                              text=True).stdout.strip()
        print(f"base {sha} against the working tree (HEAD {head}{', with changes in src/' if dirty else ''}"
              f"{', compiled' if args.compiled else ''}); "
              + ("instructions counted by valgrind" if args.instructions else f"{args.rounds} rounds")
              + f", load average {os.getloadavg()[0]:.1f}")
        if args.instructions:
            print(f"{'case':<42} {'base instructions':>18} {'work instructions':>18} {'per turn (base)':>16} "
                  f"{'per turn (work)':>16} {'ratio':>6}  same games")
            for case in cases:
                (b, bi), (w, wi) = instructions(sides["base"], case), instructions(sides["work"], case)
                bt, wt = b / max(bi["turns"], 1), w / max(wi["turns"], 1)
                print(f"{case:<42} {b:>18,} {w:>18,} {bt:>16,.0f} {wt:>16,.0f} {bt / wt:>6.2f}  "
                      f"{'yes' if bi['digest'] == wi['digest'] else 'NO'}")
            print("ratio: base instructions per turn / work instructions per turn (above 1: the working tree "
                  "does less work)")
            return 0
        results: dict[str, dict[str, list[dict]]] = {c: {"base": [], "work": []} for c in cases}
        for r in range(args.rounds):
            for i, case in enumerate(cases):
                order = ("base", "work") if (r + i) % 2 == 0 else ("work", "base")
                for side in order:
                    results[case][side].append(run_side(sides[side], case))
            print(f"  round {r + 1}/{args.rounds} done", file=sys.stderr)
    print(f"{'case':<42} {'base turns/CPU s':>16} {'work turns/CPU s':>16} {'ratio':>6}  {'(low-high)':<12} same games")
    for case in cases:
        rate = {s: [x["turns"] / x["cpu"] for x in results[case][s]] for s in ("base", "work")}
        ratios = [w / b for w, b in zip(rate["work"], rate["base"])]
        same = len({x["digest"] for s in ("base", "work") for x in results[case][s]}) == 1
        print(f"{case:<42} {statistics.median(rate['base']):>16,.0f} {statistics.median(rate['work']):>16,.0f} "
              f"{statistics.median(ratios):>6.2f}  ({min(ratios):.2f}-{max(ratios):.2f})  {'yes' if same else 'NO'}")
    print("ratio: the median of the rounds' ratios (each round pairs the two sides, so a busy moment slows "
          "both); it need not equal the ratio of the two median rates beside it, which are not paired")
    return 0


if __name__ == "__main__":
    sys.exit(main())
