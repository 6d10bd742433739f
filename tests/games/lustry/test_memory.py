"""Memory stays flat when the options vary: the tables and memos of a configuration are
bounded and go with it (no module-level memo keeps anything per options or per position)."""

from __future__ import annotations

import gc
import random
import tracemalloc

import pytest

from boardrules.game import CHANCE
from boardrules.games import lustry

# Hundreds of configurations: a slow sweep.
pytestmark = pytest.mark.slow

MiB = 1 << 20


def _use(options: lustry.Options, seed: int) -> None:
    """Play two short random games under `options`, encoding every decision's tensor for
    the player to move, and ask for the action space."""
    rng = random.Random(seed)
    lustry.action_space(2, options)
    for _ in range(2):
        state = lustry.new_game(2, options)
        while not lustry.is_terminal(state):
            mover = lustry.to_move(state)
            if mover is CHANCE:
                action = lustry.sample_chance(state, rng)
            else:
                assert isinstance(mover, int)
                lustry.observe_tensor(state, mover)
                legal = lustry.legal_actions(state)
                action = legal[rng.randrange(len(legal))]
            state = lustry.apply_unchecked(state, action)


def test_300_options_add_at_most_50_mib() -> None:
    """300 distinct options, each used for two games with tensors, add at most 50 MiB in
    all, and the memory stays flat: each configuration's tables go with its options."""

    def options(i: int) -> lustry.Options:
        return lustry.Options(turn_limit=1, stall_turns=i + 1)

    _use(lustry.Options(turn_limit=1), 0)  # imports and the default options' tables
    tracemalloc.start()
    try:
        gc.collect()
        start = tracemalloc.get_traced_memory()[0]
        marks = []
        for i in range(300):
            _use(options(i), i)
            if i % 60 == 59:
                gc.collect()
                marks.append(tracemalloc.get_traced_memory()[0] - start)
    finally:
        tracemalloc.stop()
    assert max(marks) <= 50 * MiB, [m / MiB for m in marks]
    assert max(marks) - min(marks) <= 4 * MiB, [m / MiB for m in marks]
