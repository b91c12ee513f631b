"""The browser client driven by a real chromium: a King of Tokyo game created in the lobby
and played by clicking (dice kept and rerolled, resolve, buy or end), a reload in the
middle, a Crisis: Tokyo game played to the end with the fallback action buttons, its
replay, errors, and phone-sized pages that do not overflow sideways."""

import json
import time

import httpx
import pytest

from playwright.sync_api import expect

from browserhelpers import PHONE

FINISH_LIMIT = 400
"""Most clicks a finished-game test makes before giving up (a guard, not a measure)."""


def version(page) -> int:
    return int(page.evaluate("document.body.dataset.version || '-1'"))


def click_and_wait(page, locator):
    """Click a button that sends an action; wait for the view after it."""
    before = version(page)
    locator.click()
    page.wait_for_function(f"Number(document.body.dataset.version || -1) > {before}"
                           " && !document.body.dataset.busy")


def stop_rolling(page):
    """Stop rolling in King of Tokyo: through the confirm step when rerolls would be thrown
    away (dice not kept, rolls left), else with the button that sends ``stop``."""
    ask = page.locator("#dice-panel #ask-stop")
    if ask.count():
        ask.click()
        click_and_wait(page, page.locator("#confirm-stop button[data-action=stop]"))
    else:
        click_and_wait(page, page.locator("#dice-panel button[data-action=stop]"))


def wait_my_turn_or_end(page):
    page.wait_for_function("document.body.dataset.yourTurn === '1' || document.body.dataset.status === 'finished'")


def create_in_lobby(page, server, game, players, options=None, bots=None):
    """Fill the lobby's form and create the room; returns the seat links shown."""
    page.goto(server.url + "/")
    page.wait_for_selector("body[data-ready]")
    page.select_option("#game", game)
    page.select_option("#players", str(players))
    for seat, agent in (bots or {}).items():
        page.select_option(f"select[name=kind-{seat}]", "bot")
        page.select_option(f"select[name=agent-{seat}]", agent)
    if options:
        page.click("#options-box summary")
        for name, value in options.items():
            page.fill(f"#opt-{name}", str(value))
    page.click("#create-button")
    page.wait_for_selector("#created:not([hidden])")
    return [x.input_value() for x in page.locator("#links input").all()]


def log_texts(page) -> list[str]:
    return page.locator("#log li").all_inner_texts()


