"""A newcomer's reading of the table (lobby, game page, rules and players pages): refusals,
missing rooms, options and seats in player words, who is away, "Your games" told apart and
forgotten only when confirmed, a compact header on a phone."""

from __future__ import annotations

import json
import re

import httpx
from playwright.sync_api import expect

from browserhelpers import PHONE, new_room, open_seat, play_out

WAIT = 60_000
API_WORDS = ("stale_version", "version", "POST /api", "GET /api", "bot_plays", "not_your_turn")


def wait_my_turn(page):
    page.wait_for_function("document.body.dataset.yourTurn === '1'", timeout=WAIT)


def click_first_action(page):
    page.click("#legal-details summary")
    page.locator("#legal button").first.click()


def test_a_move_refused_because_the_game_moved_on_is_said_in_words_and_the_page_catches_up(page, server):
    room = new_room(server, "kot-dark", [{"kind": "human", "name": "Ann"}, {"kind": "bot", "agent": "random"}], seed=4)
    open_seat(page, server, room)
    wait_my_turn(page)
    version = int(page.evaluate("document.body.dataset.version"))

    # another tab of the same seat chose first: this page's move carries an old version
    def old_version(route):
        body = json.loads(route.request.post_data)
        route.continue_(post_data=json.dumps(dict(body, version=body["version"] - 1)))

    page.route("**/actions", old_version)
    click_first_action(page)
    note = page.locator("#error-text")
    expect(note).to_contain_text("The game moved on (another tab or player acted); here is the current position")
    expect(note).to_contain_text("Your move was not played")
    text = note.inner_text()
    assert not any(w in text for w in API_WORDS), text
    assert int(page.evaluate("document.body.dataset.version")) == version   # nothing was played


def test_a_move_refused_because_a_bot_holds_the_seat_says_so_without_the_api_path(page, server):
    room = new_room(server, "kot-dark", [{"kind": "human", "name": "Ann"}, {"kind": "bot", "agent": "random"}], seed=4)
    open_seat(page, server, room)
    wait_my_turn(page)
    # the server's refusal, as an API client reads it
    page.route("**/actions", lambda route: route.fulfill(status=409, content_type="application/json", body=json.dumps({
        "error": "bot_plays", "message": "a bot (heuristic) plays seat 0 for you now; take the seat back first "
                                         "(POST /api/rooms/{room}/seat/{token}/return)"})))
    click_first_action(page)
    note = page.locator("#error-text")
    expect(note).to_contain_text("A bot is playing your seat for you now")
    expect(note).to_contain_text("Your move was not played")
    assert not any(w in note.inner_text() for w in API_WORDS), note.inner_text()


def test_a_deleted_rooms_link_shows_a_page_for_players_with_the_way_back(page, server):
    room = new_room(server, "kot-dark", [{"kind": "human", "name": "Ann"}, {"kind": "bot"}])
    httpx.delete(f"{server.url}/api/rooms/{room['room']}/admin/{room['creator_token']}")
    page.goto(server.url + room["seats"][0]["link"])
    status = page.locator("#status")
    expect(status).to_contain_text("There is no game at this address.")
    # a room deleted before the page opened cannot be told from a mistyped link: the words say both
    expect(status).to_contain_text("or its room was deleted by its creator")
    assert "ended" not in status.inner_text()
    expect(status.locator("a")).to_have_attribute("href", "/")
    assert "GET /api" not in page.locator("body").inner_text()
    # no empty Seats, Log and Text panels
    expect(page.locator("#seats")).to_be_hidden()
    expect(page.locator("#log")).to_be_hidden()
    expect(page.locator("#render-box")).to_be_hidden()
    expect(page.locator("#error")).to_be_hidden()


def test_everyone_sees_that_a_person_is_away_without_any_link(browser, server):
    room = new_room(server, "kot-dark", [{"kind": "human", "name": "Bob"}, {"kind": "human", "name": "Ann"},
                                         {"kind": "bot", "agent": "random"}], seed=9,
                    options={"monsters": "the-king,alienoid,kraken"})
    ann_ctx, bob_ctx = browser.new_context(), browser.new_context()
    ann, bob = ann_ctx.new_page(), bob_ctx.new_page()
    open_seat(ann, server, room, seat=1)
    bob_seat = ann.locator("#seats .seat[data-seat='0']")
    if "Waiting for" in ann.locator("#status").inner_text():
        expect(ann.locator("#status")).to_contain_text("Bob")
        expect(ann.locator("#status")).to_contain_text("not connected")
    expect(bob_seat).to_contain_text("not connected")
    # Bob comes: Ann's page says so at once, though nothing was played
    open_seat(bob, server, room, seat=0)
    expect(bob_seat).not_to_contain_text("not connected", timeout=WAIT)
    # ... and goes: Ann's page says for how long he has been away
    bob_ctx.close()
    expect(bob_seat).to_contain_text("not connected for 1 min", timeout=WAIT)
    # a spectator sees it too, and no page shows a seat's link
    watch = ann_ctx.new_page()
    watch.goto(server.url + room["spectator_link"])
    watch.wait_for_selector("body[data-version]")
    expect(watch.locator("#seats .seat[data-seat='0']")).to_contain_text("not connected for")
    assert "token=" not in watch.locator("body").inner_text()
    ann_ctx.close()


