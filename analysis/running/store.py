"""The results store: every chunk of games played, kept in one SQLite file.

A run is identified by its game, full rules, policies and seed (and the chunk
size, which fixes where each game sits): :func:`run_identity` gives the SHA-256
of their canonical JSON, the ``run_key``, and its first 10 hex digits, the id
people type. The store holds two tables::

    runs(run_key PRIMARY KEY, game, rules_json, policies_json, seed, created, label)
    chunks(run_key, chunk, games, data BLOB, created, digest, PRIMARY KEY(run_key, chunk))

A chunk row holds the first ``games`` games of chunk ``chunk`` (all of it, or
the tail of the largest run so far) as a compressed ``.npz`` of the kernel's
arrays (no pickles). Because every game is played from its own key, a stored
chunk answers any run that needs at most that many of its games, and a short
chunk is extended by playing only the missing games; a row is only ever
replaced by one with more games. Each chunk is written in its own transaction
right after it is played, and the file uses SQLite's write-ahead log, so an
interrupted run loses at most the chunk in flight, never the store, and several
processes may write one store at once. The schema version is ``PRAGMA
user_version``.

Beyond the rows a run keeps (``--keep-games``) a chunk is stored as its summary instead —
the figures of its games (:class:`numbergames.analysis.statistics.tally.Tally`) and the game's own parts, as
zlib-compressed JSON — in a third table::

    summaries(run_key, chunk, games, parts, data BLOB, created, digest, PRIMARY KEY(run_key, chunk))

``parts`` names what the own parts count (:func:`parts_id`: the study's function and the
source of its module), so a summary is used only by a run that counts the same parts; a
run that needs a chunk's rows (a what-if's pairs, a match, rows it keeps) plays the chunk
again where the store holds only its summary (the same games: each is played from its key).

A damaged store is a one-line error, never wrong games: each chunk row holds
``digest``, the SHA-256 of the run key, the chunk, the number of games and the
bytes (:func:`chunk_digest`), checked whenever the chunk is loaded (a byte of
the file flipped, or SQLite's index sending a look-up to another row), and a
run's row is checked against its key, the SHA-256 of its identity. A store of
schema 1 (chunks without a digest) is brought to schema 2 when it is opened,
each chunk sealed with the digest of its bytes as they are then, so its runs
stay usable; a store of schema 2 gets the (empty) summaries table of schema 3. A summary
row is sealed likewise (:func:`summary_digest`).
"""
from __future__ import annotations

import functools
import hashlib
import io
import json
import os
import sqlite3
import sys
import threading
import urllib.parse
import weakref
import zipfile
import zlib
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, replace
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from numbergames.analysis.running import chunks as chunking
from numbergames.analysis.running.errors import UserError
from numbergames.analysis.running.folders import describe_os_error, disk_full, remove_leftovers
from numbergames.analysis.statistics.tally import Tally
from numbergames.solver.params import Rules
from numbergames.solver.registry import GameSpec, Traits, find_game

SCHEMA_VERSION = 3
"""``PRAGMA user_version`` of a store made by this code (1: chunks without a digest, 2:
without summaries; both migrated when opened)."""
DEFAULT_STORE = Path("reports") / "runs.sqlite"
"""Where the command line keeps its store (relative to the current directory)."""
ID_LENGTH = 10
"""Hex digits of a run's short id."""
BUSY_TIMEOUT_S = 60.0
"""How long a writer waits for another one before giving up."""

_SCHEMA = """
CREATE TABLE IF NOT EXISTS runs (
    run_key TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    rules_json TEXT NOT NULL,
    policies_json TEXT NOT NULL,
    seed TEXT NOT NULL,            -- as text: seeds may exceed 64 bits
    created TEXT NOT NULL,
    label TEXT
);
CREATE TABLE IF NOT EXISTS chunks (
    run_key TEXT NOT NULL REFERENCES runs(run_key),
    chunk INTEGER NOT NULL CHECK (chunk >= 0),
    games INTEGER NOT NULL CHECK (games > 0),
    data BLOB NOT NULL,
    created TEXT NOT NULL,
    digest TEXT,                   -- chunk_digest(run_key, chunk, games, data), schema 2
    PRIMARY KEY (run_key, chunk)
);
""" + """
CREATE TABLE IF NOT EXISTS summaries (
    run_key TEXT NOT NULL REFERENCES runs(run_key),
    chunk INTEGER NOT NULL CHECK (chunk >= 0),
    games INTEGER NOT NULL CHECK (games > 0),
    parts TEXT NOT NULL,           -- parts_id() of the own parts counted ('' for none)
    data BLOB NOT NULL,            -- zlib(JSON): the chunk's tally and own parts
    created TEXT NOT NULL,
    digest TEXT NOT NULL,          -- summary_digest(run_key, chunk, games, parts, data)
    PRIMARY KEY (run_key, chunk)
);
"""

_SAVE_SUMMARY = """
INSERT INTO summaries (run_key, chunk, games, parts, data, created, digest)
VALUES (?, ?, ?, ?, ?, ?, ?)
ON CONFLICT (run_key, chunk) DO UPDATE
SET games = excluded.games, parts = excluded.parts, data = excluded.data,
    created = excluded.created, digest = excluded.digest
WHERE excluded.games >= summaries.games
"""

