"""Log citations of rule statements (docs/rules/README.md), for games whose rules page
numbers statements ``<section>.<n>``: no knowledge of any game."""

from __future__ import annotations

from functools import lru_cache
from typing import Callable


def statement_citer(game: str, sections: dict[str, tuple[str, int]], rulings: dict[str, str],
                    page: str) -> Callable[[str], str]:
    """A cached ``cite(key)`` giving ``"<game> <key> <title>"`` for a statement key of
    ``sections`` ({section: (title, number of statements)}) or a ruling of ``rulings``
    ({key: question}). ``cite`` raises ValueError for any other key, naming ``page``."""
    @lru_cache(maxsize=None)
    def cite(key: str) -> str:
        if key in rulings:
            return f"{game} {key} {rulings[key]}"
        section, _, n = key.rpartition(".")
        found = sections.get(section)
        if found is None or not n.isdigit() or not 1 <= int(n) <= found[1]:
            raise ValueError(f"{key!r} is not a statement of {page}")
        return f"{game} {key} {found[0]}"
    cite.__doc__ = f"``{game} <key> <title>`` for a statement key or a cited ruling of {page}."
    return cite
