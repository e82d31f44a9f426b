"""A report written again from the same figures copies its plots instead of drawing them
(numbergames.analysis.reports.plotcache); any change to what a plot shows draws it again."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

import numbergames
from PIL import Image

from numbergames.analysis.reports import plotcache, report


def one_pixel(path: Path, red: int = 0) -> None:
    """A 1x1 PNG file, as a stand-in for a plot."""
    Image.new("RGB", (1, 1), (red, 0, 0)).save(path, format="png")


class Drawer:
    """A drawing function that counts its calls; each call draws another picture (unless
    ``same``: the same picture every time)."""

    def __init__(self, same: bool = False) -> None:
        self.calls = 0
        self.same = same

    def __call__(self, data, path: Path) -> None:
        self.calls += 1
        one_pixel(path, 0 if self.same else self.calls)


def test_same_inputs_copy_changed_inputs_draw(tmp_path: Path) -> None:
    first, second, third = (tmp_path / name for name in ("a", "b", "c"))
    for folder in (first, second, third):
        folder.mkdir()
    draw = Drawer()
    data = {"rate": 0.5, "games": np.arange(10), "created": "today", "elapsed_s": 1.0}
    assert not plotcache.draw(first / "p.png", tmp_path / "none", draw, data)
    key = plotcache.read_fingerprint(first / "p.png")
    assert key and Image.open(first / "p.png").text["analyze-inputs"] == key
    # provenance differs: copied, byte for byte
    assert plotcache.draw(second / "p.png", first, draw, dict(data, created="later", elapsed_s=2))
    assert (second / "p.png").read_bytes() == (first / "p.png").read_bytes() and draw.calls == 1
    # a figure differs: drawn again
    changed = dict(data, games=np.arange(1, 11))
    assert not plotcache.draw(third / "p.png", first, draw, changed)
    assert draw.calls == 2 and plotcache.read_fingerprint(third / "p.png") != key


def test_fingerprint_sees_types_order_and_values() -> None:
    key = lambda value: plotcache.fingerprint(test_fingerprint_sees_types_order_and_values, value)  # noqa: E731
    frame = pd.DataFrame({"a": [1, 2], "b": [0.5, np.nan]})
    assert key(frame) == key(frame.copy())
    assert key(frame) != key(frame[["b", "a"]]) != key(frame.astype({"a": "int8"}))
    assert key({"x": 1, "y": 2}) == key({"y": 2, "x": 1}) != key({"x": 1, "y": 3})
    assert key([1, 2]) != key([2, 1]) and key(1) != key(1.0) != key("1")
    assert key(0.1) != key(0.1 + 1e-17 * 8)


def test_plots_without_fingerprint_are_drawn(tmp_path: Path) -> None:
    (tmp_path / "old").mkdir()
    one_pixel(tmp_path / "old" / "p.png")  # an earlier plot: no fingerprint
    (tmp_path / "new").mkdir()
    draw = Drawer()
    assert plotcache.read_fingerprint(tmp_path / "old" / "p.png") is None
    assert not plotcache.draw(tmp_path / "new" / "p.png", tmp_path / "old", draw, 1)
    assert draw.calls == 1


def test_a_plot_drawn_again_as_the_same_picture_keeps_the_old_file(tmp_path: Path) -> None:
    # drawn again (no fingerprint matches: the drawing code changed, or an older plot), it
    # shows the same pixels: the old file is kept byte for byte (a committed PNG unchanged)
    (tmp_path / "old").mkdir()
    one_pixel(tmp_path / "old" / "p.png")
    old = (tmp_path / "old" / "p.png").read_bytes()
    (tmp_path / "new").mkdir()
    draw = Drawer(same=True)
    assert plotcache.draw(tmp_path / "new" / "p.png", tmp_path / "old", draw, 1)
    assert draw.calls == 1 and (tmp_path / "new" / "p.png").read_bytes() == old
    assert plotcache.same_picture(tmp_path / "old" / "p.png", tmp_path / "new" / "p.png")


@pytest.fixture(scope="module")
def run() -> tuple[dict, pd.DataFrame]:
    from numbergames import analysis

    result = numbergames.load_game("manhome", players=3).simulate(sims=3000, seed=1, workers=1)
    return result.summary, result.games


def test_report_written_again_keeps_its_plots(tmp_path: Path, run) -> None:
    summary, games = run
    out = report.write_report(tmp_path / "out", summary, games)
    plots = {name: (out / name).read_bytes() for name in ("win_rate.png", "length.png")}
    again = dict(summary, created="2030-01-01T00:00:00+00:00", elapsed_s=0.01,
                 games_loaded=len(games))
    code = ("import json, sys, pandas as pd; from numbergames.analysis.reports.report import write_report; "
            f"s = json.load(open({str(tmp_path / 's.json')!r})); "
            f"g = pd.read_pickle({str(tmp_path / 'g.pkl')!r}); "
            f"write_report({str(out)!r}, s, g); print('matplotlib' in sys.modules)")
    (tmp_path / "s.json").write_text(json.dumps(again))
    games.to_pickle(tmp_path / "g.pkl")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            check=True)
    assert result.stdout.strip() == "False"  # not even imported
    assert {name: (out / name).read_bytes() for name in plots} == plots
    # the same figures: the report keeps its own date and timing (numbergames.analysis.running.provenance.kept)
    assert json.loads((out / "summary.json").read_text())["elapsed_s"] == summary["elapsed_s"]

    # the figures change: both plots are drawn again
    report.write_report(out, dict(summary, win_rate_by_seat=[0.5, 0.3, 0.2]),
                        games.assign(turns=games["turns"] + 1))
    for name, before in plots.items():
        assert (out / name).read_bytes() != before
        Image.open(out / name).verify()
