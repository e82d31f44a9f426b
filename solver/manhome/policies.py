"""Man Home players: each is ``choose(state, stream) -> action`` over
:class:`~numbergames.solver.manhome.state.ManHomeState` (:class:`numbergames.solver.decision.Player`), asked at an
option node (``NEW_MAN`` or ``ACTION``) or a move node (the rolled kind's moves, in canonical
order) where two or more actions are legal; :func:`make_policy` makes them by name.

**Ties** (issue 21: a choice, not an accident of the move list). A Man Home move is a man
and the square it lands on, and every listed entry is a distinct move: a man's primes give
distinct squares (``s - p``, ``s // p``) and no two of a seat's men share a square. So
``random`` draws uniformly among distinct moves (one ``below(2)`` at an option node, one
``choose(n)`` among the moves). ``greedy`` and ``expert`` break ties between moves of equal
score by the lowest action (men ascending, then primes ascending: :func:`_best`),
``search-N`` between candidates of equal wins likewise (new man before action, then moves
in canonical order), ``solitaire`` and ``optimal`` play the one decision their solved
table stores, ``mcts-N`` chooses by its own rule (its entry below; among children of
equal visits, the lowest action), and ``ply-N`` rolls a new man only when its chance is
strictly higher than the action's and takes the first move in canonical order among moves of
equal chance. Dice decide every turn, so no player can repeat a
position at will: ``tests/test_no_loops.py`` finds no game cut off at the turn limit.

``random``
    Exactly the spec's: new man with probability 1/2 when both options are legal
    (one draw ``below(2)`` of the choice stream, 0 = new man); then a uniform pick
    among the legal (man, prime) entries in canonical order.
``greedy``
    A one-ply player with fixed preferences. It rolls a new man while fewer than
    two of its men are on the board, else an action. Among the moves it ranks
    by what the man lands on: Home > an opponent's man (a face-off that may kill)
    > an empty composite square ("safe": no prime to subtract down to 0 next
    time) > an empty prime square > death or its own man (both send a man back
    to the reserve); within a rank, the lower square; then canonical order.
``solitaire``
    The exact optimum of racing alone (:mod:`numbergames.solver.manhome.solitaire`): it plays as if
    no opponent were on the board, minimising its own expected turns to win, among
    policies that keep at most :data:`SOLITAIRE_CAP` men on the board.
``optimal``
    Exact optimal play for two players (:mod:`numbergames.solver.manhome.duel`), for rules small
    enough to solve (:data:`numbergames.solver.manhome.duel.MAX_PAIRS`); the first use solves them,
    from a fraction of a second to minutes.
``search-N``
    Flat Monte Carlo search with a budget of ``N`` playouts per candidate (``search-64``).
    At each decision it tries every candidate (new man, then action; or each legal move
    in canonical order), plays ``N`` games on from there with ``greedy`` in every seat,
    and takes the candidate that won most of them for its seat (the first among equals).
    The ``N`` playouts of a decision share their dice across candidates (common random
    numbers, so candidates are compared on the same luck): one word of the game's
    choice stream starts a SplitMix64 stream whose next ``N`` words are the playouts'
    keys, and playout ``j`` of every candidate uses key ``j`` exactly as a game does
    (its dice stream, and its choice stream salted). A playout starts with the rest of
    the turn under the candidate: a new man or an action rolled on the playout's dice,
    or the chosen move with any face-off rolled on them. Doubling ``N`` gives the
    ladder of search players that ``analyze skill`` measures.
``mcts-N``
    Open-loop UCT with ``N`` simulations a decision (:mod:`numbergames.solver.mcts`, the family every
    game shares), ``expert`` playing out every simulation in every seat (:data:`MCTS_ROLLOUT`);
    each simulation restarts a copy of the game's dice and choice streams from its key. It
    keeps expert's own choice at the root unless the search's (most visits) beats it by more
    than :data:`MCTS_KEEP` standard errors of their mean returns: without that rule the
    search follows noise (a move's mean return over a few hundred simulations differs from
    another's by less than its error) and loses to its own rollout player; with it it is as
    strong as ``expert``, not clearly stronger, and the more simulations the closer it plays
    to ``expert`` (experiments/search-departures/FINDINGS.md). The skill ladder climbs 16,
    64, 256: a game of ``mcts-1024`` costs about half a second, too much for the ladder's
    1,000 games a seat. Matches: experiments/manhome-players/FINDINGS.md,
    reports/manhome/skill/report.md.
``ply-N``
    Expectimax over the next ``N`` turns (extra turns count) on the *race evaluation*
    (:mod:`numbergames.solver.manhome.race`): every seat's chance to win when each side needs the goes
    of its own distribution under the solitaire's optimal policy, independently of the
    others (the race table: ``P(goes <= n)`` of every side of the capped solitaire, n = 1..40,
    2.9 million sides and 223 MB for the standard rules, solved in about 15 s when first used
    and kept in the table cache). Every seat maximises its own chance (new man, or each
    kind's best move; a face-off at the rules' odds), never with more than
    :data:`SOLITAIRE_CAP` men on the board. It aims at the chance to win, not expected goes:
    a side behind takes risks, a side ahead plays safe. Deterministic (no choice stream).
    It keeps the exact value on the solved duels more often than ``expert``
    (reports/manhome-exact/report.md) but beats it on the standard rules by little: the
    game leaves little to skill beyond ``expert`` (on the largest solved duel, 36 squares,
    3 men, exact optimal play beats ``expert`` only 52.7%). Matches and cost:
    experiments/manhome-players/FINDINGS.md; the skill ladder: reports/manhome/skill/report.md.
``adapt-N``
    ``ply-N``'s search on a race table that lets each side adapt: the race table mixed half
    and half with its *envelope* (for every ``n`` on its own the best chance of finishing
    within ``n`` goes; :mod:`numbergames.solver.manhome.race`), a second table of the same size (the
    envelope is solved in about 30 s when first used and kept in the table cache). Off the
    skill ladder (its matches there are not played yet). The envelope's gain is at depth:
    on the largest solved duel ``adapt-4`` keeps the exact value in 0.966 of the decisive
    positions where ``ply-4`` keeps 0.947 (experiments/manhome-leaf/FINDINGS.md, which has
    how the weight was chosen; every duel at depths 1-4: reports/manhome-exact/report.md);
    on the standard rules it is as strong as ``ply-N``, not clearly stronger (matches and
    cost: experiments/manhome-players/FINDINGS.md).
``expert``
    The strongest fixed player we can compute for any number of seats: one-ply expectimax
    on the exact solitaire values. ``T(side)`` is the exact expected number of turns a
    side still needs to win alone (the ``solitaire`` table, at most
    :data:`SOLITAIRE_CAP` men on the board); ``G = T - (men_to_win - home)`` is the
    same in *goes* (a turn that brings a man home earns another, so it is no go),
    ``G = T`` without extra turns. A turn's worth to the player is minus its own
    ``G`` after the turn, plus one go when the turn earns an extra turn (Home, or a
    face-off won as attacker), plus what a kill costs the opponent: the ``G`` of a
    lone man of the opponent on that square against a man in its reserve (with the
    opponent's men home). A face-off counts both outcomes at the rules' odds ``q``.
    It picks the best move (first in canonical order among equals) and rolls a new
    man when the mean worth of the squares a new man may land on beats the mean over
    the three action kinds of the best move each (never with :data:`SOLITAIRE_CAP`
    men on the board). Values are integers (``G`` scaled by ``2**24``) so that both
    engines decide identically. Against ``solitaire``, which ignores opponents, it
    wins about as often from the first seat and more from the second (see RULES.md).
    A side of more men on the board than its table holds (:data:`SOLITAIRE_CAP`), which
    it never makes itself but another player's choices may (mcts's tree, in the
    simulations it plays for every seat), moves as ``greedy``.
"""
from __future__ import annotations

