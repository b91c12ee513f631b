"""Storyline tests. The game is not registered yet, so the root conftest's ``rule`` marker
check refuses ``storyline`` ids (it knows only registered games); these tests name their
statements with ``@pytest.mark.storyline_rule("storyline 11.2.3", ...)`` instead, and
test_sl_rulebook.py checks every id against docs/rules/storyline.md. When the game is
registered, the marker is renamed to ``rule`` and this check goes."""


def pytest_configure(config):
    config.addinivalue_line("markers", "storyline_rule(*ids): statements of docs/rules/storyline.md a test checks "
                                       "(the game is not registered yet; see tests/storyline/conftest.py)")

import os
import sys

_HERE = os.path.dirname(os.path.abspath(__file__))
if _HERE not in sys.path:   # ``from sl_helpers import ...``
    sys.path.insert(0, _HERE)
