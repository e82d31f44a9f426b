"""Rules as data: typed, validated parameters shared by every game's rules class.

A game's rules are one frozen dataclass whose fields are declared with
:func:`param`. The same object is built from Python keywords, from ``--set
name=value`` strings and from a TOML variant file; every path goes through the
same validation, and every error says what is allowed.

A parameter's kind is the type of its default: ``bool``, ``int`` (with ``low``..``high``),
``float`` (a finite number in ``low``..``high``, e.g. a probability) or ``str`` (with
``choices``). An ``int`` may also name its ``choices`` (7 or 9 horses) inside its range.
"""
from __future__ import annotations

import dataclasses
import math
import re
import tomllib
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any, ClassVar, Self

from numbergames.solver.textfile import TextError, read_utf8


MAX_VARIANT_BYTES = 64 << 10
"""The largest variant file read (a variant file is a few lines)."""
MAX_VARIANT_LINE = 2000
"""The longest line of a variant file, in characters."""
MAX_KEY_PARTS = 8
"""The most parts of a dotted key (``rules.tie`` has two). tomllib's time grows with the
square of a key's parts: a 200 KB key of 100,000 parts took over a minute."""
_STRING = re.compile(r'"(?:[^"\\]|\\.)*"|\'[^\']*\'')
_DEEP_KEY = re.compile(r"(?<![\w-])[\w-]++(?:[ \t]*+\.[ \t]*+[\w-]++){%d,}" % MAX_KEY_PARTS)


GRADED = "graded"
"""A lever whose effect on the seats grows with its value (a number: rings, points, men a
later seat starts with)."""
ORDER = "order"
"""A lever that sets the seats' order of play (a choice: fixed, snake, ...)."""
LEVERS = (GRADED, ORDER)
"""The kinds of compensation rule a parameter may declare (:attr:`Param.lever`)."""


class RulesError(ValueError):
    """A rules parameter, value or variant file that cannot be used (one-line message)."""


@dataclasses.dataclass(frozen=True)
class Param:
    """How one rules parameter may be set."""

    kind: type
    doc: str
    low: int | float | None = None
    high: int | float | None = None
    choices: tuple[str, ...] | tuple[int, ...] | None = None
    lever: str | None = None
    """What kind of compensation rule the parameter is, if any (:data:`LEVERS`): a
    designer's variant whose default compensates nothing and whose other values move the
    seats' chances. ``analyze fair`` searches the levers a game declares."""

    def allowed(self) -> str:
        """The allowed values, in words.

        >>> Param(float, "a chance", 0.0, 1.0).allowed(), Param(int, "seats", 2, 6).allowed()
        ('a number in 0..1', 'an integer in 2..6')
        >>> Param(int, "horses", 7, 9, (7, 9)).allowed()
        '7 | 9'
        """
        if self.choices:
            return " | ".join(map(str, self.choices))
        if self.kind is bool:
            return "true | false"
        if self.kind is float:
            return f"a number in {self.low:g}..{self.high:g}"
        return f"an integer in {self.low}..{self.high}"

    def admits(self, value: Any) -> bool:
        """Whether ``value``, already of the right type, is allowed (range, choices)."""
        if self.choices and value not in self.choices:
            return False
        if self.kind is int:
            return self.low <= value <= self.high
        if self.kind is float:
            return math.isfinite(value) and self.low <= value <= self.high
        return True


def param(default: Any, doc: str, *, low: int | float | None = None,
          high: int | float | None = None, choices: Iterable[str] | Iterable[int] | None = None,
          lever: str | None = None) -> Any:
    """Declare a rules field: its default, a one-line doc and its allowed values.

    A float parameter needs both bounds; its default must be a float (``0.0``, not ``0``).
    A compensation rule names its kind of ``lever`` (:data:`LEVERS`): a graded lever is a
    number, an order lever a choice.
    """
    kind = type(default)
    if kind is float and (low is None or high is None):
        raise TypeError("a float parameter needs low and high")
    if lever is not None and lever not in LEVERS:
        raise TypeError(f"lever must be one of {', '.join(LEVERS)}")
    if lever == GRADED and kind not in (int, float):
        raise TypeError("a graded lever is a number")
    if lever == ORDER and not choices:
        raise TypeError("an order lever is a choice")
    meta = Param(kind, doc, low, high, tuple(choices) if choices else None, lever)
    return dataclasses.field(default=default, metadata={"param": meta})


