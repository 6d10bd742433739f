"""Lustry's heuristic: dead cards in hand and sequences that can never close, the things that
kept a player behind ending turn after turn to the turn limit in ISMCTS self-play (#30)."""

from __future__ import annotations

import math

import attrs
import pytest

from boardrules.games import lustry
from boardrules.games.lustry import Sequence, State
from boardrules.games.lustry.heuristic import dead, heuristic
from tests.games.lustry.test_rules import play, red_run_blocked, take


def holding() -> State:
    """Player 0, to play, has laid r1c r2cf r3cf r4cf with r3cf blocked by b3ce, and holds
    r5cf (extends by the missing 5), r3ce (unblocks r3cf), r5ce (another branch: dead),
    g2cf g3cf g4cf and b1s (colours player 0 has no sequence of)."""
    state = take(red_run_blocked(), "r3ce", "r5cf", "r5ce", "b1s")
    assert state.phase is lustry.Phase.PLAY and state.player == 0
    return state


def test_L10_L13_a_card_of_another_branch_is_dead_the_others_alive() -> None:
    state = holding()
    assert [dead(state, p) for p in (0, 1)] == [1, 0]  # r5ce; player 1 has no sequence


def test_discarding_a_dead_card_is_worth_a_tenth_of_a_card() -> None:
    state = holding()
    # Values 1, 2 and 4 unblocked: 0.45, less 0.1 for r5ce; player 1 has nothing laid.
    assert heuristic(state) == pytest.approx((math.tanh(0.35), -math.tanh(0.35)))
    discarded = play(state, "discard r5ce")  # L11
    assert dead(discarded, 0) == 0
    assert heuristic(discarded)[0] == pytest.approx(math.tanh(0.45))
    assert heuristic(discarded)[0] > heuristic(play(state, "end"))[0]


def test_L16_a_colour_closed_by_the_opponent_kills_the_sequence_and_its_cards() -> None:
    state = holding()
    red = Sequence(cards=("r1s", "r2sf", "r3sf", "r4sf", "r5sf"), blockers=(None,) * 5,
                   unblockers=(None,) * 5, closed=True)
    closed = attrs.evolve(state, sequences=(*state.sequences[:3], red, *state.sequences[4:]))
    # r5cf and r3ce can no longer help a red sequence close; r5ce never could.
    assert dead(closed, 0) == 3
    edge = math.tanh(-0.3 - 1.0)  # no worth for the red sequence, 1 for the closed one
    assert heuristic(closed) == pytest.approx((edge, -edge))


def test_an_empty_hand_has_no_dead_card() -> None:
    assert dead(lustry.new_game(2), 0) == 0
