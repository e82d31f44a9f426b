"""Known answers for whole So-Soo-Yoo turns, worked out by hand from the rulebook.

Each test sets up a position (spaces, rings on the pieces and on the board), scripts the
dice and every choice, plays one whole turn through the engine's public ``play_turn``, and
checks what happens against a hand calculation written beside it with the rule it follows
(RULES.md's numbers; the rulebook is ``shared/seeds/000_07f16ed724113caf.txt``). The
script is strict, so the tests prove more than the end state:

* the dice are drawn in the rulebook's order and no others (:class:`Dice` fails on a die
  of the wrong size or one too many or too few): the d6 first, a placement as d20 (tens)
  then d10 (units), a say-the-numbers slip as one word;
* every decision comes to the right player about the right piece with exactly the options
  the rulebook allows, in canonical order (a one-option decision too, through the
  engine's trace), and the choices are the script's;
* the position in the middle of the turn, where a test says so (``check``): a ring that the
  exact count leaves on its space is still there at the next move.

What the turns show: the exact count (rule 17) deciding which landing collects the
winning ring within a whole turn: passed over and left, passed over and taken on the
last move, counted through a discard or a swap, ring by ring as the holding grows, not
for a ring that lands on the piece, and not moved by a failed say-the-numbers (rule 35);
bumps (rules 21-27) with a ring taken once a turn, a chain, a follow, a piece bumped onto
a ring, bumping costing no move; a random bump with a double zero, the own-space roll and
a roll above the board (rules 7, 24); a double zero while placing a ring (rule 6); the
ten-ring limit both ways (rule 18); a colour that ran out coming back (rule 19); swaps and
discards at the end of the turn and when a swap wins (rules 28-33).

The kernel (``cext/sosooyoo/play.pyx``) cannot be started from a chosen position or given
scripted dice, so these turns run in the reference engine only; the same situations, met
in real games, are replayed by the kernel in ``test_recorded_games.py`` (the exact count in
``exact-count-199``'s last turn, a bump taking a ring in ``adaptive-199``, a double zero, a
ring rolled onto a piece and a winning swap in ``popsicles-24``).
"""
from typing import NamedTuple

import pytest

from numbergames.solver.sosooyoo.engine import Decision, Game
from numbergames.solver.sosooyoo.rules import SoSooYooRules
from numbergames.solver.sosooyoo.state import SoSooYooState

MOVE, BUMP_TO, TAKE_RING, LOSE_RING, DISCARD, END = list(Decision)
RED, ORANGE, YELLOW, GREEN, BLUE, PURPLE = range(6)
NOTHING = 0


def swap_with(seat):
    return 1 + seat


def discard(colour):
    return 7 + colour


# The moves from the spaces the turns use, by hand: n - 1 and n + 1, and n - d and n + d for
# every divisor d > 1 of n (a jump by one bubble, a warp by several), kept on 1..199.
T21 = [14, 18, 20, 22, 24, 28, 42]          # 21 = 3·7: by 3 to 18/24, by 7 to 14/28, by 21
T24 = [12, 16, 18, 20, 21, 22, 23, 25, 26, 27, 28, 30, 32, 36, 48]   # 24 = 2·2·2·3
T27 = [18, 24, 26, 28, 30, 36, 54]          # 27 = 3·3·3: by 3, 9, 27
T30 = [15, 20, 24, 25, 27, 28, 29, 31, 32, 33, 35, 36, 40, 45, 60]   # 30 = 2·3·5
T60 = [30, 40, 45, 48, 50, 54, 55, 56, 57, 58, 59, 61, 62, 63, 64, 65, 66, 70, 72, 75, 80,
       90, 120]                             # the rulebook's "warping from 60", and jumps
T66 = [33, 44, 55, 60, 63, 64, 65, 67, 68, 69, 72, 77, 88, 99, 132]  # 66 = 2·3·11
RANDOM = 0                                  # the BUMP_TO option that rolls the dice


def d6(face):
    """The moves die showing ``face`` (the engine draws ``below(6)`` and adds one)."""
    return [(6, face - 1)]


