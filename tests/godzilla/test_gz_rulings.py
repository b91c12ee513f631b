"""The G rulings of docs/rulings.md (those not held in test_evolutions.py / test_worked_examples.py)."""

import pytest

from gz_helpers import finish, kind, play, pos


@pytest.mark.rule("kot-godzilla G2")
def test_g2_six_of_a_number_one_triple_plus_three():
    s = finish(pos([{}, {"location": "city"}], step="resolve", dice="2 2 2 2 2 2"))
    assert s.monsters[0].stars == 5


@pytest.mark.rule("kot-godzilla G4")
def test_g4_no_dice_token_from_an_empty_supply():
    s = pos([{"energy": 3, "dice_tokens": 12}], step="buy", market=["supply-drop", "mutant-growth", "missile-barrage"])
    play(s, "buy supply-drop", "reveal regenerative-cells")
    assert s.tokens[0] == 12 and s.supply["dice"] == 0


@pytest.mark.rule("kot-godzilla G5")
def test_g5_empty_deck_leaves_the_market_short():
    s = pos([{"energy": 3}], step="buy", market=["heavy-ordnance", "mutant-growth", "missile-barrage"])
    s.deck = {c: 0 for c in s.deck}
    play(s, "buy heavy-ordnance")
    assert s.market == ["mutant-growth", "missile-barrage"]


@pytest.mark.rule("kot-godzilla G6")
def test_g6_no_sweep_when_only_events_are_face_up():
    s = pos([{"energy": 9}], step="buy", market=["kaiju-rampage", "typhoon", "great-earthquake"])
    assert "sweep" not in s.legal_texts()


@pytest.mark.rule("kot-godzilla G11")
def test_g11_black_dice_stop_at_eight():
    s = pos([{"dice_tokens": 4, "cards": ["mutant-growth"]}], step="turn-start")
    assert s.legal_texts() == ["black 0", "black 1"]


@pytest.mark.rule("kot-godzilla G12")
def test_g12_the_energy_comes_at_the_end_of_the_buy_step():
    s = pos([{"energy": 1}], step="buy")
    assert s.monsters[0].energy == 2
    assert any("4.2.1" in e.rule for e in s.log)


@pytest.mark.rule("kot-godzilla G13")
def test_g13_everyone_eliminated_nobody_wins():
    s = pos([{"alive": False}, {"hearts": 1, "location": "city", "energy": 3}, {"alive": False}], players=3,
            active=1, step="buy", market=["heavy-ordnance", "mutant-growth", "missile-barrage"])
    play(s, "buy heavy-ordnance", "reveal great-earthquake")
    assert s.is_terminal() and s.winners == [] and s.win_by == "none"
    assert s.log[-1].rule == "kot-godzilla G13 Rulings"


# ----- G53 the resolve order is asked only when it can matter ---------------------------------------
KG_IN_TOKYO = {"evolutions": True, "monsters": "godzilla,king-ghidorah,mothra,rodan"}


@pytest.mark.rule("kot-godzilla G53")
def test_g53_the_order_is_not_asked_when_no_order_can_change_anything():
    s = pos([{"hearts": 7}, {"location": "city"}], step="resolve", dice="1 1 1 e c h")
    assert kind(s) == "yield"
    line = "Godzilla resolves its numbers, its Heal results, its Energy and its Smacks: the order cannot change anything."
    assert [e.rule for e in s.log if e.text == line] == ["kot-godzilla G53 Rulings"]
    assert (s.monsters[0].stars, s.monsters[0].hearts, s.monsters[0].energy, s.monsters[1].hearts) == (1, 8, 1, 9)
    asked = pos([{"hearts": 7}, {"location": "city"}], step="resolve", dice="1 1 1 e c h",
                options={"ask_always": True})
    assert kind(asked) == "resolve" and len(asked.legal_texts()) == 4


@pytest.mark.rule("kot-godzilla G53")
def test_g53_asked_when_the_smack_may_be_answered_or_from_tokyo_bay():
    # Spiked Carapace in play on the monster in Tokyo
    s = pos([{}, {"location": "city", "evolutions_in_play": ["spiked-carapace"]}], step="resolve",
            dice="1 2 3 e c h", options={"evolutions": True, "monsters": "godzilla,anguirus,mothra,rodan"})
    assert kind(s) == "resolve"
    # King Ghidorah in Tokyo with a hidden Evolution: it might be Vengeful Heads
    s = pos([{}, {"location": "city", "evolutions": ["destroyer-of-worlds"]}], step="resolve",
            dice="1 2 3 e c h", options=KG_IN_TOKYO)
    assert kind(s) == "resolve"
    # the active monster in Tokyo Bay (an elimination may close it)
    s = pos([{"location": "bay"}, {"location": "city"}, {}, {}, {}], players=5, step="resolve",
            dice="1 2 3 e c h")
    assert kind(s) == "resolve"


@pytest.mark.rule("kot-godzilla G53")
def test_g53_not_asked_when_the_hidden_hand_cannot_hold_vengeful_heads():
    # an empty hand, or Vengeful Heads face up in the used pile: it is not in the hand
    s = pos([{}, {"location": "city"}], step="resolve", dice="1 2 3 e c h", options=KG_IN_TOKYO)
    assert kind(s) == "yield"
    s = pos([{}, {"location": "city", "evolutions": ["destroyer-of-worlds"],
                  "evolutions_used": ["vengeful-heads"]}], step="resolve", dice="1 2 3 e c h", options=KG_IN_TOKYO)
    assert kind(s) == "yield"
    # Spiked Carapace out of reach (from outside, the Smack hits only the monster in Tokyo)
    s = pos([{}, {"evolutions_in_play": ["spiked-carapace"]}, {"location": "city"}], step="resolve",
            dice="1 2 3 e c h", options={"evolutions": True, "monsters": "godzilla,anguirus,mothra,rodan"})
    assert kind(s) == "yield" and s.node[1] == 2


# ----- G54 a pick with one possible answer ---------------------------------------------------------
@pytest.mark.rule("kot-godzilla G54")
def test_g54_air_strike_with_one_other_monster_is_not_asked():
    market = ["air-strike", "mutant-growth", "radiation-aura"]
    s = pos([{"energy": 9}, {"location": "city"}], players=2, step="buy", market=market)
    play(s, "buy air-strike")
    assert kind(s) == "reveal" and s.monsters[1].hearts == 7
    assert "Godzilla chooses Mothra." in [e.text for e in s.log]
    s = pos([{"energy": 9}, {"location": "city"}, {}], players=3, step="buy", market=market)
    play(s, "buy air-strike")
    assert kind(s) == "card" and s.legal_texts() == ["target 1", "target 2"]
    s = pos([{"energy": 9}, {"location": "city"}], players=2, step="buy", market=market,
            options={"ask_always": True})
    play(s, "buy air-strike")
    assert kind(s) == "card" and s.legal_texts() == ["target 1"]


@pytest.mark.rule("kot-godzilla G54")
def test_g54_finger_missiles_with_one_energy_pays_it_without_a_question():
    options = {"evolutions": True, "monsters": "mechagodzilla,godzilla,mothra,rodan"}
    s = pos([{"evolutions": ["finger-missiles"], "energy": 1}, {"location": "city"}], step="after-rolls",
            dice="c 1 2 3 h h", options=options)
    play(s, "evolve finger-missiles")
    assert s.monsters[0].energy == 0 and s.marks["turn-finger-missiles-smacks"] == 1
    assert kind(s) == "yield" and s.monsters[1].hearts == 8
