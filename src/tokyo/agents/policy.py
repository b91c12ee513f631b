"""A trained policy network as an agent: ``make_agent("policy:PATH", game_id=...)``.

The network is a plain multi-layer perceptron stored in one ``.npz`` file: the arrays
``w0, b0, w1, b1, ...`` (``w`` of shape ``(inputs, outputs)``) and ``header``, a JSON text::

    {"format": "tokyo-policy", "version": 1, "game": "kot-dark", "players": 2,
     "options": {...}, "observation_size": 809, "num_actions": 645,
     "layers": [[809, 128], [128, 128], [128, 645]], "activation": "tanh",
     "dtype": "float16", "info": {...}}

The input is the seat's observation tensor (docs/notation.md), the output one score
(logit) per action index; the hidden layers use ``activation``, the last layer none. The
agent plays the legal action with the highest score (ties: the lowest index), so it is
deterministic, needs only numpy, and never plays an illegal action. Files are written by
:func:`save_policy` (examples/train_kot_ppo.py exports a MaskablePPO network with it).

``PATH`` is a file path, or the name of a policy that ships with the package
(:data:`BUNDLED`, files in ``tokyo/agents/data``): ``policy:kot-dark-2p``.
"""

from __future__ import annotations

import json
import os
import zipfile
from pathlib import Path
from typing import Any, Sequence

from ..core.errors import OptionError
from ..core.tensor import observation_array
from .base import Agent

FORMAT = "tokyo-policy"
VERSION = 1
ACTIVATIONS = ("tanh", "relu")
DATA_DIR = Path(__file__).with_name("data")
BUNDLED = {"kot-dark-2p": "kot_dark_2p.npz"}
"""Policies shipped with the package: name -> file in ``tokyo/agents/data``."""


class PolicyFileError(OptionError):
    """A policy file that is missing, unreadable, corrupt, or made for another game."""


def bundled_policies(game_id: str | None = None, players: int | None = None) -> list[str]:
    """Names of the shipped policies (for ``game_id`` and ``players`` when given), read from
    their headers; a file that cannot be read is left out."""
    names = []
    for name in BUNDLED:
        try:
            header = read_header(resolve_path(name))
        except PolicyFileError:
            continue
        if (game_id is None or header["game"] == game_id) and (players is None or header["players"] == players):
            names.append(name)
    return names


def resolve_path(path: str) -> Path:
    """The file of ``path``: a bundled policy's name, or a path as given."""
    if path in BUNDLED:
        return DATA_DIR / BUNDLED[path]
    return Path(path).expanduser()


def save_policy(path: str | os.PathLike[str], game_id: str, players: int, options: dict[str, Any],
                layers: Sequence[tuple[Any, Any]], activation: str = "tanh", dtype: str = "float32",
                info: dict[str, Any] | None = None) -> None:
    """Write a policy file: ``layers`` is a list of ``(weight, bias)`` with weight of shape
    ``(inputs, outputs)``; the first layer's inputs are the observation size, the last
    layer's outputs the number of action indices. ``options`` are the game's options (its
    ``options_json()`` is best: the agent refuses a game whose options differ)."""
    import numpy as np
    if activation not in ACTIVATIONS:
        raise ValueError(f"activation must be one of {', '.join(ACTIVATIONS)}, not {activation!r}")
    if dtype not in ("float16", "float32"):
        raise ValueError(f"dtype must be float16 or float32, not {dtype!r}")
    if not layers:
        raise ValueError("a policy needs at least one layer")
    arrays: dict[str, Any] = {}
    shapes: list[list[int]] = []
    for i, (w, b) in enumerate(layers):
        w = np.asarray(w, dtype=np.float32)
        b = np.asarray(b, dtype=np.float32)
        if w.ndim != 2 or b.shape != (w.shape[1],):
            raise ValueError(f"layer {i}: weight must be (inputs, outputs) and bias (outputs,), "
                             f"got {w.shape} and {b.shape}")
        if shapes and shapes[-1][1] != w.shape[0]:
            raise ValueError(f"layer {i} takes {w.shape[0]} inputs but layer {i - 1} gives {shapes[-1][1]}")
        shapes.append([int(w.shape[0]), int(w.shape[1])])
        arrays[f"w{i}"] = w.astype(dtype)
        arrays[f"b{i}"] = b.astype(dtype)
    header = {"format": FORMAT, "version": VERSION, "game": game_id, "players": int(players),
              "options": dict(options), "observation_size": shapes[0][0], "num_actions": shapes[-1][1],
              "layers": shapes, "activation": activation, "dtype": dtype, "info": dict(info or {})}
    with open(path, "wb") as f:
        np.savez_compressed(f, header=np.array(json.dumps(header, sort_keys=True)), **arrays)


