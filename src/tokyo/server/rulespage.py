"""The rules reference page of a game (``GET /rules/{game_id}``): the game's rules
document, docs/rules/<rule system>.md, as one HTML page with an anchor on every rule
statement and section, the rulings (R, G, C, S series) included, searchable in the page.

The documents are the repository's own (docs/rules, written in this project's words, the
rulings block generated from docs/rulings.md): they are read from the source tree, which
the README's install (``pip install -e .``) keeps next to the package. An installation
without them answers the page with a short explanation instead.

Anchors: a statement ``kot-dark 2.4.3`` (or a ruling ``kot-dark R12``) gets the id
``kot-dark-2.4.3`` (``kot-dark-R12``); a heading ``### 2.4 Title`` of the kot-dark page the
id ``kot-dark-2.4``. The table's log links each line's rule there (:func:`anchor`).
"""

from __future__ import annotations

import html
import re
from functools import lru_cache
from pathlib import Path

from markdown_it import MarkdownIt

from ..core import game_info

DOCS = Path(__file__).resolve().parents[3] / "docs" / "rules"

_STATEMENT = re.compile(r"<li><strong>([a-z-]+) ([A-Za-z0-9.:_-]+)</strong>")
_HEADING = re.compile(r"<h([234])>(\d+(?:\.\d+)*) ")


def anchor(rule_id: str) -> str:
    """The page anchor of a statement or section id: ``"kot-dark 2.4.3"`` ->
    ``"kot-dark-2.4.3"``."""
    return rule_id.strip().replace(" ", "-")


def rules_document(game_id: str) -> Path:
    """The rules document of ``game_id``'s rule system (the Crisis Format reads Storyline's).
    Raises OptionError for an unknown game."""
    return DOCS / f"{game_info(game_id).rules_id}.md"


@lru_cache(maxsize=16)
def _render(path: str, mtime: float) -> str:
    text = Path(path).read_text(encoding="utf-8")
    system = Path(path).stem
    body = MarkdownIt("commonmark", {"html": False}).enable("table").render(text)
    body = _STATEMENT.sub(lambda m: f'<li id="{html.escape(anchor(m[1] + " " + m[2]))}" class="statement">'
                                    f'<strong>{m[1]} {m[2]}</strong>', body)
    return _HEADING.sub(lambda m: f'<h{m[1]} id="{html.escape(anchor(system + " " + m[2]))}">{m[2]} ', body)


def rules_html(game_id: str) -> str | None:
    """The rules document of ``game_id`` as HTML (the body of the page), or None when this
    installation has no docs/rules (installed without the source tree). Raises OptionError
    for an unknown game."""
    path = rules_document(game_id)
    if not path.is_file():
        return None
    return _render(str(path), path.stat().st_mtime)


PAGE = """<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Rules: {title}</title>
<link rel="stylesheet" href="/static/app.css">
<script type="module" src="/static/rules.js"></script>
</head>
<body class="rules-page">
<header class="top"><h1>Rules: {title}</h1><a href="/">Lobby</a></header>
<main>
  <div class="panel rules-search">
    <label for="rules-q">Search the rules and rulings</label>
    <input id="rules-q" type="search" placeholder="e.g. {example}" autocomplete="off">
    <span id="rules-count" class="small muted" aria-live="polite"></span>
    <p id="rules-none" class="muted" hidden>No statement or ruling has all of these words; try fewer words, or part of one.</p>
    <p class="small muted">{about}</p>
  </div>
  <article id="rules" class="panel rules-doc">{body}</article>
</main>
</body>
</html>
"""


def rules_page(game_id: str) -> str:
    """The whole page for ``GET /rules/{game_id}``. Raises OptionError for an unknown game."""
    info = game_info(game_id)
    body = rules_html(game_id)
    system = info.rules_id
    if body is None:
        body = ("<p>This installation has no rules documents: they are read from the repository's "
                f"<code>docs/rules/{html.escape(system)}.md</code>, which an install from a clone "
                "(<code>pip install -e .</code>, as the README says) keeps.</p>")
    shared = "" if system == game_id else f" {html.escape(info.title)} is played on the {html.escape(system)} rules."
    about = ("Every rule statement in this project's own words, numbered by the rulebook's sections, then "
             "the rulings this project made where the rulebook is silent (docs/rulings.md gives the "
             f"reasons).{shared} Each line of the game log links to the statement it applies.")
    return PAGE.format(title=html.escape(info.title), about=about, body=body,
                       example=html.escape(EXAMPLES.get(system, "a word of the rules")))


EXAMPLES = {   # the search box's example, per rule system
    "kot-dark": "Tokyo Bay, Smoke, R13, 2.4",
    "kot-godzilla": "Smack, Dice token, G12, Evolution",
    "crisis-tokyo": "Conflict, Superiority, C9, District",
    "storyline": "empty Treasury, Contested, S44, 22.7",
}
