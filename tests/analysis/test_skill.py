"""The skill ladder, the luck share, `analyze skill`, `analyze report` and the overview page."""
import json
import math
import os
import re

import pandas as pd
import pytest

from numbergames import analysis

from numbergames.analysis.running.folders import MARKER
from numbergames.analysis.searches import skill as skill_module
from numbergames.analyze.cli import main
from numbergames.studies import find_study
from numbergames.studies.overview import regenerate
from numbergames.analysis.running.runner import run
from numbergames.analysis.searches.whatif import out_name
from numbergames.analysis.searches.skill import FILES, luck_share, play_match, skill
from numbergames.analysis.running.store import Store
from numbergames.solver import registry
from numbergames.solver.manhome.rules import ManHomeRules



def test_a_match_is_every_seating_on_the_same_games():
    spec = registry.find_game("manhome")
    rules = ManHomeRules()
    match = play_match(spec, rules, "greedy", "random", 3000, seed=5, workers=1)
    seat0 = run(spec, rules, ["greedy", "random"], 3000, 5, workers=1).games["winner"].to_numpy()
    seat1 = run(spec, rules, ["random", "greedy"], 3000, 5, workers=1).games["winner"].to_numpy()
    assert match.wins_by_seat == (int((seat0 == 0).sum()), int((seat1 == 1).sum()))
    x = ((seat0 == 0).astype(float) + (seat1 == 1)) / 2
    assert match.mean == pytest.approx(x.mean())
    half = 1.959964 * x.std(ddof=1) / math.sqrt(3000)
    assert (match.low, match.high) == pytest.approx((x.mean() - half, x.mean() + half), abs=1e-6)
    assert match.elo == pytest.approx(400 * math.log10(match.mean / (1 - match.mean)))
    # greedy is far stronger than random: the test against the fair share is clear
    assert match.low > 0.5 and match.p_value < 1e-6


def test_seat_edges_set_each_seat_against_the_opponents_self_play():
    """A seat's edge is the player's points there minus the opponent's own there when it
    plays every seat, key by key: against itself a player's games *are* the self-play
    games, so every edge is exactly 0; a far stronger player gains in every seat, by the
    difference of the two runs' rates, which the edge's pairs must reproduce."""
    spec = registry.find_game("manhome")
    rules = ManHomeRules()
    twin = play_match(spec, rules, "greedy", "random", 400, seed=3, workers=1)
    assert twin.seat_edges == () and twin.every_seat is None   # not asked for
    mirror = play_match(spec, rules, "random", "random", 400, seed=3, workers=1,
                        seat_edges=True)
    assert [(e.edge, e.low, e.high, e.games) for e in mirror.seat_edges] == [(0, 0, 0, 400)] * 2
    assert mirror.every_seat is False
    match = play_match(spec, rules, "greedy", "random", 3000, seed=5, workers=1,
                       seat_edges=True)
    self_play = run(spec, rules, ["random", "random"], 3000, 5,
                    workers=1).games["winner"].to_numpy()
    seat0 = run(spec, rules, ["greedy", "random"], 3000, 5, workers=1).games["winner"].to_numpy()
    d = (seat0 == 0).astype(float) - (self_play == 0)
    e = match.seat_edges[0]
    assert (e.points, e.self_play) == (match.wins_by_seat[0] / 3000, (self_play == 0).mean())
    half = 1.959964 * d.std(ddof=1) / math.sqrt(3000)
    assert (e.edge, e.low, e.high) == pytest.approx((d.mean(), d.mean() - half,
                                                    d.mean() + half), abs=1e-6)
    assert match.every_seat and all(e.low > 0.2 for e in match.seat_edges)
    row = match.row()
    assert row["edge_seat1"] == match.seat_edges[1].edge and "self_play_seat0" in row


SMALL = dict(board_rows=2, men_per_player=3, men_to_win=2)
"""Small Man Home rules: the expert's solitaire table in a moment (the standard rules' takes
a process some seconds)."""


