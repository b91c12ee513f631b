"""The creator manages a room from the browser (docs/server.md, Managing a room): the
panel lists every seat with its link and who is connected; a seat handed to a bot and
back (by the person from their own page, and by the creator); a link re-issued; the game
ended; the room deleted. Screenshots of the panel go to /tmp/rooms-*.png."""

import re
import sqlite3
import time

from playwright.sync_api import expect

from browserhelpers import PHONE, Server

SLOW = 60_000   # the machine may be busy: generous waits, never sleeps


def create_two_people(page, server):
    """Create a kot-dark room of two people in the lobby; returns (seat links, manage link)."""
    page.goto(server.url + "/")
    page.wait_for_selector("body[data-ready]")
    page.select_option("#game", "kot-dark")
    page.select_option("#players", "2")
    page.select_option("select[name=kind-1]", "human")
    page.fill("input[name=name-0]", "Ann")
    page.fill("input[name=name-1]", "Ben")
    page.click("#create-button")
    page.wait_for_selector("#created:not([hidden])")
    links = [x.input_value() for x in page.locator("#links input").all()]
    manage = page.locator("#manage-link input").input_value()
    assert "#admin=" in manage
    return links, manage


def seat_row(page, seat):
    return page.locator(f"#admin .admin-seat[data-seat='{seat}']")


def test_a_seat_handed_to_a_bot_and_back(browser, server):
    creator = browser.new_context(viewport={"width": 1280, "height": 900})
    page = creator.new_page()
    page.set_default_timeout(SLOW)
    links, manage = create_two_people(page, server)
    # the creator plays seat 0: the panel is on their page, with both seats' links
    page.goto(links[0])
    expect(page.locator("#admin h2")).to_have_text("Manage this room", timeout=SLOW)
    expect(seat_row(page, 0)).to_have_attribute("data-state", "here", timeout=SLOW)
    expect(seat_row(page, 1)).to_have_attribute("data-state", "away")
    assert seat_row(page, 1).locator("input").input_value() == links[1]
    # Ben is away: a bot plays his seat
    seat_row(page, 1).locator("select").select_option("random")
    # the panel is drawn again every 5 s and with each view: the bot chosen stays chosen
    seat_row(page, 1).locator("select").evaluate("(s) => { s.dataset.before = '1'; }")
    page.wait_for_function("!document.querySelector(\"#admin .admin-seat[data-seat='1'] select\").dataset.before",
                           timeout=SLOW)
    expect(seat_row(page, 1).locator("select")).to_have_value("random")
    seat_row(page, 1).locator("button[data-admin=stand-in]").click()
    expect(seat_row(page, 1)).to_have_attribute("data-state", "stand-in", timeout=SLOW)
    expect(seat_row(page, 1)).to_contain_text("a bot plays for them (random)")
    expect(page.locator("#seats")).to_contain_text("a random bot plays for them")
    page.screenshot(path="/tmp/rooms-desktop.png", full_page=True)
    # Ben comes back with his link: he is told, and takes his seat back
    friend = browser.new_context()
    ben = friend.new_page()
    ben.set_default_timeout(SLOW)
    ben.goto(links[1])
    expect(ben.locator("#stand-in")).to_contain_text("A bot (random) plays for you", timeout=SLOW)
    assert ben.locator("#admin").is_hidden()  # the panel is the creator's only
    ben.screenshot(path="/tmp/rooms-stand-in.png")
    ben.click("#take-back")
    expect(ben.locator("#stand-in")).to_be_hidden(timeout=SLOW)
    expect(seat_row(page, 1)).to_have_attribute("data-state", "here", timeout=SLOW)
    expect(seat_row(page, 1).locator("button[data-admin=stand-in]")).to_have_count(0)
    expect(seat_row(page, 1)).to_contain_text("only while its person is away")
    # Ben leaves again; the creator gives the seat to a bot, then gives it back
    friend.close()
    expect(seat_row(page, 1)).to_have_attribute("data-state", "away", timeout=SLOW)
    seat_row(page, 1).locator("button[data-admin=stand-in]").click()
    expect(seat_row(page, 1)).to_have_attribute("data-state", "stand-in", timeout=SLOW)
    seat_row(page, 1).locator("button[data-admin=give-back]").click()
    expect(seat_row(page, 1)).to_have_attribute("data-state", "away", timeout=SLOW)
    expect(page.locator("#admin .admin-message")).to_contain_text("Seat 2 is its person's again")
    # a lost link: a new one replaces it (after a confirmation), and the old one fails
    page.once("dialog", lambda dialog: dialog.accept())
    seat_row(page, 1).locator("button[data-admin=new-link]").click()
    expect(seat_row(page, 1).locator("input")).not_to_have_value(links[1], timeout=SLOW)
    fresh = seat_row(page, 1).locator("input").input_value()
    assert re.search(r"/play/\w+\?token=", fresh)
    again = browser.new_context()
    old = again.new_page()
    old.goto(links[1])
    expect(old.locator("#status")).to_have_text("This link does not open a game.", timeout=SLOW)
    old.goto(fresh)
    expect(old.locator("#who")).to_contain_text(re.compile(r"you are (.+, )?seat 2\b"), timeout=SLOW)
    again.close()
    # a new link for the creator's own seat: the page moves to it, and "Your games" has it
    page.once("dialog", lambda dialog: dialog.accept())
    seat_row(page, 0).locator("button[data-admin=new-link]").click()
    page.wait_for_url(lambda url: "token=" in url and url != links[0], timeout=SLOW)
    expect(page.locator("#who")).to_contain_text(re.compile(r"you are (.+, )?seat 1\b"), timeout=SLOW)
    own = page.url
    expect(seat_row(page, 0).locator("input")).to_have_value(own, timeout=SLOW)
    assert page.evaluate("JSON.parse(localStorage.getItem('tokyo-my-seats'))[0].link") in own
    # on a phone the panel fits the screen
    page.set_viewport_size(PHONE)
    page.locator("#admin").scroll_into_view_if_needed()
    page.screenshot(path="/tmp/rooms-phone.png", full_page=True)
    width = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert width[0] <= width[1], f"the page is {width[0]} px wide on a {width[1]} px screen"
    creator.close()


