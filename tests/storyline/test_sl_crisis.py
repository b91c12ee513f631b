"""The Crisis Format (storyline §22): a test per statement of section 22 (grouped where one
situation shows several), with the shipped cards."""

from __future__ import annotations

import random

import pytest

import tokyo

from tokyo import IllegalActionError, OptionError
from tokyo.games.storyline.abilities import OPPONENT
from sl_helpers import entry, keys, rule
from sl_crisis_helpers import cgame, cpos, lines, opp_turn, run

GF, BE, DF, PB, RC, QC = ("crisis-grinding-front", "crisis-bleeding-exchequer", "crisis-drone-foundry",
                          "crisis-parasite-bloom", "crisis-returning-comet", "crisis-quiet-coup")


# ----- 22.1 Setup ----------------------------------------------------------------------------
@rule("storyline 22.1.1", "storyline 22.1.2", "storyline 1.8.7", "storyline 1.6.3", "storyline 5.2.1", "storyline S1")
def test_setup_puts_one_crisis_per_player_from_a_listed_chance_node():
    s = cgame(2, first_player="0").new_initial_state()
    assert s.node[2] == "crises"
    outs = s.chance_outcomes()
    assert len(outs) == 15 and all(abs(p - 1 / 15) < 1e-12 for _, p in outs)   # 6 choose 2
    assert f"crises {DF},{QC}" in [a.text for a, _ in outs]   # each set listed once, ids in order
    s.apply_action(f"crises {DF},{QC}")
    crises = [e for e in s.map if s.is_crisis(e)]
    assert [e["card"] for e in crises] == [DF, QC]
    assert [e["uid"] for e in crises] == [3, 4]   # after the Homeworlds, in id order
    for e in crises:
        assert e["owner"] == e["controller"] == OPPONENT and e["chapter"] == 1 and e["counters"] == {}
        assert e["face"] == "front" and e["damage"] == 0
    s = cgame(2, crises=f"{RC},{GF}", first_player="0").new_initial_state()
    assert [e["card"] for e in s.map if s.is_crisis(e)] == [GF, RC] and s.crises == [GF, RC]


@rule("storyline 1.1.2", "storyline 22.9.4")
def test_one_to_four_players_and_as_many_crises():
    for n in (1, 2, 3, 4):
        s = cgame(n, first_player="0").new_initial_state()
        s.apply_action(s.legal_texts()[0])
        assert len(s.crises) == n == len([e for e in s.map if s.is_crisis(e)])
    for bad in (0, 5):
        with pytest.raises(OptionError):
            cgame(bad)
    with pytest.raises(OptionError):
        cgame(2, crises=GF)
    with pytest.raises(OptionError):
        cgame(2, crises=f"{GF},{GF}")


@rule("storyline 22.1.3", "storyline 22.1.4", "storyline 5.7.1")
def test_each_player_plays_their_own_deck_and_no_crisis_is_in_a_deck():
    s = cgame(2, first_player="0", crises=f"{GF},{BE}").new_initial_state()
    while s.is_chance_node():
        s.apply_action(s.legal_texts()[0])
    for p, pl in enumerate(s.players):
        assert pl["deck_id"] == ["concord", "verdant"][p] and pl["treasury"] == 3
        assert len(pl["hand"]) == 6
        seen = set(pl["hand"]) | set(pl["deck"]) | set(pl["discard"])
        assert not any(s.card(c)["set"] == "crisis" for c in seen)


@rule("storyline 22.1.5", "storyline 22.3.1", "storyline 10.1.2", "storyline 8.11.1")
def test_players_take_turns_in_order_each_followed_by_an_opponent_turn():
    s = cpos([BE], n=3, options={"act_rounds": 1}, treasury=[5, 5, 5])
    turns = []
    for _ in range(7):
        if s.is_chance_node():
            s.apply_action(s.legal_texts()[0])
        else:
            s.apply_action("pass")
        while s.is_chance_node():
            s.apply_action(s.legal_texts()[0])
    turns = [e.text.split(":")[1].split("(")[0].strip() for e in s.log if e.rule.split(" ")[1] in ("10.1.1", "22.3.1")]
    assert turns[:6] == ["the opponent's turn, paired with Seat 0", "Seat 1's turn",
                         "the opponent's turn, paired with Seat 1", "Seat 2's turn",
                         "the opponent's turn, paired with Seat 2", "Seat 0's turn"]
    assert "8.12.1" in keys(s)   # one round of 3 players is 6 turns: the Act ended after it
    act_end = [i for i, e in enumerate(s.log) if e.rule.split(" ")[1] == "8.12.1"][0]
    assert "paired with Seat 2" in [e.text for e in s.log[:act_end] if e.rule.split(" ")[1] == "22.3.1"][-1]


