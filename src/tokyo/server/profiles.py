"""Players' statistics over the finished games of this server (``GET /api/players/{name}``
and the page ``/players/{name}``).

A player is a name typed in a person's seat (the lobby remembers it in the browser), matched
without regard to case or surrounding spaces; bots' seats never count. A seat won when its
return is above 0 (a shared win counts for each winner; in the Crisis Format the players win
or lose together). Labels are what the game records per seat at the end (the monster in King
of Tokyo, the faction in Storyline; ``labels`` of the stored game), so games finished before
the server kept them count in the totals but not by label.
"""

from __future__ import annotations

import re
from collections import defaultdict

from ..core import OptionError, game_info
from .optionwords import card_names
from .seatwords import seat_labels
from .store import Store

MAX_GAMES = 20_000   # the newest finished games read for one profile
RECENT = 20          # games listed on the page


def _key(name: str) -> str:
    return " ".join(name.split()).casefold()


def _share(wins: int, games: int) -> float | None:
    return wins / games if games else None


def _title(game_id: str) -> str:
    try:
        return game_info(game_id).title
    except OptionError:  # a game this version no longer has
        return game_id


def game_names(game_id: str, labels: dict | None) -> list[str | None]:
    """The name the game gave each seat (its first label that is a name: the monster in King
    of Tokyo, the faction in Storyline), from the stored labels (ids), or []."""
    for kind, per_seat in (labels or {}).items():
        if kind != "turn order" and isinstance(per_seat, list):
            names = card_names(game_id)
            return [None if x is None else label_name(names, str(x)) for x in per_seat]
    return []


def label_name(names: dict[str, str], label: str) -> str:
    """A stored label (an id) in the game's words: the catalogue's name (``the-king``: ``The
    King``; a faction's deck, ``concord``: ``Ironclad Concord``), the Crisis Format's extra
    seat as the game page says it (``the opponent``), else the id in words."""
    if label == "opponent":
        return "the opponent"
    return names.get(label) or label.replace("-", " ").capitalize()


OPPONENT_WON = re.compile(r"\bopponent wins\b")
"""The Crisis Format's result when its opponent won: it has no seat whose return says so."""


def winner_names(rec, names: list[str]) -> list[str]:
    """Who won a stored game, in words: the winning seats (``names``), or, when none won and
    the game's own result says so, ``the opponent`` (the Crisis Format's opponent); [] for a
    game nobody won."""
    returns = rec.returns or []
    won = [n for i, n in enumerate(names) if i < len(returns) and returns[i] > 0]
    if not won and rec.result and OPPONENT_WON.search(rec.result):
        return ["the opponent"]
    return won


def seat_names(seats, game_id: str | None = None, labels: dict | None = None) -> list[str]:
    """The words a person reads for each seat of a stored game (seatwords.seat_label): the
    game's name for it when the record keeps one, ``seat N`` from 1, the bot or the person."""
    return seat_labels(seats, game_names(game_id, labels) if game_id else None)


def player_summary(store: Store, name: str) -> dict:
    """The statistics of the player called ``name`` (1-40 characters after trimming; the
    caller checks): {name, games, wins, share, by_game: [{game, title, games, wins, share}],
    by_label: [{game, kind, label, name (the label in the game's words), games, wins, share}], recent: [{room, game, title,
    finished (Unix s), seat, won, result, players (every seat's name), winners (theirs, or
    ``the opponent`` when the Crisis Format's opponent won)}]}; shares in [0, 1] or None with no games. A
    seat-game is one seat held by that name in one finished game (the same name in two
    seats of one game counts twice)."""
    key = _key(name)
    games = wins = 0
    by_game: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    by_label: dict[tuple[str, str, str], list[int]] = defaultdict(lambda: [0, 0])
    recent = []
    for rec in store.games("finished", limit=MAX_GAMES):   # newest first
        returns = rec.returns or []
        for seat, s in enumerate(rec.seats):
            if s.kind != "human" or _key(s.name or "") != key:
                continue
            won = seat < len(returns) and returns[seat] > 0
            games += 1
            wins += won
            by_game[rec.game][0] += 1
            by_game[rec.game][1] += won
            for kind, per_seat in (rec.labels or {}).items():
                if isinstance(per_seat, list) and seat < len(per_seat) and per_seat[seat] is not None:
                    cell = by_label[(rec.game, str(kind), str(per_seat[seat]))]
                    cell[0] += 1
                    cell[1] += won
            if len(recent) < RECENT:
                names = seat_names(rec.seats, rec.game, rec.labels)
                recent.append({"room": rec.id, "game": rec.game, "title": _title(rec.game),
                               "finished": rec.finished, "seat": seat, "won": won, "result": rec.result,
                               "players": names,
                               "winners": winner_names(rec, names)})
    return {
        "name": " ".join(name.split()), "games": games, "wins": wins, "share": _share(wins, games),
        "by_game": [{"game": g, "title": _title(g), "games": n, "wins": w, "share": _share(w, n)}
                    for g, (n, w) in sorted(by_game.items(), key=lambda kv: (-kv[1][0], kv[0]))],
        "by_label": [{"game": g, "kind": k, "label": lab, "name": label_name(card_names(g), lab) if k != "turn order" else lab,
                      "games": n, "wins": w, "share": _share(w, n)}
                     for (g, k, lab), (n, w) in sorted(by_label.items(), key=lambda kv: (kv[0][0], -kv[1][0], kv[0][2]))],
        "recent": recent,
    }
