"""Card, tile and monster data of the King of Tokyo family, read from data/*.toml.

One TOML file per card set. Card text there is the project's own wording; each entry
names the source of its facts. Effects are code in ``powers.py`` (Power cards) and
``wickedness.py`` (Wickedness tiles), registered by the same ids.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources


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


def _load(name: str) -> dict:
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
    return _load(set_file).get("title", set_file)
