"""A test per card of the Crisis set (src/tokyo/games/storyline/data/crisis_storylines.toml):
each Chapter's text in an opponent Admin (and Main) Phase, each completion, and the back face,
with the exact numbers. Seat 0 plays Concord (Homeworld Anvil Prime, #1), Seat 1 Verdant
(Greensong, #2); the Crisis Storyline is #3."""

from __future__ import annotations

from tokyo.games.storyline.abilities import OPPONENT
from sl_helpers import entry, rule
from sl_crisis_helpers import cpos, opp_lines, opp_turn

RICH = [20, 20]


def crisis_at(card, time, chapter, **kw):
    return cpos([card], fields={card: {"counters": {"time": time}, "chapter": chapter}}, treasury=RICH, **kw)


def losses(s) -> list[str]:
    return [t for t in opp_lines(s, "20.6.1") if "loses" in t]


@rule("storyline 22.4.1", "storyline 8.5.2", "storyline 10.1.2")
@rule("storyline card:crisis-bleeding-exchequer", "storyline card:crisis-bleeding-exchequer:back")
def test_crisis_bleeding_exchequer():
    card = "crisis-bleeding-exchequer"
    s = crisis_at(card, 0, 1)
    opp_turn(s)   # Chapter 1: the paired player loses 1
    assert losses(s) == ["Seat 0 loses 1 Treasury."]
    s = crisis_at(card, 3, 2)
    opp_turn(s, 1)   # Chapter 2: the paired player loses 2
    assert losses(s) == ["Seat 1 loses 2 Treasury."]
    s = crisis_at(card, 5, 2)
    opp_turn(s)   # Chapter 2 completes (each player loses 1), then Chapter 3's text
    assert entry(s, card)["chapter"] == 3
    assert losses(s) == ["Seat 0 loses 1 Treasury.", "Seat 1 loses 1 Treasury.", "Seat 0 loses 2 Treasury.",
                         "Seat 0 loses 1 Treasury.", "Seat 1 loses 1 Treasury."]
    s = crisis_at(card, 8, 3)
    opp_turn(s)   # Chapter 3 completes (each loses 2); the Counting House's "your Admin Phase"
    e = entry(s, card)
    assert e["face"] == "back" and s.ftype(e) == "location" and s.income(e) == 2 and s.band(e) == 1
    assert losses(s) == ["Seat 0 loses 2 Treasury.", "Seat 1 loses 2 Treasury.", "Seat 0 loses 2 Treasury."]
    # taken by a player, it does nothing in that player's turn (no paired player)
    s = cpos([card], fields={card: {"face": "back", "controller": 0}}, treasury=RICH, phase="start")
    assert not [e for e in s.log if "loses" in e.text]


