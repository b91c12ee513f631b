"""Statements of sections 14 to 21 that no other test covered: where a created unit enters,
Occupation in opponent turns, the Crisis Storyline award, changes of control, discarding,
drawing, the opponent's missing Treasury and draws. Test cards and the test kit."""

from __future__ import annotations

import random

from tokyo.core import sample_chance
from tokyo.games.storyline.abilities import OPPONENT
from tokyo.games.storyline.game import StorylineGame
from sl_crisis_helpers import CLOCK, SIEGE, cgame, cpos, opp_turn
from sl_crisis_helpers import run as crun
from sl_helpers import CARDS, entry, game, keys, pos, rule


def run(s, ops, src=None, ctrl=0):
    """Resolve an ad-hoc ability of ``src`` (a uid; None: an Event of seat ``ctrl``)."""
    e = s.find(src) if src is not None else None
    ctx = s.context(e, None, ops, card="amber-supply", ctrl=ctrl)
    s.node, s.stack = None, []
    s._push(["ability", ctx], ["state-check"], ["resolve-pending"], ["main"])
    s._run()


def drone(where, which: str = "test-drone-ground") -> list:
    return [{"op": "create-drone", "drone": which, "where": where, "n": 1}]


# ----- 14.2 ------------------------------------------------------------------------------------
@rule("storyline 14.2.1", "storyline 14.10.3")
def test_a_unit_enters_as_6_3_says_unless_the_effect_names_a_place():
    # "in the open", named by the effect: not on the Location §6.3 would have it choose
    s = pos(2, hands=[["amber-scout"], []], map=[{"card": "amber-outpost", "owner": 0}])   # 3
    run(s, drone("open"), src=3)
    d = entry(s, "test-drone-ground")
    assert d["place"] is None and s.band(d) == 1 and d["controller"] == 0 and not d["ready"]
    # "this": on the source Location
    run(s, drone("this"), src=3)
    assert [e["place"] for e in s.map if e["card"] == "test-drone-ground"] == [None, 3]
    # a Wasp named into Orbit is in Orbit
    run(s, drone("orbit", "test-drone-wasp"), src=3)
    assert s.band(entry(s, "test-drone-wasp")) == 2
    # a place that cannot hold it (a Ground Drone in Orbit): §6.3, a Location its controller
    # chooses among the two they control
    run(s, drone("orbit"), src=3)
    assert s.node[2] == "choose" and s.node[1] == 0 and s.legal_texts() == ["choose 1", "choose 3"]
    s.apply_action("choose 1")
    assert [e["place"] for e in s.map if e["card"] == "test-drone-ground"] == [None, 3, 1]


# ----- 14.11.7 (ruling S5) -----------------------------------------------------------------------
@rule("storyline 14.11.7", "storyline S5")
def test_occupation_and_liberation_apply_in_the_opponents_main_phase():
    s = cpos([CLOCK, SIEGE], cards=CARDS, treasury=[5, 5],
             fields={CLOCK: {"face": "back", "controller": 0}},                         # 3: the Hulk, seat 0's
             map=[{"card": "amber-outpost", "owner": 0, "damage": 3},                    # 5: Contested
                  {"card": "test-drone-ground", "owner": OPPONENT, "place": 5},
                  {"card": "test-drone-wasp", "owner": OPPONENT, "place": 3}])           # aboard the Hulk
    hulk, outpost = s.find(3), s.find(5)
    assert outpost["controller"] == 0 and hulk["owner"] == OPPONENT
    opp_turn(s, 0)
    # Occupation for the opponent: the Contested Outpost with only its Drone on it is the opponent's
    assert outpost["controller"] == OPPONENT and s.contested(outpost)
    # Liberation for the opponent: its Hulk, which seat 0 holds, takes a Liberation counter
    assert hulk["controller"] == 0 and hulk["counters"] == {"liberation": 1}
    assert "14.11.3" in keys(s) and "14.12.1" in keys(s)


# ----- 15.2.4 (ruling S3) -------------------------------------------------------------------------
@rule("storyline 15.2.4", "storyline S3", "storyline 22.7.3")
def test_a_destroyed_crisis_storyline_gives_exactly_its_two_story_points():
    s = cpos([CLOCK, SIEGE], cards=CARDS, fields={SIEGE: {"damage": 1}},
             map=[{"card": "amber-artillery", "owner": 0, "ready": True}])              # 5
    s.apply_action("attack 5 4")                 # 3 High damage: the Test Siege (Durability 4) is destroyed
    assert not any(e["card"] == SIEGE for e in s.map)
    assert s.pool == 2 and s.opp_story == 0      # §22.7's 2, not 3 with §15.2.3's 1
    assert "22.7.3" in keys(s) and "15.2.3" not in keys(s)