def test_ladder_order_luck_and_files(tmp_path):
    ladder = skill("manhome", sims=2000, search_sims=60, budgets=[2, 4], workers=1, seed=1,
                   **SMALL)
    pairs = [(m.player, m.opponent, m.kind) for m in ladder.matches]
    assert pairs == [("greedy", "random", "step"), ("expert", "greedy", "step"),
                     ("search-2", "greedy", "step"), ("search-4", "search-2", "step"),
                     ("expert", "random", "baseline"), ("search-4", "random", "baseline"),
                     ("search-4", "expert", "best")]
    games = {(m.player, m.opponent): m.games for m in ladder.matches}
    assert games[("expert", "greedy")] == 2000 and games[("search-2", "greedy")] == 60
    luck = ladder.luck
    # the strongest: the winner of the round robin of the chains' tops (expert, search-4)
    duel = next(m for m in ladder.matches if m.kind == "best")
    assert ladder.strongest == ("search-4" if duel.mean > 0.5 else "expert")
    best = next(m for m in ladder.matches
                if m.player == ladder.strongest and m.opponent == "random")
    assert luck["best_player"] == best.player
    assert luck["luck_share"] == pytest.approx(2 * (1 - best.mean))
    assert luck["luck_share_low"] <= luck["luck_share"] <= luck["luck_share_high"]
    players = ladder.players_table.set_index("player")
    # Elo along the steps: greedy's step plus expert's step over greedy
    step = {(m.player, m.opponent): m.elo for m in ladder.matches}
    assert players.loc["expert", "elo_steps"] == pytest.approx(
        step[("greedy", "random")] + step[("expert", "greedy")])
    assert players.loc["search-4", "elo_steps"] == pytest.approx(
        step[("greedy", "random")] + step[("search-2", "greedy")] + step[("search-4", "search-2")])
    path = analysis.write_report(ladder, tmp_path / "skill")
    assert sorted(p.name for p in path.iterdir()) == sorted([*FILES, MARKER])
    summary = json.loads((path / "summary.json").read_text())
    assert summary["luck_share"] == pytest.approx(luck["luck_share"])
    assert len(pd.read_csv(path / "ladder.csv")) == 7
    assert summary["ladder"] == {"policies": ["random", "greedy", "expert"],
                                 "search": ["greedy", "search-2", "search-4"]}
    text = (path / "report.md").read_text()
    assert "luck share" in text and "`search-4`" in text and "![The skill ladder](ladder.png)" in text


def test_the_tops_of_the_search_chains_play_their_own_number_of_games(tmp_path):
    """--top-sims: the search chains' tops against the baseline, the strongest fixed player
    and each other play their own number of games; steps play --search-sims, fixed players
    --sims; the report says so."""
    from numbergames.analysis.searches.skill_report import render_markdown

    ladder = skill("manhome", sims=300, search_sims=30, top_sims=60, workers=1,
                   budgets={"search": (2, 4), "mcts": (2,), "ply": ()}, **SMALL)
    games = {(m.player, m.opponent, m.kind): m.games for m in ladder.matches}
    assert games == {("greedy", "random", "step"): 300, ("expert", "greedy", "step"): 300,
                     ("search-2", "greedy", "step"): 30, ("search-4", "search-2", "step"): 30,
                     ("mcts-2", "expert", "step"): 30, ("expert", "random", "baseline"): 300,
                     ("search-4", "random", "baseline"): 60,
                     ("mcts-2", "random", "baseline"): 60, ("search-4", "expert", "best"): 60,
                     ("mcts-2", "search-4", "head"): 60}   # (mcts-2 met expert as its step)
    assert ladder.summary["games_per_seat_top"] == 60
    text = render_markdown(ladder)
    assert "and each other 60 (the verdicts" in text
    assert "60 (the search chains' tops)\n- Run time: " in text and "{" not in text


def test_three_players_have_three_seatings_and_no_elo():
    ladder = skill("manhome", sims=600, search_sims=30, budgets=[1], workers=1, players=3,
                   **SMALL)
    assert all(len(m.wins_by_seat) == 3 and m.elo is None for m in ladder.matches)
    best = next(m for m in ladder.matches
                if m.player == ladder.strongest and m.opponent == "random")
    assert ladder.luck["luck_share"] == pytest.approx(min(1, (1 - best.mean) / (2 / 3)))