# ----- 22.2 The Opponent ---------------------------------------------------------------------
@rule("storyline 22.2.1", "storyline 22.2.2", "storyline 10.3.5", "storyline 10.4.1")
def test_the_opponent_is_not_a_player_and_has_no_deck_hand_treasury_or_homeworld():
    s = cpos([GF])
    assert len(s.players) == 2 and s.game.num_players == 2 and not s.is_player(OPPONENT)
    assert len(s.observation(None)["players"]) == 2
    assert s.players_named("you", s.context(s.find(3), None, [])) == []   # no Treasury to gain or lose
    opp_turn(s)
    assert lines(s, "10.3.5") == ["The opponent has no Treasury: the Income step does nothing."]
    assert lines(s, "10.4.1")[0] == "The opponent has no deck: nothing is drawn."
    assert all(s.homeworld_entry(p)["owner"] == p for p in range(2))


@rule("storyline 22.2.3")
def test_no_lose_condition_applies_to_the_opponent():
    s = cpos([GF], map=[{"card": "drone-scrap", "owner": OPPONENT, "damage": 1} for _ in range(5)],
             treasury=[5, 5])
    assert sum(1 for e in s.map if e["controller"] == OPPONENT and s.broken(e)) == 5
    opp_turn(s)
    assert s.pool == 0 and s.opp_story == 0 and "16.5.1" not in keys(s)
    assert sum(1 for e in s.map if e["card"] == "drone-scrap") == 5   # no recovery either


@rule("storyline 22.2.4", "storyline 22.6.1", "storyline 17.1.2")
def test_the_opponent_controls_the_crises_and_what_they_put_onto_the_map():
    s = cpos([DF], fields={DF: {"counters": {"time": 7}, "chapter": 3}})
    opp_turn(s)
    made = [e for e in s.map if e["card"] == "drone-scrap"]
    assert len(made) == 2 and all(e["owner"] == e["controller"] == OPPONENT and s.is_crisis(e) for e in made)
    assert entry(s, DF)["controller"] == OPPONENT
    opp_turn(s, 1)   # the ninth Time counter: the Foundry Ark, still the opponent's
    ark = entry(s, DF)
    assert ark["face"] == "back" and ark["controller"] == OPPONENT and ark["owner"] == OPPONENT


@rule("storyline 22.2.5", "storyline 22.2.6", "storyline 1.8.6", "storyline 1.6.1")
def test_auto_makes_each_crisis_choice_a_chance_node_over_the_legal_options():
    s = cpos([GF], map=[{"card": "concord-drop-marine", "owner": 0}, {"card": "concord-line-trooper", "owner": 0},
                        {"card": "concord-dreadnought-resolute", "owner": 0}])
    opp_turn(s)
    assert s.is_chance_node() and s.node[2] == "pick"
    assert [(a.text, p) for a, p in s.chance_outcomes()] == [("pick 4", 0.5), ("pick 5", 0.5)]
    s.apply_action("pick 5")
    assert s.find(5)["damage"] == 2 and s.find(4)["damage"] == 0
    # the random choice is in the log as it happens, before what it leads to
    texts = [e.text for e in s.log]
    chosen = next(i for i, t in enumerate(texts) if t.endswith(f"{s.name(s.find(5))} is chosen at random."))
    assert chosen < next(i for i, t in enumerate(texts) if "takes 2 damage" in t)


@rule("storyline 22.2.7", "storyline 22.2.8", "storyline 1.6.1")
def test_with_a_seat_the_same_choices_are_decisions_of_the_opponents_seat():
    s = cpos([GF], options={"opponent": "seat"},
             map=[{"card": "concord-drop-marine", "owner": 0}, {"card": "concord-line-trooper", "owner": 0}])
    assert s.game.num_players == 3 and s.game.opp_seat == 2 and s.game.n_players == 2
    opp_turn(s)
    assert not s.is_chance_node() and s.current_player() == 2 and s.legal_texts() == ["pick 4", "pick 5"]
    with pytest.raises(IllegalActionError):
        s.apply_action("pick 4", seat=0)
    s.apply_action("pick 4", seat=2)
    assert s.find(4)["damage"] == 2
    assert any(e.text.endswith(f"the opponent (Seat 2) chooses {s.name(s.find(4))}.") for e in s.log)
    obs = s.observation(2)
    assert obs["hand"] is None and obs["map"] == s.observation(None)["map"]
    # the seat is still the opponent: a players' win is not its win
    s.pool = 2
    s.gain_story([0], 1, "15.2.2", "for a test")
    assert s.winners == [0, 1] and s.returns() == [1.0, 1.0, 0.0]
    s2 = cpos([GF], options={"opponent": "seat"}, story=None)
    s2.gain_story([OPPONENT], 2, "16.7.1", "for a test")
    assert s2.winners == [2] and s2.returns() == [0.0, 0.0, 1.0]