from functools import cache

import numpy as np

from numbergames.solver.decision import RandomPlayer, play
from numbergames.solver.dice import Stream
from numbergames.solver.mcts import FAMILY as MCTS, MAX_BUDGET as MCTS_MAX_BUDGET, MctsPolicy
from numbergames.solver.registry import Players, Search
from numbergames.solver.manhome.state import (ACTION, EMPTY, NEW_MAN, Kind, ManHomeState, Move, Phase,
                                  action_moves)
from numbergames.solver.manhome.rules import DEATH, HOME, PRIME_FACTORS, SQUARES, ManHomeRules
from numbergames.solver.manhome.sides import SideSpace

POLICY_NAMES = ("random", "greedy", "expert", "solitaire", "optimal")
"""The fixed policies every engine knows, in the order of their kernel codes."""
SEARCH = "search"
"""The family of search players: ``search-N`` with ``N`` playouts per candidate."""
MAX_BUDGET = 1 << 16
"""The largest search budget."""
SEARCH_ROLLOUT = "greedy"
"""The policy every seat plays in a ``search-N`` player's playouts."""
MCTS_ROLLOUT = "expert"
"""The policy every seat plays in an ``mcts-N`` player's simulations."""
PLY = "ply"
"""The family of race searches: ``ply-N`` looks ``N`` turns ahead (:mod:`numbergames.solver.manhome.race`)."""
PLY_MAX_DEPTH = 4
"""The deepest ``ply-N`` and ``adapt-N`` (each turn more costs about a hundred times the
last)."""
ADAPT = "adapt"
"""``ply-N``'s search on a race table that lets each side adapt (:mod:`numbergames.solver.manhome.race`,
the envelope): ``adapt-N``."""
MCTS_KEEP = 2
"""``mcts-N`` keeps the rollout player's own choice unless the search's beats it by more than
this many standard errors (:class:`numbergames.solver.mcts.MctsPolicy`'s ``keep``)."""


