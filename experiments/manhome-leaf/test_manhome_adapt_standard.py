"""manhome_adapt_standard.py: bad options give one line and exit 2 before any
game is played."""
from __future__ import annotations


def test_bad_options_give_one_line(experiment_script, capsys):
    main = experiment_script("manhome_adapt_standard").main
    assert main(["--depths", "0"]) == 2
    assert main(["--depths", "5"]) == 2
    assert main(["--depths", "x"]) == 2
    assert main(["--games", "0"]) == 2
    err = capsys.readouterr()
    assert len(err.err.strip().splitlines()) == 4 and not err.out
