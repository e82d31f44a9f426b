"""Random argument lists, variant files and position notations thrown at every command of
every game (hypothesis): the command exits 0 or 2, never with a traceback; on exit 2 it
says why in exactly one line on stderr and writes nothing.

The arguments are drawn from each command's own options (found in the parser, so a new
option is fuzzed too) with values that are mostly wrong — negative, huge, fractional,
non-numeric, empty, control characters, unknown names — plus unknown flags and stray
words; rules assignments with real and made-up names; variant files of TOML-like text,
random bytes, byte-order marks and nesting; position notations mutated from valid ones.
A valid value is a small one, so an example that runs does so in a moment: every command
gets small budgets first (a drawn ``--sims`` comes later and wins). The exact analyses and
`analyze report` are bound to their arguments instead of run, as in tests/test_examples.py
(their work is tested in each game's own tests). In CI (``CI=true``) the examples are
derandomised, so a run there is repeatable; locally every run tries new ones.
"""
from __future__ import annotations

import argparse
import contextlib
import inspect
import io
import os
import tempfile
from pathlib import Path
from unittest import mock

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from numbergames.analyze import cli
from numbergames.studies import overview as overview_module
from numbergames import studies
from numbergames.solver import registry
from numbergames.solver.params import value_text
from numbergames.solver.registry import games

SETTINGS = settings(max_examples=int(os.environ.get("FUZZ_EXAMPLES", 25)), deadline=None,
                    derandomize=os.environ.get("CI") == "true",
                    suppress_health_check=list(HealthCheck))
SMALL = ["--sims", "6", "--search-sims", "1", "--skill-sims", "4", "--whatif-sims", "4",
         "--budgets", "1"]
"""The budgets every fuzzed command starts with (those the command takes)."""

NUMBERS = st.sampled_from(["0", "1", "2", "3", "-1", "-0", "7", "1e3", "2.5", "5.0", "1e99",
                           "inf", "nan", "", " ", "x", "0x10", "1_000", "9" * 60, "½", "٣",
                           "\x1b[31m", "1\n2", "+4", "1e-3", "0.5", "99999999999999999999"])
WORDS = st.sampled_from(["manhome", "sosooyoo", "sumoku", "shoo", "random", "greedy", "expert",
                         "adaptive", "lookahead", "search-1", "search-0", "search-99999",
                         "search-x", "greedy,random", "random,random,random", "tie", "key=5",
                         "a=b", "=", "", "-", "--", "nosuch", "<b>", "../x", "\x00", "é"])
TEXT = st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=12)


def _parsers():
    """Every command's words and its parser."""
    def walk(parser, path):
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                for name, sub in action.choices.items():
                    yield from walk(sub, (*path, name))
        if path:
            yield path, parser
    return dict(walk(cli.build_parser(), ()))


PARSERS = _parsers()
COMMANDS = sorted(path for path, parser in PARSERS.items()
                  if not any(isinstance(a, argparse._SubParsersAction) for a in parser._actions))


def _options(path) -> list[str]:
    return sorted({flag for action in PARSERS[path]._actions for flag in action.option_strings
                   if flag not in ("-h", "--help", "--scheduler")})


def _rules_names() -> list[str]:
    return sorted({name for spec in games().values() for name in spec.rules.parameters()})


ASSIGNMENTS = st.builds(lambda name, value: f"{name}={value}",
                        st.sampled_from(_rules_names() + ["nosuch", "", "players "]),
                        st.one_of(NUMBERS, WORDS, st.sampled_from(
                            ["true", "false", "defender", "attacker", "die", "challenge",
                             "per_line", "lose_move", "draw"])))


@st.composite
def variant_files(draw) -> bytes:
    """A variant file's bytes: TOML-like lines with real and made-up keys, or junk."""
    kind = draw(st.sampled_from(["toml", "bytes", "bom", "nested"]))
    if kind == "bytes":
        return draw(st.binary(max_size=40))
    if kind == "nested":
        depth = draw(st.integers(1, 3000))
        return f"x = {'[' * depth}{']' * depth}\n".encode()
    lines = []
    for _ in range(draw(st.integers(0, 4))):
        key = draw(st.sampled_from(["name", "game", "description", "rules", "speed", "x"]))
        value = draw(st.one_of(NUMBERS.map(lambda v: f'"{v}"'), WORDS.map(repr),
                               st.sampled_from(["3", "true", "[1, 2]", "{a = 1}", '"\\u001b"'])))
        lines.append(f"{key} = {value}")
    if draw(st.booleans()):
        lines.append("[rules]")
        lines += [draw(ASSIGNMENTS).replace("=", " = ", 1) for _ in range(draw(st.integers(0, 3)))]
    text = "\n".join(lines).encode("utf-8", "surrogatepass")
    return (b"\xef\xbb\xbf" + text) if kind == "bom" else text


