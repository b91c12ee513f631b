"""What a newcomer to Storyline and the Crisis Format met in the browser, each checked in a
real chromium: a payment that empties the Treasury (a Story Point to the opponents at the
Lose check, storyline 16.3) is marked on its button and confirmed first; on a phone the
Main Phase's playable cards are in the prompt, on the first screen, above a quieter Pass;
a card of the hand that cannot be played says why; a Chapter with no text shows its goal,
not "(no text)"; the Crisis Format's targets are written for players.

Positions are reached through the API: the person's seat plays random legal actions
(never one that empties its Treasury) against random bots until the wanted position, in
the first room seed that gets there."""

from __future__ import annotations

import random
import re
import time

import httpx
import pytest
from playwright.sync_api import expect

from browserhelpers import PHONE
from test_browser_client import click_and_wait, version

SEEDS = range(1, 30)
DECISIONS = 400
"""Most decisions of the person's seat per room before the next seed is tried."""
PAYING = ("play", "use", "bargain", "rally", "repair")


def seat_view(server, room):
    return httpx.get(f"{server.url}/api/rooms/{room['room']}/seat/{room['seats'][0]['token']}", timeout=60).json()


def reach(server, game, players, ready, options=None):
    """A room of ``game`` (the person in seat 0, random bots) played through the API until
    ``ready(view)`` holds at a decision of the person; returns (room, view)."""
    for seed in SEEDS:
        room = httpx.post(server.url + "/api/rooms", timeout=60, json={
            "game": game, "players": players, "seed": seed, "options": {"first_player": "0", **(options or {})},
            "seats": [{"kind": "human", "name": "Ann"}] + [{"kind": "bot", "agent": "random"}] * (players - 1)}).json()
        rng = random.Random(seed)
        for _ in range(DECISIONS * 20):
            view = seat_view(server, room)
            if view["status"] != "playing":
                break
            if not view["your_turn"]:
                time.sleep(0.01)
                continue
            if ready(view):
                return room, view
            empties = view["observation"]["empties"]
            legal = [t for t in view["legal"] if t not in empties] or view["legal"]
            httpx.post(f"{server.url}/api/rooms/{room['room']}/actions", timeout=60, json={
                "token": room["seats"][0]["token"], "action": rng.choice(legal), "version": view["version"]})
    pytest.fail(f"no {game} room of seeds {SEEDS} reached the wanted position")


def open_seat(page, server, room):
    page.goto(server.url + room["seats"][0]["link"])
    page.wait_for_selector("body[data-version]")
    page.wait_for_function("document.body.dataset.yourTurn === '1'")


def direct_emptying(view, lose_check):
    """The person's Main Phase actions that empty its Treasury with one button (no picker)."""
    obs = view["observation"]
    if obs["node"]["kind"] != "main":
        return []
    out = []
    for text, after in obs["empties"].items():
        w = text.split()
        plays = [t for t in view["legal"] if t.split()[:2] == w[:2]] if w[0] == "play" else [text]
        if after == {"treasury": 0, "lose_check": lose_check} and len(plays) == 1:
            out.append(text)
    return out


@pytest.mark.parametrize("game, players, who", [("crisis-format", 2, "the opponent"), ("storyline", 2, "your opponent")])
def test_a_payment_that_empties_the_treasury_is_marked_and_confirmed(page, server, game, players, who):
    room, view = reach(server, game, players, lambda v: direct_emptying(v, False))
    text = direct_emptying(view, False)[0]
    open_seat(page, server, room)
    at = version(page)
    button = page.locator(f"#prompt button[data-confirm='{text}']")
    expect(button).to_contain_text(f"empties your Treasury: +1 Story Point to {who}")
    assert page.locator(f"button[data-action='{text}']").count() == 0   # no button sends it at once
    if text.startswith("play ") and page.locator(f"#sl-hand button[data-confirm='{text}']").count():
        expect(page.locator(f"#sl-hand button[data-confirm='{text}']")).to_contain_text("empties your Treasury")
    # asked first, in words: nothing is sent
    button.click()
    confirm = page.locator("#prompt #confirm-empty")
    expect(confirm).to_contain_text("This leaves your Treasury at 0. If it is still 0 at the end of this phase")
    expect(confirm).to_contain_text(f"{who} gains 1 Story Point")
    assert page.locator("#confirm-empty").count() == 1 and version(page) == at
    page.click("#cancel-empty")
    expect(page.locator("#confirm-empty")).to_have_count(0)
    assert version(page) == at
    # then paid, after the yes
    page.locator(f"#prompt button[data-confirm='{text}']").click()
    click_and_wait(page, page.locator(f"#confirm-empty button[data-action='{text}']"))
    after = seat_view(server, room)
    assert after["version"] > at
    mine = after["observation"]["players"][0]
    if after["your_turn"] and mine["treasury"] == 0:   # still in the Main Phase, the Treasury empty
        panel = page.locator("#sl-players .player[data-seat='0']")
        expect(panel.locator(".treasury-hint")).to_contain_text("Treasury empty: if it is still 0 at the end of the phase")
        expect(page.locator("#prompt .treasury-hint")).to_contain_text("Treasury empty")


