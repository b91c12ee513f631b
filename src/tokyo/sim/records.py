"""Record files: writing and reading the game records of ``tokyo simulate --records``.

A record is the dict of :meth:`tokyo.GameRecord.as_dict`. The file's extension chooses
the format (:data:`FORMATS`):

- ``.jsonl`` or ``.json``: JSON lines, one record per line. When reading, a ``.json``
  file may also hold a single record or a JSON list of records.
- ``.parquet``: a Parquet table, one row per game, with the columns of :data:`COLUMNS`;
  ``options`` and ``extra`` are JSON texts (their keys differ from game to game), the
  lists are Parquet lists. Needs pyarrow: ``pip install 'tokyo-engine[parquet]'``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Iterable

from ..core.errors import OptionError, StateFormatError
from ..core.runner import GameRecord

FORMATS = {".jsonl": "jsonl", ".json": "jsonl", ".parquet": "parquet"}
"""File extension -> format."""

COLUMNS = ("game", "players", "options", "seed", "agents", "history", "returns", "winners", "turns",
           "extra")
"""The columns of a Parquet record file, in order."""

PYARROW_HINT = "pip install 'tokyo-engine[parquet]'"


def read_text(path: str | Path, error: type, what: str, hint: str = "") -> str:
    """The UTF-8 text of ``path``; raises ``error`` with a one-line message when the file
    cannot be read, is not UTF-8 text or is empty (``what`` names what it should hold,
    e.g. "game records"; ``hint``, if given, is added after a semicolon)."""
    path = Path(path)
    tail = f"; {hint}" if hint else ""
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise error(f"cannot read {path}: {exc.strerror or exc}{tail}") from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise error(f"{path} is not a text file of {what} (not UTF-8){tail}") from None
    if not text.strip():
        raise error(f"{path} is empty: no {what} in it{tail}")
    return text


def record_format(path: str | Path, error: type = OptionError) -> str:
    """The format of a record file from its extension: "jsonl" or "parquet".

    Raises ``error`` (OptionError by default) naming the allowed extensions if the
    extension is not one of them.
    """
    suffix = Path(path).suffix.lower()
    if suffix not in FORMATS:
        allowed = ", ".join(FORMATS)
        shown = f"{suffix!r}" if suffix else "no extension"
        raise error(f"record file {str(path)!r} has {shown}: the allowed extensions are {allowed}")
    return FORMATS[suffix]


def _pyarrow(error: type):
    """pyarrow and pyarrow.parquet, or ``error`` saying how to install them."""
    try:
        import pyarrow
        import pyarrow.parquet as parquet
    except ImportError:
        raise error(f"Parquet record files need the pyarrow package: {PYARROW_HINT}") from None
    return pyarrow, parquet


def _schema(pa):
    return pa.schema([("game", pa.string()), ("players", pa.int64()), ("options", pa.string()),
                      ("seed", pa.int64()), ("agents", pa.list_(pa.string())),
                      ("history", pa.list_(pa.string())), ("returns", pa.list_(pa.float64())),
                      ("winners", pa.list_(pa.int64())), ("turns", pa.int64()), ("extra", pa.string())])


def _as_dict(record: GameRecord | dict) -> dict:
    return record.as_dict() if isinstance(record, GameRecord) else dict(record)


def check_writable(path: str | Path) -> str:
    """Check, before a long run, that records can be written to ``path``: its extension
    is allowed and Parquet has pyarrow. Returns the format; raises OptionError."""
    fmt = record_format(path)
    if fmt == "parquet":
        _pyarrow(OptionError)
    return fmt


def write_records(path: str | Path, records: Iterable[GameRecord | dict]) -> int:
    """Write ``records`` (GameRecord or its dict) to ``path`` in the format its extension
    names; returns the number written.

    Raises OptionError for an extension not in :data:`FORMATS` or Parquet without
    pyarrow, and OSError if the file cannot be written.
    """
    fmt = check_writable(path)
    rows = [_as_dict(r) for r in records]
    if fmt == "jsonl":
        with open(path, "w", encoding="utf-8") as handle:
            for row in rows:
                handle.write(json.dumps(row, separators=(",", ":")) + "\n")
        return len(rows)
    pa, pq = _pyarrow(OptionError)
    table = pa.Table.from_pylist([{
        "game": r["game"], "players": r["players"],
        "options": json.dumps(r.get("options", {}), sort_keys=True, separators=(",", ":")),
        "seed": r.get("seed"), "agents": [str(a) for a in r.get("agents", [])],
        "history": list(r["history"]), "returns": [float(x) for x in r["returns"]],
        "winners": [int(w) for w in r["winners"]], "turns": r["turns"],
        "extra": json.dumps(r.get("extra", {}), sort_keys=True, separators=(",", ":")),
    } for r in rows], schema=_schema(pa))
    pq.write_table(table, str(path))
    return len(rows)


def read_parquet(path: str | Path) -> list[tuple[str, dict]]:
    """The records of a Parquet record file as (where, record dict) pairs, where is
    ``"row N"`` (from 1). ``options`` and ``extra`` are parsed back to dicts, an empty
    ``extra`` is left out (as :meth:`GameRecord.as_dict` does).

    Raises StateFormatError if pyarrow is missing, the file cannot be read, is not
    Parquet, lacks a column of :data:`COLUMNS` or holds a JSON text that is not an object.
    """
    pa, pq = _pyarrow(StateFormatError)
    path = Path(path)
    try:
        table = pq.read_table(str(path))
    except OSError as exc:
        if not path.exists() or path.is_dir():
            raise StateFormatError(f"cannot read {path}: {exc.strerror or 'no such file'}") from None
        raise StateFormatError(f"{path} is not a Parquet file of game records ({exc})") from None
    except pa.ArrowException as exc:
        raise StateFormatError(f"{path} is not a Parquet file of game records ({exc})") from None
    missing = [c for c in COLUMNS if c not in table.column_names]
    if missing:
        raise StateFormatError(f"{path} is not a file of game records: column {missing[0]!r} is missing "
                               f"(columns needed: {', '.join(COLUMNS)})")
    if table.num_rows == 0:
        raise StateFormatError(f"{path} has no rows: no game record in it")
    out = []
    for number, row in enumerate(table.select(list(COLUMNS)).to_pylist(), 1):
        where = f"row {number}"
        for name in ("options", "extra"):
            text = row[name]
            try:
                value = {} if text in (None, "") else json.loads(text)
            except ValueError:
                raise StateFormatError(f"{path}, {where}: column {name!r} is not JSON text") from None
            if not isinstance(value, dict):
                raise StateFormatError(f"{path}, {where}: column {name!r} should hold a JSON object")
            row[name] = value
        if not row["extra"]:
            del row["extra"]
        out.append((where, row))
    return out


def record_from_dict(data: dict) -> GameRecord:
    """A GameRecord from a record dict (the inverse of :meth:`GameRecord.as_dict`); the
    dict is assumed checked (``tokyo.sim.replay.read_records`` checks it)."""
    return GameRecord(data["game"], data["players"], dict(data.get("options", {})), data.get("seed"),
                      list(data.get("agents", [])), list(data["history"]),
                      [float(x) for x in data["returns"]], list(data["winners"]), data["turns"],
                      dict(data.get("extra", {})))


def load_records(path: str | Path) -> list[GameRecord]:
    """Every record of a record file (any format of :data:`FORMATS`) as GameRecords.

    Raises StateFormatError as :func:`tokyo.sim.replay.read_records` does.
    """
    from .replay import read_records
    return [record_from_dict(rec) for _, rec in read_records(path)]
