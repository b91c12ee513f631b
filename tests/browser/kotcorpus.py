"""Decisions of every kind of King of Tokyo (kot, kot-dark and kot-godzilla), for the test of the
browser view's words (test_browser_kot.py): seeded random games, plus positions built where a
card asks its question (docs/notation.md lists them), each played on until that question
comes. Each decision is what the view gets: the deciding seat's observation, its legal texts
and its log."""

from __future__ import annotations

import random

from tokyo.core.registry import load_game
from tokyo.core.runner import sample_chance
from tokyo.games.kingoftokyo.position import build_position

EXPECTED_VERBS = {
    "kot-dark": {"stop", "reroll", "smoke", "drink", "resolve", "cull", "twist", "stretch", "rapid-heal", "discard",
                 "heart", "stay", "yield", "tile", "pass", "buy", "sweep", "peek", "buy-top", "take", "end", "wings",
                 "jump", "probe", "swap", "metamorph", "done", "copy", "freeze"},
    "kot": {"stop", "reroll", "smoke", "drink", "resolve", "cull", "twist", "stretch", "rapid-heal", "heart", "stay",
            "yield", "pass", "buy", "sweep", "peek", "buy-top", "take", "end", "wings", "probe", "metamorph", "done",
            "copy", "freeze"},
    "kot-godzilla": {"stop", "reroll", "resolve", "stay", "flee", "buy", "sweep", "end", "black", "evolve", "keep",
                     "pass", "shield", "target", "pay", "drink"},
}
"""The first word of every decision text of docs/notation.md, per game: the corpus must hold each."""

OUT = {"location": "out"}


def _pick(state, rng, prefer):
    legal = state.legal_texts()
    for p in prefer:
        if p in legal:
            return p
    return rng.choice(legal)


def _record(state, seen, out):
    seat = state.current_player()
    legal = state.legal_texts()
    node = state.node
    key = (node[2], node[3].get("name") if isinstance(node[3], dict) else None, tuple(sorted({t.split()[0] for t in legal})))
    if key in seen:
        return
    seen.add(key)
    out.append({"game": state.game.game_id, "seat": seat, "observation": state.observation(seat), "legal": legal,
                "log": [{"text": e.text, "rule": e.rule} for e in state.log_for(seat)][-40:],
                "kind": node[2], "name": node[3].get("name") if isinstance(node[3], dict) else None})


def play_on(state, rng, seen, out, prefer=(), goal=None, limit=400):
    """Play ``state`` on (chance at random, decisions ``prefer`` first, else at random), recording
    each new kind of decision; returns whether ``goal(state)`` held at some decision."""
    reached = False
    for _ in range(limit):
        if state.is_terminal():
            break
        if state.current_player() < 0:
            state.apply_action(sample_chance(state, rng))
            continue
        _record(state, seen, out)
        if goal and goal(state):
            reached = True
            if goal is not None:
                break
        state.apply_action(_pick(state, rng, prefer))
    return reached


def card_node(name):
    return lambda s: s.node[2] == "card" and s.node[3].get("name") == name


def verb_offered(verb):
    return lambda s: any(t.split()[0] == verb for t in s.legal_texts())


