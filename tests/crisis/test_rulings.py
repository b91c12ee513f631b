"""One test (or a few) per ruling C1-C19 of docs/rulings.md (Crisis: Tokyo), with both
values of the options dragon (C1) and defence_order (C2)."""

import itertools

import pytest

from crisis_helpers import (POWERS, TERMINAL, attack, defend, events_except, inst, kind, legal, play, position,
                            seek, texts, uid, deck_size, outcomes)
from enginekind import pure_only

MASTER = "master-of-the-eagles-claw"   # Threat: 5 martial
COP = "retiring-in-two-days-cop"       # Hero: 2 fire
BENTO = "dark-magical-girl-ruby-despair"  # Hero: Pretty Guardian Sailor Bento, Talent "draw a card"
REPORTER = "killer-virtual-pet-swarm"  # Hero: Nosy TV Reporter, grey, Talent "draw a card"


def talents(state):
    return [t for t in legal(state) if t.startswith("talent")]


# ----- C1 the Dragon's order ---------------------------------------------------------------------
DRAGON_B = {("martial", "monster"), ("martial", "tech"), ("monster", "tech"), ("monster", "fire"),
            ("tech", "fire"), ("tech", "mystic"), ("fire", "mystic"), ("fire", "martial"),
            ("mystic", "martial"), ("mystic", "monster")}
DRAGON_A = {("martial", "tech"), ("martial", "monster"), ("tech", "monster"), ("tech", "fire"),
            ("monster", "fire"), ("monster", "mystic"), ("fire", "mystic"), ("fire", "martial"),
            ("mystic", "martial"), ("mystic", "tech")}


@pytest.mark.rule("crisis-tokyo C1")
@pytest.mark.parametrize("dragon,pairs", [(None, DRAGON_A), ("A", DRAGON_A), ("B", DRAGON_B)])
def test_c1_dragon_order(dragon, pairs):
    state = position(2, options={} if dragon is None else {"dragon": dragon})
    assert {(a, b) for a, b in itertools.product(POWERS, POWERS) if state.superior(a, b)} == pairs
    # both orders keep the rulebook's two printed facts
    assert {("martial", "tech"), ("martial", "monster"), ("fire", "mystic"), ("fire", "martial")} <= pairs


@pytest.mark.rule("crisis-tokyo C1")
@pytest.mark.parametrize("dragon,totals", [("A", (7, 2)), ("B", (5, 4))])
def test_c1_dragon_order_in_combat_tech_against_monster(dragon, totals):
    # Chrome Exterminator (5 tech) against Tako-chan (2 monster): A: tech beats monster; B: the reverse
    state = position(2, options={"dragon": dragon}, hands=[["soldier-from-the-future"], []],
                     reserves=[[], [{"card": "tentacled-horror-of-tokyo-bay"}]])
    attack(state, "harajuku", ["soldier-from-the-future"], "tech")
    defend(state, 1, ["tentacled-horror-of-tokyo-bay"], "monster")
    assert state.combat_totals() == totals


# ----- C2 defence order ---------------------------------------------------------------------------
@pytest.mark.rule("crisis-tokyo C2")
@pytest.mark.parametrize("order,asked", [(None, [3, 2, 1]), ("right", [3, 2, 1]), ("left", [1, 2, 3])])
def test_c2_defence_order(order, asked):
    state = position(4, options={} if order is None else {"defence_order": order}, hands=[[MASTER], [], [], []])
    attack(state, "harajuku", [MASTER], "martial")
    assert seek(state, None) == asked


@pytest.mark.rule("crisis-tokyo C2")
@pytest.mark.parametrize("order,asked", [("right", [1, 0, 4, 3]), ("left", [3, 4, 0, 1])])
def test_c2_defence_order_from_another_seat(order, asked):
    state = position(5, options={"defence_order": order}, hands=[[], [], [MASTER], [], []], active=2)
    attack(state, "harajuku", [MASTER], "martial")
    assert seek(state, None) == asked


# ----- C3 the same action twice ------------------------------------------------------------------
@pytest.mark.rule("crisis-tokyo C3")
def test_c3_the_same_action_twice_in_a_turn():
    state = position(3)
    play(state, "draw event", "draw disarmed")
    assert "draw event" in legal(state)
    play(state, "draw event", "draw sumo-slap")
    assert state.hands[0] == ["disarmed", "sumo-slap"] and state.active == 1


