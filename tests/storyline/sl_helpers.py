"""Shared helpers of the Storyline tests: the test card set, games and positions."""

from __future__ import annotations

from pathlib import Path

import pytest

from tokyo.games.storyline.cards import load_card_set
from tokyo.games.storyline.game import StorylineGame
from tokyo.games.storyline.position import build_position

CARDS = load_card_set(Path(__file__).with_name("data"))
DECKS = list(CARDS["decks"])          # amber, basalt, cobalt, dusk
rule = pytest.mark.rule  # statements of docs/rules/storyline.md (checked at collection, tests/rulesindex.py)


def game(n: int = 2, **options) -> StorylineGame:
    options.setdefault("decks", ",".join(DECKS[:n]))
    return StorylineGame(n, options, cards=CARDS)


def pos(n: int = 2, options: dict | None = None, **kw):
    return build_position(game(n, **(options or {})), **kw)


def keys(state) -> list[str]:
    """The statement keys the log cites, in order (``11.2.3``)."""
    return [e.rule.split(" ")[1] for e in state.log]


def entry(state, card: str, owner: int | None = None) -> dict:
    for e in state.map:
        if e["card"] == card and (owner is None or e["owner"] == owner):
            return e
    raise KeyError(card)


def attacks(state) -> set[str]:
    return {t for t in state.legal_texts() if t.startswith("attack ")}
