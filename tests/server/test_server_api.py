"""The server's JSON API and WebSockets: whole games of every game with people and bots."""

import random

import pytest

from serverhelpers import create, play_humans, seat_view, stored_steps, tokens_of, wait_until
from tokyo.core import load_game


def test_catalogue_lists_every_game_with_options_and_agents(client):
    games = {g["id"]: g for g in client.get("/api/games").json()}
    assert {"kot-dark", "crisis-tokyo"} <= set(games)
    crisis = games["crisis-tokyo"]
    assert crisis["players"] == [2, 5]
    assert "districts_to_win" in {o["name"] for o in crisis["options"]}
    assert all({"name", "default", "allowed", "help"} <= set(o) for o in crisis["options"])
    assert crisis["agents"] == ["random", "heuristic", "ismcts"] and crisis["default_agent"] == "heuristic"
    # a trained policy ships for kot-dark only (tokyo.agents.policy.BUNDLED)
    assert games["kot-dark"]["agents"] == ["random", "heuristic", "ismcts", "policy"]


def test_root_page_is_the_lobby_and_play_pages_load_the_client(client):
    page = client.get("/")
    assert page.status_code == 200 and "text/html" in page.headers["content-type"]
    assert 'href="/docs"' in page.text and "/static/lobby.js" in page.text
    assert client.get("/openapi.json").json()["paths"]["/api/rooms"]
    play = client.get("/play/anything?token=secret-of-a-seat")
    assert play.status_code == 200 and "/static/play.js" in play.text
    assert "secret-of-a-seat" not in play.text  # the page holds nothing of the room or seat
    for path in ("/static/app.css", "/static/common.js", "/static/lobby.js", "/static/play.js",
                 "/static/views/kot.js", "/static/views/crisis.js", "/static/views/generic.js"):
        response = client.get(path)
        assert response.status_code == 200, path
    missing = client.get("/static/nothing.js")
    assert missing.status_code == 404 and missing.json()["error"] == "not_found"


def test_option_kinds_and_card_catalogue_for_clients(client):
    games = {g["id"]: g for g in client.get("/api/games").json()}
    options = {o["name"]: o for o in games["crisis-tokyo"]["options"]}
    assert options["resources"]["kind"] == "bool"
    assert options["districts_to_win"]["kind"] == "int" and options["districts_to_win"]["minimum"] == 1
    assert options["dragon"]["kind"] == "str" and options["dragon"]["choices"] == ["A", "B"]
    cards = client.get("/api/games/kot-dark/cards").json()
    assert {"acid-attack", "alienoid", "devious"} <= {c["id"] for c in cards}
    assert all({"id", "name", "text"} <= set(c) for c in cards)
    unknown = client.get("/api/games/chess/cards")
    assert unknown.status_code == 404 and unknown.json()["error"] == "bad_game"


@pytest.mark.parametrize("game, players, bots", [
    ("crisis-tokyo", 3, {2: "heuristic"}),
    ("kot-dark", 4, {1: "heuristic", 3: "random"}),
])
def test_full_game_people_and_bots_over_http(client, db, game, players, bots):
    seats = [{"kind": "bot", "agent": bots[i]} if i in bots else {"kind": "human", "name": f"P{i}"}
             for i in range(players)]
    created = create(client, game, seats, seed=11)
    room, tokens = created["room"], tokens_of(created)
    assert set(tokens) == set(range(players)) - set(bots)
    assert all(s["link"] == f"/play/{room}?token={s['token']}" for s in created["seats"] if s["kind"] == "human")
    assert room in {r["room"] for r in client.get("/api/rooms").json()}

    played = play_humans(client, room, tokens, random.Random(5))
    assert played, "the human seats never had a decision"

    final = client.get(f"/api/rooms/{room}").json()
    assert final["status"] == "finished" and final["to_act"] is None and final["legal"] == []
    assert len(final["returns"]) == players and final["winners"] == [
        i for i, r in enumerate(final["returns"]) if r > 0]
    # every step is stored, in order, and replays to the same result
    steps = stored_steps(db, room)
    assert len(steps) == final["version"]
    for seat, text, version in played:
        assert (steps[version].text, steps[version].seat, steps[version].kind) == (text, seat, "decision")
    assert {s.seat for s in steps if s.kind == "decision"} == set(range(players))
    assert all(s.seat is None for s in steps if s.kind == "chance")
    state = load_game(game, players).replay(s.text for s in steps)
    assert state.is_terminal() and state.returns() == final["returns"]
    # the room leaves the open list for the finished list
    assert room not in {r["room"] for r in client.get("/api/rooms").json()}
    assert room in {r["room"] for r in client.get("/api/rooms", params={"status": "finished"}).json()}
    # the public replay: one entry per step, no action texts
    replay = client.get(f"/api/rooms/{room}/replay").json()
    assert len(replay["steps"]) == final["version"] and replay["returns"] == final["returns"]
    assert all("text" not in step for step in replay["steps"])
    assert replay["steps"][-1]["observation"] == final["observation"]