VALID_NOTATIONS = ["WWW6/WWW6/WWW6/9/9/9/6BBB/6BBB/6BBB b hhhh/hhhhh 0/0 - - - 0",
                   "WWW6/WWW6/WWW6/9/4h4/9/6BBB/6BBB/6BBB w hhhh/hhhh 1/0 - - - 3",
                   "R3 O1 Y6 / . G7 . / . B2 .", "hand: R3 O1 Y6 G7 B2 P4", "solo: hand: R1 O2",
                   "R3 O2 // B2"]


@st.composite
def notations(draw, game: str) -> str:
    """A position of ``game``: a valid one with characters replaced, removed or added, or
    random."""
    if draw(st.sampled_from([True, False, False])):
        return draw(st.text(st.sampled_from("RGBOYPWbwh0123456789./-[]<^: \nhandsolo²٣\x1b"),
                            max_size=60))
    text = list(draw(st.sampled_from([n for n in VALID_NOTATIONS
                                      if (game == "shoo") == n.startswith("WWW")])))
    for _ in range(draw(st.sampled_from([0, 0, 1, 2, 4]))):
        i = draw(st.integers(0, len(text)))
        op = draw(st.sampled_from(["replace", "delete", "insert"]))
        char = draw(st.sampled_from(list("RGBOYPWbwh0123456789./-[]<^: 9\n\x00")))
        if op == "insert" or not text:
            text.insert(i, char)
        elif op == "delete":
            del text[min(i, len(text) - 1)]
        else:
            text[min(i, len(text) - 1)] = char
    return "".join(text)


@st.composite
def arguments(draw, path) -> list[str]:
    """An argument list for the command ``path`` (its words first)."""
    options = _options(path)
    words = list(path)
    for _ in range(draw(st.sampled_from([0, 1, 1, 2, 2, 3, 5]))):
        pick = draw(st.sampled_from(["option"] * 6 + ["set", "stray", "unknown"]))
        if pick == "option" and options:
            flag = draw(st.sampled_from(options))
            words.append(flag)
            action = next(a for a in PARSERS[path]._actions if flag in a.option_strings)
            if action.nargs != 0:
                wrong = st.one_of(NUMBERS, WORDS, TEXT) if flag not in (
                    "--set", "--vary") else ASSIGNMENTS
                right = st.sampled_from(_valid(path, flag))
                words.append(draw(right if draw(st.booleans()) else wrong))
        elif pick == "set" and "--set" in options:
            words += ["--set", draw(ASSIGNMENTS)]
        elif pick == "stray":
            words.append(draw(st.one_of(WORDS, TEXT)))
        else:
            words.append(draw(st.sampled_from(["--nosuch", "-x", "--sim", "--s", "---"])))
    return words


def _valid(path, flag) -> list[str]:
    """Values a user would give ``flag`` of the command ``path``: right for its game."""
    spec = next((games()[w] for w in path if w in games()), None)
    found = {"--players": ["2", "3", "4"], "--seed": ["0", "1", "17"],
             "--out": ["out", "a/b", "reports/x"], "--store": ["s.sqlite", "runs.sqlite"],
             "--precision": ["0.1", "0.5"], "--file": ["-"], "--drop": ["0a1b2c"],
             "--games": [",".join(games()), "manhome"], "--budgets": ["1", "1,2"]}.get(flag)
    if found:
        return found
    if flag == "--policy" and spec is not None:
        return [spec.players.default, *spec.players.fixed, f"{spec.players.default}," * 1]
    if flag in ("--set", "--vary") and spec is not None:
        default = spec.rules()
        return [f"{name}={value_text(getattr(default, name))}"
                for name in spec.rules.parameters()] or ["x=1"]
    return ["1", "2"]


