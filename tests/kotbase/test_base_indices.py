"""kot's action indices, chance outcome indices and observation tensor (docs/notation.md,
King of Tokyo, "Action indices"; encoding.py): the Dark layout without the Wickedness
blocks, plus ``heart none`` and ``heart ray <seat>`` (Healing Ray) and ``copy <card>``
(Mimic), with the copied card in the tensor."""

from __future__ import annotations

import pytest

from base_helpers import game, pos
from indexcheck import check_random_games, node_label, sweep_texts, tensor_pieces


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_random_games_through_indices(players):
    assert check_random_games("kot", players, games=5, seed=players, tensors_every=3, resample_every=10) > 800


def test_many_random_games_give_every_legal_text_an_index():
    seen = set()
    for players in range(2, 7):
        seen |= sweep_texts(game(players), 24, players, node_label)
    for label in [("roll", "", "reroll"), ("resolve", "", "twist"), ("resolve", "", "cull"), ("buy", "", "take"),
                  ("buy", "", "peek"), ("heart", "", "heart"), ("card", "probe", "probe"),
                  ("card", "metamorph", "metamorph"), ("card", "opportunist", "buy")]:
        assert label in seen, label


def test_sizes():
    for players in range(2, 7):
        g = game(players)
        assert g.num_distinct_actions() == 556 + players     # no tile, swap or jump; n for heart ray
        assert g.max_chance_outcomes() == 6 + 7 + 64          # dice, claws, reveals (no tile sides)
    assert {n: game(n).observation_tensor_size() for n in range(2, 7)} == {2: 720, 3: 872, 4: 1024, 5: 1176,
                                                                             6: 1328}


def test_healing_ray_and_mimic_indices():
    g = game(4)
    enc = g.encoding()
    cards = list(g.deck_counts())
    s = pos([{}, {"hearts": 5, "energy": 2}, {}, {"cards": ["healing-ray"], "hearts": 4}], active=3, step="resolve",
            dice="h h 1 2 3 e")
    assert s.legal_texts() == ["heart heal", "heart ray 1"]
    # by seat counted from the healer (seat 3): seat 1 is two places after it
    assert s.action_to_index("heart ray 1") == enc.blocks["heart ray"][0] + 2
    s.apply_index(enc.blocks["heart ray"][0] + 2)
    assert s.history()[-1] == "heart ray 1"
    s = pos([{"cards": ["mimic"]}, {"cards": ["giant-brain", "wings"]}, {}, {}], step="turn-start")
    assert s.legal_texts() == ["copy giant-brain", "copy wings", "pass"]
    assert s.action_to_index("copy wings") == enc.blocks["copy"][0] + cards.index("wings")
    s.apply_action("copy wings")
    p = tensor_pieces(g, s.observation_tensor(1))
    C = len(cards)
    assert p["copied"][3 * C + cards.index("wings")] == 1.0   # seat 0, three places after the observer
    assert sum(p["copied"]) == 1.0
    s = pos([{"cards": ["battery-monster"], "energy": 2}, {}, {}, {}], step="buy")
    s.marks["stored-battery-monster-0"] = 3
    p = tensor_pieces(g, s.observation_tensor(2))
    assert p["stored_energy"] == [0.0, 0.0, 0.5, 0.0]   # seat 0, two places after the observer
