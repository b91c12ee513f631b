"""Backends of :func:`tokyo.sim.run_games`: where the chunks of a batch are played.

A batch (:class:`tokyo.sim.batch.Batch`) is cut into chunks of consecutive game
numbers. A backend starts its workers, plays chunks and hands back their records; the
loop that all backends share (:func:`drive`) keeps a bounded number of chunks in
flight, reports progress in the calling process and, on Ctrl-C, stops the workers and
keeps every chunk that had finished. Since game ``i`` always uses seed
``game_seed(S, i)``, the records are the same whatever the backend, worker count or
chunk size.

- ``inprocess``: this process, one game at a time.
- ``process``: a pool of local processes (one per worker; default: one per CPU).
- ``ray``: Ray tasks, on a Ray started here for the run with ``workers`` CPUs (and
  stopped afterwards), on a cluster joined by ``address`` (``"auto"``, ``"host:port"``
  or ``"ray://host:10001"``), or on the Ray this process is already connected to.
  Every node of a remote cluster needs tokyo-engine installed (same Python and Ray
  versions as here).

Ray is worth it on a cluster, not on one machine: a local Ray takes seconds to start
(the pool well under one) and then plays at about the pool's pace (docs/performance.md,
"Simulation scaling"). Its chunks shrink towards the end of a batch
(:func:`tapered_chunks`) so that no worker idles long while the last one finishes.
"""

from __future__ import annotations

import logging
import os
import signal
import sys
import threading
import warnings
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from itertools import islice
from typing import Any, Callable, Hashable

from ..core.errors import OptionError
from ..core.runner import GameRecord
from .batch import Batch, BackendError, SimulationInterrupted

BACKENDS = ("inprocess", "process", "ray")
RAY_INSTALL = "pip install 'tokyo-engine[ray]'"
RAY_OBJECT_STORE_BYTES = 128 * 1024 * 1024   # records are small; fits a small /dev/shm
# a local Ray's workers at the priority of this process, as a pool's are (Ray's
# default, 15, lets any other busy process on the machine take their CPU)
RAY_SYSTEM_CONFIG = {"worker_niceness": 0}
MAX_CHUNK = 25
SALVAGE_SECONDS = 60  # after Ctrl-C, how long running chunks may take to finish


