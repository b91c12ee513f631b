"""Build a Crisis: Tokyo position directly, for tests and analysis.

Example (the rulebook's example of play, Manuel's turn)::

    game = tokyo.load_game("crisis-tokyo", players=4)
    state = build_position(game,
        hands=[["master-of-the-eagles-claw"], [], ["dimensional-portal"], []],
        reserves=[[], [], [{"card": "retiring-in-two-days-cop"}], []],
        tokyo=["harajuku", ...], active=0, actions_left=2)

Arguments:
- ``hands``: card ids per seat.
- ``reserves``: per seat, Heroes in the Reserve as dicts: ``card`` (a Character id),
  optional ``wild`` (power of its wildcard spheres), ``mods`` ({power: n}), ``gifts``
  (list of ``[event id, half]``), ``talent_used`` (bool: used a Talent this turn).
- ``districts``: levelled District ids per seat. ``tokyo``: District ids in play
  (default: the first five of the deck not used elsewhere).
- ``plot``: ``[event id, half]`` or None. ``discards``: {"character"|"event": [ids]}.
- ``active``, ``actions_left``, ``turn`` (turns played so far, default 10),
  ``first_turn_done`` (default: every seat has had a turn), ``defended`` (seats).
The state starts at the ``active`` player's action decision. Every card not placed
stays in its deck. Raises ValueError for unknown or twice-used cards.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from .state import CrisisState

if TYPE_CHECKING:
    from .game import CrisisTokyoGame


def build_position(game: CrisisTokyoGame, hands: Sequence[Sequence[str]] | None = None,
                   reserves: Sequence[Sequence[dict[str, Any]]] | None = None,
                   districts: Sequence[Sequence[str]] | None = None, tokyo: Sequence[str] | None = None,
                   plot: Sequence[str] | None = None, discards: dict[str, Sequence[str]] | None = None,
                   active: int = 0, actions_left: int = 2, turn: int = 10,
                   first_turn_done: Sequence[bool] | None = None, defended: Iterable[int] = ()) -> CrisisState:
    n = game.num_players
    if not 0 <= active < n:
        raise ValueError(f"active must be a seat from 0 to {n - 1}, not {active}")
    state: CrisisState = game._new_blank_state()

    def kind_of(cid: str) -> str:
        for kind in ("character", "event", "district"):
            if cid in game.cards[kind]:
                return kind
        raise ValueError(f"unknown card {cid!r}")

    def take(cid: str, want: str | None = None) -> str:
        kind = kind_of(cid)
        if want and kind != want:
            raise ValueError(f"{cid!r} is a {kind} card, not a {want} card")
        if state.decks[kind].get(cid, 0) <= 0:
            raise ValueError(f"card {cid!r} is used twice")
        state.decks[kind][cid] -= 1
        return kind

    for seat, hand in enumerate(hands or []):
        for cid in hand:
            if take(cid) == "district":
                raise ValueError(f"a District ({cid!r}) cannot be in a hand")
            state.hands[seat].append(cid)
    for seat, res in enumerate(reserves or []):
        for spec in res:
            take(spec["card"], "character")
            inst = state.new_instance(spec["card"], "hero", seat)
            inst["wild"] = spec.get("wild")
            inst["mods"] = dict(spec.get("mods", {}))
            for ecid, which in spec.get("gifts", []):
                take(ecid, "event")
                inst["gifts"].append({"card": ecid, "half": which})
            if spec.get("talent_used"):
                inst["talent_turn"] = turn
            state.reserves[seat].append(inst)
    for seat, ds in enumerate(districts or []):
        for did in ds:
            take(did, "district")
            state.districts[seat].append(did)
    if tokyo is None:
        tokyo = [d for d, k in state.decks["district"].items() if k][:5]
    for did in tokyo:
        take(did, "district")
        state.tokyo.append(did)
    if plot is not None:
        take(plot[0], "event")
        state.plot = {"card": plot[0], "half": plot[1]}
    for kind, ids in (discards or {}).items():
        for cid in ids:
            take(cid, kind)
            state.discards[kind].append(cid)
    for kind in ("character", "event"):
        state.reform_deck(kind)  # a deck is never empty while its pile holds cards (C9)
    state.active = active
    state.turn_count = turn
    state.actions_left = actions_left
    state.had_turn = [True] * n if first_turn_done is None else list(first_turn_done)
    state.defended = list(defended)
    state.stack = [["action"]]
    state._run()
    return state