def parse_policy(name: str) -> tuple[str, int]:
    """``(policy, budget)`` of a policy name: budget 0 for the fixed policies (the game's
    one parser, :meth:`numbergames.solver.registry.Players.parse`); ValueError for an unknown name.

    >>> parse_policy("greedy"), parse_policy("search-64")
    (('greedy', 0), ('search', 64))
    """
    return PLAYERS.parse(name)


VALUE_SCALE = 1 << 24
"""Exact values are rounded to integers of this scale for the expert player."""


class RandomPolicy(RandomPlayer):
    """``random``: uniform over the legal actions (:class:`numbergames.solver.decision.RandomPlayer`):
    at an option node ``choose(2)`` is ``below(2)``, and 0 is the new man."""


def _best(scores: list[int]) -> int:
    """Index of the first highest score."""
    return max(range(len(scores)), key=lambda i: (scores[i], -i))


GREEDY_RANKS = {"home": 4, "fight": 3, "safe": 2, "prime": 1, "back": 0}
"""The greedy player's rank of what a man lands on: Home, an opponent's man, an empty
composite square, an empty prime square, Death or an own man (back to the reserve)."""


class GreedyPolicy:
    name = "greedy"

    def choose(self, state: ManHomeState, choices: Stream) -> int:
        seat = state.to_move
        if state.phase == Phase.OPTION:
            return NEW_MAN if len(state.men[seat]) < 2 else ACTION
        moves = state.moves()
        return state.legal_actions()[_best([self.rank(state, seat, m.target) for m in moves])]

    @staticmethod
    def rank(game: ManHomeState, seat: int, target: int) -> int:
        """A move's score: rank first (:data:`GREEDY_RANKS`), then the lower square."""
        if target == HOME:
            rank = GREEDY_RANKS["home"]
        elif target == DEATH or game.board[target] == seat:
            rank = GREEDY_RANKS["back"]
        elif game.board[target] != EMPTY:
            rank = GREEDY_RANKS["fight"]
        elif len(PRIME_FACTORS[target]) == 1 and PRIME_FACTORS[target][0] == target:
            rank = GREEDY_RANKS["prime"]
        else:
            rank = GREEDY_RANKS["safe"]
        return rank * SQUARES - target


