"""Identities that must hold in every So-Soo-Yoo game, under any rules, in both engines.

The checks are written from the rulebook, not from the engines' code: the moves of a
space are found again here by walking the board as the rulebook says (rules 11-14), the
set-up spaces from the dice (rules 5, 8), the exact count from its words (rule 17), the
counters from their definitions (rule 36). Each game is played by the reference engine,
watched at every landing and every turn (:class:`Watched`), and by the kernel, whose
decision trace must be the reference's and is then checked turn by turn (the reference
says where each turn's decisions begin: the trace alone cannot, since a turn won without
rolling may have no decision) together with the kernel's result row and final state.

**Watched in the reference engine, at every landing and turn:**

* the exact count: a ring the mover lands on is collected unless the count is on, the
  move is not the turn's last, and the ring would complete a win (at once, after one
  discard, or after one swap possible then); otherwise it stays on its space (rule 17);
* a turn rolled for makes exactly the die's moves (rule 10), fewer only after a failed
  say-the-numbers (rule 35); a turn is not rolled for exactly when the mover can win at
  once by doing nothing, one swap or one discard (rule 33);
* a player wins only at the end of their own turn, and the game is won at the end of
  every turn in which the mover holds a win (rules 31, 32); nobody else's six wins;
* every ring is accounted for after every landing (board, pieces, bone yard), and at the
  end of a turn no ring lies under a piece (rules 16, 27), where no failed say and no
  stuck bump can leave one there.

**In the kernel's trace, row and final state, turn by turn:**

* the turns go round the seats in order; a rolled turn makes one to six moves, all by
  the seat whose turn it is, each to a space the rulebook allows from where the piece
  stands, and ends with one end-of-turn action (unless a failed say-the-numbers lost it),
  after which only a double zero can still come, placing a ring a discard sent back
  (rules 6, 10-14, 19, 28);
* a move onto another piece is followed by its bump (rule 21: "you must bump it"); a bump
  sends the piece to a space one move from its own, or rolls for it when random bumps are
  on, never onto the bumper (rules 22, 24); no piece loses more than one ring to bumps in
  a turn (rule 23); only the roller loses rings to double zeros and random bumps, chosen
  by the next player or by a piece bumped this turn (rules 6, 24); only the mover
  discards an eleventh ring (rule 18); an end action is nothing, a swap with another
  seat (only when swaps are on) or a discard (rules 28-30);
* the counters are the trace's: each seat's landings are its moves, its spaces the
  different spaces it moved to, its facts those of them that are composite, the distinct
  spaces their union, its swaps its swaps and (with random bumps on, when every bump is
  asked) its bumps its bumps; bumps and swaps are the sums, rounds are turns over seats
  rounded up, decision turns at most the turns;
* a winner is the seat whose turn was last, holds exactly six rings that win, a popsicle
  exactly when six of one colour; ``decided_by`` is 2 exactly when the winning turn ended
  with a swap, and 0 or 3 only when it bumped no piece; without a winner the game ran to
  ``max_turns``;
* every ring is somewhere: on the board, in the bone yard or on a piece; no piece holds
  more than its limit; ``seat_rings`` are the final holdings; no ring under a piece at
  the end (as above).

A corner the rules leave open shows here: a player who wins without rolling by
discarding the last ring of a colour that had run out must place it at once (rule 19);
if it rolls back onto their own piece, or a double zero costs them a ring, they end the
turn without a win (the engines check the win after the placement).
"""
import itertools
from functools import cache

import numpy as np
from hypothesis import given, settings, strategies as st

from numbergames.solver.sosooyoo.kernel import play_chunk
from tests.sosooyoo.kernel_trace import trace_game
from numbergames.solver.decision import play
from numbergames.solver.dice import Stream
from numbergames.solver.sosooyoo.engine import Game
from numbergames.solver.sosooyoo.policies import POLICY_NAMES, make_policy
from numbergames.solver.sosooyoo.rules import SoSooYooRules, seat_of_turn
from numbergames.solver.sosooyoo.state import SoSooYooState
from tests.strategies import rules_values

MOVE, BUMP_TO, TAKE_RING, LOSE_RING, DISCARD, END = range(6)

RULES = rules_values(
    SoSooYooRules, keep=("max_turns",), board_size=st.integers(12, 80),
    say_error=st.sampled_from([0.0, 0.0, 0.2]), ring_limit=st.integers(6, 12),
    rings_per_colour=st.integers(1, 12))
