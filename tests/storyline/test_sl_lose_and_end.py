"""Lose conditions (storyline 16), Story Points (15) and the end of the game (21)."""

from __future__ import annotations

from tokyo import TERMINAL
from sl_helpers import entry, keys, pos, rule


@rule("storyline 16.3.1", "storyline 16.3.2", "storyline 16.7.1", "storyline 6.2.2", "storyline 16.2.1",
      "storyline 16.1.2", "storyline 1.2.3")
def test_an_empty_treasury_gives_each_opponent_a_story_point_and_resets_to_three():
    s = pos(3, hands=[["amber-captain"], [], []], treasury=[3, 3, 3])
    s.apply_action("play amber-captain on 1")
    # only pass remains: the Main Phase ends and its Lose check runs
    assert [p["story"] for p in s.players] == [0, 1, 1]
    assert s.players[0]["treasury"] == 3 and "16.3.2" in keys(s)


@rule("storyline 16.5.1", "storyline 16.5.2", "storyline 16.8.2", "storyline 12.11.1", "storyline 16.5.3",
      "storyline 16.6.3", "storyline 16.2.3", "storyline 4.11.4", "storyline 16.2.4")
def test_five_broken_permanents_are_destroyed_and_a_homeworld_among_them_returns():
    broken = [{"card": c, "owner": 0, "damage": d} for c, d in
              [("amber-scout", 2), ("amber-scout", 2), ("amber-tank", 3), ("amber-outpost", 3)]]
    s = pos(2, hands=[[], []], map=broken, treasury=[3, 3])
    s.apply_action("pass")
    assert s.players[1]["story"] == 0   # four broken permanents: not yet
    s = pos(2, hands=[[], []], map=broken, treasury=[3, 3])
    s.find(1)["damage"] = 5             # the Homeworld is Contested too: five
    s.apply_action("pass")
    assert s.players[1]["story"] == 2   # wreckage, then the lost Homeworld in the same check
    assert not any(e["controller"] == 0 and s.broken(e) for e in s.map)
    home = entry(s, "amber-home")
    assert home["uid"] == 7 and home["damage"] == 0 and home["counters"] == {} and not home["ready"]
    assert s.players[0]["story"] == 0 and keys(s).index("16.5.2") < keys(s).index("16.6.3")
    assert sorted(s.players[0]["discard"]) == ["amber-outpost", "amber-scout", "amber-scout", "amber-tank"]


@rule("storyline 16.6.1", "storyline 16.6.2", "storyline 14.11.3")
def test_a_contested_homeworld_taken_by_occupation_comes_back_at_the_lose_check():
    from tokyo.games.storyline.position import build_position
    from sl_helpers import game
    g = game(2)
    s = build_position(g, hands=[["amber-supply"], []], treasury=[3, 3],
                       map=[{"card": "amber-tank", "owner": 0, "place": "basalt-home"}])
    s.find(2)["damage"] = 5    # Contested
    s.apply_action("play amber-supply")   # then only pass is legal: the Main Phase closes
    home = s.find(2)
    assert "14.11.3" in keys(s) and "16.6.1" in keys(s)
    assert home["controller"] == 1 and home["damage"] == 0 and s.players[0]["story"] == 1


@rule("storyline 21.1.1", "storyline 15.6.1", "storyline 15.7.1", "storyline 1.2.1", "storyline 21.4.1")
def test_reaching_the_target_wins_at_once():
    s = pos(2, story=[4, 0], map=[{"card": "amber-tank", "owner": 0, "ready": True},
                                  {"card": "basalt-scout", "owner": 1, "damage": 1}])
    s.apply_action("attack 3 4")
    assert s.current_player() == TERMINAL and s.winners == [0] and s.returns() == [1.0, 0.0]


@rule("storyline 21.2.1", "storyline 19.5.6", "storyline S18")
def test_an_award_that_brings_several_players_to_the_target_gives_the_win_to_the_highest():
    s = pos(3, story=[0, 4, 4], hands=[["amber-captain"], [], []], treasury=[3, 3, 3])
    s.apply_action("play amber-captain on 1")
    assert s.winners == [1, 2]
    s = pos(3, story=[0, 5, 4], options={"target": 6}, hands=[["amber-captain"], [], []], treasury=[3, 3, 3])
    s.apply_action("play amber-captain on 1")
    assert s.winners == [1]


@rule("storyline 21.3.1", "storyline 8.11.1", "storyline 8.11.2", "storyline S18")
def test_the_last_act_ends_the_game_with_the_highest_total():
    s = pos(2, active=1, turn=2, phase="end", story=[2, 1], options={"act_rounds": 1, "acts": 1})
    assert s.winners == [0] and s.win_by == "last-act"
    s = pos(2, active=1, turn=2, phase="end", story=[2, 2], options={"act_rounds": 1, "acts": 1})
    assert s.winners == [0, 1]
    s = pos(2, active=0, turn=1, phase="end", story=[2, 1], options={"act_rounds": 1, "acts": 1})
    assert s.winners is None   # the round is not over yet
