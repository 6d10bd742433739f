"""The conformance kit on KIVI: every `highest_rule`, default and custom board, 2–4 players."""

from __future__ import annotations

import pytest

from boardrules.games import kivi
from boardrules.games.kivi import HighestRule, Options, Reroll, Roll
from boardrules.testing import check_chance_sampling, check_game

# Every option combination: a slow sweep (the quick tier runs the kit on the default
# configuration in tests/test_conformance.py).
pytestmark = pytest.mark.slow

_SCARCE = """
TWO_PAIRS      THREE_KIND    TWO_PAIRS  SMALL_STRAIGHT THREE_KIND     TWO_PAIRS   THREE_KIND
THREE_KIND     FOUR_AND_PAIR TWO_PAIRS  FULL_HOUSE     TWO_PAIRS      FOUR_KIND   SMALL_STRAIGHT
SMALL_STRAIGHT TWO_PAIRS     ALL_EVEN   THREE_KIND     ALL_ODD        THREE_KIND  TWO_PAIRS
TWO_PAIRS      THREE_PAIRS   THREE_KIND LARGE_STRAIGHT THREE_KIND     TWO_TRIPLES TWO_PAIRS
THREE_KIND     TWO_PAIRS     SUM_LE_12  THREE_KIND     SUM_GE_30      TWO_PAIRS   SMALL_STRAIGHT
SMALL_STRAIGHT THREE_KIND    TWO_PAIRS  SMALL_STRAIGHT TWO_PAIRS      THREE_KIND  TWO_PAIRS
THREE_KIND     TWO_PAIRS     THREE_KIND TWO_PAIRS      SMALL_STRAIGHT TWO_PAIRS   THREE_KIND
"""
SCARCE_BOARD = tuple(tuple(line.split()) for line in _SCARCE.strip().splitlines())
"""Every combination once at least, each higher one (K8) on a single square: they fill early,
so the highest-combination rule often falls back ("available") or bars a roll ("strict")."""

# One whole game per combination, observations at every third step, keeps this file near
# 15 s; the default board under the default rule is checked more in tests/test_conformance.py.
CASES = [
    pytest.param(rule, board, players, id=f"{rule.value}-{name}-{players}p")
    for rule in HighestRule
    for name, board in (("default-board", kivi.DEFAULT_BOARD), ("scarce-board", SCARCE_BOARD))
    for players in range(kivi.MIN_PLAYERS, kivi.MAX_PLAYERS + 1)
    if (rule, name) != (HighestRule.AVAILABLE, "default-board")
]


def test_scarce_board_is_a_valid_option() -> None:
    """The custom board is accepted as codes and shows every combination."""
    board = Options(board=SCARCE_BOARD).board
    assert {c for row in board for c in row} == set(kivi.Combination)


@pytest.mark.parametrize(("rule", "board", "players"), CASES)
def test_kivi_keeps_the_contract(
    rule: HighestRule, board: tuple[tuple[str, ...], ...], players: int
) -> None:
    """Whole random games keep every promise of the contract under these options."""
    options = Options(board=board, highest_rule=rule)
    check_game(kivi, players, options, playouts=1, observe_every=3)


def test_rolls_follow_the_dice() -> None:
    """`sample_chance` follows `chance_outcomes` for six dice and for a reroll of two."""
    state = kivi.new_game(2)
    check_chance_sampling(kivi, state)
    state = kivi.apply(kivi.apply(state, Roll((1, 2, 3, 4, 6, 6))), Reroll((6, 6)))
    check_chance_sampling(kivi, state)
