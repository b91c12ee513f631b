"""The ``tokyo`` command: games, cards, play, simulate, replay, report, serve.

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

from .agents import HEURISTICS, check_agent_for, make_agent
from .core import (CHANCE, GameRecord, IllegalActionError, OptionError, StateFormatError, TokyoError,
                   game_catalogue, game_info, list_games, load_game, sample_chance)

app = typer.Typer(add_completion=False, no_args_is_help=True, pretty_exceptions_show_locals=False,
                  help="tokyo-engine: play and simulate tabletop games by their rules.")

def _version(value: bool) -> None:
    if value:
        from . import __version__
        from .core.build import engine_kind
        print(f"tokyo-engine {__version__} (engine: {engine_kind()}, Python {sys.version.split()[0]})")
        raise typer.Exit()


@app.callback()
def _main(version: Annotated[bool, typer.Option(
        "--version", callback=_version, is_eager=True,
        help="Print the version and which engine runs (compiled with mypyc, or pure Python), then exit.")]
        = False) -> None:
    """tokyo-engine: play and simulate tabletop games by their rules."""


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
def games(game: Annotated[Optional[str], typer.Argument(
              help="Show only this game (e.g. kot); default: every game.", show_default=False)] = None,
          as_json: Annotated[bool, typer.Option("--json", help="Print JSON instead of a table.")] = False):
    """List the games: id, title, player counts and options with their defaults.

    `tokyo games kot` shows one game's."""
    listing = list_games()
    if game is not None:
        listing = [g for g in listing if g["id"] == game]
        if not listing:
            fail(f"unknown game {game!r}; the games are: {', '.join(g['id'] for g in list_games())}")
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
    out.print("Give options as --option name=value to play and simulate."
              + ("" if game is not None else " `tokyo games GAME` shows one game."))


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
        full = items[0].get("set_name")  # a printed name besides the set id, if the game gives one
        copies = [int(card.get("copies", 1) or 1) for card in items]
        # a card's back face (a second entry of the same card) is not another card
        fronts = [n for card, n in zip(items, copies) if card.get("face") != "back"]
        count = (f"{len(items)}" if sum(copies) == len(items)
                 else f"{sum(fronts)} cards, {len(fronts)} different")
        title = f"{full} ({name}, {count})" if full and full != name else f"{name} ({count})"
        table = Table(title=title, title_justify="left", show_lines=False)
        table.add_column("name", style="bold")
        if sum(copies) != len(items):
            table.add_column("copies", justify="right")
        table.add_column("cost", justify="right")
        table.add_column("type")
        table.add_column("text")
        for card, n in zip(items, copies):
            cost = card.get("cost")
            row = [Text(str(card.get("name", card.get("id", ""))))]
            if sum(copies) != len(items):
                row.append(str(n))
            table.add_row(*row, "" if cost is None else str(cost), Text(str(card.get("type", ""))),
                          Text(str(card.get("text", ""))))
        out.print(table)


# ----- play ----------------------------------------------------------------------------
PLAY_HELP = ("Type the number of an action or its text. Other commands: "
             "help (this), board (the whole table again), log (everything you have seen so far), "
             "card NAME (the text of a card, tile or monster; card #5: the card numbered 5 on the table, "
             "where cards are numbered), quit (leave the game).")


def _picture_change(before: str | None, after: str) -> str:
    """What to print of the table at a decision: the whole picture, or, after this seat's
    own previous decision with nobody else acting in between (several actions in one turn,
    ``before`` the picture then) and most of it unchanged, only its first line and the lines
    that changed, so a long table is not printed again after every action."""
    if before is None:
        return after
    old, new = before.splitlines(), after.splitlines()
    kept = set(old)
    changed = [line for line in new[1:] if line not in kept]
    if len(new) < 25 or len(changed) > len(new) // 2:
        return after
    return "\n".join([new[0], "Changed on the table (type 'board' to see all of it):"]
                     + (changed or ["  nothing"]))