# ----- 22.3 The Opponent's Turn ---------------------------------------------------------------
@rule("storyline 22.3.2", "storyline 10.2.1", "storyline 16.2.1", "storyline 10.3.1")
def test_an_opponent_turn_has_the_phases_of_a_players_turn():
    s = cpos([BE], map=[{"card": "drone-scrap", "owner": OPPONENT}], treasury=[1, 5])
    opp_turn(s)
    ks = keys(s)
    start = ks.index("22.3.1")
    seq = [k for k in ks[start:] if k in ("22.3.1", "10.3.1", "22.4.1", "7.3.3", "16.3.1", "10.4.1", "10.5.3",
                                         "10.1.1")]
    assert seq[:8] == ["22.3.1", "10.3.1", "22.4.1", "7.3.3", "16.3.1", "10.4.1", "10.5.3", "10.1.1"]
    assert entry(s, "drone-scrap")["ready"]   # the ready step readied the opponent's permanent


@rule("storyline 22.3.3", "storyline 22.3.4", "storyline 10.5.3")
def test_the_opponent_does_only_what_its_cards_say():
    s = cpos([BE], treasury=[5, 5], map=[{"card": "concord-drop-marine", "owner": 0}])
    before = [dict(e) for e in s.map]
    opp_turn(s)
    assert s.players[0]["treasury"] == 4   # the paired player loses 1, and nobody else anything
    assert [t for t in lines(s, "20.6.1") if "loses" in t] == ["Seat 0 loses 1 Treasury."]
    after = {e["uid"]: e for e in s.map}
    for e in before:
        if e["uid"] == 3:
            assert after[3]["counters"] == {"time": 1}
        elif e["controller"] != 1:
            assert after[e["uid"]] == e   # nothing done to anything else
    assert "10.5.3" in keys(s) and not [t for t in lines(s, "12.2.1")]


@rule("storyline 22.3.5", "storyline 10.2.4")
def test_each_opponent_admin_phase_is_one_per_player_per_round():
    s = cpos([BE], n=2, treasury=[9, 9])
    opp_turn(s, 0)
    opp_turn(s, 1)
    lost = [t for t in lines(s, "20.6.1") if "loses" in t]
    assert lost == ["Seat 0 loses 1 Treasury.", "Seat 1 loses 1 Treasury."]
    assert entry(s, BE)["counters"] == {"time": 2}


# ----- 22.4 Time Counters ------------------------------------------------------------------------
@rule("storyline 22.4.1", "storyline 18.37.3")
def test_each_opponent_admin_phase_puts_a_time_counter_on_each_crisis_storyline():
    s = cpos([BE, QC], map=[{"card": "concord-the-long-campaign", "owner": 0}], treasury=[9, 9], phase="start")
    assert entry(s, BE)["counters"] == {} and entry(s, "concord-the-long-campaign")["counters"] == {"story": 1}
    opp_turn(s)
    assert entry(s, BE)["counters"] == {"time": 1} and entry(s, QC)["counters"] == {"time": 1}
    assert entry(s, "concord-the-long-campaign")["counters"] == {"story": 1}


@rule("storyline 22.4.2", "storyline 8.5.3")
def test_a_crisis_chapter_completes_at_its_number_of_time_counters():
    s = cpos([GF], fields={GF: {"counters": {"time": 1}}})
    opp_turn(s)
    assert entry(s, GF)["chapter"] == 1
    while s.is_chance_node():
        s.apply_action(s.legal_texts()[0])
    opp_turn(s, 1)
    assert entry(s, GF)["chapter"] == 2 and entry(s, GF)["counters"] == {"time": 3}


