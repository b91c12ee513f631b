"""tokyo.sim backends: every backend plays exactly the games the in-process one plays.

The Ray tests start a local Ray with 2 CPUs (once by run_games itself, once for the
module by a fixture) and shut it down afterwards.
"""

import sys

import pytest

import toygame
from tokyo import OptionError
from tokyo.sim import BACKENDS, BackendError, SimulationInterrupted, game_seed, run_games
from tokyo.sim.backends import MAX_CHUNK, RAY_OBJECT_STORE_BYTES, chunk_size, tapered_chunks

CASES = {  # id -> (game, players, games, seed, agents, options); short games
    "kot": ("kot-dark", 4, 6, 3, ["heuristic", "random"], {}),
    "crisis": ("crisis-tokyo", 3, 6, 2, ["heuristic"], {"turn_limit": 20}),
    "toy": (toygame.GAME_ID, 3, 30, 5, ["random"], {"target": 30}),
}


def dicts(records):
    return [r.as_dict() for r in records]


def play(case, **kw):
    game, players, games, seed, agents, options = CASES[case]
    return run_games(game, players, games, seed, agents, options=options, **kw)


@pytest.fixture(scope="module")
def reference():
    """The records of each case played in this process, one game at a time."""
    return {case: play(case, backend="inprocess") for case in CASES}


def test_backends_are_listed():
    assert BACKENDS == ("inprocess", "process", "ray")


def test_inprocess_plays_the_seeded_games(reference):
    for case, records in reference.items():
        game, players, games, seed, agents, options = CASES[case]
        assert len(records) == games
        assert [r.seed for r in records] == [game_seed(seed, i) for i in range(games)]
        assert all(r.game_id == game and r.players == players and r.history for r in records)
    assert dicts(reference["toy"]) == dicts(play("toy", backend="process", workers=1))


@pytest.mark.parametrize("workers", [2, 3])
@pytest.mark.parametrize("case", sorted(CASES))
def test_process_backend_gives_the_same_records(reference, case, workers):
    records = play(case, backend="process", workers=workers)
    assert dicts(records) == dicts(reference[case])


def test_chunks_cover_the_batch_in_order():
    from tokyo.sim.batch import Batch
    batch = Batch("toy-pig", 2, {}, ("random", "random"), 0, 103, "toygame:PigGame")
    for size in (1, 7, 25, 200):
        chunks = batch.chunks(size)
        assert [i for a, b in chunks for i in range(a, b)] == list(range(103))
        assert all(0 < b - a <= size for a, b in chunks)
    assert chunk_size(1000, 2) == 25 and chunk_size(40, 2) == 2 and chunk_size(3, 8) == 1


@pytest.mark.parametrize("games,workers", [(1, 4), (5, 2), (103, 2), (200, 2), (1000, 8), (40, 64)])
def test_tapered_chunks_cover_the_batch_in_order_and_shrink(games, workers):
    chunks = tapered_chunks(games, workers)
    assert [i for a, b in chunks for i in range(a, b)] == list(range(games))
    sizes = [b - a for a, b in chunks]
    assert all(0 < n <= MAX_CHUNK for n in sizes)
    assert sizes == sorted(sizes, reverse=True)  # large first, the smallest last
    assert sizes[-1] == 1  # the last games go one at a time: the workers finish together
    if games >= 1000:
        assert sizes[0] == MAX_CHUNK and len(chunks) < games // 5  # not game by game


# ----- bad input -----------------------------------------------------------------------
def test_unknown_backend_lists_the_backends():
    seen = []
    with pytest.raises(OptionError) as info:
        run_games("toy-pig", 2, 5, 1, ["random"], backend="threads", progress_callback=seen.append)
    message = str(info.value)
    assert "threads" in message and all(name in message for name in BACKENDS)
    assert seen == []  # refused before any game


@pytest.mark.parametrize("backend", ["inprocess", "process"])
def test_address_needs_the_ray_backend(backend):
    with pytest.raises(OptionError, match="ray"):
        run_games("toy-pig", 2, 5, 1, ["random"], backend=backend, address="auto")


def test_missing_ray_says_how_to_install_it(monkeypatch):
    monkeypatch.setitem(sys.modules, "ray", None)  # `import ray` now raises ImportError
    seen = []
    with pytest.raises(BackendError) as info:
        run_games("toy-pig", 2, 5, 1, ["random"], backend="ray", progress_callback=seen.append)
    assert "pip install 'tokyo-engine[ray]'" in str(info.value)
    assert "\n" not in str(info.value) and seen == []


# ----- Ctrl-C --------------------------------------------------------------------------
def interrupt_after(n):
    """A progress callback that raises KeyboardInterrupt once n games have finished."""
    seen = []

    def callback(k):
        seen.append(k)
        if sum(seen) >= n and sum(seen) - k < n:
            raise KeyboardInterrupt
    return callback


def check_interrupted(backend, **kw):
    full = run_games("toy-pig", 2, 300, seed=4, agents=["random"], backend="inprocess")
    with pytest.raises(SimulationInterrupted) as info:
        run_games("toy-pig", 2, 300, seed=4, agents=["random"], backend=backend,
                  progress_callback=interrupt_after(10), **kw)
    stop = info.value
    assert 10 <= len(stop.records) < 300
    assert stop.indices == sorted(stop.indices) and len(set(stop.indices)) == len(stop.indices)
    assert dicts(stop.records) == [full[i].as_dict() for i in stop.indices]


