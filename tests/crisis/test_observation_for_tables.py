"""What the observation tells a table (the browser's view) beyond the rules' facts: every
part of each combat total (they add up to it), the totals each power would give at a choice
of power, and what a Gift gives in the catalogue. Descriptive data only: no rule reads it."""

from __future__ import annotations

import random

from card_helpers import attack, conflict, inst, kind, legal, nobody_defends, play, position
from tokyo.core import game_catalogue, load_game
from tokyo.core.runner import sample_chance
from tokyo.games.crisis.cards import POWERS


def test_every_part_of_the_defenders_total_at_asakusa_is_named():
    # Firepower on both sides (no Superiority): the Cop's 2 spheres and Asakusa's +1
    state = conflict(["drunken-yakuza-karaoke-squad"], ["retiring-in-two-days-cop"], att_power="fire",
                     def_power="fire", district="asakusa")
    c = state.observation(0)["conflict"]
    assert c["totals"] == [3, 3]
    assert c["parts"][1] == {"spheres": 2, "abilities": 0, "cards": 0, "superiority": 0, "district": 1}
    assert c["parts"][0]["district"] == 0 and sum(c["parts"][0].values()) == 3


def test_superiority_and_card_bonuses_are_parts_of_their_side():
    # Martial arts (attack) is superior to Technological weapons: +2 for the attacker; then a
    # card's bonus to the defending side is a part of its own
    state = conflict(["master-of-the-eagles-claw"], ["giant-mutant-salaryman"], att_power="martial",
                     def_power="tech", district="harajuku")
    c = state.observation(1)["conflict"]
    assert c["parts"][0] == {"spheres": 5, "abilities": 0, "cards": 0, "superiority": 2, "district": 0}
    assert [sum(p.values()) for p in c["parts"]] == c["totals"]
    state.conflict["bonus"][1] = 1  # as a card's side bonus would
    c = state.observation(1)["conflict"]
    assert c["parts"][1]["cards"] == 1 and [sum(p.values()) for p in c["parts"]] == c["totals"]


def test_wrong_page_of_the_script_tells_the_totals_of_each_new_enemy_power():
    state = conflict(["master-of-the-eagles-claw"], ["giant-mutant-salaryman"], att_power="martial",
                     def_power="tech", district="harajuku", def_hand=["sudden-plot-twist"])
    assert kind(state) == "manoeuvre" and state.node[1] == 1
    play(state, "play sudden-plot-twist b")
    assert kind(state) == "change-power"
    what_if = state.observation(1)["conflict"]["what_if"]
    assert what_if["side"] == "att" and set(what_if["totals"]) == set(POWERS)
    for power in POWERS:
        other = state.clone()
        play(other, f"power {power}")
        assert list(other.combat_totals()) == what_if["totals"][power], power
    assert state.conflict["att_power"] == "martial"  # the observation changed nothing


def test_the_defending_power_choice_tells_the_totals_of_each_power():
    state = position(hands=[["master-of-the-eagles-claw"], []], reserves=[[], [{"card": "giant-mutant-salaryman"}]],
                     district="harajuku")
    attack(state, "harajuku", ["master-of-the-eagles-claw"], "martial")
    play(state, "defend", f"deploy {state.reserves[1][0]['uid']}")  # its only Hero: no "done" asked
    assert kind(state) == "defend-power"
    what_if = state.observation(1)["conflict"]["what_if"]
    assert what_if["side"] == "def"
    for power in POWERS:
        other = state.clone()
        play(other, f"power {power}")
        assert list(other.combat_totals()) == what_if["totals"][power], power
    # Iron Salaryman Mk. II has 3 Technological weapons; Martial arts is superior to them
    assert what_if["totals"]["tech"] == [7, 3]
    # at a manoeuvre no power is being chosen
    play(state, "power tech")
    assert "what_if" not in state.observation(1)["conflict"]


