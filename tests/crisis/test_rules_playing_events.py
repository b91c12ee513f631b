"""Rulebook: Playing Event Cards and The Cards / Event Cards (Occurrences, Plots, Gifts;
double cards are played as one half)."""

import pytest

from crisis_helpers import IllegalActionError, kind, legal, play, position, uid


@pytest.mark.rule("crisis-tokyo 9.1", "crisis-tokyo 9.2", "crisis-tokyo 4.0.1", "crisis-tokyo 4.0.2",
                   "crisis-tokyo 4.3.3")
def test_playing_an_event_costs_one_action_and_uses_one_half():
    state = position(3, hands=[["fight-for-the-spoils"], [], []])
    assert [t for t in legal(state) if t.startswith("play")] == ["play fight-for-the-spoils a",
                                                                  "play fight-for-the-spoils b"]
    play(state, "play fight-for-the-spoils a")
    assert state.plot == {"card": "fight-for-the-spoils", "half": "a"}
    assert state.rules() == {"level_reward": 1}  # the unplayed half (Loot the Rubble) is ignored
    assert state.actions_left == 1 and state.hands[0] == []


@pytest.mark.rule("crisis-tokyo 4.3.1", "crisis-tokyo 9.2", "crisis-tokyo C23")
def test_an_occurrence_resolves_at_once_and_is_destroyed():
    # Loot the Rubble: draw 2 Event cards
    state = position(3, hands=[["fight-for-the-spoils"], [], []])
    play(state, "play fight-for-the-spoils b")
    assert state.resolving == ["fight-for-the-spoils"] and state.discards["event"] == []
    play(state, "draw disarmed", "draw sumo-slap")
    assert state.hands[0] == ["disarmed", "sumo-slap"]
    assert state.resolving == [] and state.discards["event"] == ["fight-for-the-spoils"]
    assert state.plot is None


@pytest.mark.rule("crisis-tokyo 4.3.2")
def test_an_end_of_turn_occurrence_waits_for_the_end_of_the_turn():
    # Tomorrow's Headlines: at the end of the turn, draw 2 cards
    state = position(3, hands=[["tomorrows-headlines"], [], []])
    play(state, "play tomorrows-headlines a")
    assert state.hands[0] == [] and kind(state) == "action" and state.actions_left == 1
    assert state.end_of_turn == [{"card": "tomorrows-headlines", "half": "a", "user": 0}]
    play(state, "draw character", "draw kind-alien")  # the second action
    assert kind(state) == "choose-deck" and state.active == 0
    play(state, "draw event", "draw disarmed", "draw event", "draw sumo-slap")
    assert state.hands[0] == ["kind-alien", "disarmed", "sumo-slap"]
    assert state.discards["event"] == ["tomorrows-headlines"]
    assert state.active == 1 and state.end_of_turn == []


def test_a_conflict_only_occurrence_cannot_be_played_outside_a_conflict():
    state = position(3, hands=[["dimensional-portal", "disarmed"], [], []])
    plays = [t for t in legal(state) if t.startswith("play")]
    assert "play dimensional-portal a" not in plays and "play disarmed a" not in plays
    with pytest.raises(IllegalActionError):
        play(state, "play dimensional-portal a")


@pytest.mark.rule("crisis-tokyo 4.3.4", "crisis-tokyo 4.3.3")
def test_a_new_plot_destroys_the_plot_in_play():
    state = position(3, hands=[["fight-for-the-spoils", "open-casting-call"], [], []],
                     plot=["stunt-double", "b"])
    assert state.reserve_limit() == 4
    play(state, "play fight-for-the-spoils a")
    assert state.plot == {"card": "fight-for-the-spoils", "half": "a"}
    assert state.discards["event"] == ["stunt-double"] and state.reserve_limit() == 3
    play(state, "play open-casting-call b")
    assert state.plot == {"card": "open-casting-call", "half": "b"}
    assert state.discards["event"] == ["stunt-double", "fight-for-the-spoils"]


