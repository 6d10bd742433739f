"""The cost of pictures: SVG pictures per second per game, against the game's own playouts.

Usage::

    python benchmarks/pictures.py                 # every game with pictures
    python benchmarks/pictures.py kivi --seconds 2

For each game, rounds alternate two measurements of CPU time (``time.process_time``):
random playouts as in ``benchmarks/run.py`` (player decisions per second, checked
`apply`), and pictures (`svg` of the observation of a player, or the spectator, in turn,
of positions taken from seeded random games). The last column says how many playout
decisions one picture costs, a ratio measured in the same run, so the host's drift
cancels. Drawing is never on the rules' hot path: `observe`, `apply` and `legal_actions`
do not draw.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from run import playout  # benchmarks/run.py: the playout every benchmark measures

from boardrules import CHANCE
from boardrules.games import GAMES, AnyGame
from boardrules.testing import random_playout


def positions(game: AnyGame, players: int, count: int = 60) -> list[Any]:
    """Return `count` observations spread over seeded random games, viewers in turn."""
    out: list[Any] = []
    seed = 0
    while len(out) < count:
        _, actions = random_playout(game, players, rng=random.Random(seed))
        state = game.new_game(players)
        step = max(1, len(actions) // 12)
        for index, action in enumerate(actions):
            if index % step == 0 and game.to_move(state) is not CHANCE:
                viewer = None if len(out) % (players + 1) == players else len(out) % (players + 1)
                out.append(game.observe(state, viewer))
            state = game.apply(state, action)
        seed += 1
    return out[:count]


def per_second(work: Callable[[], int], seconds: float) -> float:
    """Return the units of `work` done per CPU second over about `seconds`."""
    done = 0
    start = time.process_time()
    while (elapsed := time.process_time() - start) < seconds or done == 0:
        done += work()
    return done / elapsed


def main(argv: list[str] | None = None) -> None:
    """Print pictures per second and their cost in playout decisions, per game."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    drawn = [name for name, game in GAMES.items() if hasattr(game, "svg")]
    parser.add_argument("games", nargs="*", help=f"default: {', '.join(drawn)}")
    parser.add_argument("--seconds", type=float, default=1.0, help="time per measurement")
    parser.add_argument("--repeat", type=int, default=5, help="rounds per figure (median)")
    args = parser.parse_args(argv)
    print(f"{'game':<15}{'pictures/s':>12}{'decisions/s':>13}{'ms/picture':>12}"
          f"{'decisions/picture':>19}")
    for name in args.games or drawn:
        game = GAMES[name]
        draw: Callable[[Any], str] = game.svg  # type: ignore[attr-defined]
        players = game.MIN_PLAYERS
        views = positions(game, players)
        rng = random.Random(0)

        def pictures(draw: Callable[[Any], str] = draw, views: list[Any] = views) -> int:
            for view in views:
                draw(view)
            return len(views)

        def decisions(game: AnyGame = game, players: int = players,
                      rng: random.Random = rng) -> int:
            return playout(game, players, rng, game.apply)

        drawn_rates, played_rates = [], []
        for _ in range(args.repeat):
            played_rates.append(per_second(decisions, args.seconds))
            drawn_rates.append(per_second(pictures, args.seconds))
        pps, dps = statistics.median(drawn_rates), statistics.median(played_rates)
        ratio = statistics.median(p / d for p, d in zip(played_rates, drawn_rates, strict=True))
        print(f"{name:<15}{pps:>12,.0f}{dps:>13,.0f}{1000 / pps:>12.2f}{ratio:>19,.0f}",
              flush=True)


if __name__ == "__main__":
    main()