@rule("storyline 22.5.7", "storyline 11.2.6", "storyline 12.1.4")
@rule("storyline card:crisis-grinding-front", "storyline card:crisis-grinding-front:back")
def test_crisis_grinding_front():
    card = "crisis-grinding-front"
    units = [{"card": "concord-drop-marine", "owner": 0}, {"card": "concord-field-engineer", "owner": 0},
             {"card": "concord-line-trooper", "owner": 0}, {"card": "verdant-thornguard", "owner": 1}]
    s = crisis_at(card, 0, 1, map=units[2:])   # Chapter 1: 2 Low to a random Character or Ground Unit
    opp_turn(s)
    assert s.find(4)["damage"] == 2 and s.find(5)["damage"] == 0
    s = crisis_at(card, 3, 2, map=units)   # Chapter 2: 2 Low to each Character of the paired player,
    opp_turn(s)                            # then the paired player loses 2 Treasury
    assert [s.find(u)["damage"] for u in (4, 5, 6, 7)] == [2, 2, 0, 0]
    assert losses(s) == ["Seat 0 loses 2 Treasury."]
    s = crisis_at(card, 6, 3, map=units[:1])   # Chapter 3: and 3 High to a random Location or Capital
    opp_turn(s)
    assert s.find(4)["damage"] == 2 and s.find(1)["damage"] == 3 and s.find(2)["damage"] == 0
    assert losses(s) == ["Seat 0 loses 2 Treasury."]
    s = crisis_at(card, 8, 3, map=units)   # completion: 3 High to each permanent each player controls
    opp_turn(s)
    # (Chapter 3's own text no longer applies: the card flipped in the counter step)
    assert [s.find(u)["damage"] for u in (1, 2, 4, 6, 7)] == [3, 3, 3, 3, 3]
    col = entry(s, card)
    assert col["face"] == "back" and s.ftype(col) == "ground-unit" and s.strike(col) == 4 and not col["ready"]
    assert s.durability(col) == 6
    # the Siege Colossus attacks in its Main Phase (a chance node among what it reaches)
    s = cpos([card], fields={card: {"face": "back"}}, treasury=RICH, map=[{"card": "concord-drop-marine", "owner": 0}])
    opp_turn(s)
    assert s.is_chance_node() and [a.text for a, _ in s.chance_outcomes()] == ["pick 1", "pick 2", "pick 4"]
    s.apply_action("pick 4")
    assert "Drop Marine (#4) takes 4 damage (High Power)." in opp_lines(s, "12.4.1")
    assert s.find(4) is None and not entry(s, card)["ready"]   # 4 is twice its Durability: destroyed


@rule("storyline 14.10.3", "storyline 22.2.4", "storyline 13.7.2")
@rule("storyline card:crisis-drone-foundry", "storyline card:crisis-drone-foundry:back")
def test_crisis_drone_foundry():
    card = "crisis-drone-foundry"
    s = crisis_at(card, 0, 1, map=[{"card": "drone-scrap", "owner": OPPONENT},
                                   {"card": "concord-drop-marine", "owner": 0}])
    opp_turn(s, settle=True)   # Chapter 1: two Scrap Drones in the open; each Drone attacks
    scraps = [e for e in s.map if e["card"] == "drone-scrap"]
    assert len(scraps) == 3 and scraps[1]["place"] is None and s.band(scraps[1]) == 1
    assert len(opp_lines(s, "12.2.1")) == 1   # the old one (readied) attacks; the new ones entered spent
    assert s.find(5)["damage"] == 1
    s = crisis_at(card, 3, 2)   # Chapter 2: a Scrap Drone in the open and a Wasp Drone in Orbit
    opp_turn(s, settle=True)
    assert [s.band(e) for e in s.map if s.card(e["card"])["drone"]] == [1, 2]
    s = crisis_at(card, 6, 3, map=[{"card": "drone-scrap", "owner": OPPONENT},
                                   {"card": "concord-fortress-ridge", "owner": 0}])
    opp_turn(s, settle=True)   # Chapter 3: two Scraps; Ground Unit Drones move onto a Location, attack
    assert len([e for e in s.map if e["card"] == "drone-scrap"]) == 3
    assert entry(s, "drone-scrap")["place"] in (1, 5)   # moved onto a Location of the paired player
    s = crisis_at(card, 8, 3)
    opp_turn(s, settle=True)   # completion: the Foundry Ark, arriving Contested; a Wasp aboard
    ark = entry(s, card)
    assert ark["face"] == "back" and s.is_capital(ark) and s.contested(ark) and ark["damage"] == 5
    wasp = entry(s, "drone-wasp")
    assert wasp["place"] == ark["uid"] and s.band(wasp) == 3


