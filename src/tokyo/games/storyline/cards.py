"""Reading Storyline card data (TOML): the format of docs/storyline-card-format.md.

A file holds a ``[deck]`` table (a faction file) or a ``[set]`` table (``crisis``,
``drones``) and a list of ``[[card]]`` tables. A card: ``id``, ``set``, ``deck`` and
``copies`` (a deck card), ``homeworld``, ``token``, ``drone``, ``source``, ``original`` and
``faces.front`` (and ``faces.back`` for a Storyline). A face: the characteristics of its
type, ``text``, ``abilities`` and, on a Storyline face, ``chapters`` (``number`` its
position, ``end`` its End condition's count, ``counter``, ``abilities``, ``on_complete``).

The loader checks what the format's "Checks" section lists: ids unique across the files,
each deck's ``copies`` adding up to its ``size`` (30, storyline 5.1.1) with at most 3 of a
name (5.1.2), every ``create-drone`` naming a Drone and every ``attach-device`` a Device,
every operation, key, selector key and value one of the vocabulary's, Chapters numbered
1, 2, 3... with rising ``end`` (8.5.2).
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any, Iterator, TypedDict

Card = dict[str, Any]
"""A card of the set (JSON-like, see the module docstring): ``id``, ``set``, ``faces``..."""
Face = dict[str, Any]
"""One printed face: ``name``, ``type``, its characteristics, ``text``, ``abilities``..."""
Ability = dict[str, Any]
"""One ability of a face or a Chapter: ``kind``, ``effect`` (operations), ``when``, ``cost``..."""
Op = dict[str, Any]
"""One operation of an ability's effect: ``op`` and its keys (docs/storyline-card-format.md)."""
Entry = dict[str, Any]
"""A card on the Map (state.StorylineState.map; the fields are listed in state's docstring)."""


class Deck(TypedDict):
    """A faction deck of the card set."""
    id: str
    name: str
    set: str
    size: int
    homeworld: str            # its Homeworld's card id (the loader checks there is one)
    cards: dict[str, int]     # card id -> copies


class CardSet(TypedDict):
    """What :func:`load_card_set` returns."""
    cards: dict[str, Card]
    decks: dict[str, Deck]
    crises: list[str]         # the Crisis Storyline ids, sorted

TYPES = ("character", "ground-unit", "spacecraft", "location", "device", "event", "storyline", "epilogue")
PERMANENT_TYPES = ("character", "ground-unit", "spacecraft", "location", "device")
UNIT_TYPES = ("character", "ground-unit", "spacecraft")
COUNTER_TYPES = ("damage", "story", "time", "liberation")
DECK_SIZE = 30
MAX_COPIES = 3

KINDS = ("static", "triggered", "activated", "bargain")
EVENTS = ("played", "enters", "arrives", "falls", "becomes-contested", "destroyed", "attacks", "end-of-act")
PHASES = ("admin", "draw", "main", "end")
WHOSE = ("your", "each-opponent", "each")
WHO = ("you", "paired-player", "each-player", "each-opponent", "random-player")
SELECTOR_KEYS = {
    "controller": ("you", "opponent", "paired-player", "each-player", "random-player", "any"),
    "type": TYPES[:5] + ("storyline", "unit", "permanent"),
    "class": ("capital", "non-capital"),
    "band": (1, 2, 3),
    "shield": ("shielded", "unshielded"),
    "state": ("contested", "fallen", "damaged"),
    "position": ("on-location", "aboard", "in-the-open"),
    "homeworld": (True, False),
    "drone": (True, False),
    "other": (True, False),
}
CHARACTERISTICS = ("strike", "range", "durability", "income", "cost")
# operation -> (required keys, optional keys)
OPS = {
    "deal-damage": (("amount", "power", "to"), ()),
    "destroy": (("to",), ()),
    "gain-treasury": (("who", "amount"), ()),
    "lose-treasury": (("who", "amount"), ()),
    "draw": (("who", "n"), ()),
    "discard": (("who", "n"), ("random",)),
    "add-counters": (("type", "n", "on"), ()),
    "remove-counters": (("type", "n", "on"), ()),
    "create-drone": (("drone", "where"), ("n",)),
    "attach-device": (("device", "to"), ()),
    "attack": (("by",), ("to",)),
    "modify": (("characteristic", "by", "to"), ("duration",)),
    "flip-back": ((), ()),
    "move": (("unit", "to"), ()),
}
RECIPIENT_KEYS = {"to": ("deal-damage", "destroy", "attach-device", "modify", "move"), "on": ("add-counters",
                  "remove-counters"), "unit": ("move",), "by": ("attack",)}