def read_header(path: Path) -> dict[str, Any]:
    return _load(path)[0]


_CACHE: dict[tuple[str, float, int], tuple[dict[str, Any], list[tuple[Any, Any]]]] = {}


def _load(path: Path) -> tuple[dict[str, Any], list[tuple[Any, Any]]]:
    """``(header, [(weight, bias), ...])`` of a policy file as float32 arrays (cached by
    path, modification time and size), or PolicyFileError saying what is wrong."""
    import numpy as np
    try:
        st = path.stat()
    except OSError as exc:
        known = f" (shipped policies: {', '.join(BUNDLED)})" if BUNDLED else ""
        raise PolicyFileError(f"policy file {str(path)!r} cannot be read: {exc.strerror or exc}{known}") from None
    key = (str(path.resolve()), st.st_mtime, st.st_size)
    if key in _CACHE:
        return _CACHE[key]
    where = f"policy file {str(path)!r}"
    try:
        with np.load(path, allow_pickle=False) as data:
            files = {name: data[name] for name in data.files}
    except (OSError, ValueError, zipfile.BadZipFile, EOFError) as exc:
        # numpy reads a file that is not a zip archive as a pickle, which it refuses: its
        # message would then suggest loading the file unsafely, so it is not passed on
        why = "not a zip archive of arrays" if "pickle" in str(exc) else str(exc)
        raise PolicyFileError(f"{where} is not a policy (.npz) file ({why})") from None
    try:
        header = json.loads(str(files["header"][()]))
        if not isinstance(header, dict) or header.get("format") != FORMAT:
            raise ValueError(f"its header is not a {FORMAT} header")
        if header.get("version") != VERSION:
            raise ValueError(f"format version {header.get('version')!r}; this engine reads version {VERSION}")
        if header.get("activation") not in ACTIVATIONS:
            raise ValueError(f"unknown activation {header.get('activation')!r}")
        for field, kind in (("game", str), ("players", int), ("observation_size", int),
                            ("num_actions", int), ("layers", list), ("options", dict)):
            if not isinstance(header.get(field), kind):
                raise ValueError(f"header field {field!r} is missing or not a {kind.__name__}")
        layers = []
        width = header["observation_size"]
        for i, shape in enumerate(header["layers"]):
            w = np.asarray(files[f"w{i}"], dtype=np.float32)
            b = np.asarray(files[f"b{i}"], dtype=np.float32)
            if list(w.shape) != list(shape) or b.shape != (w.shape[1],) or w.shape[0] != width:
                raise ValueError(f"layer {i} has shapes {w.shape} and {b.shape}, the header says {shape}")
            if not (np.isfinite(w).all() and np.isfinite(b).all()):
                raise ValueError(f"layer {i} holds values that are not finite")
            layers.append((w, b))
            width = w.shape[1]
        if not layers or width != header["num_actions"]:
            raise ValueError(f"the last layer gives {width} outputs, the header says {header['num_actions']} actions")
    except KeyError as exc:
        raise PolicyFileError(f"{where} is corrupt: array {exc} is missing") from None
    except (ValueError, TypeError) as exc:
        raise PolicyFileError(f"{where} is corrupt: {exc}") from None
    _CACHE[key] = (header, layers)
    return header, layers


