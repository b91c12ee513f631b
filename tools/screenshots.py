"""Screenshots of the browser client for the README: the lobby, a King of Tokyo: Dark Edition
game on a desktop and on a phone, the base King of Tokyo with Mimic and Healing Ray (a Heart die to
heal with on a desktop, Mimic's token to move on a phone), a King of Tokyo: Godzilla game with Evolutions (desktop and
phone), a Crisis: Tokyo game in a Conflict (desktop) and a turn in progress (phone), a
Crisis Format game for two players and a Storyline game for three (desktop and phone), a
replay, and three pages around the games (desktop and phone each): the rules page with a
search typed in, a player's statistics after a few finished games, and the room creator's
panel.

Run from the repository root with the test extra installed and Debian's chromium:
``.venv/bin/python tools/screenshots.py`` (writes docs/screenshots/*.png; name pictures,
``tools/screenshots.py kot-godzilla-desktop.png``, to write only those). Games are
seeded, and the person's moves are chosen by a seeded generator, so the pictures are the
same from run to run as long as the engine and the bots play the same.
"""

from __future__ import annotations

import random
import sys
import tempfile
import time
from pathlib import Path

import httpx
from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "browser"))
from browserhelpers import DESKTOP, PHONE, Server, ThreadServer, launch  # noqa: E402

OUT = ROOT / "docs" / "screenshots"


def seat_view(client, room, token):
    return client.get(f"/api/rooms/{room}/seat/{token}").json()


def play_until(client, room, token, rng, done, limit=3000, prefer=(), evolve=False):
    """Play the person's seat with random legal actions (``prefer`` first when legal; with
    ``evolve``, Evolutions are played whenever they may be) until ``done(view)`` holds at one
    of its decisions."""
    for _ in range(limit):
        view = seat_view(client, room, token)
        if view["status"] == "finished":
            raise RuntimeError("the game ended before the wanted position")
        if not view["your_turn"]:
            time.sleep(0.02)
            continue
        if done(view):
            return view
        legal = view["legal"]
        choice = next((p for p in prefer if p in legal), None)
        if evolve and not choice:
            choice = next((t for t in legal if t.startswith("evolve ")), None)
        choice = choice or rng.choice(legal)
        client.post(f"/api/rooms/{room}/actions", json={"token": token, "action": choice, "version": view["version"]})
    raise RuntimeError("the wanted position did not come")


def shot(page, url, name, ready="body[data-version]", full=False, before=None):
    if name not in WANTED:
        return
    page.goto(url)
    page.wait_for_selector(ready)
    page.wait_for_timeout(300)
    if before:
        before(page)
    page.screenshot(path=str(OUT / name), full_page=full)
    print("wrote", OUT / name)


WANTED: set[str] = set()
PICTURES = ("lobby.png", "kot-desktop.png", "kot-phone.png", "kot-base-desktop.png", "kot-base-phone.png",
            "kot-godzilla-desktop.png", "kot-godzilla-phone.png",
            "crisis-desktop.png", "crisis-phone.png", "crisis-format-desktop.png", "crisis-format-phone.png",
            "storyline-desktop.png", "storyline-phone.png", "replay.png", "rules-desktop.png", "rules-phone.png",
            "players-desktop.png", "players-phone.png", "room-admin-desktop.png", "room-admin-phone.png")
GODZILLA_PICTURES = {"kot-godzilla-desktop.png", "kot-godzilla-phone.png"}
BASE_PICTURES = {"kot-base-desktop.png", "kot-base-phone.png"}
PAGE_PICTURES = {"rules-desktop.png", "rules-phone.png", "players-desktop.png", "players-phone.png",
                 "room-admin-desktop.png", "room-admin-phone.png"}
CRISIS_FORMAT_PICTURES = {"crisis-format-desktop.png", "crisis-format-phone.png"}
STORYLINE_PICTURES = {"storyline-desktop.png", "storyline-phone.png"}
CRISIS_FORMAT_SEED = 7
STORYLINE_SEED = 3


def keep_two(pg):
    """Keep the second and fourth dice (King of Tokyo)."""
    pg.locator("#dice button.die").nth(1).click()
    pg.locator("#dice button.die").nth(3).click()


