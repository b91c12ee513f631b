"""The rules reference page of each game (GET /rules/{game_id}, server/rulespage.py): every
rule statement and ruling of the game's rules document with its own anchor, the links the
table's log makes, and an unknown game refused."""

from __future__ import annotations

import re

import pytest

from rulesindex import tool as rules_tool
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
    wanted = [s for s in tool.statements(system) if s.kind in ("rule", "ruling")]
    assert len(wanted) > 100 and any(s.kind == "ruling" for s in wanted)
    missing = [s.id for s in wanted if anchor(s.id) not in ids]
    assert not missing, missing[:10]
    # the sections the log cites by number (kot-dark "1.1 Roll Dice") have anchors too
    sections = {s.section for s in wanted if s.kind == "rule"}
    assert {anchor(f"{system} {sec}") for sec in sections} <= ids
    assert "/static/rules.js" in page and 'id="rules-q"' in page


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
