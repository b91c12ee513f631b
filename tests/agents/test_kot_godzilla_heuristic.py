"""The kot-godzilla heuristic agent: registration, strength against random players,
legality at 2-6 players with and without Evolutions, and its key decisions."""

from __future__ import annotations

import random

import pytest

import tokyo
from tokyo.agents import RandomAgent, make_agent
from tokyo.agents.kot_godzilla_heuristic import KotGodzillaHeuristicAgent
from tokyo.agents.match import play_match
from tokyo.games.kingoftokyo.position import build_position
from tokyo.sim.stats import wilson

GAME = "kot-godzilla"
MARKET = ["atomic-surge", "supercomputer", "radiation-aura"]  # no Event, nothing under 4 Energy


def heuristic(seat=0, spec="heuristic"):
    agent = make_agent(spec, game_id=GAME)
    agent.reset(1, seat)
    return agent


def game(players=4, **options):
    return tokyo.load_game(GAME, players=players, **options)


# ----- registration and parameters ------------------------------------------------------------
def test_registered_as_the_heuristic_of_kot_godzilla():
    agent = make_agent("heuristic", GAME)
    assert isinstance(agent, KotGodzillaHeuristicAgent) and agent.spec == "heuristic"
    tuned = make_agent("heuristic:yield_at=3,energy_value=0.5,heal_at=6", GAME)
    assert (tuned.yield_at, tuned.energy_value, tuned.heal_at) == (3, 0.5, 6)


@pytest.mark.parametrize("spec", ["heuristic:x=1", "heuristic:risk=1"])
def test_unknown_parameters_are_refused_with_the_allowed_list(spec):
    with pytest.raises(tokyo.OptionError) as info:
        make_agent(spec, GAME)
    message = str(info.value)
    assert "\n" not in message and "unknown" in message and repr(spec[10:].split("=")[0]) in message
    assert all(name in message for name in ("yield_at", "energy_value", "heal_at"))


def test_bad_parameter_values_are_one_line_errors():
    with pytest.raises(tokyo.OptionError, match="yield_at='many'.*an integer"):
        make_agent("heuristic:yield_at=many", GAME)


# ----- strength ---------------------------------------------------------------------------------
FOUR_PLAYER_GAMES = 200


@pytest.mark.parametrize("evolutions", [False, True], ids=["base", "evolutions"])
def test_beats_three_random_players(evolutions, record_property):
    """Fixed seeds, the heuristic's seat rotating 0..3; a shared win counts as a share."""
    g = game(4, evolutions=evolutions)
    share = 0.0
    for seed in range(FOUR_PLAYER_GAMES):
        seat = seed % 4
        agents = [RandomAgent() for _ in range(4)]
        agents[seat] = make_agent("heuristic", GAME)
        record = tokyo.play_game(g, agents, seed=seed)
        if seat in record.winners:
            share += 1 / len(record.winners)
    low, high = wilson(share, FOUR_PLAYER_GAMES)
    summary = f"{share:g}/{FOUR_PLAYER_GAMES} (95% Wilson {low:.3f}-{high:.3f})"
    record_property("heuristic_win_share", summary)
    print(f"\nkot-godzilla 4 players, evolutions={evolutions}: heuristic vs 3 random: {summary}")
    assert low > 0.25, summary


@pytest.mark.parametrize("evolutions", [False, True], ids=["base", "evolutions"])
def test_beats_random_head_to_head(evolutions, record_property):
    """The ladder's first rung on kot-godzilla: 40 two-player games, seats alternating."""
    result = play_match(GAME, "heuristic", "random", 40, options={"evolutions": evolutions})
    low, high = result.interval
    summary = f"{result.share:g}/40 (95% Wilson {low:.3f}-{high:.3f})"
    record_property("ladder", summary)
    print(f"\nkot-godzilla 2 players, evolutions={evolutions}: heuristic vs random: {summary}")
    assert result.games == 40 and low > 0.5, summary


# ----- legality -----------------------------------------------------------------------------------
@pytest.mark.parametrize("evolutions", [False, True], ids=["base", "evolutions"])
def test_answers_a_legal_text_at_every_decision(evolutions):
    """20 games at 2-6 players; the agents step at every decision, 20% of them answered at
    random instead so that odd positions come up. Every answer is an exact legal text."""
    for seed in range(20):
        players = 2 + seed % 5
        state = game(players, evolutions=evolutions).new_initial_state()
        rng = random.Random(seed)
        agents = [heuristic(seat) for seat in range(players)]
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(rng.choices([o for o, _ in outcomes], [p for _, p in outcomes])[0])
                continue
            seat = state.current_player()
            legal = state.legal_texts()
            text = agents[seat].step(state) if rng.random() < 0.8 else rng.choice(legal)
            assert text in legal, (state.node, text, legal)
            state.apply_action(text, seat=seat)


