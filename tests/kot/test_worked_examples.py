"""The two worked examples of the Dark Edition rulebook, step by step.

(a) "Example" under Resolve Dice: Gigazaur's three rolls with Cyber Bunny in Tokyo City.
(b) "Example of a 5-Player Game": Tokyo City and Tokyo Bay, down to four monsters.
Every fact the rulebook states is asserted where it happens.
"""

import pytest

from rules_helpers import BAY, CITY, OUT, game, hearts, locations, node_kind, roll, stars, texts
from tokyo.games.kingoftokyo.position import build_position

MARKET = ["energize", "frenzy", "extra-head"]  # nothing anyone here can afford


# ----- (a) Gigazaur's roll --------------------------------------------------------------------------
@pytest.mark.rule("kot-dark 2.6.1")
def test_worked_example_gigazaur_three_rolls_and_resolution():
    g = game(4, monsters="gigazaur,cyber-bunny,the-king,kraken")
    state = build_position(g, [{"wickedness": 2, "hearts": 8}, {"location": "city"}, {}, {}],
                           active=0, step="roll", market=MARKET)
    giga, bunny = state.monsters[0], state.monsters[1]
    assert state.name(0) == "Gigazaur" and state.name(1) == "Cyber Bunny"
    assert state.city == 1 and giga.location == OUT and giga.wickedness == 2

    # first roll: the 6 gray dice show 1, 2, 3, 3, Heart, Lightning
    assert len(state.dice) == 6
    roll(state, "1 2 3 3 h e")
    assert sorted(state.dice) == ["1", "2", "3", "3", "e", "h"]
    # he keeps 3, 3 and rolls the four other dice again
    state.apply_action("reroll 1 2 h e")
    assert state.dice.count(None) == 4
    roll(state, "2 2 2 c")
    assert sorted(state.dice) == ["2", "2", "2", "3", "3", "c"]
    assert state.rolls_used == 2 and node_kind(state) == "roll"
    # one roll left: he keeps 2, 2, 2 and rolls the three other dice again
    state.apply_action("reroll 3 3 c")
    assert state.dice.count(None) == 3
    roll(state, "2 e c")
    assert sorted(state.dice) == ["2", "2", "2", "2", "c", "e"]
    # no roll left: straight to Resolve Dice
    assert state.rolls_used == 3 and node_kind(state) == "resolve"
    assert state.legal_texts() == ["resolve numbers", "resolve energy", "resolve smash"]

    # 2-2-2: 2 stars, plus 1 for the fourth 2
    state.apply_action("resolve numbers")
    assert giga.stars == 3
    assert "Gigazaur gains 3 stars for 2-2-2-2 (3)." in texts(state)
    # the three 2s give 1 Wickedness: the counter reaches 3 and a level-3 tile is offered
    assert giga.wickedness == 3
    assert node_kind(state) == "tile" and state.node[1] == 0 and state.node[3]["level"] == 3
    assert state.legal_texts() == ["tile devious", "tile eternal", "tile skulking", "tile tireless", "pass"]
    state.apply_action("tile skulking")
    assert giga.tiles == ["skulking"] and giga.levels == [3]
    assert "skulking" not in state.tile_stacks["3"]

    # the Lightning: 1 energy (energy and the Claw are left: their order cannot matter, and
    # they resolve without a question, R41)
    assert giga.energy == 1

    # the Claw wounds Cyber Bunny in Tokyo, and only Cyber Bunny
    assert node_kind(state) == "yield" and state.node[1] == 1  # smash was the last category
    assert hearts(state) == [8, 9, 10, 10]
    # no Heart rolled: Gigazaur gains no hearts
    assert giga.hearts == 8
    state.apply_action("stay", seat=1)
    assert state.city == 1 and giga.location == OUT
    assert (giga.stars, giga.wickedness, giga.energy) == (3, 3, 1)
    assert bunny.hearts == 9
    assert state.active == 1  # Gigazaur's turn is over (1 energy: nothing to buy or sweep)


@pytest.mark.rule("kot-dark 2.6.2")
def test_worked_example_gigazaur_in_tokyo_would_wound_the_others_but_not_cyber_bunny():
    # the rulebook's aside: had Gigazaur been in Tokyo (the Bay, with five monsters),
    # his Claw would wound every monster outside Tokyo and not Cyber Bunny
    g = game(5, monsters="gigazaur,cyber-bunny,the-king,kraken,meka-dragon")
    state = build_position(g, [{"location": "bay"}, {"location": "city"}, {}, {}, {}],
                           active=0, step="resolve", dice="2 2 2 2 e c", market=MARKET)
    state.apply_action("resolve smash")
    assert hearts(state) == [10, 10, 9, 9, 9]


