"""Scaling of `tokyo simulate`: games per second by backend and number of workers.

Usage: PYTHONPATH=src python benchmarks/bench_sim.py [--kot-games N] [--crisis-games M]
           [--workers 1,2,all] [--backends inprocess,process,ray] [--seed S] [--rounds R]

For kot-dark (4 heuristic players) and crisis-tokyo (4 heuristic players) it plays the
same batch (seed S, games 0..N-1) on each backend with 1, 2 and all workers and prints,
per row: wall seconds of the run, the cores it got (CPU seconds of this process and its
pool workers over wall seconds; not known for Ray's workers), games per second, the
speed-up over the same backend with 1 worker and over the in-process baseline, and the
load average (1 minute) before and after. Every run must give exactly the records of
the in-process run (checked).

What is timed: ``drive()`` of tokyo.sim.backends, the loop behind ``run_games``. The
process backend's pool is started inside the timing (as `tokyo simulate` does; a pool
of 1 is measured as a real pool here). A local Ray is started before the timing (its
start-up is printed in its own column) and its workers are warmed by one small batch,
so the ray rows are steady-state throughput; this process is warmed the same way first
(2 games), and pool workers forked from it start warm. The machine may be shared: the
load average and the cores column tell how busy it was.
"""

from __future__ import annotations

import argparse
import logging
import importlib.util
import os
import platform
import resource
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# the engine this Python imports (a normal install: maybe compiled; PYTHONPATH=DIR for
# a compiled build unpacked there), else the working tree's sources
if importlib.util.find_spec("tokyo") is None:
    sys.path.insert(0, str(ROOT / "src"))

import tokyo  # noqa: E402
from tokyo.sim import backends  # noqa: E402
from tokyo.sim.backends import RAY_OBJECT_STORE_BYTES, drive, make_backend  # noqa: E402
from tokyo.sim.batch import Batch, module_root  # noqa: E402

CASES = {  # label -> (game, players, agent)
    "kot-dark": ("kot-dark", 4, "heuristic"),
    "crisis-tokyo": ("crisis-tokyo", 4, "heuristic"),
}


def make_batch(game_id: str, players: int, agent: str, games: int, seed: int) -> Batch:
    game = tokyo.load_game(game_id, players)
    cls = type(game)
    return Batch(game_id, players, game.options_json(), (agent,) * players, seed, games,
                 f"{cls.__module__}:{cls.__qualname__}", module_root(cls))


def load1() -> float:
    return os.getloadavg()[0]


def cpu_seconds() -> float:
    """CPU time of this process and of its children that have ended (pool workers)."""
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def timed(backend_name: str, batch: Batch, workers: int) -> tuple[float, float, list, float, float]:
    before = load1()
    start, cpu = time.perf_counter(), cpu_seconds()
    records = drive(make_backend(backend_name, batch, workers))
    seconds = time.perf_counter() - start
    return seconds, cpu_seconds() - cpu, [r.as_dict() for r in records], before, load1()


def start_local_ray(workers: int) -> None:
    """A local Ray as the ray backend starts one (with the settings of the tokyo-engine
    under test)."""
    import ray
    ray.init(num_cpus=workers, include_dashboard=False, log_to_driver=False,
             logging_level=logging.ERROR, object_store_memory=RAY_OBJECT_STORE_BYTES,
             _system_config=getattr(backends, "RAY_SYSTEM_CONFIG", None) or {})


def run_ray(batch: Batch, workers: int) -> tuple[float, tuple[float, float, list, float, float]]:
    import ray
    start = time.perf_counter()
    start_local_ray(workers)
    startup = time.perf_counter() - start
    try:
        warm = Batch(batch.game_id, batch.players, batch.options, batch.agents, batch.seed + 1,
                     2 * workers, batch.target, batch.path)
        drive(make_backend("ray", warm, workers))
        return startup, timed("ray", batch, workers)
    finally:
        ray.shutdown()


