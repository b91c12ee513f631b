"""Copy effects: a card or tile that works as a copy of another monster's KEEP card.

Fluxling (kot-dark tile) and Mimic (kot Power card) are one effect with two parameters:
the id that carries it, and what moving the copy costs at the start of its owner's turn
(Fluxling: nothing; Mimic: 1 energy). The copied card is ``MonsterState.copy``, and
``KotState.has`` counts it while its carrier is held (rulings R17, B6).
"""

from __future__ import annotations

from ...core.machine import Node, Step
from .effects import Effects
from .engine import KotState, MonsterState

NOT_COPIED = frozenset({"mimic"})
"""Cards no copy may copy: a copy of Mimic would copy nothing (BGA leaves it out too)."""


def holds_carrier(m: MonsterState, cid: str) -> bool:
    """Whether ``m`` holds the card or tile ``cid`` that carries a copy."""
    return cid in m.tiles or cid in m.cards


def copyable(state: KotState, m: MonsterState) -> list[str]:
    """The KEEP cards of other living monsters ``m`` may copy: not one it holds or already
    copies (R17)."""
    return [cid for o in state.monsters if o is not m and o.alive
            for cid in o.cards if cid not in m.cards and cid != m.copy and cid not in NOT_COPIED]


def register_copy(reg: Effects, carrier: str, move_cost: int, name: str) -> None:
    """Register in ``reg`` the copy effect carried by ``carrier`` (its decision and step
    are named ``carrier`` and ``<carrier>-ask``): on gaining it, its owner may copy a card;
    at the start of each of its turns it may copy another, paying ``move_cost`` energy."""
    ask = f"{carrier}-ask"

    @reg.gain(carrier)
    def _gain(state: KotState, m: MonsterState) -> list[Step]:
        return [["card", ask, m.seat, "gain"]]

    @reg.on("turn_start", carrier)
    def _turn(state: KotState, m: MonsterState) -> list[Step]:
        return [["card", ask, m.seat, "turn"]]

    @reg.step(ask)
    def _ask(state: KotState, seat: int, why: str) -> None:
        m = state.monsters[seat]
        if m.alive and holds_carrier(m, carrier) and copyable(state, m):
            if why == "turn" and m.copy is not None and m.energy < move_cost:
                return  # moving the copy costs more energy than its owner has
            state.ask_card(seat, carrier, why=why)

    def _legal(state: KotState, node: Node) -> list[str]:
        m = state.monsters[node[1]]
        return [f"copy {cid}" for cid in dict.fromkeys(copyable(state, m))] + ["pass"]

    @reg.decision(carrier, _legal)
    def _do(state: KotState, node: Node, text: str) -> None:
        if text == "pass":
            return
        m = state.monsters[node[1]]
        cid = text.split()[1]
        if move_cost and node[3].get("why") == "turn" and m.copy is not None:
            m.energy -= move_cost
            state.say(f"{state.name(m.seat)} pays {move_cost} energy to move its {name} token.", name)
        state.end_copy(m)
        m.copy = cid
        state.say(f"{state.name(m.seat)}'s {name} now copies {state.game.card(cid).name}.", name)
        state.clip_hearts(m)
        fn = state.effects.on_gain.get(cid)
        if fn:
            state._push(*(fn(state, m) or []))