def _print_card_lookup(game_id: str, query: str, state=None) -> None:
    """``card NAME`` during play: every card whose id or name contains NAME; ``card #5``
    the card numbered 5 on the table, in a game that numbers its cards (``state.card_at``)."""
    from .core import game_catalogue
    q = query.lower().replace(" ", "-")
    catalogue = game_catalogue(game_id)
    card_at = getattr(state, "card_at", None)
    number = query.strip().lstrip("#")
    if callable(card_at) and query.strip().startswith("#") and number.isdigit():
        at = card_at(int(number))
        found = [c for c in catalogue if c.get("id") == at]
        if not found:
            out.print(Text(f"No card is numbered #{number} on the table now.", style="yellow"))
            return
    else:
        found = [c for c in catalogue
                 if q and (q in str(c.get("id", "")).lower() or q in str(c.get("name", "")).lower().replace(" ", "-"))]
    if not found:
        # the example is a word of one of this game's own card names (`tokyo cards GAME` lists them)
        words = [w for c in catalogue for w in str(c.get("name", "")).lower().split() if len(w) > 3]
        example = f", e.g. 'card {words[len(words) // 2]}'" if words else ""
        out.print(Text(f"No card matches {query!r}; try part of a name{example} "
                       f"(`tokyo cards {game_id}` lists them all).", style="yellow"))
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


DESCRIBED = 24
"""Up to this many actions, each is printed with what it does (``describe_action``); more are
printed bare, in columns, and ``help`` prints them all with their words."""


def _warnings(state, seat: int) -> dict[str, str]:
    """{action: warning} for the actions of ``seat`` that leave its Treasury at 0, a Lose
    condition (Storyline and the Crisis Format: the observation's ``empties``, as the
    browser warns); ``{}`` for a game without them."""
    if not hasattr(state, "emptying_actions"):
        return {}
    obs = state.observation(seat)
    empties = obs.get("empties") or {}
    if not empties:
        return {}
    who = ("the opponent" if obs.get("format") == "crisis-format"
           else "each opponent" if len(obs.get("players") or []) > 2 else "your opponent")
    return {text: f"⚠ empties your Treasury: +1 Story Point to {who}"
            for text, after in empties.items() if after and after.get("treasury") == 0}


def _print_actions(legal: list[str], describe=None, full: bool = False, warn: dict | None = None) -> None:
    """Numbered actions; ``describe`` (a game's ``describe_action``, if it has one) adds what
    each does in words, ``attack 5 3  (#5 Bastion Walker attacks #3 Scrap Drone)``, when
    there are at most DESCRIBED actions or ``full`` is set; ``warn`` ({action: mark}, see
    :func:`_warnings`) marks an action that is a risk, in every layout."""
    warn = warn or {}

    def marked(line: str, text: str) -> str:
        return f"{line}  {warn[text]}" if text in warn else line

    def words(text: str) -> str:
        said = describe(text) if describe is not None else text
        return text if not said or said == text else f"{text}  ({said})"

    if describe is not None and (full or len(legal) <= DESCRIBED):
        for i, text in enumerate(legal, 1):
            out.print(Text(marked(f"{i:>3}. {words(text)}", text)), soft_wrap=True)
        return
    items = [Text(marked(f"{i:>3}. {text}", text)) for i, text in enumerate(legal, 1)]
    if len(items) <= 10:
        for item in items:
            out.print(item, soft_wrap=True)
    else:  # many actions: in columns, numbered down each column
        out.print(Columns(items, column_first=True, padding=(0, 3)))
    if describe is not None:
        out.print(Text("(help: every action with what it does)", style="dim"))


