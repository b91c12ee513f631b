"""Fixtures of the browser tests: a real server and a headless chromium."""

import pytest

from browserhelpers import DESKTOP, Server, launch


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    srv = Server(tmp_path_factory.mktemp("browser") / "games.sqlite3")
    yield srv
    srv.stop()


@pytest.fixture(scope="module")
def browser():
    from playwright.sync_api import sync_playwright
    with sync_playwright() as p:
        b = launch(p)
        yield b
        b.close()


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport=DESKTOP)
    pg = context.new_page()
    pg.set_default_timeout(60_000)
    errors = []
    pg.on("pageerror", lambda exc: errors.append(str(exc)))
    pg.page_errors = errors
    yield pg
    context.close()
    assert not errors, f"JavaScript errors on the page: {errors}"
