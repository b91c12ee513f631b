"""Statistics over finished games: Wilson intervals, Newcombe's interval for a
difference of two shares, and the ``tokyo simulate`` summary.

Shares are fractions in [0, 1]. A game with several winners counts as a win for each.
"""

from __future__ import annotations

import math
from collections import Counter
from typing import Iterable, Sequence

import numpy as np

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
    # at 0 (or all) successes the bound is exactly 0 (1); rounding would leave 1e-17
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == trials else min(1.0, centre + half)
    return (low, high)


def newcombe(wins1: int, trials1: int, wins2: int, trials2: int, z: float = Z95) -> tuple[float, float]:
    """Newcombe's hybrid score interval (his method 10) for the difference of two
    independent shares, wins1/trials1 - wins2/trials2 (95% by default).

    Each share gets its Wilson interval (l1, u1) and (l2, u2); with d = p1 - p2 the
    interval is (d - sqrt((p1 - l1)^2 + (u2 - p2)^2), d + sqrt((u1 - p1)^2 + (p2 - l2)^2)).
    Returns (low, high) within [-1, 1]. Raises ValueError if a side has no trials or
    its wins are not within 0..trials.
    """
    if trials1 <= 0 or trials2 <= 0:
        raise ValueError(f"both sides need trials, not {trials1} and {trials2}")
    p1, p2 = wins1 / trials1, wins2 / trials2
    l1, u1 = wilson(wins1, trials1, z)
    l2, u2 = wilson(wins2, trials2, z)
    d = p1 - p2
    low = d - math.sqrt((p1 - l1) ** 2 + (u2 - p2) ** 2)
    high = d + math.sqrt((u1 - p1) ** 2 + (p2 - l2) ** 2)
    return (max(-1.0, low), min(1.0, high))


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
    with a winner whose record says how: ``extra["win_by"]``; in a co-operative game over
    every game that says how, since its opponent may have no seat); and:

    - turns: game length in turns, see :func:`turn_stats`;
    - wins_by_label: wins by the labels of ``extra["labels"]``, see :func:`label_stats`;
    - cards: wins with and without each card of ``extra["cards"]``, see :func:`card_stats`
      (None when no record has card data);
    - card_groups: the same for each further card family of ``extra["card_groups"]``,
      {name: {verb, rows}}, see :func:`card_group_stats`; the key is left out when no
      record has a group, so such records summarise as they did before groups existed;
    - cooperative and players_win ({wins, share, ci95}: games the players won together),
      only when every record's ``extra["cooperative"]`` is true (the Crisis Format).

    Raises ValueError if the records mix player counts.
    """
    records = list(records)
    games = len(records)
    first = records[0] if records else None
    players = first.players if first else 0
    seats = len(first.agents) if first else 0   # more than players where a game adds a seat
    agents = list(first.agents) if first else []

    seat_wins = [0] * seats
    agent_wins: Counter = Counter()
    agent_seat_games: Counter = Counter()
    agent_seats: dict[str, set[int]] = {}
    win_by: Counter = Counter()
    no_winner = shared = team_wins = 0
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
        coop = bool((rec.extra or {}).get("cooperative"))
        if (rec.winners or coop) and how not in (None, ""):
            win_by[str(how)] += 1   # a co-operative game may be won by a side with no seat
        if coop and any(seat < rec.players for seat in rec.winners):
            team_wins += 1
        turns.append(rec.turns)

    decided = sum(win_by.values())
    summary = {
        "game": first.game_id if first else None,
        "players": players,
        "options": dict(first.options) if first else {},
        "agents": agents,
        "games": games,
        "wins_by_seat": [{"seat": s, "agent": agents[s] if s < len(agents) else None,
                          **_rate(seat_wins[s], games)} for s in range(seats)],
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
        "turns": turn_stats(turns),
        "wins_by_label": label_stats(records),
        "cards": card_stats(records),
    }
    if records and all((r.extra or {}).get("cooperative") for r in records):
        # the players are one side (extra["cooperative"]): their shared win rate is the figure
        summary["cooperative"] = True
        summary["players_win"] = _rate(team_wins, games)
    groups = card_group_stats(records)
    if groups:  # only then: a summary of records without groups is as it always was
        summary["card_groups"] = groups
    return summary


# How a co-operative game (the Crisis Format) ends, in words: its ``win_by`` values are
# counted over every game, and some of them are draws, not wins.
COOP_ENDINGS = {"players": "the players win", "opponent": "the opponent wins",
                "last-act": "a draw at the end of the last Act", "loop": "a draw (an endless loop)"}
# the ``win_by`` values that are draws: nobody won, not even a side with no seat
DRAWS = ("last-act", "loop")


def count_unit(cards: dict) -> str:
    """What the counts of a card family (``cards`` or one of ``card_groups``) are of:
    "games" when it is marked ``"unit": "game"`` (one seat per game holds the group: the
    Crises), else "seat-games"."""
    return "games" if cards.get("unit") == "game" else "seat-games"


def endings(summary: dict) -> dict:
    """The summary's ``win_by`` in words that are true for every game counted.

    Returns {ended: True if the counts are of how games ended (draws included), not only
    of wins; of_all: True if every game of the batch is counted; counted: games counted;
    items: [(words, {games, share})] largest share first}. A co-operative summary counts
    every game that says how it ended, and names draws as draws; any other counts only the
    games with a winner, each by how it was won."""
    win_by = summary.get("win_by") or {}
    coop = bool(summary.get("cooperative"))
    counted = sum(v.get("games", 0) for v in win_by.values() if isinstance(v.get("games"), int))
    items = sorted(win_by.items(), key=lambda kv: -kv[1]["share"])
    return {"ended": coop, "of_all": bool(summary.get("games")) and counted == summary.get("games"),
            "counted": counted,
            "items": [((COOP_ENDINGS.get(how, how) if coop else how), v) for how, v in items]}


def turn_stats(turns: Sequence[int]) -> dict:
    """The distribution of game lengths (in turns, one number per game).

    Returns {mean, median, min, max, p10, p90, histogram}: p10/p90 (and the median) are
    percentiles interpolated linearly between the sorted lengths (numpy's default);
    histogram is [{"turns": t, "games": n}, ...] for every length seen, by t. Every
    value is None (histogram empty) when there is no game.
    """
    if len(turns) == 0:
        return {"mean": None, "median": None, "min": None, "max": None, "p10": None, "p90": None,
                "histogram": []}
    arr = np.asarray(turns, dtype=float)
    p10, median, p90 = (float(x) for x in np.percentile(arr, [10, 50, 90]))
    counts = Counter(int(t) for t in turns)
    return {"mean": float(arr.mean()), "median": median, "min": int(min(turns)), "max": int(max(turns)),
            "p10": p10, "p90": p90,
            "histogram": [{"turns": t, "games": n} for t, n in sorted(counts.items())]}


def label_stats(records: Sequence[GameRecord]) -> dict:
    """Wins by seat label, for each kind of label the records give (``extra["labels"]``,
    e.g. {"monster": [label per seat]}).

    Returns {kind: [{"label", "seat_games", "wins", "share", "ci95", "agents"}, ...] by
    label}: seat_games counts the seats that had the label over the records that give that
    kind, wins those seats among the winners; share is wins / seat_games with its Wilson
    95% interval; agents counts the seat-games of each agent spec that had the label (a
    label always played by one agent cannot be told apart from that agent). An empty dict
    when no record has labels. Raises ValueError if a record's label list does not have
    one label per seat.
    """
    seat_games: dict[str, Counter] = {}
    wins: dict[str, Counter] = {}
    agents: dict[tuple[str, str], Counter] = {}
    for rec in records:
        labels = (rec.extra or {}).get("labels") or {}
        for kind, per_seat in labels.items():
            if len(per_seat) != len(rec.agents):
                raise ValueError(f"labels {kind!r} give {len(per_seat)} labels for {len(rec.agents)} seats")
            games, won = seat_games.setdefault(kind, Counter()), wins.setdefault(kind, Counter())
            for seat, label in enumerate(per_seat):
                games[str(label)] += 1
                agents.setdefault((kind, str(label)), Counter())[str(rec.agents[seat])] += 1
                if seat in rec.winners:
                    won[str(label)] += 1
    return {kind: [{"label": label, "seat_games": games[label], **_rate(wins[kind][label], games[label]),
                    "agents": dict(sorted(agents[(kind, label)].items()))}
                   for label in sorted(games)]
            for kind, games in sorted(seat_games.items())}


def _side(wins: int, seat_games: int) -> dict:
    return {"seat_games": seat_games, **_rate(wins, seat_games)}


def card_stats(records: Sequence[GameRecord]) -> dict | None:
    """How seats that used a card fared against seats that did not (``extra["cards"]``:
    per seat, the cards it used; ``extra["cards_verb"]``: "bought" or "played").

    Only records with card data count. A seat-game (one seat in one game) is "with" a
    card if that seat used it in that game, else "without". Returns None when no record
    has card data, else {"verb", "rows"}; a row is {"card", "with", "without", "lift",
    "difference", "difference_ci95"}: with/without are {seat_games, wins, share, ci95}
    (Wilson 95%), difference = share_with - share_without with Newcombe's hybrid score
    95% interval (:func:`newcombe`), lift = share_with / share_without (None if
    share_without is 0). difference and its interval are None when a side has no
    seat-games. Rows are sorted by difference, largest first (None last), then by card.
    Raises ValueError if a record's card list does not have one entry per seat.
    """
    def family(rec: GameRecord):
        extra = rec.extra or {}
        return extra.get("cards"), extra.get("cards_verb")
    return _family_stats(records, family, "cards")


def card_group_stats(records: Sequence[GameRecord]) -> dict:
    """The statistics of :func:`card_stats` for each further card family a game gives in
    ``extra["card_groups"]`` ({name: {"verb": "played", "cards": [ids per seat]}}, e.g.
    King of Tokyo: Godzilla's Evolutions next to its Energy cards in ``cards``).

    Returns {name: {"verb", "rows"}} by name, rows as in :func:`card_stats`, and
    ``"unit": "game"`` when every record gives the group to one seat only (the Crisis
    Format's Crises, faced by the players together): its ``seat_games`` then count games;
    each group
    counted over the records that give it; an empty dict when no record has a group.
    Raises ValueError if a group is not {verb, cards} or its card list does not have
    one entry per seat.
    """
    names: set[str] = set()
    for rec in records:
        groups = (rec.extra or {}).get("card_groups") or {}
        if not isinstance(groups, dict):
            raise ValueError(f"card_groups should be an object {{name: {{verb, cards}}}}, not "
                             f"{type(groups).__name__}")
        for name, group in groups.items():
            if not isinstance(group, dict):
                raise ValueError(f"card_groups[{name!r}] should be an object {{verb, cards}}, not "
                                 f"{type(group).__name__}")
            names.add(str(name))

    def family_of(name: str):
        def family(rec: GameRecord):
            group = ((rec.extra or {}).get("card_groups") or {}).get(name)
            if group is None:
                return None, None
            if not isinstance(group.get("cards"), list):
                raise ValueError(f"card_groups[{name!r}] has no list 'cards' (ids per seat)")
            return group["cards"], group.get("verb")
        return family
    out = {}
    for name in sorted(names):
        stats = _family_stats(records, family_of(name), f"card_groups[{name!r}].cards")
        if stats is not None:
            out[name] = stats
    return out


def _family_stats(records: Sequence[GameRecord], family, what: str) -> dict | None:
    """:func:`card_stats` of one card family: ``family(record)`` gives (per-seat card lists
    or None, verb or None); ``what`` names the family in errors."""
    verb = None
    total_games = total_wins = 0
    one_per_game = True   # every record counts at most one seat (the Crisis Format's Crises)
    with_games: Counter = Counter()
    with_wins: Counter = Counter()
    for rec in records:
        per_seat, rec_verb = family(rec)
        if per_seat is None:
            continue
        if len(per_seat) != len(rec.agents):
            raise ValueError(f"{what} give {len(per_seat)} lists for {len(rec.agents)} seats")
        verb = verb or rec_verb or "used"
        # a seat whose list is None has no cards to use (the Crisis Format's opponent seat):
        # it counts neither with nor without any card
        holders = [seat for seat, cards in enumerate(per_seat) if cards is not None]
        total_games += len(holders)
        one_per_game = one_per_game and len(holders) <= 1
        total_wins += len(set(rec.winners) & set(holders))
        for seat in holders:
            cards = per_seat[seat]
            won = seat in rec.winners
            for card in set(cards):
                with_games[card] += 1
                with_wins[card] += won
    if verb is None:
        return None
    rows = []
    for card in with_games:
        n1, k1 = with_games[card], with_wins[card]
        n2, k2 = total_games - n1, total_wins - k1
        a, b = _side(k1, n1), _side(k2, n2)
        if n2 > 0:
            diff, ci = a["share"] - b["share"], list(newcombe(k1, n1, k2, n2))
        else:
            diff, ci = None, None
        lift = a["share"] / b["share"] if n2 > 0 and b["share"] > 0 else None
        rows.append({"card": card, "with": a, "without": b, "lift": lift, "difference": diff,
                     "difference_ci95": ci})
    rows.sort(key=lambda r: (r["difference"] is None, -(r["difference"] or 0.0), r["card"]))
    out = {"verb": verb, "rows": rows}
    if one_per_game and len(records) and any(len(r.agents) > 1 for r in records):
        out["unit"] = "game"   # the counts are of games, not seat-games (left out otherwise)
    return out
