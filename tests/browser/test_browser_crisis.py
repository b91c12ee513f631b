"""The Crisis: Tokyo view (views/crisis.js) in a real chromium: every choice in words
(every decision kind of docs/notation.md, then many random decisions played through the
page), the end of a game, a phone's first screen, the Conflict as a face-off, the
Districts as a board, the hand's halves lit by their buttons, card text on hover and tap,
the turn bar."""

import random
import re
import time

import httpx
import pytest
from playwright.sync_api import expect

from browserhelpers import PHONE, Server
from tokyo.core import load_game
from tokyo.core.runner import sample_chance

GAME = "crisis-tokyo"
LIMIT = 3000
"""Most decisions a test plays over the API to reach a position (a guard, not a measure)."""

DECISIONS = {("action", None), ("resources", None), ("choose-deck", None), ("discard", None), ("reserve-limit", None),
             ("wild", None), ("send", None), ("attack-power", None), ("defend", None), ("deploy", None),
             ("defend-power", None), ("manoeuvre", None)} | {("effect", name) for name in (
                 "gift-host", "spheres", "spheres-power", "destroy", "to_hand", "from-discard", "portal-half",
                 "deploy-hand", "deploy-reserve", "change-power", "recruit")}
"""Every decision of crisis-tokyo (docs/notation.md): node kind, and for ``effect`` its name."""

_game = load_game(GAME, 2)
CARD_IDS = set(_game.cards["character"]) | set(_game.cards["event"]) | set(_game.cards["district"])
VERBS = ("draw", "recruit", "play", "talent", "attack", "end", "skip", "discard", "destroy", "power", "send", "done",
         "defend", "decline", "deploy", "pass", "host", "target", "take", "half", "none")


def raw_reasons(label: str, text: str) -> list[str]:
    """Why a button's words would be notation rather than words (empty: they are words)."""
    out = []
    if label.strip() == text:
        out.append("it is the action text")
    for word in re.findall(r"(?<![\w'])[a-z0-9]+(?:-[a-z0-9]+)+(?![\w'])", label):
        out.append(f"it names the id {word}")
    for word in re.findall(r"\b[a-z][a-z0-9-]*\b", label):
        if word in CARD_IDS:
            out.append(f"it names the id {word}")
    if re.search(r"#\d|^\d|\b(?:%s) \d" % "|".join(VERBS), label):
        out.append("it shows a bare number (a uid, an index)")
    if re.fullmatch(r"(?:%s)(?: [a-z0-9-]+)*" % "|".join(VERBS), label):
        out.append("it is lower-case notation")
    if not re.search(r"[A-Z][a-z]", label):
        out.append("it has no word starting with a capital")
    if "undefined" in label or "null" in label or "NaN" in label or "[object" in label:
        out.append("it shows a missing value")
    return out


def decision_samples(per_kind: int = 4, games: int = 300) -> dict:
    """(kind, effect name) -> up to ``per_kind`` of (observation of the deciding seat, legal
    texts, seat), from seeded random games of the engine (Events, Talents and attacks
    preferred, so that card effects come up), until every decision of DECISIONS is seen."""
    out: dict = {}
    for g in range(games):
        rng = random.Random(g)
        state = load_game(GAME, 3, resources=(g % 2 == 1), turn_limit=60).new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(sample_chance(state, rng))
                continue
            seat = state.current_player()
            obs = state.observation(seat)
            legal = state.legal_texts()
            node = obs["node"]
            key = (node["kind"], node["data"].get("name") if node["kind"] == "effect" else None)
            if len(out.setdefault(key, [])) < per_kind:
                out[key].append({"observation": obs, "legal": legal, "seat": seat})
            keen = [t for t in legal if t.split()[0] in ("play", "talent", "attack", "recruit", "defend", "deploy")]
            state.apply_action(rng.choice(keen) if keen and rng.random() < 0.7 else rng.choice(legal))
        if DECISIONS <= set(out) and all(len(v) >= per_kind for v in out.values()):
            break
    return out


# ----- playing over the API to reach a position ---------------------------------------------------
def new_room(client, seed, bots=("heuristic", "heuristic"), options=None, name="Ann"):
    return client.post("/api/rooms", json={"game": GAME, "seed": seed, "options": options or {},
                                           "seats": [{"kind": "human", "name": name}]
                                           + [{"kind": "bot", "agent": a} for a in bots]}).json()


def play_until(client, room, rng, done, prefer=()):
    """Play seat 0 of ``room`` with random legal actions (``prefer`` first) until ``done(view)``
    holds at one of its decisions or at the end; returns that view (None: the game ended
    without it)."""
    token = room["seats"][0]["token"]
    give_up = time.monotonic() + 300  # a guard against a hang, not a speed check
    for _ in range(LIMIT):
        assert time.monotonic() < give_up, "the wanted position did not come"
        view = client.get(f"/api/rooms/{room['room']}/seat/{token}").json()
        if view["status"] == "finished":
            return view if done(view) else None
        if not view["your_turn"]:
            time.sleep(0.01)
            continue
        if done(view):
            return view
        legal = view["legal"]
        choice = next((t for p in prefer for t in legal if t == p or t.startswith(p + " ")), None) or rng.choice(legal)
        client.post(f"/api/rooms/{room['room']}/actions", json={"token": token, "action": choice,
                                                               "version": view["version"]})
    raise AssertionError("the wanted position did not come")


def reach(server, seeds, done, prefer=(), **room_args):
    """The first of ``seeds`` whose game reaches ``done``: (room, view)."""
    client = httpx.Client(base_url=server.url, timeout=60)
    for seed in seeds:
        room = new_room(client, seed, **room_args)
        view = play_until(client, room, random.Random(seed), done, prefer)
        if view is not None:
            return room, view
    raise AssertionError(f"no game of seeds {list(seeds)} reached the position")


def open_seat(page, server, room):
    page.goto(server.url + room["seats"][0]["link"])
    page.wait_for_selector("body[data-version] .ct")

def asks_first_then_sends(page, button, confirm, label, version, says, yes):
    """A click on ``button`` asks first (``confirm`` shows ``says``, the button reads ``yes``)
    and sends nothing; "No" closes the question and gives the button its ``label`` back; asked
    again and confirmed, the action is sent (the page's version moves on)."""
    button.click()
    expect(confirm).to_be_visible()
    for words in says:
        expect(confirm).to_contain_text(words)
    expect(button).to_have_text(yes)
    assert page.evaluate("document.body.dataset.version") == version, "the first click sent the action"
    # "No": the question goes, the choice is open again
    page.locator("#ct-confirm-no").click()
    expect(confirm).to_have_count(0)
    expect(button).to_have_text(label)
    # asked again, then confirmed: sent
    button.click()
    expect(confirm).to_be_visible()
    button.click()
    page.wait_for_function(f"document.body.dataset.version !== '{version}'")



