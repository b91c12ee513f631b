"""Which engine the tests run on: pure Python (the README's editable install) or the
compiled one (tests/test_compiled.py runs the engine's tests on the mypyc-built wheel).

``pure_only`` marks a test that replaces a function of an engine module (monkeypatch):
compiled modules call each other directly, so the replacement would not be seen there.
"""

from __future__ import annotations

import pytest

from tokyo.core.build import engine_kind

COMPILED = engine_kind() != "pure Python"

pure_only = pytest.mark.skipif(COMPILED, reason="replaces an engine function, which compiled modules "
                                                "call directly; runs on the pure-Python engine")