# ----- C4 Talents in a manoeuvre -----------------------------------------------------------------
@pytest.mark.rule("crisis-tokyo C4")
def test_c4_talents_of_characters_in_the_conflict_or_in_the_reserve():
    state = position(3, hands=[[MASTER], [], []],
                     reserves=[[], [{"card": BENTO}, {"card": REPORTER}], [{"card": "kind-alien"}]])
    attack(state, "harajuku", [MASTER], "martial")
    defend(state, 1, [BENTO], "mystic")
    # the Bento in the Conflict, the Reporter in the Reserve; never the Kind Alien of seat 2
    assert talents(state) == [f"talent {uid(state, REPORTER)} 0", f"talent {uid(state, BENTO)} 0"]


@pytest.mark.rule("crisis-tokyo C4")
def test_c4_a_gift_talent_on_a_threat_in_the_conflict():
    # Nunchaku of the Drunken Master (earth-shaking-kiai b, +1 martial) on the attacking Threat
    # gives it the Talent Drunken Style (+1 martial), usable by the attacker in the Conflict
    state = position(2, hands=[[MASTER, "earth-shaking-kiai"], []], reserves=[[], [{"card": COP}]])
    attack(state, "harajuku", [MASTER], "martial")
    defend(state, 1, [COP], "fire")
    play(state, "pass", "play earth-shaking-kiai b", f"host {uid(state, MASTER)}")
    assert state.current_player() == 0  # the defender has passed
    assert talents(state) == [f"talent {uid(state, MASTER)} 0"]
    play(state, f"talent {uid(state, MASTER)} 0", f"target {uid(state, MASTER)}")
    assert state.spheres(inst(state, MASTER), "martial") == 7


# ----- C5 a Talent on its owner's turn and again in another player's Conflict ----------------------
@pytest.mark.rule("crisis-tokyo C5")
def test_c5_talent_again_in_another_players_turn_but_once_per_turn():
    state = position(3, hands=[[], [], [MASTER]], reserves=[[], [{"card": REPORTER}], []], active=1,
                     actions_left=1)
    rep = uid(state, REPORTER)
    play(state, f"talent {rep} 0", "draw event", "draw disarmed")  # seat 1's own turn
    assert state.active == 2
    attack(state, "harajuku", [MASTER], "martial")
    defend(state, 1, [REPORTER], "martial")  # seat 1 is the first asked (seat 2's right)
    assert talents(state) == [f"talent {rep} 0"]  # a new turn: usable again
    play(state, f"talent {rep} 0", "draw event", "draw sumo-slap", "pass")
    assert state.current_player() == 1 and talents(state) == []  # once in this turn


# ----- C6 an end-of-turn Occurrence in another player's Conflict ---------------------------------------
@pytest.mark.rule("crisis-tokyo C6")
def test_c6_end_of_turn_occurrence_resolves_at_the_end_of_the_current_turn():
    # the defender plays Tomorrow's Headlines (draw 2 at the end of the turn) during seat 0's turn
    state = position(2, hands=[[MASTER], ["tomorrows-headlines"]], reserves=[[], [{"card": COP}]])
    attack(state, "harajuku", [MASTER], "martial")
    defend(state, 1, [COP], "fire")
    play(state, "play tomorrows-headlines a")
    assert state.end_of_turn == [{"card": "tomorrows-headlines", "half": "a", "user": 1}]
    play(state, "pass", "pass")                       # 5 against 4: Harajuku is levelled
    play(state, "draw event", "draw disarmed", "reveal shibuya")
    # seat 0's turn ends: the Occurrence resolves for seat 1 before seat 1's turn starts
    assert state.active == 0 and kind(state) == "choose-deck" and state.current_player() == 1
    play(state, "draw event", "draw sumo-slap", "draw character", "draw kind-alien")
    assert state.hands[1] == ["sumo-slap", "kind-alien"]
    assert state.active == 1 and state.discards["event"][-1] == "tomorrows-headlines"


