#!/usr/bin/env python3
"""Train King of Tokyo: Dark Edition (2 players) with RLlib's PPO and action masking, on
the PettingZoo environment of ``tokyo.rl.pettingzoo`` (docs/rl.md, "RLlib").

Both seats are agents of one AEC environment; RLlib's ``PettingZooEnv`` wrapper turns it
into a multi-agent env that, at each step, holds the observation of the seat to act only
(one seat acts at a time, sometimes several times in a row). Both seats map to one shared
policy, so the network learns from both sides of every game (self-play with shared
parameters). Masking uses the RLModule of RLlib's examples,
``ray.rllib.examples.rl_modules.classes.action_masking_rlm.ActionMaskingTorchRLModule``
(new API stack), which takes the logits of the illegal actions to about -inf before
sampling.

Key names: that module reads observation dicts with the keys ``"observations"`` and
``"action_mask"``; our environment, following PettingZoo's convention, gives
``"observation"`` and ``"action_mask"``. ``RLlibObservationKeys`` below (a plain PettingZoo
wrapper, no ray needed) renames the one key and leaves the mask as it is.

Rewards are the game's: 1 to the winner at the end, 0 otherwise. With one shared policy
an episode's return, summed over both seats, is 1 for every finished game whatever the
policy does; the per-seat returns (``player_0``, ``player_1``) are each seat's win rate
in self-play. To see whether it learns anything, --eval-games plays the trained policy
(its most probable legal action) against the project's ``random`` agent after training,
and the untrained one before it, half the games in each seat.

Install (a separate virtual environment; torch's CPU build first, see docs/rl.md):

    python3 -m venv /tmp/rlvenv
    /tmp/rlvenv/bin/pip install 'torch==2.13.0'
    /tmp/rlvenv/bin/pip install -e '.[rl]' 'ray[rllib]==2.60.0' 'torch==2.13.0'

Run (a few iterations; one process samples and learns, on the CPU):

    nice -n 10 /tmp/rlvenv/bin/python examples/train_kot_rllib.py --iterations 10

Each iteration prints the decisions sampled, the games finished, their mean length (in
decisions of both seats), the mean return per seat and the PPO losses. The final
checkpoint is written under --out; ``build_config(args).build_algo()`` and then
``algo.restore_from_path(out)`` read it back. docs/rl.md ("RLlib") records a run.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path
from typing import Any

import gymnasium
import numpy as np
from pettingzoo.utils.wrappers import BaseWrapper


class HelpFormatter(argparse.RawDescriptionHelpFormatter, argparse.ArgumentDefaultsHelpFormatter):
    """The module docstring as written, and each option's default."""


GAME_ID, PLAYERS, OPTIONS = "kot-dark", 2, {}
ENV_NAME = "tokyo_kot_dark_2p"
POLICY = "shared"

# the key of the observation tensor, in our environment and in RLlib's masking module
OUR_KEY, RLLIB_KEY = "observation", "observations"


class RLlibObservationKeys(BaseWrapper):
    """A PettingZoo AEC wrapper that offers each observation under the keys RLlib's
    action-masking RLModule reads: ``{"observations": tensor, "action_mask": mask}``.

    The tensor and the mask are passed on unchanged (the same arrays); only the dict and
    its space are rebuilt."""

    def __init__(self, env: Any) -> None:
        super().__init__(env)
        self.observation_spaces = {a: self._renamed_space(env.observation_space(a)) for a in env.possible_agents}

    @staticmethod
    def _renamed_space(space: gymnasium.spaces.Dict) -> gymnasium.spaces.Dict:
        return gymnasium.spaces.Dict({RLLIB_KEY: space[OUR_KEY], "action_mask": space["action_mask"]})

    def observation_space(self, agent: str) -> gymnasium.spaces.Space:
        return self.observation_spaces[agent]

    def observe(self, agent: str) -> dict[str, np.ndarray] | None:
        obs = self.env.observe(agent)
        if obs is None:
            return None
        return {RLLIB_KEY: obs[OUR_KEY], "action_mask": obs["action_mask"]}


