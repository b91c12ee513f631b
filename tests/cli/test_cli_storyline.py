"""The ``tokyo`` command on Storyline and the Crisis Format: games, cards, play."""

import json

from clihelpers import assert_user_error, run_installed


def test_games_lists_both_formats_with_their_options():
    result = run_installed("games", "--json")
    assert result.returncode == 0, result.stderr
    games = {g["id"]: g for g in json.loads(result.stdout)}
    assert games["storyline"]["players"] == [2, 4] and games["crisis-format"]["players"] == [1, 4]
    assert {"target", "act_rounds", "acts", "decks"} <= {o["name"] for o in games["storyline"]["options"]}
    assert {"opponent", "crises"} <= {o["name"] for o in games["crisis-format"]["options"]}


def test_cards_json_lists_every_face_with_its_statement():
    result = run_installed("cards", "storyline", "--json")
    assert result.returncode == 0, result.stderr
    cards = json.loads(result.stdout)
    ids = [c["id"] for c in cards]
    assert len(ids) == len(set(ids))
    # four factions: a Homeworld and the deck's cards, with the back face of each Storyline; the Drones
    assert {c["set"] for c in cards} == {"concord", "verdant", "syndicate", "pilgrims", "drones"}
    assert sum(c["copies"] for c in cards if c["set"] == "concord" and c["face"] == "front") == 31
    assert {"concord-anvil-prime", "concord-the-long-campaign", "concord-the-long-campaign:back",
            "drone-scrap"} <= set(ids)
    for c in cards:
        assert c["rule_id"] == f"storyline card:{c['id']}"
        assert {"set", "id", "name", "cost", "type", "text"} <= set(c) and c["text"], c["id"]
    by_id = {c["id"]: c for c in cards}
    assert by_id["concord-bastion-walker"] == dict(by_id["concord-bastion-walker"], name="Bastion Walker", cost=3,
                                                   type="Ground Unit", text="Strike 2 Low, Range 1, Durability 4.")
    assert by_id["concord-the-long-campaign:back"]["type"] == "Epilogue"
    assert by_id["concord-the-long-campaign:back"]["cost"] is None

    result = run_installed("cards", "crisis-format", "--json")
    assert result.returncode == 0, result.stderr
    crisis = json.loads(result.stdout)
    assert [c for c in crisis if c["set"] != "crisis"] == cards   # the same cards, then the Crisis set
    extra = {c["id"]: c for c in crisis if c["set"] == "crisis"}
    assert len(extra) == 6 * 2 + 1   # six Crisis Storylines, both faces, and the Neural Parasite
    assert all(c["rule_id"] == f"storyline card:{i}" for i, c in extra.items())   # one rules page for both ids
    front, back = extra["crisis-drone-foundry"], extra["crisis-drone-foundry:back"]
    assert (front["name"], front["type"], front["cost"]) == ("The Drone Foundry", "Crisis Storyline", None)
    assert "Chapter 3 (ends at 9 Time counters)" in front["text"] and "Bargain - 2 Treasury" in front["text"]
    assert (back["name"], back["type"], back["cost"]) == ("The Foundry Ark", "Capital Spacecraft", 5)
    assert back["text"].startswith("Back face of The Drone Foundry")


def test_cards_table_reads_by_faction():
    result = run_installed("cards", "crisis-format")
    assert result.returncode == 0, result.stderr
    # the Concord's 30-card deck and its Homeworld: 14 different cards (and 1 back face)
    for title in ("Ironclad Concord (concord, 31 cards, 14 different)", "Drones (drones, 4)",
                  "The Crisis set (crisis, 13)"):
        assert title in result.stdout
    assert "The Foundry Ark" in result.stdout and "Traceback" not in result.stdout + result.stderr