# ----- C7 grey and wildcard spheres -------------------------------------------------------------------
@pytest.mark.rule("crisis-tokyo C7")
def test_c7_grey_sphere_is_zero_of_every_power():
    state = position(2, reserves=[[{"card": REPORTER}], []])
    assert [state.spheres(state.reserves[0][0], p) for p in POWERS] == [0, 0, 0, 0, 0]


@pytest.mark.rule("crisis-tokyo C7")
def test_c7_wildcard_chosen_when_added_mid_combat():
    # Dimensional Portal reveals the Good Twin (2 wildcard spheres): its owner picks the power
    state = position(2, hands=[[MASTER], ["dimensional-portal"]], reserves=[[], [{"card": COP}]])
    attack(state, "harajuku", [MASTER], "martial")
    defend(state, 1, [COP], "fire")
    play(state, "play dimensional-portal a", "reveal the-evil-twin", "half hero")
    assert kind(state) == "wild" and state.current_player() == 1
    play(state, "power fire")
    twin = inst(state, "the-evil-twin")
    assert twin["wild"] == "fire" and state.spheres(twin, "fire") == 2
    assert state.combat_totals() == (5, 6)


@pytest.mark.rule("crisis-tokyo C7")
def test_c7_no_superiority_bonus_for_a_side_at_zero():
    state = position(2, hands=[[MASTER], []], reserves=[[], [{"card": REPORTER}]])
    attack(state, "harajuku", [MASTER], "martial")
    defend(state, 1, [REPORTER], "fire")  # fire beats martial, but 0 spheres
    assert state.combat_totals() == (5, 0)


# ----- C8 Gifts -------------------------------------------------------------------------------------
@pytest.mark.rule("crisis-tokyo C8")
def test_c8_gifts_of_a_destroyed_threat_are_destroyed():
    # Bandolier of Grenades (danger-close-airstrike b) on the attacking Threat
    state = position(2, hands=[[MASTER, "danger-close-airstrike"], []])
    attack(state, "harajuku", [MASTER], "martial")
    seek(state, None)
    play(state, "play danger-close-airstrike b", f"host {uid(state, MASTER)}")
    play(state, "draw event", "draw disarmed")
    assert state.discards["character"] == [MASTER] and state.discards["event"] == ["danger-close-airstrike"]


@pytest.mark.rule("crisis-tokyo C8")
def test_c8_gifts_of_a_character_returned_to_hand_are_destroyed():
    # Witness Protection Program: an own Character returns to its owner's hand
    state = position(2, hands=[["witness-protection-program"], []],
                     reserves=[[{"card": COP, "gifts": [["sniper-rifle", "a"], ["disarmed", "b"]]}], []])
    cop = state.reserves[0][0]
    assert state.spheres(cop, "fire") == 4  # 2 + Rifle 1 + Skates 1
    play(state, "play witness-protection-program a", f"target {cop['uid']}")
    assert state.reserves[0] == [] and state.hands[0] == [COP]
    assert state.discards["event"] == ["sniper-rifle", "disarmed", "witness-protection-program"]


# ----- C9 empty decks --------------------------------------------------------------------------------
@pytest.mark.rule("crisis-tokyo C9")
def test_c9_an_empty_deck_never_waits_beside_a_discard_pile():
    # a position whose Event deck is empty and whose pile holds every Event: the pile is the deck
    state = position(2, discards={"event": events_except()})
    assert deck_size(state, "event") == 40 and state.discards["event"] == []
    play(state, "draw event")
    assert len(state.chance_outcomes()) == 40


@pytest.mark.rule("crisis-tokyo C9")
def test_c9_a_deck_that_ran_out_beside_an_empty_pile_is_formed_by_the_next_discard():
    """Both piles empty when the deck runs out: nothing to shuffle then; the first card to
    reach the pile forms the new deck at once (the deck is never empty beside a pile)."""
    evs = events_except("overtime-shift", "disarmed")  # 38 Events, all held or in play
    hands = [["overtime-shift"] + evs[0:5], evs[5:12], evs[12:19], evs[19:26], evs[26:33]]
    state = position(5, hands=hands, plot=[evs[33], "b"],
                     reserves=[[{"card": "kind-alien", "gifts": [[e, "a"] for e in evs[34:38]]}], [], [], [], []])
    assert deck_size(state, "event") == 1 and state.discards["event"] == []
    play(state, "draw event", "draw disarmed")
    assert deck_size(state, "event") == 0
    play(state, "play overtime-shift a")
    assert deck_size(state, "event") == 1 and state.discards["event"] == []
    play(state, "draw event")
    assert outcomes(state) == {"draw overtime-shift": 1.0}


