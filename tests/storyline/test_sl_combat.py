"""Range and Power (storyline 11), attacking and damage (12), Storylines and Chapters (8),
flips (13), Occupation and Liberation (14.11, 14.12)."""

from __future__ import annotations

from sl_helpers import attacks, entry, keys, pos, rule

# seat 1's board for the reach tests: uids 2 (basalt-home), then 4.. below
BASALT = [{"card": "basalt-scout", "owner": 1, "place": "basalt-home"},   # 4 Surface, Unshielded
          {"card": "basalt-tank", "owner": 1},                            # 5 Surface, in the open
          {"card": "basalt-fighter", "owner": 1},                         # 6 Orbit
          {"card": "basalt-outpost", "owner": 1},                         # 7 Surface, Shielded
          {"card": "basalt-carrier", "owner": 1},                         # 8 Deep Space, Shielded
          {"card": "basalt-plating", "owner": 1, "host": "basalt-outpost"}]  # 9 a Device


@rule("storyline 11.2.10", "storyline 11.2.1", "storyline 11.2.3", "storyline 11.2.4", "storyline 11.1.2",
      "storyline 4.5.2", "storyline 11.3.2", "storyline 12.1.1", "storyline 3.12.1", "storyline 3.12.2")
def test_a_low_power_range_one_ground_unit_reaches_as_the_example_says():
    s = pos(2, map=[{"card": "amber-tank", "owner": 0, "ready": True}] + BASALT)
    assert attacks(s) == {"attack 3 4", "attack 3 5", "attack 3 6"}


@rule("storyline 11.2.3", "storyline 11.2.1", "storyline 4.6.3")
def test_high_power_range_two_reaches_shielded_cards_in_every_band():
    s = pos(2, map=[{"card": "amber-artillery", "owner": 0, "ready": True}] + BASALT)
    assert attacks(s) == {f"attack 3 {u}" for u in (2, 4, 5, 6, 7, 8)}


@rule("storyline 4.9.1", "storyline 14.5.1", "storyline 18.1.1")
def test_a_unit_aboard_a_capital_spacecraft_is_in_deep_space():
    s = pos(2, map=[{"card": "amber-tank", "owner": 0, "ready": True},
                    {"card": "basalt-carrier", "owner": 1},
                    {"card": "basalt-fighter", "owner": 1, "place": "basalt-carrier"}])
    assert s.band(entry(s, "basalt-fighter")) == 3 and attacks(s) == set()


@rule("storyline 12.1.1", "storyline 12.1.3", "storyline 12.9.1", "storyline 2.4.1")
def test_only_ready_unfallen_permanents_with_strike_and_a_target_attack():
    s = pos(2, map=[{"card": "amber-scout", "owner": 0, "ready": False, "place": "amber-home"},
                    {"card": "amber-captain", "owner": 0, "ready": True, "damage": 3},      # Fallen
                    {"card": "amber-tank", "owner": 0, "ready": True},
                    {"card": "basalt-scout", "owner": 1}])
    assert attacks(s) == {"attack 5 6"}     # the homeworld has Strike 0


@rule("storyline 12.2.2", "storyline 12.3.1", "storyline 12.4.1", "storyline 12.5.1", "storyline 15.2.2",
      "storyline 12.7.1", "storyline 12.9.2", "storyline 10.6.2", "storyline 10.6.8")
def test_an_attack_spends_deals_strike_and_a_fall_scores():
    s = pos(2, map=[{"card": "amber-tank", "owner": 0, "ready": True},
                    {"card": "basalt-captain", "owner": 1, "damage": 1}])
    s.apply_action("attack 3 4")
    t = entry(s, "basalt-captain")
    assert t["damage"] == 3 and s.fallen(t) and not entry(s, "amber-tank")["ready"]
    assert s.players[0]["story"] == 1
    assert "attack 3 4" not in s.legal_texts()


@rule("storyline 12.5.2", "storyline 12.10.1", "storyline 12.6.1", "storyline 12.6.2", "storyline 4.11.1",
      "storyline 15.2.3", "storyline 12.7.2", "storyline 14.8.1", "storyline 14.8.3", "storyline 19.3.2")
def test_a_location_is_contested_then_destroyed_at_twice_its_durability():
    s = pos(2, map=[{"card": "amber-artillery", "owner": 0, "ready": True},
                    {"card": "amber-captain", "owner": 0, "ready": True},
                    {"card": "basalt-outpost", "owner": 1, "damage": 1},
                    {"card": "basalt-scout", "owner": 1, "place": "basalt-outpost", "ready": True}])
    s.apply_action("attack 3 5")
    assert s.contested(entry(s, "basalt-outpost")) and s.players[0]["story"] == 0
    s.apply_action("attack 4 5")
    assert not any(e["card"] == "basalt-outpost" for e in s.map)
    assert s.players[1]["discard"] == ["basalt-outpost"] and s.players[0]["story"] == 1
    scout = entry(s, "basalt-scout")
    assert scout["place"] is None and scout["ready"]


