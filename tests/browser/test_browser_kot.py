"""The King of Tokyo view (views/kot.js) in a real chromium: dice kept before a reroll stay
in their places and stay kept after it, and the dice the roll changed are marked."""

import json
import random
import re
import time

import httpx
import pytest
from playwright.sync_api import expect

from browserhelpers import PHONE
from test_browser_client import click_and_wait, stop_rolling

STEP_LIMIT = 300
"""Most decisions a test makes before giving up (a guard, not a measure)."""


def seat_room(server, game="kot-dark", seed=3, players=2, bot="heuristic", options=None):
    """A room with the person in seat 0 and bots elsewhere; returns the creation answer."""
    return httpx.post(server.url + "/api/rooms", json={
        "game": game, "seed": seed, "options": options or {},
        "seats": [{"kind": "human", "name": "Ann"}] + [{"kind": "bot", "agent": bot}] * (players - 1)},
        timeout=60).json()


def wait_for_decision(page):
    page.wait_for_function("(document.body.dataset.yourTurn === '1' && !document.body.dataset.busy)"
                           " || document.body.dataset.status === 'finished'")
    assert page.evaluate("document.body.dataset.status") == "playing", "the game ended"


def node(page) -> str:
    return page.evaluate("document.body.dataset.node")


def test_dice_kept_before_a_reroll_stay_in_place_and_kept_after_it(page, server):
    room = seat_room(server)
    page.goto(server.url + room["seats"][0]["link"])
    page.wait_for_selector("body[data-version]")
    wait_for_decision(page)
    assert node(page) == "roll"
    dice = page.locator("#dice .die")
    assert dice.count() == 6
    faces = [dice.nth(i).get_attribute("data-face") for i in range(6)]
    # keep two dice that are not the first ones: the engine puts kept dice first
    for i in (2, 4):
        dice.nth(i).click()
    expect(page.locator("#dice .die.kept")).to_have_count(2)
    reroll = page.locator("#dice-panel button.primary")
    expect(reroll).to_have_text("Reroll the others")
    click_and_wait(page, reroll)
    # the same two dice, in the same places, showing the same faces, still kept
    for i in (2, 4):
        expect(dice.nth(i)).to_have_attribute("data-face", faces[i])
        expect(dice.nth(i)).to_have_class(re.compile(r"\bkept\b"))
    expect(page.locator("#dice .die.kept")).to_have_count(2)
    expect(reroll).to_have_text("Reroll the others")
    # the four dice rerolled are marked as new, the kept ones are not
    expect(page.locator("#dice .die.fresh")).to_have_count(4)
    # releasing one lets it be rerolled again
    dice.nth(2).click()
    expect(page.locator("#dice .die.kept")).to_have_count(1)
    # a reload of the page keeps them too (this tab)
    shown = [dice.nth(i).get_attribute("data-face") for i in range(6)]
    page.reload()
    page.wait_for_selector("body[data-version]")
    wait_for_decision(page)
    expect(page.locator("#dice .die.kept")).to_have_count(1)
    expect(dice.nth(4)).to_have_class(re.compile(r"\bkept\b"))
    assert [dice.nth(i).get_attribute("data-face") for i in range(6)] == shown


def test_the_dice_a_roll_changed_are_marked_and_rolled_with_an_animation(browser, server):
    """After a reroll the rerolled dice carry the mark "new" and roll in (a short animation);
    with prefers-reduced-motion they only fade in."""
    for motion, animation in (("no-preference", "kot-die-roll"), ("reduce", "kot-fade")):
        context = browser.new_context(viewport={"width": 1280, "height": 800}, reduced_motion=motion)
        page = context.new_page()
        try:
            room = seat_room(server)
            page.goto(server.url + room["seats"][0]["link"])
            page.wait_for_selector("body[data-version]")
            wait_for_decision(page)
            page.locator("#dice .die").nth(0).click()
            click_and_wait(page, page.locator("#dice-panel button.primary"))
            fresh = page.locator("#dice .die.fresh")
            expect(fresh).to_have_count(5)
            expect(page.locator("#dice .fresh-note")).to_have_count(5)
            expect(page.locator("#dice .die").nth(0)).not_to_have_class(re.compile(r"\bfresh\b"))
            # the animation is running now (it lasts well under two seconds)
            names = page.locator("#dice .die.rolling").evaluate_all(
                "ds => ds.map((d) => getComputedStyle(d).animationName)")
            assert names and set(names) == {animation}, (motion, names)
        finally:
            context.close()


def test_resolving_with_rerolls_left_asks_first_and_only_then(page, server):
    room = seat_room(server, seed=5)
    page.goto(server.url + room["seats"][0]["link"])
    page.wait_for_selector("body[data-version]")
    wait_for_decision(page)
    assert node(page) == "roll"
    before = page.evaluate("document.body.dataset.version")
    # ordinary clicks ask nothing: keeping and releasing dice
    page.locator("#dice .die").nth(0).click()
    page.locator("#dice .die").nth(0).click()
    assert page.locator("#confirm-stop").count() == 0
    # resolving now would throw away two rerolls: asked first, and "no" changes nothing
    page.locator("#ask-stop").click()
    confirm = page.locator("#confirm-stop")
    expect(confirm).to_contain_text("Resolve now? You still have 2 rerolls")
    page.locator("#cancel-stop").click()
    expect(confirm).to_have_count(0)
    assert page.evaluate("document.body.dataset.version") == before and node(page) == "roll"
    # with every die kept nothing is thrown away: it resolves at once
    for i in range(page.locator("#dice .die").count()):
        page.locator("#dice .die").nth(i).click()
    assert page.locator("#ask-stop").count() == 0
    stop = page.locator("#dice-panel button[data-action=stop]")
    expect(stop).to_have_text("Resolve these dice")
    click_and_wait(page, stop)
    # the dice were resolved (the game may since have moved on to the bot's turn and back)
    assert any(" keeps: " in line for line in page.locator("#log li").all_inner_texts())
    assert page.locator("#confirm-stop").count() == 0


