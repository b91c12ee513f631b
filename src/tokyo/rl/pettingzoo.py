"""PettingZoo environments for every game (docs/rl.md).

``env("kot-dark", players=4, **options)`` is an AEC environment whose agents are the
seats, ``player_0`` .. ``player_{n-1}``:

- an observation is ``{"observation": float32 array, "action_mask": int8 array}``: the
  seat's observation tensor (docs/notation.md) and 1 at each legal action index (all 0 for
  a seat that is not to act);
- the action is an action index (any integer type, numpy's included);
- chance outcomes are drawn inside, from the generator seeded by ``reset(seed=...)``;
- the rewards are the game's returns, given to every agent when the game ends (0 before);
- after ``max_cycles`` decisions (default 10,000; chance outcomes do not count) every agent
  is truncated, with reward 0.

By default (``all_seats=False``) ``agent_selection`` is the seat to act, as in
PettingZoo's board games. With ``all_seats=True`` every live agent is asked once per cycle,
in seat order, as PettingZoo's cycle model wants; only the seat that was to act when the
cycle began has legal actions, the others' actions are ignored, and its action is applied
when the cycle ends (one decision per cycle). ``parallel_env`` is that model in
PettingZoo's parallel API: every agent gives an action each step, one of them counts.
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
from gymnasium.utils import seeding
from pettingzoo import AECEnv
from pettingzoo.utils.conversions import aec_to_parallel_wrapper
from pettingzoo.utils.wrappers import OrderEnforcingWrapper

from ._common import (DEFAULT_MAX_DECISIONS, agent_name, check_illegal_mode, load_encoded_game, mask_array,
                      observation_array, play_chance, render_text, resolve_action)

__all__ = ["TokyoAECEnv", "env", "raw_env", "parallel_env"]


class TokyoAECEnv(AECEnv):
    """A game as a PettingZoo AEC environment (see the module docstring)."""

    metadata = {"render_modes": ["human", "ansi"], "name": "tokyo_v0", "is_parallelizable": False}

    def __init__(self, game_id: str, players: int | None = None, *, max_cycles: int = DEFAULT_MAX_DECISIONS,
                 illegal_action: str = "raise", all_seats: bool = False, render_mode: str | None = None,
                 **options: Any):
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}, not {render_mode!r}")
        if max_cycles < 1:
            raise ValueError("max_cycles must be at least 1")
        self.game = load_encoded_game(game_id, players, **options)
        self.max_cycles = int(max_cycles)
        self.illegal_action = check_illegal_mode(illegal_action)
        self.all_seats = bool(all_seats)
        self.render_mode = render_mode
        self.metadata = {**self.metadata, "name": f"tokyo_{self.game.game_id.replace('-', '_')}_v0",
                         "is_parallelizable": self.all_seats}
        self.possible_agents = [agent_name(i) for i in range(self.game.num_players)]
        self._seat = {a: i for i, a in enumerate(self.possible_agents)}
        self._n_actions = self.game.num_distinct_actions()
        size = self.game.observation_tensor_size()
        # one space object per agent, so that each can be seeded on its own
        self.observation_spaces = {a: gymnasium.spaces.Dict({
            "observation": gymnasium.spaces.Box(-np.inf, np.inf, (size,), np.float32),
            "action_mask": gymnasium.spaces.Box(0, 1, (self._n_actions,), np.int8)})
            for a in self.possible_agents}
        self.action_spaces = {a: gymnasium.spaces.Discrete(self._n_actions) for a in self.possible_agents}
        self.np_random, _ = seeding.np_random(None)
        self.game_state = None  # the tokyo State (set by reset)
        self.decisions = 0

    def observation_space(self, agent: str) -> gymnasium.spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space:
        return self.action_spaces[agent]

    # ----- episode --------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        if seed is not None:
            self.np_random, _ = seeding.np_random(seed)
        self.game_state = self.game.new_initial_state()
        self.game_state.set_quiet()
        self.decisions = 0
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self._pending: str | None = None
        self._pending_illegal = False
        play_chance(self.game_state, self.np_random)
        self._actor = self.game_state.current_player()
        self.agent_selection = self.agents[0] if self.all_seats else agent_name(self._actor)
        self._check_end()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self._seat[agent]
        mask = mask_array(self.game_state, seat, self._n_actions)
        if self.all_seats and seat != self._actor:
            mask[:] = 0
        return {"observation": observation_array(self.game_state, seat), "action_mask": mask}

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        seat = self._seat[agent]
        for a in self.agents:
            self.infos[a] = {}
        if not self.all_seats:
            text, illegal = resolve_action(self.game_state, action, self.illegal_action, self.np_random)
            self._apply(text, agent, illegal)
        else:
            if seat == self._actor:
                self._pending, self._pending_illegal = resolve_action(self.game_state, action, self.illegal_action,
                                                                      self.np_random)
            later = [a for a in self.agents if self._seat[a] > seat]
            if later:
                self.agent_selection = later[0]
            else:  # the cycle is over: apply the decision made in it
                assert self._pending is not None
                self._apply(self._pending, agent_name(self._actor), self._pending_illegal)
                self._pending = None
        self._accumulate_rewards()

    def _apply(self, text: str, agent: str, illegal: bool) -> None:
        self.game_state.apply_action(text)
        self.decisions += 1
        if illegal:
            self.infos[agent] = {"illegal_action": True}
        play_chance(self.game_state, self.np_random)
        self._actor = self.game_state.current_player()
        if not self._check_end():
            self.agent_selection = self.agents[0] if self.all_seats else agent_name(self._actor)

    def _check_end(self) -> bool:
        """Ends the episode when the game is over (returns as rewards) or the cap is
        reached (truncation); True if it ended."""
        if self.game_state.is_terminal():
            returns = self.game_state.returns()
            for a in self.agents:
                self.rewards[a] = float(returns[self._seat[a]])
                self.terminations[a] = True
            return True
        if self.decisions >= self.max_cycles:
            for a in self.agents:
                self.truncations[a] = True
            return True
        return False

    # ----- display --------------------------------------------------------------------
    def render(self) -> str | None:
        return render_text(self.game_state, None, self.render_mode)

    def close(self) -> None:
        pass


def raw_env(game_id: str, players: int | None = None, **kwargs: Any) -> TokyoAECEnv:
    """The AEC environment without wrappers (see :class:`TokyoAECEnv`)."""
    return TokyoAECEnv(game_id, players, **kwargs)


def env(game_id: str, players: int | None = None, **kwargs: Any) -> AECEnv:
    """The AEC environment, wrapped so that using it before ``reset`` is an error.

    ``kwargs``: ``max_cycles``, ``illegal_action`` (``raise`` or ``random``),
    ``all_seats``, ``render_mode``, and the game's own options."""
    return OrderEnforcingWrapper(raw_env(game_id, players, **kwargs))


def parallel_env(game_id: str, players: int | None = None, **kwargs: Any) -> aec_to_parallel_wrapper:
    """The game in PettingZoo's parallel API: at each step every live agent gives an
    action; the one of the seat to act is applied (its mask shows its legal actions, the
    others' masks are all 0)."""
    kwargs["all_seats"] = True
    return aec_to_parallel_wrapper(raw_env(game_id, players, **kwargs))
