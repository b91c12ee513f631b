"""Build a King of Tokyo position directly, so a test or an analysis starts where a rule bites.

Example::

    game = tokyo.load_game("kot-dark", players=4)
    state = build_position(game,
        monsters=[{"hearts": 5, "location": "city", "cards": ["jets"]}, {"energy": 6}, {}, {}],
        active=1, step="resolve", dice="c c c 1 1 h")
    state.apply_action("resolve smash")

Each monster dict may set: hearts, stars, energy, wickedness, cards (KEEP card ids),
tiles (Wickedness tile ids; their levels count as taken), poison, shrink, smoke,
location ("out", "city", "bay"), alive, copy (the card Fluxling copies), zombified.
Cards and tiles placed anywhere are taken out of the deck and tile stacks, so every
card is still counted once.

kot-godzilla adds: dice_tokens (Dice tokens held, taken from the supply of 12),
evolutions (the Evolution ids in hand), evolutions_in_play (permanent Evolutions played),
evolutions_used (temporary ones played and discarded, face up) and evolutions_discard (not
kept after a draw, face down); these are taken out of that monster's Evolution deck, which
holds the rest (the game needs ``evolutions=true``). ``black`` sets the black
dice added this turn. Events in ``market`` are in force if ongoing; a reveal Event placed
there does not apply its reveal effect (it was revealed before the position).

``step`` says where the turn of ``active`` stands:
- "turn-start": before the start-of-turn effects (turn_count is incremented first);
- "roll": about to roll the first time (start-of-turn effects already done);
- "roll-decision": ``dice`` showing after ``rolls_used`` rolls, the active monster to decide;
- "after-rolls": rolling is over (Psychic Probe owners may act next);
- "resolve": rolling is over and dice are about to be resolved;
- "buy": the Buy Power Cards step; "end": the End of Turn step.

Raises ValueError for unknown card or tile ids, bad locations, or a card used more
often than the deck holds.
"""

from __future__ import annotations

from typing import Any, Iterable

from .dark import DarkState
from .engine import BAY, CITY, FACES, OUT, KotGame, KotState
from .godzilla import GodzillaState

_LOCATIONS = {"out": OUT, "city": CITY, "bay": BAY}
_STEPS: dict[str, list[str] | None] = {"turn-start": None, "roll": ["roll-setup"], "roll-decision": ["roll-decision"],
          "after-rolls": ["after-rolls"], "resolve": ["resolve-choice"], "buy": ["buy"], "end": ["end-turn"]}


def _faces(dice: str | Iterable[str] | None) -> list[str]:
    if dice is None:
        return []
    items = dice.split() if isinstance(dice, str) else list(dice)
    for f in items:
        if f not in FACES:
            raise ValueError(f"unknown die face {f!r}; faces: {' '.join(FACES)}")
    return items


_GODZILLA_FIELDS = ("dice_tokens", "evolutions", "evolutions_in_play", "evolutions_used", "evolutions_discard")


def _godzilla_fields(state: KotState, seat: int, spec: dict[str, Any]) -> None:
    """Dice tokens and Evolutions of one monster (kot-godzilla)."""
    given = [f for f in _GODZILLA_FIELDS if spec.get(f)]
    if not given:
        return
    if not isinstance(state, GodzillaState):
        raise ValueError(f"this edition has no {given[0]}")
    n = spec.get("dice_tokens", 0)
    if not isinstance(n, int) or n < 0 or n > state.supply["dice"]:
        raise ValueError(f"monster {seat}: dice_tokens must be from 0 to {state.supply['dice']}, not {n!r}")
    state.tokens[seat] += n
    state.supply["dice"] -= n
    for field, pile in (("evolutions", state.evo_hand), ("evolutions_in_play", state.evo_play),
                        ("evolutions_used", state.evo_used), ("evolutions_discard", state.evo_discard)):
        for eid in spec.get(field, ()):
            if not state.evo_on:
                raise ValueError("Evolutions need the option evolutions=true")
            if eid not in state.evo_deck[seat]:
                raise ValueError(f"Evolution {eid!r} is not in {state.monsters[seat].monster}'s deck")
            state.evo_deck[seat].remove(eid)
            pile[seat].append(eid)