def keep_two_and_reroll(pg):
    """Keep two dice and reroll the others: the picture shows them kept in their places and
    the rerolled dice marked new, once the roll's animation is over."""
    keep_two(pg)
    before = pg.evaluate("document.body.dataset.version")
    pg.locator("#dice-panel button.primary").click()
    pg.wait_for_function(f"document.body.dataset.version !== '{before}' && !document.body.dataset.busy")
    pg.wait_for_timeout(1600)
    pg.evaluate("window.scrollTo(0, 0)")


def godzilla_game(client):
    """King of Tokyo: Godzilla with Evolutions, four monsters (three heuristic bots): the
    person (Godzilla) a few turns in, at its second roll with a black die bought with a Dice
    token, holding an Evolution while some are in play. The first seed from GODZILLA_SEED
    on that reaches such a position is used (printed)."""
    def ready(v):
        obs = v["observation"]
        mine = obs["evolutions"][0]
        return (obs["turn"] >= 4 and obs["node"]["kind"] == "roll" and obs["rolls_used"] == 1
                and obs.get("black_dice", 0) >= 1 and mine["hand_count"] >= 1
                and any(e["in_play"] for e in obs["evolutions"]))

    for seed in range(GODZILLA_SEED, GODZILLA_SEED + 40):
        rng = random.Random(7)
        gz = client.post("/api/rooms", json={
            "game": "kot-godzilla", "seed": seed, "options": {"evolutions": True},
            "seats": [{"kind": "human", "name": "Ann"}, {"kind": "bot", "agent": "heuristic"},
                      {"kind": "bot", "agent": "heuristic"}, {"kind": "bot", "agent": "heuristic"}]}).json()
        token = gz["seats"][0]["token"]
        try:
            play_until(client, gz["room"], token, rng, ready, limit=600,
                       prefer=("resolve smash", "stay", "black 2", "black 1"), evolve=True)
        except RuntimeError:
            continue
        print("kot-godzilla picture: room seed", seed)
        return gz
    raise RuntimeError("no kot-godzilla seed reached the wanted position")


GODZILLA_SEED = 56
BASE_SEED = 40
CRISIS_SEED = 3


def crisis_game(client, ready, prefer=()):
    """A Crisis: Tokyo room, three players (two heuristic bots), the person played by a
    seeded generator until ``ready(view)``; the first seed from CRISIS_SEED on that gets
    there is used (printed)."""
    for seed in range(CRISIS_SEED, CRISIS_SEED + 60):
        room = client.post("/api/rooms", json={
            "game": "crisis-tokyo", "seed": seed, "seats": [{"kind": "human", "name": "Ann"},
                                                              {"kind": "bot", "agent": "heuristic"},
                                                              {"kind": "bot", "agent": "heuristic"}]}).json()
        try:
            play_until(client, room["room"], room["seats"][0]["token"], random.Random(seed), ready, limit=400,
                       prefer=prefer)
        except RuntimeError:
            continue
        print("crisis-tokyo picture: room seed", seed)
        return room
    raise RuntimeError("no crisis-tokyo seed reached the wanted position")


def crisis_conflict(view) -> bool:
    """A combat with Characters on both sides, one side superior, a hand to play from,
    a Plot in play and a District already levelled."""
    obs = view["observation"]
    c = obs["conflict"] or {}
    return (obs["node"]["kind"] == "manoeuvre" and c.get("superior") is not None and c.get("att") and c.get("def")
            and obs["plot"] is not None and any(obs["districts"])
            and any(t.startswith("play ") for t in view["legal"]))


def crisis_turn(view) -> bool:
    """The person's turn, both actions left, Heroes in play and cards to recruit and play."""
    obs = view["observation"]
    return (obs["node"]["kind"] == "action" and obs["actions_left"] == 2 and len(obs["hand"]) >= 3
            and sum(len(r) for r in obs["reserves"]) >= 2 and any(obs["districts"])
            and any(t.startswith("recruit ") for t in view["legal"]) and any(t.startswith("play ") for t in view["legal"]))


