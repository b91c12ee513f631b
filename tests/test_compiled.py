"""The compiled engine passes the engine's tests (issue 13).

A normal install (``pip install .``) compiles tokyo.core, the game packages and the typed agents with
mypyc when a C compiler is present (build_support/tokyo_build.py). This test builds that
wheel, unpacks it into a folder of its own and runs the engine's test files against it
in a subprocess (``TOKYO_EXPECT_ENGINE`` makes ``tokyo --version``'s test check that the
compiled engine is the one that ran). It takes several minutes: deselect it locally with
``-m "not compiled"``; CI runs it.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
COMPILED = "compiled (mypyc)"

# the engine's own tests, and the simulator's and agents' that drive it
ENGINE_TESTS = ["tests/core", "tests/kot", "tests/kotbase", "tests/godzilla", "tests/crisis", "tests/storyline",
                "tests/sim", "tests/agents",
                "tests/cli/test_cli_toy.py::test_version_says_which_engine_runs"]

pytestmark = [
    pytest.mark.compiled,
    pytest.mark.skipif(os.environ.get("TOKYO_EXPECT_ENGINE") == COMPILED,
                       reason="already running on the compiled engine"),
]


def _compiler() -> str | None:
    cc = (sysconfig.get_config_var("CC") or "cc").split()[0]
    return shutil.which(cc) or shutil.which("cc")


@pytest.fixture(scope="module")
def compiled_site(tmp_path_factory) -> Path:
    if _compiler() is None:
        pytest.skip("no C compiler here: a normal install gives the pure-Python engine")
    work = tmp_path_factory.mktemp("compiled")
    build = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-v", "-w", str(work / "wheel"),
                            str(ROOT)], capture_output=True, text=True, timeout=1800)
    assert build.returncode == 0, build.stdout[-4000:] + build.stderr[-4000:]
    assert "pure-Python engine" not in build.stdout + build.stderr, (
        "a C compiler is present but the wheel fell back to pure Python:\n" + build.stderr[-4000:])
    wheels = list((work / "wheel").glob("tokyo_engine-*.whl"))
    assert len(wheels) == 1 and "none-any" not in wheels[0].name, wheels
    site = work / "site"
    unpack = subprocess.run([sys.executable, "-m", "pip", "install", "--no-deps", "--target", str(site),
                             str(wheels[0])], capture_output=True, text=True, timeout=600)
    assert unpack.returncode == 0, unpack.stderr[-4000:]
    return site


def test_the_wheel_compiles_the_engine(compiled_site):
    for module in ("core/state", "core/machine", "games/kingoftokyo/engine", "games/crisis/state",
                   "games/storyline/state"):
        folder, name = (compiled_site / "tokyo" / module).parent, Path(module).name
        assert list(folder.glob(name + ".*.so")), f"tokyo/{module} is not compiled"


def test_engine_tests_pass_on_the_compiled_engine(compiled_site):
    env = dict(os.environ, PYTHONPATH=str(compiled_site), TOKYO_EXPECT_ENGINE=COMPILED)
    run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-x",
                          *ENGINE_TESTS], cwd=ROOT, env=env, capture_output=True, text=True, timeout=3600)
    assert run.returncode == 0, run.stdout[-6000:] + run.stderr[-2000:]


def test_without_a_c_compiler_the_wheel_is_pure_python(tmp_path):
    """No compiler (CC names none): the install does not fail, it builds the pure engine
    and says why (pip -v shows it)."""
    env = dict(os.environ, CC=str(tmp_path / "no-such-compiler"))
    build = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-v", "-w", str(tmp_path / "wheel"),
                            str(ROOT)], capture_output=True, text=True, timeout=1800, env=env)
    assert build.returncode == 0, build.stdout[-4000:] + build.stderr[-4000:]
    assert "tokyo-engine: no C compiler found: pure-Python engine" in build.stdout + build.stderr
    wheels = list((tmp_path / "wheel").glob("tokyo_engine-*.whl"))
    assert len(wheels) == 1 and wheels[0].name.endswith("-py3-none-any.whl"), wheels
