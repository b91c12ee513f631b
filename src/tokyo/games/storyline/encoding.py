"""Action indices, chance outcome indices and the observation tensor of Storyline and its
Crisis Format (docs/notation.md, Storyline, "Action indices"): one encoding for both game
ids, whose sizes depend only on the number of players N (not on the game id nor on the
option ``opponent``), so that one network can serve both.

- A card on the Map is named by its *slot*: its position in the Map, which is in timestamp
  order (the observation's ``map`` list). ``MAP_SLOTS`` slots; a Map holding more cards
  raises ValueError (random games stay below 40 cards).
- A card in a hand (to play, to discard, drawn) is named by its *deck number*: its position
  in the sorted list of the card ids of that seat's faction deck (a hand only ever holds
  cards of its own deck).
- The tensor rotates the players so that the observing player comes first; the Crisis
  Format's opponent (a controller, or the opponent's seat) has a column of its own after
  the players.

Built from the card set of the game (``StorylineGame.cards``), once per game.
"""

from __future__ import annotations

import re
from itertools import combinations
from typing import TYPE_CHECKING, Any

from ...core.tensor import TensorWriter
from .cards import COUNTER_TYPES

if TYPE_CHECKING:
    from .game import StorylineGame
    from .state import StorylineState

MAP_SLOTS = 64
PHASES = ("setup", "admin", "draw", "main", "end", "over")
DECISION_KINDS = ("mulligan", "main", "discard", "choose", "discard-effect", "may", "pick", "player")
SCALAR_COUNTERS = tuple(c for c in COUNTER_TYPES if c != "damage")   # damage is the entry's ``damage``
_ASKING = re.compile(r"\(#(\d+)\)")


class EncodingError(ValueError):
    """A text or an observation the encoding has no room for (a defect to fix, never
    silently collided)."""


