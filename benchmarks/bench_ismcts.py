"""Speed of the ismcts search agent: simulations per second per game, on one core.

Usage: PYTHONPATH=src python benchmarks/bench_ismcts.py [--sims N] [--positions P] [--players 2,4]
       [--games kot-dark,kot-godzilla,crisis-tokyo,storyline,crisis-format] [--rollouts heuristic,random]

For each game and player count it collects P decision positions of seat 0 (every one with
more than one legal action) from random games (fixed seeds, taken through the game from
the start to the end), runs one ``ismcts:sims=N`` search on each, and prints simulations
(iterations: determinize, descend, expand, roll out, back up) per second of wall clock
and per second of process CPU, for heuristic and random rollouts, with the mean length of
a rollout in engine steps (decisions and chance outcomes). Wall-clock figures are low
when the machine is busy; compare the CPU column then.
"""

from __future__ import annotations

import argparse
import platform
import random
import importlib.util
import os
import sys
import time
from pathlib import Path

# the engine this Python imports (a normal install: maybe compiled; PYTHONPATH=DIR for
# a compiled build unpacked there), else the working tree's sources
if importlib.util.find_spec("tokyo") is None:
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

import tokyo  # noqa: E402
from tokyo.agents import RandomAgent, make_agent  # noqa: E402
from tokyo.agents import ismcts as ismcts_module  # noqa: E402
from tokyo.core import sample_chance  # noqa: E402


def positions(game, count: int, seed: int = 0) -> list:
    """``count`` positions where seat 0 has a choice, spread over random games."""
    found = []
    rng = random.Random(seed)
    while len(found) < count:
        state = game.new_initial_state()
        agents = [RandomAgent() for _ in range(game.num_players)]
        for i, a in enumerate(agents):
            a.reset(rng.getrandbits(32), i)
        candidates = []
        while not state.is_terminal():
            p = state.current_player()
            if p < 0:
                state.apply_action(sample_chance(state, rng))
                continue
            if p == 0 and len(state.legal_texts()) > 1:
                candidates.append(state.clone())
            state.apply_action(agents[p].step(state))
        if candidates:  # a few positions per game, from its start to its end
            k = min(len(candidates), max(1, count // 4), count - len(found))
            found += [candidates[round(i * (len(candidates) - 1) / max(1, k - 1))] for i in range(k)]
    return found


def measure(game, states, spec: str) -> dict:
    agent = make_agent(spec, game.game_id)
    agent.reset(1, 0)
    decisions = [0]
    simulate = ismcts_module.ISMCTSAgent._simulate

    def counting(self, st, n, policies):  # count rollout steps (small overhead)
        before = len(st._history)
        out = simulate(self, st, n, policies)
        decisions[0] += len(st._history) - before
        return out

    sims = 0
    ismcts_module.ISMCTSAgent._simulate = counting
    try:
        start, cpu = time.perf_counter(), time.process_time()
        for state in states:
            agent.step(state)
            sims += agent.last_iterations
        wall, cpu = time.perf_counter() - start, time.process_time() - cpu
    finally:
        ismcts_module.ISMCTSAgent._simulate = simulate
    # a compiled agent calls its own _simulate, not the counting one: no count then (the
    # games are the same on both engines, so the pure engine's count holds for it too)
    steps = decisions[0] / sims if decisions[0] else None
    return {"sims": sims, "wall": wall, "cpu": cpu, "per_s": sims / wall, "per_cpu_s": sims / cpu,
            "rollout_steps": steps}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sims", type=int, default=100, help="simulations per search (default 100)")
    ap.add_argument("--positions", type=int, default=8, help="searches per game and player count (default 8)")
    ap.add_argument("--players", default="2,4", help="player counts, comma-separated (default 2,4)")
    ap.add_argument("--games", default="kot-dark,kot-godzilla,crisis-tokyo,storyline,crisis-format",
                    help="game ids, comma-separated (default: every game)")
    ap.add_argument("--rollouts", default="heuristic,random",
                    help="rollout policies, comma-separated (default heuristic,random)")
    args = ap.parse_args(argv)

    print(f"ismcts:sims={args.sims}, {args.positions} positions per row, one core, "
          f"Python {platform.python_version()}")
    print(f"{'game':14}{'players':>8}{'rollout':>11}{'sims':>7}{'wall s':>9}{'cpu s':>8}"
          f"{'sims/s':>9}{'sims/cpu s':>12}{'steps/rollout':>15}")
    busy = False
    for game_id in args.games.split(","):
        for players in (int(p) for p in args.players.split(",")):
            game = tokyo.load_game(game_id, players=players)
            states = positions(game, args.positions)
            for rollout in args.rollouts.split(","):
                r = measure(game, states, f"ismcts:sims={args.sims},rollout={rollout}")
                busy |= r["cpu"] < 0.9 * r["wall"]
                print(f"{game_id:14}{players:>8}{rollout:>11}{r['sims']:>7}{r['wall']:>9.2f}{r['cpu']:>8.2f}"
                      f"{r['per_s']:>9.1f}{r['per_cpu_s']:>12.1f}"
                      f"{'-' if r['rollout_steps'] is None else format(r['rollout_steps'], '.1f'):>15}", flush=True)
    if busy:
        print("note: cpu time well below wall time: the machine is busy, wall-clock figures are low")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