def test_play_storyline_shows_the_picture_and_refuses_bad_input():
    result = run_installed("play", "storyline", "--seed", "3", "--agents", "random",
                           input="keep\nattack nowhere\n99\npass\n")
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "Traceback" not in out + result.stderr
    assert "Setup of the game." in out and "Your hand (6):" in out
    assert "Now you choose: keep the opening hand, or mulligan" in out
    assert "2. mulligan  (shuffle your hand back and draw 6 new cards)" in out
    assert "Surface (Band 1)" in out and "Deep Space (Band 3)" in out
    assert "Story Points: the first to 5 wins." in out
    assert "'attack nowhere' is not a legal action now" in out
    assert "99 is not an action number" in out
    assert "pass  (end your Main Phase)" in out
    assert "Seat 1 draws a card." in out   # the other seat's draws, without the card


def test_play_crisis_format_to_the_end():
    result = run_installed("play", "crisis-format", "--seed", "3", "--agents", "random",
                           input="keep\n" + "1\n" * 400)
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "Traceback" not in out + result.stderr
    assert "Story Points: the players' pool 0 of 4 to win; the opponent 0 of 3 to win (2 Crisis Storylines)." in out
    assert "Crisis Storylines (no Band; each takes a Time counter in every opponent Admin Phase)" in out
    assert "The opponent: no deck, hand or Treasury" in out
    assert "Game over: " in out or "End of input" in out
    # the game's own words for the end: the opponent may win with no seat of its own
    assert "Game over: nobody wins." not in out


def test_play_the_opponent_seat(tmp_path):
    rec = tmp_path / "opp.jsonl"
    result = run_installed("play", "crisis-format", "--players", "1", "--seat", "1", "--seed", "6",
                           "-o", "opponent=seat", "-o", "crises=crisis-grinding-front", "--record", str(rec),
                           input="1\n" * 200)
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert out.splitlines()[0].startswith("Storyline: the Crisis Format: 1 player and 1 more seat, seed 6.")
    # the record names the players (1), not the seats (2), and replays
    assert json.loads(rec.read_text())["players"] == 1
    replayed = run_installed("replay", str(rec))
    assert replayed.returncode == 0 and "OK" in replayed.stdout, replayed.stdout + replayed.stderr
    assert "Traceback" not in out + result.stderr
    assert "The opponent (seat 1, you): no deck, hand or Treasury" in out
    assert "Now you choose: the opponent's random choice for The Grinding Front (#2):" in out
    assert "Your hand" not in out


def test_play_alone_against_the_automated_opponent():
    result = run_installed("play", "crisis-format", "--players", "1", "--seed", "2", input="keep\n" + "pass\n" * 5)
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[0] == "Storyline: the Crisis Format: 1 player, seed 2. You are seat 0."
    assert "Story Points: the players' pool 0 of 3 to win; the opponent 0 of 2 to win (1 Crisis Storyline)." \
        in result.stdout


def test_play_bad_options_are_one_line_errors():
    assert_user_error(run_installed("play", "crisis-format", "--players", "5"), "1 to 4")
    assert_user_error(run_installed("play", "crisis-format", "-o", "opponent=nobody"), "auto, seat")


def test_play_card_lookup_suggests_a_word_of_this_games_cards():
    """``card NAME`` with no match gives an example from the game's own cards, not another game's."""
    result = run_installed("play", "crisis-format", "--seed", "3", "--agents", "random",
                           input="card no-such-card\ncard comet\n")
    assert result.returncode == 0, result.stderr
    out = " ".join(result.stdout.split())
    assert "No card matches 'no-such-card'; try part of a name, e.g. 'card " in out
    assert "wings" not in out and "(`tokyo cards crisis-format` lists them all)" in out
    example = out.split("e.g. 'card ", 1)[1].split("'", 1)[0]
    import tokyo
    names = [c["name"].lower() for c in tokyo.core.game_catalogue("crisis-format")]
    assert any(example in n.split() for n in names)
    assert "The Returning Comet" in out


