"""The rulebook's three worked examples, step by step."""

import pytest

from tokyo.games.kingoftokyo.engine import BAY, CITY, OUT
from gz_helpers import finish, kind, play, pos, roll, take_turn, texts


@pytest.mark.rule("kot-godzilla 2.5.1", "kot-godzilla G1", "kot-godzilla 1.7")
def test_godzillas_rolls():
    s = pos([{}, {}, {"location": "city"}, {}], step="roll")  # Mothra (seat 2) is in Tokyo
    roll(s, "1 2 3 3 h e")
    play(s, "keep 3 3")
    roll(s, "3 3 c h")
    play(s, "keep 3 3 3 3")
    roll(s, "e c")
    assert sorted(s.dice) == sorted("3 3 3 3 e c".split())
    finish(s)
    g, mothra = s.monsters[0], s.monsters[2]
    assert g.stars == 4          # 3 for the triple of 3s + 1 for the fourth (G1: the rule, not "2 + 1")
    assert g.energy == 1 + 1     # the Energy result, and 1 for buying nothing
    assert mothra.hearts == 9 and [m.hearts for m in s.monsters] == [10, 10, 9, 10]
    assert g.hearts == 10 and g.location == OUT


@pytest.mark.rule("kot-godzilla 2.5.2")
def test_godzillas_rolls_had_he_been_in_tokyo():
    s = finish(pos([{"location": "city"}, {}, {}, {}], step="resolve", dice="3 3 3 3 e c"))
    assert [m.hearts for m in s.monsters] == [10, 9, 9, 9]


@pytest.mark.rule("kot-godzilla 4.4.1", "kot-godzilla 4.1.5", "kot-godzilla 4.2.3")
def test_rodans_purchase():
    s = pos([{}, {}, {}, {}, {"energy": 10}], players=5, active=4, step="buy",
            market=["mutant-growth", "maser-battery", "missile-barrage"])
    play(s, "sweep", "reveal scale-armour", "reveal heavy-ordnance", "reveal regenerative-cells")
    assert s.monsters[4].energy == 8
    play(s, "buy heavy-ordnance", "reveal tidal-rest")
    assert s.monsters[4].energy == 5 and s.market == ["scale-armour", "tidal-rest", "regenerative-cells"]
    play(s, "end")
    assert s.monsters[4].energy == 5 and s.active == 0


@pytest.mark.rule("kot-godzilla 5.1.1", "kot-godzilla 3.1.1", "kot-godzilla 3.1.4", "kot-godzilla 2.3.6")
def test_five_player_example():
    # clockwise: Mechagodzilla, Godzilla, Rodan, King Ghidorah, Mothra
    s = pos([{}, {"location": "city", "hearts": 8}, {"location": "bay"}, {}, {}], players=5, step="roll",
            options={"monsters": "mechagodzilla,godzilla,rodan,king-ghidorah,mothra"})
    mecha, godz, rodan = s.monsters[0], s.monsters[1], s.monsters[2]
    take_turn(s, "c c c c 1 2", answers={1: "flee", 2: "flee"})
    assert godz.hearts == 4 and rodan.hearts == 6 and godz.location == OUT and rodan.location == OUT
    assert s.city == 0 and mecha.stars == 1 and s.bay is None
    take_turn(s, "c 1 1 2 2 3", answers={0: "stay"})  # Godzilla
    assert mecha.hearts == 9 and s.bay == 1 and godz.stars == 1
    take_turn(s, "c 1 1 2 2 3", answers={1: "flee", 0: "stay"})  # Rodan
    assert godz.hearts == 3 and mecha.hearts == 8 and s.bay == 2 and rodan.stars == 1
    take_turn(s, "1 1 2 2 3 e")  # King Ghidorah
    take_turn(s, "1 1 2 2 3 e")  # Mothra
    assert s.active == 0 and mecha.stars == 1 + 2
    take_turn(s, "c c c 1 2 3")
    assert [m.hearts for m in s.monsters] == [8, 0, 6, 7, 7]
    assert not godz.alive and s.bay is None and rodan.location == OUT and s.city == 0
    assert "Only 4 monsters remain: Rodan must leave Tokyo Bay." in texts(s)
