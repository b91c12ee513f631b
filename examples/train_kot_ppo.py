#!/usr/bin/env python3
"""Train a King of Tokyo: Dark Edition agent (2 players) with MaskablePPO, then export it
as a numpy policy that plays through the agent spec ``policy:PATH``.

The learner holds one seat of ``tokyo/KotDark-v0`` (docs/rl.md, "Gymnasium"); it sees its
observation tensor and chooses among the legal action indices only (the env's
``action_masks()``, which MaskablePPO reads). The reward is 1 for a win, 0 otherwise, at
the end of the game. Training runs in two phases against the project's own agents:

  1. against ``random`` (the first --random-fraction of --timesteps): it learns the game's
     basics (which dice to keep, when to stay in Tokyo);
  2. against ``heuristic`` (the rest): the same network continues against a stronger
     opponent.

The learner's seat is drawn at each game (``seat="random"``), so it learns to play first
and second.

Install (a separate virtual environment; torch's CPU build, see docs/rl.md):

    python3 -m venv /tmp/rlvenv
    /tmp/rlvenv/bin/pip install -e '.[rl]' sb3-contrib torch==2.13.0 matplotlib

Run:

    nice -n 10 /tmp/rlvenv/bin/python examples/train_kot_ppo.py --seed 1 --out runs/kot2p

The shipped policy (``policy``, src/tokyo/agents/data/kot_dark_2p.npz) came from
``--timesteps 1500000 --minutes 22 --random-fraction 0.35 --seed 1``: the time budget
stopped it at 680,868 decisions, 103,328 of them against random; it wins 96 % of its
games against random and 67 % against heuristic (docs/rl.md, "A trained agent").

This writes, under --out:
  - ``policy.npz``: the policy network's weights and a JSON header (game, players,
    options, sizes, activation). Play it anywhere an agent is asked for, without torch:
    ``tokyo simulate kot-dark --players 2 --agents policy:runs/kot2p/policy.npz,random``;
  - ``model.zip``: the full Stable-Baselines3 model (to continue training);
  - ``log.csv``: one row per progress report (timesteps, phase, win rate of the last
    games, episodes, seconds), and ``curve.png`` drawn from it when matplotlib is there.

The win rates printed during training are those of the *stochastic* training policy over
the last --window games; the exported agent plays the most probable legal action, which
usually wins more often. Measure it with ``tokyo simulate`` (docs/rl.md, "A trained agent").
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import sys
import time
from collections import deque
from pathlib import Path


class HelpFormatter(argparse.RawDescriptionHelpFormatter, argparse.ArgumentDefaultsHelpFormatter):
    """The module docstring as written, and each option's default."""


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    p = argparse.ArgumentParser(
        prog="train_kot_ppo.py",
        description=__doc__, formatter_class=HelpFormatter)
    p.add_argument("--timesteps", type=int, default=700_000,
                   help="total learner decisions over both phases (about 200-1,000 per second on one "
                        "CPU core, by how busy the machine is)")
    p.add_argument("--random-fraction", type=float, default=0.15,
                   help="the share of --timesteps played against 'random'; the rest is against 'heuristic' "
                        "(0: heuristic only, 1: random only)")
    p.add_argument("--minutes", type=float, default=None,
                   help="wall-time budget: each phase also stops when its share of these minutes (by "
                        "--random-fraction) is used up, so a busy machine ends on time with fewer timesteps")
    p.add_argument("--seed", type=int, default=1, help="seeds the network, PPO's sampling and the games")
    p.add_argument("--out", type=Path, default=Path("runs/kot-dark-2p"),
                   help="output directory (policy.npz, model.zip, log.csv, curve.png)")
    p.add_argument("--hidden", default="128,128",
                   help="hidden layer sizes of the policy (and value) network, comma-separated")
    p.add_argument("--envs", type=int, default=4, help="games played side by side (in this one process)")
    p.add_argument("--n-steps", type=int, default=512, help="decisions per game slot between two updates")
    p.add_argument("--batch-size", type=int, default=256, help="PPO minibatch size")
    p.add_argument("--epochs", type=int, default=4, help="PPO epochs per update")
    p.add_argument("--lr", type=float, default=3e-4, help="Adam learning rate")
    p.add_argument("--ent-coef", type=float, default=0.01, help="entropy bonus (keeps it exploring)")
    p.add_argument("--gamma", type=float, default=0.995, help="discount per learner decision")
    p.add_argument("--report-every", type=int, default=10_000, help="print and log progress every N timesteps")
    p.add_argument("--window", type=int, default=300, help="games in the moving win rate")
    p.add_argument("--threads", type=int, default=1, help="torch CPU threads (the env is the bottleneck)")
    p.add_argument("--dtype", choices=("float16", "float32"), default="float16",
                   help="storage type of the exported weights (float16 halves the file; the agent computes in float32)")
    p.add_argument("--no-plot", action="store_true", help="do not draw curve.png")
    args = p.parse_args(argv)
    if args.timesteps < 1:
        p.error("--timesteps must be at least 1")
    if not 0.0 <= args.random_fraction <= 1.0:
        p.error("--random-fraction must be between 0 and 1")
    try:
        args.hidden_sizes = [int(x) for x in args.hidden.split(",") if x.strip()]
    except ValueError:
        p.error("--hidden must be integers separated by commas, e.g. 128,128")
    if not args.hidden_sizes or min(args.hidden_sizes) < 1:
        p.error("--hidden needs at least one positive layer size")
    return args


