"""The terminal picture of a Storyline or Crisis Format position (render.py, ``state.render``)
and the words of the actions (``describe_action``): what one seat may know and nothing more
(storyline 1.7), in lines of at most 100 columns."""

from __future__ import annotations

import random

import pytest

import tokyo
from tokyo.core import sample_chance
from tokyo.games.storyline.abilities import OPPONENT
from tokyo.games.storyline.game import StorylineGame
from tokyo.games.storyline.position import build_position
from tokyo.games.storyline.render import WIDTH
from sl_crisis_helpers import cpos, opp_turn
from sl_helpers import rule


def board():
    """Seat 0 (Concord) at its action in turn 6: a unit with a Device on its Homeworld, a
    Fallen Character, a Contested Location it took, Orbit, a ship with a passenger, a
    Storyline on Chapter 2 and an Epilogue."""
    return build_position(StorylineGame(2, {"decks": "concord,verdant"}), turn=6, treasury=[5, 2], story=[1, 2],
                          hands=[["concord-siege-battery", "concord-siege-battery", "concord-artillery-barrage"],
                                 ["verdant-harvest-song"]],
                          map=[{"card": "concord-bastion-walker", "owner": 0, "place": 1, "damage": 1, "ready": True},
                               {"card": "concord-reactive-plating", "owner": 0, "host": 3},                 # 4
                               {"card": "verdant-thornguard", "owner": 1, "place": 2, "damage": 2},         # 5
                               {"card": "verdant-grove-terrace", "owner": 1, "controller": 0, "damage": 3,
                                "counters": {"liberation": 1}},                                             # 6
                               {"card": "verdant-spore-glider", "owner": 1},                                # 7
                               {"card": "concord-dreadnought-resolute", "owner": 0},                        # 8
                               {"card": "concord-drop-marine", "owner": 0, "place": 8},                     # 9
                               {"card": "concord-the-long-campaign", "owner": 0, "chapter": 2,
                                "counters": {"story": 1}},                                                  # 10
                               {"card": "verdant-song-of-seasons", "owner": 1, "face": "back", "band": 1}])  # 11


def fits(text: str) -> None:
    assert all(len(line) <= WIDTH for line in text.splitlines()), max(text.splitlines(), key=len)


def section(text: str, head: str, stop: str) -> str:
    """The text from ``head`` to ``stop``, its wrapped lines joined (spaces collapsed)."""
    return " ".join(text[text.index(head):text.index(stop)].split())


def test_the_competitive_picture_shows_turn_players_bands_and_the_hand():
    s = board()
    pic = s.render(0)
    fits(pic)
    lines = pic.splitlines()
    assert lines[0] == "Act 1 of 5, round 3 of 4, turn 6: your turn, Main Phase."
    assert lines[1] == "Story Points: the first to 5 wins."
    # Treasury, Story Points, hand, deck, discard, Homeworld of each player
    assert lines[3].split() == [">", "Seat", "0", "(you)", "Ironclad", "Concord", "5", "1", "3", "22", "0",
                                "#1", "Anvil", "Prime"]
    assert lines[4].split() == ["Seat", "1", "Verdant", "Choir", "2", "2", "1", "25", "0", "#2", "Greensong"]
    surface = section(pic, "Surface (Band 1)", "Orbit (Band 2)")
    # the characteristics as they are now: Reactive Plating's +2 Durability
    assert "#3 Bastion Walker [you] Ground Unit: Strike 2 Low, Range 1; damage 1/6; ready" in surface
    assert "+ #4 Reactive Plating [you] Device: The card this is attached to has +2 Durability." in surface
    assert surface.index("#1 Anvil Prime") < surface.index("on it:") < surface.index("#3 Bastion Walker")
    assert "#5 Thornguard [Seat 1] Character: Strike 2 Low, Range 0; damage 2/2; FALLEN; spent" in surface
    assert "#6 Grove Terrace [you, owned by Seat 1] Location: Income 1; damage 3/3; CONTESTED; spent;" in surface
    assert "Liberation 1" in surface
    assert "#10 The Long Campaign [you] Storyline: Chapter 2 of 3, Story 1/2; Unshielded; damage 0/4" in surface
    assert "Chapter 2: In your Admin Phase: remove 1 damage counter from each Ground Unit you control." in surface
    assert "#11 The Seasons Turned [Seat 1] Epilogue of Song of Seasons (cleared when the Act ends)" in surface
    assert "#7 Spore Glider [Seat 1] Spacecraft: Strike 1 Low, Range 1; damage 0/2; spent" in \
        section(pic, "Orbit (Band 2)", "Deep Space (Band 3)")
    deep = section(pic, "Deep Space (Band 3)", "Your hand")
    assert deep.index("#8 Dreadnought Resolute") < deep.index("aboard:") < deep.index("#9 Drop Marine [you]")
    hand = section(pic, "Your hand (3):", "Now you choose")
    assert "2x Siege Battery (concord-siege-battery), cost 5, Ground Unit: Strike 3 High, Range 2, Durability" in hand
    assert "Artillery Barrage (concord-artillery-barrage), cost 4, Event: Deal 2 High damage" in hand
    assert lines[-2].startswith("Now you choose: the next action of the Main Phase")


