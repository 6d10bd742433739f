"""Tournaments: bots play many games with seats rotated; wins, draws and mean returns."""

from __future__ import annotations

import functools
import math
import os
import random
from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from typing import Any

import attrs

from boardrules.apps.parallel import (
    GameRef,
    RecordWriter,
    RunInterrupted,
    check_jobs,
    check_shippable,
    game_seed,
    run_games,
    ship_game,
)
from boardrules.bots import Bot, play_game
from boardrules.bots.spec import check_seed, make_bot
from boardrules.errors import BoardrulesError
from boardrules.game import Game
from boardrules.records import Record
from boardrules.serialization import to_json

__all__ = ["Entrant", "Standing", "Tournament", "run_tournament"]

AnyGame = Game[Any, Any, Any, Any]

Entrant = str | Callable[[int], Bot]
"""A tournament entrant: a built-in bot's name (``random``, ``ismcts``, ``ismcts:200``) or
a function building your bot from a seed (called once per game, and once before the
first game to read the bot's `name`, which labels its row). For games played in other
processes the function must pickle: define it, or your bot class, at the top level of a
module."""


@attrs.frozen
class Standing:
    """One entrant's results."""

    bot: str
    """The entrant's name: as given for a built-in bot, the bot's `name` for a factory."""
    games: int
    """Games played."""
    wins: int
    """Games won alone."""
    draws: int
    """Games with a shared win or nobody winning (return 0)."""
    losses: int
    """Games lost."""
    mean_return: float
    """Mean return (1 win, 0 draw, -1 loss)."""
    ci95: float
    """Half-width of the 95 % confidence interval of the mean return (normal approximation)."""


@attrs.frozen
class Tournament:
    """The results of `run_tournament`."""

    game: str
    """The game's registry name."""
    players: int
    """Seats per game."""
    games: int
    """Games played."""
    standings: tuple[Standing, ...]
    """One row per entrant, in the order given."""

    def render(self) -> str:
        """Return the results table (an entrant named more than once gets ``#2``, ``#3``…)."""
        lines = [f"{self.games} games of {self.game}, {self.players} seats, seats rotated", "",
                 f"{'bot':<16}{'games':>6}{'wins':>6}{'draws':>7}{'losses':>8}"
                 f"{'win %':>8}{'mean return':>19}"]
        names = [s.bot for s in self.standings]
        seen: dict[str, int] = {}
        for s in self.standings:
            seen[s.bot] = seen.get(s.bot, 0) + 1
            label = f"{s.bot} #{seen[s.bot]}" if names.count(s.bot) > 1 else s.bot
            lines.append(f"{label:<16}{s.games:>6}{s.wins:>6}{s.draws:>7}{s.losses:>8}"
                         f"{100 * s.wins / max(s.games, 1):>7.1f}%"
                         f"{s.mean_return:>+11.3f} ± {s.ci95:.3f}")
        return "\n".join(lines)


