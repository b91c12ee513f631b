"""The game stream holds still: every batch of seeded games in tools/game_stream.py plays
exactly as stored in tests/sim/data/game_stream.json (history, returns, winners, turns and
extras of every game). Speed work must pass it unchanged; a change that is meant to change
what the engines play (a rules fix, a card, a bot) regenerates the file with
``PYTHONPATH=src python tools/game_stream.py --write`` and says so in its commit."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _tool():
    spec = importlib.util.spec_from_file_location("game_stream", ROOT / "tools" / "game_stream.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


TOOL = _tool()
STORED = json.loads(TOOL.DATA.read_text())


@pytest.mark.parametrize("batch", TOOL.BATCHES, ids=[TOOL.batch_key(*b[:4]) for b in TOOL.BATCHES])
def test_seeded_games_play_as_stored(batch):
    key = TOOL.batch_key(*batch[:4])
    now = TOOL.play_batch(*batch)
    assert len(now["games"]) == batch[4] == len(STORED[key]["games"])
    assert TOOL.compare(STORED, key, now) is None


@pytest.mark.parametrize("batch", [b for b in TOOL.BATCHES if b[3] == "heuristic"],
                         ids=lambda b: TOOL.batch_key(*b[:4]))
def test_quiet_mode_plays_the_same_games_as_with_the_log(batch):
    # the stored digests come from quiet games (as tokyo simulate plays); these play the
    # first games of each heuristic batch keeping the log, and must match them
    key = TOOL.batch_key(*batch[:4])
    loud = TOOL.play_batch(*batch[:4], 10, log=True)
    assert loud["games"] == STORED[key]["games"][:10]


def test_every_game_on_main_has_a_batch_of_each_agent_kind():
    import tokyo
    from tokyo.agents import HEURISTICS
    # the project's own games (tests register toy games beside them)
    ids = {g["id"] for g in tokyo.list_games() if not g["id"].startswith("toy")}
    assert {"kot", "kot-dark", "kot-godzilla", "crisis-tokyo", "storyline", "crisis-format"} <= ids
    covered = {(b[0], b[3]) for b in TOOL.BATCHES}
    for gid in ids:
        assert (gid, "random") in covered, gid
        if gid in HEURISTICS:
            assert (gid, "heuristic") in covered, gid


def test_a_changed_game_is_named_by_its_first_seed():
    key = TOOL.batch_key(*TOOL.BATCHES[0][:4])
    changed = json.loads(json.dumps(STORED[key]))
    changed["games"][3] = "0" * 12
    changed["digest"] = "x"
    message = TOOL.compare({key: changed}, key, STORED[key])
    assert message is not None and "seed 3 plays otherwise" in message and "1 of" in message
