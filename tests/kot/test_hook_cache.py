"""The hook functions kept per monster (KotState._fns, issue 13) are always the ones the
monster's cards, tiles and Fluxling copy give it: checked at every step of random games
(cards bought, given, discarded, copied, tiles taken and lost), against a fresh lookup."""

from __future__ import annotations

import random

import tokyo
from tokyo.core import sample_chance


def fresh(state, hook, m):
    if not m.cards and not m.tiles:
        return []
    return [fn for cid, fn in state.effects.hooks.get(hook, ()) if state.has(m, cid)]


def test_kept_hook_functions_match_a_fresh_lookup_at_every_step():
    rng = random.Random(7)
    checked = with_cards = 0
    for players in (2, 3, 4, 5, 6):
        game = tokyo.load_game("kot-dark", players)
        for _ in range(5):
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    state.apply_action(sample_chance(state, rng))
                else:
                    state.apply_action(rng.choice(state.legal_texts()))
                for m in state.monsters:
                    for hook in state.effects.hooks:
                        assert list(state._fns(hook, m)) == fresh(state, hook, m), (hook, m.cards, m.tiles, m.copy)
                        checked += 1
                        with_cards += bool(m.cards or m.tiles)
            # a clone starts with nothing kept and finds the same functions
            other = state.clone()
            for m in other.monsters:
                for hook in other.effects.hooks:
                    assert list(other._fns(hook, m)) == fresh(state, hook, state.monsters[m.seat])
    assert with_cards > checked // 4  # the check saw many monsters holding cards or tiles


def test_a_card_changing_hands_changes_the_functions_at_once():
    from tokyo.games.kingoftokyo.powers import move_card
    game = tokyo.load_game("kot-dark", 2)
    state = game.new_initial_state()
    giver, taker = state.monsters
    hook, cid = next((h, cid) for h, pairs in state.effects.hooks.items() for cid, _ in pairs
                     if cid in game.deck_counts() and len(pairs) == 1)
    giver.cards.append(cid)
    assert len(state._fns(hook, giver)) == 1 and len(state._fns(hook, taker)) == 0
    move_card(state, giver, taker, cid)
    assert len(state._fns(hook, giver)) == 0 and len(state._fns(hook, taker)) == 1
