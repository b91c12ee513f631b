"""Make the README's example of ``tokyo report``: docs/images/report-example.png.

Plays a small real batch (kot-dark, 4 players, heuristic and random agents, 200 games,
seed 0: the same games as ``tokyo simulate kot-dark -n 200 --agents heuristic,random``),
summarises it and draws the main plots of the report in one PNG. With ``--html FILE``
it also writes the whole report page there.

    .venv/bin/python tools/report_example.py [--games 200] [--html /tmp/example.html]
"""

from __future__ import annotations

import argparse
from pathlib import Path

from tokyo.sim import expand_agents, run_games, summarise
from tokyo.sim.report import overview_png, render_report

ROOT = Path(__file__).resolve().parent.parent
IMAGE = ROOT / "docs" / "images" / "report-example.png"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--html", type=Path, help="also write the whole page here")
    args = parser.parse_args()
    agents = expand_agents(["heuristic", "random"], 4)
    records = run_games("kot-dark", 4, args.games, 0, agents, workers=args.workers)
    summary = summarise(records)
    summary.update(seed=0, agents=agents, interrupted=False)
    IMAGE.parent.mkdir(parents=True, exist_ok=True)
    IMAGE.write_bytes(overview_png(summary))
    print(IMAGE)
    if args.html:
        args.html.write_text(render_report(summary), encoding="utf-8")
        print(args.html)


if __name__ == "__main__":
    main()
