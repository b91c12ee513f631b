"""Rulebook: Conflicts (Sending the Threats, Seeking a Defender, Deploying the Defender,
Combat, If There Is No Defender!, Resolving the Combat, the three outcomes) and Final Notes /
100% Casualties."""

import pytest

from crisis_helpers import IllegalActionError, POWERS, attack, defend, kind, legal, play, position, seek, texts, uid

MASTER = "master-of-the-eagles-claw"     # Threat: 5 martial
COP = "retiring-in-two-days-cop"         # Hero: 2 fire
SERGEANT = "colonel-bazookas-mercenaries"  # Hero: Gruff Drill Sergeant, 3 fire
REPORTER = "killer-virtual-pet-swarm"    # Hero: Nosy TV Reporter, grey, Talent "draw a card"


# ----- Sending the Threats -------------------------------------------------------------------
@pytest.mark.rule("crisis-tokyo 11.1", "crisis-tokyo 13.1.1", "crisis-tokyo 13.1.2", "crisis-tokyo 4.2.1")
def test_the_attacker_sends_one_threat_then_may_stop():
    state = position(2, hands=[[MASTER, "tengu-warlord", "disarmed"], []])
    play(state, "attack harajuku")
    assert kind(state) == "send" and legal(state) == [f"send {MASTER}", "send tengu-warlord"]
    play(state, f"send {MASTER}")
    assert legal(state) == ["send tengu-warlord", "done"]
    play(state, "done")
    assert kind(state) == "attack-power"
    [master] = state.conflict["att"]
    assert master["half"] == "threat" and state.card_half(master)["name"] == "Master of the Eagle's Claw"
    assert state.hands[0] == ["tengu-warlord", "disarmed"]


@pytest.mark.rule("crisis-tokyo 13.1.2")
def test_two_threats_at_most():
    state = position(2, hands=[[MASTER, "tengu-warlord", "swamp-kappa"], []])
    play(state, "attack harajuku", f"send {MASTER}", "send tengu-warlord")
    assert kind(state) == "attack-power"
    assert [i["card"] for i in state.conflict["att"]] == [MASTER, "tengu-warlord"]
    assert state.hands[0] == ["swamp-kappa"]


@pytest.mark.rule("crisis-tokyo 4.1.2", "crisis-tokyo card:kabukicho")
def test_a_district_that_needs_two_threats():
    # Kabukicho: an attack here must send two Threats
    state = position(2, hands=[[MASTER], []], tokyo=["kabukicho", "harajuku"])
    assert "attack kabukicho" not in legal(state) and "attack harajuku" in legal(state)
    state = position(2, hands=[[MASTER, "tengu-warlord"], []], tokyo=["kabukicho", "harajuku"])
    play(state, "attack kabukicho", f"send {MASTER}")
    assert legal(state) == ["send tengu-warlord"]  # no "done" with one Threat


@pytest.mark.rule("crisis-tokyo 13.1.3", "crisis-tokyo 13.1.4", "crisis-tokyo 12.0.1")
def test_the_attack_power_may_be_any_even_without_spheres_of_it():
    state = position(2, hands=[[MASTER], []])
    play(state, "attack harajuku", f"send {MASTER}")  # no Character left in hand: no "done" needed
    assert legal(state) == [f"power {p}" for p in POWERS]
    play(state, "power mystic")
    assert state.conflict["att_power"] == "mystic" and state.side_total("att", "mystic") == 0


@pytest.mark.rule("crisis-tokyo 13.1.1", "crisis-tokyo 13.1.4", "crisis-tokyo 14.5")
def test_a_district_the_threats_cannot_level_may_still_be_attacked():
    # Kasumigaseki resists only Technological weapons and Mystic powers; the Master has 5 Martial
    # arts: the rulebook lets any District be attacked with any power, and the attempt to level
    # fails (issue 12: the table warns, the action stays legal)
    state = position(2, hands=[[MASTER], []], tokyo=["kasumigaseki", "harajuku"])
    assert state.observation(0)["can_level"] == {"kasumigaseki": False, "harajuku": True}
    play(state, "attack kasumigaseki", f"send {MASTER}", "power martial", "decline", "pass")
    assert state.conflict is None and state.tokyo[0] == "kasumigaseki" and state.districts[0] == []
    assert "The attack fails to level Kasumigaseki." in texts(state)


