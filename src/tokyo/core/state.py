"""The kernel's State and Game contracts.

Vocabulary follows OpenSpiel: a state has a current player (a seat number, ``CHANCE``
or ``TERMINAL``), legal actions, chance outcomes with probabilities, returns, and a
per-seat observation. Actions are identified by their canonical text (the game's
notation, see docs/notation.md); :class:`Action` pairs that text with the seat that
takes it.

A game subclasses :class:`Game` and :class:`State` and implements the underscored
hooks. The base class does the checking: an action that is not legal, or one sent by
a seat that is not to act, raises :class:`IllegalActionError` and leaves the state as
it was.
"""

from __future__ import annotations

import json
import operator
from dataclasses import dataclass
import random
from typing import Any, ClassVar, Generic, Iterable, Iterator

from mypy_extensions import mypyc_attr
from typing_extensions import TypeVar

from .errors import IllegalActionError, StateFormatError
from .options import GameInfo, recorded_options
from .tensor import TensorWriter

CHANCE = -1
"""``current_player()`` at a chance node (OpenSpiel's kChancePlayerId)."""
TERMINAL = -4
"""``current_player()`` once the game is over (OpenSpiel's kTerminalPlayerId)."""
SAVE_FORMAT = 2
"""The format ``State.to_json`` writes (``state_from_json`` reads it and every older one)."""


@dataclass(frozen=True, slots=True)
class Action:
    """A legal move: ``player`` (seat, or CHANCE) and its canonical ``text``."""

    player: int
    text: str

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True, slots=True)
class Event:
    """One log entry: a sentence for people and the rule it applied.

    ``seats`` is None for a public event, or the tuple of seats that may see it.
    """

    text: str
    rule: str = ""
    seats: tuple[int, ...] | None = None

    def visible_to(self, seat: int | None) -> bool:
        return self.seats is None or (seat is not None and seat in self.seats)

    def as_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"text": self.text, "rule": self.rule}
        if self.seats is not None:
            out["seats"] = list(self.seats)
        return out


def turn_order_labels(first: int, players: int) -> list[str]:
    """For a game whose turns go up the seat numbers (wrapping round) from ``first``: each
    seat's place in the turn order as a record label, e.g. ``turn_order_labels(2, 4) ==
    ["3rd", "4th", "1st", "2nd"]`` (``GameRecord.extra["labels"]["turn order"]``)."""
    names = {1: "1st", 2: "2nd", 3: "3rd"}
    places = [(seat - first) % players + 1 for seat in range(players)]
    return [names.get(k, f"{k}th") for k in places]


GameT = TypeVar("GameT", bound="Game", default="Game", covariant=True)
"""The Game class a State class belongs to: ``class KotState(StepState[KotGame])`` types
``state.game`` as a KotGame (a bare ``State`` is a ``State[Game]``)."""


# a game package may subclass it without being compiled (the compiled build: setup.py)
def _as_int(value: object) -> int | None:
    """``value`` as an int if it is an integer of any type (numpy's too) but not a bool."""
    if isinstance(value, bool):
        return None
    try:
        return operator.index(value)  # type: ignore[arg-type]  # any object with __index__
    except TypeError:
        return None