@app.command()
def play(game: Annotated[str, typer.Argument(help="Game id, e.g. kot-dark.")],
         players: Annotated[Optional[int], typer.Option(help="Number of players (default: the game's).")] = None,
         seat: Annotated[int, typer.Option(help="Your seat, from 0.")] = 0,
         agents: Annotated[Optional[str], typer.Option(
             help="Agents for the other seats in order, comma-separated (cycled); "
                  "default heuristic, or random if the game has none.")] = None,
         seed: Annotated[Optional[int], typer.Option(help="Seed for dice, cards and bots (default: random, printed).")] = None,
         option: Annotated[Optional[list[str]], typer.Option(
             "--option", "-o", help="Game option as key=value (repeatable; see `tokyo games`).")] = None,
         record: Annotated[Optional[Path], typer.Option(
             "--record", help="When the game ends, append its record (one JSON line) to this file (.jsonl or .json); "
                              "`tokyo replay FILE` replays it.")] = None):
    """Play in the terminal against bots. Reads your moves from standard input."""
    try:
        the_game = load_game(game, players, **parse_options(option))
        n = the_game.num_players
        if not 0 <= seat < n:
            raise OptionError(f"--seat must be a seat from 0 to {n - 1}, not {seat}")
        specs = split_agents(agents) or [default_agent(game)]
        others = [s for s in range(n) if s != seat]
        bots = {s: check_agent_for(make_agent(specs[k % len(specs)], game), the_game) for k, s in enumerate(others)}
    except TokyoError as exc:
        fail(str(exc))
    if record is not None:
        from .sim.records import record_format
        try:
            fmt = record_format(record)  # the extension check of `simulate --records`
        except TokyoError as exc:
            fail(str(exc))
        if fmt != "jsonl":  # a played game is appended as one JSON line
            fail(f"--record {record}: play appends JSON lines; give a .jsonl or .json file")
        if record.is_dir() or not record.parent.is_dir():
            fail(f"--record {record}: not a file in an existing folder")
    if seed is None:
        seed = random.SystemRandom().randrange(1_000_000)
    rng = random.Random(seed)
    for s, bot in bots.items():
        bot.reset(seed * 1009 + s + 1, s)

    echo = not sys.stdin.isatty()
    np = the_game.players   # players; the seats (n) may add one (crisis-format's opponent seat)
    extra = f" and {n - np} more seat{'s' if n - np != 1 else ''}" if n != np else ""
    out.print(Text(f"{the_game.info.title}: {np} player{'s' if np != 1 else ''}{extra}, seed {seed}. "
                   f"You are seat {seat}.", style="bold"))
    if others:   # a one-seat game (crisis-format with one player) has no bots
        out.print(Text(", ".join(f"seat {s}: {bots[s].spec}" for s in others)))
    out.print(PLAY_HELP)
    state = the_game.new_initial_state()
    shown = 0

    last_picture = None   # the picture printed at this seat's last decision

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
                last_picture = None   # another seat acted: the next decision shows the whole table
                choice = bots[player].step(state)
                state.apply_action(getattr(choice, "text", str(choice)), seat=player)
                continue
            legal = state.legal_texts()
            describe = getattr(state, "describe_action", None)
            warn = _warnings(state, seat)
            out.print()
            picture = _render(state, seat)
            out.print(Text(_picture_change(last_picture, picture)), soft_wrap=True)
            last_picture = picture
            out.print(Text("Your move:", style="bold"))
            _print_actions(legal, describe, warn=warn)
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
                    _print_actions(legal, describe, full=True, warn=warn)
                    continue
                if word.split()[0] == "card":
                    _print_card_lookup(state.game.game_id, typed[4:].strip(), state)
                    continue
                if word in ("board", "table"):
                    out.print(Text(picture), soft_wrap=True)
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
                        _print_actions(legal, describe, warn=warn)
                        continue
                    text = legal[number - 1]
                try:
                    state.apply_action(text, seat=seat)
                except IllegalActionError:
                    quoted = typed if len(typed) <= 60 else typed[:60] + "..."
                    out.print(Text(f"{quoted!r} is not a legal action now. Legal actions:", style="yellow"))
                    _print_actions(legal, describe, warn=warn)
                    continue
                break
    except KeyboardInterrupt:
        out.print()
        out.print("Interrupted: leaving the game.")
        raise typer.Exit(130)
    flush_log()
    out.print()
    picture = _render(state, seat)
    out.print(Text(picture), soft_wrap=True)
    returns = state.returns()
    winners = [i for i, r in enumerate(returns) if r > 0]
    said = getattr(state, "result_text", None)   # a game that says who won in its own words
    if callable(said) and said():
        if not any(line.startswith("Game over") for line in picture.splitlines()):   # the picture says it already
            out.print(Text(said(), style="bold"))
        from .sim.stats import DRAWS
        if winners or getattr(state, "win_by", None) not in (None, "", "none", *DRAWS):
            # a side with no seat may win (the automated opponent): then this seat lost
            out.print(Text("You win!" if seat in winners else "You lose.", style="bold"))
    elif not winners:
        out.print(Text("Game over: nobody wins.", style="bold"))
    else:
        names = ", ".join("you" if w == seat else f"seat {w} ({bots[w].spec})" for w in winners)
        out.print(Text(f"Game over. Winner: {names}.", style="bold"))
        out.print(Text("You win!" if seat in winners else "You lose.", style="bold"))
    if record is not None:
        specs_by_seat = ["human" if s == seat else bots[s].spec for s in range(n)]
        rec = GameRecord(game, the_game.players, the_game.options_json(), seed, specs_by_seat, state.history(),
                         returns, winners, state.turn_count, state.record_extra())
        try:
            with open(record, "a", encoding="utf-8") as handle:
                handle.write(json.dumps(rec.as_dict(), separators=(",", ":")) + "\n")
        except OSError as exc:
            fail(f"cannot write the record to {record}: {exc.strerror or exc}")
        out.print(f"Record appended to {record} (replay it with `tokyo replay {record}`).")


