"""Undo (POST /api/rooms/{room}/undo): a seat takes back its own last action while
nothing came after it. The room goes back to the exact position before the action
(rebuilt by replaying the record without it), the store holds one step fewer, and every
refusal says why in words."""

import random
import warnings

import pytest

import tokyo
from tokyo.games.kingoftokyo.position import build_position
from tokyo.server import create_app
from tokyo.server.rooms import shows_hidden

with warnings.catch_warnings():
    warnings.filterwarnings("ignore", message=".*httpx2.*")   # as in conftest.py
    from fastapi.testclient import TestClient

from serverhelpers import create, play_humans, seat_view, stored_steps, tokens_of

SAME = ("to_act", "your_turn", "legal", "observation", "log", "log_total", "render", "status")
"""What an undo must give back exactly, compared with the view before the action."""


def undo(client, room, token, version=None):
    body = {"token": token} if version is None else {"token": token, "version": version}
    return client.post(f"/api/rooms/{room}/undo", json=body)


def refused(response, reason):
    assert response.status_code == 409, response.text
    body = response.json()
    assert body["error"] == "cannot_undo" and body["reason"] == reason, body
    assert body["message"].startswith("your last action cannot be taken back: ")
    return body


def act(client, room, token, text):
    response = client.post(f"/api/rooms/{room}/actions", json={"token": token, "action": text})
    assert response.status_code == 200, response.text
    return response.json()


def two_people(client, game="crisis-tokyo", seed=5):
    created = create(client, game, [{"kind": "human"}, {"kind": "human"}], seed=seed)
    return created["room"], tokens_of(created)


def play_until(client, room, tokens, rng, wanted, limit=400):
    """Play random legal actions of whoever is to act until ``wanted(before, text, after)``
    holds for an action; returns (seat, before, text, after)."""
    for _ in range(limit):
        seat = client.get(f"/api/rooms/{room}").json()["to_act"]
        assert seat is not None, "the game ended first"
        before = seat_view(client, room, tokens[seat])
        text = rng.choice(before["legal"])
        after = act(client, room, tokens[seat], text)
        if wanted(before, text, after):
            return seat, before, text, after
    raise AssertionError("no such action came up")


def test_an_undo_gives_back_the_position_before_the_action(client, db):
    room, tokens = two_people(client)
    seat, before, text, after = play_until(client, room, tokens, random.Random(1),
                                           lambda b, t, a: a["can_undo"] and a["to_act"] == a["seat"])
    assert after["undo_refused"] is None and after["version"] == before["version"] + 1
    steps = len(stored_steps(db, room))
    response = undo(client, room, tokens[seat], after["version"])
    assert response.status_code == 200, response.text
    back = response.json()
    assert {k: back[k] for k in SAME} == {k: before[k] for k in SAME}
    assert back["version"] == after["version"] + 1      # it only grows: clients redraw
    assert len(stored_steps(db, room)) == steps - 1
    # the same action can be played again and gives the same position
    again = act(client, room, tokens[seat], text)
    assert {k: again[k] for k in SAME} == {k: after[k] for k in SAME}


def test_the_other_seat_and_spectators_are_told_at_once(client):
    room, tokens = two_people(client, seed=8)
    seat, before, text, after = play_until(client, room, tokens, random.Random(3),
                                           lambda b, t, a: a["can_undo"] and a["to_act"] == a["seat"])
    with client.websocket_connect(f"/ws/rooms/{room}") as watch:
        first = watch.receive_json()
        assert first["version"] == after["version"] and first["can_undo"] is False
        assert first["undo_refused"] is None           # a spectator has nothing to take back
        assert undo(client, room, tokens[seat]).status_code == 200
        pushed = watch.receive_json()
        assert pushed["type"] == "view" and pushed["version"] == after["version"] + 1
        assert pushed["undone_by"] == seat and first["undone_by"] is None   # so the page can say who
        # the log lines of the action are gone: the next view starts the log where the
        # rebuilt log ends, and a client keeps its lines up to there
        public = client.get(f"/api/rooms/{room}").json()
        assert pushed["log_from"] == public["log_total"] <= first["log_total"]
        assert pushed["log"] == []
        assert (first["log"][:pushed["log_from"]]) == public["log"]


def test_undo_again_goes_back_one_more_own_action(client, db):
    room, tokens = two_people(client, seed=11)
    rng = random.Random(4)
    # two actions in a row of one seat, nothing between them
    for _ in range(400):
        seat, first_before, first_text, first = play_until(
            client, room, tokens, rng, lambda b, t, a: a["can_undo"] and a["to_act"] == a["seat"])
        second_text = rng.choice(first["legal"])
        second = act(client, room, tokens[seat], second_text)
        if second["can_undo"]:
            break
    else:
        raise AssertionError("no two undoable actions in a row came up")
    assert undo(client, room, tokens[seat]).json()["legal"] == first["legal"]
    back = undo(client, room, tokens[seat]).json()
    assert {k: back[k] for k in SAME} == {k: first_before[k] for k in SAME}
    last = stored_steps(db, room)[-1]
    assert back["can_undo"] == (last.kind == "decision" and last.seat == seat)