def test_bot_only_game_plays_itself_to_the_end(client, db):
    created = create(client, "kot-dark", [{"kind": "bot", "agent": "random"}] * 2)
    assert created["seats"][0].get("token") is None
    room = created["room"]
    final = wait_until(lambda: (v := client.get(f"/api/rooms/{room}").json())["status"] == "finished" and v,
                       "the bots to finish")
    assert sum(final["returns"]) >= 0 and len(stored_steps(db, room)) == final["version"]


def test_seat_view_has_what_a_client_draws(client):
    created = create(client, "crisis-tokyo", [{"kind": "human"}, {"kind": "human"}], seed=3)
    room, tokens = created["room"], tokens_of(created)
    public = created["view"]
    assert public["seat"] is None and public["legal"] == [] and public["observation"]["hand"] is None
    views = [seat_view(client, room, tokens[s]) for s in (0, 1)]
    to_act = public["to_act"]
    for seat, view in enumerate(views):
        assert view["seat"] == seat and view["version"] == public["version"]
        assert view["observation"]["hand"] and view["observation"]["seat"] == seat
        assert view["your_turn"] == (seat == to_act)
        assert bool(view["legal"]) == (seat == to_act)
        assert isinstance(view["render"], str) and view["render"]
        assert all({"text", "rule"} <= set(e) for e in view["log"])
        assert view["log_total"] == len(view["log"]) and view["returns"] is None
    # the seat's own draws are in its log, not in the other seat's
    own = [e["text"] for e in views[0]["log"] if e.get("seats") == [0]]
    assert own and not any(e.get("seats") == [0] for e in views[1]["log"])
    # log_from gives the tail of the log only
    tail = seat_view(client, room, tokens[0], log_from=3)
    assert tail["log_from"] == 3 and tail["log"] == views[0]["log"][3:]


