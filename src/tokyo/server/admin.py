"""The creator's management of a room: the routes under
``/api/rooms/{room_id}/admin/{creator_token}``, and a person taking their seat back.

Creating a room gives its creator a secret of their own (``creator_token``, shown once;
the store keeps its SHA-256 hash, as for seat tokens). With it the creator may look at
who is connected, put a bot in the seat of a person who is away and give the seat back,
re-issue a seat's link (the old one stops working), end the game, or delete the room.
The logic is in :class:`~tokyo.server.rooms.Room` (section "the creator's management");
docs/server.md, Managing a room, describes it for users.

Every refusal is an ``ErrorBody``: 404 ``unknown_room``, 403 ``not_creator``, 422
``bad_seat``/``bad_agent``/``malformed``, 409 for a room or seat whose state does not
allow it (``game_over``, ``seat_is_bot``, ``bot_plays``, ``seat_connected``,
``not_held``).
"""

from fastapi import FastAPI, Path as PathParam, Request
from fastapi.responses import JSONResponse

from .rooms import check_creator

CREATOR = PathParam(description="the creator's secret token (creator_token of the answer that made the room)",
                    max_length=200)
SEAT = PathParam(description="a seat of the room, from 0 (another: 422 bad_seat)")

E403 = "not_creator: the token is not this room's creator token (or the room was made before rooms had one)"
E409_BOT = ("game_over (finished or ended), seat_is_bot (a bot's seat from the start), bot_plays (a bot plays it "
            "already) or seat_connected (its person is connected: only an absent person's seat is taken)")
E422 = "bad_seat (not a seat of the room), bad_agent, or malformed (the message names the field)"


def add_admin_routes(app: FastAPI, m, rooms_of, errors, common: tuple[int, ...]) -> None:
    """Add the creator's operations and the person's take-back to ``app``; ``m`` holds
    the API models (models.api_models), ``rooms_of(request)`` gives the Rooms,
    ``errors(...)`` the documented error answers, ``common`` the statuses every request
    may get."""

    def managed(request: Request, room_id: str, creator_token: str):
        room = rooms_of(request).get(room_id)
        room.check_creator(creator_token)
        return room

    base = "/api/rooms/{room_id}/admin/{creator_token}"

    @app.get(base, summary="The room as its creator sees it", operation_id="roomAdmin", response_model=m.AdminView,
             responses=errors(403, 404, 422, 503, *common, e403=E403))
    async def room_admin(request: Request, room_id: str, creator_token: str = CREATOR):
        """The room's summary, and per seat ``connected`` (open WebSockets),
        ``stand_in`` (the bot playing a person's seat for them) and ``can_stand_in``.
        Seat links are not shown again (only their hashes are kept): re-issue a lost one.
        404 ``unknown_room``, 403 ``not_creator``."""
        return JSONResponse(managed(request, room_id, creator_token).admin_view())

    @app.post(base + "/end", summary="End the game before its end", operation_id="endRoom",
              response_model=m.AdminView,
              responses=errors(403, 404, 409, 422, 503, *common, e403=E403,
                               e409="game_over: the game is finished or ended already"))
    async def end_room(request: Request, room_id: str, creator_token: str = CREATOR):
        """Stop the game: its bots stop, nothing more can be played, it leaves the rooms
        being played for the finished list (status ``ended``, no winners, no replay); its
        links still show its last position. The answer is the room as the creator sees
        it. 409 ``game_over`` if it is over already."""
        room = managed(request, room_id, creator_token)
        await room.end()
        return JSONResponse(room.admin_view())

    @app.delete(base, summary="Delete the room", operation_id="deleteRoom", response_model=m.Deleted,
                responses=errors(403, 404, 422, *common, e403=E403))
    async def delete_room(request: Request, room_id: str, creator_token: str = CREATOR):
        """Remove the room and its steps from the server: its bots stop, open sockets
        close, and its links (seats, spectators, creator) answer 404 ``unknown_room``
        from now on. A room this server cannot rebuild can be deleted too."""
        rooms = rooms_of(request)
        rec = rooms.store.game(room_id) if len(room_id) <= 64 else None
        if rec is None:
            rooms.get(room_id)  # raises 404 unknown_room
        # checked against the stored record: the room may not be in memory (finished long
        # ago, idle, or not rebuildable by this server)
        check_creator(rec, creator_token)
        await rooms.delete(room_id)
        return JSONResponse({"room": room_id, "deleted": True})

    @app.post(base + "/seats/{seat}/bot", summary="Put a bot in an absent person's seat", operation_id="standIn",
              response_model=m.AdminView,
              responses=errors(403, 404, 409, 422, 503, *common, e403=E403, e409=E409_BOT, e422=E422))
    async def stand_in(request: Request, room_id: str, body: m.StandInBody | None = None,
                       creator_token: str = CREATOR, seat: int = SEAT):
        """A bot (``agent``, default the game's heuristic) plays the person's seat
        ``seat`` until the seat is given back (by the creator, or by the person from
        their link, which keeps working: they see that a bot plays for them). Only the
        seat of a person who is not connected can be taken (409 ``seat_connected``)."""
        room = managed(request, room_id, creator_token)
        await room.stand_in(seat, body.agent if body is not None else None)
        return JSONResponse(room.admin_view())

    @app.post(base + "/seats/{seat}/return", summary="Give a seat back to its person", operation_id="giveBack",
              response_model=m.AdminView,
              responses=errors(403, 404, 409, 422, 503, *common, e403=E403,
                               e409="not_held: no bot plays this seat for someone", e422=E422))
    async def give_back(request: Request, room_id: str, creator_token: str = CREATOR, seat: int = SEAT):
        """The bot put in ``seat`` leaves it; its person plays it again with their link.
        409 ``not_held`` when no stand-in plays it."""
        room = managed(request, room_id, creator_token)
        await room.give_back(seat)
        return JSONResponse(room.admin_view())

    @app.post(base + "/seats/{seat}/link", summary="Re-issue a seat's link", operation_id="reissueLink",
              response_model=m.NewLink,
              responses=errors(403, 404, 409, 422, 503, *common, e403=E403,
                               e409="seat_is_bot: a bot's seat has no link", e422=E422))
    async def reissue(request: Request, room_id: str, creator_token: str = CREATOR, seat: int = SEAT):
        """A new secret link for the person's seat ``seat`` (the server keeps only hashes,
        so a lost link cannot be shown again: it is replaced). The old link stops working
        at once; sockets opened with it are closed (``bad_token``, 4403). Answer:
        ``seat``, ``token``, ``link``."""
        room = managed(request, room_id, creator_token)
        token = room.reissue(seat)
        return JSONResponse({"seat": seat, "token": token, "link": f"/play/{room.id}?token={token}"})

    @app.post("/api/rooms/{room_id}/seat/{token}/return", summary="Take one's seat back from a bot",
              operation_id="takeBack", response_model=m.View,
              responses=errors(403, 404, 409, 422, 503, *common,
                               e409="not_held: no bot plays this seat for you"))
    async def take_back(request: Request, room_id: str, token: str):
        """The person of the seat whose secret is ``token`` takes it back from the bot
        the creator put there; the answer is the seat's view. 403 ``bad_token``, 409
        ``not_held``."""
        room = rooms_of(request).get(room_id)
        seat = room.seat_for_token(token)  # a path always holds a token: a seat, or 403
        await room.give_back(seat)
        return JSONResponse(room.view(seat))

