"""A real ``tokyo serve`` killed with SIGKILL during play and started again on the same
database: every room is where it was, and bot games resume by themselves."""

import json
import random
import threading

import httpx
from websockets.sync.client import connect

from serverhelpers import ServerProcess, stored_steps, wait_until


def seat_views(server, room, tokens):
    out = {}
    for seat, token in tokens.items():
        response = server.client.get(f"/api/rooms/{room}/seat/{token}")
        assert response.status_code == 200, response.text
        view = response.json()
        out[seat] = {k: view[k] for k in ("version", "status", "to_act", "legal", "observation", "log", "render")}
    return out


def create(server, game, seats, **extra):
    response = server.client.post("/api/rooms", json={"game": game, "seats": seats, **extra})
    assert response.status_code == 201, response.text
    body = response.json()
    return body["room"], {s["seat"]: s["token"] for s in body["seats"] if s["kind"] == "human"}


def play_some(server, room, tokens, rng, count):
    """Play ``count`` actions of the human seats (waiting for bots); returns them as
    (seat, text, version before)."""
    accepted = []
    while len(accepted) < count:
        views = seat_views(server, room, tokens)
        mover = next((s for s, v in views.items() if v["legal"]), None)
        if mover is None:
            assert all(v["status"] == "playing" for v in views.values())
            continue
        text = rng.choice(views[mover]["legal"])
        response = server.client.post(f"/api/rooms/{room}/actions", json={
            "token": tokens[mover], "action": text, "version": views[mover]["version"]})
        assert response.status_code == 200, response.text
        accepted.append((mover, text, views[mover]["version"]))
    return accepted


class Watcher(threading.Thread):
    """A spectator WebSocket in a thread: remembers the last version the server pushed."""

    def __init__(self, url: str):
        super().__init__(daemon=True)
        self.url = url
        self.last = -1
        self.start()

    def run(self):
        try:
            with connect(self.url) as socket:
                for message in socket:
                    self.last = max(self.last, json.loads(message)["version"])
        except Exception:  # the server was killed
            pass


class Racer(threading.Thread):
    """Plays every seat of a room as fast as it can with its own HTTP client until the
    server dies; ``accepted`` holds the actions answered 200 as (seat, text, version)."""

    def __init__(self, url: str, room: str, tokens: dict[int, str]):
        super().__init__(daemon=True)
        self.url, self.room, self.tokens = url, room, tokens
        self.accepted = []
        self.start()

    def run(self):
        rng = random.Random(3)
        try:
            with httpx.Client(base_url=self.url, timeout=30) as client:
                while True:
                    for seat, token in self.tokens.items():
                        view = client.get(f"/api/rooms/{self.room}/seat/{token}").json()
                        if view["status"] == "finished":
                            return
                        if view["legal"]:
                            text = rng.choice(view["legal"])
                            answer = client.post(f"/api/rooms/{self.room}/actions", json={
                                "token": token, "action": text, "version": view["version"]})
                            if answer.status_code == 200:
                                self.accepted.append((seat, text, view["version"]))
        except (httpx.HTTPError, ValueError):  # the server was killed
            pass


def test_sigkill_during_play_loses_nothing_and_bot_games_resume(tmp_path):
    db = tmp_path / "games.sqlite3"
    rng = random.Random(7)
    server = ServerProcess(db, bot_delay=0.2)
    try:
        crisis, crisis_tokens = create(server, "crisis-tokyo", [{"kind": "human"}] * 3, seed=31)
        kot, kot_tokens = create(server, "kot-dark", [{"kind": "human"}, {"kind": "bot", "agent": "random"}], seed=32)
        bots, _ = create(server, "kot-dark", [{"kind": "bot", "agent": "random"}] * 3, seed=33)
        accepted = {crisis: play_some(server, crisis, crisis_tokens, rng, 12),
                    kot: play_some(server, kot, kot_tokens, rng, 8)}
        # wait for the kot-dark bot to hand the decision back: then both rooms wait for people
        wait_until(lambda: server.client.get(f"/api/rooms/{kot}").json()["to_act"] == 0, "the human's turn")
        before = {crisis: seat_views(server, crisis, crisis_tokens), kot: seat_views(server, kot, kot_tokens)}
        # the bot game is under way (its bots wait 0.2 s per action) and a client is posting
        # actions as fast as it can in a fourth room: kill the server now
        race, race_tokens = create(server, "crisis-tokyo", [{"kind": "human"}] * 2, seed=34)
        watcher = Watcher(server.url.replace("http://", "ws://") + f"/ws/rooms/{bots}")
        racer = Racer(server.url, race, race_tokens)
        wait_until(lambda: watcher.last > 60 and len(racer.accepted) > 20, "bots and the racer to play")
        server.kill()
        watcher.join(30)
        racer.join(30)
        assert not racer.is_alive()
    except BaseException:
        server.stop()
        raise
    assert server.proc.returncode == -9

    stored_bot_steps = stored_steps(db, bots)
    assert len(stored_bot_steps) >= watcher.last  # nothing was announced before it was stored
    accepted[race] = racer.accepted
    for room, actions in accepted.items():
        steps = stored_steps(db, room)
        for seat, text, version in actions:  # every action the server accepted is stored
            assert (steps[version].seat, steps[version].text) == (seat, text)

    first = server
    server = ServerProcess(db, bot_delay=0.0)
    try:
        assert seat_views(server, crisis, crisis_tokens) == before[crisis]
        assert seat_views(server, kot, kot_tokens) == before[kot]
        raced = seat_views(server, race, race_tokens)
        assert {v["version"] for v in raced.values()} == {len(stored_steps(db, race))}
        assert raced[racer.accepted[-1][0]]["version"] > racer.accepted[-1][2]
        open_rooms = {r["room"]: r for r in server.client.get("/api/rooms").json()}
        assert {crisis, kot} <= set(open_rooms)
        # the bot-only game goes on from where it was stored, to its end
        final = wait_until(lambda: (v := server.client.get(f"/api/rooms/{bots}").json())["status"] == "finished"
                           and v, "the bot game to finish after the restart")
        steps = stored_steps(db, bots)
        assert len(steps) == final["version"] > len(stored_bot_steps)
        assert [(s.text, s.seat) for s in steps[:len(stored_bot_steps)]] == [
            (s.text, s.seat) for s in stored_bot_steps]
        # the people's games can still be played after the restart
        more = play_some(server, kot, kot_tokens, rng, 3)
        assert more[0][2] == before[kot][0]["version"]
        with connect(server.url.replace("http://", "ws://") + f"/ws/rooms/{kot}?token={kot_tokens[0]}") as ws:
            assert json.loads(ws.recv())["seat"] == 0
    finally:
        server.stop()
    # no seat's secret is written to the server's output (uvicorn logs each WebSocket's URL)
    output = "".join(first.lines + first.errors + server.lines + server.errors)
    assert "WebSocket" in output and "token=<hidden>" in output
    for token in [*crisis_tokens.values(), *kot_tokens.values(), *race_tokens.values()]:
        assert token not in output
