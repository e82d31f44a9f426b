"""Chunks on a Dask cluster (``--scheduler``): connect, check the workers, play, fail in one line.

:func:`play_on_cluster` plays the runner's tasks on the workers of an existing Dask
distributed cluster: the same tasks, so the same games as a local run. Every way it can
go wrong is a :class:`~numbergames.analysis.running.errors.UserError` of one line (the command line prints it
and exits with status 2), never a hang or a traceback:

* a malformed address (:func:`check_scheduler` accepts ``tcp://HOST:PORT``,
  ``tls://HOST:PORT`` and a bare ``HOST:PORT``, read as ``tcp://``);
* an address nobody answers at, or that answers but is not a Dask scheduler (an HTTP
  server, a Dask worker): given up after :data:`SCHEDULER_TIMEOUT` seconds;
* a scheduler without workers for :data:`WORKER_TIMEOUT` seconds, at the start or during
  a run, saying how to start one;
* a scheduler or worker that cannot import the toolkit, or that runs another version of it
  or another engine of a game (:func:`toolkit_versions` on each, compared with this
  machine's): its games would be stored under this machine's run key;
* the scheduler lost during the run, or a task the cluster cannot load: the chunks
  finished before are kept in the results store, so running the same command again
  resumes from them.

Dask's own version-mismatch warning is silenced (the toolkit's check above is the one
that matters); Ctrl-C still raises KeyboardInterrupt.
"""
from __future__ import annotations

import asyncio
import itertools
import logging
import re
import time
import warnings
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import CancelledError, ThreadPoolExecutor
from contextlib import contextmanager
from typing import Any

import numpy as np

from numbergames.analysis.running.errors import UserError

SCHEDULER_TIMEOUT = 10.0
"""Seconds to wait when connecting to a Dask scheduler."""
WORKER_TIMEOUT = 30.0
"""Seconds to wait for a scheduler without workers to get one (at the start, or after it
lost them all during a run)."""
POLL_INTERVAL = 2.0
"""Seconds between looks at the workers while a result is awaited."""
IN_FLIGHT_PER_THREAD = 4
"""Tasks given out per worker thread ahead of the one the driver reads: results wait on
the cluster for at most so many tasks, however many games the run has."""
INSTALL = "python -m pip install '.[cluster]'"
"""How to install the toolkit on a machine of the cluster."""
_SCHEDULER = re.compile(r"(?:(tcp|tls)://)?(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9_.-]+):([0-9]{1,5})")
_KEPT = ("the chunks finished so far are kept in the results store (if one is used), and "
         "running the same command again resumes from them")


def check_scheduler(address: str) -> str:
    """``address`` as ``tcp://host:port`` or ``tls://host:port`` (a bare ``host:port`` gets
    ``tcp://``) if it is a Dask scheduler address, else UserError.

    >>> check_scheduler("10.0.0.5:8786"), check_scheduler("tls://head:8786")
    ('tcp://10.0.0.5:8786', 'tls://head:8786')
    """
    match = _SCHEDULER.fullmatch(address) if isinstance(address, str) else None
    if match is None or not 1 <= int(match.group(3)) <= 65535:
        raise UserError(f"--scheduler must be a Dask scheduler address tcp://HOST:PORT, "
                        f"tls://HOST:PORT or HOST:PORT (e.g. tcp://10.0.0.5:8786), not {address!r}")
    scheme, host, port = match.groups()
    return f"{scheme or 'tcp'}://{host}:{port}"


def reach_scheduler(address: str) -> str:
    """``address`` as :func:`check_scheduler` gives it, once a Dask scheduler answered
    there; UserError in one line otherwise. The command line calls it first for every
    command given ``--scheduler``: the cluster is otherwise contacted only when there are
    games to play, and a run the results store answers whole would accept any address."""
    address = check_scheduler(address)
    try:
        import distributed  # noqa: F401
    except ImportError:
        raise UserError(f"--scheduler needs the Dask distributed package: {INSTALL}") from None
    _check_identity(address)
    return address


