"""Option ``catch_up`` (storyline 5.6.2, ruling S47): what makes up for playing later in turn
order, and the value ``none`` that plays as before for old records."""

from __future__ import annotations

import pytest

import tokyo
from tokyo import OptionError
from tokyo.core import recorded_options
from tokyo.games.storyline.game import CrisisFormatGame, StorylineGame
from sl_helpers import CARDS, game, keys, rule


def _to_first_turn(s):
    """Setup with every hand kept, stopped as the first turn opens."""
    while s.turn_count == 0:
        if s.node[2] == "mulligan":
            s.apply_action("keep")
        else:
            s.apply_action(s.legal_texts()[0])
    return s


@rule("storyline 5.6.2", "storyline 1.8.8", "storyline S47")
def test_default_is_treasury_in_storyline_and_none_in_the_crisis_format():
    assert StorylineGame(2, {}, cards=CARDS).options["catch_up"] == "treasury"
    assert CrisisFormatGame(2, {}, cards=CARDS).options["catch_up"] == "none"
    with pytest.raises(OptionError):
        StorylineGame(2, {"catch_up": "extra"}, cards=CARDS)
    with pytest.raises(OptionError):   # the round rule is about the competitive target only
        CrisisFormatGame(2, {"catch_up": "round"}, cards=CARDS)


@rule("storyline 5.6.2", "storyline 5.4.1", "storyline S47")
@pytest.mark.parametrize("first, treasuries", [(0, [3, 6, 9]), (1, [9, 3, 6]), (2, [6, 9, 3])])
def test_treasury_at_three_players_gives_three_and_six(first, treasuries):
    s = game(3, first_player=str(first), catch_up="treasury").new_initial_state()
    assert [p["treasury"] for p in s.players] == treasuries   # set before the opening hands
    assert "5.6.2" in keys(s) and keys(s).index("5.6.1") < keys(s).index("5.6.2")


@rule("storyline 5.6.2", "storyline S47")
def test_treasury_at_two_and_four_players():
    s = game(2, first_player="1", catch_up="treasury").new_initial_state()
    assert [p["treasury"] for p in s.players] == [8, 3]      # the second player gains 5
    s = game(4, first_player="3", catch_up="treasury").new_initial_state()
    assert [p["treasury"] for p in s.players] == [5, 7, 9, 3]   # 2, 4 and 6 in turn order


@rule("storyline 5.4.1", "storyline 5.6.2")
def test_none_starts_every_treasury_at_three_and_hands_at_six():
    s = _to_first_turn(game(3, first_player="1", catch_up="none").new_initial_state())
    assert "5.6.2" not in keys(s)
    assert [len(p["hand"]) for p in s.players] == [6, 6, 6]
    # the first turn's Income step has paid the first player only
    assert s.players[0]["treasury"] == s.players[2]["treasury"] == 3


@rule("storyline 5.6.2", "storyline 5.8.1")
def test_card_draws_one_more_per_place_after_the_mulligans():
    s = game(3, first_player="2", catch_up="card").new_initial_state()
    assert [p["treasury"] for p in s.players] == [3, 3, 3]
    while s.node[2] != "mulligan":
        s.apply_action(s.legal_texts()[0])
    assert [len(p["hand"]) for p in s.players] == [6, 6, 6]   # the opening hands are 6
    s.apply_action("keep")        # seat 2, the first player
    s.apply_action("keep")        # seat 0
    s.apply_action("mulligan")    # seat 1 shuffles back and draws 6 new cards
    for _ in range(6):
        s.apply_action(s.legal_texts()[0])
    assert [len(p["hand"]) for p in s.players] == [6, 6, 6]
    extra = []
    while s.turn_count == 0:      # then the extra cards: seat 0 one, seat 1 two
        extra.append(s.node[3]["seat"])
        s.apply_action(s.legal_texts()[0])
    assert extra == [0, 1, 1]
    assert s.active == 2 and len(s.players[2]["hand"]) == 6
    assert len(s.players[0]["hand"]) == 7 and len(s.players[1]["hand"]) == 8


@rule("storyline 5.6.2", "storyline 10.4.1")
def test_skip_draw_only_on_the_first_players_first_turn():
    s = _to_first_turn(game(2, first_player="0", catch_up="skip_draw").new_initial_state())
    while s.phase != "main":
        assert not (s.node is not None and s.node[2] == "draw"), "the first player draws nothing"
        s.apply_action(s.legal_texts()[0])
    assert len(s.players[0]["hand"]) == 6 and "5.6.2" in keys(s) and "10.4.1" not in keys(s)
    while s.active == 0:
        s.apply_action("pass" if "pass" in s.legal_texts() else s.legal_texts()[-1])
    drawn = False
    while s.phase != "main":      # the second player's first turn draws as usual
        if s.node is not None and s.node[2] == "draw":
            drawn = True
        s.apply_action(s.legal_texts()[0])
    assert drawn and "10.4.1" in keys(s)


def _with_totals(s, totals):
    for p, t in zip(s.players, totals):
        p["story"] = t


@rule("storyline 5.6.2", "storyline 21.1.1")
def test_round_plays_the_round_out_and_the_highest_total_wins():
    s = _to_first_turn(game(2, first_player="0", catch_up="round").new_initial_state())
    _with_totals(s, [4, 4])
    s.gain_story([0], 1, "15.7.1", "for the test")
    assert s.winners is None and not s.is_terminal()      # seat 1 has a turn to come
    while s.active == 0:
        s.apply_action("pass" if "pass" in s.legal_texts() else s.legal_texts()[-1])
    s.players[1]["story"] = 6
    while s.winners is None:
        s.apply_action("pass" if "pass" in s.legal_texts() else s.legal_texts()[-1])
    assert s.winners == [1] and s.turn_count == 2 and "5.6.2" in keys(s)[-1:]


@rule("storyline 5.6.2", "storyline 21.1.1")
def test_without_round_the_target_ends_the_game_at_once():
    s = _to_first_turn(game(2, first_player="0", catch_up="treasury").new_initial_state())
    _with_totals(s, [4, 4])
    s.gain_story([0], 1, "15.7.1", "for the test")
    assert s.winners == [0] and s.is_terminal()


@rule("storyline 5.6.2")
def test_crisis_format_with_one_player_has_no_later_player():
    s = CrisisFormatGame(1, {"catch_up": "treasury", "first_player": "0"}, cards=CARDS).new_initial_state()
    while s.is_chance_node() and not s.players[0]["hand"]:
        s.apply_action(s.legal_texts()[0])
    assert s.players[0]["treasury"] == 3 and "5.6.2" not in keys(s)


@rule("storyline 5.6.2")
def test_a_record_without_the_option_replays_with_none():
    info = tokyo.load_game("storyline", 2).info
    assert recorded_options(info, {"target": 5})["catch_up"] == "none"
    assert recorded_options(info, {"catch_up": "treasury"})["catch_up"] == "treasury"
    info = tokyo.load_game("crisis-format", 2).info
    assert recorded_options(info, {})["catch_up"] == "none"
