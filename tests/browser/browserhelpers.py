"""Helpers of the browser tests and of tools/screenshots.py: Debian's chromium driven by
Playwright (sync API), and a real ``tokyo serve`` in a subprocess."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import threading
import time
from pathlib import Path

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--disable-quic", "--no-first-run"]
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
WAIT_MS = 60_000
"""How long a step waits for the page (a guard against hanging, not a speed check)."""


def chromium_path() -> str:
    """The chromium to drive; AssertionError with what to do when it is missing (the
    tests must fail, not skip: CI installs it through .ci/run)."""
    path = os.environ.get("TOKYO_CHROMIUM") or CHROMIUM
    if not (Path(path).is_file() or shutil.which(path)):
        raise AssertionError(f"chromium is missing at {path}: install Debian's chromium "
                             "(apt-get install chromium; .ci/run does it) to run the browser tests")
    return path


def launch(playwright):
    return playwright.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS, headless=True)


class Server:
    """``tokyo serve --port 0 --db DB --bot-delay D`` in a subprocess; ``url`` is read from
    the address line it prints."""

    def __init__(self, db: Path, bot_delay: float = 0.0):
        script = Path(sys.executable).with_name("tokyo")
        env = dict(os.environ, PYTHONUNBUFFERED="1")
        self.proc = subprocess.Popen([str(script), "serve", "--port", "0", "--db", str(db), "--bot-delay", str(bot_delay)],
                                     stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env)
        self.lines: list[str] = []
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()
        end = time.monotonic() + 60
        while True:
            line = next((x for x in self.lines if "http://" in x), None)
            if line:
                break
            assert self.proc.poll() is None, "the server exited: " + "".join(self.lines)
            assert time.monotonic() < end, "the server printed no address: " + "".join(self.lines)
            time.sleep(0.05)
        self.url = re.search(r"http://[^/ ]+", line).group(0)

    def _read(self):
        for line in self.proc.stdout:
            self.lines.append(line)

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(30)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(30)
        self._reader.join(10)


class ThreadServer:
    """The server app in a uvicorn thread of this process, so that games registered by
    the tests (the toy game ``toy-pig``) can be played in the browser too."""

    def __init__(self, db: Path):
        import uvicorn

        from tokyo.server import create_app
        from tokyo.server.main import bind

        self._sock = bind("127.0.0.1", 0)
        self.url = f"http://127.0.0.1:{self._sock.getsockname()[1]}"
        self.server = uvicorn.Server(uvicorn.Config(create_app(db, bot_delay=0), log_level="warning"))
        self._thread = threading.Thread(target=self.server.run, kwargs={"sockets": [self._sock]}, daemon=True)
        self._thread.start()
        end = time.monotonic() + 60
        while not self.server.started:
            assert self._thread.is_alive() and time.monotonic() < end, "the server thread did not start"
            time.sleep(0.05)

    def stop(self) -> None:
        self.server.should_exit = True
        self._thread.join(30)
        self._sock.close()
