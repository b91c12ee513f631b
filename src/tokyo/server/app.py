"""The FastAPI application: a JSON API and a WebSocket per seat over :mod:`.rooms`, and
the browser client (static files under ``static/``: the lobby at ``/``, the game page at
``/play/{room}``).

``create_app(db_path, bot_delay)`` builds it; ``tokyo serve`` runs it with uvicorn.
The interactive API documentation (OpenAPI) is at ``/docs``; docs/server.md describes
the API, the storage, the seat tokens and the client.

Every error is JSON ``{"error": code, "message": text}`` (plus ``legal``, the
requesting seat's legal actions, when relevant) with a 4xx status (5xx: the server's
fault), and a refused request changes nothing. The OpenAPI document (``/openapi.json``,
models in :mod:`.models`) lists every answer of every operation; tests/server/
test_server_schemathesis.py checks it against a running server.
"""

import asyncio
import html
import json
import logging
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, Literal

from fastapi import FastAPI, Path as PathParam, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.routing import Match, Route

from ..agents import AGENT_NAMES
from ..core import OptionError, game_catalogue, game_info, list_games
from . import rulespage
from .optionwords import option_words
from .seatwords import seat_label
from .profiles import player_summary, seat_names
from .limits import MAX_BODY_BYTES, MAX_ROOMS_PER_CLIENT, MAX_SEARCH_BOTS_PER_CLIENT, BodyLimit, too_large_body
from .models import ErrorBody, api_models
from .admin import add_admin_routes
from .rooms import PACES, ApiError, Room, Rooms, available_agents, default_agent, load_checked
from .store import Store

log = logging.getLogger("tokyo.server")


# ----- pages ---------------------------------------------------------------------------
STATIC = Path(__file__).with_name("static")
"""The browser client: plain HTML, CSS and JavaScript modules, no build step."""


def _static_page(name: str) -> FileResponse:
    return FileResponse(STATIC / name, media_type="text/html", headers={"Cache-Control": "no-cache"})


def wants_page(request: Request) -> bool:
    """Whether a refused request is a person's browser asking for a page (``Accept:
    text/html``, a path outside the API, the WebSocket and the static files): it is answered
    with a small HTML page; an API client keeps the JSON error body."""
    path = request.url.path
    if path == "/api" or path.startswith(("/api/", "/ws/", "/static/")):
        return False
    return "text/html" in request.headers.get("accept", "").lower()


NO_PAGE = """<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>No page here: tokyo-engine</title>
<link rel="stylesheet" href="/static/app.css">
</head>
<body class="no-page">
<header class="top"><h1>tokyo-engine</h1><a href="/">Lobby</a></header>
<main>
<section class="panel" id="no-page">
<h2>There is no page at this address</h2>
<p>Nothing is found at <code>{path}</code>{hint}</p>
<p>The pages are the <a href="/" id="no-page-lobby">lobby</a> (create a game, join or watch one), a game's page
(<code>/play/</code> and the room's code, from a link its creator shares), a player's statistics
(<code>/players/</code> and the name) and each game's rules (<code>/rules/</code> and the game).</p>
<p><a class="button" href="/">Go to the lobby</a></p>
</section>
</main>
</body>
</html>
"""

_HINTS = {   # a path a person may type by hand, and what it lacks
    "/players": ": a player's page needs their name after <code>/players/</code> (the lobby links your own).",
    "/play": ": a game's page needs the room's code after <code>/play/</code> (in the link its creator shares).",
    "/rules": ": the rules need the game after <code>/rules/</code>, e.g. <a href=\"/rules/kot-dark\">/rules/kot-dark</a>.",
}


def no_page(path: str) -> HTMLResponse:
    """The 404 page a browser gets for a path that is no page (the API's stay JSON)."""
    hint = _HINTS.get(path.rstrip("/"), ".")
    return HTMLResponse(NO_PAGE.format(path=html.escape(path), hint=hint), status_code=404)


