"""The architecture holds, both ways: the import contracts of pyproject.toml (import-linter:
the layers analyze > numbergames > studies > analysis > solver > cext, the analysis and the game contract
reach no game, a game needs no tables or plots, the games and their studies are independent,
no import cycles), a scan of the kernels' Cython sources, which import-linter cannot read,
and a scan showing that the analysis never names a game."""
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from numbergames.solver.registry import games

ROOT = Path(__file__).resolve().parents[1]
KERNEL_SOURCES = sorted(p for suffix in ("*.pyx", "*.pxd", "*.pxi")
                        for p in (ROOT / "cext").rglob(suffix))
ABOVE_THE_KERNELS = {"solver", "analysis", "studies", "numbergames", "analyze"}

_STRING = re.compile(r'("""|\'\'\')(.*?)\1', re.S)
_IMPORT = re.compile(r"^[ \t]*(?:from\s+([\w.]+)\s+c?import\b|c?import[ \t]+([^\n]+))", re.M)


def cython_imports(text: str) -> list[str]:
    """The modules a Cython source imports or cimports, anywhere (also inside functions),
    its docstrings and comments left out."""
    text = _STRING.sub(lambda m: "\n" * m.group(0).count("\n"), text)
    text = re.sub(r"#.*", "", text)
    found = []
    for match in _IMPORT.finditer(text):
        if match.group(1):
            found.append(match.group(1))
        else:
            found += [part.split()[0] for part in match.group(2).split(",")]
    return found


LINT = ("import sys; from importlinter.cli import lint_imports; "
        "sys.exit(lint_imports(config_filename=sys.argv[1], no_cache=True, no_logo=True))")


def installed_tree(into: Path) -> Path:
    """The package laid out as installed, numbergames/<folder>/... (setup.py's package_dir),
    a copy of its .py files: import-linter finds a package's modules by walking its folder,
    which cannot follow package_dir."""
    for folder in ("numbergames", "solver", "cext", "analysis", "studies", "analyze"):
        base = into / "numbergames" / (folder if folder != "numbergames" else "")
        for path in (ROOT / folder).rglob("*.py"):
            target = base / path.relative_to(ROOT / folder)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(path, target)
    return into


def test_import_contracts_are_kept(tmp_path):
    done = subprocess.run([sys.executable, "-c", LINT, str(ROOT / "pyproject.toml")],
                          cwd=installed_tree(tmp_path), capture_output=True, text=True,
                          timeout=300, check=False)
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_scan_reads_imports_and_skips_docstrings_and_comments():
    text = ('"""\nfrom solver import x\n"""\nfrom cext.common.dice cimport a\n'
            "def f():\n    import numpy as np, solver.shoo  # from analysis import y\n"
            "    cimport cython\n")
    assert cython_imports(text) == ["cext.common.dice", "numpy", "solver.shoo", "cython"]


def test_the_scan_sees_the_kernels():
    assert len(KERNEL_SOURCES) > 10
    assert "cext.common.interrupt" in cython_imports((ROOT / "cext/sumoku/play.pyx").read_text())


@pytest.mark.parametrize("path", KERNEL_SOURCES, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_a_kernel_imports_nothing_above_it_nor_another_game(path):
    # kernels take their constants from the generated constants.pxd or as arguments
    game = path.relative_to(ROOT / "cext").parts[0]
    bad = []
    for module in cython_imports(path.read_text(encoding="utf-8")):
        parts = module.split(".")
        if parts[0] in ABOVE_THE_KERNELS:
            bad.append(module)
        elif parts[0] == "cext" and len(parts) > 1 and parts[1] not in ("common", game):
            bad.append(module)
    assert not bad, bad


def test_the_analysis_never_names_a_game():
    names = [spec.name for spec in games().values()] + [spec.title for spec in games().values()]
    pattern = re.compile("|".join(re.escape(n) for n in names), re.IGNORECASE)
    found = [f"{path.relative_to(ROOT)}:{number}: {line.strip()}"
             for path in sorted((ROOT / "analysis").rglob("*.py"))
             for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if pattern.search(line)]
    assert not found, "\n".join(found)
