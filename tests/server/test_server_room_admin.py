"""A room's creator manages it with the creator token: who is connected, a bot in an
absent person's seat and back, a seat link re-issued, the game ended, the room deleted;
each operation accepted and refused, the state kept over a restart, and rooms left idle
not resumed with ``resume_idle_days``."""

import random
import sqlite3
import time
import warnings

import pytest

from serverhelpers import create, play_humans, seat_view, stored_steps, tokens_of, wait_until

with warnings.catch_warnings():
    warnings.filterwarnings("ignore", message=".*httpx2.*")
    from fastapi.testclient import TestClient
    from starlette.websockets import WebSocketDisconnect

from tokyo.server import create_app

TWO_PEOPLE = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Ben"}]


def admin(room, creator, tail=""):
    return f"/api/rooms/{room}/admin/{creator}{tail}"


@pytest.fixture
def made(client):
    created = create(client, "kot-dark", TWO_PEOPLE, seed=5)
    return created["room"], created["creator_token"], tokens_of(created)


def test_the_creator_gets_a_secret_and_sees_who_is_connected(client, made, db):
    room, creator, tokens = made
    created = create(client, "kot-dark", TWO_PEOPLE)
    assert created["creator_link"] == f"/play/{created['room']}#admin={created['creator_token']}"
    with sqlite3.connect(db) as conn:
        stored = conn.execute("SELECT creator_hash FROM games WHERE id=?", (room,)).fetchone()[0]
    assert stored and creator not in stored  # a hash, not the token
    with client.websocket_connect(f"/ws/rooms/{room}?token={tokens[1]}") as ws:
        ws.receive_json()
        seats = client.get(admin(room, creator)).json()["seats"]
        assert [s["connected"] for s in seats] == [0, 1]
        assert [s["can_stand_in"] for s in seats] == [True, False]
        assert all(s["stand_in"] is None for s in seats)


@pytest.mark.parametrize("method,tail", [("get", ""), ("post", "/end"), ("delete", ""),
                                         ("post", "/seats/1/bot"), ("post", "/seats/1/return"),
                                         ("post", "/seats/1/link")])
def test_every_operation_refuses_another_token_and_an_unknown_room(client, made, method, tail):
    room, creator, tokens = made
    for wrong in (tokens[0], "x" * 24):
        answer = getattr(client, method)(admin(room, wrong, tail))
        assert answer.status_code == 403 and answer.json()["error"] == "not_creator", answer.text
    answer = getattr(client, method)(admin("nope", creator, tail))
    assert answer.status_code == 404 and answer.json()["error"] == "unknown_room"
    assert client.get(f"/api/rooms/{room}").json()["status"] == "playing"  # nothing changed


def test_a_bot_plays_an_absent_persons_seat_until_it_is_given_back(client, made, db):
    room, creator, tokens = made
    answer = client.post(admin(room, creator, "/seats/1/bot"), json={"agent": "random"})
    assert answer.status_code == 200, answer.text
    assert answer.json()["seats"][1]["stand_in"] == "random"
    # the person sees it, and may not play meanwhile
    view = seat_view(client, room, tokens[1])
    assert view["seats"][1]["stand_in"] == "random" and view["legal"] == [] and not view["your_turn"]
    refused = client.post(f"/api/rooms/{room}/actions", json={"token": tokens[1], "action": "stop"})
    assert refused.status_code == 409 and refused.json()["error"] == "bot_plays"
    # the bot plays seat 1 while seat 0 plays on
    play_humans(client, room, {0: tokens[0]}, random.Random(1), max_actions=60)
    assert any(s.seat == 1 and s.kind == "decision" for s in stored_steps(db, room))
    # the creator gives it back: the person plays again with the same link
    back = client.post(admin(room, creator, "/seats/1/return"))
    assert back.status_code == 200 and back.json()["seats"][1]["stand_in"] is None
    wait_until(lambda: any(v["your_turn"] for v in (seat_view(client, room, t) for t in tokens.values()))
               or client.get(f"/api/rooms/{room}").json()["status"] == "finished", "a person to be asked")
    assert seat_view(client, room, tokens[1])["seats"][1]["stand_in"] is None


