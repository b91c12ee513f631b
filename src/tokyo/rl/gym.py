"""Gymnasium environments: one seat learns, the other seats are project agents (docs/rl.md).

``TokyoGymEnv("kot-dark", players=4, seat=0, opponents="heuristic")``, or through the
registered ids (:data:`ENV_IDS`, registered when this module is imported; the game is
loaded only by ``gymnasium.make``)::

    import gymnasium, tokyo.rl.gym
    env = gymnasium.make("tokyo/KotDark-v0", players=4, opponents="heuristic")

- the observation is the learner's observation tensor (float32 array, docs/notation.md);
- the action is an action index (any integer type, numpy's included); the legal ones are
  ``env.action_masks()`` (a bool array, as sb3-contrib's MaskablePPO reads it) and
  ``info["action_mask"]`` (int8);
- between two of the learner's decisions the other seats play (each an agent built by
  ``tokyo.agents.make_agent``) and chance outcomes are drawn, all from the generator seeded
  by ``reset(seed=...)``;
- the reward is the learner's return when the game ends, 0 before;
- a game that ends before the learner's first decision is dealt again by ``reset`` (an
  episode always starts with a decision of the learner);
- after ``max_decisions`` decisions of all seats (default 10,000; chance outcomes do not
  count) the episode is truncated.
"""

from __future__ import annotations

from typing import Any, Sequence

import gymnasium
import numpy as np

from ..agents import HEURISTICS, check_agent_for, make_agent
from ..core.state import _as_int
from ._common import (DEFAULT_MAX_DECISIONS, check_illegal_mode, load_encoded_game, mask_array, observation_array,
                      play_chance, render_text, resolve_action)

__all__ = ["TokyoGymEnv", "ENV_IDS", "register_envs", "register_env"]

ENV_IDS = {
    "tokyo/Kot-v0": "kot",
    "tokyo/KotDark-v0": "kot-dark",
    "tokyo/CrisisTokyo-v0": "crisis-tokyo",
    "tokyo/KotGodzilla-v0": "kot-godzilla",
    "tokyo/Storyline-v0": "storyline",
    "tokyo/CrisisFormat-v0": "crisis-format",
}
"""The registered environment ids and their games."""

ENTRY_POINT = "tokyo.rl.gym:TokyoGymEnv"


