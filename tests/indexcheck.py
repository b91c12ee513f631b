"""Checks of a game's action indices and observation tensors (docs/notation.md, "Action
indices"), shared by the kernel's tests and each game's.

:func:`check_random_games` plays random games through the index interface and checks, at
every node: the legal indices are as many as the legal texts and all different; the mask
has the game's size and is 1 exactly at them; every legal text round-trips (text -> index
-> text); an index no legal action has is refused; at decisions, every seat's tensor has
the announced size and finite values; and every ``resample_every`` decisions, the acting
seat's tensor is the same on states resampled for that seat (states it cannot tell
apart), so the tensor cannot carry what the seat may not know.
"""

from __future__ import annotations

import math
import random

import pytest

from tokyo import IllegalActionError, load_game


def check_node(state, rng: random.Random, check_tensors: bool, resample: bool) -> None:
    game = state.game
    legal = state.legal_texts()
    chance = state.is_chance_node()
    indices = state.legal_action_indices()
    assert len(indices) == len(legal) == len(set(indices)), (legal, indices)
    assert indices == sorted(indices)
    size = game.max_chance_outcomes() if chance else game.num_distinct_actions()
    mask = state.legal_action_mask()
    assert len(mask) == size
    assert [i for i, bit in enumerate(mask) if bit] == indices
    assert all(bit in (0, 1) for bit in mask)
    for text in legal:
        i = state.action_to_index(text)
        assert 0 <= i < size, (text, i, size)
        assert state.index_to_action(i) == text
    free = [i for i in range(size) if not mask[i]]
    if free:
        with pytest.raises(IllegalActionError):
            state.index_to_action(rng.choice(free))
    if chance or not check_tensors:
        return
    n = game.observation_tensor_size()
    for seat in range(game.num_players):
        tensor = state.observation_tensor(seat)
        assert len(tensor) == n, (seat, len(tensor), n)
        assert all(isinstance(x, float) and math.isfinite(x) for x in tensor), seat
    if resample:
        seat = state.current_player()
        mine = state.observation_tensor(seat)
        for k in range(2):
            other = state.resample(seat, random.Random(rng.random()))
            assert other.observation_tensor(seat) == mine, f"seat {seat}'s tensor differs on a resampled state"


def check_random_games(game_id: str, players: int, games: int, seed: int = 0, options: dict | None = None,
                       tensors_every: int = 1, resample_every: int = 25, max_steps: int = 20_000) -> int:
    """Play ``games`` random games through ``apply_index``, checking every node (tensors
    at every ``tensors_every``-th decision). Returns the number of nodes checked."""
    game = load_game(game_id, players, **(options or {}))
    sizes = [shape for _, shape in game.observation_pieces()]
    assert all(isinstance(d, int) and d > 0 for shape in sizes for d in shape), sizes
    names = [name for name, _ in game.observation_pieces()]
    assert len(names) == len(set(names)), names
    nodes = 0
    for g in range(games):
        rng = random.Random(seed * 100_003 + g)
        state = game.new_initial_state()
        state.set_quiet()
        decisions = 0
        for _ in range(max_steps):
            if state.is_terminal():
                break
            chance = state.is_chance_node()
            if not chance:
                decisions += 1
            check_node(state, rng, check_tensors=not chance and decisions % tensors_every == 0,
                       resample=not chance and decisions % resample_every == 0)
            nodes += 1
            if chance:
                outcomes = state.chance_outcomes()
                text = rng.choices([a.text for a, _ in outcomes], [p for _, p in outcomes])[0]
            else:
                text = rng.choice(state.legal_texts())
            state.apply_index(state.action_to_index(text))
        assert state.is_terminal(), f"{game_id}: game {g} not over after {max_steps} steps"
        assert state.legal_action_indices() == []
    return nodes


def sweep_texts(game, games: int, seed: int, label) -> set:
    """Play ``games`` random games by index (chance drawn by its probabilities); every
    node's legal texts must get distinct indices (the kernel raises on a shared one, an
    encoding on a text it has no index for). Returns ``{label(state, text)}`` over the
    decisions' legal texts, for a test to check that every kind of text was reached."""
    seen = set()
    for k in range(games):
        rng = random.Random(seed * 1000 + k)
        state = game.new_initial_state()
        state.set_quiet()
        while not state.is_terminal():
            indices = state.legal_action_indices()
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(rng.choices([a.text for a, _ in outcomes], [p for _, p in outcomes])[0])
            else:
                seen.update(label(state, t) for t in state.legal_texts())
                state.apply_index(rng.choice(indices))
    return seen


def tensor_pieces(game, tensor) -> dict:
    """``tensor`` cut into the game's named pieces (flat lists), checking they fill it."""
    out, at = {}, 0
    for name, shape in game.observation_pieces():
        size = 1
        for d in shape:
            size *= d
        out[name] = tensor[at:at + size]
        at += size
    assert at == len(tensor)
    return out


def node_label(state, text) -> tuple:
    """For :func:`sweep_texts` on a step-machine game (node ``[kind, seat, name, data]``,
    tokyo.core.machine): the decision's kind, the card asking at a ``card`` decision, and
    the text's first word."""
    name = state.node[3].get("name", "") if state.node[2] == "card" else ""
    return state.node[2], name, text.split()[0]