def test_the_person_takes_the_seat_back_from_their_link(client, made):
    room, creator, tokens = made
    client.post(admin(room, creator, "/seats/0/bot"))  # the game's heuristic bot by default
    assert client.get(admin(room, creator)).json()["seats"][0]["stand_in"] == "heuristic"
    taken = client.post(f"/api/rooms/{room}/seat/{tokens[0]}/return")
    assert taken.status_code == 200, taken.text
    assert taken.json()["seat"] == 0 and taken.json()["seats"][0]["stand_in"] is None
    again = client.post(f"/api/rooms/{room}/seat/{tokens[0]}/return")
    assert again.status_code == 409 and again.json()["error"] == "not_held"
    assert client.post(f"/api/rooms/{room}/seat/wrong/return").status_code == 403


def test_a_bot_is_refused_where_it_cannot_go(client, made):
    room, creator, tokens = made
    bots = create(client, "kot-dark", [{"kind": "human"}, {"kind": "bot", "agent": "random"}])
    cases = [
        (bots["room"], bots["creator_token"], 1, None, 409, "seat_is_bot"),
        (room, creator, 2, None, 422, "bad_seat"),
        (room, creator, -1, None, 422, "bad_seat"),
        (room, creator, 0, {"agent": "ismcts:sims=99999"}, 422, "bad_agent"),
        (room, creator, 0, {"agent": "chess"}, 422, "bad_agent"),
        (room, creator, 0, {"agent": "random", "extra": 1}, 422, "malformed"),
    ]
    for where, secret, seat, body, status, code in cases:
        answer = client.post(admin(where, secret, f"/seats/{seat}/bot"), json=body)
        assert (answer.status_code, answer.json()["error"]) == (status, code), (seat, body, answer.text)
        assert "seat" in answer.json()["message"] or "agent" in answer.json()["message"] or code == "malformed"
    client.post(admin(room, creator, "/seats/0/bot"))
    twice = client.post(admin(room, creator, "/seats/0/bot"))
    assert twice.status_code == 409 and twice.json()["error"] == "bot_plays"
    with client.websocket_connect(f"/ws/rooms/{room}?token={tokens[1]}") as ws:
        ws.receive_json()
        here = client.post(admin(room, creator, "/seats/1/bot"))
        assert here.status_code == 409 and here.json()["error"] == "seat_connected"
    unheld = client.post(admin(room, creator, "/seats/1/return"))
    assert unheld.status_code == 409 and unheld.json()["error"] == "not_held"


def test_a_reissued_link_replaces_the_old_one(client, made):
    room, creator, tokens = made
    with client.websocket_connect(f"/ws/rooms/{room}?token={tokens[1]}") as ws:
        ws.receive_json()
        answer = client.post(admin(room, creator, "/seats/1/link"))
        assert answer.status_code == 200, answer.text
        fresh = answer.json()
        assert fresh["seat"] == 1 and fresh["link"] == f"/play/{room}?token={fresh['token']}"
        message = ws.receive_json()
        assert message["type"] == "error" and message["error"] == "bad_token"
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 4403
    assert client.get(f"/api/rooms/{room}/seat/{tokens[1]}").status_code == 403
    assert seat_view(client, room, fresh["token"])["seat"] == 1
    assert seat_view(client, room, tokens[0])["seat"] == 0  # the other seats keep theirs
    bots = create(client, "kot-dark", [{"kind": "human"}, {"kind": "bot"}])
    refused = client.post(admin(bots["room"], bots["creator_token"], "/seats/1/link"))
    assert refused.status_code == 409 and refused.json()["error"] == "seat_is_bot"
    assert client.post(admin(room, creator, "/seats/7/link")).status_code == 422