def node(view):
    return (view["observation"]["node"] or {}).get("kind")


def hand_live(view):
    """The seat is to decide and some legal text plays a card of its hand."""
    hand = set(view["observation"]["hand"] or [])
    return any(t.split(" ")[0] in ("play", "recruit", "send") and t.split(" ")[1] in hand for t in view["legal"])


# ----- every choice in words ------------------------------------------------------------------------
def test_every_decision_kind_gets_words_with_card_names(page, server):
    """The view's label for every legal text of every decision kind of docs/notation.md
    (sampled from engine games), through the page's own module and catalogue."""
    samples = decision_samples()
    assert DECISIONS <= set(samples), sorted(DECISIONS - set(samples))
    client = httpx.Client(base_url=server.url, timeout=60)
    open_seat(page, server, new_room(client, 1))
    cases = [dict(s, kind=k[0], name=k[1]) for k, v in samples.items() for s in v]
    labels = page.evaluate("""async (cases) => {
        const view = await import('/static/views/crisis.js');
        const list = await (await fetch('/api/games/crisis-tokyo/cards')).json();
        const cards = Object.fromEntries(list.map((c) => [c.id, c]));
        return cases.map((c) => {
          const ctx = { observation: c.observation, cards, seat: c.seat, legal: c.legal, options: {},
                        seatName: (s) => `Seat ${s}`, finished: false };
          return { title: view.promptTitle(ctx), labels: c.legal.map((t) => [t, view.label(t, ctx)]) };
        });
    }""", cases)
    bad = []
    for case, got in zip(cases, labels):
        assert got["title"] not in ("Your choices", ""), case["kind"]
        for text, words in got["labels"]:
            reasons = raw_reasons(words, text)
            if reasons:
                bad.append(f"{case['kind']}/{case['name']}: {text!r} -> {words!r}: {', '.join(reasons)}")
    assert not bad, "\n".join(bad)
    # a card's name is in the words of every choice that names a card
    names = {c["id"]: c["name"] for c in client.get(f"/api/games/{GAME}/cards").json()}
    for case, got in zip(cases, labels):
        for text, words in got["labels"]:
            verb, *args = text.split(" ")
            if verb in ("recruit", "send", "attack", "take", "discard") and args and args[0] in CARD_IDS:
                halves = [n for k, n in names.items() if k == args[0] or k.startswith(args[0] + ":")]
                assert any(n in words for n in halves), (text, words)


def test_many_random_decisions_through_the_page_all_in_words(page, server):
    """Seat 0 plays random buttons of the page (prompt and board) for many decisions against
    two random bots; every enabled action button's words are checked on the way."""
    client = httpx.Client(base_url=server.url, timeout=60)
    room = new_room(client, 5, bots=("random", "random"), options={"districts_to_win": 5, "resources": True})
    open_seat(page, server, room)
    rng = random.Random(5)
    seen = set()
    checked = 0
    for _ in range(140):
        page.wait_for_function("document.body.dataset.yourTurn === '1' || document.body.dataset.status === 'finished'")
        if page.evaluate("document.body.dataset.status") == "finished":
            break
        root = page.locator(".ct")
        seen.add((root.get_attribute("data-node"), root.get_attribute("data-effect") or None))
        live = "#prompt:not([hidden]) button[data-action]:enabled, #board button[data-action]:enabled"
        buttons = page.locator(live)
        pairs = buttons.evaluate_all("bs => bs.map((b) => [b.dataset.action, b.innerText])")
        assert pairs, "no action button at a decision"
        for text, words in pairs:
            assert not raw_reasons(words, text), (text, words, raw_reasons(words, text))
        checked += len(pairs)
        texts = [t for t, _ in pairs]
        keen = [i for i, t in enumerate(texts) if t.split(" ")[0] in ("play", "talent", "attack", "recruit", "defend")]
        pick = rng.choice(keen) if keen and rng.random() < 0.6 else rng.randrange(len(texts))
        before = int(page.evaluate("document.body.dataset.version"))
        buttons.nth(pick).click()
        if page.locator("#ct-confirm").count():  # a power or an attack that cannot level the District asks first
            page.locator("button[data-armed]").click()
        page.wait_for_function(f"Number(document.body.dataset.version) > {before} && !document.body.dataset.busy")
    assert checked > 300 and len(seen) >= 8, (checked, sorted(seen, key=str))


# ----- the end, the phone --------------------------------------------------------------------------
def test_finished_game_shows_the_result_and_no_seat_playing(page, server):
    room, view = reach(server, range(30, 40), lambda v: v["status"] == "finished" and v["winners"],
                       bots=("random",), options={"districts_to_win": 1})
    winner = view["winners"][0]
    open_seat(page, server, room)
    result = page.locator("#ct-result")
    expect(result).to_be_visible()
    expect(result).to_contain_text("wins")
    expect(page.locator("#board .ct-playing")).to_have_count(0)
    expect(page.locator("#ct-actions")).to_have_count(0)
    board = page.locator("#board").inner_text()
    assert "actions left" not in board and "is playing" not in board and "are playing" not in board, board
    expect(page.locator(f".ct-mat[data-seat='{winner}'] .ct-won")).to_be_visible()
    # the District that won it lies among the levelled, marked with who levelled it
    levelled = page.locator(f".ct-levelled[data-by='{winner}']")
    expect(levelled).to_have_count(len(view["observation"]["districts"][winner]))
    expect(levelled.first).to_contain_text("levelled by")
    expect(page.locator("#status")).to_contain_text("Game over")