def _dark_scenarios():
    """(players, build_position keywords, preferred texts, goal) for kot-dark."""
    keep = {"cards": ["extra-head", "giant-brain"]}
    return [
        (4, dict(monsters=[{"cards": ["metamorph", "extra-head"]}, {}, {}, {}], step="end"), (), card_node("metamorph")),
        (4, dict(monsters=[{"tiles": ["fluxling"], "wickedness": 6}, keep, {}, {}], step="turn-start", turn=2), (), card_node("fluxling")),
        (3, dict(monsters=[{"cards": ["unstable-dna"], "location": "city"}, {"cards": ["extra-head"]}, {}], active=1,
                 step="resolve", dice="c c c 1 2 3"), ("resolve smash", "yield"), card_node("unstable-dna")),
        (3, dict(monsters=[{"cards": ["jets"], "location": "city"}, {}, {}], active=1, step="resolve", dice="c c 1 2 3 e"),
         ("resolve smash",), card_node("jets")),
        (3, dict(monsters=[{"cards": ["wings"], "energy": 3, "location": "city"}, {}, {}], active=1, step="resolve",
                 dice="c c 1 2 3 e"), ("resolve smash",), card_node("wings")),
        (3, dict(monsters=[{"cards": ["super-jump"], "energy": 3, "location": "city"}, {}, {}], active=1, step="resolve",
                 dice="c c 1 2 3 e"), ("resolve smash",), card_node("super-jump")),
        (3, dict(monsters=[{"cards": ["rapid-healing"], "energy": 4, "hearts": 2, "location": "city"}, {}, {}], active=1,
                 step="resolve", dice="c c c 1 2 e"), ("resolve smash",), card_node("rapid-healing")),
        (3, dict(monsters=[{"cards": ["psychic-probe"]}, {}, {}], active=1, step="after-rolls", dice="c c h 1 2 e"), (),
         card_node("probe")),
        (2, dict(monsters=[{"cards": ["opportunist"], "energy": 20}, {"energy": 30}], active=1, step="buy"),
         ("pass",), card_node("opportunist")),
        (3, dict(monsters=[{"cards": ["freeze-time"]}, {}, {}], active=0, step="resolve", dice="1 1 1 2 3 e"),
         ("end", "resolve numbers"), card_node("freeze-time")),
        (3, dict(monsters=[{}, {}, {}], active=0, step="resolve", dice="1 1 1 2 2 2"), ("resolve numbers",),
         lambda s: s.node[2] == "tile"),
        (3, dict(monsters=[{"poison": 2, "shrink": 1, "hearts": 5}, {}, {}], active=0, step="resolve", dice="h h h 1 2 c"),
         ("resolve hearts",), lambda s: s.node[2] == "heart"),
        (3, dict(monsters=[{"cards": ["herd-culler", "plot-twist", "stretchy", "hibernation", "rapid-healing"], "energy": 6},
                           {}, {}], active=0, step="resolve", dice="c c h e 2 3"), (), verb_offered("twist")),
        # dice with nothing to resolve and a card on offer: the card or done (R42)
        (3, dict(monsters=[{"cards": ["rapid-healing"], "energy": 4, "hearts": 5}, {}, {}], active=0, step="resolve",
                 dice="1 1 2 2 3 3"), (), lambda s: s.node[2] == "resolve" and "done" in s.legal_texts()),
        (3, dict(monsters=[{"cards": ["parasitic-tentacles", "made-in-a-lab", "rapid-healing"], "energy": 12},
                           {"cards": ["extra-head"]}, {}], active=0, step="buy"), ("peek",), verb_offered("buy-top")),
        (3, dict(monsters=[{"cards": ["smoke-cloud", "energy-drink", "background-dweller"], "smoke": 2, "energy": 4}, {}, {}],
                 active=0, step="roll-decision", dice="3 3 c h e 1", rolls_used=3), (), verb_offered("smoke")),
        (3, dict(monsters=[{"energy": 4}, {"location": "city"}, {}], active=0, step="resolve", dice="c c c 1 2 e"),
         ("resolve smash",), lambda s: s.node[2] == "yield"),
        (3, dict(monsters=[{"energy": 4}, {}, {}], active=0, step="buy"), (), verb_offered("sweep")),
    ]


def heart_ray_offered(s):
    return s.node[2] == "heart" and any(t.startswith("heart ray ") for t in s.legal_texts())


def _base_scenarios():
    """(players, build_position keywords, preferred texts, goal) for kot: the kot-dark questions
    its cards share, and its own (Mimic gained and moved, Healing Ray out of and in Tokyo)."""
    return [
        (4, dict(monsters=[{"cards": ["metamorph", "extra-head"]}, {}, {}, {}], step="end"), (), card_node("metamorph")),
        (3, dict(monsters=[{"cards": ["jets"], "location": "city"}, {}, {}], active=1, step="resolve", dice="c c 1 2 3 e"),
         ("resolve smash",), card_node("jets")),
        (3, dict(monsters=[{"cards": ["wings"], "energy": 3, "location": "city"}, {}, {}], active=1, step="resolve",
                 dice="c c 1 2 3 e"), ("resolve smash",), card_node("wings")),
        (3, dict(monsters=[{"cards": ["rapid-healing"], "energy": 4, "hearts": 2, "location": "city"}, {}, {}], active=1,
                 step="resolve", dice="c c c 1 2 e"), ("resolve smash",), card_node("rapid-healing")),
        (3, dict(monsters=[{"cards": ["psychic-probe"]}, {}, {}], active=1, step="after-rolls", dice="c c h 1 2 e"), (),
         card_node("probe")),
        (2, dict(monsters=[{"cards": ["opportunist"], "energy": 20}, {"energy": 30}], active=1, step="buy"),
         ("pass",), card_node("opportunist")),
        (3, dict(monsters=[{"cards": ["freeze-time"]}, {}, {}], active=0, step="resolve", dice="1 1 1 2 3 e"),
         ("end", "resolve numbers"), card_node("freeze-time")),
        (3, dict(monsters=[{"poison": 2, "shrink": 1, "hearts": 5}, {}, {}], active=0, step="resolve", dice="h h h 1 2 c"),
         ("resolve hearts",), lambda s: s.node[2] == "heart"),
        (3, dict(monsters=[{"cards": ["herd-culler", "plot-twist", "stretchy", "rapid-healing"], "energy": 6},
                           {}, {}], active=0, step="resolve", dice="c c h e 2 3"), (), verb_offered("twist")),
        (3, dict(monsters=[{"cards": ["parasitic-tentacles", "made-in-a-lab", "rapid-healing"], "energy": 12},
                           {"cards": ["extra-head"]}, {}], active=0, step="buy"), ("peek",), verb_offered("buy-top")),
        (3, dict(monsters=[{"cards": ["smoke-cloud", "energy-drink", "background-dweller"], "smoke": 2, "energy": 4}, {}, {}],
                 active=0, step="roll-decision", dice="3 3 c h e 1", rolls_used=3), (), verb_offered("smoke")),
        (3, dict(monsters=[{"energy": 4}, {"location": "city"}, {}], active=0, step="resolve", dice="c c c 1 2 e"),
         ("resolve smash",), lambda s: s.node[2] == "yield"),
        (3, dict(monsters=[{"energy": 4}, {}, {}], active=0, step="buy"), (), verb_offered("sweep")),
        # Mimic gained (nothing copied yet), then moved at the start of a turn (1 energy)
        (3, dict(monsters=[{"energy": 10}, {"cards": ["extra-head", "giant-brain"]}, {}], active=0, step="buy",
                 market=["mimic", "heal", "tank"]), ("buy mimic",), card_node("mimic")),
        (3, dict(monsters=[{"cards": ["mimic"], "copy": "extra-head", "energy": 3},
                           {"cards": ["extra-head", "giant-brain"]}, {}], step="turn-start", turn=2), (),
         card_node("mimic")),
        # Healing Ray: out of Tokyo (heal yourself or another), in Tokyo (another, or none)
        (3, dict(monsters=[{"cards": ["healing-ray"], "hearts": 6}, {"hearts": 5, "energy": 4}, {}], active=0,
                 step="resolve", dice="h h 1 2 3 e"), ("resolve hearts",), heart_ray_offered),
        (3, dict(monsters=[{"cards": ["healing-ray"], "location": "city"}, {"hearts": 5, "energy": 4}, {}], active=0,
                 step="resolve", dice="h h 1 2 3 e"), ("resolve hearts",), heart_ray_offered),
        (3, dict(monsters=[{"cards": ["healing-ray"], "location": "city"}, {"hearts": 5, "energy": 4}, {}], active=0,
                 step="resolve", dice="h 1 2 3 e e"), ("resolve hearts",), heart_ray_offered),
    ]


