"""Meta-tests on the Crisis: Tokyo card set: the counts, the keys the format requires,
the facts the rulebook fixes for the ten cards it names, and a card test for every card.

Every card id (and every half of a double card) must appear in the id or the name of a
test collected from test_cards_districts.py, test_cards_characters.py and
test_cards_events.py: a card added to the data without a test makes this file fail.
"""

from __future__ import annotations

import subprocess
import sys
from functools import lru_cache
from pathlib import Path

from card_helpers import CHARACTERS, DATA, DISTRICTS, EVENTS, POWERS

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
CARD_TESTS = ("test_cards_districts.py", "test_cards_characters.py", "test_cards_events.py")


@lru_cache(maxsize=None)
def collected() -> tuple[str, ...]:
    """The node ids pytest collects from the card test files."""
    out = subprocess.run([sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider",
                          *[str(HERE / f) for f in CARD_TESTS]], cwd=ROOT, capture_output=True, text=True)
    assert out.returncode == 0, out.stdout + out.stderr
    ids = tuple(line.strip() for line in out.stdout.splitlines() if "::" in line)
    assert len(ids) > 500
    return ids


def covered(card: str, which: str | None = None) -> bool:
    """Whether a collected test has ``card`` (``card:half``) as its parameter id or the
    start of it (ids are "card", "card:half", "card:half:k", "district:power"), or
    ``card`` (``card_half``, dashes as underscores) as a word of its function name."""
    tag = card if which is None else f"{card}:{which}"
    name = card.replace("-", "_") + ("" if which is None else f"_{which}")
    for node in collected():
        func, _, params = node.split("::")[-1].partition("[")
        params = params.rstrip("]")
        if params == tag or params.startswith(tag + ":"):
            return True
        if f"_{name}_" in func + "_":
            return True
    return False


# ----- counts and keys --------------------------------------------------------------------
def test_the_set_has_24_districts_40_characters_40_events():
    assert (len(DATA["district"]), len(DATA["character"]), len(DATA["event"])) == (24, 40, 40)
    ids = [c["id"] for kind in ("district", "character", "event") for c in DATA[kind]]
    assert len(ids) == len(set(ids)) == 104
    assert all(i == i.lower() and " " not in i and "_" not in i for i in ids)


def _parts():
    """(label, dict) of every District and every half of a double card."""
    for d in DATA["district"]:
        yield d["id"], d
    for c in DATA["character"]:
        for w in ("threat", "hero"):
            yield f"{c['id']}:{w}", c[w]
    for e in DATA["event"]:
        for w in ("a", "b"):
            yield f"{e['id']}:{w}", e[w]


RULEBOOK_PARTS = {"harajuku", "master-of-the-eagles-claw:threat", "retiring-in-two-days-cop:hero",
                  "soldier-from-the-future:hero", "mystery-solving-schoolgirl:hero", "kind-alien:hero",
                  "dimensional-portal:a", "recoil-shot:a", "sniper-rifle:a", "fight-for-the-spoils:a"}


def test_every_card_part_has_source_and_original():
    bad = []
    for label, part in _parts():
        if not isinstance(part.get("original"), bool) or not isinstance(part.get("source"), str):
            bad.append(label)
            continue
        if label in RULEBOOK_PARTS:
            ok = part["source"].startswith("rulebook: ") and len(part["source"]) > 10 and part["original"] is False
        else:
            ok = part["source"] == "original design" and part["original"] is True
        if not ok:
            bad.append(label)
    assert bad == []
    assert {label for label, p in _parts() if p["source"].startswith("rulebook")} == RULEBOOK_PARTS


def test_every_text_and_name_is_non_empty():
    empty = []
    for label, part in _parts():
        for key in ("name", "text"):
            if not isinstance(part.get(key), str) or not part[key].strip():
                empty.append(f"{label}.{key}")
        for t in part.get("talents", []):
            if not t.get("name", "").strip():
                empty.append(f"{label}.talent")
    assert empty == []


