"""Shoo's moves, rule by rule, on positions set up by hand — among them the situations of
the rulebook's photographs (Blue moves up the board from rank 1; Blue's home is a7..c9,
White's g1..i3)."""
import pytest

from numbergames.solver.registry import DRAW
from numbergames.solver.shoo.board import parse_square as sq
from numbergames.solver.shoo.perft import perft
from numbergames.solver.shoo.state import ShooState
from numbergames.solver.shoo.moves import Kind, actions, detect, legal_moves, make_move
from numbergames.solver.shoo.movetext import IllegalMoveError, move_text, parse_move
from numbergames.solver.shoo.notation import arrange, check
from numbergames.solver.shoo.position import EMPTY, FOOT, HORSE, NONE, RIDER, start
from numbergames.solver.shoo.rules import ShooRules



def place(pieces, side="b", rules=ShooRules(), stable=None, pasture=(0, 0), held=None):
    return arrange(pieces, side, rules, stable, pasture, held)


def texts(position, kind=None, square=None):
    """The legal moves' texts, of one kind, or of the piece on one square."""
    return sorted(move_text(m) for m in legal_moves(position)
                  if (kind is None or m.kind == kind) and (square is None or m.frm == sq(square)))


def play(position, text):
    return make_move(position, parse_move(position, text))


# -- the basic moves (photographs 1 and 2) ---------------------------------------------------
def test_photograph_1_a_traveller_on_foot_moves_like_a_king():
    # the blue traveller on g3 can move to any of the five squares marked with beads
    assert texts(start(ShooRules()), Kind.WALK, "g3") == ["g3-f2", "g3-f3", "g3-f4", "g3-g4",
                                                          "g3-h4"]


def test_the_first_moves_counted_by_hand():
    # Blue: a horse from the stable to any of the 63 empty squares, and 15 steps on foot
    # (g1: 2, g2: 3, g3: 5, h3: 3, i3: 2). White answers a horse call with 62 calls and its
    # own 15 steps, less a step onto the called horse's square; a step with 63 calls and 15.
    rules = ShooRules()
    assert perft(start(rules), 1) == 63 + 15
    assert perft(start(rules), 2) == 63 * 77 - 15 + 15 * 78
    # with the odd horse left on e5: 62 calls, 15 steps and 26 ways to lead the e5 horse
    assert perft(start(ShooRules(odd_horse="field")), 1) == 62 + 15 + 26
    # the extra-horse choice is the same game, White moving first
    assert perft(start(ShooRules(opening="extra_horse")), 2) == perft(start(rules), 2)


def test_photograph_2_call_up_hold_then_mount_and_ride():
    p = place("B:d4 W:c8", stable=(1, 8))
    after = play(p, "H@e5")
    assert after.stable_horses[0] == 0 and after.held == sq("e5")
    # White cannot touch the held horse in its next move
    assert not [m for m in legal_moves(after) if sq("e5") in (m.frm, m.via)]
    after = play(after, "c8-c7")
    assert after.held == NONE
    rides = texts(after, Kind.MOUNT, "d4")
    # mount and stay, or ride like a queen along empty squares; no jumping over c7's White
    assert "d4^e5" in rides and "d4^e5-e9" in rides and "d4^e5-a1" in rides
    assert "d4^e5-d6" in rides and "d4^e5-c7" not in rides and "d4^e5-b8" not in rides
    # the square the traveller left is empty for the ride
    assert "d4^e5-d4" in rides and "d4^e5-c3" in rides
    ridden = play(after, "d4^e5-e9")
    assert ridden.board[sq("e9")] == RIDER and ridden.board[sq("d4")] == EMPTY


def test_riding_on_and_dismounting_leave_the_horse_free_and_not_held():
    p = place("b:e5 W:a1")
    assert "e5-e9" in texts(p, Kind.RIDE) and "e5-e5" not in texts(p, Kind.RIDE)
    assert texts(p, Kind.DISMOUNT) == sorted(f"e5>{s}" for s in
                                             ("d4", "d5", "d6", "e4", "e6", "f4", "f5", "f6"))
    after = play(p, "e5>e4")
    assert after.board[sq("e5")] == HORSE and after.held == NONE
    # "you cannot hold onto a horse from which you have just dismounted": White may take it
    assert "e5-e9" in texts(after, Kind.LEAD)


def test_holding_costs_a_move_and_protects_the_horse():
    p = place("B:e4 W:a1 h:e5")
    assert "H=e5" in texts(p, Kind.HOLD)
    after = play(p, "H=e5")
    assert after.board == p.board and after.held == sq("e5")
    assert not [m for m in legal_moves(after) if m.frm == sq("e5")]
    # a horse next to none of your travellers cannot be held (nor retired)
    assert texts(place("B:a1 W:i9 h:e5"), Kind.HOLD) == []
    assert texts(place("B:e4 W:a1 h:e5", rules=ShooRules(hold_move=False)), Kind.HOLD) == []


