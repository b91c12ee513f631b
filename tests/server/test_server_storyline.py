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