class ExpertPolicy:
    name = "expert"

    def __init__(self, rules: ManHomeRules) -> None:
        self.space, self.goes = expert_table(rules)

    def g(self, home: int, men: list[int]) -> int:
        """Scaled expected goes still needed by a side (0 once it has won)."""
        if home >= self.space.men_to_win:
            return 0
        return int(self.goes[self.space.index(home, sorted(men))])

    def move_worth(self, game: ManHomeState, seat: int, move: Move) -> int:
        """``q_den`` times the worth of a move (see the module docstring)."""
        q_num, q_den = game.rules.attacker_win_chance
        bonus = VALUE_SCALE if game.rules.extra_turn else 0
        home, men = game.home[seat], [s for s in game.men[seat] if s != move.source]
        target = move.target
        if target == HOME:
            return q_den * (bonus - self.g(home + 1, men))
        holder = EMPTY if target == DEATH else game.board[target]
        if target == DEATH or holder == seat:
            return q_den * -self.g(home, men)
        if holder == EMPTY:
            return q_den * -self.g(home, men + [target])
        their = game.home[holder]
        kill = self.g(their, []) - self.g(their, [target])
        return (q_num * (bonus + kill - self.g(home, men + [target]))
                + (q_den - q_num) * -self.g(home, men))

    def new_man(self, game: ManHomeState, seat: int) -> bool:
        """Whether to roll a new man (both options legal)."""
        if len(game.men[seat]) >= self.space.cap:
            return False
        new = sum(self.move_worth(game, seat, Move(-1, t)) for t in range(game.rules.squares))
        best = sum(max(self.move_worth(game, seat, m) for m in action_moves(game.men[seat], kind))
                   for kind in (Kind.SUB_ONE, Kind.SUB_PRIME, Kind.DIV_PRIME))
        # mean over the board's squares against the mean over the three kinds
        return 3 * new > game.rules.squares * best

    def choose(self, state: ManHomeState, choices: Stream) -> int:
        seat = state.to_move
        if state.phase == Phase.OPTION:
            return NEW_MAN if self.new_man(state, seat) else ACTION
        if len(state.men[seat]) > self.space.cap:     # beyond its table: greedy's move
            return GreedyPolicy().choose(state, choices)
        moves = state.moves()
        return state.legal_actions()[_best([self.move_worth(state, seat, m) for m in moves])]


class PlyPolicy:
    """``ply-N``: expectimax over the next ``N`` turns on the race evaluation
    (:class:`numbergames.solver.manhome.race.Race`; module docstring)."""

    family = PLY

    def __init__(self, depth: int, rules: ManHomeRules) -> None:
        from numbergames.solver.manhome.race import Race

        self.name = f"{self.family}-{depth}"
        self.depth = depth
        space, table = self.table(rules)
        self.race = Race(rules, space, table)

    @staticmethod
    def table(rules: ManHomeRules) -> tuple[SideSpace, np.ndarray]:
        """The table the search plays on."""
        return race_table(rules)

    def choose(self, state: ManHomeState, choices: Stream) -> int:
        return self.race.choose(state, self.depth)


class AdaptPolicy(PlyPolicy):
    """``adapt-N``: ``ply-N``'s search on the race table mixed with its envelope (module
    docstring)."""

    family = ADAPT

    @staticmethod
    def table(rules: ManHomeRules) -> tuple[SideSpace, np.ndarray]:
        return adapt_table(rules)


class SearchPolicy:
    """``search-N``: flat Monte Carlo search over ``greedy`` playouts (module docstring)."""

    def __init__(self, budget: int) -> None:
        self.name = f"{SEARCH}-{budget}"
        self.budget = budget
        self.rollout = GreedyPolicy()

    def _keys(self, choices: Stream) -> list[int]:
        stream = Stream(choices.word())
        return [stream.word() for _ in range(self.budget)]

    def _wins(self, state: ManHomeState, seat: int, action: int, keys: list[int]) -> int:
        """Playouts won by ``seat`` after ``action``: playout ``j`` is the game of key ``j``
        played on from there (:func:`numbergames.solver.decision.play`)."""
        rollouts = [self.rollout] * state.num_players
        return sum(play(state.child(action), rollouts, key).winner == seat for key in keys)

    def choose(self, state: ManHomeState, choices: Stream) -> int:
        keys = self._keys(choices)
        actions = state.legal_actions()
        # new man (0) before action (1), moves in canonical order: the first among equals
        return actions[_best([self._wins(state, state.to_move, a, keys) for a in actions])]