def whole_number(text: str) -> int | None:
    """The whole number ``text`` writes — ``3``, ``3.0``, ``1e4``, ``10_000`` — or None.

    >>> [whole_number(t) for t in ("3", " 3.0", "1e4", "10_000", "2.5", "x", "inf")]
    [3, 3, 10000, 10000, None, None, None]
    """
    text = text.strip().replace("_", "")
    try:
        return int(text)  # exactly, however long (a float keeps 16 digits)
    except ValueError:
        pass
    try:
        number = float(text)
    except ValueError:
        return None
    return int(number) if math.isfinite(number) and number.is_integer() else None


def same_number(a: Any, b: Any) -> bool:
    """Whether two texts (or values) write the same whole number, or are the same text:
    ``--players 3`` and ``--set players=3.0`` agree.

    >>> same_number("3", "3.0"), same_number(3, "3e0"), same_number("3", "4"), same_number("x", " x")
    (True, True, False, True)
    """
    a, b = str(a).strip(), str(b).strip()
    return a == b or (whole_number(a) is not None and whole_number(a) == whole_number(b))


_TRUE = {"true", "on", "yes", "1"}
_FALSE = {"false", "off", "no", "0"}


def coerce(name: str, spec: Param, value: Any) -> Any:
    """Turn a CLI string or TOML value into the parameter's type, or raise RulesError.

    Only the type is checked here; the range is checked when the rules are built. A whole
    number reads alike however it is written, for an integer parameter and for a choice
    that is a number alike (Sumoku's ``key=5.0``), in every game: in text in any notation
    (``--set players=3.0``, ``max_turns=1e4``) and typed (``men_to_win = 3.0`` in a TOML
    file, ``players=3.0`` from Python); a fraction is refused.

    >>> chance = Param(float, "a chance", 0.0, 1.0)
    >>> coerce("say_error", chance, "0.1"), coerce("say_error", chance, 1), coerce("say_error", chance, "1e-2")
    (0.1, 1.0, 0.01)
    >>> coerce("say_error", chance, "often")
    Traceback (most recent call last):
    ...
    numbergames.solver.params.RulesError: bad value 'often' for say_error; allowed: a number in 0..1

    A string parameter whose choices include numbers takes them as numbers too:

    >>> coerce("key", Param(str, "the key", choices=("die", "5")), 5)
    '5'
    """
    bad = RulesError(f"bad value {value!r} for {name}; allowed: {spec.allowed()}")
    if spec.kind is bool:
        if isinstance(value, bool):
            return value
        if isinstance(value, str) and value.strip().lower() in _TRUE | _FALSE:
            return value.strip().lower() in _TRUE
        raise bad
    if spec.kind is int:
        if isinstance(value, bool):
            raise bad
        if isinstance(value, int):
            return value
        if isinstance(value, float) and value.is_integer():
            return int(value)  # men_to_win = 3.0 in a variant file, as --set men_to_win=3.0
        if isinstance(value, str) and (number := whole_number(value)) is not None:
            return number
        raise bad
    if spec.kind is float:
        if isinstance(value, bool):
            raise bad
        if isinstance(value, (int, float)):
            return float(value)
        if isinstance(value, str):
            try:
                return float(value.strip().replace("_", ""))
            except ValueError:
                raise bad from None
        raise bad
    if spec.kind is str:
        if isinstance(value, str):
            number = whole_number(value) if spec.choices else None
            if number is not None and str(number) in spec.choices:
                return str(number)  # key=5.0 is key=5, as players=3.0 is players=3
            return value.strip()
        if isinstance(value, float) and value.is_integer():
            value = int(value)  # key = 5.0, as key=5.0 on the command line
        if (isinstance(value, int) and not isinstance(value, bool) and spec.choices
                and str(value) in spec.choices):
            return str(value)  # a choice that is a number, written as one in TOML
        raise bad
    raise TypeError(f"unsupported parameter type {spec.kind}")