def test_every_chain_climbs_and_the_tops_meet_in_a_round_robin():
    rungs = skill_module.Rungs(
        ("random", "popsicle", "rainbow", "adaptive"),
        (("search", ("adaptive", "search-2", "search-4")),
         ("mcts", ("adaptive", "mcts-16", "mcts-64"))), "popsicle")
    assert rungs.search == ("search-2", "search-4", "mcts-16", "mcts-64")
    assert rungs.tops == {"policies": "adaptive", "search": "search-4", "mcts": "mcts-64"}
    assert rungs.matches() == [
        ("popsicle", "random", "policies", "step"), ("rainbow", "popsicle", "policies", "step"),
        ("adaptive", "rainbow", "policies", "step"),
        ("search-2", "adaptive", "search", "step"), ("search-4", "search-2", "search", "step"),
        ("mcts-16", "adaptive", "mcts", "step"), ("mcts-64", "mcts-16", "mcts", "step"),
        ("rainbow", "random", "policies", "baseline"), ("adaptive", "random", "policies", "baseline"),
        ("search-4", "random", "search", "baseline"), ("mcts-64", "random", "mcts", "baseline"),
        ("adaptive", "popsicle", "policies", "top"), ("search-4", "popsicle", "search", "luck"),
        ("mcts-64", "popsicle", "mcts", "luck"),
        ("search-4", "adaptive", "search", "best"), ("mcts-64", "adaptive", "mcts", "best"),
        ("mcts-64", "search-4", "mcts", "head")]
    # the registered ladder: every family climbs at its own budgets; one with none (Man
    # Home's adapt-N) stays off it
    spec = registry.find_game("manhome")
    chains = dict(skill_module.rungs(spec).chains)
    assert list(chains) == [f.name for f in spec.players.search if f.budgets] == [
        "search", "mcts", "ply"]
    assert chains["mcts"] == ("expert", *(f"mcts-{b}" for b in spec.players.search[1].budgets))
    assert dict(skill_module.rungs(spec, [2, 4]).chains) == {"search": ("greedy", "search-2",
                                                                        "search-4")}
    assert dict(skill_module.rungs(spec, {"search": [], "mcts": [8], "ply": []}).chains) == {
        "mcts": ("expert", "mcts-8")}


def _match(player, opponent, mean, kind="best"):
    return skill_module.Match(player, opponent, "x", kind, 100, (50, 50), 0, mean, mean - 0.05,
                              mean + 0.05, 0.5, 0.0, 0)


def test_the_strongest_wins_the_round_robin_of_the_tops():
    rungs = skill_module.Rungs(("random", "greedy", "expert"),
                               (("search", ("greedy", "search-8")),
                                ("mcts", ("greedy", "mcts-64"))))
    spec = registry.find_game("manhome")

    def ladder(matches):
        return skill_module.Ladder(spec, ManHomeRules(), None, 0, 1, 1, rungs, matches, 0.0)

    base = [_match("expert", "random", 0.95, "baseline"), _match("search-8", "random", 0.90, "baseline"),
            _match("mcts-64", "random", 0.93, "baseline")]
    # mcts-64 beats both other tops; expert beats search-8: mcts-64 is the strongest, and the
    # luck share comes from its match against random, not from the best rate against random
    won = ladder(base + [_match("search-8", "expert", 0.45), _match("mcts-64", "expert", 0.56),
                         _match("mcts-64", "search-8", 0.60, "head")])
    assert won.strongest == "mcts-64"
    assert won.luck["best_player"] == "mcts-64"
    assert won.luck["luck_share"] == pytest.approx(2 * (1 - 0.93))
    lost = ladder(base + [_match("search-8", "expert", 0.45), _match("mcts-64", "expert", 0.40),
                          _match("mcts-64", "search-8", 0.52, "head")])
    assert lost.strongest == "expert"


