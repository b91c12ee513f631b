"""``tokyo simulate --backend``: every backend writes the same games; bad backend input.

The ray case starts a local Ray with 2 CPUs (--workers 2) and stops it at the end.
"""

import json
import subprocess
import sys

import pytest

from clihelpers import LAUNCHER, _env, assert_user_error, run

ARGS = ("simulate", "toy-pig", "--players", "3", "-n", "24", "--seed", "7", "--json")


@pytest.fixture(scope="module")
def inprocess_run(tmp_path_factory):
    """The summary and records of the batch played with --backend inprocess."""
    out = tmp_path_factory.mktemp("inprocess") / "games.jsonl"
    result = run(*ARGS, "--backend", "inprocess", "--out", str(out))
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout), out.read_text().splitlines()


def test_inprocess_backend(inprocess_run):
    summary, lines = inprocess_run
    assert summary["games"] == 24 and len(lines) == 24
    assert [json.loads(line)["seed"] for line in lines] == [7 * 1_000_003 + i for i in range(24)]


@pytest.mark.parametrize("backend,workers", [("process", "2"), ("ray", "2")])
def test_backend_writes_the_same_games(tmp_path, inprocess_run, backend, workers):
    out = tmp_path / "games.jsonl"
    result = run(*ARGS, "--backend", backend, "--workers", workers, "--out", str(out))
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
    summary, lines = inprocess_run
    assert json.loads(result.stdout) == summary
    assert out.read_text().splitlines() == lines


def test_unknown_backend():
    assert_user_error(run(*ARGS, "--backend", "gpu"), "gpu", "inprocess", "process", "ray")


def test_address_without_ray_backend():
    assert_user_error(run(*ARGS, "--address", "auto"), "ray", "address")


def test_ray_missing_says_how_to_install_it():
    # this interpreter has Ray; hide it as if it were not installed
    code = "import sys; sys.modules['ray'] = None; " + LAUNCHER
    result = subprocess.run([sys.executable, "-c", code, *ARGS, "--backend", "ray"], input="",
                            capture_output=True, text=True, env=_env(), timeout=120)
    assert_user_error(result, "pip install 'tokyo-engine[ray]'")


def test_help_teaches_the_backends():
    result = run("simulate", "--help")
    assert result.returncode == 0
    text = " ".join(result.stdout.split())
    for word in ("--backend", "inprocess", "process", "ray", "--address", "ray://", "[ray]",
                 "cluster", "one machine"):
        assert word in text, word
