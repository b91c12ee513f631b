"""The game table and the lobby as a newcomer found them (issue 12): a choice made on dice
that changed under the person is never sent with the new version; the undo button covers
nothing; an eliminated monster is shown as out; undoing "Resolve now" goes back to before
its first click; the lobby says a finished game's result in one wording and does not talk of
a finished game as if it went on; Storyline has its turn order on the players' page."""

import re

import httpx
from playwright.sync_api import expect

from browserhelpers import DESKTOP, PHONE, play_out
from test_browser_client import click_and_wait, version
from test_browser_kot import node, seat_room, wait_for_decision


def seat_view(server, room, token):
    return httpx.get(f"{server.url}/api/rooms/{room}/seat/{token}", timeout=60).json()


def test_dice_picked_on_a_roll_that_another_tab_replaced_are_not_sent(page, server):
    """Two tabs on one seat: in this one the person keeps dice; the other tab rerolls first
    and the push brings the new dice. The click that follows was meant for the old dice: it
    carries the version they were picked on, so the server refuses it and the page says so."""
    room = seat_room(server, seed=3)
    token = room["seats"][0]["token"]
    page.goto(server.url + room["seats"][0]["link"])
    page.wait_for_selector("body[data-version]")
    wait_for_decision(page)
    assert node(page) == "roll"
    dice = page.locator("#dice .die")
    dice.nth(0).click()
    dice.nth(1).click()
    expect(page.locator("#dice .die.kept")).to_have_count(2)
    picked_at = version(page)
    # the other tab of the seat: a reroll of every die, at the version both tabs show
    other = seat_view(server, room["room"], token)
    assert other["version"] == picked_at
    reroll_all = max((t for t in other["legal"] if t.startswith("reroll ")), key=len)
    answer = httpx.post(f"{server.url}/api/rooms/{room['room']}/actions",
                        json={"token": token, "action": reroll_all, "version": picked_at}, timeout=60)
    assert answer.status_code == 200, answer.text
    moved_to = answer.json()["version"]
    # the push reaches this tab: the dice picked on the old roll are let go, and it says so
    expect(page.locator("body")).to_have_attribute("data-version", str(moved_to))
    expect(page.locator("#error-text")).to_contain_text("moved on while you were choosing")
    expect(page.locator("#dice .die.kept")).to_have_count(0)      # none kept: nothing guessed either
    # the click meant for the old dice is refused, not played on the new ones
    page.locator("#dice-panel button.primary").click()
    page.wait_for_function("!document.body.dataset.busy")
    expect(page.locator("#error-text")).to_contain_text("The game moved on")
    expect(page.locator("#error-text")).to_contain_text("Your move was not played.")
    after = seat_view(server, room["room"], token)
    assert after["version"] == moved_to
    assert after["observation"]["rolls_used"] == other["observation"]["rolls_used"] + 1
    # the page shows the position as it is, and a choice made on it is played
    expect(page.locator("body")).to_have_attribute("data-version", str(moved_to))
    dice.nth(2).click()
    click_and_wait(page, page.locator("#dice-panel button.primary"))
    assert seat_view(server, room["room"], token)["version"] > moved_to


def test_a_choice_made_and_sent_in_one_tab_goes_on_as_before(page, server):
    """Kept dice stay kept after one's own reroll, and the next reroll from them is played."""
    room = seat_room(server, seed=3)
    page.goto(server.url + room["seats"][0]["link"])
    page.wait_for_selector("body[data-version]")
    wait_for_decision(page)
    page.locator("#dice .die").nth(3).click()
    click_and_wait(page, page.locator("#dice-panel button.primary"))
    expect(page.locator("#dice .die.kept")).to_have_count(1)
    expect(page.locator("#error")).to_be_hidden()
    click_and_wait(page, page.locator("#dice-panel button.primary"))     # no new pick: the one shown
    expect(page.locator("#error")).to_be_hidden()


OVERLAPS = """() => {
  const bar = document.getElementById("undo-bar");
  const hits = [];
  for (const e of document.querySelectorAll("#prompt button, #board button, section.panel, #seats .seat, #status")) {
    if (!e.getClientRects().length || bar.contains(e) || e.contains(bar)) continue;
    e.scrollIntoView({ block: "end" });          // wherever the person scrolled to act on it
    const a = bar.getBoundingClientRect(), b = e.getBoundingClientRect();
    if (a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom) {
      hits.push(e.id || e.dataset.action || e.className || e.textContent.slice(0, 30));
    }
  }
  return hits;
}"""


def test_the_undo_button_covers_no_button_and_no_panel(browser, server):
    for viewport in (PHONE, DESKTOP):
        context = browser.new_context(viewport=viewport)
        page = context.new_page()
        room = seat_room(server, seed=7)     # a roll whose dice end at the Buy step: no die, no card since
        page.goto(server.url + room["seats"][0]["link"])
        page.wait_for_selector("body[data-version]")
        wait_for_decision(page)
        assert node(page) == "roll"
        page.locator("#ask-stop").click()
        page.locator("#confirm-stop button[data-action=stop]").click()
        expect(page.locator("#undo")).to_be_visible()
        assert page.evaluate(OVERLAPS) == [], viewport
        context.close()


