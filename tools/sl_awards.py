"""Where Storyline's Story Points come from, per deck: play games between heuristic bots and
count every gain by the rule that gave it.

    python tools/sl_awards.py [--games 1000] [--players 2] [--seed 1000]

Prints, per deck, its win share and the Story Points its seats gained per seat-game under each
rule: 15.2.2 (a Character felled), 15.2.3 (a card destroyed), 16.7.1 (an opponent met a Lose
condition) and 8.10.1 (a Storyline completed). ``tokyo simulate`` does not record this, so the
tool counts calls of ``StorylineState.gain_story`` (the one place Story Points are gained in the
competitive game) while it plays; game ``i`` uses seed ``seed + i``.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter, defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--players", type=int, default=2, choices=(2, 3, 4))
    ap.add_argument("--seed", type=int, default=1000)
    args = ap.parse_args(argv)

    import tokyo
    from tokyo.agents import make_agent
    from tokyo.games.storyline.state import StorylineState

    tally: dict[str, Counter] = defaultdict(Counter)
    gain = StorylineState.gain_story

    def counted(self, seats, n, key, why):
        for p in seats:
            tally[self.players[p]["deck_id"]][key] += n
        return gain(self, seats, n, key, why)

    StorylineState.gain_story = counted
    games, wins = Counter(), Counter()
    game = tokyo.load_game("storyline", players=args.players)
    try:
        for i in range(args.games):
            state = game.new_initial_state()
            tokyo.play_game(game, [make_agent("heuristic", "storyline") for _ in range(args.players)],
                            seed=args.seed + i, state=state)
            for p, pl in enumerate(state.players):
                games[pl["deck_id"]] += 1
                wins[pl["deck_id"]] += p in state.winners
    finally:
        StorylineState.gain_story = gain
    keys = ("15.2.2", "15.2.3", "16.7.1", "8.10.1")
    print("| deck | seat-games | win share | " + " | ".join(keys) + " |")
    print("|---|---:|---:|" + "---:|" * len(keys))
    for d in sorted(games):
        g = games[d]
        print(f"| {d} | {g} | {100 * wins[d] / g:.1f} % | "
              + " | ".join(f"{tally[d][k] / g:.2f}" for k in keys) + " |")


if __name__ == "__main__":
    main()
