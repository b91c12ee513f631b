"""SQLite storage of server games: each game is its parameters plus its steps.

A game row holds what is needed to start the game again (game id, player count,
options, seats, chance seed); the ``steps`` table holds every action and chance outcome
in order, appended to; the only step ever removed is a seat's own last decision taken
back by an undo (``remove_last_step``). Replaying the steps on a new initial state
(``Game.replay``) gives back the exact state, so nothing else is stored.

Durability: the database runs in WAL mode; ``append_steps`` returns only after its
transaction is committed, and the server announces a change only after that. A
committed transaction is in the operating system's hands, so a server process killed
at any moment loses no step that any client was told about. With ``fsync=True``
(``synchronous=FULL``) each commit also waits for the disk, which protects against a
power cut or an operating-system crash too, at the cost of one disk flush per
action (milliseconds each); the default (``synchronous=NORMAL``) may lose the last
commits in such a crash, never in a process kill.

The connection is used from one thread at a time (the server's event loop); other
processes and threads may read the same file with their own ``Store``.
"""

from __future__ import annotations

import json
import sqlite3
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable

from ..core import State, load_recorded_game

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id        TEXT PRIMARY KEY,
    game      TEXT NOT NULL,          -- game id of the registry, e.g. 'kot-dark'
    players   INTEGER NOT NULL,
    options   TEXT NOT NULL,          -- JSON object: the full option dict
    seats     TEXT NOT NULL,          -- JSON list, one object per seat (see SeatRecord)
    seed      INTEGER NOT NULL,       -- seeds the chance outcomes; never sent to clients
    created   REAL NOT NULL,          -- Unix time, seconds
    status    TEXT NOT NULL,          -- 'playing', 'finished', or 'ended' (stopped by its creator)
    finished  REAL,                   -- Unix time the last step was stored (finished) or the room was ended
    returns   TEXT,                   -- JSON list of floats, when finished
    result    TEXT,                   -- how it ended in the game's words, when finished and the game says
    labels    TEXT,                   -- JSON {kind: [label per seat]} (e.g. monster), when finished
    undos     INTEGER NOT NULL DEFAULT 0, -- steps taken back by undo (each counts in the room's version)
    creator_hash TEXT,                -- SHA-256 hex of the creator's secret token (NULL: made before there was one)
    last_seen REAL                    -- Unix time someone was last connected (a WebSocket) or played
);
CREATE TABLE IF NOT EXISTS steps (
    game      TEXT NOT NULL REFERENCES games(id),
    idx       INTEGER NOT NULL,       -- 0-based position in the game's history
    text      TEXT NOT NULL,          -- canonical action or chance outcome text
    kind      TEXT NOT NULL,          -- 'decision' or 'chance'
    seat      INTEGER,                -- the seat that decided; NULL for chance
    time      REAL NOT NULL,          -- Unix time, seconds
    PRIMARY KEY (game, idx)
);
CREATE INDEX IF NOT EXISTS games_status ON games(status);
"""


@dataclass
class SeatRecord:
    """One seat of a stored game.

    kind: ``"human"`` or ``"bot"``. agent: the agent spec of a bot (None for a human).
    name: a display name (public). token_hash: SHA-256 hex of a human seat's secret
    token (the token itself is never stored). stand_in: the agent spec of a bot the
    creator put in a person's seat while that person is away (None: the person plays).
    """

    kind: str
    agent: str | None = None
    name: str = ""
    token_hash: str | None = None
    auto: dict | None = None   # a person's automatic decisions (tokyo.agents.auto), private to the seat
    stand_in: str | None = None

    def as_dict(self) -> dict:
        out = {"kind": self.kind, "agent": self.agent, "name": self.name, "token_hash": self.token_hash}
        if self.auto:
            out["auto"] = self.auto
        if self.stand_in:
            out["stand_in"] = self.stand_in
        return out

    @classmethod
    def from_dict(cls, data: dict) -> "SeatRecord":
        return cls(data["kind"], data.get("agent"), data.get("name", ""), data.get("token_hash"),
                   auto=data.get("auto"), stand_in=data.get("stand_in"))


@dataclass
class GameRecord:
    """A row of ``games``: the parameters of one game (its steps are apart)."""

    id: str
    game: str
    players: int
    options: dict
    seats: list[SeatRecord]
    seed: int
    created: float
    status: str = "playing"
    finished: float | None = None
    returns: list[float] | None = None
    result: str | None = None   # e.g. "Game over: the opponent wins." (State.result_text, where a game has it)
    labels: dict | None = None  # {kind: [label per seat]} of State.record_extra, e.g. {"monster": [...]}
    undos: int = 0              # steps taken back by undo (Store.remove_last_step)
    creator_hash: str | None = None   # SHA-256 hex of the creator's token (None: an older room, nobody manages it)
    last_seen: float | None = None    # Unix time someone was last connected or played (None: never recorded)


@dataclass
class Step:
    """A row of ``steps``. kind: ``"decision"`` (seat is the decider) or ``"chance"``."""

    text: str
    kind: str
    seat: int | None
    time: float = field(default_factory=time.time)


class Store:
    """The games database at ``path`` (created if missing; ``":memory:"`` for a
    throw-away one). ``fsync``: flush to disk at each commit (see the module doc).
    Raises sqlite3.Error if the file cannot be opened or is not a database."""

    def __init__(self, path: str | Path, fsync: bool = False):
        self.path = str(path)
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        self.conn = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        self.conn.execute("PRAGMA journal_mode=WAL")
        self.conn.execute("PRAGMA synchronous=" + ("FULL" if fsync else "NORMAL"))
        self.conn.execute("PRAGMA busy_timeout=5000")
        self.conn.executescript(SCHEMA)
        # a database written before a column was added gets it (older games keep NULL; no
        # game of those was ever undone)
        have = {row[1] for row in self.conn.execute("PRAGMA table_info(games)")}
        for column, kind in (("result", "TEXT"), ("labels", "TEXT"), ("undos", "INTEGER NOT NULL DEFAULT 0"),
                             ("creator_hash", "TEXT"), ("last_seen", "REAL")):
            if column not in have:
                self.conn.execute(f"ALTER TABLE games ADD COLUMN {column} {kind}")

    def close(self) -> None:
        self.conn.close()

    # ----- writing --------------------------------------------------------------------
    def create_game(self, rec: GameRecord, steps: Iterable[Step] = ()) -> None:
        """Store a new game and its first steps (for example the set-up's chance
        outcomes) in one transaction."""
        with self._transaction():
            self.conn.execute(
                "INSERT INTO games (id, game, players, options, seats, seed, created, status, creator_hash, "
                "last_seen) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (rec.id, rec.game, rec.players, json.dumps(rec.options, sort_keys=True),
                 json.dumps([s.as_dict() for s in rec.seats]), rec.seed, rec.created, rec.status,
                 rec.creator_hash, rec.last_seen))
            self._insert_steps(rec.id, 0, steps)

    def append_steps(self, game: str, start: int, steps: list[Step],
                     returns: list[float] | None = None, result: str | None = None,
                     labels: dict | None = None) -> None:
        """Append ``steps`` at positions ``start``, ``start+1``, ... and commit.

        ``returns`` (given when the last step ends the game) marks the game finished in
        the same transaction; ``result`` is then how it ended in words, if the game says
        (a co-operative game's opponent has no seat, so returns alone cannot tell) and
        ``labels`` its per-seat labels ({kind: [label per seat]}, e.g. the monsters), which
        the players' statistics (:meth:`player_games`) count by. Raises sqlite3.IntegrityError if a position is taken (two
        writers on one game), in which case nothing is written.
        """
        with self._transaction():
            self._insert_steps(game, start, steps)
            if returns is not None:
                self.conn.execute("UPDATE games SET status='finished', finished=?, returns=?, result=?, labels=? "
                                  "WHERE id=?", (time.time(), json.dumps(returns), result,
                                                 None if labels is None else json.dumps(labels), game))

    def remove_last_step(self, game: str, idx: int) -> Step:
        """Take back the last step of ``game`` (an undo) and count it in ``undos``, in one
        transaction; returns the step removed.

        ``idx`` is the position the caller believes last, and the step there must be a
        decision: otherwise (another step came after it, or it is a chance outcome) raises
        ValueError and nothing changes. Chance outcomes are never removed.
        """
        with self._transaction():
            row = self.conn.execute("SELECT idx, text, kind, seat, time FROM steps WHERE game=? "
                                    "ORDER BY idx DESC LIMIT 1", (game,)).fetchone()
            if row is None or row[0] != idx or row[2] != "decision":
                raise ValueError(f"game {game}: step {idx} is not its last decision; nothing removed")
            self.conn.execute("DELETE FROM steps WHERE game=? AND idx=?", (game, idx))
            self.conn.execute("UPDATE games SET undos = undos + 1 WHERE id=?", (game,))
        return Step(row[1], row[2], row[3], row[4])

    def set_seats(self, game: str, seats: list[SeatRecord]) -> None:
        """Store the seats of ``game`` again (a person changed their automatic decisions)."""
        with self._transaction():
            self.conn.execute("UPDATE games SET seats=? WHERE id=?",
                              (json.dumps([s.as_dict() for s in seats]), game))

    # ----- the creator's changes (see rooms.Room, the creator's management) -----------
    def update_seats(self, game: str, seats: list[SeatRecord]) -> None:
        """Store the seats of ``game`` again (a bot put in a person's seat or taken out, a
        seat token re-issued)."""
        with self._transaction():
            self.conn.execute("UPDATE games SET seats=? WHERE id=?", (json.dumps([s.as_dict() for s in seats]), game))

    def end_game(self, game: str, result: str) -> None:
        """Mark ``game`` ended by its creator (status 'ended', ``result`` in words); its
        steps stay, it is not resumed at start-up."""
        with self._transaction():
            self.conn.execute("UPDATE games SET status='ended', finished=?, result=? WHERE id=?",
                              (time.time(), result, game))

    def delete_game(self, game: str) -> None:
        """Remove ``game`` and its steps (nothing is left of it)."""
        with self._transaction():
            self.conn.execute("DELETE FROM steps WHERE game=?", (game,))
            self.conn.execute("DELETE FROM games WHERE id=?", (game,))

    def touch(self, game: str, when: float | None = None) -> None:
        """Record that someone is connected to ``game``, or played, now (``last_seen``)."""
        with self._transaction():
            self.conn.execute("UPDATE games SET last_seen=? WHERE id=?", (time.time() if when is None else when, game))

    def _insert_steps(self, game: str, start: int, steps: Iterable[Step]) -> None:
        self.conn.executemany(
            "INSERT INTO steps (game, idx, text, kind, seat, time) VALUES (?, ?, ?, ?, ?, ?)",
            [(game, start + i, s.text, s.kind, s.seat, s.time) for i, s in enumerate(steps)])

    def _transaction(self):
        store = self

        class _Tx:
            def __enter__(self):
                store.conn.execute("BEGIN IMMEDIATE")

            def __exit__(self, kind, exc, tb):
                store.conn.execute("COMMIT" if kind is None else "ROLLBACK")
                return False

        return _Tx()

    # ----- reading --------------------------------------------------------------------
    def _record(self, row) -> GameRecord:
        return GameRecord(row[0], row[1], row[2], json.loads(row[3]),
                          [SeatRecord.from_dict(s) for s in json.loads(row[4])], row[5], row[6], row[7],
                          row[8], None if row[9] is None else json.loads(row[9]), row[10],
                          None if row[11] is None else json.loads(row[11]), row[12], row[13], row[14])

    _COLUMNS = ("id, game, players, options, seats, seed, created, status, finished, returns, result, labels, "
                "undos, creator_hash, last_seen")

    def game(self, game_id: str) -> GameRecord | None:
        """The stored game ``game_id``, or None."""
        row = self.conn.execute(f"SELECT {self._COLUMNS} FROM games WHERE id=?", (game_id,)).fetchone()
        return None if row is None else self._record(row)

    def games(self, status: str | None = None, limit: int = 1000) -> list[GameRecord]:
        """Stored games, newest first; ``status`` ('playing', 'finished', 'ended') filters."""
        if status is None:
            rows = self.conn.execute(f"SELECT {self._COLUMNS} FROM games ORDER BY created DESC LIMIT ?",
                                     (limit,))
        else:
            rows = self.conn.execute(f"SELECT {self._COLUMNS} FROM games WHERE status=? "
                                     "ORDER BY created DESC LIMIT ?", (status, limit))
        return [self._record(r) for r in rows.fetchall()]

    def steps(self, game_id: str) -> list[Step]:
        """Every stored step of ``game_id`` in order (empty for an unknown game)."""
        rows = self.conn.execute("SELECT text, kind, seat, time FROM steps WHERE game=? ORDER BY idx",
                                 (game_id,)).fetchall()
        return [Step(*r) for r in rows]

    def last_step(self, game_id: str) -> Step | None:
        """The last stored step of ``game_id`` (None if it has none)."""
        row = self.conn.execute("SELECT text, kind, seat, time FROM steps WHERE game=? ORDER BY idx DESC LIMIT 1",
                                (game_id,)).fetchone()
        return None if row is None else Step(*row)

    def has_decision(self, game_id: str, seat: int) -> bool:
        """Whether ``seat`` has a decision among the stored steps of ``game_id``."""
        return self.conn.execute("SELECT 1 FROM steps WHERE game=? AND seat=? LIMIT 1",
                                 (game_id, seat)).fetchone() is not None

    def step_count(self, game_id: str) -> int:
        return self.conn.execute("SELECT COUNT(*) FROM steps WHERE game=?", (game_id,)).fetchone()[0]

    def rebuild(self, rec: GameRecord) -> State:
        """The state of stored game ``rec``: its steps replayed on a new initial state.

        Raises OptionError if the game or its options are no longer known, and
        IllegalActionError if a stored step is not legal any more (rules changed).
        """
        game = load_recorded_game(rec.game, rec.players, rec.options)
        return game.replay(s.text for s in self.steps(rec.id))

    def load_unfinished(self, idle_before: float | None = None
                        ) -> tuple[list[tuple[GameRecord, State]], list[tuple[GameRecord, str]]]:
        """Every game still being played, rebuilt: ``(loaded, failed)`` where loaded is
        a list of (record, state) and failed a list of (record, reason) for games that
        cannot be rebuilt with this version of the engine (left untouched on disk).
        ``idle_before`` (Unix time): games nobody was connected to since then (their
        ``last_seen``, else ``created``) are left out, untouched."""
        loaded, failed = [], []
        for rec in reversed(self.games("playing", limit=1_000_000)):
            if idle_before is not None and (rec.last_seen or rec.created) < idle_before:
                continue
            try:
                loaded.append((rec, self.rebuild(rec)))
            except Exception as exc:  # a record this engine cannot replay: report, keep it
                failed.append((rec, f"{type(exc).__name__}: {exc}"))
        return loaded, failed
