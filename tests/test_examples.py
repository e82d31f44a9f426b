"""Every example in every `--help` and in the README runs.

The examples are collected, not listed here: from the epilog of every command and
subcommand of the parser (``example: ...; ...``) and from the README — its ``sh`` blocks,
its inline ``analyze ...`` commands that are not templates (``GAME``, ``<notation>``,
``A B``), and its Python block. Each runs in process, in a folder of its own, as written
except:

* budgets are cut to a few games (``--sims``, ``--search-sims``, ``--skill-sims`` and
  ``--whatif-sims`` of the command, given or not; ``--openspiel`` where given), so the
  whole test takes seconds;
* the placeholders an example needs are supplied: a Dask scheduler on this machine for
  ``HOST:8786``, the variant files an example names (written with valid rules), and the
  runs that `analyze compare` compares (played first, as the README's worked example does);
* the exact analyses and `analyze report` (minutes to hours) run everything up to their
  work — every option parsed and checked, the rules built — and then the analysis's own
  function is bound to those arguments instead of called (its work is tested in each
  game's own tests of it).

An example that fails as a user would run it (an unknown player, a wrong number of players,
an option the command does not take) fails here with the command and its error.
"""
from __future__ import annotations

import argparse
import inspect
import re
import shlex
from pathlib import Path

import pytest

from numbergames.analyze import cli
from numbergames.studies import overview as overview_module
from numbergames import studies
from numbergames.solver import registry
from tests.examples import example_specs

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")

SMALL = {"--sims": "24", "--search-sims": "2", "--skill-sims": "12", "--whatif-sims": "24"}
"""The budgets every example runs with."""
SMALL_GIVEN = {"--openspiel": "2", "--search": "2", "--perft": "2"}
"""Budgets cut only where an example gives them: games a seat against OpenSpiel's MCTSBot
(100 in the README's example, 40 seconds), the depth of a position's search and perft (a
Shoo search to depth 8 and perft 3, 34 CPU seconds)."""
TEMPLATE = re.compile(r"^[A-Z][A-Z0-9_]*$|[<>\[\]|]|\.\.\.")
"""A word of a template, not of a command: ``GAME``, ``<game>``, ``[ANALYSIS]``, ``a | b``."""


def _parsers(parser, path=()):
    """Every parser and subparser with its command words."""
    yield path, parser
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                yield from _parsers(sub, (*path, name))


def help_examples() -> list[str]:
    """Each help's example line: one command, or several run one after the other."""
    found = []
    for path, parser in _parsers(cli.build_parser()):
        epilog = parser.epilog() if callable(parser.epilog) else parser.epilog or ""
        for line in epilog.splitlines():
            match = re.match(r"examples?: (.*)", line.strip())
            if match:
                found.append(re.sub(r"\s*\([^)]*\)\s*$", "", match.group(1)))  # a remark
    return found


def _commands(block: str) -> list[str]:
    """The ``analyze`` commands of a README ``sh`` block, comments and installs left out."""
    found = []
    for line in block.splitlines():
        command = line.split("  #")[0].split("&&")[-1].strip()
        if command.startswith("analyze "):
            found.append(command)
    return found


WORKED = _commands(re.search(r"## A worked example.*?```sh\n(.*?)```", README, re.S).group(1))
"""The README's worked example: the two runs its `analyze runs` and `compare` lines use."""


def readme_examples() -> list[str]:
    """Each ``sh`` block of the README as one sequence (``; ``-joined), after the worked
    example when it lists or compares stored runs; then every inline command."""
    found = []
    for block in re.findall(r"```sh\n(.*?)```", README, re.S):
        commands = _commands(block)
        if any(c.startswith(("analyze runs", "analyze compare")) for c in commands):
            commands = WORKED + commands
        if commands:
            found.append("; ".join(commands))
    for span in re.findall(r"`(analyze [^`]+)`", README.replace("\n", " ")):
        words = shlex.split(span)
        mention = len(words) == 2 and _needs_more(words[1])   # "`analyze whatif` asks ..."
        if not mention and not any(TEMPLATE.search(word) for word in words[1:]):
            found.append(" ".join(shlex.quote(w) for w in words))
    return list(dict.fromkeys(found))


def _needs_more(command: str) -> bool:
    """Whether ``analyze <command>`` takes a positional argument (a game): alone, its name is
    a mention in the README's prose, not an example."""
    parsers = dict(_parsers(cli.build_parser()))
    return any(not action.option_strings and action.required
               for action in parsers[(command,)]._actions)


