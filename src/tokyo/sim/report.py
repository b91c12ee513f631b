"""``tokyo report``: one self-contained HTML page of plots and tables from simulation results.

The page is built from a *summary* dict, the format of ``tokyo simulate --json`` (see
:func:`tokyo.sim.summarise`), or from a *comparison* dict (``{"compare": {...}}``, what
``tokyo simulate --compare --json`` prints). Every section is optional except the wins
by seat: a key that is absent, ``None`` or empty leaves its section out, so summaries
written before a key existed still give a page.

Plots are drawn with matplotlib (the Agg renderer, no display needed) and embedded in
the page as base64 PNG images; the page needs no other file and no JavaScript, and its
CSS keeps it readable on a phone. Shares are fractions in [0, 1] in the data and
percentages on the page; share differences are shown in percentage points ("pts").

Only generic summary fields are used: nothing here knows a particular game.
"""

from __future__ import annotations

import base64
import html
import io
import json
import math
import os
import re
import tempfile
from pathlib import Path
from typing import Any, Callable, Iterable

from ..core.errors import TokyoError
from ..core.runner import GameRecord
from .records import read_text
from .runner import SEED_STRIDE
from .stats import count_unit, endings, summarise

__all__ = ["ReportError", "check_summary", "load_results", "overview_png", "render_report",
           "write_report"]

EXPECTED = ("expected a summary (`tokyo simulate --json`), a comparison (`tokyo simulate "
            "--compare --json`) or a file of game records (`tokyo simulate --out`)")

DPI = 110
"""Resolution of the embedded PNG images (dots per inch of the figure sizes below)."""

MANY_CARDS = 30
"""With more cards than this, the card plot shows the top and bottom ``MANY_CARDS // 2``."""

PALETTE = ["#3b6ea5", "#e07b39", "#5a9e4b", "#b8474a", "#7d62a8", "#8c6d52", "#cc6fae",
           "#6f6f6f", "#a7a93a", "#3aa7b8"]
GOOD, BAD, NEUTRAL, EVEN = "#2e7d32", "#c62828", "#8a8a8a", "#555555"


class ReportError(TokyoError, ValueError):
    """Results that cannot be reported (a missing or malformed file, a dict that is not a
    summary) or a page that cannot be written. The message is one line saying what was
    wrong and what is expected."""


# ----- reading ---------------------------------------------------------------------------
def _is_num(x: Any) -> bool:
    return isinstance(x, (int, float)) and not isinstance(x, bool) and math.isfinite(x)


def _is_int(x: Any) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def _is_ci(x: Any) -> bool:
    return isinstance(x, (list, tuple)) and len(x) == 2 and all(_is_num(v) for v in x)


def _need(ok: bool, where: str, what: str) -> None:
    if not ok:
        raise ReportError(f"{where}: {what}")


def _check_rate_rows(rows: Any, where: str, name: str, keys: Iterable[str]) -> None:
    shape = "{" + ", ".join(keys) + ", share, ci95}"
    _need(isinstance(rows, list), where, f"{name!r} should be a list of {shape}")
    for i, row in enumerate(rows):
        ok = isinstance(row, dict) and all(k in row for k in keys)
        ok = ok and _is_num(row.get("share")) and _is_ci(row.get("ci95"))
        _need(ok, where, f"{name}[{i}] should be an object {shape} with a numeric share "
                         "and ci95 = [low, high]")


def check_summary(summary: Any, where: str = "summary") -> dict:
    """Check that ``summary`` has the shape of a ``tokyo simulate --json`` summary.

    Required: ``games`` (int) and ``wins_by_seat`` (a list of {seat, agent, wins,
    share, ci95}); every other key is optional, but when present and not empty it must
    have its documented shape. Returns the summary; raises ReportError naming the first
    field that is wrong (``where`` starts the message).
    """
    _need(isinstance(summary, dict), where, f"should be a JSON object, not {type(summary).__name__}")
    _need(_is_int(summary.get("games")), where, "'games' should be a whole number of games")
    _check_rate_rows(summary.get("wins_by_seat"), where, "wins_by_seat", ("seat", "wins"))
    if summary.get("wins_by_agent"):
        _check_rate_rows(summary["wins_by_agent"], where, "wins_by_agent", ("agent", "wins"))
    labels = summary.get("wins_by_label")
    if labels:
        _need(isinstance(labels, dict), where, "'wins_by_label' should be an object {kind: [rows]}")
        for kind, rows in labels.items():
            _check_rate_rows(rows or [], where, f"wins_by_label.{kind}", ("label", "wins"))
    turns = summary.get("turns")
    if turns:
        _need(isinstance(turns, dict), where, "'turns' should be an object {mean, median, ..., histogram}")
        hist = turns.get("histogram") or []
        _need(isinstance(hist, list) and all(isinstance(h, dict) and _is_num(h.get("turns"))
                                             and _is_num(h.get("games")) for h in hist),
              where, "'turns.histogram' should be a list of {turns, games}")
    win_by = summary.get("win_by")
    if win_by:
        _need(isinstance(win_by, dict) and all(isinstance(v, dict) and _is_num(v.get("share"))
                                               for v in win_by.values()),
              where, "'win_by' should be an object {how: {games, share}}")
    if summary.get("cards"):
        _check_card_rows(summary["cards"], where, "cards")
    groups = summary.get("card_groups")
    if groups:
        _need(isinstance(groups, dict), where, "'card_groups' should be an object {name: {verb, rows}}")
        for name, group in groups.items():
            _check_card_rows(group, where, f"card_groups.{name}")
    return summary


def _check_card_rows(cards: Any, where: str, name: str) -> None:
    _need(isinstance(cards, dict) and isinstance(cards.get("rows"), list), where,
          f"{name!r} should be an object {{verb, rows: [...]}}")
    for i, row in enumerate(cards["rows"]):
        # a card used in every seat-game has no "without" side: difference and interval None
        ok = (isinstance(row, dict) and "card" in row
              and ((_is_num(row.get("difference")) and _is_ci(row.get("difference_ci95")))
                   or (row.get("difference") is None and row.get("difference_ci95") is None)))
        _need(ok, where, f"{name}.rows[{i}] should be an object {{card, with, without, lift, "
                         "difference, difference_ci95}} with a numeric difference and interval "
                         "(or both null)")


def _check_comparison(data: dict, where: str) -> dict:
    comp = data.get("compare")
    _need(isinstance(comp, dict), where, "'compare' should be an object {option, base, variant, ...}")
    for name in ("seats", "agents"):
        rows = comp.get(name) or []
        # ci95 is null when there were fewer than two paired games
        _need(isinstance(rows, list) and all(isinstance(r, dict) and _is_num(r.get("difference"))
                                             and (_is_ci(r.get("ci95")) or r.get("ci95") is None)
                                             for r in rows),
              where, f"'compare.{name}' should be a list of rows with a numeric difference and ci95")
    turns = comp.get("turns")
    if turns:
        _need(isinstance(turns, dict), where, "'compare.turns' should be an object "
                                              "{base_mean, variant_mean, difference, ci95}")
    for side in ("base_summary", "variant_summary"):
        if comp.get(side) is not None:
            check_summary(comp[side], f"{where}, compare.{side}")
    return data