def placed(number):
    """The placement dice reading ``number``: the d20 gives the tens, the d10 the units."""
    return [(20, number // 10), (10, number % 10)]


def slip():
    return [("word", 0)]                    # any word is a slip when say_error is 1


class Dice:
    """The dice stream, scripted: each die the engine draws must be the next one listed."""

    def __init__(self, draws):
        self.draws = list(draws)

    def below(self, n):
        assert self.draws, f"the engine rolled a d{n} more than the script"
        sides, value = self.draws.pop(0)
        assert sides == n, f"the engine rolled a d{n} where the script has a d{sides}"
        return value

    def word(self):
        assert self.draws and self.draws[0][0] == "word", "an unexpected say-the-numbers draw"
        return self.draws.pop(0)[1]


class Ask(NamedTuple):
    """One decision the turn must bring: who decides about whom, between which options,
    and the script's pick; ``check(game)`` runs when it is asked (two or more options)."""

    decision: Decision
    chooser: int
    subject: int
    options: list
    pick: int
    check: object = None


class Script:
    """Every seat's player: answers the decisions of two or more options in order,
    checking each against the script."""

    name = "script"

    def __init__(self, asks):
        self.asked = [a for a in asks if len(a.options) > 1]

    def choose(self, state, choices):
        node = state.node
        decision, seat, options = Decision(node.kind), node.chooser, list(node.options)
        assert self.asked, f"an unexpected decision {decision!r} for seat {seat}"
        a = self.asked.pop(0)
        assert (decision, seat, node.subject) == (a.decision, a.chooser, a.subject)
        assert state.current_player() == seat
        assert options == a.options, (decision, options)
        if a.check:
            a.check(state.game)
        return state.legal_actions()[options.index(a.pick)]


def position(pos, held=None, rings=(100, 150, 160, 170, 180, 190), to_move=0, **rules):
    """A game between turns: pieces on ``pos``, rings ``held`` by seat and colour, each
    colour's ring on the board at ``rings`` (0: none); the rest in the bone yard."""
    r = SoSooYooRules(players=len(pos), **rules)
    game = Game(r)
    game.pos = list(pos)
    game.held = [list(h) for h in (held or [[0] * 6] * r.players)]
    game.ring_space = list(rings)
    game.boneyard = [r.rings_per_colour - sum(h[c] for h in game.held) - (rings[c] != 0)
                     for c in range(6)]
    game.to_move = to_move
    game.check_invariants()
    return game


def play_turn(game, dice, asks):
    """Play one whole turn with these dice and choices through the decision API; every die
    and decision is used."""
    dice, script = Dice(dice), Script(asks)
    game.trace = []
    state = SoSooYooState.at(game, limit=game.turns + 1)
    while not state.is_terminal():
        if state.is_chance_node():
            action = state.draw_chance(dice)
        else:
            actions = state.legal_actions()
            action = actions[0] if len(actions) == 1 else script.choose(state, None)
        state.apply_action(action)
    assert game.trace == [(int(a.decision), a.chooser, a.subject, a.pick) for a in asks]
    assert not dice.draws, f"dice left unrolled: {dice.draws}"
    assert not script.asked
    game.check_invariants()


def still(seat, held, colour, space):
    """A check: ``seat`` holds ``held`` and the ``colour`` ring is still on ``space``."""
    def check(game):
        assert game.held[seat] == held and game.ring_space[colour] == space
    return check


FIVE_RED = [5, 0, 0, 0, 0, 0]


# -- the exact count (rule 17) ---------------------------------------------------------

def test_a_winning_ring_passed_over_stays_on_its_space():
    # Seat 0 (red) holds five red rings; the sixth red would win. It rolls 2 and jumps
    # 21 -> 24 by its 3 bubble (the rulebook's example) onto the red ring: move 1 of 2,
    # not the last, so the ring stays ("you must land on the last space by exact count").
    # Move 2 goes on to 25; the ring is still on 24, no ring is rolled for, and the turn
    # ends without a win.
    game = position([21, 100], [FIVE_RED, [0] * 6], rings=(24, 150, 160, 170, 180, 190))
    play_turn(game, d6(2), [
        Ask(MOVE, 0, 0, T21, 24),
        Ask(MOVE, 0, 0, T24, 25, check=still(0, FIVE_RED, RED, 24)),
        Ask(END, 0, 0, [NOTHING, discard(RED)], NOTHING)])
    assert game.held[0] == FIVE_RED and game.ring_space[RED] == 24 and game.pos == [25, 100]
    assert game.winner == -1 and game.turns == 1 and game.to_move == 1
    assert game.landings == [2, 0]


def test_the_winning_ring_is_taken_by_the_last_move():
    # The same position, a roll of 3: 21 -> 24 (move 1 of 3: the ring stays), 24 -> 21,
    # 21 -> 24 (move 3 of 3, the last: it is collected). Six red: a new red ring is rolled
    # for (4 and 2: space 42) and the player, doing nothing at the end, wins a popsicle.
    game = position([21, 100], [FIVE_RED, [0] * 6], rings=(24, 150, 160, 170, 180, 190))
    play_turn(game, d6(3) + placed(42), [
        Ask(MOVE, 0, 0, T21, 24),
        Ask(MOVE, 0, 0, T24, 21, check=still(0, FIVE_RED, RED, 24)),
        Ask(MOVE, 0, 0, T21, 24, check=still(0, FIVE_RED, RED, 24)),
        Ask(END, 0, 0, [NOTHING, discard(RED)], NOTHING)])
    assert game.held[0] == [6, 0, 0, 0, 0, 0] and game.ring_space[RED] == 42
    assert game.boneyard[RED] == 10 - 6 - 1
    assert (game.winner, game.win_kind, game.decided_by) == (0, 1, 0)


def test_a_ring_that_wins_after_a_discard_needs_the_exact_count():
    # "If you need to collect one more ring to win, even if it is to make a swap or a
    # discard, you must land on the last space by exact count." Seat 0 holds five red and
    # a yellow: a red ring would win once the yellow is discarded. Rolling 2, it warps
    # 60 -> 66 by 2·3 (the rulebook's example) onto the red ring on move 1: it stays.
    # 66 -> 60, and at the end it discards the yellow: five red, no win.
    held = [5, 0, 1, 0, 0, 0]
    game = position([60, 100], [held, [0] * 6], rings=(66, 150, 160, 170, 180, 190))
    play_turn(game, d6(2), [
        Ask(MOVE, 0, 0, T60, 66),
        Ask(MOVE, 0, 0, T66, 60, check=still(0, held, RED, 66)),
        Ask(END, 0, 0, [NOTHING, discard(RED), discard(YELLOW)], discard(YELLOW))])
    assert game.held[0] == FIVE_RED and game.ring_space[RED] == 66 and game.winner == -1
    assert game.boneyard[YELLOW] == 10 - 1 + 0    # the yellow ring back (one on the board)


def test_a_ring_that_wins_after_a_swap_needs_the_exact_count_and_the_swap_wins():
    # Seat 0 holds four red and an orange; seat 1 (orange) holds a red. A fifth red would
    # win with the swap (its orange for seat 1's red), so it is a winning ring. Rolling 3:
    # 21 -> 24 (move 1: stays), 24 -> 21, 21 -> 24 (last: collected, new red on 42). At the
    # end the swap (rule 29) gives six red: "you win the game immediately if a swap gets you
    # the last ring you need" - decided by a swap.
    game = position([21, 100], [[4, 1, 0, 0, 0, 0], [1, 0, 0, 0, 0, 0]],
                    rings=(24, 150, 160, 170, 180, 190))
    play_turn(game, d6(3) + placed(42), [
        Ask(MOVE, 0, 0, T21, 24),
        Ask(MOVE, 0, 0, T24, 21, check=still(0, [4, 1, 0, 0, 0, 0], RED, 24)),
        Ask(MOVE, 0, 0, T21, 24),
        Ask(END, 0, 0, [NOTHING, swap_with(1), discard(RED), discard(ORANGE)], swap_with(1))])
    assert game.held == [[6, 0, 0, 0, 0, 0], [0, 1, 0, 0, 0, 0]]
    assert (game.winner, game.win_kind, game.decided_by, game.swaps) == (0, 1, 2, [1, 0])


def test_the_exact_count_applies_ring_by_ring_as_the_holding_grows():
    # Seat 0 holds four red. Rolling 3, 21 -> 24 lands on a red ring on move 1: five red do
    # not win (nor after a discard or a swap), so it is collected at once (rule 16), and the
    # new red ring rolls 27. Move 2, 24 -> 27 by 3: now the red ring would be the sixth,
    # and move 2 is not the last: it stays. Move 3, 27 -> 26. Five red, no win.
    game = position([21, 100], [[4, 0, 0, 0, 0, 0], [0] * 6], rings=(24, 150, 160, 170, 180, 190))
    play_turn(game, d6(3) + placed(27), [
        Ask(MOVE, 0, 0, T21, 24),
        Ask(MOVE, 0, 0, T24, 27, check=still(0, FIVE_RED, RED, 27)),
        Ask(MOVE, 0, 0, T27, 26, check=still(0, FIVE_RED, RED, 27)),
        Ask(END, 0, 0, [NOTHING, discard(RED)], NOTHING)])
    assert game.held[0] == FIVE_RED and game.ring_space[RED] == 27 and game.winner == -1


def test_a_ring_rolled_onto_the_movers_piece_needs_no_exact_count():
    # Seat 0 holds four red and rolls 2. 21 -> 24 collects the red ring there (the fifth).
    # The new red ring rolls 24 - the mover's own piece: "if the ring lands on a player
    # piece, put it onto the player piece and roll again" (rule 16). It was not landed on,
    # so no exact count (rule 17): six red, and another red is rolled (42). Move 2, 24 -> 25;
    # at the end six red win.
    game = position([21, 100], [[4, 0, 0, 0, 0, 0], [0] * 6], rings=(24, 150, 160, 170, 180, 190))
    play_turn(game, d6(2) + placed(24) + placed(42), [
        Ask(MOVE, 0, 0, T21, 24),
        Ask(MOVE, 0, 0, T24, 25, check=still(0, [6, 0, 0, 0, 0, 0], RED, 42)),
        Ask(END, 0, 0, [NOTHING, discard(RED)], NOTHING)])
    assert game.held[0] == [6, 0, 0, 0, 0, 0] and game.boneyard[RED] == 10 - 6 - 1
    assert (game.winner, game.win_kind) == (0, 1)


@pytest.mark.parametrize("say_fail", ["rest_of_turn", "moves_only"])
def test_a_failed_say_does_not_make_the_move_the_last(say_fail):
    # Say-the-numbers (rule 35) with a learner who always fails: seat 0 (five red) rolls 3
    # and lands on the red ring with its first move. The landing counts, but it is move 1
    # of 3, so the ring stays; the failed say then ends the turn (and with rest_of_turn
    # the end-of-turn action too). No win.
    game = position([21, 100], [FIVE_RED, [0] * 6], rings=(24, 150, 160, 170, 180, 190),
                    say_error=1.0, say_fail=say_fail)
    end = [] if say_fail == "rest_of_turn" else [
        Ask(END, 0, 0, [NOTHING, discard(RED)], NOTHING)]
    play_turn(game, d6(3) + slip(), [Ask(MOVE, 0, 0, T21, 24)] + end)
    assert game.held[0] == FIVE_RED and game.ring_space[RED] == 24 and game.pos[0] == 24
    assert game.winner == -1 and game.turns == 1 and game.landings == [1, 0]


# -- bumping (rules 21-27) ---------------------------------------------------------------

def test_a_bump_a_chain_and_a_follow_in_one_turn():
    # Three players. Seat 0 (red) on 21 rolls 2; seat 1 on 24 holds two orange and a
    # green; seat 2 on 30 holds a red; the blue ring lies on 25.
    # Move 1, 21 -> 24, lands on seat 1: bump (rule 21). Seat 0 takes one of its rings
    # (rule 23: the bumper chooses, here the green) and sends it to a space one move from
    # 24 (rule 22) or rolls for it (option 0): 30 = 24 + 6, a warp. Seat 2 is on 30: the
    # chain bumps it too (rule 26), its only ring (red) comes off, and seat 0 sends it
    # from 30 to 60 (30 + 30); 24 is not offered, the bumper is there.
    # Move 2, 24 -> 30, follows seat 1 (rule 25): bumped again, but no second ring comes
    # off it this turn. Sent to 25 = 30 - 5, it lands on the blue ring and collects it
    # (rule 27); the new blue ring rolls 50. Three bumps, two moves: bumping costs none.
    game = position([21, 24, 30], [[0] * 6, [0, 2, 0, 1, 0, 0], [1, 0, 0, 0, 0, 0]],
                    rings=(100, 110, 120, 130, 25, 140))
    after_first = [24, 30, 60]

    def check(game):
        assert game.pos == after_first and game.bumps == [2, 0, 0]
        assert game.held[1] == [0, 2, 0, 0, 0, 0] and game.held[2] == [0] * 6

    t30_without_24 = [m for m in T30 if m != 24]
    play_turn(game, d6(2) + placed(50), [
        Ask(MOVE, 0, 0, T21, 24),
        Ask(TAKE_RING, 0, 1, [ORANGE, GREEN], GREEN),
        Ask(BUMP_TO, 0, 1, T24 + [RANDOM], 30),
        Ask(TAKE_RING, 0, 2, [RED], RED),
        Ask(BUMP_TO, 0, 2, t30_without_24 + [RANDOM], 60),
        Ask(MOVE, 0, 0, T24, 30, check=check),
        Ask(BUMP_TO, 0, 1, T30 + [RANDOM], 25),
        Ask(END, 0, 0, [NOTHING], NOTHING)])
    assert game.pos == [30, 25, 60] and game.held[1] == [0, 2, 0, 0, 1, 0]
    assert game.held[2] == [0] * 6 and game.ring_space[BLUE] == 50
    assert game.bumps == [3, 0, 0] and game.landings == [2, 0, 0]
    assert game.boneyard[RED] == 10 - 1 and game.boneyard[GREEN] == 10 - 1
    assert game.boneyard[BLUE] == 10 - 1 - 1


def test_a_random_bump_costs_the_bumper_for_double_zero_and_the_own_space():
    # A 30-space board. Seat 0 (two red, an orange) on 21 rolls 1 and lands on seat 1 on
    # 24 (ringless: nothing to take). It rolls for seat 1's new space (rule 24): 0 0, a
    # double zero - seat 0 loses a ring chosen by the bumped player (seat 1 picks the
    # orange) and rolls again; 2 4, seat 1's own space - another ring, the only colour left
    # (red); 4 5, above the board: again at no cost (rule 7); 1 6: seat 1 goes to 16.
    game = position([21, 24], [[2, 1, 0, 0, 0, 0], [0] * 6], rings=(5, 7, 11, 13, 17, 19),
                    board_size=30)
    t21 = [14, 18, 20, 22, 24, 28]          # 42 is off this board
    t24 = [12, 16, 18, 20, 21, 22, 23, 25, 26, 27, 28, 30]
    play_turn(game, d6(1) + placed(0) + placed(24) + placed(45) + placed(16), [
        Ask(MOVE, 0, 0, t21, 24),
        Ask(BUMP_TO, 0, 1, t24 + [RANDOM], RANDOM),
        Ask(LOSE_RING, 1, 0, [RED, ORANGE], ORANGE),
        Ask(LOSE_RING, 1, 0, [RED], RED),
        Ask(END, 0, 0, [NOTHING, discard(RED)], NOTHING)])
    assert game.pos == [24, 16] and game.held[0] == [1, 0, 0, 0, 0, 0]
    assert game.double_zeros == 1 and game.bumps == [1, 0]
    assert game.boneyard[RED] == 10 - 1 - 1 and game.boneyard[ORANGE] == 10 - 1


def test_a_bump_returns_a_colour_that_ran_out_to_the_board():
    # Two rings of each colour; seat 1 holds both green, so no green ring is on the board.
    # Seat 0 rolls 1, lands on seat 1 on 24 and takes a green (its only colour) and bumps
    # it to 25. The green back in the bone yard "is immediately placed on the board"
    # (rule 19): it rolls 13.
    game = position([21, 24], [[0] * 6, [0, 0, 0, 2, 0, 0]], rings=(100, 110, 120, 0, 140, 150),
                    rings_per_colour=2)
    play_turn(game, d6(1) + placed(13), [
        Ask(MOVE, 0, 0, T21, 24),
        Ask(TAKE_RING, 0, 1, [GREEN], GREEN),
        Ask(BUMP_TO, 0, 1, T24 + [RANDOM], 25),
        Ask(END, 0, 0, [NOTHING], NOTHING)])
    assert game.held[1] == [0, 0, 0, 1, 0, 0] and game.ring_space[GREEN] == 13
    assert game.boneyard[GREEN] == 0


# -- rings: double zero and the ten-ring limit (rules 6, 18) -----------------------------

def test_a_double_zero_placing_a_ring_costs_the_mover_a_ring_the_next_player_picks():
    # Three players. Seat 0 (three red, a yellow) rolls 1 and collects the red ring on 24
    # (the last move; four red). Placing the new red ring it rolls 0 0: "you lose a ring
    # from your player piece ... the player whose turn is next chooses" - seat 1, not
    # seat 2 - here a red; then it rolls again: 33.
    game = position([21, 100, 120], [[3, 0, 1, 0, 0, 0], [0] * 6, [0] * 6],
                    rings=(24, 150, 160, 170, 180, 190))
    play_turn(game, d6(1) + placed(0) + placed(33), [
        Ask(MOVE, 0, 0, T21, 24),
        Ask(LOSE_RING, 1, 0, [RED, YELLOW], RED),
        Ask(END, 0, 0, [NOTHING, discard(RED), discard(YELLOW)], NOTHING)])
    assert game.held[0] == [3, 0, 1, 0, 0, 0] and game.ring_space[RED] == 33
    assert game.double_zeros == 1 and game.boneyard[RED] == 10 - 3 - 1


def test_the_ten_ring_limit_on_and_off_the_players_turn():
    # Seat 0 holds ten rings and collects an eleventh (red on 24, its only move): "you must
    # immediately discard one" - it discards an orange. The new red ring rolls 100, seat
    # 1's piece, which also holds ten and it is not its turn: the ring goes back to the bone
    # yard (rule 18) and another is rolled (42). The turn's own discard is still open
    # (rule 30: "otherwise, one ring per turn"): it discards a yellow.
    game = position([21, 100], [[3, 2, 2, 1, 1, 1], [0, 5, 0, 0, 0, 5]],
                    rings=(24, 150, 160, 170, 180, 190))
    play_turn(game, d6(1) + placed(100) + placed(42), [
        Ask(MOVE, 0, 0, T21, 24),
        Ask(DISCARD, 0, 0, [RED, ORANGE, YELLOW, GREEN, BLUE, PURPLE], ORANGE),
        Ask(END, 0, 0, [NOTHING] + [discard(c) for c in range(6)], discard(YELLOW))])
    assert game.held == [[4, 1, 1, 1, 1, 1], [0, 5, 0, 0, 0, 5]]
    assert game.ring_space[RED] == 42 and game.boneyard[RED] == 10 - 4 - 1


# -- the end of the turn and winning (rules 28-33) ---------------------------------------

def test_a_swap_that_completes_another_player_waits_for_their_turn():
    # Seat 0 (an orange ring) rolls 1, moves 21 -> 20 and swaps its orange for seat 1's
    # red (rule 29: seat 1 holds seat 0's colour and seat 0 seat 1's). Seat 1 now holds six
    # orange but "you may only win the game if it is your turn" (rule 32): no winner yet.
    # On its turn it has nothing to do to win, so it does not roll (rule 33): no die drawn.
    game = position([21, 100], [[0, 1, 0, 0, 0, 0], [1, 5, 0, 0, 0, 0]])
    play_turn(game, d6(1), [
        Ask(MOVE, 0, 0, T21, 20),
        Ask(END, 0, 0, [NOTHING, swap_with(1), discard(ORANGE)], swap_with(1))])
    assert game.held == [[1, 0, 0, 0, 0, 0], [0, 6, 0, 0, 0, 0]]
    assert game.winner == -1 and game.to_move == 1 and game.swaps == [1, 0]
    play_turn(game, [], [])
    assert (game.winner, game.win_kind, game.decided_by, game.turns) == (1, 1, 0, 2)
    assert game.landings == [1, 0]


def test_a_win_by_a_swap_needs_no_roll():
    # "If all you need to do to win is to discard or swap a ring, do not roll the six-sided
    # die, just make the discard or swap and you win." Five red and an orange; seat 1 holds
    # a red: the swap wins at once.
    game = position([21, 100], [[5, 1, 0, 0, 0, 0], [1, 0, 0, 0, 0, 0]])
    play_turn(game, [], [])
    assert game.held == [[6, 0, 0, 0, 0, 0], [0, 1, 0, 0, 0, 0]]
    assert (game.winner, game.win_kind, game.decided_by, game.swaps) == (0, 1, 2, [1, 0])
    assert game.landings == [0, 0] and game.pos == [21, 100]