def test_compare_gives_the_players_shared_win_rate():
    """--compare on the co-operative Crisis Format leads with the players' shared win rate,
    the same figure as each run's summary."""
    result = run_installed("simulate", "crisis-format", "-n", "6", "--workers", "1", "--compare", "acts=2", "--json")
    assert result.returncode == 0, result.stderr
    c = json.loads(result.stdout)["compare"]
    team = c["players_win"]
    assert team["base_share"] == c["base_summary"]["players_win"]["share"]
    assert team["variant_share"] == c["variant_summary"]["players_win"]["share"]
    assert team["difference"] == team["variant_share"] - team["base_share"]
    text = run_installed("simulate", "crisis-format", "-n", "6", "--workers", "1", "--compare", "acts=2")
    assert text.returncode == 0, text.stderr
    assert "The players win together: base " in text.stdout
    kot = run_installed("simulate", "kot-dark", "-n", "2", "--workers", "1", "--compare", "star_tie=most-stars", "--json")
    assert kot.returncode == 0, kot.stderr
    assert json.loads(kot.stdout)["compare"]["players_win"] is None


def test_play_prints_only_what_changed_between_two_decisions_of_a_turn():
    """After an action in the same turn, the long table is not printed again: its changed
    lines are, and 'board' prints all of it."""
    result = run_installed("play", "crisis-format", "--seed", "3", "--agents", "random",
                           input="keep\n1\nboard\nquit\n")
    assert result.returncode == 0, result.stderr
    out = result.stdout
    first, _, after = out.partition("seat 0> 1")   # the full table, then the first Main Phase action
    assert first.count("Deep Space (Band 3)") == 2   # setup, and the first decision of the turn
    changed, _, board = after.partition("seat 0> board")
    assert "Changed on the table (type 'board' to see all of it):" in changed
    assert "Deep Space (Band 3)" not in changed and "[you] Ground Unit" in changed   # the unit just played
    assert "Deep Space (Band 3)" in board and "Your hand (6):" in board


def test_play_card_lookup_by_the_number_on_the_table():
    """``card #N`` shows the face the card numbered N shows on the Map; a number nobody has
    says so; in a game without numbered cards '#3' is an ordinary search."""
    result = run_installed("play", "crisis-format", "--seed", "3", "--agents", "random",
                           input="keep\ncard #1\ncard #99\n")
    assert result.returncode == 0, result.stderr
    out = " ".join(result.stdout.split())
    assert "seat 0> card #1 Anvil Prime (Location (Homeworld), cost 4)" in out
    assert "No card is numbered #99 on the table now." in out
    kot = run_installed("play", "kot-dark", "--seed", "3", "--agents", "random", input="card #3\n")
    assert kot.returncode == 0 and "No card matches '#3'" in kot.stdout


def test_compare_refuses_an_option_that_adds_a_seat_and_keeps_the_opponent_seat():
    result = run_installed("simulate", "crisis-format", "-n", "2", "--workers", "1", "--compare", "opponent=seat")
    assert_user_error(result, "cannot be paired seat by seat")
    both = run_installed("simulate", "crisis-format", "-n", "2", "--workers", "1", "-o", "opponent=seat",
                         "--compare", "acts=2", "--json")
    assert both.returncode == 0, both.stderr
    assert [s["seat"] for s in json.loads(both.stdout)["compare"]["seats"]] == [0, 1, 2]


def test_play_record_refuses_a_bad_extension_before_the_game(tmp_path):
    # the same one-line error as `simulate --records games.txt`, before any game is played
    bad = tmp_path / "x.txt"
    played = run_installed("play", "storyline", "--seed", "3", "--record", str(bad), input="keep\n")
    assert_user_error(played, "x.txt", ".jsonl, .json, .parquet")
    simulated = run_installed("simulate", "storyline", "--games", "1", "--records", str(bad))
    assert_user_error(simulated, "x.txt", ".jsonl, .json, .parquet")
    assert played.stderr == simulated.stderr
    assert "Setup of the game." not in played.stdout and not bad.exists()
    # Parquet is a simulate format: a played game is appended as one JSON line
    assert_user_error(run_installed("play", "storyline", "--seed", "3", "--record", str(tmp_path / "x.parquet")),
                      ".jsonl or .json")