def make_aec_env(**kwargs: Any) -> RLlibObservationKeys:
    """The 2-player kot-dark AEC environment with RLlib's key names (no ray needed)."""
    from tokyo.rl import pettingzoo as tpz
    return RLlibObservationKeys(tpz.env(GAME_ID, players=PLAYERS, **{**OPTIONS, **kwargs}))


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="train_kot_rllib.py", description=__doc__, formatter_class=HelpFormatter)
    p.add_argument("--iterations", type=int, default=10, help="PPO training iterations (algo.train() calls)")
    p.add_argument("--batch", type=int, default=4000,
                   help="decisions sampled per iteration (both seats together; train_batch_size_per_learner)")
    p.add_argument("--minibatch", type=int, default=500, help="PPO minibatch size")
    p.add_argument("--epochs", type=int, default=4, help="PPO epochs over each iteration's batch")
    p.add_argument("--lr", type=float, default=3e-4, help="Adam learning rate")
    p.add_argument("--entropy", type=float, default=0.01, help="entropy bonus (keeps it exploring)")
    p.add_argument("--gamma", type=float, default=0.995, help="discount per step of the multi-agent episode")
    p.add_argument("--hidden", default="128,128", help="hidden layer sizes of the policy and value networks")
    p.add_argument("--env-runners", type=int, default=0, choices=(0, 1),
                   help="sampling processes: 0 samples in this process (least memory), 1 in one Ray worker")
    p.add_argument("--seed", type=int, default=1, help="seeds RLlib (networks, sampling) and the games")
    p.add_argument("--eval-games", type=int, default=100,
                   help="games against the project's 'random' agent before and after training (0: none)")
    p.add_argument("--out", type=Path, default=Path("runs/kot-dark-2p-rllib"), help="checkpoint directory")
    p.add_argument("--threads", type=int, default=1, help="torch CPU threads")
    args = p.parse_args(argv)
    if args.iterations < 1:
        p.error("--iterations must be at least 1")
    if not 1 <= args.minibatch <= args.batch:
        p.error("--minibatch must be between 1 and --batch")
    try:
        args.hidden_sizes = [int(x) for x in args.hidden.split(",") if x.strip()]
    except ValueError:
        p.error("--hidden must be integers separated by commas, e.g. 128,128")
    if not args.hidden_sizes or min(args.hidden_sizes) < 1:
        p.error("--hidden needs at least one positive layer size")
    return args


def build_config(args: argparse.Namespace) -> Any:
    """The PPO configuration: one shared masked policy for both seats, CPU only."""
    from ray.rllib.algorithms.ppo import PPOConfig
    from ray.rllib.core.rl_module.multi_rl_module import MultiRLModuleSpec
    from ray.rllib.core.rl_module.rl_module import RLModuleSpec
    from ray.rllib.env.wrappers.pettingzoo_env import PettingZooEnv
    from ray.rllib.examples.rl_modules.classes.action_masking_rlm import ActionMaskingTorchRLModule
    from ray.tune.registry import register_env

    register_env(ENV_NAME, lambda env_config: PettingZooEnv(make_aec_env(**env_config)))
    masked = RLModuleSpec(module_class=ActionMaskingTorchRLModule,
                          model_config={"fcnet_hiddens": args.hidden_sizes, "fcnet_activation": "tanh",
                                        "vf_share_layers": False})
    return (
        PPOConfig()
        # RLlib's env checker steps random actions that ignore the mask, which our env
        # refuses (illegal_action="raise"): the check is off, and an illegal index from
        # training would raise, so a run that ends proves the masking held
        .environment(ENV_NAME, env_config={}, disable_env_checking=True)
        .framework("torch")
        .env_runners(num_env_runners=args.env_runners, num_envs_per_env_runner=1,
                     num_cpus_per_env_runner=1, rollout_fragment_length="auto")
        .learners(num_learners=0, num_gpus_per_learner=0)
        .multi_agent(policies={POLICY}, policy_mapping_fn=lambda agent_id, episode, **kw: POLICY)
        .rl_module(rl_module_spec=MultiRLModuleSpec(rl_module_specs={POLICY: masked}))
        .training(train_batch_size_per_learner=args.batch, minibatch_size=args.minibatch,
                  num_epochs=args.epochs, lr=args.lr, gamma=args.gamma, lambda_=0.95,
                  entropy_coeff=args.entropy)
        .debugging(seed=args.seed)
    )