def test_seats_are_numbered_from_1_and_logs_name_the_players(page, server):
    room = new_room(server, "crisis-tokyo", [{"kind": "human", "name": "Ann"}, {"kind": "bot", "agent": "heuristic"}],
                    seed=3)
    open_seat(page, server, room)
    expect(page.locator("#who")).to_have_text("you are seat 1 (Ann)")
    log = page.locator("#log")
    expect(log).to_contain_text("Seat 1 (Ann) draws")
    expect(log).to_contain_text("Seat 2 (bot: heuristic) draws")
    assert "Seat 0" not in log.inner_text()
    expect(page.locator("#seats")).to_contain_text("seat 1 (Ann, you)")
    # the lobby's seat rows start at 1 too
    page.goto(server.url + "/")
    page.wait_for_selector("body[data-ready]")
    expect(page.locator("#seats .seat-no").first).to_have_text("Seat 1")


def test_the_options_read_as_player_words_and_ids_are_picked_from_lists(page, server):
    page.goto(server.url + "/?game=kot-dark")
    page.wait_for_selector("body[data-ready]")
    page.select_option("#players", "3")
    page.click("#options-box summary")
    options = page.locator("#options")
    text = options.inner_text()
    for internal in ("(ruling R1)", "ruling", "records made before", "comma separated", "allowed:"):
        assert internal not in text, internal
    # the rule is a small link to the rules page
    link = page.locator("#options [data-option=star_tie] a.rule-link")
    expect(link).to_have_text("R1")
    expect(page.locator("#options [data-option=star_tie] .rule-links")).to_have_text("(rule R1)")
    expect(link).to_have_attribute("href", "/rules/kot-dark#kot-dark-R1")
    # monsters: one list per seat, by name
    picks = page.locator("#opt-monsters select")
    expect(picks).to_have_count(3)
    picks.nth(0).select_option(label="Kraken")
    picks.nth(2).select_option(label="The King")
    page.click("#create-button")
    page.wait_for_selector("#created:not([hidden])")
    link = page.locator("#links input").first.input_value()
    room, token = link.split("/play/")[1].split("?token=")
    view = httpx.get(f"{server.url}/api/rooms/{room}/seat/{token}").json()
    # the seat left on "board order" gets the first monster of the board not chosen
    assert [m["monster"] for m in view["observation"]["monsters"]] == ["kraken", "alienoid", "the-king"]
    # the Crisis Format: crises by their names, one list per player, and the first player by seat
    page.goto(server.url + "/?game=crisis-format")
    page.wait_for_selector("body[data-ready]")
    page.select_option("#players", "2")
    page.click("#options-box summary")
    expect(page.locator("#opt-crises select")).to_have_count(2)
    labels = page.locator("#opt-crises select").first.locator("option").all_inner_texts()
    assert "The Bleeding Exchequer" in labels and not any(t.startswith("crisis-") for t in labels)
    assert page.locator("#opt-first_player select option").all_inner_texts() == ["at random", "Seat 1", "Seat 2"]
    text = page.locator("#options").inner_text()
    assert "(storyline" not in text and "S44" not in re.sub(r"\(rules? [^)]*\)", "", text)


