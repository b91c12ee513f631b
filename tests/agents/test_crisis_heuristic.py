"""The Crisis: Tokyo heuristic agent: strength against random players, legality, decisions."""

from __future__ import annotations

import random

import pytest

import tokyo
from tokyo.agents import RandomAgent, make_agent
from tokyo.agents.crisis_heuristic import CrisisHeuristicAgent
from tokyo.games.crisis.position import build_position
from tokyo.sim.stats import wilson

GAMES = 1000  # the issue asks for 1,000 four-player games


@pytest.fixture(scope="module")
def game():
    return tokyo.load_game("crisis-tokyo", players=4)


def heuristic(seat: int = 0, spec: str = "heuristic"):
    agent = make_agent(spec, game_id="crisis-tokyo")
    agent.reset(1, seat)
    return agent




def test_registered():
    assert isinstance(make_agent("heuristic", game_id="crisis-tokyo"), CrisisHeuristicAgent)
    agent = make_agent("heuristic:risk=0,defend_margin=2,want_characters=2", game_id="crisis-tokyo")
    assert (agent.risk, agent.defend_margin, agent.want_characters) == (0, 2, 2)


def test_heuristic_beats_three_random_players(game, record_property):
    """1,000 games, the heuristic's seat rotating 0..3; a shared win counts as a share."""
    share = 0.0
    for seed in range(GAMES):
        seat = seed % 4
        agents = [RandomAgent() for _ in range(4)]
        agents[seat] = make_agent("heuristic", game_id="crisis-tokyo")
        record = tokyo.play_game(game, agents, seed=seed)
        if seat in record.winners:
            share += 1 / len(record.winners)
    low, high = wilson(share, GAMES)
    record_property("heuristic_win_share", f"{share / GAMES:.3f} (95% Wilson {low:.3f}-{high:.3f})")
    print(f"\nheuristic win share over {GAMES} games: {share / GAMES:.3f} "
          f"(95% Wilson interval {low:.3f}-{high:.3f})")
    assert low > 0.25, (share / GAMES, low, high)


def test_heuristic_only_plays_legal_actions(game):
    """100 games of four heuristics: play_game raises IllegalActionError on any illegal action."""
    for seed in range(100):
        record = tokyo.play_game(game, [make_agent("heuristic", game_id="crisis-tokyo") for _ in range(4)],
                                 seed=seed)
        assert record.winners and record.extra["win_by"] == "districts", record.extra
        assert record.turns < game.options["turn_limit"]


@pytest.mark.parametrize("players,options", [(2, {}), (3, {"resources": True}), (5, {}),
                                             (4, {"collateral_damage": True, "brute_force": True}),
                                             (4, {"dragon": "B", "defence_order": "left"})])
def test_heuristic_answers_legal_texts_at_every_node(players, options):
    """Mixed games (30% of the heuristics' moves replaced by random ones, so unusual nodes
    come up): every answer is an exact legal text, and the same seed gives the same game."""
    game = tokyo.load_game("crisis-tokyo", players=players, **options)

    def play(seed):
        agents = [make_agent("heuristic", game_id="crisis-tokyo") for _ in range(players)]
        state = game.new_initial_state()
        rng = random.Random(seed)
        for seat, a in enumerate(agents):
            a.reset(seed, seat)
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(rng.choices([o for o, _ in outcomes], [p for _, p in outcomes])[0])
                continue
            seat = state.current_player()
            text = agents[seat].step(state) if rng.random() < 0.7 else rng.choice(state.legal_texts())
            assert text in state.legal_texts()
            state.apply_action(text, seat=seat)
        return state.history()

    for seed in range(8):
        first = play(seed)
        if seed == 0:
            assert play(seed) == first


# ----- decisions ------------------------------------------------------------------------------
TOKYO = ["harajuku", "akihabara", "kasumigaseki", "ichigaya", "yanaka"]  # only Harajuku falls to Martial arts


def attacked_by_eagle_claw(game, reserve0, hand0=()):
    """Seat 1 attacks Harajuku (Martial arts 3) with Master of the Eagle's Claw (5 Martial
    arts); seat 0, with ``reserve0``, is offered the defence first (it is on seat 1's right)."""
    state = build_position(game, hands=[list(hand0), ["master-of-the-eagles-claw"], [], []],
                           reserves=[[{"card": c} for c in reserve0], [], [], []], tokyo=TOKYO, active=1)
    # the only Threat in hand is sent without a question (ruling C25)
    for text in ("attack harajuku", "power martial"):
        state.apply_action(text, seat=1)
    assert [i["card"] for i in state.conflict["att"]] == ["master-of-the-eagles-claw"]
    assert state.node[1] == 0 and state.node[2] == "defend", state.node
    return state


def test_defends_when_its_reserve_wins(game):
    # Firepower is superior to Martial arts: 3 + 2 Firepower + 2 for Superiority = 7 > 5
    state = attacked_by_eagle_claw(game, ["colonel-bazookas-mercenaries", "pyromaniac-pachinko-magnate",
                                          "mystery-solving-schoolgirl"])
    agent = heuristic(0)
    assert agent.step(state) == "defend"
    state.apply_action("defend", seat=0)
    deployed = []
    while state.node[2] == "deploy":
        text = agent.step(state)
        state.apply_action(text, seat=0)
        deployed.append(text)
    # the Firepower Heroes go in; the schoolgirl (Martial arts 1, Mystic powers 1) stays home
    assert deployed[-1] == "done" and len(deployed) == 3
    assert sorted(i["card"] for i in state.conflict["def"]) == ["colonel-bazookas-mercenaries",
                                                               "pyromaniac-pachinko-magnate"]
    assert agent.step(state) == "power fire"
    state.apply_action("power fire", seat=0)
    assert state.combat_totals() == (5, 7)
    assert state.node[2] == "manoeuvre" and agent.step(state) == "pass"   # winning: pass