def greedy_win_rate(module: Any, games: int, seed: int, opponent: str = "random") -> tuple[int, int]:
    """Wins of ``module`` (most probable legal action) in ``games`` games against
    ``opponent``, the seats alternating; returns (wins, games).

    ``algo.get_module`` gives the sampling EnvRunner's copy of the module: after each
    iteration RLlib copies the learner's policy layers into it (``inference_only``), not
    the value layers, so it acts exactly as the learner's module does; its value
    estimates are stale (take those from a restored checkpoint)."""
    import torch
    from ray.rllib.core.columns import Columns
    from tokyo.rl.gym import TokyoGymEnv

    wins = 0
    for g in range(games):
        env = TokyoGymEnv(GAME_ID, PLAYERS, seat=g % PLAYERS, opponents=opponent, **OPTIONS)
        obs, info = env.reset(seed=seed + g)
        done = False
        reward = 0.0
        while not done:
            batch = {Columns.OBS: {RLLIB_KEY: torch.from_numpy(obs)[None],
                                   "action_mask": torch.from_numpy(info["action_mask"])[None]}}
            with torch.no_grad():
                logits = module.forward_inference(batch)[Columns.ACTION_DIST_INPUTS][0]
            obs, reward, terminated, truncated, info = env.step(int(torch.argmax(logits)))
            done = terminated or truncated
        wins += reward > 0
    return wins, games


def _get(d: dict, *keys: str, default: Any = float("nan")) -> Any:
    for k in keys:
        if not isinstance(d, dict) or k not in d:
            return default
        d = d[k]
    return d


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    try:
        import ray
        import torch
        from ray.rllib.utils.metrics import (ENV_RUNNER_RESULTS, EPISODE_AGENT_RETURN_MEAN, EPISODE_LEN_MEAN,
                                             EPISODE_RETURN_MEAN, LEARNER_RESULTS, NUM_ENV_STEPS_SAMPLED_LIFETIME,
                                             NUM_EPISODES)
    except ImportError as exc:
        sys.exit(f"train_kot_rllib.py needs ray[rllib] and torch ({exc}); install them as the --help says "
                 "(torch's CPU build first: pip install torch==2.13.0)")

    torch.set_num_threads(args.threads)
    os.environ.setdefault("RAY_DEDUP_LOGS", "0")
    start = time.monotonic()
    ray.init(num_cpus=args.env_runners + 1, num_gpus=0, include_dashboard=False, log_to_driver=True,
             configure_logging=False)
    algo = build_config(args).build_algo()
    print(f"built PPO in {time.monotonic() - start:.0f} s: {GAME_ID}, {PLAYERS} players, one shared masked "
          f"policy; {args.batch} decisions per iteration", flush=True)

    if args.eval_games:
        wins, games = greedy_win_rate(algo.get_module(POLICY), args.eval_games, seed=10_000 * args.seed)
        print(f"untrained policy against random: {wins} / {games} wins", flush=True)

    for it in range(1, args.iterations + 1):
        result = algo.train()
        runners = result.get(ENV_RUNNER_RESULTS, {})
        seats = _get(runners, EPISODE_AGENT_RETURN_MEAN, default={})
        learner = _get(result, LEARNER_RESULTS, POLICY, default={})
        print(f"iter {it:3d} [{time.monotonic() - start:6.0f}s] "
              f"decisions {int(_get(runners, NUM_ENV_STEPS_SAMPLED_LIFETIME, default=0)):>7,}  "
              f"games {int(_get(runners, NUM_EPISODES, default=0)):3d}  "
              f"length {_get(runners, EPISODE_LEN_MEAN):6.1f}  "
              f"return {_get(runners, EPISODE_RETURN_MEAN):.2f} "
              f"(player_0 {seats.get('player_0', float('nan')):.2f}, "
              f"player_1 {seats.get('player_1', float('nan')):.2f})  "
              f"policy loss {_get(learner, 'policy_loss'):+.4f}  vf loss {_get(learner, 'vf_loss'):.4f}  "
              f"entropy {_get(learner, 'entropy'):.3f}", flush=True)

    if args.eval_games:
        wins, games = greedy_win_rate(algo.get_module(POLICY), args.eval_games, seed=10_000 * args.seed)
        print(f"trained policy against random: {wins} / {games} wins", flush=True)

    args.out.mkdir(parents=True, exist_ok=True)
    checkpoint = algo.save_to_path(str(args.out.resolve()))
    print(f"{args.iterations} iterations in {(time.monotonic() - start) / 60:.1f} min; checkpoint in {checkpoint}")
    algo.stop()
    ray.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