# ----- Seeking a Defender ---------------------------------------------------------------------
@pytest.mark.rule("crisis-tokyo 13.2.1", "crisis-tokyo C2")
def test_defence_is_offered_from_the_attackers_right_in_order():
    state = position(4, hands=[[], [MASTER], [], []], active=1)
    attack(state, "harajuku", [MASTER], "martial")
    assert seek(state, None) == [0, 3, 2]


@pytest.mark.rule("crisis-tokyo C2")
def test_defence_order_left_offers_it_in_turn_order():
    state = position(4, options={"defence_order": "left"}, hands=[[], [MASTER], [], []], active=1)
    attack(state, "harajuku", [MASTER], "martial")
    assert seek(state, None) == [2, 3, 0]


@pytest.mark.rule("crisis-tokyo 13.2.3")
def test_the_attacker_is_never_asked_to_defend():
    state = position(2, hands=[[MASTER], []])
    attack(state, "harajuku", [MASTER], "martial")
    assert seek(state, None) == [1]
    assert kind(state) == "manoeuvre" and state.current_player() == 0


@pytest.mark.rule("crisis-tokyo 13.2.2")
def test_the_first_player_to_accept_defends_and_nobody_else_is_asked():
    state = position(4, hands=[[MASTER], [], [], []])
    attack(state, "harajuku", [MASTER], "martial")
    assert seek(state, 2) == [3, 2]
    assert state.conflict["defender"] == 2 and kind(state) == "defend-power"
    assert state.conflict["asked"] == [3, 2]


@pytest.mark.rule("crisis-tokyo 13.2.4")
def test_a_player_who_defended_cannot_defend_again_before_its_next_turn():
    state = position(3, hands=[[MASTER], ["tengu-warlord"], []])
    attack(state, "harajuku", [MASTER], "martial")
    defend(state, 2, [], "martial")  # seat 2 defends (and loses)
    play(state, "pass", "pass", "draw event", "draw disarmed", "reveal shibuya")
    assert state.active == 1 and state.defended == [2]
    attack(state, "roppongi", ["tengu-warlord"], "mystic")
    assert seek(state, None) == [0]  # seat 2 is skipped
    assert "Seat 2 has defended since its last turn and cannot defend." in texts(state)
    play(state, "pass")  # the attack fails (no mystic resistance) and the turn passes
    assert state.active == 2 and state.defended == []  # seat 2's own turn: it may defend again


@pytest.mark.rule("crisis-tokyo 13.2.4")
def test_a_player_can_defend_again_after_its_own_turn():
    state = position(3, hands=[[MASTER], [], []], active=0, defended=[1])
    attack(state, "harajuku", [MASTER], "martial")
    assert seek(state, None) == [2]  # seat 1 is skipped
    state = position(3, hands=[[MASTER], [], []], active=0, defended=[1], actions_left=1)
    play(state, "end")
    assert state.active == 1 and state.defended == []
    play(state, "end", "end")
    attack(state, "harajuku", [MASTER], "martial")
    assert seek(state, None) == [2, 1]


# ----- Deploying the Defender -----------------------------------------------------------------
@pytest.mark.rule("crisis-tokyo 13.3.1", "crisis-tokyo 13.3.2", "crisis-tokyo 13.4.2")
def test_the_defender_deploys_any_number_of_heroes_from_its_reserve():
    state = position(2, hands=[[MASTER], []], reserves=[[], [{"card": COP}, {"card": SERGEANT}, {"card": REPORTER}]])
    attack(state, "harajuku", [MASTER], "martial")
    seek(state, 1)
    cop, sgt, rep = (uid(state, c) for c in (COP, SERGEANT, REPORTER))
    assert kind(state) == "deploy" and legal(state) == [f"deploy {cop}", f"deploy {sgt}", f"deploy {rep}", "done"]
    play(state, f"deploy {sgt}")
    assert legal(state) == [f"deploy {cop}", f"deploy {rep}", "done"]
    play(state, f"deploy {cop}", "done")
    assert [i["card"] for i in state.conflict["def"]] == [SERGEANT, COP]
    assert [i["card"] for i in state.reserves[1]] == [REPORTER]
    assert kind(state) == "defend-power"


@pytest.mark.rule("crisis-tokyo 13.3.1")
def test_a_defender_may_deploy_nobody():
    state = position(2, hands=[[MASTER], []], reserves=[[], [{"card": COP}]])
    attack(state, "harajuku", [MASTER], "martial")
    defend(state, 1, [], "fire")
    assert state.conflict["def"] == [] and len(state.reserves[1]) == 1
    assert state.combat_totals() == (5, 0)


