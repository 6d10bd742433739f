"""The ``boardrules`` command line.

``boardrules games`` lists the games; ``boardrules simulate GAME`` plays random games
and prints a summary.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Sequence
from typing import TextIO

import attrs

from boardrules import __version__
from boardrules.errors import BoardrulesError
from boardrules.game import CHANCE, TERMINAL
from boardrules.games import GAMES, AnyGame

__all__ = ["Summary", "main", "simulate"]


class Progress:
    """A plain progress bar on a text stream; redraws in place on a terminal."""

    def __init__(self, total: int, stream: TextIO, label: str) -> None:
        self.total = total
        self.stream = stream
        self.label = label
        self.live = stream.isatty()
        self.start = time.perf_counter()
        self.shown = -1

    def update(self, done: int) -> None:
        """Show that `done` of `total` items are finished."""
        percent = 100 * done // self.total
        if percent == self.shown or (not self.live and percent % 10 and done != self.total):
            return
        self.shown = percent
        width = 30
        filled = width * done // self.total
        elapsed = time.perf_counter() - self.start
        eta = elapsed / done * (self.total - done) if done else 0.0
        bar = "#" * filled + "-" * (width - filled)
        line = (f"{self.label} [{bar}] {done}/{self.total} {percent:3d}% "
                f"{elapsed:5.1f}s eta {eta:4.1f}s")
        self.stream.write(("\r" + line) if self.live else line + "\n")
        if self.live and done == self.total:
            self.stream.write("\n")
        self.stream.flush()


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


def simulate(
    game: AnyGame,
    players: int,
    games: int,
    seed: int,
    *,
    progress: Progress | None = None,
) -> Summary:
    """Play `games` uniformly random games (chance by `sample_chance`) and summarise them.

    Every decision uses the checked `apply`, so a simulation also exercises the rules.
    """
    rng = random.Random(seed)
    wins = [0] * players
    shared = [0] * players
    totals = [0.0] * players
    no_winner = decisions = actions = 0
    options = game.Options()
    start = time.perf_counter()
    for number in range(1, games + 1):
        state = game.new_game(players, options)
        while (mover := game.to_move(state)) is not TERMINAL:
            if mover is CHANCE:
                action = game.sample_chance(state, rng)
            else:
                legal = game.legal_actions(state)
                action = legal[rng.randrange(len(legal))]
                decisions += 1
            state = game.apply(state, action)
            actions += 1
        result = game.result(state)
        for seat, score in enumerate(result.scores):
            totals[seat] += score
        if not result.winners:
            no_winner += 1
        for seat in result.winners:
            (wins if len(result.winners) == 1 else shared)[seat] += 1
        if progress is not None:
            progress.update(number)
    return Summary(
        game.NAME, players, games, tuple(wins), tuple(shared), no_winner,
        tuple(t / games for t in totals), decisions / games, actions / games,
        time.perf_counter() - start,
    )


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="boardrules", description="Rules engines for five tabletop games."
    )
    parser.add_argument("--version", action="version", version=f"boardrules {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    commands.add_parser("games", help="list the games")
    sim = commands.add_parser("simulate", help="play random games and summarise them")
    sim.add_argument("game", help="the game's name (see 'boardrules games')")
    sim.add_argument("--players", type=int, help="players per game (default: the fewest)")
    sim.add_argument("--games", type=int, default=100, help="games to play (default 100)")
    sim.add_argument("--seed", type=int, default=0, help="random seed (default 0)")
    sim.add_argument("--quiet", action="store_true", help="no progress bar")
    return parser


def main(argv: Sequence[str] | None = None, *, out: TextIO | None = None,
         err: TextIO | None = None) -> int:
    """Run the command line; return the exit status."""
    out = out or sys.stdout
    err = err or sys.stderr
    args = _parser().parse_args(argv)
    try:
        if args.command == "games":
            out.write(f"{'name':<16}{'players':<9}title\n")
            for name, game in GAMES.items():
                counts = f"{game.MIN_PLAYERS}-{game.MAX_PLAYERS}" if game.MAX_PLAYERS > \
                    game.MIN_PLAYERS else str(game.MIN_PLAYERS)
                out.write(f"{name:<16}{counts:<9}{game.TITLE}\n")
            return 0
        if args.game not in GAMES:
            err.write(f"boardrules: unknown game {args.game!r}; known games: "
                      f"{', '.join(GAMES)}\n")
            return 2
        game = GAMES[args.game]
        players = game.MIN_PLAYERS if args.players is None else args.players
        if not game.MIN_PLAYERS <= players <= game.MAX_PLAYERS:
            err.write(f"boardrules: {game.TITLE} is for {game.MIN_PLAYERS} to "
                      f"{game.MAX_PLAYERS} players, not {players}\n")
            return 2
        if args.games < 1:
            err.write("boardrules: --games must be at least 1\n")
            return 2
        progress = None if args.quiet else Progress(args.games, err, args.game)
        summary = simulate(game, players, args.games, args.seed, progress=progress)
        out.write(summary.render() + "\n")
        return 0
    except BoardrulesError as exc:  # pragma: no cover - a bug in a game, reported plainly
        err.write(f"boardrules: {exc}\n")
        return 1
    except KeyboardInterrupt:
        err.write("\nboardrules: interrupted\n")
        return 130


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
