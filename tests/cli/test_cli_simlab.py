"""``tokyo simulate``: --records (JSON lines, Parquet), --compare, and the new summary
tables (game length, wins by label, cards)."""

import json

import pytest
from typer.testing import CliRunner

from clihelpers import assert_user_error, run, run_installed


def ok(result):
    assert result.returncode == 0, result.stderr
    return result


# ----- --records -----------------------------------------------------------------------
def test_records_jsonl_is_the_same_as_out(tmp_path):
    args = ("simulate", "toy-pig", "--players", "3", "--games", "10", "--seed", "4", "--workers", "1", "--json")
    ok(run(*args, "--records", str(tmp_path / "a.jsonl")))
    ok(run(*args, "--out", str(tmp_path / "b.jsonl")))
    text = (tmp_path / "a.jsonl").read_text()
    assert text == (tmp_path / "b.jsonl").read_text() and len(text.splitlines()) == 10


def test_records_parquet_then_replay(tmp_path):
    pytest.importorskip("pyarrow")
    path = tmp_path / "games.parquet"
    ok(run("simulate", "toy-pig", "--games", "9", "--seed", "2", "--workers", "2", "--records", str(path)))
    result = ok(run("replay", str(path)))
    assert result.stdout.count(": OK") == 9 and "(row 9)" in result.stdout
    assert "all 9 games replayed" in result.stdout
    # the same games as the JSON lines of the same batch
    jl = tmp_path / "games.jsonl"
    ok(run("simulate", "toy-pig", "--games", "9", "--seed", "2", "--workers", "1", "--records", str(jl)))
    from tokyo.sim import read_records
    assert [r for _, r in read_records(path)] == [r for _, r in read_records(jl)]


def test_records_unknown_extension_is_refused_before_the_run(tmp_path):
    path = tmp_path / "games.csv"
    result = run("simulate", "toy-pig", "--games", "5", "--records", str(path))
    assert_user_error(result, "games.csv", ".jsonl", ".json", ".parquet")
    assert not path.exists()
    bad = tmp_path / "games.txt"
    bad.write_text("{}\n")
    assert_user_error(run("replay", str(bad)), ".jsonl, .json, .parquet")


def test_records_and_out_are_one_option(tmp_path):
    assert_user_error(run("simulate", "toy-pig", "--records", str(tmp_path / "a.jsonl"),
                          "--out", str(tmp_path / "b.jsonl")), "--records", "--out")


# ----- the summary -----------------------------------------------------------------------
def test_json_summary_has_turns_labels_and_cards():
    s = json.loads(ok(run("simulate", "toy-pig", "--players", "2", "--games", "20", "--seed", "1", "--json",
                          "--workers", "1")).stdout)
    t = s["turns"]
    assert sum(h["games"] for h in t["histogram"]) == 20
    assert t["min"] <= t["p10"] <= t["median"] <= t["p90"] <= t["max"]
    assert t["mean"] == pytest.approx(s["mean_turns"])
    assert s["wins_by_label"] == {} and s["cards"] is None  # toy-pig has neither


def test_toy_table_shows_game_length_and_no_card_table():
    out = ok(run("simulate", "toy-pig", "--games", "20", "--seed", "1", "--workers", "1")).stdout
    assert "game length: median" in out and "(p10-p90)" in out
    assert "Cards:" not in out and "Wins by monster" not in out


def test_kot_tables_show_monsters_and_cards(kot):
    result = ok(run_installed("simulate", "kot-dark", "--games", "30", "--seed", "3", "--agents", "heuristic",
                              "--workers", "2"))
    out = result.stdout
    assert "Wins by monster" in out and "game length: median" in out
    assert "Cards: win share of the seat-games that bought a card" in out
    assert "the 10 best by difference" in out and "the 10 worst by difference" in out
    assert "`--json` lists every one" in out
    s = json.loads(ok(run_installed("simulate", "kot-dark", "--games", "30", "--seed", "3", "--agents",
                                    "heuristic", "--workers", "1", "--json")).stdout)
    monsters = s["wins_by_label"]["monster"]
    assert sum(r["seat_games"] for r in monsters) == 30 * 4
    assert sum(r["wins"] for r in monsters) == sum(r["wins"] for r in s["wins_by_seat"])
    assert s["cards"]["verb"] == "bought" and len(s["cards"]["rows"]) > 20
    diffs = [r["difference"] for r in s["cards"]["rows"] if r["difference"] is not None]
    assert diffs == sorted(diffs, reverse=True)
    for row in s["cards"]["rows"]:
        assert row["with"]["seat_games"] + row["without"]["seat_games"] == 30 * 4
    table_cards = [line.split()[0] for line in out.splitlines()
                   if line.strip() and line.split()[0] in {r["card"] for r in s["cards"]["rows"]}]
    rows = s["cards"]["rows"]
    assert table_cards == [r["card"] for r in rows[:10] + rows[-10:]]  # the top and bottom 10, in order