@pytest.mark.rule("crisis-tokyo 13.3.1", "crisis-tokyo 13.3.3")
def test_a_defender_with_an_empty_reserve_goes_straight_to_its_power():
    state = position(2, hands=[[MASTER], []])
    attack(state, "harajuku", [MASTER], "martial")
    seek(state, 1)
    assert kind(state) == "defend-power" and legal(state) == [f"power {p}" for p in POWERS]


@pytest.mark.rule("crisis-tokyo 13.3.3")
def test_the_defence_power_may_be_any():
    state = position(2, hands=[[MASTER], []], reserves=[[], [{"card": COP}]])
    attack(state, "harajuku", [MASTER], "martial")
    defend(state, 1, [COP], "mystic")
    assert state.conflict["def_power"] == "mystic" and state.combat_totals() == (5, 0)


# ----- Combat -------------------------------------------------------------------------------
def _combat(att_hand=(), def_hand=(), players=2):
    hands = [[MASTER, *att_hand]] + [[] for _ in range(players - 1)]
    hands[1] = list(def_hand)
    state = position(players, hands=hands, reserves=[[], [{"card": COP}]] + [[] for _ in range(players - 2)])
    attack(state, "harajuku", [MASTER], "martial")
    defend(state, 1, [COP], "fire")
    return state


@pytest.mark.rule("crisis-tokyo 13.5.2")
def test_combat_starts_with_the_defender_and_alternates():
    state = _combat(att_hand=["danger-close-airstrike", "earth-shaking-kiai"],
                    def_hand=["forbidden-chant", "overclock-the-reactor"])
    seats = []
    for move in ("play forbidden-chant a", "play earth-shaking-kiai a", "play overclock-the-reactor a",
                 "play danger-close-airstrike a"):
        seats.append(state.current_player())
        play(state, move, f"target {uid(state, COP if seats[-1] == 1 else MASTER)}")
    seats.append(state.current_player())
    assert seats == [1, 0, 1, 0, 1]
    assert kind(state) == "manoeuvre"


@pytest.mark.rule("crisis-tokyo 13.5.3", "crisis-tokyo C4")
def test_manoeuvres_are_conflict_events_talents_or_pass():
    state = position(2, hands=[[MASTER, "disarmed", "product-placement"], ["sumo-slap"]],
                     reserves=[[{"card": "dark-magical-girl-ruby-despair"}], [{"card": COP}, {"card": REPORTER}]])
    attack(state, "harajuku", [MASTER], "martial")
    defend(state, 1, [COP], "fire")
    # the defender: its Event (both halves), the Talent of the Reporter left in its Reserve, pass
    assert legal(state) == ["play sumo-slap a", "play sumo-slap b", f"talent {uid(state, REPORTER)} 0", "pass"]
    play(state, "pass")
    # the attacker: both Events, the Talent of the Sailor Bento in its Reserve, pass
    assert legal(state) == ["play disarmed a", "play disarmed b", "play product-placement a",
                            "play product-placement b", f"talent {uid(state, 'dark-magical-girl-ruby-despair')} 0",
                            "pass"]


@pytest.mark.rule("crisis-tokyo 13.5.4")
def test_pass_is_final_the_other_player_keeps_manoeuvring():
    state = _combat(att_hand=["earth-shaking-kiai", "danger-close-airstrike"], def_hand=["forbidden-chant"])
    play(state, "pass")
    assert state.current_player() == 0
    play(state, "play earth-shaking-kiai a", f"target {uid(state, MASTER)}")
    assert state.current_player() == 0 and kind(state) == "manoeuvre"  # the defender is not asked again
    play(state, "play danger-close-airstrike a", f"target {uid(state, MASTER)}")
    assert state.current_player() == 0
    assert state.conflict["passed"] == [False, True]
    play(state, "pass")
    assert "Combat: attacker 7, defender 4." in texts(state)


@pytest.mark.rule("crisis-tokyo 13.5.1", "crisis-tokyo 13.5.5")
def test_the_combat_is_resolved_as_soon_as_both_pass():
    state = _combat()
    play(state, "pass")
    assert state.current_player() == 0 and kind(state) == "manoeuvre"
    play(state, "pass")
    assert "Combat: attacker 5, defender 4." in texts(state)


