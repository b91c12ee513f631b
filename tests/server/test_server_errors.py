"""Every refused request gets a clear JSON error and changes nothing."""

import random

import pytest

from serverhelpers import create, play_humans, seat_view, stored_steps, tokens_of
from tokyo.server.store import Store


@pytest.fixture
def table(client, db):
    """A crisis-tokyo room with two people; returns (room, tokens, seat to act, snapshot())."""
    created = create(client, "crisis-tokyo", [{"kind": "human"}, {"kind": "human"}], seed=8)
    room, tokens = created["room"], tokens_of(created)
    to_act = created["view"]["to_act"]

    def snapshot():
        views = [seat_view(client, room, tokens[s]) for s in (0, 1)]
        live = client.app.state.rooms.get(room)
        return ([(v["version"], v["legal"], v["observation"], v["log"]) for v in views],
                live.state.history(), [(s.text, s.seat) for s in stored_steps(db, room)])

    return room, tokens, to_act, snapshot


def error_of(response, status: int, code: str) -> dict:
    assert response.status_code == status, response.text
    body = response.json()
    assert body["error"] == code and isinstance(body["message"], str) and body["message"], body
    return body


def post(client, room, **body):
    return client.post(f"/api/rooms/{room}/actions", json=body)


def test_wrong_token_is_refused(client, table):
    room, tokens, to_act, snapshot = table
    before = snapshot()
    legal = seat_view(client, room, tokens[to_act])["legal"]
    body = error_of(post(client, room, token="not-a-seat", action=legal[0]), 403, "bad_token")
    assert "spectator" in body["message"]
    error_of(client.get(f"/api/rooms/{room}/seat/not-a-seat"), 403, "bad_token")
    # a real token of another room is not a seat of this one
    other = create(client, "crisis-tokyo", [{"kind": "human"}, {"kind": "bot"}])
    error_of(post(client, room, token=tokens_of(other)[0], action=legal[0]), 403, "bad_token")
    assert snapshot() == before


def test_not_your_turn_does_not_show_the_other_seats_actions(client, table):
    room, tokens, to_act, snapshot = table
    before = snapshot()
    legal = seat_view(client, room, tokens[to_act])["legal"]
    waiting = 1 - to_act
    body = error_of(post(client, room, token=tokens[waiting], action=legal[0]), 409, "not_your_turn")
    assert body["to_act"] == to_act and f"seat {to_act}" in body["message"]
    assert "legal" not in body and legal[0] not in body["message"]
    assert snapshot() == before


def test_illegal_action_lists_the_legal_ones(client, table):
    room, tokens, to_act, snapshot = table
    before = snapshot()
    legal = seat_view(client, room, tokens[to_act])["legal"]
    body = error_of(post(client, room, token=tokens[to_act], action="levitate tokyo tower"), 422, "illegal_action")
    assert body["legal"] == legal and "levitate tokyo tower" in body["message"]
    for bad in ("   ", "x" * 600):
        assert error_of(post(client, room, token=tokens[to_act], action=bad), 422, "malformed")["legal"] == legal
    assert snapshot() == before


@pytest.mark.parametrize("body, where", [
    ({}, "token"),
    ({"token": "t"}, "action"),
    ({"token": "t", "action": 3}, "action"),
    ({"token": "t", "action": "pass", "version": "new"}, "version"),
    ({"token": "t", "action": "pass", "seat": 1}, "seat"),
])
def test_malformed_action_bodies(client, table, body, where):
    room, tokens, to_act, snapshot = table
    before = snapshot()
    if "token" in body:
        body = dict(body, token=tokens[to_act])
    message = error_of(post(client, room, **body), 422, "malformed")["message"]
    assert where in message
    response = client.post(f"/api/rooms/{room}/actions", content=b"{not json",
                           headers={"content-type": "application/json"})
    error_of(response, 422, "malformed")
    assert snapshot() == before


def test_stale_version_is_refused(client, table):
    room, tokens, to_act, snapshot = table
    before = snapshot()
    view = seat_view(client, room, tokens[to_act])
    body = error_of(post(client, room, token=tokens[to_act], action=view["legal"][0], version=view["version"] - 1),
                    409, "stale_version")
    assert body["version"] == view["version"]
    assert snapshot() == before


def test_unknown_room_and_path(client, table):
    room, tokens, to_act, snapshot = table
    before = snapshot()
    error_of(client.get("/api/rooms/nope"), 404, "unknown_room")
    error_of(client.get(f"/api/rooms/nope/seat/{tokens[0]}"), 404, "unknown_room")
    error_of(post(client, "nope", token=tokens[to_act], action="pass"), 404, "unknown_room")
    error_of(client.get("/api/rooms/nope/replay"), 404, "unknown_room")
    error_of(client.get("/api/nothing-here"), 404, "not_found")
    with client.websocket_connect("/ws/rooms/nope") as ws:
        message = ws.receive_json()
        assert message["type"] == "error" and message["error"] == "unknown_room"
    assert snapshot() == before


