"""The rules reference page in the browser (/rules/<game>): the search shows only the
statements that match, with their headings; the table links to it, and each log line's
rule to its statement."""

from __future__ import annotations

import httpx
import pytest
from browserhelpers import DESKTOP, PHONE
from playwright.sync_api import expect


def test_searching_the_rules_shows_only_matching_statements_and_rulings(page, server):
    page.goto(server.url + "/rules/kot-dark")
    shown = page.locator("#rules li.statement:visible")
    total = shown.count()
    assert total > 150
    page.fill("#rules-q", "smoke")
    expect(page.locator("#rules-count")).to_contain_text("statements")
    n = shown.count()
    assert 0 < n < total
    texts = [shown.nth(i).inner_text().lower() for i in range(n)]
    assert all("smoke" in t for t in texts)
    # the ruling on Fluxling copying Smoke Cloud is found too (the rulings are on the page)
    assert any(t.startswith("r") for t in texts)
    # a heading with nothing under it is hidden; one above a match stays
    expect(page.locator("#rules h2:visible").first).to_be_visible()
    # several words: every one must appear
    page.fill("#rules-q", "smoke fluxling")
    expect(page.locator("#rules-count")).not_to_have_text(f"{n} statements")
    # every word is in the statement or in a heading above it; the Fluxling ruling has both
    texts = [shown.nth(i).inner_text().lower() for i in range(shown.count())]
    assert 0 < len(texts) < n and any("fluxling" in t and "smoke" in t for t in texts)
    # the search is in the address, so it can be shared; clearing shows everything again
    assert "q=smoke+fluxling" in page.url or "q=smoke%20fluxling" in page.url
    page.fill("#rules-q", "")
    expect(shown).to_have_count(total)
    page.screenshot(path="/tmp/rules-page.png")


def test_the_table_links_the_rules_and_each_log_line_to_its_statement(page, server):
    room = httpx.post(server.url + "/api/rooms", json={
        "game": "crisis-format", "seed": 3, "players": 1, "seats": [{"kind": "human", "name": "Ann"}]},
        timeout=60).json()
    page.goto(server.url + room["seats"][0]["link"])
    page.wait_for_selector("body[data-version]")
    expect(page.locator("#rules-link")).to_have_attribute("href", "/rules/crisis-format")
    page.check("#show-rules")
    link = page.locator("#log li .rule a").first
    expect(link).to_be_visible()
    href = link.get_attribute("href")
    assert href.startswith("/rules/crisis-format#storyline-")
    # the statement the line cites is on the page, marked as the target
    page.goto(server.url + href)
    target = page.locator("li.statement:target, h2:target, h3:target, h4:target")
    expect(target).to_have_count(1)
    expect(target).to_be_in_viewport()


def test_headings_count_in_a_search_and_no_match_says_so(page, server):
    page.goto(server.url + "/rules/crisis-format")
    assert "empty Treasury" in page.get_attribute("#rules-q", "placeholder")
    page.fill("#rules-q", "empty treasury")
    # the statements under "16.3 An empty Treasury" are found, though their own text may not say it
    expect(page.locator("#storyline-16\\.3\\.1")).to_be_visible()
    page.fill("#rules-q", "zzqx")
    expect(page.locator("#rules-none")).to_be_visible()
    expect(page.locator("#rules-count")).to_have_text("0 statements")
    page.fill("#rules-q", "")
    expect(page.locator("#rules-none")).to_be_hidden()


@pytest.mark.parametrize("viewport, url, target_id", [
    (DESKTOP, "/rules/kot-dark#kot-dark-2.4.1", "kot-dark-2.4.1"),
    (PHONE, "/rules/crisis-tokyo#crisis-tokyo-14.7", "crisis-tokyo-14.7"),
])
def test_a_rule_link_shows_its_rule_below_the_sticky_search_box(browser, server, viewport, url, target_id):
    """A link to one rule (the log's "rules" links) lands with the rule in sight, not
    under the search box that stays at the top of the page (issue 12)."""
    context = browser.new_context(viewport=viewport)
    page = context.new_page()
    try:
        page.goto(server.url + url)
        page.wait_for_load_state("load")
        target = page.locator(f"[id='{target_id}']")
        expect(target).to_be_in_viewport()
        # the rule's top is below the sticky box's bottom (and stays there once the page settles)
        page.wait_for_function("""(id) => {
            const t = document.getElementById(id).getBoundingClientRect();
            const box = document.querySelector('.rules-search').getBoundingClientRect();
            return t.top >= box.bottom && t.top < innerHeight;
        }""", arg=target_id, timeout=10_000)
        # and a link followed inside the page lands the same way
        page.evaluate("(id) => { location.hash = '#' + id; }", target_id.rsplit(".", 1)[0])
        page.wait_for_function("""(id) => {
            const t = document.getElementById(id).getBoundingClientRect();
            const box = document.querySelector('.rules-search').getBoundingClientRect();
            return t.top >= box.bottom && t.top < innerHeight;
        }""", arg=target_id.rsplit(".", 1)[0], timeout=10_000)
    finally:
        context.close()