def test_kot_game_from_the_lobby_a_full_turn_by_clicking_and_a_reload(page, server):
    links = create_in_lobby(page, server, "kot-dark", 2, bots={1: "heuristic"})
    assert len(links) == 2 and "?token=" in links[0] and "?token=" not in links[1]  # seat 0, spectators
    assert page.locator("#links button", has_text="Copy").count() == 2
    page.goto(links[0])
    page.wait_for_selector("body[data-version]")
    wait_my_turn_or_end(page)
    assert page.locator("#status").inner_text().startswith("Your move")
    # roll: keep the first two dice, reroll the others
    dice = page.locator("#dice button.die")
    assert dice.count() == 6 and dice.first.is_enabled()
    dice.nth(0).click()
    dice.nth(1).click()
    assert page.locator("#dice button.die.kept").count() == 2
    reroll = page.locator("#dice-panel button.primary")
    assert reroll.inner_text() == "Reroll the others"
    assert reroll.get_attribute("data-action").startswith("reroll ")
    rolls = sum(" rolls: " in line for line in log_texts(page))
    click_and_wait(page, reroll)
    assert sum(" rolls: " in line for line in log_texts(page)) == rolls + 1, log_texts(page)
    # stop rolling, then resolve, buy or end until the next turn starts (a single
    # choice is taken by the engine itself: one category resolves alone, and with nothing
    # to buy the turn ends at once)
    turns = sum(line.startswith("Turn ") for line in log_texts(page))
    if page.locator("#dice-panel button[data-action=stop]:enabled, #dice-panel #ask-stop:enabled").count():
        stop_rolling(page)
    for _ in range(30):
        page.wait_for_function(f"""document.body.dataset.yourTurn === '1' || document.body.dataset.status === 'finished'
            || [...document.querySelectorAll('#log li')].filter(li => li.innerText.startsWith('Turn ')).length > {turns}""")
        if page.evaluate("document.body.dataset.status") == "finished":
            break
        if sum(line.startswith("Turn ") for line in log_texts(page)) > turns:
            break
        resolve = page.locator("#dice-panel button[data-action^=resolve]:enabled")
        buy = page.locator("#market button[data-action^='buy ']:enabled")
        end = page.locator("#market button[data-action=end]")
        prompt = page.locator("#prompt:not([hidden]) button:enabled")
        if resolve.count():
            click_and_wait(page, resolve.first)
        elif buy.count():
            click_and_wait(page, buy.first)
        elif end.count():
            click_and_wait(page, end)
        else:
            assert prompt.count(), page.locator("#legal").inner_text()
            click_and_wait(page, prompt.first)
    else:
        pytest.fail("the turn did not end")
    # every line of the log cites its rule
    assert page.locator("#log li .rule").count() == page.locator("#log li").count() > 5
    lines = log_texts(page)
    # reload: the same game and log come back and play goes on
    page.reload()
    page.wait_for_selector("body[data-version]")
    page.wait_for_function(f"document.querySelectorAll('#log li').length >= {len(lines)}")
    assert log_texts(page)[:len(lines)] == lines
    wait_my_turn_or_end(page)
    if page.evaluate("document.body.dataset.status") == "playing":
        status = page.locator("#status").inner_text()
        assert status.startswith("Your move"), status
        if page.locator("#dice button.die:enabled").count():  # at a roll: keep one die, reroll the others
            page.locator("#dice button.die").first.click()
            assert page.locator("#dice button.die.kept").count() == 1
        enabled = page.locator("#prompt button[data-action]:enabled, #dice-panel button[data-action]:enabled,"
                               " #market button[data-action]:enabled")
        assert enabled.count() > 0
        click_and_wait(page, enabled.first)


def test_waiting_line_names_the_seat_and_its_bot(page, server):
    room = httpx.post(server.url + "/api/rooms", json={
        "game": "kot-dark", "seats": [{"kind": "human"}, {"kind": "human"}]}).json()
    page.goto(server.url + room["seats"][1]["link"])
    page.wait_for_selector("body[data-version]")
    status = page.locator("#status").inner_text()
    assert status.startswith("Your move") or status.startswith("Waiting for") and "seat 1" in status
    page.goto(server.url + room["spectator_link"])
    page.wait_for_selector("body[data-version]")
    assert "watching" in page.locator("#who").inner_text()
    assert page.locator("#legal-box").is_hidden() and page.locator("#prompt").is_hidden()


