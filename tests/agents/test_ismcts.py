"""The ismcts search agent: spec parsing, legality, no peeking at hidden cards, strength."""

from __future__ import annotations

import math
import random

import pytest

import tokyo
from tokyo.agents import AGENT_NAMES, HEURISTICS, RandomAgent, make_agent
from tokyo.agents.kot_heuristic import KotHeuristicAgent
from tokyo.agents.ismcts import PARAMS, ISMCTSAgent
from tokyo.core import sample_chance
from tokyo.games.crisis.position import build_position
from tokyo.sim.stats import wilson




# ----- (a) the spec ---------------------------------------------------------------------------
def test_registered_with_parameters():
    assert "ismcts" in AGENT_NAMES
    agent = make_agent("ismcts", game_id="crisis-tokyo")
    assert isinstance(agent, ISMCTSAgent)
    assert (agent.sims, agent.seconds, agent.c, agent.rollout, agent.rollout_steps, agent.seed_offset,
            agent.horizon) == (200, None, None, None, 2000, 0, None)
    agent = make_agent("ismcts:sims=400,seconds=2,c=0.5,rollout=random,rollout_steps=50,seed_offset=3,"
                       "widen=0,bias=2.5", game_id="kot-dark")
    assert (agent.sims, agent.seconds, agent.c, agent.rollout, agent.rollout_steps, agent.seed_offset,
            agent.widen, agent.bias) == (400, 2.0, 0.5, "random", 50, 3, 0.0, 2.5)
    assert agent.spec == ("ismcts:sims=400,seconds=2,c=0.5,rollout=random,rollout_steps=50,seed_offset=3,"
                          "widen=0,bias=2.5")
    # a time budget alone: no cap on simulations
    assert make_agent("ismcts:seconds=0.5").sims is None
    assert make_agent("ismcts:seconds=0.5,sims=10").sims == 10


@pytest.mark.parametrize("spec,words", [
    ("ismcts:depth=3", ["depth", *PARAMS]),
    ("ismcts:sims=lots", ["sims", "integer"]),
    ("ismcts:sims=0", ["sims", "at least 1"]),
    ("ismcts:sims=2.5", ["sims", "integer"]),
    ("ismcts:c=-1", ["c"]),
    ("ismcts:c=nan", ["c"]),
    ("ismcts:seconds=0", ["seconds"]),
    ("ismcts:rollout=smart", ["rollout", "heuristic", "random"]),
    ("ismcts:sims", ["key=value"]),
    ("ismcts:horizon=-1", ["horizon", "at least 0"]),
    ("ismcts:horizon=soon", ["horizon", "integer"]),
])
def test_bad_parameters_raise_option_error(spec, words):
    with pytest.raises(tokyo.OptionError) as err:
        make_agent(spec, game_id="crisis-tokyo")
    for word in words:
        assert word in str(err.value), (spec, str(err.value))


def test_heuristic_rollouts_need_a_heuristic(pig):
    with pytest.raises(tokyo.OptionError, match="no heuristic agent"):
        make_agent("ismcts:rollout=heuristic", game_id=pig.game_id)
    agent = make_agent("ismcts:sims=20", game_id=pig.game_id)  # default: random rollouts
    agent.reset(0, 0)
    record = tokyo.play_game(pig, [agent, RandomAgent()], seed=1)
    assert record.winners


def test_horizon_parameter():
    assert make_agent("ismcts:horizon=none", "kot-dark").horizon == "none"
    assert make_agent("ismcts:horizon=0", "kot-dark").horizon == 0
    assert make_agent("ismcts:horizon=none", "crisis-tokyo").horizon == "none"


