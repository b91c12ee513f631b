"""kot-godzilla rulebook statements (docs/rules/kot-godzilla.md), one test or more each."""

import pytest

from tokyo import CHANCE, IllegalActionError, OptionError
from tokyo.core import game_catalogue
from tokyo.games.kingoftokyo.engine import BAY, CITY, OUT
from gz_helpers import (energy, finish, game, hearts, kind, locations, play, pos, roll, setup, stars, take_turn,
                        texts)

R = "kot-godzilla "


def rules(*keys):
    return pytest.mark.rule(*(R + k for k in keys))


# ----- 0 Before the first turn ---------------------------------------------------------------------
@rules("0.1.1")
def test_two_to_six_players():
    game(2), game(6)
    for n in (1, 7):
        with pytest.raises(OptionError):
            game(n)


@rules("0.1.2")
def test_a_die_has_six_faces_equally_likely():
    s = pos(step="roll")
    assert kind(s) == "die"
    assert [(a.text, p) for a, p in s.chance_outcomes()] == [(f"roll {f}", pytest.approx(1 / 6)) for f in "123ehc"]


@rules("0.1.3", "4.1.4")
def test_energy_card_types_power_kept_action_discarded():
    types = {e["type"].split()[0] for e in game_catalogue("kot-godzilla") if e["set"].endswith("Energy cards")}
    assert types == {"POWER", "ACTION", "EVENT"}
    s = pos([{"energy": 20}], step="buy", market=["heavy-ordnance", "supply-drop", "mutant-growth"])
    play(s, "buy heavy-ordnance", "reveal regenerative-cells", "buy supply-drop", "reveal scale-armour")
    assert s.monsters[0].cards == ["heavy-ordnance"] and "supply-drop" in s.discard


@rules("0.1.4", "0.2.1", "0.2.2")
def test_start_10_hearts_no_stars_no_tokens_nobody_in_tokyo():
    s = setup()
    assert hearts(s) == [10] * 4 and stars(s) == [0] * 4 and energy(s) == [0] * 4
    assert s.tokens == [0] * 4 and s.supply == {"dice": 12} and s.black == 0
    assert s.city is None and s.bay is None and locations(s) == [OUT] * 4


@rules("0.1.5", "3.1.2")
def test_tokyo_bay_is_tokyo():
    s = pos([{"location": "city"}, {"location": "bay"}, {}, {}, {}], players=5, active=2, step="resolve",
            dice="c 1 1 2 2 3")
    assert s.in_tokyo(s.monsters[1])
    assert hearts(s)[:2] == [9, 9]  # both Tokyo locations are damaged


@rules("0.2.3", "0.2.4")
def test_three_cards_dealt_at_random_from_the_unseen_deck():
    s = game().new_initial_state()
    total = sum(s.deck.values())
    assert {a.text: p for a, p in s.chance_outcomes()}["reveal supply-drop"] == pytest.approx(2 / total)
    play(s, "reveal supply-drop", "reveal mutant-growth", "reveal missile-barrage")
    assert s.market == ["supply-drop", "mutant-growth", "missile-barrage"] and kind(s) == "claws"


@rules("0.2.5", "0.2.6")
def test_bay_only_with_five_or_six():
    assert not setup(4).bay_in_use() and setup(5).bay_in_use() and setup(6).bay_in_use()


@rules("0.3.1", "0.3.2")
def test_first_player_most_smack_ties_reroll():
    s = setup(3)
    play(s, "claws 2", "claws 2", "claws 1")
    assert kind(s) == "claws" and s.rolloff["contenders"] == [0, 1]
    play(s, "claws 1", "claws 3")
    assert s.active == 1 and "Mothra rolled the most Smacks (3) and plays first." in texts(s)


@rules("0.4.1", "5.0.1", "5.0.2")
def test_clockwise_turns_skip_the_eliminated():
    s = pos([{}, {}, {"alive": False}, {}], step="roll", active=1)
    take_turn(s, "1 1 2 2 3 e")
    assert s.active == 3


