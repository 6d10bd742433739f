"""Whales Rivals keeps no hidden state: the tables of each `Options` live and die with it.

Prebuilt actions and card records hang on the options (`Options.tables`), the numeric
memos on the tables of one configuration; no module of the game keeps a memo of its own.
So a program that meets ever new options (a server loading documents) stays flat.
"""

from __future__ import annotations

import gc
import os
import random
from pathlib import Path

import pytest

from boardrules import playout
from boardrules.games import whales_rivals as wr

# Hundreds of configurations: a slow sweep.
pytestmark = pytest.mark.slow

MiB = 1 << 20
_STATM = Path("/proc/self/statm")


def _resident() -> int:
    """Return the bytes of this process resident in memory, after a collection (Linux)."""
    gc.collect()
    return int(_STATM.read_text().split()[1]) * os.sysconf("SC_PAGE_SIZE")


def _use(options: wr.Options, rng: random.Random) -> None:
    """Play a few games under `options`, encoding every tenth state for both seats and
    the spectator, and ask for its action space and information-state layout."""
    wr.action_space(2, options)
    wr.info_state_layout(2, options)
    for _ in range(3):
        state = wr.new_game(2, options)
        while not wr.is_terminal(state):
            state = playout(wr, state, rng, 10)
            for player in (0, 1, None):
                wr.observe_tensor(state, player)


@pytest.mark.skipif(not _STATM.exists(), reason="reads the resident memory from /proc")
def test_300_distinct_options_add_at_most_50_mib() -> None:
    """300 distinct distributions of whale values, each used for three games, their
    tensors, action space and layouts: the process grows by at most 50 MiB (only the
    bounded per-configuration cache of `numeric` remains; 9 MiB measured, 19 MiB before
    the tables moved onto the options)."""
    rng = random.Random(5)
    distributions = [tuple(tuple(rng.randint(1, 60) for _ in range(18)) for _ in range(3))
                     for _ in range(300)]
    _use(wr.Options(), rng)  # the default configuration, and the library's imports
    before = _resident()
    for values in distributions:
        _use(wr.Options(whale_values=values), rng)
    added = _resident() - before
    assert added <= 50 * MiB, f"{added / MiB:.1f} MiB added"


def test_tables_belong_to_the_options() -> None:
    """Equal options built apart have their own tables; the actions are equal and a state
    under either plays the same."""
    a, b = wr.Options(first_player=1), wr.Options(first_player=1)
    assert a == b and a.tables is not b.tables
    assert wr.legal_actions(wr.new_game(2, a)) == wr.legal_actions(wr.new_game(2, b))
    start = wr.new_game(2, a)
    assert all(action is a.tables.deals[action.value]  # type: ignore[union-attr]
               for action in wr.legal_actions(start))