def _accepts(argv: list[str], flag: str) -> bool:
    """Whether the command of ``argv`` takes ``flag``."""
    found = {path: parser for path, parser in _parsers(cli.build_parser())}
    words = tuple(w for w in argv if not w.startswith("-"))
    command = max((path for path in found if words[:len(path)] == path), key=len)
    return any(flag in action.option_strings for action in found[command]._actions)


def shrunk(argv: list[str]) -> list[str]:
    """``argv`` with the budgets of :data:`SMALL` (added where the command takes them)."""
    out = list(argv)
    for flag, value in SMALL.items():
        if flag in out:
            out[out.index(flag) + 1] = value
        elif _accepts(out, flag) and out[0] not in ("exact", "report"):
            out += [flag, value]
    for flag, value in SMALL_GIVEN.items():
        if flag in out:
            out[out.index(flag) + 1] = value
    return out


VARIANTS = {"attacker-ties.toml": 'name = "attacker-wins-ties"\n[rules]\ntie = "attacker"\n'
                                  'men_to_win = 4\n',
            "four-men.toml": 'name = "four-men"\n[rules]\nmen_to_win = 4\n'}
"""The variant files the README's examples name, with rules of the game they are for."""


@pytest.fixture
def stubbed(monkeypatch):
    """The exact analyses and the report regeneration, bound to their arguments instead of
    run (see the module docstring); the calls are recorded."""
    calls = []
    load, regenerate = studies.ExactAnalysis.load, overview_module.regenerate

    def bound_load(self):
        real = load(self)

        def bound(out, **options):
            inspect.signature(real).bind(out, **options)   # every option is one it takes
            calls.append((self.name, options))
            return Path(out)
        return bound

    def bound_regenerate(out, **options):
        inspect.signature(regenerate).bind(out, **options)
        calls.append(("report", options))
        return Path(out) / "README.md"

    monkeypatch.setattr(studies.ExactAnalysis, "load", bound_load)
    monkeypatch.setattr(overview_module, "regenerate", bound_regenerate)
    return calls


@pytest.fixture(scope="module")
def scheduler():
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=False,
                                  protocol="tcp://", host="127.0.0.1",
                                  dashboard_address=":0") as cluster:
        yield cluster.scheduler_address.removeprefix("tcp://")


def _run(example: str, folder: Path, capsys) -> None:
    """Run the commands of ``example`` one after the other in ``folder``."""
    for name, text in VARIANTS.items():
        (folder / name).write_text(text)
    for command in example.split("; "):
        argv = shlex.split(command)
        assert argv[0] == "analyze"
        status = cli.main(shrunk(argv[1:]))
        err = capsys.readouterr().err
        assert status == 0, f"{command}\n  -> exit {status}: {err}"


@pytest.mark.parametrize("example", help_examples())
def test_every_help_example_runs(example, tmp_path, monkeypatch, capsys, stubbed):
    monkeypatch.chdir(tmp_path)
    _run(example, tmp_path, capsys)


@pytest.mark.parametrize("example", readme_examples())
def test_every_readme_example_runs(example, tmp_path, monkeypatch, capsys, stubbed, request):
    monkeypatch.chdir(tmp_path)
    if "HOST:8786" in example:
        example = example.replace("HOST:8786", request.getfixturevalue("scheduler"))
    _run(example, tmp_path, capsys)


PYTHON = re.findall(r"```python\n(.*?)```", README, re.S)
"""The README's Python blocks: the analyses, the decision API, the OpenSpiel bridge."""


@pytest.mark.parametrize("number", range(len(PYTHON)))
def test_the_readme_python_examples_run(number, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    code = re.sub(r"sims=[0-9_]+", "sims=64", PYTHON[number])
    code = re.sub(r"max_simulations=[0-9_]+", "max_simulations=2", code)
    code = re.sub(r"budgets=\[[0-9, ]+\]", "budgets=[2]", code)
    for spec in example_specs():   # the tutorial's game, registered for this test alone
        if f"\"{spec.name}\"" in code:
            monkeypatch.setitem(registry._GAMES, spec.name, spec)
    if "pyspiel" in code:
        pytest.importorskip("pyspiel", reason="the openspiel extra (in the test extra)")
        import numbergames.solver.spiel
        numbergames.solver.spiel.register_all()
    exec(compile(code, "README.md", "exec"), {})
    if "write_report" in code:
        assert len(list(tmp_path.rglob("report.md"))) == code.count("write_report(")


def test_the_examples_are_found():
    helps, readme = help_examples(), readme_examples()
    assert len(helps) >= 10 and any("; analyze compare" in e for e in helps)
    assert len(readme) >= 12 and not any("GAME" in e or "<" in e for e in readme)
    assert len(PYTHON) == 7
    assert "analyze manhome --sims 1e6" in readme and len(WORKED) == 2
