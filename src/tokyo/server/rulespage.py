"""The rules reference page of a game (``GET /rules/{game_id}``): the game's rules
document, docs/rules/<rule system>.md, as one HTML page with an anchor on every rule
statement and section, the rulings (R, G, C, S series) included, searchable in the page.

The documents are the repository's own (docs/rules, written in this project's words, the
rulings block generated from docs/rulings.md): they are read from the source tree, which
the README's install (``pip install -e .``) keeps next to the package. An installation
without them answers the page with a short explanation instead.

Anchors: a statement ``kot-dark 2.4.3`` (or a ruling ``kot-dark R12``) gets the id
``kot-dark-2.4.3`` (``kot-dark-R12``); a heading ``### 2.4 Title`` of the kot-dark page the
id ``kot-dark-2.4``. The cards, tiles and Evolutions, which the documents leave to the card
data, are listed after the rulings, one entry each with the anchor of its statement id
(``kot-dark card:smoke-cloud`` -> ``kot-dark-card:smoke-cloud``). The table's log links each
line's rule there (:func:`anchor`). A ruling of another rule system named in the text (the
kot page's "R6", a Dark Edition ruling) links to that system's page.
"""

from __future__ import annotations

import html
import re
from functools import lru_cache
from pathlib import Path

from markdown_it import MarkdownIt

from ..core import game_catalogue, game_info, list_games

DOCS = Path(__file__).resolve().parents[3] / "docs" / "rules"
HOWTO = Path(__file__).resolve().parent / "howto"
"""The "How to play in two minutes" of each game, ``howto/<game id>.md``: a short summary in
this project's own words of its rules document (shipped with the package)."""

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


_COMMENT = re.compile(r"<!--.*?-->\n?", re.S)


@lru_cache(maxsize=16)
def _render(path: str, mtime: float) -> str:
    text = Path(path).read_text(encoding="utf-8")
    text = _COMMENT.sub("", text)  # the generators' markers (raw HTML is shown as text otherwise)
    system = Path(path).stem
    body = MarkdownIt("commonmark", {"html": False}).enable("table").render(text)
    body = _STATEMENT.sub(lambda m: f'<li id="{html.escape(anchor(m[1] + " " + m[2]))}" class="statement">'
                                    f'<strong class="stmt-no" title="{m[1]} {m[2]}">{m[2]}</strong>', body)
    body = _HEADING.sub(lambda m: f'<h{m[1]} id="{html.escape(anchor(system + " " + m[2]))}">{m[2]} ', body)
    return _link_other_rulings(for_players(body), system)


_RULING_LINE = re.compile(r"^- \*\*([a-z-]+) ([A-Z]\d+)\*\*", re.MULTILINE)
_TEXT = re.compile(r"(<a\b.*?</a>|<[^>]*>)|([^<]+)", re.DOTALL)
_RULING_REF = re.compile(r"\b[A-Z]\d+\b")


def _ruling_systems() -> dict[str, str]:
    """{ruling key: the rule system it is a ruling of} ("R6": "kot-dark"), read from the
    rulings blocks of docs/rules (read with each rendering, which is cached)."""
    found: dict[str, str] = {}
    for path in sorted(DOCS.glob("*.md")):
        for m in _RULING_LINE.finditer(path.read_text(encoding="utf-8")):
            found.setdefault(m[2], m[1])
    return found


def _link_other_rulings(body: str, system: str) -> str:
    """Each ruling of another rule system named in the text (outside tags and links) as a
    link to it on that system's page: the kot page's "R6" -> ``/rules/kot-dark#kot-dark-R6``."""
    others = {k: v for k, v in _ruling_systems().items() if v != system}
    if not others:
        return body

    def ref(m: re.Match) -> str:
        other = others.get(m[0])
        if other is None:
            return m[0]
        return (f'<a class="rule-link" href="/rules/{other}#{anchor(f"{other} {m[0]}")}" '
                f'title="{other} {m[0]} on the {other} rules page">{m[0]}</a>')

    return _TEXT.sub(lambda m: m[1] if m[1] is not None else _RULING_REF.sub(ref, m[2]), body)


