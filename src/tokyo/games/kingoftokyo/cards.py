"""Card, tile and monster data of the King of Tokyo family, read from data/*.toml.

One TOML file per card set. Card text there is the project's own wording; each entry
names the source of its facts. Effects are code in ``powers.py`` (Power cards) and
``wickedness.py`` (Wickedness tiles), registered by the same ids.
"""

from __future__ import annotations

import os
import tomllib
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any


@dataclass(frozen=True)
class PowerCard:
    """A Power card: ``type`` is "keep" or "discard"; ``cost`` in energy."""

    id: str
    name: str
    cost: int
    type: str
    copies: int
    text: str
    source: str
    tokens: int = 0


@dataclass(frozen=True)
class WickednessTile:
    """One side of a Wickedness tile. ``number`` identifies the physical tile (1-10)."""

    id: str
    name: str
    number: int
    level: int
    side: str
    text: str
    source: str
    discard_after_use: bool = False


@dataclass(frozen=True)
class Monster:
    id: str
    name: str
    source: str


DATA_DIR_ENV = "TOKYO_KOT_DATA"
"""A folder whose card files replace the packaged ones of the same name (docs/kot-card-format.md)."""


def _load(name: str) -> dict[str, Any]:
    folder = os.environ.get(DATA_DIR_ENV)
    if folder and (Path(folder) / name).is_file():
        with (Path(folder) / name).open("rb") as fh:
            return tomllib.load(fh)
    with resources.files("tokyo.games.kingoftokyo.data").joinpath(name).open("rb") as fh:
        return tomllib.load(fh)


@lru_cache(maxsize=None)
def power_cards(set_file: str) -> dict[str, PowerCard]:
    """Cards of one set file, by id, in file order."""
    data = _load(set_file)
    return {c["id"]: PowerCard(c["id"], c["name"], int(c["cost"]), c["type"], int(c.get("copies", 1)),
                               c["text"], c["source"], int(c.get("tokens", 0)))
            for c in data["card"]}


@lru_cache(maxsize=None)
def wickedness_tiles(set_file: str) -> dict[str, WickednessTile]:
    """Tile sides of one set file, by id."""
    data = _load(set_file)
    return {t["id"]: WickednessTile(t["id"], t["name"], int(t["number"]), int(t["level"]), t["side"],
                                    t["text"], t["source"], bool(t.get("discard_after_use", False)))
            for t in data["tile"]}


@lru_cache(maxsize=None)
def monsters(set_file: str) -> dict[str, Monster]:
    data = _load(set_file)
    return {m["id"]: Monster(m["id"], m["name"], m["source"]) for m in data["monster"]}


@lru_cache(maxsize=None)
def set_title(set_file: str) -> str:
    data = _load(set_file)
    title: str = data.get("title") or data.get("meta", {}).get("title") or set_file
    return title


# ----- King of Tokyo: Godzilla (docs/kot-card-format.md) ---------------------------------------
CARD_TYPES = ("power", "action", "event")
EVENT_KINDS = ("reveal", "ongoing")
SPECIES = ("mutant", "invader", "robot")
EVOLUTION_KINDS = ("temporary", "permanent")
WINDOWS = ("turn-start", "after-roll", "before-damage", "smacked", "buy", "end-of-turn")


@dataclass(frozen=True)
class EnergyCard:
    """A Godzilla Energy card: ``type`` is "power", "action" or "event"; an Event has
    ``event`` ("reveal": applies once when revealed; "ongoing": while face up) and
    ``event_text``; ``text`` is its Action effect when bought. ``shares_effect``: the id of
    a kot-dark Power card whose effect it reuses."""

    id: str
    name: str
    cost: int
    type: str
    copies: int
    text: str
    source: str
    event: str | None = None
    event_text: str = ""
    hooks: tuple[str, ...] = ()
    shares_effect: str | None = None


@dataclass(frozen=True)
class Evolution:
    """One Evolution card of one monster's deck: ``kind`` temporary (discarded after use)
    or permanent (stays in play); ``window`` is when it may be played."""

    id: str
    name: str
    monster: str
    species: str
    kind: str
    window: str
    text: str
    source: str
    hooks: tuple[str, ...] = ()