@rule("storyline 14.9.5", "storyline 14.9.2")
@rule("storyline card:crisis-parasite-bloom", "storyline card:crisis-parasite-bloom:back")
def test_crisis_parasite_bloom():
    card = "crisis-parasite-bloom"
    chars = [{"card": "concord-drop-marine", "owner": 0}, {"card": "concord-line-trooper", "owner": 0}]
    s = crisis_at(card, 0, 1, map=chars)   # Chapter 1: a Parasite on a random Character (not a Ground Unit)
    opp_turn(s)
    assert [d["host"] for d in s.map if d["card"] == "crisis-neural-parasite"] == [4]
    s = crisis_at(card, 2, 2, map=chars[1:])   # Chapter 2: a Character or a Ground Unit
    opp_turn(s)
    assert [d["host"] for d in s.map if d["card"] == "crisis-neural-parasite"] == [4]
    s = crisis_at(card, 5, 3, map=chars[1:])   # Chapter 3: twice
    opp_turn(s)
    assert [d["host"] for d in s.map if d["card"] == "crisis-neural-parasite"] == [4, 4]
    s = crisis_at(card, 7, 3, map=chars + [{"card": "verdant-thornguard", "owner": 1}])
    opp_turn(s)   # completion: 2 Low to each Character each player controls; the Bloom Mother
    assert [s.find(u)["damage"] for u in (4, 5, 6)] == [2, 0, 2]
    mother = entry(s, card)
    assert mother["face"] == "back" and s.ftype(mother) == "character" and s.strike(mother) == 2
    assert s.durability(mother) == 6
    assert [d["host"] for d in s.map if d["card"] == "crisis-neural-parasite"] == [4]   # her Admin text
    s = cpos([card], fields={card: {"face": "back"}}, treasury=RICH, map=chars[:1])
    opp_turn(s, settle=True)
    assert len(opp_lines(s, "12.2.1")) == 1   # and she attacks in each opponent Main Phase


@rule("storyline 17.4.1", "storyline 7.5.1", "storyline 2.14.1")
@rule("storyline card:crisis-neural-parasite")
def test_crisis_neural_parasite():
    s = cpos(["crisis-parasite-bloom"], treasury=[4, 3],
             map=[{"card": "concord-drop-marine", "owner": 0},
                  {"card": "crisis-neural-parasite", "owner": OPPONENT, "controller": 0, "host": 4}])
    d = entry(s, "crisis-neural-parasite")
    assert s.strike(s.find(4)) == 0 and d["controller"] == 0   # Strike 2, -2
    assert "bargain 5" in s.legal_texts()
    s2 = cpos(["crisis-parasite-bloom"], treasury=[4, 3], phase="start",
              map=[{"card": "concord-drop-marine", "owner": 0},
                   {"card": "crisis-neural-parasite", "owner": OPPONENT, "controller": 0, "host": 4}])
    assert s2.find(4)["damage"] == 2   # in its controller's Admin Phase: 2 Low to the host
    s.apply_action("bargain 5")
    assert s.find(5) is None and s.players[0]["treasury"] == 1 and s.strike(s.find(4)) == 2


@rule("storyline 22.8.1.1", "storyline 11.2.3")
@rule("storyline card:crisis-returning-comet", "storyline card:crisis-returning-comet:back")
def test_crisis_returning_comet():
    card = "crisis-returning-comet"
    ships = [{"card": "concord-picket-frigate", "owner": 0}, {"card": "concord-drop-marine", "owner": 0}]
    s = crisis_at(card, 0, 1, map=ships)   # Chapter 1: 2 High to a random Spacecraft
    opp_turn(s)
    assert s.find(4)["damage"] == 2 and s.find(5)["damage"] == 0
    s = crisis_at(card, 2, 2, homeworlds=True, map=ships[1:])   # Chapter 2: 3 High to a unit or Location,
    opp_turn(s)                                                  # then the paired player loses 2 Treasury
    assert s.is_chance_node() and [a.text for a, _ in s.chance_outcomes()] == ["pick 1", "pick 4"]
    s.apply_action("pick 1")
    assert s.find(1)["damage"] == 3 and losses(s) == ["Seat 0 loses 2 Treasury."]
    s = crisis_at(card, 4, 3, map=ships[:1])   # Chapter 3: the same with 4 High
    opp_turn(s)
    s.apply_action("pick 4")
    assert s.find(4)["damage"] == 4 and losses(s) == ["Seat 0 loses 2 Treasury."]
    s = crisis_at(card, 5, 3, map=ships[:1] + [{"card": "verdant-seedship-canopy", "owner": 1}])
    opp_turn(s, settle=True)   # completion: 2 High to each Spacecraft each player controls; The Comet
    assert s.find(4)["damage"] == 2 and s.find(5)["damage"] == 2
    comet = entry(s, card)
    assert comet["face"] == "back" and s.ftype(comet) == "spacecraft" and s.band(comet) == 2
    assert (s.strike(comet), s.durability(comet)) == (3, 8)
    s = cpos([card], fields={card: {"face": "back"}}, treasury=RICH, map=ships[:1])
    opp_turn(s, settle=True)
    assert len(opp_lines(s, "12.2.1")) == 1   # it attacks in each opponent Main Phase


