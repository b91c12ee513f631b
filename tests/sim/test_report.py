"""tokyo.sim.report: the HTML page from a summary, a comparison or a records file."""

import base64
import functools
import io
import json

import pytest

from reportfixtures import Page, comparison, full_summary, minimal_summary
from tokyo import TokyoError
from tokyo.sim import run_games, summarise
from tokyo.sim.report import (ReportError, cards_png, compare_png, load_results, overview_png, render_report,
                              write_report)

OPTIONAL = ("agents", "labels-monster", "turns", "win-by", "cards")


def pct(x):
    return f"{100 * x:.1f}%"


def interval(ci):
    return f"{pct(ci[0])} – {pct(ci[1])}"


def pts(x):
    return f"{100 * x:+.1f} pts"


@functools.lru_cache(maxsize=None)
def full_text():
    """The page of the full fixture, rendered once for the tests that only read it."""
    return render_report(full_summary())


def body_rows(section):
    """The rows of the first table of a section, without the header row."""
    return section["tables"][0][1:]


def decode_png(src):
    """Decode a data: URL as a PNG image fully (fails on anything else); returns the pixels."""
    import matplotlib.image
    prefix = "data:image/png;base64,"
    assert src.startswith(prefix), src[:40]
    data = base64.b64decode(src[len(prefix):], validate=True)
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pixels = matplotlib.image.imread(io.BytesIO(data), format="png")
    assert pixels.shape[0] > 100 and pixels.shape[1] > 300
    return pixels


# ----- sections ------------------------------------------------------------------------
def test_full_summary_has_every_section():
    page = Page(full_text())
    for sid in ("says",) + ("seats",) + OPTIONAL:
        assert sid in page.sections, sid
    # each plotted section has one image and a table of its numbers
    for sid in ("seats",) + OPTIONAL:
        assert len(page.sections[sid]["images"]) == 1, sid
        assert page.sections[sid]["tables"], sid


def test_minimal_summary_leaves_optional_sections_out():
    text = render_report(minimal_summary())
    page = Page(text)
    assert "seats" in page.sections and "says" in page.sections
    for sid in OPTIONAL:
        assert sid not in page.sections, sid
    assert not any(sid.startswith("labels-") for sid in page.ids)
    assert "Interrupted" not in text
    assert len(page.images) == 1


def test_page_is_self_contained_and_fits_a_phone():
    text = full_text()
    page = Page(text)
    assert "script" not in page.tags and "link" not in page.tags
    assert 'name="viewport"' in text
    assert "http://" not in text and "https://" not in text
    assert all(src.startswith("data:image/png;base64,") for src in page.images)


def test_every_image_decodes():
    for text in (full_text(), render_report(minimal_summary()), render_report(comparison())):
        page = Page(text)
        assert page.images
        for src in page.images:
            decode_png(src)


def test_header_shows_the_run():
    summary = full_summary()
    text = render_report(summary, title="Red tiles, 400 games")
    assert "<title>Red tiles, 400 games</title>" in text
    assert "<h1>Red tiles, 400 games</h1>" in text
    for fact in ("kot-dark", "seat 0: heuristic, seat 1: random", "wickedness_side=red", "monsters=[]"):
        assert fact in text, fact
    assert "<dt>seed</dt><dd>7</dd>" in text
    assert "<dt>games</dt><dd>400</dd>" in text


def test_interrupted_run_gets_a_banner():
    summary = minimal_summary()
    summary.update(interrupted=True, requested_games=500)
    text = render_report(summary)
    assert 'class="banner"' in text and "Interrupted" in text
    assert "of the 500 requested" in text


def test_names_are_escaped():
    summary = minimal_summary()
    summary["wins_by_seat"][0]["agent"] = "<script>alert(1)</script>"
    text = render_report(summary)
    assert "<script>" not in text
    assert "&lt;script&gt;" in text


# ----- numbers -------------------------------------------------------------------------
def test_seat_and_agent_tables_match_the_summary():
    summary = full_summary()
    page = Page(full_text())
    assert body_rows(page.sections["seats"]) == [
        [str(r["seat"]), r["agent"], str(r["wins"]), str(summary["games"]), pct(r["share"]),
         interval(r["ci95"])] for r in summary["wins_by_seat"]]
    assert body_rows(page.sections["agents"]) == [
        [r["agent"], ",".join(map(str, r["seats"])), str(r["seat_games"]), str(r["wins"]), pct(r["share"]),
         interval(r["ci95"])] for r in summary["wins_by_agent"]]


