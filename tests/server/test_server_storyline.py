"""The Storyline games through the server: a crisis-format room with the opponent's seat
(storyline 22.2.5: one seat more than players, the last), played to the end by a person in
that seat and bots, and the seat count checked on creation."""

from __future__ import annotations

import random

from serverhelpers import create, play_humans, tokens_of
from test_server_errors import error_of
from tokyo.core import load_game
from tokyo.sim.replay import replay_record
from tokyo.sim.stats import summarise
from tokyo.core.runner import play_game
from tokyo.agents import make_agent

import pytest

rule = pytest.mark.rule


@rule("storyline 22.2.5", "storyline 22.2.7")
def test_an_opponent_seat_room_has_one_seat_more_than_players_and_plays_to_the_end(client):
    seats = [{"kind": "bot", "agent": "random"}, {"kind": "bot", "agent": "random"}, {"kind": "human"}]
    created = create(client, "crisis-format", seats, players=2,
                     options={"opponent": "seat"}, seed=5)
    assert [s["seat"] for s in created["seats"]] == [0, 1, 2]
    room = created["room"]
    played = play_humans(client, room, tokens_of(created), random.Random(3))
    # the person in the opponent's seat (the last) made the opponent's choices
    assert played and all(seat == 2 for seat, _, _ in played)
    info = client.get(f"/api/rooms/{room}").json()
    assert info["status"] == "finished" and info["players"] == 2


@rule("storyline 22.2.5")
def test_an_opponent_seat_room_with_a_seat_per_player_only_is_refused(client):
    body = {"game": "crisis-format", "players": 2, "options": {"opponent": "seat"},
            "seats": [{"kind": "human"}, {"kind": "bot"}]}
    got = error_of(client.post("/api/rooms", json=body), 422, "bad_seats")
    assert "3 seats" in got["message"] and "more than the players" in got["message"]


@rule("storyline 22.2.5")
def test_a_record_of_an_opponent_seat_game_names_the_players_and_replays():
    g = load_game("crisis-format", 4, opponent="seat")
    assert (g.players, g.num_players) == (4, 5)   # four players and the opponent's seat
    records = [play_game(g, [make_agent("random") for _ in range(5)], seed=s) for s in range(4)]
    for r in records:
        assert r.players == 4 and len(r.returns) == len(r.agents) == 5
        assert r.extra["labels"]["faction"][4] == "opponent" and r.extra["cards"][4] is None
        assert replay_record(r.as_dict()).differences == []
    summary = summarise(records)
    assert summary["players"] == 4 and len(summary["wins_by_seat"]) == 5
    saved = g.new_initial_state()
    assert g.state_from_json(saved.to_json()) == saved


def test_card_statistics_leave_out_a_seat_with_no_cards():
    g = load_game("crisis-format", 2, opponent="seat")
    records = [play_game(g, [make_agent("random") for _ in range(3)], seed=s) for s in range(6)]
    rows = summarise(records)["cards"]["rows"]
    played = sum(1 for r in records for seat in range(2) if r.extra["cards"][seat])
    # every with+without count is over the players' seat-games only: 2 per game, not 3
    assert rows and all(r["with"]["seat_games"] + r["without"]["seat_games"] == 2 * len(records) for r in rows), rows[0]
    assert played


@rule("storyline 22.9.3")
def test_a_cooperative_summary_gives_the_players_shared_win_rate_and_counts_seatless_wins():
    from tokyo.sim.report import render_report
    g = load_game("crisis-format", 2)
    records = [play_game(g, [make_agent("random"), make_agent("random")], seed=s) for s in range(30)]
    summary = summarise(records)
    won = sum(1 for r in records if r.extra["win_by"] == "players")
    assert summary["cooperative"] is True and summary["players_win"]["wins"] == won
    # the automated opponent has no seat, yet its wins are counted by how they came
    assert sum(v["games"] for v in summary["win_by"].values()) == sum(
        1 for r in records if r.extra["win_by"] in ("players", "opponent"))
    html = render_report(summary)
    assert "win or lose together" in html and "even share" not in html
    # a competitive game's summary is unchanged
    assert "cooperative" not in summarise([play_game(load_game("storyline", 2), [make_agent("random")] * 2, seed=1)])



def test_a_finished_crisis_format_room_says_in_the_list_how_it_ended(client):
    """The finished list gives the game's own words ('the opponent wins'): all returns 0
    cannot tell the opponent's win from a draw."""
    created = create(client, "crisis-format", [{"kind": "human"}], players=1, seed=4)
    play_humans(client, created["room"], tokens_of(created), random.Random(1))
    view = client.get(f"/api/rooms/{created['room']}").json()
    assert view["status"] == "finished"
    [row] = [r for r in client.get("/api/rooms?status=finished").json() if r["room"] == created["room"]]
    assert row["result"].startswith("Game over: ") and row["result"] in view["render"]
    if not view["winners"]:
        assert "players win" not in row["result"]


def test_an_older_database_gets_the_result_column(tmp_path):
    """A database written before the result column opens, gains it, and keeps its games."""
    import json
    import sqlite3
    from tokyo.server.store import Store
    path = tmp_path / "old.sqlite"
    conn = sqlite3.connect(path)
    conn.executescript("""
        CREATE TABLE games (id TEXT PRIMARY KEY, game TEXT NOT NULL, players INTEGER NOT NULL,
            options TEXT NOT NULL, seats TEXT NOT NULL, seed INTEGER NOT NULL, created REAL NOT NULL,
            status TEXT NOT NULL, finished REAL, returns TEXT);
        CREATE TABLE steps (game TEXT NOT NULL, idx INTEGER NOT NULL, text TEXT NOT NULL,
            kind TEXT NOT NULL, seat INTEGER, time REAL NOT NULL, PRIMARY KEY (game, idx));""")
    conn.execute("INSERT INTO games VALUES ('g1', 'kot-dark', 2, '{}', ?, 1, 1.0, 'finished', 2.0, '[1.0, 0.0]')",
                 (json.dumps([{"kind": "bot", "agent": "random"}] * 2),))
    conn.commit()
    conn.close()
    store = Store(path)
    [rec] = store.games("finished")
    assert rec.id == "g1" and rec.returns == [1.0, 0.0] and rec.result is None
    store.append_steps("g1", 0, [], returns=[1.0, 0.0], result="Game over: seat 0 wins.")
    assert store.game("g1").result == "Game over: seat 0 wins."
    store.close()
