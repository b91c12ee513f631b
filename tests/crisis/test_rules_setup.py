"""Rulebook: Setting Up the Game (and the Favor of the Gods that picks the first player)."""

import pytest

from crisis_helpers import CHANCE, PLAIN_TOKYO, deck_size, game, kind, legal, new_game, outcomes, play, position

DEAL = [
    ["kind-alien", "mariachi-zombie", "swamp-kappa", "recoil-shot", "sniper-rifle", "disarmed"],
    ["general-tank", "tengu-warlord", "the-evil-twin", "sumo-slap", "stunt-double", "grave-robbing"],
    ["doom-megazord", "corporate-ninja-ceo", "moth-goddess-of-doom", "overtime-shift", "backstage-pass",
     "triple-espresso"],
]


@pytest.mark.rule("crisis-tokyo 5.2", "crisis-tokyo 5.1", "crisis-tokyo 3.1")
def test_tokyo_is_the_five_top_cards_of_the_district_deck():
    state = game(3).new_initial_state()
    for slot in range(5):
        assert state.current_player() == CHANCE
        assert state.node[2] == "district" and state.node[3]["slot"] == slot
        outs = outcomes(state)
        assert len(outs) == 24 - slot
        assert all(p == pytest.approx(1 / (24 - slot)) for p in outs.values())
        play(state, f"reveal {PLAIN_TOKYO[slot]}")
    assert state.tokyo == PLAIN_TOKYO
    assert deck_size(state, "district") == 19


@pytest.mark.rule("crisis-tokyo 5.3", "crisis-tokyo 5.1", "crisis-tokyo 3.2", "crisis-tokyo 3.3")
def test_each_player_draws_three_characters_then_three_events():
    state = game(3).new_initial_state()
    play(state, *[f"reveal {d}" for d in PLAIN_TOKYO])
    for seat in range(3):
        for k, card in enumerate(DEAL[seat]):
            deck = "character" if k < 3 else "event"
            assert state.node[2] == "draw" and state.node[3] == {"seat": seat, "deck": deck}
            drawn = 3 * seat + (k if k < 3 else k - 3)  # cards already gone from this deck
            assert len(outcomes(state)) == 40 - drawn
            play(state, f"draw {card}")
    assert state.hands == DEAL
    assert deck_size(state, "character") == 31 and deck_size(state, "event") == 31


@pytest.mark.rule("crisis-tokyo C24")
def test_a_setup_draw_is_seen_only_by_its_drawer():
    state = game(3).new_initial_state()
    play(state, *[f"reveal {d}" for d in PLAIN_TOKYO], "draw kind-alien")
    public, private = state.log[-2], state.log[-1]
    assert public.text == "Seat 0 draws a character card." and public.seats is None
    assert "Kind Alien" in private.text and private.seats == (0,)


@pytest.mark.rule("crisis-tokyo 5.4")
def test_the_favor_of_the_gods_picks_the_first_player_at_random():
    state = game(3).new_initial_state()
    play(state, *[f"reveal {d}" for d in PLAIN_TOKYO])
    for hand in DEAL:
        play(state, *[f"draw {c}" for c in hand])
    assert state.current_player() == CHANCE and state.node[2] == "favor"
    assert outcomes(state) == {"first 0": pytest.approx(1 / 3), "first 1": pytest.approx(1 / 3),
                               "first 2": pytest.approx(1 / 3)}
    play(state, "first 2")
    assert state.active == 2 and state.current_player() == 2
    assert kind(state) == "action" and state.turn_count == 1
    assert "The Favor of the Gods points to Seat 2, who plays first." in [e.text for e in state.log]


@pytest.mark.rule("crisis-tokyo 7.0.7", "crisis-tokyo 7.0.6", "crisis-tokyo 18.6.1")
def test_the_first_turn_after_setup_has_one_action_then_turns_pass_left():
    state = new_game(3, hands=DEAL, first=1)
    seen = []
    for card in ("training-montage", "product-placement", "rousing-heroic-speech", "open-casting-call"):
        seen.append((state.active, state.actions_left))
        play(state, "draw event", f"draw {card}")
    # first turns of seats 1, 2, 0 (one action each), then seat 1 again with two
    assert seen == [(1, 1), (2, 1), (0, 1), (1, 2)]


@pytest.mark.rule("crisis-tokyo 1.1", "crisis-tokyo 5.3")
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_two_to_five_players(players):
    state = game(players).new_initial_state()
    play(state, *[f"reveal {d}" for d in PLAIN_TOKYO])
    draws = 0
    while state.node[2] == "draw":
        play(state, next(iter(outcomes(state))))
        draws += 1
    assert draws == 6 * players
    assert [len(h) for h in state.hands] == [6] * players
    assert len(outcomes(state)) == players


@pytest.mark.rule("crisis-tokyo 1.1")
@pytest.mark.parametrize("players", [1, 6])
def test_fewer_than_two_or_more_than_five_players_refused(players):
    with pytest.raises(Exception):
        game(players)


@pytest.mark.rule("crisis-tokyo 5.5")
def test_setup_leaves_no_plot_no_reserves_no_districts():
    state = new_game(3, hands=DEAL)
    assert state.plot is None
    assert state.reserves == [[], [], []] and state.districts == [[], [], []]
    assert state.discards == {"character": [], "event": [], "district": []}
    assert "attack harajuku" not in legal(state)


# ----- Playing Area Layout -------------------------------------------------------------------
@pytest.mark.rule("crisis-tokyo 6.1", "crisis-tokyo 6.2", "crisis-tokyo 6.3")
def test_tokyo_the_decks_the_plot_the_piles_and_the_reserves_are_open_to_every_player():
    state = position(3, hands=[["kind-alien"], ["disarmed"], []], plot=["fight-for-the-spoils", "a"],
                     reserves=[[{"card": "retiring-in-two-days-cop"}], [], []],
                     discards={"character": ["tengu-warlord"], "event": ["sumo-slap"]})
    views = [state.observation(seat) for seat in (0, 1, 2, None)]
    for obs in views:
        assert obs["tokyo"] == PLAIN_TOKYO
        assert obs["plot"] == {"card": "fight-for-the-spoils", "half": "a"}
        # Characters: a hand, a Reserve, a pile; Events: a hand, the Plot, a pile; Districts: Tokyo
        assert obs["deck_sizes"] == {"character": 37, "event": 37, "district": 19}
        assert obs["discards"] == {"character": ["tengu-warlord"], "event": ["sumo-slap"], "district": []}
        assert [i["card"] for i in obs["reserves"][0]] == ["retiring-in-two-days-cop"]
        assert obs["reserves"][0][0]["spheres"] == {"fire": 2}
    # hands are not part of the open table: only their sizes are
    assert views[1]["hand"] == ["disarmed"] and views[2]["hand"] == [] and views[3]["hand"] is None
    assert all(v["hand_sizes"] == [1, 1, 0] for v in views)
