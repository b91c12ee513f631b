"""The rules reference page of each game (GET /rules/{game_id}, server/rulespage.py): every
rule statement, ruling and card of the game's rules with its own anchor, the links the
table's log makes landing on them, rulings of another rule system linked to its page, and an
unknown game refused."""

from __future__ import annotations

import random
import re
from urllib.parse import quote, unquote

import pytest

import tokyo
from rulesindex import tool as rules_tool
from tokyo.core import game_info, sample_chance
from tokyo.server.rulespage import anchor

tool = rules_tool()
GAME_IDS = [g for system in tool.games() for g in tool.games_of(system)]   # the real games (not the tests' toy)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_statement_and_ruling_has_its_anchor(client, game_id):
    r = client.get(f"/rules/{game_id}")
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/html")
    page = r.text
    ids = set(re.findall(r' id="([^"]+)"', page))
    system = tool.rules_of(game_id)
    wanted = [s for s in tool.statements(system) if s.kind in ("rule", "ruling", "card")]
    assert len(wanted) > 100 and any(s.kind == "ruling" for s in wanted) and any(s.kind == "card" for s in wanted)
    missing = [s.id for s in wanted if anchor(s.id) not in ids]
    assert not missing, missing[:10]
    # the sections the log cites by number (kot-dark "1.1 Roll Dice") have anchors too
    sections = {s.section for s in wanted if s.kind == "rule"}
    assert {anchor(f"{system} {sec}") for sec in sections} <= ids
    assert "/static/rules.js" in page and 'id="rules-q"' in page


CITES_CARDS = {"kot", "kot-dark", "kot-godzilla", "crisis-tokyo"}   # Storyline's log cites rule numbers only


def _page_ids(client, game_id: str) -> set[str]:
    return set(re.findall(r' id="([^"]+)"', client.get(f"/rules/{game_id}").text))


def _log_href_fragment(rule: str) -> str | None:
    """The anchor a log line's link opens, as the table makes it (play.js ruleTag: the
    statement id, its first space a dash, percent-encoded) and the browser reads it (decoded)."""
    m = re.match(r"^(\S+ \S+) (.*)$", rule)
    if m is None:
        return None
    fragment = quote(m[1].replace(" ", "-", 1), safe="-_.!~*'()")   # as encodeURIComponent
    return unquote(fragment)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_log_citation_link_lands_on_an_anchor_of_the_served_page(client, game_id):
    """Six seeded random games of each game: the rule of every log line, cards included
    (``kot card:frenzy Frenzy`` -> ``/rules/kot#kot-card%3Afrenzy``), links to an element of
    its game's rules page."""
    ids = _page_ids(client, game_id)
    info = game_info(game_id)
    game = tokyo.load_game(game_id, players=min(max(4, info.min_players), info.max_players))
    cited, missing = set(), set()
    for seed in range(6):
        rng = random.Random(seed)
        state = game.new_initial_state()
        while not state.is_terminal() and len(state.history()) < 3000:
            if state.is_chance_node():
                state.apply_action(sample_chance(state, rng))
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        for event in state.log:
            target = _log_href_fragment(event.rule)
            cited.add(target)
            if target not in ids:
                missing.add(event.rule)
    assert sorted(missing) == []
    assert len(cited) >= 10
    if game_id in CITES_CARDS:
        assert any(t and "-card:" in t for t in cited), "no card was cited: the games did not test card links"


def test_a_card_link_of_the_log_opens_the_cards_entry(client):
    page = client.get("/rules/kot").text
    assert _log_href_fragment("kot card:frenzy Frenzy") == "kot-card:frenzy"
    entry = re.search(r'<li id="kot-card:frenzy" class="statement">(.*?)</li>', page)
    assert entry and "Frenzy" in entry[1] and "extra turn" in entry[1]


def test_the_kot_rulings_link_the_dark_edition_rulings_they_name(client):
    """kot B1 and B9 rest on Dark Edition rulings (R1, R6, R38, ...): each R-number on the kot
    page links to its ruling on the kot-dark page, where that anchor exists."""
    page = client.get("/rules/kot").text
    dark_ids = _page_ids(client, "kot-dark")
    b9 = re.search(r'<li id="kot-B9" class="statement">(.*?)</li>', page, re.DOTALL)[1]
    assert '<a class="rule-link" href="/rules/kot-dark#kot-dark-R6"' in b9
    assert 'href="/rules/kot-dark#kot-dark-R38"' in b9
    b1 = re.search(r'<li id="kot-B1" class="statement">(.*?)</li>', page, re.DOTALL)[1]
    assert 'href="/rules/kot-dark#kot-dark-R1"' in b1
    links = re.findall(r'href="/rules/kot-dark#([^"]+)"', page)
    assert len(links) >= 20 and set(links) <= dark_ids
    # no R-number is left as plain text on the kot page
    text = re.sub(r"<a\b.*?</a>|<[^>]*>", " ", page, flags=re.DOTALL)
    assert not re.findall(r"\bR\d+\b", text)
    # the pages' own rulings are not linked away
    assert "/rules/kot#" not in page and "/rules/kot-dark#" not in client.get("/rules/kot-dark").text


def test_the_crisis_format_reads_the_storyline_rules(client):
    page = client.get("/rules/crisis-format").text
    assert "is played on the storyline rules" in page
    assert 'id="storyline-22.9.5"' in page


def test_an_unknown_game_is_a_404_naming_the_games(client):
    r = client.get("/rules/no-such-game")
    assert r.status_code == 404
    assert "kot-dark" in r.text and "no-such-game" in r.text


def test_text_of_the_documents_is_escaped_not_run(client):
    """The documents are rendered with raw HTML off: a tag in them would show as text."""
    page = client.get("/rules/storyline").text
    assert "<script>" not in page.replace('<script type="module" src="/static/rules.js"></script>', "")


def test_the_generators_markers_are_not_shown():
    """docs/rules/*.md mark their generated blocks with HTML comments, which the page
    (raw HTML off) would otherwise print as text ("<!-- end of rulings -->")."""
    from tokyo.server.rulespage import rules_html
    for game_id in ("kot", "kot-dark", "storyline"):
        page = rules_html(game_id)
        assert "end of rulings" not in page and "&lt;!--" not in page
