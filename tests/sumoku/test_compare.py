"""`analyze compare` of two stored runs of a game whose outcome is a score: the comparison
reads the scores too (it raised KeyError 'score_0', reading the standard columns only)."""
from numbergames.analyze.cli import main
from numbergames.analysis.running.store import Store


def test_two_stored_sumoku_runs_compare(tmp_path, capsys):
    store = str(tmp_path / "runs.sqlite")
    for seed in ("1", "2"):
        assert main(["sumoku", "--sims", "40", "--seed", seed, "--workers", "1", "--store", store,
                     "--out", str(tmp_path / seed), "--quiet"]) == 0
    a, b = Store(store).runs()["id"]
    capsys.readouterr()
    assert main(["compare", a, b, "--store", store]) == 0
    out = capsys.readouterr().out
    assert "win rate, seat 0" in out and "verdict:" in out