# ----- simulate ------------------------------------------------------------------------
class RateColumn(ProgressColumn):
    """Games per second."""

    def render(self, task) -> Text:
        speed = task.finished_speed or task.speed
        return Text("-- games/s" if speed is None else f"{speed:.1f} games/s")


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def _interval(ci) -> str:
    return "-" if ci is None else f"{_pct(ci[0])} - {_pct(ci[1])}"


def _signed_pct(x: float | None) -> str:
    return "-" if x is None else f"{100 * x:+.1f} pts"


CARD_ROWS = 10
"""The terminal shows the top and the bottom CARD_ROWS cards by difference."""


def _print_summary(summary: dict, elapsed: float | None) -> None:
    head = (f"{summary['game']}: {summary['games']} games, {summary['players']} "
            f"player{'s' if summary['players'] != 1 else ''}, "
            f"seed {summary['seed']}")
    out.print(Text(head + (f", {elapsed:.1f}s" if elapsed is not None else ""), style="bold"))
    if summary.get("interrupted"):
        out.print(Text(f"interrupted: {summary['games']} of {summary['requested_games']} games finished",
                       style="yellow"))
    table = Table(title="Wins by seat", title_justify="left")
    for col in ("seat", "agent", "wins", "share", "95% interval"):
        table.add_column(col, justify="right" if col in ("seat", "wins", "share") else "left")
    for row in summary["wins_by_seat"]:
        table.add_row(str(row["seat"]), Text(str(row["agent"])), str(row["wins"]), _pct(row["share"]),
                      _interval(row["ci95"]))
    out.print(table)
    table = Table(title="Wins by agent (share of seat-games)", title_justify="left")
    for col in ("agent", "seats", "seat-games", "wins", "share", "95% interval"):
        table.add_column(col)
    for row in summary["wins_by_agent"]:
        table.add_row(Text(row["agent"]), ",".join(map(str, row["seats"])), str(row["seat_games"]),
                      str(row["wins"]), _pct(row["share"]), _interval(row["ci95"]))
    out.print(table)
    for kind, rows in summary.get("wins_by_label", {}).items():
        table = Table(title=f"Wins by {kind} (share of seat-games)", title_justify="left")
        for col in (kind, "seat-games", "wins", "share", "95% interval"):
            table.add_column(col, justify="left" if col == kind else "right")
        for row in rows:
            table.add_row(Text(row["label"]), str(row["seat_games"]), str(row["wins"]), _pct(row["share"]),
                          _interval(row["ci95"]))
        out.print(table)
    if summary["mean_turns"] is not None:
        out.print(f"mean turns: {summary['mean_turns']:.2f} (min {summary['min_turns']}, "
                  f"max {summary['max_turns']})")
    turns = summary.get("turns") or {}
    if turns.get("median") is not None:
        out.print(f"game length: median {turns['median']:g} turns; 80% of games between "
                  f"{turns['p10']:g} and {turns['p90']:g} turns (p10-p90)")
    if summary["win_by"]:
        from .sim.stats import endings
        ended = endings(summary)
        head = "how games ended" if ended["ended"] else "wins by"
        if not ended["of_all"]:
            head += (f" (of the {ended['counted']} games that say how)" if ended["ended"]
                     else f" (of the {ended['counted']} games with a winner)")
        out.print(f"{head}: " + ", ".join(f"{how} {_pct(v['share'])} ({v['games']})" for how, v in ended["items"]))
    team = summary.get("players_win") if summary.get("cooperative") else None
    if team:
        out.print(f"the players win together: {_pct(team['share'])} ({team['wins']} of {summary['games']} games; "
                  f"95% interval {_interval(team['ci95'])})")
    if team:   # a co-operative game: a game the players lost was won by the side with no seat
        out.print(f"games the players did not win: {summary['games'] - team['wins']} (won by the side with no "
                  f"seat, or drawn: see 'how games ended')")
    else:
        out.print(f"games with no winner: {summary['no_winner']}"
                  + (f"; shared wins: {summary['shared_wins']}" if summary["shared_wins"] else ""))
    cards = summary.get("cards")
    if cards and cards["rows"]:
        _print_cards(cards)
    for name, group in (summary.get("card_groups") or {}).items():
        if group["rows"]:
            _print_cards(group, name)