def test_resolving_after_yes_in_the_confirm_step(page, server):
    room = seat_room(server, seed=6)
    page.goto(server.url + room["seats"][0]["link"])
    page.wait_for_selector("body[data-version]")
    wait_for_decision(page)
    assert node(page) == "roll"
    page.locator("#ask-stop").click()
    click_and_wait(page, page.locator("#confirm-stop button[data-action=stop]"))
    assert any(" keeps: " in line for line in page.locator("#log li").all_inner_texts())


# ----- every button says in words what it does ------------------------------------------------------
FACE_LETTER = re.compile(r"(?<![\w'-])[ehc](?![\w'-])")
ORDINARY_WORDS = {"heal"}
"""Ids that are also words the labels use ("heal The King 1 heart"; kot's card Heal has the id heal)."""


def raw_problem(text: str, shown: str, legal: list[str], ids: dict[str, str]) -> str | None:
    """Why the label ``shown`` of the action ``text`` is notation rather than words (None: it
    is words): a legal text (unless its ids became card names: "Buy Media-Friendly"), an id,
    a bare face letter, a lower-case start, a word said twice. ``ids``: id -> name."""
    s = shown.strip()
    if not s:
        return "empty"
    named = any(w in ids and ids[w] in s for w in text.split())
    if s.lower() in {t.lower() for t in legal} and not named:
        return "a legal action text"
    if not (s[0].isupper() or s[0].isdigit()):
        return "starts in lower case (notation)"
    words = re.findall(r"[A-Za-z0-9][A-Za-z0-9'-]*", s)
    if any(w in ids and w not in ORDINARY_WORDS for w in words):  # ids are lower case, names are not
        return "a card id"
    if FACE_LETTER.search(s):
        return "a die face letter"
    lowered = [w.lower() for w in words]
    if any(a == b for a, b in zip(lowered, lowered[1:])):
        return "a word twice in a row"
    if "unusual action" in s:
        return "a text the view does not know"
    return None


LABEL_CORPUS_JS = """
async (corpus) => {
  const kot = await import("/static/views/kot.js");
  const out = [];
  for (const [game, items] of Object.entries(corpus)) {
    const list = await (await fetch(`/api/games/${game}/cards`)).json();
    const cards = Object.fromEntries(list.map((c) => [c.id, c]));
    for (const it of items) {
      const ctx = {
        observation: it.observation, legal: it.legal, cards, seat: it.seat, log: it.log, interactive: true,
        finished: false, placed: new Set(), state: {}, seats: [], options: {},
        seatName: (s) => `seat ${s}`, seatLabel: (s) => `seat ${s}`, isLegal: (t) => it.legal.includes(t),
        act: () => {}, redraw: () => {}, name: (id) => (cards[id] ? cards[id].name : id),
        button(text, label) {
          const b = document.createElement("button");
          b.textContent = label || text;
          b.dataset.action = text;
          if (it.legal.includes(text)) ctx.placed.add(text);
          return b;
        },
      };
      ctx.label = (t) => kot.label(t, ctx);
      const board = kot.draw(ctx);
      const rest = it.legal.filter((t) => !ctx.placed.has(t));
      const body = kot.promptBody(ctx, rest);
      const placed = [...board.querySelectorAll("button[data-action]")].map((b) => [b.dataset.action, b.textContent]);
      out.push({ game, kind: it.kind, name: it.name, legal: it.legal, title: kot.promptTitle(ctx),
                 hint: kot.moveHint(it.observation, it.legal), body: body ? body.textContent : "",
                 labels: it.legal.map((t) => [t, kot.label(t, ctx)]), placed });
    }
  }
  return out;
}
"""


def catalogue_ids(server, game) -> dict[str, str]:
    """The game's card, tile and monster ids, each with its name."""
    return {c["id"]: c["name"] for c in httpx.get(f"{server.url}/api/games/{game}/cards", timeout=60).json()}


