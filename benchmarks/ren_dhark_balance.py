"""Balance of the Ren Dhark house values: how often blue wins between random players.

Rule D2 asks the bundled Starter I house values to be balanced: over at least 2,000
games between uniformly random players (chance by `sample_chance`), blue wins 40-60 %
of the games. This is a benchmark figure, not a unit test.

Usage::

    python benchmarks/ren_dhark_balance.py                  # 2,000 games, seed 0
    python benchmarks/ren_dhark_balance.py --games 10000 --seed 7
    python benchmarks/ren_dhark_balance.py --cards my_printed_cards.json
    python benchmarks/ren_dhark_balance.py --dash-cards-deployable   # rules version 1's D8

Prints blue's and red's wins, the draws, blue's win rate with a 95 % interval, how the
games ended (D18 victory or D22 mutual skips), and exits with status 1 when the blue
win rate lies outside 40-60 %.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from collections import Counter

from boardrules import CHANCE
from boardrules.games import ren_dhark


def play(rng: random.Random, options: ren_dhark.Options) -> ren_dhark.State:
    """Play one game between uniformly random players; return the final state."""
    state = ren_dhark.new_game(2, options)
    while not ren_dhark.is_terminal(state):
        if ren_dhark.to_move(state) is CHANCE:
            action = ren_dhark.sample_chance(state, rng)
        else:
            legal = ren_dhark.legal_actions(state)
            action = legal[rng.randrange(len(legal))]
        state = ren_dhark.apply_unchecked(state, action)
    return state


def main(argv: list[str] | None = None) -> int:
    """Run the games and print the figures; return 0 when blue wins 40-60 %."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else "")
    parser.add_argument("--games", type=int, default=2000, help="games to play (default 2000)")
    parser.add_argument("--seed", type=int, default=0, help="random seed (default 0)")
    parser.add_argument("--cards", help="a card-set file to measure instead of Starter I")
    parser.add_argument("--dash-cards-deployable", action="store_true",
                        help="play option dash_cards_deployable=True (rules version 1's D8)")
    args = parser.parse_args(argv)
    options = ren_dhark.Options(
        card_set=ren_dhark.load_card_set(args.cards) if args.cards else None,
        dash_cards_deployable=args.dash_cards_deployable)
    rng = random.Random(args.seed)
    outcome: Counter[str] = Counter()
    endings: Counter[str] = Counter()
    start = time.perf_counter()
    for _ in range(args.games):
        state = play(rng, options)
        winner = state.winner
        if winner is None:
            outcome["draw"] += 1
        else:
            outcome["blue" if winner == state.blue else "red"] += 1
        won = winner is not None and ren_dhark.has_won(state.landed[winner])
        endings["D18 victory" if won else "D22 mutual skips"] += 1
    elapsed = time.perf_counter() - start
    n = args.games
    rate = outcome["blue"] / n
    half = 1.96 * math.sqrt(rate * (1 - rate) / n)
    print(f"{n} random games of Ren Dhark, card set {options.cards.name!r}"
          f"{' (house values)' if options.cards.house_values else ''}, seed {args.seed}"
          f"{', dash_cards_deployable' if options.dash_cards_deployable else ''}")
    print(f"  blue wins  {outcome['blue']:>6}   {100 * rate:5.1f} %  "
          f"(95 % interval {100 * (rate - half):.1f}-{100 * (rate + half):.1f} %)")
    print(f"  red wins   {outcome['red']:>6}   {100 * outcome['red'] / n:5.1f} %")
    print(f"  draws      {outcome['draw']:>6}   {100 * outcome['draw'] / n:5.1f} %")
    for ending, count in sorted(endings.items()):
        print(f"  {ending:<18} {count:>6}")
    print(f"  {n / elapsed:,.0f} games/s")
    balanced = 0.40 <= rate <= 0.60
    print("balanced (blue wins 40-60 %)" if balanced else "NOT balanced: blue wins outside 40-60 %")
    return 0 if balanced else 1


if __name__ == "__main__":
    sys.exit(main())