def steady(batch: Batch, workers: int, rounds: int, reference: list) -> bool:
    """Interleaved rounds of process and ray (steady state) on ``batch``; prints a line
    per round and the median ratio. False when a run gives other records."""
    import ray
    start_local_ray(workers)
    ratios = []
    try:
        warm = Batch(batch.game_id, batch.players, batch.options, batch.agents, batch.seed + 1,
                     2 * workers, batch.target, batch.path)
        drive(make_backend("ray", warm, workers))
        print(f"steady state, {workers} workers, {rounds} rounds (process and ray alternately first):")
        for r in range(rounds):
            rates = {}
            before = load1()
            for backend in (("process", "ray") if r % 2 == 0 else ("ray", "process")):
                seconds, _, records, _, _ = timed(backend, batch, workers)
                if records != reference:
                    print(f"ERROR: {backend} with {workers} workers gave other records")
                    return False
                rates[backend] = batch.games / seconds
            ratios.append(rates["ray"] / rates["process"])
            print(f"  round {r + 1}: process {rates['process']:6.1f} games/s, ray {rates['ray']:6.1f} "
                  f"games/s, ray/process {ratios[-1]:.2f}, load {before:.2f} -> {load1():.2f}")
    finally:
        ray.shutdown()
    ratios.sort()
    print(f"  ray/process, {workers} workers: median {ratios[len(ratios) // 2]:.2f} "
          f"(lowest {ratios[0]:.2f}, highest {ratios[-1]:.2f}, {len(ratios)} rounds)")
    return True


def cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown CPU"


def commit() -> str:
    try:
        return subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True,
                              text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--kot-games", type=int, default=200, help="kot-dark games per run (default 200)")
    ap.add_argument("--crisis-games", type=int, default=100, help="crisis-tokyo games per run (default 100)")
    ap.add_argument("--workers", default="1,2,all", help="worker counts, comma-separated; all = CPU count")
    ap.add_argument("--backends", default="inprocess,process,ray", help="backends, comma-separated")
    ap.add_argument("--seed", type=int, default=0, help="batch seed (default 0)")
    ap.add_argument("--rounds", type=int, default=0,
                    help="interleaved process/ray rounds per worker count after the table (default 0)")
    args = ap.parse_args(argv)

    cpus = os.cpu_count() or 1
    counts = sorted({cpus if w.strip() == "all" else int(w) for w in args.workers.split(",") if w.strip()})
    backends = [b.strip() for b in args.backends.split(",") if b.strip()]
    ray_version = "not installed"
    if "ray" in backends:
        try:
            import ray
            ray_version = ray.__version__
        except ImportError:
            print("ray is not installed (pip install 'tokyo-engine[ray]'): skipping the ray backend")
            backends.remove("ray")

    print(f"machine: {cpu_model()}, {cpus} CPUs, Python {platform.python_version()}, "
          f"ray {ray_version}, tokyo-engine at {commit()}")
    print(f"load average at start (1, 5, 15 min): {', '.join(f'{x:.2f}' for x in os.getloadavg())}")
    games = {"kot-dark": args.kot_games, "crisis-tokyo": args.crisis_games}
    for label, (game_id, players, agent) in CASES.items():
        if games[label] <= 0:
            continue
        batch = make_batch(game_id, players, agent, games[label], args.seed)
        # warm this process (imports, card data, caches): forked pool workers inherit it
        drive(make_backend("inprocess", make_batch(game_id, players, agent, 2, args.seed + 1)))
        print()
        print(f"{label}, {players} players, {agent} x{players}, {batch.games} games, seed {args.seed}")
        print(f"{'backend':10}{'workers':>8}{'start s':>9}{'run s':>8}{'cores':>7}{'games/s':>9}"
              f"{'x 1 worker':>12}{'x inprocess':>13}{'load before':>13}{'load after':>12}")
        base = None
        reference = None
        for backend in backends:
            one = None
            for workers in ([1] if backend == "inprocess" else counts):
                startup = None
                if backend == "ray":
                    startup, (seconds, cpu, records, before, after) = run_ray(batch, workers)
                    cores = "-"  # the Ray workers are not this process's children
                else:
                    seconds, cpu, records, before, after = timed(backend, batch, workers)
                    cores = f"{cpu / seconds:.2f}"
                if reference is None:
                    reference = records
                elif records != reference:
                    print(f"ERROR: {backend} with {workers} workers gave other records")
                    return 1
                rate = batch.games / seconds
                base = base or rate
                one = one or rate
                print(f"{backend:10}{workers:>8}{'-' if startup is None else f'{startup:.1f}':>9}"
                      f"{seconds:>8.2f}{cores:>7}{rate:>9.1f}{rate / one:>12.2f}{rate / base:>13.2f}"
                      f"{before:>13.2f}{after:>12.2f}")
        if args.rounds > 0 and {"process", "ray"} <= set(backends):
            for workers in counts:
                if not steady(batch, workers, args.rounds, reference):
                    return 1
        print("records: identical on every backend and worker count")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