def test_websocket_pushes_every_change_to_seats_and_spectators(client):
    created = create(client, "crisis-tokyo", [{"kind": "human"}, {"kind": "human"}], seed=4)
    room, tokens = created["room"], tokens_of(created)
    to_act = created["view"]["to_act"]
    other = 1 - to_act
    with client.websocket_connect(f"/ws/rooms/{room}?token={tokens[other]}") as seat_ws, \
            client.websocket_connect(f"/ws/rooms/{room}") as watch_ws:
        first = seat_ws.receive_json()
        assert first["type"] == "view" and first["seat"] == other and first["version"] == created["view"]["version"]
        assert first["log_from"] == 0 and first["log_total"] == len(first["log"])
        watched = watch_ws.receive_json()
        assert watched["seat"] is None and watched["observation"]["hand"] is None
        assert client.get(f"/api/rooms/{room}").json()["seats"][other]["connected"] == 1

        view = seat_view(client, room, tokens[to_act])
        response = client.post(f"/api/rooms/{room}/actions",
                               json={"token": tokens[to_act], "action": view["legal"][0]})
        assert response.status_code == 200
        pushed = seat_ws.receive_json()
        assert pushed["type"] == "view" and pushed["version"] > first["version"]
        assert pushed["log_from"] == first["log_total"]  # only the new events
        assert watch_ws.receive_json()["version"] == pushed["version"]

        # an action sent over the WebSocket by the seat now to act
        while not pushed["your_turn"] and pushed["status"] == "playing":
            mover = seat_view(client, room, tokens[to_act])
            client.post(f"/api/rooms/{room}/actions", json={"token": tokens[to_act], "action": mover["legal"][0]})
            pushed = seat_ws.receive_json()
        if pushed["your_turn"]:
            seat_ws.send_json({"action": "no such action", "version": pushed["version"]})
            error = seat_ws.receive_json()
            assert error["type"] == "error" and error["error"] == "illegal_action"
            assert error["legal"] == pushed["legal"]
            seat_ws.send_json({"action": pushed["legal"][0], "version": pushed["version"]})
            after = seat_ws.receive_json()
            assert after["type"] == "view" and after["version"] > pushed["version"]
    assert client.get(f"/api/rooms/{room}").json()["seats"][other]["connected"] == 0


def test_any_registered_game_is_served_without_server_changes(client, db):
    # toy-pig is registered by the tests only (tests/toygame.py): the server knows no game
    assert "toy-pig" in {g["id"] for g in client.get("/api/games").json()}
    created = create(client, "toy-pig", [{"kind": "human"}, {"kind": "bot"}], options={"target": 10}, seed=1)
    assert created["seats"][1]["agent"] == "random"  # the default for a game without a heuristic
    assert created["view"]["options"]["target"] == 10
    played = play_humans(client, created["room"], tokens_of(created), random.Random(2))
    assert played and client.get(f"/api/rooms/{created['room']}").json()["status"] == "finished"


def test_finished_rooms_leave_memory_and_come_back_from_the_store(client, monkeypatch):
    from tokyo.server import rooms as rooms_module
    monkeypatch.setattr(rooms_module, "KEEP_FINISHED", 0)
    created = create(client, "toy-pig", [{"kind": "bot"}, {"kind": "bot"}], seed=3)
    room = created["room"]
    final = wait_until(lambda: (v := client.get(f"/api/rooms/{room}").json())["status"] == "finished" and v,
                       "the bots to finish")
    create(client, "toy-pig", [{"kind": "human"}, {"kind": "human"}])  # creating a room trims the memory
    assert room not in client.app.state.rooms.rooms
    again = client.get(f"/api/rooms/{room}").json()
    assert {k: again[k] for k in ("version", "returns", "observation", "log")} == {
        k: final[k] for k in ("version", "returns", "observation", "log")}
    assert len(client.get(f"/api/rooms/{room}/replay").json()["steps"]) == final["version"]


def test_a_failing_bot_does_not_stop_the_game(client, db, caplog):
    created = create(client, "toy-pig", [{"kind": "human"}, {"kind": "bot"}], seed=6)
    room = client.app.state.rooms.get(created["room"])
    answers = iter(["fly away", RuntimeError("agent bug")] * 1000)

    def broken_step(state):
        answer = next(answers)
        if isinstance(answer, Exception):
            raise answer
        return answer

    room.bots[1].step = broken_step
    play_humans(client, created["room"], tokens_of(created), random.Random(4))
    final = client.get(f"/api/rooms/{created['room']}").json()
    assert final["status"] == "finished"
    steps = stored_steps(db, created["room"])
    assert any(s.seat == 1 for s in steps)  # the bot's seat did play (random legal actions)
    assert load_game("toy-pig", 2).replay(s.text for s in steps).returns() == final["returns"]
    assert "not legal" in caplog.text and "agent bug" in caplog.text


def test_favicon_is_an_empty_answer_not_an_error(client):
    response = client.get("/favicon.ico")
    assert response.status_code == 204 and response.content == b""