@mypyc_attr(allow_interpreted_subclasses=True)
class State(Generic[GameT]):
    """Base class of every game state. See the module docstring for the contract.

    Subclasses implement: ``_current_player``, ``_legal_texts``, ``_chance_outcomes``,
    ``_apply`` (called only with a canonical legal text), ``_returns``, ``observation``,
    ``_to_data``/``_from_data`` (plain JSON-safe data) and ``clone``. They may override
    ``canonical_text`` to accept spelling variants of an action.
    """

    game: GameT
    _legal_next: list[str] | None = None
    """A game may set this during ``_apply`` to the legal texts of the new node (a cache)."""
    turn_count: int = 0
    """Turns started so far (games with turns keep it up to date; records report it)."""
    quiet: bool = False
    """Quiet mode (``set_quiet``): no log sentences are kept (simulations, rollouts)."""
    QUIET_OK: bool = True
    """Whether quiet mode leaves ``record_extra()`` whole. A game whose record extras are
    read from its log sets it False: ``play_game(log=False)`` then keeps the log."""
    _log_shared: bool = False

    def __init__(self, game: GameT):
        self.game = game
        self._history: list[str] = []
        self.log: list[Event] = []
        self._legal_cache: list[str] | None = None
        # the index map of the legal list it was built from, at that history length (a
        # mask and the next apply_index then share one map; any applied action ends it)
        self._index_for: list[str] | None = None
        self._index_at = -1
        self._index_cache: dict[int, str] | None = None

    # ----- to be implemented by games -------------------------------------------------
    def _current_player(self) -> int:
        raise NotImplementedError

    def _legal_texts(self) -> list[str]:
        raise NotImplementedError

    def _chance_outcomes(self) -> list[tuple[str, float]]:
        raise NotImplementedError

    def _apply(self, text: str) -> None:
        raise NotImplementedError

    def _returns(self) -> list[float]:
        raise NotImplementedError

    def observation(self, seat: int | None) -> dict[str, Any]:
        """JSON-safe dict of exactly what ``seat`` may know (None: a spectator)."""
        raise NotImplementedError

    def _to_data(self) -> dict[str, Any]:
        raise NotImplementedError

    def _from_data(self, data: dict[str, Any]) -> None:
        raise NotImplementedError

    def resample(self, seat: int, rng: random.Random) -> "State":
        """A full state consistent with what ``seat`` has observed, hidden parts redealt.

        The default is a clone, right for games without hidden information.
        """
        return self.clone()

    def render(self, seat: int | None = None) -> str:
        """A plain-text picture of the position as ``seat`` sees it (None: a spectator).

        Games override it; the default prints the observation as JSON."""
        return json.dumps(self.observation(seat), indent=1)

    def record_extra(self) -> dict[str, Any]:
        """Game facts for a game record (``GameRecord.extra``); JSON-safe.

        Generic keys that ``tokyo.sim`` reads (docs/architecture.md, Game records):
        ``win_by`` (text), ``labels`` ({kind: [label per seat]}), ``cards`` (per seat, the
        sorted unique card ids it used) and ``cards_verb`` ("bought" or "played")."""
        return {}

    def canonical_text(self, text: str) -> str:
        """The canonical spelling of an action text (default: whitespace collapsed)."""
        return " ".join(text.split())

    # ----- the public contract ------------------------------------------------------
    def current_player(self) -> int:
        return self._current_player()

    def is_chance_node(self) -> bool:
        return self._current_player() == CHANCE

    def is_terminal(self) -> bool:
        return self._current_player() == TERMINAL

    def legal_texts(self) -> list[str]:
        """Canonical texts of the legal actions (chance outcomes at a chance node)."""
        if self._legal_cache is None:
            player = self._current_player()
            if player == TERMINAL:
                self._legal_cache = []
            elif player == CHANCE:
                self._legal_cache = [t for t, _ in self._chance_outcomes()]
            else:
                self._legal_cache = self._legal_texts()
        return self._legal_cache

    def legal_actions(self) -> list[Action]:
        """The legal actions of the player to act; at a chance node, the outcomes."""
        player = self._current_player()
        return [Action(player, t) for t in self.legal_texts()]

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        """(outcome, probability) pairs at a chance node; empty elsewhere."""
        if self._current_player() != CHANCE:
            return []
        return [(Action(CHANCE, t), p) for t, p in self._chance_outcomes()]

    def apply_action(self, action: Action | str | object, seat: int | None = None) -> None:
        """Apply a legal action given as an :class:`Action` or as its text (anything else
        is refused with IllegalActionError, as an illegal action is).

        ``seat`` (optional) is the seat sending the action; an Action carries its own.
        Raises IllegalActionError (state unchanged) when the game is over, the sender is
        not the player to act, or the action is not among the legal ones.
        """
        player = self._current_player()
        sender: int | None
        if isinstance(action, Action):
            sender, raw = action.player, action.text
        elif isinstance(action, str):
            sender, raw = seat, action
        else:
            raise IllegalActionError(f"an action must be an Action or its text, not {type(action).__name__}",
                                     str(action), self.legal_texts(), seat)
        if seat is not None and sender != seat:
            raise IllegalActionError(f"action belongs to seat {sender}, sent by seat {seat}", raw,
                                     self.legal_texts(), seat)
        if player == TERMINAL:
            raise IllegalActionError(f"the game is over; {raw!r} cannot be played", raw, [], sender)
        if sender is not None and sender != player:
            who = "chance" if player == CHANCE else f"seat {player}"
            raise IllegalActionError(
                f"seat {sender} is not to act; {who} is. Legal now: " + ", ".join(self.legal_texts()),
                raw, self.legal_texts(), sender)
        if not isinstance(raw, str):
            raise IllegalActionError(f"an action's text must be a string, not {type(raw).__name__}",
                                     str(raw), self.legal_texts(), sender)
        text = self.canonical_text(raw)
        legal = self.legal_texts()
        if text not in legal:
            raise IllegalActionError(f"{raw!r} is not legal now. Legal: " + ", ".join(legal), raw, legal, sender)
        self._apply_legal(text)

    def _apply_legal(self, text: str) -> None:
        """Apply an action already known to be canonical and legal (fast path)."""
        self._forget_legal()
        self._history.append(text)
        self._apply(text)
        self._legal_cache, self._legal_next = self._legal_next, None

    def _forget_legal(self) -> None:
        # a method, not two assignments in _apply_legal: there mypy would take
        # ``_legal_next`` to stay None through ``_apply`` (narrowing), and the compiled
        # engine (mypyc) would check that at run time
        self._legal_cache = None
        self._legal_next = None

    # ----- action indices and observation tensors (docs/notation.md, "Action indices") --
    def legal_action_indices(self) -> list[int]:
        """The indices of the legal actions, ascending: decision indices in
        ``range(game.num_distinct_actions())``, or at a chance node outcome indices in
        ``range(game.max_chance_outcomes())``; empty once the game is over.

        Raises NotImplementedError for a game without an action index space."""
        return sorted(self._index_map())

    def legal_action_mask(self) -> list[int]:
        """1 at the index of every legal action and 0 elsewhere: a list of length
        ``game.num_distinct_actions()`` (``game.max_chance_outcomes()`` at a chance node).
        Raises NotImplementedError for a game without an action index space."""
        size = self.game.max_chance_outcomes() if self.is_chance_node() else self.game.num_distinct_actions()
        mask = [0] * size
        for i in self._index_map():
            mask[i] = 1
        return mask

    def action_to_index(self, action: Action | str | object) -> int:
        """The index of a legal action (an Action or its text, any accepted spelling).

        Raises IllegalActionError when it is not legal here."""
        raw = action.text if isinstance(action, Action) else action
        if not isinstance(raw, str):
            raise IllegalActionError(f"an action must be an Action or its text, not {type(raw).__name__}",
                                     str(raw), self.legal_texts(), None)
        text = self.canonical_text(raw)
        legal = self.legal_texts()
        if text not in legal:
            raise IllegalActionError(f"{raw!r} is not legal now. Legal: " + ", ".join(legal), raw, legal, None)
        return self._index_of(text)

    def index_to_action(self, index: int | object) -> str:
        """The canonical text of the legal action with this index (an int, or any integer
        type such as numpy's).

        Raises IllegalActionError when no legal action has it (the legal indices are
        named in the message)."""
        i = _as_int(index)
        found = None if i is None else self._index_map().get(i)
        if found is None:
            if self.is_terminal():
                raise IllegalActionError(f"the game is over: no action has an index (given {index!r})",
                                         str(index), [], None)
            raise IllegalActionError(f"no legal action has index {index!r} now. Legal indices: "
                                     + ", ".join(map(str, self.legal_action_indices())), str(index),
                                     self.legal_texts(), None)
        return found

    def apply_index(self, index: int | object, seat: int | None = None) -> None:
        """Apply the legal action with this index (see :meth:`apply_action`).

        Raises IllegalActionError (state unchanged) for an index no legal action has, or a
        ``seat`` that is not to act."""
        self.apply_action(self.index_to_action(index), seat)

    def observation_tensor(self, seat: int | object) -> list[float]:
        """``seat``'s observation as a flat list of ``game.observation_tensor_size()``
        floats, laid out in the pieces of ``game.observation_pieces()``. Built only from
        ``observation(seat)``, so it holds nothing the seat may not know.

        Raises NotImplementedError for a game without an observation tensor, ValueError
        for a seat that is not in the game."""
        index = self._tensor_seat(seat)
        return self.game.observation_tensor_from(self._tensor_observation(index), index)

    def observation_entries(self, seat: int | object) -> dict[int, float]:
        """The same tensor as :meth:`observation_tensor`, given as its entries that are not
        zero: {index: value}. Far cheaper to turn into an array for a long tensor
        (``a = np.zeros(size); a[list(e)] = list(e.values())``). Same errors."""
        index = self._tensor_seat(seat)
        return self.game.observation_entries_from(self._tensor_observation(index), index)

    def _tensor_seat(self, seat: int | object) -> int:
        n = self.game.num_players
        index = _as_int(seat)
        if index is None or not 0 <= index < n:
            raise ValueError(f"seat must be one of 0..{n - 1}, not {seat!r}")
        return index

    def _tensor_observation(self, seat: int) -> dict[str, Any]:
        """The observation the tensor is built from: ``observation(seat)``. A game may leave
        out parts made only for clients, which no tensor reads (never add to it)."""
        return self.observation(seat)

    def _index_of(self, text: str) -> int:
        if self.is_chance_node():
            return self.game.chance_index(self, text)
        return self.game.action_index(self, text)

    def _index_map(self) -> dict[int, str]:
        """{index: text} of the legal actions (checks that no two share an index); built
        once per legal list (do not change the dict returned)."""
        legal = self.legal_texts()
        cached = self._index_cache
        if legal is self._index_for and cached is not None and self._index_at == len(self._history):
            return cached
        out: dict[int, str] = {}
        for text in legal:
            i = self._index_of(text)
            if i in out:
                raise RuntimeError(f"{self.game.game_id}: legal actions {out[i]!r} and {text!r} share index {i} "
                                   "(a defect of the game's action encoding)")
            out[i] = text
        self._index_for, self._index_cache, self._index_at = legal, out, len(self._history)
        return out

    def returns(self) -> list[float]:
        """One float per seat: 1.0 for each winner, 0.0 otherwise (all 0.0 if all lost).

        Before the end of the game every entry is 0.0.
        """
        if self._current_player() != TERMINAL:
            return [0.0] * self.game.num_players
        return self._returns()

    def history(self) -> list[str]:
        """Canonical texts of every action and chance outcome applied, in order."""
        return list(self._history)

    def add_event(self, event: Event) -> None:
        """Append ``event`` to the log (nothing in quiet mode). A clone shares its
        original's log until either adds to it; the one that adds copies it first."""
        if self.quiet:
            return
        if self._log_shared:
            self.log = list(self.log)
            self._log_shared = False
        self.log.append(event)

    def set_quiet(self, quiet: bool = True) -> None:
        """Quiet mode on (or off): the log keeps no new sentences, and building them is
        skipped where the game can. For simulations and search rollouts, where nobody reads
        the log; the record (history) is the same, so the log of any game can be rebuilt by
        replaying it. Clones of a quiet state are quiet."""
        self.quiet = quiet

    def log_for(self, seat: int | None) -> list[Event]:
        """The log as ``seat`` may see it (None: the public part only)."""
        return [e for e in self.log if e.visible_to(seat)]

    def to_json(self) -> str:
        """The whole state as a JSON text (readable by ``game.state_from_json``).

        The saved form (format 2): ``{"format": 2, "game", "players", "options",
        "history", "log", "state"}`` where ``history`` is the action texts in one string,
        one per line (action texts never hold a line break), ``log`` the log's events and
        ``state`` the game's own data. Format 1 (no ``format`` key) had the history as a
        list of texts; it is still read. Keys come in the order the game writes them (not
        sorted: sorting cost a fifth of the time), the same for a clone and for a state
        read back, so equal texts still mean equal states."""
        data = {"format": SAVE_FORMAT, "game": self.game.game_id, "players": self.game.players,
                "options": self.game.options_json(), "history": "\n".join(self._history),
                "log": [e.as_dict() for e in self.log], "state": self._to_data()}
        return json.dumps(data, separators=(",", ":"))

    def clone(self) -> "State":
        raise NotImplementedError

    def _copy_base_into(self, other: "State") -> None:
        other._history = list(self._history)
        other.log = self.log  # shared until one of them adds to it (add_event)
        self._log_shared = other._log_shared = True
        other.quiet = self.quiet
        other._legal_cache = None
        other._index_for = None

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, State) or other.game != self.game:
            return NotImplemented
        return self._history == other._history and self._to_data() == other._to_data()

    def __hash__(self) -> int:  # states are mutable
        raise TypeError("State is mutable and cannot be hashed")

    # copy and pickle go through clone() and the saved form, so they work the same on the
    # compiled engine (whose classes have no default copy or pickle protocol)
    def __copy__(self) -> "State":
        return self.clone()

    def __deepcopy__(self, memo: dict[int, Any]) -> "State":
        return self.clone()

    def __reduce__(self) -> tuple[Any, ...]:
        return (_unpickle_state, (self.game, self.to_json(), self.quiet))

    def __str__(self) -> str:
        return json.dumps(self.observation(None), indent=1)