@pytest.mark.parametrize("where", ["action", "manoeuvre"])
def test_phone_prompt_and_hand_choices_on_the_first_screen(browser, server, where):
    """At a decision played from the hand, on a 390 px phone, the prompt and the hand's
    first live button are on the first screen, and nothing scrolls sideways."""
    want = (lambda v: node(v) == "action" and v["observation"]["turn"] >= 3 and hand_live(v)) if where == "action" \
        else (lambda v: node(v) == "manoeuvre" and hand_live(v))
    room, _ = reach(server, range(40, 60), want, prefer=("defend",))
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    try:
        open_seat(page, server, room)
        expect(page.locator("#prompt")).to_be_visible()
        if where == "manoeuvre":  # the prompt points to the hand in one line
            expect(page.locator("#prompt .ct-elsewhere-short .ct-goto")).to_be_visible()
            expect(page.locator("#prompt .ct-elsewhere-list")).to_be_hidden()
        first = page.locator("#hand button[data-action]:enabled").first
        expect(first).to_be_visible()
        screen = page.evaluate("[window.innerHeight, window.scrollY, document.documentElement.scrollWidth, window.innerWidth]")
        height, scrolled, wide, width = screen
        assert wide <= width, f"the page is {wide} px wide on a {width} px screen"
        for name, box in (("prompt", page.locator("#prompt").bounding_box()), ("hand button", first.bounding_box())):
            assert 0 <= box["y"] and box["y"] + box["height"] <= height, (name, box, scrolled)
        assert scrolled < 5, "the page had to scroll to show them"
    finally:
        context.close()


# ----- look and feel --------------------------------------------------------------------------------
def test_hand_buttons_sit_on_the_half_they_play_and_light_it(page, server):
    room, view = reach(server, range(60, 80), lambda v: node(v) == "action" and hand_live(v)
                       and any(t.startswith("recruit ") for t in v["legal"]))
    open_seat(page, server, room)
    recruit = next(t for t in view["legal"] if t.startswith("recruit "))
    card = page.locator(f"#hand .ct-dcard[data-card='{recruit.split()[1]}']")
    button = card.locator(f"button[data-action='{recruit}']")
    hero = card.locator(".ct-half[data-half=hero]")
    threat = card.locator(".ct-half[data-half=threat]")
    expect(hero.locator(f"button[data-action='{recruit}']")).to_have_count(1)
    expect(hero).not_to_have_class(re.compile(r"\blit\b"))
    button.hover()
    expect(hero).to_have_class(re.compile(r"\blit\b"))
    expect(threat).not_to_have_class(re.compile(r"\blit\b"))
    page.mouse.move(0, 0)
    expect(hero).not_to_have_class(re.compile(r"\blit\b"))
    button.focus()
    expect(hero).to_have_class(re.compile(r"\blit\b"))
    # every hand button is inside the half its text plays (an Event's half a or b)
    for text in view["legal"]:
        verb, *rest = text.split(" ")
        if verb == "play":
            cid, which = rest
            expect(page.locator(f"#hand .ct-dcard[data-card='{cid}'] .ct-half[data-half='{which}'] "
                                f"button[data-action='{text}']")).to_have_count(1)


def test_card_text_on_hover_and_tap(page, server, browser):
    room, view = reach(server, range(80, 90), lambda v: node(v) == "action")
    cards = {c["id"]: c for c in httpx.get(server.url + f"/api/games/{GAME}/cards").json()}
    open_seat(page, server, room)
    tip = page.locator("#ct-tip")
    first = view["observation"]["hand"][0]
    name = page.locator(f"#hand .ct-dcard[data-card='{first}'] .ct-half .ct-ref").first
    key = name.get_attribute("data-ref")
    name.hover()
    expect(tip).to_be_visible()
    expect(tip).to_contain_text(cards[key]["name"])
    expect(tip).to_contain_text(re.sub(r"^\[[^\]]*\]\s*", "", cards[key]["text"])[:40])
    page.mouse.move(0, 0)
    expect(tip).to_be_hidden()
    # a District's name, by keyboard
    district = view["observation"]["tokyo"][0]
    page.locator(f"#districts [data-district='{district}'] .ct-ref").focus()
    expect(tip).to_contain_text(cards[district]["text"][:30])
    page.keyboard.press("Escape")
    expect(tip).to_be_hidden()
    # a tap on a phone shows it, a second tap hides it
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    phone = context.new_page()
    try:
        open_seat(phone, server, room)
        ref = phone.locator(f"#districts [data-district='{district}'] .ct-ref")
        ref.scroll_into_view_if_needed()
        ref.tap()
        expect(phone.locator("#ct-tip")).to_be_visible()
        expect(phone.locator("#ct-tip")).to_contain_text(cards[district]["name"])
        box = phone.locator("#ct-tip").bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], box
        ref.tap()
        expect(phone.locator("#ct-tip")).to_be_hidden()
    finally:
        context.close()


def test_conflict_face_off_shows_both_totals_and_the_superior_power(page, server):
    def combat(v):
        c = v["observation"]["conflict"] or {}
        return node(v) == "manoeuvre" and c.get("totals") is not None and c.get("superior") is not None
    room, view = reach(server, range(90, 130), combat, prefer=("defend",))
    c = view["observation"]["conflict"]
    open_seat(page, server, room)
    face = page.locator("#conflict")
    expect(face.locator("[data-total=att]")).to_have_text(str(c["totals"][0]))
    expect(face.locator("[data-total=def]")).to_have_text(str(c["totals"][1]))
    superior, other = (c["superior"], "def" if c["superior"] == "att" else "att")
    expect(face.locator(f".ct-side[data-side={superior}]")).to_have_class(re.compile(r"\bsuperior\b"))
    expect(face.locator(f".ct-side[data-side={superior}] .ct-sup-badge")).to_be_visible()
    expect(face.locator(f".ct-side[data-side={other}] .ct-sup-badge")).to_have_count(0)
    # the Dragon: the arrow from the superior power to the other is the one drawn live
    expect(face.locator(".ct-dragon .ct-arrow.live")).to_have_count(1)
    expect(face.locator(".ct-dragon .ct-arrow")).to_have_count(10)
    names = {"martial": "Martial arts", "tech": "Technological weapons", "monster": "Monstrous attributes",
             "fire": "Firepower", "mystic": "Mystic powers"}
    win, lose = (c["att_power"], c["def_power"]) if superior == "att" else (c["def_power"], c["att_power"])
    expect(face.locator(".ct-verdict")).to_contain_text(f"{names[win]} is superior to {names[lose]}")
    if c["superiority"][0 if superior == "att" else 1]:
        expect(face.locator(f".ct-side[data-side={superior}] .ct-sup-tag")).to_contain_text("Superiority")
    # both sides' Characters, by name
    for side in ("att", "def"):
        for inst in c[side]:
            expect(face.locator(f".ct-side[data-side={side}] [data-uid='{inst['uid']}']")).to_contain_text(inst["name"])