_SAVE_CHUNK = """
INSERT INTO chunks (run_key, chunk, games, data, created, digest) VALUES (?, ?, ?, ?, ?, ?)
ON CONFLICT (run_key, chunk) DO UPDATE
SET games = excluded.games, data = excluded.data, created = excluded.created,
    digest = excluded.digest
WHERE excluded.games > chunks.games
"""


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


@dataclass(frozen=True)
class RunIdentity:
    """What a run's games depend on, as canonical JSON, and its key."""

    game: str
    rules: Mapping[str, Any]
    policies: tuple[str, ...]
    seed: int
    chunk_size: int
    engine: int = 1
    """The game's engine version (:attr:`numbergames.solver.registry.GameSpec.engine_version`)."""
    families: tuple[tuple[str, int], ...] = ()
    """``(family, version)`` of each search family among the policies whose players have
    changed since the engine version (:attr:`numbergames.solver.registry.Search.version` > 1): in the
    key only when there is one, so the keys of every other run stay as they were."""

    @property
    def canonical(self) -> str:
        fields = {"game": self.game, "rules": dict(self.rules),
                  "policies": list(self.policies), "seed": self.seed,
                  "chunk_size": self.chunk_size, "engine": self.engine}
        if self.families:
            fields["families"] = [list(f) for f in self.families]
        return json.dumps(fields, sort_keys=True, separators=(",", ":"), ensure_ascii=True)

    @property
    def key(self) -> str:
        return hashlib.sha256(self.canonical.encode("ascii")).hexdigest()

    @property
    def id(self) -> str:
        return self.key[:ID_LENGTH]


def run_id(key: Any) -> str | None:
    """The short id of a run key as it is stored — even a damaged one — when it can be
    typed (hex digits), else None.

    >>> run_id("0123456789abcdef"), run_id(b"bytes"), run_id("xyz")
    ('0123456789', None, None)
    """
    if not isinstance(key, str):
        return None
    short = key[:ID_LENGTH].lower()
    return short if short and all(c in "0123456789abcdef" for c in short) else None


def run_identity(game: str | GameSpec, rules: Rules, policies: Sequence[str],
                 seed: int) -> RunIdentity:
    """The identity of a run of ``game`` with these rules, policies and seed."""
    spec = find_game(game) if isinstance(game, str) else game
    return RunIdentity(spec.name, rules.as_dict(), tuple(policies), int(seed), chunking.CHUNK_SIZE,
                       spec.engine_version, family_versions(spec, policies))


def family_versions(spec: GameSpec, policies: Sequence[str]) -> tuple[tuple[str, int], ...]:
    """``(family, version)``, by name, of the search families among ``policies`` whose
    version is above 1 (:attr:`RunIdentity.families`); a name the game does not know
    counts for none."""
    named = set()
    for name in policies:
        try:
            named.add(spec.players.parse(name)[0])
        except ValueError:
            continue
    return tuple(sorted((f.name, f.version) for f in spec.players.search
                        if f.version > 1 and f.name in named))


