"""Reading game records (``tokyo simulate --records``) and replaying them.

A record is the dict of :meth:`tokyo.GameRecord.as_dict`. A ``.jsonl``/``.json`` file
holds one record per line (JSON lines), or a single JSON record, or a JSON list of
records; a ``.parquet`` file one row per game (see :mod:`tokyo.sim.records`).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

from ..core.errors import IllegalActionError, StateFormatError
from ..core.registry import load_recorded_game
from ..core.state import State

REQUIRED = {"game": str, "players": int, "history": list, "returns": list, "winners": list,
            "turns": int}
# what a JSON value of each Python type is called in messages, with its article
JSON_KINDS = {str: "a string", int: "an integer", float: "a number", bool: "true or false",
              list: "a list", dict: "an object", type(None): "null"}


def _kind(value) -> str:
    """``value``'s JSON kind with its article: "an integer", "a list", "null"..."""
    return JSON_KINDS.get(type(value), f"a {type(value).__name__}")


def _check_record(rec, where: str) -> dict:
    if not isinstance(rec, dict):
        raise StateFormatError(f"{where} is not a game record (a JSON object) but {_kind(rec)}")
    for name, kind in REQUIRED.items():
        if name not in rec:
            raise StateFormatError(f"{where} is not a game record: field {name!r} is missing")
        value = rec[name]
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise StateFormatError(f"{where}: field {name!r} should be {JSON_KINDS[kind]}, "
                                   f"not {_kind(value)}")
    if not isinstance(rec.get("options", {}), dict):
        raise StateFormatError(f"{where}: field 'options' should be an object")
    if not all(isinstance(h, str) for h in rec["history"]):
        raise StateFormatError(f"{where}: field 'history' should be a list of action texts")
    if not all(isinstance(x, (int, float)) and not isinstance(x, bool) for x in rec["returns"]):
        raise StateFormatError(f"{where}: field 'returns' should be a list of numbers")
    if not all(isinstance(x, int) and not isinstance(x, bool) for x in rec["winners"]):
        raise StateFormatError(f"{where}: field 'winners' should be a list of seat numbers")
    return rec


def read_records(path: str | Path) -> list[tuple[str, dict]]:
    """The records of a file as (where, record) pairs, where is e.g. ``"line 3"`` (or
    ``"row 3"`` in a Parquet file). The extension chooses the format (``.jsonl``,
    ``.json``, ``.parquet``).

    Raises StateFormatError with a one-line message if the extension is not one of
    those, the file cannot be read, is empty, is not JSON (or Parquet) or holds
    something that is not a game record.
    """
    from .records import read_parquet, read_text, record_format
    path = Path(path)
    if record_format(path, StateFormatError) == "parquet":
        return [(where, _check_record(rec, f"{path}, {where}")) for where, rec in read_parquet(path)]
    text = read_text(path, StateFormatError, "game records")
    try:
        whole = json.loads(text)
    except ValueError:
        whole = None
    else:
        if isinstance(whole, list):
            if not whole:
                raise StateFormatError(f"{path} holds an empty list: no game record in it")
            return [(f"record {i + 1}", _check_record(r, f"{path}, record {i + 1}"))
                    for i, r in enumerate(whole)]
        return [("record 1", _check_record(whole, f"{path}"))]
    out = []
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        where = f"line {number}"
        try:
            rec = json.loads(line)
        except ValueError as exc:
            raise StateFormatError(f"{path}, {where} is not JSON ({exc.msg.removesuffix(' at')}: column {exc.colno})") from None
        out.append((where, _check_record(rec, f"{path}, {where}")))
    return out


@dataclass
class ReplayResult:
    """What replaying one record gave: the final state and the differences found."""

    state: State
    differences: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.differences


def replay_record(record: dict) -> ReplayResult:
    """Rebuild the game of ``record`` by applying its history (checked) and compare.

    A record whose options lack one the game now declares with a ``legacy`` value (such
    as ``ask_always``) was made before it existed and is replayed with that value.
    Raises OptionError if the game, player count or options are not valid, and
    IllegalActionError if a history step is not legal (the record is corrupt or
    foreign). Differences in the outcome are returned, not raised; the first one is
    the first difference in order: game over, returns, winners, turns.
    """
    # a record made before an option existed is rebuilt as the game was then played
    # (options with a legacy value: docs/architecture.md, Skipped questions and old records)
    game = load_recorded_game(record["game"], record["players"], record.get("options", {}))
    state = game.new_initial_state()
    for step, text in enumerate(record["history"]):
        try:
            state.apply_action(text)
        except IllegalActionError as exc:
            legal = exc.legal
            shown = ", ".join(legal[:12]) + (f", ... ({len(legal)} in all)" if len(legal) > 12 else "")
            raise IllegalActionError(f"history step {step + 1} {text!r} is not legal there"
                                     + (f" (legal: {shown})" if legal else " (the game was over)"),
                                     text, legal) from None
    differences = []
    if not state.is_terminal():
        differences.append(f"the game is not over after the {len(record['history'])} history steps")
    returns = state.returns()
    if [float(x) for x in record["returns"]] != [float(x) for x in returns]:
        differences.append(f"returns differ: record {record['returns']}, replay {returns}")
    winners = [i for i, r in enumerate(returns) if r > 0]
    if list(record["winners"]) != winners:
        differences.append(f"winners differ: record {record['winners']}, replay {winners}")
    turns = getattr(state, "turn_count", 0)
    if record["turns"] != turns:
        differences.append(f"turns differ: record {record['turns']}, replay {turns}")
    return ReplayResult(state, differences)