def test_undo_after_resolve_now_goes_back_to_before_its_first_click(page, server):
    room = seat_room(server, seed=7)     # resolving the first roll ends at the Buy step: it may be taken back
    page.goto(server.url + room["seats"][0]["link"])
    page.wait_for_selector("body[data-version]")
    wait_for_decision(page)
    assert node(page) == "roll"
    page.locator("#ask-stop").click()
    click_and_wait(page, page.locator("#confirm-stop button[data-action=stop]"))
    undo = page.locator("#undo")
    expect(undo).to_be_visible()
    before = version(page)
    undo.click()
    page.wait_for_function(f"Number(document.body.dataset.version) > {before} && !document.body.dataset.busy")
    assert node(page) == "roll"
    # the dice to keep or reroll, and "Resolve now" to click again: not the question after it
    expect(page.locator("#confirm-stop")).to_have_count(0)
    expect(page.locator("#ask-stop")).to_be_visible()
    expect(page.locator("#dice-panel button.primary")).to_have_text("Reroll all")


def test_an_eliminated_monster_is_shown_as_out_in_the_seats(page, server):
    created = httpx.post(server.url + "/api/rooms", json={
        "game": "kot-dark", "seed": 1, "players": 4, "seats": [{"kind": "bot", "agent": "heuristic"}] * 4},
        timeout=60).json()
    page.goto(server.url + created["spectator_link"])
    # four bots play the whole game first: on a busy machine that takes more than expect's 5 s
    expect(page.locator("body")).to_have_attribute("data-status", "finished", timeout=120_000)
    dead = [int(s) for s in page.locator(".monster.dead").evaluate_all("ms => ms.map((m) => m.dataset.seat)")]
    assert dead, "this seeded game was meant to eliminate a monster"
    for seat in range(4):
        row = page.locator(f"#seats .seat[data-seat='{seat}']")
        if seat in dead:
            expect(row.locator(".dot.on")).to_have_count(0)
            expect(row).to_have_class(re.compile(r"\bout\b"))
            expect(row).to_contain_text("out: eliminated")
        else:
            expect(row.locator(".dot.on")).to_have_count(1)
            expect(row).not_to_contain_text("out")


def played_out(server, seats, game, seed, **extra):
    """A room played to its end through the API (random legal actions for its people); its
    creation answer (the seat links)."""
    return play_out(server, seats, game, seed, **extra)[0]


def test_the_lobby_says_results_one_way_and_forgetting_a_finished_game_keeps_its_record(browser, server):
    ann_bot = [{"kind": "human", "name": "Ann"}, {"kind": "bot", "agent": "random"}]
    rooms = [played_out(server, ann_bot, "kot-dark", 2),
             played_out(server, ann_bot, "storyline", 5, options={"decks": "concord,pilgrims", "target": 2}),
             played_out(server, ann_bot, "crisis-tokyo", 3)]
    ended = httpx.post(server.url + "/api/rooms", json={"game": "kot-dark", "seats": ann_bot}, timeout=60).json()
    httpx.post(f"{server.url}/api/rooms/{ended['room']}/admin/{ended['creator_token']}/end", timeout=60)
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    for room in rooms + [ended]:            # opened once here, so "Your games" lists them
        page.goto(server.url + room["seats"][0]["link"])
        page.wait_for_selector("body[data-version]")
    page.goto(server.url + "/")
    page.wait_for_selector("body[data-ready]")
    one_way = re.compile(r"^(won by \S.*|ended by its creator before the end)$")
    for room in rooms + [ended]:
        mine = page.locator(f"#mine .room-item[data-room='{room['room']}'] .mine-state")
        listed = page.locator(f"#finished .room-item[data-room='{room['room']}'] .result")
        expect(listed).to_have_text(one_way)
        # the same words in "Your games" as in "Finished games"
        expect(mine).to_have_text(listed.inner_text())
    # every finished game of the list, whoever played it, in the same words
    for text in page.locator("#finished .result").all_inner_texts():
        assert one_way.match(text), text
    # each winner as every page says it: the game's name for the seat, "seat N", the person or the bot
    won = re.findall(r"won by (?:\S[^\n]*, )?seat [12] \((?:Ann|bot: random)\)", page.locator("#mine").inner_text())
    assert len(won) == 3, won
    # forgetting a finished game: it leaves the list, and the words say its record stays
    asked = []

    def answer(dialog):
        asked.append(dialog.message)
        dialog.accept()

    page.once("dialog", answer)
    row = page.locator(f"#mine .room-item[data-room='{rooms[0]['room']}']")
    expect(row.get_by_role("button", name="Forget")).to_have_attribute("title", re.compile("record and replay stay"))
    row.get_by_role("button", name="Forget").click()
    expect(row).to_have_count(0)
    assert asked and "goes on" not in asked[0] and "rejoin" not in asked[0], asked
    assert "game is over" in asked[0] and "record stays" in asked[0], asked
    # the finished game is still listed for everyone
    expect(page.locator(f"#finished .room-item[data-room='{rooms[0]['room']}']")).to_be_visible()
    context.close()


def test_storyline_is_in_the_players_turn_order_table(page, server):
    played_out(server, [{"kind": "human", "name": "Tara"}, {"kind": "bot", "agent": "random"}], "storyline", 7,
               options={"decks": "concord,pilgrims", "target": 2})
    played_out(server, [{"kind": "human", "name": "Tara"}, {"kind": "bot", "agent": "random"}], "kot-dark", 7)
    page.goto(server.url + "/players/Tara")
    order = page.locator("#by-order")
    expect(order.locator(".per-game[data-game='kot-dark'] h3")).to_have_text("King of Tokyo: Dark Edition")
    expect(order.locator(".per-game[data-game='storyline'] h3")).to_have_text("Storyline")
    expect(order.locator(".per-game[data-game='storyline'] tbody tr")).to_have_count(1)
    expect(order.locator(".per-game[data-game='storyline']")).to_contain_text(re.compile(r"(1st|2nd) to play"))
