"""Helpers for command-line tests (tests/cli): run ``tokyo`` in a subprocess, as a user would.

``run(...)`` runs the CLI with the toy game ``toy-pig`` registered (a launcher imports
tests/toygame.py first); ``run_installed(...)`` runs the installed ``tokyo`` script.
Standard input is a pipe (empty unless ``input`` is given), so nothing waits on a
terminal.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parent
LAUNCHER = "import toygame; toygame.register(); from tokyo.cli import main; main()"


def _env() -> dict:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(TESTS), env.get("PYTHONPATH")]))
    env["COLUMNS"] = "200"
    env.pop("FORCE_COLOR", None)
    return env


def run(*args: str, input: str = "", timeout: float = 300) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", LAUNCHER, *args], input=input, capture_output=True,
                          text=True, env=_env(), timeout=timeout)


def tokyo_script() -> Path:
    return Path(sys.executable).with_name("tokyo")


def run_installed(*args: str, input: str = "", timeout: float = 300) -> subprocess.CompletedProcess:
    return subprocess.run([str(tokyo_script()), *args], input=input, capture_output=True, text=True,
                          env=_env(), timeout=timeout)


def assert_user_error(result: subprocess.CompletedProcess, *words: str, code: int = 2) -> None:
    """A user's mistake: the given exit code, one line on stderr, no traceback."""
    assert result.returncode == code, (result.returncode, result.stdout, result.stderr)
    assert "Traceback" not in result.stderr and "Traceback" not in result.stdout
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("error: ")
    for word in words:
        assert word in lines[0], (word, lines[0])


def require_kot() -> None:
    """Skip the calling test while the King of Tokyo package does not import yet
    (any other error in it fails the test)."""
    import tokyo
    try:
        tokyo.load_game("kot-dark", players=4)
    except ImportError as exc:
        pytest.skip(f"tokyo.games.kingoftokyo does not import yet: {exc}")


def require_kot_heuristic() -> None:
    """Skip the calling test while the King of Tokyo heuristic agent does not import yet."""
    require_kot()
    from tokyo.agents import make_agent
    try:
        make_agent("heuristic", "kot-dark")
    except ImportError as exc:
        pytest.skip(f"the kot-dark heuristic agent does not import yet: {exc}")