@mypyc_attr(allow_interpreted_subclasses=True)
class Game:
    """A game with its player count and options fixed. Immutable.

    Subclasses set ``info`` (a GameInfo) and implement ``new_initial_state`` and
    ``_new_blank_state`` (a state to be filled by ``_from_data``).
    """

    info: ClassVar[GameInfo]

    def __init__(self, num_players: int, options: dict[str, Any]):
        # ``num_players`` is the number of seats; ``players`` the player count the game was
        # loaded with (load_game's ``players``, a record's ``players``). They differ only
        # where a game adds a seat that is not a player (the Crisis Format's opponent
        # seat, storyline 22.2.5), which the subclass adds after this.
        self.num_players = num_players
        self.players = num_players
        self.options = dict(options)
        self._tensor_size = -1  # observation_tensor_size, once known

    @property
    def game_id(self) -> str:
        return self.info.game_id

    def options_json(self) -> dict[str, Any]:
        return {k: list(v) if isinstance(v, tuple) else v for k, v in self.options.items()}

    def new_initial_state(self) -> State:
        raise NotImplementedError

    def seat_roles(self) -> list[str]:
        """What each seat is, in words, for people choosing seats: "player" for every seat
        of most games; a seat a game adds names its role (the Crisis Format's "opponent")."""
        return ["player"] * self.num_players

    # ----- action indices and observation tensors: games implement these --------------
    def num_distinct_actions(self) -> int:
        """How many decision action indices this game (player count and options fixed) has:
        every decision of every state maps to one index below it (OpenSpiel's
        ``num_distinct_actions``; the encoding is in docs/notation.md)."""
        raise NotImplementedError(f"{self.game_id} has no action index space")

    def max_chance_outcomes(self) -> int:
        """How many chance outcome indices this game has (OpenSpiel's ``max_chance_outcomes``)."""
        raise NotImplementedError(f"{self.game_id} has no chance outcome index space")

    def action_index(self, state: State, text: str) -> int:
        """The index of ``text``, a canonical legal decision of ``state``. The same index
        may mean different actions in different states (a card by its hand position),
        never two legal actions of one state."""
        raise NotImplementedError(f"{self.game_id} has no action index space")

    def chance_index(self, state: State, text: str) -> int:
        """The index of ``text``, a chance outcome of ``state``."""
        raise NotImplementedError(f"{self.game_id} has no chance outcome index space")

    def observation_pieces(self) -> list[tuple[str, tuple[int, ...]]]:
        """The named pieces of the observation tensor, in order: (name, shape)."""
        raise NotImplementedError(f"{self.game_id} has no observation tensor")

    def observation_tensor_size(self) -> int:
        """The length of ``observation_tensor``: the sum of the pieces' sizes."""
        if self._tensor_size >= 0:
            return self._tensor_size
        size = 0
        for _, shape in self.observation_pieces():
            n = 1
            for d in shape:
                n *= d
            size += n
        self._tensor_size = size
        return size

    def observation_tensor_from(self, observation: dict[str, Any], seat: int) -> list[float]:
        """The tensor of an observation dict (``state.observation(seat)``): a list of
        ``observation_tensor_size()`` floats."""
        return self.observation_writer(observation, seat).dense()

    def observation_entries_from(self, observation: dict[str, Any], seat: int) -> dict[int, float]:
        """The entries of that tensor that are not zero, {index: value}."""
        return self.observation_writer(observation, seat).entries

    def observation_writer(self, observation: dict[str, Any], seat: int) -> TensorWriter:
        """A :class:`TensorWriter` holding the tensor of an observation dict, checked
        (raises TensorSizeError if the encoding did not fill exactly its pieces)."""
        writer = TensorWriter(self.observation_tensor_size())
        self.write_observation_tensor(observation, seat, writer)
        writer.check(self.game_id, self.TENSOR_IN_SEQUENCE)
        return writer

    TENSOR_IN_SEQUENCE: ClassVar[bool] = True
    """Whether the encoding writes its tensor in sequence, piece after piece (the writer's
    cursor must then end at the tensor's size); False for one that writes at offsets."""

    def write_observation_tensor(self, observation: dict[str, Any], seat: int, writer: TensorWriter) -> None:
        """Write the tensor of an observation dict into ``writer`` (games with a tensor
        implement it; docs/notation.md)."""
        raise NotImplementedError(f"{self.game_id} has no observation tensor")

    @classmethod
    def catalogue(cls) -> list[dict[str, Any]]:
        """Every card, tile or other component with text, for ``tokyo cards`` (default none)."""
        return []

    def _new_blank_state(self) -> State:
        raise NotImplementedError

    def state_from_json(self, text: str | bytes | object) -> State:
        """Rebuild a state saved by ``State.to_json`` (text, or its UTF-8 bytes).

        Raises StateFormatError if it is not text, not JSON, belongs to another game or
        player count, or its state part cannot be read.
        """
        if not isinstance(text, (str, bytes, bytearray)):
            raise StateFormatError(f"not a saved state: a JSON text is needed, not {type(text).__name__}")
        try:
            data = json.loads(text)
        except (TypeError, ValueError) as exc:
            raise StateFormatError(f"not a saved state: {exc}") from None
        if not isinstance(data, dict) or "state" not in data:
            raise StateFormatError("not a saved state: no 'state' field")
        if data.get("game") != self.game_id or data.get("players") != self.players:
            raise StateFormatError(
                f"saved state is for {data.get('game')!r} with {data.get('players')} players, "
                f"not {self.game_id!r} with {self.players}")
        saved = data.get("options", {})
        if not isinstance(saved, dict):
            raise StateFormatError("saved state is corrupt: 'options' must be an object")
        mine = self.options_json()
        # an option the save does not name was added since it was made: the game was
        # played as its legacy value plays it (as for records), else as its default
        played = recorded_options(self.info, saved)
        for option in self.info.options:
            played.setdefault(option.name, option.default)
        played = {k: list(v) if isinstance(v, tuple) else v for k, v in played.items()}
        differ = sorted(k for k in played if mine.get(k, object()) != played[k])
        if differ:
            shown = ", ".join(f"{k}={played[k]!r} (this game: {mine.get(k, 'no such option')!r})" for k in differ)
            raise StateFormatError(f"saved state was played with other options: {shown}; load the game with "
                                   f"the saved options (tokyo.load_game({self.game_id!r}, {self.players}, ...))")
        version = data.get("format", 1)
        if not isinstance(version, int) or isinstance(version, bool) or version < 1:
            raise StateFormatError(f"not a saved state: format {version!r} (1 or {SAVE_FORMAT} are read)")
        if version > SAVE_FORMAT:
            raise StateFormatError(f"saved state has format {version}, written by a newer tokyo-engine; "
                                   f"this one reads formats 1 to {SAVE_FORMAT}")
        history = data.get("history", [])
        if isinstance(history, str):
            history = history.split("\n") if history else []
        elif not isinstance(history, list):
            raise StateFormatError("saved state is corrupt: 'history' must be a text (one action a line) "
                                   f"or a list of texts, not {type(history).__name__}")
        state = self._new_blank_state()
        try:
            state._from_data(data["state"])
            state._history = [str(h) for h in history]
            state.log = [Event(e["text"], e.get("rule", ""),
                               tuple(e["seats"]) if e.get("seats") is not None else None)
                         for e in data.get("log", [])]
        except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
            raise StateFormatError(f"saved state is corrupt: {exc!r}") from None
        return state

    def replay(self, history: Iterable[str]) -> State:
        """A new initial state with every action of ``history`` applied (checked).

        A history recorded before the game stopped asking some questions (options with a
        ``legacy`` value, such as ``ask_always``) holds the answers to them. When a text of
        ``history`` is not legal, the history is replayed once more on :meth:`legacy`, the
        game as it was played before those options existed, then on each game that sets
        only some of them to their legacy values (:meth:`legacy_variants`: a record made
        between two such options names the older one); the state returned is then that
        game's (``state.game``). If each of them fails too, the first error is raised."""
        history = list(history)
        try:
            return self._replay(history)
        except IllegalActionError as first:
            for older in self._legacy_games():
                try:
                    return older._replay(history)
                except IllegalActionError:
                    continue
            raise first from None

    def _replay(self, history: list[str]) -> State:
        state = self.new_initial_state()
        for text in history:
            state.apply_action(text)
        return state

    def legacy(self) -> "Game | None":
        """This game with every option that has a ``legacy`` value set to that value (the
        game as played before those options existed); None when no option changes."""
        return next(self._legacy_games(), None)

    def legacy_variants(self) -> list["Game"]:
        """The games an old history of this game may have been played on: first
        :meth:`legacy` (every option with a ``legacy`` value set to it), then each game
        that sets only some of them, fewest first. Records name every option the game had
        when they were made, so a record lacks exactly the options added after it; the
        game alone cannot tell which. Empty when no option changes."""
        return list(self._legacy_games())

    def _legacy_games(self) -> Iterator["Game"]:
        """:meth:`legacy_variants` one game at a time, each built only when asked for (a
        replay usually needs the first, or none)."""
        from itertools import combinations

        from .registry import load_game
        changes = {o.name: o.legacy for o in self.info.options
                   if o.legacy is not None and self.options.get(o.name) != o.legacy}
        names = list(changes)
        sets = [tuple(names)] if names else []
        sets += [c for k in range(1, len(names)) for c in combinations(names, k)]
        for c in sets:
            yield load_game(self.game_id, self.players, **{**self.options_json(), **{n: changes[n] for n in c}})

    def __reduce__(self) -> tuple[Any, ...]:
        from .registry import _unpickle_game
        return (_unpickle_game, (self.game_id, self.players, self.options_json()))

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Game) and other.game_id == self.game_id
                and other.num_players == self.num_players and other.options == self.options)

    def __hash__(self) -> int:
        return hash((self.game_id, self.num_players))

    def __repr__(self) -> str:
        return f"load_game({self.game_id!r}, players={self.players}, **{self.options_json()!r})"


def _unpickle_state(game: Game, text: str, quiet: bool) -> State:
    """``pickle`` of a State (``State.__reduce__``): rebuilt from its saved form."""
    state = game.state_from_json(text)
    state.set_quiet(quiet)
    return state
