"""The rulebook's Example of Play, step by step: Manuel attacks Harajuku, Rebeca defends,
then the turns of Luis, Rebeca and Fernando. Seats: Manuel 0, Luis 1, Rebeca 2, Fernando 3.

The example offers the defence first to Luis, the player after Manuel in turn order, so it
is played with the option defence_order="left" (ruling C2); the last test shows that with
the default order the first player asked is Fernando. Chance is forced: the Character deck's
top card is the Soldier from the Future, and the draws are named by the test.
"""

import pytest

from crisis_helpers import CHANCE, inst, kind, legal, outcomes, play, position, texts, uid

MANUEL, LUIS, REBECA, FERNANDO = 0, 1, 2, 3
MASTER = "master-of-the-eagles-claw"
COP = "retiring-in-two-days-cop"
SOLDIER = "soldier-from-the-future"
SCHOOLGIRL = "mystery-solving-schoolgirl"
ALIEN = "kind-alien"
TOKYO = ["harajuku", "roppongi", "ueno", "odaiba", "tsukiji"]
PREVIOUS_PLOT = ["open-casting-call", "b"]  # Key to the City: it changes nothing in the example


def second_round(**options):
    """The second round begins, with Manuel (turn 5: everybody has had a first turn)."""
    options.setdefault("defence_order", "left")
    return position(
        4, options=options, active=MANUEL, actions_left=2, turn=5, tokyo=TOKYO, plot=PREVIOUS_PLOT,
        hands=[[MASTER, "recoil-shot"], [SCHOOLGIRL, "sniper-rifle"], ["dimensional-portal"], ["fight-for-the-spoils"]],
        reserves=[[], [], [{"card": COP}], [{"card": ALIEN}]])


@pytest.mark.rule("crisis-tokyo 16.1", "crisis-tokyo 7.0.8")
def test_manuel_could_not_attack_on_his_first_turn_and_drew_a_character():
    state = position(4, active=MANUEL, actions_left=1, turn=1, tokyo=TOKYO, first_turn_done=[False] * 4,
                     hands=[["recoil-shot"], [], [], []])
    assert not [t for t in legal(state) if t.startswith("attack")]
    play(state, "draw character", f"draw {MASTER}")
    assert state.hands[MANUEL] == ["recoil-shot", MASTER] and state.active == LUIS


@pytest.mark.rule("crisis-tokyo 16.2", "crisis-tokyo 16.3", "crisis-tokyo 16.4", "crisis-tokyo 13.0.1",
                   "crisis-tokyo C2", "crisis-tokyo C23", "crisis-tokyo card:master-of-the-eagles-claw:threat",
                   "crisis-tokyo card:retiring-in-two-days-cop:hero", "crisis-tokyo card:harajuku",
                   "crisis-tokyo card:dimensional-portal:a", "crisis-tokyo card:recoil-shot:a",
                   "crisis-tokyo card:sniper-rifle:a", "crisis-tokyo card:kind-alien:hero")