def godzilla_picture(tmp: Path) -> None:
    """kot-godzilla-desktop.png and kot-godzilla-phone.png, a seeded game with Evolutions, from
    a server in this process (the phone first: the desktop picture rerolls)."""
    server = ThreadServer(tmp / "godzilla.sqlite3")
    try:
        client = httpx.Client(base_url=server.url, timeout=60)
        gz = godzilla_game(client)
        with sync_playwright() as p:
            browser = launch(p)
            link = server.url + gz["seats"][0]["link"]
            phone = browser.new_page(viewport=PHONE)
            shot(phone, link, "kot-godzilla-phone.png", before=lambda pg: (keep_two(pg), pg.evaluate("window.scrollTo(0, 0)")))
            desktop = browser.new_page(viewport=DESKTOP)
            shot(desktop, link, "kot-godzilla-desktop.png", full=True, before=keep_two_and_reroll)
            browser.close()
    finally:
        server.stop()


def base_room(db: Path, token: str, room: str, ready) -> int:
    """Store in ``db`` a kot room for four (the person Ann in seat 0, heuristic bots elsewhere)
    played offline up to the first of the person's decisions where ``ready(state)`` holds: the
    person plays the heuristic bot that buys Mimic and Healing Ray whenever it can (the bots
    almost never buy either). The first seed from BASE_SEED that gets there is used; returns it."""
    from tokyo.agents import make_agent
    from tokyo.agents.kot_heuristic import KotHeuristicAgent
    from tokyo.core import load_game, sample_chance
    from tokyo.server.rooms import hash_token
    from tokyo.server.store import GameRecord, SeatRecord, Step, Store

    class Shopper(KotHeuristicAgent):
        def card_value(self, state, m, cid):
            return 20.0 if cid in ("mimic", "healing-ray") else super().card_value(state, m, cid)

    game = load_game("kot", 4)
    for seed in range(BASE_SEED, BASE_SEED + 400):
        rng, state, steps = random.Random(seed), game.new_initial_state(), []
        bots = [Shopper()] + [make_agent("heuristic", "kot") for _ in range(3)]
        for i, bot in enumerate(bots):
            bot.reset(seed * 1009 + i + 1, i)
        while not state.is_terminal() and len(steps) < 5000:
            player = state.current_player()
            if player == 0 and ready(state):
                seats = [SeatRecord("human", name="Ann", token_hash=hash_token(token))] + \
                    [SeatRecord("bot", "heuristic", "Bot")] * 3
                store = Store(db)
                store.create_game(GameRecord(room, "kot", 4, game.options_json(), seats, seed, time.time()), steps)
                store.close()
                print("kot picture: room seed", seed)
                return seed
            text = sample_chance(state, rng) if player < 0 else bots[player].step(state)
            steps.append(Step(text, "chance" if player < 0 else "decision", None if player < 0 else player))
            state.apply_action(text)
    raise RuntimeError("no kot seed reached the wanted position")


def base_ray_ready(state) -> bool:
    """Ann's Heart die with Healing Ray on offer while her Mimic copies another card."""
    m = state.monsters[0]
    return (m.copy is not None and "healing-ray" in m.cards and state.node[2] == "heart"
            and any(t.startswith("heart ray ") for t in state.legal_texts()))


def base_mimic_ready(state) -> bool:
    """The start of Ann's turn: move Mimic's token (1 energy) to one of at least two cards?"""
    node = state.node
    return (node[2] == "card" and node[3].get("name") == "mimic" and state.monsters[0].copy is not None
            and len(state.legal_texts()) > 2)


def base_picture(tmp: Path) -> None:
    """kot-base-desktop.png (a Heart die with Healing Ray, Mimic copying a card) and
    kot-base-phone.png (Mimic's token to move), from rooms stored offline (base_room)."""
    db = tmp / "base.sqlite3"
    base_room(db, "ann-ray", "kotray", base_ray_ready)
    base_room(db, "ann-mimic", "kotmimic", base_mimic_ready)
    server = Server(db)
    try:
        with sync_playwright() as p:
            browser = launch(p)
            desktop = browser.new_page(viewport=DESKTOP)
            shot(desktop, server.url + "/play/kotray?token=ann-ray", "kot-base-desktop.png", full=True)
            phone = browser.new_page(viewport=PHONE)
            shot(phone, server.url + "/play/kotmimic?token=ann-mimic", "kot-base-phone.png")
            browser.close()
    finally:
        server.stop()


