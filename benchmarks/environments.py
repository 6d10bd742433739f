"""The PettingZoo and Gymnasium adapters' speed next to the library's, per player decision.

Usage (needs ``pip install 'boardrules[pettingzoo,gymnasium]'``)::

    python benchmarks/environments.py                 # every game, its smallest player count
    python benchmarks/environments.py kivi --players 3 --seconds 1 --repeat 7

Each mode plays random games with default options and reports CPU time per player
decision, median of `--repeat` rounds; the modes run interleaved round by round in one
process (in alternating order), so the ratios cancel the host's drift:

* ``fast``: the library as bots use it: `legal_actions`, a uniform pick,
  `apply_unchecked`, chance by `sample_chance`;
* ``checked``: the same with `apply` (every action checked);
* ``numeric``: ``fast`` plus the numeric work every environment step needs, with no
  framework: the mover's ``legal_mask`` and ``observe_tensor``, read by numpy, and the
  pick made from the mask;
* ``pettingzoo``: the AEC environment as a PettingZoo user's loop drives it: `agent_iter`,
  `last` (the observation tensor and the action mask), a uniform pick among the mask's
  legal indices, `step` (checked against the mask); `reset` once a game;
* ``pettingzoo-mask``: the same loop for a policy that needs no observation:
  ``last(observe=False)`` and `action_mask` (no observation tensor);
* ``openspiel``: a pyspiel state of the OpenSpiel adapter as `benchmarks/openspiel.py`
  drives it (``legal_actions()``, a uniform pick, ``apply_action``, chance drawn from
  ``chance_outcomes()``), when the ``openspiel`` extra is installed;
* ``gymnasium``: the Gymnasium environment, the learner in seat 0 against ``random``
  bots: a uniform pick from ``info["action_mask"]``, `step`; the bots' decisions count as
  decisions too (each is a `boardrules.bots.Decision`: the legal actions, and the
  observation only if the bot reads it, which the random bot does not).

The last columns are each environment's speed as a share of the library's: decisions per
second of the mode ÷ those of ``fast`` (and of ``checked``).
"""

from __future__ import annotations

import argparse
import functools
import random
from collections.abc import Callable
from typing import Any

from interleaved import Play, medians
from numeric import play
from run import playout

from boardrules.games import GAMES, AnyGame

try:
    import numpy as np

    from boardrules.adapters import gymnasium as gym_adapter
    from boardrules.adapters import pettingzoo as pz_adapter
    from boardrules.adapters._common import numeric_games
except ImportError as exc:  # pragma: no cover - only without the extras
    raise SystemExit(f"this benchmark needs the pettingzoo and gymnasium extras: {exc}") from None

os_adapter: Any
openspiel_adapter: Any
try:
    from openspiel import adapter as openspiel_adapter

    from boardrules.adapters import openspiel as os_adapter
except ImportError:  # pragma: no cover - only without the openspiel extra
    openspiel_adapter = os_adapter = None


Mode = Callable[[AnyGame, Any, int, random.Random], int]
"""Play one game: the game, the mode's environment (made once), players, a generator;
return the player decisions."""


def _pick(mask: Any, rng: random.Random) -> int:
    """Return a uniformly random legal index of an ``int8`` mask (the policy; read as
    booleans, which numpy's ``nonzero`` scans several times faster than ``int8``)."""
    legal = mask.view(np.bool_).nonzero()[0]
    return int(legal[rng.randrange(len(legal))])


def library(game: AnyGame, env: Any, players: int, rng: random.Random, *,
            checked: bool = False) -> int:
    """Play one game with the library alone."""
    return playout(game, players, rng, game.apply if checked else game.apply_unchecked)


def numeric(game: AnyGame, env: Any, players: int, rng: random.Random) -> int:
    """Play one game with the library, doing an environment step's numeric work."""
    ngame: Any = game
    space = ngame.action_space(players)
    encode, mask_of, actions = ngame.observe_tensor, space.legal_mask, space.actions

    def decide(state: Any, mover: int, rng: random.Random) -> Any:
        np.frombuffer(encode(state, mover), dtype=np.float32)
        return actions[_pick(np.frombuffer(mask_of(state), dtype=np.int8), rng)]

    return play(game, None, players, rng, decide)


