"""Shared helpers of the Storyline tests: the test card set, games and positions."""

from __future__ import annotations

import copy
from pathlib import Path

import pytest

from tokyo.games.storyline.cards import _ability, load_card_set
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


def with_abilities(extra: dict, cards: dict | None = None, face: str = "front") -> dict:
    """A copy of the test card set (or ``cards``) with abilities added to cards' ``face``:
    ``{card id: [ability, ...]}``, each written as in the card files and read by the loader's
    own reader (docs/storyline-card-format.md)."""
    out = copy.deepcopy(CARDS if cards is None else cards)
    for cid, abilities in extra.items():
        f = out["cards"][cid]["faces"][face]
        f["abilities"] = f["abilities"] + [_ability(cid, a) for a in abilities]
        f["text"] = (f["text"] + " Test abilities.").strip()
    return out
