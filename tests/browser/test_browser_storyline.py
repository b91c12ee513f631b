"""The browser view of Storyline (storyline) and its Crisis Format (crisis-format) driven by
a real chromium: a Crisis Format game created in the lobby and played to the end by
clicking, with the Map's three Bands, the shared Story Point pool, the Crisis Storyline and
the hand checked against the seat's view; a competitive game against a bot played to the
end; the opponent's seat (option opponent=seat) offered by the lobby, and a person in that
seat making the opponent's random choice; phone-sized pages that do not scroll sideways.

The person plays as a player would: keep the opening hand, play what the hand's buttons
allow, attack (through the picker when an attacker has several targets, the Crisis
Storyline first), then pass; any other question is answered with the prompt's first
button."""

import re
import time
from urllib.parse import parse_qs, urlparse

import httpx
import pytest
from playwright.sync_api import expect

from browserhelpers import PHONE
from test_browser_client import click_and_wait, log_texts

DECISION_LIMIT = 300
"""Most decisions a test makes before giving up (a guard, not a measure)."""
PICK_SEEDS = (9, 24, 25, 8, 6)
"""Room seeds in which the opponent's first random choice has several cards to pick from
(a random bot in seat 0, the Grinding Front): tried in turn until one asks the person."""


def create_in_lobby(page, server, game, players, options=None, seats=None, rows=None):
    """Fill the lobby's form (options by their control: a list is selected, a field
    filled; seats: {seat: "human" or a bot agent}) and create the room; returns the links
    shown (each person's, then the spectators')."""
    page.goto(server.url + "/")
    page.wait_for_selector("body[data-ready]")
    page.select_option("#game", game)
    page.select_option("#players", str(players))
    if options:
        page.click("#options-box summary")
        for name, value in options.items():
            control = page.locator(f"#opt-{name}")
            if control.evaluate("c => c.tagName") == "SELECT":
                control.select_option(str(value))
            else:
                control.fill(str(value))
    expect(page.locator("#seats .seat-row")).to_have_count(rows or players)
    for seat, who in (seats or {}).items():
        if who == "human":
            page.select_option(f"select[name=kind-{seat}]", "human")
        else:
            page.select_option(f"select[name=kind-{seat}]", "bot")
            page.select_option(f"select[name=agent-{seat}]", who)
    page.click("#create-button")
    page.wait_for_selector("#created:not([hidden])")
    return [x.input_value() for x in page.locator("#links input").all()]


def seat_view(server, link):
    """The seat's view from the API (what the page was drawn from)."""
    url = urlparse(link)
    room = url.path.rstrip("/").split("/")[-1]
    token = parse_qs(url.query)["token"][0]
    return httpx.get(f"{server.url}/api/rooms/{room}/seat/{token}", timeout=60).json()


def wait_decision_or_end(page) -> bool:
    """Wait until the person is to decide (True) or the game is over (False)."""
    page.wait_for_function("(document.body.dataset.yourTurn === '1' && !document.body.dataset.busy)"
                           " || document.body.dataset.status === 'finished'")
    return page.evaluate("document.body.dataset.status") == "playing"


def crisis_uids(page) -> set[str]:
    return set(page.locator("#sl-crises .sl-card[data-uid]").evaluate_all("cs => cs.map(c => c.dataset.uid)"))


