"""Turn alerts (issue 12): when a seat comes to decide, the tab's title and icon say so
(a person in another tab sees it), and the prompt is brought into view even when the page
was scrolled away from it; when it is not the seat's move, they say nothing."""

import httpx
import pytest
from playwright.sync_api import expect

from browserhelpers import PHONE, Server


@pytest.fixture(scope="module")
def slow_server(tmp_path_factory):
    # bots wait between steps, so the page sees the bot's turn before the person's move
    srv = Server(tmp_path_factory.mktemp("alerts") / "games.sqlite3", bot_delay=0.4)
    yield srv
    srv.stop()


def test_the_title_icon_and_prompt_announce_the_persons_move(browser, slow_server):
    room = httpx.post(slow_server.url + "/api/rooms", json={
        "game": "crisis-format", "players": 2, "seed": 3, "options": {"first_player": "0"},
        "seats": [{"kind": "bot", "agent": "random"}, {"kind": "human", "name": "Ann"}]}, timeout=60).json()
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    page.set_default_timeout(60_000)
    page.goto(slow_server.url + room["seats"][1]["link"])
    page.wait_for_selector("body[data-version]")
    # set-up: the person keeps the opening hand; then the bot (first player) takes its turn
    expect(page.locator("body")).to_have_attribute("data-your-turn", "1")
    page.locator("#prompt button[data-action='keep']").click()
    expect(page.locator("body")).to_have_attribute("data-your-turn", "0")
    # the bot's turn: nothing announced
    assert not page.title().startswith("●")
    assert "8a7f72" in page.locator("#favicon").get_attribute("href")
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    # the person's move: title, icon, and the prompt scrolled into view
    expect(page.locator("body")).to_have_attribute("data-your-turn", "1", timeout=60_000)
    expect(page).to_have_title("● Your move: Storyline: the Crisis Format: tokyo-engine")
    assert "e0542e" in page.locator("#favicon").get_attribute("href")
    prompt = page.locator("#prompt")
    expect(prompt).to_be_visible()
    expect(prompt).to_be_in_viewport()
    context.close()


def test_the_log_reads_like_a_story_turns_grouped_own_events_marked_rules_on_demand(page, server):
    room = httpx.post(server.url + "/api/rooms", json={
        "game": "crisis-format", "players": 2, "seed": 5,
        "seats": [{"kind": "human", "name": "Ann"}, {"kind": "bot", "agent": "random"}]}, timeout=60).json()
    page.goto(server.url + room["seats"][0]["link"])
    page.wait_for_selector("body[data-version]")
    for _ in range(40):   # play on until a few turns are in the log
        if page.locator("#log .turn-group").count() >= 3 or page.evaluate("document.body.dataset.status") == "finished":
            break
        page.wait_for_function("document.body.dataset.yourTurn === '1' || document.body.dataset.status === 'finished'")
        if page.evaluate("document.body.dataset.status") == "finished":
            break
        v = page.evaluate("document.body.dataset.version")
        page.locator("#prompt:not([hidden]) button[data-action], #board button[data-action]:not([disabled])").first.click()
        page.wait_for_function(f"document.body.dataset.version !== '{v}'")
    groups = page.locator("#log .turn-group")
    assert groups.count() >= 2
    # each group after the set-up opens with its "Turn N:" line
    heads = [groups.nth(i).locator("li").first.inner_text() for i in range(1, groups.count())]
    assert all(h.startswith("Turn ") for h in heads), heads
    # this seat's own events are marked, and only those naming it (the engine's "Seat 0" is
    # shown as the person's name)
    mine = page.locator("#log li.mine").all_inner_texts()
    assert mine and all("Ann" in t and "Seat 0" not in t for t in mine)
    # the rules are hidden until asked for, then shown under each line
    assert not page.locator("#log li .rule").first.is_visible()
    page.check("#show-rules")
    assert page.locator("#log li .rule").first.is_visible()


def test_the_bots_pace_chosen_on_the_page_is_remembered_and_sent(page, server):
    room = httpx.post(server.url + "/api/rooms", json={
        "game": "kot-dark", "players": 2, "seats": [{"kind": "human"}, {"kind": "bot", "agent": "random"}]},
        timeout=60).json()
    asked = []
    page.on("websocket", lambda ws: asked.append(ws.url))
    page.goto(server.url + room["seats"][0]["link"])
    page.wait_for_selector("body[data-version]")
    assert "pace=normal" in asked[-1]
    page.select_option("#pace", "slow")
    page.wait_for_function("document.body.dataset.version !== undefined")
    expect(page.locator("#status")).not_to_contain_text("Connection lost")
    page.wait_for_timeout(300)
    assert "pace=slow" in asked[-1]
    page.reload()
    page.wait_for_selector("body[data-version]")
    assert page.input_value("#pace") == "slow" and "pace=slow" in asked[-1]