@pytest.mark.parametrize("texts, parsed", [
    ("4,8", (4, 8)), (["4,8"], (4, 8)),
    (["mcts=16,64", "search="], {"mcts": (16, 64), "search": ()}),
])
def test_budgets_for_one_family_or_each(texts, parsed):
    assert skill_module.parse_budgets(texts) == parsed


def test_the_search_meets_openspiels_mcts_bot_in_the_report(tmp_path):
    pytest.importorskip("pyspiel")
    ladder = skill("manhome", sims=100, search_sims=10, budgets={"search": [], "mcts": [2]},
                   workers=1, seed=2, openspiel=3, **SMALL)
    v = ladder.versus
    family = registry.find_game("manhome").players.search[1]
    assert v["family"] == "mcts" and v["budget"] == family.versus_budget
    rows = {str(r["seat"]): r for r in v["rows"]}
    assert [rows[s]["games"] for s in ("0", "1")] == [3, 3]
    assert rows["all seats"]["wins"] == rows["0"]["wins"] + rows["1"]["wins"]
    text = (analysis.write_report(ladder, tmp_path / "sk") / "report.md").read_text()
    assert "### Against OpenSpiel's MCTSBot" in text and f"`mcts-{v['budget']}`" in text
    # a game whose search has no such match says why (whichever games have none now)
    for name in registry.game_names():
        families = registry.find_game(name).players.search
        if families and not any(f.versus_budget for f in families):
            plan = skill_module.plan_skill(name, 10, 1, budgets=[1], openspiel=5,
                                           presentation=find_study(name))
            assert plan.versus()["note"]


def test_luck_share_is_the_coin_flip_share():
    # A pure-skill game mixed with a share L of coin flips gives the stronger player
    # (1 - L) + L / n: the formula inverts exactly that.
    for n in (2, 3, 4):
        for share in (0.0, 0.1, 0.5, 1.0):
            assert luck_share((1 - share) + share / n, n) == pytest.approx(share)


def test_same_ladder_from_the_store_and_any_worker_count(tmp_path):
    store = Store(tmp_path / "runs.sqlite")
    first = skill("manhome", sims=700, search_sims=40, budgets=[1, 2], workers=1, store=store,
                  **SMALL)
    again = skill("manhome", sims=700, search_sims=40, budgets=[1, 2], workers=2, store=store,
                  **SMALL)
    fresh = skill("manhome", sims=700, search_sims=40, budgets=[1, 2], workers=2, **SMALL)
    # every seating from the store (and the opponent's self-play where a match measures
    # its seat edges)
    assert all(m.games_loaded == (2 + bool(m.seat_edges)) * m.games for m in again.matches)
    for other in (again, fresh):
        pd.testing.assert_frame_equal(first.table.drop(columns=["elapsed_s", "games_loaded"]),
                                      other.table.drop(columns=["elapsed_s", "games_loaded"]))


def test_a_game_without_search_has_only_its_fixed_ladder(toy):
    ladder = skill("toy", sims=500, workers=1)
    assert [(m.player, m.opponent) for m in ladder.matches] == [("greedy", "random")]
    assert ladder.luck["best_player"] == "greedy"


def test_cli_skill_writes_the_report(tmp_path, capsys):
    out = tmp_path / "sk"
    assert main(["skill", "manhome", "--sims", "500", "--search-sims", "20", "--budgets", "1,2",
                 "--workers", "1", "--no-store", "--out", str(out),
                 *(f"--set={name}={value}" for name, value in SMALL.items())]) == 0
    assert sorted(p.name for p in out.iterdir()) == sorted([*FILES, MARKER])
    printed = capsys.readouterr().out
    assert "luck share" in printed and "search-2" in printed
    assert "analyze skill manhome --sims 500" in (out / "report.md").read_text()


