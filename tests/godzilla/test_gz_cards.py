"""Each Energy card and Evolution of the kot-godzilla card data (original-design subset)."""

import pytest

from tokyo.core import game_catalogue
from tokyo.games.kingoftokyo.engine import OUT
from tokyo.games.kingoftokyo.godzilla import GodzillaState
from gz_helpers import finish, kind, play, pos, roll, texts

EVO = {"evolutions": True}


def card(cid):
    return pytest.mark.rule(f"kot-godzilla card:{cid}")


def test_every_card_and_evolution_has_an_effect():
    ids = {e["id"] for e in game_catalogue("kot-godzilla") if e["type"] != "MONSTER"}
    assert ids <= GodzillaState.effects.ids()


@card("extra-arms")
def test_extra_arms():
    s = pos([{"cards": ["extra-arms"]}], step="roll", market=["energy-core", "high-ground", "tail-sweep"])
    assert len(s.dice) == 7


@card("armored-hide")
def test_armored_hide():
    s = finish(pos([{}, {"location": "city", "cards": ["armored-hide"]}], step="resolve", dice="c c c 1 2 3"))
    assert s.monsters[1].hearts == 8
    s = finish(pos([{}, {"location": "city", "cards": ["armored-hide"]}], step="resolve", dice="c 1 1 2 2 3"))
    assert s.monsters[1].hearts == 9


@card("energy-core")
def test_energy_core():
    s = finish(pos([{"cards": ["energy-core"]}, {"location": "city"}], step="resolve", dice="e 1 1 2 2 3"))
    assert s.monsters[0].energy == 1 + 1 + 1


@card("dice-cache")
def test_dice_cache():
    s = pos([{"energy": 3}], step="buy", market=["dice-cache", "extra-arms", "tail-sweep"])
    play(s, "buy dice-cache", "reveal regrowth")
    assert s.tokens[0] == 2
    s = pos([{"cards": ["dice-cache"]}], step="turn-start")
    assert s.tokens[0] == 1 and kind(s) == "dice-tokens"


@card("high-ground")
def test_high_ground():
    s = finish(pos([{"location": "city", "cards": ["high-ground"]}], step="resolve", dice="c 1 1 2 2 3",
                   market=["energy-core", "extra-arms", "tail-sweep"]))
    assert [m.hearts for m in s.monsters] == [10, 8, 8, 8]


@card("regrowth")
def test_regrowth():
    s = finish(pos([{"hearts": 5, "cards": ["regrowth"]}, {"location": "city"}], step="resolve",
                   dice="h 1 1 2 2 3"))
    assert s.monsters[0].hearts == 7


@card("tactical-reserve")
def test_tactical_reserve():
    s = pos([{"energy": 2}], step="buy", market=["tactical-reserve", "extra-arms", "tail-sweep"])
    play(s, "buy tactical-reserve", "reveal regrowth")
    assert s.tokens[0] == 3 and s.supply["dice"] == 9


@card("tail-sweep")
def test_tail_sweep():
    s = pos([{"energy": 4}, {"location": "city"}], step="buy")
    play(s, "buy tail-sweep", "reveal regrowth")
    assert [m.hearts for m in s.monsters] == [10, 8, 8, 8] and kind(s) != "yield"


@card("military-mobilization")
def test_military_mobilization():
    s = pos([{"energy": 5}, {"location": "city"}], step="buy", market=["energy-core", "extra-arms", "tail-sweep"])
    play(s, "buy energy-core", "reveal military-mobilization")
    assert s.monsters[1].hearts == 9
    s = pos([{"energy": 3}], step="buy", market=["military-mobilization", "extra-arms", "tail-sweep"])
    play(s, "buy military-mobilization", "reveal regrowth")
    assert s.monsters[0].stars == 2


@card("energy-surge")
def test_energy_surge():
    s = pos([{"energy": 3}], step="buy", market=["energy-core", "extra-arms", "tail-sweep"])
    play(s, "buy energy-core", "reveal energy-surge")
    assert [m.energy for m in s.monsters] == [1, 1, 1, 1]
    s = pos([{"energy": 2}], step="buy", market=["energy-surge", "extra-arms", "tail-sweep"])
    play(s, "buy energy-surge", "reveal regrowth")
    assert s.tokens[0] == 2


@card("crimson-sky")
def test_crimson_sky():
    s = finish(pos([{}, {"location": "city"}], step="resolve", dice="c 1 1 2 2 3",
                   market=["crimson-sky", "extra-arms", "tail-sweep"]))
    assert s.monsters[1].hearts == 8
    s = finish(pos([{}, {"location": "city"}], step="resolve", dice="1 1 1 2 2 3",
                   market=["crimson-sky", "extra-arms", "tail-sweep"]))
    assert s.monsters[1].hearts == 10  # no Smack, no extra damage