PLAYERS = st.lists(st.sampled_from(POLICY_NAMES), min_size=6, max_size=6)


# -- the rulebook, again -------------------------------------------------------------------

def factors(n: int) -> list[int]:
    out, p = [], 2
    while p * p <= n:
        while n % p == 0:
            out.append(p)
            n //= p
        p += 1
    return out + ([n] if n > 1 else [])


def bubbles(n: int, prime_bubble: bool) -> list[int]:
    """The bubbles of space n: its prime factors; a prime carries itself only when
    ``prime_bubble`` (the spec's reading); space 1 none."""
    f = factors(n)
    return f if len(f) > 1 or prime_bubble else []


def book_moves(n: int, rules: SoSooYooRules) -> set[int]:
    """One move from n as the rulebook says: a simple move to n - 1 or n + 1; a jump by one
    bubble or a warp by two or more to "the next closest space" in either direction that
    carries all the bubbles used (found by walking the board, space by space)."""
    return _book_moves(n, rules.board_size, rules.jumps, rules.warps, rules.prime_bubble)


@cache
def _book_moves(n, size, jumps, warps, prime_bubble):
    out = {m for m in (n - 1, n + 1) if 1 <= m <= size}
    mine = bubbles(n, prime_bubble)
    for k in range(1, len(mine) + 1):
        if (k == 1 and not jumps) or (k > 1 and not warps):
            continue
        for used in set(itertools.combinations(mine, k)):
            for direction in (-1, 1):
                m = n + direction
                while 1 <= m <= size:
                    there = bubbles(m, prime_bubble)
                    if all(there.count(b) >= used.count(b) for b in used):
                        out.add(m)
                        break
                    m += direction
    return frozenset(out)


def is_win(h) -> bool:
    """Exactly six rings: six of one colour or one of each (rule 31)."""
    return sum(h) == 6 and (max(h) == 6 or min(h) == 1)


def completes_win(held, seat: int, colour: int, swaps: bool) -> bool:
    """Whether a ring of ``colour`` would give ``seat`` a win at once, after one discard or
    after one swap possible now (rule 17's "even if it is to make a swap or a discard")."""
    h = list(held[seat])
    h[colour] += 1
    options = [h]
    options += [[x - (c == d) for c, x in enumerate(h)] for d in range(6) if h[d]]
    if swaps:
        for j in range(len(held)):
            if j != seat and h[j] and held[j][seat]:
                options.append([x - (c == j) + (c == seat) for c, x in enumerate(h)])
    return any(is_win(o) for o in options)


def set_up_spaces(rules: SoSooYooRules, key: int) -> list[int]:
    """The pieces' spaces from the game's first dice: d20 tens and d10 units, rolled again
    when 0, above the board or on a piece (rules 5, 8)."""
    dice, pos = Stream(key), []
    while len(pos) < rules.players:
        n = 10 * dice.below(20) + dice.below(10)
        if 1 <= n <= rules.board_size and n not in pos:
            pos.append(n)
    return pos


# -- the reference engine, watched ----------------------------------------------------------

def ends(held, seat, rules):
    """The rings ``seat`` could hold after each end action: nothing, a swap, a discard."""
    h = held[seat]
    yield h
    for j in range(rules.players):
        if rules.swaps and j != seat and h[j] and held[j][seat]:
            yield [x - (c == j) + (c == seat) for c, x in enumerate(h)]
    for d in range(6):
        if h[d]:
            yield [x - (c == d) for c, x in enumerate(h)]


