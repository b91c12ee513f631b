"""tokyo.server: play games over HTTP and WebSockets (``tokyo serve``).

Layers: ``store`` (SQLite: games and their steps), ``rooms`` (live games,
seat tokens, bots, notification), ``app`` (the FastAPI application). The server uses
the games only through the kernel (tokyo.core), so every registered game can be played.
"""

from .app import create_app
from .rooms import ApiError, Room, Rooms
from .store import Store

__all__ = ["ApiError", "Room", "Rooms", "Store", "create_app"]