def decide(page, seen: dict) -> str:
    """Take one decision by clicking; returns the action text sent. ``seen`` counts the
    ways used (hand, picker, attack, pass, prompt)."""
    node = page.evaluate("document.body.dataset.node")
    if node == "main":
        play = page.locator("#sl-hand button[data-action^='play ']:enabled")
        hand_picker = page.locator("#sl-hand button[data-picker]")
        attack = page.locator("#sl-map button[data-action^='attack ']:enabled")
        attack_picker = page.locator("#sl-map button[data-picker^='attack ']")
        if play.count():
            button, way = play.first, "hand"
        elif hand_picker.count() or attack_picker.count():
            opener = hand_picker.first if hand_picker.count() else attack_picker.first
            opener.click()
            # (a choice that empties the Treasury asks first: data-confirm, then the yes)
            choices = page.locator("#sl-picker button[data-action], #sl-picker button[data-confirm]")
            expect(choices.first).to_be_visible()
            texts = choices.evaluate_all("bs => bs.map(b => b.dataset.action || b.dataset.confirm)")
            assert len(texts) >= 2 and all(t.split()[0] in ("play", "attack") for t in texts), texts
            # the picker's targets are marked on the Map
            assert page.locator(".sl-card.choice, .device.choice").count() >= 1
            storylines = crisis_uids(page)
            best = next((i for i, t in enumerate(texts) if t.startswith("attack ") and t.split()[2] in storylines), 0)
            button, way = choices.nth(best), "picker"
        elif attack.count():
            texts = attack.evaluate_all("bs => bs.map(b => b.dataset.action)")
            storylines = crisis_uids(page)
            best = next((i for i, t in enumerate(texts) if t.split()[2] in storylines), 0)
            button, way = attack.nth(best), "attack"
        else:
            button, way = page.locator("#prompt button[data-action=pass]"), "pass"
    else:
        button, way = page.locator("#prompt button[data-action]:enabled").first, "prompt"
    text = button.get_attribute("data-action")
    if not text:   # it empties the Treasury: confirmed
        text = button.get_attribute("data-confirm")
        button.click()
        button = page.locator(f"#confirm-empty button[data-action='{text}']")
    click_and_wait(page, button)
    seen[way] = seen.get(way, 0) + 1
    return text


def play_to_the_end(page) -> dict:
    seen: dict = {}
    for _ in range(DECISION_LIMIT):
        if not wait_decision_or_end(page):
            return seen
        decide(page, seen)
    pytest.fail(f"the game did not end in {DECISION_LIMIT} decisions ({seen})")


def expected_result(obs) -> list[str]:
    """Words the result shown for a finished game must hold."""
    if obs.get("format") == "crisis-format":
        n = len(obs["crises"])
        if obs["pool"] >= n + 2:
            return ["The players win together", f"{obs['pool']} of {n + 2}"]
        if obs["opponent_story"] >= n + 1:
            return ["Won by the opponent", f"{obs['opponent_story']} of {n + 1}", "the players lost together"]
        return ["A draw"]
    if not obs["winners"]:
        return ["A draw"]
    best = obs["players"][obs["winners"][0]]["story"]
    # the page numbers seats from 1 (the engine from 0)
    return [f"seat {s + 1}" for s in obs["winners"]] + [f" with {best} Story Point"]


def expect_result(page, obs):
    """The result in words on the status line, the final standing on the board."""
    for words in expected_result(obs):
        expect(page.locator("#status")).to_contain_text(words)
    final = page.locator("#sl-result")
    expect(final).to_contain_text(f"Act {obs['act']}, turn {obs['turn']}.")
    # green for a win of this seat's side, red for its loss, neutral for a draw
    seat = obs["seat"]
    if obs.get("format") == "crisis-format":
        opp_won = obs["opponent_story"] >= len(obs["crises"]) + 1
        players_won = obs["pool"] >= len(obs["crises"]) + 2
        tone = "won" if (players_won if seat != obs["opponent_seat"] else opp_won) else \
            "lost" if (opp_won if seat != obs["opponent_seat"] else players_won) else None
    else:
        tone = None if not obs["winners"] else "won" if seat in obs["winners"] else "lost"
    classes = final.get_attribute("class").split()
    assert (tone in classes) if tone else not ({"won", "lost"} & set(classes)), (tone, classes)
    if obs.get("format") == "crisis-format":
        expect(final).to_contain_text(f"the players' pool {obs['pool']} of ")
    else:
        for seat, pl in enumerate(obs["players"]):
            expect(final).to_contain_text(f"seat {seat + 1}")
            expect(final).to_contain_text(f" {pl['story']}")


def check_hand(page, server, link):
    """The hand drawn is the seat's hand, by card name, with each card's cost and type."""
    view = seat_view(server, link)
    obs = view["observation"]
    info = obs["card_info"]
    names = page.locator("#sl-hand .hand-card").evaluate_all(
        "cs => cs.map(c => c.querySelector('.name').firstChild.textContent)")
    assert len(names) == len(set(obs["hand"])) and set(names) == {info[c]["name"] for c in obs["hand"]}
    assert page.locator("#sl-hand h2").inner_text().startswith(f"Your hand ({len(obs['hand'])})")
    first = obs["hand"][0]
    card = page.locator(f"#sl-hand .hand-card[data-card='{first}']")
    assert card.locator(".cost").inner_text() == str(info[first]["cost"])
    assert info[first]["name"] in card.inner_text()
    return obs


