"""Helpers of the Crisis Format tests (storyline §22): games with the shipped cards and
positions with Crisis cards owned and controlled by the opponent (-1)."""

from __future__ import annotations

from tokyo.games.storyline.abilities import OPPONENT
from tokyo.games.storyline.game import CrisisFormatGame
from tokyo.games.storyline.position import build_position

SHIPPED = ["concord", "verdant", "syndicate", "pilgrims"]
CLOCK, SIEGE, LEECH = "crisis-test-clock", "crisis-test-siege", "crisis-test-leech"   # the test kit's


def cgame(n: int = 2, cards: dict | None = None, **options) -> CrisisFormatGame:
    """A Crisis Format game with the shipped cards, or ``cards`` (the test set: decks amber,
    basalt...)."""
    if cards is None:
        options.setdefault("decks", ",".join(SHIPPED[:n]))
    else:
        options.setdefault("decks", ",".join(list(cards["decks"])[:n]))
    return CrisisFormatGame(n, options, cards=cards)


def cpos(crises=("crisis-grinding-front",), n: int = 2, options: dict | None = None, map=(), fields=None,
         cards: dict | None = None, **kw):
    """A position: the Homeworlds (uids 1..n), then the Crisis Storylines ``crises`` (in the
    order given; ``fields``: card id -> entry fields such as counters or face), then ``map``.
    N (storyline 22.9.4) is the number of ``crises``. Seat 0 holds a Line Trooper (with
    ``cards``, the test set: a Scout) by default, so that the position waits at its action
    decision (a lone ``pass`` would be taken at once, storyline 1.6.2, and the game would
    run on)."""
    spec = [dict({"card": c, "owner": OPPONENT}, **(fields or {}).get(c, {})) for c in crises]
    kw.setdefault("hands", [["concord-line-trooper" if cards is None else "amber-scout"]] + [[] for _ in range(n - 1)])
    g = cgame(n, cards, **(options or {}))
    g.crisis_ids = sorted(crises)   # N for the win check from the start (the blank state reads it)
    return build_position(g, map=spec + list(map), **kw)


def opp_turn(s, paired: int = 0, settle: bool = False):
    """Run the opponent turn paired with ``paired`` from its start (and on, until a node;
    ``settle``: answering every chance node with its first outcome, until a decision)."""
    s.node = None
    s.stack = []
    s.active = paired
    s._push(["opp-turn-start", paired])
    s._run()
    while settle and s.is_chance_node():
        s.apply_action(s.legal_texts()[0])
    return s


def run(s, ops, src=None, ctrl=0, card="concord-hold-the-line"):
    """Resolve an ad-hoc ability of ``src`` (a uid; None: an Event ``card`` of seat ``ctrl``)."""
    e = s.find(src) if src is not None else None
    ctx = s.context(e, None, ops, card=card, ctrl=ctrl)
    s.node = None
    s.stack = []
    s._push(["ability", ctx], ["state-check"], ["resolve-pending"], ["main"])
    s._run()


def lines(s, key: str) -> list[str]:
    return [e.text for e in s.log if e.rule.split(" ")[1] == key]


def opp_lines(s, key: str | None = None) -> list[str]:
    """The log lines of the last opponent turn (from its start to the next player's turn)."""
    start = max(i for i, e in enumerate(s.log) if e.rule.split(" ")[1] == "22.3.1")
    out = []
    for e in s.log[start:]:
        k = e.rule.split(" ")[1]
        if k == "10.1.1":
            break
        if key is None or k == key:
            out.append(e.text)
    return out
