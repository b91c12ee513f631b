"""Automatic decisions in the table (King of Tokyo): set in the side panel, seen only by
their seat, and answered for the person (auto-yield)."""

from __future__ import annotations

import httpx
from playwright.sync_api import expect


def test_auto_yield_set_in_the_panel_answers_for_the_person(browser, server):
    """Seat 1 (a person) sets 'leave Tokyo at or below 12 hearts': from then on it is never
    asked to yield; when seat 0's Claws hit it in Tokyo it leaves by itself."""
    room = httpx.post(server.url + "/api/rooms", json={"game": "kot-dark", "seed": 4, "seats": [
        {"kind": "bot", "agent": "heuristic"}, {"kind": "human", "name": "Ann"}]}, timeout=60).json()
    page = browser.new_page()
    page.goto(server.url + room["seats"][1]["link"])
    page.wait_for_selector("body[data-version]")
    box = page.locator("#auto-box")
    expect(box).to_be_visible()
    page.click("#auto-details summary")
    page.fill("#auto-yield_at", "12")
    page.locator("#auto-yield_at").dispatch_event("change")
    expect(page.locator("#auto-note")).to_have_text("Saved.")
    token = room["seats"][1]["token"]
    seat_view = httpx.get(f"{server.url}/api/rooms/{room['room']}/seat/{token}", timeout=60).json()
    assert seat_view["auto"]["values"]["yield_at"] == 12
    # a spectator does not see it
    spectator = httpx.get(f"{server.url}/api/rooms/{room['room']}", timeout=60).json()
    assert spectator["auto"] is None
    # play the person's other decisions over the API until it has left Tokyo once by itself
    client = httpx.Client(base_url=server.url, timeout=60)
    for _ in range(2000):
        v = client.get(f"/api/rooms/{room['room']}/seat/{token}").json()
        assert v["status"] == "playing"
        me = v["observation"]["monsters"][1]["name"]
        if any(e["text"].startswith(f"{me} yields") or e["text"].startswith(f"{me} leaves") for e in v["log"]):
            break
        if v["your_turn"]:
            assert v["observation"]["node"]["kind"] != "yield", "asked to yield despite the automatic decision"
            legal = v["legal"]
            choice = next((t for t in ("resolve smash", "stop", "end") if t in legal), legal[0])
            client.post(f"/api/rooms/{room['room']}/actions", json={"token": token, "action": choice,
                                                                    "version": v["version"]})
        else:
            page.wait_for_timeout(20)
    else:
        raise AssertionError("the person never left Tokyo")
    client.close()
    page.screenshot(path="/tmp/auto.png")
    page.close()
