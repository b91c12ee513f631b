"""What one client may ask of the server: request bodies over the limit are refused
before they are read (413), and the unfinished rooms and search bots one client address
creates are limited (429); refusals are the API's JSON errors and create nothing."""

import json
import socket
import warnings
from urllib.parse import urlparse

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from serverhelpers import ServerProcess, create, wait_until
from tokyo.server import create_app
from tokyo.server.limits import MAX_BODY_BYTES, MAX_ROOMS_PER_CLIENT, MAX_SEARCH_BOTS_PER_CLIENT
from tokyo.server.store import Store

with warnings.catch_warnings():
    warnings.filterwarnings("ignore", message=".*httpx2.*")
    from fastapi.testclient import TestClient


def error_of(response, status: int, code: str) -> dict:
    assert response.status_code == status, response.text
    assert response.headers["content-type"].startswith("application/json")
    body = response.json()
    assert body["error"] == code and body["message"], body
    return body


def no_games(db) -> bool:
    store = Store(db)
    try:
        return store.games() == []
    finally:
        store.close()


# ----- request bodies ------------------------------------------------------------------
def test_a_body_over_the_limit_is_refused_with_413(client, db):
    big = json.dumps({"game": "kot-dark", "seats": [{"kind": "human", "name": "x" * MAX_BODY_BYTES}]})
    body = error_of(client.post("/api/rooms", content=big, headers={"content-type": "application/json"}),
                    413, "too_large")
    assert str(MAX_BODY_BYTES) in body["message"]
    # without a declared length (chunked): refused once the bytes read pass the limit
    chunks = (b"x" * 4096 for _ in range(MAX_BODY_BYTES // 4096 + 2))
    error_of(client.post("/api/rooms", content=chunks, headers={"content-type": "application/json"}),
             413, "too_large")
    assert no_games(db)
    # a body at the limit is read as usual (here: refused for what it says, not its size)
    padded = json.dumps({"game": "kot-dark", "players": 2, "pad": ""})
    padded = padded.replace('""', '"' + "y" * (MAX_BODY_BYTES - len(padded)) + '"')
    assert len(padded.encode()) == MAX_BODY_BYTES
    error_of(client.post("/api/rooms", content=padded, headers={"content-type": "application/json"}),
             422, "malformed")


def test_a_real_server_refuses_a_large_body_before_reading_it(tmp_path):
    """The client announces 10 MB and sends only its headers: the answer comes at once.
    A WebSocket message over the limit is refused too."""
    server = ServerProcess(tmp_path / "games.sqlite3")
    try:
        address = urlparse(server.url)
        with socket.create_connection((address.hostname, address.port), timeout=30) as sock:
            sock.sendall(b"POST /api/rooms HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\n"
                         b"Content-Length: 10000000\r\n\r\n{")
            answer = b""
            while b"\r\n\r\n" not in answer or not answer.rstrip().endswith(b"}"):
                data = sock.recv(65536)
                if not data:
                    break
                answer += data
        head, _, payload = answer.partition(b"\r\n\r\n")
        assert head.startswith(b"HTTP/1.1 413"), answer
        assert json.loads(payload)["error"] == "too_large"
        assert server.client.get("/api/rooms").json() == []
        # a WebSocket message over the limit closes that socket (1009: message too big)
        room = create(server.client, "kot-dark", [{"kind": "human"}, {"kind": "human"}])["room"]
        with connect(server.url.replace("http://", "ws://") + f"/ws/rooms/{room}") as ws:
            assert json.loads(ws.recv(timeout=30))["type"] == "view"
            ws.send("x" * (MAX_BODY_BYTES + 1))
            with pytest.raises(ConnectionClosed) as closed:
                ws.recv(timeout=30)
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009
    finally:
        server.stop()


# ----- rooms and search bots per client ------------------------------------------------
@pytest.fixture
def limited(db):
    """A server allowing 2 unfinished rooms and 1 search bot per client address."""
    app = create_app(db, bot_delay=0, max_rooms_per_client=2, max_search_bots_per_client=1)
    with TestClient(app, client=("192.0.2.1", 40000)) as first, TestClient(app, client=("192.0.2.2", 40000)) as other:
        yield first, other


HUMAN_AND_RANDOM = [{"kind": "human"}, {"kind": "bot", "agent": "random"}]
HUMAN_AND_SEARCH = [{"kind": "human"}, {"kind": "bot", "agent": "ismcts:sims=5"}]


def test_rooms_per_client_are_limited(limited):
    first, other = limited
    create(first, "kot-dark", HUMAN_AND_RANDOM)
    create(first, "kot-dark", HUMAN_AND_RANDOM)
    before = first.get("/api/rooms").json()
    body = error_of(first.post("/api/rooms", json={"game": "kot-dark", "seats": HUMAN_AND_RANDOM}),
                    429, "too_many_rooms")
    assert "2" in body["message"] and "--max-rooms-per-client" in body["message"]
    assert first.get("/api/rooms").json() == before
    create(other, "kot-dark", HUMAN_AND_RANDOM)  # another address has its own count


def test_finished_rooms_do_not_count(limited):
    first, _ = limited
    bots = [{"kind": "bot", "agent": "random"}] * 2
    rooms = [create(first, "kot-dark", bots, seed=s)["room"] for s in (1, 2)]
    for room in rooms:  # bots only: they play to the end by themselves
        wait_until(lambda: first.get(f"/api/rooms/{room}").json()["status"] == "finished", f"room {room} to end")
    create(first, "kot-dark", HUMAN_AND_RANDOM)
    create(first, "kot-dark", HUMAN_AND_RANDOM)
    error_of(first.post("/api/rooms", json={"game": "kot-dark", "seats": HUMAN_AND_RANDOM}), 429, "too_many_rooms")


def test_search_bots_per_client_are_limited(limited):
    first, other = limited
    create(first, "kot-dark", HUMAN_AND_SEARCH)
    body = error_of(first.post("/api/rooms", json={"game": "kot-dark", "seats": HUMAN_AND_SEARCH}),
                    429, "too_many_bots")
    assert "ismcts" in body["message"] and "--max-search-bots-per-client" in body["message"]
    create(first, "kot-dark", HUMAN_AND_RANDOM)  # other bots are not search bots
    create(other, "kot-dark", HUMAN_AND_SEARCH)
    two = [{"kind": "human"}] + [{"kind": "bot", "agent": "ismcts:sims=5"}] * 2
    error_of(other.post("/api/rooms", json={"game": "kot-dark", "seats": two}), 429, "too_many_bots")


def test_no_limit_when_zero(db):
    app = create_app(db, bot_delay=0, max_rooms_per_client=0, max_search_bots_per_client=0)
    with TestClient(app) as client:
        for _ in range(MAX_ROOMS_PER_CLIENT + 1):
            create(client, "kot-dark", [{"kind": "human"}, {"kind": "human"}])
        create(client, "kot-dark", [{"kind": "human"}] + [{"kind": "bot", "agent": "ismcts:sims=5"}] * 5)


def test_defaults_are_sensible():
    assert 0 < MAX_SEARCH_BOTS_PER_CLIENT < MAX_ROOMS_PER_CLIENT <= 100
    assert 8 * 1024 <= MAX_BODY_BYTES <= 1024 * 1024


# ----- other answers the schema promises -----------------------------------------------
def test_a_method_not_allowed_says_which_are(client):
    response = client.request("TRACE", "/api/games")
    error_of(response, 405, "method_not_allowed")
    assert set(response.headers["allow"].replace(" ", "").split(",")) >= {"GET"}
    response = client.delete("/api/rooms")
    error_of(response, 405, "method_not_allowed")
    assert set(response.headers["allow"].replace(" ", "").split(",")) == {"GET", "POST"}


def test_a_body_that_is_not_text_is_malformed(client, db):
    error_of(client.post("/api/rooms", content=b"\xff\xfe\x00", headers={"content-type": "application/json"}),
             422, "malformed")
    assert no_games(db)


def test_an_unknown_game_in_a_path_is_404(client):
    body = error_of(client.get("/api/games/chess/cards"), 404, "bad_game")
    assert "kot-dark" in body["message"]
    error_of(client.post("/api/games/chess/seats", json={}), 404, "bad_game")