def crisis_format_ready(view) -> bool:
    """The person's Main Phase a few rounds in: a Crisis Storyline past Chapter 1, units of
    both players and of the opponent on the Map, cards in hand and something to attack."""
    obs = view["observation"]
    crises = [e for e in obs["map"] if e["crisis"] and e["type"] == "storyline"]
    units = [e for e in obs["map"] if e["type"] not in ("location", "storyline")]
    return (obs["node"]["kind"] == "main" and any((e["chapter"] or 0) >= 2 for e in crises)
            and {0, 1, -1} <= {e["controller"] for e in units}
            and len(obs["hand"] or []) >= 3 and any(t.startswith("attack ") for t in view["legal"]))


def storyline_ready(view) -> bool:
    """The person's Main Phase in a 3-player game: units of every player on the Map, a
    Storyline in play, Story Points scored, cards in hand and something to attack."""
    obs = view["observation"]
    units = [e for e in obs["map"] if e["type"] not in ("location", "storyline")]
    return (obs["node"]["kind"] == "main" and {0, 1, 2} <= {e["controller"] for e in units}
            and any(e["type"] == "storyline" for e in obs["map"]) and any(p["story"] for p in obs["players"])
            and len(obs["hand"] or []) >= 3 and any(t.startswith("attack ") for t in view["legal"]))


def storyline_picture(tmp: Path, game: str, seeds: range, ready, pictures: tuple[str, str]) -> None:
    """The phone and desktop pictures of a ``game`` room (crisis-format: two players; storyline:
    three), the person's moves by a seeded generator, heuristic bots, from a server in this
    process; the first seed of ``seeds`` reaching ``ready`` is used (printed)."""
    server = ThreadServer(tmp / f"{game}.sqlite3")
    try:
        client = httpx.Client(base_url=server.url, timeout=60)
        bots = 1 if game == "crisis-format" else 2
        for seed in seeds:
            room = client.post("/api/rooms", json={
                "game": game, "seed": seed, "players": bots + 1,
                "seats": [{"kind": "human", "name": "Ann"}] + [{"kind": "bot", "agent": "heuristic"}] * bots}).json()
            try:
                play_until(client, room["room"], room["seats"][0]["token"], random.Random(seed), ready, limit=300)
            except RuntimeError:
                continue
            print(f"{game} picture: room seed", seed)
            break
        else:
            raise RuntimeError(f"no {game} seed reached the wanted position")
        with sync_playwright() as p:
            browser = launch(p)
            link = server.url + room["seats"][0]["link"]
            phone = browser.new_page(viewport=PHONE)
            shot(phone, link, pictures[1], before=lambda pg: pg.evaluate("window.scrollTo(0, 0)"))
            desktop = browser.new_page(viewport=DESKTOP)
            shot(desktop, link, pictures[0], full=True)
            browser.close()
    finally:
        server.stop()


RULES_SEARCH = "rapid healing"
"""What the rules picture types into the rules page's search box (kot-dark)."""
PLAYER = "Ann"
PLAYER_GAMES = (("kot-dark", "the-king,kraken"), ("kot-dark", "cyber-bunny,gigazaur"),
                ("kot-dark", "kraken,meka-dragon"), ("kot-godzilla", "godzilla,mothra"))
"""The finished games of the statistics picture: two seats, PLAYER in the first with that
monster, a random bot in the second."""
ADMIN_SEED = 12


def play_to_end(client, room, token, rng, limit=5000) -> None:
    """Play the person's seat with random legal actions (resolving the Smash first, staying
    in Tokyo) until the game is over."""
    for _ in range(limit):
        view = seat_view(client, room, token)
        if view["status"] == "finished":
            return
        if not view["your_turn"]:
            time.sleep(0.02)
            continue
        legal = view["legal"]
        choice = next((p for p in ("resolve smash", "stay") if p in legal), None) or rng.choice(legal)
        client.post(f"/api/rooms/{room}/actions", json={"token": token, "action": choice, "version": view["version"]})
    raise RuntimeError("the game did not end")