@rule("storyline 15.2.5", "storyline 12.7.5")
def test_destroying_a_unit_gives_nothing_but_its_fall_does():
    s = pos(2, map=[{"card": "amber-artillery", "owner": 0, "ready": True},
                    {"card": "amber-tank", "owner": 0, "ready": True},
                    {"card": "basalt-scout", "owner": 1},     # Durability 2: 3 damage falls, 4 destroys
                    {"card": "basalt-tank", "owner": 1, "damage": 4}])
    s.apply_action("attack 4 6")   # Tank (2) on the damaged Tank: destroyed, no award
    assert s.players[0]["story"] == 0 and not any(e["card"] == "basalt-tank" for e in s.map)
    s2 = pos(2, map=[{"card": "amber-artillery", "owner": 0, "ready": True},
                     {"card": "basalt-scout", "owner": 1, "damage": 1}])
    s2.apply_action("attack 3 4")  # 1 + 3 = 4: falls and is destroyed in one event
    assert s2.players[0]["story"] == 1 and not any(e["card"] == "basalt-scout" for e in s2.map)
    assert keys(s2).count("12.5.1") == 1 and "12.6.1" in keys(s2)


@rule("storyline 12.12.1", "storyline 12.12.2", "storyline 12.12.3", "storyline 10.6.4")
def test_repair_and_rally_pay_the_cost_and_remove_all_damage():
    s = pos(2, treasury=[6, 3], map=[{"card": "amber-outpost", "owner": 0, "damage": 4, "counters": {"liberation": 1}},
                                     {"card": "amber-captain", "owner": 0, "damage": 3, "ready": True}])
    assert {"repair 3", "rally 4"} <= set(s.legal_texts())
    s.apply_action("repair 3")
    o = entry(s, "amber-outpost")
    assert o["damage"] == 0 and not s.contested(o) and o["counters"] == {"liberation": 1}
    s.apply_action("rally 4")
    c = entry(s, "amber-captain")
    assert c["damage"] == 0 and c["ready"] and s.players[0]["treasury"] == 1


@rule("storyline 8.7.1", "storyline 8.7.2", "storyline 8.7.4", "storyline 15.2.3", "storyline 20.6.2")
def test_a_storyline_face_is_destroyed_at_its_durability():
    s = pos(2, map=[{"card": "amber-tank", "owner": 0, "ready": True},
                    {"card": "amber-fighter", "owner": 0, "ready": True},
                    {"card": "basalt-saga", "owner": 1, "damage": 1, "counters": {"story": 1}}])
    s.apply_action("attack 4 5")     # Fighter, Orbit, Low: the Saga is Unshielded
    assert entry(s, "basalt-saga")["damage"] == 2
    s.apply_action("attack 3 5")
    assert not any(e["card"] == "basalt-saga" for e in s.map) and s.players[0]["story"] == 1


@rule("storyline 8.5.3", "storyline 8.5.4", "storyline 8.5.2", "storyline 8.9.1", "storyline 8.9.3",
      "storyline 8.10.1", "storyline 15.2.1", "storyline 19.3.4")
def test_chapters_complete_on_story_counters_and_the_final_one_flips_and_awards():
    s = pos(2, active=0, phase="start", map=[{"card": "amber-saga", "owner": 0, "counters": {"story": 1}}])
    e = entry(s, "amber-saga")
    assert e["chapter"] == 2 and e["counters"] == {"story": 2}
    s = pos(2, active=0, phase="start", map=[{"card": "amber-saga", "owner": 0, "chapter": 2,
                                               "counters": {"story": 3}}])
    e = entry(s, "amber-saga")
    assert e["face"] == "back" and s.ftype(e) == "epilogue" and s.band(e) == 2
    assert s.players[0]["story"] == 2 and e["counters"] == {"story": 4}


@rule("storyline 8.5.5", "storyline 8.9.4", "storyline 13.4.2", "storyline 13.6.1", "storyline 13.2.1",
      "storyline 13.3.1", "storyline 13.3.3")
def test_chapters_complete_one_at_a_time_and_a_permanent_back_face_arrives_spent_in_the_open():
    s = pos(2, active=0, phase="start", map=[{"card": "amber-legend", "owner": 0, "damage": 1,
                                               "counters": {"story": 1, "liberation": 1}}])
    e = entry(s, "amber-legend")
    assert keys(s).count("8.5.3") == 2
    assert e["face"] == "back" and s.ftype(e) == "character" and e["uid"] == 3
    assert e["place"] is None and not e["ready"] and e["damage"] == 1
    assert e["counters"] == {"story": 2} and s.players[0]["story"] == 1


