"""``kill PID`` (SIGTERM) of a running ``tokyo simulate`` stops its worker processes too,
and so does ``kill -9`` (the workers ask the kernel for a signal when their parent dies).

Each test starts a long simulate on the process pool in a subprocess, waits for its two
workers, signals it and checks that no worker is left (Linux: the processes are read
from /proc)."""

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from clihelpers import LAUNCHER, _env

pytestmark = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads processes from /proc")

WAIT = 60.0
"""Seconds to wait for the workers to start or to go (a guard, not a speed check)."""


def children(pid: int) -> set[int]:
    """The living (not zombie) processes whose parent is ``pid``."""
    found = set()
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            fields = Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid and fields[0] != "Z":
            found.add(int(entry))
    return found


def alive(pid: int) -> bool:
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return False
    return fields[0] != "Z"


def start_simulate(log: Path) -> tuple[subprocess.Popen, set[int]]:
    """A simulate of far more toy games than the test waits for, on 2 worker processes,
    its output in ``log`` (not a pipe: a surviving worker would hold a pipe open);
    returns it with its workers once both run."""
    with log.open("w") as out:
        proc = subprocess.Popen([sys.executable, "-c", LAUNCHER, "simulate", "toy-pig", "--games", "1000000",
                                 "--workers", "2", "--backend", "process", "--agents", "random"],
                                stdin=subprocess.DEVNULL, stdout=out, stderr=subprocess.STDOUT, text=True,
                                env=_env())
    end = time.monotonic() + WAIT
    while len(workers := children(proc.pid)) < 2:
        if proc.poll() is not None or time.monotonic() > end:
            proc.kill()
            pytest.fail("the simulate started no workers: " + log.read_text())
        time.sleep(0.05)
    time.sleep(0.5)  # let the workers take their first chunks
    return proc, workers


def stop_and_check(proc: subprocess.Popen, workers: set[int], sig: int) -> int:
    """Send ``sig`` to the simulate; its exit code once every worker is gone. Workers
    still alive after WAIT seconds are killed (not left on the machine) and the test fails."""
    try:
        proc.send_signal(sig)
        code = proc.wait(WAIT)
        end = time.monotonic() + WAIT
        while any(alive(w) for w in workers) and time.monotonic() < end:
            time.sleep(0.05)
    finally:
        left = [w for w in workers if alive(w)]
        for w in left:
            os.kill(w, signal.SIGKILL)
        if proc.poll() is None:
            proc.kill()
    assert not left, f"worker processes survived their simulate: {left}"
    return code


def test_sigterm_stops_the_workers(tmp_path):
    proc, workers = start_simulate(tmp_path / "out.txt")
    assert stop_and_check(proc, workers, signal.SIGTERM) == 128 + signal.SIGTERM
    assert "Traceback" not in (tmp_path / "out.txt").read_text()


def test_sigkill_of_the_simulate_stops_the_workers_too(tmp_path):
    proc, workers = start_simulate(tmp_path / "out.txt")
    stop_and_check(proc, workers, signal.SIGKILL)
