"""Crisis Format (``crisis-format``) figures that ``tokyo simulate``'s summary leaves out.

    python tools/cf_stats.py RECORDS.jsonl [RECORDS2.jsonl ...] [--markdown] [--json OUT]

RECORDS are files from ``tokyo simulate crisis-format --records FILE.jsonl``; files of
different player counts are reported one count at a time. Everything is read from each
record's ``extra`` (CrisisState.record_extra): ``win_by``, ``crises``, ``crisis_outcomes``,
``crisis_chapters``, ``lose``, ``pool`` and ``opponent_story``. Per player count:

- how games end: the players win (``players``), the opponent wins (``opponent``), a draw at
  the end of the last Act (``last-act``, ruling S8) or by the loop rule (``loop``, S9); the
  players' win rate with its 95 % Wilson interval;
- the Lose conditions (§16) met, per game, and their shares: in this format every one
  of them gives the opponent its Story Point (§22.9.11), so their shares say what fed the
  opponent; also over the games the opponent won;
- per Crisis Storyline: the games it was in, how often it flipped (its final Chapter
  completed, §22.8), was destroyed (§22.7) or still stood at the end, the highest Chapter
  it reached on average, and the players' win rate in the games with it against the games
  without it (the difference with Newcombe's 95 % interval: with N Crises a game, every
  game counts for each of its N, so a Crisis paired with strong ones looks weaker);
  and the players' win rate in its games split by its outcome (a correlation: a Crisis
  is destroyed in the games the players were winning anyway).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

ENDS = ("players", "opponent", "last-act", "loop")
LOSE = ("treasury", "deck", "wreckage", "homeworld")


def read(paths):
    """Records by number of players (the players, not counting an opponent's seat)."""
    by_n = defaultdict(list)
    for path in paths:
        with open(path) as fh:
            for line in fh:
                if line.strip():
                    rec = json.loads(line)
                    by_n[len(rec["extra"]["crises"])].append(rec)
    return dict(sorted(by_n.items()))


def figures(records) -> dict:
    from tokyo.sim.stats import newcombe, wilson
    games = len(records)
    ends = Counter(r["extra"]["win_by"] for r in records)
    won = ends["players"]
    lose = Counter()
    lose_opp = Counter()
    opp_games = 0
    per = defaultdict(lambda: {"games": 0, "wins": 0, "outcome": Counter(), "outcome_wins": Counter(),
                               "chapter": 0})
    for r in records:
        x = r["extra"]
        win = x["win_by"] == "players"
        for k in LOSE:
            lose[k] += x["lose"].get(k, 0)
        if x["win_by"] == "opponent":
            opp_games += 1
            for k in LOSE:
                lose_opp[k] += x["lose"].get(k, 0)
        for c in x["crises"]:
            p = per[c]
            p["games"] += 1
            p["wins"] += win
            o = x["crisis_outcomes"][c]
            p["outcome"][o] += 1
            p["outcome_wins"][o] += win
            p["chapter"] += x["crisis_chapters"][c]
    lo, hi = wilson(won, games)
    total_lose = sum(lose.values()) or 1
    total_opp = sum(lose_opp.values()) or 1
    crises = {}
    for c, p in sorted(per.items()):
        n1, k1 = p["games"], p["wins"]
        n2, k2 = games - n1, won - k1
        diff = (k1 / n1 - k2 / n2) if n1 and n2 else None
        ci = list(newcombe(k1, n1, k2, n2)) if n1 and n2 else None
        crises[c] = {
            "games": n1,
            "flipped": p["outcome"]["flipped"] / n1, "destroyed": p["outcome"]["destroyed"] / n1,
            "standing": p["outcome"]["standing"] / n1, "mean_chapter": p["chapter"] / n1,
            "win_with": k1 / n1, "win_without": (k2 / n2) if n2 else None, "difference": diff,
            "difference_ci95": ci,
            "win_when": {o: (p["outcome_wins"][o] / p["outcome"][o]) if p["outcome"][o] else None
                         for o in ("destroyed", "flipped", "standing")},
        }
    return {
        "games": games,
        "ends": {k: ends[k] for k in ENDS},
        "players_win": won / games if games else 0.0, "players_win_ci95": [lo, hi],
        "mean_turns": sum(r["turns"] for r in records) / games if games else None,
        "mean_pool": sum(r["extra"]["pool"] for r in records) / games if games else None,
        "mean_opponent_story": sum(r["extra"]["opponent_story"] for r in records) / games if games else None,
        "lose_per_game": {k: lose[k] / games for k in LOSE},
        "lose_share": {k: lose[k] / total_lose for k in LOSE},
        "opponent_wins": opp_games,
        "lose_share_in_opponent_wins": {k: lose_opp[k] / total_opp for k in LOSE},
        "crises": crises,
    }


def pct(x):
    return "-" if x is None else f"{100 * x:.1f} %"


def markdown(n: int, f: dict) -> str:
    e = f["ends"]
    g = f["games"]
    lo, hi = f["players_win_ci95"]
    out = [f"### {n} player{'s' if n > 1 else ''}: {g} games", "",
           f"Players win {pct(f['players_win'])} (95 % {pct(lo)} - {pct(hi)}); the opponent wins "
           f"{pct(e['opponent'] / g)}; draws at the end of the last Act {pct(e['last-act'] / g)}"
           + (f", by the loop rule {pct(e['loop'] / g)}" if e["loop"] else "")
           + f". Mean length {f['mean_turns']:.1f} turns; mean pool {f['mean_pool']:.2f}, mean opponent total "
           f"{f['mean_opponent_story']:.2f}.", "",
           "| Lose condition | per game | share of all | share in the opponent's wins |", "|---|---|---|---|"]
    for k in LOSE:
        out.append(f"| {k} | {f['lose_per_game'][k]:.2f} | {pct(f['lose_share'][k])} | "
                   f"{pct(f['lose_share_in_opponent_wins'][k])} |")
    out += ["", "| Crisis Storyline | games | flipped | destroyed | standing | mean highest Chapter | "
                "players win with | without | difference (95 %) | win when destroyed | when flipped |",
            "|---|---|---|---|---|---|---|---|---|---|---|"]
    for c, x in f["crises"].items():
        ci = x["difference_ci95"]
        d = "-" if x["difference"] is None else (f"{100 * x['difference']:+.1f} ({100 * ci[0]:+.1f} .. "
                                                  f"{100 * ci[1]:+.1f})")
        out.append(f"| `{c}` | {x['games']} | {pct(x['flipped'])} | {pct(x['destroyed'])} | {pct(x['standing'])} | "
                   f"{x['mean_chapter']:.2f} | {pct(x['win_with'])} | {pct(x['win_without'])} | {d} | "
                   f"{pct(x['win_when']['destroyed'])} | {pct(x['win_when']['flipped'])} |")
    return "\n".join(out)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("records", nargs="+")
    ap.add_argument("--markdown", action="store_true", help="print Markdown tables")
    ap.add_argument("--json", metavar="OUT", help="also write every figure to OUT as JSON")
    args = ap.parse_args(argv)
    result = {n: figures(recs) for n, recs in read(args.records).items()}
    if args.json:
        Path(args.json).write_text(json.dumps(result, indent=1, sort_keys=True))
    for n, f in result.items():
        if args.markdown:
            print(markdown(n, f))
            print()
        else:
            print(json.dumps({"players": n, **f}, indent=1, sort_keys=True))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
