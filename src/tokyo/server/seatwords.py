"""How a person reads a seat, everywhere: the lobby, the game page (its panels, its log,
its header), the room lists and the players' statistics.

One scheme: the name the game gives the seat when it gives one (a monster, a faction),
then ``seat N`` numbered from 1, then who sits there: ``(bot: heuristic)`` for a bot, the
person's name in brackets (nothing for a person who gave none). ``seat_label`` is the one
source: the server sends it as each seat's ``label`` and the browser (common.js
``seatLabel``) only puts the game's name in front of it.

    seat 1 (Ann)            seat 2 (bot: heuristic)        The King, seat 2 (bot: heuristic)
"""

from __future__ import annotations


def _given(kind: str, agent: str | None, name: str | None) -> str | None:
    """A name the creator typed for the seat (not the server's default ones)."""
    name = " ".join((name or "").split())
    if not name or (kind == "bot" and name == f"{agent} bot"):
        return None
    return name


def seat_label(index: int, kind: str, agent: str | None = None, name: str | None = None,
               game_name: str | None = None) -> str:
    """The words for seat ``index`` (from 0): ``seat 2 (bot: heuristic)``, ``seat 1 (Ann)``,
    ``seat 1``; with ``game_name`` in front: ``The King, seat 2 (bot: heuristic)``."""
    given = _given(kind, agent, name)
    if kind == "bot":
        bot = f"bot: {(agent or 'bot').split(':')[0]}"
        who = f" ({given}, {bot})" if given else f" ({bot})"
    else:
        who = f" ({given})" if given else ""
    base = f"seat {index + 1}{who}"
    return f"{game_name}, {base}" if game_name else base


def seat_labels(seats, game_names: list[str | None] | None = None) -> list[str]:
    """``seat_label`` of every seat of a room (records with ``kind``, ``agent``, ``name``),
    with the game's names per seat when given."""
    names = game_names or []
    return [seat_label(i, s.kind, s.agent, s.name, names[i] if i < len(names) else None)
            for i, s in enumerate(seats)]
