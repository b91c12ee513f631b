"""The statement ids of the rules index, for checking ``rule`` markers at collection
(tests/conftest.py); the index itself is tools/rules_coverage.py."""

from __future__ import annotations

import importlib.util
import sys
from functools import lru_cache
from pathlib import Path

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
    """(every statement id of the named games that ship with the package, the ids of
    those games). A page that cannot be read raises the tool's error."""
    t = tool()
    games = set(t.games())
    ids = {s.id for g in sorted(set(game_ids) & games) for s in t.statements(g)}
    return ids, games
