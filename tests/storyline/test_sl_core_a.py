"""Sections 1 to 10 of storyline: the general rules, card parts and types, zones, setup's
shuffle, abilities and effects, Storylines, counters and the turn, statement by statement."""

from __future__ import annotations

import copy

import pytest

from tokyo import CHANCE
from tokyo.games.storyline.cards import CardDataError, _face, load_card_set
from tokyo.games.storyline.game import StorylineGame
from tokyo.games.storyline.position import build_position
from sl_helpers import CARDS, attacks, entry, game, keys, pos, rule


def run(s, ops, src=None, ctrl=0, card="amber-supply"):
    """Resolve an ad-hoc ability of ``src`` (a uid; None: an Event of seat ``ctrl``)."""
    e = s.find(src) if src is not None else None
    ctx = s.context(e, None, ops, card=card, ctrl=ctrl)
    s.node = None
    s.stack = []
    s._push(["ability", ctx], ["state-check"], ["resolve-pending"], ["main"])
    s._run()


def with_ability(cid: str, ability: dict, text: str = "Test ability."):
    """The test card set with ``ability`` added to ``cid``'s front face (a copy)."""
    cards = copy.deepcopy(CARDS)
    f = cards["cards"][cid]["faces"]["front"]
    f["abilities"] = f["abilities"] + [ability]
    f["text"] = text
    return cards


def apos(cards, **kw):
    return build_position(StorylineGame(2, {"decks": "amber,basalt"}, cards=cards), **kw)


# ----- 1: general -------------------------------------------------------------------------
@rule("storyline 1.4.1")
def test_every_other_player_is_an_opponent_in_the_competitive_game():
    s = pos(3, map=[{"card": "amber-artillery", "owner": 0, "ready": True},
                    {"card": "basalt-tank", "owner": 1}, {"card": "cobalt-tank", "owner": 2}])
    assert s.opponents(0) == [1, 2] and s.opponents(2) == [0, 1]
    assert {"attack 4 5", "attack 4 6"} <= attacks(s)      # both other seats' cards
    assert "attack 4 1" not in attacks(s)                  # not its own Homeworld


@rule("storyline 1.4.3")
def test_turn_order_is_seat_order_from_the_first_player():
    s = pos(3, active=2, phase="start", hands=[["amber-scout"], ["basalt-scout"], ["cobalt-scout"]])
    assert s.turn_order(2) == [2, 0, 1] and s.turn_order(0) == [0, 1, 2]
    assert [p["deck_id"] for p in s.players] == ["amber", "basalt", "cobalt"]   # seats 0, 1, 2
    s.apply_action(s.legal_texts()[0])       # the Draw Phase's draw
    s.apply_action("pass")
    while s.is_chance_node():
        s.apply_action(s.legal_texts()[0])
    assert s.active == 0                     # after seat 2 comes seat 0


@rule("storyline 1.5.1")
def test_every_number_is_a_whole_number():
    for card in CARDS["cards"].values():
        for f in card["faces"].values():
            for k in ("cost", "strike", "range", "income", "award"):
                assert type(f[k]) is int
            if "durability" in f:
                assert type(f["durability"]) is int
    face = {"name": "X", "type": "character", "cost": "2", "strike": 1.0, "durability": 2}
    got = _face("x", face)
    assert (got["cost"], got["strike"]) == (2, 1) and type(got["strike"]) is int


@rule("storyline 1.5.3")
def test_a_durability_that_would_drop_below_one_is_one():
    s = pos(2, map=[{"card": "amber-scout", "owner": 0, "place": "amber-home"}], hands=[["amber-tank"], []])
    scout = entry(s, "amber-scout")
    run(s, [{"op": "modify", "characteristic": "durability", "by": -5, "to": "this"}], src=scout["uid"])
    assert s.node[2] == "main" and s.temps == [[scout["uid"], "durability", -5]]
    assert s.durability(scout) == 1
    with pytest.raises(CardDataError):
        _face("x", {"name": "X", "type": "character", "durability": 0})


@rule("storyline 1.7.3")
def test_the_map_discards_treasuries_counters_and_story_points_are_known_to_all():
    s = pos(2, treasury=[4, 7], story=[1, 2], discards=[["amber-tank"], ["basalt-supply"]],
            map=[{"card": "basalt-saga", "owner": 1, "counters": {"story": 1}, "damage": 1}],
            hands=[["amber-scout"], ["basalt-tank"]])
    for seat in (0, 1, None):
        o = s.observation(seat)
        assert [p["treasury"] for p in o["players"]] == [4, 7]
        assert [p["story"] for p in o["players"]] == [1, 2]
        assert [p["discard"] for p in o["players"]] == [["amber-tank"], ["basalt-supply"]]
        saga = [e for e in o["map"] if e["card"] == "basalt-saga"][0]
        assert saga["counters"] == {"story": 1} and saga["damage"] == 1
        assert [e["card"] for e in o["map"]] == ["amber-home", "basalt-home", "basalt-saga"]
    assert s.observation(0)["hand"] == ["amber-scout"]    # a hand is not


# ----- 2: parts of a card -------------------------------------------------------------------
@rule("storyline 2.1.1")
def test_each_face_has_a_name_and_copies_share_it():
    with pytest.raises(CardDataError):
        _face("x", {"type": "character"})
    assert all(f["name"] for c in CARDS["cards"].values() for f in c["faces"].values())
    s = pos(2, map=[{"card": "amber-scout", "owner": 0}, {"card": "amber-scout", "owner": 0}])
    a, b = [e for e in s.map if e["card"] == "amber-scout"]
    assert s.face(a)["name"] == s.face(b)["name"] == "Amber Scout" and a["uid"] != b["uid"]


@rule("storyline 2.2.1")
def test_each_face_shows_one_of_the_eight_card_types():
    types = {f["type"] for c in CARDS["cards"].values() for f in c["faces"].values()}
    assert types <= {"character", "ground-unit", "spacecraft", "location", "device", "event", "storyline",
                     "epilogue"}
    assert types >= {"character", "ground-unit", "spacecraft", "location", "device", "event", "storyline",
                     "epilogue"}
    with pytest.raises(CardDataError):
        _face("x", {"name": "X", "type": "drone"})


@rule("storyline 2.2.2")
def test_a_spacecraft_face_shows_capital_or_non_capital():
    with pytest.raises(CardDataError):
        _face("x", {"name": "X", "type": "spacecraft", "durability": 2})
    s = pos(2, map=[{"card": "amber-carrier", "owner": 0}, {"card": "amber-fighter", "owner": 0}])
    assert s.is_capital(entry(s, "amber-carrier")) and not s.is_capital(entry(s, "amber-fighter"))
    assert (s.band(entry(s, "amber-carrier")), s.band(entry(s, "amber-fighter"))) == (3, 2)