def encode_chunk(part: Mapping[str, np.ndarray]) -> bytes:
    """A chunk's arrays as the bytes of a compressed ``.npz`` (no pickles)."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=1) as archive:
        for name, values in part.items():
            with archive.open(f"{name}.npy", "w") as member:
                np.lib.format.write_array(member, np.ascontiguousarray(values), allow_pickle=False)
    return buffer.getvalue()


def decode_chunk(data: bytes, columns: Sequence[str] | None = None) -> dict[str, np.ndarray]:
    """The arrays of :func:`encode_chunk`, in their saved order (or only ``columns``)."""
    with np.load(io.BytesIO(data), allow_pickle=False) as archive:
        names = archive.files if columns is None else [c for c in archive.files if c in columns]
        return {name: archive[name] for name in names}


def chunk_digest(run_key: str, chunk: int, games: int, data: bytes) -> str:
    """The SHA-256 (hex) that seals a chunk row: its run key, chunk index and number of
    games, and its bytes (so a row found in another row's place does not match either)."""
    head = f"{run_key}\0{int(chunk)}\0{int(games)}\0".encode("ascii")
    return hashlib.sha256(head + data).hexdigest()


def parts_id(fields: Any) -> str:
    """What a study's own parts function counts, as stored with a summary: its module and
    name and the SHA-256 of its module's source (a change there and stored summaries are
    not used: their chunks are played again); ``""`` for none."""
    if fields is None:
        return ""
    module = getattr(fields, "__module__", None) or type(fields).__module__
    name = getattr(fields, "__qualname__", None) or type(fields).__qualname__
    path = getattr(sys.modules.get(module), "__file__", None)
    try:
        source = Path(path).read_bytes() if path else b""
    except OSError:
        source = b""
    return f"{module}.{name}:{hashlib.sha256(source).hexdigest()[:16]}"


def _tagged(value: Any) -> Any:
    """Own parts (nested dicts, lists, histograms, whole numbers) as JSON that keeps their
    kinds: ``{"d": [[key, value], ...]}``, ``{"h": [[value, count], ...]}``, ``{"l": [...]}``."""
    if isinstance(value, Counter):
        return {"h": [[_key(k), int(v)] for k, v in sorted(value.items())]}
    if isinstance(value, dict):
        return {"d": [[_key(k), _tagged(v)] for k, v in value.items()]}
    if isinstance(value, (list, tuple)):
        return {"l": [_tagged(v) for v in value]}
    if isinstance(value, (int, np.integer)) and not isinstance(value, bool):
        return int(value)
    raise ValueError(f"own parts must be whole numbers, lists, dicts and histograms, "
                     f"not {type(value).__name__}")


def _key(key: Any) -> Any:
    if isinstance(key, (str, bool)) or key is None:
        return key
    if isinstance(key, (int, np.integer)):
        return int(key)
    raise ValueError(f"a key of own parts must be text or a whole number, not {key!r}")


def _untagged(value: Any) -> Any:
    if type(value) is int:
        return value
    if isinstance(value, dict) and len(value) == 1:
        (tag, items), = value.items()
        if tag == "h" and isinstance(items, list):
            return Counter({_whole(k): _whole(v) for k, v in items})
        if tag == "d" and isinstance(items, list):
            return {k: _untagged(v) for k, v in items}
        if tag == "l" and isinstance(items, list):
            return [_untagged(v) for v in items]
    raise ValueError(f"not a stored part: {str(value)[:60]}")


def _whole(value: Any) -> int:
    if type(value) is not int:
        raise ValueError(f"not a whole number: {value!r}")
    return value


def encode_summary(tally: Tally, parts: Any) -> bytes:
    """A chunk's summary — its tally and the game's own parts — as zlib-compressed JSON."""
    plain = {"games": tally.games, "outcomes": _tagged(tally.outcomes),
             "lengths": _tagged(tally.lengths), "turns": tally.turns,
             "decision_turns": tally.decision_turns, "points": tally.points,
             "points_sq": tally.points_sq, "scores": tally.scores, "scores_sq": tally.scores_sq,
             "margin": tally.margin, "parts": None if parts is None else _tagged(parts)}
    return zlib.compress(json.dumps(plain, separators=(",", ":")).encode("ascii"), 6)


def decode_summary(data: bytes, players: int, traits: Traits) -> tuple[Tally, Any]:
    """The tally (of a game with these players and traits) and own parts of
    :func:`encode_summary`; ValueError when they are not what it writes."""
    plain = json.loads(zlib.decompress(data).decode("ascii"))

    def whole_list(name: str, optional: bool = False) -> list[int] | None:
        values = plain[name]
        if values is None and optional:
            return None
        if not isinstance(values, list) or len(values) != players:
            raise ValueError(f"{name} must hold one number per seat")
        return [_whole(v) for v in values]

    scored = traits.score is not None
    tally = Tally(players, traits, games=_whole(plain["games"]),
                  outcomes=_untagged(plain["outcomes"]), lengths=_untagged(plain["lengths"]),
                  turns=_whole(plain["turns"]), decision_turns=_whole(plain["decision_turns"]),
                  points=whole_list("points"), points_sq=whole_list("points_sq"),
                  scores=whole_list("scores", not scored), scores_sq=whole_list("scores_sq", not scored),
                  margin=_whole(plain["margin"]))
    if not isinstance(tally.outcomes, Counter) or not isinstance(tally.lengths, Counter) \
            or sum(tally.outcomes.values()) != tally.games:
        raise ValueError("its outcomes do not count its games")
    parts = plain["parts"]
    return tally, None if parts is None else _untagged(parts)


def summary_digest(run_key: str, chunk: int, games: int, parts: str, data: bytes) -> str:
    """The SHA-256 (hex) that seals a summary row (as :func:`chunk_digest` a chunk row)."""
    head = f"summary\0{run_key}\0{int(chunk)}\0{int(games)}\0{parts}\0".encode("ascii")
    return hashlib.sha256(head + data).hexdigest()


def _games_in(part: Mapping[str, np.ndarray]) -> int:
    lengths = {len(values) for values in part.values()}
    if len(lengths) != 1:
        raise ValueError(f"a chunk's arrays must all have one length, not {sorted(lengths)}")
    return lengths.pop()


def answerable_games(chunks: Mapping[int, int], chunk_size: int | None = None) -> int:
    """The most games a run may ask for and load entirely from ``{chunk: games}``.

    >>> answerable_games({0: 100, 1: 100, 2: 40, 4: 100}, chunk_size=100)
    240
    """
    size = chunking.CHUNK_SIZE if chunk_size is None else chunk_size
    total, index = 0, 0
    while index in chunks:
        total += min(chunks[index], size)
        if chunks[index] < size:
            break
        index += 1
    return total


@dataclass(frozen=True)
class StoredRun:
    """One run in the store."""

    key: str
    game: str
    rules: dict[str, Any]
    policies: tuple[str, ...]
    seed: int
    created: str
    label: str | None
    games: int
    """Games stored as a prefix of the run: a run of at most this many loads them all."""
    total: int = 0
    """Games stored as rows or chunk summaries, as a prefix of the run (at least ``games``):
    the figures of a run of at most this many come from the store."""

    @property
    def id(self) -> str:
        return self.key[:ID_LENGTH]


def _matches_key(run: StoredRun) -> bool:
    """Whether a stored run's game, rules, policies and seed give its key (with this chunk
    size and one of the game's engine versions so far); True for a game not registered
    here, which no figure can be made of."""
    try:
        spec = find_game(run.game)
    except LookupError:
        return True
    here = run_identity(spec, spec.rules(), run.policies, run.seed)
    return any(replace(here, rules=run.rules, engine=engine, families=families).key == run.key
               for engine in range(1, spec.engine_version + 1)
               for families in {here.families, ()})


_OPEN_STORES: "weakref.WeakSet[Store]" = weakref.WeakSet()
_ORPHANS: list[sqlite3.Connection] = []


def _forget_connections_after_fork() -> None:
    """A forked child must neither use nor close its parent's SQLite connections:
    keep them unreferenced-but-alive (the child never closes them)."""
    for store in list(_OPEN_STORES):
        if store._connection is not None:
            _ORPHANS.append(store._connection)
            store._connection = None
        store._lock = threading.Lock()


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_forget_connections_after_fork)


