"""tokyo.rl.openspiel: OpenSpiel's random_sim_test (with serialization) on every game of
RL_GAMES, its MCTSBot and ISMCTSBot playing games to the end, the GameType told to
OpenSpiel, and shimmy's PettingZoo conversion of the registered games."""

import pickle

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402

from rlgames import SEARCH_CAP, SIM_CAP  # noqa: E402
from tokyo.rl import NoEncodingError  # noqa: E402
from tokyo.rl import openspiel as tos  # noqa: E402

GT = pyspiel.GameType


def test_random_sim_test(rl_game):
    game_id, players = rl_game
    game = tos.load_game(game_id, players, max_game_length=SIM_CAP.get(game_id, tos.DEFAULT_MAX_DECISIONS))
    pyspiel.random_sim_test(game, num_sims=5, serialize=True, verbose=False)


def test_random_sim_test_through_the_game_string():
    game = pyspiel.load_game("tokyo_toy_pig(players=3,target=30,die=d4)")
    assert game.num_players() == 3 and game.max_chance_outcomes() == 4
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)


def play_with_bots(game, bots, seed):
    rng = np.random.RandomState(seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(actions, p=probs)))
        else:
            state.apply_action(bots[state.current_player()].step(state))
    return state


def search_game(game_id, players):
    """The game for the search bots: with its cap from SEARCH_CAP, if any."""
    return tos.load_game(game_id, players, max_game_length=SEARCH_CAP.get(game_id, tos.DEFAULT_MAX_DECISIONS))


def test_mcts_bot_plays_to_the_end(rl_game):
    game_id, players = rl_game
    game = search_game(game_id, players)
    bots = [mcts.MCTSBot(game, 2.0, 20, mcts.RandomRolloutEvaluator(1, np.random.RandomState(i)),
                         random_state=np.random.RandomState(i)) for i in range(players)]
    state = play_with_bots(game, bots, 0)
    assert state.is_terminal()
    assert all(r in (0.0, 1.0) for r in state.returns())
    if game_id not in SEARCH_CAP:
        assert state.tokyo_state.is_terminal()


@pytest.mark.parametrize("seed", range(3))
def test_mcts_bot_reads_the_returns_it_is_given(seed):
    # seat 1 has 19 of 20 and wins on its next turn with any roll but a 1, so seat 0, at 0
    # with 10 on the turn, must keep rolling: holding (index 1) all but loses
    game = tos.load_game("toy-pig", 2)
    state = game.new_initial_state()
    pig = state.tokyo_state
    pig.scores, pig.player, pig.turn_total, pig.awaiting_roll = [0, 19], 0, 10, False
    pig._legal_cache = None
    assert state.current_player() == 0 and state.legal_actions() == [0, 1]
    rng = np.random.RandomState(seed)
    bot = mcts.MCTSBot(game, 2.0, 200, mcts.RandomRolloutEvaluator(1, rng), random_state=rng)
    assert bot.step(state) == 0


def test_ismcts_bot_with_our_resampler_plays_to_the_end(rl_game):
    game_id, players = rl_game
    game = search_game(game_id, players)
    if game.get_type().information != GT.Information.IMPERFECT_INFORMATION:
        pytest.skip(f"{game_id} has perfect information: ISMCTSBot is for imperfect-information games")
    bots = []
    for i in range(players):
        bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, np.random.RandomState(i)), 2.0, 20,
                               random_state=np.random.RandomState(i), use_observation_string=True)
        bot.set_resampler(tos.resampler(i))
        bots.append(bot)
    state = play_with_bots(game, bots, 1)
    assert state.is_terminal()
    if game_id not in SEARCH_CAP:
        assert state.tokyo_state.is_terminal()


def test_the_resampler_keeps_what_the_seat_knows():
    game = tos.load_game("toy-hidden-pig", 3)
    state = game.new_initial_state()
    rng = np.random.RandomState(2)
    while state.tokyo_state.turn_count < 4 or state.is_chance_node():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(actions, p=probs)))
        else:
            state.apply_action(0 if rng.rand() < 0.7 else 1)
    seat = state.current_player()
    resample = tos.resampler(0)
    others = [resample(state, seat) for _ in range(10)]
    for other in others:
        assert other.observation_string(seat) == state.observation_string(seat)
        assert other.observation_tensor(seat) == state.observation_tensor(seat)
        assert other.tokyo_state.scores[seat] == state.tokyo_state.scores[seat]
    assert len({tuple(o.tokyo_state.scores) for o in others}) > 1  # the hidden scores are redrawn


def test_game_type_and_info_are_truthful():
    pig = tos.load_game("toy-pig", 2)
    t, hidden = pig.get_type(), tos.load_game("toy-hidden-pig", 2).get_type()
    assert t.dynamics == GT.Dynamics.SEQUENTIAL and t.chance_mode == GT.ChanceMode.EXPLICIT_STOCHASTIC
    assert t.information == GT.Information.PERFECT_INFORMATION  # Pig hides nothing
    assert hidden.information == GT.Information.IMPERFECT_INFORMATION
    assert t.utility == GT.Utility.GENERAL_SUM and t.reward_model == GT.RewardModel.TERMINAL
    assert t.provides_observation_tensor and t.provides_observation_string
    assert not t.provides_information_state_string and not t.provides_information_state_tensor
    assert (pig.num_distinct_actions(), pig.max_chance_outcomes(), pig.num_players()) == (2, 6, 2)
    assert (pig.min_utility(), pig.max_utility(), pig.max_game_length()) == (0.0, 1.0, 10_000)
    assert pig.observation_tensor_shape() == [pig.observation_tensor_size()] == [8]


