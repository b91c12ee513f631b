"""The Crisis Format with the opponent's seat taken (``-o opponent=seat``): players' win
rate against each kind of agent in that seat, on the same seeds.

    python tools/cf_opponent_seat.py [-n GAMES] [--players P] [--seed S] [--players-agent heuristic]
                                     [--seat random,heuristic] [--records PREFIX]

``tokyo simulate`` cannot play these games: it gives every seat of the ``--players``
count an agent, and with ``opponent=seat`` the game has one seat more (the opponent's,
last). This plays them with ``tokyo.play_game`` instead: game i has seed S*1000003+i (as in
``tokyo simulate``), the players' seats get ``--players-agent``, the opponent's seat each
agent of ``--seat`` in turn (``random`` makes the automated opponent's choices with its
odds, §22.2.6). Prints, per seat agent, the players' wins, the opponent's wins and the draws,
and the difference of the players' win rates between the first seat agent and each other
with Newcombe's 95 % interval. ``--records PREFIX`` writes PREFIX-<agent>.jsonl (records as
``tokyo simulate --records`` writes them; tools/cf_stats.py reads them).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))


def main(argv=None) -> int:
    import tokyo
    from tokyo.agents import make_agent
    from tokyo.sim.batch import game_seed
    from tokyo.sim.stats import newcombe, wilson

    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("-n", "--games", type=int, default=200)
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--players-agent", default="heuristic")
    ap.add_argument("--seat", default="random,heuristic", help="agents for the opponent's seat, comma-separated")
    ap.add_argument("--records", metavar="PREFIX")
    args = ap.parse_args(argv)
    game = tokyo.load_game("crisis-format", players=args.players, opponent="seat")
    results = {}
    for spec in [s.strip() for s in args.seat.split(",") if s.strip()]:
        ends = Counter()
        out = open(f"{args.records}-{spec.partition(':')[0]}.jsonl", "w") if args.records else None
        for i in range(args.games):
            bots = [make_agent(args.players_agent, "crisis-format") for _ in range(args.players)]
            bots.append(make_agent(spec, "crisis-format"))
            rec = tokyo.play_game(game, bots, seed=game_seed(args.seed, i))
            ends[rec.extra["win_by"]] += 1
            if out is not None:
                out.write(json.dumps(rec.as_dict()) + "\n")
        if out is not None:
            out.close()
        results[spec] = ends
        won = ends["players"]
        lo, hi = wilson(won, args.games)
        print(f"opponent's seat {spec}: players win {won}/{args.games} = {won / args.games:.3f} "
              f"(95% {lo:.3f}-{hi:.3f}); opponent {ends['opponent']}, draws {ends['last-act'] + ends['loop']}")
    specs = list(results)
    for other in specs[1:]:
        k1, k2 = results[specs[0]]["players"], results[other]["players"]
        lo, hi = newcombe(k1, args.games, k2, args.games)
        print(f"players' win rate, {specs[0]} seat minus {other} seat: {(k1 - k2) / args.games:+.3f} "
              f"(95% {lo:+.3f}..{hi:+.3f})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
