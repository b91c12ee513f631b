"""Kernel-contract properties of random Crisis Format games (storyline §22) at 1-4 players,
with the opponent automatic or seated: legal actions only from the acting seat, clone, JSON,
replay, observations (the opponent's seat sees what is public), resample, conservation of
cards and counters, and the Story Points only ever coming from the awards the rules name."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from tokyo import CHANCE, IllegalActionError
from tokyo.core import sample_chance
from contract import play_twins, replay_from_start
from sl_crisis_helpers import SHIPPED
from tokyo.games.storyline.abilities import OPPONENT
from tokyo.games.storyline.game import CrisisFormatGame
from sl_helpers import rule

GAMES = 24   # seeds from 12 on: the players prefer attacking, so crises are destroyed and flip
POOL_AWARDS = {"22.7.3", "15.2.2", "15.2.3", "8.10.1"}   # storyline 22.9.13


def owned_cards(s, p) -> Counter:
    pl = s.players[p]
    c = Counter(pl["hand"]) + Counter(pl["discard"]) + Counter(pl["deck"])
    c += Counter(e["card"] for e in s.map if e["owner"] == p and not e.get("token"))
    c += Counter(cid for seat, cid in s.limbo if seat == p)
    return c


def full_deck(s, p) -> Counter:
    d = s.game.cards["decks"][s.players[p]["deck_id"]]
    return Counter(d["cards"]) + Counter({d["homeworld"]: 1})


def new_keys(s, before: int) -> list[tuple[str, str]]:
    return [(e.rule.split(" ")[1], e.text) for e in s.log[before:] if e.rule]


def check_step(prev, s) -> None:
    """What one action changed: the pool and the opponent's total grow only by named awards,
    Time counters only by the counter step (storyline 22.4.1) and only on Crisis Storylines."""
    got = new_keys(s, len(prev.log))
    pool_gain = 0
    for k, text in got:
        if k in POOL_AWARDS and text.startswith("The players gain "):
            pool_gain += int(text.split()[3])
    assert s.pool - prev.pool == pool_gain
    assert s.pool - prev.pool == 0 or s.pool > prev.pool   # storyline 15.1.2
    opp_gain = sum(1 for k, text in got if k == "16.7.1" and text.startswith("The opponent gains 1 "))
    assert s.opp_story - prev.opp_story == opp_gain   # storyline 22.9.9
    assert all(pl["story"] == 0 for pl in s.players)   # storyline 22.9.1: only the pool
    placed = sum(1 for k, _ in got if k == "22.4.1")
    before = {e["uid"]: e["counters"].get("time", 0) for e in prev.map}
    rise = sum(max(0, e["counters"].get("time", 0) - before.get(e["uid"], 0)) for e in s.map)
    assert rise <= placed
    for e in s.map:
        if e["counters"].get("time"):
            assert s.is_crisis(e)   # storyline 18.37.4


def attacker(s, r) -> str:
    legal = s.legal_texts()
    att = [t for t in legal if t.startswith("attack ")]
    if att:
        return r.choice(att)
    return r.choice(legal) if r.random() < 0.5 or "pass" not in legal else "pass"


def play(seed: int, check):
    r = random.Random(seed)
    n = 1 + seed % 4
    long = seed >= 12
    opts = dict(act_rounds=1 + long + seed % 2, acts=2 + long + seed % 3, opponent="seat" if seed % 2 else "auto")
    if seed % 3 == 0:
        opts["decks"] = ",".join(SHIPPED[:n])
    g = CrisisFormatGame(n, opts)
    s = g.new_initial_state()
    steps = 0
    while not s.is_terminal():
        check(s, r, steps)
        prev = s.clone()
        if s.is_chance_node():
            t = sample_chance(s, r)
        elif long and s.current_player() != g.opp_seat:
            t = attacker(s, r)
        else:
            t = r.choice(s.legal_texts())
        s.apply_action(t)
        check_step(prev, s)
        steps += 1
        assert steps < 20000
    check(s, r, steps)
    return s


def contract(seed):
    def check(s, r, step):
        n = s.game.n_players
        if s.map:
            for p in range(n):
                assert owned_cards(s, p) == full_deck(s, p)
        for e in s.map:
            assert e["damage"] >= 0 and all(v > 0 for v in e["counters"].values())
            if s.is_crisis(e) and e["card"] in s.crises and not e.get("token"):
                assert e["owner"] == OPPONENT   # storyline 17.1.2
        crises = [e for e in s.map if e["card"] in s.game.cards["crises"]]
        assert len(crises) <= len(s.crises)
        if s.is_terminal():
            assert s.legal_texts() == []
            N = len(s.crises)
            if s.win_by == "players":
                assert s.pool >= N + 2 and s.opp_story < N + 1 and s.winners == list(range(n))
            elif s.win_by == "opponent":
                assert s.opp_story >= N + 1 and s.pool < N + 2
                assert s.winners == ([n] if s.game.opp_seat is not None else [])
            else:
                assert s.winners == [] and s.win_by in ("last-act", "loop")
            return
        player = s.current_player()
        if player == CHANCE:
            assert abs(sum(p for _, p in s.chance_outcomes()) - 1) < 1e-9
        else:
            if player == s.game.opp_seat:
                assert s.node[2] in ("pick", "player")   # storyline 22.2.7: only those choices
            if s.game.num_players > 1:
                wrong = (player + 1) % s.game.num_players
                with pytest.raises(IllegalActionError):
                    s.apply_action(s.legal_texts()[0], seat=wrong)
        if step % 20 == 0:
            c = s.clone()
            assert c == s
            j = s.game.state_from_json(s.to_json())
            assert j == s and j.legal_texts() == s.legal_texts()
            assert json.loads(json.dumps(s.observation(None))) == s.observation(None)
            for seat in range(s.game.num_players):
                obs = s.observation(seat)
                if seat == s.game.opp_seat:
                    assert obs["hand"] is None and {**obs, "seat": None} == s.observation(None)
                else:
                    assert obs["hand"] == s.players[seat]["hand"]
                assert "deck" not in json.dumps(obs["players"]).replace("deck_id", "").replace("deck_name", "").replace("deck_size", "")
                rs = s.resample(seat, random.Random(r.random()))
                assert rs.observation(seat) == obs
                for p in range(n):
                    assert owned_cards(rs, p) == owned_cards(s, p)
                    assert len(rs.players[p]["hand"]) == len(s.players[p]["hand"])
        if step % 200 == 100:
            play_twins(s.clone(), s.game.state_from_json(s.to_json()), random.Random(step), 30)

    s = play(seed, check)
    assert replay_from_start(s.game, s) == s
    return s


@rule("storyline 1.1.2", "storyline 22.9.7", "storyline 22.9.9", "storyline 22.2.7", "storyline 15.1.2",
      "storyline 15.1.3", "storyline 18.37.4")
@pytest.mark.parametrize("seed", range(GAMES))
def test_random_crisis_games_keep_the_contract(seed):
    s = contract(seed)
    assert len(s.crises) == s.game.n_players
