"""Ren Dhark: details the rule tests leave open, each found by mutation testing (issue 19).

Every test names the rule it checks; each one fails on a mutant of the rules modules that
the other tests let through (see docs/mutation.md).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs
import pytest

from boardrules import CHANCE
from boardrules.games import ren_dhark as rd
from boardrules.games.ren_dhark import Options, State
from tests.games.ren_dhark.test_observations import NO_SHIPS, refused
from tests.games.ren_dhark.test_refusals import (
    activate,
    combat,
    counter,
    dealing,
    defending,
    destroy,
    ward,
    window,
)
from tests.games.ren_dhark.test_rules import deal
from tests.refusals import assert_refused


@attrs.frozen
class _Foreign:
    """An object that is no Ren Dhark action, with an unhashable `card`."""

    card: list[int]
    name: str = "STAHLTANGO"


@pytest.mark.parametrize("make", [deal, window], ids=["D7-attack", "D10-window"])
def test_D7_D10_a_foreign_object_with_an_unhashable_card_is_refused(
        make: Callable[[], State]) -> None:
    """An object with an unhashable `card` is refused like any foreign object, with the
    reason and rule of the phase (not a `TypeError` from looking the card up)."""
    state = make()
    reason = ("player 0 must attack now" if state.phase is rd.Phase.ATTACK
              else "player 0 must play an action card or pass")
    assert_refused(rd, state, _Foreign([18]), reason, "D7" if make is deal else "D10")


def _subclass_copy(action: Any) -> Any:
    """Return `action` as an instance of a subclass of its class (same fields)."""
    cls = type(action)
    sub = type(f"My{cls.__name__}", (cls,), {"__slots__": ()})
    return sub(**attrs.asdict(action, recurse=False))


POSITIONS: list[tuple[str, Callable[[], State]]] = [
    ("D4-sides", lambda: rd.new_game(2)),
    ("D4-draw", lambda: rd.new_game(2, Options(blue_player=0))),
    ("D5-mulligan", lambda: deal(blue=NO_SHIPS, keep=False)),
    ("D7-attack", deal),
    ("D8-defend", defending),
    ("D10-window", window),
    ("D11-ward", ward),
    ("D11-destroy", destroy),
    ("D12-activate", activate),
    ("D13-combat", combat),
    ("D15-counter", counter),
    ("D17-draw", dealing),
]


@pytest.mark.parametrize("make", [p[1] for p in POSITIONS], ids=[p[0] for p in POSITIONS])
def test_D4_D17_apply_unchecked_treats_a_subclassed_action_like_its_class(
        make: Callable[[], State]) -> None:
    """`apply_unchecked` takes an instance of a subclass of an action class (the general
    path, by pattern matching) to the very state its class leads to, in every phase."""
    state = make()
    actions = (rd.legal_actions(state) if rd.to_move(state) is not CHANCE
               else tuple(a for a, _ in rd.chance_outcomes(state)))
    assert actions
    for action in actions:
        assert rd.apply_unchecked(state, _subclass_copy(action)) == rd.apply(state, action)


def test_D31_no_deal_fits_names_the_observation() -> None:
    """A loaded observation whose hidden cards no deal fits is refused at `observation`."""
    refused(deal(blue=NO_SHIPS), 1, lambda d: d.update(shown_actions=[7, 0]),
            r"^observation: no deal of player 0's unseen cards fits what is public: the "
            r"face-down card's type, roll and G mark, what skips and missing defences showed "
            r"of the hand, a card to attack or defend with \(D6-D8, D12, D15, D31\)$")
