"""Many games at once: in this process, on every core, or on any `concurrent.futures.Executor`.

`boardrules.apps.tournament.run_tournament` and `boardrules.apps.simulation.simulate` hand their
games to `run_games`, which plays them one after another in this process (``jobs=1``),
in a pool of worker processes of its own (``jobs=N``; ``0`` for every core), or on an
executor you pass — a `concurrent.futures.ProcessPoolExecutor`, or a Dask cluster's
``client.get_executor()``. Games travel in batches (a few per worker, so fast games do
not drown in messaging) and their results are gathered by game number.

The results do not depend on who plays the games: game *n* of a run draws all its
randomness from seeds made by `game_seed` from the run's seed and *n* alone, never from
the job count or the batches.
"""

from __future__ import annotations

import hashlib
import importlib
import json
import math
import os
import pickle
import signal
import sys
import traceback
from collections.abc import Callable, Iterator
from concurrent.futures import Executor, Future, ProcessPoolExecutor, as_completed
from pathlib import Path
from types import ModuleType
from typing import Any, Final, Generic, TypeVar, cast

import attrs

from boardrules.errors import BoardrulesError
from boardrules.games import GAMES, AnyGame, register

__all__ = [
    "GameFailedError",
    "RecordWriter",
    "RunInterrupted",
    "cores",
    "game_seed",
    "run_games",
]

R = TypeVar("R")
T = TypeVar("T")

BATCHES_PER_WORKER: Final = 8
"""Batches per worker a run is cut into (the last batches finish close together)."""
MAX_BATCH: Final = 100
"""The most games in one batch (so the progress bar moves and little is lost to Ctrl-C)."""


def game_seed(seed: int, number: int, stream: int = 0) -> int:
    """Return the seed of one random stream of game `number` of a run seeded `seed`.

    The seed is the first 8 bytes, read big-endian, of the SHA-256 digest of the ASCII
    text ``"{seed}:{number}:{stream}"``: a whole number below 2**64 that depends on
    nothing else (not on the job count, the batches or the Python version), and streams
    of different games or seeds are unrelated. Tournaments use stream 0 for chance and
    stream 1 + s for the bot in seat s; `simulate` uses stream 0 for everything.

    >>> game_seed(0, 0)
    16774267956234540618
    >>> game_seed(0, 0) != game_seed(0, 1) != game_seed(1, 0)
    True
    """
    digest = hashlib.sha256(f"{seed}:{number}:{stream}".encode("ascii")).digest()
    return int.from_bytes(digest[:8], "big")


def cores() -> int:
    """Return the number of cores this process may use (what ``jobs=0`` means)."""
    count: Callable[[], int | None] | None = getattr(os, "process_cpu_count", None)  # 3.13+
    if count is None:
        affinity: Callable[[int], set[int]] | None = getattr(os, "sched_getaffinity", None)
        return len(affinity(0)) if affinity is not None else os.cpu_count() or 1
    return count() or 1


def check_jobs(jobs: object, executor: Executor | None) -> int:
    """Return the number of worker processes `jobs` asks for (``0``: every core).

    Raises `BoardrulesError` for anything but a whole number >= 0, and for ``jobs`` other
    than 1 together with an `executor` (the executor decides how many workers it has).
    """
    if type(jobs) is not int or jobs < 0:
        raise BoardrulesError(f"jobs must be a whole number >= 0 (0: every core), got {jobs!r}")
    if executor is not None:
        if jobs != 1:
            raise BoardrulesError("give jobs or an executor, not both: the executor has "
                                  "its own workers")
        if not isinstance(executor, Executor):
            raise BoardrulesError(f"executor must be a concurrent.futures.Executor, not "
                                  f"{type(executor).__name__}")
    return jobs or cores()


