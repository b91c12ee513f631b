"""Meta-tests: the data files hold the Dark Edition set and every Power card and Wickedness
tile has an effect registered in powers.py / wickedness.py.

That every card and tile has a test of its effect is checked by the rules index
(tests/test_rules_coverage.py): each is a statement (``kot-dark card:<id>``,
``kot-dark tile:<id>``) that some test must name with ``@pytest.mark.rule``.
"""

from __future__ import annotations

import tomllib
from importlib import resources

import pytest

from tokyo.games.kingoftokyo.powers import POWERS
from tokyo.games.kingoftokyo.wickedness import TILES


def _data(name: str) -> dict:
    with resources.files("tokyo.games.kingoftokyo.data").joinpath(name).open("rb") as fh:
        return tomllib.load(fh)


CARDS = {c["id"]: c for c in _data("dark_power_cards.toml")["card"]}
TILE_SIDES = {t["id"]: t for t in _data("dark_wickedness_tiles.toml")["tile"]}


@pytest.mark.rule("kot-dark 0.1.4", "kot-dark 0.1.5", "kot-dark 0.1.7")
def test_data_files_hold_the_dark_edition_set():
    assert len(CARDS) == 65
    assert sum(c.get("copies", 1) for c in CARDS.values()) == 66
    assert sum(1 for c in CARDS.values() if c["type"] == "keep") == 49
    assert sum(c.get("copies", 1) for c in CARDS.values() if c["type"] == "discard") == 17
    assert len(TILE_SIDES) == 20
    assert sorted(t["side"] for t in TILE_SIDES.values()).count("red") == 10


def test_every_power_card_has_a_registered_effect():
    assert sorted(set(CARDS) - POWERS.ids()) == []


def test_every_discard_card_resolves_through_on_play_and_no_keep_card_does():
    discard = {i for i, c in CARDS.items() if c["type"] == "discard"}
    assert set(POWERS.on_play) == discard


def test_every_wickedness_tile_side_has_a_registered_effect():
    assert sorted(set(TILE_SIDES) - TILES.ids()) == []


def test_tiles_discarded_after_use_act_when_taken():
    once = {i for i, t in TILE_SIDES.items() if t.get("discard_after_use")}
    assert once == {"widespread-panic", "final-push", "starburst"}
    assert once <= set(TILES.on_gain)


def test_no_effect_registered_for_an_unknown_id():
    assert sorted(POWERS.ids() - set(CARDS)) == []
    assert sorted(TILES.ids() - set(TILE_SIDES)) == []