# ----- documented errors ---------------------------------------------------------------
ERRORS = {
    404: "unknown_room: no room with that id",
    403: "bad_token: the token is not a seat of this room",
    409: "not_your_turn, stale_version, game_over, not_finished, cannot_undo or bot_plays: the room's state does not allow "
         "it now",
    413: "too_large: the request body is over the server's limit (64 KiB by default); it was not read",
    422: "malformed: the request does not fit this schema (the message names the field); or a rule the "
         "schema cannot state: bad_game, bad_players, bad_option, bad_seats, bad_agent, illegal_action",
    429: "too_many_rooms or too_many_bots: the client's address has as many unfinished rooms or search bots "
         "as the server allows per client",
    500: "storage_failed (the database refused the write; nothing changed) or internal_error (a bug)",
    503: "room_unavailable: the room's game can no longer be rebuilt by this server version",
}


def errors(*statuses: int, **descriptions: str) -> dict:
    """The OpenAPI ``responses`` entries of these error statuses (all with ErrorBody);
    ``descriptions`` (``e404=...``) replace the default sentence of a status."""
    return {status: {"model": ErrorBody, "description": descriptions.get(f"e{status}", ERRORS[status])}
            for status in statuses}


# every request may be refused for its size, or fail on a bug; a request with
# parameters or a body may not fit the schema (422)
COMMON = (413, 500)


# OpenAPI links: how an answer leads to the next request (a client, or a tester that
# walks the API, follows them: create a room, look at it, play seat 0's first legal action)
_ROOM = "$response.body#/room"
CREATED_LINKS = {
    "roomView": {"operationId": "roomView", "parameters": {"room_id": _ROOM}},
    "seatView": {"operationId": "seatView", "parameters": {"room_id": _ROOM, "token": "$response.body#/seats/0/token"},
                 "description": "the view of seat 0 (a person's seat: the default)"},
    "replay": {"operationId": "replay", "parameters": {"room_id": _ROOM}},
}
LISTED_LINKS = {"roomView": {"operationId": "roomView", "parameters": {"room_id": "$response.body#/0/room"}}}
_PLAY_FIRST_LEGAL = {"operationId": "act", "parameters": {"room_id": "$request.path.room_id"},
                     "description": "play the seat's first legal action, when it is to act"}
SEAT_LINKS = {"act": dict(_PLAY_FIRST_LEGAL, requestBody={
    "token": "$request.path.token", "action": "$response.body#/legal/0", "version": "$response.body#/version"})}
ACTED_LINKS = {"act": dict(_PLAY_FIRST_LEGAL, requestBody={
    "token": "$request.body#/token", "action": "$response.body#/legal/0", "version": "$response.body#/version"}),
    "seatView": {"operationId": "seatView", "parameters": {"room_id": "$request.path.room_id",
                                                           "token": "$request.body#/token"}},
    "undo": {"operationId": "undo", "parameters": {"room_id": "$request.path.room_id"},
             "requestBody": {"token": "$request.body#/token", "version": "$response.body#/version"},
             "description": "take the action back (409 cannot_undo when chance or another seat came after it)"}}
UNDONE_LINKS = {key: ACTED_LINKS[key] for key in ("act", "seatView")}   # play again, or look


def _validation_answer(exc: RequestValidationError, game_ids: list[str]) -> tuple[int, dict]:
    """The status and error body of a request that does not fit the schema: 422
    ``malformed`` naming each field, except a game id that is not one of the games
    (``bad_game``, 404 in a path) and an agent that is not one of the agents
    (``bad_agent``), which say what is allowed."""
    problems, code, status = [], "malformed", 422
    for i, e in enumerate(exc.errors()):
        loc = tuple(e.get("loc", ()))
        where = ".".join(str(p) for p in loc if p != "body") or "body"
        kind = e.get("type", "")
        value = e.get("input")
        if loc in (("body", "game"), ("path", "game_id")) and kind == "literal_error":
            problems.append(f"unknown game {value!r}; games: {', '.join(game_ids)}")
            if i == 0:
                code, status = "bad_game", 404 if loc[0] == "path" else 422
        elif len(loc) >= 4 and loc[:2] == ("body", "seats") and loc[3] == "agent" and kind != "missing":
            if f"seat {loc[2]}" not in " ".join(problems):
                problems.append(f"seat {loc[2]}: {value!r} is not an agent; agents: {', '.join(AGENT_NAMES)}, "
                                "each with optional parameters after ':' (ismcts:sims=200)")
            if i == 0:
                code = "bad_agent"
        elif loc[:2] == ("body", "agent") and kind != "missing":  # the bot put in a person's seat
            if "is not an agent" not in " ".join(problems):
                problems.append(f"{value!r} is not an agent; agents: {', '.join(AGENT_NAMES)}, each with "
                                "optional parameters after ':' (ismcts:sims=200)")
            if i == 0:
                code = "bad_agent"
        else:
            problems.append(f"{where}: {e.get('msg', 'invalid')}")
    prefix = "" if code != "malformed" else "the request is malformed: "
    return status, {"error": code, "message": prefix + "; ".join(problems)}


