"""Helpers for the Crisis: Tokyo card tests (test_cards_districts.py,
test_cards_characters.py, test_cards_events.py, test_card_coverage.py).

The card data is read straight from the TOML file (not through the engine), so the
expected numbers in the tests come from the printed cards. Positions are built with
``build_position``; chance is always forced by applying an outcome text, so every test
is deterministic.
"""

from __future__ import annotations

import itertools
import tomllib
from importlib import resources

import pytest

import tokyo
from tokyo.games.crisis.position import build_position

POWERS = ("martial", "tech", "monster", "fire", "mystic")
# The Dragon of ruling C1 (option dragon=A): each power is superior to the next two.
DRAGON = ("martial", "tech", "monster", "fire", "mystic")
IllegalActionError = tokyo.IllegalActionError


def _load() -> dict:
    with resources.files("tokyo.games.crisis.data").joinpath("crisis_tokyo_cards.toml").open("rb") as fh:
        return tomllib.load(fh)


DATA = _load()
DISTRICTS = {d["id"]: d for d in DATA["district"]}
CHARACTERS = {c["id"]: c for c in DATA["character"]}
EVENTS = {e["id"]: e for e in DATA["event"]}

# Districts with no special rule, used to fill Tokyo around the District under test.
FILLERS = ["roppongi", "ueno", "tsukiji", "nakano", "jimbocho", "yanaka", "haneda"]


def superior(a: str, b: str) -> bool:
    i = DRAGON.index(a)
    return b in (DRAGON[(i + 1) % 5], DRAGON[(i + 2) % 5])


# ----- the printed cards -------------------------------------------------------------
def half(cid: str, which: str) -> dict:
    return (CHARACTERS if which in ("threat", "hero") else EVENTS)[cid][which]


def printed(cid: str, which: str, power: str, wild: str | None = None) -> int:
    """Printed spheres of ``power`` on a Character half; wildcard spheres count as ``wild``."""
    sph = half(cid, which).get("spheres", {})
    return sph.get(power, 0) + (sph.get("wild", 0) if wild == power else 0)


def best_power(cid: str, which: str) -> str:
    """The power of which the half has the most printed spheres (wildcards: mystic)."""
    sph = half(cid, which).get("spheres", {})
    if "wild" in sph or not sph:
        return "mystic"
    return max(POWERS, key=lambda p: sph.get(p, 0))


def threat_total(ids, power: str) -> int:
    """A side of Threats ``ids`` attacking with ``power`` (wildcards chosen as ``power``):
    printed spheres plus "bonus per other Threat" passives, from the data."""
    total = 0
    for cid in ids:
        t = CHARACTERS[cid]["threat"]
        total += printed(cid, "threat", power, wild=power)
        total += t.get("passive", {}).get("bonus_per_other_threat", 0) * (len(ids) - 1)
    return total


def threats_totalling(power: str, value: int, size: int = 1, exclude=()) -> tuple[str, ...] | None:
    """Threat ids (``size`` or more, at most two) whose side total of ``power`` is exactly
    ``value``; plain Threats (no wildcard, no passive) first."""
    def plainness(ids):
        return sum(("wild" in CHARACTERS[c]["threat"]["spheres"]) + bool(CHARACTERS[c]["threat"].get("passive"))
                   for c in ids)
    pool = [c for c in CHARACTERS if c not in exclude]
    combos = [(c,) for c in pool] + list(itertools.combinations(pool, 2))
    combos = [x for x in combos if len(x) >= size and threat_total(x, power) == value]
    combos.sort(key=lambda x: (len(x), plainness(x)))
    return combos[0] if combos else None


def talents(cid: str, which: str) -> list[dict]:
    return half(cid, which).get("talents", [])


def conflict_op(ops) -> bool:
    """Whether a list of ops is usable only in a Conflict (the format's rule)."""
    names = {o["op"] for o in ops}
    return bool(names & {"side_bonus", "portal", "deploy_from_hand", "deploy_from_reserve", "change_power",
                         "no_superiority"}) or any(o.get("where") == "conflict" for o in ops)


def event_halves(kind: str | None = None):
    """(card id, half) of every Event half, optionally of one kind."""
    return [(e, w) for e in EVENTS for w in ("a", "b") if kind is None or EVENTS[e][w]["kind"] == kind]


