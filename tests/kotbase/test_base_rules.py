"""Rule statements of docs/rules/kot.md whose kot-dark tests do not apply to the base game
(they count the Dark deck or play Wickedness), checked on kot directly."""

from __future__ import annotations

import random

import pytest

from base_helpers import energy, game, hearts, kind, play, pos, resolve, roll, stars, texts
from tokyo import CHANCE, IllegalActionError
from tokyo.core import sample_chance


@pytest.mark.rule("kot 0.1.2")
def test_a_die_has_six_equally_likely_faces():
    state = pos([{}, {}], players=2, step="roll")
    outcomes = state.chance_outcomes()
    assert sorted(a.text for a, _ in outcomes) == sorted(f"roll {f}" for f in "1 2 3 e h c".split())
    assert all(p == pytest.approx(1 / 6) for _, p in outcomes)


@pytest.mark.rule("kot 0.1.3")
def test_six_dice_two_more_only_with_cards_and_never_more_than_eight():
    assert len(pos([{}, {}], players=2, step="roll").dice) == 6
    assert len(pos([{"cards": ["extra-head"]}, {}], players=2, step="roll").dice) == 7
    # both Extra Heads (the base deck has two) and a copy of nothing more: 8 dice at most
    s = pos([{"cards": ["extra-head", "extra-head"]}, {}], players=2, step="roll", market=["heal"])
    assert len(s.dice) == 8 and game(2).max_dice == 8


@pytest.mark.rule("kot 0.1.4", "kot 0.1.5")
def test_deck_of_66_cards_48_keep_and_18_discard():
    g = game(4)
    counts = g.deck_counts()
    assert sum(counts.values()) == 66 and len(counts) == 64
    keep = sum(n for cid, n in counts.items() if g.card(cid).type == "keep")
    assert (keep, 66 - keep) == (48, 18)
    assert counts["extra-head"] == 2 and counts["evacuation-orders"] == 2


@pytest.mark.rule("kot 0.2.3", "kot 0.2.4")
def test_three_cards_dealt_at_random_from_the_unseen_deck():
    state = game(4).new_initial_state()
    outcomes = dict((a.text, p) for a, p in state.chance_outcomes())
    assert state.current_player() == CHANCE and len(outcomes) == 64
    assert outcomes["reveal extra-head"] == pytest.approx(2 / 66)
    assert outcomes["reveal mimic"] == pytest.approx(1 / 66)
    play(state, "reveal mimic", "reveal heal", "reveal extra-head")
    assert state.market == ["mimic", "heal", "extra-head"]
    assert sum(state.deck.values()) == 63
    assert dict((a.text, p) for a, p in state.chance_outcomes()) == {f"claws {k}": pytest.approx(p) for k, p in
                                                                   [(k, __import__("math").comb(6, k) * (1 / 6) ** k
                                                                     * (5 / 6) ** (6 - k)) for k in range(7)]}


@pytest.mark.rule("kot 2.0.1")
def test_every_category_resolves_in_the_order_chosen():
    # Healing Ray with hearts and a Smash: the order can matter (B11), so it is asked
    s = pos([{"cards": ["healing-ray"], "energy": 0}, {"location": "city", "hearts": 5, "energy": 4}], players=2,
            step="resolve", dice="1 1 1 e h c")
    assert s.legal_texts() == ["resolve numbers", "resolve hearts", "resolve energy", "resolve smash"]
    play(s, "resolve smash", "stay")
    # once the Smash is resolved no order of the rest can differ (B11): they resolve at once
    assert kind(s) == "decision:heart" and s.monsters[0].stars == 1 and s.monsters[0].energy == 0
    play(s, "heart ray 1")
    assert (stars(s), hearts(s), energy(s)) == ([1, 0], [10, 5], [3, 2])  # 4 hearts after the Claw, +1
    with pytest.raises(IllegalActionError):
        s.apply_action("resolve numbers")


@pytest.mark.rule("kot 2.0.2")
def test_only_the_last_roll_is_resolved():
    s = pos([{"hearts": 5}, {"location": "city"}], players=2, step="roll")
    roll(s, "c c c h h h")
    play(s, "reroll c c c h h h")
    roll(s, "2 2 2 1 1 e")
    play(s, "stop")
    assert hearts(s) == [5, 10] and (s.monsters[0].stars, s.monsters[0].energy) == (2, 1)


@pytest.mark.rule("kot 2.1.4")
def test_two_different_triples_both_score():
    s = pos([{}, {"location": "city"}], players=2, step="resolve", dice="1 1 1 2 2 2")
    assert s.monsters[0].stars == 1 + 2 and s.monsters[0].wickedness == 0


@pytest.mark.rule("kot 5.1")
def test_end_of_turn_cards_apply_before_the_dice_pass_on():
    s = pos([{"cards": ["solar-powered", "energy-hoarder"], "energy": 0}, {}], players=2, step="end")
    assert energy(s)[0] == 1 and s.active == 1
    i = next(k for k, e in enumerate(s.log) if e.rule == "kot card:solar-powered Solar Powered")
    j = next(k for k, t in enumerate(texts(s)) if t.startswith("Turn "))
    assert i < j


def test_random_games_end_with_a_winner_or_nobody():
    for players in range(2, 7):
        for seed in range(3):
            s, rng = game(players).new_initial_state(), random.Random(seed)
            while not s.is_terminal():
                s.apply_action(sample_chance(s, rng) if s.is_chance_node() else rng.choice(s.legal_texts()))
            assert s.win_by in ("stars", "survival", "none")
