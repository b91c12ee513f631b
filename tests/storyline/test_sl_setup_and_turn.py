"""Setup (storyline 5), the turn and its phases (storyline 10), playing cards (6), drawing
and the hand limit (20)."""

from __future__ import annotations

import pytest

from tokyo import CHANCE, IllegalActionError, OptionError
from tokyo.games.storyline.game import StorylineGame
from sl_helpers import CARDS, entry, game, keys, pos, rule


@rule("storyline 1.1.1")
@pytest.mark.parametrize("n", [1, 5])
def test_player_counts_outside_two_to_four_are_refused(n):
    with pytest.raises(OptionError):
        StorylineGame(n, {}, cards=CARDS)


@rule("storyline 1.8.1", "storyline 1.8.2", "storyline 1.8.3", "storyline 1.8.4", "storyline 1.8.5")
def test_option_defaults():
    g = StorylineGame(3, {}, cards=CARDS)
    assert (g.options["target"], g.options["act_rounds"], g.options["acts"]) == (5, 4, 5)
    assert g.options["first_player"] == "random" and g.seat_decks == []
    with pytest.raises(OptionError):
        StorylineGame(2, {"decks": "amber,amber"}, cards=CARDS)


@rule("storyline 5.1.1", "storyline 5.1.3", "storyline 5.2.1", "storyline 5.3.1", "storyline 5.4.1",
      "storyline 5.6.1", "storyline 5.7.1", "storyline 5.9.1", "storyline 1.6.3", "storyline 4.13.2")