def test_label_table_is_sorted_and_matches():
    summary = full_summary()
    rows = body_rows(Page(full_text()).sections["labels-monster"])
    expected = sorted(summary["wins_by_label"]["monster"], key=lambda r: -r["share"])
    assert rows == [[r["label"], str(r["seat_games"]), str(r["wins"]), pct(r["share"]), interval(r["ci95"])]
                    for r in expected]
    assert rows[0][0] == "Alienoid" and rows[-1][0] == "Mantis"


def test_turns_and_win_by_tables_match():
    summary = full_summary()
    page = Page(full_text())
    turns = page.sections["turns"]
    stats = dict(map(tuple, turns["tables"][0][1:]))
    assert stats["mean"] == "31.4" and stats["median"] == "30"
    assert stats["10th percentile"] == "21" and stats["90th percentile"] == "42"
    assert stats["shortest"] == "14" and stats["longest"] == "55"
    hist = turns["tables"][1][1:]
    assert hist == [[str(h["turns"]), str(h["games"])] for h in summary["turns"]["histogram"]]
    assert body_rows(page.sections["win-by"]) == [["stars", "300", "75.0%"], ["survival", "100", "25.0%"]]


def test_card_table_has_every_card_while_the_plot_shows_the_extremes():
    summary = full_summary(cards=40)
    page = Page(full_text())
    rows = body_rows(page.sections["cards"])
    ordered = sorted(summary["cards"]["rows"], key=lambda r: -r["difference"])
    assert len(rows) == 40
    for row, card in zip(rows, ordered):
        assert row[0] == card["card"]
        assert row[1] == str(card["with"]["seat_games"]) and row[3] == pct(card["with"]["share"])
        assert row[5] == pct(card["without"]["share"])
        assert row[6] == f"×{card['lift']:.2f}"
        assert row[7] == pts(card["difference"])
        assert row[8] == f"{pts(card['difference_ci95'][0])} to {pts(card['difference_ci95'][1])}"
    assert "top and bottom 15" in page.sections["cards"]["text"]
    few = Page(render_report(full_summary(cards=12)))
    assert len(body_rows(few.sections["cards"])) == 12
    assert "top and bottom" not in few.sections["cards"]["text"]


def test_what_this_says_of_one_label_or_equal_shares():
    summary = full_summary()
    rows = summary["wins_by_label"]["monster"]
    summary["wins_by_label"] = {"species": [dict(rows[0], label="invader")],
                                "monster": [dict(rows[0], label="Gigazaur"), dict(rows[0], label="The King")]}
    says = Page(render_report(summary)).sections["says"]["text"]
    share = pct(rows[0]["share"])
    assert f"By species: every seat was invader (it won {share} of its seat-games)." in says
    assert f"By monster: all win equally ({share})." in says
    assert "wins most" not in says.split("By species")[1]


def test_what_this_says_is_computed_from_the_data():
    summary = full_summary()
    says = Page(full_text()).sections["says"]["text"]
    assert "Seat 0 (heuristic) wins most often: 47.5% of games" in says
    assert "clearly above the even share of 25.0%" in says
    assert "Agent heuristic is the strongest" in says
    assert "Alienoid wins most (41.0%)" in says and "Mantis least (10.0%)" in says
    rows = summary["cards"]["rows"]
    best = max((r for r in rows if r["difference_ci95"][0] > 0), key=lambda r: r["difference"])
    worst = min((r for r in rows if r["difference_ci95"][1] < 0), key=lambda r: r["difference"])
    assert f"bought {best['card']} won {100 * best['difference']:.1f} points more often" in says
    drop = -100 * worst["difference"]
    assert f"{worst['card']} goes with the largest clear drop, {drop:.1f} points" in says
    assert "median 30" in says and "won by stars (75.0%) and survival (25.0%)" in says
    assert "Clearly above the even share: Alienoid, Cyber Kitty; clearly below it: Pandakai, Mantis." in says

    minimal = Page(render_report(minimal_summary())).sections["says"]["text"]
    assert "No seat wins clearly more than the even share of 50.0%" in minimal


def test_no_clear_card_is_said():
    summary = full_summary(cards=3)
    for row in summary["cards"]["rows"]:
        row["difference_ci95"] = [row["difference"] - 0.5, row["difference"] + 0.5]
    says = Page(render_report(summary)).sections["says"]["text"]
    assert "No card's win difference is clearly away from zero" in says


