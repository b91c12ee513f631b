"""The citations of the Crisis: Tokyo log: statement ids of docs/rules/crisis-tokyo.md.

Every log event's ``rule`` starts with a statement id (docs/rules/README.md): a rulebook
statement with the title of its section (``crisis-tokyo 13.5.2 Conflicts / Combat``), a
ruling with its question (``crisis-tokyo C9 Empty decks``), or the card whose effect
applied (``crisis-tokyo card:recoil-shot:a Recoil Shot``). The strings are built once
and cached, so citing costs a dict lookup.
"""

from __future__ import annotations

from functools import lru_cache

from ...core.citations import statement_citer

GAME = "crisis-tokyo"

# section number -> (title path as docs/rules/crisis-tokyo.md has it, statements in it)
SECTIONS: dict[str, tuple[str, int]] = {
    "1": ("Introduction", 1),
    "3": ("Contents of the Game", 3),
    "4.0": ("The Cards", 2),
    "4.1": ("The Cards / District Cards", 2),
    "4.2": ("The Cards / Character Cards", 4),
    "4.3": ("The Cards / Event Cards", 9),
    "5": ("Setting Up the Game", 5),
    "6": ("Playing Area Layout", 3),
    "7.0": ("Turn Sequence", 8),
    "7.1": ("Turn Sequence / Drawing Cards", 7),
    "8": ("Recruiting Heroes", 4),
    "9": ("Playing Event Cards", 2),
    "10": ("Using Talents", 2),
    "11": ("Attacking Tokyo", 1),
    "12.0": ("Power Spheres", 2),
    "12.1": ("Power Spheres / Other Spheres", 5),
    "12.2": ("Power Spheres / The Dragon", 4),
    "13.0": ("Conflicts", 1),
    "13.1": ("Conflicts / Sending the Threats", 4),
    "13.2": ("Conflicts / Seeking a Defender", 4),
    "13.3": ("Conflicts / Deploying the Defender", 3),
    "13.4": ("Conflicts / Attacking and Defending Sides", 2),
    "13.5": ("Conflicts / Combat", 5),
    "13.6": ("Conflicts / If There Is No Defender!", 1),
    "13.7": ("Conflicts / Resolving the Combat", 5),
    "13.8": ("Conflicts / Victory of the Attacking Player!", 2),
    "13.9": ("Conflicts / Victory of the Defending Player!", 4),
    "13.10": ("Conflicts / Tie!", 2),
    "14": ("Leveling Districts", 10),
    "15": ("End of the Game", 2),
    "16": ("Example of Play", 4),
    "17.0": ("Optional Rules", 1),
    "17.1": ("Optional Rules / Resources", 2),
    "17.2": ("Optional Rules / Collateral Damage", 2),
    "17.3": ("Optional Rules / Brute Force", 1),
    "18.1": ("Final Notes / The Text of the Cards", 1),
    "18.2": ("Final Notes / Negative Values", 1),
    "18.3": ("Final Notes / 100% Casualties", 1),
    "18.4": ("Final Notes / Heroic Threats", 1),
    "18.6": ("Final Notes / The Three Jade Rules", 3),
}

# the rulings of docs/rulings.md the engine cites, with their question
RULINGS: dict[str, str] = {
    "C9": "Empty decks",
    "C10": "A game that cannot end",
    "C13": "Unused actions",
}


cite = statement_citer(GAME, SECTIONS, RULINGS, "docs/rules/crisis-tokyo.md")


def card_cite(card: str, half: str, name: str) -> str:
    """``crisis-tokyo card:<id>:<half> <name>``: the card (half) whose effect applied."""
    return f"{GAME} card:{card}:{half} {name}"


@lru_cache(maxsize=None)
def _source_cites() -> dict[str, str]:
    """{name of an Event half or of a Talent: citation of the card half that carries it}
    (every such name is unique in the card data)."""
    from .cards import card_set
    cs = card_set()
    out: dict[str, str] = {}

    def add(name: str, text: str) -> None:
        if name in out:
            raise ValueError(f"two card effects are named {name!r}: citations would be ambiguous")
        out[name] = text

    for cid, c in cs["event"].items():
        for which in ("a", "b"):
            h = c[which]
            add(h["name"], card_cite(cid, which, h["name"]))
            for t in h.get("talents", []):
                add(t["name"], card_cite(cid, which, t["name"]))
    for cid, c in cs["character"].items():
        for which in ("threat", "hero"):
            for t in c[which].get("talents", []):
                add(t["name"], card_cite(cid, which, t["name"]))
    return out


def source_cite(source: str) -> str:
    """The citation of an effect by its source (the name of the Event half or Talent that
    the effect interpreter carries along)."""
    return _source_cites()[source]
