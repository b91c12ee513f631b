"""What a kot-godzilla game record says beyond the result: labels (monster, species, turn
order), the Energy cards bought (``cards``) and, with the Evolution extension, the
Evolutions each seat played (``card_groups["evolutions"]``)."""

import json
import random

from gz_helpers import game
from tokyo.agents import make_agent
from tokyo.core.runner import play_game, sample_chance
from tokyo.core.state import CHANCE
from tokyo.sim import summarise


def play_seeded(seed, **options):
    """Play a 4-player game of heuristic agents as ``play_game`` does; returns the final
    state and, per seat, the Evolutions that seat chose to play (``evolve <id>``, seen at
    the decision)."""
    g = game(4, **options)
    rng = random.Random(seed)
    agents = [make_agent("heuristic", "kot-godzilla") for _ in range(4)]
    for i, agent in enumerate(agents):
        agent.reset(seed * 1009 + i + 1, i)
    state = g.new_initial_state()
    played = [set() for _ in range(4)]
    while True:
        seat = state._current_player()
        if seat < 0:
            if seat != CHANCE:
                return state, played
            state._apply_legal(sample_chance(state, rng))
            continue
        choice = agents[seat].step(state)
        text = getattr(choice, "text", str(choice))
        if text.startswith("evolve "):
            played[seat].add(text.split()[1])
        state.apply_action(text, seat=seat)


def test_the_evolutions_each_seat_played_are_listed_for_it():
    hidden_again = 0
    for seed in range(4):
        state, played = play_seeded(seed, evolutions=True)
        assert state.node is None   # the game is over
        extra = state.record_extra()
        evo = extra["card_groups"]["evolutions"]
        assert evo["verb"] == "played"
        assert evo["cards"] == [sorted(p) for p in played], seed
        assert any(evo["cards"]), seed   # heuristic monsters do play Evolutions
        for seat, ids in enumerate(evo["cards"]):
            deck = set(state.game.evolution_decks()[state.monsters[seat].monster])
            assert set(ids) <= deck   # only the seat's own monster's Evolutions
        # the piles alone would miss some: a deck reshuffles its used cards, an eliminated
        # monster's Evolutions in play are discarded face down
        hidden_again += sum(bool(set(ids) - set(state.evo_used[s]) - set(state.evo_play[s]))
                            for s, ids in enumerate(evo["cards"]))
        # the Energy cards stay in cards, apart from the Evolutions
        assert extra["cards"] == [sorted(set(b)) for b in state.bought] and extra["cards_verb"] == "bought"
        assert not set().union(*evo["cards"]) & set().union(*extra["cards"])
    assert hidden_again > 0


def test_record_extra_reads_the_state_without_changing_it():
    state, _ = play_seeded(1, evolutions=True)
    before, clone, text = state.history(), state.clone(), state.to_json()
    extra = state.record_extra()
    assert state == clone and state.history() == before and state.to_json() == text
    assert json.loads(json.dumps(extra)) == extra   # JSON-safe
    again = state.game.state_from_json(text)        # the history comes back with the state
    assert again == state and again.record_extra() == extra


def test_without_the_extension_there_is_no_group():
    state, played = play_seeded(1)
    assert not any(played)
    extra = state.record_extra()
    assert "card_groups" not in extra
    assert extra["cards"] == [sorted(set(b)) for b in state.bought]


def test_labels_give_monster_and_species_and_the_summary_groups_wins_by_both():
    g = game(4, evolutions=True)
    records = [play_game(g, [make_agent("random", "kot-godzilla") for _ in range(4)], seed=s) for s in range(3)]
    labels = records[0].extra["labels"]
    assert labels["monster"] == ["godzilla", "mothra", "rodan", "king-ghidorah"]
    assert labels["species"] == [g.species(m) for m in labels["monster"]]
    s = summarise(records)
    assert {"monster", "species"} <= set(s["wins_by_label"])
    species = {r["label"]: r for r in s["wins_by_label"]["species"]}
    assert sum(r["seat_games"] for r in species.values()) == 3 * 4
    assert sum(r["wins"] for r in species.values()) == sum(r["wins"] for r in s["wins_by_seat"])
    assert s["cards"]["verb"] == "bought" and s["card_groups"]["evolutions"]["verb"] == "played"