class StaticChange:
    """One lasting ``modify`` of a face's static ability (storyline 7.2), read once per
    game: which cards it changes (``to``: ``this``, ``host``, or ``how`` a selector
    ``sel`` such as ``each``) and by how much."""

    def __init__(self, to: str, sel: dict[str, Any] | None, by: int) -> None:
        self.to = to
        self.sel = sel
        self.by = by


class PrintedFace:
    """What the engine reads of one printed face on nearly every step, taken once per game
    from the card's data (``data``, the face's dict, which stays the form for everything
    else: text, Chapters, Device attachments): its name, type and characteristics, the
    card's set and Drone mark, and its static abilities, both as they are printed
    (``statics``) and as lasting changes by characteristic (``changes``). Typed
    attributes, which the compiled engine reads natively (a dict of ``Any`` it reads no
    faster than Python)."""

    def __init__(self, card: Card, face: Face) -> None:
        self.data: Face = face
        self.card_id: str = card["id"]
        self.name: str = face["name"]
        self.type: str = face["type"]
        self.cls: str | None = face.get("class")
        self.cost: int = face.get("cost", 0)
        self.strike: int = face.get("strike", 0)
        self.range: int = face.get("range", 0)
        self.income: int = face.get("income", 0)
        self.durability: int = face.get("durability", 1)
        self.power: str = face.get("power", "low")
        self.shield: str | None = face.get("shield")
        self.band: int | None = face.get("band")
        self.homeworld: bool = bool(face.get("homeworld"))
        self.permanent = self.type in PERMANENT_TYPES   # storyline 3.1.1, ruling S20
        self.unit = self.type in UNIT_TYPES
        self.capital = self.type == "spacecraft" and self.cls == "capital"
        # storyline 11.3.1: a permanent but a Device, or a Storyline face
        self.attackable = self.type == "storyline" or (self.permanent and self.type != "device")
        self.crisis_set: bool = card["set"] == "crisis"
        self.drone = bool(card["drone"])
        self.abilities: list[Ability] = face["abilities"]
        self.statics: list[tuple[int, Ability]] = [(i, a) for i, a in enumerate(self.abilities)
                                                   if a["kind"] == "static"]
        every = self.abilities + [a for ch in face.get("chapters", []) for a in ch["abilities"]]
        # activated abilities or bargains, on the face or a Chapter (storyline 7.4, 7.5)
        self.activates = any(a["kind"] in ("activated", "bargain") for a in every)
        # abilities that trigger at a phase (storyline 7.3.2), on the face or a Chapter
        self.phase_triggers = any(a["kind"] == "triggered" and isinstance(a.get("when"), dict) for a in every)
        self.changes: dict[str, list[StaticChange]] = {}
        for _, a in self.statics:
            for op in a["effect"]:
                to = op["to"]
                if isinstance(to, dict):
                    (how, sel), = to.items()
                    change = StaticChange(how, sel, op["by"])
                else:
                    change = StaticChange(to, None, op["by"])
                self.changes.setdefault(op["characteristic"], []).append(change)


class CardDataError(ValueError):
    """Card data that does not follow the format."""


def _selector(cid: str, sel: object) -> dict[str, Any]:
    if not isinstance(sel, dict):
        raise CardDataError(f"card {cid!r}: a selector is a table, not {sel!r}")
    for k, v in sel.items():
        allowed = SELECTOR_KEYS.get(k)
        if allowed is None:
            raise CardDataError(f"card {cid!r}: selector key {k!r} is not one of the format's")
        vals = v if k == "type" else [v]
        if k == "type" and not isinstance(v, list):
            raise CardDataError(f"card {cid!r}: a selector's type is a list")
        for x in vals:
            if x not in allowed:
                raise CardDataError(f"card {cid!r}: selector {k} = {x!r} is not one of {allowed}")
    return dict(sel)


