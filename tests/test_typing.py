"""The engine type-checks under mypy --strict (configuration in pyproject.toml).

Issue 13: typed code is easier to read and is what the compiled build (mypyc,
tests/test_compiled.py) needs. Every module of tokyo.core and tokyo.games is checked, and the agents listed in
pyproject's [tool.mypy] files.
"""
from __future__ import annotations

import pathlib
import tomllib

ROOT = pathlib.Path(__file__).resolve().parents[1]


def test_engine_is_clean_under_strict_mypy(monkeypatch):
    from mypy import api  # in the [test] extra

    monkeypatch.chdir(ROOT)  # the configuration's `files` are relative to the project
    out, err, status = api.run(["--config-file", str(ROOT / "pyproject.toml"), "--no-incremental"])
    assert status == 0, out + err


def test_the_whole_engine_is_checked_strictly():
    """No module of the engine is exempt: strict mode, both packages listed, no override
    that ignores errors or turns a strict check off."""
    conf = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["mypy"]
    assert conf["strict"] is True
    assert set(conf["files"]) >= {"src/tokyo/core", "src/tokyo/games"}
    for override in conf.get("overrides", []):
        loosened = {k: v for k, v in override.items() if k != "module" and v in (True, False)}
        assert not loosened, f"override {override['module']} loosens the checks: {loosened}"