SOLITAIRE_CAP = 4
"""The solitaire policy's most men on the board (its table has 2.9 million sides for the
standard rules and is solved in about 12 seconds)."""


class PolicyUnavailable(ValueError):
    """A policy that cannot be used with these rules (one-line message)."""


SOLITAIRE_TABLE_VERSION = 1
"""Raise it when the solitaire solver's values or decisions change: the solved tables kept
on disk (:mod:`numbergames.solver.tablecache`) are then solved again."""


@cache
def _solitaire(board_rows: int, men_per_player: int, men_to_win: int):
    """The solitaire solved for these rules (capped at :data:`SOLITAIRE_CAP` men), from the
    table cache when it holds it (:mod:`numbergames.solver.tablecache`)."""
    from numbergames.solver.manhome.solitaire import SolitaireSolution, solitaire_space, solve_solitaire
    from numbergames.solver.manhome.sides import TIE
    from numbergames.solver.tablecache import cached_arrays

    rules = ManHomeRules(board_rows=board_rows, men_per_player=men_per_player, men_to_win=men_to_win)
    space = solitaire_space(rules, SOLITAIRE_CAP)
    key = {"board_rows": board_rows, "men_per_player": men_per_player,
           "men_to_win": men_to_win, "cap": space.cap, "tie": TIE,
           "version": SOLITAIRE_TABLE_VERSION}

    def solve() -> dict[str, np.ndarray]:
        solved = solve_solitaire(rules, cap=SOLITAIRE_CAP)
        return {"turns": solved.turns, "decisions": solved.decisions,
                "counts": np.array([solved.sweeps, solved.updates]),
                "seconds": np.array(solved.seconds)}

    def sound(arrays) -> bool:
        return (arrays.get("turns", np.empty(0)).shape == (space.size,)
                and arrays["turns"].dtype == np.float64
                and arrays.get("decisions", np.empty(0)).shape == (space.size, 4)
                and arrays["decisions"].dtype == np.uint8 and "counts" in arrays
                and "seconds" in arrays and bool(np.isfinite(arrays["turns"]).all()))

    table = cached_arrays("manhome-solitaire", key, solve, sound)
    sweeps, updates = (int(n) for n in table["counts"])
    return SolitaireSolution(rules, space.cap, space, table["turns"], table["decisions"],
                             sweeps, float(table["seconds"]), updates, solver="kernel")


@cache
def _duel(rules: ManHomeRules):
    from numbergames.solver.manhome.duel import solve_duel

    return solve_duel(rules)


def policy_table(name: str, rules: ManHomeRules):
    """The solved table behind a table policy (``solitaire`` or ``optimal``): an object
    with ``decisions`` (uint8, 4 columns) and ``space`` (the side numbering)."""
    if name == "solitaire":
        return _solitaire(rules.board_rows, rules.men_per_player, rules.men_to_win)
    if name != "optimal":
        raise ValueError(f"{name!r} is not a table policy")
    from numbergames.solver.manhome.duel import check_duel_rules

    try:
        check_duel_rules(rules)
    except ValueError as exc:
        raise PolicyUnavailable(f"policy 'optimal' needs rules it solves exactly: {exc}"
                                ) from None
    # only what changes the game's values: not max_turns
    return _duel(ManHomeRules(board_rows=rules.board_rows, men_per_player=rules.men_per_player,
                              men_to_win=rules.men_to_win, tie=rules.tie,
                              extra_turn=rules.extra_turn))


def expert_table(rules: ManHomeRules) -> tuple[SideSpace, np.ndarray]:
    """The expert's values: (side numbering, scaled expected goes of every side)."""
    return _expert(rules.board_rows, rules.men_per_player, rules.men_to_win, rules.extra_turn)


@cache
def _expert(board_rows: int, men_per_player: int, men_to_win: int,
            extra_turn: bool) -> tuple[SideSpace, np.ndarray]:
    solved = _solitaire(board_rows, men_per_player, men_to_win)
    space = solved.space
    # the men home of every side: sides are numbered home count by home count
    starts = [row[0] for row in space.offsets] + [space.size]
    homes = np.repeat(np.arange(men_to_win), np.diff(starts))
    goes = solved.turns - (men_to_win - homes) if extra_turn else solved.turns
    return space, np.rint(goes * VALUE_SCALE).astype(np.int64)


