"""tokyo.rl.gym: Gymnasium's check_env on every game of RL_GAMES, the registered ids, the
masks MaskablePPO reads, opponents, rewards and the cap."""

import numpy as np
import pytest

gymnasium = pytest.importorskip("gymnasium")

from gymnasium.utils.env_checker import check_env  # noqa: E402

from tokyo import IllegalActionError, OptionError  # noqa: E402
from tokyo.rl import NoEncodingError  # noqa: E402
from tokyo.rl import gym as tgym  # noqa: E402

# the tensors have no declared range (docs/rl.md)
pytestmark = pytest.mark.filterwarnings("ignore:.*Box observation space m..imum value is:UserWarning")


def toy_id(game_id: str) -> str:
    env_id = f"tokyo-test/{game_id.title().replace('-', '')}-v0"
    tgym.register_env(env_id, game_id)
    return env_id


def test_check_env(rl_game):
    # check_env samples actions without the mask: illegal_action="random" replaces an illegal one
    game_id, players = rl_game
    check_env(tgym.TokyoGymEnv(game_id, players, opponents="random", illegal_action="random"),
              skip_render_check=True)


def test_check_env_through_make(rl_game):
    game_id, players = rl_game
    env = gymnasium.make(toy_id(game_id), players=players, seat="random", illegal_action="random",
                         render_mode="ansi")
    check_env(env.unwrapped)


def test_the_project_ids_are_registered_without_loading_the_games():
    for env_id, game_id in tgym.ENV_IDS.items():
        spec = gymnasium.spec(env_id)
        assert spec.entry_point == "tokyo.rl.gym:TokyoGymEnv"
        assert spec.kwargs == {"game_id": game_id}
    assert set(tgym.ENV_IDS) == {"tokyo/Kot-v0", "tokyo/KotDark-v0", "tokyo/CrisisTokyo-v0", "tokyo/KotGodzilla-v0",
                                 "tokyo/Storyline-v0", "tokyo/CrisisFormat-v0"}


def test_action_masks_as_maskable_ppo_reads_them():
    env = tgym.TokyoGymEnv("toy-pig", 2, seat=1)
    obs, info = env.reset(seed=4)
    masks = env.action_masks()
    assert masks.dtype == np.bool_ and masks.shape == (env.action_space.n,)
    assert masks.tolist() == [True, True]  # seat 1 is to act: roll or hold
    assert info["action_mask"].dtype == np.int8 and info["action_mask"].tolist() == [1, 1]
    assert env.game_state.current_player() == 1
    assert obs.dtype == np.float32 and obs.tolist() == pytest.approx(env.game_state.observation_tensor(1))


def play(env, seed):
    obs, info = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    steps = 0
    while True:
        action = rng.choice(np.flatnonzero(env.action_masks()))  # a numpy integer
        obs, reward, term, trunc, info = env.step(action)
        steps += 1
        if term or trunc:
            return reward, term, trunc, steps
        assert reward == 0.0


def test_reward_is_the_learners_return():
    env = tgym.TokyoGymEnv("toy-pig", 3, seat="random", opponents=["random", "random"])
    seats, wins = set(), 0
    for seed in range(12):
        reward, term, trunc, _ = play(env, seed)
        assert term and not trunc
        assert reward == env.game_state.returns()[env.seat]
        seats.add(env.seat)
        wins += reward == 1.0
    assert seats == {0, 1, 2}
    assert 0 < wins < 12


def test_same_seed_same_episode():
    a, b = tgym.TokyoGymEnv("toy-pig", 2), tgym.TokyoGymEnv("toy-pig", 2)
    play(a, 9)
    play(b, 9)
    assert a.game_state.history() == b.game_state.history()


def test_truncation_at_the_cap():
    env = tgym.TokyoGymEnv("toy-pig", 2, max_decisions=5, target=100)
    reward, term, trunc, _ = play(env, 0)
    assert (reward, term, trunc) == (0.0, False, True)
    assert env.decisions == 5
    with pytest.raises(RuntimeError):
        env.step(0)


def test_illegal_actions():
    env = tgym.TokyoGymEnv("toy-pig", 2)
    env.reset(seed=0)
    with pytest.raises(IllegalActionError):
        env.step(np.int64(5))
    env = tgym.TokyoGymEnv("toy-pig", 2, illegal_action="random")
    env.reset(seed=0)
    assert env.step(np.int64(5))[4]["illegal_action"] is True


def test_opponent_specs_are_checked():
    with pytest.raises(OptionError, match="heuristic"):
        tgym.TokyoGymEnv("toy-pig", 2, opponents="heuristic")  # Pig has no heuristic agent
    with pytest.raises(ValueError, match="2 agent specs"):
        tgym.TokyoGymEnv("toy-pig", 3, opponents=["random"])
    with pytest.raises(ValueError, match="seat must be one of 0..1 or 'random'"):
        tgym.TokyoGymEnv("toy-pig", 2, seat=2)
    with pytest.raises(ValueError, match="not True"):
        tgym.TokyoGymEnv("toy-pig", 2, seat=True)  # a bool is not a seat
    env = tgym.TokyoGymEnv("toy-pig", 2, seat=np.int64(1), opponents="random")  # numpy integers are
    assert env.seat == 1 and type(env.seat) is int
    env.reset(seed=3)
    assert env.game_state.current_player() == 1


def test_a_policy_opponent_is_checked_against_the_game_when_built():
    from tokyo.agents.policy import PolicyFileError
    with pytest.raises(PolicyFileError, match="trained for 2-player kot-dark, not 4 players"):
        tgym.TokyoGymEnv("kot-dark", 4, opponents="policy")


def test_a_game_without_encoding_is_refused_clearly():
    with pytest.raises(NoEncodingError, match="toy-plain-pig"):
        gymnasium.make(toy_id("toy-plain-pig"))


def test_an_episode_starts_with_a_decision_of_the_learner():
    # with target 5, seat 0 often wins in its first turn, before seat 1 has a decision
    env = tgym.TokyoGymEnv("toy-pig", 2, seat=1, target=5)
    for seed in range(30):
        env.reset(seed=seed)
        assert env.game_state.current_player() == 1
        assert env.action_masks().any()


def test_default_opponents():
    assert tgym.TokyoGymEnv("toy-pig", 3).opponent_specs == ["random", "random"]  # Pig has no heuristic
