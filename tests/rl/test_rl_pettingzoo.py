"""tokyo.rl.pettingzoo: PettingZoo's api_test, seed_test and max_cycles_test on every game
of RL_GAMES, and the environment's own promises (rewards, cap, numpy actions, illegal
actions)."""

import types

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

# PettingZoo warns about every {"observation", "action_mask"} observation except those of
# its own board games, which it lists by name
pytestmark = pytest.mark.filterwarnings(
    "ignore:Observation space for each agent probably:UserWarning",
    "ignore:Observation is not a NumPy array:UserWarning")

from pettingzoo.test import api_test, max_cycles_test, seed_test  # noqa: E402

from rlgames import LONG_OPTIONS  # noqa: E402
from tokyo import IllegalActionError  # noqa: E402
from tokyo.rl import NoEncodingError  # noqa: E402
from tokyo.rl import pettingzoo as tpz  # noqa: E402


def test_api_test(rl_game):
    game_id, players = rl_game
    api_test(tpz.env(game_id, players), num_cycles=300)


def test_api_test_all_seats(rl_game):
    game_id, players = rl_game
    api_test(tpz.env(game_id, players, all_seats=True), num_cycles=300)


def test_seed_test(rl_game):
    game_id, players = rl_game
    seed_test(lambda: tpz.env(game_id, players), num_cycles=300)


def test_max_cycles_test(rl_game):
    # max_cycles_test asks every agent once per cycle (all_seats) and samples actions
    # without the masks (illegal_action="random" replaces an illegal one)
    game_id, players = rl_game
    opts = dict(LONG_OPTIONS.get(game_id, {}), illegal_action="random")
    mod = types.SimpleNamespace(
        env=lambda **kw: tpz.env(game_id, players, all_seats=True, **opts, **kw),
        parallel_env=lambda **kw: tpz.parallel_env(game_id, players, **opts, **kw))
    for _ in range(3):
        max_cycles_test(mod)


def play_out(env, seed=0):
    """Play with masked random actions; returns {agent: the reward last() gave it when done}."""
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    final = {}
    for agent in env.agent_iter():
        obs, reward, term, trunc, _ = env.last()
        if term or trunc:
            final[agent] = (reward, term, trunc)
            env.step(None)
            continue
        assert reward == 0.0
        legal = np.flatnonzero(obs["action_mask"])
        env.step(rng.choice(legal))
    return final


def test_rewards_are_the_returns_at_the_end():
    env = tpz.raw_env("toy-pig", 3)
    for seed in range(5):
        final = play_out(env, seed)
        returns = env.game_state.returns()
        assert env.game_state.is_terminal()
        assert final == {f"player_{i}": (returns[i], True, False) for i in range(3)}
        assert sorted(returns) == [0.0, 0.0, 1.0]  # Pig: one winner


def test_truncation_at_the_cap():
    env = tpz.raw_env("toy-pig", 2, max_cycles=3, target=100)
    final = play_out(env, 1)
    assert env.decisions == 3 and not env.game_state.is_terminal()
    assert final == {"player_0": (0.0, False, True), "player_1": (0.0, False, True)}


def test_observation_is_the_tensor_and_the_mask():
    env = tpz.raw_env("toy-pig", 2)
    env.reset(seed=3)
    seat = env.game_state.current_player()
    for agent, i in (("player_0", 0), ("player_1", 1)):
        obs = env.observe(agent)
        assert obs["observation"].dtype == np.float32 and obs["action_mask"].dtype == np.int8
        assert obs["observation"].tolist() == pytest.approx(env.game_state.observation_tensor(i))
        assert obs["action_mask"].tolist() == ([1, 1] if i == seat else [0, 0])
    assert env.agent_selection == f"player_{seat}"


@pytest.mark.parametrize("kind", [np.int8, np.int32, np.int64, np.uint16, int])
def test_numpy_integer_actions(kind):
    env = tpz.raw_env("toy-pig", 2)
    env.reset(seed=0)
    before = len(env.game_state.history())
    env.step(kind(1))  # hold
    assert env.game_state.history()[before] == "hold"


def test_illegal_action_raises_or_is_replaced():
    env = tpz.raw_env("toy-pig", 2)
    env.reset(seed=0)
    with pytest.raises(IllegalActionError):
        env.step(2)
    env = tpz.raw_env("toy-pig", 2, illegal_action="random")
    env.reset(seed=0)
    agent = env.agent_selection
    env.step(7)
    assert env.infos[agent] == {"illegal_action": True}
    assert env.decisions == 1
    with pytest.raises(ValueError):
        tpz.raw_env("toy-pig", 2, illegal_action="ignore")


def test_chance_comes_from_the_seeded_generator():
    def history(seed):
        env = tpz.raw_env("toy-pig", 2)
        play_out(env, seed)
        return env.game_state.history()
    assert history(5) == history(5)
    assert history(5) != history(6)


def test_a_game_without_encoding_is_refused_clearly():
    with pytest.raises(NoEncodingError, match="toy-plain-pig"):
        tpz.env("toy-plain-pig", 2)
