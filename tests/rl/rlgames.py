"""The games the adapter tests run on: add a game here (one line) once it has action
indices and an observation tensor (docs/notation.md).

RL_GAMES: (game id, players). SEARCH_CAP, SIM_CAP: see below. LONG_OPTIONS: options that make a game last more than a few
decisions, for PettingZoo's max_cycles_test (it expects every agent to act 4 times before
the cap truncates the game).
"""

import pytest

RL_GAMES = [
    ("toy-pig", 2),
    ("toy-hidden-pig", 3),
    ("kot", 5),
    ("kot-dark", 4),
    ("kot-godzilla", 3),
    ("crisis-tokyo", 3),
    ("storyline", 2),
    ("crisis-format", 2),
]

SEARCH_CAP = {
    # a real game played to its end by search bots (every decision a search with random
    # rollouts) would take minutes: give it a cap here, e.g. "kot-dark": 15 (Storyline with
    # 30: about 10 s for the two tests)
    "kot": 30,
    "kot-dark": 30,
    "kot-godzilla": 30,
    "crisis-tokyo": 30,
    "storyline": 30,
    "crisis-format": 30,
}
"""max_game_length for the tests where OpenSpiel's MCTSBot and ISMCTSBot play a game."""

SIM_CAP = {
    # OpenSpiel's random_sim_test plays 5 random games and checks every node (clones, saved
    # texts, every seat's tensor): give a game whose random games are long a cap here, e.g.
    # "crisis-tokyo": 100 (7 s; its random games run to some 6,000 decisions, 40 s each)
    "crisis-tokyo": 100,
}
"""max_game_length for OpenSpiel's random_sim_test."""

LONG_OPTIONS = {
    "toy-pig": {"target": 100},
    "toy-hidden-pig": {"target": 100},
}

GAME_IDS = [f"{g}-{n}p" for g, n in RL_GAMES]


def require_encoding(game_id: str, players: int) -> None:
    """Fail clearly when a game listed in RL_GAMES has no encoding yet."""
    from tokyo.rl import NoEncodingError, load_encoded_game
    try:
        load_encoded_game(game_id, players)
    except NoEncodingError as exc:
        pytest.fail(f"{game_id} is listed in tests/rl/rlgames.py RL_GAMES but {exc}", pytrace=False)
