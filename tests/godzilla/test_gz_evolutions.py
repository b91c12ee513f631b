"""The Evolution extension (docs/rules/kot-godzilla.md section 7) and rulings about it."""

import random

import pytest

from tokyo.core import sample_chance
from gz_helpers import DEAR_MARKET, finish, game, kind, play, pos, roll, setup, take_turn, texts

EVO = {"evolutions": True}
GODZILLA_DECK = ["atomic-breath", "dorsal-charge", "g-cell-regeneration", "king-of-the-monsters",
                 "radioactive-absorption", "rulers-roar", "spiral-ray", "thick-hide"]


@pytest.mark.rule("kot-godzilla 7.0.1")
def test_off_by_default():
    assert game().options["evolutions"] is False
    s = setup()
    assert kind(s) == "claws" and s.evo_deck[0] == []


@pytest.mark.rule("kot-godzilla 7.0.2", "kot-godzilla 7.1.1", "kot-godzilla 7.1.2", "kot-godzilla 7.2.5",
                  "kot-godzilla G56")
def test_setup_draw_two_keep_one_shuffle_the_other_back():
    s = setup(**EVO)
    assert s.evo_deck[0] == GODZILLA_DECK and kind(s) == "evo-draw"
    order = []
    while s.node[3]["seat"] != 0:  # every monster draws (the last seat first): the others keep their first
        seat = s.node[3]["seat"]
        order.append(seat)
        play(s, *[f"evolution {e}" for e in s.evo_deck[seat][:2]], f"keep {s.evo_deck[seat][0]}")
        assert len(s.evo_hand[seat]) == 1 and len(s.evo_deck[seat]) == 7 and kind(s) == "evo-draw"
    assert order == list(range(s.game.num_players - 1, 0, -1))  # ruling G56
    assert [(a.text, p) for a, p in s.chance_outcomes()][0] == ("evolution atomic-breath", pytest.approx(1 / 8))
    play(s, "evolution spiral-ray", "evolution thick-hide")
    assert kind(s) == "evo-keep" and s.node[1] == 0
    assert s.legal_texts() == ["keep spiral-ray", "keep thick-hide"]
    play(s, "keep thick-hide")
    assert s.evo_hand[0] == ["thick-hide"] and len(s.evo_deck[0]) == 7 and "spiral-ray" in s.evo_deck[0]
    assert "thick-hide" not in str(s.observation(1)) and "Thick Hide" not in str([e.text for e in s.log_for(1)])
    assert s.observation(1)["evolutions"][0]["hand_count"] == 1
    assert s.observation(0)["evolutions"][0]["hand"] == ["thick-hide"]


@pytest.mark.rule("kot-godzilla 7.2.1", "kot-godzilla 7.2.2", "kot-godzilla G7")
def test_three_heal_results_draw_two_keep_one_discard_the_other():
    s = pos([{"hearts": 5}, {"location": "city"}], options=EVO, step="resolve", dice="h h h 1 2 3")
    assert s.monsters[0].hearts == 8 and kind(s) == "evo-draw"
    play(s, "evolution spiral-ray", "evolution dorsal-charge", "keep spiral-ray")
    assert s.evo_hand[0] == ["spiral-ray"] and s.evo_discard[0] == ["dorsal-charge"]
    assert s.observation(1)["evolutions"][0]["discard_count"] == 1
    assert "dorsal-charge" not in str(s.observation(1))


@pytest.mark.rule("kot-godzilla 7.2.3")
def test_drawing_in_tokyo():
    s = pos([{"location": "city"}], options=EVO, step="resolve", dice="h h h 1 2 3")
    assert kind(s) == "evo-draw"


@pytest.mark.rule("kot-godzilla 7.2.4")
def test_empty_deck_reshuffles_the_discard():
    s = pos([{"evolutions": GODZILLA_DECK[:6], "evolutions_used": GODZILLA_DECK[6:]}, {"location": "city"}],
            options=EVO, step="resolve", dice="h h h 1 2 3")
    assert kind(s) == "evo-draw" and sorted(s.evo_deck[0]) == GODZILLA_DECK[6:]
    assert any("shuffled into a new deck" in t for t in texts(s))