def _print_cards(cards: dict, group: str | None = None) -> None:
    """The best and worst rows of ``cards`` ({verb, rows}); ``group``: its name in
    ``card_groups``, None for the summary's ``cards``."""
    from rich import box

    verb, rows = cards["verb"], cards["rows"]
    from .sim.stats import count_unit
    unit = count_unit(cards)   # the Crises: one per game
    if len(rows) > 2 * CARD_ROWS:
        shown = [(f"the {CARD_ROWS} best", rows[:CARD_ROWS]), (f"the {CARD_ROWS} worst", rows[-CARD_ROWS:])]
    else:
        shown = [("all", rows)]
    if group is None:
        what, key = f"Cards: win share of the {unit} that {verb} a card", '"cards"'
    else:  # e.g. "Evolutions played: ..."
        what = f"{group[:1].upper()}{group[1:]} {verb}: win share of the {unit} that {verb} each one"
        key = f'"card_groups", then "{group}"'
    out.print(Text(what + " (with) and of the others (without); difference in percentage points, Newcombe "
                   "95% interval; lift = with / without", style="bold"))
    for part, part_rows in shown:
        table = Table(title=f"{part} by difference", title_justify="left", box=box.SIMPLE_HEAD, pad_edge=False,
                      collapse_padding=True)
        # a long card id is cut (the numbers never are): `--json` has it whole
        table.add_column("card", no_wrap=True, overflow="ellipsis", max_width=max(14, out.width - 55))
        for col, width in ((verb, len(verb)), ("with", 6), ("without", 7), ("diff", 5), ("95% interval", 12),
                           ("lift", 4)):
            table.add_column(col, justify="right", no_wrap=True, min_width=width)
        for row in part_rows:
            lift = "-" if row["lift"] is None else f"{row['lift']:.2f}"
            ci = row["difference_ci95"]
            diff = "-" if row["difference"] is None else f"{100 * row['difference']:+.1f}"
            table.add_row(Text(row["card"]), str(row["with"]["seat_games"]), _pct(row["with"]["share"]),
                          _pct(row["without"]["share"]), diff,
                          "-" if ci is None else f"{100 * ci[0]:+.1f}..{100 * ci[1]:+.1f}", lift)
        out.print(table)
    out.print(f"{len(rows)} cards in all; `--json` lists every one (key {key}). Few {unit} give wide "
              f"intervals; and a card {verb} by the stronger seats looks good whatever it does, so read "
              f"a difference as a correlation, not a cause.")