def test_setup_in_order_with_random_decks_and_first_player():
    s = StorylineGame(3, {}, cards=CARDS).new_initial_state()
    assert s.current_player() == CHANCE and s.node[2] == "deck"
    s.apply_action("deck cobalt")
    assert s.legal_texts() == ["deck amber", "deck basalt", "deck dusk"]   # no two seats the same
    s.apply_action("deck amber")
    s.apply_action("deck dusk")
    outcomes = s.chance_outcomes()
    assert [a.text for a, _ in outcomes] == ["first 0", "first 1", "first 2"]
    assert all(abs(p - 1 / 3) < 1e-12 for _, p in outcomes)
    assert [e["card"] for e in s.map] == ["cobalt-home", "amber-home", "dusk-home"]   # seat order
    assert [e["uid"] for e in s.map] == [1, 2, 3]
    assert all(e["controller"] == e["owner"] == i and e["counters"] == {} for i, e in enumerate(s.map))
    assert [p["treasury"] for p in s.players] == [3, 3, 3]
    assert [sum(p["deck"].values()) for p in s.players] == [30, 30, 30]
    s.apply_action("first 1")
    draws = 0
    while s.is_chance_node():
        assert s.node[3]["seat"] == [1, 2, 0][draws // 6]   # turn order from the first player
        s.apply_action(s.legal_texts()[0])
        draws += 1
    assert draws == 18 and [len(p["hand"]) for p in s.players] == [6, 6, 6]
    assert [p["story"] for p in s.players] == [0, 0, 0]
    ks = keys(s)
    assert ks.index("5.3.1") < ks.index("5.4.1") < ks.index("5.5.1") < ks.index("5.6.1") < ks.index("5.7.1")
    assert s.node[:3] == ["decision", 1, "mulligan"]


@rule("storyline 5.8.1")
def test_mulligan_shuffles_the_hand_back_and_draws_six():
    s = game(2, first_player="0").new_initial_state()
    while s.is_chance_node():
        s.apply_action(s.legal_texts()[0])
    hand = list(s.players[0]["hand"])
    s.apply_action("mulligan")
    assert s.players[0]["hand"] == [] and sum(s.players[0]["deck"].values()) == 30
    for _ in range(6):
        s.apply_action(s.legal_texts()[-1])
    assert len(s.players[0]["hand"]) == 6 and s.players[0]["hand"] != hand
    assert s.node[:3] == ["decision", 1, "mulligan"]   # then the next player, once
    s.apply_action("keep")
    assert s.node[2] == "draw" and s.active == 0       # the first turn's Draw Phase


@rule("storyline 10.2.1", "storyline 10.3.1", "storyline 10.3.2", "storyline 10.3.3", "storyline 8.6.1",
      "storyline 17.6.1", "storyline 10.4.1")
def test_admin_phase_readies_pays_income_and_places_story_counters():
    s = pos(2, active=0, phase="start", treasury=[1, 1], map=[
        {"card": "amber-outpost", "owner": 0, "damage": 3},                 # Contested: still gives Income
        {"card": "basalt-outpost", "owner": 1, "controller": 0},            # controlled, not owned
        {"card": "amber-scout", "owner": 0, "place": "amber-home"},
        {"card": "amber-saga", "owner": 0},
        {"card": "basalt-saga", "owner": 1}])
    assert entry(s, "amber-scout")["ready"] and entry(s, "amber-outpost")["ready"]
    assert s.players[0]["treasury"] == 1 + 2 + 3        # 2 + Homeworld 1 + two Outposts
    assert s.players[1]["treasury"] == 1
    assert entry(s, "amber-saga")["counters"] == {"story": 1}
    assert entry(s, "basalt-saga")["counters"] == {}
    assert s.node[2] == "draw" and s.node[3]["seat"] == 0
    assert keys(s)[-4:] == ["10.3.1", "10.3.2", "10.3.3", "16.3.1"] or "10.3.1" in keys(s)


@rule("storyline 6.1.1", "storyline 6.2.1", "storyline 6.3.1", "storyline 6.3.2", "storyline 6.3.3",
      "storyline 6.4.1", "storyline 10.6.1")
def test_playing_permanents_pays_the_cost_and_enters_spent_in_place():
    s = pos(2, hands=[["amber-scout", "amber-fighter", "amber-carrier"], []], treasury=[4, 3])
    legal = s.legal_texts()
    assert "play amber-scout on 1" in legal and "play amber-fighter" in legal
    assert not any(t.startswith("play amber-carrier") for t in legal)     # cost 5 > Treasury 4
    s.apply_action("play amber-scout on 1")
    scout = entry(s, "amber-scout")
    assert scout["place"] == 1 and not scout["ready"] and s.players[0]["treasury"] == 3
    s.apply_action("play amber-fighter")
    fighter = entry(s, "amber-fighter")
    assert fighter["place"] is None and s.band(fighter) == 2 and not fighter["ready"]
    assert s.players[0]["treasury"] == 1


@rule("storyline 6.3.2")
def test_a_unit_enters_in_the_open_without_a_location():
    s = pos(2, homeworlds=False, hands=[["amber-tank"], []])
    s.apply_action("play amber-tank")
    assert entry(s, "amber-tank")["place"] is None and s.band(entry(s, "amber-tank")) == 1


@rule("storyline 6.5.1", "storyline 6.5.2", "storyline 14.9.2")
def test_a_device_attaches_to_a_permanent_of_an_allowed_type():
    s = pos(2, hands=[["amber-plating"], []], map=[{"card": "amber-scout", "owner": 0, "place": "amber-home"}])
    legal = [t for t in s.legal_texts() if t.startswith("play amber-plating")]
    assert legal == ["play amber-plating on 1"]          # a Location yes, a Character not allowed
    s.apply_action("play amber-plating on 1")
    d = entry(s, "amber-plating")
    assert d["host"] == 1 and d["controller"] == 0
    s2 = pos(2, homeworlds=False, hands=[["amber-plating"], []], map=[{"card": "amber-scout", "owner": 0}])
    assert not any(t.startswith("play amber-plating") for t in s2.legal_texts())


@rule("storyline 6.6.1", "storyline 3.8.1", "storyline 20.1.1")
def test_an_event_resolves_and_goes_to_the_discard_pile():
    s = pos(2, hands=[["amber-supply", "amber-intel"], []], treasury=[1, 3])
    s.apply_action("play amber-supply")
    assert s.players[0]["treasury"] == 3 and s.players[0]["discard"] == ["amber-supply"]
    s.apply_action("play amber-intel")
    assert s.node[2] == "draw"
    s.apply_action("draw amber-scout")
    s.apply_action("draw amber-tank")
    assert sorted(s.players[0]["hand"]) == ["amber-scout", "amber-tank"]
    assert s.players[0]["discard"] == ["amber-supply", "amber-intel"]


@rule("storyline 6.7.1", "storyline 8.1.1", "storyline 8.1.2", "storyline 4.6.4")
def test_an_ordinary_storyline_enters_in_its_band_on_chapter_one():
    s = pos(2, hands=[["amber-saga"], []])
    s.apply_action("play amber-saga")
    e = entry(s, "amber-saga")
    assert s.band(e) == 2 and e["chapter"] == 1 and e["counters"] == {} and e["controller"] == 0


@rule("storyline 1.6.2", "storyline 10.6.7", "storyline 10.5.4", "storyline 10.1.1")
def test_pass_ends_the_action_step_and_the_next_seat_plays():
    s = pos(2, hands=[["amber-carrier"], []], treasury=[0, 3], story=[0, 0], options={"target": 9})
    # nothing but pass is legal: the Main Phase passes without a decision
    assert s.active == 1 and s.node[2] == "draw"
    assert "10.6.7" in keys(s)


@rule("storyline 10.7.2", "storyline 20.3.1", "storyline 4.3.1")
def test_end_phase_discards_down_to_seven():
    hand = ["amber-scout"] * 3 + ["amber-tank"] * 3 + ["amber-fighter"] * 3
    s = pos(2, hands=[hand, []], phase="end")
    assert s.node[:3] == ["decision", 0, "discard"]
    s.apply_action("discard amber-tank")
    s.apply_action("discard amber-tank")
    assert len(s.players[0]["hand"]) == 7 and s.players[0]["discard"] == ["amber-tank"] * 2
    assert s.active == 1


@rule("storyline 20.2.1", "storyline 16.4.1", "storyline 16.4.2", "storyline 16.7.1", "storyline 10.2.3")
def test_drawing_from_an_empty_deck_marks_and_the_phase_end_recovers():
    s = pos(2, active=1, phase="start", decks=[None, {}], discards=[[], ["basalt-scout", "basalt-tank"]],
            hands=[[], ["basalt-supply"]])
    assert s.node[:3] == ["decision", 1, "main"]     # nothing drawn: no chance node
    assert "20.2.1" in keys(s)
    assert s.players[0]["story"] == 1                 # the Draw Phase's Lose check
    assert s.players[1]["deck"] == {"basalt-scout": 1, "basalt-tank": 1} and s.players[1]["discard"] == []
    assert not s.players[1]["empty_draw"]


def test_a_seat_not_to_act_is_refused():
    s = pos(2, hands=[["amber-scout"], []])
    before = s.clone()
    with pytest.raises(IllegalActionError):
        s.apply_action("pass", seat=1)
    assert s == before
