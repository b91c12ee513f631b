"""Players' statistics over the finished games of the server (GET /api/players/{name},
profiles.py): counted by the name of a person's seat, by game and by label."""

from __future__ import annotations

import random

from serverhelpers import create, play_humans, tokens_of


def finish(client, game, seats, seed, **extra):
    created = create(client, game, seats, seed=seed, **extra)
    play_humans(client, created["room"], tokens_of(created), random.Random(seed))
    view = client.get(f"/api/rooms/{created['room']}").json()
    assert view["status"] == "finished"
    return created["room"], view


def test_a_players_games_wins_and_labels_add_up(client):
    seats = [{"kind": "human", "name": "Ann"}, {"kind": "bot", "agent": "random"}]
    outcomes = []
    for seed in (1, 2, 3):
        room, view = finish(client, "kot-dark", seats, seed)
        outcomes.append((room, 0 in view["winners"], view["observation"]["monsters"][0]["monster"]))
    # a second name in another game, and Ann in another case with spaces
    finish(client, "kot-dark", [{"kind": "human", "name": "Bob"}, {"kind": "bot", "agent": "random"}], 4)
    s = client.get("/api/players/%20aNN%20").json()
    assert s["name"] == "aNN" and s["games"] == 3
    assert s["wins"] == sum(won for _, won, _ in outcomes)
    assert s["by_game"] == [{"game": "kot-dark", "title": "King of Tokyo: Dark Edition", "games": 3,
                             "wins": s["wins"], "share": s["wins"] / 3}]
    labels = {}
    for _, won, monster in outcomes:
        n, w = labels.get(monster, (0, 0))
        labels[monster] = (n + 1, w + won)
    assert {r["label"]: (r["games"], r["wins"]) for r in s["by_label"] if r["kind"] == "monster"} == labels
    assert {r["kind"] for r in s["by_label"]} == {"monster", "turn order"}
    # newest first, each with its room
    assert [r["room"] for r in s["recent"]] == [room for room, _, _ in reversed(outcomes)]
    assert client.get("/api/players/Bob").json()["games"] == 1


def test_a_bot_seat_never_counts_and_an_unknown_name_has_no_games(client):
    finish(client, "kot-dark", [{"kind": "human", "name": "Ann"}, {"kind": "bot", "agent": "random", "name": "Zed"}], 5)
    assert client.get("/api/players/Zed").json()["games"] == 0
    empty = client.get("/api/players/Nobody").json()
    assert empty["games"] == 0 and empty["share"] is None and empty["by_game"] == [] and empty["recent"] == []


def test_a_cooperative_game_counts_the_shared_result_and_the_faction(client):
    room, view = finish(client, "crisis-format", [{"kind": "human", "name": "Cy"}], 4, players=1)
    s = client.get("/api/players/Cy").json()
    assert s["games"] == 1 and s["wins"] == (1 if view["winners"] else 0)
    assert [r["kind"] for r in s["by_label"]] == ["faction"]
    assert s["recent"][0]["result"].startswith("Game over: ")


def test_a_name_too_long_or_blank_is_refused(client):
    r = client.get("/api/players/" + "x" * 41)
    assert r.status_code == 422
    r = client.get("/api/players/%20%20")
    assert r.status_code == 422 and r.json()["error"] == "malformed"


def test_the_page_is_served(client):
    r = client.get("/players/Ann")
    assert r.status_code == 200 and "/static/players.js" in r.text
