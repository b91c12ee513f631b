"""What one client may ask of the server: the size of a request body, the rooms and the
search bots it keeps busy. ``tokyo serve`` sets the per-client numbers
(``--max-rooms-per-client``, ``--max-search-bots-per-client``); the rooms are counted by
:class:`tokyo.server.rooms.Rooms`, the body size here.
"""

from __future__ import annotations

import json

from starlette.exceptions import HTTPException

MAX_BODY_BYTES = 64 * 1024
"""The largest request body (and WebSocket message) accepted, in bytes: the biggest
request the API takes (a room of 16 seats with names and options) is a few KiB."""
MAX_ROOMS_PER_CLIENT = 20
"""Default: unfinished rooms one client address may have created."""
MAX_SEARCH_BOTS_PER_CLIENT = 4
"""Default: search bots (``ismcts``) one client address may have in its unfinished rooms."""


def too_large_body(limit: int) -> dict:
    return {"error": "too_large", "message": f"the request body is larger than {limit} bytes, the most this "
            "server reads; no request of the API needs that much"}


class BodyTooLarge(HTTPException):
    """Raised while a body without a declared length is read past the limit."""

    def __init__(self, limit: int):
        super().__init__(413, too_large_body(limit)["message"])


class BodyLimit:
    """ASGI middleware: refuses an HTTP request whose body is over ``limit`` bytes with
    413 ``too_large``. A declared Content-Length over the limit is refused before any of
    the body is read; a body sent without one (chunked) is refused as soon as the bytes
    read pass the limit."""

    def __init__(self, app, limit: int = MAX_BODY_BYTES):
        self.app = app
        self.limit = limit

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        for name, value in scope.get("headers", ()):
            if name == b"content-length":
                try:
                    declared = int(value)
                except ValueError:
                    declared = None
                if declared is not None and declared > self.limit:
                    await self._refuse(send)
                    return
        read = 0
        started = False

        async def limited_receive():
            nonlocal read
            message = await receive()
            if message["type"] == "http.request":
                read += len(message.get("body", b""))
                if read > self.limit:
                    raise BodyTooLarge(self.limit)
            return message

        async def watched_send(message):
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
            await send(message)

        try:
            await self.app(scope, limited_receive, watched_send)
        except BodyTooLarge:
            if started:
                raise
            await self._refuse(send)

    async def _refuse(self, send) -> None:
        body = json.dumps(too_large_body(self.limit)).encode()
        await send({"type": "http.response.start", "status": 413,
                    "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()),
                                (b"connection", b"close")]})
        await send({"type": "http.response.body", "body": body})
