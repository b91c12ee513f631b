"""Helpers for the kot (base game) tests: chance is always forced by outcome texts."""

from __future__ import annotations

import tokyo
from tokyo.games.kingoftokyo.position import build_position

# a market no monster with less than 7 energy can buy from
DEAR_MARKET = ["energize", "frenzy", "extra-head"]


def game(players: int = 4, **options):
    return tokyo.load_game("kot", players=players, **options)


def pos(monsters=None, players=4, options=None, **kw):
    """build_position on a fresh kot game (market: DEAR_MARKET unless given)."""
    kw.setdefault("market", DEAR_MARKET)
    return build_position(game(players, **(options or {})), monsters, **kw)


def play(state, *texts):
    for t in texts:
        state.apply_action(t)
    return state


def kind(state):
    """'chance:die', 'decision:buy', 'card:mimic', 'card-die:camouflage', 'terminal'."""
    node = state.node
    if node is None:
        return "terminal"
    if node[2] in ("card", "card-die"):
        return f"{node[2]}:{node[3]['name']}"
    return f"{node[0]}:{node[2]}"


def roll(state, faces: str):
    for f in faces.split():
        assert kind(state) == "chance:die", state.node
        state.apply_action("roll " + f)


def resolve(state, *categories):
    for c in categories:
        if kind(state) == "decision:resolve":
            state.apply_action(f"resolve {c}")
    return state


def texts(state):
    return [e.text for e in state.log]


def stars(state):
    return [m.stars for m in state.monsters]


def hearts(state):
    return [m.hearts for m in state.monsters]


def energy(state):
    return [m.energy for m in state.monsters]