@rule("storyline 2.2.3")
def test_a_location_face_may_show_homeworld():
    home, outpost = CARDS["cards"]["amber-home"], CARDS["cards"]["amber-outpost"]
    assert home["faces"]["front"].get("homeworld") is True and home["homeworld"]
    assert not outpost["faces"]["front"].get("homeworld") and not outpost["homeworld"]
    s = pos(2)
    assert s.homeworld_entry(0)["card"] == "amber-home" and s.homeworld_entry(1)["card"] == "basalt-home"


@rule("storyline 2.5.1")
def test_every_amount_of_damage_carries_low_or_high_power():
    with pytest.raises(CardDataError):
        _face("x", {"name": "X", "type": "event", "text": "t", "abilities": [{"kind": "triggered", "when": "played",
              "effect": [{"op": "deal-damage", "amount": 1, "power": "medium", "to": "this"}]}]})
    s = pos(2, map=[{"card": "amber-captain", "owner": 0, "ready": True, "place": "amber-home"},
                    {"card": "basalt-scout", "owner": 1}])
    s.apply_action("attack 3 4")
    assert any(e.text == "Basalt Scout (#4) takes 2 damage (High Power)." for e in s.log)


@rule("storyline 2.7.2")
def test_a_storyline_face_is_destroyed_when_its_damage_reaches_its_durability():
    s = pos(2, map=[{"card": "amber-artillery", "owner": 0, "ready": True},
                    {"card": "basalt-saga", "owner": 1, "damage": 0}])
    assert s.durability(entry(s, "basalt-saga")) == 3
    s.apply_action("attack 3 4")                       # 3 damage: reaches 3
    assert not any(e["card"] == "basalt-saga" for e in s.map)
    assert s.players[1]["discard"] == ["basalt-saga"]
    s = pos(2, map=[{"card": "amber-tank", "owner": 0, "ready": True},
                    {"card": "basalt-saga", "owner": 1}])
    s.apply_action("attack 3 4")                       # 2 damage: not yet
    assert entry(s, "basalt-saga")["damage"] == 2


@rule("storyline 2.9.1")
def test_the_type_sets_shielded_except_a_storyline_face_prints_it():
    s = pos(2, map=[{"card": "amber-scout", "owner": 0}, {"card": "amber-tank", "owner": 0},
                    {"card": "amber-fighter", "owner": 0}, {"card": "amber-carrier", "owner": 0},
                    {"card": "amber-outpost", "owner": 0}, {"card": "amber-saga", "owner": 0},
                    {"card": "amber-legend", "owner": 0}])
    got = {e["card"]: s.shielded(e) for e in s.map[2:]}
    assert got == {"amber-scout": False, "amber-tank": False, "amber-fighter": False, "amber-carrier": True,
                   "amber-outpost": True, "amber-saga": False, "amber-legend": True}
    with pytest.raises(CardDataError):
        _face("x", {"name": "X", "type": "storyline", "durability": 3,
                    "chapters": [{"number": 1, "end": 1}]})   # no shield printed


@rule("storyline 2.10.1")
def test_a_face_may_have_no_abilities():
    scout = CARDS["cards"]["amber-scout"]["faces"]["front"]
    assert scout["abilities"] == [] and scout["text"] == ""
    s = pos(2, hands=[["amber-scout"], []])
    s.apply_action("play amber-scout on 1")
    assert not any(e.text.endswith(" resolves.") for e in s.log)
    assert s.players[0]["treasury"] == 2 and s.players[0]["hand"] == []


@rule("storyline 2.10.2")
def test_text_without_abilities_has_no_effect():
    cards = copy.deepcopy(CARDS)
    f = cards["cards"]["amber-supply"]["faces"]["front"]
    f["text"] = "*Gain 2 Treasury.*"
    f["abilities"] = []
    s = build_position(StorylineGame(2, {"decks": "amber,basalt"}, cards=cards),
                       hands=[["amber-supply", "amber-scout"], []], treasury=[1, 3])
    s.apply_action("play amber-supply")
    assert s.players[0]["treasury"] == 1 and s.players[0]["discard"] == ["amber-supply"]


@rule("storyline 2.12.2")
def test_every_card_but_a_storyline_has_a_single_face():
    for c in CARDS["cards"].values():
        if c["faces"]["front"]["type"] == "storyline":
            assert set(c["faces"]) == {"front", "back"}
        else:
            assert set(c["faces"]) == {"front"}


# ----- 3: card types ----------------------------------------------------------------------
@rule("storyline 3.1.1", "storyline 3.1.3")
def test_permanents_and_units_by_type():
    s = pos(2, map=[{"card": c, "owner": 0} for c in ("amber-scout", "amber-tank", "amber-fighter", "amber-outpost",
                                                       "amber-saga")]
            + [{"card": "amber-plating", "owner": 0, "host": "amber-outpost"}], hands=[["amber-supply"], []])
    perm = {e["card"]: s.is_permanent(e) for e in s.map[2:]}
    unit = {e["card"]: s.is_unit(e) for e in s.map[2:]}
    assert perm == {"amber-scout": True, "amber-tank": True, "amber-fighter": True, "amber-outpost": True,
                    "amber-saga": False, "amber-plating": True}
    assert unit == {"amber-scout": True, "amber-tank": True, "amber-fighter": True, "amber-outpost": False,
                    "amber-saga": False, "amber-plating": False}
    before = [e["uid"] for e in s.map]
    s.apply_action("play amber-supply")      # then the turn passes: the permanents stay
    assert [e["uid"] for e in s.map] == before


@rule("storyline 3.1.2")
def test_storyline_faces_and_epilogues_are_not_permanents_and_an_event_is_never_on_the_map():
    s = pos(2, map=[{"card": "amber-saga", "owner": 0}, {"card": "basalt-saga", "owner": 1, "face": "back",
                                                          "band": 2}], hands=[["amber-supply", "amber-tank"], []])
    assert not s.is_permanent(entry(s, "amber-saga")) and not s.is_permanent(entry(s, "basalt-saga"))
    s.apply_action("play amber-supply")
    assert not any(e["card"] == "amber-supply" for e in s.map) and s.players[0]["discard"] == ["amber-supply"]