def test_every_decision_kind_of_both_editions_is_worded_with_card_names(page, server):
    """Every decision kind of docs/notation.md for kot, kot-dark and kot-godzilla (random games,
    then positions built where each card asks its question): each legal text's label, the
    buttons the board places, the prompt's title and hint are words, never notation or ids."""
    from kotcorpus import EXPECTED_VERBS, build_corpus
    corpus = build_corpus()
    for game, items in corpus.items():
        verbs = {t.split()[0] for it in items for t in it["legal"]}
        assert EXPECTED_VERBS[game] <= verbs, f"{game}: the corpus lacks {EXPECTED_VERBS[game] - verbs}"
    page.goto(server.url + "/")
    page.wait_for_selector("body[data-ready]")
    results = page.evaluate(LABEL_CORPUS_JS, corpus)
    assert len(results) == sum(len(v) for v in corpus.values())
    problems = []
    for game in corpus:
        ids = catalogue_ids(server, game)
        for r in (x for x in results if x["game"] == game):
            where = f"{game} {r['kind']}{'/' + r['name'] if r['name'] else ''}"
            for text, shown in r["labels"] + r["placed"]:
                if text.startswith("reroll ") and not shown.startswith("Reroll"):
                    continue  # a reroll button placed by the tray ("Reroll all", checked below)
                why = raw_problem(text, shown, r["legal"], ids)
                if why:
                    problems.append(f"{where}: {text!r} shown as {shown!r}: {why}")
            for what in ("title", "hint"):
                why = raw_problem("", r[what][0].upper() + r[what][1:], r["legal"], ids)
                if why or r[what] in ("Your choices", "choose below"):
                    problems.append(f"{where}: the prompt {what} {r[what]!r}: {why or 'says nothing'}")
            if r["kind"] == "card":
                assert r["title"] != "A card of yours lets you choose", where
    assert not problems, "\n".join(problems)
    # a few exact wordings the players read
    labels = {(r["game"], t): s for r in results for t, s in r["labels"]}
    names = {c["id"]: c["name"] for c in httpx.get(f"{server.url}/api/games/kot-dark/cards", timeout=60).json()}
    probe = next(s for (g, t), s in labels.items() if t.startswith("probe "))
    assert probe.startswith("Psychic Probe: make ") and " reroll " in probe, probe
    meta = next((t, s) for (g, t), s in labels.items() if t.startswith("metamorph "))
    assert meta[1].startswith(f"Metamorph: discard {names[meta[0].split()[1]]} for "), meta
    done = {(r["kind"], r["name"]): dict(r["labels"])["done"] for r in results
            if r["game"] == "kot-dark" and "done" in r["legal"]}
    assert done[("card", "metamorph")] == "Keep my other cards (done)"
    # dice with nothing to resolve: the cards on offer, or going on without them (R42)
    resolve = next(r for r in results if r["kind"] == "resolve" and "done" in r["legal"])
    assert done[("resolve", None)] == "Go on without using a card"
    assert resolve["title"] == "Your dice have nothing to resolve" and resolve["hint"] == "use a card now, or go on"
    assert ["done", "Go on without using a card"] in resolve["placed"]
    # kot: Mimic gained (free) and moved (1 energy), in the base game's words, not Fluxling's
    mimic = [r for r in results if r["game"] == "kot" and r["name"] == "mimic"]
    gained = next(r for r in mimic if "copy extra-head" in r["legal"])
    assert gained["title"] == "Mimic: choose a card to copy"
    assert dict(gained["labels"])["copy extra-head"] == "Mimic: copy Extra Head"
    assert dict(gained["labels"])["pass"] == "Copy nothing for now"
    moved = next(r for r in mimic if "copy extra-head" not in r["legal"])
    assert moved["title"] == "Mimic copies Extra Head: move its token to another card for 1 ⚡?"
    assert dict(moved["labels"])["copy giant-brain"] == "Mimic: pay 1 ⚡ to copy Giant Brain instead"
    assert dict(moved["labels"])["pass"] == "Keep copying Extra Head"
    # a Heart die's question names the uses on offer: Healing Ray (kot), tokens (both)
    # with more than one Heart to use, how many (a newcomer could not tell the second from the first)
    hearts: dict = {}
    heads: dict = {}
    for r in results:
        if r["kind"] == "heart":
            head, _, uses = r["title"].partition(": ")
            assert head == "A Heart die" or re.fullmatch(r"[2-9] Hearts to use; this one", head), r["title"]
            heads.setdefault((r["game"], tuple(r["legal"])), set()).add(head)
            hearts_key = (r["game"], tuple(r["legal"]))
            hearts.setdefault(hearts_key, set()).add(uses)
    assert any(h.startswith("2 Hearts to use") for hs in heads.values() for h in hs)
    assert hearts[("kot", ("heart heal", "heart ray 1"))] == {"heal yourself or heal another monster with Healing Ray?"}
    assert hearts[("kot", ("heart ray 1", "heart none"))] == {"heal another monster with Healing Ray?"}
    # in Tokyo: the Hearts not given with Healing Ray stay unused (two Heart dice here)
    in_tokyo = [dict(r["labels"])["heart none"] for r in results
                if r["game"] == "kot" and r["legal"] == ["heart ray 1", "heart none"]]
    assert "Use no more Hearts (leave the rest unused)" in in_tokyo  # two Heart dice
    assert "Leave the Heart unused" in in_tokyo  # one
    assert hearts[("kot-dark", ("heart heal", "heart poison", "heart shrink"))] == \
        {"heal yourself or discard a token?"}


DRAW_CHIPS_JS = """
async ([game, observation, seat, legal]) => {
  const kot = await import("/static/views/kot.js");
  const list = await (await fetch(`/api/games/${game}/cards`)).json();
  const cards = Object.fromEntries(list.map((c) => [c.id, c]));
  const ctx = {
    observation, legal, cards, seat, log: [], interactive: true, finished: false, placed: new Set(), state: {},
    seats: [], options: {}, seatName: (s) => `seat ${s}`, seatLabel: (s) => `seat ${s}`,
    isLegal: (t) => legal.includes(t), act: () => {}, redraw: () => {}, name: (id) => (cards[id] ? cards[id].name : id),
    button(text, label) { const b = document.createElement("button"); b.textContent = label || text; return b; },
  };
  ctx.label = (t) => kot.label(t, ctx);
  const board = kot.draw(ctx);
  return [...board.querySelectorAll(".monster")].map((p) => ({
    seat: Number(p.dataset.seat), chips: [...p.querySelectorAll(".chip")].map((c) => c.textContent),
    gauge: p.querySelectorAll(".wicked-gauge").length }));
}
"""


