"""The game stream: digests of a few hundred seeded games per game id, so that any change
to what the engines play (a die, a card, a bot's choice, a record's extras) shows.

Speed work (issue 13) must leave every seeded game exactly as it was; a rules fix or a
card change may change them, deliberately. ``tests/sim/test_game_stream.py`` plays the
batches below and compares them with tests/sim/data/game_stream.json; when a change of the
stream is meant, regenerate the file and say so in the commit message:

    PYTHONPATH=src python tools/game_stream.py            # compare, print what differs
    PYTHONPATH=src python tools/game_stream.py --write    # rewrite the stored digests

Each batch is one game id, player count, options and agent kind, played with
``tokyo.play_game`` at seeds 0..n-1. A game's digest is the SHA-256 (first 12 hex digits)
of its record as canonical JSON (history, returns, winners, turns, extras); a batch's
digest is the SHA-256 of its games' digests, stored with them so that a difference names
the first seed that plays otherwise.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "tests" / "sim" / "data" / "game_stream.json"

# (game id, players, options, agent spec, games)
BATCHES: list[tuple[str, int, dict, str, int]] = [
    ("kot-dark", 2, {}, "random", 100),
    ("kot-dark", 4, {}, "random", 100),
    ("kot-dark", 2, {}, "heuristic", 50),
    ("kot-dark", 5, {}, "heuristic", 50),
    ("kot", 3, {}, "random", 50),
    ("kot", 6, {}, "heuristic", 50),
    ("kot-godzilla", 4, {}, "random", 50),
    ("kot-godzilla", 3, {}, "heuristic", 50),
    ("kot-godzilla", 4, {"evolutions": True}, "random", 50),
    ("kot-godzilla", 2, {"evolutions": True}, "heuristic", 50),
    ("crisis-tokyo", 2, {}, "random", 30),
    ("crisis-tokyo", 4, {}, "random", 20),
    ("crisis-tokyo", 3, {}, "heuristic", 50),
    ("crisis-tokyo", 5, {}, "heuristic", 50),
    ("storyline", 2, {}, "random", 50),
    ("storyline", 4, {}, "random", 50),
    ("storyline", 3, {}, "heuristic", 50),
    ("crisis-format", 1, {}, "random", 50),
    ("crisis-format", 4, {}, "random", 50),
    ("crisis-format", 2, {}, "heuristic", 20),
]


def batch_key(game_id: str, players: int, options: dict, agent: str) -> str:
    opts = ",".join(f"{k}={v}" for k, v in sorted(options.items()))
    return f"{game_id} {players}p {agent}" + (f" {opts}" if opts else "")


def record_digest(record) -> str:
    data = record.as_dict()
    text = json.dumps({k: data.get(k) for k in ("history", "returns", "winners", "turns", "extra")},
                      sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:12]


def play_batch(game_id: str, players: int, options: dict, agent: str, games: int, log: bool = False) -> dict:
    """{"games": [digest per seed], "digest": batch digest, "turns": total turns}. Games are
    played as ``tokyo simulate`` plays them (quiet: ``log=False``); the test plays some
    with the log too, to check that quiet mode plays the same games."""
    import tokyo
    from tokyo.agents import make_agent
    game = tokyo.load_game(game_id, players, **options)
    digests, turns = [], 0
    for seed in range(games):
        record = tokyo.play_game(game, [make_agent(agent, game_id) for _ in range(game.num_players)],
                                 seed=seed, log=log)
        digests.append(record_digest(record))
        turns += record.turns
    return {"games": digests, "turns": turns,
            "digest": hashlib.sha256("".join(digests).encode()).hexdigest()[:16]}


def compare(stored: dict, key: str, now: dict) -> str | None:
    """None when the batch plays as stored, else a sentence naming the first seed that differs."""
    old = stored.get(key)
    if old is None:
        return f"{key}: no stored digests (run tools/game_stream.py --write)"
    if old["digest"] == now["digest"]:
        return None
    for seed, (a, b) in enumerate(zip(old["games"], now["games"])):
        if a != b:
            return f"{key}: seed {seed} plays otherwise (and {sum(x != y for x, y in zip(old['games'], now['games']))} " \
                   f"of {len(now['games'])} games in all)"
    return f"{key}: {len(old['games'])} games stored, {len(now['games'])} played"


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--write", action="store_true", help="rewrite tests/sim/data/game_stream.json")
    parser.add_argument("--game", action="append", help="only these game ids (repeatable)")
    args = parser.parse_args(argv)
    stored = json.loads(DATA.read_text()) if DATA.exists() else {}
    out, bad = dict(stored), 0
    for game_id, players, options, agent, games in BATCHES:
        if args.game and game_id not in args.game:
            continue
        key = batch_key(game_id, players, options, agent)
        start = time.process_time()
        now = play_batch(game_id, players, options, agent, games)
        diff = compare(stored, key, now)
        bad += diff is not None
        print(f"{key:<40} {games:>4} games {now['turns']:>6} turns {time.process_time() - start:6.1f} CPU s  "
              + ("same" if diff is None else "DIFFERS: " + diff))
        out[key] = now
    if args.write:
        DATA.write_text(json.dumps(out, indent=1, sort_keys=True) + "\n")
        print(f"wrote {DATA.relative_to(ROOT)}")
        return 0
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