def test_when_the_phase_ends_at_once_the_confirmation_says_so(page, server):
    room, view = reach(server, "crisis-format", 1, lambda v: direct_emptying(v, True))
    text = direct_emptying(view, True)[0]
    open_seat(page, server, room)
    page.locator(f"button[data-confirm='{text}']").first.click()
    expect(page.locator("#confirm-empty")).to_contain_text(
        "nothing else to do, so your Main Phase ends; at its Lose check the opponent gains 1 Story Point")
    click_and_wait(page, page.locator(f"#confirm-empty button[data-action='{text}']"))
    expect(page.locator("#log")).to_contain_text("meets a Lose condition: an empty Treasury")


def playable(view):
    return view["observation"]["node"]["kind"] == "main" and any(t.startswith("play ") for t in view["legal"])


@pytest.mark.parametrize("game, players", [("storyline", 3), ("crisis-format", 2)])
def test_on_a_phone_the_playable_cards_are_in_the_prompt_above_a_quieter_pass(browser, server, game, players):
    room, view = reach(server, game, players, lambda v: playable(v) and v["observation"]["turn"] >= 3)
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    try:
        open_seat(page, server, room)
        page.evaluate("window.scrollTo(0, 0)")
        cards = {t.split()[1] for t in view["legal"] if t.startswith("play ")}
        quick = page.locator("#prompt #sl-quick-play button")
        expect(quick).to_have_count(len(cards))
        # the first one is on the first screen, and it is a primary button
        box = quick.first.bounding_box()
        assert box["y"] + box["height"] <= PHONE["height"], box
        assert "primary" in quick.first.get_attribute("class")
        # Pass comes after them and is not a primary button
        pass_button = page.locator("#prompt button[data-action=pass]")
        assert "primary" not in (pass_button.get_attribute("class") or "")
        assert pass_button.bounding_box()["y"] > quick.last.bounding_box()["y"]
        expect(page.locator("#prompt")).to_contain_text("Pass ends your Main Phase")
        # a quick button plays the card (or opens the picker of where)
        first = quick.first
        if first.get_attribute("data-action"):
            click_and_wait(page, first)
        elif first.get_attribute("data-picker"):
            first.click()
            expect(page.locator("#sl-picker button").first).to_be_visible()
        width = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
        assert width[0] <= width[1], f"the page is {width[0]} px wide on a {width[1]} px screen"
        # the Map names controllers as the log and the seats do (not the engine's "Seat 0")
        expect(page.locator("#sl-map .ctl-chip.ctl-0").first).to_have_text(re.compile(r"^(.+, )?seat 1 \(Ann, you\)$"))
        expect(page.locator("#sl-map .ctl-chip.ctl-1").first).to_have_text(re.compile(r"^(.+, )?seat 2 \(bot: \w+\)$"))
    finally:
        context.close()


def unplayable(view):
    """A Main Phase with a card of the hand that cannot be played."""
    obs = view["observation"]
    if obs["node"]["kind"] != "main":
        return []
    played = {t.split()[1] for t in view["legal"] if t.startswith("play ")}
    return [c for c in obs["hand"] if c not in played]


def test_a_card_that_cannot_be_played_says_why(page, server):
    room, view = reach(server, "storyline", 2, lambda v: unplayable(v) and v["observation"]["turn"] >= 3)
    obs = view["observation"]
    treasury = obs["players"][0]["treasury"]
    open_seat(page, server, room)
    for cid in unplayable(view):
        info = obs["card_info"][cid]
        why = page.locator(f"#sl-hand .hand-card[data-card='{cid}'] .why-not")
        if info["cost"] > treasury:
            expect(why).to_have_text(f"Too expensive: it costs {info['cost']}, your Treasury is {treasury}.")
        elif info["type"] == "device":
            expect(why).to_contain_text("nothing of yours it may be attached to")
        else:
            assert info["type"] == "event", info
            expect(why).to_contain_text("its target is missing")
    # a card that can be played has its button and no reason
    for cid in {t.split()[1] for t in view["legal"] if t.startswith("play ")}:
        expect(page.locator(f"#sl-hand .hand-card[data-card='{cid}'] .why-not")).to_have_count(0)


