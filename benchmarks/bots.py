"""ISMCTS against random play: win rate per game and time per ISMCTS move.

Usage::

    python benchmarks/bots.py                       # every game, 200 games, 1,000 iterations
    python benchmarks/bots.py kivi --games 50 --iterations 200
    python benchmarks/bots.py lustry --games 100 --start 100   # games 100-199 (split a run)

Seats rotate: game g puts ISMCTS in seat g mod players, random bots elsewhere. Game g
is seeded by g alone, so runs split with ``--start`` add up to one run. ISMCTS uses its
default rollouts: to the end, or 40 steps scored by the game's heuristic (Lustry,
Captain Bluff).
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from boardrules.bots import Decision, ISMCTSBot, RandomBot, play_game
from boardrules.games import GAMES


class TimedBot:
    """Wraps a bot and records the CPU time of each of its moves (the host is shared:
    wall-clock time would count other processes)."""

    def __init__(self, bot: ISMCTSBot) -> None:
        self.bot = bot
        self.name = bot.name
        self.times: list[float] = []

    def act(self, decision: Decision) -> Any:
        start = time.process_time()
        action = self.bot.act(decision)
        self.times.append(time.process_time() - start)
        return action


def one_game(name: str, players: int, iterations: int, g: int) -> tuple[float, list[float]]:
    """Play game number `g` (ISMCTS in seat g mod players); return its return and move times."""
    game = GAMES[name]
    seat = g % players
    timed = TimedBot(ISMCTSBot(iterations, seed=g))
    bots: list[Any] = [RandomBot(1000 + g * players + s) for s in range(players)]
    bots[seat] = timed
    state = play_game(game, bots, rng=random.Random(g))
    return game.returns(state)[seat], timed.times


def main(argv: list[str] | None = None) -> None:
    """Print one line per game: ISMCTS win rate against random and its time per move."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help=f"default: every game ({', '.join(GAMES)})")
    parser.add_argument("--games", dest="count", type=int, default=200)
    parser.add_argument("--iterations", type=int, default=1000)
    parser.add_argument("--players", type=int, help="default: the fewest the game allows")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    parser.add_argument("--start", type=int, default=0, help="number of the first game")
    args = parser.parse_args(argv)
    unknown = sorted(set(args.games) - set(GAMES))
    if unknown:
        parser.error(f"unknown game(s) {', '.join(unknown)}; known: {', '.join(GAMES)}")
    print(f"{'game':<15}{'players':>8}{'games':>7}{'wins':>6}{'draws':>7}{'win %':>8}"
          f"{'± 95%':>7}{'cpu ms/move':>13}{'moves':>7}", flush=True)
    for name in args.games or list(GAMES):
        game = GAMES[name]
        players = args.players or game.MIN_PLAYERS
        wins = draws = 0
        times: list[float] = []
        with ProcessPoolExecutor(args.jobs) as pool:
            results = pool.map(one_game, [name] * args.count, [players] * args.count,
                               [args.iterations] * args.count,
                               range(args.start, args.start + args.count))
            for done, (outcome, moves) in enumerate(results, start=1):
                wins += outcome == 1.0
                draws += outcome == 0.0
                times += moves
                print(f"  {name}: {done}/{args.count} games, {wins} wins, {draws} draws, "
                      f"{len(times)} moves in {sum(times):.0f} s", file=sys.stderr, flush=True)
        rate = wins / args.count
        half = 1.96 * math.sqrt(rate * (1 - rate) / args.count)
        ms = 1000 * sum(times) / max(len(times), 1)
        print(f"{name:<15}{players:>8}{args.count:>7}{wins:>6}{draws:>7}{100 * rate:>7.1f}%"
              f"{100 * half:>6.1f}%{ms:>13.1f}{len(times):>7}", flush=True)


if __name__ == "__main__":
    main()
