"""The ``tokyo`` command on Crisis: Tokyo: games, cards, simulate, replay, play."""

import json

from clihelpers import assert_user_error, run_installed


def test_games_lists_crisis_tokyo_with_its_options():
    result = run_installed("games", "--json")
    assert result.returncode == 0, result.stderr
    games = {g["id"]: g for g in json.loads(result.stdout)}
    crisis = games["crisis-tokyo"]
    assert crisis["players"] == [2, 5]
    options = {o["name"]: o["default"] for o in crisis["options"]}
    assert options["districts_to_win"] == 4
    assert options["dragon"] == "A"
    assert {"resources", "collateral_damage", "brute_force", "defence_order"} <= set(options)


def test_cards_json_lists_every_half_and_district():
    result = run_installed("cards", "crisis-tokyo", "--json")
    assert result.returncode == 0, result.stderr
    cards = json.loads(result.stdout)
    types = [c["type"] for c in cards]
    assert types.count("DISTRICT") == 24
    assert types.count("THREAT") == 40 and types.count("HERO") == 40
    assert len(cards) == 24 + 80 + 80
    names = {c["name"] for c in cards}
    assert {"Harajuku", "Master of the Eagle's Claw", "Kind Alien", "Recoil Shot"} <= names
    for card in cards:
        assert {"name", "cost", "type", "text"} <= set(card) and card["text"]


def test_simulate_same_for_any_workers_and_replays(tmp_path):
    args = ("simulate", "crisis-tokyo", "--players", "3", "--games", "4", "--seed", "5",
            "--agents", "random", "--json", "-o", "turn_limit=60")
    one = run_installed(*args, "--workers", "1", "--out", str(tmp_path / "one.jsonl"))
    two = run_installed(*args, "--workers", "2", "--out", str(tmp_path / "two.jsonl"))
    assert one.returncode == 0, one.stderr
    assert json.loads(one.stdout) == json.loads(two.stdout)
    assert (tmp_path / "one.jsonl").read_text() == (tmp_path / "two.jsonl").read_text()
    summary = json.loads(one.stdout)
    assert summary["games"] == 4 and summary["players"] == 3
    replay = run_installed("replay", str(tmp_path / "one.jsonl"))
    assert replay.returncode == 0, replay.stderr
    assert replay.stdout.count(": OK") == 4


def test_simulate_bad_option_value_lists_allowed():
    assert_user_error(run_installed("simulate", "crisis-tokyo", "-o", "dragon=C"), "A, B")
    assert_user_error(run_installed("simulate", "crisis-tokyo", "--players", "6"), "2 to 5")


def test_play_shows_own_hand_only_and_refuses_bad_input():
    result = run_installed("play", "crisis-tokyo", "--seed", "2", "--agents", "random",
                           input="attack nowhere\n")
    assert result.returncode == 0, result.stderr
    assert "Your hand:" in result.stdout
    assert "'attack nowhere' is not a legal action now" in result.stdout
    assert "Traceback" not in result.stdout + result.stderr
    # other seats' draws are announced without the card
    assert "Seat 1 draws a character card." in result.stdout