def test_parts_add_up_and_what_if_agrees_in_random_games():
    seen = {"parts": 0, "what_if": 0}
    for g in range(6):
        rng = random.Random(g)
        state = load_game("crisis-tokyo", 3).new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(sample_chance(state, rng))
                continue
            c = state.observation(state.current_player())["conflict"]
            if c and "parts" in c:
                seen["parts"] += 1
                assert [sum(p.values()) for p in c["parts"]] == c["totals"]
            if c and "what_if" in c:
                seen["what_if"] += 1
                side = c["what_if"]["side"]
                for power in POWERS:
                    other = state.clone()
                    other.conflict["att_power" if side == "att" else "def_power"] = power
                    assert list(other.combat_totals()) == c["what_if"]["totals"][power]
            legal = state.legal_texts()
            keen = [t for t in legal if t.split()[0] in ("play", "talent", "attack", "recruit", "defend", "deploy")]
            state.apply_action(rng.choice(keen) if keen and rng.random() < 0.7 else rng.choice(legal))
    assert seen["parts"] > 50 and seen["what_if"] > 5, seen


def test_the_catalogue_says_what_each_gift_gives():
    cards = {c["id"]: c for c in game_catalogue("crisis-tokyo")}
    armour = cards["overclock-the-reactor:b"]
    assert armour["name"] == "Prototype Power Armour"
    assert armour["gift"] == {"spheres": {"tech": 2}, "host": "hero", "talents": []}
    gifts = [c for c in cards.values() if c["type"] == "GIFT"]
    assert gifts and all(set(c["gift"]) == {"spheres", "host", "talents"} for c in gifts)
    assert all("gift" not in c for c in cards.values() if c["type"] != "GIFT")
    assert cards["dimensional-portal:b"]["gift"]["talents"] == ["Rummage Around"]


# ----- issue 12: what a newcomer could not tell from the table -------------------------------------
def test_a_conflict_over_says_how_it_ended_until_its_last_step():
    # nobody defends, the District is levelled: the reward draw is still part of the Conflict
    state = conflict(["master-of-the-eagles-claw"], district="harajuku", defender=None)
    assert state.observation(0)["conflict"]["result"] is None
    play(state, "pass")
    assert kind(state) == "choose-deck" and state.conflict is not None
    assert state.observation(1)["conflict"]["result"] == {"outcome": "levelled", "totals": None}
    # the attack falls short: it ends at once, and says so until then
    state = conflict(["swamp-kappa"], att_power="monster", district="harajuku", defender=None)
    play(state, "pass")
    assert state.conflict is None
    # a combat: the totals it was resolved with stay, though the beaten side is gone
    state = conflict(["master-of-the-eagles-claw"], ["retiring-in-two-days-cop"], att_power="martial",
                     def_power="fire", district="harajuku")
    play(state, "pass", "pass")
    c = state.observation(1)["conflict"]
    assert c["result"] == {"outcome": "levelled", "totals": [5, 4]} and c["def"] == []


def test_a_superior_side_without_spheres_of_its_power_says_why_it_has_no_bonus():
    # Firepower is superior to Martial arts, but the Cop has no Firepower: 13.7.4
    state = position(hands=[["master-of-the-eagles-claw"], []], reserves=[[], [{"card": "giant-mutant-salaryman"}]],
                     district="harajuku")
    attack(state, "harajuku", ["master-of-the-eagles-claw"], "martial")
    play(state, "defend", f"deploy {state.reserves[1][0]['uid']}")
    what_if = state.observation(1)["conflict"]["what_if"]
    assert what_if["totals"]["fire"] == [5, 0] and what_if["withheld"]["fire"] == [None, "no-spheres"]
    assert what_if["withheld"]["tech"] == [None, None]  # inferior: nothing withheld, the attacker has its +2
    assert what_if["totals"]["tech"] == [7, 3]
    play(state, "power fire")
    c = state.observation(0)["conflict"]
    assert c["superior"] == "def" and c["superiority"] == [0, 0] and c["withheld"] == [None, "no-spheres"]
    # at Ryogoku no Superiority counts at all: the District is the reason
    state = conflict(["master-of-the-eagles-claw"], ["retiring-in-two-days-cop"], att_power="martial",
                     def_power="fire", district="ryogoku")
    c = state.observation(0)["conflict"]
    assert c["withheld"] == [None, "district"] and c["superiority_off"] == "district"


