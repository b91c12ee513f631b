"""A newcomer's reading of the table, issue 12 (third round): the players page, the lobby and
the game say a faction, a monster and a lost Crisis Format game in the same words; the seats
list says who sits where with one bracket; the lobby's option help ends in one small group of
rule links, not a row of bare "rule G53 rule G54"."""

from __future__ import annotations

import re

import httpx
from playwright.sync_api import expect

from browserhelpers import PHONE
from test_browser_player_words import finished_game

WAIT = 60_000


def lobby_row(page, room):
    return page.locator(f"a[href^='/play/{room}']").first.locator("xpath=ancestor::*[contains(@class,'room-item')][1]")


def test_factions_and_a_lost_crisis_format_game_are_said_alike_on_every_page(page, server):
    # seed 1: a random person alone against the Crises loses (the opponent reaches its target)
    lost = finished_game(server, [{"kind": "human", "name": "Nell"}], "crisis-format", 1, players=1,
                         options={"decks": "pilgrims"})
    obs = lost["observation"]
    assert obs["opponent_story"] >= len(obs["crises"]) + 1 and lost["winners"] == []
    finished_game(server, [{"kind": "bot", "agent": "random"}, {"kind": "human", "name": "Nell"}], "storyline", 5,
                  options={"decks": "concord,pilgrims", "target": 2})
    # the game: the deck's full name, and who won
    page.goto(f"{server.url}/play/{lost['room']}")
    expect(page.locator("#status")).to_contain_text("Won by the opponent", timeout=WAIT)
    expect(page.locator("#seats")).to_contain_text("Ember Pilgrims, seat 1 (Nell)")
    # the players page: factions by the decks' names, never the short ids; the loss in the same words
    page.goto(server.url + "/players/Nell")
    by_label = page.locator("#by-label")
    expect(by_label.locator(".per-game", has_text="Ember Pilgrims (faction)")).to_have_count(2)
    assert "Pilgrims (faction)" not in by_label.inner_text().replace("Ember Pilgrims (faction)", "")
    recent = page.locator("#recent tbody tr")
    expect(recent).to_have_count(2)
    expect(recent.filter(has_text="Crisis Format")).to_contain_text("Ember Pilgrims, seat 1 (Nell)")
    expect(recent.filter(has_text="Crisis Format")).to_contain_text("lost — won by the opponent")
    expect(recent.filter(has_text="Ironclad Concord, seat 1 (bot: random)")).to_have_count(1)
    assert "no player won" not in page.locator("#recent").inner_text()
    # the lobby's finished games
    page.goto(server.url + "/")
    page.wait_for_selector("body[data-ready]")
    expect(lobby_row(page, lost["room"])).to_contain_text("won by the opponent", timeout=WAIT)
    expect(lobby_row(page, lost["room"])).to_contain_text("Ember Pilgrims, seat 1 (Nell)")


def test_the_lobby_names_the_monster_of_a_seat_as_the_game_does(page, server):
    view = finished_game(server, [{"kind": "human", "name": "Moe"}, {"kind": "bot", "agent": "random"}], "kot-dark", 2)
    names = {m["seat"]: m["name"] for m in view["observation"]["monsters"]}
    winner = view["winners"][0]
    who = f"{names[winner]}, seat {winner + 1} ({'Moe' if winner == 0 else 'bot: random'})"
    page.goto(f"{server.url}/play/{view['room']}")
    expect(page.locator("#status")).to_contain_text(f"Won by {who}", timeout=WAIT)
    page.goto(server.url + "/")
    page.wait_for_selector("body[data-ready]")
    row = lobby_row(page, view["room"])
    expect(row).to_contain_text(f"won by {who}", timeout=WAIT)
    expect(row).to_contain_text(f"{names[0]}, seat 1 (Moe), {names[1]}, seat 2 (bot: random)")
    # a game being played: its monsters in the list too
    room = httpx.post(server.url + "/api/rooms", json={"game": "kot-dark", "seed": 3, "seats": [
        {"kind": "human", "name": "Ann"}, {"kind": "bot", "agent": "heuristic"}]}, timeout=60).json()
    monsters = {m["seat"]: m["name"] for m in room["view"]["observation"]["monsters"]}
    page.reload()
    page.wait_for_selector("body[data-ready]")
    expect(lobby_row(page, room["room"])).to_contain_text(
        f"{monsters[0]}, seat 1 (Ann), {monsters[1]}, seat 2 (bot: heuristic)", timeout=WAIT)


