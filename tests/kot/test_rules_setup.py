"""Rulebook: Setup, and How to Play (first player)."""

import pytest

from tokyo import CHANCE, IllegalActionError, OptionError
from rules_helpers import OUT, game, node_kind, texts

RED = {"3": ["devious", "eternal", "skulking", "tireless"],
       "6": ["cyberbrain", "evil-lair", "full-regeneration", "widespread-panic"],
       "10": ["antimatter-beam", "skybeam"]}


def reveal_market(state, cards=("energize", "frenzy", "extra-head")):
    for cid in cards:
        assert node_kind(state) == "reveal"
        state.apply_action("reveal " + cid)


@pytest.mark.rule("kot-dark 0.2.1", "kot-dark 0.2.2")
def test_setup_monsters_start_with_10_hearts_0_stars_0_energy_outside_tokyo():
    state = game(5).new_initial_state()
    for m in state.monsters:
        assert (m.hearts, m.stars, m.energy, m.wickedness, m.location) == (10, 0, 0, 0, OUT)
        assert m.cards == [] and m.tiles == [] and m.alive
    assert state.city is None and state.bay is None


@pytest.mark.rule("kot-dark 0.1.4", "kot-dark 0.2.3", "kot-dark 0.2.4")
def test_setup_deck_of_66_cards_is_shuffled_and_three_dealt_face_up():
    state = game(4).new_initial_state()
    assert sum(state.deck.values()) == 66
    # each card of the market is dealt by chance, each card weighted by its copies
    outcomes = dict((a.text, p) for a, p in state.chance_outcomes())
    assert state.current_player() == CHANCE
    assert len(outcomes) == 65
    assert outcomes["reveal evacuation-orders"] == pytest.approx(2 / 66)
    assert outcomes["reveal energize"] == pytest.approx(1 / 66)
    reveal_market(state)
    assert sorted(state.market) == ["energize", "extra-head", "frenzy"]
    assert sum(state.deck.values()) == 63
    assert state.deck["energize"] == 0


@pytest.mark.rule("kot-dark 0.2.6", "kot-dark 0.2.7")
def test_setup_wickedness_tiles_4_at_level_3_4_at_level_6_2_at_level_10_red_side_by_default():
    state = game(4).new_initial_state()
    assert {k: sorted(v) for k, v in state.tile_stacks.items()} == RED


@pytest.mark.rule("kot-dark 0.3.1")
def test_setup_first_player_is_decided_after_the_market_by_a_claw_roll_of_each_player():
    state = game(3).new_initial_state()
    reveal_market(state)
    assert node_kind(state) == "claws"
    assert state.node[3]["seat"] == 0
    outcomes = dict((a.text, p) for a, p in state.chance_outcomes())
    assert sorted(outcomes) == [f"claws {k}" for k in range(7)]
    assert sum(outcomes.values()) == pytest.approx(1.0)
    # six dice with one Claw face each: P(0 claws) = (5/6)^6
    assert outcomes["claws 0"] == pytest.approx((5 / 6) ** 6)
    assert outcomes["claws 6"] == pytest.approx((1 / 6) ** 6)


@pytest.mark.rule("kot-dark 0.3.1")
def test_first_player_is_the_one_with_most_claws():
    state = game(4).new_initial_state()
    reveal_market(state)
    for k in (1, 4, 2, 3):
        state.apply_action(f"claws {k}")
    assert state.active == 1
    assert state.turn_count == 1
    assert node_kind(state) == "die"  # The King rolls the 6 gray dice of turn 1
    assert "The King rolled the most Claws (4) and plays first." in texts(state)


@pytest.mark.rule("kot-dark 0.3.2")
def test_first_player_tie_only_tied_players_roll_again_until_one_has_most():
    state = game(4).new_initial_state()
    reveal_market(state)
    for k in (3, 1, 3, 0):
        state.apply_action(f"claws {k}")
    # Alienoid and Gigazaur tied: only they roll again
    assert node_kind(state) == "claws" and state.node[3]["seat"] == 0
    state.apply_action("claws 2")
    assert node_kind(state) == "claws" and state.node[3]["seat"] == 2
    state.apply_action("claws 2")  # tied again
    assert node_kind(state) == "claws" and state.node[3]["seat"] == 0
    state.apply_action("claws 0")
    assert node_kind(state) == "claws" and state.node[3]["seat"] == 2
    state.apply_action("claws 1")
    assert state.active == 2 and state.turn_count == 1
    assert node_kind(state) == "die"


@pytest.mark.rule("kot-dark 0.3.1")
def test_claw_roll_off_is_chance_not_a_player_decision():
    state = game(2).new_initial_state()
    reveal_market(state)
    with pytest.raises(IllegalActionError):
        state.apply_action("claws 2", seat=0)


@pytest.mark.rule("kot-dark 1.3")
def test_first_turn_rolls_the_six_gray_dice():
    state = game(2).new_initial_state()
    reveal_market(state)
    state.apply_action("claws 2")
    state.apply_action("claws 0")
    assert state.active == 0
    assert len(state.dice) == 6
    for _ in range(6):
        assert node_kind(state) == "die"
        state.apply_action("roll h")
    assert node_kind(state) == "roll"
    assert state.dice == ["h"] * 6 and state.rolls_used == 1


# ----- components ----------------------------------------------------------------------------------
@pytest.mark.rule("kot-dark 0.1.1")
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_two_to_six_monsters_play(players):
    state = game(players).new_initial_state()
    assert len(state.monsters) == players


@pytest.mark.rule("kot-dark 0.1.1")
@pytest.mark.parametrize("players", [1, 7])
def test_fewer_than_two_or_more_than_six_monsters_are_refused(players):
    with pytest.raises(OptionError, match="2 to 6 players"):
        game(players)


@pytest.mark.rule("kot-dark 0.1.9", "kot-dark 0.2.5")
def test_setup_every_token_is_in_the_supply_and_none_on_a_monster():
    state = game(6).new_initial_state()
    assert state.supply == {"poison": 12, "shrink": 12, "smoke": 3}
    assert all((m.poison, m.shrink, m.smoke) == (0, 0, 0) for m in state.monsters)
