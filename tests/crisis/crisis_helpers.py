"""Helpers for the Crisis: Tokyo rule tests (test_rules_*.py, test_worked_example.py,
test_rulings.py).

Positions are built with ``build_position``; chance is always forced by applying an
outcome text ("draw <card>", "reveal <district>", "reveal <character>", "first <seat>",
"discard <card>"), so every test is deterministic.
"""

from __future__ import annotations

import tokyo
from tokyo.core.state import CHANCE, TERMINAL
from tokyo.games.crisis.cards import POWERS
from tokyo.games.crisis.position import build_position

__all__ = ["CHANCE", "TERMINAL", "POWERS", "PLAIN_TOKYO", "game", "position", "kind", "legal", "play",
           "inst", "uid", "attack", "seek", "defend", "texts", "new_game", "deck_size", "outcomes",
           "events_except", "IllegalActionError"]

IllegalActionError = tokyo.IllegalActionError

# Five Districts with no special rule: Harajuku (martial 3, mystic 5), Roppongi (monster 5,
# fire 4), Ueno (monster 4, mystic 5), Odaiba (5 white), Tsukiji (monster 3, fire 5).
PLAIN_TOKYO = ["harajuku", "roppongi", "ueno", "odaiba", "tsukiji"]


def game(players: int = 4, **options):
    """A crisis-tokyo game. The tests script every question, also those with a single
    answer, so they play with ``ask_always=true`` unless they say otherwise; ruling C25
    (such questions answered at once, the default) has tests of its own
    (test_rulings.py) and one that plays scripted games both ways."""
    options.setdefault("ask_always", True)
    return tokyo.load_game("crisis-tokyo", players=players, **options)


def position(players: int = 4, options=None, **kwargs):
    """build_position on a fresh game; Tokyo defaults to PLAIN_TOKYO."""
    kwargs.setdefault("tokyo", list(PLAIN_TOKYO))
    return build_position(game(players, **(options or {})), **kwargs)


def kind(state) -> str | None:
    """The pending node's kind; for an ``effect`` node, the effect's name."""
    if state.node is None:
        return None
    if state.node[2] == "effect":
        return state.node[3]["name"]
    return state.node[2]


def legal(state) -> list[str]:
    return state.legal_texts()


def play(state, *moves: str) -> None:
    """Apply each text in turn (decisions and forced chance outcomes alike)."""
    for m in moves:
        state.apply_action(m)


def inst(state, card: str) -> dict:
    """The Character instance of ``card`` in play (a Reserve or the Conflict)."""
    pools = [i for r in state.reserves for i in r]
    if state.conflict:
        pools += state.conflict["att"] + state.conflict["def"]
    found = [i for i in pools if i["card"] == card]
    assert len(found) == 1, f"{card} in play: {len(found)} times"
    return found[0]


def uid(state, card: str) -> int:
    return inst(state, card)["uid"]


def attack(state, district: str, threats, power: str) -> None:
    """The active player attacks ``district`` with ``threats`` (card ids) and declares
    ``power``; stops at the first seat asked to defend (or after the attack if nobody can be)."""
    play(state, f"attack {district}")
    for t in threats:
        play(state, f"send {t}")
    if kind(state) == "send":
        play(state, "done")
    assert kind(state) == "attack-power", state.node
    play(state, f"power {power}")


def seek(state, defender: int | None) -> list[int]:
    """Answer the defence offers: everyone declines until ``defender`` (None: nobody
    defends). Returns the seats asked, in order."""
    asked = []
    while kind(state) == "defend":
        seat = state.node[1]
        asked.append(seat)
        play(state, "defend" if seat == defender else "decline")
        if seat == defender:
            break
    return asked


def defend(state, defender: int, deploy=(), power: str = "martial") -> None:
    """``defender`` accepts, deploys the Heroes ``deploy`` (card ids) from its Reserve and
    declares ``power``; stops at the first manoeuvre."""
    seek(state, defender)
    for card in deploy:
        play(state, f"deploy {uid(state, card)}")
    if kind(state) == "deploy":
        play(state, "done")
    assert kind(state) == "defend-power", state.node
    play(state, f"power {power}")


def texts(state) -> list[str]:
    return [e.text for e in state.log]


def deck_size(state, deck: str) -> int:
    return sum(state.decks[deck].values())


def outcomes(state) -> dict[str, float]:
    """Chance outcome texts -> probabilities."""
    return {a.text: p for a, p in state.chance_outcomes()}


def events_except(*keep: str) -> list[str]:
    """Every Event id but ``keep`` (to empty the Event deck into a discard pile)."""
    from tokyo.games.crisis.cards import card_set
    return [e for e in card_set()["event"] if e not in keep]


def new_game(players: int = 4, tokyo=PLAIN_TOKYO, hands=None, first: int = 0, **options):
    """A new game with its setup chance forced: Tokyo revealed in order, ``hands`` (per
    seat: 3 Character ids then 3 Event ids) dealt, the Favor of the Gods on ``first``."""
    state = game(players, **options).new_initial_state()
    for d in tokyo:
        play(state, f"reveal {d}")
    for seat in range(players):
        for card in hands[seat]:
            play(state, f"draw {card}")
    play(state, f"first {first}")
    return state
