"""Every DISCARD Power card of kot-dark: one test (or more) per card, named after its id.

A DISCARD card bought resolves at once and goes to the discard pile (never to the
buyer's cards); its market slot is then refilled by a chance 'reveal' node.
"""

from __future__ import annotations

import pytest

from tokyo.core.state import CHANCE
from tokyo.games.kingoftokyo.engine import CITY, OUT

from rules_helpers import energy, hearts, kind, play, pos, stars

FILLER = ["acid-attack", "wings"]


# ----------------------------------------------------------------------------- helpers

def buy(card, monsters, players=4, options=None, market=None, **kw):
    """Seat 0 (or ``active``) at its Buy step with ``card`` in the market; buy it."""
    s = pos(monsters, players, options, step="buy", market=market or [card] + FILLER, **kw)
    s.apply_action(f"buy {card}")
    return s


def assert_discarded(state, card, seat=0):
    assert card in state.discard
    assert card not in state.monsters[seat].cards
    assert card not in state.market


# ============================================================================ purchase path
@pytest.mark.rule("kot-dark 4.4")
def test_discard_card_resolves_at_once_and_goes_to_the_discard_pile():
    s = buy("skyscraper", [{"energy": 8}, {}, {}, {}])
    assert s.monsters[0].stars == 4 and s.monsters[0].energy == 2
    assert s.monsters[0].cards == []
    assert s.discard == ["skyscraper"]
    # the slot is refilled by chance, then the Buy step goes on
    assert s.current_player() == CHANCE and kind(s) == "chance:reveal"
    play(s, "reveal corner-store")
    assert s.market == ["corner-store"] + FILLER
    assert kind(s) == "decision:buy" and s.current_player() == 0
    assert "buy corner-store" not in s.legal_texts()       # 2 energy left, costs 3


@pytest.mark.rule("kot-dark 4.2")
def test_discard_card_bought_with_discounts():
    s = buy("skyscraper", [{"energy": 4, "cards": ["alien-origin"], "tiles": ["evil-lair"]}, {}, {}, {}])
    assert s.monsters[0].energy == 0 and s.monsters[0].stars == 4


@pytest.mark.rule("kot-dark 4.3")
def test_discard_card_not_affordable_not_legal():
    s = pos([{"energy": 5}, {}, {}, {}], step="buy", market=["skyscraper"] + FILLER)
    assert "buy skyscraper" not in s.legal_texts()


# ============================================================================ stars only
@pytest.mark.parametrize("card,cost,gain", [("apartment-building", 5, 3), ("commuter-train", 4, 2),
                                            ("corner-store", 3, 1), ("skyscraper", 6, 4)])
@pytest.mark.rule("kot-dark 4.4")
def test_apartment_building_commuter_train_corner_store_skyscraper_stars(card, cost, gain):
    s = buy(card, [{"energy": cost + 1, "stars": 5}, {"stars": 5}, {}, {}])
    assert stars(s) == [5 + gain, 5, 0, 0]
    assert energy(s)[0] == 1
    assert_discarded(s, card)


@pytest.mark.rule("kot-dark card:apartment-building")
def test_apartment_building_three_stars():
    s = buy("apartment-building", [{"energy": 5}, {}, {}, {}])
    assert stars(s) == [3, 0, 0, 0] and s.monsters[0].energy == 0
    assert_discarded(s, "apartment-building")


@pytest.mark.rule("kot-dark card:commuter-train")
def test_commuter_train_two_stars():
    s = buy("commuter-train", [{"energy": 4}, {}, {}, {}])
    assert stars(s) == [2, 0, 0, 0] and s.monsters[0].energy == 0
    assert_discarded(s, "commuter-train")


@pytest.mark.rule("kot-dark card:corner-store")
def test_corner_store_one_star():
    s = buy("corner-store", [{"energy": 3}, {}, {}, {}])
    assert stars(s) == [1, 0, 0, 0] and s.monsters[0].energy == 0
    assert_discarded(s, "corner-store")


@pytest.mark.rule("kot-dark card:skyscraper")
def test_skyscraper_four_stars():
    s = buy("skyscraper", [{"energy": 6}, {}, {}, {}])
    assert stars(s) == [4, 0, 0, 0] and s.monsters[0].energy == 0
    assert_discarded(s, "skyscraper")


# ============================================================================ Death From Above
@pytest.mark.rule("kot-dark card:death-from-above", "kot-dark R5")
def test_death_from_above_from_outside_takes_tokyo_city():
    s = buy("death-from-above", [{"energy": 5}, {"location": "city"}, {}, {}])
    assert s.city == 0 and s.monsters[0].location == CITY
    assert s.monsters[1].location == OUT
    assert s.monsters[0].stars == 3          # 2 for the card, 1 for entering Tokyo
    assert_discarded(s, "death-from-above")


@pytest.mark.rule("kot-dark card:death-from-above", "kot-dark R5")
def test_death_from_above_already_in_city_only_stars():
    s = buy("death-from-above", [{"energy": 5, "location": "city"}, {}, {}, {}])
    assert s.city == 0 and s.monsters[0].stars == 2


