"""The ``tokyo`` command on the toy game ``toy-pig``: every subcommand, bad input."""

import json

import pytest

from clihelpers import assert_user_error, run, run_installed, tokyo_script


def test_console_script_is_installed():
    assert tokyo_script().exists(), "pip install -e . should create the `tokyo` script"
    result = run_installed("--help")
    assert result.returncode == 0
    for command in ("games", "cards", "play", "simulate", "replay"):
        assert command in result.stdout


# ----- games / cards -------------------------------------------------------------------
def test_games_json_lists_the_toy_game_with_options(kot):  # list_games imports every game
    result = run("games", "--json")
    assert result.returncode == 0, result.stderr
    games = {g["id"]: g for g in json.loads(result.stdout)}
    assert games["toy-pig"]["players"] == [2, 3]
    assert {o["name"]: o["default"] for o in games["toy-pig"]["options"]}["target"] == 20


def test_games_table(kot):
    result = run("games")
    assert result.returncode == 0, result.stderr
    assert "toy-pig" in result.stdout and "target" in result.stdout and "d4, d6" in result.stdout
    assert "`tokyo games GAME` shows one game" in result.stdout


def test_games_of_one_game(kot):
    result = run("games", "toy-pig")
    assert result.returncode == 0, result.stderr
    assert "toy-pig" in result.stdout and "target" in result.stdout and "kot-dark" not in result.stdout
    one = json.loads(run("games", "toy-pig", "--json").stdout)
    assert [g["id"] for g in one] == ["toy-pig"]
    assert_user_error(run("games", "no-such-game"), "unknown game 'no-such-game'", "toy-pig", "kot-dark")


def test_cards_json():
    result = run("cards", "toy-pig", "--json")
    assert result.returncode == 0, result.stderr
    cards = json.loads(result.stdout)
    assert isinstance(cards, list) and len(cards) == 3
    for card in cards:
        assert {"name", "cost", "type", "text"} <= set(card)


def test_cards_table_grouped_by_set():
    result = run("cards", "toy-pig")
    assert result.returncode == 0, result.stderr
    assert "pig-dice (2)" in result.stdout and "pig-extras (1)" in result.stdout
    assert "Decorative [only]" in result.stdout  # card text is not read as markup


def test_cards_unknown_game():
    assert_user_error(run("cards", "no-such-game"), "no-such-game", "toy-pig")


# ----- simulate ------------------------------------------------------------------------
def simulate_json(*args):
    result = run("simulate", "toy-pig", "--json", *args)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def test_simulate_json_summary():
    s = simulate_json("--players", "3", "--games", "60", "--seed", "5", "--agents", "random",
                      "--workers", "1")
    for key in ("games", "players", "seed", "agents", "wins_by_seat", "wins_by_agent", "mean_turns",
                "win_by", "no_winner"):
        assert key in s
    assert s["games"] == 60 and s["players"] == 3 and s["seed"] == 5
    assert s["agents"] == ["random"] * 3
    assert [r["seat"] for r in s["wins_by_seat"]] == [0, 1, 2]
    for row in s["wins_by_seat"]:
        lo, hi = row["ci95"]
        assert 0 <= lo <= row["share"] <= hi <= 1
    assert sum(r["wins"] for r in s["wins_by_seat"]) == 60
    assert s["wins_by_agent"][0]["agent"] == "random" and s["wins_by_agent"][0]["seat_games"] == 180
    assert s["win_by"] == {"points": {"games": 60, "share": 1.0}}
    assert s["mean_turns"] > 1


def test_simulate_identical_for_any_workers():
    args = ("--players", "2", "--games", "80", "--seed", "11", "--agents", "random")
    assert simulate_json(*args, "--workers", "1") == simulate_json(*args, "--workers", "2")


def test_simulate_options_and_games_without_winner():
    s = simulate_json("--games", "30", "--workers", "1", "-o", "max_turns=2", "--option", "target=100")
    assert s["options"]["max_turns"] == 2 and s["options"]["target"] == 100
    assert s["no_winner"] == 30 and s["win_by"] == {}
    assert all(r["wins"] == 0 for r in s["wins_by_seat"])


def test_simulate_table_output():
    result = run("simulate", "toy-pig", "--games", "20", "--workers", "1")
    assert result.returncode == 0, result.stderr
    for words in ("Wins by seat", "Wins by agent", "mean turns", "points"):
        assert words in result.stdout
    assert "20/20" in result.stderr  # the progress bar


