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


def cpos(cards, n=2, **kw):
    return build_position(StorylineGame(n, {"decks": "amber,basalt,cobalt,dusk"[:6 * n + n - 1]}, cards=cards), **kw)


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
    assert "Amber Scout" not in str([e.text for e in s.log][-3:])
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
    assert keys(s)[-1] in ("6.3.2",) or "19.4.1" not in keys(s)
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