@pytest.mark.rule("kot-dark card:death-from-above", "kot-dark R5")
def test_death_from_above_from_bay_moves_to_city_everyone_else_leaves():
    s = buy("death-from-above", [{"energy": 5, "location": "bay"}, {"location": "city"}, {}, {}, {}],
            players=5)
    assert s.city == 0 and s.bay is None                       # ruling R5
    assert [m.location for m in s.monsters] == [CITY, OUT, OUT, OUT, OUT]
    assert s.monsters[0].stars == 2


@pytest.mark.rule("kot-dark card:death-from-above", "kot-dark R5")
def test_death_from_above_option_stay_in_bay():
    s = buy("death-from-above", [{"energy": 5, "location": "bay"}, {"location": "city"}, {}, {}, {}],
            players=5, options={"death_from_above": "stay"})
    assert s.city == 1 and s.bay == 0
    assert s.monsters[0].stars == 2


@pytest.mark.rule("kot-dark card:death-from-above")
def test_death_from_above_five_players_outside_empties_both():
    s = buy("death-from-above", [{"energy": 5}, {"location": "city"}, {"location": "bay"}, {}, {}], players=5)
    assert s.city == 0 and s.bay is None
    assert [m.location for m in s.monsters] == [CITY, OUT, OUT, OUT, OUT]
    assert s.monsters[0].stars == 3


# ============================================================================ Energize
@pytest.mark.rule("kot-dark card:energize")
def test_energize_nine_energy():
    s = buy("energize", [{"energy": 10}, {}, {}, {}])
    assert s.monsters[0].energy == 11
    assert_discarded(s, "energize")


@pytest.mark.rule("kot-dark card:energize", "kot-dark R32")
def test_energize_with_friend_of_children_ten():
    s = buy("energize", [{"energy": 8, "cards": ["friend-of-children"]}, {}, {}, {}])
    assert s.monsters[0].energy == 10


# ============================================================================ Evacuation Orders
@pytest.mark.rule("kot-dark card:evacuation-orders")
def test_evacuation_orders_others_lose_five_stars_not_below_zero():
    s = buy("evacuation-orders", [{"energy": 7, "stars": 6}, {"stars": 8}, {"stars": 3}, {"stars": 0}])
    assert stars(s) == [6, 3, 0, 0]
    assert_discarded(s, "evacuation-orders")


@pytest.mark.rule("kot-dark card:evacuation-orders")
def test_evacuation_orders_two_copies():
    s = pos([{"energy": 14}, {"stars": 12}, {}, {}], step="buy",
            market=["evacuation-orders", "evacuation-orders", "wings"])
    assert s.legal_texts().count("buy evacuation-orders") == 1
    play(s, "buy evacuation-orders", "reveal corner-store", "buy evacuation-orders")
    assert stars(s) == [0, 2, 0, 0]
    assert s.discard == ["evacuation-orders", "evacuation-orders"]
    assert s.deck.get("evacuation-orders", 0) == 0


# ============================================================================ Flame Thrower
@pytest.mark.rule("kot-dark card:flame-thrower")
def test_flame_thrower_every_other_monster_loses_two():
    s = buy("flame-thrower", [{"energy": 3}, {"location": "city"}, {"hearts": 1}, {}])
    assert hearts(s) == [10, 8, 0, 8]
    assert not s.monsters[2].alive
    # not a Smash: the monster in Tokyo is not offered to yield
    assert kind(s) == "chance:reveal"
    assert s.city == 1
    assert_discarded(s, "flame-thrower")


# ============================================================================ Frenzy
@pytest.mark.rule("kot-dark card:frenzy")
def test_frenzy_extra_turn():
    s = buy("frenzy", [{"energy": 7}, {}, {}, {}])
    assert [seat for seat, _ in s.extra_turns] == [0]
    assert_discarded(s, "frenzy")
    play(s, "reveal corner-store")
    # 0 energy: the Buy step has nothing to offer, the turn ends and seat 0 plays again
    assert s.active == 0 and s.turn_count == 2 and s.extra_turns == []
    assert kind(s) == "chance:die"


def _other_turn(s, faces="2 2 3 3 e e"):
    """Play the active monster's turn: roll ``faces``, stop, decline buying."""
    for f in faces.split():
        s.apply_action(f"roll {f}")
    while kind(s) in ("decision:roll", "decision:resolve", "decision:buy"):
        s.apply_action({"decision:roll": "stop", "decision:buy": "end"}.get(kind(s), s.legal_texts()[0]))


@pytest.mark.rule("kot-dark card:frenzy", "kot-dark card:opportunist", "kot-dark R38")
def test_frenzy_bought_with_opportunist_gives_the_buyer_an_extra_turn_right_after_this_one():
    s = pos([{"energy": 2}, {}, {"energy": 7, "cards": ["opportunist"]}, {}], step="buy",
            market=["energize", "extra-head", "giant-brain"])
    play(s, "sweep", "reveal frenzy")
    assert kind(s) == "card:opportunist" and s.current_player() == 2
    play(s, "buy frenzy", "reveal acid-attack", "reveal alien-origin", "reveal alpha-monster")
    assert kind(s) == "chance:die" and s.active == 2 and s.turn_count == 2
    assert "Gigazaur takes another turn." in [e.text for e in s.log]
    _other_turn(s)
    # then the clockwise order goes on from seat 0: seat 1, then seat 2's own turn
    assert s.active == 1 and s.turn_count == 3
    _other_turn(s)
    assert s.active == 2 and s.turn_count == 4


