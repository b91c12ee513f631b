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