def test_crisis_table_shows_cards_played():
    out = ok(run_installed("simulate", "crisis-tokyo", "--players", "3", "--games", "6", "--seed", "1",
                           "--agents", "heuristic", "--workers", "1")).stdout
    assert "Cards: win share of the seat-games that played a card" in out
    assert "Wins by monster" not in out


# ----- --compare -------------------------------------------------------------------------
def test_compare_json():
    result = ok(run("simulate", "toy-pig", "--games", "30", "--seed", "5", "--workers", "1", "-o", "die=d4",
                    "--compare", "target=40", "--json"))
    c = json.loads(result.stdout)["compare"]
    assert set(c) == {"option", "base", "variant", "games", "seats", "agents", "turns", "changed_winner", "players_win",
                      "base_summary", "variant_summary"}
    assert (c["option"], c["base"], c["variant"], c["games"]) == ("target", 20, 40, 30)
    assert [set(r) for r in c["seats"]] == [{"seat", "agent", "base_share", "variant_share", "difference",
                                             "ci95"}] * 2
    assert set(c["agents"][0]) == {"agent", "base_share", "variant_share", "difference", "ci95"}
    assert set(c["turns"]) == {"base_mean", "variant_mean", "difference", "ci95"}
    assert c["turns"]["difference"] > 0
    assert c["base_summary"]["options"] == {"target": 20, "die": "d4", "one_ends_turn": True, "max_turns": 0}
    assert c["variant_summary"]["options"]["target"] == 40
    # the base run is the plain batch with the same seed
    plain = json.loads(ok(run("simulate", "toy-pig", "--games", "30", "--seed", "5", "--workers", "2",
                              "-o", "die=d4", "--json")).stdout)
    assert c["base_summary"]["wins_by_seat"] == plain["wins_by_seat"]
    assert c["base_summary"]["turns"] == plain["turns"]


def test_compare_table():
    out = ok(run("simulate", "toy-pig", "--games", "20", "--workers", "1", "--compare", "target=30")).stdout
    assert "target = 20 (base) vs 30 (variant), 20 paired games" in out
    assert "Wins by seat: variant - base" in out and "Wins by agent: variant - base" in out
    assert "mean turns: base" in out and "games whose winners changed:" in out


@pytest.mark.parametrize("compare,words", [
    ("target", ("option=value",)),
    ("=3", ("option=value",)),
    ("speed=3", ("speed", "target", "max_turns")),
    ("target=2", ("target",)),
    ("target=20", ("base value",)),
    ("die=d4", ("base value",)),      # -o die=d4 is the base
])
def test_compare_bad_values(compare, words):
    assert_user_error(run("simulate", "toy-pig", "--games", "3", "-o", "die=d4", "--compare", compare), *words)


def test_compare_refuses_records(tmp_path):
    assert_user_error(run("simulate", "toy-pig", "--compare", "target=30", "--records",
                          str(tmp_path / "a.jsonl")), "--compare")


def test_ctrl_c_during_compare_stops_with_a_message(monkeypatch):
    import tokyo.sim
    from tokyo.cli import app
    from tokyo.sim import SimulationInterrupted

    def interrupted(*args, **kwargs):
        raise SimulationInterrupted([], [])

    monkeypatch.setattr(tokyo.sim, "compare_runs", interrupted)
    result = CliRunner().invoke(app, ["simulate", "toy-pig", "--games", "4", "--compare", "target=30"])
    assert result.exit_code == 130
    assert "interrupted: the comparison stopped" in result.output
    assert "Traceback" not in result.output


