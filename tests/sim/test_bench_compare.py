"""benchmarks/bench_compare.py runs: the working tree against HEAD, one round of a tiny case,
prints the ratio line and finds both sides played the same games; a bad case is refused
with the form it must take."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "benchmarks" / "bench_compare.py"


def test_the_working_tree_against_head_plays_the_same_games():
    out = subprocess.run([sys.executable, str(SCRIPT), "--base", "HEAD", "--rounds", "1",
                          "--case", "kot-dark:2:random:2"], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    row = [line for line in out.stdout.splitlines() if line.startswith("kot-dark:2:random:2")]
    assert len(row) == 1 and row[0].rstrip().endswith("yes"), out.stdout
    ratio = float(row[0].split()[3])
    assert ratio > 0


def test_a_bad_case_says_what_a_case_is():
    out = subprocess.run([sys.executable, str(SCRIPT), "--case", "kot-dark:4"], cwd=ROOT,
                         capture_output=True, text=True, timeout=60)
    assert out.returncode != 0 and "GAME:PLAYERS:AGENT:GAMES" in out.stderr + out.stdout