@pytest.mark.parametrize("args,words", [
    (("simulate", "no-such-game"), ("no-such-game", "toy-pig")),
    (("simulate", "toy-pig", "--players", "9"), ("2 to 3",)),
    (("simulate", "toy-pig", "--agents", "random,genius"), ("genius", "random")),
    (("simulate", "toy-pig", "--option", "target=1"), ("target", "from 5 to 100")),
    (("simulate", "toy-pig", "--option", "colour=red"), ("colour", "target")),
    (("simulate", "toy-pig", "--option", "oops"), ("key=value",)),
    (("simulate", "toy-pig", "--agents", "heuristic"), ("heuristic",)),
    (("simulate", "toy-pig", "--agents", "random:x=1"), ("random agent takes no parameters", "'x'")),
    (("simulate", "toy-pig", "--agents", "ismcts:sims=2,seconds=1"), ("'seconds=1'", "separated by ';'")),
    (("simulate", "toy-pig", "--agents", "ismcts:sims=two"), ("sims='two'", "an integer")),
    (("play", "no-such-game"), ("no-such-game", "toy-pig")),
    (("play", "toy-pig", "--players", "1"), ("2 to 3",)),
    (("play", "toy-pig", "--seat", "2"), ("0 to 1",)),
    (("play", "toy-pig", "--agents", "genius"), ("genius", "random")),
    (("play", "toy-pig", "-o", "die=d20"), ("d4, d6",)),
])
def test_bad_command_line_values(args, words):
    assert_user_error(run(*args), *words)


def test_simulate_agents_with_parameters_separated_by_semicolons():
    result = run("simulate", "toy-pig", "--games", "2", "--seed", "1", "--json",
                 "--agents", "ismcts:sims=3;rollout=random,random")
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["agents"] == ["ismcts:sims=3,rollout=random", "random"]


# ----- simulate --out and replay -------------------------------------------------------
@pytest.fixture
def records_file(tmp_path):
    path = tmp_path / "games.jsonl"
    result = run("simulate", "toy-pig", "--players", "3", "--games", "12", "--seed", "2",
                 "--workers", "2", "--out", str(path))
    assert result.returncode == 0, result.stderr
    return path


def test_out_writes_one_record_per_game(records_file):
    lines = records_file.read_text().splitlines()
    assert len(lines) == 12
    for line in lines:
        record = json.loads(line)
        for key in ("game", "options", "seed", "agents", "history", "winners", "turns", "returns"):
            assert key in record
        assert record["game"] == "toy-pig" and record["players"] == 3


def test_replay_ok(records_file):
    result = run("replay", str(records_file))
    assert result.returncode == 0, result.stderr
    assert result.stdout.count(": OK") == 12
    assert "all 12 games replayed" in result.stdout


def test_replay_verbose_prints_the_log(records_file):
    result = run("replay", "--verbose", str(records_file))
    assert result.returncode == 0, result.stderr
    assert "[Pig / Roll]" in result.stdout


def test_replay_single_record_file(records_file, tmp_path):
    single = tmp_path / "one.json"
    single.write_text(json.dumps(json.loads(records_file.read_text().splitlines()[3]), indent=2))
    result = run("replay", str(single))
    assert result.returncode == 0, result.stderr
    assert "game 0" in result.stdout and "OK" in result.stdout


def tamper(path, index, **changes):
    lines = path.read_text().splitlines()
    record = json.loads(lines[index])
    record.update(changes)
    lines[index] = json.dumps(record)
    path.write_text("\n".join(lines) + "\n")
    return record


def test_replay_of_a_tampered_result_fails_loudly(records_file):
    record = json.loads(records_file.read_text().splitlines()[4])
    tamper(records_file, 4, winners=[(record["winners"][0] + 1) % 3])
    result = run("replay", str(records_file))
    assert result.returncode == 1
    assert "FAIL game 4 (line 5): winners differ" in result.stderr
    assert "Traceback" not in result.stderr


def test_replay_of_tampered_turns_fails(records_file):
    record = json.loads(records_file.read_text().splitlines()[0])
    tamper(records_file, 0, turns=record["turns"] + 1)
    result = run("replay", str(records_file))
    assert result.returncode == 1 and "FAIL game 0 (line 1): turns differ" in result.stderr


def test_replay_of_a_truncated_history_fails(records_file):
    record = json.loads(records_file.read_text().splitlines()[2])
    tamper(records_file, 2, history=record["history"][:-1])
    result = run("replay", str(records_file))
    assert result.returncode == 1 and "FAIL game 2" in result.stderr and "not over" in result.stderr


def test_replay_of_an_illegal_history_is_a_one_line_error(records_file):
    record = json.loads(records_file.read_text().splitlines()[1])
    tamper(records_file, 1, history=record["history"][:1] + ["fly away"] + record["history"][1:])
    assert_user_error(run("replay", str(records_file)), "game 1", "line 2", "'fly away'", "not legal")


