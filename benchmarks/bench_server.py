"""Load test of the game server over loopback HTTP.

Usage: PYTHONPATH=src python benchmarks/bench_server.py [--rooms 50] [--seconds 60]
       [--games kot-dark,crisis-tokyo] [--mode clients|server-bots] [--bot-delay 0]

Starts ``tokyo serve --port 0`` on a temporary SQLite file in a subprocess and keeps
``--rooms`` games going at once for ``--seconds`` (a finished game is replaced by a new
one). In ``clients`` mode (default) every seat is a "human" seat played by a client
task of this script: it reads the seat's view over HTTP and posts a random legal
action with the view's version, so every action goes through the API. In
``server-bots`` mode the rooms are bot-only and the server plays them; the script polls
the public views.

Prints: the server's and the client's CPU seconds (the machine may be shared: CPU per
decision is the figure that does not depend on the load), actions accepted per second
(decisions sent by the clients, or played by the server's bots), steps stored per
second (decisions and chance outcomes), requests per second, latency of the action
requests (median, 95th percentile, max), errors (any answer that is not 200/201, or a
transport error), and the loss check: after the server is stopped, every action a
client was told was accepted is in the database at the position it was accepted at,
and every room's stored step count equals the last version the clients saw (or more).
Exit code 1 if there was an error or a loss.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import platform
import random
import re
import signal
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[1]


def start_server(db: Path, bot_delay: float) -> tuple[subprocess.Popen, str]:
    env = dict(os.environ, PYTHONUNBUFFERED="1",
               PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT / "src"), os.environ.get("PYTHONPATH")])))
    proc = subprocess.Popen([sys.executable, "-m", "tokyo.cli", "serve", "--port", "0", "--db", str(db),
                             "--bot-delay", str(bot_delay)], stdout=subprocess.PIPE, text=True, env=env)
    for line in proc.stdout:
        found = re.search(r"http://[^/ ]+", line)
        if found:
            return proc, found.group(0)
    raise SystemExit("the server did not start")


def cpu_seconds(pid: int) -> float | None:
    """User + system CPU seconds of process ``pid`` so far (Linux /proc; None elsewhere)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return None


class Stats:
    def __init__(self):
        self.actions = 0
        self.requests = 0
        self.errors: list[str] = []
        self.latency: list[float] = []       # POST actions
        self.view_latency: list[float] = []  # GET views
        self.games_done = 0
        self.accepted: dict[str, list[tuple[int, int, str]]] = {}  # room -> (version before, seat, text)
        self.last_version: dict[str, int] = {}


async def request(client: httpx.AsyncClient, stats: Stats, method: str, url: str, **kw):
    stats.requests += 1
    started = time.perf_counter()
    try:
        response = await client.request(method, url, **kw)
        if method == "GET":
            stats.view_latency.append(time.perf_counter() - started)
    except httpx.HTTPError as exc:
        stats.errors.append(f"{method} {url}: {type(exc).__name__}")
        return None
    if response.status_code not in (200, 201):
        stats.errors.append(f"{method} {url}: {response.status_code} {response.text[:200]}")
        return None
    return response.json()


def seats_for(game: str, mode: str) -> list[dict]:
    players = {"kot-dark": 4, "crisis-tokyo": 3}.get(game, 2)
    kind = {"kind": "human"} if mode == "clients" else {"kind": "bot", "agent": "random"}
    return [kind] * players


async def play_rooms(client, stats: Stats, game: str, mode: str, deadline: float, rng: random.Random):
    """One client slot: play a room to its end, then another, until the deadline."""
    quiet = {"log_from": 10 ** 9}  # the views without their logs: the script does not read them
    while time.monotonic() < deadline:
        created = await request(client, stats, "POST", "/api/rooms",
                                json={"game": game, "seats": seats_for(game, mode)})
        if created is None:
            await asyncio.sleep(0.1)
            continue
        room = created["room"]
        tokens = {s["seat"]: s.get("token") for s in created["seats"]}
        stats.accepted[room] = []
        view = created["view"]
        stats.last_version[room] = view["version"]
        while view["status"] != "finished" and time.monotonic() < deadline:
            if mode != "clients":
                await asyncio.sleep(0.05)
                got = await request(client, stats, "GET", f"/api/rooms/{room}", params=quiet)
                if got is not None:
                    view = got
                    stats.last_version[room] = view["version"]
                continue
            seat = view["to_act"]
            mine = await request(client, stats, "GET", f"/api/rooms/{room}/seat/{tokens[seat]}", params=quiet)
            if mine is None or not mine["legal"]:
                continue
            text = rng.choice(mine["legal"])
            started = time.perf_counter()
            after = await request(client, stats, "POST", f"/api/rooms/{room}/actions",
                                  json={"token": tokens[seat], "action": text, "version": mine["version"]})
            stats.latency.append(time.perf_counter() - started)
            if after is None:
                continue
            stats.actions += 1
            stats.accepted[room].append((mine["version"], seat, text))
            stats.last_version[room] = after["version"]
            view = after
        if view["status"] == "finished":
            stats.games_done += 1