GAME_ID, PLAYERS, OPTIONS = "kot-dark", 2, {}


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    try:
        import torch
        from sb3_contrib import MaskablePPO
        from stable_baselines3.common.callbacks import BaseCallback
        from stable_baselines3.common.vec_env import DummyVecEnv
    except ImportError as exc:
        sys.exit(f"train_kot_ppo.py needs sb3-contrib and torch ({exc}); install them as the --help says "
                 "(pip install sb3-contrib torch==2.13.0)")
    from tokyo.agents.policy import save_policy
    from tokyo.rl.gym import TokyoGymEnv

    torch.set_num_threads(args.threads)
    args.out.mkdir(parents=True, exist_ok=True)

    def make_vec(opponent: str, offset: int) -> DummyVecEnv:
        def one(i: int):
            def build():
                return TokyoGymEnv(GAME_ID, PLAYERS, seat="random", opponents=opponent, **OPTIONS)
            return build
        venv = DummyVecEnv([one(i) for i in range(args.envs)])
        venv.seed(args.seed * 1000 + offset)
        return venv

    phases = []
    first = round(args.timesteps * args.random_fraction)
    if first > 0:
        phases.append(("random", first))
    if args.timesteps - first > 0:
        phases.append(("heuristic", args.timesteps - first))

    log_path = args.out / "log.csv"
    log_file = open(log_path, "w", newline="")
    log = csv.writer(log_file)
    log.writerow(["timesteps", "opponent", "win_rate", "games_in_window", "episodes", "seconds"])
    start = time.monotonic()

    class Progress(BaseCallback):
        """Counts finished games and their results; prints and logs every --report-every steps."""

        def __init__(self, opponent: str, deadline: float | None) -> None:
            super().__init__()
            self.opponent = opponent
            self.deadline = deadline
            self.results: deque[float] = deque(maxlen=args.window)
            self.episodes = 0
            self.next_report = 0

        def _on_training_start(self) -> None:
            self.next_report = self.num_timesteps + args.report_every

        def _on_step(self) -> bool:
            for done, reward in zip(self.locals["dones"], self.locals["rewards"]):
                if done:
                    self.results.append(float(reward))
                    self.episodes += 1
            if self.num_timesteps >= self.next_report:
                self.report()
                self.next_report += args.report_every
            if self.deadline is not None and time.monotonic() >= self.deadline:
                print(f"phase against {self.opponent!r}: its share of --minutes is used up", flush=True)
                return False
            return True

        def report(self) -> None:
            elapsed = time.monotonic() - start
            rate = sum(self.results) / len(self.results) if self.results else float("nan")
            log.writerow([self.num_timesteps, self.opponent, f"{rate:.4f}", len(self.results),
                          self.episodes, f"{elapsed:.1f}"])
            log_file.flush()
            print(f"[{elapsed:7.0f}s] {self.num_timesteps:>9,} steps  vs {self.opponent:<9} "
                  f"win rate {rate:6.1%} (last {len(self.results)} games; {self.episodes} games this phase)  "
                  f"{self.num_timesteps / max(elapsed, 1e-9):5.0f} steps/s", flush=True)

    model = None
    deadline = None
    done: list[dict] = []
    for i, (opponent, steps) in enumerate(phases):
        if args.minutes is not None:  # this phase's share of the time (what an earlier phase left, too)
            share = steps / sum(s for _, s in phases[i:])
            deadline = time.monotonic() + share * (start + args.minutes * 60 - time.monotonic())
        venv = make_vec(opponent, i)
        if model is None:
            model = MaskablePPO(
                "MlpPolicy", venv, learning_rate=args.lr, n_steps=args.n_steps, batch_size=args.batch_size,
                n_epochs=args.epochs, gamma=args.gamma, gae_lambda=0.95, ent_coef=args.ent_coef,
                policy_kwargs={"net_arch": {"pi": args.hidden_sizes, "vf": args.hidden_sizes},
                               "activation_fn": torch.nn.Tanh},
                seed=args.seed, device="cpu", verbose=0)
        else:
            model.set_env(venv)
        print(f"phase {i + 1}/{len(phases)}: {steps:,} timesteps against {opponent!r} "
              f"({args.envs} games side by side)", flush=True)
        progress = Progress(opponent, deadline)
        before = model.num_timesteps
        model.learn(total_timesteps=steps, callback=progress, reset_num_timesteps=False, progress_bar=False)
        done.append({"opponent": opponent, "timesteps": int(model.num_timesteps - before), "planned": steps,
                     "games": progress.episodes})
        if progress.next_report - args.report_every != model.num_timesteps:
            progress.report()  # the phase's last rollout, unless just reported
        venv.close()
    assert model is not None
    log_file.close()
    wall = time.monotonic() - start
    model.save(args.out / "model.zip")

    # the policy network: mlp_extractor.policy_net (Linear, Tanh, ...) then action_net
    linears = [m for m in model.policy.mlp_extractor.policy_net if isinstance(m, torch.nn.Linear)]
    linears.append(model.policy.action_net)
    layers = [(lin.weight.detach().cpu().numpy().T, lin.bias.detach().cpu().numpy()) for lin in linears]
    info = {"trained_with": "sb3-contrib MaskablePPO", "timesteps": int(model.num_timesteps),
            "phases": done, "seed": args.seed,
            "wall_seconds": round(wall, 1)}
    policy_path = args.out / "policy.npz"
    game_options = TokyoGymEnv(GAME_ID, PLAYERS, opponents="random", **OPTIONS).game.options_json()
    save_policy(policy_path, GAME_ID, PLAYERS, game_options, layers, activation="tanh", dtype=args.dtype, info=info)
    print(f"trained {model.num_timesteps:,} timesteps in {wall / 60:.1f} min; wrote {policy_path} "
          f"({os.path.getsize(policy_path) / 1024:.0f} KiB), {args.out / 'model.zip'}, {log_path}")
    (args.out / "run.json").write_text(json.dumps({**info, "argv": sys.argv[1:]}, indent=2) + "\n")
    if not args.no_plot:
        plot(log_path, args.out / "curve.png")
    print(f"play it: tokyo simulate {GAME_ID} --players {PLAYERS} --agents policy:{policy_path},random -n 1000")
    return 0


def plot(log_path: Path, png: Path) -> None:
    """Win rate against timesteps, one line per opponent, from log.csv."""
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("matplotlib is not installed: no curve.png")
        return
    rows = list(csv.DictReader(open(log_path)))
    fig, ax = plt.subplots(figsize=(7, 4))
    for opponent in dict.fromkeys(r["opponent"] for r in rows):
        pts = [(int(r["timesteps"]), float(r["win_rate"])) for r in rows if r["opponent"] == opponent]
        ax.plot([t for t, _ in pts], [w for _, w in pts], marker=".", label=f"against {opponent}")
    ax.set_xlabel("learner decisions (timesteps)")
    ax.set_ylabel("win rate, last games (training policy)")
    ax.set_ylim(0, 1)
    ax.grid(alpha=0.3)
    ax.axhline(0.5, color="grey", lw=0.8, ls="--")
    ax.set_title("MaskablePPO on kot-dark, 2 players")
    ax.legend()
    fig.tight_layout()
    fig.savefig(png, dpi=100)
    print(f"wrote {png}")


if __name__ == "__main__":
    sys.exit(main())