def silent_chapter(view):
    """Storylines with a Chapter of no text, in the hand or on the Map: (where on the page, facts)."""
    obs = view["observation"]
    found = [(f"#sl-hand .hand-card[data-card='{c}']", obs["card_info"][c]) for c in obs["hand"] or []]
    found += [(f"#sl-map .sl-card[data-uid='{e['uid']}']", e) for e in obs["map"]]
    return [(where, c) for where, c in found
            if c["type"] == "storyline" and any(not ch["text"] for ch in c["chapters"])]


def test_a_chapter_with_no_text_shows_its_goal(page, server):
    room, view = reach(server, "storyline", 2, silent_chapter)
    open_seat(page, server, room)
    board = page.locator("#board")
    expect(board).not_to_contain_text("(no text)")
    expect(board).not_to_contain_text("has no text")
    where, card = silent_chapter(view)[0]
    items = page.locator(where).first.locator(".chapters li")
    expect(items).to_have_count(len(card["chapters"]))
    for i, ch in enumerate(card["chapters"]):
        counter = {"story": "Story", "time": "Time"}[ch["counter"]]
        goal = f"ends at {ch['end']} {counter} counter{'s' if ch['end'] != 1 else ''}"
        shown = items.nth(i).text_content()
        assert shown == (f"{goal}: {ch['text']}" if ch["text"] else goal), shown


def test_the_crisis_format_targets_are_written_for_players(page, server):
    room, view = reach(server, "crisis-format", 2, lambda v: v["observation"]["node"]["kind"] == "main")
    n = len(view["observation"]["crises"])
    open_seat(page, server, room)
    expect(page.locator("#sl-pool .sl-goal")).to_have_text(
        f"You win together at {n + 2} Story Points; the opponent at {n + 1}.")
    expect(page.locator("#sl-pool")).not_to_contain_text("N + 2")
    # a spectator reads it about the players
    page.goto(server.url + room["spectator_link"])
    page.wait_for_selector("body[data-version]")
    expect(page.locator("#sl-pool .sl-goal")).to_have_text(
        f"The players win together at {n + 2} Story Points; the opponent at {n + 1}.")


def hand_decision(kind):
    """A decision of the person about its hand: the opening hand, or a Main Phase with a card to play."""
    if kind == "mulligan":
        return lambda v: v["observation"]["node"]["kind"] == "mulligan"
    return lambda v: playable(v) and v["observation"]["turn"] >= 3


@pytest.mark.parametrize("game, players, kind", [("crisis-format", 2, "mulligan"), ("storyline", 2, "mulligan"),
                                                 ("crisis-format", 2, "main"), ("storyline", 3, "main")])
def test_on_a_phone_a_decision_about_the_hand_has_the_hand_right_under_the_prompt(browser, server, game, players, kind):
    """The prompt says "your six cards are just below": on a phone the hand is on the first
    screen at the opening hand, and right under the prompt (before the Story Points, the
    Crisis Storylines and the Map) whenever the person's decision is about its hand."""
    room, view = reach(server, game, players, hand_decision(kind))
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    try:
        open_seat(page, server, room)
        page.evaluate("window.scrollTo(0, 0)")
        expect(page.locator("body")).to_have_attribute("data-node", kind)
        first = page.locator("#sl-hand .hand-card").first
        expect(first).to_be_visible()
        prompt = page.locator("#prompt").bounding_box()
        card = first.bounding_box()
        # right under the prompt: nothing but the hand's heading in between
        assert 0 <= card["y"] - (prompt["y"] + prompt["height"]) <= 150, (prompt, card)
        if kind == "mulligan":
            assert card["y"] < PHONE["height"], card
            # the mulligan says it is the only one: the new six cards are kept (5.8.1)
            expect(page.locator("#prompt")).to_contain_text("one mulligan only")
            expect(page.locator("#prompt button[data-action='mulligan']")).to_contain_text("keep them")
        # the Map and the Story Points come after the hand
        assert page.locator("#sl-map").bounding_box()["y"] > card["y"]
        if game == "crisis-format":
            assert page.locator("#sl-pool").bounding_box()["y"] > card["y"]
    finally:
        context.close()