def test_the_project_games_are_registered_and_typed():
    names = set(pyspiel.registered_names())
    assert {"tokyo_kot", "tokyo_kot_dark", "tokyo_crisis_tokyo", "tokyo_kot_godzilla", "tokyo_storyline",
            "tokyo_crisis_format"} <= names
    import tokyo
    for game_id in tos.PROJECT_GAMES:  # every project game hides something (its resample redeals)
        assert tos.game_type(tokyo.load_game(game_id)).information == GT.Information.IMPERFECT_INFORMATION
    # the Crisis Format's players win or lose together; with an opponent seat they do not
    assert tos.game_type(tokyo.load_game("crisis-format")).utility == GT.Utility.IDENTICAL
    assert tos.game_type(tokyo.load_game("crisis-format", opponent="seat")).utility == GT.Utility.GENERAL_SUM
    assert tos.game_type(tokyo.load_game("kot-dark")).utility == GT.Utility.GENERAL_SUM


def mid_game(game, seed=3, moves=12):
    state = game.new_initial_state()
    rng = np.random.RandomState(seed)
    for _ in range(moves):
        if state.is_terminal():
            break
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(actions, p=probs)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    return state


def test_serialization_goes_through_to_json():
    game = tos.load_game("toy-pig", 3, target=50)
    state = mid_game(game)
    assert str(state) == state.tokyo_state.to_json()
    back = game.deserialize_state(state.serialize())
    assert back.tokyo_state == state.tokyo_state and back.history() == state.history()
    assert back.tokyo_state is not state.tokyo_state
    # the tokyo State inside pickles as its saved text
    assert pickle.dumps(state.tokyo_state).count(state.tokyo_state.to_json().encode()) == 1
    game2, state2 = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))
    assert str(game2) == str(game) and str(state2) == str(state)


def test_numpy_integer_actions():
    game = tos.load_game("toy-pig", 2)
    state = game.new_initial_state()
    state.apply_action(np.int64(2))  # the die shows 3
    state.apply_action(np.int32(1))  # hold
    assert state.tokyo_state.history() == ["roll 3", "hold"]


def test_the_cap_ends_the_game_with_zero_returns():
    game = tos.load_game("toy-pig", 2, target=100, max_game_length=3)
    state = mid_game(game, moves=100)
    assert state.is_terminal() and not state.tokyo_state.is_terminal()
    assert state.returns() == [0.0, 0.0]
    assert len([h for h in state.full_history() if h.player >= 0]) == 3
    with pytest.raises(Exception, match="cut off after max_game_length=3 decisions"):
        state.apply_action(1)  # a cut-off game takes no more actions
    assert len([h for h in state.full_history() if h.player >= 0]) == 3


def test_list_options_given_with_commas_survive_serialization():
    """``monsters="the-king,gigazaur"`` (the CLI's spelling) reaches OpenSpiel as
    ``the-king+gigazaur``: a comma would end the parameter in the game's string."""
    game = tos.load_game("kot-dark", 2, monsters="the-king,gigazaur")
    assert "monsters=the-king+gigazaur" in str(game)
    state = game.new_initial_state()
    assert state.tokyo_state.game.options["monsters"] == ("the-king", "gigazaur")
    game2, state2 = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))
    assert str(game2) == str(game) and state2.tokyo_state == state.tokyo_state
    assert pickle.loads(pickle.dumps(state)).tokyo_state == state.tokyo_state


def test_boolean_and_integer_options_given_as_text():
    game = tos.load_game("kot-godzilla", 2, evolutions="true")
    assert game.new_initial_state().tokyo_state.game.options["evolutions"] is True
    assert tos.load_game("toy-pig", 2, target="30").new_initial_state().tokyo_state.game.options["target"] == 30


@pytest.mark.filterwarnings("ignore:Agent's m..imum observation space value is:UserWarning")
def test_shimmy_pettingzoo_conversion_passes_api_test(rl_game):
    pytest.importorskip("shimmy")
    from pettingzoo.test import api_test
    game_id, players = rl_game
    env = tos.shimmy_env(game_id, players)
    api_test(env, num_cycles=100)  # shimmy makes every seat's tensor at every step
    assert env.game_state.get_game().num_players() == players
    # shimmy's wrapper makes new action spaces at every step, so seeding them does not hold
    # and PettingZoo's seed_test fails for it (for OpenSpiel's own tic_tac_toe as well)


def test_a_game_without_encoding_is_refused_clearly():
    with pytest.raises(NoEncodingError, match="toy-plain-pig"):
        tos.load_game("toy-plain-pig", 2)