def build_position(game: KotGame, monsters: list[dict[str, Any]] | None = None, *, active: int = 0,
                   step: str = "roll", dice: str | Iterable[str] | None = None, rolls_used: int = 1,
                   rolls_allowed: int | None = None, market: Iterable[str] | None = None,
                   discard: Iterable[str] = (), turn: int = 1, extra_turns: int | list[int] = 0,
                   black: int = 0) -> KotState:
    """Return a state of ``game`` set as described in the module docstring."""
    if step not in _STEPS:
        raise ValueError(f"unknown step {step!r}; steps: {', '.join(_STEPS)}")
    if not 0 <= active < game.num_players:
        raise ValueError(f"active must be a seat from 0 to {game.num_players - 1}, not {active}")
    state: KotState = game._new_blank_state()
    state.rolloff = {"contenders": [], "claws": {}, "first": 0}
    specs = list(monsters or [])
    if len(specs) > game.num_players:
        raise ValueError(f"{len(specs)} monster specs for {game.num_players} players")

    def take_card(cid: str) -> None:
        if cid not in state.deck:
            raise ValueError(f"unknown card {cid!r}")
        if state.deck[cid] <= 0:
            raise ValueError(f"no copy of {cid!r} left in the deck")
        state.deck[cid] -= 1

    for seat, spec in enumerate(specs):
        m = state.monsters[seat]
        unknown = set(spec) - {"hearts", "stars", "energy", "wickedness", "cards", "tiles", "poison", "shrink",
                               "smoke", "location", "alive", "copy", "zombified"} - set(_GODZILLA_FIELDS)
        if unknown:
            raise ValueError(f"unknown monster fields {sorted(unknown)}")
        for key in ("hearts", "stars", "energy", "wickedness", "poison", "shrink", "smoke", "zombified", "copy"):
            if key in spec:
                setattr(m, key, spec[key])
        for key, top in (("hearts", 12), ("stars", None), ("energy", None), ("wickedness", 10), ("poison", 12),
                         ("shrink", 12), ("smoke", 3)):
            value = getattr(m, key)
            if not isinstance(value, int) or value < 0 or (top is not None and value > top):
                raise ValueError(f"monster {seat}: {key} must be a whole number from 0"
                                 + (f" to {top}" if top is not None else "") + f", not {value!r}")
        for cid in spec.get("cards", ()):
            take_card(cid)
            m.cards.append(cid)
        for tid in spec.get("tiles", ()):
            if not isinstance(state, DarkState):
                raise ValueError("this edition has no Wickedness tiles")
            stacks = state.tile_stacks
            level = state.game.tile(tid).level
            if tid not in stacks[str(level)]:
                pair = next(t for t in state.game.tile_pairs() if tid in (t.get("red"), t.get("green")))
                other = pair["green"] if pair["red"] == tid else pair["red"]
                if other not in stacks[str(level)]:
                    raise ValueError(f"tile {tid!r} is not available")
                stacks[str(level)].remove(other)
            else:
                stacks[str(level)].remove(tid)
            m.tiles.append(tid)
            m.levels.append(level)
        for token in ("poison", "shrink", "smoke"):
            if token not in state.supply:  # an edition without these tokens
                if getattr(m, token):
                    raise ValueError(f"this edition has no {token} tokens")
                continue
            if token == "smoke" and m.copy == "smoke-cloud" and "smoke-cloud" not in m.cards:
                continue  # a Fluxling copy's Smoke tokens are its own, not the box's (R13)
            state.supply[token] -= getattr(m, token)
        _godzilla_fields(state, seat, spec)
        if "alive" in spec and not spec["alive"]:
            m.alive = False
            m.hearts = 0
        loc = spec.get("location", "out")
        if loc not in _LOCATIONS:
            raise ValueError(f"unknown location {loc!r}; locations: out, city, bay")
        m.location = _LOCATIONS[loc]
        if m.location == BAY and game.num_players < 5:
            raise ValueError("Tokyo Bay is used only with 5 or 6 players")
        if m.location == CITY:
            if state.city is not None:
                raise ValueError("two monsters in Tokyo City")
            state.city = seat
        elif m.location == BAY:
            if state.bay is not None:
                raise ValueError("two monsters in Tokyo Bay")
            state.bay = seat
    if market is None:
        market = [c for c in game.deck_counts()][:3]
        market = [c for c in market if state.deck.get(c, 0) > 0][:3]
    state.market = []
    for cid in market:
        take_card(cid)
        state.market.append(cid)
    for cid in discard:
        take_card(cid)
        state.discard.append(cid)
    state.active = active
    state.turn_count = turn
    state.order_seat = active
    # extra turns already earned this turn: a number (the active monster's) or [seat, ...]
    seats = [active] * extra_turns if isinstance(extra_turns, int) else list(extra_turns)
    state.extra_turns = [[s, ["extra-turn", s]] for s in seats]
    if black:
        if not isinstance(state, GodzillaState):
            raise ValueError("this edition has no black dice")
        state.black = black
    state.dice = list(_faces(dice))
    if len(state.dice) > game.max_dice:
        raise ValueError(f"at most {game.max_dice} dice, not {len(state.dice)}")
    state.rolls_used = rolls_used
    state.rolls_allowed = 3 + state.hook_extra_rolls(state.monsters[active]) if rolls_allowed is None else rolls_allowed
    if step == "turn-start":
        state.turn_count = turn - 1
        state.stack = [["turn-start", active]]
    else:
        start = _STEPS[step]
        assert start is not None  # only "turn-start" has no step of its own
        state.stack = [list(start)]
    if step in ("roll-decision", "after-rolls", "resolve") and not state.dice:
        raise ValueError(f"step {step!r} needs dice")
    state._run()
    return state
