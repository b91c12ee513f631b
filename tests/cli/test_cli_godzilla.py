"""The ``tokyo`` command on King of Tokyo: Godzilla: the card list with the Evolutions
grouped by monster, terminal play with Evolutions, simulate with records, replay and report
(the statistics tables: tests/cli/test_cli_simlab.py)."""

import json
import re

from clihelpers import run_installed


def test_cards_group_the_evolutions_by_monster(kot):
    table = run_installed("cards", "kot-godzilla")
    assert table.returncode == 0, table.stderr
    out = table.stdout
    assert "King of Tokyo: Godzilla - Energy cards (50 cards, 49 different)" in out
    assert re.search(r"Supply Drop\s*│\s*2\s*│\s*3\s*│", out)  # its copies, then its cost
    monsters = ("Godzilla", "Mothra", "Rodan", "King Ghidorah", "Mechagodzilla", "Anguirus")
    for name in monsters:
        assert f"King of Tokyo: Godzilla - Evolution cards: {name} (8)" in out, name
    cards = json.loads(run_installed("cards", "kot-godzilla", "--json").stdout)
    energy = [c for c in cards if c["set"] == "King of Tokyo: Godzilla - Energy cards"]
    assert sum(c["copies"] for c in energy) == 50
    evolutions = [c for c in cards if c["type"].startswith("EVOLUTION")]
    assert len(evolutions) == 48
    for c in evolutions:  # every Evolution sits in its own monster's group
        assert c["set"].endswith(": " + next(m for m in monsters if m.lower().replace(" ", "-") == c["monster"]))


def test_play_with_evolutions_shows_only_your_own_hand(kot_heuristic):
    result = run_installed("play", "kot-godzilla", "--players", "2", "--seed", "3", "-o", "evolutions=true",
                           input="1\n" * 40)
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
    out = result.stdout
    assert "You drew: " in out and "keep " in out          # seat 0's set-up choice
    assert "Mothra draws an Evolution card." in out        # the bot's draw, not what it drew
    assert "Mothra keeps an Evolution card" in out
    hidden = [line for line in out.splitlines() if re.match(r"Mothra (draws|keeps) (?!an Evolution card)", line)]
    assert hidden == []                                    # its card names are seat 1's only
    assert "1 Evolution(s) in hand" in out and "Dice tokens in the supply: 12" in out


def test_simulate_records_replay_and_report(kot_heuristic, tmp_path):
    records = tmp_path / "gz.jsonl"
    sim = run_installed("simulate", "kot-godzilla", "--players", "4", "--games", "6", "--seed", "2",
                        "--agents", "heuristic,random", "-o", "evolutions=true", "--workers", "1",
                        "--backend", "inprocess", "--records", str(records), "--json")
    assert sim.returncode == 0, sim.stderr
    summary = json.loads(sim.stdout)
    assert summary["games"] == 6 and summary["options"]["evolutions"] is True
    assert set(summary["wins_by_label"]) >= {"monster", "species"}
    assert len(records.read_text(encoding="utf-8").splitlines()) == 6
    replay = run_installed("replay", str(records))
    assert replay.returncode == 0, replay.stderr
    assert replay.stdout.count(": OK") == 6
    report = run_installed("report", str(records), "--out", str(tmp_path / "gz.html"))
    assert report.returncode == 0, report.stderr
    page = (tmp_path / "gz.html").read_text(encoding="utf-8")
    assert "kot-godzilla" in page and "species" in page