def _print_compare(result: dict, elapsed: float) -> None:
    c = result["compare"]
    base = c["base_summary"]
    out.print(Text(f"{base['game']}: {c['option']} = {c['base']} (base) vs {c['variant']} (variant), "
                   f"{c['games']} paired games, {base['players']} players, seed {base['seed']}, "
                   f"{elapsed:.1f}s", style="bold"))
    team = c.get("players_win")
    if team is not None:   # a co-operative game: the players' shared win rate is the figure
        ci = team["ci95"]
        out.print(Text(f"The players win together: base {_pct(team['base_share'])}, variant "
                       f"{_pct(team['variant_share'])}, difference {_signed_pct(team['difference'])}"
                       + ("" if ci is None else f" (95% interval {100 * ci[0]:+.1f} to {100 * ci[1]:+.1f})"),
                       style="bold"))
    for title, rows, first in (("Wins by seat", c["seats"], "seat"), ("Wins by agent", c["agents"], "agent")):
        table = Table(title=f"{title}: variant - base (paired games)", title_justify="left")
        cols = ["seat", "agent"] if first == "seat" else ["agent"]
        for col in cols + ["base share", "variant share", "difference", "95% interval"]:
            table.add_column(col, justify="left" if col == "agent" else "right")
        for row in rows:
            ci = row["ci95"]
            cells = [str(row["seat"]), Text(row["agent"])] if first == "seat" else [Text(row["agent"])]
            table.add_row(*cells, _pct(row["base_share"]), _pct(row["variant_share"]),
                          _signed_pct(row["difference"]),
                          "-" if ci is None else f"{100 * ci[0]:+.1f} to {100 * ci[1]:+.1f}")
        out.print(table)
    t = c["turns"]
    ci = t["ci95"]
    out.print(f"mean turns: base {t['base_mean']:.2f}, variant {t['variant_mean']:.2f}, difference "
              f"{t['difference']:+.2f}" + ("" if ci is None else f" (95% interval {ci[0]:+.2f} to {ci[1]:+.2f})"))
    out.print(f"games whose winners changed: {c['changed_winner']} of {c['games']}")
    out.print("Intervals: mean of the per-game differences +- 1.96 standard errors. `--json` gives both "
              "full summaries (keys base_summary, variant_summary).")


@app.command(epilog="Examples: `tokyo simulate kot-dark -n 1000 --agents heuristic,random`; "
                    "`tokyo simulate kot-dark -n 500 --records games.parquet`; "
                    "`tokyo simulate crisis-tokyo -n 300 --compare districts_to_win=3`.")
