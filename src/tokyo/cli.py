"""The ``tokyo`` command: games, cards, play, simulate, replay, serve.

The commands are thin: simulation lives in :mod:`tokyo.sim`, rules in the game
packages. Every error a user can cause (an unknown game, a bad option, a corrupt file,
an illegal move) is reported in one line with what is allowed, and exit code 2.
"""

from __future__ import annotations

import json
import random
import sys
import time
from pathlib import Path
from typing import Annotated, NoReturn, Optional

import typer
from rich.columns import Columns
from rich.console import Console
from rich.progress import (BarColumn, MofNCompleteColumn, Progress, ProgressColumn, TextColumn,
                           TimeElapsedColumn, TimeRemainingColumn)
from rich.table import Table
from rich.text import Text

from .agents import HEURISTICS, make_agent
from .core import (CHANCE, IllegalActionError, OptionError, StateFormatError, TokyoError,
                   game_catalogue, game_info, list_games, load_game, sample_chance)

app = typer.Typer(add_completion=False, no_args_is_help=True, pretty_exceptions_show_locals=False,
                  help="tokyo-engine: play and simulate tabletop games by their rules.")

out = Console(highlight=False)
err = Console(stderr=True, highlight=False)

EXIT_USER = 2


def fail(message: str, code: int = EXIT_USER) -> NoReturn:
    """Print a one-line error to stderr and exit (2: the user's input was wrong)."""
    err.print(Text("error: " + " ".join(str(message).split()), style="bold red"), soft_wrap=True)
    raise typer.Exit(code)


def parse_options(items: list[str] | None) -> dict[str, str]:
    """``["key=value", ...]`` to a dict (values stay text; the game validates them)."""
    options: dict[str, str] = {}
    for item in items or []:
        key, eq, value = item.partition("=")
        if not eq or not key.strip():
            raise OptionError(f"--option {item!r} must look like key=value (see `tokyo games` for options)")
        options[key.strip()] = value.strip()
    return options


def split_agents(text: str | None) -> list[str]:
    """Split ``a,b,c`` into agent specs; a spec's own parameters go after ``:`` and are
    separated by ``;`` on the command line (``heuristic:x=1;y=2``)."""
    if text is None:
        return []
    specs = [s.strip().replace(";", ",") for s in text.split(",") if s.strip()]
    if not specs:
        raise OptionError("--agents needs at least one agent, e.g. --agents random")
    return specs


def default_agent(game_id: str) -> str:
    return "heuristic" if game_id in HEURISTICS else "random"


def print_json(data) -> None:
    sys.stdout.write(json.dumps(data, indent=2) + "\n")
    sys.stdout.flush()


# ----- games ---------------------------------------------------------------------------
@app.command()
def games(as_json: Annotated[bool, typer.Option("--json", help="Print JSON instead of a table.")] = False):
    """List the games: id, title, player counts and options with their defaults."""
    listing = list_games()
    if as_json:
        print_json(listing)
        return
    table = Table(title="Games", show_lines=True)
    table.add_column("id", style="bold")
    table.add_column("title")
    table.add_column("players")
    table.add_column("options (default; allowed)")
    for g in listing:
        lo, hi = g["players"]
        options = "\n".join(f"{o['name']} = {json.dumps(o['default'])}; {o['allowed']}\n  {o['help']}"
                            for o in g["options"]) or "-"
        table.add_row(g["id"], g["title"], f"{lo}-{hi} (default {g['default_players']})", Text(options))
    out.print(table)
    out.print("Give options as --option name=value to play and simulate.")


