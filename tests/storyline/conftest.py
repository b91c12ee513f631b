"""Storyline tests (the game is built but not registered yet): ``rule`` markers name
statements of docs/rules/storyline.md, which the root conftest checks like any other
(tests/rulesindex.py knows games that have a rules page before they are registered)."""

import os
import sys

_HERE = os.path.dirname(os.path.abspath(__file__))
if _HERE not in sys.path:   # ``from sl_helpers import ...``
    sys.path.insert(0, _HERE)