# ----- 1 Roll the Dice ------------------------------------------------------------------------------
@rules("1.1", "1.2", "1.9", "1.10")
def test_three_rolls_then_stop():
    s = pos(step="roll")
    roll(s, "1 1 1 2 2 2")
    assert kind(s) == "roll" and s.node[1] == 0
    play(s, "reroll 1")
    roll(s, "3")
    play(s, "reroll 3")
    roll(s, "e")
    # the third roll ends rolling: the dice are kept and resolved
    assert sum(" rolls: " in t for t in texts(s)) == 3 and kind(s) != "roll"
    assert "Godzilla keeps: 1 1 2 2 2 Energy." in texts(s)


@rules("1.3")
def test_the_terminal_picture_tells_the_black_dice_from_the_brown():
    """Which faces are on black dice matters (Heavy Ordnance, Reactor Core, ruling G20): the
    text picture lists them apart."""
    s = pos([{"dice_tokens": 3}], players=2, step="turn-start")
    play(s, "black 2")
    roll(s, "1 2 3 h h e c e")      # the last two dice rolled are the black ones
    line = next(l for l in s.render(0).splitlines() if l.startswith("Dice ("))
    assert line.endswith(": 1  2  3  Energy  Heal  Heal   black dice: Energy  Smack"), line


@rules("1.3", "1.4", "1.5")
def test_dice_tokens_add_black_dice_for_this_turn():
    s = pos([{"dice_tokens": 3}], players=2, step="turn-start")
    assert kind(s) == "dice-tokens" and s.legal_texts() == ["black 0", "black 1", "black 2"]
    play(s, "black 2")
    assert s.tokens[0] == 1 and s.supply["dice"] == 11 and len(s.dice) == 8
    roll(s, "1 1 1 2 2 2 3 3")
    play(s, "stop")
    # spending no token: the six brown dice only (the next turn: the test below)
    s2 = pos([{"dice_tokens": 1}], step="turn-start")
    play(s2, "black 0")
    assert len(s2.dice) == 6


@rules("1.3", "1.4")
def test_black_dice_last_only_for_the_turn_they_were_bought_for():
    s = pos([{"dice_tokens": 3}, {}], players=2, step="turn-start")
    play(s, "black 2")
    roll(s, "1 2 3 1 2 3 e e")
    play(s, "stop")
    finish(s)
    # the next monster's Roll: six brown dice, no black die, and no question (it has no token)
    assert s.active == 1 and kind(s) == "die" and len(s.dice) == 6 and s.black == 0
    take_turn(s, "1 2 3 1 2 h")
    # the first monster's next turn: its last token may buy one black die, or none
    assert s.active == 0 and kind(s) == "dice-tokens" and s.legal_texts() == ["black 0", "black 1"]
    play(s, "black 0")
    assert len(s.dice) == 6 and s.black == 0 and s.tokens[0] == 1


@rules("1.6")
def test_never_more_than_eight_dice():
    s = pos([{"dice_tokens": 2, "cards": ["mutant-growth"]}], step="turn-start")
    assert s.legal_texts() == ["black 0", "black 1"]


@rules("1.7", "1.8")
def test_reroll_chosen_dice_and_take_back_set_aside_ones():
    s = pos(step="roll")
    roll(s, "1 2 3 3 h e")
    play(s, "keep 3 3")
    roll(s, "1 1 c h")
    assert "reroll 3 3" in s.legal_texts()  # the 3s set aside may be taken back