@rule("storyline 1.7.1", "storyline 1.7.3")
def test_a_seat_sees_its_own_hand_and_only_the_sizes_of_the_others():
    s = board()
    mine, theirs, nobody = s.render(0), s.render(1), s.render(None)
    assert "Harvest Song" not in mine and "Siege Battery" not in theirs and "Siege Battery" not in nobody
    assert "Harvest Song (verdant-harvest-song), cost 0, Event: Gain 2 Treasury." in theirs
    assert "Your hand" not in nobody
    assert theirs.splitlines()[0].endswith("Seat 0's turn, Main Phase.")
    assert theirs.splitlines()[-2].startswith("Now Seat 0 chooses: the next action")
    # the Map is the same for everybody, told from each seat's side
    assert "#6 Grove Terrace [Seat 0, owned by you]" in theirs


def crisis_board():
    s = cpos(["crisis-drone-foundry", "crisis-grinding-front", "crisis-quiet-coup"], treasury=[4, 6],
             fields={"crisis-drone-foundry": {"counters": {"time": 5}, "chapter": 2, "damage": 2},
                     "crisis-grinding-front": {"face": "back"}},
             map=[{"card": "drone-scrap", "owner": OPPONENT},                                            # 6
                  {"card": "concord-drop-marine", "owner": 0, "place": 1},                              # 7
                  {"card": "crisis-neural-parasite", "owner": OPPONENT, "controller": 0, "host": 7}])   # 8
    s.map.remove(s.find(5))   # the Quiet Coup was destroyed
    s.pool, s.opp_story = 1, 2
    return s


@rule("storyline 22.9.5", "storyline 22.9.6", "storyline 22.4.1")
def test_the_crisis_picture_shows_both_targets_and_the_crisis_storylines():
    s = crisis_board()
    pic = s.render(0)
    fits(pic)
    lines = pic.splitlines()
    # N = 3: the players win at 5, the opponent at 4
    assert lines[1] == "Story Points: the players' pool 1 of 5 to win; the opponent 2 of 4 to win (3 Crisis Storylines)."
    assert "Story" not in lines[2]   # no Story Points per player: they share the pool
    assert "The opponent: no deck, hand or Treasury; it acts only as its cards say." in pic
    crises = section(pic, "Crisis Storylines", "Your hand")
    assert "#3 The Drone Foundry [opponent]: Chapter 2 of 3, Time 5/6; Unshielded; damage 2/21" in crises
    assert "Bargain - 2 Treasury: remove 1 Time counter from this." in crises
    assert "Chapter 2: In each opponent Admin Phase: create a Scrap Drone in the open and a Wasp Drone" in crises
    assert "#4 The Grinding Front: flipped to its back face, The Siege Colossus (Surface)" in crises
    assert "The Quiet Coup: destroyed" in crises
    surface = section(pic, "Surface (Band 1)", "Orbit (Band 2)")
    assert "#4 The Siege Colossus [opponent] Ground Unit, back of The Grinding Front: Strike 4 High" in surface
    assert "in the open:" in surface and "#6 Scrap Drone [opponent] Ground Unit (Drone): Strike 1 Low" in surface
    # the Parasite's -2 Strike (Strike 0: no Power or Range shown), and the Device under its host
    assert "#7 Drop Marine [you] Character: Strike 0; damage 0/2; spent" in surface
    assert "+ #8 Neural Parasite [you, owned by opponent] Device: The card this is attached to has -2 Strike." \
        in surface


