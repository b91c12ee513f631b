"""Events and game length in kot-godzilla, from game records.

    python tools/gz_event_length.py RECORDS.jsonl [...]

The engine has no option to play without Events, so this uses a natural experiment: how
many Event cards the shuffled deck happens to put in the opening market (the first three
``reveal <id>`` outcomes of a history, before any decision) is chance alone. Mean game
length by that number (0-3) shows what Events in play do to the length; the number of
Events revealed over the whole game (which grows with the length itself, so it is only a
description) and the share of games in which an Event was bought are printed too.
"""

from __future__ import annotations

import json
import math
import sys
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))


def main() -> None:
    import tokyo
    game = tokyo.load_game("kot-godzilla", players=4)
    events = {cid for cid in game._cards if game.card(cid).type == "event"}
    by_open = defaultdict(list)
    revealed, n = 0, 0
    for path in sys.argv[1:]:
        with open(path) as fh:
            for line in fh:
                r = json.loads(line)
                reveals = [a.split()[1] for a in r["history"] if a.startswith("reveal ")]
                by_open[sum(1 for c in reveals[:3] if c in events)].append(r["turns"])
                revealed += sum(1 for c in reveals if c in events)
                n += 1
    print(f"{n} games; Events revealed per game: {revealed / n:.2f}")
    print("Events in the opening market | games | mean turns | 95 % interval")
    for k in sorted(by_open):
        t = by_open[k]
        mean = sum(t) / len(t)
        sd = math.sqrt(sum((x - mean) ** 2 for x in t) / max(1, len(t) - 1))
        h = 1.96 * sd / math.sqrt(len(t))
        print(f"{k} | {len(t):,} | {mean:.2f} | {mean - h:.2f}-{mean + h:.2f}")


if __name__ == "__main__":
    main()
