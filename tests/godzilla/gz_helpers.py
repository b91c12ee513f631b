"""Helpers for the kot-godzilla tests: chance is always forced by outcome texts."""

from __future__ import annotations

import tokyo
from tokyo.games.kingoftokyo.position import build_position

# a market no monster with less than 4 Energy can buy from, and no Event in it
DEAR_MARKET = ["atomic-surge", "supercomputer", "radiation-aura"]


def game(players: int = 4, **options):
    return tokyo.load_game("kot-godzilla", players=players, **options)


def pos(monsters=None, players=4, options=None, **kw):
    kw.setdefault("market", DEAR_MARKET)
    return build_position(game(players, **(options or {})), monsters, **kw)


def kind(state):
    node = state.node
    return "terminal" if node is None else node[2]


def play(state, *texts):
    for t in texts:
        state.apply_action(t)
    return state


def roll(state, faces: str):
    for f in faces.split():
        assert kind(state) == "die", state.node
        state.apply_action("roll " + f)


def take_turn(state, faces: str, order=("numbers", "hearts", "energy", "smash"), answers=None):
    """Roll ``faces`` once and stop, resolve in ``order``, answer flee questions from
    ``answers`` (seat -> "stay"/"flee"), decline buying. Stops at the next die node or any
    other decision."""
    answers = dict(answers or {})
    roll(state, faces)
    if kind(state) == "roll":
        state.apply_action("stop")
    while True:
        k = kind(state)
        if k == "resolve":
            legal = state.legal_texts()
            state.apply_action(next(f"resolve {c}" for c in order if f"resolve {c}" in legal))
        elif k == "yield":
            state.apply_action(answers.pop(state.node[1]), seat=state.node[1])
        elif k == "buy":
            state.apply_action("end")
        else:
            return


def texts(state):
    return [e.text for e in state.log]


def hearts(state):
    return [m.hearts for m in state.monsters]


def stars(state):
    return [m.stars for m in state.monsters]


def energy(state):
    return [m.energy for m in state.monsters]


def locations(state):
    return [m.location for m in state.monsters]


def setup(players=4, reveals=tuple(DEAR_MARKET), **options):
    """A new game through its market reveals (forced) up to the first-player roll-off."""
    state = game(players, **options).new_initial_state()
    for cid in reveals:
        assert kind(state) == "reveal", state.node
        state.apply_action(f"reveal {cid}")
    return state


def finish(state, order=("numbers", "hearts", "energy", "smash"), answers=None):
    """Go on from a resolve decision: resolve in ``order``, answer flee questions from
    ``answers`` (default: stay), decline buying; stop at the next die or other decision."""
    answers = dict(answers or {})
    while True:
        k = kind(state)
        if k == "resolve":
            legal = state.legal_texts()
            state.apply_action(next(f"resolve {c}" for c in order if f"resolve {c}" in legal))
        elif k == "yield":
            state.apply_action(answers.pop(state.node[1], "stay"), seat=state.node[1])
        elif k == "buy":
            state.apply_action("end")
        else:
            return state


def card(cid: str):
    """The rule marker of a card or Evolution test: ``@card("atomic-surge")``."""
    import pytest
    return pytest.mark.rule(f"kot-godzilla card:{cid}")