def test_the_opponent_turn_and_the_opponent_seat():
    s = cpos(["crisis-grinding-front"], treasury=[5, 5], options={"opponent": "seat"},
             map=[{"card": "concord-drop-marine", "owner": 0}, {"card": "concord-line-trooper", "owner": 0}])
    opp_turn(s)   # Chapter 1: 1 Low to a random Character or Ground Unit: the opponent's seat chooses
    assert s.current_player() == 2
    pic = s.render(2)
    fits(pic)
    assert pic.splitlines()[0] == "Act 1 of 5, round 1 of 4, turn 2: the opponent's turn (paired with Seat 0), Admin Phase."
    assert "> The opponent (seat 2, you): no deck" in pic and "Your hand" not in pic
    assert " ".join(pic.split()).endswith("Now you choose: the opponent's random choice for The Grinding Front "
                                          "(#3): #4 Drop Marine, #5 Line Trooper.")
    seat0 = s.render(0)
    assert "turn 2: the opponent's turn (paired with you), Admin Phase.\n" in seat0
    assert " ".join(seat0.split()).endswith("Now the opponent chooses: the opponent's random choice for The "
                                            "Grinding Front (#3).")
    assert [s.describe_action(t) for t in s.legal_texts()] == ["#4 Drop Marine", "#5 Line Trooper"]


def test_the_end_of_the_game_in_words():
    s = board()
    s.finish([1], "target", "21.1.1")
    pic = s.render(0)
    assert pic.splitlines()[0] == "Act 1 of 5, round 3 of 4, turn 6, your turn: the game is over."
    assert pic.splitlines()[-1] == "Game over: Seat 1 wins."
    s.winners = [0, 1]
    assert s.render(None).splitlines()[-1] == "Game over: Seat 0 and Seat 1 win."
    c = crisis_board()
    c.pool = 5
    c.finish([0, 1], "players", "22.9.6")
    assert c.render(1).splitlines()[-1] == "Game over: the players win together."
    c = crisis_board()
    c.opp_story = 4
    c.finish([], "opponent", "22.9.5")
    assert c.render(1).splitlines()[-1] == "Game over: the opponent wins; the players lose together."


def test_actions_in_words():
    s = board()
    said = {t: s.describe_action(t) for t in s.legal_texts()}
    assert said["attack 3 5"] == "#3 Bastion Walker attacks #5 Thornguard (2 Low)"
    assert said["move 3 to 6"] == "#3 Bastion Walker moves onto #6 Grove Terrace"
    assert said["play concord-siege-battery on 6"] == "play Siege Battery (cost 5) on #6 Grove Terrace"
    assert said["play concord-artillery-barrage"] == "play Artillery Barrage (cost 4)"
    assert said["repair 6"] == "repair Grove Terrace: pay 2 Treasury to remove its 3 damage counters"
    # the ability in the card's own words, what it costs first
    assert said["use 1"] == ("use Anvil Prime: pay 1 Treasury and spend Anvil Prime to remove 2 damage counters "
                             "from target Ground Unit or Location you control")
    assert said["pass"] == "end your Main Phase"
    s.apply_action("play concord-artillery-barrage")
    assert s.render(0).splitlines()[-1].startswith("Now you choose: a card for Artillery Barrage: #2 Greensong,")
    assert s.describe_action("choose 7") == "#7 Spore Glider"
    assert "Resolving: Artillery Barrage (you)" in s.render(0)


def _games():
    yield tokyo.load_game("storyline", 3)
    yield tokyo.load_game("crisis-format", 2, opponent="seat", crises="crisis-parasite-bloom,crisis-drone-foundry")


@rule("storyline 1.7.1", "storyline 1.7.2")
@pytest.mark.parametrize("game", list(_games()), ids=lambda g: g.game_id)
def test_the_picture_is_the_same_for_every_state_the_seat_cannot_tell_apart(game):
    """Nothing hidden leaks: a seat's picture is the same for any redeal of what it has not
    seen (``resample``), and the whole game reads in 100 columns."""
    for seed in range(3):
        rng = random.Random(seed)
        s = game.new_initial_state()
        steps = 0
        while not s.is_terminal() and steps < 150:
            if s.is_chance_node():
                s.apply_action(sample_chance(s, rng))
                continue
            if steps % 5 == 0:
                for seat in range(game.num_players):
                    pic = s.render(seat)
                    fits(pic)
                    assert s.resample(seat, random.Random(steps)).render(seat) == pic
            legal = s.legal_texts()
            assert all(s.describe_action(t) for t in legal)
            s.apply_action(rng.choice(legal))
            steps += 1
        fits(s.render(None))