def test_turn_bar_plot_reserves_and_actions_left(page, server):
    def busy(v):
        o = v["observation"]
        return node(v) == "action" and o["plot"] and any(o["reserves"])
    room, view = reach(server, range(130, 160), busy, prefer=("play",))
    o = view["observation"]
    cards = {c["id"]: c for c in httpx.get(server.url + f"/api/games/{GAME}/cards").json()}
    open_seat(page, server, room)
    expect(page.locator("#ct-actions")).to_contain_text(f"{o['actions_left']} action")
    expect(page.locator("#ct-actions .ct-pip.on")).to_have_count(o["actions_left"])
    expect(page.locator("#ct-turn")).to_contain_text("You are playing")
    plot = cards[f"{o['plot']['card']}:{o['plot']['half']}"]
    expect(page.locator("#plot")).to_contain_text(plot["name"])
    for seat, reserve in enumerate(o["reserves"]):
        mat = page.locator(f".ct-mat[data-seat='{seat}']")
        expect(mat).to_contain_text(f"Reserve ({len(reserve)} of 3 Heroes)")
        for inst in reserve:
            expect(mat.locator(f"[data-uid='{inst['uid']}']")).to_contain_text(inst["name"])
    expect(page.locator(f".ct-mat[data-seat='{o['active']}'] .ct-playing")).to_be_visible()
    expect(page.locator("#districts .ct-district[data-district]")).to_have_count(sum(1 for d in o["tokyo"] if d))


# ----- what a newcomer asked for: every choice says what it does ---------------------------------
PLAIN_TOKYO = ["harajuku", "roppongi", "ueno", "odaiba", "tsukiji"]


def built(players=2, options=None, moves=(), **kwargs):
    """A position built directly (tokyo.games.crisis.position), every question asked, then
    ``moves`` played: the exact situations the view must put into words."""
    from tokyo.games.crisis.position import build_position
    kwargs.setdefault("tokyo", list(PLAIN_TOKYO))
    state = build_position(load_game(GAME, players, ask_always=True, **(options or {})), **kwargs)
    for text in moves:
        state.apply_action(text)
    return state


def drawn(page, state, seat, options=None, names=None):
    """Draw ``state`` as ``seat`` sees it with the page's own view module (in a box of its own,
    apart from the live board): the prompt's title, the words of every legal text, the texts
    the board places, and the board's text; the board stays in #harness. ``names``: the seats'
    words, as the page's seatName gives them (else "Seat N", N from 0)."""
    return page.evaluate("""async ({obs, legal, seat, options, names}) => {
        const view = await import('/static/views/crisis.js');
        const list = await (await fetch('/api/games/crisis-tokyo/cards')).json();
        const cards = Object.fromEntries(list.map((c) => [c.id, c]));
        const placed = new Set();
        const ctx = { observation: obs, legal, interactive: true, cards, placed, state: {}, finished: false, log: [],
                      seat, seats: [], options, seatName: (s) => (names ? names[s] : `Seat ${s}`), isLegal: (t) => legal.includes(t),
                      act: () => {}, redraw: () => {}, label: (t) => view.label(t, ctx),
                      button(text, words, attrs = {}) {
                        if (legal.includes(text)) placed.add(text);
                        const b = document.createElement('button');
                        b.type = 'button'; b.dataset.action = text; b.textContent = words || text;
                        b.className = attrs.class || '';
                        return b;
                      } };
        let box = document.getElementById('harness');
        if (!box) { box = document.createElement('div'); box.id = 'harness'; document.body.append(box); }
        box.replaceChildren(view.draw(ctx));
        const rest = legal.filter((t) => !placed.has(t));
        box.append(view.promptBody(ctx, rest));
        return { title: view.promptTitle(ctx), labels: Object.fromEntries(legal.map((t) => [t, view.label(t, ctx)])),
                 placed: [...placed], text: box.innerText };
    }""", {"obs": state.observation(seat), "legal": state.legal_texts() if state.current_player() == seat else [],
           "seat": seat, "options": options or {}, "names": names})


@pytest.fixture
def table(page, server):
    """A page of the game served, to draw positions with its view module; its room is ended
    afterwards, so that a module of such tests stays under the server's rooms per client."""
    room = new_room(httpx.Client(base_url=server.url, timeout=60), 1)
    open_seat(page, server, room)
    yield page
    httpx.post(f"{server.url}/api/rooms/{room['room']}/admin/{room['creator_token']}/end", timeout=60)


def test_a_gift_says_what_it_gives_and_what_that_does_now(table):
    # out of a Conflict: the Gift's spheres, and the spheres its host then has
    state = built(hands=[["overclock-the-reactor"], []], reserves=[[{"card": "kind-alien"}], []])
    got = drawn(table, state, 0)["labels"]
    assert got["play overclock-the-reactor b"] == "Play Prototype Power Armour (+2 Technological weapons) on a Hero"
    state.apply_action("play overclock-the-reactor b")
    uid = state.reserves[0][0]["uid"]
    got = drawn(table, state, 0)
    assert got["labels"][f"host {uid}"] == ("Give Prototype Power Armour (+2 Technological weapons) to Kind Alien, your "
                                           "Hero: it then has 3 Technological weapons and 1 Mystic powers")
    # in a Conflict where the host's side fights with another power: it adds nothing now
    state = built(hands=[["overclock-the-reactor"], ["master-of-the-eagles-claw"]],
                  reserves=[[{"card": "kind-alien"}], []], active=1,
                  moves=["attack harajuku", "send master-of-the-eagles-claw", "power martial", "defend"])
    uid = state.reserves[0][0]["uid"]
    for text in (f"deploy {uid}", "power mystic", "play overclock-the-reactor b"):
        state.apply_action(text)
    got = drawn(table, state, 0)["labels"][f"host {uid}"]
    assert got.startswith("Give Prototype Power Armour (+2 Technological weapons) to Kind Alien, your Hero")
    assert got.endswith("your side fights with Mystic powers, so this adds nothing now"), got
    # a Gift with a Talent names it
    state = built(hands=[["dimensional-portal"], []], reserves=[[{"card": "kind-alien"}], []])
    assert drawn(table, state, 0)["labels"]["play dimensional-portal b"] == \
        "Play Bottomless Pocket-Dimension Backpack (+1 Technological weapons and the Talent Rummage Around) on a Hero"


