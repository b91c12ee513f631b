"""Build a Storyline position directly, for tests and analysis.

Example (seat 0's Scout on its Homeworld, about to attack seat 1's Tank)::

    game = StorylineGame(2, {"decks": "amber,basalt"}, cards=cards)
    state = build_position(game, map=[
        {"card": "amber-scout", "owner": 0, "place": "amber-home", "ready": True},
        {"card": "basalt-tank", "owner": 1, "damage": 2},
    ], hands=[["amber-supply"], []], treasury=[5, 3], active=0)

Arguments:
- ``map``: entries put onto the Map after the Homeworlds (which are always there, uids 1
  to N in seat order, unless ``homeworlds=False``), in timestamp order. An entry is a dict:
  ``card`` (id), ``owner`` (seat; -1: the Crisis Format opponent, a Crisis card), optional ``controller`` (default the owner), ``face``
  (``front``/``back``), ``damage``, ``ready`` (default False), ``counters`` ({type: n}),
  ``chapter`` (a Storyline face; default 1), ``place`` and ``host`` (a uid, or a card id
  naming the earliest entry with that card), ``band`` (an Epilogue's).
- ``hands``, ``discards``: card ids per seat. ``decks``: per seat, card id -> copies;
  default: what the seat's shipped deck holds minus the cards placed elsewhere.
- ``treasury``, ``story`` per seat; ``active``, ``turn`` (turns started, default 1),
  ``act`` (default 1), ``phase``: ``main`` (default: the active player's action
  decision), ``start`` (the active player's turn ``turn`` begins: its Admin Phase runs
  and the state stops at the Draw Phase's draw) or ``end`` (the End Phase's hand step).
Raises ValueError for an unknown card, a card placed more often than its deck holds,
or a seat out of range.
"""

from __future__ import annotations

from typing import Any, Sequence

from .game import StorylineGame
from .state import StorylineState


def build_position(game: StorylineGame, map: Sequence[dict[str, Any]] = (),
                   hands: Sequence[Sequence[str]] | None = None, discards: Sequence[Sequence[str]] | None = None,
                   decks: Sequence[dict[str, int] | None] | None = None, treasury: Sequence[int] | None = None,
                   story: Sequence[int] | None = None, active: int = 0, turn: int = 1, act: int = 1,
                   phase: str = "main", homeworlds: bool = True) -> StorylineState:
    n = game.n_players
    if not 0 <= active < n:
        raise ValueError(f"active must be a seat from 0 to {n - 1}, not {active}")
    state = game._new_blank_state()
    deck_ids = game.seat_decks or list(game.cards["decks"])[:n]
    for p, pl in enumerate(state.players):
        d = game.cards["decks"][deck_ids[p]]
        pl["deck_id"] = d["id"]
        pl["homeworld"] = d["homeworld"]
        pl["deck"] = dict(d["cards"])
        pl["treasury"] = 3 if treasury is None else treasury[p]
        pl["story"] = 0 if story is None else story[p]

    def take(p: int, cid: str) -> None:
        if cid not in game.cards["cards"]:
            raise ValueError(f"unknown card {cid!r}")
        if p < 0:
            return   # the Crisis Format's opponent (owner -1): a Crisis card, in no deck (22.1.3)
        pl = state.players[p]
        if cid == pl["homeworld"]:
            return
        if pl["deck"].get(cid, 0) <= 0:
            raise ValueError(f"seat {p} has no more copies of {cid!r} to place")
        pl["deck"][cid] -= 1

    if homeworlds:
        for p in range(n):
            state.enter(game.cards["decks"][deck_ids[p]]["homeworld"], p, p, ready=True)
    for spec in map:
        owner = spec["owner"]
        take(owner, spec["card"])
        crisis = owner < 0 or game.cards["cards"][spec["card"]]["set"] == "crisis"
        e = state.enter(spec["card"], owner, spec.get("controller", owner), ready=spec.get("ready", False),
                        token=game.cards["cards"][spec["card"]]["token"], crisis=crisis)
        e["face"] = spec.get("face", "front")
        e["damage"] = spec.get("damage", 0)
        e["counters"] = dict(spec.get("counters", {}))
        e["chapter"] = spec.get("chapter", 1) if state.is_storyline_face(e) else None
        e["band"] = spec.get("band")
        for key in ("place", "host"):
            ref = spec.get(key)
            if isinstance(ref, str):
                found = [x for x in state.map if x["card"] == ref]
                if not found:
                    raise ValueError(f"{key} {ref!r}: no such card on the Map")
                ref = found[0]["uid"]
            e[key] = ref
    for p, hand in enumerate(hands or []):
        for cid in hand:
            take(p, cid)
            state.players[p]["hand"].append(cid)
    for p, pile in enumerate(discards or []):
        for cid in pile:
            take(p, cid)
            state.players[p]["discard"].append(cid)
    for p, pl in enumerate(state.players):
        given = decks[p] if decks is not None else None
        if given is not None:
            pl["deck"] = dict(given)
        pl["deck"] = {c: k for c, k in sorted(pl["deck"].items()) if k}
    state.first = 0
    state.active = active
    state.turn_count = turn
    state.act = act
    if phase == "main":
        state.phase = "main"
        state._push(["main"])
    elif phase == "start":
        state.turn_count = turn - 1
        state._push(["turn-start", active])
    elif phase == "end":
        state.phase = "end"
        state._push(["hand-step"], ["cleanup"], ["lose-check"], ["turn-end"])
    else:
        raise ValueError(f"phase must be main, start or end, not {phase!r}")
    state._run()
    return state
