"""Statistics of the dice, measured through the engine.

The strategy "all-in on one face" keeps every die showing the chosen face and rerolls
the others. With n dice and r rolls the number of hits is Binomial(n, 1 - (5/6)^r);
the expected values are in /work/shared/reference/kot-open-rulings.md:
6 dice, 3 rolls: P(>=3) 0.4998, P(>=4) 0.2099; 7 dice (Extra Head), 3 rolls:
P(>=4) 0.3320; 6 dice, 4 rolls (Giant Brain): P(>=4) 0.3776.

Each trial starts from ``build_position(step="roll")``, samples every die with
``tokyo.core.sample_chance`` from a seeded generator and rerolls with the engine's
"reroll ..." actions, so the chance nodes, the reroll notation and the roll count are
all exercised. Bounds are 4 standard errors.
"""

from __future__ import annotations

import math
import random

import pytest

import tokyo
from tokyo.core import sample_chance
from tokyo.games.kingoftokyo.engine import FACES
from tokyo.games.kingoftokyo.position import build_position

TRIALS = 20_000        # 6 dice, 3 rolls: 4 standard errors = 0.0115 at P = 0.2099
CARD_TRIALS = 12_000   # Extra Head, Giant Brain: 4 standard errors = 0.017


def exact(n: int, rolls: int, at_least: int) -> float:
    p = 1 - (5 / 6) ** rolls
    return sum(math.comb(n, k) * p ** k * (1 - p) ** (n - k) for k in range(at_least, n + 1))


def all_in(template, face: str, rng: random.Random) -> int:
    """Play one roll phase of ``template`` keeping ``face``; return the hits."""
    state = template.clone()
    n = len(state.dice)
    rolls_allowed = state.rolls_allowed
    rolls = 0
    dice = list(state.dice)
    while True:
        # roll every die that shows nothing, one chance node per die
        while None in dice:
            assert state.is_chance_node() and state.node[2] == "die"
            outcomes = state.chance_outcomes()
            assert len(outcomes) == 6
            text = sample_chance(state, rng)
            index = state.node[3]["index"]
            assert dice[index] is None
            dice[index] = text.split()[1]
            state.apply_action(text)
        rolls += 1
        hits = dice.count(face)
        if hits == n or rolls == rolls_allowed:
            return hits
        # the active monster decides: reroll every die that is not ``face``
        assert state.node[2] == "roll" and state.current_player() == state.active
        assert sorted(state.dice, key=FACES.index) == sorted(dice, key=FACES.index)
        assert state.rolls_used == rolls
        others = [d for d in dice if d != face]
        state.apply_action("reroll " + " ".join(others), seat=state.active)
        dice = list(state.dice)
        assert dice.count(None) == len(others) and dice.count(face) == hits


def measure(cards: list[str], seed: int, trials: int = TRIALS) -> list[int]:
    game = tokyo.load_game("kot-dark", players=2)
    template = build_position(game, [{"cards": cards}, {}], active=0, step="roll")
    rng = random.Random(seed)
    return [all_in(template, FACES[i % 6], rng) for i in range(trials)]


def within(hits: list[int], at_least: int, expected: float) -> None:
    n = len(hits)
    observed = sum(h >= at_least for h in hits) / n
    se = math.sqrt(expected * (1 - expected) / n)
    assert abs(observed - expected) <= 4 * se, (at_least, observed, expected, se)


@pytest.fixture(scope="module")
def six_dice_three_rolls():
    return measure([], seed=1)


def test_reference_values_match_the_binomial():
    assert exact(6, 3, 4) == pytest.approx(0.2099, abs=5e-5)
    assert exact(6, 3, 3) == pytest.approx(0.4998, abs=5e-5)
    assert exact(7, 3, 4) == pytest.approx(0.3320, abs=5e-5)
    assert exact(6, 4, 4) == pytest.approx(0.3776, abs=5e-5)


def test_six_dice_three_rolls_four_of_a_face(six_dice_three_rolls):
    within(six_dice_three_rolls, 4, 0.2099)


def test_six_dice_three_rolls_three_of_a_face(six_dice_three_rolls):
    within(six_dice_three_rolls, 3, 0.4998)
    within(six_dice_three_rolls, 1, 0.9624)
    mean = sum(six_dice_three_rolls) / len(six_dice_three_rolls)
    assert abs(mean - 2.528) < 4 * math.sqrt(6 * 0.4213 * 0.5787 / len(six_dice_three_rolls))