def test_parquet_without_pyarrow_says_how_to_install_it(monkeypatch, tmp_path):
    import sys
    from tokyo.cli import app
    monkeypatch.setitem(sys.modules, "pyarrow", None)   # import pyarrow now raises ImportError
    monkeypatch.setitem(sys.modules, "pyarrow.parquet", None)
    path = tmp_path / "games.parquet"
    result = CliRunner().invoke(app, ["simulate", "toy-pig", "--games", "3", "--records", str(path)])
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert "pip install 'tokyo-engine[parquet]'" in result.output
    assert not path.exists()  # refused before any game is played


def test_seed_too_large_is_a_one_line_error_before_playing(tmp_path):
    path = tmp_path / "big.parquet"
    assert_user_error(run("simulate", "toy-pig", "--games", "2", "--seed", "99999999999999999999",
                          "--records", str(path)), "seed", "too large", "between")
    assert not path.exists()


def test_ctrl_c_before_any_game_finished_leaves_no_file(monkeypatch, tmp_path):
    import tokyo.sim
    from tokyo.cli import app
    from tokyo.sim import SimulationInterrupted

    def interrupted(*args, **kwargs):
        raise SimulationInterrupted([], [])

    monkeypatch.setattr(tokyo.sim, "run_games", interrupted)
    path = tmp_path / "games.jsonl"
    result = CliRunner().invoke(app, ["simulate", "toy-pig", "--games", "4", "--records", str(path)])
    assert result.exit_code == 130
    assert "interrupted before any game finished" in result.output
    assert "Wins by seat" not in result.output and not path.exists()
    kept = tmp_path / "old.jsonl"  # a file that was there before is left as it was
    kept.write_text("old\n", encoding="utf-8")
    result = CliRunner().invoke(app, ["simulate", "toy-pig", "--games", "4", "--records", str(kept)])
    assert result.exit_code == 130 and kept.read_text(encoding="utf-8") == "old\n"


def test_godzilla_tables_show_energy_cards_and_evolutions_apart():
    args = ("simulate", "kot-godzilla", "--games", "6", "--seed", "1", "--agents", "heuristic", "-o",
            "evolutions=true", "--workers", "1")
    out = ok(run(*args)).stdout
    assert "Wins by monster" in out and "Wins by species" in out
    assert "Cards: win share of the seat-games that bought a card" in out
    assert "Evolutions played: win share of the seat-games that played each one" in out
    assert out.index("Cards: win share") < out.index("Evolutions played:")
    assert '(key "card_groups", then "evolutions")' in " ".join(out.split())
    s = json.loads(ok(run(*args, "--json")).stdout)
    evo = s["card_groups"]["evolutions"]
    assert evo["verb"] == "played" and evo["rows"]
    for row in evo["rows"]:
        assert row["with"]["seat_games"] + row["without"]["seat_games"] == 6 * 4
    assert not {r["card"] for r in evo["rows"]} & {r["card"] for r in s["cards"]["rows"]}
    # without the extension: no group, and no Evolutions table
    plain = ok(run(*args[:-4], "--workers", "1")).stdout
    assert "Evolutions played" not in plain and "Cards: win share" in plain


def test_sigterm_stops_like_ctrl_c_and_keeps_the_finished_games(tmp_path):
    """A run stopped by SIGTERM (``kill``, a batch system's time limit) still summarises
    and saves the games that finished, as Ctrl-C does, and exits with 143."""
    import signal
    import subprocess
    import sys
    import time

    from clihelpers import LAUNCHER, _env
    path = tmp_path / "games.jsonl"
    proc = subprocess.Popen([sys.executable, "-c", LAUNCHER, "simulate", "kot-dark", "--games", "1000000",
                             "--workers", "2", "--records", str(path)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=_env())
    time.sleep(10)  # hundreds of games finish in that time, even on a busy machine
    proc.send_signal(signal.SIGTERM)
    out, err = proc.communicate(timeout=120)
    assert proc.returncode == 128 + signal.SIGTERM, (proc.returncode, err[-2000:])
    assert "Traceback" not in err
    lines = path.read_text(encoding="utf-8").splitlines()
    assert lines, f"no game finished in 10 s: {err[-500:]}"
    assert f"terminated (SIGTERM): summarising the {len(lines)} finished games" in err
    assert all(json.loads(line)["game"] == "kot-dark" for line in lines)
    assert "Wins by seat" in out
