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
* ``listed``: ``checked`` with chance drawn from the listed `chance_outcomes` (their
  fractions as floats), as OpenSpiel must: what listing costs the library itself;
* ``openspiel``: a pyspiel state as OpenSpiel users drive it: ``legal_actions()``, a
  uniform pick, ``apply_action``, and at a chance node ``chance_outcomes()`` with a draw
  from the listed probabilities (what ``pyspiel``'s own ``SampleAction`` does). The
  adapter checks every action, as ``checked`` does.

The last columns are the adapter's speed as a share of the library's (decisions per
second of ``openspiel`` ÷ those of ``fast``, ``checked`` and ``listed``).

``--matches N`` plays instead N games of OpenSpiel's own MCTS (random rollouts) and, for
games of imperfect information, ISMCTS as player 0 against uniform random bots, and
prints player 0's wins, draws (or cut-off games) and losses. Lustry and Captain Bluff
play with a turn limit of 20 there, so that a match takes seconds.
"""

from __future__ import annotations

import argparse
import functools
import random
import time
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from interleaved import Play, medians
from numeric import play
from run import playout

from boardrules.games import GAMES, AnyGame

try:
    from boardrules.adapters import openspiel
    from boardrules.adapters._common import numeric_games
except ImportError as exc:  # pragma: no cover - only without the extra
    raise SystemExit(f"this benchmark needs the OpenSpiel extra: {exc}") from None

Mode = Callable[[AnyGame, Any, int, random.Random], int]
T = TypeVar("T")


def library(game: AnyGame, spiel: Any, players: int, rng: random.Random, *,
            checked: bool = False) -> int:
    """Play one game with the library alone; return its player decisions."""
    return playout(game, players, rng, game.apply if checked else game.apply_unchecked)


def listed(game: AnyGame, spiel: Any, players: int, rng: random.Random) -> int:
    """Play one game with the library, checked, chance drawn from the listed outcomes."""
    outcomes, legal_actions = game.chance_outcomes, game.legal_actions

    def decide(state: Any, mover: int, rng: random.Random) -> Any:
        legal = legal_actions(state)
        return legal[rng.randrange(len(legal))]

    def draw(state: Any, rng: random.Random) -> Any:
        return _draw([(a, float(p)) for a, p in outcomes(state)], rng.random())

    return play(game, None, players, rng, decide, step=game.apply, sample=draw)


def _draw(outcomes: Sequence[tuple[T, float]], draw: float) -> T:
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
    "listed": listed,
    "openspiel": adapter,
}


MATCH_OPTIONS: dict[str, dict[str, int]] = {"lustry": {"turn_limit": 20},
                                             "captain_bluff": {"turn_limit": 20}}
"""Options of the matches: the default turn limits make games of thousands of decisions."""


def matches(name: str, players: int, games: int, simulations: int) -> None:
    """Print how MCTS and ISMCTS (as player 0) fare against random bots."""
    import numpy as np
    from open_spiel.python.algorithms import ismcts, mcts
    from open_spiel.python.bots import uniform_random

    game = GAMES[name]
    spiel = openspiel.load(name, players, game.Options(**MATCH_OPTIONS.get(name, {})))
    rng = np.random.RandomState(1)
    rollouts = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    searchers: dict[str, Any] = {"MCTS": mcts.MCTSBot(
        spiel, uct_c=2.0, max_simulations=simulations, evaluator=rollouts, random_state=rng)}
    if not getattr(game, "PERFECT_INFORMATION", False):
        searchers["ISMCTS"] = ismcts.ISMCTSBot(spiel, rollouts, uct_c=2.0,
                                               max_simulations=simulations, random_state=rng)
    for label, searcher in searchers.items():
        tally = [0, 0, 0]
        start = time.process_time()
        for _ in range(games):
            bots = [searcher] + [uniform_random.UniformRandomBot(p, rng)
                                 for p in range(1, players)]
            state = spiel.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
                    state.apply_action(rng.choice(outcomes, p=probabilities))
                else:
                    state.apply_action(bots[state.current_player()].step(state))
            result = state.returns()[0]
            tally[0 if result > 0 else 1 if result == 0 else 2] += 1
        print(f"{name:<15}{players:>8}  {label:<7}{simulations:>5} simulations: "
              f"{tally[0]} won, {tally[1]} drawn or cut off, {tally[2]} lost "
              f"({time.process_time() - start:.0f} s CPU)", flush=True)


def main(argv: list[str] | None = None) -> None:
    """Print µs per decision for each mode and the adapter's share of the library's speed."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("games", nargs="*", help="default: every game with the numeric layer")
    parser.add_argument("--players", type=int, help="player count (default: the smallest)")
    parser.add_argument("--seconds", type=float, default=0.5, help="time per measurement")
    parser.add_argument("--repeat", type=int, default=5, help="rounds (median)")
    parser.add_argument("--matches", type=int, metavar="N",
                        help="play N games of MCTS and ISMCTS against random bots instead")
    parser.add_argument("--simulations", type=int, default=50,
                        help="simulations per decision of MCTS and ISMCTS (default 50)")
    args = parser.parse_args(argv)
    names = args.games or list(numeric_games())
    if args.matches:
        for name in names:
            matches(name, args.players or GAMES[name].MIN_PLAYERS, args.matches,
                    args.simulations)
        return
    print(f"{'game':<15}{'players':>8}" + "".join(f"{m + ' µs':>14}" for m in MODES)
          + f"{'÷ fast':>9}{'÷ checked':>11}{'÷ listed':>10}")
    for name in names:
        game = GAMES[name]
        players = args.players or game.MIN_PLAYERS
        spiel = openspiel.load(name, players)
        plays: dict[str, Play] = {m: functools.partial(mode, game, spiel, players)
                                  for m, mode in MODES.items()}
        us = medians(plays, repeat=args.repeat, seconds=args.seconds)
        print(f"{name:<15}{players:>8}" + "".join(f"{us[m]:>14.1f}" for m in MODES)
              + f"{us['fast'] / us['openspiel']:>9.0%}{us['checked'] / us['openspiel']:>11.0%}"
              + f"{us['listed'] / us['openspiel']:>10.0%}",
              flush=True)


if __name__ == "__main__":
    main()
