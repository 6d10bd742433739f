"""The cost of the numeric layer per player decision, as ratios to a plain decision.

Usage::

    python benchmarks/numeric.py                  # every game, its smallest player count
    python benchmarks/numeric.py kivi --players 4 --seconds 2 --repeat 7

Each mode plays random games (chance by `sample_chance`, `apply_unchecked`) and reports
CPU time per player decision, median of `--repeat` rounds; the modes run interleaved
round by round in one process, so the ratios cancel the host's drift:

* ``plain``: `legal_actions`, a uniform pick, `apply_unchecked` (the library alone);
* ``mask``: the pick through the action space: `legal_mask` and `legal_indices`, then
  ``action(i)`` for a uniform legal index (what an RL environment's step does);
* ``tensor``: plain, plus the mover's observation tensor (``observe_tensor(state, mover)``,
  equal to ``observation_tensor(observe(state, mover))``);
* ``mask+tensor``: both (the numeric work of a PettingZoo or Gymnasium step);
* ``info``: plain, plus every player's `InfoState` carried along and the mover's
  ``info_state_tensor`` (what an OpenSpiel state asked for information states pays).
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
from boardrules.numeric.spaces import InfoState

Mode = Callable[[AnyGame, Any, int, random.Random], int]
Decide = Callable[[Any, int, random.Random], Any]

# Short games where the default ones run to a turn limit of thousands of decisions.
OPTIONS: dict[str, dict[str, int]] = {
    "captain_bluff": {"turn_limit": 60},
    "lustry": {"turn_limit": 40},
}


def play(game: AnyGame, options: Any, players: int, rng: random.Random, decide: Decide, *,
         step: Callable[[Any, Any], Any] | None = None,
         sample: Callable[[Any, random.Random], Any] | None = None) -> int:
    """Play one game, each decision by `decide(state, mover, rng)`; return the decisions.

    `step` defaults to `apply_unchecked`, `sample` (chance) to `sample_chance`.
    """
    to_move = game.to_move
    step = game.apply_unchecked if step is None else step
    sample = game.sample_chance if sample is None else sample
    state = game.new_game(players, options)
    decisions = 0
    while True:
        mover = to_move(state)
        if mover is CHANCE:
            state = step(state, sample(state, rng))
        elif mover is TERMINAL:
            return decisions
        else:
            state = step(state, decide(state, mover, rng))
            decisions += 1


def plain(game: AnyGame, options: Any, players: int, rng: random.Random) -> int:
    """`legal_actions` and a uniform pick."""
    legal_actions = game.legal_actions

    def decide(state: Any, mover: int, rng: random.Random) -> Any:
        legal = legal_actions(state)
        return legal[rng.randrange(len(legal))]

    return play(game, options, players, rng, decide)


def masked(game: AnyGame, options: Any, players: int, rng: random.Random, *,
           tensor: bool = False, pick: bool = True) -> int:
    """The pick through the action space (`pick`), the mover's tensor (`tensor`), or both."""
    space: Any = getattr(game, "action_space")(players, options)  # noqa: B009 - optional member
    encode: Any = getattr(game, "observe_tensor")  # noqa: B009
    legal_actions = game.legal_actions

    def decide(state: Any, mover: int, rng: random.Random) -> Any:
        if tensor:
            encode(state, mover)
        if not pick:
            legal = legal_actions(state)
            return legal[rng.randrange(len(legal))]
        space.legal_mask(state)
        indices = space.legal_indices(state)
        return space.action(indices[rng.randrange(len(indices))])

    return play(game, options, players, rng, decide)


def info(game: AnyGame, options: Any, players: int, rng: random.Random) -> int:
    """Play one game carrying every player's information state, encoding the mover's."""
    encode: Any = getattr(game, "info_state_tensor")  # noqa: B009
    to_move, legal_actions, sample, step = (game.to_move, game.legal_actions,
                                            game.sample_chance, game.apply_unchecked)
    state = game.new_game(players, options)
    infos = [InfoState.initial(game, state, p) for p in range(players)]
    decisions = 0
    while True:
        mover = to_move(state)
        if mover is CHANCE:
            action = sample(state, rng)
        elif mover is TERMINAL:
            return decisions
        else:
            encode(infos[mover])
            legal = legal_actions(state)
            action = legal[rng.randrange(len(legal))]
            decisions += 1
        after = step(state, action)
        infos = [i.advance(game, state, action, after) for i in infos]
        state = after


MODES: dict[str, Mode] = {
    "plain": plain,
    "mask": masked,
    "tensor": lambda g, o, n, r: masked(g, o, n, r, tensor=True, pick=False),
    "mask+tensor": lambda g, o, n, r: masked(g, o, n, r, tensor=True),
    "info": info,
}


def measure(mode: Mode, game: AnyGame, options: Any, players: int, *, seconds: float,
            seed: int) -> float:
    """Return CPU microseconds per player decision over about `seconds` seconds."""
    rng = random.Random(seed)
    decisions = 0
    start = time.process_time()
    while (elapsed := time.process_time() - start) < seconds or decisions == 0:
        decisions += mode(game, options, players, rng)
    return elapsed * 1e6 / decisions


def main(argv: list[str] | None = None) -> None:
    """Print µs per decision and the ratio to a plain decision for each mode."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("games", nargs="*", help=f"default: every game ({', '.join(GAMES)})")
    parser.add_argument("--players", type=int, help="player count (default: the smallest)")
    parser.add_argument("--seconds", type=float, default=0.5, help="time per measurement")
    parser.add_argument("--repeat", type=int, default=5, help="rounds (median)")
    parser.add_argument("--modes", default=",".join(MODES),
                        help=f"comma-separated (default: {','.join(MODES)})")
    args = parser.parse_args(argv)
    modes = args.modes.split(",")
    print(f"{'game':<15}{'players':>8}" + "".join(f"{m:>22}" for m in modes))
    for name in args.games or list(GAMES):
        game = GAMES[name]
        if not hasattr(game, "action_space"):
            continue
        players = args.players or game.MIN_PLAYERS
        options = game.Options(**OPTIONS.get(name, {}))
        runs: dict[str, list[float]] = {m: [] for m in modes}
        for round_ in range(args.repeat):
            for m in modes:
                runs[m].append(measure(MODES[m], game, options, players,
                                       seconds=args.seconds, seed=round_))
        base = statistics.median(runs["plain"]) if "plain" in runs else None
        cells = []
        for m in modes:
            us = statistics.median(runs[m])
            ratio = f" ({us / base:.2f}×)" if base else ""
            cells.append(f"{us:>12.1f} µs{ratio}")
        print(f"{name:<15}{players:>8}" + "".join(f"{c:>22}" for c in cells), flush=True)


if __name__ == "__main__":
    main()