class Store:
    """A results store in the SQLite file ``path``.

    ``create=False`` refuses a missing file (for commands that only read).
    Raises UserError (one line) when the file is not a store or cannot be opened.
    The object may be shared with worker processes made by ``fork``: each process
    opens its own connection.
    """

    def __init__(self, path: str | os.PathLike[str] = DEFAULT_STORE, *, create: bool = True) -> None:
        self.path = check_store_path(path)
        self._connection: sqlite3.Connection | None = None
        self._lock = threading.Lock()
        self.read_only = False
        if not self.path.exists():
            if not create:
                raise UserError(f"no results store at {self.path} (runs are stored there by "
                                "`analyze <game>`; choose another with --store PATH)")
            try:
                self.path.parent.mkdir(parents=True, exist_ok=True)
            except OSError as exc:
                raise UserError(f"cannot create results store {self.path}: "
                                f"{describe_os_error(exc)}") from None
            with self._errors():
                self._create()
        self.read_only = not create and not _writable(self.path)
        """Opened read-only: a store only read (listed, compared) that this process may
        not write, or whose folder it may not write (SQLite's log files go there)."""
        _OPEN_STORES.add(self)
        with self._errors():
            self._initialise()

    def __repr__(self) -> str:
        return f"Store({str(self.path)!r})"

    @property
    def shown(self) -> str:
        """The store as a report names it: its path as given when relative, else its file
        name alone (a committed report names no path of one machine)."""
        return self.path.name if self.path.is_absolute() else str(self.path)

    # -- connection -----------------------------------------------------------------

    def _connect(self) -> sqlite3.Connection:
        if self._connection is None:
            connection = sqlite3.connect(self._uri(), timeout=BUSY_TIMEOUT_S,
                                         isolation_level=None, check_same_thread=False,
                                         uri=True)
            connection.execute(f"PRAGMA busy_timeout = {int(BUSY_TIMEOUT_S * 1000)}")
            self._connection = connection
        return self._connection

    def _uri(self) -> str:
        """The store's SQLite URI: ``mode=rw`` (an existing file only: a connection never
        creates one, :meth:`_create` does), or read-only ``mode=ro`` — and ``immutable=1``
        when SQLite could neither find nor make the log's files beside it (a read-only
        folder), where no writer can change the file while it is read."""
        uri = "file:" + urllib.parse.quote(os.path.abspath(self.path))
        if not self.read_only:
            return uri + "?mode=rw"
        logs = all(Path(f"{self.path}{suffix}").exists() for suffix in ("-wal", "-shm"))
        folder = os.access(os.path.abspath(self.path.parent), os.W_OK | os.X_OK)
        return uri + "?mode=ro" + ("" if logs or folder else "&immutable=1")

    def close(self) -> None:
        with self._lock:
            if self._connection is not None:
                self._connection.close()
                self._connection = None

    @contextmanager
    def _errors(self) -> Iterator[None]:
        """SQLite errors as one-line UserErrors."""
        try:
            yield
        except sqlite3.DatabaseError as exc:
            name = getattr(exc, "sqlite_errorname", "") or ""
            if name == "SQLITE_FULL" or (name.startswith("SQLITE_IOERR")
                                         and disk_full(self.path.parent)):
                raise UserError(f"the disk that holds the results store {self.path} is full "
                                f"(SQLite: {exc}); free some space and run the same command "
                                "again: what the store held before is kept") from None
            if isinstance(exc, sqlite3.OperationalError) and "locked" in str(exc):
                raise UserError(f"results store {self.path} stayed locked by another "
                                f"writer for {BUSY_TIMEOUT_S:.0f} s; try again") from None
            if name == "SQLITE_READONLY" or "readonly" in str(exc):
                raise UserError(f"results store {self.path} is read-only ({exc}): it can be "
                                "listed and compared, not written") from None
            if isinstance(exc, sqlite3.OperationalError) and "unable to open" in str(exc):
                raise UserError(f"cannot open results store {self.path}: {exc}") from None
            raise UserError(f"{self.path} is not a usable results store: {exc}") from None
        except UnicodeDecodeError:  # SQLite's own message quoting a damaged schema
            raise UserError(f"{self.path} is not a usable results store: its schema or text "
                            "is damaged (not UTF-8)") from None
        except OSError as exc:
            raise UserError(f"cannot use results store {self.path}: "
                            f"{describe_os_error(exc)}") from None

    @contextmanager
    def _read(self) -> Iterator[sqlite3.Connection]:
        with self._errors(), self._lock:
            yield self._connect()

    @contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        """One short write transaction; rolled back on any error or interrupt."""
        with self._errors(), self._lock:
            connection = self._connect()
            connection.execute("BEGIN IMMEDIATE")
            try:
                yield connection
            except BaseException:
                if connection.in_transaction:
                    connection.rollback()
                raise
            connection.execute("COMMIT")

    def _create(self) -> None:
        """Make a new store at ``self.path``, which did not exist: built whole in a hidden
        sibling and linked into place, so that the path never shows a file that is not yet
        a store (another process opening it at that moment would refuse it). When another
        process created the store meanwhile, that one is used."""
        remove_leftovers(self.path)  # what a creator killed outright left behind
        staging = self.path.with_name(
            f".{self.path.name}.new-{os.getpid()}-{threading.get_ident()}")
        try:
            connection = sqlite3.connect(staging, isolation_level=None)
            try:
                connection.execute("BEGIN IMMEDIATE")
                for statement in _SCHEMA.split(";"):
                    if statement.strip():
                        connection.execute(statement)
                connection.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
                connection.execute("COMMIT")
                connection.execute("PRAGMA journal_mode = WAL")
            finally:
                connection.close()
            try:
                os.link(staging, self.path)
            except FileExistsError:  # another process made it first: use that one
                pass
            except OSError:  # a file system without hard links
                if not self.path.exists():
                    os.replace(staging, self.path)
        finally:
            for leftover in ("", "-journal", "-wal", "-shm"):
                Path(f"{staging}{leftover}").unlink(missing_ok=True)

    def _initialise(self) -> None:
        # any other file, however short: SQLite reads one shorter than its header as empty
        if self.path.is_file() and self.path.stat().st_size and not _is_sqlite(self.path):
            raise self._not_a_store("not an SQLite database")
        with self._lock:
            connection = self._connect()
            version = connection.execute("PRAGMA user_version").fetchone()[0]
            if version > SCHEMA_VERSION:
                raise UserError(f"results store {self.path} was made by a newer version "
                                f"(schema {version}; this one reads {SCHEMA_VERSION})")
            if version not in (1, 2, SCHEMA_VERSION):  # a file of something else: left as it is
                self._refuse_foreign_file(connection, version)
            if self.read_only:
                if version < SCHEMA_VERSION:
                    raise UserError(f"results store {self.path} is read-only and of an older "
                                    f"schema ({version}); open it once where it can be "
                                    "written, which brings it up to date")
                return
            mode = connection.execute("PRAGMA journal_mode = WAL").fetchone()[0]
            if str(mode).lower() != "wal":  # pragma: no cover - e.g. a file system without locks
                raise UserError(f"results store {self.path} cannot use a write-ahead log "
                                f"(journal mode {mode})")
            connection.execute("PRAGMA synchronous = NORMAL")  # safe in WAL mode: no corruption
            if version < SCHEMA_VERSION:
                self._migrate(connection)

    @staticmethod
    def _migrate(connection: sqlite3.Connection) -> None:
        """Schema 1 → 2 → 3 in one transaction. 1 → 2: the digest column, each chunk sealed
        with the digest of its row as it is (a row SQLite cannot read stays unsealed:
        damaged). 2 → 3: the summaries table (empty)."""
        connection.execute("BEGIN IMMEDIATE")
        try:
            version = connection.execute("PRAGMA user_version").fetchone()[0]  # now, locked
            if version == 1:
                connection.execute("ALTER TABLE chunks ADD COLUMN digest TEXT")
                for (rowid,) in connection.execute("SELECT rowid FROM chunks").fetchall():
                    key, chunk, games, data = connection.execute(
                        "SELECT run_key, chunk, games, data FROM chunks WHERE rowid = ?",
                        (rowid,)).fetchone()
                    if (isinstance(key, str) and type(chunk) is int and type(games) is int
                            and isinstance(data, bytes)):
                        connection.execute("UPDATE chunks SET digest = ? WHERE rowid = ?",
                                           (chunk_digest(key, chunk, games, data), rowid))
            if version < SCHEMA_VERSION:
                for statement in _SCHEMA.split(";"):  # IF NOT EXISTS: the tables it lacks
                    if statement.strip():
                        connection.execute(statement)
                connection.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
            connection.execute("COMMIT")
        except BaseException:
            if connection.in_transaction:
                connection.rollback()
            raise

    def _refuse_foreign_file(self, connection: sqlite3.Connection, version: int) -> None:
        """UserError for an existing file that is not a store (a store is made whole, with
        its schema version, by :meth:`_create`); nothing is written to it."""
        if version != 0:
            what = f"schema {version}"
        elif self.path.stat().st_size == 0:
            what = "an empty file"
        else:
            tables = {row[0] for row in connection.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table'")}
            what = ("an SQLite database holding other tables" if tables else
                    "an SQLite database without a store's tables")
        connection.close()
        self._connection = None
        raise self._not_a_store(what)

    def _not_a_store(self, what: str) -> UserError:
        return UserError(f"{self.path} exists but is not a results store ({what}); it is left "
                         "unchanged: give --store a new path or an existing results store")

    # -- runs -----------------------------------------------------------------------

    def identify(self, game: str | GameSpec, rules: Rules, policies: Sequence[str],
                 seed: int) -> RunIdentity:
        """The identity of a run (see :func:`run_identity`)."""
        return run_identity(game, rules, policies, seed)

    def run_key(self, game: str | GameSpec, rules: Rules, policies: Sequence[str], seed: int) -> str:
        """The key of a run (whether it is stored or not)."""
        return run_identity(game, rules, policies, seed).key

    def register(self, identity: RunIdentity, label: str | None = None) -> str:
        """Record a run (idempotent; a missing label is filled in); returns its key."""
        with self._write() as connection:
            connection.execute(
                "INSERT INTO runs (run_key, game, rules_json, policies_json, seed, created, label)"
                " VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (run_key) DO UPDATE"
                " SET label = excluded.label WHERE runs.label IS NULL",
                (identity.key, identity.game, json.dumps(dict(identity.rules), sort_keys=True),
                 json.dumps(list(identity.policies)), str(identity.seed), _now(), label))
        return identity.key

    def _damaged(self, what: str, detail: str = "", run_key: Any = None) -> UserError:
        """The one-line error for a damaged part of the store: it names the run to drop
        (``analyze runs --drop ID``), which keeps every other run."""
        detail = " ".join(detail.split())[:200]
        run = run_id(run_key)
        remedy = (f"drop that run alone with `analyze runs --drop {run} --store {self.path}` "
                  "(the other runs stay) or use --no-store" if run else
                  "use --no-store, or another --store")
        return UserError(f"results store {self.path} holds a damaged {what}"
                         f"{f' ({detail})' if detail else ''}; {remedy}")

    def drop(self, id_prefix: str) -> tuple[str, int]:
        """Remove the run whose key starts with ``id_prefix`` — its record and every chunk
        of it — in one transaction, even when they are damaged (the rows are matched by
        their raw keys, nothing is decoded); the other runs stay. Returns ``(run key,
        chunk and summary rows removed)``; UserError when no run or more than one matches."""
        prefix = id_prefix.strip().lower()
        if not prefix or len(prefix) > 64 or any(c not in "0123456789abcdef" for c in prefix):
            raise UserError(f"{id_prefix[:40]!r} is not a run id: give the hex id (or its "
                            "first characters) that `analyze runs` lists or an error named")
        with self._write() as connection:
            keys = sorted({key for (key,) in connection.execute(
                "SELECT run_key FROM runs WHERE substr(run_key, 1, ?) = ? UNION "
                "SELECT run_key FROM chunks WHERE substr(run_key, 1, ?) = ? UNION "
                "SELECT run_key FROM summaries WHERE substr(run_key, 1, ?) = ?",
                (len(prefix), prefix) * 3)})
            if not keys:
                raise UserError(f"no run with id {prefix} in {self.path} (`analyze runs` lists "
                                "them)")
            if len(keys) > 1:
                raise UserError(f"run id {prefix} is ambiguous in {self.path}: it starts "
                                f"{', '.join(str(k)[:ID_LENGTH + 2] for k in keys[:5])}; "
                                "give more characters")
            key, = keys
            chunks = connection.execute("DELETE FROM chunks WHERE run_key = ?", (key,)).rowcount
            chunks += connection.execute("DELETE FROM summaries WHERE run_key = ?",
                                         (key,)).rowcount
            connection.execute("DELETE FROM runs WHERE run_key = ?", (key,))
        return str(key), chunks

    def stored_chunks(self, run_key: str) -> dict[int, int]:
        """``{chunk: games stored}`` of a run (empty when it is not stored)."""
        with self._read() as connection:
            rows = connection.execute(
                "SELECT chunk, games FROM chunks WHERE run_key = ? ORDER BY chunk",
                (run_key,)).fetchall()
        for chunk, games in rows:
            if type(chunk) is not int or type(games) is not int or chunk < 0 or games < 1:
                raise self._damaged(f"chunk row of run {run_key[:ID_LENGTH]}",
                                    f"chunk {chunk!r}, games {games!r}", run_key)
        return dict(rows)

    def load_chunk(self, run_key: str, chunk: int, games: int | None = None,
                   columns: Sequence[str] | None = None) -> dict[str, np.ndarray]:
        """The first ``games`` games (default: all stored) of a chunk the store holds (as
        :meth:`stored_chunks` says); its digest is checked first. UserError (one line)
        when the row is damaged, or is missing or short (rows never shrink or go)."""
        what = f"chunk {chunk} of run {run_key[:ID_LENGTH]}"
        with self._read() as connection:
            row = connection.execute(
                "SELECT games, data, digest FROM chunks WHERE run_key = ? AND chunk = ?",
                (run_key, chunk)).fetchone()
        if row is None:
            raise self._damaged(what, "its row is listed but cannot be found", run_key)
        stored, data, digest = row
        if type(stored) is not int or not isinstance(data, bytes) or not isinstance(digest, str):
            raise self._damaged(what, "a field of its row has the wrong type", run_key)
        if games is not None and stored < games:
            raise self._damaged(what, f"it holds {stored} games, not {games}", run_key)
        if digest != chunk_digest(run_key, chunk, stored, data):
            raise self._damaged(what, "its bytes do not match their SHA-256", run_key)
        try:
            part = decode_chunk(data, columns)
            bad = part and (_games_in(part) != stored
                            or any(values.ndim not in (1, 2) for values in part.values()))
        except Exception as exc:  # anything an undecodable .npz raises: zlib.error, EOFError, ...
            raise self._damaged(what, f"{type(exc).__name__}: {exc}", run_key) from None
        if bad:
            raise self._damaged(what, "its arrays do not hold its games", run_key)
        return {name: values[:games] for name, values in part.items()}

    def save_chunk(self, run_key: str, chunk: int, part: Mapping[str, np.ndarray]) -> int:
        """Store the first games of ``chunk`` unless the store already holds as many;
        one transaction. Returns the number of games in ``part``."""
        games = _games_in(part)
        data = encode_chunk(part)
        digest = chunk_digest(run_key, chunk, games, data)
        with self._write() as connection:
            connection.execute(_SAVE_CHUNK, (run_key, int(chunk), games, data, _now(), digest))
        return games

    def stored_summaries(self, run_key: str) -> dict[int, tuple[int, str]]:
        """``{chunk: (games, parts id)}`` of the chunk summaries of a run."""
        with self._read() as connection:
            rows = connection.execute(
                "SELECT chunk, games, parts FROM summaries WHERE run_key = ? ORDER BY chunk",
                (run_key,)).fetchall()
        for chunk, games, parts in rows:
            if (type(chunk) is not int or type(games) is not int or chunk < 0 or games < 1
                    or not isinstance(parts, str)):
                raise self._damaged(f"summary row of run {run_key[:ID_LENGTH]}",
                                    f"chunk {chunk!r}, games {games!r}", run_key)
        return {chunk: (games, parts) for chunk, games, parts in rows}

    def save_summary(self, run_key: str, chunk: int, tally: Tally, parts: Any,
                     parts_name: str) -> None:
        """Store the summary of a chunk's ``tally.games`` games (its tally and own parts,
        counted by ``parts_name``, see :func:`parts_id`); one transaction."""
        data = encode_summary(tally, parts)
        digest = summary_digest(run_key, chunk, tally.games, parts_name, data)
        with self._write() as connection:
            connection.execute(_SAVE_SUMMARY, (run_key, int(chunk), tally.games, parts_name,
                                               data, _now(), digest))

    def load_summary(self, run_key: str, chunk: int, games: int, players: int,
                     traits: Traits) -> tuple[Tally, Any]:
        """The tally and own parts of a chunk summary the store holds (as
        :meth:`stored_summaries` says) of ``games`` games; its digest is checked first.
        UserError (one line) when the row is damaged or missing."""
        what = f"summary of chunk {chunk} of run {run_key[:ID_LENGTH]}"
        with self._read() as connection:
            row = connection.execute(
                "SELECT games, parts, data, digest FROM summaries WHERE run_key = ? AND chunk = ?",
                (run_key, chunk)).fetchone()
        if row is None:
            raise self._damaged(what, "its row is listed but cannot be found", run_key)
        stored, parts_name, data, digest = row
        if (type(stored) is not int or not isinstance(parts_name, str)
                or not isinstance(data, bytes) or not isinstance(digest, str)):
            raise self._damaged(what, "a field of its row has the wrong type", run_key)
        if stored != games:
            raise self._damaged(what, f"it holds {stored} games, not {games}", run_key)
        if digest != summary_digest(run_key, chunk, stored, parts_name, data):
            raise self._damaged(what, "its bytes do not match their SHA-256", run_key)
        try:
            tally, parts = decode_summary(data, players, traits)
        except Exception as exc:  # anything undecodable: zlib.error, JSON, a wrong field
            raise self._damaged(what, f"{type(exc).__name__}: {exc}", run_key) from None
        if tally.games != games:
            raise self._damaged(what, "its figures do not count its games", run_key)
        return tally, parts

    def _stored_runs(self, where: str = "", args: Sequence[Any] = ()) -> list[StoredRun]:
        with self._read() as connection:
            rows = connection.execute(
                "SELECT run_key, game, rules_json, policies_json, seed, created, label FROM runs "
                f"{where} ORDER BY created, run_key", tuple(args)).fetchall()
            counts: dict[str, dict[int, int]] = {}
            for key, chunk, games in connection.execute("SELECT run_key, chunk, games FROM chunks"):
                if type(chunk) is not int or type(games) is not int or chunk < 0 or games < 1:
                    raise self._damaged(f"chunk row of run {str(key)[:ID_LENGTH]}",
                                        f"chunk {chunk!r}, games {games!r}", key)
                counts.setdefault(key, {})[chunk] = games
            covered = {key: dict(chunks) for key, chunks in counts.items()}
            for key, chunk, games in connection.execute(
                    "SELECT run_key, chunk, games FROM summaries"):
                if type(chunk) is not int or type(games) is not int or chunk < 0 or games < 1:
                    raise self._damaged(f"summary row of run {str(key)[:ID_LENGTH]}",
                                        f"chunk {chunk!r}, games {games!r}", key)
                there = covered.setdefault(key, {})
                there[chunk] = max(games, there.get(chunk, 0))
        runs = []
        for key, game, rules, policies, seed, created, label in rows:
            try:
                run = StoredRun(key, game, json.loads(rules), tuple(json.loads(policies)),
                                int(seed), created, label, answerable_games(counts.get(key, {})),
                                answerable_games(covered.get(key, {})))
                if not (isinstance(key, str) and isinstance(game, str)
                        and isinstance(run.rules, dict)
                        and all(isinstance(p, str) for p in run.policies)):
                    raise TypeError("a field has the wrong type")
                if not _matches_key(run):
                    raise ValueError("its fields do not match its key")
            except (TypeError, ValueError) as exc:  # JSONDecodeError among them
                raise self._damaged(f"record of run {str(key)[:ID_LENGTH]}",
                                    f"{type(exc).__name__}: {exc}", key) from None
            runs.append(run)
        return runs

    def runs(self) -> pd.DataFrame:
        """Every stored run: id, game, label, policies, seed, games stored (as rows or
        summaries), games stored as rows, created, key."""
        rows = [{"id": r.id, "game": r.game, "label": r.label or "",
                 "policies": ",".join(r.policies), "seed": r.seed, "games": r.total,
                 "rows": r.games, "created": r.created, "run_key": r.key}
                for r in self._stored_runs()]
        return pd.DataFrame(rows, columns=["id", "game", "label", "policies", "seed", "games",
                                           "rows", "created", "run_key"])

    def find(self, id_prefix: str) -> StoredRun:
        """The one stored run whose key starts with ``id_prefix``; UserError otherwise."""
        prefix = id_prefix.strip().lower()
        if not prefix or len(prefix) > 64 or any(c not in "0123456789abcdef" for c in prefix):
            raise UserError(f"{id_prefix!r} is not a run id: give the hex id (or its first "
                            "characters) that `analyze runs` lists")
        found = self._stored_runs("WHERE substr(run_key, 1, ?) = ?", (len(prefix), prefix))
        if not found:
            raise UserError(f"no run with id {prefix} in {self.path} (`analyze runs` lists them)")
        if len(found) > 1:
            ids = ", ".join(r.key[:max(ID_LENGTH, len(prefix) + 1)] for r in found[:5])
            raise UserError(f"run id {prefix} is ambiguous in {self.path}: it starts {ids}"
                            f"{', ...' if len(found) > 5 else ''}; give more characters")
        return found[0]

    def load_games(self, run: StoredRun, columns: Sequence[str] | None = None) -> pd.DataFrame:
        """The stored games of ``run`` (all ``run.games`` of them) as one row per game; all
        their columns, the game's derived ones added after ``winner``
        (:meth:`~numbergames.solver.registry.GameSpec.with_derived`), or only ``columns``."""
        spec = find_game(run.game)
        derive = None
        if columns is None:
            try:
                rules = spec.rules.from_values(run.rules)
            except ValueError:  # rules of another version: their derived columns are unknown
                rules = None
            if rules is not None:
                derive = functools.partial(spec.with_derived, rules=rules)
        collector = chunking.Collector(run.games, spec.per_seat, derive=derive)
        for chunk, size in chunking.plan_chunks(run.games) if run.games else []:
            collector.add(self.load_chunk(run.key, chunk, size, columns))
        return collector.frame()

    def integrity_check(self) -> str:
        """SQLite's ``PRAGMA integrity_check``: ``"ok"`` for a sound file."""
        with self._read() as connection:
            return "; ".join(row[0] for row in connection.execute("PRAGMA integrity_check"))


def check_store_path(path: str | os.PathLike[str]) -> Path:
    """``path`` as a store's path; UserError (one line) when it is empty, a folder, or a
    symbolic link to nothing (through which a new store would be created elsewhere, where
    the link points: a store is never created through a link)."""
    if not isinstance(path, (str, os.PathLike)):
        raise UserError(f"store must be a results store or its path, not {path!r:.40}")
    if not os.fspath(path):
        raise UserError("the results store path is empty: give --store a file path (or "
                        "--no-store to keep no games)")
    path = Path(path)
    if path.is_symlink() and not path.exists():
        raise UserError(f"the results store {path} is a symbolic link to "
                        f"{os.readlink(path)}, which does not exist; give --store the path "
                        "of an existing store or of a new file, not a dangling link")
    if path.is_dir():
        raise UserError(f"results store {path} is a folder, not a file")
    return path


def _is_sqlite(path: Path) -> bool:
    """Whether the file ``path`` begins with SQLite's header (True when it cannot be read:
    SQLite's own words then say why)."""
    try:
        with path.open("rb") as handle:
            return handle.read(16) == b"SQLite format 3\x00"
    except OSError:
        return True


def _writable(path: Path) -> bool:
    """Whether this process may write the store file ``path`` and its folder."""
    return (os.access(os.path.abspath(path), os.W_OK)
            and os.access(os.path.abspath(path.parent), os.W_OK | os.X_OK))


def as_store(store: "Store | str | os.PathLike[str] | None") -> Store | None:
    """A Store from a Store, a path or None."""
    if store is None or isinstance(store, Store):
        return store
    if not isinstance(store, (str, os.PathLike)):
        raise UserError(f"store must be a results store or its path, not {store!r:.40}")
    return Store(store)