@pytest.mark.parametrize("backend,workers", [("inprocess", None), ("process", 2)])
def test_ctrl_c_keeps_the_finished_games(backend, workers):
    check_interrupted(backend, workers=workers)


# ----- Ray -----------------------------------------------------------------------------
def test_ray_starts_its_own_local_ray_and_stops_it():
    import ray
    assert not ray.is_initialized()
    seen = []
    records = play("toy", backend="ray", workers=2, progress_callback=seen.append)
    assert not ray.is_initialized()
    assert seen[0] == 0 and sum(seen) == CASES["toy"][2]
    # the toy game is registered at run time and its module is not on the workers' path
    assert dicts(records) == dicts(play("toy", backend="inprocess"))


@pytest.mark.parametrize("backend", ["process", "ray"])
def test_ctrl_c_while_starting_stops_cleanly(backend):
    def callback(k):  # the first call (0 games) says the workers are ready
        raise KeyboardInterrupt

    with pytest.raises(SimulationInterrupted) as info:
        play("toy", backend=backend, workers=2, progress_callback=callback)
    assert info.value.records == [] and info.value.indices == []
    if backend == "ray":
        import ray
        assert not ray.is_initialized()  # the Ray started for the run is stopped


def test_local_ray_workers_run_at_this_process_priority():
    """A local Ray started for the run gives its workers the priority of this process,
    as a pool's workers have (Ray's default would lower them by 15)."""
    import os
    import ray
    from tokyo.sim.backends import make_backend
    from tokyo.sim.batch import Batch
    def niceness_of_a_worker():  # defined here: Ray ships it by value
        import os
        return os.nice(0)

    assert not ray.is_initialized()
    backend = make_backend("ray", Batch("toy-pig", 2, {}, ("random", "random"), 0, 4,
                                        "toygame:PigGame"), workers=2)
    try:
        backend.start()
        niceness = ray.get([ray.remote(num_cpus=1)(niceness_of_a_worker).remote() for _ in range(2)])
    finally:
        backend.close([])
    assert niceness == [os.nice(0)] * 2
    assert not ray.is_initialized()


@pytest.fixture(scope="module")
def local_ray():
    """A local Ray with 2 CPUs for the tests below, shut down after them."""
    import ray
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False,
             object_store_memory=RAY_OBJECT_STORE_BYTES)
    yield ray
    ray.shutdown()


@pytest.mark.parametrize("case", sorted(CASES))
def test_ray_backend_gives_the_same_records(local_ray, reference, case):
    records = play(case, backend="ray", workers=2)
    assert local_ray.is_initialized()  # a Ray started by the caller is left running
    assert dicts(records) == dicts(reference[case])


def test_ray_ctrl_c_keeps_the_finished_games(local_ray):
    check_interrupted("ray", workers=2)


def test_ray_worker_error_comes_back_as_itself(local_ray):
    from tokyo.sim.backends import drive, make_backend
    from tokyo.sim.batch import Batch
    batch = Batch("toy-pig", 2, {}, ("random", "random"), 0, 4, "no_such_module_here:Game")
    with pytest.raises(BackendError, match="cannot import 'no_such_module_here'"):
        drive(make_backend("ray", batch, workers=2))


def test_worker_without_the_game_module_says_so():
    from tokyo.sim.batch import Batch
    batch = Batch("toy-pig", 2, {}, ("random", "random"), 0, 4, "no_such_module_here:Game", "/nowhere")
    with pytest.raises(BackendError, match="install it on every machine"):
        batch.prepare_worker()


def test_ctrl_c_leaves_no_worker_process_behind():
    """After an interrupt the pool's workers are stopped at once (not left to the pool's
    own shutdown, which can hang when the interrupt lands in its bookkeeping)."""
    import multiprocessing
    check_interrupted("process", workers=2)
    assert multiprocessing.active_children() == []


def test_ctrl_c_while_ray_starts_is_deferred_to_the_end_of_the_start():
    import os
    import signal as _signal
    from tokyo.sim.backends import _ctrl_c_deferred
    before = _signal.getsignal(_signal.SIGINT)  # ignored when the tests run in the background
    with pytest.raises(KeyboardInterrupt):
        with _ctrl_c_deferred() as block:
            os.kill(os.getpid(), _signal.SIGINT)  # noted, not raised here
            assert block.hit
            reached = True
    assert reached
    assert _signal.getsignal(_signal.SIGINT) is before  # the handler is restored
    with _ctrl_c_deferred() as block:  # no Ctrl-C: nothing raised
        pass
    assert not block.hit


def test_seed_too_large_for_a_record_is_refused_before_playing():
    from tokyo import OptionError
    from tokyo.sim.runner import SEED_LIMIT, check_seed
    bound = (SEED_LIMIT - 100) // 1_000_003
    check_seed(bound, 100)
    check_seed(-bound, 100)
    with pytest.raises(OptionError, match="too large"):
        run_games("toy-pig", 2, 100, seed=bound + 1, agents=["random"], backend="inprocess")
    with pytest.raises(OptionError, match="between"):
        check_seed(-(bound + 1), 100)