# ============================================================================ Gas Refinery
@pytest.mark.rule("kot-dark card:gas-refinery")
def test_gas_refinery_two_stars_others_lose_three():
    s = buy("gas-refinery", [{"energy": 6}, {"location": "city"}, {}, {"hearts": 4}])
    assert hearts(s) == [10, 7, 7, 1]
    assert stars(s) == [2, 0, 0, 0]
    assert_discarded(s, "gas-refinery")


# ============================================================================ High Altitude Bombing
@pytest.mark.rule("kot-dark card:high-altitude-bombing")
def test_high_altitude_bombing_everyone_loses_three():
    s = buy("high-altitude-bombing", [{"energy": 4}, {"location": "city"}, {}, {"hearts": 2}])
    assert hearts(s) == [7, 7, 7, 0]
    assert not s.monsters[3].alive
    assert_discarded(s, "high-altitude-bombing")


# ============================================================================ Jet Fighters
@pytest.mark.rule("kot-dark card:jet-fighters")
def test_jet_fighters_five_stars_lose_four_hearts():
    s = buy("jet-fighters", [{"energy": 5}, {}, {}, {}])
    assert s.monsters[0].stars == 5 and s.monsters[0].hearts == 6
    assert_discarded(s, "jet-fighters")


@pytest.mark.rule("kot-dark card:jet-fighters")
def test_jet_fighters_can_eliminate_the_buyer():
    s = buy("jet-fighters", [{"energy": 7, "hearts": 4, "stars": 16}, {}, {}, {}])
    m = s.monsters[0]
    assert not m.alive and m.hearts == 0 and m.stars == 21
    # the slot is refilled, then (ruling R20) the turn stops; 21 stars do not win when eliminated
    play(s, "reveal corner-store")
    assert s.winners is None
    assert s.active == 1 and kind(s) == "chance:die"


# ============================================================================ Nuclear Power Plant
@pytest.mark.rule("kot-dark card:nuclear-power-plant")
def test_nuclear_power_plant_two_stars_three_hearts():
    s = buy("nuclear-power-plant", [{"energy": 6, "hearts": 5}, {}, {}, {}])
    assert s.monsters[0].stars == 2 and s.monsters[0].hearts == 8
    assert_discarded(s, "nuclear-power-plant")


@pytest.mark.rule("kot-dark card:nuclear-power-plant", "kot-dark 9.0.3")
def test_nuclear_power_plant_hearts_capped_at_ten():
    s = buy("nuclear-power-plant", [{"energy": 6, "hearts": 9}, {}, {}, {}])
    assert s.monsters[0].hearts == 10


# ============================================================================ Tank
@pytest.mark.rule("kot-dark card:tank")
def test_tank_four_stars_lose_three_hearts():
    s = buy("tank", [{"energy": 4}, {}, {}, {}])
    assert s.monsters[0].stars == 4 and s.monsters[0].hearts == 7
    assert_discarded(s, "tank")


@pytest.mark.rule("kot-dark card:tank")
def test_tank_loss_reduced_by_armor_plating_only_when_one():
    s = buy("tank", [{"energy": 4, "cards": ["armor-plating"]}, {}, {}, {}])
    assert s.monsters[0].hearts == 7


# ============================================================================ Vast Storm
@pytest.mark.rule("kot-dark card:vast-storm")
def test_vast_storm_two_stars_others_lose_half_energy():
    s = buy("vast-storm", [{"energy": 9}, {"energy": 7}, {"energy": 1}, {"energy": 10}])
    assert energy(s) == [3, 4, 1, 5]
    assert stars(s) == [2, 0, 0, 0]
    assert_discarded(s, "vast-storm")


# ============================================================================ Monster Pets
@pytest.mark.rule("kot-dark card:monster-pets")
def test_monster_pets_everyone_loses_three_stars():
    s = buy("monster-pets", [{"stars": 5}, {"stars": 2}, {"stars": 3}, {"stars": 10}])
    assert stars(s) == [2, 0, 0, 7]
    assert s.monsters[0].energy == 0
    assert_discarded(s, "monster-pets")


# ============================================================================ related effects
def test_discard_card_with_media_friendly_and_have_it_all():
    s = buy("corner-store", [{"energy": 3, "cards": ["media-friendly"], "tiles": ["have-it-all"]}, {}, {}, {}],
            options={"wickedness_side": "green"})
    assert s.monsters[0].stars == 3


@pytest.mark.rule("kot-dark card:hibernation")
def test_hibernation_blocks_buying_discard_cards():
    s = pos([{"energy": 10, "cards": ["hibernation"]}, {}, {}, {}], step="buy", market=["skyscraper"] + FILLER)
    assert "buy skyscraper" not in s.legal_texts()