def card_mark(tag: str):
    """The rule marker naming a card's statement: ``tag`` is ``<district id>`` or
    ``<card id>:<half>`` (docs/rules/README.md)."""
    return pytest.mark.rule(f"crisis-tokyo card:{tag}")


def param(cid: str, which: str | None = None, *values):
    """A pytest.param whose id is ``card`` or ``card:half``."""
    return pytest.param(cid, which, *values, id=cid if which is None else f"{cid}:{which}")


# ----- building and driving positions --------------------------------------------------
def game(players: int = 2, **options):
    """A crisis-tokyo game. The tests script every question, also those with a single
    answer, so they play with ``ask_always=true`` unless they say otherwise; ruling C25
    (such questions answered at once, the default) has tests of its own
    (test_rulings.py) and one that plays scripted games both ways."""
    options.setdefault("ask_always", True)
    return tokyo.load_game("crisis-tokyo", players=players, **options)


def position(players: int = 2, options=None, district=None, **kwargs):
    """build_position on a fresh game. Tokyo: ``district`` first, then Districts with no
    special rule."""
    if "tokyo" not in kwargs:
        kwargs["tokyo"] = ([district] if district else []) + [d for d in FILLERS if d != district][:5 - bool(district)]
    return build_position(game(players, **(options or {})), **kwargs)


def kind(state) -> str | None:
    """The pending node's kind; for an ``effect`` node, the effect's name."""
    if state.node is None:
        return None
    if state.node[2] == "effect":
        return state.node[3]["name"]
    return state.node[2]


def seat_to_act(state) -> int:
    return state.node[1]


def play(state, *moves: str) -> None:
    """Apply each text (decisions and forced chance outcomes alike)."""
    for m in moves:
        state.apply_action(m)


def legal(state) -> list[str]:
    return state.legal_texts()


def instances(state) -> list[dict]:
    out = [i for r in state.reserves for i in r]
    if state.conflict:
        out += state.conflict["att"] + state.conflict["def"]
    return out


def inst(state, card: str) -> dict:
    found = [i for i in instances(state) if i["card"] == card]
    assert len(found) == 1, f"{card} in play {len(found)} times"
    return found[0]


def uid(state, card: str) -> int:
    return inst(state, card)["uid"]


def in_play(state, card: str) -> bool:
    return any(i["card"] == card for i in instances(state))


def attack(state, district: str, threats, power: str, wild: str | None = None) -> None:
    """The active player attacks with ``threats`` (wildcards chosen as ``wild`` or the
    attack power) and declares ``power``."""
    play(state, f"attack {district}")
    for t in threats:
        play(state, f"send {t}")
        if kind(state) == "wild":
            play(state, f"power {wild or power}")
    if kind(state) == "send":
        play(state, "done")
    assert kind(state) == "attack-power", state.node
    play(state, f"power {power}")


def nobody_defends(state) -> None:
    while kind(state) == "defend":
        play(state, "decline")
    assert kind(state) == "manoeuvre", state.node


def defend(state, defender: int, deploy=(), power: str = "fire") -> None:
    """Everyone declines until ``defender``, who deploys ``deploy`` (card ids) and
    declares ``power``; stops at the defender's first manoeuvre."""
    while kind(state) == "defend" and state.node[1] != defender:
        play(state, "decline")
    play(state, "defend")
    for card in deploy:
        play(state, f"deploy {uid(state, card)}")
    if kind(state) == "deploy":
        play(state, "done")
    play(state, f"power {power}")
    assert kind(state) == "manoeuvre" and state.node[1] == defender, state.node


