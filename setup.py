"""Compiled engine modules for a normal install; see build_support/tokyo_build.py.

Everything else about the package is in pyproject.toml.
"""

from __future__ import annotations

import os
import shutil
import sys
import sysconfig
import tomllib
from pathlib import Path

from setuptools import setup
from setuptools.command.build_ext import build_ext

HERE = Path(__file__).resolve().parent

# the engine: what mypy checks strictly (pyproject's [tool.mypy] files: the kernel, every
# game package and the agents listed there; not the server, simulator or CLI)
COMPILED = tomllib.loads((HERE / "pyproject.toml").read_text())["tool"]["mypy"]["files"]


def _compiler_present() -> bool:
    cc = (os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc").split()[0]
    return shutil.which(cc) is not None


def _pure_requested() -> bool:
    return os.environ.get("TOKYO_PURE", "").strip().lower() in ("1", "true", "yes", "on")


class _build_ext_or_pure(build_ext):
    """Compiles the engine; when the C compiler fails (no Python headers, a broken
    compiler), removes whatever it built and leaves the pure-Python engine instead."""

    def run(self) -> None:
        try:
            super().run()
        except Exception as exc:  # CompileError, LinkError, OSError from the compiler
            for ext in self.extensions:
                built = Path(self.get_ext_fullpath(ext.name))
                if built.exists():
                    built.unlink()
            self.extensions = []
            print(f"tokyo-engine: the C compiler failed ({exc}): pure-Python engine", file=sys.stderr)


def _modules() -> list[str]:
    out = []
    for top in COMPILED:  # a package folder (every module in it) or one module's file
        paths = [HERE / top] if top.endswith(".py") else sorted((HERE / top).rglob("*.py"))
        for path in paths:
            out.append(path.relative_to(HERE).as_posix())
    return out


def compiled_extensions() -> list:
    """mypyc extensions of the engine, or [] for a pure-Python build (editable installs,
    TOKYO_PURE=1, no C compiler, mypyc missing or failing); says which on stderr."""
    if os.environ.get("TOKYO_BUILD_COMPILED") != "1":
        return []
    if _pure_requested():
        print("tokyo-engine: TOKYO_PURE is set: pure-Python engine", file=sys.stderr)
        return []
    if not _compiler_present():
        print("tokyo-engine: no C compiler found: pure-Python engine", file=sys.stderr)
        return []
    try:
        from mypyc.build import mypycify

        # one C file per module (multi_file), compiled on every core: a few minutes, not ten
        return mypycify(["--config-file", str(HERE / "pyproject.toml"), *_modules()], opt_level="3",
                        multi_file=True)
    except BaseException as exc:  # a failed compilation must not fail the install
        print(f"tokyo-engine: mypyc could not compile the engine ({exc!r}): pure-Python engine",
              file=sys.stderr)
        return []


setup(ext_modules=compiled_extensions(), cmdclass={"build_ext": _build_ext_or_pure},
      options={"build_ext": {"parallel": os.cpu_count() or 1}})
