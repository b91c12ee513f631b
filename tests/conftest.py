"""Shared fixtures: the toy game ``toy-pig`` is registered for every test.

Also the ``rule`` marker (docs/rules/README.md): ``@pytest.mark.rule("kot-dark 2.4.3", ...)``
names the rule statements a test checks. ``--rule-index FILE`` writes, at collection, a
JSON object {node id: [statement ids]} for tools/rules_coverage.py.
"""

import json

import pytest

import toygame

toygame.register()


@pytest.fixture
def pig():
    """A two-player Pig game with default options."""
    import tokyo
    return tokyo.load_game(toygame.GAME_ID, players=2)


@pytest.fixture
def kot():
    """Skip the test while the King of Tokyo package does not import yet."""
    from clihelpers import require_kot
    require_kot()


@pytest.fixture
def kot_heuristic():
    """Skip the test while the kot-dark heuristic agent does not import yet."""
    from clihelpers import require_kot_heuristic
    require_kot_heuristic()


def pytest_addoption(parser):
    parser.addoption("--rule-index", metavar="FILE", default=None,
                     help="write {test node id: [rule statement ids]} of the collected tests to FILE (JSON)")


def pytest_configure(config):
    config.addinivalue_line(
        "markers", "rule(*ids): the rule statements this test checks, e.g. rule('kot-dark 2.4.3', 'kot-dark R19'); "
                   "ids are listed in docs/rules/<game>.md, docs/rulings.md and the card data (docs/rules/README.md)")
    config.addinivalue_line(
        "markers", "compiled: builds the mypyc-compiled engine and runs the engine tests on it (minutes; "
                   "deselect locally with -m 'not compiled')")


def _skipped(item) -> bool:
    """Whether a test will not run as a check: skipped (unconditionally or by a true
    condition) or expected to fail. Such a test does not count for a rule statement."""
    if item.get_closest_marker("skip") or item.get_closest_marker("xfail"):
        return True
    return any(all(bool(a) for a in m.args) and m.args for m in item.iter_markers("skipif")
               if all(isinstance(a, bool) for a in m.args))


def pytest_collection_modifyitems(session, config, items):
    from rulesindex import check_rule_markers
    check_rule_markers(items)
    path = config.getoption("--rule-index")
    if not path:
        return
    index = {"tests": {}, "skipped": {}}
    for item in items:
        ids = [i for mark in item.iter_markers("rule") for i in mark.args]
        index["skipped" if _skipped(item) else "tests"][item.nodeid] = ids
    with open(path, "w", encoding="utf-8") as fh:
        json.dump(index, fh, indent=0, sort_keys=True)