def chunk_size(games: int, workers: int) -> int:
    """Games per chunk: about 8 chunks per worker (so the load stays even and Ctrl-C
    stops soon), at most 25."""
    return max(1, min(MAX_CHUNK, games // (workers * 8)))


def tapered_chunks(games: int, workers: int, most: int = MAX_CHUNK) -> list[tuple[int, int]]:
    """``(start, stop)`` ranges covering games 0..games-1 in order, each a third of what
    is left per worker, rounded up (at most ``most``): large while much is left, down to
    single games at the end, so the workers finish together. Same games as equal
    chunks, in the same order; only the cut differs."""
    chunks, start = [], 0
    while start < games:
        size = min(most, -(-(games - start) // (3 * max(1, workers))))
        chunks.append((start, min(games, start + size)))
        start += size
    return chunks


class Backend:
    """Plays chunks of one batch. The shared loop calls, in order: ``start()``, then
    ``submit``/``wait``/``result`` as chunks go and come, ``salvage`` after Ctrl-C, and
    ``close`` at the end in every case. A handle is any hashable token for a chunk."""

    name = ""

    def __init__(self, batch: Batch, workers: int | None = None, address: str | None = None):
        self.batch = batch
        self.workers = workers
        self.address = address

    def start(self) -> int:
        """Get the workers ready; return how many chunks may run at once (>= 1)."""
        raise NotImplementedError

    def chunk_size(self, workers: int) -> int:
        return chunk_size(self.batch.games, workers)

    def chunks(self, workers: int) -> list[tuple[int, int]]:
        """The batch cut into ``(start, stop)`` ranges, in game order."""
        return self.batch.chunks(self.chunk_size(workers))

    def in_flight(self, workers: int) -> int:
        """How many chunks to keep submitted at once."""
        return 2 * workers

    def submit(self, start: int, stop: int) -> Hashable:
        raise NotImplementedError

    def wait(self, handles: list) -> list:
        """Block until at least one of ``handles`` has finished; return the finished ones."""
        raise NotImplementedError

    def result(self, handle) -> list[GameRecord]:
        """The records of a finished chunk (raises the chunk's error, if it failed)."""
        raise NotImplementedError

    def salvage(self, handles: list) -> list:
        """After Ctrl-C: stop the unfinished chunks; return the handles that finished."""
        return []

    def close(self, pending: list) -> None:
        """Release the workers; ``pending`` are chunks still running (after an error)."""


class InProcessBackend(Backend):
    """Plays each game in this process when its result is asked for."""

    name = "inprocess"

    def start(self) -> int:
        return 1

    def chunk_size(self, workers: int) -> int:
        return 1   # progress and Ctrl-C game by game

    def in_flight(self, workers: int) -> int:
        return 1

    def submit(self, start: int, stop: int) -> Hashable:
        return (start, stop)

    def wait(self, handles: list) -> list:
        return handles[:1]

    def result(self, handle) -> list[GameRecord]:
        return self.batch.play(*handle)


def _init_worker(batch: Batch, parent: int) -> None:
    # The parent handles Ctrl-C; workers finish their chunk and stop when told.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    # SIGTERM ends a worker at once (a forked worker would otherwise inherit the parent's
    # handler, whose SystemExit the pool catches as a chunk's error and carries on)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    _die_with_parent(parent)
    batch.prepare_worker()  # games registered at run time must exist in spawned workers too


def _die_with_parent(parent: int) -> None:
    """On Linux, have the kernel send this process SIGTERM when its parent dies, even by
    SIGKILL (nothing else would stop a worker waiting on its queue); elsewhere nothing."""
    if not sys.platform.startswith("linux"):
        return
    try:
        import ctypes
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, int(signal.SIGTERM), 0, 0, 0)  # 1: PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        return
    if os.getppid() != parent:  # the parent died before the request above: stop now
        os._exit(128 + signal.SIGTERM)


def _play_chunk(batch: Batch, start: int, stop: int) -> list[GameRecord]:
    return batch.play(start, stop)


class ProcessBackend(Backend):
    """A local pool of ``workers`` processes (default: the number of CPUs)."""

    name = "process"

    def start(self) -> int:
        workers = max(1, min(self.workers or os.cpu_count() or 1, self.batch.games))
        self.executor = ProcessPoolExecutor(max_workers=workers, initializer=_init_worker,
                                            initargs=(self.batch, os.getpid()))
        return workers

    def submit(self, start: int, stop: int) -> Future:
        return self.executor.submit(_play_chunk, self.batch, start, stop)

    def wait(self, handles: list) -> list:
        ready, _ = wait(handles, return_when=FIRST_COMPLETED)
        return list(ready)

    def result(self, handle: Future) -> list[GameRecord]:
        return handle.result()

    def salvage(self, handles: list) -> list:
        if not handles:
            return []
        # queued chunks are cancelled; running ones may finish (workers ignore Ctrl-C),
        # waited for with a bound rather than through the pool's own shutdown, which can
        # hang for good when the interrupt landed inside the pool's bookkeeping
        for f in handles:
            f.cancel()
        wait([f for f in handles if not f.cancelled()], timeout=SALVAGE_SECONDS)
        return [f for f in handles if f.done() and not f.cancelled() and f.exception() is None]

    def close(self, pending: list) -> None:
        executor = getattr(self, "executor", None)
        if executor is None:
            return
        if not pending:
            executor.shutdown(wait=True)
            return
        # interrupted or failed: stop the workers now, whatever they are doing
        processes = list((getattr(executor, "_processes", None) or {}).values())
        manager = getattr(executor, "_executor_manager_thread", None)  # shutdown() forgets it
        executor.shutdown(wait=False, cancel_futures=True)
        for process in processes:
            if process.is_alive():
                process.terminate()
        for process in processes:
            process.join(timeout=5)
        # let the pool's own thread see its workers gone and wind up now: left to the exit
        # of the interpreter it can race its clean-up and print an ignored OSError
        if manager is not None and manager.is_alive():
            manager.join(timeout=5)


def import_ray():
    """The ``ray`` module; BackendError saying how to install it when it is missing."""
    try:
        import ray
    except ImportError as exc:
        raise BackendError(f"the ray backend needs Ray, which is not installed ({exc}); "
                           f"install it with: {RAY_INSTALL}") from None
    return ray


def _ray_chunk(batch: Batch, start: int, stop: int) -> list[GameRecord]:
    batch.prepare_worker()
    return batch.play(start, stop)


class RayBackend(Backend):
    """Ray tasks of one CPU each, one task per chunk.

    With no address and no Ray connection in this process, starts a local Ray with
    ``workers`` CPUs (default: the number of CPUs), without dashboard, with the
    workers' output kept out of this terminal and with its workers at this process's
    priority (as the pool's are; Ray's own default lowers them by 15), and shuts it down
    at the end. With an address, joins that cluster (and leaves it at the end);
    ``workers`` then defaults to the cluster's CPU count. A Ray already initialised in
    this process is used as it is.

    Sizing: a task costs Ray about a millisecond and a half here, a game 10-40 ms, so
    chunks of up to 25 games make the cost negligible; what does count on few workers is
    the end of the batch, hence :func:`tapered_chunks`. The batch (a few hundred bytes)
    travels inside each task rather than through the object store, and a chunk's records
    (3-4 kB a game) come back as the task's one result.
    """

    name = "ray"

    def start(self) -> int:
        ray = self.ray = import_ray()
        self.owned = False
        if not ray.is_initialized():
            self.owned = True  # from here on, close() shuts down whatever was started
            quiet = dict(log_to_driver=False, logging_level=logging.ERROR)
            if self.address:
                try:
                    with warnings.catch_warnings(), _ctrl_c_deferred():  # see below
                        warnings.simplefilter("ignore")  # the error below says it in one line
                        ray.init(address=self.address, **quiet)
                except KeyboardInterrupt:
                    raise
                except Exception as exc:
                    raise BackendError(f"cannot join the Ray cluster at {self.address!r}: "
                                       f"{_first_line(exc)}") from None
            else:
                cpus = max(1, self.workers or os.cpu_count() or 1)
                try:
                    with _ctrl_c_deferred():  # Ray can crash when interrupted while it starts
                        ray.init(num_cpus=cpus, include_dashboard=False,
                                 object_store_memory=RAY_OBJECT_STORE_BYTES,
                                 _system_config=RAY_SYSTEM_CONFIG, **quiet)
                except KeyboardInterrupt:
                    raise
                except Exception as exc:
                    raise BackendError(f"cannot start a local Ray: {_first_line(exc)}") from None
        workers = self.workers or int(ray.cluster_resources().get("CPU", 1)) or 1
        self.task = ray.remote(num_cpus=1)(_ray_chunk)
        return max(1, min(workers, self.batch.games))

    def chunks(self, workers: int) -> list[tuple[int, int]]:
        return tapered_chunks(self.batch.games, workers)

    def submit(self, start: int, stop: int) -> Any:
        return self.task.remote(self.batch, start, stop)

    def wait(self, handles: list) -> list:
        ready, _ = self.ray.wait(handles, num_returns=1)
        return ready

    def result(self, handle) -> list[GameRecord]:
        try:
            return self.ray.get(handle)
        except self.ray.exceptions.RayTaskError as exc:
            cause = getattr(exc, "cause", None)
            if isinstance(cause, Exception):  # the chunk's own error, as the other backends give it
                raise cause from None
            raise

    def salvage(self, handles: list) -> list:
        if not handles:
            return []
        ready, rest = self.ray.wait(handles, num_returns=len(handles), timeout=0)
        for ref in rest:
            self.ray.cancel(ref)
        good = []
        for ref in ready:
            try:
                self.ray.get(ref)
            except Exception:
                continue
            good.append(ref)
        return good

    def close(self, pending: list) -> None:
        ray = getattr(self, "ray", None)
        if ray is None:
            return
        for ref in pending:
            ray.cancel(ref)
        if self.owned and ray.is_initialized():
            ray.shutdown()


class _Terminated(KeyboardInterrupt):
    """SIGTERM received in :func:`drive`: stops the batch as Ctrl-C does."""


class _sigterm_exits:
    """Within the block, SIGTERM (``kill PID``) raises :class:`_Terminated` in the main
    thread instead of ending the process on the spot: the batch stops as on Ctrl-C (the
    finished games are kept, SimulationInterrupted with exit code 143) and the ``finally``
    of :func:`drive` stops the workers (a pool's processes, a local Ray). Outside the main
    thread the block changes nothing."""

    def __enter__(self):
        self.old = None
        if threading.current_thread() is threading.main_thread():
            self.old = signal.signal(signal.SIGTERM, self._exit)
        return self

    @staticmethod
    def _exit(signum, frame) -> None:
        raise _Terminated()

    def __exit__(self, kind, value, tb) -> bool:
        if self.old is not None:
            signal.signal(signal.SIGTERM, self.old)
        return False


class _ctrl_c_deferred:
    """Within the block, Ctrl-C is noted rather than raised; KeyboardInterrupt is raised
    when the block ends (in the main thread only; elsewhere the block changes nothing)."""

    def __enter__(self):
        self.hit = False
        self.old = None
        try:
            self.old = signal.signal(signal.SIGINT, self._note)
        except ValueError:  # not the main thread
            pass
        return self

    def _note(self, signum, frame) -> None:
        self.hit = True

    def __exit__(self, kind, value, tb) -> bool:
        if self.old is not None:
            signal.signal(signal.SIGINT, self.old)
        if self.hit and kind is None:
            raise KeyboardInterrupt
        return False


def _first_line(exc: BaseException) -> str:
    """The error's message on one line (white space folded), at most 400 characters."""
    text = " ".join(str(exc).split()) or type(exc).__name__
    return text if len(text) <= 400 else text[:399] + "…"


_CLASSES = {cls.name: cls for cls in (InProcessBackend, ProcessBackend, RayBackend)}


def check_backend(backend: str, address: str | None) -> None:
    """Raise OptionError for an unknown backend name, or an address without ``ray``."""
    if backend not in _CLASSES:
        raise OptionError(f"unknown backend {backend!r}; backends: {', '.join(BACKENDS)}")
    if address is not None and backend != "ray":
        raise OptionError(f"an address (a Ray cluster to join) needs the ray backend, "
                          f"not {backend!r}; use backend 'ray' or give no address")


def make_backend(backend: str, batch: Batch, workers: int | None = None,
                 address: str | None = None) -> Backend:
    """The backend named ``backend`` (one of BACKENDS) for ``batch``; OptionError for an
    unknown name or an address without ``ray``."""
    check_backend(backend, address)
    return _CLASSES[backend](batch, workers, address)


def drive(backend: Backend, progress_callback: Callable[[int], None] | None = None
          ) -> list[GameRecord]:
    """Play the whole batch of ``backend``; the records in game order.

    progress_callback(n) is called here once with 0 when the workers are ready (a Ray
    may take seconds to start), then each time n more games finished. Raises
    SimulationInterrupted (the finished records, in game order) on Ctrl-C and on SIGTERM
    in the main thread (its ``exit_code`` 130 or 143; the workers are stopped first),
    BackendError when the backend cannot start, and the error of the first chunk that
    failed. A SIGTERM while the workers are being stopped raises SystemExit(143).
    """
    with _sigterm_exits():
        try:
            return _drive(backend, progress_callback)
        except _Terminated:
            raise SystemExit(143) from None


def _drive(backend: Backend, progress_callback: Callable[[int], None] | None) -> list[GameRecord]:
    done: dict[int, list[GameRecord]] = {}
    pending: dict[Any, int] = {}
    try:
        workers = backend.start()
        if progress_callback:
            progress_callback(0)
        chunks = backend.chunks(workers)
        queue = iter(chunks)
        for start, stop in islice(queue, backend.in_flight(workers)):
            pending[backend.submit(start, stop)] = start
        while pending:
            for handle in backend.wait(list(pending)):
                start = pending.pop(handle)
                done[start] = backend.result(handle)
                if progress_callback:
                    progress_callback(len(done[start]))
                nxt = next(queue, None)
                if nxt is not None:
                    pending[backend.submit(*nxt)] = nxt[0]
    except KeyboardInterrupt as stop:
        code = 143 if isinstance(stop, _Terminated) else 130
        for handle in backend.salvage(list(pending)):
            start = pending.pop(handle)
            done[start] = backend.result(handle)
            if progress_callback:
                try:
                    progress_callback(len(done[start]))
                except KeyboardInterrupt:
                    pass
        starts = sorted(done)
        records = [r for s in starts for r in done[s]]
        indices = [s + k for s in starts for k in range(len(done[s]))]
        raise SimulationInterrupted(records, indices, code) from None
    finally:
        backend.close(list(pending))
    return [r for start, _ in chunks for r in done[start]]