def test_heuristic_value_is_a_share_and_ismcts_reads_it():
    g = game(4)
    state = build_position(g, [{"stars": 15, "dice_tokens": 2}, {"hearts": 3}, {}, {"alive": False, "hearts": 0}],
                           market=MARKET)
    values = [KotGodzillaHeuristicAgent.heuristic_value(state, s) for s in range(4)]
    assert values[3] == 0.0 and abs(sum(values) - 1) < 1e-9 and values[0] == max(values)
    agent = make_agent("ismcts:sims=5", GAME)
    agent.reset(0, 0)
    assert agent.step(state) in state.legal_texts()


# ----- Dice tokens ----------------------------------------------------------------------------
def tokens_position(tokens, cards=()):
    return build_position(game(4), [{"dice_tokens": tokens, "cards": list(cards)}, {}, {}, {}],
                          active=0, step="turn-start", market=MARKET)


@pytest.mark.parametrize("tokens,choice", [(1, "black 1"), (2, "black 2"), (5, "black 2")])
def test_spends_the_dice_tokens_it_may(tokens, choice):
    state = tokens_position(tokens)
    assert state.node[2] == "dice-tokens"
    assert heuristic().step(state) == choice


def test_spreads_few_tokens_over_turns_with_war_footing():
    assert heuristic().step(tokens_position(2, ["war-footing"])) == "black 1"
    assert heuristic().step(tokens_position(4, ["war-footing"])) == "black 2"
    # a card that rewards each black die: every die counts
    assert heuristic().step(tokens_position(2, ["war-footing", "reactor-core"])) == "black 2"


def test_rolls_no_more_than_eight_dice():
    state = tokens_position(2, ["mutant-growth"])   # 7 brown dice: room for 1 black die
    assert state.legal_texts() == ["black 0", "black 1"]
    assert heuristic().step(state) == "black 1"


# ----- Tokyo -----------------------------------------------------------------------------------
def smacked_in_tokyo(hearts, stars=0, cards=()):
    """Seat 0 in Tokyo City; seat 1 Smacks it three times."""
    state = build_position(game(4), [{"hearts": hearts, "stars": stars, "location": "city", "cards": list(cards)},
                                     {}, {}, {}], active=1, step="resolve", dice="c c c 1 2 3", market=MARKET)
    assert state.node[2] == "yield" and state.node[1] == 0, state.node
    return state


@pytest.mark.parametrize("hearts", [4, 6, 8])
def test_flees_at_low_hearts(hearts):
    assert heuristic().step(smacked_in_tokyo(hearts)) == "flee"    # 1, 3 or 5 hearts left


@pytest.mark.parametrize("hearts", [9, 10])
def test_stays_when_healthy(hearts):
    assert heuristic().step(smacked_in_tokyo(hearts)) == "stay"


def test_stays_when_the_next_turn_start_wins():
    assert heuristic().step(smacked_in_tokyo(7, stars=18)) == "stay"


def test_flee_threshold_follows_the_cards():
    assert heuristic().step(smacked_in_tokyo(9, cards=["subway-tunnels"])) == "flee"   # 6 left, +2 on fleeing
    assert heuristic().step(smacked_in_tokyo(8, cards=["hold-the-line"])) == "stay"    # 5 left, +1 Energy staying


# ----- buying ---------------------------------------------------------------------------------
def buy_position(energy, market, stars=0, cards=()):
    state = build_position(game(4), [{"energy": energy, "stars": stars, "cards": list(cards)}, {}, {}, {}],
                           active=0, step="buy", market=market)
    assert state.node[2] == "buy"
    return state


def test_buys_a_good_card_rather_than_take_the_energy():
    state = buy_position(5, ["topple-the-tower", "ammo-depot", "supercomputer"])
    assert heuristic().step(state) in ("buy topple-the-tower", "buy supercomputer")


def test_buys_the_winning_star_card():
    state = buy_position(6, ["derail-bullet-train", "supercomputer", "ammo-depot"], stars=17)
    assert heuristic().step(state) == "buy derail-bullet-train"


def test_takes_the_energy_when_nothing_is_worth_it():
    # late in the game, a cheap POWER card that does little is not worth 3 Energy and the 1
    state = buy_position(3, ["disaster-forecaster", "supercomputer", "mutant-growth"], stars=16)
    assert heuristic().step(state) == "end"