# ----- 2 Resolve --------------------------------------------------------------------------------------
@rules("2.0.1")
def test_order_of_choice_only_when_it_can_matter():
    # Spiked Carapace on the monster in Tokyo: the Smack costs the roller a heart, the order matters
    s = pos([{}, {"location": "city", "evolutions_in_play": ["spiked-carapace"]}], step="resolve",
            dice="1 1 1 e c h", options={"evolutions": True, "monsters": "godzilla,anguirus,mothra,rodan"})
    assert kind(s) == "resolve" and set(s.legal_texts()) == {"resolve numbers", "resolve energy",
                                                               "resolve smash", "resolve hearts"}
    # without it no order can change anything: resolved at once (G53)
    s1 = pos([{}, {"location": "city"}], step="resolve", dice="1 1 1 e c h")
    assert kind(s1) == "yield" and s1.monsters[0].stars == 1 and s1.monsters[0].energy == 1
    s2 = pos(step="resolve", dice="1 2 3 e e 1")
    assert kind(s2) == "buy" and s2.monsters[0].energy == 2  # energy resolved without a question


@rules("2.1.1", "2.1.2", "2.1.3")
def test_victory_points():
    s = finish(pos([{}, {"location": "city"}], step="resolve", dice="2 2 2 2 1 1"))
    assert s.monsters[0].stars == 3
    s = finish(pos([{}, {"location": "city"}], step="resolve", dice="3 3 3 1 1 e"))
    assert s.monsters[0].stars == 3


@rules("2.2.1", "2.2.2")
def test_energy_results_kept():
    s = finish(pos([{"energy": 2}, {"location": "city"}], step="resolve", dice="e e e 1 2 3"))
    assert s.monsters[0].energy == 2 + 3 + 1  # and 1 for buying nothing


@rules("2.3.1", "2.3.2", "2.3.4")
def test_smack_from_tokyo_hits_everyone_outside():
    s = pos([{"location": "city"}, {"location": "bay"}, {}, {}, {}], players=5, step="resolve",
            dice="c c 1 2 3 e")
    finish(s)
    assert hearts(s) == [10, 10, 8, 8, 8]


@rules("2.3.3", "2.3.5", "2.3.6")
def test_smack_from_outside_hits_tokyo_and_lets_it_flee_after_losing():
    s = pos([{}, {"location": "city"}], step="resolve", dice="c c 1 2 3 e")
    assert kind(s) == "yield" and s.node[1] == 1 and s.legal_texts() == ["stay", "flee"]
    assert s.monsters[1].hearts == 8
    play(s, "flee")
    assert s.monsters[1].location == OUT and s.monsters[1].hearts == 8 and s.city == 0
    assert "Mothra flees Tokyo City." in texts(s)


@rules("2.3.7", "3.0.2")
def test_card_damage_never_offers_fleeing():
    s = pos([{"energy": 3}, {"location": "city"}], step="buy",
            market=["missile-barrage", "mutant-growth", "radiation-aura"])
    play(s, "buy missile-barrage", "reveal regenerative-cells")
    assert s.monsters[1].hearts == 8 and s.monsters[1].location == CITY
    assert all("flee" not in t for t in texts(s))


@rules("2.3.8", "2.3.9")
def test_elimination_discards_power_cards_and_energy():
    s = pos([{}, {"location": "city", "hearts": 2, "energy": 5, "cards": ["regenerative-cells"], "dice_tokens": 2}],
            step="resolve", dice="c c 1 2 3 e")
    finish(s)
    m = s.monsters[1]
    assert not m.alive and m.cards == [] and m.energy == 0 and s.city == 0 and "regenerative-cells" in s.discard
    assert s.tokens[1] == 0 and s.supply["dice"] == 12


@rules("2.3.10", "3.0.3")
def test_empty_tokyo_nobody_damaged_first_player_enters():
    s = finish(pos(step="resolve", dice="c c c 1 2 3"))
    assert hearts(s) == [10] * 4 and s.city == 0 and s.monsters[0].stars == 1


@rules("2.4.1", "2.4.2")
def test_heal_outside_never_above_ten():
    s = pos([{"hearts": 9}, {"location": "city"}], step="resolve", dice="h h h 1 2 3")
    assert s.monsters[0].hearts == 10


