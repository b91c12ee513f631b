"""Draw the pictures of a balance report (docs/balance/<game>.md) from simulation output.

    python tools/balance_figures.py RESULTS OUT_PREFIX [--compare COMPARISON]

RESULTS is what ``tokyo report`` reads (a records file from ``tokyo simulate --records``
or a summary from ``tokyo simulate --json``). Writes OUT_PREFIX-overview.png (wins by seat,
agent and label, game length, how games were won), OUT_PREFIX-cards.png (the card forest
plot, when the records say which cards were used), OUT_PREFIX-cards-<name>.png for each card
group of the summary (``card_groups``, e.g. kot-godzilla's evolutions) and, with
``--compare``, the forest plot
of a ``tokyo simulate --compare ... --json`` output to OUT_PREFIX-compare-<option>.png.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from tokyo import TokyoError
from tokyo.sim.report import cards_png, compare_png, load_results, overview_png


def fail(message: str) -> None:
    """A one-line error on standard error, exit code 2 (as a usage error)."""
    sys.stderr.write(f"error: {message}\n")
    raise SystemExit(2)


def load_comparison(path: Path) -> dict:
    """The comparison in ``path`` (``tokyo simulate --compare option=value --json``)."""
    try:
        data = load_results(path)
    except TokyoError as exc:
        fail(f"--compare: {exc}")
    option = (data.get("compare") or {}).get("option")
    if "compare" not in data:
        fail(f"--compare {path} is not a comparison (the output of `tokyo simulate --compare "
             f"option=value --json`) but a summary of games")
    if not isinstance(option, str) or not option:
        fail(f"--compare {path}: 'compare.option' should name the option compared")
    return data


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("results", type=Path)
    parser.add_argument("prefix", type=Path, help="e.g. docs/balance/images/kot-dark")
    parser.add_argument("--compare", type=Path, action="append", default=[],
                        help="a `tokyo simulate --compare ... --json` output (repeatable)")
    args = parser.parse_args()
    try:
        summary = load_results(args.results)
        if "compare" in summary:
            fail(f"{args.results} is a comparison; give it with --compare, and as RESULTS a "
                 f"summary or game records")
        comparisons = [load_comparison(path) for path in args.compare]
        written = [(Path(f"{args.prefix}-overview.png"), overview_png(summary))]
        cards = cards_png(summary)
        if cards is not None:
            written.append((Path(f"{args.prefix}-cards.png"), cards))
        for name in sorted(summary.get("card_groups") or {}):  # e.g. kot-godzilla's evolutions
            group = cards_png(summary, name)
            if group is not None:
                written.append((Path(f"{args.prefix}-cards-{name}.png"), group))
        for data in comparisons:
            written.append((Path(f"{args.prefix}-compare-{data['compare']['option']}.png"), compare_png(data)))
    except TokyoError as exc:   # ReportError, StateFormatError: already one line naming the file
        fail(str(exc))
    try:
        args.prefix.parent.mkdir(parents=True, exist_ok=True)
        for path, png in written:
            path.write_bytes(png)
            print(path)
    except OSError as exc:
        fail(f"cannot write {exc.filename or args.prefix}: {exc.strerror or exc}")


if __name__ == "__main__":
    main()
