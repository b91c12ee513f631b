"""The saved form of a state (``State.to_json``, format 2; docs/architecture.md): the
history as one text with an action a line, and older saves (format 1, the history as a
list) still read."""

from __future__ import annotations

import json
import random

import pytest

import tokyo
from tokyo import StateFormatError, load_game
from tokyo.core import sample_chance
from tokyo.core.state import SAVE_FORMAT

GAMES = [("kot", 6, {"frenzy": "at-once"}), ("kot-dark", 4, {}), ("kot-godzilla", 5, {"evolutions": True}), ("crisis-tokyo", 3, {}),
         ("storyline", 2, {}), ("crisis-format", 2, {}), ("crisis-format", 1, {"opponent": "seat"})]


def random_state(game, seed, steps=None):
    rng = random.Random(seed)
    state = game.new_initial_state()
    n = 0
    while not state.is_terminal() and (steps is None or n < steps):
        state.apply_action(sample_chance(state, rng) if state.is_chance_node() else rng.choice(state.legal_texts()))
        n += 1
    return state


def test_every_game_on_main_is_covered_here():
    ids = {g["id"] for g in tokyo.list_games() if not g["id"].startswith("toy")}
    assert ids == {gid for gid, _, _ in GAMES}


@pytest.mark.parametrize("gid,players,options", GAMES, ids=[f"{g}-{p}" for g, p, _ in GAMES])
def test_action_texts_are_single_lines_so_the_history_is_one_a_line(gid, players, options):
    game = load_game(gid, players, **options)
    for seed in range(8):
        state = random_state(game, seed)
        for text in state.history():
            assert text and "\n" not in text and "\r" not in text and text == text.strip(), text
        data = json.loads(state.to_json())
        assert data["format"] == SAVE_FORMAT == 2
        assert data["history"].split("\n") == state.history()
        again = game.state_from_json(state.to_json())
        assert again == state and again.history() == state.history()


@pytest.mark.parametrize("gid,players,options", GAMES[:3], ids=[f"{g}-{p}" for g, p, _ in GAMES[:3]])
def test_a_format_1_save_with_the_history_as_a_list_still_loads(gid, players, options):
    game = load_game(gid, players, **options)
    state = random_state(game, 3, steps=60)
    data = json.loads(state.to_json())
    del data["format"]
    data["history"] = state.history()
    old = game.state_from_json(json.dumps(data, sort_keys=True))
    assert old == state and old.history() == state.history()
    # (its text may order keys differently: format 1 sorted them, and a game keeps the
    # order it reads; equal states compare equal whatever the order)
    assert game.state_from_json(old.to_json()) == state


def test_the_empty_history_and_bad_formats():
    game = load_game("kot-dark", 2)
    fresh = game.new_initial_state()
    data = json.loads(fresh.to_json())
    assert data["history"] == ""
    assert game.state_from_json(fresh.to_json()).history() == []
    for bad, message in ((3, "written by a newer tokyo-engine; this one reads formats 1 to 2"),
                         (0, "format 0"), ("2", "format '2'"), (True, "format True")):
        broken = dict(data, format=bad)
        with pytest.raises(StateFormatError, match=message):
            game.state_from_json(json.dumps(broken))
    with pytest.raises(StateFormatError, match="'history' must be a text"):
        game.state_from_json(json.dumps(dict(data, history=7)))


def test_a_save_loads_only_into_a_game_with_its_options():
    """A state saved with some options refuses a game loaded with others (it would mix
    the two: a 'false' option beside the state it changed), and says which."""
    with_evo = load_game("kot-godzilla", 4, evolutions=True)
    text = random_state(with_evo, 1, steps=40).to_json()
    assert with_evo.state_from_json(text).game == with_evo
    with pytest.raises(StateFormatError, match=r"other options: evolutions=True \(this game: False\)"):
        load_game("kot-godzilla", 4).state_from_json(text)
    plain = load_game("crisis-tokyo", 3)
    with pytest.raises(StateFormatError, match="districts_to_win=4 .this game: 2."):
        load_game("crisis-tokyo", 3, districts_to_win=2).state_from_json(plain.new_initial_state().to_json())


def test_a_save_older_than_an_option_counts_as_played_with_its_legacy_value():
    """ask_always (legacy true) did not exist when old saves were made: they were played
    asking every question, so they load into the game that still asks (and only there)."""
    game = load_game("kot-dark", 2, ask_always=True)
    data = json.loads(random_state(game, 2, steps=30).to_json())
    del data["options"]["ask_always"]
    assert game.state_from_json(json.dumps(data)).history() == data["history"].split("\n")
    with pytest.raises(StateFormatError, match="ask_always=True .this game: False."):
        load_game("kot-dark", 2).state_from_json(json.dumps(data))
