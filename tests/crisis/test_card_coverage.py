"""Meta-tests on the Crisis: Tokyo card set: the counts, the keys the format requires and
the facts the rulebook fixes for the ten cards it names.

That every card part has a test of its effect is checked by the rules index
(tests/test_rules_coverage.py): each District and each half of a double card is a
statement (``crisis-tokyo card:<id>``, ``crisis-tokyo card:<id>:<half>``) that some test
must name with ``@pytest.mark.rule`` (card_helpers.card_mark marks parametrized cases).
"""

from __future__ import annotations

from card_helpers import CHARACTERS, DATA, DISTRICTS, EVENTS, POWERS


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


# ----- the card text says what the data does ------------------------------------------------------
def _text_numbers():
    """(label, number the data gives, power name or None, text) for every Gift sphere and
    every draw or sphere op of an Occurrence or a Talent: the text must state each."""
    from tokyo.games.crisis.game import POWER_NAMES
    for eid, e in EVENTS.items():
        for w in ("a", "b"):
            h = e[w]
            for power, n in (h.get("spheres") or {}).items():
                yield f"{eid}:{w}", abs(n), POWER_NAMES.get(power), h["text"]
            for op in h.get("effects", []):
                if op["op"] in ("spheres", "draw") and "n" in op:
                    yield f"{eid}:{w}", abs(op["n"]), None, h["text"]
    for cid, c in CHARACTERS.items():
        for w in ("threat", "hero"):
            for t in c[w].get("talents", []):
                for op in t["effects"]:
                    if op["op"] in ("spheres", "draw") and "n" in op:
                        yield f"{cid}:{w}", abs(op["n"]), None, t.get("text", c[w].get("text", ""))


def _states(n, power, text) -> bool:
    import re
    words = {1: "(?:1|a|an|one)", 2: "(?:2|two)", 3: "(?:3|three)"}
    number = words.get(n, str(n))
    if power:
        return re.search(rf"\b{number}\b[^.]*{re.escape(power)}", text, re.I) is not None
    return re.search(rf"\b{number}\b", text, re.I) is not None


def test_every_number_in_the_card_data_is_stated_by_the_card_text():
    checked = list(_text_numbers())
    assert len(checked) > 50
    assert [(label, n, p) for label, n, p, text in checked if not _states(n, p, text)] == []


def test_the_text_check_catches_a_number_the_text_does_not_state():
    assert not _states(1, "Technological weapons", "that Character gains 2 Technological weapons spheres.")
    assert _states(2, "Technological weapons", "that Character gains 2 Technological weapons spheres.")