@pytest.mark.rule("crisis-tokyo C9", "crisis-tokyo 14.10")
def test_c9_empty_district_deck_leaves_the_place_empty():
    from tokyo.games.crisis.cards import card_set
    others = [d for d in card_set()["district"] if d not in ("harajuku", "roppongi", "ueno", "odaiba", "tsukiji")]
    state = position(4, options={"districts_to_win": 10}, hands=[["corporate-ninja-ceo", "tengu-warlord"], [], [], []],
                     districts=[[], others[:6], others[6:12], others[12:]])
    attack(state, "harajuku", ["corporate-ninja-ceo"], "martial")
    seek(state, None)
    play(state, "pass", "draw event", "draw disarmed")
    assert "The District deck is empty: this place in Tokyo stays empty." in texts(state)
    assert state.tokyo == [None, "roppongi", "ueno", "odaiba", "tsukiji"]
    assert state.active == 1
    play(state, "end", "end", "end")
    assert [t for t in legal(state) if t.startswith("attack")] == [
        "attack roppongi", "attack ueno", "attack odaiba", "attack tsukiji"]


@pytest.mark.rule("crisis-tokyo C9")
def test_c9_both_piles_empty_nothing_drawn():
    evs = ["product-placement"] + events_except("product-placement")
    state = position(5, hands=[evs[0:7], evs[7:14], evs[14:21], evs[21:28], evs[28:35]], plot=[evs[35], "b"],
                     reserves=[[{"card": "kind-alien", "gifts": [[e, "a"] for e in evs[36:40]]}], [], [], [], []])
    play(state, "play product-placement a")  # draw 2, any deck: only the Character deck is offered
    assert legal(state) == ["draw character"]


# ----- C10 turn limit -----------------------------------------------------------------------------------
@pytest.mark.rule("crisis-tokyo C10")
@pytest.mark.parametrize("districts,winners", [([["ginza"], ["ueno"], []], [0, 1]), ([[], [], []], [])])
def test_c10_turn_limit_most_districts_shared_or_nobody(districts, winners):
    state = position(3, options={"turn_limit": 10}, turn=10, actions_left=1, districts=districts,
                     tokyo=["harajuku", "roppongi", "odaiba", "tsukiji", "nakano"])
    play(state, "end")
    assert state.current_player() == TERMINAL and state.winners == winners
    assert state.returns() == [1.0 if p in winners else 0.0 for p in range(3)]


# ----- C11 first turn and a Plot cutting the cost of attacking -------------------------------------------
@pytest.mark.rule("crisis-tokyo C11", "crisis-tokyo 18.6.3")
@pytest.mark.parametrize("plot,can_attack", [(None, False), (["overtime-shift", "b"], True)])
def test_c11_first_turn_attack_with_a_one_action_plot(plot, can_attack):
    state = position(2, hands=[[MASTER], []], plot=plot, actions_left=1, first_turn_done=[False, True])
    assert ("attack harajuku" in legal(state)) is can_attack


# ----- C12 what levels a District --------------------------------------------------------------------
@pytest.mark.rule("crisis-tokyo C12")
def test_c12_superiority_does_not_level():
    # Tengu Warlord (2 martial) beats a tech defence with Superiority (4 > 1) but 2 < Harajuku's 3
    state = position(2, hands=[["tengu-warlord"], []], reserves=[[], [{"card": "kind-alien"}]])
    attack(state, "harajuku", ["tengu-warlord"], "martial")
    defend(state, 1, ["kind-alien"], "tech")
    assert state.combat_totals() == (4, 1)
    play(state, "pass", "pass")
    assert state.districts[0] == [] and state.reserves[1] == []


