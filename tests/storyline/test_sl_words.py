"""The words people read (issue 12): every ability, bargain, repair and rally says what it costs
and what it does, in the card's own words, for ``tokyo play`` (``describe_action``) and for the
browser (the observation's ``actions``); a bargain that would remove a Time counter from a
Crisis Storyline that has none stays legal (storyline 7.5.1, 9.3.1) and says it changes
nothing; log sentences in the rules' words."""

from __future__ import annotations

import re

import tokyo
from tokyo.games.storyline.game import StorylineGame
from tokyo.games.storyline.position import build_position
from tokyo.games.storyline.words import _CLAUSE, card_ref, counters
from sl_crisis_helpers import cpos, opp_turn, run
from sl_helpers import rule

GF = "crisis-grinding-front"


def test_every_shipped_ability_and_bargain_has_its_own_words():
    cards = tokyo.load_game("crisis-format", 2).cards["cards"]
    seen = 0
    for card in cards.values():
        for face in card["faces"].values():
            for kind in ("activated", "bargain"):
                n = sum(1 for a in face["abilities"] if a["kind"] == kind)
                clauses = _CLAUSE[kind].findall(face["text"] or "")
                assert len(clauses) == n, (face["name"], kind, clauses)
                seen += n
    assert seen >= 12


@rule("storyline 7.5.1", "storyline 9.3.1", "storyline S46")
def test_a_bargain_with_a_crisis_storyline_without_time_counters_is_offered_and_says_it_changes_nothing():
    s = cpos([GF], treasury=[5, 5])
    assert s.find(3)["counters"] == {} and "bargain 3" in s.legal_texts()
    said = s.describe_action("bargain 3")
    assert said == ("bargain with The Grinding Front: pay 2 Treasury to remove 1 Time counter from The Grinding "
                    "Front (it has no Time counter, so this changes nothing: you only pay the cost)")
    parts = s.observation(0)["actions"]["bargain 3"]
    assert parts == {"card": "The Grinding Front", "cost": "pay 2 Treasury",
                     "does": "remove 1 Time counter from The Grinding Front",
                     "idle": "it has no Time counter"}
    # used all the same, it only pays (the rules let any player pay a bargain, 7.5.1; it
    # removes what there is, none, 9.3.1)
    s.apply_action("bargain 3")
    assert s.players[0]["treasury"] == 3 and s.find(3)["counters"] == {}
    assert "1 Time counter" not in " ".join(e.text for e in s.log)


def test_a_bargain_with_time_counters_to_remove_says_only_what_it_does():
    s = cpos([GF], treasury=[5, 5], fields={GF: {"counters": {"time": 2}}})
    assert s.observation(0)["actions"]["bargain 3"]["idle"] is None
    assert s.describe_action("bargain 3") == ("bargain with The Grinding Front: pay 2 Treasury to remove 1 Time "
                                             "counter from The Grinding Front")
    s.apply_action("bargain 3")
    assert "1 Time counter is removed from The Grinding Front (#3)." in [e.text for e in s.log]
    assert "Seat 0 bargains with The Grinding Front (#3), paying 2 Treasury." in [e.text for e in s.log]


def test_abilities_repairs_and_rallies_in_words_with_names_not_numbers():
    s = build_position(StorylineGame(2, {"decks": "pilgrims,concord"}), turn=3, treasury=[6, 3],
                       map=[{"card": "pilgrims-the-pilgrimage", "owner": 0},                          # 3
                            {"card": "pilgrims-ember-acolyte", "owner": 0, "place": 1, "damage": 1},  # 4
                            {"card": "pilgrims-ember-acolyte", "owner": 0, "damage": 1},              # 5
                            {"card": "concord-line-trooper", "owner": 1, "place": 2}])                # 6
    obs = s.observation(0)
    use = obs["actions"]["use 1"]
    assert use == {"card": "Lantern Shrine", "cost": "pay 2 Treasury and spend Lantern Shrine",
                   "does": "put 1 Story counter on target Storyline you control", "idle": None}
    assert s.describe_action("use 1") == ("use Lantern Shrine: pay 2 Treasury and spend Lantern Shrine to put "
                                          "1 Story counter on target Storyline you control")
    # two Ember Acolytes: each is told apart by where it is
    assert obs["actions"]["rally 4"]["card"] == "Ember Acolyte on Lantern Shrine"
    assert obs["actions"]["rally 5"]["card"] == "Ember Acolyte in Surface"
    assert s.describe_action("rally 4") == ("rally Ember Acolyte on Lantern Shrine: pay 1 Treasury to remove its "
                                            "1 damage counter")
    assert card_ref(s, s.find(6)) == "Line Trooper"
    assert not any(re.search(r"#\d", text) for text in map(s.describe_action, obs["actions"]))


def test_counters_in_words():
    assert [counters(1, "time"), counters(2, "time"), counters(3, "damage"), counters(1, "story")] == \
        ["1 Time counter", "2 Time counters", "3 damage counters", "1 Story counter"]


def test_log_sentences_name_the_card_the_deck_and_the_lose_condition():
    s = StorylineGame(2, {"decks": "concord,verdant", "first_player": "0"}).new_initial_state()
    texts = [e.text for e in s.log]
    assert "Seat 0 plays the Ironclad Concord deck (option decks)." in texts
    assert not any("concord deck" in t for t in texts)
    # an Event's text and a card's ability
    c = cpos([GF], treasury=[0, 5])
    run(c, [{"op": "add-counters", "type": "story", "n": 2, "on": "this"}], src=1)
    texts = [e.text for e in c.log]
    assert "The ability of Anvil Prime (#1) resolves." in texts
    assert "Anvil Prime (#1) takes 2 Story counters." in texts
    assert not any("counter(s)" in t or "an ability resolves" in t for t in texts)
    opp_turn(c)
    texts = [e.text for e in c.log]
    assert "Seat 0 meets a Lose condition: an empty Treasury." in texts
    assert "The Grinding Front (#3) takes a Time counter (it has 1 Time counter)." in texts
    assert not any("(treasury)" in t for t in texts)
