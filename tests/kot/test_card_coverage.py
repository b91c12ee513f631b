"""Meta-tests: every Power card and Wickedness tile in the data files has an effect and
a test named after it.

A card or tile added to data/*.toml without an effect registered in powers.py /
wickedness.py, or without a test function ``test_<id>_...`` (dashes as underscores) in
test_cards_keep.py, test_cards_discard.py or test_tiles.py, makes these tests fail.
"""

from __future__ import annotations

import pytest
import ast
import tomllib
from importlib import resources
from pathlib import Path

from tokyo.games.kingoftokyo.powers import POWERS
from tokyo.games.kingoftokyo.wickedness import TILES

HERE = Path(__file__).resolve().parent
CARD_TESTS = ("test_cards_keep.py", "test_cards_discard.py")
TILE_TESTS = ("test_tiles.py",)


def _data(name: str) -> dict:
    with resources.files("tokyo.games.kingoftokyo.data").joinpath(name).open("rb") as fh:
        return tomllib.load(fh)


CARDS = {c["id"]: c for c in _data("dark_power_cards.toml")["card"]}
TILE_SIDES = {t["id"]: t for t in _data("dark_wickedness_tiles.toml")["tile"]}


def _test_names(files) -> set[str]:
    names = set()
    for f in files:
        tree = ast.parse((HERE / f).read_text(), filename=f)
        names |= {n.name for n in ast.walk(tree) if isinstance(n, ast.FunctionDef) and n.name.startswith("test_")}
    return names


def _untested(ids, names) -> list[str]:
    return sorted(i for i in ids
                  if not any(n == f"test_{i.replace('-', '_')}" or n.startswith(f"test_{i.replace('-', '_')}_")
                             for n in names))


@pytest.mark.rule("kot-dark 0.1.4", "kot-dark 0.1.5", "kot-dark 0.1.7")
def test_data_files_hold_the_dark_edition_set():
    assert len(CARDS) == 65
    assert sum(c.get("copies", 1) for c in CARDS.values()) == 66
    assert sum(1 for c in CARDS.values() if c["type"] == "keep") == 49
    assert sum(c.get("copies", 1) for c in CARDS.values() if c["type"] == "discard") == 17
    assert len(TILE_SIDES) == 20
    assert sorted(t["side"] for t in TILE_SIDES.values()).count("red") == 10


def test_every_power_card_has_a_test_named_after_it():
    assert _untested(CARDS, _test_names(CARD_TESTS)) == []


def test_every_keep_card_tested_in_the_keep_file_and_discard_in_the_discard_file():
    keep = [i for i, c in CARDS.items() if c["type"] == "keep"]
    discard = [i for i, c in CARDS.items() if c["type"] == "discard"]
    assert _untested(keep, _test_names(["test_cards_keep.py"])) == []
    assert _untested(discard, _test_names(["test_cards_discard.py"])) == []


def test_every_wickedness_tile_side_has_a_test_named_after_it():
    assert _untested(TILE_SIDES, _test_names(TILE_TESTS)) == []


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


def test_the_coverage_check_itself_detects_a_missing_test():
    names = {"test_acid_attack_adds_a_smash", "test_wings_pass", "test_jet_fighters_x"}
    assert _untested(["acid-attack", "wings", "jets", "tank"], names) == ["jets", "tank"]
