"""Helpers for the kot-dark rulebook tests (test_rules_*.py, test_worked_examples.py, test_rulings.py).

Chance is always forced by applying outcome texts ("roll c", "reveal energize",
"claws 3", "side red"), so every test is deterministic.
"""

from __future__ import annotations

import tokyo
from tokyo.games.kingoftokyo.engine import BAY, CITY, OUT
from tokyo.games.kingoftokyo.position import build_position

__all__ = ["BAY", "CITY", "OUT", "game", "position", "roll", "take_turn", "play_buy_end", "node_kind",
           "texts", "hearts", "stars", "energy", "locations", "CHEAP_FREE_MARKET", "pos", "play", "kind",
           "resolve"]

# A market no monster with less than 7 energy can buy from (energize 8, frenzy 7, extra-head 7).
CHEAP_FREE_MARKET = ["energize", "frenzy", "extra-head"]


def game(players: int = 4, **options):
    """A kot-dark game; ``monsters`` may be given as "gigazaur,kraken,..."."""
    return tokyo.load_game("kot-dark", players=players, **options)


def position(players: int = 4, monsters=None, *, options=None, **kwargs):
    """build_position on a fresh game; the market defaults to CHEAP_FREE_MARKET."""
    kwargs.setdefault("market", CHEAP_FREE_MARKET)
    return build_position(game(players, **(options or {})), monsters, **kwargs)


def node_kind(state) -> str | None:
    return None if state.node is None else state.node[2]


def texts(state) -> list[str]:
    return [e.text for e in state.log]


def roll(state, faces: str) -> None:
    """Force the dice of the pending roll, one "roll <face>" outcome per die."""
    for f in faces.split():
        assert node_kind(state) == "die", f"expected a die chance node, got {state.node}"
        state.apply_action("roll " + f)


def play_buy_end(state) -> None:
    """Decline the Buy step if it is offered."""
    if node_kind(state) == "buy":
        state.apply_action("end")


def take_turn(state, faces: str, order=("numbers", "hearts", "energy", "smash"), yields=None) -> None:
    """Roll ``faces`` once, stop, resolve in ``order``, answer yield questions from
    ``yields`` (seat -> "yield"/"stay"), decline buying. Stops at the next turn's first
    roll or at any other unexpected decision."""
    yields = dict(yields or {})
    roll(state, faces)
    if node_kind(state) == "roll":
        state.apply_action("stop")
    while True:
        kind = node_kind(state)
        if kind == "resolve":
            legal = state.legal_texts()
            choice = next(f"resolve {c}" for c in order if f"resolve {c}" in legal)
            state.apply_action(choice)
        elif kind == "yield":
            state.apply_action(yields.pop(state.node[1]), seat=state.node[1])
        elif kind == "buy":
            state.apply_action("end")
        else:
            return


def hearts(state) -> list[int]:
    return [m.hearts for m in state.monsters]


def stars(state) -> list[int]:
    return [m.stars for m in state.monsters]


def energy(state) -> list[int]:
    return [m.energy for m in state.monsters]


def locations(state) -> list[int]:
    return [m.location for m in state.monsters]


# ----- shared by the card and tile tests (test_cards_*.py, test_tiles.py) ----------------------
def pos(monsters, players=4, options=None, **kw):
    """build_position on a fresh kot-dark game (the market defaults to the deck's first cards)."""
    return build_position(game(players, **(options or {})), monsters=monsters, **kw)


def play(state, *actions):
    """Apply each action or chance outcome text in turn; returns the state."""
    for t in actions:
        state.apply_action(t)
    return state


def kind(state):
    """The pending node: 'chance:die', 'decision:buy', 'card:wings', 'card-die:camouflage', ..."""
    node = state.node
    if node is None:
        return "terminal"
    if node[2] in ("card", "card-die"):
        return f"{node[2]}:{node[3]['name']}"
    return f"{node[0]}:{node[2]}"


def resolve(state, *categories):
    """Resolve ``categories`` in order while the active monster has a choice: when one
    category is left it resolves by itself (no decision node), so it is skipped here."""
    for c in categories:
        if kind(state) == "decision:resolve":
            state.apply_action(f"resolve {c}")
    return state
