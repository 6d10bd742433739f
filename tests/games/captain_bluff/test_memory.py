"""Captain Bluff keeps no memory by options (issue #28).

The rules' memos and the numeric layer's tables of a configuration live on the options
object (`Options.memos`) and go with it. Before, a module-level memo of buried-card
tensors kept the tables (an action space of about 2 MiB) of every turn limit it had seen:
300 turn limits added about 600 MiB; then a cache of the 32 configurations used last
still held about 72 MiB.
"""

from __future__ import annotations

import gc
import random
import tracemalloc

import pytest

from boardrules import CHANCE
from boardrules.games import captain_bluff as cb

MiB = 1 << 20


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
    space (about 2.1 MiB: 6,104 actions numbered), add at most 50 MiB in all and nothing
    after the first few."""
    tracemalloc.start()
    try:
        for i in range(300):
            _use(cb.Options(turn_limit=20 + i), i)
            if i == 10:
                gc.collect()
                early = tracemalloc.get_traced_memory()[0]
        gc.collect()
        after = tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()
    assert after - early < 2 * MiB
    assert after <= 50 * MiB
