"""The conformance kit on Whales Rivals: default options, the other first player, custom values."""

from __future__ import annotations

import pytest

from boardrules.games import whales_rivals as wr
from boardrules.testing import check_chance_sampling, check_game

# Every option combination: a slow sweep (the quick tier runs the kit on the default
# configuration in tests/test_conformance.py).
pytestmark = pytest.mark.slow

CUSTOM = wr.Options(
    whale_values=(tuple(range(1, 19)), (2,) * 17 + (7,), wr.DEFAULT_WHALE_VALUES),
    first_player=1,
)


@pytest.mark.parametrize("options", [None, wr.Options(first_player=1), CUSTOM],
                         ids=["default", "first-player-1", "custom-values"])
def test_whales_rivals_keeps_the_contract(options: wr.Options | None) -> None:
    """Whole random games keep every promise of the contract, for the only player count (2)."""
    for players in range(wr.MIN_PLAYERS, wr.MAX_PLAYERS + 1):
        check_game(wr, players, options, playouts=8)


def test_draws_follow_the_deck() -> None:
    """`sample_chance` follows `chance_outcomes` for a deal and for a deck draw."""
    state = wr.new_game(2)
    check_chance_sampling(wr, state)
    for value in (4, 1, 2, 3, 6, 5):
        state = wr.apply(state, wr.DealGrey(value))
    check_chance_sampling(wr, state)
