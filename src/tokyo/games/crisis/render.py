"""A plain-text picture of a Crisis: Tokyo position as one seat sees it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .cards import POWER_NAMES

if TYPE_CHECKING:
    from .state import CrisisState, Instance


def _inst(state: CrisisState, i: Instance) -> str:
    sph = ", ".join(f"{n} {p}" for p, n in ((p, state.spheres(i, p)) for p in POWER_NAMES) if n) or "grey"
    gifts = "".join(f" +{state.game.half(g['card'], g['half'])['name']}" for g in i["gifts"])
    return f"{state.card_half(i)['name']} #{i['uid']} [{sph}]{gifts}"


_KINDS = {"action": "an action of the turn", "send": "Threats to send", "attack-power": "the attack power",
          "defend": "defend or decline", "deploy": "Heroes to deploy", "defend-power": "the defence power",
          "manoeuvre": "a manoeuvre (play, Talent or pass)", "wild": "the power of the wildcard spheres",
          "choose-deck": "which deck to draw from", "discard": "a card to discard",
          "reserve-limit": "a Hero to destroy (Reserve limit)", "gift-host": "the Character to get the Gift",
          "spheres": "the Character whose spheres change", "spheres-power": "which power",
          "destroy": "the Character to destroy", "to_hand": "the Character to return to its hand",
          "from-discard": "the card to take from the discard pile", "portal-half": "which half to play",
          "deploy-hand": "a card from your hand to add to the Conflict",
          "deploy-reserve": "a Hero from your Reserve to add to the Conflict",
          "change-power": "the new power", "recruit": "a Hero to recruit", "resources": "a free draw"}


def _spheres_text(spheres: dict[str, int]) -> str:
    if not spheres:
        return "grey"
    return ", ".join(f"{n} {'wildcard' if p == 'wild' else p}" for p, n in spheres.items())


def _hand_card(state: CrisisState, cid: str) -> list[str]:
    """Two lines for a card in hand: each half with its spheres or kind, and its text."""
    g = state.game
    if cid in g.cards["character"]:
        c = g.cards["character"][cid]
        return [f"  {cid}:",
                f"    Threat {c['threat']['name']} [{_spheres_text(c['threat'].get('spheres', {}))}]: "
                f"{c['threat'].get('text', '')}",
                f"    Hero   {c['hero']['name']} [{_spheres_text(c['hero'].get('spheres', {}))}]: "
                f"{c['hero'].get('text', '')}"]
    e = g.cards["event"][cid]
    return [f"  {cid}:"] + [f"    {w}: {e[w]['name']} ({e[w]['kind']}): {e[w].get('text', '')}" for w in ("a", "b")]


def render_text(state: CrisisState, seat: int | None = None) -> str:
    g = state.game
    lines = [f"Turn {state.turn_count} - Seat {state.active} to play ({state.actions_left} action(s) left)"]
    tokyo = []
    for did in state.tokyo:
        if did:
            d = g.cards["district"][did]
            res = f"{d['white']} white" if "white" in d else ", ".join(f"{v} {k}" for k, v in d.get("resistance", {}).items())
            tokyo.append(f"{d['name']} ({did}: {res})")
    lines.append("Tokyo: " + " | ".join(tokyo))
    if state.plot:
        lines.append("Plot: " + g.half(state.plot["card"], state.plot["half"])["name"])
    for p in range(g.num_players):
        res = "; ".join(_inst(state, i) for i in state.reserves[p]) or "-"
        dist = ", ".join(g.cards["district"][d]["name"] for d in state.districts[p]) or "-"
        you = " (you)" if p == seat else ""
        lines.append(f"Seat {p}{you}: hand {len(state.hands[p])}, Districts: {dist}; Reserve: {res}")
    c = state.conflict
    if c:
        lines.append(f"Conflict at {g.cards['district'][c['district']]['name']}: attacker Seat {c['attacker']} "
                     f"({c['att_power'] or '?'}) vs defender "
                     f"{'Seat ' + str(c['defender']) if c['defender'] is not None else 'none'} ({c['def_power'] or '?'})")
        lines.append("  attacking: " + ("; ".join(_inst(state, i) for i in c["att"]) or "-"))
        lines.append("  defending: " + ("; ".join(_inst(state, i) for i in c["def"]) or "-"))
        if c["att_power"] and c["def_power"]:
            att, dfn = state.combat_totals()
            lines.append(f"  totals (Superiority included): attacker {att}, defender {dfn}")
    if seat is not None:
        lines.append("Your hand:" + ("" if state.hands[seat] else " empty"))
        for cid in state.hands[seat]:
            lines.extend(_hand_card(state, cid))
    node = state.node
    if node is not None and node[0] == "decision":
        what = node[3].get("name", node[2]) if node[2] == "effect" else node[2]
        lines.append(f"Now deciding: Seat {node[1]}" + (" (you)" if node[1] == seat else "") + f" - {_KINDS.get(what, what)}")
    if state.winners is not None:
        lines.append("Winners: " + (", ".join(f"Seat {p}" for p in state.winners) or "nobody"))
    return "\n".join(lines)
