"""A run asked again, answered by the results store, writes the same report: with
``--keep-games 0`` the store holds only each chunk's summary, and the second run (which
then sees no rows at all) once ended in ``ValueError: games lacks column(s) winner, turns``
in every game."""
import pytest

from numbergames.analyze.cli import main
from numbergames.solver.registry import game_names


@pytest.mark.parametrize("game", game_names())
def test_keep_no_games_twice(game, tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    argv = [game, "--sims", "50", "--workers", "1", "--quiet", "--keep-games", "0"]
    assert main(argv) == 0
    [folder] = (tmp_path / "reports" / game).iterdir()
    first = (folder / "games.npz").read_bytes()
    assert main(argv) == 0, capsys.readouterr().err
    assert capsys.readouterr().err == ""
    assert (folder / "games.npz").read_bytes() == first  # no rows, the same columns