def test_a_room_deleted(browser, server):
    creator = browser.new_context()
    page = creator.new_page()
    page.set_default_timeout(SLOW)
    links, manage = create_two_people(page, server)
    room = links[0].split("/play/")[1].split("?")[0]
    # the lobby offers to manage the room
    page.goto(server.url + "/")
    expect(page.locator(f"#mine a[data-manage='{room}']")).to_be_visible(timeout=SLOW)
    # the creator link opens the room's page with the panel, and leaves the address bar
    page.goto(manage)
    expect(page.locator("#admin h2")).to_have_text("Manage this room", timeout=SLOW)
    assert "admin=" not in page.url
    friend = browser.new_context()
    ben = friend.new_page()
    ben.set_default_timeout(SLOW)
    ben.goto(links[1])
    expect(ben.locator("#who")).to_contain_text(re.compile(r"you are (.+, )?seat 2\b"), timeout=SLOW)
    # asked first: a "no" keeps the room
    page.once("dialog", lambda dialog: dialog.dismiss())
    page.click("#admin button[data-admin=delete]")
    expect(page.locator("#admin h2")).to_have_text("Manage this room")
    page.once("dialog", lambda dialog: dialog.accept())
    page.click("#admin button[data-admin=delete]")
    expect(page.locator("#admin h2")).to_have_text("Room deleted", timeout=SLOW)
    # the player's page says so; the links open nothing; the lobby forgets it
    expect(ben.locator("#status")).to_contain_text("The room's creator deleted this room.", timeout=SLOW)
    ben.goto(links[1])
    expect(ben.locator("#status")).to_contain_text("There is no game at this address", timeout=SLOW)
    page.goto(server.url + "/")
    page.wait_for_selector("body[data-ready]")
    expect(page.locator(f"#mine .room-item[data-room='{room}']")).to_have_count(0, timeout=SLOW)
    friend.close()
    creator.close()


def test_a_game_ended_by_its_creator(page, server):
    page.set_default_timeout(SLOW)
    links, manage = create_two_people(page, server)
    page.goto(manage)
    expect(page.locator("#admin h2")).to_have_text("Manage this room", timeout=SLOW)
    page.once("dialog", lambda dialog: dialog.accept())
    page.click("#admin button[data-admin=end]")
    expect(page.locator("#status")).to_contain_text("ended this game", timeout=SLOW)
    expect(page.locator("#admin button[data-admin=end]")).to_be_disabled(timeout=SLOW)
    expect(page.locator("#admin button[data-admin=stand-in]")).to_have_count(0)
    page.goto(links[0])
    expect(page.locator("#status")).to_contain_text("ended this game", timeout=SLOW)
    assert page.locator("#prompt").is_hidden()
    page.goto(server.url + "/")
    room = links[0].split("/play/")[1].split("?")[0]
    expect(page.locator("#finished .room-item a[href='/play/%s']" % room)).to_have_text("Look", timeout=SLOW)


