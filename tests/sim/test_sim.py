"""tokyo.sim: seeds, batch runner (workers give identical results), statistics."""

import pytest

import tokyo
from tokyo import GameRecord, OptionError
from tokyo.sim import expand_agents, game_seed, play_one, run_games, summarise, wilson


def test_game_seed_formula():
    assert game_seed(0, 5) == 5
    assert game_seed(3, 2) == 3 * 1_000_003 + 2


def test_expand_agents_cycles():
    assert expand_agents(["a", "b"], 5) == ["a", "b", "a", "b", "a"]
    assert expand_agents(["a", "b", "c"], 2) == ["a", "b"]
    with pytest.raises(ValueError):
        expand_agents([], 2)


@pytest.mark.parametrize("k,n,lo,hi", [
    (50, 100, 0.4038, 0.5962),
    (0, 10, 0.0, 0.2775),
    (10, 10, 0.7225, 1.0),
    (1, 4, 0.0456, 0.6994),
])
def test_wilson_interval(k, n, lo, hi):
    a, b = wilson(k, n)
    assert a == pytest.approx(lo, abs=1e-4) and b == pytest.approx(hi, abs=1e-4)


def test_wilson_without_trials():
    assert wilson(0, 0) == (0.0, 1.0)
    with pytest.raises(ValueError):
        wilson(3, 2)


def test_run_games_identical_for_any_workers():
    one = run_games("toy-pig", 3, 40, seed=9, agents=["random"], workers=1)
    two = run_games("toy-pig", 3, 40, seed=9, agents=["random"], workers=2)
    assert [r.as_dict() for r in one] == [r.as_dict() for r in two]
    assert [r.seed for r in one] == [game_seed(9, i) for i in range(40)]
    assert play_one("toy-pig", 3, tokyo.load_game("toy-pig", 3).options_json(),
                    ["random"] * 3, 9, 17).as_dict() == one[17].as_dict()


def test_run_games_reports_progress_and_validates():
    seen = []
    records = run_games("toy-pig", 2, 30, seed=1, agents=["random"], workers=2,
                        progress_callback=seen.append)
    assert len(records) == 30 and sum(seen) == 30
    with pytest.raises(OptionError):
        run_games("toy-pig", 2, 3, seed=1, agents=["nobody"], workers=1)
    with pytest.raises(OptionError):
        run_games("toy-pig", 5, 3, seed=1, agents=["random"], workers=1)
    with pytest.raises(OptionError):
        run_games("toy-pig", 2, 3, seed=1, agents=["random"], workers=1, options={"target": "x"})


def rec(winners, agents=("a", "b", "a"), turns=10, how="stars"):
    returns = [1.0 if i in winners else 0.0 for i in range(3)]
    return GameRecord("g", 3, {}, 0, list(agents), [], returns, list(winners), turns,
                      {"win_by": how} if winners else {})


def test_summarise_pools_agents_and_counts_win_by():
    records = [rec([0]), rec([1], how="survival"), rec([2]), rec([], turns=20), rec([0, 2], turns=4)]
    s = summarise(records)
    assert s["games"] == 5 and s["players"] == 3 and s["agents"] == ["a", "b", "a"]
    assert [r["wins"] for r in s["wins_by_seat"]] == [2, 1, 2]
    assert s["wins_by_seat"][0]["share"] == pytest.approx(0.4)
    lo, hi = s["wins_by_seat"][0]["ci95"]
    assert (lo, hi) == pytest.approx(wilson(2, 5))
    by_agent = {r["agent"]: r for r in s["wins_by_agent"]}
    assert by_agent["a"]["seat_games"] == 10 and by_agent["a"]["wins"] == 4
    assert by_agent["a"]["seats"] == [0, 2] and by_agent["a"]["share"] == pytest.approx(0.4)
    assert by_agent["b"]["seat_games"] == 5 and by_agent["b"]["wins"] == 1
    assert s["no_winner"] == 1 and s["shared_wins"] == 1
    assert s["mean_turns"] == pytest.approx(10.8)
    assert s["win_by"] == {"stars": {"games": 3, "share": 0.75}, "survival": {"games": 1, "share": 0.25}}


def test_summarise_nothing():
    s = summarise([])
    assert s["games"] == 0 and s["mean_turns"] is None and s["wins_by_seat"] == []


@pytest.mark.parametrize("workers", [1, 2])
def test_ctrl_c_keeps_the_finished_games(workers):
    from tokyo.sim import SimulationInterrupted
    full = run_games("toy-pig", 2, 200, seed=4, agents=["random"], workers=1)
    seen = []

    def interrupt(k):  # Ctrl-C once, after 10 games
        seen.append(k)
        if sum(seen) >= 10 and sum(seen) - k < 10:
            raise KeyboardInterrupt

    with pytest.raises(SimulationInterrupted) as info:
        run_games("toy-pig", 2, 200, seed=4, agents=["random"], workers=workers,
                  progress_callback=interrupt)
    stop = info.value
    assert 10 <= len(stop.records) < 200
    assert stop.indices == sorted(stop.indices)
    assert [r.as_dict() for r in stop.records] == [full[i].as_dict() for i in stop.indices]