def test_simulate_crisis_format_says_how_games_ended_with_draws_named():
    result = run_installed("simulate", "crisis-format", "-n", "30", "--seed", "1", "--workers", "1",
                           "-o", "acts=1", "-o", "act_rounds=2")
    assert result.returncode == 0, result.stderr
    out = " ".join(result.stdout.split())
    assert "how games ended: the opponent wins 63.3% (19), a draw at the end of the last Act 36.7% (11)" in out
    assert "wins by:" not in out and "see 'how games ended'" in out
    summary = json.loads(run_installed("simulate", "crisis-format", "-n", "30", "--seed", "1", "--workers", "1",
                                       "-o", "acts=1", "-o", "act_rounds=2", "--json").stdout)
    assert summary["win_by"]["last-act"]["games"] == 11   # the JSON keeps the key and its values


def test_simulate_crisis_format_counts_the_crises_in_games(tmp_path):
    # the Crises are faced by the players together: one count per game, not per seat
    args = ("simulate", "crisis-format", "-n", "30", "--seed", "1", "--workers", "1", "-o", "acts=1",
            "-o", "act_rounds=2")
    result = run_installed(*args, "--records", str(tmp_path / "g.jsonl"))
    assert result.returncode == 0, result.stderr
    out = " ".join(result.stdout.split())
    assert "Crises faced: win share of the games that faced each one" in out
    assert "seat-games that faced" not in out
    summary = json.loads(run_installed(*args, "--json").stdout)
    crises = summary["card_groups"]["crises"]
    assert crises["unit"] == "game"
    assert all(r["with"]["seat_games"] + r["without"]["seat_games"] == 30 for r in crises["rows"])
    assert "unit" not in summary["cards"]   # the players' own cards: one count per seat
    report = run_installed("report", str(tmp_path / "g.jsonl"), "--out", str(tmp_path / "r.html"))
    assert report.returncode == 0, report.stderr
    page = (tmp_path / "r.html").read_text()
    assert "<th>games faced</th>" in page and "<th>games not</th>" in page
    assert "seat-games faced" not in page


def test_play_marks_the_actions_that_empty_the_treasury():
    # as the browser warns (the observation's ``empties``): a Treasury left at 0 is a Lose
    # condition, the opponent(s) gain a Story Point; the mark is on the numbered action
    result = run_installed("play", "storyline", "--seed", "1", "--agents", "random", input="keep\n" + "1\n" * 60)
    assert result.returncode == 0, result.stderr
    marked = [line for line in result.stdout.splitlines() if "⚠" in line]
    assert any(line.endswith("  ⚠ empties your Treasury: +1 Story Point to your opponent") for line in marked)
    assert all(line.split(". ", 1)[1].split()[0] in ("play", "use", "bargain", "rally", "repair") for line in marked)
    assert not any("pass" in line.split(". ", 1)[1].split()[0] for line in marked)
    # a Main Phase with nothing that empties it shows no mark (seed 1's first decision)
    first = run_installed("play", "storyline", "--seed", "1", "--agents", "random", input="keep\n")
    assert "5. pass  (end your Main Phase)" in first.stdout and "⚠" not in first.stdout
    # the Crisis Format: the point goes to the opponent
    crisis = run_installed("play", "crisis-format", "--seed", "4", "--agents", "random",
                           input="keep\n" + "pass\n" * 40)
    assert crisis.returncode == 0, crisis.stderr
    assert ("play concord-dreadnought-resolute  (play Dreadnought Resolute (cost 6))  "
            "⚠ empties your Treasury: +1 Story Point to the opponent") in crisis.stdout
