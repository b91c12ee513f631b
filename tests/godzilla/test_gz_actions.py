"""The kot-godzilla ACTION and EVENT Energy cards (godzilla_actions.py), at least one test each."""

import pytest

from tokyo.games.kingoftokyo.engine import BAY, CITY, OUT
from gz_helpers import card, energy, finish, hearts, kind, play, pos, roll, setup, stars, texts

R = "kot-godzilla "
FILLER = "tidal-rest"  # the card revealed in place of the one bought: a POWER without any reveal effect


def rules(*keys):
    return pytest.mark.rule(*(R + k for k in keys))


def buy(cid, monsters, players=4, reveal=FILLER, **kw):
    """Seat ``kw.get('active', 0)`` buys ``cid`` (it has exactly 2 Energy more than the cost,
    so the Buy step stays open: the numbers are those of the card alone)."""
    s = pos(monsters, players=players, step="buy", market=[cid, "mutant-growth", "radiation-aura"], **kw)
    play(s, f"buy {cid}")
    if kind(s) == "reveal":
        play(s, f"reveal {reveal}")
    return s


def cost(cid):
    from gz_helpers import game
    return game().card(cid).cost


def buyer(cid, **spec):
    return dict(spec, energy=cost(cid) + 2)


def cites(s, cid):
    return any(f"card:{cid} " in e.rule for e in s.log)


# ====================================== ACTION ======================================
@card("supply-drop")
def test_supply_drop_three_dice_tokens_while_the_supply_lasts():
    s = buy("supply-drop", [buyer("supply-drop", dice_tokens=1)])
    assert s.tokens[0] == 4 and s.supply["dice"] == 8 and s.monsters[0].energy == 2
    assert cites(s, "supply-drop")
    s = buy("supply-drop", [buyer("supply-drop"), {"dice_tokens": 10}])
    assert s.tokens[:2] == [2, 10] and s.supply["dice"] == 0  # 2 left of 12: 2 taken (G4)


@card("derail-bullet-train")
def test_derail_the_bullet_train_three_stars_one_token():
    s = buy("derail-bullet-train", [buyer("derail-bullet-train", stars=4)])
    assert s.monsters[0].stars == 7 and s.tokens[0] == 1 and s.supply["dice"] == 11
    assert cites(s, "derail-bullet-train")


@card("topple-the-tower")
def test_topple_the_tower_three_stars():
    s = buy("topple-the-tower", [buyer("topple-the-tower", stars=1)])
    assert stars(s) == [4, 0, 0, 0] and s.monsters[0].energy == 2 and cites(s, "topple-the-tower")
    assert "topple-the-tower" in s.discard and s.monsters[0].cards == []


@card("rampage-downtown")
def test_rampage_downtown_one_star_two_in_tokyo():
    s = buy("rampage-downtown", [buyer("rampage-downtown")])
    assert s.monsters[0].stars == 1
    s = buy("rampage-downtown", [buyer("rampage-downtown", location="city")])
    assert s.monsters[0].stars == 2
    s = buy("rampage-downtown", [{}, {}, {}, {}, buyer("rampage-downtown", location="bay"), {"location": "city"}],
            players=6, active=4)
    assert s.monsters[4].stars == 2  # Tokyo Bay is Tokyo


@card("crush-tank-column")
def test_crush_the_tank_column_four_stars_three_hearts():
    s = buy("crush-tank-column", [buyer("crush-tank-column", hearts=8, stars=2)])
    assert s.monsters[0].stars == 6 and s.monsters[0].hearts == 5 and cites(s, "crush-tank-column")


@card("oxygen-destroyer")
@rules("2.3.7")
def test_oxygen_destroyer_every_monster_the_buyer_too_loses_three():
    s = buy("oxygen-destroyer", [buyer("oxygen-destroyer"), {"location": "city"}, {"hearts": 3}, {"hearts": 5}])
    assert hearts(s) == [7, 7, 0, 2] and not s.monsters[2].alive
    assert s.monsters[1].location == CITY and kind(s) == "buy"  # no flee question
    assert cites(s, "oxygen-destroyer")