@dataclass(frozen=True)
class SpeciesMonster:
    """A monster with a species (Godzilla): no power of its own."""

    id: str
    name: str
    species: str
    named_by_rulebook: bool
    source: str


class CardDataError(ValueError):
    """A card file that does not follow docs/kot-card-format.md."""


def _need(entry: dict[str, Any], fields: tuple[str, ...], where: str) -> None:
    missing = [f for f in fields if f not in entry]
    if missing:
        raise CardDataError(f"{where} {entry.get('id', '?')!r}: missing {', '.join(missing)}")


def _check(value: object, allowed: tuple[str, ...], what: str, where: str) -> None:
    if value not in allowed:
        raise CardDataError(f"{where}: {what} must be one of {', '.join(allowed)}, not {value!r}")


@lru_cache(maxsize=None)
def energy_cards(set_file: str) -> dict[str, EnergyCard]:
    """Energy cards of one set file, by id, in file order (CardDataError if malformed)."""
    out: dict[str, EnergyCard] = {}
    for c in _load(set_file)["card"]:
        _need(c, ("id", "name", "cost", "type", "text", "source"), "card")
        where = f"card {c['id']!r}"
        _check(c["type"], CARD_TYPES, "type", where)
        if c["type"] == "event":
            _need(c, ("event", "event_text"), "event card")
            _check(c["event"], EVENT_KINDS, "event", where)
        elif "event" in c:
            raise CardDataError(f"{where}: only an event card has 'event'")
        if c["id"] in out:
            raise CardDataError(f"{where}: listed twice")
        out[c["id"]] = EnergyCard(c["id"], c["name"], int(c["cost"]), c["type"], int(c.get("copies", 1)),
                                  c["text"], c["source"], c.get("event"), c.get("event_text", ""),
                                  tuple(c.get("hooks", ())), c.get("shares_effect"))
    return out


@lru_cache(maxsize=None)
def evolutions(set_file: str) -> dict[str, Evolution]:
    """Evolution cards of one set file, by id, in file order (CardDataError if malformed)."""
    out: dict[str, Evolution] = {}
    for e in _load(set_file).get("evolution", []):
        _need(e, ("id", "name", "monster", "species", "kind", "window", "text", "source"), "evolution")
        where = f"evolution {e['id']!r}"
        _check(e["species"], SPECIES, "species", where)
        _check(e["kind"], EVOLUTION_KINDS, "kind", where)
        _check(e["window"], WINDOWS, "window", where)
        if e["id"] in out:
            raise CardDataError(f"{where}: listed twice")
        out[e["id"]] = Evolution(e["id"], e["name"], e["monster"], e["species"], e["kind"], e["window"],
                                 e["text"], e["source"], tuple(e.get("hooks", ())))
    return out


@lru_cache(maxsize=None)
def species_monsters(set_file: str) -> dict[str, SpeciesMonster]:
    out: dict[str, SpeciesMonster] = {}
    for m in _load(set_file)["monster"]:
        _need(m, ("id", "name", "species", "source"), "monster")
        _check(m["species"], SPECIES, "species", f"monster {m['id']!r}")
        out[m["id"]] = SpeciesMonster(m["id"], m["name"], m["species"], bool(m.get("named_by_rulebook", False)),
                                      m["source"])
    return out


def power_catalogue(set_file: str) -> list[dict[str, Any]]:
    """``tokyo cards`` entries of a Power card set (``Game.catalogue``)."""
    title = set_title(set_file)
    return [{"set": title, "id": c.id, "name": c.name, "cost": c.cost, "type": c.type.upper(),
             "copies": c.copies, "text": c.text, "source": c.source} for c in power_cards(set_file).values()]


def monster_catalogue(set_file: str) -> list[dict[str, Any]]:
    """``tokyo cards`` entries of monsters without powers (the Dark Edition's, the base game's)."""
    title = set_title(set_file)
    return [{"set": title, "id": mo.id, "name": mo.name, "cost": None, "type": "MONSTER",
             "text": "Starts with 10 hearts and 0 stars; no power of its own.", "source": mo.source,
             "rule_id": None} for mo in monsters(set_file).values()]
