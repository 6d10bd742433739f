"""Throughput of random playouts: player decisions/s and games/s, checked and fast `apply`.

Usage::

    python benchmarks/run.py                 # every game, every player count
    python benchmarks/run.py kivi --seconds 10 --players 2

Chance nodes are resolved with `sample_chance`; every decision calls `legal_actions`
and picks uniformly at random. "checked" uses `apply` (legality verified),
"fast" uses `apply_unchecked` (the trusted path for bots).

The host's speed drifts from minute to minute, so each figure is the median of
`--repeat` measurements taken alternately checked and fast, and the last column
compares it with 2-player KIVI checked measured the same way at the start of the run
(a yardstick that cancels most of the drift).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from boardrules.games import GAMES, AnyGame

sys.path.insert(0, str(Path(__file__).resolve().parent))

from speed import _loop  # the loop speed.py times


def playout(game: AnyGame, players: int, rng: random.Random,
            step: Callable[[Any, Any], Any]) -> int:
    """Play one random game; return the number of player decisions."""
    return _loop(game, game.new_game(players), rng, step)[1]


def measure(game: AnyGame, players: int, seconds: float, checked: bool,
            seed: int = 0) -> tuple[float, float, int]:
    """Return (decisions/s, games/s, games played) over about `seconds` seconds."""
    rng = random.Random(seed)
    step = game.apply if checked else game.apply_unchecked
    games = decisions = 0
    start = time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds or games == 0:
        decisions += playout(game, players, rng, step)
        games += 1
    elapsed = time.perf_counter() - start
    return decisions / elapsed, games / elapsed, games


def main(argv: list[str] | None = None) -> None:
    """Print a table of throughput figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help=f"default: every game ({', '.join(GAMES)})")
    parser.add_argument("--players", type=int, action="append",
                        help="player count (repeatable; default: every supported count)")
    parser.add_argument("--seconds", type=float, default=1.0, help="time per measurement")
    parser.add_argument("--repeat", type=int, default=5, help="measurements per figure (median)")
    args = parser.parse_args(argv)
    unknown = sorted(set(args.games) - set(GAMES))
    if unknown:
        parser.error(f"unknown game(s) {', '.join(unknown)}; known: {', '.join(GAMES)}")
    def median_pair(game: AnyGame, players: int) -> tuple[float, float, float, float]:
        runs: dict[bool, list[tuple[float, float, int]]] = {True: [], False: []}
        for _ in range(args.repeat):
            for checked in (True, False):
                runs[checked].append(measure(game, players, args.seconds, checked))
        med = statistics.median
        checked_runs, fast_runs = runs[True], runs[False]
        return (med(r[0] for r in checked_runs), med(r[1] for r in checked_runs),
                med(r[0] for r in fast_runs), med(r[1] for r in fast_runs))

    yardstick = median_pair(GAMES["kivi"], 2)[0]
    print(f"yardstick: kivi 2 players checked {yardstick:,.0f} decisions/s "
          f"(median of {args.repeat} × {args.seconds:g} s)\n")
    print(f"{'game':<15}{'players':>8}{'mode':>9}{'decisions/s':>14}{'games/s':>10}"
          f"{'µs/decision':>13}{'× kivi':>8}")
    for name in args.games or list(GAMES):
        game = GAMES[name]
        counts = args.players or range(game.MIN_PLAYERS, game.MAX_PLAYERS + 1)
        for players in counts:
            c_dps, c_gps, f_dps, f_gps = median_pair(game, players)
            for mode, dps, gps in (("checked", c_dps, c_gps), ("fast", f_dps, f_gps)):
                print(f"{name:<15}{players:>8}{mode:>9}{dps:>14,.0f}{gps:>10,.1f}"
                      f"{1e6 / dps:>13.1f}{dps / yardstick:>8.2f}", flush=True)


if __name__ == "__main__":
    main()
