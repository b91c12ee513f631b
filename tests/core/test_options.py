"""load_game / list_games: options, defaults, and errors naming what is allowed."""

import pytest

import tokyo
from tokyo import OptionError


def test_defaults_applied():
    game = tokyo.load_game("toy-pig")
    assert game.num_players == 2
    assert game.options == {"target": 20, "die": "d6", "one_ends_turn": True, "max_turns": 0}


def test_option_values_given_as_text_are_converted():
    game = tokyo.load_game("toy-pig", players="3", target="30", one_ends_turn="false", die="d4")
    assert game.num_players == 3
    assert game.options["target"] == 30 and game.options["one_ends_turn"] is False
    assert game.options["die"] == "d4"


def test_unknown_game_lists_the_games():
    with pytest.raises(OptionError) as info:
        tokyo.load_game("no-such-game")
    assert "toy-pig" in str(info.value) and "kot-dark" in str(info.value)


def test_unknown_option_lists_the_options():
    with pytest.raises(OptionError) as info:
        tokyo.load_game("toy-pig", colour="red")
    message = str(info.value)
    assert "colour" in message
    for name in ("target", "die", "one_ends_turn", "max_turns"):
        assert name in message


@pytest.mark.parametrize("option,value,allowed", [
    ("target", 3, "from 5 to 100"),
    ("target", "twenty", "from 5 to 100"),
    ("target", True, "from 5 to 100"),
    ("die", "d20", "d4, d6"),
    ("one_ends_turn", "maybe", "true or false"),
])
def test_bad_option_value_lists_allowed_values(option, value, allowed):
    with pytest.raises(OptionError) as info:
        tokyo.load_game("toy-pig", **{option: value})
    assert allowed in str(info.value)


@pytest.mark.parametrize("players", [1, 4, 0, -2, "many"])
def test_bad_player_count_names_the_range(players):
    with pytest.raises(OptionError) as info:
        tokyo.load_game("toy-pig", players=players)
    assert "2" in str(info.value) and "3" in str(info.value)


def test_option_error_is_a_value_error_and_a_tokyo_error():
    assert issubclass(OptionError, ValueError) and issubclass(OptionError, tokyo.TokyoError)


def test_game_info_reports_players_and_options():
    info = tokyo.game_info("toy-pig").as_dict()
    assert info["id"] == "toy-pig" and info["players"] == [2, 3] and info["default_players"] == 2
    options = {o["name"]: o for o in info["options"]}
    assert options["target"]["default"] == 20
    assert options["die"]["allowed"] == "d4, d6"
    assert options["one_ends_turn"]["allowed"] == "true or false"


def test_game_catalogue_of_the_toy_game():
    cards = tokyo.core.game_catalogue("toy-pig")
    assert {c["set"] for c in cards} == {"pig-dice", "pig-extras"}
    for card in cards:
        assert {"set", "id", "name", "cost", "type", "text"} <= set(card)
    with pytest.raises(OptionError):
        tokyo.core.game_catalogue("no-such-game")