def test_kot_battery_monster_shows_its_energy_and_no_wickedness_gauge(page, server):
    """kot: the energy on Battery Monster is on its chip, for the holder and for a Mimic copy
    (each has its own 6, ruling B6); no monster has a Wickedness gauge."""
    import random as _random

    import tokyo
    from kotcorpus import play_on
    from tokyo.games.kingoftokyo.position import build_position
    state = build_position(tokyo.load_game("kot", 3), [{"energy": 10}, {"cards": ["mimic"], "energy": 3}, {}],
                           step="buy", market=["battery-monster", "heal", "tank"])
    assert play_on(state, _random.Random(0), set(), [], prefer=("buy battery-monster", "end", "copy battery-monster"),
                   goal=lambda s: s.monsters[1].copy == "battery-monster", limit=50)
    obs = state.observation(0)
    assert obs["stored_energy"][:2] == [6, 6]
    page.goto(server.url + "/")
    page.wait_for_selector("body[data-ready]")
    panels = {p["seat"]: p for p in page.evaluate(DRAW_CHIPS_JS, ["kot", obs, 0, []])}
    assert "Battery Monster · 6 ⚡ on it" in panels[0]["chips"], panels[0]
    assert "Battery Monster · 6 ⚡ on it" in panels[1]["chips"], panels[1]  # the copy
    assert all(p["gauge"] == 0 for p in panels.values())


def visible_action_buttons(page):
    """The action buttons a player sees (the prompt and the board; not the notation list)."""
    return page.locator("#prompt:not([hidden]) button[data-action], #board button[data-action]")


@pytest.mark.parametrize("game, options", [("kot", {}), ("kot-dark", {}), ("kot-godzilla", {"evolutions": True})])
def test_random_decisions_through_the_browser_show_only_words(page, server, game, options):
    """The person clicks a random button at each of many decisions (keeping random dice first
    at a roll); at every one, each button the page shows says in words what it does."""
    rng = random.Random(4)
    ids = catalogue_ids(server, game)
    room = seat_room(server, game=game, seed=21, players=3, bot="random", options=options)
    page.goto(server.url + room["seats"][0]["link"])
    page.wait_for_selector("body[data-version]")
    decisions = 0
    kinds = set()
    for _ in range(STEP_LIMIT):
        page.wait_for_function("(document.body.dataset.yourTurn === '1' && !document.body.dataset.busy)"
                               " || document.body.dataset.status === 'finished'")
        if page.evaluate("document.body.dataset.status") == "finished" or decisions >= 60:
            break
        kinds.add(node(page))
        legal = page.evaluate("[...document.querySelectorAll('#legal button')].map((b) => b.dataset.legal)")
        if node(page) == "roll" and page.locator("#dice .die:enabled").count():
            for i in range(page.locator("#dice .die").count()):
                if rng.random() < 0.4:
                    page.locator("#dice .die").nth(i).click()
        buttons = visible_action_buttons(page)
        shown = buttons.evaluate_all("bs => bs.map((b) => [b.dataset.action, b.innerText, b.disabled])")
        for text, label_text, _ in shown:
            why = raw_problem(text, label_text, legal, ids)
            assert not why, f"{game} {node(page)}: {text!r} shown as {label_text!r}: {why}"
        title = page.locator("#prompt:not([hidden]) h2")
        if title.count():
            assert title.inner_text() not in ("Your choices", ""), node(page)
        # every legal action can be reached without the notation list
        reachable = {t for t, _, disabled in shown if not disabled}
        if node(page) == "roll":
            reachable |= {t for t in legal if t.startswith("reroll ")} | {"stop"}
        assert set(legal) <= reachable, f"{game} {node(page)}: not on the board or the prompt: {set(legal) - reachable}"
        enabled = [t for t, _, disabled in shown if not disabled]
        choice = rng.choice(enabled + (["ask-stop"] if page.locator("#ask-stop").count() else []))
        if choice == "ask-stop":
            page.locator("#ask-stop").click()
            click_and_wait(page, page.locator("#confirm-stop button[data-action=stop]"))
        else:
            click_and_wait(page, visible_action_buttons(page).filter(
                has=page.locator(f"xpath=self::*[@data-action={json.dumps(choice)}]")).first)
        decisions += 1
    assert decisions >= 20 and {"roll", "buy"} <= kinds, (decisions, kinds)


# ----- the table drawn ------------------------------------------------------------------------------
def seat_view(server, room):
    return httpx.get(f"{server.url}/api/rooms/{room['room']}/seat/{room['seats'][0]['token']}", timeout=60).json()


def play_api_until(server, room, done, prefer=("resolve smash", "stay", "end"), limit=STEP_LIMIT, seed=0):
    """Play the person's seat over the API (``prefer`` first, else at random) until
    ``done(view)`` holds at one of its decisions; returns that view."""
    rng = random.Random(seed)
    client = httpx.Client(base_url=server.url, timeout=60)
    try:
        for _ in range(limit * 20):
            view = seat_view(server, room)
            assert view["status"] == "playing", "the game ended first"
            if not view["your_turn"]:
                time.sleep(0.02)  # a bot is playing
                continue
            if done(view):
                return view
            legal = view["legal"]
            choice = next((p for p in prefer if p in legal), None) or rng.choice(legal)
            client.post(f"/api/rooms/{room['room']}/actions", json={
                "token": room["seats"][0]["token"], "action": choice, "version": view["version"]})
        raise AssertionError("the wanted position did not come")
    finally:
        client.close()