def value_text(value: Any) -> str:
    """A rules value as it is written in ``--set name=value`` (the inverse of :func:`coerce`).

    >>> [value_text(v) for v in (True, 3, "defender", None, (2, 3), 0.1, 0.0, 1e-05)]
    ['true', '3', 'defender', 'none', '2,3', '0.1', '0', '1e-05']

    A float is written in its shortest form that reads back the same (``0.0`` as ``0``).
    """
    if isinstance(value, bool) or type(value).__name__ == "bool_":
        return "true" if value else "false"
    if value is None:
        return "none"
    if isinstance(value, (list, tuple)):
        return ",".join(value_text(v) for v in value)
    if isinstance(value, float):
        text = repr(float(value))  # numpy floats too
        return text[:-2] if text.endswith(".0") else text
    return str(value)


class Rules:
    """Base of every game's rules dataclass (declare fields with :func:`param`)."""

    game: ClassVar[str]

    def __post_init__(self) -> None:
        for name, spec in self.parameters().items():
            value = getattr(self, name)
            bad = RulesError(f"bad value {value!r} for {name}; allowed: {spec.allowed()}")
            if not isinstance(value, str):  # typed as the other paths type them: say_error=0
                try:                          # is 0.0, players=3.0 is 3, Sumoku's key=5 is '5'
                    value = coerce(name, spec, value)
                except RulesError:
                    raise bad from None
                object.__setattr__(self, name, value)
            if not isinstance(value, spec.kind) or not spec.admits(value):
                raise bad
        self.check()

    def check(self) -> None:
        """Cross-parameter checks; raise RulesError. Override in a game's rules."""

    @classmethod
    def parameters(cls) -> dict[str, Param]:
        """Every rules parameter and how it may be set, in declaration order."""
        return {f.name: f.metadata["param"] for f in dataclasses.fields(cls)  # type: ignore[arg-type]
                if "param" in f.metadata}

    @classmethod
    def levers(cls) -> dict[str, Param]:
        """The compensation rules among the parameters (:attr:`Param.lever` set), by name."""
        return {name: spec for name, spec in cls.parameters().items() if spec.lever}

    @classmethod
    def defaults(cls) -> Self:
        return cls()

    @classmethod
    def from_values(cls, values: Mapping[str, Any], base: Self | None = None) -> Self:
        """Rules from ``base`` (default: the pinned defaults) with ``values`` changed.

        Values may be typed (Python, TOML) or strings (CLI); names are checked.
        """
        specs = cls.parameters()
        unknown = [name for name in values if name not in specs]
        if unknown:
            raise RulesError(f"unknown rules parameter {unknown[0]!r} for {cls.game}; "
                             f"allowed: {', '.join(specs)}")
        changes = {name: coerce(name, specs[name], value) for name, value in values.items()}
        return dataclasses.replace(base if base is not None else cls(), **changes)

    def as_dict(self, *, every: bool = False) -> dict[str, Any]:
        """Every parameter and its value (JSON-ready) — but a compensation rule (a lever)
        at its default, unless ``every``: the default compensates nothing, so the rules'
        record (a run's identity in the results store, a report's summary) is the one the
        same game had before the lever existed, and every stored run and committed report
        of the game keeps its identity."""
        return {name: getattr(self, name) for name, spec in self.parameters().items()
                if every or not spec.lever or getattr(self, name) != self._default(name)}

    @classmethod
    def _default(cls, name: str) -> Any:
        return cls.__dataclass_fields__[name].default  # type: ignore[attr-defined]

    def changed(self) -> dict[str, Any]:
        """The parameters that differ from the pinned defaults."""
        default = type(self)()
        return {k: v for k, v in self.as_dict().items() if getattr(default, k) != v}

    def replace(self, **changes: Any) -> Self:
        return self.from_values(changes, base=self)


def parse_assignments(items: Iterable[str]) -> dict[str, str]:
    """``["tie=attacker", "men_to_win=4"]`` → ``{"tie": "attacker", "men_to_win": "4"}``."""
    values: dict[str, str] = {}
    for item in items:
        name, sep, value = item.partition("=")
        if not sep or not name.strip() or not value.strip():
            raise RulesError(f"bad --set {item!r}; expected name=value")
        values[name.strip()] = value.strip()
    return values