@rule("storyline 22.4.3", "storyline 7.5.1")
def test_a_bargain_buys_back_a_time_counter():
    s = cpos([BE], fields={BE: {"counters": {"time": 2}}}, treasury=[4, 3])
    assert "bargain 3" in s.legal_texts()
    s.apply_action("bargain 3")
    assert entry(s, BE)["counters"] == {"time": 1} and s.players[0]["treasury"] == 1


@rule("storyline 22.4.4", "storyline 22.4.5", "storyline 22.4.6", "storyline 22.4.7", "storyline 18.37.1",
      "storyline 18.37.2", "storyline 9.1.1")
def test_time_counters_are_their_own_type_and_never_story_points():
    s = cpos([GF], fields={GF: {"counters": {"time": 3}}})
    opp_turn(s)
    e = entry(s, GF)
    assert e["counters"] == {"time": 4} and "story" not in e["counters"]
    assert e["chapter"] == 2   # completed, and the counters stay: nothing converts or spends them
    assert s.pool == 0 and s.opp_story == 0 and all(pl["story"] == 0 for pl in s.players)
    # a bargain pays Treasury, not Time counters; an effect removing Story counters leaves Time
    s2 = cpos([GF], fields={GF: {"counters": {"time": 3}}})
    run(s2, [{"op": "remove-counters", "type": "story", "n": 5, "on": {"each": {"type": ["storyline"]}}}])
    assert entry(s2, GF)["counters"] == {"time": 3}


# ----- 22.5 Crisis Cards and Range ----------------------------------------------------------------
@rule("storyline 22.5.1", "storyline 22.5.2", "storyline 4.7.1", "storyline 11.2.8")
def test_a_crisis_storyline_has_no_band_and_range_applies_neither_way():
    s = cpos([PB], map=[{"card": "concord-drop-marine", "owner": 0, "ready": True},            # 4: Surface, Range 0
                        {"card": "concord-dreadnought-resolute", "owner": 0}])                 # 5: Deep Space
    pb = entry(s, PB)
    assert s.band(pb) is None
    assert "attack 4 3" in s.legal_texts()   # a Range 0 Surface unit reaches it
    ctx = s.context(pb, None, [])
    assert ctx["band"] is None
    got = s.candidates("target", {"controller": "each-player", "type": ["spacecraft"]}, ctx, "high")
    assert [e["uid"] for e in got] == [5]   # as a source it reaches Deep Space with no Range


@rule("storyline 22.5.3", "storyline 22.5.4", "storyline 22.5.5")
def test_crisis_damage_has_a_power_tag_only_and_the_power_check_applies():
    s = cpos([GF], map=[{"card": "concord-drop-marine", "owner": 0, "ready": True},             # 4 low
                        {"card": "concord-siege-battery", "owner": 0, "ready": True}])         # 5 high
    gf = entry(s, GF)
    assert "attack 4 3" not in s.legal_texts() and "attack 5 3" in s.legal_texts()   # Shielded: High only
    ctx = s.context(gf, None, [])
    low = s.candidates("target", {"controller": "each-player", "type": ["permanent"]}, ctx, "low")
    assert [e["uid"] for e in low] == [4, 5]   # never the Shielded Homeworlds
    high = s.candidates("target", {"controller": "each-player", "type": ["permanent"]}, ctx, "high")
    assert [e["uid"] for e in high] == [1, 2, 4, 5]
    run(s, [{"op": "deal-damage", "amount": 1, "power": "high", "to": {"each": {"controller": "each-player",
                                                                                "homeworld": True}}}], src=3)
    assert lines(s, "12.4.1")[0] == "Anvil Prime (#1) takes 1 damage (High Power)."


@rule("storyline 22.5.6", "storyline 22.5.7", "storyline 22.5.8", "storyline 11.2.6")
def test_low_power_to_every_permanent_a_player_controls_skips_the_shielded():
    mp = [{"card": "concord-drop-marine", "owner": 0},            # 4 Character
          {"card": "concord-line-trooper", "owner": 0},           # 5 Ground Unit
          {"card": "concord-picket-frigate", "owner": 0},         # 6 Non-Capital
          {"card": "concord-dreadnought-resolute", "owner": 0},   # 7 Capital
          {"card": "concord-fortress-ridge", "owner": 0}]         # 8 Location
    s = cpos([GF], map=mp)
    run(s, [{"op": "deal-damage", "amount": 1, "power": "low", "to": {"each": {"controller": "each-player"}}}], src=3)
    assert {u: s.find(u)["damage"] for u in (1, 4, 5, 6, 7, 8)} == {1: 0, 4: 1, 5: 1, 6: 1, 7: 0, 8: 0}