def _to_record(item: Any) -> GameRecord:
    """A record as read by :func:`tokyo.sim.read_records` (a (where, dict) pair, a dict or
    a GameRecord) as a GameRecord."""
    if isinstance(item, tuple) and len(item) == 2:
        item = item[1]
    if isinstance(item, GameRecord):
        return item
    return GameRecord(game_id=item["game"], players=item["players"], options=item.get("options") or {},
                      seed=item.get("seed"), agents=list(item.get("agents") or []),
                      history=item["history"], returns=item["returns"], winners=item["winners"],
                      turns=item["turns"], extra=item.get("extra") or {})


def _batch_seed(records: list[GameRecord]) -> int | None:
    """The ``--seed`` of the batch, when the records are games 0, 1, 2, ... of one batch."""
    seeds = [r.seed for r in records]
    if not seeds or not all(_is_int(s) for s in seeds) or seeds[0] % SEED_STRIDE:
        return None
    if seeds != list(range(seeds[0], seeds[0] + len(seeds))):
        return None
    return seeds[0] // SEED_STRIDE


def _summarise_records(path: Path) -> dict:
    from .replay import read_records
    records = [_to_record(item) for item in read_records(path)]  # raises StateFormatError
    try:
        summary = summarise(records)
    except ValueError as exc:
        raise ReportError(f"{path}: {exc}") from None
    if summary.get("seed") is None:
        summary["seed"] = _batch_seed(records)
    summary["source"] = f"{len(records)} game records in {path.name}"
    return summary


def load_results(path: str | Path) -> dict:
    """Read simulation results from ``path`` as a summary or comparison dict.

    The file may hold a summary (``tokyo simulate --json``), a comparison (the same with
    ``--compare``), or game records (``tokyo simulate --out``: JSON lines, a JSON list,
    one record, or a ``.parquet`` file read by :func:`tokyo.sim.read_records`), which are
    summarised with :func:`tokyo.sim.summarise`.

    Returns the summary dict, or ``{"compare": {...}}`` for a comparison. Raises
    ReportError (or StateFormatError from read_records) with a one-line message when
    the file is missing, unreadable, not JSON, or JSON of another shape.
    """
    path = Path(path)
    if path.suffix.lower() == ".parquet":
        return _summarise_records(path)
    text = read_text(path, ReportError, "simulation results", EXPECTED)
    try:
        data = json.loads(text)
    except ValueError as exc:
        first = next(line for line in text.splitlines() if line.strip())
        try:
            head = json.loads(first)
        except ValueError:
            head = None
        if isinstance(head, dict) and "history" in head:  # JSON lines of records
            return _summarise_records(path)
        raise ReportError(f"{path} is not JSON ({exc.msg.removesuffix(' at')}: line {exc.lineno}, column {exc.colno}); "
                          f"{EXPECTED}") from None
    if isinstance(data, list) or (isinstance(data, dict) and "history" in data):
        return _summarise_records(path)
    if isinstance(data, dict) and "compare" in data:
        return _check_comparison(data, str(path))
    if isinstance(data, dict) and "wins_by_seat" in data:
        return check_summary(data, str(path))
    kind = "an object without 'wins_by_seat', 'compare' or 'history'" if isinstance(data, dict) \
        else f"a JSON {type(data).__name__}"
    raise ReportError(f"{path} holds {kind}, which is neither a summary, a comparison nor game "
                      f"records; {EXPECTED}")


# ----- formatting ------------------------------------------------------------------------
def _e(x: Any) -> str:
    return html.escape(str(x), quote=True)


def _pct(x: float | None) -> str:
    return "–" if x is None else f"{100 * x:.1f}%"


def _pts(x: float | None) -> str:
    return "–" if x is None else f"{100 * x:+.1f} pts"


def _interval(ci: Iterable[float] | None, fmt: Callable[[float], str], joint: str) -> str:
    """An interval (lo, hi) as text, each end by ``fmt``; "–" when there is none."""
    if not ci:
        return "–"
    lo, hi = ci
    return f"{fmt(lo)}{joint}{fmt(hi)}"


def _ci(ci: Iterable[float] | None) -> str:
    return _interval(ci, _pct, " – ")


def _ci_pts(ci: Iterable[float] | None) -> str:
    return _interval(ci, _pts, " to ")


def _num(x: Any, digits: int = 1) -> str:
    if x is None:
        return "–"
    if _is_int(x) or (isinstance(x, float) and x.is_integer() and digits == 0):
        return str(int(x))
    return f"{x:.{digits}f}"


def _lift(x: Any) -> str:
    return "–" if not _is_num(x) else f"×{x:.2f}"


def _value(v: Any) -> str:
    return v if isinstance(v, str) else json.dumps(v)


def _even(summary: dict) -> float | None:
    if summary.get("cooperative"):
        return None   # the players win or lose together: there is no even share among seats
    players = summary.get("players")
    return 1 / players if _is_int(players) and players > 0 else None


def _clear(ci, level: float) -> int:
    """+1 if the interval lies above ``level``, -1 if below, 0 if it contains it (or is None)."""
    if ci is None:
        return 0
    lo, hi = ci
    return 1 if lo > level else -1 if hi < level else 0


def _seat_name(row: dict) -> str:
    agent = row.get("agent")
    return f"seat {row['seat']}" + (f" ({agent})" if agent not in (None, "") else "")


def _short(text: str, width: int = 22) -> str:
    text = str(text)
    return text if len(text) <= width else text[:width - 1] + "…"


def _families(summary: dict) -> list[dict]:
    """The card families of a summary that have rows, ``cards`` first, then each of
    ``card_groups`` by name: {"sid" (section id), "heading", "name" (None for ``cards``),
    "verb", "rows", "unit" ("games" or "seat-games": what the counts are)}. Headings name
    the family and its verb: "Cards bought" for ``cards``,
    "Evolutions played" for a group."""
    groups = {str(k): v for k, v in (summary.get("card_groups") or {}).items() if (v or {}).get("rows")}
    out = []
    cards = summary.get("cards") or {}
    if cards.get("rows"):
        verb = cards.get("verb") or "held"
        out.append({"sid": "cards", "heading": f"Cards {verb}", "name": None,
                    "verb": verb, "rows": cards["rows"],
                    "unit": count_unit(cards)})
    for name in sorted(groups):
        verb = groups[name].get("verb") or "held"
        slug = re.sub(r"[^A-Za-z0-9_-]+", "-", name).strip("-") or "group"
        out.append({"sid": f"cards-{slug}", "heading": f"{name[:1].upper()}{name[1:]} {verb}", "name": name,
                    "verb": verb, "rows": groups[name]["rows"],
                    "unit": count_unit(groups[name])})
    return out


# ----- plots -----------------------------------------------------------------------------
def _figure(width: float, height: float):
    from matplotlib.figure import Figure
    fig = Figure(figsize=(width, height), dpi=DPI, layout="constrained")
    return fig


