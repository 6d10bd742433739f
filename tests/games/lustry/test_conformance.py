"""The public conformance kit on Lustry (2 players, its only count): short games under the
default rules, and every combination of the options.

Random games rarely end before the turn limit, so short limits keep whole games cheap: one
playout of 12 turns costs about a second.
"""

from __future__ import annotations

from itertools import product

import pytest

from boardrules.games import lustry
from boardrules.games.lustry import Protection
from boardrules.testing import check_game

# Every option combination: a slow sweep (the quick tier runs the kit on the default
# configuration in tests/test_conformance.py).
pytestmark = pytest.mark.slow

COMBINATIONS = [
    lustry.Options(first_player=first, stall_turns=stall, turn_limit=12, unblock_protects=protects)
    for protects, first, stall in product(Protection, (0, 1), (None, 2))
]
"""Both readings of L13 with each first player, the deadlock draw on and off (L5, L13, L18)."""


def test_lustry_keeps_the_contract_in_short_games() -> None:
    """Whole random games of 30 turns (draws by the turn limit, the deadlock rule on)."""
    check_game(lustry, 2, lustry.Options(turn_limit=30, stall_turns=2), playouts=6)


@pytest.mark.parametrize("options", COMBINATIONS, ids=[
    f"{o.unblock_protects.value}-first{o.first_player}-stall{o.stall_turns}" for o in COMBINATIONS])
def test_lustry_keeps_the_contract_with_every_option_combination(
        options: lustry.Options) -> None:
    """Every option combination keeps every promise (one whole game of 12 turns each)."""
    check_game(lustry, 2, options, playouts=1)
