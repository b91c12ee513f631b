"""A plain-text picture of a King of Tokyo position, as one seat sees it."""

from __future__ import annotations

from .cards import EnergyCard, Evolution
from .dark import DarkState
from .engine import LOCATION_NAMES, KotState, face_sort, rolled_faces
from .godzilla import GodzillaGame, GodzillaState


def _evolution(state: GodzillaState, eid: str) -> Evolution:
    game = state.game
    assert isinstance(game, GodzillaGame)  # the game of a Godzilla position
    evo: Evolution = game.evolution(eid)
    return evo


def render_text(state: KotState, seat: int | None = None) -> str:
    """The table: monsters (hearts, stars, energy, Wickedness, cards, tiles, tokens,
    place), Tokyo, the dice, the market and whose decision it is."""
    g = state.game
    lines: list[str] = []
    lines.append(f"Turn {state.turn_count} - {state.name(state.active)} to play"
                 + (f" - you are {state.name(seat)} (seat {seat})" if seat is not None else ""))
    for m in state.monsters:
        mark = ">" if m.seat == state.active else " "
        if not m.alive:
            lines.append(f"{mark} [{m.seat}] {state.name(m.seat):<12} eliminated")
            continue
        extra = []
        if m.poison:
            extra.append(f"poison {m.poison}")
        if m.shrink:
            extra.append(f"shrink {m.shrink}")
        if m.smoke:
            extra.append(f"smoke {m.smoke}")
        if m.zombified:
            extra.append("zombie")
        third = (f"Dice tokens {state.tokens[m.seat]:>2}" if isinstance(state, GodzillaState)
                 else f"wickedness {m.wickedness:>2}" if isinstance(state, DarkState) else "")
        battery = state.marks.get(f"stored-battery-monster-{m.seat}")
        if battery:
            extra.append(f"{battery} energy on Battery Monster")
        lines.append(f"{mark} [{m.seat}] {state.name(m.seat):<12} hearts {m.hearts:>2}/{state.max_hearts(m):<2} "
                     f"stars {m.stars:>2}  energy {m.energy:>2}  " + (f"{third}  " if third else "") +
                     f"{LOCATION_NAMES[m.location]}" + (f"  ({', '.join(extra)})" if extra else ""))
        owned = [g.card(c).name for c in m.cards]
        if isinstance(state, DarkState):  # only the Dark Edition has Wickedness tiles
            owned += [state.game.tile(t).name + " (tile)" for t in m.tiles]
        if isinstance(state, GodzillaState) and state.evo_on:
            owned += [_evolution(state, e).name + " (Evolution)" for e in state.evo_play[m.seat]]
            if m.seat != seat and state.evo_hand[m.seat]:
                owned.append(f"{len(state.evo_hand[m.seat])} Evolution(s) in hand")
        if m.copy and "fluxling" in m.tiles:
            owned.append(f"Fluxling copies {g.card(m.copy).name}")
        elif m.copy and "mimic" in m.cards:
            owned.append(f"Mimic copies {g.card(m.copy).name}")
        if owned:
            lines.append("        " + ", ".join(owned))
    city = state.name(state.city) if state.city is not None else "empty"
    tokyo = f"Tokyo City: {city}"
    if state.bay_in_use() or state.bay is not None:
        tokyo += f"   Tokyo Bay: {state.name(state.bay) if state.bay is not None else 'empty'}"
    lines.append(tokyo)
    if state.dice and None not in state.dice:
        words = state.FACE_WORDS
        black = state.black if isinstance(state, GodzillaState) else 0
        cut = len(state.dice) - black  # the black dice are the last ones (Godzilla)
        lines.append(f"Dice (roll {state.rolls_used} of {state.rolls_allowed}): "
                     + _faces_text(words, state.dice[:cut])
                     + (f"   black dice: {_faces_text(words, state.dice[cut:])}" if black else ""))
    lines.append(f"Market (deck {sum(state.deck.values()) + len(state.known_top)}):"
                 + ("" if any(state.market) else " empty"))
    for c in state.market:
        if c:
            card = g.card(c)
            event = card.event if isinstance(card, EnergyCard) else None
            kind = card.type.upper() + (f", {event}" if event else "")
            text = f"{card.event_text} {card.text}" if isinstance(card, EnergyCard) and event else card.text
            in_force = " [in force]" if event == "ongoing" else ""
            lines.append(f"  {card.name} ({card.cost} energy, {kind}){in_force}: {text}")
    if isinstance(state, GodzillaState):
        lines.append(f"Dice tokens in the supply: {state.supply['dice']}")
        if seat is not None and state.evo_on:
            hand = [_evolution(state, e) for e in state.evo_hand[seat]]
            lines.append("Your Evolutions: " + ("; ".join(f"{e.name} ({e.kind}, {e.window}): {e.text}"
                                                          for e in hand) or "none"))
            drawn = [_evolution(state, e).name for e in state.evo_drawn[seat]]
            if drawn:
                lines.append("You drew: " + ", ".join(drawn))
    if isinstance(state, DarkState) and state.node is not None and state.node[2] == "tile" and state.node[1] == seat:
        lines.append(f"Wickedness tiles you may take at level {state.node[3]['level']}:")
        for t in state.tile_stacks[str(state.node[3]["level"])]:
            lines.append(f"  {t}: {state.game.tile(t).name}: {state.game.tile(t).text}")
    if seat is not None:
        seen = [g.card(c).name for c, s in state.known_top if seat in s]
        if seen:
            lines.append("You know the top card: " + ", ".join(seen))
    if state.winners is not None:
        lines.append("Winners: " + (", ".join(state.name(s) for s in state.winners) or "nobody"))
    return "\n".join(lines)


def _faces_text(words: dict[str, str], dice: list[str | None]) -> str:
    """The rolled faces of ``dice`` in face order, in the edition's words."""
    return "  ".join(words[f] for f in face_sort(rolled_faces(dice)))