# ----- comparison ----------------------------------------------------------------------
def test_comparison_page():
    data = comparison()
    comp = data["compare"]
    page = Page(render_report(data))
    for sid in ("says", "compare", "compare-turns", "base", "variant", "base-seats", "variant-seats",
                "base-cards", "variant-turns"):
        assert sid in page.sections, sid
    rows = body_rows(page.sections["compare"])
    expected = [[f"seat {r['seat']} ({r['agent']})", pct(r["base_share"]), pct(r["variant_share"]),
                 pts(r["difference"]), f"{pts(r['ci95'][0])} to {pts(r['ci95'][1])}"] for r in comp["seats"]]
    expected += [[f"agent {r['agent']}", pct(r["base_share"]), pct(r["variant_share"]), pts(r["difference"]),
                  f"{pts(r['ci95'][0])} to {pts(r['ci95'][1])}"] for r in comp["agents"]]
    assert rows == expected
    turns = dict(map(tuple, body_rows(page.sections["compare-turns"])))
    assert turns["base (red)"] == "31.4" and turns["variant (orange)"] == "29.9"
    assert turns["difference"] == "-1.5" and turns["95% interval"] == "-2.6 to -0.4"
    variant_seats = body_rows(page.sections["variant-seats"])
    assert variant_seats[1][4] == pct(comp["variant_summary"]["wins_by_seat"][1]["share"])
    says = page.sections["says"]["text"]
    assert "wickedness_side = orange instead of red" in says
    assert "seat 1 (random) gains 7.0 pts" in says
    assert "57 of 400 games had a different winner" in says
    assert "seat 0 (heuristic) gains" not in says  # its interval holds 0


def test_comparison_without_summaries_still_renders():
    data = comparison()
    del data["compare"]["base_summary"], data["compare"]["variant_summary"]
    page = Page(render_report(data))
    assert "compare" in page.sections and "base" not in page.sections


# ----- reading results -----------------------------------------------------------------
def test_load_summary_and_comparison_files(tmp_path):
    summary = full_summary()
    (tmp_path / "s.json").write_text(json.dumps(summary))
    assert load_results(tmp_path / "s.json") == json.loads(json.dumps(summary))
    (tmp_path / "c.json").write_text(json.dumps(comparison()))
    assert "compare" in load_results(tmp_path / "c.json")


def test_records_file_is_summarised(kot, tmp_path):
    records = run_games("kot-dark", 2, 5, seed=3, agents=["random"], workers=1)
    path = tmp_path / "games.jsonl"
    path.write_text("".join(json.dumps(r.as_dict()) + "\n" for r in records))
    loaded = load_results(path)
    expected = summarise(records)
    assert loaded["games"] == 5 and loaded["players"] == 2
    assert loaded["wins_by_seat"] == expected["wins_by_seat"]
    assert loaded["seed"] == 3  # the batch seed, from the per-game seeds 3 * 1000003 + i
    written = write_report(path)
    assert written == tmp_path / "games.html"
    page = Page(written.read_text(encoding="utf-8"))
    wins = [sum(seat in r.winners for r in records) for seat in range(2)]
    assert [row[2] for row in body_rows(page.sections["seats"])] == [str(w) for w in wins]
    assert "from" in written.read_text() and "5 game records in games.jsonl" in written.read_text()
    for src in page.images:
        decode_png(src)
    # a single record and a JSON list of records are records too
    (tmp_path / "one.json").write_text(json.dumps(records[0].as_dict()))
    assert load_results(tmp_path / "one.json")["games"] == 1
    (tmp_path / "list.json").write_text(json.dumps([r.as_dict() for r in records[:2]]))
    assert load_results(tmp_path / "list.json")["games"] == 2


@pytest.mark.parametrize("content,words", [
    (None, ["cannot read", "No such file"]),
    ("", ["is empty", "expected a summary"]),
    ("{not json", ["is not JSON", "line 1", "expected a summary"]),
    ('{"games": 3}', ["neither a summary, a comparison nor game records"]),
    ("42", ["a JSON int", "neither"]),
    ('{"games": 3, "wins_by_seat": [{"seat": 0}]}', ["wins_by_seat[0]", "share"]),
    ('{"compare": []}', ["'compare' should be an object"]),
    ('{"game": "kot-dark", "history": []}\n{"x": 1}\n', ["not a game record"]),
])
def test_bad_results_give_one_line_errors(tmp_path, content, words):
    path = tmp_path / "results.json"
    if content is not None:
        path.write_text(content)
    with pytest.raises(TokyoError) as info:
        load_results(path)
    message = str(info.value)
    assert "\n" not in message
    for word in words:
        assert word in message, (word, message)
    # and nothing is written
    with pytest.raises(TokyoError):
        write_report(path, tmp_path / "page.html")
    assert not (tmp_path / "page.html").exists()