def test_every_half_has_its_format_keys():
    for cid, c in CHARACTERS.items():
        for w in ("threat", "hero"):
            assert set(c[w]["spheres"]) <= set(POWERS) | {"wild"}, cid
            assert all(isinstance(v, int) and v > 0 for v in c[w]["spheres"].values()), cid
    for eid, e in EVENTS.items():
        for w in ("a", "b"):
            h = e[w]
            assert h["kind"] in ("occurrence", "plot", "gift"), eid
            if h["kind"] == "occurrence":
                assert h["effects"], eid
            if h["kind"] == "plot":
                assert h["rules"] and "effects" not in h, eid
            if h["kind"] == "gift":
                assert h["host"] in ("hero", "threat", "any") and (h.get("spheres") or h.get("talents")), eid
    for did, d in DISTRICTS.items():
        assert ("white" in d) != ("resistance" in d), did


# ----- the ten cards the rulebook names ------------------------------------------------------
def test_rulebook_master_of_the_eagles_claw():
    t = CHARACTERS["master-of-the-eagles-claw"]["threat"]
    assert t["name"] == "Master of the Eagle's Claw"
    assert t["spheres"] == {"martial": 5}


def test_rulebook_retiring_in_two_days_cop():
    h = CHARACTERS["retiring-in-two-days-cop"]["hero"]
    assert h["name"] == "Retiring-in-Two-Days Cop"
    assert h["spheres"]["fire"] == 2


def test_rulebook_soldier_from_the_future():
    h = CHARACTERS["soldier-from-the-future"]["hero"]
    assert h["name"] == "Soldier from the Future"
    assert h["spheres"]["fire"] == 1 and h["spheres"]["tech"] >= 1


def test_rulebook_mystery_solving_schoolgirl():
    assert CHARACTERS["mystery-solving-schoolgirl"]["hero"]["name"] == "Mystery-Solving Schoolgirl"


def test_rulebook_harajuku():
    d = DISTRICTS["harajuku"]
    assert d["name"] == "Harajuku" and d["resistance"]["martial"] == 3


def test_rulebook_kind_alien():
    h = CHARACTERS["kind-alien"]["hero"]
    assert h["name"] == "Kind Alien"
    assert [t["effects"] for t in h["talents"]] == [[{"op": "from_discard", "deck": "character"}]]
    assert h["talents"][0]["destroy_self"] is True


def test_rulebook_dimensional_portal():
    a = EVENTS["dimensional-portal"]["a"]
    assert (a["name"], a["kind"]) == ("Dimensional Portal", "occurrence")
    assert a["effects"] == [{"op": "portal"}]


def test_rulebook_recoil_shot():
    a = EVENTS["recoil-shot"]["a"]
    assert (a["name"], a["kind"]) == ("Recoil Shot", "occurrence")
    spheres, draw = a["effects"]
    assert (spheres["op"], spheres["n"], spheres["power"]) == ("spheres", -1, "chosen")
    assert (draw["op"], draw.get("n", 1)) == ("draw", 1)


def test_rulebook_sniper_rifle():
    a = EVENTS["sniper-rifle"]["a"]
    assert (a["name"], a["kind"], a["host"]) == ("Sniper Rifle", "gift", "hero")


def test_rulebook_fight_for_the_spoils():
    a = EVENTS["fight-for-the-spoils"]["a"]
    assert (a["name"], a["kind"]) == ("Fight for the Spoils", "plot")


# ----- a test for every card -------------------------------------------------------------------
def test_every_district_has_a_card_test():
    assert [d for d in DISTRICTS if not covered(d)] == []


def test_every_character_half_has_a_card_test():
    assert [f"{c}:{w}" for c in CHARACTERS for w in ("threat", "hero") if not covered(c, w)] == []


def test_every_event_half_has_a_card_test():
    assert [f"{e}:{w}" for e in EVENTS for w in ("a", "b") if not covered(e, w)] == []


def test_coverage_check_is_not_vacuous():
    assert not covered("no-such-card")
    assert not covered("harajuku", "z")
