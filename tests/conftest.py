"""Shared fixtures: the toy game ``toy-pig`` is registered for every test."""

import pytest

import toygame

toygame.register()


@pytest.fixture
def pig():
    """A two-player Pig game with default options."""
    import tokyo
    return tokyo.load_game(toygame.GAME_ID, players=2)


@pytest.fixture
def kot():
    """Skip the test while the King of Tokyo package does not import yet."""
    from clihelpers import require_kot
    require_kot()


@pytest.fixture
def kot_heuristic():
    """Skip the test while the kot-dark heuristic agent does not import yet."""
    from clihelpers import require_kot_heuristic
    require_kot_heuristic()
