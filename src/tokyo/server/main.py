"""Running the server: ``tokyo serve`` calls :func:`serve`."""

from __future__ import annotations

import logging
import os
import re
import socket
import sys
from pathlib import Path

from .limits import MAX_BODY_BYTES, MAX_ROOMS_PER_CLIENT, MAX_SEARCH_BOTS_PER_CLIENT

_TOKEN = re.compile(r"token=[^&\s\"']+")
_PATH_TOKEN = re.compile(r"/(seat|admin)/[^/?#\s\"']+")   # a seat's or the creator's token in an API path


def hide_tokens(text: str) -> str:
    """``text`` with every secret token replaced by ``<hidden>``: ``token=...`` in a
    query, and the token of a ``/seat/...`` or ``/admin/...`` path."""
    return _PATH_TOKEN.sub(r"/\1/<hidden>", _TOKEN.sub("token=<hidden>", text))


class HideTokens(logging.Filter):
    """Replaces the secrets in log messages by ``<hidden>`` (:func:`hide_tokens`): uvicorn
    logs each WebSocket it accepts with its query string, which holds a seat's secret,
    and the server logs the path of a request that failed on a bug, which may hold a
    seat's or the creator's token."""

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.msg, str):
            record.msg = hide_tokens(record.msg)
        if isinstance(record.args, tuple):
            record.args = tuple(hide_tokens(a) if isinstance(a, str) else a for a in record.args)
        return True


def default_db_path() -> Path:
    """Where games are stored by default: ``$XDG_DATA_HOME/tokyo-engine/games.sqlite3``
    (``~/.local/share/...`` when XDG_DATA_HOME is unset)."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "tokyo-engine" / "games.sqlite3"


def bind(host: str, port: int) -> socket.socket:
    """A listening TCP socket on ``host``:``port`` (port 0: any free port).
    Raises OSError if the address is taken or cannot be used."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
        sock.listen(128)
    except OSError:
        sock.close()
        raise
    sock.set_inheritable(True)
    return sock


class StartError(Exception):
    """``tokyo serve`` could not start; the message says what failed and what to do."""


def serve(host: str, port: int, db: Path, bot_delay: float, fsync: bool = False, log_level: str = "info", *,
          max_rooms_per_client: int = MAX_ROOMS_PER_CLIENT,
          max_search_bots_per_client: int = MAX_SEARCH_BOTS_PER_CLIENT, resume_idle_days: float = 0) -> None:
    """Serve until interrupted. Prints the address (with the port actually bound) and
    the database path on standard output first.

    Raises StartError, before anything is printed, when the address cannot be bound
    (checked first, so that nothing is created then: no database file, no folder) or
    when ``db`` cannot be used as the games database. The per-client limits are those
    of :func:`tokyo.server.create_app`; a request body or WebSocket message over
    MAX_BODY_BYTES is refused. ``resume_idle_days`` (0: all): unfinished rooms nobody was
    connected to for longer than that are not resumed at start-up.
    """
    import sqlite3

    import uvicorn

    from .app import create_app
    from .store import Store

    try:
        sock = bind(host, port)
    except OSError as exc:
        raise StartError(f"cannot listen on {host}:{port}: {exc.strerror or exc}; "
                         "choose another --port (0: any free port) or --host") from None
    try:
        Store(db).close()  # fail here, before printing an address, if the file is not a database
    except (sqlite3.Error, OSError) as exc:
        sock.close()
        reason = getattr(exc, "strerror", None) or exc
        raise StartError(f"cannot use {db} as the games database: {reason}") from None
    except BaseException:
        sock.close()
        raise
    bound = sock.getsockname()[1]
    shown = f"[{host}]" if ":" in host else host
    print(f"tokyo-engine server at http://{shown}:{bound}/ (API documentation: http://{shown}:{bound}/docs)")
    print(f"games are stored in {db}; press Ctrl-C to stop (unfinished games resume on the next start)")
    sys.stdout.flush()
    app = create_app(db, bot_delay, fsync, max_rooms_per_client=max_rooms_per_client,
                     max_search_bots_per_client=max_search_bots_per_client, resume_idle_days=resume_idle_days)
    config = uvicorn.Config(app, log_level=log_level, access_log=False, ws_max_size=MAX_BODY_BYTES)
    for name in ("uvicorn.error", "uvicorn.access", "uvicorn", "tokyo.server"):  # after Config set logging up
        logging.getLogger(name).addFilter(HideTokens())
    server = uvicorn.Server(config)
    try:
        server.run(sockets=[sock])
    finally:
        sock.close()
