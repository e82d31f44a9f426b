"""The architecture holds: no import cycles, the games never reach into the analysis, and the
analysis never names a game (import-linter's contracts in pyproject.toml, and a scan)."""
import re
from pathlib import Path

import grimp
from importlinter.cli import lint_imports

from solver.registry import games

ROOT = Path(__file__).resolve().parents[1]


def test_import_contracts_are_kept(monkeypatch, capsys):
    monkeypatch.chdir(ROOT)
    status = lint_imports(config_filename=str(ROOT / "pyproject.toml"), no_cache=True, no_logo=True)
    assert status == 0, capsys.readouterr().out


def test_only_a_games_report_modules_use_the_analysis():
    # a game's rules, engine and players never reach into the analysis, however indirectly;
    # its own report modules (solver/<game>/*_report.py) may use the analysis's tools
    graph = grimp.build_graph("solver", "analysis")
    users = graph.find_downstream_modules("analysis", as_package=True)
    engines = sorted(m for m in users if m.startswith("solver") and not m.endswith("_report"))
    assert not engines, engines


def test_the_analysis_never_names_a_game():
    names = [spec.name for spec in games().values()] + [spec.title for spec in games().values()]
    pattern = re.compile("|".join(re.escape(n) for n in names), re.IGNORECASE)
    found = [f"{path.relative_to(ROOT)}:{number}: {line.strip()}"
             for path in sorted((ROOT / "analysis").rglob("*.py"))
             for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if pattern.search(line)]
    assert not found, "\n".join(found)
