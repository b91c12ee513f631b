"""Issue 12: in kot-godzilla too, a card or Evolution that changes a Smack says so in the log,
by its own name and by how much, citing itself (a card that reuses a kot-dark effect is
named as itself)."""

from __future__ import annotations

from gz_helpers import card, finish, hearts, pos, texts

KG = {"evolutions": True, "monsters": "king-ghidorah,godzilla,mothra,rodan"}
MARKET = ["supercomputer", "radiation-aura", "reactor-core"]


def cited(state, text):
    rules = [e.rule for e in state.log if e.text == text]
    assert rules, (text, texts(state))
    return rules[0]


@card("maser-battery")
def test_maser_cannon_battery_says_the_smack_it_adds():
    s = pos([{"cards": ["maser-battery"]}, {"location": "city"}, {}, {}], step="resolve", dice="c 1 2 3 e h",
            market=MARKET)
    finish(s)
    line = "Maser Cannon Battery: +1 Smack (2 in all)."
    assert cited(s, line) == "kot-godzilla card:maser-battery Maser Cannon Battery"
    assert texts(s).index(line) < texts(s).index(f"{s.name(0)} Smacks for 2: {s.name(1)}.")
    assert hearts(s)[1] == 8


@card("atomic-surge")
def test_a_card_sharing_a_kot_dark_effect_is_named_as_itself():
    s = pos([{"cards": ["atomic-surge"]}, {"location": "city"}, {}, {}], step="resolve", dice="c 1 2 3 e h",
            market=MARKET)
    finish(s)
    assert cited(s, "Atomic Surge: +1 Smack (2 in all).") == "kot-godzilla card:atomic-surge Atomic Surge"
    assert not [t for t in texts(s) if t.startswith("Spiked Tail")]


@card("gravity-lash")
def test_gravity_lash_says_the_extra_heart_for_each_monster_in_tokyo():
    s = pos([{"evolutions_in_play": ["gravity-lash"]}, {"location": "city"}, {"location": "bay"}, {}, {}],
            players=5, step="resolve", dice="c c 1 2 3 h",
            options=dict(KG, monsters="king-ghidorah,godzilla,mothra,rodan,anguirus"))
    finish(s)
    for seat in (1, 2):
        line = f"Gravity Lash: +1 damage to {s.name(seat)}."
        assert cited(s, line) == "kot-godzilla card:gravity-lash Gravity Lash"
        assert texts(s).index(line) < texts(s).index(f"{s.name(seat)} loses 3 hearts (7).")
    assert not [t for t in texts(s) if t.startswith("Gravity Lash") and s.name(3) in t]
    assert hearts(s) == [10, 7, 7, 10, 10]