class TokyoGymEnv(gymnasium.Env):
    """A game with one learning seat (see the module docstring).

    ``seat``: the learner's seat, or ``"random"`` (drawn at each reset). ``opponents``: one
    agent spec for every other seat (``"heuristic"``, ``"random"``, ``"ismcts:sims=50"``), or
    a list with one spec per other seat, in seat order; by default the game's heuristic
    agent (``random`` for a game without one). ``illegal_action``: ``raise`` or
    ``random`` (tokyo.rl.ILLEGAL_ACTION_MODES). Other keywords are the game's options."""

    metadata = {"render_modes": ["human", "ansi"], "render_fps": 1}

    def __init__(self, game_id: str, players: int | None = None, *, seat: int | str = 0,
                 opponents: str | Sequence[str] | None = None, max_decisions: int = DEFAULT_MAX_DECISIONS,
                 illegal_action: str = "raise", render_mode: str | None = None, **options: Any):
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}, not {render_mode!r}")
        self.game = load_encoded_game(game_id, players, **options)
        n = self.game.num_players
        index = None if seat == "random" else _as_int(seat)  # numpy integers too; not True
        if seat != "random" and (index is None or not 0 <= index < n):
            raise ValueError(f"seat must be one of 0..{n - 1} or 'random', not {seat!r}")
        if opponents is None:
            opponents = "heuristic" if self.game.game_id in HEURISTICS else "random"
        specs = [opponents] * (n - 1) if isinstance(opponents, str) else list(opponents)
        if len(specs) != n - 1:
            raise ValueError(f"opponents: {n - 1} agent specs needed (one per other seat), got {len(specs)}")
        self.opponent_specs = specs
        # checks the specs now, and that each can play this game (a policy: its player count, options)
        self._agents = [check_agent_for(make_agent(s, self.game.game_id), self.game) for s in specs]
        self.seat_option = seat if index is None else index
        self.seat = 0 if index is None else index
        if max_decisions < 1:
            raise ValueError("max_decisions must be at least 1")
        self.max_decisions = int(max_decisions)
        self.illegal_action = check_illegal_mode(illegal_action)
        self.render_mode = render_mode
        self._n_actions = self.game.num_distinct_actions()
        size = self.game.observation_tensor_size()
        self.observation_space = gymnasium.spaces.Box(-np.inf, np.inf, (size,), np.float32)
        self.action_space = gymnasium.spaces.Discrete(self._n_actions)
        self.game_state = None
        self.decisions = 0
        self._by_seat: dict[int, Any] = {}

    # ----- episode --------------------------------------------------------------------
    def reset(self, *, seed: int | None = None, options: dict | None = None) -> tuple[np.ndarray, dict]:
        super().reset(seed=seed)
        rng = self.np_random
        n = self.game.num_players
        if self.seat_option == "random":
            self.seat = int(rng.integers(n))
        others = [s for s in range(n) if s != self.seat]
        self._by_seat = {}
        for s, agent in zip(others, self._agents):
            agent.reset(int(rng.integers(2**31)), s)
            self._by_seat[s] = agent
        # a game that ends before the learner's first decision holds nothing to learn and
        # cannot be reported by reset: such a game is dealt again
        for _ in range(1000):
            self.game_state = self.game.new_initial_state()
            self.game_state.set_quiet()
            self.decisions = 0
            self._advance()
            if self.game_state.current_player() == self.seat:
                return self._obs(), self._info()
        raise RuntimeError(f"{self.game.game_id}: 1000 games in a row ended before seat {self.seat} had a decision")

    def step(self, action: Any) -> tuple[np.ndarray, float, bool, bool, dict]:
        if self.game_state is None:
            raise RuntimeError("call reset() before step()")
        if self.game_state.is_terminal() or self.decisions >= self.max_decisions:
            raise RuntimeError("the episode is over: call reset()")
        text, illegal = resolve_action(self.game_state, action, self.illegal_action, self.np_random)
        self.game_state.apply_action(text, self.seat)
        self.decisions += 1
        self._advance()
        terminated = self.game_state.is_terminal()
        truncated = not terminated and self.decisions >= self.max_decisions
        reward = float(self.game_state.returns()[self.seat]) if terminated else 0.0
        info = self._info()
        if illegal:
            info["illegal_action"] = True
        return self._obs(), reward, terminated, truncated, info

    def _advance(self) -> None:
        """Play chance and the other seats until the learner is to act, the game is over
        or the cap is reached."""
        state = self.game_state
        while True:
            play_chance(state, self.np_random)
            player = state.current_player()
            if player < 0 or player == self.seat or self.decisions >= self.max_decisions:
                return
            move = self._by_seat[player].step(state)
            state.apply_action(move, player)
            self.decisions += 1

    def _obs(self) -> np.ndarray:
        return observation_array(self.game_state, self.seat)

    def _info(self) -> dict:
        return {"action_mask": mask_array(self.game_state, self.seat, self._n_actions), "seat": self.seat}

    def action_masks(self) -> np.ndarray:
        """The learner's legal action indices as a bool array (MaskablePPO's interface)."""
        if self.game_state is None:
            raise RuntimeError("call reset() first")
        return mask_array(self.game_state, self.seat, self._n_actions).astype(bool)

    # ----- display --------------------------------------------------------------------
    def render(self) -> str | None:
        return render_text(self.game_state, self.seat, self.render_mode)

    def close(self) -> None:
        pass


def register_env(env_id: str, game_id: str, **kwargs: Any) -> None:
    """Register ``env_id`` for ``game_id`` (keywords: defaults for TokyoGymEnv). Nothing
    about the game is loaded until ``gymnasium.make``. Registering an id again replaces it."""
    gymnasium.register(id=env_id, entry_point=ENTRY_POINT, kwargs={"game_id": game_id, **kwargs},
                       disable_env_checker=False)


def register_envs() -> None:
    """Register every id of :data:`ENV_IDS` (done when this module is imported)."""
    for env_id, game_id in ENV_IDS.items():
        if env_id not in gymnasium.registry:
            register_env(env_id, game_id)


register_envs()
