"""Issue 12, in a real chromium: every ability, bargain, repair and rally button of Storyline and
the Crisis Format says what it costs and what it does, naming cards by name ("Use Lantern
Shrine #1" and "Rally … (pay 4)" said neither); a bargain with a Crisis Storyline that has no
Time counter says it changes nothing; the log names the card whose ability resolves, the deck
by its name and counters as the rules write them.

Positions are reached through the API as in test_browser_storyline_newcomer (random legal
actions of the person's seat against random bots, in the first room seed that gets there)."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from test_browser_storyline_newcomer import open_seat, reach

PAID = ("use", "bargain", "rally", "repair")


def paid(view) -> list[str]:
    if view["observation"]["node"]["kind"] != "main":
        return []
    return [t for t in view["legal"] if t.split()[0] in PAID]


def button(page, where: str, text: str):
    """The button of ``text`` in ``where``: a plain one, or one that asks first (it would
    empty the Treasury)."""
    return page.locator(f"{where} button[data-action='{text}'], {where} button[data-confirm='{text}']").first


def check_words(page, view, texts):
    actions = view["observation"]["actions"]
    for text in texts:
        words = actions[text]
        said = f"{words['cost']} to {words['does']}"
        assert "Treasury" in words["cost"] or "spend" in words["cost"], words
        for where in ("#prompt", "#board"):   # the prompt's list and the card's own button
            b = button(page, where, text)
            expect(b).to_contain_text(said)
            if words["idle"]:
                expect(b).to_contain_text(f"{words['idle']}, so this changes nothing")
            else:
                expect(b).not_to_contain_text("changes nothing")
        # names, not numbers: the one card of that name needs no "#"
        if "#" not in words["card"]:
            assert not re.search(r"#\d", button(page, "#prompt", text).inner_text())


def names_without_numbers(page, view):
    """Every button of the prompt names the cards of its action by name: a number only for a
    card whose name another card on the Map shares."""
    names = [e["name"] for e in view["observation"]["map"]]
    unique = {e["uid"] for e in view["observation"]["map"] if names.count(e["name"]) == 1}
    checked = 0
    for b in page.locator("#prompt button[data-action], #prompt button[data-confirm]").all():
        text = b.get_attribute("data-action") or b.get_attribute("data-confirm")
        uids = [int(w.split(":")[0]) for w in text.split()[1:] if w.split(":")[0].isdigit()]
        if uids and all(u in unique for u in uids):
            assert not re.search(r"#\d", b.inner_text()), (text, b.inner_text())
            checked += 1
    return checked


def test_a_bargain_says_what_it_costs_and_does_and_when_it_changes_nothing(page, server):
    # the first turn: no opponent Admin Phase yet, so no Crisis Storyline has a Time counter
    room, view = reach(server, "crisis-format", 2, lambda v: any(t.startswith("bargain ") for t in paid(v)))
    open_seat(page, server, room)
    texts = [t for t in paid(view) if t.startswith("bargain ")]
    check_words(page, view, texts)
    assert names_without_numbers(page, view) >= 1
    obs = view["observation"]
    if any(obs["actions"][t]["idle"] for t in texts):
        idle = next(t for t in texts if obs["actions"][t]["idle"])
        expect(button(page, "#prompt", idle)).to_contain_text("has no Time counter, so this changes nothing")


def test_abilities_repairs_and_rallies_say_what_they_cost_and_do(page, server):
    room, view = reach(server, "storyline", 2, lambda v: any(t.split()[0] in ("use", "rally", "repair")
                                                              for t in paid(v)))
    open_seat(page, server, room)
    check_words(page, view, paid(view))
    expect(page.locator("#prompt")).not_to_contain_text("(pay ")
    assert names_without_numbers(page, view) >= 1


def test_the_log_names_the_card_the_deck_and_the_counters(page, server):
    # a Crisis Storyline takes a Time counter in each opponent Admin Phase: turn 3 has had one
    room, view = reach(server, "crisis-format", 2, lambda v: v["observation"]["turn"] >= 3)
    open_seat(page, server, room)
    log = page.locator("#log")
    names = [pl["deck_name"] for pl in view["observation"]["players"]]
    for name in names:
        expect(log).to_contain_text(f"plays the {name} deck")
    expect(log).to_contain_text("takes a Time counter (it has 1 Time counter)")
    text = log.inner_text()
    for internal in ("counter(s)", "an ability resolves", "(treasury)", "(epilogue)", "(character)"):
        assert internal not in text
    assert not re.search(r"plays the [a-z]+ deck", text)
