"""Per-Evolution figures of kot-godzilla games, from the records' histories.

    python tools/gz_evolution_stats.py RECORDS.jsonl [RECORDS2.jsonl ...] [--markdown] [--json OUT]

RECORDS are files from ``tokyo simulate kot-godzilla -o evolutions=true --records FILE.jsonl``
(or tools/gz_rotate.py). Every Evolution belongs to one monster, so the seat of each
``evolution <id>`` (a draw, a chance outcome), ``keep <id>`` and ``evolve <id>`` in a history
is the seat of its monster (``extra.monsters``). Per Evolution, over the seat-games of its
monster:

- drawn: draws (a card shuffled back at set-up may be drawn again, so draws can exceed
  seat-games), kept: times kept, played: times played, and play/keep (played / kept,
  above 100 % is impossible except when a reshuffled deck brings it back);
- seat-games played: seat-games in which it was played at least once, with the win share
  of those seat-games against the monster's other seat-games (the difference, like the
  card table of ``tokyo simulate``: a correlation, not a cause: a card played late in
  long games looks worse, one played by a monster already winning looks better).

A shared win counts 1/winners. Also prints the monster's win share and the share of
kept Evolutions it never played by the end of the game (dead in hand).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))


def owners() -> dict[str, str]:
    """Evolution id -> monster id, from the game data."""
    import tokyo
    game = tokyo.load_game("kot-godzilla", players=4, evolutions=True)
    out = {}
    for mid, deck in game.evolution_decks().items():
        for eid in deck:
            out[eid] = mid
    return out


def collect(paths):
    own = owners()
    evo = defaultdict(lambda: defaultdict(float))
    mon = defaultdict(lambda: defaultdict(float))
    for path in paths:
        with open(path) as fh:
            for line in fh:
                r = json.loads(line)
                monsters = r["extra"]["monsters"]
                seat_of = {mid: s for s, mid in enumerate(monsters)}
                winners = r["winners"] or []
                share = {s: 1.0 / len(winners) for s in winners}
                counts = defaultdict(lambda: defaultdict(int))
                for a in r["history"]:
                    w = a.split()
                    if len(w) == 2 and w[0] in ("evolution", "keep", "evolve") and w[1] in own:
                        counts[w[1]][w[0]] += 1
                for mid in monsters:
                    s = seat_of[mid]
                    mon[mid]["n"] += 1
                    mon[mid]["wins"] += share.get(s, 0.0)
                for eid, mid in own.items():
                    if mid not in seat_of:
                        continue
                    c = counts.get(eid, {})
                    e = evo[eid]
                    e["n"] += 1
                    e["drawn"] += c.get("evolution", 0)
                    e["kept"] += c.get("keep", 0)
                    e["played"] += c.get("evolve", 0)
                    if c.get("evolve", 0):
                        e["games_played"] += 1
                        e["wins_played"] += share.get(seat_of[mid], 0.0)
                    if c.get("keep", 0) > c.get("evolve", 0):
                        e["dead_in_hand"] += c.get("keep", 0) - c.get("evolve", 0)
    return own, evo, mon


def rows(own, evo, mon):
    out = []
    for eid, mid in own.items():
        e, m = evo.get(eid), mon.get(mid)
        if not e or not m:
            continue
        gp, n = e["games_played"], e["n"]
        wp = e["wins_played"] / gp if gp else None
        rest = n - gp
        wr = (m["wins"] - e["wins_played"]) / rest if rest else None
        out.append({"evolution": eid, "monster": mid, "seat_games": int(n), "drawn": int(e["drawn"]),
                    "kept": int(e["kept"]), "played": int(e["played"]),
                    "play_per_keep": e["played"] / e["kept"] if e["kept"] else None,
                    "seat_games_played": int(gp), "win_played": wp, "win_not_played": wr,
                    "difference": (wp - wr) if wp is not None and wr is not None else None,
                    "monster_share": m["wins"] / m["n"]})
    return out


def pct(x):
    return "-" if x is None else f"{100 * x:.1f} %"


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("records", nargs="+")
    p.add_argument("--markdown", action="store_true", help="a Markdown table")
    p.add_argument("--json", help="also write the rows as JSON to this file")
    args = p.parse_args()
    own, evo, mon = collect(args.records)
    table = rows(own, evo, mon)
    if args.json:
        Path(args.json).write_text(json.dumps(table, indent=1))
    if args.markdown:
        print("| Evolution (monster) | kept | played | played/kept | seat-games played | win share played | not played | difference |")
        print("|---|---:|---:|---:|---:|---:|---:|---:|")
        for r in table:
            diff = "-" if r["difference"] is None else f"{100 * r['difference']:+.1f} pts"
            print(f"| {r['evolution']} ({r['monster']}) | {r['kept']:,} | {r['played']:,} | {pct(r['play_per_keep'])} | "
                  f"{r['seat_games_played']:,} | {pct(r['win_played'])} | {pct(r['win_not_played'])} | {diff} |")
        return
    last = None
    for r in table:
        if r["monster"] != last:
            last = r["monster"]
            print(f"\n{last}: win share {pct(r['monster_share'])} over {r['seat_games']} seat-games")
            print(f"  {'evolution':24s} {'drawn':>6s} {'kept':>6s} {'played':>6s} {'pl/kept':>8s} {'games pl':>8s} "
                  f"{'win pl':>7s} {'win not':>7s} {'diff':>7s}")
        diff = "-" if r["difference"] is None else f"{100 * r['difference']:+.1f}"
        print(f"  {r['evolution']:24s} {r['drawn']:6d} {r['kept']:6d} {r['played']:6d} {pct(r['play_per_keep']):>8s} "
              f"{r['seat_games_played']:8d} {pct(r['win_played']):>7s} {pct(r['win_not_played']):>7s} {diff:>7s}")


if __name__ == "__main__":
    main()