def test_retiring_a_horse_to_the_pasture():
    p = place("B:e4 W:a1 h:e5")
    after = play(p, "H!e5")
    assert after.board[sq("e5")] == EMPTY and after.pasture == [1, 0]
    check(after)
    # a horse the opponent holds cannot be retired
    assert texts(place("B:e4 W:a1 h:e5", held="e5"), Kind.RETIRE) == []


def test_calling_up_next_to_a_traveller_is_a_variant():
    assert len(texts(place("B:e4 W:a1"), Kind.CALL)) == 79
    near = texts(place("B:e4 W:a1", rules=ShooRules(call_next_to=True)), Kind.CALL)
    assert near == sorted(f"H@{s}" for s in ("d3", "d4", "d5", "e3", "e5", "f3", "f4", "f5"))


# -- shooing (photographs 4 and 5) -----------------------------------------------------------
def test_photograph_4_shooing_and_the_forced_reply():
    # two Blue travellers in the middle column near the top, one mounted (e8) and one on
    # foot coming to e7; White's traveller to the left of them on d8
    p = place("B:e6 b:e8 W:d8,a1")
    assert "e6-e7+d8" in texts(p, Kind.WALK)
    shooed = play(p, "e6-e7+d8")
    assert detect(shooed) == ([sq("d8")], [])
    # White must move d8 to a square where it is not shooed: not d7 (touched by e7, e8)
    assert sorted(move_text(m) for m in actions(shooed)) == [
        "d8-c7", "d8-c8", "d8-c9", "d8-d9", "d8-e9"]


def test_shooing_is_optional_and_names_one_traveller():
    p = place("B:e7 b:h5 W:d8,f8,a1")
    moves = texts(p, Kind.RIDE, "h5")
    assert {"h5-e8", "h5-e8+d8", "h5-e8+f8"} <= set(moves)
    assert not [m for m in moves if m.count("+") > 1]


def test_photograph_5_shooed_off_to_the_stable():
    # White's traveller in the top left corner (Blue's home area, not White's) is shooed by
    # Blue's two travellers on the row below, one mounted and one on foot
    p = place("b:a8 B:b7 W:a9,i1")
    shooed = play(p, "b7-b8+a9")
    assert detect(shooed) == ([sq("a9")], [sq("a9")])
    assert [move_text(m) for m in legal_moves(shooed)] == ["a9>S"]
    off = play(shooed, "a9>S")
    assert off.board[sq("a9")] == EMPTY and (shooed.stabled[1], off.stabled[1]) == (7, 8)
    assert off.side == 0


def test_a_shooed_traveller_may_escape_on_a_free_horse_but_not_by_capturing():
    p = place("b:a8 B:b7 W:a9,i1 h:b9")
    shooed = play(p, "b7-b8+a9")
    escapes = [move_text(m) for m in actions(shooed)]
    assert "a9^b9" in escapes and all(t.startswith("a9^b9") for t in escapes)
    assert detect(shooed)[1] == []
    strict = place("b:a8 B:b7 W:a9,i1 h:b9", rules=ShooRules(escape_by_horse=False))
    shooed = play(strict, "b7-b8+a9")
    assert [move_text(m) for m in actions(shooed)] == ["a9>S"] and detect(shooed)[1] == [sq("a9")]
    # next to Blue's rider on a8 White could capture, but not out of a shoo
    assert not [m for m in actions(shooed) if m.kind == Kind.CAPTURE]


def test_safety_no_shooing_in_the_home_area_and_no_leaving_it():
    # White's g2 is in White's home area: two Blue travellers touch it, it is not shooable
    p = place("B:f1,f3 W:g2")
    assert p.shooable(0) == [] and not [m for m in legal_moves(p) if m.shoo != NONE]
    # Blue's c7 is in Blue's home area: it may only step inside it
    home = place("B:c7 W:i1", side="b")
    assert texts(home, Kind.WALK) == ["c7-b7", "c7-b8", "c7-c8"]
    assert len(texts(place("B:c7 W:i1", rules=ShooRules(leave_home=True)), Kind.WALK)) == 8
    rider = place("b:c7 W:i1")
    assert {m.split("-")[1] for m in texts(rider, Kind.RIDE)} == {
        "a7", "b7", "a9", "b8", "c8", "c9"}


def test_returning_to_the_field_and_being_blocked_by_hushing():
    p = place("B:a1 W:i1", side="w")
    assert texts(p, Kind.RETURN) == sorted(f"T@{f}9" for f in "abcdefghi")
    # returning never lands on a horse
    assert "T@e9" not in texts(place("B:a1 W:i1 h:e9", side="w"), Kind.RETURN)
    # Blue's d8 and f8 make e9 shooable; every other square of rank 9 is full
    blocked = "B:d8,f8,a9,b9,c9,d9,f9,g9 W:h9,i9,i1"
    assert texts(place(blocked, side="w"), Kind.RETURN) == []
    assert texts(place(blocked, side="w", rules=ShooRules(hush="off")), Kind.RETURN) == ["T@e9"]


