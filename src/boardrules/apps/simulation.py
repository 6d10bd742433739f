"""Random games, many of them: wins per seat, mean scores, game length and speed.

`simulate` is what ``boardrules simulate`` runs. Game *n* draws every chance outcome
and every move from one generator seeded by ``game_seed(seed, n)`` (see
`boardrules.apps.parallel.game_seed`), so the same seed gives the same games — and the same
summary and records — whether one process plays them or many.
"""

from __future__ import annotations

import os
import random
import time
from collections.abc import Callable
from concurrent.futures import Executor

import attrs

from boardrules.apps.parallel import (
    GameRef,
    RecordWriter,
    RunInterrupted,
    check_jobs,
    game_seed,
    run_games,
    ship_game,
)
from boardrules.errors import BoardrulesError
from boardrules.game import CHANCE, TERMINAL
from boardrules.games import GAMES, AnyGame
from boardrules.records import Record
from boardrules.serialization import to_json

__all__ = ["Summary", "simulate"]


@attrs.frozen
class Summary:
    """What `simulate` measured."""

    game: str
    """The game's registry name."""
    players: int
    """Players per game."""
    games: int
    """Games played."""
    wins: tuple[int, ...]
    """Games each seat won alone."""
    shared: tuple[int, ...]
    """Games each seat shared the win (a draw among the best)."""
    no_winner: int
    """Games nobody won."""
    mean_scores: tuple[float, ...]
    """Each seat's mean score in the game's own terms."""
    mean_decisions: float
    """Mean player decisions per game."""
    mean_actions: float
    """Mean actions per game, chance outcomes included."""
    seconds: float
    """Wall time of the simulation."""

    @property
    def decisions_per_second(self) -> float:
        """Player decisions per second of wall time."""
        return self.mean_decisions * self.games / self.seconds if self.seconds else 0.0

    def render(self) -> str:
        """Return the summary as a table for people."""
        lines = [
            f"{self.games} random games of {GAMES[self.game].TITLE}, {self.players} players",
            "",
            f"{'seat':>6}{'wins':>8}{'win %':>8}{'shared':>8}{'mean score':>12}",
        ]
        for seat in range(self.players):
            lines.append(
                f"{seat:>6}{self.wins[seat]:>8}{100 * self.wins[seat] / self.games:>7.1f}%"
                f"{self.shared[seat]:>8}{self.mean_scores[seat]:>12.2f}"
            )
        lines += [
            "",
            f"no winner:          {self.no_winner}",
            f"mean length:        {self.mean_decisions:.1f} decisions "
            f"({self.mean_actions:.1f} actions with chance)",
            f"decisions/second:   {self.decisions_per_second:,.0f}",
            f"wall time:          {self.seconds:.2f} s",
        ]
        return "\n".join(lines)


@attrs.frozen
class _Played:
    """One random game, as a worker sends it back."""

    scores: tuple[int, ...]
    winners: tuple[int, ...]
    returns: tuple[float, ...]
    decisions: int
    actions: int
    record: str | None


@attrs.frozen
class _RandomGame:
    """Play game number n of a simulation (a picklable task for `run_games`)."""

    game: GameRef
    players: int
    seed: int
    record: bool

    def __call__(self, number: int) -> _Played:
        game = self.game.load()
        rng = random.Random(game_seed(self.seed, number))
        options = game.Options()
        state = game.new_game(self.players, options)
        played: list[object] = []
        decisions = 0
        while (mover := game.to_move(state)) is not TERMINAL:
            if mover is CHANCE:
                action = game.sample_chance(state, rng)
            else:
                legal = game.legal_actions(state)
                action = legal[rng.randrange(len(legal))]
                decisions += 1
            state = game.apply(state, action)
            played.append(action)
        result = game.result(state)
        record = None
        if self.record:
            record = to_json(Record.start(game.NAME, self.players, options).extended(played),
                             indent=1)
        return _Played(result.scores, result.winners, result.returns(), decisions,
                       len(played), record)


def simulate(
    game: AnyGame,
    players: int,
    games: int,
    seed: int,
    *,
    progress: Callable[[int], None] | None = None,
    jobs: int = 1,
    executor: Executor | None = None,
    records: str | os.PathLike[str] | None = None,
) -> Summary:
    """Play `games` uniformly random games (chance by `sample_chance`) and summarise them.

    Every decision uses the checked `apply`, so a simulation also exercises the rules.
    Game n (from 0) is seeded by ``game_seed(seed, n)``; `jobs` worker processes (``0``:
    every core) or your `executor` play the games, with the same summary whoever plays
    them (bar the wall time). `records` names a directory that gets every game's record
    (see `boardrules.apps.parallel.RecordWriter`). `progress(finished)` is told as games finish.

    Raises `BoardrulesError` for bad settings before any game, `GameFailedError` if a game
    raises, and `RunInterrupted` (a `KeyboardInterrupt`) with the summary of the finished
    games on Ctrl-C.

    >>> from boardrules.games import kivi
    >>> simulate(kivi, 2, games=3, seed=1).games
    3
    """
    if type(games) is not int or games < 1:
        raise BoardrulesError(f"a simulation needs games >= 1, got {games!r}")
    jobs = check_jobs(jobs, executor)
    game.new_game(players)  # a player count the game does not allow fails here
    writer = None if records is None else RecordWriter(records, games)
    task = _RandomGame(ship_game(game, jobs != 1 or executor is not None,
                                 records=writer is not None), players, seed, writer is not None)
    played: dict[int, _Played] = {}

    def take(number: int, result: _Played) -> None:
        played[number] = result
        if writer is not None and result.record is not None:
            writer.write(number, result.record, ["random"] * players, list(result.returns))

    start = time.perf_counter()
    try:
        run_games(task, games, take, jobs=jobs, executor=executor, progress=progress)
    except KeyboardInterrupt:
        partial = _summary(game.NAME, players, played, time.perf_counter() - start)
        raise RunInterrupted(len(played), games, partial) from None
    summary = _summary(game.NAME, players, played, time.perf_counter() - start)
    assert summary is not None  # every game was played
    return summary


def _summary(name: str, players: int, played: dict[int, _Played],
             seconds: float) -> Summary | None:
    """Summarise the played games in the order of their numbers (None if there are none)."""
    if not played:
        return None
    wins = [0] * players
    shared = [0] * players
    totals = [0.0] * players
    no_winner = decisions = actions = 0
    for number in sorted(played):
        game = played[number]
        for seat, score in enumerate(game.scores):
            totals[seat] += score
        if not game.winners:
            no_winner += 1
        for seat in game.winners:
            (wins if len(game.winners) == 1 else shared)[seat] += 1
        decisions += game.decisions
        actions += game.actions
    count = len(played)
    return Summary(name, players, count, tuple(wins), tuple(shared), no_winner,
                   tuple(t / count for t in totals), decisions / count, actions / count,
                   seconds)
