"""Tournaments: bots play many games with seats rotated; wins, draws and mean returns."""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from typing import Any

import attrs

from boardrules.bots import Bot, play_game
from boardrules.errors import BoardrulesError
from boardrules.game import Game
from boardrules.terminal import check_seed, make_bot

__all__ = ["Entrant", "Standing", "Tournament", "run_tournament"]

AnyGame = Game[Any, Any, Any, Any]

Entrant = str | Callable[[int], Bot]
"""A tournament entrant: a built-in bot's name (``random``, ``ismcts``, ``ismcts:200``) or
a function building your bot from a seed (called once per game, and once before the
first game to read the bot's `name`, which labels its row)."""


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
) -> Tournament:
    """Play `games` games between the entrants: built-in bots by name (``random``,
    ``ismcts``, ``ismcts:200``) or your own, each given as a function from a seed to a bot.

    Game g seats the entrants rotated by g (with more seats than entrants the list
    repeats), so every entrant plays every seat equally often over a multiple of the
    seat count; `players` defaults to one seat per entrant, within the game's limits.
    Each bot is built afresh for every game with its own seed; chance draws from `seed`
    (a whole number >= 0) and g. An unknown name, a bad seat count, fewer than one game
    or a negative seed raise `BoardrulesError` before any game is played.

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
    seats = (max(game.MIN_PLAYERS, min(len(entrants), game.MAX_PLAYERS)) if players is None
             else players)
    game.new_game(seats)  # a seat count the game does not allow fails here, naming the limits
    makers = [_maker(entrant) for entrant in entrants]
    names = [entrant if isinstance(entrant, str) else make(0).name
             for entrant, make in zip(entrants, makers, strict=True)]
    returns: list[list[float]] = [[] for _ in entrants]
    for g in range(games):
        order = [(g + s) % len(entrants) for s in range(seats)]
        bots = [makers[e](seed * 1_000_003 + g * 31 + s) for s, e in enumerate(order)]
        state = play_game(game, bots, rng=random.Random(seed * 7_919 + g))
        for s, e in enumerate(order):
            returns[e].append(game.returns(state)[s])
        if progress is not None:
            progress(g + 1)
    standings = []
    for name, values in zip(names, returns, strict=True):
        n = len(values)
        mean = sum(values) / n if n else 0.0
        var = sum((v - mean) ** 2 for v in values) / (n - 1) if n > 1 else 0.0
        standings.append(Standing(
            name, n, sum(v == 1.0 for v in values), sum(v == 0.0 for v in values),
            sum(v == -1.0 for v in values), mean, 1.96 * math.sqrt(var / n) if n else 0.0,
        ))
    return Tournament(game.NAME, seats, games, tuple(standings))


def _maker(entrant: Entrant) -> Callable[[int], Bot]:
    """Return a function from a seed to a bot for `entrant` (a name is checked at once)."""
    if isinstance(entrant, str):
        make_bot(entrant, 0)  # an unknown name fails here, before any game
        return lambda seed: make_bot(entrant, seed)
    if not callable(entrant):
        raise BoardrulesError(f"a tournament entrant is a bot's name or a function from a "
                              f"seed to a bot, not {type(entrant).__name__}")
    return entrant
