"""Fixtures of the browser tests: a real server and a headless chromium.

The first browser test of a session makes sure there is a chromium to drive: with none
on the machine it installs one (Debian's package as root, else Playwright's own
download), saying so in one line, or fails saying what to do; so the README's test
command passes on a fresh machine as it is written."""

import pytest

from browserhelpers import DESKTOP, Server, ensure_chromium, launch


@pytest.fixture(scope="session")
def chromium(request):
    reporter = request.config.pluginmanager.get_plugin("terminalreporter")

    def say(line: str) -> None:
        if reporter is not None:
            reporter.write_line(line)
        else:
            print(line)

    try:
        return ensure_chromium(say)
    except AssertionError as exc:
        pytest.fail(str(exc), pytrace=False)


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    srv = Server(tmp_path_factory.mktemp("browser") / "games.sqlite3")
    yield srv
    srv.stop()


@pytest.fixture(scope="module")
def browser(chromium):
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