def test_declines_when_its_reserve_loses(game):
    # Firepower 2 + 2 for Superiority = 4 < 5: no defence power wins
    state = attacked_by_eagle_claw(game, ["retiring-in-two-days-cop"])
    assert heuristic(0).step(state) == "decline"


def test_declines_with_an_empty_reserve(game):
    state = attacked_by_eagle_claw(game, [])
    assert heuristic(0).step(state) == "decline"


def test_attacks_a_district_it_can_level(game):
    state = build_position(game, hands=[["master-of-the-eagles-claw", "swamp-kappa"], [], [], []],
                           tokyo=TOKYO, active=0)
    agent = heuristic(0)
    assert agent.step(state) == "attack harajuku"
    state.apply_action("attack harajuku", seat=0)
    assert agent.step(state) == "send master-of-the-eagles-claw"
    state.apply_action("send master-of-the-eagles-claw", seat=0)
    assert agent.step(state) == "done"          # one Threat is enough; the kappa stays in hand
    state.apply_action("done", seat=0)
    assert agent.step(state) == "power martial"


def test_does_not_attack_without_a_threat_that_levels(game):
    # Swamp Kappa (Monstrous 3, Mystic 1) levels none of these Districts
    state = build_position(game, hands=[["swamp-kappa", "product-placement"], [], [], []],
                           tokyo=TOKYO, active=0)
    choice = heuristic(0).step(state)
    # it builds instead: recruits a first Hero or draws two cards for one action
    assert choice in ("recruit swamp-kappa", "play product-placement a"), choice


def test_avoids_the_attack_a_reserve_would_beat(game):
    """Seat 1 holds 5 Firepower in Heroes: it would beat Martial arts (Firepower is superior,
    7 > 5) but only tie against Monstrous attributes (3 + 2 Superiority). The heuristic
    attacks Tsukiji (Monstrous 3) with its kappa rather than Harajuku with its 5 Martial arts."""
    state = build_position(game, hands=[["master-of-the-eagles-claw", "swamp-kappa"], [], [], []],
                           reserves=[[], [{"card": "colonel-bazookas-mercenaries"},
                                          {"card": "pyromaniac-pachinko-magnate"}], [], []],
                           tokyo=["harajuku", "tsukiji", "kasumigaseki", "ichigaya", "yanaka"], active=0)
    agent = heuristic(0)
    assert agent.step(state) == "attack tsukiji"
    state.apply_action("attack tsukiji", seat=0)
    assert agent.step(state) == "send swamp-kappa"


def test_boosts_an_attack_one_sphere_short(game):
    """Ginza needs 6 Martial arts; the claw has 5 and Earth-Shaking Kiai adds 2 to a Character
    of its own side: it attacks, nobody defends, and its single manoeuvre plays the Kiai."""
    state = build_position(game, hands=[["master-of-the-eagles-claw", "earth-shaking-kiai"], [], [], []],
                           tokyo=["ginza", "akihabara", "kasumigaseki", "ichigaya", "yanaka"], active=0)
    agents = [heuristic(seat) for seat in range(4)]
    for _ in range(40):
        if state.districts[0] or state.is_chance_node():
            break
        seat = state.current_player()
        state.apply_action(agents[seat].step(state), seat=seat)
    assert state.districts[0] == ["ginza"]
    assert [t for t in state.history() if t.startswith("play ")] in (["play earth-shaking-kiai a"],
                                                                     ["play earth-shaking-kiai b"])


def test_passes_a_solo_manoeuvre_that_already_levels(game):
    state = build_position(game, hands=[["master-of-the-eagles-claw", "earth-shaking-kiai"], [], [], []],
                           tokyo=TOKYO, active=0)
    agents = [heuristic(seat) for seat in range(4)]
    for _ in range(20):
        if state.node[2] == "manoeuvre":
            break
        seat = state.current_player()
        state.apply_action(agents[seat].step(state), seat=seat)
    assert state.node[2] == "manoeuvre" and state.conflict["defender"] is None
    assert agents[0].step(state) == "pass"      # keeps the Kiai for later


def test_gives_a_gift_to_its_own_hero(game):
    state = build_position(game, hands=[["sniper-rifle"], [], [], []],
                           reserves=[[{"card": "retiring-in-two-days-cop"}],
                                     [{"card": "colonel-bazookas-mercenaries"}], [], []],
                           tokyo=TOKYO, active=0)
    agent = heuristic(0)
    state.apply_action("play sniper-rifle a", seat=0)
    mine = state.reserves[0][0]["uid"]
    assert agent.step(state) == f"host {mine}"


def test_discards_the_least_useful_card(game):
    hand = ["master-of-the-eagles-claw", "tentacled-horror-of-tokyo-bay", "product-placement", "sumo-slap",
            "soldier-from-the-future", "rousing-heroic-speech", "villains-dramatic-monologue"]
    state = build_position(game, hands=[hand, [], [], []], tokyo=TOKYO, active=0, actions_left=1)
    state.apply_action("draw event", seat=0)
    state.apply_action("draw fight-for-the-spoils")
    assert state.node[2] == "discard" and state.node[1] == 0
    # no Superiority in one Conflict, or a Plot reversing the Dragon: the weakest card here
    assert heuristic(0).step(state) == "discard villains-dramatic-monologue"
