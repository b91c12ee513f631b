"""The rulings of docs/rulings.md (storyline S1-S43) that no other test names, one test per
ruling, with the test cards (the test kit's Crisis set for the Crisis Format)."""

from __future__ import annotations

from tokyo.games.storyline.game import StorylineGame
from tokyo.games.storyline.position import build_position
from sl_helpers import CARDS, entry, keys, rule, with_abilities


def tpos(cards=CARDS, n: int = 2, **kw):
    """A position of the competitive game with the card set ``cards``."""
    return build_position(StorylineGame(n, {"decks": ",".join(list(cards["decks"])[:n])}, cards=cards), **kw)


def static(characteristic: str, by: int, to) -> dict:
    return {"kind": "static", "effect": [{"op": "modify", "characteristic": characteristic, "by": by, "to": to}]}


@rule("storyline S33", "storyline 7.11.1")
def test_a_characters_own_fallen_check_counts_only_modifications_from_other_than_characters():
    cards = with_abilities({
        "amber-scout": [static("strike", 1, "this")],
        "amber-captain": [static("durability", 1, "this"), static("strike", 1, "this")],
        "amber-outpost": [static("durability", 1, {"each": {"controller": "you", "type": ["character"]}})]})
    # its own +1 Durability does not count for its own check: it is Fallen, so it has none
    s = tpos(cards, map=[{"card": "amber-scout", "owner": 0, "damage": 2},
                         {"card": "amber-captain", "owner": 0, "damage": 3}])
    scout, captain = entry(s, "amber-scout"), entry(s, "amber-captain")
    assert s.fallen(scout) and s.strike(scout) == 1     # Durability 2, damage 2: its text has no effect
    assert s.fallen(captain) and s.durability(captain) == 3 and s.strike(captain) == 2
    # a Location's +1 Durability does count: the Scout (Durability 3) is not Fallen, and its text works
    s = tpos(cards, map=[{"card": "amber-outpost", "owner": 0}, {"card": "amber-scout", "owner": 0, "damage": 2}])
    scout = entry(s, "amber-scout")
    assert s.durability(scout) == 3 and not s.fallen(scout)
    assert s.strike(scout) == 2