@card("missile-barrage")
def test_missile_barrage_every_other_monster_loses_two():
    s = buy("missile-barrage", [buyer("missile-barrage", hearts=6), {"location": "city"}, {"hearts": 1}, {}])
    assert hearts(s) == [6, 8, 0, 8] and not s.monsters[2].alive and cites(s, "missile-barrage")


@card("field-hospital")
@rules("2.4.4", "2.4.2")
def test_field_hospital_three_hearts_never_above_ten():
    s = buy("field-hospital", [buyer("field-hospital", hearts=4, location="city")])
    assert s.monsters[0].hearts == 7
    s = buy("field-hospital", [buyer("field-hospital", hearts=9)])
    assert s.monsters[0].hearts == 10


@card("landfall")
def test_landfall_everyone_leaves_tokyo_buyer_takes_the_city():
    s = buy("landfall", [buyer("landfall"), {"location": "city"}, {"location": "bay"}, {}, {}], players=5)
    assert locations_are(s, [CITY, OUT, OUT, OUT, OUT]) and s.city == 0 and s.bay is None
    assert s.monsters[0].stars == 2 + 1 and cites(s, "landfall")  # the card, and entering Tokyo
    # from Tokyo Bay: it moves to the City, no star for entering (it was in Tokyo)
    s = buy("landfall", [buyer("landfall", location="bay"), {"location": "city"}, {}, {}, {}], players=5)
    assert locations_are(s, [CITY, OUT, OUT, OUT, OUT]) and s.monsters[0].stars == 2
    # already in the City: the others leave, 2 stars only
    s = buy("landfall", [buyer("landfall", location="city"), {"location": "bay"}, {}, {}, {}], players=5)
    assert locations_are(s, [CITY, OUT, OUT, OUT, OUT]) and s.monsters[0].stars == 2


def locations_are(s, want):
    return [m.location for m in s.monsters] == want


@card("rolling-blackout")
def test_rolling_blackout_others_lose_two_energy_buyer_gains_a_star():
    s = buy("rolling-blackout", [buyer("rolling-blackout"), {"energy": 5}, {"energy": 1}, {"energy": 0}])
    assert energy(s) == [2, 3, 0, 0] and stars(s) == [1, 0, 0, 0] and cites(s, "rolling-blackout")


@card("storm-surge")
@rules("2.3.7")
def test_storm_surge_hits_only_the_others_in_tokyo_and_nobody_flees():
    s = buy("storm-surge", [buyer("storm-surge"), {"location": "city"}, {}, {}])
    assert hearts(s) == [10, 8, 10, 10] and stars(s) == [1, 0, 0, 0] and kind(s) == "buy"
    assert s.monsters[1].location == CITY and cites(s, "storm-surge")
    s = buy("storm-surge", [buyer("storm-surge", location="city"), {"location": "bay"}, {}, {}, {}], players=5)
    assert hearts(s) == [10, 8, 10, 10, 10] and s.monsters[1].location == BAY


@card("air-strike")
@rules("2.3.7")
def test_air_strike_chosen_monster_loses_three():
    s = pos([buyer("air-strike"), {"location": "city"}, {"alive": False}, {}], step="buy",
            market=["air-strike", "mutant-growth", "radiation-aura"])
    play(s, "buy air-strike")
    assert kind(s) == "card" and s.node[1] == 0 and s.legal_texts() == ["target 1", "target 3"]
    play(s, "target 1", f"reveal {FILLER}")
    assert hearts(s) == [10, 7, 0, 10] and s.monsters[1].location == CITY and kind(s) == "buy"
    assert cites(s, "air-strike")


@card("berserk-rage")
def test_berserk_rage_another_turn_after_this_one():
    s = buy("berserk-rage", [buyer("berserk-rage"), {}, {}, {}])
    play(s, "end")
    assert s.active == 0 and s.turn_count == 2 and cites(s, "berserk-rage")
    assert "Godzilla takes another turn." in texts(s)