def _recipient(cid: str, r: object, places: bool = False) -> str | dict[str, dict[str, Any]]:
    if r in ("this", "host"):
        return r
    if places and r in ("open", "orbit"):
        return r
    if isinstance(r, dict) and len(r) == 1:
        (k, sel), = r.items()
        if k in ("target", "random", "each"):
            return {k: _selector(cid, sel)}
    raise CardDataError(f"card {cid!r}: {r!r} is not a recipient")


def _op(cid: str, raw: dict[str, Any]) -> Op:
    name = raw.get("op")
    if name not in OPS:
        raise CardDataError(f"card {cid!r}: operation {name!r} is not one of the format's")
    need, opt = OPS[name]
    keys = set(raw) - {"op"}
    if not set(need) <= keys or not keys <= set(need) | set(opt):
        raise CardDataError(f"card {cid!r}: {name} takes {need} (and {opt}), not {sorted(keys)}")
    op = dict(raw)
    for k in ("amount", "n", "by"):
        if k in op and not (name == "attack" and k == "by"):
            op[k] = int(op[k])
    if "power" in op and op["power"] not in ("low", "high"):
        raise CardDataError(f"card {cid!r}: power {op['power']!r}")
    if "who" in op and op["who"] not in WHO:
        raise CardDataError(f"card {cid!r}: who = {op['who']!r} is not one of {WHO}")
    if name in ("add-counters", "remove-counters"):
        allowed = ("story", "time") if name == "add-counters" else COUNTER_TYPES
        if op["type"] not in allowed:
            raise CardDataError(f"card {cid!r}: {name} of {op['type']!r} counters")
    if name == "modify":
        if op["characteristic"] not in CHARACTERISTICS:
            raise CardDataError(f"card {cid!r}: modify {op['characteristic']!r}")
        if op.get("duration", "this-turn") != "this-turn":
            raise CardDataError(f"card {cid!r}: duration {op['duration']!r}")
    for key, names in RECIPIENT_KEYS.items():
        if name in names and key in op:
            op[key] = _recipient(cid, op[key])
    if name == "attack" and "to" in op:
        op["to"] = _selector(cid, op["to"])
    if name == "create-drone":
        op["n"] = int(op.get("n", 1))
        op["where"] = _recipient(cid, op["where"], places=True)
    return op


def _ability(cid: str, raw: dict[str, Any]) -> Ability:
    kind = raw.get("kind")
    if kind not in KINDS:
        raise CardDataError(f"card {cid!r}: ability kind {kind!r}")
    known = {"kind", "when", "cost", "limit", "range", "power", "effect", "may"}
    if set(raw) - known:
        raise CardDataError(f"card {cid!r}: ability keys {sorted(set(raw) - known)} are not the format's")
    a = {"kind": kind, "effect": [_op(cid, o) for o in raw.get("effect", [])]}
    if kind == "triggered":
        when = raw.get("when")
        if isinstance(when, dict):
            if when.get("phase") not in PHASES or when.get("whose") not in WHOSE or len(when) != 2:
                raise CardDataError(f"card {cid!r}: phase trigger {when!r}")
            a["when"] = dict(when)
        elif when not in EVENTS:
            raise CardDataError(f"card {cid!r}: trigger event {when!r}")
        else:
            a["when"] = when
    if kind == "static" and any(o["op"] != "modify" or "duration" in o for o in a["effect"]):
        raise CardDataError(f"card {cid!r}: a static ability holds only lasting modify operations")
    if kind in ("activated", "bargain"):
        cost = dict(raw.get("cost", {}))
        if set(cost) - {"treasury", "spend"}:
            raise CardDataError(f"card {cid!r}: cost {cost!r}")
        a["cost"] = {"treasury": int(cost.get("treasury", 0)), "spend": bool(cost.get("spend", False))}
        a["limit"] = int(raw.get("limit", 1))   # storyline 7.4.3, 7.5.2 (ruling S6)
    for k in ("range", "power"):
        if k in raw:
            a[k] = raw[k]
    if raw.get("may"):
        if kind != "triggered":
            raise CardDataError(f"card {cid!r}: only a triggered ability says \"may\" (storyline 7.8.1)")
        a["may"] = True
    return a


