"""tokyo.sim.stats: game length, wins by label, cards with/without, Newcombe's interval.

The small record lists are counted by hand in the comments; the intervals are checked
against an independent computation (scipy's Wilson interval fed to Newcombe's formula)
and against the worked examples of Newcombe (1998), Table II, method 10.
"""

import math

import pytest
from scipy.stats import binomtest

from tokyo import GameRecord
from tokyo.sim import card_stats, label_stats, newcombe, summarise, turn_stats, wilson


def rec(winners, turns, labels=None, cards=None, verb="bought", players=2):
    extra = {}
    if labels is not None:
        extra["labels"] = labels
    if cards is not None:
        extra["cards"], extra["cards_verb"] = cards, verb
    returns = [1.0 if s in winners else 0.0 for s in range(players)]
    return GameRecord("g", players, {}, 0, ["a"] * players, [], returns, list(winners), turns, extra)


# Four 2-seat games. Seat-games (game, seat): label, cards, won?
#   g1 s0: a, {x, y}, won     g1 s1: b, {y},    lost
#   g2 s0: b, {x},    lost    g2 s1: a, {},     won
#   g3 s0: a, {},     won     g3 s1: c, {x},    won   (a shared win)
#   g4 s0: c, {y},    lost    g4 s1: b, {x, y}, lost  (nobody won)
RECORDS = [
    rec([0], 5, {"monster": ["a", "b"]}, [["x", "y"], ["y"]]),
    rec([1], 7, {"monster": ["b", "a"]}, [["x"], []]),
    rec([0, 1], 5, {"monster": ["a", "c"]}, [[], ["x"]]),
    rec([], 10, {"monster": ["c", "b"]}, [["y"], ["x", "y"]]),
]


def scipy_wilson(k, n):
    ci = binomtest(k, n).proportion_ci(confidence_level=0.95, method="wilson")
    return ci.low, ci.high


def newcombe_by_hand(k1, n1, k2, n2):
    p1, p2 = k1 / n1, k2 / n2
    (l1, u1), (l2, u2) = scipy_wilson(k1, n1), scipy_wilson(k2, n2)
    return (p1 - p2 - math.sqrt((p1 - l1) ** 2 + (u2 - p2) ** 2),
            p1 - p2 + math.sqrt((u1 - p1) ** 2 + (p2 - l2) ** 2))


# ----- game length ----------------------------------------------------------------------
def test_turns_distribution_and_histogram():
    t = turn_stats([5, 7, 5, 10])
    # sorted 5 5 7 10: median (5+7)/2; p10 at rank 0.3 -> 5; p90 at rank 2.7 -> 7 + 0.7*3
    assert t["mean"] == pytest.approx(6.75) and t["median"] == pytest.approx(6.0)
    assert t["min"] == 5 and t["max"] == 10
    assert t["p10"] == pytest.approx(5.0) and t["p90"] == pytest.approx(9.1)
    assert t["histogram"] == [{"turns": 5, "games": 2}, {"turns": 7, "games": 1}, {"turns": 10, "games": 1}]
    assert sum(h["games"] for h in t["histogram"]) == 4


def test_turns_of_one_game_and_of_none():
    one = turn_stats([12])
    assert one["median"] == one["p10"] == one["p90"] == 12 and one["histogram"] == [{"turns": 12, "games": 1}]
    assert turn_stats([]) == {"mean": None, "median": None, "min": None, "max": None, "p10": None,
                              "p90": None, "histogram": []}


# ----- labels ---------------------------------------------------------------------------
def test_wins_by_label():
    rows = label_stats(RECORDS)["monster"]
    assert [r["label"] for r in rows] == ["a", "b", "c"]
    counts = {r["label"]: (r["seat_games"], r["wins"]) for r in rows}
    assert counts == {"a": (3, 3), "b": (3, 0), "c": (2, 1)}
    c = rows[2]
    assert c["share"] == pytest.approx(0.5)
    assert c["ci95"] == pytest.approx(list(scipy_wilson(1, 2)))
    assert [r["agents"] for r in rows] == [{"a": 3}, {"a": 3}, {"a": 2}]  # every seat was agent "a"


def test_wins_by_label_counts_the_agents_of_each_label():
    games = [GameRecord("g", 2, {}, 0, ["heuristic", "random"], [], [1.0, 0.0], [0], 5,
                        {"labels": {"monster": ["alienoid", "the-king"]}}) for _ in range(3)]
    games.append(GameRecord("g", 2, {}, 0, ["random", "heuristic"], [], [0.0, 1.0], [1], 5,
                            {"labels": {"monster": ["alienoid", "the-king"]}}))
    rows = {r["label"]: r["agents"] for r in label_stats(games)["monster"]}
    assert rows == {"alienoid": {"heuristic": 3, "random": 1}, "the-king": {"heuristic": 1, "random": 3}}


def test_labels_absent_or_partial():
    assert label_stats([rec([0], 3), rec([1], 4)]) == {}
    # only the records that give labels count
    rows = label_stats([rec([0], 3), rec([1], 4, {"faction": ["red", "blue"]})])["faction"]
    assert [(r["label"], r["seat_games"], r["wins"]) for r in rows] == [("blue", 1, 1), ("red", 1, 0)]
    with pytest.raises(ValueError):
        label_stats([rec([0], 3, {"monster": ["a"]})])