# ====================================== EVENT: reveal ======================================
def revealed(event, monsters, players=4, **kw):
    """Seat ``active`` buys Heavy Ordnance (3) with 5 Energy; ``event`` is revealed in its place."""
    s = pos(monsters, players=players, step="buy", market=["heavy-ordnance", "mutant-growth", "radiation-aura"], **kw)
    play(s, "buy heavy-ordnance", f"reveal {event}")
    return s


@card("great-earthquake")
@rules("4.3.1", "2.3.7")
def test_great_earthquake_reveal_every_monster_loses_one_heart():
    s = revealed("great-earthquake", [{"energy": 5}, {"location": "city"}, {"hearts": 1}, {}])
    assert hearts(s) == [9, 9, 0, 9] and not s.monsters[2].alive and s.monsters[1].location == CITY
    assert kind(s) == "buy" and s.market[0] == "great-earthquake" and cites(s, "great-earthquake")
    play(s, "end")
    assert hearts(s)[:2] == [9, 9]  # once only
    s = setup(reveals=("great-earthquake", "atomic-surge", "supercomputer"))  # at set-up too
    assert hearts(s) == [9, 9, 9, 9]


@card("great-earthquake")
@rules("4.3.3")
def test_great_earthquake_bought_two_stars_every_other_monster_loses_one():
    s = buy("great-earthquake", [buyer("great-earthquake"), {"location": "city"}, {}, {}])
    assert hearts(s) == [10, 9, 9, 9] and stars(s) == [2, 0, 0, 0] and "great-earthquake" in s.discard


@card("military-airlift")
@rules("4.3.1", "G32")
def test_military_airlift_reveal_one_token_each_clockwise_while_the_supply_lasts():
    s = revealed("military-airlift", [{"dice_tokens": 9}, {"energy": 5}, {}, {}], active=1)
    assert s.tokens == [9, 1, 1, 1] and s.supply["dice"] == 0
    s = revealed("military-airlift", [{"dice_tokens": 10}, {"energy": 5}, {}, {}], active=1)
    assert s.tokens == [10, 1, 1, 0] and s.supply["dice"] == 0  # from the active monster, clockwise
    s = setup(reveals=("military-airlift", "atomic-surge", "supercomputer"))
    assert s.tokens == [1, 1, 1, 1] and s.supply["dice"] == 8


@card("military-airlift")
@rules("4.3.3")
def test_military_airlift_bought_two_tokens_and_one_energy():
    s = buy("military-airlift", [buyer("military-airlift")])
    assert s.tokens[0] == 2 and s.monsters[0].energy == 3


@card("breaking-news")
@rules("4.3.1")
def test_breaking_news_reveal_monsters_in_tokyo_gain_a_star():
    s = revealed("breaking-news", [{"energy": 5}, {"location": "city"}, {"location": "bay"}, {}, {}], players=5)
    assert stars(s) == [0, 1, 1, 0, 0] and cites(s, "breaking-news")


@card("breaking-news")
@rules("4.3.3")
def test_breaking_news_bought_two_stars_three_in_tokyo():
    s = buy("breaking-news", [buyer("breaking-news")])
    assert s.monsters[0].stars == 2
    s = buy("breaking-news", [buyer("breaking-news", location="city")])
    assert s.monsters[0].stars == 3


@card("solar-storm")
@rules("4.3.1")
def test_solar_storm_reveal_every_living_monster_gains_one_energy():
    s = revealed("solar-storm", [{"energy": 5}, {"energy": 1}, {"alive": False}, {}])
    assert energy(s) == [3, 2, 0, 1] and cites(s, "solar-storm")


@card("solar-storm")
@rules("4.3.3")
def test_solar_storm_bought_two_stars_two_energy():
    s = buy("solar-storm", [buyer("solar-storm")])
    assert s.monsters[0].stars == 2 and s.monsters[0].energy == 4


@card("mutagenic-rain")
@rules("4.3.1", "2.4.4")
def test_mutagenic_rain_reveal_two_hearts_each_up_to_ten_in_tokyo_too():
    s = revealed("mutagenic-rain", [{"energy": 5, "hearts": 5}, {"hearts": 9, "location": "city"}, {}, {"hearts": 1}])
    assert hearts(s) == [7, 10, 10, 3] and cites(s, "mutagenic-rain")