def pettingzoo(game: AnyGame, env: Any, players: int, rng: random.Random) -> int:
    """Play one game through the AEC environment, as a PettingZoo user's loop does."""
    env.reset(seed=rng.randrange(1 << 32))
    decisions = 0
    for _ in env.agent_iter():
        observation, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        env.step(_pick(observation["action_mask"], rng))
        decisions += 1
    return decisions


def pettingzoo_mask(game: AnyGame, env: Any, players: int, rng: random.Random) -> int:
    """Play one game through the AEC environment reading the mask alone: `last` without
    the observation, then `action_mask` (a loop whose policy needs no observation)."""
    env.reset(seed=rng.randrange(1 << 32))
    decisions = 0
    for agent in env.agent_iter():
        _, _, terminated, truncated, _ = env.last(observe=False)
        if terminated or truncated:
            env.step(None)
            continue
        env.step(_pick(env.action_mask(agent), rng))
        decisions += 1
    return decisions


def gymnasium(game: AnyGame, env: Any, players: int, rng: random.Random) -> int:
    """Play one game through the Gymnasium environment against random bots; count the
    learner's steps and the bots' decisions."""
    bots: tuple[CountingRandomBot, ...] = env.opponents
    for bot in bots:
        bot.calls = 0
    _, info = env.reset(seed=rng.randrange(1 << 32))
    steps = 0
    while True:
        _, _, terminated, truncated, info = env.step(_pick(info["action_mask"], rng))
        steps += 1
        if terminated or truncated:
            return steps + sum(bot.calls for bot in bots)


class CountingRandomBot:
    """``random`` that counts its decisions (the ``gymnasium`` mode's total)."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)
        self.calls = 0

    def act(self, decision: Any) -> Any:
        """Return a uniformly random legal action."""
        self.calls += 1
        legal = decision.legal_actions
        return legal[self.rng.randrange(len(legal))]


def _environments(name: str, players: int) -> dict[str, Any]:
    return {
        "pettingzoo": pz_adapter.env(name, players),
        "openspiel": os_adapter.load(name, players) if os_adapter is not None else None,
        "pettingzoo-mask": pz_adapter.env(name, players),
        "gymnasium": gym_adapter.BoardrulesEnv(name, players, opponents=[
            CountingRandomBot(seat) for seat in range(1, players)]),
    }


MODES: dict[str, Mode] = {
    "fast": library,
    "checked": lambda g, e, n, r: library(g, e, n, r, checked=True),
    "numeric": numeric,
    "pettingzoo": pettingzoo,
    "pettingzoo-mask": pettingzoo_mask,
    "gymnasium": gymnasium,
}
if openspiel_adapter is not None:
    MODES["openspiel"] = openspiel_adapter
ADAPTERS = tuple(m for m in MODES if m not in ("fast", "checked"))


def main(argv: list[str] | None = None) -> None:
    """Print µs per decision for each mode, then each adapter's share of the library's
    speed."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("games", nargs="*", help="default: every game with the numeric layer")
    parser.add_argument("--players", type=int, help="player count (default: the smallest)")
    parser.add_argument("--seconds", type=float, default=0.5, help="time per measurement")
    parser.add_argument("--repeat", type=int, default=5, help="rounds (median)")
    args = parser.parse_args(argv)
    names = args.games or list(numeric_games())
    print("CPU µs per player decision (median)")
    print(f"{'game':<15}{'players':>8}" + "".join(f"{m:>17}" for m in MODES))
    shares = []
    for name in names:
        game = GAMES[name]
        players = args.players or game.MIN_PLAYERS
        envs = _environments(name, players)
        plays: dict[str, Play] = {m: functools.partial(mode, game, envs.get(m), players)
                                  for m, mode in MODES.items()}
        us = medians(plays, repeat=args.repeat, seconds=args.seconds)
        print(f"{name:<15}{players:>8}" + "".join(f"{us[m]:>17.1f}" for m in MODES), flush=True)
        fast, checked = us["fast"], us["checked"]
        cells = [f"{fast / us[a]:.0%} ({checked / us[a]:.0%})" for a in ADAPTERS]
        shares.append(f"{name:<15}{players:>8}" + "".join(f"{c:>17}" for c in cells))
    print("\nspeed as a share of the library's: fast (checked)")
    print(f"{'game':<15}{'players':>8}" + "".join(f"{a:>17}" for a in ADAPTERS))
    print("\n".join(shares))


if __name__ == "__main__":
    main()