# ----- cards ----------------------------------------------------------------------------
def test_card_with_and_without_counts_lift_and_difference():
    cards = card_stats(RECORDS)
    assert cards["verb"] == "bought"
    rows = {r["card"]: r for r in cards["rows"]}
    # x: with = g1s0 W, g2s0 L, g3s1 W, g4s1 L -> 2 of 4; without: the other 4 seat-games, 2 wins
    x = rows["x"]
    assert (x["with"]["seat_games"], x["with"]["wins"]) == (4, 2)
    assert (x["without"]["seat_games"], x["without"]["wins"]) == (4, 2)
    assert x["lift"] == pytest.approx(1.0) and x["difference"] == pytest.approx(0.0)
    # y: with = g1s0 W, g1s1 L, g4s0 L, g4s1 L -> 1 of 4; without: g2s0 L, g2s1 W, g3 W W -> 3 of 4
    y = rows["y"]
    assert (y["with"]["seat_games"], y["with"]["wins"]) == (4, 1)
    assert (y["without"]["seat_games"], y["without"]["wins"]) == (4, 3)
    assert y["with"]["share"] == pytest.approx(0.25) and y["without"]["share"] == pytest.approx(0.75)
    assert y["lift"] == pytest.approx(1 / 3) and y["difference"] == pytest.approx(-0.5)
    assert y["with"]["ci95"] == pytest.approx(list(scipy_wilson(1, 4)))
    assert y["difference_ci95"] == pytest.approx(list(newcombe_by_hand(1, 4, 3, 4)))
    # sorted by difference, largest first
    assert [r["card"] for r in cards["rows"]] == ["x", "y"]


def test_card_rows_lift_none_and_difference_none():
    # z: with 1 of 1 ... without 0 wins -> lift None; w: used by every seat-game -> no "without"
    records = [rec([0], 3, cards=[["z", "w"], ["w"]], verb="played"), rec([], 4, cards=[["w"], ["w"]],
                                                                            verb="played")]
    cards = card_stats(records)
    assert cards["verb"] == "played"
    rows = {r["card"]: r for r in cards["rows"]}
    assert rows["z"]["lift"] is None and rows["z"]["difference"] == pytest.approx(1.0)
    assert rows["z"]["without"] == {"seat_games": 3, "wins": 0, "share": 0.0, "ci95": [0.0, pytest.approx(
        scipy_wilson(0, 3)[1])]}
    assert rows["w"]["without"]["seat_games"] == 0
    assert rows["w"]["difference"] is None and rows["w"]["difference_ci95"] is None and rows["w"]["lift"] is None
    assert [r["card"] for r in cards["rows"]] == ["z", "w"]  # None last


def test_records_without_card_data():
    assert card_stats([rec([0], 3), rec([1], 3)]) is None
    # a record without cards does not count among the seat-games
    rows = {r["card"]: r for r in card_stats(RECORDS + [rec([0], 9)])["rows"]}
    assert rows["y"]["with"]["seat_games"] + rows["y"]["without"]["seat_games"] == 8


def test_a_card_listed_twice_for_a_seat_counts_once():
    rows = card_stats([rec([0], 3, cards=[["x", "x"], []])])["rows"]
    assert rows[0]["with"]["seat_games"] == 1 and rows[0]["without"]["seat_games"] == 1


# ----- Newcombe's interval --------------------------------------------------------------
@pytest.mark.parametrize("k1,n1,k2,n2,lo,hi", [
    (56, 70, 48, 80, 0.0524, 0.3339),
    (9, 10, 3, 10, 0.1705, 0.8090),
    (5, 56, 0, 29, -0.0381, 0.1926),
])
def test_newcombe_matches_the_published_examples(k1, n1, k2, n2, lo, hi):
    a, b = newcombe(k1, n1, k2, n2)
    assert a == pytest.approx(lo, abs=1e-4) and b == pytest.approx(hi, abs=1e-4)
    assert (a, b) == pytest.approx(newcombe_by_hand(k1, n1, k2, n2))


@pytest.mark.parametrize("k1,n1,k2,n2", [(0, 5, 5, 5), (5, 5, 0, 5), (3, 17, 11, 40), (0, 1, 0, 1)])
def test_newcombe_against_scipy_wilson(k1, n1, k2, n2):
    a, b = newcombe(k1, n1, k2, n2)
    by_hand = newcombe_by_hand(k1, n1, k2, n2)
    assert a == pytest.approx(max(-1.0, by_hand[0])) and b == pytest.approx(min(1.0, by_hand[1]))
    assert -1.0 <= a <= k1 / n1 - k2 / n2 <= b <= 1.0


def test_newcombe_needs_trials():
    with pytest.raises(ValueError):
        newcombe(0, 0, 1, 2)


def test_wilson_is_exactly_0_or_1_at_the_ends():
    assert wilson(0, 7)[0] == 0.0 and wilson(7, 7)[1] == 1.0


# ----- the summary ----------------------------------------------------------------------
def test_summarise_keeps_its_keys_and_adds_the_new_ones():
    s = summarise(RECORDS)
    for key in ("game", "players", "options", "agents", "games", "wins_by_seat", "wins_by_agent", "no_winner",
                "shared_wins", "mean_turns", "min_turns", "max_turns", "win_by"):
        assert key in s
    assert s["turns"] == turn_stats([5, 7, 5, 10])
    assert s["wins_by_label"] == label_stats(RECORDS)
    assert s["cards"] == card_stats(RECORDS)
    # a shared win counts for both winners
    assert [r["wins"] for r in s["wins_by_seat"]] == [2, 2]


def test_summarise_nothing_has_empty_new_keys():
    s = summarise([])
    assert s["turns"]["histogram"] == [] and s["wins_by_label"] == {} and s["cards"] is None