@card("mutagenic-rain")
@rules("4.3.3")
def test_mutagenic_rain_bought_three_hearts_one_star():
    s = buy("mutagenic-rain", [buyer("mutagenic-rain", hearts=6)])
    assert s.monsters[0].hearts == 9 and s.monsters[0].stars == 1


# ====================================== EVENT: ongoing ======================================
@card("typhoon")
@rules("4.3.2")
def test_typhoon_one_roll_fewer_for_every_monster():
    s = pos(step="turn-start", market=["typhoon", "mutant-growth", "radiation-aura"])
    assert s.rolls_allowed == 2
    roll(s, "1 1 2 2 3 e")
    play(s, "reroll 3")
    roll(s, "e")
    assert kind(s) != "roll" and s.rolls_used == 2  # the second roll was the last
    s = pos([{"cards": ["supercomputer"]}], step="turn-start", market=["typhoon", "mutant-growth", "radiation-aura"])
    assert s.rolls_allowed == 3
    s = pos([{}, {}], players=2, step="turn-start", active=1, market=["typhoon", "mutant-growth", "radiation-aura"])
    assert s.rolls_allowed == 2


@card("typhoon")
@rules("4.3.3")
def test_typhoon_bought_one_star_two_tokens_and_three_rolls_again():
    s = buy("typhoon", [buyer("typhoon")])
    assert s.monsters[0].stars == 1 and s.tokens[0] == 2
    assert s.hook_extra_rolls(s.monsters[1]) == 0


@card("wartime-rationing")
@rules("4.3.2", "4.2.1")
def test_wartime_rationing_two_energy_for_buying_nothing():
    s = pos([{"energy": 1}], step="buy", market=["wartime-rationing", "mutant-growth", "radiation-aura"])
    assert s.monsters[0].energy == 3 and s.active == 1 and cites(s, "wartime-rationing")
    s = pos([{"energy": 5}], step="buy", market=["wartime-rationing", "heavy-ordnance", "radiation-aura"])
    play(s, "buy heavy-ordnance", f"reveal {FILLER}")
    assert s.monsters[0].energy == 2  # it bought a card: nothing
    play(s, "sweep", "reveal atomic-surge", "reveal supercomputer")
    assert s.monsters[0].energy == 0 and s.active == 1


@card("wartime-rationing")
@rules("4.3.3")
def test_wartime_rationing_bought_one_star_two_hearts():
    s = buy("wartime-rationing", [buyer("wartime-rationing", hearts=7)])
    assert s.monsters[0].stars == 1 and s.monsters[0].hearts == 9


@card("evacuated-city")
@rules("4.3.2", "2.3.5")
def test_evacuated_city_smack_on_tokyo_one_heart_smaller():
    market = ["evacuated-city", "mutant-growth", "radiation-aura"]
    s = pos([{}, {"location": "city"}], step="resolve", dice="c c c 1 2 3", market=market)
    assert s.monsters[1].hearts == 8 and kind(s) == "yield"
    s = pos([{}, {"location": "city"}], step="resolve", dice="c 1 2 3 1 2", market=market)
    assert s.monsters[1].hearts == 10 and kind(s) != "yield"  # a loss cut to 0: no flee
    assert s.monsters[1].location == CITY and cites(s, "evacuated-city")
    s = finish(pos([{"location": "city"}, {}], step="resolve", dice="c c 1 2 3 1", market=market))
    assert hearts(s)[1:] == [8, 8, 8]  # outside Tokyo: the full loss
    s = pos([buyer("missile-barrage"), {"location": "city"}], step="buy",
            market=["missile-barrage", "evacuated-city", "radiation-aura"])
    play(s, "buy missile-barrage", f"reveal {FILLER}")
    assert s.monsters[1].hearts == 8  # not a Smack: the full loss


@card("evacuated-city")
@rules("4.3.3")
def test_evacuated_city_bought_three_stars():
    s = buy("evacuated-city", [buyer("evacuated-city")])
    assert s.monsters[0].stars == 3 and "evacuated-city" not in s.market


