"""KIVI keeps its tables with the options that made them: memory stays flat when options vary.

A server meets ever new boards and rules. The layout of a board, the plans of the rolls
(K7, K8) and the action spaces hang on the `Options` object and go with it; nothing is
kept by the modules.
"""

from __future__ import annotations

import gc
import os
import random
from pathlib import Path

import pytest

from boardrules import CHANCE
from boardrules.games import kivi
from boardrules.games.kivi import Combination, HighestRule, Options

# Hundreds of configurations: a slow sweep.
pytestmark = pytest.mark.slow

MiB = 1 << 20
CONFIGURATIONS = 300
"""Distinct options used one after the other."""
MARGIN = 50 * MiB
"""The most the resident memory may grow over them (one action space is about 1.4 MiB:
keeping each configuration's would grow it by 400 MiB)."""
STATM = Path("/proc/self/statm")


def resident() -> int:
    """Return the bytes of this process in memory, after a collection (Linux)."""
    gc.collect()
    return int(STATM.read_text().split()[1]) * os.sysconf("SC_PAGE_SIZE")


def use(options: Options, rng: random.Random) -> None:
    """Play a little under `options` with the numeric layer: its action space, masks and
    tensors, as a learning loop would."""
    space = kivi.action_space(2, options)
    state = kivi.new_game(2, options)
    for _ in range(40):
        if kivi.is_terminal(state):
            break
        if kivi.to_move(state) is CHANCE:
            action = kivi.sample_chance(state, rng)
        else:
            space.legal_mask(state)
            kivi.observe_tensor(state, 0)
            action = rng.choice(kivi.legal_actions(state))
        state = kivi.apply(state, action)
    kivi.scores(state)


def random_options(rng: random.Random) -> Options:
    codes = list(Combination)
    board = tuple(tuple(rng.choice(codes) for _ in range(7)) for _ in range(7))
    return Options(board=board, highest_rule=rng.choice(list(HighestRule)))


@pytest.mark.skipif(not STATM.exists(), reason="reads the resident memory from /proc (Linux)")
def test_memory_stays_flat_when_options_vary() -> None:
    """300 distinct boards and rules, each used for a game's start with its action space,
    leave the resident memory flat (RSS, not tracemalloc: it would make the test five
    times slower)."""
    rng = random.Random(28)
    for _ in range(10):  # warm-up: the modules' constants and the default options' tables
        use(random_options(rng), rng)
    use(kivi.Options(), rng)
    before = resident()
    for _ in range(CONFIGURATIONS):
        use(random_options(rng), rng)
    grown = resident() - before
    assert grown <= MARGIN, f"the resident memory grew by {grown / MiB:.1f} MiB"


def test_options_keep_their_tables() -> None:
    """The tables are built once per options object and shared by its games; options equal
    to the defaults share the default tables of the numeric layer."""
    options = Options(highest_rule="strict")
    assert kivi.action_space(3, options) is kivi.action_space(3, options)
    assert kivi.action_space(3, options).options == options
    assert kivi.action_space(2, Options()) is kivi.action_space(2)
    state = kivi.apply(kivi.new_game(2, options), kivi.Roll((1, 1, 2, 2, 3, 3)))
    kivi.legal_actions(state)
    assert set(options.plans) == {(1, 1, 2, 2, 3, 3)}
    assert kivi.new_game(2).options is kivi.new_game(3).options
