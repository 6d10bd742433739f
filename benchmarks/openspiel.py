"""The OpenSpiel adapter's speed next to the library's, per player decision.

Usage (needs ``pip install 'boardrules[openspiel]'``)::

    python benchmarks/openspiel.py                    # every game, its smallest player count
    python benchmarks/openspiel.py kivi --players 3 --seconds 1 --repeat 7

Each mode plays random games with default options and reports CPU time per player
decision, median of `--repeat` rounds; the modes run interleaved round by round in one
process, so the ratios cancel the host's drift:

* ``fast``: the library as bots use it: `legal_actions`, a uniform pick,
  `apply_unchecked`, chance by `sample_chance` (no list of outcomes);
* ``checked``: the same with `apply` (every action checked);
* ``openspiel``: a pyspiel state as OpenSpiel users drive it: ``legal_actions()``, a
  uniform pick, ``apply_action``, and at a chance node ``chance_outcomes()`` with a draw
  from the listed probabilities (what ``pyspiel``'s own ``SampleAction`` does). The
  adapter checks every action, as ``checked`` does.

The last two columns are the adapter's speed as a share of the library's (decisions per
second of ``openspiel`` ÷ those of ``fast`` and of ``checked``).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from boardrules import CHANCE, TERMINAL
from boardrules.games import GAMES, AnyGame

try:
    from boardrules.adapters import openspiel
    from boardrules.adapters._common import numeric_games
except ImportError as exc:  # pragma: no cover - only without the extra
    raise SystemExit(f"this benchmark needs the OpenSpiel extra: {exc}") from None

Mode = Callable[[AnyGame, Any, int, random.Random], int]


def library(game: AnyGame, spiel: Any, players: int, rng: random.Random, *,
            checked: bool = False) -> int:
    """Play one game with the library alone; return its player decisions."""
    to_move, legal_actions, sample = game.to_move, game.legal_actions, game.sample_chance
    step = game.apply if checked else game.apply_unchecked
    state = game.new_game(players)
    decisions = 0
    while True:
        mover = to_move(state)
        if mover is CHANCE:
            state = step(state, sample(state, rng))
        elif mover is TERMINAL:
            return decisions
        else:
            legal = legal_actions(state)
            state = step(state, legal[rng.randrange(len(legal))])
            decisions += 1


def _draw(outcomes: list[tuple[int, float]], draw: float) -> int:
    """Return the outcome a uniform `draw` in [0, 1) picks (pyspiel's ``SampleAction``)."""
    total = 0.0
    for outcome, p in outcomes:
        total += p
        if draw < total:
            return outcome
    return outcomes[-1][0]  # rounding left the sum a hair under 1


def adapter(game: AnyGame, spiel: Any, players: int, rng: random.Random) -> int:
    """Play one game through the pyspiel state; return its player decisions."""
    state = spiel.new_initial_state()
    decisions = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(_draw(state.chance_outcomes(), rng.random()))
        else:
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
            decisions += 1
    return decisions


MODES: dict[str, Mode] = {
    "fast": library,
    "checked": lambda g, s, n, r: library(g, s, n, r, checked=True),
    "openspiel": adapter,
}


def measure(mode: Mode, game: AnyGame, spiel: Any, players: int, *, seconds: float,
            seed: int) -> float:
    """Return CPU microseconds per player decision over about `seconds` seconds."""
    rng = random.Random(seed)
    decisions = 0
    start = time.process_time()
    while (elapsed := time.process_time() - start) < seconds or decisions == 0:
        decisions += mode(game, spiel, players, rng)
    return elapsed * 1e6 / decisions


def main(argv: list[str] | None = None) -> None:
    """Print µs per decision for each mode and the adapter's share of the library's speed."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("games", nargs="*", help="default: every game with the numeric layer")
    parser.add_argument("--players", type=int, help="player count (default: the smallest)")
    parser.add_argument("--seconds", type=float, default=0.5, help="time per measurement")
    parser.add_argument("--repeat", type=int, default=5, help="rounds (median)")
    args = parser.parse_args(argv)
    names = args.games or list(numeric_games())
    print(f"{'game':<15}{'players':>8}" + "".join(f"{m + ' µs':>14}" for m in MODES)
          + f"{'÷ fast':>9}{'÷ checked':>11}")
    for name in names:
        game = GAMES[name]
        players = args.players or game.MIN_PLAYERS
        spiel = openspiel.load(name, players)
        runs: dict[str, list[float]] = {m: [] for m in MODES}
        for round_ in range(args.repeat):
            order = list(MODES) if round_ % 2 == 0 else list(reversed(MODES))
            for m in order:
                runs[m].append(measure(MODES[m], game, spiel, players, seconds=args.seconds,
                                       seed=round_))
        us = {m: statistics.median(v) for m, v in runs.items()}
        print(f"{name:<15}{players:>8}" + "".join(f"{us[m]:>14.1f}" for m in MODES)
              + f"{us['fast'] / us['openspiel']:>8.0%}{us['checked'] / us['openspiel']:>11.0%}",
              flush=True)


if __name__ == "__main__":
    main()
