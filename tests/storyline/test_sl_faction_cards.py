"""A test per card of the four shipped faction decks (src/tokyo/games/storyline/data/):
each card's effect with its exact numbers, named after the card id."""

from __future__ import annotations

import pytest

from tokyo.games.storyline.cards import default_card_set
from tokyo.games.storyline.game import StorylineGame
from tokyo.games.storyline.position import build_position
from sl_helpers import entry, keys, rule


def rpos(decks: str = "concord,verdant", **kw):
    return build_position(StorylineGame(2, {"decks": decks}), **kw)


def uses(s) -> set[str]:
    return {t for t in s.legal_texts() if t.startswith(("use ", "bargain "))}


def face(cid: str, which: str = "front") -> dict:
    """The printed face of a shipped card, as its data file gives it."""
    return default_card_set()["cards"][cid]["faces"][which]


def drones(s, card: str = "drone-spark") -> list[dict]:
    return [e for e in s.map if e["card"] == card]


# ----- cards with no text: their printed numbers, reach and attack ---------------------------
# card -> (cost, strike, power, range, durability, income, reach letters): the reach is what
# it may attack of the opponent's Homeworld H (Surface, Shielded), a Character C (Surface),
# a Non-Capital Spacecraft N (Orbit) and a Capital Spacecraft D (Deep Space, Shielded).
VANILLA = {
    "concord-line-trooper": (1, 1, "low", 0, 2, 0, "C"),
    "concord-bastion-walker": (3, 2, "low", 1, 4, 0, "CN"),
    "concord-siege-battery": (5, 3, "high", 2, 3, 0, "HCND"),
    "concord-drop-marine": (2, 2, "low", 0, 2, 0, "C"),
    "concord-picket-frigate": (2, 1, "low", 1, 3, 0, "CN"),
    "concord-dreadnought-resolute": (6, 4, "high", 1, 6, 0, "ND"),
    "concord-fortress-ridge": (3, 1, "low", 1, 5, 1, "CN"),
    "verdant-thornguard": (2, 2, "low", 0, 2, 0, "C"),
    "verdant-rootbeast": (3, 2, "low", 0, 3, 0, "C"),          # Strike 3 before the second tuning
    "verdant-spore-glider": (2, 1, "low", 1, 2, 0, "CN"),
    "verdant-grove-terrace": (2, 0, "low", 0, 3, 1, ""),
    "syndicate-enforcer-mech": (4, 2, "low", 1, 3, 0, "CN"),
    "syndicate-needle-fighter": (2, 1, "low", 1, 1, 0, "CN"),
    "syndicate-lancer-gunship": (4, 2, "high", 1, 1, 0, "HCND"),  # Durability 2 before the second tuning
    "syndicate-black-market": (3, 0, "low", 0, 3, 2, ""),
    "pilgrims-lamplighter": (2, 1, "high", 0, 3, 0, "HC"),
    "pilgrims-saint-oriel": (4, 3, "high", 1, 4, 0, "HCN"),
    "pilgrims-pilgrim-caravan": (2, 1, "low", 0, 3, 0, "C"),
    "pilgrims-censer-tank": (4, 2, "high", 1, 4, 0, "HCN"),
    "pilgrims-lantern-skiff": (2, 1, "low", 1, 2, 0, "CN"),
    "pilgrims-waystation": (2, 0, "low", 0, 3, 1, ""),
}
FOES = {"verdant": ("verdant-thornguard", "verdant-spore-glider", "verdant-seedship-canopy"),
        "concord": ("concord-drop-marine", "concord-picket-frigate", "concord-dreadnought-resolute")}


def _vanilla(cid):
    cost, strike, power, rng, dur, income, reach = VANILLA[cid]

    @rule(f"storyline card:{cid}")
    @rule("storyline 2.3.1", "storyline 2.4.1", "storyline 2.5.2", "storyline 2.6.1", "storyline 2.7.1",
          "storyline 2.8.1", "storyline 11.2.1", "storyline 11.2.3", "storyline 12.3.1", "storyline 6.2.1")
    def test():
        faction = cid.split("-")[0]
        foe = "concord" if faction == "verdant" else "verdant"
        c, n, d = FOES[foe]
        board = [{"card": c, "owner": 1}, {"card": n, "owner": 1}, {"card": d, "owner": 1}]   # 3, 4, 5
        s = rpos(f"{faction},{foe}", treasury=[cost - 1, 3], hands=[[cid], []], map=board) if cost else None
        assert cost == 0 or not any(t.startswith(f"play {cid}") for t in s.legal_texts())
        s = rpos(f"{faction},{foe}", treasury=[cost, 3], hands=[[cid], []], map=board)
        assert any(t.startswith(f"play {cid}") for t in s.legal_texts())      # exactly its cost
        s = rpos(f"{faction},{foe}", map=board + [{"card": cid, "owner": 0, "ready": True}])
        e = entry(s, cid)
        assert (s.cost(e), s.strike(e), s.face(e)["power"], s.range_of(e), s.durability(e), s.income(e)) == \
            (cost, strike, power, rng, dur, income)
        letters = {"H": 2, "C": 3, "N": 4, "D": 5}
        expected = {f"attack {e['uid']} {letters[x]}" for x in reach}
        assert {t for t in s.legal_texts() if t.startswith(f"attack {e['uid']} ")} == expected
        if reach:
            target = letters["C" if "C" in reach else reach[0]]
            s.apply_action(f"attack {e['uid']} {target}")
            t = s.find(target)
            assert t["damage"] == strike if t is not None else strike >= 4   # 4 destroys Durability 2

    test.__name__ = "test_" + cid.replace("-", "_")
    return test


