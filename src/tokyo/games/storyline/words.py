"""Storyline words shared by the log, the terminal (``tokyo play``) and the browser: counters
in the rules' words (``1 Time counter``, ``2 damage counters``), a deck by its name, a card
on the Map by its name (and, only when two cards share it, where it is), and what an
activated ability or a bargain costs and does (storyline 7.4, 7.5), taken from the card's
own text."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from .cards import Ability, CardSet, Entry

if TYPE_CHECKING:
    from .state import StorylineState

BAND_NAMES = {1: "Surface", 2: "Orbit", 3: "Deep Space"}
COUNTER_NAMES = {"time": "Time", "story": "Story", "liberation": "Liberation", "damage": "damage"}
LOSE_CONDITIONS = {"treasury": "an empty Treasury", "deck": "an empty deck", "wreckage": "too much wreckage",
                   "homeworld": "a lost Homeworld"}   # storyline 16.3-16.6
TYPE_NAMES = {"character": "Character", "ground-unit": "Ground Unit", "spacecraft": "Spacecraft",
              "location": "Location", "device": "Device", "event": "Event", "storyline": "Storyline",
              "epilogue": "Epilogue"}


def counters(n: int, kind: str) -> str:
    """``1 Time counter``, ``2 Story counters``, ``3 damage counters`` (storyline 9.1)."""
    return f"{n} {COUNTER_NAMES.get(kind, kind)} counter{'' if n == 1 else 's'}"


def deck_name(cards: CardSet, deck_id: str | None) -> str:
    """A deck's printed name (``Ironclad Concord``); the id only if the card set has none."""
    deck = cards["decks"].get(deck_id) if deck_id else None
    return (deck["name"] if deck is not None else "") or deck_id or "no deck"


def card_ref(state: StorylineState, e: Entry) -> str:
    """A card on the Map by its name; when another card on the Map has that name too, with
    where it is (``Line Trooper on Anvil Prime``, ``Scrap Drone in Surface``), and its
    number as well if that still does not tell them apart (``Scrap Drone in Surface, #7``)."""
    name: str = state.face(e)["name"]
    same = [x for x in state.map if state.face(x)["name"] == name]
    if len(same) < 2:
        return name
    where = _where(state, e)
    if sum(1 for x in same if _where(state, x) == where) < 2:
        return f"{name} {where}"
    return f"{name} {where}, #{e['uid']}"


def _where(state: StorylineState, e: Entry) -> str:
    if e.get("host") is not None and (h := state.find(e["host"])) is not None:
        return f"on {state.face(h)['name']}"
    if e.get("place") is not None and (h := state.find(e["place"])) is not None:
        return f"{'aboard' if state.is_capital(h) else 'on'} {state.face(h)['name']}"
    band = state.band(e)
    return f"in {BAND_NAMES[band]}" if band else "with no Band"


# ----- activated abilities and bargains (storyline 7.4, 7.5) ------------------------------
_CLAUSE = {
    # "Bargain - 3 Treasury: remove 1 Time counter from this."
    "bargain": re.compile(r"Bargain\s*-\s*[^:.]*:\s*([^.]*)\."),
    # "2 Treasury, spend this: ...", "Spend this: ...", "1 Treasury: ..."
    "activated": re.compile(r"(?:^|(?<=\.\s))(?:\d+ Treasury(?:, spend this)?|Spend this):\s*([^.]*)\."),
}


def ability_of(state: StorylineState, text: str) -> tuple[Entry, Ability, int]:
    """The card and the ability a ``use <uid>[:k]`` or ``bargain <uid>[:k]`` text names."""
    verb, ref = text.split()
    uid, _, index = ref.partition(":")
    e = state.entry(int(uid))
    kind = "activated" if verb == "use" else "bargain"
    k = int(index or 0)
    return e, [a for _, a in state.abilities_of(e) if a["kind"] == kind][k], k


def ability_words(state: StorylineState, text: str) -> dict[str, str | None]:
    """What the legal action ``use ...`` or ``bargain ...`` costs and does, in the rules' words:
    ``{"card": the card (card_ref), "cost": "pay 2 Treasury and spend Lantern Shrine",
    "does": "put 1 Story counter on target Storyline you control", "idle": None or why it
    would change nothing but the payment ("it has no Time counter")}``.
    ``does`` is the card's own text of that ability, "this" named."""
    e, a, k = ability_of(state, text)
    kind = a["kind"]
    ref = card_ref(state, e)
    cost = a["cost"]
    paid = [f"pay {cost['treasury']} Treasury"] if cost.get("treasury") else []
    if cost.get("spend"):
        paid.append(f"spend {ref}")
    clauses = _CLAUSE[kind].findall(state.face(e)["text"] or "")
    does: str = clauses[k] if k < len(clauses) else "use its ability (see the card's text)"
    does = re.sub(r"\bthis\b", ref, does)
    return {"card": ref, "cost": " and ".join(paid) or "pay nothing", "does": does, "idle": idle_reason(state, e, a)}


def idle_reason(state: StorylineState, e: Entry, a: Ability) -> str | None:
    """Why using ability ``a`` of ``e`` now would change nothing but its cost, or None: every
    part of it removes counters of a kind from this card, or from a target, and none of them
    has such a counter (storyline 9.3.1: it removes all there are, none)."""
    why: list[str] = []
    for op in a["effect"]:
        if op["op"] != "remove-counters":
            return None
        kind = op["type"]
        on = op["on"]
        if on == "this":
            cards = [e]
        elif isinstance(on, dict) and "target" in on:
            ctx = state.context(e, a, a["effect"])
            cards = state.candidates("target", on["target"], ctx, state.op_power(op, ctx))
        else:
            return None
        if any(state.counters_of(c, kind) for c in cards):
            return None
        noun = f"{COUNTER_NAMES.get(kind, kind)} counter"
        why.append(f"it has no {noun}" if on == "this"
                   else f"no card it may target has a {noun}")
    return "; ".join(why) or None