def test_crisis_game_played_to_the_end_with_the_fallback_buttons_then_replayed(page, server):
    links = create_in_lobby(page, server, "crisis-tokyo", 2, options={"districts_to_win": 1, "turn_limit": 10},
                            bots={1: "random"})
    page.goto(links[0])
    page.wait_for_selector("body[data-version]")
    assert page.locator("#districts .district").count() == 5
    for _ in range(FINISH_LIMIT):
        wait_my_turn_or_end(page)
        if page.evaluate("document.body.dataset.status") == "finished":
            break
        if not page.locator("#legal-details").evaluate("d => d.open"):
            page.click("#legal-details summary")
        buttons = page.locator("#legal button")
        texts = buttons.all_inner_texts()
        short = next((t for t in ("end", "pass", "decline", "done", "none", "skip") if t in texts), texts[0])
        click_and_wait(page, buttons.nth(texts.index(short)))
    else:
        pytest.fail("the game did not end")
    assert page.locator("#status").inner_text().startswith("Game over")
    assert page.locator("#conflict").count() == 0  # a Conflict that won the game is not shown as going on
    page.click("#open-replay")
    slider = page.locator("#replay-slider")
    total = int(slider.get_attribute("max"))
    assert total > 10
    assert page.locator("#replay-step").inner_text() == f"Step {total} of {total}"
    slider.fill("1")
    assert page.locator("#replay-step").inner_text() == f"Step 1 of {total}"
    first_log = page.locator("#log li").count()
    page.locator("#replay button", has_text="Next").click()
    assert page.locator("#replay-step").inner_text() == f"Step 2 of {total}"
    slider.fill(str(total // 2))
    assert page.locator("#log li").count() > first_log
    assert page.locator("#replay-board #districts").count() == 1
    # the lobby lists it with its replay
    page.goto(server.url + "/")
    page.wait_for_selector("#finished a.button")
    assert page.locator("#finished a", has_text="Replay").count() >= 1


def test_bad_links_and_refused_actions_are_shown(page, server):
    page.goto(server.url + "/play/nosuchroom")
    expect(page.locator("#status")).to_contain_text("There is no game at this address")
    expect(page.locator("#status")).not_to_contain_text("ended")
    room = httpx.post(server.url + "/api/rooms", json={"game": "kot-dark", "seats": [{"kind": "human"}, {"kind": "human"}]}).json()
    page.goto(server.url + f"/play/{room['room']}?token=wrong")
    page.wait_for_selector("#error:not([hidden])")
    assert "seat link no longer works" in page.locator("#error-text").inner_text()
    # an action the server refuses is shown with its message, and nothing changes
    room = httpx.post(server.url + "/api/rooms", json={"game": "kot-dark", "seats": [{"kind": "human"}, {"kind": "bot"}]}).json()
    page.goto(server.url + room["seats"][0]["link"])
    page.wait_for_selector("body[data-version]")
    wait_my_turn_or_end(page)
    before = version(page)

    def garble(route):
        body = json.loads(route.request.post_data)
        route.continue_(post_data=json.dumps(dict(body, action="reroll 9 9")))

    page.route("**/actions", garble)
    page.click("#legal-details summary")
    page.locator("#legal button").first.click()
    page.wait_for_selector("#error:not([hidden])")
    assert "not allowed now" in page.locator("#error-text").inner_text()
    assert "Your move was not played" in page.locator("#error-text").inner_text()
    assert version(page) == before and page.locator("#status").inner_text().startswith("Your move")


@pytest.mark.parametrize("game, players", [("kot-dark", 6), ("crisis-tokyo", 5)])
def test_phone_sized_pages_do_not_overflow_sideways(browser, server, game, players):
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    try:
        room = httpx.post(server.url + "/api/rooms", json={
            "game": game, "seats": [{"kind": "human", "name": "A rather long name for a phone"}]
            + [{"kind": "bot", "agent": "random"}] * (players - 1)}).json()
        for path in ("/", room["seats"][0]["link"], room["spectator_link"]):
            page.goto(server.url + path)
            page.wait_for_selector("body[data-ready], body[data-version]")
            page.click("#render-box summary") if page.locator("#render-box").count() else None
            page.click("#legal-details summary") if page.locator("#legal-details").is_visible() else None
            width = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
            assert width[0] <= width[1], f"{path}: the page is {width[0]} px wide on a {width[1]} px screen"
    finally:
        context.close()


def test_kot_out_of_turn_yield_prompt_appears_for_the_seat_that_decides(page, server):
    """The person sits in Tokyo and the bot's Smash hits it: the yield question is asked
    of the person during the bot's turn, as a prompt with readable buttons."""
    client = httpx.Client(base_url=server.url, timeout=60)
    room = client.post("/api/rooms", json={"game": "kot-dark", "seed": 1,
                                           "seats": [{"kind": "human"}, {"kind": "bot", "agent": "heuristic"}]}).json()
    token = room["seats"][0]["token"]
    decisions = 0
    give_up = time.monotonic() + 300  # a guard against a hang, not a speed check
    while True:
        view = client.get(f"/api/rooms/{room['room']}/seat/{token}").json()
        assert view["status"] == "playing", "the game ended before the person was asked to yield"
        assert decisions < FINISH_LIMIT and time.monotonic() < give_up, "the person was never asked to yield"
        if not view["your_turn"]:
            time.sleep(0.01)  # the bot is playing
            continue
        if view["observation"]["node"]["kind"] == "yield":
            break
        choice = next((t for t in ("stop", "resolve smash", "end", "stay") if t in view["legal"]), view["legal"][0])
        client.post(f"/api/rooms/{room['room']}/actions", json={"token": token, "action": choice,
                                                               "version": view["version"]})
        decisions += 1
    page.goto(server.url + room["seats"][0]["link"])
    page.wait_for_selector("body[data-your-turn='1']")
    # the monster that hit is named (the bot's monster, seat 1)
    bot = view["observation"]["monsters"][1]["name"]
    assert page.locator("#prompt h2").inner_text() == f"{bot} hit you in Tokyo: stay or yield?"
    assert set(page.locator("#prompt button").all_inner_texts()) == {"Stay in Tokyo", "Yield Tokyo"}
    active = page.evaluate("document.body.dataset.version")
    click_and_wait(page, page.locator("#prompt button", has_text="Yield Tokyo"))
    assert int(page.evaluate("document.body.dataset.version")) > int(active)
    assert any(line.split("\n")[0].endswith("yields Tokyo City.") for line in log_texts(page)), log_texts(page)
    client.close()


SLOW_ACTION_ANSWERS = """
(() => {
  const original = window.fetch;
  window.fetch = async (...args) => {
    const response = await original(...args);
    if (String(args[0]).endsWith('/actions')) await new Promise((r) => setTimeout(r, 1500));
    return response;
  };
})();
"""


def test_dice_kept_after_the_push_stay_kept_when_the_late_answer_arrives(page, server):
    """The socket usually brings the new roll before the HTTP answer to the reroll; dice
    kept in between must not be dropped when that answer (same version) arrives."""
    links = create_in_lobby(page, server, "kot-dark", 2, bots={1: "heuristic"})
    page.add_init_script(SLOW_ACTION_ANSWERS)
    page.goto(links[0])
    page.wait_for_selector("body[data-version]")
    wait_my_turn_or_end(page)
    dice = page.locator("#dice button.die")
    assert dice.count() == 6 and dice.first.is_enabled()
    rolls = sum(" rolls: " in line for line in log_texts(page))
    page.locator("#dice-panel button.primary").click()  # reroll all six
    page.wait_for_function(f"[...document.querySelectorAll('#log li')]"
                           f".filter(li => li.innerText.includes(' rolls: ')).length > {rolls}")
    assert page.evaluate("document.body.dataset.busy") == "1"  # the answer is still on its way
    dice.nth(0).click()
    dice.nth(1).click()
    assert page.locator("#dice button.die.kept").count() == 2
    page.wait_for_function("!document.body.dataset.busy")  # the late answer has arrived
    assert page.locator("#dice button.die.kept").count() == 2
    assert page.locator("#dice-panel button.primary").inner_text() == "Reroll the others"


def test_an_address_that_is_no_page_shows_a_page_with_the_way_to_the_lobby(page, server):
    """/foo and /players/ typed in a browser: a page saying there is nothing there, with
    the lobby a click away, not the API's JSON (issue 12); the API's own paths stay JSON."""
    for path in ("/foo", "/players/"):
        page.goto(server.url + path)
        expect(page.locator("#no-page h2")).to_have_text("There is no page at this address")
        assert '"error"' not in page.locator("body").inner_text()
    page.screenshot(path="/tmp/no-page.png")
    page.click("#no-page-lobby")
    page.wait_for_selector("body[data-ready]")
    page.goto(server.url + "/api/nothing-here")
    assert '"not_found"' in page.locator("body").inner_text()
    # a game's address that opens no room says so, without claiming it was deleted or ended
    page.goto(server.url + "/play/doesnotexist")
    expect(page.locator("#status")).to_contain_text("There is no game at this address.")
    expect(page.locator("#title")).to_have_text("No game here")
    assert "ended" not in page.locator("#status").inner_text()
