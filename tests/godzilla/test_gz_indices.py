"""kot-godzilla's action indices, chance outcome indices and observation tensor, with and
without Evolutions (docs/notation.md, King of Tokyo, "Action indices"; the family's
encoding is src/tokyo/games/kingoftokyo/encoding.py)."""

from __future__ import annotations


import pytest

from gz_helpers import game, pos
from indexcheck import check_random_games, node_label, sweep_texts, tensor_pieces as pieces

EVO = {"evolutions": True}


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_random_games_through_indices(players):
    assert check_random_games("kot-godzilla", players, games=5, seed=players, tensors_every=3,
                              resample_every=10, options=EVO) > 500
    assert check_random_games("kot-godzilla", players, games=4, seed=10 + players, tensors_every=3) > 500


def sweep(g, games, seed):
    return sweep_texts(g, games, seed, node_label)


def test_many_random_games_give_every_legal_text_an_index():
    seen = set()
    for players in range(2, 7):
        seen |= sweep(game(players, **EVO), 20, players)
        seen |= sweep(game(players), 14, 10 + players)
    for kind, name, word in [("roll", "", "reroll"), ("roll", "", "drink"), ("dice-tokens", "", "black"),
                             ("yield", "", "flee"), ("buy", "", "evolve"), ("evo-keep", "", "keep"),
                             ("evolution", "", "evolve"), ("card", "energy-shield", "shield"),
                             ("card", "pick-monster", "target"), ("card", "pick-number", "pay")]:
        assert (kind, name, word) in seen


def test_sizes():
    sizes = {}
    for players in range(2, 7):
        plain, evo = game(players), game(players, **EVO)
        assert plain.max_chance_outcomes() == 6 + 7 + 49
        assert evo.max_chance_outcomes() == 6 + 7 + 49 + 48
        sizes[players] = (plain.num_distinct_actions(), evo.num_distinct_actions(),
                          plain.observation_tensor_size(), evo.observation_tensor_size())
    assert sizes[2] == (284, 380, 488, 887)
    assert sizes[4] == (286, 382, 634, 1233)
    assert sizes[6] == (288, 384, 780, 1579)


def test_black_dice_tokens_flee_and_evolutions():
    g = game(4, **EVO)
    enc = g.encoding()
    state = pos([{"dice_tokens": 2}, {}, {}, {}], step="turn-start", options=EVO)
    assert state.legal_texts() == ["black 0", "black 1", "black 2"]
    assert state.legal_action_indices() == [enc.blocks["black"][0] + k for k in range(3)]
    state = pos([{"evolutions": ["rulers-roar"]}, {}, {}, {}], step="buy", options=EVO)
    evos = g.evolution_ids()
    assert state.legal_action_indices() == [enc.fixed["end"], enc.blocks["evolve"][0] + evos.index("rulers-roar")]
    state = pos([{"hearts": 3, "location": "city"}, {}, {}, {}], step="resolve", dice="c c 1 1 2 3", active=1)
    assert state.legal_texts() == ["stay", "flee"]
    assert state.legal_action_indices() == [enc.fixed["stay"], enc.fixed["yield"]]   # flee is kot-dark's yield


def test_reroll_masks_with_black_dice():
    state = pos(step="roll-decision", dice="c 1 e 1 3 c c e", black=2, rolls_used=1)
    # in face order: 1 1 3 e e c c c; a text names faces, the mask the first dice of each face
    assert state.action_to_index("reroll c") == 1 << 5
    assert state.action_to_index("reroll 1 e c c") == 0b01101001
    assert state.action_to_index("keep 3") == 0b11111011


def test_a_chosen_monster_counts_from_the_chooser():
    g = game(4, **EVO)
    state = pos([{}, {}, {"energy": 9}, {}], step="buy", market=["air-strike", "supercomputer", "radiation-aura"],
                active=2, options=EVO)
    assert state.action_to_index("buy air-strike") == g.encoding().blocks["buy"][0]
    state.apply_action("buy air-strike")
    assert state.legal_texts() == ["target 3", "target 0", "target 1"]
    first = g.encoding().blocks["target"][0]
    assert [state.action_to_index(t) for t in state.legal_texts()] == [first + 1, first + 2, first + 3]


def test_tensor_pieces_read_back_and_hidden_evolutions():
    g = game(4, **EVO)
    evos = g.evolution_ids()
    state = pos([{"dice_tokens": 3, "evolutions": ["rulers-roar"]}, {"evolutions_in_play": ["healing-dust"]},
                 {}, {}], step="roll-decision", dice="c 1 e 1 3 c c e", black=2, rolls_used=1, options=EVO)
    mine, theirs = pieces(g, state.observation_tensor(0)), pieces(g, state.observation_tensor(1))
    assert mine["dice_tokens"] == [3 / 12, 0.0, 0.0, 0.0]
    assert theirs["dice_tokens"] == [0.0, 0.0, 0.0, 3 / 12]            # seat 0 is three places after seat 1
    assert mine["black_dice"] == [1.0, 0.0, 0.0, 0.0, 0.5, 0.0, 0.5]   # 2 black dice: e and c
    E = len(evos)
    assert mine["own_evolutions"][evos.index("rulers-roar")] == 1.0    # in seat 0's hand
    assert 1.0 not in theirs["own_evolutions"][:E]                     # seat 1's hand is empty
    assert theirs["evolution_counts"][3 * 4] == 1 / 8                  # it sees seat 0 hold one card
    assert theirs["evolutions_in_play"][evos.index("healing-dust")] == 1.0
    assert mine["evolutions_in_play"][E + evos.index("healing-dust")] == 1.0
