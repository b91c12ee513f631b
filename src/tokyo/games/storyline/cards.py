"""Reading Storyline card data (TOML), following the card format sketch at the end of
docs/rules/storyline.md until docs/storyline-card-format.md exists.

A file holds ``[[card]]`` tables. A card has ``id``, ``set`` (its faction, or ``crisis``),
``original = true``, optional ``homeworld = true`` (the one Homeworld of a faction), and
for a card of a shipped deck ``copies`` (``deck`` defaults to the faction: one shipped deck
per faction, storyline 5.1.2). A single-faced card has its face as ``[card.face]``; a
Storyline has ``[card.front]`` (type ``storyline``) and ``[card.back]`` (any type).

A face: ``name``, ``type`` (character, ground-unit, spacecraft, location, device, event,
storyline, epilogue), ``class`` (capital / non-capital, Spacecraft), ``cost``, ``strike``,
``power`` (low / high), ``range`` (0-2), ``durability``, ``income``, ``shield`` (Storyline
faces only), ``band`` (ordinary Storyline faces), ``arrives_contested``, ``attach`` (a
Device's allowed host types), ``chapters`` (``[{number, counter, text}]``), ``award``,
``effect`` (an Event's operations), ``text``.

The engine does not interpret abilities yet: ``effect`` operations of Events are read
from a small vocabulary (``gain-treasury``, ``draw``), and an Event using anything else is
not playable (``Face.playable``); chapter texts are shown, not applied.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

TYPES = ("character", "ground-unit", "spacecraft", "location", "device", "event", "storyline", "epilogue")
PERMANENT_TYPES = ("character", "ground-unit", "spacecraft", "location", "device")
UNIT_TYPES = ("character", "ground-unit", "spacecraft")
COUNTER_TYPES = ("damage", "story", "time", "liberation")
EVENT_OPS = ("gain-treasury", "draw")   # the Event operations the engine runs today
DECK_SIZE = 30
MAX_COPIES = 3


class CardDataError(ValueError):
    """Card data that does not follow the format."""


def _face(cid: str, raw: dict) -> dict:
    f = dict(raw)
    t = f.get("type")
    if t not in TYPES:
        raise CardDataError(f"card {cid!r}: type {t!r} is not one of {', '.join(TYPES)}")
    if "name" not in f:
        raise CardDataError(f"card {cid!r}: a face needs a name")
    if t == "spacecraft" and f.get("class") not in ("capital", "non-capital"):
        raise CardDataError(f"card {cid!r}: a Spacecraft face needs class capital or non-capital")
    for key in ("cost", "strike", "range", "income", "award"):
        f[key] = int(f.get(key, 0))
        if f[key] < 0:
            raise CardDataError(f"card {cid!r}: {key} below 0")
    if f["range"] > 2:
        raise CardDataError(f"card {cid!r}: range above 2 (storyline 1.5.4)")
    f["power"] = f.get("power", "low")
    if f["power"] not in ("low", "high"):
        raise CardDataError(f"card {cid!r}: power must be low or high")
    if t in ("character", "ground-unit", "spacecraft", "location", "storyline"):
        f["durability"] = int(f.get("durability", 1))
        if f["durability"] < 1:
            raise CardDataError(f"card {cid!r}: durability below 1 (storyline 1.5.3)")
    if t == "storyline":
        if f.get("shield") not in ("shielded", "unshielded"):
            raise CardDataError(f"card {cid!r}: a Storyline face prints shielded or unshielded")
        chapters = f.get("chapters") or []
        if not chapters:
            raise CardDataError(f"card {cid!r}: a Storyline face needs Chapters")
        last = 0
        for ch in chapters:
            if int(ch["number"]) <= last:
                raise CardDataError(f"card {cid!r}: Chapter numbers must rise (storyline 8.5.2)")
            last = int(ch["number"])
            if ch.get("counter", "story") not in ("story", "time"):
                raise CardDataError(f"card {cid!r}: a Chapter counts story or time counters")
        f["chapters"] = [{"number": int(c["number"]), "counter": c.get("counter", "story"),
                          "text": c.get("text", "")} for c in chapters]
        if "band" in f and f["band"] not in (1, 2, 3):
            raise CardDataError(f"card {cid!r}: band must be 1, 2 or 3")
    if t == "device":
        f["attach"] = list(f.get("attach", UNIT_TYPES))
    f["arrives_contested"] = bool(f.get("arrives_contested", False))
    f["effect"] = list(f.get("effect", []))
    f["text"] = f.get("text", "")
    return f


def playable_event(face: dict) -> bool:
    """Whether the engine can resolve this Event's operations today."""
    return all(op.get("op") in EVENT_OPS for op in face["effect"])