# ----- (b) the five-player game -----------------------------------------------------------------------
@pytest.mark.rule("kot-dark 8.1", "kot-dark 8.2", "kot-dark 8.3", "kot-dark 8.4", "kot-dark 8.5")
def test_worked_example_five_player_game_tokyo_bay():
    g = game(5, monsters="meka-dragon,gigazaur,kraken,the-king,cyber-bunny")
    # Gigazaur holds a card, a tile and energy so that "discarding all possessions" shows
    specs = [{}, {"location": "city", "hearts": 8, "energy": 1, "cards": ["alien-origin"],
                  "wickedness": 3, "tiles": ["devious"]},
             {"location": "bay"}, {}, {}]
    state = build_position(g, specs, active=0, step="roll", market=MARKET)
    MEKA, GIGA, KRAKEN, KING, BUNNY = range(5)
    assert [state.name(s) for s in range(5)] == ["Meka Dragon", "Gigazaur", "Kraken", "The King", "Cyber Bunny"]
    assert state.city == GIGA and state.bay == KRAKEN and state.bay_in_use()

    # --- Meka Dragon's turn: 4 Claws
    roll(state, "c c c c e 1")
    state.apply_action("stop")  # energy and Claws resolve at once: their order cannot matter (R41)
    # Gigazaur and Kraken each lose 4 hearts
    assert hearts(state) == [10, 4, 6, 10, 10]
    # they both yield
    assert node_kind(state) == "yield" and state.node[1] == GIGA
    state.apply_action("yield", seat=GIGA)
    assert node_kind(state) == "yield" and state.node[1] == KRAKEN
    state.apply_action("yield", seat=KRAKEN)
    # after resolving all her dice, Meka Dragon enters Tokyo City (mandatory), +1 star
    log = texts(state)
    assert (log.index("Gigazaur yields Tokyo City.") < log.index("Kraken yields Tokyo Bay.")
            < log.index("Meka Dragon enters Tokyo City."))
    assert log.index("Meka Dragon gains 1 energy (1).") < log.index("Meka Dragon enters Tokyo City.")
    assert state.monsters[MEKA].energy == 1
    assert state.city == MEKA and stars(state) == [1, 0, 0, 0, 0]
    # Tokyo Bay stays empty
    assert state.bay is None
    assert locations(state) == [CITY, OUT, OUT, OUT, OUT]

    # --- Gigazaur's turn: 1 Claw, only Meka Dragon is wounded
    assert state.active == GIGA
    assert stars(state) == [1, 0, 0, 0, 0]  # Gigazaur does not start in Tokyo
    roll(state, "c 1 1 2 2 3")
    state.apply_action("stop")
    assert hearts(state) == [9, 4, 6, 10, 10]
    # Meka Dragon stays in Tokyo City
    assert node_kind(state) == "yield" and state.node[1] == MEKA
    state.apply_action("stay", seat=MEKA)
    # Gigazaur must enter the empty Tokyo Bay, +1 star
    assert state.bay == GIGA and state.city == MEKA
    assert stars(state) == [1, 1, 0, 0, 0]
    assert "Gigazaur enters Tokyo Bay." in texts(state)

    # --- Kraken's turn: 1 Claw, Gigazaur and Meka Dragon each lose 1 heart
    assert state.active == KRAKEN
    roll(state, "c 1 1 2 2 3")
    state.apply_action("stop")
    assert hearts(state) == [8, 3, 6, 10, 10]
    # Meka Dragon stays in Tokyo City, Gigazaur yields Tokyo Bay
    assert node_kind(state) == "yield" and state.node[1] == MEKA
    state.apply_action("stay", seat=MEKA)
    assert node_kind(state) == "yield" and state.node[1] == GIGA
    state.apply_action("yield", seat=GIGA)
    # Kraken must enter Tokyo Bay, +1 star
    assert state.bay == KRAKEN and state.city == MEKA
    assert locations(state) == [CITY, OUT, BAY, OUT, OUT]
    assert stars(state) == [1, 1, 1, 0, 0]

    # --- The King and Cyber Bunny roll no Claws: nobody enters or leaves,
    # Meka Dragon and Kraken may not yield (not wounded)
    since = len(state.history())
    for seat in (KING, BUNNY):
        assert state.active == seat
        roll(state, "1 1 2 2 3 3")
        state.apply_action("stop")
        assert node_kind(state) != "yield"
        assert locations(state) == [CITY, OUT, BAY, OUT, OUT]
    assert not {"yield", "stay"} & set(state.history()[since:])
    assert hearts(state) == [8, 3, 6, 10, 10]

    # --- Meka Dragon begins her turn in Tokyo: +2 stars
    assert state.active == MEKA
    assert stars(state) == [3, 1, 1, 0, 0]
    # she rolls 3 Claws: every monster outside Tokyo loses 3 hearts; Kraken in the Bay is not wounded
    roll(state, "c c c 1 2 3")
    state.apply_action("stop")
    assert hearts(state) == [8, 0, 6, 7, 7]
    # Gigazaur has 0 hearts: eliminated at once, discarding all his possessions
    giga = state.monsters[GIGA]
    assert not giga.alive
    assert giga.cards == [] and giga.tiles == [] and giga.energy == 0
    assert "alien-origin" in state.discard and "devious" in state.tiles_out
    assert "Gigazaur has no hearts left and is eliminated." in texts(state)
    # four monsters remain: Kraken must leave Tokyo Bay at once, Meka Dragon is alone in Tokyo
    assert len(state.alive()) == 4 and not state.bay_in_use()
    assert state.bay is None and state.monsters[KRAKEN].location == OUT
    assert state.city == MEKA
    assert locations(state) == [CITY, OUT, OUT, OUT, OUT]
    assert "Only 4 monsters remain: Kraken must leave Tokyo Bay." in texts(state)
    log = texts(state)
    assert log.index("Gigazaur has no hearts left and is eliminated.") < log.index(
        "Only 4 monsters remain: Kraken must leave Tokyo Bay.")
    # nobody was wounded inside Tokyo, so nobody is asked to yield; the game goes on
    assert not state.is_terminal()
    assert state.active == KRAKEN  # Gigazaur's seat is skipped
    assert stars(state) == [3, 1, 1, 0, 0]