def rules_picture(page, url: str, name: str) -> None:
    """The kot-dark rules page with RULES_SEARCH typed into its search box, as a person types it."""
    def typed(pg):
        pg.locator("#rules-q").press_sequentially(RULES_SEARCH, delay=20)
        pg.wait_for_function("document.getElementById('rules-count').textContent !== ''")
        pg.evaluate("window.scrollTo(0, 0)")
    shot(page, url + "/rules/kot-dark", name, ready="#rules-q", before=typed)


def admin_pictures(browser, client, url: str) -> None:
    """room-admin-*.png: the creator's panel of a seeded kot-dark room for two people (Ann,
    Ben) and a heuristic bot, the creator playing seat 0 at its first decision, Ben away and
    a random bot standing in for him. The browser is given the creator's token and the seat
    links as the lobby gives them (common.js rememberRoom)."""
    for name, viewport in (("room-admin-desktop.png", DESKTOP), ("room-admin-phone.png", PHONE)):
        if name not in WANTED:
            continue
        room = client.post("/api/rooms", json={
            "game": "kot-dark", "seed": ADMIN_SEED, "seats": [{"kind": "human", "name": PLAYER},
                                                              {"kind": "human", "name": "Ben"},
                                                              {"kind": "bot", "agent": "heuristic"}]}).json()
        links = {s["seat"]: s["link"] for s in room["seats"] if s.get("link")}
        context = browser.new_context(viewport=viewport)
        page = context.new_page()
        page.set_default_timeout(60_000)
        page.goto(url + "/")
        page.evaluate("([room, token, links]) => import('/static/common.js').then((c) => c.rememberRoom("
                      "{ room, token, links, title: 'King of Tokyo: Dark Edition' }))",
                      [room["room"], room["creator_token"], links])
        page.goto(url + links[0])
        row = page.locator("#admin .admin-seat[data-seat='1']")
        row.locator("select").select_option("random")
        row.locator("button[data-admin=stand-in]").click()
        page.wait_for_selector("#admin .admin-seat[data-seat='1'][data-state='stand-in']")
        page.wait_for_selector("body[data-your-turn='1']:not([data-busy])")
        page.wait_for_timeout(600)
        if viewport is PHONE:  # below the board on a phone: scrolled to; beside it on a desktop
            page.locator("#admin").evaluate("(box) => box.scrollIntoView({ block: 'start' })")
        page.screenshot(path=str(OUT / name))
        print("wrote", OUT / name)
        context.close()


