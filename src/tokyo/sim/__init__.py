"""tokyo.sim: batch simulation (runner), statistics and record replay."""

from .replay import read_records, replay_record
from .runner import (BACKENDS, BackendError, SimulationInterrupted, expand_agents, game_seed, play_one,
                     run_games)
from .stats import summarise, wilson

__all__ = ["BACKENDS", "BackendError", "SimulationInterrupted", "expand_agents", "game_seed",
           "play_one", "read_records", "replay_record", "run_games", "summarise", "wilson"]
