"""The kot-godzilla card data against the rulebook's component counts and issue 10's design
brief: 50 Energy cards typed POWER / ACTION / EVENT, 48 Evolutions (8 per monster, each of
one species, temporary or permanent), every card an original design, the sixth monster
marked as not named by the rulebook, and card files that can be replaced without code
(docs/kot-card-format.md)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from tokyo.games.kingoftokyo import cards as card_data
from tokyo.games.kingoftokyo.godzilla import ENERGY_SET, EVOLUTION_SET, MONSTER_SET, GodzillaGame

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "src" / "tokyo" / "games" / "kingoftokyo" / "data"
RULEBOOK_MONSTERS = {"godzilla", "mothra", "rodan", "king-ghidorah", "mechagodzilla"}


def test_fifty_energy_cards_of_the_three_types():
    cards = card_data.energy_cards(ENERGY_SET)
    assert sum(c.copies for c in cards.values()) == 50  # the rulebook's component count
    assert {c.type for c in cards.values()} == {"power", "action", "event"}
    by_type = Counter()
    for c in cards.values():
        by_type[c.type] += c.copies
        assert c.cost >= 0 and c.copies >= 1 and c.text
    assert sum(by_type.values()) == 50 and min(by_type.values()) >= 5  # every type used by several cards
    assert GodzillaGame(4, {"evolutions": False}).deck_counts() == {cid: c.copies for cid, c in cards.items()}


def test_every_event_has_a_reveal_or_an_ongoing_effect_and_an_action_effect():
    events = [c for c in card_data.energy_cards(ENERGY_SET).values() if c.type == "event"]
    kinds = Counter(c.event for c in events)
    assert set(kinds) == {"reveal", "ongoing"} and min(kinds.values()) >= 2  # both kinds used by several
    for c in events:
        assert c.event_text and c.text and c.event_text != c.text, c.id
    others = [c for c in card_data.energy_cards(ENERGY_SET).values() if c.type != "event"]
    assert all(c.event is None and not c.event_text for c in others)


def test_forty_eight_evolutions_eight_per_monster_of_its_species():
    evos = card_data.evolutions(EVOLUTION_SET)
    monsters = card_data.species_monsters(MONSTER_SET)
    assert len(evos) == 48
    per_monster = Counter(e.monster for e in evos.values())
    assert set(per_monster) == set(monsters) and set(per_monster.values()) == {8}
    for e in evos.values():
        assert e.species == monsters[e.monster].species, e.id  # a deck is of its monster's species
        assert e.kind in ("temporary", "permanent") and e.window in card_data.WINDOWS and e.text
    # each deck mixes both kinds; all three species occur
    for mid in monsters:
        kinds = {e.kind for e in evos.values() if e.monster == mid}
        assert kinds == {"temporary", "permanent"}, mid
    assert {m.species for m in monsters.values()} == {"mutant", "invader", "robot"}
    # ids are unique across Energy cards and Evolutions (docs/kot-card-format.md)
    assert not set(evos) & set(card_data.energy_cards(ENERGY_SET))


def test_every_card_is_an_original_design():
    for c in card_data.energy_cards(ENERGY_SET).values():
        assert c.source == "original design", c.id
    for e in card_data.evolutions(EVOLUTION_SET).values():
        assert e.source == "original design", e.id


def test_six_monsters_the_sixth_not_named_by_the_rulebook():
    monsters = card_data.species_monsters(MONSTER_SET)
    assert len(monsters) == 6
    named = {mid for mid, m in monsters.items() if m.named_by_rulebook}
    assert named == RULEBOOK_MONSTERS
    (sixth,) = set(monsters) - named
    assert monsters[sixth].source == "original design"
    assert all(monsters[mid].source == "rulebook" for mid in named)
    # the catalogue (tokyo cards, docs/cards) says so too
    entry = next(e for e in GodzillaGame.catalogue() if e["type"] == "MONSTER" and e["id"] == sixth)
    assert "not named by the rulebook" in entry["text"].lower()


def test_twelve_dice_tokens_and_two_black_dice():
    import tokyo
    state = tokyo.load_game("kot-godzilla", 4).new_initial_state()
    assert state.supply == {"dice": 12} and state.game.max_dice == 8  # six brown + two black


def test_the_card_format_page_documents_every_field_and_replacing_the_files():
    page = (ROOT / "docs" / "kot-card-format.md").read_text(encoding="utf-8")
    for name in (ENERGY_SET, EVOLUTION_SET, MONSTER_SET, "TOKYO_KOT_DATA", "Replacing the card files"):
        assert name in page, name
    for field in ("id", "name", "cost", "type", "copies", "text", "event", "event_text", "source", "monster",
                  "species", "kind", "window", "named_by_rulebook"):
        assert f"`{field}`" in page, field
    for window in card_data.WINDOWS:
        assert f"`{window}`" in page, window


def test_a_malformed_card_file_is_refused(tmp_path, monkeypatch):
    bad = (DATA / ENERGY_SET).read_text(encoding="utf-8").replace('type = "action"', 'type = "spell"', 1)
    (tmp_path / "bad_energy.toml").write_text(bad, encoding="utf-8")
    monkeypatch.setenv(card_data.DATA_DIR_ENV, str(tmp_path))
    with pytest.raises(card_data.CardDataError, match="spell"):
        card_data.energy_cards.__wrapped__("bad_energy.toml")
    evo = (DATA / EVOLUTION_SET).read_text(encoding="utf-8").replace('window = "buy"', 'window = "never"', 1)
    (tmp_path / "bad_evolutions.toml").write_text(evo, encoding="utf-8")
    with pytest.raises(card_data.CardDataError, match="never"):
        card_data.evolutions.__wrapped__("bad_evolutions.toml")


def test_card_files_in_tokyo_kot_data_replace_the_packaged_ones(tmp_path):
    """An owner's card file (here: Supply Drop renamed, costing 4, one copy) is read instead
    of the packaged one without any change to the code, and the game plays with it."""
    text = (DATA / ENERGY_SET).read_text(encoding="utf-8")
    start = text.index('id = "supply-drop"')
    block = text[start:text.index("[[card]]", start)]
    mine = block.replace('name = "Supply Drop"', 'name = "Printed Drop"').replace("cost = 3", "cost = 4") \
                .replace("copies = 2", "copies = 1")
    (tmp_path / ENERGY_SET).write_text(text.replace(block, mine), encoding="utf-8")
    env = dict(os.environ, TOKYO_KOT_DATA=str(tmp_path))
    script = (
        "import json, random, tokyo\n"
        "from tokyo.core import game_catalogue, sample_chance\n"
        "card = next(c for c in game_catalogue('kot-godzilla') if c['id'] == 'supply-drop')\n"
        "g = tokyo.load_game('kot-godzilla', 4, evolutions=True)\n"
        "s, rng = g.new_initial_state(), random.Random(1)\n"
        "while not s.is_terminal():\n"
        "    s.apply_action(sample_chance(s, rng) if s.is_chance_node() else rng.choice(s.legal_texts()))\n"
        "print(json.dumps([card['name'], card['cost'], g.deck_counts()['supply-drop'], s.winners is not None]))\n")
    out = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout) == ["Printed Drop", 4, 1, True]
