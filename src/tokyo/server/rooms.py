"""Rooms: live games on the server, their seats, bots and subscribers.

A :class:`Room` holds one game's live ``State`` (the kernel's; no game-specific code
here) and is the only thing that changes it. Every change goes the same way:

1. check the request (seat token, game not over, the seat is to act, the text is legal,
   optional expected version) without touching the state;
2. apply the action, then sample every chance node that follows with the room's
   seeded generator, collecting the steps;
3. commit those steps to the :class:`~tokyo.server.store.Store` (one transaction);
4. only then wake the subscribers (WebSockets) and the bot of the next seat.

Views (:meth:`Room.view`) are built from the kernel's per-seat calls only
(``observation(seat)``, ``log_for(seat)``, ``render(seat)``, and the legal texts when
that seat is to decide), so a seat never receives what it may not know. The history
(which holds hidden chance outcomes such as the cards drawn) is never sent to anyone.

A seat may take back its own last action (:meth:`Room.undo`) while nothing has come
after it: no chance outcome, no other seat's action, and nothing hidden shown by the
action itself. The step is deleted from the store and the state is rebuilt by replaying
the record without it, never by undoing moves on the live state.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import logging
import random
import secrets
import time
from dataclasses import dataclass, field
from typing import Any

from ..agents import HEURISTICS, make_agent
from ..agents.policy import BUNDLED, PolicyAgent, bundled_policies
from ..agents.auto import auto_action, auto_settings, check_auto
from ..core import (CHANCE, TERMINAL, IllegalActionError, OptionError, State, game_info, load_game,
                    sample_chance)
from ..core.registry import _GAMES
from .store import GameRecord, SeatRecord, Step, Store
from .profiles import game_names
from .seatwords import seat_label

log = logging.getLogger("tokyo.server")

MAX_ACTION_LENGTH = 500
"""Longest action text accepted (characters); no notation comes near it."""
KEEP_FINISHED = 200
"""Finished rooms kept in memory (others are read back from the store when asked for)."""
MAX_CHANCE_RUN = 100_000
"""Chance outcomes sampled in a row before the room gives up (a game bug guard)."""
SLOW_AGENT_SECONDS = 0.02
"""A bot whose step took longer than this thinks in a worker thread from then on (search
agents, ``ismcts``, always do)."""
ENDED_WORDS = "Game over: ended by the room's creator before the end."
"""The ``result`` of a room its creator ended."""
SEARCH_AGENTS = ("ismcts",)
"""Agents that search on every decision (CPU-heavy): counted per client, and always in a thread."""
UNDO_SAMPLES = 4
"""Worlds an undo checks the action in (see :func:`shows_hidden`): each costs an action
and an observation (about 5 ms in a storyline game), once per person's decision."""


def finish_facts(state: State) -> dict:
    """What the store keeps of a game that just ended (Store.append_steps keywords):
    ``result``, how it ended in its own words (``state.result_text()``, where the game has
    it: the Crisis Format says the opponent won, which its returns cannot), and ``labels``
    ({kind: [label per seat]} of ``state.record_extra()``, e.g. the monsters), for the
    players' statistics. Empty while the game goes on."""
    if not state.is_terminal():
        return {}
    said = getattr(state, "result_text", None)
    labels = state.record_extra().get("labels")
    return {"result": (said() or None) if callable(said) else None,
            "labels": labels if isinstance(labels, dict) and labels else None}


def check_creator(rec: GameRecord, token: str | None) -> None:
    """ApiError 403 ``not_creator`` unless ``token`` is the creator token of the stored
    room ``rec`` (a room made before there were creator tokens has none: nobody manages it)."""
    known = rec.creator_hash
    if known is None:
        raise ApiError(403, "not_creator", f"room {rec.id} was made before rooms had a creator link; "
                       "nobody can manage it")
    if not isinstance(token, str) or not hmac.compare_digest(known, hash_token(token)):
        raise ApiError(403, "not_creator", f"this is not the creator token of room {rec.id}; only the "
                       "creator's link (given when the room was made) manages it")


def is_search_agent(spec: str | None) -> bool:
    return spec is not None and spec.split(":")[0].strip() in SEARCH_AGENTS


def shows_hidden(before: State, text: str, seat: int, after: State, rng: random.Random,
                 samples: int = UNDO_SAMPLES) -> bool:
    """Whether playing ``text`` at ``before`` may have shown ``seat`` something hidden.

    ``after`` is the real state just after it. The action is played again in ``samples``
    worlds the seat cannot tell from the real one (``before.resample(seat, rng)``: what
    it has not seen, redealt); if the seat would see anything else in one of them (whose
    move it is, its observation, its new log lines), what it saw depended on hidden
    things: the action showed some (kot-dark: a market card taken from a top card
    another monster peeked at, with no chance node). An action that is not legal in such
    a world counts as showing. Every world is one the seat already thinks possible, so
    the answer tells it nothing it did not see."""
    def seen(state: State):   # the cheap parts first, the observation last
        yield state.current_player()
        yield [e.as_dict() for e in state.log_for(seat)[known:]]
        yield state.observation(seat)
    known = len(before.log_for(seat))
    real = list(seen(after))
    for _ in range(samples):
        world = before.resample(seat, rng)
        try:
            world.apply_action(text, seat=seat)
        except IllegalActionError:
            return True
        if any(part != want for part, want in zip(seen(world), real)):
            return True
    return False


class ApiError(Exception):
    """An error to send to a client as JSON ``{"error", "message", "legal"?}``.

    status: the HTTP status (4xx for the client's mistakes). code: a short stable word
    (``unknown_room``, ``bad_token``, ``not_your_turn``, ``illegal_action``, ...).
    legal: the legal action texts of the requesting seat, when relevant.
    """

    def __init__(self, status: int, code: str, message: str, legal: list[str] | None = None, **extra: Any):
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.legal = legal
        self.extra = extra

    def as_dict(self) -> dict:
        out = {"error": self.code, "message": self.message}
        if self.legal is not None:
            out["legal"] = self.legal
        out.update(self.extra)
        return out


