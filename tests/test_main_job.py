"""The README's main command, ``analyze manhome --sims 1e6``, leaves a fresh clone clean:
the committed report it writes, ``reports/manhome/standard-2p-greedy``, is the command's
current output, and a run that finds the same figures keeps the report's date, timing and
command (:func:`numbergames.analysis.running.provenance.kept`) and its PNG files (a drawing of the same picture
keeps the old file: :func:`numbergames.analysis.reports.plotcache.draw`). So the test runs the main command
itself — a million games, about two CPU-seconds on the kernel — into a copy of the committed
folder, first with no results store (a fresh clone: every game played) and then again
(every game loaded from the store the first run made), and compares every byte."""
import shutil
from pathlib import Path

from numbergames.analyze.cli import main

ROOT = Path(__file__).resolve().parents[1]
FOLDER = Path("reports") / "manhome" / "standard-2p-greedy"
MAIN_COMMAND = ["manhome", "--sims", "1e6"]
"""``analyze manhome --sims 1e6``, as the README's "Set up" gives it."""


def _files(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


def test_the_main_command_leaves_a_fresh_clone_clean(tmp_path, monkeypatch, capsys):
    committed = _files(ROOT / FOLDER)
    shutil.copytree(ROOT / FOLDER, tmp_path / FOLDER)
    monkeypatch.chdir(tmp_path)
    for run in ("played", "loaded from the store"):
        assert main(MAIN_COMMAND) == 0, capsys.readouterr().err
        printed = capsys.readouterr().out
        assert "1,000,000 games" in printed
        # the committed folder itself, not one beside it (a run of another identity, e.g. after
        # an engine's version was raised, goes to <label>-<games>games and leaves it as it was)
        assert [p.name for p in (tmp_path / FOLDER).parent.iterdir()] == [FOLDER.name]
        assert any(line.split()[-1:] == [str(FOLDER)] for line in printed.splitlines()), printed
        written = _files(tmp_path / FOLDER)
        changed = sorted(name for name in committed.keys() | written.keys()
                         if committed.get(name) != written.get(name))
        assert not changed, f"the main command ({run}) changed {changed}"
