"""The citations (rulebook.py) match docs/rules/storyline.md, and every statement id the
Storyline tests name exists on the page (the root conftest checks them at collection too)."""

from __future__ import annotations

import re
from pathlib import Path

import rulesindex
from tokyo.games.storyline.rulebook import RULINGS, SECTIONS, cite

ROOT = Path(__file__).resolve().parents[2]
PAGE = (ROOT / "docs" / "rules" / "storyline.md").read_text(encoding="utf-8")
STATEMENTS = rulesindex.tool().parse_rules_page("storyline", PAGE)
IDS = {s.id for s in STATEMENTS}


def test_sections_match_the_rules_page():
    found: dict[str, list] = {}
    for s in STATEMENTS:
        found.setdefault(s.section, [s.section_title, 0])[1] += 1
    assert {k: tuple(v) for k, v in found.items()} == SECTIONS


def test_cited_rulings_are_the_s_rulings_with_their_questions():
    rows = (ROOT / "docs" / "rulings.md").read_text(encoding="utf-8")
    for key, question in RULINGS.items():
        m = re.search(rf"^\| {key} \| (.+?) \|", rows, re.M)
        assert m and m.group(1).replace("`", "") == question, key


def test_every_log_citation_of_a_random_game_is_a_statement():
    import random
    from tokyo.core import sample_chance
    from sl_helpers import game
    s = game(3, decks="").new_initial_state()
    r = random.Random(7)
    while not s.is_terminal():
        s.apply_action(sample_chance(s, r) if s.is_chance_node() else r.choice(s.legal_texts()))
    for e in s.log:
        sid = " ".join(e.rule.split(" ")[:2])
        assert sid in IDS or sid.split(" ")[1] in RULINGS, e
        assert e.rule == cite(sid.split(" ")[1])