def test_at_its_action_a_seat_sees_which_districts_its_threats_could_level():
    # Master of the Eagle's Claw: 5 Martial arts; Harajuku needs 3, Kasumigaseki has no Martial value
    tokyo = ["kasumigaseki", "harajuku", "ikebukuro", "shibuya", "kabukicho"]
    state = position(hands=[["master-of-the-eagles-claw"], []], tokyo=tokyo)
    assert state.observation(0)["can_level"] == {"kasumigaseki": False, "harajuku": True, "ikebukuro": True,
                                                 "shibuya": False, "kabukicho": False}
    assert "attack kasumigaseki" in state.legal_texts()  # legal all the same (13.1.1, 13.1.4)
    assert state.observation(1)["can_level"] is None and state.observation(None)["can_level"] is None
    # two Threats together: the Stuntman adds 3 of the attack power for the other Threat (the
    # Sorcerer's 5 Mystic + 3 = 8: Kasumigaseki needs 6); Kabukicho asks for two Threats
    state = position(hands=[["stuntman-in-a-rubber-suit", "evil-origami-sorcerer"], []], tokyo=tokyo)
    got = state.observation(0)["can_level"]
    assert got["kasumigaseki"] is True and got["shibuya"] is True and got["kabukicho"] is False
    state = position(hands=[["stuntman-in-a-rubber-suit", "master-of-the-eagles-claw"], []], tokyo=tokyo)
    assert state.observation(0)["can_level"]["kabukicho"] is True  # 5 + 3 Martial arts: 5 needed
    # wildcard spheres count as any one power; Brute Force levels with 8 of any power
    state = position(hands=[["the-evil-twin"], []], tokyo=tokyo)
    assert state.observation(0)["can_level"]["harajuku"] is False  # 2 wildcard spheres: 3 needed
    state = position(hands=[["stuntman-in-a-rubber-suit", "the-evil-twin"], []], tokyo=tokyo)
    assert state.observation(0)["can_level"]["harajuku"] is True  # 2 + 3
    state = position(hands=[["three-headed-golden-space-dragon", "stuntman-in-a-rubber-suit"], []],
                     tokyo=["ryogoku"] + tokyo[1:], options={"brute_force": True})
    assert state.observation(0)["can_level"]["ryogoku"] is True  # 5 + 3 Monstrous: 4 needed anyway
    state = position(hands=[["colonel-bazookas-mercenaries", "stuntman-in-a-rubber-suit"], []],
                     tokyo=["ryogoku"] + tokyo[1:], options={"brute_force": True})
    assert state.observation(0)["can_level"]["ryogoku"] is True  # 5 + 3 Firepower: Brute Force
    state = position(hands=[["colonel-bazookas-mercenaries", "stuntman-in-a-rubber-suit"], []],
                     tokyo=["ryogoku"] + tokyo[1:])
    assert state.observation(0)["can_level"]["ryogoku"] is False
    # the observation changed nothing
    assert state.hands[0] == ["colonel-bazookas-mercenaries", "stuntman-in-a-rubber-suit"] and state.conflict is None


# ----- issue 12: what a wildcard choice, a play for nothing, a defence with no Heroes and a
# reward draw tell the table

