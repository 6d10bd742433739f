"""Bots by name: the spec strings of the command line and the Gymnasium environment
(``random``, ``ismcts``, ``ismcts:N``, ``ismcts:Ss``, ``ismcts:N/Ss``, ``/rollout=K``,
``/widen=K``, ``/belief=off``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal, TypeVar

from boardrules.bots import Bot, ISMCTSBot, RandomBot
from boardrules.errors import InvalidArgumentError, quote

__all__ = ["check_seed", "make_bot"]

_N = TypeVar("_N", int, float)


def check_seed(seed: object) -> None:
    """Raise `InvalidArgumentError` unless `seed` is a whole number >= 0 (Python's `random` seeds
    -n exactly like n, so a negative seed would silently repeat another game)."""
    if type(seed) is not int or seed < 0:
        raise InvalidArgumentError(f"the seed must be a whole number >= 0, got {quote(seed)}")


def make_bot(spec: str, seed: int) -> Bot:
    """Build a bot from its command-line name: ``random``, or ``ismcts`` with an optional
    budget — ``ismcts:N`` (N iterations a move), ``ismcts:Ss`` (S seconds a move) or
    ``ismcts:N/Ss`` (whichever ends first); plain ``ismcts`` is ``ismcts:1000``. A last
    part ``/rollout=K`` cuts every rollout after K steps and ``/rollout=end`` plays rollouts
    to the end (`ISMCTSBot`'s ``rollout_limit``; without it, the game's own limit). A
    last part ``/widen=K`` widens nodes of K legal actions or more progressively and
    ``/widen=off`` none (`ISMCTSBot`'s ``widen``; without it, as the game says), and a last
    part ``/belief=off`` samples worlds uniformly (`ISMCTSBot`'s ``belief``) — the order
    of a bot's `name`, e.g. ``ismcts:1000/rollout=40/widen=off/belief=off``."""
    name, colon, budget = spec.partition(":")
    if name == "random" and not colon:
        return RandomBot(seed)
    if name != "ismcts":
        raise InvalidArgumentError(f"unknown bot {quote(spec)}; use random, ismcts, ismcts:N "
                              f"(iterations), ismcts:Ss (seconds) or ismcts:N/Ss")
    if not colon:
        return ISMCTSBot(1000, seed=seed)
    bad = f"bad bot {quote(spec)}"
    iterations: int | None = None
    seconds: float | None = None
    limit: int | Literal["auto"] | None = "auto"
    widen: int | Literal["auto"] | None = "auto"
    budget, marker, believing = budget.partition("/belief=")
    if marker and believing != "off":
        raise InvalidArgumentError(f"{bad}: {quote(believing, 40)} is not 'off'")
    belief = not marker
    budget, marker, wide = budget.partition("/widen=")
    if marker:
        widen = None if wide == "off" else _read(
            int, wide, f"{bad}: {quote(wide, 40)} is not a whole number of actions or 'off'")
    budget, marker, rollout = budget.partition("/rollout=")
    if marker:
        limit = None if rollout == "end" else _read(
            int, rollout, f"{bad}: {quote(rollout, 40)} is not a whole number of steps or 'end'")
    for part in budget.split("/"):
        if part.endswith("s") and seconds is None:
            seconds = _read(float, part[:-1],
                            f"{bad}: {quote(part, 40)} is not a number of seconds")
        elif not part.endswith("s") and iterations is None:
            iterations = _read(int, part, f"{bad}: {quote(part, 40)} is not a whole number")
        else:
            raise InvalidArgumentError(f"{bad}: give at most one number of iterations and one "
                                  f"of seconds (ismcts:N/Ss)")
    try:
        return ISMCTSBot(iterations, seconds=seconds, seed=seed, rollout_limit=limit,
                         widen=widen, belief=belief)
    except ValueError as error:
        raise InvalidArgumentError(f"{bad}: {error}") from None


def _read(kind: Callable[[str], _N], text: str, problem: str) -> _N:
    """Read one number of a bot's budget; if it is not one, raise `problem`."""
    try:
        return kind(text)
    except ValueError:
        raise InvalidArgumentError(problem) from None
