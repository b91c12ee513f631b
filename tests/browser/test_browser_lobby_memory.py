"""The lobby remembers (issue 12): the name a person gave is offered again; the seats this
browser created or opened are listed under "Your games" to rejoin (with whose move it is),
and can be forgotten; the other games are grouped by game."""

import re

from playwright.sync_api import expect

from test_browser_client import create_in_lobby


def test_a_name_and_a_seat_are_remembered_for_the_next_visit(page, server):
    page.goto(server.url + "/")
    page.wait_for_selector("body[data-ready]")
    assert page.locator("#mine-box").is_hidden()
    page.select_option("#game", "kot-dark")
    page.select_option("#players", "2")
    page.fill("input[name=name-0]", "Ann")
    page.click("#create-button")
    page.wait_for_selector("#created:not([hidden])")
    link = page.locator("#links input").first.input_value()
    room = link.split("/play/")[1].split("?")[0]
    # a new visit: the name is offered again and the seat is there to rejoin
    page.goto(server.url + "/")
    page.wait_for_selector("body[data-ready]")
    assert page.input_value("input[name=name-0]") == "Ann"
    mine = page.locator(f"#mine .room-item[data-room='{room}']")
    expect(mine).to_be_visible()
    expect(mine).to_contain_text(re.compile(r"you are (.+, )?seat 1 \(Ann\)"))
    assert "token=" in mine.locator("a.primary").get_attribute("href")
    expect(mine.locator("a[data-manage]")).to_have_text("Manage")  # this browser made the room
    # the games being played are grouped by game
    expect(page.locator("#rooms .room-group h3").first).to_contain_text("King of Tokyo")
    # rejoin, then forget
    mine.locator("a.primary").click()
    page.wait_for_selector("body[data-version]")
    assert re.search(r"you are (.+, )?seat 1 \(Ann\)$", page.locator("#who").inner_text())
    page.goto(server.url + "/")
    page.wait_for_selector("body[data-ready]")
    page.once("dialog", lambda dialog: dialog.accept())   # asked first (test_browser_lobbyfix.py)
    page.locator(f"#mine .room-item[data-room='{room}'] button").click()
    expect(page.locator(f"#mine .room-item[data-room='{room}']")).to_have_count(0)


def test_a_seat_link_opened_from_elsewhere_is_remembered_too(browser, server):
    # a friend opens the link they were sent in their own browser
    creator = browser.new_context()
    links = create_in_lobby(creator.new_page(), server, "crisis-tokyo", 2)
    creator.close()
    friend = browser.new_context()
    page = friend.new_page()
    page.goto(links[1] if "token=" in links[1] else links[0])
    page.wait_for_selector("body[data-version]")
    page.goto(server.url + "/")
    page.wait_for_selector("body[data-ready]")
    expect(page.locator("#mine .room-item")).to_have_count(1)
    friend.close()


def test_a_card_name_in_the_log_shows_the_cards_text_on_tap(page, server):
    import httpx
    room = httpx.post(server.url + "/api/rooms", json={
        "game": "crisis-format", "players": 1, "seed": 2, "seats": [{"kind": "human"}]}, timeout=60).json()
    cards = {c["name"]: c for c in httpx.get(server.url + "/api/games/crisis-format/cards").json()}
    page.goto(server.url + room["seats"][0]["link"])
    page.wait_for_selector("body[data-version]")
    ref = page.locator("#log .card-ref").first   # the Crisis Storyline put into play at set-up
    expect(ref).to_be_visible()
    name = ref.inner_text()
    assert name in cards and cards[name]["text"] in ref.get_attribute("title")   # on hover
    ref.click()                                                                    # on tap
    pop = page.locator(".card-popover")
    expect(pop).to_be_visible()
    expect(pop).to_contain_text(cards[name]["text"][:40])
    page.keyboard.press("Escape")
    expect(pop).to_have_count(0)