def test_default_exploration_constant_follows_the_rewards():
    """c defaults to 0.4 when rollouts are scored by an evaluation (kot-dark), else 0.7;
    a given c is kept."""
    for spec, game_id, expected in (("ismcts", "kot-dark", 0.4), ("ismcts:horizon=none", "kot-dark", 0.7),
                                    ("ismcts", "crisis-tokyo", 0.7), ("ismcts:c=0.5", "kot-dark", 0.5),
                                    ("ismcts:c=0.5,horizon=none", "crisis-tokyo", 0.5)):
        agent = make_agent(spec, game_id)
        agent._rollout_policies(tokyo.load_game(game_id, players=2))
        assert agent._c == expected, spec


def test_horizon_needs_an_evaluation(pig):
    """A numeric horizon needs a heuristic with heuristic_value: Pig has no heuristic,
    crisis-tokyo's heuristic has no evaluation (its rollouts are played out)."""
    for game_id in (pig.game_id, "crisis-tokyo", None):
        assert make_agent("ismcts:horizon=none", game_id).horizon == "none"
    for game_id in (pig.game_id, "crisis-tokyo"):
        with pytest.raises(tokyo.OptionError) as err:
            make_agent("ismcts:horizon=5", game_id)
        for word in ("horizon", "heuristic_value", "kot-dark", "horizon=none"):
            assert word in str(err.value)
    with pytest.raises(tokyo.OptionError, match="heuristic_value"):
        make_agent("ismcts:horizon=3")._rollout_policies(pig)


def kot_position(seed=0, turns=3):
    """A kot-dark position a few turns in, at a decision of seat 0 with a choice."""
    game = tokyo.load_game("kot-dark", players=2)
    state = game.new_initial_state()
    rng = random.Random(seed)
    while True:
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
            continue
        legal = state.legal_texts()
        if state.turn_count >= turns and state.current_player() == 0 and len(legal) > 2:
            return state
        state.apply_action(legal[rng.randrange(len(legal))])


def test_heuristic_value_is_a_share():
    """kot-dark's evaluation: shares in [0, 1] summing to 1 over the seats, more stars
    worth more, an eliminated monster 0, and a finished game its returns."""
    from tokyo.agents.kot_heuristic import KotHeuristicAgent as K
    state = kot_position()
    values = [K.heuristic_value(state, s) for s in range(2)]
    assert all(0 <= v <= 1 for v in values) and math.isclose(sum(values), 1.0)
    richer = state.clone()
    richer.monsters[0].stars += 5
    assert K.heuristic_value(richer, 0) > values[0]
    dead = state.clone()
    dead.monsters[1].alive = False
    assert K.heuristic_value(dead, 1) == 0.0 and K.heuristic_value(dead, 0) == 1.0
    game = tokyo.load_game("kot-dark", players=2)
    record = tokyo.play_game(game, [make_agent("heuristic", "kot-dark"), RandomAgent()], seed=0)
    end = game.new_initial_state()
    for text in record.history:
        end.apply_action(text)
    assert end.is_terminal()
    assert [K.heuristic_value(end, s) for s in range(2)] == end.returns()


_EVALUATED: list[int] = []   # seats scored by _CountingKot.heuristic_value


class _CountingKot(KotHeuristicAgent):
    """The kot-dark heuristic, noting every seat its evaluation scores (a subclass: the
    compiled engine's classes cannot be patched)."""

    @classmethod
    def heuristic_value(cls, state, seat):
        _EVALUATED.append(seat)
        return super().heuristic_value(state, seat)


def test_horizon_scores_cut_rollouts_with_the_evaluation(monkeypatch):
    """With a horizon, rollouts stop there and are scored by heuristic_value; with
    horizon=none the evaluation is never called."""
    monkeypatch.setitem(HEURISTICS, "kot-dark", f"{__name__}:_CountingKot")
    calls = _EVALUATED
    state = kot_position()
    for spec, expect_calls in (("ismcts:sims=10,horizon=0", True), ("ismcts:sims=10,horizon=none", False),
                               ("ismcts:sims=10", True)):
        calls.clear()
        agent = make_agent(spec, "kot-dark")
        agent.reset(0, 0)
        assert agent.step(state) in state.legal_texts()
        assert bool(calls) == expect_calls, spec
    # horizon=0: every simulation is scored at the new node (2 seats each)
    calls.clear()
    agent = make_agent("ismcts:sims=10,horizon=0", "kot-dark")
    agent.reset(0, 0)
    agent.step(state)
    assert len(calls) == 2 * 10


