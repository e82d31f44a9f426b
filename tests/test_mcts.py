"""``mcts-N`` (open-loop UCT, ``cext/common/mcts.pxi`` and its reference ``solver/mcts.py``):
the kernel plays the reference's games, decision for decision, at small budgets; a game is
the same from the same key and differs between keys; a position with one winning move is
won; ties go to the first candidate; So-Soo-Yoo's mcts-16 holds its own against adaptive;
bad budgets are refused in one line, exit 2."""
from __future__ import annotations

import numpy as np
import pytest

from numbergames.analysis.running.chunks import chunk_keys
from numbergames.solver.dice import Stream
from numbergames.solver.registry import find_game

GAMES = {
    # game: (rules values, budgets, games) — small enough for a few tenths of a second each
    "manhome": ({"board_rows": 2, "men_per_player": 2, "men_to_win": 2}, (4, 16), 3),
    # So-Soo-Yoo's reference is slow: games cut off after 8 turns (playouts too)
    "sosooyoo": ({"board_size": 24, "players": 3, "max_turns": 8}, (4,), 1),
    # Shoo's reference greedy is slow: games (and playouts) of 6 moves
    "shoo": ({"max_plies": 6}, (4,), 1),
    # Sumoku's reference plays a greedy game in a tenth of a second, and a simulation is one:
    # no whole games, its first decisions node by node
    "sumoku": ({"hand": 2, "players": 3}, (4,), 0),
}


def _rows(spec, rules, policies, keys):
    fast = spec.play_chunk(rules, policies, keys)
    for i, key in enumerate(keys):
        row = spec.reference(rules, policies, int(key))
        for column in spec.result_keys:
            assert np.array_equal(np.asarray(row[column]), fast[column][i]), (
                f"{spec.name} {policies}: key {int(key)} column {column}")
    return fast


CASES = [(game, budget) for game, (_, budgets, games) in GAMES.items() if games
         for budget in budgets]
DECISIONS = {"sumoku": 2}
"""Decisions compared node by node (default: the whole game)."""
NODE_KEY = {"sumoku": 8}
"""The key of the game compared node by node (default 7; Sumoku's game 7 has no choice)."""


@pytest.mark.parametrize("game, budget", CASES, ids=[f"{g}-mcts-{b}" for g, b in CASES])
def test_kernel_and_reference_play_the_same_games(game, budget):
    spec = find_game(game)
    values, _, games = GAMES[game]
    rules = spec.rules.from_values(dict(values))
    seats = spec.seats(rules)
    # mcts in every seat; where games are cheap, also in seat 0 against the rollout player
    base = spec.players.search[-1].base
    mixed = [[f"mcts-{budget}"] + [base] * (seats - 1)] if game == "manhome" else []
    for policies in [[f"mcts-{budget}"] * seats, *mixed]:
        _rows(spec, rules, policies, chunk_keys(5, 0, games))


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_decision_is_the_references(game):
    """Node by node: at every decision of mcts (the smaller budget) the kernel picks the
    reference's action and the states stay the same."""
    spec = find_game(game)
    values = GAMES[game][0]
    rules = spec.rules.from_values(dict(values))
    seats = spec.seats(rules)
    module = spec.kernel.module()
    key = NODE_KEY.get(game, 7)
    name = f"mcts-{GAMES[game][1][0]}"
    kernel = module.kernel_state(rules, [name] * seats, key)
    reference = spec.new_state(rules)
    decisions = lockstep(kernel, reference, spec.make_player(name, rules), key,
                         module.state_view, DECISIONS.get(game, 1 << 30))
    assert decisions > 0


def lockstep(kernel, reference, player, key, view, decisions):
    """Play the game of ``key`` in both engines until it ends or ``player`` (the
    reference's) has made ``decisions`` choices among two or more actions: at every
    decision the kernel's choice is the reference's, after every action ``view`` of the
    reference equals the kernel's view. The decisions made."""
    from numbergames.solver.decision import CHANCE, TERMINAL
    from numbergames.solver.dice import game_streams

    dice, choices = game_streams(key)
    made = 0
    while reference.current_player() != TERMINAL and made < decisions:
        if reference.current_player() == CHANCE:
            action = reference.draw_chance(dice)
            assert kernel.draw_chance() == action
        else:
            actions = reference.legal_actions()
            action = actions[0] if len(actions) == 1 else player.choose(reference, choices)
            made += len(actions) > 1
            assert kernel.decide() == action
        reference.apply_action(action)
        kernel.apply_action(action)
        assert kernel.view() == view(reference)
    return made


UCT_GAMES = {
    # budget: keys of whole Man Home games (2 rows, 2 men, 2 to win), mcts in every seat
    32: 24, 64: 24,
}
"""Budgets where the tree outgrows the root's few children, so that UCB1 picks the path at
most simulations (at 4 and 16 it seldom does, and 3 games are too few to see it)."""