def forward(layers: Sequence[tuple[Any, Any]], activation: str, x: Any) -> Any:
    """The network's output (logits) for the observation ``x`` (numpy)."""
    import numpy as np
    act = np.tanh if activation == "tanh" else (lambda v: np.maximum(v, 0.0))
    for i, (w, b) in enumerate(layers):
        x = x @ w + b
        if i < len(layers) - 1:
            x = act(x)
    return x


def _label(name: str) -> str:
    try:
        h = read_header(resolve_path(name))
    except PolicyFileError:
        return "unreadable"
    return f"{h['game']}, {h['players']} players"


def _pairs(options: dict[str, Any], keys: list[str]) -> str:
    return ", ".join(f"{k}={options.get(k)!r}" for k in keys)


class PolicyAgent(Agent[Any]):
    """Plays the most probable legal action of a policy network (see the module docstring).

    Spec: ``policy:PATH`` (a ``.npz`` file or a shipped policy's name)."""

    PARAMS = ()

    def __init__(self, path: str, game_id: str | None = None) -> None:
        super().__init__()
        if not path:
            # plain ``policy``: the policy shipped for the game
            shipped = bundled_policies(game_id) if game_id is not None else []
            if not shipped:
                raise OptionError(f"no policy ships for {game_id or 'this game'}: give a file, policy:PATH (a .npz "
                                  "written by examples/train_kot_ppo.py); shipped policies: "
                                  + (", ".join(f"{n} ({_label(n)})" for n in BUNDLED) or "none"))
            path = shipped[0]
        self.path = path
        self.header, self.layers = _load(resolve_path(path))
        self.spec = f"policy:{path}"

    def check_game(self, game_id: str | None) -> None:
        """OptionError unless the policy was trained for ``game_id`` (None: not known yet)."""
        if game_id is not None and game_id != self.header["game"]:
            raise PolicyFileError(f"policy {self.path!r} was trained for {self.header['game']} "
                                  f"({self.header['players']} players), not {game_id}")

    def check_state(self, state: Any) -> None:
        """PolicyFileError unless ``state``'s game is the policy's (see check_for_game)."""
        self.check_for_game(state.game)

    def check_for_game(self, game: Any) -> None:
        """PolicyFileError unless ``game`` (a loaded Game) is the policy's: game, player
        count, options, observation size and action count."""
        h = self.header
        self.check_game(game.game_id)
        if game.num_players != h["players"]:
            raise PolicyFileError(f"policy {self.path!r} was trained for {h['players']}-player {h['game']}, "
                                  f"not {game.num_players} players")
        options = game.options_json()
        if h["options"] and options != h["options"]:
            diff = sorted(k for k in set(options) | set(h["options"]) if options.get(k) != h["options"].get(k))
            raise PolicyFileError(f"policy {self.path!r} was trained with other options of {h['game']} "
                                  f"({_pairs(h['options'], diff)}), this game has {_pairs(options, diff)}")
        sizes = (game.observation_tensor_size(), game.num_distinct_actions())
        if sizes != (h["observation_size"], h["num_actions"]):
            raise PolicyFileError(f"policy {self.path!r} expects {h['observation_size']} observation floats and "
                                  f"{h['num_actions']} actions; this game has {sizes[0]} and {sizes[1]}")

    def reset(self, seed: int | None, seat: int) -> None:
        super().reset(seed, seat)
        self._checked = False

    def scores(self, state: Any, seat: int | None = None) -> Any:
        """The network's score of every action index for ``seat`` (default: the seat to act)."""
        seat = state.current_player() if seat is None else seat
        x = observation_array(state, seat)
        return forward(self.layers, self.header["activation"], x)

    def step(self, state: Any) -> str:
        import numpy as np
        if not getattr(self, "_checked", False):
            self.check_state(state)
            self._checked = True
        legal = state.legal_action_indices()
        scores = self.scores(state)
        best = legal[int(np.argmax(scores[legal]))]
        return str(state.index_to_action(best))