@rule("storyline 3.2.1")
def test_a_character_is_in_surface_on_a_location_in_the_open_or_aboard():
    s = pos(2, map=[{"card": "amber-scout", "owner": 0, "ready": True, "place": "amber-home"},
                    {"card": "amber-captain", "owner": 0}, {"card": "amber-carrier", "owner": 0}])
    scout, captain = entry(s, "amber-scout"), entry(s, "amber-captain")
    assert s.band(scout) == s.band(captain) == 1 and captain["place"] is None
    assert s.moves(scout) == ["to 2", "to 5"]           # a Location, or aboard the Capital Spacecraft
    s.apply_action("move 3 to 5")
    assert scout["place"] == 5 and s.band(scout) == 3


@rule("storyline 3.2.2")
def test_a_character_whose_damage_reaches_its_durability_is_fallen_not_contested():
    s = pos(2, map=[{"card": "amber-tank", "owner": 0, "ready": True}, {"card": "basalt-scout", "owner": 1},
                    {"card": "basalt-tank", "owner": 1, "damage": 1}])
    s.apply_action("attack 3 4")
    scout = entry(s, "basalt-scout")
    assert scout["damage"] == 2 and s.fallen(scout) and not s.contested(scout)
    tank = entry(s, "basalt-tank")
    tank["damage"] = 3
    assert s.contested(tank) and not s.fallen(tank)


@rule("storyline 3.4.1", "storyline 4.6.2")
def test_a_non_capital_spacecraft_is_in_orbit_and_may_board_a_capital():
    s = pos(2, map=[{"card": "amber-fighter", "owner": 0, "ready": True}, {"card": "amber-carrier", "owner": 0}],
            hands=[["amber-tank"], []])
    f = entry(s, "amber-fighter")
    assert s.band(f) == 2 and s.moves(f) == ["to 4"]      # no Location: only boarding
    s.apply_action("move 3 to 4")
    assert f["place"] == 4 and s.band(f) == 3
    s = pos(2, map=[{"card": "amber-fighter", "owner": 0, "ready": True, "place": 4},
                    {"card": "amber-carrier", "owner": 0}], hands=[["amber-tank"], []])
    f = entry(s, "amber-fighter")
    assert s.moves(f) == ["orbit"]
    s.apply_action("move 3 orbit")
    assert f["place"] is None and s.band(f) == 2


@rule("storyline 3.4.2")
def test_a_capital_spacecraft_never_moves_and_takes_characters_and_non_capitals_aboard():
    s = pos(2, map=[{"card": "amber-carrier", "owner": 0, "ready": True},
                    {"card": "amber-carrier", "owner": 0, "ready": True},
                    {"card": "amber-tank", "owner": 0, "ready": True},
                    {"card": "amber-scout", "owner": 0, "ready": True},
                    {"card": "amber-fighter", "owner": 0, "ready": True}])
    c1 = s.find(3)
    assert s.band(c1) == 3 and s.moves(c1) == [] and s.moves(s.find(4)) == []
    assert s.moves(entry(s, "amber-tank")) == ["to 1", "to 2"]          # Locations only, never aboard
    assert s.moves(entry(s, "amber-scout")) == ["to 1", "to 2", "to 3", "to 4"]
    assert s.moves(entry(s, "amber-fighter")) == ["to 3", "to 4"]


@rule("storyline 3.5.1", "storyline 4.6.1")
def test_a_location_is_in_surface_and_never_moves_with_units_on_it():
    s = pos(2, map=[{"card": "amber-outpost", "owner": 0, "ready": True},
                    {"card": "amber-tank", "owner": 0, "place": "amber-outpost"},
                    {"card": "amber-scout", "owner": 0}])
    o = entry(s, "amber-outpost")
    assert s.band(o) == 1 and s.moves(o) == [] and not any(t.startswith("move 3") for t in s.legal_texts())
    assert s.band(entry(s, "amber-tank")) == 1 and s.band(entry(s, "amber-scout")) == 1
    assert entry(s, "amber-tank")["place"] == 3


@rule("storyline 3.6.1", "storyline 4.10.1")
def test_a_device_is_attached_to_its_host_and_in_its_hosts_band():
    s = pos(2, map=[{"card": "amber-carrier", "owner": 0}, {"card": "amber-plating", "owner": 0, "host": 3},
                    {"card": "amber-plating", "owner": 0, "host": 1}])
    d1, d2 = s.find(4), s.find(5)
    assert (d1["host"], s.band(d1)) == (3, 3) and (d2["host"], s.band(d2)) == (1, 1)


@rule("storyline 3.6.2")
def test_a_device_cannot_attack_be_attacked_or_take_damage():
    s = pos(2, map=[{"card": "amber-artillery", "owner": 0, "ready": True},
                    {"card": "basalt-plating", "owner": 1, "host": "basalt-home", "ready": True}])
    d = entry(s, "basalt-plating")
    assert "attack 3 4" not in attacks(s) and "attack 3 2" in attacks(s)
    assert not s.can_attack(d) and s.strike(d) == 0 and s.range_of(d) == 0
    s.deal_damage(0, 3, "high", [d])
    assert d["damage"] == 0 and not s.broken(d)


@rule("storyline 3.9.1")
def test_an_ordinary_storyline_is_played_from_the_hand():
    assert CARDS["decks"]["amber"]["cards"]["amber-saga"] == 2
    s = pos(2, hands=[["amber-saga", "amber-tank"], []], treasury=[3, 3])
    assert "play amber-saga" in s.legal_texts()
    s.apply_action("play amber-saga")
    e = entry(s, "amber-saga")
    assert s.players[0]["hand"] == ["amber-tank"] and e["owner"] == e["controller"] == 0 and e["chapter"] == 1


def _completed_saga(**kw):
    s = pos(2, map=[{"card": "amber-saga", "owner": 0, "chapter": 2, "counters": {"story": 3}}], phase="start",
            **kw)
    return s


@rule("storyline 3.10.1", "storyline 8.3.3")
def test_an_epilogue_stays_in_its_storylines_band_until_the_act_ends():
    s = _completed_saga(options={"act_rounds": 1})
    e = entry(s, "amber-saga")                              # Chapter 2 of 2: the final one
    assert e["face"] == "back" and s.ftype(e) == "epilogue" and s.band(e) == 2
    assert s.players[0]["story"] == 2
    for _ in range(20):
        if s.act == 2:
            break
        assert s.band(entry(s, "amber-saga")) == 2       # still there, in Orbit, during the Act
        if s.is_chance_node():
            s.apply_action(s.legal_texts()[0])
        else:
            s.apply_action("pass")
    assert s.act == 2 and s.players[0]["discard"][-1] == "amber-saga"
    s2 = pos(2, map=[{"card": "amber-saga", "owner": 0, "chapter": 1, "counters": {"story": 1}}], phase="start")
    assert entry(s2, "amber-saga")["chapter"] == 2 and entry(s2, "amber-saga")["face"] == "front"