@pytest.mark.rule("crisis-tokyo C12")
def test_c12_side_bonus_does_not_level():
    # Rousing Heroic Speech: +2 to the side's total, not spheres
    state = position(2, hands=[["tengu-warlord", "rousing-heroic-speech"], []])
    attack(state, "harajuku", ["tengu-warlord"], "martial")
    seek(state, None)
    play(state, "play rousing-heroic-speech a")
    assert state.districts[0] == []


@pytest.mark.rule("crisis-tokyo C12")
def test_c12_threat_passives_count_for_levelling():
    # Mariachi Zombie (3 monster, +1 per other Threat) with the Tengu Warlord (0 monster): 4 >= Ueno's 4
    state = position(2, hands=[["mariachi-zombie", "tengu-warlord"], []])
    attack(state, "ueno", ["mariachi-zombie", "tengu-warlord"], "monster")
    seek(state, None)
    assert state.side_total("att", "monster") == 4
    play(state, "pass")
    assert state.districts[0] == ["ueno"]


# ----- C13 unused actions ---------------------------------------------------------------------------------
@pytest.mark.rule("crisis-tokyo C13")
def test_c13_end_the_turn_early():
    state = position(3, actions_left=2)
    assert legal(state)[-1] == "end"
    play(state, "end")
    assert state.active == 1 and state.actions_left == 2
    assert "Seat 0 ends its turn." in texts(state)


# ----- C14 hand and Reserve limits: order and timing ----------------------------------------------------
@pytest.mark.rule("crisis-tokyo C14")
def test_c14_limits_checked_from_the_active_player_clockwise():
    # seat 1 plays Budget Cuts (hand limit 5) while seats 0 and 2 hold 6 cards
    six_a = ["disarmed", "sumo-slap", "kind-alien", "swamp-kappa", "grave-robbing", "tengu-warlord"]
    six_b = ["ammunition-shortage", "emergency-exorcism", "general-tank", "mariachi-zombie", "pickpocket-monkey",
             "backstage-pass"]
    state = position(3, hands=[six_a, ["studio-fire-drill"], six_b], active=1)
    play(state, "play studio-fire-drill b")
    assert kind(state) == "discard" and state.current_player() == 2
    play(state, "discard general-tank")
    assert kind(state) == "discard" and state.current_player() == 0
    play(state, "discard kind-alien")
    assert kind(state) == "action" and state.current_player() == 1
    assert [len(h) for h in state.hands] == [5, 0, 5]


@pytest.mark.rule("crisis-tokyo C14", "crisis-tokyo 18.4.1")
def test_c14_a_threat_entering_a_reserve_is_destroyed_at_once():
    # a Threat half brought to the defence by Dimensional Portal; the defence wins
    state = position(2, hands=[["tengu-warlord"], ["dimensional-portal"]], reserves=[[], [{"card": COP}]])
    attack(state, "harajuku", ["tengu-warlord"], "martial")
    defend(state, 1, [COP], "fire")
    play(state, "play dimensional-portal a", "reveal general-tank", "half threat", "pass", "pass")
    # already gone before the Conflict ends and the reward is drawn
    assert kind(state) == "choose-deck" and state.current_player() == 1
    assert [i["card"] for i in state.reserves[1]] == [COP]
    assert state.discards["character"] == ["general-tank", "tengu-warlord"]


# ----- C15 no defender ----------------------------------------------------------------------------------
@pytest.mark.rule("crisis-tokyo C15")
def test_c15_no_defender_one_manoeuvre_then_level():
    # the attacker's single manoeuvre is a Talent of its Reserve (a draw); then Harajuku falls
    state = position(2, hands=[[MASTER], []], reserves=[[{"card": BENTO}], []])
    attack(state, "harajuku", [MASTER], "martial")
    seek(state, None)
    play(state, f"talent {uid(state, BENTO)} 0", "draw event", "draw disarmed")
    assert state.districts[0] == ["harajuku"] and kind(state) == "choose-deck"


# ----- C16 nothing to choose --------------------------------------------------------------------------
@pytest.mark.rule("crisis-tokyo C16")
def test_c16_an_occurrence_with_no_character_to_choose_is_played_for_nothing():
    # Training Montage: +1 sphere on one of your Characters; there is none
    state = position(2, hands=[["training-montage"], []])
    assert "play training-montage a" in legal(state)
    play(state, "play training-montage a")
    assert "Training Montage: there is no Character to choose." in texts(state)
    assert state.actions_left == 1 and state.discards["event"] == ["training-montage"]


