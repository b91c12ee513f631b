"""The shipped card data (src/tokyo/games/storyline/data/, docs/storyline-card-format.md)
loads, and keeps the invariants the format and the rules document."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from tokyo.games.storyline.cards import CardDataError, default_card_set, load_card_set
from sl_helpers import rule

DATA = Path(__file__).resolve().parents[2] / "src" / "tokyo" / "games" / "storyline" / "data"
SHIPPED = default_card_set()
PERMANENT = {"character", "ground-unit", "spacecraft", "location", "device"}


@rule("storyline 5.1.1", "storyline 5.1.2", "storyline 3.5.2", "storyline 2.13.1")
@pytest.mark.parametrize("deck", ["concord", "verdant", "syndicate", "pilgrims"])
def test_every_shipped_deck_is_thirty_cards_of_its_faction_and_a_homeworld(deck):
    d = SHIPPED["decks"][deck]
    cards = SHIPPED["cards"]
    assert sum(d["cards"].values()) == 30 and all(1 <= k <= 3 for k in d["cards"].values())
    assert all(cards[c]["set"] == deck and not cards[c]["homeworld"] and not cards[c]["token"] for c in d["cards"])
    home = cards[d["homeworld"]]
    assert home["homeworld"] and home["faces"]["front"]["type"] == "location" and home["deck"] is None
    types = {cards[c]["faces"]["front"]["type"] for c in d["cards"]}
    classes = {cards[c]["faces"]["front"].get("class") for c in d["cards"]}
    assert types >= {"character", "ground-unit", "spacecraft", "location", "device", "event", "storyline"}
    assert {"capital", "non-capital"} <= classes


@rule("storyline 2.11.1", "storyline 2.11.2", "storyline 8.3.1", "storyline 8.5.1", "storyline 8.5.2",
      "storyline 2.12.1", "storyline 2.3.2", "storyline 4.7.1", "storyline 8.10.2", "storyline 22.1.3")
def test_every_storyline_has_numbered_chapters_with_rising_ends_and_a_back_face():
    crises = SHIPPED["crises"]
    assert len(crises) == 6
    for c in SHIPPED["cards"].values():
        front = c["faces"]["front"]
        if front["type"] != "storyline":
            continue
        crisis = c["set"] == "crisis"
        chapters = front["chapters"]
        assert [ch["number"] for ch in chapters] == list(range(1, len(chapters) + 1))
        ends = [ch["end"] for ch in chapters]
        assert ends == sorted(set(ends)) and ends[0] >= 1
        assert {ch["counter"] for ch in chapters} == {"time" if crisis else "story"}
        assert "back" in c["faces"] and front["shield"] in ("shielded", "unshielded")
        if crisis:
            assert c["id"] in crises and len(chapters) == 3 and "band" not in front and not front["award"]
            assert c["deck"] is None
            back = c["faces"]["back"]
            assert back["type"] in PERMANENT and back["type"] != "device"
            assert any(a["kind"] == "bargain" for a in front["abilities"])
            assert any(op["op"] == "remove-counters" and op["type"] == "time" for a in front["abilities"]
                       for op in a["effect"])
        else:
            assert front["band"] in (1, 2, 3) and front["award"] >= 1


@rule("storyline 3.7.1", "storyline 14.10.1", "storyline 14.10.4")
def test_drones_and_the_crisis_device_are_tokens_outside_every_deck():
    cards = SHIPPED["cards"]
    drones = {cid for cid, c in cards.items() if c["drone"]}
    assert drones == {"drone-scrap", "drone-wasp", "drone-infiltrator", "drone-spark"}
    for cid in drones | {"crisis-neural-parasite"}:
        assert cards[cid]["token"] and cards[cid]["deck"] is None
        assert cards[cid]["faces"]["front"]["cost"] >= 1
    in_decks = {c for d in SHIPPED["decks"].values() for c in d["cards"]}
    assert not in_decks & (drones | {"crisis-neural-parasite"})


def test_every_file_parses_and_every_card_is_an_original_design():
    ids = set()
    for path in DATA.glob("*.toml"):
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        assert ("deck" in data) != ("set" in data)
        for c in data["card"]:
            assert c["source"] == "original design" and c["original"] is True
            assert c["id"] not in ids and c["id"].startswith(c["set"] if c["set"] != "drones" else "drone-")
            ids.add(c["id"])
    assert ids == set(SHIPPED["cards"]) and len(ids) == 66


def test_the_loader_refuses_broken_data(tmp_path):
    good = (DATA / "faction_concord.toml").read_text(encoding="utf-8")
    cases = [good.replace("copies = 3", "copies = 4", 1),                       # a name 4 times / 31 cards
             good.replace('op = "remove-counters"', 'op = "heal"', 1),           # an unknown operation
             good.replace('controller = "you", type = ["ground-unit"]', 'owner = "you"', 1),  # selector key
             good.replace("end = 2", "end = 1", 1)]                               # ends must rise
    for i, text in enumerate(cases):
        d = tmp_path / str(i)
        d.mkdir()
        (d / "f.toml").write_text(text, encoding="utf-8")
        with pytest.raises(CardDataError):
            load_card_set(d)


def test_a_static_ability_inside_a_chapter_is_refused_by_the_loader():
    import tomllib
    from pathlib import Path
    import pytest as _pytest
    from tokyo.games.storyline.cards import CardDataError, _face
    data = tomllib.loads((Path(__file__).parent / "data" / "test_kit.toml").read_text())
    raw = next(c for c in data["card"] if "chapters" in c["faces"]["front"])
    front = raw["faces"]["front"]
    _face(raw["id"], front)   # as shipped: accepted
    front = tomllib.loads((Path(__file__).parent / "data" / "test_kit.toml").read_text())["card"][
        data["card"].index(raw)]["faces"]["front"]
    front["chapters"][0].setdefault("abilities", []).append(
        {"kind": "static", "effect": [{"op": "modify", "characteristic": "strike", "by": 1, "to": "this"}]})
    with _pytest.raises(CardDataError, match="Chapter 1 has a static ability"):
        _face(raw["id"], front)