@rule("storyline 3.10.2", "storyline 9.2.1")
def test_an_epilogue_cannot_be_attacked_damaged_targeted_moved_or_take_counters():
    s = pos(2, map=[{"card": "amber-artillery", "owner": 0, "ready": True},
                    {"card": "basalt-saga", "owner": 1, "face": "back", "band": 2}],
            hands=[["amber-tank"], []])
    ep = entry(s, "basalt-saga")
    assert attacks(s) == {"attack 3 2"}
    assert not s.can_take_damage(ep)
    s.deal_damage(0, 3, "high", [ep])
    assert ep["damage"] == 0
    run(s, [{"op": "add-counters", "type": "story", "n": 2, "on": {"each": {"controller": "any",
                                                                            "type": ["storyline", "permanent"]}}}])
    assert ep["counters"] == {} and s.find(1)["counters"] == {"story": 2}
    assert s.moves(ep) == []


# ----- the Crisis Format where sections 1-10 speak of it ---------------------------------------
GF, BE, PB = "crisis-grinding-front", "crisis-bleeding-exchequer", "crisis-parasite-bloom"


@rule("storyline 1.1.3", "storyline 8.2.1")
def test_section_22_wins_where_it_differs_a_crisis_storyline_has_no_band_and_counts_time():
    from sl_crisis_helpers import cpos as crisis_pos, opp_turn
    from tokyo.games.storyline.abilities import OPPONENT
    s = crisis_pos([BE], phase="start", treasury=[5, 5])
    be = entry(s, BE)
    assert s.band(be) is None and be["owner"] == be["controller"] == OPPONENT
    assert be["counters"] == {}                                # no Story counter in seat 0's Admin Phase (10.3.3)
    s2 = crisis_pos([BE], treasury=[5, 5])
    opp_turn(s2)
    assert entry(s2, BE)["counters"] == {"time": 1}            # Time counters instead (22.4.1)
    assert s2.face(entry(s2, BE))["chapters"][0]["counter"] == "time"


@rule("storyline 1.2.2")
def test_in_the_crisis_format_the_players_win_together():
    from sl_crisis_helpers import cpos as crisis_pos, run as crisis_run
    s = crisis_pos([PB, BE], fields={PB: {"damage": 19}, BE: {"damage": 21}})
    crisis_run(s, [])
    assert s.is_terminal() and s.winners == [0, 1] and s.returns()[0] == s.returns()[1] > 0


@rule("storyline 4.7.2")
def test_a_card_with_no_band_is_at_no_distance_from_anything():
    from sl_crisis_helpers import cpos as crisis_pos
    s = crisis_pos([BE], map=[{"card": "concord-line-trooper", "owner": 0, "ready": True},       # 4: range 0
                              {"card": "concord-picket-frigate", "owner": 0, "ready": True}])     # 5: Orbit
    be = entry(s, BE)
    assert s.band(be) is None and not s.shielded(be)
    assert s.reaches(1, 0, "low", be) and s.reaches(2, 0, "low", be) and s.reaches(None, 0, "low", be)
    assert not s.reaches(None, 2, "low", s.find(1))            # Power still limits it
    assert {"attack 4 3", "attack 5 3"} <= set(s.legal_texts())


@rule("storyline 4.11.3", "storyline 4.12.1")
def test_a_crisis_card_that_leaves_the_map_goes_out_of_the_game_for_good():
    from sl_crisis_helpers import cpos as crisis_pos, run as crisis_run
    s = crisis_pos([PB, BE])
    crisis_run(s, [{"op": "destroy", "to": "this"}], src=3)
    assert not any(e["card"] == PB for e in s.map)
    for pl in s.players:
        assert PB not in pl["discard"] and PB not in pl["hand"] and PB not in pl["deck"]
    for _ in range(6):                                          # turns go by: it never comes back
        if s.is_terminal():
            break
        s.apply_action(s.legal_texts()[0] if s.is_chance_node() else "pass")
    assert not any(e["card"] == PB for e in s.map)


@rule("storyline 3.9.2")
def test_a_crisis_storyline_is_put_onto_the_map_at_the_start_of_a_crisis_game():
    from sl_crisis_helpers import cgame
    s = cgame(2, crises=f"{GF},{BE}", first_player="0").new_initial_state()
    crises = [e for e in s.map if s.is_crisis(e)]
    assert [e["card"] for e in crises] == [BE, GF]
    assert all(s.is_storyline_face(e) and e["chapter"] == 1 for e in crises)
    assert all(BE not in pl["deck"] and GF not in pl["deck"] for pl in s.players)
    assert "22.1.1" in keys(s)


@rule("storyline 3.12.3")
def test_a_drone_is_shielded_as_its_type_is():
    from sl_crisis_helpers import cpos as crisis_pos
    s = crisis_pos([GF], map=[{"card": "drone-spark", "owner": -1}, {"card": "drone-scrap", "owner": -1},
                              {"card": "crisis-drone-foundry", "owner": -1, "face": "back"}])
    spark, scrap, ark = entry(s, "drone-spark"), entry(s, "drone-scrap"), entry(s, "crisis-drone-foundry")
    assert s.card("drone-spark")["drone"] and (s.ftype(spark), s.is_capital(spark)) == ("spacecraft", False)
    assert not s.shielded(spark) and not s.shielded(scrap) and s.ftype(scrap) == "ground-unit"
    assert s.is_capital(ark) and s.shielded(ark)                 # a Capital Spacecraft is Shielded


# ----- 4: zones and the Map ----------------------------------------------------------------
@rule("storyline 4.1.1", "storyline 4.1.2")
def test_the_zones_and_the_treasury_number():
    s = pos(2, hands=[["amber-scout"], []], discards=[["amber-tank"], []], treasury=[4, 3])
    pl = s.players[0]
    assert isinstance(pl["deck"], dict) and pl["hand"] == ["amber-scout"] and pl["discard"] == ["amber-tank"]
    assert sum(pl["deck"].values()) == 28 and [e["card"] for e in s.map] == ["amber-home", "basalt-home"]
    assert type(pl["treasury"]) is int and pl["treasury"] == 4
    assert not any(e["card"] == "treasury" for e in s.map)