@rule("storyline 22.5.9")
def test_high_power_to_every_permanent_hits_all_that_can_take_damage():
    mp = [{"card": "concord-drop-marine", "owner": 0}, {"card": "concord-dreadnought-resolute", "owner": 0},
          {"card": "concord-fortress-ridge", "owner": 0},
          {"card": "concord-reactive-plating", "owner": 0, "host": "concord-dreadnought-resolute"}]
    s = cpos([GF], map=mp)
    run(s, [{"op": "deal-damage", "amount": 1, "power": "high", "to": {"each": {"controller": "each-player"}}}], src=3)
    assert {u: s.find(u)["damage"] for u in (1, 4, 5, 6, 7)} == {1: 1, 4: 1, 5: 1, 6: 1, 7: 0}


@rule("storyline 22.5.10", "storyline 22.5.11", "storyline 22.8.0.3")
def test_drones_and_back_faces_are_ordinary_permanents_in_their_bands():
    s = cpos([GF], fields={GF: {"face": "back", "ready": True}},
             map=[{"card": "drone-wasp", "owner": OPPONENT}, {"card": "concord-picket-frigate", "owner": 0},
                  {"card": "concord-dreadnought-resolute", "owner": 0}])
    colossus, wasp = entry(s, GF), entry(s, "drone-wasp")
    assert s.is_permanent(colossus) and s.band(colossus) == 1 and s.band(wasp) == 2
    # the Siege Colossus (Range 1, High) reaches Orbit and Surface, not Deep Space
    targets = {t["uid"] for t in s.attack_targets(colossus)}
    assert 5 in targets and 6 not in targets and 1 in targets and 2 in targets


# ----- 22.6 Control of Crisis Cards -------------------------------------------------------------
@rule("storyline 22.6.2", "storyline 22.6.3", "storyline 14.11.3", "storyline 13.7.2")
def test_a_player_occupies_a_contested_crisis_ship_and_takes_it():
    s = cpos([DF], fields={DF: {"face": "back", "damage": 5}},
             map=[{"card": "concord-drop-marine", "owner": 0, "place": DF}])
    ark = entry(s, DF)
    assert s.contested(ark) and ark["controller"] == OPPONENT
    s.apply_action("pass")
    assert ark["controller"] == 0 and "14.11.3" in keys(s)
    s = cpos([DF], fields={DF: {"face": "back", "damage": 4}},
             map=[{"card": "concord-drop-marine", "owner": 0, "place": DF}])
    s.apply_action("pass")
    assert entry(s, DF)["controller"] == OPPONENT   # not Contested: no Occupation


@rule("storyline 22.6.4", "storyline 17.4.1", "storyline 22.5.10")
def test_an_attached_crisis_device_is_its_hosts_controllers():
    s = cpos([PB], map=[{"card": "concord-drop-marine", "owner": 0}])
    opp_turn(s)
    d = entry(s, "crisis-neural-parasite")
    assert d["host"] == 4 and d["controller"] == 0 and d["owner"] == OPPONENT
    s.set_controller(s.find(4), 1)
    assert d["controller"] == 1


@rule("storyline 22.6.5", "storyline 22.6.6", "storyline 22.6.7", "storyline 16.5.1")
def test_a_crisis_card_counts_against_a_player_only_while_they_control_it():
    broken = [{"card": "drone-scrap", "owner": OPPONENT, "damage": 1} for _ in range(4)]
    s = cpos([DF], fields={DF: {"face": "back", "damage": 5}}, map=broken, treasury=[5, 5])
    s.apply_action("pass")
    assert s.opp_story == 0   # five broken cards, all the opponent's: nobody's condition
    mine = [{"card": "concord-line-trooper", "owner": 0, "damage": 2}, {"card": "concord-drop-marine", "owner": 0,
                                                                       "damage": 2},
            {"card": "concord-picket-frigate", "owner": 0, "damage": 3},
            {"card": "concord-fortress-ridge", "owner": 0, "damage": 5}]
    s = cpos([DF], fields={DF: {"face": "back", "damage": 5, "controller": 0}}, map=mine, treasury=[5, 5])
    assert entry(s, DF)["controller"] == 0
    s.apply_action("pass")
    assert s.opp_story == 1 and "16.5.1" in keys(s)
    assert all(e["card"] != DF for e in s.map)   # the taken Ark was destroyed by the recovery