# ----- cards ---------------------------------------------------------------------------
@app.command()
def cards(game: Annotated[str, typer.Argument(help="Game id, e.g. kot-dark.")],
          as_json: Annotated[bool, typer.Option("--json", help="Print a JSON list of the cards.")] = False):
    """List every card, tile and monster of a game, grouped by set."""
    try:
        catalogue = game_catalogue(game)
    except TokyoError as exc:
        fail(str(exc))
    if as_json:
        print_json(catalogue)
        return
    sets: dict[str, list[dict]] = {}
    for card in catalogue:
        sets.setdefault(str(card.get("set", "")), []).append(card)
    for name, items in sets.items():
        table = Table(title=f"{name} ({len(items)})", title_justify="left", show_lines=False)
        table.add_column("name", style="bold")
        table.add_column("cost", justify="right")
        table.add_column("type")
        table.add_column("text")
        for card in items:
            cost = card.get("cost")
            table.add_row(Text(str(card.get("name", card.get("id", "")))),
                          "" if cost is None else str(cost), Text(str(card.get("type", ""))),
                          Text(str(card.get("text", ""))))
        out.print(table)


# ----- play ----------------------------------------------------------------------------
PLAY_HELP = ("Type the number of an action or its text. Other commands: "
             "help (this), log (everything you have seen so far), card NAME (the text of a card, "
             "tile or monster), quit (leave the game).")


def _print_card_lookup(game_id: str, query: str) -> None:
    """``card NAME`` during play: every card whose id or name contains NAME."""
    from .core import game_catalogue
    q = query.lower().replace(" ", "-")
    found = [c for c in game_catalogue(game_id)
             if q and (q in str(c.get("id", "")).lower() or q in str(c.get("name", "")).lower().replace(" ", "-"))]
    if not found:
        out.print(Text(f"No card matches {query!r}; try part of a name, e.g. 'card wings'.", style="yellow"))
        return
    for c in found[:8]:
        cost = "" if c.get("cost") is None else f", cost {c['cost']}"
        out.print(Text(f"{c['name']} ({c.get('type', '')}{cost}): {c.get('text', '')}"), soft_wrap=True)


def _render(state, seat: int) -> str:
    render = getattr(state, "render", None)
    if callable(render):
        return str(render(seat))
    return json.dumps(state.observation(seat), indent=1)


def _print_event(event) -> None:
    line = Text(event.text)
    if event.rule:
        line.append(f"  [{event.rule}]", style="dim")
    out.print(line, soft_wrap=True)


def _print_actions(legal: list[str]) -> None:
    items = [Text(f"{i:>3}. {text}") for i, text in enumerate(legal, 1)]
    if len(items) <= 10:
        for item in items:
            out.print(item, soft_wrap=True)
    else:  # many actions: in columns, numbered down each column
        out.print(Columns(items, column_first=True, padding=(0, 3)))