class Watched(Game):
    """The reference game, checked at every landing and every turn (module docstring);
    ``turn_log`` keeps each turn's mover, number of decisions and moves."""

    def __post_init__(self):
        super().__post_init__()
        self.moves = self.passed = 0
        self.turn_log = []

    def land(self, seat, space, last):
        r = self.rules
        rings = [c for c in range(6) if self.ring_space[c] == space]
        held = [list(h) for h in self.held]
        yield from super().land(seat, space, last)
        self.moves += 1
        self.check_rings(r.ring_limit)
        last = self.moves == self.roll       # the die's last move, whatever the engine says
        if len(rings) == 1:                   # (shared spaces collect in colour order)
            c = rings[0]
            stays = r.exact_count and not last and completes_win(held, seat, c, r.swaps)
            assert (self.ring_space[c] == space) == stays, (space, c, last, held[seat])
            self.passed += stays

    def play_turn(self):
        mover, decided = self.to_move, len(self.trace)
        start = [list(h) for h in self.held]
        self.moves = 0
        yield from super().play_turn()
        roll = self.roll                      # the moves die's chance node, if rolled
        self.turn_log.append((mover, len(self.trace) - decided, self.moves))
        can_win = any(is_win(o) for o in ends(start, mover, self.rules))
        # no die exactly when the mover can win at once without it (rule 33)
        assert (self.moves == 0) == (self.rules.no_roll_win and can_win)
        if self.moves and self.rules.say_error == 0:
            assert self.moves == roll         # exactly the die's moves (rule 10)
        elif self.moves:
            assert self.moves <= roll
        # only the mover can win, and it wins exactly when it holds a win now
        assert self.winner == (mover if is_win(self.held[mover]) else -1)
        # no ring lies under a piece: a ring landed on, bumped onto or rolled onto is
        # collected (rules 16, 27), but for a ring left by the exact count (rule 17) that
        # a failed say-the-numbers, or a bump with nowhere to go, may leave a piece on
        if not rings_may_lie_under_pieces(self.rules):
            assert not set(self.pos) & (set(self.ring_space) - {0})


def rings_may_lie_under_pieces(rules):
    return not rules.bumped_collects or not rules.random_bumps or rules.say_error > 0


def watched_game(rules, names, key):
    game = Watched(rules, trace=[])
    play(SoSooYooState(rules, game=game), [make_policy(n, rules) for n in names], key)
    assert game.winner >= 0 or game.turns == rules.max_turns
    return game


# -- the kernel, turn by turn ------------------------------------------------------------------