@pytest.mark.parametrize("budget", sorted(UCT_GAMES))
def test_manhome_uct_walks_the_references_tree(budget):
    """Man Home's mcts-32 and mcts-64, 24 whole games each, kernel = reference: the
    exploration term of UCB1 is the reference's. With the kernel's term subtracted instead
    of added, 14 of the 24 mcts-32 games and 15 of the 24 mcts-64 games differ (the three
    games at mcts-16 of test_kernel_and_reference_play_the_same_games all passed)."""
    spec = find_game("manhome")
    rules = spec.rules.from_values(dict(GAMES["manhome"][0]))
    _rows(spec, rules, [f"mcts-{budget}"] * spec.seats(rules),
          chunk_keys(13, 0, UCT_GAMES[budget]))


UCT_DECISIONS = {
    # game: (budget, keys whose first decision is compared node by node) — a second or two
    # each: Shoo's reference plays its greedy playouts slowly, Sumoku's first decision has
    # sixteen candidates (a budget of 32 walks UCB1 for its second half)
    "shoo": (32, (1,)),
    "sumoku": (32, tuple(range(20, 44))),
}


@pytest.mark.parametrize("game", sorted(UCT_DECISIONS))
def test_uct_decisions_are_the_references(game):
    """Shoo and Sumoku, the first decision of mcts-32 of several keys: the kernel's choice is
    the reference's (So-Soo-Yoo's mcts is sequential halving, without UCB1). With the
    exploration term subtracted in the kernel, Shoo's key 1 differs (and key 2) and Sumoku's
    key 30."""
    spec = find_game(game)
    rules = spec.rules.from_values(dict(GAMES[game][0]))
    seats = spec.seats(rules)
    module = spec.kernel.module()
    budget, keys = UCT_DECISIONS[game]
    name = f"mcts-{budget}"
    for key in keys:
        lockstep(module.kernel_state(rules, [name] * seats, key), spec.new_state(rules),
                 spec.make_player(name, rules), key, module.state_view, 1)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_same_key_plays_the_same_game_and_others_differ(game):
    spec = find_game(game)
    rules = spec.rules.from_values(dict(GAMES[game][0]))
    policies = ["mcts-8"] * spec.seats(rules)
    keys = chunk_keys(3, 0, 6)
    once = spec.play_chunk(rules, policies, keys)
    again = spec.play_chunk(rules, policies, keys)
    for column in spec.result_keys:
        assert np.array_equal(once[column], again[column])
    rows = {tuple(np.concatenate([np.ravel(once[c][i]) for c in spec.result_keys]))
            for i in range(len(keys))}
    if spec.traits.chance:        # (without dice a key only breaks the playouts' ties)
        assert len(rows) > 1


KEY_OF_ONE_WIN = 1


def test_one_winning_move_is_found():
    """Man Home (three men, two to win): the first decision of a random walk where one
    action wins at once and the others do not (key 1: seat 1, one man home and men on 3
    and 10, has three moves and one of them brings its second man Home): mcts-32 of
    both engines takes the winning move."""
    from numbergames.solver.decision import CHANCE, TERMINAL
    from numbergames.solver.dice import game_streams
    from numbergames.solver.manhome.kernel import kernel_state, state_view
    from numbergames.solver.manhome.rules import ManHomeRules
    from numbergames.solver.manhome.state import ManHomeState
    from numbergames.solver.manhome.policies import make_policy

    rules = ManHomeRules(board_rows=2, men_per_player=3, men_to_win=2)
    key = KEY_OF_ONE_WIN
    walk = Stream(99)
    state, kernel = ManHomeState(rules), kernel_state(rules, ["mcts-32"] * 2, key)
    dice, choices = game_streams(key)
    while state.current_player() != TERMINAL:
        seat = state.current_player()
        if seat == CHANCE:
            action = state.draw_chance(dice)
        else:
            actions = state.legal_actions()
            wins = [a for a in actions if state.child(a).returns()[seat] == 1.0]
            if len(actions) > 2 and len(wins) == 1:
                assert make_policy("mcts-32", rules).choose(state, choices) == wins[0]
                assert kernel.decide() == wins[0]
                return
            action = actions[walk.choose(len(actions))]
        state.apply_action(action)
        kernel.apply_action(action)
        assert kernel.view() == state_view(state)
    raise AssertionError("no position with one winning move among several in this game")


@pytest.mark.parametrize("policy", ["mcts-0", "mcts--1", "mcts-x", "mcts-65537", "mcts-1.5"])
def test_bad_budgets_are_refused_in_one_line(policy, capsys, tmp_path, monkeypatch):
    from numbergames.analyze.cli import main

    monkeypatch.chdir(tmp_path)
    with pytest.raises(SystemExit) as stop:
        raise SystemExit(main(["manhome", "--policy", policy, "--sims", "10", "--quiet"]))
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert "mcts-N (N = 1..65536)" in err and err.count("\n") == 1 and "Traceback" not in err
    assert not (tmp_path / "reports").exists()


