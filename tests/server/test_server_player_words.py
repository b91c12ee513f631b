"""What the server gives the browser so that a person reads player words, not the API's:
who is away (every seat's ``away_since``, pushed when a person comes or goes), the options
described for the lobby (``label``, ``words``, ``rules``, ``pick``), the players' names of a
latest game, and a rules page without the notes to developers, opened by a "How to play in
two minutes"."""

from __future__ import annotations

import random
import re

import pytest

from serverhelpers import create, play_humans, tokens_of
from tokyo.server import rulespage


def test_everyone_sees_who_is_away_and_is_told_when_a_person_comes_or_goes(client):
    created = create(client, "kot-dark", [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"},
                                          {"kind": "bot", "agent": "random"}], seed=3)
    room, tokens = created["room"], tokens_of(created)
    seats = client.get(f"/api/rooms/{room}").json()["seats"]
    # nobody has come yet: not connected, and no time known; a bot is never "away"
    assert [s["away_since"] for s in seats] == [None, None, None]
    with client.websocket_connect(f"/ws/rooms/{room}?token={tokens[0]}") as ann:
        assert ann.receive_json()["seats"][1]["connected"] == 0
        with client.websocket_connect(f"/ws/rooms/{room}?token={tokens[1]}") as bob:
            bob.receive_json()
            came = ann.receive_json()   # Ann is told that Bob came, though nothing was played
            assert came["type"] == "view" and came["seats"][1]["connected"] == 1
            assert came["seats"][1]["away_since"] is None
        went = ann.receive_json()       # ... and that he went
        assert went["seats"][1]["connected"] == 0 and went["seats"][1]["away_since"] > 0
        assert went["version"] == came["version"]
    public = client.get(f"/api/rooms/{room}").json()["seats"]
    assert public[0]["away_since"] >= went["seats"][1]["away_since"] and public[2]["away_since"] is None
    # a spectator's coming and going is not told to the seats
    with client.websocket_connect(f"/ws/rooms/{room}?token={tokens[0]}") as ann:
        ann.receive_json()
        with client.websocket_connect(f"/ws/rooms/{room}") as watch:
            watch.receive_json()
        # the next message Ann gets is a real change (an action of hers or a new view), not the spectator
        view = client.get(f"/api/rooms/{room}/seat/{tokens[0]}").json()
        if view["your_turn"]:
            client.post(f"/api/rooms/{room}/actions", json={"token": tokens[0], "action": view["legal"][0]})
            assert ann.receive_json()["version"] > view["version"]


def test_the_options_come_in_player_words_with_their_rules_apart_and_ids_to_pick(client):
    games = {g["id"]: g for g in client.get("/api/games").json()}
    for game in games.values():
        for option in game["options"]:
            # every option has words for the lobby, without rule ids, ids to type or old records
            assert option["label"] and option["words"], option
            assert not re.search(r"ruling|\(storyline|records made before|comma.separated|\bR\d|\bS\d|\bC\d",
                                 option["words"]), option
            # its rules are statement ids the rules page anchors
            for rule in option["rules"]:
                assert rule.split()[0] == rulespage.rules_document(game["id"]).stem
    base = {o["name"]: o for o in games["kot"]["options"]}
    # every choice of the King of Tokyo games in words, never its id
    for game in ("kot", "kot-dark", "kot-godzilla"):
        for option in games[game]["options"]:
            for choice, words in (option.get("choice_words") or {}).items():
                assert words != choice, (game, option["name"], choice)
    assert base["frenzy"]["choice_words"] == {"after-turn": "after this turn ends in full",
                                              "at-once": "at once, skipping its End of Turn"}
    kot = {o["name"]: o for o in games["kot-dark"]["options"]}
    assert kot["star_tie"]["rules"] == ["kot-dark R1"] and kot["ask_always"]["rules"] == ["kot-dark R41"]
    assert kot["star_tie"]["help"].endswith("(ruling R1)")   # the API's own help is unchanged
    assert kot["monsters"]["pick"]["per"] == "seat"
    assert {"id": "the-king", "name": "The King"} in kot["monsters"]["pick"]["items"]
    crisis = {o["name"]: o for o in games["crisis-format"]["options"]}
    assert crisis["crises"]["pick"]["per"] == "player"
    assert {"id": "crisis-bleeding-exchequer", "name": "The Bleeding Exchequer"} in crisis["crises"]["pick"]["items"]
    assert crisis["decks"]["pick"]["items"][0] == {"id": "concord", "name": "Ironclad Concord"}  # the deck's name, as the game says it
    assert crisis["first_player"]["pick"]["seats"] is True
    assert crisis["act_rounds"]["rules"] == ["storyline 8.11.2"] and crisis["act_rounds"]["pick"] is None


def test_a_latest_game_names_its_players_and_winners(client):
    seats = [{"kind": "human", "name": "Ann"}, {"kind": "bot", "agent": "random"}]
    created = create(client, "kot-dark", seats, seed=1)
    play_humans(client, created["room"], tokens_of(created), random.Random(1))
    view = client.get(f"/api/rooms/{created['room']}").json()
    recent = client.get("/api/players/Ann").json()["recent"][0]
    # as every page says a seat (seatwords.py): the monster, the seat from 1, the person or the bot
    monsters = {m["seat"]: m["name"] for m in view["observation"]["monsters"]}
    assert recent["players"] == [f"{monsters[0]}, seat 1 (Ann)", f"{monsters[1]}, seat 2 (bot: random)"]
    assert recent["winners"] == [recent["players"][s] for s in view["winners"]]


DEV_WORDS = ("shared/rulebooks", "docs/rules", "README.md", "coverage.md", "one testable thing",
             "Nothing to test here", "tools/", "docs/rulings.md", "generated")


@pytest.mark.parametrize("game", ["kot", "kot-dark", "kot-godzilla", "crisis-tokyo", "storyline", "crisis-format"])
def test_the_rules_page_opens_with_how_to_play_and_hides_the_notes_to_developers(client, game):
    page = client.get(f"/rules/{game}").text
    assert "How to play in two minutes" in page
    assert page.index('id="howto"') < page.index('id="rules"')
    found = [w for w in DEV_WORDS if w in page]
    assert not found, found
    # the statements keep their anchors (the log's links), their numbers shown short
    assert page.count('class="statement"') > 100
    howto = (rulespage.HOWTO / f"{game}.md").read_text(encoding="utf-8")
    assert 5 <= howto.count("\n- ") + 1 <= 10   # two minutes: a handful of lines


def test_every_game_of_the_registry_has_how_to_play(client):
    for game in client.get("/api/games").json():
        if not game["id"].startswith("toy-"):   # a test's own toy game (tests/toygame.py) has none
            assert (rulespage.HOWTO / f"{game['id']}.md").is_file(), game["id"]