def run_tournament(
    game: AnyGame,
    entrants: Sequence[Entrant],
    games: int,
    *,
    players: int | None = None,
    seed: int = 0,
    progress: Callable[[int], None] | None = None,
    jobs: int = 1,
    executor: Executor | None = None,
    records: str | os.PathLike[str] | None = None,
) -> Tournament:
    """Play `games` games between the entrants: built-in bots by name (``random``,
    ``ismcts``, ``ismcts:200``) or your own, each given as a function from a seed to a bot.

    Game g (from 0) seats the entrants rotated by g (with more seats than entrants the
    list repeats), so every entrant plays every seat equally often over a multiple of the
    seat count; `players` defaults to one seat per entrant, within the game's limits.
    Each bot is built afresh for every game: the bot in seat s of game g gets the seed
    ``game_seed(seed, g, 1 + s)`` and chance draws from ``game_seed(seed, g)`` (see
    `boardrules.apps.parallel.game_seed`; `seed` is a whole number >= 0).

    The games are played here one after another (``jobs=1``), by `jobs` worker processes
    (``0``: every core), or by your `executor` (any `concurrent.futures.Executor`, such
    as a Dask client's ``client.get_executor()``). The table and the records are the same
    whoever plays the games. Games played elsewhere need your bot factories to pickle:
    one that does not is refused before any game, with the reason. `records` names a
    directory that gets every game's record and an index of who sat where (see
    `boardrules.apps.parallel.RecordWriter`). `progress(finished)` is told as games finish.

    An unknown name, a bad seat count, fewer than one game, a negative seed, bad `jobs`
    or a factory that cannot be sent raise `BoardrulesError` before any game is played.
    A game that raises stops the run with `GameFailedError` naming its number; Ctrl-C
    raises `RunInterrupted` (a `KeyboardInterrupt`) holding the table of the games
    finished so far.

    >>> from boardrules.bots import RandomBot
    >>> from boardrules.games import kivi
    >>> table = run_tournament(kivi, ["ismcts:20", RandomBot], games=4)
    >>> [(row.bot, row.games) for row in table.standings]
    [('ismcts:20', 4), ('random', 4)]
    """
    if not entrants:
        raise BoardrulesError("a tournament needs at least one entrant")
    if type(games) is not int or games < 1:
        raise BoardrulesError(f"a tournament needs games >= 1, got {games!r}")
    check_seed(seed)
    jobs = check_jobs(jobs, executor)
    shipping = jobs != 1 or executor is not None
    seats = (max(game.MIN_PLAYERS, min(len(entrants), game.MAX_PLAYERS)) if players is None
             else players)
    game.new_game(seats)  # a seat count the game does not allow fails here, naming the limits
    makers = [_maker(entrant) for entrant in entrants]
    names = [entrant if isinstance(entrant, str) else make(0).name
             for entrant, make in zip(entrants, makers, strict=True)]
    if shipping:
        for number, (name, make) in enumerate(zip(names, makers, strict=True), 1):
            check_shippable(make, f"entrant {number} ({name})")
    writer = None if records is None else RecordWriter(records, games)
    task = _TournamentGame(ship_game(game, shipping, records=writer is not None),
                           tuple(makers), len(entrants), seats, seed, writer is not None)
    played: dict[int, tuple[float, ...]] = {}

    def take(number: int, result: tuple[tuple[float, ...], str | None]) -> None:
        returns, record = result
        played[number] = returns
        if writer is not None and record is not None:
            writer.write(number, record, [names[e] for e in _order(number, len(entrants),
                                                                   seats)], list(returns))

    try:
        run_games(task, games, take, jobs=jobs, executor=executor, progress=progress)
    except KeyboardInterrupt:
        partial = _table(game.NAME, names, seats, played) if played else None
        raise RunInterrupted(len(played), games, partial) from None
    return _table(game.NAME, names, seats, played)


def _order(number: int, entrants: int, seats: int) -> list[int]:
    """Return the entrant in each seat of game `number`: the entrants rotated by it."""
    return [(number + s) % entrants for s in range(seats)]


@attrs.frozen
class _TournamentGame:
    """Play game number g of a tournament (a picklable task for `run_games`)."""

    game: GameRef
    makers: tuple[Callable[[int], Bot], ...]
    entrants: int
    seats: int
    seed: int
    record: bool

    def __call__(self, number: int) -> tuple[tuple[float, ...], str | None]:
        """Return the game's returns by seat and its record as JSON (if asked for)."""
        game = self.game.load()
        bots = [self.makers[e](game_seed(self.seed, number, 1 + s))
                for s, e in enumerate(_order(number, self.entrants, self.seats))]
        actions: list[object] = []
        state = play_game(game, bots, rng=random.Random(game_seed(self.seed, number)),
                          on_action=(lambda _, action: actions.append(action))
                          if self.record else None)
        record = None
        if self.record:
            record = to_json(Record.start(game.NAME, self.seats).extended(actions), indent=1)
        return game.returns(state), record


def _table(name: str, names: Sequence[str], seats: int,
           played: dict[int, tuple[float, ...]]) -> Tournament:
    """Tabulate the played games in the order of their numbers."""
    returns: list[list[float]] = [[] for _ in names]
    for number in sorted(played):
        for s, e in enumerate(_order(number, len(names), seats)):
            returns[e].append(played[number][s])
    standings = []
    for bot, values in zip(names, returns, strict=True):
        n = len(values)
        mean = sum(values) / n if n else 0.0
        var = sum((v - mean) ** 2 for v in values) / (n - 1) if n > 1 else 0.0
        standings.append(Standing(
            bot, n, sum(v == 1.0 for v in values), sum(v == 0.0 for v in values),
            sum(v == -1.0 for v in values), mean, 1.96 * math.sqrt(var / n) if n else 0.0,
        ))
    return Tournament(name, seats, len(played), tuple(standings))


def _maker(entrant: Entrant) -> Callable[[int], Bot]:
    """Return a function from a seed to a bot for `entrant` (a name is checked at once)."""
    if isinstance(entrant, str):
        make_bot(entrant, 0)  # an unknown name fails here, before any game
        return functools.partial(make_bot, entrant)  # a partial pickles; a lambda would not
    if not callable(entrant):
        raise BoardrulesError(f"a tournament entrant is a bot's name or a function from a "
                              f"seed to a bot, not {type(entrant).__name__}")
    return entrant