def conflict(threats, heroes=(), att_power="martial", def_power="fire", district="ryogoku", att_hand=(),
             def_hand=(), att_reserve=(), def_bench=(), players=2, defender=1, wild=None, options=None, **kwargs):
    """Seat 0 attacks ``district`` with ``threats``; ``defender`` (None: nobody) deploys
    ``heroes`` (card ids or reserve specs) and keeps ``def_bench`` in its Reserve.
    Default District: Ryogoku, where there is no Superiority, so totals are plain sums.
    Returns the state at the first manoeuvre (the defender's, or the attacker's single one)."""
    hands = [[] for _ in range(players)]
    reserves = [[] for _ in range(players)]
    hands[0] = list(threats) + list(att_hand)
    reserves[0] = [h if isinstance(h, dict) else {"card": h} for h in att_reserve]
    if defender is not None:
        hands[defender] = list(def_hand)
        reserves[defender] = [h if isinstance(h, dict) else {"card": h} for h in list(heroes) + list(def_bench)]
    for seat, h in kwargs.pop("other_hands", {}).items():
        hands[seat] = list(h)
    state = position(players, options=options, district=district, hands=hands, reserves=reserves, **kwargs)
    attack(state, district, threats, att_power, wild=wild)
    if defender is None:
        nobody_defends(state)
    else:
        cards = [h["card"] if isinstance(h, dict) else h for h in heroes]
        defend(state, defender, cards, def_power)
    return state


def manoeuvre_turn(state, seat: int) -> None:
    """Let the other side pass until ``seat`` is to manoeuvre."""
    while kind(state) == "manoeuvre" and state.node[1] != seat:
        play(state, "pass")
    assert kind(state) == "manoeuvre" and state.node[1] == seat, state.node


def finish_combat(state) -> None:
    """Both sides pass until the combat is resolved."""
    while kind(state) == "manoeuvre":
        play(state, "pass")


def draws(state, seat: int, deck: str = "event") -> list[str]:
    """Take every pending draw of ``seat`` (choosing ``deck`` when asked); the first card
    of the deck is drawn. Returns the cards drawn."""
    got = []
    while state.node is not None:
        if kind(state) == "choose-deck" and state.node[1] == seat:
            play(state, f"draw {deck}")
        elif kind(state) == "draw" and state.node[3]["seat"] == seat:
            text = legal(state)[0]
            play(state, text)
            got.append(text.split()[1])
        else:
            break
    return got


def talent_text(state, card: str, k: int = 0) -> str:
    return f"talent {uid(state, card)} {k}"


def targets(state) -> list[str]:
    """The card ids a target/host decision offers."""
    out = []
    for t in legal(state):
        u = int(t.split()[1])
        out.append(next(i["card"] for i in instances(state) if i["uid"] == u))
    return sorted(out)


def hand_size(state, seat: int) -> int:
    return len(state.hands[seat])


# ----- Talents, generically ---------------------------------------------------------------
def resolve_choices(state, avoid_uid=None) -> None:
    """Answer every pending decision or chance node until an action or manoeuvre node:
    the first option that is not "none", a target other than ``avoid_uid`` if any, the
    first chance outcome."""
    while state.node is not None and kind(state) not in ("action", "manoeuvre"):
        options = legal(state)
        if state.node[0] == "decision":
            options = [t for t in options if t != "none"] or options
            if avoid_uid is not None and kind(state) in ("spheres", "destroy", "to_hand"):
                options = [t for t in options if t != f"target {avoid_uid}"] or options
            if kind(state) == "portal-half":
                options = ["half hero"]
        play(state, options[0])


def talent_scenario(card: str, ops, gift=None):
    """A position where the Talent with ``ops`` of Hero ``card`` (or of the Gift
    ``gift`` = [event, half] given to ``card``) may be used: outside a Conflict by seat 0
    on its turn, or (Conflict ops) in a Conflict where seat 1 defends with it next to a
    Cop against the Radioactive Sumo Lizard and keeps a Drill Sergeant in its Reserve.
    Every op finds something to do (a Character in hand and in the discard pile, an Event
    in the discard pile, cards in the other hands). ``card`` must not be one of those.
    Returns (state, user seat)."""
    spec = {"card": card}
    if gift:
        spec["gifts"] = [list(gift)]
    discards = {"character": ["tengu-warlord"], "event": ["sumo-slap"]}
    if conflict_op(ops):
        state = conflict(["radioactive-sumo-lizard"], [spec, "retiring-in-two-days-cop"], att_power="martial",
                         def_power="fire", def_hand=["cyborg-sumo-champion"],
                         def_bench=["colonel-bazookas-mercenaries"],
                         discards=discards)
        return state, 1
    state = position(3, hands=[["cyborg-sumo-champion"], ["disarmed"], ["recoil-shot"]],
                     reserves=[[spec], [{"card": "retiring-in-two-days-cop"}], []], discards=discards)
    return state, 0