def _style(ax) -> None:
    ax.spines[["top", "right"]].set_visible(False)
    ax.tick_params(labelsize=10)
    ax.grid(axis="both", color="#e6e6e6", linewidth=0.6)
    ax.set_axisbelow(True)


def _percent_axis(axis) -> None:
    from matplotlib.ticker import FuncFormatter
    axis.set_major_formatter(FuncFormatter(lambda v, _: f"{100 * v:.0f}%"))


def _png(fig) -> bytes:
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=DPI, metadata={"Software": None})
    return buf.getvalue()


def _errs(rows: list[dict]) -> list[list[float]]:
    return [[max(0.0, r["share"] - r["ci95"][0]) for r in rows],
            [max(0.0, r["ci95"][1] - r["share"]) for r in rows]]


def _agent_colours(summary: dict) -> dict[str, str]:
    names = [r.get("agent") for r in summary.get("wins_by_seat") or []]
    names += [r.get("agent") for r in summary.get("wins_by_agent") or []]
    return {a: PALETTE[i % len(PALETTE)] for i, a in enumerate(dict.fromkeys(names))}


def _share_bars(ax, rows: list[dict], names: list[str], colours: list[str], even: float | None,
                horizontal: bool) -> None:
    """Bars of win share with their 95% intervals and a dashed line at the even share."""
    shares = [r["share"] for r in rows]
    pos = list(range(len(rows)))
    top = max([r["ci95"][1] for r in rows] + [even or 0.0, 0.05])
    kw = dict(color=colours, alpha=0.9, capsize=4, error_kw={"elinewidth": 1.2, "ecolor": "#222"})
    if horizontal:
        ax.barh(pos, shares, xerr=_errs(rows), height=0.6, **kw)
        ax.set_yticks(pos, names)
        ax.invert_yaxis()
        ax.set_xlim(0, min(1.0, top * 1.18))
        _percent_axis(ax.xaxis)
        ax.set_xlabel("win share (lines: 95% interval)", fontsize=9)
        if even is not None:
            ax.axvline(even, color=EVEN, linestyle="--", linewidth=1.2, label=f"even share {_pct(even)}")
        for p, r in zip(pos, rows):
            ax.text(r["ci95"][1] + top * 0.015, p, _pct(r["share"]), va="center", fontsize=8)
    else:
        ax.bar(pos, shares, yerr=_errs(rows), width=0.6, **kw)
        ax.set_xticks(pos, names)
        if len(rows) < 4:  # keep few bars from growing fat
            ax.set_xlim(-1.0, len(rows))
        ax.set_ylim(0, min(1.0, top * 1.18) if top * 1.18 < 1.0 else 1.08)
        _percent_axis(ax.yaxis)
        ax.set_ylabel("win share (lines: 95% interval)", fontsize=9)
        if even is not None:
            ax.axhline(even, color=EVEN, linestyle="--", linewidth=1.2, label=f"even share {_pct(even)}")
        for p, r in zip(pos, rows):
            ax.text(p, r["ci95"][1] + top * 0.015, _pct(r["share"]), ha="center", va="bottom", fontsize=8)
    _style(ax)
    if even is not None:  # sorted bars leave the lower right empty; upright bars, the top
        ax.legend(loc="lower right" if horizontal else "upper right", fontsize=8, frameon=False)


def _draw_seats(ax, summary: dict) -> None:
    rows = summary["wins_by_seat"]
    colours = _agent_colours(summary)
    names = [f"seat {r['seat']}\n{_short(r.get('agent') or '')}" for r in rows]
    _share_bars(ax, rows, names, [colours.get(r.get("agent"), PALETTE[0]) for r in rows],
                _even(summary), horizontal=len(rows) > 6)
    ax.set_title("Win share by seat", fontsize=12, loc="left")


def _draw_agents(ax, summary: dict) -> None:
    rows = summary["wins_by_agent"]
    colours = _agent_colours(summary)
    names = [_short(r["agent"]) + ("\nseats " + ",".join(map(str, r["seats"])) if r.get("seats") else "")
             for r in rows]
    _share_bars(ax, rows, names, [colours.get(r["agent"], PALETTE[0]) for r in rows],
                _even(summary), horizontal=len(rows) > 6)
    ax.set_title("Win share by agent (per seat-game)", fontsize=12, loc="left")


ORDINAL = re.compile(r"\s*(\d+)\s*(st|nd|rd|th)\s*", re.IGNORECASE)


def _label_order(rows: list[dict]) -> list[dict]:
    """Label rows in reading order: when every label is an ordinal ("1st", "2nd", "3rd",
    "4th"... as the turn order labels are), in their natural order, 1st first, so a trend
    down the order shows; otherwise by win share, highest first."""
    numbers = [ORDINAL.fullmatch(str(r.get("label"))) for r in rows]
    if rows and all(numbers):
        return [r for _, r in sorted(zip((int(m.group(1)) for m in numbers), rows), key=lambda p: p[0])]
    return sorted(rows, key=lambda r: -r["share"])


def _draw_labels(ax, summary: dict, kind: str) -> None:
    rows = _label_order(summary["wins_by_label"][kind])
    even = _even(summary)
    colours = [GOOD if even is not None and _clear(r["ci95"], even) > 0 else
               BAD if even is not None and _clear(r["ci95"], even) < 0 else PALETTE[0] for r in rows]
    _share_bars(ax, rows, [_short(r["label"], 28) for r in rows], colours, even, horizontal=True)
    ax.set_title(f"Win share by {kind}", fontsize=12, loc="left")


def _draw_turns(ax, summary: dict) -> None:
    turns = summary["turns"]
    hist = sorted(turns["histogram"], key=lambda h: h["turns"])
    xs = [h["turns"] for h in hist]
    ax.bar(xs, [h["games"] for h in hist], width=0.85, color=PALETTE[0], alpha=0.85)
    if _is_num(turns.get("p10")) and _is_num(turns.get("p90")):
        ax.axvspan(turns["p10"] - 0.5, turns["p90"] + 0.5, color=PALETTE[0], alpha=0.08,
                   label=f"middle 80%: {_num(turns['p10'], 0)}–{_num(turns['p90'], 0)}")
    if _is_num(turns.get("median")):
        ax.axvline(turns["median"], color=BAD, linewidth=1.8, label=f"median {_num(turns['median'], 0)}")
    ax.set_xlabel("turns in the game", fontsize=9)
    ax.set_ylabel("games", fontsize=9)
    ax.set_title("Game length", fontsize=12, loc="left")
    _style(ax)
    ax.yaxis.get_major_locator().set_params(integer=True)
    ax.xaxis.get_major_locator().set_params(integer=True)  # turns are whole numbers
    if ax.get_legend_handles_labels()[0]:
        ax.legend(loc="upper right", fontsize=8, frameon=False)


def _win_by_title(ended: dict) -> str:
    """What the win_by numbers are, in words true of every game they count."""
    if ended["ended"]:
        return "How the games ended (share of " + ("all games)" if ended["of_all"] else
                                                    "the games that say how they ended)")
    return "How the games were won (share of " + ("all games)" if ended["of_all"] else "games with a winner)")