def test_an_ended_game_stops_and_leaves_the_list(client, made):
    room, creator, tokens = made
    with client.websocket_connect(f"/ws/rooms/{room}") as ws:
        ws.receive_json()
        answer = client.post(admin(room, creator, "/end"))
        assert answer.status_code == 200 and answer.json()["status"] == "ended", answer.text
        pushed = ws.receive_json()
        assert pushed["status"] == "ended" and pushed["to_act"] is None
    assert room not in [r["room"] for r in client.get("/api/rooms").json()]
    listed = {r["room"]: r for r in client.get("/api/rooms", params={"status": "finished"}).json()}
    assert listed[room]["status"] == "ended" and "creator" in listed[room]["result"]
    for token in tokens.values():
        view = seat_view(client, room, token)
        assert view["legal"] == [] and not view["your_turn"]
        refused = client.post(f"/api/rooms/{room}/actions", json={"token": token, "action": "stop"})
        assert refused.status_code == 409 and refused.json()["error"] == "game_over"
    assert client.get(f"/api/rooms/{room}/replay").status_code == 409
    again = client.post(admin(room, creator, "/end"))
    assert again.status_code == 409 and again.json()["error"] == "game_over"
    late = client.post(admin(room, creator, "/seats/0/bot"))
    assert late.status_code == 409 and late.json()["error"] == "game_over"


def test_an_ended_room_with_bots_stops_them(client):
    created = create(client, "kot-dark", [{"kind": "bot", "agent": "random"}] * 2, seed=2)
    room = created["room"]
    client.post(admin(room, created["creator_token"], "/end"))
    version = client.get(f"/api/rooms/{room}").json()["version"]
    time.sleep(0.3)
    assert client.get(f"/api/rooms/{room}").json()["version"] == version


def test_a_deleted_room_is_gone(client, made, db):
    room, creator, tokens = made
    with client.websocket_connect(f"/ws/rooms/{room}?token={tokens[0]}") as ws:
        ws.receive_json()
        answer = client.delete(admin(room, creator))
        assert answer.status_code == 200 and answer.json() == {"room": room, "deleted": True}
        message = ws.receive_json()
        assert message["type"] == "error" and message["error"] == "unknown_room"
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 4404
    for path in (f"/api/rooms/{room}", f"/api/rooms/{room}/seat/{tokens[0]}", admin(room, creator)):
        assert client.get(path).status_code == 404
    assert stored_steps(db, room) == []
    assert client.delete(admin(room, creator)).status_code == 404
    # a finished room can be deleted too
    done = create(client, "kot-dark", [{"kind": "bot", "agent": "random"}] * 2, seed=3)
    wait_until(lambda: client.get(f"/api/rooms/{done['room']}").json()["status"] == "finished", "the bots' game")
    assert client.delete(admin(done["room"], done["creator_token"])).status_code == 200
    assert done["room"] not in [r["room"] for r in client.get("/api/rooms", params={"status": "finished"}).json()]


def test_a_restart_keeps_the_creators_changes(db):
    with TestClient(create_app(db, bot_delay=0)) as client:
        created = create(client, "kot-dark", TWO_PEOPLE + [{"kind": "human"}], seed=6)
        room, creator, tokens = created["room"], created["creator_token"], tokens_of(created)
        client.post(admin(room, creator, "/seats/1/bot"), json={"agent": "random"})
        fresh = client.post(admin(room, creator, "/seats/2/link")).json()["token"]
        ended = create(client, "kot-dark", TWO_PEOPLE)
        client.post(admin(ended["room"], ended["creator_token"], "/end"))
    with TestClient(create_app(db, bot_delay=0)) as client:
        seats = client.get(admin(room, creator)).json()["seats"]
        assert [s["stand_in"] for s in seats] == [None, "random", None]
        assert client.get(f"/api/rooms/{room}/seat/{tokens[2]}").status_code == 403
        assert seat_view(client, room, fresh)["seat"] == 2
        assert client.get(f"/api/rooms/{ended['room']}").json()["status"] == "ended"
        assert ended["room"] not in [r["room"] for r in client.get("/api/rooms").json()]
        # the stand-in still plays after the restart
        played = play_humans(client, room, {0: tokens[0], 2: fresh}, random.Random(2), max_actions=60)
        assert played
        assert any(s.seat == 1 and s.kind == "decision" for s in stored_steps(db, room))