RACE_TABLE_VERSION = 1
"""Raise it when the race table's numbers change (:mod:`numbergames.solver.tablecache`)."""


def race_table(rules: ManHomeRules) -> tuple[SideSpace, np.ndarray]:
    """The race table of ``ply-N`` (:mod:`numbergames.solver.manhome.race`): (side numbering, uint16
    array of ``P(N <= n)`` scaled, one row a side), from the table cache when it holds it."""
    return _race(rules.board_rows, rules.men_per_player, rules.men_to_win)


@cache
def _race(board_rows: int, men_per_player: int, men_to_win: int) -> tuple[SideSpace, np.ndarray]:
    from numbergames.solver.manhome.race import RACE_COLUMNS, RACE_SCALE
    from numbergames.solver.tablecache import cached_arrays

    solved = _solitaire(board_rows, men_per_player, men_to_win)
    space = solved.space
    key = {"board_rows": board_rows, "men_per_player": men_per_player,
           "men_to_win": men_to_win, "cap": space.cap, "columns": RACE_COLUMNS,
           "scale": RACE_SCALE, "solitaire": SOLITAIRE_TABLE_VERSION,
           "version": RACE_TABLE_VERSION}

    def solve() -> dict[str, np.ndarray]:
        from numbergames.solver.manhome.exact_kernels import race_cdf

        return {"cdf": race_cdf(space, solved.decisions, RACE_COLUMNS, RACE_SCALE)}

    def sound(arrays) -> bool:
        cdf = arrays.get("cdf", np.empty(0))
        return cdf.shape == (space.size, RACE_COLUMNS) and cdf.dtype == np.uint16

    return space, cached_arrays("manhome-race", key, solve, sound)["cdf"]


ENVELOPE_TABLE_VERSION = 1
"""Raise it when the envelope's numbers change (:mod:`numbergames.solver.tablecache`)."""


def race_tables(rules: ManHomeRules) -> tuple[SideSpace, np.ndarray, np.ndarray]:
    """(side numbering, race table ``F``, its envelope ``F*``) of :mod:`numbergames.solver.manhome.race`:
    uint16 arrays of ``P(N <= n)`` scaled, one row a side, from the table cache when it
    holds them."""
    space, cdf = race_table(rules)
    return space, cdf, _envelope(rules.board_rows, rules.men_per_player, rules.men_to_win)


def adapt_table(rules: ManHomeRules) -> tuple[SideSpace, np.ndarray]:
    """The table ``adapt-N`` plays on: (side numbering, the race table mixed with its
    envelope, :func:`numbergames.solver.manhome.race.race_mix`)."""
    return _adapt(rules.board_rows, rules.men_per_player, rules.men_to_win)


@cache
def _adapt(board_rows: int, men_per_player: int, men_to_win: int
           ) -> tuple[SideSpace, np.ndarray]:
    from numbergames.solver.manhome.race import race_mix

    space, cdf = _race(board_rows, men_per_player, men_to_win)
    return space, race_mix(cdf, _envelope(board_rows, men_per_player, men_to_win))


def _envelope(board_rows: int, men_per_player: int, men_to_win: int) -> np.ndarray:
    from numbergames.solver.manhome.race import RACE_COLUMNS, RACE_SCALE
    from numbergames.solver.tablecache import cached_arrays

    space = _race(board_rows, men_per_player, men_to_win)[0]
    key = {"board_rows": board_rows, "men_per_player": men_per_player,
           "men_to_win": men_to_win, "cap": space.cap, "columns": RACE_COLUMNS,
           "scale": RACE_SCALE, "version": ENVELOPE_TABLE_VERSION}

    def solve() -> dict[str, np.ndarray]:
        from numbergames.solver.manhome.exact_kernels import race_cdf

        return {"envelope": race_cdf(space, None, RACE_COLUMNS, RACE_SCALE)}

    def sound(arrays) -> bool:
        envelope = arrays.get("envelope", np.empty(0))
        return envelope.shape == (space.size, RACE_COLUMNS) and envelope.dtype == np.uint16

    return cached_arrays("manhome-envelope", key, solve, sound)["envelope"]


