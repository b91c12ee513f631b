"""tests/rl: the adapters of tokyo.rl run through the libraries' own checkers (the ``rl``
extra: pettingzoo, gymnasium, open_spiel, shimmy; a test module whose library is missing
is skipped). The games are listed once, in rlgames.py."""

import pytest

import rltoys
from rlgames import GAME_IDS, RL_GAMES, require_encoding

rltoys.register()


@pytest.fixture(params=RL_GAMES, ids=GAME_IDS)
def rl_game(request):
    """(game id, players) of each game of RL_GAMES; fails clearly for a game that has no
    encoding yet."""
    game_id, players = request.param
    require_encoding(game_id, players)
    return game_id, players
