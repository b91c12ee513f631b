"""The log cites statement ids (docs/rules/README.md): the table of
src/tokyo/games/crisis/rulebook.py matches docs/rules/crisis-tokyo.md, and the events of
a few situations cite what they apply."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

from crisis_helpers import attack, defend, play, position, seek, uid
from tokyo.games.crisis import rulebook

ROOT = Path(__file__).resolve().parents[2]


def _tool():
    spec = importlib.util.spec_from_file_location("rules_coverage_for_crisis", ROOT / "tools" / "rules_coverage.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_the_section_table_matches_the_rules_page():
    tool = _tool()
    page = (ROOT / "docs" / "rules" / "crisis-tokyo.md").read_text(encoding="utf-8")
    sts = tool.parse_rules_page("crisis-tokyo", page)
    titles = tool.section_titles(page)
    counts = {}
    for s in sts:
        counts[s.section] = counts.get(s.section, 0) + 1
    assert rulebook.SECTIONS == {sec: (titles[sec], n) for sec, n in counts.items()}
    for s in sts:
        assert rulebook.cite(s.id.split()[1]) == f"{s.id} {titles[s.section]}"


def test_cited_rulings_exist():
    tool = _tool()
    rulings = {s.id.split()[1]: s.text for s in tool.parse_rulings((ROOT / "docs" / "rulings.md").read_text())["crisis-tokyo"]}
    for key, question in rulebook.RULINGS.items():
        assert rulings[key].startswith(question + ":")


@pytest.mark.parametrize("key", ["13.5.6", "13.11.1", "2.1", "99", "C99", "13.5"])
def test_an_unknown_statement_cannot_be_cited(key):
    with pytest.raises(ValueError):
        rulebook.cite(key)


def test_a_conflict_cites_its_steps_and_the_cards_applied():
    state = position(4, hands=[["master-of-the-eagles-claw", "recoil-shot"], [], ["dimensional-portal"], []],
                     reserves=[[], [], [{"card": "retiring-in-two-days-cop"}], []])
    attack(state, "harajuku", ["master-of-the-eagles-claw"], "martial")
    defend(state, 2, ["retiring-in-two-days-cop"], "fire")
    play(state, "play dimensional-portal a", "reveal soldier-from-the-future", "half hero")
    play(state, "play recoil-shot a", f"target {uid(state, 'soldier-from-the-future')}", "power fire", "draw event",
         "draw disarmed", "pass", "pass")
    rules = {e.text: e.rule for e in state.log}
    assert rules["Seat 0 attacks Harajuku."] == "crisis-tokyo 13.1.1 Conflicts / Sending the Threats"
    assert rules["Seat 3 does not defend."] == "crisis-tokyo 13.2.1 Conflicts / Seeking a Defender"
    assert rules["Seat 2 plays Dimensional Portal (occurrence)."] == "crisis-tokyo 13.5.3 Conflicts / Combat"
    assert rules["Soldier from the Future joins Seat 2's side."] == \
        "crisis-tokyo card:dimensional-portal:a Dimensional Portal"
    assert rules["Recoil Shot: Soldier from the Future loses 1 Firepower sphere."] == \
        "crisis-tokyo card:recoil-shot:a Recoil Shot"
    assert rules["Combat: attacker 5, defender 4."] == "crisis-tokyo 13.7.5 Conflicts / Resolving the Combat"
    assert rules["Seat 0 levels Harajuku!"] == "crisis-tokyo 14.3 Leveling Districts"


def test_every_event_of_a_game_cites_a_known_statement():
    import random

    from tokyo.core import sample_chance
    from crisis_helpers import game
    tool = _tool()
    ids = {s.id for s in tool.statements("crisis-tokyo")}
    for seed in range(4):
        rng = random.Random(seed)
        state = game(3, resources=True, collateral_damage=True, brute_force=True).new_initial_state()
        while not state.is_terminal() and len(state.history()) < 2000:
            state.apply_action(sample_chance(state, rng) if state.is_chance_node() else rng.choice(state.legal_actions()))
        for e in state.log:
            head, key = e.rule.split(" ")[:2]
            assert f"{head} {key}" in ids, e.rule
