"""Card groups: further card families of a record (``extra["card_groups"]``), each with the
statistics of ``cards``, in the summary, the report page and a comparison; records
without groups summarise exactly as before."""

import copy
import json

import pytest

from reportfixtures import Page
from tokyo.core.runner import GameRecord
from tokyo.sim import card_group_stats, card_stats, compare_runs, newcombe, summarise, wilson
from tokyo.sim.records import record_from_dict
from tokyo.sim.report import ReportError, cards_png, check_summary, render_report

# the keys of a summary before card groups existed
OLD_KEYS = {"game", "players", "options", "agents", "games", "wins_by_seat", "wins_by_agent", "no_winner",
            "shared_wins", "mean_turns", "min_turns", "max_turns", "win_by", "turns", "wins_by_label", "cards"}


def rec(winners, cards, evolutions=None, players=2):
    extra = {"win_by": "stars", "labels": {"monster": ["godzilla", "mothra"][:players]},
             "cards": cards, "cards_verb": "bought"}
    if evolutions is not None:
        extra["card_groups"] = {"evolutions": {"verb": "played", "cards": evolutions}}
    returns = [1.0 if s in winners else 0.0 for s in range(players)]
    return GameRecord("kot-godzilla", players, {}, 0, ["a"] * players, [], returns, list(winners), 20, extra)


# Four 2-seat games; Energy cards bought and Evolutions played per seat, and the winner.
RECORDS = [
    rec([0], [["e1"], []], [["burst", "scales"], ["wings"]]),
    rec([1], [["e1"], ["e2"]], [["burst"], []]),
    rec([0], [[], ["e2"]], [["burst"], ["wings"]]),
    rec([1], [["e1"], []], [[], ["wings", "wings"]]),
]


def without_groups(records):
    out = []
    for r in records:
        extra = {k: v for k, v in r.extra.items() if k != "card_groups"}
        out.append(GameRecord(r.game_id, r.players, r.options, r.seed, r.agents, r.history, r.returns,
                              r.winners, r.turns, extra))
    return out


def as_cards(records, name):
    """The records with group ``name`` given as their ``cards`` instead."""
    out = []
    for r in records:
        g = r.extra["card_groups"][name]
        out.append(GameRecord(r.game_id, r.players, r.options, r.seed, r.agents, r.history, r.returns,
                              r.winners, r.turns, {"cards": g["cards"], "cards_verb": g["verb"]}))
    return out


# ----- statistics --------------------------------------------------------------------------
def test_a_group_gets_the_statistics_of_cards():
    groups = card_group_stats(RECORDS)
    assert list(groups) == ["evolutions"]
    evo = groups["evolutions"]
    assert evo == card_stats(as_cards(RECORDS, "evolutions"))
    assert evo["verb"] == "played"
    rows = {r["card"]: r for r in evo["rows"]}
    # burst: played in 3 seat-games (games 1, 2, 3, seat 0), 2 of them won; 5 others, 2 wins
    b = rows["burst"]
    assert b["with"] == {"seat_games": 3, "wins": 2, "share": 2 / 3, "ci95": list(wilson(2, 3))}
    assert b["without"] == {"seat_games": 5, "wins": 2, "share": 2 / 5, "ci95": list(wilson(2, 5))}
    assert b["difference"] == pytest.approx(2 / 3 - 2 / 5)
    assert b["difference_ci95"] == pytest.approx(list(newcombe(2, 3, 2, 5)))
    assert b["lift"] == pytest.approx((2 / 3) / (2 / 5))
    # wings twice for one seat counts once: seat-games (1, 1), (3, 1), (4, 1), one won
    assert rows["wings"]["with"]["seat_games"] == 3 and rows["wings"]["with"]["wins"] == 1
    assert [r["card"] for r in evo["rows"]] == ["scales", "burst", "wings"]


def test_summarise_gives_cards_and_each_group_apart():
    s = summarise(RECORDS)
    assert s["cards"] == card_stats(RECORDS) and s["cards"]["verb"] == "bought"
    assert {r["card"] for r in s["cards"]["rows"]} == {"e1", "e2"}
    assert s["card_groups"] == card_group_stats(RECORDS)
    assert {r["card"] for r in s["card_groups"]["evolutions"]["rows"]} == {"burst", "scales", "wings"}
    assert json.loads(json.dumps(s)) == s   # what --json prints
    # everything else is what the records without groups give
    assert {k: v for k, v in s.items() if k != "card_groups"} == summarise(without_groups(RECORDS))


def test_records_without_groups_summarise_as_before():
    old = without_groups(RECORDS)
    s = summarise(old)
    assert set(s) == OLD_KEYS and "card_groups" not in s
    assert card_group_stats(old) == {}
    # an old record read back from JSON (no card_groups key at all) is the same
    texts = [json.dumps(r.as_dict()) for r in old]
    assert all("card_groups" not in t for t in texts)
    again = [record_from_dict(json.loads(t)) for t in texts]
    assert summarise(again) == s


