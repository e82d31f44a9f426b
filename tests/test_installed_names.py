"""The toolkit installs one top-level package, numbergames (setup.py's package_dir maps its
folders: numbergames.solver is solver/, ...). No Python file of the repository imports a
folder by its old top-level name (analysis, solver, studies, analyze, cext), runs it with
``python -m`` or imports it by a string: in a checkout that would be a second copy of a
module, and installed, nothing at all. (Cython's cimports keep the folders' names: they
are read when the kernels are compiled, from the repository's root.)"""
import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OLD = r"(?:analysis|solver|studies|analyze|cext)"
IMPORT = re.compile(rf"^[ \t]*(?:from[ \t]+{OLD}(?:\.[\w.]+)?[ \t]+import\b"
                    rf"|import[ \t]+(?:[\w.]+(?:[ \t]+as[ \t]+\w+)?[ \t]*,[ \t]*)*{OLD}\b)")
BY_NAME = re.compile(rf"""(?:-m["']?,?[ \t]+["']?|import_module\(f?["']|__import__\(f?["']"""
                     rf"""|kernel=["']){OLD}\b(?![\w-])""")


def python_files() -> list[Path]:
    listed = subprocess.run(["git", "ls-files", "-z", "--", "*.py"], cwd=ROOT, text=True,
                            capture_output=True, check=True).stdout.split("\0")
    return [ROOT / name for name in listed
            if name and (ROOT / name).is_file() and ROOT / name != Path(__file__).resolve()]


def old_names(text: str) -> list[str]:
    """The lines of ``text`` that import a folder by its old top-level name."""
    return [line.strip() for line in text.splitlines()
            if IMPORT.search(line) or BY_NAME.search(line)]


def test_the_check_sees_old_names():
    found = old_names("import solver.shoo\nfrom analysis.running import runner\n"
                      "    import numpy, studies\nrun([python, '-m', 'analyze'])\n"
                      "importlib.import_module('cext.manhome.play')\n"
                      "from numbergames.solver import registry\nimport numbergames.cext\n"
                      "from cext.common.dice cimport dice_below\n")
    assert len(found) == 5, found


def test_no_file_imports_an_old_top_level_name():
    files = python_files()
    assert len(files) > 100
    found = [f"{path.relative_to(ROOT)}: {line}" for path in files
             for line in old_names(path.read_text(encoding="utf-8"))]
    assert not found, "\n".join(found)