def check_losses(db: Path, stats: Stats) -> list[str]:
    conn = sqlite3.connect(db)
    problems = []
    for room, accepted in stats.accepted.items():
        steps = conn.execute("SELECT idx, text, kind, seat FROM steps WHERE game=? ORDER BY idx", (room,)).fetchall()
        if len(steps) < stats.last_version[room]:
            problems.append(f"room {room}: {len(steps)} steps stored, clients saw version {stats.last_version[room]}")
        for version, seat, text in accepted:
            if version >= len(steps) or steps[version][1:] != (text, "decision", seat):
                problems.append(f"room {room}: accepted action {text!r} of seat {seat} at {version} is not stored")
    conn.close()
    return problems


async def main_async(args) -> int:
    tmp = Path(tempfile.mkdtemp(prefix="bench-server-"))
    db = tmp / "bench.sqlite3"
    proc, url = start_server(db, args.bot_delay)
    stats = Stats()
    games = [g.strip() for g in args.games.split(",") if g.strip()]
    try:
        # idle connections are dropped by the client before the server (5 s) does, so a request
        # never goes out on a connection the server is closing
        limits = httpx.Limits(max_connections=args.rooms + 10, max_keepalive_connections=args.rooms + 10,
                              keepalive_expiry=2.0)
        async with httpx.AsyncClient(base_url=url, timeout=60, limits=limits) as client:
            for _ in range(200):
                try:
                    await client.get("/api/games")
                    break
                except httpx.TransportError:
                    await asyncio.sleep(0.05)
            started = time.monotonic()
            cpu0 = time.process_time()
            server_cpu0 = cpu_seconds(proc.pid)
            deadline = started + args.seconds
            await asyncio.gather(*(play_rooms(client, stats, games[i % len(games)], args.mode, deadline,
                                              random.Random(i)) for i in range(args.rooms)))
            elapsed = time.monotonic() - started
            cpu_client = time.process_time() - cpu0
            server_cpu1 = cpu_seconds(proc.pid)
            server_cpu = None if server_cpu0 is None or server_cpu1 is None else server_cpu1 - server_cpu0
            if args.mode != "clients":
                stats.actions = 0
    finally:
        proc.send_signal(signal.SIGINT)
        proc.wait(60)
    conn = sqlite3.connect(db)
    decisions, steps = conn.execute("SELECT SUM(kind='decision'), COUNT(*) FROM steps").fetchone()
    conn.close()
    problems = check_losses(db, stats)
    def spread(values: list[float]) -> str:
        lat = sorted(values) or [0.0]
        return (f"median {1000 * statistics.median(lat):.1f} ms, 95% {1000 * lat[int(0.95 * (len(lat) - 1))]:.1f} ms, "
                f"max {1000 * lat[-1]:.1f} ms")
    print(f"server load test: {args.rooms} rooms at once, {args.seconds:.0f} s, mode {args.mode}, games {args.games}")
    print(f"machine: {platform.processor() or platform.machine()}, {os.cpu_count()} CPUs, "
          f"Python {platform.python_version()}, load average {os.getloadavg()[0]:.1f}")
    print(f"rooms created {len(stats.accepted)}, games finished {stats.games_done}")
    if args.mode == "clients":
        print(f"actions accepted  {stats.actions:8d}  {stats.actions / elapsed:8.1f} /s")
    print(f"decisions stored  {decisions or 0:8d}  {(decisions or 0) / elapsed:8.1f} /s")
    print(f"steps stored      {steps or 0:8d}  {(steps or 0) / elapsed:8.1f} /s  (decisions and chance outcomes)")
    print(f"HTTP requests     {stats.requests:8d}  {stats.requests / elapsed:8.1f} /s")
    if args.mode == "clients":
        print(f"action latency    {spread(stats.latency)}")
    print(f"view latency      {spread(stats.view_latency)}")
    print(f"client CPU        {cpu_client:.1f} s of {elapsed:.1f} s")
    if server_cpu is not None:
        print(f"server CPU        {server_cpu:.1f} s of {elapsed:.1f} s"
              + (f", {1000 * server_cpu / (decisions or 1):.2f} ms per decision" if decisions else ""))
    print(f"errors            {len(stats.errors)}")
    for e in stats.errors[:10]:
        print("  " + e)
    print(f"lost actions      {len(problems)}")
    for p in problems[:10]:
        print("  " + p)
    if not args.keep:
        for f in tmp.iterdir():
            f.unlink()
        tmp.rmdir()
    else:
        print(f"database kept: {db}")
    return 1 if stats.errors or problems else 0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rooms", type=int, default=50, help="games played at once (default 50)")
    parser.add_argument("--seconds", type=float, default=60, help="how long to play (default 60)")
    parser.add_argument("--games", default="kot-dark,crisis-tokyo", help="game ids, used in turn")
    parser.add_argument("--mode", choices=("clients", "server-bots"), default="clients")
    parser.add_argument("--bot-delay", type=float, default=0.0, help="the server's --bot-delay (server-bots mode)")
    parser.add_argument("--keep", action="store_true", help="keep the database file")
    args = parser.parse_args()
    sys.exit(asyncio.run(main_async(args)))


if __name__ == "__main__":
    main()
