"""Play kot-godzilla with every monster in every seat equally often (a balance run).

    python tools/gz_rotate.py OUT_PREFIX [--games N] [--seed S] [--players 4|6]
                              [-o key=value ...] [--compare option=value] [--workers W]
    python tools/gz_rotate.py --figure OUT_PREFIX-compare.json PNG   (redraw the monster plot)

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
and variant shares and the paired difference with a normal 95 % interval), and prints it,
and draws that monster table as a forest plot to OUT_PREFIX-compare-monsters.png (the
pictures of ``tokyo report``; the seat plot of tools/balance_figures.py says little here,
every seat holding every monster).
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
    runs = []
    for k in range(6):
        res = simulate(args, k, ["--compare", args.compare, "--json"])
        data = json.loads(res.stdout)
        Path(f"{args.out}-compare-{k}.json").write_text(json.dumps(data))
        runs.append(data)
    pooled = pool(runs, args.players)
    Path(f"{args.out}-compare.json").write_text(json.dumps(pooled))
    c = pooled["compare"]
    print(f"{c['games']} paired games ({c['option']} = {c['base']} / {c['variant']}); mean turns "
          f"{c['turns']['base_mean']:.2f} / {c['turns']['variant_mean']:.2f} "
          f"(difference {c['turns']['difference']:+.2f}, {c['turns']['ci95'][0]:+.2f} to {c['turns']['ci95'][1]:+.2f}); "
          f"winner changed in {c['changed_winner']} games")
    print("win share by monster: base, variant, paired difference (95 %)")
    for row in c["monsters"]:
        lo, hi = row["ci95"]
        print(f"  {row['monster']:14s} {100 * row['base_share']:5.1f} %  {100 * row['variant_share']:5.1f} %  "
              f"{100 * row['difference']:+5.1f} pts ({100 * lo:+.1f} to {100 * hi:+.1f})  {row['seat_games']} seat-games")
    Path(f"{args.out}-compare-monsters.png").write_bytes(monster_png(c))
    print(f"wrote {args.out}-compare.json (pooled), {args.out}-compare-<k>.json (k = 0..5) and "
          f"{args.out}-compare-monsters.png")


def monster_png(comp: dict) -> bytes:
    """The paired win share difference per monster (``compare.monsters``) as a forest plot."""
    sys.path.insert(0, str(ROOT / "src"))
    from tokyo.sim.report import _forest, _plot

    def draw(ax, rows):
        _forest(ax, [r["monster"] for r in rows], rows, "difference", "ci95")
        ax.set_title(f"Win share by monster with {comp['option']} = {str(comp['variant']).lower()} minus "
                     f"{str(comp['base']).lower()}", fontsize=12, loc="left")

    return _plot(draw, 7.5, 1.3 + 0.3 * len(comp["monsters"]), comp["monsters"])


def pool(runs: list[dict], players: int) -> dict:
    """The six comparisons as one, in the shape of ``tokyo simulate --compare --json``
    (seats and the agent pooled over the runs, each run weighted by its games), plus
    ``compare.monsters``: per monster the same figures over the runs it played. A pooled
    difference's interval is the normal interval from the runs' standard errors (each
    taken from its 95 % interval), which are independent."""
    def combine(items):  # [(games, base, variant, diff, ci95)]
        n = sum(i[0] for i in items)
        base = sum(i[0] * i[1] for i in items) / n
        variant = sum(i[0] * i[2] for i in items) / n
        diff = sum(i[0] * i[3] for i in items) / n
        se = math.sqrt(sum((i[0] / n) ** 2 * ((i[4][1] - i[4][0]) / (2 * 1.96)) ** 2 for i in items))
        return n, base, variant, diff, [diff - 1.96 * se, diff + 1.96 * se]

    first = runs[0]["compare"]
    by_seat, by_monster, agents, turns = defaultdict(list), defaultdict(list), [], []
    changed = 0
    for k, run in enumerate(runs):
        c = run["compare"]
        n = c["games"]
        for row in c["seats"]:
            item = (n, row["base_share"], row["variant_share"], row["difference"], row["ci95"])
            by_seat[row["seat"]].append(item)
            by_monster[order(k, players)[row["seat"]]].append(item)
        a = c["agents"][0]
        agents.append((n, a["base_share"], a["variant_share"], a["difference"], a["ci95"]))
        t = c["turns"]
        turns.append((n, t["base_mean"], t["variant_mean"], t["difference"], t["ci95"]))
        changed += c["changed_winner"]
    seats = []
    for seat in sorted(by_seat):
        n, b, v, d, ci = combine(by_seat[seat])
        seats.append({"seat": seat, "agent": "heuristic", "base_share": b, "variant_share": v,
                      "difference": d, "ci95": ci})
    monsters = []
    for mid in MONSTERS:
        if by_monster[mid]:
            n, b, v, d, ci = combine(by_monster[mid])
            monsters.append({"monster": mid, "seat_games": n, "base_share": b, "variant_share": v,
                             "difference": d, "ci95": ci})
    n, b, v, d, ci = combine(agents)
    tn, tb, tv, td, tci = combine(turns)
    return {"compare": {"option": first["option"], "base": first["base"], "variant": first["variant"],
                        "games": tn, "seats": seats,
                        "agents": [{"agent": "heuristic", "base_share": b, "variant_share": v,
                                    "difference": d, "ci95": ci}],
                        "turns": {"base_mean": tb, "variant_mean": tv, "difference": td, "ci95": tci},
                        "changed_winner": changed, "monsters": monsters,
                        "rotation": [order(k, players) for k in range(len(runs))]}}


def main() -> None:
    if len(sys.argv) == 4 and sys.argv[1] == "--figure":  # gz_rotate.py --figure POOLED.json OUT.png
        Path(sys.argv[3]).write_bytes(monster_png(json.loads(Path(sys.argv[2]).read_text())["compare"]))
        return
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
