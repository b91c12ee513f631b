"""Statistics over finished games: Wilson intervals and the ``tokyo simulate`` summary."""

from __future__ import annotations

import math
from collections import Counter
from typing import Iterable, Sequence

from ..core.runner import GameRecord

Z95 = 1.959963984540054
"""The 97.5% quantile of the standard normal distribution (two-sided 95%)."""


def wilson(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for a proportion (95% by default).

    Returns (low, high) within [0, 1]; (0.0, 1.0) when there are no trials.
    """
    if trials <= 0:
        return (0.0, 1.0)
    if not 0 <= successes <= trials:
        raise ValueError(f"successes must be within 0..{trials}, not {successes}")
    p = successes / trials
    z2 = z * z
    denom = 1.0 + z2 / trials
    centre = (p + z2 / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def _rate(wins: int, trials: int) -> dict:
    lo, hi = wilson(wins, trials)
    return {"wins": wins, "share": (wins / trials) if trials else 0.0, "ci95": [lo, hi]}


def summarise(records: Sequence[GameRecord] | Iterable[GameRecord]) -> dict:
    """Summary of a list of game records (all of one game and player count).

    Keys: game, players, options, agents (spec per seat, from the first record), games,
    wins_by_seat (list of {seat, agent, wins, share, ci95}), wins_by_agent (list of
    {agent, seats, seat_games, wins, share, ci95}: an agent in several seats pools
    them, its share is wins per seat-game), no_winner (games nobody won),
    shared_wins (games with more than one winner), mean_turns (None if no game),
    min_turns, max_turns, and win_by ({value: {games, share}} counted over the games
    with a winner whose record says how: ``extra["win_by"]``).
    """
    records = list(records)
    games = len(records)
    first = records[0] if records else None
    players = first.players if first else 0
    agents = list(first.agents) if first else []

    seat_wins = [0] * players
    agent_wins: Counter = Counter()
    agent_seat_games: Counter = Counter()
    agent_seats: dict[str, set[int]] = {}
    win_by: Counter = Counter()
    no_winner = shared = 0
    turns = []
    for rec in records:
        if rec.players != players:
            raise ValueError(f"records mix player counts: {players} and {rec.players}")
        for seat, spec in enumerate(rec.agents):
            agent_seat_games[spec] += 1
            agent_seats.setdefault(spec, set()).add(seat)
        for seat in rec.winners:
            seat_wins[seat] += 1
            agent_wins[rec.agents[seat]] += 1
        if not rec.winners:
            no_winner += 1
        elif len(rec.winners) > 1:
            shared += 1
        how = (rec.extra or {}).get("win_by")
        if rec.winners and how not in (None, ""):
            win_by[str(how)] += 1
        turns.append(rec.turns)

    decided = sum(win_by.values())
    return {
        "game": first.game_id if first else None,
        "players": players,
        "options": dict(first.options) if first else {},
        "agents": agents,
        "games": games,
        "wins_by_seat": [{"seat": s, "agent": agents[s] if s < len(agents) else None,
                          **_rate(seat_wins[s], games)} for s in range(players)],
        "wins_by_agent": [{"agent": spec, "seats": sorted(agent_seats[spec]),
                           "seat_games": agent_seat_games[spec],
                           **_rate(agent_wins[spec], agent_seat_games[spec])}
                          for spec in sorted(agent_seat_games, key=lambda a: (min(agent_seats[a]), a))],
        "no_winner": no_winner,
        "shared_wins": shared,
        "mean_turns": (sum(turns) / games) if games else None,
        "min_turns": min(turns) if turns else None,
        "max_turns": max(turns) if turns else None,
        "win_by": {how: {"games": n, "share": n / decided} for how, n in sorted(win_by.items())},
    }