def allowed_methods(request: Request) -> list[str]:
    """Every method some route of the app takes at the request's path (Starlette's own
    405 names only the methods of the first route with that path)."""
    methods: set[str] = set()
    for route in request.app.router.routes:
        if isinstance(route, Route) and route.methods:
            match, _ = route.matches(request.scope)
            if match != Match.NONE:
                methods |= route.methods
    return sorted(methods)


# ----- the app -------------------------------------------------------------------------
def create_app(db_path: str | Path = "tokyo-games.sqlite3", bot_delay: float = 0.6, fsync: bool = False, *,
               max_body: int = MAX_BODY_BYTES, max_rooms_per_client: int = MAX_ROOMS_PER_CLIENT,
               max_search_bots_per_client: int = MAX_SEARCH_BOTS_PER_CLIENT, resume_idle_days: float = 0) -> FastAPI:
    """The server application.

    db_path: the SQLite file of the games (created if missing; ``":memory:"`` keeps
    nothing). bot_delay: seconds a bot waits before each action, so people can follow
    (0 in tests). fsync: flush every commit to disk (survives a power cut, not just a
    killed server; slower). max_body: the largest request body read, in bytes (larger:
    413). max_rooms_per_client, max_search_bots_per_client: unfinished rooms, and search
    bots in them, one client address may create (more: 429; 0: no limit). On start-up
    every unfinished game in the file is rebuilt from its steps and its bots resume;
    with resume_idle_days, only those someone was connected to in that many days (the
    others wake when one of their links is opened).
    Raises sqlite3.Error (at start-up) if the file is not a database.

    The games are those registered when the app is made: the schema lists their ids.
    """
    game_ids = [g["id"] for g in list_games()]
    m = api_models(game_ids)
    GameId = m.GameId

    @asynccontextmanager
    async def lifespan(app: FastAPI):
        store = Store(db_path, fsync)
        rooms = Rooms(store, bot_delay, max_rooms_per_client, max_search_bots_per_client, resume_idle_days)
        rooms.load()
        app.state.rooms = rooms
        try:
            yield
        finally:
            await rooms.close()
            store.close()

    app = FastAPI(title="tokyo-engine server", version="0.1.0", lifespan=lifespan,
                  description="Play tokyo-engine games (King of Tokyo: Dark Edition, Crisis: Tokyo, ...) "
                              "with people and bots. Every error is JSON {error, message, legal?} (ErrorBody). "
                              "See docs/server.md in the repository.")
    app.add_middleware(BodyLimit, limit=max_body)

    def rooms_of(request_or_ws) -> Rooms:
        return request_or_ws.app.state.rooms

    @app.exception_handler(ApiError)
    async def api_error(request: Request, exc: ApiError):
        return JSONResponse(exc.as_dict(), status_code=exc.status)

    @app.exception_handler(RequestValidationError)
    async def malformed(request: Request, exc: RequestValidationError):
        status, body = _validation_answer(exc, game_ids)
        return JSONResponse(body, status_code=status)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException):
        status, code, message = exc.status_code, "http_error", str(exc.detail)
        if status == 404 and wants_page(request):
            return no_page(request.url.path)
        if status == 404:
            code, message = "not_found", f"no such path {request.url.path!r}; the API is described at /docs"
        elif status == 405:
            code = "method_not_allowed"
            allowed = ", ".join(allowed_methods(request)) or (exc.headers or {}).get("Allow", "")
            message = f"{request.method} is not allowed here" + (f"; allowed: {allowed}" if allowed else "")
            headers = {"Allow": allowed}
        elif status == 413:
            code, message = "too_large", too_large_body(max_body)["message"]
        elif status == 400:  # FastAPI: a body that cannot be parsed at all (not UTF-8, ...)
            status, code, message = 422, "malformed", "the request is malformed: the body is not JSON text"
        return JSONResponse({"error": code, "message": message}, status_code=status,
                            headers=headers if status == 405 else None)

    @app.exception_handler(Exception)
    async def internal_error(request: Request, exc: Exception):
        log.error("%s %s failed", request.method, request.url.path, exc_info=exc)
        return JSONResponse({"error": "internal_error", "message": "the server failed on this request (a bug); "
                             "it is logged"}, status_code=500)

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

    @app.get("/rules/{game_id}", response_class=HTMLResponse, include_in_schema=False)
    async def rules(game_id: str):
        """A game's rules reference page: its rule statements and rulings, searchable
        (rulespage.py); 404 for an unknown game."""
        try:
            page = rulespage.rules_page(game_id)
        except OptionError:
            known = ", ".join(g["id"] for g in list_games())
            return HTMLResponse(f"<!doctype html><title>No such game</title><p>No game {html.escape(game_id)!r}; "
                                f"the games are {html.escape(known)}. <a href=\"/\">Lobby</a></p>", status_code=404)
        return HTMLResponse(page, headers={"Cache-Control": "no-cache"})

    @app.get("/players/{name}", response_class=HTMLResponse, include_in_schema=False)
    async def player_page(name: str):
        """A player's statistics page; its script asks GET /api/players/{name}."""
        return _static_page("players.html")

    @app.get("/favicon.ico", include_in_schema=False)
    async def favicon():
        """No icon: an empty answer rather than a 404 in every page's console."""
        return Response(status_code=204)

    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    # ----- API ------------------------------------------------------------------------
    GamePath = PathParam(description="a game id of GET /api/games (another: 404 bad_game)")
    unknown_game = "bad_game: not one of the games of GET /api/games"

    @app.get("/api/games", summary="The games that can be played", operation_id="games", response_model=list[m.GameEntry],
             responses=errors(*COMMON))
    async def games():
        """Every game: ``id``, ``title``, ``players`` [min, max], ``default_players``,
        ``options`` (name, default, allowed, help, and for forms kind, choices, minimum,
        maximum, and in a player's words label, words, rules, pick: optionwords.py), ``agents`` (bot names for this game) and ``default_agent``."""
        out = []
        for g in list_games():
            if g["id"] not in game_ids:  # registered after the app was made: not served
                continue
            declared = {o.name: o for o in game_info(g["id"]).options}
            options = [dict(o, kind=declared[o["name"]].kind, choices=list(declared[o["name"]].choices or []),
                            minimum=declared[o["name"]].minimum, maximum=declared[o["name"]].maximum,
                            **option_words(g["id"], declared[o["name"]]))
                       for o in g["options"]]
            out.append(dict(g, options=options, agents=available_agents(g["id"]), default_agent=default_agent(g["id"])))
        return JSONResponse(out)

    @app.get("/api/games/{game_id}/cards", summary="Every card, tile and monster of a game", operation_id="cards",
             response_model=list[dict[str, Any]], responses=errors(404, 422, *COMMON, e404=unknown_game))
    async def cards(game_id: GameId = GamePath):
        """The game's catalogue (what ``tokyo cards GAME --json`` prints): per entry at
        least ``set``, ``id``, ``name``, ``cost``, ``type`` and ``text``. Clients use it
        to name the ids of observations. 404 ``bad_game`` for an unknown game."""
        return JSONResponse(game_catalogue(game_id))

    @app.post("/api/games/{game_id}/seats", summary="How many seats a room of a game would have", operation_id="seats",
              response_model=m.SeatCount, responses=errors(404, 422, *COMMON, e404=unknown_game))
    async def seats(body: m.SeatsQuery, game_id: GameId = GamePath):
        """``seats``: the number of seats of a room of ``game_id`` with these players and
        options (one per player, plus any the options add: crisis-format's
        ``opponent=seat`` adds the opponent's seat, last). The lobby draws a row per
        seat. 404 ``bad_game``; 422 ``bad_players``, ``bad_option``."""
        players, game = load_checked(game_id, body.players, body.options)
        return JSONResponse({"game": game_id, "players": players, "seats": game.num_players,
                             "roles": game.seat_roles()})

    @app.post("/api/rooms", status_code=201, summary="Create a room", operation_id="createRoom",
              response_model=m.Created, responses={201: {"description": "the room, with its seat links",
                                                         "links": CREATED_LINKS}, **errors(422, 429, *COMMON)})
    async def create_room(body: m.CreateRoom, request: Request):
        """Create a room and start its game (bots play as soon as it is their turn).

        Answer: ``room`` (its id), ``seats`` (per seat: seat, kind, and for a person
        the secret ``token`` and ``link``; shown only here, once), ``creator_token`` and
        ``creator_link`` (the creator's secret, which manages the room: the
        ``/admin/{creator_token}`` operations; only here), ``view`` (the public view). Errors 422: ``bad_game``, ``bad_players``, ``bad_option``, ``bad_seats``,
        ``bad_agent``, ``malformed``; 429 ``too_many_rooms``, ``too_many_bots`` (per
        client address: see ``tokyo serve --help``).
        """
        seats = None if body.seats is None else [s.model_dump() for s in body.seats]
        client = request.client.host if request.client else None
        room, tokens, creator_token = rooms_of(request).create(body.game, body.players, body.options, seats,
                                                               body.seed, client)
        out = []
        for i, (seat, token) in enumerate(zip(room.rec.seats, tokens)):
            entry = {"seat": i, "kind": seat.kind, "agent": seat.agent, "name": seat.name,
                     "label": seat_label(i, seat.kind, seat.agent, seat.name)}
            if token is not None:
                entry["token"] = token
                entry["link"] = f"/play/{room.id}?token={token}"
            out.append(entry)
        return JSONResponse({"room": room.id, "seats": out, "spectator_link": f"/play/{room.id}",
                             "creator_token": creator_token, "creator_link": f"/play/{room.id}#admin={creator_token}",
                             "view": room.view(None)}, status_code=201)

    @app.get("/api/rooms", summary="List rooms", operation_id="listRooms", response_model=list[m.RoomSummary],
             responses={200: {"description": "the rooms", "links": LISTED_LINKS}, **errors(422, *COMMON)})
    async def list_rooms(request: Request, status: Literal["playing", "finished", "idle"] = "playing"):
        """Rooms being played (``status=playing``, default), the latest finished ones
        (``status=finished``, with the rooms their creator ended, status ``ended``), or
        the unfinished rooms left stopped at start-up because nobody came for a long time
        (``status=idle``: ``tokyo serve --resume-idle-days``; opening one wakes it; their
        status says ``playing``): public facts only (game, seats, version, who is to
        act), never an observation."""
        rooms = rooms_of(request)
        if status == "playing":
            return JSONResponse(rooms.open_rooms())
        if status == "idle":
            over = rooms.idle_rooms()
        else:
            over = rooms.store.games("finished", limit=200) + rooms.store.games("ended", limit=200)
            over = sorted(over, key=lambda r: -(r.finished or r.created))[:200]
        return JSONResponse(
            [{"room": r.id, "game": r.game, "players": r.players, "options": r.options, "status": r.status,
              "seats": [{"seat": i, "kind": s.kind, "agent": s.agent, "name": s.name, "label": label}
                        for i, (s, label) in enumerate(zip(r.seats, seat_names(r.seats, r.game, r.labels)))],
              "created": r.created, "finished": r.finished, "returns": r.returns, "result": r.result,
              "last_seen": r.last_seen}
             for r in over])

    room_errors = errors(404, 422, 503, *COMMON)

    @app.get("/api/rooms/{room_id}", summary="A room as a spectator sees it", operation_id="roomView",
             response_model=m.View,
             responses=room_errors)
    async def room_view(room_id: str, request: Request, log_from: int = Query(0, ge=0)):
        """The public view (see :meth:`Room.view` in docs/server.md); 404
        ``unknown_room``."""
        return JSONResponse(rooms_of(request).get(room_id).view(None, log_from))

    @app.get("/api/rooms/{room_id}/seat/{token}", summary="A room as one seat sees it", operation_id="seatView",
             response_model=m.View, responses={200: {"description": "the seat's view", "links": SEAT_LINKS},
                                               **errors(403, 404, 422, 503, *COMMON)})
    async def seat_view(room_id: str, token: str, request: Request, log_from: int = Query(0, ge=0)):
        """The view of the seat whose secret is ``token``: its observation, its log,
        and its legal actions when it is to decide. 404 ``unknown_room``, 403
        ``bad_token``."""
        room = rooms_of(request).get(room_id)
        return JSONResponse(room.view(room.seat_for_token(token), log_from))

    @app.post("/api/rooms/{room_id}/actions", summary="Play an action", operation_id="act", response_model=m.View,
              responses={200: {"description": "the seat's view after the action", "links": ACTED_LINKS},
                         **errors(403, 404, 409, 422, 503, *COMMON)})
    async def act(room_id: str, body: m.ActionBody, request: Request):
        """Apply ``action`` for the seat of ``token``; the answer is that seat's new
        view. Errors (nothing changes): 404 ``unknown_room``, 403 ``bad_token``, 409
        ``game_over``, 409 ``stale_version``, 409 ``not_your_turn``, 422
        ``illegal_action`` (with ``legal``), 422 ``malformed``, 500 ``storage_failed``."""
        room = rooms_of(request).get(room_id)
        seat = room.seat_for_token(body.token)
        await room.act(seat, body.action, body.version)
        return JSONResponse(room.view(seat))

    @app.post("/api/rooms/{room_id}/undo", summary="Take back your own last action", operation_id="undo",
              response_model=m.View,
              responses={200: {"description": "the seat's view with its last action taken back", "links": UNDONE_LINKS},
                         **errors(403, 404, 409, 422, 503, *COMMON, e409="cannot_undo (reason: game_over, bot_plays, "
                                  "nothing_to_undo, chance_since, other_seat_since, shows_hidden) or stale_version")})
    async def undo(room_id: str, body: m.UndoBody, request: Request):
        """Take back the last action of the seat of ``token``, while nothing has come
        after it: no chance outcome (a die rolled, a card drawn or revealed), no other
        seat's action, and nothing hidden shown by the action itself. The step is
        deleted from the store and the game rebuilt by replaying the record without it,
        so nothing hidden can leak; the answer is the seat's view (its legal actions are
        those it had before the action), and every subscriber gets the new view. May be
        repeated while the last step is again this seat's own decision. Errors (nothing
        changes): 404 ``unknown_room``, 403 ``bad_token``, 409 ``cannot_undo`` (with
        ``reason`` and why in words), 409 ``stale_version``, 422 ``malformed``, 500
        ``storage_failed``."""
        room = rooms_of(request).get(room_id)
        seat = room.seat_for_token(body.token)
        await room.undo(seat, body.version)
        return JSONResponse(room.view(seat))

    @app.put("/api/rooms/{room_id}/auto", summary="Set your automatic decisions", operation_id="setAuto",
             response_model=m.View,
             responses={200: {"description": "the seat's view with its automatic decisions (key auto)"},
                        **errors(403, 404, 409, 422, 503, *COMMON, e409="not_a_person: the seat is a bot's")})
    async def set_auto(room_id: str, body: m.AutoBody, request: Request):
        """Set the automatic decisions of the seat of ``token`` (King of Tokyo: leave Tokyo
        at or below some hearts, stay above some, skip buying when nothing is affordable;
        tokyo.agents.auto). Only that seat sees them (its view's ``auto``); they answer
        their kind of decision from then on, the one in front of the seat included, and
        are kept with the room. Errors: 404 ``unknown_room``, 403 ``bad_token`` or
        ``spectator``, 409 ``not_a_person``, 422 ``bad_auto`` (what is wrong and what is
        allowed) or ``malformed``."""
        room = rooms_of(request).get(room_id)
        seat = room.seat_for_token(body.token)
        await room.set_auto(seat, body.auto)
        return JSONResponse(room.view(seat))

    @app.get("/api/rooms/{room_id}/replay", summary="The public replay of a finished game", operation_id="replay",
             response_model=m.Replay, responses=errors(404, 409, 422, 503, *COMMON, e409="not_finished: the game goes on"))
    async def replay(room_id: str, request: Request):
        """For a finished game: per step, who acted (``seat``, None for chance), the
        public log events it produced and the public observation after it; never
        the action texts (a chance outcome can be a hidden card). 409
        ``not_finished`` while the game goes on."""
        room = rooms_of(request).get(room_id)
        if room.ended and not room.finished:
            raise ApiError(409, "not_finished", "the room's creator ended this game before its end, so it has "
                           "no replay; its last position can still be watched")
        if not room.finished:
            raise ApiError(409, "not_finished", "the replay is shown once the game is over; "
                           f"the game is at version {room.version}")
        return JSONResponse(public_replay(room))

    @app.get("/api/players/{name}", summary="A player's statistics", operation_id="playerStats",
             response_model=m.PlayerStats, responses=errors(422, *COMMON))
    async def player_stats(request: Request, name: str = PathParam(
            min_length=1, max_length=40, description="the name typed in a person's seat (any case)")):
        """Games, wins and win share of the people's seats named ``name`` over the finished
        games of this server, by game, by label (monster, faction) and the latest games
        (profiles.py). An unknown name is not an error: it has 0 games."""
        if not name.strip():
            raise ApiError(422, "malformed", "the name is empty: give the name a person typed in a seat")
        return JSONResponse(player_summary(rooms_of(request).store, name))

    add_admin_routes(app, m, rooms_of, errors, COMMON)

    # ----- WebSocket ------------------------------------------------------------------
    @app.websocket("/ws/rooms/{room_id}")
    async def room_socket(websocket: WebSocket, room_id: str, token: str | None = None, log_from: int = 0,
                          pace: str | None = None):
        """Send ``{"type": "view", ...}`` (the seat's view, or the public one without a
        token) at once and after every change. The first view's log starts at
        ``log_from``; each later one carries only the log events after those already
        sent (its ``log_from`` says where they start). The client may send
        ``{"action": text, "version": n?}``; a refusal comes back as ``{"type":
        "error", ...}``. A bad room or token: an error message, then close code 4404
        or 4403. ``pace`` (instant, normal or slow) asks the room's bots to play at that
        pace while this socket is open (the slowest pace asked wins); another value: an
        error message, then close code 4422."""
        await websocket.accept()
        try:
            if pace is not None and pace not in PACES:
                raise ApiError(422, "bad_pace", f"pace must be one of {', '.join(PACES)}, not {pace[:20]!r}")
            room = rooms_of(websocket).get(room_id)
            seat = room.seat_for_token(token)
        except ApiError as exc:
            await websocket.send_json({"type": "error", **exc.as_dict()})
            await websocket.close(code=4000 + exc.status)
            return
        sub = room.subscribe(seat, pace)
        send_lock = asyncio.Lock()

        async def push() -> None:
            start, sent = max(log_from, 0), -1
            while True:
                if sub.revoked is not None:  # its link was re-issued, or the room deleted
                    async with send_lock:
                        await websocket.send_json({"type": "error", **sub.revoked.as_dict()})
                        await websocket.close(code=4000 + sub.revoked.status)
                    return
                if room.version != sent or sub.force:
                    sub.force = False
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
