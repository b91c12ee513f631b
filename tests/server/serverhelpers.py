"""Helpers for the server tests: an app on a temporary database, playing seats over HTTP,
running ``tokyo serve`` in a subprocess."""

from __future__ import annotations

import os
import random
import re
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import httpx

from tokyo.server.store import Store

WAIT = 300.0
"""Seconds a helper waits for something that should happen (a guard, not a speed check)."""


def wait_until(predicate, what: str, limit: float = WAIT, pause: float = 0.01):
    """Call ``predicate`` until it returns a true value (returned); AssertionError after
    ``limit`` seconds (only so that a broken server fails instead of hanging)."""
    end = time.monotonic() + limit
    while True:
        value = predicate()
        if value:
            return value
        assert time.monotonic() < end, f"gave up waiting for {what}"
        time.sleep(pause)


def create(client, game: str, seats: list[dict], **extra) -> dict:
    response = client.post("/api/rooms", json={"game": game, "seats": seats, **extra})
    assert response.status_code == 201, response.text
    return response.json()


def tokens_of(created: dict) -> dict[int, str]:
    return {s["seat"]: s["token"] for s in created["seats"] if s["kind"] == "human"}


def seat_view(client, room: str, token: str, log_from: int = 0) -> dict:
    response = client.get(f"/api/rooms/{room}/seat/{token}", params={"log_from": log_from})
    assert response.status_code == 200, response.text
    return response.json()


def play_humans(client, room: str, tokens: dict[int, str], rng: random.Random,
                seen: list | None = None, max_actions: int | None = None) -> list[tuple[int, str, int]]:
    """Play the human seats of ``room`` by choosing at random among the legal actions of
    each seat's view, until the game is over (or ``max_actions`` were played); bots play
    on the server meanwhile. Every payload received is appended to ``seen`` as
    (seat, payload). Returns the accepted actions as (seat, text, version before)."""
    played = []
    while max_actions is None or len(played) < max_actions:
        progressed = False
        finished = False
        for seat, token in tokens.items():
            view = seat_view(client, room, token)
            if seen is not None:
                seen.append((seat, view))
            if view["status"] == "finished":
                finished = True
                break
            if view["your_turn"]:
                assert view["legal"], view
                text = rng.choice(view["legal"])
                response = client.post(f"/api/rooms/{room}/actions",
                                       json={"token": token, "action": text, "version": view["version"]})
                assert response.status_code == 200, response.text
                after = response.json()
                if seen is not None:
                    seen.append((seat, after))
                assert after["version"] > view["version"]
                played.append((seat, text, view["version"]))
                progressed = True
                break
        if finished:
            break
        if not progressed:
            time.sleep(0.002)  # a bot is thinking
    return played


def stored_steps(db: Path, room: str):
    store = Store(db)
    try:
        return store.steps(room)
    finally:
        store.close()


# ----- a real server in a subprocess ---------------------------------------------------
def tokyo_script() -> Path:
    return Path(sys.executable).with_name("tokyo")


class ServerProcess:
    """``tokyo serve --port 0 --db DB`` in a subprocess; ``url`` is read from the
    address line it prints."""

    def __init__(self, db: Path, bot_delay: float = 0.0, extra: tuple[str, ...] = ()):
        env = dict(os.environ, PYTHONUNBUFFERED="1")
        self.proc = subprocess.Popen(
            [str(tokyo_script()), "serve", "--port", "0", "--db", str(db), "--bot-delay", str(bot_delay), *extra],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
        self.lines: list[str] = []
        self.errors: list[str] = []
        self._readers = [threading.Thread(target=self._read, daemon=True),
                         threading.Thread(target=self._read_err, daemon=True)]
        for reader in self._readers:
            reader.start()
        line = wait_until(lambda: next((x for x in self.lines if "http://" in x), None)
                          or self.proc.poll() is not None and "exited", "the server's address line", 60)
        assert line != "exited", f"server exited: {self.errors}"
        self.url = re.search(r"http://[^/ ]+", line).group(0)
        self.client = httpx.Client(base_url=self.url, timeout=60)
        wait_until(self._ready, "the server to answer", 60, 0.05)

    def _read(self):
        for line in self.proc.stdout:
            self.lines.append(line)

    def _read_err(self):
        for line in self.proc.stderr:
            self.errors.append(line)

    def _ready(self) -> bool:
        try:
            return self.client.get("/api/games").status_code == 200
        except httpx.TransportError:
            return False

    def kill(self) -> None:
        """SIGKILL: no shutdown code runs."""
        self.client.close()
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(30)
        self._drain()

    def _drain(self) -> None:
        for reader in self._readers:
            reader.join(10)

    def stop(self) -> None:
        self.client.close()
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)
            try:
                self.proc.wait(30)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(30)
        self._drain()