def test_the_seats_list_says_you_and_a_stand_in_without_a_row_of_brackets(browser, server):
    room = httpx.post(server.url + "/api/rooms", json={"game": "crisis-tokyo", "seed": 3, "seats": [
        {"kind": "human", "name": "Kai"}, {"kind": "bot", "agent": "heuristic"}]}, timeout=60).json()
    answer = httpx.post(f"{server.url}/api/rooms/{room['room']}/admin/{room['creator_token']}/seats/0/bot",
                        json={"agent": "heuristic"}, timeout=60)
    assert answer.status_code < 300, answer.text
    for viewport in (None, PHONE):
        context = browser.new_context(**({"viewport": viewport} if viewport else {}))
        page = context.new_page()
        page.goto(server.url + room["seats"][0]["link"])
        seats = page.locator("#seats")
        expect(seats).to_contain_text("seat 1 (Kai, you) — a bot (heuristic) is playing for you while you are away",
                                      timeout=WAIT)
        assert ") (" not in seats.inner_text(), seats.inner_text()
        context.close()
    # the creator's panel heads each seat as the seats list does: no capital, as it opens no sentence
    page = browser.new_page()
    page.goto(server.url + room["creator_link"])
    expect(page.locator("#admin .admin-seat[data-seat='1'] b")).to_have_text("seat 2 (bot: heuristic)", timeout=WAIT)
    expect(page.locator("#admin .admin-seat[data-seat='0'] b")).to_have_text("seat 1 (Kai)")
    page.close()


def test_the_option_help_ends_in_one_small_group_of_rule_links(page, server):
    for game in ("kot-dark", "kot-godzilla", "storyline"):
        page.goto(f"{server.url}/?game={game}")
        page.wait_for_selector("body[data-ready]")
        page.click("#options-box summary")
        text = page.locator("#options").inner_text()
        assert not re.search(r"rule \S+ rule", text), text
        groups = page.locator("#options .rule-links")
        expect(groups.first).to_have_text(re.compile(r"^\(rules? [A-Z]?[\d.]+(, [A-Z]?[\d.]+)*\)$"))
        assert all(re.fullmatch(r"\((rule [A-Z]?[\d.]+|rules [A-Z]?[\d.]+(, [A-Z]?[\d.]+)+)\)", g)
                   for g in groups.all_inner_texts()), groups.all_inner_texts()
    # Godzilla's "Ask every question" comes from two rulings: one group, each id its own link
    page.goto(f"{server.url}/?game=kot-godzilla")
    page.wait_for_selector("body[data-ready]")
    page.click("#options-box summary")
    group = page.locator("#options [data-option=ask_always] .rule-links")
    expect(group).to_have_text("(rules G53, G54)")
    expect(group.locator("a.rule-link")).to_have_text(["G53", "G54"])
    expect(group.locator("a.rule-link").first).to_have_attribute("href", "/rules/kot-godzilla#kot-godzilla-G53")


def test_a_result_that_opens_with_a_seat_starts_with_a_capital(page, server):
    # issue 12: "Game over. seat 2 (bot: heuristic) won, holding 4 Districts."
    room = httpx.post(server.url + "/api/rooms", json={"game": "crisis-tokyo", "seed": 3, "seats": [
        {"kind": "bot", "agent": "random"}, {"kind": "bot", "agent": "random"}],
        "options": {"districts_to_win": 1}}, timeout=60).json()
    page.goto(f"{server.url}/play/{room['room']}")
    expect(page.locator("body")).to_have_attribute("data-status", "finished", timeout=WAIT)
    status = page.locator("#status")
    expect(status).to_have_text(re.compile(r"^Game over\. (Seat [12] \(bot: random\) (won|and)|Nobody)"))
    who = page.locator("#ct-result .ct-result-who .ct-seat").first
    if who.count():
        expect(who).to_have_text(re.compile(r"^Seat [12] \(bot: random\)$"))

