"""The layers are written down as import-linter contracts in pyproject.toml ([tool.importlinter]) and checked here:
the tree keeps them, a violation is caught, and every package of toolgraph/ has its place in the layers."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CONFIG = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["importlinter"]
LINT = "import sys; from importlinter.cli import lint_imports; sys.exit(lint_imports(no_cache=True, no_logo=True))"


def lint_imports(root: Path) -> subprocess.CompletedProcess[str]:
    """``lint-imports`` run by this venv's Python in ``root`` (its pyproject.toml, its packages first on the path)."""
    env = {**os.environ, "PYTHONPATH": str(root)}
    return subprocess.run([sys.executable, "-c", LINT], cwd=root, env=env, capture_output=True, text=True,
                          timeout=120)


def test_the_tree_keeps_every_contract() -> None:
    result = lint_imports(ROOT)
    out = result.stdout + result.stderr
    assert result.returncode == 0, out
    contracts = len(CONFIG["contracts"])
    assert contracts >= 4
    assert f"Contracts: {contracts} kept, 0 broken." in out, out


def test_a_violation_is_caught(tmp_path: Path) -> None:
    for name in ("toolgraph", "web", "gds_jobs"):
        shutil.copytree(ROOT / name, tmp_path / name, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    shutil.copy(ROOT / "pyproject.toml", tmp_path)
    # a core module that imports the web app and the driver; page logic that reaches Flask through a helper, and
    # two modules that import each other
    (tmp_path / "toolgraph" / "retrieve" / "probe.py").write_text("import neo4j\n\nimport web\n")
    (tmp_path / "web" / "probe_helper.py").write_text("import flask\n")
    for name, line in (("explore", "from web import graphs, probe_helper"), ("graphs", "from web import explore")):
        path = tmp_path / "web" / f"{name}.py"
        path.write_text(path.read_text(encoding="utf-8") + f"\n{line}  # noqa\n")
    result = lint_imports(tmp_path)
    out = result.stdout + result.stderr
    assert result.returncode != 0, out
    assert "toolgraph.retrieve is not allowed to import web" in out, out
    assert "toolgraph.retrieve.probe -> neo4j" in out, out
    assert "web.explore is not allowed to import flask" in out, out
    assert "No cycles are allowed in web." in out, out
    assert "Contracts: 0 kept, 4 broken." in out, out


def test_every_package_has_a_layer() -> None:
    """A new package or module of toolgraph/ is placed in the layers contract (one more name on a line)."""
    layers = next(c for c in CONFIG["contracts"] if c["type"] == "layers")["layers"]
    named = {m.strip().strip("()") for layer in layers for m in re.split(r"[|:]", layer)}
    children = {f"toolgraph.{p.stem}" for p in (ROOT / "toolgraph").glob("*.py") if p.name != "__init__.py"}
    children |= {f"toolgraph.{p.parent.name}" for p in (ROOT / "toolgraph").glob("*/__init__.py")}
    assert len(children) >= 10
    assert sorted(children - named) == []
    assert {"web", "gds_jobs"} <= named
