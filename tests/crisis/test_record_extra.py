"""What a crisis-tokyo game record says beyond the result: the cards each seat played
(record_extra "cards", "cards_verb" = "played"); no labels (the game has no factions)."""

import json
import random
import re

import tokyo
from tokyo.agents import make_agent
from crisis_helpers import attack, defend, play, position

MASTER = "master-of-the-eagles-claw"     # Threat: 5 martial
COP = "retiring-in-two-days-cop"         # Hero: 2 fire
SEVEN = ["disarmed", "sumo-slap", "kind-alien", "swamp-kappa", "grave-robbing", "tengu-warlord", "product-placement"]


def cards(state):
    return state.record_extra()["cards"]


def test_no_labels_and_the_verb_is_played():
    extra = position(3, hands=[[], [], []]).record_extra()
    assert "labels" not in extra and extra["cards_verb"] == "played"
    assert extra["cards"] == [[], [], []]


def test_an_event_played_by_either_half_is_listed_by_card():
    state = position(3, hands=[["fight-for-the-spoils", "open-casting-call"], [], []])
    play(state, "play open-casting-call b")
    assert cards(state) == [["open-casting-call"], [], []]
    play(state, "play fight-for-the-spoils a")
    assert cards(state) == [["fight-for-the-spoils", "open-casting-call"], [], []]


def test_a_recruited_hero_and_a_sent_threat_are_played():
    state = position(2, hands=[[COP, MASTER], []])
    play(state, f"recruit {COP}")
    assert cards(state) == [[COP], []]
    state = position(2, hands=[[MASTER], []])
    attack(state, "harajuku", [MASTER], "martial")
    assert cards(state) == [[MASTER], []]


def test_a_card_discarded_at_the_hand_limit_is_not_played():
    state = position(3, hands=[SEVEN, [], []])
    play(state, "draw event", "draw emergency-exorcism", "discard kind-alien")
    assert state.discards["character"] == ["kind-alien"]
    assert cards(state) == [[], [], []]


def test_plays_survive_clone_json_and_resample():
    state = position(3, hands=[[COP, "disarmed"], ["sumo-slap"], []])
    play(state, f"recruit {COP}")
    again = state.game.state_from_json(state.to_json())
    assert again == state and again.played == [[COP], [], []]
    copy = state.clone()
    copy.played[1].append("sumo-slap")
    assert state.played == [[COP], [], []] and copy != state
    assert state.resample(2, random.Random(1)).played == [[COP], [], []]
    data = json.loads(state.to_json())
    del data["state"]["played"]  # saved before plays were tracked
    assert state.game.state_from_json(json.dumps(data)).played == [[], [], []]


def _played_from_log(state):
    """Per seat, the card ids the log says it played: "Seat p plays Half (kind).",
    "Seat p recruits Half.", "Seat p sends Half.", "Half joins Seat p's side from the hand."."""
    g = state.game
    id_of = {}
    for kind, halves in (("character", ("threat", "hero")), ("event", ("a", "b"))):
        for cid, card in g.cards[kind].items():
            for which in halves:
                id_of[card[which]["name"]] = cid
    out = [set() for _ in range(g.num_players)]
    for e in state.log:
        m = (re.fullmatch(r"Seat (\d+) (?:plays|recruits|sends) (.+?)(?: \(\w+\))?\.", e.text))
        if m:
            out[int(m.group(1))].add(id_of[m.group(2)])
            continue
        m = re.fullmatch(r"(.+) joins Seat (\d+)'s side from the hand\.", e.text)
        if m:
            out[int(m.group(2))].add(id_of[m.group(1)])
    return [sorted(s) for s in out]


def test_a_whole_game_record_lists_what_the_log_says_was_played():
    g = tokyo.load_game("crisis-tokyo", players=3, turn_limit=60)
    for seed in (1, 2):
        state = g.new_initial_state()
        record = tokyo.play_game(g, [make_agent("random", "crisis-tokyo") for _ in range(3)], seed=seed,
                                 state=state)
        assert record.extra["cards"] == _played_from_log(state)
        assert all(record.extra["cards"])  # every seat played something in 60 turns


def test_turn_order_label_follows_the_favor_of_the_gods():
    """The Favor of the Gods picks the first player; turns then go up the seats."""
    game3 = tokyo.load_game("crisis-tokyo", 3)
    firsts = set()
    for seed in range(8):
        rec = tokyo.play_game(game3, [make_agent("random") for _ in range(3)], seed=seed)
        state = game3.new_initial_state()
        for text in rec.history:  # the first seat asked to decide is the first player
            if state.current_player() >= 0:
                break
            assert "labels" not in state.record_extra()  # not known before the Favor
            state.apply_action(text)
        first = state.current_player()
        firsts.add(first)
        order = rec.extra["labels"]["turn order"]
        assert order[first] == "1st" and order[(first + 1) % 3] == "2nd" and order[(first + 2) % 3] == "3rd"
        assert state.first_player == first
    assert len(firsts) > 1


def test_first_player_survives_json_and_clone():
    game3 = tokyo.load_game("crisis-tokyo", 3)
    rec = tokyo.play_game(game3, [make_agent("random") for _ in range(3)], seed=1)
    state = game3.replay(rec.history[:40])
    assert state.first_player is not None
    assert state.clone().first_player == state.first_player
    assert game3.state_from_json(state.to_json()).first_player == state.first_player
    old = json.loads(state.to_json())  # a state saved before the first player was kept
    for part in (old, old.get("state", {})):
        part.pop("first_player", None)
    assert game3.state_from_json(json.dumps(old)).first_player is None
