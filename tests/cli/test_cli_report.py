"""``tokyo report``: the HTML page from a summary, a comparison or a records file."""

import json

from clihelpers import assert_user_error, run, run_installed
from reportfixtures import Page, comparison, full_summary


def test_report_of_a_summary_file(tmp_path):
    summary = full_summary(cards=8)
    src = tmp_path / "results.json"
    src.write_text(json.dumps(summary))
    result = run_installed("report", str(src))
    assert result.returncode == 0, result.stderr
    page_path = tmp_path / "results.html"
    assert result.stdout.strip() == str(page_path)
    page = Page(page_path.read_text(encoding="utf-8"))
    for sid in ("says", "seats", "agents", "labels-monster", "turns", "win-by", "cards"):
        assert sid in page.sections, sid
    seat0 = page.sections["seats"]["tables"][0][1]
    assert seat0[:3] == ["0", "heuristic", str(summary["wins_by_seat"][0]["wins"])]


def test_report_of_simulate_json_and_records(tmp_path):
    """The real pipeline: `simulate --json > file` and `simulate --out records`, then report."""
    records = tmp_path / "games.jsonl"
    sim = run("simulate", "toy-pig", "--players", "3", "--games", "6", "--seed", "2", "--workers", "1",
              "--json", "--out", str(records))
    assert sim.returncode == 0, sim.stderr
    (tmp_path / "summary.json").write_text(sim.stdout)
    summary = json.loads(sim.stdout)
    for src in ("summary.json", "games.jsonl"):
        out = tmp_path / f"{src}.html"
        result = run_installed("report", str(tmp_path / src), "--out", str(out), "--title", "Pig test")
        assert result.returncode == 0, result.stderr
        assert result.stdout.strip() == str(out)
        text = out.read_text(encoding="utf-8")
        assert "<h1>Pig test</h1>" in text
        rows = Page(text).sections["seats"]["tables"][0][1:]
        assert [row[2] for row in rows] == [str(r["wins"]) for r in summary["wins_by_seat"]]


def test_report_of_a_comparison(tmp_path):
    src = tmp_path / "cmp.json"
    src.write_text(json.dumps(comparison()))
    out = tmp_path / "page.html"
    result = run_installed("report", str(src), "--out", str(out))
    assert result.returncode == 0, result.stderr
    page = Page(out.read_text(encoding="utf-8"))
    assert {"compare", "compare-turns", "base-seats", "variant-seats"} <= set(page.sections)


def test_report_errors(tmp_path):
    assert_user_error(run_installed("report", str(tmp_path / "missing.json")), "cannot read", "missing.json")
    bad = tmp_path / "bad.json"
    bad.write_text("{oops")
    assert_user_error(run_installed("report", str(bad)), "is not JSON", "expected a summary")
    other = tmp_path / "other.json"
    other.write_text(json.dumps({"hello": "world"}))
    assert_user_error(run_installed("report", str(other)), "neither a summary, a comparison nor game records")
    good = tmp_path / "good.json"
    good.write_text(json.dumps(full_summary(cards=3)))
    blocker = tmp_path / "blocker"
    blocker.write_text("")
    assert_user_error(run_installed("report", str(good), "--out", str(blocker / "page.html")),
                      "cannot write", "page.html")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bad.json", "blocker", "good.json", "other.json"]
