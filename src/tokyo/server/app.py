"""The FastAPI application: a JSON API and a WebSocket per seat over :mod:`.rooms`, and
the browser client (static files under ``static/``: the lobby at ``/``, the game page at
``/play/{room}``).

``create_app(db_path, bot_delay)`` builds it; ``tokyo serve`` runs it with uvicorn.
The interactive API documentation (OpenAPI) is at ``/docs``; docs/server.md describes
the API, the storage, the seat tokens and the client.

Every error is JSON ``{"error": code, "message": text}`` (plus ``legal``, the
requesting seat's legal actions, when relevant) with a 4xx status, and a refused
request changes nothing.
"""

from __future__ import annotations

import asyncio
import json
import logging
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, Literal

from fastapi import FastAPI, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, ConfigDict, Field
from starlette.exceptions import HTTPException as StarletteHTTPException

from ..core import game_catalogue, game_info, list_games
from .rooms import ApiError, Room, Rooms, available_agents, default_agent, load_checked
from .store import Store

log = logging.getLogger("tokyo.server")


# ----- request bodies ------------------------------------------------------------------
class SeatSpec(BaseModel):
    """One seat of a new room: a person (``human``, who gets a secret link) or a bot."""

    model_config = ConfigDict(extra="forbid")
    kind: Literal["human", "bot"] = Field(description="'human' or 'bot'")
    agent: str | None = Field(None, max_length=200,
                              description="bot agent spec, e.g. 'heuristic', 'random', 'ismcts:sims=200' "
                                          "(default: the game's heuristic bot, else random)")
    name: str | None = Field(None, max_length=40, description="display name shown to everyone")


class CreateRoom(BaseModel):
    """A new room: which game, how many players, options, and who sits where."""

    model_config = ConfigDict(extra="forbid")
    game: str = Field(description="game id from GET /api/games, e.g. 'kot-dark'")
    players: int | None = Field(None, description="number of players (default: len(seats), else the game's)")
    options: dict[str, Any] = Field(default_factory=dict, description="game options by name (GET /api/games)")
    seats: list[SeatSpec] | None = Field(
        None, max_length=16, description="one entry per player in seat order (default: seat 0 human, bots after)")
    seed: int | None = Field(None, ge=0, lt=2 ** 62,
                             description="chance seed, for a reproducible game; whoever knows it can predict "
                                         "the dice and cards, so leave it out for a fair game")


class SeatsQuery(BaseModel):
    """A game, a number of players and options: how many seats would the room have?"""

    model_config = ConfigDict(extra="forbid")
    players: int | None = Field(None, description="number of players (default: the game's)")
    options: dict[str, Any] = Field(default_factory=dict, description="game options by name (GET /api/games)")


class ActionBody(BaseModel):
    """One action of the seat whose secret token is given."""

    model_config = ConfigDict(extra="forbid")
    token: str = Field(max_length=200, description="the seat's secret token (from its link)")
    action: str = Field(description="the action text, one of the seat view's 'legal' list")
    version: int | None = Field(None, description="optional: the version the choice was made at; "
                                                  "refused with 409 stale_version if the game moved on")


# ----- pages ---------------------------------------------------------------------------
STATIC = Path(__file__).with_name("static")
"""The browser client: plain HTML, CSS and JavaScript modules, no build step."""


def _static_page(name: str) -> FileResponse:
    return FileResponse(STATIC / name, media_type="text/html", headers={"Cache-Control": "no-cache"})