@app.command()
def play(game: Annotated[str, typer.Argument(help="Game id, e.g. kot-dark.")],
         players: Annotated[Optional[int], typer.Option(help="Number of players (default: the game's).")] = None,
         seat: Annotated[int, typer.Option(help="Your seat, from 0.")] = 0,
         agents: Annotated[Optional[str], typer.Option(
             help="Agents for the other seats in order, comma-separated (cycled); "
                  "default heuristic, or random if the game has none.")] = None,
         seed: Annotated[Optional[int], typer.Option(help="Seed for dice, cards and bots (default: random, printed).")] = None,
         option: Annotated[Optional[list[str]], typer.Option(
             "--option", "-o", help="Game option as key=value (repeatable; see `tokyo games`).")] = None):
    """Play in the terminal against bots. Reads your moves from standard input."""
    try:
        the_game = load_game(game, players, **parse_options(option))
        n = the_game.num_players
        if not 0 <= seat < n:
            raise OptionError(f"--seat must be a seat from 0 to {n - 1}, not {seat}")
        specs = split_agents(agents) or [default_agent(game)]
        others = [s for s in range(n) if s != seat]
        bots = {s: make_agent(specs[k % len(specs)], game) for k, s in enumerate(others)}
    except TokyoError as exc:
        fail(str(exc))
    if seed is None:
        seed = random.SystemRandom().randrange(1_000_000)
    rng = random.Random(seed)
    for s, bot in bots.items():
        bot.reset(seed * 1009 + s + 1, s)

    echo = not sys.stdin.isatty()
    out.print(Text(f"{the_game.info.title}: {n} players, seed {seed}. You are seat {seat}.", style="bold"))
    out.print(Text(", ".join(f"seat {s}: {bots[s].spec}" for s in others)))
    out.print(PLAY_HELP)
    state = the_game.new_initial_state()
    shown = 0

    def flush_log() -> None:
        nonlocal shown
        for event in state.log[shown:]:
            if event.visible_to(seat):
                _print_event(event)
        shown = len(state.log)

    try:
        while not state.is_terminal():
            flush_log()
            player = state.current_player()
            if player == CHANCE:
                state.apply_action(sample_chance(state, rng))
                continue
            if player != seat:
                choice = bots[player].step(state)
                state.apply_action(getattr(choice, "text", str(choice)), seat=player)
                continue
            legal = state.legal_texts()
            out.print()
            out.print(Text(_render(state, seat)), soft_wrap=True)
            out.print(Text("Your move:", style="bold"))
            _print_actions(legal)
            while True:
                out.print(Text(f"seat {seat}> "), end="")
                line = sys.stdin.readline()
                if not line:
                    out.print()
                    out.print("End of input: leaving the game.")
                    return
                typed = line.strip()
                if echo:
                    out.print(Text(typed))
                if not typed:
                    continue
                word = typed.lower()
                if word in ("help", "?"):
                    out.print(PLAY_HELP)
                    if getattr(state, "PLAY_NOTES", ""):
                        out.print(state.PLAY_NOTES)
                    _print_actions(legal)
                    continue
                if word.split()[0] == "card":
                    _print_card_lookup(state.game.game_id, typed[4:].strip())
                    continue
                if word == "log":
                    for event in state.log_for(seat):
                        _print_event(event)
                    continue
                if word in ("quit", "exit"):
                    out.print("You left the game.")
                    return
                text = typed
                if typed.isascii() and typed.isdigit():
                    number = int(typed)
                    if not 1 <= number <= len(legal):
                        out.print(Text(f"{typed} is not an action number; choose 1 to {len(legal)}:",
                                       style="yellow"))
                        _print_actions(legal)
                        continue
                    text = legal[number - 1]
                try:
                    state.apply_action(text, seat=seat)
                except IllegalActionError:
                    quoted = typed if len(typed) <= 60 else typed[:60] + "..."
                    out.print(Text(f"{quoted!r} is not a legal action now. Legal actions:", style="yellow"))
                    _print_actions(legal)
                    continue
                break
    except KeyboardInterrupt:
        out.print()
        out.print("Interrupted: leaving the game.")
        raise typer.Exit(130)
    flush_log()
    out.print()
    out.print(Text(_render(state, seat)), soft_wrap=True)
    returns = state.returns()
    winners = [i for i, r in enumerate(returns) if r > 0]
    if not winners:
        out.print(Text("Game over: nobody wins.", style="bold"))
    else:
        names = ", ".join("you" if w == seat else f"seat {w} ({bots[w].spec})" for w in winners)
        out.print(Text(f"Game over. Winner: {names}.", style="bold"))
        out.print(Text("You win!" if seat in winners else "You lose.", style="bold"))