@pytest.mark.rule("crisis-tokyo 13.5.1")
def test_a_bystander_does_not_manoeuvre():
    state = _combat(players=3)
    assert state.current_player() == 1
    with pytest.raises(IllegalActionError):
        state.apply_action("pass", seat=2)


# ----- If There Is No Defender! -------------------------------------------------------------
@pytest.mark.rule("crisis-tokyo 13.6.1", "crisis-tokyo 14.1", "crisis-tokyo C15")
def test_no_defender_the_attacker_has_a_single_manoeuvre():
    # Tengu Warlord: 2 martial; Earth-Shaking Kiai: +2 martial; Harajuku resists 3 martial
    state = position(2, hands=[["tengu-warlord", "earth-shaking-kiai", "forbidden-chant"], []])
    attack(state, "harajuku", ["tengu-warlord"], "martial")
    seek(state, None)
    assert kind(state) == "manoeuvre" and state.current_player() == 0
    assert "Nobody defends: the attacker has a single manoeuvre." in texts(state)
    play(state, "play earth-shaking-kiai a", f"target {uid(state, 'tengu-warlord')}")
    # no second manoeuvre: the District is levelled at once (4 >= 3)
    assert state.districts[0] == ["harajuku"] and kind(state) == "choose-deck"
    assert state.hands[0] == ["forbidden-chant"]


@pytest.mark.rule("crisis-tokyo 13.6.1", "crisis-tokyo C15")
def test_no_defender_the_attacker_may_pass():
    state = position(2, hands=[["tengu-warlord", "earth-shaking-kiai"], []])
    attack(state, "harajuku", ["tengu-warlord"], "martial")
    seek(state, None)
    play(state, "pass")
    assert state.districts[0] == [] and state.tokyo[0] == "harajuku"  # 2 < 3
    assert state.active == 1


# ----- Resolving the Combat ---------------------------------------------------------------------
@pytest.mark.rule("crisis-tokyo 13.8.1", "crisis-tokyo 13.8.2", "crisis-tokyo 4.3.8")
def test_victory_of_the_attacker_destroys_the_defending_side_and_levels():
    state = position(2, hands=[[MASTER], []], reserves=[[], [{"card": COP, "gifts": [["sniper-rifle", "a"]]},
                                                         {"card": REPORTER}]])
    attack(state, "harajuku", [MASTER], "martial")
    defend(state, 1, [COP, REPORTER], "tech")
    play(state, "pass", "pass")
    assert "The attacking side wins: the defending side is destroyed." in texts(state)
    assert state.discards["character"] == [COP, REPORTER] and state.discards["event"] == ["sniper-rifle"]
    assert state.reserves[1] == []
    assert state.districts[0] == ["harajuku"]


@pytest.mark.rule("crisis-tokyo 13.7.5", "crisis-tokyo 13.9.1", "crisis-tokyo 13.9.2", "crisis-tokyo 13.9.3",
                   "crisis-tokyo 13.9.4", "crisis-tokyo 7.1.2", "crisis-tokyo C18")
def test_victory_of_the_defender_destroys_the_attacking_side_and_returns_the_heroes():
    state = position(2, hands=[[MASTER], []], reserves=[[], [{"card": COP}, {"card": SERGEANT}]])
    attack(state, "harajuku", [MASTER], "martial")
    defend(state, 1, [COP, SERGEANT], "fire")
    play(state, "pass", "pass")
    assert "Combat: attacker 5, defender 7." in texts(state)
    assert "The defending side wins." in texts(state)
    assert [i["card"] for i in state.reserves[1]] == [COP, SERGEANT]
    assert state.conflict is None and state.discards["character"] == [MASTER]
    assert state.districts[0] == [] and state.tokyo[0] == "harajuku"
    # the reward: one card for the one Threat, from the deck of the defender's choice
    assert kind(state) == "choose-deck" and state.current_player() == 1
    play(state, "draw event", "draw disarmed")
    assert state.hands[1] == ["disarmed"] and state.active == 1