class Bound:
    """The exact analyses and `analyze report` bound to their arguments instead of run."""

    def __init__(self):
        self.load, self.regenerate = studies.ExactAnalysis.load, overview_module.regenerate

    def __enter__(self):
        load, regenerate = self.load, self.regenerate

        def bound_load(analysis):
            real = load(analysis)
            return lambda out, **options: (inspect.signature(real).bind(out, **options),
                                           Path(out))[1]

        studies.ExactAnalysis.load = bound_load
        overview_module.regenerate = lambda out, **options: (
            inspect.signature(regenerate).bind(out, **options), Path(out) / "README.md")[1]
        return self

    def __exit__(self, *exc):
        studies.ExactAnalysis.load, overview_module.regenerate = self.load, self.regenerate


def _tree(folder: Path) -> list[tuple[str, int]]:
    return sorted((p.relative_to(folder).as_posix(), p.stat().st_size if p.is_file() else -1)
                  for p in folder.rglob("*"))


def check(argv: list[str], files: dict[str, bytes] | None = None, stdin: str = "") -> None:
    """Run ``analyze argv`` in a new folder holding ``files``: exit 0, or 2 with one line
    on stderr and nothing written."""
    here = os.getcwd()
    with tempfile.TemporaryDirectory() as folder, Bound():
        root = Path(folder)
        for name, data in (files or {}).items():
            (root / name).write_bytes(data)
        before = _tree(root)
        err = io.StringIO()
        os.chdir(root)
        try:
            with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(err), \
                    mock.patch("sys.stdin", io.StringIO(stdin)):
                status = cli.main(argv)
        finally:
            os.chdir(here)
        message = err.getvalue()
        event(f"exit {status}")
        assert status in (0, 2), (argv, status, message)
        assert "Traceback" not in message, (argv, message)
        if status == 2:
            assert message.count("\n") == 1 and message.endswith("\n"), (argv, message)
            assert _tree(root) == before, (argv, message)


def _with_budgets(path, words) -> list[str]:
    """``words`` with :data:`SMALL` first after the command's words (those it takes)."""
    options = _options(path)
    small = [item for flag, value in zip(SMALL[::2], SMALL[1::2]) if flag in options
             for item in (flag, value)]
    if path[0] not in ("exact", "report", "position"):
        small += ["--workers", "1"] if "--workers" in options else []
    return [*path, *small, *words[len(path):]]


RUNNING = [p for p in COMMANDS if p[0] in games() or p[0] in ("whatif", "skill")]
OTHERS = [p for p in COMMANDS if p not in RUNNING and p[0] != "position"]


@SETTINGS
@given(st.sampled_from(RUNNING).flatmap(lambda path: arguments(path).map(
    lambda words: _with_budgets(path, words))))
def test_game_whatif_and_skill_commands(argv):
    check(argv)


@SETTINGS
@given(st.sampled_from(OTHERS).flatmap(lambda path: arguments(path).map(
    lambda words: _with_budgets(path, words))))
def test_exact_report_runs_compare_and_games(argv):
    check(argv)


@SETTINGS
@given(st.sampled_from([p for p in COMMANDS if p[0] == "position"]).flatmap(
           lambda path: st.tuples(st.just(path), notations(path[1]))),
       st.sampled_from(["argument", "file", "stdin"]),
       st.lists(st.sampled_from([["--set", "key=5"], ["--set", "key=5"], ["--json"],
                                 ["--search", "1"], ["--perft", "2"], ["--search", "0"],
                                 ["--set", "hush=off"], ["--set", "key=die"]]), max_size=3))
def test_position_commands(position, source, extra):
    path, notation = position
    argv = [*path, *(word for pair in extra for word in pair)]
    if source == "argument":
        check(argv + ["--", notation])
    elif source == "file":
        check(argv + ["--file", "p.txt"], {"p.txt": notation.encode("utf-8", "replace")})
    else:
        check(argv + ["--file", "-"], stdin=notation)


@SETTINGS
@given(st.sampled_from(sorted(games())), variant_files(), st.sampled_from(["run", "whatif"]))
def test_variant_files(game, data, command):
    argv = ([game, "--sims", "6", "--workers", "1", "--variant", "v.toml"] if command == "run"
            else ["whatif", game, "--sims", "4", "--workers", "1", "--variant", "v.toml",
                  "--variant", "v.toml"])
    check(argv, {"v.toml": data})