@pytest.mark.parametrize("content,words", [
    ("", ("empty",)),
    ("this is not json\n", ("line 1", "not JSON")),
    ('{"game": "toy-pig"}\n', ("missing", "players")),
    ("[]", ("empty list",)),
    ("42\n", ("not a game record",)),
    ('[42]', ("bad.jsonl, record 1 is not a game record (a JSON object) but an integer",)),
    ('{"game": "toy-pig", "players": "2", "options": {}, "history": [], "returns": [0, 0], '
     '"winners": [], "turns": 1}', ("field 'players' should be an integer, not a string",)),
    ('{"game": "toy-pig", "players": 2, "options": {}, "history": "roll", "returns": [], '
     '"winners": [], "turns": 1}', ("history",)),
    ('{"game": "chess", "players": 2, "options": {}, "history": [], "returns": [0, 0], '
     '"winners": [], "turns": 1}', ("chess", "unknown game")),
    ('{"game": "toy-pig", "players": 2, "options": {"speed": 3}, "history": [], "returns": [0, 0], '
     '"winners": [], "turns": 1}', ("speed",)),
])
def test_replay_of_a_corrupt_or_foreign_file(tmp_path, content, words):
    path = tmp_path / "bad.jsonl"
    path.write_text(content)
    assert_user_error(run("replay", str(path)), *words)


def test_replay_of_a_binary_or_missing_file(tmp_path):
    path = tmp_path / "bad.jsonl"
    path.write_bytes(bytes(range(256)) * 4)
    assert_user_error(run("replay", str(path)), "not a text file")
    assert_user_error(run("replay", str(tmp_path / "missing.jsonl")), "cannot read")


def test_replay_of_a_good_line_then_garbage(records_file):
    with records_file.open("a") as handle:
        handle.write("{oops\n")
    assert_user_error(run("replay", str(records_file)), "line 13", "not JSON")


# ----- play ----------------------------------------------------------------------------
def test_play_refuses_bad_input_and_goes_on():
    result = run("play", "toy-pig", "--seed", "5", "--agents", "random",
                 input="bogus\n0\n99\nhelp\nlog\nroll\n")
    assert result.returncode == 0, result.stderr
    text = result.stdout
    assert "Pig to 20" in text  # the state's render
    assert "1. roll" in text and "2. hold" in text
    assert "'bogus' is not a legal action now" in text
    assert "0 is not an action number" in text and "99 is not an action number" in text
    assert "Seat 0 rolls again." in text  # 'roll' typed after the refusals was played
    assert text.rstrip().endswith("End of input: leaving the game.")
    assert "Traceback" not in result.stderr


def test_play_eof_at_once_exits_cleanly():
    result = run("play", "toy-pig", "--seed", "1")
    assert result.returncode == 0, result.stderr
    assert "End of input" in result.stdout and result.stderr == ""


def test_play_quit():
    result = run("play", "toy-pig", "--seed", "1", input="quit\n")
    assert result.returncode == 0 and "You left the game." in result.stdout


def test_play_to_the_end_with_numbers_and_texts():
    result = run("play", "toy-pig", "--players", "3", "--seat", "1", "--seed", "3",
                 "-o", "target=10", input="1\nhold\n" * 200)
    assert result.returncode == 0, result.stderr
    assert "Game over." in result.stdout
    assert ("You win!" in result.stdout) != ("You lose." in result.stdout)
    assert "seat 0: random, seat 2: random" in result.stdout


def test_play_shows_bots_moves_and_is_reproducible():
    a = run("play", "toy-pig", "--seed", "8", input="hold\n" * 50)
    b = run("play", "toy-pig", "--seed", "8", input="hold\n" * 50)
    assert a.returncode == 0 and a.stdout == b.stdout
    assert "Seat 1 " in a.stdout  # the bot's moves are logged as they happen


def test_play_record_appends_a_replayable_record(tmp_path):
    path = tmp_path / "games.jsonl"
    for seed in ("3", "4"):
        result = run("play", "toy-pig", "--seed", seed, "-o", "target=10", "--record", str(path),
                     input="1\nhold\n" * 200)
        assert result.returncode == 0, result.stderr
        assert f"Record appended to {path}" in result.stdout
    lines = path.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 2
    first = json.loads(lines[0])
    assert first["agents"][0] == "human" and first["seed"] == 3
    assert first["options"]["target"] == 10 and first["winners"]
    replayed = run("replay", str(path))
    assert replayed.returncode == 0, replayed.stderr
    assert "all 2 games replayed to their recorded result" in replayed.stdout


def test_play_record_not_written_when_leaving_early(tmp_path):
    path = tmp_path / "games.jsonl"
    result = run("play", "toy-pig", "--seed", "3", "--record", str(path), input="quit\n")
    assert result.returncode == 0 and not path.exists()


def test_play_record_in_a_missing_folder_is_refused_before_playing(tmp_path):
    result = run("play", "toy-pig", "--record", str(tmp_path / "nope" / "g.jsonl"), input="roll\n")
    assert_user_error(result, "--record", "existing folder")
    assert "Pig to 20" not in result.stdout


def test_version_says_which_engine_runs():
    """``tokyo --version``: the version and the engine (issue 13). The README's editable
    install runs pure Python; tests/test_compiled.py runs this test on the compiled build
    with TOKYO_EXPECT_ENGINE set."""
    import os

    import tokyo

    result = run("--version")
    assert result.returncode == 0, result.stderr
    expected = os.environ.get("TOKYO_EXPECT_ENGINE", "pure Python")
    assert f"tokyo-engine {tokyo.__version__} (engine: {expected}," in result.stdout
