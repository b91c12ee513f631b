"""The browser tests bring their own chromium: with none on the machine, the first
browser test installs it (Debian's package as root, else Playwright's download) after
one line saying so, and fails with what to do when it cannot. These tests run the
installer with stand-ins for the commands (nothing is installed here)."""

import subprocess
import sys

import pytest

from browserhelpers import ensure_chromium, install_commands


class Machine:
    """A machine with no chromium until an install command succeeds."""

    def __init__(self, fail_on: str | None = None):
        self.fail_on = fail_on
        self.installed = False
        self.ran: list[list[str]] = []
        self.said: list[str] = []

    def find(self):
        return "/usr/bin/chromium" if self.installed else None

    def run(self, command, **kwargs):
        self.ran.append(command)
        if self.fail_on and self.fail_on in command:
            return subprocess.CompletedProcess(command, 100, "", "E: Unable to locate package chromium\n")
        if "install" in command:
            self.installed = True
        return subprocess.CompletedProcess(command, 0, "", "")


def test_a_chromium_found_is_used_as_it_is():
    machine = Machine()
    machine.installed = True
    assert ensure_chromium(machine.said.append, machine.run, machine.find, debian=True, root=True) == "/usr/bin/chromium"
    assert machine.ran == [] and machine.said == []


def test_debian_as_root_installs_the_package_after_one_line():
    machine = Machine()
    assert ensure_chromium(machine.said.append, machine.run, machine.find, debian=True, root=True) == "/usr/bin/chromium"
    assert machine.ran == [["apt-get", "update", "-qq"], ["apt-get", "install", "-y", "-qq", "chromium"]]
    assert len(machine.said) == 1 and "no chromium found" in machine.said[0]
    assert "apt-get install -y -qq chromium" in machine.said[0]


@pytest.mark.parametrize("debian, root", [(False, True), (True, False), (False, False)])
def test_elsewhere_playwright_downloads_its_own(debian, root):
    assert install_commands(debian, root) == [[sys.executable, "-m", "playwright", "install", "chromium"]]
    machine = Machine()
    ensure_chromium(machine.said.append, machine.run, machine.find, debian=debian, root=root)
    assert machine.ran == [[sys.executable, "-m", "playwright", "install", "chromium"]]
    assert "python -m playwright install chromium" in machine.said[0]


def test_an_install_that_fails_says_what_to_do():
    machine = Machine(fail_on="install")
    with pytest.raises(AssertionError) as info:
        ensure_chromium(machine.said.append, machine.run, machine.find, debian=True, root=True)
    message = str(info.value)
    assert "Unable to locate package chromium" in message
    assert "apt-get install chromium" in message and "playwright install chromium" in message
    assert "TOKYO_CHROMIUM" in message and "\n" not in message


def test_an_install_that_finds_nothing_after_is_a_failure():
    machine = Machine()
    with pytest.raises(AssertionError, match="still found none"):
        ensure_chromium(machine.said.append, machine.run, lambda: None, debian=True, root=True)


def test_a_missing_program_is_a_failure_too():
    def run(command, **kwargs):
        raise FileNotFoundError(2, "No such file or directory", command[0])

    with pytest.raises(AssertionError, match="could not be installed"):
        ensure_chromium(lambda line: None, run, lambda: None, debian=False, root=False)