def test_a_hand_cards_whole_text_opens_with_a_tap_on_a_phone(browser, server):
    room, view = reach(server, range(80, 90), lambda v: node(v) == "action")
    cards = {c["id"]: c for c in httpx.get(server.url + f"/api/games/{GAME}/cards").json()}
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    phone = context.new_page()
    try:
        open_seat(phone, server, room)
        cut = phone.locator("#hand .ct-half-text.clamped")
        expect(cut.first).to_be_visible()
        box = cut.first
        key = box.get_attribute("data-text")
        box.scroll_into_view_if_needed()
        box.tap()
        opened = phone.locator(f"#hand .ct-half-text[data-text='{key}']")
        expect(opened).to_have_class(re.compile(r"\bopen\b"))
        expect(opened).to_have_attribute("aria-expanded", "true")
        height, full = opened.evaluate("(t) => [t.clientHeight, t.scrollHeight]")
        assert full <= height + 1, "the whole text is not shown"
        text = re.sub(r"^\[[^\]]*\]\s*", "", cards[key]["text"])
        assert text in opened.inner_text()
        # a second tap closes it again
        opened.tap()
        expect(opened).not_to_have_class(re.compile(r"\bopen\b"))
        expect(opened).to_have_class(re.compile(r"\bclamped\b"))
    finally:
        context.close()


def test_power_choices_say_the_totals_they_would_give(table):
    # the defender (seat 1) chooses its power: Iron Salaryman Mk. II against Martial arts
    state = built(hands=[["master-of-the-eagles-claw"], ["sudden-plot-twist"]],
                  reserves=[[], [{"card": "giant-mutant-salaryman"}]],
                  moves=["attack harajuku", "send master-of-the-eagles-claw", "power martial", "defend"])
    state.apply_action(f"deploy {state.reserves[1][0]['uid']}")
    what_if = state.observation(1)["conflict"]["what_if"]["totals"]
    got = drawn(table, state, 1)["labels"]
    for power, (att, dfn) in what_if.items():
        assert f": your {dfn} against {att}" in got[f"power {power}"], got[f"power {power}"]
    assert got["power tech"] == ("Defend with Technological weapons (3 spheres on your side, inferior to Martial arts): "
                                 "your 3 against 7")
    # Wrong Page of the Script: a new power for the enemy side, with the totals it gives
    state.apply_action("power tech")
    state.apply_action("play sudden-plot-twist b")
    what_if = state.observation(1)["conflict"]["what_if"]["totals"]
    got = drawn(table, state, 1)["labels"]
    for power, (att, dfn) in what_if.items():
        assert f": {att} against your {dfn}" in got[f"power {power}"], got[f"power {power}"]
    # Technological weapons are superior to Firepower: +2 Superiority for the defender then
    assert got["power fire"] == "The other side now fights with Firepower: 0 against your 5"


def test_an_attack_power_that_cannot_level_the_district_says_why(table):
    moves = ["attack kasumigaseki", "send master-of-the-eagles-claw"]
    state = built(hands=[["master-of-the-eagles-claw"], []], tokyo=["kasumigaseki"] + PLAIN_TOKYO[:4], moves=moves)
    got = drawn(table, state, 0)["labels"]
    assert got["power fire"] == ("Attack with Firepower (0 spheres on your side) — cannot level Kasumigaseki: only "
                                 "Technological weapons or Mystic powers can level it")
    assert got["power tech"] == "Attack with Technological weapons (0 spheres on your side; 6 needed to level Kasumigaseki)"
    # the optional rules: Brute Force levels with 8 spheres of any power, Collateral Damage with any value
    brute = built(hands=[["master-of-the-eagles-claw"], []], tokyo=["kasumigaseki"] + PLAIN_TOKYO[:4], moves=moves,
                  options={"brute_force": True})
    assert "only with 8 or more spheres (Brute Force)" in drawn(table, brute, 0, {"brute_force": True})["labels"]["power fire"]
    both = built(hands=[["master-of-the-eagles-claw"], []], tokyo=["kasumigaseki"] + PLAIN_TOKYO[:4], moves=moves,
                 options={"collateral_damage": True})
    assert "level" not in drawn(table, both, 0, {"collateral_damage": True})["labels"]["power fire"]


def test_an_attack_power_that_cannot_level_asks_before_it_is_sent(page, server):
    def at_power(v):
        if node(v) != "attack-power":
            return False
        district = _game.cards["district"][v["observation"]["conflict"]["district"]]
        return "white" not in district  # a District levelled by any power asks nothing
    room, view = reach(server, range(1, 30), at_power)
    open_seat(page, server, room)
    buttons = page.locator("#prompt button[data-action^='power ']")
    expect(buttons).to_have_count(5)
    words = buttons.evaluate_all("bs => bs.map((b) => [b.dataset.action, b.innerText])")
    text, label = next((t, w) for t, w in words if "cannot level" in w)
    power = text.split()[1]
    version = page.evaluate("document.body.dataset.version")
    button = page.locator(f"#prompt button[data-action='{text}']")
    asks_first_then_sends(page, button, page.locator("#ct-confirm"), label, version, ["cannot level"],
                          re.compile(r"^Yes, attack with .* anyway$"))
    names = {"martial": "Martial arts", "tech": "Technological weapons", "monster": "Monstrous attributes",
             "fire": "Firepower", "mystic": "Mystic powers"}
    expect(page.locator("#log")).to_contain_text(f"attacks with {names[power]}")


def test_every_part_of_each_total_is_shown(table):
    # Asakusa: the defending side adds 1 to its total
    state = built(hands=[["drunken-yakuza-karaoke-squad"], []], reserves=[[], [{"card": "retiring-in-two-days-cop"}]],
                  tokyo=["asakusa"] + PLAIN_TOKYO[:4],
                  moves=["attack asakusa", "send drunken-yakuza-karaoke-squad", "power fire", "defend"])
    state.apply_action(f"deploy {state.reserves[1][0]['uid']}")
    state.apply_action("power fire")
    c = state.observation(0)["conflict"]
    drawn(table, state, 0)
    face = table.locator("#harness #conflict")
    for side, total in (("att", c["totals"][0]), ("def", c["totals"][1])):
        expect(face.locator(f"[data-total={side}]")).to_have_text(str(total))
        parts = face.locator(f".ct-breakdown[data-side={side}] [data-part]")
        numbers = parts.evaluate_all("ps => ps.map((p) => Number(p.dataset.n))")
        assert sum(numbers) == total, (side, numbers, total)
    district = face.locator(".ct-breakdown[data-side=def] [data-part=district]")
    expect(district).to_have_text("+1 Asakusa (defender's bonus)")
    expect(face.locator(".ct-breakdown[data-side=def] [data-part=spheres]")).to_have_text("2 Fire spheres")
    expect(face.locator(".ct-breakdown[data-side=att] [data-part=district]")).to_have_count(0)


