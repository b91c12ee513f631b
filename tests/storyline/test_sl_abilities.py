"""The ability interpreter (storyline 7, 19; docs/storyline-card-format.md): operations,
recipients, batches, bargains, instructed attacks and "this turn" changes. Crisis cards are
put on the Map directly and controlled by seat 1 here (the Crisis Format is not built yet)."""

from __future__ import annotations

from tokyo.games.storyline.game import StorylineGame
from tokyo.games.storyline.position import build_position
from sl_helpers import entry, keys, rule


def rpos(decks: str = "concord,verdant", **kw):
    return build_position(StorylineGame(2, {"decks": decks}), **kw)


def run(s, ops, src=None, ctrl=0):
    """Resolve an ad-hoc ability of ``src`` (a uid; None: an Event of seat ``ctrl``)."""
    e = s.find(src) if src is not None else None
    ctx = s.context(e, None, ops, card="concord-hold-the-line", ctrl=ctrl)
    s.node = None
    s._push(["ability", ctx], ["state-check"], ["resolve-pending"], ["main"])
    s._run()


def crisis(s, cid, controller=1, face="front", **fields):
    e = s.enter(cid, controller, controller, crisis=True, token=s.card(cid)["token"])
    e["face"] = face
    e["chapter"] = 1 if face == "front" and s.is_storyline_face(e) else None
    e.update(fields)
    return e


@rule("storyline 1.6.3", "storyline 7.8.3", "storyline 11.2.6", "storyline 1.6.4")
def test_a_random_recipient_is_a_chance_node_over_the_cards_the_power_reaches():
    s = rpos(map=[{"card": "verdant-thornguard", "owner": 1}, {"card": "verdant-seedship-canopy", "owner": 1},
                  {"card": "concord-drop-marine", "owner": 0}])
    run(s, [{"op": "deal-damage", "amount": 1, "power": "low",
             "to": {"random": {"controller": "any", "type": ["character", "spacecraft"]}}}])
    assert s.node[2] == "pick"
    assert [(a.text, p) for a, p in s.chance_outcomes()] == [("pick 3", 0.5), ("pick 5", 0.5)]
    s.apply_action("pick 5")
    assert s.find(5)["damage"] == 1 and s.find(3)["damage"] == 0
    s = rpos()
    run(s, [{"op": "deal-damage", "amount": 1, "power": "low", "to": {"random": {"type": ["character"]}}}])
    assert s.node[2] != "pick" and "12.4.1" not in keys(s)   # among no cards it does nothing


@rule("storyline 19.4.1", "storyline 19.4.2", "storyline 10.3.4", "storyline 10.8.1", "storyline 7.3.4")
def test_a_batch_resolves_the_active_sides_abilities_first_in_timestamp_order():
    s = rpos("verdant,syndicate", phase="start", map=[
        {"card": "syndicate-broker-vell", "owner": 1},                          # 3: "your": not now
        {"card": "verdant-seedship-canopy", "owner": 0},                        # 4
        {"card": "verdant-choir-elder", "owner": 0}])                           # 5
    lines = [e.text for e in s.log if e.text.endswith(" resolves.")]
    assert lines == ["The ability of Seedship Canopy (#4) resolves.", "The ability of Choir Elder (#5) resolves."]


@rule("storyline 7.5.1", "storyline 7.5.2", "storyline 18.5.1", "storyline 10.6.6", "storyline 8.5.6")
def test_a_bargain_is_used_by_any_player_once_per_turn():
    s = rpos(treasury=[5, 3], hands=[["concord-line-trooper"], []])
    e = crisis(s, "crisis-grinding-front", counters={"time": 5}, chapter=2)
    s.node = None
    s._push(["main"])
    s._run()
    assert f"bargain {e['uid']}" in s.legal_texts()
    s.apply_action(f"bargain {e['uid']}")
    assert e["counters"] == {"time": 4} and e["chapter"] == 2 and s.players[0]["treasury"] == 3
    assert f"bargain {e['uid']}" not in s.legal_texts()


@rule("storyline 14.9.2", "storyline 2.14.1", "storyline 12.8.1", "storyline 4.11.2", "storyline 18.9.1")
def test_the_neural_parasite_weakens_its_host_and_is_bargained_off():
    s = rpos(treasury=[5, 3], hands=[["concord-line-trooper"], []], map=[{"card": "concord-drop-marine", "owner": 0}])
    run(s, [{"op": "attach-device", "device": "crisis-neural-parasite",
             "to": {"random": {"controller": "each-player", "type": ["character"]}}}], ctrl=1)
    d = entry(s, "crisis-neural-parasite")
    assert d["host"] == 3 and d["controller"] == 0 and s.is_crisis(d) and s.strike(s.find(3)) == 0   # 2 - 2
    s.apply_action(f"bargain {d['uid']}")
    assert s.find(d["uid"]) is None and s.strike(s.find(3)) == 2 and s.players[0]["treasury"] == 2
    assert "crisis-neural-parasite" not in s.players[1]["discard"]


@rule("storyline 12.1.4", "storyline 7.3.2", "storyline 10.5.1", "storyline 22.8.0.3")
def test_an_instructed_attack_in_the_main_phase_ability_step():
    s = rpos(active=1, phase="start", map=[{"card": "concord-drop-marine", "owner": 0}])   # 3
    c = crisis(s, "crisis-grinding-front", face="back", ready=True)                        # the Siege Colossus
    s.apply_action("draw verdant-thornguard")
    assert s.node[2] == "choose" and s.node[1] == 1 and s.legal_texts() == ["choose 1", "choose 3"]
    s.apply_action("choose 1")
    assert s.find(1)["damage"] == 4 and not c["ready"]   # its Strike 4


