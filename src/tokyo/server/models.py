"""The shapes of the JSON API, as pydantic models: what the OpenAPI document at
``/openapi.json`` says, and what the server checks before a route runs.

Game ids and agent names are enums built from the registry when the app is made
(:func:`api_models`), so the schema lists exactly the games the server plays. What a
schema cannot say is checked by the game and refused with 422 and a specific code
(``bad_players``, ``bad_option``, ``bad_seats``, ``bad_agent``, ``illegal_action``):
a player count within the game's range, option values the game reads, as many seats
as the game has, an agent's parameters, an action legal in the position.
"""

from types import SimpleNamespace
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, Strict, StringConstraints

from ..agents import AGENT_NAMES
from .rooms import MAX_ACTION_LENGTH

AGENT_SPEC_PATTERN = r"^(" + "|".join(AGENT_NAMES) + r"):[A-Za-z0-9_.=,;+-]*$"
"""An agent name with parameters: ``ismcts:sims=200,seconds=2``."""


Integer = Annotated[int, Strict()]
"""An integer of a request body: a JSON number without fraction (true, false, 2.5 and
"2" are refused, where pydantic would otherwise take some of them)."""


class ErrorBody(BaseModel):
    """Every refusal: a stable code, a sentence, and where it helps the requesting seat's
    legal actions or the facts that explain it."""

    model_config = ConfigDict(extra="allow")
    error: str = Field(description="a short stable code: unknown_room, bad_token, illegal_action, ...")
    message: str = Field(description="what was wrong, and what is allowed, in one sentence")
    legal: list[str] | None = Field(None, description="the requesting seat's legal action texts (some refusals)")
    version: int | None = Field(None, description="stale_version: the room's version now")
    to_act: int | None = Field(None, description="not_your_turn: the seat that is to act")
    reason: str | None = Field(None, description="cannot_undo: why, as a word (game_over, nothing_to_undo, "
                                                 "chance_since, other_seat_since, shows_hidden)")