def test_the_action_prompt_offers_only_what_can_be_done(table):
    # a first turn: one action, so no attack, and the prompt says why
    state = built(hands=[["master-of-the-eagles-claw", "overclock-the-reactor"], []], actions_left=1,
                  first_turn_done=[False, True])
    title = drawn(table, state, 0)["title"]
    assert title == "Your action (1 left): draw or recruit (an attack takes 2 actions)", title
    state = built(hands=[["master-of-the-eagles-claw"], []], reserves=[[{"card": "kind-alien"}], []])
    assert drawn(table, state, 0)["title"] == "Your action (2 left): draw, recruit, use a Talent or attack"


def test_a_manoeuvre_prompt_points_to_the_cards_it_can_play(page, server):
    room, view = reach(server, range(40, 60), lambda v: node(v) == "manoeuvre" and hand_live(v), prefer=("defend",))
    open_seat(page, server, room)
    plays = [t for t in view["legal"] if t.startswith("play ")]
    links = page.locator("#prompt #ct-elsewhere .ct-elsewhere-list .ct-goto")
    expect(links).to_have_count(len([t for t in view["legal"] if t.startswith(("play ", "talent "))]))
    cards = {c["id"]: c for c in httpx.get(server.url + f"/api/games/{GAME}/cards").json()}
    for text in plays:
        _, cid, which = text.split()
        expect(links.locator(f"xpath=self::*[@data-goto='{text}']")).to_have_text(cards[f"{cid}:{which}"]["name"])
    # a link brings the card's own button into view, focused
    links.locator(f"xpath=self::*[@data-goto='{plays[-1]}']").click()
    expect(page.locator(f"#hand button[data-action='{plays[-1]}']")).to_be_focused()


# ----- issue 12: a newcomer's table -------------------------------------------------------------
def test_the_defender_is_shown_the_attacking_total_and_its_parts(table):
    # the Stuntman adds 3 Martial arts for the Master beside it: 5 spheres + 3 = 8, before any Superiority
    state = built(hands=[["stuntman-in-a-rubber-suit", "master-of-the-eagles-claw"], []],
                  moves=["attack harajuku", "send master-of-the-eagles-claw", "send stuntman-in-a-rubber-suit",
                         "power martial"])
    assert state.node[2] == "defend" and state.node[1] == 1
    got = drawn(table, state, 1)
    assert got["title"] == "Seat 0 attacks Harajuku with Martial arts, a total of 8 so far: will you defend it?"
    facts = table.locator("#harness #ct-defend-facts")
    expect(facts.locator("[data-total=att-so-far]")).to_have_text("8")
    expect(facts.locator("[data-part=spheres]")).to_have_text("5 Martial spheres")
    expect(facts.locator("[data-part=abilities]")).to_have_text("+3 from Threat abilities")
    expect(facts).to_contain_text("It gets the Superiority bonus against Technological weapons or Monstrous attributes")
    expect(facts).to_contain_text("3 needed to level Harajuku; it has 8: enough, unless you beat it")
    # the face-off and the one-line score show the number, not a dash
    face = table.locator("#harness #conflict")
    expect(face.locator("[data-total=att]")).to_have_text("8")
    expect(face.locator(".ct-side[data-side=att]")).to_contain_text("total so far")
    numbers = face.locator(".ct-breakdown[data-side=att] [data-part]").evaluate_all("ps => ps.map((p) => Number(p.dataset.n))")
    assert sum(numbers) == 8, numbers
    expect(table.locator("#harness .ct-score [data-score=att]")).to_have_text("8")
    # once the defender has chosen its power, the totals are the whole ones (Superiority in)
    state.apply_action("defend")
    state.apply_action("power tech")
    drawn(table, state, 1)
    expect(face.locator("[data-total=att]")).to_have_text(str(state.observation(1)["conflict"]["totals"][0]))
    expect(face.locator(".ct-side[data-side=att]")).not_to_contain_text("so far")


def test_a_prompt_that_opens_with_a_seat_starts_with_a_capital(table):
    # issue 12: "seat 3 (bot: heuristic) attacks Akihabara…" opened the defend question in lowercase;
    # a seat is "seat N" everywhere but at the start of a sentence, where it is "Seat N"
    state = built(hands=[["master-of-the-eagles-claw"], []],
                  moves=["attack harajuku", "send master-of-the-eagles-claw", "power martial"])
    got = drawn(table, state, 1, names=["seat 1 (bot: heuristic)", "seat 2 (Kai)"])
    assert got["title"].startswith("Seat 1 (bot: heuristic) attacks Harajuku with Martial arts"), got["title"]
    # the turn bar's "… is playing" is a sentence too; a seat named inside one keeps its small letter
    expect(table.locator("#harness .ct-turn-who")).to_have_text("Seat 1 (bot: heuristic) is playing")


def test_a_conflict_that_is_over_says_how_it_ended(table):
    # nobody defends and Harajuku falls: the reward draw is still the Conflict's last step
    state = built(hands=[["master-of-the-eagles-claw"], []],
                  moves=["attack harajuku", "send master-of-the-eagles-claw", "power martial", "decline", "pass"])
    assert state.node[2] == "choose-deck" and state.conflict is not None
    for seat, who in ((0, "you"), (1, "Seat 0")):
        got = drawn(table, state, seat)
        stage = table.locator("#harness #conflict .ct-stage")
        expect(stage).to_have_text(f"Over: {who} levelled Harajuku")
        assert "The Conflict goes on" not in got["text"]
        expect(table.locator("#harness #ct-conflict-result")).to_contain_text(f"Over: {who} levelled Harajuku.")
        expect(table.locator("#harness #conflict .ct-sup-badge")).to_have_count(0)
        expect(table.locator("#harness #conflict [data-total=att]")).to_have_text("5")
    # after a combat the totals it was resolved with stay on the table (the beaten side is gone)
    state = built(hands=[["master-of-the-eagles-claw"], []], reserves=[[], [{"card": "retiring-in-two-days-cop"}]],
                  moves=["attack harajuku", "send master-of-the-eagles-claw", "power martial", "defend"])
    for text in (f"deploy {state.reserves[1][0]['uid']}", "power fire", "pass", "pass"):
        state.apply_action(text)
    assert state.node[2] == "choose-deck" and state.conflict["def"] == []
    drawn(table, state, 1)
    face = table.locator("#harness #conflict")
    expect(face.locator(".ct-stage")).to_have_text("Over: Seat 0 levelled Harajuku")
    expect(face.locator("[data-total=att]")).to_have_text("5")
    expect(face.locator("[data-total=def]")).to_have_text("4")
    expect(face.locator(".ct-side[data-side=def]")).to_contain_text("final total")


