"""CPU time per player decision of random play: the library's games next to its peers'.

Usage (OpenSpiel and RLCard are not dependencies of boardrules: install them beside it,
``pip install open_spiel rlcard``; a peer that is missing is left out of the table)::

    python benchmarks/peers.py                        # 9 interleaved rounds of 1 s
    python benchmarks/peers.py --rounds 5 --seconds 0.5

Every way of playing plays whole random games: the legal actions listed, one drawn
uniformly, applied; chance resolved the peer's own usual way. The library's games use
`sample_chance` and `apply_unchecked` (what a bot runs); OpenSpiel's are driven from
Python through `pyspiel` (``apply_action`` in place, and ``child`` for a new state per
step, what an immutable API gives for free; chance by a draw from ``chance_outcomes``,
as ``pyspiel``'s own samplers do); RLCard's through its environments (``env.step``,
which also encodes each player's observation). The toy is the pure-Python yardstick of
`reference.py`: a frozen board rebuilt at every move, the floor of the library's design.

The rounds run interleaved (see `interleaved.py`), so the ratios in one table hold on a
drifting machine; the figures themselves do not travel between runs or machines.
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Callable
from typing import Any

from interleaved import Play, medians
from reference import reference_steps
from run import playout

from boardrules.games import GAMES


def library_play(name: str) -> Play:
    game = GAMES[name]
    return lambda rng: playout(game, game.MIN_PLAYERS, rng, game.apply_unchecked)


def toy_play(rng: random.Random) -> int:
    return reference_steps(50, rng.randrange(1 << 30))  # 50 games: seeding is not timed much


def openspiel_plays() -> dict[str, Play]:
    try:
        import open_spiel.python.games  # noqa: F401 - registers the Python games
        import pyspiel
    except ImportError:
        return {}

    def play(name: str, *, child: bool) -> Play:
        game = pyspiel.load_game(name)

        def one(rng: random.Random) -> int:
            state = game.new_initial_state()
            decisions = 0
            while not state.is_terminal():
                if state.is_chance_node():
                    actions, weights = zip(*state.chance_outcomes(), strict=True)
                    action = rng.choices(actions, weights)[0]
                else:
                    legal = state.legal_actions()
                    action = legal[rng.randrange(len(legal))]
                    decisions += 1
                if child:
                    state = state.child(action)
                else:
                    state.apply_action(action)
            return decisions
        return one

    return {
        "OpenSpiel C++ liars_dice": play("liars_dice", child=False),
        "OpenSpiel C++ hearts": play("hearts", child=False),
        "OpenSpiel C++ hearts, child()": play("hearts", child=True),
        "OpenSpiel C++ gin_rummy": play("gin_rummy", child=False),
        "OpenSpiel Python liars_poker": play("python_liars_poker", child=False),
        "OpenSpiel Python block_dominoes": play("python_block_dominoes", child=False),
    }


def rlcard_plays() -> dict[str, Play]:
    try:
        import rlcard
    except ImportError:
        return {}

    def play(name: str) -> Play:
        env: Any = rlcard.make(name, config={"seed": 0})

        def one(rng: random.Random) -> int:
            state, _ = env.reset()
            decisions = 0
            while not env.is_over():
                legal = list(state["legal_actions"])
                state, _ = env.step(legal[rng.randrange(len(legal))])
                decisions += 1
            return decisions
        return one

    return {"RLCard uno": play("uno"), "RLCard leduc-holdem": play("leduc-holdem")}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--seconds", type=float, default=1.0)
    args = parser.parse_args(argv)
    plays: dict[str, Callable[[random.Random], int]] = {
        f"boardrules {name}": library_play(name) for name in sorted(GAMES)}
    plays["toy frozen board (reference.py)"] = toy_play
    plays |= openspiel_plays() | rlcard_plays()
    times = medians(plays, repeat=args.rounds, seconds=args.seconds)
    toy = times["toy frozen board (reference.py)"]
    print(f"medians of {args.rounds} interleaved rounds of {args.seconds} s CPU each\n")
    print("| random play | µs per decision | × the toy |")
    print("|---|---:|---:|")
    for name, us in sorted(times.items(), key=lambda item: item[1]):
        print(f"| {name} | {us:.1f} | {us / toy:.2f} |")


if __name__ == "__main__":
    main()