@rule("storyline 8.12.3", "storyline 22.8.1.1", "storyline 22.8.1.2", "storyline 22.8.1.4", "storyline 13.3.2",
      "storyline card:crisis-returning-comet:back")
def test_the_comet_flips_back_at_the_end_of_the_act():
    s2 = rpos(active=1, turn=8, phase="end")
    assert s2.act == 2
    s = rpos(active=1, turn=7, phase="main")
    c = crisis(s, "crisis-returning-comet", face="back", damage=2, counters={"time": 9, "liberation": 1})
    s.stack = []
    s.node = None
    s.turn_count = 8
    s._push(["turn-end"])   # the Act ends after turn 8 (2 players, 4 rounds)
    s._run()
    assert c["face"] == "front" and c["chapter"] == 1 and c["counters"] == {} and c["damage"] == 2
    assert s.is_storyline_face(c) and s.band(c) is None and "22.8.1.2" in keys(s)


@rule("storyline 2.14.2", "storyline 10.7.3")
def test_a_this_turn_change_ends_in_the_cleanup_step():
    s = rpos(map=[{"card": "concord-line-trooper", "owner": 0}])
    run(s, [{"op": "modify", "characteristic": "strike", "by": 2, "duration": "this-turn", "to": "this"}], src=3)
    assert s.strike(s.find(3)) == 3
    s.apply_action("pass")
    assert s.strike(s.find(3)) == 1 and s.temps == []


@rule("storyline 14.4.1", "storyline 7.8.2", "storyline 14.3.1")
def test_a_move_operation_takes_a_ready_unit_to_the_place_chosen():
    s = rpos(map=[{"card": "concord-line-trooper", "owner": 0, "ready": True},       # 3
                  {"card": "concord-fortress-ridge", "owner": 0}])                   # 4
    run(s, [{"op": "move", "unit": "this", "to": {"target": {"type": ["location"], "controller": "any"}}}], src=3)
    assert s.node[2] == "choose" and s.legal_texts() == ["choose 1", "choose 2", "choose 4"]
    s.apply_action("choose 4")
    assert s.find(3)["place"] == 4 and not s.find(3)["ready"]


@rule("storyline 12.7.3", "storyline 15.2.3", "storyline 12.8.1")
def test_a_destroy_effect_credits_its_controller():
    s = rpos(map=[{"card": "verdant-grove-terrace", "owner": 1}])
    run(s, [{"op": "destroy", "to": {"each": {"controller": "opponent", "type": ["location"], "homeworld": False}}}])
    assert entry(s, "verdant-greensong") and s.find(3) is None and s.players[0]["story"] == 1


@rule("storyline 19.6.1", "storyline S9")
def test_a_thousand_abilities_without_a_decision_end_the_game_in_a_draw():
    s = rpos(hands=[["concord-line-trooper"], []])
    ctx = s.context(None, None, [{"op": "gain-treasury", "who": "you", "amount": 1}],
                    card="concord-hold-the-line", ctrl=0)
    s.pending = [[ctx, ctx]]
    s.chain = 999
    s.node = None
    s._push(["resolve-pending"], ["main"])
    s._run()
    assert s.is_terminal() and s.winners == [] and s.players[0]["treasury"] == 4 and "19.6.1" in keys(s)


@rule("storyline 7.8.2", "storyline 14.4.1", "storyline 12.1.4")
def test_a_move_or_an_attack_by_a_unit_of_choice_waits_for_the_choice():
    # the unit is a recipient chosen by the controller: the operation runs again with the
    # answer (it used to go on without one and fail)
    s = rpos(map=[{"card": "concord-line-trooper", "owner": 0, "ready": True},      # 3
                  {"card": "concord-line-trooper", "owner": 0, "ready": True},      # 4
                  {"card": "concord-fortress-ridge", "owner": 0}])                  # 5
    run(s, [{"op": "move", "unit": {"choice": {"controller": "you", "type": ["unit"]}},
             "to": {"choice": {"type": ["location"], "controller": "you", "homeworld": False}}}])
    assert s.node[2] == "choose" and s.node[1] == 0 and s.legal_texts() == ["choose 3", "choose 4"]
    s.apply_action("choose 4")
    assert s.find(4)["place"] == 5 and not s.find(4)["ready"] and s.find(3)["ready"]
    s = rpos(map=[{"card": "concord-line-trooper", "owner": 0, "ready": True},      # 3
                  {"card": "concord-line-trooper", "owner": 0, "ready": True},      # 4
                  {"card": "verdant-thornguard", "owner": 1}])                      # 5
    run(s, [{"op": "attack", "by": {"choice": {"controller": "you", "type": ["unit"]}}}])
    assert s.node[2] == "choose" and s.node[1] == 0 and s.legal_texts() == ["choose 3", "choose 4"]
    s.apply_action("choose 4")
    assert "Seat 0 attacks Thornguard (#5) with Line Trooper (#4)." in [e.text for e in s.log]
    assert s.find(5)["damage"] == 1 and not s.find(4)["ready"] and s.find(3)["ready"]
