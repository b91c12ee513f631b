"""Draw the pictures of a balance report (docs/balance/<game>.md) from simulation output.

    python tools/balance_figures.py RESULTS OUT_PREFIX [--compare COMPARISON]

RESULTS is what ``tokyo report`` reads (a records file from ``tokyo simulate --records``
or a summary from ``tokyo simulate --json``). Writes OUT_PREFIX-overview.png (wins by seat,
agent and label, game length, how games were won), OUT_PREFIX-cards.png (the card forest
plot, when the records say which cards were used) and, with ``--compare``, the forest plot
of a ``tokyo simulate --compare ... --json`` output to OUT_PREFIX-compare-<option>.png.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from tokyo.sim.report import cards_png, compare_png, load_results, overview_png


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("results", type=Path)
    parser.add_argument("prefix", type=Path, help="e.g. docs/balance/images/kot-dark")
    parser.add_argument("--compare", type=Path, action="append", default=[],
                        help="a `tokyo simulate --compare ... --json` output (repeatable)")
    args = parser.parse_args()
    args.prefix.parent.mkdir(parents=True, exist_ok=True)
    summary = load_results(args.results)
    written = [(Path(f"{args.prefix}-overview.png"), overview_png(summary))]
    cards = cards_png(summary)
    if cards is not None:
        written.append((Path(f"{args.prefix}-cards.png"), cards))
    for path in args.compare:
        data = json.loads(path.read_text(encoding="utf-8"))
        written.append((Path(f"{args.prefix}-compare-{data['compare']['option']}.png"), compare_png(data)))
    for path, png in written:
        path.write_bytes(png)
        print(path)


if __name__ == "__main__":
    main()