def simulate(game: Annotated[str, typer.Argument(help="Game id, e.g. kot-dark (`tokyo games` lists them).")],
             players: Annotated[Optional[int], typer.Option(help="Number of players (default: the game's).")] = None,
             games: Annotated[int, typer.Option("--games", "-n", min=1, help="Number of games.")] = 100,
             seed: Annotated[int, typer.Option(
                 help="Batch seed S: game i uses seed S*1000003+i, so a batch can be played again.")] = 0,
             agents: Annotated[str, typer.Option(
                 help="Agent spec per seat, comma-separated; seat i gets the i-th, cycled if fewer.")] = "random",
             workers: Annotated[Optional[int], typer.Option(
                 min=1, help="Games played at once: processes for process, CPUs of the local Ray for ray "
                             "(default: the number of CPUs; with --address, the cluster's CPUs); "
                             "inprocess plays one at a time. Results do not depend on it.")] = None,
             backend: Annotated[str, typer.Option(
                 help="Where the games run: inprocess (this process, one at a time), process (a pool of "
                      "local processes, the default) or ray (Ray tasks: a local Ray started for the run, "
                      "or the cluster given by --address; needs pip install 'tokyo-engine\\[ray]'). "
                      "Ray is worth it to spread a long run over a cluster; on one machine use "
                      "process: a local Ray takes seconds to start and then plays no faster. "
                      "Game i always has seed S*1000003+i, so the results are the same on every "
                      "backend.")] = "process",
             address: Annotated[Optional[str], typer.Option(
                 help="With --backend ray: the Ray cluster to join, e.g. auto (the cluster this machine "
                      "is part of) or ray://HOST:10001; its nodes need tokyo-engine installed. "
                      "Default: start a local Ray with --workers CPUs and stop it at the end.")] = None,
             as_json: Annotated[bool, typer.Option(
                 "--json", help="Print everything as one JSON object: the summary (with turns, "
                                "wins_by_label and every card row of cards and card_groups), or the comparison.")] = False,
             records_file: Annotated[Optional[Path], typer.Option(
                 "--records", help="Save one record per game, replayable with `tokyo replay`: "
                                   "FILE.jsonl or FILE.json writes JSON lines, FILE.parquet a Parquet "
                                   "table (needs pip install 'tokyo-engine\\[parquet]').")] = None,
             out_file: Annotated[Optional[Path], typer.Option(
                 "--out", help="The same as --records (kept for old scripts).")] = None,
             compare: Annotated[Optional[str], typer.Option(
                 "--compare", metavar="OPTION=VALUE",
                 help="Play the batch twice with the same seeds, once with the -o options (the base) and "
                      "once with OPTION=VALUE too (the variant), and report the paired differences: "
                      "win shares by seat and agent, mean turns, games whose winners changed.")] = None,
             option: Annotated[Optional[list[str]], typer.Option(
                 "--option", "-o", help="Game option as key=value (repeatable; see `tokyo games`).")] = None):
    """Play many games between bots and summarise who wins (Wilson 95% intervals).

    The summary gives wins by seat, by agent and by label (e.g. by monster), the game
    length (median, p10-p90), how games were won, and for games with cards the win
    share of seats that bought or played each card against the others.
    """
    from .sim import SimulationInterrupted, compare_runs, expand_agents, run_games, summarise
    from .sim.backends import check_backend, import_ray
    from .sim.runner import check_seed
    from .sim.compare import variant_pair
    from .sim.records import check_writable, write_records

    if records_file is not None and out_file is not None and records_file != out_file:
        fail("--records and --out are the same option: give one of them")
    save_to = records_file if records_file is not None else out_file
    try:
        options = parse_options(option)
        info = game_info(game)
        n = info.default_players if players is None else players
        the_game = load_game(game, n, **options)
        specs = expand_agents(split_agents(agents), the_game.num_players)
        for spec in dict.fromkeys(specs):
            check_agent_for(make_agent(spec, game), the_game)
        check_backend(backend, address)
        check_seed(seed, games)
        if backend == "ray":
            import_ray()  # says how to install it, before any output
        compare_key = compare_value = None
        if compare is not None:
            compare_key, eq, compare_value = compare.partition("=")
            compare_key, compare_value = compare_key.strip(), compare_value.strip()
            if not eq or not compare_key:
                raise OptionError(f"--compare {compare!r} must look like option=value, e.g. "
                                  "--compare districts_to_win=3 (see `tokyo games` for options)")
            if save_to is not None:
                raise OptionError("--records (or --out) cannot be used with --compare: it saves one batch; "
                                  "run the two batches with -o to save each")
            variant_pair(game, n, the_game.options_json(), compare_key, compare_value)  # check it now
        if save_to is not None:
            check_writable(save_to)
    except TokyoError as exc:
        fail(str(exc))
    created = False  # whether the record file is new (removed again if no game finishes)
    if save_to is not None:
        created = not save_to.exists()
        try:
            open(save_to, "a").close()  # fail now, not after the run, if it cannot be written
        except OSError as exc:
            fail(f"cannot write {save_to}: {exc.strerror or exc}")

    interrupted = False
    stop_code, how = 130, "interrupted"
    started = time.perf_counter()
    progress = Progress(TextColumn("[progress.description]{task.description}"), BarColumn(),
                        MofNCompleteColumn(), RateColumn(), TimeRemainingColumn(), TextColumn("left"),
                        TimeElapsedColumn(), TextColumn("elapsed"), console=err, transient=False)
    if compare is not None:
        with progress:
            task = progress.add_task(f"{game} x{n} base+variant", total=2 * games)
            try:
                result = compare_runs(game, n, games, seed, specs, the_game.options_json(), compare_key,
                                      compare_value, workers, lambda k: progress.advance(task, k),
                                      backend=backend, address=address)
            except KeyboardInterrupt as stop:  # SimulationInterrupted included
                interrupted = True
                stop_code = getattr(stop, "exit_code", 130)
            except TokyoError as exc:
                progress.stop()
                fail(str(exc))
        if interrupted:
            err.print(f"{'terminated (SIGTERM)' if stop_code == 143 else 'interrupted'}: the comparison stopped "
                      "before both batches finished; no result "
                      "(a comparison needs every pair)")
            raise typer.Exit(stop_code)
        if as_json:
            print_json(result)
        else:
            _print_compare(result, time.perf_counter() - started)
        return

    with progress:
        label = f"{game} x{n}"
        starting = {"ray": " (starting Ray)" if address is None else " (joining Ray)"}.get(backend, "")
        task = progress.add_task(label + starting, total=games)

        def advance(k: int) -> None:
            if k == 0:  # the workers are ready
                progress.update(task, description=label)
            progress.advance(task, k)

        try:
            records = run_games(game, n, games, seed, specs, workers, the_game.options_json(),
                                advance, backend=backend, address=address)
        except SimulationInterrupted as stop:
            records = stop.records
            interrupted = True
            stop_code, how = stop.exit_code, stop.how
        except TokyoError as exc:  # e.g. a Ray cluster that cannot be joined
            progress.update(task, visible=False)
            progress.stop()
            fail(str(exc))
    elapsed = time.perf_counter() - started
    if interrupted and not records:
        if created:
            save_to.unlink(missing_ok=True)
        err.print(f"{how} before any game finished: nothing to summarise or save")
        raise typer.Exit(stop_code)
    if save_to is not None:
        try:
            write_records(save_to, records)
        except OSError as exc:
            fail(f"cannot write {save_to}: {exc.strerror or exc}")
        except TokyoError as exc:
            fail(str(exc))
    summary = summarise(records)
    summary.update(game=game, players=n, seed=seed, agents=specs, options=the_game.options_json(),
                   interrupted=interrupted)
    if interrupted:
        summary["requested_games"] = games
        err.print(f"{how}: summarising the {len(records)} finished games")
    if as_json:
        print_json(summary)
    else:
        _print_summary(summary, elapsed)
    if interrupted:
        raise typer.Exit(stop_code)