def test_tokyo_monsters_dice_gauge_and_cards_are_drawn(page, server):
    room = seat_room(server, players=5, seed=9)
    view = play_api_until(server, room, lambda v: v["observation"]["tokyo_city"] is not None
                          and v["observation"]["node"]["kind"] == "roll")
    obs = view["observation"]
    page.goto(server.url + room["seats"][0]["link"])
    page.wait_for_selector("body[data-version]")
    wait_for_decision(page)
    # Tokyo City and, with five monsters, Tokyo Bay, drawn, with the monster in the City
    expect(page.locator("#tokyo .place")).to_have_count(2)
    assert page.locator("#tokyo .place.city .place-art svg").count() == 1
    assert page.locator("#tokyo .place.bay .place-art svg").count() == 1
    city = page.locator("#tokyo .place.city .occupant .emblem")
    expect(city).to_have_attribute("data-emblem", obs["monsters"][obs["tokyo_city"]]["monster"])
    # an emblem of its own for each monster
    emblems = page.locator("#monsters .monster .m-head .emblem").evaluate_all(
        "es => es.map((e) => [e.dataset.emblem, e.querySelector('svg').innerHTML])")
    assert [e for e, _ in emblems] == [m["monster"] for m in obs["monsters"]]
    assert len({art for _, art in emblems}) == 5
    # dice drawn as dice: a glyph for Energy, Heart and Claw, a numeral for the numbers
    for die in page.locator("#dice .die").all():
        face = die.get_attribute("data-face")
        assert die.locator("svg" if face in "ehc" else ".num").count() == 1, face
    # the Wickedness gauge with its three thresholds and the monster's count filled in
    for m in obs["monsters"]:
        gauge = page.locator(f"#monsters .monster[data-seat='{m['seat']}'] .wicked-gauge")
        assert gauge.locator(".wcell.level").all_inner_texts() == ["3", "6", "10"]
        assert gauge.locator(".wcell.on").count() == m["wickedness"]
    # market cards as cards: cost, name, text, type
    cards = {c["id"]: c for c in httpx.get(server.url + "/api/games/kot-dark/cards", timeout=60).json()}
    for cid in obs["market"]:
        card = page.locator(f"#market .kcard[data-card='{cid}']")
        assert card.locator(".cost").inner_text().strip() == str(cards[cid]["cost"])
        assert card.locator(".name").inner_text() == cards[cid]["name"]
        assert cards[cid]["text"] in card.locator(".text").inner_text()
        assert card.locator(".tag.type").inner_text() == cards[cid]["type"]
    # with four monsters or fewer, no Bay
    small = seat_room(server, players=4, seed=9)
    page.goto(server.url + small["seats"][0]["link"])
    page.wait_for_selector("body[data-version]")
    expect(page.locator("#tokyo .place")).to_have_count(1)


def test_hearts_stars_and_energy_animate_when_they_change(page, server):
    room = seat_room(server, seed=12)
    page.goto(server.url + room["seats"][0]["link"])
    page.wait_for_selector("body[data-version]")
    read = """() => [...document.querySelectorAll('#monsters .stat b')].map((b) => [
        b.closest('.monster').dataset.seat + ' ' + b.closest('.stat').className, b.textContent, b.className,
        (b.parentElement.querySelector('.delta') || {}).textContent || ''])"""
    seen = 0
    for _ in range(STEP_LIMIT):
        wait_for_decision(page)
        before = {k: v for k, v, _, _ in page.evaluate(read)}
        if node(page) == "roll":
            stop_rolling(page)
        else:
            click_and_wait(page, visible_action_buttons(page).filter(has_not=page.locator(":scope:disabled")).first)
        for key, value, cls, delta in page.evaluate(read):
            if key in before and before[key] != value:
                # (a bot may have changed it again since: the mark tells the last change)
                classes = cls.split()
                assert "bump" in classes and ("up" in classes) != ("down" in classes), (key, before[key], value, cls)
                assert delta.startswith("+" if "up" in classes else "-"), (key, delta, cls)
                seen += 1
        if seen >= 3:
            break
    assert seen >= 3
    names = page.locator("#monsters .stat b.bump").evaluate_all("bs => bs.map((b) => getComputedStyle(b).animationName)")
    assert set(names) <= {"kot-bump"}


# ----- a phone ----------------------------------------------------------------------------------------
def on_first_screen(page, locator, what):
    page.evaluate("window.scrollTo(0, 0)")
    box = locator.bounding_box()
    assert box, f"{what} is not shown"
    assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], f"{what} is cut at the side: {box}"
    assert box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"], f"{what} is below the first screen: {box}"


def no_sideways_scroll(page, what):
    width = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert width[0] <= width[1], f"{what}: the page is {width[0]} px wide on a {width[1]} px screen"