class TablePolicy:
    """Plays the decisions of a solved table (``solitaire`` or ``optimal``)."""

    def __init__(self, name: str, rules: ManHomeRules) -> None:
        self.name = name
        self.table = policy_table(name, rules)

    def row(self, game: ManHomeState, seat: int) -> int:
        space = self.table.space
        mine = space.index(game.home[seat], game.men[seat])
        if self.name == "solitaire":
            return mine
        other = 1 - seat
        return mine * space.size + space.index(game.home[other], game.men[other])

    def choose(self, state: ManHomeState, choices: Stream) -> int:
        row = self.table.decisions[self.row(state, state.to_move)]
        if state.phase == Phase.OPTION:
            return NEW_MAN if row[0] == 1 else ACTION
        return state.legal_actions()[int(row[int(state.kind)])]


POLICIES = {"random": RandomPolicy, "greedy": GreedyPolicy}


def make_policy(name: str, rules: ManHomeRules | None = None):
    """A player by name, ``choose(state, stream) -> action`` (:class:`numbergames.solver.decision.Player`)
    over :class:`~numbergames.solver.manhome.state.ManHomeState` (the registered ``make_player``; the
    table players and the expert need the rules)."""
    if name in POLICIES:
        return POLICIES[name]()
    family, budget = parse_policy(name)
    if family == SEARCH:
        return SearchPolicy(budget)
    rules = rules if rules is not None else ManHomeRules()
    if family == MCTS:
        return MctsPolicy(budget, ExpertPolicy(rules), keep=MCTS_KEEP)
    if family == PLY:
        return PlyPolicy(budget, rules)
    if family == ADAPT:
        return AdaptPolicy(budget, rules)
    return ExpertPolicy(rules) if name == "expert" else TablePolicy(name, rules)


def check(rules: ManHomeRules, policies) -> None:
    """Check, without solving anything, that every policy can play these rules; raises
    PolicyUnavailable."""
    if "optimal" in policies:
        from numbergames.solver.manhome.duel import check_duel_rules

        try:
            check_duel_rules(rules)
        except ValueError as exc:
            raise PolicyUnavailable(f"policy 'optimal' needs rules it solves exactly: "
                                    f"{exc}") from None


def prepare(rules: ManHomeRules, policies) -> None:
    """Check that every policy can play these rules and solve its table now (so that
    worker processes inherit it); raises PolicyUnavailable."""
    check(rules, policies)
    for name in set(policies):
        family, _ = parse_policy(name)
        if family in (SEARCH, *POLICIES):
            continue
        if name == "expert" or family == MCTS:      # mcts plays expert in its simulations
            expert_table(rules)
        elif family == PLY:
            race_table(rules)
        elif family == ADAPT:
            adapt_table(rules)
        else:
            policy_table(name, rules)


PLAYERS = Players(
    fixed=POLICY_NAMES, default="greedy", ladder=("random", "greedy", "expert"),
    search=(Search(SEARCH, base=SEARCH_ROLLOUT, budgets=(4, 8, 16, 32, 64, 128),
                   max_budget=MAX_BUDGET,
                   doc="flat Monte Carlo: N greedy playouts per candidate move"),
            Search(MCTS, base=MCTS_ROLLOUT, budgets=(16, 64, 256),
                   max_budget=MCTS_MAX_BUDGET,
                   doc="open-loop UCT: N simulations a decision, expert playouts; expert's "
                       "own move is kept unless another's mean beats it by two standard "
                       "errors",
                   versus_budget=200),
            Search(PLY, base="expert", budgets=(1, 2), max_budget=PLY_MAX_DEPTH,
                   doc="expectimax over the next N turns on the chance to win of the race "
                       "(the distributions of the goes each side needs alone)"),
            Search(ADAPT, base="expert", max_budget=PLY_MAX_DEPTH,
                   doc="ply-N's expectimax on a race table that lets each side adapt (the "
                       "race table mixed with its envelope); off the ladder")),
    check=check, prepare=prepare)
"""Man Home's players: every engine's names, the parser, checks, the skill ladder."""
