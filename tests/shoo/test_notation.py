"""The position notation: round trips, and every malformed or impossible position refused
with one line."""
import pytest
from hypothesis import given, settings, strategies as st

from numbergames.solver.params import RulesError
from numbergames.solver.shoo.board import SQUARES, parse_square
from numbergames.solver.shoo.notation import PositionError, read, write
from numbergames.solver.shoo.position import (DISMOUNT, FOOT, HORSE, RETURN, RIDER, STEP, Hush, Position,
                                   start)
from numbergames.solver.shoo.rules import TRAVELLERS, ShooRules


@st.composite
def positions(draw, rules=ShooRules()):
    """A position with 9 travellers a side and the rules' horses, some of them stabled,
    mounted, retired; a held horse and a pending shoo when there can be one."""
    stabled = [draw(st.integers(0, 3)), draw(st.integers(0, 3))]
    field = [TRAVELLERS - stabled[0], TRAVELLERS - stabled[1]]
    riders = [draw(st.integers(0, min(2, field[0]))), draw(st.integers(0, min(2, field[1])))]
    free = draw(st.integers(0, rules.horses - sum(riders)))
    left = rules.horses - sum(riders) - free
    stable_horses = [draw(st.integers(0, left)), 0]
    stable_horses[1] = draw(st.integers(0, left - stable_horses[0]))
    pasture0 = left - sum(stable_horses)
    pasture = [pasture0 // 2, pasture0 - pasture0 // 2]
    squares = draw(st.permutations(range(SQUARES)))
    board = [0] * SQUARES
    at = iter(squares)
    for seat in (0, 1):
        for i in range(field[seat]):
            board[next(at)] = (RIDER if i < riders[seat] else FOOT) + seat
    horses = [next(at) for _ in range(free)]
    for s in horses:
        board[s] = HORSE
    position = Position(rules, board, stable_horses, stabled, pasture, draw(st.integers(0, 1)),
                        ply=draw(st.integers(0, 599)))
    if horses and draw(st.booleans()):
        position.held = draw(st.sampled_from(horses))
    shooable = position.shooable(1 - position.side)
    if shooable and draw(st.booleans()):
        position.shoo = draw(st.sampled_from(shooable))
    return position


START = "WWW6/WWW6/WWW6/9/9/9/6BBB/6BBB/6BBB b hhhh/hhhhh 0/0 - - - 0"


def test_the_start_positions():
    assert write(start(ShooRules())) == START
    assert write(start(ShooRules(opening="extra_horse"))) == (
        "WWW6/WWW6/WWW6/9/9/9/6BBB/6BBB/6BBB w hhhhh/hhhh 0/0 - - - 0")
    assert write(start(ShooRules(horses=7, odd_horse="field"))) == (
        "WWW6/WWW6/WWW6/9/4h4/9/6BBB/6BBB/6BBB b hhh/hhh 0/0 - - - 0")
    assert write(start(ShooRules(corners="same_side"))).startswith("6WWW/6WWW/6WWW/9/9/9/6BBB")


def test_squares_and_pieces_land_where_the_text_says():
    p = read("W[Bh]7/9/9/9/4h4/9/9/9/8b b hhhhBBBBBBB/hWWWWWWWW 0/1 e5 - - 12")
    assert p.board[parse_square("a9")] == FOOT + 1 and p.board[parse_square("b9")] == RIDER
    assert p.board[parse_square("e5")] == HORSE and p.board[parse_square("i1")] == RIDER
    assert (p.stable_horses, p.stabled, p.pasture, p.side, p.held, p.ply) == (
        [4, 1], [7, 8], [0, 1], 0, parse_square("e5"), 12)
    assert write(p) == "Wb7/9/9/9/4h4/9/9/9/8b b hhhhBBBBBBB/hWWWWWWWW 0/1 e5 - - 12"


@settings(max_examples=300, deadline=None)
@given(positions())
def test_write_then_read_gives_the_position_back(position):
    text = write(position)
    again = read(text)
    assert again == position and write(again) == text


@settings(max_examples=100, deadline=None)
@given(positions(ShooRules(horses=7)))
def test_round_trip_with_seven_horses(position):
    assert read(write(position), position.rules) == position


def test_a_pending_shoo_and_hush_round_trip():
    rules = ShooRules(hush="lose_move")
    # White's c5 stepped from c6 between Blue's b4 and d4: shooable, so Blue may hush it
    blue, white = "BBBBBBB", "WWWWWWWW"
    text = f"9/9/9/9/2W6/1B1B5/9/9/9 b hhhh{blue}/hhhhh{white} 0/0 - - c5<c6 7"
    p = read(text, rules)
    assert p.hush == Hush(parse_square("c5"), STEP, parse_square("c6")) and write(p) == text
    dismount = f"9/9/9/2h6/2W6/1B1B5/9/9/9 b hhhh{blue}/hhhh{white} 0/0 - - c5<^c6 7"
    assert read(dismount, rules).hush == Hush(parse_square("c5"), DISMOUNT, parse_square("c6"))
    back = f"4W4/3B1B3/9/9/9/9/9/9/9 b hhhh{blue}/hhhhh{white} 0/0 - - e9<s 7"
    assert read(back, rules).hush == Hush(parse_square("e9"), RETURN, -1)
    with pytest.raises(PositionError, match="returns to its first row, not c5"):
        read(text.replace("c5<c6", "c5<s"), rules)
    with pytest.raises(PositionError, match="origin c6 must hold its free horse"):
        read(text.replace("c5<c6", "c5<^c6"), rules)
    with pytest.raises(PositionError, match="cannot have come from c7"):
        read(text.replace("c5<c6", "c5<c7"), rules)
    with pytest.raises(PositionError, match="not shooable, so it cannot be hushed"):
        read(text.replace("1B1B5", "1B5B1"), rules)
    shooed = f"9/9/9/9/2W6/1B1B5/9/9/9 w hhhh{blue}/hhhhh{white} 0/0 - c5 - 7"
    assert read(shooed).shoo == parse_square("c5") and write(read(shooed)) == shooed


@pytest.mark.parametrize("text, words", [
    ("WWW6/WWW6/WWW6/9/9/9/6BBB/6BBB/6BBB b hhhhB/hhhhh 0/0 - - - 0",
     "Blue has 10 travellers (9 on the field, 1 stabled); each player has 9"),
    ("WWW6/WWW6/WWW6/9/9/9/B5BBB/6BBB/6BBB b hhhh/hhhhh 0/0 - - - 0",
     "Blue has 10 travellers"),
    ("WWW6/WWW6/WW7/9/9/9/6BBB/6BBB/6BBB b hhhh/hhhhw 0/0 - - - 0",
     "a traveller on a horse in White's stable"),
    ("WWW6/WWW6/WWW6/9/4[BW]4/9/6BBB/6BBB/6BB1 b hhhh/hhhhh 0/0 - - - 0",
     "two pieces on a square: a Blue traveller and a White traveller on e5"),
    ("WWW6/WWW6/WWW6/9/4[hh]4/9/6BBB/6BBB/6BBB b hhh/hhhh 0/0 - - - 0",
     "two pieces on a square: a horse and a horse on e5"),
    ("WWW6/WWW6/WWW6/9/4[Bb]4/9/6BBB/6BBB/6B2 b hhhh/hhhh 0/0 - - - 0",
     "two pieces on a square"),
    ("WWW6/WWW6/WWW6/9/9/9/6BBB/6BBB/6BBBB b hhhh/hhhhh 0/0 - - - 0",
     "rank 1 ('6BBBB') describes 10 squares, not 9"),
    ("WWW6/WWW6/WWW6/9/9/9/6BBB/6BBB b hhhh/hhhhh 0/0 - - - 0", "the field has 8 ranks"),
    ("WWW6/WWW6/WWW6/9/9/9/6BBB/6BBB/6BBB b hhhh/hhhh 0/0 - - - 0",
     "8 horses (0 on the field, 8 in stables, 0 in pastures); the rules have 9"),
    ("WWW6/WWW6/WWW6/9/9/9/6BBB/6BBB/6BBB x hhhh/hhhhh 0/0 - - - 0", "bad side to move 'x'"),
    ("WWW6/WWW6/WWW6/9/9/9/6BBB/6BBB/6BBB b hhhh/hhhhh 0/0 e5 - - 0",
     "the held horse's square e5 holds no free horse"),
    ("WWW6/WWW6/WWW6/9/9/9/6BBB/6BBB/6BBB b hhhh/hhhhh 0/0 - g1 - 0",
     "the shooed traveller on g1 is not shooable"),
    ("WWW6/WWW6/WWW6/9/9/9/6BBB/6BBB/6BBB b hhhh/hhhhh 0/0 - a9 - 0",
     "the shooed square a9 holds no traveller on foot of the side to move"),
    ("WWW6/WWW6/WWW6/9/9/9/6BBB/6BBB/6BBB b hhhh/hhhhh 0/0 - - e4<e3 0",
     "a pending hush needs hush = lose_move or shoo_off, not illegal"),
    ("WWW6/WWW6/WWW6/9/9/9/6BBB/6BBB/6BBB b hhhh/hhhhh 0/0 - -", "a position has 8 fields"),
    ("WWW6/WWW6/WWW6/9/4x4/9/6BBB/6BBB/6BBB b hhhh/hhhhh 0/0 - - - 0", "unknown piece 'x' on e5"),
    ("WWW6/WWW6/WWW6/9/9/9/6BBB/6BBB/6BBB b hhhh/hhhhh 0/0 - j1 - 0", "bad shoo 'j1'"),
    ("WWW6/WWW6/WWW6/9/9/9/6BBB/6BBB/6BBB b hhhh/hhhhh 0/0 - - - -1", "bad move count '-1'"),
])
def test_impossible_positions_are_refused_with_one_line(text, words):
    with pytest.raises(PositionError) as info:
        read(text)
    message = str(info.value)
    assert words in message and "\n" not in message
    assert isinstance(info.value, RulesError) and isinstance(info.value, ValueError)


def test_the_rules_decide_how_many_horses():
    text = "WWW6/WWW6/WWW6/9/9/9/6BBB/6BBB/6BBB b hhh/hhhh 0/0 - - - 0"
    assert read(text, ShooRules(horses=7)).stable_horses == [3, 4]
    with pytest.raises(PositionError, match="the rules have 9"):
        read(text)


START = "WWW6/WWW6/WWW6/9/9/9/6BBB/6BBB/6BBB b hhhh/hhhhh 0/0 - - - 0"


@pytest.mark.parametrize("text, words", [
    (START[:-1] + "9" * 5000, "bad move count '9999"),          # Python's own message before
    (START.replace("0/0", "0/" + "9" * 5000), "bad pastures '0/999"),
    (START[:-1] + "²", "bad move count '²'"),                    # isdigit(), int() refuses
    (START[:-1] + "601", "from 0 to the move limit 600"),
    (START.replace("6BBB b", "6BB\u0663 b"), "unknown piece '\u0663'"),   # was read as 3
    (START.replace("6BBB b", "6BB\u00b2 b"), "unknown piece '\u00b2'"),
])
def test_numbers_in_a_position_are_ascii_and_in_range(text, words):
    with pytest.raises(PositionError, match=words) as refused:
        read(text)
    assert len(str(refused.value)) < 200 and "\n" not in str(refused.value)


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.sampled_from("0123456789/ bwBWh[]-<^" + "\u00b2\u0663\u2070"),
               max_size=120))
def test_any_text_is_a_position_or_one_line_saying_why(text):
    try:
        read(text)
    except PositionError as exc:
        assert "\n" not in str(exc) and len(str(exc)) < 300