@card("open-arsenal")
@rules("4.3.2", "1.3")
def test_open_arsenal_a_token_at_the_start_of_a_turn_without_any():
    market = ["open-arsenal", "mutant-growth", "radiation-aura"]
    s = pos(step="turn-start", market=market)
    assert s.tokens[0] == 1 and s.supply["dice"] == 11 and s.legal_texts() == ["black 0", "black 1"]
    assert cites(s, "open-arsenal")
    s = pos([{"dice_tokens": 1}], step="turn-start", market=market)
    assert s.tokens[0] == 1 and s.supply["dice"] == 11
    s = pos([{}, {"dice_tokens": 12}], step="turn-start", market=market)
    assert s.tokens[0] == 0 and kind(s) == "die"  # the supply is empty


@card("open-arsenal")
@rules("4.3.3")
def test_open_arsenal_bought_two_tokens_one_star():
    s = buy("open-arsenal", [buyer("open-arsenal")])
    assert s.tokens[0] == 2 and s.monsters[0].stars == 1


@card("kaiju-rampage")
@rules("4.3.2")
def test_kaiju_rampage_a_roll_with_a_smack_counts_one_more():
    market = ["kaiju-rampage", "mutant-growth", "radiation-aura"]
    s = finish(pos([{}, {"location": "city"}], step="resolve", dice="c c 1 2 3 1", market=market))
    assert s.monsters[1].hearts == 7
    s = finish(pos([{}, {"location": "city"}], step="resolve", dice="1 1 2 2 3 e", market=market))
    assert s.monsters[1].hearts == 10  # no Smack: nothing to add
    s = finish(pos([{}, {"location": "city"}], active=1, step="resolve", dice="c 1 1 2 2 3", market=market))
    assert hearts(s) == [8, 10, 8, 8]  # every monster's Roll


@card("kaiju-rampage")
@rules("4.3.3")
def test_kaiju_rampage_bought_two_stars_two_hearts():
    s = buy("kaiju-rampage", [buyer("kaiju-rampage", hearts=5)])
    assert s.monsters[0].stars == 2 and s.monsters[0].hearts == 7


# ====================================== rulings ======================================
@card("evacuated-city")
@rules("G30")
def test_g30_evacuated_city_then_scale_armour():
    market = ["evacuated-city", "mutant-growth", "radiation-aura"]
    s = pos([{}, {"location": "city", "cards": ["scale-armour"]}], step="resolve", dice="c c 1 2 3 1", market=market)
    assert s.monsters[1].hearts == 10 and kind(s) != "yield" and s.monsters[1].location == CITY
    s = pos([{}, {"location": "city", "cards": ["scale-armour"]}], step="resolve", dice="c c c 2 3 1", market=market)
    assert s.monsters[1].hearts == 8 and kind(s) == "yield"  # 3 -> 2: Scale Armour does not apply


@card("landfall")
@rules("G31")
def test_g31_landfall_from_tokyo_city_still_clears_tokyo():
    s = buy("landfall", [buyer("landfall", location="city"), {"location": "bay"}, {}, {}, {}], players=5)
    assert locations_are(s, [CITY, OUT, OUT, OUT, OUT]) and s.city == 0 and s.bay is None
    assert s.monsters[0].stars == 2
    s = buy("landfall", [buyer("landfall", location="bay"), {"location": "city"}, {}, {}, {}], players=5)
    assert locations_are(s, [CITY, OUT, OUT, OUT, OUT]) and s.monsters[0].stars == 2


@card("great-earthquake")
@rules("G32")
def test_g32_a_reveal_event_eliminates_the_buyer_and_its_turn_ends():
    s = revealed("great-earthquake", [{"energy": 5, "hearts": 1, "location": "city"}, {}, {"hearts": 1}, {}])
    assert hearts(s) == [0, 9, 0, 9] and not s.monsters[0].alive and not s.monsters[2].alive
    assert s.city is None and s.active == 1 and s.monsters[0].energy == 0
