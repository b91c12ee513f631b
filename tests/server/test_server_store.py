"""The SQLite store: games and their append-only steps, rebuilding, and what happens to a
stored game this engine cannot replay."""

import random
import sqlite3
import time

import pytest
from fastapi.testclient import TestClient

from serverhelpers import create, tokens_of
from tokyo.core import load_game, sample_chance
from tokyo.server import create_app
from tokyo.server.store import GameRecord, SeatRecord, Step, Store


def record(game_id="g1", game="kot-dark", players=2, agent="random"):
    return GameRecord(game_id, game, players, load_game(game, players).options_json(),
                      [SeatRecord("human", None, "Ann", "ab" * 32), SeatRecord("bot", agent)], 5, time.time())


def test_steps_round_trip_and_rebuild_the_state(db):
    game = load_game("kot-dark", 2)
    state, rng, steps = game.new_initial_state(), random.Random(1), []
    while len(steps) < 40:
        player = state.current_player()
        text = sample_chance(state, rng) if player < 0 else state.legal_texts()[0]
        steps.append(Step(text, "chance" if player < 0 else "decision", None if player < 0 else player))
        state.apply_action(text)
    store = Store(db)
    store.create_game(record(), steps[:10])
    store.append_steps("g1", 10, steps[10:])
    store.close()
    again = Store(db)
    assert [(s.text, s.kind, s.seat) for s in again.steps("g1")] == [(s.text, s.kind, s.seat) for s in steps]
    rec = again.game("g1")
    assert rec.seats[0].token_hash == "ab" * 32 and rec.seats[1].agent == "random" and rec.status == "playing"
    assert again.rebuild(rec) == state
    loaded, failed = again.load_unfinished()
    assert [r.id for r, _ in loaded] == ["g1"] and loaded[0][1] == state and failed == []
    assert again.conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_a_taken_position_writes_nothing(db):
    store = Store(db)
    store.create_game(record(), [Step("reveal acid-attack", "chance", None)])
    with pytest.raises(sqlite3.IntegrityError):
        store.append_steps("g1", 0, [Step("x", "chance", None)] * 3, returns=[1.0, 0.0])
    assert [s.text for s in store.steps("g1")] == ["reveal acid-attack"]
    assert store.game("g1").status == "playing"


def test_fsync_option_sets_full_synchronous(db):
    assert Store(db, fsync=True).conn.execute("PRAGMA synchronous").fetchone()[0] == 2   # FULL
    assert Store(db).conn.execute("PRAGMA synchronous").fetchone()[0] == 1               # NORMAL


def test_a_game_that_no_longer_replays_is_reported_and_left_alone(db):
    store = Store(db)
    store.create_game(record("broken"), [Step("reveal no-such-card", "chance", None)])
    store.create_game(record("good"), [])
    store.close()
    with TestClient(create_app(db, bot_delay=0)) as client:
        response = client.get("/api/rooms/broken")
        assert response.status_code == 503 and response.json()["error"] == "room_unavailable"
        assert "no-such-card" in response.json()["message"]
        good = client.get("/api/rooms/good").json()  # stored before its set-up: the server deals it
        assert good["status"] == "playing" and good["to_act"] is not None and good["version"] > 0
        assert "broken" not in {r["room"] for r in client.get("/api/rooms").json()}
        # the server goes on creating and playing other rooms
        created = create(client, "kot-dark", [{"kind": "human"}, {"kind": "bot"}])
        assert tokens_of(created)
    store = Store(db)
    assert [s.text for s in store.steps("broken")] == ["reveal no-such-card"]
    assert store.game("broken").status == "playing"


def test_a_game_stored_before_a_skipped_question_goes_on_as_it_was_played(db):
    """A room stored before ask_always existed (its options do not name it) holds answers
    to questions the engine now skips: it is rebuilt, and goes on, asking them (Option.legacy)."""
    import gzip
    import json
    from pathlib import Path
    fixture = Path(__file__).resolve().parents[1] / "sim" / "data" / "pre_skip_records.jsonl.gz"
    old = next(json.loads(line) for line in gzip.open(fixture, "rt") if '"kot-dark"' in line)
    history = old["history"][:old["history"].index(next(t for t in old["history"] if t.startswith("resolve"))) + 1]
    # the game as it was played then: every option with a legacy value the record lacks
    # (ask_always, resolve_done) set to that value
    legacy = load_game("kot-dark", old["players"], ask_always=True, resolve_done=False, **old["options"])
    state, steps = legacy.new_initial_state(), []
    for text in history:
        player = state.current_player()
        steps.append(Step(text, "chance" if player < 0 else "decision", None if player < 0 else player))
        state.apply_action(text)
    rec = GameRecord("old", "kot-dark", old["players"], dict(old["options"]),
                     [SeatRecord("bot", "random") for _ in range(old["players"])], 5, time.time())
    store = Store(db)
    store.create_game(rec, steps)
    rebuilt = store.rebuild(store.game("old"))
    assert rebuilt.game.options["ask_always"] is True and rebuilt.game.options["resolve_done"] is False
    assert rebuilt.history() == history and rebuilt == state
    store.close()
    with TestClient(create_app(db, bot_delay=0)) as client:
        response = client.get("/api/rooms/old")  # loaded, not refused; its bots play on
        assert response.status_code == 200 and response.json()["options"]["ask_always"] is True
    assert [s.text for s in Store(db).steps("old")][:len(history)] == history
