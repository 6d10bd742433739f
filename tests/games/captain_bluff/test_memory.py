"""Captain Bluff keeps no memory by options (issue #28).

The rules' memos live on the options object (`Options.memos`) and the numeric layer's on
its tables of a configuration, which the library keeps for the `SPACE_CACHE` most recently
used configurations; before, a module-level memo of buried-card tensors kept the tables
(an action space of about 2 MiB) of every turn limit it had seen: 300 turn limits added
about 600 MiB.
"""

from __future__ import annotations

import gc
import random
import tracemalloc

import pytest

from boardrules import CHANCE
from boardrules.games import captain_bluff as cb
from boardrules.numeric.spaces import SPACE_CACHE

MiB = 1 << 20
PER_CONFIGURATION = 2.5 * MiB
"""What one configuration's tables hold at most once used: its action space (6,104
actions numbered, about 2.1 MiB) and the memos a game fills."""


def _use(options: cb.Options, seed: int) -> None:
    """Play a short random game under `options`, encoding each decision's observation and
    legal mask through the configuration's action space."""
    space = cb.action_space(2, options)
    rng = random.Random(seed)
    state = cb.new_game(2, options)
    for _ in range(45):  # the deal (34 cards), the setup and the first turns
        if cb.to_move(state) is CHANCE:
            state = cb.apply_unchecked(state, cb.sample_chance(state, rng))
            continue
        cb.observe_tensor(state, 0)
        space.legal_mask(state)
        state = cb.apply_unchecked(state, rng.choice(cb.legal_actions(state)))


@pytest.mark.slow  # 300 action spaces built under tracemalloc: tens of seconds
def test_memory_flat_when_options_vary() -> None:
    """300 distinct options (turn limits), each used for a game, its tensors and its action
    space, add nothing once the kept configurations are full, and in all no more than
    those configurations hold."""
    tracemalloc.start()
    try:
        for i in range(300):
            _use(cb.Options(turn_limit=20 + i), i)
            if i == 2 * SPACE_CACHE:  # the kept configurations are full
                gc.collect()
                full = tracemalloc.get_traced_memory()[0]
        gc.collect()
        after = tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()
    assert after - full < 2 * MiB
    assert after <= SPACE_CACHE * PER_CONFIGURATION
