"""Rulebook: Drawing Cards (the player chooses the deck when none is named, several draws
may come from different decks, an empty deck is rebuilt from its discard pile)."""

import pytest

from crisis_helpers import deck_size, events_except, kind, legal, outcomes, play, position


@pytest.mark.rule("crisis-tokyo 7.1.1", "crisis-tokyo 5.1", "crisis-tokyo 3.2")
def test_draw_action_names_the_deck():
    state = position(3, hands=[[], [], []])
    play(state, "draw character")
    assert state.node[2] == "draw" and state.node[3] == {"seat": 0, "deck": "character"}
    outs = outcomes(state)
    assert len(outs) == 40 and "draw kind-alien" in outs and "draw disarmed" not in outs
    assert all(p == pytest.approx(1 / 40) for p in outs.values())
    play(state, "draw kind-alien")
    assert state.hands[0] == ["kind-alien"] and deck_size(state, "character") == 39


@pytest.mark.rule("crisis-tokyo 7.1.2", "crisis-tokyo 7.1.3", "crisis-tokyo 4.3.1")
def test_a_draw_without_a_deck_lets_the_player_choose_each_card():
    # Product Placement: draw 2 cards (any deck): one Character and one Event
    state = position(3, hands=[["product-placement"], [], []])
    play(state, "play product-placement a")
    assert kind(state) == "choose-deck" and state.current_player() == 0
    assert legal(state) == ["draw character", "draw event"]
    play(state, "draw character", "draw kind-alien")
    assert kind(state) == "choose-deck"
    play(state, "draw event", "draw disarmed")
    assert state.hands[0] == ["kind-alien", "disarmed"]
    assert state.discards["event"] == ["product-placement"]
    assert state.actions_left == 1


@pytest.mark.rule("crisis-tokyo 7.1.4", "crisis-tokyo C9")
def test_a_deck_is_rebuilt_from_its_discard_pile_the_moment_it_runs_out():
    pile = events_except("overtime-shift", "disarmed")
    state = position(3, hands=[["overtime-shift"], [], []], discards={"event": pile})
    assert deck_size(state, "event") == 1 and len(state.discards["event"]) == 38
    play(state, "draw event", "draw disarmed")
    # the last card is drawn: the pile is the new deck at that moment, not at the next draw
    assert deck_size(state, "event") == 38 and state.discards["event"] == []
    assert "The event deck is empty: its discard pile is reshuffled into a new deck." in [e.text for e in state.log]


@pytest.mark.rule("crisis-tokyo 7.1.4", "crisis-tokyo C9")
def test_a_card_discarded_after_the_deck_ran_out_is_not_in_the_new_deck():
    """The defect an outside review found: with the deck rebuilt only at the next draw, a
    card discarded in between (here Overtime Shift, played after the deck's last card was
    drawn) became drawable."""
    pile = events_except("overtime-shift", "disarmed")
    state = position(3, hands=[["overtime-shift"], [], []], discards={"event": pile})
    play(state, "draw event", "draw disarmed", "play overtime-shift a")
    assert state.discards["event"] == ["overtime-shift"]
    play(state, "draw event")
    outs = outcomes(state)
    assert len(outs) == 38 and "draw overtime-shift" not in outs
    assert sorted(o.split()[1] for o in outs) == sorted(pile)


@pytest.mark.rule("crisis-tokyo 7.1.4", "crisis-tokyo C9")
def test_the_deck_runs_out_mid_effect_and_the_pile_is_already_the_deck_for_the_next_draw():
    # the deck holds one Event; Product Placement (discarded only after resolving) draws two
    pile = events_except("product-placement", "disarmed")
    state = position(3, hands=[["product-placement"], [], []], discards={"event": pile})
    assert deck_size(state, "event") == 1
    play(state, "play product-placement a", "draw event", "draw disarmed")
    assert deck_size(state, "event") == 38 and state.discards["event"] == []
    play(state, "draw event")
    assert len(outcomes(state)) == 38
    play(state, "draw sumo-slap")
    assert state.hands[0] == ["disarmed", "sumo-slap"]
    assert state.discards["event"] == ["product-placement"]  # discarded after its effect, into the new pile
    assert deck_size(state, "event") == 37


def _no_events_left():
    """Five players hold 35 Events, a Plot and four Gifts hold the other five."""
    evs = ["fight-for-the-spoils"] + events_except("fight-for-the-spoils")
    hands = [evs[0:7], evs[7:14], evs[14:21], evs[21:28], evs[28:35]]
    reserves = [[{"card": "kind-alien", "gifts": [[e, "a"] for e in evs[36:40]]}], [], [], [], []]
    return position(5, hands=hands, plot=[evs[35], "b"], reserves=reserves)


@pytest.mark.rule("crisis-tokyo C9")
def test_draw_event_not_offered_when_deck_and_discard_pile_are_empty():
    state = _no_events_left()
    assert deck_size(state, "event") == 0 and state.discards["event"] == []
    assert "draw event" not in legal(state) and "draw character" in legal(state)


@pytest.mark.rule("crisis-tokyo C9")
def test_nothing_is_drawn_when_deck_and_discard_pile_are_empty():
    state = _no_events_left()
    play(state, "play fight-for-the-spoils b")  # Loot the Rubble: draw 2 Event cards
    assert kind(state) == "action" and state.actions_left == 1
    assert len(state.hands[0]) == 6
    assert [e.text for e in state.log].count(
        "The event deck and its discard pile are empty: nothing to draw.") == 2
    # the card itself reaches the empty pile afterwards and forms the new deck at once (C9)
    assert state.discards["event"] == [] and deck_size(state, "event") == 1


@pytest.mark.rule("crisis-tokyo C24")
def test_a_drawn_card_is_private_to_the_drawer():
    state = position(3)
    play(state, "draw event", "draw disarmed")
    assert state.log[-2].text == "Seat 0 draws an event card." and state.log[-2].seats is None
    assert state.log[-1].seats == (0,) and "Disarmed!" in state.log[-1].text
    assert state.observation(1)["hand_sizes"][0] == 1 and state.observation(1)["hand"] == []