def test_example_of_play():
    state = second_round()

    # --- Manuel attacks Harajuku with the Master of the Eagle's Claw, Martial arts ---------------
    assert state.actions_left == 2 and "attack harajuku" in legal(state)
    play(state, "attack harajuku", f"send {MASTER}")
    assert kind(state) == "attack-power"
    play(state, "power martial")
    master = inst(state, MASTER)
    assert state.conflict["district"] == "harajuku" and state.conflict["att_power"] == "martial"
    assert state.spheres(master, "martial") == 5 and state.conflict["att"] == [master]
    assert state.actions_left == 0  # the attack is his two actions

    # --- Seeking a defender: Luis declines, Rebeca defends -----------------------------------
    assert kind(state) == "defend" and state.current_player() == LUIS
    play(state, "decline")
    assert kind(state) == "defend" and state.current_player() == REBECA
    play(state, "defend")
    assert state.conflict["defender"] == REBECA and state.conflict["asked"] == [LUIS, REBECA]  # Fernando never asked

    # --- Rebeca deploys her only Hero, the Retiring-in-Two-Days Cop, and defends with Firepower ---
    cop = inst(state, COP)
    assert legal(state) == [f"deploy {cop['uid']}", "done"]
    play(state, f"deploy {cop['uid']}")
    assert kind(state) == "defend-power"  # no more Heroes to place
    play(state, "power fire")
    assert state.spheres(cop, "fire") == 2 and state.side_total("def", "fire") == 2
    assert state.superior("fire", "martial")
    assert state.combat_totals() == (5, 4)

    # --- Rebeca's manoeuvre: Dimensional Portal reveals the Soldier from the Future, as a Hero -----
    assert kind(state) == "manoeuvre" and state.current_player() == REBECA
    play(state, "play dimensional-portal a")
    assert state.current_player() == CHANCE and state.node[2] == "portal"
    assert f"reveal {SOLDIER}" in outcomes(state) and len(outcomes(state)) == 36
    play(state, f"reveal {SOLDIER}")
    assert kind(state) == "portal-half" and legal(state) == ["half threat", "half hero"]
    play(state, "half hero")
    soldier = inst(state, SOLDIER)
    assert soldier["half"] == "hero" and state.conflict["def"] == [cop, soldier]
    assert state.side_total("def", "fire") == 3           # a total of three Firepower spheres
    assert state.combat_totals() == (5, 5)                 # with Superiority: tied
    assert state.spheres(soldier, "tech") == 1             # its tech sphere is not added
    assert state.discards["event"] == ["dimensional-portal"]  # the Occurrence is destroyed

    # --- Manuel's manoeuvre: Recoil Shot, -1 Firepower on the Soldier, and a draw from the Event deck ---
    assert kind(state) == "manoeuvre" and state.current_player() == MANUEL
    play(state, "play recoil-shot a")
    assert legal(state) == [f"target {cop['uid']}", f"target {soldier['uid']}"]
    play(state, f"target {soldier['uid']}", "power fire")
    assert state.spheres(soldier, "fire") == 0
    assert state.side_total("def", "fire") == 2 and state.combat_totals() == (5, 4)  # two spheres, four with the bonus
    assert kind(state) == "choose-deck" and state.current_player() == MANUEL
    play(state, "draw event", "draw product-placement")
    assert state.hands[MANUEL] == ["product-placement"]

    # --- Rebeca passes, Manuel passes: five against four --------------------------------------
    assert kind(state) == "manoeuvre" and state.current_player() == REBECA
    assert legal(state) == ["pass"]  # nothing left to help her
    play(state, "pass")
    assert kind(state) == "manoeuvre" and state.current_player() == MANUEL
    play(state, "pass")
    assert "Combat: attacker 5, defender 4." in texts(state)

    # --- The defending side is destroyed; Harajuku is levelled into Manuel's Reserve ----------------
    assert state.reserves[REBECA] == [] and state.conflict["def"] == []
    assert state.discards["character"] == [COP, SOLDIER]
    assert state.districts[MANUEL] == ["harajuku"]
    assert kind(state) == "choose-deck" and state.current_player() == MANUEL  # the reward
    play(state, "draw event", "draw triple-espresso")
    assert state.hands[MANUEL] == ["product-placement", "triple-espresso"]

    # --- The attacking side is destroyed; a new District takes Harajuku's place ------------------
    assert state.conflict is None
    assert state.discards["character"] == [COP, SOLDIER, MASTER]
    assert state.discards["event"] == ["dimensional-portal", "recoil-shot"]
    assert state.current_player() == CHANCE and state.node[2] == "district" and state.node[3]["slot"] == 0
    play(state, "reveal shibuya")
    assert state.tokyo == ["shibuya", "roppongi", "ueno", "odaiba", "tsukiji"]

    # --- Luis recruits the Mystery-Solving Schoolgirl and gives her the Sniper Rifle (a Gift) -----
    assert state.active == LUIS and state.actions_left == 2
    play(state, f"recruit {SCHOOLGIRL}")
    girl = inst(state, SCHOOLGIRL)
    assert state.reserves[LUIS] == [girl] and girl["half"] == "hero"
    play(state, "play sniper-rifle a")
    assert kind(state) == "gift-host"
    play(state, f"host {girl['uid']}")
    assert girl["gifts"] == [{"card": "sniper-rifle", "half": "a"}] and state.spheres(girl, "fire") == 1
    assert state.hands[LUIS] == []

    # --- Rebeca draws a Character card, then an Event card ------------------------------------
    assert state.active == REBECA and state.actions_left == 2 and state.hands[REBECA] == []
    play(state, "draw character", "draw tengu-warlord", "draw event", "draw disarmed")
    assert state.hands[REBECA] == ["tengu-warlord", "disarmed"]

    # --- Fernando: the Kind Alien's Talent takes the Soldier from the discard pile; the Alien is destroyed ---
    assert state.active == FERNANDO and state.actions_left == 2
    alien = uid(state, ALIEN)
    play(state, f"talent {alien} 0")
    assert kind(state) == "from-discard"
    assert legal(state) == [f"take {COP}", f"take {SOLDIER}", f"take {MASTER}"]
    play(state, f"take {SOLDIER}")
    assert state.hands[FERNANDO] == ["fight-for-the-spoils", SOLDIER]
    assert state.reserves[FERNANDO] == [] and state.discards["character"] == [COP, MASTER, ALIEN]
    assert not [t for t in legal(state) if t.startswith("talent")]  # no second use of the Talent

    # --- Fight for the Spoils replaces the Plot in play; then it is Manuel's third turn ---------
    play(state, "play fight-for-the-spoils a")
    assert state.plot == {"card": "fight-for-the-spoils", "half": "a"}
    assert state.discards["event"] == ["dimensional-portal", "recoil-shot", "open-casting-call"]
    assert state.active == MANUEL and state.actions_left == 2 and state.turn_count == 9
    assert kind(state) == "action"


@pytest.mark.rule("crisis-tokyo C2", "crisis-tokyo 13.2.1")
def test_with_the_default_defence_order_fernando_is_asked_first():
    state = second_round(defence_order="right")
    play(state, "attack harajuku", f"send {MASTER}", "power martial")
    assert kind(state) == "defend" and state.current_player() == FERNANDO
    play(state, "decline")
    assert state.current_player() == REBECA