# ----- 17.3 ---------------------------------------------------------------------------------------
def controllers(s) -> dict:
    return {e["uid"]: e["controller"] for e in s.map}


@rule("storyline 17.3.1", "storyline 17.4.1")
def test_control_changes_only_by_occupation_liberation_recovery_or_a_device_following_its_host():
    s = pos(2, hands=[["amber-scout"], []], treasury=[9, 3], map=[
        {"card": "amber-artillery", "owner": 0, "ready": True},                          # 3
        {"card": "basalt-outpost", "owner": 1},                                          # 4
        {"card": "basalt-plating", "owner": 1, "host": 4},                               # 5
        {"card": "amber-tank", "owner": 0, "ready": True},                               # 6
        {"card": "amber-scout", "owner": 0, "ready": True}])                             # 7
    start = controllers(s)
    s.apply_action("attack 3 4")          # Contested: damage alone changes nothing
    s.apply_action("move 6 to 2")         # a unit on an opponent's Homeworld (not Contested)
    s.apply_action("move 7 to 4")         # the only unit on the Contested Outpost
    assert controllers(s) == start        # Occupation waits for the closing steps
    s.apply_action("pass")
    # the Main Phase's closing steps: Occupation takes the Outpost, its Plating follows it
    assert s.find(4)["controller"] == 0 and s.find(5)["controller"] == 0
    assert s.find(2)["controller"] == 1 and s.find(6)["controller"] == 0
    # every change of control in random games is one of §17.3.1's ways (the shipped cards have
    # no effect that says so)
    g = StorylineGame(3, {"decks": "amber,basalt,dusk", "first_player": "0", "target": 100, "acts": 3}, cards=CARDS)
    changes = _check_control_changes(g, 3) + _check_control_changes(g, 4)
    for seed in (1, 5):
        changes += _check_control_changes(cgame(2, cards=CARDS, first_player="0", crises=f"{CLOCK},{SIEGE}"), seed)
    assert changes >= 5


WAYS = ("14.11.3", "14.12.2", "16.6.2")   # Occupation, Liberation, a Homeworld's recovery


def _check_control_changes(g, seed: int, steps: int = 3000) -> int:
    """Play ``g`` at random; return the number of changes of control seen (each checked)."""
    s = g.new_initial_state()
    seen = 0
    r = random.Random(seed)
    for _ in range(steps):
        if s.is_terminal():
            break
        before, n = controllers(s), len(s.log)
        s.apply_action(sample_chance(s, r) if s.is_chance_node() else r.choice(s.legal_texts()))
        after = controllers(s)
        new = s.log[n:]
        for uid, c in after.items():
            if uid not in before or before[uid] == c:
                continue
            seen += 1
            e = s.find(uid)
            if s.ftype(e) == "device":   # §17.4: with its host
                assert after[e["host"]] == c and before.get(e["host"]) != c
                continue
            assert any(x.rule.split(" ")[1] in WAYS and f"(#{uid})" in x.text for x in new), (uid, new)
    return seen


# ----- 20.4, 20.5 -----------------------------------------------------------------------------------
@rule("storyline 20.4.1")
def test_a_discard_goes_to_the_owners_pile_and_at_random_is_a_chance_node_over_the_hand():
    s = pos(2, hands=[["amber-scout", "amber-scout", "amber-tank"], []])
    run(s, [{"op": "discard", "who": "you", "n": 1, "random": True}])
    assert s.node[2] == "discard-random"
    assert [(a.text, round(p, 6)) for a, p in s.chance_outcomes()] == [
        ("discard-random amber-scout", round(2 / 3, 6)), ("discard-random amber-tank", round(1 / 3, 6))]
    s.apply_action("discard-random amber-tank")
    assert s.players[0]["hand"] == ["amber-scout", "amber-scout"] and s.players[0]["discard"] == ["amber-tank"]
    # not at random: the player chooses
    s = pos(2, hands=[["amber-scout", "amber-tank"], ["basalt-scout"]])
    run(s, [{"op": "discard", "who": "you", "n": 1}])
    assert s.node[:3] == ["decision", 0, "discard-effect"]
    s.apply_action("discard amber-scout")
    assert s.players[0]["discard"] == ["amber-scout"] and s.players[1]["discard"] == []


