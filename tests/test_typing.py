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


def test_modules_the_compiled_agents_import_are_clean_too(monkeypatch):
    """mypyc type-checks every module a compiled module imports (tokyo.agents imports the
    policy agent inside make_agent), and one error there makes the build fall back to pure
    Python; plain mypy with the configuration's `files` does not look at them. So every
    `from .NAME import` of a compiled agents module must be clean under --strict as well."""
    import re
    from mypy import api

    conf = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["mypy"]
    compiled = [ROOT / f for f in conf["files"] if f.startswith("src/tokyo/agents/") and f.endswith(".py")]
    imported = set()
    for path in compiled:
        for name in re.findall(r"^\s*from \.(\w+) import", path.read_text(), flags=re.M):
            target = ROOT / "src/tokyo/agents" / f"{name}.py"
            if target.exists():
                imported.add(str(target.relative_to(ROOT)))
    assert "src/tokyo/agents/policy.py" in imported
    monkeypatch.chdir(ROOT)
    monkeypatch.setenv("MYPYPATH", "src")
    out, err, status = api.run(["--strict", "--no-incremental", "--python-version", "3.11", *sorted(imported)])
    assert status == 0, out + err