def check_shippable(obj: object, what: str) -> None:
    """Raise `BoardrulesError` naming `what` and the reason unless `obj` pickles.

    Games are played in other processes, perhaps on other machines, so everything they
    need travels there by `pickle`: your bot factory must be a function or class defined at
    the top level of a module (or a `functools.partial` of one), not a lambda, a nested
    function or a class defined inside a function.
    """
    try:
        pickle.dumps(obj)
    except Exception as exc:  # pickle raises PicklingError, AttributeError, TypeError…
        raise BoardrulesError(
            f"{what} cannot be sent to worker processes: {exc}. Games in other processes "
            "need a bot factory that pickles: a function or class defined at the top level "
            "of a module (or a functools.partial of one), not a lambda, a nested function "
            "or a class defined inside a function"
        ) from None


@attrs.frozen
class GameRef:
    """A game as it travels to a worker: a module by its import name (modules do not
    pickle), any other game object as itself."""

    module: str | None
    """The game module's import name, or None when `game` holds the game."""
    game: AnyGame | None
    """The game itself, when it is not sent by module name."""
    registered: bool
    """Whether the game is registered (in a worker it is registered again if needed, so
    its records can be made there)."""

    def load(self) -> AnyGame:
        """Return the game (in a worker: import its module, register it if need be)."""
        if self.module is None:
            game = cast("AnyGame", self.game)
        else:
            game = cast("AnyGame", importlib.import_module(self.module))
        if self.registered and GAMES.get(game.NAME) is not game:
            register(game)
        return game


def ship_game(game: AnyGame, shipping: bool, *, records: bool) -> GameRef:
    """Return how `game` travels to the workers of a run (raise `BoardrulesError` if it
    cannot, or if it cannot have records because it is not the registered game)."""
    registered = GAMES.get(game.NAME) is game
    if records and not registered:
        raise BoardrulesError(f"records need the game registered: call "
                              f"boardrules.games.register() with {game.NAME!r} first")
    if not shipping:
        return GameRef(None, game, registered)
    if isinstance(game, ModuleType):
        if sys.modules.get(game.__name__) is not game:
            raise BoardrulesError(f"the game module {game.__name__!r} cannot be sent to "
                                  f"worker processes: they import it by name, and it was "
                                  f"not imported under that name")
        return GameRef(game.__name__, None, registered)
    check_shippable(game, f"the game {game.NAME!r}")
    return GameRef(None, game, registered)


class GameFailedError(BoardrulesError):
    """A game of a run raised an error (a bot's bug, an illegal action…); the run stopped.

    Games that had finished before are kept: their records are written, and the
    error's `number` tells which game to replay or debug.
    """

    number: int
    """The number of the game that failed (the first game of the batch if its worker
    itself failed)."""
    error: str
    """The error, as ``Type: message``."""
    details: str
    """The error's traceback where the game ran (in a worker: that worker's)."""

    def __init__(self, number: int, error: str, details: str = "",
                 message: str | None = None) -> None:
        self.number = number
        self.error = error
        self.details = details
        super().__init__(message or f"game {number} failed: {error}")

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (self.number, self.error, self.details, str(self)))


class RunInterrupted(KeyboardInterrupt, Generic[T]):
    """Ctrl-C (a `KeyboardInterrupt`) stopped a run: the workers were stopped, and `partial`
    holds the results of the games finished so far.

    It is a `KeyboardInterrupt`, so a program that does not look for it stops as usual.
    """

    finished: int
    """Games finished before the interruption."""
    games: int
    """Games the run was to play."""
    partial: T | None
    """The results of the finished games (a `Tournament`, a `Summary`), or None when no
    game had finished."""

    def __init__(self, finished: int, games: int, partial: T | None) -> None:
        super().__init__(f"interrupted after {finished} of {games} games")
        self.finished = finished
        self.games = games
        self.partial = partial


def _describe(exc: BaseException) -> str:
    return f"{type(exc).__name__}: {exc}"


@attrs.frozen
class _Failure:
    """A game that raised in a worker, told in text (its exception might not pickle)."""

    number: int
    error: str
    details: str
    message: str | None = None


