"""Action indices, chance outcome indices and the observation tensor of the King of Tokyo
family (docs/notation.md, "Action indices" of King of Tokyo).

One layout serves every edition: it is built from the facts the edition's Game already
gives the turn machine (its card list, Wickedness tiles, Evolutions, Dice tokens, supply,
the most dice) and from the action words and card decisions its Effects register. A
block whose action no card of the edition offers is left out, so each edition's index
space holds only what it can use.

Choices are numbered so that an index means the same kind of choice in every state:

- a reroll is a mask over the dice in face order (``1 2 3 e h c``): bit ``j`` set rerolls
  the ``j``-th die of the sorted dice, and a reroll of ``k`` dice of one face sets the
  first ``k`` bits of that face's run (the texts name faces, never dice); ``stop`` is the
  empty mask;
- a card of the market by its slot: its place among the face-up cards
  (``observation["market"]``), the first one for two copies of a card;
- every other card (taken, swapped, discarded by Metamorph, copied) by its place in the
  edition's card list (``game.deck_counts()``); tiles and Evolutions by their place in
  the edition's lists (``game.tile_ids()``, ``game.evolution_ids()``);
- a monster chosen by a card (``target <seat>``) by its seat counted from the chooser.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core.tensor import TensorWriter
from .cards import WINDOWS
from .engine import CATEGORIES, FACES, HEART_CAP, WIN_STARS

if TYPE_CHECKING:
    from .engine import KotGame, KotState

MARKET_SLOTS = 3
PAY_MOST = 8          # "pay <n>" (pick-number): n from 0 to 7
NODE_KINDS = ("roll", "resolve", "heart", "yield", "tile", "buy", "card", "dice-tokens", "evo-keep",
              "evolution", "die", "card-die", "claws", "reveal", "peek", "tile-side", "evo-draw")
"""Every node kind of the family (decisions, then chance nodes), for the tensor's one-hot."""
_FACE = {f: i for i, f in enumerate(FACES)}
_ONE_WORD_ACTIONS = {"smoke": "smoke", "drink": "drink", "peek": "peek", "buy-top": "buy-top",
                     "rapid-heal": "rapid-heal"}
"""Single-word texts offered when the edition's Effects register the action of that word."""
_ONE_WORD_DECISIONS = {"wings": "wings", "super-jump": "jump", "freeze-time": "freeze", "energy-shield": "shield",
                       "rapid-healing": "rapid-heal"}
"""Card decisions (by name) answered by a single word besides ``pass``."""
_CARD_WORDS = {"take": "take", "unstable-dna": "swap", "metamorph": "metamorph", "fluxling": "copy", "mimic": "copy"}
"""Texts naming a held card, by the action word or the decision name that offers them."""
_MONSTER_FEATURES = ("alive", "hearts", "max_hearts", "stars", "energy", "wickedness", "poison", "shrink",
                     "smoke", "out", "city", "bay", "zombified", "cards")
_EVO_PILES = ("hand", "drawn", "discard", "deck")