@pytest.mark.rule("kot-dark card:extra-head")
def test_extra_head_seven_dice():
    hits = measure(["extra-head"], seed=2, trials=CARD_TRIALS)
    assert max(hits) <= 7
    within(hits, 4, 0.3320)


@pytest.mark.rule("kot-dark card:giant-brain")
def test_giant_brain_four_rolls():
    hits = measure(["giant-brain"], seed=3, trials=CARD_TRIALS)
    within(hits, 4, 0.3776)


# ----------------------------------------------------------------------------------------
# the chance nodes themselves
# ----------------------------------------------------------------------------------------
@pytest.mark.rule("kot-dark 0.1.2", "kot-dark card:extra-head")
def test_each_die_is_a_chance_node_with_six_equal_outcomes():
    game = tokyo.load_game("kot-dark", players=3)
    state = build_position(game, [{"cards": ["extra-head"]}, {}, {}], active=0, step="roll")
    seen = 0
    while state.is_chance_node():
        assert state.node[2] == "die"
        outcomes = state.chance_outcomes()
        assert [a.text for a, _ in outcomes] == ["roll 1", "roll 2", "roll 3", "roll e", "roll h", "roll c"]
        assert all(a.player == tokyo.CHANCE for a, _ in outcomes)
        assert all(p == pytest.approx(1 / 6) for _, p in outcomes)
        assert sum(p for _, p in outcomes) == pytest.approx(1.0)
        state.apply_action(f"roll {FACES[seen % 6]}")
        seen += 1
    assert seen == 7  # one node per die (Extra Head: 7 dice)
    assert sorted(state.dice) == sorted(["1", "2", "3", "e", "h", "c", "1"])


@pytest.mark.rule("kot-dark 0.2.3", "kot-dark 4.6")
def test_card_reveal_probabilities_are_copies_over_unseen():
    game = tokyo.load_game("kot-dark", players=4, wickedness_side="red")
    state = game.new_initial_state()
    assert state.node[2] == "reveal"
    outcomes = dict((a.text, p) for a, p in state.chance_outcomes())
    assert len(outcomes) == 65  # 65 different cards, 66 in all
    unseen = sum(state.deck.values())
    assert unseen == 66
    assert outcomes["reveal evacuation-orders"] == pytest.approx(2 / 66)
    assert outcomes["reveal energize"] == pytest.approx(1 / 66)
    assert sum(outcomes.values()) == pytest.approx(1.0)
    # after one Evacuation Orders is revealed, the other is 1 of the 65 unseen cards
    state.apply_action("reveal evacuation-orders")
    outcomes = dict((a.text, p) for a, p in state.chance_outcomes())
    assert outcomes["reveal evacuation-orders"] == pytest.approx(1 / 65)
    assert outcomes["reveal energize"] == pytest.approx(1 / 65)
    # once both copies are revealed, Evacuation Orders is no outcome any more
    state.apply_action("reveal evacuation-orders")
    assert state.node[2] == "reveal"
    outcomes = dict((a.text, p) for a, p in state.chance_outcomes())
    assert "reveal evacuation-orders" not in outcomes and len(outcomes) == 64
    assert outcomes["reveal energize"] == pytest.approx(1 / 64)
    with pytest.raises(tokyo.IllegalActionError):
        state.apply_action("reveal evacuation-orders")
    total = sum(state.deck.values())
    assert total == 64
    for text, p in outcomes.items():
        assert p == pytest.approx(state.deck[text.split()[1]] / total)


def test_reveal_probabilities_in_random_play():
    """At every reveal of a random game the probability is copies/unseen."""
    rng = random.Random(7)
    game = tokyo.load_game("kot-dark", players=4)
    state = game.new_initial_state()
    reveals = 0
    while not state.is_terminal() and reveals < 200:
        if state.is_chance_node():
            if state.node[2] in ("reveal", "peek"):
                total = sum(state.deck.values())
                for action, p in state.chance_outcomes():
                    assert p == pytest.approx(state.deck[action.text.split()[1]] / total)
                reveals += 1
            state.apply_action(sample_chance(state, rng))
        else:
            legal = state.legal_texts()
            buys = [t for t in legal if t.startswith("buy ") or t == "sweep"]
            state.apply_action(rng.choice(buys) if buys and rng.random() < 0.7 else rng.choice(legal))
    assert reveals >= 10
