"""Summary dicts in the format of ``tokyo simulate --json`` (with the keys added for
issue 4: turns, wins_by_label, cards) and a comparison, for the report tests.

The numbers are made up but consistent: shares are wins / trials and every interval is
the Wilson interval of :func:`tokyo.sim.wilson`.
"""

from __future__ import annotations

import copy
import random

from tokyo.sim import wilson

MONSTERS = ["Alienoid", "Cyber Kitty", "Giga Zaur", "Meka Dragon", "The King", "Space Penguin",
            "Pandakai", "Mantis"]


def _rate(wins: int, trials: int) -> dict:
    return {"wins": wins, "share": wins / trials, "ci95": list(wilson(wins, trials))}


def minimal_summary() -> dict:
    """The smallest summary the report accepts: two seats, one agent, nothing optional."""
    return {
        "game": "toy-pig", "players": 2, "games": 10,
        "wins_by_seat": [{"seat": 0, "agent": "random", **_rate(6, 10)},
                         {"seat": 1, "agent": "random", **_rate(4, 10)}],
    }


def full_summary(cards: int = 40, seed: int = 1) -> dict:
    """A 4-player summary with every section: two agents, monsters, turns, win_by and
    ``cards`` card rows (more than 30 by default, so the plot shows the extremes)."""
    rng = random.Random(seed)
    games = 400
    seat_wins = [190, 12, 180, 18]
    agents = ["heuristic", "random", "heuristic", "random"]
    summary = {
        "game": "kot-dark", "players": 4, "options": {"wickedness_side": "red", "monsters": []},
        "agents": agents, "seed": 7, "games": games, "interrupted": False,
        "wins_by_seat": [{"seat": s, "agent": agents[s], **_rate(w, games)} for s, w in enumerate(seat_wins)],
        "wins_by_agent": [
            {"agent": "heuristic", "seats": [0, 2], "seat_games": 800, **_rate(370, 800)},
            {"agent": "random", "seats": [1, 3], "seat_games": 800, **_rate(30, 800)},
        ],
        "no_winner": 0, "shared_wins": 0, "mean_turns": 31.4, "min_turns": 14, "max_turns": 55,
        "win_by": {"stars": {"games": 300, "share": 0.75}, "survival": {"games": 100, "share": 0.25}},
    }
    label_rows = []
    for i, name in enumerate(MONSTERS):
        seat_games = 200
        wins = [82, 70, 55, 50, 48, 40, 35, 20][i]
        label_rows.append({"label": name, "seat_games": seat_games, **_rate(wins, seat_games)})
    rng.shuffle(label_rows)
    summary["wins_by_label"] = {"monster": label_rows}
    hist = [{"turns": t, "games": n} for t, n in zip(range(14, 56), [
        1, 2, 3, 5, 6, 8, 10, 12, 14, 16, 18, 20, 22, 23, 24, 24, 23, 22, 20, 18, 17, 15, 13, 12,
        10, 9, 8, 7, 6, 5, 4, 3, 3, 2, 2, 1, 1, 1, 0, 1, 1, 1])]
    summary["turns"] = {"mean": 31.4, "median": 30, "min": 14, "max": 55, "p10": 21, "p90": 42,
                        "histogram": hist}
    rows = []
    for i in range(cards):
        with_games = rng.randint(40, 300)
        without_games = 1600 - with_games
        with_wins = rng.randint(with_games // 10, with_games // 2)
        without_wins = rng.randint(without_games // 5, without_games // 3)
        w, wo = _rate(with_wins, with_games), _rate(without_wins, without_games)
        diff = w["share"] - wo["share"]
        half = 1.96 * ((w["share"] * (1 - w["share"]) / with_games)
                       + (wo["share"] * (1 - wo["share"]) / without_games)) ** 0.5
        rows.append({"card": f"Card {i:02d}", "with": {"seat_games": with_games, **w},
                     "without": {"seat_games": without_games, **wo},
                     "lift": w["share"] / wo["share"] if wo["share"] else None,
                     "difference": diff, "difference_ci95": [diff - half, diff + half]})
    rows.sort(key=lambda r: -r["difference"])
    summary["cards"] = {"verb": "bought", "rows": rows}
    return summary


def comparison() -> dict:
    """A comparison of wickedness_side red (base) against orange (variant)."""
    base = full_summary(cards=12)
    variant = copy.deepcopy(base)
    variant["options"]["wickedness_side"] = "orange"
    variant["wins_by_seat"][1] = {"seat": 1, "agent": "random", **_rate(40, 400)}
    seats = []
    for b, v in zip(base["wins_by_seat"], variant["wins_by_seat"]):
        d = v["share"] - b["share"]
        seats.append({"seat": b["seat"], "agent": b["agent"], "base_share": b["share"],
                      "variant_share": v["share"], "difference": d, "ci95": [d - 0.04, d + 0.04]})
    agents = [{"agent": "heuristic", "base_share": 0.4625, "variant_share": 0.445, "difference": -0.0175,
               "ci95": [-0.066, 0.031]},
              {"agent": "random", "base_share": 0.0375, "variant_share": 0.055, "difference": 0.0175,
               "ci95": [-0.003, 0.038]}]
    return {"compare": {"option": "wickedness_side", "base": "red", "variant": "orange", "games": 400,
                        "seats": seats, "agents": agents,
                        "turns": {"base_mean": 31.4, "variant_mean": 29.9, "difference": -1.5,
                                  "ci95": [-2.6, -0.4]},
                        "changed_winner": 57, "base_summary": base, "variant_summary": variant}}


# ----- reading a report page back --------------------------------------------------------
from html.parser import HTMLParser  # noqa: E402


class Page(HTMLParser):
    """A report page read back: per section id, its tables (rows of cell texts, header
    row first), its images (src attributes) and its text; ``ids`` in document order."""

    def __init__(self, text: str):
        super().__init__(convert_charrefs=True)
        self.sections: dict[str, dict] = {}
        self.ids: list[str] = []
        self.images: list[str] = []
        self.tags: set[str] = set()
        self._open: list[str | None] = []  # section ids (None for other tags) open now
        self._row: list[str] | None = None
        self._cell: list[str] | None = None
        self._tables: list[list] = []
        self.feed(text)
        self.close()

    def _current(self) -> list[dict]:
        return [self.sections[s] for s in self._open if s is not None]

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        self.tags.add(tag)
        if tag == "section":
            sid = attrs.get("id")
            if sid:
                self.ids.append(sid)
                self.sections[sid] = {"tables": [], "images": [], "text": ""}
            self._open.append(sid)
        elif tag == "table":
            table: list = []
            self._tables.append(table)
            for sec in self._current():
                sec["tables"].append(table)
        elif tag == "tr":
            self._row = []
        elif tag in ("td", "th"):
            self._cell = []
        elif tag == "img":
            self.images.append(attrs.get("src", ""))
            for sec in self._current():
                sec["images"].append(attrs.get("src", ""))

    def handle_endtag(self, tag):
        if tag == "section" and self._open:
            self._open.pop()
        elif tag in ("td", "th") and self._cell is not None and self._row is not None:
            self._row.append("".join(self._cell).strip())
            self._cell = None
        elif tag == "tr" and self._row is not None and self._tables:
            self._tables[-1].append(self._row)
            self._row = None
        elif tag == "table" and self._tables:
            self._tables.pop()

    def handle_data(self, data):
        if self._cell is not None:
            self._cell.append(data)
        for sec in self._current():
            sec["text"] += data
