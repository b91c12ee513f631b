"""Packaging: every data file the games read ships in a wheel (pyproject package-data)."""

from __future__ import annotations

import tomllib
from fnmatch import fnmatch
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "src" / "tokyo"


def test_every_game_data_file_is_package_data():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    patterns = config["tool"]["setuptools"]["package-data"]["tokyo"]
    data_files = [p.relative_to(PACKAGE).as_posix() for p in PACKAGE.rglob("data/*") if p.is_file()]
    assert data_files, "no game data files found under src/tokyo/**/data"
    missing = [f for f in data_files if not any(fnmatch(f, pat) for pat in patterns)]
    assert not missing, f"data files a wheel would leave out (add them to package-data): {missing}"


def test_every_browser_client_file_is_package_data():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    patterns = config["tool"]["setuptools"]["package-data"]["tokyo"]
    static = [p.relative_to(PACKAGE).as_posix() for p in (PACKAGE / "server" / "static").rglob("*") if p.is_file()]
    assert "server/static/index.html" in static and "server/static/play.html" in static
    missing = [f for f in static if not any(fnmatch(f, pat) for pat in patterns)]
    assert not missing, f"browser client files a wheel would leave out (add them to package-data): {missing}"