def _godzilla_scenarios():
    return [
        (3, dict(monsters=[{"cards": ["energy-shield"], "energy": 4, "location": "city"}, {}, {}], active=1,
                 step="resolve", dice="c c c 1 2 e"), ("resolve smash",), card_node("energy-shield")),
        (3, dict(monsters=[{"energy": 10}, {}, {}], active=0, step="buy", market=["air-strike", "supply-drop", "typhoon"]),
         ("buy air-strike",), card_node("pick-monster")),
        (3, dict(monsters=[{"evolutions": ["finger-missiles"], "energy": 5}, {"location": "city"}, {}], active=0,
                 step="after-rolls", dice="c c 1 2 3 e"), ("evolve finger-missiles",), card_node("pick-number")),
        (3, dict(monsters=[{"dice_tokens": 2}, {"location": "city"}, {}], active=0, step="turn-start", turn=2), ("black 1",),
         lambda s: s.node[2] == "dice-tokens"),
        (3, dict(monsters=[{"cards": ["afterburners"], "energy": 4}, {}, {}], active=0, step="roll-decision",
                 dice="3 3 c h e 1", rolls_used=3), (), verb_offered("drink")),
        (3, dict(monsters=[{}, {"location": "city"}, {}], active=0, step="resolve", dice="c c c 1 2 e"),
         ("resolve smash",), lambda s: s.node[2] == "yield"),
    ]


GODZILLA_OPTIONS = {"evolutions": True, "monsters": "mechagodzilla,godzilla,mothra,rodan,king-ghidorah,anguirus"}


def build_corpus(random_games: int = 6, seed: int = 1) -> dict[str, list[dict]]:
    """Per game, a list of decisions: random games first, then every built scenario (each must
    reach its question: an AssertionError names the one that did not)."""
    rng = random.Random(seed)
    corpus = {}
    for game_id, scenarios, options in (("kot", _base_scenarios(), {}), ("kot-dark", _dark_scenarios(), {}),
                                        ("kot-godzilla", _godzilla_scenarios(), GODZILLA_OPTIONS)):
        seen, out = set(), []
        for i in range(random_games):
            players = 2 + i % 5
            game = load_game(game_id, players, **_for(options, players))
            play_on(game.new_initial_state(), rng, seen, out, limit=3000)
        for players, kwargs, prefer, goal in scenarios:
            game = load_game(game_id, players, **_for(options, players))
            state = build_position(game, **kwargs)
            ok = play_on(state, rng, seen, out, prefer=prefer, goal=goal, limit=300)
            assert ok, f"{game_id}: the built position {kwargs} never reached its question"
            # the goal state itself, even when its kind was already recorded
            _record_always(state, out)
        corpus[game_id] = out
    return corpus


def _for(options, players):
    """The options for that many players (the monsters option names one per seat)."""
    if "monsters" not in options:
        return options
    return dict(options, monsters=",".join(options["monsters"].split(",")[:players]))


def _record_always(state, out):
    seat = state.current_player()
    node = state.node
    out.append({"game": state.game.game_id, "seat": seat, "observation": state.observation(seat),
                "legal": state.legal_texts(), "log": [{"text": e.text, "rule": e.rule} for e in state.log_for(seat)][-40:],
                "kind": node[2], "name": node[3].get("name") if isinstance(node[3], dict) else None})