def test_rooms_left_idle_are_not_resumed_with_the_option(db):
    with TestClient(create_app(db, bot_delay=30)) as client:  # bots that wait: nothing moves in this session
        idle = create(client, "kot-dark", TWO_PEOPLE)["room"]
        recent = create(client, "kot-dark", TWO_PEOPLE)["room"]
        bots = create(client, "kot-dark", [{"kind": "human"}, {"kind": "bot", "agent": "random"}], seed=9)
        client.post(admin(bots["room"], bots["creator_token"], "/seats/0/bot"), json={"agent": "random"})
    long_ago = time.time() - 3 * 86400
    with sqlite3.connect(db) as conn:
        conn.execute("UPDATE games SET last_seen=? WHERE id IN (?, ?)", (long_ago, idle, bots["room"]))
    stopped = len(stored_steps(db, bots["room"]))
    with TestClient(create_app(db, bot_delay=0, resume_idle_days=2)) as client:
        listed = [r["room"] for r in client.get("/api/rooms").json()]
        assert recent in listed and idle not in listed and bots["room"] not in listed
        # they are listed apart, for the lobby's "Your games"
        resting = {r["room"]: r for r in client.get("/api/rooms", params={"status": "idle"}).json()}
        assert set(resting) == {idle, bots["room"]} and resting[idle]["last_seen"] == pytest.approx(long_ago)
        time.sleep(0.3)
        assert len(stored_steps(db, bots["room"])) == stopped  # its bots do not play
        # opening a link wakes a room: listed again, its bots play
        assert client.get(f"/api/rooms/{idle}").json()["status"] == "playing"
        assert idle in [r["room"] for r in client.get("/api/rooms").json()]
        assert idle not in [r["room"] for r in client.get("/api/rooms", params={"status": "idle"}).json()]
        assert client.get(f"/api/rooms/{bots['room']}").json()["status"] == "playing"
        wait_until(lambda: len(stored_steps(db, bots["room"])) > stopped, "the woken room's bots to play")
    with TestClient(create_app(db, bot_delay=0)) as client:  # without the option: every room resumes
        assert idle in [r["room"] for r in client.get("/api/rooms").json()]
        assert client.get("/api/rooms", params={"status": "idle"}).json() == []


def test_an_older_database_gains_the_columns_and_its_rooms_have_no_creator(tmp_path):
    old = tmp_path / "old.sqlite3"
    with TestClient(create_app(old, bot_delay=0)) as client:
        room = create(client, "kot-dark", TWO_PEOPLE)["room"]
    with sqlite3.connect(old) as conn:  # as a database written before the creator columns
        conn.executescript("CREATE TABLE old AS SELECT id, game, players, options, seats, seed, created, status, "
                           "finished, returns, result FROM games; DROP TABLE games; ALTER TABLE old RENAME TO games")
    with TestClient(create_app(old, bot_delay=0, resume_idle_days=1)) as client:
        assert room in [r["room"] for r in client.get("/api/rooms").json()]  # never seen: its creation counts
        refused = client.get(admin(room, "anything"))
        assert refused.status_code == 403 and "before rooms had a creator link" in refused.json()["message"]


def test_a_logged_path_hides_the_creators_and_the_seats_tokens():
    from tokyo.server.main import hide_tokens
    line = hide_tokens("POST /api/rooms/ab12/admin/Secret-1_x/seats/1/bot failed; /api/rooms/ab12/seat/Seat_2 "
                       "/ws/rooms/ab12?token=Seat_3&log_from=4")
    assert not any(secret in line for secret in ("Secret-1_x", "Seat_2", "Seat_3"))
    assert line.count("<hidden>") == 3 and "/seats/1/bot" in line and "log_from=4" in line