def _check_shape(text: str, path: Path) -> None:
    """Refuse, before tomllib reads it, what a variant file never needs and tomllib would
    take long over: a line over :data:`MAX_VARIANT_LINE` characters, a dotted key of more
    than :data:`MAX_KEY_PARTS` parts (quoted parts count; dots inside a string do not)."""
    for number, line in enumerate(text.split("\n"), 1):
        if len(line) > MAX_VARIANT_LINE:
            raise RulesError(f"variant file {str(path)!r} has a line of {len(line):,} "
                             f"characters (line {number}); a variant file's lines are at most "
                             f"{MAX_VARIANT_LINE:,}")
    deep = _DEEP_KEY.search(_STRING.sub("s", text))
    if deep is not None:
        raise RulesError(f"variant file {str(path)!r} has a dotted key of more than "
                         f"{MAX_KEY_PARTS} parts ({deep.group()[:40]!r}); a variant file's "
                         "keys are names such as rules.tie")


@dataclasses.dataclass(frozen=True)
class Variant:
    """A named set of rules changes read from a TOML file.

    The file holds an optional ``game``, ``name`` and ``description`` and a
    ``[rules]`` table of parameter values, e.g.::

        name = "attacker-wins-ties"
        description = "The attacker takes the square on a tied face-off."
        [rules]
        tie = "attacker"
    """

    name: str
    values: Mapping[str, Any]
    description: str = ""
    game: str | None = None

    KEYS: ClassVar[tuple[str, ...]] = ("game", "name", "description", "rules")
    MAX_NAME = 200
    """The longest name (a name is part of titles and folder names)."""

    def __post_init__(self) -> None:
        if (not isinstance(self.name, str) or not self.name.strip()
                or len(self.name) > self.MAX_NAME
                or any(not c.isprintable() for c in self.name)):
            raise RulesError(f"variant name {str(self.name)[:40]!r} must be one line of up to "
                             f"{self.MAX_NAME} printable characters")

    @classmethod
    def load(cls, path: str | Path) -> "Variant":
        path = Path(path)
        try:
            with path.open("rb") as handle:
                text = read_utf8(handle, f"variant file {str(path)!r}", MAX_VARIANT_BYTES,
                                 "; a variant file is a few name = value lines")
            _check_shape(text, path)
            data = tomllib.loads(text)
        except TextError as exc:
            raise RulesError(str(exc)) from None
        except FileNotFoundError:
            raise RulesError(f"variant file {str(path)!r} not found") from None
        except OSError as exc:
            raise RulesError(f"cannot read variant file {str(path)!r}: "
                             f"{exc.strerror or exc}") from None
        except tomllib.TOMLDecodeError as exc:
            raise RulesError(f"malformed variant file {str(path)!r}: {exc}") from None
        except RecursionError:  # tomllib parses nested arrays and tables recursively
            raise RulesError(f"variant file {str(path)!r} is nested too deeply (arrays or "
                             "tables inside one another); a variant file is name = value "
                             "lines and a [rules] table") from None
        unknown = [key for key in data if key not in cls.KEYS]
        if unknown:
            raise RulesError(f"unknown key {unknown[0]!r} in variant file {str(path)!r}; "
                             f"allowed: {', '.join(cls.KEYS)}")
        rules = data.get("rules", {})
        if not isinstance(rules, dict):
            raise RulesError(f"'rules' in variant file {str(path)!r} must be a table of name = value")
        for key in ("game", "name", "description"):
            if key in data and not isinstance(data[key], str):
                raise RulesError(f"{key!r} in variant file {str(path)!r} must be a string")
        return cls(name=data.get("name", path.stem), values=rules,
                   description=data.get("description", ""), game=data.get("game"))

    def apply(self, rules_cls: type[Rules], base: Rules | None = None) -> Rules:
        if self.game is not None and self.game != rules_cls.game:
            raise RulesError(f"variant {self.name!r} is for game {self.game!r}, not {rules_cls.game!r}")
        return rules_cls.from_values(self.values, base=base)