for _cid in VANILLA:
    globals()["test_" + _cid.replace("-", "_")] = _vanilla(_cid)


# ----- Ironclad Concord ----------------------------------------------------------------------
@rule("storyline 7.4.1", "storyline 7.4.2", "storyline 7.4.3", "storyline 10.6.5", "storyline 11.3.3",
      "storyline 7.6.1", "storyline 1.6.2")
@rule("storyline card:concord-anvil-prime")
def test_concord_anvil_prime():
    s = rpos(treasury=[2, 3], map=[{"card": "concord-bastion-walker", "owner": 0, "damage": 3},   # 3
                                   {"card": "concord-fortress-ridge", "owner": 0, "damage": 1},   # 4
                                   {"card": "concord-drop-marine", "owner": 0, "damage": 1}])     # 5 Character
    s.find(1)["damage"] = 1
    assert uses(s) == {"use 1"}
    s.apply_action("use 1")
    assert s.node[2] == "choose" and s.legal_texts() == ["choose 3", "choose 4"]   # not itself, not a Character
    s.apply_action("choose 3")
    assert s.find(3)["damage"] == 1 and s.players[0]["treasury"] == 1 and not s.find(1)["ready"]
    assert uses(s) == set()                     # spent, and once per turn


@rule("storyline 7.2.1", "storyline 2.14.1", "storyline 7.11.1", "storyline 12.9.1", "storyline 1.3.4")
@rule("storyline card:concord-marshal-idris")
def test_concord_marshal_idris():
    s = rpos(map=[{"card": "concord-marshal-idris", "owner": 0},                      # 3
                  {"card": "concord-line-trooper", "owner": 0},                       # 4
                  {"card": "concord-siege-battery", "owner": 0},                      # 5
                  {"card": "verdant-rootbeast", "owner": 1}])                         # 6
    assert [s.strike(s.find(u)) for u in (3, 4, 5, 6)] == [2, 2, 4, 2]   # not the opponent's
    s.find(3)["damage"] = 3                     # Fallen: its text has no effect
    assert [s.strike(s.find(u)) for u in (4, 5)] == [1, 3]


@rule("storyline 7.4.2", "storyline 11.2.2", "storyline 11.2.1", "storyline 9.3.1")
@rule("storyline card:concord-field-engineer")
def test_concord_field_engineer():
    s = rpos(map=[{"card": "concord-field-engineer", "owner": 0, "ready": True},     # 3
                  {"card": "concord-picket-frigate", "owner": 0, "damage": 2},        # 4 Orbit: out of Range 0
                  {"card": "verdant-rootbeast", "owner": 1, "damage": 1}])            # 5 not yours
    s.find(1)["damage"] = 2
    assert uses(s) == {"use 3"}
    s.apply_action("use 3")                     # the Homeworld is the one legal target: no question
    assert s.find(1)["damage"] == 1 and s.find(4)["damage"] == 2
    assert not s.find(3)["ready"] and s.players[0]["treasury"] == 3 and uses(s) == set()


@rule("storyline 6.5.1", "storyline 14.9.4", "storyline 2.14.1", "storyline 12.5.3")
@rule("storyline card:concord-reactive-plating")
def test_concord_reactive_plating():
    s = rpos(hands=[["concord-reactive-plating"], []], map=[
        {"card": "concord-bastion-walker", "owner": 0, "damage": 5},    # 3
        {"card": "concord-drop-marine", "owner": 0},                    # 4 Character: not allowed
        {"card": "concord-picket-frigate", "owner": 0}])                # 5
    plays = {t for t in s.legal_texts() if t.startswith("play concord-reactive-plating")}
    assert plays == {"play concord-reactive-plating on 3", "play concord-reactive-plating on 5"}
    assert s.contested(s.find(3))
    s.apply_action("play concord-reactive-plating on 3")
    assert s.durability(s.find(3)) == 6 and not s.contested(s.find(3)) and s.players[0]["treasury"] == 1


