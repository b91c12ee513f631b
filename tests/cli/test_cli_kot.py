"""The ``tokyo`` command on King of Tokyo: Dark Edition (skipped until the package imports)."""

import json

from clihelpers import assert_user_error, run_installed


def test_games_lists_kot_dark(kot):
    result = run_installed("games", "--json")
    assert result.returncode == 0, result.stderr
    games = {g["id"]: g for g in json.loads(result.stdout)}
    assert games["kot-dark"]["players"] == [2, 6]
    table = run_installed("games")
    assert table.returncode == 0 and "kot-dark" in table.stdout


def test_cards_json(kot):
    result = run_installed("cards", "kot-dark", "--json")
    assert result.returncode == 0, result.stderr
    cards = json.loads(result.stdout)
    assert len(cards) >= 66
    for card in cards:
        assert {"name", "cost", "type", "text"} <= set(card)
    names = {c["name"] for c in cards}
    assert "Acid Attack" in names


def test_cards_table(kot):
    result = run_installed("cards", "kot-dark")
    assert result.returncode == 0, result.stderr
    assert "Acid Attack" in result.stdout


def test_simulate_identical_for_any_workers_and_replay(kot, tmp_path):
    args = ("simulate", "kot-dark", "--players", "4", "--games", "6", "--seed", "1",
            "--agents", "random", "--json")
    one = run_installed(*args, "--workers", "1", "--out", str(tmp_path / "one.jsonl"))
    two = run_installed(*args, "--workers", "2", "--out", str(tmp_path / "two.jsonl"))
    assert one.returncode == 0, one.stderr
    assert two.returncode == 0, two.stderr
    assert json.loads(one.stdout) == json.loads(two.stdout)
    assert (tmp_path / "one.jsonl").read_text() == (tmp_path / "two.jsonl").read_text()
    summary = json.loads(one.stdout)
    assert summary["games"] == 6 and summary["players"] == 4 and summary["mean_turns"] > 0
    assert len(summary["wins_by_seat"]) == 4
    replay = run_installed("replay", str(tmp_path / "one.jsonl"))
    assert replay.returncode == 0, replay.stderr
    assert replay.stdout.count(": OK") == 6


def test_simulate_bad_players(kot):
    assert_user_error(run_installed("simulate", "kot-dark", "--players", "7"), "2 to 6")


def test_play_refuses_bad_input_then_eof(kot):
    result = run_installed("play", "kot-dark", "--agents", "random", "--seed", "1",
                           input="this is not a move\n")
    assert result.returncode == 0, result.stderr
    assert "is not a legal action now" in result.stdout
    assert "End of input" in result.stdout
    assert "Traceback" not in result.stderr


def test_play_with_default_bots_until_eof(kot_heuristic):
    result = run_installed("play", "kot-dark", "--seed", "2", input="1\n" * 30)
    assert result.returncode == 0, result.stderr
    assert "heuristic" in result.stdout
    assert "Traceback" not in result.stderr


def test_play_refuses_unicode_digits_without_traceback(kot):
    result = run_installed("play", "kot-dark", "--seed", "3", "--agents", "random", input="²\n①\n")
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stdout + result.stderr
    assert "'²' is not a legal action now" in result.stdout
    assert "'①' is not a legal action now" in result.stdout


def test_play_bare_keep_keeps_every_die(kot):
    result = run_installed("play", "kot-dark", "--seed", "3", "--agents", "random", input="keep\n")
    assert result.returncode == 0, result.stderr
    assert "Alienoid keeps: 2 3 3 Energy Claw Claw." in result.stdout


def test_play_card_lookup_and_help_notes(kot):
    result = run_installed("play", "kot-dark", "--seed", "3", "--agents", "random",
                           input="card wings\ncard no-such-card\nhelp\n")
    assert result.returncode == 0, result.stderr
    assert "Wings (KEEP, cost 6): Pay 2 energy" in result.stdout
    assert "No card matches 'no-such-card'" in result.stdout
    assert "e = Energy, h = Heart, c = Claw" in result.stdout
