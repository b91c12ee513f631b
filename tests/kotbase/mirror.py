"""Run kot-dark's rule tests on the base game (``kot``), for the rules the two share.

docs/rules/kot.md keeps kot-dark's numbers for the rules the base game shares with the
Dark Edition (its turn and Tokyo rules without Wickedness), and the base game shares
most of its Power cards with the Dark Edition (base_powers.SHARED). A kot-dark test of
such a statement or card is run again here with every ``load_game("kot-dark", ...)``
loading ``kot`` instead, under the matching ``kot`` statement: ``kot-dark 2.4.3`` ->
``kot 2.4.3``, ``kot-dark card:jets`` -> ``kot card:jets``, and a kot-dark ruling the
base game adopts (ruling B1) -> ``kot B1``. The mirrored test fails unless it loaded a
kot game, so a test that never reaches the engine proves nothing here.

Tests that do not apply to the base game (they name a Dark monster, a Dark-only card, a
Wickedness tile, a kot-dark log citation...) are listed in ``NOT_MIRRORED`` with the
reason; ``mirror_module`` refuses to run one of them.
"""

from __future__ import annotations

import functools
import importlib.util
import re
import sys
from pathlib import Path
from unittest import mock

import pytest

import tokyo
from tokyo.core import registry
from tokyo.games.kingoftokyo.base_powers import SHARED

KOT_DIR = Path(__file__).resolve().parents[1] / "kot"
PAGE = Path(__file__).resolve().parents[2] / "docs" / "rules" / "kot.md"
KOT_STATEMENTS = set(re.findall(r"^- \*\*kot (\S+)\*\*", PAGE.read_text(encoding="utf-8"), re.M))

# kot-dark rulings the base game adopts as they are (ruling B1)
ADOPTED = {1, 4, 5, 6, 7, 9, 10, 11, 12, 13, 14, 15, 16, 18, 19, 20, 21, 22, 23, 28, 29, 30, 31, 32, 33, 34,
           35, 36, 37, 38, 39, 40, 42}


def kot_ids(dark_ids: list[str]) -> list[str]:
    """The kot statements a test of ``dark_ids`` checks on the base game."""
    out: list[str] = []
    for sid in dark_ids:
        if not sid.startswith("kot-dark "):
            continue
        key = sid.split(" ", 1)[1]
        if key.startswith("card:"):
            new = f"kot {key}" if key[5:] in SHARED else None
        elif key.startswith("R"):
            new = "kot B1" if int(key[1:]) in ADOPTED else None
        else:
            new = f"kot {key}" if key in KOT_STATEMENTS else None
        if new and new not in out:
            out.append(new)
    return out


def _load_module(name: str):
    if str(KOT_DIR) not in sys.path:
        sys.path.insert(0, str(KOT_DIR))
    spec = importlib.util.spec_from_file_location(f"kotbase_mirror_{name}", KOT_DIR / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _run_on_kot(module, fn, kwargs):
    real = registry.load_game
    loaded = []

    def load(game_id, *args, **options):
        if game_id == "kot-dark":
            loaded.append(1)
            game_id = "kot"
        return real(game_id, *args, **options)

    patches = [mock.patch.object(tokyo, "load_game", load)]
    for mod in (module, sys.modules.get("rules_helpers")):
        if mod is not None and hasattr(mod, "load_game"):
            patches.append(mock.patch.object(mod, "load_game", load))
    with contextlib_exit(patches):
        fn(**kwargs)
    assert loaded, "the mirrored test loaded no game: it checks nothing of kot"


class contextlib_exit:
    def __init__(self, patches):
        self.patches = patches

    def __enter__(self):
        for p in self.patches:
            p.start()

    def __exit__(self, *exc):
        for p in reversed(self.patches):
            p.stop()
        return False


def mirror_module(name: str, namespace: dict, skip: dict[str, str]) -> int:
    """Define in ``namespace`` (a test module's globals) one test per test of
    tests/kot/<name>.py that checks a statement kot shares, except those of ``skip``
    (test name -> why it does not apply to kot). Returns how many."""
    module = _load_module(name)
    stale = sorted(set(skip) - {a for a in vars(module) if a.startswith("test_")})
    assert not stale, f"NOT_MIRRORED names tests tests/kot/{name}.py no longer has: {stale}"
    made = 0
    for attr, fn in list(vars(module).items()):
        if not attr.startswith("test_") or not callable(fn) or attr in skip:
            continue
        marks = list(getattr(fn, "pytestmark", []))
        dark = [a for m in marks if m.name == "rule" for a in m.args]
        ids = kot_ids(dark)
        if not ids or hasattr(fn, "hypothesis"):
            continue

        def make(fn=fn):
            @functools.wraps(fn)
            def test(**kwargs):
                _run_on_kot(module, fn, kwargs)
            return test

        test = make()
        test.pytestmark = [m for m in marks if m.name != "rule"] + [pytest.mark.rule(*ids).mark]
        test.__name__ = f"test_{name.removeprefix('test_')}__{attr.removeprefix('test_')}"
        namespace[test.__name__] = test
        made += 1
    return made
