"""Bots and runs shared by the tests of many games at once (worker processes, Dask).

The classes live at the top level of a module so that they pickle: workers build them.
"""

from __future__ import annotations

import importlib
import os
from pathlib import Path
from typing import Any

import attrs

from boardrules.apps.parallel import game_seed
from boardrules.apps.simulation import Summary
from boardrules.bots import Decision, RandomBot

SEED = 11
"""The master seed of the runs compared across job counts."""


class Boom(RuntimeError):
    """The error a `Exploding` bot raises."""


@attrs.frozen
class Exploding:
    """A bot factory: random bots, except in game `bad` (an even number in a tournament of
    two entrants, so this entrant sits in seat 0), where the bot raises (or, with `die`,
    ends its worker process on the spot)."""

    bad: int
    seed: int = SEED
    die: bool = False

    def __call__(self, seed: int) -> RandomBot:
        if seed == game_seed(self.seed, self.bad, 1):  # seat 0 of game `bad`
            return _Raising(seed, self.die)
        return RandomBot(seed)


class _Raising(RandomBot):
    """Raises at its first decision (or ends the process)."""

    def __init__(self, seed: int, die: bool) -> None:
        super().__init__(seed)
        self.die = die

    def act(self, decision: Decision) -> Any:
        if self.die:
            os._exit(3)  # a worker that dies: no exception, no result
        raise Boom(f"my bug, seat {decision.seat}")


class Unreachable:
    """A bot factory that pickles, but whose module the workers cannot import (as if it
    were not installed where they run)."""

    def __call__(self, seed: int) -> RandomBot:
        return RandomBot(seed)

    def __reduce__(self) -> tuple[Any, ...]:
        return (importlib.import_module, ("boardrules_not_installed_here",))


def records(directory: Path) -> dict[str, str]:
    """Return every file of a records directory by name; the index as sorted lines."""
    files = {p.name: p.read_text(encoding="utf-8") for p in directory.iterdir()}
    if "index.jsonl" in files:
        files["index.jsonl"] = "".join(sorted(files["index.jsonl"].splitlines(keepends=True)))
    return files


def timeless(summary: Summary) -> Summary:
    """Return the summary without its wall time (the only thing that may differ)."""
    return attrs.evolve(summary, seconds=0.0)
