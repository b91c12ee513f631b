"""Helpers of the browser tests and of tools/screenshots.py: a chromium (Debian's, else
Playwright's own; installed by the tests when there is none) driven by Playwright (sync
API), and a real ``tokyo serve`` in a subprocess."""

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


def find_chromium() -> str | None:
    """The chromium to drive: ``$TOKYO_CHROMIUM`` when set (AssertionError if it is not
    there: that one was asked for), else Debian's (``/usr/bin/chromium``, or a
    ``chromium`` on PATH), else ``"playwright"`` when Playwright's own chromium is
    installed (it launches without a path); None when there is none."""
    wanted = os.environ.get("TOKYO_CHROMIUM")
    if wanted:
        if not (Path(wanted).is_file() or shutil.which(wanted)):
            raise AssertionError(f"TOKYO_CHROMIUM is {wanted!r}, which is not a program; "
                                 "unset it to use Debian's chromium or Playwright's")
        return wanted
    for path in (CHROMIUM, shutil.which("chromium"), shutil.which("chromium-browser")):
        if path and Path(path).is_file():
            return path
    return "playwright" if _playwright_chromium_installed() else None


def _playwright_chromium_installed() -> bool:
    try:
        from playwright.sync_api import sync_playwright
        with sync_playwright() as p:
            return Path(p.chromium.executable_path).is_file()
    except Exception:  # no playwright, or no browser of its own
        return False


def install_commands(debian: bool, root: bool) -> list[list[str]]:
    """How this machine gets a chromium: Debian's package as root (the package lists
    first: a fresh machine has none), else Playwright's own download."""
    if debian and root and shutil.which("apt-get"):
        return [["apt-get", "update", "-qq"], ["apt-get", "install", "-y", "-qq", "chromium"]]
    return [[sys.executable, "-m", "playwright", "install", "chromium"]]


def ensure_chromium(say=print, run=subprocess.run, find=find_chromium, debian: bool | None = None,
                    root: bool | None = None) -> str:
    """The chromium of the browser tests (see :func:`find_chromium`), installed first
    when there is none; ``say`` gets one line saying so. AssertionError naming what to
    do when it cannot be installed."""
    found = find()
    if found:
        return found
    debian = Path("/etc/debian_version").exists() if debian is None else debian
    root = (hasattr(os, "geteuid") and os.geteuid() == 0) if root is None else root
    commands = install_commands(debian, root)
    shown = " && ".join("python -m playwright install chromium" if c[0] == sys.executable else " ".join(c)
                        for c in commands)
    say(f"tests/browser: no chromium found; installing it for the browser tests ({shown})")
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    for command in commands:
        try:
            result = run(command, capture_output=True, text=True, env=env, timeout=1800)
            failed = result.returncode != 0
            lines = (result.stderr or result.stdout or "").strip().splitlines()
            problem = lines[-1] if lines else f"exit code {result.returncode}"
        except (OSError, subprocess.TimeoutExpired) as exc:
            failed, problem = True, str(exc)
        if failed:
            raise AssertionError(f"the browser tests need chromium and it could not be installed "
                                 f"({' '.join(command)}: {problem}); install it yourself (Debian: apt-get install "
                                 "chromium; elsewhere: python -m playwright install chromium) or set TOKYO_CHROMIUM "
                                 "to a chromium program")
    found = find()
    if not found:
        raise AssertionError(f"installed chromium ({shown}) but still found none; install it yourself or set "
                             "TOKYO_CHROMIUM to a chromium program")
    return found


def chromium_path() -> str | None:
    """The chromium to launch (None: Playwright's own); AssertionError with what to do
    when there is none (tools/screenshots.py; the tests install one first, see
    :func:`ensure_chromium`)."""
    found = find_chromium()
    if found is None:
        raise AssertionError("no chromium found: install Debian's chromium (apt-get install chromium) or "
                             "Playwright's (python -m playwright install chromium); the browser tests do it "
                             "themselves")
    return None if found == "playwright" else found


def launch(playwright):
    return playwright.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS, headless=True)


class Server:
    """``tokyo serve --port 0 --db DB --bot-delay D`` (and ``extra`` options) in a
    subprocess; ``url`` is read from the address line it prints."""

    def __init__(self, db: Path, bot_delay: float = 0.0, extra: tuple[str, ...] = ()):
        script = Path(sys.executable).with_name("tokyo")
        env = dict(os.environ, PYTHONUNBUFFERED="1")
        self.proc = subprocess.Popen([str(script), "serve", "--port", "0", "--db", str(db), "--bot-delay", str(bot_delay),
                                      *extra],
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


# ----- rooms for the browser tests, through the API ---------------------------------------------
def new_room(server, game, seats, **extra):
    """A room of ``game`` with ``seats`` (POST /api/rooms; 201 checked); the creation answer."""
    import httpx
    answer = httpx.post(server.url + "/api/rooms", json={"game": game, "seats": seats, **extra}, timeout=60)
    assert answer.status_code == 201, answer.text
    return answer.json()


def open_seat(page, server, room, seat=0):
    """Open ``seat``'s link of ``room`` and wait for the first drawing."""
    page.goto(server.url + room["seats"][seat]["link"])
    page.wait_for_selector("body[data-version]")


def play_out(server, seats, game, seed, **extra):
    """A room played to its end through the API, its people choosing random legal actions
    (seeded by ``seed``); (the creation answer, the last view of its first person)."""
    import random

    import httpx
    client = httpx.Client(base_url=server.url, timeout=60)
    room = client.post("/api/rooms", json={"game": game, "seed": seed, "seats": seats, **extra}).json()
    tokens = [s["token"] for s in room["seats"] if s["kind"] == "human"]
    rng = random.Random(seed)
    try:
        for _ in range(20000):
            for token in tokens:
                view = client.get(f"/api/rooms/{room['room']}/seat/{token}").json()
                if view["status"] == "finished":
                    return room, view
                if view["your_turn"]:
                    client.post(f"/api/rooms/{room['room']}/actions", json={
                        "token": token, "action": rng.choice(view["legal"]), "version": view["version"]})
            time.sleep(0.01)
    finally:
        client.close()
    raise AssertionError("the game did not end")