def pages_pictures(tmp: Path) -> None:
    """rules-*.png, players-*.png and room-admin-*.png, from a server of their own."""
    server = Server(tmp / "pages.sqlite3")
    try:
        client = httpx.Client(base_url=server.url, timeout=60)
        if WANTED & {"players-desktop.png", "players-phone.png"}:
            rng = random.Random(9)
            for seed, (game, monsters) in enumerate(PLAYER_GAMES, start=21):
                room = client.post("/api/rooms", json={
                    "game": game, "seed": seed, "players": 2, "options": {"monsters": monsters},
                    "seats": [{"kind": "human", "name": PLAYER}, {"kind": "bot", "agent": "random"}]}).json()
                play_to_end(client, room["room"], room["seats"][0]["token"], rng)
        with sync_playwright() as p:
            browser = launch(p)
            for name, viewport in (("rules-desktop.png", DESKTOP), ("rules-phone.png", PHONE)):
                rules_picture(browser.new_page(viewport=viewport), server.url, name)
            for name, viewport in (("players-desktop.png", DESKTOP), ("players-phone.png", PHONE)):
                shot(browser.new_page(viewport=viewport), f"{server.url}/players/{PLAYER}", name,
                     ready="#recent table, #recent p", full=True)
            admin_pictures(browser, client, server.url)
            browser.close()
    finally:
        server.stop()


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    wanted = set(sys.argv[1:]) or set(PICTURES)
    WANTED.clear()
    WANTED.update(wanted)
    unknown = wanted - set(PICTURES)
    if unknown:
        raise SystemExit(f"no picture {', '.join(sorted(unknown))}; pictures: {', '.join(PICTURES)}")
    with tempfile.TemporaryDirectory() as tmp:
        if wanted & GODZILLA_PICTURES:
            godzilla_picture(Path(tmp))
        if wanted & BASE_PICTURES:
            base_picture(Path(tmp))
        if wanted & CRISIS_FORMAT_PICTURES:
            storyline_picture(Path(tmp), "crisis-format", range(CRISIS_FORMAT_SEED, CRISIS_FORMAT_SEED + 40),
                              crisis_format_ready, ("crisis-format-desktop.png", "crisis-format-phone.png"))
        if wanted & STORYLINE_PICTURES:
            storyline_picture(Path(tmp), "storyline", range(STORYLINE_SEED, STORYLINE_SEED + 40),
                              storyline_ready, ("storyline-desktop.png", "storyline-phone.png"))
        if wanted & PAGE_PICTURES:
            pages_pictures(Path(tmp))
        if not wanted - GODZILLA_PICTURES - BASE_PICTURES - CRISIS_FORMAT_PICTURES - STORYLINE_PICTURES - PAGE_PICTURES:
            return
        server = Server(Path(tmp) / "games.sqlite3")
        try:
            client = httpx.Client(base_url=server.url, timeout=60)
            rng = random.Random(5)
            if True:  # the other pictures are made together (they share the person's generator)
                # King of Tokyo: four monsters, a few turns in, the person about to reroll
                kot = client.post("/api/rooms", json={
                    "game": "kot-dark", "seed": 11, "seats": [{"kind": "human", "name": "Ann"},
                                                                {"kind": "bot", "agent": "heuristic"},
                                                                {"kind": "bot", "agent": "heuristic"},
                                                                {"kind": "bot", "agent": "random"}]}).json()
                kot_token = kot["seats"][0]["token"]
                play_until(client, kot["room"], kot_token, rng,
                           lambda v: v["observation"]["turn"] >= 9 and v["observation"]["node"]["kind"] == "roll"
                           and v["observation"]["rolls_used"] == 1, prefer=("resolve smash",))
                # Crisis: Tokyo: three players, a combat (desktop) and a turn in progress (phone)
                crisis = crisis_game(client, crisis_conflict, prefer=("defend",)) \
                    if "crisis-desktop.png" in WANTED else None
                crisis_phone = crisis_game(client, crisis_turn) if "crisis-phone.png" in WANTED else None
                # a finished game to replay: bots only
                done = client.post("/api/rooms", json={
                    "game": "kot-dark", "seed": 8,
                    "seats": [{"kind": "bot", "agent": "heuristic"}, {"kind": "bot", "agent": "heuristic"},
                              {"kind": "bot", "agent": "random"}]}).json()
                end = time.monotonic() + 300
                while client.get(f"/api/rooms/{done['room']}").json()["status"] != "finished":
                    assert time.monotonic() < end, "the bot game did not end"
                    time.sleep(0.1)

            with sync_playwright() as p:
                browser = launch(p)
                desktop = browser.new_page(viewport=DESKTOP)
                phone = browser.new_page(viewport=PHONE)
                shot(desktop, server.url + "/", "lobby.png", ready="#finished .room-item, #finished p")
                kot_url = server.url + kot["seats"][0]["link"]
                # the phone first: the desktop picture rerolls
                shot(phone, kot_url, "kot-phone.png", before=lambda pg: (keep_two(pg), pg.evaluate("window.scrollTo(0, 0)")))
                shot(desktop, kot_url, "kot-desktop.png", full=True, before=keep_two_and_reroll)
                if crisis:
                    shot(desktop, server.url + crisis["seats"][0]["link"], "crisis-desktop.png", full=True)
                if crisis_phone:
                    shot(phone, server.url + crisis_phone["seats"][0]["link"], "crisis-phone.png",
                         before=lambda pg: pg.evaluate("window.scrollTo(0, 0)"))

                def middle(pg):
                    pg.click("#open-replay")
                    slider = pg.locator("#replay-slider")
                    slider.fill(str(int(slider.get_attribute("max")) * 2 // 3))
                    pg.wait_for_timeout(1600)  # the dice and numbers that changed settle first
                    pg.evaluate("window.scrollTo(0, 0)")
                shot(desktop, server.url + done["spectator_link"], "replay.png", before=middle)
                browser.close()
        finally:
            server.stop()


if __name__ == "__main__":
    main()