def load_card_set(directory: str | Path) -> dict:
    """Every ``*.toml`` file of ``directory``: ``{"cards": {id: card}, "decks": {deck id:
    {"id", "homeworld", "cards": {card id: copies}}}}``. A card is ``{"id", "set",
    "homeworld", "copies", "deck", "faces": {"front": face[, "back": face]}}``.
    Raises CardDataError where the data breaks the format or storyline 5.1.1-5.1.2."""
    cards: dict[str, dict] = {}
    for path in sorted(Path(directory).glob("*.toml")):
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        for raw in data.get("card", []):
            cid = raw.get("id")
            if not cid or cid in cards:
                raise CardDataError(f"{path.name}: card id {cid!r} missing or used twice")
            if "face" in raw:
                faces = {"front": _face(cid, raw["face"])}
            elif "front" in raw and "back" in raw:
                faces = {"front": _face(cid, raw["front"]), "back": _face(cid, raw["back"])}
                if faces["front"]["type"] != "storyline":
                    raise CardDataError(f"card {cid!r}: only a Storyline is double-faced (storyline 2.12)")
            else:
                raise CardDataError(f"card {cid!r}: needs [card.face] or [card.front] and [card.back]")
            if faces["front"]["type"] == "storyline" and "back" not in faces:
                raise CardDataError(f"card {cid!r}: a Storyline needs a back face (storyline 2.12.1)")
            card = {"id": cid, "set": raw.get("set", ""), "homeworld": bool(raw.get("homeworld", False)),
                    "copies": int(raw.get("copies", 0)), "deck": raw.get("deck", raw.get("set", "")),
                    "faces": faces}
            if card["homeworld"] and faces["front"]["type"] != "location":
                raise CardDataError(f"card {cid!r}: a Homeworld is a Location (storyline 3.5.2)")
            cards[cid] = card
    decks: dict[str, dict] = {}
    for c in cards.values():
        if c["set"] == "crisis":
            continue
        d = decks.setdefault(c["deck"], {"id": c["deck"], "homeworld": None, "cards": {}})
        if c["homeworld"]:
            if d["homeworld"]:
                raise CardDataError(f"deck {c['deck']!r} has two Homeworlds")
            d["homeworld"] = c["id"]
        elif c["copies"]:
            if c["copies"] > MAX_COPIES:
                raise CardDataError(f"card {c['id']!r}: more than {MAX_COPIES} copies (storyline 5.1.2)")
            d["cards"][c["id"]] = c["copies"]
    for d in decks.values():
        size = sum(d["cards"].values())
        if size != DECK_SIZE or not d["homeworld"]:
            raise CardDataError(f"deck {d['id']!r}: {size} cards and Homeworld {d['homeworld']!r}; "
                                f"a deck is exactly {DECK_SIZE} cards and one Homeworld (storyline 5.1.1)")
    return {"cards": cards, "decks": dict(sorted(decks.items()))}


def default_card_set() -> dict:
    """The shipped cards (src/tokyo/games/storyline/data/), once they exist."""
    here = Path(__file__).with_name("data")
    if not here.is_dir():
        raise CardDataError("no Storyline card data is shipped yet (src/tokyo/games/storyline/data/)")
    return load_card_set(here)