def _draw_win_by(ax, summary: dict) -> None:
    ended = endings(summary)
    items = ended["items"]
    left = 0.0
    for i, (how, v) in enumerate(items):
        share = v["share"]
        ax.barh([0], [share], left=left, height=0.6, color=PALETTE[i % len(PALETTE)], alpha=0.9,
                edgecolor="white")
        if share >= 0.08:
            ax.text(left + share / 2, 0, f"{_short(how, 14)}\n{_pct(share)}", ha="center", va="center",
                    fontsize=9, color="white", fontweight="bold")
        left += share
    ax.set_xlim(0, max(1.0, left))
    ax.set_ylim(-0.5, 0.5)
    ax.set_yticks([])
    _percent_axis(ax.xaxis)
    ax.spines[["top", "right", "left"]].set_visible(False)
    ax.tick_params(labelsize=10)
    ax.set_title(_win_by_title(ended), fontsize=12, loc="left")
    small = [f"{how} {_pct(v['share'])}" for how, v in items if v["share"] < 0.08]
    if small:
        ax.set_xlabel("also: " + ", ".join(small), fontsize=8)


def _forest(ax, names: list[str], rows: list[dict], key: str, ci_key: str, gap_after: int | None = None,
            gap_text: str = "") -> None:
    """Differences (fractions, drawn in percentage points) with intervals, one row per
    name, top first; with ``gap_after``, an empty row after that index holds ``gap_text``."""
    ys = list(range(len(rows)))
    if gap_after is not None:
        ys = [y + (1 if y > gap_after else 0) for y in ys]
    for y, r in zip(ys, rows):
        if r.get(ci_key) is None:  # no interval (too few games): the point alone
            ax.plot([100 * r[key]], [y], "o", color=NEUTRAL, markersize=5)
            continue
        lo, hi = r[ci_key]
        colour = GOOD if lo > 0 else BAD if hi < 0 else NEUTRAL
        ax.plot([100 * lo, 100 * hi], [y, y], color=colour, linewidth=2, solid_capstyle="round")
        ax.plot([100 * r[key]], [y], "o", color=colour, markersize=5)
    ax.axvline(0, color=EVEN, linewidth=1, linestyle="--")
    ax.set_yticks(ys, names)
    if gap_after is not None:
        ax.text(0.5, gap_after + 1, gap_text, transform=ax.get_yaxis_transform(), ha="center",
                va="center", fontsize=8, color=NEUTRAL, style="italic",
                bbox={"facecolor": "white", "edgecolor": "none", "pad": 1.5})
    ax.set_ylim(max(ys + [0]) + 0.7, -0.7)
    from matplotlib.ticker import FuncFormatter
    ax.xaxis.set_major_formatter(FuncFormatter(lambda v, _: "0" if abs(v) < 1e-9 else f"{v:+g}"))
    ax.set_xlabel("difference in win share, percentage points (line: 95% interval)", fontsize=9)
    _style(ax)
    ax.grid(axis="y", visible=False)


def _by_difference(rows: list[dict]) -> list[dict]:
    """Rows with a difference, largest first, then rows without one (in their order)."""
    return (sorted((r for r in rows if r.get("difference") is not None), key=lambda r: -r["difference"])
            + [r for r in rows if r.get("difference") is None])


def _card_rows_shown(rows: list[dict]) -> tuple[list[dict], int | None, int]:
    """The card rows the forest plot draws (only rows with a difference)."""
    rows = [r for r in _by_difference(rows) if r.get("difference") is not None]
    if len(rows) <= MANY_CARDS:
        return rows, None, 0
    half = MANY_CARDS // 2
    return rows[:half] + rows[-half:], half - 1, len(rows) - 2 * half


def _draw_cards(ax, family: dict) -> None:
    """The forest plot of one card family (an item of :func:`_families`)."""
    shown, gap, hidden = _card_rows_shown(family["rows"])
    _forest(ax, [_short(r["card"], 26) for r in shown], shown, "difference", "difference_ci95", gap,
            f"… {hidden} more cards in the table below …")
    verb = family["verb"]
    if family["name"] is None:
        title = f"Win share when a card was {verb} minus when it was not"
    else:
        title = f"{family['heading']}: win share when one was {verb} minus when not"
    ax.set_title(title, fontsize=12, loc="left")


def _cards_height(family: dict) -> float:
    shown, gap, _ = _card_rows_shown(family["rows"])
    return 1.3 + 0.27 * (len(shown) + (1 if gap is not None else 0))


def _compare_rows(comp: dict) -> tuple[list[str], list[dict]]:
    names, rows = [], []
    for r in comp.get("seats") or []:
        names.append(_short(_seat_name(r), 30))
        rows.append(r)
    for r in comp.get("agents") or []:
        names.append(_short(f"agent {r.get('agent')}", 30))
        rows.append(r)
    return names, rows


def _draw_compare(ax, comp: dict) -> None:
    names, rows = _compare_rows(comp)
    _forest(ax, names, rows, "difference", "ci95")
    seats = len(comp.get("seats") or [])
    if 0 < seats < len(rows):  # a rule between the seats and the agents
        ax.axhline(seats - 0.5, color="#cccccc", linewidth=0.8)
    ax.set_title(f"Win share with {comp.get('option')} = {_value(comp.get('variant'))} "
                 f"minus {_value(comp.get('base'))}", fontsize=12, loc="left")


def _plot(draw: Callable, width: float, height: float, *args) -> bytes:
    fig = _figure(width, height)
    draw(fig.add_subplot(), *args)
    return _png(fig)


def _img(png: bytes, alt: str) -> str:
    data = base64.b64encode(png).decode("ascii")
    return f'<img src="data:image/png;base64,{data}" alt="{_e(alt)}">'


