"""Fixtures of the server tests: an app on a fresh SQLite file, with bots that do not wait."""

import warnings

import pytest

with warnings.catch_warnings():
    # starlette 1.x prefers the httpx2 fork and warns when it finds httpx; httpx works
    warnings.filterwarnings("ignore", message=".*httpx2.*")
    from fastapi.testclient import TestClient

from tokyo.server import create_app


@pytest.fixture
def db(tmp_path):
    return tmp_path / "games.sqlite3"


@pytest.fixture
def client(db):
    """A TestClient of a server on ``db`` (bot_delay 0); the lifespan runs, so bots play."""
    with TestClient(create_app(db, bot_delay=0)) as test_client:
        yield test_client