def test_a_wildcard_choice_in_a_conflict_tells_each_powers_spheres_and_the_open_wildcards():
    state = position(hands=[["the-evil-twin", "ghost-of-the-love-hotel"], []], district="shibuya")
    play(state, "attack shibuya", "send ghost-of-the-love-hotel", "send the-evil-twin")
    assert kind(state) == "wild"
    c = state.observation(0)["conflict"]
    twin = next(i for i in c["att"] if i["card"] == "the-evil-twin")
    assert twin["wild_open"] == 2 and twin["spheres"] == {}
    assert next(i for i in c["att"] if i["card"] != "the-evil-twin")["wild_open"] == 0
    wild_if = c["wild_if"]
    assert wild_if["uid"] == twin["uid"] and wild_if["side"] == "att" and wild_if["totals"] is None
    assert wild_if["spheres"] == {"martial": 2, "tech": 2, "monster": 2, "fire": 2, "mystic": 6}
    assert inst(state, "the-evil-twin")["wild"] is None  # the observation changed nothing
    play(state, "power mystic")
    c = state.observation(0)["conflict"]
    assert "wild_if" not in c and all(i["wild_open"] == 0 for i in c["att"])


def test_a_levelling_reward_of_several_cards_says_which_draw_and_why():
    state = position(hands=[["the-evil-twin", "ghost-of-the-love-hotel"], []], district="shibuya")
    attack(state, "shibuya", ["ghost-of-the-love-hotel", "the-evil-twin"], "mystic")
    nobody_defends(state)
    play(state, "pass")
    parts = [["Shibuya", 2, "district"], ["The Evil Twin (Has a Goatee)", 1, "threat"]]
    assert [e.text for e in state.log][-1] == ("Seat 0 draws 3 cards for levelling Shibuya: 2 for Shibuya's reward, "
                                               "1 more from the Threat The Evil Twin (Has a Goatee).")
    for n in (1, 2, 3):
        assert kind(state) == "choose-deck"
        assert state.observation(0)["node"]["data"] == {"why": "level", "n": n, "of": 3, "parts": parts}
        play(state, "draw event")
        play(state, legal(state)[0])
    assert kind(state) != "choose-deck"


def test_a_single_card_reward_says_nothing_more_in_the_log():
    state = position(hands=[["gothic-lolita-of-the-black-parasol"], []], district="nakano")
    attack(state, "nakano", ["gothic-lolita-of-the-black-parasol"], "monster")
    nobody_defends(state)
    play(state, "pass")
    assert not any("cards for levelling" in e.text for e in state.log)


def test_an_occurrence_that_would_change_nothing_is_named_with_why():
    # the attacking Gothic Lolita has no Firepower: Ammunition Shortage can take none away
    state = conflict(["gothic-lolita-of-the-black-parasol"], ["mariachi-zombie"],
                     att_power="mystic", def_power="fire", def_hand=["ammunition-shortage"])
    assert "play ammunition-shortage a" in legal(state)  # still legal (ruling C16)
    idle = state.observation(1)["idle"]
    assert idle == {"play ammunition-shortage a": "no Character it can choose has a Firepower sphere to lose"}
    assert state.observation(0)["idle"] == {}  # not that seat's decision
    # a Threat with Firepower: the card does something
    state = conflict(["drunken-yakuza-karaoke-squad"], ["mariachi-zombie"],
                     att_power="fire", def_power="fire", def_hand=["ammunition-shortage"])
    assert state.observation(1)["idle"] == {}


def test_the_offer_of_the_defence_tells_what_a_defence_with_no_heroes_would_do():
    state = position(hands=[["gothic-lolita-of-the-black-parasol"], []], district="asakusa")
    attack(state, "asakusa", ["gothic-lolita-of-the-black-parasol"], "mystic")
    assert kind(state) == "defend"
    alone = state.observation(1)["conflict"]["defend_alone"]
    # no spheres, so no Superiority for the defender; a power the attack is not superior to
    assert alone == {"totals": [5, 1], "parts": {"district": 1, "cards": 0}}