@pytest.mark.parametrize("game, options", [("kot-dark", {}), ("kot-godzilla", {"evolutions": True})])
def test_phone_shows_the_question_and_the_dice_on_the_first_screen(browser, server, game, options):
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    page.set_default_timeout(60_000)
    try:
        room = seat_room(server, game=game, players=6, seed=2, bot="random", options=options)
        link = server.url + room["seats"][0]["link"]
        seen = set()
        for want in ("prompt", "roll", "buy"):
            def done(v, want=want):
                kind = v["observation"]["node"]["kind"]
                return {"roll": kind == "roll", "buy": kind == "buy"}.get(want, kind not in ("roll", "resolve", "buy"))
            if want == "prompt" and game == "kot-dark":
                continue  # kot-dark asks its first questions at the roll; its prompts are checked below
            play_api_until(server, room, done, prefer=("resolve energy", "yield", "flee", "end"))
            page.goto(link)
            page.wait_for_selector("body[data-version]")
            wait_for_decision(page)
            kind = node(page)
            if want == "roll":
                on_first_screen(page, page.locator("#dice"), "the dice")
                on_first_screen(page, page.locator("#dice-panel .buttons"), "the roll buttons")
            elif want == "buy":
                on_first_screen(page, page.locator("#market button[data-action=end]"), "the end-of-turn button")
                on_first_screen(page, page.locator("#market .kcard").first, "the first market card")
            else:
                on_first_screen(page, page.locator("#prompt h2"), f"the {kind} question")
                on_first_screen(page, page.locator("#prompt button[data-action]").first, f"the {kind} answer")
            no_sideways_scroll(page, f"{game} {kind}")
            seen.add(want)
        page.goto(server.url + room["spectator_link"])
        page.wait_for_selector("body[data-version]")
        on_first_screen(page, page.locator("#dice"), "the dice (spectator)")
        no_sideways_scroll(page, f"{game} spectator")
    finally:
        context.close()


TRAY_JS = """
async (cases) => {
  const { trayLogic } = await import("/static/views/kot.js");
  return cases.map(([old, dice, black, slots, kept, faces]) => {
    const obs = { dice_tokens: black === null ? undefined : [0], black_dice: black || 0 };
    const groups = trayLogic.diceGroups(obs, dice.length);
    const tray = { slots: slots.slice(), kept: new Set(), fresh: new Set() };
    const keptOld = faces === null
      ? groups.map((g) => trayLogic.inferKept(old, dice, g)).flat()
      : trayLogic.simulateReroll(old, faces, groups);
    const ok = trayLogic.placeReroll(tray, old, dice, keptOld, groups, new Set(kept));
    return [ok, tray.slots, [...tray.kept].sort(), [...tray.fresh].sort()];
  });
}
"""


def test_the_tray_follows_the_engines_reroll_brown_and_black_dice(page, server):
    """The tray's mapping of screen places to the engine's dice (views/kot.js trayLogic):
    our reroll is simulated as the engine does it, the kept faces going to the places we
    kept; with black dice (kot-godzilla, ruling G20) each colour stays in its places, and a
    face rerolled from the black die first shows the brown one kept."""
    page.goto(server.url + "/")
    page.wait_for_selector("body[data-ready]")
    cases = [
        # kot-dark: the second Claw kept (place 2); the engine rerolls the first Claw it finds
        # and moves the kept one to the front; the place kept stays place 2
        (["c", "h", "c", "1", "2", "3"], ["c", "e", "e", "1", "h", "h"], None, [0, 1, 2, 3, 4, 5], [2],
         ["1", "2", "3", "h", "c"]),
        # kot-godzilla, 1 black die (place 5): the black Energy kept, the brown Energy loose:
        # 'reroll 1 2 3 e c' rerolls the black Energy first (G20): the brown one is kept
        (["e", "2", "3", "1", "c", "e"], ["e", "h", "h", "1", "2", "c"], 1, [0, 1, 2, 3, 4, 5], [5],
         ["1", "2", "3", "e", "c"]),
        # kot-godzilla: a black Claw kept and a brown Claw loose: the brown Claw is rerolled
        (["c", "2", "3", "1", "h", "c"], ["h", "h", "1", "2", "3", "c"], 1, [0, 1, 2, 3, 4, 5], [5],
         ["1", "2", "3", "h", "c"]),
        # another monster's reroll, inferred: its 3 and Heart kept, four rerolled
        (["1", "3", "e", "h", "2", "2"], ["3", "h", "c", "c", "c", "1"], None, [0, 1, 2, 3, 4, 5], [], None),
    ]
    got = page.evaluate(TRAY_JS, cases)
    assert got[0] == [True, [1, 2, 0, 3, 4, 5], [2], [0, 1, 3, 4, 5]], got[0]
    assert got[1] == [True, [0, 1, 2, 3, 4, 5], [0], [1, 2, 3, 4, 5]], got[1]
    assert got[2] == [True, [0, 1, 2, 3, 4, 5], [5], [0, 1, 2, 3, 4]], got[2]
    assert got[3] == [True, [2, 0, 3, 1, 4, 5], [1, 3], [0, 2, 4, 5]], got[3]


def test_a_finished_game_replays_step_by_step_and_by_jumps(page, server):
    """The replay draws the public observations one after another and out of order (the
    tray follows rerolls forward and starts again on a jump) without a script error."""
    room = httpx.post(server.url + "/api/rooms", json={
        "game": "kot-godzilla", "seed": 4, "options": {"evolutions": True},
        "seats": [{"kind": "bot", "agent": "heuristic"}] * 3}, timeout=60).json()
    end = time.monotonic() + 300  # a guard against a hang, not a speed check
    while httpx.get(f"{server.url}/api/rooms/{room['room']}", timeout=60).json()["status"] != "finished":
        assert time.monotonic() < end, "the bot game did not end"
        time.sleep(0.1)
    page.goto(server.url + room["spectator_link"] + "?replay=1")
    slider = page.locator("#replay-slider")
    total = int(slider.get_attribute("max"))
    rng = random.Random(2)
    for at in list(range(1, min(total, 60))) + [rng.randint(1, total) for _ in range(20)]:
        slider.fill(str(at))
        expect(page.locator("#replay-step")).to_have_text(f"Step {at} of {total}")
        assert page.locator("#replay-board .kot #dice").count() == 1
    assert page.locator("#replay-board #monsters .monster").count() == 3