@pytest.mark.rule("crisis-tokyo 4.3.5", "crisis-tokyo 9.2")
def test_a_gift_goes_on_a_character_and_adds_its_spheres():
    state = position(3, hands=[["sniper-rifle"], [], []], reserves=[[{"card": "mystery-solving-schoolgirl"}], [], []])
    girl = state.reserves[0][0]
    assert state.spheres(girl, "fire") == 0
    play(state, "play sniper-rifle a")
    assert kind(state) == "gift-host" and legal(state) == [f"host {girl['uid']}"]
    play(state, f"host {girl['uid']}")
    assert girl["gifts"] == [{"card": "sniper-rifle", "half": "a"}]
    assert state.spheres(girl, "fire") == 1 and state.spheres(girl, "martial") == 1
    assert state.actions_left == 1 and state.discards["event"] == []


@pytest.mark.rule("crisis-tokyo 4.3.6")
def test_a_gift_may_go_on_another_players_character():
    state = position(3, hands=[["sniper-rifle"], [], []],
                     reserves=[[{"card": "mystery-solving-schoolgirl"}], [], [{"card": "retiring-in-two-days-cop"}]])
    play(state, "play sniper-rifle a")
    cop = state.reserves[2][0]
    assert f"host {cop['uid']}" in legal(state)
    play(state, f"host {cop['uid']}")
    assert state.spheres(cop, "fire") == 3 and cop["owner"] == 2


@pytest.mark.rule("crisis-tokyo 4.3.5")
def test_a_gift_needs_a_character_of_its_kind():
    # Sniper Rifle is for a Hero; Bandolier of Grenades (danger-close-airstrike b) for a Threat
    state = position(3, hands=[["sniper-rifle", "danger-close-airstrike"], [], []])
    plays = [t for t in legal(state) if t.startswith("play")]
    assert "play sniper-rifle a" not in plays          # no Character in play at all
    assert "play danger-close-airstrike b" not in plays
    state = position(3, hands=[["sniper-rifle", "danger-close-airstrike"], [], []],
                     reserves=[[{"card": "kind-alien"}], [], []])
    plays = [t for t in legal(state) if t.startswith("play")]
    assert "play sniper-rifle a" in plays and "play danger-close-airstrike b" not in plays


@pytest.mark.rule("crisis-tokyo C8")
def test_several_gifts_on_one_character():
    state = position(3, hands=[["sniper-rifle", "disarmed"], [], []], reserves=[[{"card": "kind-alien"}], [], []])
    alien = uid(state, "kind-alien")
    play(state, "play sniper-rifle a", f"host {alien}", "play disarmed b", f"host {alien}")
    inst = state.reserves[0][0]
    assert [g["card"] for g in inst["gifts"]] == ["sniper-rifle", "disarmed"]
    assert state.spheres(inst, "fire") == 2 and state.spheres(inst, "martial") == 1


@pytest.mark.rule("crisis-tokyo 4.3.7")
def test_a_gift_can_grant_a_talent():
    # Bottomless Pocket-Dimension Backpack (dimensional-portal b): Talent "draw an Event"
    state = position(3, hands=[["dimensional-portal"], [], []], actions_left=2,
                     reserves=[[{"card": "retiring-in-two-days-cop"}], [], []])
    cop = uid(state, "retiring-in-two-days-cop")
    assert f"talent {cop} 0" not in legal(state)
    play(state, "play dimensional-portal b", f"host {cop}")
    assert f"talent {cop} 0" in legal(state)
    play(state, f"talent {cop} 0")
    assert state.node[2] == "draw" and state.node[3] == {"seat": 0, "deck": "event"}


@pytest.mark.rule("crisis-tokyo 4.3.8", "crisis-tokyo C8")
def test_the_gifts_of_a_character_leaving_play_are_destroyed():
    # Orbital Laser Strike destroys another player's Hero with 2 spheres or fewer; the Kind
    # Alien (2 spheres) holds a Walkie-Talkie and a Megaphone of Justice (no spheres)
    state = position(3, hands=[["orbital-laser-strike"], [], []],
                     reserves=[[], [{"card": "kind-alien", "gifts": [["the-cavalry-arrives", "b"],
                                                                     ["blinding-lens-flare", "b"]]}], []])
    alien = state.reserves[1][0]
    assert state.total_spheres(alien) == 2
    play(state, "play orbital-laser-strike a")
    assert legal(state) == [f"target {alien['uid']}"]
    play(state, f"target {alien['uid']}")
    assert state.reserves[1] == []
    assert state.discards["character"] == ["kind-alien"]
    assert state.discards["event"] == ["the-cavalry-arrives", "blinding-lens-flare", "orbital-laser-strike"]
