"""The base game's card data (data/base_power_cards.toml) against its effects (base_powers.py):
every card has an effect, the DISCARD cards resolve through ``play``, shared cards use the
Dark Edition's very functions, and each new card's behaviour is a parameter or a small hook
of its own (issue 15)."""

from __future__ import annotations

import tomllib
from importlib import resources

from tokyo.games.kingoftokyo import copycards, powers, wickedness
from tokyo.games.kingoftokyo.base_powers import BASE, SHARED
from tokyo.games.kingoftokyo.powers import POWERS


def _data(name: str) -> dict:
    with resources.files("tokyo.games.kingoftokyo.data").joinpath(name).open("rb") as fh:
        return tomllib.load(fh)


CARDS = {c["id"]: c for c in _data("base_power_cards.toml")["card"]}
DARK = {c["id"]: c for c in _data("dark_power_cards.toml")["card"]}


def test_every_card_has_an_effect_and_no_effect_names_an_unknown_card():
    assert sorted(set(CARDS) - BASE.ids()) == []
    assert sorted(BASE.ids() - set(CARDS)) == []
    assert set(BASE.on_play) == {i for i, c in CARDS.items() if c["type"] == "discard"}


def test_shared_cards_use_the_dark_functions():
    assert SHARED <= set(CARDS) and SHARED <= set(DARK)
    for hook, entries in BASE.hooks.items():
        for cid, fn in entries:
            if cid in SHARED:
                assert (cid, fn) in POWERS.hooks[hook], (hook, cid)
    for cid in SHARED & set(BASE.on_play):
        assert BASE.on_play[cid] is POWERS.on_play[cid]
    # Poison Spit is the Dark tile's function; Mimic and Fluxling are one copy effect
    assert dict(BASE.hooks["dealt_loss"])["poison-spit"] is dict(wickedness.TILES.hooks["dealt_loss"])["poison-spit"]
    mimic, fluxling = BASE.decisions["mimic"][0], wickedness.TILES.decisions["fluxling"][0]
    assert _made_by(mimic) == _made_by(fluxling)
    assert _module(mimic) == copycards.__name__


def _made_by(fn):
    """Which code a function is: its qualified name (pure Python), or the class of the
    callable object a compiled nested function is."""
    return getattr(fn, "__qualname__", None) or type(fn).__qualname__


def _module(fn):
    return getattr(fn, "__module__", None) or type(fn).__module__


def test_shared_cards_text_and_what_differs():
    same_text = [c for c in SHARED if CARDS[c]["text"] == DARK[c]["text"]]
    assert set(SHARED) - set(same_text) == {"it-has-a-child"}  # no Wickedness to give up here
    costs = {c: (CARDS[c]["cost"], DARK[c]["cost"]) for c in SHARED if CARDS[c]["cost"] != DARK[c]["cost"]}
    assert costs == {"freeze-time": (5, 6), "gourmet": (4, 6), "herd-culler": (3, 5)}
    assert (CARDS["solar-powered"]["text"], CARDS["solar-powered"]["cost"]) == (DARK["lunar-powered"]["text"], 2)
    assert set(CARDS) - SHARED == {"healing-ray", "mimic", "battery-monster", "poison-spit",
                                   "rooting-for-the-underdog", "solar-powered", "heal", "national-guard"}
    assert set(DARK) - set(CARDS) == {"hibernation", "nanobots", "natural-selection", "reflective-hide",
                                      "super-jump", "unstable-dna", "zombify", "lunar-powered", "monster-pets"}


def test_every_entry_names_its_source():
    assert all(c["source"] and "kot-base-cards.md" in c["source"] for c in CARDS.values())
    assert powers.stored_key("battery-monster", 3) == "stored-battery-monster-3"