@lru_cache(maxsize=16)
def cards_html(game_id: str) -> str:
    """The cards, tiles and Evolutions of ``game_id``'s rule system (every game playing on it),
    each entry of the catalogue whose effect is a statement (``rule_id``), as a list with one
    item per statement, anchored by its id; entries sharing a statement (a card's two faces)
    share its item. "" when there are none."""
    system = game_info(game_id).rules_id
    games = [g["id"] for g in list_games() if g["rules"] == system] or [game_id]
    sets: dict[str, dict[str, list[str]]] = {}
    for g in games:
        for e in game_catalogue(g):
            sid = e.get("rule_id")
            if sid is None:
                continue
            cost = e.get("cost")
            what = html.escape(str(e.get("type", ""))) + ("" if cost is None else f", cost {html.escape(str(cost))}")
            part = f"<strong>{html.escape(str(e['name']))}</strong> ({what}): {html.escape(str(e.get('text', '')))}"
            items = sets.setdefault(str(e.get("set_name") or e["set"]), {})
            if not any(sid in other for other in sets.values() if other is not items):
                parts = items.setdefault(sid, [])
                if part not in parts:
                    parts.append(part)
    if not sets:
        return ""
    out = [f'<h2 id="{html.escape(anchor(system + " cards"))}">Cards</h2>\n'
           "<p>Every card, tile and Evolution with what it does; a log line a card applies links here.</p>\n"]
    for name, items in ((n, i) for n, i in sets.items() if i):
        out.append(f"<h3>{html.escape(name)}</h3>\n<ul>\n")
        for sid, parts in items.items():
            key = html.escape(sid.split(" ", 1)[1])
            out.append(f'<li id="{html.escape(anchor(sid))}" class="statement">'
                       f'<span class="stmt-no" title="{html.escape(sid)}">{key}</span> '
                       + " / ".join(parts) + "</li>\n")
        out.append("</ul>\n")
    return "".join(out)


# What the documents say to their developers (where the rulebook's text is, how statements are
# numbered and tested, what a block is generated from), left out of the page a player reads.
_DEV_WORDS = re.compile(r"docs/|tools/|shared/|\.md\b|\.txt\b|\.py\b|coverage|testable|generated|"
                        r"statement index|do not edit", re.IGNORECASE)
_PARAGRAPH = re.compile(r"<p>(.*?)</p>\n?", re.DOTALL)
_NOTHING = re.compile(r"^Nothing to test here[.:]?\s*", re.IGNORECASE)
_INTRO = re.compile(r"(<h1>)(.*?)(</h1>\n)(.*?)(?=<h2)", re.DOTALL)
_NUMBERING = re.compile(r"<h2>How the rules are numbered</h2>.*?(?=<h2)", re.DOTALL)
_RULINGS_HEAD = re.compile(r'(<h2>Rulings</h2>\n)')


def for_players(body: str) -> str:
    """The rendered document without its notes to developers: the opening paragraphs (where
    the rulebook is, the numbering convention, the coverage), Storyline's section on how the
    statement ids are formed, "Nothing to test here", and every paragraph that names a file
    of the repository; the rulings get one sentence of their own."""
    body = _INTRO.sub(lambda m: f"{m[1]}The rules in full{m[3]}", body, count=1)
    body = _NUMBERING.sub("", body)

    def paragraph(m: re.Match) -> str:
        text = m[1].replace("docs/rulings.md", "the rulings at the end of this page")
        text = _NOTHING.sub("", text).strip()
        if not text or _DEV_WORDS.search(text):
            return ""
        return f"<p>{text[:1].upper()}{text[1:]}</p>\n"

    body = _PARAGRAPH.sub(paragraph, body)
    return _RULINGS_HEAD.sub(r"\1<p>Where the rulebook leaves a question open, this table decides it as follows; "
                             "a few of these can be changed in the game's options when the game is created.</p>\n",
                             body, count=1)


def howto_html(game_id: str) -> str:
    """The game's "How to play in two minutes" as HTML ("" when it has none)."""
    path = HOWTO / f"{game_id}.md"
    if not path.is_file():
        return ""
    return MarkdownIt("commonmark", {"html": False}).render(path.read_text(encoding="utf-8"))


def rules_html(game_id: str) -> str | None:
    """The rules document of ``game_id`` as HTML (the body of the page), or None when this
    installation has no docs/rules (installed without the source tree). Raises OptionError
    for an unknown game."""
    path = rules_document(game_id)
    if not path.is_file():
        return None
    return _render(str(path), path.stat().st_mtime) + cards_html(game_id)


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
  {howto}
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
    about = ("Every rule in our own words, numbered by the rulebook's sections, then the rulings the table "
             f"follows where the rulebook is silent.{shared} With “rules” ticked in a game's log, each line links "
             "to the rule it applies.")
    howto = howto_html(game_id)
    if howto:
        howto = (f'<section class="panel howto" id="howto"><h2>How to play in two minutes</h2>{howto}'
                 '<p class="small muted">The full rules are below; search them for any word.</p></section>')
    return PAGE.format(title=html.escape(info.title), about=about, body=body, howto=howto,
                       example=html.escape(EXAMPLES.get(system, "a word of the rules")))


EXAMPLES = {   # the search box's example, per rule system
    "kot": "Tokyo Bay, Mimic, B6, 2.4",
    "kot-dark": "Tokyo Bay, Smoke, R13, 2.4",
    "kot-godzilla": "Smack, Dice token, G12, Evolution",
    "crisis-tokyo": "Conflict, Superiority, C9, District",
    "storyline": "empty Treasury, Contested, S44, 22.7",
}