def test_a_total_without_superiority_says_why_in_words(table):
    # Iron Salaryman Mk. II (3 Technological weapons) defends against Martial arts: Firepower is
    # superior to Martial arts, but a side with no spheres of its power gets no bonus (13.7.4)
    state = built(hands=[["master-of-the-eagles-claw"], []], reserves=[[], [{"card": "giant-mutant-salaryman"}]],
                  moves=["attack harajuku", "send master-of-the-eagles-claw", "power martial", "defend"])
    state.apply_action(f"deploy {state.reserves[1][0]['uid']}")  # its only Hero: no "done" asked
    got = drawn(table, state, 1)["labels"]
    assert got["power fire"] == ("Defend with Firepower (0 spheres on your side, superior to Martial arts): your 0 "
                                 "against 5 — no Superiority bonus: your side has no spheres of Firepower")
    assert got["power tech"].endswith("your 3 against 7"), got["power tech"]  # inferior: nothing to explain
    assert "13.7.4" not in got["power fire"]
    state.apply_action("power fire")
    drawn(table, state, 1)
    why = table.locator("#harness #conflict .ct-side[data-side=def] .ct-withheld")
    expect(why).to_have_text("superior power, but no Superiority bonus: your side has no spheres of Firepower")
    expect(table.locator("#harness .ct-score .ct-score-side.def")).to_contain_text("0 no spheres, so no bonus")
    drawn(table, state, 0)
    expect(why).to_have_text("superior power, but no Superiority bonus: this side has no spheres of Firepower")
    # Ryogoku: no Superiority at all, and the face-off says it is the District
    state = built(hands=[["master-of-the-eagles-claw"], []], reserves=[[], [{"card": "retiring-in-two-days-cop"}]],
                  tokyo=["ryogoku"] + PLAIN_TOKYO[:4],
                  moves=["attack ryogoku", "send master-of-the-eagles-claw", "power martial", "defend"])
    for text in (f"deploy {state.reserves[1][0]['uid']}", "power fire"):
        state.apply_action(text)
    drawn(table, state, 1)
    expect(why).to_have_text("superior power, but no Superiority bonus at Ryogoku (its special rule)")


def test_an_attack_no_threat_of_the_hand_can_level_says_so(table):
    state = built(hands=[["master-of-the-eagles-claw"], []], tokyo=["kasumigaseki"] + PLAIN_TOKYO[:4])
    got = drawn(table, state, 0)["labels"]
    assert got["attack kasumigaseki"] == "Attack Kasumigaseki (2 actions): no Threat in your hand can level it now"
    assert got["attack harajuku"] == "Attack Harajuku (2 actions)"


@pytest.fixture
def own_server(tmp_path):
    """A server of its own: the module's server may already hold the most unfinished rooms
    one client may have."""
    srv = Server(tmp_path / "games.sqlite3")
    yield srv
    srv.stop()


def test_an_attack_no_threat_of_the_hand_can_level_asks_before_it_is_sent(page, own_server):
    server = own_server

    def at_pointless(v):
        if node(v) != "action":
            return False
        can = v["observation"].get("can_level") or {}
        return any(t.startswith("attack ") and can.get(t.split()[1]) is False for t in v["legal"])
    room, view = reach(server, range(1, 40), at_pointless)
    can = view["observation"]["can_level"]
    text = next(t for t in view["legal"] if t.startswith("attack ") and can[t.split()[1]] is False)
    district = _game.cards["district"][text.split()[1]]["name"]
    open_seat(page, server, room)
    button = page.locator(f"#districts button[data-action='{text}']")
    expect(button).to_have_text(re.compile(f"^Attack {district} .*: no Threat in your hand can level it now$"))
    label = button.inner_text()
    version = page.evaluate("document.body.dataset.version")
    asks_first_then_sends(page, button, page.locator("#districts #ct-confirm"), label, version,
                          [f"Attack {district} anyway?", "can level it now: it needs "],
                          f"Yes, attack {district} anyway")
    expect(page.locator("#log")).to_contain_text(f"attacks {district}")


# ----- issue 12: a wildcard choice in a Conflict, plays and defences that change nothing, reward draws

@pytest.fixture
def bare(page, server):
    """A page of the server with no game on it (the lobby): nothing redraws a board of its own."""
    page.goto(server.url + "/")
    return page


def live(page, state, seat):
    """Draw ``state`` as ``seat`` sees it with the page's view module, redrawn on its own
    ``redraw`` (the confirm step) and recording what it sends in ``window.sent``."""
    page.evaluate("""async ({obs, legal, seat}) => {
        const view = await import('/static/views/crisis.js');
        const list = await (await fetch('/api/games/crisis-tokyo/cards')).json();
        const cards = Object.fromEntries(list.map((c) => [c.id, c]));
        window.sent = [];
        let box = document.getElementById('harness');
        if (!box) { box = document.createElement('div'); box.id = 'harness'; document.body.append(box); }
        const ctx = { observation: obs, legal, interactive: true, cards, placed: new Set(), state: {}, finished: false,
                      log: [], seat, seats: [], options: {}, seatName: (s) => `Seat ${s}`, isLegal: (t) => legal.includes(t),
                      act: (t) => window.sent.push(t), label: (t) => view.label(t, ctx),
                      button(text, words, attrs = {}) {
                        ctx.placed.add(text);
                        const b = document.createElement('button');
                        b.type = 'button'; b.dataset.action = text; b.textContent = words || text;
                        b.className = attrs.class || '';
                        b.onclick = () => ctx.act(text);
                        return b;
                      },
                      redraw() {
                        ctx.placed = new Set();
                        const board = view.draw(ctx);
                        board.id = 'board';
                        const prompt = document.createElement('div');
                        prompt.id = 'prompt';
                        const rest = legal.filter((t) => !ctx.placed.has(t));
                        prompt.append(...rest.map((t) => ctx.button(t, view.label(t, ctx))), view.promptBody(ctx, rest));
                        box.replaceChildren(prompt, board);
                      } };
        ctx.redraw();
    }""", {"obs": state.observation(seat), "legal": state.legal_texts(), "seat": seat})


