"""The statement ids of the rules index, for checking ``rule`` markers at collection
(tests/conftest.py); the index itself is tools/rules_coverage.py."""

from __future__ import annotations

import importlib.util
import sys
from functools import lru_cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@lru_cache(maxsize=None)
def tool():
    """tools/rules_coverage.py as a module."""
    spec = importlib.util.spec_from_file_location("rules_coverage", ROOT / "tools" / "rules_coverage.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def known_statements(game_ids) -> tuple[set[str], set[str]]:
    """(every statement id of the named games, the ids of the games known). A game the
    package ships is known with all its statements; a game being built, with a rules page
    but not registered yet (docs/rules/<game>.md), with the statements of its page and its
    rulings. A page that cannot be read raises the tool's error."""
    t = tool()
    shipped = set(t.games())
    building = {g for g in game_ids if g not in shipped and t.rules_page(g).exists()}
    ids = {s.id for g in sorted(set(game_ids) & shipped) for s in t.statements(g)}
    rulings = t.parse_rulings(t.RULINGS.read_text(encoding="utf-8")) if building else {}
    for g in sorted(building):
        ids |= {s.id for s in t.parse_rules_page(g, t.rules_page(g).read_text(encoding="utf-8"))}
        ids |= {s.id for s in rulings.get(g, [])}
    return ids, shipped | building


def check_rule_markers(items) -> None:
    """Every ``rule`` marker names existing statements, as strings (docs/rules/README.md):
    a bad marker stops any run that collects it, not only the full suite's index check."""
    named = {}
    for item in items:
        for mark in item.iter_markers("rule"):
            if not mark.args or not all(isinstance(a, str) for a in mark.args):
                raise pytest.UsageError(f"{item.nodeid}: @pytest.mark.rule takes one or more statement ids as "
                                        f"strings ('kot-dark 2.4.3'), not {mark.args!r}")
            for sid in mark.args:
                named.setdefault(sid, item.nodeid)
    if not named:
        return
    known, games = known_statements({sid.split(" ", 1)[0] for sid in named})
    bad = [f"{sid!r} (in {node})" + ("" if sid.split(" ", 1)[0] in games else
                                      f": no game '{sid.split(' ', 1)[0]}'; the games are {', '.join(sorted(games))}")
           for sid, node in named.items() if sid not in known]
    if bad:
        raise pytest.UsageError("@pytest.mark.rule names statements that do not exist (docs/rules/<game>.md, "
                                "docs/rulings.md, tokyo cards GAME --json rule_id): " + "; ".join(bad[:10]))
