"""The rule-statement index (docs/rules/README.md): every statement of every game is
checked by a test, every ``rule`` marker names a statement, docs/rules/coverage.md and the
rulings blocks are up to date, and the log cites statement ids.

The tool is tools/rules_coverage.py; the tests are found by pytest's own collection (in a
subprocess, once per run of this file).
"""

from __future__ import annotations

import importlib.util
import random
import sys
from functools import lru_cache
from pathlib import Path

import pytest

import tokyo
from tokyo.core import game_catalogue, sample_chance

ROOT = Path(__file__).resolve().parents[1]


def _load_tool():
    spec = importlib.util.spec_from_file_location("rules_coverage", ROOT / "tools" / "rules_coverage.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


tool = _load_tool()
GAMES = tool.games()


@lru_cache(maxsize=None)
def _coverage():
    """The coverage of every game, from a full collection of tests/ (about 10 s)."""
    return tool.build()


def test_every_registered_game_has_a_rules_page_with_statements():
    assert {"kot-dark", "crisis-tokyo"} <= set(GAMES)
    for g in GAMES:
        assert tool.rules_page(g).exists(), f"docs/rules/{g}.md is missing"
        kinds = {s.kind for s in tool.statements(g)}
        assert kinds == {"rule", "ruling", "card"}, (g, kinds)


def test_every_statement_is_checked_by_a_test():
    missing = [f"{s.id}: {s.text[:80]}" for s in _coverage().uncovered()]
    assert missing == [], "statements without a test (mark a test with @pytest.mark.rule):\n" + "\n".join(missing)


def test_every_rule_marker_names_an_existing_statement():
    assert _coverage().unknown == {}


def test_the_generated_pages_are_up_to_date():
    cov = _coverage()
    stale = [msg for _, msg in tool.problems(cov, tool.expected_files(cov)) if "out of date" in msg]
    assert stale == [], "run .venv/bin/python tools/rules_coverage.py: " + "; ".join(stale)


def test_every_catalogue_entry_names_a_statement_or_none():
    for g in GAMES:
        ids = {s.id for s in tool.statements(g)}
        for e in game_catalogue(g):
            assert e["rule_id"] is None or e["rule_id"] in ids, (g, e["id"])
    kot = {e["id"]: e["rule_id"] for e in game_catalogue("kot-dark")}
    assert kot["smoke-cloud"] == "kot-dark card:smoke-cloud"
    assert kot["fluxling"] == "kot-dark tile:fluxling"
    assert kot["gigazaur"] is None  # a monster with no power of its own


@pytest.mark.parametrize("game_id", GAMES)
def test_every_log_citation_starts_with_a_statement_id(game_id):
    """Random games of each game: each event's rule is ``<statement id> <what it is>``; a
    rulebook statement is followed by its section's title path as the rules page has it."""
    statements = {s.id: s for s in tool.statements(game_id)}
    titles = tool.section_titles(tool.rules_page(game_id).read_text(encoding="utf-8"))
    game = tokyo.load_game(game_id, players=4)
    seen, bad = set(), []
    for seed in range(6):
        rng = random.Random(seed)
        state = game.new_initial_state()
        while not state.is_terminal() and len(state.history()) < 3000:
            if state.is_chance_node():
                state.apply_action(sample_chance(state, rng))
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        for event in state.log:
            head, _, rest = event.rule.partition(" ")
            key, _, what = rest.partition(" ")
            sid = f"{head} {key}"
            seen.add(sid)
            if head != game_id or sid not in statements:
                bad.append(event.rule)
            elif statements[sid].kind == "rule" and what != titles[statements[sid].section]:
                bad.append(f"{event.rule} (section title: {titles[statements[sid].section]})")
    assert sorted(set(bad)) == []
    assert len(seen) >= 10  # the games cite many different statements, not one catch-all


# ----- the tool itself --------------------------------------------------------------------------
PAGE = """# Toy rules

## 1 Turn

### 1.0 In general
- **toy 1.0.1** Players take turns.

### 1.1 Rolling
- **toy 1.1.1** Roll one die,
  then add it to your total.
- **toy 1.1.2** A 1 ends your turn.

## Rulings
"""


def test_the_page_parser_reads_ids_sections_and_continued_lines():
    sts = tool.parse_rules_page("toy", PAGE)
    assert [s.id for s in sts] == ["toy 1.0.1", "toy 1.1.1", "toy 1.1.2"]
    assert sts[1].text == "Roll one die, then add it to your total."
    assert (sts[0].section, sts[0].section_title) == ("1.0", "Turn")
    assert (sts[2].section, sts[2].section_title) == ("1.1", "Turn / Rolling")
    assert tool.section_titles(PAGE) == {"1": "Turn", "1.0": "Turn", "1.1": "Turn / Rolling"}


@pytest.mark.parametrize("bad,why", [
    ("- **other 1.1.3** x", "not a statement id of toy"),
    ("- **toy 1.2.1** x", "listed under section 1.1"),
    ("- **toy 1.1.1** again", "listed twice"),
    ("- **toy R1** x", "not a statement id of toy"),
    ("- **toy 1.1.3 no closing bold", "looks like a statement"),
    ("* **toy 1.1.3** another bullet", "looks like a statement"),
    (" - **toy 1.1.3** one space in", "looks like a statement"),
    ("  - **toy 1.1.3** glued to the one above", "looks like a statement"),
    ("- toy 1.1.3 not in bold", "looks like a statement"),
])
def test_the_page_parser_refuses_a_malformed_statement(bad, why):
    with pytest.raises(tool.IndexError_, match=why):
        tool.parse_rules_page("toy", PAGE.replace("## Rulings", bad))


@pytest.mark.parametrize("row,why", [("|T2 | Q | R | W | - |\n", None), ("| T 2 | Q | R | W |\n", "ruling row"),
                                     ("| T1 | Again? | R | W | - |\n", "listed twice")])
def test_the_rulings_parser_takes_loose_spacing_and_refuses_broken_rows(row, why):
    text = "## A game (`toy`)\n\n| T1 | Ties? | Shared. | Silent. | - |\n" + row
    if why is None:
        assert [s.id for s in tool.parse_rulings(text)["toy"]] == ["toy T1", "toy T2"]
    else:
        with pytest.raises(tool.IndexError_, match=why):
            tool.parse_rulings(text)


def test_a_page_error_names_the_file_and_line(monkeypatch, tmp_path):
    page = tmp_path / "kot-dark.md"
    page.write_text(tool.rules_page("kot-dark").read_text().replace("- **kot-dark 2.4.1** ", "- **kot-dark 2.4.1 "))
    monkeypatch.setattr(tool, "rules_page", lambda g: page)
    monkeypatch.setattr(tool, "ROOT", tmp_path)
    with pytest.raises(tool.IndexError_, match=r"^kot-dark.md:\d+: this looks like a statement"):
        tool.statements("kot-dark")


class _Mark:
    def __init__(self, *args):
        self.args = args


class _Item:
    def __init__(self, nodeid, *marks):
        self.nodeid, self.marks = nodeid, marks

    def iter_markers(self, name):
        return iter(self.marks if name == "rule" else ())


@pytest.mark.parametrize("marks,why", [
    ((_Mark(["kot-dark R13"]),), "as strings"),
    ((_Mark(),), "as strings"),
    ((_Mark("kot-dark 2.4.99"),), "'kot-dark 2.4.99'"),
    ((_Mark("kotdark 2.4.1"),), "no game 'kotdark'"),
])
def test_a_bad_rule_marker_stops_the_run_that_collects_it(marks, why):
    from rulesindex import check_rule_markers
    with pytest.raises(pytest.UsageError, match=why):
        check_rule_markers([_Item("tests/x.py::test_x", *marks)])
    check_rule_markers([_Item("tests/x.py::test_ok", _Mark("kot-dark 2.4.1", "crisis-tokyo C9"))])


def test_a_rulings_heading_may_name_several_games():
    text = "## Two modes (`solo`, `duo`)\n\n| M1 | Q | R | W | - |\n"
    got = tool.parse_rulings(text)
    assert [s.id for s in got["solo"]] == ["solo M1"] and [s.id for s in got["duo"]] == ["duo M1"]


def test_the_rulings_parser_reads_each_games_table():
    text = ("## A game (`toy`)\n\n| # | Question | Ruling | Why | Option |\n|---|---|---|---|---|\n"
            "| T1 | Ties? | Shared. | Silent. | - |\n\n## Other (`other`)\n\n| O1 | Q | R | W | - |\n")
    got = tool.parse_rulings(text)
    assert [(s.id, s.text, s.kind) for s in got["toy"]] == [("toy T1", "Ties?: Shared.", "ruling")]
    assert [s.id for s in got["other"]] == ["other O1"]


def test_coverage_finds_statements_without_tests_and_unknown_ids():
    by_game = {"toy": tool.parse_rules_page("toy", PAGE)}
    index = {"tests/t.py::test_a[1]": ["toy 1.1.1"], "tests/t.py::test_a[2]": ["toy 1.1.1", "toy 9.9.9"],
             "tests/t.py::test_b": ["toy 1.0.1", "toy 1.0.1"], "tests/t.py::test_c": []}
    cov = tool.coverage(index, by_game)
    assert [s.id for s in cov.uncovered()] == ["toy 1.1.2"]
    assert cov.unknown == {"toy 9.9.9": ["tests/t.py::test_a[2]"]}
    assert by_game["toy"][0].tests == ["tests/t.py::test_b"]  # named twice, listed once
    page = tool.render_coverage(cov)
    assert "| [toy 1.1.2](#toy-1.1.2) | A 1 ends your turn. |" in page
    assert '| <a id="toy-1.1.1"></a>**toy 1.1.1** Roll one die, then add it to your total. |' in page
    assert "`test_a` (t.py, 2 cases)" in page
    assert [g for g, _ in tool.problems(cov)] == ["toy", "toy"]


def test_skipped_and_xfail_tests_do_not_count_for_a_statement():
    by_game = {"toy": tool.parse_rules_page("toy", PAGE)}
    cov = tool.coverage({"tests/t.py::test_a": ["toy 1.0.1", "toy 1.1.1"]}, by_game,
                        skipped={"tests/t.py::test_skip": ["toy 1.1.2"]})
    assert [s.id for s in cov.uncovered()] == ["toy 1.1.2"]
    assert "not counted (skipped or xfail): `test_skip`" in tool.render_coverage(cov)


def test_the_rulings_block_replaces_itself():
    page = tool.page_with_block("kot-dark", "# x\n\n## Rulings\n")
    assert page.count(tool.BLOCK_START) == 1 and "- **kot-dark R1** " in page
    assert tool.page_with_block("kot-dark", page) == page


def test_a_game_on_another_games_rule_system_shares_its_page_and_statements():
    # crisis-format is storyline §22: one page, one set of statements, counted once
    from tokyo.core import list_games
    rules = {g["id"]: g["rules"] for g in list_games()}
    assert rules["crisis-format"] == "storyline" and rules["kot-dark"] == "kot-dark"
    assert "storyline" in GAMES and "crisis-format" not in GAMES
    assert tool.games_of("storyline") == ["crisis-format", "storyline"]
    assert tool.rules_of("crisis-format") == "storyline"
    assert not tool.rules_page("crisis-format").exists()
    # the index takes the cards of every game on the system, each once
    ids = [s.id for s in tool.card_statements("storyline")]
    assert len(ids) == len(set(ids))
    from tokyo.core import game_catalogue
    crisis_only = {e["rule_id"] for e in game_catalogue("crisis-format")} - {
        e["rule_id"] for e in game_catalogue("storyline")}
    assert crisis_only and crisis_only <= set(ids)   # the Crisis Storylines come from crisis-format
