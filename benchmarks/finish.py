"""Do games end by their rules? ISMCTS self-play and random play, per game and player count.

Usage::

    python benchmarks/finish.py                                  # every game and count
    python benchmarks/finish.py captain_bluff --players 2 3 --games 20 --iterations 200
    python benchmarks/finish.py lustry --games 10 --start 10 --random 0   # split a run

For each game and player count it plays ``--games`` games of ISMCTS self-play (every
seat an `ISMCTSBot` with ``--iterations`` a move and its default rollouts) and
``--random`` games of random play, and prints the share of games the rules ended (not
an engine bound such as a turn limit: `Result.truncated`), the mean and longest game in
player decisions, and the CPU seconds per self-play game. Game g draws chance from a
generator seeded by g and seats bots seeded 1000 g + seat, so runs split with
``--start`` add up. Issue #30 asks for 95 % or more of self-play games ended by the
rules in every game and player count.
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

from boardrules.bots import Bot, ISMCTSBot, RandomBot, play_game
from boardrules.games import GAMES


def one_game(name: str, bots: list[Bot], g: int) -> tuple[bool, int]:
    """Play game `g` with `bots`; return whether the rules ended it, and its decisions."""
    game = GAMES[name]
    decisions = 0

    def count(state: Any, action: Any) -> None:
        nonlocal decisions
        decisions += isinstance(game.to_move(state), int)

    state = play_game(game, bots, rng=random.Random(g), on_action=count)
    return not game.result(state).truncated, decisions


def report(label: str, results: list[tuple[bool, int]], seconds: float | None = None) -> str:
    """Return one summary line of a batch of games."""
    n = len(results)
    ended = sum(e for e, _ in results)
    lengths = [d for _, d in results]
    cpu = "" if seconds is None else f", {seconds / n:.1f} CPU s a game"
    return (f"{label}: {n} games, {ended} ended by the rules ({100 * ended / n:.1f} %), "
            f"{n - ended} truncated; decisions mean {sum(lengths) / n:.0f}, "
            f"longest {max(lengths)}{cpu}")


def main(argv: list[str] | None = None) -> None:
    """Print a line per self-play game (unless ``--quiet``) and summaries."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("names", nargs="*", help=f"default: every game ({', '.join(GAMES)})")
    parser.add_argument("--players", type=int, nargs="+", help="default: every count allowed")
    parser.add_argument("--games", type=int, default=20, help="self-play games (default 20)")
    parser.add_argument("--random", type=int, default=200, help="random games (default 200)")
    parser.add_argument("--iterations", type=int, default=1000)
    parser.add_argument("--start", type=int, default=0, help="number of the first game")
    parser.add_argument("--quiet", action="store_true", help="no line per self-play game")
    args = parser.parse_args(argv)
    unknown = sorted(set(args.names) - set(GAMES))
    if unknown:
        parser.error(f"unknown game(s) {', '.join(unknown)}; known: {', '.join(GAMES)}")
    for name in args.names or list(GAMES):
        game = GAMES[name]
        counts = args.players or range(game.MIN_PLAYERS, game.MAX_PLAYERS + 1)
        for players in counts:
            games = range(args.start, args.start + args.games)
            if args.random:
                played = [one_game(name, [RandomBot(1000 * g + s) for s in range(players)], g)
                          for g in range(args.start, args.start + args.random)]
                print(report(f"{name} {players}p random", played), flush=True)
            if not args.games:
                continue
            played = []
            start = time.process_time()
            for g in games:
                bots: list[Bot] = [ISMCTSBot(args.iterations, seed=1000 * g + s)
                                   for s in range(players)]
                played.append(one_game(name, bots, g))
                if not args.quiet:
                    ended, decisions = played[-1]
                    print(f"  {name} {players}p game {g}: "
                          f"{'ended' if ended else 'TRUNCATED'}, {decisions} decisions",
                          flush=True)
            print(report(f"{name} {players}p ismcts:{args.iterations} self-play", played,
                         time.process_time() - start), flush=True)


if __name__ == "__main__":
    main()