def test_the_replay_seats_panel_shows_who_is_out_at_the_step_shown(page, server):
    """In the replay the Seats panel follows the step: a monster still on the board at a
    step is not listed as "out: eliminated" there, though it is at the end (issue 12)."""
    room = httpx.post(server.url + "/api/rooms", json={
        "game": "kot-dark", "seed": 3, "seats": [{"kind": "bot", "agent": "heuristic"}] * 3}, timeout=60).json()
    end = time.monotonic() + 300  # a guard against a hang, not a speed check
    while httpx.get(f"{server.url}/api/rooms/{room['room']}", timeout=60).json()["status"] != "finished":
        assert time.monotonic() < end, "the bot game did not end"
        time.sleep(0.1)
    steps = httpx.get(f"{server.url}/api/rooms/{room['room']}/replay", timeout=60).json()["steps"]

    def out_at(at):
        return [i for i, m in enumerate(steps[at - 1]["observation"]["monsters"]) if m.get("alive") is False]

    total = len(steps)
    assert out_at(total), "the game needs a monster eliminated by its end for this test"
    # the last step at which nobody was out yet, and the first at which somebody was
    first_out = next(at for at in range(1, total + 1) if out_at(at))
    page.goto(server.url + room["spectator_link"] + "?replay=1")
    slider = page.locator("#replay-slider")
    expect(slider).to_have_attribute("max", str(total))
    outs = page.locator("#seats .seat-out")
    shown = total
    for at in (1, first_out - 1, first_out, total):
        slider.fill(str(at))
        expect(page.locator("#replay-step")).to_have_text(f"Step {at} of {total}")
        expect(outs).to_have_count(len(out_at(at)))
        for seat in out_at(at):
            expect(page.locator(f"#seats .seat[data-seat='{seat}'] .seat-out")).to_have_text("out: eliminated")
        expect(page.locator("#seats-at")).to_have_text(f" at step {at}")
        # a jump of the slider shows the position, not a "+n" for all the steps jumped over
        if abs(at - shown) > 1:
            expect(page.locator("#replay-board .delta")).to_have_count(0)
        shown = at


def test_the_dice_of_each_roll_are_drawn_as_dice_in_the_log(page, server):
    """A roll's line in the log shows small dice (symbols for Energy, Heart and Claw) that
    keep their words, so the line reads the same to a screen reader or when copied."""
    room = seat_room(server)
    page.goto(server.url + room["seats"][0]["link"])
    page.wait_for_selector("body[data-version]")
    wait_for_decision(page)
    rolled = page.locator("#log li", has=page.locator(".log-dice")).filter(has_text="Alienoid rolls: ")
    expect(rolled.first).to_be_visible()
    line = rolled.first
    dice = line.locator(".log-die")
    assert dice.count() == 6
    words = [dice.nth(i).get_attribute("title") for i in range(6)]
    assert set(words) <= {"1", "2", "3", "Energy", "Heart", "Claw"}
    # the text is unchanged: the words of the dice, in order
    assert f"rolls: {' '.join(words)}." in line.text_content()
    for i, word in enumerate(words):
        symbol = dice.nth(i).locator("svg")
        assert symbol.count() == (0 if word in "123" else 1)
    # the first-player roll-off is not a list of dice: it stays words
    expect(page.locator("#log li").filter(has_text="for first player").first.locator(".log-die")).to_have_count(0)
    page.locator("#log").scroll_into_view_if_needed()
    page.screenshot(path="/tmp/log-dice.png")


# ----- Rapid Healing with dice that have nothing to resolve (ruling R42) ----------------------------
def _healer_move(state, rng):
    """Seat 0's answer: collect energy until it holds Rapid Healing (sweeping the market for
    it), then, hurt, keep dice towards 1-1-2-2-3-3; resolve, yield, the rest at random."""
    legal, kind, m = state.legal_texts(), state.node[2], state.monsters[0]
    if "buy rapid-healing" in legal:
        return "buy rapid-healing"
    if kind == "buy":
        return "sweep" if "sweep" in legal and "rapid-healing" not in m.cards else "end"
    if kind == "roll":
        aim = "rapid-healing" in m.cards and m.energy >= 2 and m.hearts < 10
        kept, rest = {"1": 0, "2": 0, "3": 0}, []
        for f in state.dice:
            if aim and f in kept and kept[f] < 2:
                kept[f] += 1
            elif not (not aim and f == "e"):
                rest.append(f)
        text = "reroll " + " ".join(sorted(rest, key="123ehc".index)) if rest else "stop"
        return text if text in legal else "stop"
    if "yield" in legal:
        return "yield"
    return next((t for t in legal if t.startswith("resolve ")), None) or rng.choice(legal)


