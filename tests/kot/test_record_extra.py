"""What a kot-dark game record says beyond the result: labels (monster per seat) and the
Power cards each seat bought (record_extra "cards", "cards_verb")."""

import re

import tokyo
from tokyo.agents import make_agent
from rules_helpers import game, play, pos, position


def at_buy(energy, market, others=None):
    specs = [{"energy": energy}] + (others or [{"location": "city"}, {}, {}])
    return position(4, specs, active=0, step="buy", market=market)


def test_labels_give_the_monster_of_each_seat():
    state = game(4, monsters="gigazaur,kraken,the-king,alienoid").new_initial_state()
    extra = state.record_extra()
    assert extra["labels"] == {"monster": ["gigazaur", "kraken", "the-king", "alienoid"]}
    assert extra["monsters"] == ["gigazaur", "kraken", "the-king", "alienoid"]  # the old key stays


def test_a_card_bought_at_the_market_is_listed_for_its_buyer_only():
    state = at_buy(12, ["alien-origin", "skyscraper", "frenzy"])
    assert state.record_extra()["cards"] == [[], [], [], []]
    assert state.record_extra()["cards_verb"] == "bought"
    play(state, "buy skyscraper", "reveal energize")  # a DISCARD card counts as bought too
    assert state.record_extra()["cards"] == [["skyscraper"], [], [], []]
    play(state, "buy alien-origin")
    # sorted by id, whatever the order of buying
    assert state.record_extra()["cards"] == [["alien-origin", "skyscraper"], [], [], []]
    assert state.bought == [["skyscraper", "alien-origin"], [], [], []]


def test_opportunist_buying_on_another_turn_is_listed_for_the_opportunist():
    s = pos([{"energy": 5}, {}, {"cards": ["opportunist"], "energy": 5}, {}], step="buy",
            market=["corner-store", "acid-attack", "wings"])
    play(s, "buy corner-store", "reveal tank")
    assert s.record_extra()["cards"] == [["corner-store"], [], [], []]
    play(s, "buy tank")
    # Opportunist was held from the start (not bought): it is not listed
    assert s.record_extra()["cards"] == [["corner-store"], [], ["tank"], []]


def test_parasitic_tentacles_buys_from_a_monster():
    s = pos([{"cards": ["parasitic-tentacles"], "energy": 6}, {"cards": ["acid-attack", "wings"]}, {}, {}],
            step="buy", market=["energize", "frenzy", "skyscraper"])
    play(s, "take 1 acid-attack")
    assert s.record_extra()["cards"] == [["acid-attack"], [], [], []]


def test_a_card_given_by_unstable_dna_is_not_bought():
    s = pos([{"cards": ["acid-attack", "wings"]}, {"cards": ["unstable-dna"], "location": "city"}, {}, {}],
            step="resolve", dice="c 1 2 3 e h")
    play(s, "resolve smash", "yield", "swap wings")
    assert s.monsters[1].cards == ["wings"] and "unstable-dna" in s.monsters[0].cards
    assert s.record_extra()["cards"] == [[], [], [], []]


def test_purchases_survive_clone_and_json_and_count_in_equality():
    state = at_buy(12, ["alien-origin", "skyscraper", "frenzy"])
    play(state, "buy alien-origin")
    again = state.game.state_from_json(state.to_json())
    assert again == state and again.bought == [["alien-origin"], [], [], []]
    copy = state.clone()
    assert copy == state and copy.bought == state.bought
    copy.bought[0].append("frenzy")          # the clone does not share the lists
    assert state.bought == [["alien-origin"], [], [], []] and copy != state
    assert state.resample(1, None).bought == state.bought


def test_a_state_saved_without_purchases_loads_with_none():
    import json
    state = at_buy(12, ["alien-origin", "skyscraper", "frenzy"])
    data = json.loads(state.to_json())
    del data["state"]["bought"]
    assert state.game.state_from_json(json.dumps(data)).bought == [[], [], [], []]


def _bought_from_log(state):
    """Per seat, the card ids the log says it bought ("X buys Card for N energy." or
    Parasitic Tentacles' "X pays Y N energy for its Card.")."""
    g = state.game
    seat_of = {state.name(s): s for s in range(g.num_players)}
    id_of = {g.card(cid).name: cid for cid in g.deck_counts()}
    out = [set() for _ in range(g.num_players)]
    for e in state.log:
        m = re.fullmatch(r"(.+) buys (.+) for \d+ energy\.", e.text)
        if not m:
            m = re.fullmatch(r"(.+) pays .+ \d+ energy for its (.+)\.", e.text)
        if m:
            out[seat_of[m.group(1)]].add(id_of[m.group(2)])
    return [sorted(s) for s in out]


def test_a_whole_game_record_lists_what_the_log_says_was_bought():
    g = tokyo.load_game("kot-dark", players=4)
    for seed in (3, 4):
        state = g.new_initial_state()
        record = tokyo.play_game(g, [make_agent("heuristic", "kot-dark") for _ in range(4)], seed=seed,
                                 state=state)
        assert record.extra["cards"] == _bought_from_log(state)
        assert sum(map(len, record.extra["cards"])) > 0
        assert record.extra["labels"]["monster"] == record.extra["monsters"]


def test_turn_order_label_follows_the_roll_for_first_player():
    """The first player is rolled for (How to Play); the label says each seat's place from it."""
    import random as _random
    from tokyo.core import sample_chance
    for seed in range(6):
        state = game(4).new_initial_state()
        assert "turn order" not in state.record_extra()["labels"]  # not known before the roll
        rng = _random.Random(seed)
        while state.rolloff.get("first") is None:
            state.apply_action(sample_chance(state, rng))
        first = state.rolloff["first"]
        order = state.record_extra()["labels"]["turn order"]
        assert order[first] == "1st" and order[(first + 1) % 4] == "2nd"
        assert order[(first + 2) % 4] == "3rd" and order[(first + 3) % 4] == "4th"
        assert state.active == first  # the seat labelled 1st takes the first turn


def test_turn_order_labels_in_whole_games_match_who_played_first():
    game4 = tokyo.load_game("kot-dark", 4)
    firsts = set()
    for seed in range(8):
        rec = tokyo.play_game(game4, [make_agent("random") for _ in range(4)], seed=seed)
        state = game4.new_initial_state()
        for text in rec.history:  # the first seat asked to decide is the first player
            if state.current_player() >= 0:
                break
            state.apply_action(text)
        first = state.current_player()
        firsts.add(first)
        assert rec.extra["labels"]["turn order"].index("1st") == first
    assert len(firsts) > 1  # the first player is not always seat 0
