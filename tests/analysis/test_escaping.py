"""Text taken from input never acts as markup or as a terminal command: a variant's name in
report.md and in plots, paths and commands in code blocks, a stored run's label on a
terminal (`analyze runs`, `analyze compare`)."""
import json
import re
import sqlite3

import pytest

from numbergames.analyze.cli import main
from numbergames.analysis.running.store import Store, run_identity
from numbergames.solver.manhome.rules import ManHomeRules

MARKUP = "<script>alert(1)</script> | *x* [a](http://b) `c` &amp; _y_ $\\frac{$"
"""A variant name full of Markdown, HTML and matplotlib mathtext (the last made the plot
fail)."""


@pytest.fixture(autouse=True)
def in_tmp(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    return tmp_path


def _headings(text):
    return [line for line in text.splitlines() if line.startswith("#")]


def _variant(path, name):
    path.write_text(f"name = {json.dumps(name)}\n[rules]\ntie = \"attacker\"\n")
    return str(path)


def test_a_variant_name_is_escaped_in_the_report_and_drawn_in_the_plots(in_tmp):
    assert main(["manhome", "--variant", _variant(in_tmp / "v.toml", MARKUP), "--sims", "200",
                 "--no-store", "--out", "out", "--quiet"]) == 0
    text = (in_tmp / "out" / "report.md").read_text()
    first = text.splitlines()[0]
    assert first.startswith("# Man Home") and "\\<script\\>" in first and "<script>" not in text
    assert "\\| \\*x\\* \\[a\\](http://b) \\`c\\` \\&amp; \\_y\\_" in first
    assert (in_tmp / "out" / "win_rate.png").stat().st_size > 1000   # mathtext not parsed
    assert json.loads((in_tmp / "out" / "summary.json").read_text())["variant"] == MARKUP


@pytest.mark.parametrize("name", ["two\nlines", "bell\x07", "esc\x1b[31m", "", " ", "x" * 201])
def test_a_variant_name_is_one_line_of_printable_text(in_tmp, capsys, name):
    # a newline in a name injected a heading into report.md
    assert main(["manhome", "--variant", _variant(in_tmp / "v.toml", name), "--sims", "20",
                 "--no-store", "--out", "out", "--quiet"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "must be one line" in err and "\x1b" not in err
    assert not (in_tmp / "out").exists()


def test_what_if_files_with_markup_names(in_tmp):
    first = _variant(in_tmp / "a.toml", "base <b>")
    (in_tmp / "b.toml").write_text('name = "| *bold* |"\n[rules]\nmen_to_win = 2\n')
    assert main(["whatif", "manhome", "--variant", first, "--variant", "b.toml", "--sims", "300",
                 "--no-store", "--out", "w", "--quiet"]) == 0
    text = (in_tmp / "w" / "report.md").read_text()
    assert "<b>" not in text and "\\<b\\>" in text and "\\| \\*bold\\* \\|" in text
    rows = [line for line in text.splitlines() if line.startswith("| ") and "bold" in line]
    assert rows and all(line.count(" | ") == rows[0].count(" | ") for line in rows)


def test_a_command_with_backticks_stays_in_its_code_block(in_tmp):
    out = "o```\n# not a heading"
    assert main(["manhome", "--sims", "50", "--no-store", "--out", out, "--quiet"]) == 0
    text = next(in_tmp.glob("o*")).joinpath("report.md").read_text()
    block = re.search(r"^(`{4,})sh\n(.*?)\n\1$", text, re.S | re.M)
    assert block and "# not a heading" in block.group(2)
    assert "# not a heading" not in _headings(text)


def _store_with_label(label):
    store = Store("reports/runs.sqlite")
    identity = run_identity("manhome", ManHomeRules(), ("random", "random"), 5)
    store.register(identity, label)
    assert main(["manhome", "--sims", "40", "--policy", "random", "--seed", "5", "--quiet"]) == 0
    return identity.id


def test_a_label_never_drives_the_terminal(in_tmp, capsys):
    # a stored run's label with terminal escape sequences was printed raw
    evil = "\x1b[2J\x1b]0;pwned\x07red\nline"
    run = _store_with_label(evil)
    assert main(["manhome", "--sims", "40", "--policy", "random", "--seed", "6", "--quiet"]) == 0
    other = run_identity("manhome", ManHomeRules(), ("random", "random"), 6).id
    capsys.readouterr()
    for argv in (["runs"], ["compare", run, other]):
        assert main(argv) == 0
        out = capsys.readouterr().out
        assert "\x1b" not in out and "\x07" not in out and "\\x1b[2J" in out
        assert not any("line" == row.strip() for row in out.splitlines())   # no line break
    with sqlite3.connect("reports/runs.sqlite") as db:   # stored as it was given
        assert db.execute("SELECT label FROM runs WHERE substr(run_key, 1, 10) = ?",
                          (run,)).fetchone()[0] == evil
    db.close()
