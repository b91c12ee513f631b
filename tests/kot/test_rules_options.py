"""Rulebook: Optional rule for a 2-player game; Setup: red, green or mixed Wickedness tile sides."""

import pytest

from tokyo import OptionError
from rules_helpers import CITY, game, node_kind, position, texts

GREEN = {"3": ["barbs", "final-roar", "poison-spit", "underdog"],
         "6": ["defender-of-tokyo", "fluxling", "have-it-all", "sonic-boomer"]}


# ----- 2-player variant ------------------------------------------------------------------------
@pytest.mark.rule("kot-dark 3.3.1")
def test_two_player_variant_entering_tokyo_gives_one_energy_instead_of_a_star():
    state = position(2, [{}, {}], options={"two_player_variant": True}, active=0, step="resolve",
                     dice="1 2 3 h h h")
    m = state.monsters[0]
    assert m.location == CITY
    assert (m.stars, m.energy) == (0, 1)


@pytest.mark.rule("kot-dark 3.3.2")
def test_two_player_variant_starting_turn_in_tokyo_gives_one_energy_instead_of_two_stars():
    state = position(2, [{"location": "city"}, {}], options={"two_player_variant": True}, active=0,
                     step="turn-start")
    assert (state.monsters[0].stars, state.monsters[0].energy) == (0, 1)


@pytest.mark.rule("kot-dark 3.3.5")
def test_two_player_game_without_the_variant_gives_stars():
    state = position(2, [{"location": "city"}, {}], active=0, step="turn-start")
    assert (state.monsters[0].stars, state.monsters[0].energy) == (2, 0)
    state = position(2, [{}, {}], active=0, step="resolve", dice="1 2 3 h h h")
    assert (state.monsters[0].stars, state.monsters[0].energy) == (1, 0)


@pytest.mark.rule("kot-dark 3.3.3")
def test_two_player_variant_changes_only_tokyo_rewards():
    # dice stars and energy are as usual
    state = position(2, [{}, {"location": "city"}], options={"two_player_variant": True}, active=0,
                     step="resolve", dice="3 3 3 e e 1")
    assert node_kind(state) == "buy"  # numbers and energy resolve by themselves (R41)
    assert (state.monsters[0].stars, state.monsters[0].energy) == (3, 2)


@pytest.mark.rule("kot-dark 3.3.4")
def test_two_player_variant_is_refused_with_more_than_two_players():
    import pytest
    import tokyo
    with pytest.raises(tokyo.OptionError, match="two_player_variant"):
        tokyo.load_game("kot-dark", players=3, two_player_variant=True)


# ----- Wickedness tile sides -----------------------------------------------------------------------
@pytest.mark.rule("kot-dark 0.2.8")
def test_tile_sides_green_option_uses_every_green_side():
    state = game(4, wickedness_side="green").new_initial_state()
    stacks = {k: sorted(v) for k, v in state.tile_stacks.items()}
    assert stacks["3"] == GREEN["3"] and stacks["6"] == GREEN["6"]
    assert len(stacks["10"]) == 2
    assert not set(stacks["10"]) & {"antimatter-beam", "skybeam"}


@pytest.mark.rule("kot-dark 0.2.7")
def test_tile_sides_red_is_the_default():
    assert game(4).options["wickedness_side"] == "red"
    state = game(4, wickedness_side="red").new_initial_state()
    assert sorted(state.tile_stacks["3"]) == ["devious", "eternal", "skulking", "tireless"]


@pytest.mark.rule("kot-dark 0.2.8", "kot-dark 0.1.7")
def test_tile_sides_mixed_each_tile_side_is_chance():
    state = game(4, wickedness_side="mixed").new_initial_state()
    for cid in ("energize", "frenzy", "tank"):
        state.apply_action("reveal " + cid)
    sides = []
    for i in range(10):
        assert node_kind(state) == "tile-side"
        assert [(a.text, p) for a, p in state.chance_outcomes()] == [("side red", 0.5), ("side green", 0.5)]
        side = "red" if i % 2 == 0 else "green"
        state.apply_action("side " + side)
        sides.append(side)
    assert node_kind(state) == "claws"
    pairs = game(4).tile_pairs()
    expected = {"3": [], "6": [], "10": []}
    for pair, side in zip(pairs, sides):
        expected[str(pair["level"])].append(pair[side])
    assert state.tile_stacks == expected
    assert sum(len(v) for v in state.tile_stacks.values()) == 10
    assert "Wickedness tile 1 shows its red side: Devious." in texts(state)


@pytest.mark.rule("kot-dark 0.2.8", "kot-dark 2.2.5")
def test_green_tiles_are_offered_at_their_level():
    state = position(2, [{"wickedness": 2}, {"location": "city"}], options={"wickedness_side": "green"},
                     active=0, step="resolve", dice="2 2 2 e h c")
    state.apply_action("resolve numbers")
    assert state.legal_texts() == ["tile barbs", "tile final-roar", "tile poison-spit", "tile underdog", "pass"]


@pytest.mark.rule("kot-dark 0.2.8")
def test_unknown_tile_side_is_refused():
    with pytest.raises(OptionError):
        game(4, wickedness_side="blue")
