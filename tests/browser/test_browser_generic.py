"""A game the client has no drawing for (the toy game toy-pig, registered by the tests)
is created in the lobby, played to the end with the generic prompt buttons, and replayed."""

import pytest

import toygame
from browserhelpers import ThreadServer

LIMIT = 300
"""Most clicks before giving up (a guard, not a measure)."""


@pytest.fixture(scope="module")
def thread_server(tmp_path_factory):
    srv = ThreadServer(tmp_path_factory.mktemp("generic") / "games.sqlite3")
    yield srv
    srv.stop()


def test_a_game_without_a_view_is_played_to_the_end_with_the_generic_buttons(page, thread_server):
    page.goto(thread_server.url + "/")
    page.wait_for_selector("body[data-ready]")
    page.select_option("#game", toygame.GAME_ID)
    page.select_option("select[name=kind-1]", "bot")
    page.select_option("select[name=agent-1]", "random")
    page.click("#options-box summary")
    page.fill("#opt-target", "10")  # an int option: a number field
    assert page.locator("#opt-one_ends_turn").get_attribute("type") == "checkbox"
    assert page.locator("#opt-die").evaluate("e => e.tagName") == "SELECT"
    page.click("#create-button")
    page.wait_for_selector("#created:not([hidden])")
    page.goto(page.locator("#links input").first.input_value())
    page.wait_for_selector("body[data-version]")
    assert page.locator("#render-box").evaluate("d => d.open")  # the text picture is shown
    assert "Pig to 10" in page.locator("#render").inner_text()
    for _ in range(LIMIT):
        page.wait_for_function("document.body.dataset.yourTurn === '1' || document.body.dataset.status === 'finished'")
        if page.evaluate("document.body.dataset.status") == "finished":
            break
        before = int(page.evaluate("document.body.dataset.version"))
        texts = page.locator("#prompt button").all_inner_texts()
        assert set(texts) <= {"roll", "hold"} and texts, texts
        page.locator("#prompt button", has_text="hold" if "hold" in texts else "roll").click()
        page.wait_for_function(f"Number(document.body.dataset.version) > {before} && !document.body.dataset.busy")
    else:
        pytest.fail("the game did not end")
    assert page.locator("#status").inner_text().startswith("Game over")
    page.click("#open-replay")
    slider = page.locator("#replay-slider")
    slider.fill("2")
    assert page.locator("#replay-step").inner_text().startswith("Step 2 of ")
