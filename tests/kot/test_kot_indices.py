"""kot-dark's action indices, chance outcome indices and observation tensor
(docs/notation.md, King of Tokyo, "Action indices"; src/tokyo/games/kingoftokyo/encoding.py)."""

from __future__ import annotations


import pytest

from indexcheck import check_random_games, node_label, sweep_texts, tensor_pieces as pieces
from rules_helpers import game, position
from tokyo import IllegalActionError


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_random_games_through_indices(players):
    assert check_random_games("kot-dark", players, games=6, seed=players, tensors_every=3, resample_every=10) > 1000
    assert check_random_games("kot-dark", players, games=4, seed=10 + players, tensors_every=3,
                              options={"wickedness_side": "mixed"}) > 500


def sweep(g, games, seed):
    return sweep_texts(g, games, seed, node_label)


def test_many_random_games_give_every_legal_text_an_index():
    seen = set()
    for players in range(2, 7):
        seen |= sweep(game(players), 24, players)
        seen |= sweep(game(players, wickedness_side="mixed"), 12, 10 + players)
    # the sweep reaches the kinds of text of every decision that random play meets often
    for kind, name, word in [("roll", "", "reroll"), ("roll", "", "stop"), ("resolve", "", "twist"),
                             ("resolve", "", "stretch"), ("resolve", "", "cull"), ("buy", "", "take"),
                             ("buy", "", "peek"), ("tile", "", "tile"), ("yield", "", "yield"),
                             ("card", "probe", "probe"), ("card", "metamorph", "metamorph"),
                             ("card", "unstable-dna", "swap"), ("card", "opportunist", "buy")]:
        assert (kind, name, word) in seen


def test_sizes():
    for players in range(2, 7):
        g = game(players)
        assert g.num_distinct_actions() == 645
        assert g.max_chance_outcomes() == 6 + 7 + 65 + 2
    sizes = {players: game(players).observation_tensor_size() for players in range(2, 7)}
    assert sizes == {2: 809, 3: 982, 4: 1155, 5: 1328, 6: 1501}


def test_reroll_masks_over_the_dice_in_face_order():
    state = position(4, step="roll-decision", dice="c 1 e 1 3 c", rolls_used=1)
    # sorted dice: 1 1 3 e c c (positions 0..5)
    assert state.action_to_index("stop") == 0
    assert state.action_to_index("reroll 1 3 e") == 0b001101   # the first 1, the 3, the e
    assert state.action_to_index("keep c c") == 0b001111       # reroll 1 1 3 e
    assert state.action_to_index("reroll c") == 0b010000
    assert state.action_to_index("reroll 1 1 3 e c c") == 0b111111
    assert len(state.legal_action_indices()) == 3 * 2 * 2 * 3  # one mask per sub-multiset
    with pytest.raises(IllegalActionError):
        state.apply_index(0b000010)   # the second 1 without the first: not a canonical mask
    state.apply_index(0b110000)
    assert state.history()[-1] == "reroll c c"


def test_fixed_and_card_indices():
    g = game(4)
    enc = g.encoding()
    cards = list(g.deck_counts())
    state = position(4, [{"energy": 9, "cards": ["parasitic-tentacles"]}, {"cards": ["jets"]}, {}, {}],
                     step="buy", market=["energize", "frenzy", "extra-head"])
    legal = state.legal_texts()
    assert legal == ["buy energize", "buy frenzy", "buy extra-head", "sweep", "take 1 jets", "end"]
    base = enc.blocks["buy"][0]
    assert [state.action_to_index(t) for t in legal[:3]] == [base, base + 1, base + 2]  # by market slot
    assert state.action_to_index("take 1 jets") == enc.blocks["take"][0] + cards.index("jets")  # by card id
    assert state.action_to_index("sweep") == enc.fixed["sweep"] and state.action_to_index("end") == enc.fixed["end"]
    assert enc.fixed["yield"] == enc.fixed["flee"]
    # die changes: <from> <to> by face numbers (1 2 3 e h c -> 0..5)
    assert enc.static["twist 2 c"] == enc.blocks["twist"][0] + 1 * 6 + 5
    assert enc.static["tile devious"] == enc.blocks["tile"][0] + g.tile_ids().index("devious")


def test_chance_indices():
    state = game(3, wickedness_side="mixed").new_initial_state()
    cards = list(state.game.deck_counts())
    assert state.action_to_index("reveal evacuation-orders") == 13 + cards.index("evacuation-orders")
    for text in ["reveal friend-of-children", "reveal spiked-tail", "reveal nova-breath"]:
        state.apply_action(text)
    assert state.legal_action_indices() == [13 + 65, 13 + 65 + 1]   # side red, side green
    for _ in range(10):
        state.apply_index(13 + 65 + 1)
    assert state.history()[-1] == "side green"
    assert state.legal_action_indices() == list(range(6, 13))       # claws 0..6
    state.apply_index(6 + 2)
    assert state.history()[-1] == "claws 2"


def test_tensor_pieces_read_back():
    g = game(4)
    state = position(4, [{"hearts": 6, "stars": 5}, {"energy": 4, "cards": ["jets"], "location": "city"},
                         {"wickedness": 3, "tiles": ["devious"]}, {}],
                     active=1, step="roll-decision", dice="h c 1 c 3 e", rolls_used=1,
                     market=["energize", "frenzy", "extra-head"])
    cards = list(g.deck_counts())
    p = pieces(g, state.observation_tensor(2))
    assert p["seat"] == [0.0, 0.0, 1.0, 0.0]                            # the observer's seat, not rotated
    assert p["active"] == [0.0, 0.0, 0.0, 1.0] == p["current_player"]   # seat 1, three places after seat 2
    assert p["node_kind"][0] == 1.0                                     # roll
    rows = [p["monsters"][i * 14:(i + 1) * 14] for i in range(4)]
    assert rows[0][5] == 0.3                     # observer (seat 2): wickedness 3 / 10
    assert rows[2][1] == 0.5 and rows[2][3] == 0.25   # seat 0: hearts 6 / 12, stars 5 / 20
    assert rows[3][4] == 0.2 and rows[3][10] == 1.0   # seat 1: energy 4 / 20, in the city
    assert p["cards"][3 * 65 + cards.index("jets")] == 1.0
    assert p["market"][65 + cards.index("frenzy")] == 1.0
    dice = [p["dice"][j * 7:(j + 1) * 7].index(1.0) for j in range(6)]
    assert dice == [0, 2, 3, 4, 5, 5]            # 1 3 e h c c, in face order
    assert p["dice"][6 * 7:] == [0.0] * 14         # no 7th or 8th die
    assert p["tiles"][g.tile_ids().index("devious")] == 1.0
    assert p["tiles_offered"][g.tile_ids().index("devious")] == 0.0


def test_unknown_texts_raise_a_clear_error():
    g = game(4)
    state = position(4, step="buy")
    with pytest.raises(ValueError, match="no action index for 'frobnicate'"):
        g.action_index(state, "frobnicate")
    with pytest.raises(ValueError, match="no chance outcome index for 'reveal nothing'"):
        g.chance_index(state, "reveal nothing")