@rule("storyline 6.6.1", "storyline 6.6.2", "storyline 11.2.7", "storyline 11.2.3", "storyline 7.6.1",
      "storyline 15.2.3")
@rule("storyline card:concord-artillery-barrage")
def test_concord_artillery_barrage():
    s = rpos(treasury=[4, 3], hands=[["concord-artillery-barrage"], []], map=[
        {"card": "verdant-song-of-seasons", "owner": 1},                 # 3 a Storyline, Band 1
        {"card": "verdant-seedship-canopy", "owner": 1, "damage": 8},    # 4 Deep Space, Shielded
        {"card": "concord-line-trooper", "owner": 0}])                   # 5 mine: not a target
    s.apply_action("play concord-artillery-barrage")
    assert s.players[0]["treasury"] == 0 and s.legal_texts() == ["choose 2", "choose 3", "choose 4"]
    s.apply_action("choose 4")                  # no Range limit, High reaches Shielded: 8 + 2 = 10, destroyed
    assert s.find(4) is None and s.players[0]["story"] == 1
    assert s.players[0]["discard"] == ["concord-artillery-barrage"]


@rule("storyline 7.7.1", "storyline 11.2.5", "storyline 9.3.1")
@rule("storyline card:concord-hold-the-line")
def test_concord_hold_the_line():
    s = rpos(hands=[["concord-hold-the-line"], []], map=[
        {"card": "concord-bastion-walker", "owner": 0, "damage": 3},    # 3
        {"card": "concord-fortress-ridge", "owner": 0, "damage": 1},    # 4
        {"card": "concord-drop-marine", "owner": 0, "damage": 1},       # 5 a Character
        {"card": "verdant-rootbeast", "owner": 1, "damage": 2}])        # 6 not mine
    s.find(1)["damage"] = 2
    s.apply_action("play concord-hold-the-line")
    assert [s.find(u)["damage"] for u in (1, 3, 4, 5, 6)] == [0, 1, 0, 1, 2]
    assert s.players[0]["treasury"] == 2


@rule("storyline 8.4.1", "storyline 7.1.2", "storyline 7.3.2", "storyline 10.3.4", "storyline 8.5.4",
      "storyline 8.9.1", "storyline 8.10.1")
@rule("storyline card:concord-the-long-campaign", "storyline card:concord-the-long-campaign:back")
def test_concord_the_long_campaign():
    board = [{"card": "concord-the-long-campaign", "owner": 0, "chapter": 1, "counters": {"story": 0}},
             {"card": "concord-bastion-walker", "owner": 0, "damage": 2},
             {"card": "concord-drop-marine", "owner": 0, "damage": 1}]
    s = rpos(phase="start", treasury=[0, 3], map=board)
    assert entry(s, "concord-bastion-walker")["damage"] == 1 and entry(s, "concord-drop-marine")["damage"] == 1
    board[0] = dict(board[0], chapter=2, counters={"story": 1})       # on to Chapter 3: no such text
    s = rpos(phase="start", treasury=[0, 3], map=board)
    assert entry(s, "concord-bastion-walker")["damage"] == 2
    board[0] = dict(board[0], chapter=3, counters={"story": 2})
    s = rpos(phase="start", treasury=[0, 3], map=board)
    e = entry(s, "concord-the-long-campaign")
    assert s.players[0]["treasury"] == 2 + 1 + 2 and s.players[0]["story"] == 1
    assert e["face"] == "back" and s.ftype(e) == "epilogue"


# ----- Verdant Choir -----------------------------------------------------------------------
@rule("storyline 2.8.1", "storyline 10.3.2", "storyline 18.21.1")
@rule("storyline card:verdant-greensong")
def test_verdant_greensong():
    income = face("verdant-greensong")["income"]
    assert income == 1                          # 2 before the second faction tuning
    s = rpos("verdant,concord", phase="start", treasury=[0, 0])
    assert s.players[0]["treasury"] == 2 + income


@rule("storyline 7.3.1", "storyline 7.3.3", "storyline 10.6.8", "storyline 19.2.1")
@rule("storyline card:verdant-seedkeeper")
def test_verdant_seedkeeper():
    s = rpos("verdant,concord", hands=[["verdant-seedkeeper"], []], treasury=[1, 3])
    s.apply_action("play verdant-seedkeeper on 1")
    assert s.players[0]["treasury"] == 1 and "7.3.3" in keys(s)