@rule("storyline 16.6.1", "storyline 14.4.1")
@rule("storyline card:crisis-quiet-coup", "storyline card:crisis-quiet-coup:back")
def test_crisis_quiet_coup():
    card = "crisis-quiet-coup"
    s = crisis_at(card, 0, 1)   # Chapter 1: two Infiltrator Drones on the paired player's Homeworld
    opp_turn(s)
    assert [e["place"] for e in s.map if e["card"] == "drone-infiltrator"] == [1, 1]
    s = crisis_at(card, 3, 2, map=[{"card": "drone-infiltrator", "owner": OPPONENT, "place": 1},
                                   {"card": "concord-drop-marine", "owner": 0}])
    opp_turn(s, settle=True)   # Chapter 2: 5 High to the Homeworld; each Drone attacks
    assert s.find(1)["damage"] == 5 and len(opp_lines(s, "12.2.1")) == 1 and s.find(5)["damage"] == 1
    s = crisis_at(card, 6, 3)   # Chapter 3: 6 High and an Infiltrator
    opp_turn(s)
    assert s.find(1)["damage"] == 6 and entry(s, "drone-infiltrator")["place"] == 1
    s = crisis_at(card, 8, 3)   # completion: 3 High to each player's Homeworld; the Usurper
    opp_turn(s)
    assert s.find(1)["damage"] == 3 + 2 and s.find(2)["damage"] == 3   # and the Usurper's Admin text
    u = entry(s, card)
    assert u["face"] == "back" and s.ftype(u) == "character" and s.strike(u) == 2 and s.durability(u) == 7
    s = cpos([card], fields={card: {"face": "back"}}, treasury=RICH)
    opp_turn(s)   # the Usurper: 2 High to the Homeworld, then it moves onto it
    assert s.find(1)["damage"] == 2 and entry(s, card)["place"] == 1


@rule("storyline card:crisis-drone-foundry:back", "storyline 22.8.0.3")
def test_crisis_foundry_ark():
    """The Foundry Ark in an opponent turn: a Wasp Drone aboard it in the Admin Phase (spent,
    14.10.3), then in the Main Phase each Drone the opponent controls attacks: the ready Scrap
    Drone, not the new Wasp."""
    card = "crisis-drone-foundry"
    s = cpos([card], fields={card: {"face": "back"}}, treasury=RICH,
             map=[{"card": "drone-scrap", "owner": OPPONENT}, {"card": "concord-drop-marine", "owner": 0}])
    opp_turn(s)   # no random choice in it: it runs on to the next player's draw
    ark, wasp = entry(s, card), entry(s, "drone-wasp")
    assert wasp["place"] == ark["uid"] and s.band(wasp) == 3 and not wasp["ready"]
    assert opp_lines(s, "12.2.1") == ["The opponent attacks Drop Marine (#5) with Scrap Drone (#4)."]
    assert s.find(5)["damage"] == 1