# ----- C17 untargetable Threats --------------------------------------------------------------------------
@pytest.mark.rule("crisis-tokyo C17")
def test_c17_untargetable_threat_not_chosen_by_other_players():
    # Phantom Thief of a Thousand Faces (untargetable) with the Master; the defender's Disarmed!
    state = position(2, hands=[["mystery-solving-schoolgirl", MASTER], ["disarmed", "danger-close-airstrike"]],
                     reserves=[[], [{"card": COP}]])
    play(state, "attack harajuku", "send mystery-solving-schoolgirl", "power martial", f"send {MASTER}",
         "power martial")
    defend(state, 1, [COP], "fire")
    play(state, "play disarmed a")
    assert legal(state) == [f"target {uid(state, MASTER)}"]
    play(state, f"target {uid(state, MASTER)}", "power martial")
    assert state.spheres(inst(state, MASTER), "martial") == 3
    assert state.spheres(inst(state, "mystery-solving-schoolgirl"), "martial") == 3  # untouched wildcards


@pytest.mark.rule("crisis-tokyo C17")
def test_c17_the_owner_may_choose_its_own_untargetable_threat():
    # Earth-Shaking Kiai (+2 martial on an own Character in the Conflict)
    state = position(2, hands=[["mystery-solving-schoolgirl", "earth-shaking-kiai"], []])
    play(state, "attack harajuku", "send mystery-solving-schoolgirl", "power martial", "power martial")
    seek(state, None)
    play(state, "play earth-shaking-kiai a")
    assert legal(state) == [f"target {uid(state, 'mystery-solving-schoolgirl')}"]


@pytest.mark.rule("crisis-tokyo C17")
def test_c17_gifts_may_be_given_to_an_untargetable_threat():
    state = position(2, hands=[["mystery-solving-schoolgirl", MASTER], ["danger-close-airstrike"]],
                     reserves=[[], [{"card": COP}]])
    play(state, "attack harajuku", "send mystery-solving-schoolgirl", "power martial", f"send {MASTER}",
         "power martial")
    defend(state, 1, [COP], "fire")
    thief = uid(state, "mystery-solving-schoolgirl")
    play(state, "play danger-close-airstrike b")
    assert legal(state) == [f"host {thief}", f"host {uid(state, MASTER)}"]
    play(state, f"host {thief}")
    assert state.spheres(inst(state, "mystery-solving-schoolgirl"), "fire") == 2


# ----- C18 the defender's reward -------------------------------------------------------------------------
@pytest.mark.rule("crisis-tokyo C18")
@pytest.mark.parametrize("district,plot,cards", [("harajuku", None, 2), ("ginza", None, 3),
                                                 ("ginza", ["open-casting-call", "b"], 4)])
def test_c18_defender_reward(district, plot, cards):
    # the Tentacled Horror counts as 2 Threats; Ginza +1; Key to the City +1
    state = position(2, hands=[["tentacled-horror-of-tokyo-bay"], []], reserves=[[], [{"card": COP}]],
                     tokyo=[district], plot=plot)
    attack(state, district, ["tentacled-horror-of-tokyo-bay"], "martial")
    defend(state, 1, [COP], "fire")
    play(state, "pass", "pass")
    drawn = 0
    while kind(state) == "choose-deck" and state.current_player() == 1:
        play(state, "draw character" if drawn % 2 else "draw event")
        play(state, state.chance_outcomes()[0][0].text)
        drawn += 1
    assert drawn == cards and len(state.hands[1]) == cards
    assert sum(c in state.game.cards["character"] for c in state.hands[1]) == cards // 2  # deck of its choice


# ----- C19 Heroes of a winning defence ------------------------------------------------------------------
@pytest.mark.rule("crisis-tokyo C19")
def test_c19_heroes_added_mid_combat_return_to_the_reserve():
    state = position(2, hands=[["tengu-warlord"], ["stunt-double", "general-tank"]], reserves=[[], [{"card": COP}]])
    attack(state, "harajuku", ["tengu-warlord"], "martial")
    defend(state, 1, [COP], "fire")
    play(state, "play stunt-double a", "deploy general-tank", "pass", "pass")
    assert [(i["card"], i["half"]) for i in state.reserves[1]] == [(COP, "hero"), ("general-tank", "hero")]