@rule("storyline 10.3.4", "storyline 7.3.2")
@rule("storyline card:verdant-choir-elder")
def test_verdant_choir_elder():
    s = rpos("verdant,concord", phase="start", map=[
        {"card": "verdant-choir-elder", "owner": 0, "damage": 1},
        {"card": "verdant-thornguard", "owner": 0, "damage": 2},         # Fallen: rallied by 1
        {"card": "verdant-rootbeast", "owner": 0, "damage": 2},          # a Ground Unit
        {"card": "concord-drop-marine", "owner": 1, "damage": 1}])
    assert [e["damage"] for e in s.map[2:]] == [0, 1, 2, 1]


@rule("storyline 10.3.4", "storyline 20.6.1")
@rule("storyline card:verdant-seedship-canopy")
def test_verdant_seedship_canopy():
    s = rpos("verdant,concord", phase="start", treasury=[0, 0], map=[{"card": "verdant-seedship-canopy", "owner": 0}])
    assert s.players[0]["treasury"] == 2 + face("verdant-greensong")["income"] + 1


@rule("storyline 14.9.4", "storyline 2.14.1", "storyline 6.5.2")
@rule("storyline card:verdant-bloomhorn")
def test_verdant_bloomhorn():
    s = rpos("verdant,concord", hands=[["verdant-bloomhorn"], []], map=[
        {"card": "verdant-thornguard", "owner": 0, "damage": 2},     # 3 Fallen at 2
        {"card": "verdant-rootbeast", "owner": 0}])                  # 4 not a Character
    assert [t for t in s.legal_texts() if t.startswith("play verdant-bloomhorn")] == ["play verdant-bloomhorn on 3"]
    s.apply_action("play verdant-bloomhorn on 3")
    t = s.find(3)
    assert (s.strike(t), s.durability(t), s.fallen(t)) == (3, 3, False)


@rule("storyline 6.6.1", "storyline 20.6.1")
@rule("storyline card:verdant-harvest-song")
def test_verdant_harvest_song():
    s = rpos("verdant,concord", hands=[["verdant-harvest-song"], []], treasury=[0, 3])
    s.apply_action("play verdant-harvest-song")
    assert s.players[0]["treasury"] == 2 and s.players[0]["discard"] == ["verdant-harvest-song"]


@rule("storyline 9.3.1", "storyline 12.5.3", "storyline 7.7.1")
@rule("storyline card:verdant-mending-chorus")
def test_verdant_mending_chorus():
    s = rpos("verdant,concord", hands=[["verdant-mending-chorus"], []], map=[
        {"card": "verdant-thornguard", "owner": 0, "damage": 3},
        {"card": "verdant-choir-elder", "owner": 0, "damage": 4},
        {"card": "verdant-rootbeast", "owner": 0, "damage": 1},
        {"card": "concord-drop-marine", "owner": 1, "damage": 1}])
    s.apply_action("play verdant-mending-chorus")
    assert [e["damage"] for e in s.map[2:]] == [0, 1, 1, 1] and s.players[0]["treasury"] == 1
    assert not s.fallen(s.map[2])


@rule("storyline 11.2.3", "storyline 11.2.4", "storyline 8.7.1", "storyline 6.6.2")
@rule("storyline card:verdant-thorn-volley")
def test_verdant_thorn_volley():
    s = rpos("verdant,pilgrims", hands=[["verdant-thorn-volley"], []], map=[
        {"card": "pilgrims-lamplighter", "owner": 1},                # 3 a unit
        {"card": "pilgrims-cathedral-ship", "owner": 1},             # 4 Shielded: Low cannot
        {"card": "pilgrims-the-pilgrimage", "owner": 1},             # 5 Unshielded Storyline
        {"card": "pilgrims-book-of-embers", "owner": 1}])            # 6 Shielded Storyline
    s.apply_action("play verdant-thorn-volley")
    assert s.legal_texts() == ["choose 3", "choose 5"]
    s.apply_action("choose 5")
    assert s.find(5)["damage"] == 3
    s2 = rpos("verdant,pilgrims", hands=[["verdant-thorn-volley"], []], map=[{"card": "pilgrims-cathedral-ship", "owner": 1}])
    assert "play verdant-thorn-volley" not in s2.legal_texts()


@rule("storyline 8.4.1", "storyline 8.10.1", "storyline 15.2.1")
@rule("storyline card:verdant-song-of-seasons", "storyline card:verdant-song-of-seasons:back")
def test_verdant_song_of_seasons():
    f = face("verdant-song-of-seasons")
    assert (f["award"], f["durability"]) == (2, 5)   # 1 and 4 before the second faction tuning
    admin = 2 + face("verdant-greensong")["income"]
    for chapter, story, gain in ((1, 0, 1), (2, 1, 1)):   # each counter step completes a Chapter
        s = rpos("verdant,concord", phase="start", treasury=[0, 3], map=[
            {"card": "verdant-song-of-seasons", "owner": 0, "chapter": chapter, "counters": {"story": story}}])
        assert s.players[0]["treasury"] == admin + gain
    s = rpos("verdant,concord", phase="start", treasury=[0, 3], map=[
        {"card": "verdant-song-of-seasons", "owner": 0, "chapter": 3, "counters": {"story": 2}}])
    assert s.players[0]["story"] == f["award"] and entry(s, "verdant-song-of-seasons")["face"] == "back"
    assert s.players[0]["treasury"] == admin   # completed at the counter step: no Chapter text at the ability step