@attrs.frozen
class _Batch(Generic[R]):
    """What a worker sends back: the results of games ``first, first + 1, …`` in order,
    up to the first game that failed, if any."""

    first: int
    results: tuple[R, ...]
    failure: _Failure | None


def _play_batch(pickled: bytes, first: int, stop: int) -> _Batch[Any]:
    """Play games `first` to `stop` - 1 with the pickled task (in a worker); stop at the
    first error.

    The task travels pickled by us, so that a worker that cannot rebuild it (it cannot
    import a bot's module) says so here instead of failing inside the executor's own
    messaging, where Dask would retry the batch forever.
    """
    try:
        task: Callable[[int], Any] = pickle.loads(pickled)
    except Exception as exc:
        error = _describe(exc)
        return _Batch(first, (), _Failure(
            first, error, traceback.format_exc(),
            f"a worker cannot rebuild the games' bots and game: {error}. The workers must "
            f"be able to import every module your bot factories come from: install it "
            f"where they run"))
    results: list[Any] = []
    for number in range(first, stop):
        try:
            results.append(task(number))
        except Exception as exc:
            failure = _Failure(number, _describe(exc), traceback.format_exc())
            return _Batch(first, tuple(results), failure)
    return _Batch(first, tuple(results), None)


def _ignore_sigint() -> None:
    """Make a worker of our own pool ignore Ctrl-C: the main process stops it."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _worker_count(executor: Executor) -> int:
    """Return how many games `executor` plays at once, as far as it tells (else the cores)."""
    # Neither concurrent.futures nor Dask's ClientExecutor says so publicly: the standard
    # pools keep their max_workers, Dask's executor keeps its client, which knows.
    max_workers = getattr(executor, "_max_workers", None)
    if type(max_workers) is int:
        return max(1, max_workers)
    nthreads = getattr(getattr(executor, "_client", None), "nthreads", None)
    if callable(nthreads):
        try:
            threads = sum(nthreads().values())
        except Exception:  # a guess only: fall back on the cores
            threads = 0
        if type(threads) is int and threads > 0:
            return threads
    return cores()


def batch_size(games: int, workers: int) -> int:
    """Return the games per batch for `games` games on `workers` workers."""
    return max(1, min(MAX_BATCH, math.ceil(games / (workers * BATCHES_PER_WORKER))))


def run_games(
    task: Callable[[int], R],
    games: int,
    on_result: Callable[[int, R], None],
    *,
    jobs: int = 1,
    executor: Executor | None = None,
    progress: Callable[[int], None] | None = None,
    batch: int | None = None,
) -> None:
    """Play games 0 to `games` - 1 by calling ``task(number)``; pass each result to
    ``on_result(number, result)`` in this process as soon as it is in.

    With ``jobs=1`` and no `executor` the games are played here, one after another.
    Otherwise `task` is pickled and sent, with a range of game numbers, to `jobs` worker
    processes of a pool made for the run (workers ignore Ctrl-C), or to `executor`.
    `progress(finished)` is called as games finish. `on_result` sees every game in order
    within a batch, and batches as they finish; call sites sort by number.

    A game that raises stops the run with `GameFailedError` naming it; Ctrl-C raises
    `KeyboardInterrupt`. Either way batches not yet started are cancelled, a pool of our
    own is stopped at once, and every game that had finished has been passed to
    `on_result` first. (Batches already running on your own executor run to their end:
    it is yours to stop.)
    """
    finished = 0

    def take(batch: _Batch[R]) -> None:
        nonlocal finished
        for number, result in enumerate(batch.results, batch.first):
            on_result(number, result)
        finished += len(batch.results)
        if progress is not None and batch.results:
            progress(finished)
        if batch.failure is not None:
            f = batch.failure
            raise GameFailedError(f.number, f.error, f.details, f.message)

    if executor is None and jobs == 1:
        for number in range(games):
            try:
                result = task(number)
            except Exception as exc:
                raise GameFailedError(number, _describe(exc), traceback.format_exc()) from exc
            take(_Batch(number, (result,), None))
        return
    workers = jobs if executor is None else _worker_count(executor)
    size = batch or batch_size(games, workers)
    batches = [(first, min(first + size, games)) for first in range(0, games, size)]
    pickled = pickle.dumps(task)
    pool = executor if executor is not None else ProcessPoolExecutor(
        min(workers, len(batches)), initializer=_ignore_sigint)
    pending: dict[Future[_Batch[R]], tuple[int, int]] = {}
    try:
        for first, stop in batches:
            pending[pool.submit(_play_batch, pickled, first, stop)] = (first, stop)
        for future in as_completed(pending):
            take(_result(future, *pending.pop(future)))
    finally:
        for future in pending:
            future.cancel()
        try:
            for future in _finished(pending):  # nothing finished is lost
                take(attrs.evolve(future.result(), failure=None))  # one error is told
        finally:
            if executor is None:
                _stop(pool, any(not f.done() for f in pending))


def _result(future: Future[_Batch[R]], first: int, stop: int) -> _Batch[R]:
    """Return a batch's result; a worker that itself failed raises `GameFailedError`."""
    try:
        return future.result()
    except Exception as exc:
        raise GameFailedError(
            first, _describe(exc), traceback.format_exc(),
            f"the worker playing games {first} to {stop - 1} failed: {_describe(exc)}",
        ) from exc


