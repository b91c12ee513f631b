"""tokyo.sim.compare: paired base/variant batches of one game option."""

import math
import statistics

import pytest

from tokyo import OptionError
from tokyo.sim import compare_runs, run_games, summarise
from tokyo.sim.compare import paired_interval

Z = 1.959963984540054


def by_hand_interval(d):
    m = statistics.fmean(d)
    half = Z * statistics.stdev(d) / math.sqrt(len(d))
    return [m - half, m + half]


def test_paired_interval():
    assert paired_interval([1, 0, 1, 1]) == pytest.approx(by_hand_interval([1, 0, 1, 1]))
    assert paired_interval([2, 2, 2]) == [2.0, 2.0]
    assert paired_interval([1]) is None and paired_interval([]) is None


def test_a_variant_that_changes_nothing_gives_zero_differences():
    # toy-pig games end within a few dozen turns: a 5000-turn limit never bites
    c = compare_runs("toy-pig", 3, 30, 4, ["random"], {}, "max_turns", "5000", workers=1)["compare"]
    assert c["option"] == "max_turns" and c["base"] == 0 and c["variant"] == 5000 and c["games"] == 30
    for row in c["seats"] + c["agents"]:
        assert row["difference"] == 0.0 and row["ci95"] == [0.0, 0.0]
        assert row["base_share"] == row["variant_share"]
    assert c["turns"]["difference"] == 0.0 and c["turns"]["ci95"] == [0.0, 0.0]
    assert c["changed_winner"] == 0
    base, variant = dict(c["base_summary"]), dict(c["variant_summary"])
    assert base.pop("options")["max_turns"] == 0 and variant.pop("options")["max_turns"] == 5000
    assert base == variant


def test_pairs_use_the_same_seeds_and_the_differences_are_per_pair():
    c = compare_runs("toy-pig", 2, 40, 7, ["random"], {"die": "d4"}, "target", "30", workers=2)["compare"]
    # the same batches played directly: game i of each with seed game_seed(7, i)
    base = run_games("toy-pig", 2, 40, 7, ["random"], workers=1, options={"die": "d4"})
    variant = run_games("toy-pig", 2, 40, 7, ["random"], workers=1, options={"die": "d4", "target": 30})
    assert [r.seed for r in base] == [r.seed for r in variant]
    expected_base = summarise(base)
    expected_base.update(seed=7)
    assert c["base_summary"] == expected_base
    assert c["variant_summary"]["wins_by_seat"] == summarise(variant)["wins_by_seat"]
    assert c["base"] == 20 and c["variant"] == 30
    d_turns = [v.turns - b.turns for b, v in zip(base, variant)]
    assert c["turns"]["difference"] == pytest.approx(statistics.fmean(d_turns))
    assert c["turns"]["ci95"] == pytest.approx(by_hand_interval(d_turns))
    assert c["turns"]["difference"] > 0  # a higher target takes longer
    assert c["turns"]["base_mean"] == pytest.approx(statistics.fmean(r.turns for r in base))
    for seat in (0, 1):
        d = [(seat in v.winners) - (seat in b.winners) for b, v in zip(base, variant)]
        row = c["seats"][seat]
        assert row["seat"] == seat and row["agent"] == "random"
        assert row["difference"] == pytest.approx(statistics.fmean(d))
        assert row["ci95"] == pytest.approx(by_hand_interval(d))
    assert c["changed_winner"] == sum(b.winners != v.winners for b, v in zip(base, variant))
    assert c["changed_winner"] > 0


def test_agents_pool_their_seats():
    c = compare_runs("kot-dark", 4, 6, 1, ["heuristic", "random"], {}, "wickedness_per_triple",
                     "first-triple", workers=1)["compare"]
    assert (c["base"], c["variant"]) == ("each-triple", "first-triple")
    seats = c["seats"]
    assert [r["agent"] for r in seats] == ["heuristic", "random", "heuristic", "random"]
    rows = {r["agent"]: r for r in c["agents"]}
    assert list(rows) == ["heuristic", "random"]
    for agent, (a, b) in (("heuristic", (0, 2)), ("random", (1, 3))):
        for key in ("base_share", "variant_share", "difference"):
            assert rows[agent][key] == pytest.approx((seats[a][key] + seats[b][key]) / 2)
    base_wins = {r["agent"]: r for r in c["base_summary"]["wins_by_agent"]}
    assert rows["heuristic"]["base_share"] == pytest.approx(base_wins["heuristic"]["share"])


def test_a_real_variant_changes_the_game_length():
    c = compare_runs("crisis-tokyo", 3, 4, 1, ["heuristic"], {}, "districts_to_win", "2", workers=1)["compare"]
    assert c["base"] == 4 and c["variant"] == 2
    assert c["turns"]["variant_mean"] < c["turns"]["base_mean"] and c["turns"]["difference"] < 0
    assert c["variant_summary"]["options"]["districts_to_win"] == 2


@pytest.mark.parametrize("key,value,words", [
    ("speed", "3", ("speed", "target")),           # no such option: the options are listed
    ("target", "1000", ("target",)),                 # out of range
    ("die", "d20", ("d4", "d6")),                    # not an allowed choice
    ("target", "20", ("base value",)),               # the default is the base
    ("die", "d4", ("base value",)),                  # ... or the -o value
])
def test_bad_option_or_value(key, value, words):
    with pytest.raises(OptionError) as info:
        compare_runs("toy-pig", 2, 3, 0, ["random"], {"die": "d4"}, key, value, workers=1)
    for word in words:
        assert word in str(info.value)