def test_a_group_counts_only_the_records_that_give_it():
    mixed = RECORDS + [rec([0], [["e1"], []])]   # evolutions off in that game
    evo = card_group_stats(mixed)["evolutions"]
    assert evo == card_group_stats(RECORDS)["evolutions"]
    for row in evo["rows"]:
        assert row["with"]["seat_games"] + row["without"]["seat_games"] == 4 * 2
    # the cards of that game still count
    assert summarise(mixed)["cards"] == card_stats(mixed)


def test_several_groups_and_their_order():
    r = rec([0], [[], []])
    r.extra["card_groups"] = {"z-tiles": {"verb": "taken", "cards": [["t"], []]},
                              "evolutions": {"cards": [[], ["w"]]}}  # no verb: "used"
    groups = card_group_stats([r])
    assert list(groups) == ["evolutions", "z-tiles"]
    assert groups["evolutions"]["verb"] == "used" and groups["z-tiles"]["verb"] == "taken"


@pytest.mark.parametrize("groups,words", [
    ({"evolutions": {"verb": "played", "cards": [["a"]]}}, ["card_groups['evolutions'].cards", "1 lists", "2 seats"]),
    ({"evolutions": {"verb": "played"}}, ["card_groups['evolutions']", "'cards'"]),
    ({"evolutions": [["a"], []]}, ["card_groups['evolutions']", "{verb, cards}"]),
    ([["a"], []], ["card_groups", "{name: {verb, cards}}"]),
])
def test_malformed_groups_are_refused(groups, words):
    r = rec([0], [[], []])
    r.extra["card_groups"] = groups
    with pytest.raises(ValueError) as err:
        summarise([r])
    assert all(w in str(err.value) for w in words), str(err.value)


# ----- the report page -----------------------------------------------------------------------
def test_the_page_has_a_section_per_group():
    summary = summarise(RECORDS)
    page = Page(render_report(summary))
    assert "cards" in page.sections and "cards-evolutions" in page.sections
    assert page.ids.index("cards") < page.ids.index("cards-evolutions")
    evo = page.sections["cards-evolutions"]
    assert evo["text"].startswith("Evolutions played") and "For each of the evolutions:" in evo["text"]
    assert len(evo["images"]) == 1
    header, *rows = evo["tables"][0]
    assert header[:2] == ["card", "seat-games played"]
    assert [r[0] for r in rows] == [r["card"] for r in summary["card_groups"]["evolutions"]["rows"]]
    # the main family keeps its own rows
    assert page.sections["cards"]["text"].startswith("Cards bought")
    assert {r[0] for r in page.sections["cards"]["tables"][0][1:]} == {"e1", "e2"}
    assert "Evolutions played: " in page.sections["says"]["text"]
    png = cards_png(summary, "evolutions")
    assert png.startswith(b"\x89PNG") and png != cards_png(summary)
    assert cards_png(summary, "tiles") is None


def test_a_page_without_groups_has_the_cards_section_only():
    page = Page(render_report(summarise(without_groups(RECORDS))))
    assert page.sections["cards"]["text"].startswith("Cards bought")
    assert not [sid for sid in page.ids if sid.startswith("cards-")]


def test_a_malformed_group_in_a_summary_is_refused():
    summary = summarise(RECORDS)
    bad = copy.deepcopy(summary)
    bad["card_groups"]["evolutions"]["rows"][0]["difference_ci95"] = "wide"
    with pytest.raises(ReportError, match=r"card_groups\.evolutions\.rows\[0\]"):
        check_summary(bad)
    bad["card_groups"] = [1]
    with pytest.raises(ReportError, match="card_groups"):
        render_report(bad)


# ----- a comparison ------------------------------------------------------------------------------
def test_compare_evolutions_off_and_on():
    c = compare_runs("kot-godzilla", 4, 4, 3, ["random"], {}, "evolutions", "true", workers=1,
                     backend="inprocess")["compare"]
    base, variant = c["base_summary"], c["variant_summary"]
    assert "card_groups" not in base and base["cards"]["verb"] == "bought"
    evo = variant["card_groups"]["evolutions"]
    assert evo["verb"] == "played" and evo["rows"]
    for row in evo["rows"]:
        assert row["with"]["seat_games"] + row["without"]["seat_games"] == 4 * 4
    page = Page(render_report({"compare": c}))
    assert "variant-cards-evolutions" in page.sections and "base-cards-evolutions" not in page.sections
    # the two sides head their Energy cards alike
    for side in ("base", "variant"):
        assert page.sections[f"{side}-cards"]["text"].startswith("Cards bought")
    assert page.sections["variant-cards-evolutions"]["text"].startswith("Evolutions played")