@pytest.mark.parametrize("game", list(GAMES))
def test_a_search_of_a_finished_game_says_so_in_one_line(game):
    """mcts-N asked to move in a game that is over: one line naming the reason, in both
    engines (the kernel's decide and the reference's choose)."""
    from numbergames.solver.decision import RandomPlayer, play

    spec = find_game(game)
    rules = spec.rules.from_values(dict(GAMES[game][0]))
    seats = spec.seats(rules)
    module = spec.kernel.module()
    state = module.kernel_state(rules, ["mcts-4"] * seats, 3)
    while not state.is_terminal():
        state.apply_action(state.draw_chance() if state.current_player() < 0
                           else state.legal_actions()[0])
    with pytest.raises(ValueError, match="^no legal action to decide: the game is over$"):
        state.decide()
    reference = play(spec.new_state(rules), [RandomPlayer()] * seats, 3)
    with pytest.raises(ValueError, match="^mcts-4 has no legal action to search: the game is "
                                         "over$"):
        spec.make_player("mcts-4", rules).choose(reference, Stream(0))


def test_manhome_rollouts_beyond_the_experts_table(monkeypatch):
    """Man Home's mcts plays its simulations with ``expert`` in every seat, whose table
    holds sides of at most ``SOLITAIRE_CAP`` (4) men on the board; a seat the tree or a
    random opponent gave more (five men a side here) moves as greedy in the simulations.
    Both engines play the same games, and the reference does reach such sides."""
    from numbergames.solver.manhome import policies

    fallbacks = []
    greedy = policies.GreedyPolicy.choose
    monkeypatch.setattr(policies.GreedyPolicy, "choose",
                        lambda self, state, choices: fallbacks.append(1) or greedy(self, state,
                                                                                   choices))
    spec = find_game("manhome")
    rules = spec.rules.from_values({"board_rows": 2, "men_per_player": 5, "men_to_win": 2})
    _rows(spec, rules, ["mcts-4", "random"], chunk_keys(5, 0, 3))
    assert fallbacks


class _OneDecision:
    """A toy game of one decision of three actions by seat 0, then the end: action 1 wins
    for seat 0 when ``one_wins``, else every action is a draw."""

    num_players = 2

    def __init__(self, one_wins: bool) -> None:
        self.one_wins, self.done = one_wins, None

    def current_player(self):
        from numbergames.solver.decision import TERMINAL
        return TERMINAL if self.done is not None else 0

    def legal_actions(self):
        return [] if self.done is not None else [0, 1, 2]

    def apply_action(self, action):
        self.done = action

    def clone(self):
        twin = _OneDecision(self.one_wins)
        twin.done = self.done
        return twin

    def returns(self):
        if self.done is None:
            return [0.0, 0.0]
        if self.one_wins:
            return [1.0, 0.0] if self.done == 1 else [0.0, 1.0]
        return [0.5, 0.5]


def test_ties_go_to_the_first_candidate():
    """Candidates in the heuristic's order [2, 0, 1]: with every action a draw, three
    simulations visit each once and the first candidate is chosen (it was the lowest
    action, 0: So-Soo-Yoo's mcts drifted to the low spaces so); when action 1 wins, 30
    simulations give it most visits and it is chosen; a tree of depth 1, with paired
    simulations or not, is the same bandit here."""
    from numbergames.solver.decision import RandomPlayer
    from numbergames.solver.mcts import MctsPolicy, fresh_streams

    def policy(budget, **options):
        return MctsPolicy(budget, RandomPlayer(), fresh_streams, lambda state: [2, 0, 1],
                          **options)

    assert policy(3).choose(_OneDecision(False), Stream(5)) == 2
    assert policy(30).choose(_OneDecision(True), Stream(5)) == 1
    assert policy(30, max_depth=1).choose(_OneDecision(True), Stream(5)) == 1
    assert policy(30, max_depth=1, paired=True).choose(_OneDecision(True), Stream(5)) == 1


def test_sosooyoo_mcts_holds_its_own_against_adaptive():
    """So-Soo-Yoo, standard rules, two players (kernel): mcts-16 against adaptive, 24 keys
    from each seat. Before the fix mcts-16 won 0 of these 48 games (ties went to the lowest
    space), and 19% of 100 others with the tie-break alone (a noisy pick among near-equal
    moves at each of dozens of decisions a game); the paired bandit that keeps adaptive's
    choice unless clearly beaten wins about half (26 of these 48). The floor is half less
    three standard errors of a share of 48 games (0.5 - 3 * 0.5 / sqrt(48) = 0.28)."""
    spec = find_game("sosooyoo")
    rules = spec.rules.from_values({"players": 2})
    keys = chunk_keys(21, 0, 24)
    won = 0
    for seat in range(2):
        policies = ["adaptive", "adaptive"]
        policies[seat] = "mcts-16"
        won += int(np.sum(spec.play_chunk(rules, policies, keys)["winner"] == seat))
    assert won / 48 >= 0.5 - 3 * 0.5 / np.sqrt(48), won