@rule("storyline 4.2.1", "storyline 5.5.1")
def test_a_deck_is_face_down_and_each_draw_is_a_chance_node_over_its_cards():
    s = pos(2, active=0, phase="start", decks=[{"amber-scout": 3, "amber-tank": 1}, None])
    assert s.current_player() == CHANCE and s.node[2] == "draw"
    assert [(a.text, p) for a, p in s.chance_outcomes()] == [("draw amber-scout", 0.75), ("draw amber-tank", 0.25)]
    o = s.observation(1)
    assert o["players"][0]["deck_size"] == 4 and "deck" not in o["players"][0]
    assert "amber-scout" not in str(s.observation(0)["players"])
    s.apply_action("draw amber-tank")
    assert s.players[0]["deck"] == {"amber-scout": 3} and s.players[0]["hand"] == ["amber-tank"]


@rule("storyline 4.4.1")
def test_a_discard_pile_is_face_up_and_takes_cards_on_top():
    s = pos(2, hands=[["amber-supply", "amber-intel", "amber-tank"], []], discards=[["amber-scout"], []])
    s.apply_action("play amber-supply")
    assert s.players[0]["discard"] == ["amber-scout", "amber-supply"]      # on top: last
    assert s.observation(1)["players"][0]["discard"] == ["amber-scout", "amber-supply"]


@rule("storyline 4.5.1")
def test_the_map_has_three_bands_in_a_line():
    from tokyo.games.storyline.state import BAND_NAMES
    assert BAND_NAMES == {1: "Surface", 2: "Orbit", 3: "Deep Space"}
    s = pos(2, map=[{"card": "amber-tank", "owner": 0, "ready": True},      # Surface, range 1
                    {"card": "basalt-fighter", "owner": 1}, {"card": "basalt-carrier", "owner": 1},
                    {"card": "basalt-saga", "owner": 1}])
    assert [s.band(e) for e in s.map[2:]] == [1, 2, 3, 2]
    assert attacks(s) == {"attack 3 4", "attack 3 6"}           # Orbit is 1 away; Deep Space 2


@rule("storyline 4.8.1")
def test_a_surface_unit_is_on_exactly_one_location_or_in_the_open():
    s = pos(2, map=[{"card": "amber-outpost", "owner": 0},
                    {"card": "amber-tank", "owner": 0, "ready": True, "place": "amber-home"},
                    {"card": "amber-scout", "owner": 0}], hands=[["amber-supply"], []])
    tank = entry(s, "amber-tank")
    assert tank["place"] == 1 and entry(s, "amber-scout")["place"] is None
    s.apply_action("move 4 to 3")
    assert tank["place"] == 3 and [e["uid"] for e in s.map if e["place"] == 1] == []
    s.leave_map(entry(s, "amber-outpost"))
    assert tank["place"] is None and s.band(tank) == 1                  # in the open


@rule("storyline 4.13.3")
def test_a_card_keeps_its_timestamp_when_it_flips_moves_or_changes_controller():
    s = pos(2, map=[{"card": "amber-legend", "owner": 0, "chapter": 2, "counters": {"story": 1}},
                    {"card": "amber-outpost", "owner": 0, "damage": 3},
                    {"card": "basalt-tank", "owner": 1, "ready": True}], phase="start")
    legend = s.find(3)
    assert legend["card"] == "amber-legend" and legend["face"] == "back" and s.ftype(legend) == "character"
    s.set_controller(s.find(4), 1)
    assert s.find(4)["card"] == "amber-outpost" and s.find(4)["controller"] == 1
    assert [e["uid"] for e in s.map] == [1, 2, 3, 4, 5]
    s = pos(2, map=[{"card": "amber-tank", "owner": 0, "ready": True}], hands=[["amber-supply"], []])
    s.apply_action("move 3 to 2")
    assert s.find(3)["card"] == "amber-tank" and s.find(3)["place"] == 2 and s.next_uid == 4


# ----- 1.3 and 7: card text, abilities and effects (with the shipped cards) -----------------
def rpos(decks: str = "concord,verdant", **kw):
    return build_position(StorylineGame(2, {"decks": decks}), **kw)


@rule("storyline 1.3.1")
def test_a_cards_text_wins_over_the_rules():
    # the rules remove damage only by a repair that pays the cost and removes every counter
    # (12.12.1); the Field Engineer's text removes one, for no Treasury
    s = rpos(treasury=[0, 3], map=[{"card": "concord-field-engineer", "owner": 0, "ready": True},
                                   {"card": "concord-bastion-walker", "owner": 0, "damage": 3}],
             hands=[["concord-line-trooper"], []])
    assert "repair 4" not in s.legal_texts() and "use 3" in s.legal_texts()
    s.apply_action("use 3")
    s.apply_action("choose 4")
    assert entry(s, "concord-bastion-walker")["damage"] == 2
    assert [e.text for e in s.log if e.rule.split(" ")[1] == "7.4.1"] == [
        "Seat 0 uses Field Engineer (#3), paying spending it."]
    assert "12.12.1" not in keys(s)


@rule("storyline 1.3.2")
def test_can_and_cannot_together_it_cannot():
    # the Barrage may deal damage to "target permanent": a Device is one, but cannot take
    # damage (3.6.2), and an Epilogue cannot be targeted (3.10.2)
    s = rpos(treasury=[5, 3], hands=[["concord-artillery-barrage", "concord-line-trooper"], []],
             map=[{"card": "verdant-thornguard", "owner": 1},
                  {"card": "verdant-bloomhorn", "owner": 1, "host": "verdant-thornguard"}])
    assert s.ftype(s.find(4)) == "device"
    s.apply_action("play concord-artillery-barrage")
    assert s.node[2] == "choose" and s.legal_texts() == ["choose 2", "choose 3", "choose 4"]
    s.apply_action("choose 4")                                # the Device: it cannot take the damage
    assert s.find(4)["damage"] == 0 and s.find(3)["damage"] == 0 and s.find(2)["damage"] == 0
    assert s.players[0]["discard"] == ["concord-artillery-barrage"]


@rule("storyline 1.3.3")
def test_text_applies_only_while_its_card_is_on_the_map_showing_that_face():
    s = rpos(map=[{"card": "concord-bastion-walker", "owner": 0}], hands=[["concord-marshal-idris"], []],
             treasury=[3, 3])
    walker = entry(s, "concord-bastion-walker")
    assert s.strike(walker) == 2                              # the Marshal in hand: no effect
    s.apply_action("play concord-marshal-idris on 1")
    assert s.strike(walker) == 3                              # on the Map: +1 Strike
    s.leave_map(entry(s, "concord-marshal-idris"))
    assert s.strike(walker) == 2
    s2 = rpos(decks="verdant,concord", hands=[["verdant-harvest-song", "verdant-thornguard"], []], treasury=[0, 3])
    s2.apply_action("play verdant-harvest-song")              # an Event's text applies as it resolves
    assert s2.players[0]["treasury"] == 2 and not any(e["card"] == "verdant-harvest-song" for e in s2.map)


