"""Undo on the game page: the "Undo my last action" button shows only while the seat's
last action may be taken back; clicking it brings the position (and its prompt) back,
and a refused undo says why in the server's words."""

import httpx
from playwright.sync_api import expect

WAIT = 60_000


def api(server, method, path, **body):
    response = httpx.request(method, server.url + path, json=body or None, timeout=60)
    return response.status_code, response.json()


def seat_view(server, room, token):
    return api(server, "GET", f"/api/rooms/{room}/seat/{token}")[1]


def an_undoable_action(server, room, token):
    """A legal action of the seat that may be taken back (nothing follows it): tried
    through the API, each one taken back again at once."""
    view = seat_view(server, room, token)
    for text in view["legal"]:
        status, after = api(server, "POST", f"/api/rooms/{room}/actions", token=token, action=text)
        assert status == 200, after
        if after["can_undo"]:
            assert api(server, "POST", f"/api/rooms/{room}/undo", token=token)[0] == 200
            return text
        return None      # followed by chance: it stands, try another position
    return None


def test_an_undo_accepted_and_one_refused(page, server):
    created = httpx.post(server.url + "/api/rooms", json={
        "game": "crisis-tokyo", "players": 2, "seed": 21,
        "seats": [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Ben"}]}, timeout=60).json()
    room = created["room"]
    tokens = {s["seat"]: s["token"] for s in created["seats"]}
    # Ben plays (through the API) until Ann is to act with an action that can be taken back
    for _ in range(200):
        public = api(server, "GET", f"/api/rooms/{room}")[1]
        seat = public["to_act"]
        if seat == 0:
            text = an_undoable_action(server, room, tokens[0])
            if text:
                break
        else:
            legal = seat_view(server, room, tokens[seat])["legal"]
            api(server, "POST", f"/api/rooms/{room}/actions", token=tokens[seat], action=legal[0])
    else:
        raise AssertionError("Ann never had an action that can be taken back")

    page.goto(server.url + created["seats"][0]["link"])
    body = page.locator("body")
    expect(body).to_have_attribute("data-your-turn", "1", timeout=WAIT)
    before = seat_view(server, room, tokens[0])
    undo = page.get_by_role("button", name="Undo my last action")
    expect(undo).to_be_hidden()                 # nothing of Ann's to take back yet
    # the action, clicked as a player would (its button on the board or in the prompt)
    page.locator(f"button[data-action='{text}']:not([disabled])").first.click()
    expect(undo).to_be_visible(timeout=WAIT)
    expect(page.locator("#undo-note")).to_contain_text("Nothing has happened since it")

    # Ben watches from his own page
    ben = page.context.browser.new_context().new_page()
    ben.goto(server.url + created["seats"][1]["link"])
    expect(ben.locator("body")).to_have_attribute("data-version", str(before["version"] + 1), timeout=WAIT)
    expect(ben.locator("#undone")).to_be_hidden()

    # accepted: the position before the action comes back, with its choices
    undo.focus()
    page.keyboard.press("Enter")
    expect(undo).to_be_hidden(timeout=WAIT)
    expect(body).to_have_attribute("data-version", str(before["version"] + 2), timeout=WAIT)
    expect(page.locator("#error")).to_be_hidden()
    expect(page.locator(f"button[data-action='{text}']:not([disabled])").first).to_be_visible()
    back = seat_view(server, room, tokens[0])
    assert (back["legal"], back["observation"], back["log"]) == (before["legal"], before["observation"],
                                                                 before["log"])
    assert page.locator("#legal button").count() == len(before["legal"])
    expect(page.locator("#undone")).to_be_hidden()                  # Ann knows what she did
    expect(ben.locator("#undone")).to_have_text("Seat 1 (Ann) took back their last action.", timeout=WAIT)
    ben.context.close()

    # refused: the same action again, but before the page's undo reaches the server Ann's
    # other tab has taken it back and played on with an action that draws a card
    page.locator(f"button[data-action='{text}']:not([disabled])").first.click()
    expect(undo).to_be_visible(timeout=WAIT)

    def other_tab_first(route):
        assert api(server, "POST", f"/api/rooms/{room}/undo", token=tokens[0])[0] == 200
        for other in seat_view(server, room, tokens[0])["legal"]:
            status, after = api(server, "POST", f"/api/rooms/{room}/actions", token=tokens[0], action=other)
            if not after["can_undo"]:
                break
            api(server, "POST", f"/api/rooms/{room}/undo", token=tokens[0])
        route.continue_()

    page.route("**/undo", other_tab_first)
    undo.click()
    error = page.locator("#error-text")
    expect(error).to_contain_text("Undo refused: your last action cannot be taken back", timeout=WAIT)
    expect(error).to_contain_text(seat_view(server, room, tokens[0])["undo_refused"])
    expect(undo).to_be_hidden()
    expect(page.locator("#error")).to_be_in_viewport()
    page.unroute("**/undo")
