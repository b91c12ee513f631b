"""Variant comparison: the same batch of games under two values of one game option.

Both runs use the same batch seed, so game ``i`` of the base run and game ``i`` of the
variant run start from the same seed with the same agents: the two games are a pair,
and only the option differs (the dice and cards may still go differently once the
option changes a decision or a draw). Comparing pairs removes much of the luck that
two independent batches would carry.

Paired interval: for a quantity x measured in both games of pair i (a seat's win, 1 or
0; an agent's share of its seats' wins; the number of turns), d_i = x_variant - x_base.
The difference reported is the mean of the d_i and its 95% interval is the normal one,
mean +- 1.96 * s / sqrt(n), where s is the sample standard deviation of the d_i (n - 1
in the denominator) and n the number of pairs. When every d_i is equal the interval
has zero width; with fewer than 2 pairs it is None.
"""

from __future__ import annotations

import math
from typing import Callable, Sequence

import numpy as np

from ..core.errors import OptionError
from ..core.registry import game_info, load_game
from ..core.runner import GameRecord
from .runner import expand_agents, run_games
from .stats import Z95, summarise


def paired_interval(differences: Sequence[float], z: float = Z95) -> list[float] | None:
    """The normal 95% interval of the mean of paired differences: mean +- z * s / sqrt(n),
    s the sample standard deviation (ddof 1). Returns [low, high], or None for fewer
    than 2 differences."""
    n = len(differences)
    if n < 2:
        return None
    arr = np.asarray(differences, dtype=float)
    mean = float(arr.mean())
    half = z * float(arr.std(ddof=1)) / math.sqrt(n)
    return [mean - half, mean + half]


def _mean(xs) -> float | None:
    return float(np.mean(xs)) if len(xs) else None


def _wins(rec: GameRecord, seats: Sequence[int]) -> float:
    """The share of ``seats`` that won ``rec`` (a shared win counts for each winner)."""
    won = set(rec.winners)
    return sum(s in won for s in seats) / len(seats)


def _row(base: list[float], variant: list[float]) -> dict:
    d = [v - b for b, v in zip(base, variant)]
    return {"base_share": _mean(base), "variant_share": _mean(variant), "difference": _mean(d),
            "ci95": paired_interval(d)}


def variant_pair(game_id: str, players: int, options: dict | None, key: str, value) -> tuple[dict, dict]:
    """The full option dicts (JSON values) of the base and of the variant: base =
    ``options`` with defaults, variant = base with ``key`` set to ``value``.

    Raises OptionError for an unknown game, player count, option or value, a value
    equal to the base value (there would be nothing to compare), or a value that changes
    the number of seats (the Crisis Format's ``opponent=seat``: no pairs seat by seat).
    """
    base_game = load_game(game_id, players, **dict(options or {}))  # raises OptionError
    names = [o.name for o in game_info(game_id).options]
    if key not in names:
        raise OptionError(f"--compare: {game_id} has no option {key!r}; its options are "
                          f"{', '.join(names) or 'none'}")
    base_options = base_game.options_json()
    variant_game = load_game(game_id, players, **{**base_options, key: value})
    variant_options = variant_game.options_json()
    if variant_game.num_players != base_game.num_players:
        raise OptionError(f"--compare {key}={value}: the variant has {variant_game.num_players} seats and the "
                          f"base {base_game.num_players}, so its games cannot be paired seat by seat; set "
                          f"-o {key}=... for both runs and compare another option")
    if variant_options[key] == base_options[key]:
        raise OptionError(f"--compare {key}={value}: that is the base value of {key}; "
                          f"give a different value to compare with {base_options[key]!r}")
    return base_options, variant_options


def compare_runs(game_id: str, players: int, games: int, seed: int, agents: Sequence[str],
                 options: dict | None, key: str, value, workers: int | None = None,
                 progress_callback: Callable[[int], None] | None = None, *, backend: str = "process",
                 address: str | None = None) -> dict:
    """Play the batch twice with the same seeds: base = ``options`` (defaults for the
    options not given), variant = base with ``key`` set to ``value``; compare the pairs.

    value: as for any option (text such as "3" or "true" is converted and checked).
    progress_callback(n) is called as games finish, 2 * ``games`` in all.
    backend, address: where the games run, as for :func:`run_games`.
    Returns {"compare": {option, base, variant, games, seats, agents, turns,
    changed_winner, base_summary, variant_summary}}: base/variant are the two values of
    the option; seats is [{seat, agent, base_share, variant_share, difference, ci95}],
    agents [{agent, base_share, variant_share, difference, ci95}] (an agent's share is
    its wins per seat-game); shares are in [0, 1], differences variant - base with the
    paired interval of :func:`paired_interval` (None with fewer than 2 games); turns is
    {base_mean, variant_mean, difference, ci95}; changed_winner counts the pairs whose
    winner sets differ; players_win (a co-operative game, records with
    ``extra["cooperative"]``; else None) is {base_share, variant_share, difference, ci95}
    of the games the players won together; the summaries are :func:`tokyo.sim.summarise` of each run.
    Raises OptionError for an unknown game, option, value, agent or player count, or a
    variant value equal to the base value; SimulationInterrupted on Ctrl-C (from
    :func:`run_games`).
    """
    base_options, variant_options = variant_pair(game_id, players, options, key, value)
    specs = expand_agents(agents, load_game(game_id, players, **base_options).num_players)
    base = run_games(game_id, players, games, seed, specs, workers=workers, options=base_options,
                     progress_callback=progress_callback, backend=backend, address=address)
    variant = run_games(game_id, players, games, seed, specs, workers=workers, options=variant_options,
                        progress_callback=progress_callback, backend=backend, address=address)
    for b, v in zip(base, variant):
        if b.seed != v.seed:  # run_games seeds game i the same way in both runs
            raise RuntimeError(f"unpaired games: seeds {b.seed} and {v.seed}")

    seats = []
    for s in range(len(specs)):   # every seat, the Crisis Format's opponent seat included
        row = _row([_wins(r, [s]) for r in base], [_wins(r, [s]) for r in variant])
        seats.append({"seat": s, "agent": specs[s], **row})
    by_agent: dict[str, list[int]] = {}
    for s, spec in enumerate(specs):
        by_agent.setdefault(spec, []).append(s)
    agent_rows = [{"agent": spec, **_row([_wins(r, ss) for r in base], [_wins(r, ss) for r in variant])}
                  for spec, ss in by_agent.items()]
    tb, tv = [r.turns for r in base], [r.turns for r in variant]
    d_turns = [v - b for b, v in zip(tb, tv)]
    turns = {"base_mean": _mean(tb), "variant_mean": _mean(tv), "difference": _mean(d_turns),
             "ci95": paired_interval(d_turns)}
    changed = sum(set(b.winners) != set(v.winners) for b, v in zip(base, variant))
    team = None
    if base and all((r.extra or {}).get("cooperative") for r in base + variant):
        # the players are one side (the Crisis Format): did they win the pair's games together?
        def together(rec):
            return float(any(w < players for w in rec.winners))
        team = _row([together(r) for r in base], [together(r) for r in variant])

    def summary(records, opts):
        s = summarise(records)
        s.update(game=game_id, players=players, seed=seed, agents=specs, options=opts)
        return s

    return {"compare": {
        "option": key, "base": base_options[key], "variant": variant_options[key], "games": len(base),
        "seats": seats, "agents": agent_rows, "turns": turns, "changed_winner": changed, "players_win": team,
        "base_summary": summary(base, base_options), "variant_summary": summary(variant, variant_options),
    }}
