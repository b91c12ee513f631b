"""Log citations: every event cites a rule statement id (docs/rules/kot-dark.md, a ruling,
a card or a tile) followed by its title (src/tokyo/games/kingoftokyo/rulebook.py)."""

import re
from pathlib import Path

import pytest

from rules_helpers import game, node_kind, pos, position, resolve
from tokyo.games.kingoftokyo.rulebook import DARK_SECTIONS, citation, section_of

PAGE = Path(__file__).resolve().parents[2] / "docs" / "rules" / "kot-dark.md"


def rules(state):
    return [e.rule for e in state.log]


def test_rule_cites_the_statement_key_and_its_section_title():
    state = game(4).new_initial_state()
    assert state.rule("2.4.1") == "kot-dark 2.4.1 Resolve Dice / Smash"
    assert state.rule("4.8") == "kot-dark 4.8 Buy Power Cards"
    assert state.rule("R13") == "kot-dark R13 Rulings"
    with pytest.raises(KeyError):
        state.rule("42.1")


def test_section_of_a_key():
    assert [section_of(k) for k in ("2.4.1", "4.2", "R13", "9.5.2")] == ["2.4", "4", "R", "9.5"]


def test_section_titles_follow_the_headings_of_the_page():
    titles, top = {}, None
    for line in PAGE.read_text(encoding="utf-8").splitlines():
        m = re.match(r"^(#{2,3}) (\d+(?:\.\d+)?) (.+)$", line)
        if not m:
            continue
        if m.group(1) == "##":
            top = m.group(3)
            titles[m.group(2)] = top
        else:
            titles[m.group(2)] = top if m.group(2).endswith(".0") else f"{top} / {m.group(3)}"
    page_sections = {k: v for k, v in titles.items()
                     if k in {section_of(i) for i in re.findall(r"\*\*kot-dark (\S+)\*\*", PAGE.read_text())}}
    assert {k: v for k, v in DARK_SECTIONS.items() if k != "R"} == page_sections


def test_an_edition_brings_its_own_section_table():
    # the shared machine cites the Dark Edition's key; Godzilla's table (its RULEBOOK and
    # RULE_KEYS) turns it into its own number and section title
    import tokyo
    godzilla = tokyo.load_game("kot-godzilla", 4).new_initial_state()
    assert godzilla.rule("2.4.1") == "kot-godzilla 2.3.1 Resolve the Dice / Smack"
    assert game(4).new_initial_state().rule("2.4.1") == "kot-dark 2.4.1 Resolve Dice / Smash"
    assert citation("kot-godzilla", {"1": "Roll"}, "1.3") == "kot-godzilla 1.3 Roll"


def test_engine_events_cite_their_statement():
    state = position(4, [{}, {"location": "city"}, {}, {}], active=0, step="resolve", dice="c c 1 2 3 e")
    resolve(state, "smash")
    assert [e.rule for e in state.log if "the order cannot change anything" in e.text] == ["kot-dark R41 Rulings"]
    smash = [e.rule for e in state.log if "Smashes for 2" in e.text]
    assert smash == ["kot-dark 2.4.1 Resolve Dice / Smash"]
    assert node_kind(state) == "yield"
    state.apply_action("yield", seat=1)
    assert [e.rule for e in state.log if e.text == "The King yields Tokyo City."] == \
        ["kot-dark 2.4.5 Resolve Dice / Smash"]


def test_card_and_tile_effects_cite_their_id_and_name():
    s = pos([{"cards": ["acid-attack"], "tiles": ["poison-spit"]}, {"location": "city"}, {}, {}],
            step="resolve", dice="c 1 2 3 e h")
    resolve(s, "smash")
    assert "kot-dark tile:poison-spit Poison Spit" in rules(s)
    s = pos([{"location": "city", "energy": 6, "hearts": 4}, {}, {}, {}], step="buy",
            market=["nuclear-power-plant", "energize", "extra-head"])
    s.apply_action("buy nuclear-power-plant")
    assert [e.rule for e in s.log if e.text.startswith("Alienoid gains 3 hearts")] == \
        ["kot-dark card:nuclear-power-plant Nuclear Power Plant"]


def test_every_event_of_a_played_game_cites_a_statement_of_the_page_a_card_or_a_tile():
    import random
    from tokyo.core.runner import sample_chance
    keys = set(re.findall(r"^- \*\*kot-dark (\S+)\*\*", PAGE.read_text(encoding="utf-8"), re.M))
    g = game(5, wickedness_side="mixed")
    keys |= {f"R{i}" for i in range(1, 36)}
    keys |= {f"card:{c['id']}" for c in g.catalogue() if c["type"] in ("KEEP", "DISCARD")}
    keys |= {f"tile:{c['id']}" for c in g.catalogue() if c["type"].startswith("WICKEDNESS")}
    for seed in range(5):
        rng = random.Random(seed)
        state = g.new_initial_state()
        while not state.is_terminal():
            a = sample_chance(state, rng) if state.current_player() < 0 else rng.choice(state.legal_texts())
            state.apply_action(a)
        for e in state.log:
            game_id, key, *_ = e.rule.split(" ")
            assert game_id == "kot-dark" and key in keys, (e.rule, e.text)