def test_a_wildcard_choice_in_a_conflict_says_each_total_and_the_need(bare):
    table = bare
    state = built(hands=[["the-evil-twin", "ghost-of-the-love-hotel"], []], tokyo=["shibuya"] + PLAIN_TOKYO[:4],
                  moves=["attack shibuya", "send ghost-of-the-love-hotel", "send the-evil-twin"])
    got = drawn(table, state, 0)
    assert got["labels"]["power mystic"] == "Wildcards become Mystic powers: total 6, Shibuya needs 6"
    assert got["labels"]["power fire"] == "Wildcards become Firepower: total 2, Shibuya needs 6"
    # the face-off shows the two wildcard spheres as wild, not as a grey 0
    twin = table.locator("#harness .ct-char", has_text="The Evil Twin")
    expect(twin.locator(".ct-sph.p-wild")).to_contain_text("2")
    expect(twin.locator(".ct-sph.grey")).to_have_count(0)
    expect(twin).to_contain_text("2 wild, choose their power")
    # at a District with resistances, a power it has none for says so
    state = built(hands=[["the-evil-twin"], []], moves=["attack harajuku", "send the-evil-twin"])
    got = drawn(table, state, 0)["labels"]
    assert got["power martial"] == "Wildcards become Martial arts: total 2, Harajuku needs 3"
    assert got["power fire"].startswith("Wildcards become Firepower: total 2; Firepower cannot level Harajuku")


def test_a_card_that_would_change_nothing_says_so_and_asks_first(bare):
    table = bare
    # Ammunition Shortage against a Threat with no Firepower: legal, but it changes nothing
    state = built(hands=[["gothic-lolita-of-the-black-parasol"], ["ammunition-shortage"]],
                  reserves=[[], [{"card": "mariachi-zombie"}]],
                  moves=["attack harajuku", "send gothic-lolita-of-the-black-parasol", "power mystic", "defend"])
    state.apply_action(f"deploy {state.reserves[1][0]['uid']}")
    state.apply_action("power fire")
    text = "play ammunition-shortage a"
    assert drawn(table, state, 1)["labels"][text] == (
        "Play Ammunition Shortage: this changes nothing now, you only spend the card")
    live(table, state, 1)
    button = table.locator(f"#harness button[data-action='{text}']")
    expect(button).to_have_text("Play Ammunition Shortage")  # on the card: its note says the rest
    expect(table.locator(f"#harness .ct-idle-note[data-idle='{text}']")).to_have_text(
        "This changes nothing now: no Character it can choose has a Firepower sphere to lose.")
    button.click()
    ask = table.locator("#harness #ct-confirm")
    expect(ask).to_contain_text("Play this card for nothing?")
    expect(ask).to_contain_text("no Character it can choose has a Firepower sphere to lose")
    expect(button).to_have_text("Yes, play it for nothing")
    assert table.evaluate("window.sent") == [], "the first click played the card"
    table.locator("#ct-confirm-no").click()
    expect(ask).to_have_count(0)
    button.click()
    expect(button).to_have_text("Yes, play it for nothing")
    button.click()
    table.wait_for_function("window.sent.length === 1")
    assert table.evaluate("window.sent") == [text]


def test_a_card_that_changes_something_is_played_at_once(bare):
    table = bare
    state = built(hands=[["drunken-yakuza-karaoke-squad"], ["ammunition-shortage"]],
                  reserves=[[], [{"card": "mariachi-zombie"}]],
                  moves=["attack harajuku", "send drunken-yakuza-karaoke-squad", "power fire", "defend"])
    state.apply_action(f"deploy {state.reserves[1][0]['uid']}")
    state.apply_action("power fire")
    text = "play ammunition-shortage a"
    assert drawn(table, state, 1)["labels"][text] == "Play Ammunition Shortage"
    live(table, state, 1)
    table.locator(f"#harness button[data-action='{text}']").click()
    table.wait_for_function("window.sent.length === 1")


def test_defending_with_no_hero_says_the_total_it_would_have_and_asks_first(bare):
    table = bare
    state = built(hands=[["gothic-lolita-of-the-black-parasol"], []], tokyo=["asakusa"] + PLAIN_TOKYO[:4],
                  moves=["attack asakusa", "send gothic-lolita-of-the-black-parasol", "power mystic"])
    assert drawn(table, state, 1)["labels"]["defend"] == (
        "Defend Asakusa (you have no Hero in your Reserve: your total would be 1 (from Asakusa's defender bonus) "
        "against 5)")
    live(table, state, 1)
    button = table.locator("#harness button[data-action='defend']")
    button.click()
    ask = table.locator("#harness #ct-confirm")
    expect(ask).to_contain_text("Defend with no Heroes?")
    expect(button).to_have_text("Yes, defend with no Heroes")
    assert table.evaluate("window.sent") == []
    button.click()
    table.wait_for_function("window.sent.length === 1")
    # with a Hero in the Reserve, the plain words
    state = built(hands=[["gothic-lolita-of-the-black-parasol"], []], tokyo=["asakusa"] + PLAIN_TOKYO[:4],
                  reserves=[[], [{"card": "mariachi-zombie"}]],
                  moves=["attack asakusa", "send gothic-lolita-of-the-black-parasol", "power mystic"])
    assert drawn(table, state, 1)["labels"]["defend"] == "Defend Asakusa"


def test_each_reward_draw_says_which_of_how_many_and_why(bare):
    table = bare
    state = built(hands=[["the-evil-twin", "ghost-of-the-love-hotel"], []], tokyo=["shibuya"] + PLAIN_TOKYO[:4],
                  moves=["attack shibuya", "send ghost-of-the-love-hotel", "send the-evil-twin", "power mystic",
                         "power mystic", "decline", "pass"])
    for n in (1, 2, 3):
        assert drawn(table, state, 0)["title"] == (f"You levelled Shibuya: draw card {n} of 3 (Shibuya's reward 2, "
                                                   "The Evil Twin (Has a Goatee) +1) from either deck")
        state.apply_action("draw event")
        state.apply_action(state.legal_texts()[0])
    # a single card: no count
    state = built(hands=[["gothic-lolita-of-the-black-parasol"], []],
                  moves=["attack harajuku", "send gothic-lolita-of-the-black-parasol", "power mystic", "decline", "pass"])
    assert drawn(table, state, 0)["title"] == "You levelled Harajuku: draw a card from either deck"
