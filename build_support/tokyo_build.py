"""The project's build backend: setuptools, plus a compiled engine for normal installs.

``pip install .`` (a wheel) compiles the engine's modules (tokyo.core, the game
packages and the agents: what pyproject's [tool.mypy] ``files`` lists; setup.py) with
mypyc when a C compiler is present, and falls back to pure Python when it is not or the
compilation fails. An editable install
(``pip install -e .``, what developers and the README's test command use) is always
pure Python, so no compiled module can shadow an edited source. ``TOKYO_PURE=1`` forces
a pure wheel. ``tokyo --version`` says which engine runs.
"""

from __future__ import annotations

import os

from setuptools import build_meta as _setuptools
from setuptools.build_meta import *  # noqa: F401,F403 (every other hook unchanged)


COMPILE_REQUIRES = ["mypy>=1.10", "numpy>=1.24"]
"""What compiling needs besides setuptools: mypy (which brings mypyc, mypy_extensions and
typing_extensions), and every other package that the compiled modules, or the project's
modules they import, import: mypyc's type check must find it in the build environment
(numpy: tokyo.core.tensor, the policy agent). Without it the check fails on a fresh
machine and the wheel falls back to pure Python. tests/test_build.py keeps it complete."""


def get_requires_for_build_wheel(config_settings=None):
    # only a wheel (a normal install) compiles, so only it needs these
    return [*_setuptools.get_requires_for_build_wheel(config_settings), *COMPILE_REQUIRES]


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    os.environ["TOKYO_BUILD_COMPILED"] = "1"  # read by setup.py in this process
    try:
        return _setuptools.build_wheel(wheel_directory, config_settings, metadata_directory)
    finally:
        os.environ.pop("TOKYO_BUILD_COMPILED", None)


def build_editable(wheel_directory, config_settings=None, metadata_directory=None):
    os.environ.pop("TOKYO_BUILD_COMPILED", None)
    return _setuptools.build_editable(wheel_directory, config_settings, metadata_directory)
