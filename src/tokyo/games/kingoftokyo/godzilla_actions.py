"""Effects of the King of Tokyo: Godzilla ACTION cards (resolved when bought, then
discarded) and EVENT cards (a reveal effect applied once when revealed face up, or an
ongoing effect while face up in the market; their Action effect when bought), registered
into ``godzilla_cards.ENERGY`` by card id; wording in data/godzilla_energy_cards.toml.

Cards with ``shares_effect`` need no code here: Crush the Tank Column (Tank), Oxygen Destroyer (High Altitude Bombing), Missile Barrage
(Flame Thrower), Berserk Rage (Frenzy: ``earn_extra_turn``, R38).

Air Strike asks the ``pick-monster`` decision (``godzilla_cards.pick``: ``target <seat>``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.machine import Step
from .engine import CITY, OUT, Damage, MonsterState
from .godzilla_cards import ENERGY, pick, take_tokens

if TYPE_CHECKING:
    from .godzilla import GodzillaState

on, play, reveal, step = ENERGY.on, ENERGY.play, ENERGY.reveal, ENERGY.step


def _living(state: GodzillaState, first: int | None = None, include: bool = True) -> list[MonsterState]:
    """Living monsters clockwise from ``first`` (default: the active monster)."""
    seat = state.active if first is None else first
    return [state.monsters[s] for s in state.clockwise_from(seat, include=include) if state.monsters[s].alive]


def _others(state: GodzillaState, m: MonsterState) -> list[MonsterState]:
    return _living(state, m.seat, include=False)


# ====================================== ACTION ======================================
@play("supply-drop")
def _supply_drop(state: GodzillaState, m: MonsterState) -> None:
    take_tokens(state, m, 3, "Supply Drop")


@play("topple-the-tower")  # not shared with Apartment Building: that effect names the kot-dark card
def _topple(state: GodzillaState, m: MonsterState) -> None:
    state.gain_stars(m, 3, "Topple the Tower")


@play("derail-bullet-train")
def _derail(state: GodzillaState, m: MonsterState) -> None:
    state.gain_stars(m, 3, "Derail the Bullet Train")
    take_tokens(state, m, 1, "Derail the Bullet Train")


@play("rampage-downtown")
def _rampage_downtown(state: GodzillaState, m: MonsterState) -> None:
    state.gain_stars(m, 2 if state.in_tokyo(m) else 1, "Rampage Downtown")


@play("field-hospital")
def _field_hospital(state: GodzillaState, m: MonsterState) -> None:
    state.gain_hearts(m, 3, "Field Hospital")


@play("landfall")  # not Death From Above's: that one does nothing to the others from Tokyo City
def _landfall(state: GodzillaState, m: MonsterState) -> None:
    state.gain_stars(m, 2, "Landfall")
    for o in _others(state, m):
        state.leave_tokyo(o, "Landfall")
    if m.location == OUT:
        state.enter(m, CITY, "Landfall")
    elif m.location != CITY:  # from Tokyo Bay: it was in Tokyo already, no star
        state.leave_tokyo(m, "Landfall")
        state.city, m.location = m.seat, CITY
        state.say(f"{state.name(m.seat)} moves to Tokyo City.", "Landfall")


@play("rolling-blackout")
def _rolling_blackout(state: GodzillaState, m: MonsterState) -> None:
    for o in _others(state, m):
        state.lose_energy(o, 2, "Rolling Blackout")
    state.gain_stars(m, 1, "Rolling Blackout")


@play("storm-surge")
def _storm_surge(state: GodzillaState, m: MonsterState) -> list[Step]:
    state.gain_stars(m, 1, "Storm Surge")
    return [state.damage(o.seat, 2, "card", m.seat, "Storm Surge") for o in _others(state, m) if state.in_tokyo(o)]


@play("air-strike")
def _air_strike(state: GodzillaState, m: MonsterState) -> list[Step]:
    return [pick(m.seat, "pick-monster", [o.seat for o in _others(state, m)], "air-strike-hit")]


@step("air-strike-hit")
def _air_strike_hit(state: GodzillaState, seat: int, target: int) -> None:
    state.say(f"{state.name(seat)} chooses {state.name(target)}.", "Air Strike")
    state._push(state.damage(target, 3, "card", seat, "Air Strike"))


# ====================================== EVENT: reveal ======================================
# A reveal effect applies to the living monsters, clockwise from the active monster (seat 0,
# the first seat, during set-up: nobody is active yet); ``fn(state)`` returns steps.
@reveal("great-earthquake")
def _earthquake_reveal(state: GodzillaState) -> list[Step]:
    return [state.damage(o.seat, 1, "card", None, "Great Earthquake") for o in _living(state)]


@play("great-earthquake")
def _earthquake_play(state: GodzillaState, m: MonsterState) -> list[Step]:
    state.gain_stars(m, 2, "Great Earthquake")
    return [state.damage(o.seat, 1, "card", m.seat, "Great Earthquake") for o in _others(state, m)]


@reveal("military-airlift")
def _airlift_reveal(state: GodzillaState) -> None:
    for o in _living(state):
        take_tokens(state, o, 1, "Military Airlift")


@play("military-airlift")
def _airlift_play(state: GodzillaState, m: MonsterState) -> None:
    take_tokens(state, m, 2, "Military Airlift")
    state.gain_energy(m, 1, "Military Airlift")


@reveal("breaking-news")
def _news_reveal(state: GodzillaState) -> None:
    for o in _living(state):
        if state.in_tokyo(o):
            state.gain_stars(o, 1, "Breaking News")


@play("breaking-news")
def _news_play(state: GodzillaState, m: MonsterState) -> None:
    state.gain_stars(m, 3 if state.in_tokyo(m) else 2, "Breaking News")


@reveal("solar-storm")
def _solar_reveal(state: GodzillaState) -> None:
    for o in _living(state):
        state.gain_energy(o, 1, "Solar Storm")


@play("solar-storm")
def _solar_play(state: GodzillaState, m: MonsterState) -> None:
    state.gain_stars(m, 2, "Solar Storm")
    state.gain_energy(m, 2, "Solar Storm")


@reveal("mutagenic-rain")
def _rain_reveal(state: GodzillaState) -> None:
    for o in _living(state):
        state.gain_hearts(o, 2, "Mutagenic Rain")


@play("mutagenic-rain")
def _rain_play(state: GodzillaState, m: MonsterState) -> None:
    state.gain_hearts(m, 3, "Mutagenic Rain")
    state.gain_stars(m, 1, "Mutagenic Rain")


# ====================================== EVENT: ongoing ======================================
# Ongoing effects are ordinary hooks: GodzillaState.has counts a face-up ongoing Event as
# held by every monster.
on("extra_rolls", "typhoon")(lambda state, m: -1)   # 3 - 1 = 2: no other effect removes rolls


@play("typhoon")
def _typhoon_play(state: GodzillaState, m: MonsterState) -> None:
    state.gain_stars(m, 1, "Typhoon")
    take_tokens(state, m, 2, "Typhoon")


@on("skipped_buy", "wartime-rationing")
def _rationing(state: GodzillaState, m: MonsterState) -> None:
    state.gain_energy(m, 1, "Wartime Rationing")


@play("wartime-rationing")
def _rationing_play(state: GodzillaState, m: MonsterState) -> None:
    state.gain_stars(m, 1, "Wartime Rationing")
    state.gain_hearts(m, 2, "Wartime Rationing")


@on("damage_stage_3", "evacuated-city")
def _evacuated(state: GodzillaState, t: MonsterState, p: Damage) -> bool:
    if p["kind"] == "smash" and t.location != OUT and p["amount"] > 0:
        p["amount"] -= 1
        state.say(f"{state.name(t.seat)} loses 1 heart fewer in the evacuated city.", "Evacuated City")
    return False


@play("evacuated-city")
def _evacuated_play(state: GodzillaState, m: MonsterState) -> None:
    state.gain_stars(m, 3, "Evacuated City")


@on("turn_start", "open-arsenal")
def _arsenal(state: GodzillaState, m: MonsterState) -> None:
    if state.tokens[m.seat] == 0:
        take_tokens(state, m, 1, "Open Arsenal")


@play("open-arsenal")
def _arsenal_play(state: GodzillaState, m: MonsterState) -> None:
    take_tokens(state, m, 2, "Open Arsenal")
    state.gain_stars(m, 1, "Open Arsenal")


on("smash_total", "kaiju-rampage")(lambda state, m, v, claws: v + (1 if claws >= 1 else 0))


@play("kaiju-rampage")
def _kaiju_rampage_play(state: GodzillaState, m: MonsterState) -> None:
    state.gain_stars(m, 2, "Kaiju Rampage")
    state.gain_hearts(m, 2, "Kaiju Rampage")
