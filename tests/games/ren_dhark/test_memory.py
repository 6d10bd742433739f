"""Ren Dhark keeps no memory by options: the tables, memos and numeric tables of a
configuration hang on its `Options` object and go with it (style rule 9)."""

from __future__ import annotations

import gc
import random
import sys
import weakref
from pathlib import Path

import attrs
import pytest

import boardrules
from boardrules.games import ren_dhark as rd
from boardrules.games.ren_dhark.cards import STARTER_I

# Hundreds of configurations: a slow sweep.
pytestmark = pytest.mark.slow

MiB = 1 << 20
STATM = Path("/proc/self/statm")


def use(i: int, rng: random.Random) -> weakref.ref[rd.Options]:
    """Build distinct options number `i` (its own card set, sides and ruling), play two
    random games under them, a few steps each, and encode the tensors and the action space
    (every table and memo of the options is then built and in use); return a weak
    reference to the options."""
    options = rd.Options(card_set=attrs.evolve(STARTER_I, name=f"variant {i}"),
                         blue_player=i % 2, dash_cards_deployable=i % 3 == 0)
    assert rd.action_space(2, options).size == 131
    for _ in range(2):
        state = rd.new_game(2, options)
        for _ in range(3):
            state = boardrules.playout(rd, state, rng, 25)
            rd.observe_tensor(state, 0)
            rd.observe_tensor(state, None)
    return weakref.ref(options)


def resident() -> int:
    """Return the resident memory of this process in bytes (Linux)."""
    return int(STATM.read_text().split()[1]) * 4096


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc/self/statm")
def test_300_distinct_options_add_at_most_50_mib() -> None:
    """Before, the tables of the last 32 card sets stayed in module caches (about 185 KiB
    each with its memos and action space); now nothing outlives the options: each is
    collected, and the resident memory stays within the limit."""
    rng = random.Random(5)
    use(-1, rng)  # imports and module constants first
    gc.collect()
    before = resident()
    refs = [use(i, rng) for i in range(300)]
    gc.collect()
    added = resident() - before
    assert added <= 50 * MiB, f"{added / MiB:.1f} MiB"
    alive = sum(ref() is not None for ref in refs)
    assert not alive, f"{alive} of 300 options outlived their use"
