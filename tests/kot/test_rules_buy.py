"""Rulebook: 4. Buy Power Cards."""

import pytest

from tokyo import IllegalActionError
from rules_helpers import node_kind, position, stars, texts


def at_buy(energy, market, players=4, me=None, others=None):
    specs = [dict(me or {}, energy=energy)] + (others or [{"location": "city"}] + [{}] * (players - 2))
    return position(players, specs, active=0, step="buy", market=market)


@pytest.mark.rule("kot-dark 4.1", "kot-dark 4.2", "kot-dark 4.5")
def test_buy_a_keep_card_pays_its_cost_and_keeps_it():
    state = at_buy(6, ["alien-origin", "energize", "frenzy"])
    assert state.legal_texts() == ["buy alien-origin", "sweep", "end"]
    state.apply_action("buy alien-origin")
    m = state.monsters[0]
    assert m.energy == 3 and m.cards == ["alien-origin"]
    assert "Alienoid buys Alien Origin for 3 energy." in texts(state)


@pytest.mark.rule("kot-dark 4.5")
def test_keep_card_acts_at_once():
    # Alien Origin: the next card already costs 1 less
    state = at_buy(6, ["alien-origin", "corner-store", "frenzy"])
    state.apply_action("buy alien-origin")
    state.apply_action("reveal energize")
    assert "buy corner-store" in state.legal_texts()
    state.apply_action("buy corner-store")
    assert state.monsters[0].energy == 1


@pytest.mark.rule("kot-dark 4.4")
def test_buy_a_discard_card_resolves_it_at_once_and_discards_it():
    state = at_buy(6, ["skyscraper", "energize", "frenzy"])
    state.apply_action("buy skyscraper")
    m = state.monsters[0]
    assert m.stars == 4 and m.energy == 0 and m.cards == []
    assert state.discard == ["skyscraper"]


@pytest.mark.rule("kot-dark 4.6")
def test_bought_card_is_replaced_at_once_from_the_deck_by_chance():
    state = at_buy(6, ["energize", "skyscraper", "frenzy"])
    deck_before = sum(state.deck.values())
    state.apply_action("buy skyscraper")
    assert node_kind(state) == "reveal" and state.node[3]["slot"] == 1
    outcomes = dict((a.text, p) for a, p in state.chance_outcomes())
    assert "reveal skyscraper" not in outcomes and "reveal energize" not in outcomes
    assert outcomes["reveal evacuation-orders"] == pytest.approx(2 / deck_before)
    assert sum(outcomes.values()) == pytest.approx(1.0)
    state.apply_action("reveal corner-store")
    assert state.market == ["energize", "corner-store", "frenzy"]
    assert sum(state.deck.values()) == deck_before - 1


@pytest.mark.rule("kot-dark 4.7", "kot-dark 4.10")
def test_newly_revealed_card_is_immediately_available():
    state = at_buy(9, ["skyscraper", "energize", "frenzy"])
    state.apply_action("buy skyscraper")
    state.apply_action("reveal corner-store")
    assert state.legal_texts() == ["buy corner-store", "sweep", "end"]
    state.apply_action("buy corner-store")
    assert state.monsters[0].stars == 5 and state.monsters[0].energy == 0


def test_cannot_buy_a_card_costing_more_than_your_energy():
    state = at_buy(5, ["skyscraper", "energize", "frenzy"])
    assert state.legal_texts() == ["sweep", "end"]
    with pytest.raises(IllegalActionError):
        state.apply_action("buy skyscraper")


@pytest.mark.rule("kot-dark 4.8")
def test_sweep_for_two_energy_discards_the_three_cards_and_reveals_three_new():
    state = at_buy(2, ["skyscraper", "energize", "frenzy"])
    state.apply_action("sweep")
    assert state.monsters[0].energy == 0
    assert state.discard == ["skyscraper", "energize", "frenzy"]
    assert state.market == []
    for slot, cid in enumerate(["corner-store", "tank", "wings"]):
        assert node_kind(state) == "reveal" and state.node[3]["slot"] == slot
        state.apply_action("reveal " + cid)
    assert state.market == ["corner-store", "tank", "wings"]


