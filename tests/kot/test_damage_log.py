"""Issue 12: a card or tile that changes a Smash says so in the log, by its name and by how
much, citing itself (before, "Gigazaur loses 3 hearts" followed "Smashes for 2" with only the
generic Smash rule to explain the third heart); in quiet mode nothing is worked out for it."""

from __future__ import annotations

import pytest

from enginekind import pure_only
from rules_helpers import hearts, play, pos, resolve, texts


def cited(state, text):
    """The citation of the log line ``text`` (it must be there)."""
    rules = [e.rule for e in state.log if e.text == text]
    assert rules, (text, texts(state))
    return rules[0]


@pytest.mark.rule("kot-dark card:fire-breathing")
def test_fire_breathing_says_the_extra_heart_for_each_neighbour_hit():
    s = pos([{"cards": ["fire-breathing"], "location": "city"}, {}, {}, {}], step="resolve", dice="c c 1 2 3 e")
    resolve(s, "smash")
    one, three = s.name(1), s.name(3)
    lines = texts(s)
    assert cited(s, f"Fire Breathing: +1 damage to {one}.") == "kot-dark card:fire-breathing Fire Breathing"
    assert f"Fire Breathing: +1 damage to {three}." in lines
    assert f"Fire Breathing: +1 damage to {s.name(2)}." not in lines   # not a neighbour
    smash = lines.index(f"{s.name(0)} Smashes for 2: {one}, {s.name(2)}, {three}.")
    assert smash < lines.index(f"Fire Breathing: +1 damage to {one}.") < lines.index(f"{one} loses 3 hearts (7).")
    assert hearts(s)[1] == 7


@pytest.mark.rule("kot-dark card:acid-attack")
def test_acid_attack_says_the_smash_it_adds():
    s = pos([{"cards": ["acid-attack"]}, {"location": "city"}, {}, {}], step="resolve", dice="c c 1 2 e h")
    resolve(s, "smash")
    assert cited(s, "Acid Attack: +1 Smash (3 in all).") == "kot-dark card:acid-attack Acid Attack"
    lines = texts(s)
    assert lines.index("Acid Attack: +1 Smash (3 in all).") < lines.index(f"{s.name(0)} Smashes for 3: {s.name(1)}.")


@pytest.mark.rule("kot-dark card:acid-attack", "kot-dark card:spiked-tail")
def test_each_card_adding_smashes_says_itself_and_no_card_no_line():
    s = pos([{"cards": ["acid-attack", "spiked-tail"]}, {"location": "city"}, {}, {}], step="resolve", dice="c 1 2 3 e h")
    resolve(s, "smash")
    lines = texts(s)
    assert "Acid Attack: +1 Smash (2 in all)." in lines and "Spiked Tail: +1 Smash (3 in all)." in lines
    plain = pos([{}, {"location": "city"}, {}, {}], step="resolve", dice="c c 1 2 e h")
    resolve(plain, "smash")
    assert not [t for t in texts(plain) if ": +" in t]


@pytest.mark.rule("kot-dark card:camouflage")
def test_camouflage_says_how_many_hearts_fewer():
    s = pos([{}, {"cards": ["camouflage"], "location": "city"}, {}, {}], step="resolve", dice="c c c 1 2 3")
    play(resolve(s, "smash"), "roll h", "roll 1", "roll h")
    assert cited(s, f"{s.name(1)}'s Camouflage dice show 2 hearts: 2 hearts fewer to lose (1 left).") \
        == "kot-dark card:camouflage Camouflage"
    assert hearts(s)[1] == 9


@pure_only
def test_quiet_mode_works_out_nothing_for_the_log(monkeypatch):
    s = pos([{"cards": ["fire-breathing", "acid-attack"], "location": "city"}, {}, {}, {}], step="resolve", dice="c c 1 2 3 e")
    s.set_quiet()
    before = len(s.log)
    for method in ("say_smash_changes", "say_smash_extras"):
        monkeypatch.setattr(type(s), method, lambda *a: pytest.fail("log sentences built in quiet mode"))
    resolve(s, "smash")
    assert hearts(s) == [10, 6, 7, 6] and len(s.log) == before


@pytest.mark.rule("kot-dark tile:barbs", "kot-dark tile:antimatter-beam", "kot-dark card:acid-attack")
def test_wickedness_tiles_say_the_smashes_they_add_in_their_order():
    s = pos([{"tiles": ["barbs", "antimatter-beam"], "cards": ["acid-attack"]}, {"location": "city"}, {}, {}],
            step="resolve", dice="c 1 1 2 3 e")
    resolve(s, "smash")
    lines = texts(s)
    said = ["Acid Attack: +1 Smash (2 in all).", "Barbs: +1 Smash (3 in all).", "Antimatter Beam: +3 Smashes (6 in all)."]
    assert [lines.index(t) for t in said] == sorted(lines.index(t) for t in said)
    assert cited(s, "Barbs: +1 Smash (3 in all).") == "kot-dark tile:barbs Barbs"
    assert f"{s.name(0)} Smashes for 6: {s.name(1)}." in lines