@pytest.mark.rule("kot-godzilla 7.2.4", "kot-godzilla G55")
def test_the_evolution_deck_is_refilled_at_the_next_draw_not_when_it_runs_out():
    """Ruling G55, unlike Crisis: Tokyo's C9: the card not kept from the draw that emptied
    the deck is in the new deck at the next draw."""
    s = pos([{"evolutions": GODZILLA_DECK[:5], "evolutions_used": ["rulers-roar"]}, {"location": "city"}],
            players=2, options=EVO, step="resolve", dice="h h h 1 2 3")
    assert s.evo_deck[0] == ["spiral-ray", "thick-hide"]
    play(s, "evolution spiral-ray", "evolution thick-hide", "keep spiral-ray")
    # the deck ran out: it stays empty, the pile waits
    assert s.evo_deck[0] == [] and s.evo_discard[0] == ["thick-hide"] and s.evo_used[0] == ["rulers-roar"]
    assert not any("shuffled into a new deck" in t for t in texts(s))
    while not (kind(s) == "die" and s.active == 0):  # the other monster's turn; no Evolution played
        play(s, "pass") if kind(s) == "evolution" else take_turn(s, "1 2 3 1 2 e")
    roll(s, "h h h 1 2 3")
    play(s, "stop")
    while kind(s) == "evolution":
        play(s, "pass")
    assert kind(s) == "evo-draw"
    assert [a.text for a, _ in s.chance_outcomes()] == ["evolution rulers-roar", "evolution thick-hide"]
    assert texts(s)[-1] == "Godzilla's Evolution deck is empty: its discard pile is shuffled into a new deck."


@pytest.mark.rule("kot-godzilla 7.4.1")
def test_only_holders_of_a_playable_card_are_asked():
    s = pos([{"evolutions": ["rulers-roar"]}, {"evolutions": []}], options=EVO, step="roll")
    r = random.Random(1)
    kinds = []
    for _ in range(60):
        if s.is_terminal():
            break
        if s.is_chance_node():
            s.apply_action(sample_chance(s, r))
            continue
        kinds.append((s.node[2], s.node[1]))
        s.apply_action(r.choice([t for t in s.legal_texts() if not t.startswith("evolve")] or s.legal_texts()))
    assert all(k != "evolution" for k, _ in kinds)  # rulers-roar only plays inside the Buy decision


@pytest.mark.rule("kot-godzilla G3")
def test_g3_six_heals_draw_once():
    s = pos([{"hearts": 2}, {"location": "city"}], options=EVO, step="resolve", dice="h h h h h h")
    play(s, "evolution spiral-ray", "evolution dorsal-charge", "keep spiral-ray")
    assert len(s.evo_hand[0]) == 1 and kind(s) != "evo-draw"


@pytest.mark.rule("kot-godzilla G8")
def test_g8_eliminated_monster_discards_its_evolutions():
    s = pos([{"hearts": 1, "evolutions": ["spiral-ray"], "evolutions_in_play": ["rulers-roar"]},
             {"location": "city"}], options=EVO, active=1, step="resolve", dice="c 1 1 2 2 3")
    finish(s)
    assert not s.monsters[0].alive and s.evo_hand[0] == [] and s.evo_play[0] == []
    assert sorted(s.evo_discard[0]) == ["rulers-roar", "spiral-ray"]


@pytest.mark.rule("kot-godzilla G9")
def test_g9_before_damage_after_energy_card_reductions_only_if_a_loss_remains():
    # Scale Armour (an Energy card) cancels a loss of exactly 1 heart before the window: none opens
    s = pos([{"location": "city", "evolutions": ["thick-hide"], "cards": ["scale-armour"]}, {}],
            options=EVO, active=1, step="resolve", dice="c 1 1 2 2 3")
    finish(s)
    assert s.monsters[0].hearts == 10 and s.evo_hand[0] == ["thick-hide"]
    assert not any("plays the Evolution" in t for t in texts(s))
    # a loss that remains is offered, with its amount known; Thick Hide takes it to 0: no flee
    s = pos([{"location": "city", "evolutions": ["thick-hide"], "cards": ["scale-armour"]}, {}],
            options=EVO, active=1, step="resolve", dice="c c 1 1 2 3")
    assert kind(s) == "evolution"
    assert s.node[3]["ctx"]["packet"]["amount"] == 2  # Scale Armour left a 2-heart loss alone
    play(s, "evolve thick-hide")
    assert s.monsters[0].hearts == 10 and kind(s) != "yield"  # no heart lost: no flee