def test_a_room_left_idle_is_still_in_your_games_and_wakes_when_opened(browser, tmp_path):
    db = tmp_path / "games.sqlite3"
    first = Server(db)
    context = browser.new_context()
    page = context.new_page()
    page.set_default_timeout(SLOW)
    try:
        links, manage = create_two_people(page, first)
    finally:
        first.stop()
    room = links[0].split("/play/")[1].split("?")[0]
    with sqlite3.connect(db) as conn:  # nobody came for three days
        conn.execute("UPDATE games SET last_seen=?", (time.time() - 3 * 86400,))
    again = Server(db, extra=("--resume-idle-days", "2"))
    try:
        url = again.url
        page.goto(url + "/")   # another port, so another origin: bring this browser's storage over
        page.evaluate("([seats, rooms]) => { localStorage.setItem('tokyo-my-seats', seats); "
                      "localStorage.setItem('tokyo-my-rooms', rooms); }",
                      [_storage(context, first.url, "tokyo-my-seats"), _storage(context, first.url, "tokyo-my-rooms")])
        page.goto(url + "/")
        page.wait_for_selector("body[data-ready]")
        mine = page.locator(f"#mine .room-item[data-room='{room}']")
        expect(mine).to_contain_text("resting: opening it wakes it up", timeout=SLOW)
        assert page.locator(f"#rooms a[href='/play/{room}']").count() == 0   # not among the games being played
        page.goto(url + links[0].split(first.url)[1])
        expect(page.locator("#who")).to_contain_text(re.compile(r"you are (.+, )?seat 1\b"), timeout=SLOW)
        page.goto(url + "/")
        expect(page.locator(f"#mine .room-item[data-room='{room}']")).not_to_contain_text("resting", timeout=SLOW)
        expect(page.locator(f"#rooms a[href='/play/{room}']")).to_have_count(1, timeout=SLOW)
    finally:
        again.stop()
        context.close()


def _storage(context, origin, key):
    """The value of ``key`` in the localStorage of ``origin`` in ``context``."""
    for entry in context.storage_state()["origins"]:
        if entry["origin"] == origin:
            return next((item["value"] for item in entry["localStorage"] if item["name"] == key), "[]")
    return "[]"


def test_a_tab_whose_link_was_replaced_keeps_no_live_buttons(browser, server):
    """The creator makes a new link for a seat while its old tab is open at its decision:
    the old tab says its link opens no game and no longer shows the prompt or any button
    that would play (issue 12), on a phone."""
    import httpx
    room = httpx.post(server.url + "/api/rooms", json={
        "game": "kot-dark", "seed": 3, "seats": [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Ben"}]},
        timeout=60).json()
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    page.set_default_timeout(SLOW)
    try:
        seat = httpx.get(f"{server.url}/api/rooms/{room['room']}", timeout=60).json()["to_act"]
        page.goto(server.url + room["seats"][seat]["link"])
        expect(page.locator("body[data-your-turn='1']")).to_have_count(1, timeout=SLOW)
        playable = page.locator("#board button:enabled, #prompt:not([hidden]) button:enabled, #legal-box:not([hidden]) button")
        expect(playable.first).to_be_visible()
        answer = httpx.post(f"{server.url}/api/rooms/{room['room']}/admin/{room['creator_token']}/seats/{seat}/link",
                            timeout=60)
        assert answer.status_code == 200, answer.text
        expect(page.locator("#status")).to_have_text("This link does not open a game.")
        expect(page.locator("#prompt")).to_be_hidden()
        expect(page.locator("#legal-box")).to_be_hidden()
        expect(page.locator("#undo-bar")).to_be_hidden()
        expect(playable).to_have_count(0)
        expect(page.locator("#board button")).not_to_have_count(0)   # the board is still shown, inert
        expect(page.locator("#who")).not_to_contain_text("you are")
        page.screenshot(path="/tmp/rooms-link-replaced-phone.png", full_page=True)
    finally:
        context.close()
