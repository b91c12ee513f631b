"""tokyo.sim: batch simulation (runner), statistics, record files, replay and variant
comparison."""

from .compare import compare_runs
from .records import load_records, read_parquet, record_format, write_records
from .replay import read_records, replay_record
from .runner import (BACKENDS, BackendError, SimulationInterrupted, expand_agents, game_seed, play_one,
                     run_games)
from .stats import card_group_stats, card_stats, label_stats, newcombe, summarise, turn_stats, wilson

__all__ = ["BACKENDS", "BackendError", "SimulationInterrupted", "card_group_stats", "card_stats",
           "compare_runs", "expand_agents", "game_seed", "label_stats", "load_records", "newcombe", "play_one",
           "read_parquet", "read_records", "record_format", "replay_record", "run_games", "summarise",
           "turn_stats", "wilson", "write_records"]
