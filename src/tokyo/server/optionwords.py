"""The lobby's words for the games' options (``GET /api/games``: ``label``, ``words``,
``rules``, ``pick`` on each option).

An option's ``help`` is written for ``tokyo games`` and API clients: it names rule statement
ids ("ruling R1", "storyline 8.11.2"), ids to type ("crisis-bleeding-exchequer") and how old
records replay. A person creating a room reads ``words`` instead: what the option changes in
the game, in a player's words; the statements it comes from are ``rules`` (ids of the game's
rules page, ``/rules/{game}#{anchor}``), which the lobby shows as a small link. An option
that takes ids gets ``pick``: the list to choose from, by name, so that nobody types an id.

Options without words of their own here (a game added later) get their ``help`` without the
rule references and the note on old records: never an empty text.
"""

from __future__ import annotations

import re
from functools import lru_cache

from ..core import OptionError, game_catalogue, game_info

# (game id or "*" for every game) -> option name -> (label, words)
WORDS: dict[str, dict[str, tuple[str, str]]] = {
    "*": {
        "ask_always": ("Ask every question",
                       "Also ask the questions whose answer cannot change anything (left off, the table "
                       "answers them for you)."),
        "two_player_variant": ("Two-player variant",
                               "For 2 players: entering or starting a turn in Tokyo gives 1 energy instead of "
                               "stars."),
        "monsters": ("Monsters", "Who plays which monster; a seat left on “board order” gets the next monster "
                                 "in the board's order."),
        "act_rounds": ("Rounds in an Act", "How many rounds each Act lasts."),
        "first_player": ("First player", "Who takes the first turn."),
        "decks": ("Factions", "The faction each player plays; a player left on “at random” gets one of the "
                              "others at random."),
    },
    "kot-dark": {
        "wickedness_side": ("Wickedness tiles", "Which side of the Wickedness tiles is used: red, green, or "
                                                "each tile's side at random."),
        "star_tie": ("Several monsters at 20 stars", "When several monsters reach 20 stars in the same turn: "
                                                      "they share the win, or the one with the most "
                                                      "stars wins."),
        "wickedness_per_triple": ("Wickedness for six 1s or 2s", "A roll of six 1s (or six 2s) gives Wickedness "
                                                                 "for each full triple, or for the "
                                                                 "first triple only."),
        "death_from_above": ("Death From Above in Tokyo Bay", "A monster in Tokyo Bay that buys Death From "
                                                               "Above moves to Tokyo City or stays in the "
                                                               "Bay."),
    },
    "kot": {
        "star_tie": ("Several monsters at 20 stars", "When several monsters reach 20 stars in the same turn: "
                                                      "they share the win, or the one with the most "
                                                      "stars wins."),
        "death_from_above": ("Death From Above in Tokyo Bay", "A monster in Tokyo Bay that buys Death From "
                                                               "Above moves to Tokyo City or stays in the "
                                                               "Bay."),
        "frenzy": ("Frenzy's extra turn", "After the turn ends in full, or at once, skipping this turn's End "
                                          "of Turn effects."),
    },
    "kot-godzilla": {
        "evolutions": ("Evolution cards", "Play with the Evolution cards (the extension)."),
    },
    "crisis-tokyo": {
        "districts_to_win": ("Districts to win", "How many Districts a player needs to win."),
        "dragon": ("The Dragon's order", "Which power beats which: A is the rulebook's own listing order, B "
                                         "the other order its examples allow."),
        "defence_order": ("Who defends first", "Who is offered the defence first: from the attacker's right, "
                                               "against the turn order, as the rules say, or in turn "
                                               "order, as the rulebook's example plays."),
        "resources": ("Resources (optional rule)", "Draw a card at the start of your turn."),
        "collateral_damage": ("Collateral damage (optional rule)", "Any power may level the District."),
        "brute_force": ("Brute force (optional rule)", "8 or more spheres level any District."),
        "turn_limit": ("Turn limit", "After this many turns the game ends, and the most Districts wins."),
        "ask_always": ("Ask every question", "Also ask the questions that have only one possible answer (left "
                                             "off, the table answers them for you)."),
    },
    "storyline": {
        "target": ("Story Points to win", "How many Story Points win the game."),
        "acts": ("Acts", "After this many Acts the game ends."),
        "ask_always": ("Ask every question", "Also ask (or pick at random) a choice among cards that would all "
                                             "be left as they are."),
    },
    "crisis-format": {
        "acts": ("Acts", "After this many Acts the game ends in a draw."),
        "opponent": ("The opponent", "The opponent's choices are made at random, or by a person in an "
                                     "extra seat."),
        "crises": ("Crises", "The Crisis each player faces; a player left on “at random” gets one of the "
                             "others at random."),
        "ask_always": ("Ask every question", "Also ask (or pick at random) a choice among cards that would all "
                                             "be left as they are."),
        "chapter_ends": ("Chapter ends", "As printed at every player count, or longer with more "
                                         "players, so that a Crisis turns over after as many rounds as with 2 "
                                         "players."),
    },
}

