"""Lustry's heuristic: closed sequences, the values of open ones, and nothing for an open
sequence of a colour somebody closed, which can never close (L16, issue #30)."""

from __future__ import annotations

import math

import attrs
import pytest

from boardrules.games import lustry
from boardrules.games.lustry import Sequence, State
from boardrules.games.lustry.heuristic import heuristic
from tests.games.lustry.test_rules import red_run_blocked, take


def holding() -> State:
    """Player 0, to play, has laid r1c r2cf r3cf r4cf with r3cf blocked by b3ce."""
    state = take(red_run_blocked(), "r3ce", "r5cf", "r5ce", "b1s")
    assert state.phase is lustry.Phase.PLAY and state.player == 0
    return state


def test_L12_L16_each_unblocked_value_of_an_open_sequence_counts() -> None:
    # Values 1, 2 and 4 unblocked (r3cf is blocked): 0.45; player 1 has nothing laid.
    edge = math.tanh(0.45)
    assert heuristic(holding()) == pytest.approx((edge, -edge))


def test_L16_a_colour_closed_by_the_opponent_makes_an_open_sequence_worthless() -> None:
    state = holding()
    red = Sequence(cards=("r1s", "r2sf", "r3sf", "r4sf", "r5sf"), blockers=(None,) * 5,
                   unblockers=(None,) * 5, closed=True)
    closed = attrs.evolve(state, sequences=(*state.sequences[:3], red, *state.sequences[4:]))
    edge = math.tanh(0.0 - 1.0)  # nothing for player 0's red sequence, 1 for the closed one
    assert heuristic(closed) == pytest.approx((edge, -edge))


def test_the_end_is_scored_by_returns() -> None:
    over = attrs.evolve(holding(), phase=lustry.Phase.OVER, winner=1)
    assert heuristic(over) == lustry.returns(over) == (-1.0, 1.0)