def _finished(pending: dict[Future[_Batch[R]], tuple[int, int]]
              ) -> Iterator[Future[_Batch[R]]]:
    """Yield the futures among `pending` that finished with a result."""
    for future in pending:
        if future.done() and not future.cancelled() and future.exception() is None:
            yield future


def _stop(pool: Executor, running: bool) -> None:
    """Shut our own pool down; stop its workers first if they are still playing."""
    if running:
        # Python 3.14 can stop a pool's workers; before that, only its private table
        # of processes can.
        terminate: Callable[[], None] | None = getattr(pool, "terminate_workers", None)
        if terminate is not None:
            terminate()
        else:
            processes = dict(getattr(pool, "_processes", None) or {})
            pool.shutdown(wait=False, cancel_futures=True)
            for process in processes.values():
                process.terminate()
            for process in processes.values():
                process.join()
    pool.shutdown(wait=True, cancel_futures=True)


class RecordWriter:
    """Write each game's record as JSON into a directory, as soon as the game is in.

    Game *n*'s record goes to ``game-NNNN.json`` (numbers padded to the same width), and
    ``index.jsonl`` gets one line per game (in the order they come in): its number, the
    record's file name, who sat in each seat and the returns. Every file is written whole
    or not at all, so a run that stops keeps every game it finished. A file that cannot
    be written raises `OSError`.
    """

    def __init__(self, directory: str | os.PathLike[str], games: int) -> None:
        path = Path(directory)
        try:
            path.mkdir(parents=True, exist_ok=True)
            taken = any(path.glob("game-*.json")) or (path / "index.jsonl").exists()
        except OSError as exc:
            raise BoardrulesError(f"cannot write records to {directory}: "
                                  f"{exc.strerror or exc}") from None
        if taken:
            raise BoardrulesError(f"{directory} already holds game records: give a new or "
                                  f"empty directory")
        self.path = path
        self.width = max(4, len(str(games - 1)))
        self.written = 0

    def name(self, number: int) -> str:
        """Return the file name of game `number`'s record."""
        return f"game-{number:0{self.width}d}.json"

    def write(self, number: int, record: str, seats: list[str], returns: list[float]) -> None:
        """Write game `number`'s record (JSON text) and add its line to the index."""
        name = self.name(number)
        temporary = self.path / f".{name}.part"
        temporary.write_text(record + "\n", encoding="utf-8")
        temporary.replace(self.path / name)
        line = json.dumps({"game": number, "record": name, "seats": seats, "returns": returns})
        with (self.path / "index.jsonl").open("a", encoding="utf-8") as index:
            index.write(line + "\n")
        self.written += 1