# ----- (b) legality ---------------------------------------------------------------------------
@pytest.mark.parametrize("game_id,players,options,spec,seeds", [
    ("crisis-tokyo", 2, {"turn_limit": 10}, "ismcts:sims=8", range(3)),
    ("crisis-tokyo", 3, {"turn_limit": 10}, "ismcts:sims=6,rollout=random,rollout_steps=30", range(2)),
    ("kot-dark", 2, {}, "ismcts:sims=4", range(2)),
    ("kot-dark", 3, {}, "ismcts:sims=3,rollout=random,rollout_steps=40", range(1)),
])
def test_plays_only_legal_actions(game_id, players, options, spec, seeds):
    """Whole games against random players; play_game raises IllegalActionError on an
    illegal answer. The search runs on copies: the real state only changes by play_game."""
    game = tokyo.load_game(game_id, players=players, **options)
    for seed in seeds:
        seat = seed % players
        agents = [RandomAgent() for _ in range(players)]
        agents[seat] = make_agent(spec, game_id=game_id)
        searched = []
        step = agents[seat].step

        def checked_step(state, step=step, searched=searched):
            before = state.to_json()
            text = step(state)
            assert state.to_json() == before and text in state.legal_texts()
            searched.append(len(state.legal_texts()) > 1)
            return text

        agents[seat].step = checked_step
        record = tokyo.play_game(game, agents, seed=seed)
        assert record.returns and any(searched)


def test_same_seed_same_choices():
    """With a simulation budget only, the agent is a function of its seed and the states."""
    game = tokyo.load_game("kot-dark", players=2)

    def play(seed):
        return tokyo.play_game(game, [make_agent("ismcts:sims=5", "kot-dark"), RandomAgent()], seed=seed).history

    assert play(3) == play(3)


def test_time_budget():
    """``seconds`` caps the search (at least one simulation is run)."""
    game = tokyo.load_game("crisis-tokyo", players=2)
    state = game.new_initial_state()
    rng = random.Random(0)
    while state.is_chance_node() or len(state.legal_texts()) < 2:
        state.apply_action(sample_chance(state, rng) if state.is_chance_node() else state.legal_texts()[0])
    agent = make_agent("ismcts:seconds=0.05", "crisis-tokyo")
    agent.reset(0, state.current_player())
    assert agent.step(state) in state.legal_texts()
    assert agent.last_iterations >= 1


# ----- (c) no peeking -------------------------------------------------------------------------
TOKYO = ["harajuku", "akihabara", "kasumigaseki", "ichigaya", "yanaka"]


def two_deals():
    """Two positions seat 0 cannot tell apart: seat 1's hand (one Character and two Events)
    differs, the cards swapped with the deck."""
    game = tokyo.load_game("crisis-tokyo", players=2)

    def position(hand1):
        return build_position(game, hands=[["master-of-the-eagles-claw", "general-tank", "rousing-heroic-speech"],
                                           hand1],
                              reserves=[[{"card": "mystery-solving-schoolgirl"}],
                                        [{"card": "colonel-bazookas-mercenaries"}]],
                              tokyo=TOKYO, active=0)

    first = position(["pyromaniac-pachinko-magnate", "earth-shaking-kiai", "sumo-slap"])
    second = position(["kind-alien", "dimensional-portal", "recoil-shot"])
    assert first.observation(0) == second.observation(0)
    assert first.hands[1] != second.hands[1] and first.observation(1) != second.observation(1)
    assert len(first.legal_texts()) > 5
    return first, second


class _Peeking(ISMCTSAgent):
    """A cheating agent: its "determinization" is the true state."""

    def determinize(self, state):
        return state.clone()


