"""The kernels' decisions are the reference engines', node by node — one differential suite
over every registered game, through the decision API in C (``cext/common/decisions.pxi``,
each kernel's ``KernelState``) and in Python (``solver/<game>/state.py``):

* random walks from the start: at every node both engines name the same player and give
  the same legal actions (or chance outcomes, with the same probabilities); at a chance node
  both draw the same outcome from the game's dice stream; after every action both states
  are the same (``solver.<game>.kernel.state_view`` of the reference state equals the
  kernel's ``view()``); at the end the same returns and the same result row;
* every player, move by move: at each decision the kernel's player picks what the reference
  player picks from the same choice stream;
* each game's variants and seatings, given as data in ``tests/<game>/cases.py``
  (``DIFFERENTIAL``: blocks of rules overrides, seatings and games per case), walked the
  same way with each seat's player deciding, and the rows of the kernel's ``play_chunk``
  for the same keys;
* the decision-sequence counts to depth d (perft, ``tests/data/decision_counts.json``, the
  table the reference engines are checked against in ``tests/test_decision_api.py``),
  counted in C.

Each game's kernel module (the module of its registered ``kernel``) gives
``kernel_state(rules, policies, key)`` and ``state_view(reference_state)``.
"""
from __future__ import annotations

import importlib
import json
import math
import zlib
from pathlib import Path

import numpy as np
import pytest

from numbergames.solver.decision import CHANCE, TERMINAL, count_sequences
from numbergames.solver.dice import Stream, game_streams
from numbergames.solver.kernel_rows import split
from numbergames.solver.registry import games

HERE = Path(__file__).parent
SPECS = games()
WALK_SALT = 0x5DEECE66D
"""The random walks' actions come from a stream of the key and this salt."""


def kernel_module(spec):
    return spec.kernel.module()


def variants(spec) -> list[dict]:
    """The game's small rules, its default rules and, where it allows several numbers of
    players, the most it allows."""
    out = [dict(spec.small_rules), {}]
    low, high = spec.traits.players
    if "players" in spec.rules.parameters() and high > low:
        out.append({**spec.small_rules, "players": high})
    return out


WALKS = [(name, values) for name, spec in SPECS.items() for values in variants(spec)]
KEYS = (1, 2, 3)
FULL_SIZE_NODES = 400
"""Nodes of the one walk under a game's default rules (its ends: the small rules' walks)."""


def _pair(spec, values, policies, key):
    module = kernel_module(spec)
    rules = spec.rules.from_values(values)
    players = spec.seats(rules)
    policies = list(policies) * players if len(policies) == 1 else list(policies)
    return rules, spec.new_state(rules), module.kernel_state(rules, policies, key), module


def _same_node(reference, kernel, module, where, outcomes=None):
    """The same node in both engines (``where()``: a failure's message); at a chance node
    the same outcomes with the same probabilities (given a set ``outcomes``, only for a list
    of the kernel's not in it yet, then added: the reference's probabilities are slow to
    compute and depend on the kind of the draw, not on the rest of the state)."""
    player = reference.current_player()
    assert kernel.current_player() == player, where()
    assert kernel.view() == module.state_view(reference), where()
    if player == TERMINAL:
        return player, []
    actions = reference.legal_actions()
    assert kernel.legal_actions() == actions, where()
    if player == CHANCE:
        ours = kernel.chance_outcomes()
        if outcomes is not None and tuple(ours) in outcomes:
            return player, actions
        theirs = reference.chance_outcomes()
        assert [o for o, _ in ours] == [o for o, _ in theirs], where()
        assert all(math.isclose(p, q, rel_tol=1e-12)
                   for (_, p), (_, q) in zip(ours, theirs)), where()
        if outcomes is not None:
            outcomes.add(tuple(ours))
    return player, actions


def _same_end(spec, rules, reference, kernel, where):
    assert kernel.returns() == pytest.approx(reference.returns()), where
    players = spec.seats(rules)
    ours = split(spec, kernel.row()[None, :], players)
    theirs = reference.row()
    for name in spec.result_keys:
        assert np.asarray(ours[name][0]).tolist() == np.asarray(theirs[name]).tolist(), \
            (where, name)


