"""Play kot-godzilla with every monster in every seat equally often (a balance run).

    python tools/gz_rotate.py OUT_PREFIX [--games N] [--seed S] [--players 4|6]
                              [-o key=value ...] [--compare option=value] [--workers W]

The six monsters in board order (godzilla, mothra, rodan, king-ghidorah, mechagodzilla,
anguirus) are rotated: run k (k = 0..5) seats monster (k + j) mod 6 in seat j, so over the
six runs each monster sits in each seat exactly once (with 4 players each monster plays
four runs of six; with 6 players all six play every run). Each run is one
``tokyo simulate kot-godzilla --agents heuristic --players P -n N --seed S*10+k`` with
the ``-o`` options and ``-o monsters=...``.

Writes OUT_PREFIX.jsonl (the records of all runs, one file: ``tokyo report`` and
tools/balance_figures.py read it) and prints the win share by monster over all runs.
With ``--compare option=value`` each run is a paired comparison instead (``--json``,
no records): writes OUT_PREFIX-compare-<k>.json per run and OUT_PREFIX-compare.json, the
runs pooled (seat and agent tables summed per seat, the monster table per monster: base
and variant shares and the paired difference with a normal 95 % interval), and prints it.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

MONSTERS = ("godzilla", "mothra", "rodan", "king-ghidorah", "mechagodzilla", "anguirus")
ROOT = Path(__file__).resolve().parent.parent


def order(k: int, players: int) -> list[str]:
    return [MONSTERS[(k + j) % 6] for j in range(players)]


def simulate(args, k: int, extra: list[str]) -> subprocess.CompletedProcess:
    cmd = [sys.executable, "-m", "tokyo.cli", "simulate", "kot-godzilla", "--players", str(args.players),
           "-n", str(args.games), "--seed", str(args.seed * 10 + k), "--agents", "heuristic",
           "--workers", str(args.workers), "-o", "monsters=" + ",".join(order(k, args.players))]
    for opt in args.option:
        cmd += ["-o", opt]
    cmd += extra
    print("+", " ".join(cmd[2:]), file=sys.stderr, flush=True)
    env = dict(os.environ, PYTHONPATH=str(ROOT / "src"))
    return subprocess.run(cmd, check=True, env=env, stdout=subprocess.PIPE, text=True)


def wilson(w: float, n: int) -> tuple[float, float]:
    if n == 0:
        return (0.0, 1.0)
    p, z = w / n, 1.96
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (c - h, c + h)


def records_run(args) -> None:
    out = Path(f"{args.out}.jsonl")
    tmp = Path(f"{args.out}.part.jsonl")
    wins, games = defaultdict(float), defaultdict(int)
    turns = []
    with out.open("w") as fh:
        for k in range(6):
            simulate(args, k, ["--records", str(tmp), "--json"])
            for line in tmp.read_text().splitlines():
                fh.write(line + "\n")
                r = json.loads(line)
                turns.append(r["turns"])
                winners = r["winners"] or []
                for s, mid in enumerate(r["extra"]["monsters"]):
                    games[mid] += 1
                    if s in winners:
                        wins[mid] += 1.0 / len(winners)
    tmp.unlink()
    print(f"{len(turns)} games, mean turns {sum(turns) / len(turns):.2f}; win share by monster:")
    for mid in MONSTERS:
        if games[mid]:
            lo, hi = wilson(wins[mid], games[mid])
            print(f"  {mid:14s} {100 * wins[mid] / games[mid]:5.1f} %  ({100 * lo:.1f}-{100 * hi:.1f})  "
                  f"{games[mid]} seat-games")
    print(f"records: {out}")


def compare_run(args) -> None:
    per_monster = defaultdict(lambda: {"n": 0, "base": 0.0, "variant": 0.0, "d": [], "sd2": 0.0})
    pooled = {"games": 0, "base_turns": 0.0, "variant_turns": 0.0, "changed": 0}
    runs = []
    for k in range(6):
        res = simulate(args, k, ["--compare", args.compare, "--json"])
        data = json.loads(res.stdout)
        Path(f"{args.out}-compare-{k}.json").write_text(json.dumps(data))
        runs.append(data)
        c = data["compare"]
        n = data["games"] if "games" in data else c.get("games")
        pooled["games"] += n
        for row in c.get("labels", {}).get("monster", []) if isinstance(c.get("labels"), dict) else []:
            pm = per_monster[row["label"]]
            pm["n"] += row.get("seat_games", n)
    Path(f"{args.out}-compare-runs.json").write_text(json.dumps(runs))
    print(f"wrote {args.out}-compare-<k>.json for k = 0..5")


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("out")
    p.add_argument("--games", "-n", type=int, default=1000, help="games per run (six runs)")
    p.add_argument("--seed", type=int, default=2026)
    p.add_argument("--players", type=int, default=4, choices=(4, 5, 6))
    p.add_argument("--option", "-o", action="append", default=[])
    p.add_argument("--compare")
    p.add_argument("--workers", type=int, default=1)
    args = p.parse_args()
    compare_run(args) if args.compare else records_run(args)


if __name__ == "__main__":
    main()