# ----- the app -------------------------------------------------------------------------
def create_app(db_path: str | Path = "tokyo-games.sqlite3", bot_delay: float = 0.6, fsync: bool = False) -> FastAPI:
    """The server application.

    db_path: the SQLite file of the games (created if missing; ``":memory:"`` keeps
    nothing). bot_delay: seconds a bot waits before each action, so people can follow
    (0 in tests). fsync: flush every commit to disk (survives a power cut, not just a
    killed server; slower). On start-up every unfinished game in the file is rebuilt from its
    steps and its bots resume. Raises sqlite3.Error (at start-up) if the file is not
    a database.
    """

    @asynccontextmanager
    async def lifespan(app: FastAPI):
        store = Store(db_path, fsync)
        rooms = Rooms(store, bot_delay)
        rooms.load()
        app.state.rooms = rooms
        try:
            yield
        finally:
            await rooms.close()
            store.close()

    app = FastAPI(title="tokyo-engine server", version="0.1.0", lifespan=lifespan,
                  description="Play tokyo-engine games (King of Tokyo: Dark Edition, Crisis: Tokyo, ...) "
                              "with people and bots. Errors are JSON {error, message, legal?}. "
                              "See docs/server.md in the repository.")

    def rooms_of(request_or_ws) -> Rooms:
        return request_or_ws.app.state.rooms

    @app.exception_handler(ApiError)
    async def api_error(request: Request, exc: ApiError):
        return JSONResponse(exc.as_dict(), status_code=exc.status)

    @app.exception_handler(RequestValidationError)
    async def malformed(request: Request, exc: RequestValidationError):
        problems = []
        for e in exc.errors():
            where = ".".join(str(p) for p in e.get("loc", ()) if p != "body") or "body"
            problems.append(f"{where}: {e.get('msg', 'invalid')}")
        return JSONResponse({"error": "malformed", "message": "the request is malformed: " + "; ".join(problems)},
                            status_code=422)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException):
        code = {404: "not_found", 405: "method_not_allowed"}.get(exc.status_code, "http_error")
        message = str(exc.detail)
        if exc.status_code == 404:
            message = f"no such path {request.url.path!r}; the API is described at /docs"
        return JSONResponse({"error": code, "message": message}, status_code=exc.status_code)

    # ----- pages ----------------------------------------------------------------------
    @app.get("/", response_class=HTMLResponse, include_in_schema=False)
    async def index():
        """The lobby: create a room, share its seat links, watch or replay games."""
        return _static_page("index.html")

    @app.get("/play/{room_id}", response_class=HTMLResponse, include_in_schema=False)
    async def seat_page(room_id: str):
        """The game page of a seat (``?token=...``) or a spectator (no token); the page
        itself holds nothing of the room: its script asks the API and the WebSocket."""
        return _static_page("play.html")

    @app.get("/favicon.ico", include_in_schema=False)
    async def favicon():
        """No icon: an empty answer rather than a 404 in every page's console."""
        return Response(status_code=204)

    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    # ----- API ------------------------------------------------------------------------
    @app.get("/api/games", summary="The games that can be played")
    async def games() -> list[dict]:
        """Every game: ``id``, ``title``, ``players`` [min, max], ``default_players``,
        ``options`` (name, default, allowed, help), ``agents`` (bot names for this game)
        and ``default_agent``."""
        out = []
        for g in list_games():
            declared = {o.name: o for o in game_info(g["id"]).options}
            options = [dict(o, kind=declared[o["name"]].kind, choices=list(declared[o["name"]].choices or []),
                            minimum=declared[o["name"]].minimum, maximum=declared[o["name"]].maximum)
                       for o in g["options"]]
            out.append(dict(g, options=options, agents=available_agents(g["id"]), default_agent=default_agent(g["id"])))
        return out

    @app.get("/api/games/{game_id}/cards", summary="Every card, tile and monster of a game")
    async def cards(game_id: str) -> list[dict]:
        """The game's catalogue (what ``tokyo cards GAME --json`` prints): per entry at
        least ``set``, ``id``, ``name``, ``cost``, ``type`` and ``text``. Clients use it
        to name the ids of observations. 404 ``bad_game`` for an unknown game."""
        if game_id not in list_games_ids():
            raise ApiError(404, "bad_game", f"unknown game {game_id!r}; games: {', '.join(list_games_ids())}")
        return game_catalogue(game_id)

    @app.post("/api/games/{game_id}/seats", summary="How many seats a room of a game would have")
    async def seats(game_id: str, body: SeatsQuery) -> dict:
        """``seats``: the number of seats of a room of ``game_id`` with these players and
        options (one per player, plus any the options add: crisis-format's
        ``opponent=seat`` adds the opponent's seat, last). The lobby draws a row per
        seat. 404 ``bad_game``; 422 ``bad_players``, ``bad_option``."""
        if game_id not in list_games_ids():
            raise ApiError(404, "bad_game", f"unknown game {game_id!r}; games: {', '.join(list_games_ids())}")
        players, game = load_checked(game_id, body.players, body.options)
        return {"game": game_id, "players": players, "seats": game.num_players}

    @app.post("/api/rooms", status_code=201, summary="Create a room")
    async def create_room(body: CreateRoom, request: Request) -> dict:
        """Create a room and start its game (bots play as soon as it is their turn).

        Answer: ``room`` (its id), ``seats`` (per seat: seat, kind, and for a person
        the secret ``token`` and ``link``; shown only here, once), ``view`` (the public
        view). Errors 422: ``bad_game``, ``bad_players``, ``bad_option``, ``bad_seats``,
        ``bad_agent``, ``malformed``.
        """
        seats = None if body.seats is None else [s.model_dump() for s in body.seats]
        room, tokens = rooms_of(request).create(body.game, body.players, body.options, seats, body.seed)
        out = []
        for i, (seat, token) in enumerate(zip(room.rec.seats, tokens)):
            entry = {"seat": i, "kind": seat.kind, "agent": seat.agent, "name": seat.name}
            if token is not None:
                entry["token"] = token
                entry["link"] = f"/play/{room.id}?token={token}"
            out.append(entry)
        return {"room": room.id, "seats": out, "spectator_link": f"/play/{room.id}", "view": room.view(None)}

    @app.get("/api/rooms", summary="List rooms")
    async def list_rooms(request: Request, status: Literal["playing", "finished"] = "playing") -> list[dict]:
        """Rooms being played (``status=playing``, default), or the latest finished
        ones (``status=finished``): public facts only (game, seats, version, who is to
        act), never an observation."""
        rooms = rooms_of(request)
        if status == "playing":
            return rooms.open_rooms()
        return [{"room": r.id, "game": r.game, "players": r.players, "options": r.options, "status": r.status,
                 "seats": [{"seat": i, "kind": s.kind, "agent": s.agent, "name": s.name}
                           for i, s in enumerate(r.seats)],
                 "created": r.created, "finished": r.finished, "returns": r.returns}
                for r in rooms.store.games("finished", limit=200)]

    @app.get("/api/rooms/{room_id}", summary="A room as a spectator sees it")
    async def room_view(room_id: str, request: Request, log_from: int = Query(0, ge=0)) -> dict:
        """The public view (see :meth:`Room.view` in docs/server.md); 404
        ``unknown_room``."""
        return rooms_of(request).get(room_id).view(None, log_from)

    @app.get("/api/rooms/{room_id}/seat/{token}", summary="A room as one seat sees it")
    async def seat_view(room_id: str, token: str, request: Request, log_from: int = Query(0, ge=0)) -> dict:
        """The view of the seat whose secret is ``token``: its observation, its log,
        and its legal actions when it is to decide. 404 ``unknown_room``, 403
        ``bad_token``."""
        room = rooms_of(request).get(room_id)
        return room.view(room.seat_for_token(token), log_from)

    @app.post("/api/rooms/{room_id}/actions", summary="Play an action")
    async def act(room_id: str, body: ActionBody, request: Request) -> dict:
        """Apply ``action`` for the seat of ``token``; the answer is that seat's new
        view. Errors (nothing changes): 404 ``unknown_room``, 403 ``bad_token``, 409
        ``game_over``, 409 ``stale_version``, 409 ``not_your_turn``, 422
        ``illegal_action`` (with ``legal``), 422 ``malformed``."""
        room = rooms_of(request).get(room_id)
        seat = room.seat_for_token(body.token)
        await room.act(seat, body.action, body.version)
        return room.view(seat)

    @app.get("/api/rooms/{room_id}/replay", summary="The public replay of a finished game")
    async def replay(room_id: str, request: Request) -> dict:
        """For a finished game: per step, who acted (``seat``, None for chance), the
        public log events it produced and the public observation after it; never
        the action texts (a chance outcome can be a hidden card). 409
        ``not_finished`` while the game goes on."""
        room = rooms_of(request).get(room_id)
        if not room.finished:
            raise ApiError(409, "not_finished", "the replay is shown once the game is over; "
                           f"the game is at version {room.version}")
        return public_replay(room)

    # ----- WebSocket ------------------------------------------------------------------
    @app.websocket("/ws/rooms/{room_id}")
    async def room_socket(websocket: WebSocket, room_id: str, token: str | None = None, log_from: int = 0):
        """Send ``{"type": "view", ...}`` (the seat's view, or the public one without a
        token) at once and after every change. The first view's log starts at
        ``log_from``; each later one carries only the log events after those already
        sent (its ``log_from`` says where they start). The client may send
        ``{"action": text, "version": n?}``; a refusal comes back as ``{"type":
        "error", ...}``. A bad room or token: an error message, then close code 4404
        or 4403."""
        await websocket.accept()
        try:
            room = rooms_of(websocket).get(room_id)
            seat = room.seat_for_token(token)
        except ApiError as exc:
            await websocket.send_json({"type": "error", **exc.as_dict()})
            await websocket.close(code=4000 + exc.status)
            return
        sub = room.subscribe(seat)
        send_lock = asyncio.Lock()

        async def push() -> None:
            start, sent = max(log_from, 0), -1
            while True:
                if room.version != sent:
                    view = room.view(seat, start)
                    sent, start = view["version"], view["log_total"]
                    async with send_lock:
                        await websocket.send_json({"type": "view", **view})
                await sub.changed.wait()
                sub.changed.clear()

        async def listen() -> None:
            while True:
                raw = await websocket.receive_text()
                try:
                    message = json.loads(raw)
                    if not isinstance(message, dict) or "action" not in message:
                        raise ValueError
                    version = message.get("version")
                    if version is not None and (isinstance(version, bool) or not isinstance(version, int)):
                        raise ValueError
                except ValueError:
                    error = ApiError(422, "malformed", 'a message is JSON {"action": text, "version": n?}')
                    async with send_lock:
                        await websocket.send_json({"type": "error", **error.as_dict()})
                    continue
                try:
                    await room.act(seat, message["action"], version)
                except ApiError as exc:
                    async with send_lock:
                        await websocket.send_json({"type": "error", **exc.as_dict()})

        tasks = [asyncio.ensure_future(push()), asyncio.ensure_future(listen())]
        try:
            done, pending = await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
            for task in done:
                exc = task.exception()
                if exc is not None and not isinstance(exc, (WebSocketDisconnect, RuntimeError)):
                    log.error("room %s: WebSocket ended with %r", room_id, exc)
        finally:
            for task in tasks:
                task.cancel()
            room.unsubscribe(sub)

    return app


def list_games_ids() -> list[str]:
    return [g["id"] for g in list_games()]


def public_replay(room: Room) -> dict:
    """The finished game of ``room`` step by step as a spectator would have seen it:
    ``steps``: list of {index, kind, seat, log (public events of that step),
    observation (public, after the step)}; plus ``returns`` and ``winners``."""
    if room._replay is not None:
        return room._replay
    game = room.state.game
    state = game.new_initial_state()
    steps = []
    for index, step in enumerate(room.store.steps(room.id)):
        before = len(state.log)
        state.apply_action(step.text)
        steps.append({"index": index, "kind": step.kind, "seat": step.seat,
                      "log": [e.as_dict() for e in state.log[before:] if e.visible_to(None)],
                      "observation": state.observation(None)})
    returns = state.returns()
    out = {"room": room.id, "game": room.rec.game, "players": room.rec.players,
           "options": game.options_json(), "seats": room.seats_public(), "steps": steps,
           "returns": returns, "winners": [i for i, r in enumerate(returns) if r > 0]}
    room._replay = out
    return out