@pytest.mark.rule("kot-dark 4.8")
def test_sweep_needs_two_energy():
    state = at_buy(1, ["skyscraper", "energize", "frenzy"])
    # nothing to buy or sweep: the Buy step passes without a question
    assert node_kind(state) != "buy"
    assert state.active == 1 and state.monsters[0].energy == 1


@pytest.mark.rule("kot-dark 4.13", "kot-dark 4.9", "kot-dark 4.10", "kot-dark 4.11")
def test_keep_buying_and_sweeping_while_energy_lasts():
    # rulebook example: The King, 10 energy, sweeps (8 left), buys a 3-cost card (5 left), stops
    state = position(4, [{}, {"energy": 10}, {"location": "city"}, {}], active=1, step="buy",
                     market=["energize", "frenzy", "extra-head"])
    state.apply_action("sweep")
    for cid in ("tank", "wings", "corner-store"):
        state.apply_action("reveal " + cid)
    assert state.monsters[1].energy == 8
    assert state.legal_texts() == ["buy tank", "buy wings", "buy corner-store", "sweep", "end"]
    state.apply_action("buy corner-store")
    assert state.monsters[1].energy == 5 and state.monsters[1].stars == 1
    state.apply_action("reveal skyscraper")
    assert state.market == ["tank", "wings", "skyscraper"]
    assert state.legal_texts() == ["buy tank", "sweep", "end"]
    state.apply_action("end")
    assert state.active == 2 and state.monsters[1].energy == 5


@pytest.mark.rule("kot-dark 4.10")
def test_buy_several_cards_in_one_turn():
    state = at_buy(12, ["corner-store", "commuter-train", "apartment-building"])
    state.apply_action("buy corner-store")
    state.apply_action("reveal tank")
    state.apply_action("buy commuter-train")
    state.apply_action("reveal wings")
    state.apply_action("buy apartment-building")
    state.apply_action("reveal energize")
    assert state.monsters[0].stars == 1 + 2 + 3
    assert state.monsters[0].energy == 0
    assert state.market == ["tank", "wings", "energize"]


@pytest.mark.rule("kot-dark 4.12")
def test_only_the_active_monster_buys():
    state = at_buy(6, ["skyscraper", "energize", "frenzy"], others=[{"energy": 9}, {}, {}])
    with pytest.raises(IllegalActionError):
        state.apply_action("buy skyscraper", seat=1)
    assert stars(state) == [0, 0, 0, 0]


@pytest.mark.rule("kot-dark 0.1.6")
def test_a_keep_card_stays_with_its_buyer_turn_after_turn():
    from rules_helpers import take_turn
    state = at_buy(6, ["alien-origin", "energize", "frenzy"], players=2, others=[{"location": "city"}])
    state.apply_action("buy alien-origin")
    state.apply_action("reveal tank")
    state.apply_action("end")
    assert state.active == 1
    for faces in ("1 2 3 h h h", "1 2 3 h h h", "1 2 3 h h h", "1 2 3 h h h"):
        take_turn(state, faces)
    assert state.monsters[0].cards == ["alien-origin"]
    assert "alien-origin" not in state.discard and "alien-origin" not in state.market


@pytest.mark.rule("kot-dark R40", "kot-dark 4.6")
def test_r40_with_the_deck_empty_a_bought_card_is_not_replaced():
    state = at_buy(8, ["alien-origin", "energize", "frenzy"])
    state.discard = [c for c, k in state.deck.items() for _ in range(k)]
    state.deck = {c: 0 for c in state.deck}
    state.apply_action("buy alien-origin")
    assert not state.is_chance_node()                      # nothing to reveal
    assert state.market == ["energize", "frenzy"]
    assert "The deck is empty; the market stays short." in texts(state)
    assert len(state.discard) == 66 - 3                    # the discard pile is not reshuffled


@pytest.mark.rule("kot-dark R40", "kot-dark 4.8")
def test_r40_a_sweep_with_the_deck_empty_leaves_the_market_empty():
    state = at_buy(8, ["alien-origin", "energize", "frenzy"])
    state.deck = {c: 0 for c in state.deck}
    state.apply_action("sweep")
    assert state.market == [] and state.monsters[0].energy == 6
    assert state.active == 1  # nothing left to buy: the turn went on without asking