def _face(cid: str, raw: dict[str, Any]) -> Face:
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
    f["abilities"] = [_ability(cid, a) for a in f.get("abilities", [])]
    if f["abilities"] and "text" not in f:
        raise CardDataError(f"card {cid!r}: a face with abilities needs text")
    if t == "storyline":
        if f.get("shield") not in ("shielded", "unshielded"):
            raise CardDataError(f"card {cid!r}: a Storyline face prints shielded or unshielded")
        chapters = f.get("chapters") or []
        if not chapters:
            raise CardDataError(f"card {cid!r}: a Storyline face needs Chapters")
        last = 0
        out = []
        for i, ch in enumerate(chapters, start=1):
            if int(ch.get("number", 0)) != i:
                raise CardDataError(f"card {cid!r}: Chapters are numbered 1, 2, 3 (storyline 8.3.1)")
            if int(ch["end"]) <= last:
                raise CardDataError(f"card {cid!r}: Chapter ends must rise (storyline 8.5.2)")
            last = int(ch["end"])
            if any(a.get("kind") == "static" for a in ch.get("abilities", [])):
                # the engine reads static abilities from the face only (no card needs more)
                raise CardDataError(f"card {cid!r}: Chapter {i} has a static ability; a Chapter may hold "
                                    f"triggered and activated abilities only (docs/storyline-card-format.md)")
            if ch.get("counter", "story") not in ("story", "time"):
                raise CardDataError(f"card {cid!r}: a Chapter counts story or time counters")
            out.append({"number": i, "counter": ch.get("counter", "story"), "end": last,
                        "text": ch.get("text", ""), "abilities": [_ability(cid, a) for a in ch.get("abilities", [])],
                        "on_complete": [_op(cid, o) for o in ch.get("on_complete", [])]})
        f["chapters"] = out
        if "band" in f and f["band"] not in (1, 2, 3):
            raise CardDataError(f"card {cid!r}: band must be 1, 2 or 3")
    if t == "device":
        att = f.get("attach", {"types": list(UNIT_TYPES), "controller": "you"})
        types: list[str] = []
        for x in att.get("types", []):
            types += list(UNIT_TYPES) if x == "unit" else list(PERMANENT_TYPES[:4]) if x == "permanent" else [x]
        f["attach"] = {"types": types, "controller": att.get("controller", "you")}
    f["arrives_contested"] = bool(f.get("arrives_contested", False))
    f["text"] = f.get("text", "")
    return f