def overview_png(summary: dict) -> bytes:
    """One PNG image (bytes) of the main plots of a summary: wins by seat, by agent (two or
    more agents), by each label kind, game length (these in a grid of two columns, an odd
    last one across both) and how games were won (a strip across the bottom).
    Raises ReportError if ``summary`` is not a summary."""
    check_summary(summary)
    panels: list[tuple[Callable, tuple]] = [(_draw_seats, (summary,))]
    if len(summary.get("wins_by_agent") or []) >= 2:
        panels.append((_draw_agents, (summary,)))
    for kind, rows in (summary.get("wins_by_label") or {}).items():
        if rows:
            panels.append((_draw_labels, (summary, kind)))
    if (summary.get("turns") or {}).get("histogram"):
        panels.append((_draw_turns, (summary,)))
    short = bool(summary.get("win_by"))  # a thin full-width strip at the bottom
    cols = 1 if len(panels) == 1 else 2
    rows = math.ceil(len(panels) / cols)
    ratios = [1.0] * rows + ([0.42] if short else [])
    fig = _figure(6.0 * cols, 3.6 * sum(ratios))
    grid = fig.add_gridspec(len(ratios), cols, height_ratios=ratios)
    for i, (draw, args) in enumerate(panels):
        last_alone = cols == 2 and i == len(panels) - 1 and i % 2 == 0
        draw(fig.add_subplot(grid[i // cols, :] if last_alone else grid[i // cols, i % cols]), *args)
    if short:
        _draw_win_by(fig.add_subplot(grid[rows, :]), summary)
    fig.suptitle(_default_title(summary), fontsize=12, x=0.01, ha="left")
    return _png(fig)


def cards_png(summary: dict, group: str | None = None) -> bytes | None:
    """The card forest plot of a summary as PNG bytes (win share difference with its 95%
    interval per card; the top and bottom 15 when there are more than 30 cards), or None
    when the summary has no card row with a difference. ``group``: a name of
    ``card_groups`` to draw that family instead of ``cards``. Raises ReportError if
    ``summary`` is not a summary."""
    check_summary(summary)
    family = next((f for f in _families(summary) if f["name"] == group), None)
    if family is None or not _card_rows_shown(family["rows"])[0]:
        return None
    return _plot(_draw_cards, 7.5, _cards_height(family), family)


def compare_png(data: dict) -> bytes:
    """The forest plot of a comparison (``{"compare": {...}}`` from ``compare_runs``): the
    paired win share difference per seat and per agent with its 95% interval, as PNG bytes.
    Raises ReportError if ``data`` is not a comparison."""
    if not isinstance(data, dict) or "compare" not in data:
        raise ReportError("not a comparison: expected an object with a 'compare' key")
    comp = _check_comparison(data, "comparison")["compare"]
    names, _ = _compare_rows(comp)
    return _plot(_draw_compare, 7.5, 1.3 + 0.3 * len(names), comp)


# ----- the page --------------------------------------------------------------------------
CSS = """
:root { color-scheme: light; }
body { font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1d1d1f;
       background: #fafafa; margin: 0; }
main { max-width: 62rem; margin: 0 auto; padding: 1rem; }
h1 { font-size: 1.5rem; margin: 0.5rem 0; }
h2 { font-size: 1.2rem; margin: 2rem 0 0.5rem; border-bottom: 2px solid #e3e3e3; }
h3 { font-size: 1.05rem; margin: 1.5rem 0 0.4rem; }
dl.facts { display: grid; grid-template-columns: max-content 1fr; gap: 0.1rem 1rem; margin: 0.5rem 0; }
dl.facts dt { font-weight: 600; color: #555; }
dl.facts dd { margin: 0; overflow-wrap: anywhere; }
.banner { background: #fff4d6; border: 1px solid #e0b84b; padding: 0.6rem 0.8rem; border-radius: 6px;
          margin: 0.8rem 0; }
.says { background: #eef4fb; border-left: 4px solid #3b6ea5; padding: 0.6rem 0.9rem; }
.says p { margin: 0.4rem 0; }
figure { margin: 0.5rem 0; }
figure img { width: 100%; height: auto; background: #fff; border: 1px solid #eee; }
figcaption { font-size: 0.9rem; color: #444; }
.table { overflow-x: auto; }
table { border-collapse: collapse; font-size: 0.9rem; margin: 0.5rem 0; font-variant-numeric: tabular-nums; }
th, td { padding: 0.2rem 0.6rem; border-bottom: 1px solid #e3e3e3; text-align: right; white-space: nowrap; }
th:first-child, td:first-child { text-align: left; }
th { background: #f0f0f0; }
td.up { color: #2e7d32; font-weight: 600; } td.down { color: #c62828; font-weight: 600; }
details summary { cursor: pointer; color: #3b6ea5; }
.pair { display: grid; grid-template-columns: repeat(auto-fit, minmax(min(22rem, 100%), 1fr)); gap: 1.5rem; }
.pair > section { min-width: 0; }
footer { color: #777; font-size: 0.8rem; margin: 2rem 0 1rem; }
"""


def _table(headers: list[str], rows: list[list[Any]], cls: str = "") -> str:
    head = "".join(f"<th>{_e(h)}</th>" for h in headers)
    body = []
    for row in rows:
        cells = []
        for cell in row:
            if isinstance(cell, tuple):  # (text, css class)
                cells.append(f'<td class="{cell[1]}">{_e(cell[0])}</td>')
            else:
                cells.append(f"<td>{_e(cell)}</td>")
        body.append("<tr>" + "".join(cells) + "</tr>")
    klass = f' class="{cls}"' if cls else ""
    return (f'<div class="table"><table{klass}><thead><tr>{head}</tr></thead>'
            f"<tbody>{''.join(body)}</tbody></table></div>")


def _mark(text: str, ci, level: float | None) -> Any:
    if level is None or ci is None:
        return text
    side = _clear(ci, level)
    return (text, "up") if side > 0 else (text, "down") if side < 0 else text


def _section(sid: str, heading: str, png: bytes, alt: str, caption: str, table: str, level: int = 2) -> str:
    return (f'<section id="{_e(sid)}"><h{level}>{_e(heading)}</h{level}>'
            f"<figure>{_img(png, alt)}<figcaption>{caption}</figcaption></figure>{table}</section>")


def _default_title(summary: dict) -> str:
    n, p = summary.get("games"), summary.get("players")
    return (f"{summary.get('game') or 'results'}: {n} game{'' if n == 1 else 's'}, "
            f"{p} player{'' if p == 1 else 's'}")


def _facts(summary: dict) -> str:
    items: list[tuple[str, str]] = [("game", _e(summary.get("game") or "–")),
                                    ("players", _e(summary.get("players", "–")))]
    games = str(summary.get("games"))
    if summary.get("interrupted") and summary.get("requested_games"):
        games += f" (of {summary['requested_games']} requested)"
    items.append(("games", _e(games)))
    agents = summary.get("agents") or [r.get("agent") for r in summary["wins_by_seat"]]
    if any(a not in (None, "") for a in agents):
        items.append(("agents", _e(", ".join(f"seat {i}: {a}" for i, a in enumerate(agents)))))
    options = summary.get("options") or {}
    items.append(("options", _e(", ".join(f"{k}={_value(v)}" for k, v in options.items()) or "defaults")))
    if summary.get("seed") is not None:
        items.append(("seed", _e(summary["seed"])))
    if summary.get("source"):
        items.append(("from", _e(summary["source"])))
    if _is_num(summary.get("mean_turns")):
        items.append(("turns", _e(f"mean {summary['mean_turns']:.1f}, "
                                  f"min {_num(summary.get('min_turns'), 0)}, "
                                  f"max {_num(summary.get('max_turns'), 0)}")))
    team = summary.get("players_win") if summary.get("cooperative") else None
    if team:
        items.append(("players win", _e(f"{team['wins']} games ({_pct(team['share'])}, together)")))
    elif _is_int(summary.get("no_winner")):
        extra = f"; shared wins: {summary['shared_wins']}" if summary.get("shared_wins") else ""
        items.append(("no winner", _e(f"{summary['no_winner']} games{extra}")))
    return '<dl class="facts">' + "".join(f"<dt>{k}</dt><dd>{v}</dd>" for k, v in items) + "</dl>"


def _banner(summary: dict, who: str = "") -> str:
    if not summary.get("interrupted"):
        return ""
    req = summary.get("requested_games")
    of = f" of the {req} requested" if req else ""
    return (f'<div class="banner" role="alert"><strong>Interrupted run{_e(who)}:</strong> only '
            f"{_e(summary.get('games'))} games{_e(of)} were played, so the intervals are wider "
            f"than planned.</div>")


def _what_it_says(summary: dict) -> list[str]:
    """Plain sentences about the largest effects in a summary (HTML-escaped)."""
    says: list[str] = []
    even = _even(summary)
    games = summary.get("games") or 0
    seats = summary.get("wins_by_seat") or []
    if games == 0:
        return ["No game was played, so there is nothing to say yet."]
    team = summary.get("players_win") if summary.get("cooperative") else None
    if team:
        says.append(f"The players, who win or lose together, win {_pct(team['share'])} of games "
                    f"(95% interval {_ci(team['ci95'])}).")
    if seats and even is not None:
        top = max(seats, key=lambda r: r["share"])
        side = _clear(top["ci95"], even)
        if side > 0:
            says.append(f"{_seat_name(top).capitalize()} wins most often: {_pct(top['share'])} of games "
                        f"(95% interval {_ci(top['ci95'])}), clearly above the even share of "
                        f"{_pct(even)} for {summary.get('players')} players.")
        else:
            says.append(f"No seat wins clearly more than the even share of {_pct(even)}: the best, "
                        f"{_seat_name(top)}, wins {_pct(top['share'])} (95% interval {_ci(top['ci95'])}), "
                        f"which {games} games cannot tell apart from luck.")
        behind = [r for r in seats if _clear(r["ci95"], even) < 0]
        if behind:
            names = ", ".join(f"{_seat_name(r)} {_pct(r['share'])}" for r in behind)
            says.append(f"Clearly below the even share: {names}.")
    agents = summary.get("wins_by_agent") or []
    if len(agents) >= 2 and even is not None:
        top = max(agents, key=lambda r: r["share"])
        side = _clear(top["ci95"], even)
        verdict = ("clearly above" if side > 0 else "not clearly away from")
        says.append(f"Agent {top['agent']} is the strongest: it wins {_pct(top['share'])} of the "
                    f"seat-games it plays (95% interval {_ci(top['ci95'])}), {verdict} the even share.")
    for kind, rows in (summary.get("wins_by_label") or {}).items():
        if not rows or even is None:
            continue
        best = max(rows, key=lambda r: r["share"])
        worst = min(rows, key=lambda r: r["share"])
        ordered = sorted(rows, key=lambda r: -r["share"])
        high = [r for r in ordered if _clear(r["ci95"], even) > 0]
        low = [r for r in ordered if _clear(r["ci95"], even) < 0]
        if len(rows) == 1:
            text = f"By {kind}: every seat was {best['label']} (it won {_pct(best['share'])} of its seat-games)."
        elif best["share"] == worst["share"]:
            text = f"By {kind}: all win equally ({_pct(best['share'])})."
        else:
            text = (f"By {kind}: {best['label']} wins most ({_pct(best['share'])}) and {worst['label']} "
                    f"least ({_pct(worst['share'])}).")
        if high or low:
            parts = []
            if high:
                parts.append("above the even share: " + ", ".join(str(r["label"]) for r in high))
            if low:
                parts.append("below it: " + ", ".join(str(r["label"]) for r in low))
            text += " Clearly " + "; clearly ".join(parts) + "."
        else:
            text += f" None is clearly away from the even share of {_pct(even)}."
        played_by = [r.get("agents") for r in rows]
        if len(rows) > 1 and all(isinstance(a, dict) and len(a) == 1 for a in played_by) \
                and len({next(iter(a)) for a in played_by if isinstance(a, dict)}) > 1:
            who = ", ".join(str(r["label"]) + ": " + next(iter(r["agents"])) for r in rows)
            text += (f" But each {kind} was always played by the same agent ({who}): the differences are "
                     f"the agents' as much as the {kind}s'. To compare {kind}s, give every seat the same agent.")
        says.append(text)
    turns = summary.get("turns") or {}
    if _is_num(turns.get("mean")):
        text = f"A game lasts {turns['mean']:.1f} turns on average"
        if _is_num(turns.get("median")):
            text += f" (median {_num(turns['median'], 0)}"
            if _is_num(turns.get("p10")) and _is_num(turns.get("p90")):
                text += f"; 8 games in 10 last {_num(turns['p10'], 0)} to {_num(turns['p90'], 0)} turns"
            text += ")"
        says.append(text + ".")
    elif _is_num(summary.get("mean_turns")):
        says.append(f"A game lasts {summary['mean_turns']:.1f} turns on average "
                    f"(from {_num(summary.get('min_turns'), 0)} to {_num(summary.get('max_turns'), 0)}).")
    win_by = summary.get("win_by") or {}
    if win_by:
        ended = endings(summary)
        ways = [f"{how} ({_pct(v['share'])})" for how, v in ended["items"]]
        joined = (", ".join(ways[:-1]) + " or " if len(ways) > 1 else "") + ways[-1]
        says.append(f"Games end: {joined}." if ended["ended"]
                    else "Games are won by " + joined.replace(" or ", " and ") + ".")
    if summary.get("no_winner") and not team:
        says.append(f"{summary['no_winner']} of {games} games ended with no winner.")
    for family in _families(summary):
        rows, verb = family["rows"], family["verb"]
        who = "Cards" if family["name"] is None else family["heading"]
        up = [r for r in rows if r.get("difference_ci95") and r["difference_ci95"][0] > 0]
        down = [r for r in rows if r.get("difference_ci95") and r["difference_ci95"][1] < 0]
        parts = []
        if up:
            best = max(up, key=lambda r: r["difference"])
            parts.append(f"a player who {verb} {best['card']} won {100 * best['difference']:.1f} points "
                         f"more often"
                         f" than one who did not (95% interval {_ci_pts(best['difference_ci95'])})")
        if down:
            worst = min(down, key=lambda r: r["difference"])
            parts.append(f"{worst['card']} goes with the largest clear drop, "
                         f"{-100 * worst['difference']:.1f} points "
                         f"(95% interval {_ci_pts(worst['difference_ci95'])})")
        if parts:
            says.append(f"{who}: " + "; ".join(parts) + ". This is an association, not proof that the "
                        "card causes it: strong players may simply pick it more.")
        elif family["name"] is None:
            says.append(f"No card's win difference is clearly away from zero with {games} games.")
        else:
            says.append(f"{who}: no card's win difference is clearly away from zero with {games} games.")
    return [_e(s) for s in says]


def _summary_sections(summary: dict, prefix: str = "", level: int = 2) -> list[str]:
    """The plot-and-table sections of one summary (ids start with ``prefix``)."""
    parts: list[str] = []
    even = _even(summary)
    even_text = f" The dashed line is the even share, {_pct(even)}." if even is not None else ""
    seats = summary["wins_by_seat"]
    narrow = len(seats) > 6
    png = _plot(_draw_seats, 7.0, 1.2 + 0.4 * len(seats) if narrow else 3.6, summary)
    table = _table(["seat", "agent", "wins", "games", "win share", "95% interval"],
                   [[r["seat"], r.get("agent") or "", r.get("wins", "–"), summary["games"],
                     _mark(_pct(r["share"]), r["ci95"], even), _ci(r["ci95"])] for r in seats])
    parts.append(_section(f"{prefix}seats", "Wins by seat", png, "bar chart of win share by seat",
                          "Share of games each seat won, with its 95% interval (the black bar)."
                          + _e(even_text) + " An interval that does not reach the dashed line is "
                          "a real seat difference, not luck.", table, level))
    agents = summary.get("wins_by_agent") or []
    if len(agents) >= 2:
        png = _plot(_draw_agents, 7.0, 1.2 + 0.4 * len(agents) if len(agents) > 6 else 3.4, summary)
        table = _table(["agent", "seats", "seat-games", "wins", "win share", "95% interval"],
                       [[r["agent"], ",".join(map(str, r.get("seats") or [])), r.get("seat_games", "–"),
                         r.get("wins", "–"), _mark(_pct(r["share"]), r["ci95"], even), _ci(r["ci95"])]
                        for r in agents])
        parts.append(_section(f"{prefix}agents", "Wins by agent", png, "bar chart of win share by agent",
                              "Each agent's wins per seat-game it played (an agent in several seats "
                              "pools them)." + _e(even_text), table, level))
    for kind, rows in (summary.get("wins_by_label") or {}).items():
        if not rows:
            continue
        ordered = _label_order(rows)   # as the plot shows them
        png = _plot(_draw_labels, 7.0, 1.2 + 0.36 * len(rows), summary, kind)
        table = _table([str(kind), "seat-games", "wins", "win share", "95% interval"],
                       [[r["label"], r.get("seat_games", "–"), r.get("wins", "–"),
                         _mark(_pct(r["share"]), r["ci95"], even), _ci(r["ci95"])] for r in ordered])
        parts.append(_section(f"{prefix}labels-{kind}", f"Wins by {kind}", png,
                              f"bar chart of win share by {kind}, highest first",
                              f"Win share of each {_e(kind)} per seat-game it was played, highest first"
                              + ("; green when clearly above the even share, red when clearly below."
                                 if even is not None else ".")
                              + _e(even_text), table, level))
    turns = summary.get("turns") or {}
    if turns.get("histogram"):
        png = _plot(_draw_turns, 7.0, 3.2, summary)
        stats = [[name, _num(turns.get(key), 1 if key == "mean" else 0)]
                 for key, name in (("mean", "mean"), ("median", "median"), ("p10", "10th percentile"),
                                   ("p90", "90th percentile"), ("min", "shortest"), ("max", "longest"))
                 if turns.get(key) is not None]
        hist = sorted(turns["histogram"], key=lambda h: h["turns"])
        table = (_table(["turns", "value"], stats)
                 + "<details><summary>Games per number of turns</summary>"
                 + _table(["turns", "games"], [[_num(h["turns"], 0), h["games"]] for h in hist])
                 + "</details>")
        parts.append(_section(f"{prefix}turns", "Game length", png, "histogram of game length in turns",
                              "How many games lasted each number of turns; the red line is the median "
                              "and the shaded band holds the middle 80% of games.", table, level))
    win_by = summary.get("win_by") or {}
    if win_by:
        png = _plot(_draw_win_by, 7.0, 1.9, summary)
        ended = endings(summary)
        table = _table(["ended" if ended["ended"] else "won by", "games", "share"],
                       [[how, v.get("games", "–"), _pct(v["share"])] for how, v in ended["items"]])
        if ended["ended"]:
            parts.append(_section(f"{prefix}win-by", "How games ended", png,
                                  "stacked bar of how games ended",
                                  "Share of " + ("all games" if ended["of_all"] else "the games that say how")
                                  + " that ended each way: a win of the players, of the opponent, or a draw.",
                                  table, level))
        else:
            parts.append(_section(f"{prefix}win-by", "How games were won", png,
                                  "stacked bar of how games were won",
                                  "Share of the games with a winner won each way.", table, level))
    for family in _families(summary):
        if not _card_rows_shown(family["rows"])[0]:
            continue
        verb = family["verb"]
        png = _plot(_draw_cards, 7.5, _cards_height(family), family)
        rows = _by_difference(family["rows"])

        def side(r, key):
            return r.get(key) or {}
        unit = family["unit"]
        table = _table(["card", f"{unit} {verb}", "wins", "win share", f"{unit} not", "win share not",
                        "lift", "difference", "95% interval"],
                       [[r["card"], side(r, "with").get("seat_games", "–"),
                         side(r, "with").get("wins", "–"), _pct(side(r, "with").get("share")),
                         side(r, "without").get("seat_games", "–"), _pct(side(r, "without").get("share")),
                         _lift(r.get("lift")), _mark(_pts(r["difference"]), r["difference_ci95"], 0.0),
                         _ci_pts(r["difference_ci95"])]
                        for r in rows])
        many = (f" With {len(rows)} cards the plot shows the top and bottom {MANY_CARDS // 2}; the table "
                "has them all." if len(rows) > MANY_CARDS else "")
        each = "each card" if family["name"] is None else f"each of the {family['name']}"
        parts.append(_section(f"{prefix}{family['sid']}", family["heading"], png,
                              "forest plot of win share difference per card"
                              + ("" if family["name"] is None else f" ({family['heading']})"),
                              f"For {_e(each)}: win share of the {unit} where it was {_e(verb)} minus "
                              f"the {unit} where it was not, with its 95% interval. Green: clearly "
                              "above zero; red: clearly below; grey: could be luck. Lift is the ratio of "
                              "the two shares. With many cards, expect about one in twenty to look clear by "
                              "luck alone." + _e(many), table, level))
    return parts


def _page(title: str, body: list[str]) -> str:
    return ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
            f"<title>{_e(title)}</title><style>{CSS}</style></head><body><main>"
            + "\n".join(body)
            + "<footer>Made by <code>tokyo report</code> (tokyo-engine). Intervals are Wilson 95% "
              "intervals for shares.</footer></main></body></html>\n")


def _render_summary(summary: dict, title: str | None) -> str:
    title = title or _default_title(summary)
    body = [f"<header><h1>{_e(title)}</h1>{_facts(summary)}</header>", _banner(summary),
            '<section id="says" class="says"><h2>What this says</h2>'
            + "".join(f"<p>{s}</p>" for s in _what_it_says(summary)) + "</section>"]
    body += _summary_sections(summary)
    return _page(title, body)


def _compare_says(comp: dict) -> list[str]:
    says = []
    change = f"{comp.get('option')} = {_value(comp.get('variant'))} instead of {_value(comp.get('base'))}"
    names, rows = _compare_rows(comp)
    clear = [(n, r) for n, r in zip(names, rows) if _clear(r["ci95"], 0.0)]
    if clear:
        says.append(f"With {change}: " + "; ".join(
            f"{n} {'gains' if r['difference'] > 0 else 'loses'} {_pts(abs(r['difference']))[1:]} "
            f"(95% interval {_ci_pts(r['ci95'])})" for n, r in clear) + ".")
    elif rows:
        biggest = max(zip(names, rows), key=lambda nr: abs(nr[1]["difference"]))
        says.append(f"With {change}, no seat's or agent's win share changes clearly: the largest "
                    f"change, {biggest[0]} {_pts(biggest[1]['difference'])}, could be luck.")
    turns = comp.get("turns") or {}
    if _is_num(turns.get("difference")):
        ci = turns.get("ci95")
        clearly = _is_ci(ci) and _clear(ci, 0.0) != 0
        ci_text = f", 95% interval {ci[0]:+.1f} to {ci[1]:+.1f}" if _is_ci(ci) else ""
        says.append(f"Games last {_num(turns.get('base_mean'))} turns on average with "
                    f"{_value(comp.get('base'))} and {_num(turns.get('variant_mean'))} with "
                    f"{_value(comp.get('variant'))}: {turns['difference']:+.1f} turns{ci_text}"
                    + ("" if clearly else "; this could be luck") + ".")
    changed = comp.get("changed_winner")
    games = comp.get("games")
    if isinstance(changed, bool):
        says.append("The top seat changes between the two." if changed else "The top seat stays the same.")
    elif _is_int(changed):
        says.append(f"{changed}{f' of {games}' if _is_int(games) else ''} games had a different winner "
                    "(the same seeds played both ways).")
    elif changed not in (None, ""):
        says.append(f"Changed winner: {changed}.")
    return [_e(s) for s in says]


def _render_compare(data: dict, title: str | None) -> str:
    comp = data["compare"]
    base = comp.get("base_summary")
    variant = comp.get("variant_summary")
    first = base or variant or {}
    title = title or (f"{first.get('game') or 'comparison'}: {comp.get('option')} = "
                      f"{_value(comp.get('base'))} vs {_value(comp.get('variant'))}")
    facts = [("option", comp.get("option")), ("base", _value(comp.get("base"))),
             ("variant", _value(comp.get("variant"))), ("game", first.get("game")),
             ("players", first.get("players")), ("games each", comp.get("games", first.get("games"))),
             ("agents", ", ".join(f"seat {i}: {a}" for i, a in enumerate(first.get("agents") or []))),
             ("seed", first.get("seed"))]
    body = [f"<header><h1>{_e(title)}</h1><dl class=\"facts\">"
            + "".join(f"<dt>{_e(k)}</dt><dd>{_e(v)}</dd>" for k, v in facts if v not in (None, ""))
            + "</dl></header>"]
    for who, s in (("base", base), ("variant", variant)):
        if s:
            body.append(_banner(s, f" ({who})"))
    body.append('<section id="says" class="says"><h2>What this says</h2>'
                + "".join(f"<p>{s}</p>" for s in _compare_says(comp)) + "</section>")
    names, rows = _compare_rows(comp)
    if rows:
        png = _plot(_draw_compare, 7.5, 1.4 + 0.32 * len(rows), comp)
        seat_rows = [[_seat_name(r), _pct(r.get("base_share")), _pct(r.get("variant_share")),
                      _mark(_pts(r["difference"]), r["ci95"], 0.0), _ci_pts(r["ci95"])]
                     for r in comp.get("seats") or []]
        agent_rows = [[f"agent {r.get('agent')}", _pct(r.get("base_share")), _pct(r.get("variant_share")),
                       _mark(_pts(r["difference"]), r["ci95"], 0.0), _ci_pts(r["ci95"])]
                      for r in comp.get("agents") or []]
        table = _table(["who", f"share, {_value(comp.get('base'))}", f"share, {_value(comp.get('variant'))}",
                        "difference", "95% interval"], seat_rows + agent_rows)
        body.append(_section("compare", "What the change does to win shares", png,
                             "forest plot of win share differences per seat and agent",
                             "Variant minus base win share for each seat and agent, with its 95% "
                             "interval. Green: clearly up; red: clearly down; grey: could be luck.",
                             table))
    turns = comp.get("turns") or {}
    if turns:
        ci = turns.get("ci95")
        table = _table(["", "mean turns"],
                       [[f"base ({_value(comp.get('base'))})", _num(turns.get("base_mean"))],
                        [f"variant ({_value(comp.get('variant'))})", _num(turns.get("variant_mean"))],
                        ["difference",
                         f"{turns['difference']:+.1f}" if _is_num(turns.get("difference")) else "–"],
                        ["95% interval", f"{ci[0]:+.1f} to {ci[1]:+.1f}" if _is_ci(ci) else "–"]])
        body.append(f'<section id="compare-turns"><h2>Game length</h2>{table}</section>')
    sides = []
    for key, who, s in (("base", "Base", base), ("variant", "Variant", variant)):
        if s:
            label = f"{who}: {comp.get('option')} = {_value(comp.get(key))}"
            sides.append(f'<section id="{key}"><h2>{_e(label)}</h2>'
                         + "".join(_summary_sections(s, prefix=f"{key}-", level=3)) + "</section>")
    if sides:
        body.append('<div class="pair">' + "".join(sides) + "</div>")
    return _page(title, body)


def render_report(summary: dict, title: str | None = None) -> str:
    """The HTML text (str) of the report page for a summary or a comparison dict.

    ``summary``: a ``tokyo simulate --json`` summary, or ``{"compare": {...}}``. Optional
    sections (agents, labels, game length, how games were won, cards, and one per card
    group of ``card_groups``) appear when their key is present and not empty. ``title`` defaults to the game, games and players.
    Raises ReportError if the dict does not have the shape of either.
    """
    if isinstance(summary, dict) and "compare" in summary:
        return _render_compare(_check_comparison(summary, "comparison"), title)
    return _render_summary(check_summary(summary), title)


def _write_atomic(out: Path, text: str) -> None:
    tmp = None
    try:
        fd, tmp = tempfile.mkstemp(dir=out.parent, prefix=f".{out.name}.", suffix=".tmp")
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
        mask = os.umask(0)
        os.umask(mask)
        os.chmod(tmp, 0o666 & ~mask)
        os.replace(tmp, out)
        tmp = None
    except OSError as exc:
        raise ReportError(f"cannot write {out}: {exc.strerror or exc}") from None
    finally:
        if tmp is not None:
            try:
                os.unlink(tmp)
            except OSError:
                pass


def write_report(path: str | Path, out: str | Path | None = None, title: str | None = None) -> Path:
    """Read results from ``path`` (see :func:`load_results`), render the page and write it.

    out: the HTML file to write; default ``path`` with its suffix replaced by ``.html``.
    The page is written to a temporary file next to ``out`` and renamed, so ``out`` is
    either the whole page or untouched. Returns the path written. Raises ReportError
    (or StateFormatError for a bad records file) with a one-line message for bad input
    or an output that cannot be written.
    """
    path = Path(path)
    out = path.with_suffix(".html") if out is None else Path(out)
    try:
        same = out.resolve() == path.resolve()
    except OSError:
        same = False
    if same:
        raise ReportError(f"the page would overwrite the results file {path}; give another --out")
    page = render_report(load_results(path), title)
    if out.is_dir():
        raise ReportError(f"cannot write {out}: it is a directory; give a file name such as report.html")
    _write_atomic(out, page)
    return out