@rule("storyline 13.7.2", "storyline 12.7.4")
def test_a_back_face_printed_arrives_contested_gets_damage_from_no_source():
    s = pos(2, active=3 - 3, phase="start", options={"decks": "dusk,amber"},
            map=[{"card": "dusk-legend", "owner": 0, "chapter": 2, "counters": {"story": 1}}])
    e = entry(s, "dusk-legend")
    assert s.is_capital(e) and e["damage"] == 3 and s.contested(e) and e["destroyer"] is None


@rule("storyline 8.12.1", "storyline 8.12.2", "storyline 8.12.4", "storyline 10.7.4")
def test_epilogues_are_cleared_when_the_act_ends():
    s = pos(2, active=1, turn=8, phase="end", map=[
        {"card": "amber-saga", "owner": 0, "face": "back", "band": 2},
        {"card": "amber-scout", "owner": 0, "damage": 1}])
    assert s.act == 2 and s.players[0]["discard"] == ["amber-saga"]
    assert entry(s, "amber-scout")["damage"] == 1


@rule("storyline 14.11.1", "storyline 14.11.2", "storyline 14.11.3", "storyline 14.11.4", "storyline 14.11.5",
      "storyline 14.11.6", "storyline 17.4.1", "storyline 12.10.2", "storyline 17.5.2", "storyline 10.5.4")
def test_occupation_takes_a_contested_location_with_only_the_active_sides_units():
    s = pos(2, hands=[[], []], map=[
        {"card": "basalt-outpost", "owner": 1, "damage": 3, "counters": {"liberation": 1}},   # 3
        {"card": "basalt-plating", "owner": 1, "host": "basalt-outpost"},                     # 4
        {"card": "amber-tank", "owner": 0, "place": "basalt-outpost"},                        # 5
        {"card": "basalt-scout", "owner": 1, "place": "basalt-outpost", "damage": 2},         # 6 Fallen
        {"card": "basalt-carrier", "owner": 1, "damage": 2},                                  # 7 not Contested
        {"card": "amber-fighter", "owner": 0, "place": "basalt-carrier"},
        {"card": "basalt-outpost", "owner": 1, "damage": 3},                                  # 9 mixed units
        {"card": "amber-scout", "owner": 0, "place": 9},
        {"card": "basalt-tank", "owner": 1, "place": 9}])
    # only pass is legal for seat 0: the Main Phase closes at once
    o = s.find(3)
    assert o["controller"] == 0 and o["damage"] == 3 and o["counters"] == {}
    assert s.find(4)["controller"] == 0 and s.find(6)["controller"] == 1
    assert s.find(7)["controller"] == 1 and s.find(9)["controller"] == 1
    assert "14.11.3" in keys(s)


@rule("storyline 14.12.1", "storyline 14.12.2", "storyline 14.12.3", "storyline 17.5.1")
def test_liberation_counters_return_control_at_two():
    s = pos(2, active=1, map=[
        {"card": "basalt-outpost", "owner": 1, "controller": 0, "counters": {"liberation": 1}},
        {"card": "amber-scout", "owner": 0, "place": "basalt-outpost"},
        {"card": "basalt-scout", "owner": 1, "place": "basalt-outpost"}])
    o = entry(s, "basalt-outpost")
    assert o["controller"] == 1 and o["counters"] == {}
    s = pos(2, active=1, map=[
        {"card": "basalt-outpost", "owner": 1, "controller": 0},
        {"card": "basalt-scout", "owner": 1, "place": "basalt-outpost"}])
    assert entry(s, "basalt-outpost")["counters"] == {"liberation": 1} and entry(s, "basalt-outpost")["controller"] == 0


@rule("storyline 14.3.1", "storyline 14.4.1", "storyline 14.5.1", "storyline 14.6.1", "storyline 14.7.1",
      "storyline 10.6.3", "storyline 3.3.1")
def test_moves():
    s = pos(2, map=[{"card": "amber-scout", "owner": 0, "ready": True, "place": "amber-home"},   # 3
                    {"card": "amber-tank", "owner": 0, "ready": True},                            # 4
                    {"card": "basalt-carrier", "owner": 1},                                       # 5
                    {"card": "amber-fighter", "owner": 0, "ready": True, "place": "basalt-carrier"}])  # 6
    moves = {t for t in s.legal_texts() if t.startswith("move")}
    assert moves == {"move 3 to 2", "move 3 to 5", "move 4 to 1", "move 4 to 2", "move 6 orbit"}
    s.apply_action("move 3 to 5")
    assert s.band(s.find(3)) == 3 and not s.find(3)["ready"]
    s.apply_action("move 6 orbit")
    assert s.band(s.find(6)) == 2