# ----- Null Syndicate ------------------------------------------------------------------------
@rule("storyline 14.10.1", "storyline 14.10.2", "storyline 14.10.3", "storyline 3.7.1", "storyline 7.4.1")
@rule("storyline card:syndicate-cinder-exchange")
def test_syndicate_cinder_exchange():
    s = rpos("syndicate,verdant", treasury=[3, 3])
    assert uses(s) == {"use 1"}
    s.apply_action("use 1")
    d, = drones(s)
    assert s.players[0]["treasury"] == 1 and not s.find(1)["ready"]
    assert (d["owner"], d["controller"], d["ready"], s.band(d), d["token"]) == (0, 0, False, 2, True)
    assert (s.strike(d), s.range_of(d), s.durability(d), s.face(d)["name"]) == (1, 1, 1, "Spark Drone")


@rule("storyline 7.3.1", "storyline 14.10.3", "storyline 4.11.2", "storyline 14.10.4")
@rule("storyline card:syndicate-fixer")
def test_syndicate_fixer():
    s = rpos("syndicate,verdant", hands=[["syndicate-fixer"], []], map=[{"card": "verdant-spore-glider", "owner": 1,
                                                                         "ready": True}])
    s.apply_action("play syndicate-fixer on 1")
    d, = drones(s)
    assert s.band(d) == 2 and d["controller"] == 0
    s.leave_map(d)                               # a Drone that leaves ceases to exist
    assert "drone-spark" not in s.players[0]["discard"]


@rule("storyline 10.3.4", "storyline 20.6.1", "storyline 1.5.2", "storyline 7.9.1")
@rule("storyline card:syndicate-broker-vell")
def test_syndicate_broker_vell():
    s = rpos("syndicate,verdant", phase="start", treasury=[0, 3], map=[{"card": "syndicate-broker-vell", "owner": 0}])
    assert s.players[0]["treasury"] == 2 + 1 + 1 and s.players[1]["treasury"] == 2
    s = rpos("syndicate,verdant", phase="start", treasury=[0, 0], map=[{"card": "syndicate-broker-vell", "owner": 0}])
    # never below 0; the Admin Phase's Lose check then finds seat 1 at 0 (storyline 16.3.1)
    assert s.players[1]["treasury"] == 3 and s.players[0]["story"] == 1


@rule("storyline 14.10.3", "storyline 4.9.1", "storyline 14.1.3")
@rule("storyline card:syndicate-carrier-hive")
def test_syndicate_carrier_hive():
    s = rpos("syndicate,verdant", phase="start", map=[{"card": "syndicate-carrier-hive", "owner": 0}])
    d, = drones(s)
    assert d["place"] == 3 and s.band(d) == 3 and not d["ready"]


@rule("storyline 2.14.1", "storyline 1.5.4", "storyline 14.9.4")
@rule("storyline card:syndicate-overcharger")
def test_syndicate_overcharger():
    s = rpos("syndicate,verdant", hands=[["syndicate-overcharger", "syndicate-overcharger"], []], treasury=[4, 3],
             map=[{"card": "syndicate-needle-fighter", "owner": 0, "ready": True},       # 3
                  {"card": "syndicate-black-market", "owner": 0},                        # 4 not a unit
                  {"card": "verdant-grove-terrace", "owner": 1}])                        # 5
    assert [t for t in s.legal_texts() if t.startswith("play syndicate-overcharger")] == \
        ["play syndicate-overcharger on 3"]
    s.apply_action("play syndicate-overcharger on 3")
    f = s.find(3)
    assert (s.strike(f), s.range_of(f)) == (2, 2)
    s.apply_action("play syndicate-overcharger on 3")
    assert (s.strike(f), s.range_of(f)) == (3, 2)       # Range never above 2


@rule("storyline 11.2.6", "storyline 12.4.2", "storyline 19.5.1", "storyline 15.2.2")
@rule("storyline card:syndicate-emp-burst")
def test_syndicate_emp_burst():
    s = rpos("syndicate,verdant", hands=[["syndicate-emp-burst"], []], map=[
        {"card": "verdant-seedkeeper", "owner": 1},          # 3 falls
        {"card": "verdant-spore-glider", "owner": 1},        # 4
        {"card": "verdant-seedship-canopy", "owner": 1},     # 5 Shielded: untouched
        {"card": "verdant-grove-terrace", "owner": 1},       # 6 not a unit
        {"card": "syndicate-fixer", "owner": 0}])            # 7 mine
    s.apply_action("play syndicate-emp-burst")
    assert [s.find(u)["damage"] for u in (3, 4, 5, 6, 7)] == [1, 1, 0, 0, 0]
    assert s.players[0]["story"] == 1


