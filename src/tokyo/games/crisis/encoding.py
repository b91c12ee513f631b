"""Crisis: Tokyo's action indices, chance indices and observation tensor (issue 14; the
numbering and the layout are described in docs/notation.md, Crisis: Tokyo, "Action
indices").

Decisions are numbered by what they point at on the table, not by card name where a
position says it: a card of the hand by its hand position (and the half it is used as),
a District by its place in Tokyo, a Character in play by its position (a Reserve slot of
a seat counted from the deciding seat, or a slot of a side of the Conflict). A card taken
from a discard pile is numbered by its card id. Chance outcomes are numbered by card id
over the game's card list (Districts, Characters, Events), then the seats for the Favor
of the Gods.

The observation tensor is built from ``state.observation(seat)`` only; every per-seat
piece is rotated so that the observing seat comes first.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core.tensor import TensorWriter
from .cards import POWERS, CardSet

if TYPE_CHECKING:
    from .state import CrisisState

HAND_SLOTS = 10
"""Hand positions numbered (a hand holds at most 8 cards when a decision is asked: the
limit of 7 plus the card just taken, the limit being checked before anything else)."""
RESERVE_SLOTS = 10
"""Reserve positions numbered per seat (the limit is 3, 4 with a Plot; the Heroes of a
defence come back to the Reserve together and can pass it until the reserve-limit
decision: 7 seen in 1000 random games)."""
SIDE_SLOTS = 10
"""Positions numbered on each side of a Conflict (5 attackers and 6 defenders seen in
1000 random games: two Threats sent or the Heroes of a Reserve, plus those a card adds)."""
TALENTS = 9
"""Talent numbers ``k`` (one Talent of its own at most, plus the 8 Gift halves that grant one)."""

WORDS = ("draw character", "draw event", "end", "skip", "done", "none", "pass", "defend", "decline",
         "half threat", "half hero")
"""The actions that are a fixed text, numbered 0.. in this order."""

DECISION_KINDS = ("action", "resources", "choose-deck", "discard", "reserve-limit", "wild", "send",
                  "attack-power", "defend", "deploy", "defend-power", "manoeuvre")
EFFECT_NAMES = ("gift-host", "spheres", "spheres-power", "destroy", "to_hand", "from-discard", "portal-half",
                "deploy-hand", "deploy-reserve", "change-power", "recruit")
CHANCE_KINDS = ("district", "draw", "favor", "portal", "random-discard")
NODE_KINDS = DECISION_KINDS + tuple("effect:" + n for n in EFFECT_NAMES) + tuple("chance:" + k for k in CHANCE_KINDS)
OUTCOMES = ("levelled", "standing", "held", "tie")


class EncodingError(ValueError):
    """A text or an observation this encoding has no room for (a defect to report)."""


class CrisisEncoding:
    """The index spaces and the tensor layout of one game (player count fixed)."""

    n: int
    cards: CardSet
    districts: list[str]
    characters: list[str]
    events: list[str]
    card_ids: list[str]
    card_index: dict[str, int]
    district_index: dict[str, int]
    char_index: dict[str, int]
    event_index: dict[str, int]
    hand_index: dict[str, int]
    name_to_card: dict[str, str]
    talent_gifts: list[str]
    base_words: int
    base_power: int
    base_hand: int
    base_discard: int
    base_attack: int
    base_char: int
    base_talent: int
    base_take: int
    total: int
    char_positions: int
    talent_positions: int
    char_features: int
    conflict_size: int
    pieces: list[tuple[str, tuple[int, ...]]]
    turn_limit: int
    districts_to_win: int

    def __init__(self, num_players: int, cards: CardSet, options: dict[str, Any]) -> None:
        self.n = num_players
        self.cards = cards
        self.turn_limit = int(options["turn_limit"])
        self.districts_to_win = int(options["districts_to_win"])
        self.districts = list(cards["district"])
        self.characters = list(cards["character"])
        self.events = list(cards["event"])
        self.card_ids = self.districts + self.characters + self.events
        self.card_index = {cid: i for i, cid in enumerate(self.card_ids)}
        self.district_index = {cid: i for i, cid in enumerate(self.districts)}
        self.char_index = {cid: i for i, cid in enumerate(self.characters)}
        self.event_index = {cid: i for i, cid in enumerate(self.events)}
        # Characters then Events: the cards a hand, a discard pile or known_cards can hold
        self.hand_index = {cid: i for i, cid in enumerate(self.characters + self.events)}
        self.name_to_card = {}
        for cid, card in cards["district"].items():
            self.name_to_card[str(card["name"])] = cid
        for kind, halves in (("character", ("threat", "hero")), ("event", ("a", "b"))):
            for cid, card in cards[kind].items():
                for which in halves:
                    self.name_to_card[str(card[which]["name"])] = cid
        # the Gift halves that grant a Talent: a Talent's source is its Character (0) or one of them
        self.talent_gifts = [cid for cid, card in cards["event"].items() for which in ("a", "b")
                             if card[which]["kind"] == "gift" and card[which].get("talents")]
        n = num_players
        self.char_positions = n * RESERVE_SLOTS + 2 * SIDE_SLOTS
        self.talent_positions = RESERVE_SLOTS + SIDE_SLOTS
        self.base_words = 0
        self.base_power = len(WORDS)
        self.base_hand = self.base_power + len(POWERS)
        self.base_discard = self.base_hand + 2 * HAND_SLOTS
        self.base_attack = self.base_discard + HAND_SLOTS
        self.base_char = self.base_attack + 5
        self.base_talent = self.base_char + self.char_positions
        self.base_take = self.base_talent + self.talent_positions * TALENTS
        self.total = self.base_take + len(self.characters) + len(self.events)
        nc, ne, nd = len(self.characters), len(self.events), len(self.districts)
        # a Character in play: present, card, half (threat, hero), owner, wildcard power,
        # unchosen wildcard spheres, spheres per power, modifiers per power, Talent used,
        # Gifts (count over Events), the source of each Talent number
        self.char_features = (1 + nc + 2 + n + len(POWERS) + 1 + len(POWERS) + len(POWERS) + 1 + ne
                              + TALENTS * (1 + len(self.talent_gifts)))
        hc = nc + ne
        # attacker, defender (or none), District, both powers, passed, card bonuses, totals,
        # spheres, superior side, why no Superiority (District, card) and whether totals
        # are known, Superiority bonuses, withheld, a defence alone, result and its totals
        self.conflict_size = (1 + n + (n + 1) + nd + 2 * len(POWERS) + 2 + 2 + 2 + 2 + 2 + 3 + 2 + 2 + 2
                              + len(OUTCOMES) + 2)
        self.pieces = [
            ("observer", (n,)), ("current_player", (n + 1,)), ("active", (n,)),
            ("node_kind", (len(NODE_KINDS),)), ("node_seat", (n,)), ("node_card", (len(self.card_ids),)),
            ("node_source", (len(self.card_ids),)), ("node_position", (self.char_positions,)),
            ("node_misc", (9,)), ("turn", (2,)), ("limits", (3,)), ("beats", (len(POWERS), len(POWERS))),
            ("hand", (HAND_SLOTS, hc)), ("hand_sizes", (n,)), ("known_cards", (n, hc)),
            ("reserves", (n, RESERVE_SLOTS, self.char_features)),
            ("conflict", (self.conflict_size,)),
            ("conflict_att", (SIDE_SLOTS, self.char_features)), ("conflict_def", (SIDE_SLOTS, self.char_features)),
            ("districts", (n, nd)), ("district_counts", (n,)), ("tokyo", (5, nd + 1)),
            ("plot", (ne, 2)), ("deck_sizes", (3,)), ("discards", (len(self.card_ids),)),
            ("defended", (n,)), ("winners", (n,)), ("can_level", (5,)),
        ]

    # ----- decisions -------------------------------------------------------------------
    def hand_position(self, state: CrisisState, seat: int, cid: str, text: str) -> int:
        hand = state.hands[seat]
        if cid not in hand:
            raise EncodingError(f"crisis-tokyo: {text!r}: {cid!r} is not in seat {seat}'s hand")
        i = hand.index(cid)
        if i >= HAND_SLOTS:
            raise EncodingError(f"crisis-tokyo: {text!r}: hand position {i} is beyond the {HAND_SLOTS} "
                                "numbered (a defect of the action encoding)")
        return i

    def char_position(self, state: CrisisState, seat: int, uid: int, text: str) -> int:
        """The position of Character ``uid`` seen from ``seat``: Reserve slot j of the seat
        r places after ``seat`` is r * RESERVE_SLOTS + j; then the attacking side's slots,
        then the defending side's."""
        n = self.n
        for r in range(n):
            for j, inst in enumerate(state.reserves[(seat + r) % n]):
                if inst["uid"] == uid:
                    if j >= RESERVE_SLOTS:
                        raise EncodingError(f"crisis-tokyo: {text!r}: Reserve position {j} is beyond the "
                                            f"{RESERVE_SLOTS} numbered (a defect of the action encoding)")
                    return r * RESERVE_SLOTS + j
        c = state.conflict
        if c is not None:
            for s, side in enumerate(("att", "def")):
                for j, inst in enumerate(c[side]):
                    if inst["uid"] == uid:
                        if j >= SIDE_SLOTS:
                            raise EncodingError(f"crisis-tokyo: {text!r}: Conflict position {j} is beyond the "
                                                f"{SIDE_SLOTS} numbered (a defect of the action encoding)")
                        return n * RESERVE_SLOTS + s * SIDE_SLOTS + j
        raise EncodingError(f"crisis-tokyo: {text!r}: no Character {uid} in play")

    def action_index(self, state: CrisisState, text: str) -> int:
        node = state.node
        if node is None or node[0] != "decision":
            raise EncodingError(f"crisis-tokyo: {text!r}: no decision is pending")
        seat: int = node[1]
        if text in WORDS:
            return self.base_words + WORDS.index(text)
        words = text.split()
        verb = words[0]
        if verb == "power" and len(words) == 2 and words[1] in POWERS:
            return self.base_power + POWERS.index(words[1])
        if verb == "play" and len(words) == 3 and words[2] in ("a", "b"):
            return self.base_hand + 2 * self.hand_position(state, seat, words[1], text) + (words[2] == "b")
        if verb in ("recruit", "send") and len(words) == 2:
            return self.base_hand + 2 * self.hand_position(state, seat, words[1], text) + (verb == "recruit")
        if verb == "deploy" and len(words) == 2 and not words[1].isdigit():
            # deploy-hand: a Threat for the attacker, a Hero for the defender
            c = state.conflict
            hero = c is not None and c["attacker"] != seat
            return self.base_hand + 2 * self.hand_position(state, seat, words[1], text) + hero
        if verb == "discard" and len(words) == 2:
            return self.base_discard + self.hand_position(state, seat, words[1], text)
        if verb == "attack" and len(words) == 2:
            if words[1] not in state.tokyo:
                raise EncodingError(f"crisis-tokyo: {text!r}: the District is not in Tokyo")
            return self.base_attack + state.tokyo.index(words[1])
        if verb in ("host", "target", "deploy", "destroy") and len(words) == 2 and words[1].isdigit():
            return self.base_char + self.char_position(state, seat, int(words[1]), text)
        if verb == "talent" and len(words) == 3 and words[1].isdigit() and words[2].isdigit():
            pos = self.char_position(state, seat, int(words[1]), text)
            k = int(words[2])
            # a Talent is used by a Character of the seat's Reserve or of its own side of
            # the Conflict: Reserve slot j is j, a slot j of its side RESERVE_SLOTS + j
            if pos < RESERVE_SLOTS:
                slot = pos
            elif pos >= self.n * RESERVE_SLOTS:
                slot = RESERVE_SLOTS + (pos - self.n * RESERVE_SLOTS) % SIDE_SLOTS
            else:
                raise EncodingError(f"crisis-tokyo: {text!r}: a Talent of another seat's Reserve")
            if k >= TALENTS:
                raise EncodingError(f"crisis-tokyo: {text!r}: Talent number {k} is beyond the {TALENTS} numbered")
            return self.base_talent + slot * TALENTS + k
        if verb == "take" and len(words) == 2 and words[1] in self.hand_index:
            return self.base_take + self.hand_index[words[1]]
        raise EncodingError(f"crisis-tokyo: no action index for {text!r} (a defect of the action encoding)")

    # ----- chance ----------------------------------------------------------------------
    def max_chance_outcomes(self) -> int:
        return len(self.card_ids) + self.n

    def chance_index(self, text: str) -> int:
        words = text.split()
        if len(words) == 2:
            if words[0] in ("reveal", "draw", "discard") and words[1] in self.card_index:
                return self.card_index[words[1]]
            if words[0] == "first" and words[1].isdigit() and int(words[1]) < self.n:
                return len(self.card_ids) + int(words[1])
        raise EncodingError(f"crisis-tokyo: no chance index for {text!r} (a defect of the chance encoding)")

    # ----- observation tensor ----------------------------------------------------------
    def write_tensor(self, obs: dict[str, Any], seat: int, w: TensorWriter) -> None:
        n = self.n

        def rot(s: int | None) -> int:
            """The place of seat ``s`` counted from ``seat`` (-1 for no seat)."""
            return -1 if s is None or s < 0 else (s - seat) % n

        w.one_hot(n, seat)
        cur = int(obs["current_player"])
        w.one_hot(n + 1, rot(cur) if cur >= 0 else n)
        w.one_hot(n, rot(int(obs["active"])))
        # the pending node
        node = obs["node"]
        data: dict[str, Any] = {}
        kind = -1
        node_seat = -1
        if node is not None:
            data = node.get("data", {})
            name = str(node["kind"])
            if node["seat"] is None:
                name = "chance:" + name
            elif name == "effect":
                name = "effect:" + str(data.get("name"))
            kind = NODE_KINDS.index(name)
            node_seat = rot(node["seat"])
        w.one_hot(len(NODE_KINDS), kind)
        w.one_hot(n, node_seat)
        ncards = len(self.card_ids)
        w.one_hot(ncards, self.card_index.get(str(data.get("card")), -1))
        w.one_hot(ncards, self.card_index.get(self.name_to_card.get(str(data.get("source")), ""), -1))
        position = -1
        if "uid" in data:
            position = self._obs_char_position(obs, seat, int(data["uid"]))
        w.one_hot(self.char_positions, position)
        side = data.get("side")
        op = data.get("op")
        if isinstance(op, dict):
            side = op.get("side", side)
        w.values([float(data.get("need", 0)) / 2.0, float(data.get("n", 0)) / 3.0, float(data.get("left", 0)) / 3.0,
                 float(data.get("deck") == "character"), float(data.get("deck") == "event"),
                 float(side == "own"), float(side == "enemy"), float(data.get("half") == "a"),
                 float(data.get("half") == "b")])
        w.values([min(float(obs["turn"]) / self.turn_limit, 1.0), float(obs["actions_left"]) / 4.0])
        limits = obs["limits"]
        w.values([float(limits["hand"]) / 7.0, float(limits["reserve"]) / 4.0, float(limits["attack_actions"]) / 2.0])
        beats = obs["beats"]
        for p in POWERS:
            w.values([float(q in beats[p]) for q in POWERS])
        # own hand, by position
        hc = len(self.hand_index)
        hand = obs["hand"] or []
        if len(hand) > HAND_SLOTS:
            raise EncodingError(f"crisis-tokyo: a hand of {len(hand)} cards is beyond the {HAND_SLOTS} numbered")
        for i in range(HAND_SLOTS):
            w.one_hot(hc, self.hand_index[hand[i]] if i < len(hand) else -1)
        sizes = obs["hand_sizes"]
        w.values([float(sizes[(seat + r) % n]) / 8.0 for r in range(n)])
        for r in range(n):
            base = w.pos
            for cid in obs["known_cards"][(seat + r) % n]:
                w.add(base + self.hand_index[cid], 1.0)
            w.skip(hc)
        for r in range(n):
            self._slots(w, obs["reserves"][(seat + r) % n], RESERVE_SLOTS, seat, "Reserve")
        # the Conflict
        c = obs["conflict"]
        nd = len(self.districts)
        if c is None:
            w.skip(self.conflict_size + 2 * SIDE_SLOTS * self.char_features)
        else:
            w.value(1.0)
            w.one_hot(n, rot(c["attacker"]))
            d = c["defender"]
            w.one_hot(n + 1, rot(d) if d is not None else n)
            w.one_hot(nd, self.district_index[c["district"]])
            w.one_hot(len(POWERS), POWERS.index(c["att_power"]) if c["att_power"] else -1)
            w.one_hot(len(POWERS), POWERS.index(c["def_power"]) if c["def_power"] else -1)
            w.values([float(bool(x)) for x in c["passed"]])
            w.values([float(x) / 5.0 for x in c["bonus"]])
            totals = c.get("totals") or [0, 0]
            w.values([float(x) / 20.0 for x in totals])
            spheres = c.get("spheres") or [None, None]
            w.values([float(x or 0) / 20.0 for x in spheres])
            w.values([float(c.get("superior") == "att"), float(c.get("superior") == "def")])
            off = c.get("superiority_off")
            w.values([float(off == "district"), float(off == "card"), float("totals" in c)])
            w.values([float(x) / 5.0 for x in (c.get("superiority") or [0, 0])])
            w.values([float(x is not None) for x in (c.get("withheld") or [None, None])])
            alone = c.get("defend_alone")
            w.values([float(x) / 20.0 for x in (alone["totals"] if alone else [0, 0])])
            result = c.get("result")
            w.one_hot(len(OUTCOMES), OUTCOMES.index(result["outcome"]) if result else -1)
            rt = result["totals"] if result and result.get("totals") else [0, 0]
            w.values([float(x) / 20.0 for x in rt])
            self._slots(w, c["att"], SIDE_SLOTS, seat, "attacking side")
            self._slots(w, c["def"], SIDE_SLOTS, seat, "defending side")
        # Districts levelled, Tokyo, the Plot, decks and discard piles
        for r in range(n):
            base = w.pos
            for did in obs["districts"][(seat + r) % n]:
                w.set(base + self.district_index[did], 1.0)
            w.skip(nd)
        w.values([float(len(obs["districts"][(seat + r) % n])) / self.districts_to_win for r in range(n)])
        tokyo = list(obs["tokyo"])
        for place in range(5):
            did = tokyo[place] if place < len(tokyo) else None
            w.one_hot(nd + 1, self.district_index[did] if did is not None else nd)
        ne = len(self.events)
        if obs["plot"]:
            w.set(w.pos + 2 * self.event_index[obs["plot"]["card"]] + (obs["plot"]["half"] == "b"), 1.0)
        w.skip(2 * ne)
        decks = obs["deck_sizes"]
        w.values([float(decks["character"]) / len(self.characters), float(decks["event"]) / ne,
                 float(decks["district"]) / nd])
        base = w.pos
        for pile in ("character", "event", "district"):
            for cid in obs["discards"].get(pile, []):
                w.add(base + self.card_index[cid], 1.0)
        w.skip(ncards)
        defended = obs["defended"]
        w.values([float((seat + r) % n in defended) for r in range(n)])
        winners = obs["winners"] or []
        w.values([float((seat + r) % n in winners) for r in range(n)])
        can = obs["can_level"] or {}
        w.values([float(bool(can.get(tokyo[p]))) if p < len(tokyo) and tokyo[p] is not None else 0.0
                 for p in range(5)])

    def _obs_char_position(self, obs: dict[str, Any], seat: int, uid: int) -> int:
        n = self.n
        for r in range(n):
            for j, inst in enumerate(obs["reserves"][(seat + r) % n]):
                if inst["uid"] == uid:
                    return r * RESERVE_SLOTS + j if j < RESERVE_SLOTS else -1
        c = obs["conflict"]
        if c is not None:
            for s, side in enumerate(("att", "def")):
                for j, inst in enumerate(c[side]):
                    if inst["uid"] == uid:
                        return n * RESERVE_SLOTS + s * SIDE_SLOTS + j if j < SIDE_SLOTS else -1
        return -1

    def _slots(self, w: TensorWriter, insts: list[dict[str, Any]], slots: int, seat: int, where: str) -> None:
        if len(insts) > slots:
            raise EncodingError(f"crisis-tokyo: {len(insts)} Characters in a {where}, beyond the {slots} numbered")
        for inst in insts:
            self._character(w, inst, seat)
        w.skip((slots - len(insts)) * self.char_features)

    def _character(self, w: TensorWriter, inst: dict[str, Any], seat: int) -> None:
        n = self.n
        nc = len(self.characters)
        at = w.pos
        w.set(at + 0, 1.0)
        w.set(at + 1 + self.char_index[inst["card"]], 1.0)
        i = 1 + nc
        w.set(at + i + (inst["half"] == "hero"), 1.0)
        i += 2
        w.set(at + i + (int(inst["owner"]) - seat) % n, 1.0)
        i += n
        if inst["wild"]:
            w.set(at + i + POWERS.index(inst["wild"]), 1.0)
        i += len(POWERS)
        w.set(at + i, float(inst["wild_open"]) / 3.0)
        i += 1
        spheres = inst["spheres"]
        for k, p in enumerate(POWERS):
            w.set(at + i + k, float(spheres.get(p, 0)) / 10.0)
        i += len(POWERS)
        mods = inst["mods"]
        for k, p in enumerate(POWERS):
            w.set(at + i + k, float(mods.get(p, 0)) / 5.0)
        i += len(POWERS)
        w.set(at + i, float(bool(inst["talent_used"])))
        i += 1
        for g in inst["gifts"]:
            w.add(at + i + self.event_index[g["card"]], 1.0)
        i += len(self.events)
        # the source of each Talent number: the Character's own Talents, then its Gifts'
        sources: list[int] = [0] * len(self.cards["character"][inst["card"]][inst["half"]].get("talents", ()))
        for g in inst["gifts"]:
            half = self.cards["event"][g["card"]][g["half"]]
            if half.get("talents"):
                sources += [1 + self.talent_gifts.index(g["card"])] * len(half["talents"])
        width = 1 + len(self.talent_gifts)
        for k, src in enumerate(sources[:TALENTS]):
            w.set(at + i + k * width + src, 1.0)
        w.skip(self.char_features)
