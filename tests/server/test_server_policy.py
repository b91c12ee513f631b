"""The shipped trained policy as a server bot (docs/rl.md, "A trained agent"): offered for
kot-dark, plays a whole game, is refused for another player count; and a bot may not name
a policy file by its path (the server reads no file a client names)."""

import random

import pytest

from serverhelpers import create, play_humans, tokens_of


def error_of(response, code):
    assert response.status_code == 422, response.text
    body = response.json()
    assert body["error"] == code, body
    return body["message"]


@pytest.mark.parametrize("agent", ["policy", "policy:kot-dark-2p"])
def test_policy_bot_plays_a_whole_two_player_game(client, agent):
    created = create(client, "kot-dark", [{"kind": "human"}, {"kind": "bot", "agent": agent}], seed=5)
    room = created["room"]
    moves = play_humans(client, room, tokens_of(created), random.Random(1))
    assert moves
    view = client.get(f"/api/rooms/{room}").json()
    assert view["status"] == "finished" and created["seats"][1]["agent"] == agent


def test_policy_bot_is_refused_for_four_players(client):
    seats = [{"kind": "human"}] + [{"kind": "bot", "agent": "policy"}] * 3
    message = error_of(client.post("/api/rooms", json={"game": "kot-dark", "seats": seats}), "bad_agent")
    assert "trained for 2-player kot-dark, not 4 players" in message


def test_policy_bot_is_refused_for_a_game_without_one(client):
    seats = [{"kind": "human"}, {"kind": "bot", "agent": "policy"}]
    message = error_of(client.post("/api/rooms", json={"game": "crisis-tokyo", "seats": seats}), "bad_agent")
    assert "no policy ships for crisis-tokyo" in message


@pytest.mark.parametrize("spec", ["policy:kot_dark_2p.npz", "policy:..", "policy:games.sqlite3"])
def test_a_client_cannot_make_the_server_read_a_file(client, spec):
    seats = [{"kind": "human"}, {"kind": "bot", "agent": spec}]
    message = error_of(client.post("/api/rooms", json={"game": "kot-dark", "seats": seats}), "bad_agent")
    assert "one of the shipped policies (kot-dark-2p)" in message