@pytest.mark.rule("kot-godzilla G10")
def test_g10_end_of_turn_window_clockwise_from_the_active_monster():
    g = game(4, evolutions=True, monsters="mothra,godzilla,rodan,anguirus")
    from tokyo.games.kingoftokyo.position import build_position
    s = build_position(g, [{}, {"evolutions": ["g-cell-regeneration"]}], active=2, step="end",
                       market=DEAR_MARKET)
    assert kind(s) == "evolution" and s.node[1] == 1 and s.node[3]["window"] == "end-of-turn"
    play(s, "pass")
    assert kind(s) == "die" and s.active == 3


@pytest.mark.rule("kot-godzilla 7.3.3", "kot-godzilla 7.3.2")
def test_an_evolution_is_not_a_card():
    # a permanent Evolution played in the Buy step is face up but no Energy card: not held among the
    # monster's cards, and playing it is not buying a card (the 1 Energy of step 4 still comes)
    s = pos([{"evolutions": ["rulers-roar"]}], options=EVO, step="buy")
    play(s, "evolve rulers-roar")
    assert s.evo_play[0] == ["rulers-roar"] and s.monsters[0].cards == [] and s.monsters[0].energy == 1
    # on elimination it is not discarded to the Energy card discard pile
    s = pos([{"hearts": 1, "evolutions_in_play": ["rulers-roar"]}, {"location": "city"}],
            options=EVO, active=1, step="resolve", dice="c 1 1 2 2 3")
    finish(s)
    assert not s.monsters[0].alive and "rulers-roar" not in s.discard and s.evo_discard[0] == ["rulers-roar"]


@pytest.mark.rule("kot-godzilla 7.2.6")
def test_the_observation_tells_every_seat_the_open_window_and_the_loss_at_stake():
    """The browser's prompt says how many hearts are about to be lost; the amount of a
    damage packet is public, and so is which window is open."""
    s = pos([{"location": "city", "evolutions": ["thick-hide"]}, {}], players=2, options=EVO,
            step="resolve", dice="c c 1 2 3 e", active=1)
    finish(s)
    assert kind(s) == "evolution" and s.node[1] == 0
    for seat in (0, 1):
        assert s.observation(seat)["evolution_window"] == {"window": "before-damage", "amount": 2}


@pytest.mark.rule("kot-godzilla 7.4.1", "kot-godzilla G10")
def test_a_window_asks_exactly_the_seats_holding_a_card_playable_now():
    """End of Rodan's turn, every monster holding an end-of-turn Evolution: Rodan's Sonic Boom
    has nobody in Tokyo to hit and Mothra's Serene Guardian needs 8 hearts, so only Godzilla
    and Anguirus are asked, clockwise, each offered only its playable card."""
    from tokyo.games.kingoftokyo.position import build_position

    def end_of_rodans_turn(mothra_hearts):
        g = game(4, evolutions=True, monsters="rodan,mothra,godzilla,anguirus")
        return build_position(g, [{"evolutions": ["sonic-boom"]},
                                  {"hearts": mothra_hearts, "evolutions": ["serene-guardian"]},
                                  {"evolutions": ["g-cell-regeneration"]}, {"evolutions": ["spiked-carapace"]}],
                              active=0, step="end", market=DEAR_MARKET)

    def asked(s):
        seats = []
        while kind(s) == "evolution":
            seats.append((s.node[1], tuple(s.legal_texts())))
            play(s, "pass")
        return seats

    s = end_of_rodans_turn(5)
    assert asked(s) == [(2, ("evolve g-cell-regeneration", "pass")), (3, ("evolve spiked-carapace", "pass"))]
    assert kind(s) == "die" and s.active == 1
    s = end_of_rodans_turn(8)
    assert [seat for seat, _ in asked(s)] == [1, 2, 3]
    # no card in any hand fits the window: no node at all
    g = game(4, evolutions=True, monsters="rodan,mothra,godzilla,anguirus")
    s = build_position(g, [{"evolutions": ["sonic-boom"]}, {"evolutions": ["silken-cocoon"]},
                           {"evolutions": ["thick-hide"]}, {"evolutions": ["dig-in"]}],
                       active=0, step="end", market=DEAR_MARKET)
    assert kind(s) == "die" and s.active == 1


