"""The compiled build's requirements are complete (build_support/tokyo_build.py).

mypyc type-checks the modules it compiles, and a module they import that the build
environment lacks fails that check: the wheel then falls back to pure Python without a
word (pip shows the build's output only with -v). It happened: the policy agent and
tokyo.core.tensor import numpy, which a fresh machine's build environment did not have,
while every build on a developer's machine found it in the venv. So every package a
compiled module imports must be one the wheel's build asks for."""

from __future__ import annotations

import ast
import importlib.util
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

PROVIDES = {"mypy": {"mypy", "mypyc", "mypy_extensions", "typing_extensions"}, "numpy": {"numpy"}}
"""The top-level modules each build requirement brings (mypy depends on the two extensions)."""


BACKEND = ROOT / "build_support" / "tokyo_build.py"


def compile_requires() -> list[str]:
    """COMPILE_REQUIRES as the backend file says it (read without importing setuptools)."""
    for node in ast.parse(BACKEND.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Assign) and any(getattr(t, "id", None) == "COMPILE_REQUIRES" for t in node.targets):
            return list(ast.literal_eval(node.value))
    raise AssertionError("build_support/tokyo_build.py has no COMPILE_REQUIRES")


def _backend():
    pytest.importorskip("setuptools")
    spec = importlib.util.spec_from_file_location("tokyo_build_under_test", BACKEND)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def compiled_files() -> list[Path]:
    tops = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["mypy"]["files"]
    files: list[Path] = []
    for top in tops:
        path = ROOT / top
        files += [path] if path.suffix == ".py" else sorted(path.rglob("*.py"))
    return files


def imports(path: Path) -> tuple[set[str], set[Path]]:
    """The imports anywhere in ``path`` (inside functions and TYPE_CHECKING blocks too:
    mypy checks those): top-level names of packages neither in the standard library nor
    tokyo, and the project's own module files."""
    found: set[str] = set()
    own: set[Path] = set()
    package = path.parent
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:  # relative: a module of the project
                base = package
                for _ in range(node.level - 1):
                    base = base.parent
                parts = (node.module or "").split(".") if node.module else []
                targets = [base.joinpath(*parts)] if parts else []
                targets += [base.joinpath(*parts, alias.name) for alias in node.names]
                own |= {t.with_suffix(".py") for t in targets if t.with_suffix(".py").exists()}
                own |= {t / "__init__.py" for t in targets if (t / "__init__.py").exists()}
                continue
            names = [node.module] if node.module else []
        else:
            continue
        for name in names:
            top = name.split(".")[0]
            if top == "tokyo":
                target = ROOT / "src" / Path(*name.split("."))
                own |= {p for p in (target.with_suffix(".py"), target / "__init__.py") if p.exists()}
            elif top not in sys.stdlib_module_names and top != "__future__":
                found.add(top)
    return found, own


def third_party_imports(path: Path) -> set[str]:
    return imports(path)[0]


def checked_files() -> set[Path]:
    """The compiled modules and every project module they import, transitively: all of
    them are type-checked when mypyc compiles."""
    todo = list(compiled_files())
    seen: set[Path] = set()
    while todo:
        path = todo.pop()
        if path in seen:
            continue
        seen.add(path)
        todo += imports(path)[1]
    return seen


def test_every_package_the_compiled_modules_import_is_a_build_requirement():
    requires = compile_requires()
    provided = set()
    for req in requires:
        name = req.split(">")[0].split("=")[0].split("<")[0].strip()
        assert name in PROVIDES, f"say in PROVIDES which modules the build requirement {name!r} brings"
        provided |= PROVIDES[name]
    files = checked_files()
    assert len(files) > 50  # the engine, not an empty list
    assert ROOT / "src/tokyo/agents/policy.py" in files  # imported by tokyo.agents
    missing = {f"{top} (imported by {path.relative_to(ROOT)})"
               for path in files for top in third_party_imports(path) if top not in provided}
    assert not missing, ("the compiled modules import packages the wheel's build does not install "
                         "(add them to COMPILE_REQUIRES in build_support/tokyo_build.py): " + ", ".join(sorted(missing)))


def test_the_check_sees_imports_inside_functions(tmp_path):
    sample = tmp_path / "m.py"
    sample.write_text("import json\nfrom . import x\n\ndef f():\n    import numpy as np\n"
                      "    from scipy.stats import norm\n", encoding="utf-8")
    assert third_party_imports(sample) == {"numpy", "scipy"}


def test_the_wheel_asks_for_the_compile_requirements(monkeypatch):
    monkeypatch.chdir(ROOT)  # setuptools reads the project's files from the working directory
    backend = _backend()
    asked = backend.get_requires_for_build_wheel()
    assert backend.COMPILE_REQUIRES == compile_requires()
    assert set(compile_requires()) <= set(asked) and "numpy>=1.24" in asked