@rules("2.4.3", "2.4.4")
def test_no_heal_in_tokyo_but_cards_still_heal():
    s = pos([{"hearts": 5, "location": "city", "energy": 3}], step="resolve", dice="h h 1 2 3 1",
            market=["field-hospital", "mutant-growth", "radiation-aura"])
    assert s.monsters[0].hearts == 5
    play(s, "buy field-hospital", "reveal scale-armour")
    assert s.monsters[0].hearts == 8


# ----- 3 Enter Tokyo ----------------------------------------------------------------------------------
@rules("3.0.1", "3.2.1")
def test_must_enter_empty_city_and_gain_a_star():
    s = finish(pos(step="resolve", dice="1 2 3 e e h"))
    assert s.city == 0 and s.monsters[0].stars == 1


@rules("3.1.1", "3.1.3")
def test_five_players_bay_after_city():
    s = pos([{}, {"location": "city"}, {}, {}, {}], players=5, step="resolve", dice="1 2 3 1 2 e")
    assert s.bay == 0 and s.monsters[0].location == BAY


@rules("3.1.4", "3.1.5")
def test_bay_closes_at_four_monsters():
    s = pos([{}, {"location": "city", "hearts": 1}, {"location": "bay"}, {}, {}], players=5, step="resolve",
            dice="c 1 2 3 1 2")
    assert not s.monsters[1].alive and s.bay is None and s.city == 2  # Bay monster moves to the empty City
    s = pos([{"location": "city"}, {"hearts": 1}, {"location": "bay"}, {}, {}], players=5, step="resolve",
            dice="c 1 2 3 1 2")
    assert s.bay is None and s.monsters[2].location == OUT


@rules("3.2.2")
def test_two_stars_for_starting_in_tokyo():
    s = pos([{"location": "city"}], step="turn-start")
    assert s.monsters[0].stars == 2


@rules("3.3.1", "3.3.2", "3.3.3")
def test_two_player_variant():
    with pytest.raises(OptionError):
        game(3, two_player_variant=True)
    assert game(2).options["two_player_variant"] is False
    s = pos([{"location": "city"}, {}], players=2, options={"two_player_variant": True}, step="turn-start")
    assert s.monsters[0].stars == 0 and s.monsters[0].energy == 1
    s = pos([{}, {}], players=2, options={"two_player_variant": True}, step="resolve", dice="1 2 3 1 2 h")
    assert s.monsters[0].stars == 0 and s.monsters[0].energy == 1 + 1  # entering, then buying nothing


# ----- 4 Buy Energy Cards OR Gain 1 Energy ------------------------------------------------------------
@rules("4.1.1", "4.1.2", "4.1.3")
def test_buy_pay_and_replace_at_once():
    s = pos([{"energy": 5}], step="buy", market=["supply-drop", "mutant-growth", "missile-barrage"])
    # any face-up card it can pay for, wherever it lies in the row
    assert [t for t in s.legal_texts() if t.startswith("buy")] == ["buy supply-drop", "buy missile-barrage"]
    play(s, "buy supply-drop")
    assert kind(s) == "reveal"
    play(s, "reveal supply-drop")
    assert s.monsters[0].energy == 2 and "buy supply-drop" not in s.legal_texts()  # 3 > 2 left
    assert s.market[0] == "supply-drop"


@rules("4.1.5", "4.1.6", "4.1.7", "4.2.2")
def test_sweep_keeps_events_and_refills_to_three():
    s = pos([{"energy": 6}], step="buy", market=["kaiju-rampage", "mutant-growth", "missile-barrage"])
    play(s, "sweep")
    assert s.market == ["kaiju-rampage"] and set(s.discard) == {"mutant-growth", "missile-barrage"}
    play(s, "reveal supply-drop", "reveal regenerative-cells")
    assert s.market == ["kaiju-rampage", "supply-drop", "regenerative-cells"] and s.monsters[0].energy == 4
    play(s, "sweep", "reveal scale-armour", "reveal heavy-ordnance")
    assert s.monsters[0].energy == 2
    play(s, "end")
    assert s.monsters[0].energy == 3  # sweeping is not buying: +1