@pytest.mark.rule("kot-godzilla 7.2.5")
def test_a_seat_asked_in_a_window_keeps_a_playable_card_in_every_resample():
    """Godzilla is being asked at the end of Rodan's turn, so every seat knows it holds a
    card playable now; G-Cell Regeneration is the only end-of-turn card of its deck, so
    Rodan's resamples always deal it that card (a deal blind to the window would give it
    one of the other seven cards most of the time), while Mothra's hand is redealt freely."""
    from tokyo.games.kingoftokyo.position import build_position
    g = game(4, evolutions=True, monsters="rodan,mothra,godzilla,anguirus")
    assert [e for e in g.evolution_decks()["godzilla"] if g.evolution(e).window == "end-of-turn"] == [
        "g-cell-regeneration"]
    s = build_position(g, [{"evolutions": ["sonic-boom"]}, {"hearts": 5, "evolutions": ["serene-guardian"]},
                           {"evolutions": ["g-cell-regeneration"]}, {"evolutions": ["spiked-carapace"]}],
                       active=0, step="end", market=DEAR_MARKET)
    assert kind(s) == "evolution" and s.node[1] == 2
    mothra = set()
    for seed in range(40):
        other = s.resample(0, random.Random(seed))
        assert other.observation(0) == s.observation(0)
        assert other.evo_hand[2] == ["g-cell-regeneration"]
        assert other.node[1] == 2 and other.legal_texts() == ["evolve g-cell-regeneration", "pass"]
        mothra.add(tuple(other.evo_hand[1]))
    assert len(mothra) >= 4


@pytest.mark.rule("kot-godzilla 7.2.5")
def test_resample_redeals_only_the_others_hidden_evolutions():
    """Seat 0 knows its own hand and every face-up Evolution; Mothra's hand, face-down discard
    and deck are redealt from the six cards seat 0 has not seen, each pile keeping its size."""
    from tokyo.games.kingoftokyo.position import build_position
    g = game(2, evolutions=True, monsters="godzilla,mothra")
    s = build_position(g, [{"evolutions": ["thick-hide"]},
                           {"evolutions": ["silken-cocoon"], "evolutions_used": ["poison-scales"],
                            "evolutions_in_play": ["wind-rider"], "evolutions_discard": ["take-wing"]}],
                       active=0, step="roll", market=DEAR_MARKET)
    before = s.to_json()
    unseen = sorted(s.evo_hand[1] + s.evo_discard[1] + s.evo_deck[1])
    assert len(unseen) == 6 and "poison-scales" not in unseen and "wind-rider" not in unseen
    hands = set()
    for seed in range(40):
        other = s.resample(0, random.Random(seed))
        assert other.evo_hand[0] == ["thick-hide"] and other.evo_deck[0] == s.evo_deck[0]
        assert other.evo_used[1] == ["poison-scales"] and other.evo_play[1] == ["wind-rider"]
        assert len(other.evo_hand[1]) == 1 and len(other.evo_discard[1]) == 1 and len(other.evo_deck[1]) == 4
        assert sorted(other.evo_hand[1] + other.evo_discard[1] + other.evo_deck[1]) == unseen
        assert other.observation(0) == s.observation(0)
        hands.add(other.evo_hand[1][0])
    assert len(hands) >= 4  # really redealt, not copied
    assert s.to_json() == before