class Encoding:
    """The numbering and the tensor layout of one game (see the module docstring and
    docs/notation.md)."""

    def __init__(self, game: StorylineGame) -> None:
        cards = game.cards
        n = game.n_players
        self.n = n
        self.slots = MAP_SLOTS
        self.game_id = game.game_id
        self.crisis = game.game_id == "crisis-format"
        self.options: dict[str, Any] = dict(game.options)
        self.deck_ids: list[str] = list(cards["decks"])
        self.deck_pos: dict[str, int] = {d: i for i, d in enumerate(self.deck_ids)}
        self.deck_lists: dict[str, list[str]] = {d: sorted(deck["cards"]) for d, deck in cards["decks"].items()}
        self.deck_number: dict[str, dict[str, int]] = {
            d: {cid: k for k, cid in enumerate(ids)} for d, ids in self.deck_lists.items()}
        self.k = max(len(ids) for ids in self.deck_lists.values())
        # the cards that can be in a hand, a discard pile or resolving: every deck's and
        # every Homeworld (a destroyed Homeworld goes to its owner's discard pile)
        listed = {cid for ids in self.deck_lists.values() for cid in ids}
        listed |= {deck["homeworld"] for deck in cards["decks"].values()}
        self.card_list: list[str] = sorted(listed)
        self.card_pos: dict[str, int] = {cid: i for i, cid in enumerate(self.card_list)}
        self.face_list: list[tuple[str, str]] = sorted(game.faces)
        self.face_pos: dict[tuple[str, str], int] = {f: i for i, f in enumerate(self.face_list)}
        # how many activated abilities / bargains one card can show at once (its face's and
        # its current Chapter's, abilities.activations numbers them together)
        self.n_use = 1
        self.n_bargain = 1
        self.chapters = 1
        for face in game.faces.values():
            chs = face.get("chapters") or []
            self.chapters = max(self.chapters, len(chs))
            for kind in ("activated", "bargain"):
                own = sum(1 for a in face["abilities"] if a["kind"] == kind)
                extra = max([sum(1 for a in ch["abilities"] if a["kind"] == kind) for ch in chs] or [0])
                if kind == "activated":
                    self.n_use = max(self.n_use, own + extra)
                else:
                    self.n_bargain = max(self.n_bargain, own + extra)
        self.crisis_ids: list[str] = list(cards["crises"])
        self.crisis_pos: dict[str, int] = {c: i for i, c in enumerate(self.crisis_ids)}
        sets = list(combinations(self.crisis_ids, n)) if self.crisis else []
        self.crisis_sets: dict[str, int] = {",".join(s): i for i, s in enumerate(sets)}
        # ----- decision indices (docs/notation.md, Storyline, Action indices) -----
        s, k = self.slots, self.k
        self.PASS, self.KEEP, self.MULLIGAN, self.MAY_YES, self.MAY_NO = 0, 1, 2, 3, 4
        self.PLAY = 5
        self.PLAY_ON = self.PLAY + k
        self.ATTACK = self.PLAY_ON + k * s
        self.MOVE = self.ATTACK + s * s
        self.ORBIT = self.MOVE + s * s
        self.USE = self.ORBIT + s
        self.BARGAIN = self.USE + s * self.n_use
        self.REPAIR = self.BARGAIN + s * self.n_bargain
        self.RALLY = self.REPAIR + s
        self.CHOOSE = self.RALLY + s
        self.DISCARD = self.CHOOSE + s
        self.PICK = self.DISCARD + k
        self.PLAYER = self.PICK + s
        self.num_actions = self.PLAYER + n
        self.num_chance = max(len(self.deck_ids), n, k, s, 2, len(self.crisis_sets))
        # ----- the tensor -----
        r = n + 1   # the players, rotated, then the Crisis Format's opponent
        self.roles = r
        self.row = (1 + len(self.face_list) + 3 * r + 3 + 3 + 3 + 1 + 6 + len(SCALAR_COUNTERS) + self.chapters)
        self.pieces: list[tuple[str, tuple[int, ...]]] = [
            ("seat", (n + 1,)), ("current_player", (r + 1,)), ("active", (r,)), ("paired", (n,)),
            ("node", (len(DECISION_KINDS) + 2,)), ("asking", (s,)), ("phase", (len(PHASES),)), ("clock", (3,)),
            ("hand", (len(self.card_list),)), ("hand_by_deck_number", (k,)),
            ("players", (n, 5)), ("decks", (n, len(self.deck_ids))), ("discards", (n, len(self.card_list))),
            ("resolving", (len(self.card_list),)), ("crisis", (3,)), ("crises", (max(1, len(self.crisis_ids)),)),
            ("map", (s, self.row)), ("map_holder", (s, s)),
        ]
        self.offsets: dict[str, int] = {}
        at = 0
        for name, shape in self.pieces:
            self.offsets[name] = at
            size = 1
            for d in shape:
                size *= d
            at += size
        self.size = at

    # ===================== decisions ========================================================
    def _slot(self, state: StorylineState, word: str, text: str) -> int:
        try:
            uid = int(word)
        except ValueError:
            raise EncodingError(f"{self.game_id}: {text!r}: {word!r} is not a card number") from None
        for i, e in enumerate(state.map):
            if e["uid"] == uid:
                if i >= self.slots:
                    raise EncodingError(f"{self.game_id}: {text!r}: card #{uid} is in Map slot {i}; the encoding "
                                        f"has {self.slots} slots")
                return i
        raise EncodingError(f"{self.game_id}: {text!r}: no card #{uid} on the Map")

    def _number(self, state: StorylineState, seat: int, cid: str, text: str) -> int:
        if not 0 <= seat < len(state.players):
            raise EncodingError(f"{self.game_id}: {text!r}: seat {seat} has no deck")
        deck_id = state.players[seat]["deck_id"]
        k = self.deck_number.get(deck_id or "", {}).get(cid)
        if k is None:
            raise EncodingError(f"{self.game_id}: {text!r}: {cid!r} is not a card of seat {seat}'s deck {deck_id!r}")
        return k

    def _ref(self, state: StorylineState, word: str, n_max: int, text: str) -> tuple[int, int]:
        """``<uid>`` or ``<uid>:<k>``: (slot, k)."""
        uid, _, which = word.partition(":")
        k = int(which) if which.isdigit() else 0
        if which and not which.isdigit() or k >= n_max:
            raise EncodingError(f"{self.game_id}: {text!r}: ability {which!r} beyond the encoding's {n_max}")
        return self._slot(state, uid, text), k

    def action_index(self, state: StorylineState, text: str) -> int:
        words = text.split()
        verb = words[0] if words else ""
        node = state.node
        seat = node[1] if node is not None and node[0] == "decision" else -1
        s = self.slots
        if verb == "pass" and len(words) == 1:
            return self.PASS
        if verb == "keep" and len(words) == 1:
            return self.KEEP
        if verb == "mulligan" and len(words) == 1:
            return self.MULLIGAN
        if verb == "may" and len(words) == 2 and words[1] in ("yes", "no"):
            return self.MAY_YES if words[1] == "yes" else self.MAY_NO
        if verb == "play" and len(words) == 2:
            return self.PLAY + self._number(state, seat, words[1], text)
        if verb == "play" and len(words) == 4 and words[2] == "on":
            return self.PLAY_ON + self._number(state, seat, words[1], text) * s + self._slot(state, words[3], text)
        if verb == "attack" and len(words) == 3:
            return self.ATTACK + self._slot(state, words[1], text) * s + self._slot(state, words[2], text)
        if verb == "move" and len(words) == 4 and words[2] == "to":
            return self.MOVE + self._slot(state, words[1], text) * s + self._slot(state, words[3], text)
        if verb == "move" and len(words) == 3 and words[2] == "orbit":
            return self.ORBIT + self._slot(state, words[1], text)
        if verb == "use" and len(words) == 2:
            slot, k = self._ref(state, words[1], self.n_use, text)
            return self.USE + slot * self.n_use + k
        if verb == "bargain" and len(words) == 2:
            slot, k = self._ref(state, words[1], self.n_bargain, text)
            return self.BARGAIN + slot * self.n_bargain + k
        if verb == "repair" and len(words) == 2:
            return self.REPAIR + self._slot(state, words[1], text)
        if verb == "rally" and len(words) == 2:
            return self.RALLY + self._slot(state, words[1], text)
        if verb == "choose" and len(words) == 2:
            return self.CHOOSE + self._slot(state, words[1], text)
        if verb == "discard" and len(words) == 2:
            return self.DISCARD + self._number(state, seat, words[1], text)
        if verb == "pick" and len(words) == 2:
            return self.PICK + self._slot(state, words[1], text)
        if verb == "player" and len(words) == 2 and words[1].isdigit() and int(words[1]) < self.n:
            return self.PLAYER + int(words[1])
        raise EncodingError(f"{self.game_id}: no action index for {text!r}")

    def action_text(self, index: int) -> str:
        """What an index means, in words with slots and deck numbers (docs, debugging)."""
        s = self.slots
        blocks = [("pass", self.PASS, 1), ("keep", self.KEEP, 1), ("mulligan", self.MULLIGAN, 1),
                  ("may yes", self.MAY_YES, 1), ("may no", self.MAY_NO, 1), ("play", self.PLAY, self.k),
                  ("play-on", self.PLAY_ON, self.k * s), ("attack", self.ATTACK, s * s), ("move", self.MOVE, s * s),
                  ("orbit", self.ORBIT, s), ("use", self.USE, s * self.n_use),
                  ("bargain", self.BARGAIN, s * self.n_bargain), ("repair", self.REPAIR, s), ("rally", self.RALLY, s),
                  ("choose", self.CHOOSE, s), ("discard", self.DISCARD, self.k), ("pick", self.PICK, s),
                  ("player", self.PLAYER, self.n)]
        for name, start, size in blocks:
            if start <= index < start + size:
                i = index - start
                if size == 1:
                    return name
                if name in ("play-on", "attack", "move"):
                    first = f"deck card {i // s}" if name == "play-on" else f"slot {i // s}"
                    return f"{name} {first} slot {i % s}"
                if name in ("use", "bargain"):
                    per = self.n_use if name == "use" else self.n_bargain
                    return f"{name} slot {i // per} ability {i % per}"
                if name in ("play", "discard"):
                    return f"{name} deck card {i}"
                return f"{name} {'seat' if name == 'player' else 'slot'} {i}"
        raise EncodingError(f"{self.game_id}: index {index} is not below {self.num_actions}")

    # ===================== chance outcomes ==================================================
    def chance_index(self, state: StorylineState, text: str) -> int:
        kind, _, value = text.partition(" ")
        node = state.node
        data: dict[str, Any] = node[3] if node is not None else {}
        if kind == "deck" and value in self.deck_pos:
            return self.deck_pos[value]
        if kind in ("first", "player") and value.isdigit() and int(value) < self.n:
            return int(value)
        if kind in ("draw", "discard-random"):
            return self._number(state, int(data.get("seat", -1)), value, text)
        if kind == "pick":
            return self._slot(state, value, text)
        if kind == "may" and value in ("yes", "no"):
            return 0 if value == "yes" else 1
        if kind == "crises" and value in self.crisis_sets:
            return self.crisis_sets[value]
        raise EncodingError(f"{self.game_id}: no chance outcome index for {text!r}")

    # ===================== the observation tensor ===========================================
    def _role(self, x: Any, base: int) -> int | None:
        """The column of a controller, owner or seat: the players rotated from ``base``, then
        the opponent (-1, or the opponent's seat); None for None."""
        if x is None:
            return None
        v = int(x)
        if v < 0 or v >= self.n:
            return self.n
        return (v - base) % self.n

    def write_tensor(self, obs: dict[str, Any], seat: int, out: TensorWriter) -> None:
        n, s, r = self.n, self.slots, self.roles
        off = self.offsets
        base = seat if 0 <= seat < n else 0   # the opponent's seat sees the players unrotated
        out.set(off["seat"] + min(seat, n), 1.0)
        cp = int(obs["current_player"])
        col = self._role(cp, base) if cp >= 0 else None   # CHANCE or TERMINAL: the last column
        out.set(off["current_player"] + (r if col is None else col), 1.0)
        active = self._role(obs["active"], base)
        if active is not None and obs["phase"] != "setup":
            out.set(off["active"] + active, 1.0)
        paired = obs.get("paired")
        if paired is not None:
            out.set(off["paired"] + (int(paired) - base) % n, 1.0)
        node = obs["node"]
        if node is None:
            out.set(off["node"] + len(DECISION_KINDS) + 1, 1.0)
        elif node["seat"] is None:
            out.set(off["node"] + len(DECISION_KINDS), 1.0)
        else:
            if node["kind"] not in DECISION_KINDS:
                raise EncodingError(f"{self.game_id}: decision kind {node['kind']!r} has no column")
            out.set(off["node"] + DECISION_KINDS.index(node["kind"]), 1.0)
        entries: list[dict[str, Any]] = obs["map"]
        if len(entries) > s:
            raise EncodingError(f"{self.game_id}: {len(entries)} cards on the Map; the encoding has {s} slots")
        slot_of = {int(e["uid"]): i for i, e in enumerate(entries)}
        about = node.get("about") if node is not None else None
        if about:
            m = _ASKING.search(str(about))
            if m is not None and int(m.group(1)) in slot_of:
                out.set(off["asking"] + slot_of[int(m.group(1))], 1.0)
        out.set(off["phase"] + PHASES.index(obs["phase"]), 1.0)
        self._clock(out, off["clock"], int(obs["turn"]), int(obs["act"]))
        hand = obs["hand"]
        players: list[dict[str, Any]] = obs["players"]
        if hand is not None:
            numbers = self.deck_number.get(players[seat]["deck_id"] or "", {})
            for cid in hand:
                k = numbers.get(cid)
                if k is None:
                    raise EncodingError(f"{self.game_id}: {cid!r} in seat {seat}'s hand is not a card of its deck")
                out.add(off["hand"] + self.card_pos[cid], 1 / 3)
                out.add(off["hand_by_deck_number"] + k, 1 / 3)
        target = max(1, int(self.options.get("target", 5)))
        nc = len(self.card_list)
        for p, pl in enumerate(players):
            row = (p - base) % n
            at = off["players"] + row * 5
            out.set(at, pl["treasury"] / 10)
            out.set(at + 1, pl["story"] / target)
            out.set(at + 2, pl["hand_size"] / 10)
            out.set(at + 3, pl["deck_size"] / 30)
            out.set(at + 4, 1.0 if pl["empty_draw"] else 0.0)
            if pl["deck_id"] is not None:
                out.set(off["decks"] + row * len(self.deck_ids) + self.deck_pos[pl["deck_id"]], 1.0)
            for cid in pl["discard"]:
                out.add(off["discards"] + row * nc + self.card_pos[cid], 1 / 3)
        for _, cid in obs["resolving"]:
            out.add(off["resolving"] + self.card_pos[cid], 1.0)
        if self.crisis:
            out.set(off["crisis"], 1.0)
            out.set(off["crisis"] + 1, float(obs["pool"]) / (n + 2))
            out.set(off["crisis"] + 2, float(obs["opponent_story"]) / (n + 1))
            for cid in obs["crises"]:
                out.set(off["crises"] + self.crisis_pos[cid], 1.0)
        for i, e in enumerate(entries):
            self._entry(out, off["map"] + i * self.row, e, base)
            holder = e["place"] if e["place"] is not None else e["host"]
            if holder is not None and int(holder) in slot_of:
                out.set(off["map_holder"] + i * s + slot_of[int(holder)], 1.0)

    def _clock(self, out: TensorWriter, at: int, turn: int, act: int) -> None:
        acts = max(1, int(self.options["acts"]))
        per_act = (2 if self.crisis else 1) * self.n * max(1, int(self.options["act_rounds"]))
        out.set(at, act / acts)
        out.set(at + 1, min(1.0, turn / (per_act * acts)))
        out.set(at + 2, ((turn - 1) % per_act + 1) / per_act if turn > 0 else 0.0)

    def _entry(self, out: TensorWriter, at: int, e: dict[str, Any], base: int) -> None:
        r = self.roles
        out.set(at, 1.0)
        at += 1
        out.set(at + self.face_pos[(e["card"], e["face"])], 1.0)
        at += len(self.face_list)
        for key in ("controller", "owner", "destroyer"):
            col = self._role(e[key], base)
            if col is not None:
                out.set(at + col, 1.0)
            at += r
        out.set(at, 1.0 if e["ready"] else 0.0)
        out.set(at + 1, 1.0 if e.get("token") else 0.0)
        out.set(at + 2, 1.0 if e.get("crisis") else 0.0)
        at += 3
        band = e["band"]
        if band is not None:
            out.set(at + int(band) - 1, 1.0)
        at += 3
        out.set(at, 1.0 if e["shielded"] else 0.0)
        out.set(at + 1, 1.0 if e["fallen"] else 0.0)
        out.set(at + 2, 1.0 if e["contested"] else 0.0)
        out.set(at + 3, 1.0 if e["power"] == "high" else 0.0)
        at += 4
        out.set(at, e["damage"] / 10)
        out.set(at + 1, e["durability"] / 10)
        out.set(at + 2, e["strike"] / 10)
        out.set(at + 3, e["range"] / 2)
        out.set(at + 4, e["income"] / 5)
        out.set(at + 5, e["cost"] / 10)
        at += 6
        counters: dict[str, int] = e["counters"]
        for j, kind in enumerate(SCALAR_COUNTERS):
            out.set(at + j, counters.get(kind, 0) / 10)
        at += len(SCALAR_COUNTERS)
        chapter = e["chapter"]
        if chapter is not None:
            out.set(at + int(chapter) - 1, 1.0)