def test_not_utf8(tmp_path):
    path = tmp_path / "r.json"
    path.write_bytes(b"\xff\xfe\x00garbage")
    with pytest.raises(ReportError, match="not UTF-8"):
        load_results(path)


def test_render_refuses_a_dict_that_is_not_a_summary():
    with pytest.raises(ReportError, match="'games'"):
        render_report({"wins_by_seat": []})
    with pytest.raises(ReportError, match="should be a JSON object"):
        render_report([1, 2])


# ----- writing -------------------------------------------------------------------------
def test_write_report_default_and_explicit_out(tmp_path):
    src = tmp_path / "run.json"
    src.write_text(json.dumps(full_summary(cards=5)))
    assert write_report(src) == tmp_path / "run.html"
    assert (tmp_path / "run.html").read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
    out = tmp_path / "page.html"
    assert write_report(src, out, title="Mine") == out
    assert "<h1>Mine</h1>" in out.read_text(encoding="utf-8")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["page.html", "run.html", "run.json"]


def test_unwritable_out_leaves_nothing(tmp_path):
    src = tmp_path / "run.json"
    src.write_text(json.dumps(minimal_summary()))
    blocker = tmp_path / "file"
    blocker.write_text("x")
    with pytest.raises(ReportError, match="cannot write") as info:
        write_report(src, blocker / "page.html")
    assert "\n" not in str(info.value)
    with pytest.raises(ReportError, match="is a directory"):
        write_report(src, tmp_path)
    with pytest.raises(ReportError, match="overwrite the results file"):
        write_report(src, src)
    assert src.read_text() == json.dumps(minimal_summary())
    assert sorted(p.name for p in tmp_path.iterdir()) == ["file", "run.json"]


def test_bad_input_keeps_an_old_page(tmp_path):
    src = tmp_path / "run.json"
    src.write_text("not json")
    out = tmp_path / "run.html"
    out.write_text("old page")
    with pytest.raises(ReportError):
        write_report(src)
    assert out.read_text() == "old page"


def test_overview_png():
    pixels = decode_png("data:image/png;base64," + base64.b64encode(overview_png(full_summary())).decode())
    assert pixels.shape[1] > pixels.shape[0] / 2


def test_card_used_in_every_seat_game_is_listed_last_without_a_difference():
    """summarise gives difference, interval and lift None for a card no seat-game lacked."""
    summary = full_summary(cards=12)
    everyone = {"card": "Card everywhere", "with": {"seat_games": 1600, "wins": 400, "share": 0.25,
                                                    "ci95": [0.23, 0.27]},
                "without": {"seat_games": 0, "wins": 0, "share": 0.0, "ci95": [0.0, 1.0]},
                "lift": None, "difference": None, "difference_ci95": None}
    summary["cards"]["rows"].insert(0, everyone)
    page = Page(render_report(summary))
    rows = body_rows(page.sections["cards"])
    assert len(rows) == 13
    assert rows[-1][0] == "Card everywhere" and rows[-1][4] == "0" and rows[-1][7:] == ["–", "–"]
    assert [r[0] for r in rows[:-1]] == [r["card"] for r in summary["cards"]["rows"][1:]]


def test_comparison_of_one_game_has_no_interval():
    """compare_runs gives ci95 None with fewer than two paired games."""
    data = comparison()
    for row in data["compare"]["seats"] + data["compare"]["agents"]:
        row["ci95"] = None
    data["compare"]["turns"]["ci95"] = None
    page = Page(render_report(data))
    rows = body_rows(page.sections["compare"])
    assert len(rows) == len(data["compare"]["seats"]) + len(data["compare"]["agents"])
    assert all(row[-1] == "–" for row in rows)  # no interval shown, the differences still are
    assert rows[1][3] == pts(data["compare"]["seats"][1]["difference"])
    turns = dict(map(tuple, body_rows(page.sections["compare-turns"])))
    assert turns["difference"] == "-1.5" and turns["95% interval"] == "–"
    assert "gains" not in page.sections["says"]["text"]  # nothing is called clear without an interval


