"""The ``tokyo`` command on the base game (``kot``): listed by ``tokyo games``, its cards,
terminal play against a bot, simulate with records, replay."""

import json

from clihelpers import run_installed


def test_games_lists_kot_and_cards_lists_its_66_cards(kot):
    games = json.loads(run_installed("games", "--json").stdout)
    kot_game = next(g for g in games if g["id"] == "kot")
    assert kot_game["title"] == "King of Tokyo" and kot_game["players"] == [2, 6]
    assert "frenzy" in {o["name"] for o in kot_game["options"]}
    table = run_installed("cards", "kot")
    assert table.returncode == 0, table.stderr
    assert "King of Tokyo - Power cards (66 cards, 64 different)" in table.stdout
    cards = json.loads(run_installed("cards", "kot", "--json").stdout)
    power = [c for c in cards if c["type"] in ("KEEP", "DISCARD")]
    assert sum(c["copies"] for c in power) == 66 and {"mimic", "healing-ray", "battery-monster"} <= {c["id"] for c in power}
    assert sorted(c["name"] for c in cards if c["type"] == "MONSTER") == [
        "Alienoid", "Cyber Kitty", "Gigazaur", "Meka Dragon", "Space Penguin", "The King"]


def test_play_against_a_bot(kot_heuristic):
    result = run_installed("play", "kot", "--players", "2", "--seed", "3", input="1\n" * 60)
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
    assert "Alienoid" in result.stdout and "wickedness" not in result.stdout


def test_simulate_records_and_replay(kot_heuristic, tmp_path):
    records = tmp_path / "kot.jsonl"
    sim = run_installed("simulate", "kot", "--players", "5", "--games", "6", "--seed", "2", "--agents",
                        "heuristic,random", "-o", "frenzy=at-once", "--workers", "1", "--backend", "inprocess",
                        "--records", str(records), "--json")
    assert sim.returncode == 0, sim.stderr
    summary = json.loads(sim.stdout)
    assert summary["games"] == 6 and summary["options"]["frenzy"] == "at-once"
    replay = run_installed("replay", str(records))
    assert replay.returncode == 0, replay.stderr
    assert replay.stdout.count(": OK") == 6