@rule("storyline 1.3.4")
def test_this_is_the_card_itself_and_you_is_its_controller_not_its_owner():
    # seat 0 owns the Marshal and both Troopers; seat 1 controls the Marshal and one Trooper
    s = rpos(map=[{"card": "concord-marshal-idris", "owner": 0, "controller": 1},        # 3
                  {"card": "concord-line-trooper", "owner": 0},                          # 4
                  {"card": "verdant-rootbeast", "owner": 1},                             # 5
                  {"card": "concord-line-trooper", "owner": 0, "controller": 1}])        # 6
    # "Ground Units you control": the Marshal's controller's (seat 1), whoever owns them
    # (the Marshal's +1 over each card's printed Strike, read from the card data)
    printed = [s.face(s.find(u)).get("strike", 0) for u in (4, 5, 6)]
    assert [s.strike(s.find(u)) - p for u, p in zip((4, 5, 6), printed)] == [0, 1, 1]
    # "Spend this ... target permanent you control": the Engineer seat 1 controls spends
    # itself, not the other one, and targets only what seat 1 controls
    s = rpos(active=1, map=[{"card": "concord-field-engineer", "owner": 0, "controller": 1, "ready": True},  # 3
                            {"card": "concord-field-engineer", "owner": 0, "ready": True},                   # 4
                            {"card": "verdant-rootbeast", "owner": 1, "damage": 1}])                         # 5
    s.find(1)["damage"] = 2                                   # seat 0's Homeworld, damaged too
    assert [t for t in s.legal_texts() if t.startswith("use")] == ["use 3"]
    s.apply_action("use 3")
    assert s.legal_texts() == ["choose 2", "choose 5"]        # seat 1's Homeworld and Rootbeast
    s.apply_action("choose 5")
    assert s.find(5)["damage"] == 0 and s.find(1)["damage"] == 2
    assert not s.find(3)["ready"] and s.find(4)["ready"]


@rule("storyline 7.1.1")
def test_an_ability_is_static_triggered_activated_or_a_bargain():
    kinds = {a["kind"] for c in default_cards()["cards"].values() for f in c["faces"].values()
             for a in f["abilities"] + [x for ch in f.get("chapters", []) for x in ch["abilities"]]}
    assert kinds == {"static", "triggered", "activated", "bargain"}
    with pytest.raises(CardDataError):
        _face("x", {"name": "X", "type": "character", "text": "t", "abilities": [{"kind": "replacement"}]})
    bargains = [c["id"] for c in default_cards()["cards"].values() for f in c["faces"].values()
                for a in f["abilities"] + [x for ch in f.get("chapters", []) for x in ch["abilities"]]
                if a["kind"] == "bargain"]
    assert bargains and all(default_cards()["cards"][c]["set"] == "crisis" for c in bargains)


def default_cards():
    from tokyo.games.storyline.cards import default_card_set
    return default_card_set()


@rule("storyline 7.6.2")
def test_a_target_no_longer_legal_when_the_ability_resolves_is_left_alone():
    s = rpos(treasury=[5, 3], hands=[["concord-artillery-barrage", "concord-line-trooper"], []],
             map=[{"card": "verdant-thornguard", "owner": 1}, {"card": "verdant-rootbeast", "owner": 1}])
    s.apply_action("play concord-artillery-barrage")
    assert s.legal_texts() == ["choose 2", "choose 3", "choose 4"]
    s.set_controller(s.find(3), 0)        # the chosen card changes sides before the ability resolves
    s.apply_action("choose 3")
    assert s.find(3)["damage"] == 0
    s = rpos(treasury=[5, 3], hands=[["concord-artillery-barrage", "concord-line-trooper"], []],
             map=[{"card": "verdant-thornguard", "owner": 1}, {"card": "verdant-rootbeast", "owner": 1}])
    s.apply_action("play concord-artillery-barrage")
    s.leave_map(s.find(3))                # or leaves the Map
    s.apply_action("choose 3")
    assert s.find(4)["damage"] == 0 and s.players[1]["discard"] == ["verdant-thornguard"]


@rule("storyline 7.9.2")
def test_a_cost_not_paid_in_full_forbids_the_action():
    s = rpos("concord,verdant", treasury=[0, 3], map=[{"card": "concord-bastion-walker", "owner": 0, "damage": 1},
                                                      {"card": "concord-field-engineer", "owner": 0, "ready": True}],
             hands=[["concord-artillery-barrage", "concord-line-trooper"], []])
    assert s.players[0]["treasury"] == 0 and s.node[2] == "main"
    legal = s.legal_texts()
    assert "use 1" not in legal and "use 4" in legal     # Anvil Prime: 1 Treasury, spend this
    assert "repair 3" not in legal                       # cost 3
    assert not any(t.startswith("play concord-artillery-barrage") for t in legal)
    s = rpos("concord,verdant", treasury=[1, 3], map=[{"card": "concord-bastion-walker", "owner": 0, "damage": 1}],
             hands=[["concord-line-trooper"], []])
    assert "use 1" in s.legal_texts() and "repair 3" not in s.legal_texts()


@rule("storyline 7.10.1")
def test_an_effects_controller_is_its_sources_controller():
    # seat 1 controls seat 0's Field Engineer... a card seat 0 owns and seat 1 controls: its
    # damage is seat 1's, so the fall of seat 0's Character scores for seat 1
    s = pos(2, map=[{"card": "amber-outpost", "owner": 0, "controller": 1},
                    {"card": "amber-scout", "owner": 0, "place": "amber-home"}], hands=[["amber-tank"], []])
    run(s, [{"op": "deal-damage", "amount": 2, "power": "low", "to": {"each": {"controller": "opponent",
                                                                               "type": ["character"]}}}], src=3)
    assert entry(s, "amber-scout")["damage"] == 2
    assert [p["story"] for p in s.players] == [0, 1]
    s = pos(2, map=[{"card": "amber-scout", "owner": 0, "place": "amber-home"}], hands=[["amber-tank"], []])
    run(s, [{"op": "deal-damage", "amount": 2, "power": "low", "to": {"each": {"type": ["character"]}}}], ctrl=1)
    assert [p["story"] for p in s.players] == [0, 1]     # an Event: its player


