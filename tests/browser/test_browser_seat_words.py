"""A newcomer's reading of the table, issue 12 (second round): one seat is said one way on
every page (the game's name for it, "seat N" from 1, the bot or the person: seatwords.py);
the end of one's own King of Tokyo turn is told where one looks, not only in the log; no
room id in the header, option choices in words, the Two-player variant turned off with a
reason when more players are chosen, and the Text view numbering seats from 1."""

from __future__ import annotations

import re

import httpx
from playwright.sync_api import expect

from browserhelpers import PHONE, new_room, open_seat
from test_browser_players import finished_game

WAIT = 60_000


def monster_names(server, room):
    view = httpx.get(f"{server.url}/api/rooms/{room['room']}", timeout=60).json()
    return {m["seat"]: m["name"] for m in view["observation"]["monsters"]}


def test_a_seat_is_said_the_same_way_in_the_panels_the_header_the_lobby_and_the_log(page, server):
    room = new_room(server, "kot-dark", [{"kind": "human", "name": "Ann"}, {"kind": "bot", "agent": "heuristic"}],
                    seed=2)
    names = monster_names(server, room)
    open_seat(page, server, room)
    # the header: who you are, in the same words, and no room id
    expect(page.locator("#who")).to_have_text(f"you are {names[0]}, seat 1 (Ann)")
    # the seats panel and the monsters' panels
    expect(page.locator("#seats")).to_contain_text(f"{names[1]}, seat 2 (bot: heuristic)")
    expect(page.locator(".monster[data-seat='1'] .seat-line")).to_have_text("seat 2 (bot: heuristic)")
    # the lobby's list of games being played
    page.goto(server.url + "/")
    page.wait_for_selector("body[data-ready]")
    row = page.locator(f"#rooms a[href='/play/{room['room']}']").locator("xpath=ancestor::*[contains(@class,'room-item')][1]")
    expect(row).to_contain_text(f"{names[0]}, seat 1 (Ann), {names[1]}, seat 2 (bot: heuristic)")
    assert "Bot 2" not in page.locator("#rooms").inner_text()
    # the log of a game whose engine writes "Seat N": the same words, from 1
    other = new_room(server, "crisis-tokyo", [{"kind": "human", "name": "Ann"}, {"kind": "bot", "agent": "heuristic"}],
                     seed=3)
    open_seat(page, server, other)
    log = page.locator("#log")
    expect(log).to_contain_text("Seat 1 (Ann) draws")
    expect(log).to_contain_text("Seat 2 (bot: heuristic) draws")
    assert "Bot 2" not in log.inner_text()
    expect(page.locator("#seats")).to_contain_text("seat 2 (bot: heuristic)")


def test_the_statistics_page_names_the_seats_as_the_game_page(page, server):
    view = finished_game(server, "Gus", 5)
    names = {m["seat"]: m["name"] for m in view["observation"]["monsters"]}
    page.goto(server.url + "/players/Gus")
    row = page.locator("#recent tbody tr").first
    expect(row).to_contain_text(f"{names[0]}, seat 1 (Gus), with {names[1]}, seat 2 (bot: random)")
    assert "Bot 2" not in page.locator("#recent").inner_text()


def test_the_lobby_says_seat_in_every_list_and_options_in_words(page, server):
    page.goto(server.url + "/?game=crisis-format")
    page.wait_for_selector("body[data-ready]")
    page.select_option("#players", "2")
    page.click("#options-box summary")
    # one list per player of the Crises: numbered as the seat rows above them
    expect(page.locator("#opt-crises .pick-place > span")).to_have_text(["Seat 1", "Seat 2"])
    assert "Player 1" not in page.locator("#options").inner_text()
    # choices in words, their ids nowhere
    page.goto(server.url + "/?game=kot-dark")
    page.wait_for_selector("body[data-ready]")
    page.click("#options-box summary")
    labels = page.locator("#opt-star_tie option").all_inner_texts()
    assert labels == ["they share the win", "the most stars wins"], labels
    text = page.locator("#options").inner_text()
    for internal in ("most-stars", "each-triple", "first-triple", "(city)", "(stay)"):
        assert internal not in text, internal


