"""`analyze position sumoku`: a pattern validated with its lines, a hand decided by the
layout search, from an argument or a file; malformed input is one line, exit 2."""
import json

import pytest

from numbergames.analyze.cli import main
from numbergames.solver.sumoku.pattern import check_pattern, parse_pattern

PATTERN = "R3 O1 Y6 / . G7 . / . B2 ."


def _json(capsys, *argv):
    assert main(["position", "sumoku", *argv, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_a_pattern_is_validated_with_its_lines(capsys):
    info = _json(capsys, PATTERN, "--set", "key=5")
    assert info["kind"] == "pattern" and info["valid"] and info["tiles"] == 5
    assert [line["sum"] for line in info["lines"]] == [10, 10]
    wrong = _json(capsys, PATTERN, "--set", "key=4")
    assert not wrong["valid"] and "not a multiple of 4" in wrong["reason"]


def test_a_hand_is_laid_out_and_the_layout_is_valid(capsys, tmp_path):
    path = tmp_path / "hand.txt"
    path.write_text("hand: R3 O1 Y6 G7 B2 P4\n")
    info = _json(capsys, "--file", str(path), "--set", "key=5")
    assert info["status"] == "found" and info["tiles"] == 6
    pattern, pinned = parse_pattern("\n".join(info["layout"]))
    assert sorted(pattern.values()) == sorted(parse_pattern("R3 O1 Y6 G7 B2 P4")[0].values())
    assert check_pattern(pattern, 5, pinned=pinned).ok


def test_a_hand_of_one_colour_is_proven_impossible(capsys):
    info = _json(capsys, "hand: R1 R2", "--set", "key=3")
    assert info["status"] == "impossible"
    solo = _json(capsys, "solo: hand: R1 O1 Y1 G1", "--set", "key=4")
    assert solo["solo"] and solo["status"] == "impossible"   # every line repeats a number


@pytest.mark.parametrize("source", ["R3 O2 // B2", "R3 O2\n\nB2", "R3 O2\n   \nB2\n"])
def test_an_empty_row_is_a_row(capsys, tmp_path, source):
    # R3 O2 over an empty row over B2: B2 touches nothing, so the pattern is not valid (it
    # was judged as "R3 O2 / B2 ." when the empty row was dropped)
    path = tmp_path / "pattern.txt"
    path.write_text(source)
    for given in ([source], ["--file", str(path)]):
        info = _json(capsys, *given, "--set", "key=5")
        assert not info["valid"] and info["reason"] == "the tiles are not connected"
        assert info["pattern"] == ["R3 O2", ".  .", "B2 ."]
    assert _json(capsys, "\n\nR3 O2\nB2 .\n\n", "--set", "key=5")["valid"]  # margins are no rows


def test_the_text_output(capsys):
    assert main(["position", "sumoku", PATTERN, "--set", "key=5"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("R3 O1 Y6\n.  G7 .") and "a valid pattern" in out


@pytest.mark.parametrize("argv, words", [
    (["hand: R3 Z1", "--set", "key=5"], "bad tile 'Z1'"),
    (["R1 R2"], "key=die rolls the key"),
    (["R1 O2", "--set", "key=5", "--perft", "2"], "--perft counts move sequences"),
    (["R1 O2", "--set", "key=5", "--search", "2"], "--search decides a hand"),
    (["hand: R1 R1 R1", "--set", "key=3"], "appears more than twice"),
    (["hand: R1", "--set", "key=3"], "a hand of 1 tiles"),
    (["--set", "key=5"], "give a pattern"),
    (["R1 O2", "--set", "key=11"], "bad value '11' for key"),
])
def test_malformed_input_is_one_line_exit_2(argv, words, capsys):
    assert main(["position", "sumoku", *argv]) == 2
    err = capsys.readouterr().err
    assert words in err and err.count("\n") == 1


@pytest.mark.parametrize("breaker", ["\x1c", "\x1d", "\x1e", "\x1f", "\x0b", "\x0c", "\x85",
                                     "\u2028", "\u2029", "\r"])
def test_only_a_line_feed_separates_a_patterns_rows(breaker):
    """``'R3 O2\\x1cY5'`` was judged as two rows (str.splitlines breaks at \\x1c): every
    control character but the line feed (and CR LF) is refused, in the pattern and the
    position notation alike; a leading byte-order mark is dropped."""
    from numbergames.solver.sumoku.state import SumokuState

    with pytest.raises(ValueError, match="control character"):
        parse_pattern(f"R3 O2{breaker}Y5")
    with pytest.raises(ValueError, match="control character"):
        SumokuState.from_text(f"key: 5\nR3 O2{breaker}Y5\nhand: B2\nhand: B3")
    assert parse_pattern("\ufeffR3 O2\r\nY5") == parse_pattern("R3 O2\nY5")