@rule("storyline 7.10.2")
def test_an_effect_of_a_rule_has_no_source_and_no_controller():
    # the wreckage recovery destroys seat 0's Outposts: nobody destroyed them, no award beyond 16.7.1's
    s = pos(2, phase="end", map=[{"card": "amber-outpost", "owner": 0, "damage": 3} for _ in range(3)]
            + [{"card": "amber-tank", "owner": 0, "damage": 3} for _ in range(2)])
    assert [p["story"] for p in s.players] == [0, 1]
    assert not any(e["card"] in ("amber-outpost", "amber-tank") for e in s.map)
    assert sorted(s.players[0]["discard"]) == ["amber-outpost"] * 3 + ["amber-tank"] * 2
    assert "15.2.3" not in keys(s)


# ----- 8: Storylines ----------------------------------------------------------------------
@rule("storyline 8.3.2")
def test_a_storyline_enters_or_flips_back_to_its_storyline_face_on_chapter_one():
    s = pos(2, hands=[["amber-legend", "amber-tank"], []])
    s.apply_action("play amber-legend")
    assert entry(s, "amber-legend")["chapter"] == 1
    from sl_crisis_helpers import cpos as crisis_pos, run as crisis_run
    rc = "crisis-returning-comet"
    s = crisis_pos([rc], fields={rc: {"face": "back", "counters": {"time": 4}}})
    crisis_run(s, [{"op": "flip-back"}], src=3)
    e = entry(s, rc)
    assert e["face"] == "front" and e["chapter"] == 1 and "time" not in e["counters"]


@rule("storyline 8.5.7", "storyline 9.1.2")
def test_counters_of_another_type_do_not_count_toward_an_end_condition():
    s = pos(2, map=[{"card": "amber-saga", "owner": 0, "counters": {"time": 5, "liberation": 1, "story": 1}}],
            hands=[["amber-tank"], []])
    e = entry(s, "amber-saga")
    run(s, [{"op": "add-counters", "type": "time", "n": 3, "on": "this"}], src=e["uid"])
    assert e["chapter"] == 1 and e["counters"] == {"time": 8, "liberation": 1, "story": 1}
    run(s, [{"op": "add-counters", "type": "story", "n": 1, "on": "this"}], src=e["uid"])
    assert e["chapter"] == 2 and e["counters"]["time"] == 8 and e["counters"]["story"] == 2
    run(s, [{"op": "remove-counters", "type": "time", "n": 8, "on": "this"}], src=e["uid"])
    assert e["counters"].get("story") == 2 and not e["counters"].get("time")


@rule("storyline 8.7.3")
def test_a_storyline_face_cannot_be_repaired():
    s = pos(2, treasury=[9, 3], map=[{"card": "amber-saga", "owner": 0, "damage": 2},
                                     {"card": "amber-outpost", "owner": 0, "damage": 1}], hands=[["amber-tank"], []])
    legal = s.legal_texts()
    assert "repair 4" in legal and not any(t in legal for t in ("repair 3", "rally 3"))


@rule("storyline 8.8.1")
def test_a_storyline_face_cannot_attack_move_be_boarded_or_host_a_device():
    s = pos(2, treasury=[9, 3], hands=[["amber-plating", "amber-scout"], []],
            map=[{"card": "amber-saga", "owner": 0, "ready": True}, {"card": "amber-legend", "owner": 0, "ready": True},
                 {"card": "amber-scout", "owner": 0, "ready": True}, {"card": "basalt-scout", "owner": 1}])
    saga, legend = entry(s, "amber-saga"), entry(s, "amber-legend")
    assert not s.can_attack(saga) and not s.can_attack(legend)
    assert s.moves(saga) == s.moves(legend) == []
    assert s.moves(entry(s, "amber-scout")) == ["to 1", "to 2"]          # not onto or aboard a Storyline
    legal = s.legal_texts()
    assert [t for t in legal if t.startswith("play amber-plating")] == ["play amber-plating on 1"]
    assert not any(t.startswith(("attack 3", "attack 4", "move 3", "move 4")) for t in legal)


@rule("storyline 8.9.2")
def test_a_back_face_may_be_of_any_type_and_the_flip_needs_no_instruction():
    assert CARDS["cards"]["amber-legend"]["faces"]["back"]["type"] == "character"
    assert CARDS["cards"]["amber-saga"]["faces"]["back"]["type"] == "epilogue"
    assert CARDS["cards"]["dusk-legend"]["faces"]["back"]["type"] == "spacecraft"
    assert not any(op["op"] == "flip-back" or "flip" in op["op"]
                   for ch in CARDS["cards"]["amber-legend"]["faces"]["front"]["chapters"] for op in ch["on_complete"])
    s = pos(2, map=[{"card": "amber-legend", "owner": 0, "chapter": 2, "counters": {"story": 1}}], phase="start")
    e = entry(s, "amber-legend")
    assert e["face"] == "back" and s.ftype(e) == "character" and s.band(e) == 1 and s.is_permanent(e)
    assert s.durability(e) == 3 and s.strike(e) == 2 and e["place"] is None


# ----- 9: counters ------------------------------------------------------------------------
@rule("storyline 9.2.2")
def test_a_count_is_the_number_of_counters_of_that_type():
    s = pos(2, map=[{"card": "amber-saga", "owner": 0, "counters": {"story": 1}}], phase="start")
    assert entry(s, "amber-saga")["counters"] == {"story": 2} and entry(s, "amber-saga")["chapter"] == 2
    s = pos(2, map=[{"card": "amber-saga", "owner": 0}], phase="start")
    assert entry(s, "amber-saga")["counters"] == {"story": 1} and entry(s, "amber-saga")["chapter"] == 1


@rule("storyline 9.3.2")
def test_counters_stay_on_their_card():
    s = pos(2, map=[{"card": "amber-saga", "owner": 0, "counters": {"story": 1}},
                    {"card": "amber-saga", "owner": 0},
                    {"card": "basalt-saga", "owner": 1, "counters": {"story": 1}}], phase="start")
    assert [e["counters"] for e in s.map[2:]] == [{"story": 2}, {"story": 1}, {"story": 1}]
    s = pos(2, map=[{"card": "amber-artillery", "owner": 0, "ready": True},
                    {"card": "basalt-saga", "owner": 1, "counters": {"story": 1}},
                    {"card": "basalt-saga", "owner": 1}], hands=[["amber-tank"], []])
    s.apply_action("attack 3 4")
    assert [e["counters"] for e in s.map[2:]] == [{}, {}]    # destroyed with its counters; none moved
    assert [e["card"] for e in s.map] == ["amber-home", "basalt-home", "amber-artillery", "basalt-saga"]


