"""The public conformance kit on Captain Bluff: every player count, and every option.

`tests/test_conformance.py` runs the kit on every game with default options (a
1000-turn limit, so few whole games); here short turn limits let Hypothesis play
whole games quickly, including the ones that end by the turn limit, on every player count with
the specials left out of the draw pile (B3) and in it (the variant), each with another
first player and split of the specials.
"""

from __future__ import annotations

import random

import attrs
import pytest

from boardrules import CHANCE
from boardrules.games import captain_bluff as cb
from boardrules.games.captain_bluff import EndTurn, Options, Stage
from boardrules.testing import check_chance_sampling, check_game
from tests.games.captain_bluff.helpers import play, position

# Every option combination: a slow sweep (the quick tier runs the kit on the default
# configuration in tests/test_conformance.py).
pytestmark = pytest.mark.slow

SPLITS = [(4, 4, 3, 3), (6, 2, 3, 3), (0, 0, 7, 7), (2, 3, 0, 9)]
"""Splits of the 14 specials (star, arrows, eye, plus_one): the default, more stars,
no row specials at all, plus-ones everywhere (their luggage draws, B12)."""


@pytest.mark.parametrize("in_pile", [False, True], ids=["B3", "variant"])
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_contract_with_every_option(players: int, in_pile: bool) -> None:
    """Whole random games keep every promise of the contract, whatever the options.

    Five players empty the draw pile soonest: their longer games reach the discard pile
    turning into the draw pile (B15) and plus-one draws from it (B12)."""
    options = Options(turn_limit=80 if players == 5 else 30, specials_in_draw_pile=in_pile,
                      first_player=(players - 1 if in_pile else players // 2),
                      specials=SPLITS[(players + in_pile) % len(SPLITS)])
    check_game(cb, players, options, playouts=2)


def test_chance_sampling_of_the_deal_and_the_draws() -> None:
    """`sample_chance` follows `chance_outcomes` in the luggage deal, the specials deal,
    a draw after setting a destination and a plus-one's luggage draw from a pile that
    holds specials too."""
    state = cb.new_game(3)
    check_chance_sampling(cb, state)
    rng = random.Random(0)
    while state.stage is Stage.DEAL and sum(map(len, state.hands)) < 30:
        state = cb.apply(state, cb.sample_chance(state, rng))
    check_chance_sampling(cb, state)  # the first special: star 4/14, arrows 4/14, ...
    variant = Options(specials_in_draw_pile=True)
    drawing = play(position(["r5 r6", "b1"], destinations={0: "r1"}, options=variant),
                   "set 1 r5")
    assert cb.to_move(drawing) is CHANCE
    check_chance_sampling(cb, drawing)
    plus_one = play(position(["plus_one r5", "b1"], destinations={0: "r1"}, options=variant),
                    "plus_one")
    assert cb.to_move(plus_one) is CHANCE and any(c >= cb.LUGGAGE for c in plus_one.draw)
    check_chance_sampling(cb, plus_one)










def test_B11_a_turn_with_no_main_action_only_ends() -> None:
    """B11: with no main action possible (a state outside the invariants: no card, no
    destination, no row) the turn's one legal action is `EndTurn`, and it ends the turn."""
    state = position(["r5", "b1"])
    bare = attrs.evolve(state, hands=((), state.hands[1]),
                        draw=tuple(sorted(state.draw + state.hands[0])))
    assert cb.legal_actions(bare) == (EndTurn(),)
    assert cb.apply(bare, EndTurn()).turn == bare.turn + 1