def test_your_games_are_told_apart_and_forgotten_only_when_confirmed(page, server):
    rooms = [new_room(server, "kot-dark", [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": name}])
             for name in ("Bob", "Cy")]
    for r in rooms:
        open_seat(page, server, r)
    page.goto(server.url + "/")
    page.wait_for_selector("body[data-ready]")
    first, second = (page.locator(f"#mine .room-item[data-room='{r['room']}']") for r in rooms)
    # each seat with its monster, as the game page says it
    expect(first).to_contain_text(re.compile(r"with [^,]+, seat 2 \(Bob\)"))
    expect(second).to_contain_text(re.compile(r"with [^,]+, seat 2 \(Cy\)"))
    expect(first).to_contain_text("started today")
    expect(first).to_contain_text(re.compile(r"you are [^,]+, seat 1 \(Ann\)"))
    # Forget asks first, saying what is lost; "no" keeps the entry
    asked = []

    def answer(dialog, accept):
        asked.append(dialog.message)
        dialog.accept() if accept else dialog.dismiss()

    page.once("dialog", lambda d: answer(d, False))
    first.get_by_role("button", name="Forget").click()
    expect(first).to_be_visible()
    assert asked and "seat link" in asked[0] and "could not rejoin" in asked[0], asked
    page.once("dialog", lambda d: answer(d, True))
    first.get_by_role("button", name="Forget").click()
    expect(first).to_have_count(0)
    expect(second).to_be_visible()


def finished_game(server, seats, game, seed, **extra):
    """A game played to its end through the API; the last view of its first person."""
    return play_out(server, seats, game, seed, **extra)[1]


def test_the_players_page_on_a_phone_keeps_each_game_apart_and_says_results_alike(browser, server):
    finished_game(server, [{"kind": "human", "name": "Gil"}, {"kind": "bot", "agent": "random"}], "kot-dark", 1)
    finished_game(server, [{"kind": "human", "name": "Gil"}], "crisis-format", 4, players=1,
                  options={"decks": "pilgrims"})
    finished_game(server, [{"kind": "bot", "agent": "random"}, {"kind": "human", "name": "Gil"}], "storyline", 5,
                  options={"decks": "concord,pilgrims", "target": 2})
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    page.goto(server.url + "/players/Gil")
    expect(page.locator("#recent tbody tr")).to_have_count(3)
    # by monster or faction: each game's rows under its own visible title; no turn order there
    by_label = page.locator("#by-label")
    for title in ("King of Tokyo: Dark Edition", "Storyline: the Crisis Format", "Storyline"):
        expect(by_label.locator("h3", has_text=title).first).to_be_visible()
    assert "turn order" not in by_label.inner_text() and "1st" not in by_label.inner_text()
    expect(page.locator("#by-order")).to_contain_text("to play")
    # the Pilgrims rows of two games are told apart by the game above them
    expect(by_label.locator(".per-game", has_text="Pilgrims (faction)")).to_have_count(2)
    # results said alike: won, or lost and who won; never the engine's "Seat 1 wins."
    results = page.locator("#recent tbody td:nth-child(4)").all_inner_texts()
    assert all(r == "won" or r.startswith("won, with") or r.startswith("lost — ") for r in results), results
    assert not any("Seat" in r or "Game over" in r for r in results), results
    seats = page.locator("#recent tbody td:nth-child(3)").all_text_contents()
    # each seat as every page says it: the game's name for it, "seat N" from 1, the person
    assert all(re.match(r"^(.+, )?seat [1-9] \(Gil\)", s) and "seat 0" not in s for s in seats), seats
    width = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert width[0] <= width[1]
    context.close()


def test_the_rules_page_starts_with_how_to_play_and_the_lobby_links_it(page, server):
    page.goto(server.url + "/")
    page.wait_for_selector("body[data-ready]")
    for game in ("kot-dark", "crisis-tokyo", "storyline", "crisis-format"):
        page.select_option("#game", game)
        expect(page.locator("#game-rules")).to_have_attribute("href", f"/rules/{game}")
    page.goto(server.url + "/rules/crisis-tokyo")
    howto = page.locator("#howto")
    expect(howto.locator("h2")).to_have_text("How to play in two minutes")
    expect(howto).to_be_in_viewport()
    body = page.locator("body").inner_text()
    for dev in ("shared/rulebooks", "docs/rules", "coverage.md", "one testable thing", "Nothing to test here"):
        assert dev not in body, dev


def test_the_header_is_compact_on_a_phone_and_the_api_link_is_in_the_footer(browser, server):
    room = new_room(server, "kot-dark", [{"kind": "human", "name": "Ann"}, {"kind": "bot"}])
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    page.goto(server.url + "/")
    page.wait_for_selector("body[data-ready]")
    assert page.locator("header.top a[href='/docs']").count() == 0
    expect(page.locator("footer #api-link")).to_have_attribute("href", "/docs")
    assert page.locator("header.top").bounding_box()["height"] <= 60
    page.goto(server.url + room["seats"][0]["link"])
    page.wait_for_selector("body[data-version]")
    assert page.locator("header.top").bounding_box()["height"] <= 100
    context.close()


def test_a_refused_creation_on_a_phone_is_brought_into_view_once_in_monster_names(browser, server):
    """Godzilla picked for two seats on a 390 px phone: Create asks the server once (one
    refusal, not three), the banner comes into view, and it says which monster is chosen
    for which seats in the monsters' names, not "needs 3 different monsters" with ids
    (issue 12)."""
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    refused = []
    page.on("response", lambda r: refused.append(r.url) if r.status == 422 else None)
    try:
        page.goto(server.url + "/?game=kot-godzilla")
        page.wait_for_selector("body[data-ready]")
        page.select_option("#players", "3")
        page.click("#options-box summary")
        picks = page.locator("#opt-monsters select")
        expect(picks).to_have_count(3)
        picks.nth(0).select_option(label="Godzilla")
        picks.nth(1).select_option(label="Godzilla")
        expect(page.locator("#options .pick-note")).to_contain_text("Godzilla is chosen twice")
        page.locator("#create-button").scroll_into_view_if_needed()
        page.click("#create-button")
        banner = page.locator("#error")
        expect(banner).to_be_visible()
        expect(banner).to_be_in_viewport()
        text = page.locator("#error-text").inner_text()
        assert "Godzilla is chosen for seats 1 and 2" in text, text
        for wrong in ("different monsters", "godzilla", "king-ghidorah", "allowed", "option '"):
            assert wrong not in text, (wrong, text)
        expect(page.locator("#create-button")).to_be_enabled()
        assert len(refused) == 1, refused
        assert refused[0].endswith("/api/rooms"), refused
        page.screenshot(path="/tmp/godzilla-refused-phone.png")
    finally:
        context.close()
