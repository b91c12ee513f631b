"""tokyo.rl without the libraries: games without an encoding are refused clearly (also by
the tests' game list), and the extras keep deep-learning frameworks out."""

import tomllib
from pathlib import Path

import numpy as np
import pytest

import rlgames
from tokyo.rl import NoEncodingError, load_encoded_game
from tokyo.rl._common import resolve_action, sample_chance

ROOT = Path(__file__).resolve().parents[2]


def test_a_game_without_encoding_raises_no_encoding_error():
    with pytest.raises(NoEncodingError, match="toy-plain-pig.*docs/notation.md"):
        load_encoded_game("toy-plain-pig", 2)
    assert issubclass(NoEncodingError, NotImplementedError)
    assert load_encoded_game("toy-pig", 3).num_players == 3


def test_rl_games_reports_a_game_without_encoding_by_name():
    with pytest.raises(pytest.fail.Exception, match="toy-plain-pig is listed in tests/rl/rlgames.py RL_GAMES but"):
        rlgames.require_encoding("toy-plain-pig", 2)
    rlgames.require_encoding("toy-pig", 2)  # no failure for a game with an encoding


def test_the_extras_hold_the_libraries_and_no_torch():
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]
    names = {e: {d.split(">")[0].split("[")[0].strip().lower() for d in deps} for e, deps in extras.items()}
    assert {"pettingzoo", "gymnasium", "open_spiel", "shimmy"} <= names["rl"] <= names["test"] | {"rl"}
    assert not any(n in ("torch", "pytorch", "tensorflow", "jax") for deps in names.values() for n in deps)


def test_chance_follows_the_probabilities():
    import tokyo
    game = tokyo.load_game("toy-pig", 2)
    rng = np.random.default_rng(0)
    counts = {}
    for _ in range(600):
        state = game.new_initial_state()
        sample_chance(state, rng)
        counts[state.history()[0]] = counts.get(state.history()[0], 0) + 1
    assert sorted(counts) == [f"roll {k}" for k in range(1, 7)]
    assert all(60 < c < 140 for c in counts.values()), counts


def test_resolve_action_accepts_numpy_integers_only_for_legal_indices():
    import tokyo
    state = tokyo.load_game("toy-pig", 2).new_initial_state()
    rng = np.random.default_rng(0)
    sample_chance(state, rng)
    assert resolve_action(state, np.uint8(0), "raise", rng) == ("roll", False)
    with pytest.raises(tokyo.IllegalActionError):
        resolve_action(state, np.float64(1.0), "raise", rng)
    text, illegal = resolve_action(state, 9, "random", rng)
    assert illegal and text in ("roll", "hold")


def test_every_game_on_main_runs_the_libraries_suites():
    """Every project game has an encoding and is in RL_GAMES, so CI runs PettingZoo's,
    Gymnasium's and OpenSpiel's own tests on it (issue 14: every game)."""
    import tokyo
    from rlgames import RL_GAMES
    ids = {g["id"] for g in tokyo.list_games() if not g["id"].startswith("toy")}
    assert ids == {g for g, _ in RL_GAMES if not g.startswith("toy")}