# -- hushing -----------------------------------------------------------------------------------
def test_hush_illegal_a_traveller_may_not_step_into_a_shoo():
    p = place("B:b4,d4 W:c6,i9", side="w")
    assert "c6-c5" not in texts(p, Kind.WALK) and "c6-c7" in texts(p, Kind.WALK)


@pytest.mark.parametrize("hush", ["lose_move", "shoo_off"])
def test_hush_variants_undo_the_move_or_shoo_the_traveller_off(hush):
    p = place("B:b4,d4,i1 W:c6,i9", side="w", rules=ShooRules(hush=hush))
    stepped = play(p, "c6-c5")
    assert stepped.hush is not None
    hushes = texts(stepped)
    assert "hush:i1-h1" in hushes and "i1-h1" in hushes and "i1-h1+c5" in hushes
    assert not [t for t in hushes if t.startswith("hush:") and "+c5" in t]
    after = play(stepped, "hush:i1-h1")
    if hush == "lose_move":
        assert after.board[sq("c6")] == FOOT + 1 and after.stabled[1] == 7
    else:
        assert after.board[sq("c6")] == EMPTY and after.stabled[1] == 8
    assert after.board[sq("c5")] == EMPTY and after.board[sq("h1")] == FOOT
    assert after.side == 1 and after.hush is None
    # the chance lapses after one move
    assert play(stepped, "i1-h1").hush is None


def test_hushing_a_dismount_puts_the_traveller_back_on_its_horse():
    rules = ShooRules(hush="lose_move")
    p = place("B:b4,d4,i1 w:c6,i9", side="w", rules=rules)
    after = play(play(p, "c6>c5"), "hush:i1-h1")
    assert after.board[sq("c6")] == RIDER + 1 and after.board[sq("c5")] == EMPTY


# -- capturing (photograph 6) and compound moves -----------------------------------------------
def test_photograph_6_a_threatened_capture_and_the_capture():
    p = place("B:d4 w:e5 W:a9")
    captures = texts(p, Kind.CAPTURE)
    # White's traveller is put on any empty square next to its horse (not on d4)
    assert {t.split(">")[1][:2] for t in captures} == {"d5", "d6", "e4", "e6", "f4", "f5",
                                                       "f6"}
    after = play(p, "d4xe5>f6-e1")
    assert after.board[sq("e1")] == RIDER and after.board[sq("f6")] == FOOT + 1
    assert after.board[sq("d4")] == EMPTY and after.board[sq("e5")] == EMPTY
    # a mounted capturer leaves its horse behind, free
    mounted = play(place("b:d4 w:e5 W:a9"), "d4xe5>f6")
    assert mounted.board[sq("d4")] == HORSE and mounted.board[sq("e5")] == RIDER


def test_capture_ride_away_and_shoo_in_the_same_move():
    p = place("B:d4,h7 w:e5 W:h6,a9")
    assert "d4xe5>e6-g5+h6" in texts(p, Kind.CAPTURE)
    after = play(p, "d4xe5>e6-g5+h6")
    assert after.shoo == sq("h6") and after.board[sq("g5")] == RIDER


def test_a_rider_captured_in_its_home_area_is_put_back_in_it():
    # White rides on h3, in White's home area g1..i3; Blue's g4 captures
    p = place("B:g4,a1 w:h3 W:a9")
    puts = {t.split(">")[1][:2] for t in texts(p, Kind.CAPTURE)}
    assert puts == {"g2", "g3", "h2", "i2", "i3"}


# -- the end ---------------------------------------------------------------------------------
def test_photograph_3_blue_has_just_won():
    home = "a7,b7,c7,a8,b8,c8,a9,b9,c9"
    won = place(f"B:{home} W:e5", pasture=(3, 0))
    assert won.winner() == 0
    mounted = place(f"B:{home.replace('c9,', '')} b:c9 W:e5", pasture=(2, 0))
    assert mounted.winner() is None


def test_the_move_limit_and_repetition_are_draws():
    rules = ShooRules(max_plies=3)
    game = ShooState(position=start(rules))
    for text in ("g3-f4", "c7-d6", "f4-g3"):
        assert game.winner is None
        game.apply_move(parse_move(game.position, text))
    assert game.winner == DRAW
    game = ShooState(position=start(ShooRules(repetition=2)))
    for text in ("g3-f4", "c7-d6", "f4-g3", "d6-c7"):
        assert game.winner is None
        game.apply_move(parse_move(game.position, text))
    assert game.winner == DRAW


def test_an_illegal_move_is_one_line():
    with pytest.raises(IllegalMoveError) as info:
        parse_move(start(ShooRules()), "g3-g5")
    assert "illegal move 'g3-g5'" in str(info.value) and "\n" not in str(info.value)