@card("power-outage")
def test_power_outage():
    s = finish(pos([{}, {"location": "city"}], step="resolve", dice="e e 1 1 2 3",
                   market=["power-outage", "extra-arms", "tail-sweep"]))
    assert s.monsters[0].energy == 1 + 1
    s = pos([{"energy": 3}], step="buy", market=["power-outage", "extra-arms", "tail-sweep"])
    play(s, "buy power-outage", "reveal regrowth")
    assert s.monsters[0].stars == 2


# ----- Evolutions ------------------------------------------------------------------------------------
@card("atomic-breath")
@pytest.mark.rule("kot-godzilla 7.4.3")
def test_atomic_breath():
    s = pos([{"evolutions": ["atomic-breath"]}, {"location": "city"}], options=EVO, step="roll")
    roll(s, "1 1 2 2 3 e")
    play(s, "stop")
    assert kind(s) == "evolution" and s.node[1] == 0 and s.legal_texts() == ["evolve atomic-breath", "pass"]
    play(s, "evolve atomic-breath")
    finish(s)
    assert s.monsters[1].hearts == 8 and s.evo_used[0] == ["atomic-breath"]


@card("radioactive-regeneration")
@pytest.mark.rule("kot-godzilla 7.4.2", "kot-godzilla 7.3.1")
def test_radioactive_regeneration():
    s = pos([{"hearts": 6, "location": "city", "evolutions": ["radioactive-regeneration"]}], options=EVO,
            step="turn-start")
    assert kind(s) == "evolution"
    play(s, "evolve radioactive-regeneration")
    assert s.monsters[0].hearts == 8 and s.evo_hand[0] == [] and s.evo_used[0] == ["radioactive-regeneration"]
    s = pos([{"evolutions": ["radioactive-regeneration"]}], options=EVO, step="turn-start")
    assert kind(s) == "die"  # full hearts: not playable, nobody asked


@card("dorsal-plates")
@pytest.mark.rule("kot-godzilla 7.4.4")
def test_dorsal_plates():
    s = pos([{"location": "city", "evolutions": ["dorsal-plates"]}, {"energy": 4}], options=EVO, active=1,
            step="buy", market=["tail-sweep", "extra-arms", "high-ground"])
    play(s, "buy tail-sweep")
    assert kind(s) == "evolution" and s.node[1] == 0  # another monster's turn, a card's loss
    play(s, "evolve dorsal-plates")
    assert s.monsters[0].hearts == 10


@card("king-of-the-monsters")
@pytest.mark.rule("kot-godzilla 7.3.2")
def test_king_of_the_monsters():
    s = pos([{"evolutions": ["king-of-the-monsters"]}], options=EVO, step="turn-start")
    play(s, "evolve king-of-the-monsters")
    assert s.evo_play[0] == ["king-of-the-monsters"]
    s = pos([{"location": "city", "evolutions_in_play": ["king-of-the-monsters"]}], options=EVO, step="turn-start")
    assert s.monsters[0].stars == 3


@card("nuclear-pulse")
@pytest.mark.rule("kot-godzilla 7.4.5", "kot-godzilla 7.2.6")
def test_nuclear_pulse():
    s = pos([{"location": "city", "evolutions": ["nuclear-pulse"]}, {}], options=EVO, active=1, step="resolve",
            dice="c c 1 1 2 3")
    assert kind(s) == "evolution" and s.node[1] == 0
    play(s, "evolve nuclear-pulse")
    assert s.monsters[1].hearts == 8
    assert kind(s) == "yield"  # the window comes before the decision to flee


@card("g-energy")
@pytest.mark.rule("kot-godzilla 7.4.6")
def test_g_energy():
    s = pos([{"evolutions": ["g-energy"]}], options=EVO, step="buy")
    assert "evolve g-energy" in s.legal_texts()
    play(s, "evolve g-energy")
    assert s.monsters[0].energy == 3 and kind(s) == "buy"
    play(s, "end")
    assert s.monsters[0].energy == 4  # playing an Evolution is not buying


@card("burning-rage")
@pytest.mark.rule("kot-godzilla 7.4.7")
def test_burning_rage():
    s = pos([{"evolutions": ["burning-rage"]}, {}], options=EVO, active=1, step="end")
    assert kind(s) == "evolution" and s.node[1] == 0
    play(s, "evolve burning-rage")
    assert s.monsters[0].stars == 1 and s.tokens[0] == 1


@card("hardened-scales")
@pytest.mark.rule("kot-godzilla 7.3.3")
def test_hardened_scales():
    s = pos([{"energy": 2, "evolutions_in_play": ["hardened-scales"]}], options=EVO, step="buy",
            market=["energy-core", "extra-arms", "tail-sweep"])
    assert "buy energy-core" in s.legal_texts()
    s = pos([{"energy": 2, "evolutions": ["hardened-scales"]}], options=EVO, step="buy",
            market=["energy-core", "extra-arms", "tail-sweep"])
    play(s, "evolve hardened-scales")
    assert "buy energy-core" in s.legal_texts() and s.evo_play[0] == ["hardened-scales"]
    # an Evolution is not "a card": elimination discards Power cards, and the Evolution is no Power card
    assert s.monsters[0].cards == []