def test_black_dice_cards_are_worth_more_with_dice_tokens():
    agent = heuristic()
    poor = build_position(game(4), [{}, {}, {}, {}], active=0, step="buy", market=MARKET)
    rich = build_position(game(4), [{"dice_tokens": 4, "cards": ["ammo-depot"]}, {}, {}, {}], active=0,
                          step="buy", market=MARKET)
    for cid in ("heavy-ordnance", "reactor-core", "war-footing"):
        assert agent.card_value(rich, rich.monsters[0], cid) > agent.card_value(poor, poor.monsters[0], cid)


def test_sweeps_only_with_plenty_of_energy():
    assert heuristic().step(buy_position(4, ["disaster-forecaster", "celebrity-kaiju", "kaiju-fan-club"],
                                         stars=16)) == "end"


# ----- Evolutions -------------------------------------------------------------------------------
def evo_game(players=2):
    return game(players, evolutions=True, monsters=",".join(["godzilla", "mothra", "rodan"][:players]))


def test_keeps_the_better_of_two_evolutions():
    state = build_position(evo_game(), [{}, {}], active=0, step="resolve", dice="h h h 1 2 3", market=MARKET)
    while state.node[2] != "evo-draw":
        state.apply_action(state.legal_texts()[0])
    state.apply_action("evolution dorsal-charge")
    state.apply_action("evolution king-of-the-monsters")
    assert state.node[2] == "evo-keep"
    assert heuristic().step(state) == "keep king-of-the-monsters"


def smacked_with_evolutions(hearts, hand, claws):
    dice = " ".join(["c"] * claws + ["1", "1", "2", "2", "3"][: 6 - claws])  # no triple: Smack only
    state = build_position(evo_game(), [{"hearts": hearts, "location": "city", "evolutions": hand}, {}],
                           active=1, step="resolve", dice=dice, market=MARKET)
    return state


def test_shields_a_big_loss_and_keeps_the_shield_for_a_small_one():
    big = smacked_with_evolutions(8, ["thick-hide"], 4)
    assert big.node[2] == "evolution" and big.node[3]["window"] == "before-damage"
    assert heuristic().step(big) == "evolve thick-hide"
    small = smacked_with_evolutions(10, ["thick-hide"], 1)
    assert small.node[2] == "evolution"
    assert heuristic().step(small) == "pass"


def test_plays_a_permanent_evolution_at_once():
    state = build_position(evo_game(), [{"hearts": 10, "evolutions": ["king-of-the-monsters"]}, {}],
                           active=0, step="turn-start", market=MARKET)
    assert state.node[2] == "evolution" and state.node[3]["window"] == "turn-start"
    assert heuristic().step(state) == "evolve king-of-the-monsters"


def test_heals_with_an_evolution_only_when_hurt():
    hurt = build_position(evo_game(), [{}, {"hearts": 5, "evolutions": ["silken-cocoon"]}],
                          active=1, step="turn-start", market=MARKET)
    assert heuristic(1).step(hurt) == "evolve silken-cocoon"
    fine = build_position(evo_game(), [{}, {"hearts": 9, "evolutions": ["silken-cocoon"]}],
                          active=1, step="turn-start", market=MARKET)
    assert heuristic(1).step(fine) == "pass"


def test_adds_smacks_only_when_they_reach_someone():
    def after_roll(other_location):
        return build_position(evo_game(), [{"evolutions": ["spiral-ray"]}, {"location": other_location}],
                              active=0, step="after-rolls", dice="c c 1 2 e e", market=MARKET)
    state = after_roll("city")
    assert state.node[2] == "evolution" and state.node[3]["window"] == "after-roll", state.node
    assert heuristic().step(state) == "evolve spiral-ray"
    # nobody in Tokyo to hit: the engine does not even ask (the card is not playable then);
    # the dice resolve (at once: their order cannot matter, G53)
    assert after_roll("out").node[2] == "buy"


def test_keeps_heal_results_towards_an_evolution_draw():
    state = build_position(evo_game(), [{"location": "city"}, {}], active=0, step="roll-decision",
                           dice="h h 1 2 c e", rolls_used=1, market=MARKET)
    assert heuristic().step(state) == "reroll 1 2"             # hearts kept even in Tokyo
    plain = build_position(game(2), [{"location": "city"}, {}], active=0, step="roll-decision",
                           dice="h h 1 2 c e", rolls_used=1, market=MARKET)
    assert heuristic().step(plain) == "reroll 1 2 h h"