def load_card_set(directory: str | Path) -> CardSet:
    """Every ``*.toml`` file of ``directory``: ``{"cards": {id: card}, "decks": {deck id:
    {"id", "name", "set", "homeworld", "cards": {card id: copies}}}, "crises": [Crisis
    Storyline ids]}``. A card is ``{"id", "set", "homeworld", "copies", "deck", "token",
    "drone", "faces": {"front": face[, "back": face]}}``. Raises CardDataError where the
    data breaks the format or storyline 5.1.1-5.1.2."""
    cards: dict[str, Card] = {}
    decks: dict[str, Deck] = {}
    for path in sorted(Path(directory).glob("*.toml")):
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        if "deck" in data:
            d = data["deck"]
            if d["id"] in decks:
                raise CardDataError(f"{path.name}: deck {d['id']!r} defined twice")
            decks[d["id"]] = {"id": d["id"], "name": d.get("name", d["id"]), "set": d.get("set", d["id"]),
                              "size": int(d.get("size", DECK_SIZE)), "homeworld": d.get("homeworld"), "cards": {}}
        for raw in data.get("card", []):
            cid = raw.get("id")
            if not cid or cid in cards:
                raise CardDataError(f"{path.name}: card id {cid!r} missing or used twice")
            faces_raw = raw.get("faces", {})
            if "front" not in faces_raw or set(faces_raw) - {"front", "back"}:
                raise CardDataError(f"card {cid!r}: needs [card.faces.front] (and [card.faces.back])")
            faces = {k: _face(cid, v) for k, v in faces_raw.items()}
            if faces["front"]["type"] == "storyline" and "back" not in faces:
                raise CardDataError(f"card {cid!r}: a Storyline needs a back face (storyline 2.12.1)")
            if "back" in faces and faces["front"]["type"] != "storyline":
                raise CardDataError(f"card {cid!r}: only a Storyline is double-faced (storyline 2.12)")
            card = {"id": cid, "set": raw.get("set", ""), "homeworld": bool(raw.get("homeworld", False)),
                    "copies": int(raw.get("copies", 0)), "deck": raw.get("deck"),
                    "token": bool(raw.get("token", False)), "drone": bool(raw.get("drone", False)),
                    "faces": faces}
            if card["homeworld"] and not (faces["front"]["type"] == "location" and faces["front"].get("homeworld")):
                raise CardDataError(f"card {cid!r}: a Homeworld is a Location printed Homeworld (storyline 3.5.2)")
            cards[cid] = card
    for c in cards.values():
        if c["deck"] is None:
            continue
        d = decks.get(c["deck"])
        if d is None:
            raise CardDataError(f"card {c['id']!r}: no deck {c['deck']!r}")
        if c["homeworld"] or c["token"] or c["set"] == "crisis":
            raise CardDataError(f"card {c['id']!r}: no Homeworld, token or Crisis card in a deck (storyline 5.1.2)")
        if not 1 <= c["copies"] <= MAX_COPIES:
            raise CardDataError(f"card {c['id']!r}: 1 to {MAX_COPIES} copies (storyline 5.1.2)")
        d["cards"][c["id"]] = c["copies"]
    for d in decks.values():
        by_name: dict[str, int] = {}
        for cid, k in d["cards"].items():   # storyline 2.1.1: the same name is the same card
            name = cards[cid]["faces"]["front"]["name"]
            by_name[name] = by_name.get(name, 0) + k
            if by_name[name] > MAX_COPIES:
                raise CardDataError(f"deck {d['id']!r}: more than {MAX_COPIES} cards named {name!r} "
                                    "(storyline 5.1.2, 2.1.1)")
        size = sum(d["cards"].values())
        home = cards.get(d["homeworld"] or "")
        if size != d["size"] or d["size"] != DECK_SIZE or home is None or not home["homeworld"]:
            raise CardDataError(f"deck {d['id']!r}: {size} cards and Homeworld {d['homeworld']!r}; "
                                f"a deck is exactly {DECK_SIZE} cards and one Homeworld (storyline 5.1.1)")
    for c in cards.values():
        for face in c["faces"].values():
            for op in _all_ops(face):
                if op["op"] == "create-drone" and not cards.get(op["drone"], {}).get("drone"):
                    raise CardDataError(f"card {c['id']!r}: create-drone names {op['drone']!r}, not a Drone")
                if op["op"] == "attach-device" and (op["device"] not in cards or
                                                    cards[op["device"]]["faces"]["front"]["type"] != "device"):
                    raise CardDataError(f"card {c['id']!r}: attach-device names {op['device']!r}, not a Device")
    crises = [c["id"] for c in cards.values() if c["set"] == "crisis" and c["faces"]["front"]["type"] == "storyline"]
    return {"cards": cards, "decks": dict(sorted(decks.items())), "crises": sorted(crises)}


def _all_ops(face: Face) -> Iterator[Op]:
    for a in face["abilities"]:
        yield from a["effect"]
    for ch in face.get("chapters", []):
        for a in ch["abilities"]:
            yield from a["effect"]
        yield from ch["on_complete"]


def default_card_set() -> CardSet:
    """The shipped cards (src/tokyo/games/storyline/data/)."""
    return _shipped()


_CACHE: dict[str, CardSet] = {}


def _shipped() -> CardSet:
    if "set" not in _CACHE:
        _CACHE["set"] = load_card_set(Path(__file__).with_name("data"))
    return _CACHE["set"]
