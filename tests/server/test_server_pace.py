"""The bots' pace (issue 12): each person may ask the bots to play instantly, at the
server's pace or slowly; a room's bots follow the slowest pace a connected player asked for,
and a watcher's only while no seated person is connected."""

from serverhelpers import create


def test_the_bots_play_at_the_slowest_pace_a_connected_person_asked_for(client):
    from tokyo.server.rooms import Subscriber
    created = create(client, "kot-dark", [{"kind": "human"}, {"kind": "bot", "agent": "random"}])
    room = client.app.state.rooms.get(created["room"])
    base = room.bot_delay
    assert room.pace_delay() == base   # nobody asked: the server's
    fast = room.subscribe(0, "instant")
    assert room.pace_delay() == 0.0
    watcher = room.subscribe(None, "slow")
    assert room.pace_delay() == 0.0          # a watcher does not slow the players' game
    slow = room.subscribe(0, "slow")         # the player's other tab asks for slow: it wins
    assert room.pace_delay() == max(1.5, 2.5 * base)
    room.unsubscribe(slow)
    assert room.pace_delay() == 0.0
    room.unsubscribe(fast)
    # nobody seated is connected: the watcher's pace counts (a game of bots being watched)
    assert room.pace_delay() == max(1.5, 2.5 * base)
    room.unsubscribe(watcher)
    assert room.pace_delay() == base
    assert isinstance(fast, Subscriber)


def test_a_bad_pace_is_refused_with_the_paces_allowed(client):
    created = create(client, "kot-dark", [{"kind": "human"}, {"kind": "bot", "agent": "random"}])
    with client.websocket_connect(f"/ws/rooms/{created['room']}?pace=warp") as ws:
        message = ws.receive_json()
    assert message["type"] == "error" and message["error"] == "bad_pace"
    assert "instant, normal, slow" in message["message"]