@pytest.mark.rule("crisis-tokyo C22", "crisis-tokyo 18.6.3")
def test_c22_extra_actions_let_a_player_attack_on_its_first_turn():
    # Overtime Shift (+2 actions) spends the single action of a first turn and leaves two
    state = position(2, hands=[["overtime-shift", "master-of-the-eagles-claw"], []], actions_left=1,
                     first_turn_done=[False, True])
    assert not [t for t in legal(state) if t.startswith("attack")]
    play(state, "play overtime-shift a")
    assert state.actions_left == 2 and "attack harajuku" in legal(state)
    play(state, "attack harajuku", "send master-of-the-eagles-claw", "power martial", "decline", "pass")
    assert state.districts[0] == ["harajuku"]


# ----- C25 a question with a single answer is not asked ---------------------------------------------
QUIET = {"ask_always": False}   # the helpers' games ask every question; C25 is the default


@pytest.mark.rule("crisis-tokyo C25")
def test_c25_single_answers_are_taken_at_once():
    state = position(2, options=QUIET, hands=[[MASTER], []], active=0, actions_left=2)
    play(state, "attack harajuku")
    # one Character in hand: it is sent without a question
    assert kind(state) == "attack-power" and [i["card"] for i in state.conflict["att"]] == [MASTER]
    play(state, "power martial", "decline")
    # nobody defends; the attacker's single manoeuvre can only be a pass (no Event, no Talent)
    assert "Seat 0 passes." in texts(state) and state.districts[0] == ["harajuku"]
    assert not any(t.startswith("send") or t == "pass" for t in state.history())
    # asked as before with ask_always
    state = position(2, options={"ask_always": True}, hands=[[MASTER], []], active=0, actions_left=2)
    play(state, "attack harajuku")
    assert kind(state) == "send" and legal(state) == [f"send {MASTER}"]
    play(state, f"send {MASTER}", "power martial", "decline")
    assert kind(state) == "manoeuvre" and legal(state) == ["pass"]


@pytest.mark.rule("crisis-tokyo C25")
def test_c25_a_single_target_is_taken_at_once():
    # Kind Alien's Talent takes a card back from the Character discard pile: only one is there
    state = position(2, options=QUIET, hands=[[], []], reserves=[[{"card": "kind-alien"}], []],
                     discards={"character": [COP]}, active=0, actions_left=2)
    play(state, f"talent {state.reserves[0][0]['uid']} 0")
    assert state.hands[0] == [COP] and kind(state) == "action"
    state = position(2, hands=[[], []], reserves=[[{"card": "kind-alien"}], []],
                     discards={"character": [COP]}, active=0, actions_left=2)
    play(state, f"talent {state.reserves[0][0]['uid']} 0")
    assert kind(state) == "from-discard" and legal(state) == [f"take {COP}"]


@pure_only
@pytest.mark.rule("crisis-tokyo C25")
def test_c25_a_pass_is_still_asked_while_the_hand_holds_an_unseen_event(monkeypatch):
    # no shipped Event is unplayable in every Conflict; pretend this one is, to see the guard
    import tokyo.games.crisis.effects as effects
    monkeypatch.setattr(effects, "event_playable", lambda *args: False)
    event = "triple-espresso"
    state = position(2, options=QUIET, hands=[[MASTER, event], []], active=0, actions_left=2)
    play(state, "attack harajuku", "power martial", "decline")
    # the pass is the only answer, but passing at once would tell seat 1 the Event is no use
    assert kind(state) == "manoeuvre" and legal(state) == ["pass"]
    # the same Event, seen by everyone as it went into the hand: nothing to hide, passed at once
    state = position(2, options=QUIET, hands=[[MASTER, event], []], active=0, actions_left=2)
    state.known_cards[0].append(event)
    play(state, "attack harajuku", "power martial", "decline")
    assert "Seat 0 passes." in texts(state) and state.districts[0] == ["harajuku"]