def _walk_together(spec, rules, reference, kernel, module, key, pick, label, nodes=None,
                   check=None, outcomes=None):
    """Play both engines side by side from the game of ``key``: at a chance node both draw
    from the game's dice stream, at a decision ``pick(seat, actions, where)`` (which may
    check the kernel's own choice; ``where()`` is a failure's message) gives the action;
    every node and the end are compared (the first ``nodes`` nodes only, when given;
    ``check(node, where)``, when given, at every node before its action; ``outcomes``:
    :func:`_same_node`'s)."""
    dice, _ = game_streams(key)
    node = 0

    def where():   # the node's text, made only for a failure's message (it costs)
        return f"{label}, key {key}, node {node}:\n{reference}"

    while True:
        player, actions = _same_node(reference, kernel, module, where, outcomes)
        if player == TERMINAL:
            break
        if nodes is not None and node == nodes:
            return
        if check is not None:
            check(node, where)
        if player == CHANCE:
            action = reference.draw_chance(dice)
            assert kernel.draw_chance() == action, where()
        else:
            action = pick(player, actions, where)
        reference.apply_action(action)
        kernel.apply_action(action)
        node += 1
    _same_end(spec, rules, reference, kernel, f"{label}, key {key}")


@pytest.mark.parametrize("name, values", WALKS, ids=[f"{n}-{v}" for n, v in WALKS])
def test_random_walks_visit_the_same_nodes(name, values):
    spec = SPECS[name]
    # the full-size rules' random games are long (So-Soo-Yoo's thousands of nodes): the
    # first FULL_SIZE_NODES nodes of one of them; the small rules' walks, three whole games
    for key in KEYS if values else KEYS[:1]:
        rules, reference, kernel, module = _pair(spec, values, [spec.players.default], key)
        walk = Stream(key ^ WALK_SALT)
        _walk_together(spec, rules, reference, kernel, module, key,
                       lambda seat, actions, where: actions[walk.choose(len(actions))], "walk",
                       None if values else FULL_SIZE_NODES)


def _player_cases():
    cases = []
    for name, spec in SPECS.items():
        names = [*spec.players.fixed, *(f"{s.name}-1" for s in spec.players.search)]
        cases += [(name, player) for player in names]
    return cases


PLAYERS = _player_cases()


@pytest.mark.parametrize("name, player", PLAYERS, ids=[f"{n}-{p}" for n, p in PLAYERS])
def test_every_player_decides_as_the_reference_does(name, player):
    spec = SPECS[name]
    values = dict(spec.small_rules)
    for key in KEYS[:2]:
        rules, reference, kernel, module = _pair(spec, values, [player], key)
        seats = [spec.make_player(player, rules) for _ in range(spec.seats(rules))]
        _, choices = game_streams(key)

        def pick(seat, actions, where):
            action = (actions[0] if len(actions) == 1
                      else seats[seat].choose(reference, choices))
            assert kernel.decide() == action, where()
            return action

        _walk_together(spec, rules, reference, kernel, module, key, pick, player)


def game_cases(name):
    """The module ``tests/<name>/cases.py``: the game's variants and seatings for
    :func:`test_variants_and_seatings_play_the_same_games` (None: the game has none)."""
    try:
        return importlib.import_module(f"tests.{name}.cases")
    except ModuleNotFoundError as missing:
        if missing.name != f"tests.{name}.cases" and missing.name != f"tests.{name}":
            raise
        return None


def _variant_id(values):
    return ",".join(f"{k}={x}" for k, x in values.items()) or "standard"


def _variant_cases():
    """Each game's blocks of ``DIFFERENTIAL`` (its ``cases.py``): every variant of a block
    with every seating of it, played ``keys`` games (a number, or by player: the seating's
    smallest), optionally with the decision-sequence counts to ``counts["depth"]`` compared
    at the nodes ``counts["nodes"]``."""
    cases = []
    for name in SPECS:
        module = game_cases(name)
        for block in getattr(module, "DIFFERENTIAL", ()):
            for values in block["variants"]:
                for seating in block["seatings"]:
                    label = f"{name}-{_variant_id(values)}-{'-'.join(seating)}"
                    cases.append(pytest.param(name, values, tuple(seating), block, id=label))
    ids = [case.id for case in cases]
    assert len(set(ids)) == len(ids), "two differential cases of the same id"
    return cases