def _store_r42_room(db, token):
    """A kot-dark room stored where seat 0 (a person, ``token``) has dice with nothing to
    resolve and Rapid Healing on offer, with energy and missing hearts for two uses: played
    offline (seat 1 at random), the first seed that gets there. Returns (room id, its state)."""
    from tokyo.core import load_game, sample_chance
    from tokyo.server.rooms import hash_token
    from tokyo.server.store import GameRecord, SeatRecord, Step, Store
    game = load_game("kot-dark", 2)

    def wanted(state):
        m = state.monsters[0]
        return (state.current_player() == 0 and state.node[2] == "resolve" and m.energy >= 4 and m.hearts <= 8
                and state.legal_texts() == ["rapid-heal", "done"])
    for seed in range(40):
        rng, state, steps = random.Random(seed), game.new_initial_state(), []
        for _ in range(3000):
            player = state.current_player()
            if state.is_terminal() or wanted(state):
                break
            text = sample_chance(state, rng) if player < 0 else (
                _healer_move(state, rng) if player == 0 else rng.choice(state.legal_texts()))
            steps.append(Step(text, "chance" if player < 0 else "decision", None if player < 0 else player))
            state.apply_action(text)
        if not state.is_terminal() and wanted(state):
            break
    else:
        raise AssertionError("no seed reached Rapid Healing with dice that have nothing to resolve")
    seats = [SeatRecord("human", name="Ann", token_hash=hash_token(token)), SeatRecord("bot", "random", "Bot")]
    store = Store(db)
    store.create_game(GameRecord("r42", "kot-dark", 2, game.options_json(), seats, seed, time.time()), steps)
    store.close()
    return "r42", state


def test_rapid_healing_with_nothing_to_resolve_is_asked_and_may_be_declined(page, tmp_path):
    """Ruling R42 in the page: with dice that resolve nothing and Rapid Healing on offer, the
    person sees both (heal, or go on); healing asks again; going on heals no more."""
    from browserhelpers import Server
    token = "r42-person-token"
    room, state = _store_r42_room(tmp_path / "games.sqlite3", token)
    hearts, energy = state.monsters[0].hearts, state.monsters[0].energy
    srv = Server(tmp_path / "games.sqlite3")
    try:
        page.goto(f"{srv.url}/play/{room}?token={token}")
        wait_for_decision(page)
        assert node(page) == "resolve"
        panel = page.locator("#dice-panel")
        expect(panel.locator("button[data-action=done]")).to_have_text("Go on without using a card")
        expect(panel.locator("button[data-action=rapid-heal]")).to_be_visible()
        expect(panel).to_contain_text("These dice have nothing to resolve")
        expect(page.locator("#status")).to_contain_text("use a card now, or go on")
        click_and_wait(page, panel.locator("button[data-action=rapid-heal]"))
        # healed once, and asked again
        assert node(page) == "resolve" and page.locator("#dice-panel button[data-action=done]").is_visible()
        click_and_wait(page, page.locator("#dice-panel button[data-action=done]"))
        view = httpx.get(f"{srv.url}/api/rooms/{room}/seat/{token}", timeout=60).json()
        me = view["observation"]["monsters"][0]
        assert (me["hearts"], me["energy"]) == (hearts + 1, energy - 2)
        assert view["observation"]["node"]["kind"] != "resolve"
    finally:
        srv.stop()


@pytest.fixture(scope="module")
def paced(tmp_path_factory):
    """A server whose bots take their time, as they do for a person watching."""
    from browserhelpers import Server
    srv = Server(tmp_path_factory.mktemp("paced") / "games.sqlite3", bot_delay=1.0)
    yield srv
    srv.stop()


def test_your_final_roll_stays_shown_while_the_others_play(page, paced):
    """Once your turn is over the tray shows the next monster's dice; your final roll stays in
    "Last rolls" (with each other monster's), until your next roll. A Claw says it is a Smash."""
    room = seat_room(paced, seed=5, players=3)
    client = httpx.Client(base_url=paced.url, timeout=60)
    token = room["seats"][0]["token"]
    mine = None
    for _ in range(STEP_LIMIT):
        view = client.get(f"/api/rooms/{room['room']}/seat/{token}").json()
        kept = [line["text"] for line in view["log"] if line["text"].startswith("Alienoid keeps: ")]
        if kept and not view["your_turn"] and view["observation"]["active"] != 0:
            mine = kept[-1]
            break
        if not view["your_turn"]:
            time.sleep(0.05)
            continue
        legal = view["legal"]
        pick = "stop" if "stop" in legal else "end" if "end" in legal else legal[0]
        client.post(f"/api/rooms/{room['room']}/actions", json={"token": token, "action": pick,
                                                               "version": view["version"]})
    assert mine, "the person's turn did not end"
    page.goto(paced.url + room["seats"][0]["link"])
    page.wait_for_selector("body[data-version]")
    expect(page.locator("#dice-panel h2")).not_to_have_text("Your dice")
    row = page.locator("#last-rolls li.mine")
    expect(row).to_be_visible()
    expect(row).to_contain_text("Your roll")
    words = {"1": "1", "2": "2", "3": "3", "e": "Energy", "h": "Heart", "c": "Claw"}
    faces = row.locator(".log-die").evaluate_all(
        "ds => ds.map((d) => [...d.classList].find((c) => c.startsWith('face-')).slice(5))")
    assert "Alienoid keeps: " + " ".join(words[f] for f in faces) + "." == mine
    # the other monsters' last rolls too, each with its name
    expect(page.locator("#last-rolls li:not(.mine)").first).to_be_visible()
    # a Claw is named with the word the cards and the log use for what it does
    claws = page.locator("#dice-panel .face-c")
    assert claws.count() > 0
    for title in claws.evaluate_all("cs => cs.map((c) => c.title)"):
        assert title.startswith("Claw") and "Smash" in title, title
    # the dice words for screen readers stay inside the log box: the page ends where the
    # tables end, however long the log (no empty screens below them)
    page.wait_for_function("document.querySelectorAll('#log .log-die').length > 40")
    page_end, content_end = page.evaluate(
        "[document.documentElement.scrollHeight, document.querySelector('main').getBoundingClientRect().bottom + scrollY]")
    assert page_end <= content_end + 40, (page_end, content_end)