def test_refused_after_a_die_roll(client):
    room, tokens = two_people(client, game="kot-dark", seed=2)
    seat, before, text, after = play_until(client, room, tokens, random.Random(5),
                                           lambda b, t, a: t.startswith("reroll"))
    assert after["can_undo"] is False and "chance" in after["undo_refused"]
    body = refused(undo(client, room, tokens[seat]), "chance_since")
    assert "a die rolled" in body["message"]
    assert seat_view(client, room, tokens[seat])["version"] == after["version"]   # nothing changed


def test_refused_after_a_card_is_drawn(client):
    room, tokens = two_people(client, seed=6)
    seat, before, text, after = play_until(client, room, tokens, random.Random(6),
                                           lambda b, t, a: t.startswith("draw "))
    assert after["version"] > before["version"] + 1      # the draw's chance step is stored after it
    refused(undo(client, room, tokens[seat]), "chance_since")


def test_refused_once_another_seat_has_acted(client):
    room, tokens = two_people(client, seed=9)
    rng = random.Random(7)
    previous = None
    for _ in range(600):
        seat = client.get(f"/api/rooms/{room}").json()["to_act"]
        view = seat_view(client, room, tokens[seat])
        after = act(client, room, tokens[seat], rng.choice(view["legal"]))
        if previous is not None and previous[0] != seat and after["version"] == previous[1] + 1:
            break     # the other seat acted right after an undoable action, no chance between
        previous = (seat, after["version"]) if after["can_undo"] else None
    else:
        raise AssertionError("no action of a seat followed another's undoable one")
    first = previous[0]
    view = seat_view(client, room, tokens[first])
    assert view["can_undo"] is False and view["undo_refused"].startswith(f"seat {seat + 1}")   # as a person reads it
    body = refused(undo(client, room, tokens[first]), "other_seat_since")
    assert f"seat {seat + 1}" in body["message"] and "has acted since" in body["message"]


def test_refused_before_acting_and_for_a_bad_token_or_room(client):
    room, tokens = two_people(client, seed=12)
    to_act = client.get(f"/api/rooms/{room}").json()["to_act"]
    waiting = 1 - to_act
    view = seat_view(client, room, tokens[waiting])
    assert view["can_undo"] is False and view["undo_refused"] == "nothing to undo: you have not acted yet"
    refused(undo(client, room, tokens[waiting]), "nothing_to_undo")
    bad = undo(client, room, "not-a-token")
    assert bad.status_code == 403 and bad.json()["error"] == "bad_token"
    assert undo(client, "nosuchroom", tokens[0]).status_code == 404
    missing = client.post(f"/api/rooms/{room}/undo", json={})
    assert missing.status_code == 422 and missing.json()["error"] == "malformed"
    extra = client.post(f"/api/rooms/{room}/undo", json={"token": tokens[0], "action": "x"})
    assert extra.status_code == 422


def test_refused_for_a_stale_version(client):
    room, tokens = two_people(client, seed=5)
    seat, before, text, after = play_until(client, room, tokens, random.Random(1),
                                           lambda b, t, a: a["can_undo"])
    stale = undo(client, room, tokens[seat], before["version"])
    assert stale.status_code == 409 and stale.json()["error"] == "stale_version"
    assert stale.json()["version"] == after["version"]


def test_refused_when_the_game_is_over(client):
    created = create(client, "kot-dark", [{"kind": "human"}, {"kind": "bot", "agent": "random"}], seed=1)
    room, tokens = created["room"], tokens_of(created)
    play_humans(client, room, tokens, random.Random(2))
    view = seat_view(client, room, tokens[0])
    assert view["status"] == "finished" and view["can_undo"] is False
    refused(undo(client, room, tokens[0]), "game_over")


def test_a_restart_rebuilds_the_undone_game_from_the_store(db):
    with TestClient(create_app(db, bot_delay=0)) as client:
        room, tokens = two_people(client, seed=13)
        seat, before, text, after = play_until(client, room, tokens, random.Random(8),
                                               lambda b, t, a: a["can_undo"])
        back = undo(client, room, tokens[seat]).json()
        views = {s: seat_view(client, room, t) for s, t in tokens.items()}
    with TestClient(create_app(db, bot_delay=0)) as client:
        again = {s: seat_view(client, room, t) for s, t in tokens.items()}
        for s in tokens:
            assert views[s]["undone_by"] == seat and again[s]["undone_by"] is None   # in memory only
            # when each person was last here (away_since) is kept in memory only, as undone_by is
            for view in (views[s], again[s]):
                for entry in view["seats"]:
                    entry.pop("away_since")
            diff = [k for k in views[s] if views[s][k] != again[s][k] and k != "undone_by"]
            assert diff == [], (s, diff, [(views[s][k], again[s][k]) for k in diff])
        assert again[seat]["version"] == back["version"]
        # after the restart the seat may still take it back no further than the rules say
        assert again[seat]["can_undo"] == views[seat]["can_undo"]
    assert len(stored_steps(db, room)) == after["version"] - 1


