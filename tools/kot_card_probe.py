"""Is a card the bots never buy weak, or does the bot undervalue it? (kot, docs/balance/kot.md)

    python tools/kot_card_probe.py CARD [CARD ...] [-n 4000] [--seed 7] [--players 4]
        [--value V] [--workers 2]

For each CARD, plays N games twice with the same seeds (game i: seed S*1000003+i, as
``tokyo simulate``): once with every seat the heuristic bot (the base), once with one seat,
the probe (seat i mod P, so every seat is the probe equally often), playing a bot that
values CARD at V stars (default: 0.4 stars per energy of its cost plus 1, so it buys the
card whenever it can afford it early in the game; scaled down late in the game like every
KEEP value). Everything else about the probe is the ordinary heuristic.

Prints, per card: in how many games the probe bought it; the probe seat's win share in the
base and with the probe, and their paired difference with its 95 % interval (the causal
effect of buying the card whenever affordable, diluted by the games where it never showed
up); and the same restricted to the games where the probe bought the card (paired with the
same seeds of the base: still a comparison of the same seat in the same deal, but the games
where the card was bought are not a random half). A clearly negative effect says the card
is weak (or expensive) for a player who plays it as this bot does; a clearly positive one
says the bot's table undervalues it.

The base run is played once and shared by every CARD.
"""

from __future__ import annotations

import argparse
import math
import sys
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from tokyo.agents import make_agent  # noqa: E402
from tokyo.agents.kot_heuristic import KotHeuristicAgent  # noqa: E402
from tokyo.core.registry import load_game  # noqa: E402
from tokyo.core.runner import play_game  # noqa: E402
from tokyo.sim.batch import game_seed  # noqa: E402
from tokyo.sim.compare import paired_interval  # noqa: E402


class ProbeAgent(KotHeuristicAgent):  # type: ignore[type-arg]
    """The heuristic bot, valuing one card at ``probe_value`` stars (early in the game)."""

    probe_card = ""
    probe_value = 0.0

    def card_value(self, state, m, cid):  # type: ignore[no-untyped-def]
        v = super().card_value(state, m, cid)
        if cid == self.probe_card:
            v = max(v, self.probe_value * self._stage(state))
        return v


_ARGS: dict = {}


def _play(job: tuple[str, int]) -> tuple[int, bool, int]:
    """Game ``index`` with ``card`` probed ('' = the base): (probe seat, probe won, probe bought)."""
    card, index = job
    players, seed = _ARGS["players"], _ARGS["seed"]
    game = load_game("kot", players)
    probe = index % players
    bots = [make_agent("heuristic", "kot") for _ in range(players)]
    if card:
        agent = ProbeAgent()
        agent.probe_card = card
        agent.probe_value = _ARGS["values"][card]
        bots[probe] = agent
    rec = play_game(game, bots, seed=game_seed(seed, index), log=False)
    bought = card in rec.extra.get("cards", [[]] * players)[probe] if card else False
    return probe, probe in rec.winners, int(bought)


def _share(xs: list[float]) -> float:
    return sum(xs) / len(xs) if xs else math.nan


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("cards", nargs="+")
    ap.add_argument("-n", type=int, default=4000)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--value", type=float, default=None, help="stars (default: 0.4 x cost + 1)")
    ap.add_argument("--workers", type=int, default=2)
    a = ap.parse_args()
    game = load_game("kot", a.players)
    values = {c: a.value if a.value is not None else 0.4 * game.card(c).cost + 1.0 for c in a.cards}
    _ARGS.update(players=a.players, seed=a.seed, values=values)
    with Pool(a.workers) as pool:
        base = pool.map(_play, [("", i) for i in range(a.n)], chunksize=50)
        base_won = [float(w) for _, w, _ in base]
        print(f"{a.n} games, {a.players} players, seed {a.seed}; the probe seat (i mod {a.players}) wins "
              f"{100 * _share(base_won):.1f} % in the base")
        print("card | value | games bought | probe win share: base -> probe, paired difference (95 %) "
              "| in the games bought: base -> probe, difference (95 %)")
        for card in a.cards:
            res = pool.map(_play, [(card, i) for i in range(a.n)], chunksize=50)
            won = [float(w) for _, w, _ in res]
            d = [v - b for b, v in zip(base_won, won)]
            lo, hi = paired_interval(d) or [math.nan, math.nan]
            idx = [i for i, (_, _, b) in enumerate(res) if b]
            db = [won[i] - base_won[i] for i in idx]
            blo, bhi = paired_interval(db) or [math.nan, math.nan]
            print(f"{card} | {values[card]:.1f} | {len(idx)} | {100 * _share(base_won):.1f} -> "
                  f"{100 * _share(won):.1f} %, {100 * _share(d):+.1f} pts ({100 * lo:+.1f} to {100 * hi:+.1f}) | "
                  f"{100 * _share([base_won[i] for i in idx]):.1f} -> {100 * _share([won[i] for i in idx]):.1f} %, "
                  f"{100 * _share(db):+.1f} pts ({100 * blo:+.1f} to {100 * bhi:+.1f})", flush=True)


if __name__ == "__main__":
    main()
