"""Game records made before the engines stopped asking questions that cannot change anything
(kot-dark R41, kot-godzilla G53 and G54, crisis-tokyo C25, storyline S44) still replay.

data/pre_skip_records.jsonl.gz holds 30 records played by the engine of commit f93a712, the
last one that asked every question: kot-dark (4 players random and heuristic against random,
6 players with mixed Wickedness sides, 5 players heuristic), kot-godzilla with Evolutions
(4 and 5 players, random and heuristic), crisis-tokyo (2 to 4 players, random and heuristic),
storyline and crisis-format (random). The storyline and crisis-format records were played
again each time the cards were tuned (docs/balance/crisis-format.md, docs/balance/storyline.md):
a record of the old card data cannot replay on the new (the cards are part of the game), so
they were played by the engine of the tuning commit with ``ask_always=true`` and stored
without that key and with only the options the old engine wrote (tools: the first seeds from
1100 for storyline and 1200 for crisis-format, two and one of them answering a skipped
question, one not). Their options do not name ``ask_always``: they are
replayed as the game was then played (docs/architecture.md, Skipped questions and old
records). Most hold answers to questions the engines now answer by themselves, so they are
not legal histories of the games as loaded today.
"""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

import tokyo
from tokyo import IllegalActionError
from tokyo.sim import replay_record

FIXTURE = Path(__file__).with_name("data") / "pre_skip_records.jsonl.gz"
RECORDS = [json.loads(line) for line in gzip.open(FIXTURE, "rt", encoding="utf-8") if line.strip()]
GAMES = ("kot-dark", "kot-godzilla", "crisis-tokyo", "storyline", "crisis-format")


def _label(rec) -> str:
    return f"{rec['game']}-{rec['players']}p-{rec['seed']}"


def test_the_fixture_is_what_it_says():
    assert len(RECORDS) == 30 and {r["game"] for r in RECORDS} == set(GAMES)
    assert all("ask_always" not in r["options"] for r in RECORDS)
    assert all(r["options"]["evolutions"] for r in RECORDS if r["game"] == "kot-godzilla")
    assert {"random", "heuristic"} <= {a for r in RECORDS for a in r["agents"]}


@pytest.mark.parametrize("rec", RECORDS, ids=_label)
def test_an_old_record_replays_to_its_recorded_result(rec):
    result = replay_record(rec)
    assert result.ok, result.differences
    assert result.state.game.options["ask_always"] is True
    assert result.state.history() == rec["history"]


@pytest.mark.parametrize("rec", RECORDS, ids=_label)
def test_game_replay_rebuilds_an_old_history(rec):
    game = tokyo.load_game(rec["game"], rec["players"], **rec["options"])
    state = game.replay(rec["history"])
    assert state.is_terminal() and state.returns() == rec["returns"] and state.turn_count == rec["turns"]
    assert state.history() == rec["history"]


def test_most_old_histories_answer_questions_now_skipped():
    """Proof that the fixture tests something: on each game, histories that the game as
    loaded today (ask_always=false) refuses, because they answer a question it now skips."""
    refused = dict.fromkeys(GAMES, 0)
    for rec in RECORDS:
        game = tokyo.load_game(rec["game"], rec["players"], **rec["options"])
        assert game.options["ask_always"] is False
        try:
            game._replay(rec["history"])
        except IllegalActionError:
            refused[rec["game"]] += 1
    assert refused == {"kot-dark": 10, "kot-godzilla": 8, "crisis-tokyo": 6, "storyline": 2, "crisis-format": 1}


def test_tokyo_replay_checks_the_old_records(tmp_path):
    from clihelpers import run
    path = tmp_path / "old.jsonl"
    path.write_bytes(gzip.decompress(FIXTURE.read_bytes()))
    result = run("replay", str(path))
    assert result.returncode == 0, result.stderr
    assert "all 30 games replayed to their recorded result" in result.stdout