@rule("storyline 9.4.1")
def test_damage_is_recorded_one_counter_per_point():
    s = pos(2, map=[{"card": "amber-artillery", "owner": 0, "ready": True}, {"card": "basalt-outpost", "owner": 1}],
            hands=[["amber-tank"], []])
    s.apply_action("attack 3 4")
    o = entry(s, "basalt-outpost")
    assert o["damage"] == 3
    run(s, [{"op": "remove-counters", "type": "damage", "n": 1, "on": {"each": {"controller": "opponent",
                                                                                "type": ["location"]}}}])
    assert o["damage"] == 2 and s.find(2)["damage"] == 0


@rule("storyline 9.5.1")
def test_story_points_are_not_counters():
    s = pos(2, story=[3, 2], map=[{"card": "amber-saga", "owner": 0, "counters": {"story": 1}}],
            hands=[["amber-tank"], []])
    run(s, [{"op": "remove-counters", "type": "story", "n": 5, "on": {"each": {"type": ["storyline"]}}}])
    assert entry(s, "amber-saga")["counters"].get("story", 0) == 0 and [p["story"] for p in s.players] == [3, 2]
    run(s, [{"op": "add-counters", "type": "story", "n": 1, "on": {"each": {"type": ["storyline"]}}}])
    assert entry(s, "amber-saga")["counters"] == {"story": 1} and [p["story"] for p in s.players] == [3, 2]


# ----- 10: the turn -----------------------------------------------------------------------
@rule("storyline 10.1.3")
def test_the_active_side_is_the_player_whose_turn_it_is_or_the_opponent():
    s = pos(3, active=1, phase="start")
    assert s.active == 1 and s.node[3]["seat"] == 1
    from sl_crisis_helpers import cpos as crisis_pos
    from tokyo.games.storyline.abilities import OPPONENT
    s = crisis_pos([BE], treasury=[5, 5])
    assert s.active == 0
    s._step_opp_turn_start(0)                  # the opponent turn paired with seat 0 begins
    assert s.active == OPPONENT and s.paired == 0
    assert s._whose_now("your", OPPONENT) and not s._whose_now("your", 0)


@rule("storyline 10.2.2")
def test_no_phase_is_skipped_and_an_empty_one_passes():
    # seat 0's End Phase with nothing to discard; seat 1's turn, where nothing can be played
    s = pos(2, hands=[[], []], phase="end", decks=[None, {"basalt-carrier": 2}], treasury=[3, 1])
    s.apply_action("draw basalt-carrier")
    ks = keys(s)
    assert ks == ["10.1.1", "10.3.1", "10.3.2", "10.4.1", "10.4.1", "10.6.7", "10.1.1", "10.3.1", "10.3.2"]
    assert s.active == 0 and s.node[2] == "draw" and s.players[1]["hand"] == ["basalt-carrier"]


@rule("storyline 10.4.2")
def test_draw_phase_abilities_trigger_and_resolve_after_the_draw():
    cards = with_ability("amber-outpost", {"kind": "triggered", "when": {"phase": "draw", "whose": "your"},
                                           "effect": [{"op": "gain-treasury", "who": "you", "amount": 2}]})
    s = apos(cards, phase="start", treasury=[0, 0], map=[{"card": "amber-outpost", "owner": 0}],
             decks=[{"amber-tank": 1}, None])
    assert s.players[0]["treasury"] == 3 + 1 and s.node[2] == "draw"     # not yet: Income only
    s.apply_action("draw amber-tank")
    assert s.players[0]["treasury"] == 6 and s.players[0]["hand"] == ["amber-tank"]
    ks = keys(s)
    assert ks.index("10.4.1") < ks.index("7.3.3")
    s2 = apos(cards, active=1, phase="start", treasury=[1, 0], map=[{"card": "amber-outpost", "owner": 0}],
              hands=[[], ["basalt-tank"]])
    s2.apply_action(s2.legal_texts()[0])
    assert s2.node[:3] == ["decision", 1, "main"] and s2.players[0]["treasury"] == 1                               # "your": not in seat 1's turn


@rule("storyline 10.5.2")
def test_the_active_player_takes_actions_one_at_a_time_until_they_pass():
    s = pos(2, treasury=[5, 3], hands=[["amber-scout", "amber-tank", "amber-supply", "amber-artillery"], []])
    s.apply_action("play amber-scout on 1")
    assert s.node[:3] == ["decision", 0, "main"]
    s.apply_action("play amber-tank on 1")
    s.apply_action("play amber-supply")
    assert s.node[:3] == ["decision", 0, "main"] and s.players[0]["treasury"] == 5 - 1 - 2 + 2
    assert s.legal_texts() == ["play amber-artillery on 1", "pass"]
    s.apply_action("pass")
    assert s.active == 1


@rule("storyline 10.7.1")
def test_end_phase_abilities_trigger_and_resolve_at_its_start():
    cards = with_ability("amber-outpost", {"kind": "triggered", "when": {"phase": "end", "whose": "your"},
                                           "effect": [{"op": "draw", "who": "you", "n": 1}]})
    hand = ["amber-carrier"] * 2 + ["amber-artillery"] * 3 + ["amber-captain"] * 2   # 7: at the limit
    s = apos(cards, treasury=[1, 3], hands=[hand, []], map=[{"card": "amber-outpost", "owner": 0}],
             decks=[{"amber-intel": 1}, None])                           # nothing to play: the Main Phase passes
    assert s.node[2] == "draw" and s.node[3]["seat"] == 0                   # the End Phase ability first
    s.apply_action("draw amber-intel")
    assert s.node[:3] == ["decision", 0, "discard"]                        # then the hand step: 8 > 7


@rule("storyline 2.1.1", "storyline 5.1.2")
def test_cards_of_the_same_name_are_copies_for_the_three_copy_limit(tmp_path):
    import shutil
    src = __import__("pathlib").Path(__file__).with_name("data")
    for f in src.glob("*.toml"):
        shutil.copy(f, tmp_path / f.name)
    load_card_set(tmp_path)                                     # as shipped: fine
    amber = tmp_path / "test_amber.toml"
    text = amber.read_text()
    assert text.count('name = "Amber Tank"') == 1
    amber.write_text(text.replace('name = "Amber Tank"', 'name = "Amber Scout"'))   # 3 + 3 of one name
    with pytest.raises(CardDataError):
        load_card_set(tmp_path)