@rule("storyline 20.5.1", "storyline S24", "storyline 1.7.2")
def test_a_deck_has_no_order_and_each_draw_is_a_chance_node_over_the_cards_left():
    s = pos(2, phase="start", decks=[{"amber-scout": 2, "amber-tank": 1}, None])
    assert s.node[2] == "draw"
    assert [(a.text, round(p, 6)) for a, p in s.chance_outcomes()] == [
        ("draw amber-scout", round(2 / 3, 6)), ("draw amber-tank", round(1 / 3, 6))]
    s.apply_action("draw amber-tank")
    assert s.players[0]["deck"] == {"amber-scout": 2}
    # the recovery of §16.4 shuffles the discard pile into a deck with no chance node of its own
    s = pos(2, phase="start", decks=[{}, None], discards=[["amber-scout", "amber-tank"], []],
            hands=[["amber-outpost"], []])
    assert "16.4.2" in keys(s) and s.players[0]["deck"] == {"amber-scout": 1, "amber-tank": 1}
    assert not s.is_chance_node() and s.node[2] == "main"


# ----- 20.6.3 ---------------------------------------------------------------------------------------
@rule("storyline 20.6.3", "storyline 22.2.2")
def test_an_effect_giving_the_opponent_treasury_does_nothing():
    s = cpos([CLOCK, SIEGE], cards=CARDS, treasury=[4, 5])
    crun(s, [{"op": "gain-treasury", "who": "you", "amount": 3}], src=3)           # the opponent's
    assert [p["treasury"] for p in s.players] == [4, 5] and "20.6.1" not in keys(s)
    crun(s, [{"op": "gain-treasury", "who": "each-opponent", "amount": 3}], card="amber-supply", ctrl=0)
    assert [p["treasury"] for p in s.players] == [4, 5]                             # a player's, to its opponent
    crun(s, [{"op": "gain-treasury", "who": "you", "amount": 3}], card="amber-supply", ctrl=0)
    assert [p["treasury"] for p in s.players] == [7, 5]


# ----- 21.3.2, 21.5.1 (ruling S8) ---------------------------------------------------------------
@rule("storyline 21.3.2", "storyline S8")
def test_a_crisis_game_reaching_the_end_of_the_last_act_is_a_draw():
    s = cpos([CLOCK], n=1, cards=CARDS, options={"acts": 1, "act_rounds": 1}, treasury=[5])
    s.apply_action("pass")                # seat 0's turn, then the opponent turn: the one round of the Act
    while s.is_chance_node():
        s.apply_action(s.legal_texts()[0])
    assert s.is_terminal() and s.winners == [] and s.win_by == "last-act" and s.returns() == [0.0]
    assert s.pool == 0 and s.opp_story == 0 and "21.3.2" in keys(s)


@rule("storyline 21.5.1", "storyline 21.3.1")
def test_only_a_loop_or_the_crisis_formats_last_act_is_a_draw():
    # the competitive game's last Act with equal totals: a shared win, not a draw
    s = pos(2, active=1, turn=2, phase="end", story=[0, 0], options={"act_rounds": 1, "acts": 1})
    assert s.winners == [0, 1] and s.returns() == [1.0, 1.0]
    # a loop: a draw, nobody wins
    s = pos(2, hands=[["amber-scout"], []])
    ctx = s.context(None, None, [{"op": "gain-treasury", "who": "you", "amount": 1}], card="amber-supply", ctrl=0)
    s.pending, s.chain, s.node, s.stack = [[ctx, ctx]], 1000, None, []
    s._push(["resolve-pending"], ["main"])
    s._run()
    assert s.winners == [] and s.win_by == "loop" and s.returns() == [0.0, 0.0]
    # the opponent's win is no draw in name: win_by tells it apart (ruling S43)
    s = cpos([CLOCK], n=1, cards=CARDS)
    s.opp_story = 1
    s.gain_story([OPPONENT], 1, "16.7.2", "test")
    assert s.winners == [] and s.win_by == "opponent"
    # a game in progress has not ended in a draw however long it runs
    s = game(2, decks="amber,basalt", first_player="0").new_initial_state()
    r = random.Random(5)
    for _ in range(300):
        if s.is_terminal():
            break
        s.apply_action(sample_chance(s, r) if s.is_chance_node() else r.choice(s.legal_texts()))
        assert s.winners != []