def test_cards_and_compare_pngs():
    decode = lambda png: decode_png("data:image/png;base64," + base64.b64encode(png).decode())  # noqa: E731
    tall = decode(cards_png(full_summary(cards=40)))
    short = decode(cards_png(full_summary(cards=6)))
    assert tall.shape[0] > short.shape[0]  # one row per card shown (30 of 40), fewer for 6
    assert cards_png(minimal_summary()) is None
    assert decode(compare_png(comparison())).shape[1] > 300
    with pytest.raises(ReportError, match="not a comparison"):
        compare_png(full_summary())
    with pytest.raises(ReportError):
        cards_png({"game": "x"})


# ----- label order -------------------------------------------------------------------------
def label_rows(*pairs):
    return [{"label": label, "share": share, "wins": 1, "ci95": [0.0, 1.0]} for label, share in pairs]


def test_ordinal_labels_keep_their_natural_order():
    from tokyo.sim.report import _label_order
    rows = label_rows(("3rd", 0.30), ("1st", 0.20), ("10th", 0.01), ("4th", 0.10), ("2nd", 0.39))
    assert [r["label"] for r in _label_order(rows)] == ["1st", "2nd", "3rd", "4th", "10th"]
    assert [r["label"] for r in _label_order(label_rows(("2ND", 0.9), ("1St", 0.1)))] == ["1St", "2ND"]


def test_other_labels_sort_by_win_share():
    from tokyo.sim.report import _label_order
    monsters = label_rows(("Alienoid", 0.2), ("The King", 0.5), ("Kraken", 0.3))
    assert [r["label"] for r in _label_order(monsters)] == ["The King", "Kraken", "Alienoid"]
    mixed = label_rows(("1st", 0.1), ("2nd", 0.3), ("wildcard", 0.6))  # not all ordinals
    assert [r["label"] for r in _label_order(mixed)] == ["wildcard", "2nd", "1st"]
    assert [r["label"] for r in _label_order(label_rows(("1", 0.1), ("2", 0.9)))] == ["2", "1"]
    assert _label_order([]) == []


def test_turn_order_table_follows_the_order():
    summary = full_summary(cards=6)
    shares = {"1st": 0.30, "2nd": 0.26, "3rd": 0.24, "4th": 0.20}
    summary["wins_by_label"]["turn order"] = [
        {"label": label, "seat_games": 400, "wins": round(400 * share), "share": share,
         "ci95": [share - 0.04, share + 0.04]} for label, share in sorted(shares.items(), key=lambda p: p[1])]
    page = Page(render_report(summary))
    assert [r[0] for r in body_rows(page.sections["labels-turn order"])] == ["1st", "2nd", "3rd", "4th"]
    monsters = [r[0] for r in body_rows(page.sections["labels-monster"])]
    assert monsters == [r["label"] for r in sorted(summary["wins_by_label"]["monster"], key=lambda r: -r["share"])]


# ----- tools/balance_figures.py ------------------------------------------------------------
def balance_figures(*args, cwd):
    import subprocess
    import sys
    from pathlib import Path
    tool = Path(__file__).resolve().parents[2] / "tools" / "balance_figures.py"
    return subprocess.run([sys.executable, str(tool), *map(str, args)], cwd=cwd,
                          capture_output=True, text=True, timeout=120)


def one_line_error(result, *words):
    assert result.returncode == 2, (result.returncode, result.stdout, result.stderr)
    assert "Traceback" not in result.stderr and result.stderr.startswith("error: ")
    assert result.stderr.count("\n") == 1, result.stderr
    assert all(w in result.stderr for w in words), result.stderr