def check_bands(page, obs):
    """The three Bands as rows, top to bottom, each card in the row of its Band."""
    names = page.locator("#sl-map .band .band-name").all_inner_texts()
    assert [n.split("\n")[0] for n in names] == ["Deep Space", "Orbit", "Surface"]
    for e in obs["map"]:
        if e["band"] and e["type"] != "device":
            card = page.locator(f"#sl-map .band-{e['band']} .sl-card[data-uid='{e['uid']}']")
            expect(card).to_have_count(1)
            assert e["name"] in card.locator(".name").inner_text()
    home = next(e for e in obs["map"] if e["card"] == obs["players"][0]["homeworld"])
    card = page.locator(f"#sl-map .band-1 .sl-card[data-uid='{home['uid']}']")
    assert "Homeworld" in card.inner_text() and f"Damage {home['damage']}/{home['durability']}" in card.inner_text()
    assert "ctl-0" in card.get_attribute("class")


def test_crisis_format_from_the_lobby_played_to_the_end(page, server):
    links = create_in_lobby(page, server, "crisis-format", 1, options={"acts": 1, "act_rounds": 2})
    assert len(links) == 2  # the person's seat, then the spectators
    page.goto(links[0])
    page.wait_for_selector("body[data-version]")
    assert wait_decision_or_end(page)
    # the opening hand: the prompt asks in words
    assert page.locator("#prompt h2").inner_text() == "Your opening hand: keep it, or mulligan?"
    assert page.locator("#prompt button[data-action=keep]").inner_text() == "Keep this hand"
    obs = check_hand(page, server, links[0])
    check_bands(page, obs)
    # the shared pool against both targets: one Crisis Storyline, so 3 and 2
    assert len(obs["crises"]) == 1
    pool = page.locator("#sl-pool .meter.pool")
    assert pool.get_attribute("data-need") == "3" and pool.locator(".meter-num").inner_text() == "0 / 3"
    opp = page.locator("#sl-pool .meter.opp")
    assert opp.get_attribute("data-need") == "2" and opp.locator(".meter-num").inner_text() == "0 / 2"
    assert page.locator("#sl-pool .sl-goal").inner_text() == "You win at 3 Story Points; the opponent at 2."
    crisis = next(e for e in obs["map"] if e["card"] == obs["crises"][0])
    card = page.locator(f"#sl-crises .sl-card[data-uid='{crisis['uid']}']")
    assert crisis["name"] in card.inner_text() and "Chapter 1 of 3: 0/" in card.inner_text()
    assert "ctl-opp" in card.get_attribute("class") and "the opponent" in card.inner_text()
    seen = {}
    decide(page, seen)   # keep
    assert wait_decision_or_end(page)
    assert page.locator("#prompt h2").inner_text() == "Your Main Phase"
    assert page.locator("#prompt button[data-action=pass]").inner_text() == "Pass: end my Main Phase"
    for way, n in play_to_the_end(page).items():
        seen[way] = seen.get(way, 0) + n
    assert sum(seen.values()) >= 2, seen   # a player with only "pass" left passes by itself (storyline 1.6.2)
    # the end, with the result in words; the final pool and Time counters drawn
    final = seat_view(server, links[0])
    assert final["status"] == "finished"
    fobs = final["observation"]
    expect(page.locator("#status")).to_contain_text("Game over.")
    expect_result(page, fobs)
    assert page.locator("#sl-pool .meter.pool .meter-num").inner_text() == f"{fobs['pool']} / 3"
    assert page.locator("#sl-pool .meter.opp .meter-num").inner_text() == f"{fobs['opponent_story']} / 2"
    still = [e for e in fobs["map"] if e["card"] == fobs["crises"][0] and e["type"] == "storyline"]
    if still:   # not destroyed nor flipped: its Time counters, one per opponent Admin Phase
        assert f"{still[0]['counters'].get('time', 0)}/" in page.locator("#sl-crises .chapter-line").inner_text()
    elif not any(e["card"] == fobs["crises"][0] for e in fobs["map"]):   # destroyed: still named
        gone = page.locator("#sl-crises .crisis-gone")
        assert gone.locator(".name").inner_text() == fobs["card_info"][fobs["crises"][0]]["name"]
    assert any("the opponent's turn" in line for line in log_texts(page))
    # the replay draws the same view
    page.click("#open-replay")
    expect(page.locator("#replay-board #sl-map .band")).to_have_count(3)
    expect(page.locator("#replay-board #sl-pool")).to_be_visible()