@rules("4.2.1", "4.2.3")
def test_gain_one_energy_only_without_buying():
    s = pos([{"energy": 0}], step="buy")
    assert s.monsters[0].energy == 1  # could not buy: no node, +1
    s = pos([{"energy": 3}], step="buy", market=["heavy-ordnance", "mutant-growth", "missile-barrage"])
    play(s, "buy heavy-ordnance", "reveal regenerative-cells")  # nothing left to do: the step ends
    assert s.monsters[0].energy == 0 and s.active == 1


@rules("4.3.1")
def test_reveal_event_applies_once_when_revealed():
    s = pos([{"energy": 5}, {"location": "city"}], step="buy",
            market=["heavy-ordnance", "mutant-growth", "missile-barrage"])
    play(s, "buy heavy-ordnance", "reveal great-earthquake")
    assert hearts(s) == [9, 9, 9, 9]
    play(s, "end")
    assert hearts(s) == [9, 9, 9, 9]  # once only


@rules("4.3.1", "4.1.6")
def test_an_event_revealed_by_a_sweep_applies_at_once_and_stays_for_the_next_sweep():
    s = pos([{"energy": 4}, {"location": "city"}, {}, {}], step="buy",
            market=["kaiju-rampage", "mutant-growth", "missile-barrage"])
    play(s, "sweep", "reveal great-earthquake", "reveal supply-drop")
    assert hearts(s) == [9, 9, 9, 9] and s.market == ["kaiju-rampage", "great-earthquake", "supply-drop"]
    assert s.monsters[0].energy == 2 and s.monsters[1].location == CITY  # card damage: no flee question
    play(s, "sweep", "reveal scale-armour")
    # both Events stay in place; the reveal effect does not apply again
    assert s.market == ["kaiju-rampage", "great-earthquake", "scale-armour"] and hearts(s) == [9, 9, 9, 9]


@rules("4.3.2")
def test_ongoing_event_applies_to_all_while_face_up():
    s = pos([{}, {"location": "city"}], step="resolve", dice="c 1 2 3 1 2",
            market=["kaiju-rampage", "mutant-growth", "missile-barrage"])
    assert s.monsters[1].hearts == 8  # 1 Smack + 1


@rules("4.3.3")
def test_buying_an_event_resolves_its_action_and_ends_its_effect():
    s = pos([{"energy": 5}, {"location": "city"}], step="buy",
            market=["kaiju-rampage", "mutant-growth", "missile-barrage"])
    play(s, "buy kaiju-rampage", "reveal regenerative-cells")
    assert s.monsters[0].stars == 2 and "kaiju-rampage" in s.discard and "kaiju-rampage" not in s.market
    assert not s.has(s.monsters[1], "kaiju-rampage")


# ----- 6 End of the game ---------------------------------------------------------------------------------
@rules("6.1", "6.2")
def test_twenty_stars_win_at_the_end_of_the_turn():
    s = pos([{"stars": 18}], step="resolve", dice="3 3 3 1 1 2")
    assert s.is_terminal() and s.winners == [0] and s.win_by == "stars"
    assert any("buy" in t or "energy" in t for t in texts(s)[-4:])  # the turn ran to its end first


@rules("6.3")
def test_last_survivor_wins():
    s = pos([{"location": "city"}, {"hearts": 1}, {"alive": False}, {"alive": False}], step="resolve",
            dice="c 1 2 3 1 2")
    assert s.winners == [0] and s.win_by == "survival"


@rules("6.4")
def test_zero_hearts_eliminates_even_at_twenty_stars():
    s = pos([{"location": "city"}, {"hearts": 1, "stars": 20}, {}, {}], step="resolve", dice="c 1 2 3 1 2")
    assert not s.monsters[1].alive
    assert s.winners is None or 1 not in s.winners