def test_the_two_player_variant_is_offered_only_to_two_players(page, server):
    page.goto(server.url + "/?game=kot-dark")
    page.wait_for_selector("body[data-ready]")
    page.click("#options-box summary")
    page.select_option("#players", "2")
    box = page.locator("#opt-two_player_variant")
    expect(box).to_be_enabled()
    box.check()
    page.select_option("#players", "4")
    expect(box).to_be_disabled()
    expect(box).not_to_be_checked()
    note = page.locator("[data-option=two_player_variant] .players-note")
    expect(note).to_have_text("Not for 4 players: only for a game of 2 players.")
    # a room made now does not carry it
    page.click("#create-button")
    page.wait_for_selector("#created:not([hidden])")
    link = page.locator("#links input").first.input_value()
    room, token = link.split("/play/")[1].split("?token=")
    view = httpx.get(f"{server.url}/api/rooms/{room}/seat/{token}", timeout=60).json()
    assert not view["options"].get("two_player_variant")
    page.select_option("#players", "2")
    expect(box).to_be_enabled()
    expect(note).to_have_text("")


def test_the_text_view_numbers_seats_from_1(page, server):
    room = new_room(server, "kot-dark", [{"kind": "human", "name": "Ann"}, {"kind": "bot", "agent": "random"}], seed=1)
    open_seat(page, server, room)
    page.click("#render-box summary")
    render = page.locator("#render")
    expect(render).to_contain_text("(seat 1)")
    expect(render).to_contain_text("[2]")
    assert not re.search(r"\[0\]|[Ss]eat 0", render.inner_text()), render.inner_text()
    other = new_room(server, "crisis-tokyo", [{"kind": "human"}, {"kind": "bot", "agent": "random"}], seed=1)
    open_seat(page, server, other)
    page.click("#render-box summary")
    expect(page.locator("#render")).to_contain_text("Seat 2")
    assert "Seat 0" not in page.locator("#render").inner_text()


def play_own_turn(page, server, room):
    """Play one turn of seat 0 with the notation buttons (the last one each time: reroll,
    then go on) until the game's turn number moves on (the bots may play theirs at once,
    and seat 0's next turn begin, before the page is looked at); its number."""
    token = room["seats"][0]["token"]
    seat_view = lambda: httpx.get(f"{server.url}/api/rooms/{room['room']}/seat/{token}", timeout=60).json()
    page.wait_for_function("document.body.dataset.yourTurn === '1' && document.body.dataset.active === '0'",
                           timeout=WAIT)
    turn = seat_view()["observation"]["turn"]
    page.click("#legal-details summary")
    for _ in range(60):
        version = int(page.evaluate("document.body.dataset.version"))
        page.locator("#legal button").last.click()
        page.wait_for_function(f"Number(document.body.dataset.version) > {version} && !document.body.dataset.busy",
                               timeout=WAIT)
        page.wait_for_function("document.body.dataset.yourTurn === '1' || document.body.dataset.active !== '0'"
                               " || document.body.dataset.status !== 'playing'", timeout=WAIT)
        view = seat_view()
        if view["observation"]["turn"] != turn or view["status"] != "playing":
            return turn
    raise AssertionError("the turn did not end")


def check_turn_end_is_told(page, server, room):
    turn = play_own_turn(page, server, room)
    token = room["seats"][0]["token"]
    log = httpx.get(f"{server.url}/api/rooms/{room['room']}/seat/{token}", timeout=60).json()["log"]
    turns = [i for i, line in enumerate(log) if re.match(r"Turn \d+:", line["text"])]
    start = next(i for i in turns if log[i]["text"].startswith(f"Turn {turn}:"))
    end = next(i for i in turns if i > start)
    box = page.locator("#turn-end")
    expect(box).to_be_visible()
    expect(box).to_contain_text(f"Your turn {turn} ended")
    # the turn's last events, up to its very end
    expect(box.locator("li").last).to_have_attribute("data-line", str(end - 1))
    # at the top of the page, where the person looks, on a phone too
    page.evaluate("window.scrollTo(0, 0)")
    expect(box).to_be_in_viewport()
    # closed, it stays closed (the log keeps it)
    box.locator("button.close").click()
    expect(box).to_be_hidden()


def test_the_end_of_ones_own_turn_is_told_on_the_page(page, server):
    room = new_room(server, "kot-dark", [{"kind": "human", "name": "Ann"}, {"kind": "bot", "agent": "heuristic"},
                                         {"kind": "bot", "agent": "random"}], seed=5)
    open_seat(page, server, room)
    check_turn_end_is_told(page, server, room)


def test_the_end_of_ones_own_godzilla_turn_is_told_on_a_phone(browser, server):
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    page.set_default_timeout(WAIT)
    try:
        room = new_room(server, "kot-godzilla", [{"kind": "human", "name": "Ann"}, {"kind": "bot", "agent": "heuristic"}],
                        seed=7)
        open_seat(page, server, room)
        check_turn_end_is_told(page, server, room)
    finally:
        context.close()