# ----- simulate ------------------------------------------------------------------------
class RateColumn(ProgressColumn):
    """Games per second."""

    def render(self, task) -> Text:
        speed = task.finished_speed or task.speed
        return Text("-- games/s" if speed is None else f"{speed:.1f} games/s")


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def _print_summary(summary: dict, elapsed: float) -> None:
    out.print(Text(f"{summary['game']}: {summary['games']} games, {summary['players']} players, "
                   f"seed {summary['seed']}, {elapsed:.1f}s", style="bold"))
    if summary.get("interrupted"):
        out.print(Text(f"interrupted: {summary['games']} of {summary['requested_games']} games finished",
                       style="yellow"))
    table = Table(title="Wins by seat", title_justify="left")
    for col in ("seat", "agent", "wins", "share", "95% interval"):
        table.add_column(col, justify="right" if col in ("seat", "wins", "share") else "left")
    for row in summary["wins_by_seat"]:
        lo, hi = row["ci95"]
        table.add_row(str(row["seat"]), Text(str(row["agent"])), str(row["wins"]), _pct(row["share"]),
                      f"{_pct(lo)} - {_pct(hi)}")
    out.print(table)
    table = Table(title="Wins by agent (share of seat-games)", title_justify="left")
    for col in ("agent", "seats", "seat-games", "wins", "share", "95% interval"):
        table.add_column(col)
    for row in summary["wins_by_agent"]:
        lo, hi = row["ci95"]
        table.add_row(Text(row["agent"]), ",".join(map(str, row["seats"])), str(row["seat_games"]),
                      str(row["wins"]), _pct(row["share"]), f"{_pct(lo)} - {_pct(hi)}")
    out.print(table)
    if summary["mean_turns"] is not None:
        out.print(f"mean turns: {summary['mean_turns']:.2f} (min {summary['min_turns']}, "
                  f"max {summary['max_turns']})")
    if summary["win_by"]:
        out.print("wins by: " + ", ".join(f"{how} {_pct(v['share'])} ({v['games']})"
                                          for how, v in summary["win_by"].items()))
    out.print(f"games with no winner: {summary['no_winner']}"
              + (f"; shared wins: {summary['shared_wins']}" if summary["shared_wins"] else ""))


@app.command()
def simulate(game: Annotated[str, typer.Argument(help="Game id, e.g. kot-dark.")],
             players: Annotated[Optional[int], typer.Option(help="Number of players (default: the game's).")] = None,
             games: Annotated[int, typer.Option("--games", "-n", min=1, help="Number of games.")] = 100,
             seed: Annotated[int, typer.Option(help="Batch seed S: game i uses seed S*1000003+i.")] = 0,
             agents: Annotated[str, typer.Option(
                 help="Agent spec per seat, comma-separated; seat i gets the i-th, cycled if fewer.")] = "random",
             workers: Annotated[Optional[int], typer.Option(
                 min=1, help="Processes (default: number of CPUs). Results do not depend on it.")] = None,
             as_json: Annotated[bool, typer.Option("--json", help="Print the summary as one JSON object.")] = False,
             out_file: Annotated[Optional[Path], typer.Option(
                 "--out", help="Write one JSON record per game (replayable with `tokyo replay`).")] = None,
             option: Annotated[Optional[list[str]], typer.Option(
                 "--option", "-o", help="Game option as key=value (repeatable; see `tokyo games`).")] = None):
    """Play many games between bots and summarise who wins (Wilson 95% intervals)."""
    from .sim import SimulationInterrupted, expand_agents, run_games, summarise

    try:
        options = parse_options(option)
        info = game_info(game)
        n = info.default_players if players is None else players
        the_game = load_game(game, n, **options)
        specs = expand_agents(split_agents(agents), n)
        for spec in dict.fromkeys(specs):
            make_agent(spec, game)
    except TokyoError as exc:
        fail(str(exc))
    handle = None
    if out_file is not None:
        try:
            handle = open(out_file, "w", encoding="utf-8")
        except OSError as exc:
            fail(f"cannot write {out_file}: {exc.strerror or exc}")

    interrupted = False
    started = time.perf_counter()
    progress = Progress(TextColumn("[progress.description]{task.description}"), BarColumn(),
                        MofNCompleteColumn(), RateColumn(), TimeRemainingColumn(), TextColumn("left"),
                        TimeElapsedColumn(), TextColumn("elapsed"), console=err, transient=False)
    with progress:
        task = progress.add_task(f"{game} x{n}", total=games)
        try:
            records = run_games(game, n, games, seed, specs, workers, the_game.options_json(),
                                lambda k: progress.advance(task, k))
        except SimulationInterrupted as stop:
            records = stop.records
            interrupted = True
    elapsed = time.perf_counter() - started
    if handle is not None:
        with handle:
            for rec in records:
                handle.write(json.dumps(rec.as_dict(), separators=(",", ":")) + "\n")
    summary = summarise(records)
    summary.update(game=game, players=n, seed=seed, agents=specs, options=the_game.options_json(),
                   interrupted=interrupted)
    if interrupted:
        summary["requested_games"] = games
        err.print(f"interrupted: summarising the {len(records)} finished games")
    if as_json:
        print_json(summary)
    else:
        _print_summary(summary, elapsed)
    if interrupted:
        raise typer.Exit(130)


