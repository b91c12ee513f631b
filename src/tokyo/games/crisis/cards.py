"""The Crisis: Tokyo card set, read from data/crisis_tokyo_cards.toml.

Double cards: a Character has a ``threat`` and a ``hero`` half, an Event halves ``a``
and ``b``; once played a card is only the half chosen. Spheres are a dict power ->
count; ``wild`` counts wildcard spheres; an empty dict is the grey sphere.
"""

from __future__ import annotations

import tomllib
from functools import lru_cache
from importlib import resources
from typing import Any

Card = dict[str, Any]
"""A card, a card half, a Talent or an op as read from the TOML file (JSON-like data)."""
CardSet = dict[str, dict[str, Card]]
"""{"district" | "character" | "event": {card id: card}}."""

POWERS = ("martial", "tech", "monster", "fire", "mystic")
POWER_NAMES = {"martial": "Martial arts", "tech": "Technological weapons", "monster": "Monstrous attributes",
               "fire": "Firepower", "mystic": "Mystic powers"}
CARD_FILE = "crisis_tokyo_cards.toml"


@lru_cache(maxsize=None)
def card_set(name: str = CARD_FILE) -> CardSet:
    """{"district": {id: dict}, "character": {id: dict}, "event": {id: dict}} in file order."""
    with resources.files("tokyo.games.crisis.data").joinpath(name).open("rb") as fh:
        data = tomllib.load(fh)
    return {kind: {c["id"]: c for c in data.get(kind, [])} for kind in ("district", "character", "event")}


def half(card: Card, which: str) -> Card:
    found: Card = card[which]
    return found
