"""Which engine runs: the compiled one (mypyc) or pure Python.

A normal install (``pip install .``) compiles the engine's modules with mypyc when a C
compiler is present; an editable install never does (build_support/tokyo_build.py).
"""

from __future__ import annotations

import importlib.machinery

from . import state


def engine_kind() -> str:
    """``"compiled (mypyc)"`` when the kernel runs as a compiled extension module,
    ``"pure Python"`` otherwise."""
    path = getattr(state, "__file__", "") or ""
    compiled = any(path.endswith(suffix) for suffix in importlib.machinery.EXTENSION_SUFFIXES)
    return "compiled (mypyc)" if compiled else "pure Python"