def test_a_bot_that_acted_after_the_action_makes_it_stand(client):
    created = create(client, "crisis-tokyo", [{"kind": "human"}, {"kind": "bot", "agent": "random"}], seed=4)
    room, tokens = created["room"], tokens_of(created)
    rng = random.Random(9)
    for _ in range(400):
        view = seat_view(client, room, tokens[0])
        if not view["your_turn"]:
            continue
        after = act(client, room, tokens[0], rng.choice(view["legal"]))
        last = client.get(f"/api/rooms/{room}").json()
        if last["version"] > after["version"] and not seat_view(client, room, tokens[0])["can_undo"]:
            reason = undo(client, room, tokens[0]).json()["reason"]
            assert reason in ("other_seat_since", "chance_since")
            if reason == "other_seat_since":
                return
    raise AssertionError("the bot never acted right after seat 0")


# ----- nothing hidden may be seen and then taken back ------------------------------------
def test_an_action_that_shows_a_card_another_monster_peeked_at_stands():
    """kot-dark's Made in a Lab: the peeked top card comes into the market without a
    chance node, so buying after another monster peeked shows it with no chance step."""
    game = tokyo.load_game("kot-dark", players=2)
    state = build_position(game, [{"cards": ["made-in-a-lab"], "energy": 5}, {"energy": 10}], step="buy",
                           market=["acid-attack", "giant-brain", "wings"])
    for text in ("peek", "reveal tank"):
        state.apply_action(text)
    mine = state.clone()                       # the peeker itself buys: it knew the card
    before = mine.clone()
    mine.apply_action("buy giant-brain")
    assert not shows_hidden(before, "buy giant-brain", 0, mine, random.Random(0))
    state.apply_action("end")
    while not (state.current_player() == 1 and state.node[2] == "buy"):
        state.apply_action(state.legal_texts()[0])
    assert state.known_top == [["tank", [0]]]
    before = state.clone()
    state.apply_action("buy acid-attack")
    assert "tank" in state.market and not state.is_chance_node()
    assert shows_hidden(before, "buy acid-attack", 1, state, random.Random(0))


@pytest.mark.parametrize("game", ["crisis-tokyo", "kot-dark"])
def test_actions_without_chance_show_nothing_hidden(game):
    """An action the seat could foresee (no chance after it) passes the check in random
    games: the check does not refuse undos that cannot leak."""
    rng = random.Random(3)
    state = tokyo.load_game(game, players=2).new_initial_state()
    checked = 0
    while checked < 40:
        if state.is_terminal():
            state = state.game.new_initial_state()
        elif state.is_chance_node():
            state.apply_action(rng.choice(state.legal_texts()))
            continue
        seat, before, text = state.current_player(), state.clone(), rng.choice(state.legal_texts())
        state.apply_action(text)
        if not state.is_chance_node():
            assert not shows_hidden(before, text, seat, state, random.Random(1)), text
            checked += 1
    assert checked == 40


def test_an_action_that_showed_something_hidden_is_refused_with_that_reason(client, monkeypatch):
    """The check's answer reaches the seat's view and the refusal (the check itself is
    tested above, on a kot-dark peek)."""
    import tokyo.server.rooms as rooms
    monkeypatch.setattr(rooms, "shows_hidden", lambda *args, **kwargs: True)
    room, tokens = two_people(client, seed=5)
    seat, before, text, after = play_until(client, room, tokens, random.Random(1),
                                           lambda b, t, a: a["undo_refused"] and "hidden" in a["undo_refused"])
    assert after["can_undo"] is False
    body = refused(undo(client, room, tokens[seat]), "shows_hidden")
    assert "showed you something that was hidden" in body["message"]


def test_a_failed_write_changes_nothing(client, db, monkeypatch):
    room, tokens = two_people(client, seed=5)
    seat, before, text, after = play_until(client, room, tokens, random.Random(1), lambda b, t, a: a["can_undo"])
    from tokyo.server.store import Store

    def broken(self, game, idx):
        raise OSError("disk full")
    monkeypatch.setattr(Store, "remove_last_step", broken)
    response = undo(client, room, tokens[seat])
    assert response.status_code == 500 and response.json()["error"] == "storage_failed"
    monkeypatch.undo()
    now = seat_view(client, room, tokens[seat])
    assert {k: now[k] for k in SAME + ("version", "can_undo")} == {k: after[k] for k in SAME + ("version", "can_undo")}
    assert len(stored_steps(db, room)) == after["version"]
