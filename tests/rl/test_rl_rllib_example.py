"""examples/train_kot_rllib.py: its PettingZoo wrapper gives the observation keys that
RLlib's action-masking RLModule reads ("observations", "action_mask") and passes the
tensor and the mask through unchanged. Neither torch nor ray is needed for that; the last
tests, which hand the wrapper to RLlib itself, run only where ray[rllib] (and torch) are
installed, which the test extra does not bring (docs/rl.md, "RLlib")."""

import importlib.util
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

# PettingZoo warns about dict observations other than its board games' (as in
# test_rl_pettingzoo.py)
pytestmark = pytest.mark.filterwarnings(
    "ignore:Observation space for each agent probably:UserWarning",
    "ignore:Observation is not a NumPy array:UserWarning",
    "ignore:Action mask numpy array is all zeros:UserWarning")

from pettingzoo.test import api_test  # noqa: E402

from tokyo.rl import pettingzoo as tpz  # noqa: E402

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "train_kot_rllib.py"


def load_example():
    spec = importlib.util.spec_from_file_location("train_kot_rllib", EXAMPLE)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)  # imports no ray and no torch at module level
    return module


@pytest.fixture(scope="module")
def example():
    return load_example()


def test_spaces_have_rllibs_keys(example):
    env = example.make_aec_env()
    plain = tpz.env("kot-dark", players=2)
    for agent in env.possible_agents:
        space = env.observation_space(agent)
        assert set(space.spaces) == {"observations", "action_mask"}
        assert space["observations"] == plain.observation_space(agent)["observation"]
        assert space["action_mask"] == plain.observation_space(agent)["action_mask"]
        assert env.observation_spaces[agent] is space


def test_observations_and_masks_pass_through(example):
    env = example.make_aec_env()
    inner = env.unwrapped
    env.reset(seed=7)
    rng = np.random.default_rng(7)
    decisions = 0
    for agent in env.agent_iter():
        obs, reward, term, trunc, _ = env.last()
        assert set(obs) == {"observations", "action_mask"}
        assert obs in env.observation_space(agent)
        direct = inner.observe(agent)
        np.testing.assert_array_equal(obs["observations"], direct["observation"])
        np.testing.assert_array_equal(obs["action_mask"], direct["action_mask"])
        assert obs["action_mask"].dtype == np.int8
        if term or trunc:
            env.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        assert legal.size and agent == f"player_{inner.game_state.current_player()}"
        env.step(int(rng.choice(legal)))
        decisions += 1
    assert inner.game_state.is_terminal() and decisions == inner.decisions > 0


def test_wrapper_passes_pettingzoo_api_test(example):
    api_test(example.RLlibObservationKeys(tpz.env("toy-pig", 2)), num_cycles=200)


def test_wrapper_is_generic_over_games(example):
    # the renaming knows no game: the toy's two-action mask comes through as it is
    env = example.RLlibObservationKeys(tpz.env("toy-pig", 2))
    env.reset(seed=0)
    obs = env.observe(env.agent_selection)
    assert obs["action_mask"].tolist() == [1, 1]
    other = "player_1" if env.agent_selection == "player_0" else "player_0"
    assert env.observe(other)["action_mask"].tolist() == [0, 0]


def test_help_needs_no_torch_or_ray():
    out = subprocess.run([sys.executable, str(EXAMPLE), "--help"], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    for words in ("--iterations", "--env-runners", "--eval-games", '"observations"', "ActionMaskingTorchRLModule",
                  "torch==2.13.0"):
        assert words in out.stdout


def test_rllib_pettingzoo_env_plays_a_game(example):
    """RLlib's own multi-agent wrapper over ours: one seat's observation at a time, with
    RLlib's keys, and the game's returns at the end."""
    pz = pytest.importorskip("ray.rllib.env.wrappers.pettingzoo_env")
    env = pz.PettingZooEnv(example.make_aec_env())
    obs, _ = env.reset(seed=3)
    rng = np.random.default_rng(3)
    final: dict = {}
    while True:
        assert len(obs) == 1
        (agent, o), = obs.items()
        assert set(o) == {"observations", "action_mask"}
        obs, rewards, terms, truncs, _ = env.step({agent: int(rng.choice(np.flatnonzero(o["action_mask"])))})
        if terms["__all__"] or truncs["__all__"]:
            final = rewards
            break
        assert all(r == 0 for r in rewards.values())
    assert sorted(final) == ["player_0", "player_1"] and sorted(final.values()) == [0.0, 1.0]


def test_rllib_masking_module_reads_the_keys(example):
    """RLlib's masking RLModule built on the wrapper's space: it finds both keys and
    picks a legal action."""
    torch = pytest.importorskip("torch")
    rlm = pytest.importorskip("ray.rllib.examples.rl_modules.classes.action_masking_rlm")
    from ray.rllib.core.columns import Columns

    env = example.make_aec_env()
    env.reset(seed=5)
    agent = env.agent_selection
    module = rlm.ActionMaskingTorchRLModule(
        observation_space=env.observation_space(agent), action_space=env.action_space(agent),
        model_config={"fcnet_hiddens": [16]})
    o = env.observe(agent)
    batch = {Columns.OBS: {k: torch.from_numpy(v)[None] for k, v in o.items()}}
    with torch.no_grad():
        logits = module.forward_inference(batch)[Columns.ACTION_DIST_INPUTS][0]
    assert o["action_mask"][int(torch.argmax(logits))] == 1
    assert bool((logits[torch.from_numpy(o["action_mask"] == 0)] < -1e30).all())


def test_training_smoke(tmp_path):
    """One tiny iteration end to end (a local Ray, about 10 s): it trains, evaluates and
    writes a checkpoint; an illegal index anywhere would raise."""
    pytest.importorskip("torch", reason="the example needs torch (not in the test extra: CI has none)")
    pytest.importorskip("ray.rllib.algorithms.ppo", reason="the example needs ray[rllib] (not in the test extra)")
    out = subprocess.run([sys.executable, str(EXAMPLE), "--iterations", "1", "--batch", "200", "--minibatch", "50",
                          "--epochs", "1", "--hidden", "16", "--eval-games", "2", "--out", str(tmp_path)],
                         capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stderr
    assert "iter   1" in out.stdout and "trained policy against random:" in out.stdout
    assert (tmp_path / "rllib_checkpoint.json").is_file()