# ----- 22.7 Destroying a Crisis Storyline ---------------------------------------------------------
@rule("storyline 22.7.1", "storyline 22.7.3", "storyline 12.2.1")
def test_players_attack_and_destroy_a_crisis_storyline_for_two_story_points():
    s = cpos([PB, BE], fields={PB: {"damage": 16}}, map=[{"card": "concord-siege-battery", "owner": 0, "ready": True}])
    s.apply_action("attack 5 3")
    assert entry(s, BE) and all(e["card"] != PB for e in s.map)
    assert s.pool == 2 and s.players[0]["story"] == 0 and "22.7.3" in keys(s)


@rule("storyline 22.7.2", "storyline 8.7.4")
def test_a_destroyed_crisis_storyline_takes_no_more_time_counters():
    s = cpos([PB, BE], fields={PB: {"damage": 19}}, treasury=[9, 9])
    run(s, [], src=None)
    assert all(e["card"] != PB for e in s.map)
    opp_turn(s)
    assert [t for t in lines(s, "22.4.1")] == ["The Bleeding Exchequer (#4) takes a Time counter (it has 1 Time counter)."]


@rule("storyline 22.7.4", "storyline 22.9.6", "storyline 22.9.7")
def test_the_crises_are_worth_what_the_pool_needs():
    s = cpos([PB, BE], fields={PB: {"damage": 19}, BE: {"damage": 21}})
    run(s, [])
    assert s.pool == 4 and s.is_terminal() and s.winners == [0, 1] and s.win_by == "players"
    s = cpos([PB, BE, QC], n=3, fields={PB: {"damage": 19}, BE: {"damage": 21}})
    run(s, [])
    assert s.pool == 4 and not s.is_terminal()   # three players need 5; the three crises are worth 6


@rule("storyline 22.7.5", "storyline 12.7.3")
def test_the_award_is_for_the_destruction_however_it_happens():
    s = cpos([PB, BE])
    run(s, [{"op": "destroy", "to": "this"}], src=3)   # a destroy effect of the opponent's own card
    assert s.pool == 2
    s = cpos([PB, BE])
    run(s, [{"op": "deal-damage", "amount": 19, "power": "high", "to": "this"}], src=3)
    assert s.pool == 2   # damage from the opponent's own ability: no player destroyer
    s = cpos([PB, BE], fields={PB: {"damage": 19}})
    run(s, [])
    assert s.pool == 2   # with no destroyer at all


@rule("storyline 22.7.6", "storyline 22.8.0.6", "storyline 22.8.0.7", "storyline 15.2.3")
def test_no_award_for_completing_or_flipping_and_only_an_ordinary_one_for_the_back_face():
    s = cpos([BE, PB], fields={BE: {"counters": {"time": 8}, "chapter": 3}}, treasury=[9, 9])
    opp_turn(s)
    home = entry(s, BE)
    assert home["face"] == "back" and s.pool == 0 and s.opp_story == 0
    s = cpos([BE, PB], fields={BE: {"face": "back", "damage": 9}},
             map=[{"card": "concord-siege-battery", "owner": 0, "ready": True}])
    s.apply_action("attack 5 3")
    assert all(e["card"] != BE for e in s.map) and s.pool == 1 and "15.2.3" in keys(s) and "22.7.3" not in keys(s)


# ----- 22.8 Completing a Crisis Storyline ---------------------------------------------------------
@rule("storyline 22.8.0.1", "storyline 22.8.0.2", "storyline 8.9.1", "storyline 22.8.0.4")
def test_the_final_chapter_flips_a_crisis_to_its_back_face_which_takes_no_time():
    s = cpos([QC], fields={QC: {"counters": {"time": 8}, "chapter": 3}}, treasury=[9, 9])
    opp_turn(s)
    e = entry(s, QC)
    assert e["face"] == "back" and s.ftype(e) == "character" and e["chapter"] is None
    t = e["counters"].get("time", 0)
    opp_turn(s, 1)
    assert e["counters"].get("time", 0) == t and not s.is_storyline_face(e)


@rule("storyline 22.8.0.5", "storyline 8.12.2", "storyline 8.12.4")
def test_a_back_face_is_not_cleared_at_the_end_of_an_act():
    s = cpos([QC], fields={QC: {"face": "back"}}, turn=15, options={"act_rounds": 4})
    s.turn_count = 15
    opp_turn(s, 1)
    assert "8.12.1" in keys(s) and entry(s, QC)["face"] == "back" and s.act == 2