def api_models(game_ids: list[str]) -> SimpleNamespace:
    """The request and answer models for a server playing ``game_ids``."""
    GameId = Literal[tuple(game_ids)]  # type: ignore[valid-type]
    AgentName = Literal[AGENT_NAMES]  # type: ignore[valid-type]
    AgentSpec = Annotated[str, StringConstraints(max_length=200, pattern=AGENT_SPEC_PATTERN)]

    class SeatSpec(BaseModel):
        """One seat of a new room: a person (``human``, who gets a secret link) or a bot."""

        model_config = ConfigDict(extra="forbid")
        kind: Literal["human", "bot"] = Field(description="'human' or 'bot'")
        agent: AgentName | AgentSpec | None = Field(  # type: ignore[valid-type]
            None, description="a bot's agent: a name ('random', 'heuristic', 'ismcts', 'policy'), or a name with its "
                        "parameters after ':' ('ismcts:sims=200'); default: the game's heuristic bot, else "
                        "random. GET /api/games lists each game's agents.")
        name: str | None = Field(None, max_length=40, description="display name shown to everyone")

    class CreateRoom(BaseModel):
        """A new room: which game, how many players, options, and who sits where."""

        model_config = ConfigDict(extra="forbid")
        game: GameId = Field(description="game id from GET /api/games, e.g. 'kot-dark'")  # type: ignore[valid-type]
        players: Integer | None = Field(None, description="number of players (default: len(seats), else the game's); "
                                                      "within the game's range (GET /api/games)")
        options: dict[str, Any] = Field(default_factory=dict,
                                        description="game options by name (GET /api/games)")
        seats: list[SeatSpec] | None = Field(
            None, max_length=16, description="one entry per seat of the game, in seat order: one per player, "
                                             "plus any the options add (default: seat 0 human, bots after)")
        seed: Annotated[Integer, Field(ge=0, lt=2 ** 62)] | None = Field(None,
                                 description="chance seed, for a reproducible game; whoever knows it can "
                                             "predict the dice and cards, so leave it out for a fair game")

    class SeatsQuery(BaseModel):
        """A number of players and options: how many seats would a room of the game have?"""

        model_config = ConfigDict(extra="forbid")
        players: Integer | None = Field(None, description="number of players (default: the game's)")
        options: dict[str, Any] = Field(default_factory=dict,
                                        description="game options by name (GET /api/games)")

    class ActionBody(BaseModel):
        """One action of the seat whose secret token is given."""

        model_config = ConfigDict(extra="forbid")
        token: str = Field(max_length=200, description="the seat's secret token (from its link)")
        action: str = Field(description="the action text, one of the seat view's 'legal' list",
                            json_schema_extra={"minLength": 1, "maxLength": MAX_ACTION_LENGTH})
        version: Integer | None = Field(None, description="optional: the version the choice was made at; "
                                                      "refused with 409 stale_version if the game moved on")

    class AutoBody(BaseModel):
        """A person's automatic decisions: the seat's token and the values of the game's
        settings (``auto.settings`` of the seat's view; a setting left out is off)."""

        model_config = ConfigDict(extra="forbid")
        token: str = Field(max_length=200, description="the seat's secret token (from its link)")
        auto: dict[str, Any] = Field(description="{setting name: value}: a whole number, true or false; null or false is off",
                                                   json_schema_extra={"maxProperties": 20})

    class UndoBody(BaseModel):
        """Take back the last action of the seat whose secret token is given."""

        model_config = ConfigDict(extra="forbid")
        token: str = Field(max_length=200, description="the seat's secret token (from its link)")
        version: Integer | None = Field(None, description="optional: the version the seat saw; refused with 409 "
                                                      "stale_version if the game moved on")

    class GameOption(BaseModel):
        name: str
        default: Any = Field(description="the value used when the option is not given")
        allowed: str = Field(description="the allowed values, in words")
        help: str
        kind: Literal["bool", "int", "str", "list"]
        choices: list[str] = Field(description="the allowed values of a str option, or of a list's items")
        minimum: int | None = None
        maximum: int | None = None
        label: str = Field(description="the option's name in a player's words (the lobby's label)")
        words: str = Field(description="what the option changes, in a player's words (help without rule ids)")
        rules: list[str] = Field(description="the rule statements the option comes from (ids of the rules page, "
                                             "/rules/{game}#{id with a dash for the space})")
        pick: dict[str, Any] | None = Field(description="for an option that takes ids: per (seat, player or "
                                                        "one), items [{id, name}], unset (what a place left "
                                                        "unchosen gets), seats (true: the items are the seats)")

    class GameEntry(BaseModel):
        model_config = ConfigDict(extra="allow")
        id: GameId  # type: ignore[valid-type]
        title: str
        players: list[int] = Field(description="[least, most] players", min_length=2, max_length=2)
        default_players: int
        options: list[GameOption]
        agents: list[AgentName] = Field(description="the bots that can play this game")  # type: ignore[valid-type]
        default_agent: AgentName  # type: ignore[valid-type]

    class SeatCount(BaseModel):
        game: str
        players: int
        seats: int = Field(description="one per player, plus any the options add")
        roles: list[str] = Field(default_factory=list,
                                 description="per seat, what it is: 'player', or the role of a seat the options add "
                                             "('opponent': crisis-format's opponent=seat)")

    class SeatPublic(BaseModel):
        model_config = ConfigDict(extra="allow")
        seat: int
        kind: Literal["human", "bot"]
        agent: str | None = Field(description="a bot's agent spec as given (null for a person)")
        name: str | None
        label: str | None = Field(None, description="the seat in a person's words, as every page shows it: "
                                                     "'seat 2 (bot: heuristic)', 'seat 1 (Ann)' (seatwords.py); "
                                                     "in the room lists (GET /api/rooms) with the game's name for "
                                                     "the seat in front when it gives one ('The King, seat 2 (bot: "
                                                     "heuristic)'); the game page puts that name in front itself")
        stand_in: str | None = Field(None, description="the agent of a bot the creator put in this person's "
                                                        "seat while they are away (null: the person plays)")
        away_since: float | None = Field(None, description="a person's seat that no WebSocket is open for: when it "
                                                           "was last here (Unix s: its last socket closed, or its "
                                                           "last action); null when connected, for a bot, or not "
                                                           "seen since the server started")

    class RoomSummary(BaseModel):
        """Public facts about a room: never an observation."""

        model_config = ConfigDict(extra="allow")
        room: str
        game: str
        players: int
        options: dict[str, Any]
        seats: list[SeatPublic]
        status: Literal["playing", "finished", "ended"] = Field(
            description="'ended': stopped by its creator before the game was over")
        created: float
        result: str | None = Field(None, description="a finished room (status=finished list): how it ended in "
                                                     "the game's words, where the game says (e.g. the Crisis "
                                                     "Format's opponent won); null otherwise")

    class View(RoomSummary):
        """What one seat (or a spectator, ``seat`` null) may see now; docs/server.md lists the keys."""

        seat: int | None
        version: int
        to_act: int | None
        your_turn: bool
        legal: list[str]
        notes: str
        observation: Any = Field(description="the game's observation for this seat (a JSON object)")
        log: list[dict[str, Any]]
        log_from: int
        log_total: int
        render: str
        returns: list[float] | None
        winners: list[int] | None
        can_undo: bool = Field(description="this seat may take back its last action now (POST .../undo)")
        undo_refused: str | None = Field(description="why this seat may not take back its last action, in words "
                                                     "(null for a spectator, or when it may)")
        undone_by: int | None = Field(None, description="the seat whose undo made this version (until the next "
                                                         "change), so that the others can be told; else null")
        auto: dict[str, Any] | None = Field(None, description="this seat's own automatic decisions: {settings: "
                                            "[{name, kind, label, help, low, high}], values: {name: value}}; null "
                                            "for a spectator, a bot or a game without any (PUT .../auto sets them)")

    class CreatedSeat(SeatPublic):
        token: str | None = Field(None, description="a person's secret token (only in this answer)")
        link: str | None = Field(None, description="a person's seat link (only in this answer)")

    class Created(BaseModel):
        room: str
        seats: list[CreatedSeat]
        spectator_link: str
        creator_token: str = Field(description="the creator's secret: it manages the room (the /admin/ "
                                               "operations); only in this answer")
        creator_link: str = Field(description="the room's page with the creator's panel (the token after #, "
                                              "which browsers do not send to the server)")
        view: View

    # ----- the creator's management (/api/rooms/{room}/admin/{creator_token}/...) --------
    class AdminSeat(SeatPublic):
        connected: int = Field(description="open WebSockets of this seat")
        can_stand_in: bool = Field(description="a bot may be put in this seat now: a person's seat, no bot in "
                                               "it, nobody connected to it, the game going on")

    class AdminView(RoomSummary):
        """What the creator sees of the room: its summary and who sits where."""

        seats: list[AdminSeat]
        version: int
        to_act: int | None

    class StandInBody(BaseModel):
        """The bot to put in an absent person's seat."""

        model_config = ConfigDict(extra="forbid")
        agent: AgentName | AgentSpec | None = Field(  # type: ignore[valid-type]
            None, description="the bot's agent (as for a new room's seat); default: the game's heuristic bot, "
                              "else random")

    class NewLink(BaseModel):
        seat: int
        token: str = Field(description="the seat's new secret token; the old one no longer works")
        link: str

    class Deleted(BaseModel):
        room: str
        deleted: Literal[True]

    class ReplayStep(BaseModel):
        index: int
        kind: Literal["decision", "chance"]
        seat: int | None
        log: list[dict[str, Any]]
        observation: Any

    class Replay(BaseModel):
        model_config = ConfigDict(extra="allow")
        room: str
        game: str
        steps: list[ReplayStep]
        returns: list[float]
        winners: list[int]

    class GameCount(BaseModel):
        game: str
        title: str
        games: int
        wins: int
        share: float | None

    class LabelCount(BaseModel):
        game: str
        kind: str = Field(description="what the label is, e.g. monster or faction")
        label: str
        name: str | None = Field(None, description="the label in the game's words (a monster's or a faction's "
                                                    "name, as the game page says it)")
        games: int
        wins: int
        share: float | None

    class RecentGame(BaseModel):
        room: str
        game: str
        title: str
        finished: float | None
        seat: int
        won: bool
        result: str | None
        players: list[str] = Field(default_factory=list, description="every seat's name, in seat order (a "
                                                                      "person's, else Player N or Bot N, N from 1)")
        winners: list[str] = Field(default_factory=list, description="the names of the winning seats (or "
                                     "\"the opponent\" when the Crisis Format's opponent won)")

    class PlayerStats(BaseModel):
        """A player's seat-games over this server's finished games (profiles.py)."""

        name: str
        games: int
        wins: int
        share: float | None = Field(description="wins / games in [0, 1]; null with no games")
        by_game: list[GameCount]
        by_label: list[LabelCount]
        recent: list[RecentGame]

    return SimpleNamespace(**{name: value for name, value in locals().items() if name != "game_ids"})
