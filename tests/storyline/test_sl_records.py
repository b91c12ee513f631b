"""The game records of storyline and crisis-format (docs/architecture.md, Game records):
the generic keys with one entry per seat, and the Crisis Format's own keys read from the log."""

from __future__ import annotations

import random

import tokyo
from tokyo.core.runner import sample_chance
from tokyo.agents import RandomAgent, make_agent
from tokyo.sim.stats import summarise


def _records(game, spec, seeds):
    return [tokyo.play_game(game, [make_agent(spec, game.game_id) for _ in range(game.num_players)], seed=s)
            for s in seeds]


def test_storyline_labels_each_seat_with_its_faction():
    game = tokyo.load_game("storyline", players=3, decks="verdant,concord,pilgrims")
    rec = tokyo.play_game(game, [RandomAgent() for _ in range(3)], seed=1)
    assert rec.extra["labels"]["faction"] == ["verdant", "concord", "pilgrims"]
    assert len(rec.extra["cards"]) == 3
    rows = summarise([rec])["wins_by_label"]["faction"]
    assert sorted(r["label"] for r in rows) == ["concord", "pilgrims", "verdant"]


def test_storyline_labels_each_seat_with_its_place_in_the_turn_order():
    """Issue 12: the players' statistics group wins "By turn order" in every game that has
    one; Storyline's turns go up the seats from the first player (storyline 5.6.1, 10.1.1)."""
    for first in (0, 2):
        game = tokyo.load_game("storyline", players=3, first_player=str(first))
        rec = tokyo.play_game(game, [RandomAgent() for _ in range(3)], seed=1)
        order = rec.extra["labels"]["turn order"]
        assert order == [["1st", "2nd", "3rd"], None, ["2nd", "3rd", "1st"]][first]
        rows = summarise([rec])["wins_by_label"]["turn order"]
        assert sorted(r["label"] for r in rows) == ["1st", "2nd", "3rd"]
    # chosen at random: the seat the log names as taking the first turn is the 1st
    game = tokyo.load_game("storyline", players=2)
    for seed in range(3):
        state = game.new_initial_state()
        rng = random.Random(seed)
        while not state.is_terminal() and state.first is None:
            if state.is_chance_node():
                state.apply_action(sample_chance(state, rng))
            else:
                state.apply_action(state.legal_texts()[0])
        assert state.record_extra()["labels"]["turn order"][state.first] == "1st"


def test_the_crisis_format_gives_no_turn_order_label():
    """The players win or lose together there: a turn order would tell nothing."""
    game = tokyo.load_game("crisis-format", players=2)
    rec = tokyo.play_game(game, [RandomAgent() for _ in range(2)], seed=1)
    assert "turn order" not in rec.extra["labels"]


def test_crisis_format_outcomes_match_the_score():
    game = tokyo.load_game("crisis-format", players=2)
    records = _records(game, "random", range(40))
    seen = set()
    for rec in records:
        x = rec.extra
        assert set(x["crisis_outcomes"]) == set(x["crises"]) == set(x["crisis_chapters"])
        # storyline 22.9.9, 22.9.11: the opponent's points are exactly the Lose conditions met
        assert sum(x["lose"].values()) == x["opponent_story"]
        destroyed = [c for c, o in x["crisis_outcomes"].items() if o == "destroyed"]
        assert 2 * len(destroyed) <= x["pool"]   # storyline 22.7.3: 2 each
        for c, o in x["crisis_outcomes"].items():
            seen.add(o)
            if o == "flipped":
                assert x["crisis_chapters"][c] == 4   # one more than its last Chapter
        assert len(x["labels"]["faction"]) == 2 and "opponent" not in x["labels"]["faction"]
        assert x["card_groups"]["crises"]["cards"] == [sorted(x["crises"]), None]   # once per game
    assert "standing" in seen
    summary = summarise(records)
    assert {r["card"] for r in summary["card_groups"]["crises"]["rows"]} <= set(
        tokyo.load_game("crisis-format", players=2).cards["crises"])


def test_crisis_format_with_the_opponent_seat_has_an_entry_for_it():
    game = tokyo.load_game("crisis-format", players=2, opponent="seat")
    rec = tokyo.play_game(game, [RandomAgent() for _ in range(3)], seed=3)
    x = rec.extra
    assert x["labels"]["faction"][2] == "opponent" and len(x["cards"]) == 3 and x["cards"][2] is None
    assert x["card_groups"]["crises"]["cards"][2] is None
    summarise([rec])   # one list per seat: no ValueError
