"""`analyze position shoo`: the board, the legal moves, shoo detection, search and perft of
one position, as text and as JSON; bad positions and requests are one line, exit 2."""
import json

import pytest

from numbergames.analyze.cli import main
from numbergames.solver.dice import Stream
from numbergames.solver.shoo.board import name
from numbergames.solver.shoo.perft import perft
from numbergames.solver.shoo.examine import describe
from numbergames.solver.shoo.moves import detect, legal_moves
from numbergames.solver.shoo.movetext import move_text
from numbergames.solver.shoo.notation import write
from numbergames.solver.shoo.rules import ShooRules
from numbergames.solver.shoo.samples import random_game_position

START = "WWW6/WWW6/WWW6/9/9/9/6BBB/6BBB/6BBB b hhhh/hhhhh 0/0 - - - 0"


def test_the_start_as_text_with_search_and_perft(capsys):
    assert main(["position", "shoo", "--search", "2", "--perft", "2"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("9 W W W . . . . . .") and "  a b c d e f g h i" in out
    assert f"notation   {START}" in out and "78 legal moves:" in out
    assert "perft 1    78" in out and "perft 2    6,006" in out
    assert "search-2: best " in out


def test_json_agrees_with_the_reference_on_middle_game_positions(capsys):
    rules = ShooRules()
    for seed in range(3):  # the reference's perft to depth 2: about a second a position
        position = random_game_position(rules, Stream(seed + 1), 20 + 14 * seed)
        text = write(position)
        assert main(["position", "shoo", text, "--perft", "2", "--json"]) == 0
        info = json.loads(capsys.readouterr().out)
        shooable, off = detect(position)
        assert info["notation"] == text
        assert info["legal_moves"] == [move_text(m) for m in legal_moves(position)]
        assert info["shooable"] == [name(s) for s in shooable]
        assert info["shooed_off"] == [name(s) for s in off]
        assert [row["nodes"] for row in info["perft"]] == [perft(position, d) for d in (1, 2)]


def test_search_value_is_the_search_players_own():
    from numbergames.solver.shoo.policies import SearchPolicy

    rules = ShooRules()
    position = random_game_position(rules, Stream(9), 30)
    info = describe(rules, write(position), search=1)
    moves = legal_moves(position)
    index, value = SearchPolicy(1).best(position, moves, Stream(0))
    assert info["search"] == {"player": "search-1", "move": move_text(moves[index]),
                              "value": value}


@pytest.mark.parametrize("argv, words", [
    (["WWW6/WWW6/WWW6/9/9/9/6BBB/6BBB/6BBB x hhhh/hhhhh 0/0 - - - 0"], "bad side to move"),
    (["WWWW5/WWW6/WWW6/9/9/9/6BBB/6BBB/6BBB b hhhh/hhhhh 0/0 - - - 0"], "travellers"),
    (["--perft", "9"], "--perft must be a whole number from 1 to 5"),
    (["--search", "5000"], "--search must be a whole number from 1 to 1,000"),
    (["--set", "horses=8"], "bad value 8 for horses"),
    # Blue's nine travellers all home in White's corner: won, nothing to search
    (["BBB6/BBB6/BBB6/9/9/9/6WWW/6WWW/6WWW w hhhh/hhhhh 0/0 - - - 0", "--search", "5"],
     "search-5 has no legal move to search: the game is over, won by Blue"),
])
def test_bad_positions_and_requests_are_one_line_exit_2(argv, words, capsys):
    assert main(["position", "shoo", *argv]) == 2
    err = capsys.readouterr().err
    assert words in err and err.count("\n") == 1


def test_the_position_can_come_from_a_file(tmp_path, capsys):
    start = describe(ShooRules())["notation"]
    path = tmp_path / "start.txt"
    path.write_text(start + "\n")
    assert main(["position", "shoo", "--file", str(path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["notation"] == start


@pytest.mark.parametrize("argv, words", [
    (["--file", "/nonexistent/position.txt"], "cannot read /nonexistent/position.txt"),
    (["START", "--file", "x.txt"], "either as an argument or with --file"),
])
def test_an_unreadable_file_is_one_line_exit_2(argv, words, capsys):
    assert main(["position", "shoo", *argv]) == 2
    err = capsys.readouterr().err
    assert words in err and err.count("\n") == 1


@pytest.mark.parametrize("source", ["", "  \n\n"])
def test_an_empty_position_is_refused_not_read_as_the_start(tmp_path, capsys, monkeypatch, source):
    # an empty --file (or standard input) silently showed the start position
    import io

    path = tmp_path / "empty.txt"
    path.write_text(source)
    monkeypatch.setattr("sys.stdin", io.StringIO(source))
    for argv in (["--file", str(path)], ["--file", "-"], [source]):
        assert main(["position", "shoo", *argv]) == 2
        captured = capsys.readouterr()
        assert captured.out == "" and captured.err.count("\n") == 1 and "is empty" in captured.err
    assert main(["position", "shoo", "--json"]) == 0   # no position at all: the start
    assert json.loads(capsys.readouterr().out)["ply"] == 0


def test_a_won_game_lists_no_legal_move(capsys):
    assert main(["position", "shoo", "BBB6/BBB6/BBB6/9/9/9/6WWW/6WWW/6WWW w hhhh/hhhhh 0/0 - - - 0",
                 "--json"]) == 0
    info = json.loads(capsys.readouterr().out)
    assert info["winner"] == "Blue" and info["legal_moves"] == []


@pytest.mark.parametrize("breaker", ["\x1c", "\x1f", "\x0b", "\x85", "\u2028"])
def test_a_control_character_does_not_split_a_notations_fields(breaker):
    """str.split takes \\x1c..\\x1f, \\x85 and the Unicode separators for spaces, as
    Sumoku's rows took them for line breaks: refused in one line."""
    from numbergames.solver.shoo.notation import read

    start = "WWW6/WWW6/WWW6/9/9/9/6BBB/6BBB/6BBB b hhhh/hhhhh 0/0 - - - 0"
    with pytest.raises(ValueError, match="control character"):
        read(start.replace(" ", breaker, 1))
    assert write(read("\ufeff" + start)) == start