def toolkit_versions() -> dict[str, Any]:
    """The toolkit's version and each registered game's engine version, here (it runs on
    the scheduler and every worker too, to compare theirs with this machine's)."""
    from numbergames.analysis.running.provenance import package_version
    from numbergames.solver.registry import games

    return {"toolkit": package_version(),
            "engines": {name: spec.engine_version for name, spec in games().items()}}


def _one_line(exc: BaseException) -> str:
    return " ".join(str(exc).split()) or type(exc).__name__


def _remote_reason(exc: BaseException) -> str:
    r"""The message of an error raised on another machine, which Dask may hand back wrapped
    as ``Exception("ModuleNotFoundError('No module named ...')")``.

    >>> _remote_reason(Exception("ModuleNotFoundError(\"No module named 'analysis'\")"))
    "No module named 'analysis'"
    """
    text = _one_line(exc)
    wrapped = re.fullmatch(r"""(['"]?)\w+\((['"])(.*)\2\)\1""", text)
    return wrapped.group(3).replace("\\'", "'") if wrapped else text


def _run_async(make: Callable[[], Any]) -> Any:
    """Run the coroutine ``make()`` to its end: here, or in a thread of its own when this
    thread already runs an event loop (a notebook)."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return asyncio.run(make())
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(lambda: asyncio.run(make())).result()


async def _identify(address: str, timeout: float) -> dict | None:
    """The answer of the server at ``address`` to Dask's ``identity``, or None if it accepted
    the connection but did not answer as Dask does within ``timeout`` seconds; OSError if
    it cannot be reached."""
    from distributed.comm import connect
    from distributed.security import Security

    async def ask() -> Any:
        try:
            comm = await connect(address, timeout=timeout,
                                 **Security().get_connection_args("client"))
        except (OSError, ValueError, TypeError, asyncio.CancelledError):
            raise  # unreachable, refused, timed out; bad TLS settings
        except Exception:  # noqa: BLE001 - its handshake's bytes made Dask's reader raise
            return {}      # (e.g. MemoryError for a frame "length" of exabytes): not Dask
        try:
            await comm.write({"op": "identity", "reply": True})
            return await comm.read()
        except asyncio.CancelledError:
            raise
        except Exception:  # noqa: BLE001 - whatever its bytes made Dask's reader raise
            # (e.g. MemoryError for a frame "length" of exabytes): not a Dask scheduler
            return {}
        finally:
            comm.abort()

    # connect() itself gives up on an unreachable address after ``timeout`` (OSError), but
    # waits for ever for the handshake of a server that is not Dask's: hence the margin
    try:
        answer = await asyncio.wait_for(ask(), timeout + 1.0)
    except asyncio.TimeoutError:
        return None
    return answer if isinstance(answer, dict) else {}


def _check_identity(address: str) -> None:
    """UserError in one line unless a Dask scheduler answers at ``address``."""
    try:
        answer = _run_async(lambda: _identify(address, SCHEDULER_TIMEOUT))
    except (OSError, ValueError, TypeError) as exc:  # refused, timed out, no route; bad TLS
        raise UserError(f"cannot reach the Dask scheduler at {address}: {_one_line(exc)}") from None
    kind = answer.get("type") if answer is not None else None
    if kind == "Scheduler":
        return
    if kind in ("Worker", "Nanny"):
        raise UserError(f"{address} is a Dask {kind.lower()}, not a scheduler: give --scheduler "
                        f"the address the workers connect to (`dask worker ADDRESS`)")
    said = ("answers, but not as a Dask scheduler" if answer is not None else
            f"accepts connections but does not answer as a Dask scheduler (waited "
            f"{SCHEDULER_TIMEOUT:g} s)")
    raise UserError(f"{address} {said}: give the address of `dask scheduler` (port 8786 "
                    "unless it was started with --port)")


def _connect(address: str, game: str | None = None):
    """A Dask client of the scheduler at ``address`` with at least one worker, all running
    this toolkit (and ``game``'s engine), or UserError in one line."""
    address = check_scheduler(address)
    try:
        from distributed import Client
        from distributed.versions import VersionMismatchWarning
    except ImportError:
        raise UserError(f"--scheduler needs the Dask distributed package: {INSTALL}") from None
    _check_identity(address)
    try:
        with warnings.catch_warnings():  # its table of package versions; ours is checked below
            warnings.simplefilter("ignore", VersionMismatchWarning)
            client = Client(address, timeout=SCHEDULER_TIMEOUT, set_as_default=False)
    except Exception as exc:  # OSError, TimeoutError, ... from the connection
        raise UserError(f"cannot reach the Dask scheduler at {address}: {_one_line(exc)}") from None
    try:
        try:
            client.wait_for_workers(1, timeout=WORKER_TIMEOUT)
        except TimeoutError:
            raise UserError(f"the Dask scheduler at {address} has no workers (waited "
                            f"{WORKER_TIMEOUT:g} s): start one on each machine with "
                            f"`dask worker {address}`") from None
        _check_versions(client, address, game)
    except BaseException as exc:
        client.close()
        if isinstance(exc, (OSError, CancelledError)):  # the scheduler went away meanwhile
            raise UserError(f"lost the connection to the Dask scheduler at {address}: "
                            f"{_one_line(exc)}") from None
        raise
    return client


def _check_versions(client, address: str, game: str | None) -> None:
    """UserError in one line unless the scheduler and every worker run this toolkit, with
    the same engine of every game they both know, and know ``game``."""
    here = toolkit_versions()
    try:
        found = {f"scheduler {address}": client.run_on_scheduler(toolkit_versions)}
    except (OSError, CancelledError):
        raise
    except Exception as exc:  # it cannot unpickle the function: no toolkit there
        found = {f"scheduler {address}": exc}
    found.update((f"worker {worker}", answer) for worker, answer in
                 sorted(client.run(toolkit_versions, on_error="return").items()))
    lost = next((there for there in found.values() if _connection_lost(there)), None)
    if lost is not None or client.status != "running":  # not the workers' fault
        raise OSError(_one_line(lost) if lost is not None else f"client {client.status}")
    for who, there in found.items():
        problem = _difference(here, there, game)
        if problem is not None:
            fix = (f"install the toolkit on every worker: {INSTALL}" if who.startswith("worker")
                   else f"install the toolkit on the scheduler's machine too: {INSTALL}")
            raise UserError(f"the Dask {who} {problem}; {fix}")


def _connection_lost(answer: Any) -> bool:
    """Whether a remote call's answer is the cluster's connection failing, not the call's."""
    if isinstance(answer, (OSError, CancelledError)):  # CommClosedError among them
        return True
    return isinstance(answer, BaseException) and any(
        words in str(answer) for words in ("Stream is closed", "CommClosedError",
                                           "StreamClosedError", "connection-lost"))


def _difference(here: dict[str, Any], there: Any, game: str | None) -> str | None:
    """What differs between this machine's :func:`toolkit_versions` and another's, or None."""
    if isinstance(there, BaseException):
        return f"cannot import the toolkit ({_remote_reason(there)})"
    if not isinstance(there, dict):
        return f"cannot import the toolkit (it answered {there!r})"
    if there.get("toolkit") != here["toolkit"]:
        return f"runs toolkit {there.get('toolkit')} but this machine runs {here['toolkit']}"
    engines = there.get("engines", {})
    if game is not None and game not in engines:
        return f"has no game {game!r} (registered on this machine only)"
    for name, version in here["engines"].items():
        if name in engines and engines[name] != version:
            return (f"plays {name} with engine version {engines[name]} but this machine with "
                    f"{version}")
    return None


def _failure(exc: BaseException, address: str) -> UserError | None:
    """The one-line UserError for a cluster failure during a run, or None for any other."""
    from distributed.scheduler import KilledWorker

    if isinstance(exc, KilledWorker):
        return UserError(f"the Dask workers at {address} kept dying while playing the games "
                         f"(see their logs); {_KEPT}")
    if isinstance(exc, RuntimeError) and "Error during deserialization" in str(exc):
        return UserError(f"the Dask cluster at {address} cannot load the games' tasks: install "
                         f"the toolkit on the scheduler's machine and every worker: {INSTALL}; "
                         f"{_KEPT}")
    reason = getattr(exc, "reason", None)
    if isinstance(exc, CancelledError) and reason not in (None, "scheduler-connection-lost"):
        return UserError(f"the Dask scheduler at {address} cancelled the games ({reason}); {_KEPT}")
    if isinstance(exc, CancelledError):
        return UserError(f"lost the connection to the Dask scheduler at {address} during the "
                         f"run; {_KEPT}")
    if isinstance(exc, OSError):  # CommClosedError and TimeoutError among them
        return UserError(f"lost the connection to the Dask scheduler at {address} during the "
                         f"run ({_one_line(exc)}); {_KEPT}")
    return None


def _quiet_dask(record: logging.LogRecord) -> bool:
    """Dask's own log lines held back, but for critical ones: a failure is one line of ours."""
    return record.levelno >= logging.CRITICAL or not record.name.startswith("distributed")


def _dask_handlers() -> list[logging.Handler]:
    """The handlers Dask's logging configuration gave its loggers (stderr by default)."""
    try:
        import distributed  # noqa: F401  (its import configures them)
    except ImportError:
        return []
    found = {id(h): h for name in ("distributed", "distributed.client")
             for h in logging.getLogger(name).handlers}
    return list(found.values())


@contextmanager
def _dask_logs_quiet() -> Iterator[None]:
    """Dask's log lines on stderr held back while a cluster plays (see :func:`_quiet_dask`),
    and for good after a failure in the play (Ctrl-C among them): a client that lost its
    scheduler still logs so after it is closed."""
    handlers = _dask_handlers()
    for handler in handlers:
        handler.addFilter(_quiet_dask)
    try:
        yield
    except GeneratorExit:  # the consumer stopped: no failure
        _unfilter(handlers)
        raise
    else:
        _unfilter(handlers)


def _unfilter(handlers: list[logging.Handler]) -> None:
    for handler in handlers:
        handler.removeFilter(_quiet_dask)


def _result(client, future, address: str) -> Any:
    """``future``'s result; UserError if the cluster is left without workers for
    :data:`WORKER_TIMEOUT` seconds meanwhile (its tasks would wait for ever)."""
    alone_since = None
    while True:
        try:
            return future.result(timeout=POLL_INTERVAL)
        except TimeoutError:
            if future.done():  # the task's own failure, not the wait's
                raise
        if client.nthreads():
            alone_since = None
        elif alone_since is None:
            alone_since = time.monotonic()
        elif time.monotonic() - alone_since >= WORKER_TIMEOUT:
            raise UserError(f"the Dask scheduler at {address} lost all its workers (none for "
                            f"{WORKER_TIMEOUT:g} s): start them again with `dask worker "
                            f"{address}`; {_KEPT}")


def play_on_cluster(args: tuple, chunks: Sequence[Any], scheduler: str,
                     on_chunk: Callable[[int], None] | None) -> Iterator[dict[str, np.ndarray]]:
    """The results of the runner's ``chunks`` (its tasks) in order, played by the workers
    of the Dask cluster at ``scheduler`` in the runner's batches: the same games as a local
    run. ``args`` are :func:`numbergames.analysis.running.chunks.play`'s first arguments, the game's name first."""
    from numbergames.analysis.running.chunks import batches, play, played

    address = check_scheduler(scheduler)
    with _dask_logs_quiet():
        client = _connect(address, args[0])
        pending: deque = deque()
        try:
            workers = max(1, sum(client.nthreads().values()))
            waiting = iter(batches(chunks, workers))

            def submit(count: int) -> None:
                for task in itertools.islice(waiting, count):
                    future = client.submit(play, *args, task, pure=False)
                    if on_chunk:
                        future.add_done_callback(lambda f, n=sum(map(played, task)):
                                                 on_chunk(n) if f.status == "finished" else None)
                    pending.append(future)

            submit(IN_FLIGHT_PER_THREAD * workers)
            while pending:  # pop each future as it is used, so its arrays can be freed
                future = pending.popleft()
                submit(1)  # the cluster stays busy but its results never pile up
                yield from _result(client, future, address)
                future.release()
        except BaseException as exc:  # Ctrl-C and the consumer's stop pass as they are
            if pending:
                try:
                    client.cancel(list(pending))
                except Exception:  # the scheduler is gone: nothing left to cancel
                    pass
            failure = _failure(exc, address) if isinstance(exc, Exception) else None
            if failure is not None:
                raise failure from None
            raise
        finally:
            client.close()