@pytest.mark.parametrize("argv, words", [
    (["skill", "manhome", "--budgets", "8,4"], "--budgets must increase"),
    (["skill", "manhome", "--budgets", "4,x"], "--budgets must be whole numbers"),
    (["skill", "manhome", "--budgets", "0,4"], "--budgets must be positive"),
    (["skill", "manhome", "--budgets", "99999999"], "bad search budget"),
    (["skill", "manhome", "--budgets", "4", "--budgets", "mcts=8"], "not both"),
    (["skill", "manhome", "--budgets", "4", "--budgets", "8"], "can be given once"),
    (["skill", "manhome", "--budgets", "chess=4"], "has no search family 'chess'"),
    (["skill", "manhome", "--budgets", "mcts=4", "--budgets", "mcts=8"], "twice"),
    (["skill", "manhome", "--openspiel", "x"], "--openspiel must be a whole number"),
    (["skill", "manhome", "--top-sims", "0"], "--top-sims must be a whole number"),
    (["skill", "manhome", "--top-sims", "-5"], "--top-sims must be a whole number"),
    (["skill", "manhome", "--set", "tie=never"], "allowed: defender | attacker | reroll"),
    (["skill", "manhome", "--sims", "lots"], "--sims must be a whole number"),
    (["skill", "manhome", "--scheduler", "nowhere"], "--scheduler must be"),
    (["skill", "chess"], "invalid choice"),
    (["report", "--games", "chess"], "unknown game 'chess'"),
    (["report", "--sims", "0"], "--sims must be a whole number"),
    (["report", "--colour"], "unrecognized arguments"),
])
def test_bad_input_one_line_exit_2(argv, words, tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    with pytest.raises(SystemExit) as stop:
        raise SystemExit(main(argv + ["--quiet"]))
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert words in err and err.count("\n") == 1 and "Traceback" not in err
    assert not (tmp_path / "reports").exists()


RANKED = ("manhome", "toy")
"""The games the overview test regenerates: a real one and the toy race (every registered
game would take many minutes; each game's own reports are tested with the game)."""


def test_report_regenerates_every_game_and_ranks_them(toy, tmp_path, no_plots):
    root = tmp_path / "reports"
    regenerate(root, games=RANKED, sims=800, skill_sims=400, search_sims=12, whatif_sims=2000,
               workers=1)
    page = (root / "README.md").read_text()
    chosen = {name: registry.games()[name] for name in RANKED}
    # every chosen game, every standard run and every skill ladder, all linked
    for spec in chosen.values():
        assert f"### {spec.title} (`{spec.name}`)" in page
        assert (root / spec.name / "skill" / "report.md").is_file()
        for options in find_study(spec.name).standard_runs:
            players = options.get("players", 2)
            folder = root / spec.name / f"standard-{players}p-{options['policy']}"
            assert (folder / "report.md").is_file()
        for vary in find_study(spec.name).standard_whatifs:
            summary = json.loads((root / spec.name / out_name(vary) / "summary.json").read_text())
            assert summary["games_per_variant"] == 2000 and list(summary["varied"]) == list(vary)
            assert summary["command"].startswith(f"analyze whatif {spec.name} --vary ")
    # each standard what-if is a row of its own section, with its largest changes
    whatifs = page.split("## What rule changes do")[1].split("\n## ")[0]
    rows = [line for line in whatifs.splitlines() if line.startswith("| ") and "---" not in line]
    wanted = sum(len(find_study(name).standard_whatifs) for name in chosen)
    assert wanted >= 3 and len(rows) == 1 + wanted  # the header, then one per sweep
    assert "| Toy Race | `target` | 2 | 2,000 |" in whatifs and "Holm p" in whatifs
    links = re.findall(r"\]\(([^)]+)\)", page)
    assert links and all((root / link).is_file() for link in links)
    # the three rankings, in the order their figures say
    sections = page.split("## ")
    advantage = next(s for s in sections if s.startswith("Ranked by first-player"))
    length = next(s for s in sections if s.startswith("Ranked by length"))
    luck = next(s for s in sections if s.startswith("Ranked by skill"))

    def headline(game):
        first = find_study(game).standard_runs[0]   # the headline run
        folder = f"standard-{first.get('players', 2)}p-{first['policy']}"
        return json.loads((root / game / folder / "summary.json").read_text())

    def order(section):
        return [line.split("|")[2].strip() for line in section.splitlines()
                if re.match(r"\| \d+ \|", line)]

    titles = {name: spec.title for name, spec in chosen.items()}
    assert {"manhome", "toy"} <= set(titles)
    by_edge = sorted(titles, key=lambda g: -abs(headline(g)["first_player_advantage"]))
    by_length = sorted(titles, key=lambda g: headline(g)["turns_mean"])
    lucks = {g: json.loads((root / g / "skill" / "summary.json").read_text())["luck_share"]
             for g in titles}
    assert order(advantage) == [titles[g] for g in by_edge]
    assert order(length) == [titles[g] for g in by_length]
    assert order(luck) == [titles[g] for g in sorted(titles, key=lucks.get)]
    # the toy race is mostly luck, Man Home mostly skill
    assert lucks["toy"] > lucks["manhome"]


def test_overview_alone_and_cli(toy, tmp_path, capsys):
    root = tmp_path / "r"
    assert main(["report", "--out", str(root), "--sims", "1000", "--skill-sims", "200",
                 "--search-sims", "4", "--whatif-sims", "1000", "--workers", "1", "--no-store",
                 "--games", "toy"]) == 0
    assert "overview written" in capsys.readouterr().out
    page = (root / "README.md").read_text()
    assert "Toy Race" in page and "Man Home (`manhome`)" in page  # listed, no reports yet
    (root / "toy" / "whatif-x").mkdir()
    (root / "toy" / "whatif-x" / "summary.json").write_text('{"title": "a sweep"}')
    (root / "toy" / "whatif-x" / "report.md").write_text("# sweep\n")
    assert main(["report", "--out", str(root), "--overview-only", "--quiet"]) == 0
    assert "[whatif-x](toy/whatif-x/report.md) — a sweep" in (root / "README.md").read_text()
    assert not list(root.glob(".*tmp*"))


def test_the_strong_run_is_played_and_ranked_beside_the_headline(toy, tmp_path, monkeypatch):
    import dataclasses
    from numbergames import studies

    study = dataclasses.replace(find_study("toy"), strong_run={"players": 3, "policy": "greedy",
                                                               "sims": 300})
    monkeypatch.setitem(studies._STUDIES, "toy", study)
    root = tmp_path / "r"
    assert main(["report", "--out", str(root), "--sims", "1000", "--skill-sims", "100",
                 "--search-sims", "4", "--whatif-sims", "100", "--workers", "1", "--no-store",
                 "--games", "toy", "--quiet"]) == 0
    # played with its own games (fewer than --sims), its command saying how to play it again
    summary = json.loads((root / "toy" / "standard-3p-greedy" / "summary.json").read_text())
    assert summary["games"] == 300 and summary["policies"] == ["greedy"] * 3
    assert summary["command"].startswith("analyze toy --sims 300 ")
    # the overview's row of the headline run (2 players) gives its advantage, player and games
    row = next(line for line in (root / "README.md").read_text().splitlines()
               if line.startswith("| 1 | Toy Race |"))
    advantage = f"{summary['first_player_advantage'] * 100:+.2f}"
    assert (f"| {advantage} (" in row and "[`greedy`, 300 games](toy/standard-3p-greedy/report.md)"
            in row)


def test_report_never_overwrites_what_is_not_its_own(toy, tmp_path, capsys):
    root = tmp_path / "r"
    root.mkdir()
    (root / "README.md").write_text("my project\n")
    assert main(["report", "--out", str(root), "--overview-only", "--quiet"]) == 2
    assert "is not an overview page" in capsys.readouterr().err
    assert (root / "README.md").read_text() == "my project\n"
    # a user's folder where a report would go: refused before any game is played
    (root / "README.md").unlink()
    mine = root / "toy" / "skill"
    mine.mkdir(parents=True)
    (mine / "notes.txt").write_text("mine")
    assert main(["report", "--out", str(root), "--games", "toy", "--sims", "100",
                 "--skill-sims", "50", "--whatif-sims", "50", "--workers", "1",
                 "--no-store", "--quiet"]) == 2
    assert "toy/skill" in capsys.readouterr().err
    assert sorted(p.relative_to(root).as_posix() for p in root.rglob("*")) == \
        ["toy", "toy/skill", "toy/skill/notes.txt"]


def test_interrupted_ladder_resumes_from_the_store(tmp_path, capsys, monkeypatch):
    # Ctrl-C in the third match: exit 130, one line, no report; the finished matches are
    # in the store and the same command then loads them instead of playing them again.
    monkeypatch.chdir(tmp_path)
    argv = ["skill", "manhome", "--sims", "400", "--search-sims", "10", "--budgets", "1,2",
            "--workers", "1", "--quiet", "--out", "ladder",
            *(f"--set={name}={value}" for name, value in SMALL.items())]
    real, calls = skill_module.play_match, []

    def interrupted(*args, **kwargs):
        calls.append(args[2:4])
        if len(calls) == 3:
            raise KeyboardInterrupt
        return real(*args, **kwargs)

    monkeypatch.setattr(skill_module, "play_match", interrupted)
    assert main(argv) == 130
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "running the same command again resumes" in err
    assert not (tmp_path / "ladder").exists()
    monkeypatch.setattr(skill_module, "play_match", real)
    assert main(argv) == 0
    summary = json.loads((tmp_path / "ladder" / "summary.json").read_text())
    loaded = [m["games_loaded"] for m in summary["matches"]]
    assert loaded[:2] == [2 * 400, 2 * 400] and loaded[2:] == [0] * (len(loaded) - 2)


def test_overview_only_of_a_folder_without_reports_is_refused(tmp_path, capsys):
    # it wrote README.md into a user's folder (or a new one): an overview of nothing
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "notes.txt").write_text("mine")
    for out in (mine, tmp_path / "new"):
        assert main(["report", "--out", str(out), "--overview-only", "--quiet"]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "no overview written" in err
    assert os.listdir(mine) == ["notes.txt"] and not (tmp_path / "new").exists()


@pytest.mark.parametrize("option", [["--exact"], ["--games", "manhome"], ["--sims", "10"],
                                    ["--seed", "3"], ["--no-store"], ["--whatif-sims", "5"]])
def test_overview_only_refuses_what_it_would_drop(tmp_path, capsys, option):
    # --exact --overview-only silently dropped --exact
    assert main(["report", "--overview-only", "--out", str(tmp_path), *option]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"{option[0]} does not apply" in err
    assert os.listdir(tmp_path) == []


def _match_from_rows(spec, rules, player, opponent, games, seed):
    """A match's figures from every seating's rows, as the ladder computed them before it
    counted chunk by chunk (numpy over one row per key)."""
    import numpy as np

    from numbergames.analysis.statistics.outcomes import points

    n = spec.seats(rules)
    seatings = [[player], [opponent]] if n == 1 else [
        [player if s == seat else opponent for s in range(n)] for seat in range(n)]
    got, wins, unfinished = [], [], 0
    for seat, policies in enumerate(seatings):
        mine = points(run(spec, rules, policies, games, seed, workers=1).games, n,
                      spec.traits)[:, 0 if n == 1 else seat]
        got.append(mine)
        if n > 1 or seat == 0:
            wins.append(int((mine == 1).sum()))
            unfinished += int(np.isnan(mine).sum())
    if n == 1:
        keep = ~np.isnan(got[0]) & ~np.isnan(got[1])
        x, fair = got[0][keep], got[1][keep]
        d = x - fair
    else:
        table = np.stack(got, axis=1)
        keep = ~np.isnan(table).all(axis=1)
        x = np.nanmean(table[keep], axis=1)
        fair, d = 1 / n, x - 1 / n
    se = float(d.std(ddof=1) / math.sqrt(len(d)))
    half = 1.959963984540054 * float(x.std(ddof=1)) / math.sqrt(len(x))
    return {"wins": tuple(wins), "unfinished": unfinished, "mean": float(x.mean()),
            "low": max(0.0, x.mean() - half), "high": min(1.0, x.mean() + half),
            "z": float(d.mean()) / se, "baseline": float(np.mean(fair))}


@pytest.mark.parametrize("game, players", [("manhome", 2), ("manhome", 3), ("toy", 3),
                                           ("duel", 2), ("puzzle", 1)])
def test_a_match_counted_chunk_by_chunk_is_the_match_of_its_rows(game, players, request,
                                                                 monkeypatch):
    # Man Home's unfinished games (a short max_turns), three seats (shares of 1/3), draws,
    # and a puzzle (solves against the opponent's, key by key)
    from numbergames.analysis.running import chunks, runner
    from numbergames.analysis.statistics.distributions import norm_sf

    if game != "manhome":
        request.getfixturevalue(game)
    spec = registry.find_game(game)
    rules = (ManHomeRules(players=players, max_turns=40) if game == "manhome" else
             spec.rules.from_values({"players": players}) if game == "toy" else spec.rules())
    monkeypatch.setattr(chunks, "CHUNK_SIZE", 64)   # 11 chunks (the keys depend on the size)
    rows = _match_from_rows(spec, rules, "greedy", "random", 700, 3)
    whole = play_match(spec, rules, "greedy", "random", 700, seed=3, workers=1)
    assert whole.wins_by_seat == rows["wins"] and whole.unfinished == rows["unfinished"]
    assert (whole.mean, whole.low, whole.high) == pytest.approx(
        (rows["mean"], rows["low"], rows["high"]), rel=1e-12)
    assert whole.p_value == pytest.approx(2 * norm_sf(abs(rows["z"])), rel=1e-9)
    if players == 1:
        assert whole.opponent_rate == pytest.approx(rows["baseline"], rel=1e-12)
    if game == "manhome":
        assert whole.unfinished > 0
    monkeypatch.setattr(runner, "BLOCK_CHUNKS", 1)  # seatings take turns chunk by chunk
    chunked = play_match(spec, rules, "greedy", "random", 700, seed=3, workers=1)
    same = ("wins_by_seat", "unfinished", "mean", "low", "high", "p_value", "judged",
            "opponent_rate")
    assert [getattr(chunked, f) for f in same] == [getattr(whole, f) for f in same]  # exactly


def test_a_chain_that_flattens_says_where_and_the_familys_why():
    """The doubling sentence names the first doubling whose interval includes the fair
    share and adds the family's measured reason (the study's flat_notes); without a note,
    only where."""
    from types import SimpleNamespace

    from numbergames.analysis.searches.skill import Match
    from numbergames.analysis.searches.skill_report import doubling_sentence

    def step(player, opponent, mean, low, high):
        return Match(player, opponent, "ply", "step", 1000, (500, 500), 0, mean, low, high,
                     0.5, 1.0, 0)

    matches = [step("ply-1", "expert", 0.512, 0.507, 0.517),
               step("ply-2", "ply-1", 0.502, 0.498, 0.506)]
    for note, why in (("depth buys nothing the race evaluation does not already see.",
                       " Why: depth buys nothing the race evaluation does not already see."),
                      ("", "")):
        ladder = SimpleNamespace(matches=matches, players=2,
                                 presentation=SimpleNamespace(flat_notes={"ply": note}))
        text = doubling_sentence(ladder, "ply")
        assert text.endswith("an interval that includes the fair share: the chain flattens "
                             "there." + why), text
        assert text.startswith("`ply-1` against its base `expert`: 51.2% (50.7–51.7%).")


def test_every_studys_skill_notes_name_what_they_explain():
    """The sentences a skill report adds to its figures are the study's (issue 42): a flat or
    versus note names one of the game's search families (a versus note only one without a
    match), a luck note only a game whose luck baseline is not its ladder's first."""
    for name in registry.game_names():
        players, study = registry.find_game(name).players, find_study(name)
        families = {f.name: f for f in players.search}
        assert set(study.flat_notes) <= {n for n, f in families.items() if f.budgets}, name
        assert set(study.versus_notes) <= {n for n, f in families.items()
                                           if not f.versus_budget}, name
        assert bool(study.luck_note) == bool(players.luck_baseline
                                             and players.luck_baseline != players.ladder[0]), name