@rule("storyline 14.10.1", "storyline 4.13.1")
@rule("storyline card:syndicate-swarm-protocol")
def test_syndicate_swarm_protocol():
    s = rpos("syndicate,verdant", hands=[["syndicate-swarm-protocol"], []])
    s.apply_action("play syndicate-swarm-protocol")
    assert [d["uid"] for d in drones(s)] == [3, 4] and all(s.band(d) == 2 for d in drones(s))
    assert s.players[0]["treasury"] == 1


@rule("storyline 20.6.2", "storyline 20.1.1", "storyline 7.9.1")
@rule("storyline card:syndicate-hostile-audit")
def test_syndicate_hostile_audit():
    s = rpos("syndicate,verdant", hands=[["syndicate-hostile-audit"], []], treasury=[3, 3])
    s.apply_action("play syndicate-hostile-audit")
    assert s.players[1]["treasury"] == 2 and s.node[2] == "draw" and s.node[3]["seat"] == 0
    s.apply_action("draw syndicate-fixer")
    assert s.players[0]["hand"] == ["syndicate-fixer"] and s.players[0]["treasury"] == 2


@rule("storyline 8.5.4", "storyline 8.9.4", "storyline 13.6.1", "storyline 13.4.2")
@rule("storyline card:syndicate-the-long-con", "storyline card:syndicate-the-long-con:back")
def test_syndicate_the_long_con():
    s = rpos("syndicate,verdant", phase="start", map=[
        {"card": "syndicate-the-long-con", "owner": 0, "chapter": 2, "counters": {"story": 1}}])
    assert s.node[2] == "draw" and entry(s, "syndicate-the-long-con")["chapter"] == 2
    s.apply_action("draw syndicate-fixer")      # the completion text's draw, then the next Chapter
    assert s.players[0]["hand"] == ["syndicate-fixer"] and entry(s, "syndicate-the-long-con")["chapter"] == 3
    assert s.node[2] == "draw" and "8.5.3" in keys(s)   # now the Draw Phase's draw
    s = rpos("syndicate,verdant", phase="start", map=[
        {"card": "syndicate-the-long-con", "owner": 0, "chapter": 3, "counters": {"story": 2}}])
    e = entry(s, "syndicate-the-long-con")
    assert s.face(e)["name"] == "The Getaway" and s.band(e) == 2 and not e["ready"]
    assert (s.strike(e), s.face(e)["power"], s.durability(e)) == (2, "high", 3) and s.players[0]["story"] == 1


# ----- Ember Pilgrims -------------------------------------------------------------------------
@rule("storyline 7.4.1", "storyline 11.2.2", "storyline 8.5.3")
@rule("storyline card:pilgrims-lantern-shrine")
def test_pilgrims_lantern_shrine():
    s = rpos("pilgrims,verdant", treasury=[3, 3], map=[
        {"card": "pilgrims-the-pilgrimage", "owner": 0, "counters": {"story": 1}},   # 3 Band 1
        {"card": "pilgrims-book-of-embers", "owner": 0}])                            # 4 Band 2: out of Range 0
    s.apply_action("use 1")
    e = s.find(3)
    assert e["counters"] == {"story": 2} and e["chapter"] == 2 and s.players[0]["treasury"] == 1
    assert s.find(4)["counters"] == {}


@rule("storyline 7.3.1", "storyline 20.1.1")
@rule("storyline card:pilgrims-ember-acolyte")
def test_pilgrims_ember_acolyte():
    s = rpos("pilgrims,verdant", hands=[["pilgrims-ember-acolyte"], []])
    s.apply_action("play pilgrims-ember-acolyte on 1")
    assert s.node[2] == "draw"
    s.apply_action("draw pilgrims-lamplighter")
    assert s.players[0]["hand"] == ["pilgrims-lamplighter"] and s.players[0]["treasury"] == 2
    e = entry(s, "pilgrims-ember-acolyte")
    assert (s.strike(e), s.face(e)["power"], s.durability(e)) == (1, "low", 2)


@rule("storyline 7.4.2", "storyline 9.3.1")
@rule("storyline card:pilgrims-chronicler")
def test_pilgrims_chronicler():
    s = rpos("pilgrims,verdant", map=[{"card": "pilgrims-chronicler", "owner": 0, "ready": True},   # 3
                                      {"card": "pilgrims-the-pilgrimage", "owner": 0}])            # 4
    assert uses(s) == {"use 1", "use 3"}       # the Lantern Shrine's too (2 Treasury)
    s.apply_action("use 3")
    assert s.find(4)["counters"] == {"story": 1} and not s.find(3)["ready"] and s.players[0]["treasury"] == 3
    assert (s.strike(s.find(3)), s.durability(s.find(3))) == (0, 3)