# option name -> choice -> the words the lobby shows for it (the value sent stays the choice)
CHOICES: dict[str, dict[str, str]] = {
    "wickedness_side": {"red": "red side", "green": "green side", "mixed": "each tile at random (mixed)"},
    "star_tie": {"shared": "they share the win", "most-stars": "the most stars wins"},
    "wickedness_per_triple": {"each-triple": "for each triple", "first-triple": "for the first triple only"},
    "death_from_above": {"city": "moves to Tokyo City", "stay": "stays in Tokyo Bay"},
    "frenzy": {"after-turn": "after this turn ends in full", "at-once": "at once, skipping its End of Turn"},
    "dragon": {"A": "A: the rulebook's listing order", "B": "B: the other order"},
    "defence_order": {"right": "from the attacker's right (the rules)", "left": "in turn order (the example)"},
    "opponent": {"auto": "played at random", "seat": "played by a person in an extra seat"},
    "chapter_ends": {"printed": "as printed", "scaled": "longer with more players"},
}

# option name -> (fewest, most players) it applies to, and why, for the lobby to disable it
# with that reason when another number of players is chosen
PLAYERS: dict[str, tuple[int, int, str]] = {
    "two_player_variant": (2, 2, "only for a game of 2 players"),
}

_RULE_REF = re.compile(r"\s*\((?:[^()]*?)(?:\bruling|\brulings|\bstoryline \d)[^()]*\)")
_OLD_RECORDS = re.compile(r";\s*records made before the option replay with \w+")
_RULINGS = re.compile(r"\brulings? ((?:[A-Z]\d+)(?:(?:, | and )[A-Z]\d+)*)")
_STATEMENT = re.compile(r"\b(storyline|kot-dark|kot-godzilla|kot|crisis-tokyo) (\d+(?:\.\d+)+)")


def rule_ids(game_id: str, help_text: str) -> list[str]:
    """The rule statement ids an option's help names ("ruling R1" in kot-dark: ``kot-dark
    R1``; "storyline 8.11.2": ``storyline 8.11.2``), as the rules page anchors them."""
    system = game_info(game_id).rules_id
    out = [f"{system} {r}" for m in _RULINGS.finditer(help_text) for r in re.split(r", | and ", m[1])]
    out += [f"{m[1]} {m[2]}" for m in _STATEMENT.finditer(help_text)]
    return out


def plain_help(help_text: str) -> str:
    """``help`` without its rule references and its note on old records."""
    text = _OLD_RECORDS.sub("", _RULE_REF.sub("", help_text)).strip()
    return text[:1].upper() + text[1:] + ("" if text.endswith(".") else ".")


@lru_cache(maxsize=16)
def card_names(game_id: str) -> dict[str, str]:
    """The game's catalogue names by id (monsters, factions, crises, cards); {} for none.
    A set with a name of its own is named too, by its id, unless a card has that id: a
    Storyline faction is its deck (``concord``: ``Ironclad Concord``), as the game says it."""
    try:
        entries = game_catalogue(game_id)
        names = {c["id"]: c["name"] for c in entries if c.get("id") and c.get("name")}
        for c in entries:
            if c.get("set") and c.get("set_name"):
                names.setdefault(str(c["set"]), c["set_name"])
        return names
    except (OptionError, KeyError, TypeError):
        return {}


def _pick(game_id: str, option) -> dict | None:
    """What an id-taking option is chosen from: ``per`` (``seat``: one per seat in seat order;
    ``player``: one per player), ``items`` [{id, name}], ``unset`` (what a place left unchosen
    gets, in words); for ``first_player``, ``per`` ``one`` and the seats as items."""
    if option.name == "first_player":
        return {"per": "one", "items": [], "seats": True, "unset": "at random"}
    if option.name == "monsters" and option.choices:
        names = card_names(game_id)
        return {"per": "seat", "items": [{"id": c, "name": names.get(c, c)} for c in option.choices],
                "unset": "board order"}
    if option.name in ("decks", "crises"):
        from ..games.storyline.cards import default_card_set
        cards = default_card_set()
        ids = sorted(cards["decks"]) if option.name == "decks" else sorted(cards["crises"])
        names = card_names(game_id)
        items = [{"id": i, "name": names.get(i) or i.replace("-", " ").capitalize()} for i in ids]
        return {"per": "player", "items": items, "unset": "at random"}
    return None


def option_words(game_id: str, option) -> dict:
    """The lobby's fields of one declared option: ``label``, ``words``, ``rules``, ``pick``,
    ``choice_words`` (choice -> words, for an option with choices) and ``players`` (null, or
    {min, max, why}: the numbers of players it applies to)."""
    label, words = (WORDS.get(game_id, {}).get(option.name) or WORDS["*"].get(option.name)
                    or (option.name.replace("_", " ").capitalize(), plain_help(option.help)))
    choices = CHOICES.get(option.name, {})
    limits = PLAYERS.get(option.name)
    return {"label": label, "words": words, "rules": rule_ids(game_id, option.help), "pick": _pick(game_id, option),
            "choice_words": {c: choices.get(c, c) for c in option.choices} if option.choices and not _pick(game_id, option)
            else None,
            "players": {"min": limits[0], "max": limits[1], "why": limits[2]} if limits else None}