# ----- replay --------------------------------------------------------------------------
@app.command()
def replay(file: Annotated[Path, typer.Argument(help="A file written by `tokyo simulate --out`.")],
           verbose: Annotated[bool, typer.Option("--verbose", "-v", help="Print each game's log.")] = False):
    """Replay saved games and check each result; exit 1 if any differs."""
    from .sim import read_records, replay_record

    try:
        records = read_records(file)
    except StateFormatError as exc:
        fail(str(exc))
    failed = 0
    for index, (where, record) in enumerate(records):
        label = f"game {index} ({where})"
        try:
            result = replay_record(record)
        except OptionError as exc:
            fail(f"{file}, {label}: {exc}")
        except IllegalActionError as exc:
            fail(f"{file}, {label}: {exc}")
        if verbose:
            for event in result.state.log_for(None):
                _print_event(event)
        if result.ok:
            winners = ", ".join(map(str, record["winners"])) or "none"
            out.print(f"{label}: OK ({record['game']}, {record['players']} players, "
                      f"{len(record['history'])} steps, {record['turns']} turns, winners: {winners})")
        else:
            failed += 1
            err.print(Text(f"FAIL {label}: {result.differences[0]}", style="bold red"), soft_wrap=True)
            for more in result.differences[1:]:
                err.print(Text(f"  also: {more}"), soft_wrap=True)
    if failed:
        err.print(Text(f"{failed} of {len(records)} games did not replay to their recorded result",
                       style="bold red"))
        raise typer.Exit(1)
    out.print(f"all {len(records)} games replayed to their recorded result")


# ----- serve ---------------------------------------------------------------------------
@app.command()
def serve(host: Annotated[str, typer.Option(help="Address to listen on; 127.0.0.1 keeps the server to this "
                                                  "machine, 0.0.0.0 lets others on your network join.")] = "127.0.0.1",
          port: Annotated[int, typer.Option(min=0, max=65535, help="TCP port (0: any free port).")] = 8000,
          db: Annotated[Optional[Path], typer.Option(
              help="SQLite file of the games (created if missing; default: games.sqlite3 in "
                   "$XDG_DATA_HOME/tokyo-engine, else ~/.local/share/tokyo-engine).")] = None,
          bot_delay: Annotated[float, typer.Option(
              min=0, help="Seconds a bot waits before each of its actions, so people can follow.")] = 0.6,
          fsync: Annotated[bool, typer.Option(
              help="Flush every action to disk before answering: games also survive a power cut or a "
                   "system crash (a killed server loses nothing either way), but each action waits "
                   "for the disk.")] = False):
    """Run the game server: create games of any game with people and bots, share each
    person's seat link, play in turn. Prints the address; the API is documented at
    /docs. Every accepted action is stored before it is shown, and unfinished games
    resume when the server starts again."""
    import sqlite3

    from .server.main import default_db_path
    from .server.main import serve as run_server

    path = db if db is not None else default_db_path()
    try:
        run_server(host, port, path, bot_delay, fsync)
    except sqlite3.Error as exc:
        fail(f"cannot use {path} as the games database: {exc}")
    except OSError as exc:
        fail(f"cannot listen on {host}:{port}: {exc.strerror or exc}; choose another --port or --host")


def main() -> None:
    """Entry point of the ``tokyo`` console script."""
    try:
        app()
    except BrokenPipeError:  # e.g. `tokyo cards kot-dark --json | head`
        sys.stderr.close()
        sys.exit(0)


if __name__ == "__main__":
    main()