# ----- replay --------------------------------------------------------------------------
@app.command()
def replay(file: Annotated[Path, typer.Argument(
               help="A record file written by `tokyo simulate --records` (.jsonl, .json or .parquet).")],
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
    out.print("the game replayed to its recorded result" if len(records) == 1
              else f"all {len(records)} games replayed to their recorded result")


# ----- report --------------------------------------------------------------------------
@app.command()
def report(results: Annotated[Path, typer.Argument(
               help="A summary (`tokyo simulate --json > results.json`), a comparison "
                    "(`--compare --json`) or a records file (`tokyo simulate --out`).")],
           out_file: Annotated[Optional[Path], typer.Option(
               "--out", help="The HTML file to write (default: RESULTS with the suffix .html).")] = None,
           title: Annotated[Optional[str], typer.Option(
               help="Title of the page (default: game, games and players).")] = None):
    """Write one self-contained HTML page of plots and tables from simulation results."""
    from .sim.report import write_report

    try:
        written = write_report(results, out_file, title=title)
    except TokyoError as exc:
        fail(str(exc))
    out.print(Text(str(written)), soft_wrap=True)


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
                   "for the disk.")] = False,
          max_rooms_per_client: Annotated[int, typer.Option(
              min=0, help="Unfinished rooms one client address may have created since the server started; "
                          "one more is refused (HTTP 429) until one of them ends. 0: no limit.")] = 20,
          max_search_bots_per_client: Annotated[int, typer.Option(
              min=0, help="Search bots (ismcts, which keep a CPU busy on every move) one client address may "
                          "have in its unfinished rooms; a room that would go over is refused (HTTP 429). "
                          "0: no limit.")] = 4,
          resume_idle_days: Annotated[float, typer.Option(
              min=0, help="At start-up, resume only the unfinished rooms someone was connected to (or played "
                          "in) within this many days; the others stay stopped, bots too, and out of the lobby's "
                          "list until one of their links is opened. 0: resume every room.")] = 0):
    """Run the game server: create games of any game with people and bots, share each
    person's seat link, play in turn. Prints the address; the API is documented at
    /docs. Every accepted action is stored before it is shown, and unfinished games
    resume when the server starts again. Request bodies over 64 KiB are refused (HTTP
    413), and each client address may keep only so many rooms and search bots busy (the
    --max-... options)."""
    from .server.main import StartError, default_db_path
    from .server.main import serve as run_server

    path = db if db is not None else default_db_path()
    try:
        run_server(host, port, path, bot_delay, fsync, max_rooms_per_client=max_rooms_per_client,
                   max_search_bots_per_client=max_search_bots_per_client, resume_idle_days=resume_idle_days)
    except StartError as exc:
        fail(f"the server did not start: {exc}")


def main() -> None:
    """Entry point of the ``tokyo`` console script."""
    try:
        app()
    except BrokenPipeError:  # e.g. `tokyo cards kot-dark --json | head`
        sys.stderr.close()
        sys.exit(0)


if __name__ == "__main__":
    main()