@rule("storyline 22.8.0.8")
def test_a_flipped_crisis_takes_away_two_of_the_story_points():
    s = cpos([BE, PB], fields={BE: {"counters": {"time": 8}, "chapter": 3}, PB: {"damage": 19}}, treasury=[9, 9])
    run(s, [])
    opp_turn(s)
    assert s.pool == 2 and entry(s, BE)["face"] == "back"
    assert not [e for e in s.map if s.is_crisis(e) and s.is_storyline_face(e)]   # nothing left worth 2


@rule("storyline 22.8.1.1", "storyline 22.8.1.2", "storyline 22.8.1.3", "storyline 22.8.1.5")
def test_a_flip_back_returns_on_chapter_one_and_takes_time_again():
    s = cpos([RC], n=1, fields={RC: {"face": "back", "counters": {"time": 9}}})
    s.turn_count = 7   # one player, 4 rounds: the Act ends after turn 8
    opp_turn(s, 0, settle=True)
    c = entry(s, RC)
    assert "8.12.1" in keys(s) and "22.8.1.2" in keys(s)
    assert c["face"] == "front" and c["chapter"] == 1 and c["counters"] == {} and s.pool == 0
    assert s.is_storyline_face(c) and not s._chapter_met(c)   # no completion again at once (22.8.1.3)
    opp_turn(s, 0, settle=True)
    assert c["face"] == "front" and c["counters"] == {"time": 1} and c["chapter"] == 1


@rule("storyline 22.8.1.4", "storyline 13.3.2")
def test_a_flip_back_keeps_damage_and_may_destroy_the_crisis_for_the_award():
    s = cpos([RC, BE], fields={RC: {"face": "back", "counters": {"time": 9}, "damage": 3}})
    s.turn_count = 15
    opp_turn(s, 1, settle=True)
    c = entry(s, RC)
    assert c["damage"] == 3 and c["face"] == "front"
    # the back face is Contested from 8 damage and destroyed from 16 (§12.6): at 15 it flips back
    # with 15 of the front's 18, and the next 3 destroy the Crisis for the §22.7 award (S4)
    s = cpos([RC, BE], fields={RC: {"face": "back", "counters": {"time": 9}, "damage": 15}})
    s.turn_count = 15
    opp_turn(s, 1, settle=True)
    c = entry(s, RC)
    assert c["damage"] == 15 and c["face"] == "front" and s.pool == 0
    run(s, [{"op": "deal-damage", "amount": 3, "power": "high", "to": {"each": {"controller": "opponent", "type": ["storyline"]}}}])
    assert all(e["card"] != RC for e in s.map) and s.pool == 2   # S4: destroyed, the §22.7 award


# ----- 22.9 Winning and Losing ----------------------------------------------------------------
@rule("storyline 22.9.1", "storyline 22.9.13", "storyline 15.2.2", "storyline 15.1.1")
def test_the_players_share_one_pool():
    s = cpos([QC, BE], fields={QC: {"face": "back", "damage": 4}},
             map=[{"card": "concord-siege-battery", "owner": 0, "ready": True},
                  {"card": "verdant-thornguard", "owner": 1, "ready": True}])
    s.apply_action("attack 5 3")   # the Usurper (a Character) falls to Seat 0's damage
    assert s.pool == 1 and all(pl["story"] == 0 for pl in s.players)
    assert lines(s, "15.2.2")[0].startswith("The players gain 1 Story Point")


@rule("storyline 22.9.2", "storyline 22.9.5", "storyline 22.9.8", "storyline 22.9.11", "storyline 16.7.2",
      "storyline 16.3.1")
def test_the_opponent_wins_at_n_plus_one_from_lose_conditions():
    s = cpos([BE, PB], treasury=[1, 5])
    s.opp_story = 2
    opp_turn(s)   # the Exchequer takes Seat 0's last Treasury: a Lose condition
    assert s.opp_story == 3 and s.is_terminal() and s.win_by == "opponent" and s.returns() == [0.0, 0.0]
    assert s.winners == []


@rule("storyline 22.9.3", "storyline 22.9.14", "storyline 1.4.2")
def test_the_players_are_one_side():
    s = cpos([GF], map=[{"card": "concord-siege-battery", "owner": 0, "ready": True},
                        {"card": "verdant-thornguard", "owner": 1, "damage": 1}])
    assert not [t for t in s.legal_texts() if t.startswith("attack 4 ") and t != "attack 4 3"]
    run(s, [{"op": "deal-damage", "amount": 1, "power": "low", "to": {"each": {"controller": "each-player",
                                                                               "type": ["character"]}}}], ctrl=0)
    assert s.fallen(s.find(5)) and s.pool == 0 and s.opp_story == 0