VARIANT_CASES = _variant_cases()


def test_every_game_with_a_kernel_gives_its_differential_cases():
    assert [n for n, s in SPECS.items() if s.kernel is not None
            and not getattr(game_cases(n), "DIFFERENTIAL", None)] == []


@pytest.mark.parametrize("name, values, seating, block", VARIANT_CASES)
def test_variants_and_seatings_play_the_same_games(request, name, values, seating, block):
    """The game of each key node by node in both engines, each seat's player deciding: the
    same node, view, player, legal actions (chance outcomes and their probabilities), dice
    draws and decisions, the same returns and result row — the kernel state's and
    ``play_chunk``'s — and whatever the game's ``same_end`` compares besides."""
    spec = SPECS[name]
    module, cases = kernel_module(spec), game_cases(name)
    values = dict(values)
    if ("players" in spec.rules.parameters() and "players" not in values
            and len(seating) > 1):
        values["players"] = len(seating)       # one seat per name
    rules = spec.rules.from_values(values)
    names = [seating[s % len(seating)] for s in range(spec.seats(rules))]
    keys = block["keys"]
    count = keys if isinstance(keys, int) else min(keys[player] for player in seating)
    seed = zlib.crc32(request.node.callspec.id.encode())
    batch = np.random.PCG64(seed).random_raw(count)
    counts = block.get("counts", {"nodes": (), "depth": 0})
    rows, outcomes = [], set()
    for key in map(int, batch):
        reference = spec.new_state(rules)
        kernel = module.kernel_state(rules, names, key)
        players = [spec.make_player(player, rules) for player in names]
        _, choices = game_streams(key)

        def pick(seat, actions, where):
            action = (actions[0] if len(actions) == 1
                      else players[seat].choose(reference, choices))
            assert kernel.decide() == action, where()
            return action

        def check(node, where):
            if node in counts["nodes"]:
                assert kernel.count_sequences(counts["depth"]) == count_sequences(
                    reference, counts["depth"]), where()

        _walk_together(spec, rules, reference, kernel, module, key, pick, name, check=check,
                       outcomes=outcomes)
        if hasattr(cases, "same_end"):
            cases.same_end(rules, reference, kernel)
        rows.append(reference.row())
    fast = spec.play_chunk(rules, names, batch)
    for i, row in enumerate(rows):
        for column in spec.result_keys:
            assert np.asarray(row[column]).tolist() == fast[column][i].tolist(), (
                int(batch[i]), column)


COUNTS = HERE / "data" / "decision_counts.json"
RECORDED = [c for c in json.loads(COUNTS.read_text()) if c["game"] in SPECS]


@pytest.mark.parametrize("case", RECORDED, ids=[f"{c['game']}-{c['rules']}-key{c['from_key']}-"
                                                f"d{c['depth']}" for c in RECORDED])
def test_decision_counts_in_the_kernel(case):
    spec = SPECS[case["game"]]
    module = kernel_module(spec)
    rules = spec.rules.from_values(case["rules"])
    key = case["from_key"]
    kernel = module.kernel_state(rules, [spec.players.default] * spec.seats(rules),
                                 0 if key is None else key)
    if key is not None:
        while kernel.current_player() == CHANCE:
            kernel.apply_action(kernel.draw_chance())
    assert kernel.count_sequences(case["depth"]) == case["count"]


def test_kernel_states_are_independent_clones():
    for name, spec in SPECS.items():
        rules, reference, kernel, module = _pair(spec, dict(spec.small_rules),
                                                 [spec.players.default], 5)
        walk = Stream(5)
        for _ in range(12):
            if kernel.is_terminal():
                break
            twin = kernel.clone()
            before = twin.view()
            actions = kernel.legal_actions()
            kernel.apply_action(actions[walk.choose(len(actions))])
            assert twin.view() == before, name


def test_kernel_states_refuse_illegal_actions():
    for name, spec in SPECS.items():
        _, _, kernel, _ = _pair(spec, dict(spec.small_rules), [spec.players.default], 5)
        with pytest.raises(ValueError):
            kernel.apply_action(-7)
