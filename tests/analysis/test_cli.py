"""The command line: a real run writes a report; bad input gets one line and exit 2."""
import io
import json
import subprocess
import sys

import pytest

import numbergames

from numbergames.analyze.cli import main

SUMMARY_KEYS = {"game", "rules", "policies", "seed", "games", "unfinished", "wins_by_seat",
                "win_rate_by_seat", "win_rate_ci_by_seat", "first_player_advantage",
                "first_player_advantage_ci", "turns_mean", "turns_median", "turns_p10",
                "turns_p90", "turns_max", "balance", "completion", "decision_rate", "elapsed_s",
                "games_per_s"}


@pytest.fixture(autouse=True)
def in_tmp(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_run_writes_the_report(in_tmp, capsys):
    assert main(["manhome", "--sims", "2e3", "--players", "3", "--policy", "greedy,random,expert",
                 "--seed", "4", "--workers", "2", "--set", "tie=reroll",
                 # fewer men: the expert's solitaire table in a moment, not seconds
                 "--set", "men_per_player=4", "--set", "men_to_win=2"]) == 0
    [out] = (in_tmp / "reports" / "manhome").iterdir()
    assert out.name.endswith("-3p-greedy-vs-random-vs-expert-seed4"), out.name
    summary = json.loads((out / "summary.json").read_text())
    assert SUMMARY_KEYS <= set(summary)
    assert summary["games"] == 2000 and summary["seed"] == 4
    assert summary["rules"] == {"players": 3, "men_per_player": 4, "men_to_win": 2, "tie": "reroll",
                                "extra_turn": True, "max_turns": 10000, "board_rows": 12}
    assert summary["policies"] == ["greedy", "random", "expert"]
    assert {p.name for p in out.iterdir()} >= {"report.md", "summary.json", "games.npz",
                                               "win_rate.png", "length.png"}
    printed = capsys.readouterr().out
    assert "first-player advantage" in printed and "greedy" in printed


def test_same_seed_same_summary_whatever_the_workers(in_tmp):
    main(["manhome", "--sims", "40000", "--workers", "1", "--out", "a", "--quiet", "--no-store"])
    main(["manhome", "--sims", "40000", "--workers", "2", "--out", "b", "--quiet", "--no-store"])
    a = json.loads((in_tmp / "a" / "summary.json").read_text())
    b = json.loads((in_tmp / "b" / "summary.json").read_text())
    for key in ("wins_by_seat", "turns_mean", "turns_max", "decision_rate"):
        assert a[key] == b[key]


def test_variant_file_names_the_report(in_tmp):
    (in_tmp / "bold.toml").write_text('[rules]\ntie = "attacker"\nmen_to_win = 2\n')
    assert main(["manhome", "--sims", "300", "--variant", "bold.toml", "--quiet"]) == 0
    summary = json.loads((in_tmp / "reports/manhome/bold-men_to_win-2-tie-attacker-2p-greedy"
                          / "summary.json").read_text())
    assert summary["variant"] == "bold" and summary["rules"]["tie"] == "attacker"


SHOO_START = "WWW6/WWW6/WWW6/9/9/9/6BBB/6BBB/6BBB b hhhh/hhhhh 0/0 - - - 0"

BAD = [
    (["manhome", "--out", "o\x00"], "is not a path (it holds a NUL character)"),  # fuzz-found
    (["manhome", "--store", "\x00"], "is not a path (it holds a NUL character)"),
    (["position", "shoo", "--file", "\x00"], "is not a path"),
    (["games", "\n"], "unrecognized arguments: \\x0a"),   # a line break in the message
    (["manhome", "--sims", "-5"], "--sims must be a whole number"),
    (["manhome", "--sims", "0"], "--sims must be a whole number"),
    (["manhome", "--sims", "2.5"], "--sims must be a whole number"),
    (["manhome", "--sims", "1e11"], "--sims must be a whole number"),
    (["manhome", "--sims", "lots"], "--sims must be a whole number"),
    (["manhome", "--sims", "nan"], "--sims must be a whole number"),
    (["manhome", "--players", "1"], "bad value 1 for players; allowed: an integer in 2..8"),
    (["manhome", "--players", "99"], "bad value 99 for players"),
    (["manhome", "--policy", "clever"], "unknown policy 'clever' for manhome; allowed: random, greedy, expert, solitaire, optimal"),
    (["manhome", "--policy", "search-0"], "allowed: random, greedy, expert, solitaire, optimal, search-N (N = 1..65536)"),
    (["manhome", "--policy", "search-99999999"], "unknown policy 'search-99999999'"),
    (["manhome", "--policy", "search-x,greedy"], "unknown policy 'search-x'"),
    (["manhome", "--policy", "greedy,random,greedy"], "one name or one per seat (2)"),
    (["manhome", "--set", "colour=red"], "unknown rules parameter 'colour'"),
    (["manhome", "--set", "tie"], "expected name=value"),
    (["manhome", "--set", "tie=never"], "allowed: defender | attacker | reroll"),
    (["manhome", "--variant", "missing.toml"], "not found"),
    (["manhome", "--workers", "0"], "--workers must be a whole number from 1 to 1,024"),
    (["manhome", "--seed", "-1"], "--seed must be a whole number from 0 to 18,446,744,073,709,551,615"),
    (["manhome", "--colour"], "unrecognized arguments"),
    (["chess"], "invalid choice"),
    (["manhome", "--players", "3", "--set", "players=2"], "disagree; give the number of players once"),
    (["whatif", "manhome", "--players", "2", "--set", "players=4", "--vary", "tie=attacker"],
     "disagree"),
    (["skill", "manhome", "--players", "3", "--set", "players=2"], "disagree"),
    (["report", "--skill-sims", "-1"], "--skill-sims must be a whole number"),
    (["report", "--search-sims", "abc"], "--search-sims must be a whole number"),
    (["report", "--whatif-sims", "0"], "--whatif-sims must be a whole number"),
    (["skill", "manhome", "--search-sims", "0"], "--search-sims must be a whole number"),
    # one checker of player lists for both of Shoo's exact analyses: `reduced` took these
    (["exact", "shoo", "reduced", "--players", "random,random"],
     "--players names random more than once"),
    (["exact", "shoo", "reduced", "--players", "greedy,,random"],
     "--players needs comma-separated player names, got 'greedy,,random'"),
    (["exact", "shoo", "opening", "--players", "random,random"],
     "--players names random more than once"),
    (["exact", "shoo", "opening", "--players", "greedy,,random"],
     "--players needs comma-separated player names"),
    (["exact", "shoo", "reduced", "--players", "nobody"], "unknown player 'nobody'"),
    # only a line feed (or CR LF) separates rows: \x1c split a pattern's row in two
    (["position", "sumoku", "--set", "key=5", "R3 O2\x1cY5"],
     "control character \\x1c at offset 5"),
    (["position", "sumoku", "--set", "key=5", "R3 O2\u2028Y5"], "control character \\u2028"),
    (["position", "sumoku", "--set", "key=5", "hand: R3\x0bO2"], "control character \\x0b"),
    (["position", "shoo", SHOO_START.replace(" ", "\x1c", 1)], "control character \\x1c"),
    (["position", "shoo", SHOO_START.replace(" 0", "\r0", 1)], "control character \\x0d"),
    # messages that say what is wrong: they were Python's "invalid literal for int()" and
    # argparse's "argument analysis: invalid choice: '5'"
    (["position", "sumoku", "--set", "key=5", "R\u00b2 O2"],
     "bad tile 'R\u00b2'; a tile is a colour letter (ROYGBP) and a number 1..8"),
    (["manhome", "--policy", "search-\u00b2"], "unknown policy 'search-\u00b2' for manhome"),
    (["exact", "manhome", "--hands", "5"], "--hands is not an option of analyze exact manhome, "
                                           "so '5' was read as the analysis, which is one of 'all'"),
    (["exact", "manhome", "nosuch"], "invalid choice: 'nosuch' (choose from 'all')"),
    # --players N is --set players=N: read by the rules (it was "'1e10' is not a positive
    # integer", and 0 said nothing of the 2..8 seats)
    (["manhome", "--players", "1e10"], "bad value 10000000000 for players; allowed: an integer in 2..8"),
    (["manhome", "--players", "0"], "bad value 0 for players; allowed: an integer in 2..8"),
    # a whole number of 40 digits is said as given (through a float it was 1000...0752)
    (["manhome", "--players", "9" * 40], f"bad value {'9' * 40} for players"),
    (["manhome", "--set", "max_turns=" + "9" * 40], f"bad value {'9' * 40} for max_turns"),
    (["manhome", "--players", "2.5"], "bad value '2.5' for players"),
    (["shoo", "--players", "2.5"], "shoo is played by exactly 2 players, not 2.5"),
    # a player's games given twice: the last count was played, the first dropped unsaid
    (["exact", "shoo", "opening", "--players", "random", "--sims", "2", "--whatif", "none",
      "--sims-of", "random=3,random=4"], "--sims-of names 'random' twice"),
    (["exact", "shoo", "reduced", "--players", "random", "--games-of", "random=1, random=2"],
     "--games-of names 'random' twice"),
    # every report of the game was played and written twice
    (["report", "--games", "manhome, manhome"], "--games names manhome twice; give each game once"),
]


@pytest.mark.parametrize("argv, words", BAD, ids=[" ".join(a) for a, _ in BAD])
def test_bad_input_one_line_exit_2(argv, words, capsys, in_tmp):
    with pytest.raises(SystemExit) as stop:
        raise SystemExit(main(argv + ["--quiet"] if argv[0] == "manhome" else argv))
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert words in err and err.count("\n") == 1 and "Traceback" not in err
    assert not (in_tmp / "reports").exists()


@pytest.mark.parametrize("text, words", [
    ("[rules\nmen = 3", "malformed variant file"),
    ("speed = 3\n", "unknown key 'speed'"),
    ("[rules]\nmen_to_win = 9\n", "bad value 9 for men_to_win"),
    ("x = " + "[\n" * 5000 + "]\n" * 5000, "nested too deeply"),
    # an inline table is one line: 5,000 deep is over the line cap before it is parsed
    ("[rules]\ntie = " + "{a = " * 5000 + "1" + "}" * 5000 + "\n", "has a line of 30,007"),
], ids=["malformed", "unknown-key", "bad-value", "deep-arrays", "deep-tables"])
def test_bad_variant_file_one_line_exit_2(text, words, capsys, in_tmp):
    (in_tmp / "v.toml").write_text(text)
    assert main(["manhome", "--variant", "v.toml", "--quiet"]) == 2
    err = capsys.readouterr().err
    assert words in err and err.count("\n") == 1


@pytest.mark.parametrize("raw, words", [
    (b"\xff\xfen\x00a\x00", "is UTF-16 text; save it as UTF-8"),
    (b'name = "x\xff"\n', "is not UTF-8 text (byte 0xff at offset 9)"),
    (b"# " + b"x" * (1 << 20) + b"\n", "larger than 64 KiB"),
    # tomllib is quadratic in a dotted key's parts: 100,000 of them (200 KB) took over 60 s
    (b"[rules]\n" + b".".join([b"a"] * 100_000) + b" = 1\n", "larger than 64 KiB"),
    (b".".join([b"a"] * 30_000) + b" = 1\n", "has a line of 60,003 characters"),
    (b"[rules]\n" + b"a = 1\n" * 10 + b".".join([b"a"] * 1500) + b" = 1\n" * 10,
     "has a line of 3,003 characters (line 12)"),
    (b"[rules]\n" + b"x = {" + b" . ".join([b"'k'"] * 9) + b" = 1}\n",
     "has a dotted key of more than 8 parts"),
    (b'[a.b."c".d.e.f.g.h.i]\n', "has a dotted key of more than 8 parts"),
], ids=["utf-16", "not-utf-8", "huge", "huge-dotted-key", "long-line", "long-line-12",
        "deep-key-inline", "deep-header"])
def test_a_variant_file_that_is_no_text_says_why(raw, words, capsys, in_tmp):
    """Refused before it is parsed: the refusal costs little CPU time whatever the file."""
    import time

    (in_tmp / "v.toml").write_bytes(raw)
    start = time.process_time()
    assert main(["manhome", "--variant", "v.toml", "--quiet"]) == 2
    assert time.process_time() - start < 5.0
    err = capsys.readouterr().err
    assert words in err and err.count("\n") == 1


def test_a_variant_file_of_dotted_keys_within_the_caps_is_read(in_tmp):
    """Eight parts, a long description and a dotted value in a string are not refused."""
    (in_tmp / "v.toml").write_text(
        'name = "dots"\ndescription = "' + "a.b." * 400 + '"\n'
        'rules.tie = "attacker"\n[x.b.c.d.e.f.g]\n')
    with pytest.raises(Exception, match="unknown key 'x'"):
        from numbergames.solver.params import Variant

        Variant.load(in_tmp / "v.toml")


def test_a_variant_file_with_a_byte_order_mark_is_read(in_tmp):
    # some editors begin UTF-8 files with a byte-order mark: it was "Invalid statement"
    (in_tmp / "v.toml").write_bytes(b'\xef\xbb\xbfname = "marked"\n[rules]\ntie = "attacker"\n')
    assert main(["manhome", "--variant", "v.toml", "--sims", "50", "--out", "o", "--no-store",
                 "--quiet"]) == 0
    summary = json.loads((in_tmp / "o" / "summary.json").read_text())
    assert summary["variant"] == "marked" and summary["rules"]["tie"] == "attacker"


@pytest.mark.parametrize("extra", [
    ["--set", "players=3"], ["--players", "3", "--set", "players=3"],
    # a whole number reads alike in --players and --set, as in a variant file and from
    # Python: --players 3.0 was "'3.0' is not a positive integer", and with --set
    # players=3.0 the two "disagreed"
    ["--players", "3.0"], ["--players", "3", "--set", "players=3.0"],
    ["--players", "3.0", "--set", "players=3"]], ids=" ".join)
def test_set_players_is_players(extra, in_tmp):
    # --set players=N means --players N (and both together when they agree)
    assert main(["manhome", "--sims", "100", "--no-store", "--quiet", "--out", "p", *extra]) == 0
    assert json.loads((in_tmp / "p" / "summary.json").read_text())["players"] == 3


def test_unwritable_out_keeps_the_earlier_report(capsys, in_tmp):
    assert main(["manhome", "--sims", "200", "--out", "good", "--quiet"]) == 0
    before = (in_tmp / "good" / "summary.json").read_text()
    (in_tmp / "afile").write_text("x")
    assert main(["manhome", "--sims", "200", "--out", "afile/report", "--quiet"]) == 2
    assert "cannot write to" in capsys.readouterr().err
    assert main(["manhome", "--sims", "200", "--policy", "nobody", "--out", "good", "--quiet"]) == 2
    assert (in_tmp / "good" / "summary.json").read_text() == before


@pytest.mark.parametrize("command", [
    ["manhome", "--sims", "200"],
    ["whatif", "manhome", "--vary", "tie=attacker", "--sims", "200"],
    # (small rules: the expert's table in a moment)
    ["skill", "manhome", "--sims", "50", "--search-sims", "4", "--budgets", "1",
     "--set", "board_rows=2", "--set", "men_per_player=3", "--set", "men_to_win=2"],
])
def test_out_never_replaces_a_folder_that_is_not_a_report(command, capsys, in_tmp):
    # the reports root (with the results store), the current folder and a user's folder
    assert main(["manhome", "--sims", "200", "--quiet"]) == 0
    store = in_tmp / "reports" / "runs.sqlite"
    mine = in_tmp / "mine"
    mine.mkdir()
    (mine / "notes.txt").write_text("keep me")
    (in_tmp / "summary.json").write_text("{}")

    def tree():  # SQLite's -wal and -shm files come and go with its connections
        return sorted(p.relative_to(in_tmp) for p in in_tmp.rglob("*")
                      if not p.name.endswith(("-wal", "-shm")))

    before = tree()
    for out in ("reports", ".", "", "mine", str(in_tmp)):
        assert main([*command, "--workers", "1", "--quiet", "--out", out]) == 2, out
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "cannot write to" in err, out
        assert "choose a new or empty folder" in err or "holds the current folder" in err
    assert tree() == before
    assert store.stat().st_size > 0 and (mine / "notes.txt").read_text() == "keep me"
    # a report folder, an empty folder and a new one are written; a report replaces a report
    # (one of another command with --replace: tests/analysis/test_out_identity.py)
    (in_tmp / "empty").mkdir()
    for out in ("empty", "new/deeper", "reports/manhome/standard-2p-greedy", "empty"):
        replace = ["--replace"] if command[0] != "manhome" else []
        assert main([*command, "--workers", "1", "--quiet", "--out", out, *replace]) == 0, out
        assert (in_tmp / out / "report.md").is_file()


@pytest.mark.parametrize("intruder", ["runs.sqlite", "my.toml", "mydata/x.txt", "notes.txt"])
def test_a_report_folder_holding_anything_else_is_not_replaced(intruder, capsys, in_tmp):
    # a store, a variant file, a user's folder or file put into a report folder survive
    assert main(["manhome", "--sims", "200", "--quiet", "--no-store", "--out", "r"]) == 0
    path = in_tmp / "r" / intruder
    path.parent.mkdir(exist_ok=True)
    path.write_text("precious")
    assert main(["manhome", "--sims", "300", "--quiet", "--no-store", "--out", "r"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and repr(intruder.split("/")[0]) in err
    assert path.read_text() == "precious"
    # the store in use inside the report folder: refused before any game is played
    for store in ("r2/runs.sqlite", "r2/deeper/runs.sqlite"):
        assert main(["manhome", "--sims", "200", "--quiet", "--store", store,
                     "--out", "r2"]) == 2
        assert "is inside the report folder" in capsys.readouterr().err
    assert not (in_tmp / "r2").exists() and path.read_text() == "precious"


def test_a_report_folder_from_before_the_marker_is_still_replaced(in_tmp):
    old = in_tmp / "old"
    old.mkdir()
    for name in ("report.md", "summary.json", "games.npz", "win_rate.png"):
        (old / name).write_text("old")
    assert main(["manhome", "--sims", "200", "--quiet", "--workers", "1", "--out", "old"]) == 0
    assert (old / "summary.json").read_text() != "old" and (old / ".analyze-report").is_file()
    (old / "extra.sqlite").write_text("data")  # not a report file: no longer replaced
    (old / ".analyze-report").unlink()
    assert main(["manhome", "--sims", "200", "--quiet", "--workers", "1", "--out", "old"]) == 2


def test_console_script_has_no_traceback(in_tmp):
    done = subprocess.run([sys.executable, "-m", "numbergames.analyze.cli", "manhome", "--sims", "-1"],
                          capture_output=True, text=True)
    assert done.returncode == 2 and done.stderr.count("\n") == 1 and done.stdout == ""


def test_games_lists_parameters(capsys):
    assert main(["games"]) == 0
    out = capsys.readouterr().out
    assert "manhome" in out and "men_to_win" in out and "defender | attacker | reroll" in out


def test_run_labels_name_the_seed_and_the_rules():
    from numbergames.analysis.searches.simulation import run_label
    from numbergames.solver.registry import find_game
    from numbergames.solver.manhome.rules import ManHomeRules

    spec = find_game("manhome")
    assert run_label(spec, ManHomeRules(tie="attacker"), ["greedy", "random"]) == \
        "standard-tie-attacker-2p-greedy-vs-random"
    assert run_label(spec, ManHomeRules(players=3), ["greedy"] * 3, seed=1) == \
        "standard-3p-greedy-seed1"


def test_a_run_never_replaces_a_standard_report_of_other_games(tmp_path, monkeypatch):
    # the README's example (--players 3 --seed 1) once overwrote the committed seed-0
    # report; now a seed other than 0 has its own folder, and another number of games
    # goes beside a standard report, which only its own command replaces
    monkeypatch.chdir(tmp_path)
    base = ["manhome", "--players", "3", "--workers", "1", "--quiet", "--no-store"]
    assert main([*base, "--sims", "300"]) == 0
    standard = tmp_path / "reports" / "manhome" / "standard-3p-greedy"
    first = (standard / "summary.json").read_text()
    assert main([*base, "--sims", "300", "--seed", "1"]) == 0
    assert (standard.parent / "standard-3p-greedy-seed1" / "report.md").is_file()
    assert main([*base, "--sims", "200"]) == 0
    assert (standard.parent / "standard-3p-greedy-200games" / "report.md").is_file()
    assert (standard / "summary.json").read_text() == first
    assert main([*base, "--sims", "300"]) == 0  # its own command replaces it
    assert json.loads((standard / "summary.json").read_text())["games"] == 300


@pytest.mark.parametrize("command", [
    ["manhome", "--sims", "100"],
    ["skill", "manhome", "--sims", "50", "--search-sims", "4", "--budgets", "1"],
], ids=["game", "skill"])
def test_two_variant_files_for_one_run_are_refused(command, capsys, in_tmp):
    # argparse kept the last --variant and dropped the first without a word
    (in_tmp / "a.toml").write_text('[rules]\ntie = "attacker"\n')
    (in_tmp / "b.toml").write_text("[rules]\nmen_to_win = 4\n")
    with pytest.raises(SystemExit) as stop:
        raise SystemExit(main([*command, "--variant", "a.toml", "--variant", "b.toml",
                               "--no-store", "--quiet", "--out", "out"]))
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert "takes one variant file" in err and "analyze whatif" in err
    assert not (in_tmp / "out").exists() and not (in_tmp / "reports").exists()


def _numeric_options():
    from numbergames.solver.registry import games
    from numbergames.studies import find_study

    for spec in games().values():
        for analysis in find_study(spec.name).analyses:
            for option in analysis.options:
                if option.kind in (int, float):
                    yield spec.name, analysis.name, option


@pytest.mark.parametrize("game, analysis, option", list(_numeric_options()),
                         ids=lambda x: getattr(x, "name", x))
def test_every_budget_of_every_exact_analysis_has_a_stated_range(game, analysis, option,
                                                                  in_tmp, capsys):
    # --budgets -2 was accepted, and budgets had no maximum at all
    step = 1 if option.kind is int else 0.001
    for outside in (option.low - step, option.high + step, option.high * 1e6 + 1):
        text = str(int(outside) if option.kind is int else outside)
        assert main(["exact", game, analysis, option.flag, text, "--quiet"]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and f"{option.flag} must be" in err and text in err
    assert f"{option.high:,}" in option.allowed() or f"{option.high:g}" in option.allowed()
    assert list(in_tmp.iterdir()) == []


@pytest.mark.parametrize("game, flag, largest", [("shoo", "--search", 1000),
                                                 ("shoo", "--perft", 5),
                                                 ("sumoku", "--search", 10_000)])
def test_every_budget_of_the_position_tools_has_a_stated_maximum(game, flag, largest, capsys):
    # analyze position sumoku --search 999999999999999 was accepted (and ran for ever)
    assert main(["position", game, "--help"]) == 0
    assert f"1..{largest:,}" in capsys.readouterr().out.replace("\n", " ").replace("  ", "")
    for value in (0, largest + 1, 999999999999999):
        assert main(["position", game, flag, str(value), "--set", "key=5"]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and f"{flag} must be a whole number from 1 to {largest:,}" in err


def test_the_help_states_every_budget_s_maximum(capsys):
    from numbergames.analysis.searches.simulation import MAX_SIMS

    assert MAX_SIMS == 1e10   # the help texts say "at most 1e10"
    for command in (["manhome"], ["whatif"], ["skill"], ["report"]):
        assert main([*command, "--help"]) == 0
        text = " ".join(capsys.readouterr().out.split())
        assert text.count("at most 1e10") >= 1, command


def _commands_taking(flag: str) -> list[list[str]]:
    """Every command line (words) whose parser takes ``flag``: each exact analysis apart."""
    import argparse

    from numbergames.analyze import cli

    found = []

    def walk(parser, words):
        subs = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
        for action in subs:
            for name, sub in action.choices.items():
                walk(sub, [*words, name])
        if not subs and any(flag in a.option_strings for a in parser._actions):
            positional = [a for a in parser._actions if not a.option_strings and a.choices]
            for choice in (positional[0].choices if positional else [None]):
                found.append([*words, *([choice] if choice else [])])
    walk(cli.build_parser(), [])
    return found


WORKERS_COMMANDS = _commands_taking("--workers")


def test_the_commands_taking_workers_are_found():
    names = {" ".join(words) for words in WORKERS_COMMANDS}
    assert {"manhome", "skill manhome", "whatif manhome", "report", "exact manhome all",
            "exact sumoku speed", "exact shoo reduced"} <= names, names


@pytest.mark.parametrize("workers", ["0", "1025", "2000", "5000", "99999999999999999999", "x"])
@pytest.mark.parametrize("words", WORKERS_COMMANDS, ids=" ".join)
def test_workers_above_1024_are_refused_when_parsed(words, workers, capsys):
    """``--workers`` 1 to 1,024 in every command, refused by the parser before any work:
    ``exact sumoku speed``, ``exact shoo reduced`` (99999999999999999999) and ``skill``
    (2000) took them, ``exact manhome`` refused 5,000 after 17 s of solving."""
    from numbergames.analyze.cli import build_parser, games_of

    argv = [*words, "--workers", workers]
    if words[0] == "whatif":
        argv += ["--vary", "players=2,3"]
    with pytest.raises(SystemExit) as stop:
        build_parser(games_of(words)).parse_args(argv)
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert "--workers must be a whole number from 1 to 1,024" in err and err.count("\n") == 1


@pytest.mark.parametrize("words", WORKERS_COMMANDS, ids=" ".join)
def test_workers_1_and_1024_are_taken(words):
    from numbergames.analyze.cli import build_parser, games_of

    extra = {"whatif": ["--vary", "players=2,3"], "fair": ["--lever", "x"]}.get(words[0], [])
    for workers in ("1", "1024"):
        assert build_parser(games_of(words)).parse_args([*words, "--workers", workers, *extra]
                                                   ).workers == int(workers)


@pytest.mark.parametrize("workers", [0, 2000, 2.5, "4", True])
def test_the_python_api_checks_workers_alike(workers):
    from numbergames.analysis.running.errors import UserError
    from numbergames.analysis.searches.skill import plan_skill

    def door(game, sims, workers):
        return numbergames.load_game(game).request(sims, workers=workers)

    for make in (door, plan_skill):
        with pytest.raises(UserError, match="--workers must be a whole number from 1 to 1,024"):
            make("manhome", 100, workers=workers)


@pytest.mark.parametrize("source", ["argument", "file", "stdin"])
@pytest.mark.parametrize("game, notation", [
    ("shoo", SHOO_START), ("sumoku", "R3 O2\nB2"), ("sumoku", "hand: R3 O1 Y6"),
    ("sumoku", "R3 O2\r\n.  B2\r\n")], ids=["shoo", "sumoku-pattern", "sumoku-hand", "crlf"])
def test_a_position_with_a_byte_order_mark_is_read(game, notation, source, capsys, in_tmp,
                                                   monkeypatch):
    """A position file or standard input that begins with a UTF-8 byte-order mark, as some
    editors write, was refused ("rank 9 ('\\ufeffWWW6') describes 10 squares")."""
    import io

    plain = ["position", game, *(["--set", "key=5"] if game == "sumoku" else []), "--json"]
    assert main([*plain, notation]) == 0
    expected = json.loads(capsys.readouterr().out)
    if source == "argument":
        argv = [*plain, "\ufeff" + notation]
    elif source == "file":
        (in_tmp / "p.txt").write_bytes(b"\xef\xbb\xbf" + notation.encode())
        argv = [*plain, "--file", "p.txt"]
    else:
        stdin = io.TextIOWrapper(io.BytesIO(b"\xef\xbb\xbf" + notation.encode()),
                                 encoding="utf-8", newline="")
        monkeypatch.setattr("sys.stdin", stdin)
        argv = [*plain, "--file", "-"]
    assert main(argv) == 0, capsys.readouterr().err
    assert json.loads(capsys.readouterr().out) == expected


@pytest.mark.parametrize("wrong, words", [
    ({"sims": "abc"}, "--sims must be a whole number of games"),
    ({"players": 2.5}, "bad value 2.5 for players; allowed: an integer in 2..8"),
    ({"seed": "x"}, "--seed must be a whole number from 0 to 18,446,744,073,709,551,615, not 'x'"),
    # as --seed: the largest seed is 2**64 - 1 (2**70 was taken and named a folder)
    ({"seed": 2**64}, "--seed must be a whole number from 0 to 18,446,744,073,709,551,615"),
    ({"policy": 5}, "policy must be a name, names separated by commas or a list of names"),
    ({"policy": ["greedy", 3]}, "policy must be a name"),
    ({"variant": 5}, "variant must be a variant file's path or a Variant, not 5"),
    ({"rules": "x"}, "rules must be a ManHomeRules of manhome, not 'x'"),
    ({"store": 5}, "store must be a results store or its path, not 5"),
    ({"workers": "2"}, "--workers must be a whole number from 1 to 1,024"),
    ({"game": ["manhome"]}, "unknown game ['manhome']"),
])
def test_the_python_api_names_a_wrong_type(wrong, words):
    """``simulate`` with a value of the wrong type raised Python's own TypeError or
    AttributeError ("'int' object is not iterable", "'str' object has no attribute
    'players'"); now a ValueError naming the parameter and what it accepts — through the
    front door (rules to ``load_game``, the rest to ``simulate``) and the analysis's run."""
    import functools
    import re

    from numbergames.analysis.searches.simulation import PLAIN, simulate

    def door(game, sims, *, rules=None, variant=None, players=None, **options):
        loaded = numbergames.load_game(game, rules=rules, variant=variant, players=players)
        return loaded.simulate(sims, **options)

    for run in (functools.partial(simulate, presentation=PLAIN), door):
        arguments = {"game": "manhome", "sims": 10, "workers": 1, **wrong}
        with pytest.raises(ValueError, match=re.escape(words)):
            run(arguments.pop("game"), **arguments)


@pytest.mark.parametrize("game", ["manhome", "sosooyoo", "sumoku", "shoo"])
def test_a_budget_in_other_digits_is_an_unknown_player(game):
    """``search-²`` ('²'.isdigit() is true) was Python's "invalid literal for int()"."""
    from numbergames.solver.registry import find_game

    players = find_game(game).players
    for family in players.search:
        for budget in ("\u00b2", "\u0663", "\uff18"):
            with pytest.raises(ValueError, match="unknown player"):
                players.parse(f"{family.name}-{budget}")


@pytest.mark.parametrize("source", ["file", "stdin"])
@pytest.mark.parametrize("raw, words", [
    (b"W" * 70_000, "is larger than 64 KiB; a position is a few lines"),
    (b"9/9 caf\xe9", "is not UTF-8 text (byte 0xe9 at offset 7)"),
    ("9/9".encode("utf-16"), "is UTF-16 text; save it as UTF-8"),
], ids=["huge", "not-utf-8", "utf-16"])
def test_a_position_that_is_no_small_text_says_why(raw, words, source, capsys, in_tmp,
                                                   monkeypatch):
    """A position file and standard input are read alike, as a variant file is: at most
    64 KiB of UTF-8. Before, standard input in a UTF-8 locale that was not UTF-8 ended in
    a UnicodeDecodeError traceback, a file in Python's "'utf-8' codec can't decode byte",
    and either was read whole however long."""
    if source == "file":
        (in_tmp / "p.txt").write_bytes(raw)
        argv = ["position", "shoo", "--file", "p.txt"]
    else:  # standard input as in a UTF-8 locale: strict decoding
        monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(raw), encoding="utf-8"))
        argv = ["position", "shoo", "--file", "-"]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert words in err and err.count("\n") == 1


class _Endless(io.RawIOBase):
    """Standard input that never ends (``< /dev/zero``): reading 8 MiB of it fails."""

    served = 0

    def readable(self) -> bool:
        return True

    def readinto(self, buffer) -> int:
        self.served += len(buffer)
        if self.served > 8 << 20:
            raise AssertionError("read 8 MiB of standard input that never ends")
        buffer[:] = b"W" * len(buffer)
        return len(buffer)


def test_a_position_on_endless_standard_input_is_refused(capsys, monkeypatch):
    # `analyze position shoo --file - < /dev/zero` read until memory ran out
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BufferedReader(_Endless()),
                                                      encoding="utf-8"))
    assert main(["position", "shoo", "--file", "-"]) == 2
    err = capsys.readouterr().err
    assert "standard input is larger than 64 KiB" in err and err.count("\n") == 1


def test_report_games_named_twice_are_refused():
    # checked without running the reports: before, ['manhome', 'manhome'] was returned and
    # `analyze report --games manhome,manhome` wrote every manhome report twice
    from numbergames.analysis.running.errors import UserError
    from numbergames.studies.overview import check_games

    with pytest.raises(UserError, match="--games names manhome twice"):
        check_games(["manhome", "shoo", " manhome"])


@pytest.mark.parametrize("call, words", [
    (lambda analysis: analysis.Store(5), "store must be a results store or its path, not 5"),
    (lambda analysis: analysis.sweep("manhome", 5, 10, workers=1),
     "vary must map rules parameters to lists of values"),
    (lambda analysis: analysis.skill_ladder("manhome", sims=10, seed=-1),
     "--seed must be a whole number from 0 to 18,446,744,073,709,551,615, not '-1'"),
    (lambda analysis: analysis.skill_ladder("manhome", sims=10, seed="x"), "--seed must be"),
    (lambda analysis: analysis.sweep("manhome", {"tie": ["attacker"]}, 10, seed=2**64),
     "--seed must be"),
], ids=["Store", "sweep-vary", "skill-seed", "skill-seed-text", "sweep-seed"])
def test_the_python_api_names_a_wrong_value_before_any_game(call, words, monkeypatch):
    """Before: Store(5) and sweep(vary=5) were Python's TypeErrors ("expected str, bytes or
    os.PathLike object, not int", "'int' object is not iterable"); skill_ladder took any
    seed unchecked, and sweep a seed above 2**64 - 1 (which --seed refuses)."""
    import re

    from numbergames import analysis
    from numbergames.analysis.running import runner

    def no_games(*args, **kwargs):
        raise AssertionError("a game was played before the refusal")

    monkeypatch.setattr(runner, "run_tasks", no_games)
    with pytest.raises(ValueError, match=re.escape(words)):
        call(analysis)


@pytest.mark.parametrize("kind", ["run", "sweep", "ladder"])
def test_a_report_folder_that_is_no_path_is_named(kind, in_tmp):
    # write_report(result, 5) was "TypeError: expected str, bytes or os.PathLike object"
    from numbergames import analysis
    from numbergames.analysis.running.errors import UserError

    result = {"run": lambda: numbergames.load_game("manhome").simulate(20, workers=1),
              "sweep": lambda: analysis.sweep("manhome", {"tie": ["attacker"]}, 20, workers=1),
              "ladder": lambda: analysis.skill_ladder("sosooyoo", sims=4, search_sims=1,
                                                      budgets=[1], workers=1)}[kind]()
    with pytest.raises(UserError, match="out must be a report folder's path, not 5"):
        analysis.write_report(result, 5)
    assert list(in_tmp.iterdir()) == []


@pytest.mark.parametrize("argv, words", [
    (["manhome", "--quiet", "--policy", "x" * 10_000], "allowed: random, greedy"),
    (["manhome", "--quiet", "--set", "tie=" + "x" * 10_000], "allowed: defender | attacker"),
    (["position", "sumoku", "--set", "key=5", "R" * 10_000], "a tile is a colour letter"),
    (["games", "x" * 10_000], "unrecognized arguments"),
], ids=["policy", "set", "tile", "argparse"])
def test_an_error_quoting_a_huge_input_is_a_short_line(argv, words, capsys, in_tmp):
    """One clear line: a 10,000-character input was quoted whole (a line of 10,185
    characters for --policy); its middle is now left out, the end (what is allowed) kept."""
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert words in err and err.count("\n") == 1 and len(err) < 800, len(err)
    assert "characters left out" in err


def test_each_command_is_run_by_its_own_module():
    """The command line is one module per command (numbergames.analyze.commands), the per-game runs in
    ``run``: each parser's handler is the ``run`` of the module named for its command."""
    import argparse

    from numbergames.analyze import cli
    from numbergames.solver.registry import game_names

    def handlers(parser):
        subs = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
        if not subs:
            return [parser.get_default("handler")]
        return [h for action in subs for sub in action.choices.values() for h in handlers(sub)]

    top = next(a for a in cli.build_parser()._actions
               if isinstance(a, argparse._SubParsersAction))
    for name, parser in top.choices.items():
        module = "numbergames.analyze.commands." + ("run" if name in game_names() else name)
        assert {(h.__module__, h.__name__) for h in handlers(parser)} == {(module, "run")}, name