@pytest.mark.rule("crisis-tokyo 13.9.4", "crisis-tokyo 7.1.3", "crisis-tokyo C18")
def test_the_defender_draws_a_card_per_threat():
    # Tengu Warlord (2 martial) and Swamp Kappa (0 martial) against 5 fire + Superiority
    state = position(2, hands=[["tengu-warlord", "swamp-kappa"], []],
                     reserves=[[], [{"card": COP}, {"card": SERGEANT}]])
    attack(state, "harajuku", ["tengu-warlord", "swamp-kappa"], "martial")
    defend(state, 1, [COP, SERGEANT], "fire")
    play(state, "pass", "pass")
    play(state, "draw character", "draw kind-alien", "draw event", "draw disarmed")
    assert state.hands[1] == ["kind-alien", "disarmed"]
    assert sorted(state.discards["character"]) == ["swamp-kappa", "tengu-warlord"]


@pytest.mark.rule("crisis-tokyo 13.9.4", "crisis-tokyo C18")
def test_the_reward_counts_the_threats_when_the_combat_is_resolved():
    # Cut to Commercial!: the attacker takes the Swamp Kappa back into its hand mid-combat
    state = position(2, hands=[["tengu-warlord", "swamp-kappa", "cut-to-commercial"], []],
                     reserves=[[], [{"card": COP}, {"card": SERGEANT}]])
    attack(state, "harajuku", ["tengu-warlord", "swamp-kappa"], "martial")
    defend(state, 1, [COP, SERGEANT], "fire")
    play(state, "pass", "play cut-to-commercial a", f"target {uid(state, 'swamp-kappa')}", "pass")
    assert state.hands[0] == ["swamp-kappa"]
    play(state, "draw event", "draw disarmed")
    assert state.hands[1] == ["disarmed"] and state.active == 1  # one card only


@pytest.mark.rule("crisis-tokyo 13.10.1", "crisis-tokyo 13.10.2")
def test_a_tie_destroys_both_sides_without_result():
    # 5 martial against 3 fire + 2 for Superiority
    state = position(2, hands=[[MASTER], []], reserves=[[], [{"card": SERGEANT}, {"card": REPORTER}]])
    attack(state, "harajuku", [MASTER], "martial")
    defend(state, 1, [SERGEANT], "fire")
    assert state.combat_totals() == (5, 5)
    play(state, "pass", "pass")
    assert "Tie: both sides are destroyed." in texts(state)
    assert sorted(state.discards["character"]) == sorted([MASTER, SERGEANT])
    assert [i["card"] for i in state.reserves[1]] == [REPORTER]
    assert state.districts[0] == [] and state.tokyo[0] == "harajuku"
    assert state.hands == [[], []] and state.active == 1 and state.conflict is None


@pytest.mark.rule("crisis-tokyo 18.3.1")
def test_one_hundred_percent_casualties_the_combat_goes_on():
    # the attacker stomps the defender's only Hero; the defender brings a new one from its hand
    state = position(2, hands=[[MASTER, "accidental-kaiju-stomp"], ["stunt-double", COP]],
                     reserves=[[], [{"card": REPORTER}]])
    attack(state, "harajuku", [MASTER], "martial")
    defend(state, 1, [REPORTER], "fire")
    play(state, f"talent {uid(state, REPORTER)} 0", "draw event", "draw disarmed")
    play(state, "play accidental-kaiju-stomp a", f"target {uid(state, REPORTER)}")
    assert state.conflict["def"] == [] and state.discards["character"] == [REPORTER]
    assert kind(state) == "manoeuvre" and state.current_player() == 1
    assert "play stunt-double a" in legal(state)
    play(state, "play stunt-double a", f"deploy {COP}")
    assert [i["card"] for i in state.conflict["def"]] == [COP]
    assert state.combat_totals() == (5, 4)


@pytest.mark.rule("crisis-tokyo 13.7.3")
def test_superiority_follows_a_change_of_power():
    # the Corporate Ninja CEO (3 martial, 2 tech) attacks with martial; the Cop defends with
    # fire, superior to martial: 3 against 2 + 2. Sudden Plot Twist turns the attack to tech,
    # superior to fire: the defender's bonus is gone and the attacker has one, 2 + 2 against 2
    state = position(2, hands=[["corporate-ninja-ceo", "sudden-plot-twist"], []], reserves=[[], [{"card": COP}]])
    attack(state, "harajuku", ["corporate-ninja-ceo"], "martial")
    defend(state, 1, [COP], "fire")
    assert state.combat_totals() == (3, 4)
    play(state, "pass", "play sudden-plot-twist a", "power tech")
    assert state.conflict["att_power"] == "tech"
    assert state.combat_totals() == (4, 2)
    play(state, "pass")
    assert "Combat: attacker 4, defender 2." in texts(state)