@rule("storyline 10.3.4")
@rule("storyline card:pilgrims-cathedral-ship")
def test_pilgrims_cathedral_ship():
    s = rpos("pilgrims,verdant", phase="start", map=[
        {"card": "pilgrims-cathedral-ship", "owner": 0, "damage": 2},
        {"card": "pilgrims-saint-oriel", "owner": 0, "damage": 2},
        {"card": "pilgrims-censer-tank", "owner": 0, "damage": 2}])
    assert [e["damage"] for e in s.map[2:]] == [2, 1, 2]


@rule("storyline 14.9.4", "storyline 2.14.1", "storyline 12.3.1")
@rule("storyline card:pilgrims-relic-blade")
def test_pilgrims_relic_blade():
    s = rpos("pilgrims,verdant", hands=[["pilgrims-relic-blade"], []], map=[
        {"card": "pilgrims-lamplighter", "owner": 0, "ready": True},       # 3
        {"card": "pilgrims-censer-tank", "owner": 0},                      # 4 not a Character
        {"card": "verdant-rootbeast", "owner": 1}])                        # 5
    assert [t for t in s.legal_texts() if t.startswith("play pilgrims-relic-blade")] == ["play pilgrims-relic-blade on 3"]
    s.apply_action("play pilgrims-relic-blade on 3")
    assert s.strike(s.find(3)) == 3
    s.apply_action("attack 3 5")
    assert s.find(5)["damage"] == 3


@rule("storyline 20.1.1", "storyline 6.6.1")
@rule("storyline card:pilgrims-flash-of-insight")
def test_pilgrims_flash_of_insight():
    s = rpos("pilgrims,verdant", hands=[["pilgrims-flash-of-insight"], []])
    s.apply_action("play pilgrims-flash-of-insight")
    s.apply_action("draw pilgrims-lamplighter")
    s.apply_action("draw pilgrims-waystation")
    assert sorted(s.players[0]["hand"]) == ["pilgrims-lamplighter", "pilgrims-waystation"]
    assert s.players[0]["discard"] == ["pilgrims-flash-of-insight"] and s.players[0]["treasury"] == 2


@rule("storyline 8.7.2", "storyline 15.2.3", "storyline 11.2.3")
@rule("storyline card:pilgrims-cleansing-pyre")
def test_pilgrims_cleansing_pyre():
    s = rpos("pilgrims,concord", hands=[["pilgrims-cleansing-pyre"], []], treasury=[4, 3], map=[
        {"card": "concord-the-long-campaign", "owner": 1},          # 3 Durability 4
        {"card": "concord-bastion-walker", "owner": 1}])            # 4 not a Storyline
    s.apply_action("play pilgrims-cleansing-pyre")                  # one legal target: no question
    assert s.find(3) is None and s.players[0]["story"] == 1 and s.players[0]["treasury"] == 1
    s2 = rpos("pilgrims,concord", hands=[["pilgrims-cleansing-pyre"], []])
    assert "play pilgrims-cleansing-pyre" not in s2.legal_texts()


@rule("storyline 8.5.4", "storyline 8.9.3")
@rule("storyline card:pilgrims-the-pilgrimage", "storyline card:pilgrims-the-pilgrimage:back")
def test_pilgrims_the_pilgrimage():
    s = rpos("pilgrims,verdant", phase="start", map=[
        {"card": "pilgrims-the-pilgrimage", "owner": 0, "chapter": 2, "counters": {"story": 1}}])
    s.apply_action("draw pilgrims-lamplighter")
    assert s.players[0]["hand"] == ["pilgrims-lamplighter"] and entry(s, "pilgrims-the-pilgrimage")["chapter"] == 3
    s = rpos("pilgrims,verdant", phase="start", map=[
        {"card": "pilgrims-the-pilgrimage", "owner": 0, "chapter": 3, "counters": {"story": 2}}])
    e = entry(s, "pilgrims-the-pilgrimage")
    assert s.ftype(e) == "epilogue" and s.band(e) == 1 and s.players[0]["story"] == 2   # it prints 2