def test_websocket_refusals(client, table):
    room, tokens, to_act, snapshot = table
    before = snapshot()
    with client.websocket_connect(f"/ws/rooms/{room}?token=forged") as ws:
        assert ws.receive_json()["error"] == "bad_token"
    with client.websocket_connect(f"/ws/rooms/{room}") as watcher:
        assert watcher.receive_json()["type"] == "view"
        legal = seat_view(client, room, tokens[to_act])["legal"]
        watcher.send_json({"action": legal[0]})
        assert watcher.receive_json()["error"] == "spectator"
        watcher.send_text("not json")
        assert watcher.receive_json()["error"] == "malformed"
    with client.websocket_connect(f"/ws/rooms/{room}?token={tokens[1 - to_act]}") as ws:
        assert ws.receive_json()["type"] == "view"
        ws.send_json({"action": legal[0]})
        error = ws.receive_json()
        assert error["error"] == "not_your_turn" and "legal" not in error
    assert snapshot() == before


def test_replay_waits_for_the_end(client, table):
    room, tokens, to_act, snapshot = table
    error_of(client.get(f"/api/rooms/{room}/replay"), 409, "not_finished")


def test_game_over_refuses_actions(client, db):
    created = create(client, "kot-dark", [{"kind": "human"}, {"kind": "bot", "agent": "random"}], seed=2)
    room, token = created["room"], tokens_of(created)[0]
    play_humans(client, room, {0: token}, random.Random(1))
    final = seat_view(client, room, token)
    assert final["status"] == "finished"
    body = error_of(post(client, room, token=token, action="stop"), 409, "game_over")
    assert body["legal"] == []
    assert seat_view(client, room, token)["version"] == final["version"] == len(stored_steps(db, room))


@pytest.mark.parametrize("request_body, code, words", [
    ({"game": "chess"}, "bad_game", ["chess", "kot-dark", "crisis-tokyo"]),
    ({"game": "kot-dark", "players": 9}, "bad_players", ["2 to 6", "9"]),
    ({"game": "crisis-tokyo", "players": 1}, "bad_players", ["2 to 5"]),
    ({"game": "kot-dark", "options": {"colour": "red"}}, "bad_option", ["colour"]),
    ({"game": "crisis-tokyo", "options": {"districts_to_win": 99}}, "bad_option", ["districts_to_win", "allowed"]),
    # a monster picked twice: which one, for which seats, in its name (the ids stay listed for API clients)
    ({"game": "kot-godzilla", "players": 3, "options": {"monsters": "godzilla,godzilla,mothra"}}, "bad_option",
     ["Godzilla is chosen for seats 1 and 2", "King Ghidorah (king-ghidorah)"]),
    ({"game": "kot-dark", "players": 3, "options": {"monsters": "alienoid"}}, "bad_option",
     ["names 1 monster for 3 seats", "The King (the-king)"]),
    ({"game": "kot-dark", "seats": [{"kind": "human"}, {"kind": "bot", "agent": "genius"}]}, "bad_agent",
     ["genius", "random", "heuristic"]),
    ({"game": "kot-dark", "seats": [{"kind": "human"}, {"kind": "bot", "agent": "ismcts:sims=lots"}]}, "bad_agent",
     ["sims"]),
    ({"game": "kot-dark", "seats": [{"kind": "human"}, {"kind": "bot", "agent": "ismcts:sims=1000000000"}]},
     "bad_agent", ["at most 5000 simulations", "1000000000"]),
    ({"game": "kot-dark", "seats": [{"kind": "human"}, {"kind": "bot", "agent": "ismcts:seconds=600"}]},
     "bad_agent", ["at most 10 seconds", "600"]),
    ({"game": "kot-dark", "players": 3, "seats": [{"kind": "human"}, {"kind": "bot"}]}, "bad_seats", ["3"]),
    ({"game": "kot-dark", "seats": [{"kind": "alien"}, {"kind": "bot"}]}, "malformed", ["kind"]),
    ({"game": "kot-dark", "seed": -1}, "malformed", ["seed"]),
    ({"players": 2}, "malformed", ["game"]),
])
def test_bad_room_requests_create_nothing(client, db, request_body, code, words):
    before = client.get("/api/rooms").json()
    response = client.post("/api/rooms", json=request_body)
    body = error_of(response, 422, code)
    for word in words:
        assert word in body["message"], (word, body["message"])
    assert client.get("/api/rooms").json() == before
    store = Store(db)
    assert store.games() == []
    store.close()


BROWSER = {"Accept": "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"}


@pytest.mark.parametrize("path", ["/foo", "/players/", "/play/", "/rules/", "/foo/<script>alert(1)</script>"])
def test_a_browser_asking_for_no_page_gets_a_page_with_the_way_to_the_lobby(client, path):
    response = client.get(path, headers=BROWSER)
    assert response.status_code == 404
    assert response.headers["content-type"].startswith("text/html")
    text = response.text
    assert "There is no page at this address" in text and 'href="/"' in text
    assert '"error"' not in text and "<script>alert" not in text


@pytest.mark.parametrize("path", ["/api/nothing-here", "/api/rooms/nope/extra", "/static/nothing.js", "/ws/nothing"])
def test_the_api_keeps_json_errors_even_for_a_browser(client, path):
    response = client.get(path, headers=BROWSER)
    assert response.status_code == 404
    assert response.headers["content-type"].startswith("application/json")
    assert response.json()["error"] == "not_found"


def test_an_api_client_gets_json_for_any_missing_path(client):
    for path in ("/foo", "/players/"):
        error_of(client.get(path), 404, "not_found")
        error_of(client.get(path, headers={"Accept": "application/json"}), 404, "not_found")
