"""What the adapter benchmarks share (not run itself): CPU time per player decision of
several ways of playing random games, measured in interleaved rounds.

Each way of playing is a function ``play(rng) -> decisions`` that plays one game and
returns its player decisions. `medians` runs them round by round, in alternating order,
so that the host's drift (±30 %) falls on all of them alike and their ratios hold.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable, Mapping

Play = Callable[[random.Random], int]
"""Play one game with the generator given; return its player decisions."""


def cpu_us_per_decision(play: Play, *, seconds: float, seed: int) -> float:
    """Return the CPU microseconds per player decision of `play` over about `seconds`
    seconds (whole games)."""
    rng = random.Random(seed)
    decisions = 0
    start = time.process_time()
    while (elapsed := time.process_time() - start) < seconds or decisions == 0:
        decisions += play(rng)
    return elapsed * 1e6 / decisions


def medians(plays: Mapping[str, Play], *, repeat: int, seconds: float) -> dict[str, float]:
    """Return each way's median CPU µs per decision over `repeat` interleaved rounds."""
    runs: dict[str, list[float]] = {name: [] for name in plays}
    for round_ in range(repeat):
        order = list(plays) if round_ % 2 == 0 else list(plays)[::-1]
        for name in order:
            runs[name].append(cpu_us_per_decision(plays[name], seconds=seconds, seed=round_))
    return {name: statistics.median(times) for name, times in runs.items()}
