"""The README's set-up commands are the ones CI and users run; keep them true."""

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"


def setup_commands() -> list[str]:
    readme = (ROOT / "README.md").read_text()
    section = readme.split("## Set-up", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"```sh\n(.*?)\n```", section, re.S)


def test_exactly_two_one_line_setup_commands():
    commands = setup_commands()
    assert len(commands) == 2
    assert all("\n" not in c for c in commands)
    assert commands[0].endswith(".venv/bin/tokyo serve")
    assert "pytest" in commands[1] and ".[test]" in commands[1]


def test_ci_runs_the_readme_test_command():
    ci = (ROOT / ".ci" / "run").read_text()
    assert setup_commands()[1] in ci.splitlines()
    assert "-eq 5" in ci  # pytest's exit code 5 (no tests) fails


def test_readme_documents_every_subcommand():
    readme = (ROOT / "README.md").read_text()
    for command in ("games", "cards", "play", "simulate", "replay", "report", "serve"):
        assert f"### `tokyo {command}" in readme


def test_ci_installs_the_browser_of_the_browser_tests():
    ci = (ROOT / ".ci" / "run").read_text().splitlines()
    install = next(i for i, line in enumerate(ci) if "apt-get install" in line and "chromium" in line)
    venv = next(i for i, line in enumerate(ci) if line.startswith("python3 -m venv"))
    assert install < venv and ci[install].startswith("command -v chromium >/dev/null ||")


def test_readme_shows_the_browser_screenshots():
    readme = (ROOT / "README.md").read_text()
    for shot in ("lobby", "kot-desktop", "kot-phone", "kot-base-desktop", "kot-base-phone", "kot-godzilla-desktop",
                 "kot-godzilla-phone", "crisis-desktop", "crisis-phone", "replay", "rules-desktop", "rules-phone", "players-desktop", "players-phone",
                 "room-admin-desktop", "room-admin-phone"):
        assert f"docs/screenshots/{shot}.png" in readme
        assert (ROOT / "docs" / "screenshots" / f"{shot}.png").is_file()


def test_the_python_examples_run_and_print_what_they_say():
    """The ```python blocks of the README run as written, one after the other in a fresh
    interpreter (a later block may use an earlier one's names); the position example
    prints the decision its comment names."""
    blocks = re.findall(r"```python\n(.*?)```", README.read_text(), flags=re.S)
    assert len(blocks) >= 2 and any("build_position" in b for b in blocks)
    script = "\n".join(b for b in blocks if "tokyo.rl" not in b)  # docs/rl.md's: tests/rl
    run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert run.returncode == 0, script + "\n" + run.stderr[-3000:]
    assert run.stdout.strip().endswith("0 ['stay', 'yield']"), run.stdout