class KotEncoding:
    """The numbering of one game (edition, player count, options): build with the game."""

    def __init__(self, game: KotGame) -> None:
        n = game.num_players
        self.n = n
        effects = type(game._new_blank_state()).effects
        actions, decisions = set(effects.actions), set(effects.decisions)
        self.cards = list(game.deck_counts())
        self.card_at = {c: i for i, c in enumerate(self.cards)}
        self.copies = [float(c) for c in game.deck_counts().values()]
        self.deck_total = float(sum(game.deck_counts().values()))
        self.tiles = game.tile_ids()
        self.tile_at = {t: i for i, t in enumerate(self.tiles)}
        self.evos = game.evolution_ids()
        self.evo_at = {e: i for i, e in enumerate(self.evos)}
        self.monster_list = list(game.MONSTER_IDS)
        self.monster_at = {m: i for i, m in enumerate(self.monster_list)}
        self.max_dice = game.max_dice
        self.black_most = game.most_black_dice()
        self.supply = game.supply_sizes()
        self.card_names = sorted(decisions)
        self._memo: tuple[str, list[int], dict[str, int]] = ("", [], {})

        # ----- decision indices: fixed texts, then blocks ------------------------------
        self.fixed: dict[str, int] = {}
        self.blocks: dict[str, tuple[int, int]] = {}   # word -> (first index, size)
        size = 0

        def block(word: str, count: int) -> None:
            nonlocal size
            self.blocks[word] = (size, count)
            size += count

        def fixed(text: str) -> None:
            nonlocal size
            if text not in self.fixed:
                self.fixed[text] = size
                size += 1

        block("reroll", 1 << self.max_dice)       # "stop" is the empty mask
        for word, text in _ONE_WORD_ACTIONS.items():
            if word in actions:
                fixed(text)
        for cat in CATEGORIES:
            fixed("resolve " + cat)
        fixed("done")
        if "cull" in actions:
            block("cull", len(FACES))
        for word in ("twist", "stretch"):
            if word in actions:
                block(word, len(FACES) * len(FACES))
        if "discard" in actions:
            fixed("discard hibernation")
        if "poison" in self.supply or "shrink" in self.supply:
            for what in ("heal", "poison", "shrink"):
                fixed("heart " + what)
        if "heart-ray" in actions:  # kot: Healing Ray, a Heart die given to a monster (by seat from the roller)
            fixed("heart none")
            block("heart ray", n)
        fixed("stay")
        fixed("yield")
        self.fixed["flee"] = self.fixed["yield"]     # Godzilla's word for the same choice
        fixed("pass")
        if self.tiles:
            block("tile", len(self.tiles))
        block("buy", MARKET_SLOTS)
        fixed("sweep")
        fixed("end")
        for name, text in _ONE_WORD_DECISIONS.items():
            if name in decisions:
                fixed(text)
        if "probe" in decisions:
            block("probe", len(FACES))
        for key, word in _CARD_WORDS.items():
            if (key in actions or key in decisions) and word not in self.blocks:
                block(word, len(self.cards))
        if "pick-monster" in decisions:
            block("target", n)
        if "pick-number" in decisions:
            block("pay", PAY_MOST)
        if self.black_most:
            block("black", self.black_most + 1)
        if self.evos:
            block("keep", len(self.evos))
            block("evolve", len(self.evos))
        self.num_actions = size
        # every text whose index does not depend on the state, looked up at once
        self.static: dict[str, int] = dict(self.fixed)
        for word in ("cull", "probe"):
            if word in self.blocks:
                for k, f in enumerate(FACES):
                    self.static[f"{word} {f}"] = self.blocks[word][0] + k
        for word in ("twist", "stretch"):
            if word in self.blocks:
                for a, fa in enumerate(FACES):
                    for b, fb in enumerate(FACES):
                        self.static[f"{word} {fa} {fb}"] = self.blocks[word][0] + a * len(FACES) + b
        for word in ("swap", "metamorph", "copy"):
            if word in self.blocks:
                for k, c in enumerate(self.cards):
                    self.static[f"{word} {c}"] = self.blocks[word][0] + k
        if "take" in self.blocks:
            for s in range(n):
                for k, c in enumerate(self.cards):
                    self.static[f"take {s} {c}"] = self.blocks["take"][0] + k
        for word, ids in (("tile", self.tiles), ("keep", self.evos), ("evolve", self.evos)):
            if word in self.blocks:
                for k, x in enumerate(ids):
                    self.static[f"{word} {x}"] = self.blocks[word][0] + k
        for word in ("pay", "black"):
            if word in self.blocks:
                for k in range(self.blocks[word][1]):
                    self.static[f"{word} {k}"] = self.blocks[word][0] + k

        # ----- chance outcome indices ----------------------------------------------------
        self.chance_blocks: dict[str, tuple[int, int]] = {}
        size = 0
        for word, count in (("roll", len(FACES)), ("claws", 7), ("reveal", len(self.cards)),
                            ("side", 2 if self.tiles else 0), ("evolution", len(self.evos))):
            if count:
                self.chance_blocks[word] = (size, count)
                size += count
        self.num_outcomes = size
        self.outcomes: dict[str, int] = {}
        for word, ids in (("roll", list(FACES)), ("claws", [str(k) for k in range(7)]), ("reveal", self.cards),
                          ("side", ["red", "green"]), ("evolution", self.evos)):
            if word in self.chance_blocks:
                for k, x in enumerate(ids):
                    self.outcomes[f"{word} {x}"] = self.chance_blocks[word][0] + k

        # ----- observation pieces --------------------------------------------------------
        C, T, E = len(self.cards), len(self.tiles), len(self.evos)
        pieces: list[tuple[str, tuple[int, ...]]] = [
            ("seat", (n,)), ("current_player", (n,)), ("active", (n,)),
            ("node_kind", (len(NODE_KINDS) + 1,)), ("card_decision", (len(self.card_names) + 1,)),
            ("monsters", (n, len(_MONSTER_FEATURES))), ("monster_id", (n, len(self.monster_list))),
            ("cards", (n, C)), ("market", (MARKET_SLOTS, C)), ("discard", (C,)), ("deck_size", (1,)),
            ("known_top", (C,)), ("dice", (self.max_dice, len(FACES) + 1)), ("dice_counts", (len(FACES),)),
            ("rolls", (2,)), ("turn", (1,)), ("supply", (len(self.supply),)),
        ]
        # the card each monster copies: Dark (Fluxling, a tile) and kot (Mimic)
        self.copy_effect = bool(T) or "mimic" in decisions
        if T:
            pieces += [("tiles", (n, T)), ("tiles_offered", (T,)), ("tiles_out", (T,))]
        if self.copy_effect:
            pieces += [("copied", (n, C))]
        self.batteries = "battery-monster" in self.card_at  # kot: energy stored on Battery Monster
        if self.batteries:
            pieces += [("stored_energy", (n,))]
        if self.black_most:
            pieces += [("dice_tokens", (n,)), ("black_dice", (1 + len(FACES),)), ("bought_this_turn", (1,))]
        if E:
            pieces += [("evolutions_in_play", (n, E)), ("evolutions_used", (n, E)),
                       ("evolution_counts", (n, len(_EVO_PILES))), ("own_evolutions", (len(_EVO_PILES), E)),
                       ("evolution_window", (len(WINDOWS) + 1,))]
        self.pieces = pieces

    # ----- decisions ----------------------------------------------------------------------
    def action_index(self, state: KotState, text: str) -> int:
        i = self.static.get(text)
        if i is not None:
            return i
        words = text.split()
        word = words[0]
        if text == "stop":
            return self.blocks["reroll"][0]
        if word == "reroll":
            # a roll decision asks for every reroll of the same dice: where each face's run
            # starts in the sorted dice, and the masks already found, are kept for those dice
            # (one tuple, read once: states of other threads may replace it meanwhile)
            key = "".join([d or "-" for d in state.dice])
            memo = self._memo
            if memo[0] != key:
                memo = self._memo = (key, self.face_runs(state.dice), {})
            mask = memo[2].get(text)
            if mask is None:
                mask = memo[2][text] = self.reroll_mask(memo[1], words[1:])
            return self.blocks["reroll"][0] + mask
        if word == "buy" and len(words) == 2:
            face_up = [c for c in state.market if c]
            if words[1] in face_up:
                return self._in_block("buy", face_up.index(words[1]), text)
        elif word == "target" and len(words) == 2 and words[1].isdigit() and state.node is not None:
            return self._in_block(word, (int(words[1]) - int(state.node[1])) % self.n, text)
        elif text.startswith("heart ray ") and len(words) == 3 and words[2].isdigit() and state.node is not None:
            return self._in_block("heart ray", (int(words[2]) - int(state.node[1])) % self.n, text)
        raise ValueError(f"{state.game.game_id}: no action index for {text!r} (docs/notation.md, Action indices)")

    def _in_block(self, word: str, k: int, text: str) -> int:
        start, count = self.blocks.get(word, (0, 0))
        if not 0 <= k < count:
            raise ValueError(f"no action index for {text!r}: {word!r} offers {count} choices here")
        return start + k

    @staticmethod
    def face_runs(dice: list[str | None]) -> list[int]:
        """Where the run of each face starts in the dice sorted by face, and (last) how
        many dice are showing."""
        shown = "".join([d for d in dice if d is not None])
        runs, start = [], 0
        for f in FACES:
            runs.append(start)
            start += shown.count(f)
        runs.append(start)
        return runs

    @staticmethod
    def reroll_mask(runs: list[int], faces: list[str]) -> int:
        """The mask over the dice sorted by face (``face_runs``): for each face rerolled
        ``k`` times, the first ``k`` dice of that face's run."""
        nxt = runs[:-1]
        mask = 0
        for f in faces:
            k = _FACE.get(f, -1)
            if k < 0 or nxt[k] >= runs[k + 1]:
                raise ValueError(f"no action index for reroll {' '.join(faces)}: not that many dice show {f!r}")
            mask |= 1 << nxt[k]
            nxt[k] += 1
        return mask

    # ----- chance outcomes ----------------------------------------------------------------
    def chance_index(self, text: str) -> int:
        i = self.outcomes.get(text)
        if i is None:
            raise ValueError(f"no chance outcome index for {text!r} (docs/notation.md, Action indices)")
        return i

    # ----- the observation tensor ---------------------------------------------------------
    def write_tensor(self, obs: dict[str, Any], seat: int, w: TensorWriter) -> None:
        """Built from ``obs`` alone. Seats are rotated: row ``i`` of every per-seat piece
        is the seat ``i`` places after the observer (row 0: the observer)."""
        n = self.n
        C = len(self.cards)
        order = [(seat + i) % n for i in range(n)]

        def seat_hot(s: object) -> None:
            w.one_hot(n, (s - seat) % n if isinstance(s, int) and 0 <= s < n else -1)

        def hot(k: int, size: int) -> None:
            w.one_hot(size, k)

        def counts(ids: list[str], at: dict[str, int], size: int, scale: float = 1.0) -> None:
            base = w.pos
            for x in ids:
                k = at.get(x, -1)
                if k >= 0:
                    w.add(base + k, scale)
            w.skip(size)

        hot(seat, n)                      # the observer's own seat number (not rotated)
        seat_hot(obs["current_player"])
        seat_hot(obs["active"])
        node = obs["node"]
        kind = NODE_KINDS.index(node["kind"]) if node is not None and node["kind"] in NODE_KINDS else len(NODE_KINDS)
        hot(kind if node is not None else -1, len(NODE_KINDS) + 1)
        name = node.get("name") if node is not None and node["kind"] == "card" else None
        hot(self.card_names.index(name) if name in self.card_names else len(self.card_names),
            len(self.card_names) + 1)
        monsters = obs["monsters"]
        for s in order:
            m = monsters[s]
            loc = m["location"]
            w.values([1.0 if m["alive"] else 0.0, m["hearts"] / HEART_CAP, m["max_hearts"] / HEART_CAP,
                    m["stars"] / WIN_STARS, m["energy"] / WIN_STARS, m["wickedness"] / 10.0, m["poison"] / 6.0,
                    m["shrink"] / 6.0, m["smoke"] / 3.0, 1.0 if loc == 0 else 0.0, 1.0 if loc == 1 else 0.0,
                      1.0 if loc == 2 else 0.0, 1.0 if m["zombified"] else 0.0, len(m["cards"]) / 10.0])
        for s in order:
            hot(self.monster_at.get(monsters[s]["monster"], -1), len(self.monster_list))
        for s in order:
            counts(monsters[s]["cards"], self.card_at, C)
        market = [c for c in obs["market"] if c]
        for slot in range(MARKET_SLOTS):
            hot(self.card_at.get(market[slot], -1) if slot < len(market) else -1, C)
        base = w.pos
        for c in obs["discard"]:
            k = self.card_at.get(c, -1)
            if k >= 0:
                w.add(base + k, 1.0 / self.copies[k])
        w.skip(C)
        w.value(obs["deck_size"] / self.deck_total)
        counts(obs["known_top"], self.card_at, C)
        dice = [d for d in obs["dice"] if d is not None]
        dice.sort(key=_FACE.__getitem__)
        waiting = len(obs["dice"]) - len(dice)
        for j in range(self.max_dice):
            if j < len(dice):
                hot(_FACE[dice[j]], len(FACES) + 1)
            else:
                hot(len(FACES) if j < len(dice) + waiting else -1, len(FACES) + 1)
        base = w.pos
        for d in dice:
            w.add(base + _FACE[d], 1.0 / self.max_dice)
        w.skip(len(FACES))
        w.values([obs["rolls_used"] / 6.0, obs["rolls_allowed"] / 6.0])
        w.value(min(obs["turn"] / 100.0, 1.0))
        w.values([obs["supply"].get(k, 0) / float(v) for k, v in self.supply.items()])
        if self.tiles:
            T = len(self.tiles)
            for s in order:
                counts(monsters[s].get("tiles", []), self.tile_at, T)
            offered = [t for stack in obs.get("wickedness_tiles", {}).values() for t in stack]
            counts(offered, self.tile_at, T)
            counts(obs.get("tiles_out", []), self.tile_at, T)
        if self.copy_effect:
            for s in order:
                copied = monsters[s].get("copy")
                hot(self.card_at.get(copied, -1) if isinstance(copied, str) else -1, C)
        if self.batteries:
            stored = obs.get("stored_energy") or [0] * n
            w.values([stored[s] / 6.0 for s in order])
        if self.black_most:
            tokens = obs.get("dice_tokens", [0] * n)
            total = float(sum(self.supply.values())) or 1.0
            w.values([tokens[s] / total for s in order])
            black = int(obs.get("black_dice", 0))
            row = [black / float(self.black_most)] + [0.0] * len(FACES)
            if black:
                for d in obs["dice"][len(obs["dice"]) - black:]:
                    if d is not None:
                        row[1 + _FACE[d]] += 1.0 / self.black_most
            w.values(row)
            w.value(1.0 if obs.get("bought_this_turn") else 0.0)
        if self.evos:
            E = len(self.evos)
            evo = obs.get("evolutions") or [{} for _ in range(n)]
            for s in order:
                counts(evo[s].get("in_play", []), self.evo_at, E)
            for s in order:
                counts(evo[s].get("used", []), self.evo_at, E)
            for s in order:
                w.values([evo[s].get(p + "_count", 0) / 8.0 for p in _EVO_PILES])
            mine = evo[seat] if seat < len(evo) else {}
            for p in _EVO_PILES:
                counts(mine.get(p, []), self.evo_at, E)
            window = obs.get("evolution_window")
            hot(WINDOWS.index(window["window"]) if window and window["window"] in WINDOWS else -1, len(WINDOWS))
            amount = window.get("amount") if window else None
            w.value(amount / 10.0 if isinstance(amount, int) else 0.0)
