"""Section titles of the rule statement pages (docs/rules/<game>.md), for log citations.

A log event cites ``"<game id> <statement key> <section title>"``, for example
``kot-dark 2.4.1 Resolve Dice / Smash``: ``KotState.rule("2.4.1")`` looks the section of
the key (``"2.4"``; ``"4"`` for ``"4.2"``) up in the edition's table (the class attribute
``KotState.RULEBOOK``). A later edition (kot-godzilla) brings its own table, matching the
headings of its own page. Keys starting with ``R`` are rulings (docs/rulings.md).
"""

from __future__ import annotations

# docs/rules/kot-dark.md: one entry per heading that holds statements, "<section> / <subsection>"
# as the page's headings read (a ".0" subsection: the section's own title)
DARK_SECTIONS: dict[str, str] = {
    "0.1": "Before the turn / Components",
    "0.2": "Before the turn / Setup",
    "0.3": "Before the turn / First player",
    "1": "Roll Dice",
    "2.0": "Resolve Dice",
    "2.1": "Resolve Dice / Victory Points",
    "2.2": "Resolve Dice / Wickedness Points and tiles",
    "2.3": "Resolve Dice / Energy",
    "2.4": "Resolve Dice / Smash",
    "2.5": "Resolve Dice / Heal",
    "2.6": "Resolve Dice / Example: Gigazaur's turn",
    "3.0": "Enter Tokyo",
    "3.1": "Enter Tokyo / Five and six players",
    "3.2": "Enter Tokyo / Effects of Tokyo",
    "3.3": "Enter Tokyo / Optional rule for two players",
    "4": "Buy Power Cards",
    "5": "End of Turn",
    "6": "End of Game",
    "7": "Glossary",
    "8": "Example: a five-player game",
    "9.0": "Clarifications",
    "9.1": "Clarifications / Opportunist",
    "9.2": "Clarifications / Poison Spit & Shrink Ray",
    "9.3": "Clarifications / Fire Breathing",
    "9.4": "Clarifications / Metamorph",
    "9.5": "Clarifications / Fluxling",
    "R": "Rulings",
}


def section_of(key: str) -> str:
    """The section of a statement key: "2.4.1" -> "2.4", "4.2" -> "4", "R13" or "G4" -> "R"."""
    if key[0].isalpha():  # a ruling: R13 (kot-dark), G4 (kot-godzilla), B3 (kot)
        return "R"
    return key.rsplit(".", 1)[0]


def citation(game_id: str, sections: dict[str, str], key: str) -> str:
    """``"kot-dark 2.4.1 Resolve Dice / Smash"``; KeyError for a key of no known section."""
    return f"{game_id} {key} {sections[section_of(key)]}"

# docs/rules/kot-godzilla.md
GODZILLA_SECTIONS: dict[str, str] = {
    "0.1": "Before the first turn / Components",
    "0.2": "Before the first turn / Setup",
    "0.3": "Before the first turn / First player",
    "0.4": "Before the first turn / Turn order",
    "1": "Roll the Dice",
    "2.0": "Resolve the Dice",
    "2.1": "Resolve the Dice / Victory Points",
    "2.2": "Resolve the Dice / Energy",
    "2.3": "Resolve the Dice / Smack",
    "2.4": "Resolve the Dice / Heal",
    "2.5": "Resolve the Dice / Example: Godzilla's rolls",
    "3.0": "Enter Tokyo",
    "3.1": "Enter Tokyo / Five and six players",
    "3.2": "Enter Tokyo / Effects of Tokyo",
    "3.3": "Enter Tokyo / Optional rule for two players",
    "4.1": "Buy Energy Cards OR Gain 1 Energy / Buy Energy Cards",
    "4.2": "Buy Energy Cards OR Gain 1 Energy / Gain 1 Energy",
    "4.3": "Buy Energy Cards OR Gain 1 Energy / Event cards",
    "4.4": "Buy Energy Cards OR Gain 1 Energy / Example: Rodan's purchase",
    "5.0": "End Your Turn",
    "5.1": "End Your Turn / Example of a five-player game",
    "6": "End of the Game",
    "7.0": "Evolution cards (extension)",
    "7.1": "Evolution cards (extension) / Setup",
    "7.2": "Evolution cards (extension) / How to play",
    "7.3": "Evolution cards (extension) / The evolutions",
    "7.4": "Evolution cards (extension) / Play windows",
    "R": "Rulings",
}

# docs/rules/kot.md: the base game; its statements keep the kot-dark numbers of the rules
# they share (no 2.2: there is no Wickedness), and 9.5 is Mimic
BASE_SECTIONS: dict[str, str] = {
    "0.1": "Before the turn / Components",
    "0.2": "Before the turn / Setup",
    "0.3": "Before the turn / First player",
    "1": "Roll Dice",
    "2.0": "Resolve Dice",
    "2.1": "Resolve Dice / Victory Points",
    "2.3": "Resolve Dice / Energy",
    "2.4": "Resolve Dice / Smash",
    "2.5": "Resolve Dice / Heal",
    "3.0": "Enter Tokyo",
    "3.1": "Enter Tokyo / Five and six players",
    "3.2": "Enter Tokyo / Effects of Tokyo",
    "3.3": "Enter Tokyo / Optional rule for two players",
    "4": "Buy Power Cards",
    "5": "End of Turn",
    "6": "End of Game",
    "7": "Glossary",
    "9.0": "Clarifications",
    "9.1": "Clarifications / Opportunist",
    "9.2": "Clarifications / Poison Spit & Shrink Ray",
    "9.3": "Clarifications / Fire Breathing",
    "9.4": "Clarifications / Metamorph",
    "9.5": "Clarifications / Mimic",
    "R": "Rulings",
}