def hash_token(token: str) -> str:
    """SHA-256 hex digest of a seat token (what the store keeps)."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def new_room_id() -> str:
    """A short random room id (public: it is in every link)."""
    return secrets.token_hex(5)


def new_token() -> str:
    """A secret seat token: 144 random bits, URL-safe text."""
    return secrets.token_urlsafe(18)


MAX_BOT_SIMS = 5000       # a server bot's search budget per decision, at most
MAX_BOT_SECONDS = 10.0


def check_bot_budget(agent, seat: int) -> None:
    """ApiError (422 bad_agent) when a bot's search budget per decision is above what the
    server allows (MAX_BOT_SIMS simulations, MAX_BOT_SECONDS seconds): one request must
    not tie up a CPU for minutes on every move."""
    sims, seconds = getattr(agent, "sims", None), getattr(agent, "seconds", None)
    if sims is not None and sims > MAX_BOT_SIMS:
        raise ApiError(422, "bad_agent", f"seat {seat}: a bot on this server may search at most "
                       f"{MAX_BOT_SIMS} simulations per decision, not {sims}")
    if seconds is not None and seconds > MAX_BOT_SECONDS:
        raise ApiError(422, "bad_agent", f"seat {seat}: a bot on this server may think at most "
                       f"{MAX_BOT_SECONDS:g} seconds per decision, not {seconds:g}")


def available_agents(game_id: str) -> list[str]:
    """Agent names that can play ``game_id`` (specs may add ``:key=value`` parameters);
    ``policy`` when a trained policy ships for the game (tokyo.agents.policy.BUNDLED; it
    plays the player count it was trained for)."""
    return (["random"] + (["heuristic"] if game_id in HEURISTICS else []) + ["ismcts"]
            + (["policy"] if bundled_policies(game_id) else []))


def check_policy_spec(spec: str) -> None:
    """A bot on this server plays only a policy that ships with the package (``policy`` or
    ``policy:NAME``): a client may not make the server read files by their path."""
    head, _, rest = spec.strip().partition(":")
    if head.strip() == "policy" and rest.strip() and rest.strip() not in BUNDLED:
        raise OptionError(f"a policy bot on this server is one of the shipped policies "
                          f"({', '.join(BUNDLED) or 'none'}), not {rest.strip()!r}")


def check_policy_game(bot: Any, game: Any) -> None:
    """OptionError unless a policy bot was trained for ``game`` (its player count included)."""
    if isinstance(bot, PolicyAgent):
        bot.check_for_game(game)


def default_agent(game_id: str) -> str:
    return "heuristic" if game_id in HEURISTICS else "random"


def load_checked(game_id: Any, players: Any, options: Any):
    """``(players, game)`` for a new room, or ApiError 422 ``bad_game``, ``bad_players``,
    ``bad_option`` naming what is allowed (``players`` None: the game's default)."""
    if not isinstance(game_id, str) or game_id not in _GAMES:
        raise ApiError(422, "bad_game", f"unknown game {game_id!r}; games: {', '.join(sorted(_GAMES))}")
    info = game_info(game_id)
    if players is None:
        players = info.default_players
    if isinstance(players, bool) or not isinstance(players, int) or not (
            info.min_players <= players <= info.max_players):
        raise ApiError(422, "bad_players", f"{game_id} is for {info.min_players} to {info.max_players} "
                       f"players, not {players!r}")
    if options is None:
        options = {}
    if not isinstance(options, dict):
        raise ApiError(422, "bad_option", "options must be an object of name: value")
    try:
        game = load_game(game_id, players, **options)
    except OptionError as exc:
        raise ApiError(422, "bad_option", str(exc)) from None
    return players, game


@dataclass(eq=False)
class Subscriber:
    """A listener (a WebSocket) of one room, for ``seat`` (None: a spectator)."""

    seat: int | None
    changed: asyncio.Event = field(default_factory=asyncio.Event)
    pace: str | None = None   # the bots' pace this person asked for (PACES), None: the server's
    revoked: ApiError | None = None   # set when the socket must close (its link re-issued, the room deleted)
    force: bool = False   # send the view again though no step was added (a seat changed hands, the room ended)


# the paces a person may ask the bots to play at; a room's bots play at the slowest pace any
# connected person asked for, so nobody misses a step they wanted to follow
PACES = ("instant", "normal", "slow")


class Room:
    """One game being played (or finished) on the server.

    Built by :class:`Rooms`; ``state`` is the live kernel state, ``version`` counts the
    changes: the steps stored (``len(state.history())``) plus two for each undo (the step
    it took back and the undo itself), so it only grows.
    """

    def __init__(self, rec: GameRecord, state: State, store: Store, bot_delay: float):
        self.rec = rec
        self.id = rec.id
        self.creator: str | None = None  # the client address that created it (kept in memory only)
        self.state = state
        self.store = store
        self.bot_delay = bot_delay
        self.version = len(state.history()) + 2 * rec.undos
        self.lock = asyncio.Lock()
        # (version, state before the last step) when that step is a person's decision: an
        # undo checks it without replaying (the undo itself replays the record)
        self._before: tuple[int, State] | None = None
        self._undo_cache: tuple[int, Step | None, dict] | None = None  # (version, last step, seat: refusal)
        self._undone: tuple[int, int] | None = None   # (version, seat) of the last undo (memory only)
        self.subscribers: set[Subscriber] = set()
        self.closed = False
        self._bot_task: asyncio.Task | None = None
        self._replay: dict | None = None  # the public replay, once finished (see app.public_replay)
        self._names: list[str | None] = []    # the game's name per seat at version _names_at (game_names)
        self._names_at: int | None = None
        self._token_seats = {s.token_hash: i for i, s in enumerate(rec.seats) if s.token_hash}
        self.ended = rec.status == "ended"   # stopped by its creator before the end (see end())
        self._touched = 0.0                  # when last_seen was last written (see touch())
        # per person's seat, the last time it was here (a socket of it open, or an action):
        # the others are told how long someone has been away (memory only: None after a restart)
        self.seen: dict[int, float] = {}
        self.bots = {}
        self._threaded: set[int] = set()
        # a person's automatic decisions (tokyo.agents.auto), per seat; stored with the seats
        self.auto: dict[int, dict] = {i: s.auto for i, s in enumerate(rec.seats) if s.kind == "human" and s.auto}
        self._auto_cache: tuple[int, int, str | None] | None = None   # (version, seat, action)
        for i, seat in enumerate(rec.seats):
            if seat.kind == "bot":
                self._seat_bot(i, seat.agent or default_agent(rec.game))
            elif seat.stand_in:
                self._seat_bot(i, seat.stand_in)

    def _seat_bot(self, seat: int, spec: str):
        """Make the agent ``spec`` play ``seat`` (the seat's own bot, or a stand-in)."""
        agent = make_agent(spec, self.rec.game)
        agent.reset(self.rec.seed * 1009 + seat + 1, seat)
        self.bots[seat] = agent
        self._threaded.discard(seat)
        if is_search_agent(spec):
            self._threaded.add(seat)
        return agent

    # ----- identity -------------------------------------------------------------------
    def seat_for_token(self, token: str | None) -> int | None:
        """The seat whose secret is ``token``; None for no token. Raises ApiError 403
        for a token that is not one of this room's seats."""
        if token is None:
            return None
        digest = hash_token(token)
        for known, seat in self._token_seats.items():
            if hmac.compare_digest(known, digest):
                return seat
        raise ApiError(403, "bad_token", f"this token is not a seat of room {self.id}; "
                       "use the seat link you were given, or watch without a token as a spectator")

    @property
    def finished(self) -> bool:
        return self.state.is_terminal()

    @property
    def over(self) -> bool:
        """Nothing more is played: the game is finished, or its creator ended it."""
        return self.ended or self.finished

    @property
    def status(self) -> str:
        return "ended" if self.ended and not self.finished else "finished" if self.finished else "playing"

    # ----- views ----------------------------------------------------------------------
    def seats_public(self) -> list[dict]:
        counts: dict[int | None, int] = {}
        for sub in self.subscribers:
            counts[sub.seat] = counts.get(sub.seat, 0) + 1
        return [{"seat": i, "kind": s.kind, "agent": s.agent, "name": s.name or
                 (f"{s.agent} bot" if s.kind == "bot" else f"Player {i + 1}"),
                 "label": seat_label(i, s.kind, s.agent, s.name),
                 "connected": counts.get(i, 0), "stand_in": s.stand_in,
                 "away_since": (self.seen.get(i) if s.kind == "human" and not counts.get(i, 0) else None)}
                for i, s in enumerate(self.rec.seats)]

    def listing(self) -> dict:
        """The room as the lobby lists it: its ``summary``, each seat's ``label`` with the
        game's name for the seat in front when the game gives one (``The King, seat 2 (bot:
        heuristic)``), as the game page and the players' statistics say it."""
        out = self.summary()
        names = self.game_names()
        for entry, s in zip(out["seats"], self.rec.seats):
            i = entry["seat"]
            if i < len(names) and names[i]:
                entry["label"] = seat_label(i, s.kind, s.agent, s.name, names[i])
        return out

    def game_names(self) -> list[str | None]:
        """The game's name for each seat now (profiles.game_names of the state's record
        labels: the monsters, the factions), [] when it gives none; kept per version."""
        if self._names_at != self.version:
            try:
                labels = self.state.record_extra().get("labels")
            except Exception:  # noqa: BLE001 - a game's record facts are never worth a failed list
                labels = None
            self._names = game_names(self.rec.game, labels if isinstance(labels, dict) else None)
            self._names_at = self.version
        return self._names

    def summary(self) -> dict:
        """Public facts for the room list: no observation, nothing hidden."""
        player = self.state.current_player()
        return {"room": self.id, "game": self.rec.game, "title": game_info(self.rec.game).title,
                "players": self.rec.players, "options": self.state.game.options_json(),
                "seats": self.seats_public(), "version": self.version,
                "status": self.status,
                "to_act": player if player >= 0 and not self.ended else None, "created": self.rec.created,
                "spectators": sum(1 for s in self.subscribers if s.seat is None)}

    def view(self, seat: int | None, log_from: int = 0) -> dict:
        """What ``seat`` (None: a spectator) may see now, as a JSON-safe dict.

        Keys: room, game, title, players, options, seats (public seat list; a seat's
        ``stand_in`` names the bot playing a person's seat for them), seat, version,
        status (``playing``/``finished``/``ended``), to_act (seat to decide, or None),
        your_turn, legal (this seat's legal action texts when it is to decide, no
        stand-in bot plays it and its automatic decisions do not answer it, else empty),
        notes (the game's play notes, may be empty), observation (the kernel's
        ``observation(seat)``), log (``log_for(seat)`` from index ``log_from``: dicts with
        text and rule), log_from, log_total, render (``render(seat)`` text), returns and
        winners (when finished, else None), can_undo (this seat may take back its last
        action now, :meth:`undo`), undo_refused (why not, in words; None for a
        spectator or when it may) and undone_by (the seat whose undo made this version,
        so that the others can be told; None otherwise).
        """
        state = self.state
        player = state.current_player()
        # a decision the seat's automatic settings answer is not shown as the person's: the
        # bot task answers it at its next step (the view must not flash the question)
        mine = (seat is not None and player == seat and not self.ended
                and not self.rec.seats[seat].stand_in and self.auto_to_act(seat) is None)
        events = state.log_for(seat)
        start = min(max(log_from, 0), len(events))
        returns = state.returns() if player == TERMINAL else None
        refusal = ("spectator", None) if seat is None else self.undo_refusal(seat)
        return {
            **self.summary(), "seat": seat, "your_turn": mine,
            "legal": list(state.legal_texts()) if mine else [],
            "notes": getattr(state, "PLAY_NOTES", "") or "",
            "observation": state.observation(seat),
            "log": [e.as_dict() for e in events[start:]], "log_from": start, "log_total": len(events),
            "render": state.render(seat),
            "returns": returns,
            "winners": None if returns is None else [i for i, r in enumerate(returns) if r > 0],
            "can_undo": refusal is None,
            "undo_refused": None if refusal is None else refusal[1],
            "undone_by": self._undone[1] if self._undone is not None and self._undone[0] == self.version else None,
            "auto": self.auto_view(seat),
        }

    # ----- automatic decisions ----------------------------------------------------------
    def auto_view(self, seat: int | None) -> dict | None:
        """A person's own automatic decisions: {"settings": the game's (auto_settings),
        "values": this seat's}; None for a spectator, a bot's seat or a game without any."""
        settings = auto_settings(self.rec.game)
        if seat is None or not settings or self.rec.seats[seat].kind != "human":
            return None
        return {"settings": settings, "values": self.auto.get(seat) or check_auto(self.rec.game, {})}

    def auto_to_act(self, seat: int) -> str | None:
        """The action ``seat``'s automatic decisions take now (None: the person decides);
        cached per version."""
        values = self.auto.get(seat)
        if not values or seat in self.bots:
            return None
        cached = self._auto_cache
        if cached is None or cached[0] != self.version or cached[1] != seat:
            cached = self._auto_cache = (self.version, seat, auto_action(self.rec.game, self.state, seat, values))
        return cached[2]

    async def set_auto(self, seat: int | None, values: Any) -> None:
        """Set ``seat``'s automatic decisions (stored with the seats) and let them act at
        once if they answer the decision in front of it. Errors: 403 spectator, 409
        not_a_person (a bot's seat), 422 bad_auto (what is wrong and what is allowed)."""
        if seat is None:
            raise ApiError(403, "spectator", "spectators have no decisions to automate; send the token of your seat")
        if self.rec.seats[seat].kind != "human":
            raise ApiError(409, "not_a_person", f"seat {seat} is played by a bot")
        try:
            checked = check_auto(self.rec.game, values)
        except OptionError as exc:
            raise ApiError(422, "bad_auto", str(exc)) from exc
        async with self.lock:
            self.rec.seats[seat].auto = checked
            self.store.set_seats(self.id, self.rec.seats)
            self.auto[seat] = checked
            self._auto_cache = None
        self.start_bot()
        for sub in self.subscribers:
            sub.changed.set()

    # ----- acting ---------------------------------------------------------------------
    def check(self, seat: int | None, raw: Any, expected_version: int | None = None) -> str:
        """The canonical text of ``raw`` if ``seat`` may play it now; ApiError otherwise.

        Changes nothing. Errors: 403 spectator (no seat), 404 unknown_room (the room was
        deleted meanwhile), 409 game_over (finished, or ended by its creator), 409
        bot_plays (a stand-in bot plays the seat), 409 stale_version, 409 not_your_turn
        (no legal list: it is another seat's), 422 malformed (not text, empty or too
        long), 422 illegal_action (with the legal list).
        """
        if seat is None:
            raise ApiError(403, "spectator", "spectators cannot act; send the token of your seat")
        if self.closed:  # deleted while the action waited
            raise ApiError(404, "unknown_room", f"room {self.id} was deleted by its creator")
        state = self.state
        player = state.current_player()
        if player == TERMINAL:
            raise ApiError(409, "game_over", "the game is over; no action can be played", legal=[])
        if self.ended:
            raise ApiError(409, "game_over", "the room's creator ended this game; no action can be played",
                           legal=[])
        if self.rec.seats[seat].stand_in:
            raise ApiError(409, "bot_plays", f"a bot ({self.rec.seats[seat].stand_in}) plays seat {seat} for "
                           "you now; take the seat back first (POST /api/rooms/{room}/seat/{token}/return)")
        if expected_version is not None and expected_version != self.version:
            raise ApiError(409, "stale_version",
                           f"the game is at version {self.version}, not {expected_version}; "
                           "fetch the view again and choose from its legal actions", version=self.version)
        if player != seat:
            who = f"seat {player}" if player >= 0 else "nobody (a chance event)"
            raise ApiError(409, "not_your_turn", f"seat {seat} is not to act now; {who} is", to_act=player)
        legal = list(state.legal_texts())
        if not isinstance(raw, str) or not raw.strip() or len(raw) > MAX_ACTION_LENGTH:
            raise ApiError(422, "malformed", f"an action is a non-empty text of at most {MAX_ACTION_LENGTH} "
                           "characters in the game's notation", legal=legal)
        try:
            text = state.canonical_text(raw)
        except Exception:  # a game's spelling rules met text they cannot read
            text = None
        if text not in legal:
            shown = raw if len(raw) <= 60 else raw[:60] + "..."
            raise ApiError(422, "illegal_action", f"{shown!r} is not a legal action now; legal: "
                           + ", ".join(legal), legal=legal)
        return text

    async def act(self, seat: int | None, raw: Any, expected_version: int | None = None) -> None:
        """Check and apply one action of ``seat``, with the chance outcomes after it,
        store them, then notify. Raises ApiError (nothing changed) as :meth:`check`."""
        async with self.lock:
            text = self.check(seat, raw, expected_version)
            self._advance(Step(text, "decision", seat))
        self.seen[seat] = time.time()
        self.touch()
        self.changed()

    def _chance_rng(self, index: int) -> random.Random:
        # one generator per step position: the same seed gives the same outcomes, also
        # across restarts (the seed never leaves the server)
        return random.Random(f"{self.rec.seed}:{index}")

    def chance_steps(self, base: int | None = None) -> list[Step]:
        """Sample and apply every chance node from here to the next decision (or the
        end); the steps are returned, not stored. The k-th outcome is drawn with the
        generator of position ``base + k`` (default: the steps in the state now)."""
        state, steps = self.state, []
        if base is None:
            base = len(state.history())
        while state.current_player() == CHANCE:
            if len(steps) >= MAX_CHANCE_RUN:
                raise RuntimeError(f"more than {MAX_CHANCE_RUN} chance outcomes in a row")
            text = sample_chance(state, self._chance_rng(base + len(steps)))
            state.apply_action(text)
            steps.append(Step(text, "chance", None))
        return steps

    def _advance(self, first: Step) -> None:
        """Apply ``first`` and the chance steps after it; commit; keep the version.

        Synchronous on purpose: nothing else runs on the event loop between the apply
        and the commit, so no reader sees a change that is not stored yet.
        """
        start = len(self.state.history())
        before = self.state.clone() if first.seat is not None and first.seat not in self.bots else None
        self.state.apply_action(first.text, seat=first.seat)
        steps = [first]
        try:
            # the generators of chance are keyed by the steps stored before this change
            # (as before undo existed), so a seed replays the same games
            steps += self.chance_steps(start)
            returns = self.state.returns() if self.state.is_terminal() else None
            self.store.append_steps(self.id, start, steps, returns, **finish_facts(self.state))
        except Exception:
            log.exception("room %s: could not store step %d; going back to the stored state", self.id, start)
            self.state = self.store.rebuild(self.rec)
            raise ApiError(500, "storage_failed", "the action could not be stored; nothing changed")
        self.version += len(steps)
        self._before = (self.version, before) if before is not None and len(steps) == 1 else None

    # ----- undo -----------------------------------------------------------------------
    def undo_refusal(self, seat: int) -> tuple[str, str] | None:
        """Why ``seat`` may not take back its last action now, as ``(reason, sentence)``;
        None when it may. Reasons: ``game_over``, ``nothing_to_undo`` (no step of the
        game yet is a decision), ``chance_since`` (a die was rolled or a card drawn or
        revealed after it), ``other_seat_since`` (the last step is another seat's),
        ``shows_hidden`` (the action itself showed this seat something hidden, see
        :func:`shows_hidden`). Cached per version; changes nothing."""
        cache = self._undo_cache
        if cache is None or cache[0] != self.version:
            cache = self._undo_cache = (self.version, self.store.last_step(self.id), {})
        if seat not in cache[2]:
            cache[2][seat] = self._undo_refusal(seat, cache[1])
        return cache[2][seat]

    def _undo_refusal(self, seat: int, last: Step | None) -> tuple[str, str] | None:
        if self.finished or self.over:
            return "game_over", "the game is over: its actions stand"
        if self.rec.seats[seat].stand_in:
            return "bot_plays", (f"a bot ({self.rec.seats[seat].stand_in}) plays your seat for you: take your "
                                 "seat back first; its moves stand")
        if last is None or not self.store.has_decision(self.id, seat):
            return "nothing_to_undo", "nothing to undo: you have not acted yet"
        if last.kind == "chance":
            return "chance_since", ("the last step was chance (a die rolled, or a card drawn or revealed), not "
                                    "an action of yours; an action followed by chance stands, since what chance "
                                    "showed cannot be taken back")
        if last.seat != seat:
            who = self.seats_public()[last.seat]["label"] if last.seat is not None else "another seat"
            return "other_seat_since", (f"{who} has acted since; only your own last action "
                                        "can be taken back, and only before anything else happens")
        history = self.state.history()
        try:
            before = self._before[1] if self._before is not None and self._before[0] == self.version else None
            if before is None:
                before = self.state.game.replay(history[:-1])
                self._before = (self.version, before)
            shown = shows_hidden(before, history[-1], seat, self.state,
                                 random.Random(f"{self.rec.seed}:undo:{self.version}"))
        except Exception:  # a game's bug: no undo, but the views go on
            log.exception("room %s: could not check whether step %d can be taken back", self.id, len(history) - 1)
            shown = True
        if shown:
            return "shows_hidden", ("your last action showed you something that was hidden before it, so it "
                                    "stands")
        return None

    async def undo(self, seat: int | None, expected_version: int | None = None) -> None:
        """Take back the last action of ``seat``: its step is deleted from the store and
        the state rebuilt by replaying the record without it (never by reversing the
        live state), then subscribers are told, as after an action. The version goes up
        by one (one step fewer, one undo more: see the class doc). Allowed only when the last stored step is this seat's
        own decision and the game goes on; repeated, it goes back one more action each
        time, while that is again the seat's own last step.

        Errors (nothing changed): 403 spectator, 409 stale_version, 409 cannot_undo with
        ``reason`` (see :meth:`undo_refusal`) and the sentence, 500 storage_failed.
        """
        async with self.lock:
            if seat is None:
                raise ApiError(403, "spectator", "spectators cannot undo; send the token of your seat")
            if expected_version is not None and expected_version != self.version:
                raise ApiError(409, "stale_version",
                               f"the game is at version {self.version}, not {expected_version}; "
                               "fetch the view again to see whether your last action can still be taken back",
                               version=self.version)
            refusal = self.undo_refusal(seat)
            if refusal is not None:
                raise ApiError(409, "cannot_undo", f"your last action cannot be taken back: {refusal[1]}",
                               reason=refusal[0])
            position = len(self.state.history()) - 1
            try:
                self.store.remove_last_step(self.id, position)
            except Exception:
                log.exception("room %s: could not remove step %d for an undo", self.id, position)
                raise ApiError(500, "storage_failed", "the undo could not be stored; nothing changed")
            self.rec.undos += 1
            # the record without the step, replayed from the start: nothing of the live
            # state survives, so nothing it knew about hidden things can show
            self.state = self.store.rebuild(self.rec)
            self.version = len(self.state.history()) + 2 * self.rec.undos   # one more than before
            self._before = None
            self._undone = (self.version, seat)
            log.info("room %s: seat %d took back its last action (step %d)", self.id, seat, position)
        self.changed()

    # ----- notification and bots ------------------------------------------------------
    def changed(self) -> None:
        """Wake every subscriber and the bot whose turn it is (after a commit)."""
        for sub in self.subscribers:
            sub.changed.set()
        self.start_bot()

    def pace_delay(self) -> float:
        """Seconds a bot waits before each step: the slowest pace a connected player asked
        for (instant 0, normal the server's ``bot_delay``, slow 2.5 times it and at least
        1.5 s); the server's own when nobody asked. The players at the table decide: a
        watcher's pace counts only while no seated person is connected (a game of bots),
        so that anyone with the public link cannot slow the players' game."""
        delays = {"instant": 0.0, "normal": self.bot_delay, "slow": max(1.5, 2.5 * self.bot_delay)}
        seated = [s for s in self.subscribers if s.seat is not None]
        asked = [delays[s.pace] for s in (seated or self.subscribers) if s.pace in delays]
        return max(asked) if asked else self.bot_delay

    def subscribe(self, seat: int | None, pace: str | None = None) -> Subscriber:
        sub = Subscriber(seat, pace=pace)
        self.subscribers.add(sub)
        self.touch(force=True)
        self._presence(seat, came=True)
        return sub

    def unsubscribe(self, sub: Subscriber) -> None:
        self.subscribers.discard(sub)
        self.touch(force=True)
        self._presence(sub.seat, came=False)

    def _presence(self, seat: int | None, came: bool) -> None:
        """A seat's socket opened or closed: note when it was last here, and when it came
        or went (its first socket opened, its last closed) send the others the view again,
        so that everyone sees who is connected (a spectator's coming and going is not told)."""
        if seat is None or self.rec.seats[seat].kind != "human":
            return
        self.seen[seat] = time.time()
        if self.connected(seat) != (1 if came else 0):
            return   # another tab of the seat is (still) open: nothing to tell
        for sub in self.subscribers:
            if sub.seat != seat:
                sub.force = True
                sub.changed.set()

    TOUCH_EVERY = 60.0
    """Seconds between two writes of ``last_seen`` for actions (a socket's opening and
    closing always write it)."""

    def touch(self, force: bool = False) -> None:
        """Record in the store that someone is here now (``last_seen``; see
        ``Rooms.load``'s ``idle_days``). A failed write is logged, never raised."""
        now = time.time()
        if not force and now - self._touched < self.TOUCH_EVERY:
            return
        self._touched = now
        try:
            self.store.touch(self.id, now)
        except Exception as exc:  # a closed store at shutdown, a busy disk: the room plays on
            log.warning("room %s: could not record the last time someone was here: %s", self.id, exc)

    def bot_to_act(self) -> int | None:
        """The seat a bot, or a person's automatic decisions, must play now; else None."""
        if self.ended:
            return None
        player = self.state.current_player()
        if player < 0 or self.finished:
            return None
        return player if player in self.bots or self.auto_to_act(player) is not None else None

    def start_bot(self) -> None:
        """Start the bot task if a bot is to act and none is running (needs a running loop)."""
        if self.closed or self.bot_to_act() is None:
            return
        if self._bot_task is None or self._bot_task.done():
            self._bot_task = asyncio.get_running_loop().create_task(self._run_bots_safely(),
                                                                    name=f"bots-{self.id}")

    async def _run_bots_safely(self) -> None:
        while not self.closed:
            try:
                await self._run_bots()
                return
            except asyncio.CancelledError:
                raise
            except Exception:  # a bug: say so, and keep the room alive
                log.exception("room %s: the bots stopped on an error; trying again in 1 s", self.id)
                await asyncio.sleep(1.0)

    async def _run_bots(self) -> None:
        while not self.closed:
            seat = self.bot_to_act()
            if seat is None:
                return
            delay = self.pace_delay()
            if delay > 0:
                await asyncio.sleep(delay)
            else:
                await asyncio.sleep(0)  # let requests and other rooms run between bot steps
            if self.closed or self.bot_to_act() != seat:
                continue
            version = self.version
            agent = self.bots.get(seat)
            try:
                if agent is None:  # a person's automatic decision (auto_to_act)
                    choice = self.auto_to_act(seat)
                    if choice is None:
                        continue
                elif seat in self._threaded:  # a slow agent thinks in a thread: the server keeps answering
                    choice = await asyncio.to_thread(agent.step, self.state.clone())
                else:  # a quick one on the event loop (threads would make every request wait for the GIL)
                    started = time.perf_counter()
                    choice = agent.step(self.state.clone())
                    if time.perf_counter() - started > SLOW_AGENT_SECONDS:
                        self._threaded.add(seat)
                text = getattr(choice, "text", str(choice))
            except Exception:
                log.exception("room %s: bot of seat %d failed; it plays a random legal action", self.id, seat)
                text = None
            async with self.lock:
                # the game moved on, or the seat's bot changed (a person took the seat back)
                if self.closed or self.version != version or self.bots.get(seat) is not agent:
                    continue
                legal = self.state.legal_texts()
                if text not in legal:
                    if text is not None:
                        log.error("room %s: bot of seat %d chose %r, not legal; playing a random legal "
                                  "action", self.id, seat, text)
                    text = random.Random(f"{self.rec.seed}:bot:{version}").choice(legal)
                try:
                    self._advance(Step(text, "decision", seat))
                except ApiError:
                    await asyncio.sleep(1.0)  # storage trouble: retry later, do not spin
                    continue
            for sub in self.subscribers:
                sub.changed.set()

    # ----- the creator's management ---------------------------------------------------
    # The creator holds a secret of their own (its hash is rec.creator_hash): with it they
    # may end or delete the room, put a bot in an absent person's seat and give it back,
    # and re-issue a seat's link. docs/server.md, Managing a room.
    def check_creator(self, token: str | None) -> None:
        """ApiError 403 ``not_creator`` unless ``token`` is this room's creator token."""
        check_creator(self.rec, token)

    def check_seat(self, seat: Any) -> int:
        """``seat`` if it is a seat of this room, else ApiError 422 ``bad_seat``."""
        count = len(self.rec.seats)
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < count:
            raise ApiError(422, "bad_seat", f"room {self.id} has seats 0 to {count - 1}, not {seat!r}")
        return seat

    def connected(self, seat: int) -> int:
        """Open WebSockets of ``seat``."""
        return sum(1 for sub in self.subscribers if sub.seat == seat)

    def admin_view(self) -> dict:
        """What the creator sees: the room's summary, and per seat ``seat``, ``kind``,
        ``agent``, ``name``, ``connected``, ``stand_in`` (the bot playing a person's
        seat, or None) and ``can_stand_in`` (a bot may be put there now: a person's
        seat, no bot in it, nobody connected to it, the game going on)."""
        out = self.summary()
        for entry in out["seats"]:
            entry["can_stand_in"] = (not self.over and entry["kind"] == "human" and not entry["stand_in"]
                                     and not entry["connected"])
        return out

    def _store_seats(self) -> None:
        self.store.update_seats(self.id, self.rec.seats)

    async def stand_in(self, seat: int, spec: str | None) -> None:
        """Put a bot (agent ``spec``, default the game's) in the human seat ``seat``,
        whose person is not connected; it plays until the seat is given back.

        Errors: 422 ``bad_seat``, 422 ``bad_agent``; 409 ``game_over`` (finished or
        ended), ``seat_is_bot`` (a bot's seat from the start), ``bot_plays`` (a bot
        plays it already), ``seat_connected`` (its person is here: only an absent
        person's seat is taken)."""
        seat = self.check_seat(seat)
        async with self.lock:
            rec = self.rec.seats[seat]
            if self.over:
                raise ApiError(409, "game_over", "the game is over; its seats do not change any more")
            if rec.kind == "bot":
                raise ApiError(409, "seat_is_bot", f"seat {seat} is a bot's seat; a stand-in goes in a person's seat")
            if rec.stand_in:
                raise ApiError(409, "bot_plays", f"a bot ({rec.stand_in}) plays seat {seat} already; give the "
                               "seat back first to choose another")
            if self.connected(seat):
                raise ApiError(409, "seat_connected", f"the person of seat {seat} is connected; a bot may take "
                               "only the seat of a person who is away")
            spec = spec or default_agent(self.rec.game)
            try:
                check_policy_spec(spec)
                bot = make_agent(spec, self.rec.game)
                check_policy_game(bot, self.state.game)
            except (OptionError, TypeError, ValueError) as exc:
                raise ApiError(422, "bad_agent", f"seat {seat}: {exc}; agents for {self.rec.game}: "
                               + ", ".join(available_agents(self.rec.game))) from None
            check_bot_budget(bot, seat)
            rec.stand_in = spec
            try:
                self._store_seats()
            except Exception:
                rec.stand_in = None
                log.exception("room %s: could not store the stand-in of seat %d", self.id, seat)
                raise ApiError(500, "storage_failed", "the change could not be stored; nothing changed")
            self._seat_bot(seat, spec)
        self.version_bump()
        self.start_bot()

    async def give_back(self, seat: int) -> None:
        """Take the stand-in bot out of ``seat``: its person plays it again (with the
        same link). Errors: 422 ``bad_seat``; 409 ``not_held`` (no bot plays it for
        someone)."""
        seat = self.check_seat(seat)
        async with self.lock:
            rec = self.rec.seats[seat]
            if not rec.stand_in:
                raise ApiError(409, "not_held", f"no bot plays seat {seat} for someone; there is nothing to give "
                               "back")
            spec, rec.stand_in = rec.stand_in, None
            try:
                self._store_seats()
            except Exception:
                rec.stand_in = spec
                log.exception("room %s: could not store seat %d given back", self.id, seat)
                raise ApiError(500, "storage_failed", "the change could not be stored; nothing changed")
            self.bots.pop(seat, None)
            self._threaded.discard(seat)
        self.version_bump()

    def reissue(self, seat: int) -> str:
        """A new secret token for the person's seat ``seat`` (returned; only its hash is
        kept); the old link stops working at once and its open sockets are closed.
        Errors: 422 ``bad_seat``; 409 ``seat_is_bot`` (a bot's seat has no link)."""
        seat = self.check_seat(seat)
        rec = self.rec.seats[seat]
        if rec.kind != "human":
            raise ApiError(409, "seat_is_bot", f"seat {seat} is a bot's seat; it has no link")
        token, old = new_token(), rec.token_hash
        rec.token_hash = hash_token(token)
        try:
            self._store_seats()
        except Exception:
            rec.token_hash = old
            log.exception("room %s: could not store the new link of seat %d", self.id, seat)
            raise ApiError(500, "storage_failed", "the change could not be stored; nothing changed")
        self._token_seats = {s.token_hash: i for i, s in enumerate(self.rec.seats) if s.token_hash}
        self.revoke(ApiError(403, "bad_token", f"the link of seat {seat} was replaced by the room's creator; "
                             "ask them for the new one"), seat)
        return token

    async def end(self) -> None:
        """Stop the game before its end: the bots stop, nothing more can be played, the
        room leaves the list of rooms being played (status ``ended``; its steps stay and it
        can still be watched). Error: 409 ``game_over`` (finished or ended already)."""
        async with self.lock:
            if self.over:
                raise ApiError(409, "game_over", "the game is over already; there is nothing to end")
            try:
                self.store.end_game(self.id, ENDED_WORDS)
            except Exception:
                log.exception("room %s: could not store its end", self.id)
                raise ApiError(500, "storage_failed", "the change could not be stored; nothing changed")
            self.ended = True
            self.rec.status, self.rec.result = "ended", ENDED_WORDS
        task = self._bot_task
        if task is not None and not task.done():
            task.cancel()
        self.version_bump()

    def version_bump(self) -> None:
        """Wake the sockets so they send the view again (a change that adds no step)."""
        for sub in self.subscribers:
            sub.force = True
            sub.changed.set()

    def revoke(self, error: ApiError, seat: int | None | str = "all") -> None:
        """Close the sockets of ``seat`` (``"all"``: every one) with ``error``."""
        for sub in self.subscribers:
            if seat == "all" or sub.seat == seat:
                sub.revoked = error
                sub.changed.set()

    async def close(self) -> None:
        """Stop the bot task and wake subscribers (server shutdown)."""
        self.closed = True
        task = self._bot_task
        if task is not None and not task.done():
            task.cancel()
            try:
                await task
            except (asyncio.CancelledError, Exception):
                pass
        for sub in self.subscribers:
            sub.changed.set()


class Rooms:
    """Every room of a server, backed by one Store.

    Unfinished rooms live in memory; finished ones are read back from the store on
    demand (and kept). ``bot_delay``: seconds a bot waits before acting (0: at once).
    ``max_rooms_per_client`` and ``max_search_bots_per_client``: how many unfinished
    rooms, and search bots (``ismcts``) in them, one client address may have created
    since the server started (0: no limit); see :meth:`create`. ``resume_idle_days``:
    at start-up, rooms nobody was connected to for longer than this many days are not
    resumed (0: every one is); see :meth:`load`.
    """

    def __init__(self, store: Store, bot_delay: float = 0.6, max_rooms_per_client: int = 0,
                 max_search_bots_per_client: int = 0, resume_idle_days: float = 0):
        self.store = store
        self.bot_delay = bot_delay
        self.resume_idle_days = resume_idle_days
        self.max_rooms_per_client = max_rooms_per_client
        self.max_search_bots_per_client = max_search_bots_per_client
        self.rooms: dict[str, Room] = {}
        self.failed: dict[str, str] = {}

    def load(self) -> None:
        """Rebuild every unfinished stored game (call from the event loop; bots start).

        With ``resume_idle_days``, a game nobody was connected to (a WebSocket, or an
        action) for longer than that stays stopped: it is not in memory nor in the list of
        rooms being played, and its bots do not play; opening one of its links wakes it
        (see :meth:`get`)."""
        idle_before = time.time() - self.resume_idle_days * 86400 if self.resume_idle_days else None
        loaded, failed = self.store.load_unfinished(idle_before)
        for rec, state in loaded:
            try:
                room = Room(rec, state, self.store, self.bot_delay)
            except OptionError as exc:  # a bot spec this version does not know
                self.failed[rec.id] = str(exc)
                continue
            self.rooms[rec.id] = room
            self._settle(room)
        for rec, reason in failed:
            self.failed[rec.id] = reason
            log.error("game %s cannot be rebuilt and stays stopped: %s", rec.id, reason)
        for room in self.rooms.values():
            room.start_bot()

    @staticmethod
    def _settle(room: Room) -> None:
        """Sample and store the chance outcomes a room read back from the store still
        owes (the server stopped between a decision and its chance)."""
        if room.ended or room.state.current_player() != CHANCE:
            return
        start = len(room.state.history())
        steps = room.chance_steps(start)
        room.store.append_steps(room.id, start, steps, room.state.returns() if room.finished else None,
                                **finish_facts(room.state))
        room.version += len(steps)

    async def close(self) -> None:
        for room in list(self.rooms.values()):
            await room.close()

    def get(self, room_id: str) -> Room:
        """The room ``room_id``. Raises ApiError 404 if there is none."""
        room = self.rooms.get(room_id)
        if room is not None:
            return room
        rec = self.store.game(room_id) if len(room_id) <= 64 else None
        if rec is None:
            raise ApiError(404, "unknown_room", f"there is no room {room_id!r}; GET /api/rooms lists the open ones")
        if room_id in self.failed:
            raise ApiError(503, "room_unavailable", f"room {room_id} cannot be rebuilt by this server: "
                           + self.failed[room_id])
        room = Room(rec, self.store.rebuild(rec), self.store, self.bot_delay)
        self.rooms[room_id] = room
        self._trim()
        if not room.over:  # a room left idle at start-up (resume_idle_days) wakes up: its bots play again
            log.info("room %s: woken up after being idle", room_id)
            self._settle(room)
            try:
                room.start_bot()
            except RuntimeError:  # no running event loop (a synchronous caller): bots start at the next change
                pass
        return room

    async def delete(self, room_id: str) -> None:
        """Remove the room ``room_id`` from memory and the store: its bots stop, its
        sockets close (``unknown_room``), its links answer 404 from now on."""
        room = self.rooms.get(room_id)
        if room is not None:
            async with room.lock:  # not in the middle of storing an action
                self._delete_stored(room_id)
                room.closed = True
            self.rooms.pop(room_id, None)
        else:
            self._delete_stored(room_id)
        self.failed.pop(room_id, None)
        if room is not None:
            room.revoke(ApiError(404, "unknown_room", f"room {room_id} was deleted by its creator"))
            await room.close()

    def _delete_stored(self, room_id: str) -> None:
        try:
            self.store.delete_game(room_id)
        except Exception:
            log.exception("room %s: could not be deleted", room_id)
            raise ApiError(500, "storage_failed", "the room could not be deleted; nothing changed") from None

    def _trim(self) -> None:
        """Forget the oldest finished rooms nobody watches, past KEEP_FINISHED."""
        idle = [r for r in self.rooms.values() if r.over and not r.subscribers]
        for room in sorted(idle, key=lambda r: r.rec.created)[:max(0, len(idle) - KEEP_FINISHED)]:
            del self.rooms[room.id]

    def open_rooms(self) -> list[dict]:
        """Summaries of the unfinished rooms, newest first."""
        rooms = [r for r in self.rooms.values() if not r.over]
        return [r.listing() for r in sorted(rooms, key=lambda r: -r.rec.created)]

    def idle_rooms(self, limit: int = 200) -> list[GameRecord]:
        """The unfinished rooms left stopped at start-up (``resume_idle_days``) and not
        woken since, newest first: stored records, nothing rebuilt."""
        if not self.resume_idle_days:
            return []
        return [rec for rec in self.store.games("playing", limit=100_000)
                if rec.id not in self.rooms and rec.id not in self.failed][:limit]

    def check_client(self, client: str | None, search_bots: int) -> None:
        """ApiError 429 when the client at address ``client`` may not create one more room
        with ``search_bots`` search bots: it already has ``max_rooms_per_client``
        unfinished rooms (``too_many_rooms``), or they and the new one would hold more
        than ``max_search_bots_per_client`` search bots (``too_many_bots``). Finished
        rooms do not count. None (no address known): never refused."""
        if client is None:
            return
        mine = [r for r in self.rooms.values() if r.creator == client and not r.over]
        if self.max_rooms_per_client and len(mine) >= self.max_rooms_per_client:
            raise ApiError(429, "too_many_rooms", f"your address already has {len(mine)} unfinished rooms, the "
                           f"most this server allows per client ({self.max_rooms_per_client}; tokyo serve "
                           "--max-rooms-per-client); play one to the end first")
        busy = sum(1 for r in mine for s in r.rec.seats
                   if is_search_agent(s.agent if s.kind == "bot" else s.stand_in))
        if search_bots and self.max_search_bots_per_client and busy + search_bots > self.max_search_bots_per_client:
            raise ApiError(429, "too_many_bots", f"your address already has {busy} search bots (ismcts) in "
                           f"unfinished rooms and asks for {search_bots} more; this server allows "
                           f"{self.max_search_bots_per_client} per client (tokyo serve "
                           "--max-search-bots-per-client): choose random or heuristic bots, or finish a game")

    def create(self, game_id: Any, players: Any, options: Any, seats: list[dict] | None,
               seed: int | None = None, client: str | None = None) -> tuple[Room, list[str | None], str]:
        """Create and store a room; returns it with the secret token of each seat
        (None for bots) and the creator's secret token (see :meth:`Room.check_creator`).
        Call from the event loop (bots start at once).

        seats: one dict per seat ``{"kind": "human"|"bot", "agent": spec, "name": text}``;
        None: seat 0 human, the others the game's default bot. client: the address of
        the client asking (its rooms and search bots are limited, see
        :meth:`check_client`). Raises ApiError 422 (bad_game, bad_players, bad_option,
        bad_seats, bad_agent) naming what is allowed, and 429 (too_many_rooms,
        too_many_bots) when the client has too much running already.
        """
        if players is None and isinstance(game_id, str) and game_id in _GAMES:
            players = len(seats) if seats else game_info(game_id).default_players
        players, game = load_checked(game_id, players, options)
        # the game's seats: one per player, plus any the options add (crisis-format's
        # opponent=seat gives the opponent's choices to a last seat)
        count = game.num_players
        if seats is None:
            seats = [{"kind": "human"}] + [{"kind": "bot"}] * (count - 1)
        if len(seats) != count:
            extra = f", {count - players} more than the players with these options" if count != players else ""
            raise ApiError(422, "bad_seats", f"seats must list exactly {count} seats (one per seat of the "
                           f"game{extra}), not {len(seats)}")
        records, tokens = [], []
        for i, seat in enumerate(seats):
            kind = seat.get("kind")
            name = str(seat.get("name") or "")[:40]
            if kind == "human":
                token = new_token()
                tokens.append(token)
                records.append(SeatRecord("human", None, name, hash_token(token)))
            elif kind == "bot":
                spec = seat.get("agent") or default_agent(game_id)
                try:
                    check_policy_spec(spec)
                    bot = make_agent(spec, game_id)
                    check_policy_game(bot, game)
                except (OptionError, TypeError, ValueError) as exc:
                    raise ApiError(422, "bad_agent", f"seat {i}: {exc}; agents for {game_id}: "
                                   + ", ".join(available_agents(game_id))) from None
                check_bot_budget(bot, i)
                tokens.append(None)
                records.append(SeatRecord("bot", spec, name))
            else:
                raise ApiError(422, "bad_seats", f"seat {i}: kind must be 'human' or 'bot', not {kind!r}")
        self.check_client(client, sum(1 for r in records if r.kind == "bot" and is_search_agent(r.agent)))
        if seed is None:
            seed = secrets.randbits(62)
        creator_token = new_token()
        now = time.time()
        rec = GameRecord(new_room_id(), game_id, players, game.options_json(), records, seed, now,
                         creator_hash=hash_token(creator_token), last_seen=now)
        while rec.id in self.rooms or self.store.game(rec.id) is not None:
            rec.id = new_room_id()
        room = Room(rec, game.new_initial_state(), self.store, self.bot_delay)
        room.creator = client
        steps = room.chance_steps(0)
        self.store.create_game(rec, steps)
        room.version = len(steps)
        if room.finished:  # a game over during set-up (not for any game today)
            self.store.append_steps(rec.id, len(steps), [], room.state.returns(), **finish_facts(room.state))
        self.rooms[rec.id] = room
        self._trim()
        room.start_bot()
        return room, tokens, creator_token