def test_balance_figures_writes_the_pictures(tmp_path):
    (tmp_path / "s.json").write_text(json.dumps(full_summary(cards=6)))
    (tmp_path / "c.json").write_text(json.dumps(comparison()))
    result = balance_figures("s.json", "out/kot", "--compare", "c.json", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["out/kot-overview.png", "out/kot-cards.png",
                                     "out/kot-compare-wickedness_side.png"]
    assert all((tmp_path / p).read_bytes().startswith(b"\x89PNG") for p in result.stdout.split())


@pytest.mark.parametrize("files,args,words", [
    ({}, ("missing.json", "out/x"), ("cannot read missing.json",)),
    ({"bad.json": "{oops"}, ("bad.json", "out/x"), ("bad.json is not JSON",)),
    ({"odd.json": '{"a": 1}'}, ("odd.json", "out/x"), ("odd.json", "neither a summary")),
    ({"s.json": "SUMMARY"}, ("s.json", "out/x", "--compare", "s.json"),
     ("--compare s.json is not a comparison",)),
    ({"s.json": "SUMMARY"}, ("s.json", "out/x", "--compare", "none.json"), ("--compare: cannot read none.json",)),
    ({"s.json": "SUMMARY", "c.json": '{"compare": {"seats": [], "agents": []}}'},
     ("s.json", "out/x", "--compare", "c.json"), ("'compare.option'",)),
    ({"c.json": "COMPARISON"}, ("c.json", "out/x"), ("c.json is a comparison", "--compare")),
])
def test_balance_figures_bad_files_are_one_line_errors(tmp_path, files, args, words):
    for name, text in files.items():
        text = text.replace("SUMMARY", json.dumps(minimal_summary()))
        (tmp_path / name).write_text(text.replace("COMPARISON", json.dumps(comparison())))
    one_line_error(balance_figures(*args, cwd=tmp_path), *words)
    assert not (tmp_path / "out").exists()   # nothing written, not even the folder


def test_crisis_format_endings_name_draws_and_count_every_game():
    # a co-operative batch: the players win (winners 0, 1), the opponent wins (no seat:
    # no winners listed) or the last Act ends in a draw (no winners): every game is counted
    from tokyo.core.runner import GameRecord
    from tokyo.sim.report import _win_by_title
    from tokyo.sim.stats import endings

    def rec(winners, how):
        return GameRecord("crisis-format", 2, {}, 0, ["a", "a"], [], [1.0 if s in winners else 0.0 for s in (0, 1)],
                          winners, 10, {"win_by": how, "cooperative": True})
    summary = summarise([rec([0, 1], "players")] * 5 + [rec([], "opponent")] * 3 + [rec([], "last-act")] * 2)
    assert summary["win_by"]["last-act"] == {"games": 2, "share": 0.2}   # the JSON keys are unchanged
    ended = endings(summary)
    assert ended["ended"] and ended["of_all"]
    assert [how for how, _ in ended["items"]] == ["the players win", "the opponent wins",
                                                  "a draw at the end of the last Act"]
    assert _win_by_title(ended) == "How the games ended (share of all games)"
    page = Page(render_report(summary))
    says = page.sections["says"]["text"]
    assert ("Games end: the players win (50.0%), the opponent wins (30.0%) or "
            "a draw at the end of the last Act (20.0%).") in says
    assert "won by" not in says
    assert page.sections["win-by"]["tables"][0][0] == ["ended", "games", "share"]
    assert body_rows(page.sections["win-by"])[2] == ["a draw at the end of the last Act", "2", "20.0%"]
    assert "How games ended" in page.sections["win-by"]["text"]
    # a competitive batch counts only the games with a winner: its wording stays "won"
    assert _win_by_title(endings(full_summary())).startswith("How the games were won (share of ")


def test_what_this_says_warns_when_each_label_was_one_agent():
    """Monsters tied to seats and agents (``--agents heuristic,random`` with the default
    seating): the monster findings are the agents' (a newcomer read them as the monsters')."""
    summary = full_summary()
    rows = summary["wins_by_label"]["monster"]
    tied = [dict(r, agents={("heuristic" if i % 2 == 0 else "random"): r["seat_games"]}) for i, r in enumerate(rows)]
    summary["wins_by_label"] = {"monster": tied}
    says = Page(render_report(summary)).sections["says"]["text"]
    assert "But each monster was always played by the same agent" in says
    assert f"{rows[0]['label']}: heuristic" in says and f"{rows[1]['label']}: random" in says
    mixed = [dict(r, agents={"heuristic": 5, "random": 5}) for r in rows]  # each monster by both agents
    summary["wins_by_label"] = {"monster": mixed}
    assert "always played by the same agent" not in Page(render_report(summary)).sections["says"]["text"]
    summary["wins_by_label"] = {"monster": [dict(r, agents={"heuristic": 5}) for r in rows]}  # one agent for all
    assert "always played by the same agent" not in Page(render_report(summary)).sections["says"]["text"]