def choose(state, seed, peek=False):
    agent = _Peeking(sims=30) if peek else make_agent("ismcts:sims=30", "crisis-tokyo")
    agent.reset(seed, 0)
    return agent.step(state)


def test_cannot_peek_at_hidden_hands():
    first, second = two_deals()
    choices = [(choose(first, seed), choose(second, seed)) for seed in range(5)]
    assert all(a == b for a, b in choices), choices
    assert len({a for a, _ in choices}) >= 1


def test_the_no_peek_test_would_catch_a_cheat():
    """The same agent given the true state as its determinization does change its choice
    with the hidden hand (so the test above has teeth)."""
    first, second = two_deals()
    assert any(choose(first, seed, peek=True) != choose(second, seed, peek=True) for seed in range(6))


# ----- (d) strength ---------------------------------------------------------------------------
STRENGTH_GAMES = 16


def test_beats_random_players(record_property):
    """Crisis: Tokyo for 2 with one District to win (short games), ismcts (100 simulations,
    heuristic rollouts) against random, seats alternating: its win share's 95% Wilson lower
    bound is above an even share."""
    game = tokyo.load_game("crisis-tokyo", players=2, districts_to_win=1)
    share = 0.0
    for seed in range(STRENGTH_GAMES):
        seat = seed % 2
        agents = [RandomAgent(), RandomAgent()]
        agents[seat] = make_agent("ismcts:sims=100", "crisis-tokyo")
        record = tokyo.play_game(game, agents, seed=seed)
        if seat in record.winners:
            share += 1 / len(record.winners)
    low, high = wilson(share, STRENGTH_GAMES)
    record_property("ismcts_vs_random", f"{share}/{STRENGTH_GAMES} (95% Wilson {low:.3f}-{high:.3f})")
    print(f"\nismcts win share against random over {STRENGTH_GAMES} games: {share / STRENGTH_GAMES:.3f} "
          f"(95% Wilson interval {low:.3f}-{high:.3f})")
    assert low > 0.5, (share, low, high)


# ----- (c) no peeking: kot-godzilla's hidden Evolution hands -----------------------------------------
def godzilla_deals():
    """Two kot-godzilla positions seat 0 cannot tell apart: Godzilla's (seat 1) hidden
    Evolution hand differs (Radioactive Absorption or Ruler's Roar)."""
    from tokyo.games.kingoftokyo.position import build_position as kot_position
    game = tokyo.load_game("kot-godzilla", players=2, evolutions=True, monsters="mothra,godzilla")

    def position(hand):
        return kot_position(game, [{"energy": 6}, {"location": "city", "hearts": 4, "evolutions": hand}],
                            active=0, step="roll-decision", dice="c c c 1 2 e",
                            market=["missile-barrage", "heavy-ordnance", "maser-battery"])

    first, second = position(["radioactive-absorption"]), position(["rulers-roar"])
    assert first.observation(0) == second.observation(0)
    assert first.evo_hand[1] != second.evo_hand[1] and first.observation(1) != second.observation(1)
    assert len(first.legal_texts()) > 5
    return first, second


def test_cannot_peek_at_hidden_evolutions():
    first, second = godzilla_deals()

    def pick(state, seed):
        agent = make_agent("ismcts:sims=20", "kot-godzilla")
        agent.reset(seed, 0)
        return agent.step(state)

    choices = [(pick(first, seed), pick(second, seed)) for seed in range(4)]
    assert all(a == b for a, b in choices), choices


@pytest.mark.parametrize("evolutions", [False, True])
def test_plays_only_legal_actions_in_kot_godzilla(evolutions):
    game = tokyo.load_game("kot-godzilla", players=2, evolutions=evolutions)
    agents = [make_agent("ismcts:sims=3,rollout=random,rollout_steps=40", "kot-godzilla"), RandomAgent()]
    record = tokyo.play_game(game, agents, seed=1)
    assert record.returns