@rule("storyline 22.9.9", "storyline 22.9.12", "storyline 15.3.4", "storyline 22.9.15")
def test_the_opponent_gains_nothing_but_lose_condition_awards():
    s = cpos([GF], fields={GF: {"counters": {"time": 11}, "chapter": 3}},
             map=[{"card": "verdant-grove-terrace", "owner": 1, "damage": 5}], treasury=[9, 9])
    opp_turn(s)   # the completion deals 2 High to each permanent: the Terrace is destroyed
    assert all(e["card"] != "verdant-grove-terrace" for e in s.map)
    assert entry(s, GF)["face"] == "back"
    assert s.opp_story == 0 and s.pool == 0


@rule("storyline 22.9.10", "storyline 16.1.1", "storyline 16.2.2")
def test_each_player_meets_the_lose_conditions_on_their_own():
    s = cpos([BE, PB], fields={BE: {"counters": {"time": 7}, "chapter": 2}}, treasury=[1, 1])
    opp_turn(s)   # Chapter 2 completes: each player loses 1
    assert s.opp_story == 2 and s.players[0]["treasury"] == 3
    met = lines(s, "16.3.1")
    assert met == ["Seat 0 meets a Lose condition: an empty Treasury.", "Seat 1 meets a Lose condition: an empty Treasury."]


@rule("storyline S45")
def test_chapter_ends_are_as_printed_unless_scaled_is_asked():
    """Ruling S45: Crisis Chapter ends are as printed at every player count; with
    chapter_ends=scaled each is times N/2 rounded up and more than the one before."""
    two = tokyo.load_game("crisis-format", 2)
    printed = {c: [ch["end"] for ch in two.cards["cards"][c]["faces"]["front"]["chapters"]] for c in two.cards["crises"]}
    assert printed["crisis-drone-foundry"] == [3, 6, 9] and printed["crisis-returning-comet"] == [2, 4, 6]
    want = {1: {"crisis-drone-foundry": [2, 3, 5], "crisis-returning-comet": [1, 2, 3], "crisis-parasite-bloom": [1, 3, 4]},
            3: {"crisis-drone-foundry": [5, 9, 14], "crisis-returning-comet": [3, 6, 9], "crisis-parasite-bloom": [3, 8, 12]},
            4: {"crisis-drone-foundry": [6, 12, 18], "crisis-returning-comet": [4, 8, 12], "crisis-parasite-bloom": [4, 10, 16]}}
    for n, ends in want.items():
        game = tokyo.load_game("crisis-format", n, chapter_ends="scaled")
        for cid, expected in ends.items():
            assert [ch["end"] for ch in game.cards["cards"][cid]["faces"]["front"]["chapters"]] == expected
        same = tokyo.load_game("crisis-format", n)
        for cid in printed:
            assert [ch["end"] for ch in same.cards["cards"][cid]["faces"]["front"]["chapters"]] == printed[cid]
    # the shipped set itself is never changed, and the competitive game's cards are the same
    assert tokyo.load_game("storyline", 4).cards["cards"]["crisis-drone-foundry"]["faces"]["front"]["chapters"][0]["end"] == 3


@rule("storyline S45", "storyline 8.5.3")
def test_a_scaled_chapter_completes_at_its_scaled_end():
    """At 4 players the Drone Foundry's Chapter 1 ends at 6 Time counters: 5 do not complete
    it, the sixth does (its Chapter 2 starts)."""
    game = tokyo.load_game("crisis-format", 4, chapter_ends="scaled",
                           crises="crisis-drone-foundry,crisis-grinding-front,crisis-quiet-coup,crisis-returning-comet")
    s = game.new_initial_state()
    rng = random.Random(0)
    from tokyo.core import sample_chance
    def foundry():
        return next((e for e in s.map if e["card"] == "crisis-drone-foundry"), None)
    seen = []
    while not s.is_terminal() and (foundry() is None or foundry()["counters"].get("time", 0) < 7):
        if s.is_chance_node():
            s.apply_action(sample_chance(s, rng))
        else:
            s.apply_action("pass" if "pass" in s.legal_texts() else rng.choice(s.legal_texts()))
        if foundry() is not None and foundry()["face"] == "front":
            seen.append((foundry()["counters"].get("time", 0), foundry()["chapter"]))
    assert (5, 1) in seen and (6, 2) in seen and not any(t >= 6 and ch == 1 for t, ch in seen)