def test_storyline_against_a_bot_played_to_the_end(page, server):
    links = create_in_lobby(page, server, "storyline", 2, options={"acts": 1, "act_rounds": 2},
                            seats={1: "random"})
    page.goto(links[0])
    page.wait_for_selector("body[data-version]")
    assert wait_decision_or_end(page)
    obs = check_hand(page, server, links[0])
    check_bands(page, obs)
    # each player's panel: Treasury, Story Points against the target, hand and deck
    for seat in (0, 1):
        panel = page.locator(f"#sl-players .player[data-seat='{seat}']")
        expect(panel).to_contain_text(f"Treasury {obs['players'][seat]['treasury']}")
        expect(panel).to_contain_text(f"Story {obs['players'][seat]['story']}/5")
        expect(panel).to_contain_text(f"Hand {obs['players'][seat]['hand_size']}")
    assert page.locator("#sl-pool").count() == 0 and page.locator("#sl-crises").count() == 0
    seen = play_to_the_end(page)
    assert seen.get("prompt", 0) >= 1 and sum(seen.values()) >= 2, seen   # the mulligan question, then more
    final = seat_view(server, links[0])
    fobs = final["observation"]
    expect(page.locator("#status")).to_contain_text("Game over.")
    expect_result(page, fobs)
    if 0 in fobs["winners"]:
        expect(page.locator("#status")).to_contain_text("You won!")
    for seat in (0, 1):
        expect(page.locator(f"#sl-players .player[data-seat='{seat}']")).to_contain_text(
            f"Story {fobs['players'][seat]['story']}/5")


def test_opponent_seat_in_the_lobby_and_a_person_making_its_choice(page, server):
    # the lobby adds a row for the opponent's seat when the option asks for it
    links = create_in_lobby(page, server, "crisis-format", 1, options={"opponent": "seat", "acts": 1, "act_rounds": 1},
                            seats={0: "random", 1: "human"}, rows=2)
    assert page.locator("#seats .seat-row[data-seat='1']").inner_text().count("the opponent's seat") == 1
    assert len(links) == 2 and "Seat 2, the opponent" in page.locator("#links .link-row").first.inner_text()
    page.goto(links[0])
    page.wait_for_selector("body[data-version]")
    expect(page.locator("#sl-hand h2")).to_have_text("You play the opponent")
    expect(page.locator("#seats")).to_contain_text("the opponent, seat 2 (you)")
    # a room where the opponent's first random choice has several cards: the person picks
    for seed in PICK_SEEDS:
        room = httpx.post(server.url + "/api/rooms", timeout=60, json={
            "game": "crisis-format", "players": 1, "seed": seed,
            "options": {"opponent": "seat", "acts": 1, "act_rounds": 4, "crises": "crisis-grinding-front",
                        "first_player": "0"},
            "seats": [{"kind": "bot", "agent": "random"}, {"kind": "human"}]}).json()
        page.goto(server.url + room["seats"][1]["link"])
        page.wait_for_selector("body[data-version]")
        if wait_decision_or_end(page):
            break
    else:
        pytest.fail(f"the opponent was never asked to pick (seeds {PICK_SEEDS})")
    assert page.evaluate("document.body.dataset.node") == "pick"
    assert page.locator("#status").inner_text() == "Your move: pick a card for the opponent"
    assert page.locator("#prompt h2").inner_text().startswith("The opponent's choice: pick a card")
    assert "The ability of The Grinding Front (#2) asks." in page.locator("#prompt").inner_text()
    buttons = page.locator("#prompt button[data-action^='pick ']")
    texts = buttons.evaluate_all("bs => bs.map(b => b.dataset.action)")
    labels = buttons.all_inner_texts()
    assert len(texts) >= 2
    view = httpx.get(server.url + room["seats"][1]["link"].replace("/play/", "/api/rooms/").replace("?token=", "/seat/"),
                     timeout=60).json()
    names = {e["uid"]: e["name"] for e in view["observation"]["map"]}
    for text, shown in zip(texts, labels):
        uid = int(text.split()[1])
        # by its name; a number only when two cards of that name are in the same place
        assert shown.startswith(f"Pick {names[uid]}")
        if list(names.values()).count(names[uid]) == 1:
            assert shown == f"Pick {names[uid]}"
        # each card it may pick is marked on the Map
        expect(page.locator(f"#sl-map .sl-card.choice[data-uid='{uid}']")).to_contain_text("the opponent may pick this")
    uid = int(texts[-1].split()[1])
    click_and_wait(page, buttons.nth(len(texts) - 1))
    # the choice shows in the log as it happens: the Grinding Front's damage lands on that card
    expect(page.locator("#log")).to_contain_text(f"{names[uid]} (#{uid}) takes 2 damage")


