"""A player's statistics page (/players/<name>) and the lobby's link to it."""

from __future__ import annotations

import random
import time

import httpx
from playwright.sync_api import expect

from browserhelpers import PHONE


def finished_game(server, name, seed):
    """A kot-dark game with ``name`` in seat 0 (played at random over the API) against a bot."""
    client = httpx.Client(base_url=server.url, timeout=60)
    room = client.post("/api/rooms", json={"game": "kot-dark", "seed": seed, "seats": [
        {"kind": "human", "name": name}, {"kind": "bot", "agent": "random"}]}).json()
    token, rng = room["seats"][0]["token"], random.Random(seed)
    for _ in range(5000):
        view = client.get(f"/api/rooms/{room['room']}/seat/{token}").json()
        if view["status"] == "finished":
            client.close()
            return view
        if not view["your_turn"]:
            time.sleep(0.02)
            continue
        client.post(f"/api/rooms/{room['room']}/actions", json={
            "token": token, "action": rng.choice(view["legal"]), "version": view["version"]})
    raise AssertionError("the game did not end")


def test_the_lobby_links_a_remembered_name_to_its_statistics(page, server):
    views = [finished_game(server, "Dora", seed) for seed in (1, 2)]
    wins = sum(0 in v["winners"] for v in views)
    page.goto(server.url + "/")
    page.evaluate("localStorage.setItem('tokyo-name', 'Dora')")
    page.reload()
    link = page.locator("#profile a")
    expect(link).to_have_text("Dora")
    link.click()
    expect(page.locator("#title")).to_have_text("Player: Dora")
    expect(page.locator("#overall")).to_contain_text("in 2 games")
    expect(page.locator("#overall")).to_contain_text(f"{wins} win")
    expect(page.locator("#by-game tbody tr")).to_have_count(1)
    expect(page.locator("#by-game")).to_contain_text("King of Tokyo: Dark Edition")
    # labels by their names, not ids: the monsters played
    monsters = {v["observation"]["monsters"][0]["name"] for v in views}
    for monster in monsters:
        expect(page.locator("#by-label")).to_contain_text(f"{monster} (monster)")
    expect(page.locator("#recent tbody tr")).to_have_count(2)
    page.screenshot(path="/tmp/players-desktop.png", full_page=True)


def test_the_page_fits_a_phone_and_an_unknown_name_says_so(browser, server):
    finished_game(server, "Eve", 3)
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    page.goto(server.url + "/players/Eve")
    expect(page.locator("#overall")).to_contain_text("in 1 game")
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")
    page.screenshot(path="/tmp/players-phone.png", full_page=True)
    page.goto(server.url + "/players/Nobody%20Here")
    expect(page.locator("#overall")).to_contain_text("No finished game on this server has a seat named")
    context.close()