@rule("storyline 8.9.4", "storyline 13.4.2", "storyline 3.11.1")
@rule("storyline card:pilgrims-book-of-embers", "storyline card:pilgrims-book-of-embers:back")
def test_pilgrims_book_of_embers():
    s = rpos("pilgrims,verdant", phase="start", map=[
        {"card": "pilgrims-book-of-embers", "owner": 0, "chapter": 3, "counters": {"story": 2}}])
    e = entry(s, "pilgrims-book-of-embers")
    assert s.face(e)["name"] == "The Ember Prophet" and s.ftype(e) == "character" and e["place"] is None
    assert (s.cost(e), s.strike(e), s.face(e)["power"], s.range_of(e), s.durability(e)) == (3, 2, "high", 1, 3)
    assert s.players[0]["story"] == 2 and s.band(e) == 1     # it prints 2


# ----- the Epilogue back faces ------------------------------------------------------------------
EPILOGUES = {"concord-the-long-campaign": "The Campaign Remembered", "verdant-song-of-seasons": "The Seasons Turned",
             "pilgrims-the-pilgrimage": "The Road Walked"}


@rule("storyline 3.10.1", "storyline 3.10.2", "storyline 4.6.4", "storyline 8.12.2")
@pytest.mark.parametrize("cid", [pytest.param(c, id=c, marks=rule(f"storyline card:{c}:back")) for c in EPILOGUES])
def test_epilogue_back_faces(cid):
    """Each ordinary Storyline whose back is an Epilogue: it stays in the Storyline's Band, no
    attack, ability or effect can reach it, and it is cleared when the Act ends."""
    faction = cid.split("-")[0]
    foe = "concord" if faction != "concord" else "verdant"
    siege = {"card": "concord-siege-battery", "owner": 1, "ready": True} if foe == "concord" else \
        {"card": "verdant-rootbeast", "owner": 1, "ready": True}
    band = StorylineGame(2, {"decks": f"{faction},{foe}"}).cards["cards"][cid]["faces"]["front"]["band"]
    s = rpos(f"{faction},{foe}", active=1, turn=7, map=[{"card": cid, "owner": 0, "face": "back", "band": band},
                                                        siege])
    e = entry(s, cid)
    assert (s.face(e)["name"], s.ftype(e), s.band(e)) == (EPILOGUES[cid], "epilogue", band)
    assert not s.is_permanent(e) and not s.can_take_damage(e)
    assert not any(t.endswith(f" {e['uid']}") for t in s.legal_texts() if t.startswith("attack "))
    assert not s.matches({"type": ["storyline", "epilogue"]}, e, {"ctrl": 1, "src": None})
    s.stack, s.node, s.turn_count = [], None, 8
    s._push(["turn-end"])   # the Act ends after turn 8 (2 players, 4 rounds)
    s._run()
    assert s.find(e["uid"]) is None and cid in s.players[0]["discard"]


# ----- the Drones -------------------------------------------------------------------------------
# drone -> (cost, strike, power, range, durability, band, reach letters as in VANILLA)
DRONES = {"drone-scrap": (1, 1, "low", 0, 1, 1, "C"), "drone-wasp": (1, 1, "low", 1, 1, 2, "CN"),
          "drone-infiltrator": (1, 1, "low", 0, 3, 1, "C"), "drone-spark": (1, 1, "low", 1, 1, 2, "CN")}


@rule("storyline 3.7.1", "storyline 4.11.2", "storyline 12.5.2", "storyline 14.10.4")
@pytest.mark.parametrize("cid", [pytest.param(c, id=c, marks=rule(f"storyline card:{c}")) for c in DRONES])
def test_drones(cid):
    """Each Drone face: its printed numbers, where it is, what it may attack, its damage dealt; a
    Drone is Contested (never Fallen) at its Durability and ceases to exist when it leaves."""
    cost, strike, power, rng, dur, band, reach = DRONES[cid]
    c, n, d = FOES["verdant"]
    s = rpos("syndicate,verdant", map=[{"card": c, "owner": 1}, {"card": n, "owner": 1}, {"card": d, "owner": 1}])
    e = s.enter(cid, 0, 0, ready=True, token=True)   # 6, as an effect creates it (no deck holds a Drone)
    s.node, s.stack = None, []
    s._push(["main"])
    s._run()
    assert (s.cost(e), s.strike(e), s.face(e)["power"], s.range_of(e), s.durability(e), s.band(e)) == \
        (cost, strike, power, rng, dur, band)
    assert e["token"] and s.card(cid)["drone"]
    letters = {"H": 2, "C": 3, "N": 4, "D": 5}
    assert {t for t in s.legal_texts() if t.startswith("attack 6 ")} == {f"attack 6 {letters[x]}" for x in reach}
    s.apply_action("attack 6 3")
    assert s.find(3)["damage"] == strike
    s.deal_damage(1, dur, "low", [e])
    assert s.contested(e) and not s.fallen(e)
    s.deal_damage(1, dur, "low", [e])
    s.state_check()   # destroyed at twice its Durability: it ceases to exist, no discard pile
    assert s.find(6) is None and cid not in s.players[0]["discard"]