@pytest.mark.parametrize("game, players", [("crisis-format", 2), ("storyline", 4)])
def test_storyline_pages_fit_a_phone(browser, server, game, players):
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    try:
        room = httpx.post(server.url + "/api/rooms", timeout=60, json={
            "game": game, "players": players, "options": {"first_player": "0"},
            "seats": [{"kind": "human", "name": "A rather long name for a phone"}]
            + [{"kind": "bot", "agent": "random"}] * (players - 1)}).json()
        for path in (room["seats"][0]["link"], room["spectator_link"]):
            page.goto(server.url + path)
            page.wait_for_selector("body[data-version]")
            expect(page.locator("#sl-map .band")).to_have_count(3)
            width = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
            assert width[0] <= width[1], f"{path}: the page is {width[0]} px wide on a {width[1]} px screen"
        # the seat's page: its hand and the prompt, in words
        page.goto(server.url + room["seats"][0]["link"])
        expect(page.locator("#sl-hand .hand-card").first).to_be_visible()
        expect(page.locator("#prompt h2")).to_have_text("Your opening hand: keep it, or mulligan?")
    finally:
        context.close()


def finished_crisis_format(server, seed, agent):
    """A Crisis Format room of one person (Kai) whose seat a bot played to the end (the
    creator put it there while Kai was away); returns (room, Kai's final view)."""
    room = httpx.post(server.url + "/api/rooms", json={
        "game": "crisis-format", "seed": seed, "players": 1, "seats": [{"kind": "human", "name": "Kai"}]},
        timeout=60).json()
    answer = httpx.post(f"{server.url}/api/rooms/{room['room']}/admin/{room['creator_token']}/seats/0/bot",
                        json={"agent": agent}, timeout=60)
    assert answer.status_code == 200, answer.text
    end = time.monotonic() + 300   # a guard against a hang, not a speed check
    while (view := seat_view(server, room["seats"][0]["link"]))["status"] != "finished":
        assert time.monotonic() < end, "the bot game did not end"
        time.sleep(0.2)
    return room, view


@pytest.mark.parametrize("seed, agent", [(3, "random"), (2, "heuristic")])
def test_the_crisis_format_end_banner_says_a_loss_in_red_and_a_win_in_green(browser, server, seed, agent):
    """The players lost to the opponent: the game-over line says "You lost." on red, not
    green as a win (issue 12); when they won it says "You won!" on green."""
    room, view = finished_crisis_format(server, seed, agent)
    obs = view["observation"]
    lost = obs["opponent_story"] >= len(obs["crises"]) + 1
    won = obs["pool"] >= len(obs["crises"]) + 2
    assert lost or won, "the test wants a game with a winner"
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    try:
        page.goto(server.url + room["seats"][0]["link"])
        status = page.locator("#status")
        expect(status).to_contain_text("Game over.")
        if lost:
            expect(status).to_contain_text("You lost. Won by the opponent")
            expect(status).to_have_class(re.compile(r"\blost\b"))
            expect(page.locator("#sl-result")).to_have_class(re.compile(r"\blost\b"))
        else:
            expect(status).to_contain_text("You won! The players win together")
            expect(status).to_have_class(re.compile(r"\bwon\b"))
        colour = status.evaluate("(e) => getComputedStyle(e).backgroundColor")
        assert colour == ("rgb(247, 220, 217)" if lost else "rgb(215, 236, 214)"), colour
        page.screenshot(path=f"/tmp/format-end-{'lost' if lost else 'won'}-phone.png")
        # a spectator sees neither colour
        page.goto(server.url + room["spectator_link"])
        expect(status).to_contain_text("Game over.")
        expect(status).not_to_have_class(re.compile(r"\b(won|lost)\b"))
    finally:
        context.close()