def check_kernel(rules, names, key, game):
    """The kernel's game with this key: the reference's decisions, then every identity of
    the module docstring on its trace (cut into the reference's turns), row and state."""
    trace, final = trace_game(rules, names, key)
    trace = trace.tolist()
    assert trace == [list(step) for step in game.trace]
    part = play_chunk(rules, names, np.array([key], dtype=np.uint64))
    row = {k: np.asarray(v)[0].tolist() for k, v in part.items()}
    n = rules.players
    pos = set_up_spaces(rules, key)
    known = [True] * n                        # a random bump hides a piece's new space
    landed = [[] for _ in range(n)]
    bumps, swaps = [0] * n, [0] * n
    turns, at = [], 0
    for t, (mover, count, _) in enumerate(game.turn_log):
        steps = trace[at:at + count]
        at += count
        turns.append(steps)
        assert mover == seat_of_turn(rules.order, n, t)         # seats in order
        moves = [s for s in steps if s[0] == MOVE]
        if not moves:                         # won without rolling, or lost its win
            assert rules.no_roll_win and all(s[0] == LOSE_RING for s in steps)
            continue
        assert len(moves) <= 6 and steps[0][0] == MOVE
        ends_at = [i for i, s in enumerate(steps) if s[0] == END]
        assert len(ends_at) <= 1
        if rules.say_error == 0:
            assert len(ends_at) == 1
        if ends_at:              # the last decision, but for double zeros placing a ring
            after = steps[ends_at[0] + 1:]    # that a discard sent back (rules 6, 19)
            assert all(s[0] == LOSE_RING for s in after)
            assert not after or steps[ends_at[0]][3] >= 7
        taken, bumped = set(), set()
        for i, (d, chooser, subject, option) in enumerate(steps):
            if d == MOVE:
                assert chooser == subject == mover
                if known[mover]:
                    assert option in book_moves(pos[mover], rules), (pos[mover], option)
                pos[mover], known[mover] = option, True
                landed[mover].append(option)
                victims = [s for s in range(n) if s != mover and known[s] and pos[s] == option]
                rest = [x for x in steps[i + 1:] if x[0] != DISCARD]
                if all(known) and rules.random_bumps:   # (then every bump is asked)
                    if victims:                         # rule 21: it must be bumped
                        assert rest and rest[0][0] in (TAKE_RING, BUMP_TO)
                        assert rest[0][2] in victims
                    else:
                        assert not rest or rest[0][0] not in (TAKE_RING, BUMP_TO)
            elif d == BUMP_TO:
                assert chooser == mover and subject != mover
                bumps[mover] += 1
                bumped.add(subject)
                if option == 0:
                    assert rules.random_bumps
                    known[subject] = False
                else:
                    assert option != pos[mover]
                    if known[subject]:
                        assert option in book_moves(pos[subject], rules)
                    pos[subject], known[subject] = option, True
            elif d == TAKE_RING:
                assert chooser == mover and subject != mover and subject not in taken
                taken.add(subject)
                bumped.add(subject)
            elif d == LOSE_RING:
                assert subject == mover
                assert chooser == (mover + 1) % n or chooser in bumped
                assert "lose_ring" in (rules.double_zero, rules.random_bump_own_space)
            elif d == DISCARD:
                assert chooser == subject == mover
            else:
                assert chooser == subject == mover
                if 1 <= option <= 6:                            # a swap with seat j
                    j = option - 1
                    assert rules.swaps and j != mover and j < n
                    swaps[mover] += 1
                else:                                           # nothing, or a discard
                    assert option == 0 or 7 <= option <= 12
    assert at == len(trace) and len(turns) == row["turns"]
    if row["winner"] >= 0 and not any(s[0] == MOVE for s in turns[-1]) and row["decided_by"] == 2:
        swaps[row["winner"]] += 1             # a swap that won without rolling is no decision
    # the counters
    assert row["seat_landings"] == [len(x) for x in landed]
    assert row["seat_spaces"] == [len(set(x)) for x in landed]
    assert row["seat_facts"] == [sum(len(factors(m)) > 1 for m in set(x)) for x in landed]
    assert row["distinct_spaces"] == len(set().union(*map(set, landed)))
    assert row["seat_swaps"] == swaps and row["swaps"] == sum(swaps)
    assert row["bumps"] == sum(row["seat_bumps"])
    if rules.random_bumps:                    # else a piece with nowhere to go is not asked
        assert row["seat_bumps"] == bumps
    assert row["rounds"] == -(-row["turns"] // n)
    assert row["decision_turns"] <= row["turns"]
    # the rings
    held = final["held"]
    for c in range(6):
        assert (sum(h[c] for h in held) + final["boneyard"][c] + (final["ring_space"][c] != 0)
                == rules.rings_per_colour)
    assert row["seat_rings"] == [sum(h) for h in held]
    assert all(sum(h) <= rules.ring_limit for h in held)
    if not rings_may_lie_under_pieces(rules):
        assert not set(final["pos"]) & (set(final["ring_space"]) - {0})
    # the end
    w = row["winner"]
    assert w == final["winner"] == game.winner and row["turns"] == final["turns"]
    if w < 0:
        assert row["turns"] == rules.max_turns and row["win_kind"] == row["decided_by"] == 0
        return
    assert (w == seat_of_turn(rules.order, n, row["turns"] - 1) and is_win(held[w])
            and row["seat_rings"][w] == 6)
    assert row["win_kind"] == (1 if max(held[w]) == 6 else 2)
    last = turns[-1]
    swapped = any(s[0] == END and 1 <= s[3] <= 6 for s in last)
    if not any(s[0] == MOVE for s in last):  # won without rolling: no bump (a double zero
        assert row["decided_by"] in (0, 2, 3)  # may come placing a discarded ring)
        return
    assert (row["decided_by"] == 2) == swapped
    if row["decided_by"] in (0, 3):
        assert not any(s[0] in (BUMP_TO, TAKE_RING) for s in last)
    if row["decided_by"] == 1 and rules.random_bumps:
        assert any(s[0] == BUMP_TO for s in last)


# -- the games ---------------------------------------------------------------------------------

@settings(max_examples=50, deadline=None)
@given(values=RULES, key=st.integers(0, 2**64 - 1), names=PLAYERS)
def test_any_rules_any_players(values, key, names):
    rules = SoSooYooRules(max_turns=60, **values)
    names = names[:rules.players]
    check_kernel(rules, names, key, watched_game(rules, names, key))


def test_the_real_board():
    # the standard rules, strategic players: every game is won, every identity holds
    rules = SoSooYooRules(max_turns=400)
    names = ["adaptive", "rainbow", "popsicle", "adaptive"]
    for key in np.random.PCG64(11).random_raw(20).tolist():
        game = watched_game(rules, names, key)
        check_kernel(rules, names, key, game)
        assert game.winner >= 0


def test_games_where_the_exact_count_matters():
    # popsicle players on the smallest board: the winning ring is often passed over (some
    # twenty times in these games), and every such landing is checked
    rules = SoSooYooRules(board_size=12, players=2, max_turns=200)
    passed = 0
    for key in range(60):
        game = watched_game(rules, ["popsicle"] * 2, key)
        check_kernel(rules, ["popsicle"] * 2, key, game)
        assert game.winner >= 0
        passed += game.passed
    assert passed >= 10