BUTTONS_JS = """() => [...document.querySelectorAll('#prompt button, #board button')]
  .filter((b) => b.offsetParent !== null)
  .map((b) => [b.innerText.replace(/\\s+/g, ' ').trim(),
               b.dataset.action || b.dataset.confirm || (b.dataset.picker ? 'picker: ' + b.dataset.picker : 'id: ' + b.id)])"""


def same_label_different_action(buttons):
    """The labels that more than one action (or picker) carries: {label: {actions}}."""
    seen: dict[str, set[str]] = {}
    for text, action in buttons:
        seen.setdefault(text, set()).add(action)
    return {text: actions for text, actions in seen.items() if len(actions) > 1}


@pytest.mark.parametrize("game, players", [("crisis-format", 2), ("storyline", 2), ("storyline", 3)])
def test_no_two_buttons_share_a_label_with_different_actions(page, server, game, players):
    """Issue 12: three buttons read "Move onto Greensong", each moving another unit. Over the
    person's decisions of random games (random actions, random bots), every button on the
    page (the prompt, the hand, the Map, an open picker) that does something different from
    another says something different: the unit that moves or attacks, the card played."""
    checked = 0
    for seed in range(1, 12):
        if checked >= 20:
            break
        in_game = 0
        room = httpx.post(server.url + "/api/rooms", timeout=60, json={
            "game": game, "players": players, "seed": seed, "options": {"first_player": "0"},
            "seats": [{"kind": "human", "name": "Ann"}] + [{"kind": "bot", "agent": "random"}] * (players - 1)}).json()
        open_seat(page, server, room)
        rng = random.Random(seed)
        for _ in range(DECISIONS * 20):
            view = seat_view(server, room)
            if view["status"] != "playing" or in_game >= 12:
                break
            if not view["your_turn"]:
                time.sleep(0.01)
                continue
            page.wait_for_function(f"document.body.dataset.version === '{view['version']}' && document.body.dataset.yourTurn === '1'")
            buttons = page.evaluate(BUTTONS_JS)
            assert not same_label_different_action(buttons), (view["observation"]["node"], same_label_different_action(buttons))
            openers = [b for b in buttons if b[1].startswith("picker: ")]
            if openers:   # the choices of a picker, beside everything else on the page
                key = rng.choice(openers)[1][len("picker: "):]
                page.locator(f"#prompt button[data-picker='{key}'], #board button[data-picker='{key}']").first.click()
                expect(page.locator("#sl-picker")).to_be_visible()
                buttons = page.evaluate(BUTTONS_JS)
                assert not same_label_different_action(buttons), (view["observation"]["node"], same_label_different_action(buttons))
            checked += 1
            in_game += 1
            empties = view["observation"]["empties"]
            legal = [t for t in view["legal"] if t not in empties] or view["legal"]
            httpx.post(f"{server.url}/api/rooms/{room['room']}/actions", timeout=60, json={
                "token": room["seats"][0]["token"], "action": rng.choice(legal), "version": view["version"]})
    assert checked >= 20, checked


def test_on_a_touch_screen_a_second_tap_too_soon_after_the_redraw_is_ignored(browser, server):
    """Issue 12: on a phone, the mulligan's answer redraws the prompt and a Main Phase button
    ("Play Cleansing Pyre") comes up under the finger, so a double tap would play a card. A
    tap within a moment of the redraw its own tap caused is ignored; a later one is played."""
    room, view = reach(server, "crisis-format", 1, lambda v: v["observation"]["node"]["kind"] == "mulligan")
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    page = context.new_page()
    try:
        open_seat(page, server, room)
        before = seat_view(server, room)["version"]
        page.locator("#prompt button[data-action='mulligan']").tap()
        page.wait_for_function(f"Number(document.body.dataset.version) > {before} && document.body.dataset.yourTurn === '1' "
                               "&& !document.body.dataset.busy")
        after = seat_view(server, room)["version"]
        # at once: whatever button is now first in the prompt, a tap on it is a double tap
        page.locator("#prompt button[data-action]").first.tap()
        page.wait_for_timeout(700)
        assert seat_view(server, room)["version"] == after, "a tap right after the redraw was played"
        # a moment later the same tap is a choice of its own
        page.locator("#prompt button[data-action]").first.tap()
        expect(page.locator("body")).not_to_have_attribute("data-version", str(after), timeout=10_000)
        assert seat_view(server, room)["version"] > after
    finally:
        context.close()
